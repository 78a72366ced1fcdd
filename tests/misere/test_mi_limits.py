"""Issue #23: a save that loads only leads to saves that load.

`validate` bounds money and experience by `MAX_AMOUNT` less what the rest of the game can
still add (`moves_left`), so that a state at the limit stays within it whatever is played.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from misere_helpers import BUY0, WORK0, fresh, play

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere.actions import Activate, Place
from boardgames_fr.misere.validate import (
    MAX_AMOUNT,
    MONEY_PER_MOVE,
    XP_PER_MOVE,
    amount_limit,
    moves_left,
)

OPTIONS = [
    {},
    {"rounds": 30, "plain_squares": 4, "dotted_squares": 3},
    {"rounds": 1, "oeuvre_speed": "acting_worker", "commune_meal_when_empty": "central"},
    {"plain_squares": 2, "dotted_squares": 0, "eaten_food": "pile", "tie_break": "shared"},
]


def at_the_limits(s: misere.State) -> str:
    """The save of ``s`` with both seats' money and experience as high as a save may hold."""
    raw = json.loads(bgf.dumps(s))
    for seat, pl in enumerate(raw["state"]["players"]):
        pl["money"], pl["xp"] = amount_limit(s, seat)
    return json.dumps(raw)


def test_the_save_of_issue_23_is_refused() -> None:
    # 10**9 balles while placing in round 1: five moves later, a wage took it past the
    # old limit (10**9), and that save no longer loaded.
    raw = json.loads(bgf.dumps(play(fresh(), Place(WORK0, False))))
    raw["state"]["players"][0]["money"] = 10**9
    with pytest.raises(bgf.InvalidStateError, match=r"^state\.players\[0\]\.money: more than"):
        bgf.loads(json.dumps(raw))


def test_moves_left_counts_down_to_the_end() -> None:
    s = fresh()
    assert moves_left(s, 0) == moves_left(s, 1) == 4 * 12  # MI-01: 4 workers, 12 rounds
    s = play(s, Place(WORK0, False), Place(BUY0, False))  # the action phase of round 1
    assert (moves_left(s, 0), moves_left(s, 1)) == (4 * 11 + 1, 4 * 11 + 1)
    s = play(s, Activate(BUY0))  # seat 1's worker: its move in progress
    assert (moves_left(s, 0), moves_left(s, 1)) == (4 * 11 + 1, 4 * 11 + 1)
    assert amount_limit(s, 0) == (
        MAX_AMOUNT - (4 * 11 + 1) * MONEY_PER_MOVE,
        MAX_AMOUNT - (4 * 11 + 1) * XP_PER_MOVE,
    )
    assert MONEY_PER_MOVE >= 1500 and XP_PER_MOVE >= 1  # a qualified worker's wage, a star


def _move(
    s: misere.State, rnd: random.Random, bots: list[misere.HeuristicAgent], share: float
) -> Any:
    """A random move with probability ``share``, else the heuristic's: the bots keep their
    workers fed, so the game goes on long enough to earn."""
    legal = misere.legal_actions(s)
    if rnd.random() < share:
        return rnd.choice(legal)
    return bots[s.to_move].act(misere.observe(s, s.to_move), legal)


@given(
    seed=st.integers(0, 10**6),
    options=st.sampled_from(OPTIONS),
    steps=st.integers(0, 150),
    share=st.sampled_from((0.2, 1.0)),
)
def test_play_from_the_limits_saves_and_loads(
    seed: int, options: dict[str, object], steps: int, share: float
) -> None:
    rnd = random.Random(seed)
    bots = [misere.HeuristicAgent(seed), misere.HeuristicAgent(seed + 1)]
    s = misere.new_game(2, seed=seed, options=options)
    for _ in range(steps):
        if misere.is_terminal(s):
            break
        s = misere.step(s, _move(s, rnd, bots, share))
    s = bgf.loads(at_the_limits(s))  # the limits themselves load
    while True:
        assert bgf.loads(bgf.dumps(s)) == s
        if misere.is_terminal(s):
            break
        s = misere.step(s, _move(s, rnd, bots, share))
