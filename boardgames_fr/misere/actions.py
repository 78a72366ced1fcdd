"""The moves of Misère: one small frozen class per kind of move.

Placement phase: `Place`. Action phase: `Activate` takes a worker off the zone, then the
worker's move is finished with one or more of the others (see docs/rules/misere.md).
"""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "AT_OEUVRE",
    "AT_RESERVE",
    "AT_SECTOR",
    "AT_ZONE",
    "LOSE_KINDS",
    "LOSE_OEUVRE",
    "LOSE_PLAIN",
    "LOSE_QUALIFIED",
    "QUALIFY_PLACES",
    "Activate",
    "AdvanceOeuvre",
    "BuyFood",
    "FallToMisery",
    "GoHome",
    "GoToSector",
    "LoseWorker",
    "NoQualify",
    "Place",
    "Qualify",
    "SellOeuvre",
    "SlackOff",
]

# `Qualify.where`: where the worker to qualify stands (MI-09, MI-15).
AT_SECTOR = "sector"
AT_RESERVE = "reserve"
AT_ZONE = "zone"
AT_OEUVRE = "oeuvre"  # the Oeuvre tile
QUALIFY_PLACES = (AT_SECTOR, AT_RESERVE, AT_ZONE, AT_OEUVRE)

# `LoseWorker.which`: the worker a hungry player gives up (MI-16).
LOSE_PLAIN = "plain"  # an unqualified worker in reserve
LOSE_QUALIFIED = "qualified"  # a qualified worker in reserve
LOSE_OEUVRE = "oeuvre"  # the worker on the Oeuvre tile
LOSE_KINDS = (LOSE_PLAIN, LOSE_QUALIFIED, LOSE_OEUVRE)


@attrs.frozen
class Place:
    """MI-02/MI-03: put a worker from the reserve on a place of the zone (`zone_layout`).

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> misere.describe(Place(2, False), s, "en")
        "Place a worker on 'Work'"
        >>> misere.step(s, Place(2, False)).zone[2]  # seat 0's unqualified worker
        0
    """

    place: int
    qualified: bool


@attrs.frozen
class Activate:
    """MI-04: take one's worker off this place of the zone and do its action.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(Activate(2), None, "en")
        "Take the worker off 'Work'"
    """

    place: int


@attrs.frozen
class GoToSector:
    """MI-05: the worker goes to this free sector (0 artisans, 1 petits, 2 agricoles, 3 commune).

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(GoToSector(2), None, "en")
        'Go to the agribusiness farms'
    """

    sector: int


@attrs.frozen
class SlackOff:
    """MI-10: glander: on Acheter à bouffer, just take the worker back (schema 1 called
    this class ``Glander``, see `upgrade`).

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(SlackOff(), None, "en")
        'Slack off (take the worker back)'
    """


@attrs.frozen
class BuyFood:
    """MI-10: buy this many food tokens on the sector.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(BuyFood(2), None, "en")
        'Buy 2 food tokens'
    """

    count: int


@attrs.frozen
class Qualify:
    """MI-09/MI-15: give a helmet to an unqualified worker of one's own.

    ``where`` is `AT_SECTOR` ``"sector"`` (``index``: the sector it stands on, the acting
    worker included), `AT_RESERVE` ``"reserve"``, `AT_ZONE` ``"zone"`` (``index``: its
    place) or `AT_OEUVRE` ``"oeuvre"``.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(Qualify("reserve"), None, "en")
        'Give a helmet to a worker in reserve'
        >>> misere.describe(Qualify("sector", 0), None, "en")
        'Give a helmet to the worker at the workshops and shops'
    """

    where: str
    index: int = -1


@attrs.frozen
class NoQualify:
    """Galérer without qualifying anyone.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(NoQualify(), None, "en")
        'Qualify nobody'
    """


@attrs.frozen
class FallToMisery:
    """MI-05/MI-20: the worker goes to this free misery circle (0 pointer, 1 oeuvre, 2 manche)
    and does that action at once.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(FallToMisery(0), None, "en")
        'Misery: Sign on at the job centre'
    """

    circle: int


@attrs.frozen
class GoHome:
    """MI-05: no sector fits and every misery circle is taken: the worker goes home empty-handed.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(GoHome(), None, "en")
        'Go home empty-handed'
    """


@attrs.frozen
class AdvanceOeuvre:
    """MI-13: the worker on the Oeuvre moves on (1 space, 2 if qualified).

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(AdvanceOeuvre(), None, "en")
        'Work for yourself: move on'
    """


@attrs.frozen
class SellOeuvre:
    """MI-13/MI-17: take the worker off the Oeuvre and cash its space.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(SellOeuvre(), None, "en")
        'Sell the Oeuvre'
    """


@attrs.frozen
class LoseWorker:
    """MI-16: at the feeding, the player short of food gives up this worker for good.

    ``which`` is `LOSE_PLAIN` ``"plain"`` (an unqualified worker in reserve),
    `LOSE_QUALIFIED` ``"qualified"`` (a qualified one in reserve) or `LOSE_OEUVRE`
    ``"oeuvre"`` (the worker on the Oeuvre tile). Offered one worker at a time,
    only while the choice matters.

    Example:
        >>> from boardgames_fr import misere
        >>> misere.describe(LoseWorker("qualified"), None, "en")
        'Lose a qualified worker (from the reserve)'
    """

    which: str


ACTION_TYPES = (
    Place,
    Activate,
    GoToSector,
    SlackOff,
    BuyFood,
    Qualify,
    NoQualify,
    FallToMisery,
    GoHome,
    AdvanceOeuvre,
    SellOeuvre,
    LoseWorker,
)
