"""Golden playthroughs: fixed seeds and actions, with the rendered table along the way.

They pin Fromage's behaviour across refactors. After an intended change of the rules or
of the text picture, regenerate the file and review its diff:

    FROMAGE_REGEN=1 pytest tests/fromage/test_fr_playthrough.py
"""

from __future__ import annotations

import json
import os
import pathlib
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import fromage

PATH = pathlib.Path(__file__).resolve().parent.parent / "playthroughs" / "fromage.json"
EVERY = 20  # a rendered table every this many steps, and at the end

GAMES: list[dict[str, Any]] = [
    {"name": "plain", "seed": 2024, "num_players": 2, "options": {}, "chance": "auto"},
    {
        "name": "powers_festival_explicit",
        "seed": 7,
        "num_players": 3,
        "options": {
            "board": "B",
            "powers": True,
            "variant": "festival",
            "cheese_points": "decreasing",
            "extra_cheeses": 2,
        },
        "chance": "explicit",
    },
]


def _play(spec: dict[str, Any]) -> dict[str, Any]:
    """Play ``spec`` with heuristic bots (chance: the state's own draws); record it."""
    s = fromage.new_game(
        spec["num_players"], seed=spec["seed"], options=spec["options"], chance=spec["chance"]
    )
    bots = [fromage.HeuristicAgent(seed) for seed in range(spec["num_players"])]
    actions, renders = [], [{"step": 0, "fr": _lines(s, "fr")}]
    while not fromage.is_terminal(s):
        seat = fromage.current_player(s)
        if seat == bgf.CHANCE:
            a = bgf.sample_chance(s)
        else:
            a = bots[seat].act(fromage.observe(s, seat), fromage.legal_actions(s))
        s = fromage.step(s, a)
        actions.append(bgf.action_to_json(a))
        if len(actions) % EVERY == 0:
            renders.append({"step": len(actions), "fr": _lines(s, "fr")})
    renders.append({"step": len(actions), "fr": _lines(s, "fr"), "en": _lines(s, "en")})
    return {
        **spec,
        "actions": actions,
        "renders": renders,
        "scores": list(fromage.scores(s)),
        "winners": list(fromage.winners(s)),
    }


def _lines(state: fromage.State, lang: str) -> list[str]:
    # One string per line, so that a regenerated file diffs line by line.
    return fromage.render(state, lang).splitlines()


def _write() -> None:
    games = [_play(spec) for spec in GAMES]
    lines = ['{"game": "fromage", "games": [']
    for g, game in enumerate(games):
        head = {k: v for k, v in game.items() if k not in ("actions", "renders")}
        lines.append("  {")
        lines.append(f'    "spec": {json.dumps(head, ensure_ascii=False)},')
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
    if os.environ.get("FROMAGE_REGEN"):
        _write()
    doc = json.loads(PATH.read_text(encoding="utf-8"))
    assert [g["spec"]["name"] for g in doc["games"]] == [g["name"] for g in GAMES]
    for game in doc["games"]:
        spec = game["spec"]
        s = fromage.new_game(
            spec["num_players"], seed=spec["seed"], options=spec["options"], chance=spec["chance"]
        )
        renders = {r["step"]: r for r in game["renders"]}
        assert renders[0]["fr"] == _lines(s, "fr")
        for i, data in enumerate(game["actions"], start=1):
            s = fromage.step(s, bgf.action_from_json("fromage", data))
            if i in renders:
                assert _lines(s, "fr") == renders[i]["fr"], f"{spec['name']} step {i}"
        last = game["renders"][-1]
        assert fromage.is_terminal(s)
        assert _lines(s, "en") == last["en"]
        assert list(fromage.scores(s)) == spec["scores"]
        assert list(fromage.winners(s)) == spec["winners"]
