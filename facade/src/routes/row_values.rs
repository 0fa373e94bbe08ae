//! Values every table row and per-account answer shares: the accounts' names, numbers for display,
//! option descriptions.

use std::collections::HashMap;

use engine::ids::{AccountId, AgentId};
use engine::order::OptionSymbol;
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;

use crate::{ApiError, AppState};

/// Names of an agent's accounts, for the rows.
pub(crate) struct AccountNames(HashMap<AccountId, (String, String)>);

impl AccountNames {
    pub(crate) fn load(state: &AppState, agent: AgentId) -> Result<Self, ApiError> {
        Ok(Self(
            state
                .store
                .trading_accounts()?
                .for_agent(agent)?
                .into_iter()
                .map(|a| (a.id, (a.name, a.username)))
                .collect(),
        ))
    }

    pub(crate) fn of(&self, account: AccountId) -> (String, String) {
        self.0
            .get(&account)
            .cloned()
            .unwrap_or_else(|| ("(deleted account)".into(), String::new()))
    }
}

/// A number for display (JSON numbers are floating point); 0 when absent.
pub(crate) fn number(value: Option<Decimal>) -> f64 {
    value.and_then(|v| v.to_f64()).unwrap_or(0.0)
}

/// A human description of an OSI option symbol, as chains show it (`AAPL 10/18/2024 230.00 C`).
pub(crate) fn describe_option(symbol: &str) -> String {
    match OptionSymbol::parse(symbol) {
        Ok(option) => format!(
            "{} {} {:.2} {}",
            option.root(),
            option.expiry().format("%m/%d/%Y"),
            option.strike(),
            if option.put_call() == engine::order::PutCall::Call {
                "C"
            } else {
                "P"
            }
        ),
        Err(_) => symbol.to_owned(),
    }
}
