"""What players read and see: action labels, the text picture, the SVG board (fr/en).

The French words are the game's own: emplacements, souris, dés verts/jaunes/rouges, and
the markers Relance, Tour supplémentaire, Transfert, Amélioration, Détérioration,
Annulation.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Any

from boardgames_fr.core.game import check_lang
from boardgames_fr.core.labels import count
from boardgames_fr.core.svg import wrap
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
from boardgames_fr.fromage.powers import DIE_STEPS, drawing_seat
from boardgames_fr.fromage.rules import winners
from boardgames_fr.fromage.state import (
    ANSWER,
    APPLY,
    CANCEL,
    CHOOSE,
    COMPOSE,
    DECREASING,
    DRAW,
    END,
    EXTRA_TURN,
    FESTIVAL,
    GREEN,
    IMPROVEMENT,
    ONE_SPACE,
    OVER,
    PLACE,
    PREVIOUS,
    REACT,
    RED,
    REROLL,
    ROLL,
    TRANSFER,
    UNROLLED,
    WORSENING,
    YELLOW,
    State,
)

__all__ = [
    "MARKER_NAMES",
    "MOUSE_COLOURS",
    "describe",
    "docs_tables",
    "face_name",
    "player_name",
    "render",
    "render_svg",
    "space_label",
    "space_name",
]

# Mouse colours by seat: (French feminine for "souris", French masculine for "joueur",
# English, SVG fill). None of them is a dice colour, so a label is never ambiguous.
MOUSE_COLOURS = (
    ("bleue", "bleu", "blue", "#3566c8"),
    ("blanche", "blanc", "white", "#fbfbf4"),
    ("grise", "gris", "grey", "#8c8c8c"),
    ("noire", "noir", "black", "#262626"),
)
MARKER_NAMES = {
    REROLL: ("Relance", "Reroll"),
    EXTRA_TURN: ("Tour supplémentaire", "Extra turn"),
    TRANSFER: ("Transfert", "Transfer"),
    IMPROVEMENT: ("Amélioration", "Improvement"),
    WORSENING: ("Détérioration", "Worsening"),
    CANCEL: ("Annulation", "Cancel"),
}
FACE_NAMES = {GREEN: ("vert", "green"), YELLOW: ("jaune", "yellow"), RED: ("rouge", "red")}
FACE_FILL = {GREEN: "#3a9a3a", YELLOW: "#f0c419", RED: "#d23c2c", UNROLLED: "#dddddd"}


def _board(state: State | None) -> Board:
    return BOARDS[state.options.board] if state is not None else BOARDS["B"]


def space_label(name: str, lang: str, state: State | None = None) -> str:
    """A space with its article: "le gros bidon" / "the big milk can"."""
    for board in (_board(state), BOARDS["A"], BOARDS["B"]):
        i = board.index.get(name)
        if i is not None:
            sp = board.spaces[i]
            return sp.fr if lang == "fr" else sp.en
    return repr(name)


def _bare(label: str) -> str:
    """A space's label without its article, for a row or a box: "coin gauche de la nappe"."""
    for article in ("le ", "la ", "l'", "the "):
        if label.startswith(article):
            return label[len(article) :]
    return label


# One name a space, in each language: the menus' words (`space_label`), without article.
_SHORT = {
    face: {
        "fr": tuple(_bare(sp.fr) for sp in b.spaces),
        "en": tuple(_bare(sp.en) for sp in b.spaces),
    }
    for face, b in BOARDS.items()
}


def space_name(board: Board, space: int, lang: str) -> str:
    """A space's name without article, as a row of the text board or a box of the SVG
    shows it: the words of the menus, so one space has one name.

    Example:
        >>> from boardgames_fr.fromage.data import BOARDS
        >>> b = BOARDS["B"]
        >>> space_name(b, b.index["barreau"], "fr"), space_name(b, b.index["barreau"], "en")
        ('barreau du tabouret', 'stool rung')
    """
    return _SHORT[board.face]["fr" if lang == "fr" else "en"][space]


def face_name(face: str, lang: str) -> str:
    """A die face in words ("vert" / "green"); "?" for a die not rolled yet."""
    names = FACE_NAMES.get(face)
    if names is None:
        # Not a face (a mistyped outcome): shown as typed, so a refusal names it.
        return "?" if face == UNROLLED else repr(face)
    return names[0 if lang == "fr" else 1]


def _marker(kind: str, lang: str) -> str:
    names = MARKER_NAMES.get(kind)
    return repr(kind) if names is None else names[0 if lang == "fr" else 1]


def player_name(seat: int, lang: str) -> str:
    """A player by the colour of their mice (seats 0-3: bleu, blanc, gris, noir), as the
    pictures and the command line's move log name them.

    Example:
        >>> player_name(0, "fr"), player_name(2, "en")
        ('le joueur bleu', 'the grey player')
    """
    if not 0 <= seat < len(MOUSE_COLOURS):
        return f"seat {seat}"
    c = MOUSE_COLOURS[seat]
    return f"le joueur {c[1]}" if lang == "fr" else f"the {c[2]} player"


def _mouse(seat: int, lang: str) -> str:
    if not 0 <= seat < len(MOUSE_COLOURS):
        return f"mouse of seat {seat}"
    c = MOUSE_COLOURS[seat]
    return f"la souris {c[0]}" if lang == "fr" else f"the {c[2]} mouse"


# --- describe -------------------------------------------------------------------------


def describe(action: Any, state: State | None, lang: str) -> str:
    """A one-line label for a menu or a log.

    Example:
        >>> describe(MoveMouse(GREEN, 0, "tabouret"), None, "fr")
        'dé vert : la souris bleue monte sur le tabouret'
        >>> describe(PlayMarker(REROLL), None, "en")
        'play the Reroll marker'
    """
    fr = lang == "fr"
    if isinstance(action, MoveMouse):
        return _describe_move(action, state, lang)
    if isinstance(action, ChooseSpace):
        where = space_label(action.space, lang, state)
        return f"choisir {where} et lancer les dés" if fr else f"choose {where} and roll"
    if isinstance(action, PlaceMouse):
        where = space_label(action.space, lang, state)
        if state is not None and state.options.placement == ONE_SPACE and state.to_move >= 0:
            # FR-03 option: all the player's mice go to one space at once.
            k = state.to_place[state.to_move]
            if k == 1:  # option mice=1: « ses 1 souris » is no French
                return f"poser sa souris sur {where}" if fr else f"place your mouse on {where}"
            return f"poser ses {k} souris sur {where}" if fr else f"place all {k} mice on {where}"
        return f"poser une souris sur {where}" if fr else f"place a mouse on {where}"
    if isinstance(action, DieFace):
        return (
            f"dé : {face_name(action.face, lang)}" if fr else f"die: {face_name(action.face, lang)}"
        )
    if isinstance(action, Pass):
        return "passer" if fr else "pass"
    if isinstance(action, PlayMarker):
        name = _marker(action.kind, lang)
        return f"jouer le marqueur « {name} »" if fr else f"play the {name} marker"
    if isinstance(action, PickDie):
        return _describe_pick(action, state, lang)
    if isinstance(action, Done):
        return "terminer le choix des dés" if fr else "finish choosing dice"
    if isinstance(action, TransferTo):
        where = space_label(action.space, lang, state)
        return f"transférer le jet sur {where}" if fr else f"transfer the roll to {where}"
    if isinstance(action, ForceSpace):
        where = space_label(action.space, lang, state)
        who = ""
        again = True
        if state is not None:
            target = state.effects[0].target if state.effects else -1
            who = player_name(state.turn if target < 0 else target, lang)
            # FR-13, tour_target="any": an opponent other than the one who just played
            # plays a turn now, not again.
            again = target < 0 or target == state.turn
        if not again:
            if fr:
                return f"obliger {who} à jouer un tour tout de suite sur {where}"
            return f"make {who} play a turn at once on {where}"
        if fr:
            return f"obliger {who or 'le joueur'} à rejouer sur {where}"
        return f"make {who or 'the player'} play again on {where}"
    if isinstance(action, ForcePlayer):
        if state is not None and state.effects and state.effects[0].seat == action.seat:
            return "jouer soi-même un second tour" if fr else "play a second turn yourself"
        who = player_name(action.seat, lang)
        return (
            f"obliger {who} à jouer un tour tout de suite"
            if fr
            else f"make {who} play a turn at once"
        )
    if isinstance(action, DrawMarker):
        name = _marker(action.kind, lang)
        return f"marqueur pioché : {name}" if fr else f"marker drawn: {name}"
    return repr(action)


def _describe_move(action: MoveMouse, state: State | None, lang: str) -> str:
    fr = lang == "fr"
    die = f"dé {face_name(action.face, lang)}" if fr else f"{face_name(action.face, lang)} die"
    mouse = _mouse(action.owner, lang)
    where = space_label(action.to, lang, state)
    board = _board(state)
    to = board.index.get(action.to, -1)
    here = state.space if state is not None else -1
    if here >= 0 and here == to:
        verb = f"reste sur {where}" if fr else f"stays on {where}"
    elif to == board.top:
        verb = f"monte sur {where} : fromage !" if fr else f"climbs onto {where}: cheese!"
    elif here >= 0 and to >= 0 and board.distance[to] == board.distance[here]:
        # A side link (FR-06/FR-07 « emplacement latéral »): no nearer the table, no farther.
        verb = f"passe de côté sur {where}" if fr else f"moves across to {where}"
    elif action.face == GREEN:
        verb = f"monte sur {where}" if fr else f"climbs to {where}"
    else:
        verb = f"descend sur {where}" if fr else f"goes down to {where}"
    if state is not None and to in state.cheese.extras:
        # FR-18 option: the first mouse there eats the extra cheese.
        verb += " : fromage !" if fr else ": cheese!"
    return f"{die} : {mouse} {verb}" if fr else f"{die}: {mouse} {verb}"


def _describe_pick(action: PickDie, state: State | None, lang: str) -> str:
    fr = lang == "fr"
    number = action.die + 1
    if state is None or not state.effects or action.die >= len(state.dice):
        return f"choisir le dé n°{number}" if fr else f"pick die #{number}"
    face = state.dice[action.die]
    kind = state.effects[0].kind
    shown = face_name(face, lang)
    if kind in (IMPROVEMENT, WORSENING):
        after = face_name(DIE_STEPS[state.options.die_change][kind].get(face, face), lang)
        if fr:
            verb = "améliorer" if kind == IMPROVEMENT else "détériorer"
            return f"{verb} le dé n°{number} ({shown} → {after})"
        verb = "improve" if kind == IMPROVEMENT else "worsen"
        return f"{verb} die #{number} ({shown} → {after})"
    if kind == REROLL:
        return f"relancer le dé n°{number} ({shown})" if fr else f"reroll die #{number} ({shown})"
    return f"annuler le dé n°{number} ({shown})" if fr else f"cancel die #{number} ({shown})"


# --- text -----------------------------------------------------------------------------

_DOING = {
    DRAW: ("les marqueurs sont distribués", "the markers are being dealt"),
    PLACE: ("pose une souris", "places a mouse"),
    CHOOSE: ("choisit un emplacement", "chooses a space"),
    ROLL: ("lance les dés", "rolls the dice"),
    REACT: ("peut jouer un marqueur après le jet", "may play a marker after the roll"),
    COMPOSE: ("compose son marqueur", "composes a marker"),
    ANSWER: ("peut annuler le marqueur joué", "may cancel the marker played"),
    APPLY: ("applique les résultats", "applies the results"),
    END: ("peut jouer le marqueur « Tour supplémentaire »", "may play the Extra turn marker"),
}


def doing_words(state: State, lang: str) -> str:
    """What the phase has the seat to move do, as the status line and the refusals say it
    (« pose une souris »; with the FR-03 option ``one_space``, all its mice at once)."""
    fr = lang == "fr"
    if state.phase == PLACE and state.options.placement == ONE_SPACE:
        if state.options.mice == 1:
            return "pose sa souris" if fr else "places their mouse"
        return "pose toutes ses souris" if fr else "places all their mice"
    return _DOING.get(state.phase, (state.phase, state.phase))[0 if fr else 1]


def _status(state: State, lang: str) -> str:
    fr = lang == "fr"
    if state.phase == OVER:
        won = winners(state)
        names = (" et " if fr else " and ").join(player_name(s, lang) for s in won)
        if fr:
            return f"Partie terminée : {names} {'gagne' if len(won) == 1 else 'gagnent'}"
        return f"Game over: {names} won"
    doing = doing_words(state, lang)
    if state.phase == DRAW:  # the deal is nobody's move
        return doing[0].upper() + doing[1:]
    # A roll's dice are chance events, rolled by the player whose turn it is (FR-05).
    who = player_name(state.turn if state.phase == ROLL else state.to_move, lang)
    text = f"{who} {doing}"
    if state.effects:
        # What is decided now: the marker composed, or (FR-17) the last one played on the
        # stack, which an Annulation answers: an Annulation answering an Annulation.
        text += f" ({_marker(state.effects[-1].kind, lang)})"
    return text[0].upper() + text[1:]


def _title(state: State, lang: str) -> str:
    """The board's face and whose turn it is: "Face A (plus facile) : tour du joueur bleu".

    During the setup, the player who draws markers or places a mouse now (FR-03, FR-11):
    the race's turns start after it, with seat 0 (`State.turn` stays 0 until then).
    """
    board = BOARDS[state.options.board]
    if state.phase == OVER:  # nobody's turn any more: the status line names the winner
        return board.name_fr if lang == "fr" else board.name_en
    seat = state.turn
    if state.phase == PLACE:
        seat = state.to_move
    elif state.phase == DRAW:
        seat = max(drawing_seat(state), 0)
    colour = MOUSE_COLOURS[seat][1 if lang == "fr" else 2]
    if lang == "fr":
        return f"{board.name_fr} : tour du joueur {colour}"
    return f"{board.name_en}: turn of the {colour} player"


def _dice_place(state: State, board: Board, lang: str) -> str:
    """Where the roll acts, for the text and SVG pictures: « le tabouret (jet transféré
    depuis le gros bidon) »; FR-14: the space first chosen, which a further Transfert is
    measured by."""
    where = space_label(board.names[state.space], lang, state)
    if state.transferred_from < 0:
        return where
    first = space_label(board.names[state.transferred_from], lang, state)
    return where + (
        f" (jet transféré depuis {first})" if lang == "fr" else f" (roll moved from {first})"
    )


def render(state: State, lang: str, seat: int | None) -> str:
    """The table as plain text: spaces from the table down, dice, markers, cheese.

    ``seat`` None is the public view: how many markers each player holds, never their
    kinds (FR-11). A seat also sees the kinds of its own markers, and only those.

    Example:
        >>> from boardgames_fr.fromage import new_game
        >>> print(render(new_game(2, seed=1), "en", None).splitlines()[0])
        Fromage, Side A (easier): turn of the blue player
        >>> s = new_game(2, seed=1, options={"powers": True})
        >>> print(render(s, "en", seat=1).splitlines()[-1])
        Your markers (white player): Extra turn, Improvement, Reroll
    """
    fr = lang == "fr"
    board = BOARDS[state.options.board]
    n = state.num_players
    lines = [f"Fromage, {_title(state, lang)}", _status(state, lang)]
    order = sorted(range(board.size), key=lambda s: (board.spaces[s].y, board.spaces[s].x))
    width = max(len(space_name(board, s, lang)) for s in range(board.size))
    for s in order:
        counts = state.mice[s * n : s * n + n]
        mice = "  ".join(
            f"{MOUSE_COLOURS[p][0 if fr else 2]}×{c}" for p, c in enumerate(counts) if c
        )
        marks = []
        if s == board.top and state.cheese.table:
            marks.append(
                f"[fromage×{state.cheese.table}]" if fr else f"[cheese×{state.cheese.table}]"
            )
        if s in state.cheese.extras:
            marks.append("[fromage]" if fr else "[cheese]")
        pointer = ">" if state.space == s else " "
        name = space_name(board, s, lang)
        lines.append(f"{pointer} {name:<{width}} {' '.join(marks)} {mice}".rstrip())
    for p in range(n):
        if state.to_place[p]:  # FR-03: the setup's mice not on the board yet
            who = player_name(p, lang)
            lines.append(
                f"{who[0].upper()}{who[1:]}{' :' if fr else ':'} {_to_place(state, p, lang)}"
            )
    if state.space >= 0:
        dice = " ".join(face_name(f, lang) for f in state.dice) or "-"
        where = _dice_place(state, board, lang)
        line = f"Dés sur {where} : {dice}" if fr else f"Dice on {where}: {dice}"
        if state.phase == APPLY:  # FR-10: a game over drops the results left
            todo = " ".join(face_name(f, lang) for f in state.todo)
            line += f" ; à appliquer : {todo}" if fr else f"; to apply: {todo}"
        lines.append(line)
    if state.effects:
        lines.append(_effects_line(state, board, lang))
    if state.markers is not None:
        held = ", ".join(
            f"{MOUSE_COLOURS[p][1 if fr else 2]} {len(h)}"
            for p, h in enumerate(state.markers.hands)
        )
        line = f"Marqueurs en main : {held}" if fr else f"Markers held: {held}"
        if state.markers.discards:
            gone = _played(state, lang)
            line += f" ; joués : {gone}" if fr else f"; played: {gone}"
        lines.append(line)
        if seat is not None:
            # FR-11: a player looks at their own markers, and only at theirs.
            own = ", ".join(_marker(k, lang) for k in state.markers.hands[seat]) or "-"
            colour = MOUSE_COLOURS[seat][1 if fr else 2]
            lines.append(
                f"Vos marqueurs (joueur {colour}) : {own}"
                if fr
                else f"Your markers ({colour} player): {own}"
            )
    if state.options.variant == FESTIVAL or any(state.cheese.points):
        pts = ", ".join(
            f"{MOUSE_COLOURS[p][1 if fr else 2]} {v}" for p, v in enumerate(state.cheese.points)
        )
        label = _points_label(state, lang)
        label = label[0].upper() + label[1:]
        lines.append(f"{label} : {pts}" if fr else f"{label}: {pts}")
    return "\n".join(lines)


def _played(state: State, lang: str) -> str:
    """The markers played, each with its player's colour: « Relance (bleu), Transfert
    (blanc) » (FR-11: played face up; a save from before `Markers.played_by` did not
    record who played its first ones)."""
    markers = state.markers
    if markers is None:
        return ""
    fr = lang == "fr"
    out = []
    for kind, seat in zip(markers.discards, markers.played_by, strict=True):
        name = _marker(kind, lang)
        if 0 <= seat < len(MOUSE_COLOURS):
            name += f" ({MOUSE_COLOURS[seat][1 if fr else 2]})"
        out.append(name)
    return ", ".join(out)


def _points_label(state: State, lang: str) -> str:
    """What `scores` counts (FR-18): cheeses eaten, or their points when the festival's
    cheeses are worth ``cheeses + 1``, then one less (one eaten is not « 4 eaten »)."""
    if state.options.cheese_points == DECREASING and state.options.variant == FESTIVAL:
        return "points de fromage" if lang == "fr" else "cheese points"
    return "fromage mangé" if lang == "fr" else "cheese eaten"


def _effects_line(state: State, board: Board, lang: str) -> str:
    """The markers on the table now: the one being played, then the Annulations on it."""
    fr = lang == "fr"
    parts = []
    for e in state.effects:
        text = f"{_marker(e.kind, lang)} ({player_name(e.seat, lang)}"
        if e.dice:
            numbers = ", ".join(str(i + 1) for i in e.dice)
            one = len(e.dice) == 1
            if fr:
                text += f", {'dé' if one else 'dés'} n°{numbers}"
            else:
                text += f", {'die' if one else 'dice'} #{numbers}"
        target = e.target
        if e.kind == EXTRA_TURN and state.options.tour_target == PREVIOUS:
            target = state.turn  # FR-13: the player who just played plays again
        if target >= 0 and target != e.seat:
            text += f", {player_name(target, lang)}"
        if e.space >= 0:
            text += f", {space_label(board.names[e.space], lang, state)}"
        parts.append(text + ")")
    return ("En jeu : " if fr else "In play: ") + " ; ".join(parts)


# --- SVG ------------------------------------------------------------------------------

# The board on the left (its data coordinates scaled), a panel on the right: what is
# going on, who is who, the dice and the markers in play.
_BOARD_W, _H, _SCALE = 620, 620, 6
_PANEL_X, _PANEL_W = _BOARD_W + 10, 220
_W = _PANEL_X + _PANEL_W + 10
_FACE_LETTER = {GREEN: ("V", "G"), YELLOW: ("J", "Y"), RED: ("R", "R")}


def _xy(board: Board, s: int) -> tuple[int, int]:
    sp = board.spaces[s]
    return 10 + sp.x * _SCALE, 20 + sp.y * _SCALE


def _svg_text(x: float, y: float, body: str, size: int = 12, extra: str = "") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}"{extra}>{escape(body)}</text>'


def render_svg(state: State, lang: str = "fr") -> str:
    """The board as an SVG picture: spaces and links, mice by colour, cheese and dice; a
    panel names each colour's player (« le joueur bleu »), shows whose turn it is and, in
    the festival, the cheese each has eaten; only the number of markers a player holds,
    never their kinds (FR-11).

    Example:
        >>> from boardgames_fr.fromage import new_game
        >>> render_svg(new_game(2, seed=1)).startswith("<svg")
        True
        >>> "The blue player" in render_svg(new_game(2, seed=1), "en")
        True
    """
    check_lang(lang)  # as `render`: never a picture for "de"
    board = BOARDS[state.options.board]
    n = state.num_players
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" '
        f'viewBox="0 0 {_W} {_H}" font-family="sans-serif">',
        f'<rect width="{_W}" height="{_H}" fill="#f6ecd6"/>',
    ]
    out.append(_svg_text(10, 18, f"Fromage, {_title(state, lang)}", 14))
    for s in range(board.size):
        x1, y1 = _xy(board, s)
        for t in board.up[s]:
            x2, y2 = _xy(board, t)
            out.append(
                f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#a08060" stroke-width="3"/>'
            )
    roll_space = state.space
    for s in range(board.size):
        x, y = _xy(board, s)
        stroke = "#c0392b" if s == roll_space else "#6b4f33"
        out.append(
            f'<rect x="{x - 46}" y="{y - 20}" width="92" height="40" rx="8" fill="#fffaf0" '
            f'stroke="{stroke}" stroke-width="{3 if s == roll_space else 1.5}"/>'
        )
        # A long name gets a smaller font, then two lines, to stay within its box (space
        # names are lowercase words: about 0.55 of the font size a character).
        name = space_name(board, s, lang)
        size = 10 if len(name) * 5.5 <= 88 else 9
        lines = textwrap.wrap(name, int(88 / (0.55 * size)))
        for k, line in enumerate(lines):
            top = y - 7 if len(lines) == 1 else y - 11 + 9 * k
            out.append(_svg_text(x, top, line, size, ' text-anchor="middle"'))
        cheese = state.cheese.table if s == board.top else int(s in state.cheese.extras)
        for k in range(cheese):
            cx = x + 30 - 9 * k
            out.append(
                f'<polygon points="{cx - 7},{y + 16} {cx + 7},{y + 16} {cx + 7},{y + 6}" '
                'fill="#f7d548" stroke="#b8962e"/>'
            )
        _draw_mice(out, state.mice[s * n : s * n + n], x, y + (2 if len(lines) > 1 else 0))
    _draw_panel(out, state, board, lang)
    out.append("</svg>")
    return "\n".join(out)


def _mouse_dot(cx: float, cy: float, seat: int, r: float = 4) -> str:
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{MOUSE_COLOURS[seat][3]}" '
        'stroke="#222" stroke-width="0.8"/>'
    )


def _draw_mice(out: list[str], counts: tuple[int, ...], x: int, y: int) -> None:
    """One dot a mouse; past 8 mice on a space, one dot a colour with its count, so the
    reader still sees whose mice they are."""
    if sum(counts) <= 8:
        k = 0
        for seat, count in enumerate(counts):
            for _ in range(count):
                out.append(_mouse_dot(x - 38 + 9 * k, y + 9, seat))
                k += 1
        return
    k = 0
    for seat, count in enumerate(counts):
        if count:
            out.append(_mouse_dot(x - 38 + 21 * k, y + 9, seat))
            out.append(_svg_text(x - 33 + 21 * k, y + 12, f"×{count}", 8))
            k += 1


def _draw_panel(out: list[str], state: State, board: Board, lang: str) -> None:
    """Right of the board: what happens now, the players by colour, dice and markers."""
    fr = lang == "fr"
    x0 = _PANEL_X
    y = 44
    for line in wrap(_status(state, lang), _PANEL_W, 12, bold=True):
        out.append(_svg_text(x0, y, line, 12, ' font-weight="bold"'))
        y += 16
    y += 8
    out.append(_svg_text(x0, y, "Joueurs" if fr else "Players", 13, ' font-weight="bold"'))
    y += 8
    for seat in range(state.num_players):
        details = _player_details(state, seat, lang)
        height = 26 + 14 * len(details)
        if seat == state.to_move:
            out.append(
                f'<rect x="{x0 - 4}" y="{y}" width="{_PANEL_W + 4}" height="{height - 4}" '
                'rx="4" fill="#fff3b0" stroke="#c9a227"/>'
            )
        out.append(_mouse_dot(x0 + 7, y + 12, seat, 6))
        who = player_name(seat, lang)
        weight = ' font-weight="bold"' if seat == state.to_move else ""
        out.append(_svg_text(x0 + 20, y + 16, who[0].upper() + who[1:], 12, weight))
        for k, line in enumerate(details):
            out.append(_svg_text(x0 + 20, y + 31 + 14 * k, line, 11))
        y += height
    if state.space >= 0:
        y += 14
        where = _dice_place(state, board, lang)
        title = f"Dés sur {where}" if fr else f"Dice on {where}"
        for line in wrap(title, _PANEL_W, 12, bold=True):
            out.append(_svg_text(x0, y, line, 12, ' font-weight="bold"'))
            y += 16
        for i, face in enumerate(state.dice):
            out.append(
                f'<rect x="{x0 + 30 * i}" y="{y - 8}" width="24" height="24" rx="4" '
                f'fill="{FACE_FILL.get(face, "#dddddd")}" stroke="#333"/>'
            )
            letter = _FACE_LETTER.get(face, ("?", "?"))[0 if fr else 1]
            out.append(_svg_text(x0 + 12 + 30 * i, y + 9, letter, 12, ' text-anchor="middle"'))
        y += 36
    lines = []
    if state.phase == APPLY:  # FR-10: a game over drops the results left
        todo = ", ".join(face_name(f, lang) for f in state.todo)
        lines.append(f"À appliquer : {todo}" if fr else f"To apply: {todo}")
    if state.effects:
        lines.append(_effects_line(state, board, lang))
    if state.markers is not None and state.markers.discards:
        gone = _played(state, lang)
        lines.append(f"Marqueurs joués : {gone}" if fr else f"Markers played: {gone}")
    for text in lines:
        for line in wrap(text, _PANEL_W, 11):
            if y < _H - 8:  # a long game's played markers stop at the picture's edge
                out.append(_svg_text(x0, y, line, 11))
            y += 14
        y += 4


def _to_place(state: State, seat: int, lang: str) -> str:
    """A seat's mice not on the board yet (FR-03): « 2 souris à poser », "1 mouse to
    place"; the text and SVG pictures show it while the seat has some left."""
    k = state.to_place[seat]
    if lang == "fr":
        return count(k, "souris à poser", "souris à poser", lang)
    return count(k, "mouse to place", "mice to place", lang)


def _player_details(state: State, seat: int, lang: str) -> list[str]:
    """The public facts of one player: mice to place, markers held (FR-11: how many,
    never which), cheese eaten in the festival (FR-18)."""
    fr = lang == "fr"
    out = []
    if state.to_place[seat]:  # FR-03: nonzero only during the setup (DRAW, PLACE)
        out.append(_to_place(state, seat, lang))
    if state.markers is not None:
        k = len(state.markers.hands[seat])
        plural = "s" if k > 1 or (k == 0 and not fr) else ""
        out.append(f"{k} marqueur{plural} en main" if fr else f"{k} marker{plural} held")
    if state.options.variant == FESTIVAL or any(state.cheese.points):
        k = state.cheese.points[seat]
        label = _points_label(state, lang)
        out.append(f"{label} : {k}" if fr else f"{label}: {k}")
    return out


# --- docs -----------------------------------------------------------------------------


def docs_tables() -> str:
    """The two board faces as Markdown tables, for docs/rules/fromage.md (generated).

    Example:
        >>> docs_tables().splitlines()[0]
        '### Face A (plus facile)'
    """
    out: list[str] = []
    for board in BOARDS.values():
        out += [
            f"### {board.name_fr}",
            "",
            "| space | up (vert) | down (rouge) | greens to the table |",
            "|---|---|---|---|",
        ]
        for s, sp in enumerate(board.spaces):
            up = ", ".join(sp.up) or "-"
            down = ", ".join(sp.down) or "-"
            out.append(f"| {sp.name} | {up} | {down} | {board.distance[s]} |")
        out.append("")
    return "\n".join(out)
