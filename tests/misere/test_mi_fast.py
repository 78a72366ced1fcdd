"""The hot path's shortcuts are only shortcuts: memo tables and states built by `replace`."""

from __future__ import annotations

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere import rules
from boardgames_fr.misere.state import Player, State
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


def test_replace_builds_the_same_state() -> None:
    # Each step builds its state with core.fast.replace, a copy of the old one's fields:
    # it must equal (and hash as) the state the constructor builds from the same fields.
    s = misere.new_game(2, seed=3)
    steps = 0
    while not misere.is_terminal(s) and steps < 40:
        legal = misere.legal_actions(s)
        s = misere.step(s, legal[(3 * steps) % len(legal)])
        steps += 1
        players = tuple(Player(**attrs.asdict(p, recurse=False)) for p in s.players)
        built = State(**{**attrs.asdict(s, recurse=False), "players": players})
        assert built == s and hash(built) == hash(s)
        assert list(vars(built)) == list(vars(s))  # the same fields, in the same order
    assert steps == 40
