//! A JSON body extractor that enforces the content type and size limit and names the bad field.
//!
//! Messages never echo the submitted value (it may be a password); they name the field and what was
//! expected, e.g. `agentUsername: expected a string`.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest, http::header};
use futures::StreamExt;
use serde::de::DeserializeOwned;

use crate::ApiError;

/// The largest accepted request body.
pub const BODY_LIMIT: usize = 64 * 1024;

/// A request body parsed as JSON into `T`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    /// The parsed value.
    pub fn into_inner(self) -> T {
        self.0
    }
}

/// Whether the request declares a JSON body (`application/json`, any parameters).
pub fn is_json(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<mime::Mime>().ok())
        .is_some_and(|mime| mime.type_() == mime::APPLICATION && mime.subtype() == mime::JSON)
}

/// Whether the request carries no body at all: `Content-Length: 0`, or (HTTP/1) neither a length nor a
/// transfer encoding. A call whose payload is none may come this way without a content type; any body
/// still has to be JSON.
pub fn has_no_body(req: &HttpRequest) -> bool {
    let headers = req.headers();
    match headers.get(header::CONTENT_LENGTH) {
        Some(length) => length.as_bytes() == b"0",
        None => {
            !headers.contains_key(header::TRANSFER_ENCODING)
                && req.version() < actix_web::http::Version::HTTP_2
        }
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = is_json(req);
        let declared = declared_length(req.headers());
        let payload = payload.take();
        Box::pin(async move {
            if !json {
                return Err(ApiError::UnsupportedMediaType);
            }
            parse(&read_limited(declared, payload).await?).map(JsonBody)
        })
    }
}

/// The body length a request declares (`Content-Length`), if it declares a readable one.
#[must_use]
pub fn declared_length(headers: &header::HeaderMap) -> Option<usize> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok())
}

/// Reads a whole request body of at most [`BODY_LIMIT`] bytes; a body declared longer is refused
/// before any of it is read.
///
/// # Errors
/// [`ApiError::PayloadTooLarge`] over the limit; [`ApiError::BadRequest`] when the body cannot be read.
pub async fn read_limited(
    declared: Option<usize>,
    mut payload: Payload,
) -> Result<Vec<u8>, ApiError> {
    if declared.is_some_and(|len| len > BODY_LIMIT) {
        return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
    }
    let mut body = Vec::new();
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|_| ApiError::BadRequest("request body could not be read".into()))?;
        if body.len() + chunk.len() > BODY_LIMIT {
            return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Parses `body` into `T`, turning serde's errors into messages that name the field.
///
/// # Errors
/// [`ApiError::BadRequest`] naming the field that is missing or has the wrong type.
pub fn parse<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|_| ApiError::BadRequest("request body is not valid JSON".into()))?;
    if !value.is_object() {
        return Err(ApiError::BadRequest(
            "request body must be a JSON object".into(),
        ));
    }
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner().to_string();
        ApiError::BadRequest(describe(&path, &inner))
    })
}

fn describe(path: &str, serde_message: &str) -> String {
    if let Some(rest) = serde_message.strip_prefix("missing field `") {
        let field = crate::field_labels::label(rest.split('`').next().unwrap_or_default());
        return if path == "." || path.is_empty() {
            format!("{field} is required")
        } else {
            format!("{path}.{field} is required")
        };
    }
    let expected = serde_message
        .split_once("expected ")
        .map(|(_, expected)| expected.trim_end_matches('.').to_owned());
    let field = if path == "." || path.is_empty() {
        "request body"
    } else {
        crate::field_labels::label(path)
    };
    match expected {
        Some(expected) => format!("{field}: expected {expected}"),
        None => format!("{field} is invalid"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code, reason = "fields exist to be parsed")]
    struct Login {
        agent_username: String,
        agent_password: String,
    }

    #[test]
    fn a_request_without_length_or_encoding_has_no_body() {
        use actix_web::test::TestRequest;
        assert!(has_no_body(&TestRequest::post().to_http_request()));
        assert!(has_no_body(
            &TestRequest::post()
                .insert_header((header::CONTENT_LENGTH, "0"))
                .to_http_request()
        ));
        assert!(!has_no_body(
            &TestRequest::post()
                .insert_header((header::CONTENT_LENGTH, "2"))
                .to_http_request()
        ));
        assert!(!has_no_body(
            &TestRequest::post()
                .insert_header((header::TRANSFER_ENCODING, "chunked"))
                .to_http_request()
        ));
        assert!(!has_no_body(
            &TestRequest::post()
                .version(actix_web::http::Version::HTTP_2)
                .to_http_request()
        ));
    }

    fn message(body: &str) -> String {
        match parse::<Login>(body.as_bytes()) {
            Err(ApiError::BadRequest(message)) => message,
            other => panic!("expected a bad request, got {other:?}"),
        }
    }

    #[test]
    fn missing_and_mistyped_fields_are_named_without_echoing_values() {
        assert_eq!(message(r#"{"agentUsername":"a"}"#), "Password is required");
        assert_eq!(
            message(r#"{"agentUsername":"a","agentPassword":12345678}"#),
            "Password: expected a string"
        );
        assert!(!message(r#"{"agentUsername":"a","agentPassword":12345678}"#).contains("12345678"));
        assert_eq!(message("not json"), "request body is not valid JSON");
        assert_eq!(message("[1]"), "request body must be a JSON object");
    }
}
