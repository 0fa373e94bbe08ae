//! Freshness in Schwab mode: N accounts (default 100) against schwab-fake at its default 120 reads a
//! minute, as `copydesk serve --broker schwab` runs them (polling and order streams started). Each
//! MARKET fan-out is timed from the place call to every row FILLED in the orders table, and the reads
//! it spent are counted (the order reads and balances reads its events asked for).

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use benches::figures::Figures;
use clap::Parser;
use engine::account::messages::Authorize;
use engine::account::{AccountType, StreamPhase};
use engine::broker::AuthorizationCode;
use engine::clock::SystemClock;
use engine::pause::TokioPause;
use facade::services::Services;
use facade::settings::{BrokerKind, SchwabSettings, WRITE_LIMIT};
use facade::{AppState, Settings, routes};
use fixtures::fake::{FakeConfig, FakeServer};
use serde_json::{Value, json};
use store::{NewTradingAccount, Store};

const CALLBACK: &str = "https://127.0.0.1:8182/callback";
/// Between two looks at the orders table.
const LOOK_EVERY: Duration = Duration::from_millis(25);
/// The longest wait for a fan-out's rows, or for the streams to connect.
const GIVE_UP: Duration = Duration::from_secs(600);
/// How long after the rows filled the reads their events asked for are still counted.
const SETTLE: Duration = Duration::from_secs(5);

#[derive(Debug, Parser)]
#[command(
    about = "Time from a MARKET fan-out to every row FILLED in Schwab mode, and the reads it spends"
)]
struct Args {
    /// Linked Schwab-mode accounts.
    #[arg(long, default_value_t = 100)]
    accounts: usize,
    /// Fan-outs measured.
    #[arg(long, default_value_t = 3)]
    fan_outs: usize,
    /// Seconds between fan-outs.
    #[arg(long, default_value_t = 10)]
    every_secs: u64,
}

#[actix_web::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let fake = FakeServer::start(FakeConfig::default())?;
    let dir = tempfile::tempdir()?;
    let mut settings = Settings::for_tests(dir.path().to_path_buf());
    settings.broker = BrokerKind::Schwab;
    let fake_config = FakeConfig::default();
    settings.schwab = Some(SchwabSettings {
        app_key: fake_config.app_key.clone(),
        app_secret: fake_config.app_secret.clone(),
        callback_url: CALLBACK.into(),
        base_url: fake.base_url(),
    });
    let store = Store::open(dir.path(), None)?;
    let services = Services::start_with(
        &store,
        &settings,
        Arc::new(SystemClock),
        Arc::new(TokioPause),
    )?;
    let state = AppState::new(store, settings, services)?;
    let registry = state.services.registry.clone();

    let hash = facade::auth::hash_password("bench-password").map_err(anyhow::Error::msg)?;
    let now = chrono::Utc::now().timestamp();
    let agent = state.store.agents()?.create("bench", &hash, now)?;
    let agent = engine::ids::AgentId(agent.id);
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    println!("linking {} Schwab-mode accounts", args.accounts);
    for n in 1..=args.accounts {
        let username = format!("fresh-{n}");
        let record = state.store.trading_accounts()?.create(&NewTradingAccount {
            agent,
            name: &format!("Fresh {n}"),
            username: &username,
            password: "pw-123",
            account_type: AccountType::Small,
            write_limit_per_minute: WRITE_LIMIT,
            created_at: now,
        })?;
        let handle = registry.start(record.id, record.agent, record.write_limit_per_minute)?;
        let answer = browser
            .post(format!("{}/v1/oauth/authorize", fake.base_url()))
            .form(&[
                ("client_id", fake_config.app_key.as_str()),
                ("redirect_uri", CALLBACK),
                ("username", username.as_str()),
                ("password", "pw-123"),
            ])
            .send()
            .await?;
        let location = answer
            .headers()
            .get("location")
            .and_then(|v| v.to_str().ok())
            .context("the fake's login did not redirect")?;
        let code = url::Url::parse(location)?
            .query_pairs()
            .find(|(k, _)| k == "code")
            .map(|(_, v)| v.into_owned())
            .context("no code in the redirect")?;
        handle
            .addr
            .send(Authorize {
                code: AuthorizationCode::new(code),
                redirect_uri: CALLBACK.into(),
            })
            .await??;
    }
    state.services.start_scheduler();
    let started = Instant::now();
    loop {
        let handles = registry.handles();
        let ready = handles
            .iter()
            .filter(|h| {
                let s = h.account.stream_status();
                s.phase == StreamPhase::Connected && s.catch_ups >= 1
            })
            .count();
        if ready == handles.len() {
            break;
        }
        if started.elapsed() > GIVE_UP {
            bail!("only {ready} of {} streams connected", handles.len());
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    println!(
        "every stream connected and caught up after {:.0} s (setup reads wait on the budget)",
        started.elapsed().as_secs_f64()
    );

    let app_state = state.clone();
    let server = actix_web::HttpServer::new(move || {
        let state = app_state.clone();
        actix_web::App::new().configure(move |cfg| routes::configure(cfg, &state))
    })
    .disable_signals()
    .bind(("127.0.0.1", 0))?;
    let addr = *server.addrs().first().context("no address")?;
    actix_web::rt::spawn(server.run());
    let base = format!("http://{addr}/api");
    let credentials = json!({"agentUsername": "bench", "agentPassword": "bench-password"});
    let login = reqwest::Client::new()
        .post(format!("{base}/agent_account/login/"))
        .json(&credentials)
        .send()
        .await?
        .error_for_status()?;
    let cookie = login
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .context("no session cookie")?
        .to_owned();
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::COOKIE, cookie.parse()?);
    let api = reqwest::Client::builder()
        .default_headers(headers)
        .build()?;

    let reads = registry.reads().clone();
    let mut times = Vec::new();
    let mut spent = Vec::new();
    for round in 1..=args.fan_outs {
        let before = reads.taken();
        let sent = Instant::now();
        let answer = api
            .post(format!("{base}/stock_copy_trading/place_order/"))
            .json(&json!({"allTradingAccountsOrderList": [], "stockSymbol": "AAPL", "stockSession": "NORMAL",
                "stockDuration": "DAY", "stockInstruction": "BUY", "stockOrderType": "MARKET", "stockQuantity": 1}))
            .send()
            .await?
            .text()
            .await?;
        if answer != "success" {
            bail!("fan-out {round} answered {answer}");
        }
        let session = round.to_string();
        loop {
            let table: Value = api
                .get(format!("{base}/stock_copy_trading/database"))
                .send()
                .await?
                .json()
                .await?;
            let filled = table[&session].as_array().map_or(0, |rows| {
                rows.iter().filter(|r| r["stockStatus"] == "FILLED").count()
            });
            if filled == args.accounts {
                break;
            }
            if sent.elapsed() > GIVE_UP {
                bail!("fan-out {round}: {filled} of {} rows FILLED", args.accounts);
            }
            tokio::time::sleep(LOOK_EVERY).await;
        }
        let took = sent.elapsed();
        tokio::time::sleep(SETTLE).await;
        let used = reads.taken() - before;
        println!(
            "fan-out {round}: every row FILLED after {:.2} s; {used} reads ({:.2} per account)",
            took.as_secs_f64(),
            used as f64 / args.accounts as f64
        );
        times.push(took);
        spent.push(used);
        let rest = Duration::from_secs(args.every_secs).saturating_sub(took + SETTLE);
        tokio::time::sleep(rest).await;
    }
    let worst = times.iter().max().copied().unwrap_or_default();
    let most = spent.iter().max().copied().unwrap_or_default();
    let mut figures = Figures::new(
        "freshness",
        format!(
            "{} Schwab-mode accounts on schwab-fake at 120 reads a minute, {} MARKET fan-outs {} s apart",
            args.accounts, args.fan_outs, args.every_secs
        ),
    );
    figures.check(
        "fan-out to every row FILLED (worst)",
        format!("{:.2} s", worst.as_secs_f64()),
        "≤ 2 s",
        worst <= Duration::from_secs(2),
    );
    let allowed = 2 * args.accounts as u64;
    figures.check(
        "reads per fan-out (worst)",
        format!("{most}"),
        &format!("≤ {allowed} (1 per account + 1 per filled account)"),
        most <= allowed,
    );
    let path = figures.save()?;
    println!("figures saved to {}", path.display());
    Ok(())
}
