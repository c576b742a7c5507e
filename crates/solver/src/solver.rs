//! The solver's public API, written once for every game: [`Solver`], generic over the game's
//! [`Position`].

use arrayvec::ArrayVec;
use cards::Card;
use game::{Seat, Team};

use crate::node::Node;
use crate::order::MAX_MOVES;
use crate::position::Position;
use crate::search::Search;
use crate::trans_table::TransTable;

/// The exact solver of a game's trick play ([`BalootSolver`](crate::BalootSolver) and
/// [`KoutSolver`](crate::KoutSolver) name it for each game). It keeps a transposition table
/// (allocated once) between calls: a call reuses what earlier calls learnt as long as the table's
/// entries still hold (Baloot: positions of the same deal, the hands only shrinking, the same
/// counted team; Kout Bo: the same table size, contract and counted team, even on other deals:
/// the strong bot solves many deals of one hand).
///
/// Values are what a team takes **from the position on** (the cards on the table included), in
/// the game's unit ([`Position::Value`]): Baloot's card points (the last trick's 10 and, under the
/// `kaboot` rule, a Kaboot scored as [`kaboot_value`](crate::kaboot_value) included), Kout Bo's
/// tricks (all nine played out). Add what the position says was taken already for the hand's
/// total. Each team is assumed to play its best against the counted team.
#[derive(Debug)]
pub struct Solver<P: Position> {
    table: TransTable<<P::Node as Node>::Key>,
    context: Option<P::Context>,
    equivalence: bool,
    nodes: u64,
    limit: u64,
    aborted: bool,
}

impl<P: Position> Default for Solver<P> {
    fn default() -> Self {
        Solver::new()
    }
}

impl<P: Position> Solver<P> {
    /// A solver with the game's table size, [`Position::TABLE_BITS`] (Baloot: 2^14 buckets of
    /// two 16-byte entries, 512 KB: small enough to stay in cache, which beats the few cut-offs a
    /// larger table would add; Kout Bo: 2^16 buckets of two 40-byte entries, 5 MB).
    #[must_use]
    pub fn new() -> Self {
        Solver::with_table_bits(P::TABLE_BITS)
    }

    /// A solver with a table of `2^bits` buckets (`bits` within 4–26).
    #[must_use]
    pub fn with_table_bits(bits: u32) -> Self {
        Solver {
            table: TransTable::new(bits),
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
    /// before stopping is kept only where it is exact. The strong bots cap their searches so that
    /// one hard deal cannot overrun their time.
    pub fn set_node_limit(&mut self, limit: Option<u64>) {
        self.limit = limit.unwrap_or(u64::MAX);
    }

    /// Whether the last call reached the node cap ([`Self::set_node_limit`]): its answer is then
    /// meaningless.
    #[must_use]
    pub const fn aborted(&self) -> bool {
        self.aborted
    }

    /// Runs `f` on a search of `pos` with `team`'s value counted (the table's entries kept if they
    /// still hold), and counts its nodes and whether it stopped at the cap.
    fn run<R>(&mut self, pos: &P, team: Team, f: impl FnOnce(&P::Layout, &mut Search<'_, P::Node>) -> R) -> R {
        let (layout, k, st) = pos.start(team);
        let context = pos.context(&st, team);
        if !self.context.as_ref().is_some_and(|old| P::same_table(old, &context)) {
            self.table.next_generation();
            self.context = Some(context);
        }
        let mut search = Search {
            k,
            st,
            table: &mut self.table,
            equivalence: self.equivalence,
            nodes: 0,
            limit: self.limit,
            aborted: false,
        };
        let out = f(&layout, &mut search);
        let (nodes, aborted) = (search.nodes, search.aborted);
        self.nodes += nodes;
        self.aborted = aborted;
        out
    }

    /// What the side to move's team takes from here with best play on both sides.
    #[must_use]
    pub fn value(&mut self, pos: &P) -> P::Value {
        self.value_for(pos, pos.turn().map_or(Team::ZERO, Seat::team))
    }

    /// What `team` takes from here with best play on both sides.
    #[must_use]
    pub fn value_for(&mut self, pos: &P, team: Team) -> P::Value {
        self.aborted = false;
        if pos.turn().is_none() {
            return P::Value::default();
        }
        self.run(pos, team, |_, s| value_of::<P>(P::search(s, None)))
    }

    /// Whether `team` takes at least `target` from here (one zero-window search: cheaper than the
    /// exact value).
    #[must_use]
    pub fn at_least(&mut self, pos: &P, team: Team, target: P::Value) -> bool {
        self.aborted = false;
        let target: i32 = target.into();
        if target <= 0 {
            return true;
        }
        if pos.turn().is_none() {
            return false;
        }
        self.run(pos, team, |_, s| target <= s.st.cap(&s.k) && P::search(s, Some(target)) == 1)
    }

    /// The value, for the side to move's team, of playing each legal card: what that team takes
    /// from here if it plays that card and both sides play their best afterwards. Equivalent
    /// cards are solved once.
    #[must_use]
    pub fn move_values(&mut self, pos: &P) -> ArrayVec<(Card, P::Value), MAX_MOVES> {
        self.aborted = false;
        let mut out = ArrayVec::new();
        let Some(seat) = pos.turn() else {
            return out;
        };
        let team = seat.team();
        self.run(pos, team, |layout, s| {
            let root = s.st;
            let mut solved: ArrayVec<(u8, i32), MAX_MOVES> = ArrayVec::new();
            let mut m = root.legal(&s.k);
            while m != 0 {
                let c = m.trailing_zeros() as u8;
                m &= m - 1;
                let rep = if s.equivalence { root.representative(&s.k, c) } else { c };
                let value = match solved.iter().find(|(r, _)| *r == rep) {
                    Some(&(_, v)) => v,
                    None => {
                        let gain = s.st.play(&s.k, rep);
                        let v = gain + P::search(s, None);
                        s.st = root;
                        solved.push((rep, v));
                        v
                    }
                };
                out.push((P::card(layout, c), value_of::<P>(value)));
            }
        });
        out
    }

    /// A best card for the side to move and what its team then takes from here.
    ///
    /// # Panics
    /// If the position is over (no card to play).
    #[must_use]
    pub fn best_move(&mut self, pos: &P) -> (Card, P::Value) {
        let seat = pos.turn().expect("best_move on a finished hand");
        self.best_move_for(pos, seat.team())
    }

    /// A best card for the side to move when `team`'s value is what counts (the side to move
    /// maximises it if it is `team`, minimises it if not), and `team`'s value from here: the
    /// first card in the search's order that keeps the value.
    ///
    /// # Panics
    /// If the position is over (no card to play).
    #[must_use]
    pub fn best_move_for(&mut self, pos: &P, team: Team) -> (Card, P::Value) {
        self.aborted = false;
        assert!(pos.turn().is_some(), "best_move on a finished hand");
        self.run(pos, team, |layout, s| {
            let root = s.st;
            let v = P::search(s, None);
            let maximizing = root.maximizing(&s.k);
            let moves = s.ordered();
            let mut best = moves.first();
            for &c in moves.cards() {
                let gain = s.st.play(&s.k, c);
                let ok =
                    if maximizing { P::search(s, Some(v - gain)) == 1 } else { P::search(s, Some(v - gain + 1)) == 0 };
                s.st = root;
                if ok {
                    best = c;
                    break;
                }
            }
            (P::card(layout, best), value_of::<P>(v))
        })
    }
}

/// A search's value in the game's unit. Values lie between 0 and the most a team can take, which
/// the unit holds.
fn value_of<P: Position>(v: i32) -> P::Value {
    P::Value::try_from(v).unwrap_or_default()
}
