//! Which brokerage account an authorization may link: the one linked before, or on a first link the
//! first one the login reaches that no other trading account holds.

use crate::broker::{AccountLink, AccountNumber};
use crate::ids::AccountId;

use super::{AccountError, LinkClaim, TokenVault};

/// How a trading account that is not this one is named when no name may be shown (another agent's).
pub const ANOTHER_ACCOUNT: &str = "another copydesk trading account";

/// Why an authorization links nothing. Nothing of the login is kept then: the account stays as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkRefusal {
    /// The account was linked before and the login does not reach that brokerage account.
    OtherAccount {
        /// Every brokerage account the login reaches.
        reached: Vec<AccountNumber>,
        /// The brokerage account the trading account is linked to.
        linked: AccountNumber,
    },
    /// Every brokerage account the login reaches is held by another trading account.
    Taken {
        /// Each account the login reaches, with the trading account that holds it.
        held: Vec<(AccountNumber, AccountId)>,
    },
}

impl LinkRefusal {
    /// The refusal for people. `own` names the trading account being authorized; `holder` names
    /// another trading account when it may be named (the same agent's), else [`ANOTHER_ACCOUNT`] is
    /// said. Account numbers are shown by their last four digits only.
    #[must_use]
    pub fn describe(&self, own: &str, holder: impl Fn(AccountId) -> Option<String>) -> String {
        match self {
            Self::OtherAccount { reached, linked } => {
                let accounts = if reached.len() == 1 {
                    "account"
                } else {
                    "accounts"
                };
                format!(
                    "This login reaches {accounts} {}, but {own} is linked to {}. Sign in with \
                     {own}'s login, or delete the account and add it again",
                    listed(reached.iter().map(last_four)),
                    last_four(linked)
                )
            }
            Self::Taken { held } => {
                let who =
                    |id: &AccountId| holder(*id).unwrap_or_else(|| ANOTHER_ACCOUNT.to_owned());
                let reason = match held.as_slice() {
                    [(number, id)] => {
                        format!(
                            "Account {} is already linked to {}",
                            last_four(number),
                            who(id)
                        )
                    }
                    _ => format!(
                        "Every account this login reaches is already linked: {}",
                        listed(held.iter().map(|(number, id)| format!(
                            "{} to {}",
                            last_four(number),
                            who(id)
                        )))
                    ),
                };
                format!(
                    "{reason}. A brokerage account is traded through one copydesk trading account \
                     only; sign in with a login that reaches another brokerage account"
                )
            }
        }
    }

    /// The stable slug the API answers the refusal with.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Self::OtherAccount { .. } => "login_reaches_other_account",
            Self::Taken { .. } => "brokerage_account_in_use",
        }
    }
}

/// Said without names (in logs and the account's status text).
impl std::fmt::Display for LinkRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe("this trading account", |_| None))
    }
}

/// An account number as people may see it here: `…` and its last four digits.
#[must_use]
pub fn last_four(number: &AccountNumber) -> String {
    let digits: Vec<char> = number.0.chars().collect();
    let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("\u{2026}{tail}")
}

fn listed(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}

/// The brokerage accounts an authorization may link, in the order to try them: with an account
/// linked before, exactly that one (found by its number among those the login reaches, with the hash
/// the login reads now); without one, every account the login reaches.
///
/// # Errors
/// [`AccountError::NoBrokerageAccount`] when the login reaches no account, a
/// [`LinkRefusal::OtherAccount`] when it does not reach the account linked before.
pub fn candidates(
    previous: Option<&AccountLink>,
    reached: &[AccountLink],
) -> Result<Vec<AccountLink>, AccountError> {
    if reached.is_empty() {
        return Err(AccountError::NoBrokerageAccount);
    }
    let Some(old) = previous else {
        return Ok(reached.to_vec());
    };
    reached
        .iter()
        .find(|l| l.account_number == old.account_number)
        .map(|same| vec![same.clone()])
        .ok_or_else(|| {
            AccountError::LinkRefused(LinkRefusal::OtherAccount {
                reached: reached.iter().map(|l| l.account_number.clone()).collect(),
                linked: old.account_number.clone(),
            })
        })
}

/// Links `account` to the first of `candidates` no other trading account holds, claiming it in the
/// vault (the claim and the stored link are one step there, so two authorizations at once never both
/// link one brokerage account).
///
/// # Errors
/// A [`LinkRefusal::Taken`] when every candidate is held; [`AccountError::Vault`] when storage fails.
pub fn claim_first(
    vault: &dyn TokenVault,
    account: AccountId,
    candidates: &[AccountLink],
) -> Result<AccountLink, AccountError> {
    let mut held = Vec::new();
    for link in candidates {
        match vault.claim_link(account, link)? {
            LinkClaim::Linked => return Ok(link.clone()),
            LinkClaim::HeldBy(holder) => held.push((link.account_number.clone(), holder)),
        }
    }
    Err(AccountError::LinkRefused(LinkRefusal::Taken { held }))
}

/// The whole rule: [`candidates`], then [`claim_first`].
///
/// # Errors
/// As those two.
pub fn link_under_rule(
    vault: &dyn TokenVault,
    account: AccountId,
    previous: Option<&AccountLink>,
    reached: &[AccountLink],
) -> Result<AccountLink, AccountError> {
    claim_first(vault, account, &candidates(previous, reached)?)
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::Mutex;

    use super::*;
    use crate::account::VaultError;
    use crate::broker::{AccountHash, TokenSet};

    fn link(number: &str) -> AccountLink {
        AccountLink {
            account_number: AccountNumber(number.into()),
            hash: AccountHash(format!("HASH-{number}")),
        }
    }

    /// Links and claims in memory, a claim held by the first account that links a number.
    #[derive(Default)]
    struct Claims {
        holders: Mutex<HashMap<AccountNumber, AccountId>>,
        links: Mutex<HashMap<AccountId, AccountLink>>,
    }

    impl TokenVault for Claims {
        fn load_tokens(&self, _: AccountId) -> Result<Option<TokenSet>, VaultError> {
            Ok(None)
        }
        fn save_tokens(&self, _: AccountId, _: &TokenSet) -> Result<(), VaultError> {
            Ok(())
        }
        fn clear_tokens(&self, _: AccountId) -> Result<(), VaultError> {
            Ok(())
        }
        fn load_link(&self, account: AccountId) -> Result<Option<AccountLink>, VaultError> {
            Ok(self.links.lock().unwrap().get(&account).cloned())
        }
        fn claim_link(
            &self,
            account: AccountId,
            link: &AccountLink,
        ) -> Result<LinkClaim, VaultError> {
            let mut holders = self.holders.lock().unwrap();
            match holders.get(&link.account_number) {
                Some(holder) if *holder != account => Ok(LinkClaim::HeldBy(*holder)),
                _ => {
                    holders.insert(link.account_number.clone(), account);
                    self.links.lock().unwrap().insert(account, link.clone());
                    Ok(LinkClaim::Linked)
                }
            }
        }
    }

    #[test]
    fn a_linked_account_is_linked_again_only_to_its_own_brokerage_account() {
        let reached = [link("11110000"), link("22225678")];
        // The same login: the account linked before, with the hash read now.
        assert_eq!(
            candidates(Some(&link("22225678")), &reached),
            Ok(vec![link("22225678")])
        );
        // Another login: refused, naming what it reaches and what the account is linked to.
        let other = candidates(Some(&link("99995678")), &[link("55551234")]).unwrap_err();
        assert_eq!(
            other,
            AccountError::LinkRefused(LinkRefusal::OtherAccount {
                reached: vec![AccountNumber("55551234".into())],
                linked: AccountNumber("99995678".into()),
            })
        );
        let AccountError::LinkRefused(refusal) = other else {
            unreachable!()
        };
        assert_eq!(
            refusal.describe("Birch Small", |_| None),
            "This login reaches account \u{2026}1234, but Birch Small is linked to \u{2026}5678. \
             Sign in with Birch Small's login, or delete the account and add it again"
        );
        assert_eq!(refusal.code(), "login_reaches_other_account");
        let several = LinkRefusal::OtherAccount {
            reached: vec![
                AccountNumber("10001111".into()),
                AccountNumber("10002222".into()),
            ],
            linked: AccountNumber("20005678".into()),
        };
        assert_eq!(
            several.to_string(),
            "This login reaches accounts \u{2026}1111, \u{2026}2222, but this trading account is \
             linked to \u{2026}5678. Sign in with this trading account's login, or delete the \
             account and add it again"
        );
        // A login that reaches nothing links nothing.
        assert_eq!(
            candidates(Some(&link("1")), &[]),
            Err(AccountError::NoBrokerageAccount)
        );
        assert_eq!(candidates(None, &[]), Err(AccountError::NoBrokerageAccount));
    }

    #[test]
    fn a_first_link_takes_the_first_brokerage_account_no_one_holds() {
        let vault = Claims::default();
        let (atlas, birch, cedar) = (AccountId(1), AccountId(2), AccountId(3));
        assert_eq!(
            link_under_rule(&vault, atlas, None, &[link("10001234")]),
            Ok(link("10001234"))
        );
        // A login reaching Atlas's account and another: the other one.
        assert_eq!(
            link_under_rule(&vault, birch, None, &[link("10001234"), link("10005678")]),
            Ok(link("10005678"))
        );
        assert_eq!(vault.load_link(birch).unwrap(), Some(link("10005678")));
        // Every account held: refused, each with its holder; nothing stored for Cedar.
        let refused = link_under_rule(&vault, cedar, None, &[link("10001234"), link("10005678")])
            .unwrap_err();
        let AccountError::LinkRefused(refusal) = refused else {
            panic!("refused: {refused:?}")
        };
        assert_eq!(
            refusal,
            LinkRefusal::Taken {
                held: vec![
                    (AccountNumber("10001234".into()), atlas),
                    (AccountNumber("10005678".into()), birch)
                ]
            }
        );
        assert_eq!(vault.load_link(cedar).unwrap(), None);
        assert_eq!(refusal.code(), "brokerage_account_in_use");
        let same_agent = |id: AccountId| (id == atlas).then(|| "Atlas Small".to_owned());
        assert_eq!(
            refusal.describe("Cedar", same_agent),
            "Every account this login reaches is already linked: \u{2026}1234 to Atlas Small, \
             \u{2026}5678 to another copydesk trading account. A brokerage account is traded \
             through one copydesk trading account only; sign in with a login that reaches another \
             brokerage account"
        );
        let one = LinkRefusal::Taken {
            held: vec![(AccountNumber("10001234".into()), atlas)],
        };
        assert_eq!(
            one.to_string(),
            "Account \u{2026}1234 is already linked to another copydesk trading account. A \
             brokerage account is traded through one copydesk trading account only; sign in with a \
             login that reaches another brokerage account"
        );
        // The holder links its own account again.
        assert_eq!(
            link_under_rule(&vault, atlas, Some(&link("10001234")), &[link("10001234")]),
            Ok(link("10001234"))
        );
    }

    #[test]
    fn numbers_show_their_last_four_digits_only() {
        assert_eq!(last_four(&AccountNumber("74125896".into())), "\u{2026}5896");
        assert_eq!(last_four(&AccountNumber("42".into())), "\u{2026}42");
    }
}
