//! Which game a record or table plays.

use std::fmt;
use std::str::FromStr;

use cards::DeckKind;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The games of Majlis, by their record id.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameKind {
    /// Kout Bo for six players (`kout6`).
    Kout6,
    /// Kout Bo for four players (`kout4`).
    Kout4,
    /// Baloot (`baloot`).
    Baloot,
    /// Kabul (`kabul`).
    Kabul,
}

impl GameKind {
    /// Every game.
    pub const ALL: [GameKind; 4] = [GameKind::Kout6, GameKind::Kout4, GameKind::Baloot, GameKind::Kabul];

    /// The record id: `kout6`, `kout4`, `baloot`, `kabul`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Kout6 => "kout6",
            GameKind::Kout4 => "kout4",
            GameKind::Baloot => "baloot",
            GameKind::Kabul => "kabul",
        }
    }

    /// The name people use.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameKind::Kout6 => "Kout Bo 6",
            GameKind::Kout4 => "Kout Bo 4",
            GameKind::Baloot => "Baloot",
            GameKind::Kabul => "Kabul",
        }
    }

    /// The cards the game is played with.
    #[must_use]
    pub const fn deck(self) -> DeckKind {
        match self {
            GameKind::Kout6 => DeckKind::Kout6,
            GameKind::Kout4 => DeckKind::Kout4,
            GameKind::Baloot => DeckKind::Baloot,
            GameKind::Kabul => DeckKind::Kabul,
        }
    }

    /// Whether the game is played in two teams with tricks (Kout Bo, Baloot), as opposed to each
    /// player for themselves (Kabul).
    #[must_use]
    pub const fn has_teams(self) -> bool {
        !matches!(self, GameKind::Kabul)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that Majlis does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {0:?} (known: kout6, kout4, baloot, kabul)")]
pub struct UnknownGame(pub String);

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameKind::ALL
            .into_iter()
            .find(|k| k.id().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGame(s.chars().take(40).collect()))
    }
}

impl Serialize for GameKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for GameKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}
