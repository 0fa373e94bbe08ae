//! Demo data for a fresh store: an agent to sign in with and paper accounts of every tier.

use engine::account::AccountType;
use engine::account::messages::Authorize;
use engine::ids::AgentId;
use store::{NewTradingAccount, Store};

use crate::auth::hash_password;
use crate::services::{PAPER_CALLBACK_PATH, Services};
use crate::settings::WRITE_LIMIT;

/// The demo agent's username.
pub const DEMO_USERNAME: &str = "demo";
/// The demo agent's password (documented in the README; demo only).
pub const DEMO_PASSWORD: &str = "demo-password";

/// The demo paper accounts: name, brokerage username, tier.
pub const DEMO_ACCOUNTS: [(&str, &str, AccountType); 4] = [
    ("Atlas Small", "atlas", AccountType::Small),
    ("Birch Small", "birch", AccountType::Small),
    ("Cedar Medium", "cedar", AccountType::Medium),
    // A login reaching two paper accounts: the Account tab offers its second to link.
    ("Delta Big", "delta+2", AccountType::Big),
];

/// Creates the demo agent when the store has no agent yet and, on the paper brokerage, its demo
/// accounts (linked at once). Returns how many accounts were created, or `None` when the store was
/// not empty.
///
/// # Errors
/// A description of the failure when the store or an account cannot be written.
pub async fn seed_if_empty(store: &Store, services: &Services) -> Result<Option<usize>, String> {
    if !store.is_empty().map_err(|e| e.to_string())? {
        return Ok(None);
    }
    let hash = hash_password(DEMO_PASSWORD)?;
    let now = chrono::Utc::now().timestamp();
    let agent = store
        .agents()
        .map_err(|e| e.to_string())?
        .create(DEMO_USERNAME, &hash, now)
        .map_err(|e| e.to_string())?;
    let Some(paper) = &services.brokers.paper else {
        return Ok(Some(0));
    };
    let accounts = store.trading_accounts().map_err(|e| e.to_string())?;
    for (name, username, account_type) in DEMO_ACCOUNTS {
        let record = accounts
            .create(&NewTradingAccount {
                agent: AgentId(agent.id),
                name,
                username,
                password: "demo-broker-password",
                account_type,
                write_limit_per_minute: WRITE_LIMIT,
                created_at: now,
            })
            .map_err(|e| e.to_string())?;
        let login = engine::account::LoginKey {
            agent: record.agent,
            username: record.login_name().to_owned(),
        };
        let handle = services
            .registry
            .start_on_login(record.id, record.write_limit_per_minute, login)
            .map_err(|e| e.to_string())?;
        let code = paper
            .authorize(username, "demo-broker-password")
            .map_err(|e| e.to_string())?;
        let redirect_uri = format!("http://127.0.0.1{PAPER_CALLBACK_PATH}");
        handle
            .addr
            .send(Authorize { code, redirect_uri })
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
    }
    Ok(Some(DEMO_ACCOUNTS.len()))
}
