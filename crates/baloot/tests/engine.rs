//! Rule tests through the `Game` trait: arranged deals, then the engine's answers.

mod common;

use baloot::{BalootRules, ProjectKind};
use common::{card, dealt, deck_for, legal, play_all, refusal, seat, set};
use game::{Game, Phase};

/// Dealer 0, seat 1 bids hokum on the 9 of hearts. Seat 0 holds two Siras (7-8-9 of spades and
/// clubs), seat 2 a Sira (10-J-Q of spades) and the Baloot (K+Q of hearts), seat 3 a Hundred (10
/// to ace of clubs).
const DEAL_A: [&str; 4] =
    ["7S 8S 9S AH KD 7C 8C 9C", "AS KS JH TD QD 9H 8D 7D", "KH QH AD TS JS QS 8H 7H", "TH TC JC QC KC AC JD 9D"];

/// Dealer 0, seat 1 bids hokum on the 9 of hearts and leads it; seat 2 holds the jack and the 7.
const DEAL_B: [&str; 4] =
    ["QC JC TC 9C 8C 7C 8D 7D", "AS KS QS JS TS 9H 9S 8S", "JH 7H AD KD QD JD TD 7S", "AH TH KH QH 8H 9D AC KC"];

#[test]
fn round_one_offers_pass_and_hokum_in_the_face_up_suit() {
    let g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(legal(&g, 1), ["pass", "hokum"]);
    assert!(legal(&g, 2).is_empty(), "not seat 2's turn");
    let g = dealt(BalootRules::saudi(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(legal(&g, 1), ["pass", "hokum", "sun"]);
}

#[test]
fn round_two_offers_the_other_suits_and_sun() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]);
    assert_eq!(legal(&g, 1), ["pass", "hokum S", "hokum D", "hokum C", "sun"]);
    assert_eq!(refusal(&g, 1, "hokum"), "a bare hokum is not allowed in round 2: name a suit");
    assert_eq!(refusal(&g, 1, "hokum H"), "in round 2 the hokum cannot be in hearts, the face-up card's suit");
}

#[test]
fn views_say_the_bidding_round_while_bidding_and_null_otherwise() {
    let round = |g: &baloot::Baloot| g.view(None).bid_round;
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(round(&g), Some(1));
    play_all(&mut g, &[(1, "pass"), (2, "pass"), (3, "pass")]);
    assert_eq!(g.view(Some(seat(0))).bid_round, Some(1), "the dealer still speaks in round 1");
    play_all(&mut g, &[(0, "pass")]);
    assert_eq!(round(&g), Some(2));
    play_all(&mut g, &[(1, "hokum S")]);
    assert_eq!(round(&g), None, "playing");
    let json = serde_json::to_value(g.view(None)).expect("json");
    assert_eq!(json["bid_round"], serde_json::Value::Null);

    // Under saudi, the seats after a round-1 hokum answer it within round 1.
    let mut g = dealt(BalootRules::saudi(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum")]);
    assert_eq!(round(&g), Some(1));
    assert_eq!(serde_json::to_value(g.view(None)).expect("json")["bid_round"], 1);
    // Void hands, and the time between hands, have no bidding round.
    let mut g = dealt(BalootRules::seed(), 3, cards::DeckKind::Baloot.shuffled_from_seed(4));
    for i in 0..8 {
        play_all(&mut g, &[(i % 4, "pass")]);
    }
    assert_eq!(round(&g), None);
}

#[test]
fn it_is_the_turn_of_the_seat_to_act() {
    let g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(refusal(&g, 2, "pass"), "it is seat 1's turn");
    assert_eq!(refusal(&g, 1, "play AS"), "the bidding is not over: pass, hokum or sun");
}

#[test]
fn void_hand_when_all_pass_twice_and_the_next_dealer_deals() {
    let mut g = dealt(BalootRules::seed(), 3, cards::DeckKind::Baloot.shuffled_from_seed(4));
    for i in 0..8 {
        play_all(&mut g, &[(i % 4, "pass")]);
    }
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: seat(0) });
    assert!(g.to_act().is_empty());
    let s = serde_json::to_value(g.hand_summaries()).expect("json");
    assert_eq!(s[0]["void"], true);
    assert_eq!(s[0]["score"], serde_json::Value::Null);
    assert_eq!(g.score().as_slice(), &[0, 0]);
    g.deal(cards::DeckKind::Baloot.shuffled_from_seed(5)).expect("next hand");
    assert_eq!(g.to_act().first(), Some(seat(1)), "dealer 0: seat 1 speaks first");
}

#[test]
fn the_bidder_takes_the_face_up_card_and_everyone_ends_with_8() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum")]);
    for (i, hand) in DEAL_A.iter().enumerate() {
        let view = g.view(Some(seat(i)));
        assert_eq!(view.hand.expect("hand").cards, Some(set(hand)), "seat {i}");
    }
}

#[test]
fn seat_dealer_plus_one_leads_the_first_trick_whoever_bids() {
    let hands =
        ["7S 8S 9S AH KD 7C 8C 9C", "AS KS JH TD QD 8D 7D TH", "KH QH AD TS JS QS 8H 7H", "TC JC QC KC AC 9H JD 9D"];
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 3, hands));
    play_all(&mut g, &[(1, "pass"), (2, "pass"), (3, "hokum")]);
    assert_eq!(g.to_act().first(), Some(seat(1)));
}

#[test]
fn you_must_trump_when_void_in_hokum() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (1, "play AS"), (2, "play QS")]);
    assert_eq!(refusal(&g, 3, "play AC"), "you must trump");
    play_all(&mut g, &[(3, "play TH")]);
    assert_eq!(refusal(&g, 0, "play KD"), "you must follow spades");
}

#[test]
fn must_overtrump_true_you_must_beat_the_9_of_trump() {
    let rules = BalootRules { must_overtrump: true, ..BalootRules::seed() };
    let mut g = dealt(rules, 0, deck_for(0, 1, DEAL_B));
    play_all(&mut g, &[(1, "hokum"), (1, "play 9H")]);
    assert_eq!(legal(&g, 2), ["play JH"]);
    assert_eq!(refusal(&g, 2, "play 7H"), "you must beat the 9 of trump");
    assert_eq!(refusal(&g, 2, "play 7S"), "you must follow hearts");
    assert_eq!(refusal(&g, 2, "play AH"), "you do not hold the ace of hearts");
}

#[test]
fn must_overtrump_false_any_trump_follows() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_B));
    play_all(&mut g, &[(1, "hokum"), (1, "play 9H")]);
    assert_eq!(legal(&g, 2), ["play 7H", "play JH"]);
}

#[test]
fn project_types_are_announced_in_trick_one_and_cards_shown_after_it() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum")]);
    let projects = |g: &baloot::Baloot| g.view(None).hand.expect("hand").projects;
    assert!(projects(&g).is_empty(), "nothing is announced before the first card");
    play_all(&mut g, &[(1, "play AS"), (2, "play QS")]);
    let p = projects(&g);
    assert_eq!(p.iter().map(|p| (p.seat, p.kind)).collect::<Vec<_>>(), [(seat(2), ProjectKind::Sira)]);
    assert!(p.iter().all(|p| p.cards.is_none() && p.counted.is_none()), "types only during trick 1");
    // Seat 0 cannot see seat 3's clubs yet.
    assert!(g.hidden_from(seat(0)).contains(card("AC")));
    play_all(&mut g, &[(3, "play TH"), (0, "play 7S")]);
    let p = projects(&g);
    assert_eq!(p.len(), 4);
    let hundred = p.iter().find(|p| p.kind == ProjectKind::Hundred).expect("the Hundred");
    assert_eq!((hundred.seat, hundred.cards, hundred.counted), (seat(3), Some(set("TC JC QC KC AC")), Some(true)));
    assert!(p.iter().filter(|p| p.kind == ProjectKind::Sira).all(|p| p.counted == Some(false)));
    assert!(!g.hidden_from(seat(0)).contains(card("AC")), "shown after trick 1");
    assert!(g.hidden_from(seat(0)).contains(card("JD")), "not in a project");
}

#[test]
fn baloot_is_announced_when_its_holder_plays_the_first_of_the_two() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (1, "play AS"), (2, "play QS"), (3, "play TH"), (0, "play 7S")]);
    let has_baloot = |g: &baloot::Baloot| {
        g.view(Some(seat(1))).hand.expect("hand").projects.iter().any(|p| p.kind == ProjectKind::Baloot)
    };
    assert!(!has_baloot(&g));
    assert!(g.hidden_from(seat(1)).contains(card("QH")));
    // Seat 3 won trick 1 and leads clubs; seat 0 follows, seat 1 must trump, seat 2 trumps with K.
    play_all(&mut g, &[(3, "play AC"), (0, "play 7C"), (1, "play 9H"), (2, "play KH")]);
    assert!(has_baloot(&g));
    assert!(!g.hidden_from(seat(1)).contains(card("QH")), "the queen is shown with the king");
}

#[test]
fn views_hold_own_cards_only_and_spectators_none() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum")]);
    let v = g.view(Some(seat(0)));
    assert_eq!(v.to_act, Some(seat(1)));
    let h = v.hand.expect("hand");
    assert_eq!(h.cards, Some(set(DEAL_A[0])));
    assert_eq!(h.face_up, card("9H"));
    assert_eq!(h.hand_sizes.as_slice(), &[8; 4]);
    assert_eq!(h.bids.len(), 1);
    assert!(g.view(None).hand.expect("hand").cards.is_none());
    game::testing::check_views_hide(&g).expect("no leak");
    // Round-trips through serde, as clients read it.
    let text = serde_json::to_string(&g.view(Some(seat(2)))).expect("json");
    let back: baloot::BalootView = serde_json::from_str(&text).expect("parse");
    assert_eq!(back, g.view(Some(seat(2))));
}

/// Plays a hand to the end by always taking the first legal action, and returns the summary as
/// JSON.
fn finish_first_legal(g: &mut baloot::Baloot) -> serde_json::Value {
    let mut buf = Vec::new();
    while g.phase() == Phase::InHand {
        let s = g.to_act().first().expect("someone acts");
        g.legal_actions(s, &mut buf);
        let a = buf[0];
        g.play(game::Actor::Seat(s), a).expect("legal");
    }
    serde_json::to_value(g.hand_summaries().last()).expect("json")
}

#[test]
fn a_finished_hand_reports_its_facts_and_the_dealer_passes_on() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum")]);
    let s = finish_first_legal(&mut g);
    assert_eq!(s["bidder"], 1);
    assert_eq!(s["mode"], "hokum");
    assert_eq!(s["trump"], "H");
    assert_eq!(s["void"], false);
    let p = &s["card_points"];
    assert_eq!(p[0].as_u64().expect("n") + p[1].as_u64().expect("n"), 162);
    let t = &s["tricks"];
    assert_eq!(t[0].as_u64().expect("n") + t[1].as_u64().expect("n"), 8);
    // Seat 3's Hundred counts for team 1 unless team 1 failed, when it goes to team 0; the Baloot
    // stays with team 0 either way.
    let projects = &s["projects"];
    let all: Vec<&str> =
        projects[0].as_array().into_iter().chain(projects[1].as_array()).flatten().filter_map(|v| v.as_str()).collect();
    assert!(all.contains(&"hundred") && all.contains(&"baloot") && !all.contains(&"sira"), "{projects}");
    assert!(projects[0].as_array().expect("list").iter().any(|v| v == "baloot"));
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: seat(1) });
    let score = g.score();
    assert_eq!(
        score.as_slice(),
        [s["score"][0].as_i64().expect("n") as i32, s["score"][1].as_i64().expect("n") as i32]
    );
    assert!(g.outcome().is_none());
}

#[test]
fn seats_outside_the_table_are_refused_without_panicking() {
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    let five = game::Seat::new(5).expect("seat 5 exists in the game crate");
    assert_eq!(
        g.check(game::Actor::Seat(five), baloot::BalootAction::Pass).expect_err("refused").to_string(),
        "it is seat 1's turn"
    );
    assert!(g.check(game::Actor::Clock, baloot::BalootAction::Pass).is_err());
    assert!(g.view(Some(five)).hand.expect("hand").cards.expect("a seat's view").is_empty());
    play_all(&mut g, &[(1, "hokum")]);
    // Unchecked play by a seat that does not exist changes nothing it cannot.
    g.play_unchecked(game::Actor::Seat(five), baloot::BalootAction::Play(card("AS")));
    g.play_unchecked(game::Actor::Clock, baloot::BalootAction::Pass);
    assert_eq!(g.to_act().first(), Some(seat(1)));
}

#[test]
fn a_hand_is_shown_trump_first_then_alternating_colours_strongest_first() {
    let words = |g: &baloot::Baloot, s: usize| {
        g.display_order(seat(s)).iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
    };
    let mut g = dealt(BalootRules::seed(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(words(&g, 1), "AS KS JH TD QD", "the first five, no trump yet");
    play_all(&mut g, &[(1, "hokum")]);
    assert_eq!(words(&g, 1), "JH 9H AS KS TD QD 8D 7D", "hearts are trump: J 9 first");
    assert_eq!(words(&g, 2), "KH QH 8H 7H TS QS JS AD");
    let mut g = dealt(BalootRules::saudi(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "sun")]);
    assert_eq!(words(&g, 1), "AS KS JH 9H TD QD 8D 7D", "sun: A T K Q J 9 8 7 in every suit");
    for s in 0..4 {
        let order = g.display_order(seat(s));
        assert_eq!(order.iter().copied().collect::<cards::CardSet>().len(), 8, "seat {s}: eight cards, each once");
    }
    assert!(!g.restarts_window(&baloot::BalootAction::Pass), "Baloot has no snap windows");
    assert_eq!(game::RuleSet::snap_window_ms(g.rules()), None);
}
