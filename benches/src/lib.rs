//! Shared helpers for copydesk benchmarks and load drivers.
