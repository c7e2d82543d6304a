"""PettingZoo's AEC environment over a chariot game, every seat deciding."""

import ctypes

import gymnasium as gym
import numpy as np
from pettingzoo import AECEnv

from . import _lib
from .env import episode_seed

_TERMINAL = -2


class ChariotAEC(AECEnv):
    """A chariot game with every seat an agent, named as the printed game
    names its seats ("Allied", "German"; "seat 0" where it names none).
    Chance is drawn inside, from the episode's seeded stream as Go's env/gym
    draws it. A game whose rules play a side (St. Nazaire's Germans) has
    that side as a seat with its option opponent=seat
    ("stnazaire:opponent=seat"). Observations are
    ``{"observation": float32 array, "action_mask": int8 array}``; an
    agent's reward is the change in its return (Go's Returns) since its
    previous reward, so a game's rewards sum to its final result.
    """

    metadata = {"render_modes": [], "name": "chariot", "is_parallelizable": False}

    def __init__(self, game="tictactoe", *, data=None):
        super().__init__()
        self._handle = 0
        self._handle, self.game_info = _lib.new("table", game.encode(), (data or "").encode())
        info = self.game_info
        self.possible_agents = list(info["seats"])
        self._actions = info["actions"]
        self._obs_shape = tuple(info["observation_shape"])
        space = gym.spaces.Dict({
            "observation": gym.spaces.Box(-np.inf, np.inf, self._obs_shape, np.float32),
            "action_mask": gym.spaces.Box(0, 1, (self._actions,), np.int8),
        })
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: gym.spaces.Discrete(self._actions) for a in self.possible_agents}
        self._returns = np.zeros(len(self.possible_agents))
        self._current = ctypes.c_int64()
        self._np_random = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        if seed is not None or self._np_random is None:
            self._np_random, _ = gym.utils.seeding.np_random(seed)
        _lib.check(_lib.lib().chariot_table_reset(self._handle, episode_seed(self, seed)))
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        # PettingZoo has no reward at reset: a return the opening chance
        # gave comes with the first step's rewards, as env/gym gives it.
        self._returns[:] = 0
        self._refresh(rewards=False)

    @property
    def np_random(self):
        return self._np_random

    def _view(self, seat, obs=None, mask=None, returns=None):
        _lib.check(_lib.lib().chariot_table_view(
            self._handle, seat, _lib.ptr(obs), _lib.ptr(mask), _lib.ptr(returns), ctypes.byref(self._current)))
        return self._current.value

    def _refresh(self, rewards=True):
        """Read whose turn it is and each seat's reward since the last."""
        returns = np.zeros_like(self._returns)
        current = self._view(0, returns=returns)
        if rewards:
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i] - self._returns[i])
            self._returns = returns
        if current == _TERMINAL:
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[current]

    def observe(self, agent):
        obs = np.empty(self._obs_shape, np.float32)
        mask = np.empty(self._actions, np.int8)
        self._view(self.possible_agents.index(agent), obs, mask)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        if action is None:
            raise ValueError(f"chariot: {agent} to act, and the action is None")
        _lib.check(_lib.lib().chariot_table_apply(self._handle, int(action)))
        self._refresh()
        self._accumulate_rewards()

    def close(self):
        _lib.close(self._handle)
        self._handle = 0

    def __del__(self):
        _lib.close(getattr(self, "_handle", 0))
