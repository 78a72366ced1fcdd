"""Deck components that several games share: the outcomes of a draw from a pile and
the pile after a card leaves it (Lactorama's season decks, the toy game's deck).

They are pure functions of immutable values, so a game's state can hold their results
and still hash, compare and serialise as a whole. A component one game alone uses lives
in that game (Fromage's reaction window, Lactorama's offer budget and waiting room).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

__all__ = ["draw_outcomes", "remove_one"]

T = TypeVar("T", bound=Hashable)


# --- decks ----------------------------------------------------------------------------


def draw_outcomes(cards: Iterable[T]) -> tuple[tuple[T, int], ...]:
    """The chance outcomes of drawing one card: each distinct card with its count.

    A shuffled deck is drawn one card per chance event, uniform over the cards left
    (shared/API.md); equal cards are merged so a menu lists each once.

    Example:
        >>> draw_outcomes(("relance", "transfert", "relance"))
        (('relance', 2), ('transfert', 1))
    """
    counts: dict[T, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return tuple(counts.items())


def remove_one(cards: tuple[T, ...], card: T) -> tuple[T, ...]:
    """The cards with one copy of ``card`` taken out.

    Example:
        >>> remove_one((1, 2, 1), 1)
        (2, 1)
    """
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
