//! `/api/trading_account/*`: link, inspect, tune, authorize and delete brokerage accounts (spec 01 §7).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use engine::account::messages::{Authorize, FetchSnapshot};
use engine::account::{AccountError, AccountHandle, AccountType, LinkedAccount, LoginKey};
use engine::broker::{AuthorizationCode, BrokerError};
use engine::ids::{AccountId, AgentId};
use serde::{Deserialize, Serialize};
use store::{NewTradingAccount, StoreError, TradingAccountRecord, TradingAccounts};

use super::link_refusal;
use super::mounting::mount;
use crate::auth::require_agent;
use crate::json_body::JsonBody;
use crate::services::PAPER_CALLBACK_PATH;
use crate::{ApiError, AppState};

pub(super) const NAME_MAX: usize = 64;
const USERNAME_MAX: usize = 128;
const PASSWORD_MAX: usize = 256;

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/trading_account/login", web::post().to(add_account)),
            (
                "/trading_account/account_fetch",
                web::post().to(account_fetch),
            ),
            (
                "/trading_account/delete_account",
                web::post().to(delete_account),
            ),
            // The spec names POST; DELETE stays as an alias for clients that used it.
            (
                "/trading_account/delete_account",
                web::delete().to(delete_account),
            ),
            ("/trading_account/database", web::get().to(database)),
            (
                "/trading_account/get_access_token_from_authorization_code",
                web::post().to(get_access_token),
            ),
            (
                "/trading_account/set_account_type",
                web::post().to(set_account_type),
            ),
            (
                "/trading_account/trading_active",
                web::post().to(trading_active),
            ),
            (
                "/trading_account/fetch_trading_account_data_from_refresh_token",
                web::get().to(refresh_all),
            ),
            ("/trading_account/credentials", web::post().to(credentials)),
            (
                "/trading_account/authorization_url",
                web::get().to(authorization_url),
            ),
        ],
    );
}

/// One row of the account list. Never carries a password.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::AccountRow)]
#[serde(rename_all = "camelCase")]
pub struct AccountRow {
    account_id: u64,
    account_name: String,
    account_username: String,
    #[schema(value_type = super::answer_schemas::AccountTypeSchema)]
    account_type: AccountType,
    /// Whole minutes left before the login must be renewed; null when never authorized.
    #[schema(required = true, minimum = 0)]
    account_connection_time: Option<i64>,
    account_trading_active: bool,
    #[schema(value_type = super::answer_schemas::AccountStatusSchema)]
    account_status: &'static str,
    account_status_text: String,
    /// The other brokerage accounts of this account's login that no trading account holds, free
    /// to link (`POST /api/trading_account/link_login_account/`), by their last four digits only
    /// (`…5678`); empty when there are none or the account is not authorized.
    #[schema(example = json!(["\u{2026}5678"]))]
    other_login_accounts: Vec<String>,
}

pub(super) fn row(state: &AppState, record: &TradingAccountRecord) -> AccountRow {
    let running = state.services.registry.get(record.id);
    let (status, text, minutes) = match &running {
        Some(handle) => {
            let status = handle.account.status();
            (
                status.slug(),
                status.text(),
                handle.account.connection_minutes(),
            )
        }
        None => (
            "error",
            "Error: the account is not running".to_owned(),
            None,
        ),
    };
    AccountRow {
        account_id: record.id.get(),
        account_name: record.name.clone(),
        account_username: record.username.clone(),
        account_type: record.account_type,
        account_connection_time: minutes,
        account_trading_active: record.trading_active,
        account_status: status,
        account_status_text: text,
        other_login_accounts: running
            .map(|handle| free_login_accounts(state, &handle.account))
            .unwrap_or_default(),
    }
}

/// The brokerage accounts of `account`'s login, as last read, that no trading account holds (of
/// any agent), each as `…` and its last four digits.
fn free_login_accounts(state: &AppState, account: &LinkedAccount) -> Vec<String> {
    let candidates = account.other_login_accounts();
    if candidates.is_empty() {
        return Vec::new();
    }
    let Ok(vault) = state.store.account_vault() else {
        return Vec::new();
    };
    candidates
        .iter()
        .filter(|link| matches!(vault.holder(&link.account_number), Ok(None)))
        .map(|link| engine::account::link_rule::last_four(&link.account_number))
        .collect()
}

/// The brokerage login `record` signs in with.
pub(super) fn login_key(record: &TradingAccountRecord) -> LoginKey {
    LoginKey {
        agent: record.agent,
        username: record.login_name().to_owned(),
    }
}

pub(super) fn agent(session: &Session) -> Result<AgentId, ApiError> {
    require_agent(session).map(AgentId)
}

pub(super) fn text_success() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("success")
}

fn required<'a>(value: &'a str, field: &str, max: usize) -> Result<&'a str, ApiError> {
    required_as(value, crate::field_labels::label(field), max)
}

/// `value` trimmed, or a 400 naming the field by `label` when it is empty or longer than `max`.
pub(super) fn required_as<'a>(
    value: &'a str,
    label: &str,
    max: usize,
) -> Result<&'a str, ApiError> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(ApiError::BadRequest(format!("{label} is required")));
    }
    if trimmed.chars().count() > max {
        return Err(ApiError::BadRequest(format!(
            "{label} must be at most {max} characters long"
        )));
    }
    Ok(trimmed)
}

pub(super) fn parse_type(value: &str) -> Result<AccountType, ApiError> {
    value.parse().map_err(|_| {
        ApiError::BadRequest(
            "Account Type must be one of small_account, medium_account, big_account".into(),
        )
    })
}

/// The signed-in agent's account with this username, or 404.
pub(super) fn owned_by_username(
    state: &AppState,
    agent: AgentId,
    username: &str,
) -> Result<TradingAccountRecord, ApiError> {
    state
        .store
        .trading_accounts()?
        .find_by_username(agent, username)?
        .ok_or_else(|| ApiError::NotFound("No such trading account".into()))
}

pub(super) fn running(
    state: &AppState,
    record: &TradingAccountRecord,
) -> Result<engine::account::AccountHandle, ApiError> {
    state
        .services
        .registry
        .get(record.id)
        .ok_or_else(|| ApiError::internal(format!("account {} has no running actor", record.id)))
}

/// The message of a read or authorization the brokerage could not answer, even after retries.
pub const BROKERAGE_UNAVAILABLE: &str = "The brokerage is unavailable right now; try again";
/// The message of a call refused (429) because the brokerage call budget stayed full.
pub const BROKERAGE_BUSY: &str =
    "The brokerage call limit is reached right now; try again in a moment";

/// A message for people from an account error; never library text. A failure that may pass is a 503
/// saying so, never a complaint about the input.
pub(super) fn account_failure(err: &AccountError) -> ApiError {
    match err {
        AccountError::Broker(BrokerError::Rejected { message }) => {
            ApiError::BadRequest(format!("The brokerage refused: {message}"))
        }
        AccountError::Broker(BrokerError::Connectivity(_)) => {
            ApiError::BrokerageUnavailable(BROKERAGE_UNAVAILABLE.into())
        }
        // copydesk's own read budget is full: a rate limit, not a failure of the server.
        AccountError::ThrottledPastDeadline => ApiError::TooManyRequests(BROKERAGE_BUSY.into()),
        AccountError::NotAuthorized | AccountError::ReauthorizationNeeded => ApiError::Conflict {
            message: err.to_string(),
            code: "authorization_needed",
        },
        AccountError::NoBrokerageAccount => ApiError::Conflict {
            message: err.to_string(),
            code: "no_brokerage_account",
        },
        AccountError::Vault(_) => ApiError::internal(err),
        other => ApiError::BadGateway(other.to_string()),
    }
}

/// Why an account is not added when another agent has linked its brokerage login.
const LINKED_ELSEWHERE: &str = "This brokerage login is already linked to copydesk by another agent; it can be traded by one agent only";

/// The body of adding an account. No `Debug`: it holds the brokerage password.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::AddAccount)]
#[serde(rename_all = "camelCase")]
struct AddAccount {
    account_name: String,
    account_username: String,
    account_password: String,
    account_type: String,
}

#[utoipa::path(
    post,
    path = "/api/trading_account/login",
    tag = "Trading accounts",
    operation_id = "post_trading_account_login",
    request_body = AddAccount,
    responses((status = 200, description = "The answer", body = AccountRow, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn add_account(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<AddAccount>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let name = required(&body.account_name, "accountName", NAME_MAX)?;
    let username = required(&body.account_username, "accountUsername", USERNAME_MAX)?;
    if body.account_password.is_empty() {
        return Err(ApiError::BadRequest("Account Password is required".into()));
    }
    if body.account_password.chars().count() > PASSWORD_MAX {
        return Err(ApiError::BadRequest(format!(
            "Account Password must be at most {PASSWORD_MAX} characters long"
        )));
    }
    let account_type = parse_type(&body.account_type)?;
    let accounts = state.store.trading_accounts()?;
    // One brokerage login is traded by one agent: a second agent's copies would double its orders,
    // and its authorization would end the first agent's login.
    if accounts
        .all()?
        .iter()
        .any(|r| r.agent != agent && r.login_name() == username)
    {
        return Err(ApiError::Conflict {
            message: LINKED_ELSEWHERE.into(),
            code: "account_linked_elsewhere",
        });
    }
    let record = accounts
        .create(&NewTradingAccount {
            agent,
            name,
            username,
            password: &body.account_password,
            account_type,
            write_limit_per_minute: state.settings.write_limit_per_minute,
            created_at: chrono::Utc::now().timestamp(),
        })
        .map_err(|err| match err {
            StoreError::Conflict(what) => ApiError::Conflict {
                message: format!("{what} already exists"),
                code: "account_exists",
            },
            other => other.into(),
        })?;
    let opened = async {
        let handle = state
            .services
            .registry
            .start_on_login(record.id, record.write_limit_per_minute, login_key(&record))
            .map_err(ApiError::internal)?;
        // The paper brokerage opens the account at once with the given login.
        if let Some(paper) = &state.services.brokers.paper {
            let code = paper
                .authorize(username, &body.account_password)
                .map_err(|e| ApiError::BadRequest(e.to_string()))?;
            authorize(&state, &record, &handle, code, paper_callback(&req)).await?;
        }
        Ok::<_, ApiError>(())
    }
    .await;
    if let Err(err) = opened {
        // Not added after all: a second try must not find it "already exists".
        forget_account(&state, &accounts, record.id);
        return Err(err);
    }
    tracing::info!(agent = %agent, account = %record.id, "trading account added");
    Ok(HttpResponse::Ok().json(row(&state, &record)))
}

/// Takes back an account whose adding failed after it was stored: its actor, tokens and record.
/// What cannot be removed is logged; the caller answers the original failure.
pub(super) fn forget_account(state: &AppState, accounts: &TradingAccounts, id: AccountId) {
    if let Err(err) = remove_account(state, accounts, id) {
        tracing::error!(account = %id, error = %err, "a trading account that failed to open could not be removed");
    }
}

/// Stops the account's actor and removes its tokens and record.
///
/// # Errors
/// A store failure (the actor is stopped already).
fn remove_account(
    state: &AppState,
    accounts: &TradingAccounts,
    id: AccountId,
) -> Result<(), StoreError> {
    state.services.registry.stop(id);
    state.store.account_vault()?.forget(id)?;
    if let Some(record) = accounts.get(id)? {
        state.store.account_limits()?.remove(record.agent, id)?;
    }
    accounts.delete(id)?;
    Ok(())
}

fn paper_callback(req: &HttpRequest) -> String {
    let info = req.connection_info();
    format!("{}://{}{PAPER_CALLBACK_PATH}", info.scheme(), info.host())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::ByUsername)]
#[serde(rename_all = "camelCase")]
struct ByUsername {
    account_username: String,
}

/// An account's balances, in the brokerage's shape.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::Balances)]
#[serde(rename_all = "camelCase")]
struct BalancesAnswer {
    securities_account: SecuritiesAccount,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::SecuritiesAccount)]
#[serde(rename_all = "camelCase")]
struct SecuritiesAccount {
    current_balances: CurrentBalances,
}

/// Null where the brokerage reports no figure.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::CurrentBalances)]
#[serde(rename_all = "camelCase")]
struct CurrentBalances {
    #[schema(required = true)]
    cash_balance: Option<f64>,
    #[schema(required = true)]
    cash_available_for_trading: Option<f64>,
    #[schema(required = true)]
    buying_power: Option<f64>,
}

fn money(value: Option<rust_decimal::Decimal>) -> Option<f64> {
    use rust_decimal::prelude::ToPrimitive;
    value.and_then(|v| v.to_f64())
}

#[utoipa::path(
    post,
    path = "/api/trading_account/account_fetch",
    tag = "Trading accounts",
    operation_id = "post_trading_account_account_fetch",
    request_body = ByUsername,
    responses((status = 200, description = "The answer", body = BalancesAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn account_fetch(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ByUsername>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let record = owned_by_username(&state, agent, &body.0.account_username)?;
    let handle = running(&state, &record)?;
    let snapshot = handle
        .addr
        .send(FetchSnapshot)
        .await
        .map_err(ApiError::internal)?
        .map_err(|err| account_failure(&err))?;
    let balances = &snapshot.balances;
    // Cash accounts report no buying power: what they can spend is the cash available for trading.
    let buying_power = balances
        .buying_power
        .or(balances.cash_available_for_trading);
    let cash_available = balances
        .cash_available_for_trading
        .or(balances.available_funds);
    Ok(HttpResponse::Ok().json(BalancesAnswer {
        securities_account: SecuritiesAccount {
            current_balances: CurrentBalances {
                cash_balance: money(balances.cash_balance),
                cash_available_for_trading: money(cash_available),
                buying_power: money(buying_power),
            },
        },
    }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::ByName)]
#[serde(rename_all = "camelCase")]
pub(super) struct ByName {
    account_name: String,
}

#[utoipa::path(
    post,
    path = "/api/trading_account/delete_account",
    tag = "Trading accounts",
    operation_id = "post_trading_account_delete_account",
    request_body = ByName,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn delete_account(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ByName>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let accounts = state.store.trading_accounts()?;
    let record = accounts
        .find_by_name(agent, &body.0.account_name)?
        .ok_or_else(|| ApiError::NotFound("No such trading account".into()))?;
    remove_account(&state, &accounts, record.id)?;
    // Cached tables name the account; the next poll rebuilds them.
    state.read_cache.forget_agent(agent);
    state.services.supervisor.keeper().book().renew_agent(agent);
    tracing::info!(agent = %agent, account = %record.id, "trading account deleted");
    Ok(text_success())
}

#[utoipa::path(
    get,
    path = "/api/trading_account/database",
    tag = "Trading accounts",
    operation_id = "get_trading_account_database",
    responses((status = 200, description = "The answer", body = Vec<AccountRow>, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn database(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let rows: Vec<AccountRow> = state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .iter()
        .map(|r| row(&state, r))
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(rows))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::AccessTokenRequest)]
#[serde(rename_all = "camelCase")]
struct AccessTokenRequest {
    account_name: String,
    account_username: String,
    authorization_code_url: String,
}

/// `{"success": true}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::Authorized, example = json!({"success": true}))]
struct SuccessAnswer {
    success: bool,
}

/// Why a pasted address without its code is refused (the dialog's field named, and what to paste).
const NO_CODE: &str = "Account Authorization Code has no code parameter: paste the whole address the brokerage redirected to";

/// The code in a pasted redirect address (`...?code=...&session=...`), URL-decoded; a bare code is
/// accepted as is.
fn code_from(pasted: &str) -> Result<AuthorizationCode, ApiError> {
    let pasted = pasted.trim();
    if pasted.is_empty() {
        return Err(ApiError::BadRequest(
            "Account Authorization Code is required".into(),
        ));
    }
    if let Ok(url) = url::Url::parse(pasted) {
        return url
            .query_pairs()
            .find(|(key, _)| key == "code")
            .map(|(_, code)| AuthorizationCode::new(code.into_owned()))
            .filter(|code| !code.expose_secret().is_empty())
            .ok_or_else(|| ApiError::BadRequest(NO_CODE.into()));
    }
    if pasted.contains(char::is_whitespace) {
        return Err(ApiError::BadRequest(
            "Account Authorization Code is not a redirect address or a code".into(),
        ));
    }
    Ok(AuthorizationCode::new(pasted.to_owned()))
}

#[utoipa::path(
    post,
    path = "/api/trading_account/get_access_token_from_authorization_code",
    tag = "Trading accounts",
    operation_id = "post_trading_account_get_access_token_from_authorization_code",
    request_body = AccessTokenRequest,
    responses((status = 200, description = "The answer", body = SuccessAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn get_access_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<AccessTokenRequest>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let record = owned_by_username(&state, agent, &body.account_username)?;
    if record.name != body.account_name {
        return Err(ApiError::BadRequest(
            "accountName does not match accountUsername".into(),
        ));
    }
    let code = code_from(&body.authorization_code_url)?;
    let redirect_uri = redirect_uri(&state, &req);
    let handle = running(&state, &record)?;
    authorize(&state, &record, &handle, code, redirect_uri).await?;
    Ok(HttpResponse::Ok().json(SuccessAnswer { success: true }))
}

/// Has the account's actor exchange `code` for tokens and link the account.
///
/// # Errors
/// A login the linking rule refuses as [`link_refusal::refused`] answers it; other failures as
/// [`account_failure`] maps them; an actor gone as an internal error.
async fn authorize(
    state: &AppState,
    record: &TradingAccountRecord,
    handle: &AccountHandle,
    code: AuthorizationCode,
    redirect_uri: String,
) -> Result<(), ApiError> {
    handle
        .addr
        .send(Authorize { code, redirect_uri })
        .await
        .map_err(ApiError::internal)?
        .map_err(|err| match err {
            AccountError::LinkRefused(refusal) => link_refusal::refused(state, record, &refusal),
            other => account_failure(&other),
        })
}

fn redirect_uri(state: &AppState, req: &HttpRequest) -> String {
    match &state.settings.schwab {
        Some(schwab) if state.services.brokers.paper.is_none() => schwab.callback_url.clone(),
        _ => paper_callback(req),
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::SetType)]
#[serde(rename_all = "camelCase")]
struct SetType {
    account_username: String,
    account_type: String,
}

#[utoipa::path(
    post,
    path = "/api/trading_account/set_account_type",
    tag = "Trading accounts",
    operation_id = "post_trading_account_set_account_type",
    request_body = SetType,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn set_account_type(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SetType>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let account_type = parse_type(&body.0.account_type)?;
    let record = owned_by_username(&state, agent, &body.0.account_username)?;
    state
        .store
        .trading_accounts()?
        .update(record.id, |r| r.account_type = account_type)?;
    Ok(text_success())
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::SetActive)]
#[serde(rename_all = "camelCase")]
struct SetActive {
    account_username: String,
    account_trading_active: bool,
}

#[utoipa::path(
    post,
    path = "/api/trading_account/trading_active",
    tag = "Trading accounts",
    operation_id = "post_trading_account_trading_active",
    request_body = SetActive,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn trading_active(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<SetActive>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let record = owned_by_username(&state, agent, &body.0.account_username)?;
    let active = body.0.account_trading_active;
    state
        .store
        .trading_accounts()?
        .update(record.id, |r| r.trading_active = active)?;
    Ok(text_success())
}

#[utoipa::path(
    get,
    path = "/api/trading_account/fetch_trading_account_data_from_refresh_token",
    tag = "Trading accounts",
    operation_id = "get_trading_account_fetch_trading_account_data_from_refresh_token",
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn refresh_all(
    state: web::Data<AppState>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let handles: Vec<std::sync::Arc<LinkedAccount>> = state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .iter()
        .filter_map(|r| state.services.registry.get(r.id))
        .map(|h| h.account)
        .collect();
    let refreshes = handles.iter().map(|account| async move {
        if let Err(err) = account.keep_token_fresh().await {
            tracing::debug!(account = %account.id(), error = %err, "refresh on request failed");
        }
        account.request_poll();
    });
    futures::future::join_all(refreshes).await;
    Ok(text_success())
}

/// An account's login, for the edit dialog. No `Debug`: it holds the brokerage password.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::Credentials)]
#[serde(rename_all = "camelCase")]
struct Credentials {
    account_username: String,
    account_password: String,
}

#[utoipa::path(
    post,
    path = "/api/trading_account/credentials",
    tag = "Trading accounts",
    operation_id = "post_trading_account_credentials",
    request_body = ByUsername,
    responses((status = 200, description = "The answer", body = Credentials, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn credentials(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<ByUsername>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let record = owned_by_username(&state, agent, &body.0.account_username)?;
    let password = state.store.trading_accounts()?.password(&record)?;
    Ok(HttpResponse::Ok()
        .insert_header(("Cache-Control", "no-store"))
        .json(Credentials {
            // The brokerage login's username (an account linked through another account's login
            // signs in with that login).
            account_username: record.login_name().to_owned(),
            account_password: password,
        }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct UrlQuery {
    account_username: String,
}

/// The brokerage's authorization address for this app.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = trading_account::AuthorizationUrl)]
struct UrlAnswer {
    url: String,
}

#[utoipa::path(
    get,
    path = "/api/trading_account/authorization_url",
    tag = "Trading accounts",
    operation_id = "get_trading_account_authorization_url",
    params(UrlQuery),
    responses((status = 200, description = "The answer", body = UrlAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn authorization_url(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    query: web::Query<UrlQuery>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    owned_by_username(&state, agent, &query.account_username)?;
    let url = state
        .services
        .brokers
        .broker
        .authorize_url(&redirect_uri(&state, &req));
    Ok(HttpResponse::Ok().json(UrlAnswer { url }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_come_from_the_pasted_address_url_decoded() {
        let code = code_from("https://127.0.0.1/?code=C0.abc%40&session=f00").unwrap();
        assert_eq!(code.expose_secret(), "C0.abc@");
        assert_eq!(code_from("C0.bare@").unwrap().expose_secret(), "C0.bare@");
        assert!(code_from("").is_err());
        assert!(code_from("https://127.0.0.1/?session=1").is_err());
        assert!(code_from("not a code").is_err());
    }

    #[test]
    fn a_full_call_budget_is_a_rate_limit_and_a_failing_brokerage_is_unavailable() {
        use actix_web::ResponseError;
        let busy = account_failure(&AccountError::ThrottledPastDeadline);
        assert_eq!(
            busy.status_code(),
            actix_web::http::StatusCode::TOO_MANY_REQUESTS
        );
        assert_eq!(busy.to_string(), BROKERAGE_BUSY);
        let down = account_failure(&AccountError::Broker(BrokerError::Connectivity(
            engine::broker::ConnectivityError::Timeout,
        )));
        assert_eq!(
            down.status_code(),
            actix_web::http::StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(down.to_string(), BROKERAGE_UNAVAILABLE);
    }
}
