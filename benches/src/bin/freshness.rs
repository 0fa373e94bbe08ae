//! Freshness in Schwab mode: N accounts (default 100) against schwab-fake at its default 120 reads a
//! minute, as `copydesk serve --broker schwab` runs them (polling and order streams started). Each
//! MARKET fan-out is timed from the place call to every row FILLED in the orders table, and the reads
//! it spent are counted (the order reads and balances reads its events asked for).

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use benches::figures::Figures;
use benches::schwab_link::SchwabLink;
use clap::Parser;
use engine::account::StreamPhase;
use facade::routes;
use fixtures::fake::{FakeConfig, FakeServer};
use serde_json::{Value, json};

engine::process_allocator!();

/// Between two looks at the orders table.
const LOOK_EVERY: Duration = Duration::from_millis(25);
/// Accounts the targets are about.
const ACCOUNTS: usize = 100;
/// Seconds between fan-outs the targets are about (at least).
const EVERY_SECS: u64 = 10;
/// The longest wait for a fan-out's rows, or for the streams to connect.
const GIVE_UP: Duration = Duration::from_secs(600);
/// Reads a minute below which the budget counts as quiet before the first fan-out.
const QUIET_READS: u32 = 2;
/// How long after the rows filled the reads their events asked for are still counted.
const SETTLE: Duration = Duration::from_secs(5);

#[derive(Debug, Parser)]
#[command(
    about = "Time from a MARKET fan-out to every row FILLED in Schwab mode, and the reads it spends"
)]
struct Args {
    /// Linked Schwab-mode accounts.
    #[arg(long, default_value_t = ACCOUNTS)]
    accounts: usize,
    /// Fan-outs measured.
    #[arg(long, default_value_t = 3)]
    fan_outs: usize,
    /// Seconds between fan-outs.
    #[arg(long, default_value_t = EVERY_SECS)]
    every_secs: u64,
}

#[actix_web::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let fake = FakeServer::start(FakeConfig::default())?;
    let fake_config = FakeConfig::default();
    let link = SchwabLink {
        fake_base: fake.base_url(),
        app_key: fake_config.app_key.clone(),
    };
    let dir = tempfile::tempdir()?;
    let state = link.copydesk(dir.path(), &fake_config, None)?;
    let registry = state.services.registry.clone();

    let hash = facade::auth::hash_password("bench-password").map_err(anyhow::Error::msg)?;
    let now = chrono::Utc::now().timestamp();
    let agent = state.store.agents()?.create("bench", &hash, now)?;
    let agent = engine::ids::AgentId(agent.id);
    println!("linking {} Schwab-mode accounts", args.accounts);
    link.link(&state.store, &registry, agent, "fresh", args.accounts)
        .await?;
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

    // Setting up spent the budget (each account's first poll, stream opening and catch-up): measure
    // from a quiet minute, as a running desk would be.
    let reads = registry.reads().clone();
    let quiet = Instant::now();
    while reads.used_last_minute() > QUIET_READS {
        if quiet.elapsed() > GIVE_UP {
            bail!("the read budget never quietened");
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
    println!(
        "read budget quiet after {:.0} s more",
        quiet.elapsed().as_secs_f64()
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

    let mut times = Vec::new();
    let before_all = reads.taken();
    for round in 1..=args.fan_outs {
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
        println!(
            "fan-out {round}: every row FILLED after {:.2} s",
            took.as_secs_f64()
        );
        times.push(took);
        let rest = Duration::from_secs(args.every_secs).saturating_sub(took);
        tokio::time::sleep(rest).await;
    }
    // The reads the fan-outs' events asked for wait on the budget; count them once every account's
    // balances show every fill.
    let settling = Instant::now();
    let bought = u32::try_from(args.fan_outs).unwrap_or(u32::MAX);
    loop {
        let settled = registry
            .handles()
            .iter()
            .filter(|h| {
                h.account.current_snapshot().is_some_and(|s| {
                    s.positions
                        .iter()
                        .any(|p| p.symbol == "AAPL" && p.long_quantity >= bought)
                })
            })
            .count();
        if settled == args.accounts {
            break;
        }
        if settling.elapsed() > GIVE_UP {
            bail!("only {settled} accounts read their balances after the fills");
        }
        tokio::time::sleep(SETTLE).await;
    }
    tokio::time::sleep(SETTLE).await;
    let total = reads.taken() - before_all;
    let most = total.div_ceil(args.fan_outs.max(1) as u64);
    println!(
        "{total} reads for {} fan-outs ({most} per fan-out, {:.2} per account), balances current after {:.0} s",
        args.fan_outs,
        most as f64 / args.accounts as f64,
        settling.elapsed().as_secs_f64()
    );
    let worst = times.iter().max().copied().unwrap_or_default();
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
        "reads per fan-out (mean)",
        format!("{most}"),
        &format!("≤ {allowed} (1 per account + 1 per filled account)"),
        most <= allowed,
    );
    figures.save_if_at_target_sizes(args.accounts == ACCOUNTS && args.every_secs >= EVERY_SECS)?;
    Ok(())
}
