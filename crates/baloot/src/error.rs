//! Why an action is refused, in words a player understands.

use cards::{Card, Rank, Suit};
use game::Seat;

/// How people name a rank in a sentence: `9`, `10`, `jack`, `ace`.
pub(crate) const fn rank_word(rank: Rank) -> &'static str {
    match rank {
        Rank::Jack => "jack",
        Rank::Queen => "queen",
        Rank::King => "king",
        Rank::Ace => "ace",
        _ => rank.label(),
    }
}

/// "the 10 of hearts", "the jack of spades".
fn card_words(card: &Card) -> String {
    match (card.rank(), card.suit()) {
        (Some(r), Some(s)) => format!("the {} of {}", rank_word(r), s.name()),
        _ => card.name(),
    }
}

/// An action refused by the rules. Its `Display` is a sentence for the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// Only seats act in Baloot.
    #[error("the clock has no action in Baloot")]
    Clock,
    /// The match is finished.
    #[error("the match is over")]
    MatchOver,
    /// Between hands.
    #[error("no hand is in progress: the next hand must be dealt first")]
    NoHand,
    /// Another seat is to act.
    #[error("it is seat {0}'s turn")]
    NotYourTurn(Seat),
    /// A card played during the bidding.
    #[error("the bidding is not over: pass, hokum or sun")]
    StillBidding,
    /// A bid during the play.
    #[error("the bidding is over: play a card")]
    BiddingOver,
    /// `sun` in round 1 without `sun_in_first_round`.
    #[error("sun is not allowed in round 1 under these rules: pass or hokum")]
    SunInRoundOne,
    /// `hokum S` in round 1 naming another suit than the face-up card's.
    #[error("in round 1 the hokum is in {}, the face-up card's suit", .0.name())]
    RoundOneHokumSuit(Suit),
    /// `hokum` without a suit in round 2.
    #[error("a bare hokum is not allowed in round 2: name a suit")]
    BareHokumInRoundTwo,
    /// `hokum S` in round 2 naming the face-up card's suit.
    #[error("in round 2 the hokum cannot be in {}, the face-up card's suit", .0.name())]
    RoundTwoHokumSuit(Suit),
    /// After a round-1 hokum, the later seats may only say `sun` or `pass`.
    #[error("after seat {0}'s hokum only sun or pass remain")]
    OnlySunOrPass(Seat),
    /// A card the player does not hold.
    #[error("you do not hold {}", card_words(.0))]
    NotHeld(Card),
    /// The player holds the led suit.
    #[error("you must follow {}", .0.name())]
    MustFollow(Suit),
    /// Hokum: void in the led suit and holding a trump.
    #[error("you must trump")]
    MustTrump,
    /// `must_overtrump`: a higher trump than the best in the trick is held.
    #[error("you must beat the {} of trump", rank_word(*.0))]
    MustBeat(Rank),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_sentences_for_a_player() {
        assert_eq!(Illegal::MustFollow(Suit::Hearts).to_string(), "you must follow hearts");
        assert_eq!(Illegal::MustTrump.to_string(), "you must trump");
        assert_eq!(Illegal::MustBeat(Rank::Nine).to_string(), "you must beat the 9 of trump");
        assert_eq!(Illegal::NotYourTurn(Seat::new(2).expect("seat")).to_string(), "it is seat 2's turn");
        assert_eq!(Illegal::BareHokumInRoundTwo.to_string(), "a bare hokum is not allowed in round 2: name a suit");
        assert_eq!(Illegal::NotHeld(Card::new(Rank::Ten, Suit::Clubs)).to_string(), "you do not hold the 10 of clubs");
    }
}
