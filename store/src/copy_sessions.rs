//! Copy-trade sessions, kept across restarts (the engine's session repository).

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::copy::{
    CopySession, FanOutIntent, JournaledOutcome, RepositoryError, RowOutcome, SessionRepository,
};
use engine::ids::{AgentId, SessionId};

use crate::unflushed_outcomes::{SESSION_KEY_LEN, SessionKey, UnflushedOutcomes};
use crate::{Counters, StoreError};

const SESSIONS_TREE: &str = "copy_sessions";
const OUTCOMES_TREE: &str = "copy_session_outcomes";
/// The first byte of a session stored as its compact intent (a session stored whole is JSON).
const INTENT_TAG: u8 = b'i';
/// Bytes of an outcome group's key: the session's key, then the group's number big-endian.
const OUTCOME_KEY_LEN: usize = SESSION_KEY_LEN + 8;

/// Sessions keyed by agent then session id; session ids come from the agent's atomic counter. The
/// outcome records of fan-outs not yet stored whole live in their own tree: the records a flush
/// commits are written there as one value per session (a JSON list), keyed by agent, session id and
/// the group's number (big-endian), so one session's records are one prefix. Until that flush they
/// are kept in memory ([`UnflushedOutcomes`]), which is as durable as a tree insert not yet flushed.
#[derive(Clone)]
pub struct CopySessions {
    db: sled::Db,
    tree: sled::Tree,
    outcomes: sled::Tree,
    unflushed: Arc<UnflushedOutcomes>,
    counters: Counters,
}

impl CopySessions {
    pub(crate) fn open(
        db: &sled::Db,
        unflushed: Arc<UnflushedOutcomes>,
    ) -> Result<Self, StoreError> {
        let outcomes = db.open_tree(OUTCOMES_TREE)?;
        Ok(Self {
            db: db.clone(),
            tree: db.open_tree(SESSIONS_TREE)?,
            outcomes,
            unflushed,
            counters: Counters::open(db)?,
        })
    }
}

impl CopySessions {
    /// The tree of sessions, keyed by agent then session id (both big-endian).
    pub(crate) fn tree(&self) -> &sled::Tree {
        &self.tree
    }

    /// Applies the session's outcome records to it (rows still `PENDING` only, see
    /// [`RowOutcome::replay`]), as a restart would; a group that cannot be read is skipped.
    pub(crate) fn replay_outcomes(&self, session: &mut CopySession) -> Result<(), RepositoryError> {
        let mut records = Vec::new();
        for bytes in self.outcomes.scan_prefix(key(session)).values() {
            let bytes = bytes.map_err(repository_error)?;
            if let Ok(group) = serde_json::from_slice::<Vec<RowOutcome>>(&bytes) {
                records.extend(group);
            }
        }
        records.extend(self.unflushed.of(key(session)));
        for record in latest_per_row(records) {
            record.replay(session);
        }
        Ok(())
    }

    /// Writes the records kept in memory to the tree, one value per session (not yet flushed).
    fn write_unflushed(&self) -> Result<(), RepositoryError> {
        let groups = self.unflushed.take();
        let mut batch = sled::Batch::default();
        for (session, group, records) in &groups {
            match serde_json::to_vec(records) {
                Ok(bytes) => batch.insert(group_key(*session, *group).as_slice(), bytes),
                Err(err) => {
                    self.unflushed.put_back(groups);
                    return Err(repository_error(err));
                }
            }
        }
        if let Err(err) = self.outcomes.apply_batch(batch) {
            self.unflushed.put_back(groups);
            return Err(repository_error(err));
        }
        Ok(())
    }
}

/// The shared buffer of a store opened on `db`: its group numbers start after the highest one the
/// outcomes tree already holds (once per store, not per handle).
///
/// # Errors
/// [`StoreError`] when the tree cannot be opened.
pub(crate) fn unflushed_outcomes(db: &sled::Db) -> Result<UnflushedOutcomes, StoreError> {
    let last_group = db
        .open_tree(OUTCOMES_TREE)?
        .iter()
        .keys()
        .filter_map(|key| key.ok().and_then(|key| outcome_group(&key)))
        .map(|(_, _, group)| group)
        .max();
    let unflushed = UnflushedOutcomes::default();
    unflushed.continue_after(last_group);
    Ok(unflushed)
}

/// One record per row, the last appended winning (a row's record replaces an earlier one).
fn latest_per_row(records: Vec<RowOutcome>) -> Vec<RowOutcome> {
    let mut rows: BTreeMap<usize, RowOutcome> = BTreeMap::new();
    for record in records {
        rows.insert(record.index, record);
    }
    rows.into_values().collect()
}

fn key(session: &CopySession) -> [u8; SESSION_KEY_LEN] {
    session_key(session.agent, session.id)
}

fn session_key(agent: AgentId, session: SessionId) -> [u8; SESSION_KEY_LEN] {
    let mut key = [0u8; SESSION_KEY_LEN];
    key[..8].copy_from_slice(&agent.get().to_be_bytes());
    key[8..].copy_from_slice(&session.get().to_be_bytes());
    key
}

fn group_key(session: SessionKey, group: u64) -> [u8; OUTCOME_KEY_LEN] {
    let mut key = [0u8; OUTCOME_KEY_LEN];
    key[..SESSION_KEY_LEN].copy_from_slice(&session);
    key[SESSION_KEY_LEN..].copy_from_slice(&group.to_be_bytes());
    key
}

/// The agent, session and group number of an outcome group's key; `None` for a key of another length.
fn outcome_group(key: &[u8]) -> Option<(AgentId, SessionId, u64)> {
    let key: &[u8; OUTCOME_KEY_LEN] = key.try_into().ok()?;
    let (session, group) = key.split_first_chunk::<SESSION_KEY_LEN>()?;
    let (agent, id) = session_of(*session);
    Some((agent, id, u64::from_be_bytes(group.try_into().ok()?)))
}

/// The agent and session of a session's key.
fn session_of(key: SessionKey) -> (AgentId, SessionId) {
    let (agent, session) = key.split_at(8);
    let word = |bytes: &[u8]| {
        let mut word = [0u8; 8];
        word.copy_from_slice(bytes);
        u64::from_be_bytes(word)
    };
    (AgentId(word(agent)), SessionId(word(session)))
}

/// The stored form of a session: its compact intent behind [`INTENT_TAG`] while every row is as
/// planned (see [`FanOutIntent::of`]), otherwise the whole session as JSON (which opens with `{`).
fn encode_session(session: &CopySession) -> Result<Vec<u8>, RepositoryError> {
    match FanOutIntent::of(session) {
        Some(intent) => {
            let mut bytes = vec![INTENT_TAG];
            serde_json::to_writer(&mut bytes, &intent).map_err(repository_error)?;
            Ok(bytes)
        }
        None => serde_json::to_vec(session).map_err(repository_error),
    }
}

/// A session from its stored form (see [`encode_session`]); sessions stored whole before intents
/// were compact read as they always did.
pub(crate) fn decode_session(bytes: &[u8]) -> Result<CopySession, RepositoryError> {
    match bytes.split_first() {
        Some((&INTENT_TAG, intent)) => serde_json::from_slice::<FanOutIntent>(intent)
            .map_err(repository_error)?
            .into_session()
            .map_err(repository_error),
        _ => serde_json::from_slice(bytes).map_err(repository_error),
    }
}

fn repository_error(err: impl std::fmt::Display) -> RepositoryError {
    RepositoryError(err.to_string())
}

impl SessionRepository for CopySessions {
    /// A session still as planned (a fan-out's intent) is stored in its compact form.
    fn save(&self, session: &CopySession) -> Result<(), RepositoryError> {
        let bytes = encode_session(session)?;
        self.tree
            .insert(key(session), bytes)
            .map_err(repository_error)?;
        Ok(())
    }

    /// Commits the outcome records appended since the last flush (written as one value per session)
    /// with every other write.
    fn flush(&self) -> Result<(), RepositoryError> {
        self.write_unflushed()?;
        self.db.flush().map_err(repository_error)?;
        Ok(())
    }

    fn next_session_id(&self, agent: AgentId) -> Result<SessionId, RepositoryError> {
        self.counters
            .next_for_agent(agent.get(), "session")
            .map(SessionId)
            .map_err(repository_error)
    }

    fn load_all(&self) -> Result<Vec<CopySession>, RepositoryError> {
        self.tree
            .iter()
            .values()
            .map(|bytes| decode_session(&bytes.map_err(repository_error)?))
            .collect()
    }

    /// Keeps the record in memory until the next flush writes it (see [`UnflushedOutcomes`]).
    fn append_outcome(
        &self,
        agent: AgentId,
        session: SessionId,
        outcome: &RowOutcome,
    ) -> Result<(), RepositoryError> {
        self.unflushed
            .push(session_key(agent, session), outcome.clone());
        Ok(())
    }

    /// A group that cannot be read is skipped with a warning: its rows stay `PENDING` and are settled
    /// from the accounts' order listings. A row with two records keeps the last one.
    fn load_outcomes(&self) -> Result<Vec<JournaledOutcome>, RepositoryError> {
        let mut sessions: BTreeMap<(AgentId, SessionId), Vec<RowOutcome>> = BTreeMap::new();
        for entry in &self.outcomes {
            let (key, bytes) = entry.map_err(repository_error)?;
            let Some((agent, session, _)) = outcome_group(&key) else {
                tracing::warn!(
                    key = hex::encode(&key),
                    "an outcome group's key is not an agent, session and group; skipped"
                );
                continue;
            };
            match serde_json::from_slice::<Vec<RowOutcome>>(&bytes) {
                Ok(records) => sessions
                    .entry((agent, session))
                    .or_default()
                    .extend(records),
                Err(err) => tracing::warn!(
                    agent = %agent,
                    session = %session,
                    error = %err,
                    "an outcome group cannot be read; skipped"
                ),
            }
        }
        for (key, records) in self.unflushed.all() {
            sessions.entry(session_of(key)).or_default().extend(records);
        }
        Ok(sessions
            .into_iter()
            .flat_map(|((agent, session), records)| {
                latest_per_row(records)
                    .into_iter()
                    .map(move |record| (agent, session, record))
            })
            .collect())
    }

    fn remove_outcomes(&self, agent: AgentId, session: SessionId) -> Result<(), RepositoryError> {
        let key = session_key(agent, session);
        self.unflushed.forget(key);
        let mut batch = sled::Batch::default();
        for stored in self.outcomes.scan_prefix(key).keys() {
            batch.remove(stored.map_err(repository_error)?);
        }
        self.outcomes.apply_batch(batch).map_err(repository_error)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use engine::broker::SubmitOutcome;
    use engine::copy::{CopyRow, RowState, TradeKind};
    use engine::ids::{AccountId, BrokerOrderId};
    use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};

    use super::*;
    use crate::Store;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    fn intent(agent: u64, id: u64, accounts: u64) -> CopySession {
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        let at = Utc
            .timestamp_opt(1_730_000_000, 0)
            .single()
            .unwrap_or_default();
        CopySession {
            id: SessionId(id),
            agent: AgentId(agent),
            kind: TradeKind::Common,
            created_at: at,
            rows: (1..=accounts)
                .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, at))
                .collect(),
            replaced_session: None,
        }
    }

    fn record(index: usize, order: i64) -> RowOutcome {
        RowOutcome::new(
            index,
            AccountId(index as u64 + 1),
            &SubmitOutcome::Placed(BrokerOrderId(order)),
        )
    }

    /// How long a reopen waits for the store dropped just before to let go of sled's file lock.
    const LOCK_WAIT: std::time::Duration = std::time::Duration::from_secs(10);
    /// How often a reopen asks for the lock again meanwhile.
    const LOCK_RETRY: std::time::Duration = std::time::Duration::from_millis(10);

    /// Opens the store in `dir`. A store of `dir` dropped just before can hold sled's file lock for a
    /// moment more (its background threads let go of the database after the drop), and nothing
    /// signals when they have, so the lock is asked for again until it is free, within `LOCK_WAIT`.
    fn open(dir: &std::path::Path) -> Result<CopySessions, StoreError> {
        let deadline = std::time::Instant::now() + LOCK_WAIT;
        loop {
            match Store::open(dir, None) {
                Err(err)
                    if err.to_string().contains("could not acquire lock")
                        && std::time::Instant::now() < deadline =>
                {
                    std::thread::sleep(LOCK_RETRY);
                }
                opened => return opened?.copy_sessions(),
            }
        }
    }

    #[test]
    fn intent_and_outcome_records_come_back_from_a_reopened_store() -> TestResult {
        let dir = tempfile::tempdir()?;
        let mut settled = intent(7, 2, 2);
        settled.rows[0].settle(&SubmitOutcome::Rejected("refused".into()));
        {
            let sessions = open(dir.path())?;
            sessions.save(&intent(7, 1, 3))?;
            // Session 2 is stored whole after its record: the record is left behind, stale.
            sessions.save(&settled)?;
            sessions.append_outcome(AgentId(7), SessionId(1), &record(0, 100))?;
            sessions.append_outcome(AgentId(7), SessionId(1), &record(2, 102))?;
            sessions.append_outcome(AgentId(7), SessionId(2), &record(0, 200))?;
            // A record of no stored session, and one of a row its session does not have.
            sessions.append_outcome(AgentId(8), SessionId(1), &record(0, 300))?;
            sessions.append_outcome(AgentId(7), SessionId(1), &record(9, 109))?;
            sessions.flush()?;
        }
        let sessions = open(dir.path())?;
        assert_eq!(
            sessions
                .load_outcomes()?
                .iter()
                .map(|(agent, session, record)| (agent.get(), session.get(), record.index))
                .collect::<Vec<_>>(),
            vec![(7, 1, 0), (7, 1, 2), (7, 1, 9), (7, 2, 0), (8, 1, 0)]
        );
        let replayed = sessions.load_journal()?;
        let [first, second] = replayed.sessions.as_slice() else {
            return Err(format!("two sessions: {replayed:?}").into());
        };
        assert_eq!(first.rows[0].order_id, Some(BrokerOrderId(100)));
        assert_eq!(first.rows[0].state, RowState::Order(OrderStatus::Accepted));
        assert_eq!(first.rows[1], intent(7, 1, 3).rows[1]);
        assert_eq!(first.rows[2].order_id, Some(BrokerOrderId(102)));
        assert_eq!(*second, settled, "the whole store wins over a stale record");
        assert_eq!(
            replayed.changed.into_iter().collect::<Vec<_>>(),
            vec![(AgentId(7), SessionId(1))]
        );
        assert_eq!(replayed.journaled.len(), 3);
        // The sessions tree itself still holds the sessions as stored whole.
        assert_eq!(sessions.load_all()?, vec![intent(7, 1, 3), settled]);
        Ok(())
    }

    #[test]
    fn an_intent_is_stored_compact_and_a_settled_session_whole() -> TestResult {
        let dir = tempfile::tempdir()?;
        let planned = intent(7, 1, 100);
        let mut settled = intent(7, 2, 100);
        settled.rows[0].settle(&SubmitOutcome::Placed(BrokerOrderId(5)));
        // A planned session stored whole (as every session once was) still reads back.
        let older = intent(7, 3, 2);
        {
            let sessions = open(dir.path())?;
            sessions.save(&planned)?;
            sessions.save(&settled)?;
            sessions
                .tree()
                .insert(key(&older), serde_json::to_vec(&older)?)?;
            sessions.flush()?;
        }
        let sessions = open(dir.path())?;
        let compact = sessions.tree().get(key(&planned))?.ok_or("stored")?;
        let whole = sessions.tree().get(key(&settled))?.ok_or("stored")?;
        assert_eq!(compact.first(), Some(&INTENT_TAG));
        assert_eq!(whole.first(), Some(&b'{'));
        assert!(
            compact.len() * 4 < whole.len(),
            "{} bytes against {}",
            compact.len(),
            whole.len()
        );
        assert_eq!(sessions.load_all()?, vec![planned, settled, older]);
        Ok(())
    }

    #[test]
    fn an_intent_naming_an_order_it_lacks_is_an_error_not_a_panic() -> TestResult {
        let mut intent = FanOutIntent::of(&intent(7, 1, 3)).ok_or("planned")?;
        intent.rows[1].order = 4;
        let mut bytes = vec![INTENT_TAG];
        serde_json::to_writer(&mut bytes, &intent)?;
        let error = decode_session(&bytes).err().ok_or("refused")?;
        assert_eq!(
            error.to_string(),
            "session storage failed: row 1 names order 4, but the intent holds 1"
        );
        Ok(())
    }

    #[test]
    fn groups_written_after_a_reopen_never_overwrite_earlier_ones() -> TestResult {
        let dir = tempfile::tempdir()?;
        for (index, order) in [(0, 100), (1, 101)] {
            let sessions = open(dir.path())?;
            sessions.append_outcome(AgentId(7), SessionId(1), &record(index, order))?;
            sessions.flush()?;
        }
        let rows: Vec<usize> = open(dir.path())?
            .load_outcomes()?
            .into_iter()
            .map(|(_, _, record)| record.index)
            .collect();
        assert_eq!(rows, vec![0, 1]);
        Ok(())
    }

    #[test]
    fn removing_a_sessions_records_leaves_the_others() -> TestResult {
        let dir = tempfile::tempdir()?;
        {
            let sessions = open(dir.path())?;
            sessions.save(&intent(7, 1, 2))?;
            sessions.save(&intent(7, 2, 2))?;
            for (id, order) in [(1, 10), (2, 20)] {
                sessions.append_outcome(AgentId(7), SessionId(id), &record(0, order))?;
                sessions.append_outcome(AgentId(7), SessionId(id), &record(1, order + 1))?;
            }
            // The same row again replaces its record.
            sessions.append_outcome(AgentId(7), SessionId(2), &record(1, 22))?;
            sessions.remove_outcomes(AgentId(7), SessionId(1))?;
            sessions.flush()?;
        }
        let sessions = open(dir.path())?;
        let left: Vec<(u64, usize, Option<BrokerOrderId>)> = sessions
            .load_outcomes()?
            .into_iter()
            .map(|(_, session, record)| {
                (
                    session.get(),
                    record.index,
                    SubmitOutcome::from(&record.outcome).order_id(),
                )
            })
            .collect();
        assert_eq!(
            left,
            vec![
                (2, 0, Some(BrokerOrderId(20))),
                (2, 1, Some(BrokerOrderId(22)))
            ]
        );
        let replayed = sessions.load_journal()?;
        assert!(
            replayed.sessions[0]
                .rows
                .iter()
                .all(|r| r.state == RowState::Pending)
        );
        assert!(
            replayed.sessions[1]
                .rows
                .iter()
                .all(|r| r.order_id.is_some())
        );
        Ok(())
    }

    #[test]
    fn an_unreadable_record_is_skipped() -> TestResult {
        let store = Store::temporary()?;
        let sessions = store.copy_sessions()?;
        sessions.save(&intent(7, 1, 1))?;
        sessions.outcomes.insert(
            group_key(session_key(AgentId(7), SessionId(1)), 0),
            b"{".as_slice(),
        )?;
        sessions
            .outcomes
            .insert(b"short".as_slice(), b"{}".as_slice())?;
        assert!(sessions.load_outcomes()?.is_empty());
        assert_eq!(sessions.load_journal()?.sessions, vec![intent(7, 1, 1)]);
        Ok(())
    }
}
