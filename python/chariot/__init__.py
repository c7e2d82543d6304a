"""chariot from Python: Gymnasium and PettingZoo environments over chariot's
Go engine, loaded in process as a C shared library (cmd/libchariot).

    import chariot
    env = chariot.make("stnazaire")                  # gymnasium.Env, the British seat
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))
    aec = chariot.aec("tictactoe")                   # pettingzoo.AECEnv, every seat
    vec = chariot.make_vec("stnazaire", 64, workers=2)  # gymnasium.vector.VectorEnv

Every game is also registered with Gymnasium as "chariot/<game>-v0".
"""

import gymnasium

from ._lib import games
from .aec import ChariotAEC
from .env import ChariotEnv, seat_names
from .vector import ChariotVectorEnv

__all__ = ["ChariotAEC", "ChariotEnv", "ChariotVectorEnv", "aec", "games", "make", "make_vec", "seat_names"]


def make(game="stnazaire", **kwargs):
    """A Gymnasium environment of one seat of game (see ChariotEnv)."""
    return ChariotEnv(game, **kwargs)


def make_vec(game="stnazaire", num_envs=64, **kwargs):
    """num_envs environments stepped together in Go (see ChariotVectorEnv)."""
    return ChariotVectorEnv(game, num_envs, **kwargs)


def aec(game="tictactoe", **kwargs):
    """A PettingZoo AEC environment of every seat of game (see ChariotAEC)."""
    return ChariotAEC(game, **kwargs)


for _name in games():
    gymnasium.register(id=f"chariot/{_name}-v0", entry_point=ChariotEnv, kwargs={"game": _name})
