"""mkdocs hook: tables that come from code are generated at build time, never copied.

A page may hold these markers, each alone on a line:

- ``<!-- gen:games -->``: every registered game with its players and summary;
- ``<!-- gen:options GAME -->``: the fields of the game's ``Options`` with defaults;
- ``<!-- gen:info GAME -->``: the game's ``GAME_INFO``;
- ``<!-- gen:tables GAME -->``: the game module's ``docs_tables()`` (card lists, boards).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

import boardgames_fr as bgf
from boardgames_fr.core.options import allowed_text

_MARK = re.compile(r"^<!-- gen:(\w+)(?: (\w+))? -->$", re.M)


def _games() -> str:
    rows = ["| id | jeu / game | players | summary |", "|---|---|---|---|"]
    for gid in bgf.GAME_IDS:
        info = bgf.get_game(gid).GAME_INFO
        link = f"[{info.name_fr}](rules/{gid}.md)"
        rows.append(f"| `{gid}` | {link} | {info.players_text()} | {info.summary_en} |")
    return "\n".join(rows)


def _options(gid: str) -> str:
    """Options from the class itself: field, default, allowed values, and the meaning
    written under ``Attributes:`` in its docstring (Google style)."""
    module = bgf.get_game(gid)
    rows = ["| option | default | allowed | meaning |", "|---|---|---|---|"]
    doc = module.Options.__doc__ or ""
    for field in attrs.fields(module.Options):
        m = re.search(rf"^\s+{field.name}(?: \([^)]*\))?:\s*(.+?)\s*$", doc, re.M)
        meaning = m.group(1) if m else ""
        rows.append(f"| `{field.name}` | `{field.default!r}` | {allowed_text(field)} | {meaning} |")
    return "\n".join(rows)


def _info(gid: str) -> str:
    info = bgf.get_game(gid).GAME_INFO
    rows = ["| | |", "|---|---|"]
    for field in attrs.fields(type(info)):
        rows.append(f"| {field.name} | `{getattr(info, field.name)!r}` |")
    return "\n".join(rows)


def _tables(gid: str) -> str:
    module = bgf.get_game(gid)
    fn = getattr(module, "docs_tables", None)
    return str(fn()) if fn is not None else ""


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace each generation marker with its table."""

    def sub(m: re.Match[str]) -> str:
        kind, gid = m.group(1), m.group(2)
        if kind == "games":
            return _games()
        if kind == "options" and gid:
            return _options(gid)
        if kind == "info" and gid:
            return _info(gid)
        if kind == "tables" and gid:
            return _tables(gid)
        raise ValueError(f"unknown docs marker {m.group(0)!r}")

    return _MARK.sub(sub, markdown)
