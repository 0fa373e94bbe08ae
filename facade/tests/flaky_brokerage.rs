//! A flaky brokerage never costs a login: against `schwab-fake` answering trader and market-data calls
//! with 503, the Get Access Token flow keeps the exchanged tokens and links the account (at once when a
//! retry gets through, else at the next read), and the reads a person waits on are retried and, when the
//! brokerage stays down, say it is unavailable (503), never that the input was wrong.

#[macro_use]
mod support;

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use engine::account::messages::PollPrepaid;
use engine::clock::Clock as _;
use fixtures::fake::FaultPlan;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{error_body, json_of, post_json, sign_in};

const UNAVAILABLE: &str = "The brokerage is unavailable right now; try again";

/// Adds a Schwab account `name` (login `login-<name>`) and pastes a fresh code from the fake for it.
async fn link<S, B>(
    desk: &SchwabDesk,
    service: &S,
    cookie: &Cookie<'static>,
    name: &str,
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let login = format!("login-{name}");
    let add = json!({"accountName": name, "accountUsername": login, "accountPassword": "pw-1",
                     "accountType": "small_account"});
    let (status, text) = call!(
        service,
        post_json("/api/trading_account/login/", &add.to_string()).cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let redirected = desk.authorize(&login).await;
    let paste =
        json!({"accountName": name, "accountUsername": login, "authorizationCodeUrl": redirected});
    call!(
        service,
        post_json(
            "/api/trading_account/get_access_token_from_authorization_code/",
            &paste.to_string()
        )
        .cookie(cookie.clone())
    )
}

/// The account rows by name.
async fn rows<S, B>(service: &S, cookie: &Cookie<'static>) -> Vec<Value>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (_, text) = call!(
        service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(cookie.clone())
    );
    json_of(&text).as_array().expect("rows").clone()
}

async fn balances<S, B>(service: &S, cookie: &Cookie<'static>, name: &str) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let body = json!({"accountUsername": format!("login-{name}")}).to_string();
    call!(
        service,
        post_json("/api/trading_account/account_fetch", &body).cookie(cookie.clone())
    )
}

async fn chain<S, B>(service: &S, cookie: &Cookie<'static>) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    call!(service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=SPY&optionChainCallPut=CALL")
        .cookie(cookie.clone()))
}

fn linked(desk: &SchwabDesk, name: &str) -> bool {
    let record = desk
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .all()
        .expect("all")
        .into_iter()
        .find(|a| a.name == name)
        .expect("the account");
    let handle = desk
        .state
        .services
        .registry
        .get(record.id)
        .expect("running");
    handle.account.link().is_some() && handle.account.tokens().has_live_login()
}

#[actix_web::test]
async fn the_account_read_of_a_login_is_retried_and_a_login_is_kept_when_it_still_fails() {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;
    let alice = sign_in(&service, "alice").await;

    // The account read fails three times, then a retry gets through: linked at once.
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::next(3));
    assert_eq!(
        link(&desk, &service, &alice, "Retried").await,
        (StatusCode::OK, r#"{"success":true}"#.into())
    );
    assert!(linked(&desk, "Retried"));
    assert_eq!(
        desk.fake.fault_settings().server_error.next,
        0,
        "every fault was used"
    );
    let row = rows(&service, &alice).await[0].clone();
    assert_eq!(row["accountStatus"], "connected", "{row}");

    // The brokerage stays down after the code was exchanged: the login stands, the account is not yet
    // read, and the row says why; the answer is still a success (the code cannot be used again).
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::rate(1.0));
    for name in ["Polled", "Fetched"] {
        assert_eq!(
            link(&desk, &service, &alice, name).await,
            (StatusCode::OK, r#"{"success":true}"#.into()),
            "{name}"
        );
        assert!(!linked(&desk, name), "{name}: no account read yet");
    }
    for row in rows(&service, &alice).await.iter().skip(1) {
        assert_eq!(row["accountStatus"], "error", "{row}");
        assert_eq!(
            row["accountStatusText"],
            "Error: the brokerage failed with status 503"
        );
        assert!(
            row["accountConnectionTime"]
                .as_i64()
                .is_some_and(|m| m > 7 * 24 * 60 - 5),
            "the 7-day login is kept: {row}"
        );
    }

    // While it is down, balances say the brokerage is unavailable.
    assert_eq!(
        balances(&service, &alice, "Fetched").await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            error_body(UNAVAILABLE, "brokerage_unavailable")
        )
    );

    // Back up: the next poll reads and links one account; asking for balances links the other.
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::default());
    let polled = desk
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .all()
        .expect("all")
        .into_iter()
        .find(|a| a.name == "Polled")
        .expect("Polled");
    let handle = desk
        .state
        .services
        .registry
        .get(polled.id)
        .expect("running");
    assert!(desk.state.services.registry.reads().try_take(2));
    handle
        .addr
        .send(PollPrepaid)
        .await
        .expect("the actor answers")
        .expect("the poll succeeds");
    assert!(linked(&desk, "Polled"));
    let (status, text) = balances(&service, &alice, "Fetched").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["securitiesAccount"]["currentBalances"]["cashBalance"],
        json!(100000.0)
    );
    assert!(linked(&desk, "Fetched"));
    for row in rows(&service, &alice).await {
        assert_eq!(row["accountStatus"], "connected", "{row}");
    }
    desk.fake.stop().await;
}

#[actix_web::test]
async fn reads_a_person_waits_on_are_retried_then_answer_that_the_brokerage_is_unavailable() {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;
    let alice = sign_in(&service, "alice").await;
    assert_eq!(
        link(&desk, &service, &alice, "Main").await,
        (StatusCode::OK, r#"{"success":true}"#.into())
    );

    // A few failures are retried away.
    for read in ["balances", "chain"] {
        desk.fake
            .update_faults(|f| f.server_error = FaultPlan::next(2));
        let (status, text) = match read {
            "balances" => balances(&service, &alice, "Main").await,
            _ => chain(&service, &alice).await,
        };
        assert_eq!(status, StatusCode::OK, "{read}: {text}");
        assert_eq!(desk.fake.fault_settings().server_error.next, 0, "{read}");
    }
    let (_, text) = chain(&service, &alice).await;
    assert!(
        json_of(&text).as_object().is_some_and(|c| !c.is_empty()),
        "a chain: {text}"
    );

    // A brokerage that stays down: 503 saying so, within the retry budget of the clock.
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::rate(1.0));
    for read in ["balances", "chain"] {
        let started = desk.clock.now();
        let answer = match read {
            "balances" => balances(&service, &alice, "Main").await,
            _ => chain(&service, &alice).await,
        };
        assert_eq!(
            answer,
            (
                StatusCode::SERVICE_UNAVAILABLE,
                error_body(UNAVAILABLE, "brokerage_unavailable")
            ),
            "{read}"
        );
        let spent = desk.clock.now() - started;
        assert!(
            spent <= chrono::Duration::seconds(3),
            "{read}: retried within the budget, took {spent}"
        );
        assert!(
            spent >= chrono::Duration::milliseconds(200),
            "{read}: retried at all"
        );
    }
    desk.fake.stop().await;
}

#[actix_web::test]
async fn with_30_percent_of_trader_calls_failing_every_get_access_token_succeeds_and_links() {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;
    let alice = sign_in(&service, "alice").await;
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::rate(0.3));
    let names: Vec<String> = (1..=12).map(|i| format!("Account{i:02}")).collect();
    for name in &names {
        assert_eq!(
            link(&desk, &service, &alice, name).await,
            (StatusCode::OK, r#"{"success":true}"#.into()),
            "{name}"
        );
    }
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::default());
    for name in &names {
        let (status, text) = balances(&service, &alice, name).await;
        assert_eq!(status, StatusCode::OK, "{name}: {text}");
        assert!(linked(&desk, name), "{name}");
    }
    desk.fake.stop().await;
}
