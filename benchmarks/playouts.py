"""Random playouts in auto chance mode: steps per second for every registered game.

    python benchmarks/playouts.py [--seconds 3] [GAME ...]

A step is one ``legal_actions`` plus one ``step`` (the random pick included), as a bot or
an MCTS rollout pays it. Target: 100,000 steps/s (about 10 us a step) on a 2-core machine.
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Iterator

import boardgames_fr as bgf
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import advance, draws, seed_to_state

TARGET = 100_000


def playouts(game_id: str, num_players: int) -> Iterator[int]:
    """Random games one after the other (seeds 0, 1, 2, ...): the steps of each."""
    module = bgf.get_game(game_id)
    legal_actions, step = module.legal_actions, module.step
    # The random picks: one draw of the core's generator each, taken from its batches
    # (`draws`) as a rollout policy would take them, so that the pick costs little.
    rng = seed_to_state(1)
    for seed in itertools.count():
        state = module.new_game(num_players, seed=seed)
        values, k = draws(rng)
        k0 = k
        steps = 0
        while state.to_move != TERMINAL:
            legal = legal_actions(state)
            state = step(state, legal[(values[k] * len(legal)) >> 64])
            k += 1
            steps += 1
            if k - k0 == 64:  # `draws` promises 64 values at a time
                rng = advance(rng, 64)
                values, k = draws(rng)
                k0 = k
        rng = advance(rng, k - k0)
        yield steps


def bench(game_id: str, num_players: int, seconds: float) -> tuple[int, int, float]:
    """(games, steps, elapsed) of random playouts for about ``seconds``."""
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    for n in playouts(game_id, num_players):
        steps += n
        games += 1
        if time.perf_counter() >= deadline:
            break
    return games, steps, time.perf_counter() - start


def play(game_id: str, num_players: int, games: int) -> int:
    """The steps of the first ``games`` random games (`benchmarks/instructions.py`)."""
    return sum(itertools.islice(playouts(game_id, num_players), games))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", default=list(bgf.GAME_IDS))
    p.add_argument("--seconds", type=float, default=3.0)
    args = p.parse_args()
    print(
        f"{'game':16} {'players':>7} {'games':>7} {'steps':>9} {'steps/s':>9} {'us/step':>8} "
        f"{'steps/game':>10}  target"
    )
    for gid in args.games:
        n = bgf.get_game(gid).GAME_INFO.default_players
        games, steps, elapsed = bench(gid, n, args.seconds)
        rate = steps / elapsed
        ok = "ok" if rate >= TARGET else "BELOW"
        print(
            f"{gid:16} {n:>7} {games:>7} {steps:>9} {rate:>9,.0f} {1e6 / rate:>8.2f} "
            f"{steps / max(games, 1):>10.1f}  {ok}"
        )


if __name__ == "__main__":
    main()
