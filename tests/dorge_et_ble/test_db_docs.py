"""The rules page is up to date with the data: the card table is generated, not copied.

Regenerate the table with ``DORGE_REGEN_DOCS=1 pytest tests/dorge_et_ble/test_db_docs.py``.
"""

from __future__ import annotations

import os
import pathlib
import re

import attrs

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble.data import card_table_markdown

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "dorge_et_ble.md"
BEGIN, END = "<!-- cards:begin -->", "<!-- cards:end -->"


def _with_table(text: str) -> str:
    head, rest = text.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{card_table_markdown()}\n{END}{tail}"


def test_card_table_is_up_to_date() -> None:
    text = PAGE.read_text(encoding="utf-8")
    fresh = _with_table(text)
    if os.environ.get("DORGE_REGEN_DOCS") and fresh != text:
        PAGE.write_text(fresh, encoding="utf-8")
        text = fresh
    assert text == fresh, "run DORGE_REGEN_DOCS=1 pytest tests/dorge_et_ble/test_db_docs.py"
    assert text.count("| Bière |") == 30 and text.count("| Pain |") == 30


def test_page_cites_every_rule_and_option() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for i in range(1, 17):
        assert re.search(rf"\| DB-{i:02d} \|", text), f"DB-{i:02d}"
    for field in attrs.fields(db.Options):
        assert f"`{field.name}`" in text
    sections = re.findall(r"^## (\w+)", text, re.M)
    assert sections == [
        "Overview",
        "Setup",
        "A",
        "Rules",
        "Choices",
        "Actions",
        "Observation",
        "Scoring",
        "Options",
        "Example",
    ]
