"""The golden playthroughs (shared format) and the heuristic agent's strength.

Regenerate the golden file with ``BGF_REGEN_PLAYTHROUGHS=1 pytest
tests/dorge_et_ble/test_db_playthrough_agents.py`` (after a deliberate rules change only):
the action sequences already in the file are kept, only the pictures are re-recorded.
"""

from __future__ import annotations

import pathlib
from typing import Any

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.agents import RandomAgent
from boardgames_fr.testing import golden_playthroughs

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "playthroughs" / "dorge_et_ble.json"
EVERY = 25

GAMES: list[dict[str, Any]] = [
    {"name": "heuristic_duel", "seed": 2026, "options": {}, "chance": "auto"},
    {
        "name": "variants_explicit",
        "seed": 7,
        "options": {"drought_sowing": "reset_to", "barter_cards": 2, "barn_size": 7},
        "chance": "explicit",
    },
]


def test_golden_playthrough() -> None:
    assert golden_playthroughs(db, GOLDEN, GAMES, every=EVERY) == len(GAMES)


def _play(agents: tuple[Any, Any], seed: int) -> db.State:
    s = db.new_game(seed=seed)
    while not db.is_terminal(s):
        p = s.to_move
        s = db.step(s, agents[p].act(db.observe(s, p), db.legal_actions(s)))
    return s


def test_heuristic_beats_random_at_least_70_percent() -> None:
    games = 60
    wins = 0
    for g in range(games):
        seat = g % 2
        agents: list[Any] = [RandomAgent(g), RandomAgent(g)]
        agents[seat] = db.HeuristicAgent(g)
        s = _play((agents[0], agents[1]), 500 + g)
        wins += db.winners(s) == (seat,)
    assert wins / games >= 0.7, wins / games


def test_heuristic_sells_both_goods() -> None:
    """DB-12: the agent balances the two goods, since only the lower total counts."""
    from boardgames_fr.dorge_et_ble.rules import totals

    for g in range(6):
        s = _play((db.HeuristicAgent(g), db.HeuristicAgent(g + 100)), 900 + g)
        for seat in (0, 1):
            assert min(totals(s, seat)) > 0
