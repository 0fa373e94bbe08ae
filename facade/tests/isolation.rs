//! The isolation matrix: for every call that takes an account, a copy-trading session, an order, a saved
//! item or a set, agent B sending agent A's ids is refused with 403 or 404, A's data is unchanged and
//! A's accounts at the paper brokerage saw no call. The matrix walks the route table, so a call added
//! without a row here fails the test.

#[macro_use]
mod support;

use std::collections::BTreeMap;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use chrono::{TimeZone, Utc};
use engine::broker::Brokerage;
use serde_json::{Value, json};
use support::{TestApp, json_of, post_json, sign_in, strikes_a_week_out};

type Cookie = actix_web::cookie::Cookie<'static>;

/// What B sends on one call.
enum Row {
    /// The call names nothing owned by an agent (the reason is the row's documentation).
    Open(#[allow(dead_code, reason = "documents the row")] &'static str),
    /// The call names A's ids: the query string (GET) or JSON body (other methods) B sends.
    Owned(Value),
    /// The call names A's ids in its path: the path B sends.
    OwnedPath(String),
}

/// A's ids the matrix uses.
struct Ids {
    account: Value,
    stock_session: Value,
    stock_order: Value,
    option_session: Value,
    option_order: Value,
    vertical_session: Value,
    vertical_order: Value,
    option_symbol: String,
    vertical_low: String,
    vertical_high: String,
}

fn option_fields(symbol: &str, instruction: &str) -> Value {
    json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": "LIMIT",
           "optionChainQuantity": 1, "optionChainPrice": 0.05})
}

fn stock_fields(instruction: &str) -> Value {
    json!({"stockSymbol": "AAPL", "stockSession": "NORMAL", "stockDuration": "DAY", "stockInstruction": instruction,
           "stockOrderType": "LIMIT", "stockQuantity": 1, "stockPrice": 1, "stockStopPrice": 0,
           "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0})
}

fn merged(mut base: Value, extra: Value) -> Value {
    if let (Some(base), Some(extra)) = (base.as_object_mut(), extra.as_object()) {
        for (key, value) in extra {
            base.insert(key.clone(), value.clone());
        }
    }
    base
}

fn leg(symbol: &str, instruction: &str, price: &str) -> Value {
    json!({"optionChainSymbol": symbol, "optionChainInstruction": instruction, "optionChainOrderType": "LIMIT",
           "optionChainQuantity": 1, "optionChainPrice": price})
}

/// The row of every `METHOD /api/path` of the route table.
fn matrix(a: &Ids) -> BTreeMap<String, Row> {
    let account = &a.account;
    let option = option_fields(&a.option_symbol, "BUY_TO_OPEN");
    let option_exit = option_fields(&a.option_symbol, "SELL_TO_CLOSE");
    let stock = stock_fields("BUY");
    let stock_exit = stock_fields("SELL");
    let legs = json!([
        leg(&a.vertical_low, "BUY_TO_OPEN", "0.05"),
        leg(&a.vertical_high, "SELL_TO_OPEN", "0.01")
    ]);
    let owned = |body: Value| Row::Owned(body);
    let open = Row::Open;
    let mut rows: Vec<(&str, Row)> = vec![
        (
            "POST /api/agent_account/register",
            open("creates a new agent"),
        ),
        (
            "POST /api/agent_account/login",
            open("signs in with one's own credentials"),
        ),
        (
            "GET /api/agent_account/profile",
            open("the caller's own name"),
        ),
        (
            "POST /api/agent_account/logout",
            open("ends the caller's own session"),
        ),
        ("GET /api/openapi.json", open("the API description")),
        ("GET /api/docs", open("the API description page")),
        (
            "GET /api/docs/api-docs.js",
            open("the API description page"),
        ),
        (
            "GET /api/docs/api-docs.css",
            open("the API description page"),
        ),
        (
            "POST /api/trading_account/login",
            open("links a brokerage login with its password; names are per agent"),
        ),
        (
            "GET /api/trading_account/database",
            open("the caller's own accounts"),
        ),
        (
            "GET /api/trading_account/fetch_trading_account_data_from_refresh_token",
            open("the caller's own accounts"),
        ),
        (
            "GET /api/operator/accounts",
            open("the caller's own accounts"),
        ),
        ("GET /api/operator/settings", open("application settings")),
        (
            "GET /api/operator/read_budget",
            open("the application's read budget"),
        ),
        ("GET /api/metrics", open("the process's metrics")),
        ("POST /api/operator/settings", open("application settings")),
        (
            "POST /api/trading_account/account_fetch",
            owned(json!({"accountUsername": "alice-Small"})),
        ),
        (
            "POST /api/trading_account/delete_account",
            owned(json!({"accountName": "Small"})),
        ),
        (
            "DELETE /api/trading_account/delete_account",
            owned(json!({"accountName": "Small"})),
        ),
        (
            "POST /api/trading_account/get_access_token_from_authorization_code",
            owned(json!({"accountName": "Small",
            "accountUsername": "alice-Small", "authorizationCodeUrl": "http://localhost:8080/paper/callback?code=abc"})),
        ),
        (
            "POST /api/trading_account/set_account_type",
            owned(json!({"accountUsername": "alice-Small", "accountType": "big_account"})),
        ),
        (
            "POST /api/trading_account/trading_active",
            owned(json!({"accountUsername": "alice-Small", "accountTradingActive": false})),
        ),
        (
            "POST /api/trading_account/link_login_account",
            owned(json!({"accountName": "Small", "brokerageAccount": "0002",
                "newAccountName": "Taken over", "accountType": "small_account"})),
        ),
        (
            "POST /api/trading_account/credentials",
            owned(json!({"accountUsername": "alice-Small", "accountPassword": "pw-2"})),
        ),
        (
            "GET /api/trading_account/authorization_url",
            owned(json!("accountUsername=alice-Small")),
        ),
        (
            "POST /api/operator/account_write_limit",
            owned(json!({"accountUsername": "alice-Small", "writeLimitPerMinute": 7})),
        ),
        (
            "GET /api/trading_account/limits",
            open("the caller's own accounts"),
        ),
        (
            "GET /api/command_waits",
            open("the caller's own accounts' waits"),
        ),
        (
            "PUT /api/trading_account/limits",
            owned(
                json!({"accountUsername": "alice-Small", "maxQuantityPerOrder": 1,
                "sizing": {"method": "FIXED", "value": 9}, "openClose": "CLOSE_ONLY"}),
            ),
        ),
        // Single-leg options.
        (
            "GET /api/copy_trading_account/database/COMMON",
            open("the caller's own sessions"),
        ),
        (
            "GET /api/copy_trading_position_account/database/COMMON",
            open("the caller's own positions"),
        ),
        (
            "GET /api/copy_trading_account/fetch_trade_status/COMMON",
            open("the caller's own sessions"),
        ),
        (
            "GET /api/copy_trading_account/get_option_chain_list/COMMON",
            open("market data"),
        ),
        (
            "GET /api/copy_trading_account/get_option_quotes/COMMON",
            open("market data"),
        ),
        (
            "POST /api/copy_trading_account/place_order/COMMON",
            owned(merged(
                option.clone(),
                json!({"allTradingAccountsOrderList": [{"accountId": account}]}),
            )),
        ),
        (
            "POST /api/copy_trading_account/exit_order/COMMON",
            owned(merged(
                option_exit.clone(),
                json!({"allTradingAccountsOrderList": [{"accountId": account}]}),
            )),
        ),
        (
            "POST /api/copy_trading_account/exit_order_multiple/COMMON",
            owned(
                json!({"ordersToExit": [merged(option_exit.clone(), json!({"accountId": account}))]}),
            ),
        ),
        (
            "PUT /api/copy_trading_account/replace_order/COMMON",
            owned(merged(
                option.clone(),
                json!({"agentTradingSessionID": a.option_session,
            "allTradingAccountsOrderList": [{"accountId": account, "optionChainOrderId": a.option_order}]}),
            )),
        ),
        (
            "PUT /api/copy_trading_account/replace_order_individual/COMMON",
            owned(merged(
                option.clone(),
                json!({"agentTradingSessionID": a.option_session,
            "accountId": account, "optionChainOrderId": a.option_order}),
            )),
        ),
        (
            "DELETE /api/copy_trading_account/cancel_order/COMMON",
            owned(json!({"agentTradingSessionID": a.option_session,
            "allTradingAccountsOrderList": [{"accountId": account, "optionChainOrderId": a.option_order}]})),
        ),
        (
            "DELETE /api/copy_trading_account/cancel_order_individual/COMMON",
            owned(json!({"agentTradingSessionID": a.option_session,
            "accountId": account, "optionChainOrderId": a.option_order})),
        ),
        (
            "GET /api/option_contract/get_option_contract_list",
            open("the caller's own list"),
        ),
        (
            "POST /api/option_contract/add_option_contract",
            open("adds to the caller's own list"),
        ),
        (
            "DELETE /api/option_contract/remove_option_contract",
            owned(json!({"optionChainSymbol": "MSFT"})),
        ),
        (
            "GET /api/option_contract_save_order/get_option_contract_save_order_list/COMMON",
            open("the caller's own list"),
        ),
        (
            "POST /api/option_contract_save_order/add_option_contract_save_order/COMMON",
            open("adds to the caller's own list"),
        ),
        (
            "DELETE /api/option_contract_save_order/remove_option_contract_save_order/COMMON",
            owned(json!({"optionChainSymbol": a.option_symbol})),
        ),
        // Verticals.
        (
            "GET /api/copy_trading_account/database/VERTICAL",
            open("the caller's own sessions"),
        ),
        (
            "GET /api/copy_trading_position_account/database/VERTICAL",
            open("the caller's own positions"),
        ),
        (
            "GET /api/copy_trading_account/fetch_trade_status/VERTICAL",
            open("the caller's own sessions"),
        ),
        (
            "POST /api/copy_trading_account/place_order/VERTICAL",
            owned(
                json!({"allTradingAccountsOrderList": [{"accountId": account}], "orderLegs": legs}),
            ),
        ),
        (
            "POST /api/copy_trading_account/exit_order/VERTICAL",
            owned(
                json!({"allTradingAccountsOrderList": [{"accountId": account}],
            "optionChainPrimarySymbol": a.vertical_low, "optionChainPrimaryInstruction": "SELL_TO_CLOSE",
            "optionChainSecondarySymbol": a.vertical_high, "optionChainSecondaryInstruction": "BUY_TO_CLOSE",
            "optionChainOrderType": "LIMIT", "optionChainQuantity": 1, "optionChainPrice": 0.05}),
            ),
        ),
        (
            "POST /api/copy_trading_account/exit_order_multiple/VERTICAL",
            owned(
                json!({"ordersToExit": [merged(option_exit.clone(), json!({"accountId": account}))]}),
            ),
        ),
        (
            "DELETE /api/copy_trading_account/cancel_order/VERTICAL",
            owned(json!({"agentTradingSessionID": a.vertical_session,
            "allTradingAccountsOrderList": [{"accountId": account, "optionChainOrderId": a.vertical_order}]})),
        ),
        (
            "DELETE /api/copy_trading_account/cancel_order_individual/VERTICAL",
            owned(json!({"agentTradingSessionID": a.vertical_session,
            "accountId": account, "optionChainOrderId": a.vertical_order})),
        ),
        (
            "PUT /api/copy_trading_account/replace_individual_legs/VERTICAL",
            owned(json!({"agentTradingSessionID": a.vertical_session,
            "legsToUpdate": [
                {"accountId": account, "optionChainOrderId": a.vertical_order, "optionChainSymbol": a.vertical_low,
                 "newInstruction": "BUY_TO_OPEN", "newOrderType": "LIMIT", "newQuantity": 1, "newPrice": 0.04},
                {"accountId": account, "optionChainOrderId": a.vertical_order, "optionChainSymbol": a.vertical_high,
                 "newInstruction": "SELL_TO_OPEN", "newOrderType": "LIMIT", "newQuantity": 1, "newPrice": 0.04}]})),
        ),
        (
            "GET /api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL",
            open("the caller's own sets"),
        ),
        (
            "POST /api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
            open("adds to the caller's own sets"),
        ),
        (
            "DELETE /api/option_contract_save_order/remove_option_contract_save_order/VERTICAL",
            owned(json!({"setName": "Alice's set"})),
        ),
        // Stocks.
        (
            "GET /api/stock_copy_trading/database",
            open("the caller's own sessions"),
        ),
        (
            "GET /api/stock_copy_trading_position/database",
            open("the caller's own positions"),
        ),
        (
            "GET /api/stock_copy_trading/fetch_trade_status",
            open("the caller's own sessions"),
        ),
        (
            "GET /api/stock_copy_trading/get_stock_quotes",
            open("market data"),
        ),
        (
            "POST /api/stock_copy_trading/place_order",
            owned(merged(
                stock.clone(),
                json!({"allTradingAccountsOrderList": [{"accountId": account}]}),
            )),
        ),
        (
            "POST /api/stock_copy_trading/exit_order",
            owned(merged(
                stock_exit.clone(),
                json!({"allTradingAccountsOrderList": [{"accountId": account}]}),
            )),
        ),
        (
            "POST /api/stock_copy_trading/exit_order_multiple",
            owned(
                json!({"ordersToExit": [merged(stock_exit.clone(), json!({"accountId": account}))]}),
            ),
        ),
        (
            "PUT /api/stock_copy_trading/replace_order",
            owned(merged(
                stock.clone(),
                json!({"agentTradingSessionID": a.stock_session,
            "allTradingAccountsOrderList": [{"accountId": account, "stockOrderId": a.stock_order}]}),
            )),
        ),
        (
            "PUT /api/stock_copy_trading/replace_order_individual",
            owned(merged(
                stock.clone(),
                json!({"agentTradingSessionID": a.stock_session,
            "accountId": account, "stockOrderId": a.stock_order}),
            )),
        ),
        (
            "DELETE /api/stock_copy_trading/cancel_order",
            owned(json!({"agentTradingSessionID": a.stock_session,
            "allTradingAccountsOrderList": [{"accountId": account, "stockOrderId": a.stock_order}]})),
        ),
        (
            "DELETE /api/stock_copy_trading/cancel_order_individual",
            owned(json!({"agentTradingSessionID": a.stock_session,
            "accountId": account, "stockOrderId": a.stock_order})),
        ),
        (
            "GET /api/stock_save_order/get_stock_save_order_list",
            open("the caller's own list"),
        ),
        (
            "POST /api/stock_save_order/add_stock_save_order",
            open("adds to the caller's own list"),
        ),
        (
            "DELETE /api/stock_save_order/remove_stock_save_order",
            owned(json!({"stockSymbol": "AAPL"})),
        ),
        (
            "GET /api/stock/get_stock_list",
            open("the caller's own list"),
        ),
        (
            "POST /api/stock/add_stock",
            open("adds to the caller's own list"),
        ),
        (
            "DELETE /api/stock/remove_stock",
            owned(json!({"stockSymbol": "AAPL"})),
        ),
        (
            "GET /api/sessions/export",
            open("the caller's own sessions; agent A's never appear (tests/session_records.rs)"),
        ),
        (
            "GET /api/sessions/{id}/fairness",
            Row::OwnedPath(format!("/api/sessions/{}/fairness", a.option_session)),
        ),
    ];
    let mut rows: BTreeMap<String, Row> = rows
        .drain(..)
        .map(|(key, row)| (key.to_owned(), row))
        .collect();
    // Each check call takes its command's body: B's check with A's ids is refused as the command is.
    let checks = [
        (
            "COMMON/place_order",
            "POST /api/copy_trading_account/place_order/COMMON",
        ),
        (
            "COMMON/exit_order",
            "POST /api/copy_trading_account/exit_order/COMMON",
        ),
        (
            "COMMON/exit_order_multiple",
            "POST /api/copy_trading_account/exit_order_multiple/COMMON",
        ),
        (
            "COMMON/replace_order",
            "PUT /api/copy_trading_account/replace_order/COMMON",
        ),
        (
            "COMMON/replace_order_individual",
            "PUT /api/copy_trading_account/replace_order_individual/COMMON",
        ),
        (
            "VERTICAL/place_order",
            "POST /api/copy_trading_account/place_order/VERTICAL",
        ),
        (
            "VERTICAL/exit_order",
            "POST /api/copy_trading_account/exit_order/VERTICAL",
        ),
        (
            "VERTICAL/exit_order_multiple",
            "POST /api/copy_trading_account/exit_order_multiple/VERTICAL",
        ),
        (
            "VERTICAL/replace_individual_legs",
            "PUT /api/copy_trading_account/replace_individual_legs/VERTICAL",
        ),
        (
            "STOCK/place_order",
            "POST /api/stock_copy_trading/place_order",
        ),
        (
            "STOCK/exit_order",
            "POST /api/stock_copy_trading/exit_order",
        ),
        (
            "STOCK/exit_order_multiple",
            "POST /api/stock_copy_trading/exit_order_multiple",
        ),
        (
            "STOCK/replace_order",
            "PUT /api/stock_copy_trading/replace_order",
        ),
        (
            "STOCK/replace_order_individual",
            "PUT /api/stock_copy_trading/replace_order_individual",
        ),
    ];
    for (check, command) in checks {
        let body = match rows.get(command) {
            Some(Row::Owned(body)) => body.clone(),
            _ => panic!("{command} has an owned-id row"),
        };
        rows.insert(format!("POST /api/preflight/{check}"), Row::Owned(body));
    }
    // Each plan preview takes its command's body too (with a split for the places).
    for (preview, command) in [
        (
            "COMMON/place_order",
            "POST /api/copy_trading_account/place_order/COMMON",
        ),
        (
            "COMMON/replace_order",
            "PUT /api/copy_trading_account/replace_order/COMMON",
        ),
        (
            "VERTICAL/place_order",
            "POST /api/copy_trading_account/place_order/VERTICAL",
        ),
        (
            "STOCK/place_order",
            "POST /api/stock_copy_trading/place_order",
        ),
        (
            "STOCK/replace_order",
            "PUT /api/stock_copy_trading/replace_order",
        ),
    ] {
        let mut body = match rows.get(command) {
            Some(Row::Owned(body)) => body.clone(),
            _ => panic!("{command} has an owned-id row"),
        };
        if preview.ends_with("place_order") {
            body["splitTotal"] = json!(5);
        }
        rows.insert(
            format!("POST /api/plan_preview/{preview}"),
            Row::Owned(body),
        );
    }
    rows
}

fn request(
    method: &Method,
    path: &str,
    body: Option<&Value>,
    cookie: &Cookie,
) -> test::TestRequest {
    let mut request = test::TestRequest::default()
        .method(method.clone())
        .cookie(cookie.clone());
    match body {
        Some(Value::String(query)) => request = request.uri(&format!("{path}?{query}")),
        Some(body) => {
            request = request
                .uri(path)
                .insert_header(("content-type", "application/json"))
                .set_payload(body.to_string());
        }
        None => request = request.uri(path),
    }
    request
}

async fn get_json(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie,
    path: &str,
) -> Value {
    let (status, text) = call!(service, request(&Method::GET, path, None, cookie));
    assert_eq!(status, StatusCode::OK, "{path}: {text}");
    json_of(&text)
}

/// Everything of A's that a call could change: accounts, the session tables, saved orders and sets,
/// lists and watch lists, as A's own reads answer them.
async fn dump(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie,
) -> Value {
    let mut all = serde_json::Map::new();
    for path in [
        "/api/trading_account/database",
        "/api/copy_trading_account/database/COMMON",
        "/api/copy_trading_account/database/VERTICAL",
        "/api/stock_copy_trading/database",
        "/api/option_contract/get_option_contract_list",
        "/api/option_contract_save_order/get_option_contract_save_order_list/COMMON",
        "/api/option_contract_save_order/get_option_contract_save_order_list/VERTICAL",
        "/api/stock_save_order/get_stock_save_order_list",
        "/api/stock/get_stock_list",
        "/api/trading_account/limits",
    ] {
        all.insert(path.to_owned(), get_json(service, cookie, path).await);
    }
    // The balances' age moves with the polls of A's accounts, not with the calls of others.
    if let Some(rows) = all
        .get_mut("/api/trading_account/limits")
        .and_then(Value::as_array_mut)
    {
        for row in rows {
            if let Some(row) = row.as_object_mut() {
                row.remove("balances");
            }
        }
    }
    let mut accounts = get_json(service, cookie, "/api/operator/accounts").await;
    // Counters of the last minute move with the clock, not with the calls of others.
    if let Some(rows) = accounts.as_array_mut() {
        for row in rows {
            if let Some(row) = row.as_object_mut() {
                row.remove("lastSuccessfulPoll");
            }
        }
    }
    all.insert("/api/operator/accounts".to_owned(), accounts);
    Value::Object(all)
}

/// Every order A's paper accounts hold at the brokerage, read with A's own brokerage logins.
async fn broker_orders(app: &TestApp) -> String {
    let paper = app
        .state
        .services
        .brokers
        .paper
        .clone()
        .expect("paper mode");
    let mut out = String::new();
    for name in ["Small", "Big"] {
        let username = format!("alice-{name}");
        let code = paper.authorize(&username, "pw").expect("a code");
        let tokens = paper
            .exchange_code(&code, "http://localhost/cb")
            .await
            .expect("tokens");
        for link in paper.account_numbers(&tokens.access).await.expect("links") {
            let from = Utc
                .with_ymd_and_hms(2000, 1, 1, 0, 0, 0)
                .single()
                .expect("date");
            let to = Utc
                .with_ymd_and_hms(2100, 1, 1, 0, 0, 0)
                .single()
                .expect("date");
            let orders = paper
                .list_orders(&tokens.access, &link.hash, from, to)
                .await
                .expect("orders");
            out.push_str(&format!("{username}: {orders:?}\n"));
        }
    }
    out
}

fn first_row(table: &Value, what: &str) -> (Value, Value) {
    let table = table
        .as_object()
        .unwrap_or_else(|| panic!("{what}: {table}"));
    let (session, rows) = table
        .iter()
        .next()
        .unwrap_or_else(|| panic!("{what}: a session"));
    (
        json!(session.parse::<u64>().expect("a session id")),
        rows[0].clone(),
    )
}

#[actix_web::test]
async fn another_agents_ids_are_refused_on_every_call_with_nothing_changed_or_sent() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    for (cookie, user, name) in [
        (&alice, "alice", "Small"),
        (&alice, "alice", "Big"),
        (&bob, "bob", "Own"),
    ] {
        let body = json!({"accountName": name, "accountUsername": format!("{user}-{name}"),
                          "accountPassword": "pw", "accountType": "small_account"});
        let (status, text) = call!(
            &service,
            post_json("/api/trading_account/login", &body.to_string()).cookie(cookie.clone())
        );
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    // A's orders of each kind, saved items, sets and lists.
    let chain = get_json(&service, &alice,
        "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=AAPL&optionChainCallPut=CALL").await;
    let strikes = strikes_a_week_out(&chain);
    let symbol = |i: usize| {
        strikes.values().nth(i).expect("strike")[0]["symbol"]
            .as_str()
            .expect("symbol")
            .to_owned()
    };
    let middle = strikes.len() / 2;
    let (option_symbol, vertical_low, vertical_high) =
        (symbol(middle), symbol(middle), symbol(middle + 2));
    let writes = [
        (
            Method::POST,
            "/api/stock_copy_trading/place_order",
            merged(
                stock_fields("BUY"),
                json!({"allTradingAccountsOrderList": []}),
            ),
        ),
        (
            Method::POST,
            "/api/copy_trading_account/place_order/COMMON",
            merged(
                option_fields(&option_symbol, "BUY_TO_OPEN"),
                json!({"allTradingAccountsOrderList": []}),
            ),
        ),
        (
            Method::POST,
            "/api/copy_trading_account/place_order/VERTICAL",
            json!({"allTradingAccountsOrderList": [],
            "orderLegs": [leg(&vertical_low, "BUY_TO_OPEN", "0.05"), leg(&vertical_high, "SELL_TO_OPEN", "0.01")]}),
        ),
        (
            Method::POST,
            "/api/option_contract/add_option_contract",
            json!({"optionChainSymbol": "MSFT"}),
        ),
        (
            Method::POST,
            "/api/option_contract_save_order/add_option_contract_save_order/COMMON",
            merged(
                option_fields(&option_symbol, "BUY_TO_OPEN"),
                json!({"optionChainDescription": "AAPL call"}),
            ),
        ),
        (
            Method::POST,
            "/api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
            json!({"setName": "Alice's set",
            "orderLegs": json!([leg(&vertical_low, "BUY_TO_OPEN", "1"), leg(&vertical_high, "SELL_TO_OPEN", "0.4")]).to_string()}),
        ),
        (
            Method::POST,
            "/api/stock_save_order/add_stock_save_order",
            stock_fields("BUY"),
        ),
        (
            Method::POST,
            "/api/stock/add_stock",
            json!({"stockSymbol": "AAPL"}),
        ),
    ];
    for (method, path, body) in &writes {
        let (status, text) = call!(&service, request(method, path, Some(body), &alice));
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
    }
    let (stock_session, stock_row) = first_row(
        &get_json(
            &service,
            &alice,
            "/api/stock_copy_trading/fetch_trade_status",
        )
        .await,
        "stock",
    );
    let (option_session, option_row) = first_row(
        &get_json(
            &service,
            &alice,
            "/api/copy_trading_account/fetch_trade_status/COMMON",
        )
        .await,
        "option",
    );
    let (vertical_session, vertical_row) = first_row(
        &get_json(
            &service,
            &alice,
            "/api/copy_trading_account/fetch_trade_status/VERTICAL",
        )
        .await,
        "vertical",
    );
    let ids = Ids {
        account: stock_row["accountId"].clone(),
        stock_session,
        stock_order: stock_row["stockOrderId"].clone(),
        option_session,
        option_order: option_row["optionChainOrderId"].clone(),
        vertical_session,
        vertical_order: vertical_row["optionChainOrderId"].clone(),
        option_symbol,
        vertical_low,
        vertical_high,
    };
    assert!(
        ids.account.is_u64() && !ids.stock_order.is_null() && !ids.option_order.is_null(),
        "A's ids are known"
    );

    // The route table, walked.
    let doc: Value = serde_json::from_str(facade::routes::openapi::document_json()).expect("JSON");
    let mut routes = Vec::new();
    for path in facade::routes::mounted_api_paths() {
        for method in [
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::DELETE,
            Method::PATCH,
        ] {
            if doc["paths"][path.as_str()][method.as_str().to_lowercase()].is_object() {
                routes.push((method, path.clone()));
            }
        }
    }
    let rows = matrix(&ids);
    let unlisted: Vec<String> = routes
        .iter()
        .map(|(method, path)| format!("{method} {path}"))
        .filter(|key| !rows.contains_key(key))
        .collect();
    assert!(
        unlisted.is_empty(),
        "calls without an isolation row: {unlisted:?}"
    );

    let before = dump(&service, &alice).await;
    let orders_before = broker_orders(&app).await;
    assert_eq!(
        orders_before.matches("BrokerOrder {").count(),
        6,
        "A's stock, option and vertical orders on both accounts are at the brokerage: {orders_before}"
    );
    let mut checked = 0;
    for (method, path) in &routes {
        let sent = match rows.get(&format!("{method} {path}")) {
            Some(Row::Owned(body)) => request(method, path, Some(body), &bob),
            Some(Row::OwnedPath(concrete)) => request(method, concrete, None, &bob),
            _ => continue,
        };
        let (status, text) = call!(&service, sent);
        assert!(
            status == StatusCode::FORBIDDEN || status == StatusCode::NOT_FOUND,
            "{method} {path} with A's ids answered {status}: {text}"
        );
        checked += 1;
    }
    let owned = rows
        .values()
        .filter(|row| matches!(row, Row::Owned(_) | Row::OwnedPath(_)))
        .count();
    assert_eq!(checked, owned, "every owned-id row is a mounted call");
    assert!(checked >= 48, "the owned-id calls were tried: {checked}");
    assert_eq!(
        dump(&service, &alice).await,
        before,
        "A's data is unchanged"
    );
    assert_eq!(
        broker_orders(&app).await,
        orders_before,
        "no order reached A's accounts"
    );
}
