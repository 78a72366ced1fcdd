"""Labels, text and SVG pictures of Misère, in French (the words of the original rule
text) and English."""

from __future__ import annotations

from html import escape
from typing import Any

from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.game import check_lang
from boardgames_fr.core.labels import count, player_name
from boardgames_fr.core.svg import wrap
from boardgames_fr.misere.actions import (
    AT_RESERVE,
    AT_SECTOR,
    AT_ZONE,
    LOSE_OEUVRE,
    LOSE_QUALIFIED,
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
    SlackOff,
)
from boardgames_fr.misere.data import (
    ACTIONS,
    CIRCLES,
    LIQUIDATED,
    OEUVRE,
    PAY_MISERY,
    PAY_XP,
    SECTORS,
    SETUP,
    TABLE,
    Cell,
    Sector,
)
from boardgames_fr.misere.rules import scores, winners
from boardgames_fr.misere.state import (
    ACTION,
    BUY,
    FALL,
    FEED,
    OVER,
    PLACEMENT,
    QUALIFY,
    WORK_FOR_SELF,
    Options,
    State,
    zone_layout,
)

__all__ = [
    "describe",
    "docs_tables",
    "place_words",
    "player_name",
    "render",
    "render_svg",
    "sector_words",
    "stage_text",
]

_DEFAULT = Options()
# The original rule text's headings of a round ("1 - Placement", "2 - Action", "3 - Fin du tour").
_PHASES = {
    PLACEMENT: ("1 - Placement", "1 - Placing workers"),
    ACTION: ("2 - Action", "2 - Actions"),
    FEED: ("3 - Fin du tour : nourrir les ouvriers", "3 - End of round: feeding the workers"),
    OVER: ("fin de partie", "game over"),
}


def _layout(state: State | None) -> tuple[tuple[int, bool], ...]:
    o = state.options if state is not None else _DEFAULT
    return zone_layout(o.plain_squares, o.dotted_squares)


def _square_number(place: int, state: State | None) -> int:
    """The square's rank among the squares of its kind (plain or dotted) of its action,
    from 1; 0 when that kind has a single square (the default zone), or for a circle.

    With ``plain_squares=2`` the two plain squares of an action can hold two workers of
    one player: their menu lines must differ.
    """
    o = state.options if state is not None else _DEFAULT
    n_sq = o.plain_squares + o.dotted_squares
    if not 0 <= place < 3 * n_sq:
        return 0
    rank = place % n_sq
    if rank < o.plain_squares:
        return rank + 1 if o.plain_squares > 1 else 0
    return rank - o.plain_squares + 1 if o.dotted_squares > 1 else 0


def _place_name(place: int, state: State | None, lang: str) -> str:
    layout = _layout(state)
    if not 0 <= place < len(layout):
        return f"l'emplacement {place}" if lang == "fr" else f"place {place}"
    action, dotted = layout[place]
    fr = lang == "fr"
    if action >= 3:
        circle = CIRCLES[action - 3]
        return f"le rond « {circle.fr} »" if fr else f"the circle '{circle.en}'"
    name = ACTIONS[action][0 if fr else 1]
    n = _square_number(place, state)
    num = f" {n}" if n else ""
    if dotted:
        return f"« {name} » (case en pointillés{num})" if fr else f"'{name}' (dotted square{num})"
    if n:
        return f"« {name} » (case {n})" if fr else f"'{name}' (square {n})"
    return f"« {name} »" if fr else f"'{name}'"


def place_words(place: int, state: State | None, lang: str) -> str:
    """A place of the zone for the reason of an illegal move, never its number.

    English: its name as the English zone shows it, then the tile's French words. French:
    the tile's words with what the place is (« la case », « le rond »); a circle is a
    « rond », masculine, a square a « case », feminine.

    Example:
        >>> place_words(2, None, "en"), place_words(2, None, "fr")
        ("'Work' (« Bosser »)", 'la case « Bosser »')
        >>> place_words(6, None, "en")
        "the circle 'Sign on at the job centre' (le rond « Pointer »)"
        >>> place_words(3, None, "fr"), place_words(6, None, "fr")
        ('la case en pointillés « Bosser »', 'le rond « Pointer »')
        >>> place_words(99, None, "en"), place_words(99, None, "fr")
        ('a place the zone does not have', "un emplacement que la Zone de pose n'a pas")
    """
    fr = lang == "fr"
    layout = _layout(state)
    if not 0 <= place < len(layout):
        if fr:
            return "un emplacement que la Zone de pose n'a pas"
        return "a place the zone does not have"
    action, dotted = layout[place]
    if action >= 3:
        circle = CIRCLES[action - 3]
        return (
            f"le rond « {circle.fr} »"
            if fr
            else f"the circle '{circle.en}' (le rond « {circle.fr} »)"
        )
    name_fr, en = ACTIONS[action]
    n = _square_number(place, state)
    # « la 1re case », « la 2e case »: the rank only where the action has several.
    rank = ("1re " if n == 1 else f"{n}e ") if n else ""
    kind = "case en pointillés" if dotted else "case"
    if fr:
        return f"la {rank}{kind} « {name_fr} »"
    if n:
        square = "dotted square" if dotted else "square"
        return f"{square} {n} of '{en}' (« {name_fr} », {rank}{kind})"
    if dotted:
        return f"the dotted square of '{en}' (« {name_fr} », case en pointillés)"
    return f"'{en}' (« {name_fr} »)"


def sector_words(i: int, state: State | None, lang: str) -> str:
    """A sector for the reason of an illegal move. English: its name, then the tile's.
    French: where a worker acts there, as a sentence says it (« chez les petits
    exploitants », « à la Commune »; see `_sector_at`).

    Example:
        >>> sector_words(2, None, "en")
        "'Agribusiness farmers' (« Les exploitants agricoles »)"
        >>> sector_words(2, None, "fr"), sector_words(3, None, "fr")
        ('chez les exploitants agricoles', 'à la Commune')
    """
    if lang == "fr":
        return _sector_at(i, state, "fr")
    return f"'{_sector_name(i, state, 'en')}' (« {_sector_name(i, state, 'fr')} »)"


def _sector(i: int, state: State | None) -> Sector:
    return LIQUIDATED if (state is not None and state.liquidated and i == 1) else SECTORS[i]


def _sector_name(i: int, state: State | None, lang: str) -> str:
    """A sector as a heading: the tile's name, « Les petits exploitants »."""
    if not 0 <= i < len(SECTORS):
        return f"secteur {i}" if lang == "fr" else f"sector {i}"
    sector = _sector(i, state)
    return sector.fr if lang == "fr" else sector.en


def _sector_at(i: int, state: State | None, lang: str) -> str:
    """Where a worker acts, inside a sentence: « chez les petits exploitants », « à la
    Commune » (a proper place, MI-07); "at the smallholders' farms", "at the Commune"."""
    if not 0 <= i < len(SECTORS):
        return f"au secteur {i}" if lang == "fr" else f"at sector {i}"
    sector = _sector(i, state)
    return sector.fr_at if lang == "fr" else sector.en_at


def describe(action: Any, state: State | None, lang: str) -> str:
    """A one-line label for a move.

    Example:
        >>> from boardgames_fr.misere.actions import Place
        >>> describe(Place(2, False), None, "fr")
        'Poser un ouvrier sur « Bosser »'
        >>> describe(Place(2, True), None, "en")
        "Place a qualified worker on 'Work'"
    """
    fr = lang == "fr"
    t = type(action)
    if t is Place:
        where = _place_name(action.place, state, lang)
        if fr:
            return f"Poser un ouvrier{' qualifié' if action.qualified else ''} sur {where}"
        return f"Place a{' qualified' if action.qualified else ''} worker on {where}"
    if t is Activate:
        where = _place_name(action.place, state, lang)
        # A qualified worker costs more to galérer and earns more (MI-09, MI-15): say so.
        code = -1
        if state is not None and 0 <= action.place < len(state.zone):
            code = state.zone[action.place]
        if code >= 0 and code & 1:
            if fr:
                return f"Sortir l'ouvrier qualifié posé sur {where}"
            return f"Take the qualified worker off {where}"
        return f"Sortir l'ouvrier posé sur {where}" if fr else f"Take the worker off {where}"
    if t is GoToSector:
        at = _sector_at(action.sector, state, lang)
        origin = state.pending.origin if state is not None and state.pending is not None else -1
        if 0 <= origin < 3:
            # « Galérer chez les artisans-commerçants », "Work at the Commune".
            return f"{ACTIONS[origin][0 if fr else 1]} {at}"
        # « Aller à la Commune »; "Go to the Commune" (`data` checks that en_at starts
        # with "at ").
        return f"Aller {at}" if fr else f"Go to {at.removeprefix('at ')}"
    if t is SlackOff:
        return "Glander (reprendre son ouvrier)" if fr else "Slack off (take the worker back)"
    if t is BuyFood:
        n = action.count
        price = ""
        p = state.pending if state is not None else None
        if state is not None and p is not None and p.sector >= 0:
            cell = TABLE[state.liquidated][p.sector][0]
            if cell is not None and cell.price:
                if cell.pay == PAY_XP:
                    # « pour chaque paire de jetons expérience » (the artisans' tile)
                    xp = n * cell.price
                    tokens = (
                        count(xp, "jeton expérience", "jetons expérience")
                        if fr
                        else count(xp, "experience token", "experience tokens", "en")
                    )
                    price = f" ({tokens})"
                else:
                    price = f" ({n * cell.price} balles)"
        if fr:
            return f"Acheter {count(n, 'jeton', 'jetons')} nourriture{price}"
        return f"Buy {count(n, 'food token', 'food tokens', 'en')}{price}"
    if t is Qualify:
        if action.where == AT_SECTOR:
            at = _sector_at(action.index, state, lang)
            who = f"l'ouvrier {at}" if fr else f"the worker {at}"
        elif action.where == AT_RESERVE:
            who = "un ouvrier de la réserve" if fr else "a worker in reserve"
        elif action.where == AT_ZONE:
            where = _place_name(action.index, state, lang)
            who = f"l'ouvrier posé sur {where}" if fr else f"the worker on {where}"
        else:
            who = "l'ouvrier de l'Oeuvre" if fr else "the worker on the Oeuvre"
        return f"Poser un casque sur {who}" if fr else f"Give a helmet to {who}"
    if t is NoQualify:
        return "Ne qualifier personne" if fr else "Qualify nobody"
    if t is FallToMisery:
        c = CIRCLES[action.circle] if 0 <= action.circle < 3 else None
        unknown = f"rond {action.circle}" if fr else f"circle {action.circle}"
        name = (c.fr if fr else c.en) if c is not None else unknown
        return f"Misère : {name}" if fr else f"Misery: {name}"
    if t is GoHome:
        return "Rentrer bredouille" if fr else "Go home empty-handed"
    if t is AdvanceOeuvre:
        return (
            "Bosser pour sa gueule : avancer sur l'Oeuvre" if fr else "Work for yourself: move on"
        )
    if t is SellOeuvre:
        extra = ""
        if state is not None and state.pending is not None:
            space = state.players[state.pending.seat].oeuvre
            if 0 <= space < len(OEUVRE):
                sp = OEUVRE[space]
                if space == len(OEUVRE) - 1:
                    extra = " : la partie est gagnée" if fr else ": the game is won"
                else:
                    # MI-13: the food comes from the central pile, as far as it lasts.
                    n = min(sp.food, state.pile)
                    food = f" + {n} {'nourriture' if fr else 'food'}" if n else ""
                    extra = f" ({sp.value} balles{food})"
        return f"Vendre son Oeuvre{extra}" if fr else f"Sell the Oeuvre{extra}"
    if t is LoseWorker:
        return _lose_label(action.which, state, fr)
    return "Coup inconnu" if fr else "Unknown move"


def _lose_label(which: str, state: State | None, fr: bool) -> str:
    """MI-16: the worker a hungry player gives up."""
    if which == LOSE_OEUVRE:
        space = ""
        if state is not None and state.to_move in (0, 1):
            at = state.players[state.to_move].oeuvre
            if 0 <= at < len(OEUVRE):
                space = f" (case {OEUVRE[at].label})" if fr else f" (space {OEUVRE[at].label})"
        return (
            f"Perdre l'ouvrier de l'Oeuvre{space}"
            if fr
            else f"Lose the worker on the Oeuvre{space}"
        )
    if which == LOSE_QUALIFIED:
        return (
            "Perdre un ouvrier qualifié (de la réserve)"
            if fr
            else "Lose a qualified worker (from the reserve)"
        )
    return (
        "Perdre un ouvrier non qualifié (de la réserve)"
        if fr
        else "Lose an unqualified worker (from the reserve)"
    )


def stage_text(state: State, lang: str) -> str:
    """What the move in progress waits for, in the original rule text's words (never a stage id).

    Example:
        >>> from boardgames_fr import misere
        >>> from boardgames_fr.misere.actions import Activate, Place
        >>> s = misere.new_game(2, seed=1)
        >>> for a in (Place(2, False), Place(0, False), Activate(0)):  # seat 0 bosse, ...
        ...     s = misere.step(s, a)
        >>> stage_text(s, "fr"), stage_text(s, "en")
        ('choisir son secteur', 'choosing its sector')
    """
    p = state.pending
    fr = lang == "fr"
    if p is None:
        return ""
    if p.stage == BUY:
        at = _sector_at(p.sector, state, lang)
        return (
            f"acheter à bouffer {at} : combien de jetons ?"
            if fr
            else (f"buying food {at}: how many tokens?")
        )
    if p.stage == QUALIFY:
        at = _sector_at(p.sector, state, lang)
        return f"galérer {at} : poser un casque ?" if fr else (f"struggling {at}: give a helmet?")
    if p.stage == FALL:
        return (
            "la Commune l'envoie sur une action de misère"
            if fr
            else ("the Commune sends it on to a misery action")
        )
    if p.stage == WORK_FOR_SELF:
        return (
            "bosser pour sa gueule : avancer ou vendre son Oeuvre"
            if fr
            else ("working for yourself: move on or sell the Oeuvre")
        )
    return "choisir son secteur" if fr else "choosing its sector"


def _worker(code: int, fr: bool) -> str:
    if code < 0:
        return " . "  # as wide as a worker's mark, so the zone's columns line up
    # J1/P1: the worker's owner numbered from 1, like player_name.
    return f"{'J' if fr else 'P'}{(code >> 1) + 1}{'*' if code & 1 else ' '}"


def render(state: State, lang: str, seat: int | None = None) -> str:
    """The table as plain text (``*`` marks a qualified worker, with its helmet).

    Misère hides nothing, so every ``seat`` (None: the public view) sees the same table.

    Example:
        >>> from boardgames_fr.misere.game import GAME
        >>> print(render(GAME.new_game(2, seed=1), "fr", None).splitlines()[0])
        Misère : tour 1/12, 1 - Placement, Joueur 1 joue
    """
    fr = lang == "fr"
    s = state
    phase = _PHASES.get(s.phase, ("?", "?"))[0 if fr else 1]
    # Over, the phase says so (« fin de partie »): nobody is to move.
    who = (
        ""
        if s.to_move == TERMINAL
        else f", {player_name(s.to_move, lang)} {'joue' if fr else 'to move'}"
    )
    if fr:
        lines = [f"Misère : tour {s.round}/{s.options.rounds}, {phase}{who}"]
        lines.append(
            f"Tas de nourriture : {s.pile}, Commune : {s.commune_food}, petits exploitants : "
            + ("liquidés" if s.liquidated else "en activité")
        )
        lines.append(
            f"1er joueur : {player_name(s.first_player, lang)}, "
            f"meilleur ouvrier : {player_name(s.best_worker, lang)}"
        )
    else:
        lines = [f"Misère: round {s.round}/{s.options.rounds}, {phase}{who}"]
        lines.append(
            f"Food pile: {s.pile}, Commune: {s.commune_food}, smallholders: "
            + ("wound up" if s.liquidated else "in business")
        )
        lines.append(
            f"First player: {player_name(s.first_player, lang)}, "
            f"best worker: {player_name(s.best_worker, lang)}"
        )
    points = scores(s)
    for seat, pl in enumerate(s.players):
        oeuvre = (
            "-"
            if pl.oeuvre < 0
            else f"{OEUVRE[pl.oeuvre].label}{'*' if pl.oeuvre_qualified else ''}"
        )
        if fr:
            lines.append(
                f"{player_name(seat, lang)} : {pl.money} balles, {pl.food} nourriture, "
                f"{pl.xp} expérience, réserve {pl.plain}+{pl.qualified}*, "
                f"ouvriers {pl.owned_plain}+{pl.owned_qualified}*, perdus {pl.lost}, "
                f"Oeuvre {oeuvre}, score {points[seat]}"
            )
        else:
            lines.append(
                f"{player_name(seat, lang)}: {pl.money} balles, {pl.food} food, "
                f"{pl.xp} experience, reserve {pl.plain}+{pl.qualified}*, workers {pl.owned_plain}+"
                f"{pl.owned_qualified}*, lost {pl.lost}, Oeuvre {oeuvre}, score {points[seat]}"
            )
        due = _food_due(s, seat, lang)
        if due:
            lines[-1] += f", {due}"
        if pl.hungry:  # MI-16: still to choose which workers are lost
            lines[-1] += (
                f", faute de nourriture doit perdre {_workers(pl.hungry, lang)}"
                if fr
                else f", short of food: must lose {_workers(pl.hungry, lang)}"
            )
    layout = _layout(s)
    lines.append("Zone de pose :" if fr else "Placement zone:")
    for a in range(3):
        cells = " ".join(
            f"[{_worker(s.zone[i], fr)}]" if not layout[i][1] else f"({_worker(s.zone[i], fr)})"
            for i in range(len(layout))
            if layout[i][0] == a
        )
        lines.append(f"  {ACTIONS[a][0 if fr else 1]:<18} {cells}")
    base = len(layout) - 3
    lines.append(
        "  "
        + (" ; " if fr else "; ").join(
            f"{(c.fr if fr else c.en)} ({_worker(s.zone[base + i], fr).strip() or '.'})"
            for i, c in enumerate(CIRCLES)
        )
    )
    lines.append("Secteurs :" if fr else "Sectors:")
    for i in range(4):
        code = s.sectors[i]
        lines.append(f"  {_sector_name(i, s, lang):<34} {_worker(code, fr).strip() or '.'}")
    if s.pending is not None:
        lines.append(
            f"En cours : {_in_progress(s, lang)}" if fr else f"In progress: {_in_progress(s, lang)}"
        )
    if s.to_move == TERMINAL:
        lines.append(_result(s, lang))
    return "\n".join(lines)


def _in_progress(s: State, lang: str) -> str:
    """The worker whose move is in progress, the action it left and what it waits for:
    « ouvrier J1* (Galérer) : choisir son secteur ». Off the zone and not yet on a
    sector, that worker is drawn nowhere else."""
    p = s.pending
    if p is None:
        return ""
    fr = lang == "fr"
    origin = ACTIONS[p.origin][0 if fr else 1] if p.origin < 3 else ("misère" if fr else "misery")
    worker = _worker(p.worker, fr).strip()
    what = stage_text(s, lang)
    return f"ouvrier {worker} ({origin}) : {what}" if fr else f"worker {worker} ({origin}): {what}"


def _food_due(s: State, seat: int, lang: str) -> str:
    """MI-16: the food tokens a player will discard at the end of the round, one per worker
    placed this round (`Player.acted`): « à défausser en fin de tour : 2 jetons
    nourriture », "due at the end of the round: 2 food tokens"; 0 included, so a player
    plans the round's buying. Empty at the feeding (the food is already discarded, and
    « doit perdre » says what it did not cover) and once the game is over.
    """
    if s.phase not in (PLACEMENT, ACTION):
        return ""
    n = s.players[seat].acted
    if lang == "fr":
        return f"à défausser en fin de tour : {count(n, 'jeton nourriture', 'jetons nourriture')}"
    return f"due at the end of the round: {count(n, 'food token', 'food tokens', 'en')}"


def _workers(n: int, lang: str) -> str:
    """« 2 ouvriers », "1 worker": the workers hunger costs (MI-16)."""
    return count(n, "ouvrier", "ouvriers") if lang == "fr" else count(n, "worker", "workers", "en")


def _result(s: State, lang: str) -> str:
    """Who won a finished game, and how (MI-17: the Oeuvre sold; MI-18: the final count)."""
    won = winners(s)
    names = ", ".join(player_name(x, lang) for x in won)
    if s.oeuvre_winner >= 0:
        if lang == "fr":
            return f"{names} a vendu son Oeuvre et gagne."
        return f"{names} sold the Oeuvre and wins."
    many = "s" if len(won) > 1 else ""
    return f"Gagnant{many} : {names}" if lang == "fr" else f"Winner{many}: {names}"


_COLOURS = ("#c0392b", "#2471a3")
_W, _H = 760, 510


def _svg_worker(x: float, y: float, code: int) -> str:
    if code < 0:
        return ""
    fill = _COLOURS[code >> 1]
    out = f'<circle cx="{x}" cy="{y}" r="9" fill="{fill}"/>'
    if code & 1:
        out += f'<rect x="{x - 7}" y="{y - 13}" width="14" height="5" fill="#f1c40f"/>'
    return out


def _svg_status(s: State, lang: str) -> str:
    """The bottom line: the phase, who plays and the move in progress (which worker, from
    which action, waiting for what: the zone and the sectors do not show it); the winner
    once the game is over."""
    fr = lang == "fr"
    if s.to_move == TERMINAL:
        over = _PHASES[OVER][0 if fr else 1]
        return f"{over[0].upper()}{over[1:]} — {_result(s, lang)}"
    status = _PHASES.get(s.phase, ("?", "?"))[0 if fr else 1]
    status += f", {player_name(s.to_move, lang)} {'joue' if fr else 'to move'}"
    if s.pending is not None:
        status += f" ; {_in_progress(s, lang)}" if fr else f"; {_in_progress(s, lang)}"
    return status


def render_svg(state: State, lang: str = "fr") -> str:
    """An SVG picture of the table: zone, sectors, Oeuvre track, players; labels in French
    (``lang="fr"``, the original rule text's words) or English.

    Every label has its own room: the misery circles one under the other, a sector's name
    wrapped within its box, so no text runs over another in either language.

    Example:
        >>> from boardgames_fr.misere.game import GAME
        >>> render_svg(GAME.new_game(2, seed=1)).startswith("<svg")
        True
        >>> "Food pile: 13" in render_svg(GAME.new_game(2, seed=1), "en")
        True
    """
    check_lang(lang)  # as `render`: never a picture for "de"
    s = state
    fr = lang == "fr"
    parts: list[str] = []

    def text(x: float, y: float, body: str, size: int = 12, weight: str = "normal") -> None:
        parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" '
            f'font-family="sans-serif">{escape(body)}</text>'
        )

    parts.append(f'<rect width="{_W}" height="{_H}" fill="#faf7f0"/>')
    if fr:
        text(10, 22, f"Misère, tour {s.round}/{s.options.rounds}", 16, "bold")
        text(260, 22, f"Tas de nourriture : {s.pile}   Commune : {s.commune_food}")
    else:
        text(10, 22, f"Misère, round {s.round}/{s.options.rounds}", 16, "bold")
        text(260, 22, f"Food pile: {s.pile}   Commune: {s.commune_food}")
    # Placement zone: three rows of squares (at most 7 each: they end before x=370).
    layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
    text(10, 50, "Zone de pose d'ouvriers" if fr else "Worker placement zone", 13, "bold")
    for a in range(3):
        y = 70 + a * 34
        text(10, y + 15, ACTIONS[a][0 if fr else 1])
        col = 0
        for i, (act, dotted) in enumerate(layout):
            if act != a:
                continue
            x = 150 + col * 30
            dash = ' stroke-dasharray="3,2"' if dotted else ""
            parts.append(
                f'<rect x="{x}" y="{y}" width="24" height="24" fill="white" stroke="#333"{dash}/>'
            )
            parts.append(_svg_worker(x + 12, y + 12, s.zone[i]))
            col += 1
    # The misery circles, one a line: side by side, their names ran into each other.
    base = len(layout) - 3
    for c, circle in enumerate(CIRCLES):
        y = 190 + c * 30
        parts.append(f'<circle cx="22" cy="{y}" r="13" fill="white" stroke="#333"/>')
        parts.append(_svg_worker(22, y, s.zone[base + c]))
        text(42, y + 4, circle.fr if fr else circle.en, 11)
    # What the marks mean (MI-15: a helmet is a qualified worker; dotted squares are theirs).
    parts.append(_svg_worker(410, 268, 1))
    text(425, 272, "casque : ouvrier qualifié" if fr else "helmet: qualified worker", 11)
    parts.append(
        '<rect x="578" y="259" width="16" height="16" fill="white" stroke="#333" '
        'stroke-dasharray="3,2"/>'
    )
    text(600, 272, "qualifiés seulement" if fr else "qualified only", 11)
    # Sectors: the name wrapped within the box, the stars under it.
    for i in range(4):
        x = 400 + (i % 2) * 180
        y = 45 + (i // 2) * 100
        sector = LIQUIDATED if (s.liquidated and i == 1) else SECTORS[i]
        fill = "#ddd" if (s.liquidated and i == 1) else "#eaf2e3"
        parts.append(f'<rect x="{x}" y="{y}" width="170" height="90" fill="{fill}" stroke="#333"/>')
        name = wrap(sector.fr if fr else sector.en, 160, 11, bold=True)
        for k, line in enumerate(name):
            text(x + 5, y + 16 + 14 * k, line, 11, "bold")
        text(x + 5, y + 20 + 14 * len(name), "★" * sector.stars, 12)
        parts.append(_svg_worker(x + 150, y + 70, s.sectors[i]))
    # Oeuvre track
    text(10, 305, "Oeuvre", 13, "bold")
    for k, space in enumerate(OEUVRE):
        x = 10 + k * 62
        parts.append(f'<rect x="{x}" y="315" width="58" height="40" fill="white" stroke="#333"/>')
        text(x + 4, 331, space.label, 11)
        if space.value:
            text(x + 4, 347, str(space.value), 10)
        for seat, pl in enumerate(s.players):
            if pl.oeuvre == k:
                parts.append(_svg_worker(x + 44, 327 + 14 * seat, seat * 2 + pl.oeuvre_qualified))
    # Players
    for seat, pl in enumerate(s.players):
        y = 375 + seat * 50
        parts.append(f'<rect x="10" y="{y}" width="14" height="14" fill="{_COLOURS[seat]}"/>')
        tokens = []
        if s.to_move == seat:
            tokens.append("à jouer" if fr else "to move")
        if s.first_player == seat:
            tokens.append("1er joueur" if fr else "first player")
        if s.best_worker == seat:
            tokens.append("meilleur ouvrier" if fr else "best worker")
        if pl.hungry:
            lose = _workers(pl.hungry, lang)
            tokens.append(f"doit perdre {lose}" if fr else f"must lose {lose}")
        # MI-16: on the second line, the first has no room left for it.
        due = _food_due(s, seat, lang)
        if due:
            tokens.append(due)
        qualified = count(pl.qualified, "qualifié", "qualifiés")
        text(
            30,
            y + 12,
            f"{player_name(seat, lang)} : {pl.money} balles, {pl.food} nourriture, "
            f"{pl.xp} expérience, réserve {pl.plain} + {qualified}, "
            f"perdus {pl.lost}"
            if fr
            else f"{player_name(seat, lang)}: {pl.money} balles, {pl.food} food, "
            f"{pl.xp} experience, reserve {pl.plain} + {pl.qualified} qualified, lost {pl.lost}",
        )
        if tokens:
            text(30, y + 30, ", ".join(tokens), 11)
    status = wrap(_svg_status(s, lang), _W - 20, 12)
    for k, line in enumerate(status):
        text(10, _H - 14 - 16 * (len(status) - 1 - k), line, 12)
    parts = [p for p in parts if p]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" '
        f'viewBox="0 0 {_W} {_H}">' + "".join(parts) + "</svg>"
    )


# --- docs -------------------------------------------------------------------------------


def _buy_text(cell: Cell) -> str:
    if cell.pay == PAY_MISERY:
        return "free meal, then a misery action"
    if cell.pay == PAY_XP:
        return f"1 food per {cell.price} xp discarded"
    return f"1 food per {cell.price}"


def _gains(cell: Cell) -> list[str]:
    out = []
    if cell.worker:
        out.append(f"{cell.worker} worker")
    if cell.food:
        out.append(f"{cell.food} food")
    if cell.xp:
        out.append(f"{cell.xp} xp")
    return out


def _cell_text(cell: Cell | None, action: int) -> str:
    if cell is None:
        return "-"
    if action == 0:
        return _buy_text(cell)
    if action == 1:
        return ", ".join([str(cell.wage), *_gains(cell)])
    gains = ", ".join(_gains(cell))
    if cell.qualify_xp:
        qualify = f"pay {cell.qualify_xp} xp: qualify a worker"
        return f"{qualify}; {gains}" if gains else qualify
    return gains


def _stars(sector: Sector) -> str:
    return {0: "no star", 1: "1 star"}.get(sector.stars, f"{sector.stars} stars")


def docs_tables() -> str:
    """The sector table (MI-07) and the Oeuvre track (MI-13) as Markdown, from the data
    files, for docs/rules/misere.md (generated at docs build time).

    Example:
        >>> docs_tables().splitlines()[0]
        '| sector | acheter à bouffer | bosser | galérer |'
    """
    names = " | ".join(fr.lower() for fr, _ in ACTIONS)
    out = [f"| sector | {names} |", "|---|---|---|---|"]
    for sector in (*SECTORS, LIQUIDATED):
        cells = " | ".join(_cell_text(cell, a) for a, cell in enumerate(sector.cells))
        meal = ", free meal" if sector.free_meal else ""
        out.append(f"| {sector.fr} / {sector.en}: {_stars(sector)}{meal} | {cells} |")
    out += [
        "",
        f"Galérer costs {SETUP.struggle_cost} ({SETUP.struggle_cost_qualified} for a qualified "
        f"worker); a qualified worker earns {SETUP.qualified_wage_bonus} more when it works "
        "(MI-09, MI-15). `xp`: experience tokens.",
        "",
        "The Oeuvre track (MI-13, MI-17; `data/oeuvre.json`):",
        "",
        "| space | balles | food |",
        "|---|---|---|",
    ]
    last = len(OEUVRE) - 1
    for i, space in enumerate(OEUVRE):
        value = "wins the game" if i == last else str(space.value)
        out.append(f"| {space.label} | {value} | {space.food or '-'} |")
    return "\n".join(out)
