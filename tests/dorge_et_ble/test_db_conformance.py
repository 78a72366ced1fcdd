"""The generic conformance suite on D'Orge et de Blé, both chance modes."""

from __future__ import annotations

from boardgames_fr import dorge_et_ble
from boardgames_fr.testing import check_game


def test_check_game_both_modes() -> None:
    check_game(dorge_et_ble, num_players=(2,), chance=("auto", "explicit"), playouts=2)


def test_check_game_reset_to_option() -> None:
    check_game(
        dorge_et_ble,
        num_players=(2,),
        chance=("auto",),
        playouts=1,
        max_examples=3,
        options={"drought_sowing": "reset_to"},
    )
