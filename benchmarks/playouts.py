"""Random playouts in auto chance mode: steps per second for every registered game.

    python benchmarks/playouts.py [--seconds 3] [--rounds 5] [GAME ...]

A step is one ``legal_actions`` plus one ``step`` (the random pick included), as a bot or
an MCTS rollout pays it. Target: 100,000 steps/s (about 10 us a step) on a 2-core machine.

The time is cut into rounds played one after the other (the same stream of games). The
table gives the median round, which the target is checked against, and the best round:
on a shared machine other processes only ever slow a round down, so the best round is
the closest to the code's own speed (the practice of ``timeit``), while the median shows
what the machine gave at the time.

The interpreter counts as much as the machine: the first line names it. CPython built
without profile-guided optimisation (``pyenv``'s default build) runs these games 10 to 20 %
slower than the optimised builds of python.org and of Linux distributions, on the same
machine and the same code. The build counts too: the second line says which modules run
compiled with mypyc (setup.py) and which from their Python source; ``BGF_PURE_PYTHON=1``
runs them all from source (Lactorama then plays about a third fewer steps a second).
"""

from __future__ import annotations

import argparse
import itertools
import platform
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import _build
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import advance, draws, seed_to_state

TARGET = 100_000


def playouts(game_id: str, num_players: int, options: Any = None) -> Iterator[int]:
    """Random games one after the other (seeds 0, 1, 2, ...): the steps of each."""
    module = bgf.get_game(game_id)
    legal_actions, step = module.legal_actions, module.step
    # The random picks: one draw of the core's generator each, taken from its batches
    # (`draws`) as a rollout policy would take them, so that the pick costs little. The
    # batch in hand is used to its end across games (``values[k0]`` is the draw after
    # ``rng``), so the picks ask for a new batch every few hundred steps and never push
    # the games' own batches out of the core's few kept ones.
    rng = seed_to_state(1)
    values, k = draws(rng)
    k0 = k
    for seed in itertools.count():
        state = module.new_game(num_players, seed=seed, options=options)
        steps = 0
        while state.to_move != TERMINAL:
            legal = legal_actions(state)
            state = step(state, legal[(values[k] * len(legal)) >> 64])
            k += 1
            steps += 1
            if k == len(values):
                rng = advance(rng, k - k0)
                values, k = draws(rng)
                k0 = k
        yield steps


def bench(
    game_id: str, num_players: int, seconds: float, rounds: int = 1
) -> tuple[int, int, list[float]]:
    """(games, steps, the steps per second of each round) of random playouts for about
    ``seconds``, cut into ``rounds`` rounds of whole games."""
    games = steps = 0
    rates: list[float] = []
    stream = playouts(game_id, num_players)
    for _ in range(rounds):
        done = 0
        start = time.perf_counter()
        deadline = start + seconds / rounds
        for n in stream:
            done += n
            games += 1
            if time.perf_counter() >= deadline:
                break
        rates.append(done / (time.perf_counter() - start))
        steps += done
    return games, steps, rates


def play(game_id: str, num_players: int, games: int, options: Any = None) -> int:
    """The steps of the first ``games`` random games (`benchmarks/instructions.py`)."""
    return sum(itertools.islice(playouts(game_id, num_players, options), games))


def build_line() -> str:
    """Which modules run compiled (setup.py compiles the hot ones with mypyc), which from
    their Python source, and why."""
    fast = [m for m in _build.MODULES if _build.compiled(m)]
    slow = [m for m in _build.MODULES if m not in fast]
    line = f"compiled with mypyc: {', '.join(fast) or 'none'}"
    if slow:
        why = (
            "BGF_PURE_PYTHON is set"
            if _build.pure_python()
            else "not built, or built from another source"
        )
        line += f"; from source: {', '.join(slow)} ({why})"
    return line


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", default=list(bgf.GAME_IDS))
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    print(f"Python {platform.python_version()} ({sys.executable}), {platform.machine()}")
    print(build_line())
    print(
        f"{'game':16} {'players':>7} {'games':>7} {'steps':>9} {'steps/s':>9} {'us/step':>8} "
        f"{'best':>9} {'steps/game':>10}  target"
    )
    for gid in args.games:
        n = bgf.get_game(gid).GAME_INFO.default_players
        games, steps, rates = bench(gid, n, args.seconds, max(1, args.rounds))
        rate, best = statistics.median(rates), max(rates)
        ok = "ok" if rate >= TARGET else "BELOW"
        print(
            f"{gid:16} {n:>7} {games:>7} {steps:>9} {rate:>9,.0f} {1e6 / rate:>8.2f} "
            f"{best:>9,.0f} {steps / max(games, 1):>10.1f}  {ok}"
        )


if __name__ == "__main__":
    main()
