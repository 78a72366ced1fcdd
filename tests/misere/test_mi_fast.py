"""The hot path's shortcuts are only shortcuts: memo tables and the step's working copy."""

from __future__ import annotations

import pytest

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere import rules
from boardgames_fr.testing import play_random


def _playouts(games: int) -> list[str]:
    out = []
    for g in range(games):
        options = {"plain_squares": 1 + g % 3}
        states, _ = play_random(misere, 2, seed=g, choice_seed=7 + g, options=options)
        out += map(bgf.dumps, states)
    return out


def test_memo_tables_are_only_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    memos = (rules._PLACE_MEMO, rules._ACTIVATE_MEMO, rules._PLACED_MEMO)
    expected = _playouts(30)
    # Emptied, then emptied again every few entries: the same games.
    for memo in memos:
        memo.clear()
    assert _playouts(30) == expected
    for memo in memos:
        memo.clear()
    monkeypatch.setattr(rules, "_MEMO_LIMIT", 3)
    assert _playouts(30) == expected
    assert all(len(memo) <= 3 for memo in memos)


def test_working_copy_builds_the_same_state() -> None:
    s = misere.new_game(2, seed=3)
    steps = 0
    while not misere.is_terminal(s) and steps < 40:
        legal = misere.legal_actions(s)
        s = misere.step(s, legal[(3 * steps) % len(legal)])
        steps += 1
        w = rules._Work(s)
        w.pending = s.pending
        w.p(0)
        assert w.build() == s
    assert steps == 40
