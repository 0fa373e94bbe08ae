//! `fan-out`: places one LIMIT option order on every linked account at once through
//! `SessionSupervisor::place`, against schwab-fake over loopback HTTP with injected latency, and
//! prints wall times against that latency and the overhead per account; then the same against the
//! paper brokerage called in process, which leaves out HTTP and shows the engine's own share.
//!
//! Run with `cargo run --release -p benches --bin fan-out` (see `benches/README.md`).

use std::time::Duration;

use anyhow::Context;
use benches::descriptors::{open_descriptors, open_files_limit};
use benches::fan_out_rig::{FanOutRig, FanOutRun, FanOutSettings, Transport};
use benches::latency::{Summary, millis};
use clap::Parser;

/// Failed rows printed per run at most.
const FAILURES_SHOWN: usize = 5;

/// Measures the fan-out of one order to many accounts.
#[derive(Debug, Parser)]
#[command(name = "fan-out")]
struct Args {
    /// Linked accounts, each authorized through schwab-fake.
    #[arg(long, default_value_t = 1_000)]
    accounts: usize,
    /// Delay schwab-fake adds before every answer, in milliseconds.
    #[arg(long, default_value_t = 50)]
    latency_ms: u64,
    /// Measured runs per series (warm connections, no latency).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// HTTP worker threads of schwab-fake.
    #[arg(long, default_value_t = 2)]
    fake_workers: usize,
    /// Earlier sessions (one row per account each) put in the session book before the last series.
    #[arg(long, default_value_t = 100)]
    book_sessions: usize,
}

/// One printed line of figures.
fn report(label: &str, run: &FanOutRun, latency: Duration) {
    let accounts = run.session.rows.len().max(1);
    let overhead = run.wall.saturating_sub(latency);
    let per_account_us = overhead.as_secs_f64() * 1e6 / accounts as f64;
    let ratio = if latency.is_zero() {
        "-".to_owned()
    } else {
        format!("{:.2}", run.wall.as_secs_f64() / latency.as_secs_f64())
    };
    println!(
        "{label:<28} {:>5}/{:<5} {:>10} ms {:>8} {:>12.1} µs",
        run.accepted(),
        run.session.rows.len(),
        millis(run.wall),
        ratio,
        per_account_us
    );
    for failure in run.failures().iter().take(FAILURES_SHOWN) {
        println!("    not accepted: {failure}");
    }
}

async fn series(
    rig: &mut FanOutRig,
    label: &str,
    runs: usize,
    latency: Duration,
) -> anyhow::Result<Vec<Duration>> {
    let accounts = rig.accounts().len();
    let mut walls = Vec::with_capacity(runs);
    for n in 1..=runs {
        rig.fresh_book().context("a fresh session book")?;
        let run = rig.place(accounts).await?;
        report(&format!("{label} #{n}"), &run, latency);
        walls.push(run.wall);
        let failed = rig.cancel(&run).await;
        if failed > 0 {
            println!("    {failed} cancels failed");
        }
    }
    Ok(walls)
}

fn print_summary(label: &str, walls: &[Duration]) {
    if let Some(summary) = Summary::of(walls) {
        println!("{label}: {summary}");
    }
}

async fn run(args: Args) -> anyhow::Result<()> {
    let latency = Duration::from_millis(args.latency_ms);
    println!(
        "fan-out: {} accounts, schwab-fake with {} workers and {} ms latency; open-files soft limit {}",
        args.accounts,
        args.fake_workers,
        args.latency_ms,
        open_files_limit()?.map_or("unlimited".to_owned(), |l| l.to_string())
    );
    let mut rig = FanOutRig::start(FanOutSettings {
        accounts: args.accounts,
        fake_workers: args.fake_workers,
        ..FanOutSettings::default()
    })
    .await
    .context("setting up the accounts")?;
    println!(
        "setup: {} accounts authorized at {} in {:.1} s; order: {} {} x{} @ {}",
        rig.accounts().len(),
        rig.describe_market(),
        rig.setup_time().as_secs_f64(),
        rig.request()
            .legs
            .first()
            .map_or(String::new(), |l| l.instruction.to_string()),
        rig.request()
            .legs
            .first()
            .map_or(String::new(), |l| l.symbol.clone()),
        rig.request().total_quantity(),
        rig.request().price.unwrap_or_default()
    );
    println!(
        "{:<28} {:>11} {:>13} {:>8} {:>15}",
        "run", "accepted", "wall", "x lat.", "overhead/acct"
    );

    rig.set_latency(latency);
    rig.fresh_book()?;
    let before = open_descriptors()?;
    let cold = rig.place(args.accounts).await?;
    let during = open_descriptors()?;
    report("first (opens connections)", &cold, latency);
    rig.cancel(&cold).await;
    println!(
        "    descriptors open: {before} before, {during} after the first run (pooled connections)"
    );

    let warm = series(&mut rig, "warm", args.runs, latency).await?;
    rig.set_latency(Duration::ZERO);
    let bare = series(&mut rig, "no latency", args.runs, Duration::ZERO).await?;
    rig.set_latency(latency);

    rig.fresh_book()?;
    rig.fill_book(args.book_sessions);
    let claimed = rig.claimed_orders();
    let run = rig.place(args.accounts).await?;
    report(&format!("book of {claimed} orders"), &run, latency);
    rig.cancel(&run).await;

    drop(rig);
    println!();
    let mut paper = FanOutRig::start(FanOutSettings {
        transport: Transport::PaperInProcess,
        accounts: args.accounts,
        ..FanOutSettings::default()
    })
    .await
    .context("setting up the accounts at the paper brokerage")?;
    println!("engine only: {}", paper.describe_market());
    paper.set_latency(latency);
    let paper_warm = series(&mut paper, "in process, latency", args.runs, latency).await?;
    paper.set_latency(Duration::ZERO);
    let paper_bare = series(&mut paper, "in process, none", args.runs, Duration::ZERO).await?;

    println!();
    print_summary("in process, latency", &paper_warm);
    print_summary("in process, no latency", &paper_bare);
    print_summary("warm, latency", &warm);
    print_summary("warm, no latency", &bare);
    if let Some(summary) = Summary::of(&warm) {
        println!(
            "median warm wall / latency = {:.2}; overhead per account = {:.1} µs",
            summary.median.as_secs_f64() / latency.as_secs_f64().max(f64::EPSILON),
            summary.median.saturating_sub(latency).as_secs_f64() * 1e6
                / args.accounts.max(1) as f64
        );
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    actix_rt::System::new().block_on(run(args))
}
