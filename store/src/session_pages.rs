//! The stored sessions read a page at a time (the engine's session archive), for exports.

use std::ops::Bound;

use engine::copy::{CopySession, RepositoryError, SessionArchive};
use engine::ids::{AgentId, SessionId};

use crate::CopySessions;
use crate::copy_sessions::decode_session;

fn agent_key(agent: AgentId, session: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&agent.get().to_be_bytes());
    key[8..].copy_from_slice(&session.to_be_bytes());
    key
}

impl SessionArchive for CopySessions {
    fn page(
        &self,
        agent: AgentId,
        after: Option<SessionId>,
        limit: usize,
    ) -> Result<Vec<CopySession>, RepositoryError> {
        let from = match after {
            Some(id) => Bound::Excluded(agent_key(agent, id.get())),
            None => Bound::Included(agent_key(agent, 0)),
        };
        let to = Bound::Included(agent_key(agent, u64::MAX));
        self.tree()
            .range::<[u8; 16], _>((from, to))
            .values()
            .take(limit)
            .map(|bytes| {
                let bytes = bytes.map_err(|e| RepositoryError(e.to_string()))?;
                let mut session = decode_session(&bytes)?;
                // A fan-out in progress (or interrupted) shows the outcomes its journal holds.
                self.replay_outcomes(&mut session)?;
                Ok(session)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Store;
    use chrono::{TimeZone, Utc};
    use engine::copy::{SessionRepository, TradeKind};

    fn session(agent: u64, id: u64) -> CopySession {
        CopySession {
            id: SessionId(id),
            agent: AgentId(agent),
            kind: TradeKind::Stock,
            created_at: Utc
                .timestamp_opt(1_730_000_000, 0)
                .single()
                .unwrap_or_default(),
            rows: Vec::new(),
            replaced_session: None,
        }
    }

    #[test]
    fn pages_walk_one_agents_sessions_in_id_order_and_no_others()
    -> Result<(), Box<dyn std::error::Error>> {
        let store = Store::temporary()?;
        let sessions = store.copy_sessions()?;
        for id in [3, 1, 2, 5, 4] {
            sessions.save(&session(7, id))?;
        }
        sessions.save(&session(6, 9))?;
        sessions.save(&session(8, 1))?;
        let ids = |page: Vec<CopySession>| page.iter().map(|s| s.id.get()).collect::<Vec<_>>();
        assert_eq!(ids(sessions.page(AgentId(7), None, 2)?), [1, 2]);
        assert_eq!(
            ids(sessions.page(AgentId(7), Some(SessionId(2)), 2)?),
            [3, 4]
        );
        assert_eq!(ids(sessions.page(AgentId(7), Some(SessionId(4)), 2)?), [5]);
        assert!(sessions.page(AgentId(7), Some(SessionId(5)), 2)?.is_empty());
        assert!(sessions.page(AgentId(9), None, 10)?.is_empty());
        Ok(())
    }

    #[test]
    fn a_page_shows_the_outcomes_a_fan_outs_journal_holds() -> Result<(), Box<dyn std::error::Error>>
    {
        use engine::broker::SubmitOutcome;
        use engine::copy::{CopyRow, RowOutcome, RowState};
        use engine::ids::{AccountId, BrokerOrderId};
        use engine::order::{Instruction, OrderLeg, OrderRequest};

        let store = Store::temporary()?;
        let sessions = store.copy_sessions()?;
        let mut intent = session(7, 1);
        let request = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"));
        intent.rows = (1..=2)
            .map(|a| CopyRow::pending(AccountId(a), request.clone(), None, intent.created_at))
            .collect();
        sessions.save(&intent)?;
        let placed = SubmitOutcome::Placed(BrokerOrderId(5));
        sessions.append_outcome(
            AgentId(7),
            SessionId(1),
            &RowOutcome::new(1, AccountId(2), &placed),
        )?;
        let page = sessions.page(AgentId(7), None, 10)?;
        let states: Vec<_> = page[0]
            .rows
            .iter()
            .map(|r| (r.state.clone(), r.order_id))
            .collect();
        assert_eq!(
            states,
            vec![
                (RowState::Pending, None),
                (
                    RowState::Order(engine::order::OrderStatus::Accepted),
                    Some(BrokerOrderId(5))
                )
            ]
        );
        Ok(())
    }
}
