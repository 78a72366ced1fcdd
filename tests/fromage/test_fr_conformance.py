"""The generic conformance suite on Fromage's variants (the default game is covered by
tests/test_conformance.py at every player count)."""

from __future__ import annotations

import pytest

from boardgames_fr import fromage
from boardgames_fr.testing import check_game

VARIANTS = [
    {"powers": True},
    {"powers": True, "full_set": True, "board": "B", "mice": 5},
    {"variant": "festival", "cheese_points": "decreasing", "extra_cheeses": 2, "powers": True},
    # The options for the Choices rows (FR-03, FR-13, FR-15, FR-16), the other way.
    {
        "powers": True,
        "full_set": True,
        "tour_target": "any",
        "die_change": "full",
        "placement": "by_player",
    },
    {"powers": True, "variant": "festival", "tour_target": "any", "placement": "one_space"},
]
IDS = ["powers", "full_set_B", "festival", "house_rules", "festival_one_space"]


@pytest.mark.parametrize("options", VARIANTS, ids=IDS)
@pytest.mark.parametrize("num_players", [2, 4])
def test_variants_pass_check_game(options: dict[str, object], num_players: int) -> None:
    check_game(
        fromage,
        num_players=(num_players,),
        options=options,
        max_examples=4,
        playouts=1,
    )
