//! The `Game` trait every game implements, and the small types it speaks in.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use arrayvec::ArrayVec;
use cards::{Card, CardSet};
use rand_core::RngCore;
use serde::de::DeserializeOwned;
use serde::{Serialize, Serializer};

use crate::record::HandRecord;
use crate::{GameKind, Options, Refuse, Seat, SeatSet, Team};

/// Who performs an action: a seat, or the clock (which closes Kabul snap windows; `null` in records).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Actor {
    /// A player at this seat.
    Seat(Seat),
    /// The table's clock.
    Clock,
}

impl Actor {
    /// The seat, if a seat acts.
    #[must_use]
    pub const fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(s) => Some(s),
            Actor::Clock => None,
        }
    }
}

impl From<Seat> for Actor {
    fn from(seat: Seat) -> Self {
        Actor::Seat(seat)
    }
}

impl Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Actor::Seat(s) => write!(f, "seat {s}"),
            Actor::Clock => f.write_str("the clock"),
        }
    }
}

/// Who won a finished match.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Winner {
    /// The team games: the winning team (serialized as its index).
    Team(Team),
    /// Kabul: the seats sharing the win (serialized as a list).
    Seats(SeatSet),
}

impl Serialize for Winner {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Winner::Team(t) => t.serialize(serializer),
            Winner::Seats(s) => s.serialize(serializer),
        }
    }
}

/// A match score: per team in the team games, per seat in Kabul.
pub type Score = ArrayVec<i32, 6>;

/// Where a match stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    /// Between hands (or before the first): the next hand needs its deal. Nobody may act.
    AwaitingDeal {
        /// Who deals the next hand.
        dealer: Seat,
    },
    /// A hand (Kabul: a round) is in progress; [`Game::to_act`] says who may act.
    InHand,
    /// The match is over; [`Game::outcome`] says who won.
    Over,
}

/// Text that is not an action of the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not an action of {game}: {hint}")]
pub struct ParseActionError {
    /// The text (cut to a sensible length).
    pub text: String,
    /// Which game's notation was expected.
    pub game: &'static str,
    /// What would have been understood.
    pub hint: &'static str,
}

impl ParseActionError {
    /// An error for `text`, which is not in `game`'s notation; `hint` lists what is.
    #[must_use]
    pub fn new(text: &str, game: &'static str, hint: &'static str) -> Self {
        ParseActionError { text: text.chars().take(40).collect(), game, hint }
    }
}

/// A rule set (the options of docs/rules/*.md), read from and written to a record's `"rules"` object.
pub trait RuleSet: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Why options are refused; its `Display` says it in words.
    type Error: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// Reads the options of a record for `kind`; absent options take their defaults.
    ///
    /// # Errors
    /// Rules of another game, an unknown option name, or a value of the wrong type or range.
    fn from_options(kind: GameKind, options: &Options) -> Result<Self, Self::Error>;

    /// The options as a record's `"rules"` object; reading it back gives the same rule set.
    fn to_options(&self) -> Options;

    /// Every option in force, each named (the bot protocol's `hello`); reading it back gives the
    /// same rule set. The same as `to_options` unless that leaves options to a preset.
    fn all_options(&self) -> Options {
        self.to_options()
    }

    /// How many seats the table has under these rules.
    fn seat_count(&self) -> usize;

    /// How long a snap window stays open, in milliseconds, for games that have them (Kabul);
    /// `None` for games without windows.
    fn snap_window_ms(&self) -> Option<u64> {
        None
    }
}

/// A game of Majlis: the whole match (hand after hand, or round after round), as a state machine.
///
/// The state is always valid: it is reached only through [`Game::new`], [`Game::deal`] and
/// [`Game::play`]. Hands are dealt from outside (a record's deck, or a shuffle the caller chooses),
/// so the rules stay pure and the same deal can be replayed anywhere.
///
/// Required methods are few; [`Game::play`] and [`Game::is_legal`] are provided once for all games.
pub trait Game: Clone + Debug + Send + Sync + Sized + 'static {
    /// One action in the game's notation (`play AH`, `bid 7`, `snap 2`).
    type Action: Copy + Eq + Hash + Debug + Display + FromStr<Err = ParseActionError> + Send + Sync + 'static;
    /// The rule set and its options.
    type Rules: RuleSet;
    /// What a hand needs to start: a deck in dealing order (and, for Kabul, any recorded reshuffles).
    type Deal: Clone + Debug + Send + Sync + 'static;
    /// What one seat may see (or, for `None`, what a spectator may see).
    type View: Serialize + DeserializeOwned + Clone + Debug + Send + Sync + 'static;
    /// The facts of one hand as `majlis replay` reports them.
    type HandSummary: Serialize + Clone + Debug + Send + Sync + 'static;
    /// Why an action is refused: in words a player understands (`Display`) and as data
    /// ([`Refuse`]: a stable code and its parameters).
    type Illegal: std::error::Error + Refuse + Clone + Send + Sync + 'static;
    /// Why a match cannot start ([`Game::new`]) or a hand cannot be dealt ([`Game::deal`],
    /// [`Game::deal_from_record`]); its `Display` says it in words.
    type SetupError: std::error::Error + Clone + PartialEq + Send + Sync + 'static;

    /// A new match of `kind` under `rules`, waiting for the first deal by `first_dealer`.
    ///
    /// # Errors
    /// `kind` is not this game, or the dealer has no seat at this table.
    fn new(kind: GameKind, rules: Self::Rules, first_dealer: Seat) -> Result<Self, Self::SetupError>;

    /// Which game this is.
    fn kind(&self) -> GameKind;

    /// The rules in force.
    fn rules(&self) -> &Self::Rules;

    /// How many seats the table has.
    fn seat_count(&self) -> usize {
        self.rules().seat_count()
    }

    /// Where the match stands.
    fn phase(&self) -> Phase;

    /// Starts the next hand (only in [`Phase::AwaitingDeal`]).
    ///
    /// # Errors
    /// The match is not waiting for a deal, or the deal is not this game's deck.
    fn deal(&mut self, deal: Self::Deal) -> Result<(), Self::SetupError>;

    /// A random deal for the next hand.
    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> Self::Deal;

    /// Reads a hand of a record into a deal (checks the deck and any game-specific fields).
    ///
    /// # Errors
    /// The deck is not exactly this game's deck, or another field is malformed.
    fn deal_from_record(&self, hand: &HandRecord) -> Result<Self::Deal, Self::SetupError>;

    /// Writes a deal into a record's hand (deck and game-specific fields).
    fn deal_to_record(&self, deal: &Self::Deal, hand: &mut HandRecord);

    /// The seats that may act now (empty between hands and when the match is over).
    fn to_act(&self) -> SeatSet;

    /// Whether the clock may act now (Kabul: a snap window is open and may be closed).
    fn clock_may_act(&self) -> bool {
        false
    }

    /// Whether `action`, once played while a window stays open, gives the others the full window
    /// again (Kabul: a snap, hit or miss, shows everyone a card). False for games without windows.
    fn restarts_window(&self, action: &Self::Action) -> bool {
        let _ = action;
        false
    }

    /// The cards `action` by `actor` would reshuffle into a new draw pile, in no particular order,
    /// when it must draw from an empty pile and no order has been given for that reshuffle yet
    /// (Kabul); `None` otherwise, and always for games without reshuffles. A dealer that keeps the
    /// new pile secret shuffles these cards and passes the order to [`Game::give_reshuffle`] before
    /// playing the action.
    fn reshuffle_due(&self, actor: Actor, action: Self::Action) -> Option<Vec<Card>> {
        let _ = (actor, action);
        None
    }

    /// Gives the order (top first) of the next reshuffle's draw pile, as a record's `reshuffles`
    /// list does. Ignored by games without reshuffles.
    fn give_reshuffle(&mut self, order: Vec<Card>) {
        let _ = order;
    }

    /// `seat`'s own held cards in the order a player sorts them in their hand (the games with
    /// hands: jokers, then the trump suit, then the other suits in alternating colours, each
    /// strongest first under the contract in force). Empty for a seat without cards and for games
    /// whose cards are not a hand (Kabul's grid slots), which is the default.
    fn display_order(&self, seat: Seat) -> Vec<Card> {
        let _ = seat;
        Vec::new()
    }

    /// Fills `out` with every legal action of `seat` now (cleared first; empty if the seat may not
    /// act). The caller reuses `out`, so a playout allocates nothing per action.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Checks an action without performing it.
    ///
    /// # Errors
    /// Why the action is illegal now (not this actor's turn, a rule it breaks).
    fn check(&self, actor: Actor, action: Self::Action) -> Result<(), Self::Illegal>;

    /// Performs an action already known to be legal. The result of an illegal action is unspecified
    /// (but memory-safe and panic-free is not promised): call [`Game::play`] for untrusted input.
    fn play_unchecked(&mut self, actor: Actor, action: Self::Action);

    /// Performs an action if it is legal; otherwise leaves the state unchanged and says why.
    ///
    /// # Errors
    /// See [`Game::check`].
    fn play(&mut self, actor: Actor, action: Self::Action) -> Result<(), Self::Illegal> {
        self.check(actor, action)?;
        self.play_unchecked(actor, action);
        Ok(())
    }

    /// Whether `action` by `actor` is legal now.
    fn is_legal(&self, actor: Actor, action: Self::Action) -> bool {
        self.check(actor, action).is_ok()
    }

    /// The winner, once the match is over.
    fn outcome(&self) -> Option<Winner>;

    /// The running match score (per team, or per seat in Kabul).
    fn score(&self) -> Score;

    /// What `seat` may see now (`None`: a spectator, who sees only public information).
    fn view(&self, seat: Option<Seat>) -> Self::View;

    /// The cards whose faces `seat` may not know now (other hands, the undealt stock, face-down
    /// cards it has not looked at). A view of `seat` never names one of them.
    fn hidden_from(&self, seat: Seat) -> CardSet;

    /// One summary per hand dealt so far (the last may be unfinished).
    fn hand_summaries(&self) -> Vec<Self::HandSummary>;
}
