//! `GET /api/metrics`: the process's metrics in Prometheus text format, from one recorder installed
//! at start (budgets, broker answers, fan-outs, order streams).

use std::sync::OnceLock;

use engine::account::{AccountRegistry, StreamPhase};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Bucket bounds (seconds) of the fan-out duration and send-skew histograms.
const FAN_OUT_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the process's metrics recorder (once; later calls reuse it). `None` when another
/// recorder was installed first, in which case `/api/metrics` answers only the gauges it sets.
pub fn install() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(
                    Matcher::Prefix("copydesk_fan_out".to_owned()),
                    &FAN_OUT_BUCKETS,
                )
                .ok()?;
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).ok()?;
            Some(handle)
        })
        .as_ref()
}

/// The metrics text: the counters and histograms recorded so far, and gauges of the order streams
/// by state and of the read budget, taken now.
#[must_use]
pub fn render(registry: &AccountRegistry) -> String {
    let Some(handle) = install() else {
        return String::new();
    };
    let statuses: Vec<StreamPhase> = registry
        .handles()
        .iter()
        .map(|h| h.account.stream_status().phase)
        .collect();
    for phase in StreamPhase::ALL {
        let count = statuses.iter().filter(|p| **p == phase).count();
        metrics::gauge!("copydesk_stream_connections", "state" => phase.as_str()).set(count as f64);
    }
    let reads = registry.reads();
    metrics::gauge!("copydesk_read_limit_per_minute").set(f64::from(reads.per_minute()));
    metrics::gauge!("copydesk_reads_last_minute").set(f64::from(reads.used_last_minute()));
    metrics::gauge!("copydesk_background_reads_last_minute")
        .set(f64::from(reads.background_last_minute()));
    metrics::gauge!("copydesk_accounts").set(statuses.len() as f64);
    handle.render()
}
