"""The mouse race itself: placing mice, rolling, moving mice, eating cheese, whose turn next.

Pure transformations of a `State`, without power markers (see `powers`) and without the
order in which they follow each other (see `rules`). Each builds its new `State` once,
with `core.fast.replace` (a dict copy, cheaper than a constructor call).
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.state import (
    BY_PLAYER,
    CHOOSE,
    DECREASING,
    FESTIVAL,
    NUM_DICE,
    ONE_SPACE,
    OVER,
    PLACE,
    ROLL,
    UNROLLED,
    YELLOW,
    Cheese,
    Options,
    State,
    Table,
)

__all__ = [
    "UNROLLED_DICE",
    "ZEROS",
    "board_of",
    "has_mice",
    "mice_on",
    "move_mouse",
    "next_seat",
    "next_turn",
    "place_mouse",
    "roll_die",
    "start_roll",
    "start_turn",
    "table_points",
]


UNROLLED_DICE = tuple((UNROLLED,) * k for k in range(NUM_DICE + 1))
"""The dice of a fresh roll of k dice, before their chance events."""
ZEROS = tuple((0,) * n for n in range(5))
"""No mouse used yet, for 0 to 4 players."""


def board_of(state: Table) -> Board:
    """The board face the state is played on."""
    return BOARDS[state.options.board]


def mice_on(state: Table, space: int) -> int:
    """All mice on a space, every colour counted (FR-05)."""
    n = state.num_players
    return sum(state.mice[space * n : space * n + n])


def has_mice(state: State, seat: int) -> bool:
    """Whether ``seat`` still has a mouse on the board (festival: mice leave it, FR-18)."""
    return any(state.mice[seat :: state.num_players])


def place_mouse(state: State, space: int) -> State:
    """FR-03: the seat to move puts a mouse on a bottom space (``placement="one_space"``:
    all its mice at once); round robin from seat 0, or seat after seat (``by_player``)."""
    n = state.num_players
    seat = state.to_move
    placement = state.options.placement
    count = state.to_place[seat] if placement == ONE_SPACE else 1
    mice = list(state.mice)
    mice[space * n + seat] += count
    left = list(state.to_place)
    left[seat] -= count
    to_place = tuple(left)
    # FR-03 option "by_player": a player places all their mice before the next one. Else
    # the next seat: every seat has as many mice, so the next one has some left.
    nxt = seat if placement == BY_PLAYER and to_place[seat] else (seat + 1) % n
    if not to_place[nxt]:
        # FR-01: everyone has placed; seat 0 (the youngest) starts.
        nxt = 0
    return replace(
        state,
        to_move=nxt,
        phase=PLACE if to_place[nxt] else CHOOSE,
        mice=tuple(mice),
        to_place=to_place,
    )


def start_turn(state: State, seat: int, rng: int | None = None, resume: int = -1) -> State:
    """FR-04: ``seat`` is to choose a space holding one of its mice (``rng``: a new RNG
    state to store, after a chance event; ``resume``: see `State.resume`)."""
    return replace(
        state,
        to_move=seat,
        rng=state.rng if rng is None else rng,
        phase=CHOOSE,
        turn=seat,
        space=-1,
        dice=(),
        todo=(),
        used=ZEROS[state.num_players],
        window=None,
        effects=(),
        resume=resume,
        transferred_from=-1,
    )


def start_roll(state: State, space: int) -> State:
    """FR-05: as many dice as mice on the space, all colours, at most 5; one chance event each."""
    k = min(mice_on(state, space), NUM_DICE)
    return replace(
        state,
        to_move=CHANCE,
        phase=ROLL,
        space=space,
        dice=UNROLLED_DICE[k],
        todo=(),
        window=None,
        effects=(),
        transferred_from=-1,
    )


def roll_die(dice: tuple[str, ...], face: str) -> tuple[tuple[str, ...], tuple[str, ...] | None]:
    """The dice once the first one still unrolled shows ``face``, and, if none is left
    to roll, the results to apply: the green and red ones (FR-08: yellow does nothing);
    else None. Memoised: there are few dice tuples.

    Example:
        >>> roll_die(("green", UNROLLED), "yellow")
        (('green', 'yellow'), ('green',))
    """
    key = (dice, face)
    rolled = _ROLLED.get(key)
    if rolled is None:
        i = dice.index(UNROLLED)
        new = dice[:i] + (face,) + dice[i + 1 :]
        todo = None if UNROLLED in new else tuple(f for f in new if f != YELLOW)
        rolled = _ROLLED[key] = (new, todo)
    return rolled


_ROLLED: dict[tuple[tuple[str, ...], str], tuple[tuple[str, ...], tuple[str, ...] | None]] = {}


def move_mouse(state: State, face: str, owner: int, to: int) -> State:
    """FR-06/FR-07: apply one result to a mouse of ``owner`` on the roll's space.

    ``to`` equal to the roll's space means a red result on a bottom space: the mouse stays
    but is used (FR-09). Reaching the table ends the plain game (FR-10); in the festival
    the mouse eats a cheese and leaves the board (FR-18). The result leaves ``todo``.
    """
    n = state.num_players
    src = state.space
    todo = state.todo
    i = todo.index(face)
    todo = todo[:i] + todo[i + 1 :]
    used = state.used
    cheese = state.cheese
    to_move = state.to_move
    phase = state.phase
    mice = state.mice
    if to == src:
        # Gap (docs, Choices): nothing is below a bottom space, so the mouse stays there;
        # it still took this result, so no other result may go to it.
        counts = list(used)
        counts[owner] += 1
        used = tuple(counts)
    else:
        board = BOARDS[state.options.board]
        moved = list(mice)
        moved[src * n + owner] -= 1
        if to == board.top:
            cheese, leaves = _reach_table(state, owner)
            if not leaves:
                moved[to * n + owner] += 1
            if cheese.table == 0 or not any(moved):
                # FR-10: the first mouse on the cheese ends the game; FR-18: the festival
                # ends when the table is bare (or no mouse is left on the board).
                to_move, phase = TERMINAL, OVER
        else:
            moved[to * n + owner] += 1
            if to in cheese.extras:
                cheese = _eat_extra(cheese, owner, to)
        mice = tuple(moved)
    if not todo and phase != OVER and state.markers is None:
        # The last result, without power markers: the turn passes at once (a fast path
        # of rules._after_results, building one state instead of two).
        seat = next_seat(mice, n, state.turn)
        if seat >= 0:
            return replace(
                state,
                to_move=seat,
                phase=CHOOSE,
                mice=mice,
                turn=seat,
                space=-1,
                dice=(),
                todo=(),
                used=ZEROS[n],
                cheese=cheese,
                resume=-1,
            )
    if used is state.used and cheese is state.cheese and phase is state.phase:
        return replace(state, mice=mice, todo=todo)  # the usual move: one mouse up or down
    return replace(
        state, to_move=to_move, phase=phase, mice=mice, todo=todo, used=used, cheese=cheese
    )


def _reach_table(state: State, owner: int) -> tuple[Cheese, bool]:
    """A mouse of ``owner`` reaches the table: the cheese won, and whether it leaves."""
    c = state.cheese
    points = list(c.points)
    opts = state.options
    if opts.variant == FESTIVAL:
        # FR-18: the mouse eats one cheese and leaves the board with it.
        points[owner] += table_points(opts, len(c.arrivals))
        left = c.table - 1
        return replace(c, table=left, points=tuple(points), arrivals=(*c.arrivals, owner)), True
    # FR-10: the mouse on the cheese wins for its owner, whoever moved it there.
    points[owner] += 1
    return replace(c, table=0, points=tuple(points), arrivals=(*c.arrivals, owner)), False


def table_points(options: Options, eaten: int) -> int:
    """FR-10/FR-18: the points of a cheese of the table when ``eaten`` were eaten
    before it: 1, or with ``cheese_points="decreasing"`` in the festival ``cheeses + 1``
    for the first, then one less (4, 3, 2 with 3 cheeses).

    Example:
        >>> table_points(Options(variant="festival", cheese_points="decreasing"), 1)
        3
    """
    if options.variant == FESTIVAL and options.cheese_points == DECREASING:
        return options.cheeses + 1 - eaten
    return 1


def _eat_extra(c: Cheese, owner: int, space: int) -> Cheese:
    # FR-18 option: an extra cheese is worth 1 point and the mouse stays in the race.
    points = list(c.points)
    points[owner] += 1
    extras = tuple(s for s in c.extras if s != space)
    return replace(c, extras=extras, points=tuple(points))


def next_seat(mice: tuple[int, ...], num_players: int, turn: int) -> int:
    """The next seat clockwise after ``turn`` with a mouse on the board, or -1 (FR-01, FR-18)."""
    for i in range(1, num_players + 1):
        seat = (turn + i) % num_players
        if any(mice[seat::num_players]):
            return seat
    return -1


def next_turn(state: State, rng: int | None = None) -> State:
    """The turn passes clockwise (FR-01), skipping players with no mouse left (FR-18);
    after a turn forced out of order (FR-13), clockwise from where play was."""
    after = state.turn if state.resume < 0 else state.resume
    seat = next_seat(state.mice, state.num_players, after)
    if seat >= 0:
        return start_turn(state, seat, rng)
    rng = state.rng if rng is None else rng
    return replace(state, rng=rng, to_move=TERMINAL, phase=OVER, window=None, effects=())
