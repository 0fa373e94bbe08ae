//! An order resting in the paper market: its state, its triggers and when it may fill.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;

use super::market::{Market, Prices};
use crate::ids::BrokerOrderId;
use crate::order::{
    BrokerOrder, BrokerOrderLeg, LifecycleError, LinkBasis, LinkType, OptionSymbol, OrderEvent,
    OrderRequest, OrderStatus, OrderStrategy, OrderType,
};

/// Price of one tick for TICK trailing offsets.
const TICK: Decimal = Decimal::from_parts(1, 0, 0, false, 2);

/// One paper order.
#[derive(Debug, Clone)]
pub struct PaperOrder {
    /// Its id.
    pub id: BrokerOrderId,
    /// Index of its account.
    pub account: usize,
    /// What was asked.
    pub request: OrderRequest,
    /// Current status.
    pub status: OrderStatus,
    /// Why it was rejected, if it was.
    pub status_description: Option<String>,
    /// When it was received.
    pub entered: DateTime<Utc>,
    /// When it reached a final status.
    pub close_time: Option<DateTime<Utc>>,
    /// When it leaves PENDING_ACTIVATION.
    pub activates_at: DateTime<Utc>,
    /// When a DAY order expires.
    pub expires_at: Option<DateTime<Utc>>,
    /// Units filled.
    pub filled: u32,
    /// Σ units × unit price (net per spread for verticals), for the average price.
    pub filled_value: Decimal,
    /// When the first and the latest fill happened.
    pub fill_times: Option<(DateTime<Utc>, DateTime<Utc>)>,
    /// Whether a stop has triggered.
    pub triggered: bool,
    /// Best basis price seen by a trailing stop (highest for sells, lowest for buys).
    pub trail_extreme: Option<Decimal>,
    /// SINGLE, or TRIGGER for a bracket's first order.
    pub strategy: OrderStrategy,
    /// For an order of a bracket: the order or OCO container it sits under.
    pub parent: Option<BrokerOrderId>,
    /// Index of the order whose complete fill starts this one (it waits as AWAITING_PARENT_ORDER).
    pub waits_for: Option<usize>,
    /// The OCO container of this order: the first of its siblings to fill cancels the others.
    pub oco: Option<BrokerOrderId>,
}

/// A fill decided for one step: units and per-leg prices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Execution {
    /// Units filled now (spreads for verticals).
    pub units: u32,
    /// Price per share of each leg, in leg order.
    pub leg_prices: Vec<Decimal>,
    /// Price per unit (net per spread for verticals).
    pub unit_price: Decimal,
}

impl PaperOrder {
    /// Units ordered.
    #[must_use]
    pub fn quantity(&self) -> u32 {
        self.request.total_quantity()
    }

    /// Units still to fill.
    #[must_use]
    pub fn remaining(&self) -> u32 {
        self.quantity().saturating_sub(self.filled)
    }

    /// Applies a lifecycle event at `at`, stamping the close time on final statuses.
    ///
    /// # Errors
    /// [`LifecycleError`] when the status does not allow the event.
    pub fn apply(&mut self, event: OrderEvent, at: DateTime<Utc>) -> Result<(), LifecycleError> {
        self.status = self.status.clone().transition(event)?;
        if self.status.is_final() {
            self.close_time = Some(at);
        }
        Ok(())
    }

    /// Whether the order buys its (first) leg.
    fn buys(&self) -> bool {
        self.request
            .legs
            .first()
            .is_some_and(|l| l.instruction.is_buy())
    }

    /// The current trailing trigger price, if this is a trailing stop.
    #[must_use]
    pub fn trail_stop(&self) -> Option<Decimal> {
        let extreme = self.trail_extreme?;
        let offset = self.request.stop_price_offset?;
        let distance = match self.request.stop_price_link_type? {
            LinkType::Value => offset,
            LinkType::Percent => extreme * offset / Decimal::ONE_HUNDRED,
            LinkType::Tick => offset * TICK,
        };
        let stop = if self.buys() {
            extreme + distance
        } else {
            extreme - distance
        };
        Some(stop.round_dp(2))
    }

    fn basis(&self, prices: Prices) -> Decimal {
        match self.request.stop_price_link_basis {
            Some(LinkBasis::Bid) => prices.bid,
            Some(LinkBasis::Ask) => prices.ask,
            Some(LinkBasis::Last) => prices.last,
            Some(LinkBasis::AskBid) => {
                if self.buys() {
                    prices.ask
                } else {
                    prices.bid
                }
            }
            _ => prices.mark,
        }
    }

    /// Starts a trailing stop's tracking at the current basis price.
    pub fn start_trailing(&mut self, market: &Market) {
        if self.request.order_type == OrderType::TrailingStop {
            let symbol = self.request.legs.first().map(|l| l.symbol.as_str());
            self.trail_extreme = symbol.and_then(|s| market.prices(s)).map(|p| self.basis(p));
        }
    }

    /// Decides what fills now, updating triggers; `None` when nothing does.
    pub fn execution(&mut self, market: &Market, fill_size: u32) -> Option<Execution> {
        let remaining = self.remaining();
        if remaining == 0 || self.status != OrderStatus::Working {
            return None;
        }
        if self.request.is_complex() {
            return self.spread_execution(market, remaining, fill_size.max(1));
        }
        let prices = market.prices(&self.request.legs.first()?.symbol)?;
        let buys = self.buys();
        let touch = if buys { prices.ask } else { prices.bid };
        if touch <= Decimal::ZERO {
            // Nobody quotes that side (an option far out of the money has no bid): nothing trades,
            // whatever the order type, so the order keeps working rather than filling at 0.
            return None;
        }
        let crosses = |limit: Decimal| if buys { touch <= limit } else { touch >= limit };
        let resting = remaining.min(fill_size.max(1));
        let units = match self.request.order_type {
            OrderType::Market => remaining,
            OrderType::Limit => {
                if !crosses(self.request.price?) {
                    return None;
                }
                resting
            }
            OrderType::Stop | OrderType::StopLimit => {
                let stop = self.request.stop_price?;
                if !self.triggered {
                    let reached = if buys {
                        prices.mark >= stop
                    } else {
                        prices.mark <= stop
                    };
                    self.triggered = reached;
                }
                if !self.triggered {
                    return None;
                }
                if self.request.order_type == OrderType::Stop {
                    remaining
                } else if crosses(self.request.price?) {
                    resting
                } else {
                    return None;
                }
            }
            OrderType::TrailingStop => {
                let basis = self.basis(prices);
                let extreme = self.trail_extreme.unwrap_or(basis);
                let better = if buys {
                    basis.min(extreme)
                } else {
                    basis.max(extreme)
                };
                self.trail_extreme = Some(better);
                let stop = self.trail_stop()?;
                let reached = if buys { basis >= stop } else { basis <= stop };
                if !reached {
                    return None;
                }
                self.triggered = true;
                remaining
            }
            _ => return None,
        };
        Some(Execution {
            units,
            leg_prices: vec![touch],
            unit_price: touch,
        })
    }

    /// A spread fills as one order at the natural net (buying at the ask, selling at the bid): MARKET at
    /// once and whole; NET_DEBIT when the net paid is at most the limit, NET_CREDIT when the net received
    /// is at least it, NET_ZERO when nothing is paid; priced ones in whole spreads of at most `fill_size`
    /// per step. The unit price is the net per spread as a positive amount, as brokers report it.
    fn spread_execution(
        &self,
        market: &Market,
        remaining: u32,
        fill_size: u32,
    ) -> Option<Execution> {
        let mut leg_prices = Vec::with_capacity(self.request.legs.len());
        let mut paid = Decimal::ZERO;
        for leg in &self.request.legs {
            let prices = market.prices(&leg.symbol)?;
            let touch = if leg.instruction.is_buy() {
                prices.ask
            } else {
                prices.bid
            };
            if touch <= Decimal::ZERO {
                // A leg nobody quotes on its side cannot trade, so neither does the spread.
                return None;
            }
            if leg.instruction.is_buy() {
                leg_prices.push(prices.ask);
                paid += prices.ask;
            } else {
                leg_prices.push(prices.bid);
                paid -= prices.bid;
            }
        }
        let resting = remaining.min(fill_size);
        let units = match self.request.order_type {
            OrderType::Market => remaining,
            OrderType::NetDebit if paid <= self.request.price? => resting,
            OrderType::NetCredit if -paid >= self.request.price? => resting,
            OrderType::NetZero if paid <= Decimal::ZERO => resting,
            _ => return None,
        };
        Some(Execution {
            units,
            leg_prices,
            unit_price: paid.abs(),
        })
    }

    /// The order as the broker reports it.
    #[must_use]
    pub fn report(&self, market: &Market) -> BrokerOrder {
        let request = &self.request;
        let legs = request
            .legs
            .iter()
            .map(|leg| {
                let option = OptionSymbol::parse(&leg.symbol).ok();
                BrokerOrderLeg {
                    instruction: leg.instruction,
                    quantity: leg.quantity,
                    symbol: leg.symbol.clone(),
                    asset_type: leg.asset_type.clone(),
                    description: market.describe(&leg.symbol),
                    put_call: option.as_ref().map(OptionSymbol::put_call),
                    underlying: option
                        .as_ref()
                        .and_then(|o| market.underlying_of(o))
                        .map(|(listing, _)| listing.symbol.clone()),
                }
            })
            .collect();
        let average_fill_price =
            (self.filled > 0).then(|| (self.filled_value / Decimal::from(self.filled)).round_dp(4));
        BrokerOrder {
            id: self.id,
            session: request.session,
            duration: request.duration.clone(),
            order_type: request.order_type.clone(),
            complex_order_strategy_type: request.complex_order_strategy_type.clone(),
            quantity: self.quantity(),
            filled_quantity: self.filled,
            remaining_quantity: self.remaining(),
            price: request.price,
            stop_price: request.stop_price.or_else(|| self.trail_stop()),
            stop_price_link_basis: request.stop_price_link_basis,
            stop_price_link_type: request.stop_price_link_type,
            stop_price_offset: request.stop_price_offset,
            status: self.status.clone(),
            status_description: self.status_description.clone(),
            entered_time: self.entered,
            close_time: self.close_time,
            legs,
            average_fill_price,
            first_fill_time: self.fill_times.map(|(first, _)| first),
            last_fill_time: self.fill_times.map(|(_, last)| last),
            strategy: self.strategy.clone(),
            parent: self.parent,
        }
    }
}
