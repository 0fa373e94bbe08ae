//! The polling answers of the order and position tables: the spec's full table, or with
//! `?since=<version>` the delta form `{"version", "full", "changed", "removed"}`; each made once per
//! version and shared by every poller.

use std::collections::{BTreeMap, HashMap};

use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use engine::copy::{Changes, CopySession, TradeKind};
use engine::ids::AgentId;

use super::row_values::AccountNames;
use crate::answer::Answer;
use crate::position_shelves::{PositionTable, object_json};
use crate::{ApiError, AppState};

/// Builds a table's `{"<session id>": rows, ...}` from sessions, newest first.
pub(crate) type SessionsJson = fn(&[CopySession], &AccountNames) -> Result<Bytes, ApiError>;

/// The `since` of the query string, when there is one.
///
/// # Errors
/// 400 when it is not a whole number.
pub(crate) fn since_of(req: &HttpRequest) -> Result<Option<u64>, ApiError> {
    let query = web::Query::<HashMap<String, String>>::from_query(req.query_string())
        .map_err(|_| ApiError::BadRequest("the query string is invalid".into()))?;
    query
        .get("since")
        .map(|since| {
            since.trim().parse::<u64>().map_err(|_| {
                ApiError::BadRequest("since must be a version from an earlier answer".into())
            })
        })
        .transpose()
}

/// `{"version":V,"full":F,"changed":<changed>,"removed":[...]}`.
fn delta_json(version: u64, full: bool, changed: &[u8], removed: &[String]) -> Bytes {
    let mut out = Vec::with_capacity(changed.len() + 64);
    out.extend_from_slice(
        format!("{{\"version\":{version},\"full\":{full},\"changed\":").as_bytes(),
    );
    out.extend_from_slice(changed);
    out.extend_from_slice(b",\"removed\":");
    // A list of strings always serializes; the fallback keeps the output valid JSON regardless.
    if serde_json::to_writer(&mut out, removed).is_err() {
        out.extend_from_slice(b"[]");
    }
    out.push(b'}');
    Bytes::from(out)
}

/// An orders table of one kind: the full table, or the sessions changed since `?since=`.
///
/// # Errors
/// 400 for a bad `since`; storage errors while naming the accounts.
pub(crate) fn sessions_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
    kind: TradeKind,
    build: SessionsJson,
) -> Result<HttpResponse, ApiError> {
    let since = since_of(req)?;
    let book = state.services.supervisor.keeper().book();
    let version = book.version(agent, kind);
    let answer =
        state
            .read_cache
            .get_or_make(agent, kind, version, since, || -> Result<_, ApiError> {
                let names = AccountNames::load(state, agent)?;
                let Some(since) = since else {
                    // The sessions may be newer than `version`; a later poll sends them again.
                    let (_, sessions) = book.view(agent, kind);
                    return Ok(Answer::new(build(&sessions, &names)?));
                };
                let (now, changes) = book.changes_since(agent, kind, since);
                let (full, sessions) = match changes {
                    Changes::Full(all) => (true, all),
                    Changes::Since(changed) => (false, changed),
                };
                let changed = build(&sessions, &names)?;
                Ok(Answer::new(delta_json(now, full, &changed, &[])))
            })?;
    let etag = match since {
        None => format!("{kind}-{agent}-{version}"),
        Some(since) => format!("{kind}-{agent}-{version}-since-{since}"),
    };
    Ok(answer.respond(req, &etag))
}

/// A position table: the full table, or the keys changed or removed since `?since=`. `current` is
/// the table as it is now, each key's rows already a JSON array.
///
/// # Errors
/// 400 for a bad `since`.
pub(crate) fn positions_answer(
    state: &AppState,
    req: &HttpRequest,
    agent: AgentId,
    table: PositionTable,
    current: BTreeMap<String, Bytes>,
) -> Result<HttpResponse, ApiError> {
    let name = match table {
        PositionTable::Option => "positions",
        PositionTable::Stock => "stock-positions",
    };
    match since_of(req)? {
        None => {
            let (version, answer) = state.positions.full(agent, table, current);
            Ok(answer.respond(req, &format!("{name}-{agent}-{version}")))
        }
        Some(since) => {
            let delta = state.positions.delta(agent, table, current, since);
            let changed = object_json(delta.changed.iter().map(|(k, rows)| (k.as_str(), rows)));
            let answer = Answer::new(delta_json(
                delta.version,
                delta.full,
                &changed,
                &delta.removed,
            ));
            let etag = format!("{name}-{agent}-{}-since-{since}", delta.version);
            Ok(answer.respond(req, &etag))
        }
    }
}

/// Each key's rows serialized as a JSON array.
///
/// # Errors
/// A row that does not serialize (none do).
pub(crate) fn rows_by_key<R: serde::Serialize>(
    map: BTreeMap<String, Vec<R>>,
) -> Result<BTreeMap<String, Bytes>, ApiError> {
    map.into_iter()
        .map(|(key, rows)| {
            serde_json::to_vec(&rows)
                .map(|json| (key, Bytes::from(json)))
                .map_err(ApiError::internal)
        })
        .collect()
}

/// The query of a polled table, as the API description shows it (`since_of` reads it).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SinceQuery {
    /// The `version` of an earlier answer: the answer then holds only the sessions or position keys
    /// changed or removed since it (the whole table with `"full": true` when it is too old or unknown).
    #[param(minimum = 0)]
    #[expect(
        dead_code,
        reason = "read from the query string by since_of; this type only describes it"
    )]
    since: Option<u64>,
}

/// The conditional header of a polled answer, as the API description shows it (the answers read it
/// from the request themselves).
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub(crate) struct IfNoneMatch {
    /// The ETag of the last answer (a list of entity tags, or `*`); 304 when unchanged
    #[param(
        rename = "If-None-Match",
        pattern = r#"^(\*|(W/)?"[!#-~]*"(, ?(W/)?"[!#-~]*")*)$"#
    )]
    #[expect(
        dead_code,
        reason = "read from the request's headers by the answers; this type only describes it"
    )]
    if_none_match: Option<String>,
}

/// Declares the API description of one polled table whose rows are `$row`: the full table
/// (`{"<key>": [row, ...], ...}`), its delta form under `?since=` and the answer that is either.
/// The types only describe JSON; the answers are written by `sessions_answer` and `positions_answer`.
macro_rules! table_schemas {
    (
        $(#[doc = $what:literal])*
        row: $row:ty,
        table: $table:ident as $($table_name:ident)::+,
        delta: $delta:ident as $($delta_name:ident)::+,
        answer: $answer:ident as $($answer_name:ident)::+ $(,)?
    ) => {
        $(#[doc = $what])*
        #[derive(utoipa::ToSchema)]
        #[schema(as = $($table_name)::+)]
        #[allow(dead_code, reason = "describes the JSON shape only")]
        pub(crate) struct $table(std::collections::BTreeMap<String, Vec<$row>>);

        /// The delta form (`?since=`): the table's version, whether `changed` is the whole table, the
        /// keys changed since with all their rows, and the keys gone since.
        #[derive(utoipa::ToSchema)]
        #[schema(as = $($delta_name)::+)]
        #[allow(dead_code, reason = "describes the JSON shape only")]
        pub(crate) struct $delta {
            /// The version to send as `since` next time.
            #[schema(minimum = 0)]
            version: u64,
            /// Whether `changed` is the whole table (the `since` was unknown or too old).
            full: bool,
            /// The keys changed since, each with all its rows.
            changed: $table,
            /// The keys gone since.
            removed: Vec<String>,
        }

        /// The full table, or with `since` its delta form.
        #[derive(utoipa::ToSchema)]
        #[schema(as = $($answer_name)::+)]
        #[serde(untagged)]
        #[allow(dead_code, reason = "describes the JSON shape only")]
        pub(crate) enum $answer {
            /// Without `since`.
            Full($table),
            /// With `since`.
            Delta($delta),
        }
    };
}

pub(crate) use table_schemas;
