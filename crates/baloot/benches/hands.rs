//! Random complete Baloot hands per second on one core, through the `Game` trait: a random deal,
//! then random legal actions (`legal_actions` into a reused `Vec`, `play_unchecked`) until the
//! hand is over; a new match starts whenever one ends.

use std::hint::black_box;

use baloot::{Baloot, BalootRules};
use cards::{random_below, seeded_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::{Actor, Game, GameKind, Phase, Seat};
use rand_chacha::ChaCha20Rng;

const HANDS: u64 = 10_000;

/// Plays `hands` random hands (void hands included) and returns the total card points, so the
/// work cannot be optimised away.
fn play_hands(rules: BalootRules, rng: &mut ChaCha20Rng, hands: u64) -> u64 {
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

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_hands");
    group.throughput(Throughput::Elements(HANDS));
    for (name, rules) in [("seed", BalootRules::seed()), ("saudi", BalootRules::saudi())] {
        let mut rng = seeded_rng(1);
        group.bench_function(name, |b| b.iter(|| black_box(play_hands(rules, &mut rng, HANDS))));
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
