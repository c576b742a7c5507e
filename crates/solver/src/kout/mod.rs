//! Kout Bo: positions of the trick play with every hand known, and the solver of their tricks.

mod search;

use arrayvec::ArrayVec;
use cards::{Card, CardSet, Rank, Suit};
use game::{ByTeam, Game, Seat, Team};
use kout::{Bid, Contract, Kout, KoutView, PlayedCard, StageView, Variant, card_power};

use crate::error::PositionError;
use crate::tt::{NO_MOVE, Table};
use search::{Consts, Layout, Search, State};

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

    fn layout_state(&self, team: Team) -> (Layout, Consts, State) {
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

    /// The cards the seat to move may play (the engine's rules: following, jokers, joker leads).
    #[must_use]
    pub fn legal_moves(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        let (layout, k, st) = self.layout_state(Team::ZERO);
        layout.set(st.legal(&k))
    }

    /// Plays `card` for the seat to move.
    ///
    /// # Errors
    /// [`PositionError::Illegal`] for a card the seat may not play, [`PositionError::Over`] after
    /// the last trick.
    pub fn play(&mut self, card: Card) -> Result<(), PositionError> {
        if self.is_over() {
            return Err(PositionError::Over);
        }
        let seat = self.to_move();
        if !self.legal_moves().contains(card) {
            return Err(PositionError::Illegal { seat, card });
        }
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

/// The exact Kout Bo solver. It keeps a transposition table (allocated once) between calls: calls
/// with the same table size, contract and counted team reuse what earlier calls learnt, even on
/// other deals (the strong bot solves many deals of one hand).
///
/// Values are the tricks a team takes **from the position on** (the trick on the table included),
/// all nine tricks played out; add [`KoutPosition::tricks_won`] for the hand's total. Each team is
/// assumed to play its best against the counted team.
#[derive(Debug)]
pub struct KoutSolver {
    table: Table<[u64; 4]>,
    context: Option<Context>,
    equivalence: bool,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

/// What the table's entries depend on besides their keys: they hold for every deal with the same
/// table, contract and counted team (a key names the cards of a position by their places, not by
/// their suits and ranks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Context {
    seats: usize,
    maker_team: Team,
    bid: u8,
    team: Team,
}

impl Default for KoutSolver {
    fn default() -> Self {
        KoutSolver::new()
    }
}

impl KoutSolver {
    /// A solver with a table of 2^16 buckets (5 MB).
    #[must_use]
    pub fn new() -> KoutSolver {
        KoutSolver::with_table_bits(16)
    }

    /// A solver with a table of `2^bits` buckets of two 40-byte entries (`bits` within 4–26).
    #[must_use]
    pub fn with_table_bits(bits: u32) -> KoutSolver {
        KoutSolver {
            table: Table::new(bits),
            context: None,
            equivalence: true,
            nodes: 0,
            limit: u64::MAX,
            aborted: false,
        }
    }

    /// Turns the equivalent-card reduction off (or on again): the values must not change, only the
    /// time taken. For tests.
    pub fn set_equivalence(&mut self, on: bool) {
        self.equivalence = on;
        self.forget();
    }

    /// Forgets everything the table holds.
    pub fn forget(&mut self) {
        self.table.next_generation();
        self.context = None;
    }

    /// Positions searched since the solver was made.
    #[must_use]
    pub const fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Caps the positions each later call may search (`None`: no cap). A call that reaches the
    /// cap stops at once and its answer is meaningless: check [`Self::aborted`]. What it learnt
    /// before stopping is kept only where it is exact. The strong bot caps its searches so that
    /// one hard deal cannot overrun its time.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.limit = limit.unwrap_or(u64::MAX);
    }

    /// Whether the last call reached the node cap ([`Self::set_node_limit`]): its answer is then
    /// meaningless.
    #[must_use]
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    fn search(&mut self, pos: &KoutPosition, team: Team) -> (Layout, Search<'_>) {
        let (layout, k, st) = pos.layout_state(team);
        let context =
            Context { seats: pos.seats(), maker_team: pos.contract.maker.team(), bid: pos.contract.bid.tricks(), team };
        if self.context != Some(context) {
            self.table.next_generation();
            self.context = Some(context);
        }
        (
            layout,
            Search {
                k,
                st,
                table: &mut self.table,
                equivalence: self.equivalence,
                nodes: 0,
                limit: self.limit,
                aborted: false,
            },
        )
    }

    /// The tricks the side to move's team takes from here with best play on both sides.
    #[must_use]
    pub fn value(&mut self, pos: &KoutPosition) -> u8 {
        self.value_for(pos, pos.to_move().team())
    }

    /// The tricks `team` takes from here with best play on both sides.
    #[must_use]
    pub fn value_for(&mut self, pos: &KoutPosition, team: Team) -> u8 {
        self.aborted = false;
        if pos.is_over() {
            return 0;
        }
        let (_, mut s) = self.search(pos, team);
        let v = s.solve();
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes += nodes;
        self.aborted = aborted;
        v as u8
    }

    /// Whether `team` takes at least `target` tricks from here (one zero-window search).
    #[must_use]
    pub fn at_least(&mut self, pos: &KoutPosition, team: Team, target: u8) -> bool {
        self.aborted = false;
        if target == 0 {
            return true;
        }
        if usize::from(target) > pos.tricks_left() {
            return false;
        }
        let (_, mut s) = self.search(pos, team);
        let yes = s.at_least(i32::from(target));
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes += nodes;
        self.aborted = aborted;
        yes
    }

    /// Whether the maker's team makes its bid (the tricks it has won counted) with best play on
    /// both sides.
    #[must_use]
    pub fn makes_bid(&mut self, pos: &KoutPosition) -> bool {
        let team = pos.contract.maker.team();
        let need = pos.contract.bid.tricks().saturating_sub(pos.tricks_won[team]);
        self.at_least(pos, team, need)
    }

    /// The value, for the side to move's team, of playing each legal card: the tricks that team
    /// takes from here if it plays that card and both sides play their best afterwards. Equivalent
    /// cards are solved once.
    #[must_use]
    pub fn move_values(&mut self, pos: &KoutPosition) -> ArrayVec<(Card, u8), 9> {
        self.aborted = false;
        let mut out = ArrayVec::new();
        if pos.is_over() {
            return out;
        }
        let team = pos.to_move().team();
        let (layout, mut s) = self.search(pos, team);
        let root = s.st;
        let legal = root.legal(&s.k);
        let mut solved: ArrayVec<(u8, u8), 9> = ArrayVec::new();
        let mut m = legal;
        while m != 0 {
            let c = m.trailing_zeros() as u8;
            m &= m - 1;
            let rep = if s.equivalence { root.representative(&s.k, c) } else { c };
            let value = match solved.iter().find(|(r, _)| *r == rep) {
                Some(&(_, v)) => v,
                None => {
                    let gain = s.st.play(&s.k, rep);
                    let v = (gain + s.solve()) as u8;
                    s.st = root;
                    solved.push((rep, v));
                    v
                }
            };
            if let Some(card) = layout.cards[usize::from(c)] {
                out.push((card, value));
            }
        }
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes += nodes;
        self.aborted = aborted;
        out
    }

    /// A best card for the side to move and the tricks its team then takes from here.
    ///
    /// # Panics
    /// If the position is over (no card to play).
    #[must_use]
    pub fn best_move(&mut self, pos: &KoutPosition) -> (Card, u8) {
        self.best_move_for(pos, pos.to_move().team())
    }

    /// A best card for the side to move when `team`'s tricks are what counts (the side to move
    /// maximises them if it is `team`, minimises them if not), and `team`'s tricks from here.
    ///
    /// # Panics
    /// If the position is over (no card to play).
    #[must_use]
    pub fn best_move_for(&mut self, pos: &KoutPosition, team: Team) -> (Card, u8) {
        self.aborted = false;
        assert!(!pos.is_over(), "best_move on a finished hand");
        let (layout, mut s) = self.search(pos, team);
        let root = s.st;
        let v = s.solve();
        let maximizing = root.mover(&s.k) & 1 == team.index();
        let moves = s.ordered(NO_MOVE);
        let mut best = moves.cards[0];
        for &c in moves.cards() {
            let gain = s.st.play(&s.k, c);
            let ok = if maximizing { s.at_least(v - gain) } else { !s.at_least(v - gain + 1) };
            s.st = root;
            if ok {
                best = c;
                break;
            }
        }
        let (nodes, aborted) = (s.nodes, s.aborted);
        self.nodes += nodes;
        self.aborted = aborted;
        let card = layout.cards[usize::from(best)].unwrap_or(Card::RED_JOKER);
        (card, v as u8)
    }
}
