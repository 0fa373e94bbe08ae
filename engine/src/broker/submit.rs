//! Exactly-once order writes: retry throttled sends, settle lost answers, never resend blind.

use std::future::Future;

use backon::Retryable;
use chrono::{DateTime, Utc};

use super::account::AccountHash;
use super::brokerage::Brokerage;
use super::error::BrokerError;
use super::order_match::matches_request;
use super::read_retry::read_with_retry;
use super::submit_outcome::SubmitOutcome;
use super::submit_policy::SubmitPolicy;
use super::token::AccessToken;
use crate::clock::Clock;
use crate::ids::BrokerOrderId;
use crate::order::{OrderRequest, OrderStatus};

/// What one write's answer tells.
enum Answer {
    /// The new order's id.
    Id(BrokerOrderId),
    /// A settled outcome: nothing was placed.
    Settled(SubmitOutcome),
    /// The write may or may not have happened (why).
    Unknown(String),
}

/// Orders at the broker that match a lost write.
enum Found {
    None,
    One(BrokerOrderId),
    Many(usize),
}

/// Where and how an order write goes: one account at one broker, with a clock and a policy.
#[derive(Clone, Copy)]
pub struct SubmitTarget<'a> {
    /// The brokerage.
    pub broker: &'a dyn Brokerage,
    /// The account's access token.
    pub token: &'a AccessToken,
    /// The account.
    pub account: &'a AccountHash,
    /// Time source for deadlines and matching windows.
    pub clock: &'a dyn Clock,
    /// Retry and reconciliation settings.
    pub policy: &'a SubmitPolicy,
}

/// The order ids of an account that earlier sends already claimed (never adopted twice). They are
/// read only when a write's answer is lost, so a fan-out that gets its answers does no work per
/// account for them.
pub trait ClaimedIds: Sync {
    /// The ids as they are now.
    fn ids(&self) -> Vec<BrokerOrderId>;
}

impl ClaimedIds for [BrokerOrderId] {
    fn ids(&self) -> Vec<BrokerOrderId> {
        self.to_vec()
    }
}

impl<const N: usize> ClaimedIds for [BrokerOrderId; N] {
    fn ids(&self) -> Vec<BrokerOrderId> {
        self.to_vec()
    }
}

impl ClaimedIds for Vec<BrokerOrderId> {
    fn ids(&self) -> Vec<BrokerOrderId> {
        self.clone()
    }
}

impl<F: Fn() -> Vec<BrokerOrderId> + Sync> ClaimedIds for F {
    fn ids(&self) -> Vec<BrokerOrderId> {
        self()
    }
}

/// Places `request` on one account exactly once.
///
/// A throttled send is retried with backoff until `policy.throttle_deadline`. A send
/// whose answer is lost (timeout, 5xx, no id) is never resent blind: the account's orders
/// since just before the send are listed and an order matching the request (and not in
/// `known_ids`, the ids earlier sends already claimed) is adopted; only when none exists
/// is the order sent once more. When that is unclear too, or that second send is refused (which
/// says nothing of the first), the outcome is `Unsettled`.
pub async fn submit_order(
    target: SubmitTarget<'_>,
    request: &OrderRequest,
    known_ids: &(impl ClaimedIds + ?Sized),
) -> SubmitOutcome {
    let SubmitTarget {
        broker,
        token,
        account,
        clock,
        ..
    } = target;
    let sent_at = clock.now();
    let why = match target
        .send(|| broker.place_order(token, account, request))
        .await
    {
        Answer::Id(id) => return SubmitOutcome::Placed(id),
        Answer::Settled(outcome) => return outcome,
        Answer::Unknown(why) => why,
    };
    match target.find(request, sent_at, &known_ids.ids()).await {
        Err(err) => return unreadable(&why, &err),
        Ok(Found::One(id)) => return adopted(id),
        Ok(Found::Many(count)) => return several(&why, count),
        Ok(Found::None) => {}
    }
    tracing::info!(account = %account, reason = %why, "no order found after a lost answer; sending once more");
    let why = match target
        .send(|| broker.place_order(token, account, request))
        .await
    {
        Answer::Id(id) => return SubmitOutcome::Placed(id),
        Answer::Settled(refused) => return resend_refused(&why, &refused),
        Answer::Unknown(why) => why,
    };
    match target.find(request, sent_at, &known_ids.ids()).await {
        Ok(Found::One(id)) => adopted(id),
        Ok(Found::None) => unsettled(format!("{why}, twice, and no matching order is listed")),
        Ok(Found::Many(count)) => several(&why, count),
        Err(err) => unreadable(&why, &err),
    }
}

/// Replaces order `old` with `request` on one account exactly once.
///
/// A lost answer is settled by reading the old order: REPLACED means the replacement
/// exists (it is found by matching, excluding `known_ids` and `old`); still open means the
/// replace did not happen and it is sent once more; otherwise final means it cannot be.
pub async fn submit_replace(
    target: SubmitTarget<'_>,
    old: BrokerOrderId,
    request: &OrderRequest,
    known_ids: &(impl ClaimedIds + ?Sized),
) -> SubmitOutcome {
    let SubmitTarget {
        broker,
        token,
        account,
        clock,
        policy,
    } = target;
    let sent_at = clock.now();
    let mut resent = false;
    // Why the first answer was lost, once the replace is sent a second time.
    let mut lost = String::new();
    loop {
        let why = match target
            .send(|| broker.replace_order(token, account, old, request))
            .await
        {
            Answer::Id(id) => return SubmitOutcome::Placed(id),
            Answer::Settled(refused) if resent => return resend_refused(&lost, &refused),
            Answer::Settled(outcome) => return outcome,
            Answer::Unknown(why) => why,
        };
        policy.pause.pause(policy.settle_delay).await;
        let previous = read_with_retry(policy, || broker.get_order(token, account, old)).await;
        let status = match previous {
            Ok(order) => order.status,
            Err(err) => return unreadable(&why, &err),
        };
        match status {
            OrderStatus::Replaced => {
                let mut excluded = known_ids.ids();
                excluded.push(old);
                return match target.find(request, sent_at, &excluded).await {
                    Ok(Found::One(id)) => adopted(id),
                    Ok(Found::None) => unsettled(format!(
                        "{why}; order {old} is REPLACED but its replacement is not listed"
                    )),
                    Ok(Found::Many(count)) => several(&why, count),
                    Err(err) => unreadable(&why, &err),
                };
            }
            OrderStatus::PendingReplace => {
                return unsettled(format!("{why}; order {old} is still PENDING_REPLACE"));
            }
            final_status if final_status.is_final() => {
                return SubmitOutcome::Rejected(format!(
                    "order {old} is {final_status} and was not replaced"
                ));
            }
            open_status if resent => {
                return unsettled(format!("{why}, twice; order {old} is still {open_status}"));
            }
            _ => {
                tracing::info!(account = %account, order = %old, reason = %why, "replace did not happen; sending once more");
                resent = true;
                lost = why;
            }
        }
    }
}

impl SubmitTarget<'_> {
    /// Sends a write, retrying while throttled and within the deadline.
    async fn send<F, Fut>(&self, write: F) -> Answer
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<Option<BrokerOrderId>, BrokerError>>,
    {
        let started = self.clock.now();
        let deadline = chrono::Duration::from_std(self.policy.throttle_deadline)
            .unwrap_or(chrono::Duration::MAX);
        let pause = self.policy.pause.clone();
        let clock = self.clock;
        let answer = write
            .retry(
                self.policy
                    .backoff()
                    .without_max_times()
                    .with_total_delay(Some(self.policy.throttle_deadline)),
            )
            .sleep(move |delay| pause.pause(delay))
            .when(|err: &BrokerError| err.is_throttled() && clock.now() - started < deadline)
            .await;
        match answer {
            Ok(Some(id)) => Answer::Id(id),
            Ok(None) => {
                Answer::Unknown("the broker accepted the write without the order id".into())
            }
            Err(err) if err.is_throttled() => Answer::Settled(SubmitOutcome::ThrottledPastDeadline),
            Err(err) if err.write_may_have_happened() => {
                Answer::Unknown(format!("the write got no clear answer ({err})"))
            }
            Err(BrokerError::Rejected { message }) => {
                Answer::Settled(SubmitOutcome::Rejected(message))
            }
            Err(err) => Answer::Settled(SubmitOutcome::Rejected(err.to_string())),
        }
    }

    /// Lists the account's orders since just before `sent_at` and finds those matching `request`.
    async fn find(
        &self,
        request: &OrderRequest,
        sent_at: DateTime<Utc>,
        excluded: &[BrokerOrderId],
    ) -> Result<Found, BrokerError> {
        self.policy.pause.pause(self.policy.settle_delay).await;
        let from = sent_at - self.policy.clock_skew;
        let to = self.clock.now() + self.policy.clock_skew;
        let listed = read_with_retry(self.policy, || {
            self.broker.list_orders(self.token, self.account, from, to)
        })
        .await?;
        let mut matching = listed
            .iter()
            .filter(|o| !excluded.contains(&o.id) && matches_request(o, request, from, to))
            .map(|o| o.id);
        Ok(match (matching.next(), matching.count()) {
            (None, _) => Found::None,
            (Some(id), 0) => Found::One(id),
            (Some(_), more) => Found::Many(more + 1),
        })
    }
}

fn adopted(id: BrokerOrderId) -> SubmitOutcome {
    tracing::info!(order = %id, "adopted the order a lost answer had placed");
    SubmitOutcome::Adopted(id)
}

fn unsettled(reason: String) -> SubmitOutcome {
    tracing::warn!(reason = %reason, "order write left unsettled");
    SubmitOutcome::Unsettled(reason)
}

/// A second send, after the first one's answer was lost, refused (or throttled past the deadline).
/// That settles the second send only: the first may still have placed an order the listing did
/// not show yet, so the write is unsettled (later listings settle it) and is never sent again,
/// not even with a fresh token.
fn resend_refused(lost: &str, refused: &SubmitOutcome) -> SubmitOutcome {
    unsettled(format!("{lost}; sent once more, and that was {refused}"))
}

fn unreadable(why: &str, err: &BrokerError) -> SubmitOutcome {
    unsettled(format!("{why}; the order list could not be read ({err})"))
}

fn several(why: &str, count: usize) -> SubmitOutcome {
    unsettled(format!("{why}; {count} matching orders are listed"))
}
