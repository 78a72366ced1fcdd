"""The moves of Lactorama, one small class per kind, and the chance outcomes."""

from __future__ import annotations

import attrs

__all__ = [
    "ACTION_TYPES",
    "AcceptCard",
    "AcceptOffer",
    "BuyCows",
    "ChangeFiliere",
    "ChooseFiliere",
    "ChooseNeighbour",
    "DeclineCard",
    "DieRoll",
    "DrawCard",
    "EndNegoce",
    "EndPurchase",
    "EndYear",
    "Give",
    "GiveLand",
    "MakeOffer",
    "ProposeAlliance",
    "RefuseOffer",
    "Repay",
    "Take",
]


# --- chance outcomes ------------------------------------------------------------------


@attrs.frozen
class DieRoll:
    """Chance: one die shows ``value`` (LA-03, LA-05)."""

    value: int


@attrs.frozen
class DrawCard:
    """Chance: the card ``card`` is drawn (a season card onto a slot, or an Imprévu)."""

    card: str


# --- decisions ------------------------------------------------------------------------


@attrs.frozen
class ChooseFiliere:
    """Take a filière card when the dice named one already dealt twice (LA-03)."""

    filiere: str


@attrs.frozen
class ChooseNeighbour:
    """Pick which farm is "the neighbour" when pawns tie (LA-08)."""

    farm: int


@attrs.frozen
class AcceptCard:
    """Do what an optional card offers (LA-09 land increases, and other choices)."""


@attrs.frozen
class DeclineCard:
    """Let an optional card go."""


@attrs.frozen
class BuyCows:
    """Buy a pair of cows (LA-10); with ``loan``, 2,000 a cow is borrowed (LA-15)."""

    loan: bool


@attrs.frozen
class EndPurchase:
    """Stop buying cows."""


@attrs.frozen
class MakeOffer:
    """At the Négoce, start an offer to another farm (LA-11)."""

    farm: int


@attrs.frozen
class Give:
    """What your farm gives in the offer: a kind and a quantity."""

    kind: str
    qty: int


@attrs.frozen
class Take:
    """What your farm takes in return; this sends the offer (LA-11)."""

    kind: str
    qty: int


@attrs.frozen
class EndNegoce:
    """Leave the Négoce."""


@attrs.frozen
class AcceptOffer:
    """Accept the offer (Négoce) or the alliance proposed to your farm."""


@attrs.frozen
class RefuseOffer:
    """Refuse the offer or the alliance."""


@attrs.frozen
class GiveLand:
    """An eliminated farm hands a block of its land to ``farm`` (LA-19)."""

    farm: int


@attrs.frozen
class Repay:
    """Repay one loan ticket of 2,000 at the end of the year (LA-15)."""


@attrs.frozen
class ChangeFiliere:
    """Change filière card for 5,000 at the end of the year (LA-16)."""

    filiere: str


@attrs.frozen
class ProposeAlliance:
    """Propose to unite with ``farm`` at the end of the year (LA-17)."""

    farm: int


@attrs.frozen
class EndYear:
    """Finish your farm's end-of-year business."""


ACTION_TYPES = (
    DieRoll,
    DrawCard,
    ChooseFiliere,
    ChooseNeighbour,
    AcceptCard,
    DeclineCard,
    BuyCows,
    EndPurchase,
    MakeOffer,
    Give,
    Take,
    EndNegoce,
    AcceptOffer,
    RefuseOffer,
    GiveLand,
    Repay,
    ChangeFiliere,
    ProposeAlliance,
    EndYear,
)
