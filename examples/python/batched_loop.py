#!/usr/bin/env python3
"""The shape of a learning loop over asterism.Batch, training nothing.

A learning program steps many games at once: it reads the observations and
the legal actions, chooses one action per game (here: at random, where a
program would ask its network), steps the batch, and collects the returns of
the games that ended. This script runs that loop for a while and reports how
many games a second it finished, which docs/python.md compares with
`asterism bench` and with a plain Python loop over single states.

    python3 examples/python/batched_loop.py [--spec starstar:size=10]
        [--size 1024] [--seconds 10] [--policy random|lists|masks] [--plain]

--policy random  the batch draws the random actions itself (random_actions)
--policy lists   numpy draws from the padded legal-action lists
--policy masks   numpy draws from the legal masks, and the observations are
                 read every step, as a network's input would be
--plain          instead of a batch, one State at a time in plain Python
"""
import argparse
import random
import time

import numpy as np

import asterism


def choose_from_lists(batch, rng):
    actions, counts = batch.legal_actions()
    pick = (rng.random(len(counts)) * counts).astype(np.int64)
    return actions[np.arange(len(counts)), pick]


def choose_from_masks(batch, rng):
    batch.observations()  # what a network would read
    mask = batch.legal_mask()
    scores = rng.random(mask.shape, dtype=np.float32) * mask
    return scores.argmax(axis=1)


def run_batch(spec, size, seconds, policy, seed):
    batch = asterism.Batch(spec, size, seed=seed)
    rng = np.random.default_rng(seed)
    choose = {
        "random": lambda: batch.random_actions(),
        "lists": lambda: choose_from_lists(batch, rng),
        "masks": lambda: choose_from_masks(batch, rng),
    }[policy]
    games, first_wins, steps = 0, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            returns, done, _ = batch.step(choose())
            # A learning program would store the transitions here; the
            # returns are non-zero in the rows of the games that just ended.
            games += np.count_nonzero(done)
            first_wins += np.count_nonzero(returns[:, 0] > 0)
            steps += size
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, (first_wins, games)


def run_plain(spec, seconds, seed):
    game = asterism.load_game(spec)
    rng = random.Random(seed)
    games, steps = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="starstar:size=10")
    parser.add_argument("--size", type=int, default=1024, help="games in the batch")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--policy", choices=["random", "lists", "masks"], default="random")
    parser.add_argument("--plain", action="store_true", help="one state at a time instead")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.plain:
        rate, moves, _ = run_plain(args.spec, args.seconds, args.seed)
        label = "plain python loop"
    else:
        rate, moves, (wins, games) = run_batch(args.spec, args.size, args.seconds, args.policy,
                                               args.seed)
        label = f"batch of {args.size}, policy {args.policy}"
        print(f"the first player won {wins} of {games} games")
    print(f"{asterism.load_game(args.spec).spec()}  {label}: "
          f"{rate:.0f} games/s, {moves:.0f} moves/s")


if __name__ == "__main__":
    main()
