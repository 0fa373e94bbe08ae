//! The session supervisor: carries out a plan by sending each account's write to all of them at once,
//! after writing the fan-out down, and records one row per account whatever happened.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::Poll;
use std::time::Duration;

use futures::StreamExt as _;
use futures::future::join_all;
use futures::stream::FuturesUnordered;
use tokio::sync::Notify;

use super::keeper::SessionKey;
use super::planner::{AccountWork, Plan, SessionUse, Work};
use super::{CopyRow, CopySession, RepositoryError, SessionKeeper};
use crate::account::AccountRegistry;
use crate::broker::{SubmitOutcome, SubmitPolicy};
use crate::clock::Clock;
use crate::ids::{AccountId, BrokerOrderId, SessionId};
use crate::order::OrderRequest;

/// How often accounts with pending or unsettled rows are asked for a poll.
pub const RECONCILE_POLL_EVERY: Duration = Duration::from_secs(5);
/// How long after its newest pending or unsettled row was entered an account is asked for a poll
/// every [`RECONCILE_POLL_EVERY`]: a write settles from a listing within its write window and
/// grace (see [`WRITE_WINDOW`](super::reconcile::WRITE_WINDOW)). Older rows (a stop of hours, several orders
/// matching) are asked for once per process and then settle on the account's routine polls, so
/// they never spend its reads every few seconds.
pub const RECONCILE_URGENT_FOR: chrono::Duration = chrono::Duration::minutes(10);
/// How often each account's listings are set to reach back to its oldest row that is not final.
pub const LISTING_REACH_EVERY: Duration = Duration::from_secs(60);

/// How long a stopping copydesk waits for fan-outs in flight.
pub const DRAIN_LIMIT: Duration = Duration::from_secs(30);

/// The reason a row or a cancel gets when its account has no running actor (it was deleted since
/// the command was planned, or since the order it cancels was placed).
const NOT_LINKED: &str = "the account is no longer linked to copydesk; nothing was sent to it";

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

/// What a carried-out plan came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Executed {
    /// A new session (place, exit, replace), every row settled or unsettled.
    Session(CopySession),
    /// Cancels of an existing session, one result per order.
    Cancels {
        /// The session kept.
        session: SessionId,
        /// One result per order.
        results: Vec<CancelResult>,
    },
}

/// Why a plan was not carried out, or not to its end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExecuteError {
    /// copydesk is stopping and takes no new commands; nothing was sent.
    #[error("copydesk is shutting down and takes no new orders")]
    ShuttingDown,
    /// The fan-out could not be written down, so nothing was sent.
    #[error(transparent)]
    Journal(#[from] RepositoryError),
    /// The fan-out stopped before it answered (its task died). Orders may have gone out: its session
    /// was written down before the first send, and its rows settle from the brokerage's listings.
    #[error(
        "The fan-out stopped before it finished; orders may have gone out: the orders table shows what was sent"
    )]
    Interrupted,
}

/// Fans commands out to the account actors and keeps the sessions.
pub struct SessionSupervisor {
    registry: Arc<AccountRegistry>,
    keeper: Arc<SessionKeeper>,
    policy: SubmitPolicy,
    clock: Arc<dyn Clock>,
    in_flight: AtomicUsize,
    closing: AtomicBool,
    idle: Notify,
    /// Accounts already asked once for a poll for rows older than [`RECONCILE_URGENT_FOR`].
    asked_for_old_rows: std::sync::Mutex<HashSet<AccountId>>,
}

impl std::fmt::Debug for SessionSupervisor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionSupervisor")
            .field("in_flight", &self.in_flight)
            .finish_non_exhaustive()
    }
}

/// Counts a fan-out in flight until dropped.
struct FanOut<'a>(&'a SessionSupervisor);

impl Drop for FanOut<'_> {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
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
            in_flight: AtomicUsize::new(0),
            closing: AtomicBool::new(false),
            idle: Notify::new(),
            asked_for_old_rows: std::sync::Mutex::default(),
        }
    }

    /// Previews every write of `plan` on its account at once, sending nothing (see
    /// [`preview_plan`](super::preview_plan)); each preview takes a write from its account's budget.
    pub async fn preview(&self, plan: &Plan) -> Vec<super::AccountCheck> {
        super::preview_plan(&self.registry, plan, &self.policy).await
    }

    /// The session keeper (read model and persistence).
    #[must_use]
    pub fn keeper(&self) -> &Arc<SessionKeeper> {
        &self.keeper
    }

    /// Carries out a plan. A new session is written down (its rows `PENDING`, flushed) before the
    /// first write; each account's outcome updates its row as it arrives and is appended to the
    /// journal as an outcome record. The answer comes once every record is committed; the session is
    /// then stored whole off the answer's path (see [`SessionSupervisor::settled`]). Cancels keep their
    /// session: the store is flushed once before the first of them leaves. The fan-out runs
    /// as its own task, so it finishes even when the caller stops waiting for it.
    ///
    /// # Errors
    /// [`ExecuteError`] when copydesk is stopping or the fan-out cannot be written down (nothing is
    /// sent then), or when the fan-out's task died before it answered
    /// ([`ExecuteError::Interrupted`]: orders may have gone out).
    pub async fn execute(self: &Arc<Self>, plan: Plan) -> Result<Executed, ExecuteError> {
        if self.closing.load(Ordering::Acquire) {
            return Err(ExecuteError::ShuttingDown);
        }
        let this = self.clone();
        let (done, answer) = tokio::sync::oneshot::channel();
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        actix::spawn(async move {
            let _counted = FanOut(&this);
            let (executed, journaled) = match this.run(plan).await {
                Ok((executed, journaled)) => (Ok(executed), journaled),
                Err(err) => (Err(err), None),
            };
            // The caller may have stopped waiting; the outcome is recorded either way.
            let _ = done.send(executed);
            if let Some(key) = journaled {
                // The caller runs on this thread: it takes the answer before the store is asked for.
                // Asked for at once, the store's new blocking thread often took this core for the
                // whole store (about 1 ms at 1,000 rows) while the answer waited (3 to 5 fan-outs in
                // 10 of the fan-out driver).
                tokio::task::yield_now().await;
                this.store_whole(key).await;
            }
        });
        // The task ended without an answer: it died after its session was written down.
        answer.await.unwrap_or(Err(ExecuteError::Interrupted))
    }

    /// Stores a finished fan-out's session whole and drops its outcome records, on a blocking thread
    /// after the answer: the outcome records are committed already, so the agent's answer never waits
    /// for the whole session to be written. The fan-out counts as running until it is stored.
    async fn store_whole(&self, key: SessionKey) {
        let keeper = self.keeper.clone();
        if let Err(err) = tokio::task::spawn_blocking(move || keeper.store_fan_out(key)).await {
            // Its committed records still settle the rows at the next start.
            tracing::error!(session = %key.2, error = %err, "a fan-out's session was not stored whole");
        }
    }

    /// Carries out the plan; answers what it came to and, for a new session, its key once every
    /// outcome record is committed (the session is still to be stored whole).
    async fn run(&self, plan: Plan) -> Result<(Executed, Option<SessionKey>), ExecuteError> {
        match plan.session {
            SessionUse::Keep(session) => {
                // Whatever the store holds, the command's key among it (claimed before the plan), is
                // made durable before the first cancel leaves, as a new session's journal is before its
                // first write: a repeat after a crash is answered from the key, never sent again. A store
                // that cannot flush is logged and does not hold a cancel back.
                self.keeper.flush();
                Ok((
                    Executed::Cancels {
                        session,
                        results: self.cancel(plan.works).await,
                    },
                    None,
                ))
            }
            SessionUse::New { replaced } => {
                let id = self.keeper.next_session_id(plan.agent)?;
                let now = self.clock.now();
                let mut shared = None;
                let mut rows = Vec::with_capacity(plan.works.len());
                rows.extend(
                    plan.works
                        .iter()
                        .filter_map(|w| planned_row(w, now, &mut shared)),
                );
                let session = CopySession {
                    id,
                    agent: plan.agent,
                    kind: plan.kind,
                    created_at: now,
                    rows,
                    replaced_session: replaced,
                };
                self.keeper.journal(session.clone())?;
                let key = (plan.agent, plan.kind, id);
                let started = std::time::Instant::now();
                let answered = self.send_all(key, plan.works).await;
                record_fan_out(started, &answered);
                self.keeper.flush();
                let executed = Executed::Session(
                    self.keeper
                        .book()
                        .session(plan.agent, id)
                        .unwrap_or(session),
                );
                Ok((executed, Some(key)))
            }
        }
    }

    /// Sends every account's write and answers, per row, when its brokerage's answer arrived (`None`
    /// when nothing was sent). Each write is started as soon as it is made, before the next account's
    /// is made, so the first order leaves without waiting for every other account's to be set up.
    async fn send_all(
        &self,
        key: SessionKey,
        works: Vec<AccountWork>,
    ) -> Vec<Option<std::time::Instant>> {
        let mut answered = vec![None; works.len()];
        let mut sends = FuturesUnordered::new();
        for (index, work) in works.into_iter().enumerate() {
            sends.push(async move { (index, self.send(key, index, work).await) });
            while let Poll::Ready(Some((row, at))) = futures::poll!(sends.next()) {
                answered[row] = at;
            }
        }
        while let Some((row, at)) = sends.next().await {
            answered[row] = at;
        }
        answered
    }

    /// Sends one account's write and records its outcome on its row; answers when the brokerage's
    /// answer arrived (`None` when nothing was sent).
    async fn send(
        &self,
        key: SessionKey,
        index: usize,
        work: AccountWork,
    ) -> Option<std::time::Instant> {
        let AccountWork { account, work } = work;
        let (old, request) = match work {
            Work::Place(request) => (None, request),
            Work::Replace { old, request } => (Some(old), request),
            Work::Cancel(_) | Work::Refuse { .. } => return None,
        };
        // The account counts as writing until its row holds the outcome, so a poll in between never
        // settles the row from a listing taken before the order existed.
        let _writing = self.keeper.writing(account);
        let outcome = match self.registry.account(account) {
            None => SubmitOutcome::Rejected(NOT_LINKED.to_owned()),
            Some(linked) => {
                // Read only when an answer is lost: a fan-out that gets its answers never asks.
                let known = || self.keeper.book().claimed_ids(account);
                match old {
                    None => linked.submit_order(&request, &known, &self.policy).await,
                    Some(old) => {
                        linked
                            .submit_replace(old, &request, &known, &self.policy)
                            .await
                    }
                }
            }
        };
        let answered = std::time::Instant::now();
        self.keeper.settle_row(key, index, account, &outcome);
        log_outcome(account, &outcome);
        Some(answered)
    }

    async fn cancel(&self, works: Vec<AccountWork>) -> Vec<CancelResult> {
        join_all(
            works
                .into_iter()
                .filter_map(|w| match w.work {
                    Work::Cancel(order) => Some((w.account, order)),
                    _ => None,
                })
                .map(|(account, order)| async move {
                    let result = match self.registry.get(account) {
                        Some(handle) => handle
                            .account
                            .cancel_order(order, &self.policy)
                            .await
                            .map_err(|e| e.to_string()),
                        None => Err(NOT_LINKED.to_owned()),
                    };
                    CancelResult {
                        account,
                        order,
                        result,
                    }
                }),
        )
        .await
    }

    /// Stops taking new commands and waits up to `limit` for the fan-outs in flight to finish; returns
    /// how many were still running when it gave up.
    pub async fn drain(&self, limit: Duration) -> usize {
        self.closing.store(true, Ordering::Release);
        // Running out of time is reported by the count below.
        let _ = tokio::time::timeout(limit, self.settled()).await;
        self.in_flight.load(Ordering::Acquire)
    }

    /// Waits until no fan-out is running: every one answered, and each new session stored whole.
    pub async fn settled(&self) {
        loop {
            let idle = self.idle.notified();
            if self.in_flight.load(Ordering::Acquire) == 0 {
                return;
            }
            idle.await;
        }
    }

    /// Asks for a poll of every account with a pending or unsettled row, so that the reconcile on
    /// its listing settles the row: every [`RECONCILE_POLL_EVERY`] while the row is younger than
    /// [`RECONCILE_URGENT_FOR`], once per process for older ones. Answers how many were asked.
    pub fn request_reconcile_polls(&self) -> usize {
        let now = self.clock.now();
        let mut asked_for_old = self
            .asked_for_old_rows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut asked = 0;
        for (account, newest) in self.keeper.book().unresolved_accounts() {
            let young = now - newest < RECONCILE_URGENT_FOR;
            if !young && !asked_for_old.insert(account) {
                continue;
            }
            if let Some(handle) = self.registry.get(account) {
                handle.account.request_poll();
                asked += 1;
            }
        }
        asked
    }

    /// Makes each running account's order listings reach back to just before its oldest row that
    /// is not final (see [`LinkedAccount::reach_listings_back_to`]), or only the usual day when it
    /// has none; answers how many accounts reach further. Run every [`LISTING_REACH_EVERY`].
    ///
    /// [`LinkedAccount::reach_listings_back_to`]: crate::account::LinkedAccount::reach_listings_back_to
    pub fn update_listing_reach(&self) -> usize {
        let oldest = self.keeper.book().oldest_unfinished_rows();
        let mut reaching = 0;
        for handle in self.registry.handles() {
            let at = oldest
                .get(&handle.account.id())
                .map(|entered| *entered - super::reconcile::CLOCK_SKEW);
            reaching += usize::from(at.is_some());
            handle.account.reach_listings_back_to(at);
        }
        reaching
    }

    /// How many fan-outs are running now.
    #[must_use]
    pub fn fan_outs_in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Acquire)
    }
}

/// The row a planned write starts as, written down before anything is sent: pending for a write,
/// failed for a refusal, none for a cancel. Rows whose order equals the previous row's share it
/// (`shared`), so a fan-out of one order to a thousand accounts holds that order once.
fn planned_row(
    work: &AccountWork,
    now: chrono::DateTime<chrono::Utc>,
    shared: &mut Option<Arc<OrderRequest>>,
) -> Option<CopyRow> {
    let (request, replaces, refused) = match &work.work {
        Work::Place(request) => (request, None, None),
        Work::Replace { old, request } => (request, Some(*old), None),
        Work::Refuse { request, reason } => (request, None, Some(reason)),
        Work::Cancel(_) => return None,
    };
    let request = match shared {
        Some(last) if **last == *request => last.clone(),
        _ => shared.insert(Arc::new(request.clone())).clone(),
    };
    Some(match refused {
        None => CopyRow::pending(work.account, request, replaces, now),
        Some(reason) => CopyRow::failed(work.account, request, reason.clone(), now),
    })
}

/// Logs one account's write: an accepted one at debug (the command logs the fan-out once, at info,
/// so a fan-out to many accounts does not write a line per account on its way), any other at warn.
fn log_outcome(account: AccountId, outcome: &SubmitOutcome) {
    match outcome {
        SubmitOutcome::Placed(_) | SubmitOutcome::Adopted(_) => {
            tracing::debug!(account = %account, outcome = %outcome, "order write");
        }
        _ => {
            tracing::warn!(account = %account, outcome = %outcome, "order write did not go through")
        }
    }
}

/// Reports a fan-out's duration and its answer skew (first to last brokerage answer) in metrics.
fn record_fan_out(started: std::time::Instant, answered: &[Option<std::time::Instant>]) {
    let answered: Vec<std::time::Instant> = answered.iter().flatten().copied().collect();
    metrics::histogram!("copydesk_fan_out_seconds").record(started.elapsed().as_secs_f64());
    if let (Some(first), Some(last)) = (answered.iter().min(), answered.iter().max()) {
        metrics::histogram!("copydesk_fan_out_send_skew_seconds")
            .record(last.duration_since(*first).as_secs_f64());
    }
    metrics::counter!("copydesk_fan_outs_total").increment(1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::{Instruction, OrderLeg};

    fn buy(quantity: u32) -> OrderRequest {
        OrderRequest::market(OrderLeg::equity(Instruction::Buy, quantity, "AAPL"))
    }

    fn work(account: u64, work: Work) -> AccountWork {
        AccountWork {
            account: AccountId(account),
            work,
        }
    }

    #[test]
    fn planned_rows_hold_each_run_of_one_order_once() {
        let now = chrono::Utc::now();
        let works = [
            work(1, Work::Place(buy(1))),
            work(2, Work::Place(buy(1))),
            work(3, Work::Place(buy(2))),
            work(4, Work::Cancel(BrokerOrderId(9))),
            work(
                5,
                Work::Refuse {
                    request: buy(2),
                    reason: "the account is not linked".to_owned(),
                },
            ),
            work(
                6,
                Work::Replace {
                    old: BrokerOrderId(7),
                    request: buy(1),
                },
            ),
        ];
        let mut shared = None;
        let rows: Vec<CopyRow> = works
            .iter()
            .filter_map(|w| planned_row(w, now, &mut shared))
            .collect();
        let accounts: Vec<u64> = rows.iter().map(|r| r.account.0).collect();
        assert_eq!(accounts, vec![1, 2, 3, 5, 6]);
        assert!(Arc::ptr_eq(&rows[0].request, &rows[1].request));
        assert!(Arc::ptr_eq(&rows[2].request, &rows[3].request));
        assert!(!Arc::ptr_eq(&rows[1].request, &rows[2].request));
        let quantities: Vec<u32> = rows.iter().map(|r| r.request.legs[0].quantity).collect();
        assert_eq!(quantities, vec![1, 1, 2, 2, 1]);
        assert_eq!(rows[0].state, super::super::RowState::Pending);
        assert_eq!(rows[3].status_word(), "FAILED_TO_PLACE");
        assert_eq!(
            rows[3].status_description.as_deref(),
            Some("the account is not linked")
        );
        assert_eq!(rows[4].replaces, Some(BrokerOrderId(7)));
        assert_eq!(rows[4].state, super::super::RowState::Pending);
    }
}
