"""Golden playthroughs of Lactorama in the shared format (`boardgames_fr.testing`).

They pin the behaviour across refactors: the same action sequences as before (read back
from the file), the pictures along the way, the scores and the winners. After an intended
change of the rules, the data or the text picture, regenerate the file and review its diff:

    BGF_REGEN_PLAYTHROUGHS=1 pytest tests/lactorama/test_la_playthrough.py

(a game whose old actions became illegal is then replayed by heuristic farmers from the
start: delete it from the file first.)
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

from boardgames_fr import lactorama as L
from boardgames_fr.testing import golden_playthroughs

PATH = pathlib.Path(__file__).resolve().parent.parent / "playthroughs" / "lactorama.json"
EVERY = 25  # a picture every this many steps, and at the end

GAMES: list[dict[str, Any]] = [
    {"name": "two_farms", "seed": 2024, "num_players": 2, "options": {}, "chance": "auto"},
    {
        "name": "teams_face_down_explicit",
        "seed": 7,
        "num_players": 4,
        "options": {"teams": True, "face_down": True, "years": 1},
        "chance": "explicit",
    },
    {
        "name": "five_farms_land",
        "seed": 11,
        "num_players": 5,
        "options": {"land_always": True, "years": 2},
        "chance": "auto",
    },
]


def test_golden_playthroughs_replay_exactly() -> None:
    regenerate = bool(os.environ.get("BGF_REGEN_PLAYTHROUGHS") or os.environ.get("LACTORAMA_REGEN"))
    assert golden_playthroughs(L, PATH, GAMES, every=EVERY, regenerate=regenerate) == len(GAMES)
