//! Why an action is refused, in words a player understands.

use cards::{Card, Rank, Suit};
use game::{Refusal, Refuse, Seat};

use crate::action::Stake;

/// The call offered at a doubling step: `double`, `three`, `four`, `gahwa`.
const fn step_word(step: u8) -> &'static str {
    match step {
        1 => "double",
        2 => "three",
        3 => "four",
        _ => "gahwa",
    }
}

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
    /// A call whose option is off at this table (`double`, `gahwa`, `ashkal`, `kawesh`, `sawa`).
    #[error("{0} is not played under these rules")]
    CallNotInRules(&'static str),
    /// A bid, a card or a claim while the doubling steps are under way.
    #[error("the doubling is not over: raise or pass")]
    StillDoubling,
    /// A raise once the doubling steps are over.
    #[error("the doubling is over: play a card")]
    DoublingOver,
    /// A raise that belongs to the other team's steps (`three` by a defender, `double` by the
    /// bidder's team).
    #[error("{0} is the other team's call")]
    NotYourTeamsCall(&'static str),
    /// The right team's raise at the wrong step (`four` before anyone doubled).
    #[error("the call now is {} or pass", step_word(*.0))]
    NotThisStep(u8),
    /// A raise in Hokum without `open` or `closed`.
    #[error("say {} open or {} closed", .0.word(), .0.word())]
    OpenOrClosed(Stake),
    /// `double open` or `double closed` in Sun, where the double is plain.
    #[error("in Sun the double is neither open nor closed: say double")]
    SunDoubleIsPlain,
    /// A raise in Sun unless the bidder's team has more than 100 and the defenders fewer than 100.
    #[error("in Sun a double needs the bidder's team above 100 points and the defenders below 100")]
    SunDoubleNeedsScores,
    /// A trump led while the last raise was closed and the leader holds another suit.
    #[error("the double is closed: you may not lead a trump while you hold another suit")]
    ClosedTrumpLead,
    /// `ashkal` in round 2.
    #[error("ashkal is said in round 1 only")]
    AshkalOnlyInRoundOne,
    /// `ashkal` by a seat other than the dealer and the seat before the dealer.
    #[error("only the dealer and the seat before the dealer may say ashkal")]
    AshkalWrongSeat,
    /// `ashkal` when the face-up card is an ace.
    #[error("no ashkal when the face-up card is an ace")]
    AshkalOnAnAce,
    /// `kawesh` after a bid, or in round 2.
    #[error("kawesh is said in round 1, before anyone bids")]
    KaweshTooLate,
    /// `kawesh` with a card above the 9.
    #[error("kawesh needs five cards of 7, 8 and 9, and you hold {}", card_words(.0))]
    KaweshNeedsLowCards(Card),
    /// `sawa` by a player who is not about to lead.
    #[error("sawa is said by the player about to lead, before the trick starts")]
    SawaNotLeading,
}

impl Refuse for Illegal {
    fn refusal(&self) -> Refusal {
        match *self {
            Illegal::Clock => Refusal::new("clock"),
            Illegal::MatchOver => Refusal::new("match_over"),
            Illegal::NoHand => Refusal::new("no_hand"),
            Illegal::NotYourTurn(seat) => Refusal::new("not_your_turn").with_seat("seat", seat),
            Illegal::StillBidding => Refusal::new("still_bidding"),
            Illegal::BiddingOver => Refusal::new("bidding_over"),
            Illegal::SunInRoundOne => Refusal::new("sun_in_round_one"),
            Illegal::RoundOneHokumSuit(suit) => Refusal::new("round_one_hokum_suit").with_text("suit", suit),
            Illegal::BareHokumInRoundTwo => Refusal::new("bare_hokum_in_round_two"),
            Illegal::RoundTwoHokumSuit(suit) => Refusal::new("round_two_hokum_suit").with_text("suit", suit),
            Illegal::OnlySunOrPass(seat) => Refusal::new("only_sun_or_pass").with_seat("seat", seat),
            Illegal::NotHeld(card) => Refusal::new("not_held").with_text("card", card),
            Illegal::MustFollow(suit) => Refusal::new("must_follow").with_text("suit", suit),
            Illegal::MustTrump => Refusal::new("must_trump"),
            Illegal::MustBeat(rank) => Refusal::new("must_beat").with_text("rank", rank),
            Illegal::CallNotInRules(call) => Refusal::new("call_not_in_rules").with_text("call", call),
            Illegal::StillDoubling => Refusal::new("still_doubling"),
            Illegal::DoublingOver => Refusal::new("doubling_over"),
            Illegal::NotYourTeamsCall(call) => Refusal::new("not_your_teams_call").with_text("call", call),
            Illegal::NotThisStep(step) => {
                Refusal::new("not_this_step").with("step", step).with_text("call", step_word(step))
            }
            Illegal::OpenOrClosed(stake) => Refusal::new("open_or_closed").with_text("call", stake.word()),
            Illegal::SunDoubleIsPlain => Refusal::new("sun_double_is_plain"),
            Illegal::SunDoubleNeedsScores => Refusal::new("sun_double_needs_scores"),
            Illegal::ClosedTrumpLead => Refusal::new("closed_trump_lead"),
            Illegal::AshkalOnlyInRoundOne => Refusal::new("ashkal_only_in_round_one"),
            Illegal::AshkalWrongSeat => Refusal::new("ashkal_wrong_seat"),
            Illegal::AshkalOnAnAce => Refusal::new("ashkal_on_an_ace"),
            Illegal::KaweshTooLate => Refusal::new("kawesh_too_late"),
            Illegal::KaweshNeedsLowCards(card) => Refusal::new("kawesh_needs_low_cards").with_text("card", card),
            Illegal::SawaNotLeading => Refusal::new("sawa_not_leading"),
        }
    }
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
        assert_eq!(Illegal::NotThisStep(2).to_string(), "the call now is three or pass");
        assert_eq!(Illegal::OpenOrClosed(Stake::Four).to_string(), "say four open or four closed");
        assert_eq!(
            Illegal::KaweshNeedsLowCards(Card::new(Rank::Ten, Suit::Hearts)).to_string(),
            "kawesh needs five cards of 7, 8 and 9, and you hold the 10 of hearts"
        );
    }

    /// One example of every variant; the exhaustive match fails to compile when a variant is added
    /// without an example.
    fn every_variant() -> Vec<Illegal> {
        let seat = |i| Seat::new(i).expect("seat");
        let all = vec![
            Illegal::Clock,
            Illegal::MatchOver,
            Illegal::NoHand,
            Illegal::NotYourTurn(seat(2)),
            Illegal::StillBidding,
            Illegal::BiddingOver,
            Illegal::SunInRoundOne,
            Illegal::RoundOneHokumSuit(Suit::Diamonds),
            Illegal::BareHokumInRoundTwo,
            Illegal::RoundTwoHokumSuit(Suit::Clubs),
            Illegal::OnlySunOrPass(seat(1)),
            Illegal::NotHeld(Card::new(Rank::Ten, Suit::Clubs)),
            Illegal::MustFollow(Suit::Hearts),
            Illegal::MustTrump,
            Illegal::MustBeat(Rank::Nine),
            Illegal::CallNotInRules("sawa"),
            Illegal::StillDoubling,
            Illegal::DoublingOver,
            Illegal::NotYourTeamsCall("three"),
            Illegal::NotThisStep(1),
            Illegal::OpenOrClosed(Stake::Double),
            Illegal::SunDoubleIsPlain,
            Illegal::SunDoubleNeedsScores,
            Illegal::ClosedTrumpLead,
            Illegal::AshkalOnlyInRoundOne,
            Illegal::AshkalWrongSeat,
            Illegal::AshkalOnAnAce,
            Illegal::KaweshTooLate,
            Illegal::KaweshNeedsLowCards(Card::new(Rank::Ten, Suit::Hearts)),
            Illegal::SawaNotLeading,
        ];
        for (i, e) in all.iter().enumerate() {
            let n = match e {
                Illegal::Clock => 0,
                Illegal::MatchOver => 1,
                Illegal::NoHand => 2,
                Illegal::NotYourTurn(_) => 3,
                Illegal::StillBidding => 4,
                Illegal::BiddingOver => 5,
                Illegal::SunInRoundOne => 6,
                Illegal::RoundOneHokumSuit(_) => 7,
                Illegal::BareHokumInRoundTwo => 8,
                Illegal::RoundTwoHokumSuit(_) => 9,
                Illegal::OnlySunOrPass(_) => 10,
                Illegal::NotHeld(_) => 11,
                Illegal::MustFollow(_) => 12,
                Illegal::MustTrump => 13,
                Illegal::MustBeat(_) => 14,
                Illegal::CallNotInRules(_) => 15,
                Illegal::StillDoubling => 16,
                Illegal::DoublingOver => 17,
                Illegal::NotYourTeamsCall(_) => 18,
                Illegal::NotThisStep(_) => 19,
                Illegal::OpenOrClosed(_) => 20,
                Illegal::SunDoubleIsPlain => 21,
                Illegal::SunDoubleNeedsScores => 22,
                Illegal::ClosedTrumpLead => 23,
                Illegal::AshkalOnlyInRoundOne => 24,
                Illegal::AshkalWrongSeat => 25,
                Illegal::AshkalOnAnAce => 26,
                Illegal::KaweshTooLate => 27,
                Illegal::KaweshNeedsLowCards(_) => 28,
                Illegal::SawaNotLeading => 29,
            };
            assert_eq!(n, i, "every_variant lists each variant once, in order");
        }
        all
    }

    #[test]
    fn every_refusal_has_a_distinct_stable_code_and_shared_codes_share_params() {
        let expected = [
            "clock",
            "match_over",
            "no_hand",
            "not_your_turn",
            "still_bidding",
            "bidding_over",
            "sun_in_round_one",
            "round_one_hokum_suit",
            "bare_hokum_in_round_two",
            "round_two_hokum_suit",
            "only_sun_or_pass",
            "not_held",
            "must_follow",
            "must_trump",
            "must_beat",
            "call_not_in_rules",
            "still_doubling",
            "doubling_over",
            "not_your_teams_call",
            "not_this_step",
            "open_or_closed",
            "sun_double_is_plain",
            "sun_double_needs_scores",
            "closed_trump_lead",
            "ashkal_only_in_round_one",
            "ashkal_wrong_seat",
            "ashkal_on_an_ace",
            "kawesh_too_late",
            "kawesh_needs_low_cards",
            "sawa_not_leading",
        ];
        game::testing::check_refusal_codes(&every_variant(), &expected).expect("codes");
    }

    #[test]
    fn refusal_params_are_in_record_notation() {
        let json = |e: Illegal| serde_json::to_value(e.refusal()).expect("json");
        assert_eq!(json(Illegal::MustBeat(Rank::Ten)), serde_json::json!({"code": "must_beat", "rank": "T"}));
        assert_eq!(
            json(Illegal::NotHeld(Card::new(Rank::Ten, Suit::Clubs))),
            serde_json::json!({"code": "not_held", "card": "TC"})
        );
        assert_eq!(
            json(Illegal::OnlySunOrPass(Seat::new(1).expect("seat"))),
            serde_json::json!({"code": "only_sun_or_pass", "seat": 1})
        );
        assert_eq!(
            json(Illegal::RoundOneHokumSuit(Suit::Diamonds)),
            serde_json::json!({"code": "round_one_hokum_suit", "suit": "D"})
        );
        assert_eq!(
            json(Illegal::NotThisStep(3)),
            serde_json::json!({"code": "not_this_step", "step": 3, "call": "four"})
        );
        assert_eq!(
            json(Illegal::NotYourTeamsCall("three")),
            serde_json::json!({"code": "not_your_teams_call", "call": "three"})
        );
        assert_eq!(
            json(Illegal::KaweshNeedsLowCards(Card::new(Rank::Ten, Suit::Hearts))),
            serde_json::json!({"code": "kawesh_needs_low_cards", "card": "TH"})
        );
    }
}
