"""The generic conformance suite on Lactorama: 2 to 5 farms, the team game, the variants."""

from __future__ import annotations

import pytest

from boardgames_fr import lactorama as L
from boardgames_fr.testing import check_game


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_LA01_conformance_solo(n: int) -> None:
    """LA-01: 2 to 5 farms pass the conformance suite."""
    check_game(L, num_players=(n,), playouts=2)


@pytest.mark.parametrize("n", [4, 6, 8])
def test_LA01_conformance_teams(n: int) -> None:
    """LA-01: teams of two at 4, 6 and 8 players."""
    check_game(L, num_players=(n,), max_examples=5, playouts=1, options={"teams": True})


@pytest.mark.parametrize(
    "options",
    [
        {"face_down": True, "dice": 1},
        {"land_always": True, "squares": 8, "years": 1},
        {"land_always": True, "face_down": True, "squares": 4, "offers_per_negoce": 0},
        {"squares": 16, "offers_per_negoce": 5},
        {"bank_sales": True, "years": 2},
        {"alliance_ends_convictions": True, "years": 2},
    ],
)
def test_LA21_conformance_variants(options: dict[str, object]) -> None:
    """LA-21: the variants (and the options bank_sales, LA-12, and
    alliance_ends_convictions, LA-17) pass the conformance suite."""
    check_game(L, num_players=(3,), max_examples=2, playouts=1, options=options)
