"""The rules page's generated board tables (the shape of the page, its rule ids, options
and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib
import re

from boardgames_fr import fromage
from boardgames_fr.fromage.data import BOARDS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "fromage.md"


def test_page_holds_no_pasted_board() -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    assert not any(line.startswith("| `board` |") for line in lines)  # no pasted options
    assert not any(line.startswith("### Face") for line in lines)  # no pasted boards


def test_docs_tables_list_every_space_of_both_boards() -> None:
    text = fromage.docs_tables()
    for board in BOARDS.values():
        part = text.split(f"### {board.name_fr}\n", 1)[1].split("### ", 1)[0]
        rows = re.findall(r"^\| ([^|]+?) \| ", part, re.M)
        assert rows == ["space", *board.names]
