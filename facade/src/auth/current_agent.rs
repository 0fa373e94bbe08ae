//! Reading the signed-in agent from the session.

use actix_session::Session;

use crate::ApiError;

/// The session key that holds the signed-in agent's id.
pub const AGENT_KEY: &str = "agent_id";

/// The signed-in agent's id, if any.
pub fn signed_in_agent(session: &Session) -> Option<u64> {
    session.get::<u64>(AGENT_KEY).ok().flatten()
}

/// The signed-in agent's id.
///
/// # Errors
/// [`ApiError::Unauthorized`] when nobody is signed in.
pub fn require_agent(session: &Session) -> Result<u64, ApiError> {
    signed_in_agent(session).ok_or_else(|| ApiError::Unauthorized("Please log in first".into()))
}
