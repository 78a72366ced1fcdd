"""Fromage's options, its frozen `State` and the parts it is made of, and the `Observation`.

Everything here is a plain value (ints, strings, tuples, frozen attrs classes), so a state
hashes, compares by value and round-trips through JSON. Board spaces are numbered in the
order of the board's data file (`boardgames_fr/fromage/data/board_*.json`).
"""

from __future__ import annotations

from typing import Protocol

import attrs

from boardgames_fr.core.options import int_in, one_of
from boardgames_fr.core.svg import Picture
from boardgames_fr.fromage.components import ReactionWindow

__all__ = [
    "ANSWER",
    "ANY_PLAYER",
    "APPLY",
    "BY_PLAYER",
    "CANCEL",
    "CHOOSE",
    "COMPOSE",
    "COPIES_PER_KIND",
    "DECREASING",
    "DIE_CHANGES",
    "DRAW",
    "END",
    "EXTRA_TURN",
    "FACES",
    "FESTIVAL",
    "FULL",
    "GREEN",
    "IMPROVEMENT",
    "KINDS",
    "NUM_DICE",
    "ONE_EACH",
    "ONE_SPACE",
    "ONE_STEP",
    "OVER",
    "PHASES",
    "PLACE",
    "PLACEMENTS",
    "PLAIN",
    "POINTS",
    "PREVIOUS",
    "REACT",
    "RED",
    "REROLL",
    "ROLL",
    "ROUND_ROBIN",
    "TOUR_TARGETS",
    "TRANSFER",
    "UNROLLED",
    "VARIANTS",
    "WORSENING",
    "YELLOW",
    "Cheese",
    "Effect",
    "Markers",
    "Observation",
    "Options",
    "State",
    "Table",
]

# --- dice (published game: 5 dice, each with 2 green, 2 yellow and 2 red sides) ---------
GREEN, YELLOW, RED = "green", "yellow", "red"
FACES = (GREEN, YELLOW, RED)
UNROLLED = "unrolled"  # a die waiting for its chance event (shown "?")
NUM_DICE = 5  # FR-05: at most 5 dice

# --- power markers (FR-11..FR-17): 6 kinds, 5 copies of each ----------------------------
# Ids in English; players read the game's names (Relance, Tour supplémentaire ...) from
# `render.MARKER_NAMES`.
REROLL, EXTRA_TURN, TRANSFER = "reroll", "extra_turn", "transfer"  # Relance, Tour s., Transfert
IMPROVEMENT, WORSENING, CANCEL = "improvement", "worsening", "cancel"  # Amélioration ...
KINDS = (REROLL, EXTRA_TURN, TRANSFER, IMPROVEMENT, WORSENING, CANCEL)
COPIES_PER_KIND = 5

# --- phases: what the state is waiting for ----------------------------------------------
DRAW = "draw"  # chance: power markers dealt one by one (FR-11)
PLACE = "place"  # mice placed one at a time on the bottom spaces (FR-03)
CHOOSE = "choose"  # the player picks a space holding one of their mice (FR-04)
ROLL = "roll"  # chance: one event per die (FR-05), also for a Relance (FR-12)
REACT = "react"  # window after a roll: each marker holder may play one or pass
COMPOSE = "compose"  # the marker's player builds its effect in small steps
ANSWER = "answer"  # window: the others may answer the marker with Annulation (FR-17)
APPLY = "apply"  # the roller applies the green and red results (FR-06, FR-07, FR-09)
END = "end"  # window after the results: Tour supplémentaire (FR-13)
OVER = "over"  # the game has ended
PHASES = (DRAW, PLACE, CHOOSE, ROLL, REACT, COMPOSE, ANSWER, APPLY, END, OVER)

# --- option values ------------------------------------------------------------------------
BOARDS = ("A", "B")  # FR-02: the board's two faces
PLAIN, FESTIVAL = "plain", "festival"  # FR-10, FR-18
VARIANTS = (PLAIN, FESTIVAL)
ONE_EACH, DECREASING = "one_each", "decreasing"  # FR-18: what a cheese is worth
POINTS = (ONE_EACH, DECREASING)
ROUND_ROBIN, BY_PLAYER, ONE_SPACE = "round_robin", "by_player", "one_space"  # FR-03
PLACEMENTS = (ROUND_ROBIN, BY_PLAYER, ONE_SPACE)
PREVIOUS, ANY_PLAYER = "previous", "any"  # FR-13: whom Tour supplémentaire forces
TOUR_TARGETS = (PREVIOUS, ANY_PLAYER)
ONE_STEP, FULL = "one_step", "full"  # FR-15, FR-16: how far a die changes
DIE_CHANGES = (ONE_STEP, FULL)
MAX_EXTRA_CHEESES = 3


@attrs.frozen
class Options:
    """Every variant of Fromage; the defaults are the seed's rules.

    Attributes:
        board: board face, "A" (easier) or "B" (harder) (FR-02).
        mice: mice per player: 6 in the seed, 5 in the published game (FR-03).
        powers: play with the power markers (FR-11).
        markers: markers drawn by each player when ``powers`` is on; seed: 3 (FR-11).
        full_set: each player gets one marker of each of the 6 kinds instead of drawing (FR-11).
        variant: "plain" (first mouse on the cheese wins) or "festival" (FR-10, FR-18).
        cheeses: cheeses on the table in the festival; seed: 3 (FR-18).
        cheese_points: 1 point a cheese (seed), or "decreasing": cheeses + 1, then 1 less (FR-18).
        extra_cheeses: festival only: extra cheeses on the board's other named spaces (FR-18).
        placement: "round_robin" (a mouse each in turn), "by_player", or "one_space" (FR-03).
        tour_target: whom Tour supplémentaire forces: "previous" (who just played) or "any" (FR-13).
        die_change: "one_step" (red-yellow-green) or "full" (straight to green, red) (FR-15, FR-16).

    Example:
        >>> Options(board="B", powers=True).markers
        3
        >>> Options(mice=7)
        Traceback (most recent call last):
        ...
        ValueError: mice must be an integer from 1 to 6, not 7
    """

    board: str = attrs.field(default=BOARDS[0], validator=one_of(BOARDS))
    mice: int = attrs.field(default=6, validator=int_in(1, 6))
    powers: bool = attrs.field(default=False, validator=one_of((False, True)))
    markers: int = attrs.field(default=3, validator=int_in(1, COPIES_PER_KIND))
    full_set: bool = attrs.field(default=False, validator=one_of((False, True)))
    variant: str = attrs.field(default=PLAIN, validator=one_of(VARIANTS))
    cheeses: int = attrs.field(default=3, validator=int_in(1, 9))
    cheese_points: str = attrs.field(default=ONE_EACH, validator=one_of(POINTS))
    extra_cheeses: int = attrs.field(default=0, validator=int_in(0, MAX_EXTRA_CHEESES))
    placement: str = attrs.field(default=ROUND_ROBIN, validator=one_of(PLACEMENTS))
    tour_target: str = attrs.field(default=PREVIOUS, validator=one_of(TOUR_TARGETS))
    die_change: str = attrs.field(default=ONE_STEP, validator=one_of(DIE_CHANGES))

    def __attrs_post_init__(self) -> None:
        if self.extra_cheeses and self.variant != FESTIVAL:
            raise ValueError("extra_cheeses needs variant 'festival', not 'plain'")


@attrs.frozen(slots=False)  # dict-backed: copied by core.fast.replace
class Effect:
    """A power marker being played, face up.

    Attributes:
        kind: one of `KINDS`.
        seat: who played it.
        dice: the dice it picked (Relance, Amélioration, Détérioration, Annulation).
        space: the space it designated (Transfert, Tour supplémentaire), or -1.
        target: Tour supplémentaire with ``tour_target="any"``: the seat chosen to play
            (the marker's own seat for its own second turn), or -1 (FR-13).
    """

    kind: str
    seat: int
    dice: tuple[int, ...] = ()
    space: int = -1
    target: int = -1


def _unrecorded(markers: Markers) -> tuple[int, ...]:
    # A save written before `Markers.played_by` existed: its markers played were played
    # by players it did not record.
    return (-1,) * len(markers.discards)


@attrs.frozen(slots=False)  # dict-backed: copied by core.fast.replace
class Markers:
    """The power markers (FR-11).

    Attributes:
        hands: per seat, the kinds held, sorted; hidden from the other seats.
        deck: copies left of each kind (in `KINDS` order) while dealing; ``()`` once
            dealt, as the rest leave the game.
        discards: markers played, in order (they are public once played).
        played_by: the seat that played each marker of ``discards`` (played face up, so
            public too); -1 only in a save written before this record existed, for
            the markers it had played then.
    """

    hands: tuple[tuple[str, ...], ...]
    deck: tuple[int, ...]
    discards: tuple[str, ...]
    played_by: tuple[int, ...] = attrs.field(default=attrs.Factory(_unrecorded, takes_self=True))


@attrs.frozen(slots=False)  # dict-backed: copied by core.fast.replace
class Cheese:
    """Cheeses on the board and cheese eaten (FR-10, FR-18).

    Attributes:
        table: cheeses left on the table (the top space).
        extras: spaces still holding an extra cheese (festival option).
        points: per seat, the points of the cheese its mice ate: `scores`.
        arrivals: seats in the order their mice reached the table (festival ties).
    """

    table: int
    extras: tuple[int, ...]
    points: tuple[int, ...]
    arrivals: tuple[int, ...]


@attrs.frozen(slots=False)  # dict-backed: cheaper to build, and copied by core.fast.replace
class State(Picture):
    """A Fromage position: everything `step` needs, and nothing else.

    Attributes:
        num_players: 2 to 4 (FR-01).
        options: the game's `Options`.
        to_move: the seat to act, CHANCE (-1) or TERMINAL (-2).
        rng: the SplitMix64 state that auto mode draws chance events from.
        explicit: True in explicit chance mode.
        phase: one of `PHASES`.
        mice: ``mice[space * num_players + seat]`` = that seat's mice on that space.
        to_place: per seat, mice still to place during setup (FR-03).
        turn: the seat whose turn it is (the roller).
        space: the space the dice act on (FR-05; a Transfert moves it, FR-14), -1 before
            a roll.
        dice: each die's face in rolling order, `UNROLLED` until its chance event (a
            fresh roll or a Relance rolls the unrolled dice in order); empty before a roll.
        todo: the green and red results not applied yet (yellow does nothing, FR-08).
        used: per seat, mice of ``space`` that took a result but stayed there (a red
            result on a bottom space), so no later result goes to them (FR-09).
        window: the seats still to be asked in a reaction window (REACT, ANSWER, END).
        effects: the marker being played, then the Annulations answering it (FR-17).
        markers: the power markers, or None without the powers option.
        cheese: cheeses left and eaten.
        resume: after a turn forced on a player other than the one who had just played
            (``tour_target="any"``, FR-13), the seat after which play goes on; else -1.
        transferred_from: the space the roller chose for this roll, once a Transfert has
            moved the roll away from it (FR-14: every later Transfert of the roll needs a
            space as full as this one); -1 while the dice act on the space chosen, and
            once the roll's results are being applied.

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(3, seed=1)
        >>> s.num_players, s.to_move, fromage.is_terminal(s)
        (3, 0, False)
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    phase: str
    mice: tuple[int, ...]
    to_place: tuple[int, ...]
    turn: int
    space: int
    dice: tuple[str, ...]
    todo: tuple[str, ...]
    used: tuple[int, ...]
    window: ReactionWindow | None
    effects: tuple[Effect, ...]
    markers: Markers | None
    cheese: Cheese
    resume: int = -1
    transferred_from: int = -1  # last, with a default: saves from before it still load


class Table(Protocol):
    """What a `State` and an `Observation` both show of the race: the rules' helpers
    that read only these (`powers.transfer_targets` ...) serve the bot too."""

    @property
    def num_players(self) -> int: ...

    @property
    def options(self) -> Options: ...

    @property
    def mice(self) -> tuple[int, ...]: ...

    @property
    def space(self) -> int: ...

    @property
    def transferred_from(self) -> int: ...


@attrs.frozen(slots=False)  # dict-backed: cheaper to build, at every step of a bot or RL loop
class Observation(Picture):
    """What one seat may know: everything public, plus its own power markers.

    Attributes are those of `State` without ``rng`` and the markers' hidden faces:
    ``marker_counts`` gives how many markers each seat holds (public), ``own_markers`` the
    kinds of ``seat``'s own markers (empty for the public view, ``seat`` None),
    ``discards`` the markers already played and ``played_by`` the seat that played each
    (`Markers.played_by`).

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1, options={"powers": True})
        >>> obs = fromage.observe(s, 1)
        >>> obs.seat, len(obs.own_markers), obs.marker_counts
        (1, 3, (3, 3))
    """

    seat: int | None
    num_players: int
    options: Options
    to_move: int
    phase: str
    mice: tuple[int, ...]
    to_place: tuple[int, ...]
    turn: int
    space: int
    dice: tuple[str, ...]
    todo: tuple[str, ...]
    used: tuple[int, ...]
    window: ReactionWindow | None
    effects: tuple[Effect, ...]
    marker_counts: tuple[int, ...]
    own_markers: tuple[str, ...]
    discards: tuple[str, ...]
    cheese: Cheese
    resume: int = -1
    transferred_from: int = -1
    played_by: tuple[int, ...] = ()
