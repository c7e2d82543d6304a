"""The PettingZoo AEC environment: PettingZoo's own api_test on every game,
its rule-driven sides opened as seats included."""

import numpy as np
import pytest
from pettingzoo.test import api_test

import chariot
from conftest import all_specs


@pytest.mark.parametrize("spec", all_specs())
def test_api_test(spec):
    env = chariot.aec(spec)
    api_test(env, num_cycles=1000)
    env.close()


def test_agents_are_seat_names():
    assert chariot.aec("anvil").possible_agents == ["Allied", "German"]
    assert chariot.aec("stnazaire:opponent=seat").possible_agents == ["British", "German"]
    assert chariot.aec("tictactoe").possible_agents == ["seat 0", "seat 1"]


def test_rewards_sum_to_the_result():
    env = chariot.aec("tictactoe")
    env.reset(seed=3)
    total = {a: 0.0 for a in env.possible_agents}
    rng = np.random.default_rng(3)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(action)
    # A zero-sum game: the two results are opposite, and someone moved last.
    assert total["seat 0"] == -total["seat 1"]


def test_one_seat_game_plays_as_the_gym_env():
    # Chance is drawn from the same seeded stream as env/gym's.
    for spec, seed in [("stnazaire", 5), ("jubilee", 2)]:
        gym_env, aec = chariot.make(spec), chariot.aec(spec)
        obs, info = gym_env.reset(seed=seed)
        aec.reset(seed=seed)
        seat = aec.possible_agents[0]
        rng = np.random.default_rng(seed)
        for _ in range(100):
            view = aec.observe(seat)
            np.testing.assert_array_equal(view["observation"], obs)
            np.testing.assert_array_equal(view["action_mask"].astype(bool), info["action_mask"])
            a = int(rng.choice(np.flatnonzero(info["action_mask"])))
            obs, r, term, trunc, info = gym_env.step(a)
            aec.step(a)
            if term:
                break
