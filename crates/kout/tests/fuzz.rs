//! Fuzzing the record path (`Record::parse` then `Match::<Kout>::replay`): arbitrary bytes and
//! mutated real records give a record or an error, never a panic; whatever replays is a valid
//! game whose views hide what they must.

use cards::seeded_rng;
use game::testing::{check_views_hide, random_match};
use game::{Game, GameKind, Match, Options, Record, Seat};
use kout::Kout;
use proptest::prelude::*;
use serde_json::{Value, json};

/// Replays `text` if it parses; checks that a successful replay reports and hides cards.
fn replay_text(text: &str) -> Result<(), String> {
    let Ok(record) = Record::parse(text) else { return Ok(()) };
    let Ok(m) = Match::<Kout>::replay(&record) else { return Ok(()) };
    let _ = m.report(None);
    for s in Seat::all(m.game().seat_count()) {
        let _ = m.report(Some(s));
    }
    check_views_hide(m.game())
}

/// A real record: a random match of `kind` cut after `hands` hands (the last one maybe mid-way).
fn base_record(kind: GameKind, seed: u64, play_out: bool) -> Value {
    let mut options = Options::new();
    if play_out {
        options.insert("play_out".to_owned(), Value::Bool(true));
    }
    let m = random_match::<Kout, _>(kind, options, &mut seeded_rng(seed), 3).expect("random match");
    serde_json::to_value(m.record()).expect("record to json")
}

/// One edit to a record's JSON.
#[derive(Clone, Debug)]
enum Edit {
    ActionText(usize, usize, String),
    ActionSeat(usize, usize, Value),
    DropAction(usize, usize),
    DuplicateAction(usize, usize),
    SwapDeck(usize, usize, usize),
    DeckCard(usize, usize, String),
    DropDeckCard(usize, usize),
    Dealer(usize, Value),
    DropHand(usize),
    Rules(Value),
    Game(String),
    TruncateActions(usize, usize),
}

fn texts() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("pass".to_owned()),
        (0u8..12).prop_map(|n| format!("bid {n}")),
        "[SHDCX]".prop_map(|s| format!("trump {s}")),
        "(10|[2-9TJQKAXRB])[SHDCJX]".prop_map(|c| format!("play {c}")),
        ".{0,12}",
    ]
}

fn values() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        (0i64..9).prop_map(Value::from),
        Just(json!(-1)),
        Just(json!("2")),
        Just(json!(1.5)),
        Just(json!([0])),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    let i = || 0usize..64;
    prop_oneof![
        (i(), i(), texts()).prop_map(|(h, a, t)| Edit::ActionText(h, a, t)),
        (i(), i(), values()).prop_map(|(h, a, v)| Edit::ActionSeat(h, a, v)),
        (i(), i()).prop_map(|(h, a)| Edit::DropAction(h, a)),
        (i(), i()).prop_map(|(h, a)| Edit::DuplicateAction(h, a)),
        (i(), i(), i()).prop_map(|(h, a, b)| Edit::SwapDeck(h, a, b)),
        (i(), i(), "(10|[2-9TJQKARBX])[SHDCJX]").prop_map(|(h, a, c)| Edit::DeckCard(h, a, c)),
        (i(), i()).prop_map(|(h, a)| Edit::DropDeckCard(h, a)),
        (i(), values()).prop_map(|(h, v)| Edit::Dealer(h, v)),
        i().prop_map(Edit::DropHand),
        prop_oneof![
            Just(json!({"play_out": true})),
            Just(json!({"play_out": 1})),
            Just(json!({"preset": "x"})),
            Just(json!([])),
            Just(Value::Null),
        ]
        .prop_map(Edit::Rules),
        prop_oneof![Just("kout4".to_owned()), Just("kout6".to_owned()), Just("baloot".to_owned()), ".{0,6}"]
            .prop_map(Edit::Game),
        (i(), i()).prop_map(|(h, n)| Edit::TruncateActions(h, n)),
    ]
}

fn list_mut<'a>(v: &'a mut Value, key: &str, index: usize) -> Option<&'a mut Vec<Value>> {
    let hands = v.get_mut("hands")?.as_array_mut()?;
    let n = hands.len();
    if n == 0 {
        return None;
    }
    hands.get_mut(index % n)?.get_mut(key)?.as_array_mut()
}

fn apply(v: &mut Value, e: &Edit) {
    let pick = |len: usize, i: usize| if len == 0 { None } else { Some(i % len) };
    match e {
        Edit::ActionText(h, a, t) => {
            if let Some(list) = list_mut(v, "actions", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    list[i][1] = Value::String(t.clone());
                }
            }
        }
        Edit::ActionSeat(h, a, s) => {
            if let Some(list) = list_mut(v, "actions", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    list[i][0] = s.clone();
                }
            }
        }
        Edit::DropAction(h, a) => {
            if let Some(list) = list_mut(v, "actions", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    list.remove(i);
                }
            }
        }
        Edit::DuplicateAction(h, a) => {
            if let Some(list) = list_mut(v, "actions", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    let x = list[i].clone();
                    list.insert(i, x);
                }
            }
        }
        Edit::SwapDeck(h, a, b) => {
            if let Some(list) = list_mut(v, "deck", *h) {
                if let (Some(i), Some(j)) = (pick(list.len(), *a), pick(list.len(), *b)) {
                    list.swap(i, j);
                }
            }
        }
        Edit::DeckCard(h, a, c) => {
            if let Some(list) = list_mut(v, "deck", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    list[i] = Value::String(c.clone());
                }
            }
        }
        Edit::DropDeckCard(h, a) => {
            if let Some(list) = list_mut(v, "deck", *h) {
                if let Some(i) = pick(list.len(), *a) {
                    list.remove(i);
                }
            }
        }
        Edit::Dealer(h, d) => {
            if let Some(hands) = v.get_mut("hands").and_then(Value::as_array_mut) {
                if let Some(i) = pick(hands.len(), *h) {
                    hands[i]["dealer"] = d.clone();
                }
            }
        }
        Edit::DropHand(h) => {
            if let Some(hands) = v.get_mut("hands").and_then(Value::as_array_mut) {
                if let Some(i) = pick(hands.len(), *h) {
                    hands.remove(i);
                }
            }
        }
        Edit::Rules(r) => v["rules"] = r.clone(),
        Edit::Game(g) => v["game"] = Value::String(g.clone()),
        Edit::TruncateActions(h, n) => {
            if let Some(list) = list_mut(v, "actions", *h) {
                list.truncate(*n);
            }
        }
    }
}

#[test]
fn unmutated_records_replay() {
    for seed in 0..50 {
        for kind in [GameKind::Kout6, GameKind::Kout4] {
            let v = base_record(kind, seed, seed % 2 == 0);
            let record = Record::parse(&v.to_string()).expect("parses");
            Match::<Kout>::replay(&record).unwrap_or_else(|e| panic!("{kind} seed {seed}: {e}"));
        }
    }
}

#[test]
fn a_changed_card_in_a_deck_is_always_an_error() {
    for seed in 0..50 {
        for kind in [GameKind::Kout6, GameKind::Kout4] {
            let mut v = base_record(kind, seed, false);
            // A card of the deck replaced by another card of the deck: one twice, one missing.
            v["hands"][0]["deck"][0] = v["hands"][0]["deck"][1].clone();
            let record = Record::parse(&v.to_string()).expect("parses");
            let e = Match::<Kout>::replay(&record).expect_err("a doubled card");
            assert_eq!(e.hand, Some(0));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        prop_assert!(replay_text(&text).is_ok());
    }

    #[test]
    fn mutated_records_never_panic(
        seed in 0u64..1_000,
        six in any::<bool>(),
        play_out in any::<bool>(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        let kind = if six { GameKind::Kout6 } else { GameKind::Kout4 };
        let mut v = base_record(kind, seed, play_out);
        for e in &edits {
            apply(&mut v, e);
        }
        let result = replay_text(&v.to_string());
        prop_assert!(result.is_ok(), "{:?}", result);
    }

    #[test]
    fn cut_records_never_panic(seed in 0u64..1_000, six in any::<bool>(), cut in 0usize..100_000) {
        let kind = if six { GameKind::Kout6 } else { GameKind::Kout4 };
        let text = base_record(kind, seed, false).to_string();
        let mut at = cut % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let result = replay_text(&text[..at]);
        prop_assert!(result.is_ok(), "{:?}", result);
    }
}
