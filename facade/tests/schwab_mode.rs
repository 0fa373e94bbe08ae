//! copydesk in Schwab mode against `schwab-fake` over loopback HTTP: add an account, authorize it through
//! the fake's authorize page, see balances, refresh the access token, and see the login expire.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use chrono::Duration;
use facade::routes;
use serde_json::{Value, json};
use support::schwab::{CALLBACK, SchwabDesk};
use support::{json_of, post_json, session_cookie, status_and_text};

#[actix_web::test]
async fn a_schwab_account_is_authorized_refreshed_and_expires_against_the_fake() {
    let desk = SchwabDesk::start();
    let (state, clock, app_key) = (desk.state.clone(), desk.clock.clone(), desk.app_key.clone());
    let app_state = state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &app_state)))
            .await;

    let credentials = json!({"agentUsername": "alice", "agentPassword": "password-1"}).to_string();
    test::call_service(
        &service,
        post_json("/api/agent_account/register/", &credentials).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json("/api/agent_account/login/", &credentials).to_request(),
    )
    .await;
    let alice = session_cookie(&response).expect("signed in");

    // Adding a Schwab account stores it; it waits for authorization.
    let add = json!({"accountName": "Main", "accountUsername": "schwab-login", "accountPassword": "pw-123",
                     "accountType": "small_account"})
    .to_string();
    let (status, text) = status_and_text(
        test::call_service(
            &service,
            post_json("/api/trading_account/login/", &add)
                .cookie(alice.clone())
                .to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let row = json_of(&text);
    assert_eq!(
        (
            row["accountStatus"].clone(),
            row["accountConnectionTime"].clone()
        ),
        (json!("authorization_needed"), Value::Null)
    );

    // The authorize URL is the fake's, with the app key and the callback.
    let (_, text) = status_and_text(
        test::call_service(
            &service,
            test::TestRequest::get()
                .uri("/api/trading_account/authorization_url?accountUsername=schwab-login")
                .cookie(alice.clone())
                .to_request(),
        )
        .await,
    )
    .await;
    let url = json_of(&text)["url"].as_str().expect("url").to_owned();
    assert!(
        url.starts_with(&format!(
            "{}/v1/oauth/authorize?client_id={app_key}",
            desk.fake.base_url()
        )),
        "{url}"
    );

    // The agent logs in on the fake's page; it redirects to the callback with a code.
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    let page = browser.get(&url).send().await.expect("authorize page");
    assert_eq!(page.status().as_u16(), 200);
    let redirected = desk.authorize("schwab-login").await;
    assert!(redirected.starts_with(CALLBACK), "{redirected}");

    let paste = json!({"accountName": "Main", "accountUsername": "schwab-login", "authorizationCodeUrl": redirected}).to_string();
    let (status, text) = status_and_text(
        test::call_service(
            &service,
            post_json(
                "/api/trading_account/get_access_token_from_authorization_code/",
                &paste,
            )
            .cookie(alice.clone())
            .to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::OK, r#"{"success":true}"#)
    );

    // Balances arrive over HTTP from the fake.
    let by_username = json!({"accountUsername": "schwab-login"}).to_string();
    let (status, text) = status_and_text(
        test::call_service(
            &service,
            post_json("/api/trading_account/account_fetch", &by_username)
                .cookie(alice.clone())
                .to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["securitiesAccount"]["currentBalances"]["cashBalance"],
        json!(100000.0)
    );

    // 26 minutes on, a refresh request renews the access token ahead of its expiry.
    clock.advance(Duration::minutes(26));
    let refresh = test::TestRequest::get()
        .uri("/api/trading_account/fetch_trading_account_data_from_refresh_token")
        .cookie(alice.clone());
    assert_eq!(
        status_and_text(test::call_service(&service, refresh.to_request()).await)
            .await
            .1,
        "success"
    );
    let (_, text) = status_and_text(
        test::call_service(
            &service,
            test::TestRequest::get()
                .uri("/api/operator/accounts")
                .cookie(alice.clone())
                .to_request(),
        )
        .await,
    )
    .await;
    let access_left = json_of(&text)[0]["accessTokenExpiresInSeconds"]
        .as_i64()
        .expect("access expiry");
    assert!(
        access_left > 29 * 60,
        "a fresh 30-minute token: {access_left}"
    );

    // A week after the login, re-authorization is needed.
    clock.advance(Duration::days(7));
    let (_, text) = status_and_text(
        test::call_service(
            &service,
            test::TestRequest::get()
                .uri("/api/trading_account/database")
                .cookie(alice.clone())
                .to_request(),
        )
        .await,
    )
    .await;
    let row = &json_of(&text)[0];
    assert_eq!(row["accountStatus"], "reauthorization_needed");
    assert_eq!(row["accountConnectionTime"], 0);
    let answer = status_and_text(
        test::call_service(
            &service,
            post_json("/api/trading_account/account_fetch", &by_username)
                .cookie(alice)
                .to_request(),
        )
        .await,
    )
    .await;
    assert_eq!(
        answer,
        (
            StatusCode::CONFLICT,
            support::error_body(
                "the brokerage login has expired; authorize the account again",
                "authorization_needed"
            )
        )
    );
    desk.fake.stop().await;
}
