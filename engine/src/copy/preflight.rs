//! Pre-flight: every targeted account's order previewed at once, before anything is sent.
//!
//! Each account with a write in the plan (a place or a replace) is asked through its actor for the
//! brokerage's preview of exactly the order it would be sent, all of them concurrently. An account the
//! planner already refused is not asked: its check is the planner's reason. An account that cannot be
//! asked (no running actor, no answer, a budget full past its deadline) gets a check that rejects with
//! the reason, so all or none never sends on a guess. Cancels are never previewed.

use futures::future::join_all;

use super::fan_out_mode::{AccountPreview, PreviewVerdict};
use super::planner::{Plan, Work};
use crate::account::AccountRegistry;
use crate::account::messages::PreviewOrder;
use crate::broker::{OrderPreview, SubmitPolicy};
use crate::ids::AccountId;

/// What one targeted account's check came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountCheck {
    /// The account.
    pub account: AccountId,
    /// The brokerage's preview; a refusal by the planner, or a preview that could not be had, is a
    /// preview that rejects with the reason.
    pub preview: OrderPreview,
    /// Whether the brokerage was asked (false for the planner's refusals).
    pub asked: bool,
}

impl AccountCheck {
    /// The verdict: REJECT when anything rejects, WARNING when only warnings were given, else PASS.
    #[must_use]
    pub fn verdict(&self) -> PreviewVerdict {
        if !self.preview.rejects.is_empty() {
            PreviewVerdict::Reject
        } else if !self.preview.warnings.is_empty() {
            PreviewVerdict::Warning
        } else {
            PreviewVerdict::Pass
        }
    }

    /// The check as the fan-out decision reads it: the verdict and its texts (the rejects when it
    /// rejects, else the warnings).
    #[must_use]
    pub fn as_preview(&self) -> AccountPreview {
        let verdict = self.verdict();
        let messages = match verdict {
            PreviewVerdict::Reject => self.preview.rejects.clone(),
            _ => self.preview.warnings.clone(),
        };
        AccountPreview {
            account: self.account,
            verdict,
            messages,
        }
    }
}

/// The reason of a check that could not be had.
fn unchecked(reason: impl std::fmt::Display) -> OrderPreview {
    OrderPreview::refused(format!("The brokerage could not check the order: {reason}"))
}

/// Previews every write of `plan` on its account's actor, all at once; one check per place, replace
/// or refusal, in the plan's order (cancels have none).
pub async fn preview_plan(
    registry: &AccountRegistry,
    plan: &Plan,
    policy: &SubmitPolicy,
) -> Vec<AccountCheck> {
    let checks = plan.works.iter().filter_map(|w| {
        let account = w.account;
        let request = match &w.work {
            Work::Place(request) | Work::Replace { request, .. } => request.clone(),
            Work::Refuse { reason, .. } => {
                let refused = AccountCheck {
                    account,
                    preview: OrderPreview::refused(reason.clone()),
                    asked: false,
                };
                return Some(futures::future::Either::Left(std::future::ready(refused)));
            }
            Work::Cancel(_) => return None,
        };
        let handle = registry.get(account);
        let policy = policy.clone();
        Some(futures::future::Either::Right(async move {
            let preview = match handle {
                None => unchecked("the account is not linked"),
                Some(handle) => match handle.addr.send(PreviewOrder { request, policy }).await {
                    Ok(Ok(preview)) => preview,
                    Ok(Err(err)) => unchecked(err),
                    Err(_) => unchecked("the account is no longer linked"),
                },
            };
            AccountCheck {
                account,
                preview,
                asked: true,
            }
        }))
    });
    join_all(checks).await
}

/// The checks as the fan-out decision reads them.
#[must_use]
pub fn previews(checks: &[AccountCheck]) -> Vec<AccountPreview> {
    checks.iter().map(AccountCheck::as_preview).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(preview: OrderPreview) -> AccountCheck {
        AccountCheck {
            account: AccountId(7),
            preview,
            asked: true,
        }
    }

    #[test]
    fn verdicts_follow_rejects_then_warnings() {
        let pass = check(OrderPreview::default());
        assert_eq!(pass.verdict(), PreviewVerdict::Pass);
        let warned = check(OrderPreview {
            warnings: vec!["Order warning: away from the market".into()],
            ..OrderPreview::default()
        });
        assert_eq!(
            warned.as_preview(),
            AccountPreview {
                account: AccountId(7),
                verdict: PreviewVerdict::Warning,
                messages: vec!["Order warning: away from the market".into()],
            }
        );
        let refused = check(OrderPreview {
            rejects: vec!["Order rejected: insufficient buying power".into()],
            warnings: vec!["Order warning: away from the market".into()],
            ..OrderPreview::default()
        });
        assert_eq!(
            previews(&[refused]),
            vec![AccountPreview {
                account: AccountId(7),
                verdict: PreviewVerdict::Reject,
                messages: vec!["Order rejected: insufficient buying power".into()],
            }]
        );
        assert_eq!(
            unchecked("the account is not linked").rejects,
            vec!["The brokerage could not check the order: the account is not linked".to_owned()]
        );
    }
}
