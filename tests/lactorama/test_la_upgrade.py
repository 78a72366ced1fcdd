"""Saves and match logs of schema_version 1 (French offer items and end reasons) load in
today's form (the ``upgrade`` hook), and give exactly the states today's code reaches."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama.actions import Give, Take
from boardgames_fr.lactorama.upgrade import upgrade

DATA = pathlib.Path(__file__).resolve().parent / "data"
# Version 1's French values, as this test reads them (the hook has its own table).
WORDS_V1 = {"vaches": "cows", "argent": "money", "rien": "nothing"}


def _today(log: dict) -> bgf.Match:
    """The match of ``log`` played again with today's code, its actions spelt today."""
    m = bgf.Match.new("lactorama", log["num_players"], seed=log["seed"], options=log["options"])
    for data in log["actions"]:
        a = bgf.action_from_json("lactorama", data)
        if type(a) in (Give, Take):
            a = type(a)(WORDS_V1.get(data["kind"], data["kind"]), data["qty"])
        m.apply(a)
    return m


def test_version_2_spells_offer_items_and_end_reasons_in_english() -> None:
    assert L.GAME_INFO.schema_version == 2
    assert (L.GAME_INFO.rule_prefix, L.GAME_INFO.rule_count) == ("LA", 24)


def test_a_version_1_match_log_and_save_load_as_today_s_game() -> None:
    text = (DATA / "match_v1.json").read_text()
    log = json.loads(text)
    assert log["schema_version"] == 1
    kinds = {a.get("kind") for a in log["actions"]}
    assert {"vaches", "argent"} <= kinds  # the sample holds renamed values
    today = _today(log)
    replayed = bgf.Match.from_json(text)
    assert replayed.state == today.state
    assert replayed.history == today.history
    saved = bgf.loads((DATA / "save_v1.json").read_text())
    assert saved == today.state
    assert saved.offer is not None and (saved.offer.give, saved.offer.take) == ("cows", "money")


def test_a_version_1_save_of_a_game_over_loads_with_today_s_end_reason() -> None:
    saved = bgf.loads((DATA / "save_v1_over.json").read_text())
    # The same game today: seed 1, random picks of random.Random(1), to the end.
    s = L.new_game(2, seed=1)
    rnd = random.Random(1)
    while not L.is_terminal(s):
        s = L.step(s, rnd.choice(L.legal_actions(s)))
    assert saved == s and saved.end_reason == "years"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("dernier", "last_farm"),
        ("aucune", "no_farm_left"),
        ("annees", "years"),
        ("vert", "green"),
        ("bons", "bons"),
        ("taille", "size"),
    ],
)
def test_end_reasons_of_version_1_are_upgraded(old: str, new: str) -> None:
    data = {"@": "State", "end_reason": old, "stage": "over"}
    assert upgrade(data, 1) == {"@": "State", "end_reason": new, "stage": "over"}
    assert data["end_reason"] == old  # the input is not changed


def test_an_unknown_version_is_refused() -> None:
    with pytest.raises(bgf.InvalidStateError, match="schema_version"):
        upgrade({"@": "EndYear"}, 7)
