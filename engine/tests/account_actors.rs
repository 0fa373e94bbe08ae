//! Account actors on the paper brokerage and a hand-moved clock: token life, single-flight refresh,
//! login death, limits and polling, with no sleeping.

use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result};
use async_trait::async_trait;
use chrono::Duration;
use engine::account::messages::{Authorize, FetchSnapshot, GetHealth, SetWriteLimit};
use engine::account::{AccountError, LinkStatus, TokenVault};
use engine::broker::Brokerage;
use engine::clock::Clock;
use engine::ids::{AccountId, AgentId};
use engine::order::{Instruction, OrderLeg, OrderRequest, PutCall};

mod support;

use support::hooked_paper::PaperHooks;
use support::paper_rig::PaperRig;

const REDIRECT: &str = "http://127.0.0.1:8080/paper/oauth/callback";

/// Counts refreshes (yielding inside each one so that concurrent callers really overlap), account
/// reads and order writes.
#[derive(Default)]
struct Counting {
    refreshes: AtomicUsize,
    account_reads: AtomicUsize,
    /// Places, replaces and cancels sent through copydesk.
    writes: AtomicUsize,
}

#[async_trait]
impl PaperHooks for Counting {
    async fn before_refresh(&self) {
        self.refreshes.fetch_add(1, Ordering::SeqCst);
        for _ in 0..5 {
            tokio::task::yield_now().await;
        }
    }

    fn on_account_read(&self) {
        self.account_reads.fetch_add(1, Ordering::SeqCst);
    }

    fn on_write(&self) {
        self.writes.fetch_add(1, Ordering::SeqCst);
    }
}

type Rig = PaperRig<Counting>;

impl Rig {
    async fn authorized(&self, id: u64, username: &str) -> Result<engine::account::AccountHandle> {
        let handle = self.registry.start(AccountId(id), AgentId(1), 120)?;
        let code = self.paper.authorize(username, "any-password")?;
        handle
            .addr
            .send(Authorize {
                code,
                redirect_uri: REDIRECT.into(),
            })
            .await??;
        Ok(handle)
    }
}

#[actix_rt::test]
async fn a_new_account_needs_authorization_then_is_connected_with_a_week_left() -> Result<()> {
    let rig = Rig::new(1000)?;
    let handle = rig.registry.start(AccountId(1), AgentId(1), 120)?;
    assert_eq!(handle.account.status(), LinkStatus::AuthorizationNeeded);
    assert_eq!(handle.account.connection_minutes(), None);
    let err = handle.addr.send(FetchSnapshot).await?.unwrap_err();
    assert_eq!(err, AccountError::NotAuthorized);

    let code = rig.paper.authorize("alpha", "pw")?;
    handle
        .addr
        .send(Authorize {
            code,
            redirect_uri: REDIRECT.into(),
        })
        .await??;
    assert_eq!(handle.account.status(), LinkStatus::Connected);
    assert_eq!(handle.account.connection_minutes(), Some(7 * 24 * 60));
    assert!(rig.vault.load_tokens(AccountId(1))?.is_some());
    let snapshot = handle.addr.send(FetchSnapshot).await??;
    assert_eq!(
        snapshot.balances.cash_balance,
        Some(rust_decimal::Decimal::from(100_000))
    );
    Ok(())
}

#[actix_rt::test]
async fn the_access_token_is_refreshed_ahead_of_expiry_and_persisted() -> Result<()> {
    let rig = Rig::new(1000)?;
    let handle = rig.authorized(1, "alpha").await?;
    let first = rig
        .vault
        .load_tokens(AccountId(1))?
        .context("tokens stored")?;

    rig.clock.advance(Duration::minutes(20));
    handle.addr.send(FetchSnapshot).await??;
    assert_eq!(
        rig.broker.hooks.refreshes.load(Ordering::SeqCst),
        0,
        "25 minutes left: no refresh yet"
    );

    rig.clock.advance(Duration::minutes(6));
    handle.addr.send(FetchSnapshot).await??;
    assert_eq!(
        rig.broker.hooks.refreshes.load(Ordering::SeqCst),
        1,
        "4 minutes left: refreshed first"
    );
    let second = rig
        .vault
        .load_tokens(AccountId(1))?
        .context("tokens stored")?;
    assert_ne!(first.access, second.access);
    assert_eq!(
        second.refresh_expires_at, first.refresh_expires_at,
        "refreshing never extends the login"
    );
    assert_eq!(handle.account.status(), LinkStatus::Connected);
    Ok(())
}

#[actix_rt::test]
async fn concurrent_calls_share_one_refresh() -> Result<()> {
    let rig = Rig::new(1000)?;
    let handle = rig.authorized(1, "alpha").await?;
    rig.clock.advance(Duration::minutes(28));
    let calls = (0..20).map(|_| handle.addr.send(FetchSnapshot));
    let answers = futures::future::join_all(calls).await;
    for answer in answers {
        answer??;
    }
    assert_eq!(rig.broker.hooks.refreshes.load(Ordering::SeqCst), 1);
    assert_eq!(rig.broker.hooks.account_reads.load(Ordering::SeqCst), 20);
    Ok(())
}

#[actix_rt::test]
async fn a_login_past_its_week_needs_reauthorization() -> Result<()> {
    let rig = Rig::new(1000)?;
    let handle = rig.authorized(1, "alpha").await?;
    rig.clock.advance(Duration::days(6) + Duration::hours(23));
    assert_eq!(handle.account.connection_minutes(), Some(60));
    rig.clock.advance(Duration::hours(1));
    assert_eq!(handle.account.status(), LinkStatus::ReauthorizationNeeded);
    assert_eq!(handle.account.connection_minutes(), Some(0));
    let err = handle.addr.send(FetchSnapshot).await?.unwrap_err();
    assert_eq!(err, AccountError::ReauthorizationNeeded);

    // A new browser login brings it back.
    let code = rig.paper.authorize("alpha", "pw")?;
    handle
        .addr
        .send(Authorize {
            code,
            redirect_uri: REDIRECT.into(),
        })
        .await??;
    assert_eq!(handle.account.status(), LinkStatus::Connected);
    Ok(())
}

#[actix_rt::test]
async fn a_refresh_token_the_brokerage_killed_marks_the_account_for_reauthorization() -> Result<()>
{
    let rig = Rig::new(1000)?;
    let handle = rig.authorized(1, "alpha").await?;
    // Another login of the same user supersedes this account's tokens (as at Schwab).
    let other_code = rig.paper.authorize("alpha", "pw")?;
    rig.paper.exchange_code(&other_code, REDIRECT).await?;
    rig.clock.advance(Duration::minutes(29));
    let err = handle.addr.send(FetchSnapshot).await?.unwrap_err();
    assert_eq!(err, AccountError::ReauthorizationNeeded);
    assert_eq!(handle.account.status(), LinkStatus::ReauthorizationNeeded);
    assert!(
        rig.vault.load_tokens(AccountId(1))?.is_none(),
        "dead tokens are forgotten"
    );
    Ok(())
}

#[actix_rt::test]
async fn write_limit_changes_take_effect_at_once() -> Result<()> {
    let rig = Rig::new(1000)?;
    let handle = rig.authorized(1, "alpha").await?;
    assert_eq!(
        handle.addr.send(GetHealth).await?.write_limit_per_minute,
        120
    );
    handle.addr.send(SetWriteLimit(2)).await?;
    assert_eq!(handle.addr.send(GetHealth).await?.write_limit_per_minute, 2);
    assert!(handle.account.writes().try_take(1));
    assert!(handle.account.writes().try_take(1));
    assert!(!handle.account.writes().try_take(1));
    let health = handle.addr.send(GetHealth).await?;
    assert_eq!((health.writes_last_minute, health.throttled_calls), (2, 1));
    Ok(())
}

#[actix_rt::test]
async fn polling_fills_views_and_spends_reads_on_busy_accounts_first() -> Result<()> {
    // Two polls' worth of reads per minute for three accounts.
    let rig = Rig::new(4)?;
    let busy = rig.authorized(1, "alpha").await?;
    let idle_a = rig.authorized(2, "bravo").await?;
    let idle_b = rig.authorized(3, "charlie").await?;
    // Authorization used three reads (account numbers); let the window pass.
    rig.clock.advance(Duration::seconds(61));
    let first = rig.registry.poll_due().await;
    assert_eq!(first.len(), 2, "the budget allows two polls a minute");
    rig.clock.advance(Duration::seconds(61));
    let second = rig.registry.poll_due().await;
    let mut seen: Vec<AccountId> = first.iter().chain(second.iter()).copied().collect();
    seen.sort();
    seen.dedup();
    assert_eq!(
        seen,
        vec![AccountId(1), AccountId(2), AccountId(3)],
        "every account polled in two rounds"
    );
    for handle in [&busy, &idle_a, &idle_b] {
        assert!(handle.account.current_view().snapshot.is_some());
    }

    // Account 1 gets an open order (a limit far below the market stays WORKING) and asks for a poll.
    let hash = busy.account.link().context("linked")?.hash;
    let token = rig
        .vault
        .load_tokens(AccountId(1))?
        .context("tokens")?
        .access;
    let leg = OrderLeg::equity(Instruction::Buy, 1, "AAPL");
    rig.paper
        .place_order(
            &token,
            &hash,
            &OrderRequest::limit(leg, rust_decimal::Decimal::ONE),
        )
        .await?;
    busy.account.request_poll();
    rig.clock.advance(Duration::seconds(61));
    let third = rig.registry.poll_due().await;
    assert_eq!(
        third.first(),
        Some(&AccountId(1)),
        "the account with work goes first"
    );
    assert!(busy.account.current_view().has_open_orders());

    // The idle accounts keep the background pace; the busy one, polled every second, takes the
    // rest of the minute's reads, and then nothing more is polled, however due.
    rig.clock.advance(Duration::seconds(31));
    assert_eq!(rig.registry.poll_due().await, vec![AccountId(1)]);
    rig.clock.advance(Duration::seconds(1));
    assert_eq!(rig.registry.poll_due().await, Vec::<AccountId>::new());
    // A minute on, every account is due again and the busy one still goes first.
    rig.clock.advance(Duration::seconds(29));
    let fifth = rig.registry.poll_due().await;
    assert_eq!(fifth.first(), Some(&AccountId(1)));
    assert!(rig.registry.reads().used_last_minute() <= 4);
    Ok(())
}

#[actix_rt::test]
async fn a_persons_read_gets_a_read_at_once_when_background_work_spent_the_rest_of_the_minute()
-> Result<()> {
    use engine::account::{ReadClass, ReadShares};
    let rig = Rig::new(120)?;
    rig.registry.reads().set_shares(ReadShares::default());
    let handle = rig.authorized(1, "alpha").await?;
    let other = rig.authorized(2, "bravo").await?;
    rig.clock.advance(Duration::seconds(61));
    // Background polls take their share (60 of 120), then event reads all but the person reserve.
    assert_eq!(rig.registry.poll_due().await.len(), 2);
    let reads = rig.registry.reads();
    while reads.try_take_as(2, ReadClass::Background) {}
    assert_eq!(reads.background_last_minute(), 60);
    while reads.try_take_as(1, ReadClass::Event) {}
    assert_eq!(reads.used_last_minute(), 108);
    other.account.request_poll();
    assert_eq!(rig.registry.poll_due().await, Vec::<AccountId>::new());

    // An option chain, quotes, Account Info and a refresh get their reads at once: nobody waits.
    let before = rig.clock.now();
    let chain = handle.account.option_chain("AAPL", PutCall::Call).await?;
    assert_eq!(chain.underlying, "AAPL");
    assert!(!chain.expirations.is_empty());
    let quotes = handle.account.quotes(&["AAPL".to_owned()]).await?;
    assert!(quotes.contains_key("AAPL"));
    let snapshot = handle.addr.send(FetchSnapshot).await??;
    assert!(snapshot.balances.cash_balance.is_some());
    handle.account.poll_now().await;
    assert_eq!(rig.clock.now(), before, "no read waited");
    assert_eq!(reads.used_last_minute(), 113);
    // Its routine poll's two reads, and the five it just waited on.
    assert_eq!(handle.addr.send(GetHealth).await?.reads_last_minute, 7);

    // A stream's opening read, not a person's, waits for room outside the reserve and gives up.
    assert_eq!(
        handle.account.take_opening_read().await,
        Err(AccountError::ThrottledPastDeadline)
    );
    assert_eq!(reads.used_last_minute(), 113);
    Ok(())
}

#[actix_rt::test]
async fn stopping_an_account_removes_it_from_the_registry() -> Result<()> {
    let rig = Rig::new(1000)?;
    rig.authorized(1, "alpha").await?;
    assert_eq!(rig.registry.len(), 1);
    let running = rig.registry.account(AccountId(1)).context("running")?;
    assert_eq!(running.id(), AccountId(1));
    assert!(rig.registry.stop(AccountId(1)));
    assert!(!rig.registry.stop(AccountId(1)));
    assert!(rig.registry.get(AccountId(1)).is_none());
    assert!(rig.registry.account(AccountId(1)).is_none());
    Ok(())
}

/// Yields to the account's tasks until `condition` holds (events cross a channel, reads run as tasks).
async fn settle(mut condition: impl FnMut() -> bool) -> Result<()> {
    for _ in 0..10_000 {
        if condition() {
            return Ok(());
        }
        tokio::task::yield_now().await;
    }
    anyhow::bail!("the condition never held")
}

#[actix_rt::test]
async fn events_update_the_account_and_its_positions_are_checked_once_but_never_write_an_order()
-> Result<()> {
    use engine::account::StreamPhase;
    let rig = Rig::new(1000)?;
    // Streams run before the account is authorized: its stream waits, then opens once it is linked.
    rig.registry.start_streams();
    let waiting = rig.registry.start(AccountId(1), AgentId(1), 120)?;
    settle(|| {
        let stream = waiting.account.stream_status();
        stream.phase == StreamPhase::Off
            && stream.reason.as_deref() == Some("the account is not authorized")
    })
    .await?;
    let handle = rig.authorized(1, "alpha").await?;
    settle(|| {
        let stream = handle.account.stream_status();
        stream.phase == StreamPhase::Connected && stream.catch_ups == 1
    })
    .await?;
    // The account's owner buys at the brokerage, outside copydesk.
    let token = rig
        .vault
        .load_tokens(AccountId(1))?
        .context("tokens stored")?
        .access;
    let hash = handle.account.link().context("linked")?.hash;
    rig.paper
        .place_order(
            &token,
            &hash,
            &OrderRequest::market(OrderLeg::equity(Instruction::Buy, 7, "AAPL")),
        )
        .await?;
    // The fill marks the positions stale; no read is made for it until the scheduler's position
    // check (one background read), and balances are not read on their own.
    settle(|| handle.account.poll_candidate().positions_stale).await?;
    let reads_before = rig.registry.reads().used_last_minute();
    let mut checked = Vec::new();
    for _ in 0..10_000 {
        checked = rig.registry.check_positions_due().await;
        if !checked.is_empty() {
            break;
        }
        tokio::task::yield_now().await;
    }
    assert_eq!(checked, vec![AccountId(1)]);
    assert_eq!(rig.registry.reads().used_last_minute(), reads_before + 1);
    assert!(handle.account.current_snapshot().is_some_and(|s| {
        s.positions
            .iter()
            .any(|p| p.symbol == "AAPL" && p.long_quantity == 7)
    }));
    assert!(!handle.account.poll_candidate().positions_stale);
    assert!(rig.registry.check_positions_due().await.is_empty());
    let stream = handle.account.stream_status();
    assert!(stream.events >= 2, "{stream:?}");
    assert!(stream.last_event.is_some());
    assert_eq!(rig.broker.hooks.writes.load(Ordering::SeqCst), 0);
    // Unlinking logs the stream out.
    assert!(rig.registry.stop(AccountId(1)));
    settle(|| handle.account.stream_status().phase == StreamPhase::Off).await?;
    assert_eq!(
        handle.account.stream_status().reason.as_deref(),
        Some("logged out")
    );
    Ok(())
}
