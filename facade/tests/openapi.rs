//! The OpenAPI description at `GET /api/openapi.json`: served without a session, OpenAPI 3.1, and
//! complete: every method of every mounted `/api` path is described, and nothing else is.

#[macro_use]
mod support;

use actix_web::http::{Method, StatusCode};
use actix_web::test;
use serde_json::Value;
use support::{TestApp, json_of};

const METHODS: [Method; 5] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::DELETE,
    Method::PATCH,
];

#[actix_web::test]
async fn the_document_is_served_without_a_session_and_is_openapi_3_1() {
    let app = TestApp::new(|_| {});
    let service = test::init_service(facade::app::build(app.state.clone())).await;
    let response = test::call_service(
        &service,
        test::TestRequest::get()
            .uri("/api/openapi.json")
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().ok()),
        Some(Some("application/json"))
    );
    let (_, text) = support::status_and_text(response).await;
    let doc = json_of(&text);
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(doc["info"]["title"], "copydesk API");
    // The error shape with its example, and the text answers as text/plain.
    assert_eq!(
        doc["components"]["schemas"]["ErrorBody"]["required"],
        serde_json::json!(["error", "code"])
    );
    let logout = &doc["paths"]["/api/agent_account/logout"]["post"]["responses"];
    assert_eq!(logout["200"]["content"]["text/plain"]["example"], "success");
    assert_eq!(
        logout["401"]["content"]["application/json"]["example"],
        serde_json::json!({"error": "Please log in first", "code": "unauthorized"})
    );
    // The trailing stop's basis is an optional stock field; a quote side may be null.
    let fields = &doc["components"]["schemas"]["stock.StockFields"]["properties"];
    let basis = fields["stockStopPriceLinkBasis"].to_string();
    assert!(
        basis.contains("BID (the default when absent), ASK, LAST or MARK"),
        "{basis}"
    );
    let quote = &doc["components"]["schemas"]["stock.Quote"];
    for side in ["bid", "ask", "last", "mark"] {
        assert!(
            quote["properties"][side]["type"]
                .as_array()
                .is_some_and(|t| t.contains(&serde_json::json!("null"))),
            "{side}: {quote}"
        );
    }
    let orders = &doc["paths"]["/api/stock_copy_trading/database"]["get"]["responses"];
    assert!(orders["304"].is_object(), "the ETag tables document 304");
    let place = &doc["paths"]["/api/stock_copy_trading/place_order"]["post"];
    assert!(
        place["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .is_some_and(|r| r.starts_with("#/components/schemas/")),
        "bodies are described by schemas: {place}"
    );
}

#[actix_web::test]
async fn the_browsable_page_and_its_assets_are_served_locally() {
    let app = TestApp::new(|_| {});
    let service = test::init_service(facade::app::build(app.state.clone())).await;
    for (path, kind, needle) in [
        ("/api/docs", "text/html", "/api/docs/api-docs.js"),
        (
            "/api/docs/api-docs.js",
            "text/javascript",
            "/api/openapi.json",
        ),
        ("/api/docs/api-docs.css", "text/css", ".operation"),
    ] {
        let response =
            test::call_service(&service, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        let (_, text) = support::status_and_text(response).await;
        assert!(text.contains(needle), "{path}");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path} loads nothing from elsewhere"
        );
        assert!(!text.contains("<script>"), "{path} has no inline script");
    }
}

/// Walks the route table: every mounted path answers each method either with its handler or with 405;
/// the document must list exactly the methods that reach a handler.
#[actix_web::test]
async fn every_mounted_route_is_in_the_document_and_nothing_else_is() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let doc: Value = serde_json::from_str(facade::routes::openapi::document_json()).expect("JSON");
    let paths = facade::routes::mounted_api_paths();
    assert!(paths.len() > 60, "the route table is walked: {paths:?}");
    let mut missing = Vec::new();
    let mut extra = Vec::new();
    for path in &paths {
        for method in METHODS {
            let request = test::TestRequest::default()
                .method(method.clone())
                .uri(path)
                .insert_header(("content-type", "application/json"))
                .set_payload("{}");
            let (status, _) = call!(&service, request);
            let mounted = status != StatusCode::METHOD_NOT_ALLOWED;
            let described = doc["paths"][path.as_str()][method.as_str().to_lowercase()].is_object();
            if mounted && !described {
                missing.push(format!("{method} {path}"));
            }
            if described && !mounted {
                extra.push(format!("{method} {path}"));
            }
        }
    }
    assert!(missing.is_empty(), "routes the document lacks: {missing:?}");
    assert!(
        extra.is_empty(),
        "documented calls that are not mounted: {extra:?}"
    );
    let documented = doc["paths"].as_object().map_or(0, |p| p.len());
    assert_eq!(documented, paths.len(), "every documented path is mounted");
}

/// Whether `schema` says what the JSON is: every schema reachable from it (through references,
/// properties, items, map values and alternatives) names a type, an enum or alternatives. `{}` (any
/// JSON) anywhere fails, with the place it was found.
fn shaped(schema: &Value, schemas: &Value, at: &str, seen: &mut Vec<String>) -> Result<(), String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference
            .strip_prefix("#/components/schemas/")
            .ok_or_else(|| format!("{at}: reference outside the components: {reference}"))?;
        if seen.iter().any(|s| s == name) {
            return Ok(());
        }
        seen.push(name.to_owned());
        let target = &schemas[name];
        if !target.is_object() {
            return Err(format!("{at}: no schema named {name}"));
        }
        return shaped(target, schemas, &format!("{at} -> {name}"), seen);
    }
    let alternatives = ["oneOf", "anyOf", "allOf"];
    let has_shape = ["type", "enum", "const"]
        .iter()
        .chain(alternatives.iter())
        .any(|key| schema.get(key).is_some());
    if !has_shape {
        return Err(format!("{at}: any JSON ({schema})"));
    }
    for key in alternatives {
        for (i, member) in schema[key].as_array().into_iter().flatten().enumerate() {
            shaped(member, schemas, &format!("{at}.{key}[{i}]"), seen)?;
        }
    }
    for (name, property) in schema["properties"].as_object().into_iter().flatten() {
        shaped(property, schemas, &format!("{at}.{name}"), seen)?;
    }
    if schema["additionalProperties"].is_object() {
        shaped(
            &schema["additionalProperties"],
            schemas,
            &format!("{at}.*"),
            seen,
        )?;
    }
    if schema["items"].is_object() {
        shaped(&schema["items"], schemas, &format!("{at}[]"), seen)?;
    }
    Ok(())
}

#[actix_web::test]
async fn every_success_answer_is_described_by_a_schema_with_a_shape() {
    let doc: Value = serde_json::from_str(facade::routes::openapi::document_json()).expect("JSON");
    let schemas = &doc["components"]["schemas"];
    let mut loose = Vec::new();
    let mut answers = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("operations") {
            let responses = operation["responses"].as_object().expect("responses");
            let successes: Vec<_> = responses
                .iter()
                .filter(|(status, _)| status.starts_with('2'))
                .collect();
            assert!(
                !successes.is_empty(),
                "{method} {path} has no success answer"
            );
            for (status, response) in successes {
                let content = response["content"].as_object();
                assert!(
                    content.is_some_and(|c| !c.is_empty()),
                    "{method} {path} {status} has no content"
                );
                for (media, body) in content.into_iter().flatten() {
                    answers += 1;
                    let at = format!("{method} {path} {status} {media}");
                    if let Err(place) = shaped(&body["schema"], schemas, &at, &mut Vec::new()) {
                        loose.push(place);
                    }
                }
            }
        }
    }
    assert!(answers > 70, "the answers are walked: {answers}");
    assert!(
        loose.is_empty(),
        "answers described as any JSON: {loose:#?}"
    );
}

#[actix_web::test]
async fn the_tables_answer_the_full_form_or_the_delta_form() {
    let doc: Value = serde_json::from_str(facade::routes::openapi::document_json()).expect("JSON");
    let schemas = &doc["components"]["schemas"];
    let answer = &doc["paths"]["/api/stock_copy_trading/database"]["get"]["responses"]["200"]["content"]
        ["application/json"]["schema"];
    assert_eq!(
        answer["$ref"], "#/components/schemas/stock.OrdersAnswer",
        "{answer}"
    );
    let forms: Vec<&Value> = schemas["stock.OrdersAnswer"]["oneOf"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|form| &form["$ref"])
        .collect();
    assert_eq!(
        forms,
        [
            "#/components/schemas/stock.OrdersTable",
            "#/components/schemas/stock.OrdersDelta"
        ]
    );
    assert_eq!(
        schemas["stock.OrdersTable"]["additionalProperties"],
        serde_json::json!({"type": "array", "items": {"$ref": "#/components/schemas/stock.OrderRow"}})
    );
    assert_eq!(
        schemas["stock.OrdersDelta"]["required"],
        serde_json::json!(["version", "full", "changed", "removed"])
    );
    let row = &schemas["stock.OrderRow"];
    assert_eq!(
        row["properties"]["stockOrderId"]["type"],
        serde_json::json!(["integer", "null"])
    );
    assert!(
        row["required"]
            .as_array()
            .is_some_and(|r| r.contains(&Value::from("stockOrderId"))),
        "nullable fields are always sent: {row}"
    );
    assert_eq!(
        schemas["copy.StatusColor"]["enum"],
        serde_json::json!(["purple", "green", "red"])
    );
    assert_eq!(
        schemas["trading_account.AccountType"]["enum"],
        serde_json::json!(["small_account", "medium_account", "big_account"])
    );
    // The copy answers: the session id is absent from cancels, so it is not required.
    let partial = &schemas["copy.PartialAnswer"];
    assert_eq!(
        partial["required"],
        serde_json::json!(["accepted", "failed"])
    );
    let cancel = &doc["paths"]["/api/stock_copy_trading/cancel_order"]["delete"]["responses"]["200"]
        ["content"]["application/json"]["schema"];
    assert_eq!(cancel["$ref"], "#/components/schemas/copy.PartialAnswer");
}

#[actix_web::test]
async fn every_call_that_sends_orders_takes_an_idempotency_key_and_no_other_call_does() {
    let doc = json_of(facade::routes::openapi::document_json());
    let paths = doc["paths"].as_object().expect("paths");
    let mut keyed = Vec::new();
    for (path, item) in paths {
        for method in ["get", "post", "put", "delete"] {
            let takes_key = item[method]["parameters"].as_array().is_some_and(|ps| {
                ps.iter().any(|p| {
                    p["name"] == "Idempotency-Key" && p["in"] == "header" && p["required"] == false
                })
            });
            if takes_key {
                keyed.push(format!("{method} {path}"));
            }
        }
    }
    keyed.sort();
    assert_eq!(
        keyed,
        [
            "delete /api/copy_trading_account/cancel_order/COMMON",
            "delete /api/copy_trading_account/cancel_order/VERTICAL",
            "delete /api/copy_trading_account/cancel_order_individual/COMMON",
            "delete /api/copy_trading_account/cancel_order_individual/VERTICAL",
            "delete /api/stock_copy_trading/cancel_order",
            "delete /api/stock_copy_trading/cancel_order_individual",
            "post /api/copy_trading_account/exit_order/COMMON",
            "post /api/copy_trading_account/exit_order/VERTICAL",
            "post /api/copy_trading_account/exit_order_multiple/COMMON",
            "post /api/copy_trading_account/exit_order_multiple/VERTICAL",
            "post /api/copy_trading_account/place_order/COMMON",
            "post /api/copy_trading_account/place_order/VERTICAL",
            "post /api/stock_copy_trading/exit_order",
            "post /api/stock_copy_trading/exit_order_multiple",
            "post /api/stock_copy_trading/place_order",
            "put /api/copy_trading_account/replace_individual_legs/VERTICAL",
            "put /api/copy_trading_account/replace_order/COMMON",
            "put /api/copy_trading_account/replace_order_individual/COMMON",
            "put /api/stock_copy_trading/replace_order",
            "put /api/stock_copy_trading/replace_order_individual",
        ]
    );
}
