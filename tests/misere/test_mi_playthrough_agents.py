"""Golden playthrough and the heuristic agent's strength.

Regenerate the golden file after an intended rule change with:
    MISERE_REGEN=1 pytest tests/misere/test_mi_playthrough_agents.py
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent

GOLDEN = Path(__file__).parent.parent / "playthroughs" / "misere.json"
SEED = 2024
RENDER_EVERY = 10


def _play_golden() -> dict[str, Any]:
    """Two heuristic agents (seeds 1 and 2) from ``SEED``: the actions and some renders."""
    s = misere.new_game(2, seed=SEED)
    bots = [misere.HeuristicAgent(1), misere.HeuristicAgent(2)]
    actions: list[Any] = []
    renders: dict[str, str] = {}
    while not misere.is_terminal(s):
        seat = s.to_move
        a = bots[seat].act(misere.observe(s, seat), misere.legal_actions(s))
        actions.append(bgf.action_to_json(a))
        s = misere.step(s, a)
        if len(actions) % RENDER_EVERY == 0:
            renders[str(len(actions))] = misere.render(s, "fr")
    renders[str(len(actions))] = misere.render(s, "fr")
    return {
        "game": "misere",
        "seed": SEED,
        "num_players": 2,
        "actions": actions,
        "renders": renders,
        "scores": list(misere.scores(s)),
        "winners": list(misere.winners(s)),
    }


def test_golden_playthrough_replays() -> None:
    if os.environ.get("MISERE_REGEN"):
        GOLDEN.write_text(json.dumps(_play_golden(), ensure_ascii=False, indent=1) + "\n")
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    s = misere.new_game(data["num_players"], seed=data["seed"])
    for i, raw in enumerate(data["actions"], start=1):
        s = misere.step(s, bgf.action_from_json("misere", raw))
        if str(i) in data["renders"]:
            assert misere.render(s, "fr") == data["renders"][str(i)], f"after step {i}"
    assert misere.is_terminal(s)
    assert list(misere.scores(s)) == data["scores"]
    assert list(misere.winners(s)) == data["winners"]


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
