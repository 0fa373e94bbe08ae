//! Picks the option contract a benchmark orders: near the money, at least a week out, priced to rest.

use engine::broker::OptionChain;
use engine::order::{Instruction, OrderLeg, OrderRequest};
use rust_decimal::Decimal;

/// The fewest days to expiration of the contract picked (so no order meets an expiry mid-run).
pub const MIN_DAYS_TO_EXPIRATION: u32 = 7;

/// A buy-to-open LIMIT order of `quantity` contracts of the call nearest the money in `chain` at least
/// [`MIN_DAYS_TO_EXPIRATION`] days out, priced at half its bid so that it rests (WORKING) instead of
/// filling: every run places the same order without moving positions or buying power much.
#[must_use]
pub fn resting_limit_buy(chain: &OptionChain, quantity: u32) -> Option<OrderRequest> {
    let (_, strikes) = chain
        .expirations
        .iter()
        .find(|(expiry, _)| expiry.days_to_expiration >= MIN_DAYS_TO_EXPIRATION)?;
    let contract = strikes
        .values()
        .flatten()
        .filter(|c| c.bid > Decimal::ZERO)
        .min_by_key(|c| (c.strike - chain.underlying_price).abs())?;
    let price = (contract.bid / Decimal::TWO)
        .round_dp(2)
        .max(Decimal::new(1, 2));
    let leg = OrderLeg::option(Instruction::BuyToOpen, quantity, contract.symbol.clone());
    Some(OrderRequest::limit(leg, price))
}
