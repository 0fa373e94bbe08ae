//! The vertical copy-trading scenario in Schwab mode against `schwab-fake` over loopback HTTP: one
//! spread order per account by tier, replace and cancel of whole spreads, a market fill, positions of
//! both legs and the closing spread.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use facade::routes;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{json_of, post_json, session_cookie, with_json};

#[actix_web::test]
async fn verticals_place_replace_cancel_fill_and_exit_over_schwab_http() {
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
    for (name, tier) in [("Small", "small_account"), ("Big", "big_account")] {
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
    let (status, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=SPY&optionChainCallPut=CALL")
        .cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let chain = json_of(&text);
    let strikes = chain
        .as_object()
        .and_then(|e| e.values().next())
        .and_then(Value::as_object)
        .expect("strikes")
        .clone();
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let middle = strikes.len() / 2;
    let (low, high) = (symbol(middle), symbol(middle + 1));
    let leg = |symbol: &str, instruction: &str, kind: &str, price: &str| {
        json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": kind,
               "optionChainQuantity": 1, "optionChainPrice": price})
    };
    let place = |legs: Value| {
        post_json(
            "/api/copy_trading_account/place_order/VERTICAL",
            &json!({"allTradingAccountsOrderList": [], "orderLegs": legs}).to_string(),
        )
        .cookie(alice.clone())
    };
    let table = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/copy_trading_account/fetch_trade_status/VERTICAL")
                .cookie(alice.clone())
        );
        json_of(&text)
    };

    // A resting credit spread: one order per account (× tier), two leg rows each.
    assert_eq!(
        call!(
            &service,
            place(json!([
                leg(&low, "SELL_TO_OPEN", "LIMIT", "50"),
                leg(&high, "BUY_TO_OPEN", "LIMIT", "0.01")
            ]))
        ),
        (StatusCode::OK, "success".into())
    );
    let rows = table().await["1"].as_array().expect("session 1").clone();
    assert_eq!(rows.len(), 4);
    for row in &rows {
        assert_eq!(row["optionChainOrderType"], "NET_CREDIT");
        assert_eq!(row["optionChainPrice"], 49.99);
        assert_eq!(row["optionChainStatus"], "WORKING", "{row}");
    }
    let mut quantities: Vec<i64> = rows
        .iter()
        .map(|r| r["optionChainQuantity"].as_i64().unwrap_or(0))
        .collect();
    quantities.sort();
    assert_eq!(quantities, vec![1, 1, 3, 3]);

    // Replace the Small account's spread, then cancel the Big one's.
    let small = rows
        .iter()
        .find(|r| r["accountName"] == "Small")
        .expect("small")
        .clone();
    let big = rows
        .iter()
        .find(|r| r["accountName"] == "Big")
        .expect("big")
        .clone();
    let update = |symbol: &str, instruction: &str, price: &str| {
        json!({"accountId": small["accountId"], "optionChainOrderId": small["optionChainOrderId"], "optionChainSymbol": symbol,
               "newInstruction": instruction, "newOrderType": "LIMIT", "newQuantity": 1, "newPrice": price})
    };
    let replace = json!({"agentTradingSessionID": 1, "legsToUpdate": [
        update(&low, "SELL_TO_OPEN", "60"), update(&high, "BUY_TO_OPEN", "0.01")]});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::put()
                    .uri("/api/copy_trading_account/replace_individual_legs/VERTICAL"),
                &replace
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let cancel = json!({"agentTradingSessionID": 1, "accountId": big["accountId"],
        "accountUsername": big["accountUsername"], "optionChainOrderId": big["optionChainOrderId"]});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete()
                    .uri("/api/copy_trading_account/cancel_order_individual/VERTICAL"),
                &cancel
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let after = table().await;
    let mut old: Vec<&str> = after["1"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["optionChainStatus"].as_str().unwrap_or(""))
        .collect();
    old.sort_unstable();
    assert_eq!(old, ["CANCELED", "CANCELED", "REPLACED", "REPLACED"]);
    assert_eq!(after["2"][0]["optionChainPrice"], 59.99);
    assert_eq!(after["2"][0]["replacedSessionID"], 1);

    // A market debit spread fills at once; both legs show as positions; closing it is one order.
    assert_eq!(
        call!(
            &service,
            place(json!([
                leg(&low, "BUY_TO_OPEN", "MARKET", "0"),
                leg(&high, "SELL_TO_OPEN", "MARKET", "0")
            ]))
        ),
        (StatusCode::OK, "success".into())
    );
    let filled = table().await["3"].as_array().expect("session 3").clone();
    assert!(
        filled
            .iter()
            .all(|r| r["optionChainStatus"] == "FILLED" && r["optionChainOrderType"] == "MARKET"),
        "{filled:?}"
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_position_account/database/VERTICAL")
            .cookie(alice.clone())
    );
    let positions = json_of(&text);
    let held: Vec<i64> = positions
        .as_object()
        .expect("positions")
        .values()
        .flat_map(|rows| rows.as_array().cloned().unwrap_or_default())
        .map(|r| r["optionChainSettledQuantity"].as_i64().unwrap_or(0))
        .collect();
    let mut held = held;
    held.sort_unstable();
    assert_eq!(held, vec![-3, -1, 1, 3], "{positions}");
    let accounts: Vec<Value> = filled
        .iter()
        .filter(|r| r["optionChainLegIndex"] == 0)
        .map(|r| json!({"accountId": r["accountId"], "accountName": r["accountName"], "accountUsername": r["accountUsername"]}))
        .collect();
    let exit = json!({"allTradingAccountsOrderList": accounts, "optionChainPrimarySymbol": low,
        "optionChainPrimaryInstruction": "SELL_TO_CLOSE", "optionChainSecondarySymbol": high,
        "optionChainSecondaryInstruction": "BUY_TO_CLOSE", "optionChainOrderType": "MARKET",
        "optionChainQuantity": 5, "optionChainPrice": 0});
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/exit_order/VERTICAL",
                &exit.to_string()
            )
            .cookie(alice.clone())
        ),
        (
            StatusCode::OK,
            // Asked for 5 spreads, each account closes what it holds and the answer says so.
            r#"{"agentTradingSessionID":4,"accepted":[1,2],"failed":[],"capped":[{"accountId":1,"accountName":"Small","asked":5,"sent":1},{"accountId":2,"accountName":"Big","asked":5,"sent":3}]}"#.into()
        )
    );
    let closed = table().await["4"].as_array().expect("session 4").clone();
    let mut closing: Vec<(i64, String)> = closed
        .iter()
        .map(|r| {
            (
                r["optionChainQuantity"].as_i64().unwrap_or(0),
                r["optionChainInstruction"]
                    .as_str()
                    .unwrap_or("")
                    .to_owned(),
            )
        })
        .collect();
    closing.sort();
    assert_eq!(
        closing,
        vec![
            (1, "BUY_TO_CLOSE".to_owned()),
            (1, "SELL_TO_CLOSE".to_owned()),
            (3, "BUY_TO_CLOSE".to_owned()),
            (3, "SELL_TO_CLOSE".to_owned())
        ],
        "capped at what each account holds"
    );
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_position_account/database/VERTICAL")
            .cookie(alice.clone())
    );
    assert_eq!(json_of(&text), json!({}), "the spread is closed");
}
