"""N environments of one seat stepped by Go worker threads in one call."""

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from . import _lib
from .env import config, shapes


class ChariotVectorEnv(VectorEnv):
    """``num_envs`` copies of ChariotEnv stepped together by ``workers`` Go
    threads in one call, with the GIL released; Go writes observations,
    masks, rewards and flags straight into the arrays returned.

    Auto-reset is Gymnasium's same-step mode: the step that ends an
    episode returns its reward and terminated/truncated, and the next
    episode's first observation and mask; the ended episode's last
    observation is row i of ``info["final_obs"]`` where
    ``info["_final_obs"][i]``. ``reset(seed=s)`` gives env i the seed s + i,
    and each later episode of env i the seed num_envs above its last, so
    one seed fixes every episode. An episode that ends before the seat's
    first decision is skipped. Arguments as ChariotEnv, and an illegal
    action raises ValueError naming the env, before any env steps.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, game="stnazaire", num_envs=64, *, workers=2, seat=0, data=None, others="random",
                 max_steps=0, features=False, action_features=False):
        self._handle = 0
        self._handle, self.game_info = _lib.new(
            "vec", config(game, seat, data, others, max_steps, features, action_features), num_envs, workers)
        info = self.game_info
        self.num_envs = num_envs
        self._actions = info["actions"]
        self._obs_shape, self._feat_shape = shapes(info, features, action_features)
        self.single_observation_space = gym.spaces.Box(-np.inf, np.inf, self._obs_shape, np.float32)
        self.single_action_space = gym.spaces.Discrete(self._actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._flags = np.zeros(2 * num_envs, np.uint8)

    def _buffers(self):
        n = self.num_envs
        obs = np.empty((n,) + self._obs_shape, np.float32)
        mask = np.empty((n, self._actions), np.bool_)
        feat = None if self._feat_shape is None else np.empty((n,) + self._feat_shape, np.float32)
        return obs, mask, feat

    def _info(self, mask, feat):
        info = {"action_mask": mask}
        if feat is not None:
            info["action_features"] = feat
        return info

    def reset(self, *, seed=None, options=None):
        if isinstance(seed, (list, tuple)):
            raise ValueError("chariot: give reset one seed; env i plays seed + i")
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**63))
        obs, mask, feat = self._buffers()
        _lib.check(_lib.lib().chariot_vec_reset(self._handle, int(seed), _lib.ptr(obs), _lib.ptr(mask), _lib.ptr(feat)))
        return obs, self._info(mask, feat)

    def step(self, actions):
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"chariot: {actions.shape} actions for {self.num_envs} envs")
        obs, mask, feat = self._buffers()
        final = np.empty_like(obs)
        reward = np.empty(self.num_envs, np.float64)
        _lib.check(_lib.lib().chariot_vec_step(
            self._handle, actions.ctypes.data, _lib.ptr(obs), _lib.ptr(final), _lib.ptr(mask), _lib.ptr(feat),
            reward.ctypes.data, self._flags.ctypes.data))
        n = self.num_envs
        terminated, truncated = self._flags[:n].astype(bool), self._flags[n:].astype(bool)
        info = self._info(mask, feat)
        ended = terminated | truncated
        if ended.any():
            info["final_obs"], info["_final_obs"] = final, ended
        return obs, reward, terminated, truncated, info

    def close_extras(self, **kwargs):
        _lib.close(self._handle)
        self._handle = 0

    def __del__(self):
        if getattr(self, "_handle", 0):
            _lib.close(self._handle)
            self._handle = 0
