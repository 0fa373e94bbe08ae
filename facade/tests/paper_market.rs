//! `copydesk serve` on the embedded paper brokerage: the market moves on its own timer, so an order
//! that fills over several steps reaches the polled tables without anyone asking for a refresh (the
//! accounts follow their order streams and are polled only every few minutes).

mod support;

use std::time::Duration;

use anyhow::{Context, Result, ensure};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::served::{Agent, Served};

/// How long the order may take to fill completely (a few market steps of one second each).
const FILL_LIMIT: Duration = Duration::from_secs(30);
/// How often the wait looks at the table again, as the screens' 500 ms poll does.
const LOOK_EVERY: Duration = Duration::from_millis(500);

#[actix_web::test]
async fn a_resting_order_fills_step_by_step_in_the_polled_table_without_a_refresh() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let args: Vec<String> = vec![
        "--bind".to_owned(),
        "127.0.0.1:0".to_owned(),
        "--data".to_owned(),
        dir.path().join("data").display().to_string(),
        "--ui-dir".to_owned(),
        dir.path().join("no-ui").display().to_string(),
    ];
    let log = dir.path().join("copydesk.log");
    let served = Served::start(&args, &log).await?;
    let outcome = scenario(&served).await;
    if outcome.is_err() {
        eprintln!("--- copydesk log:\n{}", served.log());
    }
    outcome
}

async fn scenario(served: &Served) -> Result<()> {
    let agent = Agent::sign_in(&served.base_url, "alice", true).await?;
    let account = json!({"accountName": "Atlas", "accountUsername": "alice-atlas",
                         "accountPassword": "pw", "accountType": "small_account"});
    let (status, text) = agent.post("/api/trading_account/login/", &account).await?;
    ensure!(status == StatusCode::OK, "add account: {status} {text}");

    // A limit just above the ask: the paper market fills it a slice per step.
    let quote = agent
        .get_json("/api/stock_copy_trading/get_stock_quotes/?stockSymbol=F")
        .await?;
    let ask = quote["ask"].as_f64().context("ask")?;
    let place = json!({"allTradingAccountsOrderList": [], "stockSymbol": "F", "stockSession": "NORMAL",
        "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "LIMIT", "stockQuantity": 350,
        "stockPrice": ((ask + 0.02) * 100.0).round() / 100.0, "stockStopPrice": 0,
        "stockStopPriceLinkType": "VALUE", "stockStopPriceOffset": 0});
    let answer = agent
        .post("/api/stock_copy_trading/place_order", &place)
        .await?;
    ensure!(
        answer == (StatusCode::OK, "success".to_owned()),
        "place: {answer:?}"
    );

    // Only the table the screens poll is read; nothing asks the brokerage for a refresh.
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + FILL_LIMIT;
    loop {
        let table = agent.get_json("/api/stock_copy_trading/database").await?;
        let row = row_of(&table)?;
        let state = (
            row["stockStatus"].as_str().unwrap_or_default().to_owned(),
            row["stockFilledQuantity"].as_u64().unwrap_or_default(),
        );
        if seen.last() != Some(&state) {
            seen.push(state.clone());
        }
        if state.0 == "FILLED" {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "not filled within {FILL_LIMIT:?}; the table went {seen:?}"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
    assert_eq!(seen.last(), Some(&("FILLED".to_owned(), 350)));
    assert!(
        seen.iter()
            .any(|(status, filled)| status == "WORKING" && *filled < 350),
        "filled over several steps, each shown: {seen:?}"
    );
    // The position follows the fills (a balance read after each fill event), just behind them.
    loop {
        let positions = agent
            .get_json("/api/stock_copy_trading_position/database")
            .await?;
        let held = positions["F"][0]["stockSettledQuantity"].as_i64();
        if held == Some(350) {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "the position stayed at {held:?} of 350"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
    Ok(())
}

/// The one row of session 1.
fn row_of(table: &Value) -> Result<&Value> {
    table["1"]
        .as_array()
        .and_then(|rows| rows.first())
        .context("session 1 has a row")
}
