//! A clean stop: on Ctrl-C or SIGTERM, take no new commands, let fan-outs in flight finish (up to
//! [`DRAIN_LIMIT`]), then stop the server.

use std::sync::Arc;

use actix_web::dev::ServerHandle;
use engine::account::AccountRegistry;
use engine::copy::{DRAIN_LIMIT, SessionSupervisor};

/// How long a stop waits for the order streams to log out.
pub const STREAM_LOGOUT_LIMIT: std::time::Duration = std::time::Duration::from_secs(3);

/// Waits for Ctrl-C or SIGTERM.
async fn stop_requested() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut terminate) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = terminate.recv() => {}
                }
            }
            Err(err) => {
                tracing::warn!(error = %err, "SIGTERM cannot be watched; stopping on Ctrl-C only");
                // Without Ctrl-C either, nothing asks for a stop.
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        // Without Ctrl-C, nothing asks for a stop.
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Stops the server once a stop is requested, after the fan-outs in flight have finished and the
/// order streams have logged out.
pub async fn stop_on_signal(
    server: ServerHandle,
    supervisor: Arc<SessionSupervisor>,
    registry: Arc<AccountRegistry>,
) {
    stop_requested().await;
    let running = supervisor.fan_outs_in_flight();
    tracing::info!(
        fan_outs = running,
        "stopping: no new commands; waiting for fan-outs in flight"
    );
    let left = supervisor.drain(DRAIN_LIMIT).await;
    if left > 0 {
        tracing::warn!(
            fan_outs = left,
            "stopping with fan-outs still in flight; their rows are settled at the next start"
        );
    }
    registry.stop_streams(STREAM_LOGOUT_LIMIT).await;
    supervisor.keeper().store_event_changes();
    supervisor.keeper().flush();
    server.stop(true).await;
}
