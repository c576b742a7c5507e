//! Baloot's position: the trick play with every hand known, checked against the engine's rules,
//! and how it reaches the search (its [`Position`] and [`Solvable`] sides).

use baloot::{Baloot, BalootRules, BalootView, LAST_TRICK_BONUS, Mode, ModeName, StageView, Trick};
use cards::{Card, CardSet, DeckKind};
use game::{ByTeam, Game, Seat, Team};

use super::node::{Consts, Layout, State};
use crate::error::PositionError;
use crate::node::Node;
use crate::position::{Position, Solvable, check_play, legal_cards};
use crate::search::Search;

/// What a Kaboot (one team takes all 8 tricks, under the `kaboot` rule) is worth to the sweeping
/// team, in card points: the rules score it 25 game points in Hokum and 44 in Sun, which at the
/// mode's exchange rate (Hokum: 10 card points a game point; Sun: 5) is 250 and 220 card points,
/// in place of the 162 and 130 the tricks hold. The swept team scores nothing, as with no trick.
#[must_use]
pub const fn kaboot_value(mode: Mode) -> u16 {
    match mode {
        Mode::Hokum(_) => 250,
        Mode::Sun => 220,
    }
}

/// A position of Baloot's trick play with all four hands known: the contract's mode, the rules
/// that decide which cards may be played, the hands, the trick on the table and what each team has
/// taken so far.
///
/// A value is always a position the engine could reach: the hands hold Baloot cards only, once
/// each, and as many as the tricks played leave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BalootPosition {
    mode: Mode,
    rules: BalootRules,
    /// The hand's last raise was `closed` (the Saudi table calls): no trump led while holding
    /// another suit.
    closed: bool,
    hands: [CardSet; 4],
    trick: Trick,
    tricks_done: u8,
    tricks_taken: ByTeam<u8>,
    points_taken: ByTeam<u16>,
}

impl BalootPosition {
    /// The first lead of a hand: `leader` leads, every seat holds its 8 cards.
    ///
    /// # Errors
    /// A hand that is not 8 Baloot cards, or a card in two hands.
    pub fn new(mode: Mode, rules: BalootRules, leader: Seat, hands: [CardSet; 4]) -> Result<Self, PositionError> {
        let pos = BalootPosition {
            mode,
            rules,
            closed: false,
            hands,
            trick: Trick::new(Seat::new(leader.index() % 4).unwrap_or(Seat::ZERO), mode.trump()),
            tricks_done: 0,
            tricks_taken: ByTeam::default(),
            points_taken: ByTeam::default(),
        };
        pos.check(CardSet::EMPTY)?;
        Ok(pos)
    }

    /// The position of `game`'s hand in play, with the real hands.
    ///
    /// # Errors
    /// [`PositionError::NotPlaying`] outside the trick play.
    pub fn from_game(game: &Baloot) -> Result<Self, PositionError> {
        let hands = std::array::from_fn(|s| Seat::new(s).map_or(CardSet::EMPTY, |seat| game.held(seat)));
        BalootPosition::from_view(&game.view(None), *game.rules(), hands)
    }

    /// The position a view shows, with `hands` as the four hands (the viewer's own and guesses of
    /// the others, for instance): the contract, the trick on the table and the tricks taken come
    /// from the view.
    ///
    /// # Errors
    /// [`PositionError::NotPlaying`] outside the trick play; hands that do not fit the view (a card
    /// twice, a card already played, the wrong number of cards).
    pub fn from_view(view: &BalootView, rules: BalootRules, hands: [CardSet; 4]) -> Result<Self, PositionError> {
        let hand = view.hand.as_ref().filter(|_| view.phase == StageView::Playing).ok_or(PositionError::NotPlaying)?;
        let contract = hand.contract.ok_or(PositionError::NotPlaying)?;
        let mode = match (contract.mode, contract.trump) {
            (ModeName::Hokum, Some(t)) => Mode::Hokum(t),
            (ModeName::Hokum, None) => return Err(PositionError::NotPlaying),
            (ModeName::Sun, _) => Mode::Sun,
        };
        if hand.tricks.len() >= 8 {
            return Err(PositionError::Over);
        }
        let mut trick = Trick::new(hand.trick.leader, mode.trump());
        for (i, play) in hand.trick.plays.iter().enumerate() {
            if i >= 3 || play.seat != hand.trick.leader.offset(i, 4) {
                return Err(PositionError::Trick);
            }
            trick.push(play.card);
        }
        let played: CardSet = hand.tricks.iter().flat_map(|t| t.plays.iter().map(|p| p.card)).collect();
        let pos = BalootPosition {
            mode,
            rules,
            closed: hand.closed,
            hands,
            trick,
            tricks_done: hand.tricks.len() as u8,
            tricks_taken: hand.trick_counts,
            points_taken: hand.card_points,
        };
        pos.check(played)?;
        Ok(pos)
    }

    /// Checks the hands against the trick on the table and the cards `played` in earlier tricks.
    fn check(&self, played: CardSet) -> Result<(), PositionError> {
        let deck = DeckKind::Baloot.cards();
        let mut seen = played;
        for card in self.trick.card_set() {
            if !deck.contains(card) {
                return Err(PositionError::NotInDeck(card));
            }
            if !seen.insert(card) {
                return Err(PositionError::Duplicate(card));
            }
        }
        for (s, &hand) in self.hands.iter().enumerate() {
            if let Some(card) = (hand - deck).first() {
                return Err(PositionError::NotInDeck(card));
            }
            if let Some(card) = (hand & seen).first() {
                return Err(PositionError::Duplicate(card));
            }
            seen |= hand;
            let seat = Seat::new(s).unwrap_or(Seat::ZERO);
            let in_trick = self.trick.plays().any(|(p, _)| p == seat);
            let expected = 8 - usize::from(self.tricks_done) - usize::from(in_trick);
            if hand.len() != expected {
                return Err(PositionError::HandSize { seat, held: hand.len(), expected });
            }
        }
        Ok(())
    }

    /// The contract's mode.
    #[must_use]
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// The rules that decide which cards may be played and whether a Kaboot counts.
    #[must_use]
    pub const fn rules(&self) -> &BalootRules {
        &self.rules
    }

    /// Whether the hand is closed (its last raise was `closed`): then no trump may be led while
    /// the leader holds another suit. A view's position takes it from the view.
    #[must_use]
    pub const fn closed(&self) -> bool {
        self.closed
    }

    /// The same position, closed or open (a position made by [`BalootPosition::new`] is open).
    #[must_use]
    pub const fn with_closed(mut self, closed: bool) -> Self {
        self.closed = closed;
        self
    }

    /// The cards `seat` holds.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The four hands, by seat.
    #[must_use]
    pub const fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    /// The trick on the table (empty at a lead).
    #[must_use]
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The seat to play.
    #[must_use]
    pub const fn to_move(&self) -> Seat {
        self.trick.next_seat()
    }

    /// Tricks not yet complete, the one on the table included.
    #[must_use]
    pub const fn tricks_left(&self) -> usize {
        8 - self.tricks_done as usize
    }

    /// Whether all 8 tricks have been played.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.tricks_done >= 8
    }

    /// Tricks each team has taken.
    #[must_use]
    pub const fn tricks_taken(&self) -> ByTeam<u8> {
        self.tricks_taken
    }

    /// Card points each team has taken (the last trick's 10 included once it is taken).
    #[must_use]
    pub const fn points_taken(&self) -> ByTeam<u16> {
        self.points_taken
    }

    /// The cards the seat to move may play (the engine's rules, Hokum's trumping duties included).
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
        self.hands[seat.index() & 3].remove(card);
        self.trick.push(card);
        if self.trick.is_full() {
            let winner = self.trick.winner().unwrap_or(seat);
            self.tricks_done += 1;
            let last = if self.tricks_done == 8 { LAST_TRICK_BONUS } else { 0 };
            self.points_taken[winner.team()] += self.trick.points() + last;
            self.tricks_taken[winner.team()] += 1;
            self.trick = Trick::new(winner, self.mode.trump());
        }
        Ok(())
    }
}

impl Position for BalootPosition {
    type Value = u16;

    /// 2^14 buckets (512 KB): small enough to stay in cache, which beats the few cut-offs a
    /// larger table would add.
    const TABLE_BITS: u32 = 14;
}

/// The deal the table's entries belong to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    hands: [u32; 4],
    mode: Mode,
    rules: BalootRules,
    closed: bool,
    team: Team,
}

impl Solvable for BalootPosition {
    type Node = State;
    type Layout = Layout;
    type Context = Context;

    fn turn(&self) -> Option<Seat> {
        (!self.is_over()).then(|| self.to_move())
    }

    /// The layout of the contract's mode; the trick on the table replayed on the hands it came
    /// from.
    fn start(&self, team: Team) -> (Layout, Consts, State) {
        let layout = Layout::new(self.mode);
        let k = Consts::new(&layout, &self.rules, kaboot_value(self.mode), self.closed, team.index());
        let mut hands = self.hands.map(|h| layout.bits(h));
        let leader = self.trick.leader().index();
        for (seat, card) in self.trick.plays() {
            if let (Some(h), Some(i)) = (hands.get_mut(seat.index()), layout.index(card)) {
                *h |= 1 << i;
            }
        }
        let sweep = self.tricks_taken[team.other()] == 0;
        let mut st = State::new(&k, hands, leader, 8 - self.tricks_done, sweep);
        for (_, card) in self.trick.plays() {
            if let Some(i) = layout.index(card) {
                st.play(&k, i);
            }
        }
        (layout, k, st)
    }

    fn card(layout: &Layout, bit: u8) -> Card {
        layout.cards[usize::from(bit)]
    }

    fn context(&self, root: &State, team: Team) -> Context {
        Context { hands: root.hands, mode: self.mode, rules: self.rules, closed: self.closed, team }
    }

    /// Positions of the same deal: the same contract and counted team, the hands only shrinking.
    fn same_table(old: &Context, new: &Context) -> bool {
        old.mode == new.mode
            && old.rules == new.rules
            && old.closed == new.closed
            && old.team == new.team
            && old.hands.iter().zip(&new.hands).all(|(old, new)| new & !old == 0)
    }

    fn search(search: &mut Search<'_, State>, target: Option<i32>) -> i32 {
        search.run(target)
    }
}
