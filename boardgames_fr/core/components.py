"""Components that several games share: dice, decks, token pools, seat order, reaction
windows, offers between players and a waiting room.

They are small immutable values and pure functions, so a game's state can hold them and
still hash, compare and serialise as a whole.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

import attrs

__all__ = [
    "Die",
    "OfferBudget",
    "Pool",
    "ReactionWindow",
    "WaitingRoom",
    "draw_outcomes",
    "next_seat",
    "remove_one",
    "seats_from",
]

T = TypeVar("T", bound=Hashable)


# --- dice -----------------------------------------------------------------------------


@attrs.frozen
class Die:
    """A die with any faces; ``weights`` count how many sides show each face.

    Example:
        >>> die = Die(faces=("vert", "jaune", "rouge"), weights=(2, 2, 2))
        >>> die.outcomes()
        (('vert', 2), ('jaune', 2), ('rouge', 2))
    """

    faces: tuple[str, ...]
    weights: tuple[int, ...]

    def outcomes(self) -> tuple[tuple[str, int], ...]:
        """Each face with its integer weight, for a game's ``chance_outcomes`` hook."""
        return tuple(zip(self.faces, self.weights, strict=True))


# --- decks ----------------------------------------------------------------------------


def draw_outcomes(cards: Iterable[T]) -> tuple[tuple[T, int], ...]:
    """The chance outcomes of drawing one card: each distinct card with its count.

    A shuffled deck is drawn one card per chance event, uniform over the cards left
    (shared/API.md); equal cards are merged so a menu lists each once.

    Example:
        >>> draw_outcomes(("relance", "transfert", "relance"))
        (('relance', 2), ('transfert', 1))
    """
    counts: dict[T, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return tuple(counts.items())


def remove_one(cards: tuple[T, ...], card: T) -> tuple[T, ...]:
    """The cards with one copy of ``card`` taken out.

    Example:
        >>> remove_one((1, 2, 1), 1)
        (2, 1)
    """
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


# --- tokens ---------------------------------------------------------------------------


@attrs.frozen
class Pool:
    """A supply of tokens by kind, with a capacity per kind (``-1``: unlimited).

    Example:
        >>> food = Pool(counts=(13,), capacity=(18,))
        >>> got, food = food.take(0, 20)
        >>> got, food.counts
        (13, (0,))
    """

    counts: tuple[int, ...]
    capacity: tuple[int, ...]

    def take(self, kind: int, wanted: int) -> tuple[int, Pool]:
        """Take up to ``wanted`` tokens of a kind, as far as the supply lasts."""
        got = min(wanted, self.counts[kind])
        if got <= 0:
            return 0, self
        counts = list(self.counts)
        counts[kind] -= got
        return got, Pool(tuple(counts), self.capacity)

    def put(self, kind: int, n: int) -> tuple[int, Pool]:
        """Return up to ``n`` tokens of a kind, as far as the capacity allows."""
        cap = self.capacity[kind]
        room = n if cap < 0 else min(n, cap - self.counts[kind])
        if room <= 0:
            return 0, self
        counts = list(self.counts)
        counts[kind] += room
        return room, Pool(tuple(counts), self.capacity)


# --- seats ----------------------------------------------------------------------------


def next_seat(seat: int, num_players: int) -> int:
    """The seat after ``seat`` clockwise.

    Example:
        >>> next_seat(3, 4)
        0
    """
    return (seat + 1) % num_players


def seats_from(start: int, num_players: int) -> tuple[int, ...]:
    """Every seat clockwise, starting with ``start``.

    Example:
        >>> seats_from(2, 4)
        (2, 3, 0, 1)
    """
    return tuple((start + i) % num_players for i in range(num_players))


@attrs.frozen
class ReactionWindow:
    """After an event, each eligible seat in turn may respond or pass.

    The window holds the seats still to be asked, in order. A response that changes the
    situation reopens a window (the game decides who is asked again); when every seat has
    passed the window closes. Each response uses up something finite (a power marker, an
    offer), so a game built on it always moves on.

    Example:
        >>> w = ReactionWindow.open((1, 2, 0))
        >>> w.current
        1
        >>> w = w.passed()
        >>> w is not None and w.current
        2
    """

    queue: tuple[int, ...]

    @classmethod
    def open(cls, seats: Iterable[int]) -> ReactionWindow | None:
        """A window asking ``seats`` in that order, or None if nobody may respond."""
        queue = tuple(seats)
        return cls(queue) if queue else None

    @property
    def current(self) -> int:
        """The seat to answer now."""
        return self.queue[0]

    def passed(self) -> ReactionWindow | None:
        """The window after the current seat passes; None once everyone has."""
        return ReactionWindow(self.queue[1:]) if len(self.queue) > 1 else None


@attrs.frozen
class OfferBudget:
    """How many offers each seat may still make in a negotiation window.

    An offer between players is a propose/accept/refuse exchange; the budget bounds how many
    a seat may propose, so a negotiation always ends.

    Example:
        >>> b = OfferBudget.fresh(3, 2)
        >>> b.can_offer(1), b.spend(1).left
        (True, (2, 1, 2))
    """

    left: tuple[int, ...]

    @classmethod
    def fresh(cls, num_players: int, per_seat: int) -> OfferBudget:
        """Each seat may make ``per_seat`` offers (a frozen value, made once per size)."""
        budget = _FRESH.get((cls, num_players, per_seat))
        if budget is None:
            budget = _FRESH[cls, num_players, per_seat] = cls((per_seat,) * num_players)
        return budget

    def can_offer(self, seat: int) -> bool:
        """Whether ``seat`` has an offer left."""
        return self.left[seat] > 0

    def spend(self, seat: int) -> OfferBudget:
        """The budget after ``seat`` makes an offer."""
        left = list(self.left)
        left[seat] -= 1
        return OfferBudget(tuple(left))


# `OfferBudget.fresh` by (class, seats, offers): a negotiation opens often, a budget is a
# frozen value, so each size is made once.
_FRESH: dict[tuple[type, int, int], OfferBudget] = {}


@attrs.frozen
class WaitingRoom:
    """Seats that have arrived somewhere and wait for the others, in order of arrival.

    Example:
        >>> room = WaitingRoom().arrive(2).arrive(0)
        >>> room.arrived, room.is_waiting(0), room.everyone((0, 1, 2))
        ((2, 0), True, False)
    """

    arrived: tuple[int, ...] = ()

    def arrive(self, seat: int) -> WaitingRoom:
        """The room after ``seat`` arrives (arriving twice changes nothing)."""
        return self if seat in self.arrived else WaitingRoom(self.arrived + (seat,))

    def is_waiting(self, seat: int) -> bool:
        """Whether ``seat`` has arrived."""
        return seat in self.arrived

    def everyone(self, seats: Iterable[int]) -> bool:
        """Whether every one of ``seats`` has arrived."""
        return all(s in self.arrived for s in seats)
