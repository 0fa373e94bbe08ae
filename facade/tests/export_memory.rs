//! The audit export streams: exporting 10,000 sessions holds no more memory at its peak than exporting
//! 1,000 does (one page of sessions and its text at a time), and far less than the export's size.
//! Memory is measured by counting allocations, not by time.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{TimeZone, Utc};
use engine::copy::{CopyRow, CopySession, RepositoryError, SessionArchive, TradeKind};
use engine::ids::{AccountId, AgentId, BrokerOrderId, SessionId};
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};
use facade::session_export::{ExportFormat, ExportRequest, export_stream};
use futures::StreamExt;
use peak_alloc::PeakAlloc;
use rust_decimal_macros::dec;

/// The system allocator, counting the bytes live now and the most live since the last reset.
#[global_allocator]
static ALLOCATOR: PeakAlloc = PeakAlloc;

/// An archive of `count` sessions of three filled rows each, made when a page is asked for (so the
/// test itself holds none of them).
struct Generated {
    count: u64,
}

fn session(id: u64) -> CopySession {
    let at = Utc
        .timestamp_opt(1_730_000_000 + i64::try_from(id).unwrap_or(0), 0)
        .single()
        .unwrap_or_default();
    let rows = (1..=3)
        .map(|account| {
            let request = OrderRequest::limit(
                OrderLeg::option(Instruction::BuyToOpen, 2, "AAPL  241018C00200000"),
                dec!(3.45),
            );
            let mut row = CopyRow::pending(AccountId(account), request, None, at);
            row.order_id = Some(BrokerOrderId(i64::try_from(id * 10 + account).unwrap_or(0)));
            row.state = engine::copy::RowState::Order(OrderStatus::Filled);
            row.filled_quantity = 2;
            row.average_price = Some(dec!(3.44));
            row.accepted_at = Some(at);
            row.first_fill_at = Some(at);
            row.last_fill_at = Some(at);
            row
        })
        .collect();
    CopySession {
        id: SessionId(id),
        agent: AgentId(1),
        kind: TradeKind::Common,
        created_at: at,
        rows,
        replaced_session: None,
    }
}

impl SessionArchive for Generated {
    fn page(
        &self,
        _agent: AgentId,
        after: Option<SessionId>,
        limit: usize,
    ) -> Result<Vec<CopySession>, RepositoryError> {
        let first = after.map_or(1, |id| id.get() + 1);
        Ok((first..=self.count).take(limit).map(session).collect())
    }
}

/// Exports `count` sessions, dropping each chunk once counted; answers (bytes written, sessions
/// seen, peak bytes live above what was live before the export).
async fn export(count: u64, format: ExportFormat) -> (usize, usize, usize) {
    let request = ExportRequest {
        agent: AgentId(1),
        agent_name: "alice".into(),
        from: None,
        to: None,
        format,
        accounts: HashMap::from([
            (AccountId(1), ("Small".to_owned(), "alice-Small".to_owned())),
            (
                AccountId(2),
                ("Medium".to_owned(), "alice-Medium".to_owned()),
            ),
            (AccountId(3), ("Big".to_owned(), "alice-Big".to_owned())),
        ]),
    };
    let archive: Arc<dyn SessionArchive> = Arc::new(Generated { count });
    let before = ALLOCATOR.current_usage();
    ALLOCATOR.reset_peak_usage();
    let mut stream = Box::pin(export_stream(archive, request));
    let mut written = 0;
    let mut sessions = 0;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.expect("a chunk");
        written += chunk.len();
        sessions += match format {
            ExportFormat::Csv => chunk.iter().filter(|b| **b == b'\n').count(),
            ExportFormat::Json => {
                String::from_utf8_lossy(&chunk)
                    .matches("agentTradingSessionID")
                    .count()
                    * 3
            }
        };
    }
    drop(stream);
    let peak = ALLOCATOR.peak_usage().saturating_sub(before);
    (written, sessions, peak)
}

#[actix_web::test]
async fn exporting_ten_thousand_sessions_holds_one_page_at_a_time() {
    for format in [ExportFormat::Csv, ExportFormat::Json] {
        let (small_size, small_rows, small_peak) = export(1_000, format).await;
        let (size, rows, peak) = export(10_000, format).await;
        println!(
            "{format:?}: 1,000 sessions {small_size} bytes, peak {small_peak}; 10,000 sessions {size} bytes, peak {peak}"
        );
        // CSV counts the header line too.
        let header = usize::from(format == ExportFormat::Csv);
        assert_eq!(
            (small_rows, rows),
            (3_000 + header, 30_000 + header),
            "{format:?}: every row of every session is exported"
        );
        assert!(
            size > 9 * small_size,
            "{format:?}: ten times the sessions, ten times the text ({small_size} → {size})"
        );
        // Ten times the sessions, the same peak (one page of sessions and its chunk), within slack.
        assert!(
            peak < small_peak * 3 / 2 + 64 * 1024,
            "{format:?}: peak {peak} bytes for 10,000 sessions vs {small_peak} for 1,000"
        );
        assert!(
            peak * 10 < size,
            "{format:?}: the peak ({peak} bytes) is a small part of the export ({size} bytes)"
        );
    }
}
