//! Sessions and outcome records in memory with a durable copy, kept like sled keeps them: a save, an
//! appended outcome record or a removal changes what a running process sees, a flush (the commit)
//! makes everything durable, and a crash keeps only what was durable.

use std::collections::BTreeMap;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

use engine::copy::{CopySession, JournaledOutcome, RepositoryError, RowOutcome, SessionRepository};
use engine::ids::{AgentId, SessionId};
use tokio::sync::watch;

#[derive(Debug, Clone, Default)]
struct Stored {
    sessions: BTreeMap<(AgentId, SessionId), CopySession>,
    outcomes: BTreeMap<(AgentId, SessionId, usize), RowOutcome>,
    counters: BTreeMap<AgentId, u64>,
}

#[derive(Debug, Default)]
struct State {
    saved: Stored,
    durable: Stored,
    /// Every save, append and removal so far.
    writes: usize,
    /// Whole-session saves asked for, counted as they begin (before a held one waits).
    saves_begun: usize,
    saves: usize,
    appends: usize,
    flushes: usize,
}

/// Sessions kept like the store keeps them: written, then flushed.
#[derive(Debug)]
pub struct JournalStore {
    state: Mutex<State>,
    /// Write number `n` (a save, an append or a removal) is also made durable, with everything before
    /// it, when `flush_on_write[n % len]` (empty: never).
    flush_on_write: Vec<bool>,
    /// How many outcome records were appended so far.
    appended: watch::Sender<usize>,
    /// Whether every whole save after the first waits (see [`JournalStore::hold_later_saves`]).
    held: Mutex<bool>,
    /// Signalled when the held saves are let through.
    released: Condvar,
    /// Signalled when a whole-session save begins.
    begun: Condvar,
}

impl Default for JournalStore {
    fn default() -> Self {
        Self::new(Vec::new())
    }
}

/// What a [`JournalStore`] was asked to do so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    /// Whole-session saves.
    pub saves: usize,
    /// Outcome records appended.
    pub appends: usize,
    /// Flushes asked for (the store's own flushes are not counted).
    pub flushes: usize,
}

impl JournalStore {
    /// A store that also makes its writes durable on the writes `flush_on_write` picks (cycling
    /// through it), as sled flushes on its own now and then.
    pub fn new(flush_on_write: Vec<bool>) -> Self {
        Self {
            state: Mutex::default(),
            flush_on_write,
            appended: watch::Sender::new(0),
            held: Mutex::new(false),
            released: Condvar::new(),
            begun: Condvar::new(),
        }
    }

    /// Every whole save after the first (the intent) waits until [`JournalStore::release_saves`], so a
    /// test can look between a fan-out's answer and its session's whole store. Only for a store whose
    /// later saves are made on a thread that may block (the supervisor's are).
    pub fn hold_later_saves(&self) {
        *self.held.lock().unwrap_or_else(PoisonError::into_inner) = true;
    }

    /// Lets the held saves through.
    pub fn release_saves(&self) {
        *self.held.lock().unwrap_or_else(PoisonError::into_inner) = false;
        self.released.notify_all();
    }

    /// Waits while later saves are held and this one is not the first.
    fn wait_if_held(&self) {
        if self.lock().saves == 0 {
            return;
        }
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        while *held {
            held = self
                .released
                .wait(held)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Every change is a whole assignment, so a poisoned lock still guards a consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Counts one write, and makes everything durable when the schedule says so.
    fn wrote(&self, state: &mut State) {
        let flush = match self.flush_on_write.len() {
            0 => false,
            len => self.flush_on_write[state.writes % len],
        };
        state.writes += 1;
        if flush {
            state.durable = state.saved.clone();
        }
    }

    /// The process dies: whatever was written but not flushed is lost.
    pub fn crash(&self) {
        let mut state = self.lock();
        state.saved = state.durable.clone();
    }

    /// The durable sessions, as stored whole.
    pub fn durable(&self) -> Vec<CopySession> {
        self.lock().durable.sessions.values().cloned().collect()
    }

    /// The sessions as saved (durable or not), as stored whole.
    pub fn saved(&self) -> Vec<CopySession> {
        self.lock().saved.sessions.values().cloned().collect()
    }

    /// The durable outcome records.
    pub fn durable_outcomes(&self) -> Vec<JournaledOutcome> {
        outcomes(&self.lock().durable)
    }

    /// The outcome records as appended (durable or not).
    pub fn saved_outcomes(&self) -> Vec<JournaledOutcome> {
        outcomes(&self.lock().saved)
    }

    /// Follows how many outcome records were appended.
    pub fn appends_seen(&self) -> watch::Receiver<usize> {
        self.appended.subscribe()
    }

    /// How many flushes were asked for.
    pub fn flushes(&self) -> usize {
        self.lock().flushes
    }

    /// Blocks the calling thread until `count` whole-session saves have begun or `limit` has passed;
    /// whether they had. A task of the calling thread's runtime cannot begin one meanwhile.
    pub fn wait_for_saves_begun(&self, count: usize, limit: std::time::Duration) -> bool {
        let state = self.lock();
        let (state, _) = self
            .begun
            .wait_timeout_while(state, limit, |s| s.saves_begun < count)
            .unwrap_or_else(PoisonError::into_inner);
        state.saves_begun >= count
    }

    /// How many saves, appends and flushes were asked for.
    pub fn counts(&self) -> Counts {
        let state = self.lock();
        Counts {
            saves: state.saves,
            appends: state.appends,
            flushes: state.flushes,
        }
    }
}

fn outcomes(stored: &Stored) -> Vec<JournaledOutcome> {
    stored
        .outcomes
        .iter()
        .map(|((agent, session, _), record)| (*agent, *session, record.clone()))
        .collect()
}

impl SessionRepository for JournalStore {
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
        self.lock().saves_begun += 1;
        self.begun.notify_all();
        self.wait_if_held();
        let mut state = self.lock();
        state
            .saved
            .sessions
            .insert((session.agent, session.id), session.clone());
        state.saves += 1;
        self.wrote(&mut state);
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

    fn append_outcome(
        &self,
        agent: AgentId,
        session: SessionId,
        outcome: &RowOutcome,
    ) -> Result<(), RepositoryError> {
        let mut state = self.lock();
        state
            .saved
            .outcomes
            .insert((agent, session, outcome.index), outcome.clone());
        state.appends += 1;
        self.wrote(&mut state);
        self.appended.send_replace(state.appends);
        Ok(())
    }

    fn load_outcomes(&self) -> Result<Vec<JournaledOutcome>, RepositoryError> {
        Ok(self.saved_outcomes())
    }

    fn remove_outcomes(&self, agent: AgentId, session: SessionId) -> Result<(), RepositoryError> {
        let mut state = self.lock();
        state
            .saved
            .outcomes
            .retain(|(a, s, _), _| (*a, *s) != (agent, session));
        self.wrote(&mut state);
        Ok(())
    }
}
