//! Shared helpers for copydesk benchmarks and load drivers: the fan-out rig over schwab-fake, an
//! in-process copydesk server, latency summaries and resident-memory readings.

pub mod copydesk_app;
pub mod descriptors;
pub mod error;
pub mod fan_out_rig;
pub mod latency;
pub mod memory;
pub mod option_pick;

pub use error::RigError;
