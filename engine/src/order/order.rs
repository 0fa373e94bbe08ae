//! An order as the brokerage reports it: the request, its status and its fills.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::asset_type::AssetType;
use super::complex_strategy::ComplexOrderStrategy;
use super::duration::Duration;
use super::instruction::Instruction;
use super::leg::OrderLeg;
use super::link::{LinkBasis, LinkType};
use super::order_type::OrderType;
use super::put_call::PutCall;
use super::request::OrderRequest;
use super::session::Session;
use super::status::OrderStatus;
use super::strategy::OrderStrategy;
use crate::ids::BrokerOrderId;

/// One leg of a reported order, with what the broker says about its instrument.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerOrderLeg {
    /// Buy, sell, open or close.
    pub instruction: Instruction,
    /// Shares or contracts of this leg.
    pub quantity: u32,
    /// Ticker or padded OSI symbol.
    pub symbol: String,
    /// Equity or option.
    pub asset_type: AssetType,
    /// The broker's description of the instrument (free text; never parsed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Call or put, for options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub put_call: Option<PutCall>,
    /// The underlying symbol, for options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub underlying: Option<String>,
}

impl BrokerOrderLeg {
    /// The leg as it would appear in a request.
    #[must_use]
    pub fn to_leg(&self) -> OrderLeg {
        OrderLeg {
            instruction: self.instruction,
            quantity: self.quantity,
            symbol: self.symbol.clone(),
            asset_type: self.asset_type.clone(),
        }
    }
}

/// An order at the broker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrokerOrder {
    /// The broker's order id.
    pub id: BrokerOrderId,
    /// When the order may execute.
    pub session: Session,
    /// How long it stays working.
    pub duration: Duration,
    /// How it is priced.
    pub order_type: OrderType,
    /// NONE, VERTICAL, or another strategy placed elsewhere.
    #[serde(default)]
    pub complex_order_strategy_type: ComplexOrderStrategy,
    /// Units ordered (spreads for a vertical, else the leg quantity).
    pub quantity: u32,
    /// Units filled so far.
    pub filled_quantity: u32,
    /// Units still to fill.
    pub remaining_quantity: u32,
    /// Limit price or net spread price.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Decimal>,
    /// Trigger price of stop orders (for trailing stops, the current trigger if reported).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price: Option<Decimal>,
    /// The price a trailing stop follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_basis: Option<LinkBasis>,
    /// How a trailing stop's offset is measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_type: Option<LinkType>,
    /// The trailing distance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_offset: Option<Decimal>,
    /// The broker's status.
    pub status: OrderStatus,
    /// The broker's explanation, e.g. why it rejected the order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_description: Option<String>,
    /// When the broker received the order.
    pub entered_time: DateTime<Utc>,
    /// When the order reached a final status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub close_time: Option<DateTime<Utc>>,
    /// The instruments of the order.
    pub legs: Vec<BrokerOrderLeg>,
    /// Average price of the fills so far (net per spread for verticals).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_fill_price: Option<Decimal>,
    /// When the first fill happened, as the broker reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_fill_time: Option<DateTime<Utc>>,
    /// When the latest fill happened, as the broker reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_fill_time: Option<DateTime<Utc>>,
    /// SINGLE, or the strategy of a bracket's first order (TRIGGER).
    #[serde(default)]
    pub strategy: OrderStrategy,
    /// For an order of a bracket (an OCO's stop or take-profit, a TRIGGER's child): the order or OCO
    /// container it sits under at the broker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<BrokerOrderId>,
}

impl BrokerOrder {
    /// The order's request fields, e.g. to compare with what was sent or to replace it.
    #[must_use]
    pub fn to_request(&self) -> OrderRequest {
        let complex = self.complex_order_strategy_type != ComplexOrderStrategy::None;
        OrderRequest {
            session: self.session,
            duration: self.duration.clone(),
            order_type: self.order_type.clone(),
            complex_order_strategy_type: self.complex_order_strategy_type.clone(),
            quantity: complex.then_some(self.quantity),
            price: self.price,
            stop_price: self.stop_price,
            stop_price_link_basis: self.stop_price_link_basis,
            stop_price_link_type: self.stop_price_link_type,
            stop_price_offset: self.stop_price_offset,
            legs: self.legs.iter().map(BrokerOrderLeg::to_leg).collect(),
        }
    }

    /// Whether the order can still change (its status is not final).
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.status.is_open()
    }

    /// Whether the order stands on its own (SINGLE, outside any bracket), the only kind copydesk
    /// places. Orders of a bracket, or a bracket's first order, were placed by someone else: they are
    /// never matched to a copydesk write and never counted as copydesk's open orders.
    #[must_use]
    pub fn is_standalone(&self) -> bool {
        self.strategy == OrderStrategy::Single && self.parent.is_none()
    }

    /// `request`, to replace this order with, its stock legs keeping the asset type the broker
    /// gave this order's leg of the same symbol (a fund's COLLECTIVE_INVESTMENT stays so).
    #[must_use]
    pub fn echo_asset_types(&self, request: &OrderRequest) -> OrderRequest {
        let mut echoed = request.clone();
        for leg in echoed.legs.iter_mut().filter(|l| l.asset_type.is_stock()) {
            let listed = self
                .legs
                .iter()
                .find(|l| l.symbol == leg.symbol && l.asset_type.is_stock());
            if let Some(listed) = listed {
                leg.asset_type = listed.asset_type.clone();
            }
        }
        echoed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use rust_decimal_macros::dec;

    fn filled_call() -> anyhow::Result<BrokerOrder> {
        let entered = Utc
            .with_ymd_and_hms(2024, 10, 14, 14, 31, 7)
            .single()
            .ok_or_else(|| anyhow::anyhow!("fixed test date"))?;
        Ok(BrokerOrder {
            id: BrokerOrderId(1_002_260_663_765),
            session: Session::Normal,
            duration: Duration::Day,
            order_type: OrderType::Limit,
            complex_order_strategy_type: ComplexOrderStrategy::None,
            quantity: 2,
            filled_quantity: 2,
            remaining_quantity: 0,
            price: Some(dec!(3.45)),
            stop_price: None,
            stop_price_link_basis: None,
            stop_price_link_type: None,
            stop_price_offset: None,
            status: OrderStatus::Filled,
            status_description: None,
            entered_time: entered,
            close_time: Some(entered + chrono::Duration::seconds(1)),
            legs: vec![BrokerOrderLeg {
                instruction: Instruction::BuyToOpen,
                quantity: 2,
                symbol: "AAPL  241018C00200000".into(),
                asset_type: AssetType::Option,
                description: Some("AAPL 10/18/2024 200.00 C".into()),
                put_call: Some(PutCall::Call),
                underlying: Some("AAPL".into()),
            }],
            average_fill_price: Some(dec!(3.45)),
            first_fill_time: Some(entered + chrono::Duration::seconds(1)),
            last_fill_time: Some(entered + chrono::Duration::seconds(1)),
            strategy: OrderStrategy::Single,
            parent: None,
        })
    }

    #[test]
    fn only_single_orders_outside_brackets_stand_alone() -> anyhow::Result<()> {
        let single = filled_call()?;
        assert!(single.is_standalone());
        let trigger = BrokerOrder {
            strategy: OrderStrategy::Trigger,
            ..single.clone()
        };
        assert!(!trigger.is_standalone());
        let child = BrokerOrder {
            parent: Some(BrokerOrderId(7)),
            ..single
        };
        assert!(!child.is_standalone());
        Ok(())
    }

    #[test]
    fn a_replace_keeps_the_asset_type_of_the_listed_fund() -> anyhow::Result<()> {
        let mut listed = filled_call()?;
        listed.legs = vec![BrokerOrderLeg {
            instruction: Instruction::Buy,
            quantity: 10,
            symbol: "SPY".into(),
            asset_type: AssetType::CollectiveInvestment,
            description: None,
            put_call: None,
            underlying: None,
        }];
        let replacement =
            OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 12, "SPY"), dec!(570.5));
        let echoed = listed.echo_asset_types(&replacement);
        assert_eq!(
            echoed.legs.first().map(|l| (&l.asset_type, l.quantity)),
            Some((&AssetType::CollectiveInvestment, 12))
        );
        echoed.validate()?;
        let other = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "QQQ"), dec!(1));
        assert_eq!(listed.echo_asset_types(&other), other);
        Ok(())
    }

    #[test]
    fn to_request_gives_back_what_was_placed() -> anyhow::Result<()> {
        let order = filled_call()?;
        let request = order.to_request();
        assert_eq!(
            request,
            OrderRequest::limit(
                OrderLeg::option(Instruction::BuyToOpen, 2, "AAPL  241018C00200000"),
                dec!(3.45)
            )
        );
        request.validate()?;
        assert!(!order.is_open());
        Ok(())
    }

    #[test]
    fn serde_round_trip() -> anyhow::Result<()> {
        let order = filled_call()?;
        let json = serde_json::to_value(&order)?;
        assert_eq!(json["id"], serde_json::json!(1_002_260_663_765_i64));
        assert_eq!(json["status"], "FILLED");
        assert_eq!(json["filledQuantity"], 2);
        assert_eq!(json["averageFillPrice"], "3.45");
        assert_eq!(serde_json::from_value::<BrokerOrder>(json)?, order);
        Ok(())
    }
}
