"""Golden playthroughs in the shared format (boardgames_fr.testing): whole games replayed
action by action and compared with the recorded pictures (tests/playthroughs/
little_factory.json).

Regenerate after a deliberate change of the rules or of the pictures with
``BGF_REGEN_PLAYTHROUGHS=1 pytest tests/little_factory/test_lf_playthrough.py`` and review
the diff: the action sequences already in the file are kept (a game missing from the file
is played by bots), so only the pictures change.
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import boardgames_fr.little_factory as lf
from boardgames_fr.testing import check_playthroughs, record_playthrough, write_playthroughs

PATH = pathlib.Path(__file__).resolve().parents[1] / "playthroughs" / "little_factory.json"

# The first game is the heuristic agents' 3-player game pinned since the first version;
# the second is in explicit chance mode with non-default options.
SPECS: list[dict[str, Any]] = [
    {"name": "heuristic_3p", "num_players": 3, "seed": 2024, "options": {}, "chance": "auto"},
    {
        "name": "explicit_short_hand",
        "num_players": 2,
        "seed": 7,
        "options": {"hand_limit": 5, "reshuffle_discard": False, "max_rounds": 12},
        "chance": "explicit",
    },
]


def _old_actions() -> dict[str, list[Any]]:
    """The action sequences already recorded, by game name (either file format)."""
    if not PATH.exists():
        return {}
    doc = json.loads(PATH.read_text("utf-8"))
    if "games" in doc:
        return {g["spec"]["name"]: g["actions"] for g in doc["games"]}
    return {"heuristic_3p": doc["actions"]}  # the first, single-game format


def regenerate() -> None:
    """Record every game again (same actions when already recorded) and write the file."""
    old = _old_actions()
    records = [
        record_playthrough(
            lf,
            spec["name"],
            num_players=spec["num_players"],
            seed=spec["seed"],
            options=spec["options"],
            chance=spec["chance"],
            actions=old.get(spec["name"]),
            every=40,
        )
        for spec in SPECS
    ]
    write_playthroughs(PATH, "little_factory", records)


def test_golden_playthroughs() -> None:
    if os.environ.get("BGF_REGEN_PLAYTHROUGHS"):
        regenerate()
    assert check_playthroughs(lf, PATH) == len(SPECS)
