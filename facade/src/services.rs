//! The engine services a running server owns: the brokerage, the account registry and its scheduler.

use std::sync::Arc;

use actix::Actor as _;
use engine::account::{
    AccountDeps, AccountRegistry, BudgetName, CallBudget, PollScheduler, ReadShares,
};
use engine::broker::paper::{PaperBrokerage, PaperConfig};
use engine::broker::schwab::{SchwabBrokerage, SchwabConfig};
use engine::broker::{Brokerage, SubmitPolicy};
use engine::clock::{Clock, SystemClock};
use engine::copy::{
    EVENT_STORE_EVERY, LISTING_REACH_EVERY, RECONCILE_POLL_EVERY, SessionKeeper, SessionSupervisor,
};
use engine::pause::{Pause, TokioPause};
use store::Store;

use crate::settings::{BrokerKind, Settings};

/// The path of the paper brokerage's authorize page served by copydesk itself.
pub const PAPER_AUTHORIZE_PATH: &str = "/paper/authorize";
/// The path the paper authorize page redirects to with the code.
pub const PAPER_CALLBACK_PATH: &str = "/paper/callback";

/// Why the services could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The store failed.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// The brokerage could not be set up.
    #[error("the brokerage could not be set up: {0}")]
    Broker(String),
    /// The stored sessions could not be loaded.
    #[error(transparent)]
    Sessions(#[from] engine::copy::RepositoryError),
    /// A stored account could not be started.
    #[error("account {account} could not be started: {reason}")]
    Account {
        /// The account id.
        account: u64,
        /// Why.
        reason: String,
    },
}

/// The brokerage in use and, in paper mode, the paper market itself (for its authorize page).
#[derive(Clone)]
pub struct Brokers {
    /// The brokerage every account trades through.
    pub broker: Arc<dyn Brokerage>,
    /// The embedded paper market, when it is the brokerage.
    pub paper: Option<Arc<PaperBrokerage>>,
}

/// Builds the brokerage named by the settings on `clock`.
///
/// # Errors
/// [`StartError::Broker`] when the paper universe cannot load or Schwab settings are missing.
pub fn brokers(settings: &Settings, clock: Arc<dyn Clock>) -> Result<Brokers, StartError> {
    match settings.broker {
        BrokerKind::Paper => {
            let config = PaperConfig {
                authorize_path: PAPER_AUTHORIZE_PATH.to_owned(),
                ..PaperConfig::default()
            };
            let paper = Arc::new(
                PaperBrokerage::new(config, clock)
                    .map_err(|e| StartError::Broker(e.to_string()))?,
            );
            Ok(Brokers {
                broker: paper.clone(),
                paper: Some(paper),
            })
        }
        BrokerKind::Schwab => {
            let schwab = settings.schwab.as_ref().ok_or_else(|| {
                StartError::Broker(
                    "the Schwab brokerage needs --schwab-app-key, --schwab-app-secret and \
                     --schwab-callback-url"
                        .into(),
                )
            })?;
            let config =
                SchwabConfig::new(&schwab.app_key, &schwab.app_secret, &schwab.callback_url)
                    .and_then(|config| config.with_base_url(&schwab.base_url))
                    .map_err(|e| StartError::Broker(e.to_string()))?;
            let broker = SchwabBrokerage::with_clock(config, clock)
                .map_err(|e| StartError::Broker(e.to_string()))?;
            Ok(Brokers {
                broker: Arc::new(broker),
                paper: None,
            })
        }
    }
}

/// The engine side of a running server.
#[derive(Clone)]
pub struct Services {
    /// The brokerage (and paper market, in paper mode).
    pub brokers: Brokers,
    /// Every running account actor.
    pub registry: Arc<AccountRegistry>,
    /// Fans copy-trade commands out to the accounts and keeps the sessions.
    pub supervisor: Arc<SessionSupervisor>,
    /// The time source.
    pub clock: Arc<dyn Clock>,
}

impl Services {
    /// Builds the brokerage and the registry on the current actix arbiter, and starts an actor for
    /// every stored account. Must run inside an actix system.
    ///
    /// # Errors
    /// [`StartError`] when the brokerage or a stored account cannot start.
    pub fn start(store: &Store, settings: &Settings) -> Result<Self, StartError> {
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        Self::start_with(store, settings, clock, Arc::new(TokioPause))
    }

    /// As [`Services::start`], with an injected clock and pause (tests).
    ///
    /// # Errors
    /// [`StartError`] when the brokerage or a stored account cannot start.
    pub fn start_with(
        store: &Store,
        settings: &Settings,
        clock: Arc<dyn Clock>,
        pause: Arc<dyn Pause>,
    ) -> Result<Self, StartError> {
        let brokers = brokers(settings, clock.clone())?;
        Self::start_on(store, settings, brokers, clock, pause)
    }

    /// As [`Services::start_with`], on a brokerage built by the caller.
    ///
    /// # Errors
    /// [`StartError`] when a stored account cannot start.
    pub fn start_on(
        store: &Store,
        settings: &Settings,
        brokers: Brokers,
        clock: Arc<dyn Clock>,
        pause: Arc<dyn Pause>,
    ) -> Result<Self, StartError> {
        crate::metrics::install();
        let read_limit = match settings.read_limit_per_minute {
            Some(limit) => limit,
            None => store
                .settings()?
                .read_limit()?
                .unwrap_or(settings.broker.default_read_limit()),
        };
        let keeper = SessionKeeper::load(Arc::new(store.copy_sessions()?))?;
        let deps = AccountDeps {
            broker: brokers.broker.clone(),
            vault: Arc::new(store.account_vault()?),
            clock: clock.clone(),
            pause: pause.clone(),
            reads: Arc::new(
                CallBudget::new(read_limit, clock.clone())
                    .named(BudgetName::Reads)
                    .with_shares(ReadShares {
                        background_percent: store
                            .settings()?
                            .background_read_percent()?
                            .unwrap_or(engine::account::BACKGROUND_PERCENT),
                        ..ReadShares::default()
                    }),
            ),
            observer: keeper.clone(),
        };
        let registry = AccountRegistry::new(deps, actix::Arbiter::current());
        for account in store.trading_accounts()?.all()? {
            // Accounts of one brokerage login share its tokens and its one order stream.
            let login = engine::account::LoginKey {
                agent: account.agent,
                username: account.login_name().to_owned(),
            };
            registry
                .start_on_login(account.id, account.write_limit_per_minute, login)
                .map_err(|e| StartError::Account {
                    account: account.id.get(),
                    reason: e.to_string(),
                })?;
        }
        let policy = SubmitPolicy {
            pause,
            ..SubmitPolicy::default()
        };
        let supervisor = Arc::new(SessionSupervisor::new(
            registry.clone(),
            keeper,
            policy,
            clock.clone(),
        ));
        Ok(Self {
            brokers,
            registry,
            supervisor,
            clock,
        })
    }

    /// Starts the poll scheduler (polling and token upkeep on fixed ticks), every account's order
    /// stream, the embedded paper market's timer (in paper mode), the store of the sessions order events changed (every `EVENT_STORE_EVERY`), asks for
    /// polls of the accounts whose rows are pending or unsettled (a fan-out interrupted by a stop, or a
    /// write whose answer was lost) until their listings settle them, and every
    /// `LISTING_REACH_EVERY` makes each account's listings reach back to its oldest row not final.
    pub fn start_scheduler(&self) {
        PollScheduler::new(self.registry.clone()).start();
        self.registry.start_streams();
        if let Some(paper) = &self.brokers.paper {
            // The embedded market moves, and fills what rests, on its own timer while orders are
            // open and the accounts' order streams listen: a streamed account is polled only every
            // few minutes, and nothing else would call the market.
            let paper = paper.clone();
            let pause = self.registry.deps().pause.clone();
            actix::spawn(async move { paper.run_market(pause).await });
        }
        let keeper = self.supervisor.keeper().clone();
        every(EVENT_STORE_EVERY, move || {
            keeper.store_event_changes();
        });
        let supervisor = self.supervisor.clone();
        every(RECONCILE_POLL_EVERY, move || {
            let asked = supervisor.request_reconcile_polls();
            if asked > 0 {
                tracing::debug!(accounts = asked, "polls asked to settle pending rows");
            }
        });
        let supervisor = self.supervisor.clone();
        every(LISTING_REACH_EVERY, move || {
            let reaching = supervisor.update_listing_reach();
            if reaching > 0 {
                tracing::debug!(accounts = reaching, "listings reach back to rows not final");
            }
        });
    }
}

/// Runs `job` on the current arbiter at once and then every `period`, for as long as it runs.
fn every(period: std::time::Duration, job: impl Fn() + 'static) {
    actix::spawn(async move {
        let mut ticks = tokio::time::interval(period);
        loop {
            ticks.tick().await;
            job();
        }
    });
}
