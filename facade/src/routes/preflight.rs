//! `/api/preflight/{COMMON|VERTICAL|STOCK}/{command}`: checks a place, exit or replace on every targeted
//! account without sending it, and the answers pre-flight gives.
//!
//! Each check call takes exactly the body of the command call it is named after
//! (`/api/preflight/COMMON/place_order` checks `/api/copy_trading_account/place_order/COMMON`,
//! `/api/preflight/STOCK/replace_order` checks `/api/stock_copy_trading/replace_order`, ...), parses it
//! with the same rules (400 naming the field), plans it with the same planner (403 for another agent's
//! account, 404 for another agent's session) and asks each targeted account's brokerage for a preview,
//! all at once. Nothing is sent and nothing is stored; each preview takes one write from its account's
//! budget. The answer is one row per targeted account: `accountId`, `accountName`, `result` (PASS,
//! WARNING or REJECT), `messages` (the brokerage's texts: rejects, then warnings), `commission`, `fees`
//! and `projectedBuyingPower` (null when the brokerage does not say), with what the plan does before
//! anything is sent: `sizedQuantity` (what the account's sizing gave), `plannedQuantity` (what it
//! would be sent; 0 when refused), `guard` and `guardReason` (what cut or refused it, and why; null
//! when sent as sized). An account the planner refuses (an exit where it holds nothing, a guard) is a
//! REJECT with the planner's reason.
//!
//! A command sent with `fanOutMode` ALL_OR_NONE that some account would refuse answers 409 with the one
//! error shape plus the rejecting accounts: `{"error", "code": "preview_refused", "rejects":
//! [{"accountId", "accountName", "reason"}]}`; nothing is sent, nothing is stored, no session id is used.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use engine::copy::TradeKind;

use super::check_answers::CheckAnswer;
use super::fan_out::Dispatch;
use super::mounting::mount;
use super::{copy_trading, stock_trading, vertical_trading};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// Declares a check call: its handler parses the command call's body and checks it.
macro_rules! check_call {
    ($name:ident, $path:literal, $op:literal, $body:ty, $handler:path $(, $arg:expr)*) => {
        #[utoipa::path(
            post,
            path = $path,
            tag = "Pre-flight",
            operation_id = $op,
            request_body = $body,
            responses((status = 200, description = "Each targeted account's check; nothing was sent", body = CheckAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
        )]
        pub(super) async fn $name(
            state: web::Data<AppState>,
            session: Session,
            body: JsonBody<$body>,
        ) -> Result<HttpResponse, ApiError> {
            $handler($($arg,)* Dispatch::Check, state, session, body).await
        }
    };
}

check_call!(
    common_place,
    "/api/preflight/COMMON/place_order",
    "post_preflight_COMMON_place_order",
    copy_trading::PlaceBody,
    copy_trading::place_order
);
check_call!(
    common_exit,
    "/api/preflight/COMMON/exit_order",
    "post_preflight_COMMON_exit_order",
    copy_trading::ExitBody,
    copy_trading::exit_order
);
check_call!(
    common_exit_multiple,
    "/api/preflight/COMMON/exit_order_multiple",
    "post_preflight_COMMON_exit_order_multiple",
    copy_trading::ExitMultipleBody,
    copy_trading::exit_order_multiple,
    TradeKind::Common
);
check_call!(
    common_replace,
    "/api/preflight/COMMON/replace_order",
    "post_preflight_COMMON_replace_order",
    copy_trading::ReplaceBody,
    copy_trading::replace_order
);
check_call!(
    common_replace_individual,
    "/api/preflight/COMMON/replace_order_individual",
    "post_preflight_COMMON_replace_order_individual",
    copy_trading::ReplaceIndividualBody,
    copy_trading::replace_order_individual
);
check_call!(
    vertical_place,
    "/api/preflight/VERTICAL/place_order",
    "post_preflight_VERTICAL_place_order",
    vertical_trading::PlaceBody,
    vertical_trading::place_order
);
check_call!(
    vertical_exit,
    "/api/preflight/VERTICAL/exit_order",
    "post_preflight_VERTICAL_exit_order",
    vertical_trading::ExitBody,
    vertical_trading::exit_order
);
check_call!(
    vertical_exit_multiple,
    "/api/preflight/VERTICAL/exit_order_multiple",
    "post_preflight_VERTICAL_exit_order_multiple",
    copy_trading::ExitMultipleBody,
    copy_trading::exit_order_multiple,
    TradeKind::Vertical
);
check_call!(
    vertical_replace_legs,
    "/api/preflight/VERTICAL/replace_individual_legs",
    "post_preflight_VERTICAL_replace_individual_legs",
    vertical_trading::ReplaceLegsBody,
    vertical_trading::replace_individual_legs
);
check_call!(
    stock_place,
    "/api/preflight/STOCK/place_order",
    "post_preflight_STOCK_place_order",
    stock_trading::PlaceBody,
    stock_trading::place_order
);
check_call!(
    stock_exit,
    "/api/preflight/STOCK/exit_order",
    "post_preflight_STOCK_exit_order",
    stock_trading::ExitBody,
    stock_trading::exit_order
);
check_call!(
    stock_exit_multiple,
    "/api/preflight/STOCK/exit_order_multiple",
    "post_preflight_STOCK_exit_order_multiple",
    stock_trading::ExitMultipleBody,
    stock_trading::exit_order_multiple
);
check_call!(
    stock_replace,
    "/api/preflight/STOCK/replace_order",
    "post_preflight_STOCK_replace_order",
    stock_trading::ReplaceBody,
    stock_trading::replace_order
);
check_call!(
    stock_replace_individual,
    "/api/preflight/STOCK/replace_order_individual",
    "post_preflight_STOCK_replace_order_individual",
    stock_trading::ReplaceIndividualBody,
    stock_trading::replace_order_individual
);

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/preflight/COMMON/place_order",
                web::post().to(common_place),
            ),
            ("/preflight/COMMON/exit_order", web::post().to(common_exit)),
            (
                "/preflight/COMMON/exit_order_multiple",
                web::post().to(common_exit_multiple),
            ),
            (
                "/preflight/COMMON/replace_order",
                web::post().to(common_replace),
            ),
            (
                "/preflight/COMMON/replace_order_individual",
                web::post().to(common_replace_individual),
            ),
            (
                "/preflight/VERTICAL/place_order",
                web::post().to(vertical_place),
            ),
            (
                "/preflight/VERTICAL/exit_order",
                web::post().to(vertical_exit),
            ),
            (
                "/preflight/VERTICAL/exit_order_multiple",
                web::post().to(vertical_exit_multiple),
            ),
            (
                "/preflight/VERTICAL/replace_individual_legs",
                web::post().to(vertical_replace_legs),
            ),
            ("/preflight/STOCK/place_order", web::post().to(stock_place)),
            ("/preflight/STOCK/exit_order", web::post().to(stock_exit)),
            (
                "/preflight/STOCK/exit_order_multiple",
                web::post().to(stock_exit_multiple),
            ),
            (
                "/preflight/STOCK/replace_order",
                web::post().to(stock_replace),
            ),
            (
                "/preflight/STOCK/replace_order_individual",
                web::post().to(stock_replace_individual),
            ),
        ],
    );
}
