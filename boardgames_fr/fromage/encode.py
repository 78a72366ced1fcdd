"""Fromage as numbers, for reinforcement learning (issue #22): a fixed numbering of every
move and chance outcome, a legal-action mask, and the observation as a flat float32 vector
of a fixed length.

Actions are numbered by what they carry, the same in every state of a player count ``n``
and board face (``B`` spaces, in the board's data order; 16 on face A, 25 on face B), in
blocks (`action_blocks`): `PlaceMouse` by bottom space (3), `ChooseSpace` by space (B),
`MoveMouse` by face (green, red), then owner, then destination (2 n B), `PlayMarker` by
kind in `KINDS` order (6), `Pass` (1), `PickDie` by die (5), `Done` (1), `TransferTo` by
space (B), `ForceSpace` by space (B), `ForcePlayer` by seat (n). Chance outcomes: `DieFace`
0-2 (green, yellow, red), then, where markers are drawn (powers without the full set),
`DrawMarker` 3-8 by kind.

The observation vector's layout (`observation_layout`) is in docs/rules/fromage.md
(« Observation »): one-hot blocks and counts, every value in [0, 1].
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core.encoding import IdentityIndex, mask_of
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.fromage import powers, rules
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    DieFace,
    Done,
    DrawMarker,
    ForcePlayer,
    ForceSpace,
    MoveMouse,
    Pass,
    PickDie,
    PlaceMouse,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.game import GAME
from boardgames_fr.fromage.state import (
    ANY_PLAYER,
    BY_PLAYER,
    COPIES_PER_KIND,
    DECREASING,
    FACES,
    FESTIVAL,
    FULL,
    GREEN,
    KINDS,
    NUM_DICE,
    ONE_SPACE,
    PHASES,
    RED,
    ROUND_ROBIN,
    UNROLLED,
    Observation,
    Options,
    State,
)
from boardgames_fr.fromage.turn import table_points

__all__ = [
    "action_blocks",
    "action_index",
    "index_action",
    "legal_indices",
    "legal_mask",
    "num_actions",
    "num_chance_outcomes",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "state_tensor",
]

Action = Any
FloatArray = npt.NDArray[np.float32]
BoolArray = npt.NDArray[np.bool_]

# --- actions -------------------------------------------------------------------------------

_MOVE_FACES = (GREEN, RED)
_CHANCE_OUTCOMES: tuple[Action, ...] = (
    *(DieFace(f) for f in FACES),
    *(DrawMarker(k) for k in KINDS),
)


def action_blocks(num_players: int, options: Options) -> tuple[tuple[str, int], ...]:
    """The blocks of the action numbering, in order: (action class name, size).

    Example:
        >>> action_blocks(2, Options())[:3]
        (('PlaceMouse', 3), ('ChooseSpace', 16), ('MoveMouse', 64))
    """
    n, b = num_players, BOARDS[options.board].size
    return (
        ("PlaceMouse", 3),
        ("ChooseSpace", b),
        ("MoveMouse", 2 * n * b),
        ("PlayMarker", len(KINDS)),
        ("Pass", 1),
        ("PickDie", NUM_DICE),
        ("Done", 1),
        ("TransferTo", b),
        ("ForceSpace", b),
        ("ForcePlayer", n),
    )


class _Actions:
    """The numbering of one player count and board face: every action object in index
    order, and the index of each, by identity for the rules' own objects (the cheap path
    of `legal_mask`) and by value for any other."""

    def __init__(self, n: int, board: Board) -> None:
        names = board.names
        actions: list[Action] = [PlaceMouse(names[s]) for s in board.starts]
        actions += [ChooseSpace(x) for x in names]
        actions += [MoveMouse(f, o, x) for f in _MOVE_FACES for o in range(n) for x in names]
        actions += [PlayMarker(k) for k in KINDS]
        actions += [Pass()]
        actions += [PickDie(i) for i in range(NUM_DICE)]
        actions += [Done()]
        actions += [TransferTo(x) for x in names]
        actions += [ForceSpace(x) for x in names]
        actions += [ForcePlayer(s) for s in range(n)]
        self.actions = tuple(actions)
        self.size = len(actions)
        self.by_value: dict[Action, int] = {a: i for i, a in enumerate(actions)}
        # The objects `rules.legal` hands out, by identity; they live as long as the
        # rules' tables, so an id is never reused while it is a key here.
        tables = rules.TABLES[board.face]
        mine: list[Action] = [*tables.place, *tables.choose]
        for face in _MOVE_FACES:
            for per_space in tables.moves[face]:
                for per_owner in per_space[:n]:
                    mine += per_owner
        mine += [*powers.PLAY.values(), powers.PASS, *powers.PICK, powers.DONE]
        mine += powers.FORCE[:n]
        self.identity = IdentityIndex(self.by_value, keep=0, known=mine)


_ACTIONS = {(n, face): _Actions(n, board) for n in (2, 3, 4) for face, board in BOARDS.items()}


def _codec(state: State | Observation) -> _Actions:
    try:
        return _ACTIONS[state.num_players, state.options.board]
    except KeyError:
        raise ValueError(f"no action numbering for {state.num_players} players") from None


def num_actions(num_players: int, options: Options) -> int:
    """How many action indices: ``16 + 3 B + 2 n B + n`` for ``n`` players and a board of
    ``B`` spaces (130 for 2 players on face A).

    Example:
        >>> num_actions(2, Options()), num_actions(4, Options(board="B"))
        (130, 295)
    """
    return _ACTIONS[num_players, options.board].size


def num_chance_outcomes(num_players: int, options: Options) -> int:
    """How many chance outcome indices: the 3 die faces, and the 6 marker kinds where
    markers are drawn (powers without the full set, FR-11).

    Example:
        >>> num_chance_outcomes(2, Options()), num_chance_outcomes(2, Options(powers=True))
        (3, 9)
    """
    drawn = options.powers and not options.full_set
    return len(FACES) + (len(KINDS) if drawn else 0)


def _outcome_index(outcome: Action) -> int:
    if isinstance(outcome, DieFace) and outcome.face in FACES:
        return FACES.index(outcome.face)
    if isinstance(outcome, DrawMarker) and outcome.kind in KINDS:
        return len(FACES) + KINDS.index(outcome.kind)
    raise ValueError(f"{outcome!r} is not a chance outcome of Fromage")


def action_index(state: State, action: Action) -> int:
    """The index of ``action`` (at a chance node: of the outcome): from what it carries,
    the same in every state of the game. It does not check that the action is legal now.

    Raises:
        ValueError: the action names a space, seat, die or kind the game does not have.

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1)
        >>> action_index(s, PlaceMouse("gros bidon")), action_index(s, Pass())
        (1, 89)
    """
    if state.to_move == CHANCE:
        return _outcome_index(action)
    codec = _codec(state)
    try:
        return codec.by_value[action]
    except (KeyError, TypeError):
        raise ValueError(f"{action!r} is not an action of this game of Fromage") from None


def index_action(state: State, index: int) -> Action:
    """The legal action (at a chance node: the outcome) of number ``index``.

    Raises:
        ValueError: ``index`` is not the number of a legal action in ``state``.

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1)
        >>> index_action(s, 2)
        PlaceMouse(space='caisse droite')
        >>> index_action(s, 3)
        Traceback (most recent call last):
        ...
        ValueError: action 3 (ChooseSpace(space='caisse gauche')) is not legal now (phase 'place')
    """
    tm = state.to_move
    if tm == TERMINAL:
        raise ValueError(f"action {index}: the game is over, no action is legal")
    if tm == CHANCE:
        size = num_chance_outcomes(state.num_players, state.options)
        if not 0 <= index < size:
            raise ValueError(f"chance outcome {index} is not in range({size})")
        action = _CHANCE_OUTCOMES[index]
    else:
        codec = _codec(state)
        if not 0 <= index < codec.size:
            raise ValueError(f"action {index} is not in range({codec.size})")
        action = codec.actions[index]
    legal = GAME.legal_actions(state)
    for a in legal:
        if a == action:
            return a
    what = "chance outcome" if tm == CHANCE else "action"
    raise ValueError(f"{what} {index} ({action!r}) is not legal now (phase {state.phase!r})")


def legal_indices(state: State) -> list[int]:
    """The number of each legal action (at a chance node: of each outcome), in the order
    of ``legal_actions(state)``; empty once the game is over.

    Example:
        >>> from boardgames_fr import fromage
        >>> legal_indices(fromage.new_game(2, seed=1))
        [0, 1, 2]
    """
    legal = GAME.legal_actions(state)  # cached by the core for the `step` that follows
    if state.to_move == CHANCE:
        return [_outcome_index(a) for a in legal]
    # An object built for this state (TransferTo, ForceSpace) is found by value.
    return _codec(state).identity.indices(legal)


def legal_mask(state: State) -> BoolArray:
    """A bool vector over the action indices (at a chance node: over the outcome indices),
    True for each legal one; all False once the game is over.

    Example:
        >>> from boardgames_fr import fromage
        >>> legal_mask(fromage.new_game(2, seed=1))[:5].tolist()
        [True, True, True, False, False]
    """
    if state.to_move == CHANCE:
        size = num_chance_outcomes(state.num_players, state.options)
    else:
        size = _codec(state).size
    return mask_of(legal_indices(state), size)


# --- observations --------------------------------------------------------------------------


def _hand_size(options: Options) -> int:
    """The most markers a hand holds (FR-11); 0 without the powers."""
    if not options.powers:
        return 0
    return len(KINDS) if options.full_set else options.markers


def _max_points(options: Options) -> int:
    """The most points one seat can score (FR-10, FR-18)."""
    if options.variant != FESTIVAL:
        return 1
    table = sum(table_points(options, eaten) for eaten in range(options.cheeses))
    return table + options.extra_cheeses


def observation_layout(num_players: int, options: Options) -> tuple[tuple[str, int], ...]:
    """The blocks of the observation vector, in order: (name, size). Documented in
    docs/rules/fromage.md (« Observation »).

    Example:
        >>> observation_layout(2, Options())[:4]
        (('seat', 2), ('options', 15), ('to_move', 4), ('phase', 10))
    """
    n = num_players
    b = BOARDS[options.board].size
    hand = _hand_size(options)
    copies = (n if options.full_set else COPIES_PER_KIND) if options.powers else 0
    discards = n * hand
    effect = (len(KINDS) + n + b + n) if options.powers else 0
    arrivals = options.cheeses if options.variant == FESTIVAL else 1
    return (
        ("seat", n),
        ("options", 15),
        ("to_move", n + 2),
        ("phase", len(PHASES)),
        ("turn", n),
        ("space", b),
        ("dice", NUM_DICE * 4),
        ("window", n * n),
        ("effect", effect),
        ("answers", copies * n),
        ("discards", discards * len(KINDS)),
        ("played_by", discards * (n + 1)),
        ("extras", b),
        ("arrivals", arrivals * n),
        ("resume", n),
        ("transferred_from", b),
        ("picked", NUM_DICE if options.powers else 0),
        ("mice", b * n),
        ("to_place", n),
        ("used", n),
        ("marker_counts", n if options.powers else 0),
        ("points", n),
        ("table", 1),
        ("todo", 2),
        ("own_markers", len(KINDS) if options.powers else 0),
    )


def observation_shape(num_players: int, options: Options) -> tuple[int, ...]:
    """The shape of `observation_tensor`'s vector for this player count and options.

    Example:
        >>> observation_shape(2, Options()), observation_shape(4, Options(powers=True))
        ((150,), (407,))
    """
    return (sum(size for _, size in observation_layout(num_players, options)),)


_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_FACE_INDEX = {**{f: i for i, f in enumerate(FACES)}, UNROLLED: len(FACES)}
_KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


class _Layout:
    """The offsets of one player count and options, and the scale of each position: the
    vector holds small integers (``units``: counts, ranks, 1 for a one-hot) times their
    scale (1 / their unit). A tensor is built from float32 bytes memoised by the fields
    they come from: ``heads`` (everything before the counts), ``tails`` (the counts after
    the mice), and and ``mice``."""

    def __init__(self, n: int, options: Options) -> None:
        self.n = n
        self.options = options
        self.board_size = BOARDS[options.board].size
        self.at: dict[str, int] = {}
        at = 0
        for name, size in observation_layout(n, options):
            self.at[name] = at
            at += size
        units = bytearray(at)
        scale = np.ones(at, np.float32)
        o = self.at["options"]
        for i, (value, unit) in enumerate(_options_block(options)):
            units[o + i] = value
            scale[o + i] = 1 / unit
        if options.powers:
            o = self.at["picked"]
            scale[o : o + NUM_DICE] = 1 / NUM_DICE  # a die's rank among the dice picked
        self.units = bytes(units)
        # Counts, from `counts` to the end, each in a unit of its own.
        self.counts = self.at["mice"]
        self.tail = self.counts + n * self.board_size  # the counts after the mice
        mice = options.mice
        hand = _hand_size(options)
        units_of: list[int] = [mice] * (self.board_size * n + 2 * n)  # mice, to_place, used
        if hand:
            units_of += [hand] * n  # marker_counts
        units_of += [_max_points(options)] * n  # points
        units_of += [options.cheeses if options.variant == FESTIVAL else 1]  # table
        units_of += [NUM_DICE] * 2  # todo: green and red results left
        if hand:
            units_of += [hand] * len(KINDS)  # own markers by kind
        scale[self.counts :] = [1 / u for u in units_of]
        self.scale = scale
        self.size = at
        self.hand_size = hand
        self.mice: dict[tuple[int, ...], bytes] = {}
        self.heads: dict[tuple[Any, ...], bytes] = {}
        self.tails: dict[tuple[Any, ...], bytes] = {}

    def scaled(self, units: bytes | bytearray, start: int) -> bytes:
        """The float32 bytes of ``units``, the units of the positions from ``start``."""
        # uint8 times float32 is float32 already: no cast (a copy) before the bytes.
        values = np.frombuffer(units, _U8) * self.scale[start : start + len(units)]
        out: bytes = values.tobytes()
        return out


def _options_block(options: Options) -> list[tuple[int, int]]:
    """The options as 15 (value, unit) pairs: the vector holds value / unit, in [0, 1]."""
    return [
        (int(options.board == "B"), 1),
        (options.mice, 6),
        (int(options.powers), 1),
        (options.markers, COPIES_PER_KIND),
        (int(options.full_set), 1),
        (int(options.variant == FESTIVAL), 1),
        (options.cheeses, 9),
        (int(options.cheese_points == DECREASING), 1),
        (options.extra_cheeses, 3),
        (int(options.placement == ROUND_ROBIN), 1),
        (int(options.placement == BY_PLAYER), 1),
        (int(options.placement == ONE_SPACE), 1),
        (int(options.tour_target == ANY_PLAYER), 1),
        (int(options.die_change == FULL), 1),
        (1, 1),  # a constant input (a bias for a linear policy)
    ]


_LAYOUTS: dict[tuple[int, Options], _Layout] = {}
_last: list[Any] = [None, 0, None]  # the options object, player count and layout of the last call


def _layout(obs: Observation | State) -> _Layout:
    last = _last
    if last[0] is obs.options and last[1] == obs.num_players:
        lay: _Layout = last[2]
        return lay
    key = (obs.num_players, obs.options)
    found = _LAYOUTS.get(key)
    if found is None:
        if obs.num_players not in (2, 3, 4):
            raise ValueError(f"no observation layout for {obs.num_players} players")
        if len(_LAYOUTS) > 1_000:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _Layout(obs.num_players, obs.options)
    _last[:] = [obs.options, obs.num_players, found]
    return found


def observation_tensor(observation: Observation) -> FloatArray:
    """``observation`` as a float32 vector of `observation_shape`, every value in [0, 1]:
    everything the observation holds, and nothing else.

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1)
        >>> t = observation_tensor(fromage.observe(s, 0))
        >>> t.shape, t.dtype, float(t.min()), float(t.max())
        ((150,), dtype('float32'), 0.0, 1.0)
    """
    obs = observation
    return _encode(obs, obs.seat, obs.marker_counts, obs.own_markers, obs.discards, obs.played_by)


def state_tensor(state: State, seat: int | None) -> FloatArray:
    """``observation_tensor(observe(state, seat))`` without building the observation:
    the same numbers, from what ``seat`` may see of ``state`` (the reinforcement-learning
    adapters' fast path).

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1, options={"powers": True})
        >>> bool((state_tensor(s, 1) == observation_tensor(fromage.observe(s, 1))).all())
        True
    """
    markers = state.markers
    if markers is None:
        return _encode(state, seat, (0,) * state.num_players, (), (), ())
    # FR-11, as `rules.observe` shows them: the others' markers face down (how many each
    # holds), the seat's own, every marker played and who played it.
    return _encode(
        state,
        seat,
        tuple(map(len, markers.hands)),
        markers.hands[seat] if seat is not None else (),
        markers.discards,
        markers.played_by,
    )


def _encode(
    obs: Observation | State,
    seat: int | None,
    marker_counts: tuple[int, ...],
    own_markers: tuple[str, ...],
    discards: tuple[str, ...],
    played_by: tuple[int, ...],
) -> FloatArray:
    """The vector of what ``seat`` sees: the fields an observation shares with the state
    read from ``obs``, the markers' given."""
    last = _last
    if last[0] is obs.options and last[1] == obs.num_players:
        lay: _Layout = last[2]
    else:
        lay = _layout(obs)
    cheese = obs.cheese
    window = obs.window
    # Everything but the counts repeats a lot from step to step: memoised.
    key: tuple[Any, ...] = (
        seat,
        obs.to_move,
        obs.phase,
        obs.turn,
        obs.space,
        obs.dice,
        None if window is None else window.queue,
        obs.effects,
        discards,
        played_by,
        cheese.extras,
        cheese.arrivals,
        obs.resume,
        obs.transferred_from,
    )
    head = lay.heads.get(key)
    if head is None:
        if len(lay.heads) >= _MEMO_LIMIT:
            lay.heads.clear()
        head = lay.heads[key] = lay.scaled(_head(lay, obs, seat, discards, played_by), 0)
    todo = obs.todo
    counts: tuple[Any, ...] = (obs.to_place, obs.used, marker_counts, cheese.points)
    counts += (cheese.table, todo, own_markers)
    tail = lay.tails.get(counts)
    if tail is None:
        if len(lay.tails) >= _MEMO_LIMIT:
            lay.tails.clear()
        tail = lay.tails[counts] = lay.scaled(_tail(lay, obs, marker_counts, own_markers), lay.tail)
    mice = lay.mice.get(obs.mice)
    if mice is None:
        if len(lay.mice) >= _MEMO_LIMIT:
            lay.mice.clear()
        mice = lay.mice[obs.mice] = lay.scaled(bytes(obs.mice), lay.counts)
    out: FloatArray = np.frombuffer(_JOIN((head, mice, tail)), _F32)
    return out


_JOIN = bytearray().join  # a new bytearray each time: the vector is writable, as before


_MEMO_LIMIT = 20_000
_F32 = np.dtype(np.float32)  # a dtype object: numpy reads a type such as np.float32 slowly
_U8 = np.dtype(np.uint8)
_BOOL = np.dtype(np.bool_)


def _tail(
    lay: _Layout,
    obs: Observation | State,
    marker_counts: tuple[int, ...],
    own_markers: tuple[str, ...],
) -> bytes:
    """The units of the counts after the mice."""
    todo = obs.todo
    greens = todo.count(GREEN)
    counts = obs.to_place + obs.used
    if lay.hand_size:
        counts += marker_counts
    counts += (*obs.cheese.points, obs.cheese.table, greens, len(todo) - greens)
    if lay.hand_size:
        counts += tuple(own_markers.count(k) for k in KINDS)
    return bytes(counts)  # every count is below 256


def _head(
    lay: _Layout,
    obs: Observation | State,
    seat: int | None,
    discards: tuple[str, ...],
    played_by: tuple[int, ...],
) -> bytes:
    """The units of the vector before the counts (`_Layout.counts`)."""
    at = lay.at
    n = lay.n
    units = bytearray(lay.units)
    if seat is not None:
        units[seat] = 1  # the first block
    tm = obs.to_move
    units[at["to_move"] + (tm if tm >= 0 else (n if tm == CHANCE else n + 1))] = 1
    units[at["phase"] + _PHASE_INDEX[obs.phase]] = 1
    units[at["turn"] + obs.turn] = 1
    if obs.space >= 0:
        units[at["space"] + obs.space] = 1
    ones: list[int] = []
    o = at["dice"]
    ones += [o + 4 * i + _FACE_INDEX[f] for i, f in enumerate(obs.dice)]
    if obs.window is not None:
        o = at["window"]
        ones += [o + i * n + s for i, s in enumerate(obs.window.queue)]
    if obs.effects:
        ones += _effects(units, lay, obs)
    o, k = at["discards"], len(KINDS)
    ones += [o + i * k + _KIND_INDEX[x] for i, x in enumerate(discards)]
    # played_by -1 (a save from before it was recorded): the last column.
    o = at["played_by"]
    ones += [o + i * (n + 1) + (s if s >= 0 else n) for i, s in enumerate(played_by)]
    cheese = obs.cheese
    ones += [at["extras"] + s for s in cheese.extras]
    o = at["arrivals"]
    ones += [o + i * n + s for i, s in enumerate(cheese.arrivals)]
    if obs.resume >= 0:
        ones.append(at["resume"] + obs.resume)
    if obs.transferred_from >= 0:
        ones.append(at["transferred_from"] + obs.transferred_from)
    for i in ones:
        units[i] = 1
    return bytes(units[: lay.counts])


def _effects(units: bytearray, lay: _Layout, obs: Observation | State) -> list[int]:
    """The marker being played (kind, player, dice picked with their order, space, seat
    forced), then the seat of each Annulation answering it, in order (FR-17): the one-hot
    positions (the dice's ranks go straight into ``units``)."""
    at, n = lay.at, lay.n
    main = obs.effects[0]
    o = at["effect"]
    ones = [o + _KIND_INDEX[main.kind], o + len(KINDS) + main.seat]
    o += len(KINDS) + n
    if main.space >= 0:
        ones.append(o + main.space)
    o += lay.board_size
    if main.target >= 0:
        ones.append(o + main.target)
    picked = at["picked"]
    for rank, die in enumerate(main.dice):
        units[picked + die] = rank + 1  # picked, and in which order
    o = at["answers"]
    ones += [o + i * n + e.seat for i, e in enumerate(obs.effects[1:])]
    return ones
