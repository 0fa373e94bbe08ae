//! The stock copy-trading scenario in Schwab mode against `schwab-fake` over loopback HTTP: every order
//! type placed by tier, replace, cancel, a market fill, positions and a capped exit.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use facade::routes;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{json_of, post_json, session_cookie};

fn stock_body(order_type: &str, quantity: u32, change: impl FnOnce(&mut Value)) -> Value {
    let mut body = json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": order_type, "stockQuantity": quantity,
        "stockPrice": 0, "stockStopPrice": 0, "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0.1});
    change(&mut body);
    body
}

fn sorted_quantities(rows: &[Value]) -> Vec<i64> {
    let mut quantities: Vec<i64> = rows
        .iter()
        .map(|r| r["stockQuantity"].as_i64().unwrap_or(0))
        .collect();
    quantities.sort_unstable();
    quantities
}

#[actix_web::test]
async fn every_order_type_replace_cancel_fill_and_exit_over_schwab_http() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &state))).await;
    let credentials = json!({"agentUsername": "alice", "agentPassword": "password-1"}).to_string();
    test::call_service(
        &service,
        post_json("/api/agent_account/register/", &credentials).to_request(),
    )
    .await;
    let alice = session_cookie(
        &test::call_service(
            &service,
            post_json("/api/agent_account/login/", &credentials).to_request(),
        )
        .await,
    )
    .expect("signed in");
    for (name, tier) in [
        ("Small", "small_account"),
        ("Medium", "medium_account"),
        ("Big", "big_account"),
    ] {
        let login = format!("login-{name}");
        let add = json!({"accountName": name, "accountUsername": login, "accountPassword": "pw-123", "accountType": tier});
        assert_eq!(
            call!(
                &service,
                post_json("/api/trading_account/login/", &add.to_string()).cookie(alice.clone())
            )
            .0,
            StatusCode::OK
        );
        let redirected = desk.authorize(&login).await;
        let paste = json!({"accountName": name, "accountUsername": login, "authorizationCodeUrl": redirected});
        assert_eq!(
            call!(
                &service,
                post_json(
                    "/api/trading_account/get_access_token_from_authorization_code/",
                    &paste.to_string()
                )
                .cookie(alice.clone())
            ),
            (StatusCode::OK, r#"{"success":true}"#.into())
        );
    }

    // The quote comes from the fake's market data endpoint.
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=aapl")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let quote = json_of(&text);
    assert_eq!(quote["symbol"], "AAPL");
    let (bid, ask) = (
        quote["bid"].as_f64().expect("bid"),
        quote["ask"].as_f64().expect("ask"),
    );
    assert!(0.0 < bid && bid <= ask, "{quote}");
    let below = (bid * 50.0).round() / 100.0;
    let above = (ask * 200.0).round() / 100.0;
    let (status, _) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=ZZZZQ")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::NOT_FOUND);

    let status_now = || {
        test::TestRequest::get()
            .uri("/api/stock_copy_trading/fetch_trade_status")
            .cookie(alice.clone())
    };
    let place = |body: &Value| {
        post_json("/api/stock_copy_trading/place_order/", &body.to_string()).cookie(alice.clone())
    };

    // Each resting order type, one session each, × tier on every account.
    let resting = [
        stock_body("LIMIT", 1, |b| {
            b["stockSession"] = json!("EXT");
            b["stockDuration"] = json!("");
            b["stockPrice"] = json!(below);
        }),
        stock_body("STOP", 1, |b| {
            b["stockSession"] = json!("GTC");
            b["stockDuration"] = json!("");
            b["stockStopPrice"] = json!(above);
        }),
        stock_body("STOP_LIMIT", 1, |b| {
            b["stockStopPrice"] = json!(above);
            b["stockPrice"] = json!(above + 1.0);
        }),
        stock_body("TRAILING_STOP", 1, |b| {
            b["stockStopPriceLinkType"] = json!("PERCENT");
            b["stockStopPriceOffset"] = json!(50);
        }),
    ];
    for body in &resting {
        assert_eq!(
            call!(&service, place(body)),
            (StatusCode::OK, "success".into()),
            "{body}"
        );
    }
    let (_, text) = call!(&service, status_now());
    let table = json_of(&text);
    for (session, order_type, session_word, duration) in [
        ("1", "LIMIT", "SEAMLESS", "DAY"),
        ("2", "STOP", "NORMAL", "GOOD_TILL_CANCEL"),
        ("3", "STOP_LIMIT", "NORMAL", "DAY"),
        ("4", "TRAILING_STOP", "NORMAL", "DAY"),
    ] {
        let rows = table[session].as_array().expect("a session").clone();
        assert_eq!(sorted_quantities(&rows), vec![1, 2, 3], "{session}");
        assert!(
            rows.iter().all(|r| r["stockOrderType"] == order_type
                && r["stockSession"] == session_word
                && r["stockDuration"] == duration
                && r["stockStatus"] == "WORKING"
                && r["stockOrderId"].as_i64().is_some()),
            "{session}: {rows:?}"
        );
    }
    let stop_limit = by_name(table["3"].as_array().expect("rows"), "Big");
    assert_eq!(
        (
            stop_limit["stockStopPrice"].as_f64(),
            stop_limit["stockPrice"].as_f64()
        ),
        (Some(above), Some(above + 1.0))
    );
    let trailing = by_name(table["4"].as_array().expect("rows"), "Small");
    assert_eq!(
        (
            &trailing["stockStopPriceLinkType"],
            &trailing["stockStopPriceOffset"]
        ),
        (&json!("PERCENT"), &json!(50.0))
    );
    // A client that names no basis gets Schwab's default, BID.
    assert_eq!(trailing["stockStopPriceLinkBasis"], "BID");

    // Replace the LIMIT session's orders at a new price, then cancel the replacements and the rest.
    let limit_rows = table["1"].as_array().expect("rows").clone();
    let refs: Vec<Value> = limit_rows
        .iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
            "accountUsername": r["accountUsername"], "stockOrderId": r["stockOrderId"]})
        })
        .collect();
    let new_price = below - 1.0;
    let replace = stock_body("LIMIT", 2, |b| {
        b["agentTradingSessionID"] = json!(1);
        b["allTradingAccountsOrderList"] = json!(refs);
        b["stockPrice"] = json!(new_price);
    });
    let request = test::TestRequest::put()
        .uri("/api/stock_copy_trading/replace_order/")
        .insert_header(("content-type", "application/json"))
        .set_payload(replace.to_string())
        .cookie(alice.clone());
    assert_eq!(call!(&service, request), (StatusCode::OK, "success".into()));
    let (_, text) = call!(&service, status_now());
    let table = json_of(&text);
    assert!(
        table["1"]
            .as_array()
            .expect("rows")
            .iter()
            .all(|r| r["stockStatus"] == "REPLACED")
    );
    let replaced = table["5"].as_array().expect("session 5").clone();
    assert_eq!(sorted_quantities(&replaced), vec![2, 4, 6]);
    assert!(replaced.iter().all(|r| r["replacedSessionID"] == 1
        && r["stockPrice"].as_f64() == Some(new_price)
        && r["stockStatus"] == "WORKING"));
    for (session, rows) in [("5", &replaced)]
        .into_iter()
        .chain(["2", "3", "4"].map(|s| (s, table[s].as_array().expect("rows"))))
    {
        let list: Vec<Value> = rows
            .iter()
            .map(|r| {
                json!({"accountId": r["accountId"], "accountName": r["accountName"],
                "accountUsername": r["accountUsername"], "stockOrderId": r["stockOrderId"]})
            })
            .collect();
        let cancel = json!({"agentTradingSessionID": session.parse::<u64>().expect("id"),
            "allTradingAccountsOrderList": list});
        let request = test::TestRequest::delete()
            .uri("/api/stock_copy_trading/cancel_order/")
            .insert_header(("content-type", "application/json"))
            .set_payload(cancel.to_string())
            .cookie(alice.clone());
        assert_eq!(
            call!(&service, request),
            (StatusCode::OK, "success".into()),
            "{session}"
        );
    }
    let (_, text) = call!(&service, status_now());
    let table = json_of(&text);
    for session in ["2", "3", "4", "5"] {
        assert!(
            table[session]
                .as_array()
                .expect("rows")
                .iter()
                .all(|r| r["stockStatus"] == "CANCELED"),
            "{session}: {table}"
        );
    }

    // A market order fills; positions by symbol; an exit asking for more than held closes them.
    assert_eq!(
        call!(&service, place(&stock_body("MARKET", 2, |_| {}))),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, status_now());
    let filled = json_of(&text)["6"].as_array().expect("session 6").clone();
    assert!(
        filled
            .iter()
            .all(|r| r["stockStatus"] == "FILLED" && r["stockStatusColor"] == "green"),
        "{filled:?}"
    );
    poll_all(&desk).await;
    let positions = || {
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice.clone())
    };
    let (_, text) = call!(&service, positions());
    let held = json_of(&text)["AAPL"]
        .as_array()
        .expect("AAPL positions")
        .clone();
    let mut settled: Vec<i64> = held
        .iter()
        .map(|p| p["stockSettledQuantity"].as_i64().unwrap_or(0))
        .collect();
    settled.sort_unstable();
    assert_eq!(settled, vec![2, 4, 6]);
    let accounts: Vec<Value> = held
        .iter()
        .map(|p| json!({"accountId": p["accountId"], "accountName": p["accountName"], "accountUsername": p["accountUsername"]}))
        .collect();
    let exit = stock_body("MARKET", 100, |b| {
        b["stockInstruction"] = json!("SELL");
        b["allTradingAccountsOrderList"] = json!(accounts);
    });
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order/", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let answer = json_of(&text);
    assert_eq!(answer["failed"], json!([]));
    let mut sent: Vec<(u64, u64)> = answer["capped"]
        .as_array()
        .expect("the exit says it was cut to what each account holds")
        .iter()
        .map(|c| {
            (
                c["asked"].as_u64().unwrap_or(0),
                c["sent"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    sent.sort_unstable();
    assert_eq!(sent, vec![(100, 2), (100, 4), (100, 6)]);
    let (_, text) = call!(&service, status_now());
    let exits = json_of(&text)["7"].as_array().expect("session 7").clone();
    assert_eq!(
        sorted_quantities(&exits),
        vec![2, 4, 6],
        "capped at holdings"
    );
    assert!(exits.iter().all(|r| r["stockInstruction"] == "SELL"));
    poll_all(&desk).await;
    assert_eq!(call!(&service, positions()).1, "{}");
    desk.fake.stop().await;
}

fn by_name(rows: &[Value], name: &str) -> Value {
    rows.iter()
        .find(|r| r["accountName"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("a row of {name} in {rows:?}"))
}

async fn poll_all(desk: &SchwabDesk) {
    for handle in desk.state.services.registry.handles() {
        handle.account.poll_now().await;
    }
}

#[actix_web::test]
async fn a_fraction_of_a_share_shows_in_the_table_and_exits_sell_the_whole_shares() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &state))).await;
    let alice = support::sign_in(&service, "alice").await;
    let add = json!({"accountName": "Small", "accountUsername": "login-Small", "accountPassword": "pw-123",
        "accountType": "small_account"});
    assert_eq!(
        call!(
            &service,
            post_json("/api/trading_account/login/", &add.to_string()).cookie(alice.clone())
        )
        .0,
        StatusCode::OK
    );
    let redirected = desk.authorize("login-Small").await;
    let paste = json!({"accountName": "Small", "accountUsername": "login-Small", "authorizationCodeUrl": redirected});
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/trading_account/get_access_token_from_authorization_code/",
                &paste.to_string()
            )
            .cookie(alice.clone())
        )
        .0,
        StatusCode::OK
    );
    // A dividend reinvested at the brokerage: Schwab's positions answer says 61.5854 shares of IWM.
    let paper = desk.fake.paper();
    let hash = paper
        .accounts()
        .into_iter()
        .find(|a| a.username == "login-Small")
        .expect("the paper account")
        .link
        .hash;
    paper
        .reinvest_dividend(&hash, "IWM", rust_decimal_macros::dec!(61.5854))
        .expect("reinvested");
    poll_all(&desk).await;
    let positions = || {
        test::TestRequest::get()
            .uri("/api/stock_copy_trading_position/database")
            .cookie(alice.clone())
    };
    let (_, text) = call!(&service, positions());
    let row = &json_of(&text)["IWM"][0];
    assert_eq!(row["stockSettledQuantity"], json!(61.5854), "{text}");
    assert_eq!(row["accountName"], "Small");

    // An exit of more than is held sells the 61 whole shares; the fraction stays and still shows.
    let exit = json!({"allTradingAccountsOrderList": [{"accountId": row["accountId"], "accountName": "Small",
        "accountUsername": "login-Small"}], "stockSymbol": "IWM", "stockSession": "NORMAL", "stockDuration": "DAY",
        "stockInstruction": "SELL", "stockOrderType": "MARKET", "stockQuantity": 62, "stockPrice": 0,
        "stockStopPrice": 0, "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0.1});
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/exit_order/", &exit.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert_eq!(
        json_of(&text)["capped"],
        json!([{"accountId": row["accountId"], "accountName": "Small", "asked": 62, "sent": 61}])
    );
    poll_all(&desk).await;
    let (_, text) = call!(&service, positions());
    assert_eq!(
        json_of(&text)["IWM"][0]["stockSettledQuantity"],
        json!(0.5854),
        "{text}"
    );
    desk.fake.stop().await;
}
