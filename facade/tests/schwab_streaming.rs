//! Schwab mode with order streams, against `schwab-fake` over loopback: 40 accounts, one MARKET
//! fan-out, every row FILLED from the accounts' ACCT_ACTIVITY events while nothing polls, at most one
//! order read per account and one position check (a background read) per filled account; with the
//! events lost and the streams dropped, the fills show through the catch-up listing after the
//! reconnect. The operator sees each stream.

#[macro_use]
mod support;

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{App, test};
use engine::account::StreamPhase;
use engine::account::poll_planner::PACE_SLICE;
use facade::routes;
use fixtures::fake::{FaultPlan, LostEvents};
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{json_of, post_json, sign_in};

const ACCOUNTS: usize = 40;
/// Longest wait for a condition that the streams bring about (real time: events cross loopback).
const CONDITION_LIMIT: Duration = Duration::from_secs(60);
/// Between two looks at a condition.
const LOOK_EVERY: Duration = Duration::from_millis(20);

/// Waits until `condition` holds, looking every [`LOOK_EVERY`]; fails after [`CONDITION_LIMIT`].
async fn until(what: &str, mut condition: impl AsyncFnMut() -> bool) {
    let started = std::time::Instant::now();
    while !condition().await {
        assert!(started.elapsed() < CONDITION_LIMIT, "never: {what}");
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

fn market_buy() -> String {
    json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET", "stockQuantity": 1})
    .to_string()
}

#[actix_web::test]
async fn fills_show_from_the_stream_and_after_a_drop_from_the_catch_up() {
    let desk = SchwabDesk::start();
    let state = desk.state.clone();
    let registry = state.services.registry.clone();
    let app_state = state.clone();
    let service =
        test::init_service(App::new().configure(move |cfg| routes::configure(cfg, &app_state)))
            .await;
    let alice = sign_in(&service, "alice").await;
    for n in 0..ACCOUNTS {
        desk.link_account(
            &service,
            &alice,
            &format!("Acct {n}"),
            &format!("login-{n}"),
        )
        .await;
    }
    desk.clock.advance(chrono::Duration::seconds(61));

    // Streams open (one userPreference read each). No account has a row that is not final, so none
    // lists its orders to catch up.
    registry.start_streams();
    until("every stream connected", async || {
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().phase == StreamPhase::Connected)
    })
    .await;
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/accounts")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let operator = json_of(&text);
    let rows = operator.as_array().expect("rows");
    assert_eq!(rows.len(), ACCOUNTS);
    assert!(
        rows.iter().all(|r| r["streamState"] == "connected"
            && r["streamStateText"].is_null()
            && r["catchUpReads"] == 0),
        "{operator}"
    );

    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/operator/read_budget")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    let budget = json_of(&text);
    // 110 a minute for Schwab by default; a tenth is kept for the reads events ask for, and a
    // tenth for the reads a person waits on.
    assert_eq!(
        (
            budget["readLimitPerMinute"].clone(),
            budget["reservedForEvents"].clone(),
            budget["reservedForPeople"].clone(),
            budget["streamingAccounts"].clone(),
            budget["polledAccounts"].clone()
        ),
        (json!(110), json!(11), json!(11), json!(ACCOUNTS), json!(0)),
        "{budget}"
    );

    // A fresh minute: everything spent from here on is the fan-out's.
    desk.clock.advance(chrono::Duration::seconds(61));
    let reads = registry.reads().clone();
    assert_eq!(reads.used_last_minute(), 0);
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order/", &market_buy()).cookie(alice.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    let table = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/stock_copy_trading/database")
                .cookie(alice.clone())
        );
        json_of(&text)
    };
    let all_filled = |table: &Value, session: &str| {
        table[session].as_array().is_some_and(|rows| {
            rows.len() == ACCOUNTS
                && rows
                    .iter()
                    .all(|r| r["stockStatus"] == "FILLED" && r["stockFilledQuantity"] == 1)
        })
    };
    until("every row of the fan-out FILLED", async || {
        all_filled(&table().await, "1")
    })
    .await;
    // Nothing polled: no scheduler runs in this test, so the fills came from the events, and they
    // cost no read beyond a MARKET order's own (no balances read).
    let by_events = reads.used_last_minute();
    assert!(
        by_events <= ACCOUNTS as u32,
        "{by_events} reads for {ACCOUNTS} accounts"
    );
    // The positions are read once per filled account by the position checks, background reads
    // that keep the background pace (a few every five seconds).
    until("positions checked after the fills", async || {
        if registry.check_positions_due().await.is_empty() {
            desk.clock
                .advance(chrono::Duration::from_std(PACE_SLICE).expect("a few seconds"));
        }
        registry.handles().iter().all(|h| {
            h.account
                .current_snapshot()
                .is_some_and(|s| s.positions.iter().any(|p| p.symbol == "AAPL"))
        })
    })
    .await;
    assert_eq!(reads.background_last_minute(), ACCOUNTS as u32);
    let spent = reads.used_last_minute();
    assert!(
        spent <= 2 * ACCOUNTS as u32,
        "{spent} reads for {ACCOUNTS} accounts"
    );

    // The next fan-out's events are all lost, silently, and the streams then drop: the reconnect's
    // catch-up listing brings the fills.
    desk.fake.update_streamer(|s| {
        s.lose_events = FaultPlan { rate: 1.0, next: 0 };
        s.lost_events = LostEvents::Silent;
    });
    let (status, text) = call!(
        &service,
        post_json("/api/stock_copy_trading/place_order/", &market_buy()).cookie(alice.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    assert!(!all_filled(&table().await, "2"));
    desk.fake
        .update_streamer(|s| s.lose_events = FaultPlan::default());
    desk.clock.advance(chrono::Duration::seconds(61));
    desk.fake.drop_stream_connections();
    until("every row of the second fan-out FILLED", async || {
        all_filled(&table().await, "2")
    })
    .await;
    assert!(
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().reconnects >= 1),
        "every stream reconnected"
    );
    let (status, text) = call!(
        &service,
        test::TestRequest::get()
            .uri("/api/metrics")
            .cookie(alice.clone())
    );
    assert_eq!(status, StatusCode::OK);
    assert!(text.contains("copydesk_stream_events_total"), "{text}");
    assert!(
        text.contains("copydesk_stream_connections{state=\"connected\"}"),
        "{text}"
    );
    for budget in ["reads", "writes"] {
        let used = format!("copydesk_budget_calls_total{{budget=\"{budget}\",outcome=\"used\"}}");
        assert!(text.contains(&used), "{used} in {text}");
    }
}
