//! One leg of an execution as an order event tells it: the instrument, the side and the units per unit of the order.

use rust_decimal::Decimal;

use crate::order::{AssetType, Instruction, OrderLeg};

/// Whether a filled leg bought or sold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FillSide {
    /// Bought: a long holding grows, a short one shrinks.
    Buy,
    /// Sold: a long holding shrinks, a short one grows.
    Sell,
}

impl FillSide {
    /// The side an instruction trades on.
    #[must_use]
    pub fn of(instruction: Instruction) -> Self {
        if instruction.is_buy() {
            Self::Buy
        } else {
            Self::Sell
        }
    }
}

/// What one execution did to one leg of an order, as far as the event tells.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilledLeg {
    /// Ticker or padded OSI symbol.
    pub symbol: String,
    /// Equity, fund or option; `None` when the event did not say.
    pub asset_type: Option<AssetType>,
    /// Bought or sold.
    pub side: FillSide,
    /// Units of this leg per unit of the order (1 for a single-leg order and for each leg of a
    /// vertical: a vertical's fill of `n` spreads moves each leg by `n`).
    pub per_unit: u32,
    /// Price per share or contract of this leg in this execution; `None` when the event did not
    /// say (a spread's execution priced only by its net).
    pub price: Option<Decimal>,
}

impl FilledLeg {
    /// The leg `leg` of an order of `order_quantity` units, filled at `price`.
    #[must_use]
    pub fn of_leg(leg: &OrderLeg, order_quantity: u32, price: Option<Decimal>) -> Self {
        Self {
            symbol: leg.symbol.clone(),
            asset_type: Some(leg.asset_type.clone()),
            side: FillSide::of(leg.instruction),
            per_unit: (leg.quantity / order_quantity.max(1)).max(1),
            price,
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    #[test]
    fn a_leg_counts_its_units_per_unit_of_the_order() {
        let leg = OrderLeg::option(Instruction::SellToOpen, 6, "AAPL  261218C00210000");
        assert_eq!(
            FilledLeg::of_leg(&leg, 3, Some(dec!(1.5))),
            FilledLeg {
                symbol: "AAPL  261218C00210000".into(),
                asset_type: Some(AssetType::Option),
                side: FillSide::Sell,
                per_unit: 2,
                price: Some(dec!(1.5)),
            }
        );
        let stock = OrderLeg::equity(Instruction::BuyToCover, 5, "AAPL");
        assert_eq!(FilledLeg::of_leg(&stock, 5, None).per_unit, 1);
        assert_eq!(FilledLeg::of_leg(&stock, 0, None).side, FillSide::Buy);
    }
}
