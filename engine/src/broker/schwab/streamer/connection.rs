//! One login's Streamer connection: the WebSocket, `ADMIN LOGIN`, the `ACCT_ACTIVITY` subscription,
//! `seq` gaps, keep-alive pings, and `LOGOUT`.

use std::collections::VecDeque;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use futures::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::time::{Instant, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::activity::ActivityReader;
use super::frames::{ACCT_ACTIVITY, ADMIN, Frame, StreamerInfo, code, read_frame};
use crate::broker::{AccessToken, AccountLink, OrderStream, StreamEnd, StreamError, StreamItem};

/// How long connecting, logging in and subscribing may take.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// A ping goes out after this long without a frame, so a quiet but healthy stream keeps showing life.
pub const PING_AFTER: Duration = Duration::from_secs(20);
/// No frame at all (not even a pong or a heartbeat) for this long means the line is dead.
pub const SILENCE_LIMIT: Duration = Duration::from_secs(60);
/// How long a LOGOUT waits for the streamer before the socket is dropped.
const LOGOUT_WAIT: Duration = Duration::from_secs(2);
/// The read buffer of one connection. Activity frames are a few hundred bytes to a few KiB; a
/// larger frame grows the buffer as it needs. The socket library's default (128 KiB) is allocated
/// per connection (one per login: 128 MiB at 1,000 logins) and zeroed before every read.
const READ_BUFFER: usize = 4 * 1024;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An open, logged-in, subscribed Streamer connection.
pub struct SchwabOrderStream {
    socket: Socket,
    info: StreamerInfo,
    reader: ActivityReader,
    pending: VecDeque<StreamItem>,
    last_seq: Option<u64>,
    next_request: u64,
    last_frame: Instant,
    ended: bool,
}

impl std::fmt::Debug for SchwabOrderStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SchwabOrderStream")
            .field("url", &self.info.streamer_socket_url)
            .field("last_seq", &self.last_seq)
            .finish_non_exhaustive()
    }
}

impl SchwabOrderStream {
    /// Connects to `info`'s streamer, logs in with `token` and subscribes to the account activity of
    /// `accounts`; waits for each answer before the next request (the guide's command discipline).
    ///
    /// # Errors
    /// [`StreamError::Connect`] when the socket cannot be opened or the handshake times out,
    /// [`StreamError::LoginDenied`] for a refused token, [`StreamError::SubscriptionRefused`].
    pub async fn open(
        info: StreamerInfo,
        token: &AccessToken,
        accounts: &[AccountLink],
    ) -> Result<Self, StreamError> {
        let (socket, _) = timeout(
            HANDSHAKE_TIMEOUT,
            tokio_tungstenite::connect_async_with_config(
                info.streamer_socket_url.as_str(),
                Some(WebSocketConfig::default().read_buffer_size(READ_BUFFER)),
                // Commands and pings are small and each waits for its answer.
                true,
            ),
        )
        .await
        .map_err(|_| StreamError::Connect("the streamer did not answer in time".into()))?
        .map_err(|e| StreamError::Connect(e.to_string()))?;
        let mut stream = Self {
            socket,
            info,
            reader: ActivityReader::new(accounts),
            pending: VecDeque::new(),
            last_seq: None,
            next_request: 0,
            last_frame: Instant::now(),
            ended: false,
        };
        let id = stream.request_id();
        let login = stream.info.login(id, token);
        let (code, msg) = stream.command(login, ADMIN, "LOGIN").await?;
        if code != code::SUCCESS {
            return Err(StreamError::LoginDenied(msg));
        }
        let id = stream.request_id();
        let subscribe = stream.info.subscribe(id);
        let (code, msg) = stream.command(subscribe, ACCT_ACTIVITY, "SUBS").await?;
        if code != code::SUCCESS {
            return Err(StreamError::SubscriptionRefused(msg));
        }
        Ok(stream)
    }

    fn request_id(&mut self) -> u64 {
        self.next_request += 1;
        self.next_request
    }

    /// Sends one request and waits for its response; activity arriving meanwhile is kept.
    async fn command(
        &mut self,
        request: String,
        service: &str,
        command: &str,
    ) -> Result<(i64, String), StreamError> {
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        self.socket
            .send(Message::text(request))
            .await
            .map_err(|e| StreamError::Connect(e.to_string()))?;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = timeout(left, self.socket.next())
                .await
                .map_err(|_| StreamError::Connect(format!("no answer to {service} {command}")))?;
            let text = match message {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Close(_))) | None => {
                    return Err(StreamError::LoginDenied(format!(
                        "the streamer closed the connection before answering {service} {command}"
                    )));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(StreamError::Connect(e.to_string())),
            };
            match read_frame(text.as_str()) {
                Frame::Responses(responses) => {
                    if let Some((_, _, code, msg)) = responses
                        .into_iter()
                        .find(|(s, c, _, _)| s == service && c == command)
                    {
                        return Ok((code, msg));
                    }
                }
                Frame::Notices(notices) => {
                    if let Some((_, code, msg)) = notices
                        .into_iter()
                        .find(|(_, code, _)| *code == code::LOGIN_DENIED)
                    {
                        return Ok((code, msg));
                    }
                }
                frame @ Frame::Activity { .. } => self.take(frame),
                Frame::Other => {}
            }
        }
    }

    /// Queues what a frame carries: events, a gap where `seq` skips, the end of the stream.
    fn take(&mut self, frame: Frame) {
        match frame {
            Frame::Activity { sent_ms, items } => {
                let sent_at = sent_ms
                    .and_then(DateTime::<Utc>::from_timestamp_millis)
                    .unwrap_or_else(Utc::now);
                for item in items {
                    if let Some(seq) = item.seq {
                        if self.last_seq.is_some_and(|last| seq > last + 1) {
                            tracing::info!(
                                after = self.last_seq,
                                seq,
                                "order events were lost on the stream"
                            );
                            self.pending.push_back(StreamItem::Gap);
                        }
                        self.last_seq = Some(self.last_seq.map_or(seq, |last| last.max(seq)));
                    }
                    if let Some(event) =
                        self.reader
                            .read(&item.account, &item.message_type, &item.body, sent_at)
                    {
                        self.pending.push_back(StreamItem::Event(event));
                    }
                }
            }
            Frame::Notices(notices) => {
                for (service, code, msg) in notices {
                    let end = match code {
                        code::CLOSE_CONNECTION => StreamEnd::Superseded,
                        code::LOGIN_DENIED => StreamEnd::LoginDenied(msg),
                        code::STOP_STREAMING => StreamEnd::Dropped(msg),
                        _ => {
                            tracing::debug!(service, code, msg, "streamer notice");
                            continue;
                        }
                    };
                    self.pending.push_back(StreamItem::Closed(end));
                }
            }
            Frame::Responses(_) | Frame::Other => {}
        }
    }

    fn end(&mut self, end: StreamEnd) -> StreamItem {
        self.ended = true;
        StreamItem::Closed(end)
    }
}

#[async_trait]
impl OrderStream for SchwabOrderStream {
    async fn next(&mut self) -> StreamItem {
        loop {
            if let Some(item) = self.pending.pop_front() {
                if let StreamItem::Closed(end) = item {
                    return self.end(end);
                }
                return item;
            }
            if self.ended {
                return StreamItem::Closed(StreamEnd::Dropped("the stream has ended".into()));
            }
            let quiet = self.last_frame.elapsed();
            if quiet >= SILENCE_LIMIT {
                return self.end(StreamEnd::Silent);
            }
            let wait = if quiet >= PING_AFTER {
                SILENCE_LIMIT - quiet
            } else {
                PING_AFTER - quiet
            };
            match timeout(wait, self.socket.next()).await {
                Err(_) => {
                    if self.last_frame.elapsed() >= PING_AFTER {
                        if let Err(e) = self.socket.send(Message::Ping(Vec::new().into())).await {
                            return self.end(StreamEnd::Dropped(e.to_string()));
                        }
                    }
                }
                Ok(None) => return self.end(StreamEnd::Dropped("the connection closed".into())),
                Ok(Some(Err(e))) => return self.end(StreamEnd::Dropped(e.to_string())),
                Ok(Some(Ok(message))) => {
                    self.last_frame = Instant::now();
                    match message {
                        Message::Text(text) => {
                            let frame = read_frame(text.as_str());
                            self.take(frame);
                        }
                        Message::Close(_) => {
                            return self.end(StreamEnd::Dropped(
                                "the streamer closed the connection".into(),
                            ));
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    async fn logout(&mut self) {
        if self.ended {
            return;
        }
        self.ended = true;
        let id = self.request_id();
        let logout = self.info.logout(id);
        let polite = async {
            self.socket.send(Message::text(logout)).await.ok()?;
            while let Some(Ok(message)) = self.socket.next().await {
                if let Message::Text(text) = &message {
                    if let Frame::Responses(r) = read_frame(text.as_str()) {
                        if r.iter().any(|(s, c, _, _)| s == ADMIN && c == "LOGOUT") {
                            break;
                        }
                    }
                }
            }
            self.socket.close(None).await.ok()
        };
        let _ = timeout(LOGOUT_WAIT, polite).await;
    }
}
