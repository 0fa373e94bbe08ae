//! The persistence the account layer needs: where an account's tokens and brokerage link are kept.
//!
//! The store implements it, sealing every token at rest.

use crate::broker::{AccountLink, StreamAddress, TokenSet};
use crate::ids::AccountId;

/// Storage failed; the text is safe to log (it never contains a secret).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("account storage failed: {0}")]
pub struct VaultError(pub String);

/// Keeps each account's tokens and brokerage link across restarts.
pub trait TokenVault: Send + Sync + 'static {
    /// The stored tokens of `account`, if it was ever authorized.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be read or a sealed token cannot be opened.
    fn load_tokens(&self, account: AccountId) -> Result<Option<TokenSet>, VaultError>;

    /// Replaces the stored tokens of `account`.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be written.
    fn save_tokens(&self, account: AccountId, tokens: &TokenSet) -> Result<(), VaultError>;

    /// Forgets the tokens of `account` (its login died).
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be written.
    fn clear_tokens(&self, account: AccountId) -> Result<(), VaultError>;

    /// The brokerage account `account` trades through, once known.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be read.
    fn load_link(&self, account: AccountId) -> Result<Option<AccountLink>, VaultError>;

    /// Records that `account` trades through the brokerage account `link`, unless another account
    /// already holds that brokerage account (by number): then nothing is written and the holder is
    /// answered. The check and the write are one step, so two accounts linking at once can never both
    /// hold one brokerage account. A number `account` held before is let go.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be read or written.
    fn claim_link(&self, account: AccountId, link: &AccountLink) -> Result<LinkClaim, VaultError>;

    /// Where `account`'s login's order stream is, as last read ([`StreamAddress`]); none by default.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be read or the sealed address cannot be opened.
    fn load_stream_address(&self, account: AccountId) -> Result<Option<StreamAddress>, VaultError> {
        let _ = account;
        Ok(None)
    }

    /// Keeps (or, with `None`, forgets) where `account`'s login's order stream is; kept nowhere by
    /// default.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be written.
    fn save_stream_address(
        &self,
        account: AccountId,
        address: Option<&StreamAddress>,
    ) -> Result<(), VaultError> {
        let _ = (account, address);
        Ok(())
    }

    /// The brokerage accounts `account`'s login reached when last read; none by default.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be read.
    fn load_login_reach(&self, account: AccountId) -> Result<Vec<AccountLink>, VaultError> {
        let _ = account;
        Ok(Vec::new())
    }

    /// Keeps the brokerage accounts `account`'s login reaches; kept nowhere by default.
    ///
    /// # Errors
    /// [`VaultError`] when storage cannot be written.
    fn save_login_reach(
        &self,
        account: AccountId,
        reached: &[AccountLink],
    ) -> Result<(), VaultError> {
        let _ = (account, reached);
        Ok(())
    }
}

/// What claiming a brokerage account answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkClaim {
    /// The account now holds it, and the link is stored.
    Linked,
    /// Another account holds it; nothing was written.
    HeldBy(AccountId),
}
