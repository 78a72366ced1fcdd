"""The API reference (docs/reference/, built by mkdocstrings) covers every public name."""

from __future__ import annotations

import importlib.util
import inspect
import pathlib
import re

import pytest

import boardgames_fr as bgf

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"
REFERENCE = DOCS / "reference"
# The mkdocs hook that generates each game's reference page.
_spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
assert _spec is not None and _spec.loader is not None
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)


def _directives() -> dict[str, str]:
    """Each ``::: module`` directive of the reference pages, with the text that follows it
    up to the next directive (its options, such as a ``members`` list)."""
    out = {}
    pages = [p.read_text(encoding="utf-8") for p in REFERENCE.glob("*.md")]
    pages += [hooks.reference_page(gid) for gid in bgf.GAME_IDS]
    for text in pages:
        parts = re.split(r"^::: (\S+)$", text, flags=re.M)
        for name, body in zip(parts[1::2], parts[2::2], strict=True):
            out[name] = body
    return out


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_each_game_has_its_module_and_its_actions(game_id: str) -> None:
    directives = _directives()
    assert f"boardgames_fr.{game_id}" in directives
    assert f"boardgames_fr.{game_id}.actions" in directives
    assert f"reference/{game_id}.md" in (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")


def test_every_top_level_name_is_documented() -> None:
    directives = _directives()
    listed = re.findall(r"^\s+- (\w+)$", directives["boardgames_fr"], re.M)
    missing = []
    for name in bgf.__all__:
        obj = getattr(bgf, name)
        home = obj.__name__ if inspect.ismodule(obj) else getattr(obj, "__module__", None)
        if name not in listed and home not in directives:
            missing.append(name)
    assert not missing
