"""The rules page: generated tables (markers), every rule id, the options, the example."""

from __future__ import annotations

import doctest
import pathlib
import re

import attrs

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import BUILDINGS, GOODS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "little_factory.md"
SECTIONS = (
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
)


def test_rules_page_holds_the_markers_and_the_sections_in_order() -> None:
    """The card tables, options and game info are generated when the site is built
    (docs/hooks.py): the page holds the markers, never a pasted copy."""
    text = PAGE.read_text("utf-8")
    lines = text.splitlines()
    for marker in ("info", "tables", "options"):
        assert f"<!-- gen:{marker} little_factory -->" in lines, marker
    assert "| option | default |" not in text
    assert "| field | default |" not in text
    assert "### Buildings" not in text
    assert "| good | copies 2p |" not in text
    heads = [line[3:] for line in lines if line.startswith("## ")]
    assert heads == list(SECTIONS)


def test_every_rule_id_is_documented() -> None:
    text = PAGE.read_text("utf-8")
    for i in range(1, 14):
        assert re.search(rf"^\| LF-{i:02d} \|", text, re.M), f"LF-{i:02d}"


def test_every_option_has_a_meaning_with_its_rule() -> None:
    """One ``Attributes:`` line per field of `Options`, read by the docs hook."""
    doc = lf.Options.__doc__ or ""
    for field in attrs.fields(lf.Options):
        m = re.search(rf"^\s+{field.name}:\s*(.+?)\s*$", doc, re.M)
        assert m, field.name
        assert re.search(r"\(LF-\d\d(, LF-\d\d)*\)\.$", m.group(1)), m.group(1)


def test_docs_tables_list_every_good_and_building() -> None:
    tables = lf.docs_tables()
    for g in GOODS:
        assert re.search(rf"^\| {re.escape(f'{g.name_fr} ({g.name_en})')} \|", tables, re.M), g
    for b in BUILDINGS.values():
        assert f"| {b.id} | {b.name_fr} ({b.name_en}) | {b.cost} |" in tables, b.key
    for heading in ("Basic goods", "Tier 2 goods", "Tier 3 goods", "Buildings"):
        assert f"### {heading}" in tables


def test_example_session_runs() -> None:
    text = PAGE.read_text("utf-8")
    example = text.split("## Example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(example, {}, "little_factory.md", str(PAGE), 0)
    result = doctest.DocTestRunner().run(test)
    assert result.failed == 0
