//! The browser security headers on every answer, UI and API: a Content-Security-Policy that allows
//! only copydesk's own files and no framing, no MIME sniffing, no referrer, no caching of `/api`
//! answers, and Strict-Transport-Security when served over TLS.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;

/// Only copydesk's own scripts, styles and calls; no plugins; no `<base>`; never in a frame. Images may
/// also be `data:` URLs: the UI's stylesheet draws its checkbox and select marks that way, and an image
/// cannot run script.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";
/// The browser must not guess a content type other than the declared one.
pub const NOSNIFF: &str = "nosniff";
/// No address of copydesk (which may carry an authorization code) leaves with a link.
pub const REFERRER_POLICY: &str = "no-referrer";
/// Older browsers' equivalent of `frame-ancestors 'none'`.
pub const FRAME_OPTIONS: &str = "DENY";
/// API answers carry account data: never stored by the browser or a proxy. Conditional polls
/// (`If-None-Match`) still get 304, since the client keeps the ETag itself.
pub const API_CACHE_CONTROL: &str = "no-store";
/// Over HTTPS: the browser uses HTTPS only for this host for a year.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// Adds the security headers to the answer. A page that sets its own Content-Security-Policy (the paper
/// brokerage's login page) keeps it; `Cache-Control` on `/api` is always `no-store`.
///
/// # Errors
/// Passes on the inner service's errors (handlers answer their errors as responses, which get the
/// headers).
pub async fn security_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let api = req.path() == "/api" || req.path().starts_with("/api/");
    let secure = req.app_config().secure();
    let mut response = next.call(req).await?;
    let headers = response.headers_mut();
    let mut set_if_absent = |name: HeaderName, value: &'static str| {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    };
    set_if_absent(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set_if_absent(header::X_CONTENT_TYPE_OPTIONS, NOSNIFF);
    set_if_absent(header::REFERRER_POLICY, REFERRER_POLICY);
    set_if_absent(header::X_FRAME_OPTIONS, FRAME_OPTIONS);
    if api {
        headers.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(API_CACHE_CONTROL),
        );
    }
    if secure {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(STRICT_TRANSPORT_SECURITY),
        );
    }
    Ok(response)
}
