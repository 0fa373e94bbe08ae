//! Account actors on the paper brokerage behind hooks, a memory vault and a hand-moved clock.

use std::sync::Arc;

use anyhow::{Context, Result};
use chrono::{DateTime, TimeZone, Utc};
use engine::account::{AccountDeps, AccountRegistry, CallBudget, IgnoreOrders};
use engine::broker::paper::{PaperBrokerage, PaperConfig};
use engine::clock::{Clock, ManualClock};
use engine::pause::ManualPause;

use super::hooked_paper::{HookedPaper, PaperHooks};
use super::memory_vault::MemoryVault;

/// A registry of account actors over the paper brokerage behind the hooks `H`.
pub struct PaperRig<H> {
    /// The clock of the brokerage and the accounts.
    pub clock: ManualClock,
    /// The paper brokerage itself, for what an account's owner does outside copydesk.
    pub paper: Arc<PaperBrokerage>,
    /// The brokerage the accounts call, with the test's hooks.
    pub broker: Arc<HookedPaper<H>>,
    /// Where the accounts keep their tokens.
    pub vault: Arc<MemoryVault>,
    /// The accounts.
    pub registry: Arc<AccountRegistry>,
}

/// Monday 2024-10-14 14:30 UTC.
pub fn monday_morning() -> Result<DateTime<Utc>> {
    Utc.with_ymd_and_hms(2024, 10, 14, 14, 30, 0)
        .single()
        .context("fixed date")
}

/// A registry over `broker` and `vault` (a process's start), its reads limited to `read_limit` a
/// minute.
pub fn registry<H: PaperHooks>(
    clock: &ManualClock,
    broker: &Arc<HookedPaper<H>>,
    vault: &Arc<MemoryVault>,
    read_limit: u32,
) -> Arc<AccountRegistry> {
    let shared: Arc<dyn Clock> = Arc::new(clock.clone());
    let deps = AccountDeps {
        broker: broker.clone(),
        vault: vault.clone(),
        clock: shared.clone(),
        pause: ManualPause::new(clock.clone()),
        reads: Arc::new(CallBudget::new(read_limit, shared)),
        observer: Arc::new(IgnoreOrders),
    };
    AccountRegistry::new(deps, actix::Arbiter::current())
}

impl<H: PaperHooks + Default> PaperRig<H> {
    /// The paper brokerage at [`monday_morning`] behind fresh hooks, an empty vault and a registry
    /// whose reads are limited to `read_limit` a minute.
    ///
    /// # Errors
    /// When the brokerage cannot be opened.
    pub fn new(read_limit: u32) -> Result<Self> {
        let clock = ManualClock::new(monday_morning()?);
        let shared: Arc<dyn Clock> = Arc::new(clock.clone());
        let paper = Arc::new(PaperBrokerage::new(PaperConfig::default(), shared)?);
        let broker = Arc::new(HookedPaper {
            paper: paper.clone(),
            hooks: H::default(),
        });
        let vault = Arc::new(MemoryVault::default());
        let registry = registry(&clock, &broker, &vault, read_limit);
        Ok(Self {
            clock,
            paper,
            broker,
            vault,
            registry,
        })
    }
}
