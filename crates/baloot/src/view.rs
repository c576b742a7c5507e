//! What a seat (or a spectator) may see: typed structs that bots and clients read.
//!
//! A view holds the viewer's own cards, the face-up card, every bid, the contract, every call of
//! the doubling steps with the multiplier and whether the hand is closed, every card played and by
//! whom, the projects as they are announced (types during the first trick, cards once it is over,
//! the Baloot when its first card is played), a Sawa and how it was settled, the cards laid face up
//! by a Sawa or a Kawesh, trick counts, card points taken, the match score, the dealer and who is to
//! act. Never another seat's unplayed cards or the stock.

use cards::{Card, CardSet, Suit};
use game::{BySeat, ByTeam, Game, Phase, Seat};
use serde::{Deserialize, Serialize};

use crate::action::BalootAction;
use crate::bidding::Contract;
use crate::projects::{ProjectKind, baloot_cards};
use crate::state::{Baloot, HandState, Stage};
use crate::summary::{EndedBy, Multiplier};
use crate::trick::{Mode, Trick};

/// Where the match stands, as a view says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StageView {
    /// The next hand needs its deal.
    AwaitingDeal,
    /// A hand is being bid.
    Bidding,
    /// The doubling steps after the bidding, before the stock is dealt.
    Doubling,
    /// A hand is being played.
    Playing,
    /// The match is over.
    Over,
}

/// What one seat, or a spectator, may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BalootView {
    /// The viewer's seat (`null` for a spectator).
    pub seat: Option<Seat>,
    /// Where the match stands.
    pub phase: StageView,
    /// The bidding round (1 or 2) while a hand is bid, `null` otherwise.
    pub bid_round: Option<u8>,
    /// The doubling step offered (1 `double`, 2 `three`, 3 `four`, 4 `gahwa`) during the doubling
    /// steps, `null` otherwise.
    pub doubling_step: Option<u8>,
    /// The match score per team.
    pub score: ByTeam<i32>,
    /// Who deals the next hand, between hands.
    pub next_dealer: Option<Seat>,
    /// Who is to act.
    pub to_act: Option<Seat>,
    /// The current hand, or the last one between hands (`null` before the first deal).
    pub hand: Option<HandView>,
}

/// One hand as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandView {
    /// The hand's number in the match, from 0.
    pub number: usize,
    /// The dealer.
    pub dealer: Seat,
    /// The viewer's own cards (`null` for a spectator).
    pub cards: Option<CardSet>,
    /// How many cards each seat holds.
    pub hand_sizes: BySeat<u8>,
    /// The face-up card (card 21), which the bidder takes.
    pub face_up: Card,
    /// Every bid in order (`ashkal` and `kawesh` included).
    pub bids: Vec<BidView>,
    /// The contract, once the bidding is over.
    pub contract: Option<ContractView>,
    /// Every call of the doubling steps in order (`pass`, `double open`, … `gahwa`).
    pub calls: Vec<BidView>,
    /// The stake: 1 (not doubled) to 4, or `"gahwa"`.
    pub multiplier: Multiplier,
    /// Whether the last raise was closed: no trump may be led while holding another suit.
    pub closed: bool,
    /// A Sawa, once said: who claimed, and whether the claim held.
    pub sawa: Option<SawaView>,
    /// Cards laid face up for everyone, by seat: every remaining card after a Sawa, the caller's
    /// five after a Kawesh; empty otherwise.
    pub laid_down: BySeat<CardSet>,
    /// How the hand ended (`null` while it goes on).
    pub ended_by: Option<EndedBy>,
    /// Whether everyone passed twice.
    pub void: bool,
    /// The trick being played (empty when none is started).
    pub trick: TrickView,
    /// The tricks taken so far, in order.
    pub tricks: Vec<TrickView>,
    /// Tricks per team so far.
    pub trick_counts: ByTeam<u8>,
    /// Card points per team so far (the last trick's 10 included once taken).
    pub card_points: ByTeam<u16>,
    /// The projects announced so far.
    pub projects: Vec<ProjectView>,
}

/// One bid, or one call of the doubling steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidView {
    /// Who spoke.
    pub seat: Seat,
    /// What they said (`pass`, `hokum`, `hokum S`, `sun`, `ashkal`, `kawesh`; `double open`, …).
    pub bid: BalootAction,
}

/// A Sawa claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SawaView {
    /// Who said `sawa`.
    pub seat: Seat,
    /// Whether the claimer could take every remaining trick: the remaining cards went to the
    /// claimer's team if so, else to the other team, which won the hand.
    pub held: bool,
}

/// The mode of a hand, as views name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeName {
    /// Hokum: there is a trump suit.
    Hokum,
    /// Sun: no trump.
    Sun,
}

/// The contract of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractView {
    /// The bidder.
    pub bidder: Seat,
    /// `"hokum"` or `"sun"`.
    pub mode: ModeName,
    /// The trump suit's letter in Hokum.
    pub trump: Option<Suit>,
    /// Whether the Sun was called as `ashkal` (the face-up card went to the bidder's partner).
    pub ashkal: bool,
}

/// A trick: who led, the cards in order, and who took it once complete.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickView {
    /// Who led.
    pub leader: Seat,
    /// `(seat, card)` in the order played.
    pub plays: Vec<PlayView>,
    /// Who took it (complete tricks only).
    pub winner: Option<Seat>,
}

/// One card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayView {
    /// Who played it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
}

/// An announced project.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProjectView {
    /// The holder.
    pub seat: Seat,
    /// The kind.
    pub kind: ProjectKind,
    /// Its cards, once shown (after the first trick; the Baloot at once).
    pub cards: Option<CardSet>,
    /// Whether it scores for its team (known after the first trick; the Baloot always does).
    pub counted: Option<bool>,
}

fn contract_view(c: Contract) -> ContractView {
    let name = match c.mode {
        Mode::Hokum(_) => ModeName::Hokum,
        Mode::Sun => ModeName::Sun,
    };
    ContractView { bidder: c.bidder, mode: name, trump: c.mode.trump(), ashkal: c.ashkal }
}

fn trick_view(t: &Trick, complete: bool) -> TrickView {
    TrickView {
        leader: t.leader(),
        plays: t.plays().map(|(seat, card)| PlayView { seat, card }).collect(),
        winner: if complete { t.winner() } else { None },
    }
}

impl HandView {
    fn of(h: &HandState, seat: Option<Seat>) -> Self {
        let contract = h.contract();
        let after_first = h.projects_shown();
        let mut projects: Vec<ProjectView> = h
            .projects
            .iter()
            .filter(|p| h.announced(p.seat))
            .map(|p| ProjectView {
                seat: p.seat,
                kind: p.kind,
                cards: after_first.then_some(p.cards),
                counted: after_first.then(|| h.counted.is_some_and(|t| t.has(p.seat))),
            })
            .collect();
        if let (true, Some(holder), Some(trump)) = (h.baloot_shown, h.baloot, contract.and_then(|c| c.mode.trump())) {
            projects.push(ProjectView {
                seat: holder,
                kind: ProjectKind::Baloot,
                cards: Some(baloot_cards(trump)),
                counted: Some(true),
            });
        }
        let playing = matches!(h.stage, Stage::Playing(_));
        HandView {
            number: h.number,
            dealer: h.dealer,
            cards: seat.map(|s| h.hands.get(s).copied().unwrap_or_default()),
            hand_sizes: h.hands.map(|_, c| c.len() as u8),
            face_up: h.face_up,
            bids: h.bids.iter().map(|&(seat, bid)| BidView { seat, bid }).collect(),
            contract: contract.map(contract_view),
            calls: h.calls.iter().map(|&(seat, bid)| BidView { seat, bid }).collect(),
            multiplier: h.stake(),
            closed: h.closed,
            sawa: h.sawa.map(|(seat, held)| SawaView { seat, held }),
            laid_down: h.laid_down.clone(),
            ended_by: h.ended_by(),
            void: h.stage == Stage::Void,
            trick: if playing {
                trick_view(&h.trick, false)
            } else {
                TrickView { leader: h.trick.leader(), plays: Vec::new(), winner: None }
            },
            tricks: h.tricks.iter().map(|t| trick_view(t, true)).collect(),
            trick_counts: h.trick_counts,
            card_points: h.card_points,
            projects,
        }
    }
}

impl BalootView {
    pub(crate) fn of(g: &Baloot, seat: Option<Seat>) -> Self {
        let state = g.hand_state();
        let phase = match g.phase() {
            Phase::Over => StageView::Over,
            Phase::AwaitingDeal { .. } => StageView::AwaitingDeal,
            Phase::InHand => match state.map(|h| h.stage) {
                Some(Stage::Bidding(_)) => StageView::Bidding,
                Some(Stage::Doubling(_)) => StageView::Doubling,
                _ => StageView::Playing,
            },
        };
        let bid_round = match state.map(|h| h.stage) {
            Some(Stage::Bidding(b)) if phase == StageView::Bidding => Some(b.round()),
            _ => None,
        };
        let doubling_step = match state.map(|h| h.stage) {
            Some(Stage::Doubling(d)) if phase == StageView::Doubling => Some(d.step),
            _ => None,
        };
        BalootView {
            seat,
            phase,
            bid_round,
            doubling_step,
            score: g.match_score(),
            next_dealer: match g.phase() {
                Phase::AwaitingDeal { dealer } => Some(dealer),
                _ => None,
            },
            to_act: g.to_act().first(),
            hand: state.map(|h| HandView::of(h, seat)),
        }
    }
}
