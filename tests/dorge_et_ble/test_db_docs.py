"""The rules page's generated card and resource tables (the shape of the page, its rule
ids, options and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "dorge_et_ble.md"


def test_page_holds_no_pasted_card_table() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert "| Bière |" not in text and "| Pain |" not in text


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
