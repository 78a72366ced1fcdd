"""The one way every game builds its next state: `replace`, a typed copy-with-changes.

A step works out the new values of the fields it changes and builds the next state with
one call, ``replace(state, board=..., to_move=...)``: mypy checks every field name and
value type against the class (it reads `replace` as ``attrs.evolve``, whose signature the
attrs plugin derives from the class), so a misspelt field is a type error, not a silent
extra key.

At run time `replace` is cheaper than ``attrs.evolve``, which re-runs ``__init__`` through
keyword arguments and costs several times a direct constructor call: on the hot path of
``step`` that dominates a random playout. For a frozen class declared with
``@attrs.frozen(slots=False)``, copying the instance dict and overwriting the changed
fields gives the same value (same fields, same equality and hash), without validators,
which the hot path must not run anyway (shared/STYLE.md). The run-time function checks
nothing, for speed: the type checker and the tests (states compared with ``attrs.fields``)
do.

The copy is a plain ``dict(...)``, not ``dict.copy()``: an instance made by attrs keeps
its fields in a dict whose keys are shared with its class, ``dict.copy()`` keeps them
shared, and CPython 3.11 reads attributes from such a dict about four times more slowly
than from a plain one. Copies of copies stay plain, so a game's states read fast after
their first step.

Example:
    >>> import attrs
    >>> @attrs.frozen(slots=False)
    ... class Pos:
    ...     x: int
    ...     y: int
    >>> replace(Pos(1, 2), y=5)
    Pos(x=1, y=5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

__all__ = ["replace"]

T = TypeVar("T")
_new = object.__new__
# The ``__dict__`` setter of each class `replace` has copied, found once in its MRO:
# calling it directly skips the generic ``object.__setattr__`` lookup on every copy.
_SETTERS: dict[type, Any] = {}


def _setter(cls: type) -> Any:
    """The ``__dict__`` setter of ``cls`` (from the first class of its MRO that has one)."""
    for k in cls.__mro__:
        found = vars(k).get("__dict__")
        if found is not None:
            _SETTERS[cls] = found.__set__
            return found.__set__
    raise TypeError(f"{cls.__name__} instances have no __dict__")


if TYPE_CHECKING:
    # What mypy checks each call against: the class's own fields and their types.
    from attrs import evolve as replace
else:

    def replace(obj: T, /, **changes: Any) -> T:
        """A copy of a dict-backed frozen attrs instance with some fields changed.

        Example:
            >>> import attrs
            >>> @attrs.frozen(slots=False)
            ... class Score:
            ...     points: int
            ...     bonus: int = 0
            >>> replace(Score(3), bonus=2)
            Score(points=3, bonus=2)
        """
        cls = type(obj)
        new = _new(cls)
        try:
            # A subscript of a plain dict is a specialized opcode: cheaper than a call of
            # ``.get`` (about 400 fewer instructions a copy, a few per cent of a step).
            setter = _SETTERS[cls]
        except KeyError:
            setter = _setter(cls)
        # Handing the new instance a ready dict is cheaper than filling its own empty one;
        # ``{**a, **b}`` builds it in two opcodes, cheaper than ``dict(a)`` then ``update``.
        setter(new, {**obj.__dict__, **changes})
        return new
