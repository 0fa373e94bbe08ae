//! What a leg of an order does: buy, sell, open or close.

use crate::wire_enum::wire_enum;

wire_enum! {
    /// The instruction of one order leg, as Schwab names it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Instruction("instruction") {
        /// Buy shares (opens or adds to a long stock position).
        Buy => "BUY",
        /// Sell shares held long.
        Sell => "SELL",
        /// Sell borrowed shares (opens a short stock position).
        SellShort => "SELL_SHORT",
        /// Buy back shares sold short.
        BuyToCover => "BUY_TO_COVER",
        /// Buy option contracts to open a long position.
        BuyToOpen => "BUY_TO_OPEN",
        /// Sell (write) option contracts to open a short position.
        SellToOpen => "SELL_TO_OPEN",
        /// Buy option contracts back to close a short position.
        BuyToClose => "BUY_TO_CLOSE",
        /// Sell option contracts held long to close the position.
        SellToClose => "SELL_TO_CLOSE",
    }
}

impl Instruction {
    /// Whether this instruction trades options (the `*_TO_OPEN` / `*_TO_CLOSE` family).
    #[must_use]
    pub fn is_option(self) -> bool {
        matches!(
            self,
            Self::BuyToOpen | Self::SellToOpen | Self::BuyToClose | Self::SellToClose
        )
    }

    /// Whether this instruction buys (money goes out, quantity goes up).
    #[must_use]
    pub fn is_buy(self) -> bool {
        matches!(
            self,
            Self::Buy | Self::BuyToCover | Self::BuyToOpen | Self::BuyToClose
        )
    }

    /// Whether this instruction opens or enlarges a position.
    #[must_use]
    pub fn is_opening(self) -> bool {
        matches!(
            self,
            Self::Buy | Self::SellShort | Self::BuyToOpen | Self::SellToOpen
        )
    }

    /// Whether this instruction reduces or closes a position.
    #[must_use]
    pub fn is_closing(self) -> bool {
        !self.is_opening()
    }

    /// The instruction that undoes this one: closing a position opened by it, or
    /// reopening a position closed by it (`BUY_TO_OPEN` ↔ `SELL_TO_CLOSE`,
    /// `SELL_TO_OPEN` ↔ `BUY_TO_CLOSE`, `BUY` ↔ `SELL`, `SELL_SHORT` ↔ `BUY_TO_COVER`).
    #[must_use]
    pub fn reverse(self) -> Self {
        match self {
            Self::Buy => Self::Sell,
            Self::Sell => Self::Buy,
            Self::SellShort => Self::BuyToCover,
            Self::BuyToCover => Self::SellShort,
            Self::BuyToOpen => Self::SellToClose,
            Self::SellToClose => Self::BuyToOpen,
            Self::SellToOpen => Self::BuyToClose,
            Self::BuyToClose => Self::SellToOpen,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_words_are_schwab_spellings() -> anyhow::Result<()> {
        assert_eq!(
            serde_json::to_string(&Instruction::BuyToCover)?,
            "\"BUY_TO_COVER\""
        );
        assert_eq!(
            serde_json::from_str::<Instruction>("\"SELL_TO_OPEN\"")?,
            Instruction::SellToOpen
        );
        let err = "EXCHANGE".parse::<Instruction>().err();
        assert_eq!(
            err.map(|e| e.to_string()),
            Some("unknown instruction `EXCHANGE`".to_owned())
        );
        Ok(())
    }

    #[test]
    fn families_and_sides() {
        assert!(Instruction::BuyToOpen.is_option());
        assert!(!Instruction::SellShort.is_option());
        assert!(Instruction::BuyToCover.is_buy());
        assert!(!Instruction::SellToClose.is_buy());
        assert!(Instruction::SellShort.is_opening());
        assert!(Instruction::BuyToClose.is_closing());
        assert!(Instruction::Sell.is_closing());
    }

    #[test]
    fn reverse_pairs_open_with_close_and_is_an_involution() {
        assert_eq!(Instruction::BuyToOpen.reverse(), Instruction::SellToClose);
        assert_eq!(Instruction::SellToOpen.reverse(), Instruction::BuyToClose);
        assert_eq!(Instruction::Buy.reverse(), Instruction::Sell);
        assert_eq!(Instruction::SellShort.reverse(), Instruction::BuyToCover);
        for instruction in Instruction::ALL {
            assert_eq!(instruction.reverse().reverse(), *instruction);
            assert_ne!(instruction.reverse().is_buy(), instruction.is_buy());
            assert_eq!(instruction.reverse().is_option(), instruction.is_option());
        }
    }
}
