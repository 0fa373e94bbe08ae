//! `api-place`: the whole place path as an agent meets it. copydesk runs in Schwab mode as
//! `copydesk serve --broker schwab` builds it (store, services with polling and order streams
//! started, the real route table behind an `HttpServer`), N accounts (default 300) are linked through
//! schwab-fake's login page, and `POST /api/copy_trading_account/place_order/COMMON` is timed from
//! the request to the answer, with the fake adding a 50 ms round trip to every call. The fake runs on
//! threads of its own with its throttles lifted, as the brokerage is another machine.
//!
//! Run with `cargo run --release -p benches --bin api-place` (see `benches/README.md`).

use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use benches::accepted_span::AcceptedSpan;
use benches::agent_browser::{AgentBrowser, working_orders};
use benches::fake_thread::FakeThread;
use benches::figures::Figures;
use benches::latency::{Summary, millis};
use benches::machine_speed::MachineSpeed;
use benches::market_lateness::{self, LatenessSeries};
use benches::schwab_link::SchwabLink;
use clap::Parser;
use engine::account::StreamPhase;
use facade::services::Services;
use fixtures::fake::FakeConfig;

engine::process_allocator!();

/// Accounts the targets are about.
const ACCOUNTS: usize = 300;
/// Round trip the targets are about, in milliseconds.
const LATENCY_MS: u64 = 50;
/// schwab-fake's HTTP workers the targets are about.
const FAKE_WORKERS: usize = 2;
/// Milliseconds between places the targets are about (at least).
const EVERY_MS: u64 = 2_000;
/// The agent the driver signs up as.
const AGENT: &str = "api-bench";
const AGENT_PASSWORD: &str = "api-bench-password";
/// A read budget no setup step waits on (the fake's own throttle is lifted too).
const SETUP_READS_PER_MINUTE: u32 = 1_000_000;
/// The longest wait for the streams to connect.
const GIVE_UP: Duration = Duration::from_secs(300);
/// Between two looks at the streams.
const LOOK_EVERY: Duration = Duration::from_millis(100);
/// The BUY LIMIT price: far below any bid, so every order rests.
const RESTING_PRICE: f64 = 0.05;

#[derive(Debug, Parser)]
#[command(
    name = "api-place",
    about = "Times place_order/COMMON over N Schwab-mode accounts through /api"
)]
struct Args {
    /// Linked Schwab-mode accounts.
    #[arg(long, default_value_t = ACCOUNTS)]
    accounts: usize,
    /// Round trip schwab-fake adds to every call, in milliseconds.
    #[arg(long, default_value_t = LATENCY_MS)]
    latency_ms: u64,
    /// Measured places.
    #[arg(long, default_value_t = 9)]
    runs: usize,
    /// HTTP worker threads of schwab-fake.
    #[arg(long, default_value_t = FAKE_WORKERS)]
    fake_workers: usize,
    /// Milliseconds from one run's cancels to the next place, so that a place does not meet the
    /// previous run's order events and the reads they ask for (a trader does not place 10 times a
    /// second).
    #[arg(long, default_value_t = EVERY_MS)]
    every_ms: u64,
}

/// Waits until every account's order stream is connected and has caught up once.
async fn streams_ready(services: &Services) -> Result<()> {
    let started = Instant::now();
    loop {
        let handles = services.registry.handles();
        let ready = handles
            .iter()
            .filter(|h| {
                let s = h.account.stream_status();
                s.phase == StreamPhase::Connected && s.catch_ups >= 1
            })
            .count();
        if ready == handles.len() {
            return Ok(());
        }
        if started.elapsed() > GIVE_UP {
            bail!("only {ready} of {} streams connected", handles.len());
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
}

/// Cancels every working order of the newest session, outside the measurement.
async fn cancel_newest(agent: &AgentBrowser) -> Result<()> {
    let table = agent
        .poll(&mut benches::agent_browser::PolledTable::new(
            "/api/copy_trading_account/database/COMMON",
            true,
        ))
        .await?;
    let working = working_orders(&table.answer);
    let Some((&session, orders)) = working.iter().next_back() else {
        return Ok(());
    };
    let (status, _) = agent.cancel(session, orders).await?;
    if !status.is_success() {
        bail!("cancelling session {session} answered {status}");
    }
    Ok(())
}

#[actix_web::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let latency = Duration::from_millis(args.latency_ms);
    let fake_config = FakeConfig {
        workers: args.fake_workers.max(1),
        order_writes_per_minute: None,
        reads_per_minute: None,
        ..FakeConfig::default()
    };
    let at_start = MachineSpeed::measure()?;
    println!("machine at the start: {}", at_start.describe());
    let fake = FakeThread::start(fake_config.clone())?;
    fake.set_limits(None, None);

    let link = SchwabLink {
        fake_base: fake.base_url(),
        app_key: fake_config.app_key.clone(),
    };
    let dir = tempfile::tempdir()?;
    let state = link.copydesk(dir.path(), &fake_config, Some(SETUP_READS_PER_MINUTE))?;

    let factory_state = state.clone();
    let server = actix_web::HttpServer::new(move || facade::app::build(factory_state.clone()))
        .disable_signals()
        .bind(("127.0.0.1", 0))?;
    let addr = *server.addrs().first().context("no address was bound")?;
    actix_web::rt::spawn(server.run());
    let base = format!("http://{addr}");
    let agent = AgentBrowser::sign_up(&base, AGENT, AGENT_PASSWORD).await?;
    let agent_id = state
        .store
        .agents()?
        .find_by_username(AGENT)?
        .map(|a| engine::ids::AgentId(a.id))
        .context("the agent was not stored")?;

    let setup = Instant::now();
    link.link(
        &state.store,
        &state.services.registry,
        agent_id,
        "api",
        args.accounts,
    )
    .await?;
    state.services.start_scheduler();
    streams_ready(&state.services).await?;
    let symbol = agent.resting_call("AAPL", RESTING_PRICE).await?;
    println!(
        "{} Schwab-mode accounts linked and streaming in {:.1} s; placing BUY_TO_OPEN {symbol} LIMIT {RESTING_PRICE:.2}",
        args.accounts,
        setup.elapsed().as_secs_f64()
    );

    fake.update_faults(|faults| faults.latency = latency);
    let mut walls = Vec::new();
    let mut skews = Vec::new();
    let mut lateness = LatenessSeries::default();
    // The first place warms what a running desk has warm (connections, caches); it is not counted.
    for run in 0..=args.runs {
        // Counted afresh for this place: what the fake tallied before belongs to the setup.
        let _ = fake.take_lateness();
        let from = chrono::Utc::now();
        let (status, wall) = agent.place(&symbol, RESTING_PRICE).await?;
        let to = chrono::Utc::now();
        let late = fake.take_lateness();
        if !status.is_success() {
            bail!("place {run} answered {status}");
        }
        let times = fake.paper().entry_times(from, to);
        // When the first and the last order reached the market, counted from the request.
        let span = AcceptedSpan::of(&times, from);
        let skew = span.map_or(Duration::ZERO, |span| span.skew());
        let since_request = |at: Option<Duration>| at.map_or_else(String::new, millis);
        println!(
            "place {run}{}: {} ms = {:.2} × latency, {} orders accepted {} ms apart (first at {} ms, last at {} ms)",
            if run == 0 { " (warm-up)" } else { "" },
            millis(wall),
            wall.as_secs_f64() / latency.as_secs_f64().max(f64::EPSILON),
            times.len(),
            millis(skew),
            since_request(span.map(|span| span.first)),
            since_request(span.map(|span| span.last))
        );
        if times.len() != args.accounts {
            bail!(
                "place {run}: {} of {} orders accepted",
                times.len(),
                args.accounts
            );
        }
        println!(
            "    market late past its delays: {}",
            market_lateness::describe(&late)
        );
        if run > 0 {
            walls.push(wall);
            skews.push(skew);
            lateness.push(late);
        }
        fake.update_faults(|faults| faults.latency = Duration::ZERO);
        cancel_newest(&agent).await?;
        tokio::time::sleep(Duration::from_millis(args.every_ms)).await;
        fake.update_faults(|faults| faults.latency = latency);
    }

    let at_end = MachineSpeed::measure()?;
    println!("machine at the end: {}", at_end.describe());
    let mut figures = Figures::new(
        "api-place",
        format!(
            "{} Schwab-mode accounts, place_order/COMMON over /api, schwab-fake on its own threads ({} workers), {} ms latency, median of {} runs",
            args.accounts, args.fake_workers, args.latency_ms, args.runs
        ),
    );
    MachineSpeed::note_run(&mut figures, [at_start, at_end]);
    if let (Some(wall), Some(skew)) = (Summary::of(&walls), Summary::of(&skews)) {
        let ratio = wall.median.as_secs_f64() / latency.as_secs_f64().max(f64::EPSILON);
        figures.check(
            &format!(
                "place over {} Schwab-mode accounts via POST /api/copy_trading_account/place_order/COMMON",
                args.accounts
            ),
            format!("{} ms = {ratio:.2} × latency", millis(wall.median)),
            "≤ 1.5 × latency",
            ratio <= 1.5,
        );
        figures.check(
            &format!(
                "send skew of that place at {} accounts (first to last accepted)",
                args.accounts
            ),
            format!("{} ms", millis(skew.median)),
            "≤ 25 ms",
            skew.median <= Duration::from_millis(25),
        );
        println!("walls: {wall}");
    }
    lateness.note(&mut figures, "that place");
    figures.save_if_at_target_sizes(
        args.accounts == ACCOUNTS
            && args.latency_ms == LATENCY_MS
            && args.fake_workers == FAKE_WORKERS
            && args.every_ms >= EVERY_MS,
    )?;
    Ok(())
}
