//! Random complete rounds per second: deal, then random legal moves (the clock closes a window
//! now and then) until the round ends. Run with `cargo bench -p kabul`.

// criterion's macros generate public functions without docs.
#![allow(missing_docs)]

use std::hint::black_box;

use cards::{random_below, seeded_rng};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game::{Actor, Game, GameKind, Phase, Seat};
use kabul::{Kabul, KabulAction, KabulRules};
use rand_chacha::ChaCha20Rng;

/// Plays one random round; with `kabul` false nobody calls Kabul, so the round runs until no card
/// can be drawn (the longest rounds there are).
fn random_round(players: usize, kabul: bool, rng: &mut ChaCha20Rng, buf: &mut Vec<KabulAction>) -> usize {
    let rules = KabulRules::new(players).expect("2 to 6 players");
    let mut g = Kabul::new(GameKind::Kabul, rules, Seat::ZERO).expect("new");
    let deal = g.random_deal(rng);
    g.deal(deal).expect("deal");
    let mut actions = 0;
    while g.phase() == Phase::InHand {
        let (actor, action) = if g.clock_may_act() && random_below(rng, 4) == 0 {
            (Actor::Clock, KabulAction::Close)
        } else {
            let to_act = g.to_act();
            let seat = to_act.iter().nth(random_below(rng, to_act.len() as u32) as usize).expect("a seat to act");
            g.legal_actions(seat, buf);
            if !kabul {
                buf.retain(|a| *a != KabulAction::Kabul);
            }
            let action = buf[random_below(rng, buf.len() as u32) as usize];
            (Actor::Seat(seat), action)
        };
        g.play(actor, action).expect("legal");
        actions += 1;
    }
    actions
}

fn rounds(c: &mut Criterion) {
    let mut group = c.benchmark_group("random complete round");
    group.throughput(Throughput::Elements(1));
    for players in [2, 4, 6] {
        let mut rng = seeded_rng(1);
        let mut buf = Vec::new();
        group.bench_function(format!("{players} players"), |b| {
            b.iter(|| black_box(random_round(players, true, &mut rng, &mut buf)));
        });
    }
    let mut rng = seeded_rng(2);
    let mut buf = Vec::new();
    group.bench_function("4 players, nobody calls kabul", |b| {
        b.iter(|| black_box(random_round(4, false, &mut rng, &mut buf)));
    });
    group.finish();
}

criterion_group!(benches, rounds);
criterion_main!(benches);
