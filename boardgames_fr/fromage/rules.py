"""Fromage's rules as the hooks of `boardgames_fr.core.Game`: the order of a turn.

A turn (docs/rules/fromage.md, "A turn"):

    CHOOSE --ChooseSpace--> ROLL (one chance event per die)
      --> [powers: REACT window -> COMPOSE a marker -> ANSWER window -> back to ROLL/REACT]
      --> APPLY (one MoveMouse per green or red result)
      --> [powers: END window, Tour supplémentaire]
      --> next player's CHOOSE

Setup is DRAW (powers only: one chance event per marker) then PLACE (one mouse at a time).
`turn` holds the race's mechanics and `powers` the markers; this module decides what
follows what.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, compress
from typing import Any

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Uniform
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage import powers
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    DieFace,
    Done,
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
from boardgames_fr.fromage.state import (
    ANSWER,
    APPLY,
    CANCEL,
    CHOOSE,
    COMPOSE,
    DRAW,
    END,
    EXTRA_TURN,
    FACES,
    FESTIVAL,
    GREEN,
    KINDS,
    PLACE,
    PREVIOUS,
    REACT,
    RED,
    REROLL,
    ROLL,
    YELLOW,
    Cheese,
    Effect,
    Markers,
    Observation,
    Options,
    State,
)
from boardgames_fr.fromage.turn import (
    ZEROS,
    move_mouse,
    next_turn,
    place_mouse,
    roll_die,
    start_roll,
    start_turn,
)

__all__ = [
    "DIE_OUTCOMES",
    "TABLES",
    "Action",
    "apply",
    "apply_chance",
    "chance",
    "deal_distinct",
    "hidden_variants",
    "init",
    "legal",
    "observe",
    "scores",
    "secret_chance",
    "winners",
]

# --- action tables, built once per board (no allocation on the hot path) ----------------

Action = Any


class _Tables:
    """Every action object a board can need, so `legal` only picks from tuples."""

    def __init__(self, board: Board) -> None:
        names = board.names
        self.place = tuple(PlaceMouse(names[s]) for s in board.starts)
        self.choose = tuple(ChooseSpace(n) for n in names)
        # moves[face][space][owner]: the MoveMouse actions of one result on one mouse colour.
        self.moves = {
            face: tuple(
                tuple(
                    tuple(MoveMouse(face, owner, names[t]) for t in _targets(board, face, s))
                    for owner in range(4)
                )
                for s in range(board.size)
            )
            for face in (GREEN, RED)
        }


def _targets(board: Board, face: str, space: int) -> tuple[int, ...]:
    # FR-06: green goes to an up link; FR-07: red to a down link. Gap: a red result on a
    # bottom space keeps the mouse where it is (the space names itself).
    if face == GREEN:
        return board.up[space]
    return board.down[space] or (space,)


TABLES = {face: _Tables(board) for face, board in BOARDS.items()}
# 2 sides of each colour: all equally likely, so `Uniform` lets the core draw by index.
DIE_OUTCOMES = Uniform((DieFace(f), 2) for f in FACES)


# --- setup ----------------------------------------------------------------------------


def init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    board = BOARDS[options.board]
    festival = options.variant == FESTIVAL
    markers = powers.new_markers(options, num_players)
    dealing = markers is not None and bool(markers.deck)
    return State(
        num_players=num_players,
        options=options,
        to_move=CHANCE if dealing else 0,
        rng=rng,
        explicit=explicit,
        phase=DRAW if dealing else PLACE,
        mice=(0,) * (board.size * num_players),
        to_place=(options.mice,) * num_players,
        turn=0,
        space=-1,
        dice=(),
        todo=(),
        used=(0,) * num_players,
        window=None,
        effects=(),
        markers=markers,
        cheese=Cheese(
            table=options.cheeses if festival else 1,
            extras=board.extra_cheese[: options.extra_cheeses],
            points=(0,) * num_players,
            arrivals=(),
        ),
    )


# --- legal actions ----------------------------------------------------------------------


def legal(state: State) -> tuple[Action, ...]:
    """The legal actions, in this order (documented in docs/rules/fromage.md):

    PLACE: the bottom spaces left to right. CHOOSE: spaces in board order. APPLY: green
    results first, then red; for each, mouse colours by seat, then destinations in the
    board's link order. Windows: the markers that may be played (kind order), then Pass.
    COMPOSE: see `powers.compose_actions`.
    """
    phase = state.phase
    tables = TABLES[state.options.board]
    if phase == APPLY:
        return _legal_apply(state, tables)
    if phase == CHOOSE:
        # FR-04: a space holding at least one of the player's mice.
        return tuple(compress(tables.choose, state.mice[state.to_move :: state.num_players]))
    if phase == PLACE:
        return tables.place  # FR-03: any of the three bottom spaces
    seat = state.to_move
    if phase == REACT:
        return powers.react_actions(state, seat)
    if phase == COMPOSE:
        return powers.compose_actions(state)
    if phase == ANSWER:
        return powers.answer_actions(state, seat)
    if phase == END:
        return powers.end_actions(state, seat)
    return ()


def _legal_apply(state: State, tables: _Tables) -> tuple[Action, ...]:
    n = state.num_players
    space = state.space
    todo = state.todo
    base = space * n
    # The menu depends on little, and repeats a lot: memoised by plain values.
    key = (tables, space, GREEN in todo, RED in todo, state.mice[base : base + n], state.used)
    menu = _APPLY_MEMO.get(key)
    if menu is None:
        if len(_APPLY_MEMO) >= _MEMO_LIMIT:
            _APPLY_MEMO.clear()
        menu = _APPLY_MEMO[key] = _apply_menu(*key)
    return menu


_MEMO_LIMIT = 100_000
_APPLY_MEMO: dict[tuple[Any, ...], tuple[MoveMouse, ...]] = {}


def _apply_menu(
    tables: _Tables,
    space: int,
    green: bool,
    red: bool,
    mice: tuple[int, ...],
    used: tuple[int, ...],
) -> tuple[MoveMouse, ...]:
    """The results to apply (``green``, ``red``: some left) to the mice of ``space``
    (``mice``: each seat's count there; ``used``: each seat's mice that took one)."""
    out: list[MoveMouse] = []
    for face, left in ((GREEN, green), (RED, red)):
        if left:
            # FR-09: any colour, but each result to a different mouse: a mouse that took a
            # result has left the space, or (red on a bottom space) is counted in `used`.
            moves = tables.moves[face][space]
            for owner, count in enumerate(mice):
                if count > used[owner]:
                    out.extend(moves[owner])
    return tuple(out)


# --- applying an action -------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action``, a legal action of the seat to move."""
    return _HANDLERS[type(action)](state, action)


def _place(state: State, action: PlaceMouse) -> State:
    return place_mouse(state, BOARDS[state.options.board].index[action.space])


def _choose(state: State, action: ChooseSpace) -> State:
    return start_roll(state, BOARDS[state.options.board].index[action.space])


def _move(state: State, action: MoveMouse) -> State:
    to = BOARDS[state.options.board].index[action.to]
    moved = move_mouse(state, action.face, action.owner, to)
    if moved.phase == APPLY and not moved.todo:
        return _after_results(moved)
    return moved  # more results to apply, the game is over, or the turn already passed


def _play(state: State, action: PlayMarker) -> State:
    seat = state.to_move
    markers = state.markers
    if markers is None:  # unreachable: only listed with powers
        return state
    taken = powers.take_marker(markers, seat, action.kind)
    if state.phase == ANSWER:
        # FR-17: an Annulation answering the marker on top of the stack.
        effects = (*state.effects, Effect(CANCEL, seat))
        return _open_answer(replace(state, markers=taken, effects=effects))
    played = replace(
        state, markers=taken, effects=(Effect(action.kind, seat),), phase=COMPOSE, window=None
    )
    if action.kind == EXTRA_TURN and seat == state.turn and state.options.tour_target == PREVIOUS:
        # FR-13: "play a second turn at once" needs no further choice (with "any", the
        # player may force an opponent instead: `ForcePlayer`).
        return _open_answer(played)
    return played


def _pass(state: State, action: Pass) -> State:
    window = state.window.passed() if state.window is not None else None
    if window is not None:
        return replace(state, to_move=window.current, window=window)
    closed = replace(state, window=None)
    if state.phase == REACT:
        return _begin_apply(closed)
    if state.phase == ANSWER:
        return _resolve(closed)
    return next_turn(closed)  # END: nobody plays Tour supplémentaire


def _pick(state: State, action: PickDie) -> State:
    e = state.effects[0]
    effect = replace(e, dice=(*e.dice, action.die))
    return replace(state, effects=(effect, *state.effects[1:]))


def _force_player(state: State, action: ForcePlayer) -> State:
    # FR-13, tour_target="any": the marker's player names who plays; naming themselves
    # (only the player who just played may) is their own second turn: no space to choose.
    e = state.effects[0]
    chosen = replace(state, effects=(replace(e, target=action.seat),))
    return _open_answer(chosen) if action.seat == e.seat else chosen


def _done(state: State, action: Done) -> State:
    return _open_answer(state)


def _designate(state: State, action: TransferTo | ForceSpace) -> State:
    e = state.effects[0]
    space = BOARDS[state.options.board].index[action.space]
    effect = replace(e, space=space)
    return _open_answer(replace(state, effects=(effect,)))


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    PlaceMouse: _place,
    ChooseSpace: _choose,
    MoveMouse: _move,
    PlayMarker: _play,
    Pass: _pass,
    PickDie: _pick,
    Done: _done,
    TransferTo: _designate,
    ForceSpace: _designate,
    ForcePlayer: _force_player,
}


# --- what follows what -------------------------------------------------------------------


def _after_roll(state: State) -> State:
    """Every die shows a face: open the power window (FR-11), else apply the results."""
    if state.markers is not None and state.dice:
        window = powers.holders_from(state, state.turn)
        if window is not None:
            return replace(state, phase=REACT, to_move=window.current, window=window, effects=())
    return _begin_apply(state)


def _begin_apply(state: State) -> State:
    todo = tuple(f for f in state.dice if f != YELLOW)  # FR-08: yellow does nothing
    if not todo:
        if state.transferred_from >= 0:
            # FR-14: the roll is over, and with it the space it was first chosen on.
            state = replace(state, transferred_from=-1)
        return _after_results(state)
    return _applying(state, state.dice, todo, state.rng)


def _applying(state: State, dice: tuple[str, ...], todo: tuple[str, ...], rng: int) -> State:
    """The roller is to apply ``todo``, the green and red results of ``dice`` (FR-09)."""
    return replace(
        state,
        to_move=state.turn,
        rng=rng,
        phase=APPLY,
        dice=dice,
        todo=todo,
        used=ZEROS[state.num_players],
        window=None,
        effects=(),
        transferred_from=-1,  # FR-14: the roll is applied, wherever it was first chosen
    )


def _after_results(state: State) -> State:
    """Every result applied: the Tour supplémentaire window (FR-13), else the next turn."""
    if state.markers is not None:
        window = powers.holders_from(state, state.turn)
        if window is not None:
            return replace(state, phase=END, to_move=window.current, window=window)
    return next_turn(state)


def _open_answer(state: State) -> State:
    """FR-17: the other holders, clockwise from the marker's player, may annul it."""
    last = state.effects[-1].seat
    window = powers.holders_from(state, (last + 1) % state.num_players, skip=last)
    if window is None:
        return _resolve(state)
    return replace(state, phase=ANSWER, to_move=window.current, window=window)


def _resolve(state: State) -> State:
    """Nobody answers any more: the marker takes effect unless an odd number of
    Annulations stands against it (each Annulation cancels the one below it, FR-17)."""
    main = state.effects[0]
    survives = len(state.effects) % 2 == 1
    cleared = replace(state, effects=(), window=None)
    if main.kind == EXTRA_TURN:
        if not survives:
            return _after_results(cleared)
        resume = state.resume
        if main.space < 0:
            # FR-13: the player who just played plays a second turn at once.
            return start_turn(cleared, state.turn, resume=resume)
        # FR-13: a forced turn, on the space the marker's player designated, of the
        # player who just played or (tour_target="any") of another opponent; for the
        # latter an extra turn out of order: play then goes on after the player whose
        # turn it was (`State.resume`), so nobody loses a turn.
        target = state.turn if main.target < 0 else main.target
        if target != state.turn and resume < 0:
            resume = state.turn
        return start_roll(start_turn(cleared, target, resume=resume), main.space)
    if not survives:
        return _after_roll(cleared)
    changed = powers.resolve_dice(main, cleared)
    if main.kind == REROLL:
        # FR-12: the dice go back to chance, then a fresh window opens after them.
        return replace(changed, phase=ROLL, to_move=CHANCE)
    return _after_roll(changed)


# --- chance -----------------------------------------------------------------------------


def chance(state: State) -> tuple[tuple[Action, int], ...]:
    """The outcomes of the chance node: a die's face (FR-05), or the marker drawn (FR-11)."""
    if state.phase == ROLL:
        return DIE_OUTCOMES  # one die: 2 sides of each colour
    if state.markers is not None:
        return powers.draw_outcomes(state.markers)
    return ()


def apply_chance(state: State, outcome: Action, rng: int) -> State:
    """The state after the chance ``outcome``, storing the generator's new state ``rng``."""
    if state.phase == ROLL:
        dice, todo = roll_die(state.dice, outcome.face)
        if todo is None:
            return replace(state, rng=rng, dice=dice)  # more dice to roll
        if state.markers is None:
            # The last die, without power markers: straight to the results, one state
            # built instead of two (a fast path of `_after_roll` and `_begin_apply`).
            if not todo:
                return next_turn(state, rng)  # nothing to apply: the turn passes
            return _applying(state, dice, todo, rng)
        return _after_roll(replace(state, rng=rng, dice=dice))
    # FR-11: the markers are drawn one at a time, in seat order.
    markers = state.markers
    seat = powers.drawing_seat(state)
    if markers is None or seat < 0:  # unreachable at a DRAW chance node
        return replace(state, rng=rng)
    markers = powers.give_marker(markers, seat, outcome.kind)
    drawn = replace(state, markers=markers, rng=rng)
    if powers.drawing_seat(drawn) >= 0:
        return drawn
    # The markers left over go back to the box: nobody may know them.
    return replace(
        drawn,
        markers=replace(markers, deck=()),
        phase=PLACE,
        to_move=0,
    )


# --- reading a state ----------------------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points of cheese eaten."""
    # FR-10 / FR-18: points of the cheese eaten (plain game: 1 for the winner).
    return state.cheese.points


def winners(state: State) -> tuple[int, ...]:
    """The seat with the most cheese; a tie goes to the first at the table (FR-18)."""
    points = state.cheese.points
    best = max(points)
    tied = [s for s in range(state.num_players) if points[s] == best]
    if len(tied) == 1:
        return (tied[0],)
    # FR-18: a tie goes to the player whose mouse reached the table first.
    for seat in state.cheese.arrivals:
        if seat in tied:
            return (seat,)
    return tuple(tied)


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know (None: the public view): the others' markers face down."""
    markers = state.markers
    n = state.num_players
    counts: tuple[int, ...] = (0,) * n
    own: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    played_by: tuple[int, ...] = ()
    if markers is not None:
        # FR-11: the others' markers are face down: only how many they hold is known;
        # a marker played is shown, and everyone sees who plays it.
        counts = tuple(map(len, markers.hands))
        own = markers.hands[seat] if seat is not None else ()
        discards = markers.discards
        played_by = markers.played_by
    return Observation(
        seat=seat,
        num_players=n,
        options=state.options,
        to_move=state.to_move,
        phase=state.phase,
        mice=state.mice,
        to_place=state.to_place,
        turn=state.turn,
        space=state.space,
        dice=state.dice,
        todo=state.todo,
        used=state.used,
        window=state.window,
        effects=state.effects,
        marker_counts=counts,
        own_markers=own,
        discards=discards,
        cheese=state.cheese,
        resume=state.resume,
        transferred_from=state.transferred_from,
        played_by=played_by,
    )


def hidden_variants(state: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``state``: other seats' markers redealt from what
    ``seat`` cannot see (the deck, the box, the others' hands), and another RNG state."""
    out = []
    for _ in range(3):
        new_rng = rng.u64()
        markers = state.markers
        if markers is not None:
            markers = _redeal(state, markers, seat, rng)
        out.append(replace(state, rng=new_rng, markers=markers))
    return tuple(out)


def _redeal(state: State, markers: Markers, seat: int | None, rng: Rng) -> Markers:
    pool = [k for k in KINDS for _ in range(powers.marker_copies(state))]
    for kind in (*markers.discards, *(markers.hands[seat] if seat is not None else ())):
        pool.remove(kind)
    hands = list(markers.hands)
    others = [s for s in range(state.num_players) if s != seat]
    if state.options.full_set:
        # FR-11, full set: each player got one marker of each kind, so a hand never holds
        # two of a kind, nor a kind its player was seen to play (`Markers.played_by`).
        seen = list(zip(markers.discards, markers.played_by, strict=True))
        played = {s: {k for k, p in seen if p == s} for s in others}
        dealt = deal_distinct(pool, {s: len(markers.hands[s]) for s in others}, played, rng)
        for s in others:
            hands[s] = dealt[s] if dealt is not None else markers.hands[s]
        return replace(markers, hands=tuple(hands))
    for s in others:
        hand = []
        for _ in range(len(markers.hands[s])):
            hand.append(pool.pop(rng.randrange(len(pool))))
        hands[s] = tuple(sorted(hand))
    deck = tuple(pool.count(k) for k in KINDS) if markers.deck else ()
    return replace(markers, hands=tuple(hands), deck=deck)


def deal_distinct(
    pool: list[str], sizes: dict[int, int], played: dict[int, set[str]], rng: Rng
) -> dict[int, tuple[str, ...]] | None:
    """The markers of ``pool`` dealt to the seats of ``sizes`` (that many each), no seat
    getting two of a kind nor a kind of ``played`` (what it was seen to play): one of
    every such deal, at random; None if there is none (a state no game reaches).

    With every marker played recorded, there is exactly one: the kinds each seat has not
    played. Several only in a save from before the record (`Markers.played_by` -1)."""
    seats = sorted(sizes)
    deals: list[dict[int, tuple[str, ...]]] = []
    got: dict[int, list[str]] = {s: [] for s in seats}
    room = dict(sizes)

    def deal(k: int) -> None:
        if k == len(KINDS):
            if not any(room.values()):
                deals.append({s: tuple(sorted(h)) for s, h in got.items()})
            return
        kind = KINDS[k]
        free = [s for s in seats if room[s] and kind not in played[s]]
        for chosen in combinations(free, pool.count(kind)):
            for s in chosen:
                room[s] -= 1
                got[s].append(kind)
            deal(k + 1)
            for s in chosen:
                room[s] += 1
                got[s].pop()

    deal(0)  # one deal when every play is recorded; else at most a few thousand
    return deals[rng.randrange(len(deals))] if deals else None


def secret_chance(state: State) -> bool:
    """FR-11: the markers left to draw tell, by their kinds, what the hands hold face
    down; the die's faces are no secret."""
    return state.phase == DRAW
