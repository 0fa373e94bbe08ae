//! One agent's browser as a load driver sees it: signed in over HTTP, paper accounts linked through
//! the API, the tables polled as the UI polls them (ETag, and `?since=` on the order and position
//! tables), and copy-trading calls.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::header::{ACCEPT_ENCODING, ETAG, IF_NONE_MATCH, SET_COOKIE};
use serde_json::{Value, json};

use crate::RigError;

/// The option orders table.
pub const ORDERS_PATH: &str = "/api/copy_trading_account/database/COMMON";
/// The option positions table.
pub const POSITIONS_PATH: &str = "/api/copy_trading_position_account/database/COMMON";
/// The trading accounts table.
pub const ACCOUNTS_PATH: &str = "/api/trading_account/database";
/// How long a pooled connection may sit idle before the client drops it: under copydesk's keep-alive
/// (actix-web's 5 s), so the client never sends on a connection the server is closing at that moment
/// (the request then fails with "connection closed before message completed"; a browser retries it
/// on a new connection, this client would count an error).
const POOL_IDLE: Duration = Duration::from_secs(4);

/// A client as a browser is one: bodies read as sent (gzip asked, not undone), a few pooled
/// connections dropped after `POOL_IDLE` idle.
fn new_client() -> Result<reqwest::Client, RigError> {
    Ok(reqwest::Client::builder()
        .no_gzip()
        .pool_max_idle_per_host(8)
        .pool_idle_timeout(POOL_IDLE)
        .build()?)
}

/// A table a browser polls, with what it last saw.
#[derive(Debug, Clone)]
pub struct PolledTable {
    path: &'static str,
    delta: bool,
    etag: Option<String>,
    version: Option<u64>,
}

impl PolledTable {
    /// A table polled with `?since=` (order and position tables) or without (`delta: false`).
    #[must_use]
    pub fn new(path: &'static str, delta: bool) -> Self {
        Self {
            path,
            delta,
            etag: None,
            version: None,
        }
    }

    /// The same table, its first poll asking for the changes since `version` (`0`: everything, in
    /// the delta form, as the UI's first poll asks).
    #[must_use]
    pub fn since(mut self, version: u64) -> Self {
        self.version = Some(version);
        self
    }
}

/// What one poll saw.
#[derive(Debug, Clone)]
pub struct PollSeen {
    /// The answer's status.
    pub status: StatusCode,
    /// From sending to the last byte of the body.
    pub elapsed: Duration,
    /// Body bytes as they came over the wire (compressed when the server compressed them).
    pub wire_bytes: usize,
    /// The parsed answer of a 200 (delta form for delta tables); `Value::Null` otherwise.
    pub answer: Value,
}

/// An agent's signed-in HTTP client.
#[derive(Debug, Clone)]
pub struct AgentBrowser {
    client: reqwest::Client,
    base: String,
    cookie: String,
}

/// The session cookie pair (`name=value`) of a login answer.
fn session_cookie(response: &reqwest::Response) -> Option<String> {
    let prefix = format!("{}=", facade::auth::SESSION_COOKIE);
    response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with(&prefix))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
}

async fn expect_success(
    call: &'static str,
    response: reqwest::Response,
) -> Result<String, RigError> {
    let status = response.status();
    let body = response.text().await?;
    if status.is_success() {
        Ok(body)
    } else {
        Err(RigError::Unexpected {
            call,
            status: status.as_u16(),
            body,
        })
    }
}

impl AgentBrowser {
    /// Registers `username` at `base` (`http://HOST:PORT`) and signs in. The client asks for gzip
    /// and reads bodies as sent, so byte counts are what crossed the wire.
    ///
    /// # Errors
    /// [`RigError`] when a call fails or the login sets no session cookie.
    pub async fn sign_up(base: &str, username: &str, password: &str) -> Result<Self, RigError> {
        let client = new_client()?;
        let credentials = json!({"agentUsername": username, "agentPassword": password});
        let register = client
            .post(format!("{base}/api/agent_account/register"))
            .json(&credentials)
            .send()
            .await?;
        expect_success("register", register).await?;
        Self::logged_in(client, base, &credentials).await
    }

    /// Signs `username`, registered before, in at `base` (`http://HOST:PORT`), as
    /// [`AgentBrowser::sign_up`] does after registering.
    ///
    /// # Errors
    /// [`RigError`] when the login fails or sets no session cookie.
    pub async fn sign_in(base: &str, username: &str, password: &str) -> Result<Self, RigError> {
        let credentials = json!({"agentUsername": username, "agentPassword": password});
        Self::logged_in(new_client()?, base, &credentials).await
    }

    /// Logs in with `credentials` on `client` at `base` and keeps the session cookie.
    async fn logged_in(
        client: reqwest::Client,
        base: &str,
        credentials: &Value,
    ) -> Result<Self, RigError> {
        let login = client
            .post(format!("{base}/api/agent_account/login"))
            .json(credentials)
            .send()
            .await?;
        let cookie = session_cookie(&login);
        let body = expect_success("login", login).await?;
        let cookie = cookie.ok_or(RigError::Unexpected {
            call: "login",
            status: 200,
            body,
        })?;
        Ok(Self {
            client,
            base: base.to_owned(),
            cookie,
        })
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends `method path` as the agent with `body` as JSON (none for a GET), under a fresh
    /// `Idempotency-Key` as the UI sends commands; the answer's status and text.
    ///
    /// # Errors
    /// [`RigError::Http`] when no answer arrives.
    pub async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(StatusCode, String), RigError> {
        let key: String = rand::random::<[u8; 16]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let mut request = self
            .client
            .request(method, self.url(path))
            .header("cookie", &self.cookie)
            .header("idempotency-key", key);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await?;
        let status = response.status();
        let text = response.text().await?;
        Ok((status, text))
    }

    /// Adds `count` paper accounts (linked at once by the paper brokerage), named `<prefix> N`.
    ///
    /// # Errors
    /// [`RigError`] when an add is refused.
    pub async fn link_paper_accounts(&self, prefix: &str, count: usize) -> Result<(), RigError> {
        for n in 1..=count {
            let body = json!({"accountName": format!("{prefix} {n}"),
                              "accountUsername": format!("{prefix}-{n}"),
                              "accountPassword": "driver-broker-password",
                              "accountType": "small_account"});
            let response = self
                .client
                .post(self.url("/api/trading_account/login"))
                .header("cookie", &self.cookie)
                .json(&body)
                .send()
                .await?;
            expect_success("add account", response).await?;
        }
        Ok(())
    }

    /// The symbol of a call near the money on `ticker` with a bid above `price` (so a BUY at `price`
    /// rests rather than fills).
    ///
    /// # Errors
    /// [`RigError`] when the chain cannot be read or offers no such call.
    pub async fn resting_call(&self, ticker: &str, price: f64) -> Result<String, RigError> {
        let response = self
            .client
            .get(self.url(&format!(
                "/api/copy_trading_account/get_option_chain_list/COMMON?optionContractTickerName={ticker}&optionChainCallPut=CALL"
            )))
            .header("cookie", &self.cookie)
            .send()
            .await?;
        let chain: Value =
            serde_json::from_str(&expect_success("option chain", response).await?)
                .map_err(|e| RigError::io("reading the option chain", std::io::Error::other(e)))?;
        chain
            .as_object()
            .into_iter()
            .flat_map(|expiries| expiries.values().skip(1))
            .filter_map(Value::as_object)
            .flat_map(|strikes| strikes.values())
            .filter_map(Value::as_array)
            .flatten()
            .find(|c| c["bid"].as_f64().is_some_and(|bid| bid > price * 4.0))
            .and_then(|c| c["symbol"].as_str())
            .map(str::to_owned)
            .ok_or(RigError::NoContract(ticker.to_owned()))
    }

    /// Polls `table` as the UI does: `If-None-Match` with the last ETag and, on a delta table,
    /// `?since=` with the last version.
    ///
    /// # Errors
    /// [`RigError::Http`] when no answer arrives.
    pub async fn poll(&self, table: &mut PolledTable) -> Result<PollSeen, RigError> {
        let url = match (table.delta, table.version) {
            (true, Some(version)) => self.url(&format!("{}?since={version}", table.path)),
            _ => self.url(table.path),
        };
        let mut request = self
            .client
            .get(url)
            .header("cookie", &self.cookie)
            .header(ACCEPT_ENCODING, "gzip");
        if let Some(etag) = &table.etag {
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
            .get("content-encoding")
            .is_some_and(|v| v.as_bytes() == b"gzip");
        let body = response.bytes().await?;
        let elapsed = started.elapsed();
        let answer = if status == StatusCode::OK {
            parse_body(&body, gzipped)
        } else {
            Value::Null
        };
        if status == StatusCode::OK {
            table.etag = etag;
            if table.delta {
                table.version = answer["version"].as_u64();
            }
        }
        Ok(PollSeen {
            status,
            elapsed,
            wire_bytes: body.len(),
            answer,
        })
    }

    /// Places a BUY_TO_OPEN LIMIT of one contract of `symbol` at `price` on every active account;
    /// returns the answer's status and how long it took.
    ///
    /// # Errors
    /// [`RigError::Http`] when no answer arrives.
    pub async fn place(
        &self,
        symbol: &str,
        price: f64,
    ) -> Result<(StatusCode, Duration), RigError> {
        let body = json!({"allTradingAccountsOrderList": [], "optionChainSymbol": symbol,
                          "optionChainInstruction": "BUY_TO_OPEN", "optionChainOrderType": "LIMIT",
                          "optionChainQuantity": "1", "optionChainPrice": format!("{price:.2}")});
        self.timed(
            reqwest::Method::POST,
            "/api/copy_trading_account/place_order/COMMON",
            &body,
        )
        .await
    }

    /// Cancels the orders of `session` on the accounts listed (`(account id, order id)` pairs).
    ///
    /// # Errors
    /// [`RigError::Http`] when no answer arrives.
    pub async fn cancel(
        &self,
        session: u64,
        orders: &[(u64, i64)],
    ) -> Result<(StatusCode, Duration), RigError> {
        let list: Vec<Value> = orders
            .iter()
            .map(|(account, order)| json!({"accountId": account, "optionChainOrderId": order}))
            .collect();
        let body = json!({"agentTradingSessionID": session, "allTradingAccountsOrderList": list});
        self.timed(
            reqwest::Method::DELETE,
            "/api/copy_trading_account/cancel_order/COMMON",
            &body,
        )
        .await
    }

    /// Sends a copy command as the agent under a fresh `Idempotency-Key` (as the UI does) and reads the
    /// whole answer; its status and how long it took.
    async fn timed(
        &self,
        method: reqwest::Method,
        path: &str,
        body: &Value,
    ) -> Result<(StatusCode, Duration), RigError> {
        // Under a fresh key, as the UI sends every copy command.
        let key: String = rand::random::<[u8; 16]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let started = Instant::now();
        let response = self
            .client
            .request(method, self.url(path))
            .header("cookie", &self.cookie)
            .header("idempotency-key", key)
            .json(body)
            .send()
            .await?;
        let status = response.status();
        response.bytes().await?;
        Ok((status, started.elapsed()))
    }
}

/// The JSON of an answer body, inflated first when it came gzipped; `Null` when it is not JSON.
#[must_use]
pub fn parse_body(body: &[u8], gzipped: bool) -> Value {
    let plain = if gzipped {
        let mut out = Vec::new();
        let mut decoder = flate2::read::GzDecoder::new(body);
        if std::io::Read::read_to_end(&mut decoder, &mut out).is_err() {
            return Value::Null;
        }
        out
    } else {
        body.to_vec()
    };
    serde_json::from_slice(&plain).unwrap_or(Value::Null)
}

/// The `version` at the head of a delta answer (`{"version":N,...}`), read without parsing the rest.
#[must_use]
pub fn version_of(body: &[u8], gzipped: bool) -> Option<u64> {
    const HEAD: usize = 40;
    let mut head = [0_u8; HEAD];
    let read = if gzipped {
        let mut decoder = flate2::read::GzDecoder::new(body);
        let mut filled = 0;
        while filled < HEAD {
            match std::io::Read::read(&mut decoder, &mut head[filled..]) {
                Ok(0) | Err(_) => break,
                Ok(n) => filled += n,
            }
        }
        filled
    } else {
        let n = body.len().min(HEAD);
        head[..n].copy_from_slice(&body[..n]);
        n
    };
    let text = std::str::from_utf8(&head[..read]).ok()?;
    let digits = text.strip_prefix("{\"version\":")?;
    let end = digits.find(|c: char| !c.is_ascii_digit())?;
    digits[..end].parse().ok()
}

/// The working orders of each session an orders-table answer (delta form) holds:
/// session id → `(account id, order id)` of its rows with an order id and status `WORKING`.
#[must_use]
pub fn working_orders(answer: &Value) -> BTreeMap<u64, Vec<(u64, i64)>> {
    let mut out = BTreeMap::new();
    let Some(changed) = answer["changed"].as_object() else {
        return out;
    };
    for (session, rows) in changed {
        let Ok(session) = session.parse::<u64>() else {
            continue;
        };
        let orders: Vec<(u64, i64)> = rows
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["optionChainStatus"] == "WORKING")
            .filter_map(|r| Some((r["accountId"].as_u64()?, r["optionChainOrderId"].as_i64()?)))
            .collect();
        out.insert(session, orders);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn working_orders_are_read_per_session_from_a_delta() {
        let answer = json!({"version": 7, "full": false, "removed": [], "changed": {
            "12": [{"accountId": 1, "optionChainOrderId": 100, "optionChainStatus": "WORKING"},
                   {"accountId": 2, "optionChainOrderId": null, "optionChainStatus": "FAILED_TO_PLACE"},
                   {"accountId": 3, "optionChainOrderId": 101, "optionChainStatus": "CANCELED"}],
            "11": []}});
        let orders = working_orders(&answer);
        assert_eq!(orders.get(&12), Some(&vec![(1, 100)]));
        assert_eq!(orders.get(&11), Some(&vec![]));
        assert_eq!(working_orders(&json!({"version": 1})), BTreeMap::new());
    }

    #[test]
    fn the_version_is_read_from_the_head_of_an_answer() {
        use std::io::Write;
        let body = br#"{"version":1234567,"full":true,"changed":{"1":[]},"removed":[]}"#;
        assert_eq!(version_of(body, false), Some(1_234_567));
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(body).expect("in memory");
        let zipped = encoder.finish().expect("in memory");
        assert_eq!(version_of(&zipped, true), Some(1_234_567));
        assert_eq!(version_of(br#"{"1":[]}"#, false), None);
        assert_eq!(version_of(b"", false), None);
    }

    #[test]
    fn a_gzip_body_is_read_after_inflating() {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(br#"{"version":3}"#).expect("in memory");
        let zipped = encoder.finish().expect("in memory");
        assert_eq!(parse_body(&zipped, true), json!({"version": 3}));
        assert_eq!(parse_body(b"{\"version\":4}", false), json!({"version": 4}));
        assert_eq!(parse_body(b"not json", false), Value::Null);
    }
}
