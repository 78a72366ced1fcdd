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
    "KeepBons",
    "MakeOffer",
    "ProposeAlliance",
    "RefuseOffer",
    "Repay",
    "SellCows",
    "Take",
]


# --- chance outcomes ------------------------------------------------------------------


@attrs.frozen
class DieRoll:
    """Chance: one die shows ``value`` (LA-03, LA-05).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(DieRoll(4), None, "en")
        'the die shows 4'
    """

    value: int


@attrs.frozen
class DrawCard:
    """Chance: the card ``card`` is drawn (a season card onto a slot, or an Imprévu).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(DrawCard("P01"), None, "en")
        'card drawn: Spring calving (P01)'
    """

    card: str


# --- decisions ------------------------------------------------------------------------


@attrs.frozen
class ChooseFiliere:
    """Take a filière card when the dice named one already dealt twice (LA-03), or keep
    one of the two filière cards of a new alliance (LA-17).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(ChooseFiliere("ecolo"), None, "en")
        'take the Eco filière'
    """

    filiere: str


@attrs.frozen
class ChooseNeighbour:
    """Pick which farm is "the neighbour" when pawns tie (LA-08).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(ChooseNeighbour(1), None, "en")
        'the neighbour is farm B'
    """

    farm: int


@attrs.frozen
class AcceptCard:
    """Do what an optional card offers (LA-09 land increases, and other choices).

    With ``plain``, a farm of the card's filière takes the card as printed, without its
    filière factor (LA-09: « les augmentations sont facultatives »): 8 ha for 8,000 €
    where the factor would make it 16 ha for 16,000 €. Offered only where the factor
    makes the card dearer.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(AcceptCard(), None, "en"), L.describe(AcceptCard(plain=True), None, "en")
        ('accept the card', 'accept the card without the filière factor')
    """

    plain: bool = False


@attrs.frozen
class DeclineCard:
    """Let an optional card go.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(DeclineCard(), None, "en")
        'decline the card'
    """


@attrs.frozen
class BuyCows:
    """Buy a pair of cows (LA-10); with ``loan``, 2,000 a cow is borrowed (LA-15).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(BuyCows(loan=True), None, "en")
        'buy 2 cows with a loan'
    """

    loan: bool


@attrs.frozen
class EndPurchase:
    """Stop buying cows.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(EndPurchase(), None, "en")
        'stop buying'
    """


@attrs.frozen
class MakeOffer:
    """At the Négoce, start an offer to another farm (LA-11).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(MakeOffer(1), None, "en")
        'make an offer to farm B'
    """

    farm: int


@attrs.frozen
class Give:
    """What your farm gives in the offer: a kind and a quantity.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(Give("ha", 8), None, "en")
        'I give: 8 ha'
    """

    kind: str
    qty: int


@attrs.frozen
class Take:
    """What your farm takes in return; this sends the offer (LA-11).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(Take("cows", 4), None, "en")
        'I ask for: 4 cows'
    """

    kind: str
    qty: int


@attrs.frozen
class EndNegoce:
    """Leave the Négoce.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(EndNegoce(), None, "en")
        'leave the Négoce'
    """


@attrs.frozen
class AcceptOffer:
    """Accept the offer (Négoce) or the alliance proposed to your farm.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(AcceptOffer(), None, "en")
        'accept'
    """


@attrs.frozen
class RefuseOffer:
    """Refuse the offer or the alliance.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(RefuseOffer(), None, "en")
        'refuse'
    """


@attrs.frozen
class GiveLand:
    """An eliminated farm hands a block of its land to ``farm`` (LA-19).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(GiveLand(1), None, "en")
        'give a parcel to farm B'
    """

    farm: int


@attrs.frozen
class Repay:
    """Repay one loan ticket of 2,000 at the end of the year (LA-15).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(Repay(), None, "en")
        'repay one loan (2 000 €)'
    """


@attrs.frozen
class SellCows:
    """Sell a pair of cows to the bank at the end of the year, at 2,500 a cow (LA-12,
    with the option ``bank_sales``).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(SellCows(), None, "en")
        'sell 2 cows to the bank (5 000 €)'
    """


@attrs.frozen
class ChangeFiliere:
    """Change filière card for 5,000 at the end of the year (LA-16).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(ChangeFiliere("techno"), None, "en")
        'change to the Techno filière (5 000 €)'
    """

    filiere: str


@attrs.frozen
class ProposeAlliance:
    """Propose to unite with ``farm`` at the end of the year (LA-17).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(ProposeAlliance(2), None, "en")
        'propose an alliance to farm C'
    """

    farm: int


@attrs.frozen
class KeepBons:
    """After an alliance with a farm left alone, keep the bon pile of ally ``farm`` (LA-17:
    « Seul un paquet de bon est conservé »).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(KeepBons(2), None, "en")
        "keep farm C's bons"
    """

    farm: int


@attrs.frozen
class EndYear:
    """Finish your farm's end-of-year business.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> L.describe(EndYear(), None, "en")
        'finish the year'
    """


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
    SellCows,
    ChangeFiliere,
    ProposeAlliance,
    KeepBons,
    EndYear,
)
