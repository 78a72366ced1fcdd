"""The golden playthroughs (shared format) and the heuristic agent's strength.

Regenerate the golden file with ``BGF_REGEN_PLAYTHROUGHS=1 pytest
tests/dorge_et_ble/test_db_playthrough_agents.py`` (after a deliberate rules change only):
the action sequences already in the file are kept, only the pictures are re-recorded.
"""

from __future__ import annotations

import pathlib
from typing import Any

import attrs

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.agents import RandomAgent
from boardgames_fr.dorge_et_ble.actions import Barter
from boardgames_fr.dorge_et_ble.rules import GAME
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


def test_DB06_bot_barters_away_its_least_useful_card() -> None:
    """DB-06, the audit's position (seed 83, year 6, a drought year): seat 0 holds the
    Amber ale 7 (#15), which it can sell now, and the Rye bread 7 (#47), of little use
    to it; the Brown ale 9 (#28) is in the barter row. Each Barter is scored by the card
    it takes and by the card it gives, so the bot always gives the Rye bread and keeps
    the ale (it gave either, at random)."""
    s = attrs.evolve(
        db.new_game(seed=83),
        year=6,
        mill=0,
        to_move=0,
        active=0,
        hands=((15, 47), (16, 41)),
        known=((16,), ()),
        barter=(17, 28, 44),
        columns=((1,), (57,)),
        buildings=((-1, -1), (-1, -1)),
        sold=((13, 56, 0, 38, 37, 51), (31, 34, 8)),
        upgrades=(
            (6, 30, 26, 2, 48, 59, 46, 21, 20, 45, 5, 25, 52),
            (23, 32, 49, 39, 42, 19, 3, 29, 36, 14, 33, 4, 53, 18, 55, 43),
        ),
        barns=((5, 0, 3, 0, 1), (6, 2, 0, 1, 2)),
        fields=(4, 5, 4, 4, 3),
        deal_queue=(),
    )
    used = {c for part in (s.hands, s.columns, s.sold, s.upgrades) for cards in part for c in cards}
    used |= set(s.barter)
    rest = tuple(c for c in range(60) if c not in used)
    s = attrs.evolve(s, deck=(), discard=rest)
    GAME.validate(s)
    legal = db.legal_actions(s)
    assert Barter(15, 28) in legal and Barter(47, 28) in legal
    choices = {db.HeuristicAgent(seed).act(db.observe(s, 0), legal) for seed in range(20)}
    assert choices == {Barter(47, 28)}
    assert db.describe(Barter(47, 28), s, "en") == "Barter Rye bread 7 (#47) for Brown ale 9 (#28)"
