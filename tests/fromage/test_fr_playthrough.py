"""Golden playthroughs in the shared format (`boardgames_fr.testing`): whole games replayed
action by action and compared with the recorded pictures (tests/playthroughs/fromage.json).

They pin Fromage's behaviour across refactors. After an intended change of the rules or of
the text picture, regenerate the file and review its diff:

    BGF_REGEN_PLAYTHROUGHS=1 pytest tests/fromage/test_fr_playthrough.py

The action sequences already in the file are kept (a game missing from the file is played
by heuristic bots), so only the pictures, scores and winners can change. A game whose old
actions became illegal must be deleted from the file first, to be played afresh.
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

from boardgames_fr import fromage
from boardgames_fr.testing import check_playthroughs, record_playthrough, write_playthroughs

PATH = pathlib.Path(__file__).resolve().parent.parent / "playthroughs" / "fromage.json"
EVERY = 20  # a picture every this many steps, and at the end

# The first two games are those pinned since the first version (heuristic bots); the
# others were added with the shared format: powers alone, and the festival alone.
GAMES: list[dict[str, Any]] = [
    {"name": "plain", "seed": 2024, "num_players": 2, "options": {}, "chance": "auto"},
    {
        "name": "powers_festival_explicit",
        "seed": 7,
        "num_players": 3,
        "options": {
            "board": "B",
            "powers": True,
            "variant": "festival",
            "cheese_points": "decreasing",
            "extra_cheeses": 2,
        },
        "chance": "explicit",
    },
    {
        "name": "powers_full_set",
        "seed": 11,
        "num_players": 3,
        "options": {"powers": True, "full_set": True},
        "chance": "auto",
    },
    {
        "name": "festival_4p",
        "seed": 5,
        "num_players": 4,
        "options": {"variant": "festival", "board": "B", "mice": 5},
        "chance": "auto",
    },
]


def _old_actions() -> dict[str, list[Any]]:
    """The action sequences already recorded, by game name."""
    if not PATH.exists():
        return {}
    doc = json.loads(PATH.read_text(encoding="utf-8"))
    return {g["spec"]["name"]: g["actions"] for g in doc["games"]}


def regenerate() -> None:
    """Record every game again (the same actions where already recorded) and write it."""
    old = _old_actions()
    records = [
        record_playthrough(
            fromage,
            spec["name"],
            num_players=spec["num_players"],
            seed=spec["seed"],
            options=spec["options"],
            chance=spec["chance"],
            actions=old.get(spec["name"]),
            agents=("heuristic",),
            every=EVERY,
        )
        for spec in GAMES
    ]
    write_playthroughs(PATH, "fromage", records)


def test_golden_playthroughs_replay_exactly() -> None:
    if os.environ.get("BGF_REGEN_PLAYTHROUGHS") or os.environ.get("FROMAGE_REGEN"):
        regenerate()
    assert check_playthroughs(fromage, PATH) == len(GAMES)
    doc = json.loads(PATH.read_text(encoding="utf-8"))
    assert [g["spec"]["name"] for g in doc["games"]] == [g["name"] for g in GAMES]
