"""The rules page carries the card tables generated from the data, and every rule id."""

from __future__ import annotations

import doctest
import os
import pathlib
import re

import attrs

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import cards_markdown

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "little_factory.md"
START, END = "<!-- cards:start -->\n", "<!-- cards:end -->"


def _with_tables(text: str) -> str:
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + START + cards_markdown() + END + tail


def test_card_tables_are_up_to_date() -> None:
    text = PAGE.read_text("utf-8")
    fresh = _with_tables(text)
    if os.environ.get("LF_REGEN"):
        PAGE.write_text(fresh, "utf-8")
        text = fresh
    assert text == fresh, "run LF_REGEN=1 pytest tests/little_factory/test_lf_docs.py"


def test_every_rule_id_and_option_is_documented() -> None:
    text = PAGE.read_text("utf-8")
    for i in range(1, 14):
        assert re.search(rf"\| LF-{i:02d} \|", text), f"LF-{i:02d}"
    for field in attrs.fields(lf.Options):
        assert f"| `{field.name}` | {field.default} |" in text


def test_example_session_runs() -> None:
    text = PAGE.read_text("utf-8")
    example = text.split("## Example", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    parser = doctest.DocTestParser()
    test = parser.get_doctest(example, {}, "little_factory.md", str(PAGE), 0)
    result = doctest.DocTestRunner().run(test)
    assert result.failed == 0
