//! Slips: a bot that now and then plays a card it did not mean to, the `easy` level of the trick
//! games (`heuristic:slip=P`).
//!
//! [`Slipping`] wraps another bot. Each time that bot chooses to play a card, with probability `slip`
//! it plays one of its legal cards drawn uniformly instead, as a beginner who has not yet learnt to
//! count or to follow the trick might. Its bids, trumps and calls stay the wrapped bot's: a random
//! bid would lose the hand outright, which makes a table no fun rather than easier. The draws come
//! from a generator of their own, seeded, so a game stays reproducible from its seed.

use cards::random_below;
use game::{Game, Seat, Winner};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::{Bot, Fault};

/// The chance that the `easy` level plays a random legal card instead of the heuristic's, at each
/// card it plays (Kout Bo and Baloot; Kabul's `easy` forgets instead, [`crate::EASY_FORGET`]).
pub const EASY_SLIP: f64 = 0.4;

/// A bot that plays a random legal card instead of `inner`'s, at each card with probability `slip`.
pub struct Slipping<G: Game> {
    inner: Box<dyn Bot<G>>,
    slip: f64,
    rng: ChaCha8Rng,
    /// Whether an action plays a card (the only actions that may slip).
    is_card: fn(&G::Action) -> bool,
}

impl<G: Game> Slipping<G> {
    /// `inner`, slipping with probability `slip` (clamped to 0–1; NaN is 0) at each card it plays,
    /// drawing from `seed`. `is_card` tells the card plays among the game's actions.
    #[must_use]
    pub fn new(inner: Box<dyn Bot<G>>, slip: f64, seed: u64, is_card: fn(&G::Action) -> bool) -> Self {
        let slip = if slip.is_nan() { 0.0 } else { slip.clamp(0.0, 1.0) };
        // Its own stream, apart from the wrapped bot's (which may draw from the same seed).
        let rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5111_9000_5111_9000);
        Slipping { inner, slip, rng, is_card }
    }
}

impl<G: Game> Bot<G> for Slipping<G> {
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        let meant = self.inner.choose(seat, view, legal);
        if !(self.is_card)(&meant) || self.slip <= 0.0 {
            return meant;
        }
        // 53 bits of the generator give a uniform number in [0, 1).
        let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if u >= self.slip {
            return meant;
        }
        let is_card = self.is_card;
        // `meant` is a card, so there is at least one.
        let cards = legal.iter().filter(|a| is_card(a)).count() as u32;
        let nth = random_below(&mut self.rng, cards) as usize;
        legal.iter().copied().filter(is_card).nth(nth).unwrap_or(meant)
    }

    fn end(&mut self, score: &[i32], winner: Option<Winner>) {
        self.inner.end(score, winner);
    }

    fn take_faults(&mut self) -> Vec<Fault> {
        self.inner.take_faults()
    }
}

#[cfg(test)]
mod tests {
    use cards::seeded_rng;
    use game::{Actor, Game, Phase, Seat};
    use kout::{Kout, KoutAction, KoutRules, Variant};

    use super::*;
    use crate::KoutHeuristic;

    /// `hands` Kout 4 hands (in as many matches as it takes) played by a heuristic slipping with
    /// probability `slip`, each decision compared with the plain heuristic's in the same position:
    /// (card decisions with a choice, of them the ones that slipped). Panics if anything but a card
    /// differs, or an action is illegal.
    fn slips(slip: f64, hands: usize) -> (usize, usize) {
        let is_card = |a: &KoutAction| matches!(a, KoutAction::Play(_));
        let mut bot = Slipping::<Kout>::new(Box::new(KoutHeuristic), slip, 7, is_card);
        let rules = KoutRules { variant: Variant::Four, play_out: false };
        let new = || Kout::new(Variant::Four.kind(), rules, Seat::new(0).expect("seat")).expect("game");
        let mut game = new();
        let mut rng = seeded_rng(3);
        let (mut choices, mut slipped, mut dealt, mut legal) = (0, 0, 0, Vec::new());
        while dealt < hands {
            match game.phase() {
                Phase::Over => game = new(),
                Phase::AwaitingDeal { .. } => {
                    dealt += 1;
                    let deal = game.random_deal(&mut rng);
                    game.deal(deal).expect("deal");
                }
                Phase::InHand => {
                    let seat = game.to_act().first().expect("someone acts");
                    game.legal_actions(seat, &mut legal);
                    let view = game.view(Some(seat));
                    let meant = KoutHeuristic.choose(seat, &view, &legal);
                    let chosen = bot.choose(seat, &view, &legal);
                    assert!(legal.contains(&chosen), "{chosen} is not legal");
                    if !is_card(&meant) {
                        assert_eq!(chosen, meant, "only cards slip");
                    } else if legal.len() > 1 {
                        choices += 1;
                        slipped += usize::from(chosen != meant);
                    }
                    game.play(Actor::Seat(seat), chosen).expect("legal");
                }
            }
        }
        (choices, slipped)
    }

    #[test]
    fn only_cards_slip_and_as_often_as_asked() {
        let (choices, slipped) = slips(0.0, 40);
        assert!(choices > 300, "only {choices} card choices");
        assert_eq!(slipped, 0, "slip=0 is the heuristic");
        // Always slipping: a random card is the heuristic's own only about once in three choices.
        let (choices, slipped) = slips(1.0, 40);
        assert!(slipped * 2 > choices, "slip=1 slipped {slipped} of {choices}");
        // The easy level's: that share of the cards are drawn, some landing on the heuristic's card
        // anyway.
        let (choices, slipped) = slips(EASY_SLIP, 40);
        let share = slipped as f64 / choices as f64;
        assert!((EASY_SLIP * 0.4..EASY_SLIP).contains(&share), "slipped {slipped} of {choices}");
    }

    #[test]
    fn slip_is_a_probability() {
        let new = |slip| Slipping::<Kout>::new(Box::new(KoutHeuristic), slip, 1, |_| true).slip;
        assert_eq!(new(2.0), 1.0);
        assert_eq!(new(-1.0), 0.0);
        assert_eq!(new(f64::NAN), 0.0);
    }
}
