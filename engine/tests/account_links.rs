//! Which brokerage account an authorization links, through `LinkedAccount` on the paper market: an
//! account linked before only to the same brokerage account, a first link never to one another trading
//! account holds, a refused login never kept, and an account read that fails deciding nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use engine::account::{
    AccountDeps, AccountError, CallBudget, IgnoreOrders, LinkRefusal, LinkStatus, LinkedAccount,
    TokenVault,
};
use engine::broker::paper::PaperBrokerage;
use engine::broker::{AccountNumber, BrokerError, ConnectivityError, TokenSet};
use engine::clock::{Clock, ManualClock};
use engine::ids::{AccountId, AgentId};
use engine::pause::ManualPause;

mod support;

use support::hooked_paper::{HookedPaper, PaperHooks};
use support::memory_vault::MemoryVault;

const REDIRECT: &str = "http://127.0.0.1:8080/paper/callback";

/// Account reads (`accountNumbers`) fail with a 503 while `down` is set.
struct Reads {
    down: AtomicBool,
}

impl PaperHooks for Reads {
    fn account_numbers_failure(&self) -> Option<BrokerError> {
        self.down
            .load(Ordering::SeqCst)
            .then(|| ConnectivityError::Server { status: 503 }.into())
    }
}

/// Accounts on one paper market and one vault.
struct Rig {
    clock: ManualClock,
    broker: Arc<HookedPaper<Reads>>,
    vault: Arc<MemoryVault>,
    deps: AccountDeps,
}

impl Rig {
    fn new() -> Result<Self> {
        let clock = ManualClock::new(support::monday()?);
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let paper = Arc::new(PaperBrokerage::new(support::frozen(), shared.clone())?);
        let broker = Arc::new(HookedPaper {
            paper,
            hooks: Reads {
                down: AtomicBool::new(false),
            },
        });
        let vault = Arc::new(MemoryVault::default());
        let deps = AccountDeps {
            broker: broker.clone(),
            vault: vault.clone(),
            clock: shared.clone(),
            pause: ManualPause::new(clock.clone()),
            reads: Arc::new(CallBudget::new(1000, shared)),
            observer: Arc::new(IgnoreOrders),
        };
        Ok(Self {
            clock,
            broker,
            vault,
            deps,
        })
    }

    fn account(&self, id: u64) -> Result<LinkedAccount> {
        Ok(LinkedAccount::load(
            AccountId(id),
            AgentId(1),
            120,
            self.deps.clone(),
        )?)
    }

    /// Signs `username` in on the paper market's page and hands the code to `account`.
    async fn sign_in(&self, account: &LinkedAccount, username: &str) -> Result<(), AccountError> {
        let code = self
            .broker
            .paper
            .authorize(username, "any-password")
            .map_err(AccountError::Broker)?;
        account.authorize(&code, REDIRECT).await
    }

    fn tokens(&self, id: u64) -> Result<Option<TokenSet>> {
        Ok(self.vault.load_tokens(AccountId(id))?)
    }

    fn number(&self, account: &LinkedAccount) -> Result<AccountNumber> {
        Ok(account.link().context("linked")?.account_number)
    }

    fn set_down(&self, down: bool) {
        self.broker.hooks.down.store(down, Ordering::SeqCst);
    }
}

#[actix_rt::test]
async fn a_linked_account_signed_in_with_another_login_keeps_its_link_and_tokens() -> Result<()> {
    let rig = Rig::new()?;
    let atlas = rig.account(1)?;
    let birch = rig.account(2)?;
    rig.sign_in(&atlas, "atlas").await?;
    rig.sign_in(&birch, "birch").await?;
    let (atlas_number, birch_number) = (rig.number(&atlas)?, rig.number(&birch)?);
    let birch_tokens = rig.tokens(2)?.context("stored")?;

    // Birch signed in as atlas: refused, naming both accounts; nothing of the login kept.
    let refused = rig.sign_in(&birch, "atlas").await.unwrap_err();
    assert_eq!(
        refused,
        AccountError::LinkRefused(LinkRefusal::OtherAccount {
            reached: vec![atlas_number.clone()],
            linked: birch_number.clone(),
        })
    );
    assert_eq!(
        rig.tokens(2)?,
        Some(birch_tokens.clone()),
        "old tokens stay"
    );
    assert_eq!(rig.number(&birch)?, birch_number, "old link stays");
    assert_eq!(
        rig.vault.load_link(AccountId(2))?.map(|l| l.account_number),
        Some(birch_number.clone())
    );
    // Birch still trades its own account on its own login.
    assert_eq!(birch.status(), LinkStatus::Connected);
    birch.fetch_snapshot().await?;
    assert_eq!(birch.status(), LinkStatus::Connected);

    // Its own login again: accepted, the same account, the new tokens kept.
    rig.sign_in(&birch, "birch").await?;
    assert_eq!(rig.number(&birch)?, birch_number);
    assert_ne!(rig.tokens(2)?, Some(birch_tokens));
    assert_eq!(birch.status(), LinkStatus::Connected);
    birch.fetch_snapshot().await?;
    assert_eq!(rig.number(&atlas)?, atlas_number);
    Ok(())
}

#[actix_rt::test]
async fn a_dead_login_stays_dead_when_another_login_is_refused() -> Result<()> {
    let rig = Rig::new()?;
    let birch = rig.account(2)?;
    rig.sign_in(&birch, "birch").await?;
    rig.clock.advance(chrono::Duration::days(7));
    assert_eq!(birch.status(), LinkStatus::ReauthorizationNeeded);
    let before = rig.tokens(2)?;

    let refused = rig.sign_in(&birch, "someone-else").await.unwrap_err();
    assert!(
        matches!(
            refused,
            AccountError::LinkRefused(LinkRefusal::OtherAccount { .. })
        ),
        "{refused:?}"
    );
    assert_eq!(birch.status(), LinkStatus::ReauthorizationNeeded);
    assert_eq!(rig.tokens(2)?, before);
    Ok(())
}

#[actix_rt::test]
async fn a_first_link_onto_a_brokerage_account_another_account_holds_is_refused() -> Result<()> {
    let rig = Rig::new()?;
    let atlas = rig.account(1)?;
    let cedar = rig.account(3)?;
    rig.sign_in(&atlas, "atlas").await?;

    let refused = rig.sign_in(&cedar, "atlas").await.unwrap_err();
    assert_eq!(
        refused,
        AccountError::LinkRefused(LinkRefusal::Taken {
            held: vec![(rig.number(&atlas)?, AccountId(1))]
        })
    );
    assert_eq!(cedar.link(), None);
    assert_eq!(rig.tokens(3)?, None, "the login is not kept");
    assert_eq!(cedar.status(), LinkStatus::AuthorizationNeeded);

    // A login of its own links it.
    rig.sign_in(&cedar, "cedar").await?;
    assert_ne!(rig.number(&cedar)?, rig.number(&atlas)?);
    assert_eq!(cedar.status(), LinkStatus::Connected);
    Ok(())
}

#[actix_rt::test]
async fn a_failing_account_read_keeps_a_linked_accounts_login_and_decides_later_for_a_first_one()
-> Result<()> {
    let rig = Rig::new()?;
    let atlas = rig.account(1)?;
    let birch = rig.account(2)?;
    let cedar = rig.account(3)?;
    let dune = rig.account(4)?;
    rig.sign_in(&atlas, "atlas").await?;
    rig.sign_in(&birch, "birch").await?;
    let birch_tokens = rig.tokens(2)?;

    rig.set_down(true);
    // Linked before: nothing can be checked, so nothing changes; the failure is answered.
    let failed = rig.sign_in(&birch, "birch").await.unwrap_err();
    assert_eq!(
        failed,
        AccountError::Broker(ConnectivityError::Server { status: 503 }.into())
    );
    assert_eq!(rig.tokens(2)?, birch_tokens);
    // First links: the logins stand, not linked yet.
    rig.sign_in(&cedar, "atlas").await?;
    rig.sign_in(&dune, "dune").await?;
    for first in [&cedar, &dune] {
        assert_eq!(first.link(), None);
        assert!(first.tokens().has_live_login());
        assert_eq!(
            first.status(),
            LinkStatus::Error("the brokerage failed with status 503".into())
        );
    }

    // The read that links them applies the same rule: Dune links its own account, Cedar's login
    // reaches Atlas's and is let go, its status saying why.
    rig.set_down(false);
    dune.fetch_snapshot().await?;
    assert_eq!(dune.status(), LinkStatus::Connected);
    assert!(dune.link().is_some());
    let refused = cedar.fetch_snapshot().await.unwrap_err();
    let held = LinkRefusal::Taken {
        held: vec![(rig.number(&atlas)?, AccountId(1))],
    };
    assert_eq!(refused, AccountError::LinkRefused(held.clone()));
    assert_eq!(cedar.link(), None);
    assert_eq!(rig.tokens(3)?, None);
    assert_eq!(cedar.status(), LinkStatus::LinkRefused(held.to_string()));
    assert!(!cedar.poll_candidate().usable, "not polled again");
    // A login of its own clears it.
    rig.sign_in(&cedar, "cedar").await?;
    assert_eq!(cedar.status(), LinkStatus::Connected);
    Ok(())
}
