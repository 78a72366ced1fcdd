"""One precise reason per illegal action (review finding 6)."""

from __future__ import annotations

import attrs
import pytest
from lf_helpers import KEY, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import (
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
