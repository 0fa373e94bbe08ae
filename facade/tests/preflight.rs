//! API tests of pre-flight on the paper brokerage: the check-only calls, each fan-out mode of a command,
//! the operator's default, and the specs' clients (which send no mode) behaving as before.
//!
//! The agent has Small (×1), Medium (×2) and Big (×3) margin accounts with $100,000 each; a MARKET buy
//! of about $80,000 of AAPL fits Small and Medium and not Big.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{TestApp, desk, error_body, json_of, post_json};

type Cookie = actix_web::cookie::Cookie<'static>;

/// A MARKET buy of about $80,000 of AAPL at the agent's quantity, with `mode` when given.
async fn big_buy(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie,
    mode: Option<&str>,
) -> Value {
    let (status, text) = call!(
        service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPL")
            .cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let ask = json_of(&text)["ask"].as_f64().expect("ask");
    let shares = (80_000.0 / ask).floor();
    let mut body = json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET", "stockQuantity": shares});
    if let Some(mode) = mode {
        body["fanOutMode"] = json!(mode);
    }
    body
}

fn stock_table() -> test::TestRequest {
    test::TestRequest::get().uri("/api/stock_copy_trading/database")
}

const BUYING_POWER: &str = "Order rejected: insufficient buying power";

/// Orders the paper market took, on any account.
fn market_orders(app: &TestApp) -> usize {
    let paper = app.state.services.brokers.paper.clone().expect("paper");
    let now = engine::clock::Clock::now(&app.clock);
    paper
        .entry_times(
            now - chrono::Duration::days(2),
            now + chrono::Duration::days(2),
        )
        .len()
}

#[actix_web::test]
async fn check_accounts_answers_each_account_with_the_brokers_text_and_sends_nothing() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let body = big_buy(&service, &alice, Some("ALL_OR_NONE")).await;
    let shares = body["stockQuantity"]
        .as_f64()
        .map(|shares| shares as u64)
        .expect("a number of shares");
    let (status, text) = call!(
        &service,
        post_json("/api/preflight/STOCK/place_order", &body.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let mut answer = json_of(&text);
    let rows = answer["accounts"].as_array_mut().expect("accounts");
    let mut projected = Vec::new();
    for row in rows.iter_mut() {
        projected.push(row["projectedBuyingPower"].as_f64().expect("a projection"));
        row["projectedBuyingPower"] = Value::Null;
    }
    assert_eq!(
        answer,
        json!({"accounts": [
            {"accountId": 1, "accountName": "Small", "result": "PASS", "messages": [], "commission": 0.0, "fees": 0.0, "projectedBuyingPower": null,
             "sizedQuantity": shares, "plannedQuantity": shares, "guard": null, "guardReason": null},
            {"accountId": 2, "accountName": "Medium", "result": "PASS", "messages": [], "commission": 0.0, "fees": 0.0, "projectedBuyingPower": null,
             "sizedQuantity": shares * 2, "plannedQuantity": shares * 2, "guard": null, "guardReason": null},
            {"accountId": 3, "accountName": "Big", "result": "REJECT", "messages": [BUYING_POWER], "commission": 0.0, "fees": 0.0, "projectedBuyingPower": null,
             "sizedQuantity": shares * 3, "plannedQuantity": shares * 3, "guard": null, "guardReason": null},
        ]})
    );
    assert!(
        projected[0] > projected[1] && projected[1] > 0.0 && projected[2] < 0.0,
        "{projected:?}"
    );
    // Nothing sent or stored; each preview took one write from its account's budget.
    assert_eq!(
        call!(&service, stock_table().cookie(alice.clone())),
        (StatusCode::OK, "{}".to_owned())
    );
    assert_eq!(market_orders(&app), 0);
    let (_, health) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/accounts")
            .cookie(alice.clone())
    );
    let writes: Vec<Value> = json_of(&health)
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["writesLastMinute"].clone())
        .collect();
    assert_eq!(writes, vec![json!(1), json!(1), json!(1)]);
}

#[actix_web::test]
async fn all_or_none_is_refused_naming_every_rejecting_account_and_nothing_is_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let body = big_buy(&service, &alice, Some("ALL_OR_NONE")).await;
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/place_order", &body.to_string())
                .cookie(alice.clone())
        ),
        (
            StatusCode::CONFLICT,
            r#"{"error":"Not sent: 1 account(s) would refuse the order","code":"preview_refused","rejects":[{"accountId":3,"accountName":"Big","reason":"Order rejected: insufficient buying power"}]}"#.to_owned()
        )
    );
    assert_eq!(
        call!(&service, stock_table().cookie(alice.clone())),
        (StatusCode::OK, "{}".to_owned())
    );
    assert_eq!(market_orders(&app), 0);
    // No session id was used: the next command's session is the first.
    let small = json!({"allTradingAccountsOrderList": [{"accountId": 1}], "stockSymbol": "AAPL",
        "stockSession": "NORMAL", "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "LIMIT",
        "stockQuantity": 1, "stockPrice": 1, "fanOutMode": "ALL_OR_NONE"});
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/place_order", &small.to_string())
                .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".to_owned())
    );
    let (_, table) = call!(&service, stock_table().cookie(alice));
    assert_eq!(
        json_of(&table)
            .as_object()
            .map(|t| t.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["1".to_owned()])
    );
}

#[actix_web::test]
async fn only_passing_sends_to_those_that_pass_and_gives_the_others_a_failed_row() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let body = big_buy(&service, &alice, Some("only_passing")).await;
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/place_order", &body.to_string())
                .cookie(alice.clone())
        ),
        (
            StatusCode::OK,
            r#"{"agentTradingSessionID":1,"accepted":[1,2],"failed":[{"accountId":3,"accountName":"Big","reason":"not sent: the preview refused it: Order rejected: insufficient buying power"}]}"#.to_owned()
        )
    );
    let (_, table) = call!(&service, stock_table().cookie(alice));
    let rows = json_of(&table)["1"].as_array().expect("rows").clone();
    let big = rows
        .iter()
        .find(|r| r["accountName"] == "Big")
        .expect("Big's row");
    assert_eq!(
        (&big["stockStatus"], &big["stockStatusDescription"]),
        (
            &json!("FAILED_TO_PLACE"),
            &json!(format!("not sent: the preview refused it: {BUYING_POWER}"))
        )
    );
    assert_eq!(market_orders(&app), 2);
}

#[actix_web::test]
async fn without_a_mode_the_operator_default_applies_and_starts_as_send_to_all() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    // The specs' clients send no mode: every account is sent the order, as before.
    let body = big_buy(&service, &alice, None).await;
    let (status, _) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order", &body.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(market_orders(&app), 3);
    let (_, health) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/accounts")
            .cookie(alice.clone())
    );
    assert!(
        json_of(&health)
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["writesLastMinute"] == json!(1)),
        "nothing was previewed: one write each, {health}"
    );

    // With all or none as the default, the same body is refused; an explicit mode still wins.
    let setting = json!({"defaultFanOutMode": "ALL_OR_NONE"}).to_string();
    let (status, text) = call!(
        &service,
        post_json("/api/operator/settings", &setting).cookie(alice.clone())
    );
    assert_eq!(
        (status, json_of(&text)["defaultFanOutMode"].clone()),
        (StatusCode::OK, json!("ALL_OR_NONE"))
    );
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order", &body.to_string()).cookie(alice.clone())
    );
    assert_eq!(
        (status, json_of(&text)["code"].clone()),
        (StatusCode::CONFLICT, json!("preview_refused"))
    );
    assert_eq!(market_orders(&app), 3);
    let mut explicit = body.clone();
    explicit["fanOutMode"] = json!("SEND_TO_ALL");
    let (status, _) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order", &explicit.to_string())
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(market_orders(&app), 6);
    // Another agent's default is its own.
    let bob = desk(&service, "bob").await;
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/settings")
            .cookie(bob)
    );
    assert_eq!(json_of(&text)["defaultFanOutMode"], json!("SEND_TO_ALL"));
}

#[actix_web::test]
async fn bad_modes_and_bad_bodies_are_400_naming_the_field_and_nothing_is_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let body = big_buy(&service, &alice, None).await;
    let mode_message = error_body(
        "Fan-out mode must be one of ALL_OR_NONE, ONLY_PASSING, SEND_TO_ALL",
        "bad_request",
    );
    for mode in [json!("SOMETIMES"), json!(5), json!(["ALL_OR_NONE"])] {
        let mut bad = body.clone();
        bad["fanOutMode"] = mode;
        for path in [
            "/api/stock_copy_trading/place_order",
            "/api/preflight/STOCK/place_order",
        ] {
            assert_eq!(
                call!(
                    &service,
                    post_json(path, &bad.to_string()).cookie(alice.clone())
                ),
                (StatusCode::BAD_REQUEST, mode_message.clone()),
                "{path}"
            );
        }
    }
    let mut no_quantity = body.clone();
    no_quantity["stockQuantity"] = json!(0);
    assert_eq!(
        call!(
            &service,
            post_json("/api/preflight/STOCK/place_order", &no_quantity.to_string())
                .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Quantity must be a whole number of at least 1",
                "bad_request"
            )
        )
    );
    assert_eq!(market_orders(&app), 0);
    let (_, health) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/accounts")
            .cookie(alice)
    );
    assert!(
        json_of(&health)
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["writesLastMinute"] == json!(0)),
        "a refused body previews nothing: {health}"
    );
}

#[actix_web::test]
async fn checks_of_exits_name_the_planners_reason_for_an_account_holding_nothing() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let exit = json!({"allTradingAccountsOrderList": [{"accountId": 1}, {"accountId": 2}], "stockSymbol": "AAPL",
        "stockSession": "NORMAL", "stockDuration": "DAY", "stockInstruction": "SELL", "stockOrderType": "MARKET",
        "stockQuantity": 5});
    let (status, text) = call!(
        &service,
        post_json("/api/preflight/STOCK/exit_order", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"accounts": [
            {"accountId": 1, "accountName": "Small", "result": "REJECT", "messages": ["the account holds no long position in AAPL"],
             "commission": 0.0, "fees": 0.0, "projectedBuyingPower": null,
             "sizedQuantity": 5, "plannedQuantity": 0, "guard": null, "guardReason": null},
            {"accountId": 2, "accountName": "Medium", "result": "REJECT", "messages": ["the account holds no long position in AAPL"],
             "commission": 0.0, "fees": 0.0, "projectedBuyingPower": null,
             "sizedQuantity": 5, "plannedQuantity": 0, "guard": null, "guardReason": null},
        ]})
    );
    // Option and vertical checks take their commands' bodies too.
    let option_exit = json!({"allTradingAccountsOrderList": [{"accountId": 3}],
        "optionChainSymbol": "AAPL  241018C00230000", "optionChainInstruction": "SELL_TO_CLOSE",
        "optionChainOrderType": "MARKET", "optionChainQuantity": 1});
    let (status, text) = call!(
        &service,
        post_json("/api/preflight/COMMON/exit_order", &option_exit.to_string())
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["accounts"][0]["messages"],
        json!(["the account holds no long position in AAPL 10/18/2024 230.00 C"])
    );
    let (status, text) = call!(
        &service,
        post_json(
            "/api/preflight/VERTICAL/replace_individual_legs",
            &json!({"agentTradingSessionID": 9, "legsToUpdate": []}).to_string()
        )
        .cookie(alice)
    );
    assert_eq!(
        (status, text),
        (
            StatusCode::BAD_REQUEST,
            error_body("Legs must name at least one leg", "bad_request")
        )
    );
    assert_eq!(market_orders(&app), 0);
}
