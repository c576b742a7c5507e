//! Complete random hands per second (deal, bid, trump, play, score) through the `Game` trait, on
//! one core: a random legal action at every step, chosen from `legal_actions` into a reused `Vec`
//! and performed with `play_unchecked`. The deal and the choices use ChaCha20 ([`seeded_rng`]),
//! the generator every seeded thing in Majlis uses.
//!
//! `cargo bench -p kout` runs two groups of the same work; hands/s is criterion's `thrpt` line:
//! - `random_hands`: wall-clock time, criterion's default;
//! - `random_hands_cpu`: the benchmark thread's own CPU time ([`cputime::ThreadCpuTime`]), which
//!   stays the one-core figure on a machine shared with other work, where wall-clock time also
//!   counts the time the thread waited for a core.

// criterion_group! and criterion_main! generate undocumented public functions.
#![allow(missing_docs)]

use cards::{random_below, seeded_rng};
use criterion::measurement::Measurement;
use criterion::{Criterion, Throughput};
use game::{Actor, Game, GameKind, Phase, RuleSet, Seat};
use kout::{Kout, KoutAction, KoutRules};
use rand_chacha::ChaCha20Rng;

/// Plays `hands` complete random hands, starting a new match whenever one ends; returns a value
/// derived from the play so the work cannot be optimised away.
fn play_hands(kind: GameKind, rules: KoutRules, rng: &mut ChaCha20Rng, buf: &mut Vec<KoutAction>, hands: u64) -> u64 {
    let new_match = || Kout::new(kind, rules, Seat::ZERO).expect("valid rules");
    let mut game = new_match();
    let mut checksum = 0u64;
    for _ in 0..hands {
        if game.phase() == Phase::Over {
            game = new_match();
        }
        let deal = game.random_deal(rng);
        game.deal(deal).expect("a fresh deal");
        while let Some(seat) = game.to_act().first() {
            game.legal_actions(seat, buf);
            let pick = random_below(rng, buf.len() as u32) as usize;
            game.play_unchecked(Actor::Seat(seat), buf[pick]);
            checksum += 1;
        }
        checksum += game.score()[0] as u64;
    }
    checksum
}

fn bench_hands<M: Measurement>(c: &mut Criterion<M>, group: &str) {
    const BATCH: u64 = 1_000;
    let mut group = c.benchmark_group(group);
    group.throughput(Throughput::Elements(BATCH));
    for kind in [GameKind::Kout6, GameKind::Kout4] {
        let rules = KoutRules::from_options(kind, &Default::default()).expect("default rules");
        let mut rng = seeded_rng(1);
        let mut buf = Vec::with_capacity(64);
        group.bench_function(kind.id(), |b| {
            b.iter(|| std::hint::black_box(play_hands(kind, rules, &mut rng, &mut buf, BATCH)));
        });
    }
    group.finish();
}

cputime::wall_and_cpu_main!(bench_hands);
