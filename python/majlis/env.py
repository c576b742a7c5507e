"""The PettingZoo AEC environments of every Majlis game."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import _majlis


class MajlisEnv(AECEnv):
    """One match of a Majlis game in the PettingZoo AEC convention.

    Agents are ``player_0`` ... ``player_{n-1}`` (seat order; in the team games even seats are
    one team). The agent to act is the seat whose turn it is; in a Kabul snap window every seat
    that may still snap acts in turn (snap or pass). A Kabul switch takes two decisions in a row
    by the same agent (the first card's place, then the second's).

    Observations are ``{"observation": float32[L], "action_mask": int8[A]}``: the observation is
    written from that seat's view only (``docs/python.md`` gives the layout); ``info["view"]`` is
    not filled by default (the JSON view is ``env.view(agent)``). Rewards: per hand (the team's
    points minus the other team's; Kabul: the others' mean minus one's own) or, with
    ``reward="match"``, +1/-1 at the end. ``max_hands`` cuts the match (a truncation).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "majlis_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str = "baloot",
        rules: Optional[Mapping[str, Any]] = None,
        max_hands: Optional[int] = None,
        reward: str = "hand",
        render_mode: Optional[str] = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: use one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._rules_json = json.dumps(dict(rules)) if rules else None
        self.core = _majlis.Env(game, self._rules_json, 0, max_hands, reward)
        self.game = game
        self.metadata = dict(self.metadata, name=f"{game}_v0")
        n = self.core.seats
        self.possible_agents: List[str] = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        length, count = self.core.observation_len, self.core.action_count
        self.action_names: List[str] = self.core.action_names()
        space = spaces.Dict(
            {
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(length,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(count,), dtype=np.int8),
            }
        )
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self.agents = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
        self.core.reset(int(seed) & 0xFFFF_FFFF_FFFF_FFFF)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.core.agent()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            # The match is over: every agent is stepped once more (with None) to leave.
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        return {
            "observation": self.core.observe(seat),
            "action_mask": self.core.mask(seat).astype(np.int8),
        }

    def view(self, agent: Optional[str] = None) -> Dict[str, Any]:
        """``agent``'s view as a dict (None: a spectator's): exactly what that seat may see."""
        seat = None if agent is None else self.agent_name_mapping[agent]
        return json.loads(self.core.view_json(seat))

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents that are done")
        self.core.step(int(action))  # raises, changing nothing, if the action is not legal
        self._cumulative_rewards[agent] = 0.0
        rewards = self.core.rewards()
        self.rewards = {a: float(rewards[i]) for i, a in enumerate(self.possible_agents) if a in self.agents}
        if self.core.terminated or self.core.truncated:
            for a in self.agents:
                self.terminations[a] = self.core.terminated
                self.truncations[a] = self.core.truncated
                self.infos[a] = {"score": self.core.score(), "winners": self.core.winners()}
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def record(self) -> "Record":
        """The record of the match so far (``majlis replay`` reads it)."""
        from .record import Record

        return Record.parse(self.core.record_json(self.possible_agents))

    def render(self) -> Optional[str]:
        seat = self.core.agent()
        view = json.loads(self.core.view_json(None))
        lines = [f"{self.game}: hand {self.core.hands}, score {self.core.score()}"]
        if seat is not None:
            legal = ", ".join(self.core.legal_actions(seat))
            lines.append(f"player_{seat} to act: {legal}")
        else:
            lines.append(f"over; winners {self.core.winners()}")
        lines.append(json.dumps(view, separators=(",", ":")))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str = "baloot", **kwargs: Any) -> MajlisEnv:
    """The environment of ``game`` without PettingZoo's checking wrappers."""
    return MajlisEnv(game, **kwargs)


def env(game: str = "baloot", **kwargs: Any) -> AECEnv:
    """The environment of ``game`` (``kout6``, ``kout4``, ``baloot``, ``kabul``), wrapped as
    PettingZoo recommends (an illegal action raises; order enforced).

    Keyword arguments: ``rules`` (options, e.g. ``{"preset": "saudi_full"}`` or
    ``{"players": 3}``), ``max_hands``, ``reward`` (``"hand"`` or ``"match"``), ``render_mode``.
    """
    e: AECEnv = raw_env(game, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e
