//! The deal: a deck into 2×2 grids, the first discard, the draw pile and the set-up peek.

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Deck, DeckKind};
use game::{BySeat, HandRecord, Seat};

use crate::knowledge::Knowledge;
use crate::setup::SetupError;
use crate::state::{Grid, Layout, Round, Stage};

/// What a round needs to start: the deck in dealing order (top first) and the draw piles that
/// reshuffles will form, if the record gives them.
///
/// The fields may describe nonsense (another game's deck, a reshuffle list with a card twice);
/// [`game::Game::deal`] checks them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KabulDeal {
    /// The 54 cards, top first.
    pub deck: Deck,
    /// The new draw pile of each reshuffle, in order, top first. A reshuffle with no list here
    /// takes the discard pile minus its top card, oldest on top.
    pub reshuffles: Option<Vec<Vec<Card>>>,
}

impl KabulDeal {
    /// A deal of `deck` whose reshuffles take the default order.
    #[must_use]
    pub fn new(deck: Deck) -> KabulDeal {
        KabulDeal { deck, reshuffles: None }
    }

    /// Reads a record's hand: its deck and its `reshuffles`.
    ///
    /// # Errors
    /// The deck is not exactly the 54 cards, or a reshuffle list holds a card twice.
    pub fn from_record(hand: &HandRecord) -> Result<KabulDeal, SetupError> {
        let deal = KabulDeal { deck: hand.checked_deck(DeckKind::Kabul)?, reshuffles: hand.reshuffles.clone() };
        deal.check()?;
        Ok(deal)
    }

    /// Writes the deck and any reshuffle lists into a record's hand.
    pub fn to_record(&self, hand: &mut HandRecord) {
        hand.deck = self.deck.to_vec();
        hand.reshuffles.clone_from(&self.reshuffles);
    }

    /// Checks what can be checked before play: the deck, and that no reshuffle list repeats a card.
    ///
    /// # Errors
    /// In words.
    pub fn check(&self) -> Result<(), SetupError> {
        Deck::new(DeckKind::Kabul, &self.deck)?;
        for (i, list) in self.reshuffles.iter().flatten().enumerate() {
            let mut seen = CardSet::EMPTY;
            for &card in list {
                if !seen.insert(card) {
                    return Err(SetupError::ReshuffleRepeats { reshuffle: i, card });
                }
            }
        }
        Ok(())
    }
}

impl Round {
    /// Deals a round: one card to each seat in turn from dealer + 1, four times round, into slots
    /// 0 to 3; the next card starts the discard pile; the rest is the draw pile. Every player then
    /// looks at slots 2 and 3.
    pub(crate) fn deal(players: usize, dealer: Seat, deal: KabulDeal) -> Result<Round, SetupError> {
        deal.check()?;
        let mut cards = deal.deck.iter().copied();
        let mut grids: BySeat<Grid> = BySeat::filled(players, Grid::new());
        for _ in 0..4 {
            for k in 1..=players {
                let seat = dealer.offset(k, players);
                let card = cards.next().ok_or(SetupError::DeckRanOut)?;
                grids[seat].push(Some(card));
            }
        }
        let mut discard = ArrayVec::new();
        discard.push(cards.next().ok_or(SetupError::DeckRanOut)?);
        let mut draw: ArrayVec<Card, 54> = cards.collect();
        draw.reverse();
        let mut knowledge = Knowledge::new(players);
        for (seat, grid) in grids.seats() {
            for card in grid.iter().skip(2).flatten() {
                knowledge.learn(seat, *card);
            }
        }
        Ok(Round {
            players,
            dealer,
            layout: Layout { grids, draw, discard, drawn: None },
            knowledge,
            turn: dealer.next(players),
            stage: Stage::Draw,
            caller: None,
            reshuffles: deal.reshuffles,
            reshuffles_done: 0,
            events: ArrayVec::new(),
        })
    }
}
