"""Options, State and its parts for Misère.

Encodings:

- a worker on the table is an int ``seat * 2 + qualified`` (so ``code >> 1`` is its owner
  and ``code & 1`` its helmet); an empty place is ``-1``;
- ``zone`` is the placement zone: for each action of the round (buy, work, struggle) its
  plain squares then its dotted squares, then the three misery circles (pointer, oeuvre,
  manche); see `zone_layout`;
- ``sectors`` holds the worker standing on each Secteurs tile (artisans, petits, agricoles,
  commune), ``-1`` when free.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from boardgames_fr.core.options import int_in, one_of
from boardgames_fr.core.svg import Picture
from boardgames_fr.misere.data import SETUP, ZONE

__all__ = [
    "ACTION",
    "BUY",
    "EATEN_COMMUNE_FIRST",
    "EATEN_PILE",
    "FALL",
    "FEED",
    "MEAL_CENTRAL",
    "MEAL_NONE",
    "OVER",
    "PHASES",
    "PLACEMENT",
    "QUALIFY",
    "ROUTE",
    "SPEED_ACTING_WORKER",
    "SPEED_OEUVRE_WORKER",
    "STAGES",
    "TIE_EXPERIENCE",
    "TIE_SHARED",
    "WORK_FOR_SELF",
    "Observation",
    "Options",
    "Pending",
    "Player",
    "State",
    "zone_layout",
]

# The public string values of a state (saved, observed), English identifiers; players
# read the phases and stages in French and English from `render`, never these.
PLACEMENT = "placement"
ACTION = "action"
FEED = "feed"  # MI-16: a player short of food chooses which worker is lost
OVER = "over"
PHASES = (PLACEMENT, ACTION, FEED, OVER)

# Stages of the move in progress (`Pending.stage`).
ROUTE = "route"  # a worker taken off a square: choose its sector (or glander, or misery)
BUY = "buy"  # how many food tokens to buy on the sector
QUALIFY = "qualify"  # galérer: which worker gets a helmet, if any
FALL = "fall"  # the Commune sends the worker on to a misery circle: which one
# MI-13: bosser pour sa gueule with a worker already on the Oeuvre: move on or sell
# (schema 1 called it "oeuvre", the name of the tile, see `upgrade`).
WORK_FOR_SELF = "work_for_self"
STAGES = (ROUTE, BUY, QUALIFY, FALL, WORK_FOR_SELF)

# The values of the options (`Options`).
MEAL_NONE = "none"  # MI-11: an empty Commune serves no meal
MEAL_CENTRAL = "central"  # MI-11: an empty Commune serves from the central pile
EATEN_COMMUNE_FIRST = "commune_first"  # MI-16: eaten food refills the Commune to 5 first
EATEN_PILE = "pile"  # MI-16: eaten food all goes back to the central pile
SPEED_OEUVRE_WORKER = "oeuvre_worker"  # MI-13: the Oeuvre's worker's helmet gives 2 spaces
SPEED_ACTING_WORKER = "acting_worker"  # MI-13: the acting worker's helmet does
TIE_EXPERIENCE = "experience"  # MI-18: a tied count goes to the most experience
TIE_SHARED = "shared"  # MI-18: a tied count is a shared win


@attrs.frozen
class Options:
    """The tunable rules of Misère; defaults are the original rule text's and the Choices
    of the docs.

    Attributes:
        plain_squares: plain squares per action of the round on the placement zone (MI-02).
        dotted_squares: dotted squares per action, for qualified workers only (MI-15).
        rounds: the round played with the counter on this number is the last one (MI-18).
        commune_meal_when_empty: when the Commune has no food left: no meal, or the pile's (MI-11).
        rupture_opens_misery: a player with no food token may take a misery circle (MI-19).
        eaten_food: eaten food refills the Commune to 5, the rest to the pile; or all to it (MI-16).
        oeuvre_speed: whose helmet gives 2 spaces: the Oeuvre's worker or the acting one (MI-13).
        tie_break: a tied final count goes to the most experience, or is shared (MI-18).

    Example:
        >>> Options().rounds
        12
        >>> Options(plain_squares=9)
        Traceback (most recent call last):
        ...
        ValueError: plain_squares must be an integer from 1 to 4, not 9
    """

    plain_squares: int = attrs.field(default=ZONE.plain_squares, validator=int_in(1, 4))
    dotted_squares: int = attrs.field(default=ZONE.dotted_squares, validator=int_in(0, 3))
    rounds: int = attrs.field(default=SETUP.rounds, validator=int_in(1, 30))
    commune_meal_when_empty: str = attrs.field(
        default=MEAL_NONE, validator=one_of((MEAL_NONE, MEAL_CENTRAL))
    )
    rupture_opens_misery: bool = attrs.field(default=True, validator=one_of((True, False)))
    eaten_food: str = attrs.field(
        default=EATEN_COMMUNE_FIRST, validator=one_of((EATEN_COMMUNE_FIRST, EATEN_PILE))
    )
    oeuvre_speed: str = attrs.field(
        default=SPEED_OEUVRE_WORKER, validator=one_of((SPEED_OEUVRE_WORKER, SPEED_ACTING_WORKER))
    )
    tie_break: str = attrs.field(
        default=TIE_EXPERIENCE, validator=one_of((TIE_EXPERIENCE, TIE_SHARED))
    )


@lru_cache(maxsize=64)
def zone_layout(plain: int, dotted: int) -> tuple[tuple[int, bool], ...]:
    """For each place of the zone: (action 0..2, dotted) for squares, (3 + circle, False).

    Example:
        >>> zone_layout(2, 1)[:4]
        ((0, False), (0, False), (0, True), (1, False))
        >>> zone_layout(2, 1)[9:]
        ((3, False), (4, False), (5, False))
    """
    squares = tuple((action, i >= plain) for action in range(3) for i in range(plain + dotted))
    return squares + ((3, False), (4, False), (5, False))


@attrs.frozen(slots=False)  # dict-backed: core.fast.replace copies it cheaply
class Player:
    """One player's money (balles), tokens and workers.

    ``plain``/``qualified`` count the workers in reserve; ``owned_*`` count every worker
    the player has in play (reserve, zone, sectors, Oeuvre); ``lost`` died of hunger
    (MI-16) and never come back; the colour's other workers are still in the box.
    """

    money: int
    food: int
    xp: int
    plain: int
    qualified: int
    owned_plain: int
    owned_qualified: int
    lost: int
    oeuvre: int  # space of the worker on the Oeuvre tile, -1 when none
    oeuvre_qualified: bool
    acted: int  # workers that did an action this round: the food due at its end (MI-16)
    hungry: int = 0  # MI-16: at the feeding, workers still to be lost for want of food


@attrs.frozen(slots=False)  # dict-backed: core.fast.replace copies it cheaply
class Pending:
    """The move in progress in the action phase (MI-04..MI-14)."""

    seat: int
    worker: int  # seat * 2 + qualified
    origin: int  # 0 buy, 1 work, 2 struggle (squares), 3 misery (a circle)
    stage: str
    sector: int = -1


@attrs.frozen(slots=False)  # dict-backed: core.fast.replace copies it cheaply
class State(Picture):
    """A Misère position. ``round`` is the compte-tour; tokens are seats.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> s.round, s.first_player, s.best_worker, s.to_move
        (1, 0, 1, 0)
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    round: int
    phase: str
    first_player: int
    best_worker: int
    players: tuple[Player, ...]
    pile: int  # food in the central pile
    commune_food: int  # food still on the Commune tile (MI-01, MI-11)
    liquidated: bool  # the Petits exploitants tile is flipped (MI-10)
    zone: tuple[int, ...]
    sectors: tuple[int, ...]
    pending: Pending | None
    oeuvre_winner: int  # the seat that sold its Oeuvre (MI-17), -1 otherwise


@attrs.frozen(slots=False)  # dict-backed: `rules.observe` hands it a copy of the state's dict
class Observation(Picture):
    """What a seat sees: everything on the table (Misère has no hidden information).

    Example:
        >>> from boardgames_fr import misere
        >>> o = misere.observe(misere.new_game(2, seed=1), 0)
        >>> isinstance(o, misere.Observation), o.seat, o.players[0].money
        (True, 0, 1000)
    """

    seat: int | None
    num_players: int
    options: Options
    to_move: int
    round: int
    phase: str
    first_player: int
    best_worker: int
    players: tuple[Player, ...]
    pile: int
    commune_food: int
    liquidated: bool
    zone: tuple[int, ...]
    sectors: tuple[int, ...]
    pending: Pending | None
    oeuvre_winner: int
