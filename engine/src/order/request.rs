//! An order as copydesk asks a brokerage to place it, and the checks it must pass first.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::asset_type::AssetType;
use super::complex_strategy::ComplexOrderStrategy;
use super::duration::Duration;
use super::invalid::InvalidOrder;
use super::leg::OrderLeg;
use super::link::{LinkBasis, LinkType};
use super::order_type::OrderType;
use super::osi::OptionSymbol;
use super::session::Session;
use super::spread_shape::{ShapeField, spread_shape};

/// The longest equity ticker accepted (class shares such as `BRK.B` included).
const MAX_EQUITY_SYMBOL_LEN: usize = 10;

/// A complete order to place or to replace an existing one with.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderRequest {
    /// When the order may execute.
    pub session: Session,
    /// How long it stays working.
    pub duration: Duration,
    /// How it is priced.
    pub order_type: OrderType,
    /// NONE for single orders, VERTICAL for two-leg spreads.
    #[serde(default)]
    pub complex_order_strategy_type: ComplexOrderStrategy,
    /// Number of spreads for a VERTICAL; for single orders absent or equal to the leg quantity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quantity: Option<u32>,
    /// Limit price, or the net price of a spread.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub price: Option<Decimal>,
    /// Trigger price of STOP and STOP_LIMIT orders.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price: Option<Decimal>,
    /// The price a trailing stop follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_basis: Option<LinkBasis>,
    /// How a trailing stop's offset is measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_link_type: Option<LinkType>,
    /// The trailing distance, in the unit of `stop_price_link_type`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_price_offset: Option<Decimal>,
    /// The instruments and what to do with each.
    pub legs: Vec<OrderLeg>,
}

impl OrderRequest {
    /// A single-leg order of `order_type` for the regular session, good for the day,
    /// with no prices set.
    #[must_use]
    pub fn single(order_type: OrderType, leg: OrderLeg) -> Self {
        Self {
            session: Session::Normal,
            duration: Duration::Day,
            order_type,
            complex_order_strategy_type: ComplexOrderStrategy::None,
            quantity: None,
            price: None,
            stop_price: None,
            stop_price_link_basis: None,
            stop_price_link_type: None,
            stop_price_offset: None,
            legs: vec![leg],
        }
    }

    /// A MARKET order for one leg.
    #[must_use]
    pub fn market(leg: OrderLeg) -> Self {
        Self::single(OrderType::Market, leg)
    }

    /// A LIMIT order for one leg.
    #[must_use]
    pub fn limit(leg: OrderLeg, price: Decimal) -> Self {
        Self {
            price: Some(price),
            ..Self::single(OrderType::Limit, leg)
        }
    }

    /// A STOP order for one leg.
    #[must_use]
    pub fn stop(leg: OrderLeg, stop_price: Decimal) -> Self {
        Self {
            stop_price: Some(stop_price),
            ..Self::single(OrderType::Stop, leg)
        }
    }

    /// A STOP_LIMIT order for one leg: triggers at `stop_price`, then works at `limit`.
    #[must_use]
    pub fn stop_limit(leg: OrderLeg, stop_price: Decimal, limit: Decimal) -> Self {
        Self {
            stop_price: Some(stop_price),
            price: Some(limit),
            ..Self::single(OrderType::StopLimit, leg)
        }
    }

    /// A TRAILING_STOP order for one leg following the bid (Schwab's documented default basis) by
    /// `offset` (`link_type` units); [`OrderRequest::with_link_basis`] follows another price.
    #[must_use]
    pub fn trailing_stop(leg: OrderLeg, link_type: LinkType, offset: Decimal) -> Self {
        Self {
            stop_price_link_basis: Some(LinkBasis::Bid),
            stop_price_link_type: Some(link_type),
            stop_price_offset: Some(offset),
            ..Self::single(OrderType::TrailingStop, leg)
        }
    }

    /// A VERTICAL spread of `spreads` units at a net `price` (`order_type` NET_DEBIT or
    /// NET_CREDIT); each leg's quantity is set to `spreads`. See [`OrderRequest::spread`] for
    /// NET_ZERO, MARKET and iron condors.
    #[must_use]
    pub fn vertical(
        order_type: OrderType,
        spreads: u32,
        price: Decimal,
        legs: [OrderLeg; 2],
    ) -> Self {
        Self {
            session: Session::Normal,
            duration: Duration::Day,
            order_type,
            complex_order_strategy_type: ComplexOrderStrategy::Vertical,
            quantity: Some(spreads),
            price: Some(price),
            stop_price: None,
            stop_price_link_basis: None,
            stop_price_link_type: None,
            stop_price_offset: None,
            legs: legs
                .into_iter()
                .map(|leg| OrderLeg {
                    quantity: spreads,
                    ..leg
                })
                .collect(),
        }
    }

    /// A multi-leg order (`strategy` VERTICAL or IRON_CONDOR) of `spreads` units, `order_type` NET_DEBIT,
    /// NET_CREDIT or NET_ZERO at the net `price` per spread, or MARKET without one; each leg's quantity is
    /// set to `spreads`.
    #[must_use]
    pub fn spread(
        strategy: ComplexOrderStrategy,
        order_type: OrderType,
        spreads: u32,
        price: Option<Decimal>,
        legs: Vec<OrderLeg>,
    ) -> Self {
        Self {
            session: Session::Normal,
            duration: Duration::Day,
            order_type,
            complex_order_strategy_type: strategy,
            quantity: Some(spreads),
            price,
            stop_price: None,
            stop_price_link_basis: None,
            stop_price_link_type: None,
            stop_price_offset: None,
            legs: legs
                .into_iter()
                .map(|leg| OrderLeg {
                    quantity: spreads,
                    ..leg
                })
                .collect(),
        }
    }

    /// The same order in another session.
    #[must_use]
    pub fn with_session(self, session: Session) -> Self {
        Self { session, ..self }
    }

    /// The same order with another duration.
    #[must_use]
    pub fn with_duration(self, duration: Duration) -> Self {
        Self { duration, ..self }
    }

    /// The same trailing stop following another price (`stopPriceLinkBasis`).
    #[must_use]
    pub fn with_link_basis(self, basis: LinkBasis) -> Self {
        Self {
            stop_price_link_basis: Some(basis),
            ..self
        }
    }

    /// Units the order trades: the spread count of a vertical, else the first leg's quantity.
    #[must_use]
    pub fn total_quantity(&self) -> u32 {
        self.quantity
            .or_else(|| self.legs.first().map(|leg| leg.quantity))
            .unwrap_or(0)
    }

    /// Whether this is a two-leg vertical spread.
    #[must_use]
    pub fn is_vertical(&self) -> bool {
        self.complex_order_strategy_type == ComplexOrderStrategy::Vertical
    }

    /// Whether this is a multi-leg order priced as one (a VERTICAL or an IRON_CONDOR), whose top-level
    /// quantity counts spreads.
    #[must_use]
    pub fn is_complex(&self) -> bool {
        self.complex_order_strategy_type != ComplexOrderStrategy::None
    }

    /// Checks everything a broker would refuse, before anything is sent.
    ///
    /// # Errors
    /// [`InvalidOrder`] naming the first offending field (`orderType`, `price`,
    /// `stopPrice`, `stopPriceOffset`, `quantity`, `session`, `legs`, `legs[i].symbol`, ...).
    pub fn validate(&self) -> Result<(), InvalidOrder> {
        self.validate_words()?;
        self.validate_legs()?;
        self.validate_session()?;
        self.validate_prices()?;
        self.validate_shape()
    }

    /// Schwab takes only LIMIT orders in the extended sessions (AM, PM, SEAMLESS): a MARKET, STOP,
    /// STOP_LIMIT or TRAILING_STOP order there is refused with a 400.
    fn validate_session(&self) -> Result<(), InvalidOrder> {
        if self.session.is_extended() && self.order_type != OrderType::Limit {
            return Err(InvalidOrder::new(
                "session",
                format!(
                    "only LIMIT orders work in the {} session, not a {} order",
                    self.session, self.order_type
                ),
            ));
        }
        Ok(())
    }

    fn validate_words(&self) -> Result<(), InvalidOrder> {
        if !self.order_type.is_known() {
            return Err(InvalidOrder::new(
                "orderType",
                format!("`{}` is not an order type copydesk places", self.order_type),
            ));
        }
        if !self.duration.is_known() {
            return Err(InvalidOrder::new(
                "duration",
                format!("`{}` is not a duration copydesk places", self.duration),
            ));
        }
        if !self.complex_order_strategy_type.is_known() {
            return Err(InvalidOrder::new(
                "complexOrderStrategyType",
                format!(
                    "`{}` is not a strategy copydesk places",
                    self.complex_order_strategy_type
                ),
            ));
        }
        Ok(())
    }

    fn validate_legs(&self) -> Result<(), InvalidOrder> {
        if self.legs.is_empty() {
            return Err(InvalidOrder::new("legs", "at least one leg is required"));
        }
        for (index, leg) in self.legs.iter().enumerate() {
            validate_leg(index, leg)?;
        }
        let has_option = self.legs.iter().any(|l| l.asset_type == AssetType::Option);
        if has_option && self.session != Session::Normal {
            return Err(InvalidOrder::new(
                "session",
                "options trade only in the NORMAL session",
            ));
        }
        Ok(())
    }

    fn validate_prices(&self) -> Result<(), InvalidOrder> {
        for (field, value) in [("price", self.price), ("stopPrice", self.stop_price)] {
            if value.is_some_and(|v| v.is_sign_negative() && !v.is_zero()) {
                return Err(InvalidOrder::new(field, "must not be negative"));
            }
        }
        if self.stop_price_offset.is_some_and(|v| v <= Decimal::ZERO) {
            return Err(InvalidOrder::new(
                "stopPriceOffset",
                "must be greater than zero",
            ));
        }
        let kind = &self.order_type;
        let trailing = *kind == OrderType::TrailingStop;
        if kind.needs_price() && self.price.is_none() {
            return Err(InvalidOrder::new(
                "price",
                format!("a {kind} order needs a price"),
            ));
        }
        // A NET_ZERO spread may state its zero price.
        let stated_zero = *kind == OrderType::NetZero && self.price.is_some_and(|p| p.is_zero());
        if !kind.needs_price() && self.price.is_some() && !stated_zero {
            return Err(InvalidOrder::new(
                "price",
                format!("a {kind} order takes no price"),
            ));
        }
        if kind.needs_stop_price() && self.stop_price.is_none() {
            return Err(InvalidOrder::new(
                "stopPrice",
                format!("a {kind} order needs a stop price"),
            ));
        }
        if !kind.needs_stop_price() && self.stop_price.is_some() {
            return Err(InvalidOrder::new(
                "stopPrice",
                format!("a {kind} order takes no stop price"),
            ));
        }
        if trailing && self.stop_price_offset.is_none() {
            return Err(InvalidOrder::new(
                "stopPriceOffset",
                "a TRAILING_STOP order needs an offset",
            ));
        }
        if trailing && self.stop_price_link_type.is_none() {
            return Err(InvalidOrder::new(
                "stopPriceLinkType",
                "a TRAILING_STOP order needs a link type (VALUE, PERCENT or TICK)",
            ));
        }
        let trailing_fields = [
            ("stopPriceOffset", self.stop_price_offset.is_some()),
            ("stopPriceLinkType", self.stop_price_link_type.is_some()),
            ("stopPriceLinkBasis", self.stop_price_link_basis.is_some()),
        ];
        if !trailing {
            if let Some((field, _)) = trailing_fields.iter().find(|(_, set)| *set) {
                return Err(InvalidOrder::new(
                    *field,
                    format!("only a TRAILING_STOP order takes it, not a {kind} order"),
                ));
            }
        }
        Ok(())
    }

    fn validate_shape(&self) -> Result<(), InvalidOrder> {
        let kind = &self.order_type;
        let strategy = &self.complex_order_strategy_type;
        if kind.is_net() && !self.is_complex() {
            return Err(InvalidOrder::new(
                "complexOrderStrategyType",
                format!("a {kind} order must be a VERTICAL or an IRON_CONDOR"),
            ));
        }
        if self.is_complex() {
            if !kind.is_net() && *kind != OrderType::Market {
                return Err(InvalidOrder::new(
                    "complexOrderStrategyType",
                    format!(
                        "a {strategy} must be NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET, not {kind}"
                    ),
                ));
            }
            return self.validate_spread();
        }
        if self.legs.len() != 1 {
            return Err(InvalidOrder::new(
                "legs",
                format!("a {kind} order has exactly one leg"),
            ));
        }
        let leg_quantity = self.legs.first().map(|l| l.quantity);
        if self.quantity.is_some() && self.quantity != leg_quantity {
            return Err(InvalidOrder::new(
                "quantity",
                "must equal the leg quantity for a single-leg order",
            ));
        }
        Ok(())
    }

    fn validate_spread(&self) -> Result<(), InvalidOrder> {
        let strategy = &self.complex_order_strategy_type;
        let spreads = match self.quantity {
            Some(n) if n >= 1 => n,
            _ => {
                return Err(InvalidOrder::new(
                    "quantity",
                    format!("a {strategy} needs the number of spreads, at least 1"),
                ));
            }
        };
        let mut options = Vec::with_capacity(self.legs.len());
        for (index, leg) in self.legs.iter().enumerate() {
            if leg.asset_type != AssetType::Option {
                return Err(InvalidOrder::new(
                    format!("legs[{index}].assetType"),
                    format!("every leg of a {strategy} must be an OPTION"),
                ));
            }
            if leg.quantity != spreads {
                return Err(InvalidOrder::new(
                    format!("legs[{index}].quantity"),
                    "must equal the number of spreads",
                ));
            }
            // `validate_legs` parsed every option symbol already; a failure here repeats that error.
            let option = OptionSymbol::parse(&leg.symbol)
                .map_err(|e| InvalidOrder::new(format!("legs[{index}].symbol"), e.to_string()))?;
            options.push((option, leg.instruction));
        }
        let refs: Vec<_> = options.iter().map(|(o, i)| (o, *i)).collect();
        let shape = spread_shape(&refs).map_err(|e| {
            let field = match e.field {
                ShapeField::Legs => "legs".to_owned(),
                ShapeField::Symbol => format!("legs[{}].symbol", e.leg),
                ShapeField::Instruction => format!("legs[{}].instruction", e.leg),
            };
            InvalidOrder::new(field, e.message)
        })?;
        if shape != *strategy {
            return Err(InvalidOrder::new(
                "complexOrderStrategyType",
                format!("the legs form a {shape} but the order is marked {strategy}"),
            ));
        }
        Ok(())
    }
}

fn validate_leg(index: usize, leg: &OrderLeg) -> Result<(), InvalidOrder> {
    let field = |name: &str| format!("legs[{index}].{name}");
    if leg.quantity == 0 {
        return Err(InvalidOrder::new(
            field("quantity"),
            "must be a whole number of at least 1",
        ));
    }
    match &leg.asset_type {
        stock if stock.is_stock() => {
            let symbol = leg.symbol.as_str();
            let well_formed = !symbol.is_empty()
                && symbol.len() <= MAX_EQUITY_SYMBOL_LEN
                && symbol
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '.' || c == '/')
                && symbol.starts_with(|c: char| c.is_ascii_uppercase());
            if !well_formed {
                return Err(InvalidOrder::new(
                    field("symbol"),
                    format!("`{symbol}` is not a stock symbol"),
                ));
            }
            if leg.instruction.is_option() {
                return Err(InvalidOrder::new(
                    field("instruction"),
                    format!("{} is for options, not {stock} legs", leg.instruction),
                ));
            }
        }
        AssetType::Option => {
            if let Err(err) = OptionSymbol::parse(&leg.symbol) {
                return Err(InvalidOrder::new(
                    field("symbol"),
                    format!("`{}` is not an option symbol: {err}", leg.symbol),
                ));
            }
            if !leg.instruction.is_option() {
                return Err(InvalidOrder::new(
                    field("instruction"),
                    format!("{} is for stocks, not OPTION legs", leg.instruction),
                ));
            }
        }
        other => {
            return Err(InvalidOrder::new(
                field("assetType"),
                format!(
                    "`{other}` cannot be traded; use a stock (EQUITY or COLLECTIVE_INVESTMENT) or an OPTION"
                ),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::Instruction;
    use rust_decimal_macros::dec;

    const CALL_200: &str = "AAPL  241018C00200000";
    const CALL_210: &str = "AAPL  241018C00210000";

    fn stock_buy() -> OrderLeg {
        OrderLeg::equity(Instruction::Buy, 100, "AAPL")
    }

    fn bull_call() -> OrderRequest {
        OrderRequest::vertical(
            OrderType::NetDebit,
            3,
            dec!(1.10),
            [
                OrderLeg::option(Instruction::BuyToOpen, 1, CALL_200),
                OrderLeg::option(Instruction::SellToOpen, 1, CALL_210),
            ],
        )
    }

    fn field_of(request: &OrderRequest) -> Option<String> {
        request.validate().err().map(|e| e.field)
    }

    #[test]
    fn well_formed_orders_pass() -> anyhow::Result<()> {
        OrderRequest::market(stock_buy()).validate()?;
        OrderRequest::limit(stock_buy(), dec!(182.50)).validate()?;
        OrderRequest::stop(stock_buy(), dec!(190)).validate()?;
        OrderRequest::stop_limit(stock_buy(), dec!(190), dec!(191)).validate()?;
        OrderRequest::trailing_stop(
            OrderLeg::equity(Instruction::Sell, 100, "AAPL"),
            LinkType::Percent,
            dec!(5),
        )
        .validate()?;
        OrderRequest::limit(
            OrderLeg::option(Instruction::BuyToOpen, 2, CALL_200),
            dec!(3.45),
        )
        .validate()?;
        bull_call().validate()?;
        OrderRequest::limit(stock_buy(), dec!(1))
            .with_session(Session::Seamless)
            .with_duration(Duration::GoodTillCancel)
            .validate()?;
        Ok(())
    }

    #[test]
    fn vertical_constructor_sets_spreads_on_every_leg() {
        let order = bull_call();
        assert_eq!(order.total_quantity(), 3);
        assert!(order.legs.iter().all(|leg| leg.quantity == 3));
        assert!(order.is_vertical());
    }

    #[test]
    fn price_rules_name_their_field() {
        let mut limit = OrderRequest::single(OrderType::Limit, stock_buy());
        assert_eq!(
            limit.validate().err().map(|e| e.to_string()),
            Some("price: a LIMIT order needs a price".to_owned())
        );
        limit.price = Some(dec!(-0.01));
        assert_eq!(
            limit.validate().err().map(|e| e.to_string()),
            Some("price: must not be negative".to_owned())
        );
        limit.price = Some(dec!(0));
        assert_eq!(limit.validate(), Ok(()));

        let stop = OrderRequest::single(OrderType::Stop, stock_buy());
        assert_eq!(field_of(&stop), Some("stopPrice".to_owned()));
        let stop_limit = OrderRequest {
            stop_price: Some(dec!(10)),
            ..OrderRequest::single(OrderType::StopLimit, stock_buy())
        };
        assert_eq!(field_of(&stop_limit), Some("price".to_owned()));
        let stop_limit = OrderRequest {
            price: Some(dec!(10)),
            ..OrderRequest::single(OrderType::StopLimit, stock_buy())
        };
        assert_eq!(field_of(&stop_limit), Some("stopPrice".to_owned()));

        let market_with_price = OrderRequest {
            price: Some(dec!(1)),
            ..OrderRequest::market(stock_buy())
        };
        assert_eq!(
            market_with_price.validate().err().map(|e| e.to_string()),
            Some("price: a MARKET order takes no price".to_owned())
        );
    }

    #[test]
    fn trailing_stop_rules() {
        let bare = OrderRequest::single(OrderType::TrailingStop, stock_buy());
        assert_eq!(field_of(&bare), Some("stopPriceOffset".to_owned()));
        let no_type = OrderRequest {
            stop_price_offset: Some(dec!(1)),
            ..bare.clone()
        };
        assert_eq!(field_of(&no_type), Some("stopPriceLinkType".to_owned()));
        let zero = OrderRequest::trailing_stop(stock_buy(), LinkType::Value, dec!(0));
        assert_eq!(
            zero.validate().err().map(|e| e.to_string()),
            Some("stopPriceOffset: must be greater than zero".to_owned())
        );
        let offset_on_limit = OrderRequest {
            stop_price_offset: Some(dec!(1)),
            ..OrderRequest::limit(stock_buy(), dec!(1))
        };
        assert_eq!(
            field_of(&offset_on_limit),
            Some("stopPriceOffset".to_owned())
        );
    }

    #[test]
    fn leg_rules_name_the_leg() {
        let zero = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 0, "AAPL"));
        assert_eq!(
            zero.validate().err().map(|e| e.to_string()),
            Some("legs[0].quantity: must be a whole number of at least 1".to_owned())
        );
        for bad in ["", "aapl", "AA PL", "TOOLONGSYMBOL", "1ABC"] {
            let order = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, bad));
            assert_eq!(
                field_of(&order),
                Some("legs[0].symbol".to_owned()),
                "{bad:?}"
            );
        }
        let bad_option = OrderRequest::market(OrderLeg::option(Instruction::BuyToOpen, 1, "AAPL"));
        assert_eq!(field_of(&bad_option), Some("legs[0].symbol".to_owned()));
        let mixed = OrderRequest::market(OrderLeg::equity(Instruction::BuyToOpen, 1, "AAPL"));
        assert_eq!(field_of(&mixed), Some("legs[0].instruction".to_owned()));
        let mixed = OrderRequest::market(OrderLeg::option(Instruction::Buy, 1, CALL_200));
        assert_eq!(field_of(&mixed), Some("legs[0].instruction".to_owned()));
        let fund = OrderRequest::market(OrderLeg {
            asset_type: AssetType::Other("MUTUAL_FUND".into()),
            ..stock_buy()
        });
        assert_eq!(field_of(&fund), Some("legs[0].assetType".to_owned()));
        let none = OrderRequest {
            legs: vec![],
            ..OrderRequest::market(stock_buy())
        };
        assert_eq!(field_of(&none), Some("legs".to_owned()));
        let two = OrderRequest {
            legs: vec![stock_buy(), stock_buy()],
            ..OrderRequest::market(stock_buy())
        };
        assert_eq!(field_of(&two), Some("legs".to_owned()));
        let mismatch = OrderRequest {
            quantity: Some(5),
            ..OrderRequest::market(stock_buy())
        };
        assert_eq!(field_of(&mismatch), Some("quantity".to_owned()));
    }

    #[test]
    fn options_only_in_the_normal_session() {
        let order = OrderRequest::market(OrderLeg::option(Instruction::BuyToOpen, 1, CALL_200))
            .with_session(Session::Am);
        assert_eq!(field_of(&order), Some("session".to_owned()));
    }

    #[test]
    fn extended_sessions_take_only_limit_orders() -> anyhow::Result<()> {
        let sell = || OrderLeg::equity(Instruction::Sell, 100, "AAPL");
        for session in [Session::Am, Session::Pm, Session::Seamless] {
            OrderRequest::limit(stock_buy(), dec!(182.5))
                .with_session(session)
                .validate()?;
            for order in [
                OrderRequest::market(stock_buy()),
                OrderRequest::stop(sell(), dec!(180)),
                OrderRequest::stop_limit(sell(), dec!(180), dec!(179.5)),
                OrderRequest::trailing_stop(sell(), LinkType::Value, dec!(1)),
            ] {
                let kind = order.order_type.clone();
                assert_eq!(
                    order.with_session(session).validate(),
                    Err(InvalidOrder::new(
                        "session",
                        format!(
                            "only LIMIT orders work in the {session} session, not a {kind} order"
                        )
                    ))
                );
            }
        }
        Ok(())
    }

    #[test]
    fn fund_shares_trade_as_stocks() -> anyhow::Result<()> {
        let etf = OrderLeg {
            asset_type: AssetType::CollectiveInvestment,
            ..OrderLeg::equity(Instruction::Sell, 40, "SPY")
        };
        OrderRequest::limit(etf.clone(), dec!(575.10)).validate()?;
        OrderRequest::market(etf.clone()).validate()?;
        let option_word = OrderRequest::market(OrderLeg {
            instruction: Instruction::SellToClose,
            ..etf
        });
        assert_eq!(
            option_word.validate().err().map(|e| e.to_string()),
            Some(
                "legs[0].instruction: SELL_TO_CLOSE is for options, not COLLECTIVE_INVESTMENT legs"
                    .to_owned()
            )
        );
        Ok(())
    }

    #[test]
    fn unknown_words_are_refused() {
        let other = OrderRequest::single(OrderType::Other("EXERCISE".into()), stock_buy());
        assert_eq!(field_of(&other), Some("orderType".to_owned()));
        let other =
            OrderRequest::market(stock_buy()).with_duration(Duration::Other("FILL_OR_KILL".into()));
        assert_eq!(field_of(&other), Some("duration".to_owned()));
    }

    #[test]
    fn vertical_rules() {
        let mut one_leg = bull_call();
        one_leg.legs.truncate(1);
        assert_eq!(field_of(&one_leg), Some("legs".to_owned()));

        let no_spreads = OrderRequest {
            quantity: None,
            ..bull_call()
        };
        assert_eq!(field_of(&no_spreads), Some("quantity".to_owned()));

        let mut uneven = bull_call();
        if let Some(leg) = uneven.legs.get_mut(1) {
            leg.quantity = 2;
        }
        assert_eq!(field_of(&uneven), Some("legs[1].quantity".to_owned()));

        let mut same_strike = bull_call();
        if let Some(leg) = same_strike.legs.get_mut(1) {
            leg.symbol = CALL_200.to_owned();
        }
        assert_eq!(field_of(&same_strike), Some("legs[1].symbol".to_owned()));

        let mut mixed_side = bull_call();
        if let Some(leg) = mixed_side.legs.get_mut(1) {
            leg.symbol = "AAPL  241018P00210000".to_owned();
        }
        assert_eq!(field_of(&mixed_side), Some("legs[1].symbol".to_owned()));

        let mut both_bought = bull_call();
        if let Some(leg) = both_bought.legs.get_mut(1) {
            leg.instruction = Instruction::BuyToOpen;
        }
        assert_eq!(
            field_of(&both_bought),
            Some("legs[1].instruction".to_owned())
        );

        let net_single = OrderRequest {
            price: Some(dec!(1)),
            ..OrderRequest::single(
                OrderType::NetCredit,
                OrderLeg::option(Instruction::SellToOpen, 1, CALL_200),
            )
        };
        assert_eq!(
            net_single.validate().err().map(|e| e.to_string()),
            Some(
                "complexOrderStrategyType: a NET_CREDIT order must be a VERTICAL or an IRON_CONDOR"
                    .to_owned()
            )
        );
        let limit_vertical = OrderRequest {
            order_type: OrderType::Limit,
            ..bull_call()
        };
        assert_eq!(
            field_of(&limit_vertical),
            Some("complexOrderStrategyType".to_owned())
        );
    }

    #[test]
    fn spreads_may_be_net_zero_or_market_and_iron_condors_take_four_legs() -> anyhow::Result<()> {
        let legs = || {
            vec![
                OrderLeg::option(Instruction::BuyToOpen, 1, CALL_200),
                OrderLeg::option(Instruction::SellToOpen, 1, CALL_210),
            ]
        };
        let zero = OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::NetZero,
            2,
            None,
            legs(),
        );
        zero.validate()?;
        assert!(zero.legs.iter().all(|l| l.quantity == 2));
        OrderRequest {
            price: Some(dec!(0)),
            ..zero.clone()
        }
        .validate()?;
        let priced_zero = OrderRequest {
            price: Some(dec!(0.05)),
            ..zero
        };
        assert_eq!(field_of(&priced_zero), Some("price".to_owned()));
        OrderRequest::spread(
            ComplexOrderStrategy::Vertical,
            OrderType::Market,
            1,
            None,
            legs(),
        )
        .validate()?;

        let condor = OrderRequest::spread(
            ComplexOrderStrategy::IronCondor,
            OrderType::NetCredit,
            3,
            Some(dec!(1.20)),
            vec![
                OrderLeg::option(Instruction::BuyToOpen, 1, "AAPL  241018P00180000"),
                OrderLeg::option(Instruction::SellToOpen, 1, "AAPL  241018P00190000"),
                OrderLeg::option(Instruction::SellToOpen, 1, CALL_200),
                OrderLeg::option(Instruction::BuyToOpen, 1, CALL_210),
            ],
        );
        condor.validate()?;
        assert!(condor.is_complex() && !condor.is_vertical());
        assert_eq!(condor.total_quantity(), 3);
        let mislabelled = OrderRequest {
            complex_order_strategy_type: ComplexOrderStrategy::IronCondor,
            ..bull_call()
        };
        assert_eq!(
            mislabelled.validate().err().map(|e| e.to_string()),
            Some(
                "complexOrderStrategyType: the legs form a VERTICAL but the order is marked IRON_CONDOR"
                    .to_owned()
            )
        );
        let stop_spread = OrderRequest {
            order_type: OrderType::Stop,
            price: None,
            stop_price: Some(dec!(1)),
            ..bull_call()
        };
        assert_eq!(
            field_of(&stop_spread),
            Some("complexOrderStrategyType".to_owned())
        );
        Ok(())
    }

    #[test]
    fn serde_shape_uses_schwab_field_names() -> anyhow::Result<()> {
        let order = OrderRequest::stop_limit(
            OrderLeg::equity(Instruction::Sell, 100, "AAPL"),
            dec!(178.00),
            dec!(177.50),
        );
        let json = serde_json::to_value(&order)?;
        assert_eq!(
            json,
            serde_json::json!({
                "session": "NORMAL",
                "duration": "DAY",
                "orderType": "STOP_LIMIT",
                "complexOrderStrategyType": "NONE",
                "price": "177.50",
                "stopPrice": "178.00",
                "legs": [{"instruction": "SELL", "quantity": 100, "symbol": "AAPL", "assetType": "EQUITY"}]
            })
        );
        let back: OrderRequest = serde_json::from_value(json)?;
        assert_eq!(back, order);
        Ok(())
    }
}
