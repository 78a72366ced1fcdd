"""Fromage's actions: one small frozen class per kind of move, chance outcomes included.

Spaces are named by their name in the board data ("gros bidon"), seats by number, dice
faces by their ids ("green", "yellow", "red": `state.FACES`), power markers by kind id
("reroll", "extra_turn", "transfer", "improvement", "worsening", "cancel": `state.KINDS`,
the markers Relance, Tour supplémentaire, Transfert, Amélioration, Détérioration and
Annulation).
"""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "ChooseSpace",
    "DieFace",
    "Done",
    "DrawMarker",
    "ForcePlayer",
    "ForceSpace",
    "MoveMouse",
    "Pass",
    "PickDie",
    "PlaceMouse",
    "PlayMarker",
    "TransferTo",
]


@attrs.frozen
class PlaceMouse:
    """Setup (FR-03): put one of your mice on a bottom space.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(PlaceMouse("gros bidon"), None, "en")
        'place a mouse on the big milk can'
    """

    space: str


@attrs.frozen
class ChooseSpace:
    """FR-04: choose a space holding at least one of your mice; its dice are rolled.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(ChooseSpace("seau"), None, "en")
        'choose the bucket and roll'
    """

    space: str


@attrs.frozen
class MoveMouse:
    """FR-06/FR-07: apply one die's result: move a mouse of colour ``owner`` to ``to``.

    ``face`` is "green" (``to`` is one of the space's up links) or "red" (a down link).
    On a bottom space a red result leaves the mouse where it is: then ``to`` is the roll's
    own space and the mouse counts as used (FR-09).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(MoveMouse("green", 1, "seau"), None, "en")
        'green die: the white mouse climbs to the bucket'
    """

    face: str
    owner: int
    to: str


@attrs.frozen
class PlayMarker:
    """FR-11: play one of your power markers of this kind (it is then discarded).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(PlayMarker("transfer"), None, "en")
        'play the Transfer marker'
    """

    kind: str


@attrs.frozen
class Pass:
    """Let a reaction window go by without playing a marker.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(Pass(), None, "en")
        'pass'
    """


@attrs.frozen
class PickDie:
    """While composing a marker: choose die number ``die`` (0-based, in rolling order).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(PickDie(0), None, "en")
        'pick die #1'
    """

    die: int


@attrs.frozen
class Done:
    """While composing a marker: stop picking dice.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(Done(), None, "en")
        'finish choosing dice'
    """


@attrs.frozen
class TransferTo:
    """FR-14, Transfert: the roll's results now act on ``space``.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(TransferTo("chaise"), None, "en")
        'transfer the roll to the chair'
    """

    space: str


@attrs.frozen
class ForceSpace:
    """FR-13, Tour supplémentaire on another player: they play a turn at once on ``space``.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(ForceSpace("seau"), None, "en")
        'make the player play again on the bucket'
    """

    space: str


@attrs.frozen
class ForcePlayer:
    """FR-13, Tour supplémentaire with ``tour_target="any"``: the player who must play at
    once (the marker's own seat, for the player who just played: their own second turn).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(ForcePlayer(2), None, "en")
        'make the grey player play a turn at once'
    """

    seat: int


@attrs.frozen
class DieFace:
    """Chance outcome: one die shows ``face`` (FR-05).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(DieFace("yellow"), None, "en")
        'die: yellow'
    """

    face: str


@attrs.frozen
class DrawMarker:
    """Chance outcome: the next marker drawn is of ``kind`` (FR-11).

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.describe(DrawMarker("cancel"), None, "en")
        'marker drawn: Cancel'
    """

    kind: str


ACTION_TYPES = (
    PlaceMouse,
    ChooseSpace,
    MoveMouse,
    PlayMarker,
    Pass,
    PickDie,
    Done,
    TransferTo,
    ForceSpace,
    ForcePlayer,
    DieFace,
    DrawMarker,
)
