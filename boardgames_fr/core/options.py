"""Validators for game `Options`: a bad value raises `ValueError` naming the field and range."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import attrs

__all__ = ["int_in", "one_of"]


def int_in(lo: int, hi: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
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

    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError(
                f"{attribute.name} must be an integer from {lo} to {hi}, not {value!r}"
            )

    return check


def one_of(allowed: Collection[Any]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
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
    choices = tuple(allowed)

    def check(_: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not any(value == c and type(value) is type(c) for c in choices):
            names = ", ".join(repr(c) for c in choices)
            raise ValueError(f"{attribute.name} must be one of {names}, not {value!r}")

    return check
