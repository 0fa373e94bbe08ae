//! Turns Schwab's failed answers (every error body shape, any status) and transport failures into `BrokerError`.
//!
//! Status decides the family: 429 is a throttle, 5xx a server failure, 401 on an API call an expired access
//! token, other 4xx a rejection carrying Schwab's own message. The token endpoint is special: the OAuth codes
//! that mean the refresh token is dead become `ReauthorizationNeeded`. Bodies that are not JSON (HTML pages,
//! gateway text) only ever contribute a short, cleaned summary.

use crate::broker::{BrokerError, ConnectivityError};

use super::models::{GatewayFaultBody, MarketDataErrorBody, OAuthErrorBody, ServiceErrorBody};

/// Longest piece of broker text copied into an error message.
const MAX_MESSAGE_CHARS: usize = 240;
/// Longest summary of a non-JSON body.
const MAX_SUMMARY_CHARS: usize = 120;
/// OAuth error codes that mean only a new browser login helps.
const DEAD_REFRESH_CODES: [&str; 4] = [
    "unsupported_token_type",
    "invalid_grant",
    "invalid_client",
    "refresh_token_authentication_error",
];

/// Which kind of call failed; the same status means different things on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endpoint {
    /// `POST /v1/oauth/token` with `grant_type=authorization_code`.
    CodeExchange,
    /// `POST /v1/oauth/token` with `grant_type=refresh_token`.
    TokenRefresh,
    /// Any Trader or Market Data call made with a bearer token.
    Api,
}

/// Maps a non-success HTTP answer onto a `BrokerError`.
#[must_use]
pub fn error_from_response(endpoint: Endpoint, status: u16, body: &[u8]) -> BrokerError {
    if status == 429 {
        return ConnectivityError::Throttled.into();
    }
    if (500..=599).contains(&status) {
        return ConnectivityError::Server { status }.into();
    }
    let parsed = ErrorBody::parse(body);
    match endpoint {
        Endpoint::TokenRefresh | Endpoint::CodeExchange if !parsed.is_json() => {
            // An HTML "Access Denied" page from the token endpoint has been seen transiently.
            ConnectivityError::Unreadable {
                detail: format!("token endpoint answered {status} with {}", parsed.message()),
            }
            .into()
        }
        Endpoint::TokenRefresh if status == 401 || parsed.means_dead_refresh() => {
            BrokerError::ReauthorizationNeeded
        }
        Endpoint::CodeExchange | Endpoint::TokenRefresh if (400..=499).contains(&status) => {
            BrokerError::rejected(format!("Schwab refused the login: {}", parsed.message()))
        }
        Endpoint::Api if status == 401 => BrokerError::TokenExpired,
        Endpoint::Api if (400..=499).contains(&status) => BrokerError::rejected(match parsed {
            ErrorBody::Empty => format!("Schwab refused the request (HTTP {status})"),
            other => other.message(),
        }),
        _ => ConnectivityError::Unreadable {
            detail: format!("unexpected HTTP status {status}"),
        }
        .into(),
    }
}

/// The text of a transport failure (no HTTP answer, or an unreadable one), cleaned and cut short
/// like broker text. It never names the URL: that holds no secret, but account hashes need not be
/// logged either.
#[must_use]
pub fn clean_transport_text(text: &str) -> String {
    clean_text(text, MAX_MESSAGE_CHARS)
}

/// A success answer whose body did not have the expected shape.
#[must_use]
pub fn unreadable(what: &str, error: &serde_json::Error) -> BrokerError {
    ConnectivityError::Unreadable {
        detail: clean_text(&format!("{what}: {error}"), MAX_MESSAGE_CHARS),
    }
    .into()
}

/// The error body shapes Schwab is known to send.
#[derive(Debug, Clone)]
pub enum ErrorBody {
    /// `{"error", "error_description"}` from the OAuth endpoint.
    OAuth(OAuthErrorBody),
    /// `{"message", "errors": [..]}` from the Trader API.
    Service(ServiceErrorBody),
    /// `{"errors": [{status, title, detail}]}` from the Market Data API.
    MarketData(MarketDataErrorBody),
    /// `{"fault": {"faultstring"}}` from the gateway.
    Fault(GatewayFaultBody),
    /// JSON of another shape; only its kind is kept.
    OtherJson,
    /// An HTML page, reduced to its title.
    Html {
        /// The cleaned `<title>` text, if any.
        title: Option<String>,
    },
    /// Plain text, reduced to a short cleaned summary.
    Text(String),
    /// No body at all.
    Empty,
}

impl ErrorBody {
    /// Recognises the shape of an error body.
    #[must_use]
    pub fn parse(body: &[u8]) -> Self {
        let text = String::from_utf8_lossy(body);
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Self::Empty;
        }
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(trimmed) {
            return Self::from_json(value);
        }
        if looks_like_html(trimmed) {
            return Self::Html {
                title: html_title(trimmed).map(|t| clean_text(t, MAX_SUMMARY_CHARS)),
            };
        }
        Self::Text(clean_text(trimmed, MAX_SUMMARY_CHARS))
    }

    fn from_json(value: serde_json::Value) -> Self {
        let Some(object) = value.as_object() else {
            return Self::OtherJson;
        };
        if object.contains_key("error") {
            if let Ok(body) = serde_json::from_value(value.clone()) {
                return Self::OAuth(body);
            }
        }
        if object.contains_key("fault") {
            if let Ok(body) = serde_json::from_value(value.clone()) {
                return Self::Fault(body);
            }
        }
        let errors_are_objects = object
            .get("errors")
            .and_then(serde_json::Value::as_array)
            .is_some_and(|errors| errors.iter().any(serde_json::Value::is_object));
        if errors_are_objects {
            if let Ok(body) = serde_json::from_value(value.clone()) {
                return Self::MarketData(body);
            }
        }
        if object.contains_key("message") || object.contains_key("errors") {
            if let Ok(body) = serde_json::from_value(value) {
                return Self::Service(body);
            }
        }
        Self::OtherJson
    }

    /// Whether the body was JSON (of any shape).
    #[must_use]
    pub fn is_json(&self) -> bool {
        matches!(
            self,
            Self::OAuth(_)
                | Self::Service(_)
                | Self::MarketData(_)
                | Self::Fault(_)
                | Self::OtherJson
        )
    }

    /// Whether an OAuth body names one of the codes of a dead refresh token, at the top level or nested
    /// inside the description (Schwab wraps one OAuth error inside another).
    #[must_use]
    pub fn means_dead_refresh(&self) -> bool {
        let Self::OAuth(body) = self else {
            return false;
        };
        let description = body.error_description.as_deref().unwrap_or_default();
        DEAD_REFRESH_CODES
            .iter()
            .any(|code| body.error == *code || description.contains(code))
    }

    /// A short message fit for people and logs.
    #[must_use]
    pub fn message(&self) -> String {
        match self {
            Self::OAuth(body) => match body.error_description.as_deref() {
                Some(description) if !description.trim().is_empty() => clean_text(
                    &format!("{}: {}", body.error, description),
                    MAX_MESSAGE_CHARS,
                ),
                _ => clean_text(&body.error, MAX_MESSAGE_CHARS),
            },
            Self::Service(body) => {
                let details = body.errors.join("; ");
                let text = match body.message.as_deref().map(str::trim) {
                    Some(message) if !message.is_empty() && !details.is_empty() => {
                        format!("{message} ({details})")
                    }
                    Some(message) if !message.is_empty() => message.to_owned(),
                    _ if !details.is_empty() => details,
                    _ => "Schwab gave no reason".to_owned(),
                };
                clean_text(&text, MAX_MESSAGE_CHARS)
            }
            Self::MarketData(body) => {
                let parts: Vec<String> = body
                    .errors
                    .iter()
                    .map(|e| match (e.title.as_deref(), e.detail.as_deref()) {
                        (Some(title), Some(detail)) => format!("{title}: {detail}"),
                        (Some(only), None) | (None, Some(only)) => only.to_owned(),
                        (None, None) => "unspecified error".to_owned(),
                    })
                    .collect();
                clean_text(&parts.join("; "), MAX_MESSAGE_CHARS)
            }
            Self::Fault(body) => clean_text(
                body.fault.faultstring.as_deref().unwrap_or("gateway fault"),
                MAX_MESSAGE_CHARS,
            ),
            Self::OtherJson => "an unrecognised JSON error".to_owned(),
            Self::Html { title: Some(title) } => format!("an HTML page titled \"{title}\""),
            Self::Html { title: None } => "an HTML page".to_owned(),
            Self::Text(summary) => format!("\"{summary}\""),
            Self::Empty => "an empty answer".to_owned(),
        }
    }
}

/// Whether text looks like an HTML document.
fn looks_like_html(text: &str) -> bool {
    let head: String = text
        .chars()
        .take(256)
        .collect::<String>()
        .to_ascii_lowercase();
    head.starts_with('<')
        && (head.contains("<html") || head.contains("<!doctype") || head.contains("<body"))
}

/// The inner text of the first `<title>` element.
fn html_title(text: &str) -> Option<&str> {
    let lower = text.to_ascii_lowercase();
    let open = lower.find("<title")?;
    let start = open + lower[open..].find('>')? + 1;
    let end = start + lower[start..].find("</title")?;
    text.get(start..end).filter(|t| !t.trim().is_empty())
}

/// Keeps printable characters, collapses whitespace, drops markup brackets, and cuts to `max` characters.
#[must_use]
pub fn clean_text(text: &str, max: usize) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut last_space = true;
    for c in text.chars() {
        let c = if c.is_whitespace() { ' ' } else { c };
        if c.is_control() || c == '<' || c == '>' || (c == ' ' && last_space) {
            continue;
        }
        if count == max {
            out.push('…');
            break;
        }
        last_space = c == ' ';
        out.push(c);
        count += 1;
    }
    out.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::broker::schwab::fixture::schwab_fixture;

    fn api(status: u16, body: &str) -> BrokerError {
        error_from_response(Endpoint::Api, status, body.as_bytes())
    }

    #[test]
    fn trader_400_is_a_rejection_with_schwabs_message() {
        assert_eq!(
            api(400, schwab_fixture!("http_error_trader_400")),
            BrokerError::rejected(
                "Order rejected: insufficient buying power (Your order exceeds the available buying \
                 power for this account.)"
            )
        );
    }

    #[test]
    fn an_order_schwab_refuses_in_extended_hours_is_a_rejection() {
        assert_eq!(
            api(
                400,
                schwab_fixture!("http_error_trader_400_extended_session")
            ),
            BrokerError::rejected(
                "Invalid request data (Only LIMIT orders are accepted in the SEAMLESS session.)"
            )
        );
    }

    #[test]
    fn market_data_errors_with_either_status_spelling_are_read() {
        assert_eq!(
            api(401, schwab_fixture!("http_error_marketdata_401_int_status")),
            BrokerError::TokenExpired
        );
        let body =
            ErrorBody::parse(schwab_fixture!("http_error_marketdata_401_int_status").as_bytes());
        let ErrorBody::MarketData(parsed) = &body else {
            panic!("market data body, got {body:?}")
        };
        assert_eq!(parsed.errors[0].status, Some(401));
        assert_eq!(body.message(), "Unauthorized: Client not authorized");

        let body =
            ErrorBody::parse(schwab_fixture!("http_error_marketdata_404_string_status").as_bytes());
        let ErrorBody::MarketData(parsed) = &body else {
            panic!("market data body, got {body:?}")
        };
        assert_eq!(parsed.errors[0].status, Some(404));
        assert_eq!(
            api(
                404,
                schwab_fixture!("http_error_marketdata_404_string_status")
            ),
            BrokerError::rejected("Not Found: Symbol not found")
        );
    }

    #[test]
    fn throttles_and_server_failures_are_connectivity() {
        assert_eq!(
            api(429, ""),
            BrokerError::Connectivity(ConnectivityError::Throttled)
        );
        assert_eq!(
            api(503, "<html>down</html>"),
            BrokerError::Connectivity(ConnectivityError::Server { status: 503 })
        );
        assert_eq!(
            api(500, "{}"),
            BrokerError::Connectivity(ConnectivityError::Server { status: 500 })
        );
        let refresh = error_from_response(Endpoint::TokenRefresh, 429, b"");
        assert_eq!(
            refresh,
            BrokerError::Connectivity(ConnectivityError::Throttled)
        );
    }

    #[test]
    fn every_dead_refresh_code_needs_a_new_login() {
        let nested = schwab_fixture!("http_post_oauth_token_error_refresh");
        assert_eq!(
            error_from_response(Endpoint::TokenRefresh, 400, nested.as_bytes()),
            BrokerError::ReauthorizationNeeded
        );
        for code in DEAD_REFRESH_CODES {
            let body = format!(r#"{{"error":"{code}","error_description":"token is no good"}}"#);
            assert_eq!(
                error_from_response(Endpoint::TokenRefresh, 400, body.as_bytes()),
                BrokerError::ReauthorizationNeeded,
                "{code}"
            );
        }
        let only_nested = r#"{"error":"server_error","error_description":"wrapped \"refresh_token_authentication_error\""}"#;
        assert_eq!(
            error_from_response(Endpoint::TokenRefresh, 400, only_nested.as_bytes()),
            BrokerError::ReauthorizationNeeded
        );
        assert_eq!(
            error_from_response(Endpoint::TokenRefresh, 401, br#"{"error":"x"}"#),
            BrokerError::ReauthorizationNeeded
        );
    }

    #[test]
    fn a_bad_code_exchange_is_a_rejection_not_a_dead_login() {
        let body = br#"{"error":"invalid_grant","error_description":"Authorization code expired"}"#;
        assert_eq!(
            error_from_response(Endpoint::CodeExchange, 400, body),
            BrokerError::rejected(
                "Schwab refused the login: invalid_grant: Authorization code expired"
            )
        );
    }

    #[test]
    fn an_html_page_from_the_token_endpoint_is_transient_and_summarised() {
        let page = "<!DOCTYPE html><html><head><title>Access Denied</title></head><body>You don't have \
                    permission to access \"http://api.schwabapi.com/v1/oauth/token\" on this server.<p>\
                    Reference #18.2f3e4b17.1729540800.5a1c</body></html>";
        assert_eq!(
            error_from_response(Endpoint::TokenRefresh, 403, page.as_bytes()),
            BrokerError::Connectivity(ConnectivityError::Unreadable {
                detail: "token endpoint answered 403 with an HTML page titled \"Access Denied\""
                    .into()
            })
        );
        let message = api(403, page).to_string();
        assert_eq!(message, "an HTML page titled \"Access Denied\"");
        assert!(!message.contains("Reference"));
    }

    #[test]
    fn gateway_text_and_faults_are_short_and_clean() {
        let text = "Requested route ('traderapi-accounts.apigx-origin.schwab.com') does not exist.";
        assert_eq!(api(404, text), BrokerError::rejected(format!("\"{text}\"")));
        let long = format!("line one\r\n\t{}\u{7}", "x".repeat(500));
        let BrokerError::Rejected { message } = api(404, &long) else {
            panic!("rejection")
        };
        assert!(
            message.chars().count() <= MAX_SUMMARY_CHARS + 3,
            "{message}"
        );
        assert!(
            message.starts_with("\"line one xxx")
                && !message.contains('\n')
                && !message.contains('\u{7}')
        );
        let fault = r#"{"fault":{"faultstring":"Body buffer overflow","detail":{"errorcode":"protocol.http.TooBigBody"}}}"#;
        assert_eq!(
            api(400, fault),
            BrokerError::rejected("Body buffer overflow")
        );
        assert_eq!(
            api(404, ""),
            BrokerError::rejected("Schwab refused the request (HTTP 404)")
        );
        assert_eq!(
            api(403, "[1,2]"),
            BrokerError::rejected("an unrecognised JSON error")
        );
    }

    #[test]
    fn odd_statuses_are_unreadable() {
        assert_eq!(
            api(302, ""),
            BrokerError::Connectivity(ConnectivityError::Unreadable {
                detail: "unexpected HTTP status 302".into()
            })
        );
    }
}
