"""The Python package against the engines: the AEC environments of every game and table size,
masks, observations blind to hidden cards, records, bots, the solver, the batch API, the arena,
and PettingZoo's own API test."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from pettingzoo.test import api_test

import majlis

# Every game and table size, with a few hands each so that the suite stays quick.
CONFIGS = [
    ("kout6", None),
    ("kout4", None),
    ("baloot", None),
    ("baloot", {"preset": "seed"}),
    ("baloot", {"preset": "saudi_full"}),
] + [("kabul", {"players": n, "target_score": 60}) for n in range(2, 7)]

IDS = [f"{g}-{json.dumps(r, sort_keys=True)}" if r else g for g, r in CONFIGS]


def next_parts(core: majlis.Game, seat: int) -> list:
    """The next decisions the engine's legal actions allow after those already taken."""
    pending = core.pending()
    k = len(pending)
    return sorted({p[k] for p in core.legal_parts(seat) if p[:k] == pending and len(p) > k})


@pytest.mark.parametrize("game,rules", CONFIGS, ids=IDS)
def test_random_play_through_the_aec_api_ends_with_masks_equal_to_the_legal_actions(game, rules):
    env = majlis.env(game, rules=rules, max_hands=3)
    core = env.unwrapped.core
    rng = np.random.default_rng(7)
    for episode in range(2):
        env.reset(seed=episode)
        steps = 0
        for agent in env.agent_iter(max_iter=100_000):
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            seat = env.unwrapped.agent_name_mapping[agent]
            mask = obs["action_mask"]
            assert mask.dtype == np.int8 and obs["observation"].dtype == np.float32
            legal = np.flatnonzero(mask).tolist()
            assert legal == next_parts(core, seat), f"{game} step {steps}: the mask is not the legal actions"
            assert all(p for p in core.legal_parts(seat)), "every legal action is in the action space"
            env.step(int(rng.choice(legal)))
            steps += 1
        assert not env.agents, "every agent left at the end"
        assert core.terminated or core.truncated
        assert steps > 0


def test_an_illegal_action_raises_and_changes_nothing():
    env = majlis.raw_env("kout4")
    env.reset(seed=3)
    core = env.core
    seat = core.agent()
    before = core.view_json(seat)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    with pytest.raises(IndexError):
        env.step(10_000)
    assert core.view_json(seat) == before
    assert env.agent_selection == f"player_{seat}" and core.agent() == seat
    with pytest.raises(ValueError):
        majlis.env("chess")
    with pytest.raises(ValueError):
        majlis.env("kabul", rules={"players": 9})


def shuffle_hidden(record: dict, hidden: set, rng: random.Random) -> dict:
    """The record with the cards of `hidden` dealt again among their places in the first deck."""
    out = json.loads(json.dumps(record))
    deck = out["hands"][0]["deck"]
    places = [i for i, c in enumerate(deck) if c in hidden]
    moved = [deck[i] for i in places]
    rng.shuffle(moved)
    for i, c in zip(places, moved):
        deck[i] = c
    return out


@pytest.mark.parametrize("game,rules", [("kout6", None), ("kout4", None), ("baloot", None), ("kabul", {"players": 4})])
def test_a_seats_observation_does_not_change_when_only_cards_hidden_from_it_do(game, rules):
    rng = random.Random(5)
    compared = 0
    for trial in range(120):
        core = majlis.Game(game, json.dumps(rules) if rules else None, trial)
        for _ in range(rng.randrange(40)):
            seat = core.agent()
            if seat is None or core.hands > 1:
                break
            core.step(rng.choice(core.legal_indices(seat)))
        if core.agent() is None or core.hands > 1 or core.pending():
            continue
        seat = rng.randrange(core.seats)
        record = json.loads(core.record_json())
        other_text = json.dumps(shuffle_hidden(record, set(core.hidden_cards(seat)), rng))
        try:
            other = majlis.Game.from_record(other_text)
        except ValueError:
            continue  # a past play is illegal with the new cards (a follower held the led suit)
        if other.view_json(None) != core.view_json(None):
            continue  # the hidden cards changed what everyone sees (a project's type): not only hidden
        assert np.array_equal(core.observe(seat), other.observe(seat)), f"{game} trial {trial}, seat {seat}"
        assert json.loads(core.view_json(seat)) == json.loads(other.view_json(seat))
        compared += 1
    assert compared >= 20, f"only {compared} deals compared"


@pytest.mark.parametrize("game,rules", CONFIGS, ids=IDS)
def test_a_record_round_trips_and_replays_to_the_same_end(game, rules):
    env = majlis.raw_env(game, rules=rules, max_hands=2)
    env.reset(seed=11)
    rng = np.random.default_rng(11)
    for agent in env.agent_iter(max_iter=100_000):
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    record = env.record()
    again = majlis.Record.parse(record.to_json())
    assert again == record and again.game == game and again.players == env.possible_agents
    report = again.replay()
    assert report["score"] == env.core.score()
    assert report["finished"] == env.core.terminated
    seat_view = again.replay(seat=0)
    assert seat_view["score"] == env.core.score()
    copy = majlis.Game.from_record(again.to_json(), max_hands=2)
    assert copy.score() == env.core.score() and copy.hands == env.core.hands
    assert copy.agent() is None and (copy.terminated, copy.truncated) == (env.core.terminated, env.core.truncated)


def test_malformed_records_raise_clear_errors():
    with pytest.raises(ValueError, match="unknown game"):
        majlis.Record.parse('{"game": "chess", "hands": []}')
    with pytest.raises(ValueError):
        majlis.Record.parse("{not json")
    fresh = majlis.Record.deal("baloot", seed=4).to_dict()
    fresh["hands"][0]["actions"] = [[0, "play AS"], [1, "fly"]]
    with pytest.raises(ValueError):
        majlis.Record(fresh).replay()


def test_rewards_per_hand_sum_to_the_score_and_per_match_name_the_winners():
    env = majlis.raw_env("kout4")
    env.reset(seed=2)
    bot = majlis.Bot("heuristic", seed=1)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else bot.choose(env))
    score = env.core.score()
    assert totals["player_0"] == score[0] - score[1] == -totals["player_1"]

    env = majlis.raw_env("kout4", reward="match")
    env.reset(seed=2)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        _, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        env.step(None if terminated or truncated else bot.choose(env))
    winners = env.core.winners()
    assert sorted(winners) in ([0, 2], [1, 3])
    assert all(totals[f"player_{s}"] == (1.0 if s in winners else -1.0) for s in range(4))


def test_bots_play_from_their_seats_view_and_strong_bots_take_a_budget():
    for spec in ["random", "heuristic", "strong:ms=5", "easy"]:
        env = majlis.env("baloot", max_hands=1)
        env.reset(seed=9)
        bot = majlis.Bot(spec, seed=2)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = bot.choose(env)
            assert obs["action_mask"][action] == 1
            env.step(action)
    with pytest.raises(ValueError, match="unknown bot"):
        majlis.Bot("grandmaster")
    # Kabul: a switch takes the bot two decisions, both legal.
    env = majlis.env("kabul", rules={"players": 3, "target_score": 50})
    env.reset(seed=1)
    bot = majlis.Bot("heuristic", seed=1)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else bot.choose(env))


def test_the_solver_values_every_legal_card_in_the_trick_play():
    game = majlis.Game("baloot", None, 5)
    bot = majlis.Bot("heuristic", seed=5)
    assert majlis.solve(game) is None  # bidding
    while game.agent() is not None and not game.legal_actions(game.agent())[0].startswith("play"):
        game.step(bot.choose(game))
    values = majlis.solve(game)
    assert values is not None
    legal = {a.split()[1] for a in game.legal_actions(game.agent()) if a.startswith("play")}
    assert set(values) == legal
    assert all(0 <= v <= 260 for v in values.values())
    # The same position from its record.
    record = majlis.Record.parse(game.record_json())
    assert majlis.solve(record) == values


def test_the_type_stubs_name_what_the_extension_holds():
    import ast
    from pathlib import Path

    stub = ast.parse((Path(majlis.__file__).parent / "_majlis.pyi").read_text())
    for node in stub.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            assert hasattr(majlis._majlis, node.name), node.name
        if isinstance(node, ast.ClassDef):
            cls = getattr(majlis._majlis, node.name)
            stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)} - {"__init__"}
            actual = {n for n in dir(cls) if not n.startswith("_")}
            assert stubbed == actual, f"{node.name}: stubs {sorted(stubbed ^ actual)}"


def test_the_batch_api_plays_random_matches_and_refuses_illegal_actions():
    batch = majlis.BatchEnv("kabul", 16, rules={"players": 6, "target_score": 40}, seed=3)
    obs, masks, agents = batch.reset()
    assert obs.shape == (16, batch.observation_len) and masks.shape == (16, batch.action_count)
    assert (masks.sum(axis=1) > 0).all() and (agents >= 0).all()
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(2000):
        actions = batch.random_actions(rng)
        assert (masks[np.arange(16), actions] == 1).all()
        obs, masks, agents, rewards, dones = batch.step(actions)
        ended += int(dones.sum())
        assert (masks.sum(axis=1) > 0).all()
    assert ended > 0, "matches end and are reset"
    before = obs.copy()
    bad = batch.random_actions(rng)
    bad[3] = int(np.flatnonzero(masks[3] == 0)[0])
    with pytest.raises(ValueError, match="match 3"):
        batch.step(bad)
    assert np.array_equal(before, batch.observations), "a refused step moves no match"


def test_the_batch_equals_single_environments():
    batch = majlis.BatchEnv("baloot", 4, seed=8, max_hands=2)
    obs, masks, agents = batch.reset()
    rng = np.random.default_rng(4)
    for _ in range(200):
        obs, masks, agents, rewards, dones = batch.step(batch.random_actions(rng))
    # Replaying match 0's decisions on a fresh batch gives the same arrays.
    again = majlis.BatchEnv("baloot", 4, seed=8, max_hands=2)
    again.reset()
    rng = np.random.default_rng(4)
    for _ in range(200):
        again.step(again.random_actions(rng))
    assert np.array_equal(again.observations, obs) and np.array_equal(again.masks, masks)


def test_a_random_python_policy_loses_to_the_heuristic_in_the_arena():
    rng = np.random.default_rng(0)

    def random_policy(observation):
        return int(rng.choice(np.flatnonzero(observation["action_mask"])))

    summary = majlis.arena("baloot", random_policy, opponent="heuristic", matches=6, seed=1, max_hands=8)
    assert summary["bots"] == ["policy", "heuristic"] and summary["matches"] == 6
    assert summary["ci95"][1] < 0, summary
    builtin = majlis.arena("kout4", "random", opponent="heuristic", matches=4, seed=1, max_hands=6)
    assert builtin["bots"] == ["random", "heuristic"] and builtin["mean_diff"] < 0

    def broken(observation):
        raise RuntimeError("no idea")

    with pytest.raises(RuntimeError, match="no idea"):
        majlis.arena("kout4", broken, matches=1)


@pytest.mark.parametrize("game,rules", CONFIGS, ids=IDS)
def test_pettingzoo_api(game, rules):
    api_test(majlis.env(game, rules=rules, max_hands=2), num_cycles=400, verbose_progress=False)
