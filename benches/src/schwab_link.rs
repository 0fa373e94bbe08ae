//! copydesk in Schwab mode against schwab-fake, as `copydesk serve --broker schwab` builds it, and
//! accounts linked as a trader links them: the account is stored and its actor started, the fake's
//! login page issues a code for the account's credentials, and the actor exchanges it.

use std::path::Path;
use std::sync::Arc;

use engine::clock::SystemClock;
use engine::pause::TokioPause;
use facade::services::Services;
use facade::settings::{BrokerKind, SchwabSettings};
use facade::{AppState, Settings};
use fixtures::fake::FakeConfig;

use engine::account::messages::Authorize;
use engine::account::{AccountRegistry, AccountType};
use engine::broker::AuthorizationCode;
use engine::ids::AgentId;
use facade::settings::WRITE_LIMIT;
use store::{NewTradingAccount, Store};

use crate::RigError;

/// The redirect URI the logins are issued for (the fake redirects to it with the code).
pub const CALLBACK: &str = "https://127.0.0.1:8182/callback";
/// The brokerage password of every linked account.
const PASSWORD: &str = "pw-123";

/// Where and how accounts are linked.
#[derive(Debug, Clone)]
pub struct SchwabLink {
    /// The fake's base URL (`http://HOST:PORT`).
    pub fake_base: String,
    /// The app key the fake knows.
    pub app_key: String,
}

impl SchwabLink {
    /// copydesk's state in Schwab mode on the fake at `self.fake_base` (its app secret from
    /// `fake`), its store in `dir`, with `reads_per_minute` as the application's read budget (`None`:
    /// the production default). The services are started; the poll scheduler and streams are not.
    ///
    /// # Errors
    /// [`RigError`] when the store cannot be opened or the services cannot start.
    pub fn copydesk(
        &self,
        dir: &Path,
        fake: &FakeConfig,
        reads_per_minute: Option<u32>,
    ) -> Result<AppState, RigError> {
        let mut settings = Settings::for_tests(dir.to_path_buf());
        settings.broker = BrokerKind::Schwab;
        settings.read_limit_per_minute = reads_per_minute;
        settings.schwab = Some(SchwabSettings {
            app_key: self.app_key.clone(),
            app_secret: fake.app_secret.clone(),
            callback_url: CALLBACK.into(),
            base_url: self.fake_base.clone(),
        });
        let store = Store::open(dir, None)?;
        let services = Services::start_with(
            &store,
            &settings,
            Arc::new(SystemClock),
            Arc::new(TokioPause),
        )?;
        Ok(AppState::new(store, settings, services)?)
    }

    /// The authorization code the fake's login page gives `username` (`browser` must not follow
    /// redirects).
    ///
    /// # Errors
    /// [`RigError`] when the login fails or redirects without a code.
    pub async fn code(
        &self,
        browser: &reqwest::Client,
        username: &str,
    ) -> Result<String, RigError> {
        let answer = browser
            .post(format!("{}/v1/oauth/authorize", self.fake_base))
            .form(&[
                ("client_id", self.app_key.as_str()),
                ("redirect_uri", CALLBACK),
                ("username", username),
                ("password", PASSWORD),
            ])
            .send()
            .await?;
        let status = answer.status().as_u16();
        answer
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .and_then(|location| url::Url::parse(location).ok())
            .and_then(|location| {
                location
                    .query_pairs()
                    .find(|(k, _)| k == "code")
                    .map(|(_, v)| v.into_owned())
            })
            .ok_or(RigError::Unexpected {
                call: "the fake's login",
                status,
                body: "no code in the redirect".to_owned(),
            })
    }

    /// Stores `count` accounts of `agent` named `<prefix> N` (usernames `<prefix>-N`), starts each
    /// one's actor and authorizes it through the fake's login page.
    ///
    /// # Errors
    /// [`RigError`] when an account cannot be stored, started or authorized.
    pub async fn link(
        &self,
        store: &Store,
        registry: &Arc<AccountRegistry>,
        agent: AgentId,
        prefix: &str,
        count: usize,
    ) -> Result<(), RigError> {
        let browser = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let now = chrono::Utc::now().timestamp();
        for n in 1..=count {
            let username = format!("{prefix}-{n}");
            let record = store.trading_accounts()?.create(&NewTradingAccount {
                agent,
                name: &format!("{prefix} {n}"),
                username: &username,
                password: PASSWORD,
                account_type: AccountType::Small,
                write_limit_per_minute: WRITE_LIMIT,
                created_at: now,
            })?;
            let handle = registry
                .start(record.id, record.agent, record.write_limit_per_minute)
                .map_err(|e| RigError::account(record.id, e))?;
            let code = self.code(&browser, &username).await?;
            handle
                .addr
                .send(Authorize {
                    code: AuthorizationCode::new(code),
                    redirect_uri: CALLBACK.into(),
                })
                .await?
                .map_err(|e| RigError::account(record.id, e))?;
        }
        Ok(())
    }
}
