//! Sizing profiles and guards on every account, for timing the planner as an agent who set them all
//! would have it plan: the four sizing methods in turn, and every guard set loosely enough that the
//! rig's order passes them all (so every check runs and every account is still sent its order).

use engine::copy::{
    AccountLimits, Guards, Holdings, OpenClose, SizingMethod, SizingProfile, list_symbol,
};
use engine::ids::AccountId;
use engine::order::OrderRequest;
use rust_decimal::Decimal;

/// The net liquidation value every account is sized by (the facade reads it from the account's last
/// balances).
pub const NET_LIQUIDATION: Decimal = Decimal::from_parts(100_000, 0, 0, false, 0);

/// TIER, FIXED 2, RATIO 1.5 and NET_LIQUIDATION at $50,000 a unit, each with every guard set: at most
/// 50 per order, 100 per symbol, $100,000 per order and 1,000 orders a day, an allow list holding the
/// order's underlying, a deny list and open-only.
#[must_use]
pub fn every_limit(request: &OrderRequest) -> Vec<AccountLimits> {
    let underlying = request
        .legs
        .first()
        .map_or_else(String::new, |leg| list_symbol(leg).to_owned());
    let guards = Guards {
        max_quantity_per_order: Some(50),
        max_position_per_symbol: Some(100),
        max_notional_per_order: Some(Decimal::from(100_000)),
        allow_symbols: vec!["MSFT".to_owned(), "SPY".to_owned(), underlying],
        deny_symbols: vec!["TSLA".to_owned(), "GME".to_owned()],
        open_close: OpenClose::OpenOnly,
        max_orders_per_day: Some(1_000),
    };
    [
        (SizingMethod::Tier, Decimal::ZERO),
        (SizingMethod::Fixed, Decimal::from(2)),
        (SizingMethod::Ratio, Decimal::new(15, 1)),
        (SizingMethod::NetLiquidation, Decimal::from(50_000)),
    ]
    .into_iter()
    .map(|(method, value)| AccountLimits {
        sizing: SizingProfile {
            method,
            value,
            ..SizingProfile::default()
        },
        guards: guards.clone(),
    })
    .collect()
}

/// The rig's accounts hold nothing: the position guard counts their open orders alone.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoPositions;

impl Holdings for NoPositions {
    fn net(&self, _account: AccountId, _symbol: &str) -> i64 {
        0
    }
}
