//! An account's order preview: the brokerage's check of an order, paid from the account's write budget.
//!
//! A preview is budgeted as an order call. Schwab's order throttle (0-120 per minute, per account,
//! chosen when the app is registered) covers the account's order requests (PUT, POST and DELETE under
//! its order paths), and `POST .../previewOrder` is such a POST; neither Schwab's integration guide nor
//! its Trader API specification exempts previews, and the client libraries that call it (schwab-py,
//! Schwabdev, the Rust SDKs) say nothing either way. Taking one unit of the account's write budget is
//! the safe reading: an order throttle that is exceeded refuses orders, while a read unit left unused
//! costs nothing. A Check accounts of N accounts therefore costs each account one write, and a command
//! previewed and then sent costs each account two.

use super::{AccountError, LinkedAccount};
use crate::broker::{BrokerError, OrderPreview, SubmitPolicy};
use crate::order::OrderRequest;

impl LinkedAccount {
    /// The brokerage's preview of `request` for this account: within the account's write budget
    /// (waiting up to the policy's throttle deadline), with a fresh token, refreshing once if it expired.
    /// A brokerage that refuses to read the order (`Rejected`) answers a preview that rejects it with the
    /// brokerage's text. Nothing is placed.
    ///
    /// # Errors
    /// [`AccountError`] when the account is not authorized, the budget stays full past the deadline,
    /// the login is dead or the brokerage cannot be reached.
    pub async fn preview_order(
        &self,
        request: &OrderRequest,
        policy: &SubmitPolicy,
    ) -> Result<OrderPreview, AccountError> {
        let outcome = async {
            let hash = self.hash()?;
            self.take_write(policy).await?;
            let broker = self.deps().broker.clone();
            self.with_token(|token| {
                let broker = broker.clone();
                let hash = hash.clone();
                async move { broker.preview_order(&token, &hash, request).await }
            })
            .await
        }
        .await;
        match outcome {
            Err(AccountError::Broker(BrokerError::Rejected { message })) => {
                Ok(OrderPreview::refused(message))
            }
            other => {
                self.record_outcome(&other);
                other
            }
        }
    }
}
