"""A sixth game plugs in at one place: the registry's entry (docs/design.md, "Adding a
game"). The toy game of tests/core/toygame, registered through ``BOARDGAMES_FR_GAMES``
(the registry's way to add a game in development), passes every cross-game test that is
parametrized by game; the docs pages' tests are left out, as a test game has no rules page
(a real game adds one, and its entry in mkdocs.yml's nav)."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
CROSS_GAME = [
    "tests/test_conformance.py",
    "tests/test_api_shape.py",
    "tests/test_docstrings.py",
    "tests/test_doctests.py",
]


def test_the_toy_game_passes_every_cross_game_test() -> None:
    env = {
        **os.environ,
        "BOARDGAMES_FR_GAMES": "toy=toygame",
        "PYTHONPATH": os.pathsep.join(
            [str(ROOT / "tests" / "core"), os.environ.get("PYTHONPATH", "")]
        ),
    }
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-k", "toy", *CROSS_GAME],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    passed = int(re.search(r"(\d+) passed", run.stdout).group(1))  # type: ignore[union-attr]
    # conformance (2 and 3 players), 3 shape tests, docstrings of the package and of its
    # actions, doctests of its 7 modules
    assert passed == 2 + 3 + 2 + 7
