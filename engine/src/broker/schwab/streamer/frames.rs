//! The Streamer's JSON frames: where to connect (`userPreference`), the requests copydesk sends, and
//! the frames it reads (responses, notifies, heartbeats, data).

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::broker::AccessToken;

/// Service of login, logout and connection notices.
pub const ADMIN: &str = "ADMIN";
/// Service of order events.
pub const ACCT_ACTIVITY: &str = "ACCT_ACTIVITY";
/// The subscription key; Schwab echoes it back and uses only the first.
pub const ACTIVITY_KEY: &str = "Account Activity";

/// Response codes of the Streamer guide that copydesk acts on.
pub mod code {
    /// The command succeeded.
    pub const SUCCESS: i64 = 0;
    /// The login was refused (bad or expired token); the connection is closed.
    pub const LOGIN_DENIED: i64 = 3;
    /// Another connection of the same login closed this one.
    pub const CLOSE_CONNECTION: i64 = 12;
    /// The stream stops (nothing subscribed); the connection is closed.
    pub const STOP_STREAMING: i64 = 30;
}

/// `GET /trader/v1/userPreference`, of which only the streamer's address and ids matter here.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserPreference {
    /// Exactly one entry per login.
    #[serde(default)]
    pub streamer_info: Vec<StreamerInfo>,
}

/// Where the login's Streamer is and the ids every request must carry unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StreamerInfo {
    /// The WebSocket address (`wss://streamer-api.schwab.com/ws`).
    pub streamer_socket_url: String,
    /// `SchwabClientCustomerId` of every request.
    pub schwab_client_customer_id: String,
    /// `SchwabClientCorrelId` of every request.
    pub schwab_client_correl_id: String,
    /// `SchwabClientChannel` of LOGIN.
    #[serde(default)]
    pub schwab_client_channel: String,
    /// `SchwabClientFunctionId` of LOGIN.
    #[serde(default)]
    pub schwab_client_function_id: String,
}

impl StreamerInfo {
    fn request(&self, id: u64, service: &str, command: &str, parameters: Value) -> String {
        json!({"requests": [{
            "requestid": id.to_string(),
            "service": service,
            "command": command,
            "SchwabClientCustomerId": self.schwab_client_customer_id,
            "SchwabClientCorrelId": self.schwab_client_correl_id,
            "parameters": parameters,
        }]})
        .to_string()
    }

    /// `ADMIN LOGIN` with the bare access token.
    #[must_use]
    pub fn login(&self, id: u64, token: &AccessToken) -> String {
        self.request(
            id,
            ADMIN,
            "LOGIN",
            json!({
                "Authorization": token.expose_secret(),
                "SchwabClientChannel": self.schwab_client_channel,
                "SchwabClientFunctionId": self.schwab_client_function_id,
            }),
        )
    }

    /// `ACCT_ACTIVITY SUBS` with the guide's key and fields.
    #[must_use]
    pub fn subscribe(&self, id: u64) -> String {
        self.request(
            id,
            ACCT_ACTIVITY,
            "SUBS",
            json!({"keys": ACTIVITY_KEY, "fields": "0,1,2,3"}),
        )
    }

    /// `ADMIN LOGOUT`.
    #[must_use]
    pub fn logout(&self, id: u64) -> String {
        self.request(id, ADMIN, "LOGOUT", json!({}))
    }
}

/// One ACCT_ACTIVITY item of a data frame.
#[derive(Debug, Clone, PartialEq)]
pub struct ActivityItem {
    /// Its number within the connection, when given.
    pub seq: Option<u64>,
    /// The plain account number (`"1"`).
    pub account: String,
    /// The message type (`"2"`).
    pub message_type: String,
    /// The payload, JSON as text (`"3"`).
    pub body: String,
}

/// What one text frame says.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    /// Answers to requests: `(service, command, code, msg)` each.
    Responses(Vec<(String, String, i64, String)>),
    /// Heartbeats and notices; the notices' `(service, code, msg)`.
    Notices(Vec<(String, i64, String)>),
    /// ACCT_ACTIVITY items, with the frame's send time in epoch milliseconds.
    Activity {
        /// When the streamer sent the frame.
        sent_ms: Option<i64>,
        /// Its items, in order.
        items: Vec<ActivityItem>,
    },
    /// Anything else (data of other services, unreadable text).
    Other,
}

/// Reads a text frame.
#[must_use]
pub fn read_frame(text: &str) -> Frame {
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return Frame::Other;
    };
    if let Some(entries) = value.get("response").and_then(Value::as_array) {
        return Frame::Responses(
            entries
                .iter()
                .map(|e| {
                    let (code, msg) = content_code(e);
                    (word(e, "service"), word(e, "command"), code, msg)
                })
                .collect(),
        );
    }
    if let Some(entries) = value.get("notify").and_then(Value::as_array) {
        return Frame::Notices(
            entries
                .iter()
                .filter(|e| e.get("heartbeat").is_none())
                .map(|e| {
                    let (code, msg) = content_code(e);
                    (word(e, "service"), code, msg)
                })
                .collect(),
        );
    }
    if let Some(entries) = value.get("data").and_then(Value::as_array) {
        let mut sent_ms = None;
        let mut items = Vec::new();
        for entry in entries
            .iter()
            .filter(|e| e.get("service").and_then(Value::as_str) == Some(ACCT_ACTIVITY))
        {
            sent_ms = sent_ms.or_else(|| entry.get("timestamp").and_then(Value::as_i64));
            let content = entry.get("content").and_then(Value::as_array);
            items.extend(content.into_iter().flatten().map(|item| ActivityItem {
                seq: item.get("seq").and_then(Value::as_u64),
                account: word(item, "1"),
                message_type: word(item, "2"),
                body: word(item, "3"),
            }));
        }
        return Frame::Activity { sent_ms, items };
    }
    Frame::Other
}

fn word(value: &Value, key: &str) -> String {
    value
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned()
}

fn content_code(entry: &Value) -> (i64, String) {
    let content = entry.get("content");
    let code = content
        .and_then(|c| c.get("code"))
        .and_then(Value::as_i64)
        .unwrap_or(-1);
    let msg = content.map(|c| word(c, "msg")).unwrap_or_default();
    (code, msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info() -> StreamerInfo {
        StreamerInfo {
            streamer_socket_url: "wss://streamer-api.schwab.com/ws".into(),
            schwab_client_customer_id: "cust".into(),
            schwab_client_correl_id: "correl".into(),
            schwab_client_channel: "N9".into(),
            schwab_client_function_id: "APIAPP".into(),
        }
    }

    #[test]
    fn login_sends_the_bare_token_and_the_ids_unchanged() {
        let login: Value =
            serde_json::from_str(&info().login(1, &AccessToken::new("tok"))).unwrap_or_default();
        assert_eq!(
            login,
            json!({"requests": [{"requestid": "1", "service": "ADMIN", "command": "LOGIN",
                "SchwabClientCustomerId": "cust", "SchwabClientCorrelId": "correl",
                "parameters": {"Authorization": "tok", "SchwabClientChannel": "N9",
                               "SchwabClientFunctionId": "APIAPP"}}]})
        );
    }

    #[test]
    fn frames_are_told_apart() {
        assert_eq!(
            read_frame(r#"{"notify":[{"heartbeat":"1668715930582"}]}"#),
            Frame::Notices(vec![])
        );
        assert_eq!(
            read_frame(
                r#"{"notify":[{"service":"ADMIN","timestamp":1,"content":{"code":12,"msg":"bye"}}]}"#
            ),
            Frame::Notices(vec![("ADMIN".into(), 12, "bye".into())])
        );
        assert_eq!(
            read_frame(
                r#"{"response":[{"service":"ADMIN","command":"LOGIN","requestid":"1","content":{"code":3,"msg":"Login Denied."}}]}"#
            ),
            Frame::Responses(vec![(
                "ADMIN".into(),
                "LOGIN".into(),
                3,
                "Login Denied.".into()
            )])
        );
        assert_eq!(
            read_frame(
                r#"{"data":[{"service":"ACCT_ACTIVITY","timestamp":5,"command":"SUBS","content":[{"seq":2,"key":"Account Activity","1":"123","2":"OrderAccepted","3":"{}"}]}]}"#
            ),
            Frame::Activity {
                sent_ms: Some(5),
                items: vec![ActivityItem {
                    seq: Some(2),
                    account: "123".into(),
                    message_type: "OrderAccepted".into(),
                    body: "{}".into()
                }]
            }
        );
        assert_eq!(read_frame("not json"), Frame::Other);
    }
}
