//! The answer of a plan preview, and what a plan does with each account's order (pre-flight's rows
//! carry it too).

use actix_web::HttpResponse;
use engine::copy::{Guard, LimitFacts, Plan, SizingMethod, Work};
use engine::ids::{AccountId, AgentId};
use serde::Serialize;

use super::limits::{BalancesAge, GuardSchema};
use super::row_values::AccountNames;
use crate::{ApiError, AppState};

/// What the plan does with one account's order (a place, replace or refusal; cancels have none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PlannedWork {
    /// The account.
    pub(crate) account: AccountId,
    /// What sizing gave.
    pub(crate) sized: u32,
    /// What would be sent (0 when refused).
    pub(crate) planned: u32,
    /// What cut or refused it.
    pub(crate) guard: Option<Guard>,
    /// Why it was cut or refused.
    pub(crate) reason: Option<String>,
}

/// One entry per place, replace or refusal of `plan`, in the plan's order (the order pre-flight's
/// checks come in).
pub(crate) fn planned_works(plan: &Plan) -> Vec<PlannedWork> {
    plan.works
        .iter()
        .enumerate()
        .filter_map(|(index, w)| {
            let note = plan.limited.iter().find(|n| n.work == index);
            let (planned, refusal) = match &w.work {
                Work::Place(request) | Work::Replace { request, .. } => {
                    (request.total_quantity(), None)
                }
                Work::Refuse { request, reason } => (0, Some((request, reason))),
                Work::Cancel(_) => return None,
            };
            Some(PlannedWork {
                account: w.account,
                sized: note.map_or_else(
                    || refusal.map_or(planned, |(request, _)| request.total_quantity()),
                    |n| n.sized,
                ),
                planned,
                guard: note.map(|n| n.guard),
                reason: note
                    .map(|n| n.reason.clone())
                    .or_else(|| refusal.map(|(_, reason)| reason.clone())),
            })
        })
        .collect()
}

/// The API's words for what the plan does with an account.
#[derive(utoipa::ToSchema)]
#[schema(as = plan_preview::Outcome)]
#[allow(
    dead_code,
    clippy::upper_case_acronyms,
    reason = "describes the JSON words only"
)]
enum OutcomeSchema {
    /// Sent as sized.
    SEND,
    /// Sent for less: a guard cut it.
    CUT,
    /// Not sent: sizing gave nothing, a guard refused it, or the account cannot be sent to now.
    REFUSE,
}

/// One targeted account's planned order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = plan_preview::AccountPlan)]
#[serde(rename_all = "camelCase")]
struct PlannedRow {
    account_id: u64,
    account_name: String,
    /// The method that sized it (TIER, FIXED, RATIO, NET_LIQUIDATION) or EQUAL_SPLIT.
    sizing: &'static str,
    sized_quantity: u32,
    planned_quantity: u32,
    #[schema(value_type = OutcomeSchema)]
    outcome: &'static str,
    #[schema(value_type = Option<GuardSchema>, required = true)]
    guard: Option<&'static str>,
    #[schema(required = true)]
    reason: Option<String>,
    balances: BalancesAge,
}

/// Every targeted account's planned order, in the command's order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = plan_preview::PlanAnswer, example = json!({"splitTotal": null, "accounts": [
    {"accountId": 1, "accountName": "Small", "sizing": "TIER", "sizedQuantity": 2, "plannedQuantity": 2, "outcome": "SEND", "guard": null, "reason": null,
     "balances": {"netLiquidationValue": 52000.0, "readAt": "2026-11-28T15:04:05+00:00", "ageSeconds": 12}},
    {"accountId": 2, "accountName": "Big", "sizing": "RATIO", "sizedQuantity": 6, "plannedQuantity": 4, "outcome": "CUT", "guard": "MAX_QUANTITY_PER_ORDER",
     "reason": "maximum quantity per order: at most 4; cut from 6 to 4", "balances": {"netLiquidationValue": null, "readAt": null, "ageSeconds": null}}
]}))]
#[serde(rename_all = "camelCase")]
pub(crate) struct PlanAnswer {
    /// The total split equally, when the body asked for one.
    #[schema(required = true)]
    split_total: Option<u32>,
    accounts: Vec<PlannedRow>,
}

/// The answer of a plan preview.
///
/// # Errors
/// Storage errors reading the account names.
pub(crate) fn plan_answer(
    state: &AppState,
    agent: AgentId,
    plan: &Plan,
    limits: &LimitFacts,
) -> Result<HttpResponse, ApiError> {
    let names = AccountNames::load(state, agent)?;
    let split = limits.split();
    let accounts = planned_works(plan)
        .into_iter()
        .map(|work| {
            let sizing = if split.is_some() {
                "EQUAL_SPLIT"
            } else {
                limits
                    .of(work.account)
                    .map_or(SizingMethod::Tier, |f| f.limits.sizing.method)
                    .as_str()
            };
            let outcome = match (work.planned, &work.reason) {
                (0, _) => "REFUSE",
                (_, Some(_)) => "CUT",
                _ => "SEND",
            };
            PlannedRow {
                account_id: work.account.get(),
                account_name: names.of(work.account).0,
                sizing,
                sized_quantity: work.sized,
                planned_quantity: work.planned,
                outcome,
                guard: work.guard.map(|g| g.as_str()),
                reason: work.reason,
                balances: BalancesAge::of(state, work.account),
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(PlanAnswer {
        split_total: split.map(|s| s.total),
        accounts,
    }))
}
