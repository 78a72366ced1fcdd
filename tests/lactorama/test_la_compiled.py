"""The compiled build of Lactorama's rules (setup.py, boardgames_fr/_build.py).

The install compiles the hot modules of Lactorama with mypyc (`_build.MODULES`). The
extensions must play exactly the games the Python source plays. Each must give way to its
source when the source has changed since the build, or when BGF_PURE_PYTHON is set.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import builds  # tests/builds.py (pyproject: pytest's pythonpath)
import pytest

from boardgames_fr import _build
from boardgames_fr.lactorama import rules as R

SOURCE = Path(R.__file__).with_name("rules.py").resolve()
COMPILED = _build.compiled("boardgames_fr.lactorama.rules")
needs_compiled = pytest.mark.skipif(not COMPILED, reason="rules.py is not compiled here")

# The games both builds play, as JSON lines: every state saved (`bgf.dumps`), every menu,
# the scores and winners at the end; and the refusals of moves of another game, with
# their reasons in English and French. Run in this process (the compiled modules) and in
# a subprocess with BGF_PURE_PYTHON=1 (their Python source).
_PLAY = """
import json, sys
import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.errors import TERMINAL, IllegalActionError
from boardgames_fr.core.rng import Rng

def play(n, options, chance):
    out, pick = [], Rng(n * 1000 + len(options))
    for seed in range(6):
        a = L.new_game(n, seed=seed, options=options, chance=chance)
        out.append(bgf.dumps(a))
        while a.to_move != TERMINAL:
            menu = L.legal_actions(a)
            out.append(repr(menu))
            a = L.step(a, menu[pick.randrange(len(menu))])
            out.append(bgf.dumps(a))
        out.append(repr((L.scores(a), L.winners(a), L.observe(a, 0))))
    return out

def refusals():
    out = []
    for seed in range(8):
        a = L.new_game(3, seed=seed)
        legal = L.legal_actions(a)
        for move in L.legal_actions(L.new_game(3, seed=seed + 100)):
            if move in legal:
                continue
            try:
                L.step(a, move)
            except IllegalActionError as e:
                out.append(repr((str(e), e.reason("fr"))))
    return out
"""


def _here(call: str) -> list[str]:
    return builds.here(_PLAY, call)


def _from_source(call: str) -> tuple[str, ...]:
    return builds.from_source(_PLAY, call)


CONFIGS: list[tuple[int, dict[str, Any], str]] = [
    (2, {}, "auto"),
    (2, {}, "explicit"),
    (3, {}, "auto"),
    (5, {"years": 2}, "auto"),
    (4, {"teams": True, "years": 2}, "auto"),
    (2, {"dice": 1, "face_down": True}, "auto"),
    (3, {"land_always": True, "squares": 16, "years": 2}, "explicit"),
    (3, {"bank_sales": True, "alliance_ends_convictions": True, "years": 2}, "auto"),
]


@needs_compiled
@pytest.mark.parametrize(("n", "options", "chance"), CONFIGS)
def test_compiled_rules_play_the_games_of_the_source(
    n: int, options: dict[str, Any], chance: str
) -> None:
    for name in _build.MODULES:
        assert _build.compiled(name), name
    call = f"play({n!r}, {options!r}, {chance!r})"
    fast = _here(call)
    assert tuple(fast) == _from_source(call)
    assert len(fast) > 200


@needs_compiled
def test_compiled_rules_refuse_with_the_reasons_of_the_source() -> None:
    fast = _here("refusals()")
    assert fast and tuple(fast) == _from_source("refusals()")


def test_a_stamp_matches_only_its_own_source(tmp_path: Path) -> None:
    source = tmp_path / "rules.py"
    source.write_text("X = 1\n", encoding="utf-8")
    assert not _build.up_to_date(source)  # no stamp: never trusted
    stamp = tmp_path / "rules.source-sha256"
    stamp.write_text(hashlib.sha256(b"X = 1\n").hexdigest(), encoding="ascii")
    assert _build.up_to_date(source)
    source.write_text("X = 2\n", encoding="utf-8")  # edited after the build
    assert not _build.up_to_date(source)


def test_the_source_finder_finds_only_its_modules() -> None:
    finder = _build.SourceFinder(("boardgames_fr.lactorama.rules",))
    spec = finder.find_spec("boardgames_fr.lactorama.rules", None)
    assert spec is not None and spec.origin == str(SOURCE)
    assert finder.find_spec("boardgames_fr.lactorama.render", None) is None


def _runs_compiled(env: dict[str, str]) -> str:
    code = "from boardgames_fr import _build; print(_build.compiled(_build.MODULES[0]))"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_bgf_pure_python_runs_the_source() -> None:
    env = dict(os.environ)
    env.pop("BGF_PURE_PYTHON", None)
    default = _runs_compiled(env)
    if not _build.pure_python():  # this process runs as a program would by default
        assert default == str(COMPILED)
    assert _runs_compiled({**env, "BGF_PURE_PYTHON": "0"}) == default
    assert _runs_compiled({**env, "BGF_PURE_PYTHON": "1"}) == "False"


def test_setup_compiles_the_modules_build_lists() -> None:
    """setup.py (what is compiled) and _build.MODULES (what is checked) name the same."""
    setup_py = (Path(__file__).resolve().parents[2] / "setup.py").read_text(encoding="utf-8")
    listed = re.findall(r'"(boardgames_fr\.[\w.]+)": "(boardgames_fr/[\w/]+\.py)"', setup_py)
    assert tuple(name for name, _ in listed) == _build.MODULES
    assert all(path == name.replace(".", "/") + ".py" for name, path in listed)
