"""Validators for game `Options`: a bad value raises `ValueError` naming the field and range.

Each validator also says in words what it allows (``allowed``), so the docs can print the
options table from the code.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import attrs

__all__ = ["allowed_text", "int_in", "one_of"]


class int_in:  # lower case: used like a function in field declarations
    """An attrs validator: an integer (not a bool) between ``lo`` and ``hi`` inclusive.

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Options:
        ...     markers: int = attrs.field(default=3, validator=int_in(0, 6))
        >>> Options(markers=9)
        Traceback (most recent call last):
        ...
        ValueError: markers must be an integer from 0 to 6, not 9
    """

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.allowed = f"{lo} to {hi}"

    def __call__(self, _: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not self.lo <= value <= self.hi:
            raise ValueError(
                f"{attribute.name} must be an integer from {self.lo} to {self.hi}, not {value!r}"
            )


class one_of:  # lower case: used like a function in field declarations
    """An attrs validator: the value is one of ``allowed`` (same type, so True is not 1).

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Options:
        ...     board: str = attrs.field(default="A", validator=one_of(("A", "B")))
        >>> Options(board="C")
        Traceback (most recent call last):
        ...
        ValueError: board must be one of 'A', 'B', not 'C'
    """

    def __init__(self, allowed: Collection[Any]) -> None:
        self.choices = tuple(allowed)
        self.allowed = ", ".join(repr(c) for c in self.choices)

    def __call__(self, _: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not any(value == c and type(value) is type(c) for c in self.choices):
            raise ValueError(f"{attribute.name} must be one of {self.allowed}, not {value!r}")


def allowed_text(field: attrs.Attribute[Any]) -> str:
    """What an option field allows, in words, from its validator ("" if unknown).

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Options:
        ...     dice: int = attrs.field(default=2, validator=int_in(1, 2))
        >>> allowed_text(attrs.fields(Options).dice)
        '1 to 2'
    """
    text = getattr(field.validator, "allowed", "")
    return text if isinstance(text, str) else ""
