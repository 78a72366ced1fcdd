"""Golden playthrough: a whole 3-player game of heuristic agents, replayed action by
action and compared with the recorded texts (tests/playthroughs/little_factory.json).

Regenerate after a deliberate rule change with
``LF_REGEN=1 pytest tests/little_factory/test_lf_playthrough.py`` and review the diff.
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.core.errors import TERMINAL

FILE = pathlib.Path(__file__).resolve().parents[1] / "playthroughs" / "little_factory.json"
SEED, PLAYERS, EVERY = 2024, 3, 40


def generate() -> dict[str, Any]:
    """Play the recorded game again with the heuristic agents and write it down."""
    agents = [lf.HeuristicAgent(seat) for seat in range(PLAYERS)]
    s = lf.new_game(PLAYERS, seed=SEED)
    actions: list[Any] = []
    texts: dict[str, str] = {"0": lf.render(s, "fr")}
    while s.to_move != TERMINAL:
        a = agents[s.to_move].act(lf.observe(s, s.to_move), lf.legal_actions(s))
        actions.append(bgf.action_to_json(a))
        s = lf.step(s, a)
        if len(actions) % EVERY == 0:
            texts[str(len(actions))] = lf.render(s, "fr")
    texts[str(len(actions))] = lf.render(s, "fr")
    return {
        "game": "little_factory",
        "seed": SEED,
        "num_players": PLAYERS,
        "chance": "auto",
        "actions": actions,
        "renders_fr": texts,
        "final_en": lf.render(s, "en"),
        "scores": list(lf.scores(s)),
        "winners": list(lf.winners(s)),
    }


def test_golden_playthrough() -> None:
    if os.environ.get("LF_REGEN"):
        FILE.write_text(json.dumps(generate(), ensure_ascii=False, indent=1) + "\n", "utf-8")
    doc = json.loads(FILE.read_text("utf-8"))
    s = lf.new_game(doc["num_players"], seed=doc["seed"], chance=doc["chance"])
    assert lf.render(s, "fr") == doc["renders_fr"]["0"]
    for i, data in enumerate(doc["actions"], start=1):
        a = bgf.action_from_json("little_factory", data)
        s = lf.step(s, a)
        if str(i) in doc["renders_fr"]:
            assert lf.render(s, "fr") == doc["renders_fr"][str(i)], f"after step {i}"
    assert lf.is_terminal(s)
    assert lf.render(s, "en") == doc["final_en"]
    assert list(lf.scores(s)) == doc["scores"]
    assert list(lf.winners(s)) == doc["winners"]
