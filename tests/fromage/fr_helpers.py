"""Hand-set Fromage positions for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from boardgames_fr import fromage
from boardgames_fr.fromage.actions import ChooseSpace, DieFace
from boardgames_fr.fromage.data import BOARDS
from boardgames_fr.fromage.state import CHOOSE, Markers, State


def position(
    mice: Mapping[str, Iterable[int]],
    *,
    n: int = 2,
    turn: int = 0,
    options: Mapping[str, Any] | None = None,
    hands: Iterable[Iterable[str]] | None = None,
) -> State:
    """A game in explicit chance mode where ``turn`` is to choose a space.

    ``mice`` maps a space name to the count of mice of each seat there; ``hands`` gives
    each seat's power markers (needs ``options={"powers": True, ...}``).
    """
    s = fromage.new_game(n, seed=1, options=dict(options or {}), chance="explicit")
    board = BOARDS[s.options.board]
    counts = [0] * (board.size * n)
    for name, per_seat in mice.items():
        for seat, c in enumerate(per_seat):
            counts[board.index[name] * n + seat] = c
    markers = s.markers
    if hands is not None:
        markers = Markers(tuple(tuple(sorted(h)) for h in hands), (), ())
    return attrs.evolve(
        s,
        phase=CHOOSE,
        to_move=turn,
        turn=turn,
        mice=tuple(counts),
        to_place=(0,) * n,
        markers=markers,
    )


def roll(state: State, space: str, faces: Iterable[str]) -> State:
    """``state``'s player chooses ``space`` and the dice show ``faces`` (explicit mode)."""
    s = fromage.step(state, ChooseSpace(space))
    for face in faces:
        s = fromage.step(s, DieFace(face))
    return s


def mice_at(state: State, space: str) -> tuple[int, ...]:
    """The count of each seat's mice on ``space``."""
    n = state.num_players
    i = BOARDS[state.options.board].index[space]
    return state.mice[i * n : i * n + n]


def play(state: State, *actions: Any) -> State:
    """Step through ``actions`` one after the other."""
    for a in actions:
        state = fromage.step(state, a)
    return state
