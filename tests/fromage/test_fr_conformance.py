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
]


@pytest.mark.parametrize("options", VARIANTS, ids=["powers", "full_set_B", "festival"])
@pytest.mark.parametrize("num_players", [2, 4])
def test_variants_pass_check_game(options: dict[str, object], num_players: int) -> None:
    check_game(
        fromage,
        num_players=(num_players,),
        options=options,
        max_examples=4,
        playouts=1,
    )
