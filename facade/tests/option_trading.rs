//! API tests of single-leg option copy trading (`/api/copy_trading_account/*/COMMON`, positions,
//! option contracts, saved orders) on the paper brokerage: exact answers, state after each call, bad
//! input, and other agents' ids refused.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{
    TestApp, desk_with_off, error_body, json_of, post_json, sign_in, status_and_text, with_json,
};

/// A call option of the paper chain for AAPL (the middle strike of the first expiry) and its bid.
async fn some_call(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &actix_web::cookie::Cookie<'static>,
) -> (String, String) {
    let (status, text) = call!(service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=aapl&optionChainCallPut=CALL")
        .cookie(cookie.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let chain = json_of(&text);
    let expiries = chain.as_object().expect("object");
    let (expiry, strikes) = expiries.iter().next().expect("an expiry");
    assert!(expiry.contains(':'), "keys are YYYY-MM-DD:DTE: {expiry}");
    let strikes = strikes.as_object().expect("strikes");
    let (_, contracts) = strikes.iter().nth(strikes.len() / 2).expect("a strike");
    let first = &contracts[0];
    for field in ["description", "symbol", "bid", "ask", "last", "mark"] {
        assert!(first.get(field).is_some(), "chain entries carry {field}");
    }
    (
        first["symbol"].as_str().expect("symbol").to_owned(),
        first["description"].as_str().expect("d").to_owned(),
    )
}

fn place_body(symbol: &str, order_type: &str, quantity: Value, price: Value) -> Value {
    json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol, "optionChainInstruction": "BUY_TO_OPEN",
           "optionChainOrderType": order_type, "optionChainQuantity": quantity, "optionChainPrice": price})
}

#[actix_web::test]
async fn a_place_goes_once_to_each_active_account_with_its_tier_and_the_table_follows() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let (symbol, description) = some_call(&service, &alice).await;
    let place = place_body(&symbol, "LIMIT", json!("2"), json!("0.05"));
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &place.to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let refresh = test::TestRequest::get()
        .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
        .cookie(alice.clone());
    let (status, text) = call!(&service, refresh);
    assert_eq!(status, StatusCode::OK);
    let table = json_of(&text);
    let rows = table["1"].as_array().expect("session 1");
    assert_eq!(
        rows.len(),
        3,
        "three active accounts, none for the one switched off"
    );
    let by_name = |name: &str| {
        rows.iter()
            .find(|r| r["accountName"] == name)
            .expect("row")
            .clone()
    };
    for (name, quantity) in [("Small", 2), ("Medium", 4), ("Big", 6)] {
        let row = by_name(name);
        assert_eq!(row["optionChainQuantity"], quantity, "{name}");
        assert_eq!(row["optionChainSymbol"], symbol.as_str());
        assert_eq!(row["optionChainDescription"], description.as_str());
        assert_eq!(row["optionChainInstruction"], "BUY_TO_OPEN");
        assert_eq!(row["optionChainOrderType"], "LIMIT");
        assert_eq!(row["optionChainPrice"], 0.05);
        assert_eq!(row["optionChainStatus"], "WORKING");
        assert_eq!(row["optionChainFilledQuantity"], 0);
        assert_eq!(row["successRate"], 100);
        assert_eq!(row["optionChainOwnStatusColor"], "yellow");
        assert_eq!(row["optionChainStatusColor"], "red");
        assert_eq!(row["agentTradingSessionID"], 1);
        assert!(row["optionChainOrderId"].as_i64().is_some());
    }
    assert!(rows.iter().all(|r| r["accountName"] != "Off"));
}

#[actix_web::test]
async fn the_orders_table_answers_304_until_something_changes() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let orders = || test::TestRequest::get().uri("/api/copy_trading_account/database/COMMON");
    let response = test::call_service(&service, orders().cookie(alice.clone()).to_request()).await;
    let etag = response
        .headers()
        .get("etag")
        .expect("etag")
        .to_str()
        .expect("text")
        .to_owned();
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, "{}".into())
    );
    let response = test::call_service(
        &service,
        orders()
            .cookie(alice.clone())
            .insert_header(("if-none-match", etag.clone()))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);

    let (symbol, _) = some_call(&service, &alice).await;
    call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/COMMON",
            &place_body(&symbol, "LIMIT", json!(1), json!(0.05)).to_string()
        )
        .cookie(alice.clone())
    );
    let response = test::call_service(
        &service,
        orders()
            .cookie(alice.clone())
            .insert_header(("if-none-match", etag))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = test::call_service(
        &service,
        orders()
            .cookie(alice.clone())
            .insert_header(("accept-encoding", "gzip"))
            .to_request(),
    )
    .await;
    assert_eq!(
        response
            .headers()
            .get("content-encoding")
            .map(|v| v.as_bytes()),
        Some(&b"gzip"[..])
    );
}

#[actix_web::test]
async fn a_poll_with_since_answers_only_the_sessions_changed_since_that_version() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let poll = |query: &str| {
        test::TestRequest::get()
            .uri(&format!("/api/copy_trading_account/database/COMMON{query}"))
            .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, poll("?since=0")),
        (
            StatusCode::OK,
            r#"{"version":0,"full":true,"changed":{},"removed":[]}"#.into()
        )
    );
    let (symbol, _) = some_call(&service, &alice).await;
    let place = place_body(&symbol, "LIMIT", json!(1), json!(0.05)).to_string();
    let placed = call!(
        &service,
        post_json("/api/copy_trading_account/place_order/COMMON", &place).cookie(alice.clone())
    );
    assert_eq!(placed, (StatusCode::OK, "success".into()));
    let (status, text) = call!(&service, poll("?since=0"));
    assert_eq!(status, StatusCode::OK, "{text}");
    let first = json_of(&text);
    assert_eq!(first["full"], true);
    assert_eq!(first["removed"], json!([]));
    let (_, table) = call!(&service, poll(""));
    assert_eq!(
        first["changed"],
        json_of(&table),
        "the full table's sessions"
    );
    let version = first["version"].as_u64().expect("a version");

    assert_eq!(
        call!(&service, poll(&format!("?since={version}"))),
        (
            StatusCode::OK,
            format!(r#"{{"version":{version},"full":false,"changed":{{}},"removed":[]}}"#)
        ),
        "nothing changed: an empty delta"
    );

    let placed = call!(
        &service,
        post_json("/api/copy_trading_account/place_order/COMMON", &place).cookie(alice.clone())
    );
    assert_eq!(placed, (StatusCode::OK, "success".into()));
    let (status, text) = call!(&service, poll(&format!("?since={version}")));
    assert_eq!(status, StatusCode::OK, "{text}");
    let delta = json_of(&text);
    let (_, table) = call!(&service, poll(""));
    let table = json_of(&table);
    assert_eq!(delta["full"], false);
    assert!(delta["version"].as_u64().expect("a version") > version);
    assert_eq!(
        delta["changed"],
        json!({"2": table["2"].clone()}),
        "only the new session"
    );
    assert_eq!(delta["removed"], json!([]));

    for unknown in [1, version + 1_000_000_000] {
        let (status, text) = call!(&service, poll(&format!("?since={unknown}")));
        assert_eq!(status, StatusCode::OK, "{text}");
        let answer = json_of(&text);
        assert_eq!(answer["full"], true, "since {unknown}");
        assert_eq!(answer["changed"], table, "since {unknown}");
    }
    assert_eq!(
        call!(&service, poll("?since=yesterday")),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "since must be a version from an earlier answer",
                "bad_request"
            )
        )
    );
}

#[actix_web::test]
async fn the_positions_table_answers_since_with_the_keys_changed() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let poll = |query: &str| {
        test::TestRequest::get()
            .uri(&format!(
                "/api/copy_trading_position_account/database/COMMON{query}"
            ))
            .cookie(alice.clone())
    };
    assert_eq!(call!(&service, poll("")), (StatusCode::OK, "{}".into()));
    let (status, text) = call!(&service, poll("?since=0"));
    assert_eq!(status, StatusCode::OK, "{text}");
    let first = json_of(&text);
    assert_eq!(first["full"], true);
    assert_eq!(first["changed"], json!({}));
    let version = first["version"].as_u64().expect("a version");
    assert_eq!(
        call!(&service, poll(&format!("?since={version}"))),
        (
            StatusCode::OK,
            format!(r#"{{"version":{version},"full":false,"changed":{{}},"removed":[]}}"#)
        )
    );
}

#[actix_web::test]
async fn bad_orders_are_a_400_naming_the_field_and_nothing_is_sent_or_stored() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let (symbol, _) = some_call(&service, &alice).await;
    let cases = [
        (
            place_body("", "LIMIT", json!(1), json!(1)),
            "Option symbol is required",
        ),
        (
            place_body("AAPL", "LIMIT", json!(1), json!(1)),
            "Option symbol is not a valid option symbol",
        ),
        (
            place_body(&symbol, "LIMIT", json!(0), json!(1)),
            "Quantity must be a whole number from 1 to 100000",
        ),
        (
            place_body(&symbol, "LIMIT", json!("1.5"), json!(1)),
            "Quantity must be a whole number from 1 to 100000",
        ),
        (
            place_body(&symbol, "LIMIT", json!(1), json!(-1)),
            "Price must be a number from 0 to 1000000 with at most 4 decimals",
        ),
        (
            place_body(&symbol, "LIMIT", json!(1), json!("abc")),
            "Price must be a number from 0 to 1000000 with at most 4 decimals",
        ),
        (
            place_body(&symbol, "LIMIT", json!(1), json!(0)),
            "Price is required for LIMIT orders",
        ),
        (
            place_body(&symbol, "STOP", json!(1), json!(1)),
            "Order Type must be one of LIMIT, MARKET",
        ),
        (
            json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol, "optionChainInstruction": "SELL_TO_CLOSE",
                "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": 1}),
            "Instruction must be one of BUY_TO_OPEN, SELL_TO_OPEN",
        ),
        (
            json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol, "optionChainOrderType": "LIMIT",
                "optionChainQuantity": 1, "optionChainPrice": 1}),
            "Instruction is required",
        ),
        (
            json!({"allTradingAccountsOrderList": [{"accountId": "x"}], "optionChainSymbol": symbol, "optionChainInstruction": "BUY_TO_OPEN",
                "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": 1}),
            "Account 1 must be an account id",
        ),
    ];
    for (body, message) in cases {
        let answer = call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &body.to_string()
            )
            .cookie(alice.clone())
        );
        assert_eq!(
            answer,
            (StatusCode::BAD_REQUEST, error_body(message, "bad_request")),
            "{body}"
        );
    }
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/database/COMMON")
            .cookie(alice.clone())
    );
    assert_eq!(text, "{}", "nothing stored");
    app.assert_nothing_sent(4).await;
    // The next accepted place is session 1: refused requests used no session id.
    call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/COMMON",
            &place_body(&symbol, "LIMIT", json!(1), json!(0.05)).to_string()
        )
        .cookie(alice.clone())
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/database/COMMON")
            .cookie(alice)
    );
    assert!(json_of(&text).get("1").is_some());
}

#[actix_web::test]
async fn another_agents_accounts_and_sessions_are_refused() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let mallory = desk_with_off(&service, "mallory").await;
    let (symbol, _) = some_call(&service, &alice).await;
    call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/COMMON",
            &place_body(&symbol, "LIMIT", json!(1), json!(0.05)).to_string()
        )
        .cookie(alice.clone())
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    );
    let row = json_of(&text)["1"][0].clone();

    // Naming alice's account in mallory's place: 403, nothing sent.
    let mut body = place_body(&symbol, "LIMIT", json!(1), json!(0.05));
    body["allTradingAccountsOrderList"] = json!([{"accountId": row["accountId"]}]);
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &body.to_string()
            )
            .cookie(mallory.clone())
        ),
        (
            StatusCode::FORBIDDEN,
            error_body(
                &format!(
                    "account {} is not one of your trading accounts",
                    row["accountId"]
                ),
                "forbidden"
            )
        )
    );
    // Cancelling alice's order from mallory's session: refused, the order stays.
    let cancel = json!({"agentTradingSessionID": 1, "accountId": row["accountId"], "accountUsername": row["accountUsername"],
                        "optionChainOrderId": row["optionChainOrderId"]});
    let (status, _) = call!(
        &service,
        with_json(
            test::TestRequest::delete()
                .uri("/api/copy_trading_account/cancel_order_individual/COMMON"),
            &cancel
        )
        .cookie(mallory.clone())
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/database/COMMON")
            .cookie(mallory)
    );
    assert_eq!(text, "{}", "mallory sees none of alice's sessions");
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice)
    );
    assert!(
        json_of(&text)["1"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["optionChainStatus"] == "WORKING")
    );
}

#[actix_web::test]
async fn replace_and_cancel_follow_the_rules_and_the_broker() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let (symbol, _) = some_call(&service, &alice).await;
    call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/COMMON",
            &place_body(&symbol, "LIMIT", json!(1), json!(0.05)).to_string()
        )
        .cookie(alice.clone())
    );
    let status = || {
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    };
    let (_, text) = call!(&service, status());
    let rows = json_of(&text)["1"].as_array().expect("rows").clone();
    let refs: Vec<Value> = rows[..2]
        .iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
        "accountUsername": r["accountUsername"], "optionChainOrderId": r["optionChainOrderId"]})
        })
        .collect();

    // Replace two selected rows: a new session 2 with those two accounts; the old orders turn REPLACED.
    let replace = json!({"agentTradingSessionID": 1, "allTradingAccountsOrderList": refs, "optionChainSymbol": symbol,
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": "0.06"});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/copy_trading_account/replace_order/COMMON"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, status());
    let table = json_of(&text);
    let old: Vec<&str> = table["1"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["optionChainStatus"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        old.iter().filter(|s| **s == "REPLACED").count(),
        2,
        "{old:?}"
    );
    assert_eq!(table["1"][0]["optionChainStatusColor"], "purple");
    assert!(
        text.find("\"2\":[").expect("session 2") < text.find("\"1\":[").expect("session 1"),
        "newest first"
    );
    let new_rows = table["2"].as_array().expect("session 2");
    assert_eq!(new_rows.len(), 2);
    assert!(
        new_rows
            .iter()
            .all(|r| r["optionChainPrice"] == 0.06 && r["optionChainStatus"] == "WORKING")
    );

    // Cancel one row of session 2 individually; cancelling it again is refused.
    let target = &new_rows[0];
    let cancel = json!({"agentTradingSessionID": 2, "accountId": target["accountId"], "accountUsername": target["accountUsername"],
                        "optionChainOrderId": target["optionChainOrderId"]});
    let request = || {
        with_json(
            test::TestRequest::delete()
                .uri("/api/copy_trading_account/cancel_order_individual/COMMON"),
            &cancel,
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, request()),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, status());
    let canceled = json_of(&text)["2"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["optionChainOrderId"] == target["optionChainOrderId"])
        .cloned()
        .expect("row");
    assert_eq!(
        (
            canceled["optionChainStatus"].clone(),
            canceled["optionChainOwnStatusColor"].clone()
        ),
        (json!("CANCELED"), json!("none"))
    );
    assert_eq!(
        call!(&service, request()),
        (
            StatusCode::CONFLICT,
            error_body("The order is already canceled", "already_canceled")
        )
    );

    // A canceled order cannot be replaced.
    let replace_one = json!({"agentTradingSessionID": 2, "accountId": target["accountId"], "accountName": target["accountName"],
        "accountUsername": target["accountUsername"], "optionChainOrderId": target["optionChainOrderId"], "optionChainSymbol": symbol,
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": "0.07"});
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::put()
                .uri("/api/copy_trading_account/replace_order_individual/COMMON"),
            &replace_one
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(json_of(&text)["code"], "not_replaceable");
    // A session that does not exist.
    let mut missing = replace_one.clone();
    missing["agentTradingSessionID"] = json!(99);
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put()
                    .uri("/api/copy_trading_account/replace_order_individual/COMMON"),
                &missing
            )
            .cookie(alice)
        ),
        (
            StatusCode::NOT_FOUND,
            error_body("No such copy-trading session", "not_found")
        )
    );
}

#[actix_web::test]
async fn a_market_order_fills_the_positions_show_and_an_exit_closes_them() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let (symbol, description) = some_call(&service, &alice).await;
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &place_body(&symbol, "MARKET", json!(1), json!(0)).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    );
    let rows = json_of(&text)["1"].as_array().expect("rows").clone();
    assert!(
        rows.iter()
            .all(|r| r["optionChainStatus"] == "FILLED" && r["optionChainStatusColor"] == "green"),
        "{rows:?}"
    );
    assert!(
        rows.iter()
            .all(|r| r["optionChainPrice"].as_f64().is_some_and(|p| p > 0.0)),
        "the fill price is shown"
    );

    let positions = || {
        test::TestRequest::get()
            .uri("/api/copy_trading_position_account/database/COMMON")
            .cookie(alice.clone())
    };
    let (status, text) = call!(&service, positions());
    assert_eq!(status, StatusCode::OK);
    let held = json_of(&text)[description.as_str()]
        .as_array()
        .expect("positions by description")
        .clone();
    let mut quantities: Vec<i64> = held
        .iter()
        .map(|p| p["optionChainSettledQuantity"].as_i64().unwrap_or(0))
        .collect();
    quantities.sort();
    assert_eq!(quantities, vec![1, 2, 3]);
    assert!(
        held.iter()
            .all(|p| p["optionChainSymbol"] == symbol.as_str()
                && p["optionChainAveragePrice"].as_f64().is_some())
    );

    // Exit: the Big account and the Off account (which holds nothing) — a partial answer naming why.
    let big = held
        .iter()
        .find(|p| p["accountName"] == "Big")
        .expect("big")
        .clone();
    let off_id = app
        .state
        .store
        .trading_accounts()
        .expect("t")
        .for_agent(engine::ids::AgentId(1))
        .expect("a")
        .into_iter()
        .find(|a| a.name == "Off")
        .expect("off")
        .id
        .get();
    let exit = json!({"allTradingAccountsOrderList": [{"accountId": big["accountId"], "accountName": "Big", "accountUsername": big["accountUsername"]},
                                                      {"accountId": off_id, "accountName": "Off", "accountUsername": "alice-Off"}],
        "optionChainSymbol": symbol, "optionChainInstruction": "SELL_TO_CLOSE", "optionChainOrderType": "MARKET",
        "optionChainQuantity": 10, "optionChainPrice": 0});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/copy_trading_account/exit_order/COMMON",
            &exit.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let answer = json_of(&text);
    assert_eq!(answer["agentTradingSessionID"], 2);
    assert_eq!(answer["accepted"], json!([big["accountId"]]));
    assert_eq!(
        answer["failed"],
        json!([{"accountId": off_id, "accountName": "Off",
        "reason": format!("the account holds no long position in {description}")}])
    );
    // The exit asked 10 of the Big account, which holds 3: the answer says it was cut.
    assert_eq!(
        answer["capped"],
        json!([{"accountId": big["accountId"], "accountName": "Big", "asked": 10, "sent": 3}])
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    );
    let exit_rows = json_of(&text)["2"].as_array().expect("session 2").clone();
    let big_exit = exit_rows
        .iter()
        .find(|r| r["accountName"] == "Big")
        .expect("big row");
    assert_eq!(
        (
            big_exit["optionChainQuantity"].clone(),
            big_exit["optionChainStatus"].clone()
        ),
        (json!(3), json!("FILLED")),
        "capped at the 3 held"
    );
    assert_eq!(
        exit_rows
            .iter()
            .find(|r| r["accountName"] == "Off")
            .expect("off row")["optionChainStatus"],
        "FAILED_TO_PLACE"
    );
    assert_eq!(exit_rows[0]["successRate"], 50);

    // Exit the rest through exit_order_multiple.
    let entries: Vec<Value> = held.iter().filter(|p| p["accountName"] != "Big").map(|p| json!({"accountId": p["accountId"],
        "accountName": p["accountName"], "accountUsername": p["accountUsername"], "optionChainSymbol": symbol,
        "optionChainDescription": description, "optionChainInstruction": "SELL_TO_CLOSE", "optionChainOrderType": "MARKET",
        "optionChainQuantity": p["optionChainSettledQuantity"], "optionChainPrice": 0})).collect();
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/exit_order_multiple/COMMON",
                &json!({"ordersToExit": entries}).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    );
    assert_eq!(call!(&service, positions()).1, "{}");
}

#[actix_web::test]
async fn favourite_tickers_and_saved_orders() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let add = |symbol: &str| {
        post_json(
            "/api/option_contract/add_option_contract/",
            &json!({"optionChainSymbol": symbol}).to_string(),
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, add("aapl")),
        (StatusCode::OK, r#"{"success":true,"list":["AAPL"]}"#.into())
    );
    assert_eq!(
        call!(&service, add("spy")),
        (
            StatusCode::OK,
            r#"{"success":true,"list":["AAPL","SPY"]}"#.into()
        )
    );
    assert_eq!(
        call!(&service, add("AAPL")),
        (
            StatusCode::CONFLICT,
            error_body(
                "Option contract is already existed",
                "option_contract_exists"
            )
        )
    );
    assert_eq!(
        call!(&service, add(" ")),
        (
            StatusCode::BAD_REQUEST,
            error_body("Option symbol is required", "bad_request")
        )
    );
    assert_eq!(
        call!(
            &service,
            test::TestRequest::get()
                .uri("/api/option_contract/get_option_contract_list")
                .cookie(alice.clone())
        ),
        (StatusCode::OK, r#"["AAPL","SPY"]"#.into())
    );
    let remove = with_json(
        test::TestRequest::delete().uri("/api/option_contract/remove_option_contract/"),
        &json!({"optionChainSymbol": "AAPL"}),
    )
    .cookie(alice.clone());
    assert_eq!(
        call!(&service, remove),
        (StatusCode::OK, r#"{"success":true,"list":["SPY"]}"#.into())
    );

    let saved = json!({"optionChainSymbol": "AAPL  261127C00230000", "optionChainDescription": "AAPL 11/27/2026 230.00 C",
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT", "optionChainQuantity": "2", "optionChainPrice": "1.25"});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/option_contract_save_order/add_option_contract_save_order/COMMON",
            &saved.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        json_of(&text),
        json!({"success": true, "list": [{"optionChainSymbol": "AAPL  261127C00230000",
        "optionChainDescription": "AAPL 11/27/2026 230.00 C", "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT",
        "optionChainQuantity": 2, "optionChainPrice": "1.25"}]})
    );
    let mut incomplete = saved.clone();
    incomplete["optionChainDescription"] = json!("");
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/option_contract_save_order/add_option_contract_save_order/COMMON",
                &incomplete.to_string()
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body("Description is required", "bad_request")
        )
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/option_contract_save_order/get_option_contract_save_order_list/COMMON")
            .cookie(alice.clone())
    );
    assert_eq!(json_of(&text)["list"].as_array().map(Vec::len), Some(1));
    let remove = with_json(
        test::TestRequest::delete()
            .uri("/api/option_contract_save_order/remove_option_contract_save_order/COMMON"),
        &json!({"optionChainSymbol": "AAPL  261127C00230000"}),
    )
    .cookie(alice.clone());
    assert_eq!(
        call!(&service, remove),
        (StatusCode::OK, r#"{"success":true,"list":[]}"#.into())
    );
}

#[actix_web::test]
async fn replacing_a_replaced_row_replaces_the_live_order_and_links_the_sessions() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "carol").await;
    let (symbol, _) = some_call(&service, &alice).await;
    let place = place_body(&symbol, "LIMIT", json!(1), json!(0.05));
    call!(
        &service,
        post_json(
            "/api/copy_trading_account/place_order/COMMON",
            &place.to_string()
        )
        .cookie(alice.clone())
    );
    let table = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
                .cookie(alice.clone())
        );
        json_of(&text)
    };
    let first = table().await["1"][0].clone();
    assert_eq!(first["replacedSessionID"], Value::Null);
    let replace = |session: u64, row: &Value, price: &str| {
        json!({"agentTradingSessionID": session, "accountId": row["accountId"], "accountName": row["accountName"],
            "accountUsername": row["accountUsername"], "optionChainOrderId": row["optionChainOrderId"],
            "optionChainSymbol": symbol, "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT",
            "optionChainQuantity": 1, "optionChainPrice": price})
    };
    let put = |body: Value| {
        with_json(
            test::TestRequest::put()
                .uri("/api/copy_trading_account/replace_order_individual/COMMON"),
            &body,
        )
        .cookie(alice.clone())
    };
    // Session 2 replaces session 1's order; R on session 1's REPLACED row then replaces session 2's
    // live order (session 3 names session 2).
    assert_eq!(
        call!(&service, put(replace(1, &first, "0.06"))),
        (StatusCode::OK, "success".into())
    );
    let after = table().await;
    assert_eq!(after["1"][0]["optionChainStatus"], "REPLACED");
    assert_eq!(after["2"][0]["replacedSessionID"], 1);
    let live = after["2"][0]["optionChainOrderId"].clone();
    assert_eq!(
        call!(&service, put(replace(1, &first, "0.07"))),
        (StatusCode::OK, "success".into())
    );
    let after = table().await;
    assert_eq!(after["2"][0]["optionChainStatus"], "REPLACED");
    assert_eq!(after["3"][0]["optionChainStatus"], "WORKING");
    assert_eq!(after["3"][0]["optionChainPrice"], 0.07);
    assert_eq!(after["3"][0]["replacedSessionID"], 2);
    assert_ne!(after["3"][0]["optionChainOrderId"], live);

    // Once the live order is canceled, R on the first row is refused naming its status; nothing sent.
    let newest = after["3"][0].clone();
    let cancel = json!({"agentTradingSessionID": 3, "accountId": newest["accountId"],
        "accountUsername": newest["accountUsername"], "optionChainOrderId": newest["optionChainOrderId"]});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete()
                    .uri("/api/copy_trading_account/cancel_order_individual/COMMON"),
                &cancel
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let _ = table().await;
    let (status, text) = call!(&service, put(replace(1, &first, "0.08")));
    assert_eq!(status, StatusCode::CONFLICT, "{text}");
    assert_eq!(
        json_of(&text)["error"],
        format!(
            "order {} of account {} was replaced by order {}, which is CANCELED; it cannot be replaced",
            first["optionChainOrderId"], first["accountId"], newest["optionChainOrderId"]
        )
    );
    assert!(table().await.get("4").is_none(), "no session made");

    // A favourite ticker the brokerage does not quote is refused.
    let (status, text) = call!(
        &service,
        post_json(
            "/api/option_contract/add_option_contract/",
            &json!({"optionChainSymbol": "zzzz"}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(
        (status, text),
        (
            StatusCode::BAD_REQUEST,
            error_body("Ticker ZZZZ is not known to the brokerage", "bad_request")
        )
    );
}

#[actix_web::test]
async fn option_quotes_answer_each_contract_asked() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let lonely = sign_in(&service, "lonely").await;
    let path = |symbols: &str| {
        format!(
            "/api/copy_trading_account/get_option_quotes/COMMON?optionChainSymbol={}",
            symbols.replace(' ', "%20")
        )
    };
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri(&path("AAPL  241018C00230000"))
            .cookie(lonely)
    );
    assert_eq!(status, StatusCode::CONFLICT, "no account to read through");
    assert_eq!(json_of(&text)["code"], "authorization_needed");

    let alice = desk_with_off(&service, "alice").await;
    let (symbol, _) = some_call(&service, &alice).await;
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri(&path(&format!("{symbol},{symbol}")))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let quotes = json_of(&text);
    let quotes = quotes.as_array().expect("a list");
    assert_eq!(quotes.len(), 1, "a symbol asked twice is quoted once");
    let quote = &quotes[0];
    assert_eq!(quote["symbol"], symbol.as_str());
    let [bid, ask, last] = ["bid", "ask", "last"].map(|f| quote[f].as_f64().expect("a number"));
    assert!(0.0 <= bid && bid <= ask && last >= 0.0, "{quote}");

    for bad in ["AAPL", "", "A,B"] {
        let (status, text) = call!(
            &service,
            test::TestRequest::get()
                .uri(&path(bad))
                .cookie(alice.clone())
        );
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {text}");
        assert!(
            json_of(&text)["error"]
                .as_str()
                .is_some_and(|e| e.starts_with("optionChainSymbol")),
            "{text}"
        );
    }
    let many: Vec<String> = (0..21)
        .map(|i| format!("AAPL  2410{:02}C00230000", 1 + i))
        .collect();
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri(&path(&many.join(",")))
            .cookie(alice)
    );
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert_eq!(
        json_of(&text)["error"],
        "optionChainSymbol names at most 20 contracts"
    );
}
