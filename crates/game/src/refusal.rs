//! Refusals as data: why the rules refuse an action, as a stable code and its parameters, so that a
//! client can say it in any language (the English sentence stays the error's `Display`).

use std::fmt::Display;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::{Options, Seat};

/// Why an action was refused, as data: a stable `snake_case` code (the refusal variant's name) and
/// its parameters in record notation (cards `"AH"`, suits `"H"`, ranks `"T"`, seats and bids as
/// numbers).
///
/// Serialized flat: `{"code": "must_follow", "suit": "H"}`.
///
/// ```
/// use game::Refusal;
/// use serde_json::json;
///
/// let r = Refusal::new("must_follow").with_text("suit", 'H');
/// assert_eq!(serde_json::to_value(&r).unwrap(), json!({"code": "must_follow", "suit": "H"}));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// The stable code, such as `must_follow`.
    pub code: String,
    /// The parameters, such as `{"suit": "H"}`.
    #[serde(flatten)]
    pub params: Options,
}

impl Refusal {
    /// A refusal with `code` and no parameters yet.
    #[must_use]
    pub fn new(code: &str) -> Self {
        Refusal { code: code.to_owned(), params: Options::new() }
    }

    /// Adds the parameter `name` with a JSON `value`.
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.params.insert(name.to_owned(), value.into());
        self
    }

    /// Adds the parameter `name` as the text of `value` (a card, suit or rank in record notation).
    #[must_use]
    pub fn with_text(self, name: &str, value: impl Display) -> Self {
        self.with(name, value.to_string())
    }

    /// Adds the parameter `name` as a seat number (0-based, as in records).
    #[must_use]
    pub fn with_seat(self, name: &str, seat: Seat) -> Self {
        self.with(name, seat.index())
    }
}

/// A refusal that can be told as data: every game's illegal-action type implements it.
///
/// The codes every game shares carry the same parameters everywhere: `not_your_turn` {`seat`},
/// `match_over`, `no_hand`, `not_held` {`card`}, `must_follow` {`suit`}.
pub trait Refuse {
    /// The code and parameters of this refusal.
    fn refusal(&self) -> Refusal;
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_refusal_serializes_flat_and_reads_back() {
        let r = Refusal::new("not_your_turn").with_seat("seat", Seat::new(3).expect("seat"));
        let v = serde_json::to_value(&r).expect("json");
        assert_eq!(v, json!({"code": "not_your_turn", "seat": 3}));
        assert_eq!(serde_json::from_value::<Refusal>(v).expect("back"), r);
    }
}
