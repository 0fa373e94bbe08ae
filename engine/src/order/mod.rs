//! Orders: instructions, types, statuses and their lifecycle, option symbols, requests and reports.

mod asset_type;
mod complex_strategy;
mod duration;
mod instruction;
mod invalid;
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
mod status;

pub use asset_type::AssetType;
pub use complex_strategy::ComplexOrderStrategy;
pub use duration::Duration;
pub use instruction::Instruction;
pub use invalid::InvalidOrder;
pub use leg::OrderLeg;
pub use link::{LinkBasis, LinkType};
pub use order::{BrokerOrder, BrokerOrderLeg};
pub use order_type::OrderType;
pub use osi::{OSI_LEN, OptionSymbol, OsiError};
pub use put_call::PutCall;
pub use request::OrderRequest;
pub use session::Session;
pub use status::{LifecycleError, OrderEvent, OrderStatus};
