"""Little Factory as numbers, for reinforcement learning (issue #22): a fixed numbering of
every move and chance outcome, a legal-action mask, and the observation as a flat float32
vector of a fixed length.

Actions are numbered by what they carry, the same in every state (`ACTIONS`, 199 for
every player count and options): `BuyBasic` 0-4 by basic good, `EndExchange` 5,
`ProduceBasic` 6-10, `Produce` 11-30 by good then recipe alternative, `Build` 31-60 by
building id, `StartTrade` 61, `TakeGood` 62-84 by good number, `TakeBuilding` 85-114 by
building id, `StopTaking` 115, `PayGood` 116-138, `PayCoin` 139, `UseBuilding` 140-174 by
building id then effect alternative, `EndTurn` 175, `Discard` 176-198. Chance outcomes
(`CHANCE_OUTCOMES`, 48): `DrawGood` 0-17 by good number (the tier 2 and tier 3 goods),
`DrawBuilding` 18-47 by building id.

The observation vector (`observation_shape`, `observation_tensor`) is a block of counts
scaled to [0, 1] followed by a block of 0/1 flags; its layout is in docs/rules/
little_factory.md (« Observation ») and in `layout`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core.encoding import IdentityIndex, mask_of
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.little_factory import rules
from boardgames_fr.little_factory.actions import (
    Action,
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
    EndExchange,
    EndTurn,
    PayCoin,
    PayGood,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import (
    BASIC,
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    LARGE,
    LAYOUT,
    NUM_GOODS,
    PLAYER_COUNTS,
    SMALL,
)
from boardgames_fr.little_factory.game import GAME
from boardgames_fr.little_factory.rules import TIER_GOODS, chance
from boardgames_fr.little_factory.state import ENDS, PHASES, Observation, Options, State

__all__ = [
    "ACTIONS",
    "CHANCE_OUTCOMES",
    "action_index",
    "index_action",
    "layout",
    "legal_indices",
    "legal_mask",
    "num_actions",
    "num_chance_outcomes",
    "observation_shape",
    "observation_tensor",
    "state_tensor",
]

_TRADE_GOODS = tuple(k for k in range(NUM_GOODS) if k not in BASIC)

ACTIONS: tuple[Action, ...] = (
    *(BuyBasic(k) for k in BASIC),
    EndExchange(),
    *(ProduceBasic(k) for k in BASIC),
    *(Produce(k, i) for k in _TRADE_GOODS for i in range(len(GOODS[k].recipe))),
    *(Build(b) for b in BUILDING_IDS),
    StartTrade(),
    *(TakeGood(k) for k in range(NUM_GOODS)),
    *(TakeBuilding(b) for b in BUILDING_IDS),
    StopTaking(),
    *(PayGood(k) for k in range(NUM_GOODS)),
    PayCoin(),
    *(UseBuilding(b, i) for b in BUILDING_IDS for i in range(len(BUILDINGS[b].effect))),
    EndTurn(),
    *(Discard(k) for k in range(NUM_GOODS)),
)
"""Every move of the game, at its index: what a move carries (a good, a building, a
recipe or effect alternative) gives its place."""

CHANCE_OUTCOMES: tuple[DrawGood | DrawBuilding, ...] = (
    *(DrawGood(k) for k in _TRADE_GOODS),
    *(DrawBuilding(b) for b in BUILDING_IDS),
)
"""Every chance outcome, at its index: the tier 2 and tier 3 goods drawn for the market,
then the buildings (LF-06)."""

_INDEX: dict[Any, int] = {a: i for i, a in enumerate(ACTIONS)}
_CHANCE_INDEX: dict[Any, int] = {a: i for i, a in enumerate(CHANCE_OUTCOMES)}
if len(_INDEX) != len(ACTIONS) or len(_CHANCE_INDEX) != len(CHANCE_OUTCOMES):
    raise ValueError("little_factory.encode: two moves share an index")
_NUM_ACTIONS = len(ACTIONS)
_NUM_CHANCE = len(CHANCE_OUTCOMES)


def _check_players(num_players: int) -> None:
    if num_players not in PLAYER_COUNTS:
        raise ValueError(f"num_players must be one of {PLAYER_COUNTS}, not {num_players!r}")


def num_actions(num_players: int, options: Options | None = None) -> int:
    """How many moves are numbered (the same for every player count and options).

    Example:
        >>> num_actions(2, Options()), num_actions(4, Options())
        (199, 199)
    """
    _check_players(num_players)
    return _NUM_ACTIONS


def num_chance_outcomes(num_players: int, options: Options | None = None) -> int:
    """How many chance outcomes are numbered: the 18 tier 2 and tier 3 goods, then the
    30 buildings.

    Example:
        >>> num_chance_outcomes(3, Options())
        48
    """
    _check_players(num_players)
    return _NUM_CHANCE


def _lookup(table: dict[Any, int], action: object, what: str) -> int:
    try:
        return table[action]
    except (KeyError, TypeError):
        raise ValueError(f"{action!r} is not a Little Factory {what}") from None


def action_index(state: State, action: Action) -> int:
    """The index of a legal ``action`` (a chance outcome at a chance node): its place in
    `ACTIONS` (`CHANCE_OUTCOMES`), the same in every state.

    Raises:
        ValueError: ``action`` is not legal in ``state`` (or the game is over).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> action_index(s, BuyBasic(4)), action_index(s, EndExchange())
        (4, 5)
    """
    if state.to_move == CHANCE:
        i = _lookup(_CHANCE_INDEX, action, "chance outcome")
        if all(o != action for o, _ in chance(state)):
            raise ValueError(f"{action!r} cannot be drawn now")
        return i
    i = _lookup(_INDEX, action, "move")
    if state.to_move == TERMINAL or action not in GAME.legal_actions(state):
        raise ValueError(f"{action!r} is not legal now")
    return i


def index_action(state: State, i: int) -> Action:
    """The legal action (chance outcome at a chance node) numbered ``i``.

    Raises:
        ValueError: no legal action of ``state`` has that number.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> index_action(s, 5)
        EndExchange()
        >>> index_action(s, 175)
        Traceback (most recent call last):
        ...
        ValueError: index 175 (EndTurn()) is not a legal move now
    """
    if state.to_move == CHANCE:
        if not 0 <= i < _NUM_CHANCE:
            raise ValueError(f"index {i} is not a chance outcome (0 to {_NUM_CHANCE - 1})")
        outcome = CHANCE_OUTCOMES[i]
        if all(o != outcome for o, _ in chance(state)):
            raise ValueError(f"index {i} ({outcome!r}) cannot be drawn now")
        return outcome
    if not 0 <= i < _NUM_ACTIONS:
        raise ValueError(f"index {i} is not a move (0 to {_NUM_ACTIONS - 1})")
    if state.to_move == TERMINAL:
        raise ValueError(f"index {i}: the game is over, no move is legal")
    action = ACTIONS[i]
    if action not in GAME.legal_actions(state):
        raise ValueError(f"index {i} ({action!r}) is not a legal move now")
    return action


def legal_indices(state: State) -> list[int]:
    """The number of each legal action (chance outcome at a chance node), in the order
    of ``legal_actions(state)``; empty at the end.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> legal_indices(lf.new_game(2, seed=3))
        [0, 1, 2, 3, 4, 5]
    """
    legal = GAME.legal_actions(state)  # cached by the core for the `step` that follows
    if state.to_move == CHANCE:
        return _CHANCE_IDENTITY.indices(legal)
    return _IDENTITY.indices(legal)


def legal_mask(state: State) -> npt.NDArray[np.bool_]:
    """True at the index of each legal action: shape ``(num_actions,)`` at a decision
    node (all False at the end), ``(num_chance_outcomes,)`` at a chance node.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> [int(i) for i in legal_mask(s).nonzero()[0]]
        [0, 1, 2, 3, 4, 5]
    """
    size = _NUM_CHANCE if state.to_move == CHANCE else _NUM_ACTIONS
    return mask_of(legal_indices(state), size)


# The number of an action object by its identity, a dict lookup without hashing its
# fields: the rules list the same few hundred objects again and again.
_IDENTITY = IdentityIndex(_INDEX)
_CHANCE_IDENTITY = IdentityIndex(_CHANCE_INDEX)


# --- the observation vector -------------------------------------------------------------

_NB = len(BUILDING_IDS)
_BPOS = {b: i for i, b in enumerate(BUILDING_IDS)}  # a building's place in a block
_PHASE = {p: i for i, p in enumerate(PHASES)}
_END = {e: i for i, e in enumerate(ENDS)}
_MAX_COINS = max(LAYOUT.starting_coins)
_MAX_POINTS_BUILT = sum(b.vp for b in BUILDINGS.values())
# The bounds of target_points, vp_tokens, hand_limit and max_rounds (state.Options).
_OPTION_BOUNDS = (50, 60, 30, 1000)


def _blocks(n: int) -> tuple[tuple[str, int], ...]:
    """(name, length) of each block, in order: the counts (each below 256), the options
    and the round, then the 0/1 flags."""
    g = NUM_GOODS
    return (
        ("coins", n),
        ("hand", g),
        ("hand_sizes", n),
        ("tokens", n),
        ("token_supply", 1),
        ("points", n),
        ("market", g),
        ("deck_sizes", 4),
        ("discard", g),
        ("trade_taken", g),
        ("trade_paid", g),
        ("trade_paid_coins", 1),
        ("trade_price", 1),
        ("trade_paid_value", 1),
        ("acted", 1),
        ("used_building", 1),
        ("trading", 1),
        ("options", 7),
        ("round", 1),
        # 0/1 flags from here
        ("seat", n + 1),
        ("to_move", n + 2),
        ("turn", n),
        ("phase", len(PHASES)),
        ("built", n * _NB),
        ("buildings_shown", _NB),
        ("trade_taken_buildings", _NB),
        ("end", len(ENDS)),
        ("winners", n),
    )


def layout(num_players: int) -> tuple[tuple[str, int, int], ...]:
    """(name, start, length) of each block of the observation vector, in order.

    Example:
        >>> layout(2)[:3]
        (('coins', 0, 2), ('hand', 2, 23), ('hand_sizes', 25, 2))
        >>> layout(2)[-1]
        ('winners', 280, 2)
    """
    _check_players(num_players)
    out, at = [], 0
    for name, length in _blocks(num_players):
        out.append((name, at, length))
        at += length
    return tuple(out)


def observation_shape(num_players: int, options: Options | None = None) -> tuple[int]:
    """The shape of `observation_tensor`'s vector: 282, 320 and 358 for 2, 3 and 4 players.

    Example:
        >>> [observation_shape(n, Options()) for n in (2, 3, 4)]
        [(282,), (320,), (358,)]
    """
    _check_players(num_players)
    return (sum(length for _, length in _blocks(num_players)),)


class _Plan:
    """What `observation_tensor` precomputes for one player count and options."""

    def __init__(self, n: int, options: Options) -> None:
        self.options = options
        col = n - 2
        blocks = {name: (start, length) for name, start, length in layout(n)}
        self.size = observation_shape(n)[0]
        self.counts = blocks["options"][0]  # the counts come first
        self.round = blocks["round"][0]
        copies = [float(g.copies[col]) for g in GOODS]
        inv_copies = [1.0 / c for c in copies]
        tier2, tier3 = TIER_GOODS[options.milk_tier]
        cards = sum(copies)
        price = sum(g.copies[col] * g.value for g in GOODS) + _MAX_COINS
        tokens = options.vp_tokens
        if price > 255 or _MAX_POINTS_BUILT + tokens > 255 or cards > 255:
            raise ValueError("little_factory.encode: a count may not fit in a byte")
        scale: list[float] = []
        scale += [1.0 / _MAX_COINS] * n
        scale += inv_copies
        scale += [1.0 / cards] * n
        scale += [1.0 / tokens] * (n + 1)
        scale += [1.0 / (_MAX_POINTS_BUILT + tokens)] * n
        scale += inv_copies
        deck_totals = (
            sum(copies[k] for k in tier2),
            sum(copies[k] for k in tier3),
            len(SMALL),
            len(LARGE),
        )
        scale += [1.0 / t for t in deck_totals]
        scale += inv_copies
        scale += inv_copies + inv_copies
        scale += [1.0 / _MAX_COINS, 1.0 / price, 1.0 / price]
        scale += [1.0, 1.0, 1.0]
        if len(scale) != self.counts:
            raise ValueError("little_factory.encode: the scale does not fit the layout")
        numbers = (
            options.target_points,
            options.vp_tokens,
            options.hand_limit,
            options.max_rounds,
        )
        # The options are constant: their bytes are 1 and their scale is their value. The
        # round (up to 1000, not a byte) is set after the product: its byte and scale are 0.
        scale += [x / bound for x, bound in zip(numbers, _OPTION_BOUNDS, strict=True)]
        scale += [options.milk_tier - 2.0]
        scale += [float(options.first_round_exchange), float(options.reshuffle_discard)]
        scale += [0.0]
        self.round_scale = 1.0 / options.max_rounds
        self.options_round = bytes([1] * 7 + [0])
        flags = self.size - len(scale)
        self.scale = np.array(scale + [1.0] * flags, dtype=np.float32)
        self.n = n
        # The head's flags by (seat, to_move, turn, phase), made once each: at most
        # (n + 1) * (n + 2) * n * 5 keys, so the memo needs no bound.
        self.heads: dict[tuple[Any, ...], bytes] = {}
        # The flags in three runs of bytes: seat, to move, turn and phase; buildings built
        # and shown; buildings taken, end and winners. Positions are within each run.
        self.head = bytes(blocks["built"][0] - blocks["seat"][0])
        self.seat = 0
        self.to_move = blocks["to_move"][0] - blocks["seat"][0]
        self.turn = blocks["turn"][0] - blocks["seat"][0]
        self.phase = blocks["phase"][0] - blocks["seat"][0]
        self.rows = bytes(blocks["trade_taken_buildings"][0] - blocks["built"][0])
        self.built = tuple(i * _NB for i in range(n))
        self.shown = blocks["buildings_shown"][0] - blocks["built"][0]
        self.tail = bytes(self.size - blocks["trade_taken_buildings"][0])
        self.taken = 0
        self.end = blocks["end"][0] - blocks["trade_taken_buildings"][0]
        self.winners = blocks["winners"][0] - blocks["trade_taken_buildings"][0]
        no_trade = bytes(2 * NUM_GOODS + 3)
        self.no_trade = tuple(
            tuple(no_trade + bytes((acted, used, 0)) for used in (0, 1)) for acted in (0, 1)
        )


_PLANS: dict[tuple[int, Options], _Plan] = {}
_LAST_PLAN: list[tuple[Any, int, _Plan | None]] = [(None, 0, None)]


def _plan(n: int, options: Options) -> _Plan:
    last = _LAST_PLAN[0]
    if last[0] is options and last[1] == n and last[2] is not None:
        return last[2]
    plan = _PLANS.get((n, options))
    if plan is None:
        _check_players(n)
        plan = _PLANS[(n, options)] = _Plan(n, options)
    _LAST_PLAN[0] = (options, n, plan)  # one tuple stored at once: no torn read
    return plan


def _rows(built: tuple[tuple[int, ...], ...], shown: tuple[int, ...], p: _Plan) -> bytes:
    """The flags of the buildings built and shown: kept while those fields are the same
    objects (they change only when a building moves)."""
    cached = _LAST_ROWS[0]
    if cached[0] is built and cached[1] is shown and cached[2] is p:
        return cached[3]
    flags = bytearray(p.rows)
    for base, mine in zip(p.built, built, strict=True):
        for b in mine:
            flags[base + _BPOS[b]] = 1
    at = p.shown
    for b in shown:
        flags[at + _BPOS[b]] = 1
    out = bytes(flags)
    _LAST_ROWS[0] = (built, shown, p, out)  # one tuple stored at once: no torn read
    return out


_LAST_ROWS: list[tuple[Any, Any, Any, bytes]] = [(None, None, None, b"")]


def _head(key: tuple[Any, ...], p: _Plan) -> bytes:
    """The flags of the observing seat, the seat to move, the turn and the phase (``key``),
    kept in the plan's memo (a few values, met again at every step: a lookup costs less
    than setting four flags)."""
    seat, to_move, turn, phase = key
    n = p.n
    flags = bytearray(p.head)
    flags[p.seat + (n if seat is None else seat)] = 1
    flags[p.to_move + (to_move if to_move >= 0 else n if to_move == CHANCE else n + 1)] = 1
    flags[p.turn + turn] = 1
    flags[p.phase + _PHASE[phase]] = 1
    out = p.heads[key] = bytes(flags)
    return out


def _tail(obs: Observation | State, winners: tuple[int, ...], p: _Plan) -> bytes | bytearray:
    """The flags of the buildings taken in a trade, why the game ended and the winners."""
    trade = obs.trade
    if trade is None and not obs.end:
        return p.tail
    flags = bytearray(p.tail)
    if trade is not None:
        for b in trade.taken_buildings:
            flags[p.taken + _BPOS[b]] = 1
    if obs.end:
        flags[p.end + _END[obs.end]] = 1
        for i in winners:
            flags[p.winners + i] = 1
    return flags


_HAND_HIDDEN = (0,) * NUM_GOODS


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """``observation`` as a float32 vector of `observation_shape`, every value in [0, 1]:
    counts scaled by their largest possible value (a good's copies for the player count,
    the coins dealt, the tokens...), then 0/1 flags (see `layout`). It reads the
    observation only: what the seat cannot see is not in it (the public view's hand is
    zeros).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> t = observation_tensor(lf.observe(lf.new_game(2, seed=3), 0))
        >>> t.shape, t.dtype, float(t.min()), float(t.max())
        ((282,), dtype('float32'), 0.0, 1.0)
    """
    obs = observation
    return _encode(obs, obs.seat, obs.hand, obs.hand_sizes, obs.points, obs.deck_sizes, obs.winners)


def state_tensor(state: State, seat: int | None) -> npt.NDArray[np.float32]:
    """``observation_tensor(observe(state, seat))`` without building the observation:
    the same numbers, from what ``seat`` may see of ``state`` (the reinforcement-learning
    adapters' fast path).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> bool((state_tensor(s, 1) == observation_tensor(lf.observe(s, 1))).all())
        True
    """
    # What `rules.observe` shows: the seat's own hand (none in the public view), the
    # hands' sizes, the points and deck sizes every seat sees, the winners at the end.
    # `rules.public_counts` is the very function `observe` takes them from (the same numbers,
    # and its memo of the last fields).
    points, deck_sizes = rules.public_counts(state)
    return _encode(
        state,
        seat,
        None if seat is None else state.hands[seat],
        tuple(map(sum, state.hands)),
        points,
        deck_sizes,
        rules.winners(state) if state.end else (),
    )


def _encode(
    obs: Observation | State,
    seat: int | None,
    hand: tuple[int, ...] | None,
    hand_sizes: tuple[int, ...],
    points: tuple[int, ...],
    deck_sizes: tuple[int, ...],
    winners: tuple[int, ...],
) -> npt.NDArray[np.float32]:
    """The vector of what ``seat`` sees: the fields an observation shares with the state
    read from ``obs``, the others given."""
    p = _plan(obs.num_players, obs.options)
    trade = obs.trade
    # Every count is below 256 (checked in `_Plan`) and every flag 0 or 1: bytes times the
    # plan's scale is the cheapest way from Python integers to the vector.
    dense = bytes(
        (
            *obs.coins,
            *(hand or _HAND_HIDDEN),
            *hand_sizes,
            *obs.tokens,
            obs.token_supply,
            *points,
            *obs.market,
            *deck_sizes,
            *obs.discard,
        )
    )
    if trade is None:
        # Most states have no trade: its row of zeros and the flags that follow it
        # (acted, used a building, trading) made up front.
        trade_row = p.no_trade[obs.acted][obs.used_building]
    else:
        trade_row = bytes(
            (
                *trade.taken,
                *trade.paid,
                trade.paid_coins,
                trade.price,
                trade.paid_value,
                obs.acted,
                obs.used_building,
                True,
            )
        )
    head = (seat, obs.to_move, obs.turn, obs.phase)
    raw = b"".join(
        (
            dense,
            trade_row,
            p.options_round,
            p.heads.get(head) or _head(head, p),
            _rows(obs.built, obs.buildings_shown, p),
            _tail(obs, winners, p),
        )
    )
    out: npt.NDArray[np.float32] = np.frombuffer(raw, _U8) * p.scale
    out[p.round] = obs.round * p.round_scale
    return out


_U8 = np.dtype(np.uint8)  # a dtype object, given positionally: numpy reads it fastest
