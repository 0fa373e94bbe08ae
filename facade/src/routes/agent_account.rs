//! `/api/agent_account/*`: register, login, profile and logout of agents (spec 01 §7 Session).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::mounting::mount;
use crate::auth::{AGENT_KEY, hash_password, on_hashing_thread, signed_in_agent, verify_password};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// The register success text (shown by the UI as is).
pub const REGISTERED: &str = "Agent registered successfully";
/// The one message for an unknown username or a wrong password.
pub const BAD_CREDENTIALS: &str = "Invalid username or password";
/// The message of a refused login because of too many attempts.
pub const TOO_MANY_LOGINS: &str = "Too many login attempts; please wait a minute and try again";

const USERNAME_MIN: usize = 3;
const USERNAME_MAX: usize = 64;
const PASSWORD_MIN: usize = 8;
const PASSWORD_MAX: usize = 128;

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            ("/agent_account/register", web::post().to(register)),
            ("/agent_account/login", web::post().to(login)),
            ("/agent_account/profile", web::get().to(profile)),
            ("/agent_account/logout", web::post().to(logout)),
        ],
    );
}

/// The body of register and login. No `Debug`: it holds the agent's password.
#[derive(Deserialize, utoipa::ToSchema)]
#[schema(as = agent::Credentials)]
#[serde(rename_all = "camelCase")]
struct Credentials {
    agent_username: String,
    agent_password: String,
}

/// The answer of login and profile.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = agent::AgentAnswer, example = json!({"agentUsername": "demo"}))]
#[serde(rename_all = "camelCase")]
struct AgentAnswer {
    agent_username: Option<String>,
}

fn validate_username(username: &str) -> Result<(), ApiError> {
    let count = username.chars().count();
    if !(USERNAME_MIN..=USERNAME_MAX).contains(&count) {
        return Err(ApiError::BadRequest(format!(
            "Username must be {USERNAME_MIN} to {USERNAME_MAX} characters long"
        )));
    }
    let allowed = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@');
    if !username.chars().all(allowed) {
        return Err(ApiError::BadRequest(
            "agentUsername may contain only letters, digits, '.', '_', '-' and '@'".into(),
        ));
    }
    Ok(())
}

fn validate_password(password: &str) -> Result<(), ApiError> {
    let count = password.chars().count();
    if !(PASSWORD_MIN..=PASSWORD_MAX).contains(&count) {
        return Err(ApiError::BadRequest(format!(
            "Password must be {PASSWORD_MIN} to {PASSWORD_MAX} characters long"
        )));
    }
    Ok(())
}

#[utoipa::path(
    post,
    path = "/api/agent_account/register",
    tag = "Agent account",
    operation_id = "post_agent_account_register",
    request_body = Credentials,
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn register(
    state: web::Data<AppState>,
    body: JsonBody<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials {
        agent_username,
        agent_password,
    } = body.into_inner();
    validate_username(&agent_username)?;
    validate_password(&agent_password)?;
    let agents = state.store.agents()?;
    if agents.find_by_username(&agent_username)?.is_some() {
        return Err(agent_exists());
    }
    let hash = on_hashing_thread(move || hash_password(&agent_password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    let now = chrono::Utc::now().timestamp();
    match agents.create(&agent_username, &hash, now) {
        Ok(agent) => {
            tracing::info!(agent = agent.id, "agent registered");
            Ok(HttpResponse::Ok()
                .content_type("text/plain; charset=utf-8")
                .body(REGISTERED))
        }
        Err(store::StoreError::Conflict(_)) => Err(agent_exists()),
        Err(err) => Err(err.into()),
    }
}

fn agent_exists() -> ApiError {
    ApiError::Conflict {
        message: "Agent username already exists".into(),
        code: "agent_exists",
    }
}

#[utoipa::path(
    post,
    path = "/api/agent_account/login",
    tag = "Agent account",
    operation_id = "post_agent_account_login",
    request_body = Credentials,
    responses((status = 200, description = "The answer", body = AgentAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials {
        agent_username,
        agent_password,
    } = body.into_inner();
    if agent_username.is_empty() {
        return Err(ApiError::BadRequest("Username is required".into()));
    }
    if agent_password.is_empty() {
        return Err(ApiError::BadRequest("Password is required".into()));
    }
    if agent_username.chars().count() > USERNAME_MAX
        || agent_password.chars().count() > PASSWORD_MAX
    {
        return Err(ApiError::Unauthorized(BAD_CREDENTIALS.into()));
    }
    let address = req.peer_addr().map(|addr| addr.ip());
    if !state.login_limiter.allow(&agent_username, address) {
        tracing::warn!("login attempts throttled");
        return Err(ApiError::TooManyRequests(TOO_MANY_LOGINS.into()));
    }
    let agent = state.store.agents()?.find_by_username(&agent_username)?;
    let stored_hash = agent.as_ref().map(|a| a.password_hash.clone());
    let verified =
        on_hashing_thread(move || verify_password(&agent_password, stored_hash.as_deref()))
            .await
            .map_err(ApiError::internal)?;
    let Some(agent) = agent.filter(|_| verified) else {
        return Err(ApiError::Unauthorized(BAD_CREDENTIALS.into()));
    };
    session.renew();
    session
        .insert(AGENT_KEY, agent.id)
        .map_err(ApiError::internal)?;
    tracing::info!(agent = agent.id, "agent signed in");
    Ok(HttpResponse::Ok().json(AgentAnswer {
        agent_username: Some(agent.username),
    }))
}

#[utoipa::path(
    get,
    path = "/api/agent_account/profile",
    tag = "Agent account",
    operation_id = "get_agent_account_profile",
    responses((status = 200, description = "The answer", body = AgentAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn profile(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let username = match signed_in_agent(&session) {
        Some(id) => state.store.agents()?.get(id)?.map(|agent| agent.username),
        None => None,
    };
    Ok(HttpResponse::Ok().json(AgentAnswer {
        agent_username: username,
    }))
}

#[utoipa::path(
    post,
    path = "/api/agent_account/logout",
    tag = "Agent account",
    operation_id = "post_agent_account_logout",
    responses((status = 200, description = "Done", body = String, content_type = "text/plain", example = json!("success")), crate::routes::refusals::Refusals)
)]
async fn logout(session: Session) -> HttpResponse {
    if let Some(agent) = signed_in_agent(&session) {
        tracing::info!(agent, "agent signed out");
    }
    session.purge();
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("success")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_follow_the_rules() {
        assert!(validate_username("abc").is_ok());
        assert!(validate_username("a.b_c-d@e").is_ok());
        assert!(validate_username("ab").is_err());
        assert!(validate_username(&"a".repeat(65)).is_err());
        assert!(validate_username("has space").is_err());
        assert!(validate_username("ünï").is_err());
    }

    #[test]
    fn passwords_are_8_to_128_characters() {
        assert!(validate_password("12345678").is_ok());
        assert!(validate_password("1234567").is_err());
        assert!(validate_password(&"x".repeat(128)).is_ok());
        assert!(validate_password(&"x".repeat(129)).is_err());
    }
}
