//! Time per decision of the heuristic bots. Decision points (seat, view, legal actions) are
//! recorded from seeded heuristic-vs-heuristic games; each iteration replays the whole sequence
//! through fresh heuristic bots (one per seat, so Kabul's memory sees its seat's views in order).
//! The `thrpt` line is decisions per second: its inverse is the mean time per decision.
//!
//! `cargo bench -p bots --bench decisions`

// criterion_group! and criterion_main! generate undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;

use bots::{BotSpec, Playable};
use cards::seeded_rng;
use criterion::{Criterion, Throughput};
use game::{Actor, Game, GameKind, Options, Phase, RuleSet, Seat};
use serde_json::json;

type Decision<G> = (Seat, <G as Game>::View, Vec<<G as Game>::Action>);

/// The decisions of `games` seeded games (at most `max_hands` hands each) between heuristic bots.
fn record<G: Playable>(kind: GameKind, options: &Options, games: u64, max_hands: usize) -> (usize, Vec<Decision<G>>) {
    let rules = G::Rules::from_options(kind, options).expect("rules");
    let seats = rules.seat_count();
    let mut out = Vec::new();
    for g in 0..games {
        let mut game = G::new(kind, rules.clone(), Seat::ZERO).expect("game");
        let mut bots: Vec<_> = Seat::all(seats).map(|s| G::bot(BotSpec::HEURISTIC, s.index() as u64, &rules)).collect();
        let mut rng = seeded_rng(g);
        let mut hands = 0;
        let mut legal = Vec::new();
        loop {
            match game.phase() {
                Phase::Over => break,
                Phase::AwaitingDeal { .. } if hands == max_hands => break,
                Phase::AwaitingDeal { .. } => {
                    hands += 1;
                    let deal = game.random_deal(&mut rng);
                    game.deal(deal).expect("deal");
                }
                Phase::InHand => {
                    let seat = game.to_act().first().expect("somebody acts");
                    game.legal_actions(seat, &mut legal);
                    let view = game.view(Some(seat));
                    let action = bots[seat.index()].choose(seat, &view, &legal);
                    out.push((seat, view, legal.clone()));
                    game.play(Actor::Seat(seat), action).expect("legal");
                }
            }
        }
    }
    (seats, out)
}

fn bench_game<G: Playable>(c: &mut Criterion, name: &str, kind: GameKind, options: Options) {
    let (seats, decisions) = record::<G>(kind, &options, 20, 4);
    let rules = G::Rules::from_options(kind, &options).expect("rules");
    let mut group = c.benchmark_group("heuristic_decision");
    group.throughput(Throughput::Elements(decisions.len() as u64));
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut bots: Vec<_> = (0..seats).map(|s| G::bot(BotSpec::HEURISTIC, s as u64, &rules)).collect();
            for (seat, view, legal) in &decisions {
                black_box(bots[seat.index()].choose(*seat, view, legal));
            }
        });
    });
    group.finish();
}

fn decisions(c: &mut Criterion) {
    bench_game::<kout::Kout>(c, "kout6", GameKind::Kout6, Options::new());
    bench_game::<kout::Kout>(c, "kout4", GameKind::Kout4, Options::new());
    let saudi = json!({ "preset": "saudi" }).as_object().cloned().expect("object");
    bench_game::<baloot::Baloot>(c, "baloot", GameKind::Baloot, Options::new());
    bench_game::<baloot::Baloot>(c, "baloot_saudi", GameKind::Baloot, saudi);
    bench_game::<kabul::Kabul>(c, "kabul", GameKind::Kabul, Options::new());
}

criterion::criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = decisions
}
criterion::criterion_main!(benches);
