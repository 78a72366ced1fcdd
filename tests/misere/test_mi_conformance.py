"""The generic conformance suite on Misère, both chance modes, default and varied options."""

from __future__ import annotations

from boardgames_fr import misere
from boardgames_fr.testing import check_game


def test_check_game_both_chance_modes() -> None:
    check_game(misere, num_players=(2,), chance=("auto", "explicit"))


def test_check_game_other_options() -> None:
    check_game(
        misere,
        chance=("auto",),
        playouts=1,
        options={
            "plain_squares": 1,
            "dotted_squares": 2,
            "rounds": 5,
            "commune_meal_when_empty": "central",
            "eaten_food": "pile",
            "rupture_opens_misery": False,
            "oeuvre_speed": "acting_worker",
            "tie_break": "shared",
        },
    )
