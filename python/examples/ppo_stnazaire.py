"""Train in PyTorch, play in chariot: a masked PPO agent on St. Nazaire's
British features, saved as a chariot policy model.

The policy scores each legal action from its action features (the same
features chariot's learned agent reads), softmax over the legal actions;
the value reads the state features. Both see their inputs standardised by
means and spreads fixed from a short random warm-up, which the saved
network records, so that chariot plays exactly the network trained:

    PYTHONPATH=../shared/third_party/python nice -n 10 /usr/bin/python3 python/examples/ppo_stnazaire.py \\
        --updates 60 --out ppo.json --curve python/examples/ppo_stnazaire_curve.csv
    go run ./cmd/chariot bench --game stnazaire --agents learned:model=ppo.json,aggressive --games 200 --seed 8181
"""

import argparse
import csv
import os
import sys
import time

import numpy as np
import torch
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import chariot  # noqa: E402


def mlp(inputs, hidden):
    layers, width = [], inputs
    for h in hidden:
        layers += [nn.Linear(width, h), nn.ReLU()]
        width = h
    return nn.Sequential(*layers, nn.Linear(width, 1))


def spread(x):
    """Means and spreads of rows x; a constant feature gets spread 1."""
    mean, std = x.mean(0), x.std(0)
    return mean, torch.where(std > 1e-6, std, torch.ones_like(std))


class Agent(nn.Module):
    def __init__(self, state_n, action_n, hidden):
        super().__init__()
        self.policy, self.value = mlp(action_n, hidden), mlp(state_n, hidden)
        self.register_buffer("a_mean", torch.zeros(action_n))
        self.register_buffer("a_std", torch.ones(action_n))
        self.register_buffer("s_mean", torch.zeros(state_n))
        self.register_buffer("s_std", torch.ones(state_n))

    def logits(self, feats, mask):
        """Masked logits: the policy's score of each legal action."""
        out = torch.full(mask.shape, -1e9)
        out[mask] = self.policy((feats[mask] - self.a_mean) / self.a_std).squeeze(-1)
        return out

    def v(self, obs):
        return self.value((obs - self.s_mean) / self.s_std).squeeze(-1)

    def chariot_net(self):
        """The policy in chariot's model.Net layout (train/model/net.go)."""
        layers = [m for m in self.policy if isinstance(m, nn.Linear)]
        return {
            "Mean": self.a_mean.tolist(), "Std": self.a_std.tolist(), "OutScale": 1.0, "OutShift": 0.0,
            "Layers": [{"In": m.in_features, "Out": m.out_features, "W": m.weight.detach().T.reshape(-1).tolist(),
                        "B": m.bias.detach().tolist()} for m in layers],
        }


def main():
    p = argparse.ArgumentParser(description="masked PPO on St. Nazaire's British features")
    p.add_argument("--updates", type=int, default=60)
    p.add_argument("--envs", type=int, default=32)
    p.add_argument("--steps", type=int, default=64, help="steps of every env a rollout")
    p.add_argument("--epochs", type=int, default=4)
    p.add_argument("--minibatch", type=int, default=512)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--hidden", type=int, nargs="+", default=[64, 64])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="ppo.json", help="chariot policy model file")
    p.add_argument("--curve", default="", help="CSV of the learning curve")
    a = p.parse_args()
    torch.manual_seed(a.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(a.seed)

    vec = chariot.make_vec("stnazaire", a.envs, workers=2, features=True, action_features=True)
    info = vec.game_info
    agent = Agent(len(info["state_features"]), len(info["action_features"]), a.hidden)
    opt = torch.optim.Adam(agent.parameters(), lr=a.lr, eps=1e-5)

    # Fix the standardisation from a random warm-up.
    obs, inf = vec.reset(seed=a.seed)
    s_rows, a_rows = [], []
    for _ in range(50):
        s_rows.append(obs)
        a_rows.append(inf["action_features"][inf["action_mask"]])
        keys = rng.random(inf["action_mask"].shape)
        keys[~inf["action_mask"]] = -1
        obs, _, _, _, inf = vec.step(keys.argmax(1))
    agent.s_mean, agent.s_std = spread(torch.from_numpy(np.concatenate(s_rows)))
    agent.a_mean, agent.a_std = spread(torch.from_numpy(np.concatenate(a_rows)))

    obs, inf = vec.reset(seed=a.seed + 1_000_000)
    ep_return, finished = np.zeros(a.envs), []
    curve = []
    start = time.process_time()
    for update in range(1, a.updates + 1):
        buf = {k: [] for k in ("obs", "feats", "mask", "act", "logp", "val", "rew", "done")}
        for _ in range(a.steps):
            o, f, m = torch.from_numpy(obs), torch.from_numpy(inf["action_features"]), torch.from_numpy(inf["action_mask"])
            with torch.no_grad():
                dist = torch.distributions.Categorical(logits=agent.logits(f, m))
                act = dist.sample()
                val = agent.v(o)
            obs, rew, term, trunc, inf = vec.step(act.numpy())
            for k, x in zip(buf, (o, f, m, act, dist.log_prob(act), val, torch.from_numpy(rew / 10), torch.from_numpy(term | trunc))):
                buf[k].append(x)
            ep_return += rew
            for i in np.flatnonzero(term | trunc):
                finished.append(ep_return[i])
                ep_return[i] = 0
        with torch.no_grad():
            next_val = agent.v(torch.from_numpy(obs))
        # Generalised advantage, gamma 1 (an episode is a game), lambda 0.95.
        T = a.steps
        adv = torch.zeros(T, a.envs)
        last = torch.zeros(a.envs)
        for t in reversed(range(T)):
            nv = next_val if t == T - 1 else buf["val"][t + 1]
            alive = 1.0 - buf["done"][t].float()
            delta = buf["rew"][t] + nv * alive - buf["val"][t]
            last = delta + 0.95 * alive * last
            adv[t] = last
        ret = adv + torch.stack(buf["val"])
        flat = {k: torch.stack(v).reshape((T * a.envs,) + v[0].shape[1:]) for k, v in buf.items()}
        adv, ret = adv.reshape(-1), ret.reshape(-1)
        for _ in range(a.epochs):
            for idx in torch.randperm(T * a.envs).split(a.minibatch):
                dist = torch.distributions.Categorical(logits=agent.logits(flat["feats"][idx], flat["mask"][idx]))
                ratio = (dist.log_prob(flat["act"][idx]) - flat["logp"][idx]).exp()
                ad = (adv[idx] - adv[idx].mean()) / (adv[idx].std() + 1e-8)
                pg = -torch.min(ratio * ad, ratio.clamp(0.8, 1.2) * ad).mean()
                vl = 0.5 * (agent.v(flat["obs"][idx]) - ret[idx]).pow(2).mean()
                loss = pg + 0.5 * vl - 0.01 * dist.entropy().mean()
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                opt.step()
        mean_vp = float(np.mean(finished)) if finished else float("nan")
        curve.append((update, update * T * a.envs, len(finished), mean_vp, time.process_time() - start))
        print(f"update {update}: {update * T * a.envs} steps, {len(finished)} games, mean VP {mean_vp:.2f}, "
              f"{time.process_time() - start:.0f} s CPU", flush=True)
        finished = []

    saver = chariot.make("stnazaire", features=True, action_features=True)
    saver.save_policy(agent.chariot_net(), a.out, training={
        "target": "ppo", "train_rows": a.updates * T * a.envs, "heldout_rows": 0, "data": []})
    print(f"saved {a.out}")
    if a.curve:
        with open(a.curve, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["update", "steps", "games", "mean_vp", "cpu_seconds"])
            w.writerows(curve)


if __name__ == "__main__":
    main()
