"""What every game's encode module shares (issue #22): the legal mask from move numbers,
and the numbers of the rules' own action objects.

Each ``boardgames_fr.<game>.encode`` numbers its moves by what they carry and gives
``legal_indices(state)``: the number of each legal action (or chance outcome), in the
order of ``legal_actions(state)`` (most find them with `IdentityIndex`). From that one
list, `mask_of` makes the legal mask; the reinforcement-learning adapters keep a state's
numbers, masks and moves their own way (``boardgames_fr.rl._codec.Menu``).

Example:
    >>> mask_of([4, 0, 2], 5).tolist()
    [True, False, True, False, True]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["IdentityIndex", "mask_of"]

_BOOL = np.dtype(np.bool_)  # a dtype object, given positionally: numpy reads it fastest


def mask_of(indices: Iterable[int], size: int) -> npt.NDArray[np.bool_]:
    """A new bool vector of ``size``, True at each of ``indices``.

    A bytearray filled in Python and seen by numpy without a copy: cheaper than numpy's
    fancy indexing for the few legal moves of a state.

    Example:
        >>> mask_of([3, 1], 4).tolist()
        [False, True, False, True]
    """
    flags = bytearray(size)
    for i in indices:
        flags[i] = 1
    return np.frombuffer(flags, _BOOL)


class IdentityIndex:
    """The number of an action, found by the object's identity when the rules hand out
    the same objects again and again (a dict lookup without hashing attrs fields), and by
    value otherwise.

    Each object met is kept (``keep`` of them at most), so that no other object can take
    its id while its entry lives; past that, objects are looked up by value. ``known``
    objects (the rules' own constants) are numbered up front, and kept too.

    Example:
        >>> from fractions import Fraction
        >>> ix = IdentityIndex({Fraction(1, 2): 0, Fraction(3, 4): 1})
        >>> half = Fraction(1, 2)
        >>> ix(half), ix(half), ix(Fraction(3, 4))
        (0, 0, 1)
    """

    __slots__ = ("_by_id", "_by_value", "_keep", "_kept")

    def __init__(
        self, by_value: dict[Any, int], keep: int = 4096, known: Iterable[object] = ()
    ) -> None:
        self._by_value = by_value
        self._kept: list[object] = list(known)
        self._by_id: dict[int, int] = {id(a): by_value[a] for a in self._kept}
        self._keep = len(self._kept) + keep

    def __call__(self, action: object) -> int:
        """The number of ``action``.

        Raises:
            KeyError: ``action`` is not numbered; TypeError: it cannot be hashed.
        """
        i = self._by_id.get(id(action))
        if i is not None:
            return i
        i = self._by_value[action]
        if len(self._kept) < self._keep:
            self._kept.append(action)
            self._by_id[id(action)] = i
        return i

    def indices(self, actions: Iterable[object]) -> list[int]:
        """The number of each of ``actions``, in order."""
        by_id = self._by_id
        out = []
        for a in actions:
            i = by_id.get(id(a))
            out.append(self(a) if i is None else i)
        return out
