//! `SchwabBrokerage`: the `Brokerage` trait over Schwab's Trader and Market Data HTTP APIs.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use async_trait::async_trait;
use bytes::Bytes;
use chrono::{DateTime, Duration as TimeSpan, Utc};
use http::Method;
use http::header::CONTENT_TYPE;

use crate::broker::{
    AccessToken, AccountHash, AccountLink, AccountSnapshot, AuthorizationCode, BrokerError,
    Brokerage, ConnectivityError, OptionChain, OrderPreview, OrderStream, Quote, RefreshToken,
    StreamAddress, StreamError, TokenSet,
};
use crate::clock::{Clock, SystemClock};
use crate::ids::BrokerOrderId;
use crate::order::{BrokerOrder, OrderRequest, PutCall};

use super::client::{Answer, SchwabHttp, encode_query_value, percent_decode};
use super::config::SchwabConfig;
use super::encode::order_body;
use super::error::Endpoint;
use super::models::{
    AccountEnvelope, AccountNumberEntry, TokenResponse, WireOptionChain, WireOrder,
    WireQuoteResponse,
};
use super::parse;
use super::preview::{WirePreview, order_preview};
use super::streamer::{SchwabOrderStream, StreamerInfo, UserPreference};

/// The media type of the order bodies.
const JSON: &str = "application/json";

/// An order and its JSON body.
type EncodedOrder = (OrderRequest, Bytes);

/// Time format of the order-list bounds: `yyyy-MM-dd'T'HH:mm:ss.SSSZ` with a literal `Z` (UTC).
const ORDER_TIME_FORMAT: &str = "%Y-%m-%dT%H:%M:%S%.3fZ";

/// The Schwab Trader API as a [`Brokerage`]. Cheap to clone; clones share one connection pool.
#[derive(Clone)]
pub struct SchwabBrokerage {
    config: Arc<SchwabConfig>,
    http: SchwabHttp,
    clock: Arc<dyn Clock>,
    /// Each account's `…/accounts/{hash}/orders` URL, built once (a fan-out writes to each account).
    orders_urls: Arc<std::sync::Mutex<std::collections::HashMap<AccountHash, url::Url>>>,
    /// The last order written and its JSON body: a fan-out sends the same order (per tier) to every
    /// account, so it is encoded once, not once per account.
    last_body: Arc<std::sync::Mutex<Option<EncodedOrder>>>,
}

impl SchwabBrokerage {
    /// A brokerage on the system clock.
    ///
    /// # Errors
    /// `Connectivity::Network` when the HTTP client cannot be built.
    pub fn new(config: SchwabConfig) -> Result<Self, BrokerError> {
        Self::with_clock(config, Arc::new(SystemClock))
    }

    /// A brokerage reading "now" (for token expiries and chain windows) from `clock`.
    ///
    /// # Errors
    /// `Connectivity::Network` when the HTTP client cannot be built.
    pub fn with_clock(config: SchwabConfig, clock: Arc<dyn Clock>) -> Result<Self, BrokerError> {
        Ok(Self {
            http: SchwabHttp::new(&config)?,
            config: Arc::new(config),
            clock,
            orders_urls: Arc::default(),
            last_body: Arc::default(),
        })
    }

    /// The callback URL registered for the app, to pass to `authorize_url` and `exchange_code`.
    #[must_use]
    pub fn callback_url(&self) -> &str {
        &self.config.callback_url
    }

    /// The login's streamer address and ids: one read of `GET /trader/v1/userPreference`.
    async fn streamer_info(&self, token: &AccessToken) -> Result<StreamerInfo, StreamError> {
        let preference: UserPreference = self
            .get(self.trader(&["userPreference"]), token)
            .await?
            .json("user preference")?;
        preference
            .streamer_info
            .into_iter()
            .next()
            .ok_or_else(|| StreamError::Connect("the user preference names no streamer".into()))
    }

    fn trader(&self, rest: &[&str]) -> url::Url {
        let mut segments = vec!["trader", "v1"];
        segments.extend_from_slice(rest);
        self.http.url(&segments)
    }

    /// The placeOrder/replaceOrder JSON body of `request` (the last one encoded is kept).
    ///
    /// # Errors
    /// `Connectivity::Unreadable` when the order cannot be encoded (never for a valid order).
    fn order_json(&self, request: &OrderRequest) -> Result<Bytes, BrokerError> {
        // The slot holds a whole pair or nothing, so a poisoned lock still guards a usable slot.
        let mut last = self
            .last_body
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((known, body)) = last.as_ref()
            && known == request
        {
            return Ok(body.clone());
        }
        let body = Bytes::from(serde_json::to_vec(&order_body(request)).map_err(|e| {
            BrokerError::from(crate::broker::ConnectivityError::Unreadable {
                detail: format!("the order could not be encoded: {e}"),
            })
        })?);
        *last = Some((request.clone(), body.clone()));
        Ok(body)
    }

    fn order_url(&self, account: &AccountHash, order: Option<BrokerOrderId>) -> url::Url {
        let mut url = {
            // The map holds whole URLs only, so a poisoned lock still guards a usable map.
            let mut urls = self
                .orders_urls
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match urls.get(account) {
                Some(url) => url.clone(),
                None => {
                    let url = self.trader(&["accounts", account.0.as_str(), "orders"]);
                    urls.insert(account.clone(), url.clone());
                    url
                }
            }
        };
        if let Some(order) = order
            && let Ok(mut path) = url.path_segments_mut()
        {
            path.push(&order.get().to_string());
        }
        url
    }

    async fn token_call(
        &self,
        endpoint: Endpoint,
        form: &[(&str, &str)],
    ) -> Result<TokenResponse, BrokerError> {
        let request = self
            .http
            .plain(Method::POST, &self.http.url(&["v1", "oauth", "token"]))
            .basic_auth(&self.config.app_key, &self.config.app_secret)
            .form(form);
        self.http
            .send(endpoint, request)
            .await?
            .json("token answer")
    }

    async fn get(&self, url: url::Url, token: &AccessToken) -> Result<Answer, BrokerError> {
        self.http
            .send(Endpoint::Api, self.http.api(Method::GET, &url, token))
            .await
    }

    /// The order id from a `Location` header, if it names an order of `account`.
    fn order_id_from_location(answer: &Answer, account: &AccountHash) -> Option<BrokerOrderId> {
        let Some(location) = answer.location() else {
            tracing::warn!("order accepted without a Location header");
            return None;
        };
        let id = order_id_in_location(location, account);
        if id.is_none() {
            tracing::warn!(
                "order accepted with a Location header that names no order of this account"
            );
        }
        id
    }
}

/// Reads `.../accounts/{hash}/orders/{id}` (absolute or relative); `None` for anything else.
fn order_id_in_location(location: &str, account: &AccountHash) -> Option<BrokerOrderId> {
    // The path is read from the text (no URL parse on every placed order): after the scheme and
    // host when absolute, up to the query or fragment.
    let path = match location.split_once("://") {
        Some((_, rest)) => rest.find('/').map_or("", |start| &rest[start..]),
        None => location,
    };
    let path = path.split(['?', '#']).next().unwrap_or_default();
    // The last four segments, read from the end without collecting the path.
    let mut tail = path.trim_end_matches('/').rsplit('/');
    let (id, orders, hash, accounts) = (tail.next()?, tail.next()?, tail.next()?, tail.next()?);
    if accounts != "accounts" || orders != "orders" || hash != account.0 {
        return None;
    }
    id.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(BrokerOrderId)
}

/// Maps a parse failure of a single item to an unreadable answer.
fn unreadable(error: &parse::ParseError) -> BrokerError {
    ConnectivityError::Unreadable {
        detail: error.to_string(),
    }
    .into()
}

#[async_trait]
impl Brokerage for SchwabBrokerage {
    async fn open_order_stream(
        &self,
        token: &AccessToken,
        accounts: &[AccountLink],
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        let info = self.streamer_info(token).await?;
        let stream = SchwabOrderStream::open(info, token, accounts).await?;
        Ok(Box::new(stream))
    }

    fn stream_needs_address(&self) -> bool {
        true
    }

    async fn stream_address(&self, token: &AccessToken) -> Result<StreamAddress, StreamError> {
        let info = self.streamer_info(token).await?;
        serde_json::to_string(&info)
            .map(StreamAddress::new)
            .map_err(|e| StreamError::Connect(format!("the streamer's address: {e}")))
    }

    async fn open_order_stream_at(
        &self,
        token: &AccessToken,
        accounts: &[AccountLink],
        address: Option<&StreamAddress>,
    ) -> Result<Box<dyn OrderStream>, StreamError> {
        let Some(address) = address else {
            return self.open_order_stream(token, accounts).await;
        };
        let info: StreamerInfo = serde_json::from_str(address.expose()).map_err(|_| {
            StreamError::LoginDenied("the kept streamer address is unreadable".into())
        })?;
        let stream = SchwabOrderStream::open(info, token, accounts).await?;
        Ok(Box::new(stream))
    }

    fn name(&self) -> &'static str {
        "schwab"
    }

    fn authorize_url(&self, redirect_uri: &str) -> String {
        let mut url = self.http.url(&["v1", "oauth", "authorize"]);
        url.query_pairs_mut()
            .append_pair("client_id", &self.config.app_key)
            .append_pair("redirect_uri", redirect_uri)
            .append_pair("response_type", "code");
        url.to_string()
    }

    async fn exchange_code(
        &self,
        code: &AuthorizationCode,
        redirect_uri: &str,
    ) -> Result<TokenSet, BrokerError> {
        let now = self.clock.now();
        let code = percent_decode(code.expose_secret().trim());
        if code.is_empty() {
            return Err(BrokerError::rejected("the authorization code is empty"));
        }
        let response = self
            .token_call(
                Endpoint::CodeExchange,
                &[
                    ("grant_type", "authorization_code"),
                    ("code", &code),
                    ("redirect_uri", redirect_uri),
                ],
            )
            .await?;
        parse::login_tokens(response, now).map_err(|e| unreadable(&e))
    }

    async fn refresh_token(&self, refresh: &RefreshToken) -> Result<TokenSet, BrokerError> {
        let now = self.clock.now();
        let response = self
            .token_call(
                Endpoint::TokenRefresh,
                &[
                    ("grant_type", "refresh_token"),
                    ("refresh_token", refresh.expose_secret()),
                ],
            )
            .await?;
        parse::refreshed_tokens(response, refresh, now).map_err(|e| unreadable(&e))
    }

    async fn account_numbers(&self, token: &AccessToken) -> Result<Vec<AccountLink>, BrokerError> {
        let answer = self
            .get(self.trader(&["accounts", "accountNumbers"]), token)
            .await?;
        let entries: Vec<AccountNumberEntry> = answer.json("account numbers")?;
        Ok(parse::account_links(entries))
    }

    async fn account(
        &self,
        token: &AccessToken,
        account: &AccountHash,
    ) -> Result<AccountSnapshot, BrokerError> {
        let mut url = self.trader(&["accounts", account.0.as_str()]);
        url.query_pairs_mut().append_pair("fields", "positions");
        let envelope: AccountEnvelope = self.get(url, token).await?.json("account")?;
        Ok(parse::account_snapshot(envelope))
    }

    async fn login_accounts(
        &self,
        token: &AccessToken,
    ) -> Result<Option<Vec<AccountSnapshot>>, BrokerError> {
        let mut url = self.trader(&["accounts"]);
        url.query_pairs_mut().append_pair("fields", "positions");
        let envelopes: Vec<AccountEnvelope> = self.get(url, token).await?.json("accounts")?;
        Ok(Some(
            envelopes.into_iter().map(parse::account_snapshot).collect(),
        ))
    }

    async fn place_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        let http = self
            .http
            .api(Method::POST, &self.order_url(account, None), token)
            .header(CONTENT_TYPE, JSON)
            .body(self.order_json(request)?);
        let answer = self.http.send(Endpoint::Api, http).await?;
        Ok(Self::order_id_from_location(&answer, account))
    }

    /// `POST /trader/v1/accounts/{hash}/previewOrder` with the placeOrder body. Budgeted by the caller
    /// as an order call (see `CallBudget`): Schwab's order throttle covers the account's POST order
    /// requests, and no Schwab source says previews are exempt.
    async fn preview_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        request: &OrderRequest,
    ) -> Result<OrderPreview, BrokerError> {
        let url = self.trader(&["accounts", account.0.as_str(), "previewOrder"]);
        let http = self
            .http
            .api(Method::POST, &url, token)
            .header(CONTENT_TYPE, JSON)
            .body(self.order_json(request)?);
        let wire: WirePreview = self
            .http
            .send(Endpoint::Api, http)
            .await?
            .json("order preview")?;
        Ok(order_preview(wire))
    }

    async fn replace_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
        request: &OrderRequest,
    ) -> Result<Option<BrokerOrderId>, BrokerError> {
        let http = self
            .http
            .api(Method::PUT, &self.order_url(account, Some(order)), token)
            .header(CONTENT_TYPE, JSON)
            .body(self.order_json(request)?);
        let answer = self.http.send(Endpoint::Api, http).await?;
        Ok(Self::order_id_from_location(&answer, account))
    }

    async fn cancel_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<(), BrokerError> {
        let http = self
            .http
            .api(Method::DELETE, &self.order_url(account, Some(order)), token);
        self.http.send(Endpoint::Api, http).await.map(drop)
    }

    async fn get_order(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        order: BrokerOrderId,
    ) -> Result<BrokerOrder, BrokerError> {
        let wire: WireOrder = self
            .get(self.order_url(account, Some(order)), token)
            .await?
            .json("order")?;
        parse::broker_order(wire).map_err(|e| unreadable(&e))
    }

    async fn list_orders(
        &self,
        token: &AccessToken,
        account: &AccountHash,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<BrokerOrder>, BrokerError> {
        let mut url = self.order_url(account, None);
        url.query_pairs_mut()
            .append_pair(
                "fromEnteredTime",
                &from.format(ORDER_TIME_FORMAT).to_string(),
            )
            .append_pair("toEnteredTime", &to.format(ORDER_TIME_FORMAT).to_string());
        let wire: Vec<WireOrder> = self.get(url, token).await?.json("order list")?;
        Ok(parse::broker_orders(wire))
    }

    async fn quotes(
        &self,
        token: &AccessToken,
        symbols: &[String],
    ) -> Result<BTreeMap<String, Quote>, BrokerError> {
        let wanted: Vec<&str> = symbols
            .iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        if wanted.is_empty() {
            return Ok(BTreeMap::new());
        }
        let mut url = self.http.url(&["marketdata", "v1", "quotes"]);
        url.set_query(Some(&format!(
            "symbols={}",
            encode_query_value(&wanted.join(","))
        )));
        let wire: WireQuoteResponse = self.get(url, token).await?.json("quotes")?;
        if !wire.invalid_symbols.is_empty() {
            tracing::debug!(invalid = ?wire.invalid_symbols, "symbols without a quote");
        }
        Ok(parse::quotes(wire))
    }

    async fn option_chain(
        &self,
        token: &AccessToken,
        underlying: &str,
        side: PutCall,
    ) -> Result<OptionChain, BrokerError> {
        let underlying = underlying.trim();
        if underlying.is_empty() {
            return Err(BrokerError::rejected(
                "symbol: an underlying symbol is required",
            ));
        }
        let today = self.clock.now().date_naive();
        let until = today + TimeSpan::days(i64::from(self.config.chain_days));
        let query = [
            format!("symbol={}", encode_query_value(underlying)),
            format!("contractType={}", side.as_str()),
            format!("strikeCount={}", self.config.chain_strike_count),
            format!("fromDate={}", today.format("%Y-%m-%d")),
            format!("toDate={}", until.format("%Y-%m-%d")),
        ]
        .join("&");
        let mut url = self.http.url(&["marketdata", "v1", "chains"]);
        url.set_query(Some(&query));
        let wire: WireOptionChain = self.get(url, token).await?.json("option chain")?;
        if wire.status.as_deref() == Some("FAILED") {
            return Err(BrokerError::rejected(format!(
                "no option chain for {underlying}"
            )));
        }
        parse::option_chain(wire, side).map_err(|e| unreadable(&e))
    }
}

impl fmt::Debug for SchwabBrokerage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SchwabBrokerage")
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash() -> AccountHash {
        AccountHash("3F9A0C7E".into())
    }

    fn brokerage() -> SchwabBrokerage {
        let config = SchwabConfig::new("key", "secret", "https://127.0.0.1:8182/callback")
            .expect("a valid configuration");
        SchwabBrokerage::new(config).expect("a client")
    }

    #[test]
    fn each_order_is_encoded_as_itself_whichever_was_encoded_before() {
        use crate::order::{Instruction, OrderLeg};
        let schwab = brokerage();
        let one = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        let two = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 2, "AAPL"));
        let encoded = |request: &OrderRequest| {
            serde_json::to_vec(&order_body(request)).expect("an order encodes")
        };
        for request in [&one, &one, &two, &one] {
            assert_eq!(
                schwab.order_json(request).ok(),
                Some(Bytes::from(encoded(request)))
            );
        }
    }

    #[test]
    fn an_accounts_order_urls_name_the_account_and_the_order() {
        let schwab = brokerage();
        for _ in 0..2 {
            assert_eq!(
                schwab.order_url(&hash(), None).as_str(),
                "https://api.schwabapi.com/trader/v1/accounts/3F9A0C7E/orders"
            );
            assert_eq!(
                schwab.order_url(&hash(), Some(BrokerOrderId(42))).as_str(),
                "https://api.schwabapi.com/trader/v1/accounts/3F9A0C7E/orders/42"
            );
        }
    }

    #[test]
    fn location_must_name_an_order_of_the_account() {
        let h = hash();
        let cases = [
            (
                "https://api.schwabapi.com/trader/v1/accounts/3F9A0C7E/orders/1002384417720",
                Some(1_002_384_417_720),
            ),
            ("/trader/v1/accounts/3F9A0C7E/orders/42", Some(42)),
            ("https://x/v1/accounts/3F9A0C7E/orders/42/?a=1#b", Some(42)),
            ("accounts/3F9A0C7E/orders/7", Some(7)),
            ("https://x/trader/v1/accounts/OTHER/orders/42", None),
            ("https://x/trader/v1/accounts/3F9A0C7E/orders/", None),
            ("https://x/trader/v1/accounts/3F9A0C7E/orders/abc", None),
            ("", None),
            ("3F9A0C7E/orders/7", None),
            ("/accounts/3F9A0C7E/positions/7", None),
            ("/account/3F9A0C7E/orders/7", None),
            ("/accounts/3F9A0C7E/orders/0", None),
            ("/accounts/3F9A0C7E/orders/-3", None),
        ];
        for (location, id) in cases {
            assert_eq!(
                order_id_in_location(location, &h),
                id.map(BrokerOrderId),
                "{location}"
            );
        }
    }

    #[test]
    fn authorize_url_is_encoded_and_debug_redacts_the_secret() {
        let config = SchwabConfig::new("APPKEY123", "hush-hush", "https://127.0.0.1:8182/cb")
            .expect("config");
        let broker = SchwabBrokerage::new(config).expect("broker");
        assert_eq!(
            broker.authorize_url("https://127.0.0.1:8182/cb"),
            "https://api.schwabapi.com/v1/oauth/authorize?client_id=APPKEY123&redirect_uri=https%3A%2F%2F127.0.0.1%3A8182%2Fcb&response_type=code"
        );
        let shown = format!("{broker:?}");
        assert!(
            !shown.contains("hush-hush") && shown.contains("[redacted]"),
            "{shown}"
        );
    }
}
