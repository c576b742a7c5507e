//! The strong bots' values of every legal action at a decision: what an analysis of a finished
//! match ([`crate::Playable::evaluate`]) and a hint are built on.
//!
//! An evaluation is made from the deciding seat's view alone, by the same search the strong bot
//! plays with (the same sampled deals or worlds, the same solver), but with its budget counted in
//! search steps only — never the wall clock — and without stopping once the best action is
//! settled, so that every action's value is an average over the same samples and the result is
//! the same on any machine for the same seed.
//!
//! What is evaluated: the card plays of Kout Bo and Baloot, by solving sampled deals; their bids,
//! Kout Bo's trump and Baloot's calls (doubling, Gahwa, Ashkal, Kawesh), by playing sampled deals
//! out with the heuristic, as `strong:bids=sim` chooses them (`search/auction.rs`; a Baloot Sawa
//! claim is not valued); and Kabul's turn decisions (call Kabul or draw, keep or discard, a power's
//! target; not snaps). A decision with a single legal card (or action) is not evaluated:
//! [`crate::Playable::evaluate`] returns `None` for it.

use serde::{Deserialize, Serialize};

/// What an evaluation's values measure; always "higher is better for the seat that decides".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Kout Bo: the chance (0 to 1) that the seat's team makes the bid (if its team made it) or
    /// breaks it (if the other team made it), with best play by everyone after this card on each
    /// sampled deal.
    Chance,
    /// The hand's expected points of the match's score for the seat's team less the other team's,
    /// as the rules score them. Baloot's card plays and calls: its game points (the contract's
    /// failure rule, the stake, projects and the Kaboot included). Kout Bo's bids and trump: the
    /// hand's score (a made Bawan 36, a failed bid of 6 twelve to the other team). A call is valued
    /// on deals played out by the heuristic, where a hand that ends the match counts the match's
    /// target more for its winner.
    GamePoints,
    /// Kabul: minus the expected round score difference — the seat's score at the end of the round
    /// less the mean of the other seats' (lower scores are better in Kabul, hence the sign), with
    /// 30 points more for winning the match when the round ends it (a target score set).
    RoundScore,
}

/// The values of every legal action at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation<A> {
    /// Every legal action with its value, best first.
    pub actions: Vec<(A, f64)>,
    /// What the values measure.
    pub unit: Unit,
    /// Kout only: expected tricks of the seat's team per action (same order as `actions`), else
    /// `None` (also in Kout when the exact tricks were beyond the budget: the chance then comes
    /// from the bid test alone).
    pub tricks: Option<Vec<f64>>,
    /// How many sampled deals/worlds the values average.
    pub samples: usize,
}

impl<A> Evaluation<A> {
    /// An evaluation of `actions` (in any order), sorted best first; ties keep their order.
    pub(crate) fn sorted(actions: Vec<(A, f64)>, unit: Unit, tricks: Option<Vec<f64>>, samples: usize) -> Self {
        let mut order: Vec<usize> = (0..actions.len()).collect();
        order.sort_by(|&x, &y| actions[y].1.total_cmp(&actions[x].1).then(x.cmp(&y)));
        let tricks = tricks.filter(|t| t.len() == actions.len()).map(|t| order.iter().map(|&i| t[i]).collect());
        let mut slots: Vec<Option<(A, f64)>> = actions.into_iter().map(Some).collect();
        let actions = order.iter().filter_map(|&i| slots[i].take()).collect();
        Evaluation { actions, unit, tricks, samples }
    }

    /// The best action, if any.
    #[must_use]
    pub fn best(&self) -> Option<&A> {
        self.actions.first().map(|(a, _)| a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorting_puts_the_best_first_and_keeps_tricks_in_step() {
        let e =
            Evaluation::sorted(vec![('a', 0.2), ('b', 0.9), ('c', 0.5)], Unit::Chance, Some(vec![4.0, 7.0, 5.0]), 3);
        assert_eq!(e.actions, vec![('b', 0.9), ('c', 0.5), ('a', 0.2)]);
        assert_eq!(e.tricks, Some(vec![7.0, 5.0, 4.0]));
        assert_eq!(e.best(), Some(&'b'));
        assert_eq!(serde_json::to_string(&Unit::GamePoints).expect("json"), "\"game_points\"");
    }
}
