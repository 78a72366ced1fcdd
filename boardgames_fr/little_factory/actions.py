"""The moves of Little Factory, one small frozen class per kind, and the chance outcomes.

Goods are named by their number in `data.GOODS`, buildings by their id (1..30). A trade
is not one action over subsets of a hand but a sequence: `StartTrade`, one `TakeGood` or
`TakeBuilding` per card taken, `StopTaking`, then one `PayGood` or `PayCoin` per card or
coin given until the price is covered (LF-05).
"""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Build",
    "BuyBasic",
    "Discard",
    "DrawBuilding",
    "DrawGood",
    "EndExchange",
    "EndTurn",
    "PayCoin",
    "PayGood",
    "Produce",
    "ProduceBasic",
    "StartTrade",
    "StopTaking",
    "TakeBuilding",
    "TakeGood",
    "UseBuilding",
]


@attrs.frozen
class BuyBasic:
    """First round: one coin for one basic good of the bottom row (LF-02)."""

    good: int


@attrs.frozen
class EndExchange:
    """First round: stop exchanging coins and play the turn (LF-02)."""


@attrs.frozen
class ProduceBasic:
    """Produce: take one basic good from the bottom row (LF-04)."""

    good: int


@attrs.frozen
class Produce:
    """Produce: spend (and show) a recipe's goods to take that good from the market
    (LF-04, LF-07); ``alt`` numbers the recipe's alternatives."""

    good: int
    alt: int


@attrs.frozen
class Build:
    """Produce a building of the market by spending its build recipe (LF-08)."""

    building: int


@attrs.frozen
class StartTrade:
    """Trade: begin choosing what to take from the market (LF-05)."""


@attrs.frozen
class TakeGood:
    """Trade: take one good of the market (basic, tier 2 or tier 3)."""

    good: int


@attrs.frozen
class TakeBuilding:
    """Trade: take a building of the market for its cost (LF-08)."""

    building: int


@attrs.frozen
class StopTaking:
    """Trade: nothing more to take; pay now."""


@attrs.frozen
class PayGood:
    """Trade: give one good of the hand at its trade value."""

    good: int


@attrs.frozen
class PayCoin:
    """Trade: give one coin (value 1)."""


@attrs.frozen
class UseBuilding:
    """The turn's one building action: its automated production (LF-08, LF-11);
    ``alt`` numbers the effect's alternatives."""

    building: int
    alt: int


@attrs.frozen
class EndTurn:
    """End the turn (after producing or trading, or when neither is possible)."""


@attrs.frozen
class Discard:
    """Above the hand limit at the end of the turn: discard one good (LF-03)."""

    good: int


@attrs.frozen
class DrawGood:
    """Chance: the card drawn from the goods deck to fill a market gap (LF-06)."""

    good: int


@attrs.frozen
class DrawBuilding:
    """Chance: the building drawn to fill a gap in a building row (LF-06)."""

    building: int


Action = (
    BuyBasic
    | EndExchange
    | ProduceBasic
    | Produce
    | Build
    | StartTrade
    | TakeGood
    | TakeBuilding
    | StopTaking
    | PayGood
    | PayCoin
    | UseBuilding
    | EndTurn
    | Discard
    | DrawGood
    | DrawBuilding
)

ACTION_TYPES = (
    BuyBasic,
    EndExchange,
    ProduceBasic,
    Produce,
    Build,
    StartTrade,
    TakeGood,
    TakeBuilding,
    StopTaking,
    PayGood,
    PayCoin,
    UseBuilding,
    EndTurn,
    Discard,
    DrawGood,
    DrawBuilding,
)
