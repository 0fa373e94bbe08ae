//! A copy-trade session: one command applied to many accounts, one row per account (and leg view).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{CopyRow, StatusColor, SuccessRate, TradeKind};
use crate::ids::{AgentId, SessionId};

/// The rows of one place, replace or exit across the targeted accounts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopySession {
    /// The agent's session id (a per-agent counter).
    pub id: SessionId,
    /// The agent.
    pub agent: AgentId,
    /// The kind of trade.
    pub kind: TradeKind,
    /// When the command was given.
    pub created_at: DateTime<Utc>,
    /// One row per targeted account.
    pub rows: Vec<CopyRow>,
    /// For a session made by a replace: the session whose orders it replaced.
    #[serde(default)]
    pub replaced_session: Option<SessionId>,
}

impl CopySession {
    /// The session's colour.
    #[must_use]
    pub fn color(&self) -> StatusColor {
        StatusColor::of(&self.rows)
    }

    /// The share of targeted accounts whose order the broker accepted (0 when none was targeted).
    #[must_use]
    pub fn success_rate(&self) -> SuccessRate {
        let accepted = self.rows.iter().filter(|r| r.accepted()).count();
        SuccessRate::calculate(accepted, self.rows.len()).unwrap_or(SuccessRate::ZERO)
    }

    /// Whether any row is still open.
    #[must_use]
    pub fn has_open_rows(&self) -> bool {
        self.rows.iter().any(CopyRow::is_open)
    }
}
