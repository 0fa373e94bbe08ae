//! `/api/plan_preview/{KIND}/{command}`: what each account would be sent by a place or a replace, from
//! the sizing profiles and guards alone: no brokerage is asked, nothing is sent or stored.
//!
//! Each call takes exactly the body of the command call it is named after
//! (`/api/plan_preview/COMMON/place_order` previews `/api/copy_trading_account/place_order/COMMON`,
//! `splitTotal` included), parses and plans it with the same code, and answers one row per targeted
//! account: `accountId`, `accountName`, `sizing` (the method that sized it, or EQUAL_SPLIT),
//! `sizedQuantity` (what sizing gave), `plannedQuantity` (what would be sent; 0 when refused),
//! `outcome` (SEND, CUT or REFUSE), `guard` (what cut or refused it, null otherwise), `reason` (why,
//! null when sent as sized) and `balances` (the net liquidation value NET_LIQUIDATION sizes by, and
//! its age).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use super::fan_out::Dispatch;
use super::mounting::mount;
use super::plan_answers::PlanAnswer;
use super::{copy_trading, stock_trading, vertical_trading};
use crate::json_body::JsonBody;
use crate::{ApiError, AppState};

/// Declares a plan preview call: its handler parses the command call's body and plans it.
macro_rules! plan_call {
    ($name:ident, $path:literal, $op:literal, $body:ty, $handler:path) => {
        #[utoipa::path(
            post,
            path = $path,
            tag = "Pre-flight",
            operation_id = $op,
            request_body = $body,
            responses((status = 200, description = "Each targeted account's planned quantity and what cut or refused it; no brokerage was asked and nothing was sent", body = PlanAnswer, content_type = "application/json"), crate::routes::refusals::Refusals)
        )]
        pub(super) async fn $name(
            state: web::Data<AppState>,
            session: Session,
            body: JsonBody<$body>,
        ) -> Result<HttpResponse, ApiError> {
            $handler(Dispatch::Plan, state, session, body).await
        }
    };
}

plan_call!(
    common_place,
    "/api/plan_preview/COMMON/place_order",
    "post_plan_preview_COMMON_place_order",
    copy_trading::PlaceBody,
    copy_trading::place_order
);
plan_call!(
    common_replace,
    "/api/plan_preview/COMMON/replace_order",
    "post_plan_preview_COMMON_replace_order",
    copy_trading::ReplaceBody,
    copy_trading::replace_order
);
plan_call!(
    vertical_place,
    "/api/plan_preview/VERTICAL/place_order",
    "post_plan_preview_VERTICAL_place_order",
    vertical_trading::PlaceBody,
    vertical_trading::place_order
);
plan_call!(
    stock_place,
    "/api/plan_preview/STOCK/place_order",
    "post_plan_preview_STOCK_place_order",
    stock_trading::PlaceBody,
    stock_trading::place_order
);
plan_call!(
    stock_replace,
    "/api/plan_preview/STOCK/replace_order",
    "post_plan_preview_STOCK_replace_order",
    stock_trading::ReplaceBody,
    stock_trading::replace_order
);

pub(super) fn configure(cfg: &mut web::ServiceConfig) {
    mount(
        cfg,
        [
            (
                "/plan_preview/COMMON/place_order",
                web::post().to(common_place),
            ),
            (
                "/plan_preview/COMMON/replace_order",
                web::post().to(common_replace),
            ),
            (
                "/plan_preview/VERTICAL/place_order",
                web::post().to(vertical_place),
            ),
            (
                "/plan_preview/STOCK/place_order",
                web::post().to(stock_place),
            ),
            (
                "/plan_preview/STOCK/replace_order",
                web::post().to(stock_replace),
            ),
        ],
    );
}
