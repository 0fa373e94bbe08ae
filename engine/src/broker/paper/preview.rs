//! The paper market's order preview: the checks a placement makes, answered without placing.
//!
//! A preview refuses exactly what [`PaperState::place`] would reject (a short sale or an uncovered short
//! option in a cash account, closing more than the account holds once its open closing orders are
//! counted, not enough buying power or cash once every open order is counted), with the same texts. It
//! warns of a single-leg LIMIT order that would not trade at once. The paper market charges no
//! commission or fees.

use rust_decimal::Decimal;

use super::funds;
use super::state::PaperState;
use crate::broker::{AccountKind, BrokerError, OrderPreview};
use crate::order::{OrderRequest, OrderType};

/// The warning of a LIMIT order priced away from the market.
pub const RESTING_LIMIT: &str = "Order warning: the limit price is away from the market; the order will rest until the market reaches it";

impl PaperState {
    /// What placing `request` on the account at `index` would meet, without placing it.
    ///
    /// # Errors
    /// `Rejected` for an invalid request or an unknown symbol, as a placement is.
    pub fn preview(
        &self,
        index: usize,
        request: &OrderRequest,
    ) -> Result<OrderPreview, BrokerError> {
        self.check_request(request)?;
        let Some(paper) = self.accounts().get(index) else {
            return Err(BrokerError::rejected("account not found"));
        };
        let ledger = &paper.ledger;
        let mut cash = ledger.cash;
        let mut positions = ledger.net_positions();
        for order in self.open_orders_of(index) {
            self.imagine_fill(&order.request, order.remaining(), &mut cash, &mut positions);
        }
        self.imagine_fill(request, request.total_quantity(), &mut cash, &mut positions);
        let after = funds::assess(paper.kind, cash, &positions, &self.market);
        let projected = match paper.kind {
            AccountKind::Margin => after.available * Decimal::TWO,
            AccountKind::Cash => after.available,
        };
        let mut value = Decimal::ZERO;
        let mut scratch = std::collections::BTreeMap::new();
        self.imagine_fill(request, request.total_quantity(), &mut value, &mut scratch);
        Ok(OrderPreview {
            rejects: self
                .refusal(index, request, None, None)
                .into_iter()
                .collect(),
            warnings: self.resting_limit(request).into_iter().collect(),
            commission: Decimal::ZERO,
            fees: Decimal::ZERO,
            order_value: Some(value.abs().round_dp(2)),
            projected_buying_power: Some(projected.round_dp(2)),
        })
    }

    /// The warning of a single-leg LIMIT order that would not trade at once: a buy below the ask or
    /// a sell above the bid.
    fn resting_limit(&self, request: &OrderRequest) -> Option<String> {
        if request.order_type != OrderType::Limit || request.is_complex() {
            return None;
        }
        let leg = request.legs.first()?;
        let limit = request.price?;
        let prices = self.market.prices(&leg.symbol)?;
        let rests = if leg.instruction.is_buy() {
            limit < prices.ask
        } else {
            limit > prices.bid
        };
        rests.then(|| RESTING_LIMIT.to_owned())
    }
}
