"""Machine instructions per step of each reinforcement-learning loop, counted by valgrind:
the ratios of `rl.py` without the noise of a shared machine.

    python benchmarks/rl_instructions.py [--games 40] [--loops raw,pettingzoo] [GAME ...]

The loops are `rl.py`'s own (``raw``, ``pettingzoo``, ``gymnasium``, ``openspiel``, and
``openspiel-obs`` when ``--loops`` names it: the same seeds, the same random picks). Each
is run twice under ``valgrind --tool=callgrind``, a few games then the same ones and
``--games`` more, and the difference is divided by the steps of the extra games, so
start-up and imports cancel out (as in `instructions.py`).
Instructions are not time (a cache miss costs more than an add), but a change that cuts
a loop's instructions cuts its time; `rl.py` on a quiet machine gives the time.

Needs valgrind on the PATH; a game's four loops take a few minutes at 40 games.
"""

from __future__ import annotations

import argparse
import re
import shutil

import rl as loops  # benchmarks/rl.py: this folder is on the path
from instructions import callgrind  # the same valgrind run as the raw step's count

import boardgames_fr as bgf
from boardgames_fr import rl

WARM = 5  # games played in both runs: their steps cancel out with the start-up
LOOPS = ("raw", "pettingzoo", "gymnasium", "openspiel")
# Counted when asked by --loops: OpenSpiel read through its numpy observer (rl.py's
# ``openspiel obs`` row).
MORE_LOOPS = ("openspiel-obs",)


def play(loop: str, game_id: str, games: int) -> int:
    """Plays games ``0 .. games - 1`` of ``loop`` in ``game_id``; returns their steps."""
    if loop == "raw":
        one = loops.raw(game_id)
    elif loop == "pettingzoo":
        one = loops.pettingzoo_aec(rl.pettingzoo_env(game_id))
    elif loop == "gymnasium":
        one = loops.gymnasium_random(game_id)
    elif loop == "openspiel":
        one = loops.openspiel(game_id)
    elif loop == "openspiel-obs":
        one = loops.openspiel(game_id, numpy_observer=True)
    else:
        raise ValueError(f"loop must be one of {', '.join(LOOPS + MORE_LOOPS)}, not {loop!r}")
    return sum(one(seed) for seed in range(games))


def count(loop: str, game_id: str, games: int) -> tuple[int, int]:
    """Instructions valgrind counts for a process playing ``games`` games, and their steps."""
    code = f"import rl_instructions as r; print('steps', r.play({loop!r}, {game_id!r}, {games}))"
    instructions, printed = callgrind(code)
    steps = re.search(r"steps (\d+)", printed)
    if steps is None:
        raise RuntimeError(f"the loop printed no steps:\n{printed[-2000:]}")
    return instructions, int(steps.group(1))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", default=list(bgf.GAME_IDS))
    p.add_argument("--games", dest="n", type=int, default=40)
    p.add_argument("--loops", default=",".join(LOOPS))
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: see rl.py for the time")
    print(f"build: {loops.build()}")
    print(f"{'game':16} {'loop':12} {'steps':>7} {'instructions/step':>18} {'x raw':>6}")
    for gid in args.games:
        raw_per_step = None
        for loop in args.loops.split(","):
            few, few_steps = count(loop, gid, WARM)
            more, more_steps = count(loop, gid, WARM + args.n)
            per_step = (more - few) / (more_steps - few_steps)
            if loop == "raw":
                raw_per_step = per_step
            ratio = f"{per_step / raw_per_step:6.2f}" if raw_per_step else ""
            print(f"{gid:16} {loop:12} {more_steps - few_steps:>7} {per_step:>18,.0f} {ratio:>6}")


if __name__ == "__main__":
    main()
