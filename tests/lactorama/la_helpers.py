"""Hand-set Lactorama positions for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama.actions import DieRoll
from boardgames_fr.lactorama.components import WaitingRoom
from boardgames_fr.lactorama.state import Farm, State


def farm(
    ha: int = 44,
    cows: int = 40,
    money: int = 11000,
    bons: int = 4,
    *,
    loans: int = 0,
    green: int = 0,
    filiere: str = "ecolo",
    kept: tuple[str, ...] = (),
    allied: bool = False,
) -> Farm:
    """A farm; the defaults are the seed's starting farm (LA-02), filière Écolo."""
    return Farm(ha, cows, money, bons, loans, green, filiere, kept, allied)


def table(
    n: int = 2,
    *,
    farms: Iterable[Farm] | None = None,
    slots: Mapping[int, str] | None = None,
    pos: Iterable[int] | None = None,
    arrived: Iterable[int] = (),
    actor: int = 0,
    season: int = 0,
    year: int = 0,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A season in progress, explicit chance mode, ``actor`` about to roll.

    Every slot holds E01 (+2,000) unless ``slots`` says otherwise; pawns start
    in the hexagon at space 5 (position -2) unless ``pos`` says otherwise.
    """
    s = L.new_game(n, seed=1, options=dict(options or {}), chance="explicit")
    nf = len(s.farms)
    the_farms = tuple(farms) if farms is not None else tuple(farm() for _ in range(nf))
    fill = ["E01"] * s.options.squares
    for i, cid in (slots or {}).items():
        fill[i] = cid
    room = WaitingRoom(tuple(arrived)) if arrived else s.room
    return attrs.evolve(
        s,
        farms=the_farms,
        slots=tuple(fill),
        pos=tuple(pos) if pos is not None else s.pos,
        room=room,
        stage="season",
        phase="roll",
        to_move=bgf.CHANCE,
        actor=actor,
        last_player=(actor - 1) % n,
        season=season,
        year=year,
        queue=(),
        dice=(),
    )


def roll(s: State, *dice: int) -> State:
    """The current pawn rolls ``dice`` (one chance event per die)."""
    for d in dice:
        s = L.step(s, DieRoll(d))
    return s


def play(s: State, *actions: Any) -> State:
    for a in actions:
        s = L.step(s, a)
    return s
