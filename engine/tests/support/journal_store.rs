//! Sessions in memory with a durable copy: a save changes what a running process sees, a flush makes it
//! durable, and a crash keeps only what was durable.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use engine::copy::{CopySession, RepositoryError, SessionRepository};
use engine::ids::{AgentId, SessionId};

#[derive(Debug, Clone, Default)]
struct Stored {
    sessions: BTreeMap<(AgentId, SessionId), CopySession>,
    counters: BTreeMap<AgentId, u64>,
}

#[derive(Debug, Default)]
struct State {
    saved: Stored,
    durable: Stored,
    saves: usize,
    flushes: usize,
}

/// Sessions kept like the store keeps them: written, then flushed.
#[derive(Debug, Default)]
pub struct JournalStore {
    state: Mutex<State>,
    /// Save number `n` is also flushed when `flush_on_save[n % len]` (empty: never).
    flush_on_save: Vec<bool>,
}

impl JournalStore {
    /// A store that also flushes on the saves `flush_on_save` picks (cycling through it), as a store
    /// that flushes on its own now and then does.
    pub fn new(flush_on_save: Vec<bool>) -> Self {
        Self {
            state: Mutex::default(),
            flush_on_save,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Every change is a whole assignment, so a poisoned lock still guards a consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The process dies: whatever was saved but not flushed is lost.
    pub fn crash(&self) {
        let mut state = self.lock();
        state.saved = state.durable.clone();
    }

    /// The durable sessions.
    pub fn durable(&self) -> Vec<CopySession> {
        self.lock().durable.sessions.values().cloned().collect()
    }

    /// The sessions as saved (durable or not).
    pub fn saved(&self) -> Vec<CopySession> {
        self.lock().saved.sessions.values().cloned().collect()
    }

    /// How many flushes were asked for.
    pub fn flushes(&self) -> usize {
        self.lock().flushes
    }
}

impl SessionRepository for JournalStore {
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
        let mut state = self.lock();
        state
            .saved
            .sessions
            .insert((session.agent, session.id), session.clone());
        let flush = match self.flush_on_save.len() {
            0 => false,
            len => self.flush_on_save[state.saves % len],
        };
        state.saves += 1;
        if flush {
            state.durable = state.saved.clone();
        }
        Ok(())
    }

    fn flush(&self) -> Result<(), RepositoryError> {
        let mut state = self.lock();
        state.durable = state.saved.clone();
        state.flushes += 1;
        Ok(())
    }

    fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError> {
        let mut state = self.lock();
        let counter = state.saved.counters.entry(agent).or_default();
        *counter += 1;
        Ok(SessionId(*counter))
    }

    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError> {
        Ok(self.saved())
    }
}
