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
    /// Whether the status is final.
    fn is_final(&self) -> bool;
}

impl StatusColor {
    /// The colour of a session with these rows (green when there are none).
    pub fn of<R: ColorFacts>(rows: &[R]) -> Self {
        let Some(first) = rows.first() else {
            return Self::Green;
        };
        let differ = rows
            .iter()
            .any(|r| r.status_word() != first.status_word() || r.filled() != first.filled());
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

    struct Row(&'static str, u32);

    impl ColorFacts for Row {
        fn status_word(&self) -> &str {
            self.0
        }
        fn filled(&self) -> u32 {
            self.1
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
            StatusColor::of(&[Row("FILLED", 2), Row("FILLED", 2)]),
            StatusColor::Green
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 0), Row("WORKING", 0)]),
            StatusColor::Red
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 0), Row("FILLED", 2)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("WORKING", 1), Row("WORKING", 0)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("FILLED", 2), Row("FAILED_TO_PLACE", 0)]),
            StatusColor::Purple
        );
        assert_eq!(
            StatusColor::of(&[Row("FAILED_TO_PLACE", 0)]),
            StatusColor::Green
        );
        assert_eq!(StatusColor::of::<Row>(&[]), StatusColor::Green);
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
        fn colour_follows_the_rule(rows in proptest::collection::vec((0usize..8, 0u32..3), 1..12)) {
            let rows: Vec<Row> = rows.into_iter().map(|(w, f)| Row(WORDS[w], f)).collect();
            let differ = rows.iter().any(|r| r.0 != rows[0].0 || r.1 != rows[0].1);
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
