//! Holdings kept from executions: a MARKET fan-out's fill events alone make every account's position
//! right (symbol, quantity, average price) and move the stock positions table, before any positions
//! read; the confirming read finds nothing to correct, and where the brokerage changed behind the
//! events the read wins and the difference is counted. Schwab mode against `schwab-fake`, and paper.

#[macro_use]
mod support;

use std::time::Duration;

use actix_web::dev::{Service, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::{App, test};
use chrono::{DateTime, Utc};
use engine::account::poll_planner::PACE_SLICE;
use engine::account::{AVERAGE_TOLERANCE, AccountRegistry, StreamPhase};
use engine::clock::ManualClock;
use facade::routes;
use rust_decimal::Decimal;
use rust_decimal_macros::dec;
use serde_json::{Value, json};
use support::schwab::SchwabDesk;
use support::{TestApp, json_of, post_json, sign_in};

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

fn market_buy(quantity: u32) -> String {
    json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET",
        "stockQuantity": quantity})
    .to_string()
}

/// The running accounts by id.
fn accounts(registry: &AccountRegistry) -> Vec<engine::account::AccountHandle> {
    let mut handles = registry.handles();
    handles.sort_by_key(|h| h.account.id());
    handles
}

/// Each account's AAPL holding in its snapshot (by account id): net quantity and average price.
fn aapl_held(registry: &AccountRegistry) -> Vec<Option<(i64, Decimal)>> {
    accounts(registry)
        .iter()
        .map(|h| {
            h.account.current_snapshot().and_then(|s| {
                s.position("AAPL")
                    .map(|p| (p.net_quantity(), p.average_price))
            })
        })
        .collect()
}

/// When each account's positions were last read.
fn read_times(registry: &AccountRegistry) -> Vec<Option<DateTime<Utc>>> {
    accounts(registry)
        .iter()
        .map(|h| h.account.current_view().snapshot_at)
        .collect()
}

/// Opens every account's stream and waits until each is connected (no row is open yet, so none lists its
/// orders to catch up); then reads each
/// account's positions once (as its first poll would) so fills have positions to move.
async fn stream_and_read(registry: &AccountRegistry) {
    registry.start_streams();
    until("every stream connected", async || {
        registry
            .handles()
            .iter()
            .all(|h| h.account.stream_status().phase == StreamPhase::Connected)
    })
    .await;
    for handle in registry.handles() {
        handle
            .account
            .fetch_snapshot()
            .await
            .expect("positions read");
    }
}

/// Places a MARKET buy of `quantity` AAPL on every account, waits for every row of session `session`
/// to fill from the events, and checks that the positions moved without a positions read: each
/// account holds `before + expected` at an average price, its positions still wait for their
/// confirming read, and the stock positions table shows it. Answers the kept holdings.
async fn fan_out_kept(
    service: &impl Service<
        actix_http::Request,
        Response = ServiceResponse<impl actix_web::body::MessageBody>,
        Error = actix_web::Error,
    >,
    cookie: &actix_web::cookie::Cookie<'static>,
    registry: &AccountRegistry,
    session: &str,
    quantity: u32,
    expected: &[i64],
) -> Vec<(i64, Decimal)> {
    let read_at = read_times(registry);
    let before = aapl_held(registry);
    let table_version = || async {
        let response = test::call_service(
            service,
            test::TestRequest::get()
                .uri("/api/stock_copy_trading_position/database")
                .cookie(cookie.clone())
                .to_request(),
        )
        .await;
        let etag = response
            .headers()
            .get("etag")
            .map(|v| v.as_bytes().to_vec());
        let body = test::read_body(response).await;
        (etag, json_of(&String::from_utf8_lossy(&body)))
    };
    let (etag_before, _) = table_version().await;
    let (status, text) = call!(
        service,
        post_json(
            "/api/stock_copy_trading/place_order/",
            &market_buy(quantity)
        )
        .cookie(cookie.clone())
    );
    assert_eq!((status, text.as_str()), (StatusCode::OK, "success"));
    let filled = |table: &Value| {
        table[session].as_array().is_some_and(|rows| {
            rows.len() == expected.len() && rows.iter().all(|r| r["stockStatus"] == "FILLED")
        })
    };
    until("every row of the fan-out FILLED", async || {
        let (_, text) = call!(
            service,
            test::TestRequest::get()
                .uri("/api/stock_copy_trading/database")
                .cookie(cookie.clone())
        );
        filled(&json_of(&text))
    })
    .await;
    // The events may trail the rows by the follow-up of an order read: wait for the holdings.
    let wanted: Vec<i64> = before
        .iter()
        .zip(expected)
        .map(|(held, added)| held.map_or(0, |h| h.0) + added)
        .collect();
    until("every account's holding moved by its fill", async || {
        aapl_held(registry)
            .iter()
            .map(|h| h.map_or(0, |h| h.0))
            .eq(wanted.iter().copied())
    })
    .await;
    assert_eq!(read_times(registry), read_at, "no positions read happened");
    assert!(
        registry.handles().iter().all(|h| {
            let view = h.account.current_view();
            view.positions_stale && !view.positions_unkept
        }),
        "each account's positions wait for their confirming read, which only confirms"
    );
    let kept: Vec<(i64, Decimal)> = aapl_held(registry).into_iter().flatten().collect();
    assert_eq!(kept.len(), expected.len());
    assert!(
        kept.iter().all(|(_, average)| *average > dec!(0)),
        "{kept:?}"
    );
    // The table every screen polls shows the kept holdings under a new version.
    let (etag_after, table) = table_version().await;
    assert_ne!(
        etag_after, etag_before,
        "the positions table's version moved"
    );
    let mut shown: Vec<(i64, f64)> = table["AAPL"]
        .as_array()
        .expect("AAPL rows")
        .iter()
        .map(|r| {
            (
                r["stockSettledQuantity"].as_i64().unwrap_or(0),
                r["stockAveragePrice"].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    let mut from_kept: Vec<(i64, f64)> = kept
        .iter()
        .map(|(q, a)| (*q, a.to_string().parse().unwrap_or(0.0)))
        .collect();
    shown.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
    from_kept.sort_by(|a, b| a.partial_cmp(b).expect("numbers"));
    assert_eq!(shown, from_kept, "{table}");
    kept
}

/// Runs the position checks until every account's positions were read again, moving `clock` on a
/// pace slice whenever the background pace holds the checks back; answers the holdings the reads
/// brought.
async fn confirm(registry: &AccountRegistry, clock: &ManualClock) -> Vec<(i64, Decimal)> {
    until("positions confirmed by a read", async || {
        if registry.check_positions_due().await.is_empty() {
            clock.advance(chrono::Duration::from_std(PACE_SLICE).expect("a few seconds"));
        }
        registry
            .handles()
            .iter()
            .all(|h| !h.account.current_view().positions_stale)
    })
    .await;
    aapl_held(registry).into_iter().flatten().collect()
}

fn assert_agree(kept: &[(i64, Decimal)], read: &[(i64, Decimal)]) {
    assert_eq!(kept.len(), read.len());
    for ((kept_quantity, kept_average), (read_quantity, read_average)) in kept.iter().zip(read) {
        assert_eq!(kept_quantity, read_quantity, "kept {kept:?}, read {read:?}");
        assert!(
            (*kept_average - *read_average).abs() <= AVERAGE_TOLERANCE,
            "kept {kept:?}, read {read:?}"
        );
    }
}

/// The value of an unlabelled counter in the metrics text (0 when never counted).
fn counter(metrics: &str, name: &str) -> u64 {
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{name} ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0)
}

#[actix_web::test]
async fn schwab_a_market_fan_out_keeps_every_position_from_the_events_before_any_read() {
    const ACCOUNTS: usize = 6;
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
    stream_and_read(&registry).await;
    desk.clock.advance(chrono::Duration::seconds(61));

    let kept = fan_out_kept(&service, &alice, &registry, "1", 3, &[3; ACCOUNTS]).await;
    assert_eq!(registry.reads().background_last_minute(), 0);
    let read = confirm(&registry, &desk.clock).await;
    assert_agree(&kept, &read);

    // A second fan-out adds to the holdings at the average of both fills; meanwhile the first
    // account's brokerage booked two shares of a reinvested dividend, which no event tells: its
    // confirming read disagrees, wins, and is counted.
    let metrics = || async {
        let (_, text) = call!(
            &service,
            test::TestRequest::get()
                .uri("/api/metrics")
                .cookie(alice.clone())
        );
        text
    };
    let disagreed_before = counter(&metrics().await, "copydesk_holdings_disagreements_total");
    desk.clock.advance(chrono::Duration::seconds(61));
    let kept = fan_out_kept(&service, &alice, &registry, "2", 2, &[2; ACCOUNTS]).await;
    assert!(kept.iter().all(|(quantity, _)| *quantity == 5), "{kept:?}");
    let first = accounts(&registry)[0].account.link().expect("linked").hash;
    desk.fake
        .paper()
        .reinvest_dividend(&first, "AAPL", dec!(2))
        .expect("reinvested");
    let read = confirm(&registry, &desk.clock).await;
    assert_eq!(read[0].0, 7, "the read wins: {read:?}");
    assert_agree(&kept[1..], &read[1..]);
    let text = metrics().await;
    assert_eq!(
        counter(&text, "copydesk_holdings_disagreements_total"),
        disagreed_before + 1,
        "{text}"
    );
    assert!(
        text.contains("copydesk_holdings_fills_total{outcome=\"kept\"}"),
        "{text}"
    );
}

#[actix_web::test]
async fn paper_a_market_fan_out_keeps_every_position_from_the_events_before_any_read() {
    let app = TestApp::new(|_| {});
    let registry = app.state.services.registry.clone();
    let service = app.service().await;
    let alice = support::desk(&service, "alice").await;
    stream_and_read(&registry).await;
    app.clock.advance(chrono::Duration::seconds(61));
    // Small ×1, Medium ×2, Big ×3.
    let kept = fan_out_kept(&service, &alice, &registry, "1", 2, &[2, 4, 6]).await;
    let read = confirm(&registry, &app.clock).await;
    assert_agree(&kept, &read);
    let kept = fan_out_kept(&service, &alice, &registry, "2", 1, &[1, 2, 3]).await;
    assert_eq!(
        kept.iter().map(|(q, _)| *q).collect::<Vec<_>>(),
        vec![3, 6, 9]
    );
    let read = confirm(&registry, &app.clock).await;
    assert_agree(&kept, &read);
}
