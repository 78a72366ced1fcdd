"""Every visible label (describe, render, render_svg; French and English) uses the game's
names, never an internal id or number; unknown values are labelled, never a traceback."""

from __future__ import annotations

import attrs
import pytest
from lf_helpers import BY_NAME, KEY, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.little_factory.actions import (
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
    EndTurn,
    PayGood,
    Produce,
    ProduceBasic,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import BUILDINGS, GOODS

GOOD_ACTIONS = (BuyBasic, ProduceBasic, TakeGood, PayGood, Discard, DrawGood)
BUILDING_ACTIONS = (Build, TakeBuilding, DrawBuilding)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_good_and_building_label_names_the_card(lang: str) -> None:
    for g in GOODS:
        name = g.name_fr if lang == "fr" else g.name_en
        for cls in GOOD_ACTIONS:
            label = lf.describe(cls(g.index), None, lang)
            assert f" {name}" in label and "inconnu" not in label and "unknown" not in label
        for i in range(len(g.recipe)):
            assert f"1 {name} " in lf.describe(Produce(g.index, i), None, lang)
    for b in BUILDINGS.values():
        name = b.name_fr if lang == "fr" else b.name_en
        labels = [lf.describe(cls(b.id), None, lang) for cls in BUILDING_ACTIONS]
        labels += [lf.describe(UseBuilding(b.id, i), None, lang) for i in range(len(b.effect))]
        for label in labels:
            assert name in label and "inconnu" not in label and "unknown" not in label
            assert "n°" not in label and "#" not in label


def test_labels_exact() -> None:
    assert lf.describe(Produce(KEY["fishing_rod"], 0)) == (
        "Produire 1 canne à pêche en dépensant 1 fil + 1 bois"
    )
    assert lf.describe(Produce(KEY["fish"], 0), None, "en") == (
        "Produce 1 fish spending 1 stone and showing 1 fishing rod"
    )
    assert lf.describe(UseBuilding(BY_NAME["dairy"], 0), None, "fr") == (
        "Bâtiment laiterie : montrer 1 vache → lait"
    )
    assert lf.describe(UseBuilding(BY_NAME["accessory_shop"], 1), None, "en") == (
        "Building accessory shop: 1 iron → +2 VP"
    )
    assert lf.describe(TakeBuilding(BY_NAME["castle"])) == "Prendre le bâtiment château (coût 30)"
    assert lf.describe(DrawBuilding(BY_NAME["dairy"]), None, "en") == "Drawn: building dairy"


def test_LF08_market_label_says_a_basic_good_is_taken_from_the_bottom_row() -> None:
    # Choices « marché »: its designed production spends nothing and takes a basic good of
    # the bottom row; the label says that in words (it read « rien → bois »).
    market = BY_NAME["market"]
    labels = [
        (
            lf.describe(UseBuilding(market, i), None, "fr"),
            lf.describe(UseBuilding(market, i), None, "en"),
        )
        for i in range(5)
    ]
    assert labels == [
        (
            f"Bâtiment marché : prendre 1 {fr} de la rangée du bas",
            f"Building market: take 1 {en} from the bottom row",
        )
        for fr, en in (
            ("argile", "clay"),
            ("coton", "cotton"),
            ("pierre", "stone"),
            ("blé", "wheat"),
            ("bois", "wood"),
        )
    ]
    assert not any("rien" in fr or "nothing" in en for fr, en in labels)


@pytest.mark.parametrize(
    ("action", "fr", "en"),
    [
        (TakeGood(99), "Prendre 1 bien inconnu (valeur ?)", "Take 1 unknown good (value ?)"),
        (PayGood(-1), "Payer avec 1 bien inconnu (valeur ?)", "Pay with 1 unknown good (value ?)"),
        (BuyBasic(23), "Acheter 1 bien inconnu pour 1 pièce", "Buy 1 unknown good for 1 coin"),
        (
            Produce(99, 0),
            "Produire 1 bien inconnu (recette inconnue)",
            "Produce 1 unknown good (unknown recipe)",
        ),
        (Produce(5, 3), "Produire 1 brique (recette inconnue)", "Produce 1 brick (unknown recipe)"),
        (Build(0), "Produire un bâtiment inconnu", "Build an unknown building"),
        (TakeBuilding(31), "Prendre un bâtiment inconnu", "Take an unknown building"),
        (UseBuilding(31, 0), "Bâtiment inconnu", "Unknown building"),
        (UseBuilding(16, 1), "Bâtiment laiterie : effet inconnu", "Building dairy: unknown effect"),
        (DrawBuilding(-4), "Pioche : bâtiment inconnu", "Drawn: unknown building"),
        (DrawGood(40), "Pioche : bien inconnu", "Drawn: unknown good"),
    ],
)
def test_unknown_values_are_labelled(action: object, fr: str, en: str) -> None:
    assert lf.describe(action, None, "fr") == fr
    assert lf.describe(action, None, "en") == en


def test_a_field_of_the_wrong_type_is_not_labelled() -> None:
    # An unknown number still gets a label (above); a value of the wrong type is a
    # program's mistake, and the core says so.
    with pytest.raises(ValueError, match=r"^TakeGood: good must be a whole number, not 'x'$"):
        lf.describe(TakeGood("x"), None, "en")  # type: ignore[arg-type]


def test_unknown_values_in_a_picture_are_labelled() -> None:
    s = lf.new_game(2, seed=5)
    odd = attrs.evolve(s, built=((99,), ()), buildings_shown=(*s.buildings_shown, 0), phase="zzz")
    for lang, building, phase in (
        ("fr", "bâtiment inconnu", "phase inconnue"),
        ("en", "unknown building", "unknown phase"),
    ):
        text = lf.render(odd, lang)
        assert text.count(building) == 2 and phase in text and "99" not in text
        assert lf.render_svg(odd, lang).count(building) == 2
    over = attrs.evolve(s, to_move=TERMINAL, end="zzz")
    assert "Partie finie (fin inconnue)" in lf.render(over, "fr")
    assert "Game over (unknown end)" in lf.render(over, "en")


def test_unknown_values_get_a_reason() -> None:
    s = lf.new_game(2, seed=5)
    s = lf.step(s, lf.actions.EndExchange())
    cases = (
        (TakeGood(99), "start a trade first", "il faut d'abord commencer un échange"),
        (PayGood(99), "no good number 99", "aucun bien n'a le numéro 99"),
    )
    for action, reason, fr in cases:
        with pytest.raises(bgf.IllegalActionError, match=reason) as info:
            lf.step(s, action)
        assert fr in info.value.reason("fr")


def test_labels_of_whole_games_use_names_only() -> None:
    # Every menu entry and picture of a few random games, both languages: no repr, no
    # "unknown", no id marker.
    for n in (2, 3, 4):
        s, bots = lf.new_game(n, seed=n), [RandomAgent(n + i) for i in range(n)]
        for _ in range(150):
            if s.to_move == TERMINAL:
                break
            legal = lf.legal_actions(s)
            for lang in ("fr", "en"):
                for a in legal:
                    label = lf.describe(a, s, lang)
                    assert "=" not in label and "inconnu" not in label and "unknown" not in label
                for text in (lf.render(s, lang), lf.render(s, lang, 0)):
                    assert "inconnu" not in text and "unknown" not in text and "#" not in text
                svg = lf.render_svg(s, lang)
                assert "inconnu" not in svg and "unknown" not in svg
            seat = s.to_move
            s = lf.step(s, bots[seat].act(lf.observe(s, seat), legal))


def test_LF09_vp_label_says_the_tokens_left_when_they_are_short() -> None:
    # LF-09 / Choices « VP effects when tokens are short »: the restaurant gives +4 VP,
    # but with 1 token left `step` gives 1; the label says what the move really does.
    s = position(
        hands={0: {"bread": 1, "milk": 1}},
        built={0: ["restaurant"]},
        tokens=(0, 11),
        options=lf.Options(target_points=20),
    )
    use = UseBuilding(BY_NAME["restaurant"], 0)
    assert (
        lf.describe(use, s) == "Bâtiment restaurant : 1 pain + 1 lait → +1 PV (jetons restants : 1)"
    )
    assert lf.describe(use, s, "en") == (
        "Building restaurant: 1 bread + 1 milk → +1 VP (tokens left: 1)"
    )
    after = lf.step(s, use)
    assert (after.tokens, after.token_supply, after.end) == ((1, 11), 0, "tokens")
    # Enough tokens, or no state: the card's own amount.
    full = attrs.evolve(s, tokens=(0, 8), token_supply=4)
    assert lf.describe(use, full, "en") == "Building restaurant: 1 bread + 1 milk → +4 VP"
    assert lf.describe(use, None, "en") == "Building restaurant: 1 bread + 1 milk → +4 VP"


# LF-03 / choice: above the hand limit, ending the turn leads to a discard; the label says so.
@pytest.mark.parametrize(
    ("hand", "options", "fr", "en"),
    [
        (
            {"clay": 2, "stone": 2, "wheat": 2, "wood": 2},
            None,
            "Finir le tour (puis défausser jusqu'à 7 cartes)",
            "End the turn (then discard down to 7 cards)",
        ),
        ({"clay": 2, "stone": 2, "wheat": 2, "wood": 1}, None, "Finir le tour", "End the turn"),
        (
            {"clay": 2},
            lf.Options(hand_limit=1),
            "Finir le tour (puis défausser jusqu'à 1 carte)",
            "End the turn (then discard down to 1 card)",
        ),
        ({"clay": 2}, lf.Options(hand_limit=2), "Finir le tour", "End the turn"),
    ],
)
def test_lf03_end_turn_label_announces_the_discard(
    hand: dict[str, int], options: lf.Options | None, fr: str, en: str
) -> None:
    s = position(hands={0: hand}, options=options)
    assert lf.describe(EndTurn(), s, "fr") == fr
    assert lf.describe(EndTurn(), s, "en") == en
    # Without a state, nothing is known of the hand.
    assert lf.describe(EndTurn(), None, "fr") == "Finir le tour"
    assert lf.describe(EndTurn(), None, "en") == "End the turn"
