//! Hints: the strong bot's suggestion for one decision, from the deciding seat's view only — the
//! same knowledge a strong bot in that seat has. The server answers a player's `hint` with it and
//! the terminal game's hint key shows it.

use game::Seat;

use crate::analysis::Unit;
use crate::{BotSpec, Playable};

/// How a suggestion was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// The best value of [`Playable::evaluate`]'s search over sampled deals (or worlds).
    Search,
    /// The strong bot's own choice, without values: a decision the evaluation does not cover (a
    /// Baloot Sawa, a Kabul snap) or could not value in its budget.
    Bot,
}

impl Basis {
    /// The basis as the protocol writes it: `search` or `bot`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Basis::Search => "search",
            Basis::Bot => "bot",
        }
    }
}

/// The strong bot's suggestion and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggestion<A> {
    /// The suggested action.
    pub action: A,
    /// How it was found.
    pub basis: Basis,
    /// What the values measure ([`Basis::Search`] only).
    pub unit: Option<Unit>,
    /// The suggested action's value ([`Basis::Search`] only).
    pub value: Option<f64>,
    /// The next best action and its value, if another is legal ([`Basis::Search`] only).
    pub next: Option<(A, f64)>,
    /// Kout Bo: the team's expected tricks with the suggested action.
    pub tricks: Option<f64>,
    /// The deals (or worlds) the values average; 0 for [`Basis::Bot`].
    pub samples: usize,
}

/// The strong bot's suggestion for `seat`, knowing only `view`, with `ms` of search and its random
/// choices from `seed`: the best action by [`Playable::evaluate`] where the evaluation covers the
/// decision, else the strong bot's own choice.
///
/// # Panics
/// If `legal` is empty (as [`crate::Bot::choose`]): call it only for a seat that may act.
pub fn suggest<G: Playable>(
    rules: &G::Rules,
    seat: Seat,
    view: &G::View,
    legal: &[G::Action],
    ms: u32,
    seed: u64,
) -> Suggestion<G::Action> {
    if let Some(e) = G::evaluate(rules, seat, view, legal, ms, seed).filter(|e| !e.actions.is_empty()) {
        let (action, value) = e.actions[0];
        return Suggestion {
            action,
            basis: Basis::Search,
            unit: Some(e.unit),
            value: Some(value),
            next: e.actions.get(1).copied(),
            tricks: e.tricks.as_ref().and_then(|t| t.first().copied()),
            samples: e.samples,
        };
    }
    let spec = BotSpec { ms: Some(ms), ..BotSpec::STRONG };
    let action = G::bot(spec, seed, rules).choose(seat, view, legal);
    Suggestion { action, basis: Basis::Bot, unit: None, value: None, next: None, tricks: None, samples: 0 }
}

/// A value in words: a chance as a percentage, points with one decimal.
fn value_words(unit: Unit, value: f64) -> String {
    match unit {
        Unit::Chance => format!("{:.0}%", value * 100.0),
        Unit::GamePoints | Unit::RoundScore => format!("{value:.1} points"),
    }
}

impl<A: Copy + std::fmt::Display> Suggestion<A> {
    /// The suggestion in English words, short enough for one line of a terminal, e.g. "hint: play
    /// QH — bid made or broken in 63% of 48 deals (next: play 9H, 38%)".
    #[must_use]
    pub fn words(&self) -> String {
        let (Some(unit), Some(value)) = (self.unit, self.value) else {
            return format!("hint: {} (the strong bot's choice)", self.action);
        };
        let why = match unit {
            Unit::Chance => format!("bid made or broken in {} of {} deals", value_words(unit, value), self.samples),
            Unit::GamePoints => format!("{} expected over {} deals", value_words(unit, value), self.samples),
            Unit::RoundScore => {
                format!("{} better than the others over {} deals", value_words(unit, value), self.samples)
            }
        };
        let next = self.next.map(|(a, v)| format!(" (next: {a}, {})", value_words(unit, v))).unwrap_or_default();
        format!("hint: {} — {why}{next}", self.action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suggestion_says_its_action_and_why() {
        let s = Suggestion {
            action: "play QH",
            basis: Basis::Search,
            unit: Some(Unit::Chance),
            value: Some(0.6251),
            next: Some(("play 9H", 0.375)),
            tricks: Some(5.2),
            samples: 48,
        };
        assert_eq!(s.words(), "hint: play QH — bid made or broken in 63% of 48 deals (next: play 9H, 38%)");
        let b = Suggestion {
            action: "bid 5",
            basis: Basis::Bot,
            unit: None,
            value: None,
            next: None,
            tricks: None,
            samples: 0,
        };
        assert_eq!(b.words(), "hint: bid 5 (the strong bot's choice)");
        let p = Suggestion { unit: Some(Unit::GamePoints), value: Some(11.04), next: None, basis: Basis::Search, ..b };
        assert_eq!(p.words(), "hint: bid 5 — 11.0 points expected over 0 deals");
    }
}
