"""The power markers (FR-11..FR-17): dealing, who is asked, what each marker may do.

Pure helpers; `rules` strings them into the turn. Timing, as docs/rules/fromage.md tells:

- after a roll (REACT): every seat holding a marker, from the roller clockwise, may play
  Relance, Transfert, Amélioration, Détérioration or Annulation, or pass;
- after the results (END): the same seats may play Tour supplémentaire;
- after any marker is composed (ANSWER): the other holders, clockwise from its player,
  may answer it with Annulation, which can be answered in turn.

Every seat holding any marker is asked, never only those holding a fitting kind: the
number of markers is public, their kinds are not (FR-11).
"""

from __future__ import annotations

from boardgames_fr.core.fast import replace
from boardgames_fr.fromage.actions import (
    Done,
    DrawMarker,
    ForcePlayer,
    ForceSpace,
    Pass,
    PickDie,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.fromage.components import ReactionWindow
from boardgames_fr.fromage.state import (
    ANY_PLAYER,
    CANCEL,
    COPIES_PER_KIND,
    EXTRA_TURN,
    FULL,
    GREEN,
    IMPROVEMENT,
    KINDS,
    ONE_STEP,
    PREVIOUS,
    RED,
    REROLL,
    TRANSFER,
    UNROLLED,
    WORSENING,
    YELLOW,
    Effect,
    Markers,
    Options,
    State,
    Table,
)
from boardgames_fr.fromage.turn import board_of, has_mice, mice_on

__all__ = [
    "DIE_STEPS",
    "answer_actions",
    "chosen_space",
    "compose_actions",
    "draw_outcomes",
    "drawing_seat",
    "end_actions",
    "force_targets",
    "give_marker",
    "holders_from",
    "marker_copies",
    "new_markers",
    "react_actions",
    "resolve_dice",
    "take_marker",
    "transfer_targets",
]

PLAY = {k: PlayMarker(k) for k in KINDS}
PASS = Pass()
DONE = Done()
PICK = tuple(PickDie(i) for i in range(5))
DRAW = {k: DrawMarker(k) for k in KINDS}
REACT_KINDS = (REROLL, TRANSFER, IMPROVEMENT, WORSENING, CANCEL)

FORCE = tuple(ForcePlayer(s) for s in range(4))
DIE_STEPS = {
    # FR-15: red becomes yellow, yellow becomes green; FR-16: the reverse. One step a die
    # (the seed's words), or with option die_change="full" straight to green / to red.
    ONE_STEP: {
        IMPROVEMENT: {RED: YELLOW, YELLOW: GREEN},
        WORSENING: {GREEN: YELLOW, YELLOW: RED},
    },
    FULL: {
        IMPROVEMENT: {RED: GREEN, YELLOW: GREEN},
        WORSENING: {GREEN: RED, YELLOW: RED},
    },
}


def new_markers(options: Options, num_players: int) -> Markers | None:
    """FR-11: the markers at the start: a deck to deal from, or a full set each."""
    if not options.powers:
        return None
    if options.full_set:
        return Markers((tuple(sorted(KINDS)),) * num_players, (), (), ())
    return Markers(((),) * num_players, (COPIES_PER_KIND,) * len(KINDS), (), ())


def marker_copies(state: State) -> int:
    """FR-11: the markers of each kind in the box: one a player with ``full_set``."""
    return state.num_players if state.options.full_set else COPIES_PER_KIND


def drawing_seat(state: State) -> int:
    """FR-11: the seat that draws next (seat order, ``options.markers`` each), or -1."""
    if state.markers is None:
        return -1
    for seat, hand in enumerate(state.markers.hands):
        if len(hand) < state.options.markers:
            return seat
    return -1


def draw_outcomes(markers: Markers) -> tuple[tuple[DrawMarker, int], ...]:
    """One marker drawn face down: each kind left, weighted by its copies left."""
    return tuple((DRAW[k], c) for k, c in zip(KINDS, markers.deck, strict=True) if c)


def give_marker(markers: Markers, seat: int, kind: str) -> Markers:
    """``seat`` draws a marker of ``kind`` from the deck."""
    hands = list(markers.hands)
    hands[seat] = tuple(sorted((*hands[seat], kind)))
    deck = list(markers.deck)
    deck[KINDS.index(kind)] -= 1
    return replace(markers, hands=tuple(hands), deck=tuple(deck))


def take_marker(markers: Markers, seat: int, kind: str) -> Markers:
    """``seat`` plays a marker of ``kind``: it is shown, then leaves the game (FR-11);
    everyone saw who played it (`Markers.played_by`)."""
    hands = list(markers.hands)
    hand = list(hands[seat])
    hand.remove(kind)
    hands[seat] = tuple(hand)
    return replace(
        markers,
        hands=tuple(hands),
        discards=(*markers.discards, kind),
        played_by=(*markers.played_by, seat),
    )


def holders_from(state: State, first: int, skip: int = -1) -> ReactionWindow | None:
    """A window over every seat holding a marker, clockwise from ``first``, but ``skip``."""
    markers = state.markers
    if markers is None:
        return None
    n = state.num_players
    seats = ((first + i) % n for i in range(n))
    return ReactionWindow.open(s for s in seats if s != skip and markers.hands[s])


def _hand(state: State, seat: int) -> tuple[str, ...]:
    return state.markers.hands[seat] if state.markers is not None else ()


def chosen_space(state: Table) -> int:
    """The space the roller chose for the roll under way (FR-04), before any Transfert
    (of a `State`, or of an `Observation`: the bot asks it too)."""
    moved = state.transferred_from
    return state.space if moved < 0 else moved


def transfer_targets(state: Table) -> tuple[int, ...]:
    """FR-14: the spaces a Transfert may send the roll to: another space than the one it
    acts on now (not the table) holding at least as many mice as the space the roller
    chose, « l'emplacement initialement choisi », also after a first Transfert (also what
    a loaded save is checked by)."""
    board = board_of(state)
    need = mice_on(state, chosen_space(state))
    return tuple(
        s
        for s in range(board.size)
        if s != state.space and s != board.top and mice_on(state, s) >= need
    )


def _pickable(state: State, kind: str, picked: tuple[int, ...]) -> tuple[int, ...]:
    # FR-15/FR-16: only dice the marker can change; any die for the other dice markers.
    steps = DIE_STEPS[state.options.die_change].get(kind)
    dice = state.dice
    return tuple(
        i for i, face in enumerate(dice) if i not in picked and (steps is None or face in steps)
    )


def react_actions(state: State, seat: int) -> tuple[PlayMarker | Pass, ...]:
    """After a roll: the markers ``seat`` may play (in `KINDS` order), then `Pass`."""
    hand = _hand(state, seat)
    out: list[PlayMarker | Pass] = []
    for kind in REACT_KINDS:
        if kind not in hand:
            continue
        if kind == TRANSFER:
            playable = bool(transfer_targets(state))
        else:
            playable = bool(_pickable(state, kind, ()))
        if playable:
            out.append(PLAY[kind])
    out.append(PASS)
    return tuple(out)


def end_actions(state: State, seat: int) -> tuple[PlayMarker | Pass, ...]:
    """After the results (FR-13): Tour supplémentaire if held and someone can be made to
    play (`force_targets`), then Pass."""
    if EXTRA_TURN in _hand(state, seat) and force_targets(state, seat):
        return (PLAY[EXTRA_TURN], PASS)
    return (PASS,)


def force_targets(state: State, seat: int) -> tuple[int, ...]:
    """FR-13: who ``seat``'s Tour supplémentaire can make play at once, in seat order.

    The player who just played (``state.turn``: their own second turn, or forced by
    another); with ``tour_target="any"`` also any other opponent of ``seat``. Only
    players with a mouse on the board (FR-04).
    """
    turn = state.turn
    if state.options.tour_target == PREVIOUS:
        return (turn,) if has_mice(state, turn) else ()
    return tuple(
        s for s in range(state.num_players) if (s != seat or s == turn) and has_mice(state, s)
    )


def answer_actions(state: State, seat: int) -> tuple[PlayMarker | Pass, ...]:
    """FR-17: Annulation against the marker just played, if held, then Pass."""
    if CANCEL in _hand(state, seat):
        return (PLAY[CANCEL], PASS)
    return (PASS,)


def compose_actions(
    state: State,
) -> tuple[PickDie | Done | TransferTo | ForceSpace | ForcePlayer, ...]:
    """The next small choice of the marker being composed (``effects[0]``).

    Dice markers: `PickDie` for each die still pickable, in rolling order, then `Done` once
    at least one die is picked. Transfert: `TransferTo` each allowed space, board order.
    Tour supplémentaire: with ``tour_target="any"`` first `ForcePlayer` each seat of
    `force_targets`; on another player, `ForceSpace` each space holding their mice.
    """
    effect = state.effects[0]
    board = board_of(state)
    if effect.kind == TRANSFER:
        return tuple(TransferTo(board.names[s]) for s in transfer_targets(state))
    if effect.kind == EXTRA_TURN:
        target = effect.target
        if target < 0:
            if state.options.tour_target == ANY_PLAYER:
                return tuple(FORCE[s] for s in force_targets(state, effect.seat))
            target = state.turn
        n = state.num_players
        return tuple(
            ForceSpace(board.names[s]) for s in range(board.size) if state.mice[s * n + target]
        )
    picks: tuple[PickDie | Done, ...] = tuple(
        PICK[i] for i in _pickable(state, effect.kind, effect.dice)
    )
    return (*picks, DONE) if effect.dice else picks


def resolve_dice(effect: Effect, state: State) -> State:
    """The state after a dice marker or Transfert resolves (Relance: the dice picked are
    unrolled again and wait for their chance events)."""
    dice = state.dice
    space = state.space
    moved = state.transferred_from
    if effect.kind == REROLL:
        # FR-12: the designated dice are rolled again, one chance event each.
        dice = tuple(UNROLLED if i in effect.dice else f for i, f in enumerate(dice))
    elif effect.kind == CANCEL:
        # FR-17: the cancelled dice have no result at all.
        dice = tuple(f for i, f in enumerate(dice) if i not in effect.dice)
    elif effect.kind == TRANSFER:
        # FR-14: the same results now act on the designated space; the space first
        # chosen stays the measure of any later Transfert (-1 once back on it, so that
        # a state has one form).
        chosen = chosen_space(state)
        space = effect.space
        moved = -1 if space == chosen else chosen
    else:
        steps = DIE_STEPS[state.options.die_change][effect.kind]  # FR-15, FR-16
        dice = tuple(steps[f] if i in effect.dice else f for i, f in enumerate(dice))
    return replace(state, space=space, dice=dice, transferred_from=moved)
