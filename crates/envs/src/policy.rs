//! A program that decides from observations and masks (a learning agent, a Python function)
//! seated as a bot, and the duplicate arena between it and a built-in bot.

use std::sync::{Arc, Mutex};

use baloot::Baloot;
use bots::arena::{self, Config, DuplicateOutcome, Summary};
use bots::{AnyBot as NamedBot, Bot};
use game::{GameKind, RuleSet, Seat};
use kabul::Kabul;
use kout::Kout;

use crate::{Encode, Parts, Writer};

/// Decides one decision from an observation and its mask (1 = legal), as an environment gives
/// them; returns the index taken.
pub trait Policy: Send {
    /// The decision.
    ///
    /// # Errors
    /// The program failed (a Python exception); its words.
    fn decide(&mut self, observation: &[f32], mask: &[u8]) -> Result<usize, String>;
}

/// The first failure of a policy in an arena run, shared with its bots.
pub type Failure = Arc<Mutex<Option<String>>>;

/// A [`Policy`] seated as a [`Bot`]: it sees what an environment's agent sees (the observation
/// of its view, the mask of its legal decisions), and a Kabul switch takes it two decisions.
pub struct PolicyBot<G: Encode> {
    rules: G::Rules,
    policy: Box<dyn Policy>,
    observation: Vec<f32>,
    mask: Vec<u8>,
    failure: Failure,
}

impl<G: Encode> PolicyBot<G> {
    /// `policy` at a table under `rules`; a failure (an error, an illegal index) is written to
    /// `failure` and the first legal action played instead.
    pub fn new(rules: G::Rules, view: &G::View, policy: Box<dyn Policy>, failure: Failure) -> Self {
        let len = crate::observation_len::<G>(&rules, view);
        let count = G::action_count(&rules);
        PolicyBot { rules, policy, observation: vec![0.0; len], mask: vec![0; count], failure }
    }

    fn fail(&self, why: String) {
        if let Ok(mut f) = self.failure.lock() {
            f.get_or_insert(why);
        }
    }
}

impl<G: Encode> Bot<G> for PolicyBot<G> {
    fn choose(&mut self, seat: Seat, view: &G::View, legal: &[G::Action]) -> G::Action {
        let parts: Vec<Option<Parts>> = legal.iter().map(|&a| G::action_parts(&self.rules, seat, a)).collect();
        let mut pending = Parts::new();
        loop {
            let k = pending.len();
            self.mask.fill(0);
            for p in parts.iter().flatten().filter(|p| p.len() > k && p.starts_with(&pending)) {
                if let Some(m) = p.get(k).and_then(|&i| self.mask.get_mut(i)) {
                    *m = 1;
                }
            }
            self.observation.fill(0.0);
            G::encode(&self.rules, view, &pending, &mut Writer::new(&mut self.observation));
            let first_legal = self.mask.iter().position(|&m| m == 1);
            let pick = match self.policy.decide(&self.observation, &self.mask) {
                Ok(i) if self.mask.get(i) == Some(&1) => Some(i),
                Ok(i) => {
                    self.fail(format!("the policy chose {i} ({}), not legal", G::action_name(&self.rules, i)));
                    first_legal
                }
                Err(e) => {
                    self.fail(e);
                    first_legal
                }
            };
            let Some(pick) = pick else { break };
            if pending.try_push(pick).is_err() {
                break;
            }
            if let Some(i) = parts.iter().position(|p| p.as_ref() == Some(&pending))
                && let Some(&a) = legal.get(i)
            {
                return a;
            }
        }
        // Unreachable for a game whose legal actions are all in its space (the tests check it).
        legal[0]
    }
}

/// Duplicate matches between a policy (bot 0, `make` gives one per seat it takes) and the
/// built-in or external bot `config.bots[1]`, as the arena plays them.
///
/// # Errors
/// Bad rules, a bot that cannot start, or the policy's first failure.
pub fn policy_arena(
    config: &Config,
    matches: usize,
    make: &mut dyn FnMut(Seat) -> Box<dyn Policy>,
) -> Result<Summary, String> {
    match config.kind {
        GameKind::Kout6 | GameKind::Kout4 => arena_of::<Kout>(config, matches, make),
        GameKind::Baloot => arena_of::<Baloot>(config, matches, make),
        GameKind::Kabul => arena_of::<Kabul>(config, matches, make),
    }
}

fn arena_of<G: Encode>(
    config: &Config,
    matches: usize,
    make: &mut dyn FnMut(Seat) -> Box<dyn Policy>,
) -> Result<Summary, String> {
    let rules = G::Rules::from_options(config.kind, &config.options).map_err(|e| e.to_string())?;
    let view = G::new(config.kind, rules.clone(), Seat::ZERO).map_err(|e| e.to_string())?.view(Some(Seat::ZERO));
    let failure: Failure = Arc::new(Mutex::new(None));
    let other = config.bots.get(1).cloned().unwrap_or(NamedBot::Builtin(bots::BotSpec::RANDOM));
    let mut outcomes = Vec::with_capacity(matches);
    for index in 0..matches {
        let mut games = Vec::with_capacity(2);
        for half in 0..2 {
            let mut start = |b: usize, seat: Seat, seed: u64| -> Result<Box<dyn Bot<G>>, String> {
                if b == 0 {
                    Ok(Box::new(PolicyBot::<G>::new(rules.clone(), &view, make(seat), failure.clone())))
                } else {
                    other.start::<G>(config.kind, &rules, seat, seed, &config.exec).map_err(|e| e.to_string())
                }
            };
            games.push(arena::play_game_with::<G>(config, index, half, &mut start)?);
            if let Some(why) = failure.lock().ok().and_then(|f| f.clone()) {
                return Err(format!("match {index}: {why}"));
            }
        }
        let [first, second]: [_; 2] = games.try_into().map_err(|_| "two games per match")?;
        outcomes.push(DuplicateOutcome { index, games: [first, second] });
    }
    let mut summary = arena::summarize(config, &outcomes);
    if let Some(name) = summary.bots.first_mut() {
        *name = "policy".into();
    }
    Ok(summary)
}
