"""mkdocs hook: tables that come from code are generated at build time, never copied.

A page may hold these markers, each alone on a line:

- ``<!-- gen:games -->``: every registered game with its players and summary;
- ``<!-- gen:options GAME -->``: the fields of the game's ``Options`` with defaults;
- ``<!-- gen:info GAME -->``: the game's ``GAME_INFO``;
- ``<!-- gen:tables GAME -->``: the game module's ``docs_tables()`` (card lists, boards).

Each registered game's API reference page (``reference/<game>.md``) is generated too, from
one template: a new game needs only its nav entry.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import attrs

import boardgames_fr as bgf
from boardgames_fr.core.options import allowed_text

if TYPE_CHECKING:
    from mkdocs.structure.files import Files

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


REFERENCE = """# {name}

Every game module exports the same functions, bound from its `GAME` (a
[`Game`](core.md#boardgames_fr.core.game.Game)): `new_game`, `legal_actions`, `step`,
`current_player`, `is_terminal`, `scores`, `winners`, `returns`, `chance_outcomes`,
`observe`, `describe` and `render`, documented with examples on the
[core page](core.md#boardgames_fr.core.game.Game). The rules are on the
[game's page](../rules/{gid}.md). Below: what is particular to this game.

::: {module}

## Actions

The moves of this game, one small frozen class each: a frontend builds them from a
menu or from JSON and hands them to `step`.

::: {module}.actions
"""


def reference_page(gid: str) -> str:
    """The API reference page of a registered game."""
    module = bgf.get_game(gid)
    return REFERENCE.format(name=module.GAME_INFO.name_fr, gid=gid, module=module.__name__)


def on_files(files: Files, config: Any, **kwargs: Any) -> Files:
    """Add the reference page of each registered game."""
    # Imported here so that the tests can read reference_page() without the docs extra.
    from mkdocs.structure.files import File

    for gid in bgf.GAME_IDS:
        files.append(File.generated(config, f"reference/{gid}.md", content=reference_page(gid)))
    return files


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
