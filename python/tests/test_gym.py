"""The Gymnasium environment: Gymnasium's own checker on every game and
seat, and the same game as Go's env/gym step for step."""

import hashlib
import json
import os
import subprocess

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import chariot
from conftest import REPO, spec_seats


@pytest.mark.parametrize("spec,seat", spec_seats())
def test_check_env(spec, seat):
    # check_env samples actions without the mask, so an illegal one ends
    # the episode instead of raising (illegal="terminate"); made through
    # gymnasium.make for its spec, so the checker's determinism checks run.
    env = gymnasium.make(f"chariot/{spec.split(':')[0]}-v0", game=spec, seat=seat, illegal="terminate").unwrapped
    assert env.spec is not None
    check_env(env, skip_render_check=True)
    env.close()


@pytest.mark.parametrize("spec", chariot.games())
def test_registered(spec):
    env = gymnasium.make(f"chariot/{spec}-v0")
    obs, info = env.reset(seed=1)
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].dtype == np.bool_ and info["action_mask"].any()
    env.close()


def play(env, seed, rng, steps):
    """Play from reset(seed) with actions drawn from the mask; the trace as
    the Go command prints it, and the actions."""
    obs, info = env.reset(seed=seed)
    trace = [step_line(obs, info, 0.0, False, False)]
    actions = []
    for _ in range(steps):
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, r, term, trunc, info = env.step(a)
        actions.append(a)
        trace.append(step_line(obs, info, r, term, trunc))
        if term or trunc:
            break
    return trace, actions


def step_line(obs, info, reward, term, trunc):
    return {"obs": hashlib.sha256(np.ascontiguousarray(obs, dtype="<f4").tobytes()).hexdigest(),
            "legal": np.flatnonzero(info["action_mask"]).tolist(), "reward": reward,
            "terminated": term, "truncated": trunc}


@pytest.mark.parametrize("spec,seat,others,seed", [
    ("tictactoe", 1, "random", 5),
    ("pig", 0, "random", 11),
    ("connectfour", 0, "random", 2),
    ("stnazaire", 0, "", 2026),
    ("stnazaire:opponent=seat", 1, "aggressive", 9),
    ("jubilee", 0, "", 77),
    ("ahraid", 0, "", 3),
    ("skirmish", 0, "", 4),
    ("anvil", 0, "withdrawal", 8),
    ("chancewalk", 0, "", 1),
])
def test_same_game_as_go(trace_cmd, spec, seat, others, seed):
    env = chariot.make(spec, seat=seat, others=others or None, max_steps=300)
    trace, actions = play(env, seed, np.random.default_rng(seed), 300)
    assert len(actions) > 1
    go = subprocess.run([trace_cmd, "--game", spec, "--seat", str(seat), "--others", others, "--max-steps", "300",
                         "--seed", str(seed)], input="".join(f"{a}\n" for a in actions),
                        capture_output=True, text=True, check=True)
    go_trace = [json.loads(line) for line in go.stdout.splitlines()]
    for line in go_trace:
        line["legal"] = line["legal"] or []
    assert len(go_trace) == len(trace)
    for i, (py, g) in enumerate(zip(trace, go_trace)):
        assert py == g, f"step {i} differs"


def test_seed_fixes_episode():
    a, b = chariot.make("stnazaire"), chariot.make("stnazaire")
    ta, _ = play(a, 42, np.random.default_rng(0), 50)
    tb, _ = play(b, 42, np.random.default_rng(0), 50)
    tc, _ = play(b, 43, np.random.default_rng(0), 50)
    assert ta == tb and ta != tc


def test_features():
    env = chariot.make("stnazaire", features=True, action_features=True)
    obs, info = env.reset(seed=1)
    assert obs.shape == (len(env.game_info["state_features"]),)
    feat, mask = info["action_features"], info["action_mask"]
    assert feat.shape == (env.action_space.n, len(env.game_info["action_features"]))
    assert not feat[~mask].any() and feat[mask].any()
    assert env.game_info["encoder"] == "stnazaire"


def test_seat_by_name():
    env = chariot.make("stnazaire:opponent=seat", seat="German", others="aggressive")
    assert env.seat_name == "German"
    with pytest.raises(ValueError, match="no seat 'Germans'"):
        chariot.make("stnazaire:opponent=seat", seat="Germans")


def test_arrays_returned_are_never_overwritten():
    # Go writes each step into arrays cut from blocks: one the caller
    # keeps must stay as it was.
    env = chariot.make("tictactoe")
    obs, info = env.reset(seed=1)
    kept, kept_copy = obs, obs.copy()
    mask, mask_copy = info["action_mask"], info["action_mask"].copy()
    rng = np.random.default_rng(1)
    for _ in range(3000):
        legal = np.flatnonzero(info["action_mask"])
        obs, _, term, trunc, info = env.step(legal[rng.integers(len(legal))])
        if term or trunc:
            obs, info = env.reset()
    np.testing.assert_array_equal(kept, kept_copy)
    np.testing.assert_array_equal(mask, mask_copy)


def test_data_as_on_the_command_line():
    # --data default is the embedded set, the same game as leaving it out;
    # a data file is read as chariot reads it (here the embedded set's own
    # file, so the game is the same too).
    path = os.path.join(REPO, "env", "stnazaire", "data", "default.json")
    plain, _ = play(chariot.make("stnazaire"), 5, np.random.default_rng(5), 40)
    for data in ["default", path]:
        env = chariot.make("stnazaire", data=data)
        assert play(env, 5, np.random.default_rng(5), 40)[0] == plain
    assert "data=" + path in chariot.make("stnazaire", data=path).game_info["game"]
