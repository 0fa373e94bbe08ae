//! Two brokerage accounts of one paper login (`family+2`) linked as two trading accounts: one
//! authorization, shared tokens, one order stream whose events reach each account, one positions read
//! for both, re-authorization and deletion of one account, and the link's refusals.

use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result};
use engine::account::messages::{Authorize, FetchSnapshot};
use engine::account::{
    AccountError, AccountHandle, LinkClaim, LinkRefusal, LoginKey, StreamPhase, TokenVault,
};
use engine::broker::{AccessToken, AccountNumber, Brokerage};
use engine::ids::{AccountId, AgentId};
use engine::order::{Instruction, OrderLeg, OrderRequest};

mod support;

use support::hooked_paper::PaperHooks;
use support::paper_rig::{PaperRig, registry};

const REDIRECT: &str = "http://127.0.0.1:8080/paper/oauth/callback";
const LOGIN: &str = "family+2";

/// Counts the reads and stream openings the test cares about.
#[derive(Default)]
struct Counting {
    account_reads: AtomicUsize,
    login_reads: AtomicUsize,
    stream_opens: AtomicUsize,
}

impl PaperHooks for Counting {
    fn on_account_read(&self) {
        self.account_reads.fetch_add(1, Ordering::SeqCst);
    }

    fn on_login_accounts_read(&self) {
        self.login_reads.fetch_add(1, Ordering::SeqCst);
    }

    fn on_stream_open(&self) {
        self.stream_opens.fetch_add(1, Ordering::SeqCst);
    }
}

type Rig = PaperRig<Counting>;

fn key() -> LoginKey {
    LoginKey {
        agent: AgentId(1),
        username: LOGIN.to_owned(),
    }
}

impl Rig {
    async fn authorize(&self, handle: &AccountHandle) -> Result<()> {
        let code = self.paper.authorize(LOGIN, "any-password")?;
        handle
            .addr
            .send(Authorize {
                code,
                redirect_uri: REDIRECT.into(),
            })
            .await??;
        Ok(())
    }

    fn token(&self, id: u64) -> Result<AccessToken> {
        Ok(self
            .vault
            .load_tokens(AccountId(id))?
            .context("tokens stored")?
            .access)
    }

    /// The account's owner buys `quantity` of `symbol` at the brokerage, outside copydesk.
    async fn owner_buys(&self, handle: &AccountHandle, quantity: u32, symbol: &str) -> Result<()> {
        let hash = handle.account.link().context("linked")?.hash;
        let token = self.token(handle.account.id().get())?;
        self.paper
            .place_order(
                &token,
                &hash,
                &OrderRequest::market(OrderLeg::equity(Instruction::Buy, quantity, symbol)),
            )
            .await?;
        Ok(())
    }
}

fn held(handle: &AccountHandle, symbol: &str) -> Option<i64> {
    handle.account.held(symbol)
}

/// Yields to the accounts' tasks until `condition` holds (events cross a channel, reads run as tasks).
async fn settle(mut condition: impl FnMut() -> bool) -> Result<()> {
    for _ in 0..10_000 {
        if condition() {
            return Ok(());
        }
        tokio::task::yield_now().await;
    }
    anyhow::bail!("the condition never held")
}

fn connected(handle: &AccountHandle) -> bool {
    handle.account.stream_status().phase == StreamPhase::Connected
}

#[actix_rt::test]
async fn two_accounts_of_one_login_share_its_tokens_its_stream_and_its_positions_reads()
-> Result<()> {
    let rig = Rig::new(1000)?;
    rig.registry.start_streams();
    let first = rig.registry.start_on_login(AccountId(1), 120, key())?;
    rig.authorize(&first).await?;
    settle(|| connected(&first)).await?;
    let first_link = first.account.link().context("first linked")?;
    assert_eq!(first_link.account_number, AccountNumber("90000001".into()));
    // The login's other account is free to link, shown by its number's last four digits only.
    let free: Vec<AccountNumber> = first
        .account
        .other_login_accounts()
        .into_iter()
        .map(|l| l.account_number)
        .collect();
    assert_eq!(free, vec![AccountNumber("90000002".into())]);

    let second = rig
        .registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "0002")
        .await?;
    let second_link = second.account.link().context("second linked")?;
    assert_eq!(second_link.account_number, AccountNumber("90000002".into()));
    assert!(first.account.other_login_accounts().is_empty());
    // No new authorization: the second account stores the login's tokens and shares its keeper.
    assert_eq!(rig.token(2)?, rig.token(1)?);
    assert!(std::ptr::eq(
        first.account.tokens(),
        second.account.tokens()
    ));
    // One stream serves both: the account linked second was already followed, so nothing reopened.
    settle(|| connected(&second)).await?;
    assert_eq!(rig.broker.hooks.stream_opens.load(Ordering::SeqCst), 1);

    // One positions read (Account Info of the first) hands the second its own positions too.
    first.addr.send(FetchSnapshot).await??;
    assert_eq!(rig.broker.hooks.login_reads.load(Ordering::SeqCst), 1);
    assert_eq!(rig.broker.hooks.account_reads.load(Ordering::SeqCst), 0);
    assert!(second.account.current_snapshot().is_some());

    // A fill on each account reaches that account alone, from the one stream.
    rig.owner_buys(&first, 7, "AAPL").await?;
    rig.owner_buys(&second, 3, "MSFT").await?;
    settle(|| held(&first, "AAPL") == Some(7) && held(&second, "MSFT") == Some(3)).await?;
    assert_eq!(held(&first, "MSFT"), None);
    assert_eq!(held(&second, "AAPL"), None);
    assert!(first.account.poll_candidate().positions_stale);
    assert!(second.account.poll_candidate().positions_stale);

    // Both are due a position check; one read confirms both, and neither is due again.
    let reads_before = rig.registry.reads().used_last_minute();
    let mut checked = Vec::new();
    for _ in 0..10_000 {
        checked = rig.registry.check_positions_due().await;
        if !checked.is_empty() {
            break;
        }
        tokio::task::yield_now().await;
    }
    // One check stands for both accounts of the login.
    assert_eq!(checked.len(), 1, "{checked:?}");
    assert_eq!(rig.broker.hooks.login_reads.load(Ordering::SeqCst), 2);
    assert_eq!(rig.broker.hooks.account_reads.load(Ordering::SeqCst), 0);
    assert!(!first.account.poll_candidate().positions_stale);
    assert!(!second.account.poll_candidate().positions_stale);
    assert!(rig.registry.check_positions_due().await.is_empty());
    assert_eq!(rig.registry.reads().used_last_minute(), reads_before + 1);

    // Re-authorizing the second account: one code exchange, new tokens for both, the stream logs in
    // again once, and both keep working on the new tokens.
    let old = rig.token(1)?;
    rig.authorize(&second).await?;
    let new = rig.token(1)?;
    assert_ne!(new, old);
    assert_eq!(rig.token(2)?, new);
    assert_eq!(first.account.link(), Some(first_link.clone()));
    assert_eq!(second.account.link(), Some(second_link.clone()));
    settle(|| rig.broker.hooks.stream_opens.load(Ordering::SeqCst) == 2 && connected(&first))
        .await?;
    first.addr.send(FetchSnapshot).await??;
    second.addr.send(FetchSnapshot).await??;

    // Deleting the first (the stream's holder) keeps the second working: it takes the stream over.
    assert!(rig.registry.stop(AccountId(1)));
    settle(|| rig.broker.hooks.stream_opens.load(Ordering::SeqCst) == 3 && connected(&second))
        .await?;
    rig.owner_buys(&second, 2, "MSFT").await?;
    settle(|| held(&second, "MSFT") == Some(5)).await?;
    let snapshot = second.addr.send(FetchSnapshot).await??;
    assert_eq!(snapshot.position("MSFT").map(|p| p.long_quantity), Some(5));
    // Alone on its login now, it reads its own account again.
    assert_eq!(rig.broker.hooks.account_reads.load(Ordering::SeqCst), 1);
    Ok(())
}

#[actix_rt::test]
async fn a_link_refuses_an_account_the_login_does_not_reach_or_another_account_holds() -> Result<()>
{
    let rig = Rig::new(1000)?;
    let first = rig.registry.start_on_login(AccountId(1), 120, key())?;
    // Unauthorized: nothing to link through.
    let early = rig
        .registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "0002")
        .await;
    assert_eq!(early.err(), Some(AccountError::NotAuthorized));
    rig.authorize(&first).await?;
    let unknown = rig
        .registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "9999")
        .await;
    assert_eq!(
        unknown.err(),
        Some(AccountError::NotOnLogin("\u{2026}9999".into()))
    );
    // The account the first holds is not another account of the login.
    let own = rig
        .registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "0001")
        .await;
    assert_eq!(
        own.err(),
        Some(AccountError::NotOnLogin("\u{2026}0001".into()))
    );
    // Another trading account holds the login's second account: refused, nothing started.
    let second = rig
        .broker
        .account_numbers(&rig.token(1)?)
        .await?
        .into_iter()
        .nth(1)
        .context("a second account")?;
    assert_eq!(
        rig.vault.claim_link(AccountId(9), &second)?,
        LinkClaim::Linked
    );
    let held = rig
        .registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "0002")
        .await;
    assert_eq!(
        held.err(),
        Some(AccountError::LinkRefused(LinkRefusal::Taken {
            held: vec![(second.account_number, AccountId(9))],
        }))
    );
    assert!(rig.registry.get(AccountId(2)).is_none());
    assert_eq!(rig.vault.load_tokens(AccountId(2))?, None);
    Ok(())
}

#[actix_rt::test]
async fn after_a_restart_the_accounts_of_a_login_share_its_tokens_and_one_stream_again()
-> Result<()> {
    let rig = Rig::new(1000)?;
    let first = rig.registry.start_on_login(AccountId(1), 120, key())?;
    rig.authorize(&first).await?;
    rig.registry
        .link_login_account(&first.account, AccountId(2), 120, key(), "0002")
        .await?;
    // The process stops; a new one starts every stored account on its login.
    for id in [1, 2] {
        rig.registry.stop(AccountId(id));
    }
    let restarted = registry(&rig.clock, &rig.broker, &rig.vault, 1000);
    let first = restarted.start_on_login(AccountId(1), 120, key())?;
    let second = restarted.start_on_login(AccountId(2), 120, key())?;
    assert!(std::ptr::eq(
        first.account.tokens(),
        second.account.tokens()
    ));
    assert_eq!(
        second.account.link().map(|l| l.account_number),
        Some(AccountNumber("90000002".into()))
    );
    let opens_before = rig.broker.hooks.stream_opens.load(Ordering::SeqCst);
    restarted.start_streams();
    settle(|| connected(&first) && connected(&second)).await?;
    assert_eq!(
        rig.broker.hooks.stream_opens.load(Ordering::SeqCst),
        opens_before + 1,
        "one stream for the login"
    );
    // Events still reach each account from the one stream.
    first.addr.send(FetchSnapshot).await??;
    rig.owner_buys(&second, 4, "MSFT").await?;
    settle(|| held(&second, "MSFT") == Some(4)).await?;
    assert_eq!(held(&first, "MSFT"), None);
    // Another login of the same agent is a login of its own.
    let other = restarted.start_on_login(
        AccountId(3),
        120,
        LoginKey {
            agent: AgentId(1),
            username: "solo".into(),
        },
    )?;
    assert!(!std::ptr::eq(
        other.account.tokens(),
        first.account.tokens()
    ));
    Ok(())
}
