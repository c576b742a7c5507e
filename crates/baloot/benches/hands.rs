//! Random complete Baloot hands per second on one core, through the `Game` trait: a random deal,
//! then random legal actions (`legal_actions` into a reused `Vec`, `play_unchecked`) until the
//! hand is over; a new match starts whenever one ends. Void hands count as hands.
//!
//! The random choices come from SplitMix64 (a few instructions per number, as a playout bot would
//! use) and, for comparison, from ChaCha20 (`cards::seeded_rng`, what deals use), which costs about
//! as much as the rules themselves.
//!
//! Each is measured twice: `random_hands` by the wall clock, `random_hands_cpu` by the benchmark
//! thread's own CPU time ([`cputime::ThreadCpuTime`]), the one-core figure on a shared machine.

// criterion_group! and criterion_main! generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;

use baloot::{Baloot, BalootRules};
use cards::{random_below, seeded_rng};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use game::{Actor, Game, GameKind, Phase, Seat};
use rand_core::{RngCore, impls};

/// SplitMix64: a tiny, fast generator, good enough to pick random moves.
struct SplitMix64(u64);

impl RngCore for SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn next_u32(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn fill_bytes(&mut self, dest: &mut [u8]) {
        impls::fill_bytes_via_next(self, dest);
    }
}

const HANDS: u64 = 10_000;

/// Plays `hands` random hands (void hands included) and returns the total card points, so the
/// work cannot be optimised away.
fn play_hands<R: RngCore>(rules: BalootRules, rng: &mut R, hands: u64) -> u64 {
    let mut game = Baloot::new(GameKind::Baloot, rules, Seat::ZERO).unwrap_or_else(|e| panic!("{e}"));
    let mut buf = Vec::with_capacity(32);
    let mut played = 0;
    let mut checksum = 0u64;
    while played < hands {
        match game.phase() {
            Phase::Over => {
                checksum += game.score().iter().sum::<i32>().unsigned_abs() as u64;
                game = Baloot::new(GameKind::Baloot, rules, Seat::ZERO).unwrap_or_else(|e| panic!("{e}"));
            }
            Phase::AwaitingDeal { .. } => {
                let deal = game.random_deal(rng);
                game.deal(deal).unwrap_or_else(|e| panic!("{e}"));
                played += 1;
            }
            Phase::InHand => {
                let Some(seat) = game.to_act().first() else { break };
                game.legal_actions(seat, &mut buf);
                let action = buf[random_below(rng, buf.len() as u32) as usize];
                game.play_unchecked(Actor::Seat(seat), action);
            }
        }
    }
    checksum
}

fn bench_hands<M: Measurement>(c: &mut Criterion<M>, group: &str) {
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(HANDS));
    for (name, rules) in [("seed", BalootRules::seed()), ("saudi", BalootRules::saudi())] {
        let mut rng = SplitMix64(1);
        group
            .bench_function(format!("{name}/splitmix64"), |b| b.iter(|| black_box(play_hands(rules, &mut rng, HANDS))));
    }
    let mut rng = seeded_rng(1);
    group.bench_function("seed/chacha20", |b| {
        b.iter(|| black_box(play_hands(BalootRules::seed(), &mut rng, HANDS)));
    });
    group.finish();
}

cputime::wall_and_cpu_main!(bench_hands);
