//! actix-session's storage backend on the sled store, so that logout really ends a session.

use std::collections::HashMap;

use actix_session::SessionMiddleware;
use actix_session::config::{PersistentSession, TtlExtensionPolicy};
use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::{Key, SameSite, time::Duration};
use rand::distributions::{Alphanumeric, DistString};
use store::{WebSessionRecord, WebSessions};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "copydesk_session";
const SESSION_KEY_LEN: usize = 64;

/// Stores session state server-side in sled, keyed by a hash of the cookie's random key.
#[derive(Clone)]
pub struct SledSessionStore {
    sessions: WebSessions,
}

impl SledSessionStore {
    /// A session store over the given sessions tree.
    pub fn new(sessions: WebSessions) -> Self {
        Self { sessions }
    }
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

fn expiry(ttl: &Duration) -> i64 {
    now().saturating_add(ttl.whole_seconds())
}

fn new_key() -> Result<SessionKey, anyhow::Error> {
    let text = Alphanumeric.sample_string(&mut rand::rngs::OsRng, SESSION_KEY_LEN);
    SessionKey::try_from(text).map_err(|err| anyhow::anyhow!("invalid session key: {err}"))
}

impl SessionStore for SledSessionStore {
    async fn load(
        &self,
        session_key: &SessionKey,
    ) -> Result<Option<HashMap<String, String>>, LoadError> {
        self.sessions
            .load(session_key.as_ref(), now())
            .map(|found| found.map(|record| record.state))
            .map_err(|err| LoadError::Other(err.into()))
    }

    async fn save(
        &self,
        session_state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, SaveError> {
        let record = WebSessionRecord {
            state: session_state,
            expires_at: expiry(ttl),
        };
        loop {
            let key = new_key().map_err(SaveError::Other)?;
            let inserted = self
                .sessions
                .insert_new(key.as_ref(), &record)
                .map_err(|err| SaveError::Other(err.into()))?;
            if inserted {
                return Ok(key);
            }
        }
    }

    async fn update(
        &self,
        session_key: SessionKey,
        session_state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let live = self
            .sessions
            .load(session_key.as_ref(), now())
            .map_err(|err| UpdateError::Other(err.into()))?;
        if live.is_none() {
            // A session that ended (logout or expiry) is never revived by a late request.
            return self
                .save(session_state, ttl)
                .await
                .map_err(|err| match err {
                    SaveError::Serialization(e) => UpdateError::Serialization(e),
                    SaveError::Other(e) => UpdateError::Other(e),
                });
        }
        let record = WebSessionRecord {
            state: session_state,
            expires_at: expiry(ttl),
        };
        self.sessions
            .put(session_key.as_ref(), &record)
            .map_err(|err| UpdateError::Other(err.into()))?;
        Ok(session_key)
    }

    async fn update_ttl(
        &self,
        session_key: &SessionKey,
        ttl: &Duration,
    ) -> Result<(), anyhow::Error> {
        if let Some(mut record) = self.sessions.load(session_key.as_ref(), now())? {
            record.expires_at = expiry(ttl);
            self.sessions.put(session_key.as_ref(), &record)?;
        }
        Ok(())
    }

    async fn delete(&self, session_key: &SessionKey) -> Result<(), anyhow::Error> {
        self.sessions.delete(session_key.as_ref())?;
        Ok(())
    }
}

/// The session middleware: HttpOnly, SameSite=Strict cookie (Secure when asked), server-side state,
/// idle expiry renewed on every request.
pub fn session_middleware(
    sessions: WebSessions,
    signing_material: &[u8; 32],
    secure: bool,
    idle: std::time::Duration,
) -> SessionMiddleware<SledSessionStore> {
    let idle = Duration::seconds(i64::try_from(idle.as_secs()).unwrap_or(i64::MAX));
    SessionMiddleware::builder(
        SledSessionStore::new(sessions),
        Key::derive_from(signing_material),
    )
    .cookie_name(SESSION_COOKIE.to_owned())
    .cookie_http_only(true)
    .cookie_same_site(SameSite::Strict)
    .cookie_secure(secure)
    .cookie_path("/".to_owned())
    .session_lifecycle(
        PersistentSession::default()
            .session_ttl(idle)
            .session_ttl_extension_policy(TtlExtensionPolicy::OnEveryRequest),
    )
    .build()
}
