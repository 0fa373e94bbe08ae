//! The option copy-trading scenario in Schwab mode against `schwab-fake` over loopback HTTP: fan-out by
//! tier, replace, cancel, a market fill, positions and exit.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use facade::routes;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{json_of, post_json, session_cookie};

#[actix_web::test]
async fn fan_out_replace_cancel_fill_and_exit_over_schwab_http() {
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

    // The chain comes from the fake's market data endpoint.
    let (status, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=SPY&optionChainCallPut=PUT")
        .cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let chain = json_of(&text);
    let strikes = chain
        .as_object()
        .and_then(|e| e.values().next())
        .and_then(Value::as_object)
        .expect("strikes");
    let contract = strikes.values().nth(strikes.len() / 2).expect("strike")[0].clone();
    let symbol = contract["symbol"].as_str().expect("symbol").to_owned();

    let status_now = || {
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(alice.clone())
    };
    let order = |kind: &str, price: Value| {
        json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol,
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": kind, "optionChainQuantity": 1, "optionChainPrice": price})
    };

    // Fan-out: one order per account, × tier.
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &order("LIMIT", json!("0.05")).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, status_now());
    let rows = json_of(&text)["1"].as_array().expect("session 1").clone();
    let mut quantities: Vec<i64> = rows
        .iter()
        .map(|r| r["optionChainQuantity"].as_i64().unwrap_or(0))
        .collect();
    quantities.sort();
    assert_eq!(quantities, vec![1, 2, 3]);
    assert!(
        rows.iter().all(|r| r["optionChainStatus"] == "WORKING"),
        "{rows:?}"
    );

    // Replace the first two rows, then cancel the third individually.
    let refs: Vec<Value> = rows[..2]
        .iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
        "accountUsername": r["accountUsername"], "optionChainOrderId": r["optionChainOrderId"]})
        })
        .collect();
    let replace = json!({"agentTradingSessionID": 1, "allTradingAccountsOrderList": refs, "optionChainSymbol": symbol,
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": "0.06"});
    let request = test::TestRequest::put()
        .uri("/api/copy_trading_account/replace_order/COMMON")
        .insert_header(("content-type", "application/json"))
        .set_payload(replace.to_string())
        .cookie(alice.clone());
    assert_eq!(call!(&service, request), (StatusCode::OK, "success".into()));
    let third = &rows[2];
    let cancel = json!({"agentTradingSessionID": 1, "accountId": third["accountId"], "accountUsername": third["accountUsername"],
        "optionChainOrderId": third["optionChainOrderId"]});
    let request = test::TestRequest::delete()
        .uri("/api/copy_trading_account/cancel_order_individual/COMMON")
        .insert_header(("content-type", "application/json"))
        .set_payload(cancel.to_string())
        .cookie(alice.clone());
    assert_eq!(call!(&service, request), (StatusCode::OK, "success".into()));
    let (_, text) = call!(&service, status_now());
    let table = json_of(&text);
    let mut old: Vec<String> = table["1"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["optionChainStatus"].as_str().unwrap_or("").to_owned())
        .collect();
    old.sort();
    assert_eq!(old, vec!["CANCELED", "REPLACED", "REPLACED"]);
    assert_eq!(table["2"].as_array().map(Vec::len), Some(2));

    // A market order fills; positions appear; an exit of every position closes them.
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/COMMON",
                &order("MARKET", json!(0)).to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (_, text) = call!(&service, status_now());
    let filled = json_of(&text)["3"].as_array().expect("session 3").clone();
    assert!(
        filled
            .iter()
            .all(|r| r["optionChainStatus"] == "FILLED" && r["optionChainStatusColor"] == "green"),
        "{filled:?}"
    );
    for account in state_accounts(&desk) {
        desk.state
            .services
            .registry
            .get(account)
            .expect("running")
            .account
            .poll_now()
            .await;
    }
    let positions = || {
        test::TestRequest::get()
            .uri("/api/copy_trading_position_account/database/COMMON")
            .cookie(alice.clone())
    };
    let (_, text) = call!(&service, positions());
    let held = json_of(&text)
        .as_object()
        .and_then(|m| m.values().next())
        .and_then(Value::as_array)
        .expect("positions")
        .clone();
    assert_eq!(held.len(), 3);
    let entries: Vec<Value> = held.iter().map(|p| json!({"accountId": p["accountId"], "accountName": p["accountName"],
        "accountUsername": p["accountUsername"], "optionChainSymbol": p["optionChainSymbol"], "optionChainInstruction": "SELL_TO_CLOSE",
        "optionChainOrderType": "MARKET", "optionChainQuantity": p["optionChainSettledQuantity"], "optionChainPrice": 0})).collect();
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
    call!(&service, status_now());
    for account in state_accounts(&desk) {
        desk.state
            .services
            .registry
            .get(account)
            .expect("running")
            .account
            .poll_now()
            .await;
    }
    assert_eq!(call!(&service, positions()).1, "{}");
    desk.fake.stop().await;
}

fn state_accounts(desk: &SchwabDesk) -> Vec<engine::ids::AccountId> {
    desk.state
        .services
        .registry
        .handles()
        .iter()
        .map(|h| h.account.id())
        .collect()
}
