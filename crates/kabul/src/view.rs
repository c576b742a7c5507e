//! What one seat (or a spectator) may see: the typed view clients and bots get.

use cards::{Card, CardSet};
use game::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

use crate::events::{Event, Source};
use crate::power::Power;
use crate::scoring::RoundEnd;
use crate::state::{Kabul, Round, Stage};

/// One slot of a grid as a seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlotView {
    /// No card (snapped away).
    Empty,
    /// A face-down card this seat does not know.
    Down,
    /// A card whose face this seat knows (or everyone, once the round is over).
    Face(Card),
}

/// The card the turn's player holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawnView {
    /// Who holds it.
    pub seat: Seat,
    /// Where it came from.
    pub from: Source,
    /// Its face, only for the drawer (or anyone, if it came from the discard pile).
    pub card: Option<Card>,
    /// The power the card would give if discarded (`switch_and_look`, `blind_switch`, `peek_own`,
    /// `peek_other`), for whoever sees its face; `null` for a card without power, a card from the
    /// discard pile (which must replace one) or a face the viewer does not see.
    pub power: Option<Power>,
}

/// What the round waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum StageView {
    /// No round is being played: the next one needs its deal.
    AwaitingDeal {
        /// Who deals it.
        dealer: Seat,
    },
    /// `seat` calls Kabul or draws.
    AwaitingDraw {
        /// Whose turn.
        seat: Seat,
    },
    /// `seat` holds a drawn card: discard it (maybe with its power) or replace a card with it.
    DrawnCard {
        /// Whose turn.
        seat: Seat,
        /// Where the card came from (from the discard pile it must replace a card).
        from: Source,
    },
    /// `seat` must name the target of `power`.
    PowerTarget {
        /// Whose turn.
        seat: Seat,
        /// The power in play.
        power: Power,
    },
    /// A snap window is open on the discard pile's top card.
    SnapWindow {
        /// Whose turn's discard opened it.
        turn: Seat,
        /// Who may still snap or pass.
        may_act: SeatSet,
    },
    /// The match is over.
    MatchOver,
}

/// Everything one seat may see (or, with `seat: null`, a spectator: public information only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KabulView {
    /// Whose view this is (`null`: a spectator).
    pub seat: Option<Seat>,
    /// How many players.
    pub players: usize,
    /// How many rounds have been dealt.
    pub round: usize,
    /// Who dealt the current (or last) round.
    pub dealer: Option<Seat>,
    /// Every grid, by seat, slot by slot.
    pub grids: Vec<Vec<SlotView>>,
    /// For every slot of every grid (as `grids`), the seats that know the face of the card there.
    /// Who looked where is seen by everyone (the set-up peek, powers, a card kept after a draw, a
    /// face shown to all) and knowledge moves with the card, so this is public: the same in every
    /// seat's view, naming seats, never faces. Empty for an empty slot; every seat once the round
    /// is over.
    #[serde(default)]
    pub seen: Vec<Vec<SeatSet>>,
    /// The discard pile, bottom first; the last card is the top.
    pub discard: Vec<Card>,
    /// How many cards the draw pile holds.
    pub draw_pile: usize,
    /// The card the turn's player holds, if any.
    pub drawn: Option<DrawnView>,
    /// Whose turn it is (while a round is played).
    pub turn: Option<Seat>,
    /// What the game waits for.
    pub step: StageView,
    /// Who called Kabul this round.
    pub caller: Option<Seat>,
    /// The seats whose cards are locked (the caller's).
    pub locked: SeatSet,
    /// The match totals by seat.
    pub scores: Vec<i32>,
    /// The total that ends the match (`target_score` of the rules); `null` for a single round.
    #[serde(default)]
    pub target_score: Option<i32>,
    /// The last round's scores by seat, once it is over (every card is then face up).
    pub round_scores: Option<Vec<i32>>,
    /// How the last round ended, once it is over.
    pub end: Option<RoundEnd>,
    /// Recent public events, oldest first.
    pub events: Vec<Event>,
}

impl KabulView {
    /// Every card whose face this view shows in the grids.
    #[must_use]
    pub fn grid_faces(&self) -> CardSet {
        self.grids
            .iter()
            .flatten()
            .filter_map(|s| match s {
                SlotView::Face(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    pub(crate) fn of(game: &Kabul, seat: Option<Seat>) -> KabulView {
        let players = game::Game::seat_count(game);
        let scores = game.totals().iter().copied().collect();
        let rounds = game::Game::hand_summaries(game);
        let Some(round) = game.round() else {
            return KabulView {
                seat,
                players,
                round: 0,
                dealer: None,
                grids: Vec::new(),
                seen: Vec::new(),
                discard: Vec::new(),
                draw_pile: 0,
                drawn: None,
                turn: None,
                step: game.next_dealer().map_or(StageView::MatchOver, |dealer| StageView::AwaitingDeal { dealer }),
                caller: None,
                locked: SeatSet::EMPTY,
                scores,
                target_score: game.rules.target_score(),
                round_scores: None,
                end: None,
                events: Vec::new(),
            };
        };
        let knows = |card: Card| match seat {
            Some(s) => round.knowledge.knows(s, card),
            None => round.knowledge.is_public(card),
        };
        let grids = Seat::all(players)
            .map(|s| {
                round
                    .layout
                    .grid(s)
                    .iter()
                    .map(|slot| match slot {
                        None => SlotView::Empty,
                        Some(c) if knows(*c) => SlotView::Face(*c),
                        Some(_) => SlotView::Down,
                    })
                    .collect()
            })
            .collect();
        let seen = Seat::all(players)
            .map(|s| {
                round
                    .layout
                    .grid(s)
                    .iter()
                    .map(|slot| match slot {
                        None => SeatSet::EMPTY,
                        Some(c) => Seat::all(players).filter(|&k| round.knowledge.knows(k, *c)).collect(),
                    })
                    .collect()
            })
            .collect();
        let drawn = round.layout.drawn.map(|d| {
            let card = Some(d.card).filter(|&c| knows(c));
            DrawnView {
                seat: round.turn,
                from: d.from,
                card,
                power: card.filter(|_| d.from == Source::Deck).and_then(Power::of),
            }
        });
        let step = stage_view(game, round);
        let playing = !matches!(round.stage, Stage::Ended(_));
        let last = rounds.last().filter(|_| !playing);
        let round_scores = last.and_then(|r| r.scores.clone());
        let end = last.and_then(|r| r.end);
        KabulView {
            seat,
            players,
            round: rounds.len(),
            dealer: Some(round.dealer),
            grids,
            seen,
            discard: round.layout.discard.to_vec(),
            draw_pile: round.layout.draw.len(),
            drawn,
            turn: playing.then_some(round.turn),
            step,
            caller: round.caller,
            locked: round.caller.map_or(SeatSet::EMPTY, SeatSet::single),
            scores,
            target_score: game.rules.target_score(),
            round_scores,
            end,
            events: round.events.to_vec(),
        }
    }
}

fn stage_view(game: &Kabul, round: &Round) -> StageView {
    match round.stage {
        Stage::Draw => StageView::AwaitingDraw { seat: round.turn },
        Stage::Drawn => {
            StageView::DrawnCard { seat: round.turn, from: round.layout.drawn.map_or(Source::Deck, |d| d.from) }
        }
        Stage::Power(power) => StageView::PowerTarget { seat: round.turn, power },
        Stage::Window { may_act } => StageView::SnapWindow { turn: round.turn, may_act },
        Stage::Ended(_) => game.next_dealer().map_or(StageView::MatchOver, |dealer| StageView::AwaitingDeal { dealer }),
    }
}
