//! copydesk's HTTP facade: the `/api` routes exactly as the specs name them, sessions, and the built UI.
//!
//! Business rules live in `engine`; this crate turns HTTP into calls on it and answers in the specs'
//! shapes. [`routes::configure`] is the one route table, mounted by `main` and by the tests.

pub mod answer;
pub mod app;
pub mod auth;
pub mod command_replay;
pub mod demo;
pub mod error;
pub mod exposure;
pub mod field_labels;
pub mod json_body;
pub mod known_symbols;
pub mod metrics;
pub mod order_fields;
pub mod position_shelves;
pub mod read_cache;
pub mod routes;
pub mod security_headers;
pub mod services;
pub mod session_export;
pub mod settings;
pub mod shutdown;
pub mod state;
pub mod tls;
pub mod ui;

pub use error::ApiError;
pub use settings::Settings;
pub use state::AppState;
