"""Every game's rules page (docs/rules/<game>.md) has the same shape and stays true.

The same sections in the same order (issue 7), the generation markers that docs/hooks.py
fills from the code (never a pasted copy), every rule id of the game, one ``Attributes:``
line per option citing its rule, and an example session that runs.
"""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re

import attrs
import pytest

import boardgames_fr as bgf

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs" / "rules"
SECTIONS = [
    "Overview",
    "Setup",
    "A turn",
    "Rules",
    "Choices",
    "Actions",
    "Observation",
    "Scoring",
    "Options",
    "Example",
]
# Rule-id prefix and the ids the page must cite (those of ../shared/GAMES.md and the ones
# this project added for seed rules GAMES.md misses).
RULES = {
    "dorge_et_ble": ("DB", 16),
    "fromage": ("FR", 18),
    "lactorama": ("LA", 24),
    "little_factory": ("LF", 13),
    "misere": ("MI", 20),
}


def _page(game_id: str) -> str:
    return (DOCS / f"{game_id}.md").read_text(encoding="utf-8")


def _section(text: str, name: str) -> str:
    return text.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_every_registered_game_has_a_page() -> None:
    assert sorted(p.stem for p in DOCS.glob("*.md")) == sorted(bgf.GAME_IDS) == sorted(RULES)


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_sections_in_order(game_id: str) -> None:
    assert re.findall(r"^## (.+)$", _page(game_id), re.M) == SECTIONS


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_generated_parts_are_markers_in_their_sections(game_id: str) -> None:
    text = _page(game_id)
    lines = text.splitlines()
    assert f"<!-- gen:info {game_id} -->" in lines
    assert f"<!-- gen:tables {game_id} -->" in lines  # boards, cards, tables: from the data
    assert f"<!-- gen:options {game_id} -->" in _section(text, "Options").splitlines()
    # A pasted options table would start with the generated table's header.
    assert "| option | default |" not in text and "| field | default |" not in text


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_every_rule_id_is_on_the_page(game_id: str) -> None:
    prefix, count = RULES[game_id]
    rules = _section(_page(game_id), "Rules")
    missing = [
        f"{prefix}-{i:02d}"
        for i in range(1, count + 1)
        if not re.search(rf"(\| |\*\*){prefix}-{i:02d}( \||\*\*)", rules)
    ]
    assert not missing


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_every_option_has_a_meaning_citing_its_rule(game_id: str) -> None:
    prefix, _ = RULES[game_id]
    options = importlib.import_module(f"boardgames_fr.{game_id}").Options
    doc = options.__doc__ or ""
    for field in attrs.fields(options):
        m = re.search(rf"^\s+{field.name}:\s*(.+?)\s*$", doc, re.M)
        assert m, field.name
        assert re.search(rf"\({prefix}-\d\d(, {prefix}-\d\d)*\)\.$", m.group(1)), m.group(1)


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_the_example_session_runs(game_id: str) -> None:
    code = _section(_page(game_id), "Example").split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(code, {}, f"{game_id}.md", game_id, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4
