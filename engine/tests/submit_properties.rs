//! Under any mix of lost answers, 5xx and throttling, one send never leaves two orders,
//! and a reported order always exists and belongs to that send.

mod support;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, ensure};
use engine::broker::{SubmitOutcome, SubmitPolicy, SubmitTarget, submit_order};
use engine::ids::BrokerOrderId;
use engine::order::{Instruction, OrderLeg, OrderRequest};
use proptest::prelude::*;
use rust_decimal_macros::dec;
use support::scripted::{ClockPause, Glitch, Scripted};
use support::{Desk, frozen};

const GLITCHES: [Glitch; 6] = [
    Glitch::None,
    Glitch::ServerBefore,
    Glitch::ServerAfter,
    Glitch::TimeoutAfter,
    Glitch::NoId,
    Glitch::Throttled,
];

#[derive(Debug, Clone)]
struct Send {
    glitches: Vec<Glitch>,
    list_failures: u32,
    pause_seconds: i64,
}

fn send() -> impl Strategy<Value = Send> {
    (
        prop::collection::vec(prop::sample::select(GLITCHES.to_vec()), 0..5),
        0_u32..4,
        0_i64..15,
    )
        .prop_map(|(glitches, list_failures, pause_seconds)| Send {
            glitches,
            list_failures,
            pause_seconds,
        })
}

fn run(sends: &[Send]) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let desk = Desk::open(frozen()).await?;
        let broker = Scripted::new(desk.paper.clone());
        let policy = SubmitPolicy {
            throttle_deadline: Duration::from_secs(5),
            read_attempts: 2,
            jitter_seed: Some(3),
            pause: Arc::new(ClockPause::new(desk.clock.clone())),
            ..SubmitPolicy::default()
        };
        let target = SubmitTarget {
            broker: &broker,
            token: desk.token(),
            account: &desk.hash,
            clock: &desk.clock,
            policy: &policy,
        };
        // The same order, sent again and again: the hardest case for matching.
        let request = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "AAPL"), dec!(200));
        let mut known: Vec<BrokerOrderId> = Vec::new();
        for send in sends {
            desk.advance(send.pause_seconds);
            let before: Vec<BrokerOrderId> =
                desk.all_orders().await?.iter().map(|o| o.id).collect();
            broker.script_writes(&send.glitches);
            broker.fail_lists(send.list_failures);
            let outcome = submit_order(target, &request, &known).await;
            broker.clear_script();
            let after: Vec<BrokerOrderId> = desk.all_orders().await?.iter().map(|o| o.id).collect();
            let created: Vec<BrokerOrderId> = after
                .iter()
                .filter(|id| !before.contains(id))
                .copied()
                .collect();
            ensure!(
                created.len() <= 1,
                "{outcome:?} left {} orders",
                created.len()
            );
            match &outcome {
                SubmitOutcome::Placed(id) => {
                    ensure!(created == [*id], "placed {id} but created {created:?}");
                }
                SubmitOutcome::Adopted(id) => {
                    ensure!(after.contains(id), "adopted {id}, which does not exist");
                    ensure!(
                        !known.contains(id),
                        "adopted {id}, claimed by an earlier send"
                    );
                    ensure!(
                        created.is_empty() || created == [*id],
                        "adopted {id} but created {created:?}"
                    );
                }
                SubmitOutcome::Rejected(_) | SubmitOutcome::ThrottledPastDeadline => {
                    ensure!(created.is_empty(), "{outcome:?} but created {created:?}");
                }
                SubmitOutcome::Unsettled(_) => {}
            }
            known.extend(outcome.order_id());
        }
        Ok(())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn one_send_one_order_at_most_and_reported_orders_exist(sends in prop::collection::vec(send(), 1..6)) {
        let outcome = run(&sends);
        prop_assert!(outcome.is_ok(), "{:?}", outcome.err());
    }
}
