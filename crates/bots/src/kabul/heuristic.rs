//! The Kabul heuristic, with a memory that can be made to forget.
//!
//! It replaces its high cards with low ones (from the deck, or a low card on the discard pile),
//! uses the 9/8 to learn its own cards, the 7/6 to learn the others', the jack/10 to dump a high
//! card on an opponent and the queen/king to swap a high card for a low one it knows; it snaps the
//! cards it remembers matching the discard pile, and calls Kabul when its known total is low.
//!
//! **Memory.** The engine's view shows every face the seat has ever looked at (the view of a
//! perfect memory). The bot keeps its own record of what it remembers: a face it sees for the
//! first time (or looks at again with a power) is remembered; at the start of each of its turns it
//! forgets each remembered card with probability `forget` ([`crate::BotSpec::forget`]), and from
//! then on treats that card as face down. With `forget = 0` it plays with perfect memory. The
//! memory lives in the bot, so forgetting needs one bot kept for the whole round (as the arena
//! does); a bot made afresh for every decision starts from what the view shows and so remembers
//! everything.

use cards::{Card, CardSet};
use game::Seat;
use kabul::{Kabul, KabulAction, KabulView, Pos, Power, Slot, SlotView, Source, StageView, card_value, same_rank};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::Bot;

/// The Kabul heuristic bot; `forget` sets how well it remembers.
#[derive(Clone, Debug)]
pub struct KabulHeuristic {
    forget: f64,
    rng: ChaCha8Rng,
    memory: Memory,
}

/// What the bot remembers of the round it is playing.
#[derive(Clone, Debug, Default)]
struct Memory {
    /// The round these memories belong to.
    round: usize,
    /// Faces the bot still remembers.
    remembered: CardSet,
    /// Faces the view showed at the last decision (to tell a new sight from an old one).
    shown: CardSet,
    /// Places the bot looked at with its last action, to remember afresh.
    looked: [Option<Pos>; 2],
    /// Whether the bot has decided anything in this round yet.
    started: bool,
}

impl KabulHeuristic {
    /// A heuristic that forgets each remembered card with probability `forget` at each of its
    /// turns (clamped to 0..=1), drawing those chances from `seed`.
    #[must_use]
    pub fn new(forget: f64, seed: u64) -> Self {
        let forget = if forget.is_nan() { 0.0 } else { forget.clamp(0.0, 1.0) };
        KabulHeuristic { forget, rng: ChaCha8Rng::seed_from_u64(seed), memory: Memory::default() }
    }

    /// Updates the memory from `view` and returns the faces the bot knows now.
    fn remember(&mut self, seat: Seat, view: &KabulView) -> CardSet {
        let shown = faces(view);
        let m = &mut self.memory;
        if !m.started || m.round != view.round {
            *m = Memory { round: view.round, remembered: shown, shown, looked: [None; 2], started: true };
        } else {
            m.remembered |= shown - m.shown;
            for pos in m.looked.iter().flatten() {
                if let Some(SlotView::Face(c)) = slot_at(view, *pos) {
                    m.remembered.insert(c);
                }
            }
        }
        m.looked = [None; 2];
        m.shown = shown;
        if self.forget > 0.0 && view.step == (StageView::AwaitingDraw { seat }) {
            let mut kept = CardSet::EMPTY;
            for c in m.remembered & shown {
                // 53 bits of the generator give a uniform number in [0, 1).
                let u = (rand_core::RngCore::next_u64(&mut self.rng) >> 11) as f64 / (1u64 << 53) as f64;
                if u >= self.forget {
                    kept.insert(c);
                }
            }
            m.remembered = kept;
        }
        m.remembered & shown
    }
}

impl Bot<Kabul> for KabulHeuristic {
    fn choose(&mut self, seat: Seat, view: &KabulView, legal: &[KabulAction]) -> KabulAction {
        let known = self.remember(seat, view);
        let knowledge = Knowledge::read(seat, view, known);
        let wanted = match view.step {
            StageView::AwaitingDraw { .. } => Some(knowledge.draw(legal)),
            StageView::DrawnCard { from, .. } => knowledge.drawn(view, from, legal),
            StageView::PowerTarget { power, .. } => knowledge.power_target(power),
            StageView::SnapWindow { .. } => Some(knowledge.snap(view)),
            StageView::AwaitingDeal { .. } | StageView::MatchOver => None,
        };
        let action = crate::pick(legal, wanted);
        self.memory.looked = match action {
            KabulAction::PeekOwn(slot) => [Some(Pos::new(seat, slot)), None],
            KabulAction::PeekOther(pos) => [Some(pos), None],
            KabulAction::Switch(a, b)
                if view.step == (StageView::PowerTarget { seat, power: Power::SwitchAndLook }) =>
            {
                [Some(a), Some(b)]
            }
            _ => [None; 2],
        };
        action
    }
}

/// Every face the view shows in the grids and in the drawn card.
fn faces(view: &KabulView) -> CardSet {
    let mut set = view.grid_faces();
    if let Some(c) = view.drawn.and_then(|d| d.card) {
        set.insert(c);
    }
    set
}

fn slot_at(view: &KabulView, pos: Pos) -> Option<SlotView> {
    view.grids.get(pos.seat.index()).and_then(|g| g.get(usize::from(pos.slot))).copied()
}

/// Replace a card only for a gain of at least this many points.
const MIN_GAIN: f64 = 1.0;
/// Call Kabul when the expected total is at most this.
const CALL_BAR: f64 = 6.0;

/// A seat's slots holding a card, with the face when remembered.
type Slots = Vec<(Slot, Option<Card>)>;

/// What the bot knows at this decision: its slots and the others', with the faces it remembers, what
/// an unseen card is worth on average, and the top of the discard pile.
struct Knowledge {
    seat: Seat,
    /// Own slots holding a card, with the face when remembered.
    mine: Slots,
    /// Other seats that powers may target, with their slots (face when remembered).
    others: Vec<(Seat, Slots)>,
    /// The mean value of a card the bot cannot see.
    unknown_mean: f64,
    top: Option<Card>,
}

impl Knowledge {
    fn read(seat: Seat, view: &KabulView, known: CardSet) -> Knowledge {
        let slots = |s: Seat| -> Slots {
            view.grids
                .get(s.index())
                .map(|g| {
                    g.iter()
                        .enumerate()
                        .filter_map(|(i, slot)| {
                            let i = Slot::try_from(i).ok()?;
                            match slot {
                                SlotView::Empty => None,
                                SlotView::Down => Some((i, None)),
                                SlotView::Face(c) => Some((i, Some(*c).filter(|c| known.contains(*c)))),
                            }
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        let others = Seat::all(view.players)
            .filter(|&s| s != seat && !view.locked.contains(s))
            .map(|s| (s, slots(s)))
            .filter(|(_, v)| !v.is_empty())
            .collect();
        let discard: CardSet = view.discard.iter().copied().collect();
        let unseen = CardSet::ALL - discard - known;
        let unknown_mean = if unseen.is_empty() {
            6.0
        } else {
            f64::from(unseen.iter().map(card_value).sum::<i32>()) / unseen.len() as f64
        };
        Knowledge { seat, mine: slots(seat), others, unknown_mean, top: view.discard.last().copied() }
    }

    fn value(&self, card: Option<Card>) -> f64 {
        card.map_or(self.unknown_mean, |c| f64::from(card_value(c)))
    }

    fn expected_total(&self) -> f64 {
        self.mine.iter().map(|&(_, c)| self.value(c)).sum()
    }

    /// The own slot where `card` gains most, and the gain (remembered cards over it, or an unknown
    /// card, counted a little below its mean for the risk).
    fn replace_target(&self, card: Card) -> Option<(Slot, f64)> {
        let v = f64::from(card_value(card));
        self.mine
            .iter()
            .map(|&(slot, c)| {
                let gain = match c {
                    Some(c) => f64::from(card_value(c)) - v,
                    None => self.unknown_mean - 0.5 - v,
                };
                (slot, gain)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }

    fn draw(&self, legal: &[KabulAction]) -> KabulAction {
        let unknown = self.mine.iter().filter(|(_, c)| c.is_none()).count();
        let total = self.expected_total();
        if legal.contains(&KabulAction::Kabul) && (total <= CALL_BAR || (unknown == 0 && total <= CALL_BAR + 2.0)) {
            return KabulAction::Kabul;
        }
        if let Some(top) = self.top {
            let low = card_value(top) <= 3;
            let gain = self.replace_target(top).map_or(0.0, |(_, g)| g);
            if legal.contains(&KabulAction::DrawDiscard) && gain >= MIN_GAIN + 1.0 && (low || gain >= 5.0) {
                return KabulAction::DrawDiscard;
            }
        }
        KabulAction::DrawDeck
    }

    fn drawn(&self, view: &KabulView, from: Source, legal: &[KabulAction]) -> Option<KabulAction> {
        let card = view.drawn.and_then(|d| d.card)?;
        let target = self.replace_target(card);
        if let Some((slot, gain)) = target {
            if gain >= MIN_GAIN || from == Source::Discard {
                return Some(KabulAction::Replace(slot));
            }
        }
        let power = Power::of(card);
        if legal.contains(&KabulAction::DiscardPower) && power.is_some_and(|p| self.power_target(p).is_some()) {
            return Some(KabulAction::DiscardPower);
        }
        Some(KabulAction::Discard)
    }

    fn my_highest_known(&self) -> Option<(Slot, Card)> {
        self.mine.iter().filter_map(|&(s, c)| Some((s, c?))).max_by_key(|&(_, c)| card_value(c))
    }

    fn my_unknown(&self) -> Option<Slot> {
        self.mine.iter().find(|(_, c)| c.is_none()).map(|&(s, _)| s)
    }

    /// The others' cards: remembered ones lowest first, then the unknown ones.
    fn their_lowest_known(&self) -> Option<(Pos, Card)> {
        self.others
            .iter()
            .flat_map(|(s, v)| v.iter().filter_map(move |&(slot, c)| Some((Pos::new(*s, slot), c?))))
            .min_by_key(|&(_, c)| card_value(c))
    }

    fn their_unknown(&self) -> Option<Pos> {
        // The seat with the most cards hidden from us is the one worth learning about.
        self.others
            .iter()
            .filter_map(|(s, v)| {
                let n = v.iter().filter(|(_, c)| c.is_none()).count();
                let slot = v.iter().find(|(_, c)| c.is_none())?.0;
                Some((n, Pos::new(*s, slot)))
            })
            .max_by_key(|&(n, p)| (n, std::cmp::Reverse(p)))
            .map(|(_, p)| p)
    }

    /// The target worth using `power` on, if any.
    fn power_target(&self, power: Power) -> Option<KabulAction> {
        let me = |slot| Pos::new(self.seat, slot);
        match power {
            Power::PeekOwn => self.my_unknown().map(KabulAction::PeekOwn),
            Power::PeekOther => self.their_unknown().map(KabulAction::PeekOther),
            Power::BlindSwitch | Power::SwitchAndLook => {
                let high = self.my_highest_known();
                // Dump a high card on an opponent for a low card we know of.
                if let (Some((slot, mine)), Some((pos, theirs))) = (high, self.their_lowest_known()) {
                    if card_value(mine) - card_value(theirs) >= 3 {
                        return Some(KabulAction::Switch(me(slot), pos));
                    }
                }
                // Or for an unknown card, when ours is well above the mean.
                if let (Some((slot, mine)), Some(pos)) = (high, self.their_unknown()) {
                    if f64::from(card_value(mine)) >= self.unknown_mean + 3.0 {
                        return Some(KabulAction::Switch(me(slot), pos));
                    }
                }
                if power == Power::SwitchAndLook {
                    // Swap an unknown card of ours blind for one of theirs: no loss on average,
                    // and we see both.
                    if let (Some(slot), Some(pos)) = (self.my_unknown(), self.their_unknown()) {
                        return Some(KabulAction::Switch(me(slot), pos));
                    }
                }
                None
            }
        }
    }

    fn snap(&self, view: &KabulView) -> KabulAction {
        let Some(top) = view.discard.last().copied() else { return KabulAction::Pass };
        // Only a card we remember, and only if it counts against us: a joker (-1) and a red
        // king (0) are better kept.
        let hit =
            self.mine.iter().filter_map(|&(s, c)| Some((s, c?))).find(|&(_, c)| same_rank(c, top) && card_value(c) > 0);
        hit.map_or(KabulAction::Pass, |(slot, _)| KabulAction::Snap(slot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forget_is_clamped_to_a_probability() {
        assert_eq!(KabulHeuristic::new(2.0, 1).forget, 1.0);
        assert_eq!(KabulHeuristic::new(-1.0, 1).forget, 0.0);
        assert_eq!(KabulHeuristic::new(f64::NAN, 1).forget, 0.0);
    }
}
