"""The vectorised environment: the same episodes as single environments,
auto-reset in the same step, every env stepped by Go workers in one call."""

import numpy as np
import pytest
from gymnasium.vector import VectorEnv

import chariot


@pytest.mark.parametrize("spec,workers", [("tictactoe", 2), ("stnazaire", 2), ("pig:target=10", 3)])
def test_vector_replays_single_envs(spec, workers):
    n, seed = 5, 100
    vec = chariot.make_vec(spec, n, workers=workers)
    assert isinstance(vec, VectorEnv)
    singles = [chariot.make(spec) for _ in range(n)]
    episodes = [0] * n  # env i's k-th episode has seed seed + i + k*n
    obs, info = vec.reset(seed=seed)
    single_obs = [s.reset(seed=seed + i)[0] for i, s in enumerate(singles)]
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        np.testing.assert_array_equal(obs, np.stack(single_obs))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in info["action_mask"]])
        obs, reward, term, trunc, info = vec.step(actions)
        for i, s in enumerate(singles):
            o, r, t, u, _ = s.step(int(actions[i]))
            assert (r, t, u) == (reward[i], term[i], trunc[i])
            if t or u:
                np.testing.assert_array_equal(info["final_obs"][i], o)
                assert info["_final_obs"][i]
                episodes[i] += 1
                ended += 1
                o = s.reset(seed=seed + i + episodes[i] * n)[0]
            single_obs[i] = o
    assert ended >= n  # auto-reset was exercised


def test_vector_illegal_action_changes_nothing():
    vec, twin = chariot.make_vec("tictactoe", 3), chariot.make_vec("tictactoe", 3)
    vec.reset(seed=1)
    twin.reset(seed=1)
    _, _, _, _, info = vec.step(np.array([4, 4, 4]))
    twin.step(np.array([4, 4, 4]))
    legal = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    # Every seat 0 took b2 (action 4); env 1 tries it again.
    with pytest.raises(ValueError, match="^env 1: tictactoe: cell b2 is taken: illegal action$"):
        vec.step(np.array([legal[0], 4, legal[2]]))
    # No env moved: the next step goes as it goes in the twin that never
    # saw the refused one.
    got = vec.step(np.array(legal))
    want = twin.step(np.array(legal))
    for g, w in zip(got[:4], want[:4]):
        np.testing.assert_array_equal(g, w)
    np.testing.assert_array_equal(got[4]["action_mask"], want[4]["action_mask"])


def test_vector_features():
    vec = chariot.make_vec("stnazaire", 4, features=True, action_features=True)
    obs, info = vec.reset(seed=3)
    assert obs.shape == (4, len(vec.game_info["state_features"]))
    assert info["action_features"].shape == (4, vec.single_action_space.n, len(vec.game_info["action_features"]))
