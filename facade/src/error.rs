//! The one error type of the HTTP facade and its single JSON shape `{"error": ..., "code": ...}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

/// Every refusal the API can answer. Each maps to one status and a stable `code` slug.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed; the message names the field.
    #[error("{0}")]
    BadRequest(String),
    /// No signed-in agent, or wrong credentials.
    #[error("{0}")]
    Unauthorized(String),
    /// The agent may not touch this resource.
    #[error("{0}")]
    Forbidden(String),
    /// The resource does not exist for this agent.
    #[error("{0}")]
    NotFound(String),
    /// The method is not allowed on this path.
    #[error("Method not allowed")]
    MethodNotAllowed,
    /// A unique name is already taken.
    #[error("{message}")]
    Conflict {
        /// The message shown to the user.
        message: String,
        /// The slug.
        code: &'static str,
    },
    /// The body exceeds the size limit.
    #[error("Request body is too large (at most {limit} bytes)")]
    PayloadTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// State-changing calls must send JSON.
    #[error("Content-Type must be application/json")]
    UnsupportedMediaType,
    /// A rate limit refused the call.
    #[error("{0}")]
    TooManyRequests(String),
    /// The brokerage could not be reached or did not answer usably; the message says which.
    #[error("{0}")]
    BadGateway(String),
    /// The service cannot take the call now (e.g. copydesk is stopping); the message says why.
    #[error("{0}")]
    Unavailable(String),
    /// The brokerage failed in a way that may pass (unreachable, failing on its side, throttling), even
    /// after retries; the message asks to try again and never blames the input.
    #[error("{0}")]
    BrokerageUnavailable(String),
    /// Something failed on the server; the detail is logged, never sent.
    #[error("Internal server error")]
    Internal(String),
    /// A command stopped part-way: orders may have gone out, and the message says where to see them.
    /// Its answer carries [`OrdersMayHaveGoneOut`].
    #[error("{0}")]
    Interrupted(String),
}

/// Marks an error answer after which orders may have gone out (every other error answer sent nothing), so a
/// repeat of the command under its key is never carried out again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrdersMayHaveGoneOut;

/// The JSON body of every error answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"error": "Account name is required", "code": "bad_request"}))]
pub struct ErrorBody<'a> {
    /// The human-readable message.
    pub error: &'a str,
    /// A stable machine-readable slug.
    pub code: &'a str,
}

impl ApiError {
    /// Wraps an unexpected failure: logs the detail and answers a generic 500.
    pub fn internal(detail: impl std::fmt::Display) -> Self {
        let detail = detail.to_string();
        tracing::error!(error = %detail, "internal error");
        Self::Internal(detail)
    }

    /// The stable slug of this error.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest(_) => "bad_request",
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden(_) => "forbidden",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::Conflict { code, .. } => code,
            Self::PayloadTooLarge { .. } => "payload_too_large",
            Self::UnsupportedMediaType => "unsupported_media_type",
            Self::TooManyRequests(_) => "too_many_requests",
            Self::Unavailable(_) => "unavailable",
            Self::BadGateway(_) | Self::BrokerageUnavailable(_) => "brokerage_unavailable",
            Self::Internal(_) => "internal",
            Self::Interrupted(_) => "fan_out_interrupted",
        }
    }
}

impl From<crate::services::StartError> for ApiError {
    fn from(err: crate::services::StartError) -> Self {
        Self::internal(err)
    }
}

impl From<store::StoreError> for ApiError {
    fn from(err: store::StoreError) -> Self {
        Self::internal(err)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::BrokerageUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) | Self::Interrupted(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message = self.to_string();
        let mut response = HttpResponse::build(self.status_code()).json(ErrorBody {
            error: &message,
            code: self.code(),
        });
        if matches!(self, Self::Interrupted(_)) {
            response.extensions_mut().insert(OrdersMayHaveGoneOut);
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    #[actix_web::test]
    async fn errors_answer_one_json_shape_and_hide_internal_detail() {
        let response = ApiError::internal("sled exploded at /secret/path").error_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = to_bytes(response.into_body()).await.unwrap();
        assert_eq!(
            &body[..],
            br#"{"error":"Internal server error","code":"internal"}"#
        );

        let response = ApiError::Conflict {
            message: "Agent username already exists".into(),
            code: "agent_exists",
        }
        .error_response();
        assert_eq!(response.status(), StatusCode::CONFLICT);
        let body = to_bytes(response.into_body()).await.unwrap();
        assert_eq!(
            &body[..],
            br#"{"error":"Agent username already exists","code":"agent_exists"}"#
        );
        assert!(
            !response_marked(&ApiError::internal("x")),
            "only a fan-out cut short is marked"
        );
    }

    fn response_marked(error: &ApiError) -> bool {
        error
            .error_response()
            .extensions()
            .contains::<OrdersMayHaveGoneOut>()
    }

    #[actix_web::test]
    async fn a_fan_out_cut_short_says_orders_may_have_gone_out_and_is_marked() {
        let message = engine::copy::ExecuteError::Interrupted.to_string();
        let error = ApiError::Interrupted(message.clone());
        assert!(response_marked(&error));
        let response = error.error_response();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = to_bytes(response.into_body()).await.unwrap();
        assert_eq!(
            serde_json::from_slice::<serde_json::Value>(&body).unwrap(),
            serde_json::json!({"error": "The fan-out stopped before it finished; orders may have gone out: the orders table shows what was sent", "code": "fan_out_interrupted"})
        );
    }
}
