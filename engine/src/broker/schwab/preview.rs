//! Schwab's `previewOrder` answer: its wire shape and how it becomes an [`OrderPreview`].
//!
//! `POST /trader/v1/accounts/{hash}/previewOrder` takes the placeOrder body and answers 200 with
//! `{"orderId", "orderStrategy": {"status", "orderBalance": {"orderValue", "projectedAvailableFund",
//! "projectedBuyingPower", "projectedCommission"}, ...}, "orderValidationResult": {"alerts", "accepts",
//! "rejects", "reviews", "warns"}, "commissionAndFee": {"commission": {"commissionLegs":
//! [{"commissionValues": [{"value", "type"}]}]}, "fee": {"feeLegs": [{"feeValues": [...]}]},
//! "trueCommission"}}` (Schwab's Trader API specification, `PreviewOrder`). An order Schwab would refuse
//! still answers 200: the refusal is in `rejects` (each rule with `validationRuleName`, `message`,
//! `activityMessage`), and an observed answer also carries `orderStrategy.status` `REJECTED` with a
//! negative `projectedBuyingPower`. Every part may be missing or null, and numbers may come as text.

use rust_decimal::Decimal;
use serde::Deserialize;

use super::lenient;
use crate::broker::OrderPreview;

/// The reject given when Schwab marks the order REJECTED without naming a rule.
pub const UNNAMED_REJECT: &str = "the brokerage would refuse the order";

/// The `previewOrder` answer.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WirePreview {
    /// The order as Schwab would record it, with its projected balances.
    #[serde(default)]
    pub order_strategy: Option<WirePreviewStrategy>,
    /// The rules the order met.
    #[serde(default)]
    pub order_validation_result: Option<WireValidation>,
    /// Commissions and fees, per leg.
    #[serde(default)]
    pub commission_and_fee: Option<WireCommissionAndFee>,
}

/// `orderStrategy` of a preview (only the fields copydesk reads).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WirePreviewStrategy {
    /// `REJECTED` when Schwab would refuse the order.
    #[serde(default)]
    pub status: Option<String>,
    /// The order's value.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub order_value: Option<Decimal>,
    /// The projected balances.
    #[serde(default)]
    pub order_balance: Option<WireOrderBalance>,
}

/// `orderStrategy.orderBalance`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireOrderBalance {
    /// The order's value.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub order_value: Option<Decimal>,
    /// Available funds once the order is counted.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub projected_available_fund: Option<Decimal>,
    /// Buying power once the order is counted.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub projected_buying_power: Option<Decimal>,
    /// The commission the order would cost.
    #[serde(default, deserialize_with = "lenient::decimal_opt")]
    pub projected_commission: Option<Decimal>,
}

/// `orderValidationResult`: the rules met, by severity.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireValidation {
    /// Soft alerts.
    #[serde(default)]
    pub alerts: Option<Vec<WireRule>>,
    /// Rules that accept the order.
    #[serde(default)]
    pub accepts: Option<Vec<WireRule>>,
    /// Rules that refuse the order.
    #[serde(default)]
    pub rejects: Option<Vec<WireRule>>,
    /// Rules that flag the order for review.
    #[serde(default)]
    pub reviews: Option<Vec<WireRule>>,
    /// Warnings.
    #[serde(default)]
    pub warns: Option<Vec<WireRule>>,
}

/// One validation rule's outcome.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireRule {
    /// Schwab's name for the rule.
    #[serde(default)]
    pub validation_rule_name: Option<String>,
    /// The rule's message.
    #[serde(default)]
    pub message: Option<String>,
    /// The message shown to the customer.
    #[serde(default)]
    pub activity_message: Option<String>,
}

impl WireRule {
    /// The text to show: the customer's message, else the rule's message, else its name.
    fn text(&self) -> String {
        [
            &self.activity_message,
            &self.message,
            &self.validation_rule_name,
        ]
        .into_iter()
        .flatten()
        .map(|t| t.trim())
        .find(|t| !t.is_empty())
        .unwrap_or("the brokerage gave no reason")
        .to_owned()
    }
}

/// `commissionAndFee`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireCommissionAndFee {
    /// Commissions per leg.
    #[serde(default)]
    pub commission: Option<WireCommission>,
    /// Fees per leg.
    #[serde(default)]
    pub fee: Option<WireFee>,
}

/// `commissionAndFee.commission`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireCommission {
    /// One entry per leg.
    #[serde(default)]
    pub commission_legs: Option<Vec<WireCommissionLeg>>,
}

/// One leg's commissions.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireCommissionLeg {
    /// Its parts.
    #[serde(default)]
    pub commission_values: Option<Vec<WireAmount>>,
}

/// `commissionAndFee.fee`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireFee {
    /// One entry per leg.
    #[serde(default)]
    pub fee_legs: Option<Vec<WireFeeLeg>>,
}

/// One leg's fees.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WireFeeLeg {
    /// Its parts.
    #[serde(default)]
    pub fee_values: Option<Vec<WireAmount>>,
}

/// One commission or fee part.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct WireAmount {
    /// Dollars.
    #[serde(default, deserialize_with = "lenient::decimal_or_zero")]
    pub value: Decimal,
    /// Its kind (`COMMISSION`, `SEC_FEE`, `OPT_REG_FEE`, ...).
    #[serde(default, rename = "type")]
    pub kind: Option<String>,
}

fn texts(rules: &Option<Vec<WireRule>>) -> impl Iterator<Item = String> + '_ {
    rules.iter().flatten().map(WireRule::text)
}

/// The broker-neutral preview of a `previewOrder` answer: `rejects` refuse; `warns`, `alerts` and
/// `reviews` (in that order) warn; a `REJECTED` status without a named rule refuses with
/// [`UNNAMED_REJECT`]. Commission and fees are the sums of their legs' values (the projected commission
/// when no legs are given).
#[must_use]
pub fn order_preview(wire: WirePreview) -> OrderPreview {
    let validation = wire.order_validation_result.unwrap_or_default();
    let mut rejects: Vec<String> = texts(&validation.rejects).collect();
    let strategy = wire.order_strategy.unwrap_or_default();
    let refused = strategy
        .status
        .as_deref()
        .is_some_and(|s| s.eq_ignore_ascii_case("REJECTED"));
    if refused && rejects.is_empty() {
        rejects.push(UNNAMED_REJECT.to_owned());
    }
    let warnings = texts(&validation.warns)
        .chain(texts(&validation.alerts))
        .chain(texts(&validation.reviews))
        .collect();
    let balance = strategy.order_balance.unwrap_or_default();
    let costs = wire.commission_and_fee.unwrap_or_default();
    let commission_legs = costs.commission.and_then(|c| c.commission_legs);
    let commission = match &commission_legs {
        Some(legs) => legs
            .iter()
            .flat_map(|l| l.commission_values.iter().flatten())
            .map(|v| v.value)
            .sum(),
        None => balance.projected_commission.unwrap_or_default(),
    };
    let fees = costs
        .fee
        .and_then(|f| f.fee_legs)
        .iter()
        .flatten()
        .flat_map(|l| l.fee_values.iter().flatten())
        .map(|v| v.value)
        .sum();
    OrderPreview {
        rejects,
        warnings,
        commission,
        fees,
        order_value: balance.order_value.or(strategy.order_value),
        projected_buying_power: balance.projected_buying_power,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::schwab::fixture::schwab_fixture;
    use rust_decimal_macros::dec;

    fn parse(text: &str) -> OrderPreview {
        order_preview(serde_json::from_str(text).expect("a preview answer"))
    }

    #[test]
    fn a_refused_preview_names_schwabs_text_and_the_negative_buying_power() {
        assert_eq!(
            parse(schwab_fixture!("http_post_preview_order_rejected")),
            OrderPreview {
                rejects: vec![
                    "You do not have enough available cash/buying power for this order.".into()
                ],
                warnings: vec![
                    "Your order may be subject to a Pattern Day Trading restriction.".into()
                ],
                commission: dec!(0),
                fees: dec!(0.01),
                order_value: Some(dec!(2345.00)),
                projected_buying_power: Some(dec!(-345.50)),
            }
        );
    }

    #[test]
    fn an_accepted_option_preview_sums_commission_and_fees_per_leg() {
        assert_eq!(
            parse(schwab_fixture!("http_post_preview_order_accepted")),
            OrderPreview {
                rejects: vec![],
                warnings: vec![
                    "LIMIT_AWAY: the limit price is away from the market".into(),
                    "Review: complex option order".into(),
                ],
                commission: dec!(1.30),
                fees: dec!(0.07),
                order_value: Some(dec!(230.00)),
                projected_buying_power: Some(dec!(99540.00)),
            }
        );
    }

    #[test]
    fn missing_parts_and_nulls_read_as_nothing_said() {
        assert_eq!(parse("{}"), OrderPreview::default());
        assert_eq!(
            parse(
                r#"{"orderStrategy": {"status": "REJECTED", "orderBalance": null},
                    "orderValidationResult": {"rejects": null, "warns": [{}]},
                    "commissionAndFee": {"commission": null, "fee": {"feeLegs": null}}}"#
            ),
            OrderPreview {
                rejects: vec![UNNAMED_REJECT.into()],
                warnings: vec!["the brokerage gave no reason".into()],
                ..OrderPreview::default()
            }
        );
        assert_eq!(
            parse(r#"{"orderStrategy": {"orderBalance": {"projectedCommission": "0.65"}}}"#)
                .commission,
            dec!(0.65)
        );
    }
}
