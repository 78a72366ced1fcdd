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

import pathlib
from typing import Any

from boardgames_fr import fromage
from boardgames_fr.testing import golden_playthroughs

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


def test_golden_playthroughs_replay_exactly() -> None:
    assert golden_playthroughs(fromage, PATH, GAMES, every=EVERY) == len(GAMES)
