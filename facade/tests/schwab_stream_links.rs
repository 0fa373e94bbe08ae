//! Linking and re-authorizing Schwab-mode accounts while their order streams run opens one Streamer
//! connection per authorization: no LOGIN, SUBS and LOGOUT followed by a reconnect moments later. The
//! streamer's address is read once per login and kept, so streams opened again cost no read.

#[macro_use]
mod support;

use actix_web::http::StatusCode;
use actix_web::test;
use engine::account::{StreamPhase, TokenVault};
use serde_json::json;
use support::schwab::{SchwabDesk, until};
use support::{json_of, post_json};

const ACCOUNTS: usize = 8;
#[actix_web::test]
async fn each_authorization_logs_in_to_the_streamer_once() {
    // The streams run before any account is linked, as in a running server.
    let (desk, service, alice) = SchwabDesk::streaming("alice").await;
    let state = desk.state.clone();
    let registry = state.services.registry.clone();
    for n in 0..ACCOUNTS {
        desk.link_account(
            &service,
            &alice,
            &format!("Acct {n}"),
            &format!("login-{n}"),
        )
        .await;
    }
    let connected = || {
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().phase == StreamPhase::Connected)
    };
    until("every stream connected", async || connected()).await;
    // No account has a row that is not final: nothing to catch up, so no listing is read.
    assert!(
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().catch_ups == 0)
    );
    // Half of them are signed in again (a week's renewal) while connected.
    for n in (0..ACCOUNTS).step_by(2) {
        desk.authorize_account(
            &service,
            &alice,
            &format!("Acct {n}"),
            &format!("login-{n}"),
        )
        .await;
    }
    // A MARKET fan-out whose every row turns FILLED from the streams' events: by then every stream has
    // done whatever its authorizations made it do.
    let buy = json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET", "stockQuantity": 1});
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order/", &buy.to_string()).cookie(alice.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    until("every row FILLED from the events", async || {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock_copy_trading/database")
                .cookie(alice.clone())
        );
        json_of(&text)["1"].as_array().is_some_and(|rows| {
            rows.len() == ACCOUNTS && rows.iter().all(|r| r["stockStatus"] == "FILLED")
        })
    })
    .await;
    let logins: Vec<(String, u64)> = (0..ACCOUNTS)
        .map(|n| {
            let login = format!("login-{n}");
            let count = desk.fake.stream_logins(&login);
            (login, count)
        })
        .collect();
    let expected: Vec<(String, u64)> = (0..ACCOUNTS)
        .map(|n| (format!("login-{n}"), if n % 2 == 0 { 2 } else { 1 }))
        .collect();
    assert_eq!(logins, expected, "one Streamer LOGIN per authorization");

    // Where each login's stream is was read once and kept (sealed in the store, for restarts too):
    // streams dropped now open again without reading it, and with every row final nothing is listed.
    let vault = state.store.account_vault().expect("vault");
    for handle in registry.handles() {
        assert!(
            vault
                .load_stream_address(handle.account.id())
                .expect("readable")
                .is_some(),
            "account {} keeps its stream address",
            handle.account.id()
        );
    }
    desk.clock.advance(chrono::Duration::seconds(61));
    let reads = registry.reads().clone();
    assert_eq!(reads.used_last_minute(), 0);
    desk.fake.drop_stream_connections();
    until("every stream connected again", async || {
        registry.handles().iter().all(|h| {
            let stream = h.account.stream_status();
            stream.phase == StreamPhase::Connected && stream.reconnects >= 1
        })
    })
    .await;
    assert_eq!(
        reads.used_last_minute(),
        0,
        "no read to open the streams again"
    );
    desk.fake.stop().await;
}
