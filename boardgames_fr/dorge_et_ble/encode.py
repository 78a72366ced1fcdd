"""D'Orge et de Blé as numbers, for reinforcement learning (issue #22): a fixed numbering of
every move and chance outcome, a legal-action mask, and the observation as a flat float32
vector of a fixed length.

Moves are numbered by what they carry, the same in every state (`ACTIONS`, 3,790 for every
options): `Harvest` 0-59 by card, `Sell` 60-119, `Upgrade` 120-179, `Barter(give, take)`
180 + 60 × give + take (180-3779), `Discard` 3780-3784 by resource, `Keep` 3785-3789.
Chance outcomes (`CHANCE_OUTCOMES`, 60): `Draw(card)` is ``card``.

The observation vector (`observation_shape`, `observation_tensor`, 899 values in [0, 1])
is a block of 59 scalars and one-hot flags followed by 14 planes of 60 cards; its layout
is in docs/rules/dorge_et_ble.md (« Observation ») and in `layout`.
"""

from __future__ import annotations

import operator
import struct
from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core.encoding import IdentityIndex, mask_of
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble import rules
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.game import GAME
from boardgames_fr.dorge_et_ble.state import (
    DEAL,
    DISCARD,
    KEEP,
    OVER,
    PLAY,
    RESET_TO,
    ROW,
    Observation,
    Options,
    State,
)

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

_N = D.NUM_CARDS
_R = D.NUM_RES

ACTIONS: tuple[Any, ...] = (
    *rules.HARVEST,
    *rules.SELL,
    *(u[0] for u in rules.UPGRADE),
    *(rules.BARTER[g][t] for g in range(_N) for t in range(_N)),
    *rules.DISCARD_A,
    *rules.KEEP_A,
)
"""Every move of the game, at its index: the card, the pair of cards or the resource it
carries gives its place (a barter of a card for itself is numbered but never legal)."""

CHANCE_OUTCOMES: tuple[Draw, ...] = rules.DRAW
"""Every chance outcome, at its index: the card drawn (DB-05, DB-06)."""

_NUM_ACTIONS = len(ACTIONS)
_NUM_CHANCE = len(CHANCE_OUTCOMES)
_INDEX: dict[Any, int] = {a: i for i, a in enumerate(ACTIONS)}
_CHANCE_INDEX: dict[Any, int] = {a: i for i, a in enumerate(CHANCE_OUTCOMES)}
if len(_INDEX) != _NUM_ACTIONS or len(_CHANCE_INDEX) != _NUM_CHANCE:
    raise ValueError("dorge_et_ble.encode: two moves share an index")
if any(
    _INDEX[a] != i
    for i, a in (
        (0, Harvest(0)),
        (60, Sell(0)),
        (120, Upgrade(0)),
        (180 + 60 * 2 + 5, Barter(2, 5)),
        (3780, Discard(0)),
        (3789, Keep(4)),
    )
):
    raise ValueError("dorge_et_ble.encode: the numbering is not the documented one")
# The index of each action object the rules list, by identity: `rules.legal` hands out
# these very objects (module constants, alive as long as the module), so the mask costs a
# dict lookup per legal action, without hashing.
_IDENTITY = IdentityIndex(_INDEX, keep=0, known=ACTIONS)


def _check_players(num_players: int) -> None:
    if num_players != 2:
        raise ValueError(f"num_players must be 2 for D'Orge et de Blé, not {num_players!r}")


def num_actions(num_players: int = 2, options: Options | None = None) -> int:
    """How many moves are numbered (the same for every options).

    Example:
        >>> num_actions(2, Options())
        3790
    """
    _check_players(num_players)
    return _NUM_ACTIONS


def num_chance_outcomes(num_players: int = 2, options: Options | None = None) -> int:
    """How many chance outcomes are numbered: the 60 cards.

    Example:
        >>> num_chance_outcomes(2, Options())
        60
    """
    _check_players(num_players)
    return _NUM_CHANCE


def _lookup(table: dict[Any, int], action: object, what: str) -> int:
    try:
        return table[action]
    except (KeyError, TypeError):
        raise ValueError(f"{action!r} is not a D'Orge et de Blé {what}") from None


def action_index(state: State, action: Any) -> int:
    """The index of a legal ``action`` (a chance outcome at a chance node): its place in
    `ACTIONS` (`CHANCE_OUTCOMES`), the same in every state.

    Raises:
        ValueError: ``action`` is not legal in ``state`` (or the game is over).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> action_index(s, Harvest(2)), action_index(s, Upgrade(20))
        (2, 140)
    """
    if state.to_move == CHANCE:
        i = _lookup(_CHANCE_INDEX, action, "chance outcome")
        if i not in state.deck:
            raise ValueError(f"{action!r} cannot be drawn now: that card is not in the deck")
        return i
    i = _lookup(_INDEX, action, "move")
    if state.to_move == TERMINAL or action not in GAME.legal_actions(state):
        raise ValueError(f"{action!r} is not legal now")
    return i


def index_action(state: State, i: int) -> Any:
    """The legal action (chance outcome at a chance node) numbered ``i``.

    Raises:
        ValueError: no legal action of ``state`` has that number.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> index_action(s, 2)
        Harvest(card=2)
        >>> index_action(s, 3780)
        Traceback (most recent call last):
        ...
        ValueError: index 3780 (Discard(resource=0)) is not a legal move now
    """
    if state.to_move == CHANCE:
        if not 0 <= i < _NUM_CHANCE:
            raise ValueError(f"index {i} is not a chance outcome (0 to {_NUM_CHANCE - 1})")
        if i not in state.deck:
            raise ValueError(f"index {i} ({CHANCE_OUTCOMES[i]!r}) cannot be drawn now")
        return CHANCE_OUTCOMES[i]
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
        >>> from boardgames_fr import dorge_et_ble as db
        >>> legal_indices(db.new_game(seed=3))
        [2, 122, 20, 140, 35, 155, 43, 163, 48, 168]
    """
    legal = GAME.legal_actions(state)  # cached by the core for the `step` that follows
    if state.to_move == CHANCE:
        return [a.card for a in legal]  # Draw(card) is numbered card
    # The rules hand out the objects of `ACTIONS`; one built elsewhere is found by value.
    return _IDENTITY.indices(legal)


def legal_mask(state: State) -> npt.NDArray[np.bool_]:
    """True at the index of each legal action: shape ``(num_actions,)`` at a decision
    node (all False at the end), ``(num_chance_outcomes,)`` at a chance node.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> [int(i) for i in legal_mask(s).nonzero()[0]]
        [2, 20, 35, 43, 48, 122, 140, 155, 163, 168]
    """
    size = _NUM_CHANCE if state.to_move == CHANCE else _NUM_ACTIONS
    return mask_of(legal_indices(state), size)


# --- the observation vector -------------------------------------------------------------

_PHASES = (DEAL, PLAY, DISCARD, KEEP, OVER)
_PHASE_AT = {p: i for i, p in enumerate(_PHASES)}
_MAX_HAND = 6  # Options.hand_size is at most 6; the barter row at most 5
_MAX_BARN = 20 + sum(v for _i, e, v, _r in D.CARD_UPGRADE if e == D.BARN_SIZE)
# DB-12, DB-14, DB-15: every card sold and every score upgrade counted: no total is higher.
_MAX_TOTAL = sum(D.CARD_COINS) + sum(
    v for _i, e, v, _r in D.CARD_UPGRADE if e in (D.BONUS, D.BARN_BONUS)
)

_LAYOUT: list[tuple[str, int, str]] = [
    ("seat", 3, "one-hot: seat 0, seat 1, the public view"),
    ("options.drought_sowing", 1, "1 for reset_to, 0 for add_up_to"),
    ("options.barn_size", 1, "/ 20"),
    ("options.barter_cards", 1, "/ 5"),
    ("options.hand_size", 1, "/ 6"),
    ("options.free_sales", 1, "0 or 1"),
    ("year", 6, "one-hot, years 1 to 6"),
    ("phase", 5, "one-hot: deal, play, discard, keep, over"),
    ("to_move", 4, "one-hot: seat 0, seat 1, chance, over"),
    ("active", 2, "one-hot by seat"),
    ("mill", 2, "one-hot by seat"),
    ("deck_size", 1, "/ 60"),
    ("deal_queue", 3, "cards still to deal to seat 0, seat 1, the row, / 6"),
    ("hand_sizes", 2, "by seat, / 6"),
    ("capacities", 2, f"by seat, / {_MAX_BARN}"),
    ("barns", 10, "seat 0 then 1, by resource, / the resource's tokens"),
    ("fields", 5, "by resource (0: the river), / the resource's tokens"),
    ("surplus", 5, "by resource, / the resource's tokens"),
    ("totals", 4, f"(beer, bread) of seat 0 then 1, / {_MAX_TOTAL}"),
    ("hand", _N, "1 for each card of the seat's hand"),
    ("known", _N, "1 for each card of the other hand the seat knows"),
    ("known_by_other", _N, "1 for each card of the seat's hand the other seat knows"),
    ("discard", _N, "1 for each discarded card"),
    ("barter", _N, "1 for each card of the barter row"),
    ("pending", _N, "1 for the barter card to play at once"),
    ("columns[0]", _N, "card at position k of n (order of play): (k + 1) / n"),
    ("columns[1]", _N, "as columns[0]"),
    ("buildings[0]", _N, "1 for each card in seat 0's Brasserie or Boulangerie"),
    ("buildings[1]", _N, "as buildings[0]"),
    ("sold[0]", _N, "as columns[0]"),
    ("sold[1]", _N, "as columns[0]"),
    ("upgrades[0]", _N, "as columns[0]"),
    ("upgrades[1]", _N, "as columns[0]"),
]
_AT: dict[str, int] = {}
_pos = 0
for _name, _size, _what in _LAYOUT:
    _AT[_name] = _pos
    _pos += _size
_SIZE = _pos
del _pos

_SEAT = _AT["seat"]
_OPTIONS = _AT["options.drought_sowing"]  # the five options, in the layout's order
_YEAR = _AT["year"] - 1
_PHASE = _AT["phase"]
_TO_MOVE = {0: _AT["to_move"], 1: _AT["to_move"] + 1, CHANCE: _AT["to_move"] + 2}
_TO_MOVE[TERMINAL] = _AT["to_move"] + 3
_ACTIVE, _MILL = _AT["active"], _AT["mill"]
_QUEUE = _AT["deal_queue"]
_SCALARS = _AT["deck_size"]  # deck_size .. totals: one slice, filled from one list
_HAND, _KNOWN, _KNOWN_BY = _AT["hand"], _AT["known"], _AT["known_by_other"]
_DISCARD, _BARTER, _PENDING = _AT["discard"], _AT["barter"], _AT["pending"]
_BUILD0, _BUILD1 = _AT["buildings[0]"], _AT["buildings[1]"]
_COL0, _COL1 = _AT["columns[0]"], _AT["columns[1]"]
_SOLD0, _SOLD1 = _AT["sold[0]"], _AT["sold[1]"]
_UP0, _UP1 = _AT["upgrades[0]"], _AT["upgrades[1]"]
_INV_TOKENS = tuple(1.0 / t for t in D.TOKENS)
# (k + 1) / n for k < n: the values of a pile of n cards in order of play.
_RANKS = tuple(tuple((k + 1) / n for k in range(n)) for n in range(_N + 1))


def layout() -> tuple[tuple[str, int, int, str], ...]:
    """The observation vector's parts: (name, start, length, encoding), in order.

    Example:
        >>> layout()[0]
        ('seat', 0, 3, 'one-hot: seat 0, seat 1, the public view')
        >>> sum(n for _name, _start, n, _what in layout())
        899
    """
    return tuple((name, _AT[name], size, what) for name, size, what in _LAYOUT)


def observation_shape(num_players: int = 2, options: Options | None = None) -> tuple[int]:
    """The shape of `observation_tensor`'s vector (the same for every options).

    Example:
        >>> observation_shape(2, Options())
        (899,)
    """
    _check_players(num_players)
    return (_SIZE,)


_FLAGS_ZEROS = bytes(4 * _SCALARS)  # the head up to the Mill: flags and options


class _Planes(dict[tuple[int, ...], bytes]):
    """cards -> their plane of 60 float32 values, as bytes: 1 for each card, a -1 (an
    empty building) none (``ranked`` False), or (k + 1) / n for the k-th of n cards in
    order of play (``ranked``). From step to step most piles are unchanged: each plane is
    built once, then a dict lookup; the memo is emptied past 50,000 planes, so that long
    runs keep their memory flat."""

    def __init__(self, ranked: bool) -> None:
        super().__init__()
        self._ranked = ranked

    def __missing__(self, cards: tuple[int, ...]) -> bytes:
        if len(self) > 50_000:
            self.clear()
        plane = array("f", _PLANE_ZEROS)
        if self._ranked:
            for c, rank in zip(cards, _RANKS[len(cards)], strict=True):
                plane[c] = rank
        else:
            for c in cards:
                if c >= 0:  # -1 in a building: no card
                    plane[c] = 1.0
        self[cards] = out = plane.tobytes()
        return out


_PLANE_ZEROS = bytes(4 * _N)
_SET = _Planes(ranked=False)
_RANKED = _Planes(ranked=True)
# The card to play at once (-1: none): its 61 planes made up front.
_PENDING_PLANES: dict[int, bytes] = {c: _SET[(c,)] for c in range(-1, _N)}


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """The observation as a float32 vector of `observation_shape`, every value in [0, 1]:
    everything the observation holds (layout in `layout`), nothing else.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> t = observation_tensor(db.observe(db.new_game(seed=3), 0))
        >>> t.shape, t.dtype, float(t[0]), float(t.max()) <= 1.0
        ((899,), dtype('float32'), 1.0, True)
    """
    o = observation
    return _encode(
        o,
        o.seat,
        o.hand,
        o.known,
        o.known_by_other,
        o.deck_size,
        o.hand_sizes,
        o.capacities,
        o.totals,
    )


def state_tensor(state: State, seat: int | None) -> npt.NDArray[np.float32]:
    """``observation_tensor(observe(state, seat))`` without building the observation:
    the same numbers, from what ``seat`` may see of ``state`` (the reinforcement-learning
    adapters' fast path).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> bool((state_tensor(s, 1) == observation_tensor(db.observe(s, 1))).all())
        True
    """
    # What `rules.observe` shows ``seat``: its own hand and what each seat knows of the
    # other's, counts of the hidden piles, the rest face up.
    hands = state.hands
    if seat is None:
        hand: tuple[int, ...] = ()
        known: tuple[int, ...] = ()
        known_by_other: tuple[int, ...] = ()
    else:
        hand = hands[seat]
        known = state.known[seat]
        known_by_other = state.known[1 - seat]
    # The barns' sizes read the options and the upgrades; the totals the sold cards, the
    # buildings, the upgrades and the barns (`rules.capacity`, `rules.totals`): kept while
    # those fields are the same objects (held, so that their ids are not reused).
    upgrades, options = state.upgrades, state.options
    last = _LAST_CAPACITIES[0]  # one read of the triple, as threads may replace it
    if last[0] is upgrades and last[1] is options:
        capacities = last[2]
    else:
        capacities = (rules.capacity(state, 0), rules.capacity(state, 1))
        _LAST_CAPACITIES[0] = (upgrades, options, capacities)
    sold, buildings, barns = state.sold, state.buildings, state.barns
    done = _LAST_TOTALS[0]
    if done[0] is sold and done[1] is buildings and done[2] is upgrades and done[3] is barns:
        totals = done[4]
    else:
        totals = (rules.totals(state, 0), rules.totals(state, 1))
        _LAST_TOTALS[0] = (sold, buildings, upgrades, barns, totals)
    return _encode(
        state,
        seat,
        hand,
        known,
        known_by_other,
        len(state.deck),
        (len(hands[0]), len(hands[1])),
        capacities,
        totals,
    )


_LAST_CAPACITIES: list[tuple[Any, Any, tuple[int, int]]] = [(None, None, (0, 0))]
_LAST_TOTALS: list[tuple[Any, Any, Any, Any, tuple[tuple[int, int], ...]]] = [
    (None, None, None, None, ())
]


_F32 = np.dtype(np.float32)  # a dtype object, given positionally: numpy reads it fastest
# The head's flags by the values they come from (they change a few times a year): bytes
# of float32, the memo emptied past 50,000 entries so that long runs keep their memory
# flat.
_FLAGS: dict[tuple[Any, ...], bytes] = {}
_mul = operator.mul
# A number for each options value met, and the last options object with its number.
_OPTIONS_KEYS: dict[Options, int] = {}
_LAST_OPTIONS: list[tuple[Options | None, int]] = [(None, -1)]


def _flags(
    seat: int | None, opts: Options, year: int, phase: str, to_move: int, active: int, mill: int
) -> bytes:
    """The head from the seat to the Mill: one-hot flags and the options."""
    v = array("f", _FLAGS_ZEROS)
    v[_SEAT + (2 if seat is None else seat)] = 1.0
    v[_YEAR + year] = 1.0
    v[_PHASE + _PHASE_AT[phase]] = 1.0
    v[_TO_MOVE[to_move]] = 1.0
    v[_ACTIVE + active] = 1.0
    v[_MILL + mill] = 1.0
    i = _OPTIONS
    v[i] = 1.0 if opts.drought_sowing == RESET_TO else 0.0
    v[i + 1] = opts.barn_size / 20
    v[i + 2] = opts.barter_cards / 5
    v[i + 3] = opts.hand_size / 6
    v[i + 4] = 1.0 if opts.free_sales else 0.0
    return v.tobytes()


# The amounts change at almost every step (a harvest, a sale, a card dealt), but each
# group (the deck, queue, hands' and barns' sizes; a barn; the fields; the surplus; the
# totals) takes few values, which come back from step to step and game to game: memoised
# by their values, as float32 bytes, the memos emptied past 50,000 entries, so that long
# runs keep their memory flat.
_TOKENS: dict[tuple[int, ...], bytes] = {}
_TOTALS: dict[tuple[tuple[int, int], ...], bytes] = {}
_pack_counts = struct.Struct("8f").pack  # native float32: the same cast as array("f")


def _tokens(pile: tuple[int, ...]) -> bytes:
    if len(_TOKENS) > 50_000:
        _TOKENS.clear()
    out = _TOKENS[pile] = array("f", map(_mul, pile, _INV_TOKENS)).tobytes()
    return out


def _totals(totals: tuple[tuple[int, int], ...]) -> bytes:
    if len(_TOTALS) > 50_000:
        _TOTALS.clear()
    (a, b), (c, d) = totals
    values = (a / _MAX_TOTAL, b / _MAX_TOTAL, c / _MAX_TOTAL, d / _MAX_TOTAL)
    out = _TOTALS[totals] = array("f", values).tobytes()
    return out


def _counts(key: tuple[Any, ...]) -> bytes:
    """The deck's size, the queue, the hands' sizes and the barns' sizes (``key``), scaled,
    as float32 bytes."""
    deck_size, queue, hand_sizes, capacities = key
    if len(_COUNTS) > 50_000:
        _COUNTS.clear()
    # DB-06: the queue deals the Mill holder's cards, then the other seat's, then the row's
    # (DB-05: no row in a fruitful year), so counts and the Mill give its order.
    out = _COUNTS[key] = _pack_counts(
        deck_size / _N,
        queue.count(0) / _MAX_HAND,
        queue.count(1) / _MAX_HAND,
        queue.count(ROW) / _MAX_HAND,
        hand_sizes[0] / _MAX_HAND,
        hand_sizes[1] / _MAX_HAND,
        capacities[0] / _MAX_BARN,
        capacities[1] / _MAX_BARN,
    )
    return out


# The first amounts by their values: each of them changes often, but together they take
# a few thousand values only, which come back from game to game.
_COUNTS: dict[tuple[Any, ...], bytes] = {}


def _encode(
    o: Observation | State,
    seat: int | None,
    hand: tuple[int, ...],
    known: tuple[int, ...],
    known_by_other: tuple[int, ...],
    deck_size: int,
    hand_sizes: tuple[int, int],
    capacities: tuple[int, int],
    totals: tuple[tuple[int, int], ...],
) -> npt.NDArray[np.float32]:
    """The vector of what ``seat`` sees: the fields an observation shares with the state
    read from ``o``, the others given."""
    opts = o.options
    last = _LAST_OPTIONS[0]  # one read of the pair, as threads may replace it
    if last[0] is not opts:
        # Options are compared by value in the key below (a game's states share one
        # object: hashing it once per game, not per step).
        last = _LAST_OPTIONS[0] = (opts, _OPTIONS_KEYS.setdefault(opts, len(_OPTIONS_KEYS)))
    key: tuple[Any, ...] = (seat, last[1], o.year, o.phase, o.to_move, o.active, o.mill)
    flags = _FLAGS.get(key)
    if flags is None:
        if len(_FLAGS) > 50_000:
            _FLAGS.clear()
        flags = _FLAGS[key] = _flags(seat, opts, o.year, o.phase, o.to_move, o.active, o.mill)
    counts = (deck_size, o.deal_queue, hand_sizes, capacities)
    tokens = _TOKENS.get
    barns, fields, surplus = o.barns, o.fields, o.surplus
    planes, ranked = _SET, _RANKED
    b0, b1 = o.buildings
    columns, sold, upgrades = o.columns, o.sold, o.upgrades
    # The head's blocks, then the card planes, each looked up as bytes (a block or a pile
    # seen before is built again only when it changed), joined in one go.
    data = _JOIN(
        (
            flags,
            _COUNTS.get(counts) or _counts(counts),
            tokens(barns[0]) or _tokens(barns[0]),
            tokens(barns[1]) or _tokens(barns[1]),
            tokens(fields) or _tokens(fields),
            tokens(surplus) or _tokens(surplus),
            _TOTALS.get(totals) or _totals(totals),
            planes[hand],
            planes[known],
            planes[known_by_other],
            planes[o.discard],
            planes[o.barter],
            _PENDING_PLANES[o.pending],
            ranked[columns[0]],
            ranked[columns[1]],
            # (Brasserie, Boulangerie), a card or -1 each: looked up as they stand (the
            # plane skips a -1), not filtered into a new tuple at every step.
            planes[b0],
            planes[b1],
            ranked[sold[0]],
            ranked[sold[1]],
            ranked[upgrades[0]],
            ranked[upgrades[1]],
        )
    )
    out: npt.NDArray[np.float32] = np.frombuffer(data, _F32)
    return out


_JOIN = bytearray().join  # a new bytearray each time: the vector is writable, as before
