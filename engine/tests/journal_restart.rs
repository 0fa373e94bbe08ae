//! A fan-out that dies under its process: the supervisor writes the session down (its intent), the
//! brokerage hangs mid fan-out, the process is dropped and rebuilt from what the store made durable (the
//! intent, the outcome records committed, or the session stored whole at the end), and the restart
//! settles each row from its outcome record or else from the account's order listing, leaving every
//! account with exactly one order or a failed row, never a second order. Rows left unsettled by a lost
//! answer are settled by later polls.

mod support;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, ensure};
use chrono::{DateTime, Utc};
use engine::account::messages::Authorize;
use engine::account::{
    AccountDeps, AccountHandle, AccountRegistry, AccountType, CallBudget, TierMultipliers,
    TokenVault,
};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{AccountHash, Brokerage, SubmitPolicy};
use engine::clock::{Clock, ManualClock};
use engine::copy::reconcile::{LISTING_GRACE, NOT_PLACED, NOT_SENT};
use engine::copy::{
    AccountFacts, Action, AgentFacts, CopyCommand, CopyRow, CopySession, Executed,
    OUTCOMES_PER_COMMIT, RECONCILE_URGENT_FOR, RowOutcome, RowState, SessionBook, SessionKeeper,
    SessionRepository, SessionSupervisor, Targets, TradeKind, WriteOutcome, plan,
};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{BrokerOrder, Instruction, OrderLeg, OrderRequest, OrderStatus};
use engine::pause::ManualPause;
use proptest::prelude::*;
use rust_decimal::Decimal;
use support::hanging::{Fate, Hanging};
use support::journal_store::{Counts, JournalStore};
use support::memory_vault::MemoryVault;
use support::scripted::{Glitch, Scripted};

const AGENT: AgentId = AgentId(1);
const REDIRECT: &str = "http://127.0.0.1/cb";
/// How long a process waits for its writes to reach the brokerage before the test gives up on it.
const WRITES_LIMIT: Duration = Duration::from_secs(20);

/// What outlives a process: the market, the token vault, the sessions' store and the clock.
#[derive(Clone)]
struct World {
    clock: ManualClock,
    paper: Arc<PaperBrokerage>,
    hanging: Arc<Hanging>,
    vault: Arc<MemoryVault>,
    store: Arc<JournalStore>,
}

impl World {
    fn new(flush_on_write: Vec<bool>) -> Result<Self> {
        let clock = ManualClock::new(support::monday()?);
        let paper = Arc::new(PaperBrokerage::new(
            support::frozen(),
            Arc::new(clock.clone()),
        )?);
        Ok(Self {
            hanging: Arc::new(Hanging::new(paper.clone())),
            clock,
            paper,
            vault: Arc::new(MemoryVault::default()),
            store: Arc::new(JournalStore::new(flush_on_write)),
        })
    }

    fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// The market's orders of one account.
    async fn orders(&self, account: AccountId, hash: &AccountHash) -> Result<Vec<BrokerOrder>> {
        let token = self.vault.load_tokens(account)?.context("tokens")?.access;
        let from = support::monday()? - chrono::Duration::days(1);
        let to = self.now() + chrono::Duration::days(1);
        Ok(self.paper.list_orders(&token, hash, from, to).await?)
    }
}

/// One running copydesk: account actors, the session keeper and the supervisor.
struct Process {
    registry: Arc<AccountRegistry>,
    keeper: Arc<SessionKeeper>,
    supervisor: Arc<SessionSupervisor>,
}

impl Process {
    /// Starts on the current actix system, its sessions loaded from `store`, committing outcome
    /// records every `commit_every`.
    fn start(
        clock: &ManualClock,
        broker: Arc<dyn Brokerage>,
        vault: Arc<MemoryVault>,
        store: Arc<dyn SessionRepository>,
        commit_every: usize,
    ) -> Result<Self> {
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let keeper = SessionKeeper::load_committing_every(store, commit_every)?;
        let pause = ManualPause::new(clock.clone());
        let deps = AccountDeps {
            broker,
            vault,
            clock: shared.clone(),
            pause: pause.clone(),
            reads: Arc::new(CallBudget::new(100_000, shared.clone())),
            observer: keeper.clone(),
        };
        let registry = AccountRegistry::new(deps, actix::Arbiter::current());
        let policy = SubmitPolicy {
            pause,
            jitter_seed: Some(7),
            // Short retries keep a lost answer's settling well inside the listing grace.
            min_delay: Duration::from_millis(100),
            ..SubmitPolicy::default()
        };
        let supervisor = Arc::new(SessionSupervisor::new(
            registry.clone(),
            keeper.clone(),
            policy,
            shared,
        ));
        Ok(Self {
            registry,
            keeper,
            supervisor,
        })
    }

    /// Starts account `id` (its tokens and link come from the vault).
    fn account(&self, id: AccountId) -> Result<AccountHandle> {
        Ok(self.registry.start(id, AGENT, 120)?)
    }

    /// Starts account `id` and logs it in at the paper market as `username`.
    async fn authorized(
        &self,
        paper: &PaperBrokerage,
        id: AccountId,
        username: &str,
    ) -> Result<AccountHash> {
        let handle = self.account(id)?;
        let code = paper.authorize(username, "pw")?;
        handle
            .addr
            .send(Authorize {
                code,
                redirect_uri: REDIRECT.into(),
            })
            .await??;
        Ok(handle.account.link().context("linked")?.hash)
    }

    /// Polls every running account once (reads are plentiful, so each poll happens now).
    async fn poll_all(&self) {
        for handle in self.registry.handles() {
            handle.account.poll_now().await;
        }
    }
}

/// A place of `quantity` shares at a limit far below the market (it stays open), to the accounts
/// named with their tiers.
fn place(
    targets: &[(AccountId, AccountType)],
    quantity: u32,
    listed: bool,
) -> Result<engine::copy::Plan> {
    let accounts: Vec<AccountFacts> = targets
        .iter()
        .map(|(id, tier)| AccountFacts {
            id: *id,
            tier: *tier,
            trading_active: true,
            usable: true,
        })
        .collect();
    let holdings = std::collections::HashMap::new();
    let book = SessionBook::new();
    let command = CopyCommand {
        agent: AGENT,
        kind: TradeKind::Common,
        action: Action::Place {
            targets: if listed {
                Targets::Listed(targets.iter().map(|(id, _)| *id).collect())
            } else {
                Targets::Active
            },
            order: OrderRequest::limit(
                OrderLeg::equity(Instruction::Buy, quantity, "AAPL"),
                Decimal::ONE,
            ),
        },
    };
    let facts = AgentFacts {
        accounts: &accounts,
        tiers: TierMultipliers::default(),
        holdings: &holdings,
        book: &book,
        limits: &engine::copy::LimitFacts::none(),
    };
    Ok(plan(&command, &facts)?)
}

fn tier(n: u8) -> AccountType {
    [AccountType::Small, AccountType::Medium, AccountType::Big][usize::from(n % 3)]
}

/// One interruption: the accounts (tier, fate), the quantity, which writes the store makes durable
/// on its own, how many outcome records make a commit, whether the dying process lived until every
/// answer's outcome record was appended, and whether it polled its accounts (after moving the clock)
/// before it died.
#[derive(Debug, Clone)]
struct Case {
    accounts: Vec<(u8, Fate)>,
    quantity: u32,
    flush_on_write: Vec<bool>,
    commit_every: usize,
    await_outcomes: bool,
    poll_before_kill: Option<i64>,
}

impl Case {
    fn answering(&self) -> usize {
        self.accounts
            .iter()
            .filter(|(_, fate)| *fate == Fate::Answer)
            .count()
    }
}

/// One targeted account.
#[derive(Debug, Clone)]
struct Target {
    id: AccountId,
    hash: AccountHash,
    tier: AccountType,
    fate: Fate,
}

/// The first process: sends the place, waits until every write started and every write that answers
/// has answered, then dies with its writes still hanging (its actix system and every task dropped).
fn run_and_kill(world: &World, case: &Case) -> Result<Vec<Target>> {
    let (world, case) = (world.clone(), case.clone());
    std::thread::spawn(move || actix_rt::System::new().block_on(first_process(world, case)))
        .join()
        .map_err(|_| anyhow!("the first process panicked"))?
}

async fn first_process(world: World, case: Case) -> Result<Vec<Target>> {
    let process = Process::start(
        &world.clock,
        world.hanging.clone(),
        world.vault.clone(),
        world.store.clone(),
        case.commit_every,
    )?;
    let mut targets = Vec::new();
    for (i, (t, fate)) in case.accounts.iter().enumerate() {
        let id = AccountId(u64::try_from(i)? + 1);
        let hash = process
            .authorized(&world.paper, id, &format!("trader{i}"))
            .await?;
        world.hanging.set_fate(&hash, *fate);
        targets.push(Target {
            id,
            hash,
            tier: tier(*t),
            fate: *fate,
        });
    }
    let planned = place(
        &targets.iter().map(|t| (t.id, t.tier)).collect::<Vec<_>>(),
        case.quantity,
        false,
    )?;
    let all = targets.len();
    let answering = targets.iter().filter(|t| t.fate == Fate::Answer).count();
    let mut progress = world.hanging.progress();
    let supervisor = process.supervisor.clone();
    let fan_out = actix::spawn(async move { supervisor.execute(planned).await });
    tokio::time::timeout(
        WRITES_LIMIT,
        progress.wait_for(|p| p.started == all && p.finished == answering),
    )
    .await
    .context("the writes never all reached the brokerage")??;
    if case.await_outcomes {
        tokio::time::timeout(
            WRITES_LIMIT,
            world
                .store
                .appends_seen()
                .wait_for(|appended| *appended == answering),
        )
        .await
        .context("the answers' outcome records were never all appended")??;
    }
    if let Some(seconds) = case.poll_before_kill {
        // Polls while writes hang must not settle their rows from listings taken before the answer.
        world.clock.advance(chrono::Duration::seconds(seconds));
        process.poll_all().await;
    }
    if answering == all {
        let Executed::Session(session) = fan_out.await?? else {
            anyhow::bail!("a place makes a session");
        };
        ensure!(
            session.rows.iter().all(|r| !r.is_unresolved()),
            "{session:?}"
        );
        // The answer came once the records were committed; the session is stored whole after it.
        process.supervisor.settled().await;
    }
    Ok(targets)
}

/// What the dead process left durable: its session (the intent, or the session stored whole at the
/// end) and the outcome records committed, by row.
#[derive(Debug)]
struct Durable {
    session: CopySession,
    records: HashMap<usize, RowOutcome>,
}

impl Durable {
    /// The row a restart must show before any listing is read: the stored row when it is settled,
    /// else what its outcome record says, else still `PENDING`.
    fn replayed(&self, index: usize) -> Result<CopyRow> {
        let mut row = self.session.rows.get(index).context("a row")?.clone();
        if row.state == RowState::Pending {
            if let Some(record) = self.records.get(&index) {
                row.settle(&(&record.outcome).into());
            }
        }
        Ok(row)
    }
}

/// The process dies: only what the store made durable is left, and every hanging write may answer
/// now (too late for the dead process).
fn kill(world: &World) {
    world.store.crash();
    world.hanging.answer_all();
}

/// What the dead process left durable: the session with one row per account, the hanging ones still
/// pending; while the fan-out ran the session was stored whole once (the intent) and the outcome
/// records were committed in groups of `commit_every`; once it ended, the session was stored whole
/// again. Outcome records only for rows whose write answered, each naming its row's account.
fn check_durable(world: &World, targets: &[Target], case: &Case) -> Result<Durable> {
    let durable = world.store.durable();
    ensure!(durable.len() == 1, "one session is durable: {durable:?}");
    let session = durable[0].clone();
    ensure!(session.id == SessionId(1));
    ensure!(session.rows.len() == targets.len(), "{session:?}");
    let counts = world.store.counts();
    let answering = case.answering();
    let ended = answering == targets.len();
    ensure!(counts.appends <= answering, "{counts:?}");
    if case.await_outcomes || ended {
        ensure!(counts.appends == answering, "{counts:?}");
    }
    let commits = counts.appends / case.commit_every;
    if ended {
        // The intent, each full group, the commit before the answer, and the whole store's.
        ensure!(
            counts.flushes == 3 + commits && counts.saves >= 2,
            "{counts:?}"
        );
        ensure!(
            session.rows.iter().all(|r| !r.is_unresolved()),
            "the session stored at the end is durable: {session:?}"
        );
    } else {
        ensure!(
            counts
                == Counts {
                    saves: 1,
                    appends: counts.appends,
                    flushes: 1 + commits
                },
            "{counts:?}"
        );
        ensure!(
            session.rows.iter().all(|r| r.state == RowState::Pending),
            "only the intent is stored whole while the fan-out runs: {session:?}"
        );
    }
    let mut records = HashMap::new();
    for (agent, id, record) in world.store.durable_outcomes() {
        ensure!((agent, id) == (AGENT, SessionId(1)), "{record:?}");
        let row = session.rows.get(record.index).context("a record's row")?;
        let target = targets.iter().find(|t| t.id == record.account);
        ensure!(
            row.account == record.account && target.is_some_and(|t| t.fate == Fate::Answer),
            "{record:?} for {target:?}"
        );
        ensure!(
            matches!(record.outcome, WriteOutcome::Placed(_)),
            "{record:?}"
        );
        records.insert(record.index, record);
    }
    if !ended {
        // Every group of `commit_every` appended records was committed (the store may have made more
        // durable on its own).
        ensure!(
            records.len() >= commits * case.commit_every,
            "{} records durable after {counts:?}",
            records.len()
        );
    }
    for target in targets {
        let row = row_of(&session, target.id)?;
        if target.fate != Fate::Answer {
            ensure!(
                row.state == RowState::Pending,
                "account {} hung, yet its row is {:?}",
                target.id,
                row.state
            );
        }
    }
    Ok(Durable { session, records })
}

fn row_of(session: &CopySession, account: AccountId) -> Result<&engine::copy::CopyRow> {
    let rows: Vec<_> = session
        .rows
        .iter()
        .filter(|r| r.account == account)
        .collect();
    ensure!(
        rows.len() == 1,
        "account {account} has one row: {session:?}"
    );
    Ok(rows[0])
}

/// The second process: rebuilt from the durable store, it shows each row as stored whole, or settled
/// by its outcome record, or `PENDING`, before reading any listing; it folds the records into the
/// stored session; then it polls every account once the listing grace has passed, and must know every
/// order the first one made without placing any.
fn restart_and_reconcile(
    world: &World,
    targets: &[Target],
    quantity: u32,
    durable: &Durable,
) -> Result<()> {
    actix_rt::System::new().block_on(async {
        let flushes = world.store.flushes();
        let journaled = !durable.records.is_empty();
        let process = Process::start(
            &world.clock,
            world.hanging.clone(),
            world.vault.clone(),
            world.store.clone(),
            OUTCOMES_PER_COMMIT,
        )?;
        let loaded = process
            .keeper
            .book()
            .session(AGENT, SessionId(1))
            .context("the session is loaded")?;
        ensure!(loaded.rows.len() == targets.len(), "{loaded:?}");
        for (index, row) in loaded.rows.iter().enumerate() {
            let target = targets
                .iter()
                .find(|t| t.id == row.account)
                .context("a target")?;
            ensure!(
                *row == durable.replayed(index)?,
                "account {} comes back as {row:?} from {durable:?}",
                target.id
            );
            if let Some(record) = durable.records.get(&index) {
                // Settled from the record, with no listing read: the record names the market's order.
                let orders = world.orders(target.id, &target.hash).await?;
                let WriteOutcome::Placed(id) = record.outcome else {
                    anyhow::bail!("{record:?}");
                };
                ensure!(
                    orders.iter().map(|o| o.id).collect::<Vec<BrokerOrderId>>() == vec![id],
                    "{record:?} for {orders:?}"
                );
                ensure!(row.order_id == Some(id), "{row:?}");
            }
        }
        // The records are folded into the stored session (once, with one flush) and removed.
        ensure!(world.store.saved_outcomes().is_empty());
        ensure!(
            world.store.flushes() == flushes + usize::from(journaled),
            "{} flushes at load",
            world.store.flushes() - flushes
        );
        ensure!(world.store.saved() == vec![loaded.clone()]);
        for target in targets {
            process.account(target.id)?;
        }
        world
            .clock
            .advance(LISTING_GRACE + chrono::Duration::seconds(1));
        process.poll_all().await;
        let session = process
            .keeper
            .book()
            .session(AGENT, SessionId(1))
            .context("the session is kept")?;
        ensure!(session.rows.len() == targets.len(), "{session:?}");
        let multipliers = TierMultipliers::default();
        for target in targets {
            let orders = world.orders(target.id, &target.hash).await?;
            let row = row_of(&session, target.id)?;
            let account = target.id;
            ensure!(
                world.hanging.placements(&target.hash) == 1,
                "account {account} was sent {} placements",
                world.hanging.placements(&target.hash)
            );
            ensure!(orders.len() <= 1, "account {account} holds {orders:?}");
            ensure!(
                row.request.total_quantity() == quantity * multipliers.for_type(target.tier),
                "account {account}: {row:?}"
            );
            match (target.fate, orders.as_slice()) {
                (Fate::Answer | Fate::HangAfter, [order]) => {
                    ensure!(
                        row.order_id == Some(order.id)
                            && row.state == RowState::Order(OrderStatus::Working),
                        "account {account} holds order {}, its row is {row:?}",
                        order.id
                    );
                    ensure!(order.quantity == row.request.total_quantity());
                }
                (Fate::HangBefore, []) => ensure!(
                    row.state == RowState::FailedToPlace
                        && row.order_id.is_none()
                        && row.status_description.as_deref() == Some(NOT_SENT),
                    "account {account} was never sent its order, its row is {row:?}"
                ),
                (fate, orders) => {
                    anyhow::bail!("account {account} ({fate:?}) holds {orders:?}, row {row:?}")
                }
            }
        }
        // What the reconcile and the listing settled is saved (the next start sees it too); what a
        // listing changed is stored by the services' timer, as here.
        process.keeper.store_event_changes();
        let saved = world.store.saved();
        ensure!(saved == vec![session.clone()], "{saved:?}");
        // Later polls change nothing and place nothing.
        world.clock.advance(chrono::Duration::minutes(1));
        process.poll_all().await;
        let again = process.keeper.book().session(AGENT, SessionId(1));
        ensure!(again.as_ref() == Some(&session), "{again:?}");
        for target in targets {
            ensure!(world.hanging.placements(&target.hash) == 1);
        }
        Ok::<_, anyhow::Error>(())
    })
}

fn fate() -> impl Strategy<Value = Fate> {
    prop_oneof![
        Just(Fate::Answer),
        Just(Fate::HangBefore),
        Just(Fate::HangAfter)
    ]
}

/// Runs one interruption and its restart.
fn interrupt_and_restart(case: &Case) -> Result<()> {
    let world = World::new(case.flush_on_write.clone())?;
    let targets = run_and_kill(&world, case)?;
    kill(&world);
    let durable = check_durable(&world, &targets, case)?;
    restart_and_reconcile(&world, &targets, case.quantity, &durable)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn a_fan_out_killed_anywhere_ends_with_one_order_or_a_failed_row_per_account(
        accounts in proptest::collection::vec((any::<u8>(), fate()), 1..=8),
        quantity in 1u32..5,
        flush_on_write in proptest::collection::vec(any::<bool>(), 0..6),
        commit_every in prop_oneof![Just(1), Just(2), Just(3), Just(OUTCOMES_PER_COMMIT)],
        await_outcomes in any::<bool>(),
        poll_before_kill in prop_oneof![Just(None), Just(Some(0)), Just(Some(15))],
    ) {
        let case = Case {
            accounts,
            quantity,
            flush_on_write,
            commit_every,
            await_outcomes,
            poll_before_kill,
        };
        let outcome = interrupt_and_restart(&case);
        prop_assert!(outcome.is_ok(), "{case:?}: {outcome:?}");
    }
}

/// One interruption whose durable state is checked before its restart.
fn interrupted(case: &Case, check: impl FnOnce(&World, &Durable) -> Result<()>) -> Result<()> {
    let world = World::new(case.flush_on_write.clone())?;
    let targets = run_and_kill(&world, case)?;
    kill(&world);
    let durable = check_durable(&world, &targets, case)?;
    check(&world, &durable)?;
    restart_and_reconcile(&world, &targets, case.quantity, &durable)
}

#[test]
fn an_outcome_appended_but_not_committed_comes_back_pending_and_is_settled_from_the_listing()
-> Result<()> {
    let case = Case {
        accounts: vec![(0, Fate::Answer), (1, Fate::HangAfter)],
        quantity: 2,
        flush_on_write: Vec::new(),
        commit_every: OUTCOMES_PER_COMMIT,
        await_outcomes: true,
        poll_before_kill: None,
    };
    interrupted(&case, |world, durable| {
        // Appended, never committed: lost with the process.
        ensure!(world.store.counts().appends == 1);
        ensure!(durable.records.is_empty(), "{durable:?}");
        ensure!(durable.replayed(0)?.state == RowState::Pending);
        Ok(())
    })
}

#[test]
fn an_outcome_committed_comes_back_settled_without_a_listing() -> Result<()> {
    // Three answers, committed by twos: the first two outcomes are durable, the third is not.
    let case = Case {
        accounts: vec![
            (0, Fate::Answer),
            (1, Fate::Answer),
            (2, Fate::Answer),
            (0, Fate::HangBefore),
        ],
        quantity: 1,
        flush_on_write: Vec::new(),
        commit_every: 2,
        await_outcomes: true,
        poll_before_kill: None,
    };
    interrupted(&case, |world, durable| {
        ensure!(world.store.counts().appends == 3);
        ensure!(durable.records.len() == 2, "{durable:?}");
        let settled = (0..4)
            .map(|index| durable.replayed(index))
            .collect::<Result<Vec<_>>>()?
            .iter()
            .filter(|row| {
                row.order_id.is_some() && row.state == RowState::Order(OrderStatus::Accepted)
            })
            .count();
        ensure!(settled == 2, "{durable:?}");
        Ok(())
    })
}

#[test]
fn outcome_records_left_behind_by_a_completed_fan_out_change_nothing() -> Result<()> {
    // The fan-out ends: its records are committed before the answer, then its session is stored
    // whole and flushed, then its records are removed, and the process dies before that removal is
    // durable.
    let case = Case {
        accounts: vec![(0, Fate::Answer), (1, Fate::Answer), (2, Fate::Answer)],
        quantity: 3,
        flush_on_write: Vec::new(),
        commit_every: OUTCOMES_PER_COMMIT,
        await_outcomes: true,
        poll_before_kill: None,
    };
    interrupted(&case, |world, durable| {
        ensure!(
            world.store.counts()
                == Counts {
                    saves: 2,
                    appends: 3,
                    flushes: 3
                },
            "{:?}",
            world.store.counts()
        );
        ensure!(durable.records.len() == 3, "{durable:?}");
        ensure!(
            durable
                .session
                .rows
                .iter()
                .all(|row| row.state == RowState::Order(OrderStatus::Accepted)),
            "{durable:?}"
        );
        Ok(())
    })
}

/// A place to one account through `broker`, whose write goes wrong as scripted; returns the row.
async fn unsettled_place(
    process: &Process,
    account: AccountId,
    quantity: u32,
) -> Result<engine::copy::CopyRow> {
    let planned = place(&[(account, AccountType::Small)], quantity, true)?;
    let Executed::Session(session) = process.supervisor.execute(planned).await? else {
        anyhow::bail!("a place makes a session");
    };
    process.supervisor.settled().await;
    Ok(row_of(&session, account)?.clone())
}

fn session_row(process: &Process, id: u64, account: AccountId) -> Result<engine::copy::CopyRow> {
    let session = process
        .keeper
        .book()
        .session(AGENT, SessionId(id))
        .context("session kept")?;
    Ok(row_of(&session, account)?.clone())
}

/// A copydesk over `world`'s paper market behind a brokerage whose writes and listings fail as
/// scripted.
fn scripted_process(world: &World) -> Result<(Arc<Scripted>, Process)> {
    let scripted = Arc::new(Scripted::new(world.paper.clone()));
    let process = Process::start(
        &world.clock,
        scripted.clone(),
        world.vault.clone(),
        world.store.clone(),
        OUTCOMES_PER_COMMIT,
    )?;
    Ok((scripted, process))
}

#[actix_rt::test]
async fn an_unsettled_write_is_settled_by_later_polls_and_never_resent() -> Result<()> {
    let world = World::new(Vec::new())?;
    let (scripted, process) = scripted_process(&world)?;
    let (carried, lost) = (AccountId(1), AccountId(2));
    let carried_hash = process.authorized(&world.paper, carried, "carried").await?;
    let lost_hash = process.authorized(&world.paper, lost, "lost").await?;
    process.poll_all().await;

    // The first write is carried out but its answer is lost, and the listings that would settle it
    // fail: the row is unsettled.
    scripted.script_writes(&[Glitch::TimeoutAfter]);
    scripted.fail_lists(100);
    let row = unsettled_place(&process, carried, 2).await?;
    assert_eq!(row.state, RowState::Unsettled, "{row:?}");
    assert_eq!(row.order_id, None);
    // The second write fails before anything happens, and cannot be settled either.
    scripted.clear_script();
    scripted.script_writes(&[Glitch::ServerBefore]);
    scripted.fail_lists(100);
    let row = unsettled_place(&process, lost, 3).await?;
    assert_eq!(row.state, RowState::Unsettled, "{row:?}");
    assert_eq!(scripted.writes_seen(), 2, "neither write was sent twice");

    // A poll whose listing fails changes nothing.
    process.poll_all().await;
    assert_eq!(
        session_row(&process, 1, carried)?.state,
        RowState::Unsettled
    );
    assert_eq!(session_row(&process, 2, lost)?.state, RowState::Unsettled);

    // The next successful poll adopts the order that exists; the row follows it from then on.
    scripted.clear_script();
    process.poll_all().await;
    let orders = world.orders(carried, &carried_hash).await?;
    assert_eq!(orders.len(), 1, "{orders:?}");
    let row = session_row(&process, 1, carried)?;
    assert_eq!(
        (row.order_id, &row.state, &row.status_description),
        (
            Some(orders[0].id),
            &RowState::Order(OrderStatus::Working),
            &None
        )
    );
    // No order exists for the other; within the listing grace the row waits...
    assert!(world.orders(lost, &lost_hash).await?.is_empty());
    let entered = session_row(&process, 2, lost)?.entered_time;
    ensure!(
        world.now() < entered + LISTING_GRACE,
        "the retries moved the clock {} past the send",
        world.now() - entered
    );
    assert_eq!(session_row(&process, 2, lost)?.state, RowState::Unsettled);
    // ...and once a listing asked after the grace shows none, it was not placed.
    world.clock.advance(LISTING_GRACE);
    process.poll_all().await;
    let row = session_row(&process, 2, lost)?;
    assert_eq!(
        (row.order_id, &row.state, row.status_description.as_deref()),
        (None, &RowState::FailedToPlace, Some(NOT_PLACED))
    );

    // Nothing was resent, and what the polls settled is saved.
    assert_eq!(scripted.writes_seen(), 2);
    assert!(world.orders(lost, &lost_hash).await?.is_empty());
    assert_eq!(world.orders(carried, &carried_hash).await?.len(), 1);
    // What listings changed is stored by the services' timer, as here.
    process.keeper.store_event_changes();
    let saved = world.store.saved();
    assert_eq!(
        saved
            .iter()
            .map(|s| s.rows[0].status_word())
            .collect::<Vec<_>>(),
        vec!["WORKING", "FAILED_TO_PLACE"]
    );
    Ok(())
}

#[actix_rt::test]
async fn rows_entered_days_ago_are_still_listed_settled_and_followed() -> Result<()> {
    let world = World::new(Vec::new())?;
    let (scripted, process) = scripted_process(&world)?;
    let (resting, lost) = (AccountId(1), AccountId(2));
    let resting_hash = process.authorized(&world.paper, resting, "resting").await?;
    let lost_hash = process.authorized(&world.paper, lost, "lost").await?;
    process.poll_all().await;

    // A DAY limit far below the market rests on one account; the other's write is carried out but
    // its answer is lost and the listings fail, so its row is unsettled.
    let row = unsettled_place(&process, resting, 2).await?;
    assert_eq!(row.state, RowState::Order(OrderStatus::Accepted), "{row:?}");
    process.poll_all().await;
    assert_eq!(
        session_row(&process, 1, resting)?.state,
        RowState::Order(OrderStatus::Working)
    );
    scripted.script_writes(&[Glitch::TimeoutAfter]);
    scripted.fail_lists(100);
    let row = unsettled_place(&process, lost, 3).await?;
    assert_eq!(row.state, RowState::Unsettled, "{row:?}");
    scripted.clear_script();

    // Three days pass with copydesk stopped: the rows are older than a day's listing.
    world.clock.advance(chrono::Duration::days(3));
    process.poll_all().await;
    assert_eq!(
        session_row(&process, 2, lost)?.state,
        RowState::Unsettled,
        "a listing of the last day cannot settle it"
    );
    assert_eq!(
        session_row(&process, 1, resting)?.state,
        RowState::Order(OrderStatus::Working),
        "a listing of the last day does not show the order"
    );

    // Once the listings reach back to the oldest row not final, both are current again.
    assert_eq!(process.supervisor.update_listing_reach(), 2);
    process.poll_all().await;
    let expired = world.orders(resting, &resting_hash).await?;
    assert_eq!(
        expired.iter().map(|o| &o.status).collect::<Vec<_>>(),
        vec![&OrderStatus::Expired]
    );
    assert_eq!(
        session_row(&process, 1, resting)?.state,
        RowState::Order(OrderStatus::Expired)
    );
    let placed = world.orders(lost, &lost_hash).await?;
    assert_eq!(placed.len(), 1, "{placed:?}");
    let row = session_row(&process, 2, lost)?;
    assert_eq!(
        (row.order_id, &row.state),
        (Some(placed[0].id), &RowState::Order(OrderStatus::Expired))
    );
    assert_eq!(scripted.writes_seen(), 2, "nothing was resent");

    // With every row final, listings go back to the usual day.
    assert_eq!(process.supervisor.update_listing_reach(), 0);
    Ok(())
}

#[actix_rt::test]
async fn old_unresolved_rows_ask_for_a_poll_once_and_young_ones_every_time() -> Result<()> {
    let world = World::new(Vec::new())?;
    let (scripted, process) = scripted_process(&world)?;
    let account = AccountId(1);
    process.authorized(&world.paper, account, "lost").await?;
    process.poll_all().await;
    scripted.script_writes(&[Glitch::TimeoutAfter]);
    scripted.fail_lists(100);
    let row = unsettled_place(&process, account, 3).await?;
    assert_eq!(row.state, RowState::Unsettled, "{row:?}");

    // Young: asked at every tick.
    assert_eq!(process.supervisor.request_reconcile_polls(), 1);
    assert_eq!(process.supervisor.request_reconcile_polls(), 1);
    // Older than the urgent window (several orders matching, listings failing for long): asked
    // once more, then left to the account's routine polls.
    world.clock.advance(RECONCILE_URGENT_FOR);
    assert_eq!(process.supervisor.request_reconcile_polls(), 1);
    assert_eq!(process.supervisor.request_reconcile_polls(), 0);
    Ok(())
}
