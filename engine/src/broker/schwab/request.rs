//! One request to Schwab as it will be written: method, URI, headers and body, built without I/O.

use base64::Engine as _;
use bytes::Bytes;
use http::header::{
    ACCEPT, ACCEPT_ENCODING, AUTHORIZATION, CONTENT_TYPE, HeaderName, HeaderValue, USER_AGENT,
};
use http::{HeaderMap, Method, Uri};

use crate::broker::{AccessToken, BrokerError};

/// The media type of form bodies (the token endpoint).
const FORM: &str = "application/x-www-form-urlencoded";

/// The one content coding asked for and decoded.
pub(super) const GZIP: &str = "gzip";
/// The user agent copydesk names itself with.
const AGENT: &str = concat!("copydesk/", env!("CARGO_PKG_VERSION"));

/// Headers a request carries on the wire: the three every request starts with, its credential and
/// content type, and `Host` and `Content-Length`, which the HTTP stack adds as it writes. The map is
/// made this large at once, so that no insert grows it on the way out (a grow is a reallocation per
/// request, per account, in every fan-out).
const WIRE_HEADERS: usize = 8;

/// A request to Schwab, ready to be sent by [`SchwabHttp::send`](super::client::SchwabHttp::send).
///
/// Building one never fails on its own: a part that cannot be encoded (a URL `http` cannot read, a
/// credential that is no header value) is kept as the error the send answers with. That error is a
/// rejection, never a connectivity failure: nothing was written, so nothing is looked for or resent.
pub struct SchwabRequest {
    /// The method.
    pub(super) method: Method,
    /// The URI, or why the request cannot be sent (see above).
    pub(super) target: Result<Uri, BrokerError>,
    /// The headers, credentials marked sensitive.
    pub(super) headers: HeaderMap,
    /// The body, shared.
    pub(super) body: Bytes,
}

impl SchwabRequest {
    /// A request of `method` to `url`, without credentials or body; it names copydesk and asks for
    /// any body gzipped.
    pub(super) fn new(method: Method, url: &url::Url) -> Self {
        let target = Uri::try_from(url.as_str())
            .map_err(|e| BrokerError::rejected(format!("the request URL is not valid: {e}")));
        let mut headers = HeaderMap::with_capacity(WIRE_HEADERS);
        headers.insert(USER_AGENT, HeaderValue::from_static(AGENT));
        headers.insert(ACCEPT, HeaderValue::from_static("*/*"));
        headers.insert(ACCEPT_ENCODING, HeaderValue::from_static(GZIP));
        Self {
            method,
            target,
            headers,
            body: Bytes::new(),
        }
    }

    /// Carries `token` as a bearer credential (a sensitive header: never printed by the HTTP stack).
    #[must_use]
    pub fn bearer(self, token: &AccessToken) -> Self {
        let value = format!("Bearer {}", token.expose_secret());
        self.credential(value)
    }

    /// Carries the app's credentials as HTTP Basic authorization (the token endpoint).
    #[must_use]
    pub fn basic_auth(self, user: &str, password: &str) -> Self {
        let pair = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        self.credential(format!("Basic {pair}"))
    }

    fn credential(mut self, value: String) -> Self {
        match HeaderValue::try_from(value) {
            Ok(mut value) => {
                value.set_sensitive(true);
                self.headers.insert(AUTHORIZATION, value);
            }
            Err(_) => {
                // The text is a secret: only that it is unusable is told.
                self.target = Err(BrokerError::rejected(
                    "the credential cannot be sent as a header",
                ));
            }
        }
        self
    }

    /// Sets header `name` to a fixed value.
    #[must_use]
    pub fn header(mut self, name: HeaderName, value: &'static str) -> Self {
        self.headers.insert(name, HeaderValue::from_static(value));
        self
    }

    /// The body, shared rather than copied (a fan-out sends one body to every account).
    #[must_use]
    pub fn body(mut self, body: Bytes) -> Self {
        self.body = body;
        self
    }

    /// A form body of `pairs`, URL-encoded, with its content type.
    #[must_use]
    pub fn form(self, pairs: &[(&str, &str)]) -> Self {
        let mut form = url::form_urlencoded::Serializer::new(String::new());
        form.extend_pairs(pairs);
        self.header(CONTENT_TYPE, FORM)
            .body(Bytes::from(form.finish()))
    }
}

impl std::fmt::Debug for SchwabRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Headers carry credentials; only the method and path are shown.
        f.debug_struct("SchwabRequest")
            .field("method", &self.method)
            .field("path", &self.target.as_ref().map(Uri::path).ok())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> url::Url {
        url::Url::parse(text).expect("a URL")
    }

    #[test]
    fn a_bearer_token_is_a_sensitive_authorization_header() {
        let token = AccessToken::new("I0.secret@");
        let request = SchwabRequest::new(Method::GET, &url("https://api.example/a")).bearer(&token);
        let value = request.headers.get(AUTHORIZATION).expect("authorization");
        assert_eq!(value.to_str().ok(), Some("Bearer I0.secret@"));
        assert!(value.is_sensitive());
        assert!(!format!("{request:?}").contains("secret"));
    }

    #[test]
    fn the_headers_written_with_a_request_fit_without_growing_its_map() {
        let token = AccessToken::new("I0.a");
        let mut request = SchwabRequest::new(Method::POST, &url("https://api.example/orders"))
            .bearer(&token)
            .header(CONTENT_TYPE, "application/json");
        let capacity = request.headers.capacity();
        for name in [http::header::HOST, http::header::CONTENT_LENGTH] {
            request.headers.insert(name, HeaderValue::from_static("x"));
        }
        assert_eq!(request.headers.len(), 7);
        assert_eq!(request.headers.capacity(), capacity);
    }

    #[test]
    fn basic_auth_encodes_key_and_secret() {
        let request = SchwabRequest::new(Method::POST, &url("https://api.example/v1/oauth/token"))
            .basic_auth("key", "secret");
        assert_eq!(
            request
                .headers
                .get(AUTHORIZATION)
                .and_then(|v| v.to_str().ok()),
            Some("Basic a2V5OnNlY3JldA==")
        );
    }

    #[test]
    fn a_form_body_is_url_encoded_with_its_type() {
        let request = SchwabRequest::new(Method::POST, &url("https://api.example/t")).form(&[
            ("grant_type", "authorization_code"),
            ("code", "C0.x@y"),
            ("redirect_uri", "https://127.0.0.1:8182/cb"),
        ]);
        assert_eq!(
            request.body,
            Bytes::from(
                "grant_type=authorization_code&code=C0.x%40y&redirect_uri=https%3A%2F%2F127.0.0.1%3A8182%2Fcb"
            )
        );
        assert_eq!(
            request
                .headers
                .get(CONTENT_TYPE)
                .and_then(|v| v.to_str().ok()),
            Some(FORM)
        );
    }

    #[test]
    fn a_credential_that_is_no_header_value_fails_the_send_without_showing_it() {
        let token = AccessToken::new("bad\nsecret");
        let request = SchwabRequest::new(Method::GET, &url("https://api.example/a")).bearer(&token);
        let error = request.target.expect_err("refused");
        assert!(!error.to_string().contains("secret"), "{error}");
        assert!(!error.write_may_have_happened(), "{error:?}");
    }

    #[test]
    fn the_uri_keeps_path_and_query() {
        let request = SchwabRequest::new(
            Method::GET,
            &url("http://127.0.0.1:9000/p/trader/v1/accounts/AB%2FC/orders?fromEnteredTime=x"),
        );
        let uri = request.target.expect("a URI");
        assert_eq!(uri.path(), "/p/trader/v1/accounts/AB%2FC/orders");
        assert_eq!(uri.query(), Some("fromEnteredTime=x"));
        assert_eq!(uri.authority().map(|a| a.as_str()), Some("127.0.0.1:9000"));
    }
}
