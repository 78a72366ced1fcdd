"""Why a move is refused, in a player's words, in French or English (the core's
``explain`` hook): the decision expected now, a wrong farm, item or quantity, a farm an
offer would leave unsound (LA-11), a die or a card a table typed in that cannot be.

Only the failing path of ``step`` calls it.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.labels import count, player_name
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    AcceptCard,
    BuyCows,
    ChangeFiliere,
    ChooseFiliere,
    ChooseNeighbour,
    DieRoll,
    DrawCard,
    Give,
    GiveLand,
    KeepBons,
    MakeOffer,
    ProposeAlliance,
    Repay,
    SellCows,
    Take,
)
from boardgames_fr.lactorama.cards import PLANS
from boardgames_fr.lactorama.data import euros
from boardgames_fr.lactorama.farms import BLOCK, CHANGE_COST, ELIM, MAX_TICKETS, QTY, TICKET
from boardgames_fr.lactorama.names import farm_name, filiere_words
from boardgames_fr.lactorama.negoce import (
    alliance_bons_legal,
    alliance_filiere_legal,
    delta,
    sound_items,
    take_split,
)
from boardgames_fr.lactorama.state import (
    ACTIVE,
    KIND_BONS,
    KIND_COWS,
    KIND_FILIERE,
    KIND_HA,
    KIND_MONEY,
    KIND_NOTHING,
    OFFER_KINDS,
    PH_FILIERE,
    PH_ROLL,
    Farm,
    State,
)

__all__ = ["explain"]

_EXPECTED_EN = {
    "shop": "buy cows or stop at the Foire",
    "card": "accept or decline the card",
    "neighbour": "choose the neighbour",
    "negoce": "make an offer or leave the Négoce",
    "offer_give": "say what the farm gives",
    "offer_take": "say what the farm takes",
    "offer_answer": "accept or refuse the offer",
    "alliance_answer": "accept or refuse the alliance",
    "year_end": "settle the end of the year",
    "handout": "hand out the land",
    "filiere_choice": "choose a filière",
    "alliance_filiere": "keep one of the two filière cards of the alliance",
    "alliance_bons": "keep one of the two bon piles of the alliance",
}
_EXPECTED_FR = {
    "shop": "acheter des vaches à la Foire ou arrêter ses achats",
    "card": "accepter ou refuser la carte",
    "neighbour": "choisir le voisin",
    "negoce": "faire une offre ou quitter le Négoce",
    "offer_give": "dire ce que l'exploitation donne",
    "offer_take": "dire ce que l'exploitation demande",
    "offer_answer": "accepter ou refuser l'offre",
    "alliance_answer": "accepter ou refuser l'alliance",
    "year_end": "régler la fin d'année",
    "handout": "partager les terres",
    "filiere_choice": "choisir une filière",
    "alliance_filiere": "garder l'une des deux cartes filière de l'alliance",
    "alliance_bons": "garder l'un des deux paquets de bons de l'alliance",
}


def explain(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is refused at ``s``, in ``lang`` ("fr" or "en"): the core asks once per
    language, only when `step` refuses a move."""
    fr = lang == "fr"
    who = player_name(s.to_move, lang) if s.to_move >= 0 else ("personne" if fr else "nobody")
    t = type(a)
    farm = s.farms[s.farm_of[s.to_move]] if s.to_move >= 0 else None
    if s.to_move == CHANCE:
        return _explain_chance(s, a, lang)
    expected = (_EXPECTED_FR if fr else _EXPECTED_EN).get(s.phase, "attendre" if fr else "wait")
    if farm is not None:
        why = _explain_target(s, a, lang)
        if why:
            return f"{who} : {why}" if fr else f"{who}: {why}"
        if t is BuyCows and s.phase == "shop":
            if farm.cows + 2 > farm.ha:
                if fr:
                    return (
                        f"{who} a {count(farm.cows, 'vache', 'vaches', lang)} sur {farm.ha} ha :"
                        " jamais plus de vaches que d'hectares"
                    )
                return f"{who} has {farm.cows} cows on {farm.ha} ha: never more cows than hectares"
            if a.loan:
                if fr:
                    return (
                        f"{who} ne peut pas emprunter : pas assez d'argent comptant pour le reste,"
                        " ou de bons pour la garantie"
                    )
                return (
                    f"{who} cannot borrow: not enough cash for the rest, or bons for the guarantee"
                )
            if fr:
                return (
                    f"{who} n'a que {euros(farm.money)} en espèces pour 2 vaches"
                    f" à {euros(s.shop_price)} la vache"
                )
            return (
                f"{who} has only {euros(farm.money)} in cash for 2 cows"
                f" at {euros(s.shop_price)} each"
            )
        if t is AcceptCard and s.phase == "card":
            costs = PLANS[s.card][5]
            mine = _the_farm(s.farm_of[s.to_move], lang)
            if not a.plain:  # LA-13: only the factor is out of reach (`card_legal`)
                if fr:
                    return (
                        f"{who} n'a que {euros(farm.money)} en espèces : la carte avec son facteur"
                        f" de filière coûte {euros(costs[1])} ; elle peut être acceptée sans le"
                        " facteur de filière"
                    )
                return (
                    f"{who} has only {euros(farm.money)} in cash: the card with its filière"
                    f" factor costs {euros(costs[1])}; it can be taken as printed"
                )
            if fr:
                return (
                    f"{who} : la carte n'a pas de facteur de filière qui la rende plus chère pour"
                    f" {mine}, elle s'accepte donc telle quelle"
                )
            return (
                f"{who}: the card has no filière factor that makes it dearer for"
                f" {mine}, so it is accepted as it is"
            )
        if t is SellCows and s.phase == "year_end":
            if not s.options.bank_sales:
                if fr:
                    return "les vaches ne se vendent à la banque qu'avec l'option bank_sales"
                return "cows are sold to the bank only with the option bank_sales"
            if fr:
                return (
                    f"{who} garde au moins 20 vaches : une exploitation de moins de 20 vaches"
                    " est éliminée"
                )
            return f"{who} keeps 20 cows at least: a farm under 20 is out of the game"
        if t is Repay and s.phase == "year_end":
            if fr:
                return (
                    f"{who} n'a pas d'emprunt à rembourser, ou moins de {euros(TICKET)} en espèces"
                )
            return f"{who} has no loan to repay or less than {euros(TICKET)} in cash"
        if t is ChangeFiliere and s.phase == "year_end":
            if fr:
                return (
                    f"{who} ne peut pas prendre cette filière : coût {euros(CHANGE_COST)},"
                    " deux exploitations au plus par filière"
                )
            return (
                f"{who} cannot take that filière: cost {euros(CHANGE_COST)}, two of a kind at most"
            )
        if t is ChooseFiliere and s.phase == "alliance_filiere":
            kept = (" ou " if fr else " or ").join(
                filiere_words(o.filiere, lang) for o in alliance_filiere_legal(s)
            )
            if fr:
                return f"{who} : l'alliance garde l'une de ses propres cartes filière, {kept}"
            return f"{who}: the alliance keeps one of its own filière cards, {kept}"
        if t is KeepBons and s.phase == "alliance_bons":
            allies = [_the_farm(o.farm, lang) for o in alliance_bons_legal(s)]
            if fr:
                return f"{who} : l'alliance garde les bons de {' ou de '.join(allies)}"
            return f"{who}: the alliance keeps the bons of {' or '.join(allies)}"
    return f"{who} doit maintenant {expected}" if fr else f"{who} must {expected} now"


# The pile a chance phase draws from, in a sentence: "not in the {pile}", « pas dans {pile} ».
_PILE_EN = {"deal": "season deck", "draw_slot": "season deck", "draw_imprevu": "Imprévu pile"}
_PILE_FR = {
    "deal": "la pioche de la saison",
    "draw_slot": "la pioche de la saison",
    "draw_imprevu": "la pioche des Imprévus",
}


def _typed(v: Any, lang: str) -> str:
    """What a table typed in, quoted in a refusal: 'xyz' in English (its repr), « xyz »
    in French (the repr of what is not text)."""
    return f"« {v} »" if lang == "fr" and isinstance(v, str) else repr(v)


def _card_words(c: Any, lang: str) -> str:
    """A card typed in, in a refusal: its id ("P01", or the repr of what is not text);
    in French with its name when it is one of the game's cards (« « Éolienne » (I01) »),
    else in « »."""
    if not isinstance(c, str):
        return repr(c)
    if lang != "fr":
        return c
    card = D.CARDS.get(c)
    return f"« {card.name_fr} » ({c})" if card else f"« {c} »"


def _explain_chance(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is not the outcome of the chance event at ``s`` (a die, LA-03, LA-05;
    a card, LA-04, LA-13), in ``lang``, for a table typing in what its dice and cards
    gave. Never raises, whatever the action's fields hold."""
    fr = lang == "fr"
    t, ph = type(a), s.phase
    dice = ph in (PH_ROLL, PH_FILIERE)
    if t is DieRoll:
        if not dice:
            if fr:
                where = _PILE_FR.get(ph, "la pioche")
                return f"on tire maintenant une carte de {where}, on ne lance pas de dé"
            return f"a card is drawn from the {_PILE_EN.get(ph, 'cards')} now, not a die rolled"
        v = a.value
        if type(v) is not int or not 1 <= v <= 6:
            if fr:
                return f"un dé fait de 1 à 6, pas {_typed(v, lang)}"
            return f"a die shows 1 to 6, not {v!r}"
        return ""
    if t is DrawCard:
        if dice:
            # LA-21: a move is rolled with one die in the one-die variant.
            one = ph == "roll" and s.options.dice == 1
            if fr:
                return (
                    f"on lance maintenant {'le dé' if one else 'les dés'}, on ne tire pas de carte"
                )
            return f"the {'die is' if one else 'dice are'} rolled now, not a card drawn"
        c = a.card
        name = _card_words(c, lang)
        pile = s.imprevu if ph == "draw_imprevu" else s.deck
        if not isinstance(c, str) or c not in pile:
            if fr:
                return f"la carte {name} n'est pas dans {_PILE_FR.get(ph, 'la pioche')}"
            return f"card {name} is not in the {_PILE_EN.get(ph, 'pile')}"
        if s.options.land_always and not D.CARDS[c].land:
            # LA-21: the land-change cards left must all reach the square.
            if fr:
                return (
                    f"la carte {name} ne change pas la surface : avec l'option land_always,"
                    " toutes les cartes restantes qui changent la surface sont posées sur les"
                    " cases restantes"
                )
            return (
                f"card {name} is not a land-change card: with the option land_always every"
                " land-change card left is dealt to the slots left"
            )
        return ""
    if fr:
        return "ce sont les dés ou les cartes qui décident maintenant, pas un joueur"
    return "the dice or the cards decide now, not a player"


def _the_farm(i: int, lang: str) -> str:
    """A farm in a sentence: "farm B", « l'exploitation B » (`names.farm_name`)."""
    name = farm_name(i, lang)
    return f"l'{name}" if lang == "fr" else name


_PHASE_OF: dict[type[Any], str] = {
    MakeOffer: "negoce",
    ChooseNeighbour: "neighbour",
    GiveLand: "handout",
    ProposeAlliance: "year_end",
    ChangeFiliere: "year_end",
    ChooseFiliere: "filiere_choice",
    Give: "offer_give",
    Take: "offer_take",
}
# A move naming its own farm (`_explain_target`).
_SELF_EN: dict[type[Any], str] = {
    MakeOffer: "a farm cannot make an offer to itself",
    ChooseNeighbour: "a farm is not its own neighbour",
    GiveLand: "an eliminated farm hands its land to another farm",
    ProposeAlliance: "a farm cannot ally with itself",
}
_SELF_FR: dict[type[Any], str] = {
    MakeOffer: "une exploitation ne peut pas se faire une offre à elle-même",
    ChooseNeighbour: "une exploitation n'est pas sa propre voisine",
    GiveLand: "une exploitation éliminée donne ses terres à une autre exploitation",
    ProposeAlliance: "une exploitation ne peut pas s'allier avec elle-même",
}


def _explain_target(s: State, a: Any, lang: str) -> str:
    """LA-11, LA-16, LA-17, LA-19: the precise reason for a move naming a wrong farm,
    item or filière, in ``lang`` ("" when none of these applies)."""
    fr = lang == "fr"
    t, ph = type(a), s.phase
    if _PHASE_OF.get(t, ph) != ph:
        return ""  # not the moment for this kind of move: `explain` says what is
    me = s.queue[0] if ph in ("year_end", "filiere_choice") and s.queue else s.farm_of[s.to_move]
    if ph == "handout" and s.handout:
        me = s.handout[0]
    target = getattr(a, "farm", None)
    if isinstance(target, int) and t in (MakeOffer, ChooseNeighbour, GiveLand, ProposeAlliance):
        n = len(s.farms)
        if not 0 <= target < n:
            if fr:
                farms = count(n, "exploitation", "exploitations", lang)
                return f"il n'y a pas d'{farm_name(target, lang)} ({farms} en jeu)"
            return f"there is no {farm_name(target, lang)} ({n} farms in play)"
        if target == me:
            return (_SELF_FR if fr else _SELF_EN)[t]
        other = _the_farm(target, lang)
        if s.farms[target].status != ACTIVE:
            return f"{other} n'est plus en jeu" if fr else f"{other} is out of the game"
        if t is ProposeAlliance and s.farms[target].allied:
            if fr:
                return f"{other} fait déjà partie d'une alliance"
            return f"{other} is already in an alliance"
        if t is ProposeAlliance:
            owed = s.farms[me].loans + s.farms[target].loans
            if owed > MAX_TICKETS:
                if fr:
                    return (
                        "ensemble, les deux exploitations devraient"
                        f" {count(owed, 'ticket emprunt', 'tickets emprunt', lang)} : la banque"
                        f" n'en prête pas plus de {MAX_TICKETS} à une même exploitation (LA-15)"
                    )
                return (
                    f"together the two farms would owe {owed} loan tickets: the bank holds"
                    f" {MAX_TICKETS} at most from one farm (LA-15)"
                )
        if t is ChooseNeighbour and ph == "neighbour":
            if fr:
                return f"{other} n'est pas celle du pion juste devant (ou juste derrière)"
            return f"{other} is not the pawn just ahead (or just behind)"
    if t in (ChangeFiliere, ChooseFiliere):
        fil = a.filiere
        if fil not in D.FILIERES:
            known = ", ".join(filiere_words(f, lang) for f in D.FILIERES)
            if fr:
                return f"il n'y a pas de filière {_typed(fil, lang)} : {known}"
            return f"there is no filière {fil!r}: {known}"
        if t is ChangeFiliere and s.farms[me].filiere == fil:
            mine, words = _the_farm(me, lang), filiere_words(fil, lang)
            if fr:
                return f"{mine} est déjà en filière {words}"
            return f"{mine} is already in the {words} filière"
    if t in (Give, Take) and ph in ("offer_give", "offer_take"):
        return _explain_item(s, a, me, lang)
    return ""


# The Négoce's items in a player's words, with the key a program passes where the words
# differ from it (LA-11). English has one form; French three, by the sentence: listed,
# with « le », with « du » (`_item`).
_ITEM_WORDS = {
    KIND_HA: 'hectares ("ha")',
    KIND_COWS: "cows",
    KIND_MONEY: "money",
    KIND_BONS: "bons",
    KIND_FILIERE: 'a filière swap ("filiere")',
    KIND_NOTHING: "nothing",
}
_ITEM_FR = {
    KIND_HA: ("hectares (« ha »)", "les hectares (« ha »)", "des hectares (« ha »)"),
    KIND_COWS: ("vaches", "les vaches", "des vaches"),
    KIND_MONEY: ("argent", "l'argent", "de l'argent"),
    KIND_BONS: ("bons", "les bons", "des bons"),
    KIND_FILIERE: (
        "échange de filière (« filiere »)",
        "l'échange de filière (« filiere »)",
        "un échange de filière (« filiere »)",
    ),
    KIND_NOTHING: ("rien", "« rien »", "rien"),
}
_LISTED, _THE, _SOME = 0, 1, 2


def _item(kind: str, form: int, lang: str) -> str:
    """A Négoce item in a sentence of ``lang``: in French in the ``form`` it needs."""
    return _ITEM_FR[kind][form] if lang == "fr" else _ITEM_WORDS[kind]


def _explain_item(s: State, a: Give | Take, me: int, lang: str) -> str:
    """LA-11: why the item given (`Give`) or asked for (`Take`) cannot be, in ``lang``:
    not an item, a quantity off the menu, the same item both ways, or a farm left
    unsound."""
    # Fields of the wrong type never get here: the core names them first (`_wrong_field`).
    fr = lang == "fr"
    kind, qty = a.kind, a.qty
    if kind not in OFFER_KINDS:
        items = ", ".join(_item(k, _LISTED, lang) for k in OFFER_KINDS)
        if fr:
            return f"{_typed(kind, lang)} ne s'échange pas au Négoce : {items}"
        return f"{kind!r} is not an item of the Négoce: {items}"
    if kind in (KIND_FILIERE, KIND_NOTHING):
        if qty != 0:
            if fr:
                return f"{_item(kind, _THE, lang)} s'indique avec la quantité 0, pas {qty}"
            return f"{_item(kind, _THE, lang)} comes with the quantity 0, not {qty}"
    elif qty not in QTY[kind]:
        amount = euros if fr and kind == KIND_MONEY else str  # French writes money in euros
        menu = ", ".join(amount(q) for q in QTY[kind])
        if fr:
            return f"le Négoce échange {_item(kind, _THE, lang)} par {menu}, pas {amount(qty)}"
        return f"the Négoce trades {_item(kind, _THE, lang)} by {menu}, not {qty}"
    o = s.offer
    if o is None or not 0 <= o.partner < len(s.farms):
        return ""
    mine, theirs = s.farms[me], s.farms[o.partner]
    if type(a) is Take:
        if kind == o.give and kind != KIND_NOTHING:
            if fr:
                return f"l'offre donne déjà {_item(kind, _SOME, lang)} : demandez autre chose"
            return f"the offer already gives {_item(kind, _SOME, lang)}: ask for something else"
        if kind == KIND_NOTHING == o.give:
            if fr:
                return "une offre de rien contre rien n'est pas une offre"
            return "an offer of nothing for nothing is no offer"
        swap = kind == KIND_FILIERE or o.give == KIND_FILIERE
        g, k = delta(o.give, o.give_qty), delta(kind, qty)
        got = (k[0] - g[0], k[1] - g[1], k[2] - g[2], k[3] - g[3])
    else:
        if kind == KIND_NOTHING:
            if sound_items(take_split(KIND_NOTHING, 0), mine, theirs, True):
                return ""
            partner = _the_farm(o.partner, lang)
            if fr:
                return (
                    f"{partner} n'a rien à donner contre rien qui laisse les deux exploitations"
                    " en règle (LA-11)"
                )
            return (
                f"{partner} has nothing to give for nothing that would leave"
                " both farms sound (LA-11)"
            )
        swap = kind == KIND_FILIERE
        g = delta(kind, qty)
        got = (-g[0], -g[1], -g[2], -g[3])
    if swap and mine.filiere == theirs.filiere:
        words = filiere_words(mine.filiere, lang)
        if fr:
            return f"les deux exploitations sont en filière {words} : rien à échanger"
        return f"both farms are in the {words} filière: nothing to swap"
    return _unsound(mine, theirs, got, me, o.partner, lang)


def _unsound(a: Farm, b: Farm, got: tuple[int, int, int, int], ia: int, ib: int, lang: str) -> str:
    """LA-11 (`sound_items` in words, in ``lang``): what would go wrong for farm ``ia``
    receiving ``got`` (ha, cows, money, bons; negative: giving) from farm ``ib``; "" if
    nothing."""
    fr = lang == "fr"
    h, c, m, n = got
    for i, f, sign in ((ia, a, 1), (ib, b, -1)):
        name = _the_farm(i, lang)
        ha, cows, money = f.ha + sign * h, f.cows + sign * c, f.money + sign * m
        bons = f.bons + sign * n
        if money < 0:
            if fr:
                return (
                    f"{name} n'a que {euros(f.money)} en espèces, pas les"
                    f" {euros(f.money - money)} qu'elle paierait : pas de dette (LA-07)"
                )
            return (
                f"{name} has only {euros(f.money)} in cash, not the {euros(f.money - money)}"
                " it would pay: no debt (LA-07)"
            )
        if bons < 0:
            if fr:
                have = (
                    "aucun bon libre"
                    if f.bons == 0
                    else "qu'un bon libre"
                    if f.bons == 1
                    else f"que {f.bons} bons libres"
                )
                return f"{name} n'a {have}, et en céderait {f.bons - bons}"
            have = count(f.bons, "free bon", "free bons", lang)
            return f"{name} has only {have}, not the {f.bons - bons} it would hand over"
        if cows > ha:
            if fr:
                return (
                    f"{name} aurait {count(cows, 'vache', 'vaches', lang)} sur {ha} ha :"
                    " jamais plus de vaches que d'hectares (LA-09)"
                )
            return (
                f"{name} would have {cows} cows on {ha} ha: never more cows than hectares (LA-09)"
            )
        if cows < ELIM:
            if fr:
                return (
                    f"{name} n'aurait plus que {count(cows, 'vache', 'vaches', lang)} :"
                    f" sous {ELIM} vaches, une exploitation est éliminée (LA-19)"
                )
            return (
                f"{name} would be left with {cows} cows: under {ELIM} a farm is out of the"
                " game (LA-19)"
            )
        if ha < BLOCK:
            if fr:
                return (
                    f"{name} n'aurait plus que {ha} ha : une exploitation garde au moins"
                    f" un groupe de {BLOCK} ha"
                )
            return f"{name} would be left with {ha} ha: a farm keeps a block of {BLOCK} ha at least"
    return ""
