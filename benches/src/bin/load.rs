//! `load`: a mixed load against `copydesk serve` on the paper brokerage: agents each with one
//! browser's polls (orders and positions every 500 ms with ETag and `?since=`, accounts every
//! second) and one fan-out every few seconds (a resting LIMIT placed on every account, then
//! cancelled by the next one). `--preset mixed` (50 agents × 20 accounts, 60 s, a fan-out every
//! 5 s) gives the mixed-load figures; `--preset soak` (20 agents × 50 accounts, 10 minutes, every
//! 10 s) the soak's, with errors, p99 and resident memory per minute.
//!
//! copydesk runs as its own process bound to 127.0.0.1 (the driver never reaches another host);
//! build it first with `cargo build --release -p facade`. Run with
//! `cargo run --release -p benches --bin load -- --preset mixed` (see `benches/README.md`).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use benches::RigError;
use benches::agent_browser::{
    ACCOUNTS_PATH, AgentBrowser, ORDERS_PATH, POSITIONS_PATH, PolledTable, working_orders,
};
use benches::figures::Figures;
use benches::latency::millis;
use benches::load_samples::{LoadRecord, Resources, Sample};
use benches::memory::mib;
use benches::proc_stats::{process_cpu, process_rss};
use benches::served_process::{ServedProcess, default_binary};
use clap::{Parser, ValueEnum};
use futures::future::join_all;
use reqwest::StatusCode;

engine::process_allocator!();

/// The order and position tables are polled this often (the UI's interval).
const TABLE_EVERY: Duration = Duration::from_millis(500);
/// The accounts table is polled this often.
const ACCOUNTS_EVERY: Duration = Duration::from_secs(1);
/// How often the server's CPU and memory are read.
const RESOURCES_EVERY: Duration = Duration::from_secs(5);
/// The longest run the driver accepts.
const MAX_SECONDS: u64 = 4 * 3600;
/// Agents set up at once.
const SETUP_BATCH: usize = 10;
/// The price of every placed BUY (well under the bid, so the orders rest).
const RESTING_PRICE: f64 = 0.05;
/// The first minutes left out when judging whether memory stays flat.
const WARM_UP_MINUTES: usize = 2;
/// Resident memory one kept order row may take (the session row, its paper order, the account
/// view's copy and the stored copy) for memory to count as flat after warm-up.
const ROW_KIB: f64 = 4.0;

/// The sizes of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Preset {
    /// 50 agents × 20 accounts for 60 s, a fan-out per agent every 5 s.
    Mixed,
    /// 20 agents × 50 accounts for 10 minutes, a fan-out per agent every 10 s.
    Soak,
}

/// Drives a mixed load of polls and fan-outs against copydesk on paper.
#[derive(Debug, Parser)]
#[command(name = "load")]
struct Args {
    /// The sizes to start from; the options below override them.
    #[arg(long, value_enum, default_value_t = Preset::Mixed)]
    preset: Preset,
    /// Agents, each with one browser.
    #[arg(long)]
    agents: Option<usize>,
    /// Paper accounts per agent.
    #[arg(long)]
    accounts: Option<usize>,
    /// Length of the load, in seconds (at most 4 hours).
    #[arg(long)]
    seconds: Option<u64>,
    /// Seconds between an agent's fan-outs.
    #[arg(long)]
    fan_out_every: Option<u64>,
    /// The copydesk binary [default: target/release/copydesk].
    #[arg(long)]
    copydesk: Option<PathBuf>,
}

/// The resolved sizes.
#[derive(Debug, Clone, Copy)]
struct Sizes {
    name: &'static str,
    agents: usize,
    accounts: usize,
    length: Duration,
    fan_out_every: Duration,
}

impl Args {
    /// Whether the run keeps its preset's sizes and the release build of this checkout: the runs
    /// the summary holds.
    fn at_preset_sizes(&self) -> bool {
        self.agents.is_none()
            && self.accounts.is_none()
            && self.seconds.is_none()
            && self.fan_out_every.is_none()
            && self.copydesk.is_none()
    }

    fn sizes(&self) -> anyhow::Result<Sizes> {
        let (name, agents, accounts, seconds, every) = match self.preset {
            Preset::Mixed => ("mixed-load", 50, 20, 60, 5),
            Preset::Soak => ("soak", 20, 50, 600, 10),
        };
        let seconds = self.seconds.unwrap_or(seconds);
        if seconds == 0 || seconds > MAX_SECONDS {
            bail!("--seconds must be between 1 and {MAX_SECONDS}");
        }
        let sizes = Sizes {
            name,
            agents: self.agents.unwrap_or(agents),
            accounts: self.accounts.unwrap_or(accounts),
            length: Duration::from_secs(seconds),
            fan_out_every: Duration::from_secs(self.fan_out_every.unwrap_or(every).max(1)),
        };
        if sizes.agents == 0 || sizes.accounts == 0 {
            bail!("--agents and --accounts must be at least 1");
        }
        Ok(sizes)
    }
}

/// An agent's working orders as its orders polls last showed them: session → (account, order).
type Working = Rc<RefCell<BTreeMap<u64, Vec<(u64, i64)>>>>;

/// How many failed calls the report lists.
const SHOWN_FAILURES: usize = 20;

/// What every task of the run shares (one thread, so plain cells).
struct Run {
    started: Instant,
    deadline: Instant,
    record: RefCell<LoadRecord>,
    /// What each failed call got (its status, or why no answer came), in the order they failed.
    failures: RefCell<Vec<String>>,
}

impl Run {
    fn sample(&self, took: Duration, ok: bool) -> Sample {
        Sample {
            at: self.started.elapsed(),
            took,
            ok,
        }
    }

    /// The sample of an answered call, noting what it got when that is not `ok`.
    fn answered(&self, call: &str, took: Duration, status: StatusCode, ok: bool) -> Sample {
        if !ok {
            self.failed(call, &status);
        }
        self.sample(took, ok)
    }

    /// The sample of a call that got no answer, noting why (the error and each of its causes on one
    /// line, anyhow's alternate form).
    fn unanswered(&self, call: &str, error: RigError) -> Sample {
        self.failed(call, &format!("{:#}", anyhow::Error::new(error)));
        self.sample(Duration::ZERO, false)
    }

    /// Notes what a failed call got, and when.
    fn failed(&self, call: &str, what: &dyn std::fmt::Display) {
        let at = self.started.elapsed().as_secs_f64();
        self.failures
            .borrow_mut()
            .push(format!("at {at:.1} s, {call}: {what}"));
    }
}

async fn poll_loop(
    run: Rc<Run>,
    browser: AgentBrowser,
    mut table: PolledTable,
    every: Duration,
    offset: Duration,
    working: Option<Working>,
) {
    tokio::time::sleep(offset).await;
    while Instant::now() < run.deadline {
        let sample = match browser.poll(&mut table).await {
            Ok(seen) => {
                let ok = seen.status == StatusCode::OK || seen.status == StatusCode::NOT_MODIFIED;
                if let Some(working) = &working {
                    working.borrow_mut().extend(working_orders(&seen.answer));
                }
                run.answered("poll", seen.elapsed, seen.status, ok)
            }
            Err(error) => run.unanswered("poll", error),
        };
        run.record.borrow_mut().polls.push(sample);
        // As the UI's stores do: the next poll is set up once this one has answered.
        tokio::time::sleep(every).await;
    }
}

async fn fan_out_loop(
    run: Rc<Run>,
    browser: AgentBrowser,
    symbol: String,
    every: Duration,
    offset: Duration,
    working: Working,
) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + offset, every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut place_next = true;
    loop {
        ticks.tick().await;
        if Instant::now() >= run.deadline {
            break;
        }
        // Cancel the newest session's working orders when the polls have shown some; else place.
        let newest = working
            .borrow()
            .iter()
            .next_back()
            .map(|(session, orders)| (*session, orders.clone()));
        let (placing, answer) = match newest {
            Some((session, orders)) if !place_next && !orders.is_empty() => {
                (false, browser.cancel(session, &orders).await)
            }
            _ => (true, browser.place(&symbol, RESTING_PRICE).await),
        };
        place_next = !place_next;
        let call = if placing { "place" } else { "cancel" };
        let sample = match answer {
            Ok((status, took)) => run.answered(call, took, status, status == StatusCode::OK),
            Err(error) => run.unanswered(call, error),
        };
        let mut record = run.record.borrow_mut();
        if placing && sample.ok {
            record.placed.push(sample.at);
        }
        record.fan_outs.push(sample);
    }
}

async fn resources_loop(run: Rc<Run>, pid: u32) {
    let mut ticks = tokio::time::interval(RESOURCES_EVERY);
    loop {
        ticks.tick().await;
        if let (Ok(cpu), Ok(rss)) = (process_cpu(pid), process_rss(pid)) {
            run.record.borrow_mut().resources.push(Resources {
                at: run.started.elapsed(),
                cpu,
                rss,
            });
        }
        if Instant::now() >= run.deadline {
            break;
        }
    }
}

async fn set_up(served: &ServedProcess, sizes: Sizes) -> anyhow::Result<Vec<AgentBrowser>> {
    let base = served.url("");
    let mut browsers = Vec::with_capacity(sizes.agents);
    let numbers: Vec<usize> = (1..=sizes.agents).collect();
    for batch in numbers.chunks(SETUP_BATCH) {
        let made = join_all(batch.iter().map(|n| {
            let base = base.clone();
            async move {
                let browser =
                    AgentBrowser::sign_up(&base, &format!("load-agent-{n}"), "load-password-1")
                        .await?;
                browser
                    .link_paper_accounts(&format!("Agent {n} account"), sizes.accounts)
                    .await?;
                Ok::<AgentBrowser, benches::RigError>(browser)
            }
        }))
        .await;
        for browser in made {
            browsers.push(browser.context("setting up an agent")?);
        }
    }
    Ok(browsers)
}

fn opt_ms(value: Option<Duration>) -> String {
    value.map_or_else(|| "-".to_owned(), |d| format!("{} ms", millis(d)))
}

fn report(
    sizes: Sizes,
    record: &LoadRecord,
    setting: &str,
    at_preset_sizes: bool,
) -> anyhow::Result<()> {
    let polls = record.poll_summary();
    let fan_outs = record.fan_out_summary();
    let errors = record.errors();
    println!();
    println!(
        "{}: {} polls, {} fan-outs, {} errors",
        sizes.name,
        record.polls.len(),
        record.fan_outs.len(),
        errors
    );
    if let Some(p) = &polls {
        println!("    polls    {p}");
    }
    if let Some(f) = &fan_outs {
        println!("    fan-outs {f}");
    }
    if let (Some(first), Some(last)) = (record.resources.first(), record.resources.last()) {
        println!(
            "    copydesk RSS {} when the load started, {} at its end",
            mib(first.rss),
            mib(last.rss)
        );
    }
    let cpu = record.cpu_share();
    if let Some(share) = cpu {
        println!("    copydesk CPU {:.0} % of one core", share * 100.0);
    }
    println!();
    println!(
        "{:>6} {:>7} {:>6} {:>12} {:>14} {:>11} {:>6}",
        "minute", "polls", "errors", "poll p99", "fan-out p99", "RSS", "CPU"
    );
    let minutes = record.minutes(sizes.length);
    for m in &minutes {
        println!(
            "{:>6} {:>7} {:>6} {:>12} {:>14} {:>11} {:>6}",
            m.number,
            m.polls,
            m.errors,
            opt_ms(m.poll_p99),
            opt_ms(m.fan_out_p99),
            m.rss.map_or("-".to_owned(), mib),
            m.cpu_share
                .map_or("-".to_owned(), |s| format!("{:.0} %", s * 100.0))
        );
    }

    let mut figures = Figures::new(sizes.name, setting);
    let poll_p99 = polls.map(|p| p.p99);
    match sizes.name {
        "soak" => {
            figures.check("errors", errors.to_string(), "0", errors == 0);
            let worst = minutes.iter().filter_map(|m| m.poll_p99).max();
            figures.note("poll p99, worst minute", opt_ms(worst));
            figures.note(
                "fan-out p99, worst minute",
                opt_ms(minutes.iter().filter_map(|m| m.fan_out_p99).max()),
            );
            let settled: Vec<(u64, u64)> = minutes
                .iter()
                .skip(WARM_UP_MINUTES)
                .filter_map(|m| Some((m.number, m.rss?)))
                .collect();
            if let (Some(first), Some(last)) = (settled.first(), settled.last()) {
                let spread = (last.0 - first.0).max(1) as f64;
                let grown = last.1.saturating_sub(first.1);
                let growth = grown as f64 / (1024.0 * 1024.0) / spread;
                figures.note(
                    "RSS after warm-up",
                    format!(
                        "{} at minute {} → {} at minute {} ({growth:.1} MiB/min)",
                        mib(first.1),
                        first.0,
                        mib(last.1),
                        last.0
                    ),
                );
                // What stays: a session row per account per place, with its paper order and its
                // stored copy. Memory counts as flat when it grows no faster than those rows.
                let from = Duration::from_secs(first.0 * 60);
                let to = Duration::from_secs(last.0 * 60);
                let rows = record
                    .placed
                    .iter()
                    .filter(|at| **at > from && **at <= to)
                    .count()
                    * sizes.accounts;
                let per_row = grown as f64 / rows.max(1) as f64 / 1024.0;
                figures.check(
                    "RSS growth per order row added after warm-up",
                    format!("{per_row:.1} KiB per row ({rows} rows added)"),
                    &format!("flat: ≤ {ROW_KIB} KiB per row kept"),
                    per_row <= ROW_KIB,
                );
            }
        }
        _ => {
            figures.check(
                "poll p99",
                opt_ms(poll_p99),
                "≤ 5 ms",
                poll_p99.is_some_and(|p| p <= Duration::from_millis(5)),
            );
            figures.note("poll p50", opt_ms(polls.map(|p| p.median)));
            figures.check("errors", errors.to_string(), "0", errors == 0);
            figures.note(
                "fan-out p50 / p99",
                format!(
                    "{} / {}",
                    opt_ms(fan_outs.map(|f| f.median)),
                    opt_ms(fan_outs.map(|f| f.p99))
                ),
            );
            figures.note(
                "copydesk CPU",
                cpu.map_or("-".to_owned(), |s| {
                    format!("{:.0} % of one core", s * 100.0)
                }),
            );
        }
    }
    println!();
    figures.save_if_at_target_sizes(at_preset_sizes)?;
    Ok(())
}

async fn run(args: Args) -> anyhow::Result<()> {
    let sizes = args.sizes()?;
    let binary = args.copydesk.clone().unwrap_or_else(default_binary);
    let served = ServedProcess::start(&binary, facade::settings::WRITE_LIMIT).await?;
    let setting = format!(
        "{} agents × {} accounts, {} s, a fan-out per agent every {} s",
        sizes.agents,
        sizes.accounts,
        sizes.length.as_secs(),
        sizes.fan_out_every.as_secs()
    );
    println!(
        "{}: copydesk pid {} at {}; {setting}",
        sizes.name,
        served.pid(),
        served.url("")
    );
    let setup_started = Instant::now();
    let browsers = set_up(&served, sizes).await?;
    let symbol = browsers
        .first()
        .context("at least one agent")?
        .resting_call("AAPL", RESTING_PRICE)
        .await?;
    println!(
        "setup: {} agents and {} accounts in {:.1} s; orders: BUY_TO_OPEN {symbol} x1 @ {RESTING_PRICE}",
        sizes.agents,
        sizes.agents * sizes.accounts,
        setup_started.elapsed().as_secs_f64()
    );

    let started = Instant::now();
    let run = Rc::new(Run {
        started,
        deadline: started + sizes.length,
        record: RefCell::new(LoadRecord::default()),
        failures: RefCell::default(),
    });
    let mut tasks = Vec::new();
    tasks.push(actix_rt::spawn(resources_loop(run.clone(), served.pid())));
    for (n, browser) in browsers.into_iter().enumerate() {
        let share = |every: Duration| every.mul_f64(n as f64 / sizes.agents as f64);
        let working = Rc::new(RefCell::new(BTreeMap::new()));
        tasks.push(actix_rt::spawn(poll_loop(
            run.clone(),
            browser.clone(),
            PolledTable::new(ORDERS_PATH, true),
            TABLE_EVERY,
            share(TABLE_EVERY),
            Some(working.clone()),
        )));
        tasks.push(actix_rt::spawn(poll_loop(
            run.clone(),
            browser.clone(),
            PolledTable::new(POSITIONS_PATH, true),
            TABLE_EVERY,
            share(TABLE_EVERY),
            None,
        )));
        tasks.push(actix_rt::spawn(poll_loop(
            run.clone(),
            browser.clone(),
            PolledTable::new(ACCOUNTS_PATH, false),
            ACCOUNTS_EVERY,
            share(ACCOUNTS_EVERY),
            None,
        )));
        tasks.push(actix_rt::spawn(fan_out_loop(
            run.clone(),
            browser,
            symbol.clone(),
            sizes.fan_out_every,
            share(sizes.fan_out_every),
            working,
        )));
    }
    for task in tasks {
        task.await.context("a driver task panicked")?;
    }
    let record = run.record.borrow().clone();
    report(sizes, &record, &setting, args.at_preset_sizes())?;
    let failures = run.failures.borrow();
    if !failures.is_empty() {
        println!();
        println!(
            "failed calls ({}, the first {} shown):",
            failures.len(),
            SHOWN_FAILURES.min(failures.len())
        );
        for failure in failures.iter().take(SHOWN_FAILURES) {
            println!("    {failure}");
        }
    }
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    actix_rt::System::new().block_on(run(args))
}
