//! Pre-flight on the paper brokerage through the account actors: every targeted account previewed at
//! once, then the fan-out mode decides. All or none sends nothing when any preview rejects; only those
//! that pass sends exactly to the accounts whose preview passed, and the market takes every order sent.

mod support;

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::{Context, Result};
use engine::account::messages::Authorize;
use engine::account::{
    AccountDeps, AccountRegistry, AccountType, CallBudget, TierMultipliers, TokenVault,
};
use engine::broker::paper::{PaperBrokerage, PaperConfig};
use engine::broker::{Brokerage, SubmitPolicy};
use engine::clock::{Clock, ManualClock};
use engine::copy::{
    AccountFacts, Action, AgentFacts, CopyCommand, Executed, FanOutMode, PreviewVerdict, RowState,
    SessionBook, SessionKeeper, SessionSupervisor, Targets, TradeKind, gate_previews, plan,
    previews,
};
use engine::ids::{AccountId, AgentId, SessionId};
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};
use engine::pause::ManualPause;
use proptest::prelude::*;
use support::journal_store::JournalStore;
use support::memory_vault::MemoryVault;

const TIERS: [AccountType; 3] = [AccountType::Small, AccountType::Medium, AccountType::Big];

async fn run(tiers: Vec<u8>, shares: u32, mode: FanOutMode) -> Result<()> {
    let clock = ManualClock::new(support::monday()?);
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let paper = Arc::new(PaperBrokerage::new(
        PaperConfig {
            volatility_scale: 0.0,
            ..PaperConfig::default()
        },
        shared.clone(),
    )?);
    let vault = Arc::new(MemoryVault::default());
    let keeper = SessionKeeper::load(Arc::new(JournalStore::default()))?;
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
    let mut accounts = Vec::new();
    for (i, tier) in tiers.iter().enumerate() {
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
        accounts.push(AccountFacts {
            id,
            tier: TIERS[usize::from(*tier % 3)],
            trading_active: true,
            usable: true,
        });
    }
    let supervisor = Arc::new(SessionSupervisor::new(
        registry.clone(),
        keeper.clone(),
        SubmitPolicy {
            pause,
            jitter_seed: Some(7),
            ..SubmitPolicy::default()
        },
        shared.clone(),
    ));
    let command = CopyCommand {
        agent: AgentId(1),
        kind: TradeKind::Stock,
        action: Action::Place {
            targets: Targets::Active,
            order: OrderRequest::market(OrderLeg::equity(Instruction::Buy, shares, "AAPL")),
        },
    };
    let book = SessionBook::new();
    let holdings = HashMap::new();
    let facts = AgentFacts {
        accounts: &accounts,
        tiers: TierMultipliers::default(),
        holdings: &holdings,
        book: &book,
        limits: &engine::copy::LimitFacts::none(),
    };
    let planned = plan(&command, &facts)?;
    let checks = supervisor.preview(&planned).await;
    assert_eq!(checks.len(), accounts.len());
    let rejecting: Vec<AccountId> = checks
        .iter()
        .filter(|c| c.verdict() == PreviewVerdict::Reject)
        .map(|c| c.account)
        .collect();
    for check in &checks {
        assert!(check.asked);
        if check.verdict() == PreviewVerdict::Reject {
            assert_eq!(
                check.preview.rejects,
                vec!["Order rejected: insufficient buying power".to_owned()]
            );
        }
    }

    let orders_of = |id: AccountId| {
        let paper = paper.clone();
        let registry = registry.clone();
        let vault = vault.clone();
        let now = clock.now();
        async move {
            let hash = registry
                .get(id)
                .and_then(|h| h.account.link())
                .context("linked")?
                .hash;
            let token = vault.load_tokens(id)?.context("tokens")?.access;
            let from = now - chrono::Duration::days(1);
            anyhow::Ok(paper.list_orders(&token, &hash, from, now).await?)
        }
    };

    match gate_previews(planned, &previews(&checks), mode) {
        Err(refusal) => {
            assert_eq!(mode, FanOutMode::AllOrNone);
            assert!(!rejecting.is_empty());
            let named: Vec<AccountId> = refusal.rejects.iter().map(|(a, _)| *a).collect();
            assert_eq!(named, rejecting);
            // Nothing was sent to any account, and no session was made.
            for account in &accounts {
                assert!(orders_of(account.id).await?.is_empty());
            }
            assert!(keeper.book().session(AgentId(1), SessionId(1)).is_none());
        }
        Ok(gated) => {
            assert!(mode != FanOutMode::AllOrNone || rejecting.is_empty());
            let Executed::Session(session) = supervisor.execute(gated).await? else {
                anyhow::bail!("a place makes a session");
            };
            for row in &session.rows {
                let orders = orders_of(row.account).await?;
                let refused = rejecting.contains(&row.account);
                if refused && mode == FanOutMode::OnlyPassing {
                    assert_eq!(row.state, RowState::FailedToPlace);
                    assert_eq!(
                        row.status_description.as_deref(),
                        Some(
                            "not sent: the preview refused it: Order rejected: insufficient buying power"
                        )
                    );
                    assert!(orders.is_empty());
                } else {
                    // Sent: the market rejects exactly what the preview rejected.
                    assert_eq!(orders.len(), 1);
                    assert_eq!(orders[0].status == OrderStatus::Rejected, refused);
                }
            }
        }
    }
    Ok(())
}

fn mode() -> impl Strategy<Value = FanOutMode> {
    prop_oneof![
        Just(FanOutMode::AllOrNone),
        Just(FanOutMode::OnlyPassing),
        Just(FanOutMode::SendToAll)
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn all_or_none_sends_nothing_when_any_preview_rejects(
        tiers in proptest::collection::vec(any::<u8>(), 1..6),
        shares in 100u32..800,
        mode in mode(),
    ) {
        let outcome = actix_rt::System::new().block_on(run(tiers, shares, mode));
        prop_assert!(outcome.is_ok(), "{outcome:?}");
    }
}
