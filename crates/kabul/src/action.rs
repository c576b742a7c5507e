//! Kabul actions and their record notation (`draw deck`, `peek 1:2`, `switch 0:3 2:1`, `snap 0`).

use std::fmt;
use std::str::FromStr;

use game::{ParseActionError, Seat};
use serde::{Deserialize, Serialize};

/// A slot of a player's grid: 0 1 on the top row, 2 3 on the bottom row, then penalty slots 4, 5…
/// numbered after the highest. Slots are fixed places: a snapped-away card leaves its slot empty.
pub type Slot = u8;

/// A place on the table: a seat's grid slot (`S:P` in the notation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Whose grid.
    pub seat: Seat,
    /// Which slot of it.
    pub slot: Slot,
}

impl Pos {
    /// The slot `slot` of `seat`'s grid.
    #[must_use]
    pub const fn new(seat: Seat, slot: Slot) -> Pos {
        Pos { seat, slot }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.seat, self.slot)
    }
}

/// One action of Kabul, as records write it (`docs/records.md`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KabulAction {
    /// `kabul`: call Kabul instead of drawing; the caller's cards are locked.
    Kabul,
    /// `draw deck`: take the top card of the draw pile (seen only by the drawer).
    DrawDeck,
    /// `draw discard`: take the top card of the discard pile (it must then replace a card).
    DrawDiscard,
    /// `discard`: throw the card drawn from the deck onto the discard pile without using its power.
    Discard,
    /// `discard power`: throw the card drawn from the deck away and use its power (target follows).
    DiscardPower,
    /// `peek P`: the 9/8 power, look at one of your own cards.
    PeekOwn(Slot),
    /// `peek S:P`: the 7/6 power, look at another player's card.
    PeekOther(Pos),
    /// `switch S:P S:P`: the queen/king (look at both) or jack/10 (blind) power.
    Switch(Pos, Pos),
    /// `replace P`: put the drawn card into your slot P; the card there goes to the discard pile.
    Replace(Slot),
    /// `snap P`: during a snap window, turn up your card at P hoping it matches the discard pile.
    Snap(Slot),
    /// `pass`: leave the current snap window.
    Pass,
    /// `close`: the clock closes the snap window (`[null, "close"]` in records).
    Close,
}

impl fmt::Display for KabulAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KabulAction::Kabul => f.write_str("kabul"),
            KabulAction::DrawDeck => f.write_str("draw deck"),
            KabulAction::DrawDiscard => f.write_str("draw discard"),
            KabulAction::Discard => f.write_str("discard"),
            KabulAction::DiscardPower => f.write_str("discard power"),
            KabulAction::PeekOwn(p) => write!(f, "peek {p}"),
            KabulAction::PeekOther(pos) => write!(f, "peek {pos}"),
            KabulAction::Switch(a, b) => write!(f, "switch {a} {b}"),
            KabulAction::Replace(p) => write!(f, "replace {p}"),
            KabulAction::Snap(p) => write!(f, "snap {p}"),
            KabulAction::Pass => f.write_str("pass"),
            KabulAction::Close => f.write_str("close"),
        }
    }
}

const HINT: &str = "expected kabul, draw deck, draw discard, discard, discard power, peek P, peek S:P, \
                    switch S:P S:P, replace P, snap P, pass or close (S a seat, P a grid position)";

fn parse_slot(word: &str) -> Option<Slot> {
    // Digits only: "+1" and " 1" are not positions.
    if word.is_empty() || word.len() > 3 || !word.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse().ok()
}

fn parse_pos(word: &str) -> Option<Pos> {
    let (seat, slot) = word.split_once(':')?;
    let seat = parse_slot(seat)?;
    Some(Pos { seat: Seat::new(usize::from(seat))?, slot: parse_slot(slot)? })
}

impl FromStr for KabulAction {
    type Err = ParseActionError;

    /// Reads the notation in any case, with any spacing between words.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError::new(s, "kabul", HINT);
        let mut words = s.split_whitespace();
        let first = words.next().ok_or_else(err)?.to_ascii_lowercase();
        let rest: arrayvec::ArrayVec<&str, 3> = {
            let mut rest = arrayvec::ArrayVec::new();
            for w in words {
                rest.try_push(w).map_err(|_| err())?;
            }
            rest
        };
        let word = |i: usize| rest.get(i).map(|w| w.to_ascii_lowercase());
        let action = match (first.as_str(), rest.len()) {
            ("kabul", 0) => KabulAction::Kabul,
            ("pass", 0) => KabulAction::Pass,
            ("close", 0) => KabulAction::Close,
            ("discard", 0) => KabulAction::Discard,
            ("discard", 1) if word(0).as_deref() == Some("power") => KabulAction::DiscardPower,
            ("draw", 1) if word(0).as_deref() == Some("deck") => KabulAction::DrawDeck,
            ("draw", 1) if word(0).as_deref() == Some("discard") => KabulAction::DrawDiscard,
            ("peek", 1) => {
                let w = rest.first().copied().unwrap_or_default();
                if w.contains(':') {
                    KabulAction::PeekOther(parse_pos(w).ok_or_else(err)?)
                } else {
                    KabulAction::PeekOwn(parse_slot(w).ok_or_else(err)?)
                }
            }
            ("switch", 2) => {
                let a = rest.first().and_then(|w| parse_pos(w)).ok_or_else(err)?;
                let b = rest.get(1).and_then(|w| parse_pos(w)).ok_or_else(err)?;
                KabulAction::Switch(a, b)
            }
            ("replace", 1) => KabulAction::Replace(rest.first().and_then(|w| parse_slot(w)).ok_or_else(err)?),
            ("snap", 1) => KabulAction::Snap(rest.first().and_then(|w| parse_slot(w)).ok_or_else(err)?),
            _ => return Err(err()),
        };
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(i: usize) -> Seat {
        Seat::new(i).expect("seat")
    }

    #[test]
    fn notation_round_trips() {
        let all = [
            KabulAction::Kabul,
            KabulAction::DrawDeck,
            KabulAction::DrawDiscard,
            KabulAction::Discard,
            KabulAction::DiscardPower,
            KabulAction::PeekOwn(3),
            KabulAction::PeekOther(Pos::new(seat(2), 1)),
            KabulAction::Switch(Pos::new(seat(0), 3), Pos::new(seat(5), 12)),
            KabulAction::Replace(0),
            KabulAction::Snap(4),
            KabulAction::Pass,
            KabulAction::Close,
        ];
        for a in all {
            assert_eq!(a.to_string().parse::<KabulAction>(), Ok(a), "{a}");
        }
        assert_eq!(KabulAction::Switch(Pos::new(seat(1), 2), Pos::new(seat(3), 0)).to_string(), "switch 1:2 3:0");
        assert_eq!(KabulAction::PeekOther(Pos::new(seat(1), 2)).to_string(), "peek 1:2");
    }

    #[test]
    fn notation_reads_any_case_and_spacing() {
        assert_eq!("  Draw   DECK ".parse::<KabulAction>(), Ok(KabulAction::DrawDeck));
        assert_eq!("KABUL".parse::<KabulAction>(), Ok(KabulAction::Kabul));
        assert_eq!("Discard Power".parse::<KabulAction>(), Ok(KabulAction::DiscardPower));
    }

    #[test]
    fn garbage_is_rejected_with_the_notation_as_hint() {
        for bad in [
            "",
            "draw",
            "draw pile",
            "discard now",
            "peek",
            "peek x",
            "peek 1:",
            "peek :1",
            "peek 9:1",
            "peek -1",
            "peek +1",
            "switch 0:1",
            "switch 0:1 2:3 4:5",
            "switch 0 1",
            "replace",
            "replace 1:2",
            "snap 1 2",
            "snap 999",
            "pass 1",
            "kabul!",
            "play AS",
        ] {
            let e = bad.parse::<KabulAction>().expect_err(bad);
            assert!(e.to_string().contains("draw deck"), "{e}");
        }
    }
}
