"""The state of a game of Lactorama: farms, pawns, the season square and the decks.

Everything here is public (the game has no hidden cards): observations show the whole
state but the RNG.
"""

from __future__ import annotations

import attrs

from boardgames_fr.core.options import int_in, one_of
from boardgames_fr.core.svg import Picture
from boardgames_fr.lactorama.components import OfferBudget, WaitingRoom

__all__ = [
    "END_REASONS",
    "OFFER_KINDS",
    "PHASES",
    "STAGES",
    "STATUSES",
    "Farm",
    "Observation",
    "Offer",
    "Options",
    "State",
]

# --- the vocabulary of states, actions and saves ----------------------------------------
# The values a program reads in a state, an action or a save are identifiers, compared
# through these names; players read French or English from `render` and `describe`.

# ``State.stage``: the part of the game in progress.
SETUP, SEASON, SEASON_END, YEAR_END, OVER = "setup", "season", "season_end", "year_end", "over"
STAGES = (SETUP, SEASON, SEASON_END, YEAR_END, OVER)
# ``State.phase``: the small step in progress (the rules module's docstring says who acts).
PH_NONE = ""  # only between steps, and once the game is over
PH_FILIERE, PH_FILIERE_CHOICE = "filiere", "filiere_choice"  # LA-03
PH_DEAL, PH_ROLL, PH_DRAW_SLOT, PH_DRAW_IMPREVU = "deal", "roll", "draw_slot", "draw_imprevu"
PH_NEIGHBOUR, PH_CARD, PH_SHOP = "neighbour", "card", "shop"  # LA-08, LA-07, LA-10
PH_NEGOCE, PH_OFFER_GIVE, PH_OFFER_TAKE = "negoce", "offer_give", "offer_take"  # LA-11
PH_OFFER_ANSWER = "offer_answer"
PH_HANDOUT = "handout"  # LA-19
PH_YEAR_END, PH_ALLIANCE_ANSWER = "year_end", "alliance_answer"  # LA-16, LA-17
PH_ALLIANCE_FILIERE, PH_ALLIANCE_BONS = "alliance_filiere", "alliance_bons"
PHASES = (
    PH_NONE,
    PH_FILIERE,
    PH_FILIERE_CHOICE,
    PH_DEAL,
    PH_ROLL,
    PH_DRAW_SLOT,
    PH_DRAW_IMPREVU,
    PH_NEIGHBOUR,
    PH_CARD,
    PH_SHOP,
    PH_NEGOCE,
    PH_OFFER_GIVE,
    PH_OFFER_TAKE,
    PH_OFFER_ANSWER,
    PH_HANDOUT,
    PH_YEAR_END,
    PH_ALLIANCE_ANSWER,
    PH_ALLIANCE_FILIERE,
    PH_ALLIANCE_BONS,
)
# ``Farm.status``: in play, out of the game (LA-19), absorbed into an alliance (LA-17).
ACTIVE, ELIMINATED, ABSORBED = "active", "eliminated", "absorbed"
STATUSES = (ACTIVE, ELIMINATED, ABSORBED)
# ``Offer.give`` / ``Offer.take``, ``Give.kind`` / ``Take.kind``: the items of the Négoce
# (LA-11). "bons" and "filiere" (a swap of filière cards) are the game's own words.
KIND_HA, KIND_COWS, KIND_MONEY, KIND_BONS = "ha", "cows", "money", "bons"
KIND_FILIERE, KIND_NOTHING = "filiere", "nothing"
OFFER_KINDS = (KIND_HA, KIND_COWS, KIND_MONEY, KIND_BONS, KIND_FILIERE, KIND_NOTHING)
# ``State.end_reason``: a conviction (LA-18), the last farm in play or none (LA-19, LA-20),
# the years over (LA-20).
END_GREEN, END_BONS, END_SIZE = "green", "bons", "size"
END_LAST_FARM, END_NO_FARM, END_YEARS = "last_farm", "no_farm_left", "years"
END_REASONS = (END_LAST_FARM, END_NO_FARM, END_YEARS, END_GREEN, END_BONS, END_SIZE)

_BOOL = (True, False)


@attrs.frozen
class Options:
    """The variants of the seed (LA-21), with the seed's rules as defaults.

    Attributes:
        years: the game ends after this many winters (LA-20).
        dice: 2 dice to move, or 1 in the one-die variant (LA-05, LA-21).
        face_down: season cards face down, turned over when a pawn lands on them (LA-21).
        squares: season cards on the square, a quarter on each side (LA-04, LA-21).
        land_always: every land-change card of the season is on the square (LA-21).
        teams: teams of two at 4 players; 6 and 8 players always play in teams (LA-01).
        offers_per_negoce: offers a player may make on one visit to the Négoce (LA-11).
        bank_sales: at its year end a farm may sell pairs of cows to the bank, 2,500 each (LA-12).
        alliance_ends_convictions: after an alliance no farm wins by conviction, even alone (LA-17).

    Example:
        >>> Options(years=2, face_down=True).squares
        12
        >>> Options(squares=10)
        Traceback (most recent call last):
        ...
        ValueError: squares must be one of 4, 8, 12, 16, not 10
    """

    years: int = attrs.field(default=3, validator=int_in(1, 10))
    dice: int = attrs.field(default=2, validator=int_in(1, 2))
    face_down: bool = attrs.field(default=False, validator=one_of(_BOOL))
    squares: int = attrs.field(default=12, validator=one_of((4, 8, 12, 16)))
    land_always: bool = attrs.field(default=False, validator=one_of(_BOOL))
    teams: bool = attrs.field(default=False, validator=one_of(_BOOL))
    offers_per_negoce: int = attrs.field(default=2, validator=int_in(0, 5))
    bank_sales: bool = attrs.field(default=False, validator=one_of(_BOOL))
    alliance_ends_convictions: bool = attrs.field(default=False, validator=one_of(_BOOL))


@attrs.frozen(slots=False)
class Farm:
    """One farm (an "exploitation"): shared by a team, or by an alliance (LA-17).

    ``bons`` are the free bons; ``pledged`` bons are at the bank as the loans' guarantee
    (LA-15: at least one per loan, see `farms.loan_terms`).
    ``status``: one of `STATUSES`: in play, eliminated (LA-19) or absorbed into an
    alliance (LA-17).
    """

    ha: int
    cows: int
    money: int
    bons: int
    loans: int  # loan tickets of 2,000 (LA-15)
    green: int  # green pawns (LA-18)
    filiere: str  # "societale", "ecolo", "techno"; "" before it is dealt (LA-03)
    kept: tuple[str, ...] = ()  # Imprévu cards kept (LA-13)
    allied: bool = False
    status: str = ACTIVE
    pledged: int = 0  # bons at the bank for the loans (LA-14, LA-15)


@attrs.frozen
class Offer:
    """A Négoce offer (LA-11): what the proposer's farm gives and takes.

    Kinds: `OFFER_KINDS` (hectares, cows, money, bons, a swap of filière cards, nothing).
    """

    partner: int  # the partner farm
    give: str = ""
    give_qty: int = 0
    take: str = ""
    take_qty: int = 0


@attrs.frozen(slots=False)
class State(Picture):
    """A game of Lactorama.

    Not slotted: a step builds the next state with `core.fast.replace`, a copy of the
    instance dict, which keeps playouts quick.

    Pawns are per seat, farms per team: ``farm_of[seat]``. ``pos[seat]`` is a square of
    the route (0..len-1), or the hexagon, encoded -6..-1 for its spaces 1..6 (LA-05).
    ``slots`` are the cards on the square ("" face down or not yet dealt).
    ``stage``: one of `STAGES`; ``phase``: one of `PHASES`, the small step in progress
    (see rules.py); ``end_reason``: one of `END_REASONS` once the game is over.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=1)
        >>> len(s.farms), s.farms[0].ha, s.farms[0].cows, s.stage
        (2, 44, 40, 'season')
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    farms: tuple[Farm, ...]
    farm_of: tuple[int, ...]
    pos: tuple[int, ...]
    year: int
    season: int
    stage: str
    phase: str
    actor: int  # the seat whose turn (or year-end decision) it is
    last_player: int  # the last seat to have played (LA-06)
    room: WaitingRoom  # seats that reached the end-of-season hexagon (LA-06)
    slots: tuple[str, ...]
    deck: tuple[str, ...]  # the season deck's cards not on the square, sorted
    imprevu: tuple[str, ...]  # the Imprévu draw pile, sorted (drawn uniformly)
    imprevu_under: tuple[str, ...]  # cards put under the pile (LA-13)
    dice: tuple[int, ...] = ()
    card: str = ""  # the card being applied
    neighbour: int = -1  # the neighbour farm chosen for that card (LA-08)
    moved: bool = False  # the square was reached by a card's move: no second move
    shop_price: int = 0  # price of a cow at the Foire or a card's offer (LA-10)
    shop_left: int = 0  # pairs still for sale; -1: as many as fit
    budget: OfferBudget | None = None  # Négoce or alliance offers (LA-11, LA-17)
    offer: Offer | None = None
    queue: tuple[int, ...] = ()  # farms still to decide (setup, year end)
    handout: tuple[int, ...] = ()  # eliminated farms still to hand out land (LA-19)
    deal_slot: int = -1  # the slot being dealt
    end_reason: str = ""
    winner_farms: tuple[int, ...] = ()


@attrs.frozen
class Observation(Picture):
    """What a seat sees: the whole table but the RNG (no hidden cards in Lactorama; with
    ``face_down`` a card not yet turned over is "" in ``slots`` and in the state alike).

    Example:
        >>> from boardgames_fr import lactorama
        >>> o = lactorama.observe(lactorama.new_game(2, seed=1, chance="explicit"), 1)
        >>> isinstance(o, lactorama.Observation), o.seat, o.farms[0].ha
        (True, 1, 44)
    """

    seat: int | None
    num_players: int
    options: Options
    to_move: int
    farms: tuple[Farm, ...]
    farm_of: tuple[int, ...]
    pos: tuple[int, ...]
    year: int
    season: int
    stage: str
    phase: str
    actor: int
    room: WaitingRoom
    slots: tuple[str, ...]
    deck: tuple[str, ...]
    imprevu: tuple[str, ...]
    imprevu_under: tuple[str, ...]
    dice: tuple[int, ...]
    card: str
    neighbour: int
    shop_price: int
    shop_left: int
    offer: Offer | None
    queue: tuple[int, ...]
    handout: tuple[int, ...]
    end_reason: str
    last_player: int = -1  # LA-06: the seat after it starts the next season
    moved: bool = False
    budget: OfferBudget | None = None  # offers left at the Négoce, proposals at the year end
    deal_slot: int = -1
    winner_farms: tuple[int, ...] = ()
