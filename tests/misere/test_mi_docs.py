"""The rules page's generated sector and Oeuvre tables (the shape of the page, its rule
ids, options and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib
import re

from boardgames_fr import misere
from boardgames_fr.misere.data import LIQUIDATED, OEUVRE, SECTORS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "misere.md"


def test_page_holds_no_pasted_table() -> None:
    # The option names and the sector names are only in generated text.
    text = PAGE.read_text(encoding="utf-8")
    assert "`plain_squares` |" not in text
    assert "| Artisans" not in text


def test_docs_tables_list_every_sector_and_space() -> None:
    text = misere.docs_tables()
    for sector in (*SECTORS, LIQUIDATED):
        assert f"| {sector.fr} / {sector.en}:" in text
    rows = re.findall(r"^\| ([^|]+) \| [^|]+ \| [^|]+ \|$", text.split("Oeuvre track", 1)[1], re.M)
    assert rows == ["space", *(space.label for space in OEUVRE)]
    assert "| 1 food per 250 | 1000, 2 xp | 1 worker, 1 food, 2 xp |" in text  # MI-07
