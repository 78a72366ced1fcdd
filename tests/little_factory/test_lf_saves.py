"""Corrupt saves are refused by validate with the field named (BRIEF_FIX item 4)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from lf_helpers import BY_NAME, KEY, counts, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import EndTurn, ProduceBasic, UseBuilding
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
    ("state.phase", {"phase": "coin_exchange", "round": 5}),
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
    # LF-02: coins are dealt 3, 4, ... and only spent: seat 0 cannot hold 4.
    ("state.coins[0]", {"coins": (4, 0)}),
    # LF-03: a trade starts only before the turn's production or trade.
    ("state.acted", {**TAKE, "acted": True, "trade": _trade()}),
    ("state.built[0]", {"built": ((MILL, BY_NAME["quarry"]), ())}),
    # LF-01, LF-09, LF-13: the end's reason must hold (here nobody scored, tokens are left
    # and it is round 2 of 60), or `winners` would name a seat with 0 points.
    ("state.end", {"to_move": bgf.TERMINAL, "end": "points"}),
    ("state.end", {"to_move": bgf.TERMINAL, "end": "tokens"}),
    ("state.end", {"to_move": bgf.TERMINAL, "end": "rounds"}),
    ("state.end", {"to_move": bgf.TERMINAL, "end": "rounds", "round": 60}),  # seat 0's turn
    ("state.end", {"to_move": bgf.TERMINAL, "end": "tokens", "tokens": (10, 0), "token_supply": 2}),
    ("state.trade", {**TAKE, "to_move": bgf.TERMINAL, "end": "rounds", "trade": _trade()}),
    # LF-13: a table where seats can still play did not end for want of moves.
    ("state.end", {"to_move": bgf.TERMINAL, "end": "blocked"}),
    ("state.end", {"end": "stuck", "to_move": bgf.TERMINAL}),
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


def test_coins_up_to_the_deal_load() -> None:
    # LF-02: 3 coins for seat 0, 4 for seat 1, kept or spent.
    lf.GAME.validate(attrs.evolve(_base(), coins=(3, 4)))


def test_no_card_is_drawn_in_the_middle_of_a_trade() -> None:
    # Choices « When the market refills »: never during a trade. A short tier 2 row (one
    # kind shown) in explicit mode: chance may move in the main phase, not while trading.
    s = position(rows={"brick": 1}, explicit=True)
    lf.GAME.validate(attrs.evolve(s, to_move=bgf.CHANCE))
    bad = attrs.evolve(s, to_move=bgf.CHANCE, phase="take", trade=_trade())
    text = bgf.dumps(bad)
    with pytest.raises(bgf.InvalidStateError) as err:
        bgf.loads(text)
    assert str(err.value) == "state.to_move: no card is drawn in phase 'take'"


@pytest.mark.parametrize(
    ("options", "tokens", "end"),
    [
        ({"target_points": 4}, (0, 0), "points"),  # LF-01: the restaurant's +4 VP wins
        ({"target_points": 20}, (0, 11), "tokens"),  # LF-09: it takes the last token
    ],
)
def test_games_that_ended_load(options: dict[str, int], tokens: tuple[int, int], end: str) -> None:
    s = position(
        hands={0: {"bread": 1, "milk": 1}},
        built={0: ["restaurant"]},
        tokens=tokens,
        options=lf.Options(**options),
    )
    over = lf.step(s, UseBuilding(BY_NAME["restaurant"], 0))
    assert over.end == end
    assert bgf.loads(bgf.dumps(over)) == over


def test_a_game_ended_by_the_last_round_loads() -> None:
    # LF-13: seat 1 ends round 2 of 2.
    s = position(turn=1, options=lf.Options(max_rounds=2))
    over = lf.step(lf.step(s, ProduceBasic(KEY["wood"])), EndTurn())
    assert (over.end, over.round, over.turn) == ("rounds", 2, 1)
    assert bgf.loads(bgf.dumps(over)) == over
