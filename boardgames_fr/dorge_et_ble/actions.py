"""The moves of D'Orge et de Blé: one small frozen class per kind, and the card draw."""

from __future__ import annotations

import attrs

__all__ = ["ACTION_TYPES", "Barter", "Discard", "Draw", "Harvest", "Keep", "Sell", "Upgrade"]


@attrs.frozen
class Harvest:
    """DB-07: play ``card`` into your harvest column and take tokens."""

    card: int


@attrs.frozen
class Sell:
    """DB-09: put ``card`` in your Brasserie or Boulangerie and pay its recipe."""

    card: int


@attrs.frozen
class Upgrade:
    """DB-10: slide ``card`` under your board; then clean up your buildings.

    A score upgrade's coins are not given to a good now: the final count gives them, each
    whole, to beer or bread so that the lower total is as high as possible (DB-14).
    """

    card: int


@attrs.frozen
class Barter:
    """DB-06 (drought years): give ``give`` from your hand for ``take`` from the barter row,
    then play ``take`` at once."""

    give: int
    take: int


@attrs.frozen
class Discard:
    """DB-08: one token of ``resource`` that does not fit in your barn goes to the surplus."""

    resource: int


@attrs.frozen
class Keep:
    """DB-08: keep one offered token of ``resource`` (when not all of them fit)."""

    resource: int


@attrs.frozen
class Draw:
    """Chance: ``card`` is the card drawn (one event per card, uniform over the deck)."""

    card: int


ACTION_TYPES = (Harvest, Sell, Upgrade, Barter, Discard, Keep, Draw)
