"""Labels, text and SVG pictures of a game of Lactorama, in French and English."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    AcceptCard,
    AcceptOffer,
    BuyCows,
    ChangeFiliere,
    ChooseFiliere,
    ChooseNeighbour,
    DeclineCard,
    DieRoll,
    DrawCard,
    EndNegoce,
    EndPurchase,
    EndYear,
    Give,
    GiveLand,
    KeepBons,
    MakeOffer,
    ProposeAlliance,
    RefuseOffer,
    Repay,
    SellCows,
    Take,
)

if TYPE_CHECKING:
    from boardgames_fr.lactorama.state import Farm, State

__all__ = ["describe", "render", "render_svg"]

SEASON_FR = {s["id"]: s["name_fr"] for s in D.BOARD["seasons"]}
SEASON_EN = {s["id"]: s["name_en"] for s in D.BOARD["seasons"]}
FIL_FR = {f["id"]: f["name_fr"] for f in D.BOARD["filieres"]}
FIL_EN = {f["id"]: f["name_en"] for f in D.BOARD["filieres"]}
KIND_FR = {"ha": "ha", "vaches": "vaches", "argent": "€", "bons": "bon(s)"}
KIND_EN = {"ha": "ha", "vaches": "cows", "argent": "€", "bons": "bon(s)"}
SQUARE_FR = {"saison": "carte", "imprevu": "Imprévu", "foire": "Foire", "negoce": "Négoce"}
SQUARE_EN = {
    "saison": "card",
    "imprevu": "Imprévu",
    "foire": "Foire (fair)",
    "negoce": "Négoce (trade)",
}


def _euros(v: int) -> str:
    return ("−" if v < 0 else "") + f"{abs(v):,}".replace(",", " ") + " €"


def _farm_name(i: int, lang: str) -> str:
    return f"exploitation {chr(65 + i)}" if lang == "fr" else f"farm {chr(65 + i)}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _item(kind: str, qty: int, lang: str) -> str:
    fr = lang == "fr"
    if kind == "rien":
        return "rien" if fr else "nothing"
    if kind == "filiere":
        return "échange de filière" if fr else "swap of filière cards"
    if kind == "argent":
        return _euros(qty)
    return f"{qty} {(KIND_FR if fr else KIND_EN)[kind]}"


def describe(action: Any, state: State | None, lang: str) -> str:
    """A one-line label for an action, in the game's own French words."""
    fr = lang == "fr"
    t = type(action)
    if t is DieRoll:
        return f"le dé fait {action.value}" if fr else f"the die shows {action.value}"
    if t is DrawCard:
        card = D.CARDS.get(action.card)
        name = (card.name_fr if fr else card.name_en) if card else action.card
        return (
            f"carte tirée : {name} ({action.card})" if fr else f"card drawn: {name} ({action.card})"
        )
    if t is ChooseFiliere:
        name = (FIL_FR if fr else FIL_EN).get(action.filiere, action.filiere)
        if state is not None and state.phase == "alliance_filiere":  # LA-17
            return f"garder la filière {name}" if fr else f"keep the {name} filière"
        return f"prendre la filière {name}" if fr else f"take the {name} filière"
    if t is KeepBons:
        name = _farm_name(action.farm, lang)
        n = ""
        if state is not None and 0 <= action.farm < len(state.farms):
            n = f" ({state.farms[action.farm].bons})"
        return f"garder les bons de l'{name}{n}" if fr else f"keep {name}'s bons{n}"
    if t is ChooseNeighbour:
        name = _farm_name(action.farm, lang)
        return f"le voisin est l'{name}" if fr else f"the neighbour is {name}"
    if t is AcceptCard:
        return "accepter la carte" if fr else "accept the card"
    if t is DeclineCard:
        return "refuser la carte" if fr else "decline the card"
    if t is BuyCows:
        if action.loan:
            return "acheter 2 vaches avec un emprunt" if fr else "buy 2 cows with a loan"
        return "acheter 2 vaches comptant" if fr else "buy 2 cows for cash"
    if t is EndPurchase:
        return "ne plus acheter" if fr else "stop buying"
    if t is MakeOffer:
        name = _farm_name(action.farm, lang)
        return f"faire une offre à l'{name}" if fr else f"make an offer to {name}"
    if t is Give:
        return (
            f"je donne : {_item(action.kind, action.qty, lang)}"
            if fr
            else f"I give: {_item(action.kind, action.qty, lang)}"
        )
    if t is Take:
        return (
            f"je demande : {_item(action.kind, action.qty, lang)}"
            if fr
            else f"I ask for: {_item(action.kind, action.qty, lang)}"
        )
    if t is EndNegoce:
        return "quitter le Négoce" if fr else "leave the Négoce"
    if t is AcceptOffer:
        return "accepter" if fr else "accept"
    if t is RefuseOffer:
        return "refuser" if fr else "refuse"
    if t is GiveLand:
        name = _farm_name(action.farm, lang)
        return f"donner une parcelle à l'{name}" if fr else f"give a parcel to {name}"
    if t is Repay:
        return "rembourser un emprunt (2 000 €)" if fr else "repay one loan (2,000)"
    if t is SellCows:
        price = 2 * D.ECONOMY["prices"]["cow_bank"]
        return (
            f"vendre 2 vaches à la banque ({_euros(price)})"
            if fr
            else f"sell 2 cows to the bank ({price:,})"
        )
    if t is ChangeFiliere:
        name = (FIL_FR if fr else FIL_EN).get(action.filiere, action.filiere)
        return (
            f"passer en filière {name} (5 000 €)" if fr else f"change to the {name} filière (5,000)"
        )
    if t is ProposeAlliance:
        name = _farm_name(action.farm, lang)
        return f"proposer une alliance à l'{name}" if fr else f"propose an alliance to {name}"
    if t is EndYear:
        return "terminer l'année" if fr else "finish the year"
    return repr(action)


def _farm_line(i: int, f: Farm, seats: list[int], lang: str) -> str:
    fr = lang == "fr"
    fil = (FIL_FR if fr else FIL_EN).get(f.filiere, "?")
    status = {
        "active": "",
        "eliminated": " [éliminée]" if fr else " [eliminated]",
        "absorbed": " [alliée]" if fr else " [allied away]",
    }[f.status]
    ally = " (alliance)" if f.allied else ""
    who = ",".join(str(s) for s in seats)
    cows = "vaches" if fr else "cows"
    # French: 0 and 1 take the singular.
    loans = ("emprunts" if f.loans > 1 else "emprunt") if fr else "loans"
    green = ("verts" if f.green > 1 else "vert") if fr else "green"
    bons = "bons" if f.bons > 1 or not fr else "bon"
    sieges = ("sièges" if len(seats) > 1 else "siège") if fr else "seats"
    kept = f" {'cartes :' if fr else 'cards:'} {','.join(f.kept)}" if f.kept else ""
    return (
        f"{_cap(_farm_name(i, lang))} ({sieges} {who}){ally}{status}"
        f"{' :' if fr else ':'} {fil}, "
        f"{f.ha} ha, {f.cows} {cows}, {_euros(f.money)}, {f.bons} {bons}, "
        f"{f.loans} {loans}, {f.green} {green}{kept}"
    )


PHASE_FR = {
    "filiere": "tirage des filières",
    "filiere_choice": "choix de la filière",
    "deal": "pose des cartes",
    "roll": "lancer des dés",
    "draw_slot": "carte retournée",
    "draw_imprevu": "tirage d'un Imprévu",
    "neighbour": "choix du voisin",
    "card": "carte à accepter ou refuser",
    "shop": "achat de vaches",
    "negoce": "Négoce",
    "offer_give": "offre : ce que l'on donne",
    "offer_take": "offre : ce que l'on demande",
    "offer_answer": "réponse à l'offre",
    "handout": "partage des terres",
    "year_end": "fin d'année",
    "alliance_answer": "réponse à l'alliance",
    "alliance_filiere": "alliance : filière gardée",
    "alliance_bons": "alliance : bons gardés",
}
PHASE_EN = {
    "filiere": "dealing the filières",
    "filiere_choice": "choosing a filière",
    "deal": "dealing the cards",
    "roll": "rolling the dice",
    "draw_slot": "turning a card over",
    "draw_imprevu": "drawing an Imprévu",
    "neighbour": "choosing the neighbour",
    "card": "accept or decline the card",
    "shop": "buying cows",
    "negoce": "Négoce (trade)",
    "offer_give": "offer: what is given",
    "offer_take": "offer: what is asked",
    "offer_answer": "answering the offer",
    "handout": "handing out the land",
    "year_end": "end of the year",
    "alliance_answer": "answering the alliance",
    "alliance_filiere": "alliance: the filière kept",
    "alliance_bons": "alliance: the bons kept",
}
REASON_FR = {
    "annees": "fin des années",
    "dernier": "une seule exploitation restante",
    "vert": "conviction : 4 pions verts",
    "bons": "conviction : 22 bons",
    "taille": "conviction : 92 ha et 80 vaches",
}
REASON_EN = {
    "annees": "the years are over",
    "dernier": "one farm left",
    "vert": "conviction: 4 green pawns",
    "bons": "conviction: 22 bons",
    "taille": "conviction: 92 ha and 80 cows",
}


def render(state: State, lang: str = "fr", seat: int | None = None) -> str:
    """A plain-text picture: the year and season, the square, the pawns and the farms.

    Everything is public in Lactorama, so ``seat`` changes nothing.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.render(L.new_game(2, seed=1)).startswith("Année 1/3, Printemps — ")
        True
    """
    from boardgames_fr.lactorama.rules import ROUTES  # the route tables live with the rules

    fr = lang == "fr"
    s = state
    season = D.SEASONS[s.season]
    names = SEASON_FR if fr else SEASON_EN
    year = "Année" if fr else "Year"
    shown = min(s.year + 1, s.options.years)
    phase = (PHASE_FR if fr else PHASE_EN).get(s.phase, "-")
    if s.stage == "over":
        phase = "partie terminée" if fr else "game over"
    lines = [f"{year} {shown}/{s.options.years}, {names[season]} — {phase}"]
    route = ROUTES[s.options.squares]
    sq = SQUARE_FR if fr else SQUARE_EN
    cells = []
    for i, (kind, slot) in enumerate(route):
        label = sq[kind]
        if kind == "saison":
            cid = s.slots[slot]
            label = cid if cid else "??"
        pawns = [str(t) for t in range(s.num_players) if s.pos[t] == i and not s.room.is_waiting(t)]
        cells.append(f"{i}:{label}" + (f"[{','.join(pawns)}]" if pawns else ""))
    lines.append(" ".join(cells))
    hexa = "Hexagone" if fr else "Hexagon"
    start = [str(t) for t in range(s.num_players) if s.pos[t] < 0 and not s.room.is_waiting(t)]
    lines.append(
        f"{hexa}{' :' if fr else ':'} "
        + ("départ " if fr else "start ")
        + (",".join(start) or "-")
        + ("; arrivés " if fr else "; arrived ")
        + (",".join(str(t) for t in s.room.arrived) or "-")
    )
    for i, f in enumerate(s.farms):
        seats = [t for t in range(s.num_players) if s.farm_of[t] == i]
        lines.append(_farm_line(i, f, seats, lang))
    if s.card:
        c = D.CARDS[s.card]
        colon = " :" if fr else ":"
        name = c.name_fr if fr else c.name_en
        lines.append(f"{name}{colon} {D.card_text(c, lang)} — {c.text(lang)}")
    if s.offer is not None and s.phase.startswith("offer"):
        o = s.offer
        give = _item(o.give, o.give_qty, lang) if o.give else "?"
        take = _item(o.take, o.take_qty, lang) if o.take else "?"
        to = _farm_name(o.partner, lang)
        lines.append(
            (f"Offre à l'{to} : donne {give}, demande {take}")
            if fr
            else f"Offer to {to}: gives {give}, asks {take}"
        )
    if s.stage == "over":
        won = ", ".join(_farm_name(i, lang) for i in s.winner_farms)
        why = (REASON_FR if fr else REASON_EN).get(s.end_reason, s.end_reason)
        many = len(s.winner_farms) > 1
        lines.append(
            f"Fin ({why}) : {'gagnantes' if many else 'gagnante'} : {won}"
            if fr
            else f"Game over ({why}): {'winners' if many else 'winner'}: {won}"
        )
    elif s.to_move >= 0:
        lines.append((f"À jouer : siège {s.to_move}") if fr else f"To play: seat {s.to_move}")
    return "\n".join(lines)


_COLOURS = ("#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17a589", "#a04000", "#566573")


def render_svg(state: State, lang: str = "fr") -> str:
    """The season's square (a figure of eight through the Foire) with the pawns, as SVG.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> svg = L.render_svg(L.new_game(2, seed=1), "en")
        >>> svg.startswith("<svg") and "Spring" in svg
        True
    """
    fr = lang == "fr"
    from boardgames_fr.lactorama.rules import ROUTES

    s = state
    route = ROUTES[s.options.squares]
    n = len(route)
    # The route drawn as a loop of squares around the central Foire.
    size, margin = 440, 40
    cells = []
    ring = [i for i, (k, _) in enumerate(route) if k != "foire"]
    per_side = (len(ring) + 3) // 4
    step = (size - 2 * margin) / per_side
    coords: dict[int, tuple[float, float]] = {}
    for j, i in enumerate(ring):
        side, k = divmod(j, per_side)
        x0, y0 = float(margin), float(size - margin)
        xy: tuple[float, float]
        if side == 0:
            xy = (x0, y0 - k * step)
        elif side == 1:
            xy = (x0 + k * step, margin)
        elif side == 2:
            xy = (size - margin, margin + k * step)
        else:
            xy = (size - margin - k * step, size - margin)
        coords[i] = xy
    centre = (size / 2, size / 2)
    for i, (kind, _slot) in enumerate(route):
        if kind == "foire":
            coords[i] = centre
    for i, (kind, slot) in enumerate(route):
        x, y = coords[i]
        fill = {"saison": "#fdfefe", "imprevu": "#f9e79f", "foire": "#abebc6", "negoce": "#aed6f1"}[
            kind
        ]
        label = (
            (SQUARE_FR if fr else SQUARE_EN)[kind] if kind != "saison" else (s.slots[slot] or "?")
        )
        label = label.split(" (")[0]
        cells.append(
            f'<rect x="{x - 22:.0f}" y="{y - 16:.0f}" width="44" height="32" fill="{fill}" '
            f'stroke="#333"/><text x="{x:.0f}" y="{y + 4:.0f}" font-size="10" '
            f'text-anchor="middle">{label}</text>'
        )
    pawns = []
    for t in range(s.num_players):
        if s.room.is_waiting(t) or s.pos[t] < 0:
            x, y = 20 + 14 * t, size - 8
        else:
            x, y = coords[s.pos[t]]
            x += -14 + 7 * t
            y += 12
        colour = _COLOURS[s.farm_of[t] % len(_COLOURS)]
        pawns.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="5" fill="{colour}" stroke="#000"/>')
    season = (SEASON_FR if fr else SEASON_EN)[D.SEASONS[s.season]]
    title = f"{season} — {'année' if fr else 'year'} {min(s.year + 1, s.options.years)}"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}"><title>{title}</title>'
        f'<text x="{size / 2:.0f}" y="18" text-anchor="middle" font-size="14">{title}</text>'
        + "".join(cells)
        + "".join(pawns)
        + f"<!-- {n} squares --></svg>"
    )
