"""Why a move is refused, in a player's words (French and English): the `explain` hook.

Only on the failing path of `step`, so it may be slow; each sentence is written twice,
French first, and names places and sectors as the menus do (`render`).
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.labels import count, player_name
from boardgames_fr.misere.actions import (
    LOSE_OEUVRE,
    LOSE_PLAIN,
    LOSE_QUALIFIED,
    Activate,
    BuyFood,
    FallToMisery,
    GoToSector,
    LoseWorker,
    Place,
)
from boardgames_fr.misere.data import ACTIONS, CIRCLES, SECTORS
from boardgames_fr.misere.render import place_words, sector_words, stage_text
from boardgames_fr.misere.state import FEED, PLACEMENT, ROUTE, State, zone_layout

__all__ = ["explain"]


def explain(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is refused, in ``lang`` (``"fr"`` or ``"en"``); only on the failing path
    of `step`. Each sentence is written twice, French first, with the same tests."""
    fr = lang == "fr"
    seat = s.to_move
    who = player_name(seat, lang)  # a player reads seats numbered from 1
    if s.phase == FEED:
        pl = s.players[seat]
        if not isinstance(a, LoseWorker):
            if fr:
                return f"{who} manque de nourriture : choisir d'abord l'ouvrier à perdre"
            return f"{who} is short of food: choose which worker is lost first"
        have = {
            LOSE_PLAIN: pl.plain,
            LOSE_QUALIFIED: pl.qualified,
            LOSE_OEUVRE: int(pl.oeuvre >= 0),
        }
        if have.get(a.which, 0) == 0:
            if a.which == LOSE_OEUVRE:
                if fr:
                    return f"{who} n'a pas d'ouvrier sur l'Oeuvre"
                return f"{who} has no worker on the Oeuvre"
            return _no_worker_in_reserve(who, a.which == LOSE_QUALIFIED, lang)
        return (
            "cet ouvrier ne peut pas être choisi maintenant"
            if fr
            else "that worker cannot be chosen now"
        )
    if isinstance(a, LoseWorker):
        return (
            "un ouvrier n'est perdu qu'en fin de tour, faute de nourriture"
            if fr
            else "a worker is only lost at the feeding, for want of food"
        )
    if s.phase == PLACEMENT:
        return _explain_placement(s, a, who, lang)
    if s.pending is None:
        if not isinstance(a, Activate):
            return (
                "sortir d'abord un de ses ouvriers de la Zone de pose"
                if fr
                else "choose a worker of yours on the zone first"
            )
        if not 0 <= a.place < len(s.zone):
            return _no_place(lang)
        where = place_words(a.place, s, lang)
        if s.zone[a.place] < 0:
            return f"il n'y a pas d'ouvrier sur {where}" if fr else f"there is no worker on {where}"
        owner = player_name(s.zone[a.place] >> 1, lang)
        if fr:
            return f"{who} n'a pas d'ouvrier sur {where} : l'ouvrier posé là est à {owner}"
        return f"{who} has no worker on {where}: the worker there is {owner}'s"
    stage = s.pending.stage
    if isinstance(a, GoToSector):
        if stage != ROUTE:
            return (
                "l'ouvrier a déjà choisi son secteur"
                if fr
                else "the worker has already chosen where to go"
            )
        if not 0 <= a.sector < len(SECTORS):
            return "ce secteur n'existe pas" if fr else "there is no such sector"
        at = sector_words(a.sector, s, lang)
        if s.sectors[a.sector] >= 0:
            if fr:
                return f"il y a déjà un ouvrier {at} : un seul ouvrier par secteur"
            return f"{at} is taken: one worker per sector"
        if fr:
            # « bosser », « galérer », « acheter à bouffer »: the action on its square.
            origin = s.pending.origin
            verb = ACTIONS[origin][0].lower() if 0 <= origin < 3 else "faire son action"
            return f"l'ouvrier ne peut pas {verb} {at}"
        return f"the worker cannot do its action at {at}"
    if isinstance(a, BuyFood):
        return (
            "on ne peut pas acheter autant de nourriture ici maintenant"
            if fr
            else "not that much food can be bought here now"
        )
    if isinstance(a, FallToMisery):
        if not 0 <= a.circle < len(CIRCLES):
            return "ce rond de misère n'existe pas" if fr else "there is no such misery circle"
        circle = len(s.zone) - 3 + a.circle
        if s.zone[circle] >= 0:
            # « le rond … »: a circle is masculine.
            where = place_words(circle, s, lang)
            return f"{where} est déjà occupé" if fr else f"{where} is taken"
        if stage == ROUTE:
            return (
                "l'ouvrier ne va sur une action de misère que si aucun secteur libre ne peut "
                "le prendre"
                if fr
                else "the worker goes to misery only when no free sector can take it"
            )
        return (
            "pas d'action de misère pour cet ouvrier maintenant"
            if fr
            else "no misery action for this worker now"
        )
    progress = stage_text(s, lang)
    if fr:
        return f"impossible maintenant ; en cours : {progress}"
    return f"not possible now; in progress: {progress}"


def _no_place(lang: str) -> str:
    """A `Place` or an `Activate` of a place the zone does not have."""
    if lang == "fr":
        return "la Zone de pose n'a ni cette case ni ce rond"
    return "there is no such square or circle on the zone"


def _no_worker_in_reserve(who: str, qualified: bool, lang: str) -> str:
    """MI-15: the seat has no worker of that kind at home (placing, or losing one)."""
    if lang == "fr":
        return f"{who} n'a pas d'ouvrier {'qualifié' if qualified else 'non qualifié'} en réserve"
    return f"{who} has no {'qualified' if qualified else 'unqualified'} worker in reserve"


def _explain_placement(s: State, a: Any, who: str, lang: str) -> str:
    """`_explain` in the placement phase (MI-02, MI-03, MI-15, MI-19)."""
    fr = lang == "fr"
    if not isinstance(a, Place):
        return (
            "c'est la phase de placement : poser un ouvrier sur la Zone de pose"
            if fr
            else "it is the placement phase: put a worker on the zone"
        )
    layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
    if not 0 <= a.place < len(layout):
        return _no_place(lang)
    where = place_words(a.place, s, lang)
    if s.zone[a.place] >= 0:
        owner = player_name(s.zone[a.place] >> 1, lang)
        if fr:
            return f"l'ouvrier de {owner} occupe déjà {where}"
        return f"{where} is taken ({owner}'s worker is there)"
    pl = s.players[s.to_move]
    if (pl.qualified if a.qualified else pl.plain) == 0:
        return _no_worker_in_reserve(who, a.qualified, lang)
    action, dotted = layout[a.place]
    if dotted and not a.qualified:
        return (
            "les cases en pointillés sont réservées aux ouvriers qualifiés"
            if fr
            else "dotted squares are for qualified workers only"
        )
    if action >= 3:
        if fr:
            food = count(pl.food, "jeton", "jetons", lang)
            return (
                f"{who} a {pl.money} balles (1000 ou plus), {food} nourriture et peut encore "
                "poser son ouvrier sur une case : les ronds de misère sont fermés"
            )
        return (
            f"{who} has {pl.money} balles (1000 or more), {pl.food} food and can "
            "still place on a square: the misery circles are closed"
        )
    return (
        "prendre la première case libre de cette action"
        if fr
        else "take the first free square of that action"
    )
