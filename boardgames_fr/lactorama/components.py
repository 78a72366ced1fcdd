"""Lactorama's own components: the offer budget of the Négoce and of the alliances, and
the waiting room of the end-of-season hexagon. (Its auto-play draws its dice and cards in
batches with the core's `boardgames_fr.core.rng.draws`, which benchmarks/ use too.)

They were shared components of the core, used by Lactorama alone; they live here now,
under the same class names (a save tags each object with its class name, so saves of
either place load alike).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["OfferBudget", "WaitingRoom"]


@attrs.frozen
class OfferBudget:
    """How many offers each seat (or farm) may still make in a negotiation window.

    An offer between players is a propose/accept/refuse exchange; the budget bounds how many
    a seat may propose, so a negotiation always ends (LA-11, LA-17).

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
        key = (self.left, seat)
        found = _SPENT.get(key)
        if found is None:
            left = list(self.left)
            left[seat] -= 1
            if len(_SPENT) > 4096:  # eight seats and five offers each: very many budgets
                _SPENT.clear()
            found = _SPENT[key] = OfferBudget(tuple(left))
        return found


# `OfferBudget.spend` by (offers left, seat): a budget is a value, and the attrs
# constructor costs several times this look-up.
_SPENT: dict[tuple[tuple[int, ...], int], OfferBudget] = {}
# `OfferBudget.fresh` by (class, seats, offers): a negotiation opens often, a budget is a
# frozen value, so each size is made once.
_FRESH: dict[tuple[type, int, int], OfferBudget] = {}


@attrs.frozen
class WaitingRoom:
    """Seats that have arrived somewhere and wait for the others, in order of arrival
    (LA-06: the end-of-season hexagon).

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
