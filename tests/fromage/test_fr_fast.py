"""The hot path's memo tables are only caches: emptied or tiny, the same games."""

from __future__ import annotations

import pytest

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage import rules, turn
from boardgames_fr.testing import play_random


def _playouts(games: int) -> list[str]:
    out = []
    for g in range(games):
        options = {"board": "AB"[g % 2], "powers": g % 3 == 0}
        states, _ = play_random(fromage, 2 + g % 3, seed=g, choice_seed=3 + g, options=options)
        out += map(bgf.dumps, states)
    return out


def test_memo_tables_are_only_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = _playouts(6)
    rules._APPLY_MEMO.clear()
    turn._ROLLED.clear()
    monkeypatch.setattr(rules, "_MEMO_LIMIT", 2)
    assert _playouts(6) == expected
    assert len(rules._APPLY_MEMO) <= 2


def test_roll_die_fills_the_first_unrolled_die() -> None:
    # FR-08: yellow results are dropped from the results to apply.
    assert turn.roll_die(("unrolled", "unrolled"), "red") == (("red", "unrolled"), None)
    assert turn.roll_die(("yellow", "unrolled", "green"), "red") == (
        ("yellow", "red", "green"),
        ("red", "green"),
    )
    assert turn.roll_die(("unrolled",), "yellow") == (("yellow",), ())
