//! The planner's last step: every order of a plan held to its account's guards, and every account
//! its sizing gave nothing refused, each cut or refusal noted with the guard and the reason.
//!
//! Guards only ever lower a quantity or refuse: nothing here sends more than sizing gave. An account
//! with several orders in one command (an exit of two positions, a replace of two orders) counts the
//! earlier ones: toward its orders of the day, and toward its positions (a replace's own order no
//! longer counts once it is replaced).

use std::collections::HashMap;

use super::command::{Action, CopyCommand};
use super::guards::{Guard, Verdict};
use super::limit_facts::LimitFacts;
use super::open_orders::OpenOrders;
use super::planner::{AccountWork, AgentFacts, Holdings, Work, sized};
use super::sizing::Sized;
use crate::ids::{AccountId, BrokerOrderId};
use crate::order::OrderRequest;

/// An account's order cut or refused by its sizing or one of its guards, so that answers can say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitNote {
    /// The index of the work in the plan's `works`.
    pub work: usize,
    /// The account.
    pub account: AccountId,
    /// The quantity sizing gave (0 when it gave none).
    pub sized: u32,
    /// The quantity sent (0 when refused).
    pub sent: u32,
    /// What cut or refused it.
    pub guard: Guard,
    /// Why, naming the guard (the refused row's description).
    pub reason: String,
}

/// Holds every place and replace of `works` to its account's guards, and refuses those sized to 0.
pub(super) fn hold_to_limits(
    command: &CopyCommand,
    facts: &AgentFacts<'_>,
    works: &mut [AccountWork],
) -> Vec<LimitNote> {
    let limits = facts.limits;
    if limits.is_none() {
        return Vec::new();
    }
    let mut exposure = Exposure {
        holdings: facts.holdings,
        open: limits.open_orders(),
        change: HashMap::new(),
    };
    if matches!(
        command.action,
        Action::Replace { .. } | Action::ReplaceEach { .. }
    ) {
        for w in works.iter() {
            if let Work::Replace { old, .. } = w.work
                && position_guarded(limits, w.account)
            {
                exposure.forget_order(w.account, old);
            }
        }
    }
    // A place names each account once; exits and replaces may name one account several times, and
    // then its earlier orders count toward its day and its positions.
    let repeats = !matches!(command.action, Action::Place { .. });
    let mut notes = Vec::new();
    let mut sent_today: HashMap<AccountId, u32> = HashMap::new();
    for (index, w) in works.iter_mut().enumerate() {
        let account = w.account;
        let (Work::Place(request) | Work::Replace { request, .. }) = &mut w.work else {
            continue;
        };
        let quantity = request.total_quantity();
        let account_facts = limits.of(account);
        let verdict = if quantity == 0 {
            Verdict::Refuse {
                guard: Guard::Sizing,
                reason: format!(
                    "{}; nothing was sent to this account",
                    zero_reason(command, facts, account)
                ),
            }
        } else {
            let Some(account_facts) = account_facts else {
                continue;
            };
            let guards = &account_facts.limits.guards;
            if guards.is_empty() {
                continue;
            }
            let today = account_facts
                .orders_today
                .saturating_add(sent_today.get(&account).copied().unwrap_or(0));
            guards.check(request, today, |symbol, buys| {
                exposure.of(account, symbol, buys)
            })
        };
        let mut note = |sent, guard, reason| {
            notes.push(LimitNote {
                work: index,
                account,
                sized: quantity,
                sent,
                guard,
                reason,
            });
        };
        match verdict {
            Verdict::Pass => {}
            Verdict::Cut { to, guard, reason } => {
                *request = sized(request, to);
                note(to, guard, reason);
            }
            Verdict::Refuse { guard, reason } => {
                let refused = Work::Refuse {
                    request: request.clone(),
                    reason: reason.clone(),
                };
                note(0, guard, reason);
                w.work = refused;
                continue;
            }
        }
        if repeats && let Some(guards) = account_facts.map(|f| &f.limits.guards) {
            if guards.max_orders_per_day.is_some() {
                *sent_today.entry(account).or_default() += 1;
            }
            if guards.max_position_per_symbol.is_some() {
                exposure.add(account, request);
            }
        }
    }
    notes
}

fn position_guarded(limits: &LimitFacts, account: AccountId) -> bool {
    limits
        .of(account)
        .is_some_and(|f| f.limits.guards.max_position_per_symbol.is_some())
}

/// Why `account` was sized to 0 in `command`.
fn zero_reason(command: &CopyCommand, facts: &AgentFacts<'_>, account: AccountId) -> String {
    let asked = match &command.action {
        Action::Place { order, .. } => {
            if let Some(split) = facts.limits.split() {
                return split.zero_reason();
            }
            order.total_quantity()
        }
        Action::Replace { order, .. } => order.total_quantity(),
        _ => 0,
    };
    let multiplier = facts
        .accounts
        .iter()
        .find(|a| a.id == account)
        .map_or(1, |a| facts.tiers.for_type(a.tier));
    match facts.limits.size(account, asked, multiplier) {
        Sized::Zero(reason) => reason,
        _ => "sized to 0".to_owned(),
    }
}

/// What each account already has of a symbol in the direction an opening leg trades: held, plus its
/// open orders, plus what this command changes (orders it replaces no longer count; orders planned
/// so far do).
struct Exposure<'a> {
    holdings: &'a dyn Holdings,
    open: &'a OpenOrders,
    change: HashMap<(AccountId, String, bool), i64>,
}

impl Exposure<'_> {
    fn of(&self, account: AccountId, symbol: &str, buys: bool) -> i64 {
        let net = self.holdings.net(account, symbol);
        let held = if buys { net } else { -net };
        let changed = if self.change.is_empty() {
            0
        } else {
            self.change
                .get(&(account, symbol.to_owned(), buys))
                .copied()
                .unwrap_or(0)
        };
        held + i64::from(self.open.opening(account, symbol, buys)) + changed
    }

    fn forget_order(&mut self, account: AccountId, order: BrokerOrderId) {
        for leg in self.open.of_order(account, order) {
            *self
                .change
                .entry((account, leg.symbol.clone(), leg.buys))
                .or_default() -= i64::from(leg.remaining);
        }
    }

    fn add(&mut self, account: AccountId, request: &OrderRequest) {
        for leg in request.legs.iter().filter(|l| l.instruction.is_opening()) {
            *self
                .change
                .entry((account, leg.symbol.clone(), leg.instruction.is_buy()))
                .or_default() += i64::from(leg.quantity);
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use proptest::prelude::*;
    use rust_decimal::Decimal;
    use rust_decimal_macros::dec;

    use super::*;
    use crate::account::{AccountType, TierMultipliers};
    use crate::broker::SubmitOutcome;
    use crate::copy::{
        AccountFacts, AccountLimitFacts, AccountLimits, BelowOne, CopyRow, CopySession, EqualSplit,
        Guards, LOGIN_NOT_USABLE, OpenClose, Plan, PlanError, RowState, SessionBook, SizingMethod,
        SizingProfile, Targets, TradeKind, plan,
    };
    use crate::ids::{AgentId, SessionId};
    use crate::order::{Instruction, OrderLeg, OrderStatus, OrderType};

    const AGENT: AgentId = AgentId(1);
    const CALL: &str = "AAPL  241018C00230000";
    const HIGHER: &str = "AAPL  241018C00240000";

    fn buy(quantity: u32) -> OrderRequest {
        OrderRequest::limit(
            OrderLeg::option(Instruction::BuyToOpen, quantity, CALL),
            dec!(2.5),
        )
    }

    fn close(quantity: u32, price: Decimal) -> OrderRequest {
        OrderRequest::limit(
            OrderLeg::option(Instruction::SellToClose, quantity, CALL),
            price,
        )
    }

    fn account(id: u64, tier: AccountType) -> AccountFacts {
        AccountFacts {
            id: AccountId(id),
            tier,
            trading_active: true,
            usable: true,
        }
    }

    fn command(action: Action) -> CopyCommand {
        CopyCommand {
            agent: AGENT,
            kind: TradeKind::Common,
            action,
        }
    }

    fn limited(sizing: SizingProfile, guards: Guards) -> AccountLimitFacts {
        AccountLimitFacts {
            limits: AccountLimits { sizing, guards },
            net_liquidation: None,
            orders_today: 0,
        }
    }

    struct World {
        accounts: Vec<AccountFacts>,
        holdings: HashMap<(AccountId, String), i64>,
        book: SessionBook,
        limits: LimitFacts,
    }

    impl World {
        fn new(accounts: Vec<AccountFacts>) -> Self {
            Self {
                accounts,
                holdings: HashMap::new(),
                book: SessionBook::new(),
                limits: LimitFacts::none(),
            }
        }

        fn plan(&self, action: Action) -> Result<Plan, PlanError> {
            let facts = AgentFacts {
                accounts: &self.accounts,
                tiers: TierMultipliers::default(),
                holdings: &self.holdings,
                book: &self.book,
                limits: &self.limits,
            };
            plan(&command(action), &facts)
        }

        fn place(&self, order: OrderRequest) -> Result<Plan, PlanError> {
            self.plan(Action::Place {
                targets: Targets::Active,
                order,
            })
        }
    }

    /// (account, quantity sent or 0 when refused) of every work.
    fn sent(plan: &Plan) -> Vec<(u64, u32)> {
        plan.works
            .iter()
            .map(|w| match &w.work {
                Work::Place(r) | Work::Replace { request: r, .. } => {
                    (w.account.get(), r.total_quantity())
                }
                _ => (w.account.get(), 0),
            })
            .collect()
    }

    fn reason(plan: &Plan, index: usize) -> String {
        match &plan.works[index].work {
            Work::Refuse { reason, .. } => reason.clone(),
            other => format!("not refused: {other:?}"),
        }
    }

    #[test]
    fn without_limits_a_plan_is_sized_by_tier_and_notes_nothing() -> Result<(), PlanError> {
        let world = World::new(vec![
            account(1, AccountType::Small),
            account(2, AccountType::Big),
        ]);
        let plan = world.place(buy(2))?;
        assert_eq!(sent(&plan), vec![(1, 2), (2, 6)]);
        assert!(plan.limited.is_empty());
        Ok(())
    }

    #[test]
    fn every_method_sizes_and_below_one_refuses_or_sends_one() -> Result<(), PlanError> {
        let mut world = World::new((1..=5).map(|i| account(i, AccountType::Medium)).collect());
        let profile = |method, value, below_one| SizingProfile {
            method,
            value,
            below_one,
        };
        world.limits.insert(
            AccountId(2),
            limited(
                profile(SizingMethod::Fixed, dec!(7), BelowOne::Refuse),
                Guards::default(),
            ),
        );
        world.limits.insert(
            AccountId(3),
            limited(
                profile(SizingMethod::Ratio, dec!(0.4), BelowOne::Refuse),
                Guards::default(),
            ),
        );
        world.limits.insert(
            AccountId(4),
            limited(
                profile(SizingMethod::Ratio, dec!(0.4), BelowOne::One),
                Guards::default(),
            ),
        );
        world.limits.insert(
            AccountId(5),
            AccountLimitFacts {
                net_liquidation: Some(dec!(52000)),
                ..limited(
                    profile(SizingMethod::NetLiquidation, dec!(10000), BelowOne::Refuse),
                    Guards::default(),
                )
            },
        );
        let plan = world.place(buy(2))?;
        // Tier ×2; FIXED 7; 2 × 0.4 = 0.8 refused, or 1; 2 per $10,000 of $52,000 = 10.4 → 10.
        assert_eq!(sent(&plan), vec![(1, 4), (2, 7), (3, 0), (4, 1), (5, 10)]);
        assert_eq!(
            reason(&plan, 2),
            "sized to 0: 2 × 0.4 is less than one unit; nothing was sent to this account"
        );
        assert_eq!(
            plan.limited,
            vec![LimitNote {
                work: 2,
                account: AccountId(3),
                sized: 0,
                sent: 0,
                guard: Guard::Sizing,
                reason: reason(&plan, 2),
            }]
        );
        // The refused row keeps the order at 0, so it says what was sized.
        assert!(
            matches!(&plan.works[2].work, Work::Refuse { request, .. } if request.total_quantity() == 0)
        );
        Ok(())
    }

    #[test]
    fn an_equal_split_rotates_its_remainder_and_skips_unusable_accounts() -> Result<(), PlanError> {
        let mut world = World::new((1..=4).map(|i| account(i, AccountType::Big)).collect());
        world.accounts[1].usable = false;
        world
            .limits
            .set_split(Some(EqualSplit { total: 8, start: 1 }));
        let plan = world.place(buy(1))?;
        // 8 over the 3 usable accounts: 2 each and 2 left, the first extra to the second of them.
        assert_eq!(sent(&plan), vec![(1, 2), (2, 0), (3, 3), (4, 3)]);
        assert_eq!(reason(&plan, 1), LOGIN_NOT_USABLE);
        world
            .limits
            .set_split(Some(EqualSplit { total: 2, start: 0 }));
        let plan = world.place(buy(1))?;
        assert_eq!(sent(&plan), vec![(1, 1), (2, 0), (3, 1), (4, 0)]);
        assert_eq!(
            reason(&plan, 3),
            "sized to 0: the split total of 2 leaves no unit for this account; nothing was sent to this account"
        );
        Ok(())
    }

    #[test]
    fn guards_cut_and_refuse_places_with_their_reasons() -> Result<(), PlanError> {
        let mut world = World::new((1..=4).map(|i| account(i, AccountType::Small)).collect());
        let guard = |account, guards| {
            (
                AccountId(account),
                limited(SizingProfile::default(), guards),
            )
        };
        for (id, facts) in [
            guard(
                1,
                Guards {
                    max_quantity_per_order: Some(3),
                    ..Guards::default()
                },
            ),
            guard(
                2,
                Guards {
                    open_close: OpenClose::CloseOnly,
                    ..Guards::default()
                },
            ),
            guard(
                3,
                Guards {
                    deny_symbols: vec!["AAPL".into()],
                    ..Guards::default()
                },
            ),
        ] {
            world.limits.insert(id, facts);
        }
        let plan = world.place(buy(5))?;
        assert_eq!(sent(&plan), vec![(1, 3), (2, 0), (3, 0), (4, 5)]);
        assert_eq!(
            plan.limited
                .iter()
                .map(|n| (n.account.get(), n.sized, n.sent, n.guard))
                .collect::<Vec<_>>(),
            vec![
                (1, 5, 3, Guard::MaxQuantityPerOrder),
                (2, 5, 0, Guard::CloseOnly),
                (3, 5, 0, Guard::DenySymbols)
            ]
        );
        assert!(reason(&plan, 1).starts_with("close-only"));
        assert!(reason(&plan, 2).starts_with("deny list: AAPL"));
        Ok(())
    }

    #[test]
    fn exits_pass_close_only_are_cut_by_quantity_and_count_toward_the_day() -> Result<(), PlanError>
    {
        let mut world = World::new(vec![account(1, AccountType::Small)]);
        world.holdings.insert((AccountId(1), CALL.to_owned()), 20);
        world.limits.insert(
            AccountId(1),
            AccountLimitFacts {
                orders_today: 1,
                ..limited(
                    SizingProfile::default(),
                    Guards {
                        open_close: OpenClose::CloseOnly,
                        max_quantity_per_order: Some(4),
                        max_orders_per_day: Some(2),
                        ..Guards::default()
                    },
                )
            },
        );
        let plan = world.plan(Action::Exit {
            exits: vec![
                (AccountId(1), close(6, dec!(1))),
                (AccountId(1), close(6, dec!(2))),
            ],
        })?;
        // One order left for the day: the first exit, cut to 4; the second refused.
        assert_eq!(sent(&plan), vec![(1, 4), (1, 0)]);
        assert!(reason(&plan, 1).starts_with("maximum orders per day: 2 of its 2"));
        let open_only = World {
            limits: {
                let mut limits = LimitFacts::none();
                limits.insert(
                    AccountId(1),
                    limited(
                        SizingProfile::default(),
                        Guards {
                            open_close: OpenClose::OpenOnly,
                            ..Guards::default()
                        },
                    ),
                );
                limits
            },
            ..world
        };
        let plan = open_only.plan(Action::Exit {
            exits: vec![(AccountId(1), close(6, dec!(1)))],
        })?;
        assert!(reason(&plan, 0).starts_with("open-only"));
        Ok(())
    }

    fn session_of(book: &SessionBook, rows: &[(u64, i64, u32)]) {
        let rows = rows
            .iter()
            .map(|(account, order, quantity)| {
                let mut row =
                    CopyRow::pending(AccountId(*account), buy(*quantity), None, Utc::now());
                row.settle(&SubmitOutcome::Placed(BrokerOrderId(*order)));
                row.state = RowState::Order(OrderStatus::Working);
                row
            })
            .collect();
        book.put(CopySession {
            id: SessionId(1),
            agent: AGENT,
            kind: TradeKind::Common,
            created_at: Utc::now(),
            rows,
            replaced_session: None,
        });
    }

    #[test]
    fn the_position_guard_counts_open_orders_but_not_the_one_replaced() -> Result<(), PlanError> {
        let mut world = World::new(vec![account(1, AccountType::Small)]);
        world.holdings.insert((AccountId(1), CALL.to_owned()), 4);
        session_of(&world.book, &[(1, 10, 3)]);
        world.limits.insert(
            AccountId(1),
            limited(
                SizingProfile::default(),
                Guards {
                    max_position_per_symbol: Some(10),
                    ..Guards::default()
                },
            ),
        );
        world
            .limits
            .set_open_orders(OpenOrders::of(&world.book, AGENT, |_| true));
        // Held 4 and 3 working: 3 more fit.
        let plan = world.place(buy(5))?;
        assert_eq!(sent(&plan), vec![(1, 3)]);
        assert!(plan.limited[0].reason.contains("already has 7"));
        // Replacing the working order: it no longer counts, so 6 fit.
        let plan = world.plan(Action::Replace {
            session: SessionId(1),
            orders: vec![(AccountId(1), BrokerOrderId(10))],
            order: buy(8),
        })?;
        assert_eq!(sent(&plan), vec![(1, 6)]);
        Ok(())
    }

    #[test]
    fn a_replace_is_sized_by_the_profile_before_it_is_compared() -> Result<(), PlanError> {
        let mut world = World::new(vec![account(1, AccountType::Small)]);
        session_of(&world.book, &[(1, 10, 3)]);
        world.limits.insert(
            AccountId(1),
            limited(
                SizingProfile {
                    method: SizingMethod::Ratio,
                    value: dec!(3),
                    below_one: BelowOne::Refuse,
                },
                Guards::default(),
            ),
        );
        // 3 at ×1 would be the order's own terms; at ×3 it is 9, a change.
        let plan = world.plan(Action::Replace {
            session: SessionId(1),
            orders: vec![(AccountId(1), BrokerOrderId(10))],
            order: buy(3),
        })?;
        assert_eq!(sent(&plan), vec![(1, 9)]);
        // 1 × 3 is the order's own terms: nothing to change.
        assert_eq!(
            world.plan(Action::Replace {
                session: SessionId(1),
                orders: vec![(AccountId(1), BrokerOrderId(10))],
                order: buy(1),
            }),
            Err(PlanError::NothingToChange)
        );
        Ok(())
    }

    /// A random account set-up: its sizing, its guards and what it holds and sent today.
    #[derive(Debug, Clone)]
    struct Setup {
        tier: u8,
        usable: bool,
        sizing: SizingProfile,
        net_liquidation: Option<Decimal>,
        guards: Guards,
        held: i64,
        open: u32,
        orders_today: u32,
    }

    fn sizing() -> impl Strategy<Value = SizingProfile> {
        (0u8..4, 1u32..4000, any::<bool>()).prop_map(|(method, value, one)| {
            let (method, value) = match method {
                0 => (SizingMethod::Tier, Decimal::ZERO),
                1 => (SizingMethod::Fixed, Decimal::from(value % 50 + 1)),
                2 => (SizingMethod::Ratio, Decimal::new(i64::from(value), 2)),
                _ => (SizingMethod::NetLiquidation, Decimal::from(value * 25)),
            };
            SizingProfile {
                method,
                value,
                below_one: if one { BelowOne::One } else { BelowOne::Refuse },
            }
        })
    }

    fn guards() -> impl Strategy<Value = Guards> {
        (
            proptest::option::of(1u32..40),
            proptest::option::of(1u32..60),
            proptest::option::of(1u32..20_000),
            0u8..4,
            0u8..3,
            proptest::option::of(0u32..5),
        )
            .prop_map(
                |(quantity, position, notional, lists, open_close, per_day)| Guards {
                    max_quantity_per_order: quantity,
                    max_position_per_symbol: position,
                    max_notional_per_order: notional.map(Decimal::from),
                    allow_symbols: if lists == 1 {
                        vec!["MSFT".into()]
                    } else if lists == 2 {
                        vec!["AAPL".into()]
                    } else {
                        Vec::new()
                    },
                    deny_symbols: if lists == 3 {
                        vec!["AAPL".into()]
                    } else {
                        Vec::new()
                    },
                    open_close: [OpenClose::Any, OpenClose::OpenOnly, OpenClose::CloseOnly]
                        [usize::from(open_close)],
                    max_orders_per_day: per_day,
                },
            )
    }

    fn setup() -> impl Strategy<Value = Setup> {
        (
            0u8..3,
            prop::bool::weighted(0.9),
            sizing(),
            proptest::option::of(0i64..2_000_000),
            guards(),
            -30i64..30,
            0u32..10,
            0u32..6,
        )
            .prop_map(
                |(tier, usable, sizing, nlv, guards, held, open, orders_today)| Setup {
                    tier,
                    usable,
                    sizing,
                    net_liquidation: nlv.map(Decimal::from),
                    guards,
                    held,
                    open,
                    orders_today,
                },
            )
    }

    fn world_of(setups: &[Setup]) -> World {
        let tiers = [AccountType::Small, AccountType::Medium, AccountType::Big];
        let mut world = World::new(
            setups
                .iter()
                .enumerate()
                .map(|(i, s)| AccountFacts {
                    usable: s.usable,
                    ..account(i as u64 + 1, tiers[usize::from(s.tier)])
                })
                .collect(),
        );
        let mut open_rows = Vec::new();
        for (i, s) in setups.iter().enumerate() {
            let id = AccountId(i as u64 + 1);
            world.holdings.insert((id, CALL.to_owned()), s.held);
            if s.open > 0 {
                open_rows.push((id.get(), 1000 + i as i64, s.open));
            }
            world.limits.insert(
                id,
                AccountLimitFacts {
                    limits: AccountLimits {
                        sizing: s.sizing,
                        guards: s.guards.clone(),
                    },
                    net_liquidation: s.net_liquidation,
                    orders_today: s.orders_today,
                },
            );
        }
        session_of(&world.book, &open_rows);
        world
            .limits
            .set_open_orders(OpenOrders::of(&world.book, AGENT, |_| true));
        world
    }

    /// Checks that no work of `plan` goes past its account's guards, never more than sizing gave
    /// (`sized_of`), and that every cut or refusal names its guard and reason.
    fn check_limits(
        world: &World,
        setups: &[Setup],
        plan: &Plan,
        sized_of: impl Fn(usize, &Setup) -> Option<u32>,
    ) -> Result<(), TestCaseError> {
        let mut per_day: HashMap<AccountId, u32> = HashMap::new();
        for (index, w) in plan.works.iter().enumerate() {
            let i = usize::try_from(w.account.get() - 1).unwrap_or(0);
            let setup = &setups[i];
            let note = plan.limited.iter().find(|n| n.work == index);
            match &w.work {
                Work::Place(request) | Work::Replace { request, .. } => {
                    let quantity = request.total_quantity();
                    prop_assert!(quantity >= 1);
                    let g = &setup.guards;
                    let opens = request.legs.iter().any(|l| l.instruction.is_opening());
                    let closes = request.legs.iter().any(|l| l.instruction.is_closing());
                    prop_assert!(
                        !(opens && g.open_close == OpenClose::CloseOnly),
                        "close-only never opens"
                    );
                    prop_assert!(!(closes && g.open_close == OpenClose::OpenOnly));
                    if let Some(max) = g.max_quantity_per_order {
                        prop_assert!(quantity <= max);
                    }
                    let today = per_day.entry(w.account).or_insert(setup.orders_today);
                    if let Some(max) = g.max_orders_per_day {
                        prop_assert!(*today < max);
                    }
                    *today += 1;
                    if opens {
                        if let Some(max) = g.max_position_per_symbol {
                            let net = world.holdings.net(w.account, CALL);
                            prop_assert!(
                                net + i64::from(setup.open) + i64::from(quantity) <= i64::from(max)
                            );
                        }
                        if let Some(max) = g.max_notional_per_order {
                            let unit = unit_value_of(request);
                            prop_assert!(unit * Decimal::from(quantity) <= max);
                        }
                        prop_assert!(!g.deny_symbols.iter().any(|s| s == "AAPL"));
                        prop_assert!(
                            g.allow_symbols.is_empty()
                                || g.allow_symbols.iter().any(|s| s == "AAPL")
                        );
                    }
                    if let Some(sized) = sized_of(i, setup) {
                        prop_assert!(quantity <= sized, "never more than sizing gave");
                        if quantity < sized {
                            let note =
                                note.ok_or_else(|| TestCaseError::fail("a cut without a note"))?;
                            prop_assert_eq!(note.sent, quantity);
                            prop_assert!(note.reason.contains("cut from"), "{}", note.reason);
                        }
                    }
                }
                Work::Refuse { reason, .. } => {
                    prop_assert!(!reason.is_empty());
                    let planners =
                        reason == LOGIN_NOT_USABLE || reason.starts_with("the account holds no");
                    prop_assert_eq!(note.is_none(), planners, "{}", reason);
                    if let Some(note) = note {
                        prop_assert_eq!(note.sent, 0);
                        prop_assert_eq!(&note.reason, reason);
                        prop_assert!(reason.contains("nothing was sent"));
                        let words = match note.guard {
                            Guard::Sizing => "sized to 0",
                            Guard::MaxQuantityPerOrder => "maximum quantity per order",
                            Guard::MaxPositionPerSymbol => "maximum position per symbol",
                            Guard::MaxNotionalPerOrder => "maximum notional per order",
                            Guard::AllowSymbols => "allow list",
                            Guard::DenySymbols => "deny list",
                            Guard::OpenOnly => "open-only",
                            Guard::CloseOnly => "close-only",
                            Guard::MaxOrdersPerDay => "maximum orders per day",
                        };
                        prop_assert!(reason.starts_with(words), "{} names {}", reason, words);
                    }
                }
                Work::Cancel(_) => {}
            }
        }
        Ok(())
    }

    fn unit_value_of(request: &OrderRequest) -> Decimal {
        crate::copy::unit_value(request).unwrap_or_default()
    }

    proptest! {
        /// A place to every active account over random profiles, guards, holdings, open orders and
        /// orders of the day: no guard is ever exceeded, nothing is sent beyond what sizing gave, and
        /// every cut or refused row names its guard and reason.
        #[test]
        fn no_guard_is_ever_exceeded_on_a_place(
            setups in prop::collection::vec(setup(), 1..12),
            quantity in 1u32..30,
            cents in 1i64..2000,
        ) {
            let world = world_of(&setups);
            let order = OrderRequest::limit(
                OrderLeg::option(Instruction::BuyToOpen, quantity, CALL),
                Decimal::new(cents, 2),
            );
            let Ok(plan) = world.place(order) else {
                prop_assert!(!setups.iter().any(|s| s.usable));
                return Ok(());
            };
            let multipliers = TierMultipliers::default();
            let tiers = [AccountType::Small, AccountType::Medium, AccountType::Big];
            check_limits(&world, &setups, &plan, |_, s| {
                match s.sizing.size(quantity, multipliers.for_type(tiers[usize::from(s.tier)]), s.net_liquidation) {
                    Sized::Units(units) => Some(units),
                    _ => Some(0),
                }
            })?;
        }

        /// An equal split over random guards: before the guards the shares sum to the total; after
        /// them no guard is exceeded and each account gets at most its share.
        #[test]
        fn an_equal_split_sums_to_its_total(
            setups in prop::collection::vec(setup(), 1..12),
            total in 1u32..200,
            start in any::<u64>(),
        ) {
            let mut world = world_of(&setups);
            let split = EqualSplit { total, start };
            world.limits.set_split(Some(split));
            let Ok(plan) = world.place(buy(1)) else {
                return Ok(());
            };
            let usable: Vec<usize> = setups.iter().enumerate().filter(|(_, s)| s.usable).map(|(i, _)| i).collect();
            let share = |i: usize| usable.iter().position(|u| *u == i).map(|nth| split.share(nth, usable.len()));
            let shares: u32 = usable.iter().filter_map(|i| share(*i)).sum();
            prop_assert_eq!(shares, total);
            check_limits(&world, &setups, &plan, |i, _| share(i))?;
            // Without guards, what is sent is the total.
            let mut unguarded = world_of(&setups.iter().map(|s| Setup { guards: Guards::default(), ..*s }).collect::<Vec<_>>());
            unguarded.limits.set_split(Some(split));
            let plan = unguarded.place(buy(1)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(sent(&plan).iter().map(|(_, q)| *q).sum::<u32>(), total);
        }

        /// NET_LIQUIDATION with no guard sends within one unit of the exact proportion (rounded
        /// down), or 1 / a refused row below one unit, as the profile says.
        #[test]
        fn net_liquidation_sizing_is_proportional_within_one_unit(
            values in prop::collection::vec((proptest::option::of(0i64..5_000_000), any::<bool>()), 1..10),
            quantity in 1u32..20,
            per in 1u32..100_000,
        ) {
            let setups: Vec<Setup> = values.iter().map(|(value, one)| Setup {
                tier: 0,
                usable: true,
                sizing: SizingProfile {
                    method: SizingMethod::NetLiquidation,
                    value: Decimal::from(per),
                    below_one: if *one { BelowOne::One } else { BelowOne::Refuse },
                },
                net_liquidation: value.map(Decimal::from),
                guards: Guards::default(),
                held: 0,
                open: 0,
                orders_today: 0,
            }).collect();
            let world = world_of(&setups);
            let plan = world.place(buy(quantity)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            for ((_, sent), setup) in sent(&plan).into_iter().zip(&setups) {
                match setup.net_liquidation {
                    None => prop_assert_eq!(sent, 0),
                    Some(value) => {
                        let exact = Decimal::from(quantity) * value / Decimal::from(per);
                        if exact >= Decimal::ONE {
                            prop_assert!(Decimal::from(sent) <= exact && exact - Decimal::from(sent) < Decimal::ONE);
                        } else {
                            let below = if setup.sizing.below_one == BelowOne::One { 1 } else { 0 };
                            prop_assert_eq!(sent, below);
                        }
                    }
                }
            }
        }

        /// Exits and spreads over random guards: close-only accounts still exit, no exit closes more
        /// than held, and no guard is exceeded.
        #[test]
        fn exits_and_spreads_keep_to_the_guards(
            setups in prop::collection::vec(setup(), 1..8),
            quantity in 1u32..30,
        ) {
            let world = world_of(&setups);
            let exits = (0..setups.len())
                .map(|i| (AccountId(i as u64 + 1), close(quantity, dec!(1.5))))
                .collect();
            let plan = world.plan(Action::Exit { exits }).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_limits(&world, &setups, &plan, |_, s| {
                (s.held > 0).then(|| quantity.min(u32::try_from(s.held).unwrap_or(0)))
            })?;
            for (w, s) in plan.works.iter().zip(&setups) {
                if let Work::Place(r) = &w.work {
                    prop_assert!(i64::from(r.total_quantity()) <= s.held);
                }
            }
            let spread = OrderRequest::vertical(
                OrderType::NetDebit,
                quantity,
                dec!(0.8),
                [
                    OrderLeg::option(Instruction::BuyToOpen, quantity, CALL),
                    OrderLeg::option(Instruction::SellToOpen, quantity, HIGHER),
                ],
            );
            if let Ok(plan) = world.place(spread) {
                for w in &plan.works {
                    if let Work::Place(r) = &w.work {
                        prop_assert!(r.legs.iter().all(|l| l.quantity == r.total_quantity()), "both legs alike");
                    }
                }
                let multipliers = TierMultipliers::default();
                let tiers = [AccountType::Small, AccountType::Medium, AccountType::Big];
                check_limits(&world, &setups, &plan, |_, s| {
                    match s.sizing.size(quantity, multipliers.for_type(tiers[usize::from(s.tier)]), s.net_liquidation) {
                        Sized::Units(units) => Some(units),
                        _ => Some(0),
                    }
                })?;
            }
        }
    }
}
