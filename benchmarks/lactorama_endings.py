"""How games of Lactorama between heuristic farmers end.

    python benchmarks/lactorama_endings.py [--games 1000] [--players 2] [--seed 0] [--bank-sales]

Prints how the games ended (the three conviction wins of LA-18, the end of the years of
LA-20, the last farm standing of LA-19), the win rate of each seat and of each filière
dealt at the start (LA-03), and the length of the games in years. The content of
``boardgames_fr/lactorama/data`` is tuned so that each ending happens, no seat wins more
than 60 % of 2-farm games, and the median game lasts about the 3 years.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter, defaultdict

from boardgames_fr import lactorama as L
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.lactorama.state import (
    END_BONS,
    END_GREEN,
    END_LAST_FARM,
    END_NO_FARM,
    END_SIZE,
    END_YEARS,
)

REASONS = {
    END_GREEN: "conviction: 4 green pawns",
    END_BONS: "conviction: 22 bons",
    END_SIZE: "conviction: 92 ha and 80 cows",
    END_YEARS: "end of the years (valuation)",
    END_LAST_FARM: "last farm standing",
    END_NO_FARM: "every farm eliminated at once",
}


def game(
    num_players: int, seed: int, options: dict[str, object] | None = None
) -> tuple[L.State, tuple[str, ...]]:
    """One game between heuristic agents: the final state, and the filière each farm was
    dealt at the start (LA-03; a farm may change it later, LA-16)."""
    agents = [L.HeuristicAgent(seed * 10 + i) for i in range(num_players)]
    state = L.new_game(num_players, seed=seed, options=options)
    dealt: tuple[str, ...] = ()
    while state.to_move != TERMINAL:
        if not dealt and state.stage != "setup":
            dealt = tuple(f.filiere for f in state.farms)
        seat = state.to_move
        legal = L.legal_actions(state)
        state = L.step(state, agents[seat].act(L.observe(state, seat), legal))
    return state, dealt


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bank-sales", action="store_true", help="the option bank_sales (LA-12)")
    args = p.parse_args()
    options: dict[str, object] | None = {"bank_sales": True} if args.bank_sales else None
    start = time.perf_counter()
    ends: Counter[str] = Counter()
    wins = [0.0] * args.players  # by seat; a shared win counts as a fraction
    lengths: list[float] = []
    dealt_to: Counter[str] = Counter()  # farms dealt each filière
    won_by: defaultdict[str, float] = defaultdict(float)  # their wins (shared: a fraction)
    for g in range(args.games):
        s, dealt = game(args.players, args.seed + g, options)
        ends[s.end_reason] += 1
        for seat in L.winners(s):
            wins[seat] += 1 / len(L.winners(s))
        dealt_to.update(dealt)
        for farm in s.winner_farms:
            won_by[dealt[farm]] += 1 / len(s.winner_farms)
        lengths.append(s.year + (s.season + 1) / 4 if s.end_reason != END_YEARS else s.year)
    elapsed = time.perf_counter() - start
    n = args.games
    extra = ", option bank_sales" if args.bank_sales else ""
    print(f"{n} games, {args.players} farms, heuristic agents{extra}, {elapsed:.1f} s")
    print("How they ended:")
    for key, label in REASONS.items():
        print(f"  {label:34} {ends[key]:5}  {100 * ends[key] / n:5.1f} %")
    print("Win rate by seat:")
    for seat in range(args.players):
        print(f"  seat {seat}: {100 * wins[seat] / n:5.1f} %")
    print("Win rate by filière dealt (wins / farms dealt it):")
    for fil in sorted(dealt_to):
        print(f"  {fil:10} {100 * won_by[fil] / dealt_to[fil]:5.1f} %  ({dealt_to[fil]} farms)")
    print(
        f"Length in years: median {statistics.median(lengths):.2f}, "
        f"mean {statistics.mean(lengths):.2f}, min {min(lengths):.2f}, max {max(lengths):.2f}"
    )


if __name__ == "__main__":
    main()
