//! An account's money figures, named as Schwab names them; cash and margin accounts differ.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::account::AccountKind;

/// Current balances. Every figure is optional because cash and margin accounts
/// report different sets (cash: `cash_available_for_trading`; margin: `buying_power`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Balances {
    /// Cash held (negative when a margin account has borrowed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash_balance: Option<Decimal>,
    /// Cash accounts: money usable for new orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash_available_for_trading: Option<Decimal>,
    /// Cash accounts: money that may be withdrawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash_available_for_withdrawal: Option<Decimal>,
    /// Cash accounts: total cash.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_cash: Option<Decimal>,
    /// Cash accounts: proceeds not yet settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unsettled_cash: Option<Decimal>,
    /// Margin accounts: money usable for new orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buying_power: Option<Decimal>,
    /// Margin accounts: buying power for day trades.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub day_trading_buying_power: Option<Decimal>,
    /// Margin accounts: funds available.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub available_funds: Option<Decimal>,
    /// Margin accounts: equity (liquidation value less borrowing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equity: Option<Decimal>,
    /// Margin accounts: maintenance requirement of the holdings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub maintenance_requirement: Option<Decimal>,
    /// What the account would be worth if everything were closed now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liquidation_value: Option<Decimal>,
    /// Market value of long stock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long_market_value: Option<Decimal>,
    /// Market value of short stock (negative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_market_value: Option<Decimal>,
    /// Market value of long options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub long_option_market_value: Option<Decimal>,
    /// Market value of short options (negative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_option_market_value: Option<Decimal>,
}

impl Balances {
    /// Money a new order may use: cash available for trading on cash accounts,
    /// buying power on margin accounts.
    #[must_use]
    pub fn available_for_trading(&self, kind: AccountKind) -> Option<Decimal> {
        match kind {
            AccountKind::Cash => self.cash_available_for_trading,
            AccountKind::Margin => self.buying_power,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal_macros::dec;

    #[test]
    fn available_money_depends_on_the_account_kind() -> anyhow::Result<()> {
        let cash = Balances {
            cash_balance: Some(dec!(1000)),
            cash_available_for_trading: Some(dec!(900)),
            ..Balances::default()
        };
        assert_eq!(
            cash.available_for_trading(AccountKind::Cash),
            Some(dec!(900))
        );
        assert_eq!(cash.available_for_trading(AccountKind::Margin), None);
        assert_eq!(
            serde_json::to_value(&cash)?,
            serde_json::json!({"cashBalance": "1000", "cashAvailableForTrading": "900"})
        );
        Ok(())
    }
}
