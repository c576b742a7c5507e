//! One test per rule of `docs/rules/kout.md`, each on an exact deal built to reach the situation.
//!
//! Kout Bo 4 deals below list the hands of seats 0, 1, 2, 3; with dealer 3, seat 0 bids first.

mod common;

use cards::{CardSet, DeckKind, Suit};
use common::*;
use game::{Actor, Game, GameKind, Match, Phase, Record, RecordErrorKind, Team, Winner};
use kout::{Illegal, Kout, KoutAction, KoutDeal, StageView, Variant};

// ---------------------------------------------------------------------------------------------
// Variants

#[test]
fn kout6_is_six_seats_with_the_54_card_deck_and_teams_0_2_4_vs_1_3_5() {
    let mut g = new_match(Variant::Six, 0, false);
    assert_eq!(g.seat_count(), 6);
    g.deal(KoutDeal { deck: DeckKind::Kout6.shuffled_from_seed(1) }).expect("54 cards");
    let all = (0..6).fold(CardSet::EMPTY, |acc, s| acc | g.held(seat(s)));
    assert_eq!(all, CardSet::ALL);
    assert!((0..6).all(|s| g.held(seat(s)).len() == 9));
    let teams: Vec<usize> = (0..6).map(|s| seat(s).team().index()).collect();
    assert_eq!(teams, [0, 1, 0, 1, 0, 1]);
}

#[test]
fn kout4_is_four_seats_with_36_cards_without_2_to_5_or_the_red_sixes() {
    let mut g = new_match(Variant::Four, 0, false);
    assert_eq!(g.seat_count(), 4);
    let wrong = g.deal(KoutDeal { deck: DeckKind::Kout6.shuffled_from_seed(1) });
    assert!(wrong.expect_err("54 cards refused").to_string().contains("kout4"));
    g.deal(KoutDeal { deck: DeckKind::Kout4.shuffled_from_seed(1) }).expect("36 cards");
    let all = (0..4).fold(CardSet::EMPTY, |acc, s| acc | g.held(seat(s)));
    assert_eq!(all.len(), 36);
    for c in ["2S", "5C", "3H", "4D", "6H", "6D"] {
        assert!(!all.contains(card(c)), "{c} is not in the kout4 deck");
    }
    for c in ["6S", "6C", "7H", "7D", "AS", "RJ", "BJ"] {
        assert!(all.contains(card(c)), "{c} is in the kout4 deck");
    }
}

#[test]
fn a_record_deck_must_be_exactly_the_variants_deck() {
    let deck = |kind: DeckKind| -> Vec<String> { kind.ordered().iter().map(ToString::to_string).collect() };
    let record = |game: &str, deck: Vec<String>| {
        let text = serde_json::json!({"game": game, "hands": [{"dealer": 0, "deck": deck, "actions": []}]});
        Record::parse(&text.to_string()).expect("well-formed record")
    };
    assert!(Match::<Kout>::replay(&record("kout4", deck(DeckKind::Kout4))).is_ok());
    assert!(Match::<Kout>::replay(&record("kout6", deck(DeckKind::Kout6))).is_ok());
    for (game, cards) in [("kout4", deck(DeckKind::Kout6)), ("kout6", deck(DeckKind::Kout4))] {
        let e = Match::<Kout>::replay(&record(game, cards)).expect_err("wrong deck");
        assert_eq!((e.kind, e.hand), (RecordErrorKind::Malformed, Some(0)));
    }
    let mut doubled = deck(DeckKind::Kout4);
    doubled[0] = doubled[1].clone();
    let e = Match::<Kout>::replay(&record("kout4", doubled)).expect_err("a card twice");
    assert!(e.reason.contains("twice"), "{}", e.reason);
}

// ---------------------------------------------------------------------------------------------
// The deal

#[test]
fn deal_is_one_card_at_a_time_from_dealer_plus_one() {
    let deck = DeckKind::Kout6.shuffled_from_seed(9);
    let mut g = new_match(Variant::Six, 4, false);
    g.deal(KoutDeal { deck: deck.clone() }).expect("deal");
    for (i, c) in deck.iter().enumerate() {
        // Card i goes to seat dealer + 1 + i: seat 5 gets cards 0, 6, 12, …
        let s = (4 + 1 + i) % 6;
        assert!(g.held(seat(s)).contains(*c), "card {i} ({c}) should go to seat {s}");
    }
    let deck4 = DeckKind::Kout4.shuffled_from_seed(9);
    let mut g = new_match(Variant::Four, 1, false);
    g.deal(KoutDeal { deck: deck4.clone() }).expect("deal");
    assert!(g.held(seat(2)).contains(deck4[0]) && g.held(seat(1)).contains(deck4[3]));
    assert!(g.held(seat(2)).contains(deck4[4]) && g.held(seat(1)).contains(deck4[35]));
}

// ---------------------------------------------------------------------------------------------
// Bidding

#[test]
fn bidding_starts_at_dealer_plus_one_and_each_seat_calls_once_in_order() {
    let mut g = dealt(Variant::Six, 2, false, &strs(&fill6(&[])));
    assert_eq!(g.to_act().first(), Some(seat(3)));
    assert_eq!(act(&mut g, 0, "bid 5"), Err(Illegal::NotYourTurn(seat(3))));
    acts(&mut g, &[(3, "pass"), (4, "bid 5"), (5, "pass"), (0, "bid 6"), (1, "pass")]);
    assert_eq!(g.to_act().first(), Some(seat(2)), "the dealer calls last");
    acts(&mut g, &[(2, "pass")]);
    // Bidding is over after the dealer: the highest bidder names trump.
    let v = g.view(None);
    assert_eq!(v.stage, StageView::Trump);
    assert_eq!((v.maker, v.bid, v.malzoom), (Some(seat(0)), Some(6), false));
    assert_eq!(v.calls.len(), 6);
    assert_eq!(v.calls.iter().map(|c| c.bid).collect::<Vec<_>>(), [None, Some(5), None, Some(6), None, None]);
}

#[test]
fn a_bid_must_be_higher_than_every_bid_so_far() {
    let mut g = dealt(Variant::Six, 2, false, &strs(&fill6(&[])));
    acts(&mut g, &[(3, "bid 7")]);
    let e = act(&mut g, 4, "bid 6").expect_err("lower");
    assert_eq!(e.to_string(), "bid 6 is not higher than 7");
    assert_eq!(act(&mut g, 4, "bid 7").expect_err("equal").to_string(), "bid 7 is not higher than 7");
    assert_eq!(legal(&g, 4), ["pass", "bid 8", "bid 9"]);
    acts(&mut g, &[(4, "bid 8")]);
    assert_eq!(legal(&g, 5), ["pass", "bid 9"]);
}

#[test]
fn bidding_stops_as_soon_as_someone_bids_9() {
    let mut g = dealt(Variant::Six, 2, false, &strs(&fill6(&[])));
    acts(&mut g, &[(3, "pass"), (4, "bid 9")]);
    let v = g.view(None);
    assert_eq!((v.stage, v.maker, v.bid), (StageView::Trump, Some(seat(4)), Some(9)));
    assert_eq!(g.to_act().first(), Some(seat(4)), "the maker names trump at once");
    assert_eq!(act(&mut g, 5, "pass"), Err(Illegal::NotYourTurn(seat(4))));
    assert_eq!(legal(&g, 4), ["trump S", "trump H", "trump D", "trump C"]);
}

#[test]
fn the_dealer_must_bid_when_everyone_before_passed() {
    let mut g = dealt(Variant::Six, 2, false, &strs(&fill6(&[])));
    acts(&mut g, &[(3, "pass"), (4, "pass"), (5, "pass"), (0, "pass"), (1, "pass")]);
    assert_eq!(legal(&g, 2), ["bid 5", "bid 6", "bid 7", "bid 8", "bid 9"]);
    let e = act(&mut g, 2, "pass").expect_err("forced");
    assert_eq!(e, Illegal::DealerMustBid);
    assert!(e.to_string().starts_with("the dealer must bid"));
}

#[test]
fn the_dealer_may_pass_once_someone_has_bid() {
    let mut g = dealt(Variant::Four, 3, false, &strs(&sweep4(0)));
    acts(&mut g, &[(0, "pass"), (1, "bid 5"), (2, "pass")]);
    assert_eq!(legal(&g, 3), ["pass", "bid 6", "bid 7", "bid 8", "bid 9"]);
    acts(&mut g, &[(3, "pass")]);
    let v = g.view(None);
    assert_eq!((v.maker, v.bid, v.malzoom), (Some(seat(1)), Some(5), false), "a bid of 5 by choice is Bab");
}

#[test]
fn a_forced_5_is_malzoom_and_a_forced_6_is_an_ordinary_bid() {
    for (bid, malzoom) in [("bid 5", true), ("bid 6", false), ("bid 9", false)] {
        let mut g = dealt(Variant::Four, 3, false, &strs(&sweep4(0)));
        acts(&mut g, &[(0, "pass"), (1, "pass"), (2, "pass"), (3, bid)]);
        let v = g.view(None);
        assert_eq!((v.maker, v.malzoom), (Some(seat(3)), malzoom), "{bid}");
        assert_eq!(g.hand_summaries()[0].malzoom, Some(malzoom));
    }
}

// ---------------------------------------------------------------------------------------------
// Trump and the first lead

#[test]
fn the_maker_names_trump_and_leads_the_first_trick() {
    let mut g = dealt(Variant::Six, 2, false, &strs(&fill6(&[])));
    acts(&mut g, &[(3, "pass"), (4, "bid 6"), (5, "pass"), (0, "pass"), (1, "pass"), (2, "pass")]);
    assert_eq!(
        act(&mut g, 4, "play 2S").expect_err("trump first").to_string(),
        "now is the time to name trump (\"trump S\")"
    );
    acts(&mut g, &[(4, "trump D")]);
    let v = g.view(None);
    assert_eq!((v.stage, v.trump, v.to_act), (StageView::Playing, Some(Suit::Diamonds), Some(seat(4))));
    assert_eq!(v.trick.map(|t| t.leader), Some(seat(4)));
    assert_eq!(act(&mut g, 4, "bid 7").expect_err("bidding over").to_string(), "now is the time to play a card");
}

// ---------------------------------------------------------------------------------------------
// Following

/// Seat 0 KH 7H 8H 6S 7S 8S 6C 7C 8C · seat 1 BJ 9H 9S TS JS 9C TC JC 7D ·
/// seat 2 AH TH QS KS AS QC KC AC 8D · seat 3 RJ JH QH 9D TD JD QD KD AD.
const ORDER: [&str; 4] = [
    "KH 7H 8H 6S 7S 8S 6C 7C 8C",
    "BJ 9H 9S TS JS 9C TC JC 7D",
    "AH TH QS KS AS QC KC AC 8D",
    "RJ JH QH 9D TD JD QD KD AD",
];

/// Seat 0 bids 5, everyone else passes, seat 0 names `trump`.
fn order_game(trump: &str) -> Kout {
    let mut g = dealt(Variant::Four, 3, false, &ORDER);
    acts(&mut g, &[(0, "bid 5"), (1, "pass"), (2, "pass"), (3, "pass"), (0, trump)]);
    g
}

#[test]
fn must_follow_a_plain_led_suit_or_play_a_joker() {
    let mut g = order_game("trump H");
    trick(&mut g, "6S");
    assert_eq!(legal_cards(&g), cards("9S TS JS BJ"));
    assert_eq!(act(&mut g, 1, "play 9H").expect_err("revoke").to_string(), "you must follow spades (or play a joker)");
    assert_eq!(act(&mut g, 1, "play 7D"), Err(Illegal::MustFollow(Suit::Spades)));
    trick(&mut g, "9S");
    assert_eq!(legal_cards(&g), cards("QS KS AS"), "seat 2 holds spades and no joker");
}

#[test]
fn a_joker_may_be_played_to_any_trick_even_when_holding_the_led_suit() {
    let mut g = order_game("trump H");
    trick(&mut g, "6S BJ AS 9D");
    // The black joker is a live trump here: it beats the ace of the led suit.
    assert_eq!(g.view(None).tricks[0].winner, Some(seat(1)));
    assert_eq!(g.to_act().first(), Some(seat(1)), "the winner leads the next trick");
}

#[test]
fn a_player_void_in_the_led_suit_may_play_any_card() {
    let mut g = order_game("trump H");
    trick(&mut g, "6S 9S AS");
    assert_eq!(legal_cards(&g), cards(ORDER[3]), "seat 3 has no spade");
    trick(&mut g, "JH");
    assert_eq!(g.view(None).tricks[0].winner, Some(seat(3)), "a trump beats the led suit");
}

#[test]
fn without_trump_the_highest_card_of_the_led_suit_wins() {
    let mut g = order_game("trump H");
    trick(&mut g, "6S JS QS AD");
    assert_eq!(g.view(None).tricks[0].winner, Some(seat(2)), "QS beats JS; the off-suit AD cannot win");
}

#[test]
fn a_trump_lead_must_be_followed_with_a_trump_or_a_joker() {
    let mut g = dealt(Variant::Four, 3, false, &ORDER);
    acts(&mut g, &[(0, "pass"), (1, "pass"), (2, "bid 5"), (3, "pass"), (2, "trump S")]);
    trick(&mut g, "QS");
    // Seat 3 has no spade but holds the red joker, which belongs to the trump suit.
    assert_eq!(legal_cards(&g), cards("RJ"));
    assert_eq!(
        act(&mut g, 3, "play 9D").expect_err("revoke").to_string(),
        "trump was led: you must play a trump (spades) or a joker"
    );
    trick(&mut g, "RJ");
    assert_eq!(legal_cards(&g), cards("6S 7S 8S"));
    trick(&mut g, "6S");
    assert_eq!(legal_cards(&g), cards("9S TS JS BJ"));
}

// ---------------------------------------------------------------------------------------------
// Trick winners

#[test]
fn trump_order_is_red_joker_then_ace_then_black_joker_then_king_down() {
    for (cards_played, winner) in [("KH BJ AH RJ", 3), ("KH BJ AH JH", 2), ("KH BJ TH JH", 1), ("KH 9H TH JH", 0)] {
        let mut g = order_game("trump H");
        trick(&mut g, cards_played);
        assert_eq!(g.view(None).tricks[0].winner, Some(seat(winner)), "{cards_played}");
    }
}

// ---------------------------------------------------------------------------------------------
// Leading a joker

/// Seat 0 RJ BJ AH KH QH JH 6S 7S 8S · seat 1 9S TS JS QS KS AS 6C 7C 8C ·
/// seat 2 TH 9H 8H 7H 9C TC JC QC KC · seat 3 AC 7D 8D 9D TD JD QD KD AD.
const JOKERS: [&str; 4] = [
    "RJ BJ AH KH QH JH 6S 7S 8S",
    "9S TS JS QS KS AS 6C 7C 8C",
    "TH 9H 8H 7H 9C TC JC QC KC",
    "AC 7D 8D 9D TD JD QD KD AD",
];

fn jokers_game(bids: &[(usize, &str)], trump: &str, play_out: bool) -> Kout {
    let mut g = dealt(Variant::Four, 3, play_out, &JOKERS);
    acts(&mut g, bids);
    let maker = g.to_act().first().expect("maker").index();
    acts(&mut g, &[(maker, trump)]);
    g
}

#[test]
fn joker_lead_needs_bid_8_or_9_of_the_leaders_team() {
    let mut g = jokers_game(&[(0, "bid 7"), (1, "pass"), (2, "pass"), (3, "pass")], "trump H", false);
    assert_eq!(legal_cards(&g), cards("AH KH QH JH 6S 7S 8S"));
    assert_eq!(
        act(&mut g, 0, "play RJ").expect_err("bid 7").to_string(),
        "a joker may not lead: your team's bid is 7 and the A K Q J of trump are not all played"
    );

    let mut g = jokers_game(&[(0, "bid 8"), (1, "pass"), (2, "pass"), (3, "pass")], "trump H", false);
    assert_eq!(legal_cards(&g), cards("RJ AH KH QH JH 6S 7S 8S"), "bid 8: the red joker only");
    let e = act(&mut g, 0, "play BJ").expect_err("black at 8");
    assert!(e.to_string().starts_with("the black joker may not lead: at your team's bid of 8"), "{e}");
    trick(&mut g, "RJ");
    let v = g.view(None);
    let t = v.trick.expect("trick");
    assert_eq!((t.led, t.cards[0].dead), (Some(Suit::Hearts), false), "a legally led joker is a trump lead");
    assert_eq!(legal_cards(&g), cards("9S TS JS QS KS AS 6C 7C 8C"), "seat 1 has no trump");
    trick(&mut g, "6C");
    assert_eq!(legal_cards(&g), cards("TH 9H 8H 7H"), "seat 2 must follow the trump lead");

    let g = jokers_game(&[(0, "bid 9")], "trump H", false);
    assert_eq!(legal_cards(&g), cards("RJ BJ AH KH QH JH 6S 7S 8S"), "bid 9: either joker");
}

#[test]
fn joker_lead_at_8_counts_the_partners_bid() {
    let mut g = jokers_game(&[(0, "pass"), (1, "pass"), (2, "bid 8"), (3, "pass")], "trump H", false);
    trick(&mut g, "7H AD AH 6C");
    assert_eq!(g.to_act().first(), Some(seat(0)));
    assert_eq!(legal_cards(&g), cards("RJ KH QH JH 6S 7S 8S"), "seat 2's bid of 8 lets seat 0 lead the red joker");
}

#[test]
fn joker_lead_is_refused_when_the_other_team_holds_the_bid() {
    let mut g = jokers_game(&[(0, "pass"), (1, "bid 9")], "trump S", true);
    trick(&mut g, "AS 9C 7D");
    assert_eq!(legal_cards(&g), cards("RJ BJ 6S 7S 8S"), "seat 0 must follow trump, jokers included");
    trick(&mut g, "RJ");
    assert_eq!(g.view(None).tricks[0].winner, Some(seat(0)), "the red joker beats the ace of trump");
    assert_eq!(legal_cards(&g), cards("AH KH QH JH 6S 7S 8S"));
    assert_eq!(
        act(&mut g, 0, "play BJ").expect_err("not our bid").to_string(),
        "a joker may not lead: the other team holds the bid and the A K Q J of trump are not all played"
    );
}

#[test]
fn joker_lead_is_allowed_once_the_a_k_q_j_of_trump_are_all_played() {
    let mut g = jokers_game(&[(0, "bid 5"), (1, "pass"), (2, "pass"), (3, "pass")], "trump H", false);
    trick(&mut g, "AH 6C 7H 7D");
    trick(&mut g, "KH 7C 8H 8D");
    trick(&mut g, "QH 8C 9H 9D");
    assert_eq!(legal_cards(&g), cards("JH 6S 7S 8S"), "the jack of trump is still out");
    trick(&mut g, "JH 9S TH TD");
    assert_eq!(legal_cards(&g), cards("RJ BJ 6S 7S 8S"), "A K Q J of trump gone: either joker may lead");
    trick(&mut g, "BJ");
    let t = g.view(None).trick.expect("trick");
    assert_eq!((t.led, t.cards[0].dead), (Some(Suit::Hearts), false));
}

// ---------------------------------------------------------------------------------------------
// Forced joker leads and dead jokers

/// Seat 0 wins eight tricks and is left with the black joker alone (spades trump, the jack of
/// spades still out with seat 1, the red joker with seat 3).
const LONE: [&str; 4] = [
    "AS KS AC KC AH KH AD KD BJ",
    "JS QS 9S QC JC QH JH QD JD",
    "TS 8S TC 9C 6C TH 9H TD 9D",
    "7S 6S 8C 7C 8H 7H 8D 7D RJ",
];

/// As [`LONE`], with the red joker and the jack of spades swapped: seat 1 ends with the red joker.
const DOUBLE: [&str; 4] = [
    "AS KS AC KC AH KH AD KD BJ",
    "RJ QS 9S QC JC QH JH QD JD",
    "TS 8S TC 9C 6C TH 9H TD 9D",
    "7S 6S 8C 7C 8H 7H 8D 7D JS",
];

const EIGHT_TRICKS: [&str; 8] = [
    "AS QS TS 7S",
    "KS 9S 8S 6S",
    "AC QC TC 8C",
    "KC JC 9C 7C",
    "AH QH TH 8H",
    "KH JH 9H 7H",
    "AD QD TD 8D",
    "KD JD 9D 7D",
];

fn eight_tricks_played(hands: &[&str], bid: &str) -> Kout {
    let mut g = dealt(Variant::Four, 3, true, hands);
    acts(&mut g, &[(0, bid), (1, "pass"), (2, "pass"), (3, "pass"), (0, "trump S")]);
    for t in EIGHT_TRICKS {
        trick(&mut g, t);
    }
    assert_eq!(g.view(None).tricks_won.0, [8, 0]);
    g
}

#[test]
fn forced_joker_lead_a_hand_of_only_disallowed_jokers_leads_one_dead() {
    let mut g = eight_tricks_played(&LONE, "bid 5");
    assert_eq!(legal(&g, 0), ["play BJ"]);
    trick(&mut g, "BJ");
    let t = g.view(None).trick.expect("trick");
    assert!(t.cards[0].dead, "the forced black joker is dead");
    assert_eq!(t.dead_jokers, cards("BJ"));
    assert_eq!(t.led, None, "the next card decides the led suit");
}

#[test]
fn the_card_after_a_dead_joker_decides_the_led_suit_and_a_later_joker_is_a_live_trump() {
    let mut g = eight_tricks_played(&LONE, "bid 5");
    trick(&mut g, "BJ JS");
    assert_eq!(g.view(None).trick.expect("trick").led, Some(Suit::Spades), "the jack of trump decided: trump");
    trick(&mut g, "6C");
    assert_eq!(legal_cards(&g), cards("RJ"));
    trick(&mut g, "RJ");
    let v = g.view(None);
    let last = v.tricks.last().expect("ninth trick");
    assert!(!last.cards[3].dead, "a joker played later in the trick is live");
    assert_eq!(last.winner, Some(seat(3)));
    assert_eq!(v.tricks_won.0, [8, 1]);
    assert_eq!(v.hand_score.map(|s| s.0), Some([5, 0]));
}

#[test]
fn double_dead_the_other_joker_straight_after_a_dead_lead_is_dead_too() {
    let mut g = eight_tricks_played(&DOUBLE, "bid 5");
    trick(&mut g, "BJ RJ");
    let t = g.view(None).trick.expect("trick");
    assert!(t.cards[0].dead && t.cards[1].dead);
    assert_eq!((t.led, t.dead_jokers), (None, cards("RJ BJ")), "the decision moves on to the third card");
    trick(&mut g, "6C");
    assert_eq!(g.view(None).trick.expect("trick").led, Some(Suit::Clubs));
    trick(&mut g, "JS");
    let v = g.view(None);
    assert_eq!(v.tricks.last().and_then(|t| t.winner), Some(seat(3)), "the red joker, dead, cannot win");
}

#[test]
fn dead_jokers_never_win_not_even_the_red_joker() {
    let mut g = both_jokers_game("bid 5", true);
    trick(&mut g, "RJ QD 9D 7D");
    let v = g.view(None);
    let t = &v.tricks[7];
    assert!(t.cards[0].dead, "bid 5 and the jack of trump out: the red joker is led dead");
    assert_eq!(t.winner, Some(seat(1)), "the queen of diamonds beats the dead red joker");
    assert_eq!(g.to_act().first(), Some(seat(1)));
}

#[test]
fn at_bid_8_a_hand_of_both_jokers_must_lead_the_red_one_live() {
    let mut g = both_jokers_game("bid 8", false);
    assert_eq!(legal(&g, 0), ["play RJ"]);
    assert!(act(&mut g, 0, "play BJ").expect_err("black at 8").to_string().contains("bid of 8"));
    trick(&mut g, "RJ");
    let t = g.view(None).trick.expect("trick");
    assert_eq!((t.cards[0].dead, t.led), (false, Some(Suit::Spades)));
    assert_eq!(legal_cards(&g), cards("JS"), "a live joker lead is a trump lead");
}

#[test]
fn a_lone_black_joker_at_bid_8_is_led_dead() {
    let mut g = eight_tricks_played(&LONE, "bid 8");
    assert_eq!(legal(&g, 0), ["play BJ"]);
    trick(&mut g, "BJ");
    assert!(g.view(None).trick.expect("trick").cards[0].dead);
}

#[test]
fn a_forced_lead_from_both_jokers_may_be_either_and_the_deciding_player_may_play_any_card() {
    let mut g = both_jokers_game("bid 5", true);
    assert_eq!(legal(&g, 0), ["play RJ", "play BJ"], "bid 5: neither joker may lead, so either is led dead");
    trick(&mut g, "BJ");
    assert_eq!(legal_cards(&g), cards("JS QD"), "the deciding player may play any card");
    trick(&mut g, "QD");
    assert_eq!(legal_cards(&g), cards("TD 9D"), "the rest of the trick follows the decided suit");
    trick(&mut g, "9D");
    assert_eq!(legal_cards(&g), cards("7D"));
    trick(&mut g, "7D");
    assert_eq!(g.view(None).tricks[7].winner, Some(seat(1)), "the queen of the decided suit beats the dead joker");
}

/// Seat 0 wins seven tricks and keeps both jokers (spades trump, jack of spades out with seat 1).
fn both_jokers_game(bid: &str, play_out: bool) -> Kout {
    let hands = [
        "AS KS AC KC AH KH AD RJ BJ",
        "QS 9S QC 9C QH TH KD JS QD",
        "TS 8S TC 8C JH 9H JD TD 9D",
        "7S 6S 7C 6C 8H 7H 8D JC 7D",
    ];
    let mut g = dealt(Variant::Four, 3, play_out, &hands);
    acts(&mut g, &[(0, bid), (1, "pass"), (2, "pass"), (3, "pass"), (0, "trump S")]);
    for t in ["AS QS TS 7S", "KS 9S 8S 6S", "AC QC TC 7C", "KC 9C 8C 6C", "AH QH JH 8H", "KH TH 9H 7H", "AD KD JD 8D"] {
        trick(&mut g, t);
    }
    g
}

// ---------------------------------------------------------------------------------------------
// End of the hand

#[test]
fn the_hand_ends_as_soon_as_the_bid_is_made() {
    let mut g = both_jokers_game("bid 8", false);
    trick(&mut g, "RJ JS TD JC");
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: seat(0) });
    let s = &g.hand_summaries()[0];
    assert_eq!((s.tricks.map(|t| t.0), s.score.map(|t| t.0)), (Some([8, 0]), Some([8, 0])));
    assert_eq!(g.held(seat(0)), cards("BJ"), "the ninth trick is not played");
}

#[test]
fn the_hand_ends_as_soon_as_the_bid_is_out_of_reach() {
    let mut g = dealt(Variant::Four, 3, false, &strs(&sweep4(0)));
    acts(&mut g, &[(0, "pass"), (1, "bid 6"), (2, "pass"), (3, "pass"), (1, "trump S")]);
    autoplay(&mut g);
    let s = &g.hand_summaries()[0];
    // After four lost tricks, team 1 can win at most five: 6 is out of reach.
    assert_eq!(s.tricks.map(|t| t.0), Some([4, 0]));
    assert_eq!(s.score.map(|t| t.0), Some([12, 0]));
}

#[test]
fn play_out_plays_all_nine_tricks_and_scores_the_same() {
    let mut g = both_jokers_game("bid 8", true);
    trick(&mut g, "RJ JS TD JC");
    assert_eq!(g.phase(), Phase::InHand, "decided, but played out");
    assert_eq!(legal(&g, 0), ["play BJ"]);
    trick(&mut g, "BJ");
    assert!(!g.view(None).trick.expect("trick").cards[0].dead, "the jack of spades fell: the black joker leads live");
    trick(&mut g, "QD 9D 7D");
    let s = &g.hand_summaries()[0];
    assert_eq!((s.tricks.map(|t| t.0), s.score.map(|t| t.0)), (Some([9, 0]), Some([8, 0])));

    let mut g = dealt(Variant::Four, 3, true, &strs(&sweep4(0)));
    acts(&mut g, &[(0, "pass"), (1, "bid 6"), (2, "pass"), (3, "pass"), (1, "trump S")]);
    autoplay(&mut g);
    let s = &g.hand_summaries()[0];
    assert_eq!((s.tricks.map(|t| t.0), s.score.map(|t| t.0)), (Some([9, 0]), Some([12, 0])));
}

// ---------------------------------------------------------------------------------------------
// Score of a hand

/// Plays one hand on the sweep deal of `sweeper` with `bids`; returns the hand's score.
fn scored_hand(variant: Variant, dealer: usize, sweeper: usize, bids: &[(usize, &str)]) -> [i32; 2] {
    let mut g = new_match(variant, dealer, false);
    let hands = if variant == Variant::Four { sweep4(sweeper) } else { sweep6(sweeper) };
    deal_hands(&mut g, &strs(&hands));
    acts(&mut g, bids);
    let maker = g.to_act().first().expect("maker").index();
    acts(&mut g, &[(maker, "trump S")]);
    autoplay(&mut g);
    g.hand_summaries()[0].score.expect("scored").0
}

#[test]
fn hand_score_made_bids_score_their_number_and_bawan_36() {
    for (bid, points) in [("bid 5", 5), ("bid 6", 6), ("bid 7", 7), ("bid 8", 8)] {
        assert_eq!(scored_hand(Variant::Four, 3, 1, &[(0, "pass"), (1, bid), (2, "pass"), (3, "pass")]), [0, points]);
    }
    assert_eq!(scored_hand(Variant::Four, 3, 1, &[(0, "pass"), (1, "bid 9")]), [0, 36]);
    assert_eq!(
        scored_hand(
            Variant::Six,
            5,
            2,
            &[(0, "pass"), (1, "pass"), (2, "bid 7"), (3, "pass"), (4, "pass"), (5, "pass")]
        ),
        [7, 0]
    );
}

#[test]
fn hand_score_failed_bids_give_the_other_team_double_and_bawan_18() {
    for (bid, points) in [("bid 5", 10), ("bid 6", 12), ("bid 7", 14), ("bid 8", 16), ("bid 9", 18)] {
        let mut bids = vec![(0, "pass"), (1, bid)];
        if bid != "bid 9" {
            bids.extend([(2, "pass"), (3, "pass")]);
        }
        assert_eq!(scored_hand(Variant::Four, 3, 0, &bids), [points, 0], "{bid}");
    }
}

#[test]
fn hand_score_malzoom_is_5_made_or_failed() {
    let forced = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "bid 5")];
    assert_eq!(scored_hand(Variant::Four, 3, 3, &forced), [0, 5], "made");
    assert_eq!(scored_hand(Variant::Four, 3, 0, &forced), [5, 0], "failed: 5, not 10");
    let forced6 = [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (5, "bid 5")];
    assert_eq!(scored_hand(Variant::Six, 5, 0, &forced6), [5, 0]);
}

// ---------------------------------------------------------------------------------------------
// End of the match and dealer rotation

/// Plays the next hand on a sweep deal: `bids` from the first bidder, trump spades, autoplay.
fn next_hand(g: &mut Kout, sweeper: usize, bids: &[&str]) {
    let hands = if g.kind() == GameKind::Kout4 { sweep4(sweeper) } else { sweep6(sweeper) };
    deal_hands(g, &strs(&hands));
    for b in bids {
        let s = g.to_act().first().expect("bidder").index();
        acts(g, &[(s, b)]);
    }
    let maker = g.to_act().first().expect("maker").index();
    acts(g, &[(maker, "trump S")]);
    autoplay(g);
}

fn score(g: &Kout) -> [i32; 2] {
    [g.score()[0], g.score()[1]]
}

#[test]
fn bawan_made_on_the_first_hand_wins_the_match_at_once() {
    for variant in [Variant::Four, Variant::Six] {
        let mut g = new_match(variant, variant.seats() - 1, false);
        next_hand(&mut g, 0, &["bid 9"]);
        assert_eq!(score(&g), [36, 0]);
        assert_eq!(g.phase(), Phase::Over);
        assert_eq!(g.outcome(), Some(Winner::Team(Team::ZERO)));
        assert_eq!(act(&mut g, 0, "pass"), Err(Illegal::MatchOver));
    }
}

#[test]
fn bawan_made_on_a_later_hand_does_not_end_the_match() {
    let mut g = new_match(Variant::Four, 3, false);
    next_hand(&mut g, 1, &["pass", "bid 5", "pass", "pass"]);
    assert_eq!(score(&g), [0, 5]);
    next_hand(&mut g, 2, &["pass", "bid 9"]);
    assert_eq!(score(&g), [36, 5]);
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: seat(1) });
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_team_with_51_while_the_other_has_0_wins() {
    let mut g = new_match(Variant::Four, 3, false);
    next_hand(&mut g, 0, &["bid 8", "pass", "pass", "pass"]);
    next_hand(&mut g, 2, &["pass", "bid 9"]);
    assert_eq!((score(&g), g.outcome()), ([44, 0], None));
    next_hand(&mut g, 2, &["bid 7", "pass", "pass", "pass"]);
    assert_eq!(score(&g), [51, 0]);
    assert_eq!(g.outcome(), Some(Winner::Team(Team::ZERO)));
}

#[test]
fn fifty_one_does_not_win_while_the_other_team_has_points_but_101_does() {
    let mut g = new_match(Variant::Six, 5, false);
    next_hand(&mut g, 1, &["pass", "bid 5", "pass", "pass", "pass", "pass"]);
    assert_eq!(score(&g), [0, 5]);
    next_hand(&mut g, 2, &["pass", "bid 9"]);
    next_hand(&mut g, 2, &["bid 9"]);
    assert_eq!((score(&g), g.outcome()), ([72, 5], None));
    next_hand(&mut g, 4, &["pass", "bid 9"]);
    assert_eq!(score(&g), [108, 5]);
    assert_eq!(g.outcome(), Some(Winner::Team(Team::ZERO)));
}

#[test]
fn the_deal_passes_to_the_next_seat_after_each_hand() {
    let mut g = new_match(Variant::Six, 4, false);
    let mut dealers = Vec::new();
    for _ in 0..4 {
        let Phase::AwaitingDeal { dealer } = g.phase() else { panic!("awaiting deal") };
        dealers.push(dealer.index());
        next_hand(&mut g, 1, &["pass", "pass", "pass", "pass", "pass", "bid 5"]);
        assert!(g.to_act().is_empty(), "nobody acts between hands");
        assert_eq!(g.view(Some(seat(0))).stage, StageView::AwaitingDeal);
    }
    assert_eq!(dealers, [4, 5, 0, 1]);
    let summaries: Vec<usize> = g.hand_summaries().iter().map(|s| s.dealer.index()).collect();
    assert_eq!(summaries, [4, 5, 0, 1]);
}

// ---------------------------------------------------------------------------------------------
// What a player may see

#[test]
fn a_seat_sees_its_own_cards_every_call_and_every_played_card_but_no_other_hand() {
    let mut g = order_game("trump H");
    trick(&mut g, "6S BJ");
    let v = g.view(Some(seat(2)));
    assert_eq!(v.hand, Some(cards(ORDER[2])));
    assert_eq!(v.calls.len(), 4);
    assert_eq!(v.trump, Some(Suit::Hearts));
    let t = v.trick.clone().expect("trick");
    assert_eq!(
        t.cards.iter().map(|p| (p.seat.index(), p.card.to_string())).collect::<Vec<_>>(),
        [(0, "6S".to_owned()), (1, "BJ".to_owned())]
    );
    assert_eq!(v.cards_held.as_slice(), [8, 8, 9, 9]);
    let json = serde_json::to_value(&v).expect("json");
    let named = game::testing::cards_named_in(&json);
    assert!(named.is_disjoint(g.hidden_from(seat(2))), "seat 2 sees {}", named & g.hidden_from(seat(2)));
    let unplayed = (cards(ORDER[0]) - cards("6S")) | (cards(ORDER[1]) - cards("BJ")) | cards(ORDER[3]);
    assert_eq!(g.hidden_from(seat(2)), unplayed);
    let spectator = g.view(None);
    assert_eq!(spectator.hand, None);
    assert!(game::testing::cards_named_in(&serde_json::to_value(&spectator).expect("json")).is_disjoint(
        g.hidden_from(seat(0)) & g.hidden_from(seat(1)) & g.hidden_from(seat(2)) & g.hidden_from(seat(3))
    ));
    let back: kout::KoutView = serde_json::from_value(json).expect("views deserialize");
    assert_eq!(back, v);
}

#[test]
fn refused_actions_leave_the_state_unchanged() {
    let mut g = order_game("trump H");
    let before = format!("{:?}", g);
    for (s, text) in [(1, "play KH"), (0, "play 9S"), (0, "bid 9"), (0, "trump S"), (0, "pass")] {
        let action: KoutAction = text.parse().expect("notation");
        assert!(g.play(Actor::Seat(seat(s)), action).is_err(), "{text}");
    }
    assert_eq!(g.play(Actor::Clock, KoutAction::Pass), Err(Illegal::Clock));
    assert_eq!(format!("{:?}", g), before);
    assert_eq!(act(&mut g, 0, "play 9S"), Err(Illegal::NotHeld(card("9S"))));
}

#[test]
fn a_hand_is_shown_jokers_first_then_trump_then_alternating_colours_strongest_first() {
    let hands = fill6(&["RJ BJ 2S AS 9H TD KC AH 3D"]);
    let refs: Vec<&str> = hands.iter().map(String::as_str).collect();
    let mut g = dealt(Variant::Six, 5, false, &refs);
    let words =
        |g: &Kout, s: usize| g.display_order(seat(s)).iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
    assert_eq!(words(&g, 0), "RJ BJ AS 2S AH 9H KC TD 3D");
    acts(&mut g, &[(0, "bid 9"), (0, "trump D")]);
    assert_eq!(words(&g, 0), "RJ BJ TD 3D AS 2S AH 9H KC");
    for s in 0..6 {
        let order = g.display_order(seat(s));
        assert_eq!(order.len(), 9);
        assert_eq!(order.iter().copied().collect::<CardSet>(), g.held(seat(s)), "seat {s}: its own cards, each once");
    }
    assert!(!g.restarts_window(&KoutAction::Pass), "Kout Bo has no snap windows");
    assert_eq!(game::RuleSet::snap_window_ms(g.rules()), None);
}
