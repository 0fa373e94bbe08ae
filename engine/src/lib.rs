//! copydesk's domain: orders, brokerages, account actors and copy-trade supervision.

pub mod allocator;
mod wire_enum;

pub mod account;
pub mod broker;
pub mod clock;
pub mod copy;
pub mod ids;
pub mod order;
pub mod pause;

pub use wire_enum::UnknownValue;
