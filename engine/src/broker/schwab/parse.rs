//! Converts Schwab wire models into copydesk's domain types (and order request bodies back into requests).
//!
//! Every function here is pure: the caller supplies the clock reading where one is needed. Values the
//! domain cannot represent (an unknown instruction, a fractional order quantity) are errors for a single
//! item; lists skip such items with a warning instead of failing as a whole.

use std::collections::BTreeMap;
use std::str::FromStr;

use chrono::{DateTime, Duration as TimeSpan, Utc};
use rust_decimal::Decimal;

use crate::broker::{
    AccessToken, AccountHash, AccountKind, AccountLink, AccountNumber, AccountSnapshot, Balances,
    ExpiryKey, OptionChain, OptionContract, Position, Quote, RefreshToken, StrikeKey, TokenSet,
    quoted,
};
use crate::ids::BrokerOrderId;
use crate::order::{
    AssetType, BrokerOrder, BrokerOrderLeg, ComplexOrderStrategy, Duration, Instruction, LinkBasis,
    LinkType, OrderLeg, OrderRequest, OrderStatus, OrderStrategy, OrderType, PutCall, Session,
};

use super::models::{
    AccountEnvelope, AccountNumberEntry, TokenResponse, WireBalances, WireOptionChain, WireOrder,
    WireOrderActivity, WireOrderLegRequest, WireOrderRequest, WirePosition, WireQuoteResponse,
};

/// Access token lifetime assumed when Schwab leaves out `expires_in` (30 minutes).
pub const DEFAULT_ACCESS_SECONDS: i64 = 30 * 60;
/// Refresh token lifetime, counted from the browser login and not extended by refreshing (7 days).
pub const REFRESH_LIFETIME: TimeSpan = TimeSpan::days(7);
/// The asset type of cash sweep vehicles, which are left out of positions.
const CASH_EQUIVALENT: &str = "CASH_EQUIVALENT";

/// A wire value the domain cannot represent; names the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ParseError {
    /// The offending field, e.g. `orderLegCollection[0].instruction`.
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl ParseError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// Tokens from a code exchange: the refresh token lives 7 days from now.
///
/// # Errors
/// When the answer carries no refresh token (a first login must return one).
pub fn login_tokens(response: TokenResponse, now: DateTime<Utc>) -> Result<TokenSet, ParseError> {
    let refresh = response
        .refresh_token
        .clone()
        .filter(|r| !r.is_empty())
        .ok_or_else(|| ParseError::new("refresh_token", "missing from the login answer"))?;
    let mut set = token_set(response, RefreshToken::new(refresh), now)?;
    set.refresh_expires_at = Some(now + REFRESH_LIFETIME);
    Ok(set)
}

/// Tokens from a refresh: keeps `previous` when no new refresh token comes back, and leaves the refresh
/// expiry unknown (refreshing does not extend it, so the caller keeps the one from the login).
///
/// # Errors
/// When the access token is empty.
pub fn refreshed_tokens(
    response: TokenResponse,
    previous: &RefreshToken,
    now: DateTime<Utc>,
) -> Result<TokenSet, ParseError> {
    let refresh = match response.refresh_token.as_deref() {
        Some(new) if !new.is_empty() => RefreshToken::new(new),
        _ => previous.clone(),
    };
    token_set(response, refresh, now)
}

fn token_set(
    response: TokenResponse,
    refresh: RefreshToken,
    now: DateTime<Utc>,
) -> Result<TokenSet, ParseError> {
    if response.access_token.is_empty() {
        return Err(ParseError::new("access_token", "empty"));
    }
    let seconds = response
        .expires_in
        .filter(|s| *s > 0)
        .unwrap_or(DEFAULT_ACCESS_SECONDS);
    Ok(TokenSet {
        access: AccessToken::new(response.access_token),
        refresh,
        access_expires_at: now + TimeSpan::seconds(seconds),
        refresh_expires_at: None,
    })
}

/// Account numbers and their hashes.
#[must_use]
pub fn account_links(entries: Vec<AccountNumberEntry>) -> Vec<AccountLink> {
    entries
        .into_iter()
        .map(|e| AccountLink {
            account_number: AccountNumber(e.account_number),
            hash: AccountHash(e.hash_value),
        })
        .collect()
}

/// One account: kind, current balances and positions (cash sweep vehicles left out).
#[must_use]
pub fn account_snapshot(envelope: AccountEnvelope) -> AccountSnapshot {
    let account = envelope.securities_account;
    let current = account.current_balances.unwrap_or_default();
    let kind = match account.account_type.as_deref() {
        Some("CASH") => AccountKind::Cash,
        Some("MARGIN") => AccountKind::Margin,
        // An unlisted type: a buying power figure is what makes an account a margin account here.
        _ if current.buying_power.is_some() => AccountKind::Margin,
        _ => AccountKind::Cash,
    };
    let positions = account
        .positions
        .into_iter()
        .filter(|p| p.instrument.asset_type.as_deref() != Some(CASH_EQUIVALENT))
        .map(position)
        .collect();
    AccountSnapshot {
        account_number: AccountNumber(account.account_number),
        kind,
        balances: balances(&current),
        positions,
    }
}

fn balances(wire: &WireBalances) -> Balances {
    Balances {
        cash_balance: wire.cash_balance,
        cash_available_for_trading: wire.cash_available_for_trading,
        cash_available_for_withdrawal: wire.cash_available_for_withdrawal,
        total_cash: wire.total_cash,
        unsettled_cash: wire.unsettled_cash,
        buying_power: wire.buying_power,
        day_trading_buying_power: wire.day_trading_buying_power,
        available_funds: wire.available_funds,
        equity: wire.equity,
        maintenance_requirement: wire.maintenance_requirement,
        liquidation_value: wire.liquidation_value,
        long_market_value: wire.long_market_value,
        short_market_value: wire.short_market_value,
        long_option_market_value: wire.long_option_market_value,
        short_option_market_value: wire.short_option_market_value,
    }
}

fn position(wire: WirePosition) -> Position {
    let instrument = wire.instrument;
    let asset_type = instrument.asset_type.as_deref().map_or(
        AssetType::Other("UNKNOWN".to_owned()),
        AssetType::parse_lenient,
    );
    Position {
        long_quantity: whole_held(wire.long_quantity),
        short_quantity: whole_held(wire.short_quantity),
        long_fraction: wire.long_quantity.abs().fract(),
        short_fraction: wire.short_quantity.abs().fract(),
        settled_long_quantity: whole_held(wire.settled_long_quantity),
        settled_short_quantity: whole_held(wire.settled_short_quantity),
        put_call: instrument
            .put_call
            .as_deref()
            .and_then(|p| PutCall::from_str(p).ok()),
        underlying: instrument.underlying_symbol,
        description: instrument.description,
        symbol: instrument.symbol,
        asset_type,
        average_price: wire.average_price,
        market_value: wire.market_value,
    }
}

/// The whole shares (or contracts) of a held quantity; the fraction of a share beyond them (reinvested
/// dividends), which orders cannot trade, is kept apart in the position. Negative values (undocumented
/// sign conventions) count as their size.
fn whole_held(quantity: Decimal) -> u32 {
    u32::try_from(quantity.abs().trunc()).unwrap_or(u32::MAX)
}

/// Every order that the domain can represent; others are skipped with a warning naming the problem.
///
/// A bracket's orders (`childOrderStrategies`, at any depth) are read as orders of their own, each naming
/// the order or container it sits under; a container without legs of its own (an OCO) is not an order
/// and is left out, so it is never counted as open.
#[must_use]
pub fn broker_orders(orders: Vec<WireOrder>) -> Vec<BrokerOrder> {
    let mut read = Vec::with_capacity(orders.len());
    for wire in orders {
        flatten(wire, None, &mut read);
    }
    read
}

/// Reads `wire` (when it has legs) and then its children, which sit under it (or, for a container
/// without an id, under `parent`).
fn flatten(mut wire: WireOrder, parent: Option<BrokerOrderId>, read: &mut Vec<BrokerOrder>) {
    let children = std::mem::take(&mut wire.child_order_strategies);
    let under = wire.order_id.map(BrokerOrderId).or(parent);
    if !wire.order_leg_collection.is_empty() {
        let id = wire.order_id;
        match child_order(wire, parent) {
            Ok(order) => read.push(order),
            Err(error) => {
                tracing::warn!(order_id = ?id, %error, "skipping an order copydesk cannot represent");
            }
        }
    }
    for child in children {
        flatten(child, under, read);
    }
}

/// One order.
///
/// # Errors
/// A [`ParseError`] naming the field the domain cannot represent; an OCO container without legs of its
/// own is not an order (`orderLegCollection`).
pub fn broker_order(wire: WireOrder) -> Result<BrokerOrder, ParseError> {
    child_order(wire, None)
}

/// One order sitting under `parent` (`None` for an order at the top of the listing).
fn child_order(wire: WireOrder, parent: Option<BrokerOrderId>) -> Result<BrokerOrder, ParseError> {
    let id = wire
        .order_id
        .ok_or_else(|| ParseError::new("orderId", "missing"))?;
    if wire.order_leg_collection.is_empty() {
        return Err(ParseError::new(
            "orderLegCollection",
            "empty: an order strategy without legs of its own (OCO) is not an order",
        ));
    }
    let session = match wire.session.as_deref() {
        None => Session::Normal,
        Some(text) => {
            Session::from_str(text).map_err(|e| ParseError::new("session", e.to_string()))?
        }
    };
    let entered_time = wire
        .entered_time
        .ok_or_else(|| ParseError::new("enteredTime", "missing"))?;
    let legs = wire
        .order_leg_collection
        .iter()
        .enumerate()
        .map(|(i, leg)| {
            let field = |name: &str| format!("orderLegCollection[{i}].{name}");
            let instruction = leg
                .instruction
                .as_deref()
                .ok_or_else(|| ParseError::new(field("instruction"), "missing"))
                .and_then(|t| {
                    Instruction::from_str(t)
                        .map_err(|e| ParseError::new(field("instruction"), e.to_string()))
                })?;
            let asset_type = leg
                .instrument
                .asset_type
                .as_deref()
                .or(leg.order_leg_type.as_deref())
                .map_or(
                    AssetType::Other("UNKNOWN".to_owned()),
                    AssetType::parse_lenient,
                );
            Ok(BrokerOrderLeg {
                instruction,
                quantity: whole(leg.quantity, &field("quantity"))?,
                symbol: leg.instrument.symbol.clone(),
                asset_type,
                description: leg.instrument.description.clone(),
                put_call: leg
                    .instrument
                    .put_call
                    .as_deref()
                    .and_then(|p| PutCall::from_str(p).ok()),
                underlying: leg.instrument.underlying_symbol.clone(),
            })
        })
        .collect::<Result<Vec<_>, ParseError>>()?;
    let average_fill_price = average_fill_price(&wire, &legs);
    let (first_fill_time, last_fill_time) = fill_times(&wire);
    Ok(BrokerOrder {
        id: BrokerOrderId(id),
        session,
        duration: wire.duration.as_deref().map_or(
            Duration::Other("UNKNOWN".to_owned()),
            Duration::parse_lenient,
        ),
        order_type: wire.order_type.as_deref().map_or(
            OrderType::Other("UNKNOWN".to_owned()),
            OrderType::parse_lenient,
        ),
        complex_order_strategy_type: wire.complex_order_strategy_type.as_deref().map_or(
            ComplexOrderStrategy::None,
            ComplexOrderStrategy::parse_lenient,
        ),
        quantity: whole(wire.quantity, "quantity")?,
        filled_quantity: whole(wire.filled_quantity, "filledQuantity")?,
        remaining_quantity: whole(wire.remaining_quantity, "remainingQuantity")?,
        price: wire.price,
        stop_price: wire.stop_price,
        stop_price_link_basis: optional_word(
            wire.stop_price_link_basis.as_deref(),
            "stopPriceLinkBasis",
        )?,
        stop_price_link_type: optional_word(
            wire.stop_price_link_type.as_deref(),
            "stopPriceLinkType",
        )?,
        stop_price_offset: wire.stop_price_offset,
        status: wire
            .status
            .as_deref()
            .map_or(OrderStatus::Unknown, OrderStatus::parse_lenient),
        status_description: wire.status_description,
        entered_time,
        close_time: wire.close_time,
        legs,
        average_fill_price,
        first_fill_time,
        last_fill_time,
        strategy: wire
            .order_strategy_type
            .as_deref()
            .map_or(OrderStrategy::Single, OrderStrategy::parse_lenient),
        parent,
    })
}

/// Whether an activity is a fill: an EXECUTION (or an activity without a type) whose execution type is
/// FILL or missing. The cancellation of an order's remainder is reported as an EXECUTION of type
/// CANCELED at price 0 and is no fill.
fn is_fill(activity: &WireOrderActivity) -> bool {
    activity
        .activity_type
        .as_deref()
        .is_none_or(|t| t == "EXECUTION")
        && activity
            .execution_type
            .as_deref()
            .is_none_or(|t| t == "FILL")
}

/// The earliest and the latest time of the order's fills.
fn fill_times(wire: &WireOrder) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    let times = wire
        .order_activity_collection
        .iter()
        .filter(|a| is_fill(a))
        .flat_map(|a| &a.execution_legs)
        .filter(|leg| leg.price.is_some() && !leg.quantity.is_zero())
        .filter_map(|leg| leg.time);
    times.fold((None, None), |(first, last), at| {
        (
            Some(first.map_or(at, |f: DateTime<Utc>| f.min(at))),
            Some(last.map_or(at, |l: DateTime<Utc>| l.max(at))),
        )
    })
}

/// Reads an optional word of a strict enum, naming the field when it is unknown.
fn optional_word<T>(text: Option<&str>, field: &str) -> Result<Option<T>, ParseError>
where
    T: FromStr,
    T::Err: std::fmt::Display,
{
    text.map(|t| T::from_str(t).map_err(|e| ParseError::new(field, e.to_string())))
        .transpose()
}

/// A whole, non-negative quantity.
fn whole(quantity: Decimal, field: &str) -> Result<u32, ParseError> {
    if !quantity.fract().is_zero() {
        return Err(ParseError::new(
            field,
            format!("{quantity} is not a whole number"),
        ));
    }
    u32::try_from(quantity)
        .map_err(|_| ParseError::new(field, format!("{quantity} is out of range")))
}

/// The average fill price: per share for single legs, net per spread for multi-leg orders (positive for
/// both debits and credits), over the FILL executions only. `None` while nothing has filled (a canceled
/// order that never filled has none) or when a leg's fills cannot be attributed.
fn average_fill_price(wire: &WireOrder, legs: &[BrokerOrderLeg]) -> Option<Decimal> {
    // Sum of price × quantity and of quantity, per leg id.
    let mut per_leg: BTreeMap<i64, (Decimal, Decimal)> = BTreeMap::new();
    for activity in wire.order_activity_collection.iter().filter(|a| is_fill(a)) {
        for fill in &activity.execution_legs {
            let Some(price) = fill.price else {
                continue;
            };
            // Single-leg orders may leave the leg id out of their fills.
            let entry = per_leg.entry(fill.leg_id.unwrap_or(1)).or_default();
            entry.0 += price * fill.quantity;
            entry.1 += fill.quantity;
        }
    }
    if per_leg.is_empty() {
        return None;
    }
    let leg_average = |index: usize, leg_id: Option<i64>| {
        let id = leg_id.unwrap_or(i64::try_from(index).ok()? + 1);
        let (notional, quantity) = per_leg.get(&id)?;
        (!quantity.is_zero()).then(|| notional / quantity)
    };
    if legs.len() <= 1 {
        let leg_id = wire.order_leg_collection.first().and_then(|l| l.leg_id);
        return leg_average(0, leg_id).map(|p| p.normalize());
    }
    let spreads = Decimal::from(whole(wire.quantity, "quantity").ok()?.max(1));
    let mut net = Decimal::ZERO;
    for (index, (leg, wire_leg)) in legs.iter().zip(&wire.order_leg_collection).enumerate() {
        let average = leg_average(index, wire_leg.leg_id)?;
        let ratio = Decimal::from(leg.quantity) / spreads;
        let signed = average * ratio;
        if leg.instruction.is_buy() {
            net += signed;
        } else {
            net -= signed;
        }
    }
    Some(net.abs().normalize())
}

/// Quotes by symbol; symbols without a quote block are left out. A side Schwab writes as 0 or leaves out
/// (an index has no bid, ask or mark) is no price; the mark is the mid only when both sides are quoted.
#[must_use]
pub fn quotes(response: WireQuoteResponse) -> BTreeMap<String, Quote> {
    response
        .quotes
        .into_iter()
        .filter_map(|(key, entry)| {
            let block = entry.quote?;
            let bid = quoted(block.bid_price);
            let ask = quoted(block.ask_price);
            let mark = quoted(block.mark).or_else(|| Some(mid(bid?, ask?)));
            let quote = Quote {
                symbol: entry.symbol.unwrap_or_else(|| key.clone()),
                description: entry.reference.and_then(|r| r.description),
                bid,
                ask,
                last: quoted(block.last_price),
                mark,
            };
            Some((key, quote))
        })
        .collect()
}

fn mid(bid: Decimal, ask: Decimal) -> Decimal {
    ((bid + ask) / Decimal::TWO).round_dp(4)
}

/// One side of an option chain.
///
/// # Errors
/// When an expiration or strike key does not read, or a contract has no usable strike.
pub fn option_chain(chain: WireOptionChain, side: PutCall) -> Result<OptionChain, ParseError> {
    let wire_map = match side {
        PutCall::Call => chain.call_exp_date_map,
        PutCall::Put => chain.put_exp_date_map,
    };
    let mut expirations = BTreeMap::new();
    for (expiry_text, strikes) in wire_map {
        let expiry = ExpiryKey::from_str(&expiry_text)
            .map_err(|e| ParseError::new("expDateMap", e.to_string()))?;
        let mut by_strike = BTreeMap::new();
        for (strike_text, contracts) in strikes {
            let key = StrikeKey::from_str(&strike_text).map_err(|e| {
                ParseError::new(format!("expDateMap[{expiry_text}]"), e.to_string())
            })?;
            let contracts = contracts
                .into_iter()
                .map(|c| {
                    let bid = c.bid.unwrap_or_default();
                    let ask = c.ask.unwrap_or_default();
                    let mark = c.mark.unwrap_or_else(|| mid(bid, ask));
                    OptionContract {
                        put_call: c
                            .put_call
                            .as_deref()
                            .and_then(|p| PutCall::from_str(p).ok())
                            .unwrap_or(side),
                        strike: c.strike_price.unwrap_or(key.0),
                        expiration: expiry.date,
                        description: c.description.unwrap_or_default(),
                        symbol: c.symbol,
                        bid,
                        ask,
                        last: c.last.unwrap_or(mark),
                        mark,
                    }
                })
                .collect();
            by_strike.insert(key, contracts);
        }
        expirations.insert(expiry, by_strike);
    }
    Ok(OptionChain {
        underlying: chain.symbol,
        underlying_price: chain.underlying_price.unwrap_or_default(),
        put_call: side,
        expirations,
    })
}

/// An order request body read back into a request (what a Schwab-compatible server receives).
///
/// # Errors
/// A [`ParseError`] naming the field whose word or value copydesk does not know.
pub fn order_request(wire: WireOrderRequest) -> Result<OrderRequest, ParseError> {
    let word = |text: &str, field: &str| -> Result<String, ParseError> {
        if text.trim().is_empty() {
            Err(ParseError::new(field, "empty"))
        } else {
            Ok(text.to_owned())
        }
    };
    let legs = wire
        .order_leg_collection
        .iter()
        .enumerate()
        .map(|(i, leg)| order_leg(i, leg))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(OrderRequest {
        session: Session::from_str(&wire.session)
            .map_err(|e| ParseError::new("session", e.to_string()))?,
        duration: Duration::parse_lenient(&word(&wire.duration, "duration")?),
        order_type: OrderType::parse_lenient(&word(&wire.order_type, "orderType")?),
        complex_order_strategy_type: wire.complex_order_strategy_type.as_deref().map_or(
            ComplexOrderStrategy::None,
            ComplexOrderStrategy::parse_lenient,
        ),
        quantity: wire.quantity,
        price: wire.price,
        stop_price: wire.stop_price,
        stop_price_link_basis: optional_word::<LinkBasis>(
            wire.stop_price_link_basis.as_deref(),
            "stopPriceLinkBasis",
        )?,
        stop_price_link_type: optional_word::<LinkType>(
            wire.stop_price_link_type.as_deref(),
            "stopPriceLinkType",
        )?,
        stop_price_offset: wire.stop_price_offset,
        legs,
    })
}

fn order_leg(index: usize, leg: &WireOrderLegRequest) -> Result<OrderLeg, ParseError> {
    let field = |name: &str| format!("orderLegCollection[{index}].{name}");
    Ok(OrderLeg {
        instruction: Instruction::from_str(&leg.instruction)
            .map_err(|e| ParseError::new(field("instruction"), e.to_string()))?,
        quantity: leg.quantity,
        symbol: leg.instrument.symbol.clone(),
        asset_type: AssetType::parse_lenient(&leg.instrument.asset_type),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::schwab::fixture::schwab_fixture;
    use crate::broker::schwab::models::WireOrder;
    use crate::order::{Net, StockTiming, Vertical};
    use chrono::{NaiveDate, TimeZone};
    use rust_decimal_macros::dec;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2024, 10, 21, 13, 0, 0)
            .single()
            .expect("fixed date is valid")
    }

    fn orders() -> Vec<BrokerOrder> {
        let wire: Vec<WireOrder> =
            serde_json::from_str(schwab_fixture!("http_get_accounts_hash_orders"))
                .expect("orders fixture");
        broker_orders(wire)
    }

    #[test]
    fn login_tokens_expire_in_30_minutes_and_7_days() {
        let response: TokenResponse =
            serde_json::from_str(schwab_fixture!("http_post_oauth_token")).expect("token fixture");
        let set = login_tokens(response, now()).expect("login tokens");
        assert_eq!(
            set.access.expose_secret(),
            "I0.b2F1dGgyLmNkYy5zY2h3YWIuY29t.Qx7Vw2Lm9Pz4Kc1Rb8Td3Ny6Hs0Jf5Ga2Me7Wu4Ep@"
        );
        assert_eq!(
            set.refresh.expose_secret(),
            "rT9k2mPq-Xv7Lw3Zb8Nc1Hd6Fg0Js4Ka5Ye2Ur7Ti9Oo@"
        );
        assert_eq!(set.access_expires_at, now() + TimeSpan::minutes(30));
        assert_eq!(set.refresh_expires_at, Some(now() + TimeSpan::days(7)));
    }

    #[test]
    fn a_refresh_without_a_new_refresh_token_keeps_the_old_one() {
        let response: TokenResponse = serde_json::from_str(
            r#"{"access_token":"I0.new@","expires_in":"1800","token_type":"Bearer"}"#,
        )
        .expect("token json");
        let old = RefreshToken::new("old-refresh@");
        let set = refreshed_tokens(response, &old, now()).expect("refresh tokens");
        assert_eq!(set.refresh, old);
        assert_eq!(set.access.expose_secret(), "I0.new@");
        assert_eq!(set.refresh_expires_at, None);
        let missing: TokenResponse =
            serde_json::from_str(r#"{"access_token":"I0.x@"}"#).expect("json");
        assert_eq!(
            login_tokens(missing, now())
                .expect_err("a login needs a refresh token")
                .to_string(),
            "refresh_token: missing from the login answer"
        );
    }

    #[test]
    fn account_numbers_pair_numbers_with_hashes() {
        let entries: Vec<AccountNumberEntry> =
            serde_json::from_str(schwab_fixture!("http_get_accounts_account_numbers"))
                .expect("fixture");
        let links = account_links(entries);
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].account_number, AccountNumber("74125896".into()));
        assert_eq!(links[0].hash.0.len(), 64);
    }

    #[test]
    fn margin_account_has_buying_power_and_no_sweep_position() {
        let envelope: AccountEnvelope =
            serde_json::from_str(schwab_fixture!("http_get_accounts_hash_margin"))
                .expect("fixture");
        let snapshot = account_snapshot(envelope);
        assert_eq!(snapshot.kind, AccountKind::Margin);
        assert_eq!(snapshot.account_number, AccountNumber("74125896".into()));
        assert_eq!(snapshot.balances.buying_power, Some(dec!(27410.6)));
        assert_eq!(snapshot.balances.cash_available_for_trading, None);
        assert_eq!(snapshot.balances.liquidation_value, Some(dec!(26343.05)));
        assert_eq!(
            snapshot.balances.available_for_trading(snapshot.kind),
            Some(dec!(27410.6))
        );
        let symbols: Vec<&str> = snapshot
            .positions
            .iter()
            .map(|p| p.symbol.as_str())
            .collect();
        assert_eq!(
            symbols,
            ["MSFT", "MSFT  241115C00420000", "MSFT  241115C00430000"]
        );
        let short_call = snapshot
            .position("MSFT  241115C00430000")
            .expect("short call");
        assert_eq!(
            (
                short_call.long_quantity,
                short_call.short_quantity,
                short_call.net_quantity()
            ),
            (0, 2, -2)
        );
        assert_eq!(short_call.put_call, Some(PutCall::Call));
        assert_eq!(short_call.underlying.as_deref(), Some("MSFT"));
        assert_eq!(short_call.market_value, dec!(-310));
        let stock = snapshot.position("MSFT").expect("stock");
        assert_eq!(
            (
                stock.asset_type.clone(),
                stock.long_quantity,
                stock.average_price
            ),
            (AssetType::Equity, 50, dec!(410.2275))
        );
    }

    #[test]
    fn cash_account_has_cash_available_and_no_buying_power() {
        let envelope: AccountEnvelope =
            serde_json::from_str(schwab_fixture!("http_get_accounts_hash_cash")).expect("fixture");
        let snapshot = account_snapshot(envelope);
        assert_eq!(snapshot.kind, AccountKind::Cash);
        assert_eq!(snapshot.balances.buying_power, None);
        assert_eq!(
            snapshot.balances.cash_available_for_trading,
            Some(dec!(8325.4))
        );
        assert_eq!(snapshot.balances.unsettled_cash, Some(dec!(205.0)));
        assert_eq!(snapshot.balances.total_cash, Some(dec!(8325.4)));
        let ko = snapshot.position("KO").expect("KO");
        // Quantities arrived as strings and integers; the missing short side is zero.
        assert_eq!(
            (ko.long_quantity, ko.short_quantity, ko.average_price),
            (200, 0, dec!(58.3125))
        );
        let put = snapshot.position("KO    241220P00057500").expect("put");
        assert_eq!(
            (put.long_quantity, put.settled_long_quantity, put.put_call),
            (1, 0, Some(PutCall::Put))
        );
    }

    #[test]
    fn filled_single_leg_order_reads_with_its_average_fill_price() {
        let orders = orders();
        assert_eq!(orders.len(), 4);
        let filled = &orders[0];
        assert_eq!(filled.id, BrokerOrderId(1_002_384_417_720));
        assert_eq!(
            (filled.status.clone(), filled.order_type.clone()),
            (OrderStatus::Filled, OrderType::Limit)
        );
        assert_eq!(
            (
                filled.quantity,
                filled.filled_quantity,
                filled.remaining_quantity
            ),
            (3, 3, 0)
        );
        assert_eq!(filled.price, Some(dec!(4.15)));
        // (1 × 4.10 + 2 × 4.15) / 3
        assert_eq!(
            filled.average_fill_price,
            Some(dec!(4.1333333333333333333333333333))
        );
        assert_eq!(
            filled.entered_time,
            Utc.with_ymd_and_hms(2024, 10, 21, 14, 5, 12).unwrap()
        );
        assert_eq!(
            filled.close_time,
            Some(Utc.with_ymd_and_hms(2024, 10, 21, 14, 5, 14).unwrap())
        );
        // The two executions' times: the first and the latest fill.
        assert_eq!(
            (filled.first_fill_time, filled.last_fill_time),
            (
                Some(Utc.with_ymd_and_hms(2024, 10, 21, 14, 5, 13).unwrap()),
                Some(Utc.with_ymd_and_hms(2024, 10, 21, 14, 5, 14).unwrap())
            )
        );
        assert_eq!(
            filled.legs,
            vec![BrokerOrderLeg {
                instruction: Instruction::BuyToOpen,
                quantity: 3,
                symbol: "MSFT  241115C00420000".into(),
                asset_type: AssetType::Option,
                description: Some("MICROSOFT CORP 11/15/2024 $420 Call".into()),
                put_call: Some(PutCall::Call),
                underlying: Some("MSFT".into()),
            }]
        );
    }

    #[test]
    fn working_vertical_reads_as_one_order_with_two_legs() {
        let vertical = &orders()[1];
        assert_eq!(
            vertical.complex_order_strategy_type,
            ComplexOrderStrategy::Vertical
        );
        assert_eq!(vertical.order_type, OrderType::NetDebit);
        assert_eq!(
            (vertical.status.clone(), vertical.quantity, vertical.price),
            (OrderStatus::Working, 2, Some(dec!(1.35)))
        );
        assert_eq!(vertical.average_fill_price, None);
        let legs: Vec<(Instruction, &str, u32)> = vertical
            .legs
            .iter()
            .map(|l| (l.instruction, l.symbol.as_str(), l.quantity))
            .collect();
        assert_eq!(
            legs,
            [
                (Instruction::BuyToOpen, "QQQ   241115P00480000", 2),
                (Instruction::SellToOpen, "QQQ   241115P00475000", 2)
            ]
        );
        assert_eq!(
            vertical.to_request(),
            OrderRequest::vertical(
                OrderType::NetDebit,
                2,
                dec!(1.35),
                [
                    OrderLeg::option(Instruction::BuyToOpen, 2, "QQQ   241115P00480000"),
                    OrderLeg::option(Instruction::SellToOpen, 2, "QQQ   241115P00475000"),
                ]
            )
        );
    }

    fn spreads_and_stocks() -> Vec<BrokerOrder> {
        let wire: Vec<WireOrder> = serde_json::from_str(schwab_fixture!(
            "http_get_accounts_hash_orders_spreads_and_stocks"
        ))
        .expect("orders fixture");
        broker_orders(wire)
    }

    #[test]
    fn spreads_read_as_one_order_with_their_net_fill_in_whole_spreads() {
        let orders = spreads_and_stocks();
        assert_eq!(orders.len(), 8, "every order reads");
        let partial = &orders[0];
        assert_eq!(
            (
                partial.status.clone(),
                partial.quantity,
                partial.filled_quantity,
                partial.remaining_quantity
            ),
            (OrderStatus::Working, 5, 3, 2)
        );
        assert_eq!(partial.average_fill_price, Some(dec!(1.35)));
        let vertical = Vertical::from_broker_order(partial).expect("a vertical");
        assert_eq!(vertical.net(), Net::Debit(dec!(1.35)));
        assert_eq!(vertical.spreads(), 5);
        assert_eq!(vertical.primary().symbol_text(), "QQQ   241115P00480000");
        let close = vertical.closing().request(3);
        assert_eq!(
            (close.order_type.clone(), close.price),
            (OrderType::NetCredit, Some(dec!(1.35)))
        );
        assert_eq!(
            close.legs.iter().map(|l| l.instruction).collect::<Vec<_>>(),
            [Instruction::SellToClose, Instruction::BuyToClose]
        );

        let condor = &orders[1];
        assert_eq!(
            condor.complex_order_strategy_type,
            ComplexOrderStrategy::IronCondor
        );
        assert_eq!(condor.legs.len(), 4);
        assert_eq!(condor.average_fill_price, Some(dec!(1.2)));
        condor
            .to_request()
            .validate()
            .expect("an iron condor copydesk could send");

        let zero = &orders[2];
        assert_eq!(
            (zero.order_type.clone(), zero.price, zero.status.clone()),
            (OrderType::NetZero, None, OrderStatus::Queued)
        );
        zero.to_request().validate().expect("a NET_ZERO vertical");

        let market = &orders[3];
        assert_eq!(
            (market.order_type.clone(), market.average_fill_price),
            (OrderType::Market, Some(dec!(1.3)))
        );
        assert!(market.legs.iter().all(|l| l.instruction.is_closing()));
        market
            .to_request()
            .validate()
            .expect("a MARKET closing vertical");
    }

    #[test]
    fn stock_orders_read_with_their_sessions_and_stops() {
        let orders = spreads_and_stocks();
        let sub_dollar = &orders[4];
        assert_eq!(
            (
                sub_dollar.session,
                sub_dollar.duration.clone(),
                sub_dollar.price
            ),
            (Session::Seamless, Duration::Day, Some(dec!(0.0125)))
        );
        let short = &orders[5];
        assert_eq!(
            short
                .legs
                .first()
                .map(|l| (l.instruction, l.symbol.as_str())),
            Some((Instruction::SellShort, "BRK.B"))
        );
        assert_eq!(short.average_fill_price, Some(dec!(451.25)));
        let cover = &orders[6];
        assert_eq!(
            (
                cover.order_type.clone(),
                cover.stop_price,
                cover.stop_price_link_basis,
                cover.stop_price_link_type,
                cover.stop_price_offset
            ),
            (
                OrderType::TrailingStop,
                Some(dec!(451.35)),
                Some(LinkBasis::Mark),
                Some(LinkType::Value),
                Some(dec!(0.1))
            )
        );
        assert_eq!(
            StockTiming::from_parts(cover.session, &cover.duration),
            Some(StockTiming::GtcExt)
        );
        let canceled = &orders[7];
        assert_eq!(
            (
                canceled.status.clone(),
                canceled.stop_price,
                canceled.price,
                canceled.remaining_quantity
            ),
            (
                OrderStatus::Canceled,
                Some(dec!(59.25)),
                Some(dec!(59.5)),
                100
            )
        );
    }

    #[test]
    fn trailing_stop_with_string_ids_and_fractional_z_time_reads() {
        let stop = &orders()[2];
        assert_eq!(stop.id, BrokerOrderId(1_002_384_425_599));
        assert_eq!(stop.status, OrderStatus::AwaitingStopCondition);
        assert_eq!(
            (stop.order_type.clone(), stop.duration.clone()),
            (OrderType::TrailingStop, Duration::GoodTillCancel)
        );
        assert_eq!(
            (stop.stop_price_link_basis, stop.stop_price_link_type),
            (Some(LinkBasis::Mark), Some(LinkType::Value))
        );
        assert_eq!(
            (stop.stop_price_offset, stop.stop_price),
            (Some(dec!(22.5)), Some(dec!(399.95)))
        );
        assert_eq!(
            stop.entered_time.timestamp_millis(),
            Utc.with_ymd_and_hms(2024, 10, 21, 16, 12, 3)
                .unwrap()
                .timestamp_millis()
                + 564
        );
        assert_eq!(stop.legs[0].asset_type, AssetType::Equity);
    }

    #[test]
    fn rejected_order_carries_schwabs_reason() {
        let rejected = &orders()[3];
        assert_eq!(rejected.status, OrderStatus::Rejected);
        assert!(rejected.status.is_final());
        assert_eq!(
            rejected.status_description.as_deref(),
            Some("Your order exceeds the available buying power for this account.")
        );
    }

    #[test]
    fn unknown_status_is_kept_and_unknown_instruction_skips_only_that_order() {
        let text = r#"[
          {"orderId": 1, "status": "HALTED_FOR_NEWS", "session": "NORMAL", "duration": "DAY", "orderType": "MARKET",
           "quantity": 1, "enteredTime": "2024-10-21T14:00:00+0000",
           "orderLegCollection": [{"instruction": "BUY", "quantity": 1, "instrument": {"assetType": "EQUITY", "symbol": "KO"}}]},
          {"orderId": 2, "status": "WORKING", "session": "NORMAL", "duration": "DAY", "orderType": "MARKET",
           "quantity": 1, "enteredTime": "2024-10-21T14:00:00+0000",
           "orderLegCollection": [{"instruction": "EXCHANGE", "quantity": 1, "instrument": {"assetType": "EQUITY", "symbol": "KO"}}]}
        ]"#;
        let wire: Vec<WireOrder> = serde_json::from_str(text).expect("orders json");
        let error = broker_order(wire[1].clone())
            .expect_err("EXCHANGE is not an instruction copydesk knows");
        assert_eq!(error.field, "orderLegCollection[0].instruction");
        let parsed = broker_orders(wire);
        assert_eq!(parsed.len(), 1);
        assert_eq!(
            parsed[0].status,
            OrderStatus::Other("HALTED_FOR_NEWS".into())
        );
        assert!(parsed[0].status.is_open());
    }

    #[test]
    fn vertical_average_fill_is_the_net_price_per_spread() {
        let text = r#"{"orderId": 7, "status": "FILLED", "orderType": "NET_CREDIT", "complexOrderStrategyType": "VERTICAL",
          "quantity": 2.0, "filledQuantity": 2.0, "enteredTime": "2024-10-21T14:00:00+0000",
          "orderLegCollection": [
            {"legId": 1, "instruction": "SELL_TO_OPEN", "quantity": 2.0, "instrument": {"assetType": "OPTION", "symbol": "SPY   241115C00600000"}},
            {"legId": 2, "instruction": "BUY_TO_OPEN", "quantity": 2.0, "instrument": {"assetType": "OPTION", "symbol": "SPY   241115C00605000"}}],
          "orderActivityCollection": [{"activityType": "EXECUTION", "quantity": 2.0, "executionLegs": [
            {"legId": 1, "quantity": 2.0, "price": 2.40}, {"legId": 2, "quantity": 2.0, "price": 1.55}]}]}"#;
        let order = broker_order(serde_json::from_str(text).expect("order json")).expect("order");
        assert_eq!(order.average_fill_price, Some(dec!(0.85)));
    }

    #[test]
    fn fractional_order_quantity_is_an_error_naming_the_field() {
        let leg = r#""orderLegCollection": [{"instruction": "BUY", "quantity": 1, "instrument": {"assetType": "EQUITY", "symbol": "KO"}}]"#;
        let text = format!(
            r#"{{"orderId": 8, "quantity": 1.5, "enteredTime": "2024-10-21T14:00:00+0000", {leg}}}"#
        );
        let error =
            broker_order(serde_json::from_str(&text).expect("order json")).expect_err("1.5 shares");
        assert_eq!(error.to_string(), "quantity: 1.5 is not a whole number");
        let text = format!(r#"{{"orderId": 9, "quantity": 1, {leg}}}"#);
        let error =
            broker_order(serde_json::from_str(&text).expect("order json")).expect_err("no time");
        assert_eq!(error.to_string(), "enteredTime: missing");
        let text =
            format!(r#"{{"quantity": 1, "enteredTime": "2024-10-21T14:00:00+0000", {leg}}}"#);
        let error =
            broker_order(serde_json::from_str(&text).expect("order json")).expect_err("no id");
        assert_eq!(error.to_string(), "orderId: missing");
    }

    #[test]
    fn observed_chain_spelling_reads() {
        let wire: WireOptionChain =
            serde_json::from_str(schwab_fixture!("http_get_marketdata_chains_call"))
                .expect("fixture");
        let chain = option_chain(wire, PutCall::Call).expect("chain");
        assert_eq!(
            (chain.underlying.as_str(), chain.underlying_price),
            ("MSFT", dec!(422.75))
        );
        let keys: Vec<String> = chain.expirations.keys().map(ToString::to_string).collect();
        assert_eq!(keys, ["2024-10-25:4", "2024-11-15:25"]);
        let near = chain.expirations.values().next().expect("first expiry");
        let strikes: Vec<String> = near.keys().map(ToString::to_string).collect();
        assert_eq!(strikes, ["420.0", "422.5"]);
        let contract = &near[&StrikeKey(dec!(422.5))][0];
        assert_eq!(
            contract,
            &OptionContract {
                symbol: "MSFT  241025C00422500".into(),
                description: "MSFT 10/25/2024 422.50 C".into(),
                put_call: PutCall::Call,
                strike: dec!(422.5),
                expiration: NaiveDate::from_ymd_opt(2024, 10, 25).expect("date"),
                bid: dec!(4.85),
                ask: dec!(5.0),
                last: dec!(4.95),
                mark: dec!(4.925),
            }
        );
    }

    #[test]
    fn spec_chain_spelling_and_string_numbers_read() {
        let wire: WireOptionChain = serde_json::from_str(schwab_fixture!(
            "http_get_marketdata_chains_put_spec_spelling"
        ))
        .expect("fixture");
        assert_eq!(
            wire.put_exp_date_map
                .values()
                .next()
                .expect("expiry")
                .values()
                .next()
                .expect("strike")[0]
                .in_the_money,
            Some(false)
        );
        let chain = option_chain(wire.clone(), PutCall::Put).expect("chain");
        assert_eq!(chain.underlying_price, dec!(582.14));
        let strikes = chain.expirations.values().next().expect("expiry");
        let atm = &strikes[&StrikeKey(dec!(580))][0];
        assert_eq!(
            (atm.bid, atm.ask, atm.last, atm.mark, atm.strike),
            (dec!(6.72), dec!(6.78), dec!(6.75), dec!(6.75), dec!(580.0))
        );
        assert_eq!(atm.put_call, PutCall::Put);
        // The call side was not asked for and comes back empty.
        assert!(
            option_chain(wire, PutCall::Call)
                .expect("empty side")
                .expirations
                .is_empty()
        );
    }

    #[test]
    fn quotes_leave_out_invalid_symbols() {
        let wire: WireQuoteResponse =
            serde_json::from_str(schwab_fixture!("http_get_marketdata_quotes")).expect("fixture");
        let quotes = quotes(wire);
        assert_eq!(
            quotes.keys().collect::<Vec<_>>(),
            ["MSFT", "MSFT  241025C00420000"]
        );
        assert_eq!(
            quotes["MSFT"],
            Quote {
                symbol: "MSFT".into(),
                description: Some("Microsoft Corp".into()),
                bid: Some(dec!(422.7)),
                ask: Some(dec!(422.8)),
                last: Some(dec!(422.75)),
                mark: Some(dec!(422.75)),
            }
        );
        assert_eq!(
            quotes["MSFT  241025C00420000"].description.as_deref(),
            Some("Microsoft Corp 10/25/2024 $420 Call")
        );
    }

    #[test]
    fn an_index_quote_has_no_bid_ask_or_mark_and_a_zero_side_is_absent() {
        let wire: WireQuoteResponse =
            serde_json::from_str(schwab_fixture!("http_get_marketdata_quotes_index"))
                .expect("fixture");
        let quotes = quotes(wire);
        assert_eq!(
            quotes["$SPX"],
            Quote {
                symbol: "$SPX".into(),
                description: Some("S&P 500 INDEX".into()),
                bid: None,
                ask: None,
                last: Some(dec!(5811.26)),
                mark: None,
            }
        );
        let gdx = &quotes["GDX"];
        assert_eq!(
            (gdx.bid, gdx.ask, gdx.last, gdx.mark),
            (None, Some(dec!(42.31)), Some(dec!(42.3)), Some(dec!(42.3)))
        );
    }

    fn wire_orders(text: &str) -> Vec<WireOrder> {
        serde_json::from_str(text).expect("orders fixture")
    }

    #[test]
    fn a_canceled_remainder_is_no_fill() {
        let orders = broker_orders(wire_orders(schwab_fixture!(
            "http_get_accounts_hash_orders_canceled"
        )));
        assert_eq!(orders.len(), 3);
        let canceled = &orders[0];
        assert_eq!(
            (
                canceled.status.clone(),
                canceled.filled_quantity,
                canceled.average_fill_price,
                canceled.first_fill_time
            ),
            (OrderStatus::Canceled, 0, None, None)
        );
        let partial = &orders[1];
        assert_eq!(
            (
                partial.status.clone(),
                partial.quantity,
                partial.filled_quantity,
                partial.average_fill_price
            ),
            (OrderStatus::Canceled, 2900, 1782, Some(dec!(6.16)))
        );
        assert_eq!(
            (partial.first_fill_time, partial.last_fill_time),
            (
                Some(Utc.with_ymd_and_hms(2025, 3, 11, 14, 30, 3).unwrap()),
                Some(Utc.with_ymd_and_hms(2025, 3, 11, 14, 30, 3).unwrap())
            )
        );
        let replaced = &orders[2];
        assert_eq!(
            (replaced.status.clone(), replaced.average_fill_price),
            (OrderStatus::Replaced, None)
        );
        assert!(orders.iter().all(BrokerOrder::is_standalone));
    }

    #[test]
    fn an_execution_without_a_type_is_a_fill() {
        let text = r#"{"orderId": 5, "status": "FILLED", "orderType": "MARKET", "quantity": 4,
          "filledQuantity": 4, "enteredTime": "2025-03-11T14:00:00+0000",
          "orderLegCollection": [{"instruction": "BUY", "quantity": 4, "instrument": {"assetType": "EQUITY", "symbol": "KO"}}],
          "orderActivityCollection": [
            {"quantity": 1, "executionLegs": [{"quantity": 1, "price": 70.1}]},
            {"activityType": "EXECUTION", "executionType": "FILL", "quantity": 3, "executionLegs": [{"quantity": 3, "price": 70.5}]},
            {"activityType": "ORDER_ACTION", "quantity": 4, "executionLegs": [{"quantity": 4, "price": 1}]}]}"#;
        let order = broker_order(serde_json::from_str(text).expect("order json")).expect("order");
        assert_eq!(order.average_fill_price, Some(dec!(70.4)));
    }

    #[test]
    fn fund_orders_and_positions_read_as_stocks_and_keep_their_asset_type() {
        let orders = broker_orders(wire_orders(schwab_fixture!(
            "http_get_accounts_hash_orders_etf"
        )));
        let spy = orders.first().expect("the SPY order");
        let leg = spy.legs.first().expect("one leg");
        assert_eq!(
            (leg.symbol.as_str(), &leg.asset_type),
            ("SPY", &AssetType::CollectiveInvestment)
        );
        assert!(leg.asset_type.is_stock());
        let request = spy.to_request();
        request
            .validate()
            .expect("a fund order copydesk could send");
        let body = super::super::encode::order_body(&request);
        assert_eq!(
            body.order_leg_collection
                .first()
                .map(|l| l.instrument.asset_type.as_str()),
            Some("COLLECTIVE_INVESTMENT")
        );

        let envelope: AccountEnvelope =
            serde_json::from_str(schwab_fixture!("http_get_accounts_hash_margin_etf"))
                .expect("account with numeric flags");
        let snapshot = account_snapshot(envelope);
        let held: Vec<(&str, &AssetType, u32, u32)> = snapshot
            .positions
            .iter()
            .map(|p| {
                (
                    p.symbol.as_str(),
                    &p.asset_type,
                    p.long_quantity,
                    p.short_quantity,
                )
            })
            .collect();
        assert_eq!(
            held,
            [
                ("GDX", &AssetType::CollectiveInvestment, 150, 0),
                ("SPY", &AssetType::CollectiveInvestment, 0, 10),
                ("MSFT", &AssetType::Equity, 50, 0),
                ("SWVXX", &AssetType::Other("MUTUAL_FUND".into()), 312, 0),
            ]
        );
        let stocks: Vec<&str> = snapshot
            .positions
            .iter()
            .filter(|p| p.asset_type.is_stock())
            .map(|p| p.symbol.as_str())
            .collect();
        assert_eq!(stocks, ["GDX", "SPY", "MSFT"]);
        // A fraction of a share is kept beside the whole shares orders can trade.
        let fund = snapshot
            .positions
            .iter()
            .find(|p| p.symbol == "SWVXX")
            .expect("the money market fund");
        assert_eq!(
            (fund.long_quantity, fund.long_fraction, fund.net_held()),
            (312, dec!(0.417), dec!(312.417))
        );
    }

    #[test]
    fn numeric_flags_read_as_booleans() {
        let envelope: AccountEnvelope =
            serde_json::from_str(schwab_fixture!("http_get_accounts_hash_margin_etf"))
                .expect("account with numeric flags");
        let account = &envelope.securities_account;
        assert_eq!(
            (
                account.is_day_trader,
                account.is_closing_only_restricted,
                account.pfcb_flag
            ),
            (Some(false), Some(false), Some(false))
        );
        assert_eq!(
            account.current_balances.as_ref().and_then(|b| b.is_in_call),
            Some(false)
        );
        assert_eq!(account_snapshot(envelope.clone()).kind, AccountKind::Margin);
    }

    #[test]
    fn a_bracket_reads_as_its_orders_and_its_containers_are_no_orders() {
        let orders = broker_orders(wire_orders(schwab_fixture!(
            "http_get_accounts_hash_orders_bracket"
        )));
        let read: Vec<(i64, OrderStrategy, Option<i64>, OrderStatus, OrderType)> = orders
            .iter()
            .map(|o| {
                (
                    o.id.get(),
                    o.strategy.clone(),
                    o.parent.map(|p| p.get()),
                    o.status.clone(),
                    o.order_type.clone(),
                )
            })
            .collect();
        assert_eq!(
            read,
            [
                (
                    1_005_120_331_870,
                    OrderStrategy::Trigger,
                    None,
                    OrderStatus::Filled,
                    OrderType::Limit
                ),
                (
                    1_005_120_331_872,
                    OrderStrategy::Single,
                    Some(1_005_120_331_871),
                    OrderStatus::Working,
                    OrderType::Stop
                ),
                (
                    1_005_120_331_873,
                    OrderStrategy::Single,
                    Some(1_005_120_331_871),
                    OrderStatus::Working,
                    OrderType::Limit
                ),
                (
                    1_005_120_402_211,
                    OrderStrategy::Single,
                    Some(1_005_120_402_210),
                    OrderStatus::Working,
                    OrderType::Limit
                ),
                (
                    1_005_120_402_212,
                    OrderStrategy::Single,
                    Some(1_005_120_402_210),
                    OrderStatus::Working,
                    OrderType::Stop
                ),
            ]
        );
        assert_eq!(orders[0].average_fill_price, Some(dec!(42.28)));
        assert_eq!(orders[1].stop_price, Some(dec!(39.75)));
        assert!(orders.iter().all(|o| !o.is_standalone()));
        assert!(orders.iter().all(|o| !o.legs.is_empty()));
        // A container fetched on its own is not an order.
        let mut wire = wire_orders(schwab_fixture!("http_get_accounts_hash_orders_bracket"));
        let container = wire.remove(1);
        assert_eq!(
            broker_order(container).map_err(|e| e.field),
            Err("orderLegCollection".to_owned())
        );
    }

    #[test]
    fn request_bodies_read_back_into_requests() {
        let wire: WireOrderRequest =
            serde_json::from_str(schwab_fixture!("http_post_order_stock_trailing_stop"))
                .expect("fixture");
        let request = order_request(wire).expect("request");
        assert_eq!(
            request,
            OrderRequest::trailing_stop(
                OrderLeg::equity(Instruction::Sell, 50, "MSFT"),
                LinkType::Percent,
                dec!(5)
            )
            .with_duration(Duration::GoodTillCancel)
        );
        let mut bad: WireOrderRequest =
            serde_json::from_str(schwab_fixture!("http_post_order_stock_market")).expect("fixture");
        bad.order_leg_collection[0].instruction = "BORROW".into();
        assert_eq!(
            order_request(bad).expect_err("unknown instruction").field,
            "orderLegCollection[0].instruction"
        );
    }
}
