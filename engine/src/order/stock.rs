//! A stock order built from the stock form: symbol, instruction, session/duration choice, order type,
//! quantity and the prices its type needs, validated and turned into a broker order.

use std::str::FromStr;

use rust_decimal::Decimal;

use super::duration::Duration;
use super::exit::{ExitRefusal, stock_exit};
use super::form_value::{self, Ticks, either};
use super::instruction::Instruction;
use super::invalid_field::InvalidField;
use super::leg::OrderLeg;
use super::link::{LinkBasis, LinkType};
use super::order_type::OrderType;
use super::request::OrderRequest;
use super::session::Session;

/// Label of the symbol field.
pub const SYMBOL_LABEL: &str = "Symbol";
/// Label of the instruction field.
pub const INSTRUCTION_LABEL: &str = "Instruction";
/// Label of the session/duration choice (or of the session when sent apart).
pub const SESSION_LABEL: &str = "Session";
/// Label of the duration when sent apart from the session.
pub const DURATION_LABEL: &str = "Duration";
/// Label of the order type field.
pub const ORDER_TYPE_LABEL: &str = "Order Type";
/// Label of the quantity field.
pub const QUANTITY_LABEL: &str = "Quantity";
/// Label of the (limit) price field.
pub const PRICE_LABEL: &str = "Price";
/// Label of the stop price of a STOP order.
pub const STOP_PRICE_LABEL: &str = "Stop Price";
/// Label of the stop price of a STOP_LIMIT order.
pub const ACTIVATION_PRICE_LABEL: &str = "Activation Price";
/// Label of a trailing stop's link type.
pub const LINK_TYPE_LABEL: &str = "Stop Price Link Type";
/// Label of a trailing stop's offset.
pub const OFFSET_LABEL: &str = "Stop Price Offset";
/// Label of the price a trailing stop follows.
pub const LINK_BASIS_LABEL: &str = "Stop Price Link Basis";

/// The longest stock symbol accepted.
const MAX_SYMBOL_LEN: usize = 10;
/// The order types the stock form offers.
const ORDER_TYPES: [&str; 5] = ["MARKET", "LIMIT", "STOP", "STOP_LIMIT", "TRAILING_STOP"];
/// The order types an extended-hours choice (EXT, GTC_EXT) allows: Schwab takes only LIMIT orders there.
const EXTENDED_ORDER_TYPES: [&str; 1] = ["LIMIT"];
/// The prices a trailing stop may follow, in the form's order; the first is the default (Schwab's).
pub const LINK_BASES: [LinkBasis; 4] = [
    LinkBasis::Bid,
    LinkBasis::Ask,
    LinkBasis::Last,
    LinkBasis::Mark,
];

/// Which dialog the form is in, and so which instructions it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockAction {
    /// Placing: BUY and SELL_SHORT.
    Place,
    /// Exiting: SELL and BUY_TO_COVER.
    Exit,
    /// Replacing: any of the four.
    Replace,
    /// Saving an order for later: BUY and SELL.
    Save,
}

impl StockAction {
    /// The instructions this dialog offers.
    #[must_use]
    pub fn allowed(self) -> &'static [Instruction] {
        match self {
            Self::Place => &[Instruction::Buy, Instruction::SellShort],
            Self::Exit => &[Instruction::Sell, Instruction::BuyToCover],
            Self::Replace => &[
                Instruction::Buy,
                Instruction::Sell,
                Instruction::SellShort,
                Instruction::BuyToCover,
            ],
            Self::Save => &[Instruction::Buy, Instruction::Sell],
        }
    }
}

/// The form's session/duration choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StockTiming {
    /// `DAY`: NORMAL session, DAY duration.
    Day,
    /// `GTC`: NORMAL session, GOOD_TILL_CANCEL.
    Gtc,
    /// `EXT`: SEAMLESS (extended hours) session, DAY duration.
    Ext,
    /// `GTC_EXT`: SEAMLESS session, GOOD_TILL_CANCEL.
    GtcExt,
}

impl StockTiming {
    /// Every choice, in the form's order.
    pub const ALL: [Self; 4] = [Self::Day, Self::Gtc, Self::Ext, Self::GtcExt];

    /// The form's word: DAY, GTC, EXT or GTC_EXT.
    #[must_use]
    pub fn choice(self) -> &'static str {
        match self {
            Self::Day => "DAY",
            Self::Gtc => "GTC",
            Self::Ext => "EXT",
            Self::GtcExt => "GTC_EXT",
        }
    }

    /// Reads the form's word (any case).
    #[must_use]
    pub fn from_choice(text: &str) -> Option<Self> {
        let word = form_value::word(text);
        Self::ALL.into_iter().find(|t| t.choice() == word)
    }

    /// NORMAL or SEAMLESS.
    #[must_use]
    pub fn session(self) -> Session {
        match self {
            Self::Day | Self::Gtc => Session::Normal,
            Self::Ext | Self::GtcExt => Session::Seamless,
        }
    }

    /// Whether the choice works in extended hours (EXT, GTC_EXT), where only LIMIT orders are taken.
    #[must_use]
    pub fn is_extended(self) -> bool {
        self.session().is_extended()
    }

    /// The order types the form offers with this choice: every type for DAY and GTC, LIMIT alone for
    /// EXT and GTC_EXT.
    #[must_use]
    pub fn order_types(self) -> &'static [&'static str] {
        if self.is_extended() {
            &EXTENDED_ORDER_TYPES
        } else {
            &ORDER_TYPES
        }
    }

    /// DAY or GOOD_TILL_CANCEL.
    #[must_use]
    pub fn duration(self) -> Duration {
        match self {
            Self::Day | Self::Ext => Duration::Day,
            Self::Gtc | Self::GtcExt => Duration::GoodTillCancel,
        }
    }

    /// The choice a session and duration make; `None` for pairs the form does not offer.
    #[must_use]
    pub fn from_parts(session: Session, duration: &Duration) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|t| t.session() == session && t.duration() == *duration)
    }

    /// Reads the form's values: either the choice (DAY, GTC, EXT or GTC_EXT) in `session`, with
    /// `duration` empty or agreeing, or a session (NORMAL or SEAMLESS) and a duration (DAY or
    /// GOOD_TILL_CANCEL) sent apart. Both empty mean DAY; a session without a duration means DAY.
    ///
    /// # Errors
    /// [`InvalidField`] labelled `Session` or `Duration`.
    pub fn from_form(session: &str, duration: &str) -> Result<Self, InvalidField> {
        let (session_word, duration_word) = (form_value::word(session), form_value::word(duration));
        let duration = match duration_word.as_str() {
            "" => None,
            "DAY" => Some(Duration::Day),
            "GTC" | "GOOD_TILL_CANCEL" => Some(Duration::GoodTillCancel),
            _ => {
                return Err(InvalidField::new(
                    DURATION_LABEL,
                    "must be DAY or GOOD_TILL_CANCEL",
                ));
            }
        };
        if let Some(choice) = Self::from_choice(&session_word) {
            return match duration {
                Some(d) if d != choice.duration() => Err(InvalidField::new(
                    DURATION_LABEL,
                    format!(
                        "must be {} for the {} choice",
                        choice.duration(),
                        choice.choice()
                    ),
                )),
                _ => Ok(choice),
            };
        }
        let session = match session_word.as_str() {
            "" | "NORMAL" => Session::Normal,
            "SEAMLESS" => Session::Seamless,
            _ => {
                return Err(InvalidField::new(
                    SESSION_LABEL,
                    "must be DAY, GTC, EXT or GTC_EXT",
                ));
            }
        };
        let duration = duration.unwrap_or(Duration::Day);
        // Every NORMAL/SEAMLESS × DAY/GOOD_TILL_CANCEL pair is a choice.
        Self::from_parts(session, &duration)
            .ok_or_else(|| InvalidField::new(SESSION_LABEL, "must be DAY, GTC, EXT or GTC_EXT"))
    }
}

/// How a stock order is priced, with exactly the prices its type needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockPricing {
    /// At the market.
    Market,
    /// At `price` or better.
    Limit {
        /// The limit.
        price: Decimal,
    },
    /// A market order once the market reaches `stop_price`.
    Stop {
        /// The trigger.
        stop_price: Decimal,
    },
    /// A limit order at `limit` once the market reaches `stop_price` (the activation price).
    StopLimit {
        /// The trigger (activation price).
        stop_price: Decimal,
        /// The limit after triggering.
        limit: Decimal,
    },
    /// A stop that follows `basis` (BID, ASK, LAST or MARK) by `offset` dollars (VALUE) or percent
    /// (PERCENT).
    TrailingStop {
        /// The price followed.
        basis: LinkBasis,
        /// VALUE or PERCENT.
        link_type: LinkType,
        /// The trailing distance.
        offset: Decimal,
    },
}

impl StockPricing {
    /// MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP.
    #[must_use]
    pub fn order_type(&self) -> OrderType {
        match self {
            Self::Market => OrderType::Market,
            Self::Limit { .. } => OrderType::Limit,
            Self::Stop { .. } => OrderType::Stop,
            Self::StopLimit { .. } => OrderType::StopLimit,
            Self::TrailingStop { .. } => OrderType::TrailingStop,
        }
    }
}

/// The stock form's values as text (numbers written as their decimal text). Fields the order type does
/// not use are not read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StockForm {
    /// Ticker, e.g. `aapl` or `BRK.B` (upper-cased).
    pub symbol: String,
    /// BUY, SELL, SELL_SHORT or BUY_TO_COVER.
    pub instruction: String,
    /// The choice DAY, GTC, EXT or GTC_EXT; or NORMAL or SEAMLESS with `duration`.
    pub session: String,
    /// DAY or GOOD_TILL_CANCEL when `session` is NORMAL or SEAMLESS; may be empty.
    pub duration: String,
    /// MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP.
    pub order_type: String,
    /// Shares, a whole number of at least 1.
    pub quantity: String,
    /// The limit of LIMIT and STOP_LIMIT.
    pub price: String,
    /// The trigger of STOP (Stop Price) and STOP_LIMIT (Activation Price).
    pub stop_price: String,
    /// VALUE or PERCENT, for TRAILING_STOP.
    pub stop_price_link_type: String,
    /// The trailing distance, for TRAILING_STOP.
    pub stop_price_offset: String,
    /// BID, ASK, LAST or MARK, for TRAILING_STOP; empty means BID.
    pub stop_price_link_basis: String,
}

/// A validated stock order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockOrder {
    symbol: String,
    instruction: Instruction,
    timing: StockTiming,
    pricing: StockPricing,
    quantity: u32,
}

impl StockOrder {
    /// Builds the order from the form of `action`'s dialog.
    ///
    /// Rules, in order: symbol 1 to 10 letters (with `.` or `/` inside for a share class), upper-cased;
    /// an instruction the dialog offers; the session/duration choice ([`StockTiming::from_form`]); an
    /// order type the form offers, and with an extended-hours choice (EXT, GTC_EXT) only LIMIT (refused
    /// as a `Session` error); a whole quantity of at least 1; LIMIT and STOP_LIMIT a Price above 0;
    /// STOP a Stop Price and STOP_LIMIT an Activation Price above 0; TRAILING_STOP a link type VALUE or
    /// PERCENT, an offset above 0 (a percent at most 100) and a basis BID (the default), ASK, LAST or
    /// MARK. Prices have at most 2 decimals (4 below $1).
    ///
    /// # Errors
    /// [`InvalidField`] labelled as the form labels the field.
    pub fn from_form(form: &StockForm, action: StockAction) -> Result<Self, InvalidField> {
        let symbol = stock_symbol(&form.symbol)?;
        let instruction = Instruction::from_str(&form_value::word(&form.instruction))
            .ok()
            .filter(|i| action.allowed().contains(i))
            .ok_or_else(|| {
                InvalidField::new(
                    INSTRUCTION_LABEL,
                    format!("must be {}", either(action.allowed())),
                )
            })?;
        let timing = StockTiming::from_form(&form.session, &form.duration)?;
        let order_type = form_value::word(&form.order_type);
        if !ORDER_TYPES.contains(&order_type.as_str()) {
            return Err(InvalidField::new(
                ORDER_TYPE_LABEL,
                format!("must be {}", either(&ORDER_TYPES)),
            ));
        }
        if !timing.order_types().contains(&order_type.as_str()) {
            return Err(InvalidField::new(
                SESSION_LABEL,
                format!(
                    "must be DAY or GTC for a {order_type} order: extended hours ({}) take only {} orders",
                    timing.choice(),
                    either(timing.order_types())
                ),
            ));
        }
        let quantity = form_value::quantity(&form.quantity, QUANTITY_LABEL)?;
        let money =
            |text: &str, label: &str| form_value::price(text, label, true, Ticks::SubDollar);
        let pricing = match order_type.as_str() {
            "LIMIT" => StockPricing::Limit {
                price: money(&form.price, PRICE_LABEL)?,
            },
            "STOP" => StockPricing::Stop {
                stop_price: money(&form.stop_price, STOP_PRICE_LABEL)?,
            },
            "STOP_LIMIT" => StockPricing::StopLimit {
                stop_price: money(&form.stop_price, ACTIVATION_PRICE_LABEL)?,
                limit: money(&form.price, PRICE_LABEL)?,
            },
            "TRAILING_STOP" => trailing(form)?,
            _ => StockPricing::Market,
        };
        Ok(Self {
            symbol,
            instruction,
            timing,
            pricing,
            quantity,
        })
    }

    /// The broker order for `quantity` shares (at least 1): one EQUITY leg, the choice's session and
    /// duration, and the prices of the order type (trailing stops follow the chosen basis).
    #[must_use]
    pub fn request(&self, quantity: u32) -> OrderRequest {
        let leg = OrderLeg::equity(self.instruction, quantity, self.symbol.clone());
        let request = match self.pricing {
            StockPricing::Market => OrderRequest::market(leg),
            StockPricing::Limit { price } => OrderRequest::limit(leg, price),
            StockPricing::Stop { stop_price } => OrderRequest::stop(leg, stop_price),
            StockPricing::StopLimit { stop_price, limit } => {
                OrderRequest::stop_limit(leg, stop_price, limit)
            }
            StockPricing::TrailingStop {
                basis,
                link_type,
                offset,
            } => OrderRequest::trailing_stop(leg, link_type, offset).with_link_basis(basis),
        };
        request
            .with_session(self.timing.session())
            .with_duration(self.timing.duration())
    }

    /// The broker order that exits a holding of `held` shares (negative: short) when `wanted` shares
    /// are asked for: SELL for long, BUY_TO_COVER for short, capped at the holding; this order's type,
    /// prices and timing.
    ///
    /// # Errors
    /// [`ExitRefusal::NothingHeld`] when nothing is held.
    pub fn exit_request(&self, held: i64, wanted: u32) -> Result<OrderRequest, ExitRefusal> {
        let exit = stock_exit(&self.symbol, held, wanted)?;
        Ok(self
            .clone()
            .with_instruction(exit.instruction)
            .request(exit.quantity))
    }

    /// The same order with another instruction.
    #[must_use]
    pub fn with_instruction(self, instruction: Instruction) -> Self {
        Self {
            instruction,
            ..self
        }
    }

    /// The upper-cased ticker.
    #[must_use]
    pub fn symbol(&self) -> &str {
        &self.symbol
    }

    /// BUY, SELL, SELL_SHORT or BUY_TO_COVER.
    #[must_use]
    pub fn instruction(&self) -> Instruction {
        self.instruction
    }

    /// The session/duration choice.
    #[must_use]
    pub fn timing(&self) -> StockTiming {
        self.timing
    }

    /// The order type and its prices.
    #[must_use]
    pub fn pricing(&self) -> StockPricing {
        self.pricing
    }

    /// The shares the form asked for.
    #[must_use]
    pub fn quantity(&self) -> u32 {
        self.quantity
    }
}

/// Reads a stock symbol as the form takes it: trimmed, upper-cased, 1 to 10 letters with `.` or `/`
/// only inside a share class (`BRK.B`).
///
/// # Errors
/// [`InvalidField`] labelled `Symbol`.
pub fn stock_symbol(text: &str) -> Result<String, InvalidField> {
    let symbol = form_value::word(text);
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_uppercase());
    let well_formed = (1..=MAX_SYMBOL_LEN).contains(&symbol.len())
        && symbol
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '.' || c == '/')
        && letter(symbol.chars().next())
        && letter(symbol.chars().last());
    if well_formed {
        Ok(symbol)
    } else {
        Err(InvalidField::new(
            SYMBOL_LABEL,
            "must be 1 to 10 letters, with . or / only inside a share class such as BRK.B",
        ))
    }
}

fn trailing(form: &StockForm) -> Result<StockPricing, InvalidField> {
    let link_type = match form_value::word(&form.stop_price_link_type).as_str() {
        "VALUE" => LinkType::Value,
        "PERCENT" => LinkType::Percent,
        _ => {
            return Err(InvalidField::new(
                LINK_TYPE_LABEL,
                "must be VALUE or PERCENT",
            ));
        }
    };
    let ticks = if link_type == LinkType::Percent {
        Ticks::Cents
    } else {
        Ticks::SubDollar
    };
    let offset = form_value::price(&form.stop_price_offset, OFFSET_LABEL, true, ticks)?;
    if link_type == LinkType::Percent && offset > Decimal::ONE_HUNDRED {
        return Err(InvalidField::new(
            OFFSET_LABEL,
            "must be at most 100 for a PERCENT link type",
        ));
    }
    let basis = match form_value::word(&form.stop_price_link_basis).as_str() {
        "" => LINK_BASES[0],
        word => LINK_BASES
            .into_iter()
            .find(|b| b.as_str() == word)
            .ok_or_else(|| {
                InvalidField::new(LINK_BASIS_LABEL, format!("must be {}", either(&LINK_BASES)))
            })?,
    };
    Ok(StockPricing::TrailingStop {
        basis,
        link_type,
        offset,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::order::LinkBasis;
    use proptest::prelude::*;
    use rust_decimal_macros::dec;

    fn form(order_type: &str) -> StockForm {
        StockForm {
            symbol: " aapl ".into(),
            instruction: "BUY".into(),
            session: "DAY".into(),
            duration: String::new(),
            order_type: order_type.into(),
            quantity: "10".into(),
            price: "182.50".into(),
            stop_price: "180".into(),
            stop_price_link_type: "VALUE".into(),
            stop_price_offset: "0.1".into(),
            stop_price_link_basis: String::new(),
        }
    }

    fn refusal(form: &StockForm, action: StockAction) -> Option<String> {
        StockOrder::from_form(form, action)
            .err()
            .map(|e| e.to_string())
    }

    fn changed(order_type: &str, change: impl FnOnce(&mut StockForm)) -> StockForm {
        let mut form = form(order_type);
        change(&mut form);
        form
    }

    #[test]
    fn each_order_type_reads_only_its_own_prices() -> anyhow::Result<()> {
        let expect = [
            (
                "MARKET",
                OrderRequest::market(OrderLeg::equity(Instruction::Buy, 30, "AAPL")),
            ),
            (
                "LIMIT",
                OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 30, "AAPL"), dec!(182.5)),
            ),
            (
                "STOP",
                OrderRequest::stop(OrderLeg::equity(Instruction::Buy, 30, "AAPL"), dec!(180)),
            ),
            (
                "STOP_LIMIT",
                OrderRequest::stop_limit(
                    OrderLeg::equity(Instruction::Buy, 30, "AAPL"),
                    dec!(180),
                    dec!(182.5),
                ),
            ),
            (
                "TRAILING_STOP",
                OrderRequest::trailing_stop(
                    OrderLeg::equity(Instruction::Buy, 30, "AAPL"),
                    LinkType::Value,
                    dec!(0.1),
                ),
            ),
        ];
        for (order_type, expected) in expect {
            let order = StockOrder::from_form(&form(order_type), StockAction::Place)?;
            assert_eq!(order.symbol(), "AAPL");
            assert_eq!(order.quantity(), 10);
            let request = order.request(30);
            request.validate()?;
            assert_eq!(request, expected, "{order_type}");
        }
        let trailing =
            StockOrder::from_form(&form("TRAILING_STOP"), StockAction::Place)?.request(1);
        assert_eq!(trailing.stop_price_link_basis, Some(LinkBasis::Bid));
        Ok(())
    }

    #[test]
    fn a_trailing_stop_follows_the_chosen_basis() -> anyhow::Result<()> {
        for (word, basis) in [
            ("", LinkBasis::Bid),
            ("bid", LinkBasis::Bid),
            ("ASK", LinkBasis::Ask),
            ("LAST", LinkBasis::Last),
            ("mark", LinkBasis::Mark),
        ] {
            let order = StockOrder::from_form(
                &changed("TRAILING_STOP", |f| f.stop_price_link_basis = word.into()),
                StockAction::Place,
            )?;
            let request = order.request(5);
            request.validate()?;
            assert_eq!(request.stop_price_link_basis, Some(basis), "{word:?}");
        }
        for word in ["AVERAGE", "ASK_BID", "MANUAL", "NOPE"] {
            assert_eq!(
                refusal(
                    &changed("TRAILING_STOP", |f| f.stop_price_link_basis = word.into()),
                    StockAction::Place
                )
                .as_deref(),
                Some("Stop Price Link Basis must be BID, ASK, LAST or MARK"),
                "{word}"
            );
        }
        // Other order types do not read it.
        assert_eq!(
            refusal(
                &changed("LIMIT", |f| f.stop_price_link_basis = "NOPE".into()),
                StockAction::Place
            ),
            None
        );
        Ok(())
    }

    #[test]
    fn extended_hours_take_only_limit_orders() {
        for choice in ["EXT", "GTC_EXT"] {
            assert_eq!(
                refusal(
                    &changed("LIMIT", |f| f.session = choice.into()),
                    StockAction::Place
                ),
                None
            );
            for order_type in ["MARKET", "STOP", "STOP_LIMIT", "TRAILING_STOP"] {
                assert_eq!(
                    refusal(
                        &changed(order_type, |f| f.session = choice.into()),
                        StockAction::Replace
                    ),
                    Some(format!(
                        "Session must be DAY or GTC for a {order_type} order: extended hours ({choice}) take only LIMIT orders"
                    )),
                );
            }
        }
        let split = changed("MARKET", |f| {
            f.session = "SEAMLESS".into();
            f.duration = "GOOD_TILL_CANCEL".into();
        });
        assert_eq!(
            refusal(&split, StockAction::Place).as_deref(),
            Some(
                "Session must be DAY or GTC for a MARKET order: extended hours (GTC_EXT) take only LIMIT orders"
            )
        );
        assert_eq!(StockTiming::Day.order_types(), ORDER_TYPES.as_slice());
        assert_eq!(StockTiming::GtcExt.order_types(), ["LIMIT"].as_slice());
    }

    #[test]
    fn session_choices_and_pairs() -> anyhow::Result<()> {
        for (session, duration, timing) in [
            ("DAY", "", StockTiming::Day),
            ("gtc", "", StockTiming::Gtc),
            ("EXT", "DAY", StockTiming::Ext),
            ("GTC_EXT", "GOOD_TILL_CANCEL", StockTiming::GtcExt),
            ("NORMAL", "DAY", StockTiming::Day),
            ("NORMAL", "GOOD_TILL_CANCEL", StockTiming::Gtc),
            ("SEAMLESS", "DAY", StockTiming::Ext),
            ("SEAMLESS", "GOOD_TILL_CANCEL", StockTiming::GtcExt),
            ("SEAMLESS", "", StockTiming::Ext),
            ("", "", StockTiming::Day),
        ] {
            assert_eq!(
                StockTiming::from_form(session, duration),
                Ok(timing),
                "{session}/{duration}"
            );
        }
        let ext = StockOrder::from_form(
            &changed("LIMIT", |f| f.session = "GTC_EXT".into()),
            StockAction::Place,
        )?
        .request(1);
        assert_eq!(
            (ext.session, ext.duration),
            (Session::Seamless, Duration::GoodTillCancel)
        );
        assert_eq!(
            StockTiming::from_form("AM", "DAY").map_err(|e| e.to_string()),
            Err("Session must be DAY, GTC, EXT or GTC_EXT".into())
        );
        assert_eq!(
            StockTiming::from_form("NORMAL", "FILL_OR_KILL").map_err(|e| e.to_string()),
            Err("Duration must be DAY or GOOD_TILL_CANCEL".into())
        );
        assert_eq!(
            StockTiming::from_form("EXT", "GOOD_TILL_CANCEL").map_err(|e| e.to_string()),
            Err("Duration must be DAY for the EXT choice".into())
        );
        for timing in StockTiming::ALL {
            assert_eq!(
                StockTiming::from_parts(timing.session(), &timing.duration()),
                Some(timing)
            );
            assert_eq!(StockTiming::from_choice(timing.choice()), Some(timing));
        }
        assert_eq!(StockTiming::from_parts(Session::Am, &Duration::Day), None);
        Ok(())
    }

    #[test]
    fn refusals_name_the_form_label() {
        let cases: Vec<(StockForm, &str)> = vec![
            (
                changed("MARKET", |f| f.symbol = "".into()),
                "Symbol must be 1 to 10 letters, with . or / only inside a share class such as BRK.B",
            ),
            (
                changed("MARKET", |f| f.symbol = "TOOLONGNAME".into()),
                "Symbol must be 1 to 10 letters, with . or / only inside a share class such as BRK.B",
            ),
            (
                changed("MARKET", |f| f.symbol = "BRK.".into()),
                "Symbol must be 1 to 10 letters, with . or / only inside a share class such as BRK.B",
            ),
            (
                changed("MARKET", |f| f.symbol = "AA1".into()),
                "Symbol must be 1 to 10 letters, with . or / only inside a share class such as BRK.B",
            ),
            (
                changed("MARKET", |f| f.instruction = "SELL".into()),
                "Instruction must be BUY or SELL_SHORT",
            ),
            (
                changed("MARKET", |f| f.instruction = "BUY_TO_OPEN".into()),
                "Instruction must be BUY or SELL_SHORT",
            ),
            (
                changed("MARKET", |f| f.order_type = "NET_DEBIT".into()),
                "Order Type must be MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP",
            ),
            (
                changed("MARKET", |f| f.quantity = "0".into()),
                "Quantity must be a whole number of at least 1",
            ),
            (
                changed("MARKET", |f| f.quantity = "2.5".into()),
                "Quantity must be a whole number of at least 1",
            ),
            (
                changed("LIMIT", |f| f.price = "0".into()),
                "Price must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("LIMIT", |f| f.price = "12.345".into()),
                "Price must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("STOP", |f| f.stop_price = "".into()),
                "Stop Price must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("STOP_LIMIT", |f| f.stop_price = "0".into()),
                "Activation Price must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("STOP_LIMIT", |f| f.price = "-1".into()),
                "Price must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("TRAILING_STOP", |f| f.stop_price_link_type = "TICK".into()),
                "Stop Price Link Type must be VALUE or PERCENT",
            ),
            (
                changed("TRAILING_STOP", |f| f.stop_price_offset = "0".into()),
                "Stop Price Offset must be a number greater than 0 with at most 2 decimals (4 below $1)",
            ),
            (
                changed("TRAILING_STOP", |f| {
                    f.stop_price_link_type = "PERCENT".into();
                    f.stop_price_offset = "100.5".into();
                }),
                "Stop Price Offset must be at most 100 for a PERCENT link type",
            ),
        ];
        for (form, message) in cases {
            assert_eq!(
                refusal(&form, StockAction::Place).as_deref(),
                Some(message),
                "{form:?}"
            );
        }
        // Prices the type does not use are not read.
        assert_eq!(
            refusal(
                &changed("MARKET", |f| f.price = "junk".into()),
                StockAction::Place
            ),
            None
        );
        // Sub-dollar prices may carry four decimals.
        assert_eq!(
            refusal(
                &changed("LIMIT", |f| f.price = "0.0125".into()),
                StockAction::Place
            ),
            None
        );
        assert_eq!(
            refusal(
                &changed("MARKET", |f| f.symbol = "brk/b".into()),
                StockAction::Place
            ),
            None
        );
    }

    #[test]
    fn each_dialog_offers_its_instructions() {
        for (action, allowed) in [
            (StockAction::Place, "Instruction must be BUY or SELL_SHORT"),
            (
                StockAction::Exit,
                "Instruction must be SELL or BUY_TO_COVER",
            ),
            (StockAction::Save, "Instruction must be BUY or SELL"),
            (
                StockAction::Replace,
                "Instruction must be BUY, SELL, SELL_SHORT or BUY_TO_COVER",
            ),
        ] {
            for instruction in Instruction::ALL.iter().filter(|i| !i.is_option()) {
                let form = changed("MARKET", |f| {
                    f.instruction = instruction.as_str().to_lowercase()
                });
                let result = refusal(&form, action);
                if action.allowed().contains(instruction) {
                    assert_eq!(result, None, "{action:?} {instruction}");
                } else {
                    assert_eq!(result.as_deref(), Some(allowed), "{action:?} {instruction}");
                }
            }
        }
    }

    #[test]
    fn exits_take_their_side_from_the_holding() -> anyhow::Result<()> {
        let exit = StockOrder::from_form(
            &changed("LIMIT", |f| f.instruction = "SELL".into()),
            StockAction::Exit,
        )?;
        let long = exit.exit_request(7, 10)?;
        assert_eq!(
            long,
            OrderRequest::limit(OrderLeg::equity(Instruction::Sell, 7, "AAPL"), dec!(182.5))
        );
        let short = exit.exit_request(-20, 10)?;
        assert_eq!(
            short.legs.first().map(|l| (l.instruction, l.quantity)),
            Some((Instruction::BuyToCover, 10))
        );
        assert_eq!(
            exit.exit_request(0, 10).map_err(|e| e.to_string()),
            Err("The account holds no AAPL to exit".to_owned())
        );
        Ok(())
    }

    fn order_type() -> impl Strategy<Value = &'static str> {
        proptest::sample::select(ORDER_TYPES.to_vec())
    }

    fn money() -> impl Strategy<Value = Decimal> {
        prop_oneof![
            (1_i64..10_000).prop_map(|n| Decimal::new(n, 4)),
            (100_i64..100_000_000).prop_map(|n| Decimal::new(n, 2)),
        ]
    }

    proptest! {
        #[test]
        fn every_type_and_session_choice_builds_a_valid_order(
            order_type in order_type(),
            timing in proptest::sample::select(StockTiming::ALL.to_vec()),
            split in any::<bool>(),
            action in proptest::sample::select(vec![StockAction::Place, StockAction::Exit, StockAction::Replace, StockAction::Save]),
            pick in any::<proptest::sample::Index>(),
            quantity in 1_u32..=100_000,
            prices in (money(), money()),
            percent in any::<bool>(),
            offset in 1_i64..10_000,
            tier in 1_u32..=5,
            basis in proptest::sample::select(LINK_BASES.to_vec()),
        ) {
            let instruction = *pick.get(action.allowed());
            let (session, duration) = if split {
                (timing.session().as_str().to_owned(), timing.duration().as_str().to_owned())
            } else {
                (timing.choice().to_owned(), String::new())
            };
            let offset = Decimal::new(offset, 2);
            let form = StockForm {
                symbol: "msft".into(),
                instruction: instruction.as_str().into(),
                session,
                duration,
                order_type: order_type.into(),
                quantity: quantity.to_string(),
                price: prices.0.to_string(),
                stop_price: prices.1.to_string(),
                stop_price_link_type: if percent { "PERCENT" } else { "VALUE" }.into(),
                stop_price_offset: offset.to_string(),
                stop_price_link_basis: basis.as_str().to_owned(),
            };
            let read = StockOrder::from_form(&form, action);
            if timing.is_extended() && order_type != "LIMIT" {
                prop_assert_eq!(
                    read.map_err(|e| e.label),
                    Err(SESSION_LABEL.to_owned())
                );
                return Ok(());
            }
            let order = read.map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(order.timing(), timing);
            let request = order.request(quantity * tier);
            prop_assert!(request.validate().is_ok(), "{:?}", request.validate());
            prop_assert_eq!(request.order_type.as_str(), order_type);
            prop_assert_eq!((request.session, request.duration.clone()), (timing.session(), timing.duration()));
            prop_assert_eq!(request.total_quantity(), quantity * tier);
            let leg = request.legs.first().cloned();
            prop_assert_eq!(leg.map(|l| (l.symbol, l.instruction)), Some(("MSFT".to_owned(), instruction)));
            let kind = request.order_type.clone();
            prop_assert_eq!(request.price.is_some(), kind.needs_price());
            prop_assert_eq!(request.stop_price.is_some(), kind.needs_stop_price());
            let trailing = kind == OrderType::TrailingStop;
            prop_assert_eq!(request.stop_price_link_basis, trailing.then_some(basis));
            prop_assert_eq!(request.stop_price_offset, trailing.then_some(offset));
            if kind == OrderType::Limit || kind == OrderType::StopLimit {
                prop_assert_eq!(request.price, Some(prices.0));
            }
            if kind.needs_stop_price() {
                prop_assert_eq!(request.stop_price, Some(prices.1));
            }
        }

        #[test]
        fn exits_are_capped_and_on_the_holdings_side(held in -10_000_i64..10_000, wanted in 1_u32..20_000) {
            let form = StockForm { instruction: "SELL".into(), ..form("MARKET") };
            let exit = StockOrder::from_form(&form, StockAction::Exit).map_err(|e| TestCaseError::fail(e.to_string()))?;
            match exit.exit_request(held, wanted) {
                Ok(request) => {
                    let leg = request.legs.first().cloned().ok_or_else(|| TestCaseError::fail("one leg"))?;
                    prop_assert_eq!(u64::from(leg.quantity), u64::from(wanted).min(held.unsigned_abs()));
                    let expected = if held > 0 { Instruction::Sell } else { Instruction::BuyToCover };
                    prop_assert_eq!(leg.instruction, expected);
                    prop_assert!(request.validate().is_ok());
                }
                Err(_) => prop_assert_eq!(held, 0),
            }
        }
    }
}
