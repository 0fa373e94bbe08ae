//! Pre-flight: how a planned fan-out goes out once every targeted account's order has been previewed.
//!
//! All or none sends nothing when any account would refuse; only those that pass sends to the accounts
//! whose preview passed (with or without warnings) and gives the others a `FAILED_TO_PLACE` row with the
//! brokerage's reason; send to all sends as if nothing had been previewed (today's behaviour, and what a
//! command without a mode gets).

use std::collections::{HashMap, VecDeque};

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
#[error("Not sent: {} account(s) would refuse the order", accounts_in(rejects))]
pub struct PreviewRefusal {
    /// Every account that would refuse, with its reason.
    pub rejects: Vec<(AccountId, String)>,
}

/// How many accounts `rejects` names (an account refusing two of its orders is named twice).
fn accounts_in(rejects: &[(AccountId, String)]) -> usize {
    rejects
        .iter()
        .map(|(account, _)| *account)
        .collect::<std::collections::HashSet<_>>()
        .len()
}

/// The reason a work's preview gives against sending it, or `None` when it may be sent.
fn reject_reason(preview: Option<&AccountPreview>) -> Option<String> {
    match preview {
        None => Some("no preview answer".to_owned()),
        Some(p) if p.verdict == PreviewVerdict::Reject => Some(if p.messages.is_empty() {
            "the brokerage would refuse the order".to_owned()
        } else {
            p.messages.join("; ")
        }),
        Some(_) => None,
    }
}

/// Each work's own preview (`None` for cancels, and for a work without one). Previews come one per
/// place, replace or refusal, in the plan's order (see [`preview_plan`](super::preview_plan)); an
/// account's k-th such work is paired with that account's k-th preview, so an account sent two
/// orders (an exit of two positions) is judged on each order's preview, not twice on the first.
fn paired<'a>(
    works: &[AccountWork],
    previews: &'a [AccountPreview],
) -> Vec<Option<&'a AccountPreview>> {
    let mut by_account: HashMap<AccountId, VecDeque<&'a AccountPreview>> = HashMap::new();
    for preview in previews {
        by_account
            .entry(preview.account)
            .or_default()
            .push_back(preview);
    }
    works
        .iter()
        .map(|w| match w.work {
            Work::Cancel(_) => None,
            Work::Place(_) | Work::Replace { .. } | Work::Refuse { .. } => {
                by_account.get_mut(&w.account).and_then(VecDeque::pop_front)
            }
        })
        .collect()
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
                .zip(paired(&plan.works, previews))
                .filter_map(|(w, preview)| match &w.work {
                    Work::Place(_) | Work::Replace { .. } => {
                        reject_reason(preview).map(|r| (w.account, r))
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
            let reasons: Vec<Option<String>> = paired(&plan.works, previews)
                .into_iter()
                .map(reject_reason)
                .collect();
            plan.works = plan
                .works
                .into_iter()
                .zip(reasons)
                .map(|(w, reason)| {
                    let AccountWork { account, work } = w;
                    let work = match (work, reason) {
                        (Work::Place(request) | Work::Replace { request, .. }, Some(reason)) => {
                            Work::Refuse {
                                request,
                                reason: format!("not sent: the preview refused it: {reason}"),
                            }
                        }
                        (other, _) => other,
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
            limited: Vec::new(),
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

    fn place_of(account: u64, symbol: &str) -> AccountWork {
        AccountWork {
            account: AccountId(account),
            work: Work::Place(OrderRequest::market(OrderLeg::equity(
                Instruction::Sell,
                1,
                symbol,
            ))),
        }
    }

    #[test]
    fn an_account_sent_two_orders_is_judged_on_each_orders_own_preview() {
        // Account 1 exits AAPL (its preview passes) and MSFT (its preview rejects); account 2 exits
        // AAPL only. Previews come one per work, in the plan's order.
        let works = vec![
            place_of(1, "AAPL"),
            place_of(1, "MSFT"),
            place_of(2, "AAPL"),
        ];
        let previews = vec![
            preview(1, PreviewVerdict::Pass, ""),
            preview(1, PreviewVerdict::Reject, "No position in MSFT"),
            preview(2, PreviewVerdict::Pass, ""),
        ];
        let refused = gate(plan(works.clone()), &previews, FanOutMode::AllOrNone);
        assert_eq!(
            refused,
            Err(PreviewRefusal {
                rejects: vec![(AccountId(1), "No position in MSFT".into())]
            })
        );
        let only = gate(plan(works), &previews, FanOutMode::OnlyPassing).map(|p| p.works);
        let msft = OrderRequest::market(OrderLeg::equity(Instruction::Sell, 1, "MSFT"));
        assert_eq!(
            only,
            Ok(vec![
                place_of(1, "AAPL"),
                AccountWork {
                    account: AccountId(1),
                    work: Work::Refuse {
                        request: msft,
                        reason: "not sent: the preview refused it: No position in MSFT".into(),
                    },
                },
                place_of(2, "AAPL"),
            ])
        );
        // The other way round: the rejected order first, the passing one is still sent.
        let works = vec![place_of(1, "MSFT"), place_of(1, "AAPL")];
        let previews = vec![
            preview(1, PreviewVerdict::Reject, "No position in MSFT"),
            preview(1, PreviewVerdict::Pass, ""),
        ];
        let only = gate(plan(works), &previews, FanOutMode::OnlyPassing).map(|p| {
            p.works
                .into_iter()
                .map(|w| matches!(w.work, Work::Place(_)))
                .collect::<Vec<_>>()
        });
        assert_eq!(only, Ok(vec![false, true]));
    }

    #[test]
    fn a_planner_refusal_takes_its_own_preview_so_the_accounts_next_order_gets_the_next() {
        let works = vec![
            AccountWork {
                account: AccountId(1),
                work: Work::Refuse {
                    request: request(),
                    reason: "nothing to close".into(),
                },
            },
            place(1),
        ];
        let previews = vec![
            preview(1, PreviewVerdict::Reject, "nothing to close"),
            preview(1, PreviewVerdict::Pass, ""),
        ];
        let only = gate(plan(works.clone()), &previews, FanOutMode::OnlyPassing).map(|p| p.works);
        assert_eq!(only, Ok(works));
    }

    #[test]
    fn the_refusal_counts_accounts_not_orders() {
        let refusal = PreviewRefusal {
            rejects: vec![
                (AccountId(1), "No position in MSFT".into()),
                (AccountId(1), "No position in TSLA".into()),
                (AccountId(2), "Insufficient buying power".into()),
            ],
        };
        assert_eq!(
            refusal.to_string(),
            "Not sent: 2 account(s) would refuse the order"
        );
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
