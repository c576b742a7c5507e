"""Majlis for Python: Kout Bo, Baloot and Kabul for game-AI research.

The exact engines, bots, double-dummy solver, records and duplicate arena of Majlis (written in
Rust), with the conventions researchers already use:

- ``majlis.env(game, ...)``: a PettingZoo AEC environment (``reset(seed=...)``, ``agent_iter()``,
  ``last()`` -> ``{"observation", "action_mask"}``, ``step(a)``), rewards per hand or per match;
- ``majlis.BatchEnv(game, n, ...)``: many matches stepped in one call from a numpy array of
  actions, for self-play at scale;
- ``majlis.Bot("strong:ms=50")``: the built-in bots; ``majlis.solve(env)``: double-dummy values;
- ``majlis.Record``: records in and out, the same JSON as ``majlis replay``;
- ``majlis.arena(game, policy, ...)``: duplicate matches between a Python policy and a bot, with
  a 95% confidence interval.

Games: ``"kout6"``, ``"kout4"``, ``"baloot"`` (every preset and option through ``rules=``, e.g.
``{"preset": "saudi_full"}``) and ``"kabul"`` (``rules={"players": 2..6, "target_score": 100}``).
The observation and action layouts are documented in ``docs/python.md``.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Dict, Mapping, Optional, Union

from . import _majlis
from ._majlis import __version__
from .batch import BatchEnv
from .env import MajlisEnv, env, raw_env
from .record import Record

__all__ = [
    "GAMES",
    "BatchEnv",
    "Bot",
    "Game",
    "MajlisEnv",
    "Record",
    "__version__",
    "arena",
    "env",
    "game",
    "raw_env",
    "solve",
]

#: The games, by id.
GAMES = ("kout6", "kout4", "baloot", "kabul")

#: One match of one game, decision by decision, without the PettingZoo conventions (the core
#: every environment drives): ``agent()``, ``mask(seat)``, ``observe(seat)``, ``step(i)``,
#: ``step_text("play AH")``, ``view_json(seat)``, ``record_json()``, ``solve()``.
Game = _majlis.Env


def game(
    name: str,
    rules: Optional[Mapping[str, Any]] = None,
    seed: int = 0,
    max_hands: Optional[int] = None,
    reward: str = "hand",
) -> Game:
    """A match of ``name`` dealt from ``seed`` (a :class:`Game`), without the PettingZoo
    conventions: ``agent()``, ``mask(seat)``, ``observe(seat)``, ``step(i)``,
    ``step_text("play AH")``, ``legal_actions(seat)``, ``view_json(seat)``, ``record_json()``."""
    return _majlis.Env(name, json.dumps(dict(rules)) if rules else None, seed, max_hands, reward)


def _core(env_like: Any) -> _majlis.Env:
    """The core match of a PettingZoo environment (wrapped or not), or the core itself."""
    if isinstance(env_like, _majlis.Env):
        return env_like
    inner = getattr(env_like, "unwrapped", env_like)
    core = getattr(inner, "core", None)
    if not isinstance(core, _majlis.Env):
        raise TypeError("expected a majlis environment or majlis.Game")
    return core


class Bot:
    """A built-in bot: ``random``, ``heuristic``, ``strong`` (``strong:ms=50``), or a level
    (``easy``, ``medium``, ``hard``, ``expert``). It decides from the acting seat's view only.

    >>> import majlis
    >>> e = majlis.env("baloot", max_hands=1)
    >>> e.reset(seed=1)
    >>> bot = majlis.Bot("heuristic", seed=7)
    >>> for agent in e.agent_iter():
    ...     obs, reward, terminated, truncated, info = e.last()
    ...     e.step(None if terminated or truncated else bot.choose(e))
    """

    def __init__(self, spec: str = "heuristic", seed: int = 0) -> None:
        self._bot = _majlis.Bot(spec, seed)

    @property
    def spec(self) -> str:
        """The bot's name."""
        return self._bot.spec

    def choose(self, env: Any) -> int:
        """The action index this bot takes for ``env``'s agent (one decision of a Kabul switch)."""
        return self._bot.choose(_core(env))

    def __call__(self, env: Any) -> int:
        return self.choose(env)

    def __repr__(self) -> str:
        return f"Bot({self.spec!r})"


def solve(position: Any) -> Optional[Dict[str, int]]:
    """The double-dummy value of each legal card of the seat to play, with every hand known: what
    that seat's team takes from there if it plays the card and both sides then play their best
    (Baloot: card points with the last trick's 10; Kout Bo: tricks). ``position`` is an
    environment, a :class:`Game`, or a :class:`Record` (the deal and play it holds). ``None``
    outside the trick play and in Kabul. An analysis tool: it reads every hand."""
    if isinstance(position, Record):
        return _majlis.Env.from_record(position.to_json()).solve()
    return _core(position).solve()


def arena(
    game: str,
    policy: Union[str, Callable[[Mapping[str, Any]], int]],
    opponent: str = "heuristic",
    matches: int = 10,
    seed: int = 0,
    rules: Optional[Mapping[str, Any]] = None,
    max_hands: int = 1000,
) -> Dict[str, Any]:
    """Duplicate matches between ``policy`` and the bot ``opponent``: each match's cards are
    played twice, the seats swapped, so the luck of the deal cancels out.

    ``policy`` is a bot's name, or a callable given ``{"observation", "action_mask"}`` (numpy
    arrays, as ``env.last()`` gives them) that returns an action index. Returns the summary:
    ``win_rate``, ``mean_diff`` (the policy's points minus the opponent's per hand; in Kabul
    points are bad) and its 95% confidence interval ``ci95``, and more.
    """
    text = _majlis.arena(
        game,
        policy,
        opponent,
        matches,
        seed,
        json.dumps(dict(rules)) if rules else None,
        max_hands,
    )
    return json.loads(text)
