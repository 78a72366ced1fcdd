"""What the games' SVG pictures share: how much text fits in a box.

The pictures are drawn without a font at hand, so text is fitted by an estimate: a
character of the sans-serif font is at most about 0.62 of its size on average, a bold one
0.06 more. The games' picture tests check that no text leaves its box by the same measure.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

__all__ = ["CHAR", "Picture", "fits", "wrap"]

CHAR = 0.62
_BOLD = 0.06


def fits(width: float, size: float, bold: bool = False) -> int:
    """How many characters of a ``size`` font fit in ``width`` (at least one).

    Example:
        >>> fits(124, 10), fits(124, 10, bold=True)
        (20, 18)
    """
    return max(1, int(width / ((CHAR + _BOLD * bold) * size)))


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines that fit ``width``, broken between words (never an empty list).

    Example:
        >>> wrap("Les artisans-commerçants", 100, 12)
        ['Les artisans-', 'commerçants']
        >>> wrap("", 100, 12)
        ['']
    """
    return textwrap.wrap(text, fits(width, size, bold)) or [""]


# The SVG drawing of each game's State and Observation class, filled in by `Game`.
DRAWERS: dict[type, Callable[[Any], str]] = {}


class Picture:
    """Mixin of every game's ``State`` and ``Observation``: a notebook shows the value as
    the game's SVG picture (the public view; an observation draws what every seat sees).

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("dorge_et_ble", seed=1)
        >>> s._repr_svg_().startswith("<svg")
        True
    """

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return DRAWERS[type(self)](self)
