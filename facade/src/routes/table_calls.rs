//! The three table calls every trading kind has (its orders table, its positions table, and REFRESH),
//! declared from one table per kind that says what differs: paths, tag, answer types and builders.

use engine::copy::TradeKind;
use engine::ids::{AccountId, AgentId};

use crate::AppState;

/// Declares `orders`, `positions` and `fetch_trade_status` of one trading kind in the module it is
/// used in. Each answers its table to the signed-in agent (the full table, or with `?since=` the
/// delta form); REFRESH first polls every account with an open row of the kind
/// ([`poll_open_sessions`]) and answers the orders table.
macro_rules! table_calls {
    (
        kind: $kind:expr,
        tag: $tag:literal,
        orders: ($orders_path:literal, $orders_op:literal, $orders_body:ty, $orders_answer:path),
        positions: ($positions_path:literal, $positions_op:literal, $positions_body:ty, $positions_answer:path),
        refresh: ($refresh_path:literal, $refresh_op:literal) $(,)?
    ) => {
        #[utoipa::path(
            get,
            path = $orders_path,
            tag = $tag,
            operation_id = $orders_op,
            params(super::table_answers::SinceQuery, super::table_answers::IfNoneMatch),
            responses((status = 200, description = "The full table; with `since`, `{\"version\", \"full\", \"changed\", \"removed\"}`", body = $orders_body, content_type = "application/json"), (status = 304, description = "Unchanged since If-None-Match"), super::refusals::Refusals)
        )]
        async fn orders(
            req: actix_web::HttpRequest,
            state: actix_web::web::Data<crate::AppState>,
            session: actix_session::Session,
        ) -> Result<actix_web::HttpResponse, crate::ApiError> {
            let agent = super::trading_account::agent(&session)?;
            $orders_answer(&state, &req, agent)
        }

        #[utoipa::path(
            get,
            path = $positions_path,
            tag = $tag,
            operation_id = $positions_op,
            params(super::table_answers::SinceQuery, super::table_answers::IfNoneMatch),
            responses((status = 200, description = "The full table; with `since`, `{\"version\", \"full\", \"changed\", \"removed\"}`", body = $positions_body, content_type = "application/json"), (status = 304, description = "Unchanged since If-None-Match"), super::refusals::Refusals)
        )]
        async fn positions(
            req: actix_web::HttpRequest,
            state: actix_web::web::Data<crate::AppState>,
            session: actix_session::Session,
        ) -> Result<actix_web::HttpResponse, crate::ApiError> {
            let agent = super::trading_account::agent(&session)?;
            $positions_answer(&state, &req, agent)
        }

        #[utoipa::path(
            get,
            path = $refresh_path,
            tag = $tag,
            operation_id = $refresh_op,
            params(super::table_answers::IfNoneMatch),
            responses((status = 200, description = "The answer", body = $orders_body, content_type = "application/json"), (status = 304, description = "Unchanged since If-None-Match"), super::refusals::Refusals)
        )]
        async fn fetch_trade_status(
            req: actix_web::HttpRequest,
            state: actix_web::web::Data<crate::AppState>,
            session: actix_session::Session,
        ) -> Result<actix_web::HttpResponse, crate::ApiError> {
            let agent = super::trading_account::agent(&session)?;
            super::table_calls::poll_open_sessions(&state, agent, $kind).await;
            $orders_answer(&state, &req, agent)
        }
    };
}
pub(super) use table_calls;

/// Polls now every account with an open row in the agent's sessions of `kind` (the REFRESH button).
pub(super) async fn poll_open_sessions(state: &AppState, agent: AgentId, kind: TradeKind) {
    let (_, sessions) = state.services.supervisor.keeper().book().view(agent, kind);
    let mut involved: Vec<AccountId> = sessions
        .iter()
        .filter(|s| s.has_open_rows())
        .flat_map(|s| s.rows.iter().map(|r| r.account))
        .collect();
    involved.sort();
    involved.dedup();
    let polls = involved
        .into_iter()
        .filter_map(|id| state.services.registry.get(id))
        .map(|handle| async move {
            handle.account.poll_now().await;
        });
    futures::future::join_all(polls).await;
}
