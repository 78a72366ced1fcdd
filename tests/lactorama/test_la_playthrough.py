"""Golden playthroughs of Lactorama: fixed seeds and actions, with the table along the way.

They pin the behaviour across refactors. After an intended change of the rules, the data or
the text picture, regenerate the file and review its diff:

    LACTORAMA_REGEN=1 pytest tests/lactorama/test_la_playthrough.py
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import lactorama as L

PATH = pathlib.Path(__file__).resolve().parent.parent / "playthroughs" / "lactorama.json"
EVERY = 25  # a rendered table every this many steps, and at the end

GAMES: list[dict[str, Any]] = [
    {"name": "two_farms", "seed": 2024, "num_players": 2, "options": {}, "chance": "auto"},
    {
        "name": "teams_face_down_explicit",
        "seed": 7,
        "num_players": 4,
        "options": {"teams": True, "face_down": True, "years": 1},
        "chance": "explicit",
    },
    {
        "name": "five_farms_land",
        "seed": 11,
        "num_players": 5,
        "options": {"land_always": True, "years": 2},
        "chance": "auto",
    },
]


def _lines(state: L.State, lang: str) -> list[str]:
    return L.render(state, lang).splitlines()


def _play(spec: dict[str, Any]) -> dict[str, Any]:
    """Play ``spec`` with heuristic farmers (chance: the state's own draws); record it."""
    s = L.new_game(
        spec["num_players"], seed=spec["seed"], options=spec["options"], chance=spec["chance"]
    )
    bots = [L.HeuristicAgent(seed) for seed in range(spec["num_players"])]
    actions, renders = [], [{"step": 0, "fr": _lines(s, "fr")}]
    while not L.is_terminal(s):
        seat = L.current_player(s)
        if seat == bgf.CHANCE:
            a = bgf.sample_chance(s)
        else:
            a = bots[seat].act(L.observe(s, seat), L.legal_actions(s))
        s = L.step(s, a)
        actions.append(bgf.action_to_json(a))
        if len(actions) % EVERY == 0:
            renders.append({"step": len(actions), "fr": _lines(s, "fr")})
    renders.append({"step": len(actions), "fr": _lines(s, "fr"), "en": _lines(s, "en")})
    return {
        "spec": {**spec, "scores": list(L.scores(s)), "winners": list(L.winners(s))},
        "actions": actions,
        "renders": renders,
    }


def _write() -> None:
    games = [_play(spec) for spec in GAMES]
    lines = ['{"game": "lactorama", "games": [']
    for g, game in enumerate(games):
        lines.append("  {")
        lines.append(f'    "spec": {json.dumps(game["spec"], ensure_ascii=False)},')
        lines.append('    "actions": [')
        acts = [f"      {json.dumps(a, ensure_ascii=False)}" for a in game["actions"]]
        lines.append(",\n".join(acts))
        lines.append("    ],")
        renders = json.dumps(game["renders"], ensure_ascii=False, indent=1)
        lines.append(f'    "renders": {renders}')
        lines.append("  }" + ("," if g < len(games) - 1 else ""))
    lines.append("]}")
    PATH.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_golden_playthroughs_replay_exactly() -> None:
    if os.environ.get("LACTORAMA_REGEN"):
        _write()
    doc = json.loads(PATH.read_text(encoding="utf-8"))
    assert [g["spec"]["name"] for g in doc["games"]] == [g["name"] for g in GAMES]
    for game in doc["games"]:
        spec = game["spec"]
        s = L.new_game(
            spec["num_players"], seed=spec["seed"], options=spec["options"], chance=spec["chance"]
        )
        renders = {r["step"]: r for r in game["renders"]}
        assert renders[0]["fr"] == _lines(s, "fr")
        for i, data in enumerate(game["actions"], start=1):
            s = L.step(s, bgf.action_from_json("lactorama", data))
            if i in renders:
                assert _lines(s, "fr") == renders[i]["fr"], f"{spec['name']} step {i}"
        assert L.is_terminal(s)
        assert _lines(s, "en") == game["renders"][-1]["en"]
        assert list(L.scores(s)) == spec["scores"]
        assert list(L.winners(s)) == spec["winners"]
