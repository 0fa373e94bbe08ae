//! API tests of stock copy trading (`/api/stock_copy_trading/*`, stock positions, saved stock orders,
//! the stock watch list) on the paper brokerage: exact answers, state after each call, bad input per
//! order type, and other agents' ids refused.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{
    TestApp, desk_with_off, error_body, json_of, post_json, sign_in, status_and_text, with_json,
};

/// The quote answer of `symbol`.
async fn quote(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &actix_web::cookie::Cookie<'static>,
    symbol: &str,
) -> Value {
    let (status, text) = call!(
        service,
        test::TestRequest::get()
            .uri(&format!(
                "/api/stock_copy_trading/get_stock_quotes/?stockSymbol={symbol}"
            ))
            .cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    json_of(&text)
}

/// A price well under the market (a BUY LIMIT there stays working): half the bid, to the cent.
fn far_below(quote: &Value) -> f64 {
    (quote["bid"].as_f64().expect("bid") * 50.0).round() / 100.0
}

/// A price well over the market (a BUY stop there does not trigger): twice the ask, to the cent.
fn far_above(quote: &Value) -> f64 {
    (quote["ask"].as_f64().expect("ask") * 200.0).round() / 100.0
}

/// A stock form with every field; `change` adjusts it.
fn stock_body(order_type: &str, quantity: Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut body = json!({"allTradingAccountsOrderList": [], "stockSymbol": "aapl", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": order_type, "stockQuantity": quantity,
        "stockPrice": 0, "stockStopPrice": 0, "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0.1});
    change(&mut body);
    body
}

fn place(body: &Value) -> test::TestRequest {
    post_json("/api/stock_copy_trading/place_order/", &body.to_string())
}

fn refresh() -> test::TestRequest {
    test::TestRequest::get().uri("/api/stock_copy_trading/fetch_trade_status")
}

fn by_name(rows: &[Value], name: &str) -> Value {
    rows.iter()
        .find(|r| r["accountName"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("a row of {name} in {rows:?}"))
}

fn accounts_of(rows: &[Value]) -> Vec<Value> {
    rows.iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
                "accountUsername": r["accountUsername"], "stockOrderId": r["stockOrderId"]})
        })
        .collect()
}

#[actix_web::test]
async fn a_limit_place_goes_to_each_active_account_with_its_tier_and_the_table_follows() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let orders = || test::TestRequest::get().uri("/api/stock_copy_trading/database");
    let response = test::call_service(&service, orders().cookie(alice.clone()).to_request()).await;
    let etag = response.headers().get("etag").expect("etag").clone();
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, "{}".into())
    );

    let aapl = quote(&service, &alice, "AAPL").await;
    let limit = far_below(&aapl);
    let body = stock_body("LIMIT", json!("2"), |b| b["stockPrice"] = json!(limit));
    assert_eq!(
        call!(&service, place(&body).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    let (status, text) = call!(&service, refresh().cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK);
    let table = json_of(&text);
    assert_eq!(table.as_object().map(|t| t.len()), Some(1));
    let rows = table["1"].as_array().expect("session 1").clone();
    assert_eq!(rows.len(), 3, "the account switched off gets nothing");
    for (name, quantity) in [("Small", 2), ("Medium", 4), ("Big", 6)] {
        let row = by_name(&rows, name);
        let order_id = row["stockOrderId"].as_i64().expect("an order id");
        assert!(row["accountId"].as_u64().is_some());
        assert!(
            row["stockEnteredTime"]
                .as_str()
                .is_some_and(|t| !t.is_empty())
        );
        let expected = json!({"agentTradingSessionID": 1, "accountId": row["accountId"], "accountName": name,
            "accountUsername": format!("alice-{name}"), "stockOrderId": order_id, "stockSymbol": "AAPL",
            "stockDescription": "Apple Inc", "stockSession": "NORMAL", "stockDuration": "DAY",
            "stockOrderType": "LIMIT", "stockInstruction": "BUY", "stockQuantity": quantity,
            "stockFilledQuantity": 0, "stockPrice": limit, "stockStopPrice": 0.0, "stockStopPriceLinkType": "VALUE",
            "stockStopPriceOffset": 0.1, "stockStopPriceLinkBasis": "BID", "stockStatus": "WORKING",
            "stockStatusDescription": null,
            "stockEnteredTime": row["stockEnteredTime"], "stockStatusColor": "red", "successRate": 100,
            "stockOwnStatusColor": "yellow", "replacedSessionID": null});
        assert_eq!(row, expected, "{name}");
    }

    // The table answers 304 to the tag it had before only once nothing changed since.
    let response = test::call_service(
        &service,
        orders()
            .cookie(alice.clone())
            .insert_header(("if-none-match", etag))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let etag = response.headers().get("etag").expect("etag").clone();
    let response = test::call_service(
        &service,
        orders()
            .cookie(alice.clone())
            .insert_header(("if-none-match", etag))
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);

    // The option table of the same agent is untouched.
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/database/COMMON")
            .cookie(alice)
    );
    assert_eq!(text, "{}");
}

#[actix_web::test]
async fn stop_and_trailing_orders_carry_their_fields_into_the_rows() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let aapl = quote(&service, &alice, "AAPL").await;
    let (stop, limit) = (far_above(&aapl), far_above(&aapl) + 1.0);
    let trailing = stock_body("TRAILING_STOP", json!(1), |b| {
        b["stockSession"] = json!("GTC");
        b["stockDuration"] = json!("");
        b["stockStopPriceLinkType"] = json!("PERCENT");
        b["stockStopPriceOffset"] = json!("5");
        b["stockStopPriceLinkBasis"] = json!("ask");
    });
    let stop_limit = stock_body("STOP_LIMIT", json!(3), |b| {
        b["stockSession"] = json!("NORMAL");
        b["stockStopPrice"] = json!(stop);
        b["stockPrice"] = json!(limit);
    });
    let stop_only = stock_body("STOP", json!(1), |b| {
        b["stockSession"] = json!("GTC");
        b["stockDuration"] = json!("");
        b["stockStopPrice"] = json!(stop);
    });
    for body in [&trailing, &stop_limit, &stop_only] {
        assert_eq!(
            call!(&service, place(body).cookie(alice.clone())),
            (StatusCode::OK, "success".into()),
            "{body}"
        );
    }
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    assert!(
        text.find("\"3\":[").expect("3") < text.find("\"2\":[").expect("2")
            && text.find("\"2\":[").expect("2") < text.find("\"1\":[").expect("1"),
        "newest session first: {text}"
    );
    let table = json_of(&text);
    let fields = |session: &str, name: &str| {
        let row = by_name(table[session].as_array().expect("rows"), name);
        [
            "stockOrderType",
            "stockSession",
            "stockDuration",
            "stockQuantity",
            "stockPrice",
            "stockStopPrice",
            "stockStopPriceLinkType",
            "stockStopPriceOffset",
            "stockStopPriceLinkBasis",
            "stockStatus",
        ]
        .map(|f| row[f].clone())
        .to_vec()
    };
    assert_eq!(
        fields("1", "Medium"),
        vec![
            json!("TRAILING_STOP"),
            json!("NORMAL"),
            json!("GOOD_TILL_CANCEL"),
            json!(2),
            json!(0.0),
            json!(0.0),
            json!("PERCENT"),
            json!(5.0),
            json!("ASK"),
            json!("WORKING")
        ]
    );
    assert_eq!(
        fields("2", "Big"),
        vec![
            json!("STOP_LIMIT"),
            json!("NORMAL"),
            json!("DAY"),
            json!(9),
            json!(limit),
            json!(stop),
            json!("VALUE"),
            json!(0.1),
            json!("BID"),
            json!("WORKING")
        ]
    );
    assert_eq!(
        fields("3", "Small"),
        vec![
            json!("STOP"),
            json!("NORMAL"),
            json!("GOOD_TILL_CANCEL"),
            json!(1),
            json!(0.0),
            json!(stop),
            json!("VALUE"),
            json!(0.1),
            json!("BID"),
            json!("WORKING")
        ]
    );
}

#[actix_web::test]
async fn fund_positions_show_on_the_stock_screen_and_are_replaced_and_exited_like_stocks() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let spy = |order_type: &str, quantity: i64, change: &dyn Fn(&mut Value)| {
        stock_body(order_type, json!(quantity), |b| {
            b["stockSymbol"] = json!("spy");
            change(b);
        })
    };
    assert_eq!(
        call!(
            &service,
            place(&spy("MARKET", 4, &|_| {})).cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    call!(&service, refresh().cookie(alice.clone()));
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice.clone())
    );
    let map = json_of(&text);
    let held = map["SPY"].as_array().expect("SPY positions").clone();
    let mut quantities: Vec<i64> = held
        .iter()
        .map(|p| p["stockSettledQuantity"].as_i64().unwrap_or(0))
        .collect();
    quantities.sort_unstable();
    assert_eq!(quantities, vec![4, 8, 12], "{map}");

    // A resting fund sale is replaced (the account echoes the fund's asset type) and then exited.
    let small = by_name(&held, "Small");
    let sell = spy("LIMIT", 4, &|b| {
        b["stockInstruction"] = json!("SELL");
        b["stockSession"] = json!("GTC");
        b["stockDuration"] = json!("");
        b["stockPrice"] = json!(900);
        b["allTradingAccountsOrderList"] = json!([{"accountId": small["accountId"]}]);
    });
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/exit_order/", &sell.to_string())
                .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let resting = json_of(&text)["2"].as_array().expect("session 2").clone();
    let replace = spy("LIMIT", 4, &|b| {
        b["stockInstruction"] = json!("SELL");
        b["stockPrice"] = json!(800);
        b["agentTradingSessionID"] = json!(2);
        b["allTradingAccountsOrderList"] = json!(accounts_of(&resting));
    });
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    let replaced = table["3"].as_array().expect("session 3").clone();
    assert!(
        replaced
            .iter()
            .all(|r| r["stockStatus"] == "WORKING" && r["stockPrice"] == json!(800.0)),
        "{replaced:?}"
    );
    let account = app
        .state
        .services
        .registry
        .get(engine::ids::AccountId(1))
        .expect("running")
        .account;
    let listed = account.current_view().orders;
    let new_id = replaced[0]["stockOrderId"].as_i64().expect("an id");
    let new_order = listed
        .iter()
        .find(|o| o.id.get() == new_id)
        .expect("the replacement is listed");
    assert_eq!(
        new_order.legs.first().map(|l| l.asset_type.clone()),
        Some(engine::order::AssetType::CollectiveInvestment)
    );
}

#[actix_web::test]
async fn a_market_order_fills_positions_show_by_symbol_and_exits_are_capped_at_holdings() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    assert_eq!(
        call!(
            &service,
            place(&stock_body("MARKET", json!(5), |_| {})).cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let rows = json_of(&text)["1"].as_array().expect("rows").clone();
    assert!(
        rows.iter().all(|r| r["stockStatus"] == "FILLED"
            && r["stockStatusColor"] == "green"
            && r["stockFilledQuantity"] == r["stockQuantity"]
            && r["stockPrice"].as_f64().is_some_and(|p| p > 0.0)),
        "{rows:?}"
    );

    let positions = || {
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice.clone())
    };
    let (status, text) = call!(&service, positions());
    assert_eq!(status, StatusCode::OK);
    let map = json_of(&text);
    assert_eq!(
        map.as_object()
            .map(|m| m.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["AAPL".to_owned()])
    );
    let held = map["AAPL"].as_array().expect("positions").clone();
    let mut quantities: Vec<(String, i64)> = held
        .iter()
        .map(|p| {
            (
                p["accountName"].as_str().unwrap_or("").to_owned(),
                p["stockSettledQuantity"].as_i64().unwrap_or(0),
            )
        })
        .collect();
    quantities.sort();
    assert_eq!(
        quantities,
        vec![
            ("Big".to_owned(), 15),
            ("Medium".to_owned(), 10),
            ("Small".to_owned(), 5)
        ]
    );
    assert!(held.iter().all(|p| p["stockSymbol"] == "AAPL"
        && p["stockAveragePrice"].as_f64().is_some_and(|a| a > 0.0)
        && p["accountUsername"].as_str().is_some()));

    // Exit 12 on Big (holds 15) and on Off (holds nothing): Big sells 12, Off gets a refusal row.
    let big = by_name(&held, "Big");
    let off_id = app
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .for_agent(engine::ids::AgentId(1))
        .expect("alice's")
        .into_iter()
        .find(|a| a.name == "Off")
        .expect("off")
        .id
        .get();
    let exit = stock_body("MARKET", json!(100), |b| {
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!([
            {"accountId": big["accountId"], "accountName": "Big", "accountUsername": "alice-Big"},
            {"accountId": off_id, "accountName": "Off", "accountUsername": "alice-Off"}]);
    });
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order/", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 2, "accepted": [big["accountId"]],
            "failed": [{"accountId": off_id, "accountName": "Off", "reason": "the account holds no long position in AAPL"}],
            "capped": [{"accountId": big["accountId"], "accountName": "Big", "asked": 100, "sent": 15}]})
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let exit_rows = json_of(&text)["2"].as_array().expect("session 2").clone();
    let big_exit = by_name(&exit_rows, "Big");
    assert_eq!(
        [
            &big_exit["stockInstruction"],
            &big_exit["stockQuantity"],
            &big_exit["stockStatus"]
        ],
        [&json!("SELL"), &json!(15), &json!("FILLED")],
        "capped at the 15 held"
    );
    let off_exit = by_name(&exit_rows, "Off");
    assert_eq!(
        [
            &off_exit["stockStatus"],
            &off_exit["stockStatusDescription"],
            &off_exit["stockOrderId"]
        ],
        [
            &json!("FAILED_TO_PLACE"),
            &json!("the account holds no long position in AAPL"),
            &Value::Null
        ]
    );
    assert_eq!(exit_rows[0]["successRate"], 50);

    // The rest exits through exit_order_multiple, one entry per position.
    let entries: Vec<Value> = held
        .iter()
        .filter(|p| p["accountName"] != "Big")
        .map(|p| {
            let mut entry = stock_body("LIMIT", p["stockSettledQuantity"].clone(), |b| {
                b["stockInstruction"] = json!("SELL");
                b["stockPrice"] = json!(1);
            });
            entry["accountId"] = p["accountId"].clone();
            entry
        })
        .collect();
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/stock_copy_trading/exit_order_multiple",
                &json!({"ordersToExit": entries}).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    call!(&service, refresh().cookie(alice.clone()));
    assert_eq!(call!(&service, positions()).1, "{}");

    // An exit entry with bad fields names its position.
    let bad = json!({"ordersToExit": [{"accountId": big["accountId"], "stockSymbol": "AAPL", "stockInstruction": "BUY",
        "stockOrderType": "MARKET", "stockQuantity": 1}]});
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/stock_copy_trading/exit_order_multiple",
                &bad.to_string()
            )
            .cookie(alice)
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Position 1: Instruction must be SELL or BUY_TO_COVER",
                "bad_request"
            )
        )
    );
}

#[actix_web::test]
async fn replace_and_cancel_whole_and_individual() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let aapl = quote(&service, &alice, "AAPL").await;
    let limit = far_below(&aapl);
    call!(
        &service,
        place(&stock_body("LIMIT", json!(1), |b| b["stockPrice"] = json!(limit)))
            .cookie(alice.clone())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let rows = json_of(&text)["1"].as_array().expect("rows").clone();
    let small = by_name(&rows, "Small");
    let others: Vec<Value> = rows
        .iter()
        .filter(|r| r["accountName"] != "Small")
        .cloned()
        .collect();

    // Replace Medium and Big with 2 shares at a new price: session 2 replaces session 1.
    let new_limit = limit - 1.0;
    let replace = stock_body("LIMIT", json!(2), |b| {
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!(accounts_of(&others));
        b["stockPrice"] = json!(new_limit);
    });
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    let old = table["1"].as_array().expect("rows");
    assert_eq!(by_name(old, "Medium")["stockStatus"], "REPLACED");
    assert_eq!(by_name(old, "Big")["stockStatus"], "REPLACED");
    assert_eq!(by_name(old, "Small")["stockStatus"], "WORKING");
    assert_eq!(old[0]["stockStatusColor"], "purple", "the rows differ");
    let second = table["2"].as_array().expect("session 2");
    let mut summary: Vec<(String, i64, f64, Value)> = second
        .iter()
        .map(|r| {
            (
                r["accountName"].as_str().unwrap_or("").to_owned(),
                r["stockQuantity"].as_i64().unwrap_or(0),
                r["stockPrice"].as_f64().unwrap_or(0.0),
                r["replacedSessionID"].clone(),
            )
        })
        .collect();
    summary.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        summary,
        vec![
            ("Big".to_owned(), 6, new_limit, json!(1)),
            ("Medium".to_owned(), 4, new_limit, json!(1))
        ]
    );

    // The same replace again would send both orders their own terms: refused, nothing sent or stored.
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "There is nothing to change: every order already has these terms; nothing was sent",
                "bad_request"
            )
        )
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    assert!(table.get("3").is_none(), "no session was made");
    assert!(
        table["2"]
            .as_array()
            .expect("session 2")
            .iter()
            .all(|r| r["stockStatus"] == "WORKING"),
        "the live orders stand as they were"
    );

    // Replace Small alone through replace_order_individual: session 3, a STOP this time.
    let stop = far_above(&aapl);
    let one = stock_body("STOP", json!(3), |b| {
        let body = b.as_object_mut().expect("object");
        body.remove("allTradingAccountsOrderList");
        body.insert("agentTradingSessionID".into(), json!(1));
        body.insert("accountId".into(), small["accountId"].clone());
        body.insert("accountName".into(), json!("Small"));
        body.insert("accountUsername".into(), json!("alice-Small"));
        body.insert("stockOrderId".into(), small["stockOrderId"].clone());
        body.insert("stockStopPrice".into(), json!(stop));
    });
    let replace_one = || {
        with_json(
            test::TestRequest::put().uri("/api/stock_copy_trading/replace_order_individual/"),
            &one,
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, replace_one()),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    let third = table["3"].as_array().expect("session 3");
    assert_eq!(third.len(), 1);
    assert_eq!(
        [
            &third[0]["accountName"],
            &third[0]["stockOrderType"],
            &third[0]["stockQuantity"],
            &third[0]["stockStopPrice"],
            &third[0]["replacedSessionID"]
        ],
        [
            &json!("Small"),
            &json!("STOP"),
            &json!(3),
            &json!(stop),
            &json!(1)
        ]
    );
    assert!(
        table["1"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["stockStatus"] == "REPLACED" && r["stockStatusColor"] == "green"),
        "every order of session 1 replaced: final and alike"
    );

    // Cancel session 2 as a whole, then one order of session 3 individually; again is a 409.
    let cancel =
        json!({"agentTradingSessionID": 2, "allTradingAccountsOrderList": accounts_of(second)});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order/"),
                &cancel
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let individual = json!({"agentTradingSessionID": 3, "accountId": third[0]["accountId"],
        "accountUsername": "alice-Small", "stockOrderId": third[0]["stockOrderId"]});
    let cancel_one = || {
        with_json(
            test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order_individual/"),
            &individual,
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, cancel_one()),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    for session in ["2", "3"] {
        assert!(
            table[session]
                .as_array()
                .expect("rows")
                .iter()
                .all(|r| r["stockStatus"] == "CANCELED" && r["stockOwnStatusColor"] == "none"),
            "{session}: {table}"
        );
    }
    assert_eq!(
        call!(&service, cancel_one()),
        (
            StatusCode::CONFLICT,
            error_body("The order is already canceled", "already_canceled")
        )
    );
    // A canceled order is not replaceable; an unknown session is a 404.
    let mut again = one.clone();
    again["agentTradingSessionID"] = json!(3);
    again["stockOrderId"] = third[0]["stockOrderId"].clone();
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::put().uri("/api/stock_copy_trading/replace_order_individual/"),
            &again
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(json_of(&text)["code"], "not_replaceable");
    again["agentTradingSessionID"] = json!(99);
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/stock_copy_trading/replace_order_individual/"),
                &again
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
async fn a_deleted_accounts_orders_fail_alone_in_a_replace_or_cancel_of_the_others() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let aapl = quote(&service, &alice, "AAPL").await;
    let limit = far_below(&aapl);
    call!(
        &service,
        place(&stock_body("LIMIT", json!(1), |b| b["stockPrice"] = json!(limit)))
            .cookie(alice.clone())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let first = json_of(&text)["1"].as_array().expect("rows").clone();
    let id_of = |name: &str| by_name(&first, name)["accountId"].clone();
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/delete_account",
            &json!({"accountName": "Medium"}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);

    // The whole session replaced: Small and Big are, the deleted account gets a refused row.
    let replace = stock_body("LIMIT", json!(1), |b| {
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!(accounts_of(&first));
        b["stockPrice"] = json!(limit - 1.0);
    });
    let deleted = "the account was deleted from copydesk, so its order is no longer followed; nothing was sent to it";
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
            &replace
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let mut answer = json_of(&text);
    let mut accepted: Vec<Value> = answer["accepted"].as_array().cloned().unwrap_or_default();
    accepted.sort_by_key(|v| v.as_u64());
    answer["accepted"] = json!(accepted);
    let mut expected_accepted = vec![id_of("Small"), id_of("Big")];
    expected_accepted.sort_by_key(|v| v.as_u64());
    assert_eq!(
        answer,
        json!({"agentTradingSessionID": 2, "accepted": expected_accepted,
            "failed": [{"accountId": id_of("Medium"), "accountName": "(deleted account)", "reason": deleted}]})
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let table = json_of(&text);
    let second = table["2"].as_array().expect("session 2");
    let refused = second
        .iter()
        .find(|r| r["accountId"] == id_of("Medium"))
        .expect("the deleted account's row");
    assert_eq!(
        [&refused["stockStatus"], &refused["stockStatusDescription"]],
        [&json!("FAILED_TO_PLACE"), &json!(deleted)]
    );
    let medium_row = table["1"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["accountId"] == id_of("Medium"))
        .cloned()
        .expect("the deleted account's first row");
    assert_eq!(
        medium_row["stockStatus"], "WORKING",
        "nothing was sent to it"
    );

    // Its order named in a cancel fails alone; the others' orders in the same cancel are canceled.
    let mut named: Vec<Value> = accounts_of(second)
        .into_iter()
        .filter(|r| r["accountId"] != id_of("Medium"))
        .collect();
    let cancel_second =
        json!({"agentTradingSessionID": 2, "allTradingAccountsOrderList": named.clone()});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order/"),
                &cancel_second
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    named = accounts_of(&[medium_row]);
    let cancel_first = json!({"agentTradingSessionID": 1, "allTradingAccountsOrderList": named});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order/"),
                &cancel_first
            )
            .cookie(alice)
        ),
        (
            StatusCode::OK,
            json!({"accepted": [], "failed": [{"accountId": id_of("Medium"), "accountName": "(deleted account)",
                "reason": "the account is no longer linked to copydesk; nothing was sent to it"}]})
            .to_string()
        )
    );
}

#[actix_web::test]
async fn an_extended_hours_order_other_than_limit_is_a_400_naming_the_session_and_nothing_is_sent()
{
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let refused = |order_type: &str, choice: &str| {
        error_body(
            &format!(
                "Session must be DAY or GTC for a {order_type} order: extended hours ({choice}) take only LIMIT orders"
            ),
            "bad_request",
        )
    };
    let places = [
        (
            stock_body("MARKET", json!(1), |b| {
                b["stockSession"] = json!("EXT");
                b["stockDuration"] = json!("");
            }),
            refused("MARKET", "EXT"),
        ),
        (
            stock_body("MARKET", json!(1), |b| {
                b["stockSession"] = json!("SEAMLESS")
            }),
            refused("MARKET", "EXT"),
        ),
        (
            stock_body("STOP", json!(1), |b| {
                b["stockSession"] = json!("SEAMLESS");
                b["stockDuration"] = json!("GOOD_TILL_CANCEL");
                b["stockStopPrice"] = json!(500);
            }),
            refused("STOP", "GTC_EXT"),
        ),
        (
            stock_body("STOP_LIMIT", json!(1), |b| {
                b["stockSession"] = json!("GTC_EXT");
                b["stockDuration"] = json!("");
                b["stockStopPrice"] = json!(500);
                b["stockPrice"] = json!(501);
            }),
            refused("STOP_LIMIT", "GTC_EXT"),
        ),
    ];
    for (body, answer) in &places {
        assert_eq!(
            call!(&service, place(body).cookie(alice.clone())),
            (StatusCode::BAD_REQUEST, answer.clone()),
            "{body}"
        );
    }
    let exit = stock_body("TRAILING_STOP", json!(1), |b| {
        b["stockSession"] = json!("EXT");
        b["stockDuration"] = json!("");
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!([{"accountId": 1}]);
    });
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/exit_order/", &exit.to_string())
                .cookie(alice.clone())
        ),
        (StatusCode::BAD_REQUEST, refused("TRAILING_STOP", "EXT"))
    );
    let replace = stock_body("MARKET", json!(1), |b| {
        b["stockSession"] = json!("GTC_EXT");
        b["stockDuration"] = json!("");
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!([{"accountId": 1, "stockOrderId": 1}]);
    });
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (StatusCode::BAD_REQUEST, refused("MARKET", "GTC_EXT"))
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/database")
            .cookie(alice.clone())
    );
    assert_eq!(text, "{}", "nothing stored");
    app.assert_nothing_sent(4).await;
    // The same order as a LIMIT is taken, as session 1 (the refusals used no session id).
    let limit = stock_body("LIMIT", json!(1), |b| {
        b["stockSession"] = json!("EXT");
        b["stockDuration"] = json!("");
        b["stockPrice"] = json!(100);
    });
    assert_eq!(
        call!(&service, place(&limit).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice));
    let rows = json_of(&text)["1"].as_array().expect("session 1").clone();
    assert!(
        rows.iter()
            .all(|r| r["stockSession"] == "SEAMLESS" && r["stockOrderType"] == "LIMIT"),
        "{rows:?}"
    );
}

#[actix_web::test]
async fn bad_orders_are_a_400_naming_the_label_and_nothing_is_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let price = "Price must be a number greater than 0 with at most 2 decimals (4 below $1)";
    let cases: Vec<(Value, String)> = vec![
        (
            stock_body("MARKET", json!(1), |b| b["stockSymbol"] = json!("AA1")),
            "Symbol must be 1 to 10 letters, with . or / only inside a share class such as BRK.B"
                .into(),
        ),
        (
            stock_body("MARKET", json!(1), |b| b["stockInstruction"] = json!("SELL")),
            "Instruction must be BUY or SELL_SHORT".into(),
        ),
        (
            stock_body("MARKET", json!(1), |b| b["stockSession"] = json!("AM")),
            "Session must be DAY, GTC, EXT or GTC_EXT".into(),
        ),
        (
            stock_body("MARKET", json!(1), |b| b["stockDuration"] = json!("FILL_OR_KILL")),
            "Duration must be DAY or GOOD_TILL_CANCEL".into(),
        ),
        (
            stock_body("NET_DEBIT", json!(1), |_| {}),
            "Order Type must be MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP".into(),
        ),
        (
            stock_body("MARKET", json!(0), |_| {}),
            "Quantity must be a whole number of at least 1".into(),
        ),
        (
            stock_body("MARKET", json!("2.5"), |_| {}),
            "Quantity must be a whole number of at least 1".into(),
        ),
        (stock_body("LIMIT", json!(1), |_| {}), price.into()),
        (
            stock_body("LIMIT", json!(1), |b| b["stockPrice"] = json!(12.345)),
            price.into(),
        ),
        (
            stock_body("STOP", json!(1), |b| b["stockPrice"] = json!(10)),
            "Stop Price must be a number greater than 0 with at most 2 decimals (4 below $1)"
                .into(),
        ),
        (
            stock_body("STOP_LIMIT", json!(1), |b| b["stockPrice"] = json!(10)),
            "Activation Price must be a number greater than 0 with at most 2 decimals (4 below $1)"
                .into(),
        ),
        (
            stock_body("STOP_LIMIT", json!(1), |b| b["stockStopPrice"] = json!(10)),
            price.into(),
        ),
        (
            stock_body("TRAILING_STOP", json!(1), |b| {
                b["stockStopPriceLinkType"] = json!("TICK")
            }),
            "Stop Price Link Type must be VALUE or PERCENT".into(),
        ),
        (
            stock_body("TRAILING_STOP", json!(1), |b| {
                b["stockStopPriceOffset"] = json!(0)
            }),
            "Stop Price Offset must be a number greater than 0 with at most 2 decimals (4 below $1)"
                .into(),
        ),
        (
            stock_body("TRAILING_STOP", json!(1), |b| {
                b["stockStopPriceLinkType"] = json!("PERCENT");
                b["stockStopPriceOffset"] = json!(150);
            }),
            "Stop Price Offset must be at most 100 for a PERCENT link type".into(),
        ),
        (
            stock_body("TRAILING_STOP", json!(1), |b| {
                b["stockStopPriceLinkBasis"] = json!("AVERAGE");
            }),
            "Stop Price Link Basis must be BID, ASK, LAST or MARK".into(),
        ),
        (
            stock_body("MARKET", json!(1), |b| {
                b["allTradingAccountsOrderList"] = json!([{"accountId": "x"}])
            }),
            "Account 1 must be an account id".into(),
        ),
    ];
    for (body, message) in &cases {
        assert_eq!(
            call!(&service, place(body).cookie(alice.clone())),
            (StatusCode::BAD_REQUEST, error_body(message, "bad_request")),
            "{body}"
        );
    }
    // The same rules on exit (with its own instructions) and replace.
    let exit = stock_body("LIMIT", json!(1), |b| {
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!([{"accountId": 1}]);
    });
    assert_eq!(
        call!(
            &service,
            post_json("/api/stock_copy_trading/exit_order/", &exit.to_string())
                .cookie(alice.clone())
        ),
        (StatusCode::BAD_REQUEST, error_body(price, "bad_request"))
    );
    let replace = stock_body("STOP", json!(1), |b| {
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!([{"accountId": 1, "stockOrderId": 1}]);
    });
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::put().uri("/api/stock_copy_trading/replace_order/"),
            &replace
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(&text)["error"],
        "Stop Price must be a number greater than 0 with at most 2 decimals (4 below $1)"
    );

    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/database")
            .cookie(alice.clone())
    );
    assert_eq!(text, "{}", "nothing stored");
    app.assert_nothing_sent(4).await;
    // Refused requests used no session id: the next place is session 1.
    assert_eq!(
        call!(
            &service,
            place(&stock_body("MARKET", json!(1), |_| {})).cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/database")
            .cookie(alice)
    );
    let table = json_of(&text);
    assert_eq!(
        table
            .as_object()
            .map(|t| t.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["1".to_owned()])
    );
}

#[actix_web::test]
async fn another_agents_accounts_and_sessions_are_refused() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let mallory = desk_with_off(&service, "mallory").await;
    let aapl = quote(&service, &alice, "AAPL").await;
    let limit = far_below(&aapl);
    call!(
        &service,
        place(&stock_body("LIMIT", json!(1), |b| b["stockPrice"] = json!(limit)))
            .cookie(alice.clone())
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let row = json_of(&text)["1"][0].clone();

    let body = stock_body("MARKET", json!(1), |b| {
        b["allTradingAccountsOrderList"] = json!([{"accountId": row["accountId"]}])
    });
    assert_eq!(
        call!(&service, place(&body).cookie(mallory.clone())),
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
    let exit = stock_body("MARKET", json!(1), |b| {
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!([{"accountId": row["accountId"]}]);
    });
    let (status, _) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order/", &exit.to_string()).cookie(mallory.clone())
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
    let cancel = json!({"agentTradingSessionID": 1, "accountId": row["accountId"],
        "accountUsername": row["accountUsername"], "stockOrderId": row["stockOrderId"]});
    let (status, _) = call!(
        &service,
        with_json(
            test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order_individual/"),
            &cancel
        )
        .cookie(mallory.clone())
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Mallory's own account against alice's session: no such session for mallory.
    let mallory_account = app
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .for_agent(engine::ids::AgentId(2))
        .expect("mallory's")
        .into_iter()
        .map(|a| a.id.get())
        .min()
        .expect("one");
    let mut own = cancel.clone();
    own["accountId"] = json!(mallory_account);
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/stock_copy_trading/cancel_order_individual/"),
                &own
            )
            .cookie(mallory.clone())
        ),
        (
            StatusCode::NOT_FOUND,
            error_body("No such copy-trading session", "not_found")
        )
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/database")
            .cookie(mallory)
    );
    assert_eq!(text, "{}", "mallory sees none of alice's sessions");
    let (_, text) = call!(&service, refresh().cookie(alice));
    assert!(
        json_of(&text)["1"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["stockStatus"] == "WORKING")
    );
}

#[actix_web::test]
async fn quotes_of_known_and_unknown_symbols() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPL")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::CONFLICT, "no account to read through");
    assert_eq!(json_of(&text)["code"], "authorization_needed");

    let alice = desk_with_off(&service, "bob").await;
    let known = quote(&service, &alice, "aapl").await;
    assert_eq!(known["symbol"], "AAPL");
    let [bid, ask, last, mark] =
        ["bid", "ask", "last", "mark"].map(|f| known[f].as_f64().expect("a number"));
    assert!(0.0 < bid && bid <= ask && last > 0.0, "{known}");
    assert!((mark - (bid + ask) / 2.0).abs() < 0.01, "{known}");
    assert_eq!(known.as_object().map(serde_json::Map::len), Some(5));

    assert_eq!(
        call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=AAPLX")
                .cookie(alice.clone())
        ),
        (
            StatusCode::NOT_FOUND,
            error_body("Stock AAPLX is not known to the brokerage", "not_found")
        )
    );
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=A1")
            .cookie(alice)
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json_of(&text)["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("Symbol must be")),
        "{text}"
    );
}

#[actix_web::test]
async fn a_place_of_a_stock_the_brokerage_does_not_know_is_refused_whole() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    // Not quoted before: the place asks the brokerage, which does not know it. Nothing is sent.
    let body = stock_body("LIMIT", json!(1), |b| {
        b["stockSymbol"] = json!("zzzz");
        b["stockPrice"] = json!(10);
    });
    assert_eq!(
        call!(&service, place(&body).cookie(alice.clone())),
        (
            StatusCode::BAD_REQUEST,
            error_body(
                "Stock ZZZZ is not known to the brokerage; nothing was sent",
                "bad_request"
            )
        )
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    assert_eq!(text, "{}", "no session, no row");
    // A known symbol never quoted before is asked about and placed.
    let body = stock_body("LIMIT", json!(1), |b| {
        b["stockSymbol"] = json!("msft");
        b["stockPrice"] = json!(1);
    });
    assert_eq!(
        call!(&service, place(&body).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, refresh().cookie(alice));
    let rows = json_of(&text)["1"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r["stockSymbol"] == "MSFT"), "{text}");
}

#[actix_web::test]
async fn saved_stock_orders_and_the_watch_list() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let list = || {
        test::TestRequest::get()
            .uri("/api/stock_save_order/get_stock_save_order_list")
            .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, list()),
        (StatusCode::OK, r#"{"success":true,"list":[]}"#.into())
    );
    let save = |body: &Value| {
        post_json(
            "/api/stock_save_order/add_stock_save_order/",
            &body.to_string(),
        )
        .cookie(alice.clone())
    };
    let msft = stock_body("TRAILING_STOP", json!(3), |b| {
        b["stockSymbol"] = json!("msft");
        b["stockSession"] = json!("GTC");
        b["stockDuration"] = json!("");
        b["stockStopPriceLinkType"] = json!("PERCENT");
        b["stockStopPriceOffset"] = json!("2.5");
        b["stockStopPriceLinkBasis"] = json!("LAST");
    });
    let (status, _) = call!(&service, save(&msft));
    assert_eq!(status, StatusCode::OK);
    let aapl = stock_body("LIMIT", json!(10), |b| {
        b["stockPrice"] = json!("182.50");
        b["stockInstruction"] = json!("SELL");
    });
    let saved_aapl = json!({"stockSymbol": "AAPL", "stockSession": "NORMAL", "stockDuration": "DAY",
        "stockInstruction": "SELL", "stockOrderType": "LIMIT", "stockQuantity": 10, "stockPrice": "182.5",
        "stockStopPrice": "0", "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": "0.1",
        "stockStopPriceLinkBasis": "BID"});
    let saved_msft = json!({"stockSymbol": "MSFT", "stockSession": "NORMAL", "stockDuration": "GOOD_TILL_CANCEL",
        "stockInstruction": "BUY", "stockOrderType": "TRAILING_STOP", "stockQuantity": 3, "stockPrice": "0",
        "stockStopPrice": "0", "stockStopPriceLinkType": "PERCENT", "stockStopPriceOffset": "2.5",
        "stockStopPriceLinkBasis": "LAST"});
    let (status, text) = call!(&service, save(&aapl));
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        json_of(&text),
        json!({"success": true, "list": [saved_aapl, saved_msft]}),
        "sorted by symbol, every field kept"
    );
    assert_eq!(json_of(&call!(&service, list()).1)["list"][1], saved_msft);
    // Saving refuses what the save dialog does not offer, naming the field.
    assert_eq!(
        call!(
            &service,
            save(&stock_body("MARKET", json!(1), |b| b["stockInstruction"] =
                json!("SELL_SHORT")))
        ),
        (
            StatusCode::BAD_REQUEST,
            error_body("Instruction must be BUY or SELL", "bad_request")
        )
    );
    let remove = |symbol: &str| {
        with_json(
            test::TestRequest::delete().uri("/api/stock_save_order/remove_stock_save_order/"),
            &json!({"stockSymbol": symbol}),
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        json_of(&call!(&service, remove("aapl")).1),
        json!({"success": true, "list": [saved_msft]})
    );
    assert_eq!(
        call!(&service, remove("AAPL")),
        (
            StatusCode::NOT_FOUND,
            error_body("No saved stock order for AAPL", "not_found")
        )
    );

    // The watch list: upper-cased, duplicates refused with the spec's text, removable.
    let add = |symbol: &str| {
        post_json(
            "/api/stock/add_stock/",
            &json!({"stockSymbol": symbol}).to_string(),
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, add("aapl")),
        (StatusCode::OK, r#"{"success":true,"list":["AAPL"]}"#.into())
    );
    assert_eq!(
        call!(&service, add("brk.b")),
        (
            StatusCode::OK,
            r#"{"success":true,"list":["AAPL","BRK.B"]}"#.into()
        )
    );
    assert_eq!(
        call!(&service, add(" AAPL ")),
        (
            StatusCode::CONFLICT,
            error_body("Stock is already existed", "stock_exists")
        )
    );
    let (status, text) = call!(&service, add("12AB"));
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        json_of(&text)["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("Symbol must be"))
    );
    assert_eq!(
        call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock/get_stock_list")
                .cookie(alice.clone())
        ),
        (StatusCode::OK, r#"["AAPL","BRK.B"]"#.into())
    );
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/stock/remove_stock/"),
                &json!({"stockSymbol": "AAPL"})
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::OK,
            r#"{"success":true,"list":["BRK.B"]}"#.into()
        )
    );
    let other = sign_in(&service, "bob").await;
    assert_eq!(
        call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock/get_stock_list")
                .cookie(other)
        ),
        (StatusCode::OK, "[]".into())
    );
}

#[actix_web::test]
async fn a_short_holding_exits_with_buy_to_cover() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let small = app
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .for_agent(engine::ids::AgentId(1))
        .expect("alice's")
        .into_iter()
        .find(|a| a.name == "Small")
        .expect("small")
        .id
        .get();
    let short = stock_body("MARKET", json!(4), |b| {
        b["stockSymbol"] = json!("MSFT");
        b["stockInstruction"] = json!("SELL_SHORT");
        b["allTradingAccountsOrderList"] = json!([{"accountId": small}]);
    });
    assert_eq!(
        call!(&service, place(&short).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    call!(&service, refresh().cookie(alice.clone()));
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice.clone())
    );
    let held = json_of(&text)["MSFT"].clone();
    assert_eq!(held[0]["stockSettledQuantity"], -4, "{text}");

    // The exit form says SELL; the account is short, so it buys to cover, capped at the 4 short.
    let exit = stock_body("MARKET", json!(10), |b| {
        b["stockSymbol"] = json!("MSFT");
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!([{"accountId": small}]);
    });
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order/", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text),
        json!({"agentTradingSessionID": 2, "accepted": [small], "failed": [],
            "capped": [{"accountId": small, "accountName": "Small", "asked": 10, "sent": 4}]}),
        "the answer says the exit was cut to the 4 held"
    );
    let (_, text) = call!(&service, refresh().cookie(alice.clone()));
    let row = json_of(&text)["2"][0].clone();
    assert_eq!(
        [
            &row["stockInstruction"],
            &row["stockQuantity"],
            &row["stockStatus"]
        ],
        [&json!("BUY_TO_COVER"), &json!(4), &json!("FILLED")]
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice)
    );
    assert_eq!(text, "{}");
}

#[actix_web::test]
async fn polls_with_since_answer_the_sessions_and_symbols_changed_since_that_version() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let get = |path: &str| test::TestRequest::get().uri(path).cookie(alice.clone());
    let version_of = |text: &str| json_of(text)["version"].as_u64().expect("a version");
    let (_, text) = call!(
        &service,
        get("/api/stock_copy_trading_position/database?since=0")
    );
    assert_eq!(json_of(&text)["full"], true);
    let positions_before = version_of(&text);

    let market = stock_body("MARKET", json!(5), |_| {});
    assert_eq!(
        call!(&service, place(&market).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    call!(&service, refresh().cookie(alice.clone()));
    let (_, text) = call!(&service, get("/api/stock_copy_trading/database?since=0"));
    assert_eq!(json_of(&text)["full"], true);
    let orders_version = version_of(&text);
    assert_eq!(
        call!(
            &service,
            get(&format!(
                "/api/stock_copy_trading/database?since={orders_version}"
            ))
        ),
        (
            StatusCode::OK,
            format!(r#"{{"version":{orders_version},"full":false,"changed":{{}},"removed":[]}}"#)
        )
    );
    assert_eq!(
        call!(&service, place(&market).cookie(alice.clone())),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(
        &service,
        get(&format!(
            "/api/stock_copy_trading/database?since={orders_version}"
        ))
    );
    let delta = json_of(&text);
    let (_, table) = call!(&service, get("/api/stock_copy_trading/database"));
    assert_eq!(delta["full"], false);
    assert_eq!(delta["changed"], json!({"2": json_of(&table)["2"].clone()}));

    call!(&service, refresh().cookie(alice.clone()));
    let (_, text) = call!(
        &service,
        get(&format!(
            "/api/stock_copy_trading_position/database?since={positions_before}"
        ))
    );
    let delta = json_of(&text);
    let (_, table) = call!(&service, get("/api/stock_copy_trading_position/database"));
    assert_eq!(delta["full"], false, "{text}");
    assert_eq!(delta["changed"], json_of(&table), "the AAPL key");
    assert_eq!(delta["removed"], json!([]));
    let unknown = version_of(&text) + 1_000_000_000;
    let (_, text) = call!(
        &service,
        get(&format!(
            "/api/stock_copy_trading_position/database?since={unknown}"
        ))
    );
    assert_eq!(json_of(&text)["full"], true);
    assert_eq!(json_of(&text)["changed"], json_of(&table));
}

#[actix_web::test]
async fn the_watch_list_refuses_a_symbol_the_brokerage_does_not_quote() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk_with_off(&service, "alice").await;
    let add = |symbol: &str| {
        post_json(
            "/api/stock/add_stock/",
            &json!({"stockSymbol": symbol}).to_string(),
        )
        .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, add("msft")),
        (StatusCode::OK, r#"{"success":true,"list":["MSFT"]}"#.into())
    );
    assert_eq!(
        call!(&service, add("ZZZZ")),
        (
            StatusCode::BAD_REQUEST,
            error_body("Stock ZZZZ is not known to the brokerage", "bad_request")
        )
    );
    assert_eq!(
        call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock/get_stock_list")
                .cookie(alice.clone())
        ),
        (StatusCode::OK, r#"["MSFT"]"#.into()),
        "nothing was added"
    );
}
