"""Every entry point of libchariot turns a Go error into a Python exception,
and the interpreter keeps running."""

import numpy as np
import pytest

import chariot
from chariot import _lib


def test_illegal_action_is_value_error_with_the_games_message():
    env = chariot.make("tictactoe")
    _, info = env.reset(seed=1)
    env.step(4)
    with pytest.raises(ValueError) as e:
        env.step(4)
    # tictactoe's own one-line message, without the wrappers' prefixes.
    assert str(e.value) == "tictactoe: cell b2 is taken: illegal action"
    # Nothing changed: the seat plays on.
    _, info = env.reset(seed=1)
    assert info["action_mask"].sum() == 9


def test_illegal_action_out_of_range():
    env = chariot.make("stnazaire")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(100000)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(-1)


def test_illegal_terminate():
    env = chariot.make("stnazaire", illegal="terminate")
    obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(~info["action_mask"])[0])
    obs2, r, term, trunc, info2 = env.step(bad)
    assert term and not trunc and r == 0.0 and "illegal action" in info2["illegal_action"]
    np.testing.assert_array_equal(obs, obs2)
    with pytest.raises(ValueError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("kwargs,message", [
    (dict(game="nosuchgame"), "nosuchgame"),
    (dict(game="stnazaire:turns=banana"), "turns"),
    (dict(game="stnazaire:nosuchoption=1"), "nosuchoption"),
    (dict(game="stnazaire", data="/nonexistent/map.json"), "nonexistent"),
    (dict(game="stnazaire", seat=3), "seat 3"),
    (dict(game="tictactoe", others="nosuchagent"), "nosuchagent"),
    (dict(game="tictactoe", others=None), "others"),
    (dict(game="stnazaire", max_steps=-1), "max_steps"),
    (dict(game="stnazaire", illegal="ignore"), "illegal"),
])
def test_env_new_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        chariot.make(**kwargs)


def test_step_without_episode():
    env = chariot.make("tictactoe")
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_step_after_end():
    env = chariot.make("chancewalk")
    _, info = env.reset(seed=1)
    term = trunc = False
    while not (term or trunc):
        _, _, term, trunc, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    with pytest.raises(ValueError, match="reset"):
        env.step(0)


def test_closed_handles():
    env = chariot.make("pig")
    env.close()
    with pytest.raises(ValueError, match="closed"):
        env.reset(seed=1)
    with pytest.raises(ValueError, match="closed"):
        env.step(0)
    with pytest.raises(ValueError, match="closed"):
        env.save_policy({}, "/tmp/never.json")
    aec = chariot.aec("pig")
    aec.close()
    with pytest.raises(ValueError, match="closed"):
        aec.reset(seed=1)
    with pytest.raises(ValueError, match="closed"):
        aec.observe("seat 0")
    with pytest.raises(ValueError, match="closed"):
        _lib.check(_lib.lib().chariot_table_apply(aec._handle, 0))
    vec = chariot.make_vec("pig", 2)
    vec.close()
    with pytest.raises(ValueError, match="closed"):
        vec.reset(seed=1)
    with pytest.raises(ValueError, match="closed"):
        vec.step(np.zeros(2, np.int64))


def test_table_errors():
    with pytest.raises(ValueError, match="nosuchgame"):
        chariot.aec("nosuchgame")
    aec = chariot.aec("tictactoe")
    with pytest.raises(ValueError, match="reset"):
        _lib.check(_lib.lib().chariot_table_apply(aec._handle, 0))
    aec.reset(seed=1)
    aec.step(4)
    with pytest.raises(ValueError, match="cell b2 is taken"):
        aec.step(4)
    with pytest.raises(ValueError, match="seat 5"):
        aec._view(5)


def test_vector_errors():
    with pytest.raises(ValueError, match="at least 1"):
        chariot.make_vec("pig", 0)
    with pytest.raises(ValueError, match="nosuchgame"):
        chariot.make_vec("nosuchgame", 2)
    vec = chariot.make_vec("tictactoe", 3, workers=2)
    with pytest.raises(ValueError, match="before reset"):
        vec.step(np.zeros(3, np.int64))
    vec.reset(seed=1)
    vec.step(np.array([0, 1, 2]))
    obs, info = vec.reset(seed=1)
    vec.step(np.array([4, 4, 4]))
    with pytest.raises(ValueError, match="actions for 3 envs"):
        vec.step(np.array([0, 1]))


def test_save_policy_errors(tmp_path):
    env = chariot.make("stnazaire", features=True, action_features=True)
    with pytest.raises(ValueError, match="policy"):
        env.save_policy({"Mean": [0.0], "Std": [1.0], "Layers": []}, tmp_path / "p.json")
    _lib.lib()
    with pytest.raises(ValueError, match="policy"):
        _lib.check(_lib.lib().chariot_save_policy(env._handle, b"{not json", str(tmp_path / "p.json").encode()))
    assert not (tmp_path / "p.json").exists()


def test_nil_result_pointer_is_refused():
    # Go checks its result pointers rather than fault on nil (a panic is
    # recovered as RuntimeError: TestPanicBecomesRuntimeError in Go); the
    # interpreter keeps running.
    env = chariot.make("pig")
    with pytest.raises(ValueError, match="nil result pointer"):
        _lib.check(_lib.lib().chariot_env_reset(env._handle, 1, None, None, None, None, None))
    with pytest.raises(ValueError, match="nil result pointer"):
        _lib.check(_lib.lib().chariot_env_step(env._handle, 0, None, None, None, None, None))
    with pytest.raises(ValueError, match="nil result pointer"):
        _lib.check(_lib.lib().chariot_games(None))
    obs, info = env.reset(seed=1)
    assert info["action_mask"].any()


def test_games_lists_every_game():
    assert {"stnazaire", "jubilee", "skirmish", "anvil", "ahraid", "pig", "tictactoe", "connectfour",
            "chancewalk"} <= set(chariot.games())
