//! The planner: turns a copy-trade command into the work each account gets (or why it gets none).
//!
//! Every trading rule of a fan-out lives here: which accounts a place goes to, sizing (each account's
//! profile, or an equal split), exit caps at holdings, replace eligibility and the replace chain, and
//! last the accounts' guards (`guard_pass`). It is a pure function of the command and
//! what is known of the agent's accounts and sessions, so it is tested without a brokerage.
//!
//! Every cancel, replace and exit names each account's order once: a vertical's rows are one per
//! account and leg, so a client that lists a session's rows names each broker order once per leg. The
//! same account and the same order (the same live order, once replaces are followed; for an exit, the
//! same closing order) named again is the same work and is planned once, in the order first named.

use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

use super::command::{Action, CopyCommand, Targets};
use super::guard_pass::{LimitNote, hold_to_limits};
use super::limit_facts::LimitFacts;
use super::sizing::Sized;
use super::{CopyRow, RowState, SessionBook, TradeKind};
use crate::account::{AccountType, TierMultipliers};
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::{Instruction, OrderRequest, OrderStatus};

/// Row statuses whose order may be replaced (spec 01 §4; a REPLACED one is followed to its successor).
pub const REPLACEABLE: &[&str] = &["WORKING", "QUEUED", "PENDING_ACTIVATION", "REPLACED"];

/// How long a replace chain may be followed before it is taken for a loop.
const MAX_CHAIN: usize = 10_000;

/// Why an active account whose brokerage login cannot be used now gets no order (its row says so).
pub const LOGIN_NOT_USABLE: &str = "the brokerage login cannot be used now; authorize the account again in the Account section. Nothing was sent to this account";

/// Why a replace that would send every order again with its own terms is refused.
pub const NOTHING_TO_CHANGE: &str =
    "There is nothing to change: every order already has these terms; nothing was sent";

/// Why the order of an account deleted since it was placed is not replaced (its row says so).
pub const ACCOUNT_DELETED: &str = "the account was deleted from copydesk, so its order is no longer followed; nothing was sent to it";

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
    /// Each account's sizing profile and guards, and the command's equal split
    /// ([`LimitFacts::none`]: tier sizing and no guard).
    pub limits: &'a LimitFacts,
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
    /// The works whose quantity sizing or a guard cut, or which they refused, with the reason.
    pub limited: Vec<LimitNote>,
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
    /// Accounts have trading on, but none of their logins can be used now: they need authorizing.
    #[error(
        "No active trading account can trade now: {count} active {needs} authorizing in the Account tab (the key icon); nothing was sent",
        count = .0,
        needs = if *.0 == 1 { "account needs" } else { "accounts need" }
    )]
    AwaitingAuthorization(usize),
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
    /// A replace whose every order would be sent again with the terms it already has.
    #[error("{NOTHING_TO_CHANGE}")]
    NothingToChange,
    /// One order is named more than once with different new terms.
    #[error("order {order} of account {account} is named more than once with different new terms")]
    TermsDiffer {
        /// The account.
        account: AccountId,
        /// The live order named.
        order: BrokerOrderId,
    },
    /// A replacement names another number of legs than the order it replaces holds (a single-leg
    /// order of a vertical session is replaced by one leg, a spread by all of its legs).
    #[error(
        "order {order} of account {account} holds {held} {}; its replacement names {named}",
        if *held == 1 { "leg" } else { "legs" }
    )]
    LegsDiffer {
        /// The account.
        account: AccountId,
        /// The live order replaced.
        order: BrokerOrderId,
        /// The legs that order holds.
        held: usize,
        /// The legs the replacement names.
        named: usize,
    },
}

/// Turns a command into per-account work.
///
/// # Errors
/// [`PlanError`] when the command as a whole cannot go out (nothing is sent then).
pub fn plan(command: &CopyCommand, facts: &AgentFacts<'_>) -> Result<Plan, PlanError> {
    let (session, mut works) = match &command.action {
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
            let (replaced, works) = replace(command.agent, *session, orders, facts, |i, tier| {
                scaled(facts, orders[i].0, tier, order)
            })?;
            (
                SessionUse::New {
                    replaced: Some(replaced),
                },
                works,
            )
        }
        Action::ReplaceEach { session, orders } => {
            let pairs: Vec<(AccountId, BrokerOrderId)> =
                orders.iter().map(|(a, o, _)| (*a, *o)).collect();
            let (replaced, works) = replace(command.agent, *session, &pairs, facts, |i, _| {
                Ok(orders[i].2.clone())
            })?;
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
    let limited = hold_to_limits(command, facts, &mut works);
    Ok(Plan {
        agent: command.agent,
        kind: command.kind,
        session,
        works,
        limited,
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

/// `order` at the quantity the account's sizing profile gives (0 when it gives nothing: the guard
/// pass then refuses it, saying why).
fn scaled(
    facts: &AgentFacts<'_>,
    account: AccountId,
    tier: AccountType,
    order: &OrderRequest,
) -> Result<OrderRequest, PlanError> {
    let multiplier = facts.tiers.for_type(tier);
    let quantity = match facts
        .limits
        .size(account, order.total_quantity(), multiplier)
    {
        Sized::Units(quantity) => quantity,
        Sized::Zero(_) => 0,
        Sized::TooLarge => return Err(PlanError::QuantityTooLarge),
    };
    Ok(sized(order, quantity))
}

fn place(
    targets: &Targets,
    order: &OrderRequest,
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    let mut chosen: Vec<AccountFacts> = match targets {
        Targets::Active => {
            // An active account whose login cannot be used is not skipped in silence: its row says
            // why it got nothing. With no usable one at all, nothing goes out.
            let mut active: Vec<AccountFacts> = facts
                .accounts
                .iter()
                .filter(|a| a.trading_active)
                .copied()
                .collect();
            if !active.iter().any(|a| a.usable) {
                return Err(if active.is_empty() {
                    PlanError::NoActiveAccounts
                } else {
                    PlanError::AwaitingAuthorization(active.len())
                });
            }
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
    let refuse_unusable = matches!(targets, Targets::Active);
    // An equal split goes to the accounts the order is sent to, in this order.
    let sending = chosen
        .iter()
        .filter(|a| !refuse_unusable || a.usable)
        .count();
    let mut nth = 0;
    chosen
        .iter()
        .map(|account| {
            let request = match facts.limits.split() {
                Some(split) if !refuse_unusable || account.usable => {
                    nth += 1;
                    sized(order, split.share(nth - 1, sending))
                }
                _ => scaled(facts, account.id, account.tier, order)?,
            };
            let work = if refuse_unusable && !account.usable {
                Work::Refuse {
                    request,
                    reason: LOGIN_NOT_USABLE.to_owned(),
                }
            } else {
                Work::Place(request)
            };
            Ok(AccountWork {
                account: account.id,
                work,
            })
        })
        .collect()
}

/// Whether a closing instruction closes a long holding (`Some(true)`: sells) or a short one
/// (`Some(false)`: buys back); `None` for an opening instruction.
fn closes_long(instruction: Instruction) -> Option<bool> {
    match instruction {
        Instruction::SellToClose | Instruction::Sell => Some(true),
        Instruction::BuyToClose | Instruction::BuyToCover => Some(false),
        _ => None,
    }
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
        let Some(closes_long) = closes_long(leg.instruction) else {
            continue;
        };
        let net = holdings.net(account, &leg.symbol);
        let held = if closes_long { net } else { -net };
        if held <= 0 {
            let side = if closes_long { "long" } else { "short" };
            return Err(format!(
                "the account holds no {side} position in {}",
                crate::order::readable_symbol(&leg.symbol)
            ));
        }
        cap = cap.min(u32::try_from(held).unwrap_or(u32::MAX));
    }
    Ok(cap)
}

/// Each account's distinct closing orders, in the order first named: the same account with the same
/// order again is the same exit (an account with two different exits keeps both).
fn distinct_exits(
    exits: &[(AccountId, OrderRequest)],
) -> impl Iterator<Item = &(AccountId, OrderRequest)> {
    let mut seen = HashSet::with_capacity(exits.len());
    exits
        .iter()
        .filter(move |(account, order)| seen.insert((*account, order)))
}

/// Each distinct `(account, order)` pair once, in the order first named.
fn distinct_orders(orders: &[(AccountId, BrokerOrderId)]) -> Vec<(AccountId, BrokerOrderId)> {
    let mut seen = HashSet::with_capacity(orders.len());
    orders
        .iter()
        .copied()
        .filter(|pair| seen.insert(*pair))
        .collect()
}

fn exit(
    exits: &[(AccountId, OrderRequest)],
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    if exits.is_empty() {
        return Err(PlanError::NothingNamed("Positions"));
    }
    let mut left = LeftToClose::new(facts.holdings);
    distinct_exits(exits)
        .map(|(account, order)| {
            owned(facts, *account)?;
            let work = match exit_quantity(&left, *account, order) {
                Ok(quantity) => {
                    let sent = sized(order, quantity);
                    left.close(*account, &sent);
                    Work::Place(sent)
                }
                Err(reason) => Work::Refuse {
                    request: order.clone(),
                    reason: if exit_quantity(facts.holdings, *account, order).is_ok() {
                        "the position is already closed by this exit's earlier orders".to_owned()
                    } else {
                        reason
                    },
                },
            };
            Ok(AccountWork {
                account: *account,
                work,
            })
        })
        .collect()
}

/// The holdings an exit command has not closed yet: what the accounts hold, less what the command's
/// earlier exits already send to close. Two exits of one position in one command (at different
/// prices, say) together never close more than the account holds.
struct LeftToClose<'a> {
    held: &'a dyn Holdings,
    /// Per account and symbol, the change the exits planned so far make to the net position.
    closed: HashMap<(AccountId, String), i64>,
}

impl<'a> LeftToClose<'a> {
    fn new(held: &'a dyn Holdings) -> Self {
        Self {
            held,
            closed: HashMap::new(),
        }
    }

    /// Counts `sent`, a closing order of `account`, as closed.
    fn close(&mut self, account: AccountId, sent: &OrderRequest) {
        for leg in &sent.legs {
            let change = match closes_long(leg.instruction) {
                Some(true) => -i64::from(leg.quantity),
                Some(false) => i64::from(leg.quantity),
                None => continue,
            };
            *self
                .closed
                .entry((account, leg.symbol.clone()))
                .or_default() += change;
        }
    }
}

impl Holdings for LeftToClose<'_> {
    fn net(&self, account: AccountId, symbol: &str) -> i64 {
        self.held.net(account, symbol)
            + self
                .closed
                .get(&(account, symbol.to_owned()))
                .copied()
                .unwrap_or(0)
    }
}

/// An exit sent for less than was asked, because the account holds less.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExitCut {
    /// The account.
    pub account: AccountId,
    /// The quantity asked for (contracts, shares or spreads).
    pub asked: u32,
    /// The quantity sent: what the account holds.
    pub sent: u32,
}

/// The exits of `plan` that go out for less than `command` asked, so that the answer can say so; none
/// for any other action.
#[must_use]
pub fn exit_cuts(command: &CopyCommand, plan: &Plan) -> Vec<ExitCut> {
    let Action::Exit { exits } = &command.action else {
        return Vec::new();
    };
    distinct_exits(exits)
        .zip(&plan.works)
        .filter_map(|((account, asked), work)| match &work.work {
            Work::Place(sent) if sent.total_quantity() < asked.total_quantity() => Some(ExitCut {
                account: *account,
                asked: asked.total_quantity(),
                sent: sent.total_quantity(),
            }),
            _ => None,
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

/// Checks that the command names at least one order and that every account named is the agent's or
/// was (an account deleted since its order was placed is still named by the agent's own sessions;
/// [`live`] then finds its row, and its part of the command fails alone).
fn named(
    agent: AgentId,
    session: SessionId,
    orders: &[(AccountId, BrokerOrderId)],
    facts: &AgentFacts<'_>,
) -> Result<(), PlanError> {
    if orders.is_empty() {
        return Err(PlanError::NothingNamed("Orders"));
    }
    for (account, _) in orders {
        if owned(facts, *account).is_err() && !was_owned(agent, session, *account, facts.book) {
            return Err(PlanError::NotYourAccount(*account));
        }
    }
    Ok(())
}

/// Whether `account` has a row in the agent's `session` (so it was one of the agent's accounts).
fn was_owned(agent: AgentId, session: SessionId, account: AccountId, book: &SessionBook) -> bool {
    book.session(agent, session)
        .is_some_and(|s| s.rows.iter().any(|r| r.account == account))
}

/// The replace of each listed order (followed to its live order) by the request `request_for` makes
/// from the order's index in `orders` and the account's tier, called once per order in the listed
/// order. A live order named again is replaced once; named again with other terms, the command is
/// refused ([`PlanError::TermsDiffer`]).
fn replace(
    agent: AgentId,
    session: SessionId,
    orders: &[(AccountId, BrokerOrderId)],
    facts: &AgentFacts<'_>,
    mut request_for: impl FnMut(usize, AccountType) -> Result<OrderRequest, PlanError>,
) -> Result<(SessionId, Vec<AccountWork>), PlanError> {
    named(agent, session, orders, facts)?;
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
    let mut works: Vec<AccountWork> = Vec::with_capacity(orders.len());
    let mut planned: HashMap<(AccountId, BrokerOrderId), usize> =
        HashMap::with_capacity(orders.len());
    for (i, ((account, _), found)) in orders.iter().zip(&lives).enumerate() {
        let Ok(&AccountFacts { tier, .. }) = owned(facts, *account) else {
            // Deleted since: its row shows the new terms at the quantity of the order it held.
            let request = sized(
                &request_for(i, AccountType::Small)?,
                found.row.request.total_quantity(),
            );
            if planned
                .insert((*account, found.order), works.len())
                .is_none()
            {
                works.push(AccountWork {
                    account: *account,
                    work: Work::Refuse {
                        request,
                        reason: ACCOUNT_DELETED.to_owned(),
                    },
                });
            }
            continue;
        };
        let request = request_for(i, tier)?;
        let (held, named) = (found.row.request.legs.len(), request.legs.len());
        if held != named {
            return Err(PlanError::LegsDiffer {
                account: *account,
                order: found.order,
                held,
                named,
            });
        }
        match planned.entry((*account, found.order)) {
            Entry::Occupied(first) => {
                let same = matches!(
                    &works[*first.get()].work,
                    Work::Replace { request: earlier, .. } if *earlier == request
                );
                if !same {
                    return Err(PlanError::TermsDiffer {
                        account: *account,
                        order: found.order,
                    });
                }
            }
            Entry::Vacant(slot) => {
                slot.insert(works.len());
                works.push(AccountWork {
                    account: *account,
                    work: Work::Replace {
                        old: found.order,
                        request,
                    },
                });
            }
        }
    }
    if unchanged(&works, &lives, orders) {
        return Err(PlanError::NothingToChange);
    }
    let replaced = lives.first().map_or(session, |l| l.session);
    Ok((replaced, works))
}

/// Whether `works` replaces at least one order and every replace sends the very terms its live order
/// already has (a deleted account's refusal sends nothing either way).
fn unchanged(works: &[AccountWork], lives: &[Live], orders: &[(AccountId, BrokerOrderId)]) -> bool {
    let mut replaces = works
        .iter()
        .filter_map(|work| match &work.work {
            Work::Replace { old, request } => Some((work.account, *old, request)),
            _ => None,
        })
        .peekable();
    replaces.peek().is_some()
        && replaces.all(|(account, old, request)| {
            orders
                .iter()
                .zip(lives)
                .find(|((named, _), found)| *named == account && found.order == old)
                .is_some_and(|(_, found)| *found.row.request == *request)
        })
}

fn cancel(
    agent: AgentId,
    session: SessionId,
    orders: &[(AccountId, BrokerOrderId)],
    facts: &AgentFacts<'_>,
) -> Result<Vec<AccountWork>, PlanError> {
    named(agent, session, orders, facts)?;
    let orders = distinct_orders(orders);
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
    let mut seen = HashSet::with_capacity(orders.len());
    Ok(orders
        .iter()
        .zip(&lives)
        .filter(|((account, _), found)| seen.insert((*account, found.order)))
        .map(|((account, _), found)| AccountWork {
            account: *account,
            work: Work::Cancel(found.order),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    use super::*;
    use crate::broker::SubmitOutcome;
    use crate::copy::CopySession;
    use crate::order::OrderLeg;

    const AGENT: AgentId = AgentId(1);

    fn tier(n: u8) -> AccountType {
        [AccountType::Small, AccountType::Medium, AccountType::Big][usize::from(n % 3)]
    }

    fn account(id: u64, tier: AccountType, trading_active: bool, usable: bool) -> AccountFacts {
        AccountFacts {
            id: AccountId(id),
            tier,
            trading_active,
            usable,
        }
    }

    fn buy(quantity: u32) -> OrderRequest {
        OrderRequest::limit(
            OrderLeg::option(Instruction::BuyToOpen, quantity, "AAPL  241018C00230000"),
            dec!(2.5),
        )
    }

    fn command(action: Action) -> CopyCommand {
        CopyCommand {
            agent: AGENT,
            kind: TradeKind::Common,
            action,
        }
    }

    struct World {
        accounts: Vec<AccountFacts>,
        holdings: HashMap<(AccountId, String), i64>,
        book: SessionBook,
    }

    impl World {
        fn new(accounts: Vec<AccountFacts>) -> Self {
            Self {
                accounts,
                holdings: HashMap::new(),
                book: SessionBook::new(),
            }
        }

        fn plan(&self, action: Action) -> Result<Plan, PlanError> {
            let facts = AgentFacts {
                accounts: &self.accounts,
                tiers: TierMultipliers::default(),
                holdings: &self.holdings,
                book: &self.book,
                limits: &LimitFacts::none(),
            };
            plan(&command(action), &facts)
        }

        /// A session of one row per (account, order, status, replaced order).
        fn session(
            &self,
            id: u64,
            rows: &[(u64, i64, OrderStatus, Option<i64>)],
            replaced: Option<u64>,
        ) {
            let rows = rows
                .iter()
                .map(|(account, order, status, replaces)| {
                    let mut row = CopyRow::pending(
                        AccountId(*account),
                        buy(1),
                        replaces.map(BrokerOrderId),
                        Utc::now(),
                    );
                    row.settle(&SubmitOutcome::Placed(BrokerOrderId(*order)));
                    row.state = RowState::Order(status.clone());
                    row
                })
                .collect();
            self.book.put(CopySession {
                id: SessionId(id),
                agent: AGENT,
                kind: TradeKind::Common,
                created_at: Utc::now(),
                rows,
                replaced_session: replaced.map(SessionId),
            });
        }
    }

    fn quantities(plan: &Plan) -> Vec<(u64, u32)> {
        plan.works
            .iter()
            .map(|w| match &w.work {
                Work::Place(r) | Work::Replace { request: r, .. } => {
                    (w.account.get(), r.total_quantity())
                }
                _ => (w.account.get(), 0),
            })
            .collect()
    }

    fn refusals(plan: &Plan) -> Vec<(u64, u32, &str)> {
        plan.works
            .iter()
            .filter_map(|w| match &w.work {
                Work::Refuse { request, reason } => {
                    Some((w.account.get(), request.total_quantity(), reason.as_str()))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_place_goes_to_active_usable_accounts_with_the_tier_quantity() -> Result<(), PlanError> {
        let world = World::new(vec![
            account(3, AccountType::Big, true, true),
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Medium, false, true),
            account(4, AccountType::Medium, true, false),
        ]);
        let plan = world.plan(Action::Place {
            targets: Targets::Active,
            order: buy(2),
        })?;
        assert_eq!(plan.session, SessionUse::New { replaced: None });
        assert_eq!(quantities(&plan), vec![(1, 2), (3, 6), (4, 0)]);
        // The active account whose login cannot be used gets a refused row, not silence.
        assert_eq!(refusals(&plan), vec![(4, 4, LOGIN_NOT_USABLE)]);
        let listed = world.plan(Action::Place {
            targets: Targets::Listed(vec![AccountId(2), AccountId(2), AccountId(4)]),
            order: buy(1),
        })?;
        assert_eq!(quantities(&listed), vec![(2, 2), (4, 2)]);
        assert_eq!(
            world.plan(Action::Place {
                targets: Targets::Listed(vec![AccountId(1), AccountId(9)]),
                order: buy(1),
            }),
            Err(PlanError::NotYourAccount(AccountId(9)))
        );
        assert_eq!(
            world.plan(Action::Place {
                targets: Targets::Active,
                order: buy(u32::MAX),
            }),
            Err(PlanError::QuantityTooLarge)
        );
        let idle = World::new(vec![account(1, AccountType::Small, false, true)]);
        assert_eq!(
            idle.plan(Action::Place {
                targets: Targets::Active,
                order: buy(1),
            }),
            Err(PlanError::NoActiveAccounts)
        );
        // Active accounts none of which can be used: nothing goes out at all, and the refusal says
        // that they need authorizing.
        let unusable = World::new(vec![
            account(1, AccountType::Small, true, false),
            account(2, AccountType::Small, false, true),
        ]);
        let refused = unusable.plan(Action::Place {
            targets: Targets::Active,
            order: buy(1),
        });
        assert_eq!(refused, Err(PlanError::AwaitingAuthorization(1)));
        assert_eq!(
            PlanError::AwaitingAuthorization(1).to_string(),
            "No active trading account can trade now: 1 active account needs authorizing in the Account tab (the key icon); nothing was sent"
        );
        assert_eq!(
            PlanError::AwaitingAuthorization(3).to_string(),
            "No active trading account can trade now: 3 active accounts need authorizing in the Account tab (the key icon); nothing was sent"
        );
        Ok(())
    }

    #[test]
    fn the_orders_of_a_deleted_account_fail_alone_in_a_cancel_or_replace() -> Result<(), PlanError>
    {
        // Account 2 placed in session 1 and was deleted since; account 7 was never the agent's.
        let world = World::new(vec![account(1, AccountType::Small, true, true)]);
        world.session(
            1,
            &[
                (1, 10, OrderStatus::Working, None),
                (2, 20, OrderStatus::Working, None),
            ],
            None,
        );
        let both = vec![
            (AccountId(1), BrokerOrderId(10)),
            (AccountId(2), BrokerOrderId(20)),
        ];
        let cancel = world.plan(Action::Cancel {
            session: SessionId(1),
            orders: both.clone(),
        })?;
        assert_eq!(
            cancel.works,
            vec![
                AccountWork {
                    account: AccountId(1),
                    work: Work::Cancel(BrokerOrderId(10)),
                },
                AccountWork {
                    account: AccountId(2),
                    work: Work::Cancel(BrokerOrderId(20)),
                },
            ]
        );
        let replace = world.plan(Action::Replace {
            session: SessionId(1),
            orders: both.clone(),
            order: buy(3),
        })?;
        assert_eq!(quantities(&replace), vec![(1, 3), (2, 0)]);
        assert_eq!(refusals(&replace), vec![(2, 1, ACCOUNT_DELETED)]);
        // Named twice, the deleted account's order is refused once.
        let twice = world.plan(Action::ReplaceEach {
            session: SessionId(1),
            orders: vec![
                (AccountId(2), BrokerOrderId(20), buy(2)),
                (AccountId(2), BrokerOrderId(20), buy(2)),
            ],
        })?;
        assert_eq!(refusals(&twice), vec![(2, 1, ACCOUNT_DELETED)]);
        // An account that never had a row in the session is still not the agent's.
        assert_eq!(
            world.plan(Action::Cancel {
                session: SessionId(1),
                orders: vec![(AccountId(7), BrokerOrderId(20))],
            }),
            Err(PlanError::NotYourAccount(AccountId(7)))
        );
        Ok(())
    }

    #[test]
    fn exits_are_capped_at_holdings_and_refused_where_nothing_is_held() -> Result<(), PlanError> {
        let mut world = World::new(vec![
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Big, true, true),
            account(3, AccountType::Small, true, true),
        ]);
        let symbol = "AAPL  241018C00230000".to_owned();
        world.holdings.insert((AccountId(1), symbol.clone()), 2);
        world.holdings.insert((AccountId(2), symbol.clone()), 9);
        world.holdings.insert((AccountId(3), symbol.clone()), -4);
        let close = OrderRequest::limit(
            OrderLeg::option(Instruction::SellToClose, 5, symbol.clone()),
            dec!(1),
        );
        let plan = world.plan(Action::Exit {
            exits: vec![
                (AccountId(1), close.clone()),
                (AccountId(2), close.clone()),
                (AccountId(3), close),
            ],
        })?;
        assert_eq!(quantities(&plan)[..2], [(1, 2), (2, 5)]);
        assert_eq!(
            plan.works[2].work,
            Work::Refuse {
                request: OrderRequest::limit(
                    OrderLeg::option(Instruction::SellToClose, 5, symbol.clone()),
                    dec!(1)
                ),
                reason: "the account holds no long position in AAPL 10/18/2024 230.00 C".into(),
            }
        );

        // Two exits of one position in one command close no more than it holds, together.
        let at = |price| {
            OrderRequest::limit(
                OrderLeg::option(Instruction::SellToClose, 5, symbol.clone()),
                price,
            )
        };
        let plan = world.plan(Action::Exit {
            exits: vec![
                (AccountId(2), at(dec!(1))),
                (AccountId(2), at(dec!(2))),
                (AccountId(2), at(dec!(3))),
            ],
        })?;
        assert_eq!(quantities(&plan), vec![(2, 5), (2, 4), (2, 0)]);
        assert_eq!(
            plan.works[2].work,
            Work::Refuse {
                request: at(dec!(3)),
                reason: "the position is already closed by this exit's earlier orders".into(),
            }
        );

        // A vertical closes only as many spreads as both legs hold.
        let other = "AAPL  241018C00240000".to_owned();
        world.holdings.insert((AccountId(2), other.clone()), -3);
        let vertical = OrderRequest::vertical(
            crate::order::OrderType::NetCredit,
            5,
            dec!(1),
            [
                OrderLeg::option(Instruction::SellToClose, 5, symbol.clone()),
                OrderLeg::option(Instruction::BuyToClose, 5, other.clone()),
            ],
        );
        let plan = world.plan(Action::Exit {
            exits: vec![(AccountId(2), vertical.clone()), (AccountId(1), vertical)],
        })?;
        match &plan.works[0].work {
            Work::Place(r) => {
                assert_eq!(r.quantity, Some(3));
                assert!(r.legs.iter().all(|l| l.quantity == 3));
            }
            other => panic!("expected a place, got {other:?}"),
        }
        assert!(matches!(
            &plan.works[1].work,
            Work::Refuse { reason, .. } if reason == "the account holds no short position in AAPL 10/18/2024 240.00 C"
        ));
        assert_eq!(
            world.plan(Action::Exit { exits: vec![] }),
            Err(PlanError::NothingNamed("Positions"))
        );
        Ok(())
    }

    #[test]
    fn a_replace_that_changes_no_order_is_refused() -> Result<(), PlanError> {
        let world = World::new(vec![
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Small, true, true),
        ]);
        world.session(
            1,
            &[
                (1, 10, OrderStatus::Working, None),
                (2, 20, OrderStatus::Working, None),
            ],
            None,
        );
        let orders = vec![
            (AccountId(1), BrokerOrderId(10)),
            (AccountId(2), BrokerOrderId(20)),
        ];
        let same = world.plan(Action::Replace {
            session: SessionId(1),
            orders: orders.clone(),
            order: buy(1),
        });
        assert_eq!(same, Err(PlanError::NothingToChange));
        assert_eq!(
            PlanError::NothingToChange.to_string(),
            "There is nothing to change: every order already has these terms; nothing was sent"
        );
        let each = world.plan(Action::ReplaceEach {
            session: SessionId(1),
            orders: vec![
                (AccountId(1), BrokerOrderId(10), buy(1)),
                (AccountId(2), BrokerOrderId(20), buy(1)),
            ],
        });
        assert_eq!(each, Err(PlanError::NothingToChange));
        // One order with new terms is enough for the replace to go out, to every order named.
        let mut cheaper = buy(1);
        cheaper.price = Some(dec!(2.4));
        let one = world.plan(Action::ReplaceEach {
            session: SessionId(1),
            orders: vec![
                (AccountId(1), BrokerOrderId(10), buy(1)),
                (AccountId(2), BrokerOrderId(20), cheaper),
            ],
        })?;
        assert_eq!(one.works.len(), 2);
        let priced = world.plan(Action::Replace {
            session: SessionId(1),
            orders,
            order: buy(2),
        })?;
        assert!(priced.works.iter().all(
            |w| matches!(&w.work, Work::Replace { request, .. } if request.total_quantity() == 2)
        ));
        Ok(())
    }

    #[test]
    fn a_replace_follows_the_chain_to_the_live_order() -> Result<(), PlanError> {
        let world = World::new(vec![
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Medium, true, true),
        ]);
        world.session(
            1,
            &[
                (1, 10, OrderStatus::Replaced, None),
                (2, 20, OrderStatus::Working, None),
            ],
            None,
        );
        world.session(2, &[(1, 11, OrderStatus::Replaced, Some(10))], Some(1));
        world.session(3, &[(1, 12, OrderStatus::Working, Some(11))], Some(2));
        let plan = world.plan(Action::Replace {
            session: SessionId(1),
            orders: vec![
                (AccountId(1), BrokerOrderId(10)),
                (AccountId(2), BrokerOrderId(20)),
            ],
            order: buy(1),
        })?;
        assert_eq!(
            plan.session,
            SessionUse::New {
                replaced: Some(SessionId(3))
            }
        );
        let olds: Vec<_> = plan
            .works
            .iter()
            .map(|w| match &w.work {
                Work::Replace { old, request } => (old.get(), request.total_quantity()),
                _ => (0, 0),
            })
            .collect();
        assert_eq!(olds, vec![(12, 1), (20, 2)]);

        // The live order is final: refused, naming its status.
        world.session(3, &[(1, 12, OrderStatus::Filled, Some(11))], Some(2));
        assert_eq!(
            world.plan(Action::Replace {
                session: SessionId(1),
                orders: vec![(AccountId(1), BrokerOrderId(10))],
                order: buy(1),
            }),
            Err(PlanError::NotReplaceable(
                "order 10 of account 1 was replaced by order 12, which is FILLED; it cannot be replaced".into()
            ))
        );
        assert_eq!(
            world.plan(Action::Replace {
                session: SessionId(3),
                orders: vec![(AccountId(1), BrokerOrderId(12))],
                order: buy(1),
            }),
            Err(PlanError::NotReplaceable(
                "order 12 of account 1 is FILLED; only WORKING, QUEUED, PENDING_ACTIVATION or REPLACED orders can be replaced".into()
            ))
        );
        // Replaced outside copydesk: no successor is known.
        world.session(4, &[(2, 30, OrderStatus::Replaced, None)], None);
        assert!(matches!(
            world.plan(Action::Replace {
                session: SessionId(4),
                orders: vec![(AccountId(2), BrokerOrderId(30))],
                order: buy(1),
            }),
            Err(PlanError::NotReplaceable(m)) if m.contains("replaced outside copydesk")
        ));
        assert_eq!(
            world.plan(Action::Replace {
                session: SessionId(9),
                orders: vec![(AccountId(2), BrokerOrderId(30))],
                order: buy(1),
            }),
            Err(PlanError::NoSuchSession)
        );
        assert_eq!(
            world.plan(Action::Replace {
                session: SessionId(1),
                orders: vec![(AccountId(2), BrokerOrderId(99))],
                order: buy(1),
            }),
            Err(PlanError::NotInSession {
                account: AccountId(2),
                order: BrokerOrderId(99),
                session: SessionId(1)
            })
        );
        Ok(())
    }

    #[test]
    fn exits_sent_for_less_than_asked_are_named() -> Result<(), PlanError> {
        let mut world = World::new(vec![
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Big, true, true),
            account(3, AccountType::Small, true, true),
        ]);
        let symbol = "AAPL  241018C00230000".to_owned();
        world.holdings.insert((AccountId(1), symbol.clone()), 2);
        world.holdings.insert((AccountId(2), symbol.clone()), 9);
        let close = OrderRequest::limit(
            OrderLeg::option(Instruction::SellToClose, 5, symbol),
            dec!(1),
        );
        let command = command(Action::Exit {
            exits: vec![
                (AccountId(1), close.clone()),
                (AccountId(2), close.clone()),
                (AccountId(3), close),
            ],
        });
        let plan = world.plan(command.action.clone())?;
        // Account 1 holds 2 of the 5 asked; account 2 holds enough; account 3 is refused (no cut).
        assert_eq!(
            exit_cuts(&command, &plan),
            vec![ExitCut {
                account: AccountId(1),
                asked: 5,
                sent: 2
            }]
        );
        let place = self::command(Action::Place {
            targets: Targets::Active,
            order: buy(1),
        });
        let placed = world.plan(place.action.clone())?;
        assert!(exit_cuts(&place, &placed).is_empty());
        Ok(())
    }

    #[test]
    fn a_replace_names_as_many_legs_as_the_order_it_replaces() -> Result<(), PlanError> {
        let world = World::new(vec![account(1, AccountType::Small, true, true)]);
        // The rows of `World::session` hold single-leg orders (an exit of a vertical session).
        world.session(1, &[(1, 10, OrderStatus::Working, None)], None);
        let one_leg = world.plan(Action::ReplaceEach {
            session: SessionId(1),
            orders: vec![(AccountId(1), BrokerOrderId(10), buy(2))],
        })?;
        assert_eq!(quantities(&one_leg), vec![(1, 2)]);
        let spread = OrderRequest::vertical(
            crate::order::OrderType::NetDebit,
            1,
            dec!(0.5),
            [
                OrderLeg::option(Instruction::BuyToOpen, 1, "AAPL  241018C00230000"),
                OrderLeg::option(Instruction::SellToOpen, 1, "AAPL  241018C00240000"),
            ],
        );
        assert_eq!(
            world.plan(Action::ReplaceEach {
                session: SessionId(1),
                orders: vec![(AccountId(1), BrokerOrderId(10), spread)],
            }),
            Err(PlanError::LegsDiffer {
                account: AccountId(1),
                order: BrokerOrderId(10),
                held: 1,
                named: 2
            })
        );
        Ok(())
    }

    #[test]
    fn a_cancel_keeps_the_session_follows_replaces_and_refuses_when_all_are_canceled()
    -> Result<(), PlanError> {
        let world = World::new(vec![account(1, AccountType::Small, true, true)]);
        world.session(1, &[(1, 10, OrderStatus::Replaced, None)], None);
        world.session(2, &[(1, 11, OrderStatus::Working, Some(10))], Some(1));
        let plan = world.plan(Action::Cancel {
            session: SessionId(1),
            orders: vec![(AccountId(1), BrokerOrderId(10))],
        })?;
        assert_eq!(plan.session, SessionUse::Keep(SessionId(1)));
        assert_eq!(plan.works[0].work, Work::Cancel(BrokerOrderId(11)));
        world.session(2, &[(1, 11, OrderStatus::Canceled, Some(10))], Some(1));
        assert_eq!(
            world.plan(Action::Cancel {
                session: SessionId(1),
                orders: vec![(AccountId(1), BrokerOrderId(10))],
            }),
            Err(PlanError::AlreadyCanceled)
        );
        assert_eq!(
            world.plan(Action::Cancel {
                session: SessionId(1),
                orders: vec![],
            }),
            Err(PlanError::NothingNamed("Orders"))
        );
        Ok(())
    }

    #[test]
    fn each_accounts_order_is_planned_once_however_often_it_is_named() -> Result<(), PlanError> {
        let mut world = World::new(vec![
            account(1, AccountType::Small, true, true),
            account(2, AccountType::Medium, true, true),
        ]);
        // Account 1 has two different orders in the session; a per-leg list names each twice.
        world.session(
            1,
            &[
                (1, 10, OrderStatus::Working, None),
                (1, 11, OrderStatus::Working, None),
                (2, 20, OrderStatus::Working, None),
            ],
            None,
        );
        let per_leg = vec![
            (AccountId(1), BrokerOrderId(10)),
            (AccountId(1), BrokerOrderId(10)),
            (AccountId(2), BrokerOrderId(20)),
            (AccountId(1), BrokerOrderId(11)),
            (AccountId(2), BrokerOrderId(20)),
            (AccountId(1), BrokerOrderId(11)),
        ];
        let cancel = world.plan(Action::Cancel {
            session: SessionId(1),
            orders: per_leg.clone(),
        })?;
        let cancels: Vec<_> = cancel
            .works
            .iter()
            .map(|w| (w.account.get(), w.work.clone()))
            .collect();
        assert_eq!(
            cancels,
            vec![
                (1, Work::Cancel(BrokerOrderId(10))),
                (2, Work::Cancel(BrokerOrderId(20))),
                (1, Work::Cancel(BrokerOrderId(11))),
            ]
        );

        let replace = world.plan(Action::Replace {
            session: SessionId(1),
            orders: per_leg,
            order: buy(1),
        })?;
        let olds: Vec<_> = replace
            .works
            .iter()
            .map(|w| match &w.work {
                Work::Replace { old, request } => {
                    (w.account.get(), old.get(), request.total_quantity())
                }
                _ => (w.account.get(), 0, 0),
            })
            .collect();
        assert_eq!(olds, vec![(1, 10, 1), (2, 20, 2), (1, 11, 1)]);

        // Named again with the same terms: once; with other terms: refused, nothing sent.
        let each = world.plan(Action::ReplaceEach {
            session: SessionId(1),
            orders: vec![
                (AccountId(1), BrokerOrderId(10), buy(2)),
                (AccountId(2), BrokerOrderId(20), buy(3)),
                (AccountId(1), BrokerOrderId(10), buy(2)),
            ],
        })?;
        assert_eq!(quantities(&each), vec![(1, 2), (2, 3)]);
        assert_eq!(
            world.plan(Action::ReplaceEach {
                session: SessionId(1),
                orders: vec![
                    (AccountId(1), BrokerOrderId(10), buy(2)),
                    (AccountId(1), BrokerOrderId(10), buy(3)),
                ],
            }),
            Err(PlanError::TermsDiffer {
                account: AccountId(1),
                order: BrokerOrderId(10),
            })
        );

        // Exits: the same account with the same closing order is one exit; another order of the
        // same account is its own exit (here refused: the first already closes all 2 held), and
        // the cuts name each exit once.
        let symbol = "AAPL  241018C00230000".to_owned();
        world.holdings.insert((AccountId(1), symbol.clone()), 2);
        let close = |quantity| {
            OrderRequest::limit(
                OrderLeg::option(Instruction::SellToClose, quantity, symbol.clone()),
                dec!(1),
            )
        };
        let command = command(Action::Exit {
            exits: vec![
                (AccountId(1), close(5)),
                (AccountId(1), close(5)),
                (AccountId(2), close(5)),
                (AccountId(1), close(1)),
            ],
        });
        let exit = world.plan(command.action.clone())?;
        assert_eq!(quantities(&exit), vec![(1, 2), (2, 0), (1, 0)]);
        assert!(matches!(exit.works[1].work, Work::Refuse { .. }));
        assert!(matches!(
            &exit.works[2].work,
            Work::Refuse { reason, .. } if reason == "the position is already closed by this exit's earlier orders"
        ));
        assert_eq!(
            exit_cuts(&command, &exit),
            vec![ExitCut {
                account: AccountId(1),
                asked: 5,
                sent: 2
            }]
        );
        Ok(())
    }

    proptest! {
        /// For any accounts (active or not, any tier, usable or not), a place to all active accounts
        /// gives each active usable account exactly one order of quantity × its multiplier, each
        /// active unusable account one refused row saying why (nothing sent), and no other account
        /// anything; with no active usable account, nothing at all.
        #[test]
        fn each_active_account_exactly_once_with_its_multiplier(
            flags in proptest::collection::vec((any::<u8>(), any::<bool>(), any::<bool>()), 0..40),
            quantity in 1u32..1000,
            small in 1u32..10, medium in 1u32..10, big in 1u32..10,
        ) {
            let accounts: Vec<AccountFacts> = flags
                .iter()
                .enumerate()
                .map(|(i, (t, active, usable))| account(i as u64 + 1, tier(*t), *active, *usable))
                .collect();
            let tiers = TierMultipliers { small, medium, big };
            let holdings = HashMap::new();
            let book = SessionBook::new();
            let limits = LimitFacts::none();
            let facts = AgentFacts { accounts: &accounts, tiers, holdings: &holdings, book: &book, limits: &limits };
            let planned = plan(&command(Action::Place { targets: Targets::Active, order: buy(quantity) }), &facts);
            if !accounts.iter().any(|a| a.trading_active && a.usable) {
                let active = accounts.iter().filter(|a| a.trading_active).count();
                let refusal = if active == 0 {
                    PlanError::NoActiveAccounts
                } else {
                    PlanError::AwaitingAuthorization(active)
                };
                prop_assert_eq!(planned, Err(refusal));
                return Ok(());
            }
            let planned = planned.map_err(|e| TestCaseError::fail(e.to_string()))?;
            let active = accounts.iter().filter(|a| a.trading_active).count();
            prop_assert_eq!(planned.works.len(), active);
            for a in &accounts {
                let works: Vec<Work> = planned.works.iter().filter(|w| w.account == a.id).map(|w| w.work.clone()).collect();
                let scaled = sized(&buy(quantity), quantity * tiers.for_type(a.tier));
                match (a.trading_active, a.usable) {
                    (true, true) => prop_assert_eq!(works, vec![Work::Place(scaled)]),
                    (true, false) => prop_assert_eq!(
                        works,
                        vec![Work::Refuse { request: scaled, reason: LOGIN_NOT_USABLE.to_owned() }]
                    ),
                    _ => prop_assert!(works.is_empty()),
                }
            }
        }

        /// However a cancel names a session's orders (repeated, interleaved), each distinct account
        /// and order is cancelled exactly once, in the order first named: no two orders of one
        /// account merge and no account is left out.
        #[test]
        fn a_cancel_plans_each_named_order_exactly_once(
            picks in proptest::collection::vec(0usize..6, 1..24),
        ) {
            let world = World::new(vec![
                account(1, AccountType::Small, true, true),
                account(2, AccountType::Medium, true, true),
                account(3, AccountType::Big, true, true),
            ]);
            let rows: Vec<(u64, i64)> = (1..=3u64)
                .flat_map(|a| [(a, a as i64 * 10), (a, a as i64 * 10 + 1)])
                .collect();
            let session: Vec<_> = rows
                .iter()
                .map(|(a, o)| (*a, *o, OrderStatus::Working, None))
                .collect();
            world.session(1, &session, None);
            let orders: Vec<(AccountId, BrokerOrderId)> = picks
                .iter()
                .map(|i| (AccountId(rows[*i].0), BrokerOrderId(rows[*i].1)))
                .collect();
            let mut expected = Vec::new();
            for pair in &orders {
                if !expected.contains(pair) {
                    expected.push(*pair);
                }
            }
            let planned = world
                .plan(Action::Cancel { session: SessionId(1), orders })
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let got: Vec<(AccountId, BrokerOrderId)> = planned
                .works
                .iter()
                .map(|w| match w.work {
                    Work::Cancel(order) => Ok((w.account, order)),
                    ref other => Err(TestCaseError::fail(format!("not a cancel: {other:?}"))),
                })
                .collect::<Result<_, _>>()?;
            prop_assert_eq!(got, expected);
        }

        /// An exit never asks for more than the account holds in the direction it closes, nor more
        /// than asked, and refuses exactly when nothing is held that way.
        #[test]
        fn the_exits_of_one_command_never_close_more_than_is_held(
            held in 0i64..50,
            asks in prop::collection::vec(1u32..30, 1..6),
        ) {
            let symbol = "AAPL  241018C00230000";
            let mut world = World::new(vec![account(1, AccountType::Small, true, true)]);
            world.holdings.insert((AccountId(1), symbol.to_owned()), held);
            // Each exit at its own price, so none is the same exit named twice.
            let exits = asks
                .iter()
                .enumerate()
                .map(|(i, asked)| {
                    let price = rust_decimal::Decimal::from(u32::try_from(i).unwrap_or(0) + 1);
                    let leg = OrderLeg::option(Instruction::SellToClose, *asked, symbol);
                    (AccountId(1), OrderRequest::limit(leg, price))
                })
                .collect();
            let plan = world.plan(Action::Exit { exits }).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let sent: i64 = quantities(&plan).iter().map(|(_, q)| i64::from(*q)).sum();
            let asked: i64 = asks.iter().map(|a| i64::from(*a)).sum();
            prop_assert_eq!(sent, held.min(asked));
        }

        #[test]
        fn exits_never_exceed_holdings(held in -50i64..50, asked in 1u32..60) {
            let symbol = "AAPL  241018C00230000";
            let mut holdings = HashMap::new();
            holdings.insert((AccountId(1), symbol.to_owned()), held);
            for (instruction, direction) in [(Instruction::SellToClose, 1i64), (Instruction::BuyToClose, -1)] {
                let order = OrderRequest::market(OrderLeg::option(instruction, asked, symbol));
                match exit_quantity(&holdings, AccountId(1), &order) {
                    Ok(q) => {
                        prop_assert!(held * direction > 0);
                        prop_assert_eq!(i64::from(q), (held * direction).min(i64::from(asked)));
                    }
                    Err(_) => prop_assert!(held * direction <= 0),
                }
            }
        }
    }
}
