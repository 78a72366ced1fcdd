"""One precise reason per illegal action (review finding 6)."""

from __future__ import annotations

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
    from boardgames_fr.little_factory.rules import _gap

    s, r = lf.new_game(2, seed=1, chance="explicit"), Rng(1)
    while not lf.is_terminal(s):
        legal = lf.legal_actions(s)
        if lf.current_player(s) != bgf.CHANCE:
            s = lf.step(s, legal[r.randrange(len(legal))])
        elif _gap(s) == gap:
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
