"""Golden playthrough and the heuristic agent's strength.

Golden playthroughs in the shared format (`boardgames_fr.testing`). Regenerate them after
an intended change of the rules or pictures, and review the diff:

    BGF_REGEN_PLAYTHROUGHS=1 pytest tests/misere/test_mi_playthrough_agents.py

The action sequences already in the file are kept: only pictures, scores and winners
can change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent
from boardgames_fr.testing import golden_playthroughs

GOLDEN = Path(__file__).parent.parent / "playthroughs" / "misere.json"
# The first game is the heuristic duel pinned since the first version; the second is in
# explicit chance mode with two non-default options.
GAMES: list[dict[str, Any]] = [
    {"name": "heuristic_duel", "seed": 2024, "num_players": 2},
    {
        "name": "explicit_variants",
        "seed": 7,
        "num_players": 2,
        "options": {"plain_squares": 2, "eaten_food": "pile"},
        "chance": "explicit",
    },
]


def test_golden_playthroughs() -> None:
    assert golden_playthroughs(misere, GOLDEN, GAMES) == len(GAMES)


def test_heuristic_beats_random_70_percent() -> None:
    games = 200
    wins = 0
    for g in range(games):
        hseat = g % 2
        s = misere.new_game(2, seed=g)
        bots: dict[int, Any] = {hseat: misere.HeuristicAgent(g), 1 - hseat: RandomAgent(g + 500)}
        while not misere.is_terminal(s):
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), misere.legal_actions(s)))
        if misere.winners(s) == (hseat,):
            wins += 1
    assert wins / games >= 0.7, f"heuristic won {wins}/{games}"
