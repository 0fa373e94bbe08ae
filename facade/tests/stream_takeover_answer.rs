//! The operator's answer says when another connection of the same Schwab login took an account's order
//! stream over (the Streamer's code 12): a second program logs in to `schwab-fake`'s Streamer on the
//! login, the fake closes copydesk's connection with code 12, and `GET /api/operator/accounts` then
//! shows the stream reconnecting with "another connection of this login took over the stream".

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use engine::account::StreamPhase;
use engine::ids::AccountId;
use serde_json::json;
use support::json_of;
use support::schwab::{SchwabDesk, until};

#[actix_web::test]
async fn the_operator_answer_says_another_connection_took_the_stream_over() {
    // The streams run before any account is linked, as in a running server.
    let (desk, service, alice) = SchwabDesk::streaming("alice").await;
    let registry = desk.state.services.registry.clone();
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
