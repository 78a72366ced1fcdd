"""The compiled build of Lactorama's rules (setup.py, boardgames_fr/_build.py).

The install compiles rules.py with mypyc. The extension must play exactly the games the
Python source plays. It must give way to the source when the source has changed since
the build, or when BGF_PURE_PYTHON is set.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from boardgames_fr import _build
from boardgames_fr.core.errors import TERMINAL, IllegalActionError
from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama import rules as R

SOURCE = Path(R.__file__).with_name("rules.py").resolve()
COMPILED = _build.compiled("boardgames_fr.lactorama.rules")
needs_compiled = pytest.mark.skipif(not COMPILED, reason="rules.py is not compiled here")


@functools.cache
def _from_source() -> ModuleType:
    """rules.py run from its source, as a module of its own beside the compiled one."""
    spec = importlib.util.spec_from_file_location("boardgames_fr.lactorama._rules_source", SOURCE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
    source = _from_source()
    assert source.__file__ == str(SOURCE)
    fast, slow = R.GAME, source.GAME
    pick = Rng(n * 1000 + len(options))
    steps = 0
    for seed in range(6):
        a = fast.new_game(n, seed=seed, options=options, chance=chance)
        b = slow.new_game(n, seed=seed, options=options, chance=chance)
        assert a == b
        while a.to_move != TERMINAL:
            menu = fast.legal_actions(a)
            assert menu == slow.legal_actions(b)
            move = menu[pick.randrange(len(menu))]
            a, b = fast.step(a, move), slow.step(b, move)
            assert a == b
            steps += 1
        assert (fast.scores(a), fast.winners(a)) == (slow.scores(b), slow.winners(b))
        assert fast.observe(a, 0) == slow.observe(b, 0)
    assert steps > 100


@needs_compiled
def test_compiled_rules_refuse_with_the_reasons_of_the_source() -> None:
    source = _from_source()
    refused = 0
    for seed in range(8):
        a = R.GAME.new_game(3, seed=seed)
        b = source.GAME.new_game(3, seed=seed)
        legal = R.GAME.legal_actions(a)
        for move in R.GAME.legal_actions(R.GAME.new_game(3, seed=seed + 100)):
            if move in legal:
                continue
            with pytest.raises(IllegalActionError) as fast:
                R.GAME.step(a, move)
            with pytest.raises(IllegalActionError) as slow:
                source.GAME.step(b, move)
            assert (str(fast.value), fast.value.fr) == (str(slow.value), slow.value.fr)
            refused += 1
    assert refused > 0


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
