//! Saved orders per agent: single-leg option orders one per option symbol, stock orders one per ticker.

use engine::ids::AgentId;
use serde::{Deserialize, Serialize};

use crate::StoreError;

const SAVED_TREE: &str = "saved_orders";

/// A saved option order, as the place dialog fills it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedOptionOrder {
    /// The OSI option symbol.
    pub option_chain_symbol: String,
    /// Its description.
    pub option_chain_description: String,
    /// The instruction word.
    pub option_chain_instruction: String,
    /// The order type word.
    pub option_chain_order_type: String,
    /// The quantity.
    pub option_chain_quantity: u32,
    /// The price as a decimal string.
    pub option_chain_price: String,
}

/// Typed access to the saved orders tree.
#[derive(Clone)]
pub struct SavedOrders {
    tree: sled::Tree,
}

/// A saved stock order with every field of the stock form (prices as decimal text).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SavedStockOrder {
    /// The upper-cased ticker.
    pub stock_symbol: String,
    /// NORMAL or SEAMLESS.
    pub stock_session: String,
    /// DAY or GOOD_TILL_CANCEL.
    pub stock_duration: String,
    /// BUY or SELL.
    pub stock_instruction: String,
    /// MARKET, LIMIT, STOP, STOP_LIMIT or TRAILING_STOP.
    pub stock_order_type: String,
    /// Shares.
    pub stock_quantity: u32,
    /// The limit price (0 when the type has none).
    pub stock_price: String,
    /// The stop or activation price (0 when the type has none).
    pub stock_stop_price: String,
    /// VALUE or PERCENT.
    pub stock_stop_price_link_type: String,
    /// The trailing offset.
    pub stock_stop_price_offset: String,
    /// The price a trailing stop follows: BID, ASK, LAST or MARK (BID for orders saved before the
    /// choice existed).
    #[serde(default = "default_link_basis")]
    pub stock_stop_price_link_basis: String,
}

/// The basis of a saved order that names none: Schwab's default, BID.
fn default_link_basis() -> String {
    "BID".to_owned()
}

fn key(agent: AgentId) -> Vec<u8> {
    format!("{agent}/COMMON").into_bytes()
}

fn stock_key(agent: AgentId) -> Vec<u8> {
    format!("{agent}/STOCK").into_bytes()
}

impl SavedOrders {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(SAVED_TREE)?,
        })
    }

    /// The agent's saved option orders, sorted by symbol.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn options(&self, agent: AgentId) -> Result<Vec<SavedOptionOrder>, StoreError> {
        match self.tree.get(key(agent))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(Vec::new()),
        }
    }

    fn write(&self, agent: AgentId, orders: &mut Vec<SavedOptionOrder>) -> Result<(), StoreError> {
        orders.sort_by(|a, b| a.option_chain_symbol.cmp(&b.option_chain_symbol));
        self.tree.insert(key(agent), serde_json::to_vec(orders)?)?;
        Ok(())
    }

    /// Saves an order, replacing the one saved for the same symbol; returns the list after.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn save_option(
        &self,
        agent: AgentId,
        order: SavedOptionOrder,
    ) -> Result<Vec<SavedOptionOrder>, StoreError> {
        let mut orders = self.options(agent)?;
        orders.retain(|o| o.option_chain_symbol != order.option_chain_symbol);
        orders.push(order);
        self.write(agent, &mut orders)?;
        Ok(orders)
    }

    /// Removes the order saved for a symbol; returns whether one was and the list after.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn remove_option(
        &self,
        agent: AgentId,
        symbol: &str,
    ) -> Result<(bool, Vec<SavedOptionOrder>), StoreError> {
        let mut orders = self.options(agent)?;
        let before = orders.len();
        orders.retain(|o| o.option_chain_symbol != symbol);
        let removed = orders.len() != before;
        if removed {
            self.write(agent, &mut orders)?;
        }
        Ok((removed, orders))
    }

    /// The agent's saved stock orders, sorted by symbol.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn stocks(&self, agent: AgentId) -> Result<Vec<SavedStockOrder>, StoreError> {
        match self.tree.get(stock_key(agent))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(Vec::new()),
        }
    }

    fn write_stocks(
        &self,
        agent: AgentId,
        orders: &mut Vec<SavedStockOrder>,
    ) -> Result<(), StoreError> {
        orders.sort_by(|a, b| a.stock_symbol.cmp(&b.stock_symbol));
        self.tree
            .insert(stock_key(agent), serde_json::to_vec(orders)?)?;
        Ok(())
    }

    /// Saves a stock order, replacing the one saved for the same symbol; returns the list after.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn save_stock(
        &self,
        agent: AgentId,
        order: SavedStockOrder,
    ) -> Result<Vec<SavedStockOrder>, StoreError> {
        let mut orders = self.stocks(agent)?;
        orders.retain(|o| o.stock_symbol != order.stock_symbol);
        orders.push(order);
        self.write_stocks(agent, &mut orders)?;
        Ok(orders)
    }

    /// Removes the stock order saved for a symbol; returns whether one was and the list after.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn remove_stock(
        &self,
        agent: AgentId,
        symbol: &str,
    ) -> Result<(bool, Vec<SavedStockOrder>), StoreError> {
        let mut orders = self.stocks(agent)?;
        let before = orders.len();
        orders.retain(|o| o.stock_symbol != symbol);
        let removed = orders.len() != before;
        if removed {
            self.write_stocks(agent, &mut orders)?;
        }
        Ok((removed, orders))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    fn order(symbol: &str, quantity: u32) -> SavedOptionOrder {
        SavedOptionOrder {
            option_chain_symbol: symbol.into(),
            option_chain_description: format!("{symbol} desc"),
            option_chain_instruction: "BUY_TO_OPEN".into(),
            option_chain_order_type: "LIMIT".into(),
            option_chain_quantity: quantity,
            option_chain_price: "1.25".into(),
        }
    }

    #[test]
    fn saved_orders_are_sorted_unique_per_symbol_and_removable() {
        let saved = Store::temporary().unwrap().saved_orders().unwrap();
        saved
            .save_option(AgentId(1), order("SPY   241115C00600000", 1))
            .unwrap();
        let list = saved
            .save_option(AgentId(1), order("AAPL  241018C00230000", 2))
            .unwrap();
        assert_eq!(
            list.iter()
                .map(|o| o.option_chain_quantity)
                .collect::<Vec<_>>(),
            vec![2, 1]
        );
        let list = saved
            .save_option(AgentId(1), order("AAPL  241018C00230000", 5))
            .unwrap();
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].option_chain_quantity, 5);
        let (removed, list) = saved
            .remove_option(AgentId(1), "AAPL  241018C00230000")
            .unwrap();
        assert!(removed);
        assert_eq!(list.len(), 1);
        assert!(saved.options(AgentId(2)).unwrap().is_empty());
    }

    fn stock(symbol: &str, quantity: u32) -> SavedStockOrder {
        SavedStockOrder {
            stock_symbol: symbol.into(),
            stock_session: "NORMAL".into(),
            stock_duration: "DAY".into(),
            stock_instruction: "BUY".into(),
            stock_order_type: "LIMIT".into(),
            stock_quantity: quantity,
            stock_price: "182.5".into(),
            stock_stop_price: "0".into(),
            stock_stop_price_link_type: "VALUE".into(),
            stock_stop_price_offset: "0.1".into(),
            stock_stop_price_link_basis: "BID".into(),
        }
    }

    #[test]
    fn saved_stock_orders_are_sorted_unique_per_symbol_apart_from_option_orders() {
        let saved = Store::temporary().unwrap().saved_orders().unwrap();
        saved
            .save_option(AgentId(1), order("SPY   241115C00600000", 1))
            .unwrap();
        saved.save_stock(AgentId(1), stock("MSFT", 1)).unwrap();
        saved.save_stock(AgentId(1), stock("AAPL", 2)).unwrap();
        let list = saved.save_stock(AgentId(1), stock("MSFT", 7)).unwrap();
        assert_eq!(list, vec![stock("AAPL", 2), stock("MSFT", 7)]);
        assert_eq!(saved.options(AgentId(1)).unwrap().len(), 1);
        assert!(saved.stocks(AgentId(2)).unwrap().is_empty());
        let (removed, list) = saved.remove_stock(AgentId(1), "AAPL").unwrap();
        assert!(removed);
        assert_eq!(list, vec![stock("MSFT", 7)]);
        let (removed, _) = saved.remove_stock(AgentId(1), "AAPL").unwrap();
        assert!(!removed);
    }
}
