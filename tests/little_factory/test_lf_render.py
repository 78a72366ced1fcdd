"""Pictures: the public view hides every hand; a seat's view adds its own hand only."""

from __future__ import annotations

import attrs

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import GOODS


def _state() -> lf.State:
    s = lf.new_game(2, seed=5)
    hands = ((1, 0, 0, 0, 0) + (0,) * (len(GOODS) - 5), (0, 0, 0, 0, 2) + (0,) * (len(GOODS) - 5))
    return attrs.evolve(s, hands=hands)


def test_public_render_shows_hand_sizes_only() -> None:
    text = lf.render(_state(), "fr")
    assert "main :" not in text
    assert "Joueur 0 : 0 PV (0 jeton), 3 pièces, 1 carte en main ; bâtiments : —" in text
    assert "Joueur 1 : 0 PV (0 jeton), 4 pièces, 2 cartes en main ; bâtiments : —" in text


def test_seat_render_shows_own_hand_only() -> None:
    s = _state()
    wood, fourth = GOODS[0].name_fr, GOODS[4].name_fr
    text = lf.render(s, "fr", 1)
    assert f"2 cartes en main ; main : {fourth} ×2 ;" in text
    assert f"main : {wood}" not in text
    en = lf.render(s, "en", 0)
    assert f"1 card in hand; hand: {GOODS[0].name_en}; buildings" in en


def test_render_typography() -> None:
    text = lf.render(_state(), "fr")
    assert "  Bâtiments (≤ 8) : " in text
    assert "  Niveau 3 : " in text
    assert "Pioche : niveau 2 : " in text and " cartes, niveau 3 : " in text


def test_render_svg_languages_and_no_hand() -> None:
    s = _state()
    fr, en = lf.render_svg(s), lf.render_svg(s, "en")
    assert "Joueur 1 : 0 PV, 4 pièces, 2 cartes" in fr
    assert "Seat 1: 0 VP, 4 coins, 2 cards" in en
    assert "Niveau 2" in fr and "Tier 2" in en


def test_menu_labels_give_quantities() -> None:
    from lf_helpers import KEY

    from boardgames_fr.little_factory.actions import Discard, PayGood, Produce, TakeGood

    clay = KEY["clay"]
    assert lf.describe(Produce(KEY["brick"], 0), None, "fr") == (
        "Produire 1 brique en dépensant 1 argile"
    )
    assert lf.describe(Produce(KEY["timber"], 0), None, "en") == "Produce 1 timber spending 2 wood"
    assert lf.describe(TakeGood(clay), None, "fr") == "Prendre 1 argile (valeur 1)"
    assert lf.describe(PayGood(clay), None, "fr") == "Payer avec 1 argile (valeur 1)"
    assert lf.describe(Discard(clay), None, "fr") == "Défausser 1 argile (limite de main)"
