//! The `copydesk` command: `copydesk serve` starts the copy-trading back office.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use actix_web::HttpServer;
use anyhow::Context;
use clap::{Parser, Subcommand};
use facade::exposure::check_exposure;
use facade::services::Services;
use facade::settings::{
    BrokerKind, LOGIN_ATTEMPTS_PER_MINUTE, LogFormat, SCHWAB_BASE_URL, SESSION_IDLE,
    SchwabSettings, Settings, TlsFiles, WRITE_LIMIT,
};
use facade::{AppState, app, demo, tls};
use store::{SECRET_KEY_ENV, Store};

engine::process_allocator!();

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
    /// Mark session cookies Secure (set this when a proxy in front serves copydesk over TLS; with
    /// --tls-cert they always are).
    #[arg(long, env = "COPYDESK_SECURE_COOKIES")]
    secure_cookies: bool,
    /// PEM certificate chain to serve HTTPS with (needs --tls-key). Cookies are then Secure and
    /// Strict-Transport-Security is sent.
    #[arg(long, env = "COPYDESK_TLS_CERT", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// PEM private key of the certificate (needs --tls-cert).
    #[arg(long, env = "COPYDESK_TLS_KEY", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Serve plain HTTP on a non-loopback address anyway (only behind a proxy that encrypts the
    /// traffic); without it copydesk refuses to start there without TLS.
    #[arg(long, env = "COPYDESK_INSECURE_HTTP")]
    insecure_http: bool,
    /// Log line format.
    #[arg(long, env = "COPYDESK_LOG_FORMAT", value_enum, default_value_t = LogFormat::Human)]
    log_format: LogFormat,
    /// Login attempts allowed per minute for one username and for one client address.
    #[arg(long, env = "COPYDESK_LOGIN_ATTEMPTS_PER_MINUTE", default_value_t = LOGIN_ATTEMPTS_PER_MINUTE)]
    login_attempts_per_minute: u32,
    /// Brokerage reads per minute for the whole application [default: the stored value, else 110 for
    /// Schwab and 6000 for paper].
    #[arg(long, env = "COPYDESK_READ_LIMIT_PER_MINUTE")]
    read_limit_per_minute: Option<u32>,
    /// The agent (username) who may change the application's read limit on the operator panel
    /// [default: the first agent registered].
    #[arg(long, env = "COPYDESK_OPERATOR")]
    operator: Option<String>,
    /// Order writes per minute given to each new account (at most 120).
    #[arg(long, env = "COPYDESK_WRITE_LIMIT_PER_MINUTE", default_value_t = WRITE_LIMIT,
          value_parser = clap::value_parser!(u32).range(1..=120))]
    write_limit_per_minute: u32,
    /// Schwab app key (OAuth client id); required with --broker schwab.
    #[arg(long, env = "COPYDESK_SCHWAB_APP_KEY")]
    schwab_app_key: Option<String>,
    /// Schwab app secret; required with --broker schwab. Prefer the environment variable.
    #[arg(long, env = "COPYDESK_SCHWAB_APP_SECRET", hide_env_values = true)]
    schwab_app_secret: Option<String>,
    /// The callback URL registered for the Schwab app; required with --broker schwab.
    #[arg(long, env = "COPYDESK_SCHWAB_CALLBACK_URL")]
    schwab_callback_url: Option<String>,
    /// Base URL of the Schwab API (or of a Schwab-compatible server).
    #[arg(long, env = "COPYDESK_SCHWAB_BASE_URL", default_value = SCHWAB_BASE_URL)]
    schwab_base_url: String,
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

/// The TLS files given by the flags, if both are.
fn tls_files(args: &ServeArgs) -> Option<TlsFiles> {
    match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => Some(TlsFiles {
            cert: cert.clone(),
            key: key.clone(),
        }),
        _ => None,
    }
}

fn serve(args: ServeArgs) -> anyhow::Result<()> {
    init_logging(args.log_format);
    let tls = tls_files(&args);
    check_exposure(args.bind, tls.is_some(), args.insecure_http)?;
    let env_key = std::env::var(SECRET_KEY_ENV).ok();
    let store = Store::open(&args.data_dir, env_key.as_deref())
        .with_context(|| format!("cannot open the store in {}", args.data_dir.display()))?;
    let demo = args.demo && !args.no_demo;
    let schwab = match args.broker {
        BrokerKind::Paper => None,
        BrokerKind::Schwab => Some(SchwabSettings {
            app_key: args
                .schwab_app_key
                .context("--broker schwab needs --schwab-app-key")?,
            app_secret: args
                .schwab_app_secret
                .context("--broker schwab needs --schwab-app-secret")?,
            callback_url: args
                .schwab_callback_url
                .context("--broker schwab needs --schwab-callback-url")?,
            base_url: args.schwab_base_url,
        }),
    };
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
        secure_cookies: args.secure_cookies || tls.is_some(),
        tls,
        session_idle: SESSION_IDLE,
        login_attempts_per_minute: args.login_attempts_per_minute,
        read_limit_per_minute: args.read_limit_per_minute,
        operator: args.operator,
        write_limit_per_minute: args.write_limit_per_minute,
        schwab,
    };
    let result = actix_web::rt::System::new().block_on(run(store.clone(), settings));
    store
        .flush()
        .context("cannot flush the store at shutdown")?;
    tracing::info!("copydesk stopped; store flushed");
    result
}

async fn run(store: Store, settings: Settings) -> anyhow::Result<()> {
    let bind = settings.bind;
    let demo = settings.demo;
    let services =
        Services::start(&store, &settings).context("cannot start the brokerage services")?;
    if demo {
        if let Some(seeded) = demo::seed_if_empty(&store, &services)
            .await
            .map_err(anyhow::Error::msg)?
        {
            println!(
                "demo agent created: username {} password {} with {} paper accounts",
                demo::DEMO_USERNAME,
                demo::DEMO_PASSWORD,
                seeded
            );
        }
    }
    services.start_scheduler();
    let tls = settings
        .tls
        .as_ref()
        .map(tls::server_config)
        .transpose()
        .context("cannot serve HTTPS")?;
    let scheme = if tls.is_some() { "https" } else { "http" };
    let state = AppState::new(store, settings, services)?;
    let factory_state = state.clone();
    let server = HttpServer::new(move || app::build(factory_state.clone()));
    let server = match tls {
        Some(config) => server.bind_rustls_0_23(bind, config),
        None => server.bind(bind),
    }
    .with_context(|| format!("cannot listen on {bind}"))?;
    let addresses = server.addrs();
    let running = server.shutdown_timeout(10).disable_signals().run();
    actix_web::rt::spawn(facade::shutdown::stop_on_signal(
        running.handle(),
        state.services.supervisor.clone(),
        state.services.registry.clone(),
    ));
    for address in &addresses {
        println!("copydesk listening on {scheme}://{address}");
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
