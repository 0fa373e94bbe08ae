//! Secrets at rest: after a whole Schwab-mode day against `schwab-fake` (an agent registers and signs in,
//! links two accounts, places orders, tokens are refreshed, the agent logs out), no file of the data
//! directory holds any password, token or session key, in plain text, hex or base64 (standard and
//! URL-safe, at every alignment inside a longer encoding).

#[macro_use]
mod support;

use std::path::{Path, PathBuf};

use actix_web::cookie::Key;
use actix_web::http::StatusCode;
use actix_web::test;
use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD_NO_PAD, URL_SAFE_NO_PAD};
use chrono::Duration;
use engine::account::TokenVault;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{json_of, post_json, session_cookie};

const AGENT_PASSWORD: &str = "agent-Pa55phrase-7c1e";
const BROKERAGE_PASSWORDS: [&str; 2] = ["brokerage-Pw-one-51d2", "brokerage-Pw-two-93aa"];

/// One secret and the name it is reported under.
struct Secret {
    name: String,
    bytes: Vec<u8>,
}

impl Secret {
    fn new(name: impl Into<String>, bytes: impl Into<Vec<u8>>) -> Self {
        Self {
            name: name.into(),
            bytes: bytes.into(),
        }
    }
}

/// Every spelling of `secret` that must not appear: the bytes, hex, and the base64 characters that
/// depend only on the secret, for each of the three alignments it can have inside a longer encoding.
fn spellings(secret: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut found = vec![
        ("plain".to_owned(), secret.to_vec()),
        ("hex".to_owned(), hex::encode(secret).into_bytes()),
        ("HEX".to_owned(), hex::encode_upper(secret).into_bytes()),
    ];
    for (alphabet, engine) in [("base64", STANDARD_NO_PAD), ("base64url", URL_SAFE_NO_PAD)] {
        for shift in 0..3usize {
            let mut shifted = vec![0u8; shift];
            shifted.extend_from_slice(secret);
            let encoded = engine.encode(&shifted);
            let first = (shift * 8).div_ceil(6);
            let last = (shift + secret.len()) * 8 / 6;
            found.push((
                format!("{alphabet} at offset {shift}"),
                encoded.as_bytes()[first..last].to_vec(),
            ));
        }
    }
    found
}

/// Every regular file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    needle.len() <= haystack.len() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// The tokens the vault holds for every account, as secrets.
fn stored_tokens(desk: &SchwabDesk, when: &str) -> Vec<Secret> {
    let vault = desk.state.store.account_vault().expect("the vault");
    let mut secrets = Vec::new();
    for account in desk
        .state
        .store
        .trading_accounts()
        .expect("accounts")
        .all()
        .expect("all")
    {
        let tokens = vault
            .load_tokens(account.id)
            .expect("readable")
            .expect("an authorized account has tokens");
        secrets.push(Secret::new(
            format!("access token of {} ({when})", account.name),
            tokens.access.expose_secret(),
        ));
        secrets.push(Secret::new(
            format!("refresh token of {} ({when})", account.name),
            tokens.refresh.expose_secret(),
        ));
    }
    secrets
}

#[actix_web::test]
async fn no_password_token_or_session_key_is_readable_in_the_data_directory() {
    let desk = SchwabDesk::start();
    let service = test::init_service(facade::app::build(desk.state.clone())).await;

    let credentials = json!({"agentUsername": "secret-keeper", "agentPassword": AGENT_PASSWORD});
    let (status, _) = call!(
        &service,
        post_json("/api/agent_account/register/", &credentials.to_string())
    );
    assert_eq!(status, StatusCode::OK);
    let login = test::call_service(
        &service,
        post_json("/api/agent_account/login/", &credentials.to_string()).to_request(),
    )
    .await;
    let cookie = session_cookie(&login).expect("signed in");

    for (index, password) in BROKERAGE_PASSWORDS.iter().enumerate() {
        let name = format!("Account{index}");
        let login = format!("schwab-login-{index}");
        let add = json!({"accountName": name, "accountUsername": login, "accountPassword": password,
                         "accountType": "small_account"});
        let (status, text) = call!(
            &service,
            post_json("/api/trading_account/login/", &add.to_string()).cookie(cookie.clone())
        );
        assert_eq!(status, StatusCode::OK, "{text}");
        let redirected = desk.authorize(&login).await;
        let paste = json!({"accountName": name, "accountUsername": login, "authorizationCodeUrl": redirected});
        assert_eq!(
            call!(
                &service,
                post_json(
                    "/api/trading_account/get_access_token_from_authorization_code/",
                    &paste.to_string()
                )
                .cookie(cookie.clone())
            ),
            (StatusCode::OK, r#"{"success":true}"#.into())
        );
        // The Get Access Token dialog reads the password back: it was stored, sealed.
        let (_, text) = call!(
            &service,
            post_json(
                "/api/trading_account/credentials",
                &json!({"accountUsername": login}).to_string()
            )
            .cookie(cookie.clone())
        );
        assert_eq!(json_of(&text)["accountPassword"], *password);
    }

    // Orders on both accounts: one filled at the market, one left working.
    let (status, text) = call!(&service, test::TestRequest::get()
        .uri("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=SPY&optionChainCallPut=CALL")
        .cookie(cookie.clone()));
    assert_eq!(status, StatusCode::OK, "{text}");
    let chain = json_of(&text);
    let strikes = chain
        .as_object()
        .and_then(|e| e.values().next())
        .and_then(Value::as_object)
        .expect("strikes");
    let symbol = strikes.values().nth(strikes.len() / 2).expect("a strike")[0]["symbol"]
        .as_str()
        .expect("symbol")
        .to_owned();
    for (kind, price) in [("MARKET", json!(0)), ("LIMIT", json!("0.05"))] {
        let order = json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol,
            "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": kind, "optionChainQuantity": 1,
            "optionChainPrice": price});
        assert_eq!(
            call!(
                &service,
                post_json(
                    "/api/copy_trading_account/place_order/COMMON",
                    &order.to_string()
                )
                .cookie(cookie.clone())
            ),
            (StatusCode::OK, "success".into())
        );
    }
    call!(
        &service,
        test::TestRequest::get()
            .uri("/api/copy_trading_account/fetch_trade_status/COMMON")
            .cookie(cookie.clone())
    );

    // The first tokens, then fresh ones after a refresh ahead of expiry.
    let mut secrets = stored_tokens(&desk, "first");
    desk.clock.advance(Duration::minutes(26));
    let (_, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/trading_account/fetch_trading_account_data_from_refresh_token")
            .cookie(cookie.clone())
    );
    assert_eq!(text, "success");
    let refreshed = stored_tokens(&desk, "refreshed");
    assert_ne!(
        refreshed[0].bytes, secrets[0].bytes,
        "the access token was renewed"
    );
    secrets.extend(refreshed);

    let (status, text) = call!(
        &service,
        test::TestRequest::post()
            .uri("/api/agent_account/logout")
            .cookie(cookie.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    desk.state.store.flush().expect("flushed");

    // The cookie's value is a signature followed by the session key (64 characters).
    let value = cookie.value();
    let session_key = &value[value.len() - 64..];
    secrets.push(Secret::new("session cookie", value));
    secrets.push(Secret::new("session key", session_key));
    secrets.push(Secret::new(
        "cookie signing key",
        Key::derive_from(desk.state.store.secrets().key_material())
            .signing()
            .to_vec(),
    ));
    secrets.push(Secret::new("agent password", AGENT_PASSWORD));
    for (index, password) in BROKERAGE_PASSWORDS.iter().enumerate() {
        secrets.push(Secret::new(
            format!("brokerage password {index}"),
            *password,
        ));
    }
    let app_secret = desk
        .state
        .settings
        .schwab
        .as_ref()
        .expect("schwab mode")
        .app_secret
        .clone();
    secrets.push(Secret::new("Schwab app secret", app_secret));

    let files = files_under(desk.dir.path());
    let contents: Vec<(PathBuf, Vec<u8>)> = files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).expect("a readable file");
            (path, bytes)
        })
        .collect();
    let everything: Vec<u8> = contents.iter().flat_map(|(_, b)| b.clone()).collect();
    // The scan reads the database itself: names that are not secret are there in plain text.
    for plain in ["secret-keeper", "schwab-login-0", "Account1"] {
        assert!(
            contains(&everything, plain.as_bytes()),
            "{plain} is stored in plain text, so the scan sees the data"
        );
    }
    let mut leaks = Vec::new();
    for secret in &secrets {
        assert!(
            secret.bytes.len() >= 16,
            "{} is long enough to search",
            secret.name
        );
        for (spelling, needle) in spellings(&secret.bytes) {
            for (path, bytes) in &contents {
                if contains(bytes, &needle) {
                    leaks.push(format!(
                        "{} as {spelling} in {}",
                        secret.name,
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(leaks.is_empty(), "secrets readable at rest: {leaks:#?}");
    desk.fake.stop().await;
}
