"""Saves and match logs of schema 1 (before issue #20's English values) still load.

``data/save_v1.json`` and ``data/match_v1.json`` were written by the code of schema 1: a
random game (seed 267) up to a move in progress at the Oeuvre circle (stage ``"oeuvre"``,
now ``"work_for_self"``), after a ``Glander`` (now ``SlackOff``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere.actions import ACTION_TYPES, SlackOff
from boardgames_fr.misere.state import WORK_FOR_SELF
from boardgames_fr.misere.upgrade import upgrade

DATA = Path(__file__).parent / "data"
SAVE_V1 = (DATA / "save_v1.json").read_text(encoding="utf-8")
MATCH_V1 = (DATA / "match_v1.json").read_text(encoding="utf-8")

# Schema 1's action classes, by the name a log tags them with: today's, and the renamed.
_V1_ACTIONS: dict[str, Any] = {c.__name__: c for c in ACTION_TYPES} | {"Glander": SlackOff}


def _played_today() -> misere.State:
    """The sample's game played again with today's classes, built by today's rules."""
    log = json.loads(MATCH_V1)
    s = misere.new_game(log["num_players"], seed=log["seed"])
    for raw in log["actions"]:
        fields = {k: v for k, v in raw.items() if k != "@"}
        s = misere.step(s, _V1_ACTIONS[raw["@"]](**fields))
    return s


def test_the_samples_hold_the_renamed_values() -> None:
    save, log = json.loads(SAVE_V1), json.loads(MATCH_V1)
    assert save["schema_version"] == log["schema_version"] == 1
    assert save["state"]["pending"]["stage"] == "oeuvre"
    assert {"@": "Glander"} in log["actions"]
    assert misere.GAME_INFO.schema_version == 2


def test_save_v1_loads_as_the_state_play_reaches_today() -> None:
    s = bgf.loads(SAVE_V1)
    assert s == _played_today()
    assert s.pending is not None and s.pending.stage == WORK_FOR_SELF
    # Saved again, it is today's form, and loads as it is.
    text = bgf.dumps(s)
    assert json.loads(text)["schema_version"] == 2
    assert '"stage":"work_for_self"' in text and '"stage":"oeuvre"' not in text
    assert bgf.loads(text) == s


def test_match_v1_replays_to_the_state_play_reaches_today() -> None:
    match = bgf.Match.from_json(MATCH_V1)
    assert match.state == _played_today() == bgf.loads(SAVE_V1)
    assert SlackOff() in match.history
    again = json.loads(match.to_json())
    assert again["schema_version"] == 2 and {"@": "SlackOff"} in again["actions"]
    assert bgf.Match.from_json(match.to_json()).state == match.state


def test_upgrade_renames_only_what_schema_2_renamed() -> None:
    state = json.loads(SAVE_V1)["state"]
    new = upgrade(state, 1)
    assert new["pending"]["stage"] == "work_for_self"
    assert new["options"] == state["options"] and new["players"] == state["players"]
    assert state["pending"]["stage"] == "oeuvre"  # the input is left as it was
    # "oeuvre" as the Oeuvre tile, in a Qualify or a LoseWorker, keeps its name.
    assert upgrade({"@": "Qualify", "where": "oeuvre", "index": -1}, 1)["where"] == "oeuvre"
    assert upgrade({"@": "LoseWorker", "which": "oeuvre"}, 1) == {
        "@": "LoseWorker",
        "which": "oeuvre",
    }
    assert upgrade({"@": "Glander"}, 1) == {"@": "SlackOff"}
    assert bgf.action_from_json("misere", {"@": "Glander"}, schema_version=1) == SlackOff()


def test_an_unknown_schema_is_refused() -> None:
    with pytest.raises(bgf.InvalidStateError, match=r"^schema_version: "):
        bgf.loads(SAVE_V1.replace('"schema_version":1', '"schema_version":3'))
    with pytest.raises(bgf.InvalidStateError, match=r"^schema_version: Misère has no schema 0"):
        upgrade({}, 0)
