//! `ACCT_ACTIVITY` items to order events: the message type (`"2"`) and its payload (`"3"`, JSON as
//! text) become one broker-neutral [`OrderEvent`], or nothing for the types that change no order.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use super::values::{bcl, eastern_time};
use crate::broker::{AccountHash, AccountLink, OrderChange, OrderEvent};
use crate::ids::BrokerOrderId;

/// Replacements remembered so that the old order's closing `OrderUROutCompleted` is not read as a
/// cancel; the oldest are forgotten past this many.
const REMEMBERED_REPLACEMENTS: usize = 4096;

/// Reads the items of one login's stream.
#[derive(Debug)]
pub struct ActivityReader {
    hashes: HashMap<String, AccountHash>,
    replaced: HashSet<BrokerOrderId>,
    replaced_order: Vec<BrokerOrderId>,
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
            // its id, not read into a tree.
            let head: PayloadHead = serde_json::from_str(body).ok()?;
            return Some(OrderEvent {
                account,
                order: order_id(head.schwab_order_id.as_ref()?)?,
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
            "OrderFillCompleted" => fill(&detail, sent_at)?,
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

/// The one field of a payload that creation and acceptance need.
#[derive(Deserialize)]
struct PayloadHead {
    #[serde(rename = "SchwabOrderID")]
    schwab_order_id: Option<Value>,
}

/// An order id, sent as a decimal string (or, leniently, a number).
fn order_id(value: &Value) -> Option<BrokerOrderId> {
    match value {
        Value::String(text) => text.parse().ok().map(BrokerOrderId),
        Value::Number(number) => number.as_i64().map(BrokerOrderId),
        _ => None,
    }
}

/// `OrderFillCompleted`: cumulative and leaves quantities, this execution's price (else the average).
fn fill(detail: &Value, sent_at: DateTime<Utc>) -> Option<(OrderChange, DateTime<Utc>)> {
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
    Some((
        OrderChange::Filled {
            filled,
            remaining,
            price,
        },
        at,
    ))
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
                    price: dec!(213.4)
                },
                "2025-03-20T17:43:45.620+00:00".to_owned()
            ))
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
