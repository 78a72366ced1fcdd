"""Fromage random playouts per variant: steps/s, us/step and steps per game.

    python benchmarks/fromage_variants.py [--seconds 2] [--profile]

A step is one ``legal_actions`` plus one ``step`` in auto chance mode (dice resolved inside
``step``), as in benchmarks/playouts.py. ``--profile`` prints the top functions of the
default game under cProfile, the place to start before optimising.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from typing import Any

from boardgames_fr import fromage
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import Rng

VARIANTS: dict[str, dict[str, Any]] = {
    "plain A": {},
    "plain B": {"board": "B"},
    "powers": {"powers": True},
    "powers full set": {"powers": True, "full_set": True},
    "festival": {"variant": "festival", "cheese_points": "decreasing", "extra_cheeses": 3},
    "house rules": {
        "powers": True,
        "full_set": True,
        "tour_target": "any",
        "die_change": "full",
        "placement": "by_player",
    },
}


def bench(options: dict[str, Any], num_players: int, seconds: float) -> tuple[int, int, float]:
    """(games, steps, elapsed) of random playouts for about ``seconds``."""
    legal_actions, step = fromage.legal_actions, fromage.step
    rng = Rng(1)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        state = fromage.new_game(num_players, seed=games, options=options)
        while state.to_move != TERMINAL:
            legal = legal_actions(state)
            state = step(state, legal[(rng.u64() * len(legal)) >> 64])
            steps += 1
        games += 1
    return games, steps, time.perf_counter() - start


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--profile", action="store_true")
    args = p.parse_args()
    print(f"{'variant':16} {'players':>7} {'steps/s':>9} {'us/step':>8} {'steps/game':>10}")
    for name, options in VARIANTS.items():
        for n in (2, 4):
            games, steps, elapsed = bench(options, n, args.seconds)
            rate = steps / elapsed
            print(f"{name:16} {n:>7} {rate:>9,.0f} {1e6 / rate:>8.2f} {steps / games:>10.1f}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(bench, {}, 2, args.seconds)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
