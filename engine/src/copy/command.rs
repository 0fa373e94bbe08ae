//! A copy-trade command as the agent gives it, before the engine decides what each account gets.

use super::TradeKind;
use crate::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use crate::order::OrderRequest;

/// Which accounts a new trade goes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Targets {
    /// Every account of the agent with trading on and a usable login (the spec's empty list).
    Active,
    /// Exactly these accounts; each must be the agent's.
    Listed(Vec<AccountId>),
}

/// What the agent asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// A new order on the targeted accounts; each gets `quantity × its tier's multiplier`.
    Place {
        /// The accounts.
        targets: Targets,
        /// The order at the agent's quantity.
        order: OrderRequest,
    },
    /// Closing orders, one per listed account, each capped at what that account holds.
    Exit {
        /// Each account with its closing order at the asked quantity.
        exits: Vec<(AccountId, OrderRequest)>,
    },
    /// New terms for orders of a session; each account gets `quantity × its multiplier`. An order that
    /// was replaced is followed to the live order that replaced it.
    Replace {
        /// The session the orders were listed from.
        session: SessionId,
        /// The orders, by account.
        orders: Vec<(AccountId, BrokerOrderId)>,
        /// The new order at the agent's quantity.
        order: OrderRequest,
    },
    /// New terms for orders of a session, each order with its own new order, sent as given (no tier
    /// multiplier: the quantities are the accounts' own). Replaced orders are followed as for
    /// [`Action::Replace`].
    ReplaceEach {
        /// The session the orders were listed from.
        session: SessionId,
        /// Each order with its replacement.
        orders: Vec<(AccountId, BrokerOrderId, OrderRequest)>,
    },
    /// Cancels orders of a session (followed to the live order when replaced); the session is kept.
    Cancel {
        /// The session the orders were listed from.
        session: SessionId,
        /// The orders, by account.
        orders: Vec<(AccountId, BrokerOrderId)>,
    },
}

/// One command of one agent for one kind of trade.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyCommand {
    /// Who gave it.
    pub agent: AgentId,
    /// Which tables it belongs to.
    pub kind: TradeKind,
    /// What to do.
    pub action: Action,
}
