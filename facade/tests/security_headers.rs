//! The browser security headers on the application as served (`facade::app::build`): the UI and every
//! API answer carry the Content-Security-Policy, nosniff, no-referrer and no framing; API answers are
//! never stored, while the polling answers still give 304 to a client holding their ETag.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::http::header::HeaderMap;
use actix_web::test;
use serde_json::json;
use support::{TestApp, post_json, sign_in};

const CSP: &str = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/// The headers every answer carries, UI or API.
fn assert_browser_headers(headers: &HeaderMap, what: &str) {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_else(|| panic!("{what}: no {name} header"))
            .to_owned()
    };
    assert_eq!(header("content-security-policy"), CSP, "{what}");
    assert_eq!(header("x-content-type-options"), "nosniff", "{what}");
    assert_eq!(header("referrer-policy"), "no-referrer", "{what}");
    assert_eq!(header("x-frame-options"), "DENY", "{what}");
    assert!(
        headers.get("strict-transport-security").is_none(),
        "{what}: no HSTS over plain HTTP"
    );
}

fn cache_control(headers: &HeaderMap) -> Option<&str> {
    headers.get("cache-control").and_then(|v| v.to_str().ok())
}

#[actix_web::test]
async fn the_ui_and_every_api_answer_carry_the_browser_security_headers() {
    let ui = tempfile::tempdir().expect("ui dir");
    std::fs::write(
        ui.path().join("index.html"),
        "<!doctype html><title>copydesk</title><script type=\"module\" src=\"./app.js\"></script>",
    )
    .expect("index");
    std::fs::write(ui.path().join("app.js"), "console.log('copydesk');").expect("script");
    let ui_dir = ui.path().to_path_buf();
    let app = TestApp::new(move |settings| settings.ui_dir = Some(ui_dir));
    let service = test::init_service(facade::app::build(app.state.clone())).await;

    // The UI page and its script.
    for path in ["/", "/app.js"] {
        let response =
            test::call_service(&service, test::TestRequest::get().uri(path).to_request()).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_browser_headers(response.headers(), path);
        assert_ne!(
            cache_control(response.headers()),
            Some("no-store"),
            "{path}: static files may be cached"
        );
    }

    // API answers: a success, a refusal, an unknown path, a write with a bad body.
    let requests = [
        test::TestRequest::get().uri("/api/agent_account/profile"),
        test::TestRequest::get().uri("/api/trading_account/database"),
        test::TestRequest::get().uri("/api/no/such/path"),
        post_json("/api/agent_account/login/", "not json"),
    ];
    let expected = [
        StatusCode::OK,
        StatusCode::UNAUTHORIZED,
        StatusCode::NOT_FOUND,
        StatusCode::BAD_REQUEST,
    ];
    for (request, status) in requests.into_iter().zip(expected) {
        let request = request.to_request();
        let path = request.path().to_owned();
        let response = test::call_service(&service, request).await;
        assert_eq!(response.status(), status, "{path}");
        assert_browser_headers(response.headers(), &path);
        assert_eq!(
            cache_control(response.headers()),
            Some("no-store"),
            "{path}"
        );
    }

    // The paper brokerage's login page keeps its own, stricter policy, and cannot be framed either.
    let response = test::call_service(
        &service,
        test::TestRequest::get()
            .uri("/paper/authorize")
            .to_request(),
    )
    .await;
    let policy = response
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .expect("a policy");
    assert!(
        policy.starts_with("default-src 'none'") && policy.contains("frame-ancestors 'none'"),
        "{policy}"
    );
}

#[actix_web::test]
async fn polling_answers_are_never_stored_yet_still_answer_304_to_a_known_etag() {
    let app = TestApp::new(|_| {});
    let service = test::init_service(facade::app::build(app.state.clone())).await;
    let alice = sign_in(&service, "alice").await;
    for path in [
        "/api/copy_trading_account/database/COMMON",
        "/api/copy_trading_position_account/database/COMMON",
    ] {
        let response = test::call_service(
            &service,
            test::TestRequest::get()
                .uri(path)
                .cookie(alice.clone())
                .to_request(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            cache_control(response.headers()),
            Some("no-store"),
            "{path}"
        );
        let etag = response
            .headers()
            .get("etag")
            .expect("an etag")
            .to_str()
            .expect("text")
            .to_owned();
        let again = test::call_service(
            &service,
            test::TestRequest::get()
                .uri(path)
                .cookie(alice.clone())
                .insert_header(("if-none-match", etag.clone()))
                .to_request(),
        )
        .await;
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(cache_control(again.headers()), Some("no-store"), "{path}");
        assert_eq!(
            again.headers().get("etag").and_then(|v| v.to_str().ok()),
            Some(etag.as_str())
        );
        assert_browser_headers(again.headers(), path);
    }

    // A body answer of a write carries them too.
    let body = json!({"optionChainSymbol": "spy"}).to_string();
    let response = test::call_service(
        &service,
        post_json("/api/option_contract/add_option_contract/", &body)
            .cookie(alice)
            .to_request(),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_browser_headers(response.headers(), "add_option_contract");
    assert_eq!(cache_control(response.headers()), Some("no-store"));
}
