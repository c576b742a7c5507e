//! `majlis._majlis`: the Rust half of the Python package `majlis`.
//!
//! Thin bindings over [`envs`] (environments, the batch, policies in the arena), [`bots`] and
//! [`games`] (records): every rule, encoding and statistic lives in those crates and is tested
//! there; this file converts between Python and Rust and releases the interpreter's lock while
//! Rust works. The Python modules of `python/majlis/` build the public API on it (the PettingZoo
//! environments, `BatchEnv`, `Record`, `Bot`, `arena`); `_majlis.pyi` types it.

use std::collections::BTreeMap;
use std::sync::Mutex;

use envs::{AnyBot, AnyEnv, Batch, BatchStep, EnvConfig, EnvError, Reward};
use game::{GameKind, Options, Record, Seat, Winner};
use numpy::{PyArray1, PyReadonlyArray1, PyReadonlyArray2, PyReadwriteArray1, PyReadwriteArray2};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn env_error(e: EnvError) -> PyErr {
    match e {
        EnvError::Over => PyRuntimeError::new_err(e.to_string()),
        EnvError::OutOfRange { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

fn kind_of(game: &str) -> PyResult<GameKind> {
    game.parse::<GameKind>().map_err(value_error)
}

fn options_of(json: Option<&str>) -> PyResult<Options> {
    match json {
        None | Some("") => Ok(Options::new()),
        Some(text) => match serde_json::from_str::<serde_json::Value>(text).map_err(value_error)? {
            serde_json::Value::Object(map) => Ok(map),
            other => Err(value_error(format!("rules must be a dict of options, not {other}"))),
        },
    }
}

fn config_of(game: &str, rules: Option<&str>, max_hands: Option<usize>, reward: &str) -> PyResult<EnvConfig> {
    let mut config = EnvConfig::new(kind_of(game)?);
    config.options = options_of(rules)?;
    config.max_hands = max_hands;
    config.reward = reward.parse::<Reward>().map_err(env_error)?;
    Ok(config)
}

fn seat_of(env: &AnyEnv, seat: usize) -> PyResult<Seat> {
    Seat::new(seat)
        .filter(|_| seat < env.seat_count())
        .ok_or_else(|| PyIndexError::new_err(format!("seat {seat}: the table has seats 0 to {}", env.seat_count() - 1)))
}

/// One match of one game, decision by decision (the core of the PettingZoo environments).
#[pyclass(module = "majlis._majlis")]
struct Env {
    env: AnyEnv,
}

#[pymethods]
impl Env {
    /// A match of `game` (`kout6`, `kout4`, `baloot`, `kabul`) under `rules` (a JSON object of
    /// options), dealt from `seed`, cut after `max_hands` hands if given, rewarded per `"hand"` or
    /// per `"match"`.
    #[new]
    #[pyo3(signature = (game, rules=None, seed=0, max_hands=None, reward="hand"))]
    fn new(game: &str, rules: Option<&str>, seed: u64, max_hands: Option<usize>, reward: &str) -> PyResult<Self> {
        let config = config_of(game, rules, max_hands, reward)?;
        Ok(Env { env: AnyEnv::new(&config, seed).map_err(env_error)? })
    }

    /// The match a record (JSON text) holds, played on from where it stops; later deals are
    /// drawn from `seed`.
    #[staticmethod]
    #[pyo3(signature = (text, seed=0, max_hands=None, reward="hand"))]
    fn from_record(text: &str, seed: u64, max_hands: Option<usize>, reward: &str) -> PyResult<Self> {
        let record = Record::parse(text).map_err(value_error)?;
        let config = config_of(record.game.id(), None, max_hands, reward)?;
        Ok(Env { env: AnyEnv::from_record(&config, &record, seed).map_err(env_error)? })
    }

    /// The cards whose faces `seat` may not know now: the engine's account of the hidden state,
    /// for tests and analysis (never for a seat's decisions).
    fn hidden_cards(&self, seat: usize) -> PyResult<Vec<String>> {
        let s = seat_of(&self.env, seat)?;
        Ok(self.env.hidden_cards(s).into_iter().map(|c| c.to_string()).collect())
    }

    /// Starts a new match dealt from `seed`.
    fn reset(&mut self, seed: u64) -> PyResult<()> {
        self.env.reset(seed).map_err(env_error)
    }

    /// The game's id.
    #[getter]
    fn game(&self) -> &'static str {
        self.env.kind().id()
    }

    /// Every rule option in force, as a JSON object.
    fn rules_json(&self) -> String {
        serde_json::Value::Object(self.env.options()).to_string()
    }

    /// How many seats.
    #[getter]
    fn seats(&self) -> usize {
        self.env.seat_count()
    }

    /// The size of the action space.
    #[getter]
    fn action_count(&self) -> usize {
        self.env.action_count()
    }

    /// The length of an observation.
    #[getter]
    fn observation_len(&self) -> usize {
        self.env.observation_len()
    }

    /// The name of every action, by index.
    fn action_names(&self) -> Vec<String> {
        self.env.action_names()
    }

    /// The seat to act, or None once the match is over or cut.
    fn agent(&self) -> Option<usize> {
        self.env.agent().map(Seat::index)
    }

    /// Whether the match ended by its rules.
    #[getter]
    fn terminated(&self) -> bool {
        self.env.is_terminated()
    }

    /// Whether the match was cut by `max_hands`.
    #[getter]
    fn truncated(&self) -> bool {
        self.env.is_truncated()
    }

    /// Hands (Kabul: rounds) dealt so far.
    #[getter]
    fn hands(&self) -> usize {
        self.env.hands()
    }

    /// The rewards of the last step, per seat.
    fn rewards(&self) -> Vec<f32> {
        self.env.rewards().to_vec()
    }

    /// The points of the last finished hand per seat.
    fn hand_points(&self) -> Vec<f32> {
        self.env.hand_points().to_vec()
    }

    /// The match score: per team, or per seat in Kabul.
    fn score(&self) -> Vec<i32> {
        self.env.score().to_vec()
    }

    /// The winners once the match is over: the winning team's seats, or Kabul's winners.
    fn winners(&self) -> Option<Vec<usize>> {
        let seats = self.env.seat_count();
        self.env.winner().map(|w| match w {
            Winner::Team(t) => (0..seats).filter(|s| s % 2 == t.index()).collect(),
            Winner::Seats(set) => set.iter().map(Seat::index).collect(),
        })
    }

    /// `seat`'s legal decisions as a mask (uint8, 1 = legal).
    fn mask<'py>(&mut self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let s = seat_of(&self.env, seat)?;
        let mut out = vec![0u8; self.env.action_count()];
        self.env.mask(s, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// `seat`'s observation (float32), written from its view only.
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let s = seat_of(&self.env, seat)?;
        let mut out = vec![0f32; self.env.observation_len()];
        self.env.observe(s, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// `seat`'s view as JSON (None: a spectator's), as the bot protocol sends it.
    #[pyo3(signature = (seat=None))]
    fn view_json(&self, seat: Option<usize>) -> PyResult<String> {
        let s = seat.map(|s| seat_of(&self.env, s)).transpose()?;
        Ok(self.env.view_json(s).to_string())
    }

    /// `seat`'s legal decisions as indices.
    fn legal_indices(&mut self, seat: usize) -> PyResult<Vec<usize>> {
        let s = seat_of(&self.env, seat)?;
        Ok(self.env.legal_indices(s))
    }

    /// `seat`'s legal actions, whole, in the record notation (engine order).
    fn legal_actions(&mut self, seat: usize) -> PyResult<Vec<String>> {
        let s = seat_of(&self.env, seat)?;
        Ok(self.env.legal_texts(s))
    }

    /// The decisions that make each of `seat`'s legal actions (engine order).
    fn legal_parts(&mut self, seat: usize) -> PyResult<Vec<Vec<usize>>> {
        let s = seat_of(&self.env, seat)?;
        Ok(self.env.legal_parts(s))
    }

    /// The decisions taken towards an action of two parts (a Kabul switch's first card).
    fn pending(&self) -> Vec<usize> {
        self.env.pending().to_vec()
    }

    /// The agent takes decision `index`.
    fn step(&mut self, index: i64) -> PyResult<()> {
        self.env.step(index).map_err(env_error)
    }

    /// The agent takes the action written `text` (`play AH`), whole.
    fn step_text(&mut self, text: &str) -> PyResult<()> {
        self.env.step_text(text).map_err(env_error)
    }

    /// The record of the match so far, as JSON; seats named by `players`.
    #[pyo3(signature = (players=None))]
    fn record_json(&self, players: Option<Vec<String>>) -> PyResult<String> {
        let record = self.env.record(players.unwrap_or_default()).map_err(PyRuntimeError::new_err)?;
        Ok(record.to_json_pretty())
    }

    /// The double-dummy value of each legal card of the seat to play (every hand known): what
    /// its team takes from here with best play on both sides (Baloot: card points; Kout Bo:
    /// tricks). None outside the trick play and in Kabul.
    fn solve(&self, py: Python<'_>) -> Option<BTreeMap<String, i32>> {
        let env = &self.env;
        py.detach(|| env.solve()).map(|values| values.into_iter().map(|(card, v)| (card.to_string(), v)).collect())
    }
}

/// The bots of one table (its game and rules as JSON), by seat.
type Seated = (GameKind, String, BTreeMap<usize, AnyBot>);

/// A built-in bot: one per seat it plays, made on first use from `spec` and `seed`.
#[pyclass(module = "majlis._majlis")]
struct Bot {
    spec: bots::BotSpec,
    seed: u64,
    game: Mutex<Option<Seated>>,
}

#[pymethods]
impl Bot {
    /// A bot named `spec` (`random`, `heuristic`, `strong:ms=50`, `easy`, `medium`, `hard`,
    /// `expert`), its random choices from `seed`.
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn new(spec: &str, seed: u64) -> PyResult<Self> {
        let spec = spec.parse::<bots::BotSpec>().map_err(value_error)?;
        Ok(Bot { spec, seed, game: Mutex::new(None) })
    }

    /// The bot's name.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The next decision for `env`'s agent, from the agent's view only.
    fn choose(&self, py: Python<'_>, env: &mut Env) -> PyResult<usize> {
        let seat = env.env.agent().ok_or_else(|| PyRuntimeError::new_err("nobody acts: the match is over"))?;
        let key = (env.env.kind(), serde_json::Value::Object(env.env.options()).to_string());
        let mut guard = self.game.lock().map_err(|_| PyRuntimeError::new_err("the bot is poisoned"))?;
        if guard.as_ref().is_none_or(|(k, r, _)| (*k, r) != (key.0, &key.1)) {
            *guard = Some((key.0, key.1, BTreeMap::new()));
        }
        let Some((_, _, seats)) = guard.as_mut() else { return Err(PyRuntimeError::new_err("no bot")) };
        let bot = seats.entry(seat.index()).or_insert_with(|| {
            env.env.make_bot(self.spec, bots::arena::derive_seed(&[self.seed, seat.index() as u64]))
        });
        let inner = &mut env.env;
        py.detach(|| inner.bot_choice(bot)).ok_or_else(|| PyRuntimeError::new_err("the bot found no decision"))
    }
}

/// Many matches of one game stepped together into numpy buffers (see `majlis.BatchEnv`).
#[pyclass(module = "majlis._majlis")]
struct BatchCore {
    batch: Batch,
    rng: rand_chacha::ChaCha8Rng,
    observation_len: usize,
    action_count: usize,
    seats: usize,
    names: Vec<String>,
}

#[pymethods]
impl BatchCore {
    /// `n` matches of `game` under `rules`, seeded from `seed`.
    #[new]
    #[pyo3(signature = (game, n, rules=None, seed=0, max_hands=None, reward="hand"))]
    fn new(
        game: &str,
        n: usize,
        rules: Option<&str>,
        seed: u64,
        max_hands: Option<usize>,
        reward: &str,
    ) -> PyResult<Self> {
        let config = config_of(game, rules, max_hands, reward)?;
        let batch = Batch::new(&config, n, seed).map_err(env_error)?;
        let first = batch.envs().first().ok_or_else(|| value_error("an empty batch"))?;
        Ok(BatchCore {
            rng: rand_core::SeedableRng::seed_from_u64(seed),
            observation_len: first.observation_len(),
            action_count: first.action_count(),
            seats: first.seat_count(),
            names: first.action_names(),
            batch,
        })
    }

    /// (matches, observation length, action count, seats).
    #[getter]
    fn dims(&self) -> (usize, usize, usize, usize) {
        (self.batch.len(), self.observation_len, self.action_count, self.seats)
    }

    /// The name of every action, by index.
    fn action_names(&self) -> Vec<String> {
        self.names.clone()
    }

    /// Resets every match from `seed`, writing into the buffers.
    #[allow(clippy::too_many_arguments)]
    fn reset(
        &mut self,
        py: Python<'_>,
        seed: u64,
        mut observations: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, u8>,
        mut agents: PyReadwriteArray1<'_, i64>,
        mut rewards: PyReadwriteArray2<'_, f32>,
        mut done: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<()> {
        let out = BatchStep {
            observations: observations.as_slice_mut().map_err(value_error)?,
            masks: masks.as_slice_mut().map_err(value_error)?,
            agents: agents.as_slice_mut().map_err(value_error)?,
            rewards: rewards.as_slice_mut().map_err(value_error)?,
            done: done.as_slice_mut().map_err(value_error)?,
        };
        let batch = &mut self.batch;
        py.detach(|| batch.reset(seed, out)).map_err(env_error)
    }

    /// A uniformly random legal action for every row of `masks`, written into `out` (the batch's
    /// own generator, seeded from its seed).
    fn random_actions(&mut self, masks: PyReadonlyArray2<'_, u8>, mut out: PyReadwriteArray1<'_, i64>) -> PyResult<()> {
        let masks = masks.as_slice().map_err(value_error)?;
        let out = out.as_slice_mut().map_err(value_error)?;
        if masks.len() != out.len() * self.action_count {
            return Err(value_error("masks and actions of different sizes"));
        }
        envs::random_legal(masks, self.action_count, &mut self.rng, out);
        Ok(())
    }

    /// Every match's agent takes `actions[i]`, writing into the buffers.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut observations: PyReadwriteArray2<'_, f32>,
        mut masks: PyReadwriteArray2<'_, u8>,
        mut agents: PyReadwriteArray1<'_, i64>,
        mut rewards: PyReadwriteArray2<'_, f32>,
        mut done: PyReadwriteArray1<'_, u8>,
    ) -> PyResult<()> {
        let actions = actions.as_slice().map_err(value_error)?;
        let out = BatchStep {
            observations: observations.as_slice_mut().map_err(value_error)?,
            masks: masks.as_slice_mut().map_err(value_error)?,
            agents: agents.as_slice_mut().map_err(value_error)?,
            rewards: rewards.as_slice_mut().map_err(value_error)?,
            done: done.as_slice_mut().map_err(value_error)?,
        };
        let batch = &mut self.batch;
        py.detach(|| batch.step(actions, out)).map_err(env_error)
    }
}

/// Reads a record (JSON text) and returns it checked and normalised, as JSON.
#[pyfunction]
fn parse_record(text: &str) -> PyResult<String> {
    Record::parse(text).map(|r| r.to_json_pretty()).map_err(value_error)
}

/// Replays a record as `majlis replay` does; returns its report as JSON (with `seat`, only what
/// that seat may see).
#[pyfunction]
#[pyo3(signature = (text, seat=None))]
fn replay(py: Python<'_>, text: &str, seat: Option<usize>) -> PyResult<String> {
    py.detach(|| games::replay(text, seat)).map(|v| v.to_string()).map_err(value_error)
}

/// A fresh record of `game` under `rules` (JSON), its first hand dealt from `seed`.
#[pyfunction]
#[pyo3(signature = (game, seed=0, rules=None))]
fn deal(game: &str, seed: u64, rules: Option<&str>) -> PyResult<String> {
    let options = options_of(rules)?;
    games::deal(kind_of(game)?, seed, &options).map(|r| r.to_json_pretty()).map_err(value_error)
}

/// A Python callable seated as a policy: called with `{"observation", "action_mask"}` numpy
/// arrays, answering an action index.
struct PyPolicy {
    callable: Py<PyAny>,
}

impl envs::Policy for PyPolicy {
    fn decide(&mut self, observation: &[f32], mask: &[u8]) -> Result<usize, String> {
        Python::attach(|py| {
            let obs = PyArray1::from_slice(py, observation);
            let mask = PyArray1::from_slice(py, mask);
            let arg = pyo3::types::PyDict::new(py);
            arg.set_item("observation", obs).map_err(|e| e.to_string())?;
            arg.set_item("action_mask", mask).map_err(|e| e.to_string())?;
            let answer = self.callable.call1(py, (arg,)).map_err(|e| e.to_string())?;
            answer.extract::<usize>(py).map_err(|e| format!("the policy answered no action index: {e}"))
        })
    }
}

/// Duplicate matches: `policy` (a Python callable, or a bot's name) against the bot `opponent`,
/// over `matches` duplicate matches of `game` under `rules`; the summary as JSON.
#[pyfunction]
#[pyo3(signature = (game, policy, opponent="heuristic", matches=10, seed=0, rules=None, max_hands=1000))]
#[allow(clippy::too_many_arguments)]
fn arena(
    py: Python<'_>,
    game: &str,
    policy: Bound<'_, PyAny>,
    opponent: &str,
    matches: usize,
    seed: u64,
    rules: Option<&str>,
    max_hands: usize,
) -> PyResult<String> {
    let kind = kind_of(game)?;
    let other = opponent.parse::<bots::BotSpec>().map_err(value_error)?;
    let mut config = bots::arena::Config::new(kind, [bots::BotSpec::RANDOM.into(), other.into()], seed);
    config.options = options_of(rules)?;
    config.max_hands = max_hands;
    if let Ok(name) = policy.extract::<String>() {
        let first = name.parse::<bots::BotSpec>().map_err(value_error)?;
        config.bots = [first.into(), other.into()];
        let summary = py.detach(|| bots_arena(&config, matches)).map_err(PyRuntimeError::new_err)?;
        return Ok(summary.to_json().to_string());
    }
    if !policy.is_callable() {
        return Err(value_error("policy must be a callable or a bot's name"));
    }
    let callable: Py<PyAny> = policy.unbind();
    let mut make = |_seat: Seat| -> Box<dyn envs::Policy> { Box::new(PyPolicy { callable: callable.clone_ref(py) }) };
    let summary = envs::policy_arena(&config, matches, &mut make).map_err(PyRuntimeError::new_err)?;
    Ok(summary.to_json().to_string())
}

fn bots_arena(config: &bots::arena::Config, matches: usize) -> Result<bots::arena::Summary, String> {
    struct Run<'a>(&'a bots::arena::Config, usize);
    impl games::Visitor for Run<'_> {
        type Output = Result<Vec<bots::arena::DuplicateOutcome>, String>;
        fn visit<G: bots::Playable>(self, _kind: GameKind) -> Self::Output {
            (0..self.1).map(|i| bots::arena::play_duplicate::<G>(self.0, i)).collect()
        }
    }
    let outcomes = games::dispatch(config.kind, Run(config, matches))?;
    Ok(bots::arena::summarize(config, &outcomes))
}

/// The Rust half of `majlis`.
#[pymodule]
fn _majlis(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Env>()?;
    m.add_class::<Bot>()?;
    m.add_class::<BatchCore>()?;
    m.add_function(wrap_pyfunction!(parse_record, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(arena, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
