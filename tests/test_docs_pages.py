"""The Python samples of README.md and docs/*.md run, and print what their pages say.

(The rules pages' examples have their own test, in test_rules_pages.py.)"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["README.md", *(f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md")))]
# Samples that need what a test does not have: a dask scheduler, a game's skeleton.
NOT_RUN = ("tcp://scheduler:8786", "GAME = Game(")


def _samples(page: str) -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S)


def _run(page: str) -> str:
    """Every sample of the page in one namespace, as a reader runs them top to bottom."""
    namespace: dict[str, object] = {}
    out = io.StringIO()
    for i, code in enumerate(_samples(page)):
        if any(mark in code for mark in NOT_RUN):
            continue
        # the same calls with fewer games
        code = code.replace("games=10_000", "games=20").replace("games=1000", "games=20")
        with contextlib.redirect_stdout(out):
            exec(compile(code, f"{page}, sample {i + 1}", "exec"), namespace)
    return out.getvalue()


def test_every_page_with_samples_is_checked() -> None:
    with_samples = [p for p in PAGES if _samples(p)]
    assert with_samples == [
        "README.md",
        "docs/bots.md",
        "docs/concepts.md",
        "docs/design.md",
        "docs/frontend.md",
        "docs/index.md",
    ]


@pytest.mark.parametrize("page", PAGES)
def test_samples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # bots.md writes results.csv
    _run(page)


def test_samples_print_what_the_pages_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # index.md's comment: « poser une souris sur … »
    assert _run("docs/index.md").startswith("poser une souris sur ")
    # concepts.md: a bad option is a ValueError naming the field and its range
    assert _run("docs/concepts.md") == "mice must be an integer from 1 to 6, not 9\n"
    # frontend.md: the table's menu at the second card of a deal, and the cards left
    assert _run("docs/frontend.md").endswith("\n60 59\n")
    assert _run("docs/bots.md").startswith("fromage: 20 games\n  seat  win rate  95% interval\n")


def _quick_start(page: str) -> list[str]:
    """The command lines of the page's "Quick start" bash block."""
    text = (ROOT / page).read_text(encoding="utf-8")
    block = re.search(r"^## Quick start\n.*?```bash\n(.*?)```", text, re.S | re.M)
    assert block is not None, f"{page} has no Quick start block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_the_docs_home_gives_the_readmes_two_commands() -> None:
    # CI runs README's two lines (.ci/run reads them); the site's home page must not
    # send a reader to other extras (it once lacked web and rl, so their tests skipped).
    readme = _quick_start("README.md")
    assert len(readme) == 2
    assert _quick_start("docs/index.md") == readme
