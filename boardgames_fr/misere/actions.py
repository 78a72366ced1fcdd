"""The moves of Misère: one small frozen class per kind of move.

Placement phase: `Place`. Action phase: `Activate` takes a worker off the zone, then the
worker's move is finished with one or more of the others (see docs/rules/misere.md).
"""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "Activate",
    "AdvanceOeuvre",
    "BuyFood",
    "FallToMisery",
    "Glander",
    "GoHome",
    "GoToSector",
    "NoQualify",
    "Place",
    "Qualify",
    "SellOeuvre",
]


@attrs.frozen
class Place:
    """MI-02/MI-03: put a worker from the reserve on a place of the zone (`zone_layout`)."""

    place: int
    qualified: bool


@attrs.frozen
class Activate:
    """MI-04: take one's worker off this place of the zone and do its action."""

    place: int


@attrs.frozen
class GoToSector:
    """MI-05: the worker goes to this free sector (0 artisans, 1 petits, 2 agricoles, 3 commune)."""

    sector: int


@attrs.frozen
class Glander:
    """MI-10: on Acheter à bouffer, just take the worker back."""


@attrs.frozen
class BuyFood:
    """MI-10: buy this many food tokens on the sector."""

    count: int


@attrs.frozen
class Qualify:
    """MI-09/MI-15: give a helmet to an unqualified worker of one's own.

    ``where`` is "sector" (``index``: the sector it stands on, the acting worker included),
    "reserve", "zone" (``index``: its place) or "oeuvre".
    """

    where: str
    index: int = -1


@attrs.frozen
class NoQualify:
    """Galérer without qualifying anyone."""


@attrs.frozen
class FallToMisery:
    """MI-05/MI-20: the worker goes to this free misery circle (0 pointer, 1 oeuvre, 2 manche)
    and does that action at once."""

    circle: int


@attrs.frozen
class GoHome:
    """MI-05: no sector fits and every misery circle is taken: the worker goes home empty-handed."""


@attrs.frozen
class AdvanceOeuvre:
    """MI-13: the worker on the Oeuvre moves on (1 space, 2 if qualified)."""


@attrs.frozen
class SellOeuvre:
    """MI-13/MI-17: take the worker off the Oeuvre and cash its space."""


ACTION_TYPES = (
    Place,
    Activate,
    GoToSector,
    Glander,
    BuyFood,
    Qualify,
    NoQualify,
    FallToMisery,
    GoHome,
    AdvanceOeuvre,
    SellOeuvre,
)
