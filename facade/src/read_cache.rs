//! Polling answers of the order tables, made once per version of the read model (full answers and
//! deltas alike) and shared by every poller of that version.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use engine::copy::TradeKind;
use engine::ids::AgentId;

use crate::answer::Answer;

/// How many distinct `since` versions one table version keeps deltas for.
const DELTAS_KEPT: usize = 16;

/// One table version's answers. A slot's lock is held while its answer is made, so pollers arriving
/// together wait for the first one instead of each making it.
#[derive(Debug, Default)]
struct Entry {
    version: u64,
    full: Arc<Mutex<Option<Arc<Answer>>>>,
    deltas: HashMap<u64, Arc<Mutex<Option<Arc<Answer>>>>>,
}

/// The answers of the latest version per agent and kind.
#[derive(Debug, Default)]
pub struct ReadCache {
    entries: Mutex<HashMap<(AgentId, TradeKind), Entry>>,
}

type Slot = Arc<Mutex<Option<Arc<Answer>>>>;

impl ReadCache {
    /// The slot of version `version`'s full answer (`since` `None`) or delta since `since`.
    fn slot(&self, agent: AgentId, kind: TradeKind, version: u64, since: Option<u64>) -> Slot {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = entries.entry((agent, kind)).or_default();
        if entry.version != version {
            *entry = Entry {
                version,
                ..Entry::default()
            };
        }
        match since {
            None => entry.full.clone(),
            Some(since) => {
                if entry.deltas.len() >= DELTAS_KEPT && !entry.deltas.contains_key(&since) {
                    entry.deltas.clear();
                }
                entry.deltas.entry(since).or_default().clone()
            }
        }
    }

    /// The answer made for `version` (full when `since` is `None`, else the delta since `since`),
    /// or the one `make` builds (then kept for the other pollers of that version).
    ///
    /// # Errors
    /// Whatever `make` fails with (nothing is kept then).
    pub fn get_or_make<E>(
        &self,
        agent: AgentId,
        kind: TradeKind,
        version: u64,
        since: Option<u64>,
        make: impl FnOnce() -> Result<Answer, E>,
    ) -> Result<Arc<Answer>, E> {
        let slot = self.slot(agent, kind, version, since);
        let mut made = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(answer) = made.as_ref() {
            return Ok(answer.clone());
        }
        let answer = Arc::new(make()?);
        *made = Some(answer.clone());
        Ok(answer)
    }

    /// Forgets an agent's answers (an account was renamed or deleted).
    pub fn forget_agent(&self, agent: AgentId) {
        self.entries
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .retain(|(a, _), _| *a != agent);
    }
}

#[cfg(test)]
mod tests {
    use actix_web::web::Bytes;

    use super::*;

    #[test]
    fn an_answer_is_made_once_per_version_and_since() {
        let cache = ReadCache::default();
        let made = std::cell::Cell::new(0);
        let get = |version, since| {
            cache
                .get_or_make::<()>(AgentId(1), TradeKind::Common, version, since, || {
                    made.set(made.get() + 1);
                    Ok(Answer::new(Bytes::from(format!("{version}/{since:?}"))))
                })
                .map(|a| a.plain().clone())
        };
        assert_eq!(get(5, None), Ok(Bytes::from("5/None")));
        assert_eq!(get(5, None), Ok(Bytes::from("5/None")));
        assert_eq!(get(5, Some(4)), Ok(Bytes::from("5/Some(4)")));
        assert_eq!(get(5, Some(4)), Ok(Bytes::from("5/Some(4)")));
        assert_eq!(get(6, Some(4)), Ok(Bytes::from("6/Some(4)")));
        assert_eq!(made.get(), 3);
    }
}
