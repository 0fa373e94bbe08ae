//! API tests of repeated copy commands (`Idempotency-Key`): a repeat is answered as the first command
//! was and sends nothing; a key of another command, a command cut off by a stop and a bad key are
//! refused with nothing sent; a command refused as a whole gives its key back.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use engine::ids::AccountId;
use facade::command_replay::{INTERRUPTED, KEY_REUSED, fingerprint};
use serde_json::{Value, json};
use store::CommandKeyRecord;
use support::{TestApp, desk, error_body, json_of, post_json};

const PLACE: &str = "/api/stock_copy_trading/place_order/";
const CANCEL: &str = "/api/stock_copy_trading/cancel_order/";

/// A stock LIMIT BUY of `quantity` AAPL at one dollar: it stays working.
fn place_body(quantity: u32) -> String {
    json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "LIMIT",
        "stockQuantity": quantity.to_string(), "stockPrice": 1, "stockStopPrice": 0,
        "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0})
    .to_string()
}

fn keyed(request: test::TestRequest, key: &str) -> test::TestRequest {
    request.insert_header(("Idempotency-Key", key))
}

/// How many orders each of accounts 1..=3 holds at the paper brokerage.
async fn orders_held(app: &TestApp) -> Vec<usize> {
    let mut held = Vec::new();
    for id in 1..=3 {
        let account = app
            .state
            .services
            .registry
            .get(AccountId(id))
            .expect("running")
            .account;
        account.poll_now().await;
        held.push(account.current_view().orders.len());
    }
    held
}

#[actix_web::test]
async fn a_repeated_place_is_answered_again_and_sent_once() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let place = |key: &str, body: String| keyed(post_json(PLACE, &body), key).cookie(alice.clone());

    assert_eq!(
        call!(&service, place("k-1", place_body(1))),
        (StatusCode::OK, "success".into())
    );
    let response = test::call_service(&service, place("k-1", place_body(1)).to_request()).await;
    assert_eq!(
        response
            .headers()
            .get("idempotency-replayed")
            .and_then(|v| v.to_str().ok()),
        Some("true")
    );
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(
        support::status_and_text(response).await,
        (StatusCode::OK, "success".into())
    );
    // The same key on another command is refused, and nothing is sent.
    assert_eq!(
        call!(&service, place("k-1", place_body(2))),
        (
            StatusCode::CONFLICT,
            error_body(KEY_REUSED, "idempotency_key_reused")
        )
    );
    assert_eq!(orders_held(&app).await, vec![1, 1, 1]);
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/fetch_trade_status")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let table = json_of(&text);
    assert_eq!(table.as_object().map(|t| t.len()), Some(1), "one session");

    // Another key is another command: it is sent.
    assert_eq!(
        call!(&service, place("k-2", place_body(1))),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(orders_held(&app).await, vec![2, 2, 2]);

    // A cancel repeated is answered as the first was and sends nothing more.
    let rows: Vec<Value> = table["1"].as_array().expect("session 1").clone();
    let accounts: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
                "accountUsername": r["accountUsername"], "stockOrderId": r["stockOrderId"]})
        })
        .collect();
    let cancel =
        json!({"agentTradingSessionID": 1, "allTradingAccountsOrderList": accounts}).to_string();
    let cancel_request = || {
        keyed(test::TestRequest::delete().uri(CANCEL), "c-1")
            .insert_header(("content-type", "application/json"))
            .set_payload(cancel.clone())
            .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, cancel_request()),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(
        call!(&service, cancel_request()),
        (StatusCode::OK, "success".into()),
        "not 'cannot be canceled: it is CANCELED'"
    );
}

#[actix_web::test]
async fn a_refused_command_gives_its_key_back_and_a_bad_key_is_refused() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let place = |key: &str, body: String| keyed(post_json(PLACE, &body), key).cookie(alice.clone());

    for bad in ["two words", "\"\"", &"k".repeat(101)] {
        assert_eq!(
            call!(&service, place(bad, place_body(1))),
            (
                StatusCode::BAD_REQUEST,
                error_body(
                    "Idempotency-Key must be 1 to 100 visible characters (a UUID, say)",
                    "bad_request"
                )
            ),
            "{bad}"
        );
    }
    // A body over the JSON limit (and over what the body extractor reads) is refused as it is without a
    // key.
    let oversize =
        json!({"allTradingAccountsOrderList": [], "pad": "x".repeat(300_000)}).to_string();
    let too_large = (
        StatusCode::PAYLOAD_TOO_LARGE,
        error_body(
            "Request body is too large (at most 65536 bytes)",
            "payload_too_large",
        ),
    );
    assert_eq!(
        call!(&service, post_json(PLACE, &oversize).cookie(alice.clone())),
        too_large
    );
    assert_eq!(call!(&service, place("k-1", oversize.clone())), too_large);
    let (status, _) = call!(&service, place("k-1", place_body(0)));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    app.assert_nothing_sent(3).await;
    // Fixed, the command goes out under the same key.
    assert_eq!(
        call!(&service, place("k-1", place_body(1))),
        (StatusCode::OK, "success".into())
    );
    assert_eq!(orders_held(&app).await, vec![1, 1, 1]);
}

#[actix_web::test]
async fn a_command_cut_off_by_a_stop_is_not_sent_again() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    // What a place interrupted by a stop leaves: its key claimed by an earlier run, unanswered.
    let body = place_body(1);
    let keys = app.state.store.command_keys().expect("the keys");
    let earlier = CommandKeyRecord {
        fingerprint: fingerprint(
            &actix_web::http::Method::POST,
            "/api/stock_copy_trading/place_order",
            body.as_bytes(),
        ),
        run: "an-earlier-run".into(),
        claimed_at: engine::clock::Clock::now(&app.clock).timestamp(),
        answer: None,
    };
    // Agent 1 is alice, the first agent registered.
    assert_eq!(keys.claim(1, "k-1", &earlier).expect("claimed"), None);
    assert_eq!(
        call!(
            &service,
            keyed(post_json(PLACE, &body), "k-1").cookie(alice.clone())
        ),
        (
            StatusCode::CONFLICT,
            error_body(INTERRUPTED, "command_interrupted")
        )
    );
    app.assert_nothing_sent(3).await;
    // Without the key, the same command is a new one.
    assert_eq!(
        call!(&service, post_json(PLACE, &body).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
}
