"""The mouse race itself: placing mice, rolling, moving mice, eating cheese, whose turn next.

Pure transformations of a `State`, without power markers (see `powers`) and without the
order in which they follow each other (see `rules`). The hot ones build the new `State`
with a direct constructor call rather than `attrs.evolve`, which is about twice as slow.
"""

from __future__ import annotations

import attrs

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.state import (
    CHOOSE,
    NUM_DICE,
    OVER,
    ROLL,
    UNROLLED,
    Cheese,
    Roll,
    State,
)

__all__ = [
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
]


def board_of(state: State) -> Board:
    """The board face the state is played on."""
    return BOARDS[state.options.board]


def mice_on(state: State, space: int) -> int:
    """All mice on a space, every colour counted (FR-05)."""
    n = state.num_players
    return sum(state.mice[space * n : space * n + n])


def has_mice(state: State, seat: int) -> bool:
    """Whether ``seat`` still has a mouse on the board (festival: mice leave it, FR-18)."""
    return any(state.mice[seat :: state.num_players])


def place_mouse(state: State, space: int) -> State:
    """FR-03: the seat to move puts a mouse on a bottom space; round robin from seat 0."""
    n = state.num_players
    seat = state.to_move
    mice = list(state.mice)
    mice[space * n + seat] += 1
    left = list(state.to_place)
    left[seat] -= 1
    to_place = tuple(left)
    placed = attrs.evolve(state, mice=tuple(mice), to_place=to_place)
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if to_place[nxt]:
            return attrs.evolve(placed, to_move=nxt)
    # FR-01: everyone has placed; seat 0 (the youngest) starts.
    return start_turn(placed, 0)


def start_turn(state: State, seat: int) -> State:
    """FR-04: ``seat`` is to choose a space holding one of its mice."""
    return State(
        state.num_players,
        state.options,
        seat,
        state.rng,
        state.explicit,
        CHOOSE,
        state.mice,
        state.to_place,
        seat,
        None,
        None,
        (),
        state.markers,
        state.cheese,
    )


def start_roll(state: State, space: int) -> State:
    """FR-05: as many dice as mice on the space, all colours, at most 5; one chance event each."""
    k = min(mice_on(state, space), NUM_DICE)
    roll = Roll(space, (UNROLLED,) * k, tuple(range(k)), (), (0,) * state.num_players)
    return State(
        state.num_players,
        state.options,
        CHANCE,
        state.rng,
        state.explicit,
        ROLL,
        state.mice,
        state.to_place,
        state.turn,
        roll,
        None,
        (),
        state.markers,
        state.cheese,
    )


def roll_die(state: State, face: str, rng: int) -> State:
    """The next pending die shows ``face``; the caller decides what follows the last one."""
    roll = state.roll
    if roll is None:  # unreachable at a ROLL chance node
        return state
    i = roll.pending[0]
    dice = (*roll.dice[:i], face, *roll.dice[i + 1 :])
    return State(
        state.num_players,
        state.options,
        state.to_move,
        rng,
        state.explicit,
        state.phase,
        state.mice,
        state.to_place,
        state.turn,
        Roll(roll.space, dice, roll.pending[1:], roll.todo, roll.used),
        state.window,
        state.effects,
        state.markers,
        state.cheese,
    )


def move_mouse(state: State, face: str, owner: int, to: int) -> State:
    """FR-06/FR-07: apply one result to a mouse of ``owner`` on the roll's space.

    ``to`` equal to the roll's space means a red result on a bottom space: the mouse stays
    but is used (FR-09). Reaching the table ends the plain game (FR-10); in the festival
    the mouse eats a cheese and leaves the board (FR-18). The result leaves ``roll.todo``;
    the caller decides what follows the last one.
    """
    roll = state.roll
    if roll is None:  # unreachable in the APPLY phase
        return state
    n = state.num_players
    src = roll.space
    todo = list(roll.todo)
    todo.remove(face)
    used = roll.used
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
            return State(
                n,
                state.options,
                seat,
                state.rng,
                state.explicit,
                CHOOSE,
                mice,
                state.to_place,
                seat,
                None,
                None,
                (),
                None,
                cheese,
            )
    return State(
        n,
        state.options,
        to_move,
        state.rng,
        state.explicit,
        phase,
        mice,
        state.to_place,
        state.turn,
        Roll(src, roll.dice, roll.pending, tuple(todo), used),
        state.window,
        state.effects,
        state.markers,
        cheese,
    )


def _reach_table(state: State, owner: int) -> tuple[Cheese, bool]:
    """A mouse of ``owner`` reaches the table: the cheese won, and whether it leaves."""
    c = state.cheese
    points = list(c.points)
    opts = state.options
    if opts.variant == "festival":
        # FR-18: the mouse eats one cheese and leaves the board with it.
        eaten = opts.cheeses - c.table
        points[owner] += opts.cheeses + 1 - eaten if opts.cheese_points == "decreasing" else 1
        return Cheese(c.table - 1, c.extras, tuple(points), (*c.arrivals, owner)), True
    # FR-10: the mouse on the cheese wins for its owner, whoever moved it there.
    points[owner] += 1
    return Cheese(0, c.extras, tuple(points), (*c.arrivals, owner)), False


def _eat_extra(c: Cheese, owner: int, space: int) -> Cheese:
    # FR-18 option: an extra cheese is worth 1 point and the mouse stays in the race.
    points = list(c.points)
    points[owner] += 1
    extras = tuple(s for s in c.extras if s != space)
    return Cheese(c.table, extras, tuple(points), c.arrivals)


def next_seat(mice: tuple[int, ...], num_players: int, turn: int) -> int:
    """The next seat clockwise after ``turn`` with a mouse on the board, or -1 (FR-01, FR-18)."""
    for i in range(1, num_players + 1):
        seat = (turn + i) % num_players
        if any(mice[seat::num_players]):
            return seat
    return -1


def next_turn(state: State) -> State:
    """The turn passes clockwise (FR-01), skipping players with no mouse left (FR-18)."""
    seat = next_seat(state.mice, state.num_players, state.turn)
    if seat >= 0:
        return start_turn(state, seat)
    return attrs.evolve(state, to_move=TERMINAL, phase=OVER, roll=None, window=None, effects=())
