"""The moves of D'Orge et de Blé: one small frozen class per kind, and the card draw.

A frontend builds them from card and resource numbers (cards 0..59 as in
``data/cards.json``; resources 0 eau, 1 blé, 2 orge, 3 seigle, 4 houblon) and checks them
against ``legal_actions``.
"""

from __future__ import annotations

import attrs

__all__ = ["ACTION_TYPES", "Barter", "Discard", "Draw", "Harvest", "Keep", "Sell", "Upgrade"]


@attrs.frozen
class Harvest:
    """DB-07: play ``card`` into your harvest column and take tokens.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> Harvest(2) in db.legal_actions(s)
        True
        >>> db.step(s, Harvest(2)).barns[0]  # 1 wheat, 1 hops
        (0, 1, 0, 0, 1)
    """

    card: int


@attrs.frozen
class Sell:
    """DB-09: put ``card`` in your Brasserie or Boulangerie and pay its recipe.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> db.describe(Sell(0), None, "en")
        'Sell Blonde ale 4 (#0): 1 water, 1 barley, 1 hops'
        >>> db.step(db.new_game(seed=3), Sell(2))
        Traceback (most recent call last):
        ...
        boardgames_fr.core.errors.IllegalActionError: Player 1's barn lacks the tokens of ...
    """

    card: int


@attrs.frozen
class Upgrade:
    """DB-10: slide ``card`` under your board; then clean up your buildings.

    A score upgrade for beer or for bread adds its coins to that good (DB-12); the coins
    of one « au choix » are given at the final count, whole, to beer or bread so that the
    lower total is as high as possible (DB-14).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.step(db.new_game(seed=3), Upgrade(20))
        >>> s.upgrades
        ((20,), ())
    """

    card: int


@attrs.frozen
class Barter:
    """DB-06 (drought years): give ``give`` from your hand for ``take`` from the barter row,
    then play ``take`` at once.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> db.describe(Barter(2, 5), None, "en")
        'Barter Blonde ale 4 (#2) for Blonde ale 5 (#5)'
        >>> db.step(db.new_game(seed=3), Barter(2, 5))
        Traceback (most recent call last):
        ...
        boardgames_fr.core.errors.IllegalActionError: barter is only possible in a drought year
    """

    give: int
    take: int


@attrs.frozen
class Discard:
    """DB-08: one token of ``resource`` that does not fit in your barn goes to the surplus.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> db.describe(Discard(1), None, "fr")
        "Offrir 1 blé à l'autre joueur"
    """

    resource: int


@attrs.frozen
class Keep:
    """DB-08: keep one offered token of ``resource`` (when not all of them fit).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> db.describe(Keep(4), None, "en")
        'Keep 1 hops'
    """

    resource: int


@attrs.frozen
class Draw:
    """Chance: ``card`` is the card drawn (one event per card, uniform over the deck).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3, chance="explicit")
        >>> db.chance_outcomes(s)[0]
        (Draw(card=0), 0.016666666666666666)
        >>> db.step(s, Draw(0)).hands[0]
        (0,)
    """

    card: int


ACTION_TYPES = (Harvest, Sell, Upgrade, Barter, Discard, Keep, Draw)
