//! The game chosen at run time, many matches at once, bots and the solver behind one type.

use baloot::Baloot;
use bots::{Bot, BotSpec, Playable};
use game::{GameKind, Record, RuleSet, Score, Seat, Winner};
use kabul::Kabul;
use kout::Kout;
use solver::{BalootPosition, KoutPosition, Solver};

use crate::{Env, EnvConfig, EnvError};

/// An environment of any game.
#[allow(clippy::large_enum_variant)]
pub enum AnyEnv {
    /// Kout Bo (six or four seats).
    Kout(Env<Kout>),
    /// Baloot.
    Baloot(Env<Baloot>),
    /// Kabul.
    Kabul(Env<Kabul>),
}

/// Calls `$body` with `$e` bound to the game's environment, whichever it is.
macro_rules! each {
    ($self:expr, $e:ident => $body:expr) => {
        match $self {
            AnyEnv::Kout($e) => $body,
            AnyEnv::Baloot($e) => $body,
            AnyEnv::Kabul($e) => $body,
        }
    };
}

/// A built-in bot for one game, made for an [`AnyEnv`] of that game.
pub enum AnyBot {
    /// A Kout Bo bot.
    Kout(Box<dyn Bot<Kout>>),
    /// A Baloot bot.
    Baloot(Box<dyn Bot<Baloot>>),
    /// A Kabul bot.
    Kabul(Box<dyn Bot<Kabul>>),
}

impl AnyEnv {
    /// A new match under `config`, dealt from `seed`.
    ///
    /// # Errors
    /// Bad rule options.
    pub fn new(config: &EnvConfig, seed: u64) -> Result<Self, EnvError> {
        Ok(match config.kind {
            GameKind::Kout6 | GameKind::Kout4 => AnyEnv::Kout(Env::new(config, seed)?),
            GameKind::Baloot => AnyEnv::Baloot(Env::new(config, seed)?),
            GameKind::Kabul => AnyEnv::Kabul(Env::new(config, seed)?),
        })
    }

    /// See [`Env::from_record`] (the game is the record's).
    ///
    /// # Errors
    /// See [`Env::from_record`].
    pub fn from_record(config: &EnvConfig, record: &Record, seed: u64) -> Result<Self, EnvError> {
        let config = EnvConfig { kind: record.game, ..config.clone() };
        Ok(match record.game {
            GameKind::Kout6 | GameKind::Kout4 => AnyEnv::Kout(Env::from_record(&config, record, seed)?),
            GameKind::Baloot => AnyEnv::Baloot(Env::from_record(&config, record, seed)?),
            GameKind::Kabul => AnyEnv::Kabul(Env::from_record(&config, record, seed)?),
        })
    }

    /// See [`Env::hidden_cards`].
    pub fn hidden_cards(&self, seat: Seat) -> cards::CardSet {
        each!(self, e => e.hidden_cards(seat))
    }

    /// See [`Env::reset`].
    ///
    /// # Errors
    /// See [`Env::reset`].
    pub fn reset(&mut self, seed: u64) -> Result<(), EnvError> {
        each!(self, e => e.reset(seed))
    }

    /// The game.
    pub fn kind(&self) -> GameKind {
        each!(self, e => e.config().kind)
    }

    /// The rule options in force, every one named.
    pub fn options(&self) -> game::Options {
        each!(self, e => e.rules().all_options())
    }

    /// How many seats.
    pub fn seat_count(&self) -> usize {
        each!(self, e => e.seat_count())
    }

    /// The size of the action space.
    pub fn action_count(&self) -> usize {
        each!(self, e => e.action_count())
    }

    /// The length of an observation.
    pub fn observation_len(&self) -> usize {
        each!(self, e => e.observation_len())
    }

    /// The name of every action, by index.
    pub fn action_names(&self) -> Vec<String> {
        each!(self, e => e.action_names())
    }

    /// See [`Env::agent`].
    pub fn agent(&self) -> Option<Seat> {
        each!(self, e => e.agent())
    }

    /// See [`Env::is_terminated`].
    pub fn is_terminated(&self) -> bool {
        each!(self, e => e.is_terminated())
    }

    /// See [`Env::is_truncated`].
    pub fn is_truncated(&self) -> bool {
        each!(self, e => e.is_truncated())
    }

    /// See [`Env::is_over`].
    pub fn is_over(&self) -> bool {
        each!(self, e => e.is_over())
    }

    /// See [`Env::rewards`].
    pub fn rewards(&self) -> &[f32] {
        each!(self, e => e.rewards())
    }

    /// See [`Env::hand_points`].
    pub fn hand_points(&self) -> &[f32] {
        each!(self, e => e.hand_points())
    }

    /// See [`Env::hands`].
    pub fn hands(&self) -> usize {
        each!(self, e => e.hands())
    }

    /// See [`Env::score`].
    pub fn score(&self) -> Score {
        each!(self, e => e.score())
    }

    /// See [`Env::winner`].
    pub fn winner(&self) -> Option<Winner> {
        each!(self, e => e.winner())
    }

    /// See [`Env::mask`].
    pub fn mask(&mut self, seat: Seat, out: &mut [u8]) {
        each!(self, e => e.mask(seat, out));
    }

    /// See [`Env::observe`].
    pub fn observe(&self, seat: Seat, out: &mut [f32]) {
        each!(self, e => e.observe(seat, out));
    }

    /// `seat`'s view (`None`: a spectator's) as JSON.
    pub fn view_json(&self, seat: Option<Seat>) -> serde_json::Value {
        each!(self, e => e.view_json(seat))
    }

    /// See [`Env::legal_indices`].
    pub fn legal_indices(&mut self, seat: Seat) -> Vec<usize> {
        each!(self, e => e.legal_indices(seat))
    }

    /// The legal actions of `seat` now, whole, in the record notation (engine order).
    pub fn legal_texts(&mut self, seat: Seat) -> Vec<String> {
        each!(self, e => e.legal_actions(seat).into_iter().map(|a| a.to_string()).collect())
    }

    /// The decisions (action indices) that make the legal actions of `seat`, in engine order:
    /// one index each, two for a Kabul switch.
    pub fn legal_parts(&mut self, seat: Seat) -> Vec<Vec<usize>> {
        each!(self, e => {
            let legal = e.legal_actions(seat);
            legal.into_iter().map(|a| e.parts_of(seat, a).map(|p| p.to_vec()).unwrap_or_default()).collect()
        })
    }

    /// See [`Env::pending`].
    pub fn pending(&self) -> &[usize] {
        each!(self, e => e.pending())
    }

    /// See [`Env::is_legal`].
    pub fn is_legal(&mut self, index: i64) -> bool {
        each!(self, e => e.is_legal(index))
    }

    /// See [`Env::step`].
    ///
    /// # Errors
    /// See [`Env::step`].
    pub fn step(&mut self, index: i64) -> Result<(), EnvError> {
        each!(self, e => e.step(index))
    }

    /// See [`Env::step_text`].
    ///
    /// # Errors
    /// See [`Env::step_text`].
    pub fn step_text(&mut self, text: &str) -> Result<(), EnvError> {
        each!(self, e => e.step_text(text))
    }

    /// See [`Env::record`].
    ///
    /// # Errors
    /// See [`Env::record`].
    pub fn record(&self, players: Vec<String>) -> Result<Record, String> {
        each!(self, e => e.record(players))
    }

    /// A built-in bot `spec` for this game and rules, its random choices from `seed`.
    pub fn make_bot(&self, spec: BotSpec, seed: u64) -> AnyBot {
        match self {
            AnyEnv::Kout(e) => AnyBot::Kout(Kout::bot(spec, seed, e.rules())),
            AnyEnv::Baloot(e) => AnyBot::Baloot(Baloot::bot(spec, seed, e.rules())),
            AnyEnv::Kabul(e) => AnyBot::Kabul(Kabul::bot(spec, seed, e.rules())),
        }
    }

    /// The index of the action `bot` chooses for the agent, from the agent's view only; `None`
    /// when nobody acts or the bot is for another game.
    pub fn bot_choice(&mut self, bot: &mut AnyBot) -> Option<usize> {
        match (self, bot) {
            (AnyEnv::Kout(e), AnyBot::Kout(b)) => e.bot_choice(b.as_mut()),
            (AnyEnv::Baloot(e), AnyBot::Baloot(b)) => e.bot_choice(b.as_mut()),
            (AnyEnv::Kabul(e), AnyBot::Kabul(b)) => e.bot_choice(b.as_mut()),
            _ => None,
        }
    }

    /// The double-dummy value of each legal card of the seat to play, with every hand known:
    /// what that seat's team takes from here on if it plays the card and both sides play their
    /// best afterwards (Baloot: card points, the last trick's 10 and a Kaboot included; Kout Bo:
    /// tricks). `None` outside the trick play and in Kabul.
    pub fn solve(&self) -> Option<Vec<(cards::Card, i32)>> {
        fn values<P: solver::Position>(pos: &P) -> Vec<(cards::Card, i32)> {
            let mut s = Solver::<P>::new();
            s.move_values(pos).into_iter().map(|(c, v)| (c, v.into())).collect()
        }
        match self {
            AnyEnv::Kout(e) => KoutPosition::from_game(e.game()).ok().map(|p| values(&p)),
            AnyEnv::Baloot(e) => BalootPosition::from_game(e.game()).ok().map(|p| values(&p)),
            AnyEnv::Kabul(_) => None,
        }
        .filter(|v| !v.is_empty())
    }
}

/// Where [`Batch`] writes, per match `i` of `n`: `observations[i * obs_len ..]` (the agent's
/// observation, zeros once nobody acts), `masks[i * actions ..]`, `agents[i]` (the seat to act,
/// −1 for none), `rewards[i * seats ..]` (the step's rewards per seat), `done[i]` (1 when the
/// match ended or was cut at this step; it has then been reset, and the other buffers show the
/// new match).
pub struct BatchStep<'a> {
    /// `n × observation_len` values.
    pub observations: &'a mut [f32],
    /// `n × action_count` values.
    pub masks: &'a mut [u8],
    /// `n` values.
    pub agents: &'a mut [i64],
    /// `n × seats` values.
    pub rewards: &'a mut [f32],
    /// `n` values.
    pub done: &'a mut [u8],
}

/// Many matches of one game stepped together: one call steps every match by one decision and
/// writes every observation, mask and reward into flat buffers. A match that ends is reset at
/// once with the next seed of its own sequence (so the batch never stalls).
pub struct Batch {
    envs: Vec<AnyEnv>,
    seed: u64,
    episodes: Vec<u64>,
}

impl Batch {
    /// `n` matches under `config`, seeded from `seed` (match `i`'s `k`-th episode from
    /// `derive_seed([seed, i, k])`).
    ///
    /// # Errors
    /// Bad rule options, or `n` is 0.
    pub fn new(config: &EnvConfig, n: usize, seed: u64) -> Result<Self, EnvError> {
        if n == 0 {
            return Err(EnvError::Config("a batch needs at least one match".into()));
        }
        let envs = (0..n)
            .map(|i| AnyEnv::new(config, bots::arena::derive_seed(&[seed, i as u64, 0])))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Batch { envs, seed, episodes: vec![0; n] })
    }

    /// How many matches.
    pub fn len(&self) -> usize {
        self.envs.len()
    }

    /// Whether the batch is empty (never: [`Batch::new`] refuses it).
    pub fn is_empty(&self) -> bool {
        self.envs.is_empty()
    }

    /// The matches.
    pub fn envs(&self) -> &[AnyEnv] {
        &self.envs
    }

    fn dims(&self) -> (usize, usize, usize) {
        self.envs.first().map_or((0, 0, 0), |e| (e.observation_len(), e.action_count(), e.seat_count()))
    }

    /// Resets every match with a new seed `seed` and writes the first decisions.
    ///
    /// # Errors
    /// Buffers of the wrong size.
    pub fn reset(&mut self, seed: u64, out: BatchStep<'_>) -> Result<(), EnvError> {
        self.check(&out)?;
        self.seed = seed;
        for (i, (env, ep)) in self.envs.iter_mut().zip(&mut self.episodes).enumerate() {
            *ep = 0;
            env.reset(bots::arena::derive_seed(&[seed, i as u64, 0]))?;
        }
        out.rewards.fill(0.0);
        out.done.fill(0);
        self.write(out);
        Ok(())
    }

    /// Every match's agent takes `actions[i]`; ended matches are reset.
    ///
    /// # Errors
    /// Buffers of the wrong size, or an action outside the space or illegal (named with its
    /// match); then no match has moved.
    pub fn step(&mut self, actions: &[i64], out: BatchStep<'_>) -> Result<(), EnvError> {
        self.check(&out)?;
        if actions.len() != self.envs.len() {
            return Err(EnvError::Config(format!("{} actions for {} matches", actions.len(), self.envs.len())));
        }
        for (i, (env, &a)) in self.envs.iter_mut().zip(actions).enumerate() {
            let seat = env.agent().ok_or_else(|| EnvError::Config(format!("match {i}: nobody acts")))?;
            if !env.is_legal(a) {
                let name = usize::try_from(a).ok().and_then(|x| env.action_names().get(x).cloned()).unwrap_or_default();
                return Err(EnvError::Config(format!(
                    "match {i}: action {a} ({name}) is not legal for seat {seat} now"
                )));
            }
        }
        let (_, _, seats) = self.dims();
        for (i, (env, &a)) in self.envs.iter_mut().zip(actions).enumerate() {
            env.step(a)?;
            if let Some(r) = out.rewards.get_mut(i * seats..(i + 1) * seats) {
                r.copy_from_slice(env.rewards());
            }
            let over = env.is_over();
            if let Some(d) = out.done.get_mut(i) {
                *d = u8::from(over);
            }
            if over && let Some(ep) = self.episodes.get_mut(i) {
                *ep += 1;
                env.reset(bots::arena::derive_seed(&[self.seed, i as u64, *ep]))?;
            }
        }
        self.write(out);
        Ok(())
    }

    fn check(&self, out: &BatchStep<'_>) -> Result<(), EnvError> {
        let n = self.envs.len();
        let (obs, count, seats) = self.dims();
        let sizes = [
            ("observations", out.observations.len(), n * obs),
            ("masks", out.masks.len(), n * count),
            ("agents", out.agents.len(), n),
            ("rewards", out.rewards.len(), n * seats),
            ("done", out.done.len(), n),
        ];
        for (name, got, want) in sizes {
            if got != want {
                return Err(EnvError::Config(format!("{name}: {got} values given, {want} needed")));
            }
        }
        Ok(())
    }

    fn write(&mut self, out: BatchStep<'_>) {
        let (obs, count, _) = self.dims();
        let chunks = out.observations.chunks_mut(obs.max(1)).zip(out.masks.chunks_mut(count.max(1)));
        for ((env, (o, m)), agent) in self.envs.iter_mut().zip(chunks).zip(out.agents.iter_mut()) {
            match env.agent() {
                Some(seat) => {
                    env.observe(seat, o);
                    env.mask(seat, m);
                    *agent = seat.index() as i64;
                }
                None => {
                    o.fill(0.0);
                    m.fill(0);
                    *agent = -1;
                }
            }
        }
    }
}

/// Draws a uniformly random legal action for each row of `masks` (`out.len()` rows of `count`
/// values, 1 = legal) into `out`; −1 for a row with no legal action.
pub fn random_legal<R: rand_core::RngCore + ?Sized>(masks: &[u8], count: usize, rng: &mut R, out: &mut [i64]) {
    for (row, a) in masks.chunks(count.max(1)).zip(out.iter_mut()) {
        let legal = row.iter().filter(|&&m| m == 1).count();
        *a = if legal == 0 {
            -1
        } else {
            let k = cards::random_below(rng, legal as u32) as usize;
            row.iter().enumerate().filter(|&(_, &m)| m == 1).nth(k).map_or(-1, |(i, _)| i as i64)
        };
    }
}
