//! Rule tests of the Saudi table calls through the `Game` trait: the doubling steps, the closed
//! lead, doubled scoring, Gahwa, Ashkal, Kawesh and Sawa, each call and each refusal.

mod common;

use baloot::{BalootRules, EndedBy, Multiplier, StageView};
use common::{card, dealt, deck_for, legal, play_all, refusal, seat, set};
use game::{Actor, Game, Phase, Winner};

/// Dealer 0, seat 1 bids hokum on the 9 of hearts (DEAL_A of the engine tests).
const DEAL_A: [&str; 4] =
    ["7S 8S 9S AH KD 7C 8C 9C", "AS KS JH TD QD 9H 8D 7D", "KH QH AD TS JS QS 8H 7H", "TH TC JC QC KC AC JD 9D"];

/// Dealer 0, seat 1 holds the ace, 10 and king of spades and hearts and the ace and 10 of
/// diamonds: in Sun it takes every trick itself.
const SAWA: [&str; 4] =
    ["QS JS 9S 8S 7S QH JH 9H", "AS TS KS AH TH KH AD TD", "8H 7H KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C"];

/// As [`SAWA`], but seat 0 holds the king of spades and seat 1 the queen: seat 0 keeps the king
/// for the queen's trick.
const NO_SAWA: [&str; 4] =
    ["KS JS 9S 8S 7S QH JH 9H", "AS TS QS AH TH KH AD TD", "8H 7H KD QD JD 9D 8D 7D", "AC TC KC QC JC 9C 8C 7C"];

fn full() -> BalootRules {
    BalootRules::saudi_full()
}

/// Plays the first legal action until the hand is over.
fn finish(g: &mut baloot::Baloot) {
    let mut buf = Vec::new();
    while g.phase() == Phase::InHand {
        let s = g.to_act().first().expect("someone acts");
        g.legal_actions(s, &mut buf);
        // Never claim: play the hand out.
        let a = buf.iter().copied().find(|a| !matches!(a, baloot::BalootAction::Sawa)).expect("a legal action");
        g.play(Actor::Seat(s), a).expect("legal");
    }
}

fn summary(g: &baloot::Baloot) -> serde_json::Value {
    serde_json::to_value(g.hand_summaries().last()).expect("json")
}

#[test]
fn doubling_comes_after_the_bidding_with_five_cards_and_the_stock_is_dealt_after() {
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass")]);
    let v = g.view(Some(seat(2)));
    assert_eq!((v.phase, v.doubling_step, v.to_act), (StageView::Doubling, Some(1), Some(seat(2))));
    let h = v.hand.expect("hand");
    assert_eq!(h.hand_sizes.as_slice(), &[5; 4], "the stock waits for the doubling");
    assert!(h.contract.is_some());
    assert_eq!(legal(&g, 2), ["pass", "double open", "double closed"]);
    assert!(legal(&g, 1).is_empty(), "the defenders speak first");
    play_all(&mut g, &[(2, "double closed")]);
    // Step 2: the bidder's team, from the seat after the caller.
    assert_eq!(g.view(None).doubling_step, Some(2));
    assert_eq!(legal(&g, 3), ["pass", "three open", "three closed"]);
    play_all(&mut g, &[(3, "pass"), (1, "pass")]);
    let v = g.view(None);
    assert_eq!(v.phase, StageView::Playing);
    let h = v.hand.expect("hand");
    assert_eq!(h.hand_sizes.as_slice(), &[8; 4], "two passes end the chain and the stock is dealt");
    assert_eq!((h.multiplier, h.closed), (Multiplier::Times(2), true));
    let calls: Vec<(usize, String)> = h.calls.iter().map(|c| (c.seat.index(), c.bid.to_string())).collect();
    assert_eq!(calls, [(2, "double closed".into()), (3, "pass".into()), (1, "pass".into())]);
    assert_eq!(g.view(Some(seat(1))).hand.expect("hand").cards, Some(set(DEAL_A[1])));
}

#[test]
fn a_trump_led_while_closed_is_refused() {
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "double closed"), (3, "pass")]);
    play_all(&mut g, &[(1, "pass")]);
    assert_eq!(refusal(&g, 1, "play JH"), "the double is closed: you may not lead a trump while you hold another suit");
    let l = legal(&g, 1);
    assert!(
        !l.contains(&"play JH".to_owned()) && !l.contains(&"play 9H".to_owned()) && l.contains(&"play AS".to_owned())
    );
    // Open: the same lead is allowed.
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "double open"), (3, "pass")]);
    play_all(&mut g, &[(1, "pass"), (1, "play JH")]);
}

#[test]
fn three_by_the_wrong_team_and_other_step_errors_are_refused() {
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass")]);
    assert_eq!(refusal(&g, 2, "three open"), "three is the other team's call");
    assert_eq!(refusal(&g, 2, "four open"), "the call now is double or pass");
    assert_eq!(refusal(&g, 2, "double"), "say double open or double closed");
    assert_eq!(refusal(&g, 2, "gahwa"), "gahwa is the other team's call");
    assert_eq!(refusal(&g, 2, "play KH"), "the doubling is not over: raise or pass");
    assert_eq!(refusal(&g, 1, "double open"), "it is seat 2's turn");
    play_all(&mut g, &[(2, "pass"), (0, "pass")]);
    assert_eq!(refusal(&g, 1, "double open"), "the doubling is over: play a card");
}

#[test]
fn gahwa_scores_the_hand_as_four_and_its_winner_wins_the_match() {
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass")]);
    play_all(&mut g, &[(2, "pass"), (0, "double open"), (1, "three open"), (2, "four closed")]);
    assert_eq!(g.view(None).doubling_step, Some(4));
    assert_eq!(legal(&g, 3), ["pass", "gahwa"]);
    play_all(&mut g, &[(3, "pass"), (1, "gahwa")]);
    let h = g.view(None).hand.expect("hand");
    assert_eq!((h.multiplier, h.closed), (Multiplier::Gahwa, false), "gahwa is neither open nor closed");
    finish(&mut g);
    assert_eq!(g.phase(), Phase::Over, "the match ends after a gahwa hand");
    let s = summary(&g);
    assert_eq!(s["multiplier"], "gahwa");
    assert_eq!(s["ended_by"], "play");
    let score = [s["score"][0].as_i64().expect("n"), s["score"][1].as_i64().expect("n")];
    let winner = usize::from(score[1] > score[0]);
    assert_eq!(g.outcome(), Some(Winner::Team(game::Team::new(winner).expect("team"))));
    assert!(score[winner] >= 64, "at least 16 × 4: {score:?}");
    assert!(score[1 - winner] <= 2, "the other team keeps at most its Baloot: {score:?}");
    assert_eq!(g.score().as_slice(), &[score[0] as i32, score[1] as i32]);
}

#[test]
fn ashkal_gives_the_face_up_card_to_the_callers_partner() {
    // Dealer 0; seat 3 (the seat before the dealer) says ashkal: seat 1 takes the face-up card.
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(refusal(&g, 1, "ashkal"), "only the dealer and the seat before the dealer may say ashkal");
    play_all(&mut g, &[(1, "pass"), (2, "pass")]);
    assert!(legal(&g, 3).contains(&"ashkal".to_owned()));
    play_all(&mut g, &[(3, "ashkal")]);
    let h = g.view(Some(seat(1))).hand.expect("hand");
    let c = h.contract.expect("contract");
    assert_eq!((c.bidder, c.mode, c.ashkal), (seat(3), baloot::ModeName::Sun, true));
    assert!(h.cards.expect("cards").contains(card("9H")), "the face-up card went to seat 1");
    for (i, hand) in DEAL_A.iter().enumerate() {
        assert_eq!(g.view(Some(seat(i))).hand.expect("hand").cards, Some(set(hand)), "seat {i}");
    }
    assert_eq!(summary(&g)["bidder"], 3);
}

#[test]
fn ashkal_on_an_ace_is_refused() {
    // The face-up card (seat 1's sixth) is the ace of hearts.
    let hands =
        ["7S 8S 9S 9H KD 7C 8C 9C", "AS KS JH TD QD AH 8D 7D", "KH QH AD TS JS QS 8H 7H", "TH TC JC QC KC AC JD 9D"];
    let mut g = dealt(full(), 0, deck_for(0, 1, hands));
    play_all(&mut g, &[(1, "pass"), (2, "pass")]);
    assert_eq!(refusal(&g, 3, "ashkal"), "no ashkal when the face-up card is an ace");
    assert!(!legal(&g, 3).contains(&"ashkal".to_owned()));
}

#[test]
fn kawesh_ends_the_hand_and_the_same_dealer_deals_again() {
    let hands =
        ["AS KS JH TD QD 9H 8D 7D", "7S 8S 9S 7H 8H AH KD 7C", "KH QH AD TS JS QS 8C 9C", "TH TC JC QC KC AC JD 9D"];
    let mut g = dealt(full(), 0, deck_for(0, 1, hands));
    assert!(legal(&g, 1).contains(&"kawesh".to_owned()));
    play_all(&mut g, &[(1, "kawesh")]);
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: seat(0) }, "the same dealer");
    let s = summary(&g);
    assert_eq!((s["ended_by"].as_str(), s["void"].as_bool()), (Some("kawesh"), Some(false)));
    assert_eq!(s["score"], serde_json::Value::Null);
    let h = g.view(Some(seat(2))).hand.expect("hand");
    assert_eq!(h.laid_down[seat(1)], set("7S 8S 9S 7H 8H"), "the caller shows the five cards");
    game::testing::check_views_hide(&g).expect("no leak");
    g.deal(cards::DeckKind::Baloot.shuffled_from_seed(3)).expect("the same dealer deals");
    assert_eq!(g.to_act().first(), Some(seat(1)));
    assert_eq!(g.view(None).hand.expect("hand").dealer, seat(0));
}

#[test]
fn kawesh_holding_a_ten_or_after_a_bid_is_refused() {
    let g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    assert_eq!(refusal(&g, 1, "kawesh"), "kawesh needs five cards of 7, 8 and 9, and you hold the ace of spades");
    let hands =
        ["AS KS JH TD QD 9H 8D 7D", "7S 8S 9S TH 8H AH KD 7C", "KH QH AD TS JS QS 8C 9C", "7H TC JC QC KC AC JD 9D"];
    let g = dealt(full(), 0, deck_for(0, 1, hands));
    assert_eq!(refusal(&g, 1, "kawesh"), "kawesh needs five cards of 7, 8 and 9, and you hold the 10 of hearts");
    let hands =
        ["AS KS JH TD QD 9H 8D 7D", "KH QH AD TS JS AH KD 7C", "7S 8S 9S 7H 8H QS 8C 9C", "TH TC JC QC KC AC JD 9D"];
    let mut g = dealt(full(), 0, deck_for(0, 1, hands));
    play_all(&mut g, &[(1, "hokum")]);
    assert_eq!(refusal(&g, 2, "kawesh"), "kawesh is said in round 1, before anyone bids");
}

#[test]
fn sawa_that_holds_gives_the_claimer_every_remaining_trick() {
    let mut g = dealt(full(), 0, deck_for(0, 1, SAWA));
    play_all(&mut g, &[(1, "sun")]);
    assert_eq!(g.view(None).phase, StageView::Playing, "Sun at 0–0 has no doubling step");
    assert!(legal(&g, 1).contains(&"sawa".to_owned()));
    play_all(&mut g, &[(1, "sawa")]);
    let s = summary(&g);
    assert_eq!(s["ended_by"], "sawa");
    assert_eq!(s["tricks"], serde_json::json!([0, 8]));
    assert_eq!(s["card_points"], serde_json::json!([0, 130]));
    // A Kaboot: 44, plus seat 3's Hundred (run of eight clubs) doubled in Sun, 20.
    assert_eq!(s["score"], serde_json::json!([0, 64]));
    let h = g.view(Some(seat(0))).hand.expect("hand");
    assert_eq!(h.sawa.map(|c| (c.seat, c.held)), Some((seat(1), true)));
    assert_eq!(h.laid_down[seat(1)], set(SAWA[1]), "every remaining card is laid down");
    assert_eq!(h.ended_by, Some(EndedBy::Sawa));
    game::testing::check_views_hide(&g).expect("no leak");
}

#[test]
fn sawa_that_fails_loses_the_hand_as_a_failing_bidder_would() {
    let mut g = dealt(full(), 0, deck_for(0, 1, NO_SAWA));
    play_all(&mut g, &[(1, "sun"), (1, "sawa")]);
    let s = summary(&g);
    assert_eq!(s["ended_by"], "sawa");
    // The other team takes the remaining cards, and 26 plus every counted project (the Hundred).
    assert_eq!(s["tricks"], serde_json::json!([8, 0]));
    assert_eq!(s["score"], serde_json::json!([46, 0]));
    let h = g.view(None).hand.expect("hand");
    assert_eq!(h.sawa.map(|c| c.held), Some(false));
}

#[test]
fn sawa_when_not_leading_is_refused() {
    let mut g = dealt(full(), 0, deck_for(0, 1, SAWA));
    play_all(&mut g, &[(1, "sun"), (1, "play AS")]);
    assert_eq!(refusal(&g, 2, "sawa"), "sawa is said by the player about to lead, before the trick starts");
    assert!(!legal(&g, 2).contains(&"sawa".to_owned()));
    assert_eq!(refusal(&g, 3, "sawa"), "it is seat 2's turn");
}

#[test]
fn double_in_sun_below_the_score_condition_is_refused() {
    let mut g = dealt(full(), 0, deck_for(0, 1, SAWA));
    play_all(&mut g, &[(1, "sun")]);
    // 0–0: the bidder's team is not above 100, so there is no doubling step; any seat is told why.
    assert_eq!(
        refusal(&g, 2, "double"),
        "in Sun a double needs the bidder's team above 100 points and the defenders below 100"
    );
    assert_eq!(
        refusal(&g, 0, "double"),
        "in Sun a double needs the bidder's team above 100 points and the defenders below 100"
    );
}

#[test]
fn the_calls_are_refused_when_their_option_is_off() {
    let mut g = dealt(BalootRules::saudi(), 0, deck_for(0, 1, SAWA));
    assert_eq!(refusal(&g, 1, "kawesh"), "kawesh is not played under these rules");
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass")]);
    assert_eq!(g.view(None).phase, StageView::Playing, "no doubling steps under saudi");
    assert_eq!(refusal(&g, 2, "double open"), "double is not played under these rules");
    assert_eq!(refusal(&g, 1, "sawa"), "sawa is not played under these rules");
    assert!(!legal(&g, 1).contains(&"sawa".to_owned()));
    let summary = summary(&g);
    assert_eq!((summary["multiplier"].as_u64(), summary["closed"].as_bool()), (Some(1), Some(false)));
}

#[test]
fn every_call_is_in_the_views_and_nothing_hidden_leaks() {
    let mut g = dealt(full(), 0, deck_for(0, 1, DEAL_A));
    play_all(&mut g, &[(1, "hokum"), (2, "pass"), (3, "pass"), (0, "pass"), (2, "double open")]);
    for s in 0..4 {
        let h = g.view(Some(seat(s))).hand.expect("hand");
        assert_eq!(h.calls.len(), 1);
        assert_eq!(h.multiplier, Multiplier::Times(2));
    }
    game::testing::check_views_hide(&g).expect("no leak during the doubling");
    let json = serde_json::to_value(g.view(None)).expect("json");
    assert_eq!(json["phase"], "doubling");
    assert_eq!(json["hand"]["multiplier"], 2);
    assert_eq!(json["hand"]["calls"][0], serde_json::json!({"seat": 2, "bid": "double open"}));
    let back: baloot::BalootView = serde_json::from_value(json).expect("reads back");
    assert_eq!(back, g.view(None));
}
