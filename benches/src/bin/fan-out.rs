//! `fan-out`: places one LIMIT option order on every linked account at once through
//! `SessionSupervisor::place`, against schwab-fake over loopback HTTP with injected latency, and
//! prints wall times against that latency and the overhead per account; then the same against the
//! paper brokerage called in process, which leaves out HTTP and shows the engine's own share, once
//! with a plan made by hand and once planned as the API plans it with a sizing profile and every guard
//! on each account.
//!
//! Run with `cargo run --release -p benches --bin fan-out` (see `benches/README.md`).

use std::time::Duration;

use anyhow::Context;
use benches::accepted_span::AcceptedSpan;
use benches::descriptors::{open_descriptors, open_files_limit};
use benches::every_limit::every_limit;
use benches::fan_out_rig::{FanOutRig, FanOutRun, FanOutSettings, Transport};
use benches::figures::Figures;
use benches::latency::{Summary, millis};
use benches::machine_speed::MachineSpeed;
use benches::market_lateness::{self, LatenessSeries};
use clap::Parser;

engine::process_allocator!();

/// Accounts the targets are about.
const ACCOUNTS: usize = 1_000;
/// Round trip the targets are about, in milliseconds.
const LATENCY_MS: u64 = 50;
/// schwab-fake's HTTP workers the targets are about.
const FAKE_WORKERS: usize = 2;

/// Times planning alone is measured.
const PLANNING_RUNS: usize = 30;

/// Failed rows printed per run at most.
const FAILURES_SHOWN: usize = 5;

/// Measures the fan-out of one order to many accounts.
#[derive(Debug, Parser)]
#[command(name = "fan-out")]
struct Args {
    /// Linked accounts, each authorized through schwab-fake.
    #[arg(long, default_value_t = ACCOUNTS)]
    accounts: usize,
    /// Round trip schwab-fake adds to every call, in milliseconds.
    #[arg(long, default_value_t = LATENCY_MS)]
    latency_ms: u64,
    /// Measured runs per series (warm connections, no latency).
    #[arg(long, default_value_t = 9)]
    runs: usize,
    /// HTTP worker threads of schwab-fake.
    #[arg(long, default_value_t = FAKE_WORKERS)]
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

/// What a series of runs measured.
#[derive(Debug, Default)]
struct Series {
    walls: Vec<Duration>,
    /// copydesk's own CPU per account (the market's server threads left out).
    cpu_per_account: Vec<Duration>,
    /// The market's CPU per account (schwab-fake's threads; none for the paper brokerage).
    market_cpu_per_account: Vec<Duration>,
    /// When the market accepted each run's first and last order, with the run's wall time (runs in
    /// which it accepted none are left out).
    spans: Vec<(AcceptedSpan, Duration)>,
    /// How late the market's network was in each run (none for the paper brokerage).
    lateness: LatenessSeries,
}

impl Series {
    /// The median over the runs of `figure` of each run's span and wall time.
    fn span_median(
        &self,
        figure: impl Fn(&AcceptedSpan, Duration) -> Duration,
    ) -> Option<Duration> {
        let values: Vec<Duration> = self
            .spans
            .iter()
            .map(|(span, wall)| figure(span, *wall))
            .collect();
        median(&values)
    }

    /// Median spread of the market's accepted times (the send skew).
    fn skew(&self) -> Option<Duration> {
        self.span_median(|span, _| span.skew())
    }
}

async fn series(
    rig: &mut FanOutRig,
    label: &str,
    runs: usize,
    latency: Duration,
    accounts: usize,
) -> anyhow::Result<Series> {
    series_of(rig, label, runs, latency, accounts, None).await
}

/// A series of runs; with `limits`, each place is planned through the planner with those limits on the
/// accounts in turn (see [`FanOutRig::place_planned`]).
async fn series_of(
    rig: &mut FanOutRig,
    label: &str,
    runs: usize,
    latency: Duration,
    accounts: usize,
    limits: Option<&[engine::copy::AccountLimits]>,
) -> anyhow::Result<Series> {
    let mut out = Series::default();
    for n in 1..=runs {
        rig.fresh_book().context("a fresh session book")?;
        let run = match limits {
            Some(limits) => rig.place_planned(accounts, limits).await?,
            None => rig.place(accounts).await?,
        };
        report(&format!("{label} #{n}"), &run, latency);
        out.walls.push(run.wall);
        let per = u32::try_from(accounts.max(1)).unwrap_or(u32::MAX);
        out.cpu_per_account.push(run.cpu.others / per);
        out.market_cpu_per_account.push(run.cpu.named / per);
        if let Some(span) = rig.accepted_span(&run) {
            println!(
                "    accepted from {} ms to {} ms after the call",
                millis(span.first),
                millis(span.last)
            );
            out.spans.push((span, run.wall));
        }
        if let Some(lateness) = run.market_lateness {
            let line = market_lateness::describe(&lateness);
            if out.lateness.push(lateness) {
                println!("    market late past its delays: {line}");
            }
        }
        let failed = rig.cancel(&run).await;
        if failed > 0 {
            println!("    {failed} cancels failed");
        }
    }
    Ok(out)
}

fn median(values: &[Duration]) -> Option<Duration> {
    Summary::of(values).map(|s| s.median)
}

/// The mean: CPU is a cost, so the figure is what a fan-out costs on average over the runs.
fn mean(values: &[Duration]) -> Option<Duration> {
    let runs = u32::try_from(values.len()).ok().filter(|n| *n > 0)?;
    Some(values.iter().sum::<Duration>() / runs)
}

fn micros(value: Duration) -> String {
    format!("{:.1} µs", value.as_secs_f64() * 1e6)
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
    let at_start = MachineSpeed::measure()?;
    println!("machine at the start: {}", at_start.describe());
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
    // Between fan-outs copydesk polls every account; those reads leave the connections open.
    let failed_polls = rig.poll_all().await;
    if failed_polls > 0 {
        println!("    {failed_polls} polls failed before the first run");
    }
    let before = open_descriptors()?;
    let cold = rig.place(args.accounts).await?;
    let during = open_descriptors()?;
    report("first, after one poll each", &cold, latency);
    rig.cancel(&cold).await;
    println!(
        "    descriptors open: {before} before, {during} after the first run (pooled connections the polls opened)"
    );

    let warm = series(&mut rig, "warm", args.runs, latency, args.accounts).await?;
    let hundred = series(
        &mut rig,
        "warm, 100 accounts",
        args.runs,
        latency,
        args.accounts.min(100),
    )
    .await?;
    rig.set_latency(Duration::ZERO);
    let bare = series(
        &mut rig,
        "no latency",
        args.runs,
        Duration::ZERO,
        args.accounts,
    )
    .await?;
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
    let paper_warm = series(
        &mut paper,
        "in process, latency",
        args.runs,
        latency,
        args.accounts,
    )
    .await?;
    paper.set_latency(Duration::ZERO);
    let paper_bare = series(
        &mut paper,
        "in process, none",
        args.runs,
        Duration::ZERO,
        args.accounts,
    )
    .await?;
    let limits = every_limit(paper.request());
    let paper_limited = series_of(
        &mut paper,
        "in process, none, limits",
        args.runs,
        Duration::ZERO,
        args.accounts,
        Some(&limits),
    )
    .await?;

    // Planning alone, many times over: pure CPU, so its fastest run is what it costs on a quiet core.
    let planning = paper.time_planning(args.accounts, &limits, PLANNING_RUNS)?;
    print_summary("planning alone with limits", &planning);

    println!();
    print_summary("in process, latency", &paper_warm.walls);
    print_summary("in process, no latency", &paper_bare.walls);
    print_summary(
        "in process, no latency, planned with limits",
        &paper_limited.walls,
    );
    print_summary("warm, latency", &warm.walls);
    print_summary("warm, no latency", &bare.walls);
    let at_end = MachineSpeed::measure()?;
    println!("machine at the end: {}", at_end.describe());
    figures(
        &args,
        [at_start, at_end],
        latency,
        &cold,
        &[&warm, &hundred],
        &[&paper_warm, &paper_bare, &paper_limited],
        &planning,
    )
}

/// Prints and saves the figures the targets are about.
fn figures(
    args: &Args,
    machine: [MachineSpeed; 2],
    latency: Duration,
    cold: &FanOutRun,
    [warm, hundred]: &[&Series; 2],
    [in_process, engine_alone, limited]: &[&Series; 3],
    planning: &[Duration],
) -> anyhow::Result<()> {
    let mut figures = Figures::new(
        "fan-out",
        format!(
            "{} accounts over HTTP to schwab-fake in process on its own thread ({} workers), {} ms latency, median of {} runs",
            args.accounts, args.fake_workers, args.latency_ms, args.runs
        ),
    );
    MachineSpeed::note_run(&mut figures, machine);
    let lat = latency.as_secs_f64().max(f64::EPSILON);
    if let Some(wall) = median(&warm.walls) {
        let ratio = wall.as_secs_f64() / lat;
        figures.check(
            &format!("warm fan-out to {} accounts", args.accounts),
            format!("{} ms = {ratio:.2} × latency", millis(wall)),
            "≤ 1.4 × latency",
            ratio <= 1.4,
        );
        let first = cold.wall.as_secs_f64() / wall.as_secs_f64().max(f64::EPSILON);
        figures.check(
            "first fan-out after start (accounts polled once) / warm",
            format!("{} ms = {first:.2} × warm", millis(cold.wall)),
            "≤ 1.2 × warm",
            first <= 1.2,
        );
    }
    if let Some(wall) = median(&engine_alone.walls) {
        let per_account = wall / u32::try_from(args.accounts.max(1)).unwrap_or(u32::MAX);
        figures.check(
            "engine alone per account (paper brokerage in process, no latency)",
            micros(per_account),
            "≤ 10 µs",
            per_account <= Duration::from_micros(10),
        );
        if let Some(planned) = median(&limited.walls) {
            let planned = planned / u32::try_from(args.accounts.max(1)).unwrap_or(u32::MAX);
            let added = planned.saturating_sub(per_account);
            figures.check(
                "engine alone per account, planned with a sizing profile and every guard on each account",
                format!("{} (+{})", micros(planned), micros(added)),
                "≤ +2 µs",
                added <= Duration::from_micros(2),
            );
        }
        if let Some(fastest) = planning.iter().min() {
            figures.note(
                &format!(
                    "planning alone per account with those limits (fastest of {PLANNING_RUNS})"
                ),
                micros(*fastest / u32::try_from(args.accounts.max(1)).unwrap_or(u32::MAX)),
            );
        }
    }
    if let Some(cpu) = mean(&warm.cpu_per_account) {
        figures.check(
            "copydesk's own CPU per account (market threads left out; mean of the runs)",
            micros(cpu),
            "≤ 40 µs",
            cpu <= Duration::from_micros(40),
        );
    }
    if let Some(cpu) = mean(&warm.market_cpu_per_account) {
        // Both share the machine's cores: a fan-out's wall time is bounded below by their sum over
        // the cores, whatever the latency.
        figures.note(
            "schwab-fake's CPU per account (its threads, same machine)",
            micros(cpu),
        );
    }
    for (label, series) in [("100", hundred), ("1,000", warm)] {
        let skew = series.skew();
        figures.check(
            &format!("send skew at {label} accounts (first to last accepted)"),
            skew.map_or("-".to_owned(), |s| format!("{} ms", millis(s))),
            "≤ 25 ms",
            skew.is_some_and(|s| s <= Duration::from_millis(25)),
        );
    }
    if let (Some(first), Some(last), Some(after)) = (
        warm.span_median(|span, _| span.first),
        warm.span_median(|span, _| span.last),
        // From the last order accepted to the answer: the answer's way back and copydesk's reading
        // of the answers still to come.
        warm.span_median(|span, wall| wall.saturating_sub(span.last)),
    ) {
        // Where a warm fan-out's time goes: the request's way in (half the latency) and the
        // market's reading of the requests before the first order is accepted, the spread of the
        // acceptances, then the answer's way back and copydesk's reading of the last answers.
        figures.note(
            &format!(
                "warm fan-out to {} accounts: market accepted the first / last order after",
                args.accounts
            ),
            format!("{} ms / {} ms", millis(first), millis(last)),
        );
        figures.note(
            "warm fan-out: from the last order accepted to the answer (the way back included)",
            format!("{} ms", millis(after)),
        );
    }
    // The fake's network ends each delay on time, but on cores it shares with copydesk a call then
    // waits for a free worker of the fake: this much of the wall time is the market's own queueing.
    warm.lateness.note(&mut figures, "warm fan-out");
    if let Some(skew) = in_process.skew() {
        // The paper brokerage waits out the latency before it accepts, so this spread is the
        // spread of copydesk's sends alone; over HTTP the fake's own pace adds to it.
        figures.note(
            &format!(
                "send skew at {} accounts, paper brokerage in process (copydesk's sends alone)",
                args.accounts
            ),
            format!("{} ms", millis(skew)),
        );
    }
    println!();
    for row in &figures.rows {
        println!(
            "{:<58} {:>28}   target {}",
            row.figure, row.measured, row.target
        );
    }
    figures.save_if_at_target_sizes(
        args.accounts == ACCOUNTS
            && args.latency_ms == LATENCY_MS
            && args.fake_workers == FAKE_WORKERS,
    )?;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    actix_rt::System::new().block_on(run(args))
}
