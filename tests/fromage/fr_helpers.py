"""Hand-set Fromage positions for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from boardgames_fr import fromage
from boardgames_fr.fromage.actions import ChooseSpace, DieFace
from boardgames_fr.fromage.data import BOARDS
from boardgames_fr.fromage.state import CHOOSE, KINDS, Markers, State


def position(
    mice: Mapping[str, Iterable[int]],
    *,
    n: int = 2,
    turn: int = 0,
    options: Mapping[str, Any] | None = None,
    hands: Iterable[Iterable[str]] | None = None,
) -> State:
    """A game in explicit chance mode where ``turn`` is to choose a space: a state that
    loads as a save (`fromage.GAME.validate`).

    ``mice`` maps a space name to the count of mice of each seat there; ``hands`` gives
    each seat's power markers (needs ``options={"powers": True, ...}``). Each seat was
    dealt its markers (``markers`` of them, or with ``full_set`` one of each kind) and
    has played those it no longer holds, seat after seat before the position, as
    `Markers.played_by` records (FR-11: with ``full_set``, the kinds missing from its
    hand; else the first kinds, in `KINDS` order, that the box still has). Without
    ``hands``: a full set each with ``full_set``, else no marker left.
    """
    s = fromage.new_game(n, seed=1, options=dict(options or {}), chance="explicit")
    board = BOARDS[s.options.board]
    counts = [0] * (board.size * n)
    for name, per_seat in mice.items():
        for seat, c in enumerate(per_seat):
            counts[board.index[name] * n + seat] = c
    markers = s.markers
    if markers is not None and (hands is not None or not s.options.full_set):
        markers = _dealt(s, [tuple(sorted(h)) for h in hands or [()] * n])
    s = attrs.evolve(
        s,
        phase=CHOOSE,
        to_move=turn,
        turn=turn,
        mice=tuple(counts),
        to_place=(0,) * n,
        markers=markers,
    )
    fromage.GAME.validate(s)
    return s


def _dealt(s: State, hands: list[tuple[str, ...]]) -> Markers:
    """``hands``, and the markers each seat played before (see `position`)."""
    full_set = s.options.full_set
    discards: list[str] = []
    played_by: list[int] = []
    held = [k for h in hands for k in h]
    for seat, hand in enumerate(hands):
        if full_set:
            gone = [k for k in KINDS if k not in hand]
        else:
            gone = []
            for _ in range(s.options.markers - len(hand)):
                kind = next(
                    k for k in KINDS if held.count(k) + discards.count(k) + gone.count(k) < 5
                )
                gone.append(kind)
        discards += gone
        played_by += [seat] * len(gone)
    return Markers(tuple(hands), (), tuple(discards), tuple(played_by))


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
