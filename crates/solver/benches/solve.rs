//! Whole-hand solves from the first lead on random deals, one core.
//!
//! `cargo bench -p solver` first prints, per game, the distribution of single solves over a fixed
//! set of seeded deals: median, p99, max and mean of the thread's CPU time per solve (each solve
//! repeated until 20 ms of CPU time add up, so that the clock's own cost does not count; the wall
//! clock where the system does not say). Then criterion times the same solves, cycling through
//! the deals in batches of 10 (kout6: 1), by the thread's CPU time where the kernel reports it
//! (the one-core figure even on a machine shared with other work); its `thrpt` line is solves per
//! second:
//! - `baloot_hokum`, `baloot_sun`: the exact card points of the leader's team (saudi rules);
//! - `kout4`, `kout6`: the exact tricks of the maker's team (random maker, bid and trump).
//!
//! The distribution also gives `kout4 bid` and `kout6 bid`: the bid test alone (one zero-window
//! search), which is what a Kout bot needs most.
//!
//! Every solve starts from an empty table ([`BalootSolver::forget`], [`KoutSolver::forget`]).
//! `SOLVER_DEALS=N` changes the number of deals of the distribution (kout6 uses a tenth of them).
//!
//! `--solves NAME [DEALS [SKIP]]` instead solves a fixed workload once and prints the sum of the
//! values and the nodes searched: a load-independent comparison of two builds by instruction count
//! (`cargo bench -p solver --bench solve --no-run` names the binary; run it under
//! `valgrind --tool=callgrind`). NAME is `baloot_hokum`, `baloot_sun`, `kout4`, `kout6` (exact
//! values) or `kout4_bid`, `kout6_bid` (the bid test), on the first DEALS deals (40; kout6: 1)
//! after SKIP.

// criterion's macros and our main need no docs.
#![allow(missing_docs)]

use std::time::{Duration, Instant};

use baloot::{BalootRules, Mode};
use cards::{CardSet, DeckKind, Suit, random_below, seeded_rng};
use cputime::ThreadCpuTime;
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use game::Seat;
use kout::{Bid, Contract, Variant};
use solver::{BalootPosition, BalootSolver, KoutPosition, KoutSolver};

fn baloot_deals(sun: bool, n: usize) -> Vec<BalootPosition> {
    let mut rng = seeded_rng(if sun { 2 } else { 1 });
    (0..n)
        .map(|_| {
            let deck = DeckKind::Baloot.shuffled(&mut rng);
            let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 8..s * 8 + 8].iter().copied().collect());
            let mode = if sun { Mode::Sun } else { Mode::Hokum(Suit::ALL[random_below(&mut rng, 4) as usize]) };
            let leader = Seat::new(random_below(&mut rng, 4) as usize).expect("seat");
            BalootPosition::new(mode, BalootRules::saudi(), leader, hands).expect("a deal")
        })
        .collect()
}

fn kout_deals(variant: Variant, n: usize) -> Vec<KoutPosition> {
    let mut rng = seeded_rng(variant.seats() as u64);
    (0..n)
        .map(|_| {
            let deck = variant.deck().shuffled(&mut rng);
            let seats = variant.seats();
            let hands: Vec<CardSet> = (0..seats).map(|s| deck[s * 9..s * 9 + 9].iter().copied().collect()).collect();
            let maker = Seat::new(random_below(&mut rng, seats as u32) as usize).expect("seat");
            let bid = Bid::new(5 + random_below(&mut rng, 5) as u8).expect("bid");
            let trump = Suit::ALL[random_below(&mut rng, 4) as usize];
            KoutPosition::new(variant, Contract { maker, bid, malzoom: false }, trump, &hands).expect("a deal")
        })
        .collect()
}

/// The time of one `solve`: CPU time over repetitions adding up to 20 ms, or the wall clock.
fn time_one(mut solve: impl FnMut() -> u64) -> Duration {
    const MIN_CPU: u64 = 20_000_000;
    let Some(start) = cputime::thread_cpu_ns() else {
        let t = Instant::now();
        std::hint::black_box(solve());
        return t.elapsed();
    };
    let mut reps = 0;
    loop {
        std::hint::black_box(solve());
        reps += 1;
        let spent = cputime::thread_cpu_ns().unwrap_or(start).saturating_sub(start);
        if spent >= MIN_CPU {
            return Duration::from_nanos(spent / reps);
        }
    }
}

fn report<T>(name: &str, items: &[T], mut solve: impl FnMut(&T) -> u64) {
    let mut times: Vec<Duration> = items.iter().map(|item| time_one(|| solve(item))).collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let clock = if cputime::available() { "cpu" } else { "wall" };
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "{name:<13} {:>4} solves ({clock}): median {:>10.3?}  p99 {:>10.3?}  max {:>10.3?}  mean {:>10.3?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1],
        mean
    );
}

/// `--solves NAME [DEALS [SKIP]]`: the bench's deals of one workload solved once each, from an
/// empty table; prints the sum of the values and the nodes searched, which only a change of the
/// search itself may change.
fn solves(args: &[String]) {
    let name = args.first().map_or("", String::as_str);
    let arg = |i: usize, default: usize| args.get(i).map_or(default, |a| a.parse().expect("a number"));
    let skip = arg(2, 0);
    let (sum, nodes) = match name {
        "baloot_hokum" | "baloot_sun" => {
            let mut solver = BalootSolver::new();
            let mut sum = 0;
            for p in baloot_deals(name == "baloot_sun", skip + arg(1, 40)).iter().skip(skip) {
                solver.forget();
                sum += u64::from(solver.value(p));
            }
            (sum, solver.nodes())
        }
        "kout4" | "kout6" | "kout4_bid" | "kout6_bid" => {
            let six = name.starts_with("kout6");
            let variant = if six { Variant::Six } else { Variant::Four };
            let bid = name.ends_with("_bid");
            // The table sizes of the timings below.
            let mut solver = KoutSolver::with_table_bits(if six || bid { 18 } else { 16 });
            let mut sum = 0;
            for p in kout_deals(variant, skip + arg(1, if six { 1 } else { 40 })).iter().skip(skip) {
                solver.forget();
                sum += if bid { u64::from(solver.makes_bid(p)) } else { u64::from(solver.value(p)) };
            }
            (sum, solver.nodes())
        }
        _ => panic!("--solves: no workload {name:?}"),
    };
    println!("{name}: sum {sum}, nodes {nodes}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--solves") {
        solves(&args[i + 1..]);
        return;
    }
    // `cargo test --all-targets` runs this binary without `--bench`: a smoke run of a few deals
    // (kout6's whole-hand solves can take seconds each), so the test suite stays quick.
    if !args.iter().any(|a| a == "--bench") {
        let mut baloot = BalootSolver::new();
        for p in baloot_deals(false, 2).iter().chain(&baloot_deals(true, 2)) {
            assert!(baloot.value(p) <= 250);
        }
        let mut kout = KoutSolver::new();
        for p in kout_deals(Variant::Four, 2) {
            assert!(kout.value(&p) <= 8);
        }
        return;
    }
    let n: usize = std::env::var("SOLVER_DEALS").ok().and_then(|v| v.parse().ok()).unwrap_or(200);
    let hokum = baloot_deals(false, n);
    let sun = baloot_deals(true, n);
    let kout4 = kout_deals(Variant::Four, n);
    let kout6 = kout_deals(Variant::Six, (n / 10).max(3));

    let mut baloot = BalootSolver::new();
    let mut baloot_solve = |p: &BalootPosition| {
        baloot.forget();
        u64::from(baloot.value(p))
    };
    report("baloot_hokum", &hokum, &mut baloot_solve);
    report("baloot_sun", &sun, &mut baloot_solve);
    // kout6 searches visit millions of positions: a larger table (20 MB) pays there.
    let mut kout = KoutSolver::new();
    let mut kout6_solver = KoutSolver::with_table_bits(18);
    let mut kout_solve = |p: &KoutPosition| {
        let solver = if p.variant() == Variant::Six { &mut kout6_solver } else { &mut kout };
        solver.forget();
        u64::from(solver.value(p))
    };
    report("kout4", &kout4, &mut kout_solve);
    report("kout6", &kout6, &mut kout_solve);
    let mut bid_solver = KoutSolver::with_table_bits(18);
    let mut bid_test = |p: &KoutPosition| {
        bid_solver.forget();
        u64::from(bid_solver.makes_bid(p))
    };
    report("kout4 bid", &kout4, &mut bid_test);
    report("kout6 bid", &kout6, &mut bid_test);

    if cputime::available() {
        let mut c = Criterion::default().with_measurement(ThreadCpuTime::default()).configure_from_args();
        timed(&mut c, &hokum, &sun, &kout4, &kout6);
        c.final_summary();
    } else {
        let mut c = Criterion::default().configure_from_args();
        timed(&mut c, &hokum, &sun, &kout4, &kout6);
        c.final_summary();
    }
}

/// The criterion groups: each iteration solves the next `BATCH` deals (cycling through them), so
/// that an iteration is long against the clock's own cost; the throughput line is solves per
/// second.
fn timed<M: Measurement + 'static>(
    c: &mut Criterion<M>,
    hokum: &[BalootPosition],
    sun: &[BalootPosition],
    kout4: &[KoutPosition],
    kout6: &[KoutPosition],
) {
    const BATCH: usize = 10;
    let mut baloot = BalootSolver::new();
    for (name, deals) in [("baloot_hokum", hokum), ("baloot_sun", sun)] {
        let mut i = 0;
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(BATCH as u64));
        group.bench_function("solve", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for _ in 0..BATCH {
                    i = (i + 1) % deals.len();
                    baloot.forget();
                    sum += u64::from(baloot.value(&deals[i]));
                }
                sum
            });
        });
        group.finish();
    }
    for (name, deals, bits, batch) in [("kout4", kout4, 16, BATCH), ("kout6", kout6, 18, 1)] {
        let mut kout = KoutSolver::with_table_bits(bits);
        let mut i = 0;
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(batch as u64));
        if batch == 1 {
            group.sample_size(10);
        }
        group.bench_function("solve", |b| {
            b.iter(|| {
                let mut sum = 0u64;
                for _ in 0..batch {
                    i = (i + 1) % deals.len();
                    kout.forget();
                    sum += u64::from(kout.value(&deals[i]));
                }
                sum
            });
        });
        group.finish();
    }
}
