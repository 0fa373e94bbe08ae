//! The audit export of an agent's sessions as CSV (RFC 4180) or JSON, streamed a page of stored
//! sessions at a time so that a month of sessions never sits in memory at once.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::web::Bytes;
use chrono::{DateTime, SecondsFormat, Utc};
use engine::copy::{CopyRow, CopySession, RepositoryError, SessionArchive};
use engine::ids::{AccountId, AgentId, SessionId};
use engine::order::OrderRequest;
use futures::Stream;
use rust_decimal::Decimal;
use serde::Serialize;

/// Sessions read from the store per step of the stream.
pub const EXPORT_PAGE: usize = 100;

/// The export's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// RFC 4180 CSV with a header row, one line per account row.
    Csv,
    /// One JSON array of sessions, each with its rows.
    Json,
}

impl ExportFormat {
    /// The answer's content type.
    #[must_use]
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Csv => "text/csv; charset=utf-8",
            Self::Json => "application/json",
        }
    }

    /// The file name's extension.
    #[must_use]
    pub fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Json => "json",
        }
    }
}

/// What to export: whose sessions, the time window `[from, to)` on the session's creation, the format,
/// and the names to show for the agent and its accounts.
#[derive(Debug, Clone)]
pub struct ExportRequest {
    /// The agent.
    pub agent: AgentId,
    /// The agent's username.
    pub agent_name: String,
    /// Sessions created at or after this time.
    pub from: Option<DateTime<Utc>>,
    /// Sessions created before this time.
    pub to: Option<DateTime<Utc>>,
    /// The format.
    pub format: ExportFormat,
    /// Account names and usernames by account.
    pub accounts: HashMap<AccountId, (String, String)>,
}

impl ExportRequest {
    fn includes(&self, session: &CopySession) -> bool {
        self.from.is_none_or(|from| session.created_at >= from)
            && self.to.is_none_or(|to| session.created_at < to)
    }

    fn names(&self, account: AccountId) -> (String, String) {
        self.accounts
            .get(&account)
            .cloned()
            .unwrap_or_else(|| ("(deleted account)".into(), String::new()))
    }
}

/// The CSV header row.
pub const CSV_HEADER: &[&str] = &[
    "Session ID",
    "Agent",
    "Created Time",
    "Kind",
    "Command",
    "Replaced Session ID",
    "Account ID",
    "Account Name",
    "Account Username",
    "Order ID",
    "Replaces Order ID",
    "Legs",
    "Order Type",
    "Quantity",
    "Price",
    "Stop Price",
    "Status",
    "Reason",
    "Filled Quantity",
    "Average Fill Price",
    "Entered Time",
    "Accepted Time",
    "First Fill Time",
    "Last Fill Time",
];

/// One account's row in the JSON export.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = export::Row)]
#[serde(rename_all = "camelCase")]
pub struct ExportRow {
    account_id: u64,
    account_name: String,
    account_username: String,
    /// Null when the order was never placed.
    #[schema(required = true)]
    order_id: Option<i64>,
    /// For a replace: the order this one replaced.
    #[schema(required = true)]
    replaces_order_id: Option<i64>,
    /// Each leg as `INSTRUCTION QUANTITY SYMBOL`.
    legs: Vec<String>,
    order_type: String,
    /// Units sent to this account (after its tier multiplier).
    quantity: u32,
    /// Decimal string; null for market orders.
    #[schema(required = true)]
    price: Option<String>,
    /// Decimal string; null when the order has none.
    #[schema(required = true)]
    stop_price: Option<String>,
    status: String,
    /// The brokerage's or copydesk's reason, when there is one.
    #[schema(required = true)]
    reason: Option<String>,
    filled_quantity: u32,
    /// Decimal string; null until something filled.
    #[schema(required = true)]
    average_fill_price: Option<String>,
    /// RFC 3339.
    entered_time: String,
    /// RFC 3339; null until a listing showed the order.
    #[schema(required = true)]
    accepted_time: Option<String>,
    /// RFC 3339.
    #[schema(required = true)]
    first_fill_time: Option<String>,
    /// RFC 3339.
    #[schema(required = true)]
    last_fill_time: Option<String>,
}

/// One session in the JSON export.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = export::Session)]
#[serde(rename_all = "camelCase")]
pub struct ExportSession {
    #[serde(rename = "agentTradingSessionID")]
    agent_trading_session_id: u64,
    /// Who gave the command.
    agent: String,
    /// RFC 3339: when the command was given.
    created_time: String,
    /// COMMON, VERTICAL or STOCK.
    kind: String,
    /// PLACE, EXIT or REPLACE.
    command: String,
    /// The session whose orders this one replaced (the replace chain); null for a new order.
    #[serde(rename = "replacedSessionID")]
    #[schema(required = true)]
    replaced_session_id: Option<u64>,
    rows: Vec<ExportRow>,
}

/// The command a session carried out: a replace names the session it replaced; otherwise its orders
/// open (PLACE) or close (EXIT) positions.
#[must_use]
pub fn command_word(session: &CopySession) -> &'static str {
    if session.replaced_session.is_some() {
        return "REPLACE";
    }
    let closing = session.rows.iter().all(|row| {
        row.request
            .legs
            .iter()
            .all(|leg| leg.instruction.is_closing())
    });
    if !session.rows.is_empty() && closing {
        "EXIT"
    } else {
        "PLACE"
    }
}

fn rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn decimal(value: Option<Decimal>) -> Option<String> {
    value.map(|v| v.normalize().to_string())
}

fn legs(request: &OrderRequest) -> Vec<String> {
    request
        .legs
        .iter()
        .map(|l| format!("{} {} {}", l.instruction, l.quantity, l.symbol))
        .collect()
}

fn export_row(row: &CopyRow, export: &ExportRequest) -> ExportRow {
    let (account_name, account_username) = export.names(row.account);
    ExportRow {
        account_id: row.account.get(),
        account_name,
        account_username,
        order_id: row.order_id.map(|id| id.0),
        replaces_order_id: row.replaces.map(|id| id.0),
        legs: legs(&row.request),
        order_type: row.request.order_type.to_string(),
        quantity: row.request.total_quantity(),
        price: decimal(row.request.price),
        stop_price: decimal(row.request.stop_price),
        status: row.status_word(),
        reason: row.status_description.clone(),
        filled_quantity: row.filled_quantity,
        average_fill_price: decimal(row.average_price),
        entered_time: rfc3339(row.entered_time),
        accepted_time: row.accepted_at.map(rfc3339),
        first_fill_time: row.first_fill_at.map(rfc3339),
        last_fill_time: row.last_fill_at.map(rfc3339),
    }
}

fn export_session(session: &CopySession, export: &ExportRequest) -> ExportSession {
    ExportSession {
        agent_trading_session_id: session.id.get(),
        agent: export.agent_name.clone(),
        created_time: rfc3339(session.created_at),
        kind: session.kind.to_string(),
        command: command_word(session).to_owned(),
        replaced_session_id: session.replaced_session.map(SessionId::get),
        rows: session.rows.iter().map(|r| export_row(r, export)).collect(),
    }
}

/// One CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180). Text that a
/// spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or CR) gets a leading `'`.
fn csv_field(out: &mut String, value: &str, text: bool) {
    let formula = text && value.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let value = if formula {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        out.push('"');
        out.push_str(&value.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(&value);
    }
}

fn csv_line(out: &mut String, fields: &[(&str, bool)]) {
    for (i, (value, text)) in fields.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        csv_field(out, value, *text);
    }
    out.push_str("\r\n");
}

fn csv_session(out: &mut String, session: &ExportSession) {
    let id = session.agent_trading_session_id.to_string();
    let replaced = session
        .replaced_session_id
        .map(|s| s.to_string())
        .unwrap_or_default();
    let head = [
        (id.as_str(), false),
        (session.agent.as_str(), true),
        (session.created_time.as_str(), false),
        (session.kind.as_str(), false),
        (session.command.as_str(), false),
        (replaced.as_str(), false),
    ];
    if session.rows.is_empty() {
        let mut fields = head.to_vec();
        fields.resize(CSV_HEADER.len(), ("", false));
        csv_line(out, &fields);
        return;
    }
    for row in &session.rows {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        let account = row.account_id.to_string();
        let order = row.order_id.map(|o| o.to_string()).unwrap_or_default();
        let replaces = row
            .replaces_order_id
            .map(|o| o.to_string())
            .unwrap_or_default();
        let legs = row.legs.join("; ");
        let quantity = row.quantity.to_string();
        let price = text(&row.price);
        let stop = text(&row.stop_price);
        let reason = text(&row.reason);
        let filled = row.filled_quantity.to_string();
        let average = text(&row.average_fill_price);
        let accepted = text(&row.accepted_time);
        let first = text(&row.first_fill_time);
        let last = text(&row.last_fill_time);
        let mut fields = head.to_vec();
        fields.extend([
            (account.as_str(), false),
            (row.account_name.as_str(), true),
            (row.account_username.as_str(), true),
            (order.as_str(), false),
            (replaces.as_str(), false),
            (legs.as_str(), true),
            (row.order_type.as_str(), false),
            (quantity.as_str(), false),
            (price.as_str(), false),
            (stop.as_str(), false),
            (row.status.as_str(), false),
            (reason.as_str(), true),
            (filled.as_str(), false),
            (average.as_str(), false),
            (row.entered_time.as_str(), false),
            (accepted.as_str(), false),
            (first.as_str(), false),
            (last.as_str(), false),
        ]);
        csv_line(out, &fields);
    }
}

/// Where the stream stands between pages.
struct Cursor {
    archive: Arc<dyn SessionArchive>,
    export: Arc<ExportRequest>,
    after: Option<SessionId>,
    started: bool,
    wrote_session: bool,
    finished: bool,
}

/// The chunk a page of sessions becomes (the opening text first, the closing text after the last).
fn encode_page(cursor: &mut Cursor, page: &[CopySession], last: bool) -> Result<Bytes, String> {
    let mut out = String::new();
    if !cursor.started {
        cursor.started = true;
        match cursor.export.format {
            ExportFormat::Csv => {
                let header: Vec<(&str, bool)> = CSV_HEADER.iter().map(|h| (*h, false)).collect();
                csv_line(&mut out, &header);
            }
            ExportFormat::Json => out.push('['),
        }
    }
    for session in page.iter().filter(|s| cursor.export.includes(s)) {
        let shaped = export_session(session, &cursor.export);
        match cursor.export.format {
            ExportFormat::Csv => csv_session(&mut out, &shaped),
            ExportFormat::Json => {
                if cursor.wrote_session {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(&shaped).map_err(|e| e.to_string())?);
            }
        }
        cursor.wrote_session = true;
    }
    if last && cursor.export.format == ExportFormat::Json {
        out.push(']');
    }
    Ok(Bytes::from(out))
}

/// Reads the next page on a blocking thread (sled reads block).
async fn next_page(
    archive: Arc<dyn SessionArchive>,
    agent: AgentId,
    after: Option<SessionId>,
) -> Result<Vec<CopySession>, RepositoryError> {
    tokio::task::spawn_blocking(move || archive.page(agent, after, EXPORT_PAGE))
        .await
        .map_err(|e| RepositoryError(e.to_string()))?
}

/// The export as a stream of chunks, one per page of [`EXPORT_PAGE`] stored sessions. At most one page
/// of sessions and its encoded text are held at a time. A storage failure mid-way ends the stream with
/// an error (the download is cut short, never silently complete).
pub fn export_stream(
    archive: Arc<dyn SessionArchive>,
    export: ExportRequest,
) -> impl Stream<Item = Result<Bytes, std::io::Error>> {
    let cursor = Cursor {
        archive,
        export: Arc::new(export),
        after: None,
        started: false,
        wrote_session: false,
        finished: false,
    };
    futures::stream::unfold(cursor, |mut cursor| async move {
        if cursor.finished {
            return None;
        }
        let agent = cursor.export.agent;
        let page = match next_page(cursor.archive.clone(), agent, cursor.after).await {
            Ok(page) => page,
            Err(e) => {
                tracing::error!(error = %e, "session export stopped: storage failed");
                cursor.finished = true;
                return Some((Err(std::io::Error::other("session storage failed")), cursor));
            }
        };
        let last = page.len() < EXPORT_PAGE;
        cursor.after = page.last().map(|s| s.id).or(cursor.after);
        cursor.finished = last;
        let chunk = encode_page(&mut cursor, &page, last).map_err(std::io::Error::other);
        Some((chunk, cursor))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(value: &str, text: bool) -> String {
        let mut out = String::new();
        csv_field(&mut out, value, text);
        out
    }

    #[test]
    fn fields_are_quoted_as_rfc_4180_says_and_formulas_are_defused() {
        assert_eq!(field("plain", true), "plain");
        assert_eq!(field("a,b", true), "\"a,b\"");
        assert_eq!(field("say \"no\"", true), "\"say \"\"no\"\"\"");
        assert_eq!(field("two\nlines", true), "\"two\nlines\"");
        assert_eq!(field("=HYPERLINK(1)", true), "'=HYPERLINK(1)");
        assert_eq!(field("-1.5", false), "-1.5");
    }
}
