//! Linked trading accounts: unique names and usernames per agent, brokerage passwords sealed at rest.

use serde::{Deserialize, Serialize};
use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError};

use engine::account::AccountType;
use engine::ids::{AccountId, AgentId};

use crate::agents::decode_u64;
use crate::{SecretBox, StoreError};

const ACCOUNTS_TREE: &str = "trading_accounts";
const KEYS_TREE: &str = "trading_account_keys";
const ID_COUNTER_KEY: &[u8] = b"next_account_id";

/// A stored trading account. The brokerage password is sealed; this type never holds it in clear.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TradingAccountRecord {
    /// The account's id.
    pub id: AccountId,
    /// The owning agent.
    pub agent: AgentId,
    /// The display name, unique per agent.
    pub name: String,
    /// The brokerage username, unique per agent.
    pub username: String,
    /// The size tier.
    pub account_type: AccountType,
    /// Whether copy trades are applied to this account.
    pub trading_active: bool,
    /// Order writes allowed per minute.
    pub write_limit_per_minute: u32,
    /// When it was added (Unix seconds).
    pub created_at: i64,
    /// The brokerage login it signs in with when that is another account's (an account linked
    /// through the login of an account already authorized, see [`TradingAccounts::create_on_login`]);
    /// `None`: its own `username`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub login: Option<String>,
    /// The sealed brokerage password (hex).
    sealed_password: String,
}

impl TradingAccountRecord {
    /// The brokerage username of the login the account signs in with (shared by every account
    /// linked through that login).
    #[must_use]
    pub fn login_name(&self) -> &str {
        self.login.as_deref().unwrap_or(&self.username)
    }
}

/// What is needed to add an account.
#[derive(Clone)]
pub struct NewTradingAccount<'a> {
    /// The owning agent.
    pub agent: AgentId,
    /// The display name.
    pub name: &'a str,
    /// The brokerage username.
    pub username: &'a str,
    /// The brokerage password (sealed before it is written).
    pub password: &'a str,
    /// The size tier.
    pub account_type: AccountType,
    /// Order writes allowed per minute.
    pub write_limit_per_minute: u32,
    /// When it is added (Unix seconds).
    pub created_at: i64,
}

impl std::fmt::Debug for NewTradingAccount<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewTradingAccount")
            .field("agent", &self.agent)
            .field("name", &self.name)
            .field("username", &self.username)
            .field("password", &"[redacted]")
            .finish_non_exhaustive()
    }
}

/// Typed access to the trading account trees.
#[derive(Clone)]
pub struct TradingAccounts {
    accounts: sled::Tree,
    keys: sled::Tree,
    secrets: SecretBox,
}

fn id_key(id: AccountId) -> [u8; 8] {
    id.get().to_be_bytes()
}

fn name_key(agent: AgentId, name: &str) -> Vec<u8> {
    format!("{agent}/name/{name}").into_bytes()
}

fn username_key(agent: AgentId, username: &str) -> Vec<u8> {
    format!("{agent}/user/{username}").into_bytes()
}

impl TradingAccounts {
    pub(crate) fn open(db: &sled::Db, secrets: SecretBox) -> Result<Self, StoreError> {
        Ok(Self {
            accounts: db.open_tree(ACCOUNTS_TREE)?,
            keys: db.open_tree(KEYS_TREE)?,
            secrets,
        })
    }

    /// Adds an account with the next id; its name and username must be free for the agent.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] naming `Account name` or `Account username` when taken; storage errors.
    pub fn create(&self, new: &NewTradingAccount<'_>) -> Result<TradingAccountRecord, StoreError> {
        self.create_with(new, None)
    }

    /// Adds an account that signs in with the brokerage login `login` of an account already
    /// stored (another brokerage account of that login): as [`TradingAccounts::create`], its own
    /// `username` (unique per agent, as every call names the account by it) kept apart from the
    /// login's.
    ///
    /// # Errors
    /// As [`TradingAccounts::create`].
    pub fn create_on_login(
        &self,
        new: &NewTradingAccount<'_>,
        login: &str,
    ) -> Result<TradingAccountRecord, StoreError> {
        self.create_with(new, Some(login))
    }

    fn create_with(
        &self,
        new: &NewTradingAccount<'_>,
        login: Option<&str>,
    ) -> Result<TradingAccountRecord, StoreError> {
        let sealed_password = hex::encode(self.secrets.seal_str(new.password));
        let result = (&self.accounts, &self.keys).transaction(|(accounts, keys)| {
            if keys.get(name_key(new.agent, new.name))?.is_some() {
                return Err(ConflictableTransactionError::Abort(StoreError::Conflict(
                    "Account name".into(),
                )));
            }
            if keys.get(username_key(new.agent, new.username))?.is_some() {
                return Err(ConflictableTransactionError::Abort(StoreError::Conflict(
                    "Account username".into(),
                )));
            }
            let next = keys
                .get(ID_COUNTER_KEY)?
                .map(|b| decode_u64(&b))
                .unwrap_or(1);
            keys.insert(ID_COUNTER_KEY, &(next + 1).to_be_bytes())?;
            let record = TradingAccountRecord {
                id: AccountId(next),
                agent: new.agent,
                name: new.name.to_owned(),
                username: new.username.to_owned(),
                account_type: new.account_type,
                trading_active: true,
                write_limit_per_minute: new.write_limit_per_minute,
                created_at: new.created_at,
                login: login.map(str::to_owned),
                sealed_password: sealed_password.clone(),
            };
            let encoded = serde_json::to_vec(&record)
                .map_err(|e| ConflictableTransactionError::Abort(StoreError::Codec(e)))?;
            accounts.insert(&id_key(record.id), encoded)?;
            keys.insert(name_key(new.agent, new.name), &id_key(record.id))?;
            keys.insert(username_key(new.agent, new.username), &id_key(record.id))?;
            Ok(record)
        });
        match result {
            Ok(record) => Ok(record),
            Err(TransactionError::Abort(err)) => Err(err),
            Err(TransactionError::Storage(err)) => Err(StoreError::Database(err)),
        }
    }

    /// Reads one account.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn get(&self, id: AccountId) -> Result<Option<TradingAccountRecord>, StoreError> {
        self.accounts
            .get(id_key(id))?
            .map(|bytes| serde_json::from_slice(&bytes).map_err(StoreError::from))
            .transpose()
    }

    /// The agent's account with this brokerage username.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn find_by_username(
        &self,
        agent: AgentId,
        username: &str,
    ) -> Result<Option<TradingAccountRecord>, StoreError> {
        match self.keys.get(username_key(agent, username))? {
            Some(id) => self.get(AccountId(decode_u64(&id))),
            None => Ok(None),
        }
    }

    /// The agent's account with this name.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn find_by_name(
        &self,
        agent: AgentId,
        name: &str,
    ) -> Result<Option<TradingAccountRecord>, StoreError> {
        match self.keys.get(name_key(agent, name))? {
            Some(id) => self.get(AccountId(decode_u64(&id))),
            None => Ok(None),
        }
    }

    /// Every account, in id order (for starting the actors at boot).
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn all(&self) -> Result<Vec<TradingAccountRecord>, StoreError> {
        self.accounts
            .iter()
            .values()
            .map(|bytes| Ok(serde_json::from_slice(&bytes?)?))
            .collect()
    }

    /// The agent's accounts, in id order.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn for_agent(&self, agent: AgentId) -> Result<Vec<TradingAccountRecord>, StoreError> {
        // The name keys index the agent's accounts; reading only those keeps the polls that call this
        // independent of how many accounts other agents have.
        let mut accounts = Vec::new();
        for entry in self.keys.scan_prefix(name_key(agent, "")) {
            let (_, id) = entry?;
            if let Some(record) = self.get(AccountId(decode_u64(&id)))? {
                accounts.push(record);
            }
        }
        accounts.sort_by_key(|a| a.id);
        Ok(accounts)
    }

    /// Changes an account with `change` and writes it back; `None` when it does not exist.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn update(
        &self,
        id: AccountId,
        change: impl Fn(&mut TradingAccountRecord),
    ) -> Result<Option<TradingAccountRecord>, StoreError> {
        let mut failure = None;
        let updated = self.accounts.update_and_fetch(id_key(id), |old| {
            let old = old?;
            match serde_json::from_slice::<TradingAccountRecord>(old) {
                Ok(mut record) => {
                    change(&mut record);
                    match serde_json::to_vec(&record) {
                        Ok(bytes) => Some(bytes),
                        Err(err) => {
                            failure = Some(err);
                            Some(old.to_vec())
                        }
                    }
                }
                Err(err) => {
                    failure = Some(err);
                    Some(old.to_vec())
                }
            }
        })?;
        if let Some(err) = failure {
            return Err(StoreError::Codec(err));
        }
        updated
            .map(|bytes| serde_json::from_slice(&bytes).map_err(StoreError::from))
            .transpose()
    }

    /// Removes an account with its name and username keys; false when it did not exist.
    ///
    /// # Errors
    /// Storage errors.
    pub fn delete(&self, id: AccountId) -> Result<bool, StoreError> {
        let Some(record) = self.get(id)? else {
            return Ok(false);
        };
        let result = (&self.accounts, &self.keys).transaction(|(accounts, keys)| {
            accounts.remove(&id_key(id))?;
            keys.remove(name_key(record.agent, &record.name))?;
            keys.remove(username_key(record.agent, &record.username))?;
            Ok::<_, ConflictableTransactionError<StoreError>>(())
        });
        match result {
            Ok(()) => Ok(true),
            Err(TransactionError::Abort(err)) => Err(err),
            Err(TransactionError::Storage(err)) => Err(StoreError::Database(err)),
        }
    }

    /// The account's brokerage password in clear (for the owner's access-token dialog and logins).
    ///
    /// # Errors
    /// [`StoreError::Decrypt`] when it cannot be opened.
    pub fn password(&self, record: &TradingAccountRecord) -> Result<String, StoreError> {
        let sealed = hex::decode(&record.sealed_password).map_err(|_| StoreError::Decrypt)?;
        self.secrets.open_str(&sealed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    fn new<'a>(agent: u64, name: &'a str, username: &'a str) -> NewTradingAccount<'a> {
        NewTradingAccount {
            agent: AgentId(agent),
            name,
            username,
            password: "broker-secret-pw",
            account_type: AccountType::Medium,
            write_limit_per_minute: 120,
            created_at: 5,
        }
    }

    #[test]
    fn names_and_usernames_are_unique_per_agent_only() {
        let store = Store::temporary().unwrap();
        let accounts = store.trading_accounts().unwrap();
        let a = accounts.create(&new(1, "Alpha", "alpha")).unwrap();
        assert_eq!(a.id, AccountId(1));
        assert!(a.trading_active);
        assert!(
            matches!(accounts.create(&new(1, "Alpha", "other")), Err(StoreError::Conflict(m)) if m == "Account name")
        );
        assert!(
            matches!(accounts.create(&new(1, "Other", "alpha")), Err(StoreError::Conflict(m)) if m == "Account username")
        );
        let b = accounts.create(&new(2, "Alpha", "alpha")).unwrap();
        assert_eq!(b.id, AccountId(2));
        assert_eq!(accounts.for_agent(AgentId(1)).unwrap(), vec![a.clone()]);
        let c = accounts.create(&new(1, "Charlie", "charlie")).unwrap();
        let _eleven = accounts.create(&new(11, "Alpha", "alpha")).unwrap();
        assert_eq!(
            accounts.for_agent(AgentId(1)).unwrap(),
            vec![a.clone(), c.clone()],
            "not agent 11's"
        );
        assert_eq!(
            accounts.find_by_username(AgentId(1), "alpha").unwrap(),
            Some(a.clone())
        );
        assert_eq!(accounts.find_by_name(AgentId(2), "Alpha").unwrap(), Some(b));
        assert_eq!(accounts.password(&a).unwrap(), "broker-secret-pw");
    }

    #[test]
    fn updates_and_deletes_free_the_names() {
        let store = Store::temporary().unwrap();
        let accounts = store.trading_accounts().unwrap();
        let a = accounts.create(&new(1, "Alpha", "alpha")).unwrap();
        let updated = accounts
            .update(a.id, |r| {
                r.trading_active = false;
                r.account_type = AccountType::Big;
            })
            .unwrap()
            .unwrap();
        assert!(!updated.trading_active);
        assert_eq!(updated.account_type, AccountType::Big);
        assert_eq!(accounts.update(AccountId(99), |_| {}).unwrap(), None);
        assert!(accounts.delete(a.id).unwrap());
        assert!(!accounts.delete(a.id).unwrap());
        assert!(accounts.create(&new(1, "Alpha", "alpha")).is_ok());
    }

    #[test]
    fn the_password_is_never_stored_in_clear() {
        let store = Store::temporary().unwrap();
        let accounts = store.trading_accounts().unwrap();
        let record = accounts.create(&new(1, "Alpha", "alpha")).unwrap();
        let raw = serde_json::to_string(&record).unwrap();
        assert!(!raw.contains("broker-secret-pw"));
        assert!(!format!("{:?}", new(1, "A", "a")).contains("broker-secret-pw"));
    }

    #[test]
    fn an_account_on_another_accounts_login_keeps_that_login_and_a_username_of_its_own() {
        let store = Store::temporary().unwrap();
        let accounts = store.trading_accounts().unwrap();
        let first = accounts.create(&new(1, "Family", "family")).unwrap();
        assert_eq!(first.login, None);
        assert_eq!(first.login_name(), "family");
        let ira = accounts
            .create_on_login(&new(1, "Family IRA", "family \u{2026}0002"), "family")
            .unwrap();
        assert_eq!(ira.login_name(), "family");
        assert_eq!(ira.username, "family \u{2026}0002");
        assert_eq!(accounts.get(ira.id).unwrap(), Some(ira.clone()));
        assert_eq!(accounts.password(&ira).unwrap(), "broker-secret-pw");
        // Names stay unique per agent.
        assert!(matches!(
            accounts.create_on_login(&new(1, "Family", "other"), "family"),
            Err(StoreError::Conflict(_))
        ));
        // A record written before the field existed reads as its own login.
        let mut raw = serde_json::to_value(&first).unwrap();
        raw.as_object_mut().unwrap().remove("login");
        let old: TradingAccountRecord = serde_json::from_value(raw).unwrap();
        assert_eq!(old.login_name(), "family");
    }
}
