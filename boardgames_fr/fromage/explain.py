"""Why an action is not legal now, in a player's words (the `explain` hook), in French
(``"fr"``) or English (``"en"``).

Called by the core only for an action that is not among `legal_actions`, once per
language; the text goes into the `IllegalActionError` (English) and its ``reason("fr")``.
At a chance node (explicit chance mode: a table typing in its dice and markers) the core
asks about every outcome refused, of the kind drawn now or not; it lists the possible
outcomes after the text, except at the marker deal, whose markers left would tell the
hands (``secret_chance``).

Each sentence is written once in each language, side by side (``"..." if fr else
"..."``). The English names spaces, faces and kinds by their ids as typed (``'seau'``);
the French names spaces by the words of the menus (`render.space_label`: « le seau »),
faces and kinds by their ids with their French names (« green » (vert)), the players by
colour (`render.player_name`: « le joueur bleu »), an id typed that names nothing in
« » quotes.

Example:
    >>> from boardgames_fr import fromage
    >>> from boardgames_fr.fromage.actions import ChooseSpace, PlaceMouse
    >>> s = fromage.new_game(2, seed=1)
    >>> print(explain(s, ChooseSpace("seau"), "fr"))
    pas maintenant : le joueur bleu pose une souris
    >>> print(explain(s, ChooseSpace("seau"), "en"))
    not now: the blue player places a mouse
    >>> print(explain(s, PlaceMouse("panier"), "fr"))  # doctest: +NORMALIZE_WHITESPACE
    le panier n'est pas un emplacement du bas : une souris se pose d'abord sur
    la caisse gauche, le gros bidon ou la caisse droite
"""

from __future__ import annotations

from collections.abc import Iterable
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
from boardgames_fr.fromage.render import (
    FACE_NAMES,
    MARKER_NAMES,
    doing_words,
    player_name,
    space_label,
)
from boardgames_fr.fromage.state import (
    ANSWER,
    ANY_PLAYER,
    APPLY,
    CHOOSE,
    COMPOSE,
    DRAW,
    END,
    EXTRA_TURN,
    FACES,
    GREEN,
    KINDS,
    PLACE,
    REACT,
    RED,
    ROLL,
    TRANSFER,
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


# --- words shared by the sentences ------------------------------------------------------


def _typed(value: str, fr: bool) -> str:
    """An id as typed: « violet » / 'violet'."""
    return f"« {value} »" if fr else repr(value)


def _space(state: State, name: str, fr: bool) -> str:
    """A space of the board in the menus' words: « le seau », "the bucket"."""
    return space_label(name, "fr" if fr else "en", state)


def _or(items: Iterable[str], fr: bool) -> str:
    """Alternatives: « a, b ou c » in French, "a, b, c" in English."""
    items = list(items)
    if not fr or len(items) < 2:
        return ", ".join(items)
    return f"{', '.join(items[:-1])} ou {items[-1]}"


def _marker(kind: str, fr: bool) -> str:
    """A marker's name: « Relance » quoted in French (as `describe` writes « jouer le
    marqueur « Relance » »), plain "Reroll" in English."""
    name = MARKER_NAMES[kind][0 if fr else 1]
    return f"« {name} »" if fr else name


def _kinds(fr: bool) -> str:
    """The power markers, id and name: 'reroll' (Reroll), ... / « reroll » (Relance) ..."""
    return _or((f"{_typed(k, fr)} ({MARKER_NAMES[k][0 if fr else 1]})" for k in KINDS), fr)


def _faces(fr: bool) -> str:
    """The die faces as typed, with their names: 'green' (green), ... / « green » (vert),
    « yellow » (jaune) ou « red » (rouge)."""
    if fr:
        return _or((f"{_typed(f, fr)} ({FACE_NAMES[f][0]})" for f in FACES), fr)
    return ", ".join(f"{f!r} ({FACE_NAMES[f][1]})" for f in FACES)


# --- the hook ---------------------------------------------------------------------------


def explain(state: State, action: Any, lang: str) -> str:
    """The reason ``action`` is refused in ``state``, in ``lang`` ("fr" or "en"; empty:
    use the core's generic text)."""
    fr = lang == "fr"
    if state.phase == ROLL:
        return _explain_roll(state, action, lang)
    if state.phase == DRAW:
        return _explain_draw(state, action, lang)
    if isinstance(action, DieFace | DrawMarker):
        if fr:
            return (
                "les dés se lancent et les marqueurs se piochent au hasard :"
                " aucun joueur ne les choisit"
            )
        return "dice and markers are drawn by chance, not chosen by a player"
    phases = _PHASE_OF.get(type(action), ())
    if state.phase not in phases:
        if state.to_move >= 0:
            who = player_name(state.to_move, lang)
        else:
            who = "le hasard" if fr else "chance"
        doing = doing_words(state, lang)
        return f"pas maintenant : {who} {doing}" if fr else f"not now: {who} {doing}"
    board = BOARDS[state.options.board]
    seat = state.to_move
    # Fields of the wrong type never get here: the core names them first (`_wrong_field`).
    for field in ("space", "to"):
        name = getattr(action, field, None)
        if name is not None and name not in board.index:
            if fr:
                return (
                    f"il n'y a pas d'emplacement {_typed(name, fr)} sur la face {board.face}"
                    " du plateau"
                )
            return f"there is no space {name!r} on board {board.face}"
    if isinstance(action, PlaceMouse):
        starts = _or((_space(state, board.names[s], fr) for s in board.starts), fr)
        here = _space(state, action.space, fr)
        if fr:
            return (
                f"{here} n'est pas un emplacement du bas : une souris se pose d'abord sur {starts}"
            )
        return f"{here} is not a bottom space; mice start on {starts}"
    if isinstance(action, ChooseSpace):
        here = _space(state, action.space, fr)
        if fr:
            return f"{player_name(seat, lang)} n'a aucune souris sur {here}"
        return f"{player_name(seat, lang)} has no mouse on {here}"
    if isinstance(action, MoveMouse):
        return _explain_move(state, action, lang)
    if isinstance(action, PlayMarker):
        if action.kind not in KINDS:
            if fr:
                return f"kind doit être un marqueur de pouvoir : {_kinds(fr)}"
            return f"kind must be a power marker: one of {_kinds(fr)}"
        marker = _marker(action.kind, fr)
        if fr:
            return f"{player_name(seat, lang)} ne peut pas jouer le marqueur {marker} maintenant"
        return f"the {marker} marker cannot be played by {player_name(seat, lang)} now"
    if state.phase == COMPOSE:
        return _explain_compose(state, action, lang)
    return ""


def _explain_compose(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is not a step of the marker being composed (``effects[0]``)."""
    fr = lang == "fr"
    kind = state.effects[0].kind if state.effects else ""
    if isinstance(action, PickDie):
        last = len(state.dice) - 1
        if not 0 <= action.die <= last:
            if fr:
                return f"die doit être un numéro de dé de 0 à {last} (0 pour le premier)"
            return f"die must be a die number from 0 to {last} (0 is the first)"
        number = action.die + 1
        if fr:
            return f"le dé n°{number} ne peut pas être choisi pour ce marqueur"
        return f"die #{number} cannot be picked for this marker"
    if isinstance(action, ForcePlayer) and not 0 <= action.seat < state.num_players:
        last = state.num_players - 1
        if fr:
            return f"seat doit être un numéro de joueur de 0 à {last}"
        return f"seat must be a seat from 0 to {last}"
    if isinstance(action, Done):
        if kind in (TRANSFER, EXTRA_TURN):
            # A Transfert or a Tour supplémentaire takes no dice: "pick a die" would mislead.
            marker = _marker(kind, fr)
            if fr:
                return f"le marqueur {marker} en cours ne porte sur aucun dé"
            return f"the {marker} marker being composed acts on no die"
        return "choisissez d'abord au moins un dé" if fr else "pick at least one die first"
    if isinstance(action, TransferTo):
        return _explain_transfer(state, action, lang)
    if isinstance(action, ForceSpace):
        if kind != EXTRA_TURN:  # a step of a Tour supplémentaire only: nobody must play again
            marker = _marker(EXTRA_TURN, fr)
            if fr:
                return f"le marqueur en cours n'est pas un marqueur {marker}"
            return f"the marker being composed is not an {marker}"
        if state.effects[0].target < 0 and state.options.tour_target == ANY_PLAYER:
            # FR-13 option: the Tour first names the player it forces (`ForcePlayer`).
            if fr:
                return "choisissez d'abord le joueur qui doit rejouer"
            return "choose the player who must play again first"
        here = _space(state, action.space, fr)
        if fr:
            return f"aucune souris du joueur qui doit rejouer n'est sur {here}"
        return f"{here} holds no mouse of the player who must play again"
    if isinstance(action, ForcePlayer):
        if fr:
            return (
                f"on ne peut pas obliger {player_name(action.seat, lang)} à jouer un tour"
                " maintenant"
            )
        return f"{player_name(action.seat, lang)} cannot be made to play a turn now"
    return ""


def _explain_transfer(state: State, action: TransferTo, lang: str) -> str:
    """Why the roll cannot be transferred to ``action.space`` (FR-14)."""
    fr = lang == "fr"
    if not state.effects or state.effects[0].kind != TRANSFER:
        if fr:
            return f"le marqueur en cours n'est pas un marqueur {_marker(TRANSFER, fr)}"
        return f"the marker being composed is not a {_marker(TRANSFER, fr)}"
    board = BOARDS[state.options.board]
    to = board.index[action.space]
    there = _space(state, action.space, fr)
    if to == state.space:
        if fr:
            return (
                f"le jet porte déjà sur {there} : le marqueur {_marker(TRANSFER, fr)}"
                " l'envoie vers un autre emplacement"
            )
        return f"the roll already acts on {there}: a {_marker(TRANSFER, fr)} sends it elsewhere"
    if to == board.top:
        if fr:
            return "le jet ne peut pas être transféré sur la table : on n'y lance jamais les dés"
        return "the roll cannot go to the table: no roll is made there"
    # FR-14: measured against the space the roller chose, also after a first Transfert.
    chosen = chosen_space(state)
    need = mice_on(state, chosen)
    first = _space(state, board.names[chosen], fr)
    if fr:
        return (
            f"le jet ne peut pas être transféré sur {there} : il y a moins de souris que sur"
            f" {first} ({need} souris), l'emplacement choisi pour ce jet"
        )
    return (
        f"the roll cannot go to {there}: it holds fewer mice than"
        f" {first} ({need}), the space chosen for this roll"
    )


def _explain_roll(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is not what the die being rolled shows (FR-05, FR-12), for a table
    typing in its dice."""
    fr = lang == "fr"
    if isinstance(action, DieFace):
        if action.face not in FACES:
            face = _typed(action.face, fr)
            if fr:
                return f"un dé montre {_faces(fr)}, pas {face}"
            return f"a die shows one of {_faces(fr)}, not {face}"
        return ""  # any face can come up
    # The first die still unrolled is the one rolled now (a Relance rolls them again).
    die = state.dice.index(UNROLLED) + 1
    total = len(state.dice)
    here = _space(state, BOARDS[state.options.board].names[state.space], fr)
    if fr:
        # One die (a Relance of one, or one die left to the space): no « dés », no « sur 1 ».
        now = (
            f"on lance le dé sur {here}"
            if total == 1
            else f"on lance les dés sur {here} (dé n°{die} sur {total})"
        )
        if isinstance(action, DrawMarker):
            return f"aucun marqueur ne se pioche maintenant : {now}"
        return f"pas maintenant : {now}"
    now = (
        f"the die is being rolled on {here}"
        if total == 1
        else f"die #{die} of {total} is being rolled on {here}"
    )
    if isinstance(action, DrawMarker):
        return f"no marker is drawn now: {now}"
    return f"not now: {now}"


def _explain_draw(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is not the power marker drawn now (FR-11). The markers left are face
    down: a kind that has run out is only said not to be drawable, never what is left."""
    fr = lang == "fr"
    if isinstance(action, DrawMarker):
        if action.kind not in KINDS:
            if fr:
                return f"kind doit être un marqueur de pouvoir : {_kinds(fr)}"
            return f"kind must be a power marker: one of {_kinds(fr)}"
        if state.markers is not None and state.markers.deck[KINDS.index(action.kind)]:
            return ""  # a marker of this kind can be drawn
        marker = _marker(action.kind, fr)
        if fr:
            return f"un marqueur {marker} ne peut pas être pioché maintenant"
        return f"a {marker} marker cannot be drawn now"
    who = player_name(drawing_seat(state), lang)
    if fr:
        now = f"les marqueurs de pouvoir sont distribués, {who} pioche"
        if isinstance(action, DieFace):
            return f"aucun dé ne se lance maintenant : {now}"
        return f"pas maintenant : {now}"
    now = f"the power markers are being dealt, {who} draws"
    if isinstance(action, DieFace):
        return f"no die is rolled now: {now}"
    return f"not now: {now}"


def _explain_move(state: State, action: MoveMouse, lang: str) -> str:
    """Why a result cannot move this mouse there (FR-06, FR-07, FR-09)."""
    fr = lang == "fr"
    board = BOARDS[state.options.board]
    if state.space < 0:
        return ""
    if action.face not in FACES:
        if fr:
            return f"face doit être une face de dé : {_faces(fr)}"
        return f"face must be a die face: one of {_faces(fr)}"
    colour = FACE_NAMES[action.face][0 if fr else 1]
    if action.face not in state.todo:
        if fr:
            return f"il ne reste aucun résultat {colour} à appliquer"
        return f"no {colour} result is left to apply"
    n = state.num_players
    here = _space(state, board.names[state.space], fr)
    owner = action.owner
    if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < n:
        if fr:
            return f"owner doit être un numéro de joueur de 0 à {n - 1}"
        return f"owner must be a seat from 0 to {n - 1}"
    if state.mice[state.space * n + owner] <= state.used[owner]:
        if fr:
            return f"sur {here}, {player_name(owner, lang)} n'a plus de souris à déplacer"
        return f"{player_name(owner, lang)} has no mouse left to move on {here}"
    if action.face not in (GREEN, RED):
        return ""
    links = board.up if action.face == GREEN else board.down
    there = _or((_space(state, board.names[s], fr) for s in links[state.space]), fr)
    to = _space(state, action.to, fr)
    if action.face == GREEN:
        if fr:
            return (
                f"un résultat vert fait monter une souris depuis {here} vers {there}, pas vers {to}"
            )
        return f"a green result moves a mouse from {here} up to {there}, not {to}"
    if fr:
        if not there:  # FR-09: on a bottom space a red result leaves the mouse where it is
            return f"sur {here}, un résultat rouge laisse la souris en place : pas sur {to}"
        return (
            f"un résultat rouge fait descendre une souris depuis {here} vers {there}, pas vers {to}"
        )
    return f"a red result moves a mouse from {here} down to {there or here}, not {to}"
