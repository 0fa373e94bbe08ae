//! `copydesk serve` beyond localhost: HTTPS from PEM files (a self-signed certificate made here) with a
//! Secure session cookie and Strict-Transport-Security, and a refusal to serve plain HTTP on an address
//! other machines can reach unless `--insecure-http` is given.

#![allow(
    clippy::unwrap_used,
    reason = "a test fails loudly on any unexpected error"
)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::json;

/// How long the server may take to print its listening line.
const STARTUP: Duration = Duration::from_secs(30);

/// `copydesk serve` with a fresh data directory, no UI, and `extra` flags.
fn copydesk(data: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_copydesk"));
    command
        .args([
            "serve",
            "--no-demo",
            "--ui-dir",
            "/nonexistent-ui",
            "--data",
        ])
        .arg(data)
        .args(extra)
        .env("RUST_BACKTRACE", "0")
        .env("COPYDESK_LOG", "warn")
        .env_remove("COPYDESK_SECRET_KEY")
        .env_remove("COPYDESK_BIND")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// A running server, killed when dropped.
struct Running {
    child: Child,
    /// The address from its listening line, with the scheme.
    url: String,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the command and waits for its `copydesk listening on ...` line.
fn start(mut command: Command) -> Running {
    let mut child = command.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, listening) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(url) = line.strip_prefix("copydesk listening on ") {
                let _ = lines.send(url.trim().to_owned());
            }
        }
    });
    let url = listening
        .recv_timeout(STARTUP)
        .expect("copydesk printed its listening line");
    Running { child, url }
}

/// A self-signed certificate for `localhost` and 127.0.0.1, written as PEM files into `dir`.
fn self_signed(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let certified =
        rcgen::generate_simple_self_signed(vec!["localhost".to_owned(), "127.0.0.1".to_owned()])
            .unwrap();
    let cert_pem = certified.cert.pem();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, &cert_pem).unwrap();
    std::fs::write(&key, certified.key_pair.serialize_pem()).unwrap();
    (cert, key, cert_pem)
}

#[tokio::test]
async fn with_a_certificate_copydesk_serves_https_with_hsts_and_a_secure_cookie() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key, cert_pem) = self_signed(dir.path());
    let data = dir.path().join("data");
    let mut command = copydesk(&data, &["--bind", "127.0.0.1:0", "--tls-cert"]);
    command.arg(&cert).arg("--tls-key").arg(&key);
    let server = start(command);
    let address: SocketAddr = server
        .url
        .strip_prefix("https://")
        .unwrap_or_else(|| panic!("an https address: {}", server.url))
        .parse()
        .unwrap();

    let client = reqwest::Client::builder()
        .add_root_certificate(reqwest::Certificate::from_pem(cert_pem.as_bytes()).unwrap())
        .tls_built_in_root_certs(false)
        .resolve("localhost", address)
        .https_only(true)
        .build()
        .unwrap();
    let base = format!("https://localhost:{}", address.port());

    let profile = client
        .get(format!("{base}/api/agent_account/profile"))
        .send()
        .await
        .unwrap();
    assert_eq!(profile.status().as_u16(), 200);
    let header = |answer: &reqwest::Response, name: &str| {
        answer
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(
        header(&profile, "strict-transport-security").as_deref(),
        Some("max-age=31536000")
    );
    assert_eq!(
        header(&profile, "content-security-policy").as_deref(),
        Some(
            "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'none'"
        )
    );
    assert_eq!(profile.text().await.unwrap(), r#"{"agentUsername":null}"#);

    let credentials = json!({"agentUsername": "tls-agent", "agentPassword": "password-1"});
    let registered = client
        .post(format!("{base}/api/agent_account/register/"))
        .json(&credentials)
        .send()
        .await
        .unwrap();
    assert_eq!(registered.status().as_u16(), 200);
    let login = client
        .post(format!("{base}/api/agent_account/login/"))
        .json(&credentials)
        .send()
        .await
        .unwrap();
    assert_eq!(login.status().as_u16(), 200);
    let cookie = header(&login, "set-cookie").expect("a session cookie");
    assert!(cookie.starts_with("copydesk_session="), "{cookie}");
    for attribute in ["Secure", "HttpOnly", "SameSite=Strict"] {
        assert!(
            cookie.split("; ").any(|part| part == attribute),
            "{attribute} in {cookie}"
        );
    }

    // The same port does not speak plain HTTP.
    let plain = reqwest::Client::new()
        .get(format!("http://{address}/api/agent_account/profile"))
        .send()
        .await;
    assert!(
        plain.is_err() || plain.is_ok_and(|answer| answer.status().as_u16() != 200),
        "no plain HTTP answer on the HTTPS port"
    );
}

#[test]
fn plain_http_on_an_address_other_machines_reach_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let output = copydesk(&data, &["--bind", "0.0.0.0:0"]).output().unwrap();
    assert!(!output.status.success(), "copydesk must not start");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr.trim(),
        "Error: copydesk will not listen on 0.0.0.0:0 over plain HTTP: that address can be reached from \
         other machines, and session cookies and brokerage passwords would cross the network \
         unencrypted. Give --tls-cert and --tls-key to serve HTTPS, listen on a loopback address such \
         as 127.0.0.1:8080, or pass --insecure-http when a proxy in front of copydesk already \
         encrypts the traffic"
    );
    assert!(
        String::from_utf8_lossy(&output.stdout).is_empty(),
        "nothing listened"
    );
    assert!(!data.exists(), "refused before anything was created");
}

#[test]
fn insecure_http_lets_plain_http_listen_beyond_loopback_on_purpose() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = start(copydesk(&data, &["--bind", "0.0.0.0:0", "--insecure-http"]));
    assert!(server.url.starts_with("http://0.0.0.0:"), "{}", server.url);
}

#[test]
fn a_key_without_its_certificate_flag_is_refused_by_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let (_, key, _) = self_signed(dir.path());
    let mut command = copydesk(
        &dir.path().join("data"),
        &["--bind", "127.0.0.1:0", "--tls-key"],
    );
    command.arg(&key);
    let output = command.output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--tls-cert"), "{stderr}");
}
