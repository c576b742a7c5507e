//! One match of one game as a sequence of decisions.

use bots::Bot;
use cards::{Card, random_below};
use game::{Actor, Game, GameKind, MAX_SEATS, Match, Options, Phase, Record, RuleSet, Score, Seat, Winner};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::{Encode, Parts};

/// What the rewards count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Reward {
    /// At the end of each hand (Kabul: round), its points: the seat's team's points minus the
    /// other team's, or in Kabul the others' mean minus the seat's own (points are bad there).
    #[default]
    Hand,
    /// At the end of the match only: 1 to each winner (a shared Kabul win included), −1 to the
    /// others; nothing for a match cut short by the hands cap.
    Match,
}

impl std::str::FromStr for Reward {
    type Err = EnvError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "hand" => Ok(Reward::Hand),
            "match" => Ok(Reward::Match),
            _ => Err(EnvError::Config(format!("reward {s:?}: use \"hand\" or \"match\""))),
        }
    }
}

/// What an environment plays.
#[derive(Clone, Debug)]
pub struct EnvConfig {
    /// The game.
    pub kind: GameKind,
    /// Rule options, as in a record's `"rules"` (Kabul's `players`, Baloot's presets...).
    pub options: Options,
    /// Stop (truncate) the match after this many hands; `None` plays it to its end.
    pub max_hands: Option<usize>,
    /// What the rewards count.
    pub reward: Reward,
}

impl EnvConfig {
    /// Whole matches of `kind` under its default rules, rewarded per hand.
    #[must_use]
    pub fn new(kind: GameKind) -> Self {
        EnvConfig { kind, options: Options::new(), max_hands: None, reward: Reward::Hand }
    }
}

/// Why an environment cannot start or step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvError {
    /// Bad rule options or settings.
    #[error("{0}")]
    Config(String),
    /// The match is over (or cut by the hands cap): nobody acts.
    #[error("the match is over: reset the environment")]
    Over,
    /// The index is outside the action space.
    #[error("action {index} is outside the action space (0 to {count})")]
    OutOfRange {
        /// The index given.
        index: i64,
        /// The size of the space.
        count: usize,
    },
    /// The action is not legal now.
    #[error("action {index} ({name}) is not legal for seat {seat} now")]
    Illegal {
        /// The index given.
        index: usize,
        /// Its name.
        name: String,
        /// The seat to act.
        seat: usize,
    },
    /// Text that is not an action of the game.
    #[error("{0}")]
    Parse(String),
}

enum Logged<G: Game> {
    Deal(G::Deal),
    Reshuffle(Vec<Card>),
    Act(Actor, G::Action),
}

/// One match of game `G`: who acts, masks, observations, steps, rewards and the record.
///
/// The agent to act is the lowest seat that may act (in a Kabul snap window each seat of the
/// window in turn, until it snaps or passes); the clock's actions (closing a Kabul window) and
/// the deals are played by the environment, the deals and reshuffles drawn from its seed.
pub struct Env<G: Encode> {
    config: EnvConfig,
    rules: G::Rules,
    game: G,
    rng: ChaCha8Rng,
    first_dealer: Seat,
    legal: Vec<G::Action>,
    parts: Vec<Parts>,
    legal_for: Option<Seat>,
    base: Option<Record>,
    pending: Parts,
    plan: Option<Parts>,
    log: Vec<Logged<G>>,
    hands: usize,
    in_hand: bool,
    truncated: bool,
    before: Score,
    rewards: [f32; MAX_SEATS],
    hand_points: [f32; MAX_SEATS],
    observation_len: usize,
}

impl<G: Encode> Env<G> {
    /// A new match under `config`, dealt from `seed`.
    ///
    /// # Errors
    /// Bad rule options.
    pub fn new(config: &EnvConfig, seed: u64) -> Result<Self, EnvError> {
        let rules =
            G::Rules::from_options(config.kind, &config.options).map_err(|e| EnvError::Config(e.to_string()))?;
        let game = G::new(config.kind, rules.clone(), Seat::ZERO).map_err(|e| EnvError::Config(e.to_string()))?;
        let observation_len = crate::observation_len::<G>(&rules, &game.view(Some(Seat::ZERO)));
        let mut env = Env {
            config: config.clone(),
            rules,
            game,
            rng: ChaCha8Rng::seed_from_u64(seed),
            first_dealer: Seat::ZERO,
            legal: Vec::with_capacity(64),
            parts: Vec::with_capacity(64),
            legal_for: None,
            base: None,
            pending: Parts::new(),
            plan: None,
            log: Vec::new(),
            hands: 0,
            in_hand: false,
            truncated: false,
            before: Score::new(),
            rewards: [0.0; MAX_SEATS],
            hand_points: [0.0; MAX_SEATS],
            observation_len,
        };
        env.reset(seed)?;
        Ok(env)
    }

    /// Starts a new match dealt from `seed` (the first dealer drawn from it, then every deck).
    ///
    /// # Errors
    /// The game refuses to start (not expected once [`Env::new`] succeeded).
    pub fn reset(&mut self, seed: u64) -> Result<(), EnvError> {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = self.seat_count();
        let dealer = Seat::new(random_below(&mut self.rng, seats as u32) as usize).unwrap_or(Seat::ZERO);
        self.game =
            G::new(self.config.kind, self.rules.clone(), dealer).map_err(|e| EnvError::Config(e.to_string()))?;
        self.first_dealer = dealer;
        self.legal_for = None;
        self.base = None;
        self.pending.clear();
        self.plan = None;
        self.log.clear();
        self.hands = 0;
        self.in_hand = false;
        self.truncated = false;
        self.before = self.game.score();
        self.rewards = [0.0; MAX_SEATS];
        self.hand_points = [0.0; MAX_SEATS];
        self.advance();
        Ok(())
    }

    /// The match a record holds, played on from where it stops (its game and rules; the
    /// hands cap and rewards from `config`); later deals are drawn from `seed`.
    ///
    /// # Errors
    /// The record is malformed, of another game than `G`, or an action in it is illegal (the
    /// message says where).
    pub fn from_record(config: &EnvConfig, record: &Record, seed: u64) -> Result<Self, EnvError> {
        let config = EnvConfig { kind: record.game, options: record.rules.clone(), ..config.clone() };
        let mut before = Score::new();
        let m = Match::<G>::replay_observed(record, |g, at| {
            if at.action.is_none() {
                before = g.score();
            }
        })
        .map_err(|e| EnvError::Config(e.to_string()))?;
        let mut env = Env::new(&config, seed)?;
        env.game = m.game().clone();
        env.legal_for = None;
        env.first_dealer = record.hands.first().map_or(Seat::ZERO, |h| h.dealer);
        env.base = Some(m.into_record());
        env.hands = record.hands.len();
        env.in_hand = env.game.phase() == Phase::InHand;
        env.before = if env.in_hand { before } else { env.game.score() };
        env.rewards = [0.0; MAX_SEATS];
        env.advance();
        Ok(env)
    }

    /// The cards whose faces `seat` may not know now (others' hands, the stock, face-down cards):
    /// the engine's own account, for tests and analysis, never for a seat's decisions.
    pub fn hidden_cards(&self, seat: Seat) -> cards::CardSet {
        self.game.hidden_from(seat)
    }

    /// The configuration.
    pub fn config(&self) -> &EnvConfig {
        &self.config
    }

    /// The rules in force.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// The game state (the whole of it: for analysis and solving, never for a seat's decisions).
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many seats.
    pub fn seat_count(&self) -> usize {
        self.rules.seat_count()
    }

    /// The size of the action space.
    pub fn action_count(&self) -> usize {
        G::action_count(&self.rules)
    }

    /// The length of an observation.
    pub fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// The seat to act, or `None` once the match is over or cut.
    pub fn agent(&self) -> Option<Seat> {
        if self.truncated || self.game.phase() != Phase::InHand {
            return None;
        }
        self.game.to_act().first()
    }

    /// Whether the match has ended by its rules.
    pub fn is_terminated(&self) -> bool {
        self.game.phase() == Phase::Over
    }

    /// Whether the match was cut by the hands cap.
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// Whether nobody acts any more (ended or cut).
    pub fn is_over(&self) -> bool {
        self.is_terminated() || self.truncated
    }

    /// The rewards of the last step (or reset), per seat.
    pub fn rewards(&self) -> &[f32] {
        self.rewards.get(..self.seat_count()).unwrap_or(&[])
    }

    /// The points of the last finished hand per seat, as [`Reward::Hand`] counts them.
    pub fn hand_points(&self) -> &[f32] {
        self.hand_points.get(..self.seat_count()).unwrap_or(&[])
    }

    /// Hands dealt so far.
    pub fn hands(&self) -> usize {
        self.hands
    }

    /// The match score (per team, or per seat in Kabul).
    pub fn score(&self) -> Score {
        self.game.score()
    }

    /// The winner, once the match is over.
    pub fn winner(&self) -> Option<Winner> {
        self.game.outcome()
    }

    /// The decisions already taken towards an action of several parts (a Kabul switch's first
    /// card), empty between actions.
    pub fn pending(&self) -> &[usize] {
        &self.pending
    }

    /// Writes `seat`'s legal decisions as a mask (1 = legal) into `out` (zeroed first): the
    /// actions it may take, or, in the middle of an action of several parts, its legal next
    /// parts. All zero for a seat that may not act.
    pub fn mask(&mut self, seat: Seat, out: &mut [u8]) {
        out.fill(0);
        if self.truncated || !self.game.to_act().contains(seat) {
            return;
        }
        self.load_legal(seat);
        let k = self.pending.len();
        for parts in &self.parts {
            if parts.len() > k
                && parts.starts_with(&self.pending)
                && let Some(x) = parts.get(k).and_then(|&i| out.get_mut(i))
            {
                *x = 1;
            }
        }
    }

    /// The legal decisions of `seat` now (see [`Env::mask`]), as indices, smallest first.
    pub fn legal_indices(&mut self, seat: Seat) -> Vec<usize> {
        let mut mask = vec![0u8; self.action_count()];
        self.mask(seat, &mut mask);
        mask.iter().enumerate().filter(|&(_, &m)| m == 1).map(|(i, _)| i).collect()
    }

    /// The legal actions of `seat` now, whole, in the engine's order.
    pub fn legal_actions(&mut self, seat: Seat) -> Vec<G::Action> {
        if self.truncated {
            return Vec::new();
        }
        self.load_legal(seat);
        self.legal.clone()
    }

    /// Writes `seat`'s observation (from its view only, and the parts it has chosen of an action
    /// of several) into `out` (zeroed first).
    pub fn observe(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let view = self.game.view(Some(seat));
        let pending: &[usize] = if self.agent() == Some(seat) { &self.pending } else { &[] };
        G::encode(&self.rules, &view, pending, &mut crate::Writer::new(out));
    }

    /// `seat`'s view (`None`: a spectator's), as the JSON the bot protocol sends.
    pub fn view(&self, seat: Option<Seat>) -> G::View {
        self.game.view(seat)
    }

    /// `seat`'s view (`None`: a spectator's) as JSON.
    pub fn view_json(&self, seat: Option<Seat>) -> serde_json::Value {
        game::view_json::<G>(&self.game.view(seat))
    }

    /// The name of every action, by index.
    pub fn action_names(&self) -> Vec<String> {
        (0..self.action_count()).map(|i| G::action_name(&self.rules, i)).collect()
    }

    /// The decisions that make `action` when `seat` takes it.
    pub fn parts_of(&self, seat: Seat, action: G::Action) -> Option<Parts> {
        G::action_parts(&self.rules, seat, action)
    }

    /// The legal action the decisions so far and `index` complete, or, if they only begin one,
    /// `Ok(None)`.
    fn resolve(&mut self, seat: Seat, index: usize) -> Result<Option<G::Action>, ()> {
        let mut wanted = self.pending.clone();
        wanted.try_push(index).map_err(|_| ())?;
        self.load_legal(seat);
        let mut begins = false;
        for (parts, &a) in self.parts.iter().zip(&self.legal) {
            if *parts == wanted {
                return Ok(Some(a));
            }
            begins |= parts.starts_with(&wanted);
        }
        if begins { Ok(None) } else { Err(()) }
    }

    /// Whether the agent may take decision `index` now.
    pub fn is_legal(&mut self, index: i64) -> bool {
        let Some(seat) = self.agent() else { return false };
        let Ok(index) = usize::try_from(index) else { return false };
        index < self.action_count() && self.resolve(seat, index).is_ok()
    }

    /// The agent takes decision `index`: an action, or a part of one (the first card of a Kabul
    /// switch, after which the same seat decides again); the environment then plays the clock and
    /// the deals up to the next decision.
    ///
    /// # Errors
    /// The match is over, the index is outside the space, or the decision is not legal now (the
    /// state is then unchanged).
    pub fn step(&mut self, index: i64) -> Result<(), EnvError> {
        let seat = self.agent().ok_or(EnvError::Over)?;
        let count = self.action_count();
        let i = usize::try_from(index).ok().filter(|&i| i < count).ok_or(EnvError::OutOfRange { index, count })?;
        let resolved = self.resolve(seat, i);
        if resolved.is_ok() {
            self.rewards = [0.0; MAX_SEATS];
        }
        match resolved {
            Err(()) => {
                let name = G::action_name(&self.rules, i);
                Err(EnvError::Illegal { index: i, name, seat: seat.index() })
            }
            Ok(None) => {
                self.pending.push(i);
                Ok(())
            }
            Ok(Some(action)) => {
                self.pending.clear();
                self.plan = None;
                self.act(Actor::Seat(seat), action);
                self.advance();
                Ok(())
            }
        }
    }

    /// The agent takes the action written `text` (`play AH`, `bid 7`, `switch 0:1 2:3`), whole.
    ///
    /// # Errors
    /// Not an action of the game, in the middle of an action of several parts, or as
    /// [`Env::step`].
    pub fn step_text(&mut self, text: &str) -> Result<(), EnvError> {
        let seat = self.agent().ok_or(EnvError::Over)?;
        if !self.pending.is_empty() {
            return Err(EnvError::Parse("the first part of an action is chosen: step its next part".into()));
        }
        let action: G::Action = text.parse().map_err(|e: game::ParseActionError| EnvError::Parse(e.to_string()))?;
        if !self.game.is_legal(Actor::Seat(seat), action) {
            return Err(EnvError::Parse(format!("{text:?} is not legal for seat {seat} now")));
        }
        let parts = G::action_parts(&self.rules, seat, action)
            .ok_or_else(|| EnvError::Parse(format!("{text:?} is not in the action space")))?;
        for &i in &parts {
            self.step(i as i64)?;
        }
        Ok(())
    }

    /// The next decision `bot` takes for the agent, from the agent's view only: the bot chooses a
    /// whole action, and for an action of several parts the later parts come from that choice.
    pub fn bot_choice(&mut self, bot: &mut dyn Bot<G>) -> Option<usize> {
        let seat = self.agent()?;
        let k = self.pending.len();
        // In the middle of an action of several parts, the bot's chosen action gives the rest.
        if let Some(plan) = self.plan.as_ref().filter(|p| k > 0 && p.len() > k && p.starts_with(&self.pending)) {
            return plan.get(k).copied();
        }
        self.load_legal(seat);
        if self.legal.is_empty() {
            return None;
        }
        let view = self.game.view(Some(seat));
        let action = bot.choose(seat, &view, &self.legal);
        let parts = G::action_parts(&self.rules, seat, action)?;
        let next = if parts.starts_with(&self.pending) { parts.get(k).copied() } else { None };
        self.plan = Some(parts);
        next.or_else(|| self.legal_indices(seat).first().copied())
    }

    /// Fills the cache of `seat`'s legal actions and their parts, unless it holds them already
    /// (every state change empties it).
    fn load_legal(&mut self, seat: Seat) {
        if self.legal_for == Some(seat) {
            return;
        }
        self.game.legal_actions(seat, &mut self.legal);
        self.parts.clear();
        let rules = &self.rules;
        self.parts.extend(self.legal.iter().map(|&a| G::action_parts(rules, seat, a).unwrap_or_default()));
        self.legal_for = Some(seat);
    }

    fn act(&mut self, actor: Actor, action: G::Action) {
        self.legal_for = None;
        if let Some(mut cards) = self.game.reshuffle_due(actor, action) {
            cards.sort_unstable_by_key(|c| c.index());
            cards::shuffle(&mut cards, &mut self.rng);
            self.game.give_reshuffle(cards.clone());
            self.log.push(Logged::Reshuffle(cards));
        }
        self.game.play_unchecked(actor, action);
        self.log.push(Logged::Act(actor, action));
    }

    /// Plays what is not a seat's decision (the clock, the deals) up to the next decision, and
    /// counts the rewards of a hand or match that ended.
    fn advance(&mut self) {
        loop {
            let phase = self.game.phase();
            if self.in_hand && phase != Phase::InHand {
                self.in_hand = false;
                self.hand_ended();
            }
            match phase {
                Phase::InHand => {
                    if self.game.to_act().is_empty()
                        && self.game.clock_may_act()
                        && let Some(close) = G::clock_action()
                    {
                        self.act(Actor::Clock, close);
                        continue;
                    }
                    return;
                }
                Phase::Over => return,
                Phase::AwaitingDeal { .. } => {
                    if self.config.max_hands.is_some_and(|m| self.hands >= m) {
                        self.truncated = true;
                        return;
                    }
                    let deal = self.game.random_deal(&mut self.rng);
                    self.legal_for = None;
                    if self.game.deal(deal.clone()).is_err() {
                        // A deal the game made itself is always accepted; stop rather than loop.
                        self.truncated = true;
                        return;
                    }
                    self.log.push(Logged::Deal(deal));
                    self.hands += 1;
                    self.in_hand = true;
                }
            }
        }
    }

    fn hand_ended(&mut self) {
        let seats = self.seat_count();
        let after = self.game.score();
        G::hand_reward(seats, &self.before, &after, &mut self.hand_points);
        self.before = after;
        match self.config.reward {
            Reward::Hand => {
                for (r, p) in self.rewards.iter_mut().zip(self.hand_points).take(seats) {
                    *r += p;
                }
            }
            Reward::Match => {
                if let Some(winner) = self.game.outcome() {
                    for (s, r) in self.rewards.iter_mut().enumerate().take(seats) {
                        let won = Seat::new(s).is_some_and(|seat| match winner {
                            Winner::Team(t) => seat.team() == t,
                            Winner::Seats(set) => set.contains(seat),
                        });
                        *r += if won { 1.0 } else { -1.0 };
                    }
                }
            }
        }
    }

    /// The record of the match so far (our PGN: `majlis replay` reads it), seats named by
    /// `players` (may be empty).
    ///
    /// # Errors
    /// Never expected: the log replays through the engine as it was played.
    pub fn record(&self, players: Vec<String>) -> Result<Record, String> {
        let mut m = match &self.base {
            Some(base) => {
                let mut base = base.clone();
                if !players.is_empty() {
                    base.players = players;
                }
                Match::<G>::replay(&base).map_err(|e| e.to_string())?
            }
            None => Match::<G>::new(self.config.kind, self.config.options.clone(), players, self.first_dealer)
                .map_err(|e| e.to_string())?,
        };
        for step in &self.log {
            match step {
                Logged::Deal(d) => m.deal(d.clone()).map_err(|e| e.to_string())?,
                Logged::Reshuffle(order) => m.give_reshuffle(order.clone()),
                Logged::Act(actor, action) => m.play(*actor, *action).map_err(|e| e.to_string())?,
            }
        }
        Ok(m.into_record())
    }
}
