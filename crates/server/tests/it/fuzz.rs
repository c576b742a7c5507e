//! Fuzzing on the stable toolchain (proptest): client frames (`protocol::parse`) and records
//! (`game::Record::parse`, `games::replay`) never panic, and every refusal has words. CI runs a
//! bounded number of cases; `scripts/fuzz` runs many more (`MAJLIS_FUZZ_CASES`).

use proptest::prelude::*;
use serde_json::{Value, json};

fn cases() -> u32 {
    std::env::var("MAJLIS_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(256)
}

/// Words the parsers look for, so generated JSON reaches past the first check.
const KEYS: &[&str] = &[
    "type",
    "id",
    "table",
    "seat",
    "game",
    "rules",
    "turn_ms",
    "public",
    "action",
    "version",
    "since",
    "bot",
    "players",
    "hands",
    "dealer",
    "deck",
    "actions",
    "reshuffles",
    "commitment",
    "salt",
    "target_score",
    "snap_window_ms",
    "play_out",
    "name",
    "token",
    "text",
    "phrase",
    "spectator_chat",
];
const WORDS: &[&str] = &[
    "create_table",
    "join",
    "spectate",
    "leave",
    "start",
    "act",
    "resume",
    "set_bot",
    "fill_bots",
    "ping",
    "chat",
    "well_played",
    "auth",
    "kout4",
    "kout6",
    "baloot",
    "kabul",
    "play AH",
    "bid 7",
    "pass",
    "draw deck",
    "snap 2",
    "close",
    "AS",
    "RJ",
    "QS,3H",
    "heuristic",
    "random",
];

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        proptest::sample::select(WORDS).prop_map(Value::from),
        proptest::sample::select(KEYS).prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::vec((proptest::sample::select(KEYS), inner), 0..8)
                .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())),
        ]
    })
}

/// A frame with a known `type` and fields of any shape.
fn frame() -> impl Strategy<Value = String> {
    (proptest::sample::select(WORDS), proptest::collection::vec((proptest::sample::select(KEYS), json_value()), 0..6))
        .prop_map(|(ty, fields)| {
            let mut obj: serde_json::Map<String, Value> = fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
            obj.insert("type".to_owned(), Value::from(ty));
            Value::Object(obj).to_string()
        })
}

/// A record-shaped object: a known game, hands with decks of cards and actions of any shape.
fn record() -> impl Strategy<Value = String> {
    let card = proptest::sample::select(&["AS", "KH", "QD", "JC", "TS", "2H", "RJ", "BJ", "9C", "XX"][..]);
    let hand = (
        json_value(),
        proptest::collection::vec(card, 0..60),
        proptest::collection::vec((json_value(), proptest::sample::select(WORDS)), 0..12),
        json_value(),
    )
        .prop_map(|(dealer, deck, actions, extra)| {
            let dealer = if dealer.is_number() { dealer } else { json!(0) };
            let actions: Vec<Value> = actions.into_iter().map(|(s, a)| json!([s, a])).collect();
            json!({ "dealer": dealer, "deck": deck, "actions": actions, "reshuffles": extra })
        });
    (
        proptest::sample::select(&["kout4", "kout6", "baloot", "kabul", "chess"][..]),
        json_value(),
        proptest::collection::vec(hand, 0..3),
    )
        .prop_map(|(game, rules, hands)| {
            let rules = if rules.is_object() { rules } else { json!({}) };
            json!({ "game": game, "rules": rules, "hands": hands }).to_string()
        })
}

/// The record vectors of every game (`tests/records/<game>/*.json`, without the expectations).
fn stored_records() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/records");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(dir.path()).into_iter().flatten().flatten() {
            let path = file.path();
            let name = path.to_string_lossy().into_owned();
            if name.ends_with(".json") && !name.ends_with(".expect.json") {
                out.extend(std::fs::read_to_string(&path).ok());
            }
        }
    }
    out
}

/// A stored record with one edit: bytes cut out, or a word written over it.
fn mutated_record() -> impl Strategy<Value = String> {
    let records = stored_records();
    assert!(!records.is_empty(), "no record vectors under tests/records");
    (proptest::sample::select(records), any::<prop::sample::Index>(), 0..40usize, proptest::sample::select(WORDS))
        .prop_map(|(text, at, cut, word)| {
            let mut at = at.index(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + cut).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            format!("{}{}{}", &text[..at], if cut % 2 == 0 { word } else { "" }, &text[end..])
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn client_frames_never_panic_and_refusals_have_words(text in prop_oneof!["\\PC{0,200}", frame()]) {
        if let Err(e) = server::protocol::parse(&text) {
            prop_assert!(!e.message.trim().is_empty(), "{text}");
        }
    }

    #[test]
    fn records_never_panic_and_errors_have_words(text in prop_oneof!["\\PC{0,200}", record(), mutated_record()]) {
        match game::Record::parse(&text) {
            Ok(record) => {
                let _ = server::fair::verify_record(&record);
            }
            Err(e) => prop_assert!(!e.to_string().trim().is_empty()),
        }
        for seat in [None, Some(0), Some(9)] {
            if let Err(e) = games::replay(&text, seat) {
                prop_assert!(!e.to_string().trim().is_empty(), "{text}");
            }
        }
    }
}
