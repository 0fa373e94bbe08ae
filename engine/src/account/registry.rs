//! The running account actors, started at boot and on add, stopped on delete.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use actix::{Actor, Addr, ArbiterHandle};

use super::messages::Stop;
use super::poll_planner::{self, PollCandidate};
use super::{
    AccountActor, AccountDeps, AccountError, CallBudget, LinkedAccount, Login, LoginKey,
    StreamPhase, keep_stream,
};
use crate::ids::{AccountId, AgentId};

/// How often a stopping server looks whether the streams have logged out.
const STOP_CHECK: std::time::Duration = std::time::Duration::from_millis(20);
/// How many accounts open their order streams together when streams start (a restart).
pub const STREAM_OPENS_PER_WAVE: usize = 100;
/// The pause between two waves of stream openings.
pub const STREAM_WAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// How long the `index`-th running account waits before opening its stream when streams start:
/// [`STREAM_OPENS_PER_WAVE`] accounts at once, each wave [`STREAM_WAVE_EVERY`] after the one
/// before (a thousand accounts in ten waves, 9 s).
#[must_use]
pub fn opening_delay(index: usize) -> std::time::Duration {
    let wave = u32::try_from(index / STREAM_OPENS_PER_WAVE).unwrap_or(u32::MAX);
    STREAM_WAVE_EVERY.saturating_mul(wave)
}

/// A running account: its actor's address and the shared account state.
#[derive(Debug, Clone)]
pub struct AccountHandle {
    /// The actor's address.
    pub addr: Addr<AccountActor>,
    /// The account's state, readable without a mailbox round trip.
    pub account: Arc<LinkedAccount>,
}

/// Every running account actor, keyed by account id.
pub struct AccountRegistry {
    deps: AccountDeps,
    arbiter: ArbiterHandle,
    accounts: RwLock<HashMap<AccountId, AccountHandle>>,
    /// The logins of running accounts, by agent and brokerage username: accounts of one login
    /// share it.
    logins: std::sync::Mutex<HashMap<LoginKey, std::sync::Weak<Login>>>,
    /// Whether every running account keeps an order stream (set once the scheduler runs).
    streams: std::sync::atomic::AtomicBool,
}

impl std::fmt::Debug for AccountRegistry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountRegistry")
            .field("accounts", &self.len())
            .finish()
    }
}

impl AccountRegistry {
    /// A registry whose actors run on `arbiter` with `deps`.
    #[must_use]
    pub fn new(deps: AccountDeps, arbiter: ArbiterHandle) -> Arc<Self> {
        Arc::new(Self {
            deps,
            arbiter,
            accounts: RwLock::new(HashMap::new()),
            logins: std::sync::Mutex::default(),
            streams: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// The app-wide read budget.
    #[must_use]
    pub fn reads(&self) -> &Arc<CallBudget> {
        &self.deps.reads
    }

    /// The shared dependencies of every account.
    #[must_use]
    pub fn deps(&self) -> &AccountDeps {
        &self.deps
    }

    /// Starts the actor of an account on a login of its own (or returns the running one).
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the account's stored tokens cannot be read.
    pub fn start(
        &self,
        id: AccountId,
        agent: AgentId,
        write_limit_per_minute: u32,
    ) -> Result<AccountHandle, AccountError> {
        self.start_with(id, agent, write_limit_per_minute, None)
    }

    /// Starts the actor of an account that signs in with `key`'s login (or returns the running
    /// one): accounts of one login share its tokens and its one order stream.
    ///
    /// # Errors
    /// [`AccountError::Vault`] when the account's stored tokens cannot be read.
    pub fn start_on_login(
        &self,
        id: AccountId,
        write_limit_per_minute: u32,
        key: LoginKey,
    ) -> Result<AccountHandle, AccountError> {
        if let Some(running) = self.get(id) {
            return Ok(running);
        }
        let mut logins = self.logins.lock().unwrap_or_else(PoisonError::into_inner);
        logins.retain(|_, login| login.strong_count() > 0);
        let shared = logins.get(&key).and_then(std::sync::Weak::upgrade);
        let agent = key.agent;
        let handle = self.start_with(id, agent, write_limit_per_minute, shared)?;
        logins.insert(key, Arc::downgrade(handle.account.login()));
        Ok(handle)
    }

    fn start_with(
        &self,
        id: AccountId,
        agent: AgentId,
        write_limit_per_minute: u32,
        login: Option<Arc<Login>>,
    ) -> Result<AccountHandle, AccountError> {
        if let Some(running) = self.get(id) {
            return Ok(running);
        }
        let account = Arc::new(LinkedAccount::load_on(
            id,
            agent,
            write_limit_per_minute,
            self.deps.clone(),
            login,
        )?);
        account.login().join(&account);
        let for_actor = account.clone();
        let addr =
            AccountActor::start_in_arbiter(&self.arbiter, move |_| AccountActor::new(for_actor));
        if self.streams.load(std::sync::atomic::Ordering::Acquire) {
            self.arbiter.spawn(keep_stream(account.clone()));
        }
        let handle = AccountHandle { addr, account };
        self.accounts
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id, handle.clone());
        Ok(handle)
    }

    /// Links another brokerage account of `source`'s login as the trading account `id` (stored by
    /// the caller): reads what the login reaches now (one read a person waits on), takes the
    /// reached account whose number ends in `last_four` that no account of the login holds, claims
    /// it in the vault (the same one-step claim an authorization makes) and starts the account on
    /// the login, sharing its tokens and its one order stream; no new authorization is needed.
    ///
    /// # Errors
    /// [`AccountError::NotAuthorized`] when `source` has no linked, live login;
    /// [`AccountError::NotOnLogin`] when the login reaches no such account;
    /// [`AccountError::LinkRefused`] with [`super::LinkRefusal::Taken`] when another trading account
    /// holds it; the read's failures; [`AccountError::Vault`] when storing fails.
    pub async fn link_login_account(
        &self,
        source: &Arc<LinkedAccount>,
        id: AccountId,
        write_limit_per_minute: u32,
        key: LoginKey,
        last_four: &str,
    ) -> Result<AccountHandle, AccountError> {
        if source.link().is_none() || !source.tokens().has_live_login() {
            return Err(AccountError::NotAuthorized);
        }
        let login = source.login().clone();
        let _linking = login.linking().await;
        let reached = source.read_login_reach().await?;
        let linked: Vec<_> = login.members().iter().filter_map(|m| m.link()).collect();
        let wanted = reached
            .iter()
            .filter(|r| r.account_number.0.ends_with(last_four))
            .find(|r| !linked.iter().any(|l| l.account_number == r.account_number))
            .cloned()
            .ok_or_else(|| AccountError::NotOnLogin(format!("\u{2026}{last_four}")))?;
        match self.deps.vault.claim_link(id, &wanted)? {
            super::LinkClaim::Linked => {}
            super::LinkClaim::HeldBy(holder) => {
                return Err(AccountError::LinkRefused(super::LinkRefusal::Taken {
                    held: vec![(wanted.account_number, holder)],
                }));
            }
        }
        let streamed = login.is_streamed(&wanted.hash);
        let handle = self.start_with(id, key.agent, write_limit_per_minute, Some(login.clone()))?;
        self.logins
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key, Arc::downgrade(&login));
        login.tokens().add_holder(id).await?;
        login.keep_reached(&reached);
        // Where the login's stream is, too: should this account hold the stream one day, it reads nothing.
        if let Some(address) = source.stream_address() {
            handle.account.keep_stream_address(Some(address));
        }
        handle.account.request_poll();
        if !streamed {
            // The open stream does not follow that account yet: it logs in again once.
            login.tokens().announce_login();
        }
        tracing::info!(account = %id, "another account of a login linked");
        Ok(handle)
    }

    /// Stops an account's actor; false when it was not running.
    pub fn stop(&self, id: AccountId) -> bool {
        let removed = self
            .accounts
            .write()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id);
        match removed {
            Some(handle) => {
                // The login's other accounts keep its tokens and stream; its last one lets them go,
                // and an account added later with that login starts without them.
                let login = handle.account.login();
                if !login.leave(id) {
                    self.logins
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .retain(|_, kept| !std::ptr::eq(kept.as_ptr(), Arc::as_ptr(login)));
                }
                handle.account.stop_stream();
                handle.addr.do_send(Stop);
                true
            }
            None => false,
        }
    }

    /// The running account `id`.
    #[must_use]
    pub fn get(&self, id: AccountId) -> Option<AccountHandle> {
        self.accounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .cloned()
    }

    /// The state of running account `id`, without its actor's address (a fan-out's writes need only
    /// this).
    #[must_use]
    pub fn account(&self, id: AccountId) -> Option<Arc<LinkedAccount>> {
        self.accounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .map(|handle| handle.account.clone())
    }

    /// Every running account.
    #[must_use]
    pub fn handles(&self) -> Vec<AccountHandle> {
        self.accounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect()
    }

    /// How many accounts are running.
    #[must_use]
    pub fn len(&self) -> usize {
        self.accounts
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// Whether no account is running.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// What the poll planner needs of every account.
    #[must_use]
    pub fn candidates(&self) -> Vec<PollCandidate> {
        self.handles()
            .iter()
            .map(|handle| handle.account.poll_candidate())
            .collect()
    }

    /// Plans the polls due now within the read budget's background share, then the position checks
    /// of accounts whose orders filled (see [`poll_planner::plan_position_checks`]), and runs them
    /// concurrently; returns the accounts polled (not those only checked).
    pub async fn poll_due(&self) -> Vec<AccountId> {
        let now = self.deps.clock.now();
        let candidates = self.candidates();
        let reserve = poll_planner::event_reserve(&candidates, self.deps.reads.per_minute());
        let chosen = poll_planner::plan(&candidates, &self.deps.reads, reserve, now);
        let checked = poll_planner::plan_position_checks(
            &self.one_check_per_login(candidates, &chosen),
            &self.deps.reads,
            reserve,
            &chosen,
        );
        let polls = chosen
            .iter()
            .filter_map(|id| self.get(*id))
            .map(|handle| async move {
                if let Err(err) = handle.account.poll_prepaid().await {
                    tracing::debug!(account = %handle.account.id(), error = %err, "poll failed");
                }
            });
        futures::future::join_all(
            polls.map(futures::future::Either::Left).chain(
                self.position_checks(&checked)
                    .map(futures::future::Either::Right),
            ),
        )
        .await;
        chosen
    }

    /// Runs only the position checks due now (accounts whose orders filled since their positions
    /// were read), within the background share; returns the accounts checked.
    pub async fn check_positions_due(&self) -> Vec<AccountId> {
        let candidates = self.candidates();
        let reserve = poll_planner::event_reserve(&candidates, self.deps.reads.per_minute());
        let checked = poll_planner::plan_position_checks(
            &self.one_check_per_login(candidates, &[]),
            &self.deps.reads,
            reserve,
            &[],
        );
        futures::future::join_all(self.position_checks(&checked)).await;
        checked
    }

    /// `candidates` as the position checks see them: one positions read serves every linked account
    /// of a login (see [`LinkedAccount::check_positions_prepaid`]), so of the accounts of one login
    /// only one stays due, standing for all (it goes first when any of them could not keep a fill),
    /// and none when one of them is polled in this round (a poll reads the positions).
    fn one_check_per_login(
        &self,
        mut candidates: Vec<PollCandidate>,
        polled: &[AccountId],
    ) -> Vec<PollCandidate> {
        let mut served: Vec<(*const Login, usize)> = Vec::new();
        let login_of = |id: AccountId| {
            self.account(id).and_then(|account| {
                let shared =
                    account.link().is_some() && !account.login().linked_siblings(id).is_empty();
                shared.then(|| Arc::as_ptr(account.login()))
            })
        };
        for id in polled {
            if let Some(login) = login_of(*id) {
                served.push((login, usize::MAX));
            }
        }
        for index in 0..candidates.len() {
            if !candidates[index].positions_stale {
                continue;
            }
            let Some(login) = login_of(candidates[index].account) else {
                continue;
            };
            match served.iter().find(|(l, _)| *l == login).map(|(_, at)| *at) {
                None => served.push((login, index)),
                Some(standing) => {
                    let kept = candidates[index].positions_kept;
                    candidates[index].positions_stale = false;
                    if let Some(stand_in) = candidates.get_mut(standing) {
                        stand_in.positions_kept &= kept;
                    }
                }
            }
        }
        candidates
    }

    /// The position checks of `accounts`, their reads already taken.
    fn position_checks<'a>(
        &'a self,
        accounts: &'a [AccountId],
    ) -> impl Iterator<Item = impl std::future::Future<Output = ()> + 'a> + 'a {
        accounts
            .iter()
            .filter_map(|id| self.get(*id))
            .map(|handle| async move {
                if let Err(err) = handle.account.check_positions_prepaid().await {
                    tracing::debug!(account = %handle.account.id(), error = %err, "position check failed");
                }
            })
    }

    /// Gives every running account, and every account started from now on, an order stream (see
    /// [`keep_stream`]). Called once, when polling starts. The accounts running then open theirs in
    /// waves ([`opening_delay`]): a thousand connect within seconds, never all in the same instant.
    pub fn start_streams(&self) {
        if self.streams.swap(true, std::sync::atomic::Ordering::AcqRel) {
            return;
        }
        for (index, handle) in self.handles().into_iter().enumerate() {
            let account = handle.account.clone();
            let delay = opening_delay(index);
            self.arbiter.spawn(async move {
                if !delay.is_zero() {
                    let pause = account.deps().pause.clone();
                    pause.pause(delay).await;
                }
                keep_stream(account).await;
            });
        }
    }

    /// Logs every stream out (the server stops), waiting up to `limit` for them to end.
    pub async fn stop_streams(&self, limit: std::time::Duration) {
        let handles = self.handles();
        for handle in &handles {
            handle.account.stop_stream();
        }
        let ended = async {
            for handle in &handles {
                let account = &handle.account;
                // The keeper's last step marks the stream off (or it never had one).
                while matches!(
                    account.stream_status().phase,
                    StreamPhase::Connecting | StreamPhase::Connected | StreamPhase::Reconnecting
                ) {
                    tokio::time::sleep(STOP_CHECK).await;
                }
            }
        };
        let _ = tokio::time::timeout(limit, ended).await;
    }

    /// Refreshes every account's access token that is due, so idle accounts stay connected.
    pub async fn keep_tokens_fresh(&self) {
        let refreshes = self.handles().into_iter().map(|handle| async move {
            if let Err(err) = handle.account.keep_token_fresh().await {
                tracing::debug!(account = %handle.account.id(), error = %err, "token refresh failed");
            }
        });
        futures::future::join_all(refreshes).await;
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::opening_delay;

    #[test]
    fn streams_open_a_hundred_at_a_time_a_second_apart() {
        assert_eq!(opening_delay(0), Duration::ZERO);
        assert_eq!(opening_delay(99), Duration::ZERO);
        assert_eq!(opening_delay(100), Duration::from_secs(1));
        assert_eq!(opening_delay(999), Duration::from_secs(9));
        assert_eq!(
            opening_delay(usize::MAX),
            Duration::from_secs(u64::from(u32::MAX))
        );
    }
}
