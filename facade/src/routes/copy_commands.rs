//! Runs a parsed copy-trade command for any kind: gathers what the engine's planner needs, plans,
//! previews every targeted account when the fan-out mode asks for it (or when the command is only
//! checked, or only planned), executes, and shapes the spec's answer (`success`, or the accepted and
//! failed accounts and why, with the exits capped at holdings and the orders a guard cut; a refused all
//! or none is 409 `preview_refused`).

use actix_web::HttpResponse;
use engine::account::AccountRegistry;
use engine::copy::{
    AccountFacts, AgentFacts, CancelResult, CopyCommand, CopySession, ExecuteError, Executed,
    ExitCut, Holdings, LimitNote, Plan, PlanError, Work, exit_cuts, gate_previews, plan, previews,
};
use engine::ids::{AccountId, AgentId};
use serde::Serialize;

use super::check_answers::{check_answer, refused_answer};
use super::fan_out::{Dispatch, How};
use super::plan_answers::plan_answer;
use super::row_values::AccountNames;
use crate::{ApiError, AppState};

/// Holdings as each account's last poll saw them.
pub(crate) struct PolledHoldings<'a>(pub(crate) &'a AccountRegistry);

impl Holdings for PolledHoldings<'_> {
    fn net(&self, account: AccountId, symbol: &str) -> i64 {
        self.0
            .get(account)
            .and_then(|h| h.account.held(symbol))
            .unwrap_or(0)
    }
}

/// The planner's view of the agent's accounts.
fn account_facts(state: &AppState, agent: AgentId) -> Result<Vec<AccountFacts>, ApiError> {
    Ok(state
        .store
        .trading_accounts()?
        .for_agent(agent)?
        .into_iter()
        .map(|a| AccountFacts {
            id: a.id,
            tier: a.account_type,
            trading_active: a.trading_active,
            usable: state
                .services
                .registry
                .get(a.id)
                .is_some_and(|h| h.account.status().is_usable()),
        })
        .collect())
}

impl From<PlanError> for ApiError {
    fn from(err: PlanError) -> Self {
        let message = err.to_string();
        match err {
            PlanError::NotYourAccount(_) => Self::Forbidden(message),
            PlanError::NoActiveAccounts | PlanError::AwaitingAuthorization(_) => Self::Conflict {
                message,
                code: "no_active_accounts",
            },
            PlanError::NothingNamed(_)
            | PlanError::QuantityTooLarge
            | PlanError::LegsDiffer { .. }
            | PlanError::TermsDiffer { .. }
            | PlanError::NothingToChange => Self::BadRequest(message),
            PlanError::NoSuchSession | PlanError::NotInSession { .. } => Self::NotFound(message),
            PlanError::NotReplaceable(_) => Self::Conflict {
                message,
                code: "not_replaceable",
            },
            PlanError::AlreadyCanceled => Self::Conflict {
                message,
                code: "already_canceled",
            },
        }
    }
}

impl From<ExecuteError> for ApiError {
    fn from(err: ExecuteError) -> Self {
        match err {
            ExecuteError::ShuttingDown => Self::Unavailable(err.to_string()),
            ExecuteError::Journal(err) => Self::internal(err),
            ExecuteError::Interrupted => {
                tracing::error!("a fan-out stopped before it answered");
                Self::Interrupted(err.to_string())
            }
        }
    }
}

/// Whether the plan sends any order (cancels and refusals are never previewed).
fn writes(plan: &Plan) -> bool {
    plan.works
        .iter()
        .any(|w| matches!(w.work, Work::Place(_) | Work::Replace { .. }))
}

/// Plans `command`, then either checks it on every targeted account (nothing sent or stored) or
/// carries it out in the fan-out mode `how` names (the agent's default when it names none), answering as
/// the spec's command calls do.
///
/// # Errors
/// [`ApiError`] when the command is refused as a whole (nothing was sent then).
pub(crate) async fn run(
    state: &AppState,
    command: CopyCommand,
    how: How,
) -> Result<HttpResponse, ApiError> {
    let agent = command.agent;
    let accounts = account_facts(state, agent)?;
    let settings = state.store.settings()?;
    let tiers = settings.tier_multipliers(agent)?;
    let supervisor = &state.services.supervisor;
    let holdings = PolledHoldings(&state.services.registry);
    let limits = super::limit_facts::gather(state, &command, how.split_total, how.dispatch).await?;
    let facts = AgentFacts {
        accounts: &accounts,
        tiers,
        holdings: &holdings,
        book: supervisor.keeper().book(),
        limits: &limits,
    };
    let plan = plan(&command, &facts)?;
    match how.dispatch {
        Dispatch::Plan => return plan_answer(state, agent, &plan, &limits),
        Dispatch::Check => {
            let checks = supervisor.preview(&plan).await;
            return check_answer(state, agent, &plan, &checks);
        }
        Dispatch::Send => {}
    }
    let mode = match how.mode {
        Some(mode) => mode,
        None => settings.fan_out_mode(agent)?,
    };
    let plan = if mode.previews() && writes(&plan) {
        let checks = supervisor.preview(&plan).await;
        match gate_previews(plan, &previews(&checks), mode) {
            Ok(plan) => plan,
            Err(refusal) => {
                tracing::info!(agent = %agent, kind = %command.kind, refusing = refusal.rejects.len(), "all or none refused by pre-flight; nothing sent");
                return refused_answer(state, agent, &refusal);
            }
        }
    } else {
        plan
    };
    let cuts = exit_cuts(&command, &plan);
    let guard_cuts = guard_cuts(&plan);
    match supervisor.execute(plan).await? {
        Executed::Session(session) => {
            tracing::info!(agent = %agent, session = %session.id, kind = %command.kind, accounts = session.rows.len(), "copy trade sent");
            session_answer(state, &session, &cuts, &guard_cuts)
        }
        Executed::Cancels { results, .. } => cancel_answer(state, agent, &results),
    }
}

/// The orders of `plan` that a guard cut and that still go out (not refused by pre-flight since).
fn guard_cuts(plan: &Plan) -> Vec<LimitNote> {
    plan.limited
        .iter()
        .filter(|note| {
            note.sent > 0
                && plan
                    .works
                    .get(note.work)
                    .is_some_and(|w| matches!(w.work, Work::Place(_) | Work::Replace { .. }))
        })
        .cloned()
        .collect()
}

/// One account that did not accept, in a partial answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = copy::Failure)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Failure {
    account_id: u64,
    account_name: String,
    /// The brokerage's reason, or the row's status word.
    reason: String,
}

/// An exit sent for less than was asked, because the account holds less, in a partial answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = copy::Capped)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Capped {
    account_id: u64,
    account_name: String,
    /// The quantity asked for (contracts, shares or spreads).
    asked: u32,
    /// The quantity sent: what the account holds, or less when one of its guards cut it (named in
    /// `cut`).
    sent: u32,
}

/// An order a guard cut, sent for less than its sizing gave, in a partial answer.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = copy::Cut)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Cut {
    account_id: u64,
    account_name: String,
    /// The quantity sizing gave (contracts, shares or spreads).
    asked: u32,
    /// The quantity sent.
    sent: u32,
    /// What cut it.
    #[schema(value_type = super::limits::GuardSchema)]
    guard: &'static str,
    /// Why, naming the guard.
    reason: String,
}

/// The partial answer: which accounts accepted and which did not, and why; for an exit, also the
/// accounts whose exit was cut to what they hold; for any order, the accounts a guard cut. Cancels
/// carry no session id.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = copy::PartialAnswer)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Partial {
    /// The session the command made (place, exit, replace); absent for cancels.
    #[serde(
        rename = "agentTradingSessionID",
        skip_serializing_if = "Option::is_none"
    )]
    #[schema(value_type = u64)]
    agent_trading_session_id: Option<u64>,
    /// The accounts that accepted.
    accepted: Vec<u64>,
    /// The accounts that did not.
    failed: Vec<Failure>,
    /// Exits only: the accounts that hold less than was asked and were sent what they hold (absent
    /// when none was cut). An exit whose every account accepted but some were cut answers this
    /// object with an empty `failed`, never the bare `success`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    capped: Vec<Capped>,
    /// The accounts whose order a guard cut, with the quantity sizing gave, the quantity sent and why
    /// (absent when none was cut). A command whose every account accepted but some were cut answers
    /// this object with an empty `failed`, never the bare `success`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(required = false)]
    cut: Vec<Cut>,
}

/// The spec's text answer of a command every account accepted.
pub(crate) fn text_success() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/plain; charset=utf-8")
        .body("success")
}

/// `success` when the brokerage took every row's write in full, else the partial answer (refusals, and
/// exits cut to what the account holds). A write taken and then rejected by the brokerage answers
/// `success`; its row turns REJECTED and the screens say so.
fn session_answer(
    state: &AppState,
    session: &CopySession,
    cuts: &[ExitCut],
    guard_cuts: &[LimitNote],
) -> Result<HttpResponse, ApiError> {
    if cuts.is_empty()
        && guard_cuts.is_empty()
        && session
            .rows
            .iter()
            .all(engine::copy::CopyRow::write_accepted)
    {
        return Ok(text_success());
    }
    let names = AccountNames::load(state, session.agent)?;
    Ok(HttpResponse::Ok().json(Partial {
        agent_trading_session_id: Some(session.id.get()),
        accepted: session
            .rows
            .iter()
            .filter(|r| r.write_accepted())
            .map(|r| r.account.get())
            .collect(),
        failed: session
            .rows
            .iter()
            .filter(|r| !r.write_accepted())
            .map(|r| Failure {
                account_id: r.account.get(),
                account_name: names.of(r.account).0,
                reason: r
                    .status_description
                    .clone()
                    .unwrap_or_else(|| r.status_word()),
            })
            .collect(),
        capped: cuts
            .iter()
            .map(|cut| Capped {
                account_id: cut.account.get(),
                account_name: names.of(cut.account).0,
                asked: cut.asked,
                sent: cut.sent,
            })
            .collect(),
        cut: guard_cuts
            .iter()
            .map(|note| Cut {
                account_id: note.account.get(),
                account_name: names.of(note.account).0,
                asked: note.sized,
                sent: note.sent,
                guard: note.guard.as_str(),
                reason: note.reason.clone(),
            })
            .collect(),
    }))
}

fn cancel_answer(
    state: &AppState,
    agent: AgentId,
    results: &[CancelResult],
) -> Result<HttpResponse, ApiError> {
    if results.iter().all(|r| r.result.is_ok()) {
        return Ok(text_success());
    }
    let names = AccountNames::load(state, agent)?;
    Ok(HttpResponse::Ok().json(Partial {
        agent_trading_session_id: None,
        accepted: results
            .iter()
            .filter(|r| r.result.is_ok())
            .map(|r| r.account.get())
            .collect(),
        failed: results
            .iter()
            .filter_map(|r| {
                r.result.as_ref().err().map(|reason| Failure {
                    account_id: r.account.get(),
                    account_name: names.of(r.account).0,
                    reason: reason.clone(),
                })
            })
            .collect(),
        capped: Vec::new(),
        cut: Vec::new(),
    }))
}
