"""Fromage's own component: the reaction window of the power markers (FR-11..FR-17).

It was a shared component of the core, used by Fromage alone; it lives here now, under
the same class name (a save tags each object with its class name, so saves of either
place load alike).
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

__all__ = ["ReactionWindow"]


@attrs.frozen
class ReactionWindow:
    """After an event, each eligible seat in turn may respond or pass.

    The window holds the seats still to be asked, in order. A response that changes the
    situation reopens a window (the game decides who is asked again); when every seat has
    passed the window closes. Each response uses up something finite (a power marker), so
    a game built on it always moves on.

    Example:
        >>> w = ReactionWindow.open((1, 2, 0))
        >>> w.current
        1
        >>> w = w.passed()
        >>> w is not None and w.current
        2
    """

    queue: tuple[int, ...]

    @classmethod
    def open(cls, seats: Iterable[int]) -> ReactionWindow | None:
        """A window asking ``seats`` in that order, or None if nobody may respond."""
        queue = tuple(seats)
        return cls(queue) if queue else None

    @property
    def current(self) -> int:
        """The seat to answer now."""
        return self.queue[0]

    def passed(self) -> ReactionWindow | None:
        """The window after the current seat passes; None once everyone has."""
        return ReactionWindow(self.queue[1:]) if len(self.queue) > 1 else None
