//! The actor that owns one linked account: every call to the brokerage for it goes through here.

use std::sync::Arc;

use actix::{Actor, ActorContext, Context, Handler, ResponseFuture};

use super::messages::{
    Authorize, FetchSnapshot, GetHealth, GetView, KeepTokenFresh, PollPrepaid, PreviewOrder,
    SetWriteLimit, Stop,
};
use super::{AccountError, LinkedAccount};
use crate::broker::{AccountSnapshot, OrderPreview};

/// One actor per linked account. Its handlers run the account's calls as futures, so a slow brokerage
/// answer for one request does not hold up the account's other requests; the shared [`LinkedAccount`]
/// serializes what must not overlap (token refresh, budgets).
#[derive(Debug)]
pub struct AccountActor {
    account: Arc<LinkedAccount>,
}

impl AccountActor {
    /// An actor for `account`.
    #[must_use]
    pub fn new(account: Arc<LinkedAccount>) -> Self {
        Self { account }
    }

    /// The account this actor owns.
    #[must_use]
    pub fn account(&self) -> &Arc<LinkedAccount> {
        &self.account
    }
}

impl Actor for AccountActor {
    type Context = Context<Self>;

    fn started(&mut self, _ctx: &mut Self::Context) {
        tracing::debug!(account = %self.account.id(), "account actor started");
    }

    fn stopped(&mut self, _ctx: &mut Self::Context) {
        tracing::debug!(account = %self.account.id(), "account actor stopped");
    }
}

/// Exchanges the code for tokens and links the brokerage account.
impl Handler<Authorize> for AccountActor {
    type Result = ResponseFuture<Result<(), AccountError>>;

    fn handle(&mut self, msg: Authorize, _ctx: &mut Self::Context) -> Self::Result {
        let account = self.account.clone();
        Box::pin(async move { account.authorize(&msg.code, &msg.redirect_uri).await })
    }
}

/// Polls balances, positions and orders (reads already paid by the scheduler).
impl Handler<PollPrepaid> for AccountActor {
    type Result = ResponseFuture<Result<(), AccountError>>;

    fn handle(&mut self, _msg: PollPrepaid, _ctx: &mut Self::Context) -> Self::Result {
        let account = self.account.clone();
        Box::pin(async move { account.poll_prepaid().await })
    }
}

/// Fetches balances and positions on demand.
impl Handler<FetchSnapshot> for AccountActor {
    type Result = ResponseFuture<Result<AccountSnapshot, AccountError>>;

    fn handle(&mut self, _msg: FetchSnapshot, _ctx: &mut Self::Context) -> Self::Result {
        let account = self.account.clone();
        Box::pin(async move { account.fetch_snapshot().await })
    }
}

/// Previews an order within the account's write budget; nothing is placed.
impl Handler<PreviewOrder> for AccountActor {
    type Result = ResponseFuture<Result<OrderPreview, AccountError>>;

    fn handle(&mut self, msg: PreviewOrder, _ctx: &mut Self::Context) -> Self::Result {
        let account = self.account.clone();
        Box::pin(async move { account.preview_order(&msg.request, &msg.policy).await })
    }
}

/// Answers what the last poll saw.
impl Handler<GetView> for AccountActor {
    type Result = actix::MessageResult<GetView>;

    fn handle(&mut self, _msg: GetView, _ctx: &mut Self::Context) -> Self::Result {
        actix::MessageResult(self.account.current_view())
    }
}

/// Answers the operator's view.
impl Handler<GetHealth> for AccountActor {
    type Result = actix::MessageResult<GetHealth>;

    fn handle(&mut self, _msg: GetHealth, _ctx: &mut Self::Context) -> Self::Result {
        actix::MessageResult(self.account.health())
    }
}

/// Changes the write limit; the next write sees it.
impl Handler<SetWriteLimit> for AccountActor {
    type Result = ();

    fn handle(&mut self, msg: SetWriteLimit, _ctx: &mut Self::Context) {
        self.account.set_write_limit(msg.0);
    }
}

/// Refreshes the access token ahead of expiry.
impl Handler<KeepTokenFresh> for AccountActor {
    type Result = ResponseFuture<Result<(), AccountError>>;

    fn handle(&mut self, _msg: KeepTokenFresh, _ctx: &mut Self::Context) -> Self::Result {
        let account = self.account.clone();
        Box::pin(async move { account.keep_token_fresh().await })
    }
}

/// Stops the actor (the account was deleted).
impl Handler<Stop> for AccountActor {
    type Result = ();

    fn handle(&mut self, _msg: Stop, ctx: &mut Self::Context) {
        ctx.stop();
    }
}
