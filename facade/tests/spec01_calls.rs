//! Every call of spec 01 §7, walked in one agent's day on the paper brokerage: each answers with the
//! spec's method and path (never 404 or 405) and with the answer the spec documents. The walk records
//! each call it makes and must cover the spec's whole table.

#[macro_use]
mod support;

use std::collections::BTreeSet;

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{TestApp, json_of, status_and_text};

/// Spec 01 §7, row by row: method and path under `/api`.
const SPEC_01_CALLS: [(&str, &str); 29] = [
    // Session
    ("GET", "/agent_account/profile"),
    ("POST", "/agent_account/login/"),
    ("POST", "/agent_account/register/"),
    ("POST", "/agent_account/logout"),
    // Trading accounts
    ("POST", "/trading_account/login/"),
    ("POST", "/trading_account/account_fetch"),
    ("POST", "/trading_account/delete_account"),
    ("GET", "/trading_account/database"),
    (
        "POST",
        "/trading_account/get_access_token_from_authorization_code/",
    ),
    ("POST", "/trading_account/set_account_type"),
    ("POST", "/trading_account/trading_active"),
    (
        "GET",
        "/trading_account/fetch_trading_account_data_from_refresh_token",
    ),
    // Option copy trading (common)
    ("GET", "/copy_trading_account/database/COMMON"),
    ("GET", "/copy_trading_position_account/database/COMMON"),
    ("GET", "/copy_trading_account/fetch_trade_status/COMMON"),
    ("POST", "/copy_trading_account/place_order/COMMON"),
    ("POST", "/copy_trading_account/exit_order/COMMON"),
    ("POST", "/copy_trading_account/exit_order_multiple/COMMON"),
    ("PUT", "/copy_trading_account/replace_order/COMMON"),
    (
        "PUT",
        "/copy_trading_account/replace_order_individual/COMMON",
    ),
    ("DELETE", "/copy_trading_account/cancel_order/COMMON"),
    (
        "DELETE",
        "/copy_trading_account/cancel_order_individual/COMMON",
    ),
    ("GET", "/copy_trading_account/get_option_chain_list/COMMON"),
    // Option contracts and saved orders
    ("GET", "/option_contract/get_option_contract_list"),
    ("POST", "/option_contract/add_option_contract/"),
    ("DELETE", "/option_contract/remove_option_contract/"),
    (
        "GET",
        "/option_contract_save_order/get_option_contract_save_order_list/COMMON",
    ),
    (
        "POST",
        "/option_contract_save_order/add_option_contract_save_order/COMMON",
    ),
    (
        "DELETE",
        "/option_contract_save_order/remove_option_contract_save_order/COMMON",
    ),
];

/// What a call sends: nothing at all (the spec's payload "none"), or a JSON body.
enum Payload {
    None,
    Json(Value),
}

/// The walk: the app, the signed-in agent's cookie, and the calls made so far.
struct Walk<S> {
    service: S,
    cookie: Option<Cookie<'static>>,
    called: BTreeSet<(&'static str, &'static str)>,
}

impl<S, B> Walk<S>
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    /// Makes one spec call; checks that the method and path answer 200; answers the content type and
    /// the body.
    async fn call(
        &mut self,
        method: &'static str,
        path: &'static str,
        query: &str,
        payload: Payload,
    ) -> (String, String) {
        let uri = format!("/api{path}{query}");
        let mut request = match method {
            "GET" => test::TestRequest::get(),
            "POST" => test::TestRequest::post(),
            "PUT" => test::TestRequest::put(),
            "DELETE" => test::TestRequest::delete(),
            other => panic!("no such method in spec 01: {other}"),
        }
        .uri(&uri)
        .peer_addr("10.1.1.1:5000".parse().expect("address"));
        if let Payload::Json(body) = payload {
            request = request
                .insert_header(("content-type", "application/json"))
                .set_payload(body.to_string());
        }
        if let Some(cookie) = &self.cookie {
            request = request.cookie(cookie.clone());
        }
        let response = test::call_service(&self.service, request.to_request()).await;
        if let Some(cookie) = support::session_cookie(&response) {
            self.cookie = Some(cookie);
        }
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let (status, text) = status_and_text(response).await;
        assert_eq!(status, StatusCode::OK, "{method} {uri}: {text}");
        self.called.insert((method, path));
        (content_type, text)
    }

    /// A call whose spec answer is the text `success` (or whose result the spec does not use: copydesk
    /// answers `success` there too).
    async fn success(
        &mut self,
        method: &'static str,
        path: &'static str,
        query: &str,
        payload: Payload,
    ) {
        let (content_type, text) = self.call(method, path, query, payload).await;
        assert_eq!(text, "success", "{method} {path}");
        assert!(content_type.starts_with("text/plain"), "{content_type}");
    }

    /// A call answering JSON; answers the parsed body.
    async fn json(
        &mut self,
        method: &'static str,
        path: &'static str,
        query: &str,
        payload: Payload,
    ) -> Value {
        let (content_type, text) = self.call(method, path, query, payload).await;
        assert!(
            content_type.starts_with("application/json"),
            "{method} {path}: {content_type}"
        );
        json_of(&text)
    }
}

/// Asserts that `value` is an object carrying every one of `fields`.
fn has_fields(value: &Value, fields: &[&str]) {
    for field in fields {
        assert!(value.get(*field).is_some(), "{field} missing in {value}");
    }
}

/// The rows of one session in the orders table.
fn session_rows(table: &Value, session: u64) -> Vec<Value> {
    table[session.to_string()]
        .as_array()
        .unwrap_or_else(|| panic!("session {session} in {table}"))
        .clone()
}

fn order_ref(row: &Value) -> Value {
    json!({"accountId": row["accountId"], "accountName": row["accountName"],
           "accountUsername": row["accountUsername"], "optionChainOrderId": row["optionChainOrderId"]})
}

const ORDER_ROW_FIELDS: [&str; 18] = [
    "agentTradingSessionID",
    "accountId",
    "accountName",
    "accountUsername",
    "optionChainOrderId",
    "optionChainSymbol",
    "optionChainDescription",
    "optionChainInstruction",
    "optionChainOrderType",
    "optionChainQuantity",
    "optionChainFilledQuantity",
    "optionChainPrice",
    "optionChainStatus",
    "optionChainEnteredTime",
    "successRate",
    "optionChainOwnStatusColor",
    "optionChainStatusColor",
    "optionChainStatusDescription",
];

#[actix_web::test]
async fn every_call_of_spec_01_answers_at_its_method_and_path_with_the_documented_answer() {
    let app = TestApp::new(|_| {});
    let state = app.state.clone();
    let mut walk = Walk {
        service: app.service().await,
        cookie: None,
        called: BTreeSet::new(),
    };

    // Session: profile before login, register, login, profile.
    let profile = walk
        .json("GET", "/agent_account/profile", "", Payload::None)
        .await;
    assert_eq!(profile, json!({"agentUsername": null}));
    let credentials = json!({"agentUsername": "walker", "agentPassword": "password-1"});
    let (content_type, text) = walk
        .call(
            "POST",
            "/agent_account/register/",
            "",
            Payload::Json(credentials.clone()),
        )
        .await;
    assert_eq!(text, "Agent registered successfully");
    assert!(content_type.starts_with("text/plain"));
    let login = walk
        .json(
            "POST",
            "/agent_account/login/",
            "",
            Payload::Json(credentials),
        )
        .await;
    assert_eq!(login, json!({"agentUsername": "walker"}));
    let profile = walk
        .json("GET", "/agent_account/profile", "", Payload::None)
        .await;
    assert_eq!(profile, json!({"agentUsername": "walker"}));

    // Trading accounts: add three, list (with the UI's timestamp parameter), read balances, tune.
    for (name, tier) in [
        ("Main", "small_account"),
        ("Second", "small_account"),
        ("Third", "big_account"),
    ] {
        let row = walk
            .json(
                "POST",
                "/trading_account/login/",
                "",
                Payload::Json(
                    json!({"accountName": name, "accountUsername": format!("walker-{name}"),
                                     "accountPassword": "pw-1", "accountType": tier}),
                ),
            )
            .await;
        assert_eq!(
            row["accountName"], name,
            "accountName present means success"
        );
    }
    let rows = walk
        .json(
            "GET",
            "/trading_account/database",
            "?timestamp=1767225600000",
            Payload::None,
        )
        .await;
    let rows = rows.as_array().expect("the account list");
    assert_eq!(rows.len(), 3);
    for row in rows {
        has_fields(
            row,
            &[
                "accountId",
                "accountName",
                "accountUsername",
                "accountType",
                "accountConnectionTime",
                "accountTradingActive",
            ],
        );
        assert!(row.get("accountPassword").is_none(), "never a password");
    }
    let balances = walk
        .json(
            "POST",
            "/trading_account/account_fetch",
            "",
            Payload::Json(json!({"accountUsername": "walker-Main"})),
        )
        .await;
    let current = &balances["securitiesAccount"]["currentBalances"];
    for field in ["cashBalance", "cashAvailableForTrading", "buyingPower"] {
        assert!(current[field].is_number(), "{field} in {balances}");
    }
    walk.success(
        "POST",
        "/trading_account/set_account_type",
        "",
        Payload::Json(json!({"accountUsername": "walker-Main", "accountType": "medium_account"})),
    )
    .await;
    walk.success(
        "POST",
        "/trading_account/trading_active",
        "",
        Payload::Json(json!({"accountUsername": "walker-Third", "accountTradingActive": false})),
    )
    .await;

    // Get Access Token with a code from the paper brokerage's login.
    let paper = state.services.brokers.paper.clone().expect("paper mode");
    let code = paper.authorize("walker-Main", "pw-1").expect("a code");
    let pasted = format!(
        "http://localhost:8080/paper/callback?code={}",
        code.expose_secret()
    );
    let answer = walk
        .json(
            "POST",
            "/trading_account/get_access_token_from_authorization_code/",
            "",
            Payload::Json(
                json!({"accountName": "Main", "accountUsername": "walker-Main",
                                 "authorizationCodeUrl": pasted}),
            ),
        )
        .await;
    assert_eq!(answer, json!({"success": true}));
    walk.success(
        "GET",
        "/trading_account/fetch_trading_account_data_from_refresh_token",
        "",
        Payload::None,
    )
    .await;

    // Delete: POST as the spec says; DELETE stays an alias.
    walk.success(
        "POST",
        "/trading_account/delete_account",
        "",
        Payload::Json(json!({"accountName": "Second"})),
    )
    .await;
    let alias = test::TestRequest::delete()
        .uri("/api/trading_account/delete_account")
        .cookie(walk.cookie.clone().expect("signed in"))
        .insert_header(("content-type", "application/json"))
        .set_payload(json!({"accountName": "Third"}).to_string());
    assert_eq!(
        call!(&walk.service, alias),
        (StatusCode::OK, "success".into())
    );
    let rows = walk
        .json("GET", "/trading_account/database", "", Payload::None)
        .await;
    assert_eq!(
        rows.as_array().map(|r| r
            .iter()
            .map(|row| row["accountName"].clone())
            .collect::<Vec<_>>()),
        Some(vec![json!("Main")])
    );

    // Favourite option contracts.
    let added = walk
        .json(
            "POST",
            "/option_contract/add_option_contract/",
            "",
            Payload::Json(json!({"optionChainSymbol": "aapl"})),
        )
        .await;
    assert_eq!(added, json!({"success": true, "list": ["AAPL"]}));
    let list = walk
        .json(
            "GET",
            "/option_contract/get_option_contract_list",
            "",
            Payload::None,
        )
        .await;
    assert_eq!(list, json!(["AAPL"]));
    let removed = walk
        .json(
            "DELETE",
            "/option_contract/remove_option_contract/",
            "",
            Payload::Json(json!({"optionChainSymbol": "AAPL"})),
        )
        .await;
    assert_eq!(removed, json!({"success": true, "list": []}));

    // The option chain: expiry "date:days" → strike → [{description, symbol, bid, ...}].
    let chain = walk
        .json(
            "GET",
            "/copy_trading_account/get_option_chain_list/COMMON",
            "?optionContractTickerName=AAPL&optionChainCallPut=CALL",
            Payload::None,
        )
        .await;
    let (expiry, strikes) = chain
        .as_object()
        .and_then(|c| c.iter().next())
        .expect("an expiry");
    let (date, days) = expiry.split_once(':').expect("date:days");
    assert!(
        chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok() && days.parse::<u32>().is_ok(),
        "{expiry}"
    );
    let strikes = strikes.as_object().expect("strikes");
    let contract = strikes
        .values()
        .nth(strikes.len() / 2)
        .and_then(|list| list.get(0))
        .expect("a contract")
        .clone();
    has_fields(&contract, &["description", "symbol", "bid"]);
    let symbol = contract["symbol"].as_str().expect("symbol").to_owned();
    let description = contract["description"]
        .as_str()
        .expect("description")
        .to_owned();

    // Saved orders: {success, list}.
    let saved = json!({"optionChainSymbol": symbol, "optionChainDescription": description,
        "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT", "optionChainQuantity": 1,
        "optionChainPrice": "0.05"});
    let added = walk
        .json(
            "POST",
            "/option_contract_save_order/add_option_contract_save_order/COMMON",
            "",
            Payload::Json(saved),
        )
        .await;
    assert_eq!(added["success"], true);
    assert_eq!(added["list"][0]["optionChainSymbol"], symbol.as_str());
    let listed = walk
        .json(
            "GET",
            "/option_contract_save_order/get_option_contract_save_order_list/COMMON",
            "",
            Payload::None,
        )
        .await;
    assert_eq!(listed, added);
    let removed = walk
        .json(
            "DELETE",
            "/option_contract_save_order/remove_option_contract_save_order/COMMON",
            "",
            Payload::Json(json!({"optionChainSymbol": symbol})),
        )
        .await;
    assert_eq!(removed, json!({"success": true, "list": []}));

    // Place (all accounts: the list is sent empty), then the orders table.
    let order = |order_type: &str, price: &str| {
        json!({"optionChainSymbol": symbol, "optionChainInstruction": "BUY_TO_OPEN",
               "optionChainOrderType": order_type, "optionChainQuantity": 1, "optionChainPrice": price})
    };
    let mut place = order("LIMIT", "0.05");
    place["allTradingAccountsOrderList"] = json!([]);
    walk.success(
        "POST",
        "/copy_trading_account/place_order/COMMON",
        "",
        Payload::Json(place.clone()),
    )
    .await;
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let table = walk
        .json(
            "GET",
            "/copy_trading_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    let rows = session_rows(&table, 1);
    assert_eq!(rows.len(), 1);
    has_fields(&rows[0], &ORDER_ROW_FIELDS);
    assert_eq!(rows[0]["agentTradingSessionID"], 1);

    // Replace the session, then one order of the new session individually.
    let mut replace = order("LIMIT", "0.06");
    replace["agentTradingSessionID"] = json!(1);
    replace["allTradingAccountsOrderList"] = json!([order_ref(&rows[0])]);
    walk.success(
        "PUT",
        "/copy_trading_account/replace_order/COMMON",
        "",
        Payload::Json(replace),
    )
    .await;
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let table = walk
        .json(
            "GET",
            "/copy_trading_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    let replaced = session_rows(&table, 2);
    let mut individual = order_ref(&replaced[0]);
    individual["agentTradingSessionID"] = json!(2);
    for (key, value) in order("LIMIT", "0.07").as_object().expect("fields") {
        individual[key] = value.clone();
    }
    walk.success(
        "PUT",
        "/copy_trading_account/replace_order_individual/COMMON",
        "",
        Payload::Json(individual),
    )
    .await;

    // Cancel that order individually; place again and cancel the session's list.
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let table = walk
        .json(
            "GET",
            "/copy_trading_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    let third = session_rows(&table, 3);
    walk.success(
        "DELETE",
        "/copy_trading_account/cancel_order_individual/COMMON",
        "",
        Payload::Json(json!({"agentTradingSessionID": 3, "accountId": third[0]["accountId"],
            "accountUsername": third[0]["accountUsername"], "optionChainOrderId": third[0]["optionChainOrderId"]})),
    )
    .await;
    walk.success(
        "POST",
        "/copy_trading_account/place_order/COMMON",
        "",
        Payload::Json(place),
    )
    .await;
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let table = walk
        .json(
            "GET",
            "/copy_trading_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    let fourth = session_rows(&table, 4);
    walk.success(
        "DELETE",
        "/copy_trading_account/cancel_order/COMMON",
        "",
        Payload::Json(json!({"agentTradingSessionID": 4,
                             "allTradingAccountsOrderList": [order_ref(&fourth[0])]})),
    )
    .await;

    // A market order fills; the positions table lists it by description; exit it in two steps.
    let mut market = order("MARKET", "0");
    market["allTradingAccountsOrderList"] = json!([]);
    walk.success(
        "POST",
        "/copy_trading_account/place_order/COMMON",
        "",
        Payload::Json(market),
    )
    .await;
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let positions = walk
        .json(
            "GET",
            "/copy_trading_position_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    let held = positions[description.as_str()]
        .as_array()
        .unwrap_or_else(|| panic!("{description} in {positions}"))
        .clone();
    assert_eq!(held.len(), 1);
    has_fields(
        &held[0],
        &[
            "optionChainSymbol",
            "optionChainDescription",
            "optionChainSettledQuantity",
            "optionChainAveragePrice",
            "accountId",
            "accountName",
            "accountUsername",
        ],
    );
    assert_eq!(held[0]["optionChainSettledQuantity"], 2, "1 × medium tier");
    let position = &held[0];
    let mut exit = json!({"allTradingAccountsOrderList": [{"accountId": position["accountId"],
        "accountName": position["accountName"], "accountUsername": position["accountUsername"]}]});
    for (key, value) in order("MARKET", "0").as_object().expect("fields") {
        exit[key] = value.clone();
    }
    exit["optionChainInstruction"] = json!("SELL_TO_CLOSE");
    walk.success(
        "POST",
        "/copy_trading_account/exit_order/COMMON",
        "",
        Payload::Json(exit),
    )
    .await;
    let mut entry = position.clone();
    for (key, value) in order("MARKET", "0").as_object().expect("fields") {
        entry[key] = value.clone();
    }
    entry["optionChainInstruction"] = json!("SELL_TO_CLOSE");
    walk.success(
        "POST",
        "/copy_trading_account/exit_order_multiple/COMMON",
        "",
        Payload::Json(json!({"ordersToExit": [entry]})),
    )
    .await;
    walk.call(
        "GET",
        "/copy_trading_account/fetch_trade_status/COMMON",
        "",
        Payload::None,
    )
    .await;
    let positions = walk
        .json(
            "GET",
            "/copy_trading_position_account/database/COMMON",
            "",
            Payload::None,
        )
        .await;
    assert_eq!(positions, json!({}), "both exits closed the position");

    // Logout: no body, no content type.
    walk.success("POST", "/agent_account/logout", "", Payload::None)
        .await;
    let profile = walk
        .json("GET", "/agent_account/profile", "", Payload::None)
        .await;
    assert_eq!(profile, json!({"agentUsername": null}));

    let spec: BTreeSet<(&str, &str)> = SPEC_01_CALLS.into_iter().collect();
    let missed: Vec<_> = spec.difference(&walk.called).collect();
    assert!(
        missed.is_empty(),
        "calls of spec 01 §7 not walked: {missed:?}"
    );
    let extra: Vec<_> = walk.called.difference(&spec).collect();
    assert!(extra.is_empty(), "calls outside the table: {extra:?}");
}
