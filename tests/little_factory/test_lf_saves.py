"""Corrupt saves are refused by validate with the field named (BRIEF_FIX item 4)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from lf_helpers import BY_NAME, KEY, counts, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.state import Trade

FULL_T2 = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
FULL_T3 = {"barrel": 1, "bread": 1, "cloth": 1}
ZERO = counts(None)


def _base(**kw: Any) -> lf.State:
    return position(
        hands={0: {"brick": 2, "clay": 1}},
        rows={**FULL_T2, **FULL_T3},
        coins=(2, 0),
        shown=["water_mill"],
        **kw,
    )


def _trade(**kw: Any) -> Trade:
    fields: dict[str, Any] = {
        "taken": ZERO,
        "taken_buildings": (),
        "price": 0,
        "paid": ZERO,
        "paid_coins": 0,
        "paid_value": 0,
    }
    fields.update(kw)
    return Trade(**fields)


def _one(k: int, n: int = 1) -> tuple[int, ...]:
    return tuple(n if i == k else 0 for i in range(len(ZERO)))


FLOUR, BRICK = KEY["flour"], KEY["brick"]
MILL = BY_NAME["water_mill"]
TAKE = {"phase": "take"}
PAY = {"phase": "pay"}

CASES: list[tuple[str, dict[str, Any]]] = [
    ("state.to_move", {"to_move": 1}),
    # Explicit mode: the core refuses any chance node of an auto-mode save (state.explicit);
    # the game's own check is that chance moves only when a row needs a card.
    ("state.to_move", {"to_move": bgf.CHANCE, "explicit": True}),
    ("state.to_move", {"to_move": bgf.TERMINAL}),
    ("state.to_move", {"end": "points"}),
    ("state.end", {"tokens": (12, 0), "token_supply": 0}),
    ("state.end", {"tokens": (0, 10), "token_supply": 2}),
    ("state.phase", {"phase": "discard"}),
    ("state.phase", {"phase": "exchange", "round": 5}),
    ("state.buildings_shown", {"buildings_shown": None}),
    ("state.trade.taken", {**TAKE, "trade": _trade(taken=ZERO + (0, 0))}),
    ("state.trade.taken", {**TAKE, "trade": _trade(taken=_one(FLOUR, 2), price=6)}),
    ("state.trade.taken_buildings", {**TAKE, "trade": _trade(taken_buildings=(99,))}),
    ("state.trade.taken_buildings", {**TAKE, "trade": _trade(taken_buildings=(MILL, MILL))}),
    ("state.trade.price", {**TAKE, "trade": _trade(taken=_one(FLOUR), price=999)}),
    ("state.trade.paid", {**PAY, "trade": _trade(taken=_one(FLOUR), price=3, paid=_one(BRICK, 3))}),
    ("state.trade.paid_coins", {**PAY, "trade": _trade(taken=_one(FLOUR), price=3, paid_coins=3)}),
    (
        "state.trade.paid_value",
        {**PAY, "trade": _trade(taken=_one(FLOUR), price=3, paid_coins=1, paid_value=-1)},
    ),
    (
        "state.trade.paid_value",
        {**PAY, "trade": _trade(taken=_one(FLOUR), price=3, paid=_one(BRICK), paid_value=3)},
    ),
    ("state.trade.paid", {**TAKE, "trade": _trade(paid_coins=1, paid_value=1)}),
]


@pytest.mark.parametrize(("field", "changes"), CASES)
def test_corrupt_saves_are_refused(field: str, changes: dict[str, Any]) -> None:
    s = _base()
    if changes.get("buildings_shown", 0) is None:
        changes = {"buildings_shown": tuple(reversed(s.buildings_shown))}
    bad = attrs.evolve(s, **changes)
    with pytest.raises(bgf.InvalidStateError) as err:
        lf.GAME.validate(bad)
    assert str(err.value).startswith(field), str(err.value)


def test_good_trade_saves_load() -> None:
    s = _base()
    ok = attrs.evolve(
        s, phase="pay", trade=_trade(taken=_one(FLOUR), price=3, paid_coins=1, paid_value=1)
    )
    lf.GAME.validate(ok)
    assert lf.legal_actions(ok)
