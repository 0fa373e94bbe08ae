//! Exits capped at what an account holds: which side closes a holding, and why an account cannot exit.

use super::instruction::Instruction;

/// Why an account cannot take part in an exit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExitRefusal {
    /// The account holds none of the instrument (or holds it only on the other side).
    #[error("The account holds no {symbol} to exit")]
    NothingHeld {
        /// What it would have to hold, e.g. `AAPL` or `AAPL 10/18/2024 230.00 C`.
        symbol: String,
    },
    /// The account holds some legs of a spread but not others, so the spread cannot close as one order.
    #[error(
        "The account holds {held} but not {missing}, so the spread cannot be closed as one order"
    )]
    MissingLeg {
        /// The legs it holds, e.g. `AAPL 10/18/2024 230.00 C`.
        held: String,
        /// The legs it lacks.
        missing: String,
    },
}

/// What closes one stock holding: its instruction and how many shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StockExit {
    /// SELL for a long holding, BUY_TO_COVER for a short one.
    pub instruction: Instruction,
    /// The shares to close: what was asked for, at most what is held.
    pub quantity: u32,
}

/// The exit of a stock holding of `held` shares (negative: short) when `wanted` shares are asked for:
/// SELL for long and BUY_TO_COVER for short, capped at the holding.
///
/// # Errors
/// [`ExitRefusal::NothingHeld`] naming `symbol` when nothing is held.
pub fn stock_exit(symbol: &str, held: i64, wanted: u32) -> Result<StockExit, ExitRefusal> {
    let instruction = match held {
        0 => {
            return Err(ExitRefusal::NothingHeld {
                symbol: symbol.to_owned(),
            });
        }
        h if h > 0 => Instruction::Sell,
        _ => Instruction::BuyToCover,
    };
    let cap = u32::try_from(held.unsigned_abs()).unwrap_or(u32::MAX);
    Ok(StockExit {
        instruction,
        quantity: wanted.min(cap),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn long_sells_short_covers_nothing_refuses() {
        assert_eq!(
            stock_exit("AAPL", 10, 4),
            Ok(StockExit {
                instruction: Instruction::Sell,
                quantity: 4
            })
        );
        assert_eq!(
            stock_exit("AAPL", -3, 5),
            Ok(StockExit {
                instruction: Instruction::BuyToCover,
                quantity: 3
            })
        );
        let refused = stock_exit("AAPL", 0, 5);
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("The account holds no AAPL to exit".to_owned())
        );
    }

    proptest! {
        #[test]
        fn exits_never_exceed_the_holding_nor_the_request(held in -1_000_000_i64..1_000_000, wanted in 1_u32..200_000) {
            match stock_exit("KO", held, wanted) {
                Ok(exit) => {
                    prop_assert!(held != 0);
                    prop_assert_eq!(u64::from(exit.quantity), u64::from(wanted).min(held.unsigned_abs()));
                    prop_assert!(exit.quantity >= 1);
                    let closes_long = exit.instruction == Instruction::Sell;
                    prop_assert_eq!(closes_long, held > 0);
                    prop_assert!(exit.instruction.is_closing());
                }
                Err(refusal) => {
                    prop_assert_eq!(held, 0);
                    prop_assert_eq!(refusal, ExitRefusal::NothingHeld { symbol: "KO".into() });
                }
            }
        }
    }
}
