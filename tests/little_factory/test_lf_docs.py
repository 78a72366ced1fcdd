"""The rules page's generated card tables (the shape of the page, its rule ids, options
and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib
import re

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import BUILDINGS, GOODS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "little_factory.md"


def test_page_holds_no_pasted_card_table() -> None:
    text = PAGE.read_text("utf-8")
    assert "### Buildings" not in text
    assert "| good | copies 2p |" not in text


def test_docs_tables_list_every_good_and_building() -> None:
    tables = lf.docs_tables()
    for g in GOODS:
        assert re.search(rf"^\| {re.escape(f'{g.name_fr} ({g.name_en})')} \|", tables, re.M), g
    for b in BUILDINGS.values():
        assert f"| {b.id} | {b.name_fr} ({b.name_en}) | {b.cost} |" in tables, b.key
    for heading in ("Basic goods", "Tier 2 goods", "Tier 3 goods", "Buildings"):
        assert f"### {heading}" in tables
