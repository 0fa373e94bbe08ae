//! Keeps one login's order stream open: one account of the login holds it, opens it with the login's
//! token for every account the login reaches, hands each event to the account whose brokerage account
//! it names, catches up after every connect and gap, logs in again after a token refresh, reconnects
//! with capped, jittered backoff, and logs out when the holder is unlinked or the server stops (another
//! account of the login then takes the stream over).

use std::sync::Arc;
use std::time::Duration;

use rand::Rng;

use super::{AccountError, LinkedAccount, StreamPhase};
use crate::broker::{BrokerError, OrderStream, StreamEnd, StreamError, StreamItem};

/// How long after an event its follow-up reads wait, so that a burst of events (created, accepted,
/// filled) is read once.
pub const FOLLOW_UP_DELAY: Duration = Duration::from_millis(300);
/// The first pause before opening a lost stream again.
pub const RECONNECT_MIN: Duration = Duration::from_secs(1);
/// The longest pause between attempts to open a stream.
pub const RECONNECT_MAX: Duration = Duration::from_secs(60);
/// The longest pause after another connection of the same login took the stream over (Schwab's code
/// 12): the owner's own program, or a second copydesk, keeps its stream, and copydesk follows the
/// account by polling meanwhile instead of knocking the other off once a second.
pub const TAKEOVER_MAX: Duration = Duration::from_secs(300);
/// A stream connected this long was healthy: its next loss starts the pauses over from
/// [`RECONNECT_MIN`]. A stream lost sooner doubles the pause that came before it.
pub const STABLE_AFTER: Duration = Duration::from_secs(60);

/// The pause before attempt `failures + 1`: doubling from [`RECONNECT_MIN`] up to [`RECONNECT_MAX`],
/// then spread over 75-100 % of that so that many accounts do not reconnect in step.
#[must_use]
pub fn backoff(failures: u32, jitter: f64) -> Duration {
    capped_backoff(failures, RECONNECT_MAX, jitter)
}

/// As [`backoff`], up to `cap` instead of [`RECONNECT_MAX`].
#[must_use]
pub fn capped_backoff(failures: u32, cap: Duration, jitter: f64) -> Duration {
    let doubled = RECONNECT_MIN.saturating_mul(1 << failures.saturating_sub(1).min(16));
    doubled
        .min(cap)
        .mul_f64(0.75 + 0.25 * jitter.clamp(0.0, 1.0))
}

/// The pause after a connected stream was lost, the `losses`-th loss in a row of streams that did not
/// stay up for [`STABLE_AFTER`]: doubling, up to [`TAKEOVER_MAX`] when another connection of the login
/// took the stream over, else up to [`RECONNECT_MAX`].
#[must_use]
pub fn pause_after_loss(end: &StreamEnd, losses: u32, jitter: f64) -> Duration {
    let cap = if *end == StreamEnd::Superseded {
        TAKEOVER_MAX
    } else {
        RECONNECT_MAX
    };
    capped_backoff(losses, cap, jitter)
}

/// Runs follow-up rounds of `account` a moment apart until none is asked for.
pub fn schedule_followups(account: &Arc<LinkedAccount>) {
    let account = account.clone();
    actix::spawn(async move {
        let pause = account.deps().pause.clone();
        loop {
            pause.pause(FOLLOW_UP_DELAY).await;
            if !account.run_followups().await {
                break;
            }
        }
    });
}

/// Why the inner loop of a connected stream ended.
enum Ended {
    /// The stream closed or failed; reconnect after a pause.
    Lost(StreamEnd),
    /// The token changed; log in again at once.
    NewLogin,
    /// The account is unlinked or the server stops.
    Stop,
}

/// Keeps the order stream of `account`'s login open until [`LinkedAccount::stop_stream`]. Runs on
/// the accounts' arbiter, one per account; of the accounts of one login, one holds the login's one
/// stream (Schwab allows one connection per login) and reports to every account of the login, while
/// the others wait to take it over when the holder stops.
pub async fn keep_stream(account: Arc<LinkedAccount>) {
    let login = account.login().clone();
    let mut stop = account.watch_stream_stop();
    let mut released = login.watch_stream_release();
    loop {
        if *stop.borrow() {
            break;
        }
        released.borrow_and_update();
        if login.claim_stream(account.id()) {
            hold_stream(&account).await;
            login.release_stream(account.id());
            break;
        }
        tokio::select! {
            changed = released.changed() => if changed.is_err() { break },
            _ = stop.changed() => break,
        }
    }
}

/// The stream's holder: opens and keeps the login's stream for every account of the login.
async fn hold_stream(account: &Arc<LinkedAccount>) {
    let login = account.login().clone();
    let mut stop = account.watch_stream_stop();
    let mut logins = account.tokens().watch_logins();
    let clock = account.deps().clock.clone();
    let pause = account.deps().pause.clone();
    let mut failures: u32 = 0;
    // Connected streams lost one after another, each before it had been up for STABLE_AFTER.
    let mut losses: u32 = 0;
    let mut connected_once = false;
    let enter = |phase: StreamPhase, reason: Option<String>| {
        let now = clock.now();
        // The holder itself too: once deleted it is no longer one of the login's accounts.
        account.update_stream(|s| s.enter(phase, now, reason.clone()));
        for member in login.members() {
            if member.id() != account.id() {
                member.update_stream(|s| s.enter(phase, now, reason.clone()));
            }
        }
    };
    loop {
        if *stop.borrow() {
            break;
        }
        logins.borrow_and_update();
        let Some(link) = account.link().filter(|_| account.tokens().has_live_login()) else {
            enter(
                StreamPhase::Off,
                Some("the account is not authorized".to_owned()),
            );
            tokio::select! {
                changed = logins.changed() => if changed.is_err() { break },
                _ = stop.changed() => break,
            }
            continue;
        };
        enter(
            if connected_once || failures > 0 {
                StreamPhase::Reconnecting
            } else {
                StreamPhase::Connecting
            },
            account.stream_status().reason,
        );
        let links = login.stream_links();
        let links = if links.is_empty() { vec![link] } else { links };
        login.note_streamed(&links);
        let opened = open(account, &links).await;
        let mut stream = match opened {
            Ok(stream) => stream,
            Err(StreamError::Unsupported) => {
                enter(StreamPhase::Unsupported, None);
                let _ = stop.changed().await;
                break;
            }
            Err(err) => {
                failures += 1;
                tracing::info!(account = %account.id(), error = %err, failures, "order stream could not be opened");
                if !err.may_pass() {
                    enter(StreamPhase::Failed, Some(err.to_string()));
                    failures = 0;
                    tokio::select! {
                        changed = logins.changed() => if changed.is_err() { break },
                        _ = stop.changed() => break,
                    }
                    continue;
                }
                enter(StreamPhase::Reconnecting, Some(err.to_string()));
                let wait = backoff(failures, rand::thread_rng().r#gen());
                tokio::select! {
                    () = pause.pause(wait) => {}
                    _ = logins.changed() => {}
                    _ = stop.changed() => break,
                }
                continue;
            }
        };
        failures = 0;
        connected_once = true;
        let connected_at = clock.now();
        enter(StreamPhase::Connected, None);
        tracing::info!(account = %account.id(), "order stream connected");
        // A listing catches up what the stream may have missed while it was not connected; it is
        // worth its read only for an account with a row that is not final (a restart of a thousand
        // accounts lists only those).
        catch_up_members(&login);
        let ended = loop {
            tokio::select! {
                item = stream.next() => match item {
                    StreamItem::Event(event) => {
                        // Events of an account of the login that no trading account holds are
                        // left out.
                        if let Some(member) = login.member_by_hash(&event.account) {
                            if member.on_event(event) {
                                schedule_followups(&member);
                            }
                        }
                    }
                    StreamItem::Gap => catch_up_members(&login),
                    StreamItem::Closed(end) => break Ended::Lost(end),
                },
                changed = logins.changed() => {
                    stream.logout().await;
                    break if changed.is_err() { Ended::Stop } else { Ended::NewLogin };
                }
                _ = stop.changed() => {
                    stream.logout().await;
                    break Ended::Stop;
                }
            }
        };
        match ended {
            Ended::Stop => break,
            Ended::NewLogin => {
                enter(
                    StreamPhase::Reconnecting,
                    Some("logging in again with the refreshed token".to_owned()),
                );
            }
            Ended::Lost(end) => {
                let up = (clock.now() - connected_at)
                    .to_std()
                    .unwrap_or(Duration::ZERO);
                losses = if up >= STABLE_AFTER { 1 } else { losses + 1 };
                let wait = pause_after_loss(&end, losses, rand::thread_rng().r#gen());
                tracing::info!(account = %account.id(), reason = %end, losses, wait_ms = wait.as_millis(),
                    "order stream lost");
                enter(StreamPhase::Reconnecting, Some(end.to_string()));
                tokio::select! {
                    () = pause.pause(wait) => {}
                    _ = stop.changed() => break,
                }
            }
        }
    }
    enter(StreamPhase::Off, Some("logged out".to_owned()));
}

/// After a connect or a gap: each account of the login with a row that is not final lists its orders
/// once (an account whose rows are all final learns nothing from a listing and reads none).
fn catch_up_members(login: &super::Login) {
    for member in login.members() {
        if member.link().is_some()
            && member.deps().observer.has_open_rows(member.id())
            && member.ask_catch_up()
        {
            schedule_followups(&member);
        }
    }
}

/// Gets a usable token and opens the stream of the account's brokerage account. Where the
/// brokerage must first be asked where the login's stream is (Schwab's `userPreference`), the
/// answer is read once (one read from the app budget) and kept: opening again after a drop or a
/// restart costs no read, until the streamer refuses a login at the kept address.
async fn open(
    account: &LinkedAccount,
    links: &[crate::broker::AccountLink],
) -> Result<Box<dyn OrderStream>, StreamError> {
    let broker = account.deps().broker.clone();
    // The login's address is the same for every account of it: one kept by another account of the
    // login (the holder before, deleted now) saves the read too.
    let known = account.stream_address().or_else(|| {
        let kept = account
            .login()
            .members()
            .iter()
            .find_map(|member| member.stream_address())?;
        account.keep_stream_address(Some(kept.clone()));
        Some(kept)
    });
    let needs_read = broker.stream_needs_address() && known.is_none();
    if needs_read {
        account.take_opening_read().await.map_err(to_stream_error)?;
    }
    let token = account
        .tokens()
        .access(broker.as_ref())
        .await
        .map_err(to_stream_error)?;
    let opened = async {
        let address = if needs_read {
            let read = broker.stream_address(&token).await?;
            // Kept by every account of the login: whichever holds the stream next reads nothing.
            account.keep_stream_address(Some(read.clone()));
            for member in account.login().members() {
                if member.id() != account.id() {
                    member.keep_stream_address(Some(read.clone()));
                }
            }
            Some(read)
        } else {
            known
        };
        let opened = broker
            .open_order_stream_at(&token, links, address.as_ref())
            .await;
        if matches!(opened, Err(StreamError::LoginDenied(_))) && address.is_some() {
            // Forgotten for every account of the login, so the next opening reads it again.
            account.keep_stream_address(None);
            for member in account.login().members() {
                if member.stream_address().is_some() {
                    member.keep_stream_address(None);
                }
            }
        }
        opened
    };
    match opened.await {
        Err(StreamError::Broker(BrokerError::TokenExpired)) => {
            // A refreshed token changes the login, which opens the stream again at once.
            account
                .tokens()
                .refresh_now(broker.as_ref(), &token)
                .await
                .map_err(to_stream_error)?;
            Err(StreamError::Broker(BrokerError::TokenExpired))
        }
        other => other,
    }
}

fn to_stream_error(err: AccountError) -> StreamError {
    match err {
        AccountError::Broker(broker) => StreamError::Broker(broker),
        AccountError::ReauthorizationNeeded => {
            StreamError::Broker(BrokerError::ReauthorizationNeeded)
        }
        other => StreamError::Connect(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_to_its_cap_and_jitter_only_shortens_it() {
        assert_eq!(backoff(1, 1.0), Duration::from_secs(1));
        assert_eq!(backoff(2, 1.0), Duration::from_secs(2));
        assert_eq!(backoff(4, 1.0), Duration::from_secs(8));
        assert_eq!(backoff(30, 1.0), RECONNECT_MAX);
        assert_eq!(backoff(1, 0.0), Duration::from_millis(750));
        assert_eq!(backoff(0, 1.0), Duration::from_secs(1));
    }

    #[test]
    fn a_takeover_doubles_the_pause_up_to_minutes_and_other_losses_up_to_a_minute() {
        let superseded = StreamEnd::Superseded;
        let dropped = StreamEnd::Dropped("reset".into());
        assert_eq!(
            pause_after_loss(&superseded, 1, 1.0),
            Duration::from_secs(1)
        );
        assert_eq!(
            pause_after_loss(&superseded, 5, 1.0),
            Duration::from_secs(16)
        );
        assert_eq!(
            pause_after_loss(&superseded, 8, 1.0),
            Duration::from_secs(128)
        );
        assert_eq!(
            pause_after_loss(&superseded, 9, 1.0),
            Duration::from_secs(256)
        );
        assert_eq!(pause_after_loss(&superseded, 10, 1.0), TAKEOVER_MAX);
        assert_eq!(
            pause_after_loss(&superseded, 40, 0.0),
            TAKEOVER_MAX.mul_f64(0.75)
        );
        assert_eq!(pause_after_loss(&dropped, 10, 1.0), RECONNECT_MAX);
        assert_eq!(
            pause_after_loss(&StreamEnd::Silent, 2, 1.0),
            Duration::from_secs(2)
        );
    }
}
