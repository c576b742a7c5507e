//! Game records (our PGN): the JSON file that holds a whole match. See `docs/records.md`.

use cards::{Card, Deck, DeckError, DeckKind};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::{GameKind, Options, Seat};

/// A whole match (or part of one): enough to replay it anywhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Which game.
    pub game: GameKind,
    /// Overrides of the rule set's options by name; empty means the defaults.
    #[serde(default, skip_serializing_if = "Options::is_empty")]
    pub rules: Options,
    /// Display names by seat (`bot:heuristic` for bots); may be empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// One entry per hand (Kabul: per round), in order.
    pub hands: Vec<HandRecord>,
}

/// One hand of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandRecord {
    /// The dealer's seat.
    pub dealer: Seat,
    /// The full deck, top card first, in dealing order.
    pub deck: Vec<Card>,
    /// Kabul: the draw piles formed by reshuffles, in order, top card first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reshuffles: Option<Vec<Vec<Card>>>,
    /// Fair deals: the SHA-256 commitment published before the hand (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// Fair deals: the salt revealed after the hand (hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The actions in the order they happened.
    #[serde(default)]
    pub actions: Vec<RecordedAction>,
}

impl HandRecord {
    /// A hand with this dealer and deck and no actions yet.
    #[must_use]
    pub fn new(dealer: Seat, deck: &[Card]) -> Self {
        HandRecord { dealer, deck: deck.to_vec(), reshuffles: None, commitment: None, salt: None, actions: Vec::new() }
    }

    /// The deck, checked to be exactly `kind`'s deck.
    ///
    /// # Errors
    /// Which card is doubled, foreign or missing.
    pub fn checked_deck(&self, kind: DeckKind) -> Result<Deck, DeckError> {
        Deck::new(kind, &self.deck)
    }
}

/// One action of a record: `[seat, "text"]`, with `null` for the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedAction {
    /// The acting seat; `None` for the clock.
    pub seat: Option<Seat>,
    /// The action in the game's notation.
    pub text: String,
}

impl Serialize for RecordedAction {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        (self.seat, &self.text).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RecordedAction {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let (seat, text) = <(Option<Seat>, String)>::deserialize(deserializer)?;
        Ok(RecordedAction { seat, text })
    }
}

/// Where in a record something went wrong, and why: what `majlis replay` prints as
/// `{"error": {...}}` with exit code 2.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("{}", self.describe())]
pub struct RecordError {
    /// `malformed` (the file is not a valid record) or `illegal` (an action breaks the rules).
    pub kind: RecordErrorKind,
    /// The hand (from 0), if the error is in one.
    pub hand: Option<usize>,
    /// The action index within the hand (from 0), if the error is in one.
    pub action: Option<usize>,
    /// The acting seat, if known (`null` for the clock or unknown).
    pub seat: Option<usize>,
    /// The action text, if the error is in an action.
    pub text: Option<String>,
    /// What is wrong, in words.
    pub reason: String,
}

/// The two kinds of record errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RecordErrorKind {
    /// The file is not a valid record (bad JSON, unknown game, bad card, wrong deck, bad dealer).
    Malformed,
    /// An action is out of turn or breaks a rule.
    Illegal,
}

impl RecordError {
    /// A malformed-record error not tied to a hand.
    #[must_use]
    pub fn malformed(reason: impl Into<String>) -> Self {
        RecordError {
            kind: RecordErrorKind::Malformed,
            hand: None,
            action: None,
            seat: None,
            text: None,
            reason: reason.into(),
        }
    }

    /// Ties the error to hand `hand`.
    #[must_use]
    pub fn in_hand(mut self, hand: usize) -> Self {
        self.hand = Some(hand);
        self
    }

    /// Ties the error to action `index` of its hand, by `seat`, written `text`.
    #[must_use]
    pub fn at_action(mut self, index: usize, seat: Option<usize>, text: &str) -> Self {
        self.action = Some(index);
        self.seat = seat;
        self.text = Some(text.chars().take(80).collect());
        self
    }

    fn describe(&self) -> String {
        let mut out = String::new();
        if let Some(h) = self.hand {
            out.push_str(&format!("hand {h}"));
        }
        if let Some(a) = self.action {
            out.push_str(&format!(", action {a}"));
        }
        if let Some(t) = &self.text {
            match self.seat {
                Some(s) => out.push_str(&format!(" (seat {s}: {t:?})")),
                None => out.push_str(&format!(" (clock: {t:?})")),
            }
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&self.reason);
        out
    }

    /// `{"error": {...}}`, as `majlis replay` prints it.
    #[must_use]
    pub fn to_json(&self) -> Value {
        serde_json::json!({ "error": self })
    }
}

impl Record {
    /// Reads a record from JSON text, checking its shape and naming the hand of any bad card or
    /// dealer. Unknown top-level keys are ignored. The rules themselves are checked by replay.
    ///
    /// # Errors
    /// A [`RecordErrorKind::Malformed`] error naming what is wrong and where.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        // Editors on some systems save UTF-8 with a byte-order mark; it is not part of the JSON.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let value: Value =
            serde_json::from_str(text).map_err(|e| RecordError::malformed(format!("not valid JSON: {e}")))?;
        Record::from_value(&value)
    }

    /// Reads a record from a JSON value (see [`Record::parse`]).
    ///
    /// # Errors
    /// See [`Record::parse`].
    pub fn from_value(value: &Value) -> Result<Record, RecordError> {
        let obj = value.as_object().ok_or_else(|| RecordError::malformed("a record is a JSON object"))?;
        let game = match obj.get("game") {
            Some(Value::String(s)) => s.parse::<GameKind>().map_err(|e| RecordError::malformed(e.to_string()))?,
            Some(_) => {
                return Err(RecordError::malformed("\"game\" must be a string such as \"kout6\""));
            }
            None => return Err(RecordError::malformed("the record has no \"game\"")),
        };
        let rules = match obj.get("rules") {
            None | Some(Value::Null) => Options::new(),
            Some(Value::Object(map)) => map.clone(),
            Some(_) => {
                return Err(RecordError::malformed("\"rules\" must be an object of option names to values"));
            }
        };
        let players = match obj.get("players") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|p| p.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| RecordError::malformed("\"players\" must be a list of names"))?,
            Some(_) => {
                return Err(RecordError::malformed("\"players\" must be a list of names"));
            }
        };
        let hands = match obj.get("hands") {
            Some(Value::Array(items)) => items,
            Some(_) => return Err(RecordError::malformed("\"hands\" must be a list")),
            None => return Err(RecordError::malformed("the record has no \"hands\"")),
        };
        let hands = hands
            .iter()
            .enumerate()
            .map(|(i, h)| parse_hand(h).map_err(|e| e.in_hand(i)))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Record { game, rules, players, hands })
    }

    /// The record as pretty JSON.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        // Serializing plain data to a String cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

fn parse_cards(value: &Value, what: &str) -> Result<Vec<Card>, RecordError> {
    let items = value.as_array().ok_or_else(|| RecordError::malformed(format!("{what} must be a list of cards")))?;
    items
        .iter()
        .map(|c| match c {
            Value::String(s) => s.parse::<Card>().map_err(|e| RecordError::malformed(format!("{what}: {e}"))),
            other => Err(RecordError::malformed(format!("{what}: {} is not a card", short(other)))),
        })
        .collect()
}

fn short(v: &Value) -> String {
    let s = v.to_string();
    if s.chars().count() > 40 { format!("{}…", s.chars().take(40).collect::<String>()) } else { s }
}

fn parse_seat(v: &Value, what: &str) -> Result<Seat, RecordError> {
    v.as_u64()
        .and_then(|i| Seat::new(usize::try_from(i).ok()?))
        .ok_or_else(|| RecordError::malformed(format!("{what} {} is not a seat number", short(v))))
}

fn parse_hand(value: &Value) -> Result<HandRecord, RecordError> {
    let obj = value.as_object().ok_or_else(|| RecordError::malformed("a hand is a JSON object"))?;
    let dealer =
        parse_seat(obj.get("dealer").ok_or_else(|| RecordError::malformed("the hand has no \"dealer\""))?, "dealer")?;
    let deck = parse_cards(obj.get("deck").ok_or_else(|| RecordError::malformed("the hand has no \"deck\""))?, "deck")?;
    let reshuffles = match obj.get("reshuffles") {
        None | Some(Value::Null) => None,
        Some(Value::Array(lists)) => Some(
            lists
                .iter()
                .enumerate()
                .map(|(i, l)| parse_cards(l, &format!("reshuffle {i}")))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        Some(_) => {
            return Err(RecordError::malformed("\"reshuffles\" must be a list of card lists"));
        }
    };
    let text_field = |key: &str| -> Result<Option<String>, RecordError> {
        match obj.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(RecordError::malformed(format!("\"{key}\" must be a string"))),
        }
    };
    let commitment = text_field("commitment")?;
    let salt = text_field("salt")?;
    let actions = match obj.get("actions") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, a)| {
                parse_action(a).map_err(|reason| {
                    let mut e = RecordError::malformed(reason);
                    e.action = Some(i);
                    // Name what can still be read of a badly shaped action.
                    let parts = a.as_array();
                    let part = |k: usize| parts.and_then(|p| p.get(k));
                    e.seat = part(0).and_then(Value::as_u64).and_then(|s| usize::try_from(s).ok());
                    e.text = part(1).and_then(Value::as_str).map(|t| t.chars().take(80).collect());
                    e
                })
            })
            .collect::<Result<Vec<_>, _>>()?,
        Some(_) => return Err(RecordError::malformed("\"actions\" must be a list")),
    };
    Ok(HandRecord { dealer, deck, reshuffles, commitment, salt, actions })
}

fn parse_action(value: &Value) -> Result<RecordedAction, String> {
    let pair = value.as_array().filter(|a| a.len() == 2);
    let Some(pair) = pair else {
        return Err(format!("an action is [seat, \"text\"], not {}", short(value)));
    };
    let seat = match &pair[0] {
        Value::Null => None,
        v => Some(
            v.as_u64()
                .and_then(|i| Seat::new(usize::try_from(i).ok()?))
                .ok_or_else(|| format!("{} is not a seat number", short(v)))?,
        ),
    };
    let text = pair[1].as_str().ok_or_else(|| format!("the action {} is not a string", short(&pair[1])))?;
    Ok(RecordedAction { seat, text: text.to_owned() })
}

/// Reads a JSON record with serde (for trusted input such as our own database); prefer
/// [`Record::parse`] for files from users, whose errors name the hand.
///
/// # Errors
/// serde's error.
pub fn from_json_trusted(text: &str) -> Result<Record, serde_json::Error> {
    let value: Value = serde_json::from_str(text)?;
    Record::from_value(&value).map_err(|e| serde_json::Error::custom(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_example_shape_and_ignores_unknown_keys() {
        let text = r#"{"game":"kout6","rules":{"play_out":true},"players":["A","B"],"extra":1,
            "hands":[{"dealer":5,"deck":["QS","3h","10D"],"actions":[[0,"bid 6"],[null,"close"]],"note":"x"}]}"#;
        let r = Record::parse(text).expect("parses");
        assert_eq!(r.game, GameKind::Kout6);
        assert_eq!(r.hands[0].deck.len(), 3);
        assert_eq!(r.hands[0].deck[2].to_string(), "TD");
        assert_eq!(r.hands[0].actions[1].seat, None);
        let again = Record::parse(&r.to_json_pretty()).expect("round trip");
        assert_eq!(again, r);
    }

    #[test]
    fn errors_name_the_hand_and_action() {
        let bad_card = r#"{"game":"kout4","hands":[{"dealer":0,"deck":[]},{"dealer":1,"deck":["ZZ"]}]}"#;
        let e = Record::parse(bad_card).expect_err("bad card");
        assert_eq!((e.kind, e.hand), (RecordErrorKind::Malformed, Some(1)));
        let bad_action = r#"{"game":"kout4","hands":[{"dealer":0,"deck":[],"actions":[[0,"pass"],[9,"pass"]]}]}"#;
        let e = Record::parse(bad_action).expect_err("bad seat");
        assert_eq!((e.hand, e.action), (Some(0), Some(1)));
        assert_eq!((e.seat, e.text.as_deref()), (Some(9), Some("pass")), "what can be read is named");
        let three = r#"{"game":"kout4","hands":[{"dealer":0,"deck":[],"actions":[[1,"pass","x"]]}]}"#;
        let e = Record::parse(three).expect_err("three parts");
        assert_eq!((e.action, e.seat, e.text.as_deref()), (Some(0), Some(1), Some("pass")));
        for bad in ["", "[]", "{}", r#"{"game":"chess","hands":[]}"#, r#"{"game":"kout6"}"#, r#"{"game":5,"hands":[]}"#]
        {
            assert!(Record::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_byte_order_mark_before_the_json_is_ignored() {
        let text = "\u{feff}{\"game\":\"kout4\",\"hands\":[]}";
        assert_eq!(Record::parse(text).expect("record").game, GameKind::Kout4);
    }
}
