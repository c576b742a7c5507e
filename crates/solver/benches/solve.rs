//! Whole-hand solves from the first lead on random deals, one core.
//!
//! `cargo bench -p solver` first prints, per game, the distribution of single solves over a fixed
//! set of seeded deals (median, p99 and max, by the thread's CPU time where the kernel reports it,
//! else the wall clock), then runs the criterion groups, whose `time` line is the mean per solve:
//! - `baloot_hokum`, `baloot_sun`: the exact card points of the leader's team (saudi rules);
//! - `kout4`, `kout6`: the exact tricks of the maker's team.
//!
//! Each solve starts from an empty table (a new deal is a new generation).

// criterion's macros and our main need no docs.
#![allow(missing_docs)]

use std::time::{Duration, Instant};

use baloot::{BalootRules, Mode};
use cards::{CardSet, DeckKind, Suit, random_below, seeded_rng};
use criterion::Criterion;
use game::Seat;
use solver::{BalootPosition, BalootSolver};

/// Deals per game: the criterion runs cycle through them.
const DEALS: usize = 200;

fn baloot_deals(sun: bool) -> Vec<BalootPosition> {
    let mut rng = seeded_rng(if sun { 2 } else { 1 });
    (0..DEALS)
        .map(|_| {
            let deck = DeckKind::Baloot.shuffled(&mut rng);
            let hands: [CardSet; 4] = std::array::from_fn(|s| deck[s * 8..s * 8 + 8].iter().copied().collect());
            let mode = if sun { Mode::Sun } else { Mode::Hokum(Suit::ALL[random_below(&mut rng, 4) as usize]) };
            let leader = Seat::new(random_below(&mut rng, 4) as usize).expect("seat");
            BalootPosition::new(mode, BalootRules::saudi(), leader, hands).expect("a deal")
        })
        .collect()
}

/// Times `solve` on each item: per-solve CPU time (or wall time), sorted.
fn distribution<T>(items: &[T], mut solve: impl FnMut(&T) -> u64) -> (Vec<Duration>, &'static str) {
    let cpu = cputime::available();
    let mut times: Vec<Duration> = items
        .iter()
        .map(|item| {
            let (t0, c0) = (Instant::now(), cputime::thread_cpu_ns().unwrap_or(0));
            std::hint::black_box(solve(item));
            if cpu {
                Duration::from_nanos(cputime::thread_cpu_ns().unwrap_or(0).saturating_sub(c0))
            } else {
                t0.elapsed()
            }
        })
        .collect();
    times.sort();
    (times, if cpu { "cpu" } else { "wall" })
}

fn report<T>(name: &str, items: &[T], solve: impl FnMut(&T) -> u64) {
    let (times, clock) = distribution(items, solve);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name:<14} {} solves ({clock}): median {:>10.3?}  p99 {:>10.3?}  max {:>10.3?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[times.len() - 1]
    );
}

fn main() {
    let hokum = baloot_deals(false);
    let sun = baloot_deals(true);
    let mut solver = BalootSolver::new();
    let mut value = |p: &BalootPosition| u64::from(solver.value(p));
    report("baloot_hokum", &hokum, &mut value);
    report("baloot_sun", &sun, &mut value);

    let mut c = Criterion::default().configure_from_args();
    for (name, deals) in [("baloot_hokum", &hokum), ("baloot_sun", &sun)] {
        let mut solver = BalootSolver::new();
        let mut i = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % deals.len();
                solver.value(&deals[i])
            });
        });
    }
    c.final_summary();
}
