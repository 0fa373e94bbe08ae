//! The colour of a copy-trade session and of each of its rows (DESIGN §6).

use serde::Serialize;

/// A session's colour: purple when its rows disagree, green when all are final, red while open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StatusColor {
    /// The rows differ in status or filled quantity.
    Purple,
    /// Every row is final and they agree.
    Green,
    /// The rows agree and at least one is still open.
    Red,
}

/// A row's own colour: yellow while its order is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OwnColor {
    /// The order is open.
    Yellow,
    /// The order is final.
    None,
}

/// What the colour rule needs from a row: its status word, filled quantity and finality.
pub trait ColorFacts {
    /// The status word (e.g. `WORKING`, `FAILED_TO_PLACE`).
    fn status_word(&self) -> &str;
    /// The filled quantity.
    fn filled(&self) -> u32;
    /// The quantity ordered (after the tier multiplier).
    fn ordered(&self) -> u32;
    /// Whether the status is final.
    fn is_final(&self) -> bool;
}

impl StatusColor {
    /// The colour of a session with these rows (green when there are none).
    ///
    /// Accounts of different tiers are sent different quantities, so "differ in filled quantity" compares
    /// how much of each row's own order filled (filled / ordered), not the absolute numbers.
    pub fn of<R: ColorFacts>(rows: &[R]) -> Self {
        let Some(first) = rows.first() else {
            return Self::Green;
        };
        let same_share = |r: &R| {
            u64::from(r.filled()) * u64::from(first.ordered().max(1))
                == u64::from(first.filled()) * u64::from(r.ordered().max(1))
        };
        let differ = rows
            .iter()
            .any(|r| r.status_word() != first.status_word() || !same_share(r));
        if differ {
            Self::Purple
        } else if rows.iter().all(ColorFacts::is_final) {
            Self::Green
        } else {
            Self::Red
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    struct Row(&'static str, u32, u32);

    impl ColorFacts for Row {
        fn status_word(&self) -> &str {
            self.0
        }
        fn filled(&self) -> u32 {
            self.1
        }
        fn ordered(&self) -> u32 {
            self.2
        }
        fn is_final(&self) -> bool {
            matches!(
                self.0,
                "FILLED" | "CANCELED" | "REJECTED" | "EXPIRED" | "REPLACED" | "FAILED_TO_PLACE"
            )
        }
    }

    #[test]
    fn the_three_colours() {
        assert_eq!(
            StatusColor::of(&[Row("FILLED", 2, 2), Row("FILLED", 2, 2)]),
            StatusColor::Green
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 0, 2), Row("WORKING", 0, 2)]),
            StatusColor::Red
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 0, 2), Row("FILLED", 2, 2)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 1, 2), Row("WORKING", 0, 2)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("FILLED", 2, 2), Row("FAILED_TO_PLACE", 0, 2)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("FAILED_TO_PLACE", 0, 2)]),
            StatusColor::Green
        );
        assert_eq!(StatusColor::of::<Row>(&[]), StatusColor::Green);
        // Tiers: 2 of 2 and 6 of 6 is the same share; 2 of 2 and 3 of 6 is not.
        assert_eq!(
            StatusColor::of(&[Row("FILLED", 2, 2), Row("FILLED", 6, 6)]),
            StatusColor::Green
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 1, 2), Row("WORKING", 3, 6)]),
            StatusColor::Red
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 1, 2), Row("WORKING", 2, 6)]),
            StatusColor::Purple
        );
        assert_eq!(
            serde_json::to_string(&StatusColor::Purple).ok().as_deref(),
            Some("\"purple\"")
        );
        assert_eq!(
            serde_json::to_string(&OwnColor::None).ok().as_deref(),
            Some("\"none\"")
        );
    }

    const WORDS: [&str; 8] = [
        "FILLED",
        "CANCELED",
        "REJECTED",
        "WORKING",
        "QUEUED",
        "REPLACED",
        "FAILED_TO_PLACE",
        "EXPIRED",
    ];

    proptest! {
        /// For any mix of statuses and fills: purple exactly when rows differ, else green exactly when all
        /// are final, else red.
        #[test]
        fn colour_follows_the_rule(rows in proptest::collection::vec((0usize..8, 0u32..3, 1u32..4), 1..12)) {
            // Each row ordered `m` times a base of 2 and filled `m` times its share `f`.
            let rows: Vec<Row> = rows.into_iter().map(|(w, f, m)| Row(WORDS[w], f * m, 2 * m)).collect();
            let share = |r: &Row| (r.1 * 2 / r.2, r.1 * 2 % r.2);
            let differ = rows.iter().any(|r| r.0 != rows[0].0 || share(r) != share(&rows[0]));
            let expected = if differ {
                StatusColor::Purple
            } else if rows.iter().all(ColorFacts::is_final) {
                StatusColor::Green
            } else {
                StatusColor::Red
            };
            prop_assert_eq!(StatusColor::of(&rows), expected);
        }
    }
}
