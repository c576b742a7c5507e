"""Random-playout throughput of the majlis package, beside OpenSpiel and RLCard.

Measures, on one thread, how many complete hands (Kabul: rounds) per second random play gets
through:

* the PettingZoo AEC API (``majlis.env``, and ``majlis.raw_env`` without PettingZoo's checking
  wrappers: ``agent_iter``/``last``/``step``, a random legal action drawn from each observation's
  mask);
* the batch API (``majlis.BatchEnv``: every call steps all matches, writing each acting seat's
  observation and mask; random legal actions drawn with numpy from the masks);

and, if installed, OpenSpiel's and RLCard's closest games through their Python APIs
(``baselines.py``), bare and with the agent's tensor and legal-action mask taken at every
decision (the work Majlis' environments always do). A playout is one hand: the environments are cut after one hand
(``max_hands=1``), as OpenSpiel's hearts and bridge are single deals.

    python -m pip install ./python open_spiel==2.0.2 rlcard==1.2.0
    python python/bench/throughput.py --seconds 10 > throughput.json

Prints a JSON list of results and a table (to stderr).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Dict, List, Optional

import numpy as np

import majlis

GAMES = [
    ("kout6", None),
    ("kout4", None),
    ("baloot", None),
    ("kabul", {"players": 4}),
]


def _result(api: str, game: str, playouts: int, decisions: int, seconds: float) -> Dict[str, Any]:
    return {
        "library": f"majlis {majlis.__version__}",
        "api": api,
        "game": game,
        "playouts": playouts,
        "player_actions": decisions,
        "seconds": round(seconds, 3),
        "playouts_per_s": round(playouts / seconds, 1),
        "player_actions_per_s": round(decisions / seconds, 1),
    }


def aec_random_playouts(
    game: str, rules: Optional[dict], seconds: float, seed: int, raw: bool = False
) -> Dict[str, Any]:
    """Random hands through the AEC API for about ``seconds``: ``majlis.env`` (with PettingZoo's
    checking wrappers), or with ``raw`` ``majlis.raw_env``."""
    env = (majlis.raw_env if raw else majlis.env)(game, rules=rules, max_hands=1)
    rng = np.random.default_rng(seed)
    playouts = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=int(rng.integers(1 << 62)))
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            decisions += 1
        playouts += 1
    return _result("AEC raw_env" if raw else "AEC env", game, playouts, decisions, time.perf_counter() - start)


def batch_random_playouts(
    game: str, rules: Optional[dict], seconds: float, seed: int, n: int = 256, numpy_rng: bool = False
) -> Dict[str, Any]:
    """Random hands through the batch API (``n`` matches at once) for about ``seconds``; the
    random legal actions drawn by the batch's sampler, or with ``numpy_rng`` by numpy."""
    batch = majlis.BatchEnv(game, n, rules=rules, seed=seed, max_hands=1)
    batch.reset()
    rng = np.random.default_rng(seed) if numpy_rng else None
    playouts = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(20):
            _, _, _, _, dones = batch.step(batch.random_actions(rng))
            playouts += int(dones.sum())
        decisions += 20 * n
    api = f"batch n={n}" + (", numpy" if numpy_rng else "")
    return _result(api, game, playouts, decisions, time.perf_counter() - start)


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time per measurement")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-baselines", action="store_true", help="leave OpenSpiel and RLCard out")
    args = parser.parse_args(argv)
    results: List[Dict[str, Any]] = []
    for game, rules in GAMES:
        results.append(aec_random_playouts(game, rules, args.seconds, args.seed))
        results.append(aec_random_playouts(game, rules, args.seconds, args.seed, raw=True))
        results.append(batch_random_playouts(game, rules, args.seconds, args.seed))
        results.append(batch_random_playouts(game, rules, args.seconds, args.seed, numpy_rng=True))
    if not args.no_baselines:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        try:
            import baselines
        except ImportError as e:  # pragma: no cover - optional
            print(f"baselines left out: {e}", file=sys.stderr)
        else:
            try:
                for name in ["hearts", "bridge"]:
                    for observe in (False, True):
                        results.append(baselines.openspiel_random_playouts(name, args.seconds, args.seed, observe))
            except ImportError as e:
                print(f"OpenSpiel left out: {e}", file=sys.stderr)
            for name in ["uno", "doudizhu"]:
                try:
                    results.append(baselines.rlcard_random_playouts(name, args.seconds, args.seed))
                except ImportError as e:
                    print(f"RLCard left out: {e}", file=sys.stderr)
                    break
    print(json.dumps(results, indent=2))
    print(f"{'library':<18} {'api':<22} {'game':<10} {'playouts/s':>11} {'actions/s':>11}", file=sys.stderr)
    for r in results:
        print(
            f"{r['library']:<18} {r.get('api', 'Python'):<22} {r['game']:<10} "
            f"{r['playouts_per_s']:>11,.0f} {r['player_actions_per_s']:>11,.0f}",
            file=sys.stderr,
        )


if __name__ == "__main__":
    main()
