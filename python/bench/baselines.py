"""Random-playout throughput baselines for other card-game libraries.

This module measures how fast two widely used game libraries can play
complete games with uniformly random legal moves, single-threaded, so that
Majlis' own playout throughput can be put next to known reference points:

* OpenSpiel (``pyspiel`` Python bindings over the C++ engine): ``hearts`` and
  ``bridge``.  Bridge is loaded as
  ``bridge(use_double_dummy_result=false)`` so that a playout runs through
  the auction *and* the 52-card play instead of stopping after the auction
  with a double-dummy score.
* RLCard (pure Python): ``doudizhu``, ``uno`` and ``gin-rummy``.

Every playout starts from a fresh initial state and ends at a terminal
state.  The loop runs repeatedly until about ``seconds`` of wall time have
passed (a playout that has started is always finished, so the elapsed time
slightly exceeds ``seconds``).  Game construction is not timed; dealing and
every per-step cost of the library's public API are.

Counting:

* ``playouts``: complete games played.
* ``actions``: every action applied to the game.  For OpenSpiel this
  includes chance actions (each dealt card is one chance action); RLCard
  deals inside ``env.reset()`` so there it equals the player decisions.
* ``player_actions``: decisions made by players only (chance excluded), the
  figure most comparable across libraries.

Run as a script to print a JSON list of results for all games::

    python baselines.py --seconds 10
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import random
import time
from typing import Any

OPENSPIEL_GAMES: tuple[str, ...] = ("hearts", "bridge")
RLCARD_GAMES: tuple[str, ...] = ("doudizhu", "uno", "gin-rummy")

# OpenSpiel game strings used for each short game name.
_OPENSPIEL_LOAD_STRINGS: dict[str, str] = {
    "bridge": "bridge(use_double_dummy_result=false)",
}


def _dist_version(name: str) -> str:
    """Return the installed distribution version of ``name`` or ``"?"``."""
    try:
        return importlib.metadata.version(name)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def _result(
    library: str,
    game: str,
    playouts: int,
    actions: int,
    player_actions: int,
    elapsed: float,
) -> dict[str, Any]:
    """Build the result record shared by both measurement functions."""
    return {
        "library": library,
        "game": game,
        "playouts": playouts,
        "actions": actions,
        "player_actions": player_actions,
        "seconds": round(elapsed, 3),
        "playouts_per_s": round(playouts / elapsed, 1),
        "actions_per_s": round(actions / elapsed, 1),
        "player_actions_per_s": round(player_actions / elapsed, 1),
    }


def openspiel_random_playouts(
    game_name: str, seconds: float, seed: int, observe: bool = False
) -> dict[str, Any]:
    """Play uniformly random OpenSpiel games for about ``seconds`` of wall time.

    Args:
        game_name: short name, e.g. ``"hearts"`` or ``"bridge"`` (bridge is
            loaded without the double-dummy shortcut); any other string is
            passed to ``pyspiel.load_game`` unchanged.
        seconds: wall-time budget; the last started playout is completed.
        seed: seed of the ``random.Random`` that picks player and chance
            actions.
        observe: also take, at every decision, what a learning agent needs:
            the acting player's observation tensor and legal-actions mask
            (the work Majlis' environments always do).

    Returns:
        A dict with ``library``, ``game``, ``playouts``, ``actions`` (including
        chance actions), ``player_actions``, ``seconds`` and the per-second
        rates.
    """
    import pyspiel  # imported lazily so the RLCard side works without it

    game = pyspiel.load_game(_OPENSPIEL_LOAD_STRINGS.get(game_name, game_name))
    rng = random.Random(seed)
    playouts = actions = player_actions = 0
    # The agent's tensor: the observation where the game provides one (bridge), else the
    # information state (hearts provides only that).
    if game.get_type().provides_observation_tensor:
        tensor = lambda state, player: state.observation_tensor(player)  # noqa: E731
    else:
        tensor = lambda state, player: state.information_state_tensor(player)  # noqa: E731

    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()  # [(action, probability), ...]
                action = rng.choices(
                    [a for a, _ in outcomes], weights=[p for _, p in outcomes]
                )[0]
            else:
                # No simultaneous-move games are used here, so one player acts.
                if observe:
                    player = state.current_player()
                    tensor(state, player)
                    state.legal_actions_mask(player)
                action = rng.choice(state.legal_actions())
                player_actions += 1
            state.apply_action(action)
            actions += 1
        playouts += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start

    library = f"OpenSpiel {getattr(pyspiel, '__version__', None) or _dist_version('open_spiel')}"
    result = _result(library, game_name, playouts, actions, player_actions, elapsed)
    result["api"] = "Python, observations" if observe else "Python"
    return result


def rlcard_random_playouts(env_id: str, seconds: float, seed: int) -> dict[str, Any]:
    """Play uniformly random RLCard games for about ``seconds`` of wall time.

    Uses the plain step loop of the public environment API: ``env.reset()``,
    then ``env.step(action)`` with an action drawn from
    ``state["legal_actions"]`` until ``env.is_over()``.  This includes
    RLCard's per-step observation encoding, which is part of that API.

    Args:
        env_id: RLCard environment id, e.g. ``"doudizhu"``, ``"uno"``,
            ``"gin-rummy"``.
        seconds: wall-time budget; the last started playout is completed.
        seed: seed given to ``rlcard.make`` (dealing) and to the
            ``random.Random`` that picks actions.

    Returns:
        The same fields as :func:`openspiel_random_playouts`; ``actions``
        equals ``player_actions`` because RLCard deals inside ``reset``.
    """
    import rlcard  # imported lazily so the OpenSpiel side works without it

    env = rlcard.make(env_id, config={"seed": seed})
    rng = random.Random(seed)
    playouts = actions = 0

    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state, _player = env.reset()
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"]))
            state, _player = env.step(action)
            actions += 1
        playouts += 1
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start

    library = f"RLCard {getattr(rlcard, '__version__', None) or _dist_version('rlcard')}"
    return _result(library, env_id, playouts, actions, actions, elapsed)


def main(argv: list[str] | None = None) -> None:
    """Run every baseline and print the results as a JSON list."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per game")
    parser.add_argument("--seed", type=int, default=0, help="random seed")
    args = parser.parse_args(argv)

    results: list[dict[str, Any]] = []
    for name in OPENSPIEL_GAMES:
        results.append(openspiel_random_playouts(name, args.seconds, args.seed))
    for env_id in RLCARD_GAMES:
        results.append(rlcard_random_playouts(env_id, args.seconds, args.seed))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
