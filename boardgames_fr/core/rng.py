"""A tiny counter-based random generator held in the state as one integer.

SplitMix64 (Steele, Lea and Flood, 2014): the state is a 64-bit integer, each draw adds a
constant and scrambles it. It is plain integer arithmetic, so the stream is the same on
every platform and Python version, and the whole generator is one JSON number in a save.
`Rng` is a small mutable wrapper for agents and tools that are not game states.
"""

from __future__ import annotations

__all__ = ["MASK64", "Rng", "choose_weighted", "next_u64", "seed_to_state"]

MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def seed_to_state(seed: int, *salt: int) -> int:
    """Turn any integer seed (and optional salts) into a well-mixed generator state.

    Example:
        >>> seed_to_state(7) == seed_to_state(7)
        True
        >>> seed_to_state(7) != seed_to_state(7, 1)
        True
    """
    s = _mix((seed & MASK64) ^ 0x5851F42D4C957F2D)
    for x in salt:
        s = _mix((s + _GAMMA + (x & MASK64)) & MASK64)
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
