//! Orders: instructions, types, statuses and their lifecycle, option symbols, requests and reports, and
//! the order forms (verticals, stocks) validated into requests.

mod asset_type;
mod complex_strategy;
mod duration;
mod exit;
mod form_value;
mod instruction;
mod invalid;
mod invalid_field;
mod leg;
mod link;
#[allow(
    clippy::module_inception,
    reason = "the file holds the broker's view of an order"
)]
mod order;
mod order_type;
mod osi;
mod put_call;
mod request;
mod session;
mod spread_shape;
mod status;
mod stock;
mod strategy;
mod vertical;

pub use asset_type::AssetType;
pub use complex_strategy::ComplexOrderStrategy;
pub use duration::Duration;
pub use exit::{ExitRefusal, StockExit, stock_exit};
pub use form_value::{MAX_FORM_PRICE, MAX_FORM_QUANTITY};
pub use instruction::Instruction;
pub use invalid::InvalidOrder;
pub use invalid_field::{InvalidField, leg_label};
pub use leg::OrderLeg;
pub use link::{LinkBasis, LinkType};
pub use order::{BrokerOrder, BrokerOrderLeg};
pub use order_type::OrderType;
pub use osi::{OSI_LEN, OptionSymbol, OsiError, readable_symbol};
pub use put_call::PutCall;
pub use request::OrderRequest;
pub use session::Session;
pub use status::{LifecycleError, OrderEvent, OrderStatus};
pub use stock::{
    ACTIVATION_PRICE_LABEL, DURATION_LABEL, INSTRUCTION_LABEL, LINK_BASES, LINK_BASIS_LABEL,
    LINK_TYPE_LABEL, OFFSET_LABEL, ORDER_TYPE_LABEL, PRICE_LABEL, QUANTITY_LABEL, SESSION_LABEL,
    STOP_PRICE_LABEL, SYMBOL_LABEL, StockAction, StockForm, StockOrder, StockPricing, StockTiming,
    stock_symbol,
};
pub use strategy::OrderStrategy;
pub use vertical::{
    LEGS_LABEL, LegForm, LegRule, NET_ORDER_TYPE_LABEL, NET_PRICE_LABEL, Net, Vertical,
    VerticalLeg, describe,
};
