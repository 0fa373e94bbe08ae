//! API tests of a session's fairness record (`GET /api/sessions/{id}/fairness`) and the audit export
//! (`GET /api/sessions/export`) on the paper brokerage: exact figures, CSV and JSON shapes, the time
//! window, bad input named by field, and other agents' sessions kept apart.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use serde_json::{Value, json};
use support::{TestApp, desk, error_body, json_of, post_json, sign_in};

type Cookie = actix_web::cookie::Cookie<'static>;

fn stock_body(instruction: &str, order_type: &str, price: f64) -> Value {
    json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": instruction, "stockOrderType": order_type, "stockQuantity": 5,
        "stockPrice": price, "stockStopPrice": 0, "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0})
}

fn get(path: &str, cookie: &Cookie) -> test::TestRequest {
    test::TestRequest::get().uri(path).cookie(cookie.clone())
}

/// Places a market buy of 5 AAPL (filled at once on paper) and polls the accounts; answers the
/// stock table's rows of the session.
async fn bought(
    service: &impl actix_web::dev::Service<
        actix_http::Request,
        Response = actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie,
) -> Vec<Value> {
    let body = stock_body("BUY", "MARKET", 0.0);
    assert_eq!(
        call!(
            service,
            post_json("/api/stock_copy_trading/place_order/", &body.to_string())
                .cookie(cookie.clone())
        ),
        (StatusCode::OK, "success".into())
    );
    let (status, text) = call!(
        service,
        get("/api/stock_copy_trading/fetch_trade_status", cookie)
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    json_of(&text)["1"].as_array().expect("session 1").clone()
}

#[actix_web::test]
async fn a_filled_session_shows_each_accounts_fill_the_vwap_and_no_cost_at_one_price() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let rows = bought(&service, &alice).await;
    let price = rows[0]["stockPrice"].as_f64().expect("a fill price");
    assert!(price > 0.0, "{rows:?}");

    let (status, text) = call!(&service, get("/api/sessions/1/fairness", &alice));
    assert_eq!(status, StatusCode::OK, "{text}");
    let record = json_of(&text);
    let created = record["createdTime"].as_str().expect("created").to_owned();
    let mut accounts: Vec<Value> = record["accounts"]
        .as_array()
        .expect("accounts")
        .iter()
        .map(|a| {
            json!({"name": a["accountName"], "username": a["accountUsername"], "status": a["status"],
                "quantity": a["quantity"], "filled": a["filledQuantity"], "price": a["averagePrice"],
                "againstVwap": a["againstVwap"], "accepted": a["acceptedTime"],
                "first": a["firstFillTime"], "last": a["lastFillTime"], "order": a["orderId"].is_i64()})
        })
        .collect();
    accounts.sort_by_key(|a| a["quantity"].as_u64());
    let fill = |name: &str, quantity: u32| {
        json!({"name": name, "username": format!("alice-{name}"), "status": "FILLED", "quantity": quantity,
            "filled": quantity, "price": price, "againstVwap": 0.0, "accepted": created, "first": created,
            "last": created, "order": true})
    };
    assert_eq!(
        accounts,
        vec![fill("Small", 5), fill("Medium", 10), fill("Big", 15)]
    );
    let mut figures = record.clone();
    if let Some(figures) = figures.as_object_mut() {
        figures.remove("accounts");
    }
    assert_eq!(
        figures,
        json!({"agentTradingSessionID": 1, "kind": "STOCK", "createdTime": created,
            "betterPrice": "LOWER", "multiplier": 1, "filledQuantity": 30, "vwap": price,
            "bestPrice": price, "worstPrice": price, "spread": 0.0, "costAgainstVwap": 0.0,
            "sendSkewMs": 0, "firstFillMs": 0, "lastFillMs": 0})
    );
}

#[actix_web::test]
async fn another_agents_missing_or_malformed_session_is_not_found() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    bought(&service, &alice).await;
    let bob = sign_in(&service, "bob").await;
    let not_found = (
        StatusCode::NOT_FOUND,
        error_body("No such copy-trading session", "not_found"),
    );
    for (cookie, path) in [
        (&bob, "/api/sessions/1/fairness"),
        (&alice, "/api/sessions/2/fairness"),
        (&alice, "/api/sessions/x/fairness"),
        (&alice, "/api/sessions/-1/fairness"),
    ] {
        assert_eq!(call!(&service, get(path, cookie)), not_found, "{path}");
    }
    let (status, _) = call!(
        &service,
        test::TestRequest::get().uri("/api/sessions/1/fairness")
    );
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// Splits RFC 4180 text into records of fields (quoted fields may hold commas, quotes, line breaks).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    records
}

#[actix_web::test]
async fn the_export_gives_every_row_of_the_agents_sessions_in_the_window_as_csv_or_json() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = desk(&service, "alice").await;
    let rows = bought(&service, &alice).await;
    let price = rows[0]["stockPrice"].as_f64().expect("price");
    // A second session: a limit far below the market stays working; then a replace of it.
    let limit = (price * 50.0).round() / 100.0;
    let body = stock_body("BUY", "LIMIT", limit);
    call!(
        &service,
        post_json("/api/stock_copy_trading/place_order/", &body.to_string()).cookie(alice.clone())
    );
    let (_, text) = call!(
        &service,
        get("/api/stock_copy_trading/fetch_trade_status", &alice)
    );
    let working = json_of(&text)["2"].as_array().expect("session 2").clone();
    let orders: Vec<Value> = working
        .iter()
        .map(|r| {
            json!({"accountId": r["accountId"], "accountName": r["accountName"],
            "accountUsername": r["accountUsername"], "stockOrderId": r["stockOrderId"]})
        })
        .collect();
    let mut replace = stock_body("BUY", "LIMIT", limit - 1.0);
    replace["agentTradingSessionID"] = json!(2);
    replace["allTradingAccountsOrderList"] = json!(orders);
    let (status, text) = call!(
        &service,
        test::TestRequest::put()
            .uri("/api/stock_copy_trading/replace_order/")
            .insert_header(("content-type", "application/json"))
            .set_payload(replace.to_string())
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    call!(
        &service,
        get("/api/stock_copy_trading/fetch_trade_status", &alice)
    );
    // Bob's session must never appear in Alice's export.
    let bob = desk(&service, "bob").await;
    bought(&service, &bob).await;

    let response = test::call_service(
        &service,
        get("/api/sessions/export?format=csv", &alice).to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers().get("content-type").map(|v| v.as_bytes()),
        Some(&b"text/csv; charset=utf-8"[..])
    );
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"copydesk-sessions-")
            && disposition.ends_with(".csv\""),
        "{disposition}"
    );
    let text = String::from_utf8(test::read_body(response).await.to_vec()).expect("UTF-8");
    assert!(text.ends_with("\r\n"), "records end with CRLF");
    let records = parse_csv(&text);
    assert_eq!(records[0], facade::session_export::CSV_HEADER);
    assert_eq!(records.len(), 1 + 9, "three sessions of three accounts");
    let column = |name: &str| {
        facade::session_export::CSV_HEADER
            .iter()
            .position(|h| *h == name)
            .expect("a column")
    };
    let summary: Vec<(String, String, String, String, String, String)> = records[1..]
        .iter()
        .map(|r| {
            (
                r[column("Session ID")].clone(),
                r[column("Agent")].clone(),
                r[column("Command")].clone(),
                r[column("Replaced Session ID")].clone(),
                r[column("Account Name")].clone(),
                r[column("Status")].clone(),
            )
        })
        .collect();
    let line = |s: &str, c: &str, r: &str, a: &str, st: &str| {
        (
            s.to_owned(),
            "alice".to_owned(),
            c.to_owned(),
            r.to_owned(),
            a.to_owned(),
            st.to_owned(),
        )
    };
    assert_eq!(
        summary,
        vec![
            line("1", "PLACE", "", "Small", "FILLED"),
            line("1", "PLACE", "", "Medium", "FILLED"),
            line("1", "PLACE", "", "Big", "FILLED"),
            line("2", "PLACE", "", "Small", "REPLACED"),
            line("2", "PLACE", "", "Medium", "REPLACED"),
            line("2", "PLACE", "", "Big", "REPLACED"),
            line("3", "REPLACE", "2", "Small", "WORKING"),
            line("3", "REPLACE", "2", "Medium", "WORKING"),
            line("3", "REPLACE", "2", "Big", "WORKING"),
        ]
    );
    // The replace chain: each replacing row names the order it replaced.
    for (old, new) in records[4..7].iter().zip(&records[7..10]) {
        assert_eq!(new[column("Replaces Order ID")], old[column("Order ID")]);
    }
    assert_eq!(records[1][column("Legs")], "BUY 5 AAPL");
    assert_eq!(records[3][column("Legs")], "BUY 15 AAPL");
    assert_eq!(records[3][column("Filled Quantity")], "15");
    assert_eq!(
        records[3][column("Average Fill Price")].parse::<f64>().ok(),
        Some(price)
    );

    // JSON, the same sessions, with their rows.
    let (status, text) = call!(&service, get("/api/sessions/export?format=json", &alice));
    assert_eq!(status, StatusCode::OK, "{text}");
    let sessions = json_of(&text);
    let sessions = sessions.as_array().expect("an array");
    assert_eq!(
        sessions
            .iter()
            .map(|s| (
                s["agentTradingSessionID"].clone(),
                s["command"].clone(),
                s["replacedSessionID"].clone(),
                s["rows"].as_array().map_or(0, Vec::len)
            ))
            .collect::<Vec<_>>(),
        vec![
            (json!(1), json!("PLACE"), Value::Null, 3),
            (json!(2), json!("PLACE"), Value::Null, 3),
            (json!(3), json!("REPLACE"), json!(2), 3),
        ]
    );
    let first = &sessions[0]["rows"][0];
    assert_eq!(
        (
            &first["accountName"],
            &first["legs"],
            &first["orderType"],
            &first["quantity"],
            &first["status"],
            &first["filledQuantity"],
            &first["reason"]
        ),
        (
            &json!("Small"),
            &json!(["BUY 5 AAPL"]),
            &json!("MARKET"),
            &json!(5),
            &json!("FILLED"),
            &json!(5),
            &Value::Null
        )
    );

    // A window that ends before the first session holds nothing; one through today holds all.
    let today = app.clock_today();
    let (_, text) = call!(
        &service,
        get("/api/sessions/export?format=json&to=2000-01-01", &alice)
    );
    assert_eq!(text, "[]");
    let (_, text) = call!(
        &service,
        get(
            &format!("/api/sessions/export?format=json&from={today}&to={today}"),
            &alice
        )
    );
    assert_eq!(json_of(&text).as_array().map(Vec::len), Some(3));
    let (_, text) = call!(&service, get("/api/sessions/export?to=2000-01-01", &alice));
    assert_eq!(parse_csv(&text).len(), 1, "the header row alone: {text}");
}

trait Today {
    fn clock_today(&self) -> String;
}

impl Today for TestApp {
    fn clock_today(&self) -> String {
        use engine::clock::Clock;
        self.clock.now().format("%Y-%m-%d").to_string()
    }
}

#[actix_web::test]
async fn a_bad_window_or_format_is_refused_naming_the_field() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    for (query, message) in [
        (
            "from=yesterday",
            "from must be a date (YYYY-MM-DD) or an RFC 3339 time",
        ),
        (
            "to=2024-13-01",
            "to must be a date (YYYY-MM-DD) or an RFC 3339 time",
        ),
        ("format=xlsx", "format must be csv or json"),
        (
            "from=2024-10-02&to=2024-09-30",
            "to must not be before from",
        ),
    ] {
        assert_eq!(
            call!(
                &service,
                get(&format!("/api/sessions/export?{query}"), &alice)
            ),
            (StatusCode::BAD_REQUEST, error_body(message, "bad_request")),
            "{query}"
        );
    }
    let (status, text) = call!(
        &service,
        get(
            "/api/sessions/export?from=2024-10-01T00:00:00Z&to=2024-10-01&format=JSON",
            &alice
        )
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "[]"));
}
