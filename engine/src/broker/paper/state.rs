//! Everything the paper brokerage knows, and the rules that change it.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Duration, Utc};
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};
use rust_decimal::Decimal;
use tokio::sync::broadcast;

use super::auth::Auth;
use super::bracket::{Bracket, PlacedBracket};
use super::config::PaperConfig;
use super::event_routes::{EventRoutes, RoutedEvents};
use super::faults::{FaultConfig, FaultInjector};
use super::funds::{self, Funds};
use super::ledger::{Fill, Ledger};
use super::market::Market;
use super::paper_order::PaperOrder;
use super::universe::Listing;
use crate::broker::{
    AccessToken, AccountHash, AccountKind, AccountLink, AccountNumber, AccountSnapshot, Balances,
    BrokerError, FillSide, FilledLeg, OrderChange, OrderEvent as PublishedEvent, Position,
};
use crate::ids::BrokerOrderId;
use crate::order::{
    AssetType, Duration as OrderDuration, Instruction, OptionSymbol, OrderEvent, OrderRequest,
    OrderStatus, OrderStrategy, OrderType, Session, readable_symbol,
};

/// First order id handed out.
const FIRST_ORDER_ID: i64 = 1_000_000_001;
/// First id handed to an OCO container (an id without an order of its own), far from order ids.
const FIRST_CONTAINER_ID: i64 = 5_000_000_000_001;
/// First paper account number.
const FIRST_ACCOUNT_NUMBER: u64 = 90_000_001;
/// How long the extended (after-hours) session runs past the regular close: SEAMLESS DAY orders work
/// until then.
const EXTENDED_HOURS_AFTER_CLOSE: Duration = Duration::hours(4);
/// Order events kept for a subscriber that has not read them yet; one that falls further behind
/// is told how many it lost (`RecvError::Lagged`) and must catch up by reading orders.
pub const ORDER_EVENT_BACKLOG: usize = 16_384;
/// Why a cash account cannot sell short.
const SHORT_IN_CASH: &str = "Order rejected: short stock needs a margin account";

/// Most accounts one paper login reaches.
pub const MAX_LOGIN_ACCOUNTS: usize = 9;

/// How many accounts the paper login `username` reaches: N for a username ending in `+N` (N from 2
/// to [`MAX_LOGIN_ACCOUNTS`], e.g. `family+2`, an individual account and an IRA), else one.
#[must_use]
pub fn accounts_of_login(username: &str) -> usize {
    username
        .rsplit_once('+')
        .filter(|(_, count)| count.len() == 1)
        .and_then(|(_, count)| count.parse::<usize>().ok())
        .filter(|count| (2..=MAX_LOGIN_ACCOUNTS).contains(count))
        .unwrap_or(1)
}

/// One paper account.
#[derive(Debug)]
pub struct PaperAccount {
    /// The login that owns it.
    pub username: String,
    /// Its number and hash.
    pub link: AccountLink,
    /// Cash or margin.
    pub kind: AccountKind,
    /// Its money and holdings.
    pub ledger: Ledger,
}

/// The whole paper brokerage behind one lock.
#[derive(Debug)]
pub struct PaperState {
    /// Settings.
    pub config: PaperConfig,
    /// Prices.
    pub market: Market,
    /// Logins and tokens.
    pub auth: Auth,
    /// Injected failures.
    pub faults: FaultInjector,
    accounts: Vec<PaperAccount>,
    by_hash: HashMap<String, usize>,
    /// Each login's accounts, in the order they were opened.
    by_user: HashMap<String, Vec<usize>>,
    orders: Vec<PaperOrder>,
    /// Indices of each account's orders, oldest first, so reading one account's orders costs what it
    /// has, not what every account has.
    by_account: HashMap<usize, Vec<usize>>,
    /// Indices of orders not yet final, so each step touches only those.
    open: BTreeSet<usize>,
    hash_rng: StdRng,
    /// Where every change of every order is published, in the order the changes happen.
    events: broadcast::Sender<PublishedEvent>,
    /// The same changes for the order streams, each handed only to its account's streams.
    routes: EventRoutes,
    /// OCO containers handed out so far.
    containers: i64,
}

impl PaperState {
    /// An empty brokerage with a market at `now`.
    #[must_use]
    pub fn new(config: PaperConfig, listings: Vec<Listing>, now: DateTime<Utc>) -> Self {
        Self {
            market: Market::new(listings, &config, now),
            auth: Auth::new(&config),
            faults: FaultInjector::new(FaultConfig::default(), config.seed ^ 0xFA17),
            accounts: Vec::new(),
            by_hash: HashMap::new(),
            by_user: HashMap::new(),
            orders: Vec::new(),
            by_account: HashMap::new(),
            open: BTreeSet::new(),
            hash_rng: StdRng::seed_from_u64(config.seed ^ 0xACC7),
            events: broadcast::channel(ORDER_EVENT_BACKLOG).0,
            routes: EventRoutes::default(),
            containers: 0,
            config,
        }
    }

    /// A new subscriber to order events: it receives every change made from now on.
    pub fn subscribe_events(&self) -> broadcast::Receiver<PublishedEvent> {
        self.events.subscribe()
    }

    /// A stream of the changes of the orders of `accounts` from now on (an order stream's source).
    pub fn subscribe_accounts(&mut self, accounts: &[AccountHash]) -> RoutedEvents {
        self.routes.subscribe(accounts)
    }

    /// Whether stepping the market on a timer could change anything someone listens for: an order
    /// is open and at least one subscriber or order stream is listening.
    #[must_use]
    pub fn wants_steps(&self) -> bool {
        !self.open.is_empty() && (self.events.receiver_count() > 0 || self.routes.is_listened())
    }

    /// Publishes one change of the order at `index` (nobody listening is fine: the change is
    /// then simply not pushed anywhere).
    fn publish(&mut self, index: usize, change: OrderChange, at: DateTime<Utc>) {
        let Some(order) = self.orders.get(index) else {
            return;
        };
        let Some(account) = self.accounts.get(order.account) else {
            return;
        };
        let event = PublishedEvent {
            account: account.link.hash.clone(),
            order: order.id,
            change,
            at,
        };
        self.routes.publish(&event);
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(event);
        }
    }

    /// Every paper account.
    #[must_use]
    pub fn accounts(&self) -> &[PaperAccount] {
        &self.accounts
    }

    /// The first account of `username`, its login's accounts opened on first use (see
    /// [`accounts_of_login`]: a username ending in `+N`, N from 2 to 9, reaches N accounts).
    pub fn account_of_user(&mut self, username: &str) -> usize {
        if let Some(first) = self.by_user.get(username).and_then(|all| all.first()) {
            return *first;
        }
        let opened: Vec<usize> = (0..accounts_of_login(username))
            .map(|_| self.open_account(username))
            .collect();
        let first = opened[0];
        self.by_user.insert(username.to_owned(), opened);
        first
    }

    fn open_account(&mut self, username: &str) -> usize {
        let index = self.accounts.len();
        let number = FIRST_ACCOUNT_NUMBER + u64::try_from(index).unwrap_or(0);
        let mut bytes = [0_u8; 32];
        self.hash_rng.fill_bytes(&mut bytes);
        let hash = hex::encode_upper(bytes);
        self.accounts.push(PaperAccount {
            username: username.to_owned(),
            link: AccountLink {
                account_number: AccountNumber(number.to_string()),
                hash: AccountHash(hash.clone()),
            },
            kind: self.config.account_kind,
            ledger: Ledger::new(self.config.starting_cash),
        });
        self.by_hash.insert(hash, index);
        index
    }

    /// The account links a live access token reaches.
    ///
    /// # Errors
    /// `TokenExpired` for a dead token.
    pub fn links(
        &self,
        token: &AccessToken,
        now: DateTime<Utc>,
    ) -> Result<Vec<AccountLink>, BrokerError> {
        let username = self.auth.check(token, now)?;
        Ok(self
            .by_user
            .get(username)
            .map(|all| {
                all.iter()
                    .filter_map(|i| self.accounts.get(*i))
                    .map(|a| a.link.clone())
                    .collect()
            })
            .unwrap_or_default())
    }

    /// The account a token may use under `hash`.
    ///
    /// # Errors
    /// `TokenExpired` for a dead token; `Rejected` when the hash is unknown or not the login's.
    pub fn authorized_account(
        &self,
        token: &AccessToken,
        hash: &AccountHash,
        now: DateTime<Utc>,
    ) -> Result<usize, BrokerError> {
        let username = self.auth.check(token, now)?;
        self.by_hash
            .get(&hash.0)
            .copied()
            .filter(|i| {
                self.accounts
                    .get(*i)
                    .is_some_and(|a| a.username == username)
            })
            .ok_or_else(|| BrokerError::rejected("account not found"))
    }

    /// The account under `hash`, whoever owns it.
    #[must_use]
    pub fn account_index(&self, hash: &AccountHash) -> Option<usize> {
        self.by_hash.get(&hash.0).copied()
    }

    /// Moves the market to `now`, expiring, activating and filling orders at every step.
    pub fn advance(&mut self, now: DateTime<Utc>) {
        for at in self.market.plan_steps(now) {
            self.market.step_to(at);
            self.process_orders(at);
        }
    }

    /// Sets a stock's price by hand and lets orders react.
    ///
    /// # Errors
    /// `Rejected` for a symbol that is not listed or a price that is not positive.
    pub fn set_price(
        &mut self,
        symbol: &str,
        price: Decimal,
        now: DateTime<Utc>,
    ) -> Result<(), BrokerError> {
        if price <= Decimal::ZERO {
            return Err(BrokerError::rejected("price must be positive"));
        }
        self.advance(now);
        if !self.market.set_price(symbol, price) {
            return Err(BrokerError::rejected(format!("unknown symbol `{symbol}`")));
        }
        self.process_orders(self.market.now().max(now));
        Ok(())
    }

    fn process_orders(&mut self, at: DateTime<Utc>) {
        let open: Vec<usize> = self.open.iter().copied().collect();
        for index in open {
            self.process_order(index, at);
        }
    }

    /// The open orders of one account, oldest first (through its own index, so the cost is its
    /// orders, not every account's).
    pub(super) fn open_orders_of(&self, account: usize) -> impl Iterator<Item = &PaperOrder> {
        self.by_account
            .get(&account)
            .into_iter()
            .flatten()
            .filter(|i| self.open.contains(i))
            .filter_map(|i| self.orders.get(*i))
    }

    /// Records a new (open) order and publishes its creation; the caller then lets it activate
    /// and fill.
    fn admit_created(&mut self, order: PaperOrder, now: DateTime<Utc>) {
        let index = self.orders.len();
        self.by_account
            .entry(order.account)
            .or_default()
            .push(index);
        self.orders.push(order);
        self.open.insert(index);
        self.publish(index, OrderChange::Created, now);
    }

    /// Refuses a just-created order with `reason`.
    fn reject(&mut self, index: usize, reason: String, now: DateTime<Utc>) {
        let Some(order) = self.orders.get_mut(index) else {
            return;
        };
        if order.apply(OrderEvent::Rejected, now).is_err() {
            return;
        }
        order.status_description = Some(reason.clone());
        self.open.remove(&index);
        self.publish(index, OrderChange::Rejected { reason }, now);
    }

    fn process_order(&mut self, index: usize, at: DateTime<Utc>) {
        if self.still_waiting(index, at) {
            return;
        }
        let changes = self.step_order(index, at);
        let filled = changes
            .iter()
            .any(|(change, _)| matches!(change, OrderChange::Filled { .. }));
        for (change, when) in changes {
            self.publish(index, change, when);
        }
        if self.orders.get(index).is_none_or(|o| o.status.is_final()) {
            self.open.remove(&index);
        }
        if filled {
            self.cancel_oco_siblings(index, at);
        }
    }

    /// For an order waiting on a bracket's first order: whether it still waits. It starts (and is
    /// checked against the account like a new order) once that order has filled completely, and is
    /// canceled once that order ended any other way.
    fn still_waiting(&mut self, index: usize, at: DateTime<Utc>) -> bool {
        let Some(order) = self.orders.get(index) else {
            return false;
        };
        let Some(first) = order.waits_for else {
            return false;
        };
        let (account, request, oco) = (order.account, order.request.clone(), order.oco);
        match self.orders.get(first).map(|o| o.status.clone()) {
            Some(OrderStatus::Filled) => {
                let refusal = self.refusal(account, &request, None, oco);
                let delay = self.config.activation_delay;
                if let Some(order) = self.orders.get_mut(index) {
                    order.waits_for = None;
                    order.activates_at = at + delay;
                }
                if let Some(reason) = refusal {
                    self.reject(index, reason, at);
                    return true;
                }
                false
            }
            Some(status) if !status.is_final() => true,
            _ => {
                self.end_canceled(index, at);
                true
            }
        }
    }

    /// Cancels an open order on the market's own account (its bracket ended it).
    fn end_canceled(&mut self, index: usize, at: DateTime<Utc>) {
        let Some(order) = self.orders.get_mut(index) else {
            return;
        };
        let ended = order
            .apply(OrderEvent::CancelRequested, at)
            .and_then(|()| order.apply(OrderEvent::Canceled, at));
        if ended.is_ok() {
            self.open.remove(&index);
            self.publish(index, OrderChange::Canceled, at);
        }
    }

    /// Once an order of an OCO fills, its open siblings are canceled.
    fn cancel_oco_siblings(&mut self, index: usize, at: DateTime<Utc>) {
        let Some((account, Some(oco))) = self.orders.get(index).map(|o| (o.account, o.oco)) else {
            return;
        };
        let siblings: Vec<usize> = self
            .by_account
            .get(&account)
            .into_iter()
            .flatten()
            .copied()
            .filter(|i| *i != index && self.open.contains(i))
            .filter(|i| self.orders.get(*i).is_some_and(|o| o.oco == Some(oco)))
            .collect();
        for sibling in siblings {
            self.end_canceled(sibling, at);
        }
    }

    /// Settles the open orders waiting on the order at `index` (after it was canceled or replaced).
    fn settle_waiting_on(&mut self, index: usize, at: DateTime<Utc>) {
        let Some(account) = self.orders.get(index).map(|o| o.account) else {
            return;
        };
        let waiting: Vec<usize> = self
            .by_account
            .get(&account)
            .into_iter()
            .flatten()
            .copied()
            .filter(|i| self.open.contains(i))
            .filter(|i| {
                self.orders
                    .get(*i)
                    .is_some_and(|o| o.waits_for == Some(index))
            })
            .collect();
        for child in waiting {
            self.process_order(child, at);
        }
    }

    /// Moves one order to `at`: expiry, activation, one execution. Returns the changes made, in
    /// order, with when each happened.
    fn step_order(&mut self, index: usize, at: DateTime<Utc>) -> Vec<(OrderChange, DateTime<Utc>)> {
        let mut changes = Vec::new();
        let fill_size = self.config.fill_size_per_step;
        let Some(order) = self.orders.get_mut(index) else {
            return changes;
        };
        if order.status.is_final() {
            return changes;
        }
        if let Some(expires_at) = order.expires_at.filter(|e| *e <= at) {
            if order.apply(OrderEvent::Expired, expires_at).is_ok() {
                changes.push((OrderChange::Expired, expires_at));
            }
            return changes;
        }
        if matches!(
            order.status,
            OrderStatus::PendingActivation | OrderStatus::AwaitingParentOrder
        ) {
            if order.activates_at > at {
                return changes;
            }
            let activated = order
                .apply(OrderEvent::Accepted, at)
                .and_then(|()| order.apply(OrderEvent::Activated, at));
            if activated.is_err() {
                return changes;
            }
            changes.push((OrderChange::Accepted, at));
            order.start_trailing(&self.market);
        }
        let Some(execution) = order.execution(&self.market, fill_size) else {
            return changes;
        };
        let Some(account) = self.accounts.get_mut(order.account) else {
            return changes;
        };
        let mut legs = Vec::with_capacity(order.request.legs.len());
        for (leg, price) in order.request.legs.iter().zip(&execution.leg_prices) {
            let per_unit = if order.request.is_complex() {
                leg.quantity / order.request.total_quantity().max(1)
            } else {
                1
            };
            legs.push(FilledLeg {
                symbol: leg.symbol.clone(),
                asset_type: Some(leg.asset_type.clone()),
                side: FillSide::of(leg.instruction),
                per_unit: per_unit.max(1),
                price: Some(*price),
            });
            account.ledger.apply(Fill {
                order: order.id,
                time: at,
                symbol: leg.symbol.clone(),
                instruction: leg.instruction,
                quantity: execution.units * per_unit.max(1),
                price: *price,
                asset_type: leg.asset_type.clone(),
            });
        }
        order.filled += execution.units;
        order.filled_value += Decimal::from(execution.units) * execution.unit_price;
        order.fill_times = Some((order.fill_times.map_or(at, |(first, _)| first), at));
        let complete = order.remaining() == 0;
        if order.apply(OrderEvent::Filled { complete }, at).is_ok() {
            changes.push((
                OrderChange::Filled {
                    filled: order.filled,
                    remaining: order.remaining(),
                    price: execution.unit_price,
                    legs,
                },
                at,
            ));
        }
        changes
    }

    /// Checks a request against the market: valid, and every symbol tradable.
    ///
    /// # Errors
    /// `Rejected` naming the problem.
    pub fn check_request(&self, request: &OrderRequest) -> Result<(), BrokerError> {
        request
            .validate()
            .map_err(|e| BrokerError::rejected(format!("invalid order: {e}")))?;
        for leg in &request.legs {
            if !self.market.is_tradable(&leg.symbol) {
                return Err(BrokerError::rejected(format!(
                    "unknown symbol `{}`",
                    readable_symbol(&leg.symbol)
                )));
            }
        }
        Ok(())
    }

    /// `request` with each stock leg carrying the asset type the market lists its symbol as (an ETF's
    /// shares are COLLECTIVE_INVESTMENT, whichever stock word the order used), as Schwab reports them.
    fn as_listed(&self, request: &OrderRequest) -> OrderRequest {
        let mut listed = request.clone();
        for leg in listed.legs.iter_mut().filter(|l| l.asset_type.is_stock()) {
            if let Some(listing) = self.market.listing(&leg.symbol) {
                leg.asset_type = listing.asset_type.clone();
            }
        }
        listed
    }

    /// Why the account cannot take this order (closing more than held, or not enough
    /// money once every open order is counted), if it cannot.
    /// Orders of the OCO `oco` do not count against each other (only one of them will fill), and orders
    /// still waiting on a bracket's first order do not count yet.
    pub(super) fn refusal(
        &self,
        account: usize,
        request: &OrderRequest,
        ignoring: Option<BrokerOrderId>,
        oco: Option<BrokerOrderId>,
    ) -> Option<String> {
        let paper = self.accounts.get(account)?;
        let ledger = &paper.ledger;
        let sells_short = request
            .legs
            .iter()
            .any(|l| l.instruction == Instruction::SellShort);
        if paper.kind == AccountKind::Cash && sells_short {
            return Some(SHORT_IN_CASH.to_owned());
        }
        let open: Vec<&PaperOrder> = self
            .open_orders_of(account)
            .filter(|o| Some(o.id) != ignoring)
            .filter(|o| oco.is_none() || o.oco != oco)
            .filter(|o| o.waits_for.is_none())
            .collect();
        for leg in request.legs.iter().filter(|l| l.instruction.is_closing()) {
            let held = ledger.net(&leg.symbol);
            let buys = leg.instruction.is_buy();
            let held_side = if buys { -held } else { held };
            let pending: i64 = open
                .iter()
                .flat_map(|o| o.request.legs.iter().map(move |l| (o, l)))
                .filter(|(_, l)| {
                    l.symbol == leg.symbol
                        && l.instruction.is_closing()
                        && l.instruction.is_buy() == buys
                })
                .map(|(o, l)| i64::from(remaining_leg_units(o, l.quantity)))
                .sum();
            if i64::from(leg.quantity) + pending > held_side.max(0) {
                return Some(format!(
                    "Order rejected: the account does not hold {} of {} to close",
                    leg.quantity,
                    readable_symbol(&leg.symbol)
                ));
            }
        }
        if !request.legs.iter().any(|l| l.instruction.is_opening()) {
            return None;
        }
        let account_kind = paper.kind;
        let mut cash = ledger.cash;
        let mut positions = ledger.net_positions();
        for order in &open {
            let units = order.remaining();
            self.imagine_fill(&order.request, units, &mut cash, &mut positions);
        }
        self.imagine_fill(request, request.total_quantity(), &mut cash, &mut positions);
        let after = funds::assess(account_kind, cash, &positions, &self.market);
        if let Some(reason) = after.forbidden {
            return Some(format!("Order rejected: {reason}"));
        }
        if after.available < Decimal::ZERO {
            return Some(match account_kind {
                AccountKind::Margin => "Order rejected: insufficient buying power".to_owned(),
                AccountKind::Cash => {
                    "Order rejected: insufficient cash available for trading".to_owned()
                }
            });
        }
        None
    }

    /// Adds to `cash` and `positions` what filling `units` of `request` at today's
    /// expected prices would do.
    pub(super) fn imagine_fill(
        &self,
        request: &OrderRequest,
        units: u32,
        cash: &mut Decimal,
        positions: &mut BTreeMap<String, i64>,
    ) {
        if units == 0 {
            return;
        }
        let spreads = request.total_quantity().max(1);
        let complex = request.is_complex();
        // A spread priced at its net moves cash by the net; legs move cash one by one otherwise.
        let net_priced = complex && request.order_type != OrderType::Market;
        for leg in &request.legs {
            let leg_units = if complex {
                i64::from(units) * i64::from(leg.quantity / spreads).max(1)
            } else {
                i64::from(units)
            };
            let signed = if leg.instruction.is_buy() {
                leg_units
            } else {
                -leg_units
            };
            *positions.entry(leg.symbol.clone()).or_insert(0) += signed;
            if !net_priced {
                let price = self.expected_price(request, leg.instruction.is_buy(), &leg.symbol);
                let amount =
                    price * Decimal::from(leg_units) * Decimal::from(leg.asset_type.multiplier());
                *cash += if leg.instruction.is_buy() {
                    -amount
                } else {
                    amount
                };
            }
        }
        if net_priced {
            let net = request.price.unwrap_or(Decimal::ZERO)
                * Decimal::from(units)
                * Decimal::from(AssetType::Option.multiplier());
            *cash += match request.order_type {
                OrderType::NetCredit => net,
                OrderType::NetDebit => -net,
                _ => Decimal::ZERO,
            };
        }
    }

    fn expected_price(&self, request: &OrderRequest, buys: bool, symbol: &str) -> Decimal {
        let Some(prices) = self.market.prices(symbol) else {
            return Decimal::ZERO;
        };
        let touch = if buys { prices.ask } else { prices.bid };
        match request.order_type {
            OrderType::Limit | OrderType::StopLimit => request.price.unwrap_or(touch),
            OrderType::Stop => {
                let stop = request.stop_price.unwrap_or(touch);
                if buys {
                    stop.max(touch)
                } else {
                    stop.min(touch)
                }
            }
            _ => touch,
        }
    }

    fn new_order(
        &mut self,
        account: usize,
        request: &OrderRequest,
        now: DateTime<Utc>,
    ) -> PaperOrder {
        let id = BrokerOrderId(FIRST_ORDER_ID + i64::try_from(self.orders.len()).unwrap_or(0));
        let expires_at = match (request.duration.clone(), request.session) {
            (OrderDuration::Day, Session::Seamless) => {
                Some(self.next_close(now, EXTENDED_HOURS_AFTER_CLOSE))
            }
            (OrderDuration::Day, _) => Some(self.next_close(now, Duration::zero())),
            _ => None,
        };
        PaperOrder {
            id,
            account,
            request: request.clone(),
            status: OrderStatus::PendingActivation,
            status_description: None,
            entered: now,
            close_time: None,
            activates_at: now + self.config.activation_delay,
            expires_at,
            filled: 0,
            filled_value: Decimal::ZERO,
            fill_times: None,
            triggered: false,
            trail_extreme: None,
            strategy: OrderStrategy::Single,
            parent: None,
            waits_for: None,
            oco: None,
        }
    }

    /// The first session end after `after`, where a session ends `past_close` after the regular close
    /// (an extended session may end after midnight, on the next calendar day).
    fn next_close(&self, after: DateTime<Utc>, past_close: Duration) -> DateTime<Utc> {
        let close = |days: i64| {
            (after.date_naive() + Duration::days(days))
                .and_time(self.config.session_close)
                .and_utc()
                + past_close
        };
        (-1..=1)
            .map(close)
            .find(|end| *end > after)
            .unwrap_or_else(|| close(2))
    }

    /// Places an order: a refused one is recorded as REJECTED with the reason.
    ///
    /// # Errors
    /// `Rejected` for an invalid request or an unknown symbol (nothing is recorded).
    pub fn place(
        &mut self,
        account: usize,
        request: &OrderRequest,
        now: DateTime<Utc>,
    ) -> Result<BrokerOrderId, BrokerError> {
        self.check_request(request)?;
        let request = &self.as_listed(request);
        let refusal = self.refusal(account, request, None, None);
        let order = self.new_order(account, request, now);
        let id = order.id;
        let index = self.orders.len();
        self.admit_created(order, now);
        if let Some(reason) = refusal {
            self.reject(index, reason, now);
        }
        if self.open.contains(&index) {
            self.process_order(index, now);
        }
        Ok(id)
    }

    /// Replaces an open order: the old one becomes REPLACED, the new one gets a new id.
    ///
    /// # Errors
    /// `Rejected` when the order is unknown or final, or the new request is invalid,
    /// names an unknown symbol or is not affordable (then the old order is untouched).
    pub fn replace(
        &mut self,
        account: usize,
        id: BrokerOrderId,
        request: &OrderRequest,
        now: DateTime<Utc>,
    ) -> Result<BrokerOrderId, BrokerError> {
        let index = self.open_order_index(account, id, "replaced")?;
        self.check_request(request)?;
        let request = &self.as_listed(request);
        if let Some(reason) = self.refusal(account, request, Some(id), None) {
            return Err(BrokerError::rejected(reason));
        }
        if let Some(old) = self.orders.get_mut(index) {
            old.apply(OrderEvent::ReplaceRequested, now)
                .and_then(|()| old.apply(OrderEvent::Replaced, now))
                .map_err(|e| BrokerError::rejected(e.to_string()))?;
        }
        self.open.remove(&index);
        let order = self.new_order(account, request, now);
        let new_id = order.id;
        self.publish(index, OrderChange::Replaced { by: new_id }, now);
        let new_index = self.orders.len();
        self.admit_created(order, now);
        self.process_order(new_index, now);
        self.settle_waiting_on(index, now);
        Ok(new_id)
    }

    /// Cancels an open order.
    ///
    /// # Errors
    /// `Rejected` when the order is unknown or final.
    pub fn cancel(
        &mut self,
        account: usize,
        id: BrokerOrderId,
        now: DateTime<Utc>,
    ) -> Result<(), BrokerError> {
        let index = self.open_order_index(account, id, "canceled")?;
        if let Some(order) = self.orders.get_mut(index) {
            order
                .apply(OrderEvent::CancelRequested, now)
                .and_then(|()| order.apply(OrderEvent::Canceled, now))
                .map_err(|e| BrokerError::rejected(e.to_string()))?;
        }
        self.open.remove(&index);
        self.publish(index, OrderChange::Canceled, now);
        self.settle_waiting_on(index, now);
        Ok(())
    }

    /// Places a bracket: its first order at once (a TRIGGER), and its children waiting for that
    /// order's complete fill, or at once for a bare OCO; an OCO's children cancel each other once one
    /// fills. A refused order is recorded as REJECTED with the reason, as [`PaperState::place`] does.
    ///
    /// # Errors
    /// `Rejected` for a malformed bracket, an invalid request or an unknown symbol (nothing is recorded).
    pub fn place_bracket(
        &mut self,
        account: usize,
        bracket: &Bracket,
        now: DateTime<Utc>,
    ) -> Result<PlacedBracket, BrokerError> {
        bracket
            .check()
            .map_err(|e| BrokerError::rejected(format!("invalid order: {e}")))?;
        for request in bracket.first.iter().chain(&bracket.children) {
            self.check_request(request)?;
        }
        let first = match &bracket.first {
            Some(request) => {
                let index = self.orders.len();
                let id = self.place(account, request, now)?;
                if let Some(order) = self.orders.get_mut(index) {
                    order.strategy = OrderStrategy::Trigger;
                }
                Some((index, id))
            }
            None => None,
        };
        let container = bracket.one_cancels_other.then(|| {
            self.containers += 1;
            BrokerOrderId(FIRST_CONTAINER_ID + self.containers - 1)
        });
        let parent = container.or(first.map(|(_, id)| id));
        let mut children = Vec::with_capacity(bracket.children.len());
        for request in &bracket.children {
            let request = self.as_listed(request);
            let mut order = self.new_order(account, &request, now);
            order.parent = parent;
            order.oco = container;
            if let Some((index, _)) = first {
                order.waits_for = Some(index);
                order.status = OrderStatus::AwaitingParentOrder;
            }
            children.push((self.orders.len(), order.id));
            self.admit_created(order, now);
        }
        for (index, _) in &children {
            let waiting = first.is_some();
            if !waiting {
                let request = self.orders.get(*index).map(|o| o.request.clone());
                if let Some(reason) =
                    request.and_then(|r| self.refusal(account, &r, None, container))
                {
                    self.reject(*index, reason, now);
                }
            }
            if self.open.contains(index) {
                self.process_order(*index, now);
            }
        }
        Ok(PlacedBracket {
            first: first.map(|(_, id)| id),
            container,
            children: children.into_iter().map(|(_, id)| id).collect(),
        })
    }

    fn order_index(&self, account: usize, id: BrokerOrderId) -> Result<usize, BrokerError> {
        let index = usize::try_from(id.0 - FIRST_ORDER_ID)
            .ok()
            .filter(|i| self.orders.get(*i).is_some_and(|o| o.account == account));
        index.ok_or_else(|| BrokerError::rejected(format!("order {id} not found")))
    }

    fn open_order_index(
        &self,
        account: usize,
        id: BrokerOrderId,
        verb: &str,
    ) -> Result<usize, BrokerError> {
        let index = self.order_index(account, id)?;
        match self.orders.get(index) {
            Some(order) if order.status.is_final() => Err(BrokerError::rejected(format!(
                "order {id} cannot be {verb}: it is {}",
                order.status
            ))),
            _ => Ok(index),
        }
    }

    /// One order as reported.
    ///
    /// # Errors
    /// `Rejected` when the account has no such order.
    pub fn order(
        &self,
        account: usize,
        id: BrokerOrderId,
    ) -> Result<crate::order::BrokerOrder, BrokerError> {
        let index = self.order_index(account, id)?;
        self.orders
            .get(index)
            .map(|o| o.report(&self.market))
            .ok_or_else(|| BrokerError::rejected(format!("order {id} not found")))
    }

    /// The account's orders entered in `[from, to]`, newest first.
    #[must_use]
    pub fn orders_between(
        &self,
        account: usize,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Vec<crate::order::BrokerOrder> {
        let mut found: Vec<_> = self
            .by_account
            .get(&account)
            .into_iter()
            .flatten()
            .filter_map(|i| self.orders.get(*i))
            .filter(|o| o.entered >= from && o.entered <= to)
            .map(|o| o.report(&self.market))
            .collect();
        found.reverse();
        found
    }

    /// When the market took each order entered in `[from, to]`, on any account, oldest first.
    #[must_use]
    pub fn entry_times_between(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Vec<DateTime<Utc>> {
        self.orders
            .iter()
            .map(|o| o.entered)
            .filter(|entered| *entered >= from && *entered <= to)
            .collect()
    }

    /// Books a dividend of a listed stock or fund reinvested as `shares` at its current mark.
    ///
    /// # Errors
    /// `Rejected` for an unknown account or symbol, shares that are not positive, or a short holding.
    pub fn reinvest(
        &mut self,
        account: usize,
        symbol: &str,
        shares: Decimal,
        now: DateTime<Utc>,
    ) -> Result<(), BrokerError> {
        self.advance(now);
        let asset_type = self
            .market
            .listing(symbol)
            .map(|listing| listing.asset_type.clone())
            .ok_or_else(|| BrokerError::rejected(format!("unknown symbol `{symbol}`")))?;
        let price = self
            .market
            .prices(symbol)
            .map(|p| p.mark)
            .ok_or_else(|| BrokerError::rejected(format!("unknown symbol `{symbol}`")))?;
        let paper = self
            .accounts
            .get_mut(account)
            .ok_or_else(|| BrokerError::rejected("account not found"))?;
        paper
            .ledger
            .reinvest(symbol, shares, price, asset_type)
            .map_err(BrokerError::rejected)
    }

    /// Fills booked on an account, oldest first.
    #[must_use]
    pub fn fills(&self, account: usize) -> Vec<Fill> {
        self.accounts
            .get(account)
            .map(|a| a.ledger.fills().to_vec())
            .unwrap_or_default()
    }

    /// The account's balances and positions at current marks.
    #[must_use]
    pub fn snapshot(&self, account: usize) -> Option<AccountSnapshot> {
        let paper = self.accounts.get(account)?;
        let ledger = &paper.ledger;
        let now_funds = funds::assess(
            paper.kind,
            ledger.cash,
            &ledger.net_positions(),
            &self.market,
        );
        let mut cash = ledger.cash;
        let mut positions = ledger.net_positions();
        for order in self.open_orders_of(account) {
            if order
                .request
                .legs
                .iter()
                .any(|l| l.instruction.is_opening())
            {
                self.imagine_fill(&order.request, order.remaining(), &mut cash, &mut positions);
            }
        }
        let committed = funds::assess(paper.kind, cash, &positions, &self.market);
        Some(AccountSnapshot {
            account_number: paper.link.account_number.clone(),
            kind: paper.kind,
            balances: balances(paper.kind, &now_funds, &committed),
            positions: ledger
                .holdings()
                .iter()
                .map(|(symbol, holding)| self.position(symbol, holding))
                .collect(),
        })
    }

    fn position(&self, symbol: &str, holding: &super::ledger::Holding) -> Position {
        let option = OptionSymbol::parse(symbol).ok();
        let multiplier = Decimal::from(holding.asset_type.multiplier());
        let mark = self.market.prices(symbol).map_or(Decimal::ZERO, |p| p.mark);
        let long = u32::try_from(holding.net.max(0)).unwrap_or(u32::MAX);
        let short = u32::try_from((-holding.net).max(0)).unwrap_or(u32::MAX);
        Position {
            symbol: symbol.to_owned(),
            description: self.market.describe(symbol),
            asset_type: holding.asset_type.clone(),
            put_call: option.as_ref().map(OptionSymbol::put_call),
            underlying: option
                .as_ref()
                .and_then(|o| self.market.underlying_of(o))
                .map(|(listing, _)| listing.symbol.clone()),
            long_quantity: long,
            short_quantity: short,
            average_price: holding.average_price,
            settled_long_quantity: long,
            settled_short_quantity: short,
            market_value: ((Decimal::from(holding.net) + holding.fraction) * mark * multiplier)
                .round_dp(2),
            long_fraction: holding.fraction,
            short_fraction: Decimal::ZERO,
        }
    }

    /// Replaces the fault settings.
    pub fn set_faults(&mut self, faults: FaultConfig) {
        self.faults.set_config(faults);
    }
}

fn remaining_leg_units(order: &PaperOrder, leg_quantity: u32) -> u32 {
    if order.request.is_complex() {
        let per_spread = leg_quantity / order.request.total_quantity().max(1);
        order.remaining() * per_spread.max(1)
    } else {
        order.remaining()
    }
}

/// Balances named as Schwab names them: `now` values holdings, `committed` also counts
/// open orders as if filled.
fn balances(kind: AccountKind, now: &Funds, committed: &Funds) -> Balances {
    let round = |d: Decimal| d.round_dp(2);
    let common = Balances {
        cash_balance: Some(round(now.cash)),
        liquidation_value: Some(round(now.equity)),
        long_market_value: Some(round(now.long_market_value)),
        short_market_value: Some(round(now.short_market_value)),
        long_option_market_value: Some(round(now.long_option_market_value)),
        short_option_market_value: Some(round(now.short_option_market_value)),
        ..Balances::default()
    };
    let available = round(committed.available.max(Decimal::ZERO));
    match kind {
        AccountKind::Cash => Balances {
            cash_available_for_trading: Some(available),
            cash_available_for_withdrawal: Some(available),
            total_cash: Some(round(now.cash)),
            unsettled_cash: Some(Decimal::ZERO),
            ..common
        },
        AccountKind::Margin => Balances {
            buying_power: Some(available * Decimal::TWO),
            day_trading_buying_power: Some(available * Decimal::from(4)),
            available_funds: Some(available),
            equity: Some(round(now.equity)),
            maintenance_requirement: Some(round((now.equity - now.available).max(Decimal::ZERO))),
            ..common
        },
    }
}

#[cfg(test)]
mod login_tests {
    use super::accounts_of_login;

    #[test]
    fn a_username_ending_in_plus_n_reaches_n_accounts() {
        assert_eq!(accounts_of_login("alice"), 1);
        assert_eq!(accounts_of_login("family+2"), 2);
        assert_eq!(accounts_of_login("a+b+9"), 9);
        for one in ["x+1", "x+10", "x+02", "x+", "x+two", "+"] {
            assert_eq!(accounts_of_login(one), 1, "{one}");
        }
    }
}
