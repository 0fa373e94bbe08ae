//! One linked brokerage account: its tokens, budgets, cached balances, positions and orders, and every
//! call to the brokerage made for it.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::event_followups::{Followups, UNKNOWN_GRACE};
use super::kept_holdings::{FillTaken, KeptHoldings, legs_of_fill};
use super::link_rule::link_under_rule;
use super::login::Login;
use super::{
    AccountError, BudgetName, CallBudget, EventFit, LinkRefusal, LinkStatus, OrderListing,
    OrderObserver, ReadClass, RecentCalls, StreamPhase, StreamStatus, TokenExpiries, TokenKeeper,
    TokenVault,
};
use crate::broker::OptionChain;
use crate::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, ClaimedIds, OrderChange, OrderEvent, SubmitOutcome, SubmitPolicy, SubmitTarget,
    WaitedRead, submit_order, submit_replace,
};
use crate::clock::Clock;
use crate::ids::{AccountId, AgentId, BrokerOrderId};
use crate::order::{BrokerOrder, OrderRequest, PutCall};
use crate::pause::Pause;

/// How far back a poll lists orders.
pub const ORDER_LOOKBACK: chrono::Duration = chrono::Duration::hours(24);
/// The furthest back a listing reaches for older rows still open (Schwab lists an account's orders over
/// at most a year).
pub const ORDER_REACH_LIMIT: chrono::Duration = chrono::Duration::days(364);
/// How far past our clock a poll lists orders, so that a broker clock slightly ahead of ours, or time
/// bounds truncated to milliseconds on the wire, never hide a just-entered order.
pub const ORDER_LOOKAHEAD: chrono::Duration = chrono::Duration::minutes(1);
/// How long an on-demand read may wait for room in the read budget.
pub const READ_DEADLINE: Duration = Duration::from_secs(5);

/// What one poll read: balances and positions, orders, and the window the order listing covers.
type PolledAccount = (
    AccountSnapshot,
    Vec<BrokerOrder>,
    (DateTime<Utc>, DateTime<Utc>),
);

/// Everything an account's actor needs from the outside world.
#[derive(Clone)]
pub struct AccountDeps {
    /// The brokerage the account trades through.
    pub broker: Arc<dyn Brokerage>,
    /// Where tokens and links are kept.
    pub vault: Arc<dyn TokenVault>,
    /// The time source.
    pub clock: Arc<dyn Clock>,
    /// How waiting is done.
    pub pause: Arc<dyn Pause>,
    /// The application-wide read budget shared by all accounts.
    pub reads: Arc<CallBudget>,
    /// Who hears about the orders each poll saw.
    pub observer: Arc<dyn OrderObserver>,
}

/// What is known of the account from its last successful poll.
#[derive(Debug, Clone, Default)]
pub struct AccountView {
    /// Balances and positions.
    pub snapshot: Option<AccountSnapshot>,
    /// When the balances and positions were read.
    pub snapshot_at: Option<DateTime<Utc>>,
    /// Orders entered in the last [`ORDER_LOOKBACK`] (or since the listings' reach, see
    /// [`LinkedAccount::reach_listings_back_to`]).
    pub orders: Vec<BrokerOrder>,
    /// When the last poll succeeded.
    pub last_poll: Option<DateTime<Utc>>,
    /// The last failure, if the last call failed.
    pub last_error: Option<String>,
    /// Whether the last call was throttled.
    pub throttled: bool,
    /// Whether a poll was asked for ahead of schedule.
    pub poll_requested: bool,
    /// Whether the last poll listed orders whose status or filled quantity differed from what the
    /// account knew from its stream (the stream may be missing events).
    pub disagreed: bool,
    /// Whether an order filled since positions were last read: the poll scheduler then reads them
    /// again (a position check, one background read).
    pub positions_stale: bool,
    /// Whether a fill since positions were last read could not move them (its event named no legs,
    /// no positions were read yet, or a listing showed fills no event told): that check goes first.
    pub positions_unkept: bool,
}

impl AccountView {
    /// Whether any known order that could be copydesk's (one standing alone, not an order of a
    /// bracket) is still open.
    #[must_use]
    pub fn has_open_orders(&self) -> bool {
        self.orders
            .iter()
            .any(|o| o.is_standalone() && o.status.is_open())
    }
}

/// An operator's view of one account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountHealth {
    /// The account.
    pub account: AccountId,
    /// Its link status.
    pub status: LinkStatus,
    /// Its write limit per minute.
    pub write_limit_per_minute: u32,
    /// Writes taken in the last minute.
    pub writes_last_minute: u32,
    /// Reads this account made in the last minute.
    pub reads_last_minute: u32,
    /// Calls refused by a budget or throttled by the brokerage.
    pub throttled_calls: u64,
    /// When the last poll succeeded.
    pub last_successful_poll: Option<DateTime<Utc>>,
    /// When the tokens expire.
    pub expiries: TokenExpiries,
}

/// One linked account. Shared by its actor and the poll scheduler; all methods are safe to call
/// concurrently.
pub struct LinkedAccount {
    id: AccountId,
    agent: AgentId,
    deps: AccountDeps,
    /// The login the account signs in with, shared with the other accounts linked through it: its
    /// tokens, its order stream, what it reaches. Its `linking` lock is held while the account is
    /// being linked (an authorization, or the read that links a login whose account read failed),
    /// so two of them never decide on different brokerage accounts.
    login: Arc<Login>,
    link: RwLock<Option<AccountLink>>,
    /// Why the last login could not be linked, until a login is.
    link_refusal: Mutex<Option<LinkRefusal>>,
    writes: CallBudget,
    own_reads: Mutex<RecentCalls>,
    view: Mutex<AccountView>,
    broker_throttles: std::sync::atomic::AtomicU64,
    stream: Mutex<StreamStatus>,
    followups: Mutex<Followups>,
    /// What fills did to the snapshot's positions since they were read (locked after `view`).
    holdings: Mutex<KeptHoldings>,
    stream_stop: tokio::sync::watch::Sender<bool>,
    /// How far back listings must reach beyond [`ORDER_LOOKBACK`] (see
    /// [`LinkedAccount::reach_listings_back_to`]).
    listing_reach: Mutex<Option<DateTime<Utc>>>,
    /// While a write waits for room in the write budget: when the budget expects room next.
    write_wait: Mutex<Option<DateTime<Utc>>>,
    /// Where the login's order stream is, as last read (kept in the vault too), so that opening the
    /// stream again, after a drop or a restart, costs no read.
    stream_address: Mutex<Option<crate::broker::StreamAddress>>,
}

impl std::fmt::Debug for LinkedAccount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LinkedAccount")
            .field("id", &self.id)
            .field("agent", &self.agent)
            .finish()
    }
}

impl LinkedAccount {
    /// Loads the account's stored tokens and link.
    ///
    /// # Errors
    /// [`AccountError::Vault`] when they cannot be read.
    pub fn load(
        id: AccountId,
        agent: AgentId,
        write_limit_per_minute: u32,
        deps: AccountDeps,
    ) -> Result<Self, AccountError> {
        Self::load_on(id, agent, write_limit_per_minute, deps, None)
    }

    /// Loads the account on `login` (shared with the other accounts linked through it), or on a
    /// login of its own with its stored tokens when `None`. The caller joins the running account
    /// to the login ([`super::AccountRegistry`] does).
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the stored tokens or link cannot be read.
    pub fn load_on(
        id: AccountId,
        agent: AgentId,
        write_limit_per_minute: u32,
        deps: AccountDeps,
        login: Option<Arc<Login>>,
    ) -> Result<Self, AccountError> {
        let login = match login {
            Some(login) => {
                login.tokens().hold_for(id);
                login
            }
            None => Arc::new(Login::new(
                TokenKeeper::load(id, deps.vault.clone(), deps.clock.clone())?,
                id,
                deps.vault.clone(),
            )),
        };
        let link = deps.vault.load_link(id)?;
        let writes =
            CallBudget::new(write_limit_per_minute, deps.clock.clone()).named(BudgetName::Writes);
        Ok(Self {
            id,
            agent,
            login,
            link: RwLock::new(link),
            link_refusal: Mutex::default(),
            writes,
            own_reads: Mutex::default(),
            // Never polled, so due at once, but as a safety net that keeps the background pace: at a
            // start a thousand accounts are read in turn, after the listings that settle open rows.
            view: Mutex::new(AccountView::default()),
            broker_throttles: std::sync::atomic::AtomicU64::new(0),
            stream: Mutex::default(),
            followups: Mutex::default(),
            holdings: Mutex::default(),
            stream_stop: tokio::sync::watch::Sender::new(false),
            listing_reach: Mutex::default(),
            write_wait: Mutex::default(),
            stream_address: Mutex::new(deps.vault.load_stream_address(id).unwrap_or_else(|err| {
                tracing::warn!(account = %id, error = %err, "the kept stream address cannot be read; it is read again");
                None
            })),
            deps,
        })
    }

    /// The account's id.
    #[must_use]
    pub fn id(&self) -> AccountId {
        self.id
    }

    /// The agent the account belongs to.
    #[must_use]
    pub fn agent(&self) -> AgentId {
        self.agent
    }

    /// Counts reads this account made (its share of the app budget, for operators).
    fn count_reads(&self, calls: u32) {
        let now = self.deps.clock.now();
        self.own_reads
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .record(now, calls);
    }

    fn reads_last_minute(&self) -> u32 {
        let now = self.deps.clock.now();
        let count = self
            .own_reads
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .count(now);
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    fn view(&self) -> MutexGuard<'_, AccountView> {
        // The view is replaced field by field and is valid after any partial update.
        self.view.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What the poll planner needs of this account, read without copying the view.
    #[must_use]
    pub fn poll_candidate(&self) -> super::poll_planner::PollCandidate {
        // A login whose account read failed is polled too: the poll reads the account first.
        let usable = (self.link().is_some() || self.login.tokens().has_live_login())
            && self.status().is_usable();
        let view = self.view();
        super::poll_planner::PollCandidate {
            account: self.id,
            usable,
            requested: view.poll_requested,
            streaming: self.is_streaming(),
            open_orders: view.has_open_orders(),
            unsettled: view.disagreed || self.has_unfinished_rows(),
            positions_stale: view.positions_stale,
            positions_kept: !view.positions_unkept,
            last_poll: view.last_poll,
            awaits_catch_up: self.awaits_catch_up(),
        }
    }

    /// A copy of what the last poll saw.
    #[must_use]
    pub fn current_view(&self) -> AccountView {
        self.view().clone()
    }

    /// The balances and positions of the last poll, copied without the rest of the view (its orders
    /// grow with the day; the tables polled every 500 ms need only this).
    #[must_use]
    pub fn current_snapshot(&self) -> Option<AccountSnapshot> {
        self.view().snapshot.clone()
    }

    /// The net liquidation value of the last balances read, and when they were read; `None` before
    /// the first read, or when the brokerage did not say.
    #[must_use]
    pub fn net_liquidation(&self) -> Option<(rust_decimal::Decimal, DateTime<Utc>)> {
        let view = self.view();
        let value = view.snapshot.as_ref()?.balances.liquidation_value?;
        Some((value, view.snapshot_at?))
    }

    /// The net quantity of `symbol` the last balances read saw (negative when short), read in place
    /// rather than copying the snapshot; `None` before the first read or when nothing is held.
    #[must_use]
    pub fn held(&self, symbol: &str) -> Option<i64> {
        self.view()
            .snapshot
            .as_ref()?
            .position(symbol)
            .map(crate::broker::Position::net_quantity)
    }

    /// The brokerage account this account trades through, once authorized.
    #[must_use]
    pub fn link(&self) -> Option<AccountLink> {
        self.link
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(super) fn hash(&self) -> Result<AccountHash, AccountError> {
        self.link
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|l| l.hash.clone())
            .ok_or(AccountError::NotAuthorized)
    }

    /// The link status derived from tokens, link and the last call.
    #[must_use]
    pub fn status(&self) -> LinkStatus {
        let expiries = self.login.tokens().expiries();
        let now = self.deps.clock.now();
        if expiries.access.is_none() {
            return if self.link().is_some() {
                LinkStatus::ReauthorizationNeeded
            } else if let Some(refusal) = self.refusal().as_ref() {
                LinkStatus::LinkRefused(refusal.to_string())
            } else {
                LinkStatus::AuthorizationNeeded
            };
        }
        if expiries.refresh.is_some_and(|at| at <= now) {
            return LinkStatus::ReauthorizationNeeded;
        }
        let view = self.view();
        if view.throttled {
            LinkStatus::Throttled
        } else if let Some(error) = &view.last_error {
            LinkStatus::Error(error.clone())
        } else {
            LinkStatus::Connected
        }
    }

    /// Whole minutes left before the login must be renewed; `None` when never authorized.
    #[must_use]
    pub fn connection_minutes(&self) -> Option<i64> {
        let expiries = self.login.tokens().expiries();
        match (expiries.access, expiries.refresh) {
            (None, _) if self.link().is_none() => None,
            (None, _) => Some(0),
            (Some(_), Some(refresh)) => {
                Some((refresh - self.deps.clock.now()).num_minutes().max(0))
            }
            (Some(_), None) => None,
        }
    }

    /// The operator's view of the account.
    #[must_use]
    pub fn health(&self) -> AccountHealth {
        AccountHealth {
            account: self.id,
            status: self.status(),
            write_limit_per_minute: self.writes.per_minute(),
            writes_last_minute: self.writes.used_last_minute(),
            reads_last_minute: self.reads_last_minute(),
            throttled_calls: self.writes.refused()
                + self
                    .broker_throttles
                    .load(std::sync::atomic::Ordering::Relaxed),
            last_successful_poll: self.view().last_poll,
            expiries: self.login.tokens().expiries(),
        }
    }

    /// Changes the write limit; it applies to the next write.
    pub fn set_write_limit(&self, per_minute: u32) {
        self.writes.set_per_minute(per_minute);
    }

    /// Asks for a poll ahead of schedule.
    pub fn request_poll(&self) {
        self.view().poll_requested = true;
    }

    /// After a write: asks for a poll when no healthy stream will report the order's changes.
    fn request_poll_unless_streaming(&self) {
        if !self.is_streaming() {
            self.request_poll();
        }
    }

    /// The account's order stream as operators see it.
    #[must_use]
    pub fn stream_status(&self) -> StreamStatus {
        self.stream
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Changes the stream's status (the stream keeper does).
    pub fn update_stream(&self, change: impl FnOnce(&mut StreamStatus)) {
        // The status is a plain record, valid after any partial update.
        change(&mut self.stream.lock().unwrap_or_else(PoisonError::into_inner));
    }

    /// Whether a healthy stream follows the account's orders.
    #[must_use]
    pub fn is_streaming(&self) -> bool {
        self.stream
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_healthy()
    }

    /// Asks the account's stream keeper to log out and end (the account is unlinked, or the server
    /// stops).
    pub fn stop_stream(&self) {
        self.stream_stop.send_replace(true);
    }

    /// Becomes true when the stream is to end.
    #[must_use]
    pub fn watch_stream_stop(&self) -> tokio::sync::watch::Receiver<bool> {
        self.stream_stop.subscribe()
    }

    fn kept_holdings(&self) -> MutexGuard<'_, KeptHoldings> {
        // Counts per order and touched symbols, valid after any partial update.
        self.holdings.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The fill generation a positions read starts at (see [`KeptHoldings::confirm`]).
    fn read_starts(&self) -> u64 {
        self.kept_holdings().generation()
    }

    /// The login's other linked accounts with the fill generation each stands at now, when a
    /// positions read of this account is to serve them too (one read of every account of the
    /// login); empty when the account's login serves it alone.
    fn login_read_starts(&self) -> Vec<(Arc<LinkedAccount>, u64)> {
        self.login
            .linked_siblings(self.id)
            .into_iter()
            .map(|sibling| {
                let started = sibling.read_starts();
                (sibling, started)
            })
            .collect()
    }

    /// This account's balances and positions out of `read`; a read of every account of the login
    /// also hands each sibling of `shared` its own, which it keeps as its own read (so its next
    /// position check is not due). `None` when the answer left this account out.
    fn share_positions_read(
        &self,
        read: PositionsRead,
        shared: Vec<(Arc<LinkedAccount>, u64)>,
    ) -> Option<AccountSnapshot> {
        let all = match read {
            PositionsRead::One(own) => return Some(*own),
            PositionsRead::All(all) => all,
        };
        for (sibling, started) in shared {
            let Some(number) = sibling.link().map(|l| l.account_number) else {
                continue;
            };
            if let Some(snapshot) = all.iter().find(|s| s.account_number == number) {
                sibling.keep_read(&mut sibling.view(), started, snapshot.clone());
                sibling.record_outcome::<()>(&Ok(()));
                metrics::counter!("copydesk_login_shared_reads_total").increment(1);
            }
        }
        let own = self.link()?.account_number;
        all.into_iter().find(|s| s.account_number == own)
    }

    /// Keeps a positions read that started at fill generation `started`: the read wins over what
    /// fills made of the positions; each symbol where they differ is logged and counted in
    /// `copydesk_holdings_disagreements_total`. The positions stay stale when fills came while the
    /// read was on its way.
    fn keep_read(&self, view: &mut AccountView, started: u64, snapshot: AccountSnapshot) {
        let mut holdings = self.kept_holdings();
        let (disagreements, pending) = holdings.confirm(started, view.snapshot.as_ref(), &snapshot);
        view.positions_unkept = holdings.unkept_after(started);
        drop(holdings);
        for d in &disagreements {
            tracing::warn!(account = %self.id, symbol = %d.symbol,
                kept_quantity = d.kept_quantity, read_quantity = d.read_quantity,
                kept_average = ?d.kept_average, read_average = %d.read_average,
                "positions read disagrees with the holdings kept from fills; the read wins");
            metrics::counter!("copydesk_holdings_disagreements_total").increment(1);
        }
        view.positions_stale = pending;
        view.snapshot = Some(snapshot);
        view.snapshot_at = Some(self.deps.clock.now());
    }

    fn followups(&self) -> MutexGuard<'_, Followups> {
        // Followups are plain sets, valid after any partial update.
        self.followups
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes in one order event pushed by the brokerage: the rows of that order learn it at once,
    /// and what the event cannot tell is asked for as follow-up reads (the order itself once, held
    /// events of an order no row knows yet). A fill moves the snapshot's positions at once by the
    /// quantity it adds (see [`KeptHoldings::take_fill`]) and marks the positions stale, for the
    /// scheduler's position check that confirms them; balances are not read for it. Never writes an
    /// order. Returns whether a follow-up round is to be scheduled.
    pub fn on_event(&self, event: OrderEvent) -> bool {
        let now = self.deps.clock.now();
        self.update_stream(|s| {
            s.events += 1;
            s.last_event = Some(now);
        });
        metrics::counter!("copydesk_stream_events_total").increment(1);
        {
            let mut view = self.view();
            if let Some(order) = view.orders.iter_mut().find(|o| o.id == event.order) {
                apply_to_order(order, &event);
            }
            if let OrderChange::Filled {
                filled,
                price,
                legs,
                ..
            } = &event.change
            {
                view.positions_stale = true;
                let known = view.orders.iter().find(|o| o.id == event.order);
                let legs = legs_of_fill(known, legs, *price);
                let view = &mut *view;
                let taken = self.kept_holdings().take_fill(
                    event.order,
                    *filled,
                    &legs,
                    view.snapshot.as_mut(),
                );
                let outcome = match taken {
                    FillTaken::Kept => "kept",
                    FillTaken::Counted => "counted",
                    FillTaken::Unkept => {
                        view.positions_unkept = true;
                        "unkept"
                    }
                };
                metrics::counter!("copydesk_holdings_fills_total", "outcome" => outcome)
                    .increment(1);
            }
        }
        let fit = self.deps.observer.order_event(self.id, &event);
        let mut followups = self.followups();
        match fit {
            EventFit::Applied => {}
            EventFit::NeedsRead => followups.read(event.order),
            EventFit::Unknown => followups.hold(event, now),
        }
        followups.schedule()
    }

    /// Asks for a listing of the account's orders (after a connect, a reconnect or a gap in the
    /// stream). Returns whether a follow-up round is to be scheduled.
    pub fn ask_catch_up(&self) -> bool {
        let mut followups = self.followups();
        followups.catch_up();
        followups.schedule()
    }

    /// Runs one round of follow-up reads; these take the app budget's reads before routine polls
    /// (the planner leaves them a reserve). Returns whether the running follow-up task is to run
    /// another round (events of unknown orders still within their grace, or requests that arrived
    /// while this round waited on its reads).
    pub async fn run_followups(&self) -> bool {
        let round = self.followups().take();
        let now = self.deps.clock.now();
        let mut list = round.catch_up;
        let mut reads = round.reads;
        let mut held = Vec::new();
        for (first_seen, events) in round.unknown {
            let mut still = Vec::new();
            for event in events {
                match self.deps.observer.order_event(self.id, &event) {
                    EventFit::Unknown => still.push(event),
                    EventFit::NeedsRead => reads.push(event.order),
                    EventFit::Applied => {}
                }
            }
            if still.is_empty() {
                continue;
            }
            if now - first_seen < UNKNOWN_GRACE {
                held.push((first_seen, still));
            } else if self.deps.observer.awaits_orders(self.id) {
                list = true;
            } else {
                tracing::debug!(account = %self.id, order = %still[0].order,
                    "events of an order that is not copydesk's are left out");
            }
        }
        reads.sort_unstable();
        reads.dedup();
        if list {
            if let Err(err) = self.catch_up().await {
                tracing::debug!(account = %self.id, error = %err, "catch-up listing failed");
                self.followups().catch_up();
            }
        } else {
            for order in reads {
                if !self.deps.observer.needs_read(self.id, order) {
                    continue;
                }
                if let Err(err) = self.read_order(order).await {
                    tracing::debug!(account = %self.id, %order, error = %err, "order read after an event failed");
                    if may_pass(&err) {
                        self.followups().read(order);
                    }
                }
            }
        }
        let mut followups = self.followups();
        for (first_seen, events) in held {
            followups.hold_again(first_seen, events);
        }
        followups.finish_round()
    }

    /// Reads one order (one read from the app budget) and hands it to the rows of that order.
    async fn read_order(&self, order: BrokerOrderId) -> Result<(), AccountError> {
        let hash = self.linked_hash().await?;
        let broker = self.deps.broker.clone();
        let outcome = self
            .waited_read(ReadClass::Event, |token| {
                let broker = broker.clone();
                let hash = hash.clone();
                async move { broker.get_order(&token, &hash, order).await }
            })
            .await;
        self.record_outcome(&outcome);
        let read = outcome?;
        self.deps.observer.order_read(self.id, &read);
        let mut view = self.view();
        match view.orders.iter_mut().find(|o| o.id == read.id) {
            Some(known) => *known = read,
            None => view.orders.push(read),
        }
        Ok(())
    }

    /// Lists the account's recent orders (one read from the app budget) so that nothing a dropped or
    /// gapped stream lost stays unseen; pending rows settle from it as from a poll's listing.
    ///
    /// # Errors
    /// As [`LinkedAccount::fetch_snapshot`].
    pub async fn catch_up(&self) -> Result<(), AccountError> {
        let hash = self.linked_hash().await?;
        let broker = self.deps.broker.clone();
        let (now, from, to) = self.order_window();
        let outcome = self
            .waited_read(ReadClass::Event, |token| {
                let broker = broker.clone();
                let hash = hash.clone();
                async move { broker.list_orders(&token, &hash, from, to).await }
            })
            .await;
        self.record_outcome(&outcome);
        let orders = outcome?;
        self.update_stream(|s| s.catch_ups += 1);
        metrics::counter!("copydesk_stream_catch_up_reads_total").increment(1);
        // Fills neither the events kept nor the last listing showed (lost while the stream was
        // down) leave the positions to a read; fills already known change nothing.
        let missed = {
            let seen: std::collections::HashMap<BrokerOrderId, u32> = self
                .view()
                .orders
                .iter()
                .map(|o| (o.id, o.filled_quantity))
                .collect();
            let holdings = self.kept_holdings();
            orders.iter().any(|o| {
                let known = holdings
                    .counted(o.id)
                    .max(seen.get(&o.id).copied().unwrap_or(0));
                o.filled_quantity > known
            })
        };
        let listing = OrderListing {
            orders: &orders,
            from,
            at: now,
        };
        self.deps.observer.orders_seen(self.id, listing);
        let mut view = self.view();
        view.orders = orders;
        if missed {
            view.positions_stale = true;
            view.positions_unkept = true;
        }
        Ok(())
    }

    /// Exchanges an authorization code for tokens, links the brokerage account and asks for a poll.
    ///
    /// What the new login reaches is read with its own access token before anything of it is kept,
    /// and the linking rule ([`link_under_rule`]) decides: an account linked before is linked again
    /// only to the same brokerage account (by number); a first link takes the first account the login
    /// reaches that no other trading account holds. A refused login is not kept: the old link and
    /// tokens stay as they were. Only then are the tokens installed.
    ///
    /// The code can be exchanged only once. When the account read still fails after [`WaitedRead`]'s
    /// retries, nothing can be decided yet: an account linked before keeps its old login and link (the
    /// failure is answered; a new sign-in decides), while a first login stands and the read that
    /// links it later (the next poll, or the next balances read) applies the same rule.
    ///
    /// # Errors
    /// [`AccountError::Broker`] when the brokerage refuses the code or (for an account linked before)
    /// its account read keeps failing, [`AccountError::ThrottledPastDeadline`] likewise for the read
    /// budget, [`AccountError::NoBrokerageAccount`] when the login reaches no account,
    /// [`AccountError::LinkRefused`] when the rule refuses it, [`AccountError::Vault`] when storing
    /// fails.
    pub async fn authorize(
        &self,
        code: &AuthorizationCode,
        redirect_uri: &str,
    ) -> Result<(), AccountError> {
        let _linking = self.login.linking().await;
        let tokens = self.deps.broker.exchange_code(code, redirect_uri).await?;
        let previous = self.link();
        let mut reach = None;
        let link = match self.reach_of(&tokens.access).await {
            Ok(reached) => {
                // The login's tokens serve every account linked through it: each must still be
                // reached, or nothing of the new login is kept (a link never changes in silence).
                self.siblings_still_reached(&reached)?;
                let link = link_under_rule(
                    self.deps.vault.as_ref(),
                    self.id,
                    previous.as_ref(),
                    &reached,
                )?;
                reach = Some(reached);
                Some(link)
            }
            Err(err) if may_pass(&err) && previous.is_none() => {
                tracing::warn!(account = %self.id, error = %err,
                    "account read failed after authorization; the next poll reads it");
                self.record_outcome::<()>(&Err(err));
                None
            }
            Err(err) => {
                if may_pass(&err) {
                    tracing::warn!(account = %self.id, error = %err,
                        "account read failed after authorization; the linked login is kept");
                }
                return Err(err);
            }
        };
        // The link is in place before the tokens: installing them is the one announcement the order
        // stream acts on (one Streamer login per authorization, never a login followed by a second one
        // for the link).
        if let Some(link) = link.clone() {
            *self.link.write().unwrap_or_else(PoisonError::into_inner) = Some(link);
        }
        if let Some(reached) = &reach {
            self.login.keep_reached(reached);
        }
        // One code exchange: the new tokens serve every account of the login.
        self.login.tokens().install(tokens).await?;
        for sibling in self.login.linked_siblings(self.id) {
            sibling.request_poll();
        }
        *self
            .link_refusal
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = None;
        {
            let mut view = self.view();
            if link.is_some() {
                view.last_error = None;
                view.throttled = false;
            }
            view.poll_requested = true;
        }
        tracing::info!(account = %self.id, "account authorized at the brokerage");
        Ok(())
    }

    /// Refuses a login that no longer reaches an account linked through it by another trading
    /// account of the login ([`LinkRefusal::OtherAccount`]).
    fn siblings_still_reached(&self, reached: &[AccountLink]) -> Result<(), AccountError> {
        for sibling in self.login.linked_siblings(self.id) {
            let Some(linked) = sibling.link() else {
                continue;
            };
            if !reached
                .iter()
                .any(|r| r.account_number == linked.account_number)
            {
                return Err(AccountError::LinkRefused(LinkRefusal::OtherAccount {
                    reached: reached.iter().map(|l| l.account_number.clone()).collect(),
                    linked: linked.account_number,
                }));
            }
        }
        Ok(())
    }

    /// Reads the brokerage accounts the login reaches now (a read a person waits on) and keeps
    /// them for the login.
    ///
    /// # Errors
    /// As [`LinkedAccount::fetch_snapshot`].
    pub async fn read_login_reach(&self) -> Result<Vec<AccountLink>, AccountError> {
        let broker = self.deps.broker.clone();
        let outcome = self
            .waited_read(ReadClass::Person, |token| {
                let broker = broker.clone();
                async move { broker.account_numbers(&token).await }
            })
            .await;
        self.record_outcome(&outcome);
        let reached = outcome?;
        self.login.keep_reached(&reached);
        Ok(reached)
    }

    /// The brokerage accounts of this account's login that no account of the login is linked to,
    /// as last read (whether another trading account holds one is for the caller to ask the store).
    #[must_use]
    pub fn other_login_accounts(&self) -> Vec<AccountLink> {
        if self.link().is_none() || !self.login.tokens().has_live_login() {
            return Vec::new();
        }
        let linked: Vec<AccountLink> = self
            .login
            .members()
            .iter()
            .filter_map(|m| m.link())
            .collect();
        self.login
            .reached()
            .into_iter()
            .filter(|r| !linked.iter().any(|l| l.account_number == r.account_number))
            .collect()
    }

    /// The brokerage accounts a login's fresh access token reaches, read before the login is kept (a
    /// read a person waits on).
    async fn reach_of(&self, token: &AccessToken) -> Result<Vec<AccountLink>, AccountError> {
        let broker = self.deps.broker.as_ref();
        WaitedRead::new(self.deps.pause.clone())
            .run(self.deps.clock.as_ref(), is_passing, || async move {
                self.take_read(ReadClass::Person, READ_DEADLINE).await?;
                broker
                    .account_numbers(token)
                    .await
                    .map_err(AccountError::from)
            })
            .await
    }

    /// Why the last login could not be linked, if it could not.
    fn refusal(&self) -> MutexGuard<'_, Option<LinkRefusal>> {
        // A plain value, valid after any partial update.
        self.link_refusal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Makes `link` the account's brokerage account (already stored by its claim).
    fn set_link(&self, link: AccountLink) {
        *self.link.write().unwrap_or_else(PoisonError::into_inner) = Some(link);
        // A stream waiting for the account to be linked opens now.
        self.login.tokens().announce_login();
    }

    /// Links the login that stands without a link (its account read failed at authorization): reads
    /// the brokerage accounts it reaches (a read a person waits on) and applies the linking rule. A
    /// login the rule refuses is let go, and the account's status says why.
    async fn read_link(&self) -> Result<AccountLink, AccountError> {
        let _linking = self.login.linking().await;
        if let Some(link) = self.link() {
            return Ok(link);
        }
        let broker = self.deps.broker.clone();
        let outcome = self
            .waited_read(ReadClass::Person, |token| {
                let broker = broker.clone();
                async move { broker.account_numbers(&token).await }
            })
            .await;
        self.record_outcome(&outcome);
        let reached = outcome?;
        match link_under_rule(self.deps.vault.as_ref(), self.id, None, &reached) {
            Ok(link) => {
                self.set_link(link.clone());
                Ok(link)
            }
            Err(AccountError::LinkRefused(refusal)) => {
                tracing::warn!(account = %self.id, reason = %refusal,
                    "the login of an authorization cannot be linked; it is let go");
                self.login.tokens().forget().await?;
                *self.refusal() = Some(refusal.clone());
                Err(AccountError::LinkRefused(refusal))
            }
            Err(err) => {
                self.record_outcome::<()>(&Err(err.clone()));
                Err(err)
            }
        }
    }

    /// The linked brokerage account's hash; when a login stands but its account read failed, the
    /// account is read first.
    async fn linked_hash(&self) -> Result<AccountHash, AccountError> {
        match self.link() {
            Some(link) => Ok(link.hash),
            None if self.login.tokens().has_live_login() => Ok(self.read_link().await?.hash),
            None => Err(AccountError::NotAuthorized),
        }
    }

    /// One read someone waits on (a person, or an order event's follow-up, as `class` says): a read
    /// of that class from the app budget and a call with a usable token, tried again with backoff
    /// within [`WaitedRead`]'s budget while the brokerage's failure is passing.
    async fn waited_read<T, F, Fut>(&self, class: ReadClass, call: F) -> Result<T, AccountError>
    where
        F: Fn(AccessToken) -> Fut,
        Fut: std::future::Future<Output = Result<T, BrokerError>>,
    {
        let call = &call;
        WaitedRead::new(self.deps.pause.clone())
            .run(self.deps.clock.as_ref(), is_passing, || async move {
                self.take_read(class, READ_DEADLINE).await?;
                self.with_token(call).await
            })
            .await
    }

    /// Takes the read that opening an order stream costs (Schwab's `userPreference`), waiting up to
    /// [`READ_DEADLINE`] for room in the app budget outside the person reserve.
    ///
    /// # Errors
    /// [`AccountError::ThrottledPastDeadline`] when the budget has no room in time.
    pub async fn take_opening_read(&self) -> Result<(), AccountError> {
        self.take_read(ReadClass::Event, READ_DEADLINE).await
    }

    /// Waits for room for a read of `class` in the app-wide read budget, up to `deadline`.
    async fn take_read(&self, class: ReadClass, deadline: Duration) -> Result<(), AccountError> {
        let started = self.deps.clock.now();
        let limit = chrono::Duration::from_std(deadline).unwrap_or(chrono::Duration::MAX);
        loop {
            if self.deps.reads.try_take_as(1, class) {
                self.count_reads(1);
                return Ok(());
            }
            let waited = self.deps.clock.now() - started;
            if waited >= limit {
                self.view().throttled = true;
                return Err(AccountError::ThrottledPastDeadline);
            }
            let retry = self.deps.reads.retry_after_as(class);
            let left = (limit - waited).to_std().unwrap_or(Duration::ZERO);
            self.deps
                .pause
                .pause(retry.min(left).max(Duration::from_millis(1)))
                .await;
        }
    }

    /// Runs one read call with a usable token, refreshing once if the brokerage says it expired.
    pub(super) async fn with_token<T, F, Fut>(&self, call: F) -> Result<T, AccountError>
    where
        F: Fn(AccessToken) -> Fut,
        Fut: std::future::Future<Output = Result<T, BrokerError>>,
    {
        let broker = self.deps.broker.as_ref();
        let token = self.login.tokens().access(broker).await?;
        let outcome = match call(token.clone()).await {
            Err(BrokerError::TokenExpired) => {
                let fresh = self.login.tokens().refresh_now(broker, &token).await?;
                call(fresh).await
            }
            other => other,
        };
        if matches!(outcome, Err(ref e) if e.is_throttled()) {
            self.broker_throttles
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        outcome.map_err(AccountError::from)
    }

    pub(super) fn record_outcome<T>(&self, outcome: &Result<T, AccountError>) {
        let mut view = self.view();
        match outcome {
            Ok(_) => {
                view.last_error = None;
                view.throttled = false;
            }
            Err(AccountError::ThrottledPastDeadline)
            | Err(AccountError::Broker(BrokerError::Connectivity(
                crate::broker::ConnectivityError::Throttled,
            ))) => view.throttled = true,
            Err(AccountError::NotAuthorized | AccountError::ReauthorizationNeeded) => {}
            Err(err) => {
                view.throttled = false;
                view.last_error = Some(err.to_string());
            }
        }
    }

    /// Reads balances and positions again after a fill (a position check). The caller has already taken
    /// its one read from the app budget (the poll scheduler does, as a background read).
    ///
    /// # Errors
    /// Whatever the brokerage or the token keeper answered; the failure is also recorded in the status.
    pub async fn check_positions_prepaid(&self) -> Result<(), AccountError> {
        self.count_reads(super::poll_planner::READS_PER_POSITION_CHECK);
        let started = self.read_starts();
        let outcome = async {
            let hash = self.linked_hash().await?;
            let shared = self.login_read_starts();
            let broker = self.deps.broker.clone();
            let all = !shared.is_empty();
            let read = self
                .with_token(|token| positions_call(broker.clone(), token, hash.clone(), all))
                .await?;
            Ok(self.share_positions_read(read, shared))
        }
        .await
        .and_then(|own: Option<AccountSnapshot>| own.ok_or_else(left_out));
        self.record_outcome(&outcome);
        let snapshot = outcome?;
        self.keep_read(&mut self.view(), started, snapshot);
        Ok(())
    }

    /// Polls balances, positions and recent orders. The caller has already taken two reads from the
    /// app budget for it (the poll scheduler does).
    ///
    /// # Errors
    /// Whatever the brokerage or the token keeper answered; the failure is also recorded in the status.
    pub async fn poll_prepaid(&self) -> Result<(), AccountError> {
        self.count_reads(2);
        let started = self.read_starts();
        let outcome = self.poll_calls().await;
        self.record_outcome(&outcome);
        let mut view = self.view();
        view.poll_requested = false;
        if let Ok((snapshot, orders, (from, at))) = outcome.clone() {
            self.keep_read(&mut view, started, snapshot);
            view.last_poll = view.snapshot_at;
            drop(view);
            let listing = OrderListing {
                orders: &orders,
                from,
                at,
            };
            self.deps.observer.orders_seen(self.id, listing);
            let streaming = self.is_streaming();
            let mut view = self.view();
            view.disagreed = streaming && disagrees(&view.orders, &orders);
            view.orders = orders;
        }
        outcome.map(|_| ())
    }

    /// Whether the copy layer holds a row of this account that is not final (see
    /// [`LinkedAccount::reach_listings_back_to`], which it calls with that row's time).
    /// Whether rows that are not final wait for this account's first catch-up listing since copydesk
    /// started (its stream is opening or open, and has not caught up yet).
    fn awaits_catch_up(&self) -> bool {
        // The rows first: most accounts have none, and the stream status is a copy.
        self.has_unfinished_rows() && {
            let stream = self.stream_status();
            stream.catch_ups == 0
                && !matches!(stream.phase, StreamPhase::Failed | StreamPhase::Unsupported)
        }
    }

    fn has_unfinished_rows(&self) -> bool {
        self.listing_reach
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }

    /// Makes the account's listings (polls and catch-ups) reach back to `at` when that is earlier
    /// than [`ORDER_LOOKBACK`] (never past [`ORDER_REACH_LIMIT`]), or only [`ORDER_LOOKBACK`] with
    /// `None`. The copy layer sets it to its oldest row that is not final, so a good-till-cancel
    /// order entered days ago, or a write left unsettled before a long stop, is still listed and
    /// its row kept current and settled.
    pub fn reach_listings_back_to(&self, at: Option<DateTime<Utc>>) {
        *self
            .listing_reach
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = at;
    }

    /// Now, and the window an order listing asks for: from [`ORDER_LOOKBACK`] ago (or further, see
    /// [`LinkedAccount::reach_listings_back_to`]) up to [`ORDER_LOOKAHEAD`] past now.
    fn order_window(&self) -> (DateTime<Utc>, DateTime<Utc>, DateTime<Utc>) {
        let now = self.deps.clock.now();
        let reach = *self
            .listing_reach
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        (now, listing_start(now, reach), now + ORDER_LOOKAHEAD)
    }

    /// Balances and positions, then the orders of the listing window ([`Self::order_window`]) with
    /// the window the listing covers (its start, and the time it was asked for).
    async fn poll_calls(&self) -> Result<PolledAccount, AccountError> {
        let hash = self.linked_hash().await?;
        let broker = self.deps.broker.clone();
        let shared = self.login_read_starts();
        let all = !shared.is_empty();
        let read = self
            .with_token(|token| positions_call(broker.clone(), token, hash.clone(), all))
            .await?;
        let snapshot = self
            .share_positions_read(read, shared)
            .ok_or_else(left_out)?;
        let (now, from, to) = self.order_window();
        let orders = self
            .with_token(|token| {
                let broker = broker.clone();
                let hash = hash.clone();
                async move { broker.list_orders(&token, &hash, from, to).await }
            })
            .await?;
        Ok((snapshot, orders, (from, now)))
    }

    /// Fetches balances and positions now (on demand), taking one read from the app budget per try;
    /// a passing brokerage failure is tried again within [`WaitedRead`]'s budget.
    ///
    /// # Errors
    /// [`AccountError::ThrottledPastDeadline`] when the budget has no room within [`READ_DEADLINE`], or
    /// the brokerage's or token keeper's error.
    pub async fn fetch_snapshot(&self) -> Result<AccountSnapshot, AccountError> {
        self.read_snapshot(ReadClass::Person).await
    }

    /// Reads balances and positions as a read of `class` and keeps them in the view.
    async fn read_snapshot(&self, class: ReadClass) -> Result<AccountSnapshot, AccountError> {
        let started = self.read_starts();
        let outcome = async {
            let hash = self.linked_hash().await?;
            let shared = self.login_read_starts();
            let broker = self.deps.broker.clone();
            let all = !shared.is_empty();
            let read = self
                .waited_read(class, |token| {
                    positions_call(broker.clone(), token, hash.clone(), all)
                })
                .await?;
            self.share_positions_read(read, shared).ok_or_else(left_out)
        }
        .await;
        self.record_outcome(&outcome);
        if let Ok(snapshot) = &outcome {
            self.keep_read(&mut self.view(), started, snapshot.clone());
        }
        outcome
    }

    /// Reads an option chain through this account's login (one read from the app budget per try,
    /// retried as [`LinkedAccount::fetch_snapshot`] is).
    ///
    /// # Errors
    /// As [`LinkedAccount::fetch_snapshot`].
    pub async fn option_chain(
        &self,
        underlying: &str,
        side: PutCall,
    ) -> Result<OptionChain, AccountError> {
        let broker = self.deps.broker.clone();
        let outcome = self
            .waited_read(ReadClass::Person, |token| {
                let broker = broker.clone();
                async move { broker.option_chain(&token, underlying, side).await }
            })
            .await;
        self.record_outcome(&outcome);
        outcome
    }

    /// Reads quotes through this account's login (one read from the app budget per try, retried as
    /// [`LinkedAccount::fetch_snapshot`] is).
    ///
    /// # Errors
    /// As [`LinkedAccount::fetch_snapshot`].
    pub async fn quotes(
        &self,
        symbols: &[String],
    ) -> Result<std::collections::BTreeMap<String, crate::broker::Quote>, AccountError> {
        let broker = self.deps.broker.clone();
        let outcome = self
            .waited_read(ReadClass::Person, |token| {
                let broker = broker.clone();
                async move { broker.quotes(&token, symbols).await }
            })
            .await;
        self.record_outcome(&outcome);
        outcome
    }

    /// Polls now when the read budget has room for it (a person asked: the reads may use the person
    /// reserve), else asks for the next scheduled poll.
    pub async fn poll_now(&self) {
        if self
            .deps
            .reads
            .try_take_as(super::poll_planner::READS_PER_POLL, ReadClass::Person)
        {
            if let Err(err) = self.poll_prepaid().await {
                tracing::debug!(account = %self.id, error = %err, "poll on request failed");
            }
        } else {
            self.request_poll();
        }
    }

    /// Refreshes the access token now if it is due, so that the account stays connected while idle.
    ///
    /// # Errors
    /// As [`TokenKeeper::access`].
    pub async fn keep_token_fresh(&self) -> Result<(), AccountError> {
        if self.login.tokens().expiries().access.is_none() {
            return Ok(());
        }
        self.tokens()
            .access(self.deps.broker.as_ref())
            .await
            .map(|_| ())
    }

    /// Waits for room in this account's write budget up to the policy's throttle deadline.
    pub(super) async fn take_write(&self, policy: &SubmitPolicy) -> Result<(), AccountError> {
        let limit =
            chrono::Duration::from_std(policy.throttle_deadline).unwrap_or(chrono::Duration::MAX);
        // The wait starts at the first refusal: a write with room (every write of a fan-out within
        // the limit) reads the clock only inside the budget.
        let mut started = None;
        loop {
            if self.writes.try_take(1) {
                if started.is_some() {
                    self.note_write_wait(None);
                }
                return Ok(());
            }
            let now = self.deps.clock.now();
            let waited = now - *started.get_or_insert(now);
            if waited >= limit {
                self.note_write_wait(None);
                self.view().throttled = true;
                return Err(AccountError::ThrottledPastDeadline);
            }
            let left = (limit - waited).to_std().unwrap_or(Duration::ZERO);
            let retry = self.writes.retry_after();
            self.note_write_wait(
                chrono::Duration::from_std(retry)
                    .ok()
                    .and_then(|retry| now.checked_add_signed(retry)),
            );
            self.deps
                .pause
                .pause(retry.min(left).max(Duration::from_millis(1)))
                .await;
        }
    }

    /// Where the login's order stream is, as last read, if it was.
    #[must_use]
    pub fn stream_address(&self) -> Option<crate::broker::StreamAddress> {
        self.stream_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Keeps where the login's order stream is (memory and vault), or forgets it with `None` (the
    /// streamer refused a login there: the next opening reads it again). A vault failure is logged:
    /// the address is then only read again after a restart.
    pub fn keep_stream_address(&self, address: Option<crate::broker::StreamAddress>) {
        if let Err(err) = self
            .deps
            .vault
            .save_stream_address(self.id, address.as_ref())
        {
            tracing::warn!(account = %self.id, error = %err, "the stream address could not be kept");
        }
        *self
            .stream_address
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = address;
    }

    fn note_write_wait(&self, until: Option<DateTime<Utc>>) {
        *self
            .write_wait
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = until;
    }

    /// How long a write of this account still waits for room in its write budget, when one waits
    /// now (the budget's own estimate of when room comes, so a person can be told why a command
    /// takes its time); `None` when no write waits.
    #[must_use]
    pub fn write_wait_left(&self) -> Option<Duration> {
        let until = (*self
            .write_wait
            .lock()
            .unwrap_or_else(PoisonError::into_inner))?;
        (until - self.deps.clock.now()).to_std().ok()
    }

    /// Places an order exactly once (see [`submit_order`]): within the write budget, with a fresh
    /// token, refreshing once when the brokerage says the token expired (the write was then refused,
    /// so sending it again cannot duplicate it). Asks for a poll afterwards.
    pub async fn submit_order(
        &self,
        request: &OrderRequest,
        known: &dyn ClaimedIds,
        policy: &SubmitPolicy,
    ) -> SubmitOutcome {
        self.write(policy, Write::Place { request, known }).await
    }

    /// Replaces an order exactly once (see [`submit_replace`]); as [`LinkedAccount::submit_order`].
    /// The stock legs keep the asset type the broker listed for the old order (a fund stays
    /// COLLECTIVE_INVESTMENT), so the order is echoed back as the broker gave it.
    pub async fn submit_replace(
        &self,
        old: BrokerOrderId,
        request: &OrderRequest,
        known: &dyn ClaimedIds,
        policy: &SubmitPolicy,
    ) -> SubmitOutcome {
        let echoed = self
            .view()
            .orders
            .iter()
            .find(|o| o.id == old)
            .map(|listed| listed.echo_asset_types(request));
        self.write(
            policy,
            Write::Replace {
                old,
                request: echoed.as_ref().unwrap_or(request),
                known,
            },
        )
        .await
    }

    async fn write(&self, policy: &SubmitPolicy, write: Write<'_>) -> SubmitOutcome {
        let outcome = async {
            let hash = self.hash()?;
            self.take_write(policy).await?;
            let broker = self.deps.broker.as_ref();
            let token = self.login.tokens().access(broker).await?;
            let target = |token| SubmitTarget {
                broker,
                token,
                account: &hash,
                clock: self.deps.clock.as_ref(),
                policy,
            };
            let first = write.send(target(&token)).await;
            if matches!(&first, SubmitOutcome::Rejected(why) if is_token_expired(why)) {
                let fresh = self.login.tokens().refresh_now(broker, &token).await?;
                self.take_write(policy).await?;
                return Ok(write.send(target(&fresh)).await);
            }
            Ok::<_, AccountError>(first)
        }
        .await;
        self.request_poll_unless_streaming();
        match outcome {
            Ok(outcome) => outcome,
            Err(AccountError::ThrottledPastDeadline) => SubmitOutcome::ThrottledPastDeadline,
            Err(err) => SubmitOutcome::Rejected(err.to_string()),
        }
    }

    /// Cancels an order within the write budget (waiting up to the policy's throttle deadline),
    /// refreshing the token once if it expired.
    ///
    /// # Errors
    /// [`AccountError`] when the budget, the token or the brokerage refused.
    pub async fn cancel_order(
        &self,
        order: BrokerOrderId,
        policy: &SubmitPolicy,
    ) -> Result<(), AccountError> {
        let hash = self.hash()?;
        self.take_write(policy).await?;
        let broker = self.deps.broker.clone();
        let outcome = self
            .with_token(|token| {
                let broker = broker.clone();
                let hash = hash.clone();
                async move { broker.cancel_order(&token, &hash, order).await }
            })
            .await;
        self.request_poll_unless_streaming();
        outcome
    }

    /// The write budget, for order submission.
    #[must_use]
    pub fn writes(&self) -> &CallBudget {
        &self.writes
    }

    /// The login's token keeper (shared with the login's other accounts), for order submission.
    #[must_use]
    pub fn tokens(&self) -> &TokenKeeper {
        self.login.tokens()
    }

    /// The login the account signs in with.
    #[must_use]
    pub fn login(&self) -> &Arc<Login> {
        &self.login
    }

    /// The outside world this account talks to.
    #[must_use]
    pub fn deps(&self) -> &AccountDeps {
        &self.deps
    }
}

/// A read of every account of the login that left this account out.
fn left_out() -> AccountError {
    AccountError::Broker(BrokerError::rejected(
        "the brokerage's answer left the account out",
    ))
}

/// What one positions read answered: the account alone, or every account of its login.
enum PositionsRead {
    One(Box<AccountSnapshot>),
    All(Vec<AccountSnapshot>),
}

/// One positions read of `hash`: with `all`, every account of the login in one read where the
/// brokerage has such a read (Schwab's `accounts?fields=positions`), else the account alone.
async fn positions_call(
    broker: Arc<dyn Brokerage>,
    token: AccessToken,
    hash: AccountHash,
    all: bool,
) -> Result<PositionsRead, BrokerError> {
    if all {
        if let Some(every) = broker.login_accounts(&token).await? {
            return Ok(PositionsRead::All(every));
        }
    }
    broker
        .account(&token, &hash)
        .await
        .map(|own| PositionsRead::One(Box::new(own)))
}

/// Brings a known order up to what an event says (status, filled quantity), so that the planner's
/// view of open orders follows the stream between reads. A final status is never left.
fn apply_to_order(order: &mut BrokerOrder, event: &OrderEvent) {
    if order.status.is_final() {
        return;
    }
    if let OrderChange::Filled {
        filled, remaining, ..
    } = &event.change
    {
        if *filled < order.filled_quantity {
            return;
        }
        order.filled_quantity = *filled;
        order.remaining_quantity = *remaining;
    }
    if let Some(status) = event.change.status() {
        order.status = status;
    }
}

/// Whether a listing tells of an order known before another status or filled quantity than was
/// known (what the stream said, for a streamed account).
fn disagrees(known: &[BrokerOrder], listed: &[BrokerOrder]) -> bool {
    listed.iter().any(|order| {
        known.iter().any(|k| {
            k.id == order.id
                && (k.status != order.status || k.filled_quantity != order.filled_quantity)
        })
    })
}

/// Whether a follow-up read is worth asking again: the budget had no room in time, or the brokerage's
/// failure may pass.
fn may_pass(err: &AccountError) -> bool {
    *err == AccountError::ThrottledPastDeadline || is_passing(err)
}

/// Whether a read failed for a reason that may pass: the brokerage was unreachable, failed on its side,
/// throttled, or answered unreadably.
fn is_passing(err: &AccountError) -> bool {
    matches!(err, AccountError::Broker(broker) if broker.is_retryable())
}

/// One order write: a placement or a replacement.
#[derive(Clone, Copy)]
enum Write<'a> {
    Place {
        request: &'a OrderRequest,
        known: &'a dyn ClaimedIds,
    },
    Replace {
        old: BrokerOrderId,
        request: &'a OrderRequest,
        known: &'a dyn ClaimedIds,
    },
}

/// Whether a write was refused because the access token expired (told by its reason's text).
/// Where a listing made at `now` starts: [`ORDER_LOOKBACK`] ago, or `reach` when that is earlier,
/// but never before [`ORDER_REACH_LIMIT`] ago.
fn listing_start(now: DateTime<Utc>, reach: Option<DateTime<Utc>>) -> DateTime<Utc> {
    let usual = now - ORDER_LOOKBACK;
    reach.map_or(usual, |at| usual.min(at.max(now - ORDER_REACH_LIMIT)))
}

fn is_token_expired(why: &str) -> bool {
    static TOKEN_EXPIRED: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| BrokerError::TokenExpired.to_string());
    why == TOKEN_EXPIRED.as_str()
}

impl Write<'_> {
    async fn send(self, target: SubmitTarget<'_>) -> SubmitOutcome {
        match self {
            Self::Place { request, known } => submit_order(target, request, known).await,
            Self::Replace {
                old,
                request,
                known,
            } => submit_replace(target, old, request, known).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    #[test]
    fn listings_reach_back_to_an_older_open_row_within_a_year() {
        let now = Utc.with_ymd_and_hms(2026, 11, 30, 15, 0, 0).unwrap();
        assert_eq!(listing_start(now, None), now - ORDER_LOOKBACK);
        let friday = now - chrono::Duration::days(3);
        assert_eq!(listing_start(now, Some(friday)), friday);
        // A reach inside the usual day changes nothing.
        assert_eq!(
            listing_start(now, Some(now - chrono::Duration::hours(2))),
            now - ORDER_LOOKBACK
        );
        // Never further back than the broker lists.
        assert_eq!(
            listing_start(now, Some(now - chrono::Duration::days(500))),
            now - ORDER_REACH_LIMIT
        );
    }
}
