//! The screen logic of a match: whose turn, bots and their pauses, the clock of Kabul's snap
//! windows, keys turned into actions, the log and the overlays. No terminal here: time comes in as
//! an argument and drawing goes to any [`ratatui::Frame`], so tests drive it directly.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bots::{AnyBot, Bot, ExecConfig, Hello};
use cards::{random_below, seeded_rng};
use game::{Actor, Match, Phase, Record, RuleSet, Seat};
use rand_chacha::ChaCha20Rng;
use rand_core::RngCore;
use ratatui::Frame;

use crate::choice::{Choice, Intent, Key};
use crate::config::Config;
use crate::game_ui::{Ctx, GameUi, Names};
use crate::render::{self, Notice, Overlay};
use crate::style::Palette;

/// How many lines the log keeps.
const LOG_LINES: usize = 200;

/// A terminal match of any game, as the terminal loop sees it.
pub trait Screen {
    /// A key was pressed at `now`.
    fn handle_key(&mut self, key: Key, now: Instant);
    /// Time has passed: bots move and the clock closes windows that are due.
    fn tick(&mut self, now: Instant);
    /// Draws the whole screen.
    fn render(&self, frame: &mut Frame<'_>, now: Instant);
    /// When something will happen by itself next (a bot move, the clock), if anything.
    fn next_event(&self) -> Option<Instant>;
    /// Whether the person has left (or asked to leave) the match.
    fn should_exit(&self) -> bool;
    /// The record of the match so far.
    fn record(&self) -> &Record;
    /// The match result in words, or where it stands.
    fn summary(&self) -> String;
}

/// A match of `G` with a person in one seat and bots in the others.
pub struct App<G: GameUi> {
    m: Match<G>,
    names: Names,
    bots: Vec<Option<Box<dyn Bot<G>>>>,
    rng: ChaCha20Rng,
    config: Config,
    ui: G::Ui,
    choices: Vec<Choice<G::Action>>,
    cursor: usize,
    log: VecDeque<String>,
    notice: Option<Notice>,
    overlay: Overlay,
    bot_due: Option<Instant>,
    last_bot: Option<Seat>,
    window: Option<(usize, Instant)>,
    exit: bool,
    legal: Vec<G::Action>,
    /// What external bots wrote to their stderr, for the log.
    bot_stderr: Arc<Mutex<Vec<String>>>,
}

/// A seed for the bot at `seat`, derived from the match seed so that every bot differs.
fn bot_seed(seed: u64, seat: Seat) -> u64 {
    seed.rotate_left(17) ^ (0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(seat.index() as u64 + 1))
}

impl<G: GameUi> App<G> {
    /// A new match under `config`, its first hand dealt at `now`. The first dealer and every deal
    /// come from the seed (the first hand is the one `majlis deal` prints for the same seed).
    ///
    /// # Errors
    /// Bad rule options, a seat that is not at the table, or an external bot that cannot be started.
    pub fn new(config: Config, now: Instant) -> Result<Self, String> {
        let rules = G::Rules::from_options(config.kind, &config.options).map_err(|e| e.to_string())?;
        let seats = rules.seat_count();
        let me = Seat::new(config.seat)
            .filter(|s| s.index() < seats)
            .ok_or_else(|| format!("--seat {}: the table has seats 0 to {}", config.seat, seats.saturating_sub(1)))?;
        let mut rng = seeded_rng(config.seed);
        let dealer = Seat::new(random_below(&mut rng, seats as u32) as usize).ok_or("the table has no seats")?;
        let players = Seat::all(seats)
            .map(|s| if s == me { config.name.clone() } else { format!("bot:{}", config.bots) })
            .collect();
        let m = Match::<G>::new(config.kind, config.options.clone(), players, dealer).map_err(|e| e.to_string())?;
        let bot_stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = bot_stderr.clone();
        let log = Arc::new(move |line: &str| {
            if let Ok(mut lines) = sink.lock() {
                lines.push(line.to_owned());
            }
        });
        let exec = ExecConfig { ms: config.bot_ms, log };
        // A program that does not run is an error before the match, not a fault at every move.
        if let (Some(command), Some(seat)) = (config.bots.command(), Seat::all(seats).find(|&s| s != me)) {
            command.probe(&Hello::new(config.kind, &rules, seat), &exec).map_err(|e| e.to_string())?;
        }
        let bots = Seat::all(seats)
            .map(|s| {
                let seed = bot_seed(config.seed, s);
                match &config.bots {
                    _ if s == me => Ok(None),
                    AnyBot::Builtin(spec) => Ok(Some(G::new_bot(*spec, seed, &rules))),
                    external => external.start::<G>(config.kind, &rules, s, seed, &exec).map(Some),
                }
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let mut app = App {
            m,
            names: Names { me },
            bots,
            rng,
            config,
            ui: G::Ui::default(),
            choices: Vec::new(),
            cursor: 0,
            log: VecDeque::new(),
            notice: None,
            overlay: Overlay::None,
            bot_due: None,
            last_bot: None,
            window: None,
            exit: false,
            legal: Vec::new(),
            bot_stderr,
        };
        app.deal(now)?;
        Ok(app)
    }

    /// The game state (for tests and tools; the screen itself shows only the person's view).
    pub fn game(&self) -> &G {
        self.m.game()
    }

    /// The person's seat.
    pub fn seat(&self) -> Seat {
        self.names.me
    }

    /// The choices offered now.
    pub fn choices(&self) -> &[Choice<G::Action>] {
        &self.choices
    }

    /// The index of the choice under the cursor.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The line under the table, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// What covers the table.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The log, oldest first.
    pub fn log(&self) -> &VecDeque<String> {
        &self.log
    }

    /// The game's own screen state.
    pub fn ui(&self) -> &G::Ui {
        &self.ui
    }

    /// Whether the person may act now.
    pub fn my_turn(&self) -> bool {
        self.m.game().to_act().contains(self.names.me)
    }

    /// The hint key: the strong bot's suggestion for the person's decision now, from the
    /// person's own view, in the notice line; the cursor moves to it.
    fn hint(&mut self) {
        if self.m.game().phase() != Phase::InHand || !self.my_turn() {
            self.notice = Some(Notice::Info("a hint is for your own turn".to_owned()));
            return;
        }
        let me = self.names.me;
        let mut legal = Vec::new();
        self.m.game().legal_actions(me, &mut legal);
        if legal.is_empty() {
            return;
        }
        let view = self.m.game().view(Some(me));
        let seed = self.rng.next_u64();
        let ms = games::analysis::default_ms(self.m.game().kind());
        let s = bots::hint::suggest::<G>(self.m.game().rules(), me, &view, &legal, ms, seed);
        if let Some(i) = self.choices.iter().position(|c| c.intent == Intent::Act(s.action)) {
            self.cursor = i;
        }
        self.notice = Some(Notice::Info(s.words()));
    }

    fn say(&mut self, line: String) {
        if self.log.len() >= LOG_LINES {
            self.log.pop_front();
        }
        self.log.push_back(line);
    }

    fn deal(&mut self, now: Instant) -> Result<(), String> {
        self.m.deal_random(&mut self.rng).map_err(|e| e.to_string())?;
        let view = self.m.game().view(Some(self.names.me));
        for line in G::dealt(&view, self.names) {
            self.say(line);
        }
        self.changed(now, false, None);
        Ok(())
    }

    /// After every change: new choices, the game's observation, the clock's window, the next bot.
    fn changed(&mut self, now: Instant, pause: bool, last: Option<(Actor, G::Action)>) {
        let me = self.names.me;
        let game = self.m.game();
        let view = game.view(Some(me));
        G::observe(&mut self.ui, &view, last, now, self.config.peek);
        let kept = self.choices.get(self.cursor).map(|c| c.intent);
        let mut choices = Vec::new();
        game.choices(me, &self.ui, &mut choices);
        self.cursor = kept
            .and_then(|k| choices.iter().position(|c| c.intent == k && c.legal))
            .or_else(|| choices.iter().position(|c| c.legal))
            .unwrap_or(0);
        self.choices = choices;
        self.window = if game.clock_may_act() {
            let key = game.window_key();
            match self.window {
                Some((k, due)) if k == key => Some((k, due)),
                _ => Some((key, now + Duration::from_millis(game.clock_ms()))),
            }
        } else {
            None
        };
        let bot_to_act = game.to_act().iter().any(|s| s != me);
        self.bot_due = bot_to_act.then(|| now + if pause { self.config.delay * 2 } else { self.config.delay });
    }

    fn rebuild_choices(&mut self) {
        let kept = self.choices.get(self.cursor).map(|c| c.intent);
        let mut choices = Vec::new();
        self.m.game().choices(self.names.me, &self.ui, &mut choices);
        self.cursor = kept
            .and_then(|k| choices.iter().position(|c| c.intent == k))
            .or_else(|| choices.iter().position(|c| c.legal))
            .unwrap_or(0);
        self.choices = choices;
    }

    /// Plays `action` for `actor` if the rules allow it, logging what happened.
    fn play(&mut self, actor: Actor, action: G::Action, now: Instant) -> Result<(), G::Illegal> {
        let me = self.names.me;
        let before = self.m.game().view(Some(me));
        self.m.play(actor, action)?;
        let after = self.m.game().view(Some(me));
        let told = G::narrate(&before, &after, actor, action, self.names);
        for line in told.lines {
            self.say(line);
        }
        if self.m.game().phase() != Phase::InHand {
            let result = self.m.game().result(self.names);
            self.say(result);
        }
        if self.m.game().phase() == Phase::Over {
            let (score, winner) = (self.m.game().score(), self.m.game().outcome());
            for bot in self.bots.iter_mut().flatten() {
                bot.end(&score, winner);
            }
        }
        self.changed(now, told.pause, Some((actor, action)));
        Ok(())
    }

    /// The next bot that may act, in turn after the last one that did (several may act at once in
    /// a Kabul snap window).
    fn next_bot(&self) -> Option<Seat> {
        let game = self.m.game();
        let seats = game.seat_count();
        let start = self.last_bot.map_or(0, |s| s.index() + 1);
        (0..seats)
            .filter_map(|k| Seat::new((start + k) % seats))
            .find(|&s| game.to_act().contains(s) && self.bots.get(s.index()).is_some_and(Option::is_some))
    }

    fn bot_move(&mut self, seat: Seat, now: Instant) {
        let game = self.m.game();
        game.legal_actions(seat, &mut self.legal);
        let view = game.view(Some(seat));
        let Some(Some(bot)) = self.bots.get_mut(seat.index()) else { return };
        if self.legal.is_empty() {
            return;
        }
        let action = bot.choose(seat, &view, &self.legal);
        for fault in bot.take_faults() {
            self.say(format!("Seat {seat}'s bot {fault}; the heuristic played for it."));
        }
        self.last_bot = Some(seat);
        if let Err(e) = self.play(Actor::Seat(seat), action, now) {
            // A bot that breaks the rules is a bug in the bot; the first legal action keeps the
            // match going, and the log says what happened.
            self.say(format!("Seat {seat}'s bot tried {action}: {e}"));
            if let Some(&first) = self.legal.first() {
                let _ = self.play(Actor::Seat(seat), first, now);
            }
        }
    }

    fn choose(&mut self, index: usize, now: Instant) {
        let Some(choice) = self.choices.get(index) else { return };
        self.cursor = index;
        match choice.intent {
            Intent::Act(action) => match self.play(Actor::Seat(self.names.me), action, now) {
                Ok(()) => self.notice = None,
                Err(e) => self.notice = Some(Notice::Refusal(e.to_string())),
            },
            Intent::Mark(token) => {
                if choice.legal {
                    G::mark(&mut self.ui, token);
                    self.notice = None;
                    self.rebuild_choices();
                } else {
                    let why = choice.refusal.clone().unwrap_or_else(|| "that cannot be chosen now".to_owned());
                    self.notice = Some(Notice::Refusal(why));
                }
            }
        }
    }

    fn move_cursor(&mut self, key: Key) {
        let n = self.choices.len();
        if n == 0 {
            return;
        }
        let groups_differ = self.choices.iter().any(|c| c.group != self.choices[0].group);
        let step_group = |app: &Self, forward: bool| -> usize {
            let here = app.choices.get(app.cursor).map_or(0, |c| c.group);
            let order: Vec<usize> = if forward {
                (1..n).map(|k| (app.cursor + k) % n).collect()
            } else {
                (1..n).map(|k| (app.cursor + n - k) % n).collect()
            };
            let target = order.iter().copied().find(|&i| app.choices[i].group != here);
            match target {
                // Land on the first choice of the group reached.
                Some(i) => {
                    let g = app.choices[i].group;
                    app.choices.iter().position(|c| c.group == g).unwrap_or(i)
                }
                None => app.cursor,
            }
        };
        self.cursor = match key {
            Key::Left | Key::BackTab => (self.cursor + n - 1) % n,
            Key::Right | Key::Tab => (self.cursor + 1) % n,
            Key::Up if groups_differ => step_group(self, false),
            Key::Down if groups_differ => step_group(self, true),
            Key::Up => (self.cursor + n - 1) % n,
            Key::Down => (self.cursor + 1) % n,
            Key::Home => 0,
            Key::End => n - 1,
            _ => self.cursor,
        };
    }

    fn table_key(&mut self, key: Key, now: Instant) {
        match self.m.game().phase() {
            Phase::Over => {
                if matches!(key, Key::Char('q' | 'Q') | Key::Enter | Key::Esc) {
                    self.exit = true;
                }
                return;
            }
            Phase::AwaitingDeal { .. } => {
                if matches!(key, Key::Enter | Key::Char(' ')) {
                    if let Err(e) = self.deal(now) {
                        self.notice = Some(Notice::Refusal(e));
                    } else {
                        self.notice = None;
                    }
                }
                return;
            }
            Phase::InHand => {}
        }
        match key {
            Key::Enter | Key::Char(' ') => self.choose(self.cursor, now),
            Key::Esc => {
                if G::unmark(&mut self.ui) {
                    self.rebuild_choices();
                    self.notice = None;
                }
            }
            Key::Char(c) => {
                let c = c.to_ascii_lowercase();
                match self.choices.iter().position(|ch| ch.keys.contains(&c)) {
                    Some(i) => self.choose(i, now),
                    None => self.notice = Some(Notice::Info(format!("the key {c} does nothing now; press ? for help"))),
                }
            }
            other => self.move_cursor(other),
        }
    }

    /// The context the drawing code gets.
    fn ctx<'a>(&'a self, view: &'a G::View, now: Instant) -> Ctx<'a, G> {
        Ctx {
            view,
            rules: self.m.game().rules(),
            names: self.names,
            choices: &self.choices,
            cursor: self.cursor,
            my_turn: self.my_turn(),
            ui: &self.ui,
            palette: Palette { color: self.config.color },
            now,
            window_left: self.window.map(|(_, due)| due.saturating_duration_since(now)),
            log: &self.log,
        }
    }
}

impl<G: GameUi> Screen for App<G> {
    fn handle_key(&mut self, key: Key, now: Instant) {
        if key == Key::CtrlC {
            self.exit = true;
            return;
        }
        match self.overlay {
            Overlay::ConfirmQuit => match key {
                Key::Char('y' | 'Y') | Key::Enter => self.exit = true,
                _ => self.overlay = Overlay::None,
            },
            Overlay::Help(scroll) => {
                self.overlay = match key {
                    Key::Up => Overlay::Help(scroll.saturating_sub(1)),
                    Key::Down | Key::Char('j') => Overlay::Help(scroll.saturating_add(1)),
                    Key::PageUp => Overlay::Help(scroll.saturating_sub(10)),
                    Key::PageDown | Key::Char(' ') => Overlay::Help(scroll.saturating_add(10)),
                    Key::Home => Overlay::Help(0),
                    Key::Char('k') => Overlay::Help(scroll.saturating_sub(1)),
                    _ => Overlay::None,
                };
            }
            Overlay::Review => self.overlay = Overlay::None,
            Overlay::None => match key {
                Key::Char('q' | 'Q') if self.m.game().phase() == Phase::Over => self.exit = true,
                Key::Char('q' | 'Q') => self.overlay = Overlay::ConfirmQuit,
                Key::Char('?') => self.overlay = Overlay::Help(0),
                Key::Char('l' | 'L') => self.overlay = Overlay::Review,
                Key::Char('i' | 'I') => self.hint(),
                other => self.table_key(other, now),
            },
        }
    }

    fn tick(&mut self, now: Instant) {
        let stderr = self.bot_stderr.lock().map(|mut lines| std::mem::take(&mut *lines)).unwrap_or_default();
        for line in stderr {
            self.say(line);
        }
        // With no delay a whole round of bots plays in one tick; the bound only guards a bug.
        for _ in 0..100_000 {
            if self.exit || self.m.game().phase() != Phase::InHand {
                return;
            }
            if let Some((_, due)) = self.window {
                if due <= now && self.m.game().clock_may_act() {
                    if let Some(close) = self.clock_action() {
                        let _ = self.play(Actor::Clock, close, now);
                        continue;
                    }
                }
            }
            match self.bot_due {
                Some(due) if due <= now => match self.next_bot() {
                    Some(seat) => self.bot_move(seat, now),
                    None => self.bot_due = None,
                },
                _ => return,
            }
        }
    }

    fn render(&self, frame: &mut Frame<'_>, now: Instant) {
        let view = self.m.game().view(Some(self.names.me));
        let ctx = self.ctx(&view, now);
        let status = match self.m.game().phase() {
            Phase::InHand => G::prompt(&ctx),
            Phase::AwaitingDeal { .. } => {
                format!("{}  Press Enter for the next hand.", self.m.game().result(self.names))
            }
            Phase::Over => format!("{}  Press q to leave.", self.m.game().result(self.names)),
        };
        render::screen(frame, &ctx, &status, self.notice.as_ref(), self.overlay);
    }

    fn next_event(&self) -> Option<Instant> {
        match (self.bot_due, self.window.map(|w| w.1)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn should_exit(&self) -> bool {
        self.exit
    }

    fn record(&self) -> &Record {
        self.m.record()
    }

    fn summary(&self) -> String {
        match self.m.game().phase() {
            Phase::Over => self.m.game().result(self.names),
            _ => format!("The match was left unfinished after {} hand(s).", self.m.record().hands.len()),
        }
    }
}

impl<G: GameUi> App<G> {
    /// The clock's action: the legal action text `close`, parsed by the game (only Kabul has one).
    fn clock_action(&self) -> Option<G::Action> {
        let close: G::Action = "close".parse().ok()?;
        self.m.game().is_legal(Actor::Clock, close).then_some(close)
    }
}
