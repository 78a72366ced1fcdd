"""A tiny counter-based random generator held in the state as one integer.

SplitMix64 (Steele, Lea and Flood, 2014): the state is a 64-bit integer, each draw adds a
constant and scrambles it. It is plain integer arithmetic, so the stream is the same on
every platform and Python version, and the whole generator is one JSON number in a save.
`Rng` is a small mutable wrapper for agents and tools that are not game states.

Because the generator is counter-based (draw ``k`` after a state only depends on the state
plus ``k`` times the constant), many draws can be computed at once: `draws` hands out the
very values `next_u64` would give, a few hundred at a time, for a game's hot loop.
"""

from __future__ import annotations

from typing import Any

__all__ = ["MASK64", "Rng", "advance", "choose_weighted", "draws", "next_u64", "seed_to_state"]

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
# Where `_fold` starts for a negative seed and for one of 2**64 or more (two odd constants).
_NEGATIVE = 0xD1B54A32D192ED03
_LARGE = 0xAEF17502108EF2D9


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _fold(x: int) -> int:
    """A 64-bit value for any integer: ``x`` itself in ``range(0, 2**64)``; outside it, the
    sign and every 64-bit chunk of ``abs(x)`` mixed in turn, so that -1, 2**64 - 1, 2**64
    and 0 are four different values (not the same one modulo 2**64)."""
    if 0 <= x <= MASK64:
        return x
    n = -x if x < 0 else x
    z = _mix(_NEGATIVE if x < 0 else _LARGE)
    while n:
        z = _mix((z + _GAMMA + (n & MASK64)) & MASK64)
        n >>= 64
    return z


def seed_to_state(seed: int, *salt: int) -> int:
    """Turn any integer seed (and optional salts) into a well-mixed generator state.

    Every integer is its own seed: a seed in ``range(0, 2**64)`` is used as it is, and a
    seed outside it (negative, or ``2**64`` and more) is first folded into 64 bits from its
    sign and all of its 64-bit chunks, so that ``-1``, ``2**64 - 1``, ``2**64`` and ``0``
    give four different games (they are not reduced modulo ``2**64``). Salts likewise.

    Example:
        >>> seed_to_state(7) == seed_to_state(7)
        True
        >>> seed_to_state(7) != seed_to_state(7, 1)
        True
        >>> len({seed_to_state(s) for s in (0, 2**64, -(2**64), -1, 2**64 - 1)})
        5
    """
    s = _mix(_fold(seed) ^ 0x5851F42D4C957F2D)
    for x in salt:
        s = _mix((s + _GAMMA + _fold(x)) & MASK64)
    return s


def next_u64(state: int) -> tuple[int, int]:
    """One draw: returns (a uniform 64-bit integer, the next state).

    Example:
        >>> value, state = next_u64(seed_to_state(1))
        >>> 0 <= value < 2**64
        True
    """
    # _mix inlined: this runs at every chance event of every game.
    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31), state


def advance(state: int, n: int) -> int:
    """The generator state after ``n`` draws from ``state`` (`next_u64` ``n`` times).

    Example:
        >>> s = seed_to_state(1)
        >>> advance(s, 2) == next_u64(next_u64(s)[1])[1]
        True
    """
    return (state + n * _GAMMA) & MASK64


# `draws`: batches (a base state and the values after it), reused while a game keeps
# drawing from one. A batch costs about as much as 60 single draws, so it is worth it for
# games that draw hundreds of times between two decisions, not for a draw or two. A few
# batches are kept, so that streams used in turn (a game and its bot) do not evict
# each other.
_BATCH = 512
_RESERVE = 64
_KEPT = 4
_INV_GAMMA = pow(_GAMMA, -1, 1 << 64)  # the constant is odd, so invertible modulo 2**64
_last: tuple[int, list[int]] = (0, [])  # the batch used last
_recent: list[tuple[int, list[int]]] = []  # the batches kept, the newest first
_offsets: Any = None  # numpy array of k * _GAMMA for k = 1.._BATCH, made at first use


def draws(state: int) -> tuple[list[int], int]:
    """The draws that follow ``state``, many at once: ``(values, k)`` where ``values[k]``,
    ``values[k + 1]``, ... are what `next_u64` gives from ``state`` one after the other.

    At least 64 values are there from ``k`` on; after taking ``n`` of them the generator
    state is ``advance(state, n)``. The list is shared: read it, never change it.

    Example:
        >>> s = seed_to_state(3)
        >>> values, k = draws(s)
        >>> values[k] == next_u64(s)[0], values[k + 1] == next_u64(next_u64(s)[1])[0]
        (True, True)
    """
    global _last, _offsets
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
    if _offsets is None:
        _offsets = _numpy_setup()
    np, offsets, s30, s27, s31, m1, m2 = _offsets
    # SplitMix64 on all the states at once, in place; uint64 arithmetic wraps modulo
    # 2**64 as the masks of `next_u64` do.
    z = offsets + np.array(state, np.uint64)
    z ^= z >> s30
    z *= m1
    z ^= z >> s27
    z *= m2
    z ^= z >> s31
    values = z.tolist()
    _last = (state, values)
    _recent.insert(0, _last)
    del _recent[_KEPT:]
    return values, 0


def _numpy_setup() -> tuple[Any, ...]:
    """numpy and the constants of `draws`, made at its first batch (numpy is imported only
    by games that use it)."""
    import numpy as np

    u64 = np.uint64
    offsets = np.arange(1, _BATCH + 1, dtype=u64) * u64(_GAMMA)
    # 0-d uint64 arrays, not numpy scalars: each operation then skips a scalar conversion
    # (about 7 % of a batch).
    consts = (np.array(c, u64) for c in (30, 27, 31, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB))
    return (np, offsets, *consts)


def choose_weighted(u64: int, weights: tuple[int, ...] | list[int]) -> int:
    """Index chosen by one 64-bit draw among integer weights.

    The draw is scaled to the total weight with one multiplication (Lemire's method, bias
    below 2**-50 for the small totals of board games), so every chance event consumes
    exactly one draw whatever its outcome: that is what lets explicit chance mode replay
    auto mode step for step.

    Example:
        >>> choose_weighted(0, (1, 1, 1)), choose_weighted(2**64 - 1, (1, 1, 1))
        (0, 2)
    """
    total = 0
    for w in weights:
        total += w
    r = (u64 * total) >> 64
    acc = 0
    for i, w in enumerate(weights):
        acc += w
        if r < acc:
            return i
    return len(weights) - 1  # unreachable with positive weights


class Rng:
    """A mutable generator for agents and tools (never for game states).

    Example:
        >>> r = Rng(3)
        >>> 0 <= r.randrange(6) < 6
        True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed_to_state(seed)

    def u64(self) -> int:
        """A uniform 64-bit integer."""
        value, self.state = next_u64(self.state)
        return value

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)``."""
        if n <= 0:
            raise ValueError("randrange needs n >= 1")
        return (self.u64() * n) >> 64

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.u64() >> 11) * (1.0 / 9007199254740992.0)
