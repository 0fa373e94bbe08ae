//! `idle-accounts`: resident memory of an in-process copydesk (paper brokerage) before and after
//! linking many idle accounts, each with its own started actor and authorized login, then after one
//! poll of each (balances, positions and orders held in its view, as between the idle polls).
//!
//! Run with `cargo run --release -p benches --bin idle-accounts` (see `benches/README.md`).

use anyhow::Context;
use benches::copydesk_app::InProcessCopydesk;
use benches::figures::Figures;
use benches::memory::{mib, resident_bytes};
use clap::Parser;
use futures::future::join_all;

engine::process_allocator!();

/// The agent that owns the accounts.
const AGENT_USERNAME: &str = "idle-agent";
/// Its password (a throw-away store).
const AGENT_PASSWORD: &str = "idle-password-1";
/// Accounts per batch the summary's figures are about.
const ACCOUNTS: usize = 1_000;
/// Batches the summary's figures are about.
const BATCHES: usize = 2;
/// Accounts polled at once.
const POLL_BATCH: usize = 100;

/// Measures the memory of idle linked accounts.
#[derive(Debug, Parser)]
#[command(name = "idle-accounts")]
struct Args {
    /// Accounts linked per batch.
    #[arg(long, default_value_t = ACCOUNTS)]
    accounts: usize,
    /// Batches; the second and later show the marginal cost once every one-off cost is paid.
    #[arg(long, default_value_t = BATCHES)]
    batches: usize,
}

/// Memory now, its growth since `before`, and that growth per account (when accounts were added).
fn line(label: &str, now: u64, before: u64, accounts: usize) {
    let grown = now.saturating_sub(before);
    let per_account = if accounts == 0 {
        "-".to_owned()
    } else {
        kib_each(grown, accounts)
    };
    println!(
        "{label:<44} {:>11} {:>11} {per_account:>14}",
        mib(now),
        mib(grown)
    );
}

/// `bytes` shared over `accounts`, in KiB each.
fn kib_each(bytes: u64, accounts: usize) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0 / accounts.max(1) as f64)
}

async fn poll_all(app: &InProcessCopydesk) -> usize {
    let handles = app.state().services.registry.handles();
    for batch in handles.chunks(POLL_BATCH) {
        join_all(batch.iter().map(|h| h.account.poll_now())).await;
    }
    handles
        .iter()
        .filter(|h| h.account.current_view().last_poll.is_some())
        .count()
}

async fn run(args: Args) -> anyhow::Result<()> {
    let at_start = resident_bytes()?;
    let app = InProcessCopydesk::start().context("starting copydesk")?;
    let agent = app.create_agent(AGENT_USERNAME, AGENT_PASSWORD)?;
    let baseline = resident_bytes()?;
    println!(
        "idle-accounts: {} batches of {} paper accounts; process RSS {} at start",
        args.batches,
        args.accounts,
        mib(at_start)
    );
    println!(
        "{:<44} {:>11} {:>11} {:>14}",
        "step", "RSS", "grown", "per account"
    );
    line("copydesk started (baseline)", baseline, at_start, 0);
    let mut before = baseline;
    let mut last_batch = 0;
    for batch in 1..=args.batches {
        app.link_paper_accounts(agent, args.accounts, &format!("Idle{batch}"))
            .await
            .with_context(|| format!("linking batch {batch}"))?;
        let linked = resident_bytes()?;
        line(
            &format!("batch {batch}: {} linked (actor + login)", args.accounts),
            linked,
            before,
            args.accounts,
        );
        last_batch = linked.saturating_sub(before);
        before = linked;
    }
    let total = args.accounts * args.batches;
    let linked = before;
    let polled = poll_all(&app).await;
    let after_polls = resident_bytes()?;
    line(
        &format!("one poll of each ({polled} of {total} polled)"),
        after_polls,
        linked,
        total,
    );
    println!();
    line(
        &format!("all {total} idle accounts, polled, vs baseline"),
        after_polls,
        baseline,
        total,
    );
    let mut figures = Figures::new(
        "idle-accounts",
        format!(
            "{} batches of {} paper accounts, in process",
            args.batches, args.accounts
        ),
    );
    figures.note("copydesk started, no account", mib(baseline));
    // The baseline holds whatever the allocator kept of the sign-up's password hash (19 MiB, freed
    // but not always given back yet), so the growth since it can hide the accounts; the last batch,
    // linked once every one-off cost is paid, is the cost of one more idle account.
    figures.note(
        &format!(
            "one more idle account (batch {} of {}, linked)",
            args.batches, args.batches
        ),
        format!("{} per account", kib_each(last_batch, args.accounts)),
    );
    figures.note(
        &format!("one poll of each of the {total} accounts"),
        format!(
            "{} per account",
            kib_each(after_polls.saturating_sub(linked), total)
        ),
    );
    figures.save_if_at_target_sizes(args.accounts == ACCOUNTS && args.batches == BATCHES)?;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    actix_rt::System::new().block_on(run(args))
}
