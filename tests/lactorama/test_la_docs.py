"""The rules page: up to date with the data, every rule id, every option."""

from __future__ import annotations

import os
import pathlib
import re

import attrs
import pytest

from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "lactorama.md"
BEGIN, END = "<!-- tables:begin -->", "<!-- tables:end -->"


def _with_tables(text: str) -> str:
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{D.rules_markdown()}{END}{tail}"


def test_rules_page_tables_are_generated_from_the_data() -> None:
    """Regenerate with LACTORAMA_REGEN=1 pytest tests/lactorama/test_la_docs.py."""
    text = PAGE.read_text(encoding="utf-8")
    fresh = _with_tables(text)
    if os.environ.get("LACTORAMA_REGEN"):
        PAGE.write_text(fresh, encoding="utf-8")
        pytest.skip("rules page regenerated")
    assert text == fresh, "docs/rules/lactorama.md is out of date: LACTORAMA_REGEN=1"


def test_rules_page_cites_every_rule_and_option() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for i in range(1, 25):
        assert re.search(rf"\*\*LA-{i:02d}\*\*", text), f"LA-{i:02d}"
    for field in attrs.fields(L.Options):
        assert f"| `{field.name}` | {field.default!r} |" in text, field.name


def test_every_card_is_listed() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for cid, card in D.CARDS.items():
        assert f"| {cid} | {card.name_fr}" in text
