//! The error answers the calls' OpenAPI descriptions list: every call's refusals, and a command's
//! refusals with pre-flight's refused all or none.

use std::collections::BTreeMap;

use serde_json::json;
use utoipa::openapi::{ContentBuilder, RefOr, Response, ResponseBuilder};

/// The error answers every call may give, each with the `{"error", "code"}` body and an example.
pub(crate) struct Refusals;

impl utoipa::IntoResponses for Refusals {
    fn responses() -> BTreeMap<String, RefOr<Response>> {
        let refusals = [
            (
                "400",
                "Malformed input; the message names the field",
                "Account name is required",
                "bad_request",
            ),
            (
                "401",
                "No signed-in agent",
                "Please log in first",
                "unauthorized",
            ),
            (
                "403",
                "The agent may not touch this resource",
                "This account belongs to another agent",
                "forbidden",
            ),
            (
                "404",
                "No such resource for this agent",
                "No such trading account",
                "not_found",
            ),
            (
                "405",
                "The path does not take this method",
                "Method not allowed",
                "method_not_allowed",
            ),
            (
                "409",
                "A unique name is already taken",
                "Agent username already exists",
                "agent_exists",
            ),
            (
                "413",
                "The body is too large",
                "Request body is too large (at most 65536 bytes)",
                "payload_too_large",
            ),
            (
                "415",
                "A state-changing call without a JSON body",
                "Content-Type must be application/json",
                "unsupported_media_type",
            ),
            (
                "429",
                "A rate limit refused the call",
                "Too many login attempts; please wait a minute and try again",
                "too_many_requests",
            ),
            (
                "502",
                "The brokerage did not answer usably",
                "the brokerage failed with status 503",
                "brokerage_unavailable",
            ),
            (
                "503",
                "copydesk cannot take the call now",
                "copydesk is stopping",
                "unavailable",
            ),
        ];
        refusals
            .into_iter()
            .map(|(status, description, error, code)| {
                let content = ContentBuilder::new()
                    .schema(Some(utoipa::openapi::Ref::from_schema_name("ErrorBody")))
                    .example(Some(json!({ "error": error, "code": code })))
                    .build();
                let response = ResponseBuilder::new()
                    .description(description)
                    .content("application/json", content)
                    .build();
                (status.to_owned(), RefOr::T(response))
            })
            .collect()
    }
}

/// The answers of a command call that may be previewed: the refusals, with 409 also the refused all or
/// none.
pub(crate) struct CommandRefusals;

impl utoipa::IntoResponses for CommandRefusals {
    fn responses()
    -> std::collections::BTreeMap<String, utoipa::openapi::RefOr<utoipa::openapi::Response>> {
        use utoipa::openapi::schema::OneOfBuilder;
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
        let mut responses = <Refusals as utoipa::IntoResponses>::responses();
        let content = ContentBuilder::new()
            .schema(Some(
                OneOfBuilder::new()
                    .item(Ref::from_schema_name("ErrorBody"))
                    .item(Ref::from_schema_name("preflight.Refusal")),
            ))
            .build();
        responses.insert(
            "409".to_owned(),
            RefOr::T(
                ResponseBuilder::new()
                    .description("A conflict (the `code` says which); `preview_refused` when all or none was refused by pre-flight, naming every account that would refuse")
                    .content("application/json", content)
                    .build(),
            ),
        );
        responses
    }
}
