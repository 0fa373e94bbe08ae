//! copydesk in process, built as `copydesk serve` builds it: a store in a temporary directory, the
//! services on the paper brokerage, the app state and the real route table behind an `HttpServer` on
//! a loopback port.

use std::net::SocketAddr;
use std::sync::Arc;

use actix_web::dev::ServerHandle;
use actix_web::{App, HttpServer};
use engine::account::AccountType;
use engine::account::messages::Authorize;
use engine::broker::paper::PaperBrokerage;
use engine::clock::SystemClock;
use engine::ids::{AccountId, AgentId};
use engine::pause::TokioPause;
use facade::services::{PAPER_CALLBACK_PATH, Services};
use facade::settings::WRITE_LIMIT;
use facade::{AppState, Settings, routes};
use futures::future::join_all;
use store::{NewTradingAccount, Store};

use crate::RigError;

/// Accounts authorized at once while linking.
const LINK_BATCH: usize = 100;
/// The brokerage password of every linked paper account (the paper login accepts any).
const PAPER_PASSWORD: &str = "bench-broker-password";

/// A running copydesk server.
#[derive(Debug, Clone)]
pub struct Served {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Stops it.
    pub handle: ServerHandle,
}

impl Served {
    /// `http://HOST:PORT` followed by `path`.
    #[must_use]
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// copydesk's state over a fresh store on the paper brokerage.
pub struct InProcessCopydesk {
    state: AppState,
    paper: Arc<PaperBrokerage>,
    _dir: tempfile::TempDir,
}

impl std::fmt::Debug for InProcessCopydesk {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InProcessCopydesk").finish_non_exhaustive()
    }
}

impl InProcessCopydesk {
    /// Opens a store in a new temporary directory and starts the services on the paper brokerage,
    /// on the system clock. The poll scheduler is not started. Must run inside an actix system.
    ///
    /// # Errors
    /// [`RigError`] when the directory, the store or the services cannot be set up.
    pub fn start() -> Result<Self, RigError> {
        let dir =
            tempfile::tempdir().map_err(|e| RigError::io("creating the data directory", e))?;
        let settings = Settings::for_tests(dir.path().to_path_buf());
        let store = Store::open(dir.path(), None)?;
        let services = Services::start_with(
            &store,
            &settings,
            Arc::new(SystemClock),
            Arc::new(TokioPause),
        )?;
        let paper = services.brokers.paper.clone().ok_or_else(|| {
            facade::services::StartError::Broker("the paper brokerage is not in use".into())
        })?;
        let state = AppState::new(store, settings, services)?;
        Ok(Self {
            state,
            paper,
            _dir: dir,
        })
    }

    /// The state handed to the routes.
    #[must_use]
    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves the real route table on a free loopback port with the default number of workers, as
    /// `copydesk serve` does.
    ///
    /// # Errors
    /// [`RigError::Io`] when no port can be bound.
    pub fn serve(&self) -> Result<Served, RigError> {
        let state = self.state.clone();
        let server = HttpServer::new(move || {
            let state = state.clone();
            App::new().configure(move |cfg| routes::configure(cfg, &state))
        })
        .disable_signals()
        .bind(("127.0.0.1", 0))
        .map_err(|e| RigError::io("binding copydesk to a loopback port", e))?;
        let addr = server.addrs().first().copied().ok_or_else(|| {
            RigError::io(
                "binding copydesk to a loopback port",
                std::io::Error::other("no address was bound"),
            )
        })?;
        let running = server.run();
        let handle = running.handle();
        actix_web::rt::spawn(running);
        Ok(Served { addr, handle })
    }

    /// Creates an agent straight in the store; returns its id.
    ///
    /// # Errors
    /// [`RigError`] when the password cannot be hashed or the agent cannot be stored.
    pub fn create_agent(&self, username: &str, password: &str) -> Result<AgentId, RigError> {
        let hash = facade::auth::hash_password(password)
            .map_err(|e| RigError::io("hashing the agent password", std::io::Error::other(e)))?;
        let record =
            self.state
                .store
                .agents()?
                .create(username, &hash, chrono::Utc::now().timestamp())?;
        Ok(AgentId(record.id))
    }

    /// The id of the agent signed up as `username`.
    ///
    /// # Errors
    /// [`RigError`] when the store cannot be read or has no such agent.
    pub fn agent_id(&self, username: &str) -> Result<AgentId, RigError> {
        self.state
            .store
            .agents()?
            .find_by_username(username)?
            .map(|a| AgentId(a.id))
            .ok_or_else(|| {
                RigError::io(
                    "finding the agent",
                    std::io::Error::other(format!("no agent `{username}`")),
                )
            })
    }

    /// Adds `count` paper trading accounts to `agent` as `copydesk` does (stored, actor started),
    /// then authorizes each at the paper brokerage through its actor, `LINK_BATCH` at a time.
    ///
    /// # Errors
    /// [`RigError`] when an account cannot be stored, started or authorized.
    pub async fn link_paper_accounts(
        &self,
        agent: AgentId,
        count: usize,
        prefix: &str,
    ) -> Result<Vec<AccountId>, RigError> {
        let accounts = self.state.store.trading_accounts()?;
        let now = chrono::Utc::now().timestamp();
        let mut handles = Vec::with_capacity(count);
        for n in 1..=count {
            let name = format!("{prefix} {n}");
            let username = format!("{prefix}-{n}");
            let record = accounts.create(&NewTradingAccount {
                agent,
                name: &name,
                username: &username,
                password: PAPER_PASSWORD,
                account_type: AccountType::Small,
                write_limit_per_minute: WRITE_LIMIT,
                created_at: now,
            })?;
            let handle = self
                .state
                .services
                .registry
                .start(record.id, record.agent, record.write_limit_per_minute)
                .map_err(|e| RigError::account(record.id, e))?;
            handles.push((username, handle));
        }
        let redirect_uri = format!("http://127.0.0.1{PAPER_CALLBACK_PATH}");
        for batch in handles.chunks(LINK_BATCH) {
            let logins = batch.iter().map(|(username, handle)| {
                let redirect_uri = redirect_uri.clone();
                async move {
                    let id = handle.account.id();
                    let code = self.paper.authorize(username, PAPER_PASSWORD)?;
                    handle
                        .addr
                        .send(Authorize { code, redirect_uri })
                        .await?
                        .map_err(|e| RigError::account(id, e))?;
                    Ok::<AccountId, RigError>(id)
                }
            });
            join_all(logins)
                .await
                .into_iter()
                .collect::<Result<Vec<AccountId>, RigError>>()?;
        }
        Ok(handles.iter().map(|(_, h)| h.account.id()).collect())
    }
}
