"""Lactorama's offer budget (the Négoce) and waiting room (the end-of-season hexagon),
moved from the core: Lactorama alone uses them."""

from __future__ import annotations

from boardgames_fr.lactorama.components import OfferBudget, WaitingRoom


def test_an_offer_spends_the_seats_budget_only() -> None:
    budget = OfferBudget.fresh(2, 1).spend(0)
    assert not budget.can_offer(0) and budget.can_offer(1)


def test_the_room_keeps_the_order_of_arrival_once() -> None:
    room = WaitingRoom().arrive(1).arrive(1).arrive(0)
    assert room.arrived == (1, 0) and room.everyone((0, 1))
    assert room.is_waiting(1) and not WaitingRoom().arrive(0).everyone((0, 1))
