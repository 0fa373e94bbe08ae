//! Serde wire types for the Schwab Trader and Market Data APIs, as lenient as Schwab's JSON needs.
//!
//! Enumerated values (statuses, order types, instructions) stay as strings here so an unexpected value never
//! breaks a whole response; `parse` maps them onto the domain with catch-alls. Numbers go through
//! [`lenient`](super::lenient): numbers or numeric strings, missing numbers as `None` or zero.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

use super::lenient;

/// Redacted stand-in printed instead of secrets.
const REDACTED: &str = "[redacted]";

/// `POST /v1/oauth/token` answer (200).
#[derive(Clone, Deserialize)]
pub struct TokenResponse {
    /// Bearer token for API calls.
    pub access_token: String,
    /// Refresh token; Schwab may leave it out on a refresh, in which case the old one stays valid.
    #[serde(default)]
    pub refresh_token: Option<String>,
    /// OpenID token; unused.
    #[serde(default)]
    pub id_token: Option<String>,
    /// Always `Bearer`.
    #[serde(default)]
    pub token_type: Option<String>,
    /// Access token lifetime in seconds (1800).
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub expires_in: Option<i64>,
    /// Always `api`.
    #[serde(default)]
    pub scope: Option<String>,
}

impl fmt::Debug for TokenResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenResponse")
            .field("access_token", &REDACTED)
            .field(
                "refresh_token",
                &self.refresh_token.as_ref().map(|_| REDACTED),
            )
            .field("id_token", &self.id_token.as_ref().map(|_| REDACTED))
            .field("token_type", &self.token_type)
            .field("expires_in", &self.expires_in)
            .field("scope", &self.scope)
            .finish()
    }
}

/// OAuth error body: `{"error": "...", "error_description": "..."}`.
#[derive(Debug, Clone, Deserialize)]
pub struct OAuthErrorBody {
    /// Machine-readable error code, e.g. `unsupported_token_type`.
    pub error: String,
    /// Human text; may itself embed another OAuth error as escaped JSON.
    #[serde(default)]
    pub error_description: Option<String>,
}

/// Trader API error body (`ServiceError`): `{"message": "...", "errors": ["..."]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceErrorBody {
    /// Summary message.
    #[serde(default)]
    pub message: Option<String>,
    /// Detail lines.
    #[serde(default)]
    pub errors: Vec<String>,
}

/// Market Data error body (`ErrorResponse`): `{"errors": [{id, status, title, detail, source}]}`.
#[derive(Debug, Clone, Deserialize)]
pub struct MarketDataErrorBody {
    /// One entry per problem.
    pub errors: Vec<MarketDataError>,
}

/// One Market Data error entry; `status` is an integer in some answers and a string in others.
#[derive(Debug, Clone, Deserialize)]
pub struct MarketDataError {
    /// Correlation id of the error.
    #[serde(default)]
    pub id: Option<String>,
    /// HTTP status as a number or a string.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub status: Option<i64>,
    /// Short title, e.g. `Unauthorized`.
    #[serde(default)]
    pub title: Option<String>,
    /// Longer explanation.
    #[serde(default)]
    pub detail: Option<String>,
}

/// Gateway fault body: `{"fault": {"faultstring": "...", "detail": {"errorcode": "..."}}}`.
#[derive(Debug, Clone, Deserialize)]
pub struct GatewayFaultBody {
    /// The fault itself.
    pub fault: GatewayFault,
}

/// Inner part of [`GatewayFaultBody`].
#[derive(Debug, Clone, Deserialize)]
pub struct GatewayFault {
    /// Human text, e.g. `Body buffer overflow`.
    #[serde(default)]
    pub faultstring: Option<String>,
}

/// One entry of `GET /trader/v1/accounts/accountNumbers`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountNumberEntry {
    /// Plain account number, shown to people.
    #[serde(deserialize_with = "lenient::id_string")]
    pub account_number: String,
    /// Encrypted account hash used in every account-scoped path.
    pub hash_value: String,
}

/// `GET /trader/v1/accounts/{hash}` answer.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccountEnvelope {
    /// The account itself.
    pub securities_account: SecuritiesAccount,
    /// Totals across the account (observed, not in the spec).
    #[serde(default)]
    pub aggregated_balance: Option<AggregatedBalance>,
}

/// A `securitiesAccount` object.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SecuritiesAccount {
    /// `CASH` or `MARGIN`.
    #[serde(rename = "type", default)]
    pub account_type: Option<String>,
    /// Plain account number.
    #[serde(deserialize_with = "lenient::id_string")]
    pub account_number: String,
    /// Day-trade round trips.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub round_trips: Option<i64>,
    /// Pattern day trader flag.
    #[serde(default, deserialize_with = "lenient::bool_opt")]
    pub is_day_trader: Option<bool>,
    /// Account may only close positions.
    #[serde(default, deserialize_with = "lenient::bool_opt")]
    pub is_closing_only_restricted: Option<bool>,
    /// Whether the account is flagged for potential free-riding (PFCB); Schwab documents 0/1 or a boolean.
    #[serde(default, deserialize_with = "lenient::bool_opt")]
    pub pfcb_flag: Option<bool>,
    /// Positions; present only when asked for with `fields=positions`.
    #[serde(default)]
    pub positions: Vec<WirePosition>,
    /// Balances at the start of the day.
    #[serde(default)]
    pub initial_balances: Option<WireBalances>,
    /// Balances now.
    #[serde(default)]
    pub current_balances: Option<WireBalances>,
    /// Balances after open orders.
    #[serde(default)]
    pub projected_balances: Option<WireBalances>,
}

/// `aggregatedBalance` totals.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AggregatedBalance {
    /// Current liquidation value.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub current_liquidation_value: Option<Decimal>,
    /// Liquidation value.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub liquidation_value: Option<Decimal>,
}

/// Declares a balances struct whose fields are all optional lenient decimals.
macro_rules! balances {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, Deserialize)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $(
                $(#[$fmeta])*
                #[serde(default, deserialize_with = "lenient::decimal_opt")]
                pub $field: Option<Decimal>,
            )*
            /// Whether the account is in a margin call.
            #[serde(default, deserialize_with = "lenient::bool_opt")]
            pub is_in_call: Option<bool>,
        }
    };
}

balances! {
    /// One balances block; which fields appear depends on the account type (cash or margin).
    WireBalances {
        /// Accrued interest.
        accrued_interest,
        /// Cash balance.
        cash_balance,
        /// Cash receipts.
        cash_receipts,
        /// Market value of long options.
        long_option_market_value,
        /// Liquidation value of the account.
        liquidation_value,
        /// Market value of long positions.
        long_market_value,
        /// Money market funds.
        money_market_fund,
        /// Savings.
        savings,
        /// Market value of short positions.
        short_market_value,
        /// Pending deposits.
        pending_deposits,
        /// Mutual fund value.
        mutual_fund_value,
        /// Bond value.
        bond_value,
        /// Market value of short options.
        short_option_market_value,
        /// Available funds (margin).
        available_funds,
        /// Available funds for non-marginable trades (margin).
        available_funds_non_marginable_trade,
        /// Buying power (margin only).
        buying_power,
        /// Buying power for non-marginable trades (margin).
        buying_power_non_marginable_trade,
        /// Day-trading buying power (margin).
        day_trading_buying_power,
        /// Equity (margin).
        equity,
        /// Equity percentage (margin).
        equity_percentage,
        /// Long margin value (margin).
        long_margin_value,
        /// Maintenance call (margin).
        maintenance_call,
        /// Maintenance requirement (margin).
        maintenance_requirement,
        /// Margin balance (margin).
        margin_balance,
        /// Reg T call (margin).
        reg_t_call,
        /// Short balance (margin).
        short_balance,
        /// Short margin value (margin).
        short_margin_value,
        /// Special memorandum account (margin).
        sma,
        /// Option buying power (margin, spec only).
        option_buying_power,
        /// Stock buying power (margin, projected).
        stock_buying_power,
        /// Cash available for trading (cash accounts; margin only in initial balances).
        cash_available_for_trading,
        /// Cash available for withdrawal (cash).
        cash_available_for_withdrawal,
        /// Cash call (cash).
        cash_call,
        /// Long non-marginable market value (cash).
        long_non_marginable_market_value,
        /// Total cash (cash).
        total_cash,
        /// Cash debit call value (cash).
        cash_debit_call_value,
        /// Unsettled cash (cash).
        unsettled_cash,
        /// Account value (initial balances).
        account_value,
    }
}

/// One position; Schwab omits zero-valued numbers, so every quantity defaults to zero.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WirePosition {
    /// Long quantity (shares or contracts; may be fractional for sweeps and reinvested dividends).
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub long_quantity: Decimal,
    /// Short quantity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub short_quantity: Decimal,
    /// Average price (per share; per-share premium for options).
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub average_price: Decimal,
    /// Settled long quantity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub settled_long_quantity: Decimal,
    /// Settled short quantity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub settled_short_quantity: Decimal,
    /// Market value (negative for shorts).
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub market_value: Decimal,
    /// Profit or loss today.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub current_day_profit_loss: Option<Decimal>,
    /// What the position holds.
    pub instrument: WireInstrument,
}

/// An instrument as it appears in positions and order legs.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireInstrument {
    /// `EQUITY`, `OPTION`, `CASH_EQUIVALENT`, ...
    #[serde(default)]
    pub asset_type: Option<String>,
    /// CUSIP.
    #[serde(default)]
    pub cusip: Option<String>,
    /// Symbol; options use the padded 21-character form.
    #[serde(default)]
    pub symbol: String,
    /// Free-text description (never parsed).
    #[serde(default)]
    pub description: Option<String>,
    /// Schwab instrument id.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub instrument_id: Option<i64>,
    /// `CALL`, `PUT` or `UNKNOWN` for options.
    #[serde(default)]
    pub put_call: Option<String>,
    /// Underlying of an option.
    #[serde(default)]
    pub underlying_symbol: Option<String>,
    /// Sub-type: `VANILLA` for options, `SWEEP_VEHICLE` for cash sweeps.
    #[serde(rename = "type", default)]
    pub instrument_type: Option<String>,
}

/// An order as returned by `GET .../orders` and `GET .../orders/{id}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrder {
    /// Order id (int64; sometimes seen as a string). Every order carries one; a missing id is refused
    /// for that order alone (see `parse::broker_orders`).
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub order_id: Option<i64>,
    /// `NORMAL`, `AM`, `PM`, `SEAMLESS`.
    #[serde(default)]
    pub session: Option<String>,
    /// `DAY`, `GOOD_TILL_CANCEL`, ...
    #[serde(default)]
    pub duration: Option<String>,
    /// `LIMIT`, `NET_DEBIT`, ...
    #[serde(default)]
    pub order_type: Option<String>,
    /// `NONE`, `VERTICAL`, ...
    #[serde(default)]
    pub complex_order_strategy_type: Option<String>,
    /// Ordered quantity (number of spreads for complex orders).
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub quantity: Decimal,
    /// Filled so far.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub filled_quantity: Decimal,
    /// Still open.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub remaining_quantity: Decimal,
    /// Limit price or net price.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub price: Option<Decimal>,
    /// Stop trigger price (for trailing stops: the current trigger).
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub stop_price: Option<Decimal>,
    /// Trailing stop basis (`MARK`, `BID`, ...).
    #[serde(default)]
    pub stop_price_link_basis: Option<String>,
    /// Trailing stop offset kind (`VALUE`, `PERCENT`, `TICK`).
    #[serde(default)]
    pub stop_price_link_type: Option<String>,
    /// Trailing stop offset.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub stop_price_offset: Option<Decimal>,
    /// `SINGLE`, `OCO`, `TRIGGER`, ...
    #[serde(default)]
    pub order_strategy_type: Option<String>,
    /// Can still be cancelled.
    #[serde(default, deserialize_with = "lenient::bool_opt")]
    pub cancelable: Option<bool>,
    /// Can still be replaced.
    #[serde(default, deserialize_with = "lenient::bool_opt")]
    pub editable: Option<bool>,
    /// One of the 21 statuses, or something new.
    #[serde(default)]
    pub status: Option<String>,
    /// Broker's explanation, e.g. why an order was rejected.
    #[serde(default)]
    pub status_description: Option<String>,
    /// When the order was entered.
    #[serde(default, deserialize_with = "lenient::timestamp_opt")]
    pub entered_time: Option<DateTime<Utc>>,
    /// When it reached a final status.
    #[serde(default, deserialize_with = "lenient::timestamp_opt")]
    pub close_time: Option<DateTime<Utc>>,
    /// Free-form tag set by Schwab.
    #[serde(default)]
    pub tag: Option<String>,
    /// Plain account number (a number here, a string elsewhere).
    #[serde(default, deserialize_with = "lenient::id_string_opt")]
    pub account_number: Option<String>,
    /// Legs.
    #[serde(default)]
    pub order_leg_collection: Vec<WireOrderLeg>,
    /// Executions and other activity.
    #[serde(default)]
    pub order_activity_collection: Vec<WireOrderActivity>,
    /// The orders of a bracket under this one: an OCO container's stop and take-profit, or what a
    /// TRIGGER order starts once it fills (often an OCO container, itself without legs).
    #[serde(default)]
    pub child_order_strategies: Vec<WireOrder>,
}

/// One leg of an order in a response.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrderLeg {
    /// `EQUITY`, `OPTION`, ...
    #[serde(default)]
    pub order_leg_type: Option<String>,
    /// Leg number, referenced by execution legs.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub leg_id: Option<i64>,
    /// `BUY`, `SELL_TO_OPEN`, ...
    #[serde(default)]
    pub instruction: Option<String>,
    /// `OPENING`, `CLOSING`, `AUTOMATIC`.
    #[serde(default)]
    pub position_effect: Option<String>,
    /// Leg quantity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub quantity: Decimal,
    /// What the leg trades.
    pub instrument: WireInstrument,
}

/// One activity entry of an order.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrderActivity {
    /// `EXECUTION` or `ORDER_ACTION`.
    #[serde(default)]
    pub activity_type: Option<String>,
    /// `FILL`, or `CANCELED` for the remainder of an order that was canceled or replaced (reported
    /// with a zero price; never a fill).
    #[serde(default)]
    pub execution_type: Option<String>,
    /// Quantity of this activity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub quantity: Decimal,
    /// Fills per leg.
    #[serde(default)]
    pub execution_legs: Vec<WireExecutionLeg>,
}

/// A fill of one leg.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireExecutionLeg {
    /// The leg this fill belongs to.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub leg_id: Option<i64>,
    /// Fill price.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub price: Option<Decimal>,
    /// Filled quantity.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub quantity: Decimal,
    /// Fill time.
    #[serde(default, deserialize_with = "lenient::timestamp_opt")]
    pub time: Option<DateTime<Utc>>,
}

/// Serializes an optional decimal as a decimal string, the form Schwab's own samples send.
fn decimal_string<S: serde::Serializer>(
    value: &Option<Decimal>,
    ser: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(decimal) => ser.serialize_str(&decimal.to_string()),
        None => ser.serialize_none(),
    }
}

/// Serializes an optional decimal as a JSON number with exactly its digits, the form Schwab's samples and
/// schwab-py send `stopPriceOffset` in.
fn decimal_number<S: serde::Serializer>(
    value: &Option<Decimal>,
    ser: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(decimal) => {
            let number = serde_json::Number::from_str(&decimal.normalize().to_string())
                .map_err(serde::ser::Error::custom)?;
            number.serialize(ser)
        }
        None => ser.serialize_none(),
    }
}

/// The body of `POST .../orders` and `PUT .../orders/{id}`.
///
/// Prices go out as decimal strings, quantities and the trailing offset as numbers; absent fields are
/// left out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrderRequest {
    /// Trading session.
    pub session: String,
    /// Time in force.
    pub duration: String,
    /// Order type.
    pub order_type: String,
    /// `NONE` for single orders, `VERTICAL` for verticals.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complex_order_strategy_type: Option<String>,
    /// Number of spreads (complex orders only).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "count_opt"
    )]
    pub quantity: Option<u32>,
    /// Limit or net price.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "decimal_string",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub price: Option<Decimal>,
    /// Stop trigger price.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "decimal_string",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub stop_price: Option<Decimal>,
    /// Trailing stop basis.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_basis: Option<String>,
    /// Trailing stop offset kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_type: Option<String>,
    /// Trailing stop offset, a JSON number.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        serialize_with = "decimal_number",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub stop_price_offset: Option<Decimal>,
    /// Always `SINGLE` for the orders copydesk sends.
    pub order_strategy_type: String,
    /// Legs.
    pub order_leg_collection: Vec<WireOrderLegRequest>,
}

/// Optional whole count for request bodies (lenient on the way in).
fn count_opt<'de, D: Deserializer<'de>>(de: D) -> Result<Option<u32>, D::Error> {
    let value = Value::deserialize(de)?;
    let Some(decimal) = lenient::value_to_decimal(&value).map_err(D::Error::custom)? else {
        return Ok(None);
    };
    if !decimal.fract().is_zero() {
        return Err(D::Error::custom(format!(
            "expected a whole number, found {decimal}"
        )));
    }
    u32::try_from(decimal)
        .map(Some)
        .map_err(|_| D::Error::custom(format!("expected a count, found {decimal}")))
}

/// One leg of an order request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrderLegRequest {
    /// `BUY`, `SELL_TO_OPEN`, ...
    pub instruction: String,
    /// Whole quantity.
    #[serde(deserialize_with = "lenient::count_or_zero")]
    pub quantity: u32,
    /// Symbol and asset type.
    pub instrument: WireInstrumentRequest,
}

/// The instrument of an order request leg.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireInstrumentRequest {
    /// Symbol; options in the padded 21-character form.
    pub symbol: String,
    /// `EQUITY` or `OPTION`.
    pub asset_type: String,
}

/// `GET /marketdata/v1/chains` answer.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOptionChain {
    /// Underlying symbol.
    pub symbol: String,
    /// `SUCCESS` or `FAILED`.
    #[serde(default)]
    pub status: Option<String>,
    /// Last price of the underlying.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub underlying_price: Option<Decimal>,
    /// Calls by `"YYYY-MM-DD:DTE"`, then strike text.
    #[serde(default)]
    pub call_exp_date_map: ExpirationMap,
    /// Puts, same keys.
    #[serde(default)]
    pub put_exp_date_map: ExpirationMap,
}

/// `{"YYYY-MM-DD:DTE": {"<strike>": [contract, ...]}}`.
pub type ExpirationMap = BTreeMap<String, BTreeMap<String, Vec<WireOptionContract>>>;

/// One contract of a chain; accepts both the observed (`bid`) and the spec (`bidPrice`) spellings.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOptionContract {
    /// `CALL` or `PUT`.
    #[serde(default)]
    pub put_call: Option<String>,
    /// Padded OSI symbol.
    pub symbol: String,
    /// Free-text description, e.g. `AAPL 10/18/2024 232.50 C`.
    #[serde(default)]
    pub description: Option<String>,
    /// Bid.
    #[serde(default, alias = "bidPrice", deserialize_with = "lenient::decimal_opt")]
    pub bid: Option<Decimal>,
    /// Ask.
    #[serde(default, alias = "askPrice", deserialize_with = "lenient::decimal_opt")]
    pub ask: Option<Decimal>,
    /// Last trade.
    #[serde(
        default,
        alias = "lastPrice",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub last: Option<Decimal>,
    /// Mark (mid).
    #[serde(
        default,
        alias = "markPrice",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub mark: Option<Decimal>,
    /// Strike.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub strike_price: Option<Decimal>,
    /// Expiration, e.g. `2024-10-18T20:00:00.000+00:00`.
    #[serde(default, deserialize_with = "lenient::timestamp_opt")]
    pub expiration_date: Option<DateTime<Utc>>,
    /// Days to expiration.
    #[serde(default, deserialize_with = "lenient::i64_opt")]
    pub days_to_expiration: Option<i64>,
    /// Contract multiplier (100).
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub multiplier: Option<Decimal>,
    /// In the money.
    #[serde(
        default,
        alias = "isInTheMoney",
        deserialize_with = "lenient::bool_opt"
    )]
    pub in_the_money: Option<bool>,
    /// Non-standard deliverable.
    #[serde(
        default,
        alias = "isNonStandard",
        deserialize_with = "lenient::bool_opt"
    )]
    pub non_standard: Option<bool>,
    /// Mini option.
    #[serde(default, alias = "isMini", deserialize_with = "lenient::bool_opt")]
    pub mini: Option<bool>,
}

/// `GET /marketdata/v1/quotes` answer: quotes by symbol, plus the symbols Schwab did not recognise.
#[derive(Debug, Clone, Default)]
pub struct WireQuoteResponse {
    /// Quotes keyed by the requested symbol.
    pub quotes: BTreeMap<String, WireQuoteEntry>,
    /// Symbols reported as invalid (from the error entry of the map).
    pub invalid_symbols: Vec<String>,
}

impl<'de> Deserialize<'de> for WireQuoteResponse {
    fn deserialize<D: Deserializer<'de>>(de: D) -> Result<Self, D::Error> {
        let entries = BTreeMap::<String, Value>::deserialize(de)?;
        let mut response = WireQuoteResponse::default();
        for (key, value) in entries {
            if is_quote_error(&value) {
                let error = WireQuoteError::deserialize(value).map_err(D::Error::custom)?;
                response.invalid_symbols.extend(error.invalid_symbols);
                response.invalid_symbols.extend(error.invalid_cusips);
                response.invalid_symbols.extend(error.invalid_ssids);
            } else {
                let entry = WireQuoteEntry::deserialize(value)
                    .map_err(|e| D::Error::custom(format!("quote for {key:?}: {e}")))?;
                response.quotes.insert(key, entry);
            }
        }
        Ok(response)
    }
}

/// Whether a map entry of the quote answer is the `QuoteError` entry rather than a quote.
fn is_quote_error(value: &Value) -> bool {
    value.as_object().is_some_and(|object| {
        ["invalidSymbols", "invalidCusips", "invalidSSIDs"]
            .iter()
            .any(|k| object.contains_key(*k))
    })
}

/// The `QuoteError` entry of a quote answer.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireQuoteError {
    /// Unknown symbols.
    #[serde(default)]
    pub invalid_symbols: Vec<String>,
    /// Unknown CUSIPs.
    #[serde(default)]
    pub invalid_cusips: Vec<String>,
    /// Unknown SSIDs.
    #[serde(default, rename = "invalidSSIDs")]
    pub invalid_ssids: Vec<String>,
}

/// One quote of the map.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireQuoteEntry {
    /// `EQUITY`, `OPTION`, `INDEX`, ...
    #[serde(default)]
    pub asset_main_type: Option<String>,
    /// The symbol.
    #[serde(default)]
    pub symbol: Option<String>,
    /// Prices.
    #[serde(default)]
    pub quote: Option<WireQuoteBlock>,
    /// Static reference data.
    #[serde(default)]
    pub reference: Option<WireQuoteReference>,
}

/// The `quote` block (`bidPrice`/`askPrice` here, unlike chains).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireQuoteBlock {
    /// Bid.
    #[serde(default, alias = "bid", deserialize_with = "lenient::decimal_opt")]
    pub bid_price: Option<Decimal>,
    /// Ask.
    #[serde(default, alias = "ask", deserialize_with = "lenient::decimal_opt")]
    pub ask_price: Option<Decimal>,
    /// Last trade.
    #[serde(default, alias = "last", deserialize_with = "lenient::decimal_opt")]
    pub last_price: Option<Decimal>,
    /// Mark.
    #[serde(
        default,
        alias = "markPrice",
        deserialize_with = "lenient::decimal_opt"
    )]
    pub mark: Option<Decimal>,
    /// Previous close.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub close_price: Option<Decimal>,
}

/// The `reference` block.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireQuoteReference {
    /// Company or contract description.
    #[serde(default)]
    pub description: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::schwab::fixture::schwab_fixture;
    use rust_decimal_macros::dec;

    #[test]
    fn token_response_reads_and_debug_hides_secrets() {
        let token: TokenResponse =
            serde_json::from_str(schwab_fixture!("http_post_oauth_token")).expect("token fixture");
        assert!(token.access_token.starts_with("I0."));
        assert_eq!(
            token.refresh_token.as_deref(),
            Some("rT9k2mPq-Xv7Lw3Zb8Nc1Hd6Fg0Js4Ka5Ye2Ur7Ti9Oo@")
        );
        assert_eq!(token.expires_in, Some(1800));
        assert_eq!(token.token_type.as_deref(), Some("Bearer"));
        let debug = format!("{token:?}");
        assert!(
            !debug.contains("I0.") && !debug.contains("rT9k") && !debug.contains("eyJ"),
            "{debug}"
        );
        assert!(debug.contains("[redacted]"));
    }

    #[test]
    fn quote_map_separates_the_error_entry() {
        let quotes: WireQuoteResponse =
            serde_json::from_str(schwab_fixture!("http_get_marketdata_quotes"))
                .expect("quotes fixture");
        assert_eq!(quotes.invalid_symbols, vec!["NOTATICKER".to_owned()]);
        assert_eq!(quotes.quotes.len(), 2);
        let msft = quotes
            .quotes
            .get("MSFT")
            .and_then(|q| q.quote.as_ref())
            .expect("MSFT quote");
        assert_eq!(
            (msft.bid_price, msft.ask_price, msft.last_price, msft.mark),
            (
                Some(dec!(422.7)),
                Some(dec!(422.8)),
                Some(dec!(422.75)),
                Some(dec!(422.75))
            )
        );
        let option = quotes
            .quotes
            .get("MSFT  241025C00420000")
            .expect("option quote");
        assert_eq!(option.asset_main_type.as_deref(), Some("OPTION"));
    }

    #[test]
    fn order_request_fixtures_round_trip_exactly() {
        for text in [
            schwab_fixture!("http_post_order_option_limit"),
            schwab_fixture!("http_post_order_option_market"),
            schwab_fixture!("http_post_order_vertical_net_debit"),
            schwab_fixture!("http_post_order_vertical_net_credit"),
            schwab_fixture!("http_post_order_stock_market"),
            schwab_fixture!("http_post_order_stock_limit"),
            schwab_fixture!("http_post_order_stock_stop"),
            schwab_fixture!("http_post_order_stock_stop_limit"),
            schwab_fixture!("http_post_order_stock_trailing_stop"),
            schwab_fixture!("http_post_order_vertical_market"),
            schwab_fixture!("http_post_order_vertical_net_zero"),
            schwab_fixture!("http_post_order_vertical_close_net_credit"),
            schwab_fixture!("http_post_order_iron_condor_net_credit"),
            schwab_fixture!("http_post_order_stock_limit_ext"),
            schwab_fixture!("http_post_order_stock_trailing_stop_value"),
        ] {
            let request: WireOrderRequest = serde_json::from_str(text).expect("request fixture");
            let expected: Value = serde_json::from_str(text).expect("fixture is json");
            let written = serde_json::to_value(&request).expect("request serializes");
            assert_eq!(written, expected);
        }
    }

    #[test]
    fn order_request_writes_prices_as_strings_and_quantities_as_integers() {
        let request: WireOrderRequest =
            serde_json::from_str(schwab_fixture!("http_post_order_vertical_net_debit"))
                .expect("fixture");
        let text = serde_json::to_string(&request).expect("serializes");
        assert!(text.contains(r#""price":"1.35""#), "{text}");
        assert!(text.contains(r#""quantity":2,"#), "{text}");
        assert!(!text.contains("stopPrice"), "{text}");
    }
}
