//! copydesk in Schwab mode against an in-process `schwab-fake` on loopback, sharing one hand-moved clock.

use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{App, test};
use engine::clock::ManualClock;
use engine::pause::ManualPause;
use facade::services::Services;
use facade::settings::{BrokerKind, SchwabSettings};
use facade::{AppState, Settings, routes};
use fixtures::fake::{FakeConfig, FakeServer};
use store::Store;

/// The callback URL registered for the test app.
pub const CALLBACK: &str = "https://127.0.0.1:8182/callback";

/// Longest wait for a condition the streams bring about (real time: frames cross loopback).
pub const CONDITION_LIMIT: Duration = Duration::from_secs(60);

/// Waits until `condition` holds, looking every 20 ms; fails the test after [`CONDITION_LIMIT`].
pub async fn until(what: &str, mut condition: impl AsyncFnMut() -> bool) {
    let started = std::time::Instant::now();
    while !condition().await {
        assert!(started.elapsed() < CONDITION_LIMIT, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A copydesk state in Schwab mode and the fake it talks to.
pub struct SchwabDesk {
    /// copydesk's state.
    pub state: AppState,
    /// The fake Schwab.
    pub fake: FakeServer,
    /// The clock both share.
    pub clock: ManualClock,
    /// The fake's app key.
    pub app_key: String,
    /// Keeps the data directory alive.
    pub dir: tempfile::TempDir,
}

impl SchwabDesk {
    /// Starts the fake and a copydesk state configured for it.
    pub fn start() -> Self {
        let clock = ManualClock::new(chrono::Utc::now());
        let fake_config = FakeConfig {
            clock: Arc::new(clock.clone()),
            ..FakeConfig::default()
        };
        let (app_key, app_secret) = (fake_config.app_key.clone(), fake_config.app_secret.clone());
        let fake = FakeServer::start(fake_config).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let mut settings = Settings::for_tests(dir.path().to_path_buf());
        settings.broker = BrokerKind::Schwab;
        settings.schwab = Some(SchwabSettings {
            app_key: app_key.clone(),
            app_secret,
            callback_url: CALLBACK.into(),
            base_url: fake.base_url(),
        });
        let store = Store::open(dir.path(), None).unwrap();
        let services = Services::start_with(
            &store,
            &settings,
            Arc::new(clock.clone()),
            ManualPause::new(clock.clone()),
        )
        .unwrap();
        let state = AppState::new(store, settings, services).unwrap();
        Self {
            state,
            fake,
            clock,
            app_key,
            dir,
        }
    }

    /// Starts the desk with its order streams running before any account is linked, as in a running
    /// server, and `username` signed in: the desk, the actix service on the real route table, and
    /// the agent's session cookie.
    pub async fn streaming(
        username: &str,
    ) -> (
        Self,
        impl Service<
            actix_http::Request,
            Response = ServiceResponse<impl MessageBody>,
            Error = actix_web::Error,
        >,
        Cookie<'static>,
    ) {
        let desk = Self::start();
        let state = desk.state.clone();
        let service =
            test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &state)))
                .await;
        let cookie = super::sign_in(&service, username).await;
        desk.state.services.registry.start_streams();
        (desk, service, cookie)
    }

    /// Adds the small trading account `name` for the fake's login `login` and authorizes it (see
    /// [`SchwabDesk::authorize_account`]).
    pub async fn link_account(
        &self,
        service: &impl Service<
            actix_http::Request,
            Response = ServiceResponse<impl MessageBody>,
            Error = actix_web::Error,
        >,
        cookie: &Cookie<'static>,
        name: &str,
        login: &str,
    ) {
        let add = serde_json::json!({"accountName": name, "accountUsername": login,
            "accountPassword": "pw-123", "accountType": "small_account"});
        let request = super::post_json("/api/trading_account/login/", &add.to_string())
            .cookie(cookie.clone())
            .to_request();
        let (status, text) =
            super::status_and_text(test::call_service(service, request).await).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        self.authorize_account(service, cookie, name, login).await;
    }

    /// Signs the trading account `name` in with the fake's login `login` through the Get Access
    /// Token call, then moves the clock 2 s on, past both sides' read windows for authorizing.
    pub async fn authorize_account(
        &self,
        service: &impl Service<
            actix_http::Request,
            Response = ServiceResponse<impl MessageBody>,
            Error = actix_web::Error,
        >,
        cookie: &Cookie<'static>,
        name: &str,
        login: &str,
    ) {
        let redirected = self.authorize(login).await;
        let paste = serde_json::json!({"accountName": name, "accountUsername": login,
            "authorizationCodeUrl": redirected});
        let request = super::post_json(
            "/api/trading_account/get_access_token_from_authorization_code/",
            &paste.to_string(),
        )
        .cookie(cookie.clone())
        .to_request();
        let (status, text) =
            super::status_and_text(test::call_service(service, request).await).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        self.clock.advance(chrono::Duration::seconds(2));
    }

    /// Logs `username` in on the fake's authorize page and returns the address it redirects to.
    pub async fn authorize(&self, username: &str) -> String {
        let browser = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let answer = browser
            .post(format!("{}/v1/oauth/authorize", self.fake.base_url()))
            .form(&[
                ("client_id", self.app_key.as_str()),
                ("redirect_uri", CALLBACK),
                ("username", username),
                ("password", "pw-123"),
            ])
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 302);
        answer.headers()["location"].to_str().unwrap().to_owned()
    }
}
