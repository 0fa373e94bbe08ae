//! Middleware of the `/api` scope: JSON required for state-changing calls, and request tracing.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::ApiError;
use crate::json_body::{has_no_body, is_json};

/// Refuses POST, PUT, PATCH and DELETE that carry a body without `Content-Type: application/json` (415).
/// With SameSite=Strict cookies this closes cross-site request forgery: a form post cannot set that
/// content type. A write with no body at all (logout) passes; handlers that need a body still refuse it.
///
/// # Errors
/// Passes on the inner service's errors.
pub async fn require_json_for_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::EitherBody<impl MessageBody>>, Error> {
    let writes = matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    );
    if writes && !is_json(req.request()) && !has_no_body(req.request()) {
        let response = ApiError::UnsupportedMediaType.error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}

/// Logs one line per API call: method, path (never the query, which may carry codes), status, time.
///
/// # Errors
/// Passes on the inner service's errors.
pub async fn trace_requests(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let method = req.method().clone();
    let path = req.path().to_owned();
    let started = std::time::Instant::now();
    let response = next.call(req).await?;
    let status = response.status().as_u16();
    let millis = started.elapsed().as_millis();
    if status >= 500 {
        tracing::warn!(%method, %path, status, millis, "api call failed");
    } else {
        tracing::debug!(%method, %path, status, millis, "api call");
    }
    Ok(response)
}
