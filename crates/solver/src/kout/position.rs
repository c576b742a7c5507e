//! Kout Bo's position: the trick play with every hand known, checked against the engine's rules,
//! and how it reaches the search (its [`Position`] and [`Solvable`] sides).

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Rank, Suit};
use game::{ByTeam, Game, Seat, Team};
use kout::{Bid, Contract, Kout, KoutView, PlayedCard, StageView, Variant, card_power};

use super::node::{Consts, Layout, State};
use crate::error::PositionError;
use crate::node::Node;
use crate::position::{Position, Solvable, check_play, legal_cards};
use crate::search::Search;

/// Tricks in a hand.
const TRICKS: u8 = 9;

/// A position of Kout Bo's trick play with every hand known: the variant, the contract, trump, the
/// hands, the trick on the table (with its dead jokers) and the tricks each team has won.
///
/// A value is always a position the engine could reach: the hands hold the variant's cards only,
/// once each, and as many as the tricks played leave. All nine tricks count, as under the
/// `play_out` option: the engine may stop a hand as soon as it is decided, the solver does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KoutPosition {
    variant: Variant,
    contract: Contract,
    trump: Suit,
    hands: [CardSet; 6],
    leader: Seat,
    plays: ArrayVec<PlayedCard, 6>,
    led: Option<Suit>,
    /// The cards of the finished tricks.
    played: CardSet,
    tricks_done: u8,
    tricks_won: ByTeam<u8>,
}

impl KoutPosition {
    /// The first lead of a hand: the maker leads, `hands[s]` is seat `s`'s 9 cards.
    ///
    /// # Errors
    /// A hand count other than the variant's seats, a hand that is not 9 cards of the variant's
    /// deck, a card in two hands.
    pub fn new(variant: Variant, contract: Contract, trump: Suit, hands: &[CardSet]) -> Result<Self, PositionError> {
        let pos = KoutPosition {
            variant,
            contract,
            trump,
            hands: KoutPosition::hands_of(variant, hands)?,
            leader: contract.maker,
            plays: ArrayVec::new(),
            led: None,
            played: CardSet::EMPTY,
            tricks_done: 0,
            tricks_won: ByTeam::default(),
        };
        pos.check()?;
        Ok(pos)
    }

    fn hands_of(variant: Variant, hands: &[CardSet]) -> Result<[CardSet; 6], PositionError> {
        let seats = variant.seats();
        if hands.len() != seats {
            return Err(PositionError::Seats { given: hands.len(), seats });
        }
        let mut out = [CardSet::EMPTY; 6];
        out[..seats].copy_from_slice(hands);
        Ok(out)
    }

    /// The position of `game`'s hand in play, with the real hands.
    ///
    /// # Errors
    /// [`PositionError::NotPlaying`] outside the trick play.
    pub fn from_game(game: &Kout) -> Result<Self, PositionError> {
        let hands: Vec<CardSet> = Seat::all(game.rules().variant.seats()).map(|s| game.held(s)).collect();
        KoutPosition::from_view(&game.view(None), &hands)
    }

    /// The position a view shows, with `hands` as the hands (the viewer's own and guesses of the
    /// others, for instance): the contract, trump, the trick on the table and the tricks won come
    /// from the view.
    ///
    /// # Errors
    /// [`PositionError::NotPlaying`] outside the trick play; hands that do not fit the view (a card
    /// twice, a card already played, the wrong number of cards or of hands).
    pub fn from_view(view: &KoutView, hands: &[CardSet]) -> Result<Self, PositionError> {
        if view.stage != StageView::Playing {
            return Err(PositionError::NotPlaying);
        }
        let variant = Variant::of(view.game).ok_or(PositionError::NotPlaying)?;
        let (Some(maker), Some(bid), Some(trump), Some(trick)) = (view.maker, view.bid, view.trump, &view.trick) else {
            return Err(PositionError::NotPlaying);
        };
        let bid = Bid::new(bid).ok_or(PositionError::NotPlaying)?;
        let seats = variant.seats();
        if trick.cards.len() >= seats
            || trick.cards.iter().enumerate().any(|(i, p)| p.seat != trick.leader.offset(i, seats))
        {
            return Err(PositionError::Trick);
        }
        let pos = KoutPosition {
            variant,
            contract: Contract { maker, bid, malzoom: view.malzoom },
            trump,
            hands: KoutPosition::hands_of(variant, hands)?,
            leader: trick.leader,
            plays: trick.cards.iter().copied().collect(),
            led: trick.led,
            played: view.tricks.iter().flat_map(|t| t.cards.iter().map(|p| p.card)).collect(),
            tricks_done: view.tricks.len() as u8,
            tricks_won: view.tricks_won,
        };
        if pos.tricks_done >= TRICKS {
            return Err(PositionError::Over);
        }
        pos.check()?;
        Ok(pos)
    }

    fn check(&self) -> Result<(), PositionError> {
        let deck = self.variant.cards();
        let mut seen = self.played;
        for p in &self.plays {
            if !deck.contains(p.card) {
                return Err(PositionError::NotInDeck(p.card));
            }
            if !seen.insert(p.card) {
                return Err(PositionError::Duplicate(p.card));
            }
        }
        for seat in Seat::all(self.seats()) {
            let hand = self.hand(seat);
            if let Some(card) = (hand - deck).first() {
                return Err(PositionError::NotInDeck(card));
            }
            if let Some(card) = (hand & seen).first() {
                return Err(PositionError::Duplicate(card));
            }
            seen |= hand;
            let in_trick = self.plays.iter().any(|p| p.seat == seat);
            let expected = usize::from(TRICKS - self.tricks_done) - usize::from(in_trick);
            if hand.len() != expected {
                return Err(PositionError::HandSize { seat, held: hand.len(), expected });
            }
        }
        Ok(())
    }

    fn seats(&self) -> usize {
        self.variant.seats()
    }

    /// Kout Bo 4 or 6.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The contract: the maker and the bid.
    #[must_use]
    pub const fn contract(&self) -> Contract {
        self.contract
    }

    /// The trump suit.
    #[must_use]
    pub const fn trump(&self) -> Suit {
        self.trump
    }

    /// The cards `seat` holds.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The hands, by seat (as many as the table has seats).
    #[must_use]
    pub fn hands(&self) -> &[CardSet] {
        &self.hands[..self.seats()]
    }

    /// The cards on the table, in the order played, with their dead jokers.
    #[must_use]
    pub fn trick(&self) -> &[PlayedCard] {
        &self.plays
    }

    /// The suit led to the trick on the table (the trump suit for a trump lead), once decided.
    #[must_use]
    pub const fn led(&self) -> Option<Suit> {
        self.led
    }

    /// The seat to play.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.leader.offset(self.plays.len(), self.seats())
    }

    /// Tricks not yet complete, the one on the table included.
    #[must_use]
    pub const fn tricks_left(&self) -> usize {
        (TRICKS - self.tricks_done) as usize
    }

    /// Whether all nine tricks have been played.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.tricks_done >= TRICKS
    }

    /// Tricks each team has won.
    #[must_use]
    pub const fn tricks_won(&self) -> ByTeam<u8> {
        self.tricks_won
    }

    /// The jokers the seat to move may lead (`kout`'s rule (a) and (b)).
    fn joker_leads(&self, leader: Seat) -> CardSet {
        let top_four = [Rank::Ace, Rank::King, Rank::Queen, Rank::Jack].map(|r| Card::new(r, self.trump));
        if top_four.iter().all(|&c| self.played.contains(c)) {
            return CardSet::JOKERS;
        }
        if self.contract.maker.team() != leader.team() {
            return CardSet::EMPTY;
        }
        match self.contract.bid.tricks() {
            9 => CardSet::JOKERS,
            8 => CardSet::single(Card::RED_JOKER),
            _ => CardSet::EMPTY,
        }
    }

    /// The cards the seat to move may play (the engine's rules: following, jokers, joker leads).
    #[must_use]
    pub fn legal_moves(&self) -> CardSet {
        legal_cards(self)
    }

    /// Plays `card` for the seat to move.
    ///
    /// # Errors
    /// [`PositionError::Illegal`] for a card the seat may not play, [`PositionError::Over`] after
    /// the last trick.
    pub fn play(&mut self, card: Card) -> Result<(), PositionError> {
        let seat = check_play(self, card)?;
        let dead = if self.plays.is_empty() {
            card.is_joker() && !self.joker_leads(seat).contains(card)
        } else {
            card.is_joker() && self.plays.len() == 1 && self.plays.first().is_some_and(|p| p.dead)
        };
        if !dead && self.led.is_none() {
            self.led = Some(card.suit().unwrap_or(self.trump));
        }
        self.hands[seat.index() % 6].remove(card);
        self.plays.push(PlayedCard { seat, card, dead });
        if self.plays.len() < self.seats() {
            return Ok(());
        }
        let winner = self
            .plays
            .iter()
            .filter(|p| !p.dead)
            .fold(None, |best: Option<(u8, Seat)>, p| {
                let power = card_power(p.card, self.trump, self.led);
                if best.is_none_or(|(b, _)| power > b) { Some((power, p.seat)) } else { best }
            })
            .map_or(self.leader, |(_, s)| s);
        self.played.extend(self.plays.iter().map(|p| p.card));
        self.plays.clear();
        self.led = None;
        self.leader = winner;
        self.tricks_done += 1;
        self.tricks_won[winner.team()] += 1;
        Ok(())
    }
}

impl Position for KoutPosition {
    type Value = u8;

    /// 2^16 buckets (5 MB).
    const TABLE_BITS: u32 = 16;
}

/// What the table's entries depend on besides their keys: they hold for every deal with the same
/// table, contract and counted team (a key names the cards of a position by their places, not by
/// their suits and ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    seats: usize,
    maker_team: Team,
    bid: u8,
    team: Team,
}

impl Solvable for KoutPosition {
    type Node = State;
    type Layout = Layout;
    type Context = Context;

    /// The layout of the trump suit; the trick on the table replayed on the hands it came from.
    fn start(&self, team: Team) -> (Layout, Consts, State) {
        let layout = Layout::new(self.trump);
        let mut hands = [0u64; 6];
        for (h, &cards) in hands.iter_mut().zip(&self.hands) {
            *h = layout.bits(cards);
        }
        for p in &self.plays {
            hands[p.seat.index() % 6] |= 1 << layout.index(p.card);
        }
        let k = Consts::new(self.seats(), self.contract, team.index(), &hands);
        let mut st = State::new(&k, hands, self.leader.index(), TRICKS - self.tricks_done);
        for p in &self.plays {
            st.play(&k, layout.index(p.card));
        }
        (layout, k, st)
    }

    fn turn(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    fn card(layout: &Layout, bit: u8) -> Card {
        // Legal moves are cards: the joker is never read.
        layout.cards[usize::from(bit)].unwrap_or(Card::RED_JOKER)
    }

    fn context(&self, _root: &State, team: Team) -> Context {
        Context { seats: self.seats(), maker_team: self.contract.maker.team(), bid: self.contract.bid.tricks(), team }
    }

    fn same_table(old: &Context, new: &Context) -> bool {
        old == new
    }

    fn search(search: &mut Search<'_, State>, target: Option<i32>) -> i32 {
        search.run(target)
    }
}
