"""Every game's rules page (docs/rules/<game>.md) has the same shape and stays true.

The same sections in the same order (issue 7), the generation markers that docs/hooks.py
fills from the code (never a pasted copy), every rule id of the game, one ``Attributes:``
line per option citing its rule, and an example session that runs.
"""

from __future__ import annotations

import doctest
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
# The games with a rules page: every game but one still in development (a test game
# without numbered rules, such as the toy game of tests/core).
DOCUMENTED = tuple(g for g in bgf.GAME_IDS if bgf.get_game(g).GAME_INFO.rule_count)
README = DOCS.parents[1] / "README.md"


def _page(game_id: str) -> str:
    return (DOCS / f"{game_id}.md").read_text(encoding="utf-8")


def _section(text: str, name: str) -> str:
    return text.split(f"\n## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_every_registered_game_has_a_page() -> None:
    assert sorted(p.stem for p in DOCS.glob("*.md")) == sorted(DOCUMENTED) == sorted(bgf.GAME_IDS)


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_readme_table_gives_the_games_own_rule_ids_and_player_counts(game_id: str) -> None:
    info = bgf.get_game(game_id).GAME_INFO
    text = README.read_text(encoding="utf-8")
    row = next(r for r in text.splitlines() if r.startswith(f"| `{game_id}` |"))
    assert f"({info.rule_ids[0]}..{info.rule_ids[-1]})" in row
    players: list[int] = []  # "2-6, 8" is 2, 3, 4, 5, 6, 8
    for part in row.rstrip(" |").rsplit("|", 1)[1].split(","):
        low, _, high = part.strip().partition("-")
        players += range(int(low), int(high or low) + 1)
    assert tuple(players) == info.player_counts


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_sections_in_order(game_id: str) -> None:
    assert re.findall(r"^## (.+)$", _page(game_id), re.M) == SECTIONS


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_generated_parts_are_markers_in_their_sections(game_id: str) -> None:
    text = _page(game_id)
    lines = text.splitlines()
    assert f"<!-- gen:info {game_id} -->" in lines
    assert f"<!-- gen:tables {game_id} -->" in lines  # boards, cards, tables: from the data
    assert f"<!-- gen:options {game_id} -->" in _section(text, "Options").splitlines()
    # A pasted options table would start with the generated table's header.
    assert "| option | default |" not in text and "| field | default |" not in text


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_rule_id_is_on_the_page(game_id: str) -> None:
    rules = _section(_page(game_id), "Rules")
    ids = bgf.get_game(game_id).GAME_INFO.rule_ids
    missing = [i for i in ids if not re.search(rf"(\| |\*\*){i}( \||\*\*)", rules)]
    assert not missing


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_every_option_has_a_meaning_citing_its_rule(game_id: str) -> None:
    module = bgf.get_game(game_id)
    prefix, options = module.GAME_INFO.rule_prefix, module.Options
    doc = options.__doc__ or ""
    for field in attrs.fields(options):
        m = re.search(rf"^\s+{field.name}:\s*(.+?)\s*$", doc, re.M)
        assert m, field.name
        assert re.search(rf"\({prefix}-\d\d(, {prefix}-\d\d)*\)\.$", m.group(1)), m.group(1)


@pytest.mark.parametrize("game_id", DOCUMENTED)
def test_the_example_session_runs(game_id: str) -> None:
    code = _section(_page(game_id), "Example").split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(code, {}, f"{game_id}.md", game_id, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4
