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
