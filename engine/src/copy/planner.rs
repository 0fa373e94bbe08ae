//! The planner: turns a copy-trade command into the work each account gets (or why it gets none).
//!
//! Every trading rule of a fan-out lives here: which accounts a place goes to, tier scaling, exit caps
//! at holdings, replace eligibility and the replace chain. It is a pure function of the command and
//! what is known of the agent's accounts and sessions, so it is tested without a brokerage.

use std::collections::HashMap;

use super::command::{Action, CopyCommand, Targets};
use super::{CopyRow, RowState, SessionBook, TradeKind};
use crate::account::{AccountType, TierMultipliers};
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::{Instruction, OrderRequest, OrderStatus};

/// Row statuses whose order may be replaced (spec 01 §4; a REPLACED one is followed to its successor).
pub const REPLACEABLE: &[&str] = &["WORKING", "QUEUED", "PENDING_ACTIVATION", "REPLACED"];

/// How long a replace chain may be followed before it is taken for a loop.
const MAX_CHAIN: usize = 10_000;

/// What the planner needs to know of one of the agent's accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AccountFacts {
    /// The account.
    pub id: AccountId,
    /// Its size tier.
    pub tier: AccountType,
    /// Whether the agent has trading switched on for it.
    pub trading_active: bool,
    /// Whether its brokerage login can be used now.
    pub usable: bool,
}

/// What an account holds, as last polled.
pub trait Holdings {
    /// Net quantity of `symbol` in `account` (negative when short; 0 when nothing or unknown).
    fn net(&self, account: AccountId, symbol: &str) -> i64;
}

impl Holdings for HashMap<(AccountId, String), i64> {
    fn net(&self, account: AccountId, symbol: &str) -> i64 {
        self.get(&(account, symbol.to_owned()))
            .copied()
            .unwrap_or(0)
    }
}

/// Everything known of the agent when a command is planned.
pub struct AgentFacts<'a> {
    /// The agent's accounts (any order).
    pub accounts: &'a [AccountFacts],
    /// The agent's tier multipliers.
    pub tiers: TierMultipliers,
    /// The accounts' holdings.
    pub holdings: &'a dyn Holdings,
    /// The sessions (for replace and cancel).
    pub book: &'a SessionBook,
}

/// What one account gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// A new order.
    Place(OrderRequest),
    /// A replacement of a live order.
    Replace {
        /// The live order replaced.
        old: BrokerOrderId,
        /// The new order.
        request: OrderRequest,
    },
    /// A cancel of a live order.
    Cancel(BrokerOrderId),
    /// Nothing is sent; the account still gets a `FAILED_TO_PLACE` row with the reason.
    Refuse {
        /// The order it would have been sent.
        request: OrderRequest,
        /// Why it is not sent.
        reason: String,
    },
}

/// One account's part of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountWork {
    /// The account.
    pub account: AccountId,
    /// What it gets.
    pub work: Work,
}

/// Which session a plan's rows belong to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionUse {
    /// A new session (place, exit, replace); a replace names the session whose orders it replaces.
    New {
        /// The session replaced, for a replace.
        replaced: Option<SessionId>,
    },
    /// The existing session (cancel keeps its session).
    Keep(SessionId),
}

/// The per-account work of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The agent.
    pub agent: AgentId,
    /// The kind of trade.
    pub kind: TradeKind,
    /// The session the rows go to.
    pub session: SessionUse,
    /// One entry per targeted account, in the order given (listed) or by account id (all active).
    pub works: Vec<AccountWork>,
}

/// Why a command is refused as a whole; nothing is sent and no session id is used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// A listed account is not one of the agent's.
    #[error("account {0} is not one of your trading accounts")]
    NotYourAccount(AccountId),
    /// No account has trading on and a usable login.
    #[error("No active trading account to send the order to")]
    NoActiveAccounts,
    /// The command names no account or order; the text names the field.
    #[error("{0} must name at least one order")]
    NothingNamed(&'static str),
    /// The quantity does not fit once multiplied by a tier.
    #[error("Quantity is too large for the account tiers")]
    QuantityTooLarge,
    /// The session is not one of the agent's.
    #[error("No such copy-trading session")]
    NoSuchSession,
    /// An order is not a row of the session.
    #[error("order {order} of account {account} is not part of session {session}")]
    NotInSession {
        /// The account.
        account: AccountId,
        /// The order.
        order: BrokerOrderId,
        /// The session.
        session: SessionId,
    },
    /// The order (or the live order that replaced it) cannot be replaced in its status.
    #[error("{0}")]
    NotReplaceable(String),
    /// Every order is already canceled.
    #[error("The order is already canceled")]
    AlreadyCanceled,
}

/// Turns a command into per-account work.
///
/// # Errors
/// [`PlanError`] when the command as a whole cannot go out (nothing is sent then).
pub fn plan(command: &CopyCommand, facts: &AgentFacts<'_>) -> Result<Plan, PlanError> {
    let (session, works) = match &command.action {
        Action::Place { targets, order } => (
            SessionUse::New { replaced: None },
            place(targets, order, facts)?,
        ),
        Action::Exit { exits } => (SessionUse::New { replaced: None }, exit(exits, facts)?),
        Action::Replace {
            session,
            orders,
            order,
        } => {
            let (replaced, works) = replace(command.agent, *session, orders, order, facts)?;
            (
                SessionUse::New {
                    replaced: Some(replaced),
                },
                works,
            )
        }
        Action::Cancel { session, orders } => (
            SessionUse::Keep(*session),
            cancel(command.agent, *session, orders, facts)?,
        ),
    };
    Ok(Plan {
        agent: command.agent,
        kind: command.kind,
        session,
        works,
    })
}

/// `request` resized to `quantity` units (contracts, shares, or spreads with every leg at that count).
#[must_use]
pub fn sized(request: &OrderRequest, quantity: u32) -> OrderRequest {
    let mut sized = request.clone();
    if sized.quantity.is_some() {
        sized.quantity = Some(quantity);
        for leg in &mut sized.legs {
            leg.quantity = quantity;
        }
    } else if let Some(leg) = sized.legs.first_mut() {
        leg.quantity = quantity;
    }
    sized
}

fn owned<'a>(facts: &AgentFacts<'a>, id: AccountId) -> Result<&'a AccountFacts, PlanError> {
    facts
        .accounts
        .iter()
        .find(|a| a.id == id)
        .ok_or(PlanError::NotYourAccount(id))
}

fn scaled(
    facts: &AgentFacts<'_>,
    tier: AccountType,
    order: &OrderRequest,
) -> Result<OrderRequest, PlanError> {
    let quantity = facts
        .tiers
        .scale(tier, order.total_quantity())
        .ok_or(PlanError::QuantityTooLarge)?;
    Ok(sized(order, quantity))
}

fn place(
    targets: &Targets,
    order: &OrderRequest,
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    let mut chosen: Vec<AccountFacts> = match targets {
        Targets::Active => {
            let mut active: Vec<AccountFacts> = facts
                .accounts
                .iter()
                .filter(|a| a.trading_active && a.usable)
                .copied()
                .collect();
            active.sort_by_key(|a| a.id);
            active
        }
        Targets::Listed(ids) => ids
            .iter()
            .map(|id| owned(facts, *id).copied())
            .collect::<Result<_, _>>()?,
    };
    let mut seen = std::collections::HashSet::new();
    chosen.retain(|a| seen.insert(a.id));
    if chosen.is_empty() {
        return Err(PlanError::NoActiveAccounts);
    }
    chosen
        .iter()
        .map(|account| {
            Ok(AccountWork {
                account: account.id,
                work: Work::Place(scaled(facts, account.tier, order)?),
            })
        })
        .collect()
}

/// How much of a closing order an account can send: the smallest holding, in the direction each leg
/// closes, capped at the asked quantity; `Err` with the reason when a leg has nothing to close.
///
/// # Errors
/// The reason, naming the side and symbol, when the account holds nothing a leg would close.
pub fn exit_quantity(
    holdings: &dyn Holdings,
    account: AccountId,
    order: &OrderRequest,
) -> Result<u32, String> {
    let mut cap = order.total_quantity();
    for leg in &order.legs {
        let closes_long = match leg.instruction {
            Instruction::SellToClose | Instruction::Sell => true,
            Instruction::BuyToClose | Instruction::BuyToCover => false,
            _ => continue,
        };
        let net = holdings.net(account, &leg.symbol);
        let held = if closes_long { net } else { -net };
        if held <= 0 {
            let side = if closes_long { "long" } else { "short" };
            return Err(format!(
                "the account holds no {side} position in {}",
                leg.symbol.trim()
            ));
        }
        cap = cap.min(u32::try_from(held).unwrap_or(u32::MAX));
    }
    Ok(cap)
}

fn exit(
    exits: &[(AccountId, OrderRequest)],
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    if exits.is_empty() {
        return Err(PlanError::NothingNamed("ordersToExit"));
    }
    exits
        .iter()
        .map(|(account, order)| {
            owned(facts, *account)?;
            let work = match exit_quantity(facts.holdings, *account, order) {
                Ok(quantity) => Work::Place(sized(order, quantity)),
                Err(reason) => Work::Refuse {
                    request: order.clone(),
                    reason,
                },
            };
            Ok(AccountWork {
                account: *account,
                work,
            })
        })
        .collect()
}

/// Where a listed order stands once its replace chain is followed.
struct Live {
    session: SessionId,
    order: BrokerOrderId,
    row: CopyRow,
}

/// The row of `order` in `session`, followed through replaces to the live order.
fn live(
    agent: AgentId,
    session: SessionId,
    account: AccountId,
    order: BrokerOrderId,
    book: &SessionBook,
) -> Result<Live, PlanError> {
    let copy = book
        .session(agent, session)
        .ok_or(PlanError::NoSuchSession)?;
    let row = copy
        .rows
        .iter()
        .find(|r| r.account == account && r.order_id == Some(order))
        .cloned()
        .ok_or(PlanError::NotInSession {
            account,
            order,
            session,
        })?;
    let mut live = Live {
        session,
        order,
        row,
    };
    for _ in 0..MAX_CHAIN {
        if live.row.state != RowState::Order(OrderStatus::Replaced) {
            return Ok(live);
        }
        let Some((next_session, next_row)) = book.successor(agent, account, live.order) else {
            return Err(PlanError::NotReplaceable(format!(
                "order {} of account {account} was replaced outside copydesk; its replacement is not known",
                live.order
            )));
        };
        let Some(next_order) = next_row.order_id else {
            return Err(PlanError::NotReplaceable(format!(
                "the replacement of order {} of account {account} is {}; try again once it is settled",
                live.order,
                next_row.status_word()
            )));
        };
        live = Live {
            session: next_session,
            order: next_order,
            row: next_row,
        };
    }
    Err(PlanError::NotReplaceable(format!(
        "the replace chain of order {order} of account {account} is too long"
    )))
}

fn named(orders: &[(AccountId, BrokerOrderId)], facts: &AgentFacts<'_>) -> Result<(), PlanError> {
    if orders.is_empty() {
        return Err(PlanError::NothingNamed("allTradingAccountsOrderList"));
    }
    for (account, _) in orders {
        owned(facts, *account)?;
    }
    Ok(())
}

fn replace(
    agent: AgentId,
    session: SessionId,
    orders: &[(AccountId, BrokerOrderId)],
    order: &OrderRequest,
    facts: &AgentFacts<'_>,
) -> Result<(SessionId, Vec<AccountWork>), PlanError> {
    named(orders, facts)?;
    let lives = orders
        .iter()
        .map(|(account, id)| live(agent, session, *account, *id, facts.book))
        .collect::<Result<Vec<_>, _>>()?;
    for ((account, asked), found) in orders.iter().zip(&lives) {
        let status = found.row.status_word();
        if REPLACEABLE.contains(&status.as_str()) {
            continue;
        }
        let message = if found.order == *asked {
            format!(
                "order {asked} of account {account} is {status}; only WORKING, QUEUED, PENDING_ACTIVATION or REPLACED orders can be replaced"
            )
        } else {
            format!(
                "order {asked} of account {account} was replaced by order {}, which is {status}; it cannot be replaced",
                found.order
            )
        };
        return Err(PlanError::NotReplaceable(message));
    }
    let works = orders
        .iter()
        .zip(&lives)
        .map(|((account, _), found)| {
            let tier = owned(facts, *account)?.tier;
            Ok(AccountWork {
                account: *account,
                work: Work::Replace {
                    old: found.order,
                    request: scaled(facts, tier, order)?,
                },
            })
        })
        .collect::<Result<Vec<_>, PlanError>>()?;
    let replaced = lives.first().map_or(session, |l| l.session);
    Ok((replaced, works))
}

fn cancel(
    agent: AgentId,
    session: SessionId,
    orders: &[(AccountId, BrokerOrderId)],
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    named(orders, facts)?;
    let lives = orders
        .iter()
        .map(|(account, id)| live(agent, session, *account, *id, facts.book))
        .collect::<Result<Vec<_>, _>>()?;
    if lives
        .iter()
        .all(|l| l.row.state == RowState::Order(OrderStatus::Canceled))
    {
        return Err(PlanError::AlreadyCanceled);
    }
    Ok(orders
        .iter()
        .zip(&lives)
        .map(|((account, _), found)| AccountWork {
            account: *account,
            work: Work::Cancel(found.order),
        })
        .collect())
}
