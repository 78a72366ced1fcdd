"""What players read and see: action labels, the text picture, the SVG board (fr/en).

The French words are the game's own: emplacements, souris, dés verts/jaunes/rouges, and
the markers Relance, Tour supplémentaire, Transfert, Amélioration, Détérioration,
Annulation.
"""

from __future__ import annotations

from html import escape
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
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.state import (
    AMELIORATION,
    ANNULATION,
    ANSWER,
    APPLY,
    CHOOSE,
    COMPOSE,
    DETERIORATION,
    DRAW,
    END,
    GREEN,
    OVER,
    PLACE,
    REACT,
    RED,
    RELANCE,
    ROLL,
    TOUR,
    TRANSFERT,
    UNROLLED,
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
    RELANCE: ("Relance", "Reroll"),
    TOUR: ("Tour supplémentaire", "Extra turn"),
    TRANSFERT: ("Transfert", "Transfer"),
    AMELIORATION: ("Amélioration", "Improvement"),
    DETERIORATION: ("Détérioration", "Worsening"),
    ANNULATION: ("Annulation", "Cancel"),
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


def face_name(face: str, lang: str) -> str:
    """A die face in words ("vert" / "green"); "?" for a die not rolled yet."""
    names = FACE_NAMES.get(face)
    return "?" if names is None else names[0 if lang == "fr" else 1]


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
        >>> describe(MoveMouse("vert", 0, "tabouret"), None, "fr")
        'dé vert : la souris bleue monte sur le tabouret'
        >>> describe(PlayMarker("relance"), None, "en")
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
        if state is not None and state.options.placement == "one_space" and state.to_move >= 0:
            # FR-03 option: all the player's mice go to one space at once.
            k = state.to_place[state.to_move]
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
        if state is not None:
            target = state.effects[0].target if state.effects else -1
            who = player_name(state.turn if target < 0 else target, lang)
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
    if state is not None and state.space >= 0 and board.names[state.space] == action.to:
        verb = f"reste sur {where}" if fr else f"stays on {where}"
    elif action.to == board.names[board.top]:
        verb = f"monte sur {where} : fromage !" if fr else f"climbs onto {where}: cheese!"
    elif action.face == GREEN:
        verb = f"monte sur {where}" if fr else f"climbs to {where}"
    else:
        verb = f"descend sur {where}" if fr else f"goes down to {where}"
    return f"{die} : {mouse} {verb}" if fr else f"{die}: {mouse} {verb}"


def _describe_pick(action: PickDie, state: State | None, lang: str) -> str:
    fr = lang == "fr"
    number = action.die + 1
    if state is None or not state.effects or action.die >= len(state.dice):
        return f"choisir le dé n°{number}" if fr else f"pick die #{number}"
    face = state.dice[action.die]
    kind = state.effects[0].kind
    shown = face_name(face, lang)
    if kind in (AMELIORATION, DETERIORATION):
        from boardgames_fr.fromage.powers import DIE_STEPS

        after = face_name(DIE_STEPS[state.options.die_change][kind].get(face, face), lang)
        if fr:
            verb = "améliorer" if kind == AMELIORATION else "détériorer"
            return f"{verb} le dé n°{number} ({shown} → {after})"
        verb = "improve" if kind == AMELIORATION else "worsen"
        return f"{verb} die #{number} ({shown} → {after})"
    if kind == RELANCE:
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
    END: ("peut jouer Tour supplémentaire", "may play Extra turn"),
}


def _status(state: State, lang: str) -> str:
    fr = lang == "fr"
    if state.phase == OVER:
        from boardgames_fr.fromage.rules import GAME

        won = GAME.winners(state)
        names = (" et " if fr else " and ").join(player_name(s, lang) for s in won)
        if fr:
            return f"Partie terminée : {names} {'gagne' if len(won) == 1 else 'gagnent'}"
        return f"Game over: {names} won"
    doing = _DOING.get(state.phase, (state.phase, state.phase))[0 if fr else 1]
    if state.to_move < 0:
        return doing[0].upper() + doing[1:]
    who = player_name(state.to_move, lang)
    text = f"{who} {doing}"
    if state.effects:
        text += f" ({_marker(state.effects[0].kind, lang)})"
    return text[0].upper() + text[1:]


def render(state: State, lang: str = "fr", seat: int | None = None) -> str:
    """The table as plain text: spaces from the table down, dice, markers, cheese.

    ``seat`` None is the public view: how many markers each player holds, never their
    kinds (FR-11). A seat also sees the kinds of its own markers, and only those.

    Example:
        >>> from boardgames_fr.fromage import new_game
        >>> print(render(new_game(2, seed=1), "en").splitlines()[0])
        Fromage, Side A (easier): turn of the blue player
        >>> s = new_game(2, seed=1, options={"powers": True})
        >>> print(render(s, "en", seat=1).splitlines()[-1])
        Your markers (white player): Improvement, Reroll, Extra turn
    """
    fr = lang == "fr"
    board = BOARDS[state.options.board]
    n = state.num_players
    name = board.name_fr if fr else board.name_en
    colour = MOUSE_COLOURS[state.turn][1 if fr else 2]
    title = f"{name} : tour du joueur {colour}" if fr else f"{name}: turn of the {colour} player"
    lines = [f"Fromage, {title}", _status(state, lang)]
    order = sorted(range(board.size), key=lambda s: (board.spaces[s].y, board.spaces[s].x))
    width = max(len(sp.name) for sp in board.spaces)
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
        lines.append(f"{pointer} {board.spaces[s].name:<{width}} {' '.join(marks)} {mice}".rstrip())
    if state.space >= 0:
        dice = " ".join(face_name(f, lang) for f in state.dice) or "-"
        where = board.spaces[state.space].name
        line = f"Dés sur {where} : {dice}" if fr else f"Dice on {where}: {dice}"
        if state.todo:
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
            gone = ", ".join(_marker(k, lang) for k in state.markers.discards)
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
    if state.options.variant == "festival" or any(state.cheese.points):
        pts = ", ".join(
            f"{MOUSE_COLOURS[p][1 if fr else 2]} {v}" for p, v in enumerate(state.cheese.points)
        )
        lines.append(f"Fromage mangé : {pts}" if fr else f"Cheese eaten: {pts}")
    return "\n".join(lines)


def _effects_line(state: State, board: Board, lang: str) -> str:
    """The markers on the table now: the one being played, then the Annulations on it."""
    fr = lang == "fr"
    parts = []
    for e in state.effects:
        text = f"{_marker(e.kind, lang)} ({player_name(e.seat, lang)}"
        if e.dice:
            numbers = ", ".join(str(i + 1) for i in e.dice)
            text += f", dés n°{numbers}" if fr else f", dice #{numbers}"
        if e.target >= 0 and e.target != e.seat:
            text += f", {player_name(e.target, lang)}"
        if e.space >= 0:
            text += f", {board.spaces[e.space].name}"
        parts.append(text + ")")
    return ("En jeu : " if fr else "In play: ") + " ; ".join(parts)


# --- SVG ------------------------------------------------------------------------------

_W, _H, _SCALE = 620, 660, 6


def _xy(board: Board, s: int) -> tuple[int, int]:
    sp = board.spaces[s]
    return 10 + sp.x * _SCALE, 20 + sp.y * _SCALE


def render_svg(state: State) -> str:
    """The board as an SVG picture: spaces and links, mice by colour, cheese and dice.

    Example:
        >>> from boardgames_fr.fromage import new_game
        >>> render_svg(new_game(2, seed=1)).startswith("<svg")
        True
    """
    board = BOARDS[state.options.board]
    n = state.num_players
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" '
        f'viewBox="0 0 {_W} {_H}" font-family="sans-serif">',
        f'<rect width="{_W}" height="{_H}" fill="#f6ecd6"/>',
        f'<text x="10" y="18" font-size="14">Fromage, {escape(board.name_fr)}</text>',
    ]
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
        out.append(
            f'<text x="{x}" y="{y - 7}" font-size="10" text-anchor="middle">'
            f"{escape(board.spaces[s].name)}</text>"
        )
        cheese = state.cheese.table if s == board.top else int(s in state.cheese.extras)
        for k in range(cheese):
            cx = x + 30 - 9 * k
            out.append(
                f'<polygon points="{cx - 7},{y + 16} {cx + 7},{y + 16} {cx + 7},{y + 6}" '
                'fill="#f7d548" stroke="#b8962e"/>'
            )
        _draw_mice(out, state.mice[s * n : s * n + n], x, y)
    if state.space >= 0:
        for i, face in enumerate(state.dice):
            out.append(
                f'<rect x="{10 + 30 * i}" y="{_H - 34}" width="24" height="24" rx="4" '
                f'fill="{FACE_FILL.get(face, "#dddddd")}" stroke="#333"/>'
            )
    out.append("</svg>")
    return "\n".join(out)


def _draw_mice(out: list[str], counts: tuple[int, ...], x: int, y: int) -> None:
    k = 0
    for seat, count in enumerate(counts):
        for _ in range(count):
            if k < 8:
                cx = x - 38 + 9 * k
                out.append(
                    f'<circle cx="{cx}" cy="{y + 9}" r="4" fill="{MOUSE_COLOURS[seat][3]}" '
                    'stroke="#222" stroke-width="0.8"/>'
                )
            k += 1
    if k > 8:
        out.append(f'<text x="{x + 34}" y="{y + 4}" font-size="9">+{k - 8}</text>')


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
