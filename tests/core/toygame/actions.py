"""The moves and chance outcomes of the toy game, one small frozen class each."""

from __future__ import annotations

import attrs


@attrs.frozen
class Roll:
    """Roll the die into the pot.

    Example:
        >>> import toygame
        >>> Roll() in toygame.legal_actions(toygame.new_game(2, seed=1))
        True
    """


@attrs.frozen
class Bank:
    """Add the pot to one's score and pass the turn.

    Example:
        >>> Bank()
        Bank()
    """


@attrs.frozen
class Face:
    """A chance outcome: the die shows ``value``.

    Example:
        >>> Face(3).value
        3
    """

    value: int


@attrs.frozen
class Card:
    """A chance outcome: the next seat's secret card is ``value``.

    Example:
        >>> Card(6).value
        6
    """

    value: int
