//! Exactly-once submission against the paper brokerage with scripted failures.

mod support;

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use engine::broker::{
    BrokerError, Brokerage, SubmitOutcome, SubmitPolicy, SubmitTarget, read_with_retry,
    submit_order, submit_replace,
};
use engine::ids::BrokerOrderId;
use engine::order::{Instruction, OrderLeg, OrderRequest, OrderStatus};
use rust_decimal_macros::dec;
use support::scripted::{ClockPause, Glitch, Scripted};
use support::{Desk, frozen};

/// A desk whose brokerage fails as scripted, with pauses that move the clock.
struct Rig {
    desk: Desk,
    broker: Scripted,
    pause: ClockPause,
    policy: SubmitPolicy,
}

impl Rig {
    async fn open() -> Result<Self> {
        let desk = Desk::open(frozen()).await?;
        let broker = Scripted::new(desk.paper.clone());
        let pause = ClockPause::new(desk.clock.clone());
        let policy = SubmitPolicy {
            throttle_deadline: Duration::from_secs(20),
            jitter_seed: Some(7),
            pause: Arc::new(pause.clone()),
            ..SubmitPolicy::default()
        };
        Ok(Self {
            desk,
            broker,
            pause,
            policy,
        })
    }

    fn target(&self) -> SubmitTarget<'_> {
        SubmitTarget {
            broker: &self.broker,
            token: self.desk.token(),
            account: &self.desk.hash,
            clock: &self.desk.clock,
            policy: &self.policy,
        }
    }

    async fn submit(&self, known: &[BrokerOrderId]) -> SubmitOutcome {
        submit_order(self.target(), &buy(), known).await
    }

    async fn order_ids(&self) -> Result<Vec<BrokerOrderId>> {
        Ok(self.desk.all_orders().await?.iter().map(|o| o.id).collect())
    }
}

fn buy() -> OrderRequest {
    OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "AAPL"), dec!(200))
}

#[tokio::test]
async fn a_clean_send_is_placed() -> Result<()> {
    let rig = Rig::open().await?;
    let outcome = rig.submit(&[]).await;
    assert_eq!(outcome, SubmitOutcome::Placed(rig.order_ids().await?[0]));
    assert_eq!(rig.broker.writes_seen(), 1);
    Ok(())
}

#[tokio::test]
async fn throttled_sends_back_off_and_retry() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker
        .script_writes(&[Glitch::Throttled, Glitch::Throttled]);
    let outcome = rig.submit(&[]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(ids.len(), 1);
    assert_eq!(outcome, SubmitOutcome::Placed(ids[0]));
    assert_eq!(rig.broker.writes_seen(), 3);
    assert!(
        rig.pause.total() >= Duration::from_millis(1000),
        "{:?}",
        rig.pause.total()
    );
    Ok(())
}

#[tokio::test]
async fn throttled_until_the_deadline_is_not_placed() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker.script_writes(&[Glitch::Throttled; 200]);
    let outcome = rig.submit(&[]).await;
    assert_eq!(outcome, SubmitOutcome::ThrottledPastDeadline);
    assert!(rig.order_ids().await?.is_empty());
    assert!(
        rig.pause.total() <= Duration::from_secs(20),
        "{:?}",
        rig.pause.total()
    );
    assert!(rig.broker.writes_seen() > 3);
    Ok(())
}

#[tokio::test]
async fn the_paper_write_limit_throttles_until_the_minute_turns() -> Result<()> {
    let rig = Rig::open().await?;
    rig.desk
        .paper
        .set_faults(engine::broker::paper::FaultConfig {
            write_limit_per_minute: Some(1),
            ..Default::default()
        });
    let first = rig.submit(&[]).await;
    let policy = SubmitPolicy {
        throttle_deadline: Duration::from_secs(120),
        ..rig.policy.clone()
    };
    let target = SubmitTarget {
        policy: &policy,
        ..rig.target()
    };
    let second = submit_order(
        target,
        &buy(),
        &first.order_id().into_iter().collect::<Vec<_>>(),
    )
    .await;
    let ids = rig.order_ids().await?;
    assert_eq!(ids.len(), 2);
    assert_eq!(second, SubmitOutcome::Placed(ids[0]));
    assert!(rig.pause.total() >= Duration::from_secs(50));
    Ok(())
}

#[tokio::test]
async fn lost_answers_after_acceptance_adopt_the_order() -> Result<()> {
    for glitch in [Glitch::TimeoutAfter, Glitch::ServerAfter, Glitch::NoId] {
        let rig = Rig::open().await?;
        rig.broker.script_writes(&[glitch]);
        let outcome = rig.submit(&[]).await;
        let ids = rig.order_ids().await?;
        assert_eq!(ids.len(), 1, "{glitch:?}");
        assert_eq!(outcome, SubmitOutcome::Adopted(ids[0]), "{glitch:?}");
        assert_eq!(rig.broker.writes_seen(), 1, "{glitch:?}: never resent");
    }
    Ok(())
}

#[tokio::test]
async fn a_failure_before_acceptance_is_resent_once() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker.script_writes(&[Glitch::ServerBefore]);
    let outcome = rig.submit(&[]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(ids.len(), 1);
    assert_eq!(outcome, SubmitOutcome::Placed(ids[0]));
    assert_eq!(rig.broker.writes_seen(), 2);
    Ok(())
}

#[tokio::test]
async fn a_refused_second_send_leaves_the_lost_first_one_unsettled() -> Result<()> {
    // The first answer is lost and nothing is listed, so the order goes once more; that second
    // send is refused. It says nothing of the first (which may yet be listed), so the write is
    // unsettled, and a caller never sends it a third time (not even after refreshing the token).
    let rig = Rig::open().await?;
    rig.broker
        .script_writes(&[Glitch::ServerBefore, Glitch::Expired]);
    let outcome = rig.submit(&[]).await;
    assert_eq!(
        outcome,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage failed with status 503); sent once more, \
             and that was rejected: the access token has expired"
                .to_owned()
        )
    );
    assert!(!outcome.is_not_placed());
    assert_eq!(rig.broker.writes_seen(), 2);
    assert!(rig.order_ids().await?.is_empty());

    let rig = Rig::open().await?;
    let mut script = vec![Glitch::ServerBefore];
    script.extend([Glitch::Throttled; 200]);
    rig.broker.script_writes(&script);
    assert_eq!(
        rig.submit(&[]).await,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage failed with status 503); sent once more, \
             and that was throttled past the deadline"
                .to_owned()
        )
    );
    Ok(())
}

#[tokio::test]
async fn a_first_send_refused_for_its_token_is_rejected_and_nothing_placed() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker.script_writes(&[Glitch::Expired]);
    let outcome = rig.submit(&[]).await;
    assert_eq!(
        outcome,
        SubmitOutcome::Rejected("the access token has expired".to_owned())
    );
    assert!(outcome.is_not_placed());
    assert_eq!(rig.broker.writes_seen(), 1);
    Ok(())
}

#[tokio::test]
async fn orders_of_earlier_sends_are_never_adopted() -> Result<()> {
    let rig = Rig::open().await?;
    let first = rig.submit(&[]).await.order_id().context("first placed")?;
    rig.broker.script_writes(&[Glitch::TimeoutAfter]);
    let outcome = rig.submit(&[first]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(ids.len(), 2);
    assert_eq!(outcome, SubmitOutcome::Adopted(ids[0]));
    assert_ne!(ids[0], first);

    rig.broker.script_writes(&[Glitch::TimeoutAfter]);
    let unsure = rig.submit(&[first]).await;
    assert_eq!(rig.order_ids().await?.len(), 3);
    assert_eq!(
        unsure,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage did not answer in time); \
             2 matching orders are listed"
                .to_owned()
        )
    );
    Ok(())
}

#[tokio::test]
async fn an_unreadable_order_list_leaves_the_send_unsettled() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker.script_writes(&[Glitch::TimeoutAfter]);
    rig.broker.fail_lists(10);
    let outcome = rig.submit(&[]).await;
    assert_eq!(
        outcome,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage did not answer in time); \
             the order list could not be read (the brokerage failed with status 503)"
                .to_owned()
        )
    );
    assert_eq!(rig.order_ids().await?.len(), 1, "not resent");
    assert_eq!(rig.broker.writes_seen(), 1);
    Ok(())
}

#[tokio::test]
async fn reads_are_retried_while_the_failure_is_retryable() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker.fail_lists(3);
    let listed = read_with_retry(&rig.policy, || {
        rig.broker.list_orders(
            rig.desk.token(),
            &rig.desk.hash,
            rig.desk.clock_now(),
            rig.desk.clock_now(),
        )
    })
    .await;
    assert_eq!(listed, Ok(vec![]));

    let mut calls = 0;
    let refused = read_with_retry(&rig.policy, || {
        calls += 1;
        rig.broker
            .get_order(rig.desk.token(), &rig.desk.hash, BrokerOrderId(5))
    })
    .await;
    assert_eq!(refused, Err(BrokerError::rejected("order 5 not found")));
    assert_eq!(calls, 1, "rejections are not retried");

    rig.broker.fail_lists(10);
    let exhausted = read_with_retry(&rig.policy, || {
        rig.broker.list_orders(
            rig.desk.token(),
            &rig.desk.hash,
            rig.desk.clock_now(),
            rig.desk.clock_now(),
        )
    })
    .await;
    assert_eq!(
        exhausted,
        Err(engine::broker::ConnectivityError::Server { status: 503 }.into())
    );
    Ok(())
}

#[tokio::test]
async fn a_second_unclear_send_is_settled_by_a_second_look_or_left_unsettled() -> Result<()> {
    let rig = Rig::open().await?;
    rig.broker
        .script_writes(&[Glitch::ServerBefore, Glitch::TimeoutAfter]);
    let outcome = rig.submit(&[]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(outcome, SubmitOutcome::Adopted(ids[0]));
    assert_eq!(ids.len(), 1);

    let rig = Rig::open().await?;
    rig.broker
        .script_writes(&[Glitch::ServerBefore, Glitch::ServerBefore]);
    let outcome = rig.submit(&[]).await;
    assert_eq!(
        outcome,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage failed with status 503), twice, \
             and no matching order is listed"
                .to_owned()
        )
    );
    assert!(rig.order_ids().await?.is_empty());
    assert_eq!(rig.broker.writes_seen(), 2, "resent once, never twice");
    Ok(())
}

#[tokio::test]
async fn refusals_are_rejected_outcomes() -> Result<()> {
    let rig = Rig::open().await?;
    let unknown = OrderRequest::market(OrderLeg::equity(Instruction::Buy, 1, "ZZZZ"));
    assert_eq!(
        submit_order(rig.target(), &unknown, &[]).await,
        SubmitOutcome::Rejected("unknown symbol `ZZZZ`".to_owned())
    );
    rig.desk.advance(31 * 60);
    assert_eq!(
        rig.submit(&[]).await,
        SubmitOutcome::Rejected("the access token has expired".to_owned())
    );
    Ok(())
}

#[tokio::test]
async fn replaces_are_settled_by_the_old_order_status() -> Result<()> {
    let rig = Rig::open().await?;
    let new_request = OrderRequest::limit(OrderLeg::equity(Instruction::Buy, 1, "AAPL"), dec!(201));

    let old = rig.submit(&[]).await.order_id().context("placed")?;
    let clean = submit_replace(rig.target(), old, &new_request, &[old]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(clean, SubmitOutcome::Placed(ids[0]));

    let old = ids[0];
    rig.broker.script_writes(&[Glitch::TimeoutAfter]);
    let lost = submit_replace(rig.target(), old, &new_request, &[]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(lost, SubmitOutcome::Adopted(ids[0]));
    assert_eq!(rig.desk.order(old).await?.status, OrderStatus::Replaced);

    let old = ids[0];
    rig.broker.script_writes(&[Glitch::ServerBefore]);
    let resent = submit_replace(rig.target(), old, &new_request, &[]).await;
    let ids = rig.order_ids().await?;
    assert_eq!(resent, SubmitOutcome::Placed(ids[0]));
    assert_eq!(rig.desk.order(old).await?.status, OrderStatus::Replaced);
    assert_eq!(ids.len(), 4, "one order per successful send, never more");

    // The second send of a replace refused: the first one's fate is not settled by it.
    let old = ids[0];
    rig.broker
        .script_writes(&[Glitch::ServerBefore, Glitch::Expired]);
    let writes = rig.broker.writes_seen();
    assert_eq!(
        submit_replace(rig.target(), old, &new_request, &[]).await,
        SubmitOutcome::Unsettled(
            "the write got no clear answer (the brokerage failed with status 503); sent once \
             more, and that was rejected: the access token has expired"
                .to_owned()
        )
    );
    assert_eq!(rig.broker.writes_seen(), writes + 2);
    assert_eq!(rig.order_ids().await?.len(), 4, "nothing placed");
    assert_eq!(rig.desk.order(old).await?.status, OrderStatus::Working);

    let filled = rig
        .desk
        .place(&OrderRequest::market(OrderLeg::equity(
            Instruction::Buy,
            1,
            "AAPL",
        )))
        .await?;
    rig.broker.script_writes(&[Glitch::ServerBefore]);
    assert_eq!(
        submit_replace(rig.target(), filled, &new_request, &[]).await,
        SubmitOutcome::Rejected(format!("order {filled} is FILLED and was not replaced"))
    );
    Ok(())
}

#[tokio::test]
async fn claimed_ids_are_read_only_when_an_answer_is_lost() -> Result<()> {
    let rig = Rig::open().await?;
    let reads = std::sync::atomic::AtomicUsize::new(0);
    let first = rig.submit(&[]).await.order_id().context("first placed")?;
    let claimed = || {
        reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        vec![first]
    };
    let placed = submit_order(rig.target(), &buy(), &claimed).await;
    assert!(matches!(placed, SubmitOutcome::Placed(_)), "{placed:?}");
    assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 0);

    // A lost answer lists the account's orders: the claimed ids are read then, and still excluded.
    rig.broker.script_writes(&[Glitch::TimeoutAfter]);
    let claimed_now = || {
        reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        vec![first, placed.order_id().unwrap_or(first)]
    };
    let adopted = submit_order(rig.target(), &buy(), &claimed_now).await;
    let ids = rig.order_ids().await?;
    assert_eq!(ids.len(), 3);
    assert_eq!(adopted, SubmitOutcome::Adopted(ids[0]));
    assert_eq!(reads.load(std::sync::atomic::Ordering::SeqCst), 1);
    Ok(())
}
