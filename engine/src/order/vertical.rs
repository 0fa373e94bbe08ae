//! A vertical (or iron condor) built from staged legs: validated, priced as one net order, scaled to a
//! number of spreads, and reversed to close.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::complex_strategy::ComplexOrderStrategy;
use super::exit::ExitRefusal;
use super::form_value::{self, Ticks, either};
use super::instruction::Instruction;
use super::invalid_field::InvalidField;
use super::leg::OrderLeg;
use super::order::BrokerOrder;
use super::order_type::OrderType;
use super::osi::OptionSymbol;
use super::request::OrderRequest;
use super::spread_shape::{ShapeField, spread_shape};

/// Label of the set of legs as a whole.
pub const LEGS_LABEL: &str = "Legs";
/// Label of the net order type when it is chosen on its own (an exit).
pub const NET_ORDER_TYPE_LABEL: &str = "Order Type";
/// Label of the net price when it is chosen on its own (an exit).
pub const NET_PRICE_LABEL: &str = "Price";

/// Which instructions the legs may carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegRule {
    /// BUY_TO_OPEN and SELL_TO_OPEN only (placing a new vertical).
    Opening,
    /// BUY_TO_CLOSE and SELL_TO_CLOSE only (closing one).
    Closing,
    /// Any option instruction (replacing legs).
    Any,
}

impl LegRule {
    /// The instructions this rule allows.
    #[must_use]
    pub fn allowed(self) -> &'static [Instruction] {
        match self {
            Self::Opening => &[Instruction::BuyToOpen, Instruction::SellToOpen],
            Self::Closing => &[Instruction::BuyToClose, Instruction::SellToClose],
            Self::Any => &[
                Instruction::BuyToOpen,
                Instruction::SellToOpen,
                Instruction::BuyToClose,
                Instruction::SellToClose,
            ],
        }
    }
}

/// One staged leg as the form holds it: every field as text (numbers written as their decimal text).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LegForm {
    /// Padded OSI option symbol, e.g. `AAPL  241018C00230000`.
    pub symbol: String,
    /// BUY_TO_OPEN, SELL_TO_OPEN, BUY_TO_CLOSE or SELL_TO_CLOSE.
    pub instruction: String,
    /// LIMIT or MARKET.
    pub order_type: String,
    /// Contracts (equal on every leg: the number of spreads).
    pub quantity: String,
    /// Price per share of the contract for a LIMIT leg; ignored for a MARKET leg.
    pub price: String,
}

/// One validated leg.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerticalLeg {
    /// The contract.
    pub symbol: OptionSymbol,
    /// What to do with it.
    pub instruction: Instruction,
    /// LIMIT or MARKET as staged (LIMIT for legs read back from an order that was not MARKET).
    pub order_type: OrderType,
    /// The staged price of a LIMIT leg; `None` for a MARKET leg or a leg read back from an order.
    pub price: Option<Decimal>,
}

impl VerticalLeg {
    /// The padded OSI symbol, as brokers key positions and legs.
    #[must_use]
    pub fn symbol_text(&self) -> String {
        self.symbol.to_string()
    }

    /// A short description, e.g. `AAPL 10/18/2024 230.00 C`.
    #[must_use]
    pub fn description(&self) -> String {
        describe(&self.symbol)
    }

    fn reversed(&self) -> Self {
        Self {
            instruction: self.instruction.reverse(),
            ..self.clone()
        }
    }
}

/// How a spread is priced: the net per spread and its side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Net {
    /// Paid: NET_DEBIT at this price (more than 0).
    Debit(Decimal),
    /// Received: NET_CREDIT at this price (more than 0).
    Credit(Decimal),
    /// Even: NET_ZERO.
    Zero,
    /// At the market: MARKET, no price.
    Market,
}

impl Net {
    /// The net of a signed amount paid per spread: positive is a debit, negative a credit.
    #[must_use]
    pub fn from_signed(paid: Decimal) -> Self {
        if paid > Decimal::ZERO {
            Self::Debit(paid.normalize())
        } else if paid < Decimal::ZERO {
            Self::Credit((-paid).normalize())
        } else {
            Self::Zero
        }
    }

    /// The net of an order's type and price; `None` when the type is not a spread's (or a debit or
    /// credit has no price).
    #[must_use]
    pub fn from_order(order_type: &OrderType, price: Option<Decimal>) -> Option<Self> {
        match (order_type, price) {
            (OrderType::Market, _) => Some(Self::Market),
            (OrderType::NetZero, _) => Some(Self::Zero),
            (OrderType::NetDebit, Some(p)) => Some(Self::Debit(p)),
            (OrderType::NetCredit, Some(p)) => Some(Self::Credit(p)),
            _ => None,
        }
    }

    /// The net chosen on a form: `order_type` NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET, and for a debit
    /// or credit a `price` greater than 0 with at most 2 decimals (labels `Order Type` and `Price`).
    ///
    /// # Errors
    /// [`InvalidField`] naming the label at fault.
    pub fn from_form(order_type: &str, price: &str) -> Result<Self, InvalidField> {
        let priced = |make: fn(Decimal) -> Self| {
            form_value::price(price, NET_PRICE_LABEL, true, Ticks::Cents).map(make)
        };
        match form_value::word(order_type).as_str() {
            "MARKET" => Ok(Self::Market),
            "NET_ZERO" => Ok(Self::Zero),
            "NET_DEBIT" => priced(Self::Debit),
            "NET_CREDIT" => priced(Self::Credit),
            _ => Err(InvalidField::new(
                NET_ORDER_TYPE_LABEL,
                "must be NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET",
            )),
        }
    }

    /// NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET.
    #[must_use]
    pub fn order_type(&self) -> OrderType {
        match self {
            Self::Debit(_) => OrderType::NetDebit,
            Self::Credit(_) => OrderType::NetCredit,
            Self::Zero => OrderType::NetZero,
            Self::Market => OrderType::Market,
        }
    }

    /// The net price per spread of a debit or credit (always positive); `None` for NET_ZERO and MARKET.
    #[must_use]
    pub fn price(&self) -> Option<Decimal> {
        match self {
            Self::Debit(p) | Self::Credit(p) => Some(*p),
            Self::Zero | Self::Market => None,
        }
    }

    /// The other side: a debit becomes a credit of the same price and back; zero and market stay.
    #[must_use]
    pub fn reversed(self) -> Self {
        match self {
            Self::Debit(p) => Self::Credit(p),
            Self::Credit(p) => Self::Debit(p),
            other => other,
        }
    }
}

/// A validated multi-leg option order: a VERTICAL (two legs) or an IRON_CONDOR (four), sent as one
/// order priced at its net.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vertical {
    strategy: ComplexOrderStrategy,
    /// Two or four legs (checked by every constructor).
    legs: Vec<VerticalLeg>,
    spreads: u32,
    net: Net,
}

impl Vertical {
    /// Builds a vertical (or iron condor) from staged legs.
    ///
    /// Rules, in order: two legs, or four forming an iron condor; for each leg a 21-character option
    /// symbol, an instruction `rule` allows, LIMIT or MARKET, a whole quantity of at least 1 and, for
    /// LIMIT, a price of at least 0 with at most 2 decimals; then one underlying and expiry, one side
    /// (CALL or PUT) for a vertical, different strikes, one leg bought and one sold; and equal quantities
    /// (the number of spreads). The net is Σ bought prices − Σ sold prices: positive is NET_DEBIT,
    /// negative NET_CREDIT at its absolute value, zero NET_ZERO; any MARKET leg makes it MARKET.
    ///
    /// # Errors
    /// [`InvalidField`] labelled `Leg {n} {Symbol|Instruction|Order Type|Quantity|Price}` (legs counted
    /// from 1), or `Legs` for the set as a whole.
    pub fn from_form(legs: &[LegForm], rule: LegRule) -> Result<Self, InvalidField> {
        check_count(legs.len())?;
        let mut parsed = Vec::with_capacity(legs.len());
        let mut quantities = Vec::with_capacity(legs.len());
        for (index, form) in legs.iter().enumerate() {
            let number = index + 1;
            let (leg, quantity) = read_leg(number, form, rule)?;
            parsed.push(leg);
            quantities.push(quantity);
        }
        let strategy = shape_of(&parsed)?;
        let spreads = equal_quantities(&quantities)?;
        let net = if parsed.iter().any(|l| l.order_type == OrderType::Market) {
            Net::Market
        } else {
            let paid: Decimal = parsed
                .iter()
                .map(|l| {
                    let price = l.price.unwrap_or(Decimal::ZERO);
                    if l.instruction.is_buy() {
                        price
                    } else {
                        -price
                    }
                })
                .sum();
            Net::from_signed(paid)
        };
        Ok(Self {
            strategy,
            legs: parsed,
            spreads,
            net,
        })
    }

    /// Reads back the vertical (or iron condor) an order request describes, e.g. to close it with
    /// [`Vertical::closing`]. Legs keep their instructions; their prices are unknown (`None`).
    ///
    /// # Errors
    /// [`InvalidField`] when the request is not a spread copydesk places: labelled `Legs`, `Leg {n} ...`
    /// or `Order Type`.
    pub fn from_request(request: &OrderRequest) -> Result<Self, InvalidField> {
        check_count(request.legs.len())?;
        let net = Net::from_order(&request.order_type, request.price).ok_or_else(|| {
            InvalidField::new(
                NET_ORDER_TYPE_LABEL,
                "must be NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET",
            )
        })?;
        let leg_type = if net == Net::Market {
            OrderType::Market
        } else {
            OrderType::Limit
        };
        let mut legs = Vec::with_capacity(request.legs.len());
        let mut quantities = Vec::with_capacity(request.legs.len());
        for (index, leg) in request.legs.iter().enumerate() {
            let number = index + 1;
            let symbol = OptionSymbol::parse(leg.symbol.trim()).map_err(|e| {
                InvalidField::leg(number, "Symbol", format!("must be an option symbol: {e}"))
            })?;
            if !leg.instruction.is_option() {
                return Err(InvalidField::leg(
                    number,
                    "Instruction",
                    format!("must be {}", either(LegRule::Any.allowed())),
                ));
            }
            legs.push(VerticalLeg {
                symbol,
                instruction: leg.instruction,
                order_type: leg_type.clone(),
                price: None,
            });
            quantities.push(leg.quantity);
        }
        let strategy = shape_of(&legs)?;
        let spreads = equal_quantities(&quantities)?;
        if request.quantity.is_some_and(|q| q != spreads) {
            return Err(InvalidField::new(
                LEGS_LABEL,
                format!("must each have the order's quantity ({spreads})"),
            ));
        }
        Ok(Self {
            strategy,
            legs,
            spreads,
            net,
        })
    }

    /// Reads back the vertical (or iron condor) a broker reports, e.g. to close it.
    ///
    /// # Errors
    /// As [`Vertical::from_request`].
    pub fn from_broker_order(order: &BrokerOrder) -> Result<Self, InvalidField> {
        Self::from_request(&order.to_request())
    }

    /// The one broker order for `spreads` spreads (at least 1): `complexOrderStrategyType` VERTICAL or
    /// IRON_CONDOR, `orderStrategyType` SINGLE, the net type and price, top-level quantity `spreads`
    /// and every leg's quantity `spreads`.
    #[must_use]
    pub fn request(&self, spreads: u32) -> OrderRequest {
        let legs = self
            .legs
            .iter()
            .map(|leg| OrderLeg::option(leg.instruction, spreads, leg.symbol_text()))
            .collect();
        OrderRequest::spread(
            self.strategy.clone(),
            self.net.order_type(),
            spreads,
            self.net.price(),
            legs,
        )
    }

    /// The vertical that closes this one: every leg reversed (BUY_TO_OPEN ↔ SELL_TO_CLOSE,
    /// SELL_TO_OPEN ↔ BUY_TO_CLOSE) and NET_DEBIT ↔ NET_CREDIT at the same price.
    #[must_use]
    pub fn closing(&self) -> Self {
        Self {
            strategy: self.strategy.clone(),
            legs: self.legs.iter().map(VerticalLeg::reversed).collect(),
            spreads: self.spreads,
            net: self.net.reversed(),
        }
    }

    /// The same legs at another net (e.g. the price an exit names).
    #[must_use]
    pub fn with_net(self, net: Net) -> Self {
        Self { net, ..self }
    }

    /// How many spreads a closing of this vertical may send for an account, when `wanted` are asked
    /// for and `held(symbol)` gives the account's signed holding of a padded OSI symbol (negative:
    /// short): at most what it holds of **every** closing leg on the side that leg closes (long for
    /// SELL_TO_CLOSE, short for BUY_TO_CLOSE). Opening legs do not cap.
    ///
    /// # Errors
    /// [`ExitRefusal::NothingHeld`] when no leg is held, [`ExitRefusal::MissingLeg`] when only some are.
    pub fn closing_cap(&self, wanted: u32, held: impl Fn(&str) -> i64) -> Result<u32, ExitRefusal> {
        let mut cap = wanted;
        let (mut present, mut missing) = (Vec::new(), Vec::new());
        for leg in self.legs.iter().filter(|l| l.instruction.is_closing()) {
            let holding = held(&leg.symbol_text());
            // SELL_TO_CLOSE closes a long holding, BUY_TO_CLOSE a short one.
            let on_side = if leg.instruction.is_buy() {
                -holding
            } else {
                holding
            };
            if on_side > 0 {
                cap = cap.min(u32::try_from(on_side).unwrap_or(u32::MAX));
                present.push(leg.description());
            } else {
                missing.push(leg.description());
            }
        }
        match (present.is_empty(), missing.is_empty()) {
            (_, true) => Ok(cap),
            (true, false) => Err(ExitRefusal::NothingHeld {
                symbol: missing.join(" / "),
            }),
            (false, false) => Err(ExitRefusal::MissingLeg {
                held: present.join(" / "),
                missing: missing.join(" / "),
            }),
        }
    }

    /// VERTICAL or IRON_CONDOR.
    #[must_use]
    pub fn strategy(&self) -> &ComplexOrderStrategy {
        &self.strategy
    }

    /// The legs, in the order staged.
    #[must_use]
    pub fn legs(&self) -> &[VerticalLeg] {
        &self.legs
    }

    /// The primary (first) leg.
    #[must_use]
    pub fn primary(&self) -> &VerticalLeg {
        // Every constructor checks for two or four legs, so the first exists.
        &self.legs[0]
    }

    /// The number of spreads staged (the legs' common quantity).
    #[must_use]
    pub fn spreads(&self) -> u32 {
        self.spreads
    }

    /// The net: side and price per spread.
    #[must_use]
    pub fn net(&self) -> Net {
        self.net
    }

    /// NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET.
    #[must_use]
    pub fn net_type(&self) -> OrderType {
        self.net.order_type()
    }

    /// The net price per spread (positive); `None` for NET_ZERO and MARKET.
    #[must_use]
    pub fn net_price(&self) -> Option<Decimal> {
        self.net.price()
    }
}

/// A short description of an option, e.g. `AAPL 10/18/2024 230.00 C`.
#[must_use]
pub fn describe(option: &OptionSymbol) -> String {
    format!(
        "{} {} {:.2} {}",
        option.root(),
        option.expiry().format("%m/%d/%Y"),
        option.strike(),
        option.put_call().letter()
    )
}

fn check_count(count: usize) -> Result<(), InvalidField> {
    if count == 2 || count == 4 {
        Ok(())
    } else {
        Err(InvalidField::new(
            LEGS_LABEL,
            format!(
                "must be two options forming a vertical, or four forming an iron condor; got {count}"
            ),
        ))
    }
}

fn read_leg(
    number: usize,
    form: &LegForm,
    rule: LegRule,
) -> Result<(VerticalLeg, u32), InvalidField> {
    let symbol = OptionSymbol::parse(&form_value::word(&form.symbol)).map_err(|e| {
        InvalidField::leg(number, "Symbol", format!("must be an option symbol: {e}"))
    })?;
    let instruction = Instruction::from_str(&form_value::word(&form.instruction))
        .ok()
        .filter(|i| rule.allowed().contains(i))
        .ok_or_else(|| {
            InvalidField::leg(
                number,
                "Instruction",
                format!("must be {}", either(rule.allowed())),
            )
        })?;
    let order_type = match form_value::word(&form.order_type).as_str() {
        "LIMIT" => OrderType::Limit,
        "MARKET" => OrderType::Market,
        _ => {
            return Err(InvalidField::leg(
                number,
                "Order Type",
                "must be LIMIT or MARKET",
            ));
        }
    };
    let quantity = form_value::quantity(
        &form.quantity,
        &super::invalid_field::leg_label(number, "Quantity"),
    )?;
    let price = if order_type == OrderType::Limit {
        Some(form_value::price(
            &form.price,
            &super::invalid_field::leg_label(number, "Price"),
            false,
            Ticks::Cents,
        )?)
    } else {
        None
    };
    Ok((
        VerticalLeg {
            symbol,
            instruction,
            order_type,
            price,
        },
        quantity,
    ))
}

fn shape_of(legs: &[VerticalLeg]) -> Result<ComplexOrderStrategy, InvalidField> {
    let refs: Vec<_> = legs.iter().map(|l| (&l.symbol, l.instruction)).collect();
    spread_shape(&refs).map_err(|e| match e.field {
        ShapeField::Legs => InvalidField::new(LEGS_LABEL, e.message),
        ShapeField::Symbol => InvalidField::leg(e.leg + 1, "Symbol", e.message),
        ShapeField::Instruction => InvalidField::leg(e.leg + 1, "Instruction", e.message),
    })
}

/// The common quantity of every leg (the number of spreads).
fn equal_quantities(quantities: &[u32]) -> Result<u32, InvalidField> {
    let first = quantities.first().copied().unwrap_or(0);
    if first == 0 {
        return Err(InvalidField::leg(
            1,
            "Quantity",
            "must be a whole number of at least 1",
        ));
    }
    for (index, quantity) in quantities.iter().enumerate().skip(1) {
        if *quantity != first {
            return Err(InvalidField::leg(
                index + 1,
                "Quantity",
                format!("must equal leg 1's quantity ({first})"),
            ));
        }
    }
    Ok(first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    const C230: &str = "AAPL  241018C00230000";
    const C235: &str = "AAPL  241018C00235000";
    const C240: &str = "AAPL  241018C00240000";
    const P220: &str = "AAPL  241018P00220000";
    const P225: &str = "AAPL  241018P00225000";

    fn leg(
        symbol: &str,
        instruction: &str,
        order_type: &str,
        quantity: &str,
        price: &str,
    ) -> LegForm {
        LegForm {
            symbol: symbol.into(),
            instruction: instruction.into(),
            order_type: order_type.into(),
            quantity: quantity.into(),
            price: price.into(),
        }
    }

    fn bull_call() -> Vec<LegForm> {
        vec![
            leg(C230, "BUY_TO_OPEN", "LIMIT", "2", "3.10"),
            leg(C235, "SELL_TO_OPEN", "LIMIT", "2", "1.05"),
        ]
    }

    fn refusal(legs: &[LegForm], rule: LegRule) -> Option<String> {
        Vertical::from_form(legs, rule).err().map(|e| e.to_string())
    }

    #[test]
    fn a_debit_vertical_is_one_net_priced_order() -> anyhow::Result<()> {
        let vertical = Vertical::from_form(&bull_call(), LegRule::Opening)?;
        assert_eq!(vertical.net(), Net::Debit(dec!(2.05)));
        assert_eq!(
            (vertical.net_type(), vertical.net_price()),
            (OrderType::NetDebit, Some(dec!(2.05)))
        );
        assert_eq!(vertical.spreads(), 2);
        assert_eq!(vertical.primary().symbol_text(), C230);
        assert_eq!(vertical.primary().description(), "AAPL 10/18/2024 230.00 C");
        assert_eq!(vertical.primary().price, Some(dec!(3.10)));
        let request = vertical.request(6);
        request.validate()?;
        assert_eq!(
            serde_json::to_value(&request)?,
            serde_json::json!({
                "session": "NORMAL", "duration": "DAY", "orderType": "NET_DEBIT",
                "complexOrderStrategyType": "VERTICAL", "quantity": 6, "price": "2.05",
                "legs": [
                    {"instruction": "BUY_TO_OPEN", "quantity": 6, "symbol": C230, "assetType": "OPTION"},
                    {"instruction": "SELL_TO_OPEN", "quantity": 6, "symbol": C235, "assetType": "OPTION"}
                ]
            })
        );
        Ok(())
    }

    #[test]
    fn credit_zero_and_market_nets() -> anyhow::Result<()> {
        let credit = Vertical::from_form(
            &[
                leg(C230, "SELL_TO_OPEN", "LIMIT", "1", "3.10"),
                leg(C235, "BUY_TO_OPEN", "LIMIT", "1", "1.05"),
            ],
            LegRule::Opening,
        )?;
        assert_eq!(credit.net(), Net::Credit(dec!(2.05)));
        let zero = Vertical::from_form(
            &[
                leg(C230, "BUY_TO_OPEN", "LIMIT", "1", "1.5"),
                leg(C235, "SELL_TO_OPEN", "LIMIT", "1", "1.50"),
            ],
            LegRule::Opening,
        )?;
        assert_eq!(
            (zero.net_type(), zero.net_price()),
            (OrderType::NetZero, None)
        );
        zero.request(1).validate()?;
        let market = Vertical::from_form(
            &[
                leg(C230, "BUY_TO_OPEN", "MARKET", "1", "not read"),
                leg(C235, "SELL_TO_OPEN", "LIMIT", "1", "1.05"),
            ],
            LegRule::Opening,
        )?;
        assert_eq!(
            (market.net_type(), market.net_price()),
            (OrderType::Market, None)
        );
        let request = market.request(3);
        request.validate()?;
        assert_eq!(
            (request.order_type, request.price),
            (OrderType::Market, None)
        );
        Ok(())
    }

    #[test]
    fn every_refusal_names_the_leg_and_field() {
        let with = |index: usize, change: fn(&mut LegForm)| {
            let mut legs = bull_call();
            if let Some(leg) = legs.get_mut(index) {
                change(leg);
            }
            refusal(&legs, LegRule::Opening)
        };
        assert_eq!(
            refusal(&bull_call()[..1], LegRule::Opening),
            Some("Legs must be two options forming a vertical, or four forming an iron condor; got 1".into())
        );
        assert_eq!(
            with(0, |l| l.symbol = "AAPL".into()),
            Some(
                "Leg 1 Symbol must be an option symbol: option symbol must be 21 characters, got 4"
                    .into()
            )
        );
        assert_eq!(
            with(1, |l| l.instruction = "BUY_TO_CLOSE".into()),
            Some("Leg 2 Instruction must be BUY_TO_OPEN or SELL_TO_OPEN".into())
        );
        assert_eq!(
            with(1, |l| l.order_type = "STOP".into()),
            Some("Leg 2 Order Type must be LIMIT or MARKET".into())
        );
        assert_eq!(
            with(0, |l| l.quantity = "1.5".into()),
            Some("Leg 1 Quantity must be a whole number of at least 1".into())
        );
        assert_eq!(
            with(1, |l| l.quantity = "3".into()),
            Some("Leg 2 Quantity must equal leg 1's quantity (2)".into())
        );
        assert_eq!(
            with(1, |l| l.price = "1.055".into()),
            Some("Leg 2 Price must be a number of at least 0 with at most 2 decimals".into())
        );
        assert_eq!(
            with(1, |l| l.price = "-1".into()),
            Some("Leg 2 Price must be a number of at least 0 with at most 2 decimals".into())
        );
        assert_eq!(
            with(1, |l| l.symbol = "MSFT  241018C00235000".into()),
            Some("Leg 2 Symbol must have the same underlying as leg 1 (AAPL)".into())
        );
        assert_eq!(
            with(1, |l| l.symbol = "AAPL  241025C00235000".into()),
            Some("Leg 2 Symbol must expire on 2024-10-18 like leg 1".into())
        );
        assert_eq!(
            with(1, |l| l.symbol = P225.into()),
            Some("Leg 2 Symbol must be a CALL like leg 1".into())
        );
        assert_eq!(
            with(1, |l| l.symbol = C230.into()),
            Some("Leg 2 Symbol must have a different strike from leg 1".into())
        );
        assert_eq!(
            with(1, |l| l.instruction = "BUY_TO_OPEN".into()),
            Some("Leg 2 Instruction must sell when leg 1 buys".into())
        );
    }

    #[test]
    fn the_rule_chooses_opening_closing_or_any_instructions() -> anyhow::Result<()> {
        let closing = vec![
            leg(C230, "SELL_TO_CLOSE", "LIMIT", "1", "3"),
            leg(C235, "BUY_TO_CLOSE", "LIMIT", "1", "1"),
        ];
        assert_eq!(
            refusal(&closing, LegRule::Opening),
            Some("Leg 1 Instruction must be BUY_TO_OPEN or SELL_TO_OPEN".into())
        );
        assert_eq!(
            Vertical::from_form(&closing, LegRule::Closing)?.net(),
            Net::Credit(dec!(2))
        );
        assert_eq!(
            refusal(&bull_call(), LegRule::Closing),
            Some("Leg 1 Instruction must be BUY_TO_CLOSE or SELL_TO_CLOSE".into())
        );
        Vertical::from_form(&bull_call(), LegRule::Any)?;
        Vertical::from_form(&closing, LegRule::Any)?;
        assert_eq!(
            refusal(
                &[
                    leg(C230, "BUY", "LIMIT", "1", "3"),
                    leg(C235, "SELL_TO_OPEN", "LIMIT", "1", "1"),
                ],
                LegRule::Any
            ),
            Some(
                "Leg 1 Instruction must be BUY_TO_OPEN, SELL_TO_OPEN, BUY_TO_CLOSE or SELL_TO_CLOSE"
                    .into()
            )
        );
        Ok(())
    }

    #[test]
    fn four_legs_go_as_an_iron_condor_or_not_at_all() -> anyhow::Result<()> {
        let condor = Vertical::from_form(
            &[
                leg(P220, "BUY_TO_OPEN", "LIMIT", "1", "0.80"),
                leg(P225, "SELL_TO_OPEN", "LIMIT", "1", "1.40"),
                leg(C235, "SELL_TO_OPEN", "LIMIT", "1", "1.30"),
                leg(C240, "BUY_TO_OPEN", "LIMIT", "1", "0.60"),
            ],
            LegRule::Opening,
        )?;
        assert_eq!(condor.strategy(), &ComplexOrderStrategy::IronCondor);
        assert_eq!(condor.net(), Net::Credit(dec!(1.30)));
        let request = condor.request(2);
        request.validate()?;
        assert_eq!(request.legs.len(), 4);
        assert_eq!(request.quantity, Some(2));
        assert_eq!(
            refusal(
                &[
                    leg(P220, "BUY_TO_OPEN", "LIMIT", "1", "0.80"),
                    leg(C230, "SELL_TO_OPEN", "LIMIT", "1", "1.40"),
                    leg(C235, "SELL_TO_OPEN", "LIMIT", "1", "1.30"),
                    leg(C240, "BUY_TO_OPEN", "LIMIT", "1", "0.60"),
                ],
                LegRule::Opening
            ),
            Some("Legs must be two puts and two calls to form an iron condor".into())
        );
        Ok(())
    }

    #[test]
    fn read_back_from_an_order_and_closed() -> anyhow::Result<()> {
        let placed = Vertical::from_form(&bull_call(), LegRule::Opening)?.request(4);
        let read = Vertical::from_request(&placed)?;
        assert_eq!(read.spreads(), 4);
        assert_eq!(read.net(), Net::Debit(dec!(2.05)));
        assert!(read.legs().iter().all(|l| l.price.is_none()));
        let close = read.closing().request(4);
        close.validate()?;
        assert_eq!(close.order_type, OrderType::NetCredit);
        assert_eq!(
            close.legs.iter().map(|l| l.instruction).collect::<Vec<_>>(),
            [Instruction::SellToClose, Instruction::BuyToClose]
        );
        let single =
            OrderRequest::limit(OrderLeg::option(Instruction::BuyToOpen, 1, C230), dec!(1));
        assert_eq!(
            Vertical::from_request(&single).err().map(|e| e.to_string()),
            Some("Legs must be two options forming a vertical, or four forming an iron condor; got 1".into())
        );
        Ok(())
    }

    #[test]
    fn closing_is_capped_at_both_legs() -> anyhow::Result<()> {
        let close = Vertical::from_form(&bull_call(), LegRule::Opening)?.closing();
        let holdings = |long: i64, short: i64| {
            move |symbol: &str| match symbol {
                C230 => long,
                C235 => short,
                _ => 0,
            }
        };
        assert_eq!(close.closing_cap(5, holdings(3, -4)), Ok(3));
        assert_eq!(close.closing_cap(2, holdings(3, -4)), Ok(2));
        assert_eq!(
            close.closing_cap(2, holdings(3, 0)).map_err(|e| e.to_string()),
            Err("The account holds AAPL 10/18/2024 230.00 C but not AAPL 10/18/2024 235.00 C, so the spread cannot be closed as one order".into())
        );
        assert_eq!(
            close.closing_cap(2, holdings(0, 0)),
            Err(ExitRefusal::NothingHeld {
                symbol: "AAPL 10/18/2024 230.00 C / AAPL 10/18/2024 235.00 C".into()
            })
        );
        // Held on the wrong side counts as not held.
        assert!(matches!(
            close.closing_cap(2, holdings(-3, -4)),
            Err(ExitRefusal::MissingLeg { .. })
        ));
        Ok(())
    }

    #[test]
    fn net_forms_for_exits() {
        assert_eq!(
            Net::from_form("net_credit", "0.85"),
            Ok(Net::Credit(dec!(0.85)))
        );
        assert_eq!(Net::from_form("MARKET", ""), Ok(Net::Market));
        assert_eq!(Net::from_form("NET_ZERO", "x"), Ok(Net::Zero));
        assert_eq!(
            Net::from_form("NET_DEBIT", "0").map_err(|e| e.to_string()),
            Err("Price must be a number greater than 0 with at most 2 decimals".into())
        );
        assert_eq!(
            Net::from_form("LIMIT", "1").map_err(|e| e.to_string()),
            Err("Order Type must be NET_DEBIT, NET_CREDIT, NET_ZERO or MARKET".into())
        );
    }

    fn cents() -> impl Strategy<Value = Decimal> {
        (0_i64..100_000).prop_map(|c| Decimal::new(c, 2))
    }

    prop_compose! {
        /// A random two-leg vertical as a form: side, strikes, which leg is bought, prices, market legs.
        fn vertical_form()(
            put in any::<bool>(),
            strikes in (1_u32..80, 1_u32..80).prop_filter("different strikes", |(a, b)| a != b),
            first_buys in any::<bool>(),
            prices in (cents(), cents()),
            market in (any::<bool>(), any::<bool>()),
            spreads in 1_u32..500,
        ) -> (Vec<LegForm>, Decimal, bool) {
            let side = if put { 'P' } else { 'C' };
            let symbol = |strike: u32| format!("SPY   241115{side}{:08}", strike * 5000);
            let (first, second) = if first_buys {
                ("BUY_TO_OPEN", "SELL_TO_OPEN")
            } else {
                ("SELL_TO_OPEN", "BUY_TO_OPEN")
            };
            let kind = |m: bool| if m { "MARKET" } else { "LIMIT" };
            let legs = vec![
                leg(&symbol(strikes.0), first, kind(market.0), &spreads.to_string(), &prices.0.to_string()),
                leg(&symbol(strikes.1), second, kind(market.1), &spreads.to_string(), &prices.1.to_string()),
            ];
            let paid = if first_buys { prices.0 - prices.1 } else { prices.1 - prices.0 };
            (legs, paid, market.0 || market.1)
        }
    }

    proptest! {
        #[test]
        fn net_type_and_price_follow_the_sign_of_what_is_paid((legs, paid, market) in vertical_form()) {
            let vertical = Vertical::from_form(&legs, LegRule::Opening).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let (kind, price) = (vertical.net_type(), vertical.net_price());
            if market {
                prop_assert_eq!((kind, price), (OrderType::Market, None));
            } else if paid > Decimal::ZERO {
                prop_assert_eq!((kind, price), (OrderType::NetDebit, Some(paid)));
            } else if paid < Decimal::ZERO {
                prop_assert_eq!((kind, price), (OrderType::NetCredit, Some(-paid)));
            } else {
                prop_assert_eq!((kind, price), (OrderType::NetZero, None));
            }
            prop_assert!(vertical.net_price().is_none_or(|p| p > Decimal::ZERO));
        }

        #[test]
        fn tiers_scale_spreads_on_every_leg((legs, _, _) in vertical_form(), spreads in 1_u32..10_000) {
            let vertical = Vertical::from_form(&legs, LegRule::Opening).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let request = vertical.request(spreads);
            prop_assert_eq!(request.quantity, Some(spreads));
            prop_assert_eq!(request.total_quantity(), spreads);
            prop_assert!(request.legs.iter().all(|l| l.quantity == spreads));
            prop_assert_eq!(request.legs.len(), 2);
            prop_assert_eq!(&request.complex_order_strategy_type, &ComplexOrderStrategy::Vertical);
            prop_assert_eq!(&request.order_type, &vertical.net_type());
            prop_assert_eq!(request.price, vertical.net_price());
            prop_assert!(request.validate().is_ok());
            prop_assert_eq!(Vertical::from_request(&request).map(|v| (v.spreads(), v.net())), Ok((spreads, vertical.net())));
        }

        #[test]
        fn closing_reverses_every_leg_and_swaps_the_net((legs, _, _) in vertical_form(), spreads in 1_u32..100) {
            let vertical = Vertical::from_form(&legs, LegRule::Opening).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let closing = vertical.closing();
            prop_assert_eq!(&closing.closing(), &vertical);
            for (open, close) in vertical.legs().iter().zip(closing.legs()) {
                prop_assert_eq!(close.instruction, open.instruction.reverse());
                prop_assert!(close.instruction.is_closing());
                prop_assert_eq!(&close.symbol, &open.symbol);
            }
            prop_assert_eq!(closing.net_type(), vertical.net_type().reverse_net());
            prop_assert_eq!(closing.net_price(), vertical.net_price());
            let request = closing.request(spreads);
            prop_assert!(request.validate().is_ok());
            prop_assert_eq!(Vertical::from_request(&request).map(|v| v.net()), Ok(closing.net()));
        }

        #[test]
        fn closing_never_exceeds_either_leg((legs, _, _) in vertical_form(), held in (-50_i64..50, -50_i64..50), wanted in 1_u32..100) {
            let close = Vertical::from_form(&legs, LegRule::Opening).map_err(|e| TestCaseError::fail(e.to_string()))?.closing();
            let symbols: Vec<String> = close.legs().iter().map(VerticalLeg::symbol_text).collect();
            let holding = |symbol: &str| if Some(symbol) == symbols.first().map(String::as_str) { held.0 } else { held.1 };
            let sides: Vec<i64> = close.legs().iter().map(|l| {
                let h = holding(&l.symbol_text());
                if l.instruction.is_buy() { -h } else { h }
            }).collect();
            match close.closing_cap(wanted, holding) {
                Ok(cap) => {
                    prop_assert!(sides.iter().all(|s| *s > 0));
                    let least = sides.iter().copied().min().unwrap_or(0);
                    prop_assert_eq!(i64::from(cap), i64::from(wanted).min(least));
                }
                Err(ExitRefusal::NothingHeld { .. }) => prop_assert!(sides.iter().all(|s| *s <= 0)),
                Err(ExitRefusal::MissingLeg { .. }) => {
                    prop_assert!(sides.iter().any(|s| *s > 0) && sides.iter().any(|s| *s <= 0));
                }
            }
        }
    }
}
