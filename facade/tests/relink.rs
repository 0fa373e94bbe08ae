//! A brokerage account is linked to one trading account, never changed in silence: the Get Access Token
//! flow on the paper market (through its own authorize page) and on `schwab-fake` links an account
//! linked before only to the same brokerage account, never links one another trading account (of this
//! agent or another) holds, and keeps nothing of a refused login: link, tokens and balances as before.

#[macro_use]
mod support;

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::test;
use engine::account::messages::PollPrepaid;
use engine::account::{AccountHandle, TokenVault, link_rule::last_four};
use engine::broker::{AccountLink, TokenSet};
use facade::AppState;
use fixtures::fake::FaultPlan;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{TestApp, error_body, json_of, post_json, sign_in};

const PASTE: &str = "/api/trading_account/get_access_token_from_authorization_code/";
const PAPER_CALLBACK: &str = "http%3A%2F%2Flocalhost%3A8080%2Fpaper%2Fcallback";

/// Adds account `name` with brokerage login `username`; answers the status and body.
async fn add<S, B>(
    service: &S,
    cookie: &Cookie<'static>,
    name: &str,
    username: &str,
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let body = json!({"accountName": name, "accountUsername": username,
                      "accountPassword": "broker-pw-1", "accountType": "small_account"});
    call!(
        service,
        post_json("/api/trading_account/login/", &body.to_string()).cookie(cookie.clone())
    )
}

/// Signs `login` in on the paper market's own authorize page; the callback address it redirects to.
async fn paper_sign_in<S, B>(service: &S, login: &str) -> String
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let form = test::TestRequest::post()
        .uri("/paper/authorize")
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .set_payload(format!(
            "redirect_uri={PAPER_CALLBACK}&username={login}&password=pw"
        ));
    let response = test::call_service(service, form.to_request()).await;
    assert_eq!(response.status(), StatusCode::FOUND);
    response
        .headers()
        .get("location")
        .expect("a redirect")
        .to_str()
        .expect("an address")
        .to_owned()
}

/// Pastes `address` into the Get Access Token dialog of account `name` (login `username`).
async fn paste<S, B>(
    service: &S,
    cookie: &Cookie<'static>,
    name: &str,
    username: &str,
    address: &str,
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let body = json!({"accountName": name, "accountUsername": username,
                      "authorizationCodeUrl": address});
    call!(
        service,
        post_json(PASTE, &body.to_string()).cookie(cookie.clone())
    )
}

/// The account row named `name`.
async fn row<S, B>(service: &S, cookie: &Cookie<'static>, name: &str) -> Value
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let (_, text) = call!(
        service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(cookie.clone())
    );
    json_of(&text)
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["accountName"] == name)
        .expect("the row")
        .clone()
}

/// Account `username`'s balances answer.
async fn balances<S, B>(
    service: &S,
    cookie: &Cookie<'static>,
    username: &str,
) -> (StatusCode, String)
where
    S: Service<actix_http::Request, Response = ServiceResponse<B>, Error = actix_web::Error>,
    B: MessageBody,
{
    let body = json!({"accountUsername": username}).to_string();
    call!(
        service,
        post_json("/api/trading_account/account_fetch", &body).cookie(cookie.clone())
    )
}

/// The running account named `name` (of any agent).
fn handle(state: &AppState, name: &str) -> AccountHandle {
    let record = state
        .store
        .trading_accounts()
        .expect("accounts")
        .all()
        .expect("all")
        .into_iter()
        .find(|a| a.name == name)
        .expect("the account");
    state.services.registry.get(record.id).expect("running")
}

/// What is stored of account `name`: its tokens and its link.
fn stored(state: &AppState, name: &str) -> (Option<TokenSet>, Option<AccountLink>) {
    let id = handle(state, name).account.id();
    let vault = state.store.account_vault().expect("vault");
    (
        vault.load_tokens(id).expect("tokens"),
        vault.load_link(id).expect("link"),
    )
}

/// The last four digits of the brokerage account `name` is linked to, as messages show them.
fn linked_to(state: &AppState, name: &str) -> String {
    last_four(
        &handle(state, name)
            .account
            .link()
            .expect("linked")
            .account_number,
    )
}

/// Polls account `name` now (its reads paid first) and answers whether the poll succeeded.
async fn poll(state: &AppState, name: &str) -> bool {
    assert!(state.services.registry.reads().try_take(2));
    handle(state, name)
        .addr
        .send(PollPrepaid)
        .await
        .expect("the actor answers")
        .is_ok()
}

fn other_login_refusal(name: &str, reached: &str, linked: &str) -> String {
    error_body(
        &format!(
            "This login reaches account {reached}, but {name} is linked to {linked}. Sign in with \
             {name}'s login, or delete the account and add it again"
        ),
        "login_reaches_other_account",
    )
}

fn in_use_refusal(number: &str, holder: &str) -> String {
    error_body(
        &format!(
            "Account {number} is already linked to {holder}. A brokerage account is traded through \
             one copydesk trading account only; sign in with a login that reaches another brokerage \
             account"
        ),
        "brokerage_account_in_use",
    )
}

#[actix_web::test]
async fn paper_a_linked_account_signed_in_with_another_login_is_refused_and_unchanged() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    for (name, login) in [("Atlas Small", "atlas"), ("Birch Small", "birch")] {
        let (status, text) = add(&service, &alice, name, login).await;
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    let (atlas, birch) = (
        linked_to(&app.state, "Atlas Small"),
        linked_to(&app.state, "Birch Small"),
    );
    assert_ne!(atlas, birch);
    let before = stored(&app.state, "Birch Small");
    let (_, birch_balances) = balances(&service, &alice, "birch").await;

    // Signed in as someone else, or as atlas: refused with the exact message, nothing kept.
    for (login, reached) in [("someone-else", None), ("atlas", Some(atlas.clone()))] {
        let address = paper_sign_in(&service, login).await;
        let (status, text) = paste(&service, &alice, "Birch Small", "birch", &address).await;
        assert_eq!(status, StatusCode::CONFLICT, "{login}: {text}");
        if let Some(reached) = reached {
            assert_eq!(text, other_login_refusal("Birch Small", &reached, &birch));
        } else {
            assert!(
                text.contains(&format!("but Birch Small is linked to {birch}.")),
                "{text}"
            );
        }
        assert_eq!(
            stored(&app.state, "Birch Small"),
            before,
            "{login}: link and tokens kept"
        );
        assert_eq!(linked_to(&app.state, "Birch Small"), birch);
        assert_eq!(
            balances(&service, &alice, "birch").await,
            (StatusCode::OK, birch_balances.clone()),
            "{login}: Birch's own balances"
        );
        assert!(
            poll(&app.state, "Birch Small").await,
            "{login}: Birch still polls"
        );
        let birch_row = row(&service, &alice, "Birch Small").await;
        assert_eq!(birch_row["accountStatus"], "connected", "{birch_row}");
    }

    // Its own login again: accepted, the same brokerage account, the new tokens kept.
    let address = paper_sign_in(&service, "birch").await;
    assert_eq!(
        paste(&service, &alice, "Birch Small", "birch", &address).await,
        (StatusCode::OK, r#"{"success":true}"#.into())
    );
    let (tokens, link) = stored(&app.state, "Birch Small");
    assert_eq!(link, before.1);
    assert_ne!(tokens, before.0, "the new login's tokens");
    assert!(poll(&app.state, "Birch Small").await);
    assert_eq!(
        balances(&service, &alice, "birch").await,
        (StatusCode::OK, birch_balances)
    );
}

#[actix_web::test]
async fn paper_a_first_link_onto_a_brokerage_account_another_account_holds_is_refused() {
    let app = TestApp::new(|_| {});
    let service = app.service().await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    let (status, text) = add(&service, &alice, "Atlas Small", "atlas").await;
    assert_eq!(status, StatusCode::OK, "{text}");
    let atlas = linked_to(&app.state, "Atlas Small");

    // Accounts added while the read budget is full: their logins stand, not linked yet.
    let reads = app.state.services.registry.reads().clone();
    let limit = reads.per_minute();
    reads.set_per_minute(1);
    while reads.try_take(1) {}
    for (cookie, name, login) in [(&alice, "Cedar", "cedar"), (&bob, "Dune", "dune")] {
        let (status, text) = add(&service, cookie, name, login).await;
        assert_eq!(status, StatusCode::OK, "{text}");
        assert_eq!(handle(&app.state, name).account.link(), None, "{name}");
    }
    reads.set_per_minute(limit);

    // Signed in as atlas: refused, Atlas named to its own agent only.
    for (cookie, name, login, holder) in [
        (&alice, "Cedar", "cedar", "Atlas Small"),
        (&bob, "Dune", "dune", "another copydesk trading account"),
    ] {
        let before = stored(&app.state, name);
        let address = paper_sign_in(&service, "atlas").await;
        assert_eq!(
            paste(&service, cookie, name, login, &address).await,
            (StatusCode::CONFLICT, in_use_refusal(&atlas, holder)),
            "{name}"
        );
        assert_eq!(stored(&app.state, name), before, "{name}: nothing kept");
        assert_eq!(handle(&app.state, name).account.link(), None);
    }
    assert_eq!(linked_to(&app.state, "Atlas Small"), atlas);

    // Their own logins link them to their own brokerage accounts.
    for (cookie, name, login) in [(&alice, "Cedar", "cedar"), (&bob, "Dune", "dune")] {
        let address = paper_sign_in(&service, login).await;
        assert_eq!(
            paste(&service, cookie, name, login, &address).await,
            (StatusCode::OK, r#"{"success":true}"#.into()),
            "{name}"
        );
        assert_ne!(linked_to(&app.state, name), atlas);
    }
}

#[actix_web::test]
async fn schwab_a_login_reaches_only_its_own_account_and_never_one_held_by_another() {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    for (cookie, name, login) in [
        (&alice, "Atlas Small", "login-atlas"),
        (&alice, "Birch Small", "login-birch"),
        (&alice, "Cedar", "login-cedar"),
        (&bob, "Dune", "login-dune"),
    ] {
        let (status, text) = add(&service, cookie, name, login).await;
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    for (name, login) in [
        ("Atlas Small", "login-atlas"),
        ("Birch Small", "login-birch"),
    ] {
        let address = desk.authorize(login).await;
        assert_eq!(
            paste(&service, &alice, name, login, &address).await,
            (StatusCode::OK, r#"{"success":true}"#.into()),
            "{name}"
        );
    }
    let (atlas, birch) = (
        linked_to(&desk.state, "Atlas Small"),
        linked_to(&desk.state, "Birch Small"),
    );
    let before = stored(&desk.state, "Birch Small");
    let (status, birch_balances) = balances(&service, &alice, "login-birch").await;
    assert_eq!(status, StatusCode::OK, "{birch_balances}");

    // Birch signed in as Atlas's login: refused, Birch unchanged and still polled.
    let address = desk.authorize("login-atlas").await;
    assert_eq!(
        paste(&service, &alice, "Birch Small", "login-birch", &address).await,
        (
            StatusCode::CONFLICT,
            other_login_refusal("Birch Small", &atlas, &birch)
        )
    );
    assert_eq!(stored(&desk.state, "Birch Small"), before);
    assert!(poll(&desk.state, "Birch Small").await);
    assert_eq!(
        balances(&service, &alice, "login-birch").await,
        (StatusCode::OK, birch_balances)
    );

    // First links onto Atlas's account: refused for Alice's Cedar (naming Atlas) and Bob's Dune.
    for (cookie, name, login, holder) in [
        (&alice, "Cedar", "login-cedar", "Atlas Small"),
        (
            &bob,
            "Dune",
            "login-dune",
            "another copydesk trading account",
        ),
    ] {
        let address = desk.authorize("login-atlas").await;
        assert_eq!(
            paste(&service, cookie, name, login, &address).await,
            (StatusCode::CONFLICT, in_use_refusal(&atlas, holder)),
            "{name}"
        );
        assert_eq!(
            stored(&desk.state, name),
            (None, None),
            "{name}: nothing kept"
        );
        let refused_row = row(&service, cookie, name).await;
        assert_eq!(
            refused_row["accountStatus"], "authorization_needed",
            "{refused_row}"
        );
    }

    // Birch's own login again: accepted, the same account.
    let address = desk.authorize("login-birch").await;
    assert_eq!(
        paste(&service, &alice, "Birch Small", "login-birch", &address).await,
        (StatusCode::OK, r#"{"success":true}"#.into())
    );
    assert_eq!(stored(&desk.state, "Birch Small").1, before.1);
    assert_ne!(stored(&desk.state, "Birch Small").0, before.0);
    assert!(poll(&desk.state, "Birch Small").await);
    desk.fake.stop().await;
}

#[actix_web::test]
async fn schwab_when_the_account_read_fails_a_linked_account_keeps_its_login_and_a_first_one_is_decided_later()
 {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;
    let alice = sign_in(&service, "alice").await;
    for (name, login) in [
        ("Atlas Small", "login-atlas"),
        ("Birch Small", "login-birch"),
        ("Elm", "login-elm"),
    ] {
        let (status, text) = add(&service, &alice, name, login).await;
        assert_eq!(status, StatusCode::OK, "{text}");
    }
    for (name, login) in [
        ("Atlas Small", "login-atlas"),
        ("Birch Small", "login-birch"),
    ] {
        let address = desk.authorize(login).await;
        let (status, text) = paste(&service, &alice, name, login, &address).await;
        assert_eq!(status, StatusCode::OK, "{name}: {text}");
    }
    let atlas = linked_to(&desk.state, "Atlas Small");
    let before = stored(&desk.state, "Birch Small");

    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::rate(1.0));
    // Linked before: what the login reaches cannot be read, so nothing changes.
    let address = desk.authorize("login-atlas").await;
    assert_eq!(
        paste(&service, &alice, "Birch Small", "login-birch", &address).await,
        (
            StatusCode::SERVICE_UNAVAILABLE,
            error_body(
                "The brokerage is unavailable right now; try again",
                "brokerage_unavailable"
            )
        )
    );
    assert_eq!(stored(&desk.state, "Birch Small"), before);
    // A first login stands until the account can be read.
    let address = desk.authorize("login-atlas").await;
    assert_eq!(
        paste(&service, &alice, "Elm", "login-elm", &address).await,
        (StatusCode::OK, r#"{"success":true}"#.into())
    );
    assert_eq!(handle(&desk.state, "Elm").account.link(), None);

    // The read that links it applies the rule: Atlas's account is not linked; the login is let go and
    // the row says why.
    desk.fake
        .update_faults(|f| f.server_error = FaultPlan::default());
    assert!(!poll(&desk.state, "Elm").await);
    assert_eq!(stored(&desk.state, "Elm"), (None, None));
    let elm = row(&service, &alice, "Elm").await;
    assert_eq!(elm["accountStatus"], "authorization_needed", "{elm}");
    assert_eq!(
        elm["accountStatusText"],
        format!(
            "Authorization needed: Account {atlas} is already linked to another copydesk trading \
             account. A brokerage account is traded through one copydesk trading account only; sign \
             in with a login that reaches another brokerage account"
        )
    );
    assert_eq!(linked_to(&desk.state, "Atlas Small"), atlas);
    desk.fake.stop().await;
}
