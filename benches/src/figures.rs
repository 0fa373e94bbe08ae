//! The figures a driver measured against the targets, kept as JSON under `target/bench-figures/` so
//! `bench-summary` can print them all in one table and write it into `benches/README.md`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::RigError;

/// The drivers whose figures the summary shows, in its order.
pub const DRIVERS: [&str; 8] = [
    "fan-out",
    "api-place",
    "freshness-100",
    "freshness-1000",
    "poll-load",
    "mixed-load",
    "soak",
    "idle-accounts",
];

/// One measured figure and the target it is held to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figure {
    /// What was measured.
    pub figure: String,
    /// The measured value, with its unit.
    pub measured: String,
    /// The target, or `-` when there is none.
    pub target: String,
    /// Whether the target was met; `None` when there is no target.
    pub met: Option<bool>,
}

/// Everything one driver run measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// The driver (one of [`DRIVERS`]).
    pub driver: String,
    /// When it ran (UTC, RFC 3339).
    pub measured_at: String,
    /// How it was run (sizes), as a short sentence.
    pub setting: String,
    /// The figures in print order.
    pub rows: Vec<Figure>,
}

impl Figures {
    /// An empty set for `driver`, stamped now.
    #[must_use]
    pub fn new(driver: &str, setting: impl Into<String>) -> Self {
        Self {
            driver: driver.to_owned(),
            measured_at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            setting: setting.into(),
            rows: Vec::new(),
        }
    }

    /// Adds a figure with no target.
    pub fn note(&mut self, figure: &str, measured: impl Into<String>) {
        self.rows.push(Figure {
            figure: figure.to_owned(),
            measured: measured.into(),
            target: "-".to_owned(),
            met: None,
        });
    }

    /// Adds a figure held to `target`.
    pub fn check(&mut self, figure: &str, measured: impl Into<String>, target: &str, met: bool) {
        self.rows.push(Figure {
            figure: figure.to_owned(),
            measured: measured.into(),
            target: target.to_owned(),
            met: Some(met),
        });
    }

    /// Writes the set to `target/bench-figures/<driver>.json`, replacing an earlier run's.
    ///
    /// # Errors
    /// [`RigError::Io`] when the folder or the file cannot be written.
    pub fn save(&self) -> Result<PathBuf, RigError> {
        let dir = figures_dir();
        std::fs::create_dir_all(&dir).map_err(|e| RigError::io("creating bench-figures", e))?;
        let path = dir.join(format!("{}.json", self.driver));
        let text = serde_json::to_string_pretty(self)
            .map_err(|e| RigError::io("writing figures", std::io::Error::other(e)))?;
        std::fs::write(&path, text).map_err(|e| RigError::io("writing figures", e))?;
        Ok(path)
    }

    /// Saves the set (see [`Figures::save`]) and says where when the run used the sizes its targets
    /// are about; a run at other sizes (another latency, fewer accounts) is printed only, so the
    /// summary never holds its figures against targets meant for other sizes.
    ///
    /// # Errors
    /// As [`Figures::save`].
    pub fn save_if_at_target_sizes(&self, at_target_sizes: bool) -> Result<(), RigError> {
        if at_target_sizes {
            let path = self.save()?;
            println!("figures written to {}", path.display());
        } else {
            println!(
                "figures not saved: the summary holds runs at the sizes its targets are about (the defaults, see --help)"
            );
        }
        Ok(())
    }

    /// The last saved set of `driver`, when there is one.
    ///
    /// # Errors
    /// [`RigError::Io`] when the file exists but cannot be read or parsed.
    pub fn load(driver: &str) -> Result<Option<Self>, RigError> {
        let path = figures_dir().join(format!("{driver}.json"));
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(RigError::io("reading figures", e)),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| RigError::io("reading figures", std::io::Error::other(e)))
    }
}

/// `target/bench-figures` of the workspace.
#[must_use]
pub fn figures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/bench-figures")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_keep_their_order_and_targets_through_json() {
        let mut figures = Figures::new("poll-load", "200 pollers");
        figures.check("delta poll p99", "1.20 ms", "<= 2 ms", true);
        figures.note("polls per second", "5000");
        let text = serde_json::to_string(&figures).expect("serializes");
        let back: Figures = serde_json::from_str(&text).expect("parses");
        assert_eq!(back, figures);
        assert_eq!(back.rows[0].met, Some(true));
        assert_eq!(back.rows[1].target, "-");
        assert_eq!(back.rows[1].met, None);
    }
}
