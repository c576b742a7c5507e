//! What a seat (or a spectator) may see.

use cards::{Card, CardSet, Suit};
use game::{BySeat, ByTeam, Game, GameKind, Seat, Team};
use serde::{Deserialize, Serialize};

use crate::bidding::Call;
use crate::state::{Kout, Stage};
use crate::trick::{DoneTrick, Play};

/// The moment of the match a view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageView {
    /// Before the first hand or between hands: the next hand waits for its deal.
    AwaitingDeal,
    /// Bidding.
    Bidding,
    /// The maker names trump.
    Trump,
    /// Tricks are being played.
    Playing,
    /// The match is over.
    Over,
}

/// A card played to a trick, and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedCard {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// A dead joker: it ranks below every card and cannot win.
    pub dead: bool,
}

/// A trick, in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickView {
    /// Who led.
    pub leader: Seat,
    /// The cards in the order played.
    pub cards: Vec<PlayedCard>,
    /// The led suit (the trump suit for a trump lead); `null` before the lead and while a dead
    /// joker's trick waits for the card that decides it.
    pub led: Option<Suit>,
    /// The dead jokers in this trick.
    pub dead_jokers: CardSet,
    /// Who won it (finished tricks only).
    pub winner: Option<Seat>,
}

/// What one seat (or, with `seat: null`, a spectator) may see: its own cards and everything public,
/// never another seat's unplayed cards nor the deck.
///
/// Between hands and after the match the view still shows the last hand, with its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KoutView {
    /// `kout6` or `kout4`.
    pub game: GameKind,
    /// Whose view this is (`null`: a spectator).
    pub seat: Option<Seat>,
    /// The moment of the match.
    pub stage: StageView,
    /// The hand shown, counted from 0 (`null` before the first deal).
    pub hand_number: Option<usize>,
    /// The dealer of the hand shown (before the first deal: the first dealer).
    pub dealer: Seat,
    /// The dealer of the next hand, while it waits for its deal.
    pub next_dealer: Option<Seat>,
    /// Who is to act (`null` between hands and after the match).
    pub to_act: Option<Seat>,
    /// The seat's own unplayed cards (`null` for a spectator).
    pub hand: Option<CardSet>,
    /// How many unplayed cards each seat holds.
    pub cards_held: BySeat<u8>,
    /// Every bid and pass, in order.
    pub calls: Vec<Call>,
    /// The maker, once bidding is over.
    pub maker: Option<Seat>,
    /// The winning bid, once bidding is over.
    pub bid: Option<u8>,
    /// Whether the bid is a Malzoom (the dealer's forced 5).
    pub malzoom: bool,
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// The trick being played (`null` outside play).
    pub trick: Option<TrickView>,
    /// The finished tricks of the hand, in order.
    pub tricks: Vec<TrickView>,
    /// Tricks won per team in the hand shown.
    pub tricks_won: ByTeam<u8>,
    /// The score of the hand shown, once it is over.
    pub hand_score: Option<ByTeam<i32>>,
    /// The match score.
    pub score: ByTeam<i32>,
    /// The winning team, once the match is over.
    pub winner: Option<Team>,
}

fn played(plays: &[Play]) -> (Vec<PlayedCard>, CardSet) {
    let cards = plays.iter().map(|p| PlayedCard { seat: p.seat, card: p.card, dead: p.dead }).collect();
    let dead = plays.iter().filter(|p| p.dead).map(|p| p.card).collect();
    (cards, dead)
}

fn done_view(t: &DoneTrick) -> TrickView {
    let (cards, dead_jokers) = played(&t.plays);
    TrickView { leader: t.leader, cards, led: t.led, dead_jokers, winner: Some(t.winner) }
}

impl KoutView {
    pub(crate) fn of(game: &Kout, seat: Option<Seat>) -> KoutView {
        let seats = game.seat_count();
        let stage = game.stage();
        let view_stage = match stage {
            Stage::AwaitingDeal { .. } => StageView::AwaitingDeal,
            Stage::Bidding => StageView::Bidding,
            Stage::Trump { .. } => StageView::Trump,
            Stage::Playing { .. } => StageView::Playing,
            Stage::Over { .. } => StageView::Over,
        };
        let in_hand = matches!(stage, Stage::Bidding | Stage::Trump { .. } | Stage::Playing { .. });
        let hand = game.hand();
        let next_dealer = match stage {
            Stage::AwaitingDeal { dealer } => Some(dealer),
            _ => None,
        };
        let trick = match (stage, hand) {
            (Stage::Playing { .. }, Some(h)) => {
                let (cards, dead_jokers) = played(&h.trick.plays);
                Some(TrickView { leader: h.trick.leader, cards, led: h.trick.led, dead_jokers, winner: None })
            }
            _ => None,
        };
        let contract = hand.and_then(|h| h.contract);
        KoutView {
            game: game.kind(),
            seat,
            stage: view_stage,
            hand_number: game.hands_dealt().checked_sub(1),
            dealer: hand.map(|h| h.dealer).or(next_dealer).unwrap_or(Seat::ZERO),
            next_dealer,
            to_act: if in_hand { hand.map(|h| h.to_act) } else { None },
            hand: seat.map(|s| game.held(s)),
            cards_held: BySeat::from_fn(seats, |s| game.held(s).len() as u8),
            calls: hand.map(|h| h.bidding.calls.to_vec()).unwrap_or_default(),
            maker: contract.map(|c| c.maker),
            bid: contract.map(|c| c.bid.tricks()),
            malzoom: contract.is_some_and(|c| c.malzoom),
            trump: hand.and_then(|h| h.trump),
            trick,
            tricks: hand.map(|h| h.done.iter().map(done_view).collect()).unwrap_or_default(),
            tricks_won: hand.map(|h| h.won).unwrap_or_default(),
            hand_score: hand.and_then(|h| h.score),
            score: game.match_score(),
            winner: match stage {
                Stage::Over { winner } => Some(winner),
                _ => None,
            },
        }
    }
}
