"""docs/rules/fromage.md stays true: its example runs, its tables come from the code."""

from __future__ import annotations

import doctest
import pathlib
import re

import attrs

from boardgames_fr import fromage
from boardgames_fr.fromage.data import BOARDS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "fromage.md"
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


def _section(name: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_the_example_session_runs() -> None:
    code = _section("Example").split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(code, {}, "fromage.md", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5


def test_sections_in_order() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", text, re.M) == list(SECTIONS)


def test_generated_tables_are_markers_not_copies() -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    for marker in ("info", "options", "tables"):
        assert f"<!-- gen:{marker} fromage -->" in lines
    assert "<!-- gen:options fromage -->" in _section("Options").splitlines()
    assert "<!-- gen:tables fromage -->" in _section("Rules").splitlines()
    assert not any(line.startswith("| `board` |") for line in lines)  # no pasted options
    assert not any(line.startswith("### Face") for line in lines)  # no pasted boards


def test_docs_tables_list_every_space_of_both_boards() -> None:
    text = fromage.docs_tables()
    for board in BOARDS.values():
        part = text.split(f"### {board.name_fr}\n", 1)[1].split("### ", 1)[0]
        rows = re.findall(r"^\| ([^|]+?) \| ", part, re.M)
        assert rows == ["space", *board.names]


def test_every_option_has_a_docstring_line() -> None:
    doc = fromage.Options.__doc__ or ""
    for field in attrs.fields(fromage.Options):
        assert re.search(rf"^        {field.name}: .+ \(FR-\d\d(, FR-\d\d)*\)\.$", doc, re.M), (
            field.name
        )


def test_every_rule_id_is_on_the_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for i in range(1, 19):
        assert f"| FR-{i:02d} |" in text


def test_docstring_examples_run() -> None:
    import importlib
    import sys

    names = ("actions", "agents", "data", "explain", "powers", "render", "rules", "state", "turn")
    tried = 0
    for name in ("boardgames_fr.fromage", *(f"boardgames_fr.fromage.{n}" for n in names)):
        importlib.import_module(name)
        result = doctest.testmod(sys.modules[name], optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
        tried += result.attempted
    assert tried >= 15
