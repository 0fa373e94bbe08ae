//! Per-agent lists of symbols: the favourite option tickers and the stock watch list.

use engine::ids::AgentId;

use crate::StoreError;

const LISTS_TREE: &str = "watch_lists";

/// Which list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchList {
    /// Option contract tickers (favourites).
    OptionContracts,
    /// Watched stock symbols.
    Stocks,
}

impl WatchList {
    fn name(self) -> &'static str {
        match self {
            Self::OptionContracts => "option_contracts",
            Self::Stocks => "stocks",
        }
    }
}

/// Typed access to the lists tree.
#[derive(Clone)]
pub struct WatchLists {
    tree: sled::Tree,
}

fn key(agent: AgentId, list: WatchList) -> Vec<u8> {
    format!("{agent}/{}", list.name()).into_bytes()
}

impl WatchLists {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(LISTS_TREE)?,
        })
    }

    /// The symbols of a list, in the order they were added.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn get(&self, agent: AgentId, list: WatchList) -> Result<Vec<String>, StoreError> {
        match self.tree.get(key(agent, list))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(Vec::new()),
        }
    }

    fn write(&self, agent: AgentId, list: WatchList, symbols: &[String]) -> Result<(), StoreError> {
        self.tree
            .insert(key(agent, list), serde_json::to_vec(symbols)?)?;
        Ok(())
    }

    /// Adds a symbol; [`StoreError::Conflict`] when it is already listed.
    ///
    /// # Errors
    /// [`StoreError::Conflict`], storage or decoding errors.
    pub fn add(
        &self,
        agent: AgentId,
        list: WatchList,
        symbol: &str,
    ) -> Result<Vec<String>, StoreError> {
        let mut symbols = self.get(agent, list)?;
        if symbols.iter().any(|s| s == symbol) {
            return Err(StoreError::Conflict(symbol.to_owned()));
        }
        symbols.push(symbol.to_owned());
        self.write(agent, list, &symbols)?;
        Ok(symbols)
    }

    /// Removes a symbol; returns whether it was listed and the list after.
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn remove(
        &self,
        agent: AgentId,
        list: WatchList,
        symbol: &str,
    ) -> Result<(bool, Vec<String>), StoreError> {
        let mut symbols = self.get(agent, list)?;
        let before = symbols.len();
        symbols.retain(|s| s != symbol);
        let removed = symbols.len() != before;
        if removed {
            self.write(agent, list, &symbols)?;
        }
        Ok((removed, symbols))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn lists_are_per_agent_and_refuse_duplicates() {
        let lists = Store::temporary().unwrap().watch_lists().unwrap();
        assert_eq!(
            lists
                .add(AgentId(1), WatchList::OptionContracts, "AAPL")
                .unwrap(),
            vec!["AAPL"]
        );
        assert_eq!(
            lists
                .add(AgentId(1), WatchList::OptionContracts, "SPY")
                .unwrap(),
            vec!["AAPL", "SPY"]
        );
        assert!(matches!(
            lists.add(AgentId(1), WatchList::OptionContracts, "AAPL"),
            Err(StoreError::Conflict(_))
        ));
        assert!(
            lists
                .get(AgentId(2), WatchList::OptionContracts)
                .unwrap()
                .is_empty()
        );
        assert!(lists.get(AgentId(1), WatchList::Stocks).unwrap().is_empty());
        assert_eq!(
            lists
                .remove(AgentId(1), WatchList::OptionContracts, "AAPL")
                .unwrap(),
            (true, vec!["SPY".to_owned()])
        );
        assert_eq!(
            lists
                .remove(AgentId(1), WatchList::OptionContracts, "QQQ")
                .unwrap(),
            (false, vec!["SPY".to_owned()])
        );
    }
}
