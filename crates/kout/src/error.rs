//! Why an action is refused, in sentences a player understands.

use cards::{Card, Suit};
use game::{Refusal, Refuse, Seat};

use crate::action::Bid;

/// An action refused by the rules. The state is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Illegal {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// Between hands: the next hand has not been dealt.
    #[error("no hand is being played: the next hand has not been dealt yet")]
    NoHand,
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

/// The moments of a hand, for [`Illegal::WrongMoment`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Bidding: bid or pass.
    Bidding,
    /// The maker names trump.
    Trump,
    /// Tricks are being played.
    Playing,
}

impl Moment {
    /// The moment's name in refusals: `bidding`, `trump` or `playing`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Moment::Bidding => "bidding",
            Moment::Trump => "trump",
            Moment::Playing => "playing",
        }
    }
}

impl Refuse for Illegal {
    fn refusal(&self) -> Refusal {
        match *self {
            Illegal::MatchOver => Refusal::new("match_over"),
            Illegal::NoHand => Refusal::new("no_hand"),
            Illegal::Clock => Refusal::new("clock"),
            Illegal::NotYourTurn(seat) => Refusal::new("not_your_turn").with_seat("seat", seat),
            Illegal::WrongMoment(moment) => Refusal::new("wrong_moment").with("moment", moment.code()),
            Illegal::BidTooLow { bid, high } => {
                Refusal::new("bid_too_low").with("bid", bid.tricks()).with("high", high.tricks())
            }
            Illegal::DealerMustBid => Refusal::new("dealer_must_bid"),
            Illegal::NotHeld(card) => Refusal::new("not_held").with_text("card", card),
            Illegal::MustFollow(suit) => Refusal::new("must_follow").with_text("suit", suit),
            Illegal::MustFollowTrump(suit) => Refusal::new("must_follow_trump").with_text("suit", suit),
            Illegal::JokerLead { joker, team_bid } => {
                Refusal::new("joker_lead").with_text("joker", joker).with("team_bid", team_bid.map(Bid::tricks))
            }
        }
    }
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
        assert_eq!(Illegal::NotYourTurn(seat3).to_string(), "it is seat 3's turn");
        assert_eq!(Illegal::MustFollow(Suit::Hearts).to_string(), "you must follow hearts (or play a joker)");
        let b = |n| Bid::new(n).expect("bid");
        assert_eq!(Illegal::BidTooLow { bid: b(6), high: b(7) }.to_string(), "bid 6 is not higher than 7");
        assert_eq!(
            Illegal::JokerLead { joker: Card::RED_JOKER, team_bid: Some(b(7)) }.to_string(),
            "a joker may not lead: your team's bid is 7 and the A K Q J of trump are not all played"
        );
        assert!(Illegal::DealerMustBid.to_string().starts_with("the dealer must bid"));
        assert_eq!(Illegal::NotHeld(Card::new(cards::Rank::Ace, Suit::Hearts)).to_string(), "you do not hold AH");
    }

    /// One example of every variant; the exhaustive match fails to compile when a variant is added
    /// without an example.
    fn every_variant() -> Vec<Illegal> {
        let b = |n| Bid::new(n).expect("bid");
        let all = vec![
            Illegal::MatchOver,
            Illegal::NoHand,
            Illegal::Clock,
            Illegal::NotYourTurn(Seat::new(3).expect("seat")),
            Illegal::WrongMoment(Moment::Trump),
            Illegal::BidTooLow { bid: b(6), high: b(7) },
            Illegal::DealerMustBid,
            Illegal::NotHeld(Card::new(cards::Rank::Ten, Suit::Hearts)),
            Illegal::MustFollow(Suit::Hearts),
            Illegal::MustFollowTrump(Suit::Spades),
            Illegal::JokerLead { joker: Card::BLACK_JOKER, team_bid: Some(b(8)) },
        ];
        for (i, e) in all.iter().enumerate() {
            let n = match e {
                Illegal::MatchOver => 0,
                Illegal::NoHand => 1,
                Illegal::Clock => 2,
                Illegal::NotYourTurn(_) => 3,
                Illegal::WrongMoment(_) => 4,
                Illegal::BidTooLow { .. } => 5,
                Illegal::DealerMustBid => 6,
                Illegal::NotHeld(_) => 7,
                Illegal::MustFollow(_) => 8,
                Illegal::MustFollowTrump(_) => 9,
                Illegal::JokerLead { .. } => 10,
            };
            assert_eq!(n, i, "every_variant lists each variant once, in order");
        }
        all
    }

    #[test]
    fn every_refusal_has_a_distinct_stable_code_and_shared_codes_share_params() {
        let expected = [
            "match_over",
            "no_hand",
            "clock",
            "not_your_turn",
            "wrong_moment",
            "bid_too_low",
            "dealer_must_bid",
            "not_held",
            "must_follow",
            "must_follow_trump",
            "joker_lead",
        ];
        game::testing::check_refusal_codes(&every_variant(), &expected).expect("codes");
    }

    #[test]
    fn refusal_params_are_in_record_notation() {
        let json = |e: Illegal| serde_json::to_value(e.refusal()).expect("json");
        let b = |n| Bid::new(n).expect("bid");
        assert_eq!(
            json(Illegal::NotYourTurn(Seat::new(3).expect("seat"))),
            serde_json::json!({"code": "not_your_turn", "seat": 3})
        );
        assert_eq!(
            json(Illegal::NotHeld(Card::new(cards::Rank::Ten, Suit::Hearts))),
            serde_json::json!({"code": "not_held", "card": "TH"})
        );
        assert_eq!(json(Illegal::MustFollow(Suit::Hearts)), serde_json::json!({"code": "must_follow", "suit": "H"}));
        assert_eq!(
            json(Illegal::BidTooLow { bid: b(6), high: b(7) }),
            serde_json::json!({"code": "bid_too_low", "bid": 6, "high": 7})
        );
        assert_eq!(
            json(Illegal::JokerLead { joker: Card::RED_JOKER, team_bid: None }),
            serde_json::json!({"code": "joker_lead", "joker": "RJ", "team_bid": null})
        );
        assert_eq!(
            json(Illegal::WrongMoment(Moment::Trump)),
            serde_json::json!({"code": "wrong_moment", "moment": "trump"})
        );
    }
}
