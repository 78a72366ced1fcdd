"""Labels, text and SVG pictures of a game of Lactorama, in French and English."""

from __future__ import annotations

import math
from typing import Any
from xml.sax.saxutils import escape

from boardgames_fr.core.game import check_lang
from boardgames_fr.core.labels import count, player_name
from boardgames_fr.core.svg import fits, wrap
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
from boardgames_fr.lactorama.data import euros  # one way to write money, cards included
from boardgames_fr.lactorama.farms import (
    ROUTES,
    SQ_FOIRE,
    SQ_IMPREVU,
    SQ_NEGOCE,
    SQ_SEASON,
    bons_back,
    fallen_together,
    farm_value,
    loan_terms,
    parcel,
)
from boardgames_fr.lactorama.names import FIL_EN, FIL_FR, farm_name
from boardgames_fr.lactorama.negoce import merge
from boardgames_fr.lactorama.state import (
    END_BONS,
    END_GREEN,
    END_LAST_FARM,
    END_NO_FARM,
    END_SIZE,
    END_YEARS,
    KIND_BONS,
    KIND_COWS,
    KIND_FILIERE,
    KIND_HA,
    KIND_MONEY,
    KIND_NOTHING,
    State,
)

__all__ = ["describe", "ending_label", "player_name", "render", "render_svg", "square_name"]

SEASON_FR = {s["id"]: s["name_fr"] for s in D.BOARD["seasons"]}
SEASON_EN = {s["id"]: s["name_en"] for s in D.BOARD["seasons"]}
# A Négoce item in words, singular and plural (« 1 bon », « 3 bons »); money is `euros`.
KIND_FR = {KIND_HA: ("ha", "ha"), KIND_COWS: ("vache", "vaches"), KIND_BONS: ("bon", "bons")}
KIND_EN = {KIND_HA: ("ha", "ha"), KIND_COWS: ("cow", "cows"), KIND_BONS: ("bon", "bons")}
SQUARE_FR = {SQ_SEASON: "carte", SQ_IMPREVU: "Imprévu", SQ_FOIRE: "Foire", SQ_NEGOCE: "Négoce"}
SQUARE_EN = {
    SQ_SEASON: "card",
    SQ_IMPREVU: "Imprévu",
    SQ_FOIRE: "Foire (fair)",
    SQ_NEGOCE: "Négoce (trade)",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _item(kind: str, qty: int, lang: str) -> str:
    fr = lang == "fr"
    if kind == KIND_NOTHING:
        return "rien" if fr else "nothing"
    if kind == KIND_FILIERE:
        return "un échange de filière" if fr else "a swap of filière cards"
    if kind == KIND_MONEY:
        return euros(qty)
    one, many = (KIND_FR if fr else KIND_EN).get(kind, (kind, kind))
    return count(qty, one, many, lang)


def _accept_price(plain: bool, state: Any) -> str:
    """LA-07: « (6 000 €) », what accepting the card on offer costs the farm on its turn
    (with its filière's factor unless ``plain``); "" for a card that costs nothing, or
    without a card on offer."""
    card = D.CARDS.get(state.card) if state is not None else None
    if card is None or not 0 <= state.actor < len(state.farm_of):
        return ""
    fi = state.farm_of[state.actor]
    if not 0 <= fi < len(state.farms):
        return ""
    in_filiere = not plain and bool(card.filiere) and state.farms[fi].filiere == card.filiere
    cost = D.accept_cost(card, in_filiere)
    return f" ({euros(cost)})" if cost else ""


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
        name = farm_name(action.farm, lang)
        n = ""
        if state is not None and 0 <= action.farm < len(state.farms):
            n = f" ({state.farms[action.farm].bons})"
        return f"garder les bons de l'{name}{n}" if fr else f"keep {name}'s bons{n}"
    if t is ChooseNeighbour:
        name = farm_name(action.farm, lang)
        return f"le voisin est l'{name}" if fr else f"the neighbour is {name}"
    if t is AcceptCard:
        price = _accept_price(action.plain, state)
        if action.plain:  # LA-09, LA-13: taken as printed (`rules.card_legal`)
            return (
                f"accepter la carte sans le facteur de filière{price}"
                if fr
                else f"accept the card without the filière factor{price}"
            )
        return f"accepter la carte{price}" if fr else f"accept the card{price}"
    if t is DeclineCard:
        return "refuser la carte" if fr else "decline the card"
    if t is BuyCows:
        terms = _purchase_terms(action.loan, state, lang)
        if action.loan:
            return (
                f"acheter 2 vaches avec un emprunt{terms}"
                if fr
                else f"buy 2 cows with a loan{terms}"
            )
        return f"acheter 2 vaches comptant{terms}" if fr else f"buy 2 cows for cash{terms}"
    if t is EndPurchase:
        return "ne plus acheter" if fr else "stop buying"
    if t is MakeOffer:
        name = farm_name(action.farm, lang)
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
    if t in (AcceptOffer, RefuseOffer):
        yes = t is AcceptOffer
        if state is not None and state.phase in ("offer_answer", "alliance_answer"):
            # Say what is answered, and whose it is (LA-11, LA-17).
            by = farm_name(state.farm_of[state.actor], lang)
            if state.phase == "alliance_answer":
                what = f"l'alliance de l'{by}" if fr else f"the alliance with {by}"
            else:
                what = f"l'offre de l'{by}" if fr else f"{by}'s offer"
            verb = ("accepter" if yes else "refuser") if fr else ("accept" if yes else "refuse")
            return f"{verb} {what}"
        if fr:
            return "accepter" if yes else "refuser"
        return "accept" if yes else "refuse"
    if t is GiveLand:
        name = farm_name(action.farm, lang)
        if state is not None and state.phase == "handout" and state.handout:
            # LA-19: 8 ha, or the whole rest under two blocks, as `step` hands it out.
            given = f"{parcel(state.farms[state.handout[0]].ha)} ha"
            return f"donner {given} à l'{name}" if fr else f"give {given} to {name}"
        return f"donner une parcelle à l'{name}" if fr else f"give a parcel to {name}"
    if t is Repay:
        ticket = euros(D.ECONOMY["loan"]["ticket"])
        back = 0
        if state is not None and state.phase == "year_end" and state.queue:
            # LA-15: the bons pledged beyond what the tickets left need, as `step` frees them.
            f = state.farms[state.queue[0]]
            back = bons_back(f) if f.loans > 0 else 0
        if back:
            bons = count(back, "bon", "bons", lang)
            if fr:
                return f"rembourser un emprunt ({ticket}) et reprendre {bons}"
            return f"repay one loan ({ticket}) and take back {bons}"
        return f"rembourser un emprunt ({ticket})" if fr else f"repay one loan ({ticket})"
    if t is SellCows:
        price = euros(2 * D.ECONOMY["prices"]["cow_bank"])
        return (
            f"vendre 2 vaches à la banque ({price})" if fr else f"sell 2 cows to the bank ({price})"
        )
    if t is ChangeFiliere:
        name = (FIL_FR if fr else FIL_EN).get(action.filiere, action.filiere)
        cost = euros(D.ECONOMY["prices"]["filiere_change"])
        return (
            f"passer en filière {name} ({cost})" if fr else f"change to the {name} filière ({cost})"
        )
    if t is ProposeAlliance:
        name = farm_name(action.farm, lang)
        return f"proposer une alliance à l'{name}" if fr else f"propose an alliance to {name}"
    if t is EndYear:
        return "terminer l'année" if fr else "finish the year"
    return repr(action)


def _seats_of(s: State, farm: int) -> list[int]:
    return [t for t in range(s.num_players) if s.farm_of[t] == farm]


def _merged_into(s: State, farm: int) -> int:
    """The allied farm that absorbed ``farm`` (LA-17): the one its seats now play for
    (seat ``t`` started on farm ``t % farms``), -1 if none is found."""
    nf = len(s.farms)
    for t in range(s.num_players):
        if t % nf == farm and s.farm_of[t] != farm:
            return s.farm_of[t]
    return -1


def _absorbed_tag(s: State, farm: int, lang: str) -> str:
    """« unie à l'exploitation A » / "merged into farm A"."""
    into = _merged_into(s, farm)
    if into < 0:
        return "alliée" if lang == "fr" else "merged"
    name = farm_name(into, lang)
    return f"unie à l'{name}" if lang == "fr" else f"merged into {name}"


def _players(seats: list[int], lang: str) -> str:
    return ", ".join(player_name(t, lang) for t in seats)


def square_name(state: State, index: int, lang: str = "fr") -> str:
    """What square ``index`` of the season's route (0-based) reads as: the season card's
    name, « Imprévu », « Foire », « Négoce »; a card not yet on the square reads « carte
    face cachée » (option face_down, LA-21) or « carte à poser ».

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=1)
        >>> [square_name(s, i) for i in (3, 4, 9)]
        ['Imprévu', 'Foire', 'Négoce']
        >>> square_name(s, 0, "en") == D.CARDS[s.slots[0]].name_en
        True
    """
    fr = lang == "fr"
    kind, slot = ROUTES[state.options.squares][index]
    if kind != "saison":
        return (SQUARE_FR if fr else SQUARE_EN)[kind]
    cid = state.slots[slot]
    if cid:
        card = D.CARDS[cid]
        return card.name_fr if fr else card.name_en
    if state.options.face_down:
        return "carte face cachée" if fr else "face-down card"
    return "carte à poser" if fr else "card to deal"


def _where(s: State, seat: int, lang: str) -> str:
    """Where a pawn stands, numbered from 1 as on the picture: « case 7 : Foire »,
    « hexagone, case 5 »."""
    fr = lang == "fr"
    p = s.pos[seat]
    if p < 0:  # LA-05: the hexagon's spaces 1..6 are encoded -6..-1
        return f"hexagone, case {p + 7}" if fr else f"hexagon, space {p + 7}"
    return f"{'case' if fr else 'square'} {p + 1}{' :' if fr else ':'} {square_name(s, p, lang)}"


def _farm_line(s: State, i: int, lang: str) -> str:
    fr = lang == "fr"
    f = s.farms[i]
    fil = (FIL_FR if fr else FIL_EN).get(f.filiere, "?")
    if f.status == "absorbed":  # its numbers went to the alliance: nothing more to show
        return f"{_cap(farm_name(i, lang))}{' :' if fr else ':'} {_absorbed_tag(s, i, lang)}"
    status = ""
    if f.status == "eliminated":
        status = " [éliminée]" if fr else " [eliminated]"
    ally = " (alliance)" if f.allied else ""
    seats = _seats_of(s, i)
    who = f" ({_players(seats, lang)})" if seats else ""
    pledged = f" (+{f.pledged} {'en garantie' if fr else 'pledged'})" if f.pledged else ""
    kept = ""
    if f.kept:
        names = ", ".join((D.CARDS[c].name_fr if fr else D.CARDS[c].name_en) for c in f.kept)
        kept = f", {'cartes gardées :' if fr else 'cards kept:'} {names}"
    return (
        f"{_cap(farm_name(i, lang))}{who}{ally}{status}{' :' if fr else ':'} {fil}, "
        f"{f.ha} ha, {count(f.cows, 'vache', 'vaches', lang) if fr else f'{f.cows} cows'}, "
        f"{euros(f.money)}, {count(f.bons, 'bon', 'bons', lang)}{pledged}, "
        + (
            f"{count(f.loans, 'emprunt', 'emprunts', lang)}, "
            f"{count(f.green, 'pion vert', 'pions verts', lang)}"
            if fr
            else f"{count(f.loans, 'loan', 'loans', lang)}, "
            f"{count(f.green, 'green pawn', 'green pawns', lang)}"
        )
        + kept
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
    END_YEARS: "fin des années",
    END_LAST_FARM: "une seule exploitation restante",
    END_NO_FARM: "toutes les exploitations éliminées",
    END_GREEN: "conviction : 4 pions verts",
    END_BONS: "conviction : 22 bons",
    END_SIZE: "conviction : 92 ha et 80 vaches",
}
REASON_EN = {
    END_YEARS: "the years are over",
    END_LAST_FARM: "one farm left",
    END_NO_FARM: "every farm eliminated",
    END_GREEN: "conviction: 4 green pawns",
    END_BONS: "conviction: 22 bons",
    END_SIZE: "conviction: 92 ha and 80 cows",
}


def ending_label(code: str, lang: str) -> str:
    """An end reason of `END_REASONS` as the pictures say it (LA-18, LA-19, LA-20), in
    French or English (`Game.ending_label`); an unknown one is shown as it is.

    Example:
        >>> ending_label("years", "fr"), ending_label("green", "en")
        ('fin des années', 'conviction: 4 green pawns')
    """
    return (REASON_FR if lang == "fr" else REASON_EN).get(code, code)


def _phase_words(s: State, lang: str) -> str:
    """The phase in words; a move is rolled with one die in the one-die variant (LA-21)."""
    if s.phase == "roll" and s.options.dice == 1:
        return "lancer le dé" if lang == "fr" else "rolling the die"
    return (PHASE_FR if lang == "fr" else PHASE_EN).get(s.phase, "-")


def _title(s: State, lang: str, phase: bool = True) -> str:
    """« Année 1/3, Printemps — lancer des dés » (« partie terminée » at the end);
    without ``phase``, the phase only once the game is over."""
    fr = lang == "fr"
    season = (SEASON_FR if fr else SEASON_EN)[D.SEASONS[s.season]]
    doing = _phase_words(s, lang)
    if s.stage == "over":
        doing = "partie terminée" if fr else "game over"
    shown = min(s.year + 1, s.options.years)
    when = f"{'Année' if fr else 'Year'} {shown}/{s.options.years}, {season}"
    return f"{when} — {doing}" if phase or s.stage == "over" else when


def _result(s: State, lang: str) -> str:
    """The ending in words: « Fin (fin des années) : gagnante : exploitation B »."""
    fr = lang == "fr"
    won = ", ".join(farm_name(i, lang) for i in s.winner_farms)
    why = (REASON_FR if fr else REASON_EN).get(s.end_reason, s.end_reason)
    many = len(s.winner_farms) > 1
    if fr:
        return f"Fin ({why}) : {'gagnantes' if many else 'gagnante'} : {won}"
    return f"Game over ({why}): {'winners' if many else 'winner'}: {won}"


def _balance(s: State, lang: str) -> str:
    """LA-20, the end-of-game balance of the farms still in the game, richest first (ties:
    most bons): « Bilan : exploitation A 410 400 € (14 bons), exploitation B 384 900 €
    (6 bons) »."""
    fr = lang == "fr"
    if s.end_reason == END_NO_FARM:
        shown = fallen_together(s.farms)  # LA-19: the candidates of `rules.final`
    else:
        shown = [i for i, f in enumerate(s.farms) if f.status == "active"]
    rows = sorted(shown, key=lambda i: (-farm_value(s.farms[i]), -s.farms[i].bons, i))
    parts = ", ".join(
        f"{farm_name(i, lang)} {euros(farm_value(s.farms[i]))}"
        f" ({count(s.farms[i].bons, 'bon', 'bons', lang)})"
        for i in rows
    )
    return f"Bilan : {parts}" if fr else f"Balance: {parts}"


def _to_play(s: State, lang: str) -> str:
    """« À jouer : Joueur 2 (exploitation B) »; "" when chance or nobody moves."""
    if s.to_move < 0:
        return ""
    farm = farm_name(s.farm_of[s.to_move], lang)
    who = player_name(s.to_move, lang)
    return f"À jouer : {who} ({farm})" if lang == "fr" else f"To play: {who} ({farm})"


def _route_parts(squares: int) -> list[list[int]]:
    """The route's squares cut after each crossing or Négoce: the four legs of the
    figure of eight (LA-04)."""
    parts: list[list[int]] = [[]]
    for i, (kind, _slot) in enumerate(ROUTES[squares]):
        parts[-1].append(i)
        if kind in ("foire", "negoce"):
            parts.append([])
    return [p for p in parts if p]


def render(state: State, lang: str = "fr", seat: int | None = None) -> str:
    """A plain-text picture: the year and season, the route with its cards by name and
    the pawns on them, the hexagon, the farms and whose turn it is.

    Squares and players are numbered from 1 as a person reads them (« 5 Foire »,
    « Joueur 1 »). Everything is public in Lactorama, so ``seat`` changes nothing.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.render(L.new_game(2, seed=1)).startswith("Année 1/3, Printemps — ")
        True
    """
    fr = lang == "fr"
    s = state
    lines = [_title(s, lang), "Parcours :" if fr else "Route:"]
    route = ROUTES[s.options.squares]
    crossing = " (croisement)" if fr else ", crossing"
    for part in _route_parts(s.options.squares):
        cells = []
        for i in part:
            label = f"{i + 1} {square_name(s, i, lang)}"
            if route[i][0] == "foire":  # LA-04: passed twice, once each way
                label = label[:-1] + crossing + ")" if not fr else label + crossing
            pawns = [t for t in range(s.num_players) if s.pos[t] == i and _on_road(s, t)]
            cells.append(label + (f" [{_players(pawns, lang)}]" if pawns else ""))
        lines.append("  " + " · ".join(cells))
    lines[-1] += " → hexagone" if fr else " → hexagon"
    space = "case" if fr else "space"
    # The pawns still in the game (LA-17, LA-19), as the picture draws them: a farm out of
    # the game leaves its pawn where it last stood.
    start = [
        t
        for t in range(s.num_players)
        if s.pos[t] < 0 and not s.room.is_waiting(t) and _on_road(s, t)
    ]
    waiting = ", ".join(f"{player_name(t, lang)} ({space} {s.pos[t] + 7})" for t in start)
    arrived = ", ".join(
        f"{player_name(t, lang)} ({space} {s.pos[t] + 7})" for t in s.room.arrived if _on_road(s, t)
    )
    lines.append(
        f"Hexagone : au départ : {waiting or '-'} ; arrivés : {arrived or '-'}"
        if fr
        else f"Hexagon: to start: {waiting or '-'}; arrived: {arrived or '-'}"
    )
    for i in range(len(s.farms)):
        lines.append(_farm_line(s, i, lang))
    if s.dice and s.stage != "over":
        lines.append(_dice_line(s, lang))
    if s.card:
        c = D.CARDS[s.card]
        colon = " :" if fr else ":"
        name = c.name_fr if fr else c.name_en
        lines.append(f"{name}{colon} {D.card_text(c, lang)} — {c.text(lang)}")
        if s.neighbour >= 0:
            lines.append(_neighbour_line(s, lang))
    if s.phase == "shop" and s.shop_price:
        lines.append(_shop_line(s, lang))
    if s.offer is not None and s.phase.startswith("offer"):
        lines.append(_offer(s, lang))
    elif s.offer is not None and s.phase == "alliance_answer":
        lines.append(_alliance_offer(s, lang))
    if s.stage == "over":
        lines.append(_result(s, lang))
        lines.append(_balance(s, lang))
    elif s.to_move >= 0:
        lines.append(_to_play(s, lang))
    return "\n".join(lines)


def _purchase_terms(loan: bool, s: State | None, lang: str) -> str:
    """What a pair costs in the shop open at ``s``, for the menu: « (5 000 €) » cash, or
    « (4 000 € empruntés, 1 bon engagé, 1 000 € comptant) » with a loan (LA-10, LA-15);
    "" with no shop open or no loan possible."""
    if s is None or s.phase != "shop" or not s.shop_price or not 0 <= s.actor < s.num_players:
        return ""
    price = 2 * s.shop_price
    if not loan:
        return f" ({euros(price)})"
    terms = loan_terms(s.farms[s.farm_of[s.actor]], s.shop_price)
    if terms is None:
        return ""
    borrowed, _, pledge = terms
    if lang == "fr":
        bons = count(pledge, "bon engagé", "bons engagés", lang)
        return f" ({euros(borrowed)} empruntés, {bons}, {euros(price - borrowed)} comptant)"
    bons = count(pledge, "bon pledged", "bons pledged", lang)
    return f" ({euros(borrowed)} borrowed, {bons}, {euros(price - borrowed)} in cash)"


def _shop_line(s: State, lang: str) -> str:
    """LA-10, the cows for sale: « Prix de la vache : 2 200 € (3 paires à vendre) »; the
    Foire sells as many pairs as fit (``shop_left`` -1)."""
    price = euros(s.shop_price)
    if lang == "fr":
        left = f" ({count(s.shop_left, 'paire', 'paires', lang)} à vendre)"
        return f"Prix de la vache : {price}" + (left if s.shop_left > 0 else "")
    left = f" ({count(s.shop_left, 'pair', 'pairs', lang)} for sale)"
    return f"Price of a cow: {price}" + (left if s.shop_left > 0 else "")


def _offer(s: State, lang: str) -> str:
    """LA-11, the offer on the table, who makes it and to whom: « Offre de l'exploitation
    A à l'exploitation B : donne 8 ha, demande 15 000 € »."""
    o = s.offer
    assert o is not None
    give = _item(o.give, o.give_qty, lang) if o.give else "?"
    take = _item(o.take, o.take_qty, lang) if o.take else "?"
    by, to = farm_name(s.farm_of[s.actor], lang), farm_name(o.partner, lang)
    if lang == "fr":
        return f"Offre de l'{by} à l'{to} : donne {give}, demande {take}"
    return f"Offer from {by} to {to}: gives {give}, asks for {take}"


def _alliance_offer(s: State, lang: str) -> str:
    """LA-17, the alliance proposed and what the allied farm would hold: « Alliance
    proposée par l'exploitation A à l'exploitation B : 58 ha et 50 vaches ensemble »."""
    assert s.offer is not None
    a, b = s.farm_of[s.actor], s.offer.partner
    merged = merge(s, a, b)
    ally = merged.farms[merged.farm_of[s.actor]]
    by, to = farm_name(a, lang), farm_name(b, lang)
    if lang == "fr":
        return (
            f"Alliance proposée par l'{by} à l'{to} :"
            f" {ally.ha} ha et {count(ally.cows, 'vache', 'vaches', lang)} ensemble"
        )
    cows = count(ally.cows, "cow", "cows", lang)
    return f"Alliance proposed by {by} to {to}: {ally.ha} ha and {cows} together"


# --- the SVG picture ----------------------------------------------------------------------

# One colour a farm: its pawns, its panel's swatch (the legend of the pawns).
_COLOURS = ("#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17a589", "#a04000", "#566573")
_SEASON_FILL = {"printemps": "#e9f7df", "ete": "#fdf3c4", "automne": "#fbe3cc", "hiver": "#e3eefa"}
_KIND_FILL = {"imprevu": "#ecdff5", "foire": "#bfe9c9", "negoce": "#c9e1f5"}
_KIND_NOTE_FR = {"imprevu": "tirer une carte", "foire": "acheter des vaches", "negoce": "échanges"}
_KIND_NOTE_EN = {"imprevu": "draw a card", "foire": "fair: buy cows", "negoce": "trade"}
_BW, _BH = 124, 56  # a square's box
_DX, _DY = 72, 64  # one step along a leg of the eight (boxes 8 px apart in height)
_HR = 70  # the hexagon's radius
_PANEL_W = 360
_FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'
# Text is fitted to its box by `core.svg.wrap` (tests/lactorama/test_la_render.py checks
# the boxes).


def _pack(phrases: list[str], width: float, size: int, bold: bool = False) -> list[str]:
    """Phrases joined by « · » in lines that fit ``width``, broken between phrases (a
    phrase too long for a line alone is broken between words)."""
    room = width / (1.1 if bold else 1.0)
    lines: list[str] = []
    for phrase in phrases:
        if lines and len(lines[-1]) + 3 + len(phrase) <= fits(room, size):
            lines[-1] += " · " + phrase
        else:
            lines += wrap(phrase, room, size)
    return lines


def _t(x: float, y: float, body: str, size: int = 11, extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(body)}</text>'


def _pawn(x: float, y: float, seat: int, colour: str, r: int = 7) -> str:
    """A pawn: a disc of its farm's colour with its player's number."""
    return (
        f'<g class="pawn"><circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{colour}" '
        f'stroke="#111" stroke-width="1"/>'
        + _t(x, y + 3.5, str(seat + 1), 9, ' text-anchor="middle" fill="#fff" font-weight="bold"')
        + "</g>"
    )


def _colour(s: State, seat: int) -> str:
    return _COLOURS[s.farm_of[seat] % len(_COLOURS)]


def _on_road(s: State, seat: int) -> bool:
    """A pawn still in the game: its farm plays (LA-17, LA-19)."""
    return s.farms[s.farm_of[seat]].status == "active"


def _layout(squares: int, cx: float, cy: float) -> list[tuple[float, float]]:
    """The centre of each square of the route, drawn as a figure of eight (LA-04): a leg
    from the bottom left up to the Foire in the middle, on to the top right, down the
    right edge through the Négoce, from the bottom right back up through the Foire, on to
    the top left, and down the left edge through the hexagon to the start."""
    k = squares // 4 + 1  # a leg: its season cards and the Imprévu ending it
    out: list[tuple[float, float]] = []
    out += [(cx - (k - j) * _DX, cy + (k - j) * _DY) for j in range(k)]
    out.append((cx, cy))
    out += [(cx + (j + 1) * _DX, cy - (j + 1) * _DY) for j in range(k)]
    out.append((cx + (k + 1) * _DX, cy))
    out += [(cx + (k - j) * _DX, cy + (k - j) * _DY) for j in range(k)]
    out.append((cx, cy))
    out += [(cx - (j + 1) * _DX, cy - (j + 1) * _DY) for j in range(k)]
    return out


def _hex_angle(space: int) -> float:
    """The middle of hexagon space 1..6, in radians: 1 at the upper right where the
    route comes in, then round by the top to 6 at the lower right, where it leaves."""
    return math.radians(-30 - 60 * (space - 1))


def _hexagon(s: State, hx: float, hy: float, lang: str) -> list[str]:
    """LA-05, LA-06: the end-of-season hexagon, its 6 spaces and the pawns on them."""
    fr = lang == "fr"
    out = []
    corners = [
        (hx + _HR * math.cos(math.radians(60 * i)), hy + _HR * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    out.append(f'<polygon points="{pts}" fill="#f4ecd8" stroke="#6e5a33" stroke-width="2"/>')
    for x, y in corners:
        out.append(
            f'<line x1="{hx:.1f}" y1="{hy:.1f}" x2="{x:.1f}" y2="{y:.1f}" stroke="#b8a57a"/>'
        )
    for space in range(1, 7):
        a = _hex_angle(space)
        out.append(
            _t(
                hx + (_HR + 9) * math.cos(a),
                hy + (_HR + 9) * math.sin(a) + 3,
                str(space),
                9,
                ' text-anchor="middle" fill="#6e5a33" font-weight="bold"',
            )
        )
        # LA-05: space 5 is the start; the pawns of a sector, outer row first.
        seats = [t for t in range(s.num_players) if s.pos[t] == space - 7 and _on_road(s, t)]
        rows = ((0.8, 4), (0.58, 3), (0.36, 2))
        placed = 0
        for depth, room in rows:
            here = seats[placed : placed + room]
            placed += len(here)
            d = depth * _HR
            # across the sector: the direction at right angles to its middle
            ux, uy = -math.sin(a), math.cos(a)
            for n, t in enumerate(here):
                off = (n - (len(here) - 1) / 2) * 15
                x = hx + d * math.cos(a) + off * ux
                y = hy + d * math.sin(a) + off * uy
                out.append(_pawn(x, y, t, _colour(s, t), 6))
    out.append(
        _t(
            hx,
            hy - _HR - 22,
            "Hexagone" if fr else "Hexagon",
            12,
            ' text-anchor="middle" font-weight="bold"',
        )
    )
    out.append(
        _t(
            hx,
            hy + _HR + 26,
            "départ : case 5" if fr else "start: space 5",
            10,
            ' text-anchor="middle"',
        )
    )
    return out


def _box(s: State, i: int, x: float, y: float, lang: str, numbers: str, actor_here: bool) -> str:
    """One square of the route: its number(s) in the route, its name on at most two
    lines, its pawns."""
    fr = lang == "fr"
    kind, slot = ROUTES[s.options.squares][i]
    x0, y0 = x - _BW / 2, y - _BH / 2
    tip = ""
    if kind == "saison":
        cid = s.slots[slot]
        fill = _SEASON_FILL[D.SEASONS[s.season]] if cid else "#d5d8dc"
        name = square_name(s, i, lang)
        if cid:  # a face-up card: its rule line as the box's tooltip
            tip = f"<title>{escape(name + ' : ' + D.card_text(D.CARDS[cid], lang))}</title>"
        note = ""
    else:
        fill = _KIND_FILL[kind]
        name = SQUARE_FR[kind] if fr else SQUARE_EN[kind].split(" (")[0]
        note = (_KIND_NOTE_FR if fr else _KIND_NOTE_EN)[kind]
    stroke = ' stroke="#1a1a1a" stroke-width="3"' if actor_here else ' stroke="#555"'
    parts = [
        f'<g class="square">{tip}<rect x="{x0:.1f}" y="{y0:.1f}" width="{_BW}" '
        f'height="{_BH}" rx="5" fill="{fill}"{stroke}/>',
        _t(x0 + 5, y0 + 11, numbers, 9, ' font-weight="bold" fill="#444"'),
    ]
    size = 10
    lines = wrap(name, _BW - 8, size)
    if len(lines) > 2:
        size = 9
        lines = wrap(name, _BW - 8, size)[:2]
    if note and len(lines) == 1:
        lines.append(note)
    for n, line in enumerate(lines):
        weight = ' font-weight="bold"' if note and n == 0 else ""
        small = 9 if note and n == 1 else size
        parts.append(_t(x, y0 + 24 + 11 * n, line, small, f' text-anchor="middle"{weight}'))
    pawns = [t for t in range(s.num_players) if s.pos[t] in _same_square(s, i) and _on_road(s, t)]
    for n, t in enumerate(pawns):
        parts.append(_pawn(x + (n - (len(pawns) - 1) / 2) * 15, y0 + _BH - 9, t, _colour(s, t)))
    return "".join(parts) + "</g>"


def _same_square(s: State, i: int) -> tuple[int, ...]:
    """The route indices drawn as square ``i``: both passes of the Foire are one card."""
    route = ROUTES[s.options.squares]
    if route[i][0] == "foire":
        return tuple(j for j, (k, _) in enumerate(route) if k == "foire")
    return (i,)


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    """An arrowhead in the middle of a stretch of road, pointing the way pawns go."""
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    a = math.atan2(y2 - y1, x2 - x1)
    pts = [
        (mx + 8 * math.cos(a), my + 8 * math.sin(a)),
        (mx + 6 * math.cos(a + 2.5), my + 6 * math.sin(a + 2.5)),
        (mx + 6 * math.cos(a - 2.5), my + 6 * math.sin(a - 2.5)),
    ]
    return '<polygon points="{}" fill="#6e5a33"/>'.format(
        " ".join(f"{px:.1f},{py:.1f}" for px, py in pts)
    )


def _status(s: State, lang: str) -> list[str]:
    """What is being decided now, in words: who plays and what, the card, the offer,
    the dice; the winner once the game is over."""
    fr = lang == "fr"
    c = " : " if fr else ": "
    if s.stage == "over":
        won = s.winner_farms
        names = "; ".join(
            f"{_cap(farm_name(i, lang))} ({_players(_seats_of(s, i), lang)})"
            if _seats_of(s, i)
            else _cap(farm_name(i, lang))
            for i in won
        )
        why = (REASON_FR if fr else REASON_EN).get(s.end_reason, s.end_reason)
        many = len(won) > 1
        head = ("Gagnantes" if many else "Gagnante") if fr else ("Winners" if many else "Winner")
        return [f"{head}{c}{names}", f"{'Partie terminée' if fr else 'Game over'} ({why})"]
    phase = _phase_words(s, lang)
    if s.to_move >= 0:
        out = [
            f"{'À jouer' if fr else 'To play'}{c}{player_name(s.to_move, lang)} "
            f"({farm_name(s.farm_of[s.to_move], lang)}) — {phase}"
        ]
    else:
        out = [f"{'Hasard' if fr else 'Chance'}{c}{phase}"]
        if s.phase == "filiere" and s.queue:
            farm = farm_name(s.queue[0], lang)
            out[0] += f" ({'pour l’' if fr else 'for '}{farm})"
        elif (
            s.actor >= 0
            and s.stage == "season"
            and s.phase in ("roll", "draw_slot", "draw_imprevu")
        ):
            out[0] += f" ({player_name(s.actor, lang)})"
    if s.dice:
        out.append(_dice_line(s, lang))
    if s.card:
        card = D.CARDS[s.card]
        name = card.name_fr if fr else card.name_en
        out.append(f"{'Carte' if fr else 'Card'}{c}{name} — {D.card_text(card, lang)}")
        out.append(f"« {card.text(lang)} »" if fr else f"“{card.text(lang)}”")
    if s.neighbour >= 0 and s.card:
        out.append(_neighbour_line(s, lang))
    if s.phase == "shop" and s.shop_price:
        out.append(_shop_line(s, lang))
    if s.offer is not None and s.phase.startswith("offer"):
        out.append(_offer(s, lang))
    elif s.offer is not None and s.phase == "alliance_answer":
        out.append(_alliance_offer(s, lang))
    return out


def _dice_line(s: State, lang: str) -> str:
    """« Dés : 3 + 4 »; « Dé : 5 » in the one-die variant (LA-21) or after the first of
    two dice."""
    one = len(s.dice) == 1
    if lang == "fr":
        return f"{'Dé' if one else 'Dés'} : {' + '.join(str(d) for d in s.dice)}"
    return f"{'Die' if one else 'Dice'}: {' + '.join(str(d) for d in s.dice)}"


def _neighbour_line(s: State, lang: str) -> str:
    """LA-08, the neighbour chosen for the card in progress: « Voisin : exploitation B »."""
    name = farm_name(s.neighbour, lang)
    return f"Voisin : {name}" if lang == "fr" else f"Neighbour: {name}"


def _panel(s: State, i: int, x: float, y: float, lang: str) -> tuple[list[str], float]:
    """A farm's panel: colour, players and where their pawns stand, filière, land,
    herd, money, bons, loans, green pawns, kept cards. Returns its parts and height."""
    fr = lang == "fr"
    f = s.farms[i]
    c = " : " if fr else ": "
    colour = _COLOURS[i % len(_COLOURS)]
    width = _PANEL_W - 20
    inner = width - 20
    to_play = s.to_move >= 0 and s.farm_of[s.to_move] == i
    won = s.stage == "over" and i in s.winner_farms
    fil = (FIL_FR if fr else FIL_EN).get(f.filiere, "?")
    head = f"{_cap(farm_name(i, lang))} — {fil}"
    tags = []
    if f.allied:
        tags.append("alliance")
    if f.status == "eliminated":
        tags.append("éliminée" if fr else "eliminated")
    if f.status == "absorbed":
        tags.append(_absorbed_tag(s, i, lang))
    if won:
        tags.append("gagnante" if fr else "winner")
    if tags:
        head += f" ({', '.join(tags)})"
    body: list[tuple[list[str], bool]] = []  # (phrases of a line, bold)
    for t in _seats_of(s, i):
        mark = "▶ " if t == s.to_move else ""
        # A farm out of the game (LA-19) has no pawn on the board any more (`_on_road`).
        where = f"{c}{_where(s, t, lang)}" if _on_road(s, t) else ""
        body.append(([f"{mark}{player_name(t, lang)}{where}"], t == s.to_move))
    cows = count(f.cows, "vache", "vaches", lang) if fr else f"{f.cows} cows"
    body.append(([f"{f.ha} ha", cows, euros(f.money)], False))
    pledged = f" (+{f.pledged} {'en garantie' if fr else 'pledged'})" if f.pledged else ""
    green = (
        count(f.green, "pion vert", "pions verts", lang)
        if fr
        else count(f.green, "green pawn", "green pawns", lang)
    )
    loans = (
        count(f.loans, "emprunt", "emprunts", lang) if fr else count(f.loans, "loan", "loans", lang)
    )
    body.append(([f"{count(f.bons, 'bon', 'bons', lang)}{pledged}", loans, green], False))
    if f.kept:
        names = ", ".join((D.CARDS[k].name_fr if fr else D.CARDS[k].name_en) for k in f.kept)
        body.append(([f"{'Cartes gardées' if fr else 'Cards kept'}{c}{names}"], False))
    lines: list[tuple[str, str]] = []
    for phrases, bold in body:
        extra = ' font-weight="bold"' if bold else ""
        lines += [(line, extra) for line in _pack(phrases, inner - 14, 11, bold)]
    heads = _pack([head], inner - 20, 12, True)
    height = 16 + 16 * len(heads) + 15 * len(lines) + 6
    fill = "#fff8dc" if to_play or won else "#fafafa"
    border = ' stroke-width="3"' if to_play or won else ""
    out = [
        f'<g class="farm"><rect x="{x:.1f}" y="{y:.1f}" width="{width}" height="{height}" '
        f'rx="6" fill="{fill}" stroke="{colour}"{border}/>',
        f'<rect x="{x + 10:.1f}" y="{y + 8:.1f}" width="14" height="14" fill="{colour}" '
        f'stroke="#111"/>',
    ]
    for n, line in enumerate(heads):
        out.append(_t(x + 30, y + 20 + 16 * n, line, 12, ' font-weight="bold"'))
    below = y + 24 + 16 * len(heads)
    for n, (line, extra) in enumerate(lines):
        out.append(_t(x + 24, below + 15 * n, line, 11, extra))
    out.append("</g>")
    return out, height


def render_svg(state: State, lang: str = "fr") -> str:
    """An SVG picture of the table: the season's route as a figure of eight (cards by
    name, the Foire at the crossing passed once each way, the Négoce opposite, the squares
    numbered in the order pawns go, arrows), the end-of-season hexagon and its 6 spaces,
    the pawns (their farm's colour, their player's number), a panel per farm, and what is
    being decided now; the winner once the game is over.

    Face-down cards (option face_down, LA-21) stay face down until a pawn turns them over.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> svg = L.render_svg(L.new_game(2, seed=1), "en")
        >>> svg.startswith("<svg") and "Spring" in svg and "Player 1" in svg
        True
    """
    check_lang(lang)  # as `render`: never a picture for "de"
    fr = lang == "fr"
    s = state
    route = ROUTES[s.options.squares]
    k = s.options.squares // 4 + 1  # squares on a leg of the eight
    margin = 16
    hx = margin + _HR + 14
    cx = hx + (k + 1) * _DX
    board_w = cx + (k + 1) * _DX + _BW / 2 + margin
    width = int(board_w + _PANEL_W)
    title = _title(s, lang, phase=False)
    status = [line for text in _status(s, lang) for line in wrap(text, width - 2 * margin, 12)]
    top = 50 + 17 * len(status)
    cy = hy = top + k * _DY + _BH / 2
    centres = _layout(s.options.squares, cx, cy)
    # The road: out of the hexagon's space 6, the route, into its space 1 (LA-05, LA-06).
    exit_pt = (hx + _HR * 0.9 * math.cos(_hex_angle(6)), hy + _HR * 0.9 * math.sin(_hex_angle(6)))
    entry_pt = (hx + _HR * 0.9 * math.cos(_hex_angle(1)), hy + _HR * 0.9 * math.sin(_hex_angle(1)))
    road = [exit_pt, *centres, entry_pt]
    pts = " ".join(f"{x:.1f},{y:.1f}" for x, y in road)
    parts = [
        f'<polyline points="{pts}" fill="none" stroke="#e3d6b4" stroke-width="24" '
        'stroke-linejoin="round" stroke-linecap="round"/>',
        f'<polyline points="{pts}" fill="none" stroke="#a08a5c" stroke-width="2" '
        'stroke-dasharray="6 5"/>',
    ]
    # Arrows on the long stretches, where the road shows between the boxes.
    neg = next(i for i, (kind, _) in enumerate(route) if kind == "negoce")
    for a, b in (
        (exit_pt, centres[0]),
        (centres[neg - 1], centres[neg]),
        (centres[neg], centres[neg + 1]),
        (centres[-1], entry_pt),
    ):
        parts.append(_arrow(*a, *b))
    parts += _hexagon(s, hx, hy, lang)
    here = s.pos[s.actor] if s.stage == "season" and 0 <= s.actor < s.num_players else -99
    foires = [i for i, (kind, _) in enumerate(route) if kind == "foire"]
    for i, (x, y) in enumerate(centres):
        if i in foires[1:]:
            continue  # LA-04: one Foire card, passed twice
        same = _same_square(s, i)
        numbers = " · ".join(str(j + 1) for j in same)
        parts.append(_box(s, i, x, y, lang, numbers, here in same))
    parts.append(
        _t(
            cx + _BW / 2 + 6,
            cy + 4,
            "croisement" if fr else "crossing",
            9,
            ' font-style="italic" fill="#444"',
        )
    )
    foot = cy + k * _DY + _BH / 2 + 22
    way = (
        f"Sens : cases 1 à {len(route)}, l'hexagone (cases 1 à 6), puis de nouveau la case 1"
        if fr
        else f"Way round: squares 1 to {len(route)}, the hexagon (spaces 1 to 6), square 1 again"
    )
    parts.append(_t(margin, foot, way, 10, ' fill="#444"'))
    px, py = board_w, float(top)
    parts.append(_t(px, py + 4, "Exploitations" if fr else "Farms", 13, ' font-weight="bold"'))
    py += 14
    for i in range(len(s.farms)):
        box, h = _panel(s, i, px, py, lang)
        parts += box
        py += h + 8
    goal = D.CONVICTIONS
    win = (
        f"Victoire par conviction : {goal['green']} pions verts, {goal['bons']} bons, ou "
        f"{goal['ha']} ha et {goal['cows']} vaches"
        if fr
        else f"Win by conviction: {goal['green']} green pawns, {goal['bons']} bons, or "
        f"{goal['ha']} ha and {goal['cows']} cows"
    )
    for line in wrap(win, _PANEL_W - 20, 10):
        py += 13
        parts.append(_t(px, py, line, 10, ' fill="#444"'))
    height = int(max(foot, py) + 12)
    head = [_t(margin, 28, f"Lactorama — {title}", 17, ' font-weight="bold"')]
    for n, line in enumerate(status):
        head.append(_t(margin, 50 + 17 * n, line, 12, ' font-weight="bold"' if n == 0 else ""))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {_FONT}><title>{escape(title)}</title>'
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>'
        + "".join(head)
        + "".join(parts)
        + "</svg>"
    )
