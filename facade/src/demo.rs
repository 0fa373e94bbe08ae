//! Demo data for a fresh store: an agent to sign in with.

use store::Store;

use crate::auth::hash_password;

/// The demo agent's username.
pub const DEMO_USERNAME: &str = "demo";
/// The demo agent's password (documented in the README; demo only).
pub const DEMO_PASSWORD: &str = "demo-password";

/// Creates the demo agent when the store has no agent yet; returns whether anything was created.
///
/// # Errors
/// Returns a description of the failure when the store cannot be written.
pub fn seed_if_empty(store: &Store) -> Result<bool, String> {
    if !store.is_empty().map_err(|e| e.to_string())? {
        return Ok(false);
    }
    let hash = hash_password(DEMO_PASSWORD)?;
    let now = chrono::Utc::now().timestamp();
    store
        .agents()
        .map_err(|e| e.to_string())?
        .create(DEMO_USERNAME, &hash, now)
        .map_err(|e| e.to_string())?;
    Ok(true)
}
