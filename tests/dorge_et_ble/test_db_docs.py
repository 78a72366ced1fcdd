"""The rules page: generated tables (markers, never pasted copies), rule ids, options, example.

The card and resource tables, the options and the game info are put on the page when the
site is built (docs/hooks.py reads ``docs_tables()``, ``Options`` and ``GAME_INFO``).
"""

from __future__ import annotations

import doctest
import pathlib
import re

import attrs

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "dorge_et_ble.md"
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


def test_page_holds_the_markers_and_no_pasted_table() -> None:
    text = PAGE.read_text(encoding="utf-8")
    lines = text.splitlines()
    for marker in ("info", "tables", "options"):
        assert f"<!-- gen:{marker} dorge_et_ble -->" in lines, marker
    assert "| Bière |" not in text and "| Pain |" not in text  # no copy of the card table
    assert "| field | default |" not in text  # no hand-written options table
    assert [line[3:] for line in lines if line.startswith("## ")] == SECTIONS


def test_docs_tables_list_every_card_and_resource() -> None:
    tables = db.docs_tables()
    for c in D.CARDS:
        good = D.GOOD_NAMES["fr"][c.good]
        kind = D.TYPE_NAMES["fr"][c.type]
        icon = D.ICON_NAMES[c.upgrade[0]][0]
        row = f"| {c.id} | {good} | {kind} | {c.coins} | "
        assert row in tables, c.id
        line = next(x for x in tables.splitlines() if x.startswith(row))
        assert f"| {icon} | {D.upgrade_text(c.id, 'fr')} |" in line, c.id
    assert tables.count("| Bière |") == 30 and tables.count("| Pain |") == 30
    for r, name in enumerate(D.RES_NAMES["fr"]):
        assert f"| {name} | {D.TOKENS[r]} | " in tables, name


def test_page_cites_every_rule() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for i in range(1, 17):
        assert re.search(rf"\| DB-{i:02d} \|", text), f"DB-{i:02d}"


def test_every_option_has_a_meaning_with_its_rule() -> None:
    """One ``Attributes:`` line per field of `Options`, read by the docs hook."""
    doc = db.Options.__doc__ or ""
    for field in attrs.fields(db.Options):
        m = re.search(rf"^\s+{field.name}:\s*(.+?)\s*$", doc, re.M)
        assert m, field.name
        assert re.search(r"\(DB-\d\d(, DB-\d\d)*\)\.$", m.group(1)), m.group(1)


def test_example_session_runs() -> None:
    text = PAGE.read_text(encoding="utf-8")
    example = text.split("## Example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(example, {}, "dorge_et_ble.md", str(PAGE), 0)
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0
