"""Bad input found by fuzzing the compiled rules against their source (session 10)."""

from __future__ import annotations

import json

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama.actions import BuyCows, ChooseNeighbour, DieRoll


def test_a_match_log_records_the_games_own_action() -> None:
    """`step` plays DieRoll(4.0) as DieRoll(4); the log recorded 4.0, and its own
    `from_json` then refused it (« expected an integer, got 4.0 »)."""
    m = bgf.Match.new("lactorama", 2, seed=1, chance="explicit")
    m.apply(DieRoll(4.0))  # type: ignore[arg-type]  # equal to DieRoll(4)
    m.apply(DieRoll(True))  # equal to DieRoll(1)
    assert m.history == (DieRoll(4), DieRoll(1))
    assert [type(a.value) for a in m.history] == [int, int]
    assert bgf.Match.from_json(m.to_json()).state == m.state
    s = L.new_game(2, seed=1)
    while BuyCows(False) not in L.legal_actions(s):
        s = L.step(s, L.legal_actions(s)[-1])
    shop = bgf.Match("lactorama", 2, 1, s.options, "auto", s)
    shop.apply(BuyCows(0))  # type: ignore[arg-type]
    assert shop.history == (BuyCows(False),) and shop.history[0].loan is False


def test_an_index_too_large_for_c_is_refused_as_any_other() -> None:
    """Compiled code raised OverflowError here, where Python raises IndexError."""
    s = attrs.evolve(L.new_game(2, seed=1), to_move=2**64)
    with pytest.raises(bgf.IllegalActionError):
        L.step(s, ChooseNeighbour(1))


@pytest.mark.parametrize("field", ["money", "ha", "cows", "bons", "green"])
def test_a_save_beyond_any_game_is_refused(field: str) -> None:
    """Such a save loaded, then `scores` and the bot overflowed a float."""
    doc = json.loads(bgf.dumps(L.new_game(2, seed=1)))
    doc["state"]["farms"][0][field] = 2**1100
    with pytest.raises(bgf.InvalidStateError, match=rf"farms\[0\]\.{field}"):
        bgf.loads(json.dumps(doc))
    doc["state"]["farms"][0][field] = -(10**12) - 1
    with pytest.raises(bgf.InvalidStateError, match=rf"farms\[0\]\.{field}"):
        bgf.loads(json.dumps(doc))
