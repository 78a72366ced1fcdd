"""Saves and match logs of schema_version 1 (French ids of die faces and power markers)
load with today's code and give exactly the state it reaches (issue #20)."""

from __future__ import annotations

import copy
import pathlib

import pytest
from fr_samples import sample_match, sample_state

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.state import KINDS, UNROLLED
from boardgames_fr.fromage.upgrade import FACES_V1, KINDS_V1, upgrade

DATA = pathlib.Path(__file__).resolve().parent / "data"


def test_schema_version_is_2_and_rule_ids_are_named() -> None:
    info = fromage.GAME_INFO
    assert info.schema_version == 2
    assert (info.rule_prefix, info.rule_count) == ("FR", 18)
    assert info.rule_ids[0] == "FR-01" and info.rule_ids[-1] == "FR-18"


def test_a_save_of_version_1_loads_as_the_state_today_reaches() -> None:
    state = bgf.loads((DATA / "save_v1.json").read_text(encoding="utf-8"))
    expected = sample_state()
    assert state == expected
    # What the sample holds: markers held and played, faces shown and a die to roll.
    assert state.markers is not None and state.markers.discards
    assert UNROLLED in state.dice and len(set(state.dice)) > 1
    assert all(k in KINDS for hand in state.markers.hands for k in hand)
    assert bgf.loads(bgf.dumps(state)) == state  # and saves again in today's form


def test_a_match_log_of_version_1_replays_as_today() -> None:
    log = (DATA / "match_v1.json").read_text(encoding="utf-8")
    match = bgf.Match.from_json(log)
    expected = sample_match()
    assert match.history == expected.history
    assert match.state == expected.state
    kinds = {type(a).__name__ for a in match.history}
    assert {"DrawMarker", "DieFace", "MoveMouse", "PlayMarker"} <= kinds


def test_upgrade_renames_every_value_of_version_1() -> None:
    effect = {"@": "Effect", "kind": "annulation", "seat": 1, "dice": [], "space": -1}
    state = {
        "@": "State",
        "dice": ["vert", "?", "rouge", "jaune"],
        "todo": ["rouge", "vert"],
        "effects": [{**effect, "kind": "relance"}, effect],
        "markers": {
            "@": "Markers",
            "hands": [["tour", "amelioration", "deterioration"], ["transfert"]],
            "deck": [],
            "discards": ["annulation"],
            "played_by": [1],
        },
    }
    before = copy.deepcopy(state)
    new = upgrade(state, 1)
    assert state == before  # the data given is never changed
    assert new["dice"] == ["green", "unrolled", "red", "yellow"]
    assert new["todo"] == ["red", "green"]
    assert [e["kind"] for e in new["effects"]] == ["reroll", "cancel"]
    assert new["markers"]["hands"] == [["extra_turn", "improvement", "worsening"], ["transfer"]]
    assert new["markers"]["discards"] == ["cancel"]
    for tag, key, old, today in (
        ("MoveMouse", "face", "rouge", "red"),
        ("DieFace", "face", "jaune", "yellow"),
        ("PlayMarker", "kind", "tour", "extra_turn"),
        ("DrawMarker", "kind", "deterioration", "worsening"),
    ):
        assert upgrade({"@": tag, key: old}, 1) == {"@": tag, key: today}
    # Every id of version 1 has a name today, and only the renamed ones.
    assert set(KINDS_V1.values()) == set(KINDS)
    assert set(FACES_V1.values()) == {*fromage.state.FACES, UNROLLED}
    options = {"board": "B", "powers": True, "tour_target": "any"}
    assert upgrade(options, 1) == options


def test_upgrade_leaves_a_bad_value_to_the_decoder_and_refuses_other_versions() -> None:
    assert upgrade({"@": "DieFace", "face": 3}, 1) == {"@": "DieFace", "face": 3}
    assert upgrade({"@": "Markers", "hands": [[1, "tour"]]}, 1)["hands"] == [[1, "tour"]]
    with pytest.raises(bgf.InvalidStateError, match="schema_version"):
        upgrade({}, 3)
