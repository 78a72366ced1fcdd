"""Positions set up by hand for the Misère rule tests.

Default zone layout (1 plain square + 1 dotted square per action, MI-02): Acheter à
bouffer 0, (1); Bosser 2, (3); Galérer 4, (5); circles Pointer 6, Bosser pour sa gueule 7,
Faire la manche 8. Sectors: 0 artisans, 1 petits, 2 agricoles, 3 commune.
"""

from __future__ import annotations

from typing import Any

import attrs

from boardgames_fr import misere
from boardgames_fr.misere.state import ACTION, State

BUY0, BUY_DOTTED = 0, 1
WORK0, WORK_DOTTED = 2, 3
STRUGGLE0, STRUGGLE_DOTTED = 4, 5
POINTER, OEUVRE, MANCHE = 6, 7, 8
CIRCLES = (POINTER, OEUVRE, MANCHE)
ARTISANS, PETITS, AGRICOLES, COMMUNE = 0, 1, 2, 3


def fresh(**options: Any) -> State:
    return misere.new_game(2, seed=0, options=options or None)


def setp(s: State, seat: int, **kw: Any) -> State:
    """Change some fields of one player."""
    players = list(s.players)
    players[seat] = attrs.evolve(players[seat], **kw)
    return attrs.evolve(s, players=tuple(players))


def put(s: State, seat: int, place: int, qualified: bool = False) -> State:
    """Move one worker of ``seat`` from its reserve onto a place of the zone."""
    pl = s.players[seat]
    s = setp(
        s,
        seat,
        plain=pl.plain - (not qualified),
        qualified=pl.qualified - qualified,
        acted=pl.acted + 1,
    )
    zone = list(s.zone)
    zone[place] = seat * 2 + qualified
    return attrs.evolve(s, zone=tuple(zone))


def qualified_start(s: State, seat: int) -> State:
    """The seat's only worker wears a helmet."""
    return setp(s, seat, plain=0, qualified=1, owned_plain=0, owned_qualified=1)


def acting(place: int, qualified: bool = False, **player: Any) -> State:
    """Seat 0 to act, with one worker on ``place``; seat 1 still has a worker waiting on
    a square (Bosser, or Acheter à bouffer when seat 0 is on Bosser), so the round does not
    end after seat 0's move."""
    s = fresh()
    if qualified:
        s = qualified_start(s, 0)
    s = put(s, 1, BUY0 if place == WORK0 else WORK0)
    s = put(s, 0, place, qualified)
    s = setp(s, 0, **player)
    return attrs.evolve(s, phase=ACTION, to_move=0)


def fill_circles(s: State) -> State:
    """Seat 1's workers (three more, from its box) take the three misery circles."""
    s = setp(s, 1, plain=s.players[1].plain + 3, owned_plain=s.players[1].owned_plain + 3)
    for place in CIRCLES:
        s = put(s, 1, place)
    return s


def short_of_food(rounds_done: int = 0, **seat0: Any) -> State:
    """Seat 0's last worker is on Bosser, to act (then the round ends); seat 1's worker has
    glandered (fed: 1 food). Seat 0 has one plain and one qualified worker home, who acted
    this round, and one food: 3 due, 1 paid, 2 to lose."""
    s = attrs.evolve(fresh(), round=1 + rounds_done)
    s = setp(s, 0, plain=2, qualified=1, owned_plain=2, owned_qualified=1, food=1, acted=2)
    s = setp(put(s, 0, WORK0), 0, **seat0)
    s = setp(s, 1, acted=1, food=1)
    return attrs.evolve(s, phase=ACTION, to_move=0, pile=11)


def play(s: State, *actions: Any) -> State:
    for a in actions:
        s = misere.step(s, a)
    return s
