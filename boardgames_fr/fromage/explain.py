"""Why an action is not legal now, in a player's words (the `explain` hook).

Called by the core only for an action that is not among `legal_actions`; the text goes
into the `IllegalActionError`. At a chance node (explicit chance mode: a table typing in
its dice and markers) the core asks about every outcome refused, of the kind drawn now or
not; it lists the possible outcomes after the text, except at the marker deal, whose
markers left would tell the hands (``secret_chance``).
"""

from __future__ import annotations

from typing import Any

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
from boardgames_fr.fromage.data import BOARDS
from boardgames_fr.fromage.powers import chosen_space, drawing_seat
from boardgames_fr.fromage.render import _DOING, FACE_NAMES, MARKER_NAMES, player_name
from boardgames_fr.fromage.state import (
    ANSWER,
    APPLY,
    CHOOSE,
    COMPOSE,
    DRAW,
    END,
    FACES,
    GREEN,
    KINDS,
    PLACE,
    REACT,
    RED,
    ROLL,
    TRANSFERT,
    UNROLLED,
    State,
)
from boardgames_fr.fromage.turn import mice_on

__all__ = ["explain"]

# Which phase each kind of decision belongs to.
_PHASE_OF: dict[type, tuple[str, ...]] = {
    PlaceMouse: (PLACE,),
    ChooseSpace: (CHOOSE,),
    MoveMouse: (APPLY,),
    PlayMarker: (REACT, ANSWER, END),
    Pass: (REACT, ANSWER, END),
    PickDie: (COMPOSE,),
    Done: (COMPOSE,),
    TransferTo: (COMPOSE,),
    ForceSpace: (COMPOSE,),
    ForcePlayer: (COMPOSE,),
}


def explain(state: State, action: Any) -> str:
    """The reason ``action`` is refused in ``state`` (empty: use the generic text)."""
    if state.phase == ROLL:
        return _explain_roll(state, action)
    if state.phase == DRAW:
        return _explain_draw(state, action)
    if isinstance(action, DieFace | DrawMarker):
        return "dice and markers are drawn by chance, not chosen by a player"
    phases = _PHASE_OF.get(type(action), ())
    if state.phase not in phases:
        who = player_name(state.to_move, "en") if state.to_move >= 0 else "chance"
        doing = _DOING.get(state.phase, (state.phase, state.phase))[1]
        return f"not now: {who} {doing}"
    board = BOARDS[state.options.board]
    seat = state.to_move
    # Fields of the wrong type never get here: the core names them first (`_wrong_field`).
    for field in ("space", "to"):
        name = getattr(action, field, None)
        if name is not None and name not in board.index:
            return f"there is no space {name!r} on board {board.face}"
    if isinstance(action, PlaceMouse):
        starts = ", ".join(repr(board.names[s]) for s in board.starts)
        return f"{action.space!r} is not a bottom space; mice start on {starts}"
    if isinstance(action, ChooseSpace):
        return f"seat {seat} has no mouse on space {action.space!r}"
    if isinstance(action, MoveMouse):
        return _explain_move(state, action)
    if isinstance(action, PlayMarker):
        if action.kind not in KINDS:
            kinds = ", ".join(f"{k!r} ({MARKER_NAMES[k][1]})" for k in KINDS)
            return f"kind must be a power marker: one of {kinds}"
        return f"the {MARKER_NAMES[action.kind][1]} marker cannot be played by seat {seat} now"
    if isinstance(action, PickDie):
        if not 0 <= action.die < len(state.dice):
            return f"die must be a die number from 0 to {len(state.dice) - 1} (0 is the first)"
        return f"die #{action.die + 1} cannot be picked for this marker"
    if isinstance(action, ForcePlayer) and not 0 <= action.seat < state.num_players:
        return f"seat must be a seat from 0 to {state.num_players - 1}"
    if isinstance(action, Done):
        return "pick at least one die first"
    if isinstance(action, TransferTo):
        return _explain_transfer(state, action)
    if isinstance(action, ForceSpace):
        return f"{action.space!r} holds no mouse of the player who must play again"
    if isinstance(action, ForcePlayer):
        return f"seat {action.seat!r} cannot be made to play a turn now"
    return ""


def _explain_transfer(state: State, action: TransferTo) -> str:
    """Why the roll cannot be transferred to ``action.space`` (FR-14)."""
    if not state.effects or state.effects[0].kind != TRANSFERT:
        return "the marker being composed is not a Transfert"
    board = BOARDS[state.options.board]
    to = board.index[action.space]
    if to == state.space:
        return f"the roll already acts on {action.space!r}: a Transfert sends it elsewhere"
    if to == board.top:
        return "the roll cannot go to the table: no roll is made there"
    # FR-14: measured against the space the roller chose, also after a first Transfert.
    chosen = chosen_space(state)
    need = mice_on(state, chosen)
    return (
        f"the roll cannot go to {action.space!r}: it holds fewer mice than"
        f" {board.names[chosen]!r} ({need}), the space chosen for this roll"
    )


def _explain_roll(state: State, action: Any) -> str:
    """Why ``action`` is not what the die being rolled shows (FR-05, FR-12), for a table
    typing in its dice."""
    if isinstance(action, DieFace):
        if action.face not in FACES:
            faces = ", ".join(f"{f!r} ({FACE_NAMES[f][1]})" for f in FACES)
            return f"a die shows one of {faces}, not {action.face!r}"
        return ""  # any face can come up
    # The first die still showing "?" is the one rolled now (a Relance rolls them again).
    die = state.dice.index(UNROLLED) + 1
    space = BOARDS[state.options.board].names[state.space]
    now = f"die #{die} of {len(state.dice)} is being rolled on space {space!r}"
    if isinstance(action, DrawMarker):
        return f"no marker is drawn now: {now}"
    return f"not now: {now}"


def _explain_draw(state: State, action: Any) -> str:
    """Why ``action`` is not the power marker drawn now (FR-11). The markers left are face
    down: a kind that has run out is only said not to be drawable, never what is left."""
    if isinstance(action, DrawMarker):
        if action.kind not in KINDS:
            kinds = ", ".join(f"{k!r} ({MARKER_NAMES[k][1]})" for k in KINDS)
            return f"kind must be a power marker: one of {kinds}"
        if state.markers is not None and state.markers.deck[KINDS.index(action.kind)]:
            return ""  # a marker of this kind can be drawn
        return f"a {MARKER_NAMES[action.kind][1]} marker cannot be drawn now"
    now = f"the power markers are being dealt, {player_name(drawing_seat(state), 'en')} draws"
    if isinstance(action, DieFace):
        return f"no die is rolled now: {now}"
    return f"not now: {now}"


def _explain_move(state: State, action: MoveMouse) -> str:
    board = BOARDS[state.options.board]
    if state.space < 0:
        return ""
    if action.face not in FACES:
        faces = ", ".join(f"{f!r} ({FACE_NAMES[f][1]})" for f in FACES)
        return f"face must be a die face: one of {faces}"
    if action.face not in state.todo:
        return f"no {FACE_NAMES[action.face][1]} result is left to apply"
    n = state.num_players
    here = board.names[state.space]
    owner = action.owner
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < n:
        return f"owner must be a seat from 0 to {n - 1}"
    if state.mice[state.space * n + owner] <= state.used[owner]:
        return f"seat {owner} has no mouse left to move on space {here!r}"
    if action.face == GREEN:
        ups = ", ".join(repr(board.names[s]) for s in board.up[state.space])
        return f"a green result moves a mouse from {here!r} up to {ups}, not {action.to!r}"
    if action.face == RED:
        downs = ", ".join(repr(board.names[s]) for s in board.down[state.space]) or repr(here)
        return f"a red result moves a mouse from {here!r} down to {downs}, not {action.to!r}"
    return ""
