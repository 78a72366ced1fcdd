"""The rules page's generated card lists and tables (the shape of the page, its rule ids,
options and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib
import re

from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "lactorama.md"


def test_page_holds_no_pasted_card_list() -> None:
    assert "#### Saison" not in PAGE.read_text(encoding="utf-8")


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
