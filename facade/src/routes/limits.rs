//! `/api/trading_account/limits`: each account's sizing profile and guards, read and changed.
//!
//! `GET` answers one object per account of the signed-in agent: `accountId`, `accountName`,
//! `accountUsername`, `sizing` (`method`, `value`, `belowOne`), `guards` (`maxQuantityPerOrder`,
//! `maxPositionPerSymbol`, `maxNotionalPerOrder`, `allowSymbols`, `denySymbols`, `openClose`,
//! `maxOrdersPerDay`) and `balances` (the net liquidation value NET_LIQUIDATION sizes by, when it was
//! read and how many seconds ago). `PUT` takes `accountUsername` and any of `sizing` and the guards'
//! fields at the top level (a field left out stays as it is; `null` clears a guard, and a `sizing` of
//! `null` goes back to the tier), checks every value first (400 naming the field by its label;
//! nothing stored), and answers the account's object. Changing settings never touches orders already
//! sent: they apply to the next command.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::{
    AccountLimits, BelowOne, Guards, MAX_DOLLARS_PER_UNIT, MAX_FIXED, MAX_RATIO, MAX_SYMBOL_LEN,
    MAX_SYMBOLS, OpenClose, SizingMethod, SizingProfile,
};
use engine::ids::AgentId;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use store::TradingAccountRecord;

use super::mounting::mount;
use super::trading_account::{agent, owned_by_username};
use crate::field_labels::label;
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// The largest maximum quantity per order an agent may set.
const MAX_QUANTITY: u64 = 1_000_000;
/// The largest maximum position per symbol an agent may set.
const MAX_POSITION: u64 = 10_000_000;
/// The largest maximum notional per order an agent may set, in dollars.
const MAX_NOTIONAL: Decimal = Decimal::from_parts(1_410_065_408, 2, 0, false, 0);
/// The largest maximum of orders per day an agent may set.
const MAX_PER_DAY: u64 = 100_000;

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/trading_account/limits", web::get().to(get_limits)),
            ("/trading_account/limits", web::put().to(put_limits)),
        ],
    );
}

/// The sizing methods' words.
#[derive(utoipa::ToSchema)]
#[schema(as = limits::SizingMethod)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    non_camel_case_types,
    reason = "describes the JSON words only"
)]
enum SizingMethodSchema {
    /// The agent's quantity × the account tier's multiplier (the default).
    TIER,
    /// Always `value` units.
    FIXED,
    /// The agent's quantity × `value` (fractions allowed), rounded down.
    RATIO,
    /// The agent's quantity per `value` dollars of the account's net liquidation value, rounded down.
    NET_LIQUIDATION,
}

/// What an account sized below one unit gets.
#[derive(utoipa::ToSchema)]
#[schema(as = limits::BelowOne)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    reason = "describes the JSON words only"
)]
enum BelowOneSchema {
    /// A refused row "sized to 0" (the default).
    REFUSE,
    /// One unit.
    ONE,
}

/// Which orders an account takes.
#[derive(utoipa::ToSchema)]
#[schema(as = limits::OpenClose)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    non_camel_case_types,
    reason = "describes the JSON words only"
)]
enum OpenCloseSchema {
    /// Opening and closing orders (the default).
    ANY,
    /// Opening orders only; a closing order gets a refused row that says "open-only".
    OPEN_ONLY,
    /// Exits and closing orders only; an opening order gets a refused row that says "close-only".
    CLOSE_ONLY,
}

/// What cut an account's quantity or refused its order.
#[derive(utoipa::ToSchema)]
#[schema(as = limits::Guard)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    non_camel_case_types,
    reason = "describes the JSON words only"
)]
pub(crate) enum GuardSchema {
    /// The sizing profile (or the equal split) gave less than one unit.
    SIZING,
    /// Maximum quantity per order.
    MAX_QUANTITY_PER_ORDER,
    /// Maximum position per symbol after the order (held, open orders and this one).
    MAX_POSITION_PER_SYMBOL,
    /// Maximum notional per order.
    MAX_NOTIONAL_PER_ORDER,
    /// Not on the allow list.
    ALLOW_SYMBOLS,
    /// On the deny list.
    DENY_SYMBOLS,
    /// The account takes opening orders only.
    OPEN_ONLY,
    /// The account takes closing orders only.
    CLOSE_ONLY,
    /// Maximum orders per day.
    MAX_ORDERS_PER_DAY,
}

/// An account's sizing profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = limits::Sizing)]
#[serde(rename_all = "camelCase")]
struct SizingAnswer {
    #[schema(value_type = SizingMethodSchema)]
    method: &'static str,
    /// FIXED: units; RATIO: the factor; NET_LIQUIDATION: dollars of net liquidation value per unit of
    /// the agent's quantity; null for TIER.
    #[schema(required = true)]
    value: Option<f64>,
    #[schema(value_type = BelowOneSchema)]
    below_one: &'static str,
}

/// An account's guards; null (or an empty list) where none is set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = limits::Guards)]
#[serde(rename_all = "camelCase")]
struct GuardsAnswer {
    #[schema(required = true, minimum = 1)]
    max_quantity_per_order: Option<u32>,
    #[schema(required = true, minimum = 1)]
    max_position_per_symbol: Option<u32>,
    /// Dollars.
    #[schema(required = true)]
    max_notional_per_order: Option<f64>,
    allow_symbols: Vec<String>,
    deny_symbols: Vec<String>,
    #[schema(value_type = OpenCloseSchema)]
    open_close: &'static str,
    #[schema(required = true, minimum = 1)]
    max_orders_per_day: Option<u32>,
}

/// The account's last balances, which NET_LIQUIDATION sizes by.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = limits::Balances)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BalancesAge {
    /// Net liquidation value in dollars; null before the balances were read.
    #[schema(required = true)]
    pub(crate) net_liquidation_value: Option<f64>,
    /// When the balances were read (RFC 3339); null before.
    #[schema(required = true)]
    pub(crate) read_at: Option<String>,
    /// How many whole seconds ago; null before.
    #[schema(required = true, minimum = 0)]
    pub(crate) age_seconds: Option<i64>,
}

impl BalancesAge {
    /// The account's last balances as its running actor knows them.
    pub(crate) fn of(state: &AppState, account: engine::ids::AccountId) -> Self {
        let read = state
            .services
            .registry
            .get(account)
            .and_then(|h| h.account.net_liquidation());
        let now = state.services.clock.now();
        Self {
            net_liquidation_value: read.and_then(|(value, _)| value.to_f64()),
            read_at: read.map(|(_, at)| at.to_rfc3339()),
            age_seconds: read.map(|(_, at)| (now - at).num_seconds().max(0)),
        }
    }
}

/// One account's sizing and guards.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = limits::AccountLimits, example = json!({"accountId": 1, "accountName": "Small", "accountUsername": "alice-small",
    "sizing": {"method": "RATIO", "value": 0.5, "belowOne": "ONE"},
    "guards": {"maxQuantityPerOrder": 10, "maxPositionPerSymbol": null, "maxNotionalPerOrder": 5000.0, "allowSymbols": [], "denySymbols": ["TSLA"], "openClose": "ANY", "maxOrdersPerDay": null},
    "balances": {"netLiquidationValue": 52000.0, "readAt": "2026-11-28T15:04:05+00:00", "ageSeconds": 12}}))]
#[serde(rename_all = "camelCase")]
struct LimitsRow {
    account_id: u64,
    account_name: String,
    account_username: String,
    sizing: SizingAnswer,
    guards: GuardsAnswer,
    balances: BalancesAge,
}

fn row(state: &AppState, record: &TradingAccountRecord, limits: &AccountLimits) -> LimitsRow {
    let sizing = &limits.sizing;
    let guards = &limits.guards;
    LimitsRow {
        account_id: record.id.get(),
        account_name: record.name.clone(),
        account_username: record.username.clone(),
        sizing: SizingAnswer {
            method: sizing.method.as_str(),
            value: (sizing.method != SizingMethod::Tier)
                .then(|| sizing.value.to_f64())
                .flatten(),
            below_one: sizing.below_one.as_str(),
        },
        guards: GuardsAnswer {
            max_quantity_per_order: guards.max_quantity_per_order,
            max_position_per_symbol: guards.max_position_per_symbol,
            max_notional_per_order: guards.max_notional_per_order.and_then(|d| d.to_f64()),
            allow_symbols: guards.allow_symbols.clone(),
            deny_symbols: guards.deny_symbols.clone(),
            open_close: guards.open_close.as_str(),
            max_orders_per_day: guards.max_orders_per_day,
        },
        balances: BalancesAge::of(state, record.id),
    }
}

#[utoipa::path(
    get,
    path = "/api/trading_account/limits",
    tag = "Trading accounts",
    operation_id = "get_trading_account_limits",
    responses((status = 200, description = "Each of the agent's accounts' sizing profile and guards", body = [LimitsRow], content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn get_limits(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let stored = state.store.account_limits()?.for_agent(agent)?;
    let rows: Vec<LimitsRow> = state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .iter()
        .map(|record| {
            let limits = stored.get(&record.id).cloned().unwrap_or_default();
            row(&state, record, &limits)
        })
        .collect();
    Ok(HttpResponse::Ok().json(rows))
}

/// A field that may be left out (`None`) or given, `null` included (`Some(Value::Null)`).
fn given<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

/// A sizing profile as a body gives it.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = limits::SizingChange)]
#[allow(dead_code, reason = "describes the JSON shape only")]
#[serde(rename_all = "camelCase")]
struct SizingChangeSchema {
    #[schema(value_type = SizingMethodSchema)]
    method: String,
    /// FIXED: a whole number of units (1 to 1,000,000); RATIO: a factor above 0, at most 1,000;
    /// NET_LIQUIDATION: dollars per unit (1 to 1,000,000,000); left out or null for TIER.
    value: Option<f64>,
    /// REFUSE when left out.
    #[schema(value_type = Option<BelowOneSchema>)]
    below_one: Option<String>,
}

/// A change of one account's limits: any of the fields; one left out stays as it is.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = limits::LimitsChange, example = json!({"accountUsername": "alice-small", "sizing": {"method": "RATIO", "value": 0.5, "belowOne": "ONE"}, "maxQuantityPerOrder": 10, "denySymbols": ["TSLA"], "openClose": "ANY"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct LimitsChange {
    account_username: String,
    /// Null goes back to the tier.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<SizingChangeSchema>, nullable)]
    sizing: Option<Value>,
    /// 1 to 1,000,000; null for none.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<u32>, nullable, minimum = 1, maximum = 1_000_000)]
    max_quantity_per_order: Option<Value>,
    /// 1 to 10,000,000; null for none.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<u32>, nullable, minimum = 1, maximum = 10_000_000)]
    max_position_per_symbol: Option<Value>,
    /// Dollars, above 0 and at most 10,000,000,000; null for none.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<f64>, nullable)]
    max_notional_per_order: Option<Value>,
    /// Underlyings or stock symbols; empty (or null) for every symbol.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<Vec<String>>, nullable)]
    allow_symbols: Option<Value>,
    /// Underlyings or stock symbols; empty (or null) for none.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<Vec<String>>, nullable)]
    deny_symbols: Option<Value>,
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<OpenCloseSchema>)]
    open_close: Option<Value>,
    /// 1 to 100,000; null for none.
    #[serde(default, deserialize_with = "given")]
    #[schema(value_type = Option<u32>, nullable, minimum = 1, maximum = 100_000)]
    max_orders_per_day: Option<Value>,
}

/// A whole number between 1 and `max`, or `None` for null.
fn whole_or_none(value: &Value, field: &str, max: u64) -> Result<Option<u32>, ApiError> {
    if value.is_null() {
        return Ok(None);
    }
    value
        .as_u64()
        .filter(|n| (1..=max).contains(n))
        .and_then(|n| u32::try_from(n).ok())
        .map(Some)
        .ok_or_else(|| {
            ApiError::BadRequest(format!(
                "{} must be a whole number between 1 and {}, or null for none",
                label(field),
                grouped(max)
            ))
        })
}

/// `n` with its thousands grouped (1,000,000).
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A JSON number as an exact decimal.
fn decimal(value: &Value) -> Option<Decimal> {
    match value {
        Value::Number(n) => n
            .to_string()
            .parse::<Decimal>()
            .ok()
            .or_else(|| Decimal::from_scientific(&n.to_string()).ok()),
        _ => None,
    }
}

/// A word among `words`, upper-cased and trimmed.
fn word<T: std::str::FromStr>(value: &Value, field: &str, words: &str) -> Result<T, ApiError> {
    value
        .as_str()
        .and_then(|text| text.trim().to_uppercase().parse().ok())
        .ok_or_else(|| ApiError::BadRequest(format!("{} must be one of {words}", label(field))))
}

fn sizing(value: &Value) -> Result<SizingProfile, ApiError> {
    if value.is_null() {
        return Ok(SizingProfile::default());
    }
    let Some(object) = value.as_object() else {
        return Err(ApiError::BadRequest(format!(
            "{} must be an object with method, value and belowOne",
            label("sizing")
        )));
    };
    if let Some(unknown) = object
        .keys()
        .find(|k| !matches!(k.as_str(), "method" | "value" | "belowOne"))
    {
        return Err(ApiError::BadRequest(format!(
            "{} has no field {unknown}",
            label("sizing")
        )));
    }
    let method: SizingMethod = word(
        object.get("method").unwrap_or(&Value::Null),
        "sizing.method",
        "TIER, FIXED, RATIO, NET_LIQUIDATION",
    )?;
    let below_one = match object.get("belowOne") {
        None | Some(Value::Null) => BelowOne::default(),
        Some(given) => word(given, "sizing.belowOne", "REFUSE, ONE")?,
    };
    let given = object.get("value").unwrap_or(&Value::Null);
    let field = label("sizing.value");
    let value = match method {
        SizingMethod::Tier => Decimal::ZERO,
        SizingMethod::Fixed => given
            .as_u64()
            .filter(|n| (1..=u64::from(MAX_FIXED)).contains(n))
            .map(Decimal::from)
            .ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "{field} must be a whole number of units between 1 and {} for FIXED",
                    grouped(u64::from(MAX_FIXED))
                ))
            })?,
        SizingMethod::Ratio => decimal(given)
            .filter(|k| *k > Decimal::ZERO && *k <= MAX_RATIO)
            .ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "{field} must be a number above 0 and at most 1,000 for RATIO"
                ))
            })?,
        SizingMethod::NetLiquidation => decimal(given)
            .filter(|n| *n >= Decimal::ONE && *n <= MAX_DOLLARS_PER_UNIT)
            .ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "{field} must be a number of dollars between 1 and 1,000,000,000 for NET_LIQUIDATION"
                ))
            })?,
    };
    Ok(SizingProfile {
        method,
        value: value.normalize(),
        below_one,
    })
}

/// A list of symbols: each trimmed and upper-cased, once.
fn symbols(value: &Value, field: &str) -> Result<Vec<String>, ApiError> {
    if value.is_null() {
        return Ok(Vec::new());
    }
    let name = label(field);
    let items = value
        .as_array()
        .ok_or_else(|| ApiError::BadRequest(format!("{name} must be a list of symbols")))?;
    if items.len() > MAX_SYMBOLS {
        return Err(ApiError::BadRequest(format!(
            "{name} must hold at most {MAX_SYMBOLS} symbols"
        )));
    }
    let mut out: Vec<String> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let symbol = item
            .as_str()
            .map(|s| s.trim().to_uppercase())
            .filter(|s| {
                (1..=MAX_SYMBOL_LEN).contains(&s.len())
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | '$' | '-'))
            })
            .ok_or_else(|| {
                ApiError::BadRequest(format!(
                    "{name} item {} must be a symbol of 1 to {MAX_SYMBOL_LEN} letters, digits, '.', '/', '-' or '$'",
                    i + 1
                ))
            })?;
        if !out.contains(&symbol) {
            out.push(symbol);
        }
    }
    Ok(out)
}

/// `current` with every field `change` gives applied; the first bad value is a 400 naming its field.
fn changed(current: &AccountLimits, change: &LimitsChange) -> Result<AccountLimits, ApiError> {
    let mut limits = current.clone();
    if let Some(value) = &change.sizing {
        limits.sizing = sizing(value)?;
    }
    let guards: &mut Guards = &mut limits.guards;
    if let Some(value) = &change.max_quantity_per_order {
        guards.max_quantity_per_order = whole_or_none(value, "maxQuantityPerOrder", MAX_QUANTITY)?;
    }
    if let Some(value) = &change.max_position_per_symbol {
        guards.max_position_per_symbol =
            whole_or_none(value, "maxPositionPerSymbol", MAX_POSITION)?;
    }
    if let Some(value) = &change.max_notional_per_order {
        guards.max_notional_per_order = if value.is_null() {
            None
        } else {
            Some(
                decimal(value)
                    .filter(|d| *d > Decimal::ZERO && *d <= MAX_NOTIONAL)
                    .map(|d| d.normalize())
                    .ok_or_else(|| {
                        ApiError::BadRequest(format!(
                            "{} must be a number of dollars above 0 and at most 10,000,000,000, or null for none",
                            label("maxNotionalPerOrder")
                        ))
                    })?,
            )
        };
    }
    if let Some(value) = &change.allow_symbols {
        guards.allow_symbols = symbols(value, "allowSymbols")?;
    }
    if let Some(value) = &change.deny_symbols {
        guards.deny_symbols = symbols(value, "denySymbols")?;
    }
    if let Some(value) = &change.open_close {
        guards.open_close = word::<OpenClose>(value, "openClose", "ANY, OPEN_ONLY, CLOSE_ONLY")?;
    }
    if let Some(value) = &change.max_orders_per_day {
        guards.max_orders_per_day = whole_or_none(value, "maxOrdersPerDay", MAX_PER_DAY)?;
    }
    Ok(limits)
}

#[utoipa::path(
    put,
    path = "/api/trading_account/limits",
    tag = "Trading accounts",
    operation_id = "put_trading_account_limits",
    request_body = LimitsChange,
    responses((status = 200, description = "The account's sizing profile and guards after the change", body = LimitsRow, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn put_limits(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<LimitsChange>,
) -> Result<HttpResponse, ApiError> {
    let agent: AgentId = agent(&session)?;
    let change = body.into_inner();
    let record = owned_by_username(&state, agent, &change.account_username)?;
    let store = state.store.account_limits()?;
    let limits = changed(&store.get(agent, record.id)?, &change)?;
    store.set(agent, record.id, &limits)?;
    tracing::info!(agent = %agent, account = %record.id, sizing = %limits.sizing.method, "account limits changed");
    Ok(HttpResponse::Ok().json(row(&state, &record, &limits)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(grouped(7), "7");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(MAX_NOTIONAL, Decimal::from(10_000_000_000_u64));
    }

    #[test]
    fn numbers_read_exactly() {
        assert_eq!(decimal(&serde_json::json!(0.1)), Some(Decimal::new(1, 1)));
        assert_eq!(decimal(&serde_json::json!(2500)), Some(Decimal::from(2500)));
        assert_eq!(decimal(&serde_json::json!("5")), None);
    }
}
