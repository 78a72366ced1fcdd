"""The rules page: generated tables (markers), every rule id, the options, the examples."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re

import attrs
import pytest

from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "lactorama.md"
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
MODULES = ("", ".state", ".actions", ".data", ".rules", ".render", ".agents")


def test_rules_page_holds_the_markers_and_the_sections_in_order() -> None:
    """The card lists, options and game info are generated when the site is built
    (docs/hooks.py): the page holds the markers, never a pasted copy."""
    text = PAGE.read_text(encoding="utf-8")
    lines = text.splitlines()
    for marker in ("info", "tables", "options"):
        assert f"<!-- gen:{marker} lactorama -->" in lines, marker
    assert "| option | default |" not in text
    assert "#### Saison" not in text
    heads = [line[3:] for line in lines if line.startswith("## ")]
    assert heads == list(SECTIONS)


def test_rules_page_cites_every_rule() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for i in range(1, 25):
        assert re.search(rf"\*\*LA-{i:02d}\*\*", text), f"LA-{i:02d}"


def test_every_option_has_a_meaning_with_its_rule() -> None:
    """One ``Attributes:`` line per field of `Options`, read by the docs hook."""
    doc = L.Options.__doc__ or ""
    for field in attrs.fields(L.Options):
        m = re.search(rf"^\s+{field.name}:\s*(.+?)\s*$", doc, re.M)
        assert m, field.name
        assert re.search(r"\(LA-\d\d(, LA-\d\d)*\)\.$", m.group(1)), m.group(1)


def test_docs_tables_list_every_card_and_table_row() -> None:
    tables = L.docs_tables()
    for cid, card in D.CARDS.items():
        assert f"| {cid} | {card.name_fr}" in tables, cid
    for name, deck in zip(("Printemps", "Été", "Automne", "Hiver"), D.SEASON_DECKS, strict=True):
        assert f"#### Saison : {name} ({len(deck)} cartes)" in tables
    assert f"#### Imprévus ({len(D.IMPREVU_DECK)} cartes)" in tables
    for cows in D.ECONOMY["income"]["cows"]:
        assert re.search(rf"^\| {cows} \| -?\d", tables, re.M), cows
    for t in range(1, D.ECONOMY["loan"]["max_tickets"] + 1):
        assert f"| {t} | " in tables


def test_example_session_runs() -> None:
    text = PAGE.read_text(encoding="utf-8")
    example = text.split("## Example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(example, {}, "lactorama.md", str(PAGE), 0)
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS).run(test)
    assert result.failed == 0


@pytest.mark.parametrize("suffix", MODULES)
def test_docstring_examples_run(suffix: str) -> None:
    module = importlib.import_module("boardgames_fr.lactorama" + suffix)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
