//! copydesk persistence on sled: typed repositories, atomic counters and secrets encrypted at rest.
//!
//! [`Store::open`] checks the schema version, then hands out one repository per concern. Every
//! repository is a cheap handle over a sled tree; all of them share one database file.

mod account_limits;
mod account_vault;
mod agents;
mod command_keys;
mod copy_sessions;
mod counters;
mod error;
mod saved_orders;
mod saved_sets;
mod schema;
mod secret_box;
mod session_pages;
mod settings;
mod sweep;
mod trading_accounts;
mod unflushed_outcomes;
mod watch_lists;
mod web_sessions;

pub use account_limits::AccountLimitsStore;
pub use account_vault::AccountVault;
pub use agents::{AgentRecord, Agents};
pub use command_keys::{CommandKeyRecord, CommandKeys, KeptAnswer};
pub use copy_sessions::CopySessions;
pub use counters::Counters;
pub use error::StoreError;
pub use saved_orders::{SavedOptionOrder, SavedOrders, SavedStockOrder};
pub use saved_sets::{SavedSet, SavedSets};
pub use schema::SCHEMA_VERSION;
pub use secret_box::{SECRET_KEY_ENV, SECRET_KEY_FILE, SecretBox};
pub use settings::Settings;
pub use trading_accounts::{NewTradingAccount, TradingAccountRecord, TradingAccounts};
pub use watch_lists::{WatchList, WatchLists};
pub use web_sessions::{WebSessionRecord, WebSessions};

use std::path::{Path, PathBuf};

/// The name of the sled database folder inside the data directory.
pub const DB_DIR: &str = "copydesk.sled";
/// The most memory sled may keep for its page cache (its default is 1 GiB, more than copydesk's data
/// needs: the read model lives in the engine's book, the store is read whole only at start).
pub const CACHE_BYTES: u64 = 64 * 1024 * 1024;

/// An open copydesk store: the sled database plus the key that seals secrets.
#[derive(Clone)]
pub struct Store {
    db: sled::Db,
    secrets: SecretBox,
    data_dir: PathBuf,
    /// Outcome records appended since the last flush, shared by every handle on the sessions.
    unflushed: std::sync::Arc<unflushed_outcomes::UnflushedOutcomes>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("data_dir", &self.data_dir)
            .finish_non_exhaustive()
    }
}

impl Store {
    /// Opens (or creates) the store in `data_dir`, creating the folder and the secret key as needed.
    ///
    /// The secret key comes from [`SECRET_KEY_ENV`] when `env_key` is given, else from the key file
    /// in `data_dir` (created with mode 0600 on first start).
    ///
    /// # Errors
    /// [`StoreError::UnsupportedSchema`] when the database was written by an unknown or newer layout,
    /// [`StoreError::KeyFile`] / [`StoreError::BadSecretKey`] when the key cannot be read or created,
    /// and [`StoreError::Database`] when sled cannot open the files.
    pub fn open(data_dir: &Path, env_key: Option<&str>) -> Result<Self, StoreError> {
        std::fs::create_dir_all(data_dir).map_err(|source| StoreError::KeyFile {
            path: data_dir.to_path_buf(),
            source,
        })?;
        let secrets = match env_key {
            Some(hex_key) => SecretBox::from_hex(hex_key)?,
            None => SecretBox::load_or_create(&data_dir.join(SECRET_KEY_FILE))?,
        };
        let db = sled::Config::new()
            .path(data_dir.join(DB_DIR))
            .cache_capacity(CACHE_BYTES)
            .open()?;
        schema::check_or_initialise(&db)?;
        let unflushed = std::sync::Arc::new(copy_sessions::unflushed_outcomes(&db)?);
        Ok(Self {
            db,
            secrets,
            data_dir: data_dir.to_path_buf(),
            unflushed,
        })
    }

    /// Opens a throw-away store in a temporary sled database (for tests and benches).
    ///
    /// # Errors
    /// [`StoreError::Database`] when sled cannot create the temporary database.
    pub fn temporary() -> Result<Self, StoreError> {
        let db = sled::Config::new().temporary(true).open()?;
        schema::check_or_initialise(&db)?;
        let unflushed = std::sync::Arc::new(copy_sessions::unflushed_outcomes(&db)?);
        Ok(Self {
            db,
            secrets: SecretBox::generate(),
            data_dir: PathBuf::new(),
            unflushed,
        })
    }

    /// The agents repository.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn agents(&self) -> Result<Agents, StoreError> {
        Agents::open(&self.db)
    }

    /// The idempotency keys of copy commands.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn command_keys(&self) -> Result<CommandKeys, StoreError> {
        CommandKeys::open(&self.db)
    }

    /// The atomic counters.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn counters(&self) -> Result<Counters, StoreError> {
        Counters::open(&self.db)
    }

    /// The server-side web sessions.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn web_sessions(&self) -> Result<WebSessions, StoreError> {
        WebSessions::open(&self.db)
    }

    /// The trading accounts.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the trees cannot be opened.
    pub fn trading_accounts(&self) -> Result<TradingAccounts, StoreError> {
        TradingAccounts::open(&self.db, self.secrets.clone())
    }

    /// The tokens and links of trading accounts (the engine's token vault).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the trees cannot be opened.
    pub fn account_vault(&self) -> Result<AccountVault, StoreError> {
        AccountVault::open(&self.db, self.secrets.clone())
    }

    /// Copy-trade sessions (the engine's session repository).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn copy_sessions(&self) -> Result<CopySessions, StoreError> {
        CopySessions::open(&self.db, self.unflushed.clone())
    }

    /// Saved vertical order sets.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn saved_sets(&self) -> Result<SavedSets, StoreError> {
        SavedSets::open(&self.db)
    }

    /// Favourite option tickers and watched stocks.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn watch_lists(&self) -> Result<WatchLists, StoreError> {
        WatchLists::open(&self.db)
    }

    /// Saved orders.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn saved_orders(&self) -> Result<SavedOrders, StoreError> {
        SavedOrders::open(&self.db)
    }

    /// Each account's sizing profile and guards.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn account_limits(&self) -> Result<AccountLimitsStore, StoreError> {
        AccountLimitsStore::open(&self.db)
    }

    /// Agent and app settings.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be opened.
    pub fn settings(&self) -> Result<Settings, StoreError> {
        Settings::open(&self.db)
    }

    /// The key that seals and opens secrets at rest.
    pub fn secrets(&self) -> &SecretBox {
        &self.secrets
    }

    /// Whether the store holds no agent yet (used to decide on demo data).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the tree cannot be read.
    pub fn is_empty(&self) -> Result<bool, StoreError> {
        Ok(self.agents()?.count()? == 0)
    }

    /// Writes every pending change to disk.
    ///
    /// # Errors
    /// [`StoreError::Database`] when sled cannot flush.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        Ok(())
    }
}
