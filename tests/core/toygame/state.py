"""The toy game's values: options, the whole table, what one seat sees."""

from __future__ import annotations

import attrs

from boardgames_fr.core.options import int_in

NO_CARD = -1  # a secret not drawn yet


@attrs.frozen
class Options:
    """The toy game's options.

    Attributes:
        target: the points that win (TY-01).

    Example:
        >>> Options().target
        12
    """

    target: int = attrs.field(default=12, validator=int_in(4, 50))


@attrs.frozen(slots=False)  # dict-backed: copied cheaply by core.fast.replace
class State:
    """The whole table, secrets included.

    Example:
        >>> import toygame
        >>> toygame.new_game(2, seed=1, chance="explicit").secret
        (-1, -1)
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    secret: tuple[int, ...]  # each seat's card, NO_CARD until drawn
    deck: tuple[int, ...]
    score: tuple[int, ...]
    pot: int
    active: int


@attrs.frozen
class Observation:
    """What one seat sees: its own card, never another's.

    Example:
        >>> import toygame
        >>> s = toygame.new_game(2, seed=1)
        >>> toygame.observe(s, 0).my_secret == s.secret[0]
        True
    """

    seat: int | None
    my_secret: int | None
    score: tuple[int, ...]
    pot: int
    to_move: int
