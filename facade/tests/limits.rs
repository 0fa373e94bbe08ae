//! API tests of sizing profiles and guards on the paper brokerage: the limits calls (defaults, changes,
//! 400s naming the field with nothing stored), every sizing method and guard end to end through the
//! stock place, exit and replace calls, the equal split, the plan preview and pre-flight's planned
//! quantities, orders already sent left alone, and each agent's limits invisible to the others.
//!
//! The agent has Small (×1), Medium (×2) and Big (×3) paper margin accounts with $100,000 each.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{TestApp, desk, json_of, post_json, with_json};

type Cookie = actix_web::cookie::Cookie<'static>;

/// A stock order body for AAPL at the agent's quantity, changed by `change`.
fn stock(order_type: &str, quantity: u32, price: f64, change: impl FnOnce(&mut Value)) -> Value {
    let mut body = json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": order_type, "stockQuantity": quantity,
        "stockPrice": price, "stockStopPrice": 0, "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0.1});
    change(&mut body);
    body
}

/// A LIMIT buy far below the market, so it rests.
fn resting_buy(quantity: u32) -> Value {
    stock("LIMIT", quantity, 10.0, |_| {})
}

fn put_limits(body: &Value) -> test::TestRequest {
    with_json(
        test::TestRequest::put().uri("/api/trading_account/limits"),
        body,
    )
}

fn get_limits() -> test::TestRequest {
    test::TestRequest::get().uri("/api/trading_account/limits")
}

fn place(body: &Value) -> test::TestRequest {
    post_json("/api/stock_copy_trading/place_order", &body.to_string())
}

fn stock_table() -> test::TestRequest {
    test::TestRequest::get().uri("/api/stock_copy_trading/database")
}

/// The stock table after a poll of the accounts with open orders.
fn refresh() -> test::TestRequest {
    test::TestRequest::get().uri("/api/stock_copy_trading/fetch_trade_status")
}

/// `(accountName, stockQuantity, sent)` of every row of session `session` in the stock table (sent:
/// the row holds an order, whatever its status; not sent: FAILED_TO_PLACE).
async fn session_rows(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie,
    session: u64,
) -> Vec<(String, u64, bool)> {
    let (status, text) = call!(service, stock_table().cookie(cookie.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let mut rows: Vec<(String, u64, bool)> = json_of(&text)[session.to_string()]
        .as_array()
        .unwrap_or_else(|| panic!("session {session} in {text}"))
        .iter()
        .map(|r| {
            (
                r["accountName"].as_str().unwrap_or_default().to_owned(),
                r["stockQuantity"].as_u64().unwrap_or_default(),
                r["stockStatus"] != "FAILED_TO_PLACE" && r["stockOrderId"].is_i64(),
            )
        })
        .collect();
    rows.sort();
    rows
}

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

fn defaults(id: u64, name: &str, balances: Value) -> Value {
    json!({"accountId": id, "accountName": name, "accountUsername": format!("alice-{name}"),
        "sizing": {"method": "TIER", "value": null, "belowOne": "REFUSE"},
        "guards": {"maxQuantityPerOrder": null, "maxPositionPerSymbol": null, "maxNotionalPerOrder": null,
            "allowSymbols": [], "denySymbols": [], "openClose": "ANY", "maxOrdersPerDay": null},
        "balances": balances})
}

#[actix_web::test]
async fn limits_default_to_the_tier_change_field_by_field_and_refuse_bad_values_naming_the_field() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let (status, text) = call!(&service, get_limits().cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let answer = json_of(&text);
    // Balances are read by a poll or a balances call; until then the age is unknown.
    assert_eq!(
        answer,
        json!([
            defaults(1, "Small", answer[0]["balances"].clone()),
            defaults(2, "Medium", answer[1]["balances"].clone()),
            defaults(3, "Big", answer[2]["balances"].clone()),
        ])
    );

    // The balances' age: read now, then 90 seconds on.
    let fetch = json!({"accountUsername": "alice-Big"});
    let (status, text) = call!(
        &service,
        post_json("/api/trading_account/account_fetch", &fetch.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    app.clock.advance(chrono::Duration::seconds(90));
    let (_, text) = call!(&service, get_limits().cookie(alice.clone()));
    let big = json_of(&text)[2]["balances"].clone();
    assert_eq!(big["netLiquidationValue"], json!(100_000.0), "{big}");
    assert_eq!(big["ageSeconds"], json!(90), "{big}");
    assert!(
        big["readAt"].as_str().is_some_and(|t| t.contains('T')),
        "{big}"
    );

    let change = json!({"accountUsername": "alice-Small",
        "sizing": {"method": "ratio", "value": 0.5, "belowOne": "ONE"},
        "maxQuantityPerOrder": 10, "maxPositionPerSymbol": 40, "maxNotionalPerOrder": 2500.5,
        "allowSymbols": [" aapl ", "MSFT", "aapl"], "denySymbols": ["tsla"], "openClose": "close_only",
        "maxOrdersPerDay": 3});
    let (status, text) = call!(&service, put_limits(&change).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let small = json!({"accountId": 1, "accountName": "Small", "accountUsername": "alice-Small",
        "sizing": {"method": "RATIO", "value": 0.5, "belowOne": "ONE"},
        "guards": {"maxQuantityPerOrder": 10, "maxPositionPerSymbol": 40, "maxNotionalPerOrder": 2500.5,
            "allowSymbols": ["AAPL", "MSFT"], "denySymbols": ["TSLA"], "openClose": "CLOSE_ONLY", "maxOrdersPerDay": 3},
        "balances": json_of(&text)["balances"].clone()});
    assert_eq!(json_of(&text), small);

    // A field left out stays; null clears a guard; a sizing of null goes back to the tier.
    let (status, text) = call!(
        &service,
        put_limits(&json!({"accountUsername": "alice-Small", "maxQuantityPerOrder": null, "denySymbols": null}))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let mut expected = small.clone();
    expected["guards"]["maxQuantityPerOrder"] = Value::Null;
    expected["guards"]["denySymbols"] = json!([]);
    assert_eq!(json_of(&text), expected);

    let (_, before) = call!(&service, get_limits().cookie(alice.clone()));
    let refused = [
        (
            json!({"sizing": {"method": "HALF"}}),
            "Sizing Method must be one of TIER, FIXED, RATIO, NET_LIQUIDATION",
        ),
        (
            json!({"sizing": {"method": "FIXED", "value": 0}}),
            "Sizing Value must be a whole number of units between 1 and 1,000,000 for FIXED",
        ),
        (
            json!({"sizing": {"method": "FIXED", "value": 2.5}}),
            "Sizing Value must be a whole number of units between 1 and 1,000,000 for FIXED",
        ),
        (
            json!({"sizing": {"method": "RATIO", "value": -1}}),
            "Sizing Value must be a number above 0 and at most 1,000 for RATIO",
        ),
        (
            json!({"sizing": {"method": "RATIO", "value": "2"}}),
            "Sizing Value must be a number above 0 and at most 1,000 for RATIO",
        ),
        (
            json!({"sizing": {"method": "NET_LIQUIDATION"}}),
            "Sizing Value must be a number of dollars between 1 and 1,000,000,000 for NET_LIQUIDATION",
        ),
        (
            json!({"sizing": {"method": "RATIO", "value": 1, "belowOne": "MAYBE"}}),
            "Below One Unit must be one of REFUSE, ONE",
        ),
        (
            json!({"sizing": {"method": "RATIO", "value": 1, "extra": 1}}),
            "Sizing has no field extra",
        ),
        (
            json!({"sizing": 5}),
            "Sizing must be an object with method, value and belowOne",
        ),
        (
            json!({"maxQuantityPerOrder": 0}),
            "Max Quantity Per Order must be a whole number between 1 and 1,000,000, or null for none",
        ),
        (
            json!({"maxPositionPerSymbol": 2.5}),
            "Max Position Per Symbol must be a whole number between 1 and 10,000,000, or null for none",
        ),
        (
            json!({"maxNotionalPerOrder": -5}),
            "Max Notional Per Order must be a number of dollars above 0 and at most 10,000,000,000, or null for none",
        ),
        (
            json!({"allowSymbols": "AAPL"}),
            "Allow Symbols must be a list of symbols",
        ),
        (
            json!({"denySymbols": ["AAPL", "BAD SYMBOL"]}),
            "Deny Symbols item 2 must be a symbol of 1 to 12 letters, digits, '.', '/', '-' or '$'",
        ),
        (
            json!({"openClose": "SOMETIMES"}),
            "Open/Close must be one of ANY, OPEN_ONLY, CLOSE_ONLY",
        ),
        (
            json!({"maxOrdersPerDay": "3"}),
            "Max Orders Per Day must be a whole number between 1 and 100,000, or null for none",
        ),
        // A valid change with one bad field stores nothing.
        (
            json!({"maxQuantityPerOrder": 5, "maxOrdersPerDay": 0}),
            "Max Orders Per Day must be a whole number between 1 and 100,000, or null for none",
        ),
    ];
    for (fields, message) in refused {
        let mut body = fields.clone();
        body["accountUsername"] = json!("alice-Small");
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{fields}: {text}");
        assert_eq!(json_of(&text)["error"], json!(message), "{fields}");
    }
    let (status, text) = call!(
        &service,
        put_limits(&json!({"accountUsername": "alice-Small", "maxQuantityPerOrdr": 5}))
            .cookie(alice.clone())
    );
    assert_eq!(
        (status, json_of(&text)["error"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!(
                "maxQuantityPerOrdr: expected one of `accountUsername`, `sizing`, `maxQuantityPerOrder`, `maxPositionPerSymbol`, `maxNotionalPerOrder`, `allowSymbols`, `denySymbols`, `openClose`, `maxOrdersPerDay`"
            )
        )
    );
    let (status, text) = call!(
        &service,
        put_limits(&json!({"maxQuantityPerOrder": 5})).cookie(alice.clone())
    );
    assert_eq!(
        (status, json_of(&text)["error"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("Account Username is required")
        )
    );
    let (status, _) = call!(
        &service,
        put_limits(&json!({"accountUsername": "nobody", "maxQuantityPerOrder": 5}))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, after) = call!(&service, get_limits().cookie(alice.clone()));
    assert_eq!(json_of(&after), json_of(&before), "nothing stored");
    assert_eq!(market_orders(&app), 0);
}

#[actix_web::test]
async fn every_sizing_method_sizes_a_place_and_below_one_is_refused_or_one() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    for body in [
        json!({"accountUsername": "alice-Small", "sizing": {"method": "FIXED", "value": 5}}),
        json!({"accountUsername": "alice-Medium", "sizing": {"method": "RATIO", "value": 0.5}}),
        json!({"accountUsername": "alice-Big", "sizing": {"method": "NET_LIQUIDATION", "value": 40000}}),
    ] {
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    // Big's balances were never read: a plan preview reads nothing, so NET_LIQUIDATION has nothing to
    // size by yet.
    let (status, text) = call!(
        &service,
        post_json(
            "/api/plan_preview/STOCK/place_order",
            &resting_buy(1).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["accounts"][2]["reason"],
        "sized to 0: the account's net liquidation value is not known yet (its balances have not been read); nothing was sent to this account"
    );
    // A place reads them first: 1 per $40,000 of Big's $100,000 = 2.5 → 2.
    let big = app
        .state
        .services
        .registry
        .account(engine::ids::AccountId(3))
        .expect("Big runs");
    let read_at = || big.net_liquidation().map(|(_, at)| at);
    assert_eq!(read_at(), None);
    let (status, text) = call!(&service, place(&resting_buy(1)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 1, "accepted": [1, 3], "failed": [
            {"accountId": 2, "accountName": "Medium", "reason": "sized to 0: 1 × 0.5 is less than one unit; nothing was sent to this account"}
        ]})
    );
    let first_read = engine::clock::Clock::now(&app.clock);
    assert_eq!(
        read_at(),
        Some(first_read),
        "Big's balances read before the place"
    );
    assert_eq!(market_orders(&app), 2);
    // Balances younger than 15 minutes size the next place as they are: 3 × 0.5 = 1.5 → 1; 3 per
    // $40,000 of Big's $100,000 = 7.5 → 7.
    app.clock.advance(chrono::Duration::minutes(14));
    let (status, text) = call!(&service, place(&resting_buy(3)).cookie(alice.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    assert_eq!(
        read_at(),
        Some(first_read),
        "not read again at 14 minutes old"
    );
    assert_eq!(
        session_rows(&service, &alice, 2).await,
        vec![
            ("Big".to_owned(), 7, true),
            ("Medium".to_owned(), 1, true),
            ("Small".to_owned(), 5, true),
        ]
    );
    // Older balances are read again before the place.
    app.clock.advance(chrono::Duration::minutes(2));
    let (status, text) = call!(&service, place(&resting_buy(3)).cookie(alice.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    assert_eq!(
        read_at(),
        Some(engine::clock::Clock::now(&app.clock)),
        "read again at 16 minutes old"
    );
    // Below one gives one when the profile says so.
    let one = json!({"accountUsername": "alice-Medium", "sizing": {"method": "RATIO", "value": 0.5, "belowOne": "ONE"}});
    let (status, _) = call!(&service, put_limits(&one).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK);
    let (status, text) = call!(&service, place(&resting_buy(1)).cookie(alice.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    assert_eq!(
        session_rows(&service, &alice, 4).await[1],
        ("Medium".to_owned(), 1, true)
    );
}

#[actix_web::test]
async fn guards_cut_or_refuse_each_account_naming_the_guard_and_never_send_more() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    for body in [
        json!({"accountUsername": "alice-Small", "maxQuantityPerOrder": 2, "maxPositionPerSymbol": 3}),
        json!({"accountUsername": "alice-Medium", "openClose": "CLOSE_ONLY"}),
        json!({"accountUsername": "alice-Big", "maxNotionalPerOrder": 50, "maxOrdersPerDay": 2}),
    ] {
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    // Quantity 3 at $10: Small ×1 = 3, cut to 2; Medium close-only; Big ×3 = 9 worth $90, cut to 5.
    let (status, text) = call!(&service, place(&resting_buy(3)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 1, "accepted": [1, 3],
        "failed": [{"accountId": 2, "accountName": "Medium", "reason": "close-only: this account takes exits and closing orders only; nothing was sent to this account"}],
        "cut": [
            {"accountId": 1, "accountName": "Small", "asked": 3, "sent": 2, "guard": "MAX_QUANTITY_PER_ORDER",
             "reason": "maximum quantity per order: at most 2; cut from 3 to 2"},
            {"accountId": 3, "accountName": "Big", "asked": 9, "sent": 5, "guard": "MAX_NOTIONAL_PER_ORDER",
             "reason": "maximum notional per order: at most $50, and one unit is worth $10; cut from 9 to 5"}
        ]})
    );
    assert_eq!(
        session_rows(&service, &alice, 1).await,
        vec![
            ("Big".to_owned(), 5, true),
            ("Medium".to_owned(), 3 * 2, false),
            ("Small".to_owned(), 2, true),
        ]
    );
    // Small has 2 working of its 3: 1 more fits. Big's second order of the day is its last.
    let (status, text) = call!(&service, place(&resting_buy(1)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(json_of(&text)["accepted"], json!([1, 3]));
    assert_eq!(
        session_rows(&service, &alice, 2).await[2],
        ("Small".to_owned(), 1, true)
    );
    let (status, text) = call!(&service, place(&resting_buy(1)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let failed = json_of(&text)["failed"].clone();
    assert_eq!(
        failed,
        json!([
            {"accountId": 1, "accountName": "Small", "reason": "maximum position per symbol: at most 3 of AAPL, and the account already has 3 with its open orders; nothing was sent to this account"},
            {"accountId": 2, "accountName": "Medium", "reason": "close-only: this account takes exits and closing orders only; nothing was sent to this account"},
            {"accountId": 3, "accountName": "Big", "reason": "maximum orders per day: 2 of its 2 orders were sent today; nothing was sent to this account"}
        ])
    );
    // Small 2 + 1, Big 5 + 1 (Medium never): nothing beyond the guards reached the market.
    assert_eq!(market_orders(&app), 4);

    // Lists: the deny list and the allow list refuse an opening order of another symbol.
    for body in [
        json!({"accountUsername": "alice-Small", "maxPositionPerSymbol": null, "maxQuantityPerOrder": null, "denySymbols": ["AAPL"]}),
        json!({"accountUsername": "alice-Medium", "openClose": "ANY", "allowSymbols": ["MSFT"]}),
        json!({"accountUsername": "alice-Big", "maxOrdersPerDay": null, "maxNotionalPerOrder": null}),
    ] {
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    let (status, text) = call!(&service, place(&resting_buy(1)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 4, "accepted": [3], "failed": [
            {"accountId": 1, "accountName": "Small", "reason": "deny list: AAPL is on this account's deny list; nothing was sent to this account"},
            {"accountId": 2, "accountName": "Medium", "reason": "allow list: AAPL is not on this account's allow list; nothing was sent to this account"}
        ]})
    );
}

#[actix_web::test]
async fn close_only_accounts_still_exit_open_only_ones_do_not_and_exits_stay_capped() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let (status, text) = call!(
        &service,
        place(&stock("MARKET", 4, 0.0, |_| {})).cookie(alice.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    // The fills are polled, so the exits know what each account holds.
    let (status, _) = call!(&service, refresh().cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK);
    for body in [
        json!({"accountUsername": "alice-Small", "openClose": "CLOSE_ONLY", "denySymbols": ["AAPL"], "maxNotionalPerOrder": 1}),
        json!({"accountUsername": "alice-Medium", "openClose": "OPEN_ONLY"}),
        json!({"accountUsername": "alice-Big", "maxQuantityPerOrder": 5}),
    ] {
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    // Each holds 4, 8 and 12; the exit asks 100 of each.
    let exit = stock("MARKET", 100, 0.0, |b| {
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] =
            json!([{"accountId": 1}, {"accountId": 2}, {"accountId": 3}]);
    });
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 2, "accepted": [1, 3],
            "failed": [{"accountId": 2, "accountName": "Medium", "reason": "open-only: this account takes opening orders only; nothing was sent to this account"}],
            "capped": [
                {"accountId": 1, "accountName": "Small", "asked": 100, "sent": 4},
                {"accountId": 3, "accountName": "Big", "asked": 100, "sent": 5}
            ],
            "cut": [{"accountId": 3, "accountName": "Big", "asked": 12, "sent": 5, "guard": "MAX_QUANTITY_PER_ORDER",
                "reason": "maximum quantity per order: at most 5; cut from 12 to 5"}]})
    );
    assert_eq!(
        session_rows(&service, &alice, 2).await,
        vec![
            ("Big".to_owned(), 5, true),
            ("Medium".to_owned(), 8, false),
            ("Small".to_owned(), 4, true),
        ]
    );
}

#[actix_web::test]
async fn an_equal_split_rotates_its_remainder_and_the_previews_show_each_quantity() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let (status, _) = call!(
        &service,
        put_limits(&json!({"accountUsername": "alice-Big", "maxQuantityPerOrder": 2}))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let split = |total: u32| {
        stock("LIMIT", 1, 10.0, |b| {
            b["splitTotal"] = json!(total);
        })
    };
    let preview = |body: &Value| {
        post_json("/api/plan_preview/STOCK/place_order", &body.to_string()).cookie(alice.clone())
    };
    let (status, text) = call!(&service, preview(&split(8)));
    assert_eq!(status, StatusCode::OK, "{text}");
    let mut answer = json_of(&text);
    for row in answer["accounts"].as_array_mut().expect("rows") {
        assert!(row["balances"].is_object(), "{row}");
        row["balances"] = json!("balances");
    }
    let no_balances = json!("balances");
    assert_eq!(
        answer,
        json!({"splitTotal": 8, "accounts": [
            {"accountId": 1, "accountName": "Small", "sizing": "EQUAL_SPLIT", "sizedQuantity": 3, "plannedQuantity": 3,
             "outcome": "SEND", "guard": null, "reason": null, "balances": no_balances},
            {"accountId": 2, "accountName": "Medium", "sizing": "EQUAL_SPLIT", "sizedQuantity": 3, "plannedQuantity": 3,
             "outcome": "SEND", "guard": null, "reason": null, "balances": no_balances},
            {"accountId": 3, "accountName": "Big", "sizing": "EQUAL_SPLIT", "sizedQuantity": 2, "plannedQuantity": 2,
             "outcome": "SEND", "guard": null, "reason": null, "balances": no_balances}
        ]})
    );
    // A preview moves nothing on: previewing again shows the same.
    let (_, again) = call!(&service, preview(&split(8)));
    assert_eq!(json_of(&again), json_of(&text));
    assert_eq!(market_orders(&app), 0);

    // Sent: 3, 3, 2; the next split starts one account further: 2, 3, 3 (Big cut to 2).
    let (status, text) = call!(&service, place(&split(8)).cookie(alice.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    let quantities =
        |rows: Vec<(String, u64, bool)>| -> Vec<u64> { rows.iter().map(|r| r.1).collect() };
    assert_eq!(
        quantities(session_rows(&service, &alice, 1).await),
        vec![2, 3, 3]
    );
    let (_, text) = call!(&service, preview(&split(8)));
    let planned: Vec<(Value, Value, Value)> = json_of(&text)["accounts"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["sizedQuantity"].clone(),
                r["plannedQuantity"].clone(),
                r["guard"].clone(),
            )
        })
        .collect();
    assert_eq!(
        planned,
        vec![
            (json!(2), json!(2), Value::Null),
            (json!(3), json!(3), Value::Null),
            (json!(3), json!(2), json!("MAX_QUANTITY_PER_ORDER"))
        ]
    );
    let (status, text) = call!(&service, place(&split(8)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["cut"],
        json!([{"accountId": 3, "accountName": "Big", "asked": 3, "sent": 2, "guard": "MAX_QUANTITY_PER_ORDER",
            "reason": "maximum quantity per order: at most 2; cut from 3 to 2"}])
    );
    assert_eq!(
        quantities(session_rows(&service, &alice, 2).await),
        vec![2, 3, 2]
    );

    // Fewer units than accounts: the rest are refused as sized to 0.
    let (status, text) = call!(&service, place(&split(1)).cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let answer = json_of(&text);
    assert_eq!(answer["accepted"].as_array().map(Vec::len), Some(1));
    assert!(
        answer["failed"].as_array().expect("failed").iter().all(|f| f["reason"]
            == "sized to 0: the split total of 1 leaves no unit for this account; nothing was sent to this account"),
        "{answer}"
    );
    let (status, text) = call!(&service, place(&split(0)).cookie(alice.clone()));
    assert_eq!(
        (status, json_of(&text)["error"].clone()),
        (
            StatusCode::BAD_REQUEST,
            json!("Split Total must be a whole number between 1 and 1,000,000")
        )
    );
}

#[actix_web::test]
async fn check_accounts_lists_each_planned_quantity_and_guard_before_anything_is_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    for body in [
        json!({"accountUsername": "alice-Medium", "maxQuantityPerOrder": 3}),
        json!({"accountUsername": "alice-Big", "denySymbols": ["AAPL"]}),
    ] {
        let (status, _) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK);
    }
    let (status, text) = call!(
        &service,
        post_json(
            "/api/preflight/STOCK/place_order",
            &resting_buy(2).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let rows: Vec<Value> = json_of(&text)["accounts"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            json!([
                r["accountName"],
                r["result"],
                r["sizedQuantity"],
                r["plannedQuantity"],
                r["guard"],
                r["guardReason"]
            ])
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            json!(["Small", "WARNING", 2, 2, null, null]),
            json!([
                "Medium",
                "WARNING",
                4,
                3,
                "MAX_QUANTITY_PER_ORDER",
                "maximum quantity per order: at most 3; cut from 4 to 3"
            ]),
            json!([
                "Big",
                "REJECT",
                6,
                0,
                "DENY_SYMBOLS",
                "deny list: AAPL is on this account's deny list; nothing was sent to this account"
            ]),
        ]
    );
    assert_eq!(market_orders(&app), 0);
    // The same through the plan preview, which asks no brokerage.
    let (status, text) = call!(
        &service,
        post_json(
            "/api/plan_preview/STOCK/place_order",
            &resting_buy(2).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let outcomes: Vec<Value> = json_of(&text)["accounts"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| json!([r["sizing"], r["outcome"], r["plannedQuantity"]]))
        .collect();
    assert_eq!(
        outcomes,
        vec![
            json!(["TIER", "SEND", 2]),
            json!(["TIER", "CUT", 3]),
            json!(["TIER", "REFUSE", 0])
        ]
    );
    assert_eq!(market_orders(&app), 0);
}

#[actix_web::test]
async fn a_replace_is_sized_and_guarded_and_changing_limits_never_touches_orders_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let (status, text) = call!(&service, place(&resting_buy(2)).cookie(alice.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    let sent = session_rows(&service, &alice, 1).await;
    for body in [
        json!({"accountUsername": "alice-Small", "sizing": {"method": "FIXED", "value": 9}, "maxQuantityPerOrder": 7}),
        json!({"accountUsername": "alice-Medium", "maxPositionPerSymbol": 5}),
        json!({"accountUsername": "alice-Big", "openClose": "CLOSE_ONLY"}),
    ] {
        let (status, _) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK);
    }
    assert_eq!(
        session_rows(&service, &alice, 1).await,
        sent,
        "orders sent are left alone"
    );
    // The orders are polled to WORKING, which a replace needs.
    let (_, table) = call!(&service, refresh().cookie(alice.clone()));
    let orders: Vec<Value> = json_of(&table)["1"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| json!({"accountId": r["accountId"], "stockOrderId": r["stockOrderId"]}))
        .collect();
    let replace = stock("LIMIT", 2, 11.0, |b| {
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!(orders);
    });
    let preview = post_json(
        "/api/plan_preview/STOCK/replace_order",
        &replace.to_string(),
    )
    .cookie(alice.clone());
    let (status, text) = call!(&service, preview);
    assert_eq!(status, StatusCode::OK, "{text}");
    let planned: Vec<Value> = json_of(&text)["accounts"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            json!([
                r["sizing"],
                r["sizedQuantity"],
                r["plannedQuantity"],
                r["guard"]
            ])
        })
        .collect();
    // Small FIXED 9 cut to 7; Medium's own order (4) no longer counts once replaced: 4 fit... of 5;
    // Big is close-only.
    assert_eq!(
        planned,
        vec![
            json!(["FIXED", 9, 7, "MAX_QUANTITY_PER_ORDER"]),
            json!(["TIER", 4, 4, null]),
            json!(["TIER", 6, 0, "CLOSE_ONLY"]),
        ]
    );
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::put().uri("/api/stock_copy_trading/replace_order"),
            &replace
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(json_of(&text)["accepted"], json!([1, 2]));
    assert_eq!(
        session_rows(&service, &alice, 2).await,
        vec![
            ("Big".to_owned(), 6, false),
            ("Medium".to_owned(), 4, true),
            ("Small".to_owned(), 7, true),
        ]
    );
}

#[actix_web::test]
async fn each_agents_limits_are_invisible_to_every_other_agent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let bob = desk(&service, "bob").await;
    let (status, _) = call!(
        &service,
        put_limits(&json!({"accountUsername": "alice-Small", "maxQuantityPerOrder": 1}))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let (_, alices) = call!(&service, get_limits().cookie(alice.clone()));
    let (status, text) = call!(
        &service,
        put_limits(&json!({"accountUsername": "alice-Small", "maxQuantityPerOrder": 50}))
            .cookie(bob.clone())
    );
    assert_eq!(status, StatusCode::NOT_FOUND, "{text}");
    let (_, bobs) = call!(&service, get_limits().cookie(bob.clone()));
    let names: Vec<Value> = json_of(&bobs)
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["accountUsername"].clone())
        .collect();
    assert_eq!(
        names,
        vec![json!("bob-Small"), json!("bob-Medium"), json!("bob-Big")]
    );
    assert!(
        json_of(&bobs)
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["guards"]["maxQuantityPerOrder"].is_null())
    );
    let (_, again) = call!(&service, get_limits().cookie(alice.clone()));
    assert_eq!(json_of(&again), json_of(&alices));
    // Bob's place is sized by Bob's accounts' limits alone.
    let (status, text) = call!(&service, place(&resting_buy(2)).cookie(bob.clone()));
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    let (status, _) = call!(&service, get_limits());
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A deleted account's limits go with it.
    let limits = || {
        app.state
            .store
            .account_limits()
            .expect("limits")
            .for_agent(engine::ids::AgentId(1))
            .expect("alice's")
    };
    assert_eq!(limits().len(), 1);
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/delete_account",
            &json!({"accountName": "Small"}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(limits().is_empty());
}

#[actix_web::test]
async fn a_spread_is_sized_in_spreads_and_guarded_per_leg_with_both_legs_alike() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let (status, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL")
        .cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let strikes = support::strikes_a_week_out(&json_of(&text));
    let middle = strikes.len() / 2;
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let leg = |symbol: &str, instruction: &str, price: &str| {
        json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": "LIMIT",
               "optionChainQuantity": 1, "optionChainPrice": price})
    };
    // A debit spread at a net of 0.60 ($60 a spread), far below its value so it rests.
    let spread = json!({"allTradingAccountsOrderList": [], "orderLegs": [
        leg(&symbol(middle), "BUY_TO_OPEN", "0.61"), leg(&symbol(middle + 2), "SELL_TO_OPEN", "0.01")]});
    for body in [
        json!({"accountUsername": "alice-Small", "sizing": {"method": "RATIO", "value": 3}, "maxNotionalPerOrder": 150}),
        json!({"accountUsername": "alice-Medium", "maxPositionPerSymbol": 1}),
        json!({"accountUsername": "alice-Big", "openClose": "OPEN_ONLY"}),
    ] {
        let (status, text) = call!(&service, put_limits(&body).cookie(alice.clone()));
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    let (status, text) = call!(
        &service,
        post_json(
            "/api/plan_preview/VERTICAL/place_order",
            &spread.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let planned: Vec<Value> = json_of(&text)["accounts"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            json!([
                r["sizing"],
                r["sizedQuantity"],
                r["plannedQuantity"],
                r["guard"]
            ])
        })
        .collect();
    assert_eq!(
        planned,
        vec![
            json!(["RATIO", 3, 2, "MAX_NOTIONAL_PER_ORDER"]),
            json!(["TIER", 2, 1, "MAX_POSITION_PER_SYMBOL"]),
            json!(["TIER", 3, 3, null]),
        ]
    );
    assert_eq!(market_orders(&app), 0, "a plan preview sends nothing");
    let (status, text) = call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/VERTICAL",
            &spread.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let cut: Vec<Value> = json_of(&text)["cut"]
        .as_array()
        .expect("cut")
        .iter()
        .map(|c| json!([c["accountName"], c["asked"], c["sent"], c["guard"]]))
        .collect();
    assert_eq!(
        cut,
        vec![
            json!(["Small", 3, 2, "MAX_NOTIONAL_PER_ORDER"]),
            json!(["Medium", 2, 1, "MAX_POSITION_PER_SYMBOL"]),
        ]
    );
    for (id, spreads) in [(1, 2), (2, 1), (3, 3)] {
        let account = app
            .state
            .services
            .registry
            .get(engine::ids::AccountId(id))
            .expect("running")
            .account;
        account.poll_now().await;
        let orders = account.current_view().orders;
        assert_eq!(orders.len(), 1, "account {id}: {orders:?}");
        assert_eq!(orders[0].quantity, spreads, "account {id}");
        assert!(
            orders[0].legs.iter().all(|l| l.quantity == spreads),
            "account {id}: both legs alike: {:?}",
            orders[0].legs
        );
    }
}
