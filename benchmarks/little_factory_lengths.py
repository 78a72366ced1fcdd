"""Little Factory: every random game ends. Plays seeded random games and reports lengths.

    python benchmarks/little_factory_lengths.py [--games 1000] [--players 2] [--max-rounds 60]

Each game is a fresh ``new_game(players, seed=i)`` played by uniformly random legal
choices (auto chance mode). The rule LF-13 (the game ends after ``max_rounds`` rounds)
bounds every game; the report shows how games ended and the longest one. A larger
``--max-rounds`` shows how long random games run when the cap hardly ever bites.
"""

from __future__ import annotations

import argparse
import collections
import time

import boardgames_fr.little_factory as lf
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import Rng


def play(
    num_players: int, seed: int, max_rounds: int = 60, max_steps: int = 1_000_000
) -> tuple[int, int, str]:
    """(steps, rounds, end reason) of one random game."""
    rng = Rng(seed)
    state = lf.new_game(num_players, seed=seed, options={"max_rounds": max_rounds})
    steps = 0
    while state.to_move != TERMINAL:
        legal = lf.legal_actions(state)
        state = lf.step(state, legal[rng.randrange(len(legal))])
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"seed {seed}: not over after {max_steps} steps")
    return steps, state.round, state.end


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    p.add_argument("--max-rounds", type=int, default=60, help="the LF-13 cap (Options)")
    args = p.parse_args()
    for n in args.players:
        start = time.perf_counter()
        ends: collections.Counter[str] = collections.Counter()
        longest = (0, 0, -1)
        most_rounds = 0
        total = 0
        for seed in range(args.games):
            steps, rounds, end = play(n, seed, args.max_rounds)
            ends[end] += 1
            total += steps
            longest = max(longest, (steps, rounds, seed))
            most_rounds = max(most_rounds, rounds)
        elapsed = time.perf_counter() - start
        print(
            f"{n} players: {args.games} games all ended ({dict(ends)}); "
            f"mean {total / args.games:.0f} steps; longest {longest[0]} steps, "
            f"{longest[1]} rounds (seed {longest[2]}); most rounds {most_rounds}; "
            f"{elapsed:.1f} s"
        )


if __name__ == "__main__":
    main()
