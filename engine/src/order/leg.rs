//! One leg of an order request: an instruction, a quantity and an instrument.

use serde::{Deserialize, Serialize};

use super::asset_type::AssetType;
use super::instruction::Instruction;

/// One instrument of an order and what to do with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderLeg {
    /// Buy, sell, open or close.
    pub instruction: Instruction,
    /// Shares or contracts (whole numbers, at least 1).
    pub quantity: u32,
    /// Ticker for equities; padded OSI symbol for options.
    pub symbol: String,
    /// Equity or option.
    pub asset_type: AssetType,
}

impl OrderLeg {
    /// A stock leg.
    #[must_use]
    pub fn equity(instruction: Instruction, quantity: u32, symbol: impl Into<String>) -> Self {
        Self {
            instruction,
            quantity,
            symbol: symbol.into(),
            asset_type: AssetType::Equity,
        }
    }

    /// An option leg; `symbol` is the padded OSI form.
    #[must_use]
    pub fn option(instruction: Instruction, quantity: u32, symbol: impl Into<String>) -> Self {
        Self {
            instruction,
            quantity,
            symbol: symbol.into(),
            asset_type: AssetType::Option,
        }
    }

    /// The same leg with its instruction reversed (for closing what it opened).
    #[must_use]
    pub fn reversed(&self) -> Self {
        Self {
            instruction: self.instruction.reverse(),
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_with_camel_case_fields() -> anyhow::Result<()> {
        let leg = OrderLeg::option(Instruction::BuyToOpen, 2, "AAPL  241018C00200000");
        assert_eq!(
            serde_json::to_value(&leg)?,
            serde_json::json!({
                "instruction": "BUY_TO_OPEN",
                "quantity": 2,
                "symbol": "AAPL  241018C00200000",
                "assetType": "OPTION"
            })
        );
        assert_eq!(leg.reversed().instruction, Instruction::SellToClose);
        Ok(())
    }
}
