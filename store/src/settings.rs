//! Settings kept across restarts: each agent's tier multipliers and default fan-out mode, and the
//! app-wide read limit and background share of reads.

use engine::account::TierMultipliers;
use engine::copy::FanOutMode;
use engine::ids::AgentId;

use crate::StoreError;
use crate::agents::decode_u64;

const SETTINGS_TREE: &str = "settings";
const READ_LIMIT_KEY: &[u8] = b"app/read_limit_per_minute";
const BACKGROUND_READ_PERCENT_KEY: &[u8] = b"app/background_read_percent";

/// Typed access to the settings tree.
#[derive(Clone)]
pub struct Settings {
    tree: sled::Tree,
}

fn tiers_key(agent: AgentId) -> Vec<u8> {
    format!("agent/{agent}/tier_multipliers").into_bytes()
}

fn fan_out_key(agent: AgentId) -> Vec<u8> {
    format!("agent/{agent}/fan_out_mode").into_bytes()
}

impl Settings {
    pub(crate) fn open(db: &sled::Db) -> Result<Self, StoreError> {
        Ok(Self {
            tree: db.open_tree(SETTINGS_TREE)?,
        })
    }

    /// The agent's tier multipliers (the defaults until changed).
    ///
    /// # Errors
    /// Storage or decoding errors.
    pub fn tier_multipliers(&self, agent: AgentId) -> Result<TierMultipliers, StoreError> {
        match self.tree.get(tiers_key(agent))? {
            Some(bytes) => Ok(serde_json::from_slice(&bytes)?),
            None => Ok(TierMultipliers::default()),
        }
    }

    /// Stores the agent's tier multipliers.
    ///
    /// # Errors
    /// Storage errors.
    pub fn set_tier_multipliers(
        &self,
        agent: AgentId,
        tiers: &TierMultipliers,
    ) -> Result<(), StoreError> {
        self.tree
            .insert(tiers_key(agent), serde_json::to_vec(tiers)?)?;
        Ok(())
    }

    /// The agent's default fan-out mode (send to all until changed). A stored word this version does
    /// not know reads as send to all, the mode that previews nothing.
    ///
    /// # Errors
    /// Storage errors.
    pub fn fan_out_mode(&self, agent: AgentId) -> Result<FanOutMode, StoreError> {
        Ok(self
            .tree
            .get(fan_out_key(agent))?
            .and_then(|bytes| std::str::from_utf8(&bytes).ok()?.parse().ok())
            .unwrap_or_default())
    }

    /// Stores the agent's default fan-out mode.
    ///
    /// # Errors
    /// Storage errors.
    pub fn set_fan_out_mode(&self, agent: AgentId, mode: FanOutMode) -> Result<(), StoreError> {
        self.tree
            .insert(fan_out_key(agent), mode.as_str().as_bytes())?;
        Ok(())
    }

    /// The stored app-wide read limit, if one was set.
    ///
    /// # Errors
    /// Storage errors.
    pub fn read_limit(&self) -> Result<Option<u32>, StoreError> {
        Ok(self
            .tree
            .get(READ_LIMIT_KEY)?
            .map(|b| u32::try_from(decode_u64(&b)).unwrap_or(u32::MAX)))
    }

    /// Stores the app-wide read limit.
    ///
    /// # Errors
    /// Storage errors.
    pub fn set_read_limit(&self, per_minute: u32) -> Result<(), StoreError> {
        self.tree
            .insert(READ_LIMIT_KEY, &u64::from(per_minute).to_be_bytes())?;
        Ok(())
    }

    /// The stored app-wide share of the read budget background reads may take (percent), if one was
    /// set.
    ///
    /// # Errors
    /// Storage errors.
    pub fn background_read_percent(&self) -> Result<Option<u32>, StoreError> {
        Ok(self
            .tree
            .get(BACKGROUND_READ_PERCENT_KEY)?
            .map(|b| u32::try_from(decode_u64(&b)).unwrap_or(u32::MAX)))
    }

    /// Stores the app-wide share of the read budget background reads may take (percent).
    ///
    /// # Errors
    /// Storage errors.
    pub fn set_background_read_percent(&self, percent: u32) -> Result<(), StoreError> {
        self.tree.insert(
            BACKGROUND_READ_PERCENT_KEY,
            &u64::from(percent).to_be_bytes(),
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;

    #[test]
    fn tiers_default_until_set_and_are_per_agent() {
        let settings = Store::temporary().unwrap().settings().unwrap();
        assert_eq!(
            settings.tier_multipliers(AgentId(1)).unwrap(),
            TierMultipliers::default()
        );
        let custom = TierMultipliers {
            small: 1,
            medium: 5,
            big: 10,
        };
        settings.set_tier_multipliers(AgentId(1), &custom).unwrap();
        assert_eq!(settings.tier_multipliers(AgentId(1)).unwrap(), custom);
        assert_eq!(
            settings.tier_multipliers(AgentId(2)).unwrap(),
            TierMultipliers::default()
        );
        assert_eq!(
            settings.fan_out_mode(AgentId(1)).unwrap(),
            FanOutMode::SendToAll
        );
        settings
            .set_fan_out_mode(AgentId(1), FanOutMode::AllOrNone)
            .unwrap();
        assert_eq!(
            settings.fan_out_mode(AgentId(1)).unwrap(),
            FanOutMode::AllOrNone
        );
        assert_eq!(
            settings.fan_out_mode(AgentId(2)).unwrap(),
            FanOutMode::SendToAll
        );
        assert_eq!(settings.read_limit().unwrap(), None);
        settings.set_read_limit(90).unwrap();
        assert_eq!(settings.read_limit().unwrap(), Some(90));
        assert_eq!(settings.background_read_percent().unwrap(), None);
        settings.set_background_read_percent(35).unwrap();
        assert_eq!(settings.background_read_percent().unwrap(), Some(35));
        assert_eq!(settings.read_limit().unwrap(), Some(90));
    }
}
