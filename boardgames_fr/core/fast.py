"""A fast copy-with-changes for the dict-backed frozen attrs classes of game states.

``attrs.evolve`` re-runs ``__init__`` through keyword arguments and costs several times a
direct constructor call; on the hot path of ``step`` that dominates a random playout. For a
frozen class declared with ``@attrs.frozen(slots=False)``, copying the instance dict and
overwriting the changed fields gives the same value (same fields, same equality and hash),
without validators, which the hot path must not run anyway (shared/STYLE.md).

The copy is a plain ``dict(...)``, not ``dict.copy()``: an instance made by attrs keeps
its fields in a dict whose keys are shared with its class, ``dict.copy()`` keeps them
shared, and CPython 3.11 reads attributes from such a dict about four times more slowly
than from a plain one. Copies of copies stay plain, so a game's states read fast after
their first step.
"""

from __future__ import annotations

from typing import Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")
_set_dict = object.__setattr__  # frozen classes refuse their own __setattr__


def replace(obj: T, **changes: Any) -> T:
    """A copy of a dict-backed frozen attrs instance with some fields changed.

    The changed names must be fields of the class (the tests check states with
    ``attrs.fields``; nothing is checked here, for speed).

    Example:
        >>> import attrs
        >>> @attrs.frozen(slots=False)
        ... class Pos:
        ...     x: int
        ...     y: int
        >>> replace(Pos(1, 2), y=5)
        Pos(x=1, y=5)
    """
    new = object.__new__(type(obj))
    d = dict(obj.__dict__)
    d.update(changes)
    # Handing the new instance a ready dict is cheaper than filling its own empty one.
    _set_dict(new, "__dict__", d)
    return new
