//! The fan-out rig: many accounts authorized at a market, and a session supervisor that places one
//! order on all of them at once. The market is schwab-fake in process, reached by the Schwab client
//! over loopback HTTP, or the paper brokerage called directly (no HTTP), which shows the engine's own
//! share of the cost.
//!
//! Everything runs inside an actix system (the account actors live on its arbiter). The fake answers
//! on its own worker threads; the supervisor's writes run on the calling thread, as they do in a
//! copydesk request handler.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use engine::account::{AccountDeps, AccountRegistry, CallBudget, IgnoreOrders};
use engine::account::{AccountType, TierMultipliers};
use engine::broker::paper::{FaultConfig, PaperBrokerage, PaperConfig};
use engine::broker::schwab::{SchwabBrokerage, SchwabConfig};
use engine::broker::{Brokerage, SubmitOutcome, SubmitPolicy};
use engine::clock::{Clock, SystemClock};
use engine::copy::{
    AccountFacts, AccountLimitFacts, AccountLimits, AccountWork, Action, AgentFacts, CopyCommand,
    CopyRow, CopySession, Executed, LimitFacts, OpenOrders, Plan, SessionKeeper, SessionSupervisor,
    SessionUse, Targets, TradeKind, Work, orders_since, plan, trading_day_start,
};
use engine::ids::{AccountId, AgentId, BrokerOrderId};
use engine::order::{OrderRequest, PutCall};
use engine::pause::TokioPause;
use fixtures::fake::{FakeConfig, Lateness};
use futures::future::join_all;
use store::Store;

use crate::RigError;
use crate::accepted_span::AcceptedSpan;
use crate::every_limit::{NET_LIQUIDATION, NoPositions};
use crate::fake_thread::{FAKE_THREAD, FakeThread};
use crate::option_pick::resting_limit_buy;
use crate::proc_stats::{CpuSplit, thread_cpu};

/// The redirect URI the rig's logins are issued for.
pub const CALLBACK_URL: &str = "https://127.0.0.1:8182/callback";
/// The underlying whose option the rig orders.
pub const UNDERLYING: &str = "AAPL";
/// Accounts authorized at once during setup.
const AUTHORIZE_BATCH: usize = 100;
/// The app-wide read budget of the rig: setup reads (one per authorization) must never wait.
const SETUP_READS_PER_MINUTE: u32 = 1_000_000;

/// Where the rig's orders go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// schwab-fake in process, through the Schwab client over loopback HTTP.
    SchwabFake,
    /// The paper brokerage in process, called directly.
    PaperInProcess,
}

/// The market behind the rig.
enum Market {
    Fake(FakeThread),
    Paper(Arc<PaperBrokerage>),
}

impl Market {
    fn paper(&self) -> &Arc<PaperBrokerage> {
        match self {
            Self::Fake(fake) => fake.paper(),
            Self::Paper(paper) => paper,
        }
    }
}

/// How a fan-out rig is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FanOutSettings {
    /// Where the orders go.
    pub transport: Transport,
    /// Linked accounts to authorize.
    pub accounts: usize,
    /// HTTP worker threads of schwab-fake.
    pub fake_workers: usize,
    /// Each account's own order-write budget per minute.
    pub write_limit_per_minute: u32,
}

impl Default for FanOutSettings {
    fn default() -> Self {
        Self {
            transport: Transport::SchwabFake,
            accounts: 1_000,
            fake_workers: 2,
            write_limit_per_minute: 120,
        }
    }
}

/// How schwab-fake's threads are named (its HTTP workers run arbiters of their own, its acceptor is
/// `actix-server acceptor`, its market and Streamer tasks run on [`FAKE_THREAD`]), so the rig's own
/// CPU time can be told from the fake's: the rig itself runs on the main thread, with its account
/// actors on the main thread's arbiter.
pub const FAKE_THREADS: [&str; 3] = ["actix-rt|system", "actix-server", FAKE_THREAD];

/// What one fan-out came to.
#[derive(Debug, Clone)]
pub struct FanOutRun {
    /// Wall time of `SessionSupervisor::place`, from the call to the recorded session.
    pub wall: Duration,
    /// The session it recorded.
    pub session: CopySession,
    /// CPU time used during it by the market's server threads (`named`) and by everything else:
    /// copydesk's engine, the account actors and the HTTP client (`others`).
    pub cpu: CpuSplit,
    /// When it started and ended, on the wall clock.
    pub window: (chrono::DateTime<Utc>, chrono::DateTime<Utc>),
    /// How late schwab-fake's network was past its delays during it (its own wait for a worker);
    /// `None` for the paper brokerage in process.
    pub market_lateness: Option<Lateness>,
}

impl FanOutRun {
    /// Rows whose order the broker accepted.
    #[must_use]
    pub fn accepted(&self) -> usize {
        self.session.rows.iter().filter(|r| r.accepted()).count()
    }

    /// Each row that was not accepted, with its status and reason.
    #[must_use]
    pub fn failures(&self) -> Vec<String> {
        self.session
            .rows
            .iter()
            .filter(|r| !r.accepted())
            .map(|r| {
                format!(
                    "account {}: {} {}",
                    r.account,
                    r.status_word(),
                    r.status_description.as_deref().unwrap_or("")
                )
            })
            .collect()
    }
}

/// A market plus authorized accounts and a supervisor over them.
pub struct FanOutRig {
    market: Market,
    registry: Arc<AccountRegistry>,
    supervisor: Arc<SessionSupervisor>,
    clock: Arc<dyn Clock>,
    agent: AgentId,
    accounts: Vec<AccountId>,
    request: OrderRequest,
    setup: Duration,
}

impl std::fmt::Debug for FanOutRig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FanOutRig")
            .field("market", &self.describe_market())
            .field("accounts", &self.accounts.len())
            .finish_non_exhaustive()
    }
}

fn supervisor(
    registry: &Arc<AccountRegistry>,
    clock: &Arc<dyn Clock>,
) -> Result<Arc<SessionSupervisor>, RigError> {
    let store = Store::temporary()?;
    let keeper = SessionKeeper::load(Arc::new(store.copy_sessions()?))?;
    Ok(Arc::new(SessionSupervisor::new(
        registry.clone(),
        keeper,
        SubmitPolicy::default(),
        clock.clone(),
    )))
}

impl FanOutRig {
    /// Starts the market (no injected latency; schwab-fake with its throttles lifted), then starts
    /// and authorizes `settings.accounts` accounts at it and picks the order to place. Must run
    /// inside an actix system.
    ///
    /// # Errors
    /// [`RigError::NoAccounts`] for zero accounts; otherwise [`RigError`] when the market, the store
    /// or an account's authorization fails, or the option chain offers no usable contract.
    pub async fn start(settings: FanOutSettings) -> Result<Self, RigError> {
        if settings.accounts == 0 {
            return Err(RigError::NoAccounts);
        }
        let started = Instant::now();
        let clock: Arc<dyn Clock> = Arc::new(SystemClock);
        let (market, broker): (Market, Arc<dyn Brokerage>) = match settings.transport {
            Transport::SchwabFake => {
                let fake_config = FakeConfig {
                    workers: settings.fake_workers.max(1),
                    order_writes_per_minute: None,
                    reads_per_minute: None,
                    ..FakeConfig::default()
                };
                let schwab = SchwabConfig::new(
                    fake_config.app_key.clone(),
                    fake_config.app_secret.clone(),
                    CALLBACK_URL,
                )?;
                let fake = FakeThread::start(fake_config)?;
                fake.set_limits(None, None);
                let broker = SchwabBrokerage::with_clock(
                    schwab.with_base_url(&fake.base_url())?,
                    clock.clone(),
                )?;
                (Market::Fake(fake), Arc::new(broker))
            }
            Transport::PaperInProcess => {
                let paper = Arc::new(PaperBrokerage::new(PaperConfig::default(), clock.clone())?);
                (Market::Paper(paper.clone()), paper)
            }
        };
        let store = Store::temporary()?;
        let deps = AccountDeps {
            broker,
            vault: Arc::new(store.account_vault()?),
            clock: clock.clone(),
            pause: Arc::new(TokioPause),
            reads: Arc::new(CallBudget::new(SETUP_READS_PER_MINUTE, clock.clone())),
            // No poll scheduler runs in the rig, so no poll ever reports orders.
            observer: Arc::new(IgnoreOrders),
        };
        let registry = AccountRegistry::new(deps, actix::Arbiter::current());
        let agent = AgentId(1);
        let ids: Vec<AccountId> = (1..=settings.accounts as u64).map(AccountId).collect();
        for batch in ids.chunks(AUTHORIZE_BATCH) {
            let logins = batch.iter().map(|&id| {
                let registry = registry.clone();
                let paper = market.paper().clone();
                async move {
                    let handle = registry
                        .start(id, agent, settings.write_limit_per_minute)
                        .map_err(|e| RigError::account(id, e))?;
                    let code = paper.authorize(&format!("fan-out-{id}"), "bench-password")?;
                    handle
                        .account
                        .authorize(&code, CALLBACK_URL)
                        .await
                        .map_err(|e| RigError::account(id, e))
                }
            });
            join_all(logins)
                .await
                .into_iter()
                .collect::<Result<Vec<()>, RigError>>()?;
        }
        let first = ids
            .first()
            .and_then(|id| registry.get(*id))
            .ok_or(RigError::NoAccounts)?;
        let chain = first
            .account
            .option_chain(UNDERLYING, PutCall::Call)
            .await
            .map_err(|e| RigError::account(first.account.id(), e))?;
        let request =
            resting_limit_buy(&chain, 1).ok_or(RigError::NoContract(UNDERLYING.to_owned()))?;
        let supervisor = supervisor(&registry, &clock)?;
        Ok(Self {
            market,
            registry,
            supervisor,
            clock,
            agent,
            accounts: ids,
            request,
            setup: started.elapsed(),
        })
    }

    /// How long `start` took.
    #[must_use]
    pub fn setup_time(&self) -> Duration {
        self.setup
    }

    /// The authorized accounts.
    #[must_use]
    pub fn accounts(&self) -> &[AccountId] {
        &self.accounts
    }

    /// The order every account is sent.
    #[must_use]
    pub fn request(&self) -> &OrderRequest {
        &self.request
    }

    /// Where the orders go: schwab-fake's address, or the paper brokerage in process.
    #[must_use]
    pub fn describe_market(&self) -> String {
        match &self.market {
            Market::Fake(fake) => format!("schwab-fake at {}", fake.base_url()),
            Market::Paper(_) => "the paper brokerage in process".to_owned(),
        }
    }

    /// Polls every account once, all at once, as copydesk's poll scheduler does between fan-outs;
    /// returns how many polls failed.
    pub async fn poll_all(&self) -> usize {
        let handles = self.registry.handles();
        let polls = handles.iter().map(|h| h.account.poll_prepaid());
        join_all(polls).await.iter().filter(|r| r.is_err()).count()
    }

    /// Sets the round trip the market adds to every call: schwab-fake spends half of it before it reads
    /// the request and half before the answer leaves; the paper brokerage in process waits all of it
    /// before it carries the call out.
    pub fn set_latency(&self, latency: Duration) {
        match &self.market {
            Market::Fake(fake) => fake.update_faults(|faults| faults.latency = latency),
            Market::Paper(paper) => paper.set_faults(FaultConfig {
                latency,
                ..paper.faults()
            }),
        }
    }

    /// Sets every account's order-write budget per minute.
    pub fn set_write_limit(&self, per_minute: u32) {
        for handle in self.registry.handles() {
            handle.account.set_write_limit(per_minute);
        }
    }

    /// Replaces the session book with an empty one (so every measured place starts alike).
    ///
    /// # Errors
    /// [`RigError`] when the new book's store cannot be opened.
    pub fn fresh_book(&mut self) -> Result<(), RigError> {
        self.supervisor = supervisor(&self.registry, &self.clock)?;
        Ok(())
    }

    /// Adds `sessions` sessions of one accepted row per account to the session book, each row
    /// claiming a distinct order id, as a day of earlier copy trades would have left it.
    pub fn fill_book(&mut self, sessions: usize) {
        let book_keeper = self.supervisor.keeper().clone();
        let book = book_keeper.book();
        let now = Utc::now();
        for _ in 0..sessions {
            let Ok(id) = book_keeper.next_session_id(self.agent) else {
                continue;
            };
            let rows = self
                .accounts
                .iter()
                .enumerate()
                .map(|(n, &account)| {
                    let order = BrokerOrderId(
                        i64::try_from(id.get() * 1_000_000 + n as u64).unwrap_or(i64::MAX),
                    );
                    CopyRow::from_outcome(
                        account,
                        self.request.clone(),
                        &SubmitOutcome::Placed(order),
                        now,
                    )
                })
                .collect();
            book.put(CopySession {
                id,
                agent: self.agent,
                kind: TradeKind::Common,
                created_at: now,
                rows,
                replaced_session: None,
            });
        }
    }

    /// Order ids claimed by rows of the session book: those of the first account times the number of
    /// accounts (every session of the rig has one row per account).
    #[must_use]
    pub fn claimed_orders(&self) -> usize {
        self.accounts
            .first()
            .map_or(0, |a| self.supervisor.keeper().book().claimed_ids(*a).len())
            * self.accounts.len()
    }

    /// Places the rig's order on the first `accounts` accounts through
    /// [`SessionSupervisor::execute`] (journal, fan-out, outcomes), timing the call.
    ///
    /// # Errors
    /// [`RigError::Execute`] when the fan-out could not be written down.
    pub async fn place(&mut self, accounts: usize) -> Result<FanOutRun, RigError> {
        let plan = Plan {
            agent: self.agent,
            kind: TradeKind::Common,
            session: SessionUse::New { replaced: None },
            works: self
                .accounts
                .iter()
                .take(accounts)
                .map(|&account| AccountWork {
                    account,
                    work: Work::Place(self.request.clone()),
                })
                .collect(),
            limited: Vec::new(),
        };
        self.timed(move |_| Ok(plan)).await
    }

    /// Places the rig's order on the first `accounts` accounts as copydesk's API plans a place when
    /// each account has a sizing profile and guards (`limits`, taken in turn): the timing also covers
    /// reading today's orders and the open orders from the session book, gathering the accounts'
    /// limit facts, and `engine::copy::plan` with them, then the fan-out as [`FanOutRig::place`].
    ///
    /// # Errors
    /// [`RigError::Execute`] when the plan is refused or the fan-out could not be written down.
    pub async fn place_planned(
        &mut self,
        accounts: usize,
        limits: &[AccountLimits],
    ) -> Result<FanOutRun, RigError> {
        self.timed(|rig| rig.plan_limited(accounts, limits)).await
    }

    /// How long planning alone takes, `runs` times: what [`FanOutRig::place_planned`] does before it
    /// sends (reading the book, gathering the limit facts, `plan`), with nothing sent.
    ///
    /// # Errors
    /// [`RigError::Execute`] when the plan is refused.
    pub fn time_planning(
        &self,
        accounts: usize,
        limits: &[AccountLimits],
        runs: usize,
    ) -> Result<Vec<Duration>, RigError> {
        (0..runs)
            .map(|_| {
                let started = Instant::now();
                let plan = self.plan_limited(accounts, limits)?;
                let took = started.elapsed();
                drop(plan);
                Ok(took)
            })
            .collect()
    }

    /// The plan of a place on all of the first `accounts` accounts, each with `limits` in turn.
    fn plan_limited(&self, accounts: usize, limits: &[AccountLimits]) -> Result<Plan, RigError> {
        let book = self.supervisor.keeper().book();
        let today = orders_since(book, self.agent, trading_day_start(self.clock.now()));
        let mut facts = LimitFacts::with_capacity(accounts);
        facts.set_open_orders(OpenOrders::of(book, self.agent, |_| true));
        let ids = &self.accounts[..accounts.min(self.accounts.len())];
        for (id, limits) in ids.iter().zip(limits.iter().cycle()) {
            facts.insert(
                *id,
                AccountLimitFacts {
                    limits: limits.clone(),
                    net_liquidation: Some(NET_LIQUIDATION),
                    orders_today: today.get(id).copied().unwrap_or(0),
                },
            );
        }
        let targets: Vec<AccountFacts> = ids
            .iter()
            .map(|&id| AccountFacts {
                id,
                tier: AccountType::Small,
                trading_active: true,
                usable: true,
            })
            .collect();
        let command = CopyCommand {
            agent: self.agent,
            kind: TradeKind::Common,
            action: Action::Place {
                targets: Targets::Active,
                order: self.request.clone(),
            },
        };
        let agent = AgentFacts {
            accounts: &targets,
            tiers: TierMultipliers::default(),
            holdings: &NoPositions,
            book,
            limits: &facts,
        };
        plan(&command, &agent).map_err(|e| RigError::Execute(e.to_string()))
    }

    /// Times `make` (which makes the plan) and the fan-out of its plan.
    async fn timed(
        &mut self,
        make: impl FnOnce(&Self) -> Result<Plan, RigError>,
    ) -> Result<FanOutRun, RigError> {
        let cpu_before = thread_cpu(&FAKE_THREADS)?;
        // Counted afresh for this run: what the market's network tallied before belongs to others.
        let _ = self.take_market_lateness();
        let from = Utc::now();
        let started = Instant::now();
        let plan = make(self)?;
        let Executed::Session(session) = self.supervisor.execute(plan).await? else {
            return Err(RigError::Execute("a place did not make a session".into()));
        };
        let wall = started.elapsed();
        let to = Utc::now();
        Ok(FanOutRun {
            wall,
            session,
            cpu: thread_cpu(&FAKE_THREADS)?.since(cpu_before),
            window: (from, to),
            market_lateness: self.take_market_lateness(),
        })
    }

    /// schwab-fake's lateness tallies since they were last taken (`None` for the paper brokerage).
    fn take_market_lateness(&self) -> Option<Lateness> {
        match &self.market {
            Market::Fake(fake) => Some(fake.take_lateness()),
            Market::Paper(_) => None,
        }
    }

    /// When the market accepted the first and the last of one run's orders, each counted from the
    /// start of the call (`None` when it accepted none).
    #[must_use]
    pub fn accepted_span(&self, run: &FanOutRun) -> Option<AcceptedSpan> {
        let times = self.market.paper().entry_times(run.window.0, run.window.1);
        AcceptedSpan::of(&times, run.window.0)
    }

    /// Cancels every order a fan-out placed (so resting orders do not pile up in the market);
    /// returns how many cancels failed.
    pub async fn cancel(&self, run: &FanOutRun) -> usize {
        let plan = Plan {
            agent: self.agent,
            kind: TradeKind::Common,
            session: SessionUse::Keep(run.session.id),
            works: run
                .session
                .rows
                .iter()
                .filter_map(|r| {
                    r.order_id.map(|id| AccountWork {
                        account: r.account,
                        work: Work::Cancel(id),
                    })
                })
                .collect(),
            limited: Vec::new(),
        };
        match self.supervisor.execute(plan).await {
            Ok(Executed::Cancels { results, .. }) => {
                results.iter().filter(|c| c.result.is_err()).count()
            }
            _ => run.session.rows.len(),
        }
    }
}
