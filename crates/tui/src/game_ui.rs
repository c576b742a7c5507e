//! What each game adds to the common screen: its choices, its words for what happened, and how its
//! table is drawn. [`crate::App`] does the rest (turns, bots, clock, keys, log, overlays).

use std::collections::VecDeque;
use std::fmt::Debug;
use std::time::{Duration, Instant};

use bots::{Bot, BotSpec, Playable};
use game::{Actor, Game, Seat, Team};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::choice::{Choice, Place};
use crate::style::Palette;

/// How seats and teams are named on the screen: the person is "You", the others "Seat N".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names {
    /// The person's seat.
    pub me: Seat,
}

impl Names {
    /// "You" or "Seat 3" (to start a sentence).
    #[must_use]
    pub fn who(self, seat: Seat) -> String {
        if seat == self.me { "You".to_owned() } else { format!("Seat {seat}") }
    }

    /// "you" or "seat 3" (inside a sentence).
    #[must_use]
    pub fn whom(self, seat: Seat) -> String {
        if seat == self.me { "you".to_owned() } else { format!("seat {seat}") }
    }

    /// "your" or "seat 3's".
    #[must_use]
    pub fn whose(self, seat: Seat) -> String {
        if seat == self.me { "your".to_owned() } else { format!("seat {seat}'s") }
    }

    /// "us" for the person's team, "them" for the other.
    #[must_use]
    pub fn team(self, team: Team) -> &'static str {
        if team == self.me.team() { "us" } else { "them" }
    }

    /// A verb agreeing with [`Names::who`]: `verb(seat, "pass", "passes")`.
    #[must_use]
    pub fn verb(self, seat: Seat, you: &'static str, other: &'static str) -> &'static str {
        if seat == self.me { you } else { other }
    }
}

/// What an action did, in words for the log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Narration {
    /// Lines for the log, oldest first.
    pub lines: Vec<String>,
    /// Whether the next bot should wait longer (a trick was just taken: let the person see it).
    pub pause: bool,
}

impl Narration {
    /// Adds a line.
    pub fn say(&mut self, line: impl Into<String>) {
        self.lines.push(line.into());
    }
}

/// Everything a game's drawing code may use: the person's view (never the hidden state), the
/// choices with the cursor, and the screen's settings.
pub struct Ctx<'a, G: GameUi> {
    /// What the person's seat may see.
    pub view: &'a G::View,
    /// The rules in force (public).
    pub rules: &'a G::Rules,
    /// How seats are named.
    pub names: Names,
    /// The choices offered now.
    pub choices: &'a [Choice<G::Action>],
    /// The index of the choice under the cursor.
    pub cursor: usize,
    /// Whether the person may act now.
    pub my_turn: bool,
    /// The game's own screen state.
    pub ui: &'a G::Ui,
    /// The styles.
    pub palette: Palette,
    /// The time of this frame.
    pub now: Instant,
    /// How long the open window of the clock (Kabul's snap window) has left.
    pub window_left: Option<Duration>,
    /// The log, oldest first.
    pub log: &'a VecDeque<String>,
}

impl<G: GameUi> Ctx<'_, G> {
    /// The person's seat.
    #[must_use]
    pub fn me(&self) -> Seat {
        self.names.me
    }

    /// The choice drawn at `place`, with whether the cursor is on it.
    #[must_use]
    pub fn choice_at(&self, place: Place) -> Option<(&Choice<G::Action>, bool)> {
        let i = self.choices.iter().position(|c| c.place == place)?;
        self.choices.get(i).map(|c| (c, i == self.cursor))
    }

    /// The buttons, with whether the cursor is on each.
    pub fn buttons(&self) -> impl Iterator<Item = (&Choice<G::Action>, bool)> {
        self.choices.iter().enumerate().filter(|(_, c)| c.place == Place::Button).map(|(i, c)| (c, i == self.cursor))
    }
}

/// A game's part of the terminal's user interface, implemented by each game the terminal can play:
/// the hooks [`crate::App`] calls.
pub trait GameUi: Game + Playable {
    /// The game's own screen state (Kabul: the first card of a switch, cards shown for a while).
    type Ui: Default + Clone + Debug + Send;

    /// The rules of the game, shown by `?` (the project's `docs/rules/*.md`).
    const RULES: &'static str;

    /// What `l` shows, for the help line: "last trick", "recent events".
    const REVIEW: &'static str;

    /// A bot of `spec` for this game under `rules`, drawing its random choices from `seed`.
    fn new_bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>>;

    /// Fills `out` with what `me` may choose now, in the order the cursor moves, legal or not.
    fn choices(&self, me: Seat, ui: &Self::Ui, out: &mut Vec<Choice<Self::Action>>);

    /// A [`crate::Intent::Mark`] choice was chosen.
    fn mark(_ui: &mut Self::Ui, _token: u16) {}

    /// Escape: forgets a mark; true if there was one.
    fn unmark(_ui: &mut Self::Ui) -> bool {
        false
    }

    /// Called after every change with the person's new view and the action that made it (none for
    /// a deal). Kabul shows the cards just looked at until `now + peek`.
    fn observe(
        _ui: &mut Self::Ui,
        _view: &Self::View,
        _last: Option<(Actor, Self::Action)>,
        _now: Instant,
        _peek: Duration,
    ) {
    }

    /// Words for the log about `action` by `actor`, from the person's views before and after it.
    fn narrate(before: &Self::View, after: &Self::View, actor: Actor, action: Self::Action, names: Names) -> Narration;

    /// Words for the log when a hand is dealt.
    fn dealt(view: &Self::View, names: Names) -> Vec<String>;

    /// The header bar: the left text (game and hand) and the right text (scores).
    fn header(ctx: &Ctx<'_, Self>) -> (String, String);

    /// What the person is asked to do now, or whom the table waits for.
    fn prompt(ctx: &Ctx<'_, Self>) -> String;

    /// The result of the last hand (between hands) or of the match (at the end), in one line, as
    /// the person may know it (their view and the public hand summaries).
    fn result(&self, names: Names) -> String;

    /// Draws the table: everything between the header and the prompt line.
    fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Self>);

    /// What `l` shows: a title and lines (the last trick; Kabul: the recent events).
    fn review(ctx: &Ctx<'_, Self>) -> (String, Vec<Line<'static>>);

    /// The keys of this game for the help line.
    fn keys(ctx: &Ctx<'_, Self>) -> &'static str;

    /// How long the clock leaves a window open, when [`Game::clock_may_act`] (Kabul's
    /// `snap_window_ms`).
    fn clock_ms(&self) -> u64 {
        0
    }

    /// Changes when a new clock window opens while one is open (a Kabul snap that matched).
    fn window_key(&self) -> usize {
        0
    }
}
