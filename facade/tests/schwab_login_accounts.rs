//! One Schwab login with two brokerage accounts (schwab-fake's `family+2`): the first is authorized,
//! the second linked through it without a new authorization; both trade over the login's one Streamer
//! connection, survive a re-authorization of either, and the other keeps working when one is deleted.
//! Bad input, a held brokerage account and another agent are refused.

#[macro_use]
mod support;

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::cookie::Cookie;
use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{App, test};
use engine::account::{StreamPhase, TokenVault};
use facade::routes;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{error_body, json_of, post_json, sign_in};

const LOGIN: &str = "family+2";
const LINK: &str = "/api/trading_account/link_login_account/";
/// Longest wait for a condition the streams bring about (real time: events cross loopback).
const CONDITION_LIMIT: Duration = Duration::from_secs(60);

async fn until(what: &str, mut condition: impl AsyncFnMut() -> bool) {
    let started = std::time::Instant::now();
    while !condition().await {
        assert!(started.elapsed() < CONDITION_LIMIT, "never: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn rows(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie<'static>,
) -> Vec<Value> {
    let (status, text) = call!(
        service,
        test::TestRequest::get()
            .uri("/api/trading_account/database")
            .cookie(cookie.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    json_of(&text).as_array().cloned().unwrap_or_default()
}

fn row<'a>(rows: &'a [Value], name: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["accountName"] == name)
        .unwrap_or_else(|| panic!("no row {name} in {rows:?}"))
}

fn link_body(source: &str, brokerage: &str, name: &str, kind: &str) -> String {
    json!({"accountName": source, "brokerageAccount": brokerage, "newAccountName": name,
        "accountType": kind})
    .to_string()
}

/// Places a stock MARKET order on every active account and waits until session `session`'s rows
/// of `accounts` are all FILLED from the stream's events.
async fn buy_and_fill(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &Cookie<'static>,
    session: &str,
    accounts: &[&str],
) {
    let buy = json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET", "stockQuantity": 1});
    let (status, text) = call!(
        service,
        post_json("/api/stock_copy_trading/place_order/", &buy.to_string()).cookie(cookie.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    until(
        &format!("session {session} FILLED on {accounts:?}"),
        async || {
            let (_, text) = call!(
                service,
                test::TestRequest::get()
                    .uri("/api/stock_copy_trading/database")
                    .cookie(cookie.clone())
            );
            json_of(&text)[session].as_array().is_some_and(|rows| {
                let mut names: Vec<&str> = rows
                    .iter()
                    .filter(|r| r["stockStatus"] == "FILLED")
                    .filter_map(|r| r["accountName"].as_str())
                    .collect();
                names.sort_unstable();
                names == accounts
            })
        },
    )
    .await;
}

#[actix_web::test]
async fn two_accounts_of_one_login_trade_over_one_streamer_login() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let registry = state.services.registry.clone();
    let app_state = state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &app_state)))
            .await;
    let alice = sign_in(&service, "alice").await;
    registry.start_streams();
    desk.link_account(&service, &alice, "Family", LOGIN).await;

    // The row tells which other account of the login is free, by its last four digits only.
    let listed = rows(&service, &alice).await;
    let free = row(&listed, "Family")["otherLoginAccounts"].clone();
    let free: Vec<String> = serde_json::from_value(free).unwrap();
    assert_eq!(free.len(), 1, "{listed:?}");
    let shown = free[0].clone();
    assert!(
        shown.starts_with('\u{2026}') && shown.chars().count() == 5,
        "{shown}"
    );
    let digits: String = shown.chars().skip(1).collect();

    let (status, text) = call!(
        &service,
        post_json(
            LINK,
            &link_body("Family", &shown, "Family IRA", "medium_account")
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    let added = json_of(&text);
    assert_eq!(added["accountName"], "Family IRA");
    assert_eq!(added["accountUsername"], format!("{LOGIN} {shown}"));
    assert_eq!(added["accountType"], "medium_account");
    assert_eq!(added["accountTradingActive"], true);
    assert_eq!(added["accountStatus"], "connected");
    assert_eq!(added["otherLoginAccounts"], json!([]));
    let listed = rows(&service, &alice).await;
    assert_eq!(listed.len(), 2);
    assert_eq!(row(&listed, "Family")["otherLoginAccounts"], json!([]));
    // Nothing answered names a whole account number or hash.
    let whole = rows(&service, &alice).await;
    let text = serde_json::to_string(&whole).unwrap();
    assert!(!text.contains(&format!("9000{digits}")), "{text}");
    // The new account signs in with the login's username: the credentials dialog shows it.
    let (_, text) = call!(
        &service,
        post_json(
            "/api/trading_account/credentials/",
            &json!({"accountUsername": format!("{LOGIN} {shown}")}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(json_of(&text)["accountUsername"], LOGIN);

    until("both accounts streamed", async || {
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().phase == StreamPhase::Connected)
    })
    .await;
    // Account Info of the first reads every account of the login at once: the second has its
    // positions too, so the fills below move both accounts' holdings at once.
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/account_fetch/",
            &json!({"accountUsername": LOGIN}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    assert!(
        registry
            .handles()
            .iter()
            .all(|h| h.account.current_snapshot().is_some())
    );
    // Where the login's stream is was read once, and every account of the login keeps it.
    let vault = state.store.account_vault().unwrap();
    for handle in registry.handles() {
        assert!(
            vault
                .load_stream_address(handle.account.id())
                .unwrap()
                .is_some()
        );
    }
    buy_and_fill(&service, &alice, "1", &["Family", "Family IRA"]).await;
    assert_eq!(
        desk.fake.stream_logins(LOGIN),
        1,
        "one Streamer LOGIN serves both accounts"
    );
    // Each fill moved its own account's holdings; one positions read of the login
    // (accounts?fields=positions) confirms both, and neither is due another check.
    let handles = registry.handles();
    // The IRA is a medium account: the tier sends it twice the quantity.
    let family = engine::ids::AccountId(row(&listed, "Family")["accountId"].as_u64().unwrap());
    let holds_one = |h: &engine::account::AccountHandle| {
        let share = if h.account.id() == family { 1 } else { 2 };
        h.account.held("AAPL") == Some(share)
    };
    until("each account holds its share", async || {
        handles.iter().all(holds_one)
    })
    .await;
    let reads_before = registry.reads().used_last_minute();
    let mut checked = Vec::new();
    until("the position checks ran", async || {
        checked.extend(registry.check_positions_due().await);
        handles
            .iter()
            .all(|h| !h.account.poll_candidate().positions_stale)
    })
    .await;
    // One check stands for both accounts of the login.
    assert_eq!(checked.len(), 1, "{checked:?}");
    assert_eq!(registry.reads().used_last_minute(), reads_before + 1);
    assert!(handles.iter().all(holds_one));
    assert!(registry.check_positions_due().await.is_empty());

    // Re-authorizing the second account: one code exchange, both keep working on the new tokens.
    let redirected = desk.authorize(LOGIN).await;
    let paste = json!({"accountName": "Family IRA", "accountUsername": format!("{LOGIN} {shown}"),
        "authorizationCodeUrl": redirected});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/get_access_token_from_authorization_code/",
            &paste.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    desk.clock.advance(chrono::Duration::seconds(2));
    let ids: Vec<_> = registry.handles().iter().map(|h| h.account.id()).collect();
    let tokens: Vec<_> = ids
        .iter()
        .map(|id| vault.load_tokens(*id).unwrap().unwrap().access)
        .collect();
    assert_eq!(tokens[0], tokens[1]);
    buy_and_fill(&service, &alice, "2", &["Family", "Family IRA"]).await;
    assert_eq!(
        desk.fake.stream_logins(LOGIN),
        2,
        "one LOGIN per authorization"
    );

    // Deleting the first keeps the second working on the login's tokens and stream; taking the
    // stream over reads nothing (a minute on, the budget counts only what comes now).
    let reads = registry.reads().clone();
    desk.clock.advance(chrono::Duration::seconds(61));
    assert_eq!(reads.used_last_minute(), 0);
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/delete_account/",
            &json!({"accountName": "Family"}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let ira = registry.handles()[0].account.clone();
    until("the second account streamed alone", async || {
        ira.stream_status().phase == StreamPhase::Connected
    })
    .await;
    assert_eq!(
        reads.used_last_minute(),
        0,
        "taking the login's stream over reads nothing"
    );
    buy_and_fill(&service, &alice, "3", &["Family IRA"]).await;
    // Deleting the last forgets the login's tokens.
    let (status, _) = call!(
        &service,
        post_json(
            "/api/trading_account/delete_account/",
            &json!({"accountName": "Family IRA"}).to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    for id in ids {
        assert_eq!(vault.load_tokens(id).unwrap().map(|t| t.access), None);
    }
    desk.fake.stop().await;
}

#[actix_web::test]
async fn bad_input_a_held_account_and_another_agent_are_refused() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let app_state = state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &app_state)))
            .await;
    let alice = sign_in(&service, "alice").await;
    let bob = sign_in(&service, "bob").await;
    // Not authorized yet: nothing to link through.
    let add = json!({"accountName": "Family", "accountUsername": LOGIN,
        "accountPassword": "pw-123", "accountType": "small_account"});
    let (status, _) = call!(
        &service,
        post_json("/api/trading_account/login/", &add.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let (status, text) = call!(
        &service,
        post_json(LINK, &link_body("Family", "0002", "IRA", "small_account")).cookie(alice.clone())
    );
    assert_eq!(
        (status, text.as_str()),
        (
            StatusCode::CONFLICT,
            error_body(
                "the account has not been authorized at the brokerage yet",
                "authorization_needed"
            )
            .as_str()
        )
    );
    desk.authorize_account(&service, &alice, "Family", LOGIN)
        .await;

    let refusals = [
        (
            link_body("Family", "12", "IRA", "small_account"),
            "Brokerage Account must be the last four digits of an account number",
        ),
        (
            link_body("Family", "0002", " ", "small_account"),
            "Account Name is required",
        ),
        (
            link_body("Family", "0002", "IRA", "huge_account"),
            "Account Type must be one of small_account, medium_account, big_account",
        ),
        (
            link_body("Family", "9999", "IRA", "small_account"),
            "Brokerage Account \u{2026}9999 is not another account of this login free to link",
        ),
    ];
    for (body, message) in refusals {
        let (status, text) = call!(&service, post_json(LINK, &body).cookie(alice.clone()));
        assert_eq!(
            (status, text.as_str()),
            (
                StatusCode::BAD_REQUEST,
                error_body(message, "bad_request").as_str()
            ),
            "{body}"
        );
    }
    let (status, _) = call!(
        &service,
        post_json(LINK, r#"{"accountName": "Family"}"#).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(rows(&service, &alice).await.len(), 1, "nothing stored");

    // Another agent can neither link through Alice's account nor see it.
    let (status, _) = call!(
        &service,
        post_json(LINK, &link_body("Family", "0002", "Mine", "small_account")).cookie(bob.clone())
    );
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(rows(&service, &bob).await.is_empty());

    // Another of Alice's trading accounts signs in with the same login and takes its second
    // account: it is held now, no longer offered, and linking it is a 409 naming the holder.
    let free: Vec<String> =
        serde_json::from_value(rows(&service, &alice).await[0]["otherLoginAccounts"].clone())
            .unwrap();
    assert_eq!(free.len(), 1);
    let add = json!({"accountName": "Other", "accountUsername": "other-label",
        "accountPassword": "pw-123", "accountType": "small_account"});
    let (status, _) = call!(
        &service,
        post_json("/api/trading_account/login/", &add.to_string()).cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let redirected = desk.authorize(LOGIN).await;
    let paste = json!({"accountName": "Other", "accountUsername": "other-label",
        "authorizationCodeUrl": redirected});
    let (status, text) = call!(
        &service,
        post_json(
            "/api/trading_account/get_access_token_from_authorization_code/",
            &paste.to_string()
        )
        .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK, "{text}");
    // That code exchange ended Family's tokens (one login, one live generation): sign it in again.
    desk.authorize_account(&service, &alice, "Family", LOGIN)
        .await;
    let listed = rows(&service, &alice).await;
    assert_eq!(row(&listed, "Family")["otherLoginAccounts"], json!([]));
    let (status, text) = call!(
        &service,
        post_json(LINK, &link_body("Family", &free[0], "IRA", "small_account"))
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::CONFLICT, "{text}");
    assert_eq!(json_of(&text)["code"], "brokerage_account_in_use");
    assert!(
        json_of(&text)["error"]
            .as_str()
            .unwrap()
            .starts_with(&format!("Account {} is already linked to Other", free[0])),
        "{text}"
    );
    assert_eq!(rows(&service, &alice).await.len(), 2, "nothing stored");
    desk.fake.stop().await;
}
