//! Shared helpers for the facade's API tests: an app on the real route table and cookie handling.

#![allow(
    dead_code,
    reason = "each test file uses a different subset of the helpers"
)]
#![allow(
    clippy::unwrap_used,
    reason = "test helpers fail the test loudly on any unexpected error"
)]

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{App, test};
pub mod schwab;
pub mod served;

use std::sync::Arc;

use engine::clock::ManualClock;
use engine::pause::ManualPause;
use facade::services::Services;
use facade::{AppState, Settings, routes};
use store::Store;

/// A test app over a fresh store in a temporary directory.
pub struct TestApp {
    /// The state handed to the routes.
    pub state: AppState,
    /// Keeps the data directory alive.
    pub dir: tempfile::TempDir,
    /// The hand-moved clock of the brokerage and the accounts.
    pub clock: ManualClock,
}

impl TestApp {
    /// A store in a new temporary directory with test settings adjusted by `tune`.
    pub fn new(tune: impl FnOnce(&mut Settings)) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let mut settings = Settings::for_tests(dir.path().to_path_buf());
        tune(&mut settings);
        let store = Store::open(dir.path(), None).unwrap();
        let clock = ManualClock::new(chrono::Utc::now());
        let services = Services::start_with(
            &store,
            &settings,
            Arc::new(clock.clone()),
            ManualPause::new(clock.clone()),
        )
        .unwrap();
        let state = AppState::new(store, settings, services).unwrap();
        Self { state, dir, clock }
    }

    /// The actix service on the real route table.
    pub async fn service(
        &self,
    ) -> impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    > {
        let state = self.state.clone();
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &state))).await
    }

    /// Polls the paper brokerage for each of accounts `1..=last` and fails the test if any of them
    /// holds an order: a refused request sent nothing.
    pub async fn assert_nothing_sent(&self, last: u64) {
        for id in 1..=last {
            let account = self
                .state
                .services
                .registry
                .get(engine::ids::AccountId(id))
                .expect("running")
                .account;
            account.poll_now().await;
            assert!(
                account.current_view().orders.is_empty(),
                "nothing sent to account {id}"
            );
        }
    }
}

/// A JSON POST with the right content type.
pub fn post_json(path: &str, body: &str) -> test::TestRequest {
    test::TestRequest::post()
        .uri(path)
        .insert_header(("content-type", "application/json"))
        .peer_addr("10.1.1.1:5000".parse().unwrap())
        .set_payload(body.to_owned())
}

/// Reads status and body text.
pub async fn status_and_text(response: ServiceResponse<impl MessageBody>) -> (StatusCode, String) {
    let status = response.status();
    let bytes = test::read_body(response).await;
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

/// The session cookie set by a response, if any.
pub fn session_cookie(response: &ServiceResponse<impl MessageBody>) -> Option<Cookie<'static>> {
    response
        .response()
        .cookies()
        .find(|c| c.name() == facade::auth::SESSION_COOKIE)
        .map(|c| c.into_owned())
}

/// The raw `Set-Cookie` header of a response.
pub fn set_cookie_header(response: &ServiceResponse<impl MessageBody>) -> String {
    response
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// The JSON error body `{"error": message, "code": code}`.
pub fn error_body(message: &str, code: &str) -> String {
    format!(
        r#"{{"error":{},"code":{}}}"#,
        serde_json::Value::from(message),
        serde_json::Value::from(code)
    )
}

/// Calls the service and reads status and body text.
#[macro_export]
macro_rules! call {
    ($service:expr, $request:expr) => {
        $crate::support::status_and_text(
            actix_web::test::call_service($service, $request.to_request()).await,
        )
        .await
    };
}

/// Parses an answer body as JSON.
pub fn json_of(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("the answer is JSON")
}

/// Registers `username` (password `password-1`), signs in, and returns the session cookie.
pub async fn sign_in(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    username: &str,
) -> Cookie<'static> {
    let credentials =
        serde_json::json!({"agentUsername": username, "agentPassword": "password-1"}).to_string();
    test::call_service(
        service,
        post_json("/api/agent_account/register/", &credentials).to_request(),
    )
    .await;
    let response = test::call_service(
        service,
        post_json("/api/agent_account/login/", &credentials).to_request(),
    )
    .await;
    session_cookie(&response).expect("signed in")
}

/// A request carrying `body` as its JSON payload.
pub fn with_json(request: test::TestRequest, body: &serde_json::Value) -> test::TestRequest {
    request
        .insert_header(("content-type", "application/json"))
        .set_payload(body.to_string())
}

/// Signs `username` in (see [`sign_in`]) and links accounts Small (×1), Medium (×2) and Big (×3),
/// ids 1, 2 and 3; returns the session cookie.
pub async fn desk(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    username: &str,
) -> Cookie<'static> {
    let cookie = sign_in(service, username).await;
    for (name, tier) in [
        ("Small", "small_account"),
        ("Medium", "medium_account"),
        ("Big", "big_account"),
    ] {
        link(service, &cookie, username, name, tier).await;
    }
    cookie
}

/// [`desk`] and a fourth account, Off (×1, id 4), with trading switched off.
pub async fn desk_with_off(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    username: &str,
) -> Cookie<'static> {
    let cookie = desk(service, username).await;
    link(service, &cookie, username, "Off", "small_account").await;
    let off = serde_json::json!({"accountUsername": format!("{username}-Off"), "accountTradingActive": false});
    let (status, text) = call!(
        service,
        post_json("/api/trading_account/trading_active", &off.to_string()).cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    cookie
}

/// Links the paper account `{username}-{name}` named `name` at `tier`.
async fn link(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie<'static>,
    username: &str,
    name: &str,
    tier: &str,
) {
    let body = serde_json::json!({"accountName": name, "accountUsername": format!("{username}-{name}"),
                      "accountPassword": "pw", "accountType": tier});
    let (status, text) = call!(
        service,
        post_json("/api/trading_account/login/", &body.to_string()).cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
}

/// The strikes of the first expiry at least a week out in an option chain answer (keys `DATE:DAYS`).
/// An order priced away from the market rests on it: an expiry of today can be worth next to nothing
/// by the afternoon, and then a debit far below the morning's value fills.
pub fn strikes_a_week_out(chain: &serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    chain
        .as_object()
        .and_then(|expiries| {
            expiries.iter().find(|(key, _)| {
                key.split(':')
                    .nth(1)
                    .and_then(|days| days.parse::<i64>().ok())
                    .is_some_and(|days| days >= 7)
            })
        })
        .and_then(|(_, strikes)| strikes.as_object())
        .expect("an expiry a week out")
        .clone()
}
