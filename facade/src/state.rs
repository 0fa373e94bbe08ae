//! The state shared by every request handler.

use std::sync::Arc;

use store::{Store, WebSessions};

use crate::Settings;
use crate::auth::LoginLimiter;
use crate::command_replay::CommandKeyGate;
use crate::known_symbols::KnownSymbols;
use crate::position_shelves::PositionShelves;
use crate::read_cache::ReadCache;
use crate::services::{Services, StartError};

/// Handles to everything a handler may need; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// The persistent store.
    pub store: Store,
    /// The server-side web sessions.
    pub web_sessions: WebSessions,
    /// The server's settings.
    pub settings: Arc<Settings>,
    /// Login attempt limits per username and per client address.
    pub login_limiter: Arc<LoginLimiter>,
    /// The brokerage and the account actors.
    pub services: Services,
    /// Serialized polling answers per read-model version.
    pub read_cache: Arc<ReadCache>,
    /// The position tables as last seen, versioned per key.
    pub positions: Arc<PositionShelves>,
    /// The idempotency keys of copy commands claimed so far.
    pub command_keys: Arc<CommandKeyGate>,
    /// The stock symbols the brokerage quoted lately.
    pub known_stocks: Arc<KnownSymbols>,
}

impl AppState {
    /// Builds the state from an open store, the settings and started services.
    ///
    /// # Errors
    /// [`StartError`] when a tree of the store cannot be opened.
    pub fn new(store: Store, settings: Settings, services: Services) -> Result<Self, StartError> {
        let login_limiter = Arc::new(LoginLimiter::new(settings.login_attempts_per_minute));
        let web_sessions = store.web_sessions()?;
        let command_keys = Arc::new(CommandKeyGate::new(
            store.command_keys()?,
            services.clock.clone(),
        ));
        let known_stocks = Arc::new(KnownSymbols::new(services.clock.clone()));
        Ok(Self {
            store,
            web_sessions,
            settings: Arc::new(settings),
            login_limiter,
            services,
            read_cache: Arc::default(),
            positions: Arc::default(),
            command_keys,
            known_stocks,
        })
    }
}
