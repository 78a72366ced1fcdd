"""Fromage's invariants, checked on a loaded save (the `validate` hook): each names the
field that breaks it and the rule it comes from, so that a hand-edited or corrupted save
is refused with a reason instead of playing an impossible game.
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.fromage import powers, rules
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.state import (
    ANSWER,
    ANY_PLAYER,
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
    NUM_DICE,
    ONE_SPACE,
    OVER,
    PHASES,
    PLACE,
    PREVIOUS,
    REACT,
    RED,
    ROLL,
    ROUND_ROBIN,
    TRANSFER,
    UNROLLED,
    Effect,
    Markers,
    State,
)
from boardgames_fr.fromage.turn import has_mice, mice_on, table_points

__all__ = ["validate"]


def validate(state: State) -> None:
    """Raise `InvalidStateError` naming the field of a loaded state that breaks a rule."""
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
    festival = state.options.variant == FESTIVAL
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
    # FR-05: a roll is under way exactly while some die is still unrolled.
    if state.phase == ROLL:
        _check(
            UNROLLED in state.dice,
            "state.dice",
            f"the phase roll needs a die to roll ({UNROLLED!r})",
        )
    else:
        _check(UNROLLED not in state.dice, "state.dice", f"a die is {UNROLLED!r} outside a roll")
    # FR-05/FR-14: the dice of a roll (not yet applied) are at most the mice on its space;
    # a Tour supplémentaire is played after the results, when the mice have moved on.
    rolling = state.phase in (ROLL, REACT) or (
        state.phase in (COMPOSE, ANSWER)
        and bool(state.effects)
        and state.effects[0].kind != EXTRA_TURN
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
            e == Effect(CANCEL, e.seat),
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
        _check(
            bool(rules.chance(state)), "state.phase", f"nothing to draw in phase {state.phase!r}"
        )
    else:
        _check(bool(rules.legal(state)), "state.to_move", f"seat {state.to_move} has no move")


def _check_cheese(state: State, board: Board) -> None:
    """FR-10/FR-18: the cheese eaten is what the mice that reached the table
    (``arrivals``) and the extra cheeses gone account for, no more, no less."""
    n = state.num_players
    c = state.cheese
    opts = state.options
    festival = opts.variant == FESTIVAL
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
    if e.kind in (EXTRA_TURN, TRANSFER):
        _check(not e.dice, f"{path}.dice", f"{e.kind!r} picks no die")
    else:
        _check(e.space == -1 and e.target == -1, path, f"{e.kind!r} designates no space, no seat")
    if e.kind == TRANSFER:
        _check(e.target == -1, f"{path}.target", f"{TRANSFER!r} designates no seat")
    if state.phase == COMPOSE:
        # The space is the last choice: once designated, the marker goes to the answers.
        _check(e.space == -1, f"{path}.space", "-1 while the marker is composed")
    if e.kind == EXTRA_TURN:
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
        if e.kind == TRANSFER:
            # FR-14: a space with as many mice as the one chosen (`powers.compose_actions`).
            _check(
                e.space in powers.transfer_targets(state),
                "state.effects[0].space",
                "a Transfert goes to another space with as many mice as the one chosen",
            )
        elif e.kind != EXTRA_TURN:
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
    if state.options.tour_target == PREVIOUS:
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
    if state.options.tour_target == ANY_PLAYER:
        own = own and e.target == e.seat
    _check(own, "state.effects[0].space", "a turn forced on a player needs the space designated")


def _check_markers(state: State, markers: Markers) -> None:
    """FR-11: no more markers of a kind than the box holds; while dealing, the hands are
    drawn in seat order and the deck holds the rest (`powers.drawing_seat` names a seat)."""
    n = state.num_players
    copies = powers.marker_copies(state)
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
    if state.options.placement == ROUND_ROBIN:
        # The seats before the one to place have placed one mouse more.
        k = left[seat]
        ok = k >= 1 and all(left[s] == (k - 1 if s < seat else k) for s in range(len(left)))
    else:
        # The seats before have placed all their mice, those after none; with one_space
        # the seat to place puts all its mice down at once.
        whole = state.options.placement == ONE_SPACE
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
