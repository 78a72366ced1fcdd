"""The names of Little Factory's goods and buildings, in French (the game's words) and
English: shared by the pictures and labels (`render`) and the refusal reasons (`explain`).

A number that is no good or building gets a name too (« bien inconnu »): a label or a
reason may be asked about an action rebuilt from any JSON.
"""

from __future__ import annotations

from boardgames_fr.little_factory.data import BUILDINGS, GOODS, NUM_GOODS, Building

__all__ = ["building_card", "building_name", "good_name", "is_good"]


def is_good(k: object) -> bool:
    """Whether ``k`` numbers a good (an int, not a bool, in range).

    Example:
        >>> is_good(3), is_good(True), is_good(99)
        (True, False, False)
    """
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < NUM_GOODS


def building_card(b: object) -> Building | None:
    """The building card of id ``b``, None for an id that is no building.

    Example:
        >>> building_card(16).key, building_card("16")
        ('dairy', None)
    """
    return BUILDINGS.get(b) if isinstance(b, int) and not isinstance(b, bool) else None


def good_name(k: int, lang: str) -> str:
    """A good's name (the game's word); a number that is no good is labelled as unknown.

    Example:
        >>> good_name(7, "fr"), good_name(7, "en"), good_name(99, "fr")
        ('brique de pierre', 'cut stone', 'bien inconnu')
    """
    if not is_good(k):
        return "bien inconnu" if lang == "fr" else "unknown good"
    g = GOODS[k]
    return g.name_fr if lang == "fr" else g.name_en


def building_name(b: int, lang: str) -> str:
    """A building's name; an id that is no building is labelled as unknown.

    Example:
        >>> building_name(16, "fr"), building_name(16, "en"), building_name(0, "en")
        ('laiterie', 'dairy', 'unknown building')
    """
    card = building_card(b)
    if card is None:
        return "bâtiment inconnu" if lang == "fr" else "unknown building"
    return card.name_fr if lang == "fr" else card.name_en
