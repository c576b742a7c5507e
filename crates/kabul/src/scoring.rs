//! Card values, round scores and who wins.

use cards::{Card, Rank};
use game::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// What a card counts at the end (lower is better): joker −1, red king 0, ace 1, 2–10 face value,
/// jack 11, queen 12, black king 13.
#[must_use]
pub fn card_value(card: Card) -> i32 {
    match card.rank() {
        None => -1,
        Some(Rank::King) if card.is_red() => 0,
        Some(Rank::Ace) => 1,
        Some(rank) => i32::from(rank.value()),
    }
}

/// Whether two cards have the same rank for snapping: jokers match jokers, and a red king matches
/// a black one (same rank, whatever their values).
#[must_use]
pub fn same_rank(a: Card, b: Card) -> bool {
    (a.is_joker() && b.is_joker()) || (a.rank().is_some() && a.rank() == b.rank())
}

/// The seats with the lowest score (all of them share the win).
#[must_use]
pub fn lowest(scores: &[i32]) -> SeatSet {
    let Some(&min) = scores.iter().min() else { return SeatSet::EMPTY };
    scores.iter().enumerate().filter(|&(_, &s)| s == min).filter_map(|(i, _)| Seat::new(i)).collect()
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundEnd {
    /// Kabul was called and every other player had one more turn.
    Kabul,
    /// A card had to be drawn and none could be had, even by a reshuffle.
    NoCards,
}

/// One round as `majlis replay` reports it; `scores` and `winners` are `null` until it ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    /// Who dealt.
    pub dealer: Seat,
    /// Each seat's score for the round (sum of its card values).
    pub scores: Option<Vec<i32>>,
    /// The seats with the lowest score.
    pub winners: Option<SeatSet>,
    /// Who called Kabul, if anyone has.
    pub caller: Option<Seat>,
    /// How the round ended.
    pub end: Option<RoundEnd>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn card_values_joker_minus_one_red_king_zero_black_king_thirteen() {
        assert_eq!(card_value(Card::RED_JOKER), -1);
        assert_eq!(card_value(Card::BLACK_JOKER), -1);
        assert_eq!(card_value(c("KH")), 0);
        assert_eq!(card_value(c("KD")), 0);
        assert_eq!(card_value(c("KS")), 13);
        assert_eq!(card_value(c("KC")), 13);
        assert_eq!(card_value(c("AS")), 1);
        assert_eq!(card_value(c("TD")), 10);
        assert_eq!(card_value(c("2C")), 2);
        assert_eq!(card_value(c("JH")), 11);
        assert_eq!(card_value(c("QS")), 12);
        let total: i32 = cards::CardSet::ALL.iter().map(card_value).sum();
        // Four suits of ace to queen (78 each), two black kings at 13, two jokers at −1.
        assert_eq!(total, 4 * 78 + 26 - 2);
    }

    #[test]
    fn snap_matches_rank_jokers_together_and_kings_of_both_colours() {
        assert!(same_rank(Card::RED_JOKER, Card::BLACK_JOKER));
        assert!(same_rank(c("KH"), c("KS")));
        assert!(same_rank(c("7C"), c("7D")));
        assert!(!same_rank(c("7C"), c("8C")));
        assert!(!same_rank(Card::RED_JOKER, c("AS")));
    }

    #[test]
    fn tied_lowest_scores_share_the_win() {
        assert_eq!(lowest(&[5, 3, 3, 9]).iter().map(Seat::index).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(lowest(&[-1, 0]).iter().map(Seat::index).collect::<Vec<_>>(), vec![0]);
        assert!(lowest(&[]).is_empty());
    }
}
