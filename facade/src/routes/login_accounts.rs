//! `POST /api/trading_account/link_login_account`: links another brokerage account of an authorized
//! account's login as a trading account of its own, sharing the login's tokens (no new
//! authorization).

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::account::AccountError;
use serde::Deserialize;
use store::{NewTradingAccount, StoreError};

use super::link_refusal;
use super::mounting::mount;
use super::trading_account::{
    AccountRow, NAME_MAX, account_failure, agent, forget_account, login_key, parse_type,
    required_as, row,
};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [(
            "/trading_account/link_login_account",
            web::post().to(link_login_account),
        )],
    );
}

/// The body of linking another account of a login.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[schema(as = trading_account::LinkLoginAccount, example = json!({"accountName": "Family", "brokerageAccount": "5678", "newAccountName": "Family IRA", "accountType": "small_account"}))]
#[serde(rename_all = "camelCase")]
struct LinkLoginAccount {
    /// The authorized trading account whose login reaches the brokerage account.
    account_name: String,
    /// The brokerage account to link, by the last four digits of its number (`5678` or `…5678`).
    brokerage_account: String,
    /// The new trading account's name.
    new_account_name: String,
    /// The new trading account's type (`small_account`, `medium_account`, `big_account`).
    account_type: String,
}

/// The four digits of `value` (`5678`, or `…5678` as the account list shows it), or a 400 naming the
/// field.
fn last_four(value: &str) -> Result<&str, ApiError> {
    let digits = value.trim().trim_start_matches('\u{2026}');
    if digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits)
    } else {
        Err(ApiError::BadRequest(
            "Brokerage Account must be the last four digits of an account number".into(),
        ))
    }
}

/// The new account's name, or a 400 naming the field by the dialog's label.
fn new_name(value: &str) -> Result<&str, ApiError> {
    required_as(value, "Account Name", NAME_MAX)
}

#[utoipa::path(
    post,
    path = "/api/trading_account/link_login_account",
    tag = "Trading accounts",
    operation_id = "post_trading_account_link_login_account",
    request_body = LinkLoginAccount,
    responses((status = 200, description = "The new trading account", body = AccountRow, content_type = "application/json"), crate::routes::refusals::Refusals)
)]
async fn link_login_account(
    state: web::Data<AppState>,
    session: Session,
    body: JsonBody<LinkLoginAccount>,
) -> Result<HttpResponse, ApiError> {
    let agent = agent(&session)?;
    let body = body.into_inner();
    let name = new_name(&body.new_account_name)?;
    let digits = last_four(&body.brokerage_account)?;
    let account_type = parse_type(&body.account_type)?;
    let accounts = state.store.trading_accounts()?;
    let source = accounts
        .find_by_name(agent, body.account_name.trim())?
        .ok_or_else(|| ApiError::NotFound("No such trading account".into()))?;
    let running = state
        .services
        .registry
        .account(source.id)
        .filter(|account| account.link().is_some() && account.tokens().has_live_login())
        .ok_or_else(|| account_failure(&AccountError::NotAuthorized))?;
    let not_free = || {
        ApiError::BadRequest(format!(
            "Brokerage Account \u{2026}{digits} is not another account of this login free to link"
        ))
    };
    // An account of the login already linked is refused before anything is stored.
    if running
        .login()
        .members()
        .iter()
        .filter_map(|member| member.link())
        .any(|link| link.account_number.0.ends_with(digits))
    {
        return Err(not_free());
    }
    let login = source.login_name().to_owned();
    let password = accounts.password(&source)?;
    let record = accounts
        .create_on_login(
            &NewTradingAccount {
                agent,
                name,
                // Every call names an account by its username: this one's is the login's and the
                // brokerage account's last four digits.
                username: &format!("{login} \u{2026}{digits}"),
                password: &password,
                account_type,
                write_limit_per_minute: state.settings.write_limit_per_minute,
                created_at: chrono::Utc::now().timestamp(),
            },
            &login,
        )
        .map_err(|err| match err {
            StoreError::Conflict(what) => ApiError::Conflict {
                message: format!("{what} already exists"),
                code: "account_exists",
            },
            other => other.into(),
        })?;
    let linked = state
        .services
        .registry
        .link_login_account(
            &running,
            record.id,
            record.write_limit_per_minute,
            login_key(&record),
            digits,
        )
        .await;
    if let Err(err) = linked {
        // Not linked after all: nothing of the new account stays.
        forget_account(&state, &accounts, record.id);
        return Err(match err {
            AccountError::NotOnLogin(_) => not_free(),
            AccountError::LinkRefused(refusal) => link_refusal::refused(&state, &record, &refusal),
            other => account_failure(&other),
        });
    }
    state.read_cache.forget_agent(agent);
    tracing::info!(agent = %agent, account = %record.id, from = %source.id,
        "another account of a login linked as a trading account");
    Ok(HttpResponse::Ok().json(row(&state, &record)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brokerage_account_is_four_digits_as_typed_or_as_listed() {
        assert_eq!(last_four("5678").ok(), Some("5678"));
        assert_eq!(last_four(" \u{2026}0002 ").ok(), Some("0002"));
        for bad in ["", "567", "56789", "12a4", "90000002", "\u{2026}"] {
            assert_eq!(
                last_four(bad).err().map(|e| e.to_string()),
                Some("Brokerage Account must be the last four digits of an account number".into()),
                "{bad}"
            );
        }
        assert!(new_name("  ").is_err());
        assert_eq!(new_name(" IRA ").ok(), Some("IRA"));
    }
}
