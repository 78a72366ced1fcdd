"""Fromage's reaction window (answering a power marker), moved from the core: Fromage alone
uses it."""

from __future__ import annotations

from boardgames_fr.fromage.components import ReactionWindow


def test_a_window_asks_the_seats_in_order_and_closes_when_all_passed() -> None:
    w = ReactionWindow.open((2, 0, 1))
    assert w is not None and w.queue == (2, 0, 1) and w.current == 2
    w1 = w.passed()
    assert w1 is not None and w1.current == 0
    assert ReactionWindow((1,)).passed() is None
    assert ReactionWindow.open(()) is None
