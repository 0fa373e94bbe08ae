//! API tests of vertical copy trading (`/api/copy_trading_account/*/VERTICAL`, saved sets) on the
//! paper brokerage: one broker order per account with the net price, rows per account and leg, bad
//! input refused before anything is sent, cancel and replace of the whole spread, exits, saved sets.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{TestApp, error_body, json_of, post_json, sign_in, strikes_a_week_out, with_json};

fn leg(symbol: &str, instruction: &str, price: &str) -> Value {
    json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": "LIMIT",
           "optionChainQuantity": 1, "optionChainPrice": price})
}

#[actix_web::test]
async fn a_vertical_goes_to_each_account_as_one_net_priced_order() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "vera").await;
    for (name, tier) in [("Small", "small_account"), ("Big", "big_account")] {
        let body = json!({"accountName": name, "accountUsername": format!("vera-{name}"),
                          "accountPassword": "pw", "accountType": tier});
        let (status, text) = call!(
            &service,
            post_json("/api/trading_account/login/", &body.to_string()).cookie(alice.clone())
        );
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    let (status, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL")
        .cookie(alice.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let chain = json_of(&text);
    let strikes = strikes_a_week_out(&chain);
    let middle = strikes.len() / 2;
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let (low, high) = (symbol(middle), symbol(middle + 2));
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

    // Bad input: refused naming the leg and field; nothing sent, no session used.
    for (legs, message) in [
        (
            json!([leg(&low, "BUY_TO_OPEN", "1.00")]),
            "Legs must be two options forming a vertical, or four forming an iron condor; got 1",
        ),
        (
            json!([
                leg(&low, "BUY_TO_OPEN", "1.00"),
                leg(&high, "BUY_TO_OPEN", "0.40")
            ]),
            "",
        ),
        (
            json!([
                leg(&low, "BUY_TO_OPEN", "-1"),
                leg(&high, "SELL_TO_OPEN", "0.40")
            ]),
            "Leg 1 Price",
        ),
        (
            json!([
                leg(&low, "BUY_TO_CLOSE", "1.00"),
                leg(&high, "SELL_TO_OPEN", "0.40")
            ]),
            "Leg 1 Instruction",
        ),
    ] {
        let (status, text) = call!(&service, place(legs));
        assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
        let error = json_of(&text)["error"].as_str().unwrap_or("").to_owned();
        assert!(
            error.starts_with("Leg") || error.starts_with("Legs"),
            "{error}"
        );
        if !message.is_empty() {
            assert!(error.starts_with(message), "{error} starts with {message}");
        }
    }
    assert_eq!(table().await, json!({}));

    // A debit spread: one order per account, spreads × tier, net price 1.00 − 0.40.
    assert_eq!(
        call!(
            &service,
            place(json!([
                leg(&low, "BUY_TO_OPEN", "1.00"),
                leg(&high, "SELL_TO_OPEN", "0.40")
            ]))
        ),
        (StatusCode::OK, "success".into())
    );
    let rows = table().await["1"].as_array().expect("session 1").clone();
    assert_eq!(rows.len(), 4, "two accounts × two legs");
    for row in &rows {
        assert_eq!(row["optionChainOrderType"], "NET_DEBIT");
        assert_eq!(row["optionChainPrice"], 0.6);
        assert_eq!(row["optionChainPrimarySymbol"], low.as_str());
        assert_eq!(row["optionChainPrimaryInstruction"], "BUY_TO_OPEN");
        assert_eq!(row["optionChainStatus"], "WORKING");
        assert_eq!(row["successRate"], 100);
    }
    let quantities: Vec<(Value, Value, Value)> = rows
        .iter()
        .map(|r| {
            (
                r["accountName"].clone(),
                r["optionChainSymbol"].clone(),
                r["optionChainQuantity"].clone(),
            )
        })
        .collect();
    assert_eq!(
        quantities,
        vec![
            (json!("Small"), json!(low), json!(1)),
            (json!("Small"), json!(high), json!(1)),
            (json!("Big"), json!(low), json!(3)),
            (json!("Big"), json!(high), json!(3)),
        ]
    );
    assert_eq!(rows[0]["optionChainOrderId"], rows[1]["optionChainOrderId"]);

    // Replace the Big account's spread with new leg prices: a new session naming session 1.
    let big = rows[2].clone();
    let update = |symbol: &str, instruction: &str, price: &str| {
        json!({"accountId": big["accountId"], "optionChainOrderId": big["optionChainOrderId"], "optionChainSymbol": symbol,
               "newInstruction": instruction, "newOrderType": "LIMIT", "newQuantity": 3, "newPrice": price})
    };
    let replace = json!({"agentTradingSessionID": 1, "legsToUpdate": [
        update(&low, "BUY_TO_OPEN", "0.95"), update(&high, "SELL_TO_OPEN", "0.40")]});
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
    let after = table().await;
    assert_eq!(after["2"][0]["replacedSessionID"], 1);
    assert_eq!(after["2"][0]["optionChainPrice"], 0.55);
    assert_eq!(after["2"][0]["optionChainQuantity"], 3);
    assert_eq!(after["1"][2]["optionChainStatus"], "REPLACED");

    // Cancel the Small account's whole spread: both of its leg rows turn CANCELED.
    let small = rows[0].clone();
    let cancel = json!({"agentTradingSessionID": 1, "allTradingAccountsOrderList": [
        {"accountId": small["accountId"], "accountName": "Small", "accountUsername": small["accountUsername"],
         "optionChainOrderId": small["optionChainOrderId"]}]});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/copy_trading_account/cancel_order/VERTICAL"),
                &cancel
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let after = table().await;
    assert_eq!(after["1"][0]["optionChainStatus"], "CANCELED");
    assert_eq!(after["1"][1]["optionChainStatus"], "CANCELED");

    // An exit from an account holding neither leg is a FAILED_TO_PLACE row with the reason.
    let exit = json!({"allTradingAccountsOrderList": [{"accountId": small["accountId"], "accountName": "Small",
        "accountUsername": small["accountUsername"]}], "optionChainPrimarySymbol": low, "optionChainPrimaryInstruction": "SELL_TO_CLOSE",
        "optionChainSecondarySymbol": high, "optionChainSecondaryInstruction": "BUY_TO_CLOSE",
        "optionChainOrderType": "NET_CREDIT", "optionChainQuantity": 1, "optionChainPrice": "0.50"});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/copy_trading_account/exit_order/VERTICAL",
            &exit.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let answer = json_of(&text);
    assert_eq!(answer["agentTradingSessionID"], 3);
    assert_eq!(answer["accepted"], json!([]));
    let after = table().await;
    assert_eq!(after["3"][0]["optionChainStatus"], "FAILED_TO_PLACE");
    assert_eq!(after["3"][0]["optionChainOrderType"], "NET_CREDIT");
    assert_eq!(after["3"][0]["successRate"], 0);

    // Another agent cannot cancel these orders.
    let mallory = sign_in(&service, "mallory").await;
    let (status, _) = call!(
        &service,
        with_json(
            test::TestRequest::delete().uri("/api/copy_trading_account/cancel_order/VERTICAL"),
            &cancel
        )
        .cookie(mallory)
    );
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[actix_web::test]
async fn saved_sets_are_named_listed_and_removed() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "sets").await;
    let legs = json!([
        leg("AAPL  241018C00230000", "BUY_TO_OPEN", "1"),
        leg("AAPL  241018C00240000", "SELL_TO_OPEN", "0.4")
    ])
    .to_string();
    let add = |name: &str, legs: &str| {
        post_json(
            "/api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
            &json!({"setName": name, "orderLegs": legs}).to_string(),
        )
        .cookie(alice.clone())
    };
    let (status, text) = call!(&service, add("Wide", &legs));
    assert_eq!(status, StatusCode::OK, "{text}");
    let (_, text) = call!(&service, add("Narrow", &legs));
    let answer = json_of(&text);
    assert_eq!(answer["success"], true);
    let names: Vec<&str> = answer["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["setName"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["Narrow", "Wide"]);
    let stored: Value =
        serde_json::from_str(answer["list"][0]["orderLegs"].as_str().expect("text")).expect("json");
    assert_eq!(stored[1]["optionChainInstruction"], "SELL_TO_OPEN");
    assert_eq!(call!(&service, add("Wide", &legs)).0, StatusCode::CONFLICT);
    assert_eq!(
        call!(&service, add(" ", &legs)),
        (
            StatusCode::BAD_REQUEST,
            error_body("Set Name is required", "bad_request")
        )
    );
    assert_eq!(
        call!(&service, add("Bad", "not json")),
        (
            StatusCode::BAD_REQUEST,
            error_body("Legs must be the JSON text of the legs", "bad_request")
        )
    );
    let (status, text) = call!(
        &service,
        with_json(
            test::TestRequest::delete()
                .uri("/api/option_contract_save_order/remove_option_contract_save_order/VERTICAL"),
            &json!({"setName": "Wide"})
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert_eq!(json_of(&text)["list"].as_array().map(Vec::len), Some(1));
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL")
            .cookie(alice.clone())
    );
    assert_eq!(json_of(&text)["list"][0]["setName"], "Narrow");
}

#[actix_web::test]
async fn the_vertical_orders_table_answers_since() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let poll = |query: &str| {
        test::TestRequest::get()
            .uri(&format!(
                "/api/copy_trading_account/database/VERTICAL{query}"
            ))
            .cookie(alice.clone())
    };
    assert_eq!(
        call!(&service, poll("?since=0")),
        (
            StatusCode::OK,
            r#"{"version":0,"full":true,"changed":{},"removed":[]}"#.into()
        )
    );
    assert_eq!(
        call!(&service, poll("?since=-1")),
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
async fn a_single_leg_exit_of_a_vertical_session_is_replaced_as_one_leg() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "rhea").await;
    let body = json!({"accountName": "Small", "accountUsername": "rhea-Small",
                      "accountPassword": "pw", "accountType": "small_account"});
    let (status, text) = call!(
        &service,
        post_json("/api/trading_account/login/", &body.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let (_, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL")
        .cookie(alice.clone()));
    let chain = json_of(&text);
    let strikes = strikes_a_week_out(&chain);
    let middle = strikes.len() / 2;
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let (low, high) = (symbol(middle), symbol(middle + 2));
    let market = |symbol: &str, instruction: &str| {
        json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": "MARKET",
               "optionChainQuantity": 1, "optionChainPrice": 0})
    };
    let placed = json!({"allTradingAccountsOrderList": [],
        "orderLegs": [market(&low, "BUY_TO_OPEN"), market(&high, "SELL_TO_OPEN")]});
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/VERTICAL",
                &placed.to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let table = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/copy_trading_account/fetch_trade_status/VERTICAL")
                .cookie(alice.clone())
        );
        json_of(&text)
    };
    let spread = table().await["1"][0].clone();
    assert_eq!(spread["optionChainStatus"], "FILLED", "{spread}");

    // S on the long leg: one single-leg LIMIT exit far from the market, asking more than is held.
    let exit = json!({"allTradingAccountsOrderList": [{"accountId": spread["accountId"], "accountName": "Small",
        "accountUsername": "rhea-Small"}], "optionChainPrimarySymbol": low, "optionChainPrimaryInstruction": "SELL_TO_CLOSE",
        "optionChainOrderType": "LIMIT", "optionChainQuantity": 4, "optionChainPrice": "500"});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/copy_trading_account/exit_order/VERTICAL",
            &exit.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let answer = json_of(&text);
    assert_eq!(answer["failed"], json!([]));
    assert_eq!(
        answer["capped"],
        json!([{"accountId": spread["accountId"], "accountName": "Small", "asked": 4, "sent": 1}]),
        "the exit says it was cut to the one spread held"
    );
    let exit_row = table().await["2"][0].clone();
    assert_eq!(exit_row["optionChainStatus"], "WORKING", "{exit_row}");
    assert_eq!(exit_row["optionChainQuantity"], 1);

    // R on that single-leg order replaces it with one leg: a new session naming session 2.
    let update = |symbol: &str, instruction: &str, price: &str| {
        json!({"accountId": exit_row["accountId"], "optionChainOrderId": exit_row["optionChainOrderId"],
               "optionChainSymbol": symbol, "newInstruction": instruction, "newOrderType": "LIMIT",
               "newQuantity": 1, "newPrice": price})
    };
    let replace = |legs: Value| {
        with_json(
            test::TestRequest::put()
                .uri("/api/copy_trading_account/replace_individual_legs/VERTICAL"),
            &json!({"agentTradingSessionID": 2, "legsToUpdate": legs}),
        )
        .cookie(alice.clone())
    };
    // Two legs for an order holding one are refused, naming the count; nothing is sent.
    let (status, text) = call!(
        &service,
        replace(json!([
            update(&low, "SELL_TO_CLOSE", "400"),
            update(&high, "BUY_TO_CLOSE", "0.01")
        ]))
    );
    assert_eq!(status, StatusCode::BAD_REQUEST, "{text}");
    assert!(
        json_of(&text)["error"]
            .as_str()
            .is_some_and(|e| e.ends_with("holds 1 leg; its replacement names 2")),
        "{text}"
    );
    assert_eq!(
        call!(
            &service,
            replace(json!([update(&low, "SELL_TO_CLOSE", "400")]))
        ),
        (StatusCode::OK, "success".into())
    );
    let after = table().await;
    assert_eq!(after["3"][0]["replacedSessionID"], 2);
    assert_eq!(after["3"][0]["optionChainPrice"], 400.0);
    assert_eq!(after["3"][0]["optionChainStatus"], "WORKING");
    assert_eq!(after["2"][0]["optionChainStatus"], "REPLACED");
}

#[actix_web::test]
async fn per_leg_lists_replace_and_cancel_each_spread_once() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "leda").await;
    for (name, tier) in [("Small", "small_account"), ("Big", "big_account")] {
        let body = json!({"accountName": name, "accountUsername": format!("leda-{name}"),
                          "accountPassword": "pw", "accountType": tier});
        let (status, text) = call!(
            &service,
            post_json("/api/trading_account/login/", &body.to_string()).cookie(alice.clone())
        );
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    let (_, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL")
        .cookie(alice.clone()));
    let chain = json_of(&text);
    let strikes = strikes_a_week_out(&chain);
    let middle = strikes.len() / 2;
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let (low, high) = (symbol(middle), symbol(middle + 2));
    let placed = json!({"allTradingAccountsOrderList": [],
        "orderLegs": [leg(&low, "BUY_TO_OPEN", "1.00"), leg(&high, "SELL_TO_OPEN", "0.40")]});
    assert_eq!(
        call!(
            &service,
            post_json(
                "/api/copy_trading_account/place_order/VERTICAL",
                &placed.to_string()
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let table = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/copy_trading_account/fetch_trade_status/VERTICAL")
                .cookie(alice.clone())
        );
        json_of(&text)
    };
    let rows = table().await["1"].as_array().expect("session 1").clone();
    assert_eq!(rows.len(), 4, "two accounts × two legs");

    // Replace every spread from a list of the session's leg rows, the accounts' legs interleaved.
    let update = |row: &Value| {
        let (instruction, price) = if row["optionChainSymbol"] == low.as_str() {
            ("BUY_TO_OPEN", "0.95")
        } else {
            ("SELL_TO_OPEN", "0.40")
        };
        json!({"accountId": row["accountId"], "optionChainOrderId": row["optionChainOrderId"],
               "optionChainSymbol": row["optionChainSymbol"], "newInstruction": instruction,
               "newOrderType": "LIMIT", "newQuantity": row["optionChainQuantity"], "newPrice": price})
    };
    let replace = json!({"agentTradingSessionID": 1, "legsToUpdate": [
        update(&rows[0]), update(&rows[2]), update(&rows[1]), update(&rows[3])]});
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
    let after = table().await;
    let replaced = after["2"].as_array().expect("session 2").clone();
    assert_eq!(
        replaced.len(),
        4,
        "one replacement per account, shown per leg"
    );
    for row in &replaced {
        assert_eq!(row["optionChainStatus"], "WORKING", "{row}");
        assert_eq!(row["optionChainPrice"], 0.55);
    }
    for row in after["1"].as_array().expect("session 1") {
        assert_eq!(row["optionChainStatus"], "REPLACED", "{row}");
    }

    // Cancel from the session's leg rows as listed (each order named once per leg): `success`, and
    // every account's spread is canceled.
    let named = |row: &Value| {
        json!({"accountId": row["accountId"], "accountName": row["accountName"],
               "accountUsername": row["accountUsername"], "optionChainOrderId": row["optionChainOrderId"]})
    };
    let cancel = json!({"agentTradingSessionID": 2,
        "allTradingAccountsOrderList": replaced.iter().map(named).collect::<Vec<_>>()});
    assert_eq!(
        call!(
            &service,
            with_json(
                test::TestRequest::delete().uri("/api/copy_trading_account/cancel_order/VERTICAL"),
                &cancel
            )
            .cookie(alice.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    for row in table().await["2"].as_array().expect("session 2") {
        assert_eq!(row["optionChainStatus"], "CANCELED", "{row}");
    }
}
