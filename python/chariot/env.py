"""Gymnasium's Env over one seat of a chariot game (Go's env/gym)."""

import ctypes
import json

import gymnasium as gym
import numpy as np

from . import _lib

_ILLEGAL = ("raise", "terminate")


def config(game, seat, data, others, max_steps, features, action_features):
    """The JSON config libchariot opens an environment from."""
    if not isinstance(game, str) or not game:
        raise ValueError(f"chariot: game must be a game spec such as 'stnazaire:turns=5', not {game!r}")
    if isinstance(seat, str):
        seats = seat_names(game, data)
        if seat not in seats:
            raise ValueError(f"chariot: {game} has no seat {seat!r} (seats: {', '.join(seats)})")
        seat = seats.index(seat)
    return json.dumps({
        "game": game, "data": data or "", "seat": int(seat), "others": others or "",
        "max_steps": int(max_steps), "features": bool(features), "action_features": bool(action_features),
    }).encode()


def shapes(info, features, action_features):
    """The shapes of one environment's observation and of its action features (None without them)."""
    obs = (info["obs_size"],) if features else tuple(info["observation_shape"])
    feat = (info["actions"], len(info["action_features"])) if action_features else None
    return obs, feat


def seat_names(game, data=None):
    """The seats of a game, as the printed game names them."""
    handle, info = _lib.new("table", game.encode(), (data or "").encode())
    _lib.close(handle)
    return info["seats"]


def episode_seed(env, seed):
    """The Go seed of an episode: the seed given, else one drawn from the
    env's own generator (seeded by the last seed given), so a seed fixes
    every later episode too."""
    if seed is not None:
        if not 0 <= int(seed) < 2**64:
            raise ValueError(f"chariot: seed {seed} is not in 0 to 2**64-1")
        return int(seed)
    return int(env.np_random.integers(0, 2**63))


class ChariotEnv(gym.Env):
    """One seat of a chariot game as a Gymnasium environment.

    The Go engine plays everything between the seat's decisions: chance
    from the episode's seeded stream, the other seats by the agent
    ``others`` (seeded by the episode's seed), as Go's env/gym does, so the
    same seed and actions give the same game as env/gym in Go.

    Arguments: ``game`` a game spec as on chariot's command line
    ("stnazaire:turns=5"); ``seat`` a seat number or name; ``data`` as
    chariot's --data; ``others`` an agent spec ("random", "aggressive",
    "learned:model=FILE") for the other seats of a game with several;
    ``max_steps`` truncates an episode (0: never); ``features`` makes the
    observation the seat's learning features (St. Nazaire's British
    features, env.Featurer) instead of its observation tensor;
    ``action_features`` adds ``info["action_features"]``, an actions ×
    features array with a row for each legal action (zero elsewhere);
    ``illegal`` is what an illegal action does: "raise" (ValueError with the
    game's message, nothing changes) or "terminate" (the episode ends with
    reward 0 and the message in ``info["illegal_action"]``, for tools such
    as Gymnasium's check_env that sample actions without the mask).

    ``info["action_mask"]`` is a bool array, True for the legal actions.
    """

    metadata = {"render_modes": []}

    def __init__(self, game="stnazaire", *, seat=0, data=None, others="random", max_steps=0,
                 features=False, action_features=False, illegal="raise"):
        self._handle = 0
        if illegal not in _ILLEGAL:
            raise ValueError(f"chariot: illegal={illegal!r}: one of {', '.join(_ILLEGAL)}")
        self._handle, self.game_info = _lib.new(
            "env", config(game, seat, data, others, max_steps, features, action_features))
        info = self.game_info
        self._illegal = illegal
        self._actions = info["actions"]
        self._obs_shape, self._feat_shape = shapes(info, features, action_features)
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, self._obs_shape, np.float32)
        self.action_space = gym.spaces.Discrete(self._actions)
        self._obs_rows = _lib.Rows(self._obs_shape, np.float32)
        self._mask_rows = _lib.Rows((self._actions,), np.bool_)
        self._feat_rows = None if self._feat_shape is None else _lib.Rows(self._feat_shape, np.float32, 16)
        self._reward, self._flags = ctypes.c_double(), (ctypes.c_uint8 * 2)()
        self._reward_ref, self._flags_ref = ctypes.byref(self._reward), ctypes.byref(self._flags)
        self._step_fn = _lib.lib().chariot_env_step
        self._last_obs, self._over = None, False

    @property
    def seat_name(self):
        return self.game_info["seats"][self.game_info["seat"]]

    def _buffers(self):
        """New arrays for Go to write the next view into, and their addresses."""
        obs, obs_p = self._obs_rows.take()
        mask, mask_p = self._mask_rows.take()
        feat, feat_p = (None, None) if self._feat_rows is None else self._feat_rows.take()
        return obs, mask, feat, obs_p, mask_p, feat_p

    def _info(self, mask, feat):
        info = {"action_mask": mask}
        if feat is not None:
            info["action_features"] = feat
        return info

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        obs, mask, feat, obs_p, mask_p, feat_p = self._buffers()
        ret, running = ctypes.c_double(), ctypes.c_uint8()
        _lib.check(_lib.lib().chariot_env_reset(
            self._handle, episode_seed(self, seed), obs_p, mask_p, feat_p, ctypes.byref(ret), ctypes.byref(running)))
        self._last_obs, self._over = obs, False
        info = self._info(mask, feat)
        if not running.value:
            # The game ended before the seat's first decision.
            info["episode_over"], info["return"] = True, ret.value
        return obs, info

    def step(self, action):
        if self._over:
            raise ValueError("chariot: step after an illegal action ended the episode: call reset")
        obs, mask, feat, obs_p, mask_p, feat_p = self._buffers()
        err = self._step_fn(self._handle, int(action), obs_p, mask_p, feat_p, self._reward_ref, self._flags_ref)
        try:
            _lib.check(err)
        except ValueError as e:
            if self._illegal != "terminate" or "illegal action" not in str(e):
                raise
            mask[:] = False
            info = self._info(mask, None if feat is None else np.zeros_like(feat))
            info["illegal_action"] = str(e)
            # The Go episode still runs (an illegal action changes nothing);
            # this episode is over for the caller all the same.
            self._over = True
            return self._last_obs.copy(), 0.0, True, False, info
        self._last_obs = obs
        return obs, self._reward.value, bool(self._flags[0]), bool(self._flags[1]), self._info(mask, feat)

    def save_policy(self, net, path, training=None, metrics=None):
        """Save a policy network as a chariot model file that
        ``chariot bench --agents learned:model=PATH`` plays: ``net`` is
        model.Net's layout (Mean, Std, Layers of In, Out, W row-major In ×
        Out, B; OutScale, OutShift), scoring each legal action from its
        action features. The Go side checks it as bench will."""
        doc = {"net": net, "training": training or {}, "metrics": metrics or []}
        _lib.check(_lib.lib().chariot_save_policy(self._handle, json.dumps(doc).encode(), str(path).encode()))

    def close(self):
        _lib.close(self._handle)
        self._handle = 0

    def __del__(self):
        _lib.close(getattr(self, "_handle", 0))
