//! How a copy command goes out: the optional `fanOutMode` field of place, exit and replace bodies, and
//! whether the command is sent or only checked (`/api/preflight/...`).
//!
//! `fanOutMode` is `ALL_OR_NONE` (every targeted account is previewed; if any would refuse, nothing is
//! sent and the answer is 409 `preview_refused` naming them), `ONLY_PASSING` (every account is
//! previewed; those that would refuse get a `FAILED_TO_PLACE` row with the brokerage's reason and
//! nothing is sent to them) or `SEND_TO_ALL` (nothing is previewed; today's behaviour). Without the
//! field the agent's default from the operator settings applies, itself `SEND_TO_ALL` until changed, so
//! the specs' clients, which never send it, behave as before.

use engine::copy::FanOutMode;
use serde::Deserialize;

use crate::ApiError;

/// The API's words for the fan-out modes.
#[derive(utoipa::ToSchema)]
#[schema(as = copy::FanOutMode)]
#[allow(
    dead_code,
    non_camel_case_types,
    reason = "describes the JSON words only"
)]
pub(crate) enum FanOutModeSchema {
    /// If any targeted account's preview rejects, nothing is sent (409 `preview_refused`).
    ALL_OR_NONE,
    /// Only accounts whose preview passes are sent the order; the others get a `FAILED_TO_PLACE` row.
    ONLY_PASSING,
    /// Every account is sent the order; nothing is previewed.
    SEND_TO_ALL,
}

/// Reads a fan-out mode word.
///
/// # Errors
/// [`ApiError::BadRequest`] naming `field` (by its form label) and the allowed words.
pub(crate) fn parse_mode(text: &str, field: &str) -> Result<FanOutMode, ApiError> {
    text.trim().to_uppercase().parse().map_err(|_| {
        ApiError::BadRequest(format!(
            "{} must be one of ALL_OR_NONE, ONLY_PASSING, SEND_TO_ALL",
            crate::field_labels::label(field)
        ))
    })
}

/// The optional `fanOutMode` field, flattened into every place, exit and replace body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[schema(as = copy::FanOutField)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FanOutField {
    /// How the command fans out; without it, the operator's default (`SEND_TO_ALL` until changed).
    #[serde(default)]
    #[schema(value_type = Option<FanOutModeSchema>)]
    fan_out_mode: Option<serde_json::Value>,
}

/// Whether a parsed command is sent or only checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dispatch {
    /// Planned, previewed when the mode asks for it, and sent.
    Send,
    /// Planned and previewed on every targeted account; nothing is sent or stored.
    Check,
    /// Planned only (`/api/plan_preview/...`): each account's quantity and what cut or refused it;
    /// no brokerage is asked, nothing is sent or stored.
    Plan,
}

/// What to do with a parsed command: send or check it, and in which mode (`None`: the default).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct How {
    /// Send or check.
    pub(crate) dispatch: Dispatch,
    /// The mode the body asked for.
    pub(crate) mode: Option<FanOutMode>,
    /// The total a place splits equally over its accounts (`splitTotal`), instead of sizing each.
    pub(crate) split_total: Option<u32>,
}

impl How {
    /// Sent in the operator's default mode (the cancels, which have no mode).
    pub(crate) const DEFAULT: Self = Self {
        dispatch: Dispatch::Send,
        mode: None,
        split_total: None,
    };

    /// The same, splitting `total` equally when one is given.
    #[must_use]
    pub(crate) fn split(self, total: Option<u32>) -> Self {
        Self {
            split_total: total,
            ..self
        }
    }
}

impl FanOutField {
    /// The mode asked for and `dispatch`.
    ///
    /// # Errors
    /// [`ApiError::BadRequest`] "Fan-out mode must be one of ..." for an unknown word.
    pub(crate) fn how(&self, dispatch: Dispatch) -> Result<How, ApiError> {
        let mode = match &self.fan_out_mode {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(text)) => Some(parse_mode(text, "fanOutMode")?),
            // Any other JSON value is refused with the same message as an unknown word.
            Some(_) => Some(parse_mode("", "fanOutMode")?),
        };
        Ok(How {
            dispatch,
            mode,
            split_total: None,
        })
    }
}

/// The actix handler of a command call that sends: `$handler` with [`Dispatch::Send`] first.
macro_rules! sent {
    ($handler:ident) => {
        move |state, session, body| {
            $handler(
                $crate::routes::fan_out::Dispatch::Send,
                state,
                session,
                body,
            )
        }
    };
}
pub(crate) use sent;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_read_from_their_words_and_absent_means_the_default() {
        let field = |text: Option<&str>| FanOutField {
            fan_out_mode: text.map(serde_json::Value::from),
        };
        assert_eq!(field(None).how(Dispatch::Send).ok(), Some(How::DEFAULT));
        assert_eq!(
            field(Some(" all_or_none ")).how(Dispatch::Check).ok(),
            Some(How {
                dispatch: Dispatch::Check,
                mode: Some(FanOutMode::AllOrNone),
                split_total: None,
            })
        );
        assert_eq!(
            field(Some("SOME"))
                .how(Dispatch::Send)
                .err()
                .map(|e| e.to_string()),
            Some("Fan-out mode must be one of ALL_OR_NONE, ONLY_PASSING, SEND_TO_ALL".into())
        );
        let number = FanOutField {
            fan_out_mode: Some(serde_json::json!(5)),
        };
        assert_eq!(
            number.how(Dispatch::Send).err().map(|e| e.to_string()),
            Some("Fan-out mode must be one of ALL_OR_NONE, ONLY_PASSING, SEND_TO_ALL".into())
        );
        let null = FanOutField {
            fan_out_mode: Some(serde_json::Value::Null),
        };
        assert_eq!(null.how(Dispatch::Send).ok(), Some(How::DEFAULT));
    }
}
