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

import attrs

from boardgames_fr.core.components import ReactionWindow
from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Game, GameInfo, Uniform
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage import powers, render
from boardgames_fr.fromage.actions import (
    ACTION_TYPES,
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
from boardgames_fr.fromage.explain import explain
from boardgames_fr.fromage.state import (
    ANNULATION,
    ANSWER,
    APPLY,
    CHOOSE,
    COMPOSE,
    COPIES_PER_KIND,
    DRAW,
    END,
    FACES,
    GREEN,
    KINDS,
    NUM_DICE,
    OVER,
    PHASES,
    PLACE,
    REACT,
    RED,
    RELANCE,
    ROLL,
    TOUR,
    TRANSFERT,
    UNROLLED,
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
    has_mice,
    mice_on,
    move_mouse,
    next_turn,
    place_mouse,
    roll_die,
    start_roll,
    start_turn,
    table_points,
)

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="fromage",
    name_fr="Fromage",
    name_en="Fromage (cheese race)",
    player_counts=(2, 3, 4),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="Course de souris vers le fromage, aux dés, avec pouvoirs et festival en option.",
    summary_en="A dice race of mice up to the cheese, with optional powers and festival.",
)

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


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    board = BOARDS[options.board]
    festival = options.variant == "festival"
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


def _legal(state: State) -> tuple[Action, ...]:
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


def _apply(state: State, action: Action) -> State:
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
        effects = (*state.effects, Effect(ANNULATION, seat))
        return _open_answer(attrs.evolve(state, markers=taken, effects=effects))
    played = attrs.evolve(
        state, markers=taken, effects=(Effect(action.kind, seat),), phase=COMPOSE, window=None
    )
    if action.kind == TOUR and seat == state.turn and state.options.tour_target == "previous":
        # FR-13: "play a second turn at once" needs no further choice (with "any", the
        # player may force an opponent instead: `ForcePlayer`).
        return _open_answer(played)
    return played


def _pass(state: State, action: Pass) -> State:
    window = state.window.passed() if state.window is not None else None
    if window is not None:
        return attrs.evolve(state, to_move=window.current, window=window)
    closed = attrs.evolve(state, window=None)
    if state.phase == REACT:
        return _begin_apply(closed)
    if state.phase == ANSWER:
        return _resolve(closed)
    return next_turn(closed)  # END: nobody plays Tour supplémentaire


def _pick(state: State, action: PickDie) -> State:
    e = state.effects[0]
    effect = Effect(e.kind, e.seat, (*e.dice, action.die), e.space, e.target)
    return attrs.evolve(state, effects=(effect, *state.effects[1:]))


def _force_player(state: State, action: ForcePlayer) -> State:
    # FR-13, tour_target="any": the marker's player names who plays; naming themselves
    # (only the player who just played may) is their own second turn: no space to choose.
    e = state.effects[0]
    chosen = attrs.evolve(state, effects=(Effect(e.kind, e.seat, e.dice, e.space, action.seat),))
    return _open_answer(chosen) if action.seat == e.seat else chosen


def _done(state: State, action: Done) -> State:
    return _open_answer(state)


def _designate(state: State, action: TransferTo | ForceSpace) -> State:
    e = state.effects[0]
    space = BOARDS[state.options.board].index[action.space]
    effect = Effect(e.kind, e.seat, e.dice, space, e.target)
    return _open_answer(attrs.evolve(state, effects=(effect,)))


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
            return attrs.evolve(
                state, phase=REACT, to_move=window.current, window=window, effects=()
            )
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
    return State(
        state.num_players,
        state.options,
        state.turn,
        rng,
        state.explicit,
        APPLY,
        state.mice,
        state.to_place,
        state.turn,
        state.space,
        dice,
        todo,
        ZEROS[state.num_players],
        None,
        (),
        state.markers,
        state.cheese,
        state.resume,
    )


def _after_results(state: State) -> State:
    """Every result applied: the Tour supplémentaire window (FR-13), else the next turn."""
    if state.markers is not None:
        window = powers.holders_from(state, state.turn)
        if window is not None:
            return attrs.evolve(state, phase=END, to_move=window.current, window=window)
    return next_turn(state)


def _open_answer(state: State) -> State:
    """FR-17: the other holders, clockwise from the marker's player, may annul it."""
    last = state.effects[-1].seat
    window = powers.holders_from(state, (last + 1) % state.num_players, skip=last)
    if window is None:
        return _resolve(state)
    return attrs.evolve(state, phase=ANSWER, to_move=window.current, window=window)


def _resolve(state: State) -> State:
    """Nobody answers any more: the marker takes effect unless an odd number of
    Annulations stands against it (each Annulation cancels the one below it, FR-17)."""
    main = state.effects[0]
    survives = len(state.effects) % 2 == 1
    cleared = attrs.evolve(state, effects=(), window=None)
    if main.kind == TOUR:
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
    if main.kind == RELANCE:
        # FR-12: the dice go back to chance, then a fresh window opens after them.
        return attrs.evolve(changed, phase=ROLL, to_move=CHANCE)
    return _after_roll(changed)


# --- chance -----------------------------------------------------------------------------


def _chance(state: State) -> tuple[tuple[Action, int], ...]:
    if state.phase == ROLL:
        return DIE_OUTCOMES  # one die: 2 sides of each colour
    if state.markers is not None:
        return powers.draw_outcomes(state.markers)
    return ()


def _apply_chance(state: State, outcome: Action, rng: int) -> State:
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
        return attrs.evolve(state, rng=rng)
    markers = powers.give_marker(markers, seat, outcome.kind)
    drawn = attrs.evolve(state, markers=markers, rng=rng)
    if powers.drawing_seat(drawn) >= 0:
        return drawn
    # The markers left over go back to the box: nobody may know them.
    return attrs.evolve(
        drawn,
        markers=Markers(markers.hands, (), markers.discards, markers.played_by),
        phase=PLACE,
        to_move=0,
    )


# --- reading a state ----------------------------------------------------------------------


def _scores(state: State) -> tuple[int, ...]:
    # FR-10 / FR-18: points of the cheese eaten (plain game: 1 for the winner).
    return state.cheese.points


def _winners(state: State) -> tuple[int, ...]:
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


def _observe(state: State, seat: int | None) -> Observation:
    markers = state.markers
    n = state.num_players
    counts: tuple[int, ...] = (0,) * n
    own: tuple[str, ...] = ()
    discards: tuple[str, ...] = ()
    played_by: tuple[int, ...] = ()
    if markers is not None:
        # FR-11: the others' markers are face down: only how many they hold is known;
        # a marker played is shown, and everyone sees who plays it.
        counts = tuple(len(h) for h in markers.hands)
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


def _hidden_variants(state: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``state``: other seats' markers redealt from what
    ``seat`` cannot see (the deck, the box, the others' hands), and another RNG state."""
    out = []
    for _ in range(3):
        variant = attrs.evolve(state, rng=rng.u64())
        markers = state.markers
        if markers is not None:
            variant = attrs.evolve(variant, markers=_redeal(state, markers, seat, rng))
        out.append(variant)
    return tuple(out)


def _copies(state: State) -> int:
    """FR-11: the markers of each kind in the box: one a player with ``full_set``."""
    return state.num_players if state.options.full_set else COPIES_PER_KIND


def _redeal(state: State, markers: Markers, seat: int | None, rng: Rng) -> Markers:
    pool = [k for k in KINDS for _ in range(_copies(state))]
    for kind in (*markers.discards, *(markers.hands[seat] if seat is not None else ())):
        pool.remove(kind)
    hands = list(markers.hands)
    others = [s for s in range(state.num_players) if s != seat]
    if state.options.full_set:
        # FR-11, full set: each player got one marker of each kind, so a hand never holds
        # two of a kind, nor a kind its player was seen to play (`Markers.played_by`).
        seen = list(zip(markers.discards, markers.played_by, strict=True))
        played = {s: {k for k, p in seen if p == s} for s in others}
        dealt = _deal_distinct(pool, {s: len(markers.hands[s]) for s in others}, played, rng)
        for s in others:
            hands[s] = dealt[s] if dealt is not None else markers.hands[s]
        return attrs.evolve(markers, hands=tuple(hands))
    for s in others:
        hand = []
        for _ in range(len(markers.hands[s])):
            hand.append(pool.pop(rng.randrange(len(pool))))
        hands[s] = tuple(sorted(hand))
    deck = tuple(pool.count(k) for k in KINDS) if markers.deck else ()
    return attrs.evolve(markers, hands=tuple(hands), deck=deck)


def _deal_distinct(
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


def _validate(state: State) -> None:
    n = state.num_players
    board = BOARDS[state.options.board]
    _check(state.phase in PHASES, "state.phase", f"unknown phase {state.phase!r}")
    _check(len(state.mice) == board.size * n, "state.mice", f"expected {board.size * n} counts")
    _check(min(state.mice) >= 0, "state.mice", "a count is negative")
    _check(len(state.to_place) == n, "state.to_place", f"expected {n} counts")
    _check(min(state.to_place) >= 0, "state.to_place", "a count is negative")
    _check(0 <= state.turn < n, "state.turn", f"{state.turn} is not a seat")
    _check(-1 <= state.resume < n, "state.resume", f"{state.resume} is not a seat or -1")
    # FR-10/FR-18: a mouse reaching the table ends the plain game, or eats and leaves.
    on_top = sum(state.mice[board.top * n : board.top * n + n])
    _check(state.phase == OVER or not on_top, "state.mice", "a mouse is on the table")
    placing = state.phase in (DRAW, PLACE)
    festival = state.options.variant == "festival"
    for seat in range(n):
        on_board = sum(state.mice[seat::n]) + state.to_place[seat]
        # FR-18: a mouse that ate a cheese of the table has left the board with it.
        gone = state.cheese.arrivals.count(seat) if festival else 0
        _check(
            on_board + gone <= state.options.mice, "state.mice", f"seat {seat} has too many mice"
        )
        # FR-03: while placing, every mouse is on the board or still to place.
        _check(
            not placing or on_board == state.options.mice,
            f"state.to_place[{seat}]",
            f"seat {seat} must have {state.options.mice} mice placed or to place",
        )
    _check(placing or not any(state.to_place), "state.to_place", "mice are placed at setup only")
    if placing:
        # FR-01/FR-03: the race starts with seat 0's turn; before, nobody has rolled.
        _check(state.turn == 0, "state.turn", "seat 0 takes the first turn after the setup")
    if state.phase == DRAW:
        _check(not any(state.mice), "state.mice", "mice are placed after the markers are drawn")
    elif state.phase == PLACE and 0 <= state.to_move < n:  # else refused below: no seat
        _check_placement_order(state)
    elif state.phase == CHOOSE:
        _check(state.to_move == state.turn, "state.to_move", "the player whose turn it is chooses")
    c = state.cheese
    _check(len(c.points) == n, "state.cheese.points", f"expected {n} scores")
    _check(0 <= c.table <= state.options.cheeses, "state.cheese.table", "impossible count")
    # FR-10/FR-18: the game ends when the (last) cheese of the table is eaten.
    _check(state.phase == OVER or c.table >= 1, "state.cheese.table", "no cheese left in play")
    _check(all(0 <= s < n for s in c.arrivals), "state.cheese.arrivals", "not a seat")
    _check(
        all(s in board.extra_cheese for s in c.extras), "state.cheese.extras", "not a cheese space"
    )
    _check_cheese(state, board)
    # From the roll to the Tour supplémentaire window, the dice act on a space (FR-05).
    if state.phase in (ROLL, REACT, COMPOSE, ANSWER, APPLY, END):
        _check(0 <= state.space < board.size, "state.space", "not a space of the board")
    else:
        _check(-1 <= state.space < board.size, "state.space", "not a space of the board")
    _check(len(state.dice) <= NUM_DICE, "state.dice", "more than 5 dice")
    faces = (*FACES, UNROLLED)
    _check(all(f in faces for f in state.dice), "state.dice", "unknown die face")
    _check(all(f in (GREEN, RED) for f in state.todo), "state.todo", "not a green or red result")
    # FR-05: a roll is under way exactly while some die still shows "?".
    if state.phase == ROLL:
        _check(UNROLLED in state.dice, "state.dice", "the phase roll needs a die to roll ('?')")
    else:
        _check(UNROLLED not in state.dice, "state.dice", "a die is unrolled ('?') outside a roll")
    # FR-05/FR-14: the dice of a roll (not yet applied) are at most the mice on its space;
    # a Tour supplémentaire is played after the results, when the mice have moved on.
    rolling = state.phase in (ROLL, REACT) or (
        state.phase in (COMPOSE, ANSWER) and bool(state.effects) and state.effects[0].kind != TOUR
    )
    if rolling and 0 <= state.space < board.size:
        _check(state.space != board.top, "state.space", "no roll is made on the table")
        _check_transferred(state, board)
        # The dice were rolled on the space chosen, before any Transfert (FR-14).
        chosen = powers.chosen_space(state)
        here = mice_on(state, chosen)
        _check(
            here >= 1 and len(state.dice) <= min(here, NUM_DICE),
            "state.dice",
            f"more dice than mice on space {chosen}",
        )
    else:
        _check(
            state.transferred_from == -1,
            "state.transferred_from",
            "only a roll not yet applied can have been transferred (-1 otherwise)",
        )
    if state.phase == APPLY:
        _check(bool(state.todo), "state.todo", "the phase apply needs a result to apply")
        if 0 <= state.space < board.size:
            counts = state.mice[state.space * n : state.space * n + n]
            _check(
                len(state.used) == n
                and all(u <= m for u, m in zip(state.used, counts, strict=True)),
                "state.used",
                "more mice used than on the roll's space",
            )
            _check(
                len(state.todo) <= sum(counts) - sum(state.used),
                "state.todo",
                "more results than mice left to move",
            )
            # FR-09 gap: a mouse stays put, used, only for a red result on a bottom space.
            reds = state.dice.count(RED) - state.todo.count(RED)
            bottom = not board.down[state.space]
            _check(
                sum(state.used) <= (reds if bottom else 0),
                "state.used",
                "more mice used than red results applied on a bottom space",
            )
        _check(state.to_move == state.turn, "state.to_move", "the roller applies the results")
    else:
        _check(
            state.phase == OVER or not state.todo, "state.todo", "results wait only in phase apply"
        )
    _check(len(state.used) == n and min(state.used) >= 0, "state.used", f"expected {n} counts")
    windowed = state.phase in (REACT, ANSWER, END)
    _check(
        (state.window is not None) == windowed,
        "state.window",
        "a reaction window is open exactly in the phases react, answer and end",
    )
    if state.window is not None:
        queue = state.window.queue
        _check(bool(queue), "state.window.queue", "an open window asks someone")
        _check(all(0 <= s < n for s in queue), "state.window.queue", "not a seat")
        _check(queue[0] == state.to_move, "state.window.queue", "the seat asked first is to move")
    for i, e in enumerate(state.effects):
        _check(e.kind in KINDS, f"state.effects[{i}].kind", f"unknown marker {e.kind!r}")
        _check(0 <= e.seat < n, f"state.effects[{i}].seat", "not a seat")
        _check(-1 <= e.target < n, f"state.effects[{i}].target", "not a seat or -1")
        _check(-1 <= e.space < board.size, f"state.effects[{i}].space", "not a space or -1")
        _check(
            all(0 <= d < len(state.dice) for d in e.dice) and len(set(e.dice)) == len(e.dice),
            f"state.effects[{i}].dice",
            "not distinct dice of the roll",
        )
    if state.phase in (COMPOSE, ANSWER):
        _check(bool(state.effects), "state.effects", f"empty in phase {state.phase!r}")
        _check_main_effect(state)
    else:
        # A marker is in play only while composed and answered; it then takes effect.
        _check(not state.effects, "state.effects", f"no marker is in play in phase {state.phase!r}")
    for i, e in enumerate(state.effects[1:], 1):
        # FR-17: the marker is answered by Annulations only, which pick nothing.
        _check(
            e == Effect(ANNULATION, e.seat),
            f"state.effects[{i}]",
            "an answer is an Annulation of the marker below it",
        )
    if state.phase == COMPOSE:
        _check(len(state.effects) == 1, "state.effects", "one marker is composed at a time")
    markers = state.markers
    _check((markers is not None) == state.options.powers, "state.markers", "does not fit options")
    if markers is not None:
        _check(len(markers.hands) == n, "state.markers.hands", f"expected {n} hands")
        for s, hand in enumerate(markers.hands):
            _check(all(k in KINDS for k in hand), f"state.markers.hands[{s}]", "unknown marker")
        _check(len(markers.deck) in (0, len(KINDS)), "state.markers.deck", "expected 0 or 6")
        _check_markers(state, markers)
    if state.phase == OVER:
        _check(state.to_move == TERMINAL, "state.to_move", "the game is over")
    elif state.phase in (DRAW, ROLL):
        _check(state.to_move == CHANCE, "state.to_move", "dice or markers are to be drawn")
    else:
        _check(0 <= state.to_move < n, "state.to_move", "a seat must be to move")
    if state.phase == CHOOSE:
        _check(has_mice(state, state.turn), "state.turn", "the player has no mouse left")
    # Last, with every part known to be in range: a live game can go on (no stall).
    if state.phase == OVER:
        return
    if state.to_move == CHANCE:
        _check(bool(_chance(state)), "state.phase", f"nothing to draw in phase {state.phase!r}")
    else:
        _check(bool(_legal(state)), "state.to_move", f"seat {state.to_move} has no move")


def _check_cheese(state: State, board: Board) -> None:
    """FR-10/FR-18: the cheese eaten is what the mice that reached the table
    (``arrivals``) and the extra cheeses gone account for, no more, no less."""
    n = state.num_players
    c = state.cheese
    opts = state.options
    festival = opts.variant == "festival"
    # The plain game has one cheese, eaten by the mouse that ends the game.
    start = opts.cheeses if festival else 1
    _check(
        c.table + len(c.arrivals) == start,
        "state.cheese.arrivals",
        f"{start} cheese(s) on the table at the start: each is there or eaten by an arrival",
    )
    allowed = board.extra_cheese[: opts.extra_cheeses]
    _check(
        c.extras == tuple(s for s in allowed if s in c.extras),
        "state.cheese.extras",
        f"not among the {opts.extra_cheeses} extra cheese spaces of the options, in order",
    )
    # An extra cheese is eaten by the first mouse to reach its space (FR-18 option).
    _check(
        all(mice_on(state, s) == 0 for s in c.extras),
        "state.cheese.extras",
        "a mouse stands on a space whose extra cheese is not eaten",
    )
    table = [0] * n
    for i, seat in enumerate(c.arrivals):
        table[seat] += table_points(opts, i)
    extra = [p - t for p, t in zip(c.points, table, strict=True)]
    _check(
        min(extra) >= 0 and sum(extra) == len(allowed) - len(c.extras),
        "state.cheese.points",
        "not the points of the cheese eaten (table arrivals and extra cheeses gone)",
    )
    on_top = state.mice[board.top * n : board.top * n + n]
    if festival:
        # FR-18: a mouse eats its cheese and leaves; the festival ends when the table is
        # bare, or when no mouse is left to reach it.
        _check(not any(on_top), "state.mice", "a mouse is on the table")
        _check(
            state.phase != OVER or not c.table or not any(state.mice),
            "state.phase",
            "the festival ends when the table is bare or no mouse is left",
        )
        return
    if state.phase != OVER:
        return
    # FR-10: the plain game ends with the winner's mouse on the cheese (and only then:
    # its one cheese is eaten by the one arrival, checked above).
    _check(not c.table, "state.cheese.table", "the plain game ends when a mouse reaches it")
    _check(
        sum(on_top) == 1 and on_top[c.arrivals[0]] == 1,
        "state.mice",
        "the plain game ends with the arrival's mouse alone on the table",
    )


def _check_transferred(state: State, board: Board) -> None:
    """FR-14: a roll moved by Transfert remembers the space first chosen: another space
    than the one it acts on now, not the table, holding no more mice than it (each
    Transfert goes to a space as full as the one chosen, and mice do not move mid-roll)."""
    moved = state.transferred_from
    if moved == -1:
        return
    path = "state.transferred_from"
    _check(0 <= moved < board.size, path, "not a space of the board or -1")
    _check(moved != board.top, path, "no roll is made on the table")
    _check(moved != state.space, path, "-1 when the roll acts on the space chosen")
    fewer = mice_on(state, state.space) < mice_on(state, moved)
    _check(not fewer, path, "the roll acts on a space with fewer mice than the one chosen")


def _check_main_effect(state: State) -> None:
    """The marker being played (``effects[0]``) is one its own choices could build, so
    that it resolves (FR-12..FR-17)."""
    e = state.effects[0]
    path = "state.effects[0]"
    if e.kind in (TOUR, TRANSFERT):
        _check(not e.dice, f"{path}.dice", f"{e.kind!r} picks no die")
    else:
        _check(e.space == -1 and e.target == -1, path, f"{e.kind!r} designates no space, no seat")
    if e.kind == TRANSFERT:
        _check(e.target == -1, f"{path}.target", "'transfert' designates no seat")
    if state.phase == COMPOSE:
        # The space is the last choice: once designated, the marker goes to the answers.
        _check(e.space == -1, f"{path}.space", "-1 while the marker is composed")
    if e.kind == TOUR:
        _check_tour(state, e)
    steps = powers.DIE_STEPS[state.options.die_change].get(e.kind)
    if steps is not None:
        # FR-15/FR-16: only dice the marker can change are picked (`powers._pickable`).
        _check(
            all(state.dice[d] in steps for d in e.dice),
            "state.effects[0].dice",
            f"a die picked cannot be changed by {e.kind!r}",
        )
    if state.phase == ANSWER:
        # Answered only once composed: a die picked at least, or the Transfert's space.
        if e.kind == TRANSFERT:
            # FR-14: a space with as many mice as the one chosen (`powers.compose_actions`).
            _check(
                e.space in powers.transfer_targets(state),
                "state.effects[0].space",
                "a Transfert goes to another space with as many mice as the one chosen",
            )
        elif e.kind != TOUR:
            _check(bool(e.dice), "state.effects[0].dice", f"{e.kind!r} needs a die picked")
        elif e.space >= 0:
            # FR-13: the forced turn is played on a space holding the player's mice.
            target = state.turn if e.target < 0 else e.target
            _check(
                state.mice[e.space * state.num_players + target] > 0,
                "state.effects[0].space",
                f"seat {target} has no mouse there to play a forced turn",
            )


def _check_tour(state: State, e: Effect) -> None:
    """FR-13: a Tour supplémentaire names whom `powers.force_targets` allows; it goes
    without a space only as the player's own second turn (`rules._play`,
    `rules._force_player`), so its resolution never rolls on a space without mice."""
    path = "state.effects[0].target"
    if state.options.tour_target == "previous":
        _check(e.target == -1, path, "-1 with tour_target 'previous'")
    elif e.target >= 0:
        _check(
            e.target in powers.force_targets(state, e.seat),
            path,
            f"seat {e.seat}'s Tour supplémentaire cannot make seat {e.target} play",
        )
    if state.phase != ANSWER or e.space >= 0:
        return
    own = e.seat == state.turn and e.target in (-1, e.seat)
    if state.options.tour_target == "any":
        own = own and e.target == e.seat
    _check(own, "state.effects[0].space", "a turn forced on a player needs the space designated")


def _check_markers(state: State, markers: Markers) -> None:
    """FR-11: no more markers of a kind than the box holds; while dealing, the hands are
    drawn in seat order and the deck holds the rest (`powers.drawing_seat` names a seat)."""
    n = state.num_players
    copies = _copies(state)
    held = [k for hand in markers.hands for k in hand]
    if state.phase == DRAW:
        _check(bool(markers.deck), "state.markers.deck", "the markers are being dealt from it")
    for i, kind in enumerate(KINDS):
        count = held.count(kind) + markers.discards.count(kind)
        if state.phase == DRAW:
            # Nothing is played before the deal ends: every copy is held or in the deck.
            _check(
                count + markers.deck[i] == copies,
                "state.markers.deck",
                f"{copies} markers {kind!r} in all",
            )
        _check(count <= copies, "state.markers", f"more than {copies} markers {kind!r}")
    played_by = markers.played_by
    _check(
        len(played_by) == len(markers.discards),
        "state.markers.played_by",
        "one seat for each marker played (discards)",
    )
    _check(all(-1 <= p < n for p in played_by), "state.markers.played_by", "not a seat or -1")
    if state.phase != DRAW:
        # FR-11: after the deal a hand only shrinks, and every marker played came from
        # one: each seat holds or played what it was dealt (``markers``, or one of each
        # kind), exactly; a seat's own count can be checked only where the save records
        # who played (-1: a save from before the record).
        full_set = state.options.full_set
        full = len(KINDS) if full_set else state.options.markers
        for s, hand in enumerate(markers.hands):
            path = f"state.markers.hands[{s}]"
            _check(len(hand) <= full, path, f"more than {full} markers")
            _check(
                not full_set or len(set(hand)) == len(hand),
                path,
                "two markers of a kind in a full set",
            )
            mine = [k for k, p in zip(markers.discards, played_by, strict=True) if p == s]
            _check(
                len(hand) + len(mine) <= full,
                path,
                f"seat {s} holds and played more than the {full} markers dealt",
            )
            if full_set:
                _check(
                    len(set(mine)) == len(mine),
                    "state.markers.played_by",
                    f"seat {s} played two markers of a kind in a full set",
                )
                _check(
                    not set(mine) & set(hand),
                    path,
                    f"seat {s} holds a marker of a kind it played, in a full set",
                )
        _check(
            len(held) + len(markers.discards) == n * full,
            "state.markers.discards",
            f"the {n * full} markers dealt ({full} each) are not all held or played",
        )
        return
    _check(not markers.discards, "state.markers.discards", "no marker is played while dealing")
    sizes = [len(h) for h in markers.hands]
    seat = powers.drawing_seat(state)
    full = state.options.markers
    _check(
        seat >= 0 and sizes == [full] * seat + [sizes[seat]] + [0] * (n - seat - 1),
        "state.markers.hands",
        f"the markers are drawn seat after seat, {full} each",
    )


def _check_placement_order(state: State) -> None:
    """FR-03: the seat to place is the one the placement order gives, from the mice still
    to place alone (seats have as many mice each): round robin from seat 0, or seat after
    seat (``by_player``, ``one_space``). Else `place_mouse` would take a mouse from a seat
    that has none left, and the setup never end."""
    seat, left = state.to_move, state.to_place
    mice = state.options.mice
    if state.options.placement == "round_robin":
        # The seats before the one to place have placed one mouse more.
        k = left[seat]
        ok = k >= 1 and all(left[s] == (k - 1 if s < seat else k) for s in range(len(left)))
    else:
        # The seats before have placed all their mice, those after none; with one_space
        # the seat to place puts all its mice down at once.
        whole = state.options.placement == "one_space"
        ok = left[seat] >= 1 and (not whole or left[seat] == mice)
        ok = ok and all(left[s] == (0 if s < seat else mice) for s in range(len(left)) if s != seat)
    _check(
        ok,
        "state.to_move",
        f"seat {seat} is not next to place a mouse ({state.options.placement} placement)",
    )


def _check(ok: bool, path: str, problem: str) -> None:
    if not ok:
        raise InvalidStateError(path, problem)


GAME: Game[State, Action, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Effect, Markers, Cheese, Observation, ReactionWindow),
    init=_init,
    legal=_legal,
    apply=_apply,
    scores=_scores,
    winners=_winners,
    observe=_observe,
    describe=render.describe,
    render=render.render,
    chance=_chance,
    apply_chance=_apply_chance,
    explain=explain,
    explain_chance=True,  # `explain` knows the dice roll and the marker draw
    # FR-11: the markers left to draw tell, by their kinds, what the hands hold face down;
    # the die's faces are no secret.
    secret_chance=lambda state: state.phase == DRAW,
    validate=_validate,
    hidden_variants=_hidden_variants,
)
