"""Many matches stepped in one call: the batch API for self-play at scale."""

from __future__ import annotations

import json
from typing import Any, List, Mapping, Optional, Tuple

import numpy as np

from . import _majlis


class BatchEnv:
    """``n`` matches of one game, stepped together.

    Each call writes into arrays the batch owns (and overwrites at the next call: copy what you
    keep): ``observations`` float32[n, L] (the acting seat's observation of each match),
    ``masks`` uint8[n, A], ``agents`` int64[n] (the acting seat), ``rewards`` float32[n, seats]
    (every seat's reward at this step) and ``dones`` uint8[n]. A match that ends (or reaches
    ``max_hands``) is reset at once with the next seed of its own sequence, so ``dones[i] == 1``
    means the arrays already show match ``i``'s next episode.

    >>> import numpy as np, majlis
    >>> b = majlis.BatchEnv("baloot", 64, seed=1)
    >>> obs, masks, agents = b.reset()
    >>> rng = np.random.default_rng(0)
    >>> for _ in range(100):
    ...     obs, masks, agents, rewards, dones = b.step(b.random_actions(rng))
    """

    def __init__(
        self,
        game: str,
        n: int,
        rules: Optional[Mapping[str, Any]] = None,
        seed: int = 0,
        max_hands: Optional[int] = None,
        reward: str = "hand",
    ) -> None:
        self._core = _majlis.BatchCore(game, n, json.dumps(dict(rules)) if rules else None, seed, max_hands, reward)
        self.game = game
        self.seed = seed
        self.n, self.observation_len, self.action_count, self.seats = self._core.dims
        self.action_names: List[str] = self._core.action_names()
        self.observations = np.zeros((self.n, self.observation_len), dtype=np.float32)
        self.masks = np.zeros((self.n, self.action_count), dtype=np.uint8)
        self.agents = np.zeros(self.n, dtype=np.int64)
        self.rewards = np.zeros((self.n, self.seats), dtype=np.float32)
        self.dones = np.zeros(self.n, dtype=np.uint8)
        self._noise = np.empty((self.n, self.action_count), dtype=np.float32)
        self._actions = np.zeros(self.n, dtype=np.int64)

    def reset(self, seed: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Resets every match (from ``seed``, else the batch's seed): (observations, masks, agents)."""
        if seed is not None:
            self.seed = seed
        self._core.reset(self.seed, self.observations, self.masks, self.agents, self.rewards, self.dones)
        return self.observations, self.masks, self.agents

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Match ``i``'s agent takes ``actions[i]``: (observations, masks, agents, rewards, dones).

        Raises ValueError (and moves no match) if an action is illegal."""
        acts = np.ascontiguousarray(actions, dtype=np.int64)
        self._core.step(acts, self.observations, self.masks, self.agents, self.rewards, self.dones)
        return self.observations, self.masks, self.agents, self.rewards, self.dones

    def random_actions(self, rng: Optional[np.random.Generator] = None) -> np.ndarray:
        """A uniformly random legal action for every match (from the current masks): drawn by
        ``rng`` with numpy if given, else by the batch's own generator in Rust (seeded from the
        batch's seed, so a run is reproducible)."""
        if rng is None:
            self._core.random_actions(self.masks, self._actions)
            return self._actions
        rng.random(dtype=np.float32, out=self._noise)
        self._noise += 1.0  # in [1, 2): a legal action always outscores the illegal ones' 0
        self._noise *= self.masks
        return self._noise.argmax(axis=1)
