//! The session supervisor: turns a copy-trade command into one write per target account, sent to all
//! of them at once, and records one row per account whatever happened.

use std::sync::Arc;

use futures::future::join_all;

use super::{CopyRow, CopySession, SessionKeeper, TradeKind};
use crate::account::AccountRegistry;
use crate::broker::{SubmitOutcome, SubmitPolicy};
use crate::clock::Clock;
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::OrderRequest;

/// The order one account gets (quantities already scaled for its tier or capped by its holdings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// The account.
    pub account: AccountId,
    /// The order to send.
    pub request: OrderRequest,
}

/// An account the command targets but that is refused before any write (e.g. an exit from an account
/// that holds nothing); it still gets its row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The account.
    pub account: AccountId,
    /// The order it would have been sent.
    pub request: OrderRequest,
    /// Why it was not sent.
    pub reason: String,
}

/// A replacement for one account's open order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// The account.
    pub account: AccountId,
    /// The order being replaced.
    pub order: BrokerOrderId,
    /// The new order.
    pub request: OrderRequest,
}

/// What became of one account's cancel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CancelResult {
    /// The account.
    pub account: AccountId,
    /// The order.
    pub order: BrokerOrderId,
    /// `Err` with the reason when the cancel was refused or failed.
    pub result: Result<(), String>,
}

/// Fans commands out to the account actors and keeps the sessions.
pub struct SessionSupervisor {
    registry: Arc<AccountRegistry>,
    keeper: Arc<SessionKeeper>,
    policy: SubmitPolicy,
    clock: Arc<dyn Clock>,
}

impl std::fmt::Debug for SessionSupervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionSupervisor").finish_non_exhaustive()
    }
}

impl SessionSupervisor {
    /// A supervisor over the running accounts and the session keeper.
    #[must_use]
    pub fn new(
        registry: Arc<AccountRegistry>,
        keeper: Arc<SessionKeeper>,
        policy: SubmitPolicy,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self {
            registry,
            keeper,
            policy,
            clock,
        }
    }

    /// The session keeper (read model and persistence).
    #[must_use]
    pub fn keeper(&self) -> &Arc<SessionKeeper> {
        &self.keeper
    }

    /// Sends each placement to its account, all at once, and records the session (place and exit).
    pub async fn place(
        &self,
        agent: AgentId,
        kind: TradeKind,
        id: SessionId,
        placements: Vec<Placement>,
    ) -> CopySession {
        self.place_with_refusals(agent, kind, id, placements, Vec::new())
            .await
    }

    /// As [`SessionSupervisor::place`], with accounts refused before any write recorded as
    /// `FAILED_TO_PLACE` rows of the same session.
    pub async fn place_with_refusals(
        &self,
        agent: AgentId,
        kind: TradeKind,
        id: SessionId,
        placements: Vec<Placement>,
        refusals: Vec<Refusal>,
    ) -> CopySession {
        let mut rows = join_all(
            placements
                .into_iter()
                .map(|placement| self.place_one(placement)),
        )
        .await;
        let now = self.clock.now();
        rows.extend(
            refusals
                .into_iter()
                .map(|r| CopyRow::failed(r.account, r.request, r.reason, now)),
        );
        self.finish(agent, kind, id, rows)
    }

    async fn place_one(&self, placement: Placement) -> CopyRow {
        let Placement { account, request } = placement;
        let Some(handle) = self.registry.get(account) else {
            return CopyRow::failed(
                account,
                request,
                "the account is not linked".into(),
                self.clock.now(),
            );
        };
        let known = self.keeper.book().claimed_ids(account);
        let outcome = handle
            .account
            .submit_order(&request, &known, &self.policy)
            .await;
        log_outcome(account, &outcome);
        CopyRow::from_outcome(account, request, &outcome, self.clock.now())
    }

    /// Replaces each account's order, all at once, and records the new session.
    pub async fn replace(
        &self,
        agent: AgentId,
        kind: TradeKind,
        id: SessionId,
        replacements: Vec<Replacement>,
    ) -> CopySession {
        let rows = join_all(replacements.into_iter().map(|replacement| async move {
            let Replacement {
                account,
                order,
                request,
            } = replacement;
            let Some(handle) = self.registry.get(account) else {
                return CopyRow::failed(
                    account,
                    request,
                    "the account is not linked".into(),
                    self.clock.now(),
                );
            };
            let known = self.keeper.book().claimed_ids(account);
            let outcome = handle
                .account
                .submit_replace(order, &request, &known, &self.policy)
                .await;
            log_outcome(account, &outcome);
            CopyRow::from_outcome(account, request, &outcome, self.clock.now())
        }))
        .await;
        self.finish(agent, kind, id, rows)
    }

    /// Cancels each order, all at once; the session keeps its id and its rows follow the polls.
    pub async fn cancel(&self, targets: Vec<(AccountId, BrokerOrderId)>) -> Vec<CancelResult> {
        join_all(targets.into_iter().map(|(account, order)| async move {
            let result = match self.registry.get(account) {
                Some(handle) => handle
                    .account
                    .cancel_order(order, &self.policy)
                    .await
                    .map_err(|e| e.to_string()),
                None => Err("the account is not linked".to_owned()),
            };
            CancelResult {
                account,
                order,
                result,
            }
        }))
        .await
    }

    fn finish(
        &self,
        agent: AgentId,
        kind: TradeKind,
        id: SessionId,
        rows: Vec<CopyRow>,
    ) -> CopySession {
        let session = CopySession {
            id,
            agent,
            kind,
            created_at: self.clock.now(),
            rows,
        };
        self.keeper.record(session.clone());
        session
    }
}

fn log_outcome(account: AccountId, outcome: &SubmitOutcome) {
    match outcome {
        SubmitOutcome::Placed(_) | SubmitOutcome::Adopted(_) => {
            tracing::info!(account = %account, outcome = %outcome, "order write");
        }
        _ => {
            tracing::warn!(account = %account, outcome = %outcome, "order write did not go through")
        }
    }
}
