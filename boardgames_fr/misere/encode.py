"""Misère as numbers, for reinforcement learning (issue #22): a fixed numbering of every
move, a legal-action mask, and the observation as a flat float32 vector of a fixed length.

The zone has ``P = 3 * (plain_squares + dotted_squares) + 3`` places (`zone_layout`: 9
with the default options), so the numbering depends on the options, never on the state.
Moves are numbered by what they carry (`actions`, ``4 * P + 39`` of them: 75 by default,
from 63 to 135 over every option):

=================  ==========================  ====================================
moves              indices                     by
=================  ==========================  ====================================
`Place`            0 .. 2P-1                   ``2 * place + qualified``
`Activate`         2P .. 3P-1                  place
`GoToSector`       3P .. 3P+3                  sector (artisans, petits, agricoles,
                                               commune)
`FallToMisery`     3P+4 .. 3P+6                circle (pointer, oeuvre, manche)
`SlackOff`         3P+7
`GoHome`           3P+8
`BuyFood`          3P+9 .. 3P+26               count 1..18
`Qualify`          3P+27 .. 4P+32              sector 0..3, reserve, zone place
                                               0..P-1, oeuvre
`NoQualify`        4P+33
`AdvanceOeuvre`    4P+34
`SellOeuvre`       4P+35
`LoseWorker`       4P+36 .. 4P+38              plain, qualified, oeuvre
=================  ==========================  ====================================

Misère has no chance node: `num_chance_outcomes` is 0.

The observation vector (`observation_shape`, `observation_tensor`, 4P + 104 floats: 140
by default) is a block of amounts scaled to [0, 1] followed by a block of 0/1 flags; its
layout is `layout` and docs/rules/misere.md (« Observation »). Money and experience have
no bound in the rules, so they are squashed as ``x / (x + scale)``: one-to-one, in
[0, 1), about linear over a game's usual amounts.
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core.encoding import mask_of
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.misere.actions import (
    AT_OEUVRE,
    AT_RESERVE,
    AT_SECTOR,
    AT_ZONE,
    LOSE_KINDS,
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
    SlackOff,
)
from boardgames_fr.misere.data import OEUVRE, SETUP
from boardgames_fr.misere.game import GAME
from boardgames_fr.misere.state import (
    EATEN_PILE,
    MEAL_CENTRAL,
    PHASES,
    SPEED_ACTING_WORKER,
    STAGES,
    TIE_SHARED,
    Observation,
    Options,
    Player,
    State,
)

__all__ = [
    "MONEY_SCALE",
    "XP_SCALE",
    "action_index",
    "actions",
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

MONEY_SCALE = 10_000.0
"""Money ``m`` is encoded as ``m / (m + MONEY_SCALE)`` (a player starts with 1000 and
usually ends a game with 5,000 to 30,000)."""
XP_SCALE = 10.0
"""Experience ``x`` is encoded as ``x / (x + XP_SCALE)``."""

_FOOD = SETUP.food_tokens
_WORKERS = SETUP.workers_per_colour
_SPACES = len(OEUVRE)
_NUM_SECTORS = 4
_NUM_CIRCLES = 3
_MAX_ROUNDS = 30  # Options.rounds' bound
_PHASE = {p: i for i, p in enumerate(PHASES)}
_STAGE = {s: i for i, s in enumerate(STAGES)}


def _check(num_players: int) -> None:
    if num_players != 2:
        raise ValueError(f"num_players must be 2 for Misère, not {num_players!r}")


def _places(options: Options) -> int:
    """The zone's places (`zone_layout`): each action's squares, then the 3 circles."""
    return 3 * (options.plain_squares + options.dotted_squares) + _NUM_CIRCLES


# --- actions -------------------------------------------------------------------------------


def _actions(places: int) -> tuple[Any, ...]:
    """Every move at its index, for a zone of ``places`` places (the module's table)."""
    return (
        *(Place(i, q) for i in range(places) for q in (False, True)),
        *(Activate(i) for i in range(places)),
        *(GoToSector(i) for i in range(_NUM_SECTORS)),
        *(FallToMisery(c) for c in range(_NUM_CIRCLES)),
        SlackOff(),
        GoHome(),
        *(BuyFood(n) for n in range(1, _FOOD + 1)),
        *(Qualify(AT_SECTOR, i) for i in range(_NUM_SECTORS)),
        Qualify(AT_RESERVE),
        *(Qualify(AT_ZONE, i) for i in range(places)),
        Qualify(AT_OEUVRE),
        NoQualify(),
        AdvanceOeuvre(),
        SellOeuvre(),
        *(LoseWorker(k) for k in LOSE_KINDS),
    )


class _Table:
    """The numbering of one zone size: the moves in order and each one's index."""

    def __init__(self, places: int) -> None:
        self.actions = _actions(places)
        self.index: dict[Any, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):  # pragma: no cover - a table bug
            raise ValueError("misere.encode: two moves share an index")
        self.size = len(self.actions)
        # Where the moves that carry a number start (`legal_mask` computes their index
        # from it instead of hashing the move).
        self.activate = self.index[Activate(0)]
        self.goto = self.index[GoToSector(0)]
        self.fall = self.index[FallToMisery(0)]
        self.buy = self.index[BuyFood(1)] - 1


_TABLES: dict[int, _Table] = {}
_FLOAT32 = np.float32
_frombuffer = np.frombuffer  # with a positional dtype: keywords cost more than the copy
_LAST_TABLE: list[tuple[Any, _Table | None]] = [(None, None)]


def _table(options: Options) -> _Table:
    last = _LAST_TABLE[0]
    if last[0] is options and last[1] is not None:
        return last[1]
    places = _places(options)
    table = _TABLES.get(places)
    if table is None:
        table = _TABLES[places] = _Table(places)
    _LAST_TABLE[0] = (options, table)  # one tuple stored at once: no torn read
    return table


def actions(options: Options) -> tuple[Any, ...]:
    """Every move of a game with these options, at its index (see the module).

    Example:
        >>> acts = actions(Options())
        >>> len(acts), acts[0], acts[19], acts[-1]
        (75, Place(place=0, qualified=False), Activate(place=1), LoseWorker(which='oeuvre'))
    """
    return _table(options).actions


def num_actions(num_players: int, options: Options | None = None) -> int:
    """How many moves are numbered: ``4 * P + 39`` for a zone of ``P`` places.

    Example:
        >>> num_actions(2, Options()), num_actions(2, Options(plain_squares=4, dotted_squares=3))
        (75, 135)
    """
    _check(num_players)
    return _table(options or Options()).size


def num_chance_outcomes(num_players: int, options: Options | None = None) -> int:
    """How many chance outcomes are numbered: none, Misère has no chance after setup.

    Example:
        >>> num_chance_outcomes(2, Options())
        0
    """
    _check(num_players)
    return 0


def action_index(state: State, action: Any) -> int:
    """The index of a legal ``action``: its place in `actions`, the same in every state
    of a game with these options.

    Raises:
        ValueError: ``action`` is not a move of Misère, or not legal in ``state`` (or the
            game is over).

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> action_index(s, Place(2, False)), action_index(s, Place(6, False))
        (4, 12)
    """
    try:
        i = _table(state.options).index[action]
    except (KeyError, TypeError):
        raise ValueError(f"{action!r} is not a move of Misère") from None
    if state.to_move == TERMINAL or action not in GAME.legal_actions(state):
        raise ValueError(f"{action!r} is not legal now")
    return i


def index_action(state: State, i: int) -> Any:
    """The legal action numbered ``i``.

    Raises:
        ValueError: no legal action of ``state`` has that number.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> index_action(s, 4)
        Place(place=2, qualified=False)
        >>> index_action(s, 5)
        Traceback (most recent call last):
        ...
        ValueError: index 5 (Place(place=2, qualified=True)) is not a legal move now
    """
    table = _table(state.options)
    if not 0 <= i < table.size:
        raise ValueError(f"index {i} is not a move (0 to {table.size - 1})")
    if state.to_move == TERMINAL:
        raise ValueError(f"index {i}: the game is over, no move is legal")
    action = table.actions[i]
    if action not in GAME.legal_actions(state):
        raise ValueError(f"index {i} ({action!r}) is not a legal move now")
    return action


def legal_indices(state: State) -> list[int]:
    """The index of each legal action, in the order of ``legal_actions(state)``; empty
    at the end.

    Example:
        >>> from boardgames_fr import misere
        >>> legal_indices(misere.new_game(2, seed=1))
        [0, 4, 8, 12, 14, 16]
    """
    if state.to_move == TERMINAL:
        return []
    table = _table(state.options)
    out = []
    for a in GAME.legal_actions(state):
        t = type(a)
        # The most frequent moves by what they carry (the same as `table.index`).
        if t is Place:
            out.append(a.place * 2 + a.qualified)
        elif t is Activate:
            out.append(table.activate + a.place)
        elif t is GoToSector:
            out.append(table.goto + a.sector)
        elif t is FallToMisery:
            out.append(table.fall + a.circle)
        elif t is BuyFood:
            out.append(table.buy + a.count)
        else:
            out.append(table.index[a])
    return out


def legal_mask(state: State) -> npt.NDArray[np.bool_]:
    """True at the index of each legal action, shape ``(num_actions,)``; all False at
    the end.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> [int(i) for i in legal_mask(s).nonzero()[0]]
        [0, 4, 8, 12, 14, 16]
    """
    return mask_of(legal_indices(state), _table(state.options).size)


# --- the observation vector -------------------------------------------------------------

_COMMUNE_FOOD = SETUP.commune_food
_PLAYER_AMOUNTS = (
    "money",
    "xp",
    "food",
    "plain",
    "qualified",
    "owned_plain",
    "owned_qualified",
    "lost",
    "acted",
    "hungry",
    "oeuvre_qualified",
)


_NUM_AMOUNTS = len(_PLAYER_AMOUNTS)


def _blocks(places: int) -> tuple[tuple[str, int], ...]:
    """(name, length) of each block, in order: the amounts in [0, 1], then 0/1 flags."""
    amounts = len(_PLAYER_AMOUNTS)
    return (
        ("options", 8),
        ("round", 1),
        ("food", 3),
        ("player0", amounts),
        ("player1", amounts),
        # 0/1 flags from here
        ("seat", 3),
        ("to_move", 3),
        ("phase", len(PHASES)),
        ("first_player", 2),
        ("best_worker", 2),
        ("oeuvre", 2 * _SPACES),
        ("zone", 4 * places),
        ("sectors", 4 * _NUM_SECTORS),
        ("pending", 1 + 2 + 4 + 4 + len(STAGES) + _NUM_SECTORS),
        ("oeuvre_winner", 2),
    )


def layout(options: Options | None = None) -> tuple[tuple[str, int, int], ...]:
    """(name, start, length) of each block of the observation vector, in order.

    Example:
        >>> layout(Options())[:3]
        (('options', 0, 8), ('round', 8, 1), ('food', 9, 3))
        >>> layout(Options())[-1]
        ('oeuvre_winner', 138, 2)
    """
    out, at = [], 0
    for name, length in _blocks(_places(options or Options())):
        out.append((name, at, length))
        at += length
    return tuple(out)


def observation_shape(num_players: int, options: Options | None = None) -> tuple[int]:
    """The shape of `observation_tensor`'s vector: ``4 * P + 104`` floats for a zone of
    ``P`` places (140 by default).

    Example:
        >>> observation_shape(2, Options()), observation_shape(2, Options(dotted_squares=0))
        ((140,), (128,))
    """
    _check(num_players)
    return (sum(length for _, length in _blocks(_places(options or Options()))),)


class _Plan:
    """What `observation_tensor` precomputes for one set of options."""

    def __init__(self, options: Options) -> None:
        blocks = {name: start for name, start, _ in layout(options)}
        self.size = observation_shape(2, options)[0]
        self.options_row = [
            options.plain_squares / 4,
            options.dotted_squares / 3,
            options.rounds / _MAX_ROUNDS,
            float(options.commune_meal_when_empty == MEAL_CENTRAL),
            float(options.rupture_opens_misery),
            float(options.eaten_food == EATEN_PILE),
            float(options.oeuvre_speed == SPEED_ACTING_WORKER),
            float(options.tie_break == TIE_SHARED),
        ]
        self.players = (blocks["player0"], blocks["player1"])
        self.inv_rounds = 1.0 / options.rounds
        self.seat = blocks["seat"]
        self.to_move = blocks["to_move"]
        self.phase = blocks["phase"]
        self.first_player = blocks["first_player"]
        self.best_worker = blocks["best_worker"]
        self.oeuvre = blocks["oeuvre"]
        self.zone = blocks["zone"]
        self.sectors = blocks["sectors"]
        self.pending = blocks["pending"]
        self.oeuvre_winner = blocks["oeuvre_winner"]
        # The blocks by the values they encode (see `state_tensor`), as float32 bytes.
        self.heads: dict[Any, bytes] = {}
        self.flag_blocks: dict[Any, bytes] = {}
        self.row_blocks: dict[Any, bytes] = {}
        self.tails: dict[Any, bytes] = {}

    def _zeros(self, start: int, stop: int) -> array[float]:
        return array("f", bytes(4 * (stop - start)))

    def head(self, obs: Observation | State) -> array[float]:
        """The options, the round and the food (up to the players)."""
        return array(
            "f",
            (
                *self.options_row,
                obs.round * self.inv_rounds,
                obs.pile / _FOOD,
                obs.commune_food / _COMMUNE_FOOD,
                obs.liquidated,
            ),
        )

    def flags(self, obs: Observation | State, seat: int | None) -> array[float]:
        """From the seat to the Oeuvre's workers (the blocks after the players)."""
        start = self.seat
        out = self._zeros(start, self.zone)
        to_move = obs.to_move
        out[self.seat - start + (2 if seat is None else seat)] = 1.0
        out[self.to_move - start + (2 if to_move == TERMINAL else to_move)] = 1.0
        out[self.phase - start + _PHASE[obs.phase]] = 1.0
        out[self.first_player - start + obs.first_player] = 1.0
        out[self.best_worker - start + obs.best_worker] = 1.0
        for i, pl in enumerate(obs.players):
            if pl.oeuvre >= 0:
                out[self.oeuvre - start + i * _SPACES + pl.oeuvre] = 1.0
        return out

    def rows(self, zone: tuple[int, ...], sectors: tuple[int, ...]) -> array[float]:
        """The workers on the zone and the sectors: 4 flags per place, by code."""
        out = self._zeros(self.zone, self.pending)
        at = self.sectors - self.zone
        for i, w in enumerate(zone):
            if w >= 0:
                out[4 * i + w] = 1.0
        for i, w in enumerate(sectors):
            if w >= 0:
                out[at + 4 * i + w] = 1.0
        return out

    def tail(self, obs: Observation | State) -> array[float]:
        """The move in progress and the Oeuvre's winner (to the end)."""
        out = self._zeros(self.pending, self.size)
        pending = obs.pending
        if pending is not None:
            out[0] = 1.0
            out[1 + pending.seat] = 1.0
            out[3 + pending.worker] = 1.0
            out[7 + pending.origin] = 1.0
            out[11 + _STAGE[pending.stage]] = 1.0
            if pending.sector >= 0:
                out[11 + len(STAGES) + pending.sector] = 1.0
        if obs.oeuvre_winner >= 0:
            out[self.oeuvre_winner - self.pending + obs.oeuvre_winner] = 1.0
        return out


_MEMO_LIMIT = 50_000
_PLANS: dict[Options, _Plan] = {}
_LAST_PLAN: list[tuple[Any, _Plan | None]] = [(None, None)]


def _plan(options: Options) -> _Plan:
    last = _LAST_PLAN[0]
    if last[0] is options and last[1] is not None:
        return last[1]
    plan = _PLANS.get(options)
    if plan is None:
        plan = _PLANS[options] = _Plan(options)
    _LAST_PLAN[0] = (options, plan)  # one tuple stored at once: no torn read
    return plan


def _player_values(pl: Player) -> tuple[float, ...]:
    """A player's amounts, in the order of `_PLAYER_AMOUNTS`."""
    money, xp = pl.money, pl.xp
    return (
        money / (money + MONEY_SCALE),
        xp / (xp + XP_SCALE),
        pl.food / _FOOD,
        pl.plain / _WORKERS,
        pl.qualified / _WORKERS,
        pl.owned_plain / _WORKERS,
        pl.owned_qualified / _WORKERS,
        pl.lost / _WORKERS,
        pl.acted / _WORKERS,
        pl.hungry / _WORKERS,
        float(pl.oeuvre_qualified),
    )


# A player's amounts by the identity of the Player object (states share the players a move
# leaves alone): the object itself is kept in the entry, so its id is not reused meanwhile.
_PLAYER_MEMO: dict[int, tuple[Player, bytes]] = {}
# The same bytes by the amounts they encode (`_player_entry`).
_PLAYER_BYTES: dict[tuple[int | bool, ...], bytes] = {}


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """``observation`` as a float32 vector of `observation_shape`, every value in [0, 1]:
    everything it holds, nothing else (see `layout` and the module).

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> x = observation_tensor(misere.observe(s, 0))
        >>> x.shape, x.dtype, float(x[12]), float(x.min()), float(x.max())
        ((140,), dtype('float32'), 0.09090909361839294, 0.0, 1.0)
    """
    return state_tensor(observation, observation.seat)


def state_tensor(obs: State | Observation, seat: int | None) -> npt.NDArray[np.float32]:
    """``observation_tensor(observe(state, seat))`` without building the observation:
    Misère hides nothing, so the observation is the state's fields and the seat (the
    reinforcement-learning adapters' fast path). ``obs`` may be an observation too (every
    field but the seat's is the same, `rules.observe`).

    Float32 bytes of the blocks in layout order, joined: from one step to the next most
    blocks take values met before, so each is built once and looked up (the players by
    the identity of their object, which a step keeps when it leaves them alone, else by
    the amounts they encode; the rest by the values they encode). Written in one function
    with the plan's lookup inline: it runs at every step of an environment.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> bool((state_tensor(s, 1) == observation_tensor(misere.observe(s, 1))).all())
        True
    """
    options = obs.options
    last = _LAST_PLAN[0]
    p = last[1]
    if last[0] is not options or p is None:
        p = _plan(options)
    pl0, pl1 = obs.players
    key: Any = (obs.round, obs.pile, obs.commune_food, obs.liquidated)
    head = p.heads.get(key)
    if head is None:
        head = _part(p.heads, key, p.head(obs))
    memo = _PLAYER_MEMO
    entry = memo.get(id(pl0))
    if entry is None or entry[0] is not pl0:
        entry = _player_entry(pl0)
    first = entry[1]
    entry = memo.get(id(pl1))
    if entry is None or entry[0] is not pl1:
        entry = _player_entry(pl1)
    second = entry[1]
    to_move = obs.to_move
    key = (seat, to_move, obs.phase, obs.first_player, obs.best_worker, pl0.oeuvre, pl1.oeuvre)
    flags = p.flag_blocks.get(key)
    if flags is None:
        flags = _part(p.flag_blocks, key, p.flags(obs, seat))
    key = (obs.zone, obs.sectors)
    rows = p.row_blocks.get(key)
    if rows is None:
        rows = _part(p.row_blocks, key, p.rows(obs.zone, obs.sectors))
    key = (obs.pending, obs.oeuvre_winner)
    tail = p.tails.get(key)
    if tail is None:
        tail = _part(p.tails, key, p.tail(obs))
    return _frombuffer(_JOIN((head, first, second, flags, rows, tail)), _FLOAT32)


_JOIN = bytearray().join  # a new bytearray: the vector is writable, as numpy's are


def _part(memo: dict[Any, bytes], key: Any, block: array[float]) -> bytes:
    """``block`` as bytes, kept in ``memo`` under ``key`` (emptied when full, so that
    long runs keep their memory flat)."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    out = memo[key] = block.tobytes()
    return out


def _player_entry(pl: Player) -> tuple[Player, bytes]:
    """A player's amounts as float32 bytes, kept by the identity of the Player object
    (states share the players a move leaves alone): the object itself is kept in the
    entry, so its id is not reused meanwhile.

    A new Player (the mover's, at nearly every step) is looked up by the amounts it
    encodes: about three in four of them were met before, and reading the fields costs
    far less than the divisions and the packing."""
    key = (
        pl.money,
        pl.xp,
        pl.food,
        pl.plain,
        pl.qualified,
        pl.owned_plain,
        pl.owned_qualified,
        pl.lost,
        pl.acted,
        pl.hungry,
        pl.oeuvre_qualified,
    )
    data = _PLAYER_BYTES.get(key)
    if data is None:
        if len(_PLAYER_BYTES) >= _MEMO_LIMIT:
            _PLAYER_BYTES.clear()
        data = _PLAYER_BYTES[key] = array("f", _player_values(pl)).tobytes()
    if len(_PLAYER_MEMO) >= _MEMO_LIMIT:
        _PLAYER_MEMO.clear()
    entry = _PLAYER_MEMO[id(pl)] = (pl, data)
    return entry
