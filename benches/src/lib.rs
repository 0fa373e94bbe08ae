//! Shared helpers for copydesk benchmarks and load drivers: the fan-out rig over schwab-fake, the span
//! of a fan-out's acceptances, an in-process copydesk server, `copydesk serve` as a child process (on
//! the paper brokerage, or in Schwab mode on a kept data directory) with an agent's browser against
//! it, latency summaries, `/proc` readings, the machine's speed of the moment, the market's own
//! lateness and the figures of the summary table.

pub mod accepted_span;
pub mod agent_browser;
pub mod copydesk_app;
pub mod descriptors;
pub mod error;
pub mod every_limit;
pub mod fake_thread;
pub mod fan_out_rig;
pub mod figures;
pub mod latency;
pub mod load_samples;
pub mod machine_speed;
pub mod market_lateness;
pub mod memory;
pub mod option_pick;
pub mod proc_stats;
pub mod schwab_link;
pub mod schwab_served;
pub mod served_process;

pub use error::RigError;
