//! The operator's answer says when another connection of the same Schwab login took an account's order
//! stream over (the Streamer's code 12): a second program logs in to `schwab-fake`'s Streamer on the
//! login, the fake closes copydesk's connection with code 12, and `GET /api/operator/accounts` then
//! shows the stream reconnecting with "another connection of this login took over the stream".

#[macro_use]
mod support;

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use engine::account::StreamPhase;
use engine::ids::AccountId;
use facade::routes;
use serde_json::json;
use support::schwab::SchwabDesk;
use support::{json_of, sign_in};

/// Longest wait for a condition the streams bring about (real time: frames cross loopback).
const CONDITION_LIMIT: Duration = Duration::from_secs(60);

async fn until(what: &str, mut condition: impl AsyncFnMut() -> bool) {
    let started = std::time::Instant::now();
    while !condition().await {
        assert!(started.elapsed() < CONDITION_LIMIT, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[actix_web::test]
async fn the_operator_answer_says_another_connection_took_the_stream_over() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let registry = state.services.registry.clone();
    let app_state = state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &app_state)))
            .await;
    let alice = sign_in(&service, "alice").await;
    registry.start_streams();
    desk.link_account(&service, &alice, "Owner", "login-owner")
        .await;
    let account = registry.account(AccountId(1)).expect("linked");
    until("the stream connected", async || {
        account.stream_status().phase == StreamPhase::Connected
    })
    .await;

    // The owner's own program logs in to the Streamer on the same login.
    let broker = account.deps().broker.clone();
    let token = account
        .tokens()
        .access(broker.as_ref())
        .await
        .expect("a token");
    let link = account.link().expect("the account's link");
    let address = account.stream_address();
    let _other = broker
        .open_order_stream_at(&token, &[link], address.as_ref())
        .await
        .expect("the other program's stream");

    let operator = || async {
        let (status, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/operator/accounts")
                .cookie(alice.clone())
        );
        assert_eq!(status, StatusCode::OK);
        json_of(&text)
    };
    until("the takeover is told", async || {
        operator().await[0]["streamStateText"]
            == json!("another connection of this login took over the stream")
    })
    .await;
    let row = operator().await;
    assert_eq!(
        (row[0]["accountName"].clone(), row[0]["streamState"].clone()),
        (json!("Owner"), json!("reconnecting")),
        "{row}"
    );
}
