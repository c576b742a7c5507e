//! Bots play only legal actions, in every phase of every game, preset and Kabul player count,
//! over thousands of seeded games; and the one thing a bot is given about the game — its seat's
//! view — names no card hidden from that seat.

use std::collections::BTreeSet;

use bots::{BotSpec, Playable};
use cards::seeded_rng;
use game::testing::cards_named_in;
use game::{Actor, GameKind, Options, Phase, RuleSet, Seat};
use serde_json::json;

/// Plays `games` seeded games of at most `max_hands` hands each, the seats alternating between
/// the heuristic and `other`; asserts every chosen action is among the legal ones and the engine
/// accepts it. Every `view_every`-th decision also checks the view the bot got hides the others'
/// cards. Returns the distinct actions seen (as text) so callers can check every phase was played.
fn play<G: Playable>(
    kind: GameKind,
    options: &Options,
    games: u64,
    max_hands: usize,
    other: BotSpec,
) -> BTreeSet<String> {
    let rules = G::Rules::from_options(kind, options).expect("rules");
    let seats = rules.seat_count();
    let mut seen = BTreeSet::new();
    let mut legal = Vec::new();
    let mut decisions = 0u64;
    for g in 0..games {
        let mut game = G::new(kind, rules.clone(), Seat::new((g as usize) % seats).expect("seat")).expect("game");
        let mut bots: Vec<_> = Seat::all(seats)
            .map(|s| {
                let spec = if (s.index() + g as usize) % 2 == 0 { BotSpec::HEURISTIC } else { other };
                G::bot(spec, g * 31 + s.index() as u64, &rules)
            })
            .collect();
        let mut rng = seeded_rng(g);
        let mut hands = 0;
        loop {
            match game.phase() {
                Phase::Over => break,
                Phase::AwaitingDeal { .. } => {
                    if hands == max_hands {
                        break;
                    }
                    hands += 1;
                    let deal = game.random_deal(&mut rng);
                    game.deal(deal).expect("deal");
                }
                Phase::InHand => {
                    let seat = game.to_act().first().expect("somebody acts in a hand");
                    game.legal_actions(seat, &mut legal);
                    assert!(!legal.is_empty(), "{kind} game {g}: seat {seat} acts with no legal action");
                    let view = game.view(Some(seat));
                    if decisions % 7 == 0 {
                        let named = cards_named_in(&serde_json::to_value(&view).expect("view serializes"));
                        let leaked = named & game.hidden_from(seat);
                        assert!(leaked.is_empty(), "{kind} game {g}: seat {seat}'s view shows {leaked}");
                    }
                    decisions += 1;
                    let action = bots[seat.index()].choose(seat, &view, &legal);
                    assert!(legal.contains(&action), "{kind} game {g}: seat {seat} chose illegal {action}");
                    let word = action.to_string();
                    seen.insert(word.split([' ', '(', ':']).next().unwrap_or_default().to_owned());
                    game.play(Actor::Seat(seat), action).expect("the engine accepts a legal action");
                }
            }
        }
    }
    assert!(decisions > games * 10, "{kind}: only {decisions} decisions");
    seen
}

fn opts(value: serde_json::Value) -> Options {
    value.as_object().cloned().expect("object")
}

#[test]
fn kout_bots_play_only_legal_actions_and_see_only_their_view() {
    for kind in [GameKind::Kout6, GameKind::Kout4] {
        let h = play::<kout::Kout>(kind, &Options::new(), 1500, 2, BotSpec::HEURISTIC);
        let r = play::<kout::Kout>(kind, &Options::new(), 1500, 2, BotSpec::RANDOM);
        assert!(h.len() >= 3 && r.len() >= 3, "{kind}: {h:?} {r:?}");
    }
}

#[test]
fn baloot_bots_play_only_legal_actions_and_see_only_their_view_in_both_presets() {
    for preset in ["seed", "saudi"] {
        let options = opts(json!({ "preset": preset }));
        let h = play::<baloot::Baloot>(GameKind::Baloot, &options, 1000, 2, BotSpec::HEURISTIC);
        let r = play::<baloot::Baloot>(GameKind::Baloot, &options, 1000, 2, BotSpec::RANDOM);
        assert!(h.len() >= 3 && r.len() >= 3, "{preset}: {h:?} {r:?}");
    }
}

#[test]
fn kabul_bots_play_only_legal_actions_and_see_only_their_view_at_every_player_count() {
    for players in 2..=6 {
        let options = opts(json!({ "players": players }));
        let forgetful: BotSpec = "heuristic:forget=0.3".parse().expect("spec");
        let h = play::<kabul::Kabul>(GameKind::Kabul, &options, 600, 1, forgetful);
        let r = play::<kabul::Kabul>(GameKind::Kabul, &options, 600, 1, BotSpec::RANDOM);
        assert!(h.len() >= 3 && r.len() >= 3, "{players} players: {h:?} {r:?}");
    }
}

#[test]
fn the_strong_bot_and_the_levels_play_only_legal_actions_in_every_game() {
    let quick: BotSpec = "strong:ms=2".parse().expect("spec");
    for players in 2..=6 {
        let options = opts(json!({ "players": players }));
        let s = play::<kabul::Kabul>(GameKind::Kabul, &options, 60, 1, quick);
        assert!(s.len() >= 3, "{players} players: {s:?}");
    }
    let matched = opts(json!({ "players": 3, "target_score": 30 }));
    play::<kabul::Kabul>(GameKind::Kabul, &matched, 10, 4, quick);
    // Kout Bo 6's strong bot bids by simulation, as Kout Bo 4's does.
    let s = play::<kout::Kout>(GameKind::Kout6, &Options::new(), 30, 2, quick);
    assert!(s.contains("bid") && s.contains("play"), "kout6: {s:?}");
    for level in ["easy", "medium", "hard"] {
        let spec: BotSpec = level.parse().expect("level");
        play::<kout::Kout>(GameKind::Kout4, &Options::new(), 100, 2, spec);
        play::<baloot::Baloot>(GameKind::Baloot, &Options::new(), 100, 2, spec);
        // `hard` thinks for its full default time: a few rounds.
        play::<kabul::Kabul>(GameKind::Kabul, &opts(json!({ "players": 4 })), 3, 1, spec);
    }
}
