//! Repeats of a copy command: a command sent again under the same `Idempotency-Key` gets the first one's
//! answer, and no order is sent a second time.
//!
//! A client whose place, replace, cancel or exit lost its answer (the connection dropped, the server
//! stopped) cannot tell whether the orders went out. Sending the same command again with the same key is
//! safe: the key was claimed before the first order left, in the database of the fan-out journal, whose
//! flush before a place, replace or exit's first send makes the claim durable with it (a cancel is not
//! journaled: its claim lasts as long as the process, or the next flush, and a cancel sent twice is
//! refused by the brokerage the second time). The repeat is answered from the claim instead:
//!
//! - the first command finished: its answer, as it was (`Idempotency-Replayed: true`);
//! - it is still being carried out: 409 `command_in_progress`;
//! - copydesk stopped while it was carried out: 409 `command_interrupted` (its orders settle from the
//!   brokerage's listings, as every interrupted fan-out's do);
//! - the key named another command (another path or body): 409 `idempotency_key_reused`.
//!
//! A command refused as a whole (an answer outside 2xx: nothing was sent) gives its key back, so the
//! same command may be sent again once its problem is fixed. The one error answer after which orders may
//! have gone out (500 `fan_out_interrupted`, marked [`OrdersMayHaveGoneOut`]) is kept like a success.
//! Keys are per agent and kept for [`KEY_LIFETIME`]. Without the header a command is carried out as
//! before.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use actix_session::SessionExt as _;
use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{CONTENT_TYPE, HeaderName, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{Error, HttpResponse};
use engine::clock::Clock;
use sha2::{Digest as _, Sha256};
use store::{CommandKeyRecord, CommandKeys, KeptAnswer};

use crate::ApiError;
use crate::auth::signed_in_agent;
use crate::error::OrdersMayHaveGoneOut;
use crate::json_body::{declared_length, read_limited};

/// The request header naming a command, chosen by the client (a UUID, say).
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
/// The header on an answer sent again to a repeated command.
pub const REPLAYED: &str = "idempotency-replayed";
/// How long a key is remembered after its claim.
pub const KEY_LIFETIME: chrono::Duration = chrono::Duration::hours(24);
/// The longest key accepted, in characters.
pub const MAX_KEY_CHARS: usize = 100;
/// How often old keys are purged (on the next command after this many seconds).
const PURGE_EVERY_SECS: i64 = 3_600;
/// The path segments of the calls that send orders (place, exit, replace, cancel of every kind).
const COMMAND_WORDS: &[&str] = &[
    "place_order",
    "exit_order",
    "exit_order_multiple",
    "replace_order",
    "replace_order_individual",
    "replace_individual_legs",
    "cancel_order",
    "cancel_order_individual",
];
/// The first path segments (below `/api`) of the calls that send orders.
const COMMAND_FAMILIES: &[&str] = &["copy_trading_account", "stock_copy_trading"];

/// The claims of this process run, over the store's command keys.
pub struct CommandKeyGate {
    keys: CommandKeys,
    clock: Arc<dyn Clock>,
    /// This process run's id: claims left unanswered by another run were cut off by a stop.
    run: String,
    /// When old keys were last purged (Unix seconds).
    purged_at: AtomicI64,
}

impl std::fmt::Debug for CommandKeyGate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandKeyGate")
            .field("keys", &self.keys)
            .finish_non_exhaustive()
    }
}

impl CommandKeyGate {
    /// The gate of a new process run over `keys`.
    #[must_use]
    pub fn new(keys: CommandKeys, clock: Arc<dyn Clock>) -> Self {
        Self {
            keys,
            clock,
            run: hex::encode(rand::random::<[u8; 16]>()),
            purged_at: AtomicI64::new(i64::MIN),
        }
    }

    /// Removes keys older than [`KEY_LIFETIME`] when the last purge is an hour old.
    fn purge_now_and_then(&self, now: i64) {
        let last = self.purged_at.load(Ordering::Relaxed);
        if now.saturating_sub(last) < PURGE_EVERY_SECS
            || self
                .purged_at
                .compare_exchange(last, now, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
        {
            return;
        }
        let cutoff = now - KEY_LIFETIME.num_seconds();
        match self.keys.purge_claimed_before(cutoff) {
            Ok(0) => {}
            Ok(removed) => tracing::debug!(removed, "old command keys purged"),
            Err(error) => tracing::warn!(%error, "old command keys could not be purged"),
        }
    }
}

/// Whether `path` (with its `/api` prefix) is a call that sends orders.
#[must_use]
pub fn is_command_path(path: &str) -> bool {
    let mut segments = path
        .trim_start_matches("/api/")
        .split('/')
        .filter(|s| !s.is_empty());
    let family = segments.next().unwrap_or_default();
    let word = segments.next().unwrap_or_default();
    COMMAND_FAMILIES.contains(&family) && COMMAND_WORDS.contains(&word)
}

/// Reads the key: 1 to [`MAX_KEY_CHARS`] visible ASCII characters, optionally in double quotes (the
/// structured-field spelling).
///
/// # Errors
/// [`ApiError::BadRequest`] naming the header otherwise.
pub fn parse_key(value: &HeaderValue) -> Result<String, ApiError> {
    let refused = || {
        ApiError::BadRequest(format!(
            "Idempotency-Key must be 1 to {MAX_KEY_CHARS} visible characters (a UUID, say)"
        ))
    };
    let text = value.to_str().map_err(|_| refused())?.trim();
    let text = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    let visible = text.bytes().all(|b| b.is_ascii_graphic());
    if text.is_empty() || text.len() > MAX_KEY_CHARS || !visible {
        return Err(refused());
    }
    Ok(text.to_owned())
}

/// The digest of a command: method, path (without a trailing slash) and body.
#[must_use]
pub fn fingerprint(method: &Method, path: &str, body: &[u8]) -> String {
    let mut digest = Sha256::new();
    digest.update(method.as_str().as_bytes());
    digest.update([0]);
    digest.update(path.trim_end_matches('/').as_bytes());
    digest.update([0]);
    digest.update(body);
    hex::encode(digest.finalize())
}

/// The middleware of the `/api` scope (inside the session layer) that answers repeated commands; see
/// the module's description. Every other call passes untouched.
///
/// # Errors
/// Passes on the inner service's errors.
pub async fn replay_repeated_commands(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let writes = matches!(*req.method(), Method::POST | Method::PUT | Method::DELETE);
    let header = req.headers().get(IDEMPOTENCY_KEY).cloned();
    let (Some(header), true) = (header, writes && is_command_path(req.path())) else {
        return pass(req, next).await;
    };
    let key = match parse_key(&header) {
        Ok(key) => key,
        Err(error) => return Ok(req.error_response(error)),
    };
    // Nobody signed in: the handler answers 401 and nothing is claimed.
    let Some(agent) = signed_in_agent(&req.get_session()) else {
        return pass(req, next).await;
    };
    let Some(gate) = req
        .app_data::<actix_web::web::Data<crate::AppState>>()
        .map(|state| Arc::clone(&state.command_keys))
    else {
        return pass(req, next).await;
    };
    // Read as the JSON body itself is, so refused as it would be: over its limit, or not read whole.
    let declared = declared_length(req.headers());
    let payload = req.parts_mut().1.take();
    let body = match read_limited(declared, payload).await {
        Ok(body) => Bytes::from(body),
        Err(refusal) => return Ok(req.error_response(refusal)),
    };
    let print = fingerprint(req.method(), req.path(), &body);
    req.set_payload(body.into());
    let now = gate.clock.now().timestamp();
    gate.purge_now_and_then(now);
    let claim = CommandKeyRecord {
        fingerprint: print.clone(),
        run: gate.run.clone(),
        claimed_at: now,
        answer: None,
    };
    match gate.keys.claim(agent, &key, &claim) {
        Ok(None) => {}
        Ok(Some(earlier)) => return Ok(repeat_answer(req, &gate, &earlier, &print)),
        Err(error) => return Ok(req.error_response(ApiError::from(error))),
    }
    let response = match next.call(req).await {
        Ok(response) => response,
        Err(error) => {
            release(&gate, agent, &key);
            return Err(error);
        }
    };
    if sent_nothing(response.response()) {
        release(&gate, agent, &key);
        return Ok(response.map_into_boxed_body());
    }
    keep_answer(&gate, agent, &key, response).await
}

/// Hands a call that is not a keyed command to the next service untouched.
async fn pass(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    next.call(req)
        .await
        .map(ServiceResponse::map_into_boxed_body)
}

/// Whether a command's answer says nothing was sent: any answer outside 2xx, but the one marked
/// [`OrdersMayHaveGoneOut`].
fn sent_nothing<B>(response: &HttpResponse<B>) -> bool {
    !response.status().is_success() && !response.extensions().contains::<OrdersMayHaveGoneOut>()
}

/// Gives a key back after its command was refused as a whole.
fn release(gate: &CommandKeyGate, agent: u64, key: &str) {
    if let Err(error) = gate.keys.release(agent, key) {
        tracing::warn!(%error, "a refused command's key could not be given back");
    }
}

/// Reads a carried-out command's answer, keeps it under the key, and sends it on.
async fn keep_answer(
    gate: &CommandKeyGate,
    agent: u64,
    key: &str,
    response: ServiceResponse<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let (request, response) = response.into_parts();
    let (head, body) = response.into_parts();
    let Ok(bytes) = actix_web::body::to_bytes(body).await else {
        // The answer could not be read whole: the client gets the same break; the claim stays
        // unanswered, so a repeat is told the command is in progress rather than sent again.
        return Err(ApiError::internal("the command's answer could not be read").into());
    };
    let content_type = head
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    let kept = KeptAnswer {
        status: head.status().as_u16(),
        content_type,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    };
    if let Err(error) = gate.keys.answer(agent, key, kept) {
        tracing::warn!(%error, "a command's answer could not be kept under its key");
    }
    let response = head.set_body(bytes).map_into_boxed_body();
    Ok(ServiceResponse::new(request, response))
}

/// What a repeat of a claimed key is told.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Repeat {
    /// The first command's answer, sent again.
    Replay(KeptAnswer),
    /// The key named another command.
    Reused,
    /// The first command is still being carried out by this process run.
    InProgress,
    /// The first command was cut off by a stop of an earlier run.
    Interrupted,
}

/// How a repeat of `earlier` (this run being `run`) with the fingerprint `print` is answered.
fn repeat_of(earlier: &CommandKeyRecord, print: &str, run: &str) -> Repeat {
    match &earlier.answer {
        _ if earlier.fingerprint != print => Repeat::Reused,
        Some(answer) => Repeat::Replay(answer.clone()),
        None if earlier.run == run => Repeat::InProgress,
        None => Repeat::Interrupted,
    }
}

/// The answer to a repeat of a claimed key.
fn repeat_answer(
    req: ServiceRequest,
    gate: &CommandKeyGate,
    earlier: &CommandKeyRecord,
    print: &str,
) -> ServiceResponse<BoxBody> {
    let refusal = |message: &str, code: &'static str| ApiError::Conflict {
        message: message.to_owned(),
        code,
    };
    match repeat_of(earlier, print, &gate.run) {
        Repeat::Replay(answer) => {
            let status = StatusCode::from_u16(answer.status).unwrap_or(StatusCode::OK);
            let mut response = HttpResponse::build(status);
            if !answer.content_type.is_empty() {
                response.insert_header((CONTENT_TYPE, answer.content_type.as_str()));
            }
            response.insert_header((
                HeaderName::from_static(REPLAYED),
                HeaderValue::from_static("true"),
            ));
            req.into_response(response.body(answer.body))
        }
        Repeat::Reused => req.error_response(refusal(KEY_REUSED, "idempotency_key_reused")),
        Repeat::InProgress => req.error_response(refusal(IN_PROGRESS, "command_in_progress")),
        Repeat::Interrupted => req.error_response(refusal(INTERRUPTED, "command_interrupted")),
    }
}

/// The refusal of a key used for another command.
pub const KEY_REUSED: &str =
    "This Idempotency-Key was already used for another command; nothing was sent";
/// The refusal of a repeat while the command is carried out.
pub const IN_PROGRESS: &str = "This command is still being carried out; its orders show in the orders table as they are placed. Nothing more was sent";
/// The refusal of a repeat of a command a stop cut off.
pub const INTERRUPTED: &str = "This command was cut off when copydesk stopped; the orders it sent settle from the brokerage into the orders table. Nothing more was sent";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_calls_that_send_orders_are_commands() {
        for path in [
            "/api/copy_trading_account/place_order/COMMON",
            "/api/copy_trading_account/cancel_order/VERTICAL/",
            "/api/copy_trading_account/replace_individual_legs/VERTICAL",
            "/api/stock_copy_trading/exit_order_multiple",
            "/api/stock_copy_trading/cancel_order_individual",
        ] {
            assert!(is_command_path(path), "{path}");
        }
        for path in [
            "/api/copy_trading_account/database/COMMON",
            "/api/preflight/COMMON/place_order",
            "/api/stock_copy_trading/get_stock_quotes",
            "/api/agent_account/login",
            "/api/option_contract_save_order/add_option_contract_save_order/VERTICAL",
        ] {
            assert!(!is_command_path(path), "{path}");
        }
    }

    #[test]
    fn keys_are_visible_ascii_up_to_the_limit_quoted_or_not() {
        let read = |text: &str| {
            parse_key(&HeaderValue::from_str(text).expect("a header value"))
                .map_err(|e| e.to_string())
        };
        assert_eq!(read("8e03978e-40d5-43e8"), Ok("8e03978e-40d5-43e8".into()));
        assert_eq!(read("\"abc\""), Ok("abc".into()));
        let refused = Err(format!(
            "Idempotency-Key must be 1 to {MAX_KEY_CHARS} visible characters (a UUID, say)"
        ));
        assert_eq!(read(""), refused);
        assert_eq!(read("\"\""), refused);
        assert_eq!(read("a b"), refused);
        assert_eq!(read(&"k".repeat(MAX_KEY_CHARS + 1)), refused);
        assert_eq!(
            read(&"k".repeat(MAX_KEY_CHARS)),
            Ok("k".repeat(MAX_KEY_CHARS))
        );
    }

    #[test]
    fn a_repeat_is_replayed_refused_as_reused_in_progress_or_interrupted() {
        let answer = KeptAnswer {
            status: 200,
            content_type: "text/plain; charset=utf-8".into(),
            body: "success".into(),
        };
        let claim = |answer: Option<KeptAnswer>| CommandKeyRecord {
            fingerprint: "f".into(),
            run: "this".into(),
            claimed_at: 0,
            answer,
        };
        assert_eq!(
            repeat_of(&claim(Some(answer.clone())), "f", "this"),
            Repeat::Replay(answer.clone())
        );
        // A finished command is replayed after a restart too.
        assert_eq!(
            repeat_of(&claim(Some(answer.clone())), "f", "next"),
            Repeat::Replay(answer.clone())
        );
        assert_eq!(repeat_of(&claim(Some(answer)), "g", "this"), Repeat::Reused);
        assert_eq!(repeat_of(&claim(None), "g", "next"), Repeat::Reused);
        assert_eq!(repeat_of(&claim(None), "f", "this"), Repeat::InProgress);
        assert_eq!(repeat_of(&claim(None), "f", "next"), Repeat::Interrupted);
    }

    #[test]
    fn only_refusals_give_the_key_back_not_a_fan_out_cut_short() {
        use actix_web::ResponseError as _;
        let interrupted = ApiError::Interrupted("stopped".into()).error_response();
        assert_eq!(interrupted.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(!sent_nothing(&interrupted));
        assert!(!sent_nothing(&HttpResponse::Ok().body("success")));
        for refusal in [
            ApiError::BadRequest("Quantity is required".into()),
            ApiError::Unavailable("copydesk is shutting down".into()),
            ApiError::Internal("the journal could not be written".into()),
            ApiError::Conflict {
                message: "Not sent".into(),
                code: "preview_refused",
            },
        ] {
            assert!(sent_nothing(&refusal.error_response()), "{refusal}");
        }
    }

    #[test]
    fn the_fingerprint_tells_commands_apart_but_not_spellings_of_a_path() {
        let place = fingerprint(&Method::POST, "/api/stock_copy_trading/place_order", b"{}");
        assert_eq!(
            place,
            fingerprint(&Method::POST, "/api/stock_copy_trading/place_order/", b"{}")
        );
        assert_ne!(
            place,
            fingerprint(&Method::POST, "/api/stock_copy_trading/place_order", b"{ }")
        );
        assert_ne!(
            place,
            fingerprint(&Method::POST, "/api/stock_copy_trading/exit_order", b"{}")
        );
    }
}
