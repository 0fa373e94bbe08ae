//! Schemas of the answer values whose types live in the engine or the store (colours, account type and
//! status, saved orders and sets) and of the list answers built from them: they only describe JSON.
#![allow(dead_code, reason = "the types here describe JSON shapes only")]

use utoipa::ToSchema;

/// A session's colour: purple when its rows disagree, green when all are final, red while open
/// (`engine::copy::StatusColor`).
#[derive(ToSchema)]
#[schema(as = copy::StatusColor)]
#[serde(rename_all = "lowercase")]
pub(crate) enum StatusColorSchema {
    Purple,
    Green,
    Red,
}

/// A row's own colour: yellow while its order is open (`engine::copy::OwnColor`).
#[derive(ToSchema)]
#[schema(as = copy::OwnColor)]
#[serde(rename_all = "lowercase")]
pub(crate) enum OwnColorSchema {
    Yellow,
    None,
}

/// The size tier of an account (`engine::account::AccountType`).
#[derive(ToSchema)]
#[schema(as = trading_account::AccountType)]
pub(crate) enum AccountTypeSchema {
    #[serde(rename = "small_account")]
    Small,
    #[serde(rename = "medium_account")]
    Medium,
    #[serde(rename = "big_account")]
    Big,
}

/// The link state of an account (`engine::account::LinkStatus::slug`).
#[derive(ToSchema)]
#[schema(as = trading_account::AccountStatus)]
#[serde(rename_all = "snake_case")]
pub(crate) enum AccountStatusSchema {
    Connected,
    AuthorizationNeeded,
    ReauthorizationNeeded,
    Throttled,
    Error,
}

/// Where an account's order stream stands (`engine::account::StreamPhase::as_str`).
#[derive(ToSchema)]
#[schema(as = operator::StreamState)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StreamStateSchema {
    Off,
    Connecting,
    Connected,
    Reconnecting,
    Failed,
    Unsupported,
}

/// A saved single-leg option order (`store::SavedOptionOrder`).
#[derive(ToSchema)]
#[schema(as = option_contract::SavedOrder)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SavedOptionOrderSchema {
    /// The OSI option symbol.
    option_chain_symbol: String,
    /// Its description.
    option_chain_description: String,
    /// The instruction word.
    option_chain_instruction: String,
    /// LIMIT or MARKET.
    option_chain_order_type: String,
    /// Contracts.
    #[schema(minimum = 0)]
    option_chain_quantity: u32,
    /// The price as decimal text.
    #[schema(example = "1.25")]
    option_chain_price: String,
}

/// A saved stock order with every field of the stock form, prices as decimal text
/// (`store::SavedStockOrder`).
#[derive(ToSchema)]
#[schema(as = stock_lists::SavedOrder)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SavedStockOrderSchema {
    /// The upper-cased ticker.
    stock_symbol: String,
    /// NORMAL or SEAMLESS.
    stock_session: String,
    /// DAY or GOOD_TILL_CANCEL.
    stock_duration: String,
    /// BUY or SELL.
    stock_instruction: String,
    /// MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP.
    stock_order_type: String,
    /// Shares.
    #[schema(minimum = 0)]
    stock_quantity: u32,
    /// The limit price (0 when the type has none).
    stock_price: String,
    /// The stop or activation price (0 when the type has none).
    stock_stop_price: String,
    /// VALUE or PERCENT.
    stock_stop_price_link_type: String,
    /// The trailing offset.
    stock_stop_price_offset: String,
    /// The price a trailing stop follows: BID, ASK, LAST or MARK.
    stock_stop_price_link_basis: String,
}

/// A saved set of vertical legs (`store::SavedSet`).
#[derive(ToSchema)]
#[schema(as = vertical::SavedSet)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SavedSetSchema {
    /// The name the agent gave it.
    set_name: String,
    /// The legs as JSON text.
    order_legs: String,
}

/// `{"success": true, "list": [symbol, ...]}`: a symbol list after a change.
#[derive(ToSchema)]
#[schema(as = lists::SymbolList, example = json!({"success": true, "list": ["AAPL", "SPY"]}))]
pub(crate) struct SymbolListAnswer {
    /// Always true.
    success: bool,
    /// The symbols, in the order they were added.
    list: Vec<String>,
}

/// `{"success": true, "list": [...]}`: the saved option orders, sorted by symbol.
#[derive(ToSchema)]
#[schema(as = option_contract::SavedOrderList)]
pub(crate) struct SavedOptionOrdersAnswer {
    /// Always true.
    success: bool,
    /// The saved orders.
    list: Vec<SavedOptionOrderSchema>,
}

/// `{"success": true, "list": [...]}`: the saved stock orders, sorted by symbol.
#[derive(ToSchema)]
#[schema(as = stock_lists::SavedOrderList)]
pub(crate) struct SavedStockOrdersAnswer {
    /// Always true.
    success: bool,
    /// The saved orders.
    list: Vec<SavedStockOrderSchema>,
}

/// `{"success": true, "list": [...]}`: the saved sets, sorted by name.
#[derive(ToSchema)]
#[schema(as = vertical::SavedSetList)]
pub(crate) struct SavedSetsAnswer {
    /// Always true.
    success: bool,
    /// The saved sets.
    list: Vec<SavedSetSchema>,
}

/// The start of this OpenAPI 3.1 document (the rest follows the OpenAPI specification).
#[derive(ToSchema)]
#[schema(as = openapi::Document)]
pub(crate) struct DocumentSchema {
    /// `3.1.0`.
    openapi: String,
    /// Title, description and license.
    #[schema(value_type = Object)]
    info: (),
    /// Every call, by path and method.
    #[schema(value_type = Object)]
    paths: (),
    /// The shared schemas and the session cookie scheme.
    #[schema(value_type = Object)]
    components: (),
}

/// The schema of the tier multipliers of the settings call (`engine::account::TierMultipliers`).
#[derive(utoipa::ToSchema)]
#[schema(as = operator::TierMultipliers)]
pub(crate) struct TierMultipliersSchema {
    /// Multiplier of small accounts.
    small_account: u32,
    /// Multiplier of medium accounts.
    medium_account: u32,
    /// Multiplier of big accounts.
    big_account: u32,
}
