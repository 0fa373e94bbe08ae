//! Pre-flight: how a planned fan-out goes out once every targeted account's order has been previewed.
//!
//! All or none sends nothing when any account would refuse; only those that pass sends to the accounts
//! whose preview passed (with or without warnings) and gives the others a `FAILED_TO_PLACE` row with the
//! brokerage's reason; send to all sends as if nothing had been previewed (today's behaviour, and what a
//! command without a mode gets).

use super::planner::{AccountWork, Plan, Work};
use crate::ids::AccountId;
use crate::wire_enum::wire_enum;

wire_enum! {
    /// How a previewed command fans out, named as the API names it.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum FanOutMode("fan-out mode") {
        /// If any account would refuse, nothing is sent.
        AllOrNone => "ALL_OR_NONE",
        /// Only the accounts whose preview passed get the order.
        OnlyPassing => "ONLY_PASSING",
        /// Every account gets the order, whatever its preview said (nothing is previewed).
        #[default]
        SendToAll => "SEND_TO_ALL",
    }
}

impl FanOutMode {
    /// Whether commands in this mode are previewed before they are sent.
    #[must_use]
    pub fn previews(self) -> bool {
        self != Self::SendToAll
    }
}

/// What a brokerage said of one account's order without placing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreviewVerdict {
    /// The order would be accepted.
    Pass,
    /// The order would be accepted, with warnings.
    Warning,
    /// The order would be refused.
    Reject,
}

/// One account's preview.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountPreview {
    /// The account.
    pub account: AccountId,
    /// The verdict.
    pub verdict: PreviewVerdict,
    /// The brokerage's text (rejects and warnings), in its order.
    pub messages: Vec<String>,
}

/// An all-or-none command refused because some accounts would refuse; nothing was sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Not sent: {} account(s) would refuse the order", rejects.len())]
pub struct PreviewRefusal {
    /// Every account that would refuse, with its reason.
    pub rejects: Vec<(AccountId, String)>,
}

/// The reason an account's preview gives against sending to it, or `None` when it may be sent.
fn reject_reason(account: AccountId, previews: &[AccountPreview]) -> Option<String> {
    match previews.iter().find(|p| p.account == account) {
        None => Some("no preview answer".to_owned()),
        Some(p) if p.verdict == PreviewVerdict::Reject => Some(if p.messages.is_empty() {
            "the brokerage would refuse the order".to_owned()
        } else {
            p.messages.join("; ")
        }),
        Some(_) => None,
    }
}

/// Applies the previews to a plan in `mode`. Cancels are never previewed and pass unchanged.
///
/// # Errors
/// [`PreviewRefusal`] in [`FanOutMode::AllOrNone`] when any targeted account would refuse (its preview
/// rejects, it has none, or the planner already refused it); it names every such account.
pub fn gate(
    mut plan: Plan,
    previews: &[AccountPreview],
    mode: FanOutMode,
) -> Result<Plan, PreviewRefusal> {
    match mode {
        FanOutMode::SendToAll => Ok(plan),
        FanOutMode::AllOrNone => {
            let rejects: Vec<(AccountId, String)> = plan
                .works
                .iter()
                .filter_map(|w| match &w.work {
                    Work::Place(_) | Work::Replace { .. } => {
                        reject_reason(w.account, previews).map(|r| (w.account, r))
                    }
                    Work::Refuse { reason, .. } => Some((w.account, reason.clone())),
                    Work::Cancel(_) => None,
                })
                .collect();
            if rejects.is_empty() {
                Ok(plan)
            } else {
                Err(PreviewRefusal { rejects })
            }
        }
        FanOutMode::OnlyPassing => {
            plan.works = plan
                .works
                .into_iter()
                .map(|w| {
                    let AccountWork { account, work } = w;
                    let work = match work {
                        Work::Place(request) | Work::Replace { request, .. }
                            if reject_reason(account, previews).is_some() =>
                        {
                            let reason = reject_reason(account, previews).unwrap_or_default();
                            Work::Refuse {
                                request,
                                reason: format!("not sent: the preview refused it: {reason}"),
                            }
                        }
                        other => other,
                    };
                    AccountWork { account, work }
                })
                .collect();
            Ok(plan)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::copy::{SessionUse, TradeKind};
    use crate::ids::{AgentId, BrokerOrderId};
    use crate::order::{Instruction, OrderLeg, OrderRequest};
    use proptest::prelude::*;

    fn request() -> OrderRequest {
        OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "AAPL"))
    }

    fn plan(works: Vec<AccountWork>) -> Plan {
        Plan {
            agent: AgentId(1),
            kind: TradeKind::Stock,
            session: SessionUse::New { replaced: None },
            works,
        }
    }

    fn place(account: u64) -> AccountWork {
        AccountWork {
            account: AccountId(account),
            work: Work::Place(request()),
        }
    }

    fn preview(account: u64, verdict: PreviewVerdict, text: &str) -> AccountPreview {
        AccountPreview {
            account: AccountId(account),
            verdict,
            messages: if text.is_empty() {
                Vec::new()
            } else {
                vec![text.to_owned()]
            },
        }
    }

    fn previews() -> Vec<AccountPreview> {
        vec![
            preview(1, PreviewVerdict::Pass, ""),
            preview(2, PreviewVerdict::Warning, "Day trade"),
            preview(3, PreviewVerdict::Reject, "Insufficient buying power"),
        ]
    }

    #[test]
    fn all_or_none_names_every_refusing_account_and_sends_nothing() {
        let mut works = vec![place(1), place(2), place(3), place(4)];
        works.push(AccountWork {
            account: AccountId(5),
            work: Work::Refuse {
                request: request(),
                reason: "nothing to close".into(),
            },
        });
        let refused = gate(plan(works), &previews(), FanOutMode::AllOrNone);
        assert_eq!(
            refused,
            Err(PreviewRefusal {
                rejects: vec![
                    (AccountId(3), "Insufficient buying power".into()),
                    (AccountId(4), "no preview answer".into()),
                    (AccountId(5), "nothing to close".into()),
                ]
            })
        );
        assert_eq!(
            refused.map_err(|e| e.to_string()),
            Err("Not sent: 3 account(s) would refuse the order".into())
        );
    }

    #[test]
    fn all_or_none_sends_the_plan_unchanged_when_every_account_passes_or_warns() {
        let sent = plan(vec![place(1), place(2)]);
        assert_eq!(
            gate(sent.clone(), &previews(), FanOutMode::AllOrNone),
            Ok(sent)
        );
    }

    #[test]
    fn only_passing_turns_a_rejected_account_into_a_refusal_with_the_brokerages_text() {
        let gated = gate(
            plan(vec![place(1), place(2), place(3)]),
            &previews(),
            FanOutMode::OnlyPassing,
        )
        .map(|p| p.works);
        assert_eq!(
            gated,
            Ok(vec![
                place(1),
                place(2),
                AccountWork {
                    account: AccountId(3),
                    work: Work::Refuse {
                        request: request(),
                        reason: "not sent: the preview refused it: Insufficient buying power"
                            .into(),
                    },
                },
            ])
        );
    }

    #[test]
    fn send_to_all_and_cancels_ignore_the_previews() {
        let works = vec![
            place(3),
            AccountWork {
                account: AccountId(3),
                work: Work::Cancel(BrokerOrderId(9)),
            },
        ];
        assert_eq!(
            gate(plan(works.clone()), &previews(), FanOutMode::SendToAll),
            Ok(plan(works))
        );
        let cancel = vec![AccountWork {
            account: AccountId(3),
            work: Work::Cancel(BrokerOrderId(9)),
        }];
        assert_eq!(
            gate(plan(cancel.clone()), &[], FanOutMode::AllOrNone),
            Ok(plan(cancel))
        );
        assert_eq!(FanOutMode::default(), FanOutMode::SendToAll);
        assert_eq!("ALL_OR_NONE".parse(), Ok(FanOutMode::AllOrNone));
        assert_eq!(FanOutMode::OnlyPassing.as_str(), "ONLY_PASSING");
        assert!("all_or_none".parse::<FanOutMode>().is_err());
        assert!(!FanOutMode::SendToAll.previews() && FanOutMode::AllOrNone.previews());
    }

    fn verdict() -> impl Strategy<Value = PreviewVerdict> {
        prop_oneof![
            Just(PreviewVerdict::Pass),
            Just(PreviewVerdict::Warning),
            Just(PreviewVerdict::Reject)
        ]
    }

    proptest! {
        #[test]
        fn all_or_none_sends_nothing_when_any_preview_rejects(
            verdicts in prop::collection::vec(verdict(), 1..30),
        ) {
            let works: Vec<AccountWork> = (1..=verdicts.len() as u64).map(place).collect();
            let previews: Vec<AccountPreview> = verdicts
                .iter()
                .enumerate()
                .map(|(i, v)| preview(i as u64 + 1, *v, "refused"))
                .collect();
            let rejecting: Vec<AccountId> = previews
                .iter()
                .filter(|p| p.verdict == PreviewVerdict::Reject)
                .map(|p| p.account)
                .collect();
            let gated = gate(plan(works.clone()), &previews, FanOutMode::AllOrNone);
            if rejecting.is_empty() {
                prop_assert_eq!(gated, Ok(plan(works.clone())));
            } else {
                let named: Vec<AccountId> = gated
                    .clone()
                    .err()
                    .map(|e| e.rejects.iter().map(|(a, _)| *a).collect())
                    .unwrap_or_default();
                prop_assert!(gated.is_err());
                prop_assert_eq!(named, rejecting.clone());
            }
            // Only those that pass: exactly the rejecting accounts are refused, nothing else changes.
            let only = gate(plan(works), &previews, FanOutMode::OnlyPassing)
                .map(|p| p.works)
                .unwrap_or_default();
            let refused: Vec<AccountId> = only
                .iter()
                .filter(|w| matches!(w.work, Work::Refuse { .. }))
                .map(|w| w.account)
                .collect();
            prop_assert_eq!(refused, rejecting);
        }
    }
}
