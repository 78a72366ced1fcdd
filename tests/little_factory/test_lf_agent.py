"""The heuristic agent wins at least 70% of 2-player games against RandomAgent."""

from __future__ import annotations

import boardgames_fr.little_factory as lf
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.errors import TERMINAL


def _game(seed: int, heuristic_seat: int) -> float:
    agents = {heuristic_seat: lf.HeuristicAgent(seed), 1 - heuristic_seat: RandomAgent(seed)}
    s = lf.new_game(2, seed=seed)
    while s.to_move != TERMINAL:
        seat = s.to_move
        s = lf.step(s, agents[seat].act(lf.observe(s, seat), lf.legal_actions(s)))
    won = lf.winners(s)
    return 1 / len(won) if heuristic_seat in won else 0.0


def test_heuristic_beats_random() -> None:
    games = 40
    score = sum(_game(seed, seed % 2) for seed in range(games))
    assert score / games >= 0.7
