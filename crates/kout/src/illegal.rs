//! Why an action is refused, in sentences a player understands.

use cards::{Card, Suit};
use game::Seat;

use crate::action::Bid;

/// An action refused by the rules. The state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KoutIllegal {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// Between hands: the next hand has not been dealt.
    #[error("no hand is being played: the next hand has not been dealt yet")]
    NotDealt,
    /// The clock acts only in Kabul.
    #[error("the clock has no action in Kout Bo")]
    Clock,
    /// Another seat is to act.
    #[error("it is seat {0}'s turn")]
    NotYourTurn(Seat),
    /// The action does not fit this moment of the hand.
    #[error("now is the time to {0}")]
    WrongMoment(Moment),
    /// A bid not above the highest bid so far.
    #[error("bid {bid} is not higher than {high}")]
    BidTooLow {
        /// The bid tried.
        bid: Bid,
        /// The highest bid so far.
        high: Bid,
    },
    /// The dealer tried to pass after everyone else passed.
    #[error("the dealer must bid: everyone else passed")]
    DealerMustBid,
    /// The card is not in the player's hand.
    #[error("you do not hold {0}")]
    NotHeld(Card),
    /// A plain suit was led and the player holds it.
    #[error("you must follow {} (or play a joker)", .0.name())]
    MustFollow(Suit),
    /// Trump was led and the player holds a trump or a joker.
    #[error("trump was led: you must play a trump ({}) or a joker", .0.name())]
    MustFollowTrump(Suit),
    /// A joker led when neither joker-lead rule allows it.
    #[error("{}", joker_lead_reason(*.team_bid))]
    JokerLead {
        /// The joker tried.
        joker: Card,
        /// The bid, if the leader's team holds it (`None`: the other team holds it).
        team_bid: Option<Bid>,
    },
}

/// The moments of a hand, for [`KoutIllegal::WrongMoment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Bidding: bid or pass.
    Bidding,
    /// The maker names trump.
    Trump,
    /// Tricks are being played.
    Playing,
}

impl std::fmt::Display for Moment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Moment::Bidding => "bid or pass",
            Moment::Trump => "name trump (\"trump S\")",
            Moment::Playing => "play a card",
        })
    }
}

fn joker_lead_reason(team_bid: Option<Bid>) -> String {
    const NOT_GONE: &str = "the A K Q J of trump are not all played";
    match team_bid.map(Bid::tricks) {
        Some(8) => format!(
            "the black joker may not lead: at your team's bid of 8 only the red joker may, until {}",
            "the A K Q J of trump are all played"
        ),
        Some(b) => format!("a joker may not lead: your team's bid is {b} and {NOT_GONE}"),
        None => format!("a joker may not lead: the other team holds the bid and {NOT_GONE}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_sentences_for_players() {
        let seat3 = Seat::new(3).expect("seat");
        assert_eq!(KoutIllegal::NotYourTurn(seat3).to_string(), "it is seat 3's turn");
        assert_eq!(KoutIllegal::MustFollow(Suit::Hearts).to_string(), "you must follow hearts (or play a joker)");
        let b = |n| Bid::new(n).expect("bid");
        assert_eq!(KoutIllegal::BidTooLow { bid: b(6), high: b(7) }.to_string(), "bid 6 is not higher than 7");
        assert_eq!(
            KoutIllegal::JokerLead { joker: Card::RED_JOKER, team_bid: Some(b(7)) }.to_string(),
            "a joker may not lead: your team's bid is 7 and the A K Q J of trump are not all played"
        );
        assert!(KoutIllegal::DealerMustBid.to_string().starts_with("the dealer must bid"));
        assert_eq!(KoutIllegal::NotHeld(Card::new(cards::Rank::Ace, Suit::Hearts)).to_string(), "you do not hold AH");
    }
}
