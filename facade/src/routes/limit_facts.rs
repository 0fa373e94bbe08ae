//! Gathers what the planner needs of the agent's account limits for one command: the stored sizing
//! profiles and guards, each NET_LIQUIDATION account's net liquidation value (read again first when
//! a place or replace is sent or checked and the last balances are old), today's orders and the open
//! orders (only when a guard needs them), and the equal split the command asks for.

use std::collections::HashSet;
use std::time::Duration;

use engine::copy::{
    AccountLimitFacts, Action, CopyCommand, EqualSplit, LimitFacts, OpenOrders, SizingMethod,
    Targets, orders_since, trading_day_start,
};
use engine::ids::AccountId;

use super::equal_split::SPLIT_COUNTER;
use super::fan_out::Dispatch;
use crate::{ApiError, AppState};

/// Balances younger than this size a NET_LIQUIDATION order as they are: a net liquidation value moves
/// slowly next to the budget of 120 reads a minute the whole application shares.
pub(crate) const BALANCES_FRESH_FOR: Duration = Duration::from_secs(15 * 60);
/// The longest a place or replace waits for the balances it reads first; an account whose read has
/// not answered by then is sized from its last balances (their age is in the plan preview).
pub(crate) const BALANCES_WAIT: Duration = Duration::from_secs(2);

/// The limit facts of `command`. A split that is sent moves the agent's split counter on (so the next
/// split's remainder starts one account further); a check or a plan preview reads it without moving
/// it, so it shows what sending now would do. Before a place or replace is sent or checked, each
/// targeted NET_LIQUIDATION account whose balances are missing or older than [`BALANCES_FRESH_FOR`]
/// reads them, all at once, as reads a person waits on; a plan preview reads nothing.
///
/// # Errors
/// A store failure.
pub(crate) async fn gather(
    state: &AppState,
    command: &CopyCommand,
    split_total: Option<u32>,
    dispatch: Dispatch,
) -> Result<LimitFacts, ApiError> {
    let agent = command.agent;
    let stored = state.store.account_limits()?.for_agent(agent)?;
    if dispatch != Dispatch::Plan {
        let sized_by_value = stored
            .iter()
            .filter(|(_, l)| l.sizing.method == SizingMethod::NetLiquidation)
            .map(|(account, _)| *account)
            .filter(|account| sizes(command, *account));
        refresh_old_balances(state, sized_by_value).await;
    }
    let mut facts = LimitFacts::with_capacity(stored.len());
    if let Some(total) = split_total {
        let counters = state.store.counters()?;
        let start = match dispatch {
            Dispatch::Send => counters
                .next_for_agent(agent.get(), SPLIT_COUNTER)?
                .saturating_sub(1),
            Dispatch::Check | Dispatch::Plan => {
                counters.current_for_agent(agent.get(), SPLIT_COUNTER)?
            }
        };
        facts.set_split(Some(EqualSplit { total, start }));
    }
    if stored.is_empty() {
        return Ok(facts);
    }
    let book = state.services.supervisor.keeper().book();
    let counts = if stored
        .values()
        .any(|l| l.guards.max_orders_per_day.is_some())
    {
        orders_since(book, agent, trading_day_start(state.services.clock.now()))
    } else {
        std::collections::HashMap::new()
    };
    let positioned: HashSet<AccountId> = stored
        .iter()
        .filter(|(_, l)| l.guards.max_position_per_symbol.is_some())
        .map(|(account, _)| *account)
        .collect();
    if !positioned.is_empty() {
        facts.set_open_orders(OpenOrders::of(book, agent, |account| {
            positioned.contains(&account)
        }));
    }
    for (account, limits) in stored {
        let net_liquidation = if limits.sizing.method == SizingMethod::NetLiquidation {
            state
                .services
                .registry
                .get(account)
                .and_then(|h| h.account.net_liquidation())
                .map(|(value, _)| value)
        } else {
            None
        };
        facts.insert(
            account,
            AccountLimitFacts {
                limits,
                net_liquidation,
                orders_today: counts.get(&account).copied().unwrap_or(0),
            },
        );
    }
    Ok(facts)
}

/// True when `command` sizes an order of `account` (a place targeting it, or a replace of one of its
/// orders).
fn sizes(command: &CopyCommand, account: AccountId) -> bool {
    match &command.action {
        Action::Place {
            targets: Targets::Active,
            ..
        } => true,
        Action::Place {
            targets: Targets::Listed(listed),
            ..
        } => listed.contains(&account),
        Action::Replace { orders, .. } => orders.iter().any(|(a, _)| *a == account),
        _ => false,
    }
}

/// Reads the balances of each of `accounts` whose last balances are missing or older than
/// [`BALANCES_FRESH_FOR`], all at once, waiting at most [`BALANCES_WAIT`]. A read that fails leaves
/// the account's last balances as they were; one that is late keeps its balances when it answers.
async fn refresh_old_balances(state: &AppState, accounts: impl Iterator<Item = AccountId>) {
    let now = state.services.clock.now();
    let fresh_for = chrono::Duration::from_std(BALANCES_FRESH_FOR).unwrap_or(chrono::Duration::MAX);
    let reads: Vec<_> = accounts
        .filter_map(|account| state.services.registry.get(account))
        .filter(|handle| {
            handle
                .account
                .net_liquidation()
                .is_none_or(|(_, read_at)| now - read_at > fresh_for)
        })
        .map(|handle| {
            // A read still running at the deadline goes on: its balances size the next order.
            actix_web::rt::spawn(async move {
                if let Err(err) = handle.account.fetch_snapshot().await {
                    tracing::info!(account = %handle.account.id(), error = %err, "balances before sizing by value not read; the last ones size the order");
                }
            })
        })
        .collect();
    if reads.is_empty() {
        return;
    }
    let _late = tokio::time::timeout(BALANCES_WAIT, futures::future::join_all(reads)).await;
}
