//! `poll-load`: many pollers of one agent's option orders table against an in-process copydesk served
//! over loopback HTTP, every poller asking for gzip. Measures the answer with nothing new
//! (`If-None-Match` → 304), the whole table after one session changed between rounds (200, the
//! same compressed bytes for every poller), and the delta poll (`?since=`) after one session
//! changed, with the bytes each carries on the wire. Bounded by a number of rounds and a time limit;
//! stops by itself.
//!
//! Run with `cargo run --release -p benches --bin poll-load` (see `benches/README.md`).

use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use benches::agent_browser::version_of;
use benches::copydesk_app::{InProcessCopydesk, Served};
use benches::figures::Figures;
use benches::latency::{Summary, millis};
use chrono::{Days, Utc};
use clap::Parser;
use engine::broker::SubmitOutcome;
use engine::copy::{CopyRow, CopySession, SessionKeeper, TradeKind};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{Instruction, OptionSymbol, OrderLeg, OrderRequest, OrderStatus, PutCall};
use futures::future::join_all;
use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, SET_COOKIE};
use rust_decimal::Decimal;
use serde_json::json;

engine::process_allocator!();

/// Pollers the targets are about.
const POLLERS: usize = 200;
/// Accounts (rows per session) the targets are about.
const ACCOUNTS: usize = 50;
/// Sessions the targets are about.
const SESSIONS: usize = 200;
/// The polled route: the agent's single-leg option orders.
const ORDERS_PATH: &str = "/api/copy_trading_account/database/COMMON";
/// The agent the pollers sign in as.
const AGENT_USERNAME: &str = "poll-agent";
/// Its password (a throw-away store).
const AGENT_PASSWORD: &str = "poll-password-1";

/// Drives concurrent polls of the orders table.
#[derive(Debug, Parser)]
#[command(name = "poll-load")]
struct Args {
    /// Concurrent pollers (HTTP clients sharing the agent's session cookie).
    #[arg(long, default_value_t = POLLERS)]
    pollers: usize,
    /// Rounds per phase; in a round every poller sends one request, all at once.
    #[arg(long, default_value_t = 25)]
    rounds: usize,
    /// The agent's linked accounts (rows per session).
    #[arg(long, default_value_t = ACCOUNTS)]
    accounts: usize,
    /// Sessions in the book.
    #[arg(long, default_value_t = SESSIONS)]
    sessions: usize,
    /// Longest a phase may run, in seconds; no round starts after it.
    #[arg(long, default_value_t = 120)]
    max_seconds: u64,
    /// Writes one full orders answer to this file (to inspect it or try compressing it).
    #[arg(long)]
    dump_body: Option<std::path::PathBuf>,
}

/// One HTTP client with the agent's cookie, the last ETag it saw and, when it polls deltas, the
/// last version.
struct Poller {
    client: reqwest::Client,
    etag: Option<String>,
    delta: bool,
    version: Option<u64>,
}

/// What one poll saw.
struct Poll {
    status: StatusCode,
    elapsed: Duration,
    body_bytes: usize,
}

impl Poller {
    async fn poll(&mut self, url: &str, cookie: &str) -> anyhow::Result<Poll> {
        let url = match (self.delta, self.version) {
            (true, Some(version)) => format!("{url}?since={version}"),
            (true, None) => format!("{url}?since=0"),
            (false, _) => url.to_owned(),
        };
        let mut request = self
            .client
            .get(url)
            .header("cookie", cookie)
            .header(ACCEPT_ENCODING, "gzip");
        if let Some(etag) = &self.etag {
            request = request.header(IF_NONE_MATCH, etag);
        }
        let started = Instant::now();
        let response = request.send().await?;
        let status = response.status();
        let etag = response
            .headers()
            .get(ETAG)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let gzipped = response
            .headers()
            .get(CONTENT_ENCODING)
            .is_some_and(|v| v.as_bytes() == b"gzip");
        let body = response.bytes().await?;
        let elapsed = started.elapsed();
        if etag.is_some() {
            self.etag = etag;
        }
        if self.delta && status == StatusCode::OK {
            self.version = version_of(&body, gzipped);
        }
        Ok(Poll {
            status,
            elapsed,
            body_bytes: body.len(),
        })
    }
}

/// The OSI symbol and the broker's description of a call a month out (the view only reads them).
fn option_contract() -> anyhow::Result<(String, String)> {
    let expiry = Utc::now()
        .date_naive()
        .checked_add_days(Days::new(30))
        .context("a date a month out")?;
    let symbol = OptionSymbol::new("AAPL", expiry, PutCall::Call, Decimal::from(230))?;
    let description = format!("AAPL {} 230.00 C", expiry.format("%m/%d/%Y"));
    Ok((symbol.to_string(), description))
}

/// Session `n` of the agent: one row per account, working or (every third session) filled.
fn session(
    n: u64,
    agent: AgentId,
    accounts: &[AccountId],
    (symbol, description): &(String, String),
) -> CopySession {
    let now = Utc::now();
    let request = OrderRequest::limit(
        OrderLeg::option(Instruction::BuyToOpen, 2, symbol.clone()),
        Decimal::new(245, 2),
    );
    let rows = accounts
        .iter()
        .enumerate()
        .map(|(i, &account)| {
            let order = BrokerOrderId(i64::try_from(n * 10_000 + i as u64).unwrap_or(i64::MAX));
            let mut row =
                CopyRow::from_outcome(account, request.clone(), &SubmitOutcome::Placed(order), now);
            row.leg_descriptions = vec![Some(description.clone())];
            if n % 3 == 0 {
                row.state = engine::copy::RowState::Order(OrderStatus::Filled);
                row.filled_quantity = 2;
                row.average_price = Some(Decimal::new(243, 2));
            } else {
                row.state = engine::copy::RowState::Order(OrderStatus::Working);
            }
            row
        })
        .collect();
    CopySession {
        id: SessionId(n),
        agent,
        kind: TradeKind::Common,
        created_at: now,
        rows,
        replaced_session: None,
    }
}

/// A change the tables show: one more contract of the newest session's first row filled.
fn change_book(keeper: &SessionKeeper, agent: AgentId) -> anyhow::Result<()> {
    let (_, sessions) = keeper.book().view(agent, TradeKind::Common);
    let mut newest = sessions
        .into_iter()
        .next()
        .context("the book has sessions")?;
    let row = newest.rows.first_mut().context("the session has rows")?;
    row.filled_quantity = (row.filled_quantity + 1) % (row.request.total_quantity() + 1);
    keeper.record(newest);
    Ok(())
}

async fn sign_in(served: &Served) -> anyhow::Result<String> {
    let client = reqwest::Client::new();
    let credentials = json!({"agentUsername": AGENT_USERNAME, "agentPassword": AGENT_PASSWORD});
    let register = client
        .post(served.url("/api/agent_account/register/"))
        .json(&credentials)
        .send()
        .await?;
    if !register.status().is_success() {
        bail!(
            "register answered {}: {}",
            register.status(),
            register.text().await?
        );
    }
    let login = client
        .post(served.url("/api/agent_account/login/"))
        .json(&credentials)
        .send()
        .await?;
    let prefix = format!("{}=", facade::auth::SESSION_COOKIE);
    let cookie = login
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&prefix))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned);
    match cookie {
        Some(cookie) if login.status().is_success() => Ok(cookie),
        _ => bail!("login answered {} without a session cookie", login.status()),
    }
}

/// The outcome of one phase.
struct Phase {
    latencies: Vec<Duration>,
    rounds: usize,
    unexpected: Vec<String>,
    body_bytes: Vec<usize>,
    elapsed: Duration,
}

async fn phase(
    pollers: &mut [Poller],
    url: &str,
    cookie: &str,
    (rounds, deadline): (usize, Duration),
    expect: StatusCode,
    mut between_rounds: impl FnMut() -> anyhow::Result<()>,
) -> anyhow::Result<Phase> {
    let started = Instant::now();
    let mut out = Phase {
        latencies: Vec::with_capacity(rounds * pollers.len()),
        rounds: 0,
        unexpected: Vec::new(),
        body_bytes: Vec::new(),
        elapsed: Duration::ZERO,
    };
    while out.rounds < rounds && started.elapsed() < deadline {
        between_rounds()?;
        let polls = join_all(pollers.iter_mut().map(|p| p.poll(url, cookie))).await;
        for poll in polls {
            let poll = match poll {
                Ok(poll) => poll,
                Err(err) => {
                    out.unexpected.push(format!("no answer: {err:#}"));
                    continue;
                }
            };
            out.latencies.push(poll.elapsed);
            if poll.status == expect {
                if poll.status == StatusCode::OK {
                    out.body_bytes.push(poll.body_bytes);
                }
            } else {
                out.unexpected.push(poll.status.to_string());
            }
        }
        out.rounds += 1;
    }
    out.elapsed = started.elapsed();
    Ok(out)
}

fn print_phase(label: &str, phase: &Phase) {
    let rate = phase.latencies.len() as f64 / phase.elapsed.as_secs_f64().max(f64::EPSILON);
    println!(
        "{label}: {} rounds, {} polls in {:.2} s ({rate:.0} polls/s)",
        phase.rounds,
        phase.latencies.len(),
        phase.elapsed.as_secs_f64()
    );
    if let Some(summary) = Summary::of(&phase.latencies) {
        println!("    latency {summary}");
    }
    if let (Some(min), Some(max)) = (phase.body_bytes.iter().min(), phase.body_bytes.iter().max()) {
        println!("    body bytes per 200 answer: {min}..={max}");
    }
    if !phase.unexpected.is_empty() {
        println!(
            "    {} polls had another outcome, e.g. {}",
            phase.unexpected.len(),
            phase.unexpected.first().map_or("", String::as_str)
        );
    }
}

async fn run(args: Args) -> anyhow::Result<()> {
    let app = InProcessCopydesk::start()?;
    let served = app.serve()?;
    let cookie = sign_in(&served).await?;
    let agent = app.agent_id(AGENT_USERNAME)?;
    let accounts = app
        .link_paper_accounts(agent, args.accounts, "Poll")
        .await?;
    let keeper = app.state().services.supervisor.keeper().clone();
    let contract = option_contract()?;
    for n in 1..=args.sessions as u64 {
        keeper.record(session(n, agent, &accounts, &contract));
    }
    println!(
        "poll-load: copydesk at http://{}; {} pollers; {} sessions x {} rows; {} rounds per phase",
        served.addr,
        args.pollers,
        args.sessions,
        accounts.len(),
        args.rounds
    );

    let url = served.url(ORDERS_PATH);
    let mut pollers = (0..args.pollers)
        .map(|_| {
            Ok(Poller {
                client: reqwest::Client::builder().no_gzip().build()?,
                etag: None,
                delta: false,
                version: None,
            })
        })
        .collect::<anyhow::Result<Vec<Poller>>>()?;
    let limit = Duration::from_secs(args.max_seconds);
    // Every poller fetches the table once (connects and learns the ETag).
    let primed = phase(
        &mut pollers,
        &url,
        &cookie,
        (1, limit),
        StatusCode::OK,
        || Ok(()),
    )
    .await?;
    print_phase("first fetch (connect + full table)", &primed);
    if !primed.unexpected.is_empty() {
        bail!("the first fetch failed");
    }

    if let Some(path) = &args.dump_body {
        let body = reqwest::Client::new()
            .get(&url)
            .header("cookie", &cookie)
            .send()
            .await?
            .bytes()
            .await?;
        std::fs::write(path, &body).with_context(|| format!("writing {}", path.display()))?;
        println!("one full answer written to {}", path.display());
    }

    let unchanged = phase(
        &mut pollers,
        &url,
        &cookie,
        (args.rounds, limit),
        StatusCode::NOT_MODIFIED,
        || Ok(()),
    )
    .await?;
    print_phase("unchanged (If-None-Match -> 304)", &unchanged);

    let changing = phase(
        &mut pollers,
        &url,
        &cookie,
        (args.rounds, limit),
        StatusCode::OK,
        || change_book(&keeper, agent),
    )
    .await?;

    print_phase(
        "changed between rounds (-> 200, whole table, gzip)",
        &changing,
    );

    // Deltas: every poller learns a version (one full answer), then one session changes per round.
    for poller in &mut pollers {
        poller.delta = true;
        poller.etag = None;
    }
    let learned = phase(
        &mut pollers,
        &url,
        &cookie,
        (1, limit),
        StatusCode::OK,
        || change_book(&keeper, agent),
    )
    .await?;
    print_phase("delta, first (since=0 -> whole table)", &learned);
    let deltas = phase(
        &mut pollers,
        &url,
        &cookie,
        (args.rounds, limit),
        StatusCode::OK,
        || change_book(&keeper, agent),
    )
    .await?;
    print_phase("delta after one session changed (?since= -> 200)", &deltas);

    let rows = args.sessions * accounts.len();
    let mut figures = Figures::new(
        "poll-load",
        format!(
            "{} pollers asking for gzip, {} sessions × {} rows = {rows} rows",
            args.pollers,
            args.sessions,
            accounts.len()
        ),
    );
    let p99 = |phase: &Phase| Summary::of(&phase.latencies).map(|s| s.p99);
    let ms = |d: Option<Duration>| d.map_or("-".to_owned(), |d| format!("{} ms", millis(d)));
    let delta_bytes = deltas.body_bytes.iter().max().copied();
    figures.check(
        "delta poll after one session changed, bytes on the wire",
        delta_bytes.map_or("-".to_owned(), |b| format!("{b} B")),
        "≤ 5 KB",
        delta_bytes.is_some_and(|b| b <= 5 * 1024) && deltas.unexpected.is_empty(),
    );
    figures.check(
        "delta poll p99",
        ms(p99(&deltas)),
        "≤ 2 ms",
        p99(&deltas).is_some_and(|p| p <= Duration::from_millis(2)),
    );
    figures.check(
        "whole changed table, gzip, p99",
        format!(
            "{} ({} B gzipped)",
            ms(p99(&changing)),
            changing
                .body_bytes
                .iter()
                .max()
                .copied()
                .unwrap_or_default()
        ),
        "≤ 100 ms",
        p99(&changing).is_some_and(|p| p <= Duration::from_millis(100))
            && changing.unexpected.is_empty(),
    );
    figures.note("unchanged poll (304) p99", ms(p99(&unchanged)));
    figures.note("first fetch (connect + whole table) p99", ms(p99(&primed)));
    println!();
    for row in &figures.rows {
        println!(
            "{:<56} {:>28}   target {}",
            row.figure, row.measured, row.target
        );
    }
    figures.save_if_at_target_sizes(
        args.pollers == POLLERS && args.accounts == ACCOUNTS && args.sessions == SESSIONS,
    )?;
    served.handle.stop(true).await;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    actix_rt::System::new().block_on(run(args))
}
