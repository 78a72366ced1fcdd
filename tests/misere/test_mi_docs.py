"""docs/rules/misere.md stays true: generated parts are markers, the example runs."""

from __future__ import annotations

import doctest
import importlib
import pathlib
import re
import sys

import attrs

from boardgames_fr import misere
from boardgames_fr.misere.data import LIQUIDATED, OEUVRE, SECTORS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "misere.md"
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


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _section(name: str) -> str:
    return _text().split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_sections_in_order() -> None:
    assert re.findall(r"^## (.+)$", _text(), re.M) == list(SECTIONS)


def test_the_page_holds_the_generation_markers() -> None:
    lines = _text().splitlines()
    for marker in ("info", "options", "tables"):
        assert f"<!-- gen:{marker} misere -->" in lines
    assert "<!-- gen:options misere -->" in _section("Options").splitlines()
    assert "<!-- gen:tables misere -->" in _section("Rules").splitlines()
    # No pasted copies: the option names and the sector names are only in generated text.
    assert "`plain_squares` |" not in _text()
    assert "| Artisans" not in _text()


def test_docs_tables_list_every_sector_and_space() -> None:
    text = misere.docs_tables()
    for sector in (*SECTORS, LIQUIDATED):
        assert f"| {sector.fr} / {sector.en}:" in text
    rows = re.findall(r"^\| ([^|]+) \| [^|]+ \| [^|]+ \|$", text.split("Oeuvre track", 1)[1], re.M)
    assert rows == ["space", *(space.label for space in OEUVRE)]
    assert "| 1 food per 250 | 1000, 2 xp | 1 worker, 1 food, 2 xp |" in text  # MI-07


def test_every_option_has_a_docstring_line() -> None:
    doc = misere.Options.__doc__ or ""
    assert "    Attributes:\n" in doc
    for field in attrs.fields(misere.Options):
        assert re.search(rf"^        {field.name}: .+ \(MI-\d\d\)\.$", doc, re.M), field.name


def test_the_example_session_runs() -> None:
    code = _section("Example").split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(code, {}, "misere.md", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


def test_docstring_examples_run() -> None:
    tried = 0
    names = ("actions", "agents", "data", "render", "rules", "state")
    for name in ("boardgames_fr.misere", *(f"boardgames_fr.misere.{n}" for n in names)):
        importlib.import_module(name)
        result = doctest.testmod(sys.modules[name], optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name
        tried += result.attempted
    assert tried >= 5
