//! The facts of one hand as `majlis replay` reports them.

use arrayvec::ArrayVec;
use cards::Suit;
use game::{ByTeam, Seat};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::projects::ProjectKind;

/// A hand's stake: a multiplier from 1 (not doubled) to 4, or `gahwa` (the match on the hand,
/// scored as ×4). Serialized as the number, or the text `"gahwa"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Multiplier {
    /// ×1 to ×4.
    Times(u8),
    /// `gahwa`.
    Gahwa,
}

impl Multiplier {
    /// The factor the hand is scored with (4 for `gahwa`).
    #[must_use]
    pub const fn factor(self) -> u8 {
        match self {
            Multiplier::Times(m) => m,
            Multiplier::Gahwa => 4,
        }
    }
}

impl Serialize for Multiplier {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Multiplier::Times(m) => serializer.serialize_u8(*m),
            Multiplier::Gahwa => serializer.serialize_str("gahwa"),
        }
    }
}

impl<'de> Deserialize<'de> for Multiplier {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Times(u8),
            Word(String),
        }
        match Raw::deserialize(deserializer)? {
            Raw::Times(m @ 1..=4) => Ok(Multiplier::Times(m)),
            Raw::Word(w) if w == "gahwa" => Ok(Multiplier::Gahwa),
            _ => Err(serde::de::Error::custom("a multiplier is 1 to 4 or \"gahwa\"")),
        }
    }
}

/// How a hand ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndedBy {
    /// All 8 tricks were played.
    Play,
    /// A player said `sawa` and the claim was settled.
    Sawa,
    /// A player said `kawesh`: no score, the same dealer deals again.
    Kawesh,
    /// Everyone passed twice.
    Void,
}

/// One hand's facts: `null` for what is not known yet (an unfinished hand).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandSummary {
    /// The dealer.
    pub dealer: Seat,
    /// Who won the bidding (after `ashkal`, the caller).
    pub bidder: Option<Seat>,
    /// `"hokum"` or `"sun"`.
    pub mode: Option<&'static str>,
    /// The trump suit's letter in Hokum (`null` in Sun).
    pub trump: Option<Suit>,
    /// Tricks per team.
    pub tricks: Option<ByTeam<u8>>,
    /// Card points per team, the last trick's 10 included.
    pub card_points: Option<ByTeam<u16>>,
    /// Per team, the names of the projects whose points it received.
    pub projects: Option<ByTeam<ArrayVec<ProjectKind, 9>>>,
    /// Game points per team for this hand.
    pub score: Option<ByTeam<i32>>,
    /// Whether everyone passed twice (`null` while the bidding is open).
    pub void: Option<bool>,
    /// The stake once the bidding is over: 1 to 4, or `"gahwa"` (`null` without a contract).
    pub multiplier: Option<Multiplier>,
    /// Whether the last raise was closed (`null` without a contract).
    pub closed: Option<bool>,
    /// How the hand ended: `"play"`, `"sawa"`, `"kawesh"` or `"void"` (`null` while it goes on).
    pub ended_by: Option<EndedBy>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multiplier_is_a_number_or_gahwa() {
        assert_eq!(serde_json::to_value(Multiplier::Times(3)).expect("json"), serde_json::json!(3));
        assert_eq!(serde_json::to_value(Multiplier::Gahwa).expect("json"), serde_json::json!("gahwa"));
        for m in [Multiplier::Times(1), Multiplier::Times(4), Multiplier::Gahwa] {
            let back: Multiplier = serde_json::from_value(serde_json::to_value(m).expect("json")).expect("read");
            assert_eq!(back, m);
        }
        assert!(serde_json::from_value::<Multiplier>(serde_json::json!(5)).is_err());
        assert!(serde_json::from_value::<Multiplier>(serde_json::json!("coffee")).is_err());
        assert_eq!(Multiplier::Gahwa.factor(), 4);
        assert_eq!(serde_json::to_value(EndedBy::Kawesh).expect("json"), serde_json::json!("kawesh"));
    }
}
