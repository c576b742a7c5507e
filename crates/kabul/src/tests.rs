//! One test per rule of `docs/rules/kabul.md`, each on a deal arranged so the rule shows.

use cards::{Card, CardSet, Deck, DeckKind};
use game::{Actor, Game, GameKind, Phase, RuleSet, Seat, Winner};

use crate::{
    Event, Illegal, Kabul, KabulAction, KabulDeal, KabulRules, Pos, Power, RoundEnd, SetupError, SlotView, StageView,
};

fn s(i: usize) -> Seat {
    Seat::new(i).expect("seat")
}

fn c(text: &str) -> Card {
    text.parse().expect("card")
}

/// A deck that deals `grids[seat]` into slots 0–3 of each seat (dealing from dealer + 1), turns
/// `discard` up and puts `draw` on top of the draw pile; every other card follows in index order.
fn deck(dealer: usize, grids: &[[&str; 4]], discard: &str, draw: &[&str]) -> Deck {
    let n = grids.len();
    let mut order = Vec::new();
    let seat_order: Vec<&[&str; 4]> = (1..=n).map(|k| &grids[(dealer + k) % n]).collect();
    for slot in 0..4 {
        order.extend(seat_order.iter().map(|g| c(g[slot])));
    }
    order.push(c(discard));
    order.extend(draw.iter().map(|t| c(t)));
    let named: CardSet = order.iter().copied().collect();
    assert_eq!(named.len(), order.len(), "a card is named twice");
    order.extend(CardSet::ALL - named);
    Deck::new(DeckKind::Kabul, &order).expect("a Kabul deck")
}

fn rules(players: usize) -> KabulRules {
    KabulRules::new(players).expect("players")
}

fn game(dealer: usize, grids: &[[&str; 4]], discard: &str, draw: &[&str]) -> Kabul {
    let mut g = Kabul::new(GameKind::Kabul, rules(grids.len()), s(dealer)).expect("new");
    g.deal(KabulDeal::new(deck(dealer, grids, discard, draw))).expect("deal");
    g
}

fn act(g: &mut Kabul, seat: usize, text: &str) {
    let action: KabulAction = text.parse().expect("notation");
    if let Err(e) = g.play(Actor::Seat(s(seat)), action) {
        panic!("seat {seat} {text:?} refused: {e}");
    }
}

fn refused(g: &Kabul, seat: usize, text: &str) -> Illegal {
    let action: KabulAction = text.parse().expect("notation");
    let before = g.clone();
    let mut after = g.clone();
    let e = after.play(Actor::Seat(s(seat)), action).expect_err(text);
    assert_eq!(after, before, "a refused action changed the state");
    e
}

fn close(g: &mut Kabul) {
    g.play(Actor::Clock, KabulAction::Close).expect("the clock closes the window");
}

fn legal(g: &Kabul, seat: usize) -> Vec<String> {
    let mut out = Vec::new();
    g.legal_actions(s(seat), &mut out);
    out.iter().map(ToString::to_string).collect()
}

fn seats(set: game::SeatSet) -> Vec<usize> {
    set.iter().map(Seat::index).collect()
}

fn slot_view(g: &Kabul, viewer: usize, seat: usize, slot: usize) -> SlotView {
    g.view(Some(s(viewer))).grids[seat][slot]
}

/// Four players, dealer 3, so seat 0 starts.
fn four() -> Kabul {
    game(
        3,
        &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], ["AD", "2D", "3D", "4D"], ["AC", "2C", "3C", "4C"]],
        "5S",
        &["QH", "JH", "9H", "7H", "5H", "6D"],
    )
}

#[test]
fn deal_gives_one_card_to_each_seat_in_turn_from_dealer_plus_one_into_slots_0_to_3() {
    let g = four();
    for (seat, suit) in ["S", "H", "D", "C"].iter().enumerate() {
        let want: Vec<Option<Card>> = ["A", "2", "3", "4"].iter().map(|r| Some(c(&format!("{r}{suit}")))).collect();
        assert_eq!(g.grid(s(seat)), want.as_slice());
    }
    // The raw deck order: the first card goes to seat dealer + 1 = 0.
    let d = deck(
        3,
        &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], ["AD", "2D", "3D", "4D"], ["AC", "2C", "3C", "4C"]],
        "5S",
        &[],
    );
    assert_eq!(&d[..5], &[c("AS"), c("AH"), c("AD"), c("AC"), c("2S")]);
}

#[test]
fn next_card_starts_the_discard_pile_and_the_rest_is_the_draw_pile_top_first() {
    let g = four();
    assert_eq!(g.discard_pile(), &[c("5S")]);
    let draw = g.draw_pile();
    assert_eq!(draw.len(), 54 - 16 - 1);
    assert_eq!(&draw[..3], &[c("QH"), c("JH"), c("9H")]);
}

#[test]
fn setup_peek_shows_each_player_its_bottom_row_only() {
    let g = four();
    for viewer in 0..4 {
        for seat in 0..4 {
            for slot in 0..4 {
                let v = slot_view(&g, viewer, seat, slot);
                if viewer == seat && slot >= 2 {
                    assert_eq!(v, SlotView::Face(g.grid(s(seat))[slot].expect("card")));
                } else {
                    assert_eq!(v, SlotView::Down, "viewer {viewer} sees {seat}:{slot}");
                }
            }
        }
    }
    let spectator = g.view(None);
    assert!(spectator.grids.iter().flatten().all(|v| *v == SlotView::Down));
}

#[test]
fn player_left_of_the_dealer_takes_the_first_turn() {
    let g = four();
    assert_eq!(seats(g.to_act()), vec![0]);
    assert_eq!(legal(&g, 0), vec!["kabul", "draw deck", "draw discard"]);
    assert!(legal(&g, 1).is_empty());
    assert_eq!(refused(&g, 1, "draw deck"), Illegal::NotYourTurn(s(0)));
    assert_eq!(refused(&g, 1, "draw deck").to_string(), "it is seat 0's turn");
}

#[test]
fn kabul_may_be_called_on_the_first_turn_and_takes_the_whole_turn() {
    let mut g = four();
    act(&mut g, 0, "kabul");
    assert_eq!(g.caller(), Some(s(0)));
    assert_eq!(seats(g.to_act()), vec![1], "no card landed, so no window: the next turn starts");
    assert!(!g.clock_may_act());
    assert_eq!(g.view(None).locked, game::SeatSet::single(s(0)));
}

#[test]
fn kabul_is_called_once_per_round() {
    let mut g = four();
    act(&mut g, 0, "kabul");
    assert_eq!(refused(&g, 1, "kabul"), Illegal::KabulAlreadyCalled(s(0)));
    assert!(!legal(&g, 1).contains(&"kabul".to_owned()));
}

#[test]
fn after_kabul_each_other_player_takes_exactly_one_more_turn() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    close(&mut g);
    act(&mut g, 1, "kabul");
    for seat in [2, 3, 0] {
        assert_eq!(g.phase(), Phase::InHand);
        assert_eq!(seats(g.to_act()), vec![seat]);
        act(&mut g, seat, "draw deck");
        act(&mut g, seat, "discard");
        assert!(g.clock_may_act(), "the last turn's window must close before the round ends");
        close(&mut g);
    }
    assert_eq!(g.phase(), Phase::Over);
    let summary = &g.hand_summaries()[0];
    assert_eq!(summary.caller, Some(s(1)));
    assert_eq!(summary.end, Some(RoundEnd::Kabul));
}

#[test]
fn the_callers_cards_are_locked_against_snaps_and_powers() {
    // Seat 0 will draw a 7 (look at another's card) after seat 1 called.
    let mut g = game(1, &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]], "4D", &["7H", "4C"]);
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    assert_eq!(refused(&g, 1, "discard power"), Illegal::NoTarget { power: Power::PeekOther });
    act(&mut g, 1, "discard");
    // Seat 0, the caller, may not snap in the window; seat 1 alone may.
    assert_eq!(seats(g.to_act()), vec![1]);
    assert_eq!(refused(&g, 0, "snap 0"), Illegal::CallerLocked);
    assert_eq!(refused(&g, 0, "snap 0").to_string(), "the caller's cards are locked");
    act(&mut g, 1, "pass");
    assert_eq!(g.phase(), Phase::Over, "seat 1 had the last turn");
}

#[test]
fn a_switch_may_not_touch_the_callers_cards() {
    let mut g = game(2, &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], ["AD", "2D", "3D", "4D"]], "5S", &["QH"]);
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard power");
    assert_eq!(refused(&g, 1, "switch 0:1 2:1"), Illegal::TargetLocked(s(0)));
    assert!(legal(&g, 1).iter().all(|a| !a.contains("0:")), "{:?}", legal(&g, 1));
    act(&mut g, 1, "switch 1:0 2:1");
}

#[test]
fn a_card_from_the_discard_pile_must_replace_one_of_your_cards() {
    let mut g = four();
    act(&mut g, 0, "draw discard");
    assert_eq!(legal(&g, 0), vec!["replace 0", "replace 1", "replace 2", "replace 3"]);
    assert_eq!(refused(&g, 0, "discard"), Illegal::MustReplace);
    assert_eq!(refused(&g, 0, "discard power"), Illegal::MustReplace);
    act(&mut g, 0, "replace 1");
    assert_eq!(g.grid(s(0))[1], Some(c("5S")));
    assert_eq!(g.discard_pile(), &[c("2S")]);
    // Everyone saw the card taken from the discard pile, so everyone knows it is at 0:1.
    for viewer in 0..4 {
        assert_eq!(slot_view(&g, viewer, 0, 1), SlotView::Face(c("5S")));
    }
    assert_eq!(g.view(None).grids[0][1], SlotView::Face(c("5S")));
}

#[test]
fn a_replaced_card_goes_face_up_to_the_discard_pile_without_power() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(0), c("QH"))));
    act(&mut g, 0, "replace 3");
    assert_eq!(g.discard_pile().last(), Some(&c("4S")));
    assert!(matches!(g.view(None).step, StageView::SnapWindow { .. }), "no power step after a replace");
    // The drawer knows the new card; the others do not.
    assert_eq!(slot_view(&g, 0, 0, 3), SlotView::Face(c("QH")));
    assert_eq!(slot_view(&g, 1, 0, 3), SlotView::Down);
}

#[test]
fn only_the_drawer_sees_a_card_drawn_from_the_deck() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    assert_eq!(g.view(Some(s(0))).drawn.and_then(|d| d.card), Some(c("QH")));
    assert_eq!(g.view(Some(s(1))).drawn.and_then(|d| d.card), None);
    assert_eq!(g.view(None).drawn.and_then(|d| d.card), None);
    assert!(g.hidden_from(s(1)).contains(c("QH")));
    assert!(!g.hidden_from(s(0)).contains(c("QH")));
}

#[test]
fn the_drawer_sees_the_power_a_card_from_the_deck_would_give_if_discarded() {
    let power = |g: &Kabul, viewer: Option<usize>| g.view(viewer.map(s)).drawn.and_then(|d| d.power);
    let mut g = four();
    act(&mut g, 0, "draw deck");
    assert_eq!(power(&g, Some(0)), Power::of(c("QH")));
    assert_eq!(power(&g, Some(0)), Some(Power::SwitchAndLook));
    let json = serde_json::to_value(g.view(Some(s(0)))).expect("json");
    assert_eq!(json["drawn"]["power"], Power::SwitchAndLook.code());
    // The others do not see the face, so not its power either.
    assert_eq!(power(&g, Some(1)), None);
    assert_eq!(power(&g, None), None);
    assert_eq!(serde_json::to_value(g.view(None)).expect("json")["drawn"]["power"], serde_json::Value::Null);

    // A card taken from the discard pile must replace one: it gives no power.
    act(&mut g, 0, "replace 0");
    close(&mut g);
    act(&mut g, 1, "draw discard");
    assert_eq!(g.drawn_card(), Some((s(1), c("AS"))));
    assert_eq!(power(&g, Some(1)), None);
}

#[test]
fn a_drawn_card_without_power_shows_none() {
    let mut g = game(1, &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]], "5S", &["5C"]);
    act(&mut g, 0, "draw deck");
    assert_eq!(g.view(Some(s(0))).drawn.map(|d| (d.card, d.power)), Some((Some(c("5C")), None)));
}

/// Two players, dealer 1 (seat 0 starts); seat 1 holds three kings and a queen.
fn kings() -> Kabul {
    game(1, &[["AS", "2C", "3C", "4C"], ["KH", "KD", "KC", "QS"]], "2S", &["KS", "QH", "4H", "6H", "8D"])
}

#[test]
fn a_player_with_no_cards_cannot_take_the_discard_and_can_only_discard() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    // KS on top: a red king matches a black one.
    act(&mut g, 1, "snap 0");
    act(&mut g, 1, "snap 1");
    act(&mut g, 1, "snap 2");
    close(&mut g);
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard");
    act(&mut g, 1, "snap 3");
    assert_eq!(g.grid(s(1)), &[None, None, None, None]);
    assert_eq!(seats(g.to_act()), vec![0], "a player with no cards cannot snap");
    assert_eq!(refused(&g, 1, "snap 0"), Illegal::NoCardsLeft);
    act(&mut g, 0, "pass");
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    act(&mut g, 0, "pass");
    assert_eq!(legal(&g, 1), vec!["kabul", "draw deck"]);
    assert_eq!(refused(&g, 1, "draw discard"), Illegal::NoCardsLeft);
    act(&mut g, 1, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(1), c("6H"))));
    assert_eq!(legal(&g, 1), vec!["discard", "discard power"]);
    assert_eq!(refused(&g, 1, "replace 0"), Illegal::NoCardAt(0));
}

#[test]
fn a_successful_snap_leaves_the_slot_empty_and_opens_a_new_window_for_everyone() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    assert_eq!(seats(g.to_act()), vec![0, 1]);
    act(&mut g, 0, "pass");
    assert_eq!(seats(g.to_act()), vec![1]);
    act(&mut g, 1, "snap 1");
    assert_eq!(g.grid(s(1))[1], None);
    assert_eq!(g.discard_pile().last(), Some(&c("KD")));
    assert_eq!(seats(g.to_act()), vec![0, 1], "seat 0 passed the old window, not the new one");
    assert_eq!(slot_view(&g, 0, 1, 1), SlotView::Empty);
}

#[test]
fn a_missed_snap_is_seen_by_all_and_brings_an_unseen_penalty_card() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    // Seat 0's AS does not match the KS: it goes back, seen by all, and QH comes as a penalty.
    act(&mut g, 0, "snap 0");
    assert_eq!(g.grid(s(0)), &[Some(c("AS")), Some(c("2C")), Some(c("3C")), Some(c("4C")), Some(c("QH"))]);
    for viewer in [0, 1] {
        assert_eq!(slot_view(&g, viewer, 0, 0), SlotView::Face(c("AS")));
        assert_eq!(slot_view(&g, viewer, 0, 4), SlotView::Down, "the penalty card is unseen");
    }
    assert_eq!(g.view(None).grids[0][0], SlotView::Face(c("AS")));
    assert!(matches!(g.view(None).events.last(), Some(Event::Snap { hit: false, penalty: Some(4), .. })));
    // A player who missed may snap again in the same window.
    assert_eq!(seats(g.to_act()), vec![0, 1]);
    act(&mut g, 0, "snap 1");
    assert_eq!(g.grid(s(0)).len(), 6);
}

#[test]
fn a_penalty_card_fills_the_lowest_empty_slot_first() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    act(&mut g, 1, "snap 2");
    act(&mut g, 1, "snap 0");
    // Slots 0 and 2 are empty; a miss puts the penalty (QH) into slot 0.
    act(&mut g, 1, "snap 3");
    assert_eq!(g.grid(s(1)), &[Some(c("QH")), Some(c("KD")), None, Some(c("QS"))]);
}

#[test]
fn jokers_snap_jokers() {
    let mut g = game(1, &[["AS", "2C", "3C", "4C"], ["BJ", "KD", "KC", "QS"]], "2S", &["RJ"]);
    act(&mut g, 0, "draw deck");
    assert_eq!(refused(&g, 0, "discard power"), Illegal::NoPower(Card::RED_JOKER));
    act(&mut g, 0, "discard");
    act(&mut g, 1, "snap 0");
    assert_eq!(g.discard_pile().last(), Some(&Card::BLACK_JOKER));
    assert_eq!(g.grid(s(1))[0], None);
}

#[test]
fn a_window_closes_when_every_eligible_player_has_passed() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    act(&mut g, 1, "pass");
    assert_eq!(refused(&g, 1, "snap 0"), Illegal::AlreadyPassed);
    assert_eq!(refused(&g, 1, "pass"), Illegal::AlreadyPassed);
    assert!(legal(&g, 1).is_empty());
    act(&mut g, 0, "pass");
    assert!(!g.clock_may_act());
    assert_eq!(seats(g.to_act()), vec![1], "the next turn starts");
}

#[test]
fn only_the_clock_closes_a_window_and_only_an_open_one() {
    let mut g = kings();
    assert_eq!(g.check(Actor::Clock, KabulAction::Close), Err(Illegal::NoWindow));
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    assert_eq!(refused(&g, 0, "close"), Illegal::OnlyTheClockCloses);
    assert_eq!(g.check(Actor::Clock, KabulAction::Pass), Err(Illegal::ClockOnlyCloses));
    assert_eq!(refused(&g, 1, "draw deck"), Illegal::WindowOpen);
    close(&mut g);
    assert_eq!(seats(g.to_act()), vec![1]);
}

#[test]
fn snap_and_pass_need_an_open_window() {
    let g = kings();
    assert_eq!(refused(&g, 1, "snap 0"), Illegal::NoWindow);
    assert_eq!(refused(&g, 0, "pass"), Illegal::NoWindow);
}

#[test]
fn queen_switch_moves_the_cards_and_shows_both_to_the_switcher_only() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard power");
    assert!(!g.clock_may_act(), "the power is resolved before the window opens");
    assert_eq!(seats(g.to_act()), vec![0]);
    assert_eq!(refused(&g, 0, "peek 1"), Illegal::WrongTarget(Power::SwitchAndLook));
    assert_eq!(refused(&g, 0, "discard"), Illegal::PowerPending(Power::SwitchAndLook));
    assert_eq!(refused(&g, 0, "switch 1:0 1:0"), Illegal::SameCardTwice);
    assert_eq!(refused(&g, 0, "switch 1:9 2:0"), Illegal::NoCardAtPos(Pos::new(s(1), 9)));
    act(&mut g, 0, "switch 1:0 2:3");
    assert_eq!(g.card_at(Pos::new(s(1), 0)), Some(c("4D")));
    assert_eq!(g.card_at(Pos::new(s(2), 3)), Some(c("AH")));
    assert_eq!(slot_view(&g, 0, 1, 0), SlotView::Face(c("4D")));
    assert_eq!(slot_view(&g, 0, 2, 3), SlotView::Face(c("AH")));
    // Seat 2 knew its 4D (set-up peek) and saw it move: it still knows where it is.
    assert_eq!(slot_view(&g, 2, 1, 0), SlotView::Face(c("4D")));
    assert_eq!(slot_view(&g, 2, 2, 3), SlotView::Down);
    assert_eq!(slot_view(&g, 3, 1, 0), SlotView::Down);
    assert!(g.clock_may_act());
}

#[test]
fn jack_switch_is_blind_and_knowledge_moves_with_the_card() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    close(&mut g);
    act(&mut g, 1, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(1), c("JH"))));
    act(&mut g, 1, "discard power");
    act(&mut g, 1, "switch 0:2 1:3");
    // Nobody learns a face: seat 0 still knows its 3S (now at 1:3), seat 1 its 4H (now at 0:2).
    assert_eq!(slot_view(&g, 0, 1, 3), SlotView::Face(c("3S")));
    assert_eq!(slot_view(&g, 0, 0, 2), SlotView::Down);
    assert_eq!(slot_view(&g, 1, 0, 2), SlotView::Face(c("4H")));
    assert_eq!(slot_view(&g, 1, 1, 3), SlotView::Down);
    assert_eq!(slot_view(&g, 2, 0, 2), SlotView::Down);
    assert!(matches!(g.view(None).events.last(), Some(Event::Switch { looked: false, .. })));
}

#[test]
fn nine_and_eight_look_at_one_of_your_own_cards() {
    let mut g = four();
    for seat in [0, 1] {
        act(&mut g, seat, "draw deck");
        act(&mut g, seat, "discard");
        close(&mut g);
    }
    act(&mut g, 2, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(2), c("9H"))));
    act(&mut g, 2, "discard power");
    assert_eq!(legal(&g, 2), vec!["peek 0", "peek 1", "peek 2", "peek 3"]);
    assert_eq!(refused(&g, 2, "peek 1:0"), Illegal::WrongTarget(Power::PeekOwn));
    assert_eq!(refused(&g, 2, "peek 2:0"), Illegal::OwnCardAsOther);
    assert_eq!(refused(&g, 2, "peek 7"), Illegal::NoCardAt(7));
    act(&mut g, 2, "peek 0");
    assert_eq!(slot_view(&g, 2, 2, 0), SlotView::Face(c("AD")));
    assert_eq!(slot_view(&g, 1, 2, 0), SlotView::Down);
    assert!(matches!(g.view(Some(s(1))).events.last(), Some(Event::Peek { .. })));
}

#[test]
fn seven_and_six_look_at_another_players_card() {
    let mut g = four();
    for seat in [0, 1, 2] {
        act(&mut g, seat, "draw deck");
        act(&mut g, seat, "discard");
        close(&mut g);
    }
    act(&mut g, 3, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(3), c("7H"))));
    act(&mut g, 3, "discard power");
    assert_eq!(legal(&g, 3).len(), 12, "four cards of each of the three others");
    assert_eq!(refused(&g, 3, "peek 3:0"), Illegal::WrongTarget(Power::PeekOther));
    assert_eq!(refused(&g, 3, "peek 0"), Illegal::WrongTarget(Power::PeekOther));
    act(&mut g, 3, "peek 1:1");
    assert_eq!(slot_view(&g, 3, 1, 1), SlotView::Face(c("2H")));
    assert_eq!(slot_view(&g, 1, 1, 1), SlotView::Down, "the owner did not see it");
}

#[test]
fn ace_to_five_and_jokers_have_no_power() {
    let mut g = four();
    for seat in [0, 1, 2, 3] {
        act(&mut g, seat, "draw deck");
        act(&mut g, seat, "discard");
        close(&mut g);
    }
    act(&mut g, 0, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(0), c("5H"))));
    assert_eq!(refused(&g, 0, "discard power").to_string(), "a 5 has no power");
    assert_eq!(legal(&g, 0), vec!["discard", "replace 0", "replace 1", "replace 2", "replace 3"]);
}

#[test]
fn a_power_needs_a_card_drawn_from_the_deck_and_discarded_at_once() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "replace 0");
    close(&mut g);
    // The AS went to the discard pile without power; seat 1 takes it, and cannot use a power.
    act(&mut g, 1, "draw discard");
    assert_eq!(refused(&g, 1, "discard power"), Illegal::MustReplace);
    assert_eq!(refused(&g, 1, "peek 0"), Illegal::NoPowerInPlay);
}

#[test]
fn a_power_with_no_possible_target_cannot_be_used() {
    // Two players; seat 0 calls, so seat 1's 7 has nobody else to look at.
    let mut g = game(1, &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"]], "5S", &["6C"]);
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    assert_eq!(legal(&g, 1), vec!["discard", "replace 0", "replace 1", "replace 2", "replace 3"]);
    assert_eq!(
        refused(&g, 1, "discard power").to_string(),
        "the 7/6 look at another player's card has no possible target now"
    );
}

#[test]
fn an_action_names_an_existing_card() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    assert_eq!(refused(&g, 0, "replace 4").to_string(), "you have no card at position 4");
    assert_eq!(refused(&g, 0, "kabul"), Illegal::AlreadyDrawn);
    assert_eq!(refused(&g, 0, "snap 0"), Illegal::NoWindow);
    act(&mut g, 0, "discard power");
    assert_eq!(refused(&g, 0, "switch 0:0 5:0"), Illegal::NoSuchSeat { seat: s(5), players: 4 });
}

#[test]
fn the_draw_pile_reshuffles_from_the_discard_pile_oldest_on_top() {
    let mut g = kings();
    // 45 cards in the draw pile: play 45 draw-and-discard turns.
    let mut discarded = vec![c("2S")];
    for turn in 0..45 {
        let seat = [0, 1][turn % 2];
        act(&mut g, seat, "draw deck");
        discarded.push(g.drawn_card().expect("drawn").1);
        act(&mut g, seat, "discard");
        close(&mut g);
    }
    assert!(g.draw_pile().is_empty());
    assert_eq!(g.discard_pile(), discarded.as_slice());
    let top = *discarded.last().expect("top");
    act(&mut g, 1, "draw deck");
    // The 2S was discarded first, so it is on top of the new pile and drawn now.
    assert_eq!(g.drawn_card(), Some((s(1), c("2S"))));
    assert_eq!(g.discard_pile(), &[top]);
    assert_eq!(g.draw_pile(), discarded[1..45].to_vec());
    assert!(matches!(g.view(None).events.first(), Some(Event::Reshuffle { cards: 45 })));
}

#[test]
fn the_records_reshuffle_list_gives_the_new_draw_pile() {
    let base = kings();
    let mut order = base.draw_pile();
    // Replay the same 45 turns on a deal whose reshuffle list reverses the default order.
    let mut discarded = vec![c("2S")];
    discarded.append(&mut order);
    let mut list: Vec<Card> = discarded[..45].to_vec();
    list.reverse();
    let deck = deck(1, &[["AS", "2C", "3C", "4C"], ["KH", "KD", "KC", "QS"]], "2S", &["KS", "QH", "4H", "6H", "8D"]);
    let mut g = Kabul::new(GameKind::Kabul, rules(2), s(1)).expect("new");
    g.deal(KabulDeal { deck: deck.clone(), reshuffles: Some(vec![list.clone()]) }).expect("deal");
    let mut bad = Kabul::new(GameKind::Kabul, rules(2), s(1)).expect("new");
    let mut wrong = list.clone();
    wrong[0] = c("AS");
    bad.deal(KabulDeal { deck, reshuffles: Some(vec![wrong]) }).expect("deal");
    for turn in 0..45 {
        for g in [&mut g, &mut bad] {
            let seat = [0, 1][turn % 2];
            act(g, seat, "draw deck");
            act(g, seat, "discard");
            close(g);
        }
    }
    act(&mut g, 1, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(1), list[0])));
    let e = refused(&bad, 1, "draw deck").to_string();
    assert!(e.contains("reshuffle 0") && e.contains("not on the pile: AS"), "{e}");
    assert_eq!(legal(&bad, 1), vec!["kabul", "draw discard"]);
}

#[test]
fn when_no_card_can_be_had_a_missed_snap_ends_the_round_without_penalty() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    // Seat 0's AS never matches the KS on top: each miss takes a penalty card. 44 are left in the
    // draw pile, then the reshuffle brings the 2S (the discard pile minus its top).
    for _ in 0..45 {
        act(&mut g, 0, "snap 0");
    }
    assert!(g.draw_pile().is_empty());
    assert_eq!(g.discard_pile(), &[c("KS")]);
    assert_eq!(g.grid(s(0)).len(), 4 + 45);
    act(&mut g, 0, "snap 0");
    assert_eq!(g.grid(s(0)).len(), 4 + 45, "the penalty is not taken");
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.hand_summaries()[0].end, Some(RoundEnd::NoCards));
    // 53 cards in the grids: all are revealed.
    assert!(g.hidden_from(s(1)).is_empty());
}

#[test]
fn when_no_card_can_be_had_a_deck_draw_ends_the_round_at_once() {
    let mut g = kings();
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    for _ in 0..44 {
        act(&mut g, 0, "snap 0");
    }
    act(&mut g, 0, "pass");
    act(&mut g, 1, "pass");
    assert!(g.draw_pile().is_empty());
    // Seat 1 must draw: the 2S under the KS is reshuffled in and drawn.
    act(&mut g, 1, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(1), c("2S"))));
    act(&mut g, 1, "replace 3");
    assert_eq!(g.discard_pile(), &[c("KS"), c("QS")]);
    // Seat 0 misses on the QS: the penalty is the KS, reshuffled in; only the QS is left.
    act(&mut g, 0, "snap 0");
    assert_eq!(g.grid(s(0)).last(), Some(&Some(c("KS"))));
    assert_eq!(g.discard_pile(), &[c("QS")]);
    assert!(g.draw_pile().is_empty());
    close(&mut g);
    assert_eq!(legal(&g, 0), vec!["kabul", "draw deck", "draw discard"]);
    act(&mut g, 0, "draw deck");
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.hand_summaries()[0].end, Some(RoundEnd::NoCards));
    assert_eq!(g.drawn_card(), None);
}

#[test]
fn scores_count_joker_minus_one_red_king_zero_and_the_lowest_wins() {
    // Seat 0: RJ KH AS 2S = -1+0+1+2 = 2. Seat 1: KS QH JH TH = 13+12+11+10 = 46.
    let mut g = game(1, &[["RJ", "KH", "AS", "2S"], ["KS", "QH", "JH", "TH"]], "3D", &["3C", "3H"]);
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard");
    act(&mut g, 1, "pass");
    assert_eq!(g.phase(), Phase::Over);
    let r = &g.hand_summaries()[0];
    assert_eq!(r.scores, Some(vec![2, 46]));
    assert_eq!(r.winners.map(seats), Some(vec![0]));
    assert_eq!(g.score().as_slice(), &[2, 46]);
    assert_eq!(g.outcome(), Some(Winner::Seats(game::SeatSet::single(s(0)))));
    // Everything is revealed at the end.
    assert_eq!(slot_view(&g, 1, 0, 0), SlotView::Face(Card::RED_JOKER));
    assert_eq!(g.view(None).grids[1][0], SlotView::Face(c("KS")));
}

#[test]
fn equal_lowest_scores_share_the_win() {
    // Seat 0: AS 2S 3S 4S = 10; seat 1: AH 2H 3H 4H = 10; seat 2: 5s = 20.
    let mut g = game(2, &[["AS", "2S", "3S", "4S"], ["AH", "2H", "3H", "4H"], ["5S", "5H", "5D", "5C"]], "KD", &["KS"]);
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard");
    close(&mut g);
    act(&mut g, 2, "draw discard");
    act(&mut g, 2, "replace 0");
    close(&mut g);
    // Seat 2 took the KS (13) for its 5S: 13 + 15 = 28.
    assert_eq!(g.hand_summaries()[0].scores, Some(vec![10, 10, 28]));
    assert_eq!(g.outcome(), Some(Winner::Seats([s(0), s(1)].into_iter().collect())));
}

#[test]
fn with_a_target_score_rounds_add_up_and_the_deal_passes_left() {
    let options = serde_json::json!({ "players": 2, "target_score": 60 });
    let rules = KabulRules::from_options(GameKind::Kabul, options.as_object().expect("object")).expect("rules");
    let mut g = Kabul::new(GameKind::Kabul, rules, s(1)).expect("new");
    let hands = [["KS", "QS", "JS", "TS"], ["AH", "2H", "3H", "4H"]];
    let mut dealer = 1;
    for round in 0..2 {
        assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: s(dealer) });
        let mut grids = hands;
        if dealer == 0 {
            grids.swap(0, 1);
        }
        g.deal(KabulDeal::new(deck(dealer, &grids, "5D", &[]))).expect("deal");
        let first = (dealer + 1) % 2;
        assert_eq!(seats(g.to_act()), vec![first]);
        assert_eq!(g.view(Some(s(first))).target_score, Some(60), "a bot plays for the match");
        act(&mut g, first, "kabul");
        act(&mut g, 1 - first, "draw deck");
        act(&mut g, 1 - first, "discard");
        close(&mut g);
        assert_eq!(g.hand_summaries().len(), round + 1);
        dealer = 1 - dealer;
    }
    // Round 1: seat 0 has the spades (46), seat 1 10. Round 2 swaps them: 56 and 20.
    assert_eq!(g.phase(), Phase::AwaitingDeal { dealer: s(1) });
    assert_eq!(g.score().as_slice(), &[46 + 10, 10 + 46]);
    g.deal(KabulDeal::new(deck(1, &hands, "5D", &[]))).expect("deal");
    act(&mut g, 0, "kabul");
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard");
    close(&mut g);
    assert_eq!(g.score().as_slice(), &[102, 66]);
    assert_eq!(g.phase(), Phase::Over);
    assert_eq!(g.outcome(), Some(Winner::Seats(game::SeatSet::single(s(1)))));
}

#[test]
fn without_a_target_score_the_match_is_one_round() {
    let mut g = four();
    act(&mut g, 0, "kabul");
    for seat in [1, 2, 3] {
        act(&mut g, seat, "draw deck");
        act(&mut g, seat, "discard");
        close(&mut g);
    }
    assert_eq!(g.phase(), Phase::Over);
    assert!(g.deal(KabulDeal::new(DeckKind::Kabul.shuffled_from_seed(1))).is_err());
    assert_eq!(refused(&g, 0, "draw deck"), Illegal::MatchOver);
}

#[test]
fn a_deal_must_be_the_54_cards() {
    let mut g = Kabul::new(GameKind::Kabul, rules(3), s(0)).expect("new");
    let e = g.deal(KabulDeal::new(DeckKind::Kout4.shuffled_from_seed(1))).expect_err("kout deck");
    assert!(matches!(e, SetupError::Deck(_)), "{e:?}");
    assert!(e.to_string().contains("missing"), "{e}");
    let deck = DeckKind::Kabul.shuffled_from_seed(1);
    let e = g.deal(KabulDeal { deck, reshuffles: Some(vec![vec![c("AS"), c("AS")]]) }).expect_err("a card twice");
    assert_eq!(e, SetupError::ReshuffleRepeats { reshuffle: 0, card: c("AS") });
    assert_eq!(e.to_string(), "reshuffle 0 holds AS twice");
    assert_eq!(Kabul::new(GameKind::Baloot, rules(3), s(0)), Err(SetupError::NotKabul(GameKind::Baloot)));
    assert_eq!(
        Kabul::new(GameKind::Kabul, rules(3), s(3)).map_err(|e| e.to_string()),
        Err("dealer 3 has no seat at a table of 3".to_owned())
    );
}

#[test]
fn views_hide_every_face_the_seat_has_not_seen() {
    let mut g = four();
    act(&mut g, 0, "draw deck");
    game::testing::check_views_hide(&g).expect("no leak after a draw");
    act(&mut g, 0, "discard power");
    act(&mut g, 0, "switch 1:2 3:0");
    game::testing::check_views_hide(&g).expect("no leak after a switch");
    let v = serde_json::to_value(g.view(Some(s(2)))).expect("json");
    let named = game::testing::cards_named_in(&v);
    // Seat 2 sees its own 3D and 4D, the discard pile (5S, QH) and nothing else.
    let want: CardSet = ["3D", "4D", "5S", "QH"].iter().map(|t| c(t)).collect();
    assert_eq!(named, want);
}

#[test]
fn a_deal_with_reshuffle_lists_round_trips_through_a_record() {
    let g = Kabul::new(GameKind::Kabul, rules(2), s(0)).expect("new");
    let deal =
        KabulDeal { deck: DeckKind::Kabul.shuffled_from_seed(3), reshuffles: Some(vec![vec![c("AS"), c("KD")]]) };
    let mut hand = game::HandRecord::new(s(0), &[]);
    g.deal_to_record(&deal, &mut hand);
    assert_eq!(hand.reshuffles, Some(vec![vec![c("AS"), c("KD")]]));
    assert_eq!(g.deal_from_record(&hand), Ok(deal.clone()));
    g.deal_to_record(&KabulDeal::new(deal.deck.clone()), &mut hand);
    assert_eq!(hand.reshuffles, None, "no lists: the field is left out");
}

#[test]
fn an_unchecked_draw_with_a_wrong_reshuffle_list_still_conserves_the_cards() {
    let mut g = kings();
    let deck = deck(1, &[["AS", "2C", "3C", "4C"], ["KH", "KD", "KC", "QS"]], "2S", &["KS", "QH", "4H", "6H", "8D"]);
    let mut bad = Kabul::new(GameKind::Kabul, rules(2), s(1)).expect("new");
    bad.deal(KabulDeal { deck, reshuffles: Some(vec![CardSet::ALL.iter().collect()]) }).expect("deal");
    for turn in 0..45 {
        for g in [&mut g, &mut bad] {
            act(g, turn % 2, "draw deck");
            act(g, turn % 2, "discard");
            close(g);
        }
    }
    assert!(bad.check(Actor::Seat(s(1)), KabulAction::DrawDeck).is_err());
    bad.play_unchecked(Actor::Seat(s(1)), KabulAction::DrawDeck);
    act(&mut g, 1, "draw deck");
    assert_eq!(bad.drawn_card(), g.drawn_card(), "the default order was used");
    assert_eq!(bad.draw_pile(), g.draw_pile());
}

#[test]
fn a_seat_without_cards_is_never_a_target() {
    let mut g = game(1, &[["AS", "2C", "3C", "4C"], ["KH", "KD", "KC", "QS"]], "2S", &["KS", "QH", "7D", "JD"]);
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard");
    for slot in 0..3 {
        act(&mut g, 1, &format!("snap {slot}"));
    }
    close(&mut g);
    act(&mut g, 1, "draw deck");
    act(&mut g, 1, "discard");
    act(&mut g, 1, "snap 3");
    act(&mut g, 0, "pass");
    // Seat 1 has no cards: seat 0's 7 has nobody else to look at.
    act(&mut g, 0, "draw deck");
    assert_eq!(g.drawn_card(), Some((s(0), c("7D"))));
    assert_eq!(refused(&g, 0, "discard power"), Illegal::NoTarget { power: Power::PeekOther });
    act(&mut g, 0, "discard");
    act(&mut g, 0, "pass");
    act(&mut g, 1, "draw deck");
    // The jack may still switch two of seat 0's cards, but no empty slot of seat 1.
    act(&mut g, 1, "discard power");
    assert_eq!(refused(&g, 1, "switch 1:0 0:0"), Illegal::NoCardAtPos(Pos::new(s(1), 0)));
    let targets = legal(&g, 1);
    assert_eq!(targets.len(), 4 * 3, "ordered pairs of seat 0's four cards");
    assert!(targets.iter().all(|t| !t.contains("1:")), "{targets:?}");
}

#[test]
fn a_snap_restarts_the_window_and_nothing_else_does() {
    let g = kings();
    for text in ["snap 0", "snap 3"] {
        assert!(g.restarts_window(&text.parse().expect("notation")), "{text}");
    }
    for text in ["pass", "close", "draw deck", "discard", "kabul", "replace 1", "peek 2", "switch 0:1 1:2"] {
        assert!(!g.restarts_window(&text.parse().expect("notation")), "{text}");
    }
    assert_eq!(RuleSet::snap_window_ms(g.rules()), Some(3000));
}

#[test]
fn a_grid_is_not_a_hand_so_it_has_no_display_order() {
    let g = kings();
    assert!(Seat::all(2).all(|seat| g.display_order(seat).is_empty()));
}

#[test]
fn who_has_seen_each_slot_is_public_and_moves_with_the_card() {
    let mut g = four();
    let seen =
        |g: &Kabul, viewer: Option<usize>, seat: usize, slot: usize| seats(g.view(viewer.map(s)).seen[seat][slot]);
    // The set-up peek: each seat saw its own bottom row.
    assert_eq!(seen(&g, Some(1), 0, 2), vec![0]);
    assert_eq!(seen(&g, Some(1), 0, 0), Vec::<usize>::new());
    act(&mut g, 0, "draw deck");
    act(&mut g, 0, "discard power");
    act(&mut g, 0, "switch 1:0 2:3");
    // The queen's switcher saw both cards; seat 2 still knows its 4D, now at 1:0.
    assert_eq!(seen(&g, Some(3), 1, 0), vec![0, 2]);
    assert_eq!(seen(&g, None, 2, 3), vec![0]);
    // The same in every view, and a seat's own entries are exactly the faces it sees.
    let public = g.view(None).seen;
    for viewer in 0..4 {
        let v = g.view(Some(s(viewer)));
        assert_eq!(v.seen, public, "seat {viewer}");
        for (seat, grid) in v.grids.iter().enumerate() {
            for (slot, face) in grid.iter().enumerate() {
                let knows = v.seen[seat][slot].contains(s(viewer));
                assert_eq!(knows, matches!(face, SlotView::Face(_)), "seat {viewer} at {seat}:{slot}");
            }
        }
    }
}
