"""docs/rules/fromage.md stays true: its example runs and its options table matches the code."""

from __future__ import annotations

import doctest
import pathlib
import re

import attrs

from boardgames_fr import fromage

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "fromage.md"


def _section(name: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    return text.split(f"## {name}\n", 1)[1].split("\n## ", 1)[0]


def test_the_example_session_runs() -> None:
    code = _section("Example").split("```python\n", 1)[1].split("```", 1)[0]
    test = doctest.DocTestParser().get_doctest(code, {}, "fromage.md", str(PAGE), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 5


def test_the_options_table_matches_the_code() -> None:
    rows = re.findall(r"^\| `(\w+)` \| `([^`]+)` \|", _section("Options"), re.M)
    documented = {name: default for name, default in rows}
    fields = {f.name: repr(f.default).replace("'", '"') for f in attrs.fields(fromage.Options)}
    assert documented == fields


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
