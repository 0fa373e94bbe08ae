//! The session supervisor on the paper brokerage with injected faults, for stock orders and vertical
//! spreads alike: one row per targeted account,
//! quantity × tier, never two orders for one account, never an order for an inactive account.

mod support;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use chrono::{TimeZone, Utc};
use engine::account::messages::Authorize;
use engine::account::{
    AccountDeps, AccountRegistry, AccountType, CallBudget, TierMultipliers, TokenVault,
};
use engine::broker::paper::{FaultConfig, PaperBrokerage, PaperConfig};
use engine::broker::{Brokerage, SubmitPolicy};
use engine::clock::{Clock, ManualClock};
use engine::copy::{
    AccountFacts, Action, AgentFacts, CopyCommand, Executed, PlanError, RowState, SessionBook,
    SessionKeeper, SessionSupervisor, Targets, TradeKind, plan,
};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderType, PutCall};
use engine::pause::ManualPause;
use proptest::prelude::*;
use rust_decimal::Decimal;
use support::journal_store::{Counts, JournalStore};
use support::memory_vault::MemoryVault;

/// How long a fan-out's answer may take here (it never waits on the session's whole store).
const ANSWER_LIMIT: Duration = Duration::from_secs(10);

/// How long the agent's side holds its thread after the answer, watching for the session's whole store
/// to begin. That store is asked for on this thread, after the answer has been taken, so it cannot
/// begin within any limit; asked for before the answer, it would begin on its own thread at once.
const ANSWERED_FIRST: Duration = Duration::from_millis(20);

fn tier(n: u8) -> AccountType {
    [AccountType::Small, AccountType::Medium, AccountType::Big][usize::from(n % 3)]
}

struct Case {
    accounts: Vec<(u8, bool)>,
    quantity: u32,
    /// Send a vertical spread (one order of two legs per account) instead of a stock order.
    vertical: bool,
    faults: FaultConfig,
    seed: u64,
}

async fn run(case: Case) -> Result<()> {
    let start = Utc
        .with_ymd_and_hms(2024, 10, 14, 14, 30, 0)
        .single()
        .context("date")?;
    let clock = ManualClock::new(start);
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let config = PaperConfig {
        seed: case.seed,
        ..PaperConfig::default()
    };
    let paper = Arc::new(PaperBrokerage::new(config, shared.clone())?);
    let vault = Arc::new(MemoryVault::default());
    let store = Arc::new(JournalStore::default());
    let keeper = SessionKeeper::load(store.clone())?;
    let pause = ManualPause::new(clock.clone());
    let deps = AccountDeps {
        broker: paper.clone(),
        vault: vault.clone(),
        clock: shared.clone(),
        pause: pause.clone(),
        reads: Arc::new(CallBudget::new(100_000, shared.clone())),
        observer: keeper.clone(),
    };
    let registry = AccountRegistry::new(deps, actix::Arbiter::current());
    let mut targets = Vec::new();
    for (i, (t, active)) in case.accounts.iter().enumerate() {
        let id = AccountId(i as u64 + 1);
        let handle = registry.start(id, AgentId(1), 120)?;
        let code = paper.authorize(&format!("user{i}"), "pw")?;
        handle
            .addr
            .send(Authorize {
                code,
                redirect_uri: "http://127.0.0.1/cb".into(),
            })
            .await??;
        targets.push(AccountFacts {
            id,
            tier: tier(*t),
            trading_active: *active,
            usable: true,
        });
    }
    // A limit far below the market stays open, so nothing fills during the test.
    let order = if case.vertical {
        let token = vault.load_tokens(AccountId(1))?.context("tokens")?.access;
        let chain = paper.option_chain(&token, "AAPL", PutCall::Call).await?;
        let strikes = chain.expirations.values().next().context("an expiry")?;
        let mut symbols = strikes
            .values()
            .filter_map(|c| c.first())
            .map(|c| c.symbol.clone());
        let (low, high) = (
            symbols.next().context("a strike")?,
            symbols.next().context("a second strike")?,
        );
        OrderRequest::vertical(
            OrderType::NetDebit,
            case.quantity,
            Decimal::new(1, 2),
            [
                OrderLeg::option(Instruction::BuyToOpen, case.quantity, low),
                OrderLeg::option(Instruction::SellToOpen, case.quantity, high),
            ],
        )
    } else {
        OrderRequest::limit(
            OrderLeg::equity(Instruction::Buy, case.quantity, "AAPL"),
            Decimal::ONE,
        )
    };
    paper.set_faults(case.faults.clone());
    let tiers = TierMultipliers::default();
    let policy = SubmitPolicy {
        pause,
        jitter_seed: Some(case.seed),
        ..SubmitPolicy::default()
    };
    let supervisor = Arc::new(SessionSupervisor::new(
        registry.clone(),
        keeper.clone(),
        policy,
        shared.clone(),
    ));
    let command = CopyCommand {
        agent: AgentId(1),
        kind: TradeKind::Common,
        action: Action::Place {
            targets: Targets::Active,
            order,
        },
    };
    let holdings = std::collections::HashMap::new();
    let book = SessionBook::new();
    let facts = AgentFacts {
        accounts: &targets,
        tiers,
        holdings: &holdings,
        book: &book,
        limits: &engine::copy::LimitFacts::none(),
    };
    let planned = plan(&command, &facts);
    if targets.iter().all(|t| !t.trading_active) {
        assert_eq!(planned, Err(PlanError::NoActiveAccounts));
        return Ok(());
    }
    // The session's whole store waits, so what the answer came before is seen as it was.
    store.hold_later_saves();
    let Executed::Session(session) =
        tokio::time::timeout(ANSWER_LIMIT, supervisor.execute(planned?))
            .await
            .map_err(|_| anyhow::anyhow!("the answer waited for the session's whole store"))??
    else {
        anyhow::bail!("a place makes a session");
    };
    assert_eq!(session.id, SessionId(1));
    // The answer comes once the outcome records are committed; the whole store follows it, and has
    // not even begun when the answer arrives (it would take the thread the answer leaves on).
    assert_eq!(store.counts().saves, 1);
    let store_began = store.wait_for_saves_begun(2, ANSWERED_FIRST);
    // Let go before any assertion: a held save would keep the runtime from shutting down.
    store.release_saves();
    assert!(
        !store_began,
        "the session's whole store began before the agent had the answer"
    );
    supervisor.settled().await;

    // The journal: the session stored whole before the first send and at the end, one outcome record
    // per write (appended, committed by a flush before the answer), removed once the session is
    // stored whole (and flushed).
    let sent = case.accounts.iter().filter(|(_, active)| *active).count();
    assert_eq!(
        store.counts(),
        Counts {
            saves: 2,
            appends: sent,
            flushes: 3
        }
    );
    assert_eq!(store.durable(), vec![session.clone()]);
    assert_eq!(store.durable_outcomes().len(), sent);
    assert!(store.saved_outcomes().is_empty());

    // One row per targeted account, each with quantity × its multiplier.
    let active: Vec<&AccountFacts> = targets.iter().filter(|t| t.trading_active).collect();
    assert_eq!(session.rows.len(), active.len());
    for target in &active {
        let rows: Vec<_> = session
            .rows
            .iter()
            .filter(|r| r.account == target.id)
            .collect();
        assert_eq!(rows.len(), 1, "account {} has one row", target.id);
        assert_eq!(
            rows[0].request.total_quantity(),
            case.quantity * tiers.for_type(target.tier)
        );
    }
    assert_eq!(
        keeper
            .book()
            .session(AgentId(1), SessionId(1))
            .map(|s| s.rows.len()),
        Some(active.len())
    );

    // What the broker holds: never two orders for one account, none for inactive accounts, and an
    // order exactly where the row says one was placed.
    paper.set_faults(FaultConfig::default());
    for target in &targets {
        let handle = registry.get(target.id).context("running")?;
        let hash = handle.account.link().context("linked")?.hash;
        let token = vault.load_tokens(target.id)?.context("tokens")?.access;
        let orders = paper
            .list_orders(
                &token,
                &hash,
                start - chrono::Duration::days(1),
                clock.now(),
            )
            .await?;
        let row = session.rows.iter().find(|r| r.account == target.id);
        match row {
            None => assert!(
                orders.is_empty(),
                "inactive account {} got an order",
                target.id
            ),
            Some(row) => match (&row.state, row.order_id) {
                (RowState::Order(_), Some(id)) => {
                    assert_eq!(orders.iter().map(|o| o.id).collect::<Vec<_>>(), vec![id]);
                }
                (RowState::FailedToPlace, None) => {
                    assert!(orders.is_empty(), "{:?}", row.status_description)
                }
                (RowState::Unsettled, None) => assert!(orders.len() <= 1),
                other => panic!("inconsistent row {other:?}"),
            },
        }
    }

    // Cancelling the session's orders keeps the session, stores nothing, and flushes the store once
    // before the first cancel leaves (the command's key is among what it holds).
    let orders: Vec<(AccountId, BrokerOrderId)> = session
        .rows
        .iter()
        .filter_map(|row| row.order_id.map(|id| (row.account, id)))
        .collect();
    if orders.is_empty() {
        return Ok(());
    }
    let before = store.counts();
    let cancel = CopyCommand {
        agent: AgentId(1),
        kind: TradeKind::Common,
        action: Action::Cancel {
            session: session.id,
            orders: orders.clone(),
        },
    };
    let facts = AgentFacts {
        accounts: &targets,
        tiers,
        holdings: &holdings,
        book: keeper.book(),
        limits: &engine::copy::LimitFacts::none(),
    };
    let planned = plan(&cancel, &facts);
    let Executed::Cancels {
        session: kept,
        results,
    } = tokio::time::timeout(ANSWER_LIMIT, supervisor.execute(planned?))
        .await
        .map_err(|_| anyhow::anyhow!("the cancels never answered"))??
    else {
        anyhow::bail!("a cancel keeps its session");
    };
    assert_eq!(kept, session.id);
    assert_eq!(results.len(), orders.len());
    assert_eq!(
        store.counts(),
        Counts {
            flushes: before.flushes + 1,
            ..before
        }
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn a_place_sends_one_order_per_active_account_whatever_fails(
        accounts in proptest::collection::vec((any::<u8>(), any::<bool>()), 1..7),
        quantity in 1u32..5,
        error_rate in prop_oneof![Just(0.0), Just(0.3)],
        timeout_rate in prop_oneof![Just(0.0), Just(0.4)],
        without_id_rate in prop_oneof![Just(0.0), Just(0.4)],
        seed in any::<u64>(),
        vertical in any::<bool>(),
    ) {
        let faults = FaultConfig {
            error_rate,
            timeout_after_accept_rate: timeout_rate,
            accepted_without_id_rate: without_id_rate,
            ..FaultConfig::default()
        };
        let case = Case { accounts, quantity, vertical, faults, seed };
        let outcome = actix_rt::System::new().block_on(run(case));
        prop_assert!(outcome.is_ok(), "{outcome:?}");
    }
}
