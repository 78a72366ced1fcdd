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
    """First round: one coin for one basic good of the bottom row (LF-02).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> BuyBasic(4) in lf.legal_actions(s), lf.describe(BuyBasic(4), s)
        (True, 'Acheter 1 bois pour 1 pièce')
    """

    good: int


@attrs.frozen
class EndExchange:
    """First round: stop exchanging coins and play the turn (LF-02).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.step(lf.new_game(2, seed=3), EndExchange())
        >>> s.phase, s.coins
        ('main', (3, 4))
    """


@attrs.frozen
class ProduceBasic:
    """Produce: take one basic good from the bottom row (LF-04).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(ProduceBasic(3), None, "en")
        'Produce 1 wheat (bottom row)'
    """

    good: int


@attrs.frozen
class Produce:
    """Produce: spend (and show) a recipe's goods to take that good from the market
    (LF-04, LF-07); ``alt`` numbers the recipe's alternatives.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(Produce(5, 0)), lf.describe(Produce(9, 1), None, "en")
        ('Produire 1 brique en dépensant 1 argile', 'Produce 1 thread showing 1 sheep')
    """

    good: int
    alt: int


@attrs.frozen
class Build:
    """Produce a building of the market by spending its build recipe (LF-08).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(Build(5))
        'Produire le bâtiment moulin en dépensant 1 brique'
    """

    building: int


@attrs.frozen
class StartTrade:
    """Trade: begin choosing what to take from the market (LF-05).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.step(lf.new_game(2, seed=3), EndExchange())
        >>> s = lf.step(s, StartTrade())
        >>> s.phase, s.trade.price
        ('take', 0)
    """


@attrs.frozen
class TakeGood:
    """Trade: take one good of the market (basic, tier 2 or tier 3).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(TakeGood(12), None, "en")
        'Take 1 timber (value 5)'
    """

    good: int


@attrs.frozen
class TakeBuilding:
    """Trade: take a building of the market for its cost (LF-08).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(TakeBuilding(16))
        'Prendre le bâtiment laiterie (coût 6)'
    """

    building: int


@attrs.frozen
class StopTaking:
    """Trade: nothing more to take; pay now.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(StopTaking(), None, "en")
        'Go on to paying'
    """


@attrs.frozen
class PayGood:
    """Trade: give one good of the hand at its trade value.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(PayGood(10))
        'Payer avec 1 vache (valeur 5)'
    """

    good: int


@attrs.frozen
class PayCoin:
    """Trade: give one coin (value 1).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(PayCoin(), None, "en")
        'Pay 1 coin'
    """


@attrs.frozen
class UseBuilding:
    """The turn's one building action: its automated production (LF-08, LF-11);
    ``alt`` numbers the effect's alternatives.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(UseBuilding(4, 1))
        'Bâtiment filature : montrer 1 mouton → fil'
    """

    building: int
    alt: int


@attrs.frozen
class EndTurn:
    """End the turn (after producing or trading, or when neither is possible).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(EndTurn(), None, "en")
        'End the turn'
    """


@attrs.frozen
class Discard:
    """Above the hand limit at the end of the turn: discard one good (LF-03).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(Discard(0))
        'Défausser 1 argile (limite de main)'
    """

    good: int


@attrs.frozen
class DrawGood:
    """Chance: the card drawn from the goods deck to fill a market gap (LF-06).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3, chance="explicit")
        >>> lf.current_player(s), lf.describe(DrawGood(8), s)
        (-1, 'Pioche : farine')
    """

    good: int


@attrs.frozen
class DrawBuilding:
    """Chance: the building drawn to fill a gap in a building row (LF-06).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> lf.describe(DrawBuilding(13), None, "en")
        'Drawn: building castle'
    """

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
