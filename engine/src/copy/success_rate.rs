//! The share of targeted accounts whose order the broker accepted.

use serde::Serialize;

/// A whole percentage, 0 to 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct SuccessRate(u8);

impl SuccessRate {
    /// No account accepted.
    pub const ZERO: Self = Self(0);

    /// `accepted` of `targeted` as a rounded percentage; `None` when nothing was targeted.
    #[must_use]
    pub fn calculate(accepted: usize, targeted: usize) -> Option<Self> {
        if targeted == 0 {
            return None;
        }
        let accepted = accepted.min(targeted);
        let percent = (accepted * 100 + targeted / 2) / targeted;
        u8::try_from(percent).ok().map(Self)
    }

    /// The percentage.
    #[must_use]
    pub fn percent(self) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rounds_to_the_nearest_whole_percent() {
        assert_eq!(SuccessRate::calculate(0, 0), None);
        assert_eq!(
            SuccessRate::calculate(3, 3).map(SuccessRate::percent),
            Some(100)
        );
        assert_eq!(
            SuccessRate::calculate(2, 3).map(SuccessRate::percent),
            Some(67)
        );
        assert_eq!(
            SuccessRate::calculate(1, 3).map(SuccessRate::percent),
            Some(33)
        );
        assert_eq!(
            SuccessRate::calculate(0, 4).map(SuccessRate::percent),
            Some(0)
        );
        assert_eq!(
            SuccessRate::calculate(1, 8).map(SuccessRate::percent),
            Some(13)
        );
    }

    proptest! {
        #[test]
        fn always_between_0_and_100_and_exact_at_the_ends(accepted in 0usize..5000, targeted in 1usize..5000) {
            let rate = SuccessRate::calculate(accepted, targeted).map(SuccessRate::percent);
            prop_assert!(rate.is_some_and(|r| r <= 100));
            if accepted >= targeted { prop_assert_eq!(rate, Some(100)); }
            if accepted == 0 { prop_assert_eq!(rate, Some(0)); }
            if accepted > 0 && accepted < targeted {
                prop_assert!(rate.is_some_and(|r| r < 100 || targeted > 200));
            }
        }
    }
}
