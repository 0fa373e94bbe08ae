//! API tests of `/api/agent_account/*` on the real route table: answers, state after the call, bad
//! input, cookie flags, logout, the login rate limit and secrets at rest.

mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use support::{TestApp, error_body, post_json, session_cookie, set_cookie_header, status_and_text};

const REGISTER: &str = "/api/agent_account/register/";
const LOGIN: &str = "/api/agent_account/login/";
const PROFILE: &str = "/api/agent_account/profile";
const LOGOUT: &str = "/api/agent_account/logout";

fn credentials(username: &str, password: &str) -> String {
    serde_json::json!({ "agentUsername": username, "agentPassword": password }).to_string()
}

#[actix_web::test]
async fn register_answers_the_success_text_with_and_without_the_trailing_slash() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let response = test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    assert_eq!(
        response.headers().get("content-type").unwrap(),
        "text/plain; charset=utf-8"
    );
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, "Agent registered successfully".into())
    );
    let response = test::call_service(
        &service,
        post_json(
            "/api/agent_account/register",
            &credentials("bob.b@x", "password-2"),
        )
        .to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, "Agent registered successfully".into())
    );
    let agents = app.state.store.agents().unwrap();
    assert_eq!(agents.count().unwrap(), 2);
    let alice = agents.find_by_username("alice").unwrap().unwrap();
    assert!(alice.password_hash.starts_with("$argon2id$"));
}

#[actix_web::test]
async fn a_taken_username_is_refused_with_409() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-9")).to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::CONFLICT,
            error_body("Agent username already exists", "agent_exists")
        )
    );
    assert_eq!(app.state.store.agents().unwrap().count().unwrap(), 1);
}

#[actix_web::test]
async fn bad_register_input_is_a_400_naming_the_field_and_stores_nothing() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let long_name = "a".repeat(65);
    let long_password = "p".repeat(129);
    let cases: Vec<(String, &str)> = vec![
        (
            credentials("", "password-1"),
            "Username must be 3 to 64 characters long",
        ),
        (
            credentials("ab", "password-1"),
            "Username must be 3 to 64 characters long",
        ),
        (
            credentials(&long_name, "password-1"),
            "Username must be 3 to 64 characters long",
        ),
        (
            credentials("bad name", "password-1"),
            "agentUsername may contain only letters, digits, '.', '_', '-' and '@'",
        ),
        (
            credentials("alice", ""),
            "Password must be 8 to 128 characters long",
        ),
        (
            credentials("alice", "short"),
            "Password must be 8 to 128 characters long",
        ),
        (
            credentials("alice", &long_password),
            "Password must be 8 to 128 characters long",
        ),
        (
            r#"{"agentUsername":"alice"}"#.into(),
            "Password is required",
        ),
        (
            r#"{"agentPassword":"password-1"}"#.into(),
            "Username is required",
        ),
        (
            r#"{"agentUsername":5,"agentPassword":"password-1"}"#.into(),
            "Username: expected a string",
        ),
        (
            r#"{"agentUsername":"alice","agentPassword":null}"#.into(),
            "Password: expected a string",
        ),
        (
            r#"{"agentUsername":"alice","#.into(),
            "request body is not valid JSON",
        ),
        ("".into(), "request body is not valid JSON"),
        (
            r#"["alice","password-1"]"#.into(),
            "request body must be a JSON object",
        ),
    ];
    for (body, message) in cases {
        let response = test::call_service(&service, post_json(REGISTER, &body).to_request()).await;
        assert_eq!(
            status_and_text(response).await,
            (StatusCode::BAD_REQUEST, error_body(message, "bad_request")),
            "body {body}"
        );
    }
    assert_eq!(app.state.store.agents().unwrap().count().unwrap(), 0);
}

#[actix_web::test]
async fn wrong_content_type_is_415_and_an_oversized_body_is_413() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let form = test::TestRequest::post()
        .uri(REGISTER)
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload("agentUsername=alice&agentPassword=password-1")
        .to_request();
    let response = test::call_service(&service, form).await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            error_body(
                "Content-Type must be application/json",
                "unsupported_media_type"
            )
        )
    );
    // A call whose payload is none may send no body and no content type; a body must still be JSON.
    let empty = test::TestRequest::post().uri(LOGOUT).to_request();
    assert_eq!(
        status_and_text(test::call_service(&service, empty).await).await,
        (StatusCode::OK, "success".into())
    );
    let text_body = test::TestRequest::post()
        .uri(LOGOUT)
        .insert_header(("content-type", "text/plain"))
        .set_payload("bye")
        .to_request();
    assert_eq!(
        test::call_service(&service, text_body).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    let untyped_body = test::TestRequest::post()
        .uri(LOGOUT)
        .set_payload("{}")
        .to_request();
    assert_eq!(
        test::call_service(&service, untyped_body).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE
    );
    let empty_register = test::TestRequest::post().uri(REGISTER).to_request();
    assert_eq!(
        test::call_service(&service, empty_register).await.status(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "a call that needs a body still needs JSON"
    );

    let huge = credentials("alice", &"p".repeat(70 * 1024));
    let response = test::call_service(&service, post_json(REGISTER, &huge).to_request()).await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            error_body(
                "Request body is too large (at most 65536 bytes)",
                "payload_too_large"
            )
        )
    );
    assert_eq!(app.state.store.agents().unwrap().count().unwrap(), 0);
}

#[actix_web::test]
async fn json_with_a_charset_parameter_is_accepted() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let request = test::TestRequest::post()
        .uri(REGISTER)
        .insert_header(("content-type", "application/json; charset=utf-8"))
        .set_payload(credentials("carol", "password-1"))
        .to_request();
    assert_eq!(
        test::call_service(&service, request).await.status(),
        StatusCode::OK
    );
}

#[actix_web::test]
async fn login_sets_a_strict_http_only_cookie_and_the_profile_follows_the_session() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let response =
        test::call_service(&service, test::TestRequest::get().uri(PROFILE).to_request()).await;
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, r#"{"agentUsername":null}"#.into())
    );

    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let cookie = session_cookie(&response).expect("login sets the session cookie");
    let header = set_cookie_header(&response);
    assert!(header.contains("HttpOnly"), "{header}");
    assert!(header.contains("SameSite=Strict"), "{header}");
    assert!(header.contains("Path=/"), "{header}");
    assert!(
        header.contains("Max-Age=43200"),
        "idle expiry of 12 h: {header}"
    );
    assert!(!header.contains("Secure"), "{header}");
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, r#"{"agentUsername":"alice"}"#.into())
    );

    let response = test::call_service(
        &service,
        test::TestRequest::get()
            .uri(PROFILE)
            .cookie(cookie)
            .to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, r#"{"agentUsername":"alice"}"#.into())
    );
}

#[actix_web::test]
async fn secure_cookies_are_marked_secure() {
    let app = TestApp::new(|settings| settings.secure_cookies = true);
    let service = app.service().await;
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    assert!(set_cookie_header(&response).contains("Secure"));
}

#[actix_web::test]
async fn wrong_password_and_unknown_user_get_the_same_401() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let expected = (
        StatusCode::UNAUTHORIZED,
        error_body("Invalid username or password", "unauthorized"),
    );
    for body in [
        credentials("alice", "password-2"),
        credentials("nobody", "password-1"),
    ] {
        let response = test::call_service(&service, post_json(LOGIN, &body).to_request()).await;
        assert!(session_cookie(&response).is_none());
        assert_eq!(status_and_text(response).await, expected);
    }
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("", "x")).to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::BAD_REQUEST,
            error_body("Username is required", "bad_request")
        )
    );
    let response = test::call_service(
        &service,
        post_json(LOGIN, r#"{"agentUsername":"alice"}"#).to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::BAD_REQUEST,
            error_body("Password is required", "bad_request")
        )
    );
}

#[actix_web::test]
async fn logout_ends_the_server_side_session_so_the_old_cookie_no_longer_works() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    let cookie = session_cookie(&response).unwrap();
    assert_eq!(app.state.web_sessions.len(), 1);

    let response = test::call_service(
        &service,
        post_json(LOGOUT, "{}").cookie(cookie.clone()).to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, "success".into())
    );
    assert_eq!(app.state.web_sessions.len(), 0);

    let response = test::call_service(
        &service,
        test::TestRequest::get()
            .uri(PROFILE)
            .cookie(cookie)
            .to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (StatusCode::OK, r#"{"agentUsername":null}"#.into())
    );
}

#[actix_web::test]
async fn login_attempts_are_limited_per_username_and_per_address() {
    let app = TestApp::new(|settings| settings.login_attempts_per_minute = 3);
    let service = app.service().await;
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", "password-1")).to_request(),
    )
    .await;
    for _ in 0..3 {
        let response = test::call_service(
            &service,
            post_json(LOGIN, &credentials("alice", "wrong-pass")).to_request(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    let expected = (
        StatusCode::TOO_MANY_REQUESTS,
        error_body(
            "Too many login attempts; please wait a minute and try again",
            "too_many_requests",
        ),
    );
    // The right password no longer helps for this username, even from another address.
    let other_address = post_json(LOGIN, &credentials("alice", "password-1"))
        .peer_addr("10.9.9.9:1".parse().unwrap())
        .to_request();
    let response = test::call_service(&service, other_address).await;
    assert_eq!(status_and_text(response).await, expected);
    // The address that made the attempts is limited for other usernames too.
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("bob", "password-1")).to_request(),
    )
    .await;
    assert_eq!(status_and_text(response).await, expected);
}

#[actix_web::test]
async fn unknown_api_paths_and_methods_answer_json_errors() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let response = test::call_service(
        &service,
        test::TestRequest::get()
            .uri("/api/nothing/here")
            .to_request(),
    )
    .await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::NOT_FOUND,
            error_body("No such API path", "not_found")
        )
    );
    let response =
        test::call_service(&service, test::TestRequest::get().uri(LOGIN).to_request()).await;
    assert_eq!(
        status_and_text(response).await,
        (
            StatusCode::METHOD_NOT_ALLOWED,
            error_body("Method not allowed", "method_not_allowed")
        )
    );
}

#[actix_web::test]
async fn no_password_and_no_session_key_is_stored_in_plain_text() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let password = "Very-Distinct-Passphrase-42";
    test::call_service(
        &service,
        post_json(REGISTER, &credentials("alice", password)).to_request(),
    )
    .await;
    let response = test::call_service(
        &service,
        post_json(LOGIN, &credentials("alice", password)).to_request(),
    )
    .await;
    let cookie = session_cookie(&response).unwrap();
    app.state.store.flush().unwrap();

    let mut contents = Vec::new();
    let mut pending = vec![app.dir.path().to_path_buf()];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            pending.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else {
            contents.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    assert!(
        contents
            .iter()
            .any(|(_, bytes)| bytes.windows(5).any(|w| w == b"alice")),
        "the store was written"
    );
    for (path, bytes) in &contents {
        assert!(
            !bytes
                .windows(password.len())
                .any(|w| w == password.as_bytes()),
            "{}",
            path.display()
        );
        let value = cookie.value().as_bytes();
        assert!(
            !bytes.windows(value.len()).any(|w| w == value),
            "{}",
            path.display()
        );
    }
}
