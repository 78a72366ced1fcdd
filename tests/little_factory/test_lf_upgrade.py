"""Saves and match logs of an older schema_version load as today's states (`upgrade`).

tests/little_factory/data holds a save and a match log written by the code of
schema_version 1 (the first round's coin exchange phase was then "exchange"): they must
load and give exactly the state today's code reaches by the same moves.
"""

from __future__ import annotations

import json
import pathlib

import pytest

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import (
    BuyBasic,
    EndExchange,
    EndTurn,
    Produce,
)
from boardgames_fr.little_factory.upgrade import upgrade

DATA = pathlib.Path(__file__).resolve().parent / "data"
# The moves of both samples: seat 0 buys two basic goods, produces a brick and ends its
# turn; seat 1 buys two basic goods and is still in its coin exchange (LF-02).
MOVES = (BuyBasic(4), BuyBasic(0), EndExchange(), Produce(5, 0), EndTurn())
MOVES += (BuyBasic(3), BuyBasic(2))


def _replayed() -> bgf.Match:
    """The samples' game played again by today's code."""
    match = bgf.Match.new("little_factory", num_players=2, seed=3)
    for action in MOVES:
        match.apply(action)
    return match


def test_samples_are_of_schema_1_and_hold_the_old_phase() -> None:
    save = json.loads((DATA / "save_v1.json").read_text("utf-8"))
    log = json.loads((DATA / "match_v1.json").read_text("utf-8"))
    assert (save["schema_version"], log["schema_version"]) == (1, 1)
    assert save["state"]["phase"] == "exchange"
    assert lf.GAME_INFO.schema_version == 2


def test_LF02_schema_1_save_loads_as_todays_state() -> None:
    s = bgf.loads((DATA / "save_v1.json").read_text("utf-8"))
    now = _replayed().state
    assert s == now
    assert (s.phase, s.turn, s.coins) == ("coin_exchange", 1, (1, 2))
    # The whole state, field by field and as saved today.
    assert bgf.dumps(s) == bgf.dumps(now)
    assert json.loads(bgf.dumps(s))["schema_version"] == 2
    # And play goes on from it as from today's state.
    assert lf.legal_actions(s) == lf.legal_actions(now)
    assert lf.step(s, EndExchange()) == lf.step(now, EndExchange())


def test_LF02_schema_1_match_log_replays_to_todays_state() -> None:
    old = bgf.Match.from_json((DATA / "match_v1.json").read_text("utf-8"))
    now = _replayed()
    assert old.history == now.history == MOVES
    assert old.states == now.states
    assert old.state.phase == "coin_exchange"
    assert json.loads(old.to_json())["schema_version"] == 2


def test_upgrade_renames_the_phase_of_a_state_only() -> None:
    saved = {"@": "State", "phase": "exchange", "round": 1}
    assert upgrade(saved, 1) == {"@": "State", "phase": "coin_exchange", "round": 1}
    assert saved["phase"] == "exchange"  # the caller's data is not changed
    for kept in ({"@": "State", "phase": "take"}, {"@": "EndExchange"}, {"hand_limit": 5}):
        assert upgrade(kept, 1) == kept
    assert lf.GAME.upgrade({"@": "State", "phase": "exchange"}, 2)["phase"] == "exchange"


def test_a_save_of_an_unknown_schema_is_refused() -> None:
    doc = json.loads((DATA / "save_v1.json").read_text("utf-8"))
    for version in (0, 3):
        with pytest.raises(bgf.InvalidStateError) as e:
            bgf.loads(json.dumps({**doc, "schema_version": version}))
        assert e.value.path == "schema_version"
    with pytest.raises(bgf.InvalidStateError, match="no upgrade from version 0"):
        upgrade({"@": "State"}, 0)


def test_todays_coin_exchange_phase_is_refused_under_the_old_name() -> None:
    # A save of schema 2 spelling the phase the old way is corrupt, not upgraded.
    doc = json.loads(bgf.dumps(lf.step(lf.new_game(2, seed=3), EndExchange())))
    doc["state"]["phase"] = "exchange"
    with pytest.raises(bgf.InvalidStateError) as e:
        bgf.loads(json.dumps(doc))
    assert e.value.path == "state.phase"
