//! `ACCT_ACTIVITY` items to order events: the message type (`"2"`) and its payload (`"3"`, JSON as
//! text) become one broker-neutral [`OrderEvent`], or nothing for the types that change no order.
//! A fill names the legs it moved: those its order's creation listed (remembered per order), else
//! the one symbol and side its posting info names.

use std::collections::{HashMap, HashSet, VecDeque};

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::values::{bcl, eastern_time};
use crate::broker::{AccountHash, AccountLink, FillSide, FilledLeg, OrderChange, OrderEvent};
use crate::ids::BrokerOrderId;
use crate::order::{AssetType, Instruction};

/// Replacements remembered so that the old order's closing `OrderUROutCompleted` is not read as a
/// cancel; the oldest are forgotten past this many.
const REMEMBERED_REPLACEMENTS: usize = 4096;
/// Orders whose legs (from their creation) are remembered for their fills; the oldest are forgotten
/// past this many.
const REMEMBERED_LEGS: usize = 4096;

/// Reads the items of one login's stream.
#[derive(Debug)]
pub struct ActivityReader {
    hashes: HashMap<String, AccountHash>,
    replaced: HashSet<BrokerOrderId>,
    replaced_order: Vec<BrokerOrderId>,
    legs: HashMap<BrokerOrderId, Vec<FilledLeg>>,
    legs_order: VecDeque<BrokerOrderId>,
}

impl ActivityReader {
    /// A reader for the events of `accounts` (addressed by their plain numbers in the stream).
    #[must_use]
    pub fn new(accounts: &[AccountLink]) -> Self {
        Self {
            hashes: accounts
                .iter()
                .map(|a| (a.account_number.0.clone(), a.hash.clone()))
                .collect(),
            replaced: HashSet::new(),
            replaced_order: Vec::new(),
            legs: HashMap::new(),
            legs_order: VecDeque::new(),
        }
    }

    /// The event one item carries: `None` for an account not followed, a message type that changes
    /// no order (routing, monitoring, `SUBSCRIBED`), or a payload that cannot be read.
    pub fn read(
        &mut self,
        account_number: &str,
        message_type: &str,
        body: &str,
        sent_at: DateTime<Utc>,
    ) -> Option<OrderEvent> {
        let account = self.hashes.get(account_number)?.clone();
        let plain = match message_type {
            "OrderCreated" | "ChangeCreated" => Some(OrderChange::Created),
            "OrderAccepted" => Some(OrderChange::Accepted),
            _ => None,
        };
        if let Some(change) = plain {
            // Every order of a fan-out sends these two: their payload (the whole order) is skimmed for
            // its id and its legs, not read into a tree.
            let head: PayloadHead = serde_json::from_str(body).ok()?;
            let order = order_id(head.schwab_order_id.as_ref()?)?;
            if let Some(legs) = head.base.and_then(CreatedBase::legs) {
                self.remember_legs(order, legs);
            }
            return Some(OrderEvent {
                account,
                order,
                change,
                at: sent_at,
            });
        }
        let payload: Value = serde_json::from_str(body).ok()?;
        let order = order_id(payload.get("SchwabOrderID")?)?;
        let detail = payload
            .get("BaseEvent")
            .and_then(Value::as_object)
            .and_then(|base| {
                base.iter()
                    .find(|(key, value)| key.as_str() != "EventType" && value.is_object())
                    .map(|(_, value)| value.clone())
            })
            .unwrap_or(Value::Null);
        let (change, at) = match message_type {
            "OrderFillCompleted" => fill(&detail, self.legs.get(&order), sent_at)?,
            "CancelAccepted" => {
                let by = replacement(&detail)?;
                self.remember_replaced(order);
                (OrderChange::Replaced { by }, sent_at)
            }
            "OrderUROutCompleted" => {
                let at = detail
                    .get("ExecutionTimeStamp")
                    .and_then(eastern_time)
                    .unwrap_or(sent_at);
                match detail.get("OutCancelType").and_then(Value::as_str) {
                    Some("SystemReject") => (
                        OrderChange::Rejected {
                            reason: reject_reason(&detail),
                        },
                        at,
                    ),
                    // The close of a replaced order, announced already by its CancelAccepted.
                    _ if self.replaced.contains(&order) => return None,
                    _ => (OrderChange::Canceled, at),
                }
            }
            "OrderExpired" => (OrderChange::Expired, sent_at),
            _ => return None,
        };
        Some(OrderEvent {
            account,
            order,
            change,
            at,
        })
    }

    fn remember_legs(&mut self, order: BrokerOrderId, legs: Vec<FilledLeg>) {
        if self.legs.insert(order, legs).is_none() {
            self.legs_order.push_back(order);
        }
        if self.legs_order.len() > REMEMBERED_LEGS {
            if let Some(forgotten) = self.legs_order.pop_front() {
                self.legs.remove(&forgotten);
            }
        }
    }

    fn remember_replaced(&mut self, order: BrokerOrderId) {
        if self.replaced.insert(order) {
            self.replaced_order.push(order);
        }
        if self.replaced_order.len() > REMEMBERED_REPLACEMENTS {
            let forgotten = self.replaced_order.remove(0);
            self.replaced.remove(&forgotten);
        }
    }
}

/// The fields of a payload that creation and acceptance need: the order id, and a creation's legs.
#[derive(Deserialize)]
struct PayloadHead {
    #[serde(rename = "SchwabOrderID")]
    schwab_order_id: Option<Value>,
    #[serde(rename = "BaseEvent", default)]
    base: Option<CreatedBase>,
}

/// An `OrderCreated` or `ChangeCreated` base event, for the order it carries.
#[derive(Deserialize)]
struct CreatedBase {
    #[serde(
        rename = "OrderCreatedEventEquityOrder",
        alias = "ChangeCreatedEventEquityOrder",
        default
    )]
    created: Option<CreatedDetail>,
}

#[derive(Deserialize)]
struct CreatedDetail {
    #[serde(rename = "Order", default)]
    order: Option<CreatedOrder>,
}

#[derive(Deserialize)]
struct CreatedOrder {
    #[serde(rename = "OrderInfo", default)]
    info: Option<CreatedInfo>,
    #[serde(rename = "OrderLegs", default)]
    legs: Option<Vec<CreatedLeg>>,
}

#[derive(Deserialize)]
struct CreatedInfo {
    #[serde(rename = "Quantity", default)]
    quantity: Option<Value>,
}

#[derive(Deserialize)]
struct CreatedLeg {
    #[serde(rename = "Security", default)]
    security: Option<CreatedSecurity>,
    #[serde(rename = "Quantity", default)]
    quantity: Option<Value>,
    #[serde(rename = "Instruction", default)]
    instruction: Option<String>,
    #[serde(rename = "BuySellCode", default)]
    buy_sell: Option<String>,
}

#[derive(Deserialize)]
struct CreatedSecurity {
    #[serde(rename = "Symbol", default)]
    symbol: Option<String>,
    #[serde(rename = "AssetType", default)]
    asset_type: Option<String>,
}

impl CreatedBase {
    /// The order's legs, priced by nothing yet; `None` unless every leg names its symbol, side and
    /// quantity.
    fn legs(self) -> Option<Vec<FilledLeg>> {
        let order = self.created?.order?;
        let quantity = order.info?.quantity.as_ref().and_then(whole)?;
        let legs = order
            .legs?
            .into_iter()
            .map(|leg| {
                let security = leg.security?;
                let instruction = leg
                    .instruction
                    .as_deref()
                    .and_then(|text| text.parse::<Instruction>().ok());
                let side = match instruction {
                    Some(instruction) => FillSide::of(instruction),
                    None => buy_sell(leg.buy_sell.as_deref()?)?,
                };
                let units = leg.quantity.as_ref().and_then(whole)?;
                Some(FilledLeg {
                    symbol: security.symbol?,
                    asset_type: security
                        .asset_type
                        .and_then(|t| t.parse::<AssetType>().ok()),
                    side,
                    per_unit: (units / quantity.max(1)).max(1),
                    price: None,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        (!legs.is_empty()).then_some(legs)
    }
}

/// `BuySellCode`: `Buy` or `Sell`.
fn buy_sell(code: &str) -> Option<FillSide> {
    match code {
        "Buy" => Some(FillSide::Buy),
        "Sell" => Some(FillSide::Sell),
        _ => None,
    }
}

/// An order id, sent as a decimal string (or, leniently, a number).
fn order_id(value: &Value) -> Option<BrokerOrderId> {
    match value {
        Value::String(text) => text.parse().ok().map(BrokerOrderId),
        Value::Number(number) => number.as_i64().map(BrokerOrderId),
        _ => None,
    }
}

/// `OrderFillCompleted`: cumulative and leaves quantities, this execution's price (else the average),
/// and the legs it moved: `known` (the order's legs from its creation; a single leg takes the
/// execution's price, the legs of a spread have none of their own), else the one symbol and side of
/// the posting info, else none.
fn fill(
    detail: &Value,
    known: Option<&Vec<FilledLeg>>,
    sent_at: DateTime<Utc>,
) -> Option<(OrderChange, DateTime<Utc>)> {
    let quantities = detail.get("QuantityInfo")?;
    let filled = whole(quantities.get("CumulativeQuantity")?)?;
    let remaining = quantities.get("LeavesQuantity").map_or(Some(0), whole)?;
    let execution = detail.get("ExecutionInfo");
    let price = execution
        .and_then(|e| e.get("ExecutionPrice"))
        .and_then(bcl)
        .or_else(|| quantities.get("AveragePrice").and_then(bcl))?;
    let at = execution
        .and_then(|e| e.get("ExecutionTimeStamp"))
        .and_then(eastern_time)
        .unwrap_or(sent_at);
    let legs = match known {
        Some(known) if known.len() == 1 => known
            .iter()
            .map(|leg| FilledLeg {
                price: Some(price),
                ..leg.clone()
            })
            .collect(),
        Some(known) => known.clone(),
        None => posted_leg(detail, price).into_iter().collect(),
    };
    Some((
        OrderChange::Filled {
            filled,
            remaining,
            price,
            legs,
        },
        at,
    ))
}

/// The single leg `OrderInfoForTransactionPosting` names (symbol and side), at `price`.
fn posted_leg(detail: &Value, price: rust_decimal::Decimal) -> Option<FilledLeg> {
    let posting = detail.get("OrderInfoForTransactionPosting")?;
    let symbol = posting.get("Symbol")?.as_str().filter(|s| !s.is_empty())?;
    let side = buy_sell(posting.get("BuySellCode")?.as_str()?)?;
    Some(FilledLeg {
        symbol: symbol.to_owned(),
        asset_type: None,
        side,
        per_unit: 1,
        price: Some(price),
    })
}

/// A whole, non-negative quantity in `bcl` form.
fn whole(value: &Value) -> Option<u32> {
    let quantity = bcl(value)?;
    if quantity.is_sign_negative() || !quantity.fract().is_zero() {
        return None;
    }
    u32::try_from(quantity.mantissa() / 10i128.pow(quantity.scale())).ok()
}

/// The id of the order that replaces this one, when the cancel is a replace's.
fn replacement(detail: &Value) -> Option<BrokerOrderId> {
    detail
        .get("LegCancelRequestInfoList")?
        .as_array()?
        .iter()
        .find_map(|leg| {
            leg.get("ChangedNewSchwabOrderId")
                .or_else(|| leg.get("ChangedNewSchwabOrderID"))
                .and_then(order_id)
        })
}

/// The rule descriptions of a rejection, joined; a plain word when Schwab gave none.
fn reject_reason(detail: &Value) -> String {
    let reasons: Vec<&str> = detail
        .get("ValidationDetail")
        .and_then(Value::as_array)
        .map(|rules| {
            rules
                .iter()
                .filter_map(|r| {
                    r.get("NgOMSRuleDescription")
                        .or_else(|| r.get("NgOMSRuleName"))
                        .and_then(Value::as_str)
                })
                .collect()
        })
        .unwrap_or_default();
    if reasons.is_empty() {
        "rejected by the brokerage".to_owned()
    } else {
        reasons.join("; ")
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;
    use serde_json::json;

    use super::*;
    use crate::broker::AccountNumber;

    fn reader() -> ActivityReader {
        ActivityReader::new(&[AccountLink {
            account_number: AccountNumber("12345678".into()),
            hash: AccountHash("HASH1".into()),
        }])
    }

    fn at() -> DateTime<Utc> {
        DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::days(20_000)
    }

    fn body(id: &str, key: &str, detail: Value) -> String {
        json!({"SchwabOrderID": id, "AccountNumber": "12345678",
               "BaseEvent": {"EventType": "x", key: detail}})
        .to_string()
    }

    #[test]
    fn a_fill_reads_cumulative_and_leaves_quantities_and_the_execution() {
        let text = body(
            "1005609024296",
            "OrderFillCompletedEventOrderLegQuantityInfo",
            json!({"LegStatus": "LegOpen",
                   "QuantityInfo": {"CumulativeQuantity": {"lo": "3000000", "signScale": 12},
                                    "LeavesQuantity": {"lo": "7000000", "signScale": 12},
                                    "AveragePrice": {"lo": "213409100", "signScale": 12}},
                   "ExecutionInfo": {"ExecutionPrice": {"lo": "213400000", "signScale": 12},
                                     "ExecutionTimeStamp": {"DateTimeString": "2025-03-20 13:43:45.620"}}}),
        );
        let event = reader().read("12345678", "OrderFillCompleted", &text, at());
        let event = event.map(|e| (e.order, e.change, e.at.to_rfc3339()));
        assert_eq!(
            event,
            Some((
                BrokerOrderId(1_005_609_024_296),
                OrderChange::Filled {
                    filled: 3,
                    remaining: 7,
                    price: dec!(213.4),
                    legs: Vec::new(),
                },
                "2025-03-20T17:43:45.620+00:00".to_owned()
            ))
        );
    }

    fn fill_body(id: &str, posting: Value) -> String {
        body(
            id,
            "OrderFillCompletedEventOrderLegQuantityInfo",
            json!({"QuantityInfo": {"CumulativeQuantity": {"lo": "2000000", "signScale": 12},
                                    "LeavesQuantity": {"signScale": 12}},
                   "ExecutionInfo": {"ExecutionPrice": {"lo": "1500000", "signScale": 12}},
                   "OrderInfoForTransactionPosting": posting}),
        )
    }

    fn legs_of(event: Option<OrderEvent>) -> Option<Vec<FilledLeg>> {
        match event?.change {
            OrderChange::Filled { legs, .. } => Some(legs),
            _ => None,
        }
    }

    #[test]
    fn a_fill_moves_the_legs_its_creation_listed() {
        let mut reader = reader();
        let created = body(
            "21",
            "OrderCreatedEventEquityOrder",
            json!({"Order": {"OrderInfo": {"Quantity": {"lo": "2000000", "signScale": 12}},
                             "OrderLegs": [
                {"Security": {"Symbol": "AAPL  261218C00200000", "AssetType": "OPTION"},
                 "Quantity": {"lo": "2000000", "signScale": 12}, "BuySellCode": "Buy",
                 "Instruction": "BUY_TO_OPEN"},
                {"Security": {"Symbol": "AAPL  261218C00210000", "AssetType": "OPTION"},
                 "Quantity": {"lo": "2000000", "signScale": 12}, "BuySellCode": "Sell",
                 "Instruction": "SELL_TO_OPEN"}]}}),
        );
        assert!(
            reader
                .read("12345678", "OrderCreated", &created, at())
                .is_some()
        );
        let posting = json!({"Symbol": "AAPL  261218C00200000", "BuySellCode": "Buy"});
        let leg = |symbol: &str, side| FilledLeg {
            symbol: symbol.into(),
            asset_type: Some(AssetType::Option),
            side,
            per_unit: 1,
            price: None,
        };
        assert_eq!(
            legs_of(reader.read(
                "12345678",
                "OrderFillCompleted",
                &fill_body("21", posting.clone()),
                at()
            )),
            Some(vec![
                leg("AAPL  261218C00200000", FillSide::Buy),
                leg("AAPL  261218C00210000", FillSide::Sell)
            ]),
            "a spread's legs have no price of their own"
        );
        // A single-leg order's creation: its leg takes the execution's price.
        let single = body(
            "22",
            "ChangeCreatedEventEquityOrder",
            json!({"Order": {"OrderInfo": {"Quantity": {"lo": "2000000", "signScale": 12}},
                             "OrderLegs": [{"Security": {"Symbol": "SPY", "AssetType": "COLLECTIVE_INVESTMENT"},
                                            "Quantity": {"lo": "2000000", "signScale": 12},
                                            "Instruction": "SELL_SHORT"}]}}),
        );
        assert!(
            reader
                .read("12345678", "ChangeCreated", &single, at())
                .is_some()
        );
        assert_eq!(
            legs_of(reader.read(
                "12345678",
                "OrderFillCompleted",
                &fill_body("22", json!({})),
                at()
            )),
            Some(vec![FilledLeg {
                symbol: "SPY".into(),
                asset_type: Some(AssetType::CollectiveInvestment),
                side: FillSide::Sell,
                per_unit: 1,
                price: Some(dec!(1.5)),
            }])
        );
    }

    #[test]
    fn without_its_creation_a_fill_moves_the_posted_symbol_or_nothing() {
        let mut reader = reader();
        let posting = json!({"Symbol": "AAPL", "BuySellCode": "Sell", "Quantity": {"lo": "5000000", "signScale": 12}});
        assert_eq!(
            legs_of(reader.read(
                "12345678",
                "OrderFillCompleted",
                &fill_body("31", posting),
                at()
            )),
            Some(vec![FilledLeg {
                symbol: "AAPL".into(),
                asset_type: None,
                side: FillSide::Sell,
                per_unit: 1,
                price: Some(dec!(1.5)),
            }])
        );
        for posting in [
            json!({}),
            json!({"Symbol": "AAPL"}),
            json!({"Symbol": "", "BuySellCode": "Buy"}),
            json!({"Symbol": "AAPL", "BuySellCode": "Hold"}),
        ] {
            assert_eq!(
                legs_of(reader.read(
                    "12345678",
                    "OrderFillCompleted",
                    &fill_body("32", posting),
                    at()
                )),
                Some(Vec::new())
            );
        }
        // A creation whose legs cannot all be read is not remembered.
        let partial = body(
            "33",
            "OrderCreatedEventEquityOrder",
            json!({"Order": {"OrderInfo": {"Quantity": {"lo": "1000000", "signScale": 12}},
                             "OrderLegs": [{"Security": {"Symbol": "AAPL"}, "Quantity": {"lo": "1000000", "signScale": 12}}]}}),
        );
        assert!(
            reader
                .read("12345678", "OrderCreated", &partial, at())
                .is_some()
        );
        assert_eq!(
            legs_of(reader.read(
                "12345678",
                "OrderFillCompleted",
                &fill_body("33", json!({})),
                at()
            )),
            Some(Vec::new())
        );
    }

    #[test]
    fn creation_and_acceptance_read_only_the_order_id() {
        let read = |message_type: &str, text: &str| {
            reader()
                .read("12345678", message_type, text, at())
                .map(|e| (e.account, e.order, e.change, e.at))
        };
        let created = body(
            "1005609024296",
            "OrderCreatedEventEquityOrder",
            json!({"Order": {}}),
        );
        let order = BrokerOrderId(1_005_609_024_296);
        let hash = AccountHash("HASH1".into());
        assert_eq!(
            read("OrderCreated", &created),
            Some((hash.clone(), order, OrderChange::Created, at()))
        );
        assert_eq!(
            read("ChangeCreated", &created),
            Some((hash.clone(), order, OrderChange::Created, at()))
        );
        let numeric = json!({"SchwabOrderID": 77, "BaseEvent": {"EventType": "OrderAccepted"}});
        assert_eq!(
            read("OrderAccepted", &numeric.to_string()),
            Some((hash, BrokerOrderId(77), OrderChange::Accepted, at()))
        );
        assert_eq!(read("OrderAccepted", r#"{"SchwabOrderID": null}"#), None);
        assert_eq!(
            read("OrderAccepted", r#"{"AccountNumber": "12345678"}"#),
            None
        );
        assert_eq!(read("OrderCreated", r#"{"SchwabOrderID": "12"#), None);
        assert_eq!(read("OrderCreated", r#"{"SchwabOrderID": "twelve"}"#), None);
        assert_eq!(
            reader().read("99999999", "OrderCreated", &created, at()),
            None,
            "an account not followed"
        );
    }

    #[test]
    fn a_replace_is_read_once_and_its_closing_out_is_not_a_cancel() {
        let mut reader = reader();
        let cancel = body(
            "11",
            "CancelAcceptedEvent",
            json!({"LegCancelRequestInfoList": [{"ChangedNewSchwabOrderId": "12"}]}),
        );
        let out = body(
            "11",
            "OrderUROutCompletedEvent",
            json!({"OutCancelType": "ClientCancel"}),
        );
        let replaced = reader.read("12345678", "CancelAccepted", &cancel, at());
        assert_eq!(
            replaced.map(|e| e.change),
            Some(OrderChange::Replaced {
                by: BrokerOrderId(12)
            })
        );
        assert_eq!(
            reader.read("12345678", "OrderUROutCompleted", &out, at()),
            None
        );
        let other = body(
            "13",
            "OrderUROutCompletedEvent",
            json!({"OutCancelType": "ClientCancel"}),
        );
        assert_eq!(
            reader
                .read("12345678", "OrderUROutCompleted", &other, at())
                .map(|e| e.change),
            Some(OrderChange::Canceled)
        );
    }

    #[test]
    fn a_system_reject_carries_the_rule_text_and_others_accounts_are_left_out() {
        let text = body(
            "14",
            "OrderUROutCompletedEvent",
            json!({"OutCancelType": "SystemReject",
                   "ValidationDetail": [{"NgOMSRuleName": "R1", "NgOMSRuleDescription": "Not enough buying power"}]}),
        );
        let mut reader = reader();
        assert_eq!(
            reader
                .read("12345678", "OrderUROutCompleted", &text, at())
                .map(|e| e.change),
            Some(OrderChange::Rejected {
                reason: "Not enough buying power".into()
            })
        );
        assert_eq!(
            reader.read("99999999", "OrderUROutCompleted", &text, at()),
            None
        );
        assert_eq!(
            reader.read("12345678", "ExecutionRequested", &text, at()),
            None
        );
        assert_eq!(
            reader.read("12345678", "OrderCreated", "not json", at()),
            None
        );
    }
}
