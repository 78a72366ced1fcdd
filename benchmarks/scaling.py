"""Games per second of `simulate` with 1 and 2 local workers, and the speed-up.

python benchmarks/scaling.py [GAME] [--games N]
"""

from __future__ import annotations

import argparse
import time

import boardgames_fr as bgf
from boardgames_fr.simulation import simulate


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game", nargs="?", default="fromage", choices=bgf.GAME_IDS)
    p.add_argument("--games", type=int, default=2000)
    p.add_argument("--agents", default="heuristic,random")
    args = p.parse_args()
    agents = args.agents.split(",")
    rates = {}
    print(f"{'workers':>7} {'games':>7} {'seconds':>8} {'games/s':>9}")
    for jobs in (1, 2):
        t0 = time.perf_counter()
        r = simulate(args.game, agents, args.games, seed=1, jobs=jobs, progress=False)
        dt = time.perf_counter() - t0
        rates[jobs] = r.games / dt
        print(f"{jobs:>7} {r.games:>7} {dt:>8.2f} {rates[jobs]:>9.1f}")
    print(f"speed-up with 2 workers: {rates[2] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()
