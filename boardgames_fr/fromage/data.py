"""The two board faces (FR-02), loaded from ``data/board_*.json`` and checked at import.

A board file lists named spaces with ``x``/``y`` (0-100, for pictures) and two link lists:
``up`` (where a green result may send a mouse, FR-06) and ``down`` (where a red result may,
FR-07); a lateral or diagonal link is simply an entry of these lists. What is checked, so
that every game on the board is playable:

- names are unique, links name known spaces, no space links to itself or twice;
- links are symmetric: Y is in X's ``up`` exactly when X is in Y's ``down``;
- the three ``starts`` have no ``down`` link; the ``top`` (the table) has no ``up`` link;
  every other space has both, so a result always has somewhere to go except a red one on
  a bottom space;
- following ``up`` links never loops, and reaches the table from every space;
- FR-06/FR-07: counting the fewest green results to the table, a green result never takes
  a mouse farther from it and a red one never brings it nearer (an ``up`` link leads one
  green nearer, or sideways to a space as far: a trap; a ``down`` link the reverse);
- every space can be reached from the starts;
- ``extra_cheese`` names spaces that are neither a start nor the table.

Any problem raises `ValueError` naming the file and the field.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

__all__ = ["BOARDS", "Board", "Space", "load_board", "parse_board"]


class Space:
    """One named space of a board."""

    __slots__ = ("down", "en", "fr", "name", "up", "x", "y")

    def __init__(
        self,
        name: str,
        fr: str,
        en: str,
        x: int,
        y: int,
        up: tuple[str, ...],
        down: tuple[str, ...],
    ) -> None:
        self.name = name
        self.fr = fr  # with its article, for sentences: "le gros bidon"
        self.en = en
        self.x = x
        self.y = y
        self.up = up
        self.down = down


class Board:
    """A checked board face, with the lookup tables the rules need precomputed."""

    def __init__(
        self,
        face: str,
        name_fr: str,
        name_en: str,
        spaces: tuple[Space, ...],
        starts: tuple[int, ...],
        top: int,
        extra_cheese: tuple[int, ...],
    ) -> None:
        self.face = face
        self.name_fr = name_fr
        self.name_en = name_en
        self.spaces = spaces
        self.size = len(spaces)
        self.names = tuple(s.name for s in spaces)
        self.index: Mapping[str, int] = {s.name: i for i, s in enumerate(spaces)}
        self.starts = starts
        self.top = top
        self.extra_cheese = extra_cheese
        self.up = tuple(tuple(self.index[n] for n in s.up) for s in spaces)
        self.down = tuple(tuple(self.index[n] for n in s.down) for s in spaces)
        self.distance = _distances(self.up, top)
        """Fewest green results from each space to the table."""


def _distances(up: tuple[tuple[int, ...], ...], top: int) -> tuple[int, ...]:
    inf = len(up) + 1
    dist = [inf] * len(up)
    dist[top] = 0
    changed = True
    while changed:
        changed = False
        for i, links in enumerate(up):
            best = min((dist[j] + 1 for j in links), default=inf)
            if best < dist[i]:
                dist[i] = best
                changed = True
    return tuple(dist)


def _need(cond: bool, where: str, problem: str) -> None:
    if not cond:
        raise ValueError(f"{where}: {problem}")


def _text(doc: Mapping[str, Any], key: str, where: str) -> str:
    value = doc.get(key)
    _need(isinstance(value, str) and value != "", f"{where}.{key}", "expected a non-empty text")
    return str(value)


def _names(doc: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = doc.get(key)
    _need(isinstance(value, list), f"{where}.{key}", "expected a list of space names")
    out = tuple(value) if isinstance(value, list) else ()
    for i, v in enumerate(out):
        _need(isinstance(v, str), f"{where}.{key}[{i}]", "expected a space name")
    _need(len(set(out)) == len(out), f"{where}.{key}", "names a space twice")
    return out


def parse_board(doc: Any, where: str) -> Board:
    """Check a board document and build its `Board`; ``where`` names it in errors."""
    _need(isinstance(doc, dict), where, "expected a JSON object")
    raw = doc.get("spaces")
    _need(isinstance(raw, list) and len(raw) > 0, f"{where}.spaces", "expected a list")
    spaces: list[Space] = []
    for i, s in enumerate(raw):
        at = f"{where}.spaces[{i}]"
        _need(isinstance(s, dict), at, "expected an object")
        for key in ("x", "y"):
            v = s.get(key)
            ok = isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100
            _need(ok, f"{at}.{key}", "expected an integer from 0 to 100")
        spaces.append(
            Space(
                _text(s, "name", at),
                _text(s, "fr", at),
                _text(s, "en", at),
                s["x"],
                s["y"],
                _names(s, "up", at),
                _names(s, "down", at),
            )
        )
    index = {sp.name: i for i, sp in enumerate(spaces)}
    _need(len(index) == len(spaces), f"{where}.spaces", "two spaces have the same name")
    for i, sp in enumerate(spaces):
        at = f"{where}.spaces[{i}]"
        for key in ("up", "down"):
            for j, name in enumerate(getattr(sp, key)):
                _need(name in index, f"{at}.{key}[{j}]", f"unknown space {name!r}")
                _need(name != sp.name, f"{at}.{key}[{j}]", "a space cannot link to itself")
        for name in sp.up:
            back = spaces[index[name]].down
            _need(sp.name in back, f"{at}.up", f"{name!r} has no down link back to {sp.name!r}")
        for name in sp.down:
            back = spaces[index[name]].up
            _need(sp.name in back, f"{at}.down", f"{name!r} has no up link back to {sp.name!r}")
    starts = _names(doc, "starts", where)
    _need(len(starts) == 3, f"{where}.starts", "expected the three bottom spaces")
    top_name = _text(doc, "top", where)
    for name in (*starts, top_name):
        _need(name in index, where, f"unknown space {name!r}")
    top = index[top_name]
    _need(top_name not in starts, f"{where}.top", "the table cannot be a start")
    for i, sp in enumerate(spaces):
        at = f"{where}.spaces[{i}]"
        if sp.name in starts:
            _need(not sp.down, f"{at}.down", "a bottom space has nothing below it")
        else:
            _need(bool(sp.down), f"{at}.down", "needs at least one down link")
        if i == top:
            _need(not sp.up, f"{at}.up", "the table has nothing above it")
        else:
            _need(bool(sp.up), f"{at}.up", "needs at least one up link")
    extra = _names(doc, "extra_cheese", where)
    for j, name in enumerate(extra):
        ok = name in index and name not in starts and name != top_name
        _need(ok, f"{where}.extra_cheese[{j}]", f"{name!r} is not a space between bottom and top")
    board = Board(
        _text(doc, "face", where),
        _text(doc, "name_fr", where),
        _text(doc, "name_en", where),
        tuple(spaces),
        tuple(index[n] for n in starts),
        top,
        tuple(index[n] for n in extra),
    )
    _check_graph(board, where)
    return board


def _check_graph(board: Board, where: str) -> None:
    # Up links must form no loop: a topological order exists.
    indegree = [0] * board.size
    for links in board.up:
        for j in links:
            indegree[j] += 1
    ready = [i for i in range(board.size) if indegree[i] == 0]
    seen = 0
    while ready:
        i = ready.pop()
        seen += 1
        for j in board.up[i]:
            indegree[j] -= 1
            if indegree[j] == 0:
                ready.append(j)
    _need(seen == board.size, f"{where}.spaces", "up links go round in a loop")
    dist = board.distance
    for i, d in enumerate(dist):
        _need(d <= board.size, f"{where}.spaces[{i}]", "the table cannot be reached going up")
    for i, sp in enumerate(board.spaces):
        # FR-06/FR-07: a green result « avance vers le haut », a red one « recule vers le bas ».
        at = f"{where}.spaces[{i}]"
        here = f"from {sp.name!r} ({dist[i]} greens from the table)"
        for j in board.up[i]:
            there = f"{board.names[j]!r} ({dist[j]})"
            _need(
                dist[j] <= dist[i],
                f"{at}.up",
                f"a green result takes a mouse {here} farther, to {there}",
            )
        for j in board.down[i]:
            there = f"{board.names[j]!r} ({dist[j]})"
            _need(
                dist[j] >= dist[i],
                f"{at}.down",
                f"a red result brings a mouse {here} nearer, to {there}",
            )
    reached = set(board.starts)
    frontier = list(board.starts)
    while frontier:
        i = frontier.pop()
        for j in board.up[i] + board.down[i]:
            if j not in reached:
                reached.add(j)
                frontier.append(j)
    for i in range(board.size):
        _need(i in reached, f"{where}.spaces[{i}]", "cannot be reached from the bottom spaces")


def load_board(filename: str) -> Board:
    """Load and check ``data/<filename>`` of this package."""
    where = f"fromage/data/{filename}"
    text = resources.files("boardgames_fr.fromage").joinpath("data", filename).read_text("utf-8")
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise ValueError(f"{where}: not valid JSON ({e})") from None
    return parse_board(doc, where)


BOARDS: Mapping[str, Board] = {"A": load_board("board_a.json"), "B": load_board("board_b.json")}
"""The board faces by option value: A (easier), B (harder)."""
