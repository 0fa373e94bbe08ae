//! The HTTP layer of the Schwab connection: builds URLs, sends requests over pooled connections,
//! maps failures, reads bodies.
//!
//! Requests go through hyper's pooled client directly (see ARCHITECTURE.md, "The Schwab HTTP
//! client"): gzip bodies are decoded here, redirects are never followed, and every answer's
//! `Schwab-Client-CorrelId` is logged at debug level with the method and path, never with a token.

use std::io::Read as _;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::header::{CONTENT_ENCODING, HeaderMap, LOCATION};
use http::{Method, StatusCode};
use http_body_util::{BodyExt as _, Full};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use serde::de::DeserializeOwned;
use url::Url;

use crate::broker::io_runtime::run_on_io;
use crate::broker::{AccessToken, BrokerError, ConnectivityError};

use super::config::{SchwabConfig, TCP_KEEPALIVE};
use super::error::{Endpoint, clean_transport_text, error_from_response, unreadable};
use super::request::{GZIP, SchwabRequest};

/// Header Schwab uses to correlate a call with its logs; support asks for it.
const CORRELATION_HEADER: &str = "Schwab-Client-CorrelId";

/// The pooled HTTP/1.1 client over TLS (or plain TCP for a local Schwab-compatible server).
type Pool = Client<HttpsConnector<HttpConnector>, Full<Bytes>>;

/// A successful answer: status, the one header callers read and the decoded body. The rest of the
/// response (its header map, its extensions) is dropped on the I/O thread that read it, so the
/// command's thread frees no memory the I/O thread allocated but these fields.
#[derive(Debug)]
pub struct Answer {
    /// The 2xx status.
    pub status: StatusCode,
    /// The `Location` header when present and readable (placed orders name themselves in it).
    location: Option<String>,
    /// The decoded body.
    pub body: Bytes,
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
        self.location.as_deref()
    }
}

/// Sends requests to one Schwab host. Cheap to clone; clones share one connection pool.
#[derive(Clone)]
pub struct SchwabHttp {
    pool: Arc<Pool>,
    base_url: Url,
    timeout: Duration,
}

impl SchwabHttp {
    /// A client with the configured time limit and no redirects, keeping up to `idle_connections`
    /// connections open between calls (TCP keep-alive on), so a fan-out after a quiet spell reuses
    /// connections instead of opening them.
    ///
    /// # Errors
    /// `Connectivity::Network` when the TLS stack cannot be initialised.
    pub fn new(config: &SchwabConfig) -> Result<Self, BrokerError> {
        let mut tcp = HttpConnector::new();
        tcp.enforce_http(false);
        tcp.set_nodelay(true);
        tcp.set_keepalive(Some(TCP_KEEPALIVE));
        tcp.set_connect_timeout(Some(config.request_timeout));
        let tls = HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(Arc::new(rustls::crypto::ring::default_provider()))
            .map_err(|e| ConnectivityError::Network {
                detail: format!("TLS could not be set up: {e}"),
            })?
            .https_or_http()
            .enable_http1()
            .wrap_connector(tcp);
        let pool = Client::builder(TokioExecutor::new())
            .pool_timer(TokioTimer::new())
            .pool_max_idle_per_host(config.idle_connections)
            .pool_idle_timeout(config.idle_timeout)
            .build(tls);
        Ok(Self {
            pool: Arc::new(pool),
            base_url: config.base_url.clone(),
            timeout: config.request_timeout,
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
    #[must_use]
    pub fn api(&self, method: Method, url: &Url, token: &AccessToken) -> SchwabRequest {
        SchwabRequest::new(method, url).bearer(token)
    }

    /// A request to `url` without credentials (the token endpoint adds Basic auth itself).
    #[must_use]
    pub fn plain(&self, method: Method, url: &Url) -> SchwabRequest {
        SchwabRequest::new(method, url)
    }

    /// Sends a request and returns its 2xx answer, all of it within the configured time limit. The
    /// exchange runs on the brokerage I/O runtime ([`run_on_io`]), so the calls of a fan-out are
    /// written and read on every core.
    ///
    /// # Errors
    /// Transport failures as `Connectivity` (`Timeout` past the time limit); non-2xx answers as
    /// mapped by [`error_from_response`] for `endpoint`.
    pub async fn send(
        &self,
        endpoint: Endpoint,
        request: SchwabRequest,
    ) -> Result<Answer, BrokerError> {
        let SchwabRequest {
            method,
            target,
            headers,
            body,
        } = request;
        let mut outgoing = http::Request::new(Full::new(body));
        *outgoing.method_mut() = method;
        *outgoing.uri_mut() = target?;
        *outgoing.headers_mut() = headers;
        let pool = self.pool.clone();
        let limit = self.timeout;
        run_on_io(async move {
            tokio::time::timeout(limit, exchange(&pool, endpoint, outgoing))
                .await
                .unwrap_or_else(|_| Err(ConnectivityError::Timeout.into()))
        })
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
async fn exchange(
    pool: &Pool,
    endpoint: Endpoint,
    request: http::Request<Full<Bytes>>,
) -> Result<Answer, BrokerError> {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let response = pool
        .request(request)
        .await
        .map_err(|e| transport_error(&e))?;
    let (parts, incoming) = response.into_parts();
    let status = parts.status;
    let headers = parts.headers;
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
    let body = match incoming.collect().await {
        Ok(collected) => decoded(&headers, collected.to_bytes())?,
        // An accepted order write is told by its status and `Location`; its (empty) body adds
        // nothing, so a body cut short after them still settles the write.
        Err(error) if status.is_success() && headers.contains_key(LOCATION) => {
            tracing::warn!(%method, path, correlation, %error, "answer cut short after its headers");
            Bytes::new()
        }
        Err(error) => {
            return Err(ConnectivityError::Unreadable {
                detail: clean_transport_text(&format!("the answer was cut short: {error}")),
            }
            .into());
        }
    };
    if status.is_success() {
        let location = headers
            .get(LOCATION)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        Ok(Answer {
            status,
            location,
            body,
        })
    } else {
        let error = error_from_response(endpoint, status.as_u16(), &body);
        tracing::debug!(%method, path, correlation, %error, "schwab call failed");
        Err(error)
    }
}

/// The body as sent, or gunzipped when the answer says it is gzip-coded.
fn decoded(headers: &HeaderMap, body: Bytes) -> Result<Bytes, BrokerError> {
    let gzipped = headers
        .get(CONTENT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|coding| coding.trim().eq_ignore_ascii_case(GZIP));
    if !gzipped || body.is_empty() {
        return Ok(body);
    }
    let mut plain = Vec::with_capacity(body.len() * 4);
    flate2::read::GzDecoder::new(body.as_ref())
        .read_to_end(&mut plain)
        .map_err(|e| ConnectivityError::Unreadable {
            detail: clean_transport_text(&format!("the gzip answer could not be decoded: {e}")),
        })?;
    Ok(Bytes::from(plain))
}

/// A failure before any answer arrived: the connection could not be made, or broke.
fn transport_error(error: &hyper_util::client::legacy::Error) -> BrokerError {
    let mut text = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    let detail = if error.is_connect() {
        format!("could not connect: {text}")
    } else {
        text
    };
    ConnectivityError::Network {
        detail: clean_transport_text(&detail),
    }
    .into()
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
