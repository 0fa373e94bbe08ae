//! The HTTP layer of the Schwab connection: builds URLs, sends requests, maps failures, reads bodies.
//!
//! Bodies are decompressed (gzip) by reqwest, redirects are never followed, and every answer's
//! `Schwab-Client-CorrelId` is logged at debug level with the method and path, never with a token.

use reqwest::header::{HeaderMap, LOCATION};
use reqwest::{Client, Method, RequestBuilder, StatusCode};
use serde::de::DeserializeOwned;
use url::Url;

use crate::broker::io_runtime::run_on_io;
use crate::broker::{AccessToken, BrokerError, ConnectivityError};

use super::config::{SchwabConfig, TCP_KEEPALIVE};
use super::error::{Endpoint, error_from_response, error_from_transport, unreadable};

/// Header Schwab uses to correlate a call with its logs; support asks for it.
const CORRELATION_HEADER: &str = "Schwab-Client-CorrelId";

/// A successful answer: status, headers and the raw body.
#[derive(Debug)]
pub struct Answer {
    /// The 2xx status.
    pub status: StatusCode,
    /// Response headers (`Location` for placed orders).
    pub headers: HeaderMap,
    /// The decompressed body.
    pub body: Vec<u8>,
}

impl Answer {
    /// Reads the body as JSON of type `T`.
    ///
    /// # Errors
    /// `Connectivity::Unreadable` naming `what` when the body has another shape.
    pub fn json<T: DeserializeOwned>(&self, what: &str) -> Result<T, BrokerError> {
        serde_json::from_slice(&self.body).map_err(|e| unreadable(what, &e))
    }

    /// The `Location` header, if present and readable.
    #[must_use]
    pub fn location(&self) -> Option<&str> {
        self.headers.get(LOCATION).and_then(|v| v.to_str().ok())
    }
}

/// Sends requests to one Schwab host.
#[derive(Clone)]
pub struct SchwabHttp {
    client: Client,
    base_url: Url,
}

impl SchwabHttp {
    /// A client with the configured time limit, gzip and no redirects, keeping up to
    /// `idle_connections` connections open between calls (TCP keep-alive on), so a fan-out after a
    /// quiet spell reuses connections instead of opening them.
    ///
    /// # Errors
    /// `Connectivity::Network` when the TLS stack cannot be initialised.
    pub fn new(config: &SchwabConfig) -> Result<Self, BrokerError> {
        let client = Client::builder()
            .timeout(config.request_timeout)
            .connect_timeout(config.request_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .pool_max_idle_per_host(config.idle_connections)
            .pool_idle_timeout(config.idle_timeout)
            .tcp_keepalive(TCP_KEEPALIVE)
            .tcp_nodelay(true)
            .user_agent(concat!("copydesk/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(error_from_transport)?;
        Ok(Self {
            client,
            base_url: config.base_url.clone(),
        })
    }

    /// The URL of `segments` below the base URL, each segment percent-encoded as needed.
    #[must_use]
    pub fn url(&self, segments: &[&str]) -> Url {
        let mut url = self.base_url.clone();
        url.set_query(None);
        if let Ok(mut path) = url.path_segments_mut() {
            path.pop_if_empty().extend(segments);
        }
        url
    }

    /// A request to `url` carrying the bearer token.
    pub fn api(&self, method: Method, url: Url, token: &AccessToken) -> RequestBuilder {
        self.client
            .request(method, url)
            .bearer_auth(token.expose_secret())
    }

    /// A request to `url` without credentials (the token endpoint adds Basic auth itself).
    pub fn plain(&self, method: Method, url: Url) -> RequestBuilder {
        self.client.request(method, url)
    }

    /// Sends a request and returns its 2xx answer. The exchange runs on the brokerage I/O runtime
    /// ([`run_on_io`]), so the calls of a fan-out are written and read on every core.
    ///
    /// # Errors
    /// Transport failures as `Connectivity`; non-2xx answers as mapped by [`error_from_response`] for
    /// `endpoint`.
    pub async fn send(
        &self,
        endpoint: Endpoint,
        request: RequestBuilder,
    ) -> Result<Answer, BrokerError> {
        run_on_io(exchange(endpoint, request))
            .await
            .unwrap_or_else(|stopped| {
                Err(ConnectivityError::Network {
                    detail: stopped.to_string(),
                }
                .into())
            })
    }
}

/// One request and its answer (see [`SchwabHttp::send`]).
async fn exchange(endpoint: Endpoint, request: RequestBuilder) -> Result<Answer, BrokerError> {
    let (client, request) = request.build_split();
    let request = request.map_err(error_from_transport)?;
    let method = request.method().clone();
    let path = request.url().path().to_owned();
    let mut response = client
        .execute(request)
        .await
        .map_err(error_from_transport)?;
    let status = response.status();
    // Taken, not copied: reading the body needs the response, not its headers.
    let headers = std::mem::take(response.headers_mut());
    let correlation = headers
        .get(CORRELATION_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::debug!(%method, path, status = status.as_u16(), correlation, "schwab answered");
    metrics::counter!("copydesk_broker_answers_total", "status" => status_label(status))
        .increment(1);
    if status == StatusCode::TOO_MANY_REQUESTS {
        metrics::counter!("copydesk_broker_throttled_total").increment(1);
    }
    let body = match response.bytes().await {
        Ok(bytes) => bytes.to_vec(),
        // An accepted order write is told by its status and `Location`; its (empty) body adds
        // nothing, so a body cut short after them still settles the write.
        Err(error) if status.is_success() && headers.contains_key(LOCATION) => {
            tracing::warn!(%method, path, correlation, %error, "answer cut short after its headers");
            Vec::new()
        }
        Err(error) => return Err(error_from_transport(error)),
    };
    if status.is_success() {
        Ok(Answer {
            status,
            headers,
            body,
        })
    } else {
        let error = error_from_response(endpoint, status.as_u16(), &body);
        tracing::debug!(%method, path, correlation, %error, "schwab call failed");
        Err(error)
    }
}

/// The `status` label of an answer: the usual statuses without building a text per answer.
fn status_label(status: StatusCode) -> std::borrow::Cow<'static, str> {
    let usual = match status.as_u16() {
        200 => "200",
        201 => "201",
        204 => "204",
        400 => "400",
        401 => "401",
        403 => "403",
        404 => "404",
        429 => "429",
        500 => "500",
        502 => "502",
        503 => "503",
        504 => "504",
        _ => return status.as_u16().to_string().into(),
    };
    usual.into()
}

impl std::fmt::Debug for SchwabHttp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchwabHttp")
            .field("base_url", &self.base_url.as_str())
            .finish_non_exhaustive()
    }
}

/// Percent-encodes a query value, keeping the characters Schwab's examples show literally
/// (letters, digits, `-._~`, the list separator `,`, and `$` and `/` of index and futures symbols).
#[must_use]
pub fn encode_query_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'.'
            | b'_'
            | b'~'
            | b','
            | b'$'
            | b'/' => {
                out.push(char::from(byte));
            }
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

/// Decodes `%XX` escapes (the authorization code arrives with its `@` as `%40`). Text that is not
/// validly escaped is returned unchanged.
#[must_use]
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match escaped {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_labels_are_the_status_numbers() {
        for code in [
            200, 201, 204, 400, 401, 403, 404, 418, 429, 500, 502, 503, 504, 599,
        ] {
            let status = StatusCode::from_u16(code).expect("a status");
            assert_eq!(status_label(status), code.to_string());
        }
    }

    #[test]
    fn option_symbols_keep_commas_and_encode_spaces() {
        assert_eq!(
            encode_query_value("AAPL,AMZN  220617C03170000,$SPX"),
            "AAPL,AMZN%20%20220617C03170000,$SPX"
        );
        assert_eq!(encode_query_value("a&b=c+d"), "a%26b%3Dc%2Bd");
    }

    #[test]
    fn codes_are_decoded_once() {
        assert_eq!(percent_decode("C0.b2F1dGgy.abc%40"), "C0.b2F1dGgy.abc@");
        assert_eq!(percent_decode("C0.already@"), "C0.already@");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        assert_eq!(percent_decode("%E2%82%AC"), "€");
    }

    #[test]
    fn urls_are_built_below_the_base() {
        let config = SchwabConfig::new("k", "s", "https://127.0.0.1")
            .and_then(|c| c.with_base_url("http://127.0.0.1:9000/prefix"))
            .expect("config");
        let http = SchwabHttp::new(&config).expect("client");
        assert_eq!(
            http.url(&["trader", "v1", "accounts", "ABC", "orders"])
                .as_str(),
            "http://127.0.0.1:9000/prefix/trader/v1/accounts/ABC/orders"
        );
    }
}
