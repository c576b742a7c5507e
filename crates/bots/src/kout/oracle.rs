//! Kout Bo's `oracle`: the arena's ceiling, which sees every hand (see [`crate::Bot::choose_seeing`]).
//!
//! - **Cards:** the card that makes the bid (or, defending, breaks it) with best play on both
//!   sides, the most tricks among those; the real deal solved exactly.
//! - **Bids:** the highest bid its team makes as maker with the best trump, solved on the real
//!   deal; it passes when no legal bid is that low, and a forced dealer bids the lowest.
//! - **Trump:** the suit its team takes the most tricks with.
//!
//! A solve that outgrows [`ORACLE_NODES`] (early in some Kout 6 deals) leaves that decision to the
//! heuristic, so the oracle is a ceiling on the card play and bids it decides, not a perfect player.

use cards::{Card, Suit};
use game::{Game, Seat};
use kout::{Bid, Contract, Kout, KoutAction, KoutView};
use solver::{KoutPosition, KoutSolver};

use crate::search::legal_cards;
use crate::{Bot, KoutHeuristic};

/// The positions one solve of the oracle may search before the heuristic decides instead.
pub(crate) const ORACLE_NODES: u64 = 3_000_000;

/// Tricks in a Kout Bo hand.
const TRICKS: u8 = 9;

/// Kout Bo's oracle: solves the real deal (see the module's doc).
#[derive(Debug)]
pub struct KoutOracle {
    solver: KoutSolver,
    /// Decisions left to the heuristic because a solve outgrew [`ORACLE_NODES`].
    fallbacks: u32,
}

impl KoutOracle {
    /// An oracle (it draws nothing at random: the same deal gets the same answers).
    #[must_use]
    pub fn new() -> Self {
        KoutOracle { solver: KoutSolver::new(), fallbacks: 0 }
    }

    /// How many decisions it left to the heuristic because a solve outgrew its cap.
    #[must_use]
    pub const fn fallbacks(&self) -> u32 {
        self.fallbacks
    }

    /// The tricks `maker`'s team takes with best play if it makes a contract of `bid` with
    /// `trump`, every hand known; `None` if the solve outgrew its cap.
    fn tricks_as_maker(&mut self, game: &Kout, maker: Seat, bid: Bid, trump: Suit) -> Option<u8> {
        let variant = game.rules().variant;
        let hands: Vec<_> = Seat::all(variant.seats()).map(|s| game.held(s)).collect();
        let contract = Contract { maker, bid, malzoom: false };
        let pos = KoutPosition::new(variant, contract, trump, &hands).ok()?;
        self.solver.set_node_limit(Some(ORACLE_NODES));
        let tricks = self.solver.value_for(&pos, maker.team());
        let aborted = self.solver.aborted();
        self.solver.set_node_limit(None);
        (!aborted).then_some(tricks)
    }

    /// The best trump for `maker` and the tricks its team takes with it (contract `bid`).
    fn best_trump(&mut self, game: &Kout, maker: Seat, bid: Bid) -> Option<(Suit, u8)> {
        let mut best: Option<(Suit, u8)> = None;
        for trump in Suit::ALL {
            let tricks = self.tricks_as_maker(game, maker, bid, trump)?;
            if best.is_none_or(|(_, b)| tricks > b) {
                best = Some((trump, tricks));
            }
        }
        best
    }

    /// The bid to make at `seat`: the highest legal bid its team makes as maker, else a pass (or,
    /// forced, the lowest bid). `None` when a solve outgrew its cap.
    fn bid(&mut self, game: &Kout, seat: Seat, legal: &[KoutAction]) -> Option<KoutAction> {
        // Leading a joker is the maker's right at 8 and 9 only (each with its own jokers), so the
        // tricks at 7 hold for 5–7, and 8 and 9 are solved under their own rules when within reach.
        let (trump, at_seven) = self.best_trump(game, seat, Bid::new(7)?)?;
        let mut highest = at_seven.min(7);
        for high in [8, 9] {
            // A solve past the cap leaves the bid at what is proven.
            if at_seven + 2 >= high
                && self.tricks_as_maker(game, seat, Bid::new(high)?, trump).is_some_and(|t| t >= high)
            {
                highest = high;
            }
        }
        let bids = legal.iter().filter_map(|a| match a {
            KoutAction::Bid(b) => Some(*b),
            _ => None,
        });
        let highest_made = bids.clone().filter(|b| b.tricks() <= highest).max();
        Some(match highest_made {
            Some(b) => KoutAction::Bid(b),
            None if legal.contains(&KoutAction::Pass) => KoutAction::Pass,
            None => KoutAction::Bid(bids.min()?),
        })
    }

    /// The card to play: the one that keeps the bid going its team's way, then the most tricks.
    fn card(&mut self, game: &Kout, seat: Seat, cards: &[Card]) -> Option<Card> {
        let pos = KoutPosition::from_game(game).ok()?;
        let contract = pos.contract();
        let ours = seat.team();
        let won = pos.tricks_won()[ours];
        self.solver.set_node_limit(Some(ORACLE_NODES));
        let values = self.solver.move_values(&pos);
        let aborted = self.solver.aborted();
        self.solver.set_node_limit(None);
        if aborted {
            return None;
        }
        let (need, we_make) = (contract.bid.tricks(), contract.maker.team() == ours);
        // Whether the hand goes our way with `tricks` for our team: made, or (defending) broken.
        let our_way = |tricks: u8| {
            let maker_tricks = if we_make { tricks } else { TRICKS.saturating_sub(tricks) };
            (maker_tricks >= need) == we_make
        };
        cards
            .iter()
            .filter_map(|&c| values.iter().find(|(v, _)| *v == c).map(|&(_, v)| (c, won + v)))
            .max_by_key(|&(_, tricks)| (our_way(tricks), tricks))
            .map(|(c, _)| c)
    }
}

impl Default for KoutOracle {
    fn default() -> Self {
        KoutOracle::new()
    }
}

impl Bot<Kout> for KoutOracle {
    /// Seated without the whole game (never in the arena): the heuristic's choice.
    fn choose(&mut self, seat: Seat, view: &KoutView, legal: &[KoutAction]) -> KoutAction {
        KoutHeuristic.choose(seat, view, legal)
    }

    fn choose_seeing(&mut self, seat: Seat, game: &Kout, legal: &[KoutAction]) -> Option<KoutAction> {
        let view = game.view(Some(seat));
        let decided = if legal.iter().any(|a| matches!(a, KoutAction::Bid(_))) {
            self.bid(game, seat, legal)
        } else if legal.iter().any(|a| matches!(a, KoutAction::Trump(_))) {
            let bid = Bid::new(view.bid?)?;
            self.best_trump(game, seat, bid).map(|(t, _)| KoutAction::Trump(t))
        } else {
            let cards = legal_cards(legal);
            if cards.len() < 2 { None } else { self.card(game, seat, &cards).map(KoutAction::Play) }
        };
        self.fallbacks += u32::from(decided.is_none());
        Some(crate::pick(legal, decided.or_else(|| Some(KoutHeuristic.choose(seat, &view, legal)))))
    }
}
