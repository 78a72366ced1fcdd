"""Golden playthroughs in the shared format (boardgames_fr.testing): whole games replayed
action by action and compared with the recorded pictures (tests/playthroughs/
little_factory.json).

Regenerate after a deliberate change of the rules or of the pictures with
``BGF_REGEN_PLAYTHROUGHS=1 pytest tests/little_factory/test_lf_playthrough.py`` and review
the diff: the action sequences already in the file are kept (a game missing from the file
is played by bots), so only the pictures change.
"""

from __future__ import annotations

import pathlib
from typing import Any

import boardgames_fr.little_factory as lf
from boardgames_fr.testing import golden_playthroughs

PATH = pathlib.Path(__file__).resolve().parents[1] / "playthroughs" / "little_factory.json"

# The first game is the heuristic agents' 3-player game pinned since the first version;
# the second is in explicit chance mode with non-default options. Both were recorded with
# milk in tier 3 and replay unchanged with milk_tier=3, the published card (Choices
# « Lait »); the third, played by random agents, pins the default: milk in tier 2.
PUBLISHED_MILK = {"milk_tier": 3}
SPECS: list[dict[str, Any]] = [
    {
        "name": "heuristic_3p",
        "num_players": 3,
        "seed": 2024,
        "options": PUBLISHED_MILK,
        "chance": "auto",
    },
    {
        "name": "explicit_short_hand",
        "num_players": 2,
        "seed": 7,
        "options": {"hand_limit": 5, "reshuffle_discard": False, "max_rounds": 12} | PUBLISHED_MILK,
        "chance": "explicit",
    },
    {"name": "seed_milk_tier_4p", "num_players": 4, "seed": 5, "options": {}, "chance": "auto"},
]


def test_golden_playthroughs() -> None:
    assert golden_playthroughs(lf, PATH, SPECS, every=40, agents=("random",)) == len(SPECS)
