"""Machine instructions per step of random playouts, counted by valgrind: a speed measure
that does not depend on how busy the machine is.

    python benchmarks/instructions.py [--games 100] [--options JSON] [GAME ...]

Wall-clock steps per second (``playouts.py``) are the target, but on a shared virtual
machine they move by 20 % from one run to the next; instruction counts move by less than
0.1 %, so they tell whether a change to the hot path helps. Each game is played twice
under ``valgrind --tool=callgrind`` (a few games, then the same ones and ``--games`` more)
and the difference is divided by the steps of the extra games: start-up and imports
cancel out. The playouts are those of ``playouts.py`` (same seeds, same random picks).

Needs valgrind on the PATH. Runs take about a minute per game id and 100 games.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from playouts import build_line, play  # the same playouts (this folder is on the path)

import boardgames_fr as bgf

WARM = 10  # games played in both runs: their steps cancel out with the start-up
HERE = Path(__file__).resolve().parent


def playout(game_id: str, games: int, options: dict[str, Any] | None = None) -> int:
    """Plays the first ``games`` games of ``playouts.py``; returns their steps."""
    return play(game_id, bgf.get_game(game_id).GAME_INFO.default_players, games, options)


def callgrind(code: str) -> tuple[int, str]:
    """Instructions valgrind counts for ``python -c code`` (this folder on its path), and
    what the code printed."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    # numpy's BLAS threads would add instructions that vary from run to run.
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable]
        + ["-c", f"import sys; sys.path.insert(0, {str(HERE)!r}); {code}"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no count:\n{out.stderr[-2000:]}")
    return int(found.group(1)), out.stdout


def count(game_id: str, games: int, options: dict[str, Any] | None = None) -> int:
    """Instructions valgrind counts for a process playing ``games`` games."""
    code = f"import instructions; instructions.playout({game_id!r}, {games}, {options!r})"
    return callgrind(code)[0]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", default=list(bgf.GAME_IDS))
    p.add_argument("--games", dest="n", type=int, default=100)
    p.add_argument(
        "--options",
        type=json.loads,
        default=None,
        help="the games' options as JSON, e.g. '{\"free_sales\": true}' (default: none)",
    )
    args = p.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed: see playouts.py for wall-clock speed")
    print(build_line())  # the subprocesses import the same build
    print(f"{'game':16} {'games':>7} {'steps':>8} {'instructions/step':>18}")
    for gid in args.games:
        opts = args.options
        steps = playout(gid, WARM + args.n, opts) - playout(gid, WARM, opts)
        extra = count(gid, WARM + args.n, opts) - count(gid, WARM, opts)
        print(f"{gid:16} {args.n:>7} {steps:>8} {extra / steps:>18,.0f}")


if __name__ == "__main__":
    main()
