//! API tests of `/api/trading_account/*`, `/api/operator/*` and the paper login pages: answers, state
//! after the call, bad input naming the field, other agents' accounts untouchable, passwords absent.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use engine::ids::AccountId;
use serde_json::json;
use support::{TestApp, error_body, json_of, post_json, sign_in, status_and_text};

fn account(name: &str, username: &str, tier: &str) -> String {
    json!({"accountName": name, "accountUsername": username, "accountPassword": "broker-pw-1", "accountType": tier})
        .to_string()
}

#[actix_web::test]
async fn adding_a_paper_account_links_it_at_once_and_lists_it_without_the_password() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "medium_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"accountId": 1, "accountName": "Alpha", "accountUsername": "alpha",
               "accountType": "medium_account", "accountConnectionTime": 10080,
               "accountTradingActive": true, "accountStatus": "connected", "accountStatusText": "Connected",
               "otherLoginAccounts": []})
    );
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database?timestamp=1732170000000")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let list = json_of(&text);
    assert_eq!(list.as_array().map(Vec::len), Some(1));
    assert_eq!(list[0]["accountName"], "Alpha");
    assert!(
        !text.contains("broker-pw-1"),
        "the list never carries passwords"
    );
    assert!(
        app.state.services.registry.get(AccountId(1)).is_some(),
        "its actor runs"
    );
}

#[actix_web::test]
async fn an_account_the_brokerage_fails_to_open_is_not_kept_and_can_be_added_again() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let paper = app.state.services.brokers.paper.clone().expect("paper");
    paper.set_faults(engine::broker::paper::FaultConfig {
        error_rate: 1.0,
        ..Default::default()
    });
    let add_alpha = || {
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "medium_account"),
        )
        .cookie(alice.clone())
    };
    let (status, text) = call!(&service, add_alpha());
    assert_eq!(
        (status, text),
        (
            StatusCode::SERVICE_UNAVAILABLE,
            error_body(
                "The brokerage is unavailable right now; try again",
                "brokerage_unavailable"
            )
        )
    );
    assert!(
        app.state.services.registry.get(AccountId(1)).is_none(),
        "no actor left running"
    );
    let (_, list) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(alice.clone())
    );
    assert_eq!(list, "[]", "nothing kept");

    paper.set_faults(engine::broker::paper::FaultConfig::default());
    let (status, text) = call!(&service, add_alpha());
    assert_eq!(
        status,
        StatusCode::OK,
        "the second try is not 'already exists': {text}"
    );
    assert_eq!(json_of(&text)["accountStatus"], "connected");
}

#[actix_web::test]
async fn bad_account_input_is_a_400_naming_the_field_and_stores_nothing() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let cases = [
        (account("", "alpha", "small_account"), "Name is required"),
        (account("Alpha", "  ", "small_account"), "Account Username is required"),
        (json!({"accountName": "A", "accountUsername": "a", "accountPassword": "", "accountType": "small_account"}).to_string(), "Account Password is required"),
        (account("Alpha", "alpha", "tiny_account"), "Account Type must be one of small_account, medium_account, big_account"),
        (account(&"n".repeat(65), "alpha", "small_account"), "Name must be at most 64 characters long"),
        (json!({"accountName": "A", "accountUsername": "a", "accountPassword": "p"}).to_string(), "Account Type is required"),
        (json!({"accountName": 7, "accountUsername": "a", "accountPassword": "p", "accountType": "small_account"}).to_string(), "Name: expected a string"),
    ];
    for (body, message) in cases {
        let answer = call!(
            &service,
            post_json("/api/trading_account/login/", &body).cookie(alice.clone())
        );
        assert_eq!(
            answer,
            (StatusCode::BAD_REQUEST, error_body(message, "bad_request")),
            "{body}"
        );
    }
    assert!(
        app.state
            .store
            .trading_accounts()
            .unwrap()
            .all()
            .unwrap()
            .is_empty()
    );
    assert!(app.state.services.registry.is_empty());
}

#[actix_web::test]
async fn names_and_usernames_are_unique_per_agent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bobby").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/login/",
                &account("Alpha", "other", "small_account")
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::CONFLICT,
            error_body("Account name already exists", "account_exists")
        )
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/login/",
                &account("Other", "alpha", "small_account")
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::CONFLICT,
            error_body("Account username already exists", "account_exists")
        )
    );
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha-b", "small_account")
        )
        .cookie(bob)
    );
    assert_eq!(
        status,
        StatusCode::OK,
        "another agent may use the same name"
    );
}

#[actix_web::test]
async fn account_calls_need_a_signed_in_agent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let unauthorized = (
        StatusCode::UNAUTHORIZED,
        error_body("Please log in first", "unauthorized"),
    );
    assert_eq!(
        call!(
            &service,
            test::TestRequest::get().uri("/api/trading_account/database")
        ),
        unauthorized
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/login/",
                &account("A", "a", "small_account")
            )
        ),
        unauthorized
    );
}

#[actix_web::test]
async fn another_agents_account_is_untouchable() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let mallory = sign_in(&service, "mallory").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    let not_found = (
        StatusCode::NOT_FOUND,
        error_body("No such trading account", "not_found"),
    );
    let by_username = json!({"accountUsername": "alpha"}).to_string();
    for path in [
        "/api/trading_account/account_fetch",
        "/api/trading_account/credentials",
    ] {
        assert_eq!(
            call!(
                &service,
                post_json(path, &by_username).cookie(mallory.clone())
            ),
            not_found,
            "{path}"
        );
    }
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/set_account_type",
                &json!({"accountUsername": "alpha", "accountType": "big_account"}).to_string()
            )
            .cookie(mallory.clone())
        ),
        not_found
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/trading_active",
                &json!({"accountUsername": "alpha", "accountTradingActive": false}).to_string()
            )
            .cookie(mallory.clone())
        ),
        not_found
    );
    let delete = test::TestRequest::delete()
        .uri("/api/trading_account/delete_account")
        .insert_header(("content-type", "application/json"))
        .set_payload(json!({"accountName": "Alpha"}).to_string())
        .cookie(mallory.clone());
    assert_eq!(call!(&service, delete), not_found);
    let (_, list) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(mallory)
    );
    assert_eq!(list, "[]");
    let record = app
        .state
        .store
        .trading_accounts()
        .unwrap()
        .get(AccountId(1))
        .unwrap()
        .unwrap();
    assert!(record.trading_active);
    assert_eq!(record.account_type.to_string(), "small_account");
}

#[actix_web::test]
async fn a_brokerage_login_linked_by_one_agent_is_refused_to_another() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let mallory = sign_in(&service, "mallory").await;
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/login/",
                &account("Mine", "alpha", "big_account")
            )
            .cookie(mallory.clone())
        ),
        (
            StatusCode::CONFLICT,
            error_body(
                "This brokerage login is already linked to copydesk by another agent; it can be traded by one agent only",
                "account_linked_elsewhere"
            )
        )
    );
    // Nothing stored for mallory, and alice's login still works.
    let (_, list) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(mallory)
    );
    assert_eq!(list, "[]");
    let accounts = app.state.store.trading_accounts().unwrap();
    assert_eq!(accounts.all().unwrap().len(), 1);
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/account_fetch",
            &json!({"accountUsername": "alpha"}).to_string()
        )
        .cookie(alice)
    );
    assert_eq!(status, StatusCode::OK);
}

#[actix_web::test]
async fn type_and_trading_active_changes_are_stored() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/set_account_type",
                &json!({"accountUsername": "alpha", "accountType": "big_account"}).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/trading_active",
                &json!({"accountUsername": "alpha", "accountTradingActive": false}).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/set_account_type",
                &json!({"accountUsername": "alpha", "accountType": "giant"}).to_string()
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Account Type must be one of small_account, medium_account, big_account",
                "bad_request"
            )
        )
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/trading_active",
                &json!({"accountUsername": "alpha", "accountTradingActive": "yes"}).to_string()
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body("Trading Active: expected a boolean", "bad_request")
        )
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(alice)
    );
    let list = json_of(&text);
    assert_eq!(
        (
            list[0]["accountType"].clone(),
            list[0]["accountTradingActive"].clone()
        ),
        (json!("big_account"), json!(false))
    );
}

#[actix_web::test]
async fn balances_come_in_the_spec_shape_and_credentials_only_to_the_owner() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    let by_username = json!({"accountUsername": "alpha"}).to_string();
    let (status, text) = call!(
        &service,
        post_json("/api/trading_account/account_fetch", &by_username).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let balances = &json_of(&text)["securitiesAccount"]["currentBalances"];
    assert_eq!(balances["cashBalance"], json!(100000.0));
    assert!(
        balances["buyingPower"]
            .as_f64()
            .is_some_and(|v| v >= 100000.0)
    );
    assert!(balances["cashAvailableForTrading"].as_f64().is_some());
    assert_eq!(
        call!(
            &service,
            post_json("/api/trading_account/credentials", &by_username).cookie(alice)
        ),
        (
            StatusCode::OK,
            r#"{"accountUsername":"alpha","accountPassword":"broker-pw-1"}"#.into()
        )
    );
}

#[actix_web::test]
async fn the_local_authorize_pages_produce_a_code_that_links_the_account_again() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/authorization_url?accountUsername=alpha")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let url = json_of(&text)["url"].as_str().unwrap().to_owned();
    assert_eq!(
        url,
        "/paper/authorize?redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fpaper%2Fcallback"
    );

    let (status, page) = call!(&service, test::TestRequest::get().uri(&url));
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<form method=\"post\" action=\"/paper/authorize\">"));
    let form = test::TestRequest::post()
        .uri("/paper/authorize")
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload("redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fpaper%2Fcallback&username=alpha&password=pw");
    let response = test::call_service(&service, form.to_request()).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    let location = response
        .headers()
        .get("location")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        location.starts_with("http://localhost:8080/paper/callback?code="),
        "{location}"
    );

    let (status, callback) = call!(
        &service,
        test::TestRequest::get().uri(location.trim_start_matches("http://localhost:8080"))
    );
    assert_eq!(status, StatusCode::OK);
    assert!(callback.contains("Copy this address into Account Authorization Code"));

    let body = json!({"accountName": "Alpha", "accountUsername": "alpha", "authorizationCodeUrl": location}).to_string();
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/get_access_token_from_authorization_code/",
                &body
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, r#"{"success":true}"#.into())
    );
    // A code is single-use: the same address again is refused by the brokerage.
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/get_access_token_from_authorization_code/",
            &body
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    let missing = json!({"accountName": "Alpha", "accountUsername": "alpha", "authorizationCodeUrl": "http://localhost/x?session=1"}).to_string();
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/get_access_token_from_authorization_code/",
                &missing
            )
            .cookie(alice)
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Account Authorization Code has no code parameter: paste the whole address the brokerage redirected to",
                "bad_request"
            )
        )
    );
}

#[actix_web::test]
async fn a_foreign_redirect_never_receives_a_code() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let form = test::TestRequest::post()
        .uri("/paper/authorize")
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload("redirect_uri=https%3A%2F%2Fevil.example%2Fsteal&username=alpha&password=pw");
    let (status, page) =
        status_and_text(test::call_service(&service, form.to_request()).await).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("This login link is not valid."));
}

#[actix_web::test]
async fn deleting_an_account_stops_its_actor_and_forgets_its_secrets() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    let delete = |name: &str| {
        test::TestRequest::delete()
            .uri("/api/trading_account/delete_account")
            .insert_header(("content-type", "application/json"))
            .set_payload(json!({"accountName": name}).to_string())
            .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, delete("Alpha")),
        (StatusCode::OK, "success".into())
    );
    assert!(app.state.services.registry.get(AccountId(1)).is_none());
    use engine::account::TokenVault;
    assert!(
        app.state
            .store
            .account_vault()
            .unwrap()
            .load_tokens(AccountId(1))
            .unwrap()
            .is_none()
    );
    assert_eq!(
        call!(&service, delete("Alpha")),
        (
            StatusCode::NOT_FOUND,
            error_body("No such trading account", "not_found")
        )
    );
}

#[actix_web::test]
async fn operators_see_health_and_tune_limits_and_tiers() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Alpha", "alpha", "small_account")
        )
        .cookie(alice.clone())
    );
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/accounts")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let health = &json_of(&text)[0];
    assert_eq!(health["accountStatus"], "connected");
    assert_eq!(health["writeLimitPerMinute"], 120);
    assert_eq!(
        health["refreshTokenExpiresInSeconds"]
            .as_i64()
            .map(|s| s > 7 * 86_400 - 60),
        Some(true)
    );

    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/operator/account_write_limit",
                &json!({"accountUsername": "alpha", "writeLimitPerMinute": 30}).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(
        app.state
            .services
            .registry
            .get(AccountId(1))
            .unwrap()
            .account
            .health()
            .write_limit_per_minute,
        30
    );
    assert_eq!(
        app.state
            .store
            .trading_accounts()
            .unwrap()
            .get(AccountId(1))
            .unwrap()
            .unwrap()
            .write_limit_per_minute,
        30
    );
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/operator/account_write_limit",
                &json!({"accountUsername": "alpha", "writeLimitPerMinute": 121}).to_string()
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "writeLimitPerMinute must be between 1 and 120",
                "bad_request"
            )
        )
    );

    assert_eq!(
        call!(&service, test::TestRequest::get().uri("/api/operator/settings").cookie(alice.clone())),
        (StatusCode::OK, r#"{"readLimitPerMinute":6000,"readLimitEditable":true,"backgroundReadPercent":50,"tierMultipliers":{"small_account":1,"medium_account":2,"big_account":3},"defaultFanOutMode":"SEND_TO_ALL"}"#.into())
    );
    let change = json!({"readLimitPerMinute": 90, "tierMultipliers": {"small_account": 1, "medium_account": 4, "big_account": 9}, "defaultFanOutMode": "ALL_OR_NONE"}).to_string();
    assert_eq!(
        call!(&service, post_json("/api/operator/settings", &change).cookie(alice.clone())),
        (StatusCode::OK, r#"{"readLimitPerMinute":90,"readLimitEditable":true,"backgroundReadPercent":50,"tierMultipliers":{"small_account":1,"medium_account":4,"big_account":9},"defaultFanOutMode":"ALL_OR_NONE"}"#.into())
    );
    assert_eq!(app.state.services.registry.reads().per_minute(), 90);
    let unknown_mode =
        json!({"readLimitPerMinute": 80, "defaultFanOutMode": "SOMETIMES"}).to_string();
    assert_eq!(
        call!(
            &service,
            post_json("/api/operator/settings", &unknown_mode).cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Default fan-out mode must be one of ALL_OR_NONE, ONLY_PASSING, SEND_TO_ALL",
                "bad_request"
            )
        )
    );
    assert_eq!(
        app.state.services.registry.reads().per_minute(),
        90,
        "a refused change changes nothing"
    );
    let bad =
        json!({"tierMultipliers": {"small_account": 0, "medium_account": 4, "big_account": 9}})
            .to_string();
    assert_eq!(
        call!(
            &service,
            post_json("/api/operator/settings", &bad).cookie(alice)
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "tierMultipliers.small_account must be between 1 and 100",
                "bad_request"
            )
        )
    );
}

#[actix_web::test]
async fn only_the_operator_changes_the_read_limit_every_agent_shares() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    // The first agent registered is the operator when none is named.
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/settings")
            .cookie(bob.clone())
    );
    assert_eq!(json_of(&text)["readLimitEditable"], json!(false));
    let change = json!({"readLimitPerMinute": 100000}).to_string();
    assert_eq!(
        call!(
            &service,
            post_json("/api/operator/settings", &change).cookie(bob.clone())
        ),
        (
            StatusCode::FORBIDDEN,
            error_body(
                "Read limit per minute is shared by every agent; only the operator may change it",
                "forbidden"
            )
        )
    );
    assert_eq!(app.state.services.registry.reads().per_minute(), 6000);
    // Bob's own settings go through with the limit as it is (the form sends it unchanged).
    let own = json!({"readLimitPerMinute": 6000, "tierMultipliers": {"small_account": 2, "medium_account": 4, "big_account": 6}}).to_string();
    let (status, text) = call!(
        &service,
        post_json("/api/operator/settings", &own).cookie(bob)
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(json_of(&text)["tierMultipliers"]["small_account"], json!(2));
    let (status, _) = call!(
        &service,
        post_json("/api/operator/settings", &change).cookie(alice)
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(app.state.services.registry.reads().per_minute(), 100_000);
}

#[actix_web::test]
async fn the_operator_sets_the_background_share_of_reads_and_the_read_budget_shows_its_use() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    let budget = || async {
        let (status, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/operator/read_budget")
                .cookie(alice.clone())
        );
        assert_eq!(status, StatusCode::OK, "{text}");
        json_of(&text)
    };
    let shown = budget().await;
    // 6,000 a minute on paper: a tenth kept for people, half for background work.
    assert_eq!(
        (
            shown["reservedForPeople"].clone(),
            shown["backgroundReadPercent"].clone(),
            shown["backgroundReadLimit"].clone(),
            shown["backgroundReadsLastMinute"].clone()
        ),
        (json!(600), json!(50), json!(3000), json!(0)),
        "{shown}"
    );
    for bad in [json!(0), json!(101)] {
        let change = json!({"backgroundReadPercent": bad}).to_string();
        assert_eq!(
            call!(
                &service,
                post_json("/api/operator/settings", &change).cookie(alice.clone())
            ),
            (
                StatusCode::BAD_REQUEST,
                error_body(
                    "Background share of reads must be between 1 and 100 (percent)",
                    "bad_request"
                )
            )
        );
    }
    let change = json!({"backgroundReadPercent": 30}).to_string();
    assert_eq!(
        call!(
            &service,
            post_json("/api/operator/settings", &change).cookie(bob.clone())
        ),
        (
            StatusCode::FORBIDDEN,
            error_body(
                "Background share of reads is shared by every agent; only the operator may change it",
                "forbidden"
            )
        )
    );
    assert_eq!(budget().await["backgroundReadPercent"], json!(50));
    let (status, text) = call!(
        &service,
        post_json("/api/operator/settings", &change).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(json_of(&text)["backgroundReadPercent"], json!(30));
    let reads = app.state.services.registry.reads();
    assert_eq!(reads.shares().background_percent, 30);
    assert_eq!(
        app.state
            .store
            .settings()
            .unwrap()
            .background_read_percent()
            .unwrap(),
        Some(30)
    );
    // Background work now takes at most 1,800 reads a minute; what it took shows at once.
    assert!(reads.try_take_as(40, engine::account::ReadClass::Background));
    let shown = budget().await;
    assert_eq!(
        (
            shown["backgroundReadLimit"].clone(),
            shown["backgroundReadsLastMinute"].clone(),
            shown["readsLastMinute"].clone()
        ),
        (json!(1800), json!(40), json!(40)),
        "{shown}"
    );
    // Bob's own settings go through with the share as it is (the form sends it unchanged).
    let own = json!({"backgroundReadPercent": 30, "tierMultipliers": {"small_account": 2, "medium_account": 4, "big_account": 6}}).to_string();
    let (status, text) = call!(
        &service,
        post_json("/api/operator/settings", &own).cookie(bob)
    );
    assert_eq!(status, StatusCode::OK, "{text}");
}

#[actix_web::test]
async fn a_named_operator_is_the_one_who_changes_the_read_limit() {
    let app = TestApp::new(|settings| settings.operator = Some("bob".to_owned()));
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    let change = json!({"readLimitPerMinute": 500}).to_string();
    let (status, _) = call!(
        &service,
        post_json("/api/operator/settings", &change).cookie(alice)
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, text) = call!(
        &service,
        post_json("/api/operator/settings", &change).cookie(bob)
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(json_of(&text)["readLimitEditable"], json!(true));
    assert_eq!(app.state.services.registry.reads().per_minute(), 500);
}

#[actix_web::test]
async fn a_paper_login_with_two_accounts_offers_the_other_and_links_it_without_signing_in_again() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/login/",
            &account("Family", "family+2", "small_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["otherLoginAccounts"],
        json!(["\u{2026}0002"])
    );
    let link = json!({"accountName": "Family", "brokerageAccount": "\u{2026}0002",
        "newAccountName": "Family IRA", "accountType": "big_account"});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/link_login_account/",
            &link.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"accountId": 2, "accountName": "Family IRA",
               "accountUsername": "family+2 \u{2026}0002", "accountType": "big_account",
               "accountConnectionTime": 10080, "accountTradingActive": true,
               "accountStatus": "connected", "accountStatusText": "Connected",
               "otherLoginAccounts": []})
    );
    // The same account again, under another name: it is no longer free, and nothing is stored.
    let again = json!({"accountName": "Family IRA", "brokerageAccount": "0002",
        "newAccountName": "Second IRA", "accountType": "big_account"});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/link_login_account/",
            &again.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(
        (status, text),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Brokerage Account \u{2026}0002 is not another account of this login free to link",
                "bad_request"
            )
        )
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(alice.clone())
    );
    let rows = json_of(&text);
    assert_eq!(rows.as_array().map(Vec::len), Some(2));
    assert!(
        rows.as_array()
            .unwrap()
            .iter()
            .all(|r| r["otherLoginAccounts"] == json!([]))
    );
}
