"""Random-action steps per second from Python: one environment, and
num_envs stepped together in Go, the action drawn in numpy from the mask
(docs/python.md has the table; Go's own rate is BenchmarkGymRandomStep in
cmd/libchariot).

    PYTHONPATH=../shared/third_party/python /usr/bin/python3 python/examples/bench_speed.py --games tictactoe stnazaire --seconds 10
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import chariot  # noqa: E402


def single(game, seconds, seed=1):
    """Steps a CPU second of one env (the draw and resets included), the
    CPU time of a step call alone and of the numpy draw alone, in µs."""
    env = chariot.make(game)
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    steps, start, in_step = 0, time.process_time(), 0.0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        a = legal[rng.integers(len(legal))]
        t = time.thread_time()
        _, _, term, trunc, info = env.step(a)
        in_step += time.thread_time() - t
        steps += 1
        if term or trunc:
            _, info = env.reset()  # the next seed drawn from the env's generator
        if steps % 1000 == 0 and time.process_time() - start > seconds:
            rate, step_us = steps / (time.process_time() - start), in_step / steps * 1e6
            break
    mask, n = info["action_mask"], 100000
    start = time.process_time()
    for _ in range(n):
        legal = np.flatnonzero(mask)
        legal[rng.integers(len(legal))]
    return rate, step_us, (time.process_time() - start) / n * 1e6


def vectorised(game, seconds, num_envs, workers, seed=1):
    vec = chariot.make_vec(game, num_envs, workers=workers)
    rng = np.random.default_rng(seed)
    _, info = vec.reset(seed=seed)
    steps, start, wall = 0, time.process_time(), time.perf_counter()
    while True:
        # A uniform legal action in every env at once: the largest of
        # random keys, the illegal ones pushed below.
        keys = rng.random(info["action_mask"].shape)
        keys[~info["action_mask"]] = -1
        _, _, _, _, info = vec.step(keys.argmax(axis=1))
        steps += num_envs
        if steps % (num_envs * 20) == 0 and time.perf_counter() - wall > seconds:
            return steps / (time.perf_counter() - wall), steps / (time.process_time() - start)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", nargs="+", default=["tictactoe", "stnazaire"])
    p.add_argument("--seconds", type=float, default=10)
    p.add_argument("--envs", type=int, default=64)
    p.add_argument("--workers", type=int, default=2)
    a = p.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"game\tsingle (steps/CPU s)\tstep call (µs)\tnumpy draw (µs)\t{a.envs} envs on {a.workers} workers (steps/wall s)\t(steps/CPU s)")
    for g in a.games:
        s, step_us, draw = single(g, a.seconds)
        v_wall, v_cpu = vectorised(g, a.seconds, a.envs, a.workers)
        print(f"{g}\t{s:,.0f}\t{step_us:.2f}\t{draw:.2f}\t{v_wall:,.0f}\t{v_cpu:,.0f}", flush=True)


if __name__ == "__main__":
    main()
