"""Why an action is refused, in a player's words (the `Game` hook ``explain``).

The core calls `explain` on the failing path of ``step`` only, once per language, for
`IllegalActionError`'s message and its French `reason`. A reason names no hidden card:
only the seat's own hand and what lies face up.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.labels import de, player_name
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Keep, Sell
from boardgames_fr.dorge_et_ble.render import card_label
from boardgames_fr.dorge_et_ble.rules import fruitful
from boardgames_fr.dorge_et_ble.state import DEAL, DISCARD, KEEP, ROW, State

__all__ = ["explain"]

NUM_RES = D.NUM_RES


def _card(c: int, lang: str) -> str:
    if 0 <= c < D.NUM_CARDS:
        return card_label(c, lang)
    return f"carte n°{c} (inexistante)" if lang == "fr" else f"card {c} (no such card)"


def _res(r: int, lang: str) -> str:
    fr = lang == "fr"
    if 0 <= r < NUM_RES:
        return D.RES_NAMES["fr" if fr else "en"][r]
    return f"ressource {r} (inexistante)" if fr else f"resource {r} (no such resource)"


def explain(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is refused now, in French (``"fr"``) or English (``"en"``); "" for
    the core's generic sentence. Names no hidden card: only the seat's own hand and what
    lies face up (the pending card, the barter row, the barns)."""
    if state.phase == DEAL:
        return _explain_deal(state, action, lang)
    fr = lang == "fr"
    seat = state.to_move
    # A reason is read by a person: players are numbered from 1, as everywhere they read.
    who = player_name(seat, lang)
    if state.phase == DISCARD:
        if isinstance(action, Discard):
            res = _res(action.resource, lang)
            if fr:
                return f"la Grange de {who} ne contient aucun pion {de(res)}"
            return f"{who}'s barn holds no {res} token"
        if fr:
            return f"{who} doit d'abord offrir les pions qui ne tiennent pas dans sa Grange"
        return f"{who} must first give away the tokens that do not fit in the barn"
    if state.phase == KEEP:
        if isinstance(action, Keep):
            res = _res(action.resource, lang)
            if fr:
                return f"aucun pion {de(res)} n'est offert à {who}"
            return f"no {res} token is offered to {who}"
        if fr:
            return f"{who} doit d'abord choisir quels pions offerts garder"
        return f"{who} must first choose which offered tokens to keep"
    if isinstance(action, Discard | Keep):
        return "aucune Grange ne déborde maintenant" if fr else "no barn is overflowing now"
    if isinstance(action, Draw):
        return "aucune carte n'est distribuée maintenant" if fr else "no card is being dealt now"
    pending = _card(state.pending, lang) if state.pending >= 0 else ""
    if isinstance(action, Barter):
        if fruitful(state.year):
            if fr:
                return "le troc n'est possible qu'en année de sécheresse"
            return "barter is only possible in a drought year"
        if pending:
            if fr:
                return f"{who} doit d'abord jouer {pending}, la carte prise au troc"
            return f"{who} must first play {pending}, taken from the barter row"
        if action.give not in state.hands[seat]:
            return _not_in_hand(action.give, who, lang)
        take = _card(action.take, lang)
        if fr:
            return f"{take} n'est pas parmi les cartes de troc"
        return f"{take} is not in the barter row"
    card = action.card
    if pending and card != state.pending:
        if fr:
            return f"{who} doit jouer {pending}, la carte prise au troc"
        return f"{who} must play {pending}, taken from the barter row"
    if not pending and card not in state.hands[seat]:
        return _not_in_hand(card, who, lang)
    if isinstance(action, Sell):
        good = D.CARD_GOOD[card]
        if state.buildings[seat][good] >= 0:
            if fr:
                where = "Brasserie" if good == D.BEER else "Boulangerie"
                return (
                    f"la {where} de {who} contient encore une carte vendue :"
                    " une amélioration la nettoie"
                )
            where = "Brewery" if good == D.BEER else "Bakery"
            return f"{who}'s {where} still holds a sold card: an upgrade cleans it up"
        label = _card(card, lang)
        if fr:
            return f"la Grange de {who} n'a pas les pions de la recette {de(label)}"
        return f"{who}'s barn lacks the tokens of the recipe of {label}"
    return ""


def _not_in_hand(card: int, who: str, lang: str) -> str:
    """« Blonde 4 (n°0) n'est pas dans la main de Joueur 1 »: the hand of the seat to move
    (its own, which it sees)."""
    label = _card(card, lang)
    if lang == "fr":
        return f"{label} n'est pas dans la main de {who}"
    return f"{label} is not in {who}'s hand"


def _explain_deal(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is not the card drawn at this deal (DB-05, DB-06), for a table typing
    in the cards it deals, in French (``"fr"``) or English (``"en"``). Names no hidden
    card: only who gets the card drawn, which the hand sizes and the row show anyway; a
    card out of the deck is « not in the deck », wherever it is (maybe a hand)."""
    fr = lang == "fr"
    if isinstance(action, Draw):
        card = action.card
        last = D.NUM_CARDS - 1
        if not 0 <= card < D.NUM_CARDS:
            if fr:
                return f"il n'y a pas de carte n°{card} (les cartes vont du n°0 au n°{last})"
            return f"there is no card {card} (cards go from 0 to {last})"
        if card in state.deck:
            return ""  # it can be drawn: not a refusal
        # Not where it is: a card out of the deck may be in a hand.
        label = _card(card, lang)
        if fr:
            return (
                f"on ne peut pas piocher {label} maintenant : cette carte n'est pas dans la pioche"
            )
        return f"{label} cannot be drawn now: it is not in the deck"
    who = state.deal_queue[0]
    if fr:
        where = "rejoint le troc" if who == ROW else f"va dans la main de {player_name(who, lang)}"
        return f"on distribue les cartes : la prochaine carte tirée de la pioche {where}"
    where = "the barter row" if who == ROW else f"{player_name(who, lang)}'s hand"
    return f"the cards are being dealt: the next card drawn from the deck goes to {where}"
