//! The `copydesk` command: `copydesk serve` starts the copy-trading back office.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use actix_web::{App, HttpServer};
use anyhow::Context;
use clap::{Parser, Subcommand};
use facade::settings::{BrokerKind, LOGIN_ATTEMPTS_PER_MINUTE, LogFormat, SESSION_IDLE, Settings};
use facade::{AppState, demo, routes};
use store::{SECRET_KEY_ENV, Store};

/// How often expired sessions and idle login-limit keys are swept.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(300);

/// copydesk: place, replace, cancel and exit an order once; copydesk applies it on every active linked
/// brokerage account at the same moment.
#[derive(Debug, Parser)]
#[command(name = "copydesk", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Start the server (API under /api, the UI at /).
    Serve(ServeArgs),
}

#[derive(Debug, clap::Args)]
struct ServeArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, env = "COPYDESK_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Data directory: the database and the secret key file (created 0600 on first start).
    /// The key may instead be given as 64 hex characters in COPYDESK_SECRET_KEY.
    #[arg(long = "data", env = "COPYDESK_DATA", default_value = "./data")]
    data_dir: PathBuf,
    /// Brokerage to trade through: the embedded paper brokerage or the Schwab Trader API.
    #[arg(long, env = "COPYDESK_BROKER", value_enum, default_value_t = BrokerKind::Paper)]
    broker: BrokerKind,
    /// Create a demo agent (demo / demo-password) when the store is empty.
    #[arg(long, env = "COPYDESK_DEMO", overrides_with = "no_demo")]
    demo: bool,
    /// Do not create demo data (the default).
    #[arg(long, overrides_with = "demo")]
    no_demo: bool,
    /// Folder of the built UI served at /; the API alone is served when it does not exist.
    #[arg(long, env = "COPYDESK_UI_DIR", default_value = "ui/dist")]
    ui_dir: PathBuf,
    /// Mark session cookies Secure (set this when copydesk is served over TLS).
    #[arg(long, env = "COPYDESK_SECURE_COOKIES")]
    secure_cookies: bool,
    /// Log line format.
    #[arg(long, env = "COPYDESK_LOG_FORMAT", value_enum, default_value_t = LogFormat::Human)]
    log_format: LogFormat,
    /// Login attempts allowed per minute for one username and for one client address.
    #[arg(long, env = "COPYDESK_LOGIN_ATTEMPTS_PER_MINUTE", default_value_t = LOGIN_ATTEMPTS_PER_MINUTE)]
    login_attempts_per_minute: u32,
}

fn init_logging(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("COPYDESK_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Human => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Serve(args) => serve(args),
    }
}

fn serve(args: ServeArgs) -> anyhow::Result<()> {
    init_logging(args.log_format);
    let env_key = std::env::var(SECRET_KEY_ENV).ok();
    let store = Store::open(&args.data_dir, env_key.as_deref())
        .with_context(|| format!("cannot open the store in {}", args.data_dir.display()))?;
    let demo = args.demo && !args.no_demo;
    if demo && demo::seed_if_empty(&store).map_err(anyhow::Error::msg)? {
        println!(
            "demo agent created: username {} password {}",
            demo::DEMO_USERNAME,
            demo::DEMO_PASSWORD
        );
    }
    let ui_dir = args
        .ui_dir
        .join("index.html")
        .is_file()
        .then_some(args.ui_dir.clone());
    if ui_dir.is_none() {
        tracing::warn!(dir = %args.ui_dir.display(), "no built UI found; serving the API only");
    }
    let settings = Settings {
        bind: args.bind,
        data_dir: args.data_dir,
        broker: args.broker,
        demo,
        ui_dir,
        secure_cookies: args.secure_cookies,
        session_idle: SESSION_IDLE,
        login_attempts_per_minute: args.login_attempts_per_minute,
    };
    let state = AppState::new(store.clone(), settings.clone())?;
    let result = actix_web::rt::System::new().block_on(run(state, settings.bind));
    store
        .flush()
        .context("cannot flush the store at shutdown")?;
    tracing::info!("copydesk stopped; store flushed");
    result
}

async fn run(state: AppState, bind: SocketAddr) -> anyhow::Result<()> {
    let factory_state = state.clone();
    let server = HttpServer::new(move || {
        let state = factory_state.clone();
        App::new().configure(move |cfg| routes::configure(cfg, &state))
    })
    .bind(bind)
    .with_context(|| format!("cannot listen on {bind}"))?;
    let addresses = server.addrs();
    let running = server.shutdown_timeout(10).run();
    for address in &addresses {
        println!("copydesk listening on http://{address}");
    }
    tracing::info!(broker = ?state.settings.broker, "copydesk ready");
    actix_web::rt::spawn(housekeeping(state));
    running.await.context("the server stopped with an error")
}

/// Periodically removes expired sessions and forgets idle login-limit keys.
async fn housekeeping(state: AppState) {
    let mut ticks = actix_web::rt::time::interval(HOUSEKEEPING_EVERY);
    loop {
        ticks.tick().await;
        match state
            .web_sessions
            .purge_expired(chrono::Utc::now().timestamp())
        {
            Ok(0) => {}
            Ok(removed) => tracing::debug!(removed, "expired sessions removed"),
            Err(err) => tracing::warn!(error = %err, "expired sessions could not be removed"),
        }
        state.login_limiter.forget_idle();
    }
}
