"""The golden playthrough and the heuristic agent's strength.

Regenerate the golden file with ``DORGE_REGEN_PLAYTHROUGH=1 pytest
tests/dorge_et_ble/test_db_playthrough_agents.py`` (after a deliberate rules change only).
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.agents import RandomAgent

GOLDEN = pathlib.Path(__file__).resolve().parents[1] / "playthroughs" / "dorge_et_ble.json"
SEED = 2026
EVERY = 25


def _generate() -> dict[str, Any]:
    """A whole game between two heuristic agents, with the table rendered now and then."""
    agents = (db.HeuristicAgent(11), db.HeuristicAgent(12))
    s = db.new_game(seed=SEED)
    actions: list[Any] = []
    renders: list[dict[str, Any]] = [{"step": 0, "fr": db.render(s, "fr")}]
    while not db.is_terminal(s):
        a = agents[s.to_move].act(db.observe(s, s.to_move), db.legal_actions(s))
        actions.append(bgf.action_to_json(a))
        s = db.step(s, a)
        if len(actions) % EVERY == 0 or db.is_terminal(s):
            renders.append(
                {"step": len(actions), "fr": db.render(s, "fr"), "en": db.render(s, "en")}
            )
    return {
        "game": "dorge_et_ble",
        "seed": SEED,
        "num_players": 2,
        "options": {},
        "actions": actions,
        "renders": renders,
        "scores": list(db.scores(s)),
        "winners": list(db.winners(s)),
    }


def test_golden_playthrough() -> None:
    if os.environ.get("DORGE_REGEN_PLAYTHROUGH"):
        GOLDEN.write_text(json.dumps(_generate(), ensure_ascii=False, indent=1) + "\n", "utf-8")
    doc = json.loads(GOLDEN.read_text("utf-8"))
    s = db.new_game(doc["num_players"], seed=doc["seed"], options=doc["options"])
    checks = {r["step"]: r for r in doc["renders"]}
    assert db.render(s, "fr") == checks[0]["fr"]
    for i, data in enumerate(doc["actions"], start=1):
        s = db.step(s, bgf.action_from_json("dorge_et_ble", data))
        if i in checks:
            assert db.render(s, "fr") == checks[i]["fr"], f"step {i}"
            assert db.render(s, "en") == checks[i]["en"], f"step {i}"
    assert db.is_terminal(s)
    assert list(db.scores(s)) == doc["scores"]
    assert list(db.winners(s)) == doc["winners"]


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
