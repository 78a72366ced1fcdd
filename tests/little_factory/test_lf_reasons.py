"""One precise reason per illegal action (review finding 6)."""

from __future__ import annotations

import re

import attrs
import pytest
from lf_helpers import KEY, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import (
    DrawBuilding,
    DrawGood,
    EndExchange,
    PayGood,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
)

FULL_T3 = {"barrel": 1, "bread": 1, "cloth": 1}
ROWS = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1, **FULL_T3}


def _reason(s: lf.State, a: object) -> str:
    with pytest.raises(bgf.IllegalActionError) as err:
        lf.step(s, a)
    return str(err.value)


def _fr(s: lf.State, a: object) -> str:
    """The French reason (`IllegalActionError.reason`), what a player at the table reads."""
    with pytest.raises(bgf.IllegalActionError) as info:
        lf.step(s, a)
    return info.value.reason("fr")


def _taking() -> lf.State:
    s = position(hands={0: {"charcoal": 2}}, rows=ROWS, coins=(1, 0), shown=["water_mill"])
    return lf.step(s, StartTrade())


def test_take_reasons() -> None:
    s = _taking()
    assert "take at least one good or building" in _reason(s, StopTaking())
    assert "no leather is in the market" in _reason(s, TakeGood(KEY["leather"]))
    assert "there is no good number 99" in _reason(s, TakeGood(99))
    assert "there is no building number 99" in _reason(s, TakeBuilding(99))
    s = lf.step(s, TakeGood(KEY["flour"]))
    assert "every flour shown in the market is already taken" in _reason(s, TakeGood(KEY["flour"]))
    assert "cost more" in _reason(s, TakeGood(KEY["bread"]))
    s = lf.step(s, StopTaking())
    assert "now pay for them" in _reason(s, TakeGood(KEY["brick"]))
    assert "no clay left to pay with" in _reason(s, PayGood(KEY["clay"]))


def test_produce_reasons() -> None:
    s = position(hands={0: {"clay": 1}}, rows=ROWS, discard={"cattle": 1})
    assert "not a basic good" in _reason(s, ProduceBasic(KEY["brick"]))
    assert "is a basic good" in _reason(s, Produce(KEY["wood"], 0))
    assert "no recipe number 3" in _reason(s, Produce(KEY["brick"], 3))
    assert "only in the discard pile" in _reason(s, Produce(KEY["cattle"], 0))
    assert "no sheep is in the market" in _reason(s, Produce(KEY["sheep"], 0))
    assert "lacks the goods" in _reason(s, Produce(KEY["flour"], 0))
    empty = attrs.evolve(s, market=(0,) + s.market[1:], deck=s.deck, hands=s.hands)
    empty = attrs.evolve(
        empty, hands=((empty.hands[0][0] + s.market[0],) + s.hands[0][1:], s.hands[1])
    )
    assert "no clay is left in the bottom row" in _reason(empty, ProduceBasic(KEY["clay"]))


def test_building_reasons_name_what_is_missing() -> None:
    from lf_helpers import BY_NAME

    from boardgames_fr.little_factory.actions import UseBuilding

    s = position(
        hands={0: {"wheat": 1}},
        rows={**ROWS, "flour": 0, "cattle": 1},
        built={0: ["water_mill", "dairy", "castle"]},
        discard={"flour": 2},
    )
    mill, dairy, castle = (BY_NAME[k] for k in ("water_mill", "dairy", "castle"))
    assert "the water mill's product, flour, is not in the market" in _reason(
        s, UseBuilding(mill, 0)
    )
    assert "the dairy needs 1 cattle in hand" in _reason(s, UseBuilding(dairy, 0))
    assert "the dairy has no automated production number 2" in _reason(s, UseBuilding(dairy, 2))
    assert "the castle has no automated production" in _reason(s, UseBuilding(castle, 0))


def test_fields_of_the_wrong_kind_get_a_range_not_a_repr() -> None:
    s = _taking()
    assert _reason(s, TakeGood(None)) == "TakeGood: good must be a whole number, not None"  # type: ignore[arg-type]
    assert _reason(s, TakeBuilding("x")) == "TakeBuilding: building must be a whole number, not 'x'"  # type: ignore[arg-type]
    assert "there is no good number 99 (numbers go from 0 to 22)" in _reason(s, TakeGood(99))


# --- at a chance node: a table typing in the cards that refill the market --------------


def _refill(gap: int) -> lf.State:
    """The first market refill of an explicit game that draws from row ``gap`` (1: tier-2
    goods, 2: tier-3 goods, 3: small buildings, 4: large buildings)."""
    from boardgames_fr.core.rng import Rng
    from boardgames_fr.little_factory.rules import market_gap

    s, r = lf.new_game(2, seed=1, chance="explicit"), Rng(1)
    while not lf.is_terminal(s):
        legal = lf.legal_actions(s)
        if lf.current_player(s) != bgf.CHANCE:
            s = lf.step(s, legal[r.randrange(len(legal))])
        elif market_gap(s) == gap:
            return s
        else:
            s = lf.step(s, bgf.sample_chance(s))
    raise AssertionError(f"no refill of row {gap}")


def test_a_good_card_typed_in_is_refused_without_telling_the_deck() -> None:
    s = _refill(1)
    # The 10 tier 2 goods, milk included (Choices « Lait »): few enough to list, but they
    # tell the hands.
    assert len(lf.legal_actions(s)) == 10
    now = "a tier-2 good card is drawn for the market now"
    assert _reason(s, DrawGood(99)) == "there is no good number 99 (numbers go from 0 to 22)"
    assert _reason(s, DrawGood(0)) == f"clay is not a tier-2 good: {now}"
    assert _reason(s, EndExchange()) == f"the market is being refilled: {now}"
    none_left = attrs.evolve(s, deck=s.deck[:5] + (0,) + s.deck[6:])
    assert _reason(none_left, DrawGood(5)) == "no brick card can be drawn now"
    assert _reason(_refill(2), DrawGood(5)) == (
        "brick is not a tier-3 good: a tier-3 good card is drawn for the market now"
    )
    # in French
    now_fr = "une carte de bien de niveau 2 est piochée maintenant pour le marché"
    assert _fr(s, DrawGood(99)) == "aucun bien n'a le numéro 99 (les numéros vont de 0 à 22)"
    assert _fr(s, DrawGood(0)) == f"l'argile n'est pas un bien de niveau 2 : {now_fr}"
    assert _fr(s, EndExchange()) == f"on regarnit le marché : {now_fr}"
    assert _fr(none_left, DrawGood(5)) == "aucune carte brique ne peut être piochée maintenant"
    assert _fr(_refill(2), DrawGood(5)) == (
        "la brique n'est pas un bien de niveau 3 : "
        "une carte de bien de niveau 3 est piochée maintenant pour le marché"
    )


def test_a_building_typed_in_is_refused_with_the_buildings_left() -> None:
    s = _refill(4)
    left = ", ".join(f'"{lf.describe(a, s, "en")}"' for a in lf.legal_actions(s))
    assert _reason(s, DrawBuilding(999)) == (
        f"there is no building number 999 (numbers go from 1 to 30); possible: {left}"
    )
    assert _reason(s, DrawBuilding(1)) == (
        "brick factory is not a large building: a large building is drawn for the market now;"
        f" possible: {left}"
    )
    gone = attrs.evolve(s, building_deck=tuple(b for b in s.building_deck if b != 7))
    rest = ", ".join(f'"{lf.describe(a, gone, "en")}"' for a in lf.legal_actions(gone))
    assert _reason(gone, DrawBuilding(7)) == (
        f"accessory shop is not in the building deck; possible: {rest}"
    )
    # in French
    left_fr = ", ".join(f"« {lf.describe(a, s, 'fr')} »" for a in lf.legal_actions(s))
    assert _fr(s, DrawBuilding(999)) == (
        f"aucun bâtiment n'a le numéro 999 (les numéros vont de 1 à 30) ; possibles : {left_fr}"
    )
    assert _fr(s, DrawBuilding(1)) == (
        "le bâtiment briqueterie n'est pas un grand bâtiment : un grand bâtiment (coût > 8)"
        f" est pioché maintenant pour le marché ; possibles : {left_fr}"
    )
    rest_fr = ", ".join(f"« {lf.describe(a, gone, 'fr')} »" for a in lf.legal_actions(gone))
    assert _fr(gone, DrawBuilding(7)) == (
        f"le bâtiment maroquinerie n'est pas dans la pioche des bâtiments ; possibles : {rest_fr}"
    )
    small = _refill(3)  # more small buildings left than the core lists
    assert _fr(small, DrawBuilding(13)) == (
        "le bâtiment château n'est pas un petit bâtiment : "
        "un petit bâtiment (coût ≤ 8) est pioché maintenant pour le marché"
    )
    assert _reason(small, DrawBuilding(13)) == (
        "castle is not a small building: a small building is drawn for the market now"
    )


# --- the same reasons in French: the game's words (render.py) and French typography -----


def test_take_reasons_in_french() -> None:
    s = _taking()
    assert _fr(s, StopTaking()) == "il faut prendre au moins un bien ou un bâtiment avant de payer"
    assert _fr(s, TakeGood(KEY["leather"])) == "il n'y a pas de cuir au marché"
    assert _fr(s, TakeGood(99)) == "aucun bien n'a le numéro 99 (les numéros vont de 0 à 22)"
    assert _fr(s, TakeBuilding(99)) == (
        "aucun bâtiment n'a le numéro 99 (les numéros vont de 1 à 30)"
    )
    s = lf.step(s, TakeGood(KEY["flour"]))
    assert _fr(s, TakeGood(KEY["flour"])) == "toutes les cartes farine du marché sont déjà prises"
    assert _fr(s, TakeGood(KEY["bread"])) == (
        "ce serait plus cher que ce que vos biens et vos pièces peuvent payer"
    )
    s = lf.step(s, StopTaking())
    assert _fr(s, TakeGood(KEY["brick"])) == (
        "les biens de cet échange sont choisis : il faut maintenant les payer"
    )
    assert _fr(s, PayGood(KEY["clay"])) == "Joueur 1 n'a plus d'argile pour payer"  # elided


def test_produce_reasons_in_french() -> None:
    s = position(hands={0: {"clay": 1}}, rows=ROWS, discard={"cattle": 1})
    # A sentence opening on a good gives it its article: « la brique », « le bois ».
    assert _fr(s, ProduceBasic(KEY["brick"])) == (
        "la brique n'est pas un bien de base : il faut passer par sa recette"
    )
    assert _fr(s, Produce(KEY["wood"], 0)) == (
        "le bois est un bien de base, à prendre dans la rangée du bas, sans recette"
    )
    assert _fr(s, Produce(KEY["brick"], 3)) == "la brique n'a pas de recette numéro 3"
    assert _fr(s, Produce(KEY["cattle"], 0)) == (
        "la vache n'est que dans la défausse : un bien défaussé ne peut pas être produit"
    )
    assert _fr(s, Produce(KEY["sheep"], 0)) == "il n'y a pas de mouton au marché"
    assert _fr(s, Produce(KEY["flour"], 0)) == "Joueur 1 n'a pas les biens de cette recette"
    empty = attrs.evolve(s, market=(0,) + s.market[1:])
    empty = attrs.evolve(
        empty, hands=((empty.hands[0][0] + s.market[0],) + s.hands[0][1:], s.hands[1])
    )
    assert _fr(empty, ProduceBasic(KEY["clay"])) == (
        "il ne reste plus d'argile dans la rangée du bas"
    )


def test_building_reasons_name_what_is_missing_in_french() -> None:
    from lf_helpers import BY_NAME

    from boardgames_fr.little_factory.actions import UseBuilding

    s = position(
        hands={0: {"wheat": 1}},
        rows={**ROWS, "flour": 0, "cattle": 1},
        built={0: ["water_mill", "dairy", "castle"]},
        discard={"flour": 2},
    )
    mill, dairy, castle = (BY_NAME[k] for k in ("water_mill", "dairy", "castle"))
    # « le bâtiment moulin », as the menus say it (« Produire le bâtiment moulin... »).
    assert _fr(s, UseBuilding(mill, 0)) == (
        "le produit du bâtiment moulin (farine) n'est pas au marché"
    )
    assert _fr(s, UseBuilding(dairy, 0)) == "le bâtiment laiterie demande 1 vache en main"
    assert _fr(s, UseBuilding(dairy, 2)) == (
        "le bâtiment laiterie n'a pas de production automatisée numéro 2"
    )
    assert _fr(s, UseBuilding(castle, 0)) == (
        "le bâtiment château n'a pas de production automatisée"
    )


def test_fields_of_the_wrong_kind_get_a_range_in_french() -> None:
    s = _taking()
    assert _fr(s, TakeGood(None)) == "TakeGood : good doit être un nombre entier, pas None"  # type: ignore[arg-type]
    assert _fr(s, TakeGood(99)) == "aucun bien n'a le numéro 99 (les numéros vont de 0 à 22)"


def test_other_phases_refuse_in_french() -> None:
    from boardgames_fr.little_factory.actions import (
        Build,
        BuyBasic,
        Discard,
        EndTurn,
        PayCoin,
        UseBuilding,
    )

    first = lf.new_game(2, seed=5)
    assert _fr(first, BuyBasic(KEY["brick"])) == (
        "seuls les biens de base s'achètent avec des pièces"
    )
    assert _fr(first, EndTurn()) == "il faut d'abord finir l'échange de pièces du premier tour"
    s = lf.step(first, EndExchange())
    assert _fr(s, BuyBasic(KEY["clay"])) == (
        "les pièces ne s'échangent contre des biens de base qu'au premier tour, "
        "avant de produire ou d'échanger"
    )
    assert _fr(s, TakeGood(KEY["clay"])) == (
        "aucun échange n'est en cours : il faut d'abord commencer un échange"
    )
    assert _fr(s, DrawGood(0)) == "aucune carte n'est piochée en ce moment"
    assert _fr(s, PayCoin()) == "il n'y a rien à payer maintenant"
    assert _fr(s, Discard(0)) == "Joueur 1 ne dépasse pas la limite de main en fin de tour"
    assert _fr(s, UseBuilding(1, 0)) == "Joueur 1 n'a pas ce bâtiment"
    assert _fr(s, Build(1)) == "ce bâtiment n'est pas au marché"
    # Above the hand limit: the count agrees with the limit (« 1 carte », « 7 cartes »).
    full = position(
        hands={0: {"clay": 2}}, rows=ROWS, phase="discard", options=lf.Options(hand_limit=1)
    )
    assert _fr(full, EndTurn()) == "Joueur 1 doit d'abord défausser jusqu'à 1 carte"
    assert _reason(full, EndTurn()) == "Player 1 must first discard down to 1 card"
    assert _fr(full, Discard(KEY["wood"])) == "Joueur 1 n'a pas de bois à défausser"
    assert _reason(full, Discard(KEY["wood"])) == "Player 1 has no wood to discard"
    done = lf.step(position(hands={0: {"clay": 1}}, rows=ROWS), Produce(KEY["brick"], 0))
    assert _fr(done, StartTrade()) == "Joueur 1 a déjà produit ou échangé ce tour-ci"
    assert _reason(done, StartTrade()) == "Player 1 has already produced or traded this turn"


# --- a sweep: every refusal of random games, in both languages ---------------------------

# A French refusal writes « mot : », « mot ; »: no such mark glued to the word before it.
_GLUED = re.compile(r"[^\s\d][:;!?](\s|$)")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _both(s: lf.State, a: object) -> tuple[str, str]:
    with pytest.raises(bgf.IllegalActionError) as info:
        lf.step(s, a)
    return info.value.reason("en"), info.value.reason("fr")


@pytest.mark.parametrize(("num_players", "chance"), [(2, "explicit"), (3, "auto"), (4, "explicit")])
def test_every_refusal_of_random_games_has_a_french_reason_that_hides_the_cards(
    num_players: int, chance: str
) -> None:
    """Actions of the game tried where they are illegal (ones seen legal elsewhere, and a
    few out of range), at decisions and, in explicit mode, at chance nodes: each refusal
    has a French reason of its own, in French typography, and neither text tells what the
    seat cannot see: a state that differs only in hidden cards (other hands, the deck's
    content; at a chance node, every hand) refuses the same action in the same words."""
    from boardgames_fr.core.rng import Rng
    from boardgames_fr.little_factory.actions import UseBuilding

    r = Rng(num_players)
    s = lf.new_game(num_players, seed=num_players, chance=chance)
    seen: dict[object, None] = dict.fromkeys(
        (TakeGood(99), DrawGood(-1), DrawBuilding(0), TakeBuilding(31), UseBuilding(13, 0))
    )
    tried = chance_tried = 0
    while not lf.is_terminal(s) and tried < 400:
        legal = lf.legal_actions(s)
        seen.update(dict.fromkeys(legal))
        mover = lf.current_player(s)
        if r.randrange(3) == 0:
            pool = [a for a in seen if a not in legal]
            seat = None if mover == bgf.CHANCE else mover
            variants = lf.GAME.hidden_variants(s, seat, Rng(tried))
            for _ in range(4):
                a = pool[r.randrange(len(pool))]
                en, fr = _both(s, a)
                tried += 1
                chance_tried += mover == bgf.CHANCE
                assert en and fr, a
                if _WORD.search(en):
                    assert fr != en, (a, en)
                assert not _GLUED.search(fr), (a, fr)
                assert "Joueur 0" not in fr and "Player 0" not in en, (a, fr)
                for v in variants:
                    if a not in lf.legal_actions(v):
                        assert _both(v, a) == (en, fr), (a, en, fr)
        s = lf.step(s, legal[r.randrange(len(legal))])
    assert tried >= 200
    if chance == "explicit":
        assert chance_tried >= 20
