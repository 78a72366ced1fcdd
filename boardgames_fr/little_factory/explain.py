"""Why Little Factory refuses a move, in a player's words, in French or English: the
`explain` hook of `boardgames_fr.core.Game` (wired in `game.py`), citing the rule that
refuses it.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.labels import count, de, elides, player_name
from boardgames_fr.little_factory.actions import (
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
    EndExchange,
    EndTurn,
    PayCoin,
    PayGood,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import (
    BASIC,
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    LAYOUT,
    NUM_GOODS,
)
from boardgames_fr.little_factory.names import building_name, good_name, is_good
from boardgames_fr.little_factory.rules import IS_BASIC, SMALLNESS, TIER_GOODS, market_gap
from boardgames_fr.little_factory.state import (
    PHASE_COIN_EXCHANGE,
    PHASE_DISCARD,
    PHASE_PAY,
    PHASE_TAKE,
    State,
    Trade,
)

__all__ = ["explain"]


def explain(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is refused now, in French (``"fr"``) or English: the core calls it
    once per language, and only when `step` refuses (``str(error)`` is the English).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> from boardgames_fr.little_factory.actions import EndExchange, EndTurn
        >>> s = lf.step(lf.new_game(2, seed=3), EndExchange())
        >>> explain(s, EndTurn(), "en")
        'Player 1 must produce or trade first'
    """
    s, a = state, action

    if s.to_move == CHANCE:
        return _explain_draw(s, a, lang)
    fr = lang == "fr"
    # A reason names the player as the pictures and the CLI do: seat 0 is « Joueur 1 ».
    who = player_name(s.turn, lang)
    phase = s.phase
    if isinstance(a, (DrawGood, DrawBuilding)):
        return "aucune carte n'est piochée en ce moment" if fr else "no card is being drawn now"
    if isinstance(a, (BuyBasic, EndExchange)):
        if phase != PHASE_COIN_EXCHANGE:
            return (
                "les pièces ne s'échangent contre des biens de base qu'au premier tour, "
                "avant de produire ou d'échanger"
                if fr
                else "coins are exchanged for basic goods only before a first-round turn"
            )
        if isinstance(a, BuyBasic):
            if a.good not in BASIC:
                return (
                    "seuls les biens de base s'achètent avec des pièces"
                    if fr
                    else "only basic goods can be bought with coins"
                )
            if not s.market[a.good]:
                return _none_left(good_name(a.good, lang), fr)
        return ""
    if isinstance(a, (TakeGood, TakeBuilding, StopTaking)):
        if phase == PHASE_PAY:
            return (
                "les biens de cet échange sont choisis : il faut maintenant les payer"
                if fr
                else "the goods of this trade are chosen: now pay for them"
            )
        if phase != PHASE_TAKE or s.trade is None:
            return (
                "aucun échange n'est en cours : il faut d'abord commencer un échange"
                if fr
                else "nothing is being traded: start a trade first"
            )
        return _explain_take(s, s.trade, a, lang)
    if isinstance(a, (PayGood, Discard)) and not is_good(a.good):
        return _no_such("good", a.good, 0, NUM_GOODS - 1, lang)
    if isinstance(a, (PayGood, PayCoin)):
        if phase != PHASE_PAY:
            return "il n'y a rien à payer maintenant" if fr else "there is nothing to pay now"
        if isinstance(a, PayCoin):
            return (
                f"{who} n'a plus de pièce pour payer"
                if fr
                else f"{who} has no coin left to pay with"
            )
        name = good_name(a.good, lang)
        return (
            f"{who} n'a plus {de(name)} pour payer"
            if fr
            else f"{who} has no {name} left to pay with"
        )
    if isinstance(a, Discard):
        if phase != PHASE_DISCARD:
            return (
                f"{who} ne dépasse pas la limite de main en fin de tour"
                if fr
                else f"{who} is not above the hand limit at the end of the turn"
            )
        name = good_name(a.good, lang)
        return f"{who} n'a pas {de(name)} à défausser" if fr else f"{who} has no {name} to discard"
    if phase == PHASE_DISCARD:
        limit = count(
            s.options.hand_limit, *(("carte", "cartes") if fr else ("card", "cards")), lang
        )
        return (
            f"{who} doit d'abord défausser jusqu'à {limit}"
            if fr
            else f"{who} must first discard down to {limit}"
        )
    if phase in (PHASE_TAKE, PHASE_PAY):
        return "il faut d'abord finir l'échange" if fr else "finish the trade first"
    if phase == PHASE_COIN_EXCHANGE:
        return (
            "il faut d'abord finir l'échange de pièces du premier tour"
            if fr
            else "finish the first-round coin exchange first"
        )
    if isinstance(a, (ProduceBasic, Produce, Build, StartTrade)) and s.acted:
        return (
            f"{who} a déjà produit ou échangé ce tour-ci"
            if fr
            else f"{who} has already produced or traded this turn"
        )
    if isinstance(a, UseBuilding):
        if s.used_building:
            return (
                f"{who} a déjà utilisé un bâtiment ce tour-ci"
                if fr
                else f"{who} has already used a building this turn"
            )
        if a.building not in s.built[s.turn]:
            return f"{who} n'a pas ce bâtiment" if fr else f"{who} has no such building"
        return _explain_use(s, a, lang)
    if isinstance(a, EndTurn):
        return (
            f"{who} doit d'abord produire ou échanger"
            if fr
            else f"{who} must produce or trade first"
        )
    if isinstance(a, (Produce, ProduceBasic)):
        return _explain_produce(s, a, who, lang)
    if isinstance(a, Build):
        if a.building not in s.buildings_shown:
            return _not_shown(fr)
        return (
            f"{who} n'a pas les biens qui produisent ce bâtiment"
            if fr
            else f"{who} lacks the goods of its build recipe"
        )
    if isinstance(a, StartTrade):
        return (
            f"{who} ne peut rien payer de ce qu'offre le marché"
            if fr
            else f"{who} cannot pay for anything in the market"
        )
    return ""


def _explain_produce(s: State, a: Produce | ProduceBasic, who: str, lang: str) -> str:
    """Why a good cannot be produced now (LF-04, LF-07), the turn's action still free."""

    fr = lang == "fr"
    k = a.good
    if not is_good(k):
        return _no_such("good", k, 0, NUM_GOODS - 1, lang)
    name = good_name(k, lang)
    the = _le(k, name) if fr else name  # « la brique », « l'argile » open a French sentence
    if isinstance(a, ProduceBasic):
        if not IS_BASIC[k]:
            return (
                f"{the} n'est pas un bien de base : il faut passer par sa recette"
                if fr
                else f"{name} is not a basic good: produce it with its recipe"
            )
        return _none_left(name, fr)
    if IS_BASIC[k]:
        return (
            f"{the} est un bien de base, à prendre dans la rangée du bas, sans recette"
            if fr
            else f"{name} is a basic good: it is taken from the bottom row, with no recipe"
        )
    if not 0 <= a.alt < len(GOODS[k].recipe):
        return (
            f"{the} n'a pas de recette numéro {a.alt}"
            if fr
            else f"{name} has no recipe number {a.alt}"
        )
    if not s.market[k]:
        if s.discard[k]:
            return (
                f"{the} n'est que dans la défausse : un bien défaussé ne peut pas être produit"
                if fr
                else f"{name} is only in the discard pile: a discarded good cannot be produced"
            )
        return _not_in_market(name, fr)
    return (
        f"{who} n'a pas les biens de cette recette"
        if fr
        else f"{who} lacks the goods of that recipe"
    )


def _explain_use(s: State, a: UseBuilding, lang: str) -> str:
    """Why a building of the seat cannot run now (LF-08, LF-11), naming what is missing."""

    fr = lang == "fr"
    card = BUILDINGS[a.building]
    name = building_name(a.building, lang)
    # French names a building as its menus do (« le bâtiment moulin »): no gender to guess.
    the = f"le bâtiment {name}" if fr else f"the {name}"
    if not card.effect:
        return (
            f"{the} n'a pas de production automatisée"
            if fr
            else f"{the} has no automated production"
        )
    if not (isinstance(a.alt, int) and 0 <= a.alt < len(card.effect)):
        return (
            f"{the} n'a pas de production automatisée numéro {a.alt}"
            if fr
            else f"{the} has no automated production number {a.alt}"
        )
    alt = card.effect[a.alt]
    hand = s.hands[s.turn]
    missing = " + ".join(f"{c} {good_name(k, lang)}" for k, c in alt.needs() if hand[k] < c)
    if missing:
        return f"{the} demande {missing} en main" if fr else f"{the} needs {missing} in hand"
    product = good_name(alt.gain or 0, lang)
    return (
        f"le produit du bâtiment {name} ({product}) n'est pas au marché"
        if fr
        else f"{the}'s product, {product}, is not in the market"
    )


def _explain_draw(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is not the card drawn to refill the market now, for a table typing in
    its draws ("" for a card that can be drawn). The goods deck is face down and the
    hands hold its other cards: a good is only said not to be drawable, never what is
    left (`rules.secret_chance`)."""

    fr = lang == "fr"
    refilled = "on regarnit le marché" if fr else "the market is being refilled"
    gap = market_gap(s)
    if gap == 1 or gap == 2:
        tier = 2 if gap == 1 else 3
        now = (
            f"une carte de bien de niveau {tier} est piochée maintenant pour le marché"
            if fr
            else f"a tier-{tier} good card is drawn for the market now"
        )
        if not isinstance(a, DrawGood):
            return f"{refilled} : {now}" if fr else f"{refilled}: {now}"
        if not is_good(a.good):
            return _no_such("good", a.good, 0, NUM_GOODS - 1, lang)
        name = good_name(a.good, lang)
        if a.good not in TIER_GOODS[s.options.milk_tier][gap - 1]:
            return (
                f"{_le(a.good, name)} n'est pas un bien de niveau {tier} : {now}"
                if fr
                else f"{name} is not a tier-{tier} good: {now}"
            )
        if s.deck[a.good]:
            return ""
        return (
            f"aucune carte {name} ne peut être piochée maintenant"
            if fr
            else f"no {name} card can be drawn now"
        )
    small = gap == 3
    if fr:
        size = "petit" if small else "grand"
        cost = f"coût {'≤' if small else '>'} {LAYOUT.small_max_cost}"
        now = f"un {size} bâtiment ({cost}) est pioché maintenant pour le marché"
    else:
        size = "small" if small else "large"
        now = f"a {size} building is drawn for the market now"
    if not isinstance(a, DrawBuilding):
        return f"{refilled} : {now}" if fr else f"{refilled}: {now}"
    if a.building not in BUILDINGS:
        return _no_such("building", a.building, min(BUILDING_IDS), max(BUILDING_IDS), lang)
    name = building_name(a.building, lang)
    if SMALLNESS[a.building] != small:
        return (
            f"le bâtiment {name} n'est pas un {size} bâtiment : {now}"
            if fr
            else f"{name} is not a {size} building: {now}"
        )
    if a.building in s.building_deck:
        return ""
    return (
        f"le bâtiment {name} n'est pas dans la pioche des bâtiments"
        if fr
        else f"{name} is not in the building deck"
    )


# --- the words of the reasons, French beside English -------------------------------------

# The goods whose French name is feminine (« la brique »), by key: the article a sentence
# opening on a good needs (data.py has no gender; a key that is no good fails at import).
_FEMININE = frozenset(
    {
        "clay",  # argile
        "stone",  # pierre
        "brick",  # brique
        "cut_stone",  # brique de pierre
        "flour",  # farine
        "cattle",  # vache
        "timber",  # planche
        "fishing_rod",  # canne à pêche
        "iron",  # poutre
        "meat",  # viande
    }
)
_UNKNOWN = _FEMININE.difference(g.key for g in GOODS)
if _UNKNOWN:
    raise ValueError(f"explain._FEMININE: unknown goods {sorted(_UNKNOWN)}")


def _le(k: int, name: str) -> str:
    """A good's French name with its article: « la brique », « le bois », « l'argile »."""
    if elides(name):
        return f"l'{name}"
    return f"{'la' if GOODS[k].key in _FEMININE else 'le'} {name}"


def _none_left(name: str, fr: bool) -> str:
    """No ``name`` in the bottom row (LF-02, LF-04)."""
    if fr:
        return f"il ne reste plus {de(name)} dans la rangée du bas"
    return f"no {name} is left in the bottom row"


def _not_in_market(name: str, fr: bool) -> str:
    return f"il n'y a pas {de(name)} au marché" if fr else f"no {name} is in the market"


def _not_shown(fr: bool) -> str:
    return "ce bâtiment n'est pas au marché" if fr else "that building is not in the market"


# What a number names, in French and English (`_no_such`).
_KINDS = {"good": "bien", "building": "bâtiment"}


def _no_such(what: str, x: int, lo: int, hi: int, lang: str) -> str:
    """Why ``x`` is no ``what`` (``"good"`` or ``"building"``, numbered from ``lo`` to
    ``hi``); a field of the wrong type never gets here (the core names it first,
    `_wrong_field`)."""
    if lang == "fr":
        return f"aucun {_KINDS[what]} n'a le numéro {x} (les numéros vont de {lo} à {hi})"
    return f"there is no {what} number {x} (numbers go from {lo} to {hi})"


def _explain_take(s: State, trade: Trade, a: Any, lang: str) -> str:
    """Why a card cannot be taken (or taking cannot stop) in a trade (LF-05)."""

    fr = lang == "fr"
    if isinstance(a, StopTaking):
        return (
            "il faut prendre au moins un bien ou un bâtiment avant de payer"
            if fr
            else "take at least one good or building before paying"
        )
    if isinstance(a, TakeGood):
        k = a.good
        if not is_good(k):
            return _no_such("good", k, 0, NUM_GOODS - 1, lang)
        name = good_name(k, lang)
        if not s.market[k]:
            return _not_in_market(name, fr)
        if trade.taken[k] >= s.market[k]:
            return (
                f"toutes les cartes {name} du marché sont déjà prises"
                if fr
                else f"every {name} shown in the market is already taken"
            )
    else:
        b = a.building
        if b not in BUILDINGS:
            return _no_such("building", b, min(BUILDINGS), max(BUILDINGS), lang)
        if b not in s.buildings_shown:
            return _not_shown(fr)
        if b in trade.taken_buildings:
            return (
                "ce bâtiment est déjà pris dans cet échange"
                if fr
                else "that building is already taken in this trade"
            )
    return (
        "ce serait plus cher que ce que vos biens et vos pièces peuvent payer"
        if fr
        else "that would cost more than the goods and coins you can pay with"
    )
