//! Serialized polling answers, made once per change of the read model and served with an ETag.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use actix_web::web::Bytes;
use engine::copy::TradeKind;
use engine::ids::AgentId;

/// The last serialized answer per agent and kind, with the read-model version it was made from.
#[derive(Debug, Default)]
pub struct ReadCache {
    entries: Mutex<HashMap<(AgentId, TradeKind), (u64, Bytes)>>,
}

impl ReadCache {
    /// The cached answer when it was made from `version`, else the one `make` builds (then cached).
    ///
    /// # Errors
    /// Whatever `make` fails with.
    pub fn get_or_make<E>(
        &self,
        agent: AgentId,
        kind: TradeKind,
        version: u64,
        make: impl FnOnce() -> Result<Bytes, E>,
    ) -> Result<Bytes, E> {
        if let Some((cached, bytes)) = self
            .entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&(agent, kind))
        {
            if *cached == version {
                return Ok(bytes.clone());
            }
        }
        let bytes = make()?;
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert((agent, kind), (version, bytes.clone()));
        Ok(bytes)
    }

    /// Forgets an agent's cached answers (an account was renamed or deleted).
    pub fn forget_agent(&self, agent: AgentId) {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(a, _), _| *a != agent);
    }
}
