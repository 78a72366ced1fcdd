"""Lactorama's own components: the offer budget of the Négoce and of the alliances, the
waiting room of the end-of-season hexagon, and batches of draws for the auto-play fast
path.

They were shared components of the core, used by Lactorama alone; they live here now,
under the same class names (a save tags each object with its class name, so saves of
either place load alike).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs
import numpy as np

from boardgames_fr.core.rng import MASK64, advance

__all__ = ["OfferBudget", "WaitingRoom", "advance", "draws"]


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
        left = list(self.left)
        left[seat] -= 1
        return OfferBudget(tuple(left))


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


# `draws`: batches (a base state and the values after it), reused while a game keeps
# drawing from one. A batch costs about as much as 60 single draws, so it is worth it for
# a game that draws hundreds of times between two decisions (Lactorama's auto-play), not
# for a draw or two. A few batches are kept, so that streams used in turn (a game and its
# bot) do not evict each other.
_GAMMA = 0x9E3779B97F4A7C15
_BATCH = 512
_RESERVE = 64
_KEPT = 4
_INV_GAMMA = pow(_GAMMA, -1, 1 << 64)  # the constant is odd, so invertible modulo 2**64
_last: tuple[int, list[int]] = (0, [])  # the batch used last
_recent: list[tuple[int, list[int]]] = []  # the batches kept, the newest first
_U64 = np.uint64
_OFFSETS = np.arange(1, _BATCH + 1, dtype=_U64) * _U64(_GAMMA)
# 0-d uint64 arrays, not numpy scalars: each operation then skips a scalar conversion
# (about 7 % of a batch).
_S30, _S27, _S31, _M1, _M2 = (
    np.array(c, _U64) for c in (30, 27, 31, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
)


def draws(state: int) -> tuple[list[int], int]:
    """The draws that follow ``state``, many at once: ``(values, k)`` where ``values[k]``,
    ``values[k + 1]``, ... are what `core.rng.next_u64` gives from ``state`` one after the
    other.

    At least 64 values are there from ``k`` on; after taking ``n`` of them the generator
    state is ``advance(state, n)``. The list is shared: read it, never change it.

    Example:
        >>> from boardgames_fr.core.rng import next_u64, seed_to_state
        >>> s = seed_to_state(3)
        >>> values, k = draws(s)
        >>> values[k] == next_u64(s)[0], values[k + 1] == next_u64(next_u64(s)[1])[0]
        (True, True)
    """
    global _last
    base, values = _last
    # How many draws after the base ``state`` is: exact, whatever the base (see above).
    k = ((state - base) * _INV_GAMMA) & MASK64
    if k <= _BATCH - _RESERVE and values:
        return values, k
    for batch in _recent:
        k = ((state - batch[0]) * _INV_GAMMA) & MASK64
        if k <= _BATCH - _RESERVE:
            _last = batch
            return batch[1], k
    # SplitMix64 on all the states at once, in place; uint64 arithmetic wraps modulo
    # 2**64 as the masks of `next_u64` do.
    z: Any = _OFFSETS + np.array(state, _U64)
    z ^= z >> _S30
    z *= _M1
    z ^= z >> _S27
    z *= _M2
    z ^= z >> _S31
    values = z.tolist()
    _last = (state, values)
    _recent.insert(0, _last)
    del _recent[_KEPT:]
    return values, 0
