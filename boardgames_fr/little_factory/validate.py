"""The invariants of a loaded Little Factory save: the `validate` hook of
`boardgames_fr.core.Game` (wired in `game.py`). A state that passes is one play can go on
from: every card and building in one place, who moves and in which phase as the rules
allow, and why the game ended true of the state.
"""

from __future__ import annotations

from operator import gt, mul

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.little_factory.data import BUILDING_IDS, GOODS, LAYOUT, NUM_GOODS
from boardgames_fr.little_factory.rules import (
    COST,
    VALUE,
    blocked,
    hand_value,
    market_gap,
    points,
)
from boardgames_fr.little_factory.state import (
    END_BLOCKED,
    END_POINTS,
    END_ROUNDS,
    END_TOKENS,
    ENDS,
    NOT_OVER,
    PHASE_COIN_EXCHANGE,
    PHASE_DISCARD,
    PHASE_MAIN,
    PHASE_PAY,
    PHASE_TAKE,
    PHASES,
    State,
    Trade,
)

__all__ = ["validate"]

# What ``State.end`` may hold: the game goes on, or one of the reasons it ended.
_END_VALUES = (NOT_OVER, *ENDS)


def validate(s: State) -> None:
    """Raises `InvalidStateError` naming the first field of ``s`` that play cannot reach."""
    n = s.num_players
    if s.phase not in PHASES:
        raise InvalidStateError("state.phase", f"{s.phase!r} is not one of {PHASES}")
    if s.end not in _END_VALUES:
        raise InvalidStateError("state.end", f"unknown end {s.end!r}")
    if not 0 <= s.turn < n:
        raise InvalidStateError("state.turn", f"{s.turn} is not a seat")
    if not 1 <= s.round <= s.options.max_rounds:
        raise InvalidStateError("state.round", f"{s.round} is out of range")
    for name in ("coins", "hands", "built", "tokens"):
        if len(getattr(s, name)) != n:
            raise InvalidStateError(f"state.{name}", f"expected {n} entries")
    for name in ("market", "deck", "discard"):
        t = getattr(s, name)
        if len(t) != NUM_GOODS or min(t) < 0:
            raise InvalidStateError(f"state.{name}", f"expected {NUM_GOODS} counts >= 0")
    for i, h in enumerate(s.hands):
        if len(h) != NUM_GOODS or min(h) < 0:
            raise InvalidStateError(f"state.hands[{i}]", f"expected {NUM_GOODS} counts >= 0")
    if min(s.coins) < 0 or min(s.tokens) < 0 or s.token_supply < 0:
        raise InvalidStateError("state.coins", "coins and tokens cannot be negative")
    # LF-02: coins are only spent (exchange, trades), never gained.
    for i, c in enumerate(s.coins):
        if c > LAYOUT.starting_coins[i]:
            raise InvalidStateError(
                f"state.coins[{i}]", f"{c} is more than the {LAYOUT.starting_coins[i]} coins dealt"
            )
    for i, bs in enumerate(s.built):
        if bs != tuple(sorted(bs)):
            raise InvalidStateError(f"state.built[{i}]", "expected sorted building ids")
    if s.token_supply + sum(s.tokens) != s.options.vp_tokens:
        raise InvalidStateError("state.token_supply", "tokens do not add up to the option")
    col = n - 2
    for g in GOODS:
        k = g.index
        total = s.market[k] + s.deck[k] + s.discard[k] + sum(h[k] for h in s.hands)
        if total != g.copies[col]:
            raise InvalidStateError(
                "state.market", f"{total} cards of {g.key}, expected {g.copies[col]}"
            )
    every = sorted((*s.buildings_shown, *s.building_deck, *(b for bs in s.built for b in bs)))
    if tuple(every) != BUILDING_IDS:
        raise InvalidStateError("state.buildings_shown", "each building must be in one place")
    if (s.trade is not None) != (s.phase in (PHASE_TAKE, PHASE_PAY)):
        raise InvalidStateError("state.trade", "a trade is in progress exactly while trading")
    if s.trade is not None and s.acted:
        # LF-03: one production or trade a turn; a trade starts only before either.
        raise InvalidStateError("state.acted", "a trade in progress means nothing was done yet")
    if s.buildings_shown != tuple(sorted(s.buildings_shown)):
        raise InvalidStateError("state.buildings_shown", "expected sorted building ids")
    _validate_turn(s)
    if s.trade is not None:
        _validate_trade(s, s.trade)


def _validate_turn(s: State) -> None:
    """Who moves and in which phase, so that a loaded save never stalls (LF-01, LF-09)."""
    if s.end:
        if s.to_move != TERMINAL:
            raise InvalidStateError("state.to_move", f"the game ended ({s.end}): expected -2")
        _validate_end(s)
        return
    if s.to_move not in (s.turn, CHANCE):
        raise InvalidStateError("state.to_move", f"expected seat {s.turn} or chance (-1)")
    gap = market_gap(s)
    # A seat may move with a row short (hand-set positions; it is refilled after the next
    # action), but chance without a card to draw would stall.
    if s.to_move == CHANCE and not gap:
        raise InvalidStateError("state.to_move", "chance (-1) moves only when a row needs a card")
    if s.to_move == CHANCE and s.phase not in (PHASE_MAIN, PHASE_COIN_EXCHANGE):
        # Choices « When the market refills »: never in the middle of a trade or a discard.
        raise InvalidStateError("state.to_move", f"no card is drawn in phase {s.phase!r}")
    if s.token_supply == 0:
        raise InvalidStateError("state.end", "the tokens ran out: the game must have ended")
    for seat in range(s.num_players):
        if points(s, seat) >= s.options.target_points:
            raise InvalidStateError("state.end", f"seat {seat} reached the target points")
    if s.phase == PHASE_COIN_EXCHANGE and (
        s.round != 1 or s.acted or s.used_building or not s.options.first_round_exchange
    ):
        raise InvalidStateError("state.phase", "the coin exchange comes only before a first turn")
    if s.phase == PHASE_DISCARD and sum(s.hands[s.turn]) <= s.options.hand_limit:
        raise InvalidStateError("state.phase", "discarding only while above the hand limit")


def _validate_end(s: State) -> None:
    """Why the game ended must be true of the state, so that `winners` and the picture
    say what happened: LF-01 the seat to move reached the target, LF-09 the tokens ran
    out, LF-13 the last seat of the last round played."""
    if s.trade is not None:
        raise InvalidStateError("state.trade", "no trade goes on once the game has ended")
    target, turn = s.options.target_points, s.turn
    for seat in range(s.num_players):
        if seat != turn and points(s, seat) >= target:
            raise InvalidStateError("state.end", f"seat {seat} reached the target before")
    reached = points(s, turn) >= target
    if s.end == END_POINTS:
        if not reached:
            raise InvalidStateError("state.end", f"seat {turn} did not reach {target} points")
        return
    if reached:
        raise InvalidStateError(
            "state.end", f"seat {turn} reached the target: expected {END_POINTS!r}"
        )
    if s.end == END_TOKENS and s.token_supply:
        raise InvalidStateError("state.end", "tokens are left: the game did not end on them")
    if s.end == END_BLOCKED and not (s.token_supply and blocked(s)):
        raise InvalidStateError(
            "state.end", "a seat can still play: the game did not end for want of moves"
        )
    if s.end == END_ROUNDS and not (
        s.token_supply and s.round == s.options.max_rounds and turn == s.num_players - 1
    ):
        raise InvalidStateError(
            "state.end", "the last round ends after the last seat's turn, with tokens left"
        )


def _validate_trade(s: State, t: Trade) -> None:
    """A trade in progress: what is taken is in the market, what is paid in the hand."""
    seat = s.turn
    for name in ("taken", "paid"):
        v = getattr(t, name)
        if len(v) != NUM_GOODS or min(v) < 0:
            raise InvalidStateError(f"state.trade.{name}", f"expected {NUM_GOODS} counts >= 0")
    if any(map(gt, t.taken, s.market)):
        raise InvalidStateError("state.trade.taken", "more goods taken than the market shows")
    tb = t.taken_buildings
    if len(set(tb)) != len(tb) or any(b not in s.buildings_shown for b in tb):
        raise InvalidStateError("state.trade.taken_buildings", "expected shown buildings, once")
    price = sum(map(mul, t.taken, VALUE)) + sum(COST[b] for b in tb)
    if t.price != price:
        raise InvalidStateError("state.trade.price", f"expected {price}, the value taken")
    hand = s.hands[seat]
    if t.price > hand_value(hand) + s.coins[seat]:
        raise InvalidStateError("state.trade.price", "more than the hand and coins can pay")
    if any(map(gt, t.paid, hand)):
        raise InvalidStateError("state.trade.paid", "more goods paid than the hand holds")
    if not 0 <= t.paid_coins <= s.coins[seat]:
        raise InvalidStateError("state.trade.paid_coins", "more coins paid than the seat has")
    value = sum(map(mul, t.paid, VALUE)) + t.paid_coins
    if t.paid_value != value:
        raise InvalidStateError("state.trade.paid_value", f"expected {value}, the value paid")
    if s.phase == PHASE_TAKE and value:
        raise InvalidStateError("state.trade.paid", "nothing is paid while taking")
    if s.phase == PHASE_PAY and not value < t.price:
        raise InvalidStateError("state.trade.paid_value", "paying ends once the price is met")
