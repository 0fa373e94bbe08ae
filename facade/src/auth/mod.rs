//! Agent authentication: password hashing, server-side sessions, login rate limits, the signed-in agent.

mod current_agent;
mod hashing_threads;
mod login_limiter;
mod password;
mod session_store;

pub use current_agent::{AGENT_KEY, require_agent, signed_in_agent};
pub use hashing_threads::{HASHING_THREADS, HashingUnavailable, on_hashing_thread};
pub use login_limiter::LoginLimiter;
pub use password::{hash_password, verify_password};
pub use session_store::{SESSION_COOKIE, SledSessionStore, session_middleware};
