//! What every row of a session's orders table repeats, worked out once per session: the colour and
//! the success rate each read all of the session's rows, so per row they made a table quadratic.

use engine::copy::{CopySession, StatusColor};
use engine::ids::SessionId;

/// The session-wide fields of an orders table's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SessionSummary {
    /// The session's id.
    pub id: u64,
    /// The share of its accounts whose order the broker accepted, in percent.
    pub success_rate: u8,
    /// Its colour.
    pub color: StatusColor,
    /// The session whose orders it replaced.
    pub replaced_session_id: Option<u64>,
}

impl SessionSummary {
    /// The summary of `session` as it stands.
    pub(crate) fn of(session: &CopySession) -> Self {
        Self {
            id: session.id.get(),
            success_rate: session.success_rate().percent(),
            color: session.color(),
            replaced_session_id: session.replaced_session.map(SessionId::get),
        }
    }
}
