"""The frozen state of a game of D'Orge et de Blé, its options and its observation.

Encodings used throughout (see ``data.py``): resources are indexed 0..4 (eau, blé, orge,
seigle, houblon); goods 0 (Bière) and 1 (Pain); cards 0..59 as in ``data/cards.json``.
"""

from __future__ import annotations

import attrs

from boardgames_fr.core.options import int_in, one_of
from boardgames_fr.core.serial import ABSENT
from boardgames_fr.core.svg import Picture

__all__ = [
    "ADD_UP_TO",
    "DEAL",
    "DISCARD",
    "KEEP",
    "OVER",
    "PLAY",
    "RESET_TO",
    "ROW",
    "Observation",
    "Options",
    "State",
]

# Phases (``State.phase``).
DEAL = "deal"  # cards are being drawn (to_move is CHANCE)
PLAY = "play"  # ``to_move`` plays a card (or barters, in a drought year)
DISCARD = "discard"  # DB-08: the harvester picks the tokens that do not fit in the barn
KEEP = "keep"  # DB-08: the other player picks which offered tokens to keep
OVER = "over"

ROW = 2
"""In ``State.deal_queue``: a card for the barter row instead of a seat (DB-06)."""

# The values of ``Options.drought_sowing`` (DB-04).
ADD_UP_TO = "add_up_to"  # the original rule text: each field is completed up to its red sign
RESET_TO = "reset_to"  # each field is brought to exactly its red sign


@attrs.frozen
class Options:
    """The variants of D'Orge et de Blé; the defaults are the original rule text's.

    Attributes:
        drought_sowing: drought Semis: "add_up_to" (as written) or "reset_to" the red sign (DB-04).
        barn_size: spaces in a Grange (DB-03).
        barter_cards: barter cards laid out face up each drought year (DB-06).
        hand_size: cards in a full hand (DB-05, DB-06).
        free_sales: Atelier discounts may cover a whole recipe, the sale then free (DB-09, DB-10).

    ``drought_sowing``: the original rule text "completes" each field up to its red sign,
    a field already above it keeping its tokens ("add_up_to"); "reset_to" brings each
    field to exactly the red sign, the excess going back to the reserve.

    Example:
        >>> Options().drought_sowing
        'add_up_to'
        >>> Options(barn_size=0)
        Traceback (most recent call last):
        ...
        ValueError: barn_size must be an integer from 3 to 20, not 0
    """

    drought_sowing: str = attrs.field(default=ADD_UP_TO, validator=one_of((ADD_UP_TO, RESET_TO)))
    barn_size: int = attrs.field(default=9, validator=int_in(3, 20))
    barter_cards: int = attrs.field(default=3, validator=int_in(0, 5))
    hand_size: int = attrs.field(default=5, validator=int_in(1, 6))
    # DB-09, « tu paies les ressources de sa recette »: by default a sale costs at least
    # 1 water (rules.MIN_SALE), even when Atelier discounts (DB-10) cover the whole recipe.
    # Saves and logs written before this option existed were played with free sales.
    free_sales: bool = attrs.field(
        default=False, validator=one_of((False, True)), metadata={ABSENT: True}
    )


@attrs.frozen(slots=False)  # dict-backed, for `core.fast.replace`
class State(Picture):
    """The whole situation: cards, tokens, the Mill, whose turn it is and the RNG.

    Tuples indexed by seat have two entries. Card tuples in hands, deck, discard and barter
    row are kept sorted (they are sets of cards; the deck has no order because every draw
    is a chance event over the cards left). Harvest columns, sold piles and upgrades keep
    the order of play.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> s.year, s.phase, s.to_move, len(s.deck), s.fields
        (1, 'play', 0, 50, (18, 7, 8, 6, 6))
        >>> s.hands[0]
        (2, 20, 35, 43, 48)
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    year: int  # 1..6; odd years fruitful, even years drought (DB-01)
    phase: str  # DEAL, PLAY, DISCARD, KEEP or OVER
    active: int  # the seat whose card is being played (DISCARD/KEEP return to it)
    mill: int  # the seat holding the Mill (DB-11)
    deck: tuple[int, ...]  # hidden: the cards left to draw
    discard: tuple[int, ...]  # face up: harvest and barter cards discarded (DB-11)
    deal_queue: tuple[int, ...]  # who gets the next drawn cards: seat 0/1 or ROW
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    # known[s]: the cards of the other seat's hand that seat s knows (passed to it in a
    # fruitful year, or taken back face up from its harvest column) and has not seen leave.
    known: tuple[tuple[int, ...], tuple[int, ...]]
    barter: tuple[int, ...]  # DB-06: the face-up barter row
    pending: int  # DB-06: a card taken from the barter row, to be played at once; -1 none
    columns: tuple[tuple[int, ...], tuple[int, ...]]  # DB-07: this year's harvest column
    # DB-09: (Brasserie, Boulangerie) of each seat: a sold card or -1.
    buildings: tuple[tuple[int, int], tuple[int, int]]
    sold: tuple[tuple[int, ...], tuple[int, ...]]  # sold cards cleaned up (DB-10), still counted
    upgrades: tuple[tuple[int, ...], tuple[int, ...]]  # DB-10: upgrade cards, in order
    barns: tuple[tuple[int, ...], tuple[int, ...]]  # DB-03: tokens by resource
    fields: tuple[int, ...]  # DB-04: [0] the river (water), [1..4] the four fields
    surplus: tuple[int, ...]  # DB-08: tokens being offered to the other seat


@attrs.frozen(slots=False)  # dict-backed: `rules.observe` builds it with `core.fast.replace`
class Observation(Picture):
    """What one seat may know (``seat`` None: the public view).

    ``hand`` is the seat's own hand; ``known`` the cards of the other hand that this seat
    knows (it passed them, or saw them taken back from a harvest column) and has not seen
    played; ``known_by_other`` the cards of its own hand that the other seat knows in the
    same way (the seat saw them pass or come back face up too); ``hand_sizes`` are
    public. The deck's contents and the RNG are never shown.
    ``deal_queue`` says who gets the next cards of a deal (a seat or ``ROW``, the barter
    row; empty outside the phase deal), ``capacities`` each Grange's spaces (DB-03, with
    its Grenier upgrades), so that a frontend draws the table from the observation alone.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> o = db.observe(db.new_game(seed=3), 0)
        >>> o.hand, o.hand_sizes, o.deck_size
        ((2, 20, 35, 43, 48), (5, 5), 50)
        >>> db.observe(db.new_game(seed=3), None).hand
        ()
    """

    seat: int | None
    options: Options
    year: int
    phase: str
    to_move: int
    active: int
    mill: int
    deck_size: int
    deal_queue: tuple[int, ...]  # DB-05, DB-06: who gets the next cards dealt (seat or ROW)
    discard: tuple[int, ...]
    hand: tuple[int, ...]
    known: tuple[int, ...]
    hand_sizes: tuple[int, int]
    barter: tuple[int, ...]
    pending: int
    columns: tuple[tuple[int, ...], tuple[int, ...]]
    buildings: tuple[tuple[int, int], tuple[int, int]]
    sold: tuple[tuple[int, ...], tuple[int, ...]]
    upgrades: tuple[tuple[int, ...], tuple[int, ...]]
    barns: tuple[tuple[int, ...], tuple[int, ...]]
    capacities: tuple[int, int]  # DB-03: each Grange's spaces, Grenier upgrades included
    fields: tuple[int, ...]
    surplus: tuple[int, ...]
    totals: tuple[tuple[int, int], tuple[int, int]]  # (beer, bread) per seat, as things stand
    # The cards of ``hand`` that the other seat knows (its ``known``): what this seat
    # passed it or took back face up; empty in the public view. `determinize` needs it.
    known_by_other: tuple[int, ...] = ()
