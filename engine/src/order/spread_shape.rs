//! Which multi-leg strategy a set of option legs forms: a vertical, an iron condor, or neither and why.

use super::complex_strategy::ComplexOrderStrategy;
use super::instruction::Instruction;
use super::osi::OptionSymbol;
use super::put_call::PutCall;

/// The part of a spread at fault.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ShapeField {
    /// The set of legs as a whole.
    Legs,
    /// The option symbol of one leg.
    Symbol,
    /// The instruction of one leg.
    Instruction,
}

/// Why legs form no strategy copydesk places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShapeError {
    /// Index (from 0) of the leg at fault; 0 when the fault is the set as a whole.
    pub leg: usize,
    /// Which part of it.
    pub field: ShapeField,
    /// The rest of a sentence naming it, e.g. `must have a different strike from leg 1`.
    pub message: String,
}

impl ShapeError {
    fn legs(message: impl Into<String>) -> Self {
        Self {
            leg: 0,
            field: ShapeField::Legs,
            message: message.into(),
        }
    }

    fn symbol(leg: usize, message: impl Into<String>) -> Self {
        Self {
            leg,
            field: ShapeField::Symbol,
            message: message.into(),
        }
    }

    fn instruction(leg: usize, message: impl Into<String>) -> Self {
        Self {
            leg,
            field: ShapeField::Instruction,
            message: message.into(),
        }
    }
}

/// The strategy `legs` (option and instruction, in order) form: two legs of one underlying, expiry and
/// side at different strikes, one bought and one sold, are a VERTICAL; four legs of one underlying and
/// expiry that are a put spread below a call spread with both inner strikes sold (or both bought) are an
/// IRON_CONDOR.
///
/// # Errors
/// [`ShapeError`] naming the first leg and part that breaks the rules.
pub(crate) fn spread_shape(
    legs: &[(&OptionSymbol, Instruction)],
) -> Result<ComplexOrderStrategy, ShapeError> {
    match legs {
        [first, second] => {
            same_series(legs)?;
            if second.0.put_call() != first.0.put_call() {
                return Err(ShapeError::symbol(
                    1,
                    format!("must be a {} like leg 1", first.0.put_call()),
                ));
            }
            pair(legs, 0, 1)?;
            Ok(ComplexOrderStrategy::Vertical)
        }
        [_, _, _, _] => {
            same_series(legs)?;
            iron_condor(legs)?;
            Ok(ComplexOrderStrategy::IronCondor)
        }
        _ => Err(ShapeError::legs(format!(
            "must be two options forming a vertical, or four forming an iron condor; got {}",
            legs.len()
        ))),
    }
}

/// Every leg has the first leg's underlying and expiry.
fn same_series(legs: &[(&OptionSymbol, Instruction)]) -> Result<(), ShapeError> {
    let Some((first, _)) = legs.first() else {
        return Ok(());
    };
    for (index, (option, _)) in legs.iter().enumerate().skip(1) {
        if option.root() != first.root() {
            return Err(ShapeError::symbol(
                index,
                format!("must have the same underlying as leg 1 ({})", first.root()),
            ));
        }
        if option.expiry() != first.expiry() {
            return Err(ShapeError::symbol(
                index,
                format!(
                    "must expire on {} like leg 1",
                    first.expiry().format("%Y-%m-%d")
                ),
            ));
        }
    }
    Ok(())
}

/// Legs `a` and `b` (same side) differ in strike and one buys while the other sells.
fn pair(legs: &[(&OptionSymbol, Instruction)], a: usize, b: usize) -> Result<(), ShapeError> {
    let (Some(first), Some(second)) = (legs.get(a), legs.get(b)) else {
        return Ok(());
    };
    if first.0.strike() == second.0.strike() {
        return Err(ShapeError::symbol(
            b,
            format!("must have a different strike from leg {}", a + 1),
        ));
    }
    if first.1.is_buy() == second.1.is_buy() {
        let (verb, other) = if first.1.is_buy() {
            ("sell", "buys")
        } else {
            ("buy", "sells")
        };
        return Err(ShapeError::instruction(
            b,
            format!("must {verb} when leg {} {other}", a + 1),
        ));
    }
    Ok(())
}

fn iron_condor(legs: &[(&OptionSymbol, Instruction)]) -> Result<(), ShapeError> {
    let side = |wanted: PutCall| -> Vec<usize> {
        (0..legs.len())
            .filter(|i| legs.get(*i).is_some_and(|l| l.0.put_call() == wanted))
            .collect()
    };
    let (puts, calls) = (side(PutCall::Put), side(PutCall::Call));
    let ([p1, p2], [c1, c2]) = (puts.as_slice(), calls.as_slice()) else {
        return Err(ShapeError::legs(
            "must be two puts and two calls to form an iron condor",
        ));
    };
    pair(legs, *p1, *p2)?;
    pair(legs, *c1, *c2)?;
    let leg = |i: usize| legs.get(i).map(|l| (l.0.strike(), l.1.is_buy()));
    let (Some(pa), Some(pb), Some(ca), Some(cb)) = (leg(*p1), leg(*p2), leg(*c1), leg(*c2)) else {
        return Ok(());
    };
    // The inner put is the higher strike, the inner call the lower one.
    let inner_put = if pa.0 > pb.0 { pa } else { pb };
    let inner_call = if ca.0 < cb.0 { ca } else { cb };
    if inner_put.0 >= inner_call.0 {
        return Err(ShapeError::legs(
            "must have both put strikes below both call strikes to form an iron condor",
        ));
    }
    if inner_put.1 != inner_call.1 {
        return Err(ShapeError::legs(
            "must sell both inner strikes or buy both to form an iron condor",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use Instruction::{BuyToOpen as Buy, SellToOpen as Sell};

    fn osi(text: &str) -> OptionSymbol {
        OptionSymbol::parse(text).expect("test symbols are well formed")
    }

    fn shape(legs: &[(&str, Instruction)]) -> Result<ComplexOrderStrategy, (usize, ShapeField)> {
        let parsed: Vec<(OptionSymbol, Instruction)> =
            legs.iter().map(|(s, i)| (osi(s), *i)).collect();
        let refs: Vec<(&OptionSymbol, Instruction)> = parsed.iter().map(|(s, i)| (s, *i)).collect();
        spread_shape(&refs).map_err(|e| (e.leg, e.field))
    }

    const C230: &str = "AAPL  241018C00230000";
    const C235: &str = "AAPL  241018C00235000";
    const C240: &str = "AAPL  241018C00240000";
    const P220: &str = "AAPL  241018P00220000";
    const P225: &str = "AAPL  241018P00225000";

    #[test]
    fn verticals() {
        assert_eq!(
            shape(&[(C230, Buy), (C235, Sell)]),
            Ok(ComplexOrderStrategy::Vertical)
        );
        assert_eq!(
            shape(&[(C235, Sell), (C230, Buy)]),
            Ok(ComplexOrderStrategy::Vertical)
        );
        assert_eq!(
            shape(&[(C230, Buy), ("MSFT  241018C00235000", Sell)]),
            Err((1, ShapeField::Symbol))
        );
        assert_eq!(
            shape(&[(C230, Buy), ("AAPL  241025C00235000", Sell)]),
            Err((1, ShapeField::Symbol))
        );
        assert_eq!(
            shape(&[(C230, Buy), (P225, Sell)]),
            Err((1, ShapeField::Symbol))
        );
        assert_eq!(
            shape(&[(C230, Buy), (C230, Sell)]),
            Err((1, ShapeField::Symbol))
        );
        assert_eq!(
            shape(&[(C230, Buy), (C235, Buy)]),
            Err((1, ShapeField::Instruction))
        );
        for count in [0, 1, 3, 5] {
            let legs = vec![(C230, Buy); count];
            assert_eq!(shape(&legs), Err((0, ShapeField::Legs)), "{count} legs");
        }
    }

    #[test]
    fn iron_condors() {
        let short = [(P220, Buy), (P225, Sell), (C235, Sell), (C240, Buy)];
        assert_eq!(shape(&short), Ok(ComplexOrderStrategy::IronCondor));
        let long = [(C240, Sell), (P225, Buy), (P220, Sell), (C235, Buy)];
        assert_eq!(shape(&long), Ok(ComplexOrderStrategy::IronCondor));
        let three_calls = [(P220, Buy), (C230, Sell), (C235, Sell), (C240, Buy)];
        assert_eq!(shape(&three_calls), Err((0, ShapeField::Legs)));
        let crossed = [
            (P220, Buy),
            ("AAPL  241018P00236000", Sell),
            (C235, Sell),
            (C240, Buy),
        ];
        assert_eq!(shape(&crossed), Err((0, ShapeField::Legs)));
        let mixed = [(P220, Sell), (P225, Buy), (C235, Sell), (C240, Buy)];
        assert_eq!(shape(&mixed), Err((0, ShapeField::Legs)));
        let both_bought = [(P220, Buy), (P225, Buy), (C235, Sell), (C240, Buy)];
        assert_eq!(shape(&both_bought), Err((1, ShapeField::Instruction)));
        let other_expiry = [
            (P220, Buy),
            (P225, Sell),
            ("AAPL  241025C00235000", Sell),
            (C240, Buy),
        ];
        assert_eq!(shape(&other_expiry), Err((2, ShapeField::Symbol)));
    }
}
