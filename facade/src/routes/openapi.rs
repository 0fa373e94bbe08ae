//! The OpenAPI 3.1 description of `/api`, generated from the handlers' `#[utoipa::path]` attributes and
//! the request types' `ToSchema` derives, and the calls that serve it and its browsable page.

use actix_web::{HttpResponse, web};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::mounting::mount;
use crate::auth::SESSION_COOKIE;
use crate::error::ErrorBody;

/// The address of the document.
pub const DOCUMENT_PATH: &str = "/api/openapi.json";
/// The address of the browsable page.
pub const PAGE_PATH: &str = "/api/docs";

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/openapi.json", web::get().to(document)),
            ("/docs", web::get().to(page)),
            ("/docs/api-docs.js", web::get().to(script)),
            ("/docs/api-docs.css", web::get().to(stylesheet)),
        ],
    );
}

/// Declares the session cookie every call but register, login and profile needs.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                SESSION_COOKIE,
                "Set by POST /api/agent_account/login",
            ))),
        );
    }
}

/// Declares the optional `Idempotency-Key` header on every call that sends orders (see
/// [`crate::command_replay`]).
struct CommandKeyHeader;

impl Modify for CommandKeyHeader {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::Required;
        use utoipa::openapi::path::{ParameterBuilder, ParameterIn};
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let header = ParameterBuilder::new()
            .name("Idempotency-Key")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some(
                "Names this command (a UUID, say). Sent again with the same key, the command is not carried out again: \
                 the first answer is sent again (with `Idempotency-Replayed: true`), or 409 `command_in_progress`, \
                 `command_interrupted` or `idempotency_key_reused`. Keys are kept 24 hours per agent.",
            ))
            .schema(Some(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .min_length(Some(1))
                    .max_length(Some(crate::command_replay::MAX_KEY_CHARS))
                    .pattern(Some("^[!-~]+$")),
            ))
            .build();
        for (path, item) in &mut openapi.paths.paths {
            if !crate::command_replay::is_command_path(path) {
                continue;
            }
            for operation in [&mut item.post, &mut item.put, &mut item.delete]
                .into_iter()
                .flatten()
            {
                operation
                    .parameters
                    .get_or_insert_with(Vec::new)
                    .push(header.clone());
            }
        }
    }
}

/// The whole description of `/api`.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "copydesk API",
        description = "Copy trading across many brokerage accounts: the calls of the web UI. Every call but register, login, profile and this description needs the session cookie set by login. Errors answer `{\"error\", \"code\"}`.",
        license(name = "MIT")
    ),
    paths(
        super::agent_account::register,
        super::agent_account::login,
        super::agent_account::profile,
        super::agent_account::logout,
        super::trading_account::add_account,
        super::trading_account::account_fetch,
        super::trading_account::delete_account,
        delete_trading_account_delete_account,
        super::trading_account::database,
        super::trading_account::get_access_token,
        super::trading_account::set_account_type,
        super::trading_account::trading_active,
        super::trading_account::refresh_all,
        super::trading_account::credentials,
        super::trading_account::authorization_url,
        super::login_accounts::link_login_account,
        super::operator::accounts,
        super::operator::set_write_limit,
        super::operator::get_settings,
        super::operator::set_settings,
        super::operator::read_budget,
        super::operator::metrics,
        super::copy_trading::orders,
        super::copy_trading::positions,
        super::copy_trading::fetch_trade_status,
        super::copy_trading::place_order,
        super::copy_trading::exit_order,
        post_copy_trading_account_exit_order_multiple_common,
        super::copy_trading::replace_order,
        super::copy_trading::replace_order_individual,
        delete_copy_trading_account_cancel_order_common,
        delete_copy_trading_account_cancel_order_individual_common,
        super::copy_trading::option_chain,
        super::copy_trading::option_quotes,
        super::option_contract::list,
        super::option_contract::add,
        super::option_contract::remove,
        super::option_contract::saved_list,
        super::option_contract::saved_add,
        super::option_contract::saved_remove,
        super::vertical_trading::orders,
        super::vertical_trading::positions,
        super::vertical_trading::fetch_trade_status,
        super::vertical_trading::place_order,
        super::vertical_trading::exit_order,
        post_copy_trading_account_exit_order_multiple_vertical,
        delete_copy_trading_account_cancel_order_vertical,
        delete_copy_trading_account_cancel_order_individual_vertical,
        super::vertical_trading::replace_individual_legs,
        super::vertical_trading::list_sets,
        super::vertical_trading::add_set,
        super::vertical_trading::remove_set,
        super::stock_trading::orders,
        super::stock_trading::positions,
        super::stock_trading::fetch_trade_status,
        super::stock_trading::place_order,
        super::stock_trading::exit_order,
        super::stock_trading::exit_order_multiple,
        super::stock_trading::replace_order,
        super::stock_trading::replace_order_individual,
        super::stock_trading::cancel_order,
        super::stock_trading::cancel_order_individual,
        super::stock_trading::stock_quotes,
        super::stock_lists::saved_list,
        super::stock_lists::saved_add,
        super::stock_lists::saved_remove,
        super::stock_lists::watch_list,
        super::stock_lists::watch_add,
        super::stock_lists::watch_remove,
        super::session_records::fairness,
        super::session_records::export,
        super::preflight::common_place,
        super::preflight::common_exit,
        super::preflight::common_exit_multiple,
        super::preflight::common_replace,
        super::preflight::common_replace_individual,
        super::preflight::vertical_place,
        super::preflight::vertical_exit,
        super::preflight::vertical_exit_multiple,
        super::preflight::vertical_replace_legs,
        super::preflight::stock_place,
        super::preflight::stock_exit,
        super::preflight::stock_exit_multiple,
        super::preflight::stock_replace,
        super::preflight::stock_replace_individual,
        super::command_waits::command_waits,
        super::limits::get_limits,
        super::limits::put_limits,
        super::plan_preview::common_place,
        super::plan_preview::common_replace,
        super::plan_preview::vertical_place,
        super::plan_preview::stock_place,
        super::plan_preview::stock_replace,
        document,
        page,
        script,
        stylesheet
    ),
    components(schemas(ErrorBody, super::check_answers::RefusalBody)),
    modifiers(&SessionCookie, &CommandKeyHeader)
)]
pub struct ApiDoc;

/// The document as JSON text (built once).
pub fn document_json() -> &'static str {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut doc = ApiDoc::openapi();
        doc.openapi = utoipa::openapi::OpenApiVersion::Version31;
        // Serializing a tree of maps and strings cannot fail; the fallback keeps the call answering.
        doc.to_pretty_json().unwrap_or_else(|_| "{}".to_owned())
    })
}

#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "API description",
    operation_id = "get_openapi_json",
    responses((status = 200, description = "This document", body = crate::routes::answer_schemas::DocumentSchema, content_type = "application/json"))
)]
async fn document() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document_json())
}

#[utoipa::path(
    get,
    path = "/api/docs",
    tag = "API description",
    operation_id = "get_docs",
    responses((status = 200, description = "The browsable page of this document", body = String, content_type = "text/html"))
)]
async fn page() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(include_str!("../../assets/api-docs/index.html"))
}

#[utoipa::path(
    get,
    path = "/api/docs/api-docs.js",
    tag = "API description",
    operation_id = "get_docs_script",
    responses((status = 200, description = "The page's script", body = String, content_type = "text/javascript"))
)]
async fn script() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .body(include_str!("../../assets/api-docs/api-docs.js"))
}

#[utoipa::path(
    get,
    path = "/api/docs/api-docs.css",
    tag = "API description",
    operation_id = "get_docs_stylesheet",
    responses((status = 200, description = "The page's stylesheet", body = String, content_type = "text/css"))
)]
async fn stylesheet() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/css; charset=utf-8")
        .body(include_str!("../../assets/api-docs/api-docs.css"))
}

// The calls whose handler serves several paths: one description per path.

/// `DELETE /api/trading_account/delete_account`: the shared handler `trading_account::delete_account`.
#[utoipa::path(
    delete,
    path = "/api/trading_account/delete_account",
    tag = "Trading accounts",
    operation_id = "delete_trading_account_delete_account",
    request_body = super::trading_account::ByName,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
#[allow(dead_code)]
fn delete_trading_account_delete_account() {}

/// `POST /api/copy_trading_account/exit_order_multiple/COMMON`: the shared handler `copy_trading::exit_order_multiple`.
#[utoipa::path(
    post,
    path = "/api/copy_trading_account/exit_order_multiple/COMMON",
    tag = "Options (single leg)",
    operation_id = "post_copy_trading_account_exit_order_multiple_COMMON",
    request_body = super::copy_trading::ExitMultipleBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
#[allow(dead_code)]
fn post_copy_trading_account_exit_order_multiple_common() {}

/// `DELETE /api/copy_trading_account/cancel_order/COMMON`: the shared handler `copy_trading::cancel_order`.
#[utoipa::path(
    delete,
    path = "/api/copy_trading_account/cancel_order/COMMON",
    tag = "Options (single leg)",
    operation_id = "delete_copy_trading_account_cancel_order_COMMON",
    request_body = super::copy_trading::CancelBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
#[allow(dead_code)]
fn delete_copy_trading_account_cancel_order_common() {}

/// `DELETE /api/copy_trading_account/cancel_order_individual/COMMON`: the shared handler `copy_trading::cancel_order_individual`.
#[utoipa::path(
    delete,
    path = "/api/copy_trading_account/cancel_order_individual/COMMON",
    tag = "Options (single leg)",
    operation_id = "delete_copy_trading_account_cancel_order_individual_COMMON",
    request_body = super::copy_trading::IndividualBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
#[allow(dead_code)]
fn delete_copy_trading_account_cancel_order_individual_common() {}

/// `POST /api/copy_trading_account/exit_order_multiple/VERTICAL`: the shared handler `copy_trading::exit_order_multiple`.
#[utoipa::path(
    post,
    path = "/api/copy_trading_account/exit_order_multiple/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "post_copy_trading_account_exit_order_multiple_VERTICAL",
    request_body = super::copy_trading::ExitMultipleBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::CommandRefusals)
)]
#[allow(dead_code)]
fn post_copy_trading_account_exit_order_multiple_vertical() {}

/// `DELETE /api/copy_trading_account/cancel_order/VERTICAL`: the shared handler `copy_trading::cancel_order`.
#[utoipa::path(
    delete,
    path = "/api/copy_trading_account/cancel_order/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "delete_copy_trading_account_cancel_order_VERTICAL",
    request_body = super::copy_trading::CancelBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
#[allow(dead_code)]
fn delete_copy_trading_account_cancel_order_vertical() {}

/// `DELETE /api/copy_trading_account/cancel_order_individual/VERTICAL`: the shared handler `copy_trading::cancel_order_individual`.
#[utoipa::path(
    delete,
    path = "/api/copy_trading_account/cancel_order_individual/VERTICAL",
    tag = "Vertical spreads",
    operation_id = "delete_copy_trading_account_cancel_order_individual_VERTICAL",
    request_body = super::copy_trading::IndividualBody,
    responses((status = 200, description = "`success` when every account accepted, else the accepted and failed accounts", content(
        (String = "text/plain", example = json!("success")),
        (crate::routes::copy_commands::Partial = "application/json", example = json!({"agentTradingSessionID": 1, "accepted": [1], "failed": [{"accountId": 2, "accountName": "Medium", "reason": "REJECTED"}]}))
    )), crate::routes::refusals::Refusals)
)]
#[allow(dead_code)]
fn delete_copy_trading_account_cancel_order_individual_vertical() {}
