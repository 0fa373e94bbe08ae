//! `copydesk serve` against `schwab-fake` whose order answers are slow: copydesk is killed with SIGKILL
//! in the middle of a place, restarted on the same data, and must then know every order the fake holds
//! (one row each, with its id), mark the writes it never sent as failed, and never place one twice: not
//! even when the place is sent again under its `Idempotency-Key`.

mod support;

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{Context, Result, ensure};
use engine::broker::paper::PaperConfig;
use engine::broker::{AccountHash, Brokerage};
use engine::copy::reconcile::NOT_SENT;
use engine::ids::BrokerOrderId;
use fixtures::fake::{
    DEFAULT_APP_KEY, DEFAULT_APP_SECRET, FakeConfig, FakeServer, FaultPlan, LostAnswer,
};
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::served::{Agent, Served};

/// The callback registered for the app (the fake accepts any).
const CALLBACK: &str = "https://127.0.0.1:8182/callback";
/// The accounts: login and tier. The first two have used their whole write budget when the place is
/// sent, so their writes are still waiting when copydesk dies.
const ACCOUNTS: [(&str, &str); 6] = [
    ("kill-login-1", "small_account"),
    ("kill-login-2", "medium_account"),
    ("kill-login-3", "big_account"),
    ("kill-login-4", "small_account"),
    ("kill-login-5", "medium_account"),
    ("kill-login-6", "big_account"),
];
/// How many of the accounts (the first ones) wait for write budget when copydesk dies.
const WAITING: usize = 2;
/// How long an answer to an order write is held back by the fake (copydesk dies long before).
const STALL: Duration = Duration::from_secs(25);
/// How long the fake may take to carry out the writes that were sent.
const WRITES_LIMIT: Duration = Duration::from_secs(20);
/// How long the restarted copydesk may take to settle every row (a listing asked at least 10 s after
/// the send is needed).
const SETTLE_LIMIT: Duration = Duration::from_secs(90);
/// The key the killed place is sent under (and sent again after the restart).
const PLACE_KEY: &str = "killed-place-1";
/// How often a bounded wait looks again.
const LOOK_EVERY: Duration = Duration::from_millis(100);

#[actix_web::test]
async fn a_place_killed_mid_fan_out_is_fully_known_after_a_restart_and_never_resent() -> Result<()>
{
    let fake = FakeServer::start(FakeConfig {
        paper: PaperConfig {
            volatility_scale: 0.0,
            ..PaperConfig::default()
        },
        order_writes_per_minute: None,
        reads_per_minute: None,
        ..FakeConfig::default()
    })?;
    let dir = tempfile::tempdir()?;
    let args: Vec<String> = [
        "--broker",
        "schwab",
        "--schwab-app-key",
        DEFAULT_APP_KEY,
        "--schwab-app-secret",
        DEFAULT_APP_SECRET,
        "--schwab-callback-url",
        CALLBACK,
        "--schwab-base-url",
        &fake.base_url(),
        "--bind",
        "127.0.0.1:0",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .chain([
        "--data".to_owned(),
        dir.path().join("data").display().to_string(),
        "--ui-dir".to_owned(),
        dir.path().join("no-ui").display().to_string(),
    ])
    .collect();
    let logs = [dir.path().join("first.log"), dir.path().join("second.log")];
    let outcome = scenario(&fake, &args, &logs).await;
    if outcome.is_err() {
        for log in &logs {
            let text = std::fs::read_to_string(log).unwrap_or_default();
            eprintln!("--- {}:\n{text}", log.display());
        }
    }
    fake.stop().await;
    outcome
}

async fn scenario(
    fake: &FakeServer,
    args: &[String],
    logs: &[std::path::PathBuf; 2],
) -> Result<()> {
    let mut first = Served::start(args, &logs[0]).await?;
    let agent = Agent::sign_in(&first.base_url, "alice", true).await?;
    let ids = add_accounts(fake, &agent).await?;
    let hashes = hashes(fake)?;
    let symbol = option_symbol(&agent).await?;

    // The first accounts use up their write budget (one write a minute) on an order of their own.
    let mut waiting = Vec::new();
    for (login, _) in &ACCOUNTS[..WAITING] {
        waiting.push(json!({"accountId": ids[*login]}));
    }
    let earlier = order(&symbol, "LIMIT", json!("0.01"), waiting);
    let answer = agent
        .post("/api/copy_trading_account/place_order/COMMON", &earlier)
        .await?;
    ensure!(answer == (StatusCode::OK, "success".into()), "{answer:?}");
    for (login, _) in &ACCOUNTS[..WAITING] {
        let limit = json!({"accountUsername": login, "writeLimitPerMinute": 1});
        let answer = agent
            .post("/api/operator/account_write_limit", &limit)
            .await?;
        ensure!(answer == (StatusCode::OK, "success".into()), "{answer:?}");
    }

    // From now on the fake carries order writes out at once and holds their answers back.
    fake.update_faults(|f| {
        f.lose_answer = FaultPlan::rate(1.0);
        f.lost_answer = LostAnswer::Stall(STALL);
    });
    let market = order(&symbol, "MARKET", json!(0), Vec::new());
    let sender = agent.clone();
    let sent_market = market.clone();
    let place = actix_web::rt::spawn(async move {
        sender
            .post_keyed(
                "/api/copy_trading_account/place_order/COMMON",
                &sent_market,
                PLACE_KEY,
            )
            .await
    });
    // A market order fills as it is placed: the fake's fills show which writes it carried out.
    let sent: Vec<&AccountHash> = ACCOUNTS[WAITING..]
        .iter()
        .map(|(login, _)| &hashes[*login])
        .collect();
    let started = std::time::Instant::now();
    while !sent
        .iter()
        .all(|hash| fake.paper().fills(hash).is_ok_and(|f| !f.is_empty()))
    {
        ensure!(
            started.elapsed() < WRITES_LIMIT,
            "the writes never reached the fake"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
    first.kill()?;
    let answered = place.await?;
    ensure!(
        answered.is_err(),
        "the place was answered before the kill: {answered:?}"
    );
    fake.update_faults(|f| f.lose_answer = FaultPlan::default());

    // What the fake did: one filled order per account whose write was sent, none for the others.
    let mut filled = BTreeMap::new();
    for (login, _) in &ACCOUNTS {
        let mut orders: Vec<BrokerOrderId> = fake
            .paper()
            .fills(&hashes[*login])?
            .iter()
            .map(|f| f.order)
            .collect();
        orders.dedup();
        filled.insert(*login, orders);
    }
    for (login, _) in &ACCOUNTS[..WAITING] {
        ensure!(filled[*login].is_empty(), "{login}: {:?}", filled[*login]);
    }
    for (login, _) in &ACCOUNTS[WAITING..] {
        ensure!(filled[*login].len() == 1, "{login}: {:?}", filled[*login]);
    }

    // The restart knows the session at once: one row per account, written down before the sends.
    let second = Served::start(args, &logs[1]).await?;
    let agent = Agent::sign_in(&second.base_url, "alice", false).await?;
    let table = agent
        .get_json("/api/copy_trading_account/database/COMMON")
        .await?;
    let rows = session_rows(&table, "2")?;
    ensure!(rows.len() == ACCOUNTS.len(), "{table}");

    // The place sent again under its key (its answer was lost) is refused: its key was on disk before
    // its first order left. What the accounts hold is checked below: one order each, no more.
    let repeat = agent
        .post_keyed(
            "/api/copy_trading_account/place_order/COMMON",
            &market,
            PLACE_KEY,
        )
        .await?;
    ensure!(
        repeat
            == (
                StatusCode::CONFLICT,
                support::error_body(facade::command_replay::INTERRUPTED, "command_interrupted")
            ),
        "{repeat:?}"
    );

    // Polls settle every row, without sending anything.
    let started = std::time::Instant::now();
    let table = loop {
        let table = agent
            .get_json("/api/copy_trading_account/database/COMMON")
            .await?;
        let open = table
            .as_object()
            .context("sessions")?
            .values()
            .flat_map(|rows| rows.as_array().into_iter().flatten())
            .any(|row| {
                matches!(
                    row["optionChainStatus"].as_str(),
                    Some("PENDING" | "UNSETTLED")
                )
            });
        if !open {
            break table;
        }
        ensure!(
            started.elapsed() < SETTLE_LIMIT,
            "rows still unsettled: {table}"
        );
        tokio::time::sleep(LOOK_EVERY * 5).await;
    };
    drop(second);

    // copydesk's rows against the fake's orders.
    let earlier_rows = session_rows(&table, "1")?;
    let rows = session_rows(&table, "2")?;
    ensure!(rows.len() == ACCOUNTS.len(), "{table}");
    for (login, _) in &ACCOUNTS {
        let row = one_row(&rows, login)?;
        let earlier_id = one_row(&earlier_rows, login)
            .ok()
            .and_then(|r| r["optionChainOrderId"].as_i64());
        let orders: Vec<_> = fake_orders(fake, login, &hashes[*login])
            .await?
            .into_iter()
            .filter(|o| Some(o.id.get()) != earlier_id)
            .collect();
        match orders.as_slice() {
            [] => ensure!(
                row["optionChainStatus"] == "FAILED_TO_PLACE"
                    && row["optionChainOrderId"].is_null()
                    && row["optionChainStatusDescription"] == NOT_SENT,
                "{login} holds no order; its row: {row}"
            ),
            [order] => ensure!(
                row["optionChainOrderId"] == json!(order.id.get())
                    && row["optionChainStatus"] == order.status.to_string()
                    && row["optionChainStatus"] == "FILLED"
                    && filled[*login] == vec![order.id],
                "{login} holds {order:?}; its row: {row}"
            ),
            several => anyhow::bail!("{login} holds {} orders: {several:?}", several.len()),
        }
    }
    let placed: Vec<_> = rows
        .iter()
        .filter(|r| r["optionChainStatus"] == "FILLED")
        .collect();
    ensure!(placed.len() == ACCOUNTS.len() - WAITING, "{table}");
    Ok(())
}

/// Adds every account and authorizes it through the fake's login page; their ids by login.
async fn add_accounts(fake: &FakeServer, agent: &Agent) -> Result<BTreeMap<&'static str, u64>> {
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    for (i, (login, tier)) in ACCOUNTS.iter().enumerate() {
        let name = format!("Account {}", i + 1);
        let add = json!({"accountName": name, "accountUsername": login, "accountPassword": "pw-123",
                         "accountType": tier});
        let (status, text) = agent.post("/api/trading_account/login/", &add).await?;
        ensure!(status == StatusCode::OK, "{text}");
        let answer = browser
            .post(format!("{}/v1/oauth/authorize", fake.base_url()))
            .form(&[
                ("client_id", DEFAULT_APP_KEY),
                ("redirect_uri", CALLBACK),
                ("username", login),
                ("password", "pw-123"),
            ])
            .send()
            .await?;
        ensure!(answer.status() == StatusCode::FOUND);
        let redirected = answer
            .headers()
            .get("location")
            .context("location")?
            .to_str()?
            .to_owned();
        let paste = json!({"accountName": name, "accountUsername": login,
                           "authorizationCodeUrl": redirected});
        let answer = agent
            .post(
                "/api/trading_account/get_access_token_from_authorization_code/",
                &paste,
            )
            .await?;
        ensure!(
            answer == (StatusCode::OK, r#"{"success":true}"#.into()),
            "{answer:?}"
        );
    }
    let listed = agent.get_json("/api/trading_account/database").await?;
    let mut ids = BTreeMap::new();
    for row in listed.as_array().context("accounts")? {
        let login = ACCOUNTS
            .iter()
            .map(|(login, _)| *login)
            .find(|login| row["accountUsername"] == *login)
            .context("a known login")?;
        ensure!(row["accountStatus"] == "connected", "{row}");
        ids.insert(login, row["accountId"].as_u64().context("accountId")?);
    }
    ensure!(ids.len() == ACCOUNTS.len(), "{listed}");
    Ok(ids)
}

/// The fake's account hash of every login.
fn hashes(fake: &FakeServer) -> Result<BTreeMap<&'static str, AccountHash>> {
    let accounts = fake.paper().accounts();
    ACCOUNTS
        .iter()
        .map(|(login, _)| {
            let account = accounts
                .iter()
                .find(|a| a.username == *login)
                .with_context(|| format!("{login} has a paper account"))?;
            Ok((*login, account.link.hash.clone()))
        })
        .collect()
}

/// A put near the money, from the chain copydesk serves.
async fn option_symbol(agent: &Agent) -> Result<String> {
    let chain = agent
        .get_json("/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName=SPY&optionChainCallPut=PUT")
        .await?;
    let strikes = chain
        .as_object()
        .and_then(|e| e.values().next())
        .and_then(Value::as_object)
        .context("strikes")?;
    let contract = strikes
        .values()
        .nth(strikes.len() / 2)
        .and_then(|c| c.get(0))
        .context("a contract")?;
    Ok(contract["symbol"].as_str().context("symbol")?.to_owned())
}

/// A COMMON option order to open, to the listed accounts (all active ones when none is listed).
fn order(symbol: &str, kind: &str, price: Value, accounts: Vec<Value>) -> Value {
    json!({"allTradingAccountsOrderList": accounts, "optionChainSymbol": symbol,
           "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": kind,
           "optionChainQuantity": 1, "optionChainPrice": price})
}

fn session_rows(table: &Value, session: &str) -> Result<Vec<Value>> {
    Ok(table[session]
        .as_array()
        .with_context(|| format!("session {session} in {table}"))?
        .clone())
}

fn one_row<'a>(rows: &'a [Value], login: &str) -> Result<&'a Value> {
    let mine: Vec<&Value> = rows
        .iter()
        .filter(|r| r["accountUsername"] == login)
        .collect();
    ensure!(mine.len() == 1, "{login} has {} rows", mine.len());
    Ok(mine[0])
}

/// Every order the fake holds for a login, read with a login of the test's own (copydesk is stopped
/// by then: a new login ends copydesk's).
async fn fake_orders(
    fake: &FakeServer,
    login: &str,
    hash: &AccountHash,
) -> Result<Vec<engine::order::BrokerOrder>> {
    let paper = fake.paper();
    let code = paper.authorize(login, "pw-123")?;
    let tokens = paper.exchange_code(&code, CALLBACK).await?;
    let now = chrono::Utc::now();
    Ok(paper
        .list_orders(
            &tokens.access,
            hash,
            now - chrono::Duration::days(1),
            now + chrono::Duration::days(1),
        )
        .await?)
}

/// How long the fake takes before it carries out a write, in the SIGTERM test.
const SLOW_WRITE: Duration = Duration::from_secs(3);

#[actix_web::test]
async fn sigterm_lets_the_fan_out_in_flight_finish_and_refuses_new_orders() -> Result<()> {
    let fake = FakeServer::start(FakeConfig {
        paper: PaperConfig {
            volatility_scale: 0.0,
            ..PaperConfig::default()
        },
        order_writes_per_minute: None,
        reads_per_minute: None,
        ..FakeConfig::default()
    })?;
    let dir = tempfile::tempdir()?;
    let args: Vec<String> = [
        "--broker",
        "schwab",
        "--schwab-app-key",
        DEFAULT_APP_KEY,
        "--schwab-app-secret",
        DEFAULT_APP_SECRET,
        "--schwab-callback-url",
        CALLBACK,
        "--schwab-base-url",
        &fake.base_url(),
        "--bind",
        "127.0.0.1:0",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .chain([
        "--data".to_owned(),
        dir.path().join("data").display().to_string(),
        "--ui-dir".to_owned(),
        dir.path().join("no-ui").display().to_string(),
    ])
    .collect();
    let log = dir.path().join("served.log");
    let outcome = drain_scenario(&fake, &args, &log).await;
    if outcome.is_err() {
        eprintln!(
            "--- copydesk:\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }
    fake.stop().await;
    outcome
}

async fn drain_scenario(fake: &FakeServer, args: &[String], log: &std::path::Path) -> Result<()> {
    let mut served = Served::start(args, log).await?;
    let agent = Agent::sign_in(&served.base_url, "alice", true).await?;
    add_accounts(fake, &agent).await?;
    let symbol = option_symbol(&agent).await?;
    fake.update_faults(|f| f.latency = SLOW_WRITE);
    let limit = order(&symbol, "LIMIT", json!("0.01"), Vec::new());
    let sender = agent.clone();
    let body = limit.clone();
    let place = actix_web::rt::spawn(async move {
        sender
            .post("/api/copy_trading_account/place_order/COMMON", &body)
            .await
    });
    // The fan-out is written down (every row PENDING) before its first write: wait for that.
    let started = std::time::Instant::now();
    loop {
        let table = agent
            .get_json("/api/copy_trading_account/database/COMMON")
            .await?;
        if table.get("1").is_some() {
            break;
        }
        ensure!(started.elapsed() < WRITES_LIMIT, "the fan-out never began");
        tokio::time::sleep(LOOK_EVERY).await;
    }
    // SIGTERM while the writes are in flight: new orders are refused; the fan-out finishes; then exit.
    let stopping = std::process::Command::new("kill")
        .arg("-TERM")
        .arg(served.pid().to_string())
        .status()?;
    ensure!(stopping.success(), "kill -TERM");
    // The signal arrives on its own time: wait until copydesk says it takes no new commands.
    let signalled = std::time::Instant::now();
    while !std::fs::read_to_string(log)
        .unwrap_or_default()
        .contains("stopping: no new commands")
    {
        ensure!(
            signalled.elapsed() < WRITES_LIMIT,
            "copydesk never noticed the signal"
        );
        tokio::time::sleep(LOOK_EVERY).await;
    }
    let refused = agent
        .post("/api/copy_trading_account/place_order/COMMON", &limit)
        .await?;
    ensure!(
        refused.0 == StatusCode::SERVICE_UNAVAILABLE
            && refused.1.contains("copydesk is shutting down"),
        "{refused:?}"
    );
    let answered = place.await??;
    ensure!(
        answered == (StatusCode::OK, "success".into()),
        "the fan-out in flight finished: {answered:?}"
    );
    ensure!(
        served.wait_exit(Duration::from_secs(40)).await?,
        "copydesk exited cleanly"
    );
    fake.update_faults(|f| f.latency = Duration::ZERO);

    // After a restart every row of the session holds its order: nothing was left pending.
    let again = Served::start(args, log).await?;
    let agent = Agent::sign_in(&again.base_url, "alice", false).await?;
    let table = agent
        .get_json("/api/copy_trading_account/database/COMMON")
        .await?;
    let rows = session_rows(&table, "1")?;
    ensure!(rows.len() == ACCOUNTS.len(), "{rows:?}");
    for row in &rows {
        ensure!(row["optionChainStatus"] != "PENDING", "{row}");
        ensure!(row["optionChainOrderId"].is_i64(), "{row}");
    }
    ensure!(
        table.get("2").is_none(),
        "the refused order made no session"
    );
    Ok(())
}
