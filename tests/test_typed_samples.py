"""The Python samples of the README and the docs pass ``mypy --strict``, and every game
module is a `GameModule` to mypy.

A newcomer copies the README's samples first: its `simulate` sample once failed mypy
(``"object" not callable``: the lazy names of ``boardgames_fr`` had no types), and
everything reached through ``get_game`` was ``Any``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import boardgames_fr as bgf

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parent.parent
# The README and every page of the docs with Python samples; a page's samples run in
# order in one session (later ones use the names of earlier ones), so they are checked
# as one module per page.
PAGES = sorted(
    p.relative_to(ROOT).as_posix()
    for p in [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    if "```python" in p.read_text(encoding="utf-8")
)
_BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
# Blocks that are no sample to run but a sketch of a file's shape, with ``...`` for what
# is left out (docs/design.md's game.py); the test checks that they still do not parse,
# so a real sample cannot hide here.
SKETCHES = {"docs/design.md"}


def _code(block: str) -> str:
    """A block's Python: a doctest session (the rules pages) without its prompts and
    printed results, any other block as it is."""
    if not block.startswith(">>>"):
        return block
    lines = []
    for line in block.splitlines():
        if line.startswith((">>> ", "... ")) or line in (">>>", "..."):
            lines.append(line[4:])
    return "\n".join(lines) + "\n"


def _samples(page: str) -> str:
    text = (ROOT / page).read_text(encoding="utf-8")
    return "\n".join(_code(block) for block in _BLOCK.findall(text))


# dask ships no types: a sample calling it is as strict as it can be (its own code).
_ARGS = ["--strict", "--no-error-summary", "--untyped-calls-exclude=distributed"]


def _mypy(path: Path) -> str:
    """mypy --strict's report on ``path``, "" when it passes."""
    stdout, stderr, status = api.run([*_ARGS, str(path)])
    return "" if status == 0 else stdout + stderr


def test_the_readme_and_docs_have_python_samples() -> None:
    """The check below is not an empty loop: the pages it reads hold samples."""
    assert {"README.md", "docs/bots.md", "docs/concepts.md", "docs/index.md"} <= set(PAGES)
    assert "bgf.simulate(" in _samples("README.md")


@pytest.mark.parametrize("page", [p for p in PAGES if p not in SKETCHES])
def test_python_samples_pass_mypy_strict(page: str, tmp_path: Path) -> None:
    sample = tmp_path / (re.sub(r"\W", "_", page.removesuffix(".md")) + ".py")
    sample.write_text(_samples(page), encoding="utf-8")
    assert _mypy(sample) == ""


@pytest.mark.parametrize("page", sorted(SKETCHES))
def test_sketches_left_out_are_no_python(page: str) -> None:
    with pytest.raises(SyntaxError):
        ast.parse(_samples(page))


def test_every_game_module_is_a_game_module_to_mypy(tmp_path: Path) -> None:
    """`get_game` returns a `GameModule`: each game package must have its public names
    with those signatures, which mypy checks here for every registered game."""
    names = ", ".join(bgf.GAME_IDS)
    check = tmp_path / "modules.py"
    check.write_text(
        f"from boardgames_fr import {names}\n"
        "from boardgames_fr.core import GameModule\n"
        f"MODULES: tuple[GameModule, ...] = ({names},)\n",
        encoding="utf-8",
    )
    assert _mypy(check) == ""
    # and one that is not: the check can fail
    (tmp_path / "not_a_game.py").write_text("def step(state: object) -> None: ...\n")
    check.write_text(
        "import not_a_game\nfrom boardgames_fr.core import GameModule\n"
        "MODULE: GameModule = not_a_game\n",
        encoding="utf-8",
    )
    assert "incompatible types in assignment" in _mypy(check).lower()


def test_the_typed_api_reaches_the_real_types(tmp_path: Path) -> None:
    """`reveal_type` of what a newcomer calls first: no ``object``, no ``Any``."""
    check = tmp_path / "reveal.py"
    check.write_text(
        "import boardgames_fr as bgf\n"
        "reveal_type(bgf.simulate)\n"
        "reveal_type(bgf.Results)\n"
        "reveal_type(bgf.get_game('fromage'))\n"
        "reveal_type(bgf.get_game('fromage').legal_actions)\n",
        encoding="utf-8",
    )
    stdout, _, _ = api.run([*_ARGS, str(check)])
    revealed = [line.split("Revealed type is ", 1)[1] for line in stdout.splitlines()]
    assert len(revealed) == 4  # it was "object", "object", "types.ModuleType", "Any"
    # agents: names, or factories seed -> agent (issue #21)
    assert revealed[0].startswith(
        '"def (game_id: str, agents: typing.Sequence[str | (def (int) -> '
        "boardgames_fr.agents.Agent)] | str"
    )
    assert revealed[0].endswith(') -> boardgames_fr.simulation.Results"')
    assert revealed[1].startswith('"def (game_id: str, agents: numpy.ndarray')
    assert revealed[2] == '"boardgames_fr.core.module.GameModule"'
    assert revealed[3] == '"def (state: Any) -> tuple[Any, ...]"'
