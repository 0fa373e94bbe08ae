//! Gathers what the planner needs of the agent's account limits for one command: the stored sizing
//! profiles and guards, each NET_LIQUIDATION account's last net liquidation value, today's orders and
//! the open orders (only when a guard needs them), and the equal split the command asks for.

use std::collections::HashSet;

use engine::copy::{
    AccountLimitFacts, EqualSplit, LimitFacts, OpenOrders, SizingMethod, orders_since,
    trading_day_start,
};
use engine::ids::{AccountId, AgentId};

use super::equal_split::SPLIT_COUNTER;
use super::fan_out::Dispatch;
use crate::{ApiError, AppState};

/// The limit facts of one command of `agent`. A split that is sent moves the agent's split counter
/// on (so the next split's remainder starts one account further); a check or a plan preview reads it
/// without moving it, so it shows what sending now would do.
///
/// # Errors
/// A store failure.
pub(crate) fn gather(
    state: &AppState,
    agent: AgentId,
    split_total: Option<u32>,
    dispatch: Dispatch,
) -> Result<LimitFacts, ApiError> {
    let stored = state.store.account_limits()?.for_agent(agent)?;
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
