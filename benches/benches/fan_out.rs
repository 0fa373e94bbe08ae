//! Criterion benchmark of the copy-trade fan-out: `SessionSupervisor::place` of one LIMIT option
//! order across 100 and 1,000 accounts authorized through schwab-fake, over loopback HTTP with 50 ms
//! of injected latency; across 1,000 accounts with none (the fan-out's own cost, HTTP included); and
//! across 1,000 accounts at the paper brokerage called in process (the engine's share alone).
//!
//! Each measured call starts with an empty session book; the orders it placed are cancelled outside
//! the measurement so that resting orders do not pile up in the market. Run with
//! `cargo bench -p benches`.

use std::time::{Duration, Instant};

use benches::fan_out_rig::{FanOutRig, FanOutSettings, Transport};
use criterion::{BenchmarkId, Criterion, Throughput};

engine::process_allocator!();

/// The round trip schwab-fake adds to every call (half before it reads the request, half before the
/// answer leaves).
const LATENCY: Duration = Duration::from_millis(50);
/// Account counts measured with latency.
const SIZES: [usize; 2] = [100, 1_000];
/// Each account's write budget in the bench. Criterion repeats the fan-out (and its cleanup) far
/// faster than a trader would, so the production budget of 120 writes per minute would make later
/// iterations wait for it; the budget is not what is measured here.
const BENCH_WRITE_LIMIT: u32 = 100_000;

fn measure(
    system: &actix_rt::SystemRunner,
    rig: &mut FanOutRig,
    accounts: usize,
    iters: u64,
) -> Duration {
    system.block_on(async {
        let mut total = Duration::ZERO;
        for _ in 0..iters {
            if let Err(err) = rig.fresh_book() {
                panic!("a fresh session book could not be opened: {err}");
            }
            let started = Instant::now();
            let run = match rig.place(accounts).await {
                Ok(run) => run,
                Err(err) => panic!("the fan-out was refused: {err}"),
            };
            total += started.elapsed();
            rig.cancel(&run).await;
        }
        total
    })
}

fn fan_out(c: &mut Criterion) {
    let system = actix_rt::System::new();
    let settings = FanOutSettings {
        accounts: SIZES.iter().copied().max().unwrap_or_default(),
        write_limit_per_minute: BENCH_WRITE_LIMIT,
        ..FanOutSettings::default()
    };
    // A benchmark has no caller to hand an error to: a rig that cannot start ends the run, saying why.
    let mut rig = system
        .block_on(FanOutRig::start(settings))
        .unwrap_or_else(|err| panic!("the fan-out rig could not start: {err}"));

    let mut group = c.benchmark_group("fan_out_50ms");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(15));
    rig.set_latency(LATENCY);
    for accounts in SIZES {
        group.throughput(Throughput::Elements(accounts as u64));
        group.bench_with_input(
            BenchmarkId::new("place_limit_option", accounts),
            &accounts,
            |b, &accounts| b.iter_custom(|iters| measure(&system, &mut rig, accounts, iters)),
        );
    }
    group.finish();

    let mut group = c.benchmark_group("fan_out_no_latency");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(12));
    rig.set_latency(Duration::ZERO);
    let accounts = settings.accounts;
    group.throughput(Throughput::Elements(accounts as u64));
    group.bench_with_input(
        BenchmarkId::new("place_limit_option", accounts),
        &accounts,
        |b, &accounts| b.iter_custom(|iters| measure(&system, &mut rig, accounts, iters)),
    );
    group.finish();
    drop(rig);

    let mut paper = system
        .block_on(FanOutRig::start(FanOutSettings {
            transport: Transport::PaperInProcess,
            ..settings
        }))
        .unwrap_or_else(|err| panic!("the in-process fan-out rig could not start: {err}"));
    let mut group = c.benchmark_group("fan_out_in_process");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(10));
    group.throughput(Throughput::Elements(accounts as u64));
    group.bench_with_input(
        BenchmarkId::new("place_limit_option", accounts),
        &accounts,
        |b, &accounts| b.iter_custom(|iters| measure(&system, &mut paper, accounts, iters)),
    );
    group.finish();
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    fan_out(&mut criterion);
    criterion.final_summary();
}
