"""The chance events of Lactorama and their outcomes (the core's ``chance`` hook): the
dice (LA-03, LA-05), a season card for a slot (LA-04, LA-21), an Imprévu card (LA-13).

Tables built once; with every card printed once (the shipped data; `validate` rejects a
save holding a card twice) a card is one precomputed ``(DrawCard, 1)`` pair and a draw is
uniform by index, which the auto-play fast path (autoplay.py) relies on (`SINGLE`).
"""

from __future__ import annotations

from itertools import groupby
from typing import Any

from boardgames_fr.core.components import draw_outcomes
from boardgames_fr.core.game import Uniform
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import DieRoll, DrawCard
from boardgames_fr.lactorama.state import PH_DEAL, PH_DRAW_SLOT, PH_FILIERE, PH_ROLL, State

__all__ = ["DIE", "SINGLE", "chance", "draw_table"]

DIE = Uniform((DieRoll(v), 1) for v in range(1, 7))  # equal weights: drawn by index
_DRAW = {cid: DrawCard(cid) for cid in D.CARDS}
SINGLE = all(c.copies == 1 for c in D.CARDS.values())
_ONE_OF = {cid: (d, 1) for cid, d in _DRAW.items()}.__getitem__


def draw_table(pile: tuple[str, ...]) -> tuple[tuple[Any, int], ...]:
    """One card from ``pile``, uniform: each distinct card with its count.

    Piles are kept sorted, so equal cards are neighbours (``draw_outcomes`` without the
    dictionary). With every card printed once (`SINGLE`), each card is one precomputed
    ``(DrawCard, 1)`` pair.
    """
    if SINGLE:
        return Uniform(map(_ONE_OF, pile))
    return tuple((_DRAW[c], len(list(g))) for c, g in groupby(pile))


def _deal_outcomes(s: State) -> tuple[tuple[Any, int], ...]:
    """One season card for a slot, uniform over the deck; with ``land_always`` the
    land-change cards are weighted so that all of them end up on the square (LA-21)."""
    if not s.options.land_always:
        deck = s.deck
        # A whole season deck (the first card of a deal): the same outcome tuple every
        # time, so the core keeps its cumulative weights.
        if deck is D.SEASON_DECKS[s.season]:
            return _FULL_DEALS[s.season]
        return draw_table(deck)
    counts = draw_outcomes(s.deck)
    left = s.slots.count("")
    land_cards = sum(w for c, w in counts if D.CARDS[c].land)
    other = sum(w for c, w in counts if not D.CARDS[c].land)
    if land_cards == 0:
        return tuple((_DRAW[c], w) for c, w in counts)
    if other == 0 or left <= land_cards:
        return tuple((_DRAW[c], w) for c, w in counts if D.CARDS[c].land)
    # P(land card) = land / left: weight `other` per land card, `left - land` per other.
    return tuple(
        (_DRAW[c], w * (other if D.CARDS[c].land else left - land_cards)) for c, w in counts
    )


# The chance phases of dice, and of season cards.
_DICE_PHASES = frozenset((PH_ROLL, PH_FILIERE))
_DEAL_PHASES = frozenset((PH_DEAL, PH_DRAW_SLOT))


def chance(s: State) -> tuple[tuple[Any, int], ...]:
    """The core's ``chance`` hook: the outcomes of the chance event at ``s``."""
    ph = s.phase
    if ph in _DICE_PHASES:
        return DIE
    if ph == PH_DEAL and SINGLE and not s.options.land_always:
        # The usual deal, inlined from `_deal_outcomes` (the most frequent event).
        deck = s.deck
        if deck is D.SEASON_DECKS[s.season]:
            return _FULL_DEALS[s.season]
        return Uniform(map(_ONE_OF, deck))
    if ph in _DEAL_PHASES:
        return _deal_outcomes(s)
    pile = s.imprevu
    return _FULL_IMPREVU if pile is D.IMPREVU_DECK else draw_table(pile)


_FULL_DEALS = tuple(draw_table(deck) for deck in D.SEASON_DECKS)
_FULL_IMPREVU = draw_table(D.IMPREVU_DECK)
