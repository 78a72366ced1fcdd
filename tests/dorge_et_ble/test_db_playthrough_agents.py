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
from boardgames_fr.dorge_et_ble.actions import Barter, Harvest, Sell, Upgrade
from boardgames_fr.dorge_et_ble.game import GAME
from boardgames_fr.dorge_et_ble.rules import totals
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


def _last_card_position(**fields: Any) -> db.State:
    """Year 6, seat 0 to play its last card, seat 1 with none left: the discard holds
    the cards not placed."""
    base: dict[str, Any] = {"known": ((), ()), "columns": ((), ()), "deal_queue": ()}
    base.update(year=6, phase="play", to_move=0, active=0, buildings=((-1, -1), (-1, -1)))
    s = attrs.evolve(db.new_game(seed=1), **{**base, **fields})
    used = {c for part in (s.hands, s.columns, s.sold, s.upgrades) for cards in part for c in cards}
    used |= set(s.barter)
    s = attrs.evolve(s, deck=(), discard=tuple(c for c in range(60) if c not in used))
    GAME.validate(s)
    return s


def _end(s: db.State, action: Any) -> db.State:
    """The game after ``action``, the forced moves that follow played in order."""
    s = db.step(s, action)
    while not db.is_terminal(s):
        s = db.step(s, db.legal_actions(s)[0])
    return s


def test_DB15_bot_last_card_harvests_to_fill_its_barn_for_the_barn_bonus() -> None:
    """DB-12, DB-15 (fourth audit): with its last card, Blonde 4 (#0), seat 0 (beer 20,
    bread 10; Blonde 5 (#5) upgraded: +4 au choix with at least 2 tokens more than the
    other Grange, 3 against 3 now) can sell it (beer 24: its score stays 10), upgrade it
    (beer 22: 10) or harvest 1 water and 1 wheat (5 tokens against 3: the +4 goes to
    bread, 14). Seat 1 scores 12. The bot sold, the good it already led, and lost; now it
    counts the moves as the rules do at the end (`rules.count_totals`) and harvests."""
    s = _last_card_position(
        mill=1,
        hands=((0,), ()),
        barter=(),
        sold=((20, 21, 1, 30, 40), (50, 34, 22, 2)),
        upgrades=((5,), ()),
        barns=((1, 0, 1, 0, 1), (0, 1, 0, 2, 0)),
        fields=(4, 3, 2, 2, 2),
    )
    legal = db.legal_actions(s)
    assert legal == (Harvest(0), Sell(0), Upgrade(0))
    ends = {a: _end(s, a) for a in legal}
    assert {a: totals(e, 0) for a, e in ends.items()} == {
        Harvest(0): (20, 14),
        Sell(0): (24, 10),
        Upgrade(0): (22, 10),
    }
    assert {a: db.winners(e) for a, e in ends.items()} == {
        Harvest(0): (0,),
        Sell(0): (1,),
        Upgrade(0): (1,),
    }
    assert {db.HeuristicAgent(seed).act(db.observe(s, 0), legal) for seed in range(20)} == {
        Harvest(0)
    }


def test_DB06_DB12_bot_last_card_barters_for_the_upgrade_that_wins() -> None:
    """DB-06, DB-12 (fourth audit, seed 10 between two bots): seat 0 (beer 19, bread 23)
    holds only Blonde 4 (#1); seat 1 has played its cards and scores 19 (26 beer). Taking
    Blonde 4 (#0) from the barter row and upgrading it (+2 coins for beer) gives 21 and
    the game; the bot upgraded #1 (« Grange +2 espaces », worth nothing now) and lost the
    tie on the other total (23 against 26)."""
    s = _last_card_position(
        mill=1,
        hands=((1,), ()),
        barter=(0, 3, 36),
        columns=((50,), (59,)),
        sold=((49, 17, 41, 33, 42), (2, 15, 7, 31, 34, 40, 4, 10)),
        upgrades=(
            (54, 23, 43, 12, 13, 58, 56, 29, 24, 22, 39, 51, 37, 57),
            (47, 46, 18, 9, 20, 26, 35, 5, 45, 48, 8, 11, 21, 25),
        ),
        barns=((5, 0, 3, 1, 0), (2, 0, 1, 0, 4)),
        fields=(8, 7, 2, 4, 4),
    )
    assert (totals(s, 0), totals(s, 1)) == ((19, 23), (26, 19))
    legal = db.legal_actions(s)
    assert {db.HeuristicAgent(seed).act(db.observe(s, 0), legal) for seed in range(20)} == {
        Barter(1, 0)
    }
    t = db.step(s, Barter(1, 0))
    assert db.HeuristicAgent(0).act(db.observe(t, 0), db.legal_actions(t)) == Upgrade(0)
    end = _end(t, Upgrade(0))
    assert (totals(end, 0), db.winners(end)) == ((21, 23), (0,))
    assert db.winners(_end(s, Upgrade(1))) == (1,)  # what the bot played before
