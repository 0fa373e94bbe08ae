//! Freshness in Schwab mode at 100 or 1,000 accounts: `copydesk serve --broker schwab` as its own
//! process against schwab-fake (in this process) at 120 reads a minute. Each MARKET fan-out is timed
//! from each account's fill at the market to its row FILLED and its position right in the tables the
//! browser polls, and the reads it spent are counted (background reads that run anyway left out); an
//! option chain is asked in the middle of a fan-out; then copydesk is stopped with orders open on
//! some accounts, some of them fill while it is down, and the restart on the same store is timed
//! until every stream is live and every open row has settled from its account's listing.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail, ensure};
use benches::agent_browser::{AgentBrowser, PolledTable};
use benches::fake_thread::FakeThread;
use benches::figures::Figures;
use benches::schwab_link::{CALLBACK, SchwabLink};
use benches::schwab_served::{FakeAddress, SchwabServed};
use benches::served_process::default_binary;
use chrono::{DateTime, Utc};
use clap::Parser;
use engine::broker::AccountHash;
use engine::broker::paper::PaperBrokerage;
use fixtures::fake::FakeConfig;
use futures::future::join_all;
use reqwest::{Method, StatusCode};
use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive;
use serde_json::{Value, json};

/// The account counts the targets are about (each saved as its own entry of the summary).
const TARGET_SIZES: [usize; 2] = [100, 1000];
/// Seconds between fan-outs the targets are about (at least).
const EVERY_SECS: u64 = 10;
/// Percent of the accounts left with an open order over the restart.
const OPEN_PERCENT: usize = 10;
/// The read limit of the fake and of copydesk in the measured part (Schwab's, per application).
const READS_PER_MINUTE: u32 = 120;
/// copydesk's read limit while the accounts are linked (lifted for the set-up only).
const SETUP_READS_PER_MINUTE: u32 = 100_000;
/// Accounts linked at once.
const LINK_AT_ONCE: usize = 16;
/// Between two polls of the tables (each poll is timed from its answer).
const LOOK_EVERY: Duration = Duration::from_millis(200);
/// Between two looks at the accounts' streams and rows after the restart.
const RESTART_LOOK_EVERY: Duration = Duration::from_millis(250);
/// The longest wait for the set-up (linking, streams, first polls).
const SETUP_GIVE_UP: Duration = Duration::from_secs(600);
/// The longest a fan-out's rows and positions are watched.
const FAN_OUT_GIVE_UP: Duration = Duration::from_secs(90);
/// The longest the restart is watched.
const RESTART_GIVE_UP: Duration = Duration::from_secs(240);
/// After the set-up's limits are restored: both read windows empty of the set-up's reads.
const QUIET: Duration = Duration::from_secs(61);
/// How long after a fan-out's rows and positions are right its reads are still counted (reads its
/// events asked for that waited on the budget).
const SETTLE: Duration = Duration::from_secs(3);
/// When, after the place is sent, the first option chain is asked (while the orders go out).
const CHAIN_DURING_SEND: Duration = Duration::from_millis(20);
/// Between the second and third option chain (while the events come in).
const CHAIN_LATER: Duration = Duration::from_millis(500);
/// The stock every order trades.
const SYMBOL: &str = "AAPL";
/// The driver's agent.
const AGENT: &str = "bench";
/// Its password.
const AGENT_PASSWORD: &str = "bench-password";
/// The brokerage password the accounts are added with (the fake's login page takes it).
const BROKER_PASSWORD: &str = "pw-123";
/// A resting LIMIT that stays open over the restart: this share of the market price.
const FAR_LIMIT: f64 = 0.5;
/// A resting LIMIT that fills while copydesk is down: this share of the market price.
const FILLING_LIMIT: f64 = 0.8;
/// Where the price is moved while copydesk is down: fills [`FILLING_LIMIT`], not [`FAR_LIMIT`].
const DOWN_PRICE: f64 = 0.7;
/// The orders table the stock screen polls.
const ORDERS: &str = "/api/stock_copy_trading/database";
/// The stock positions table the stock screen polls.
const POSITIONS: &str = "/api/stock_copy_trading_position/database";
/// Statuses after which an order changes no more.
const FINAL: [&str; 5] = ["FILLED", "CANCELED", "REJECTED", "EXPIRED", "REPLACED"];

engine::process_allocator!();

#[derive(Debug, Parser)]
#[command(
    about = "Freshness of Schwab-mode accounts at 120 reads a minute: MARKET fan-outs to every row FILLED and every position right, their reads, an option chain in a fan-out, and a restart"
)]
struct Args {
    /// Linked Schwab-mode accounts (the summary keeps runs at 100 and at 1000).
    #[arg(long, default_value_t = TARGET_SIZES[0])]
    accounts: usize,
    /// Fan-outs measured for reads (one more is sent with option chains asked in it).
    #[arg(long, default_value_t = 3)]
    fan_outs: usize,
    /// Seconds between fan-outs.
    #[arg(long, default_value_t = EVERY_SECS)]
    every_secs: u64,
    /// Percent of the accounts with an open order over the restart (half of them fill meanwhile).
    #[arg(long, default_value_t = OPEN_PERCENT)]
    open_percent: usize,
    /// Seconds copydesk stays down over the restart.
    #[arg(long, default_value_t = 60)]
    down_secs: u64,
    /// The `copydesk` binary (default: the workspace's release build).
    #[arg(long)]
    binary: Option<PathBuf>,
}

/// One linked account as the driver knows it.
#[derive(Debug, Clone)]
struct Account {
    id: u64,
    username: String,
    hash: AccountHash,
}

/// A table the browser polls with `?since=`, kept whole on this side.
struct Table {
    polled: PolledTable,
    rows: BTreeMap<String, Vec<Value>>,
}

impl Table {
    fn new(path: &'static str) -> Self {
        Self {
            polled: PolledTable::new(path, true).since(0),
            rows: BTreeMap::new(),
        }
    }

    /// Polls once and applies the answer; the time the answer was in.
    async fn poll(&mut self, agent: &AgentBrowser) -> Result<DateTime<Utc>> {
        let seen = agent.poll(&mut self.polled).await?;
        let at = Utc::now();
        if seen.status == StatusCode::NOT_MODIFIED {
            return Ok(at);
        }
        ensure!(
            seen.status == StatusCode::OK,
            "a table answered {}",
            seen.status
        );
        if seen.answer.get("changed").is_none() {
            // The plain form: the whole table.
            self.rows.clear();
            for (key, rows) in seen.answer.as_object().into_iter().flatten() {
                let rows = rows.as_array().cloned().unwrap_or_default();
                self.rows.insert(key.clone(), rows);
            }
            return Ok(at);
        }
        if seen.answer["full"].as_bool() == Some(true) {
            self.rows.clear();
        }
        if let Some(changed) = seen.answer["changed"].as_object() {
            for (key, rows) in changed {
                let rows = rows.as_array().cloned().unwrap_or_default();
                self.rows.insert(key.clone(), rows);
            }
        }
        if let Some(removed) = seen.answer["removed"].as_array() {
            for key in removed.iter().filter_map(Value::as_str) {
                self.rows.remove(key);
            }
        }
        Ok(at)
    }
}

/// copydesk's read budget counters (`/api/metrics`).
#[derive(Debug, Clone, Copy, Default)]
struct Reads {
    /// Every read taken from the budget.
    used: u64,
    /// Background reads (safety-net polls, position checks) among them.
    background: u64,
}

impl Reads {
    /// The reads taken since `before`, background reads left out.
    fn foreground_since(self, before: Self) -> u64 {
        (self.used - before.used).saturating_sub(self.background - before.background)
    }
}

/// The value of the metric line that starts with `name` and holds every one of `labels`.
fn metric(text: &str, name: &str, labels: &[&str]) -> u64 {
    text.lines()
        .filter(|l| {
            l.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with(['{', ' ']))
        })
        .filter(|l| labels.iter().all(|label| l.contains(label)))
        .filter_map(|l| l.rsplit(' ').next()?.parse::<f64>().ok())
        .map(|v| v as u64)
        .sum()
}

async fn reads(agent: &AgentBrowser) -> Result<Reads> {
    let (status, text) = agent.call(Method::GET, "/api/metrics", None).await?;
    ensure!(status == StatusCode::OK, "metrics answered {status}");
    Ok(Reads {
        used: metric(
            &text,
            "copydesk_budget_calls_total",
            &["budget=\"reads\"", "outcome=\"used\""],
        ),
        background: metric(&text, "copydesk_background_reads_total", &[]),
    })
}

async fn json_of(
    agent: &AgentBrowser,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> Result<Value> {
    let (status, text) = agent.call(method, path, body).await?;
    ensure!(status == StatusCode::OK, "{path} answered {status}: {text}");
    Ok(serde_json::from_str(&text)?)
}

async fn set_read_limit(agent: &AgentBrowser, limit: u32) -> Result<()> {
    json_of(
        agent,
        Method::POST,
        "/api/operator/settings",
        Some(&json!({"readLimitPerMinute": limit})),
    )
    .await?;
    Ok(())
}

/// Every account's health row (stream state, catch-up listings, last poll).
async fn health(agent: &AgentBrowser) -> Result<Vec<Value>> {
    let rows = json_of(agent, Method::GET, "/api/operator/accounts", None).await?;
    Ok(rows.as_array().cloned().unwrap_or_default())
}

/// Adds account `n` and signs it in through the fake's login page, as a trader does.
async fn link_one(
    agent: &AgentBrowser,
    link: &SchwabLink,
    browser: &reqwest::Client,
    n: usize,
) -> Result<()> {
    let name = format!("fresh {n}");
    let username = format!("fresh-{n}");
    let add = json!({"accountName": name, "accountUsername": username,
        "accountPassword": BROKER_PASSWORD, "accountType": "small_account"});
    let (status, text) = agent
        .call(Method::POST, "/api/trading_account/login/", Some(&add))
        .await?;
    ensure!(
        status == StatusCode::OK,
        "adding {username}: {status} {text}"
    );
    let code = link.code(browser, &username).await?;
    let redirected = url::Url::parse_with_params(CALLBACK, &[("code", code.as_str())])?;
    let paste = json!({"accountName": name, "accountUsername": username,
        "authorizationCodeUrl": redirected.as_str()});
    let (status, text) = agent
        .call(
            Method::POST,
            "/api/trading_account/get_access_token_from_authorization_code/",
            Some(&paste),
        )
        .await?;
    ensure!(
        status == StatusCode::OK,
        "authorizing {username}: {status} {text}"
    );
    Ok(())
}

/// Places a BUY of one share of [`SYMBOL`] on `accounts` (every active account when empty):
/// MARKET, or LIMIT at `limit`.
async fn place(agent: &AgentBrowser, accounts: &[&Account], limit: Option<f64>) -> Result<()> {
    let listed: Vec<Value> = accounts
        .iter()
        .map(|a| json!({"accountId": a.id}))
        .collect();
    let mut body = json!({"allTradingAccountsOrderList": listed, "stockSymbol": SYMBOL,
        "stockSession": "NORMAL", "stockDuration": "DAY", "stockInstruction": "BUY",
        "stockOrderType": "MARKET", "stockQuantity": 1});
    if let Some(price) = limit {
        body["stockOrderType"] = json!("LIMIT");
        body["stockPrice"] = json!(format!("{price:.2}"));
    }
    let (status, text) = agent
        .call(
            Method::POST,
            "/api/stock_copy_trading/place_order/",
            Some(&body),
        )
        .await?;
    ensure!(
        status == StatusCode::OK && text == "success",
        "the place answered {status} {text}"
    );
    Ok(())
}

/// Asks the option chain the order dialog asks for; how long the answer took.
async fn chain(agent: &AgentBrowser, side: &str) -> Result<Duration> {
    let asked = Instant::now();
    let path = format!(
        "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName={SYMBOL}&optionChainCallPut={side}"
    );
    let (status, text) = agent.call(Method::GET, &path, None).await?;
    let took = asked.elapsed();
    ensure!(
        status == StatusCode::OK,
        "the option chain answered {status}: {text}"
    );
    Ok(took)
}

/// The account's holding of [`SYMBOL`] at the market: shares and average price.
fn market_holding(paper: &PaperBrokerage, hash: &AccountHash) -> Result<(u32, f64)> {
    let fills = paper.fills(hash)?;
    let (mut shares, mut cost) = (0u32, Decimal::ZERO);
    for fill in fills.iter().filter(|f| f.symbol == SYMBOL) {
        shares += fill.quantity;
        cost += Decimal::from(fill.quantity) * fill.price;
    }
    let average = if shares == 0 {
        0.0
    } else {
        (cost / Decimal::from(shares)).to_f64().unwrap_or(0.0)
    };
    Ok((shares, average))
}

/// When the market filled `order` on the account (its last fill).
fn fill_time(paper: &PaperBrokerage, hash: &AccountHash, order: i64) -> Option<DateTime<Utc>> {
    paper
        .fills(hash)
        .ok()?
        .iter()
        .filter(|f| f.order.0 == order)
        .map(|f| f.time)
        .max()
}

/// What one fan-out showed, per account: when the row was seen FILLED and the position right, and
/// when the market filled the order.
#[derive(Debug, Default)]
struct Watched {
    filled_after: Vec<f64>,
    position_after: Vec<f64>,
    unfilled: usize,
    positions_wrong: usize,
    done_at: Option<Instant>,
}

/// Polls both tables until every account's row of the session that is new (not in `known`) is
/// FILLED and every account's position shows the `bought` shares the market holds (with the
/// market's average price), or [`FAN_OUT_GIVE_UP`] has passed.
async fn watch(
    agent: &AgentBrowser,
    paper: &PaperBrokerage,
    accounts: &[Account],
    orders: &mut Table,
    positions: &mut Table,
    (known, bought): (&HashSet<String>, u32),
) -> Result<Watched> {
    let started = Instant::now();
    let mut filled: HashMap<String, (DateTime<Utc>, i64)> = HashMap::new();
    let mut right: HashMap<String, DateTime<Utc>> = HashMap::new();
    // Each account's holding at the market once it holds the `bought` shares (it changes no more).
    let mut held: HashMap<&str, f64> = HashMap::new();
    let hashes: HashMap<&str, &AccountHash> = accounts
        .iter()
        .map(|a| (a.username.as_str(), &a.hash))
        .collect();
    loop {
        let orders_at = orders.poll(agent).await?;
        let positions_at = positions.poll(agent).await?;
        let session = orders
            .rows
            .iter()
            .filter(|(key, _)| !known.contains(*key))
            .map(|(_, rows)| rows)
            .next();
        for row in session.into_iter().flatten() {
            let username = row["accountUsername"].as_str().unwrap_or_default();
            if row["stockStatus"] == "FILLED" && !filled.contains_key(username) {
                let order = row["stockOrderId"].as_i64().unwrap_or_default();
                filled.insert(username.to_owned(), (orders_at, order));
            }
        }
        let shown: HashMap<&str, (f64, f64)> = positions
            .rows
            .get(SYMBOL)
            .into_iter()
            .flatten()
            .map(|r| {
                (
                    r["accountUsername"].as_str().unwrap_or_default(),
                    (
                        r["stockSettledQuantity"].as_f64().unwrap_or(0.0),
                        r["stockAveragePrice"].as_f64().unwrap_or(0.0),
                    ),
                )
            })
            .collect();
        for (username, hash) in &hashes {
            if right.contains_key(*username) {
                continue;
            }
            let Some((quantity, average)) = shown.get(username) else {
                continue;
            };
            let market_average = match held.get(username) {
                Some(average) => *average,
                None => {
                    let (shares, average) = market_holding(paper, hash)?;
                    if shares != bought {
                        continue;
                    }
                    held.insert(username, average);
                    average
                }
            };
            if (*quantity - f64::from(bought)).abs() < 1e-9
                && (*average - market_average).abs() < 0.01
            {
                right.insert((*username).to_owned(), positions_at);
            }
        }
        let done = right.len() == accounts.len() && filled.len() == accounts.len();
        if done || started.elapsed() > FAN_OUT_GIVE_UP {
            break;
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
    let mut watched = Watched {
        done_at: (right.len() == accounts.len() && filled.len() == accounts.len())
            .then(Instant::now),
        ..Watched::default()
    };
    for account in accounts {
        let Some((seen, order)) = filled.get(&account.username) else {
            watched.unfilled += 1;
            watched.positions_wrong += 1;
            continue;
        };
        let Some(fill) = fill_time(paper, &account.hash, *order) else {
            watched.unfilled += 1;
            continue;
        };
        watched
            .filled_after
            .push((*seen - fill).as_seconds_f64().max(0.0));
        match right.get(&account.username) {
            Some(at) => watched
                .position_after
                .push((*at - fill).as_seconds_f64().max(0.0)),
            None => watched.positions_wrong += 1,
        }
    }
    Ok(watched)
}

fn worst(values: &[f64]) -> f64 {
    values.iter().copied().fold(0.0, f64::max)
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

/// The fan-outs' figures.
#[derive(Debug, Default)]
struct FanOuts {
    /// Reads per measured fan-out, background left out.
    foreground: Vec<u64>,
    /// Background reads in the same windows.
    background: Vec<u64>,
    filled_after: Vec<f64>,
    position_after: Vec<f64>,
    unfilled: usize,
    positions_wrong: usize,
    chains: Vec<Duration>,
}

async fn fan_outs(
    args: &Args,
    agent: &AgentBrowser,
    paper: &PaperBrokerage,
    accounts: &[Account],
) -> Result<FanOuts> {
    let mut orders = Table::new(ORDERS);
    let mut positions = Table::new(POSITIONS);
    orders.poll(agent).await?;
    positions.poll(agent).await?;
    let mut figures = FanOuts::default();
    for round in 1..=args.fan_outs + 1 {
        let with_chains = round > args.fan_outs;
        let known: HashSet<String> = orders.rows.keys().cloned().collect();
        let before = reads(agent).await?;
        let sent = Instant::now();
        if with_chains {
            let (placed, during) = tokio::join!(place(agent, &[], None), async {
                tokio::time::sleep(CHAIN_DURING_SEND).await;
                chain(agent, "CALL").await
            });
            placed?;
            figures.chains.push(during?);
        } else {
            place(agent, &[], None).await?;
        }
        let placed = sent.elapsed();
        let (watched, later) = tokio::join!(
            watch(
                agent,
                paper,
                accounts,
                &mut orders,
                &mut positions,
                (&known, u32::try_from(round).unwrap_or(u32::MAX)),
            ),
            async {
                if !with_chains {
                    return Ok(Vec::new());
                }
                let first = chain(agent, "PUT").await?;
                tokio::time::sleep(CHAIN_LATER).await;
                let second = chain(agent, "CALL").await?;
                Ok::<_, anyhow::Error>(vec![first, second])
            }
        );
        let watched = watched?;
        figures.chains.extend(later?);
        let until = (watched.done_at.unwrap_or_else(Instant::now) + SETTLE)
            .max(sent + Duration::from_secs(args.every_secs));
        tokio::time::sleep_until(until.into()).await;
        let after = reads(agent).await?;
        let foreground = after.foreground_since(before);
        let background = after.background - before.background;
        println!(
            "fan-out {round}{}: placed in {:.0} ms; rows FILLED after their fills: worst {:.2} s, median {:.2} s ({} not FILLED); positions right: worst {:.2} s ({} not right); reads {foreground} ({background} background left out)",
            if with_chains {
                " (option chains asked in it)"
            } else {
                ""
            },
            placed.as_secs_f64() * 1e3,
            worst(&watched.filled_after),
            median(&watched.filled_after),
            watched.unfilled,
            worst(&watched.position_after),
            watched.positions_wrong,
        );
        if with_chains {
            let asked: Vec<String> = figures
                .chains
                .iter()
                .map(|d| format!("{:.0} ms", d.as_secs_f64() * 1e3))
                .collect();
            println!(
                "option chains in that fan-out answered after {}",
                asked.join(", ")
            );
        } else {
            figures.foreground.push(foreground);
            figures.background.push(background);
        }
        figures.filled_after.extend(watched.filled_after);
        figures.position_after.extend(watched.position_after);
        figures.unfilled += watched.unfilled;
        figures.positions_wrong += watched.positions_wrong;
    }
    Ok(figures)
}

/// What the restart showed.
#[derive(Debug, Default)]
struct Restart {
    open_accounts: usize,
    filled_while_down: usize,
    stop_took: Duration,
    answering_after: Duration,
    live_after: Option<Duration>,
    settled_after: Option<Duration>,
    reads_live: Reads,
    reads_settled: Reads,
    connected: usize,
    settled: usize,
}

/// The rows of the sessions not in `known`, by account username.
fn new_rows<'t>(table: &'t Table, known: &HashSet<String>) -> HashMap<String, &'t Value> {
    table
        .rows
        .iter()
        .filter(|(key, _)| !known.contains(*key))
        .flat_map(|(_, rows)| rows)
        .filter_map(|r| Some((r["accountUsername"].as_str()?.to_owned(), r)))
        .collect()
}

/// The fake, and where copydesk's store is and how it starts again.
struct Rig<'a> {
    args: &'a Args,
    fake: &'a FakeThread,
    address: &'a FakeAddress,
    data: &'a Path,
    /// The restarted copydesk's log.
    log: PathBuf,
}

/// Leaves LIMIT orders open on [`Args::open_percent`] of the accounts, stops copydesk, fills half
/// of them at the market while it is down, starts it again on the same store and watches until
/// every stream is live and every open row has settled from its account's listing.
async fn restart(
    rig: &Rig<'_>,
    desk: SchwabServed,
    agent: &AgentBrowser,
    accounts: &[Account],
) -> Result<(Restart, SchwabServed)> {
    let args = rig.args;
    let paper = rig.fake.paper();
    let every = (100 / args.open_percent.clamp(1, 100)).max(1);
    let open: Vec<&Account> = accounts.iter().step_by(every).collect();
    let filling: Vec<&Account> = open.iter().copied().step_by(2).collect();
    let staying: Vec<&Account> = open.iter().copied().skip(1).step_by(2).collect();
    let (_, price) = market_holding(paper, &accounts[0].hash)?;
    ensure!(
        price > 0.0,
        "no {SYMBOL} fill to price the resting orders from"
    );
    let mut orders = Table::new(ORDERS);
    orders.poll(agent).await?;
    let known: HashSet<String> = orders.rows.keys().cloned().collect();
    place(agent, &filling, Some(price * FILLING_LIMIT)).await?;
    if !staying.is_empty() {
        place(agent, &staying, Some(price * FAR_LIMIT)).await?;
    }
    // Every open row has its order at the market before copydesk stops.
    let waiting = Instant::now();
    let order_of = loop {
        orders.poll(agent).await?;
        let rows = new_rows(&orders, &known);
        let working = rows
            .values()
            .filter(|r| {
                r["stockOrderId"].as_i64().is_some()
                    && !FINAL.contains(&r["stockStatus"].as_str().unwrap_or_default())
            })
            .count();
        if working == open.len() {
            break rows
                .iter()
                .filter_map(|(user, r)| Some((user.clone(), r["stockOrderId"].as_i64()?)))
                .collect::<HashMap<String, i64>>();
        }
        ensure!(
            waiting.elapsed() < FAN_OUT_GIVE_UP,
            "only {working} of {} resting orders are working",
            open.len()
        );
        tokio::time::sleep(LOOK_EVERY).await;
    };
    let mut figures = Restart {
        open_accounts: open.len(),
        ..Restart::default()
    };
    figures.stop_took = desk.stop().await?;
    let stopped = Instant::now();
    println!(
        "copydesk stopped (clean stop in {:.1} s) with orders open on {} accounts",
        figures.stop_took.as_secs_f64(),
        open.len()
    );
    let down = Decimal::try_from(price * DOWN_PRICE)?.round_dp(2);
    paper.set_price(SYMBOL, down)?;
    loop {
        figures.filled_while_down = filling
            .iter()
            .filter(|a| {
                order_of
                    .get(&a.username)
                    .is_some_and(|o| fill_time(paper, &a.hash, *o).is_some())
            })
            .count();
        if figures.filled_while_down == filling.len() || stopped.elapsed() > Duration::from_secs(20)
        {
            break;
        }
        tokio::time::sleep(LOOK_EVERY).await;
    }
    println!(
        "{} of {} resting orders filled while copydesk was down; starting it again after {} s down",
        figures.filled_while_down,
        filling.len(),
        args.down_secs
    );
    tokio::time::sleep_until((stopped + Duration::from_secs(args.down_secs)).into()).await;

    let start = Instant::now();
    let desk = SchwabServed::start(&default_or(args), rig.data, rig.address, &rig.log).await?;
    figures.answering_after = start.elapsed();
    let agent = AgentBrowser::sign_in(&desk.base(), AGENT, AGENT_PASSWORD).await?;
    let mut orders = Table::new(ORDERS);
    let filled_set: HashSet<&str> = filling
        .iter()
        .filter(|a| {
            order_of
                .get(&a.username)
                .is_some_and(|o| fill_time(paper, &a.hash, *o).is_some())
        })
        .map(|a| a.username.as_str())
        .collect();
    loop {
        let rows = health(&agent).await?;
        figures.connected = rows
            .iter()
            .filter(|r| r["streamState"] == "connected")
            .count();
        if figures.live_after.is_none() && figures.connected == accounts.len() {
            figures.live_after = Some(start.elapsed());
            figures.reads_live = reads(&agent).await?;
        }
        let listed: HashSet<&str> = rows
            .iter()
            .filter(|r| r["catchUpReads"].as_u64().unwrap_or(0) >= 1)
            .filter_map(|r| r["accountUsername"].as_str())
            .collect();
        orders.poll(&agent).await?;
        let shown = new_rows(&orders, &known);
        figures.settled = open
            .iter()
            .filter(|a| {
                let status = shown
                    .get(&a.username)
                    .and_then(|r| r["stockStatus"].as_str())
                    .unwrap_or_default();
                let right = if filled_set.contains(a.username.as_str()) {
                    status == "FILLED"
                } else {
                    !status.is_empty() && !FINAL.contains(&status)
                };
                right && listed.contains(a.username.as_str())
            })
            .count();
        if figures.settled_after.is_none() && figures.settled == open.len() {
            figures.settled_after = Some(start.elapsed());
            figures.reads_settled = reads(&agent).await?;
        }
        if (figures.live_after.is_some() && figures.settled_after.is_some())
            || start.elapsed() > RESTART_GIVE_UP
        {
            break;
        }
        tokio::time::sleep(RESTART_LOOK_EVERY).await;
    }
    Ok((figures, desk))
}

fn default_or(args: &Args) -> PathBuf {
    args.binary.clone().unwrap_or_else(default_binary)
}

fn seconds(value: Option<Duration>) -> String {
    value.map_or_else(
        || "never".to_owned(),
        |d| format!("{:.1} s", d.as_secs_f64()),
    )
}

#[actix_web::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let run = Instant::now();
    let fake_config = FakeConfig {
        workers: 2,
        ..FakeConfig::default()
    };
    let writes = fake_config.order_writes_per_minute;
    let address = FakeAddress {
        base_url: String::new(),
        app_key: fake_config.app_key.clone(),
        app_secret: fake_config.app_secret.clone(),
    };
    let fake = FakeThread::start(fake_config)?;
    let address = FakeAddress {
        base_url: fake.base_url(),
        ..address
    };
    let dir = tempfile::tempdir()?;
    let data = dir.path().join("data");
    let desk = SchwabServed::start(
        &default_or(&args),
        &data,
        &address,
        &dir.path().join("first.log"),
    )
    .await?;
    let agent = AgentBrowser::sign_up(&desk.base(), AGENT, AGENT_PASSWORD).await?;

    // Set-up: the read limits lifted on both sides while the accounts are linked.
    set_read_limit(&agent, SETUP_READS_PER_MINUTE).await?;
    fake.set_limits(writes, None);
    println!(
        "linking {} Schwab-mode accounts (read limits lifted)",
        args.accounts
    );
    let link = SchwabLink {
        fake_base: fake.base_url(),
        app_key: address.app_key.clone(),
    };
    let browser = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?;
    let numbers: Vec<usize> = (1..=args.accounts).collect();
    for batch in numbers.chunks(LINK_AT_ONCE) {
        join_all(batch.iter().map(|n| link_one(&agent, &link, &browser, *n)))
            .await
            .into_iter()
            .collect::<Result<Vec<()>>>()?;
    }
    let hashes: HashMap<String, AccountHash> = fake
        .paper()
        .accounts()
        .into_iter()
        .map(|a| (a.username, a.link.hash))
        .collect();
    let setup = Instant::now();
    let accounts = loop {
        let rows = health(&agent).await?;
        let ready = rows
            .iter()
            .filter(|r| r["streamState"] == "connected" && !r["lastSuccessfulPoll"].is_null())
            .count();
        if ready == args.accounts {
            break rows
                .iter()
                .map(|r| {
                    let username = r["accountUsername"].as_str().unwrap_or_default().to_owned();
                    let hash = hashes
                        .get(&username)
                        .cloned()
                        .with_context(|| format!("the fake has no account of {username}"))?;
                    Ok(Account {
                        id: r["accountId"].as_u64().unwrap_or_default(),
                        username,
                        hash,
                    })
                })
                .collect::<Result<Vec<Account>>>()?;
        }
        if setup.elapsed() > SETUP_GIVE_UP {
            bail!(
                "only {ready} of {} accounts streamed and polled",
                args.accounts
            );
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    };
    println!(
        "every account linked, streamed and polled after {:.0} s",
        run.elapsed().as_secs_f64()
    );
    set_read_limit(&agent, READS_PER_MINUTE).await?;
    fake.set_limits(writes, Some(READS_PER_MINUTE));
    tokio::time::sleep(QUIET).await;
    println!(
        "read limits at {READS_PER_MINUTE} a minute on both sides for {} s; measuring",
        QUIET.as_secs()
    );

    let paper = fake.paper().clone();
    let measured = fan_outs(&args, &agent, &paper, &accounts).await?;
    let rig = Rig {
        args: &args,
        fake: &fake,
        address: &address,
        data: &data,
        log: dir.path().join("second.log"),
    };
    let (restarted, desk) = restart(&rig, desk, &agent, &accounts).await?;
    println!(
        "restart: answering after {:.1} s, every stream live after {} ({} of {} connected), every open row settled after {} ({} of {}), reads by then {} ({} background)",
        restarted.answering_after.as_secs_f64(),
        seconds(restarted.live_after),
        restarted.connected,
        args.accounts,
        seconds(restarted.settled_after),
        restarted.settled,
        restarted.open_accounts,
        restarted.reads_settled.used,
        restarted.reads_settled.background,
    );
    drop(desk);

    let n = args.accounts;
    let mut figures = Figures::new(
        &format!("freshness-{n}"),
        format!(
            "{n} Schwab-mode accounts, `copydesk serve` as its own process, schwab-fake at {READS_PER_MINUTE} reads a minute (lifted while linking), {} MARKET fan-outs {} s apart and one more with 3 option chains asked in it, tables polled every {} ms; restart after {} s down with LIMIT orders open on {} accounts, {} of them filled meanwhile",
            args.fan_outs,
            args.every_secs,
            LOOK_EVERY.as_millis(),
            args.down_secs,
            restarted.open_accounts,
            restarted.filled_while_down
        ),
    );
    let fan_count = measured.foreground.len().max(1) as f64;
    let per_fan_out = measured.foreground.iter().sum::<u64>() as f64 / fan_count;
    let per_account = per_fan_out / n as f64;
    figures.check(
        "reads per account per MARKET fan-out until its rows and positions are right (background left out)",
        format!("{per_account:.4} ({per_fan_out:.1} reads per fan-out)"),
        "≤ 0.05",
        per_account <= 0.05,
    );
    figures.note(
        "background reads in those fan-outs' windows (safety-net polls and position checks, left out)",
        format!(
            "{:.1} per fan-out",
            measured.background.iter().sum::<u64>() as f64 / fan_count
        ),
    );
    let filled = worst(&measured.filled_after);
    figures.check(
        "every row FILLED after its fill (worst / median)",
        format!(
            "{filled:.2} s / {:.2} s{}",
            median(&measured.filled_after),
            if measured.unfilled > 0 {
                format!(", {} rows never", measured.unfilled)
            } else {
                String::new()
            }
        ),
        "≤ 2 s",
        filled <= 2.0 && measured.unfilled == 0,
    );
    let position = worst(&measured.position_after);
    figures.check(
        "every position right after its fill (worst / median)",
        format!(
            "{position:.2} s / {:.2} s{}",
            median(&measured.position_after),
            if measured.positions_wrong > 0 {
                format!(", {} never", measured.positions_wrong)
            } else {
                String::new()
            }
        ),
        "≤ 2 s",
        position <= 2.0 && measured.positions_wrong == 0,
    );
    let slowest_chain = measured.chains.iter().max().copied().unwrap_or_default();
    figures.check(
        "option chain asked in the middle of a fan-out to every account (worst of 3)",
        format!("{:.0} ms", slowest_chain.as_secs_f64() * 1e3),
        "≤ 1 s",
        slowest_chain <= Duration::from_secs(1) && measured.chains.len() == 3,
    );
    figures.check(
        "restart: every stream live (from the start)",
        seconds(restarted.live_after),
        "≤ 60 s",
        restarted
            .live_after
            .is_some_and(|d| d <= Duration::from_secs(60)),
    );
    figures.check(
        "restart: every open row settled from its account's listing",
        seconds(restarted.settled_after),
        "≤ 60 s",
        restarted
            .settled_after
            .is_some_and(|d| d <= Duration::from_secs(60)),
    );
    let allowed = restarted.open_accounts as u64 + 10;
    figures.check(
        "restart: reads spent by then (background among them)",
        format!(
            "{} ({} background, {} without)",
            restarted.reads_settled.used,
            restarted.reads_settled.background,
            restarted.reads_settled.used - restarted.reads_settled.background
        ),
        &format!("≤ {allowed} (accounts with open rows + 10)"),
        restarted.settled_after.is_some() && restarted.reads_settled.used <= allowed,
    );
    figures.note(
        "restart: clean stop / answering again after the start",
        format!(
            "{:.1} s / {:.1} s",
            restarted.stop_took.as_secs_f64(),
            restarted.answering_after.as_secs_f64()
        ),
    );
    println!("the run took {:.0} s", run.elapsed().as_secs_f64());
    figures.save_if_at_target_sizes(
        TARGET_SIZES.contains(&n)
            && args.fan_outs >= 3
            && args.every_secs >= EVERY_SECS
            && args.open_percent == OPEN_PERCENT
            && args.down_secs >= 30
            && args.binary.is_none(),
    )?;
    Ok(())
}
