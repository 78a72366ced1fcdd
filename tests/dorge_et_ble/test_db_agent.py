"""The heuristic agent's seed (issue #21, item 4): where several moves score equally it
chooses among them with its own seeded generator, so the same bots with other seeds play
another game, and the same seeds the same game."""

from __future__ import annotations

from typing import Any

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble.actions import Upgrade


def _moves(seeds: tuple[int, int], game_seed: int = 5) -> list[Any]:
    agents = (db.HeuristicAgent(seeds[0]), db.HeuristicAgent(seeds[1]))
    s = db.new_game(seed=game_seed)
    moves = []
    while not db.is_terminal(s):
        p = s.to_move
        a = agents[p].act(db.observe(s, p), db.legal_actions(s))
        moves.append(a)
        s = db.step(s, a)
    return moves


def test_two_seeds_give_two_games() -> None:
    first = _moves((1, 2))
    assert _moves((1, 2)) == first  # same seeds, same deal: the very same game
    assert _moves((3, 4)) != first
    # Game seed 5: three upgrades of the opening hand score the same (DB-10); the seed
    # picks one of them.
    s = db.new_game(seed=5)
    legal = db.legal_actions(s)
    picks = {db.HeuristicAgent(seed).act(db.observe(s, 0), legal) for seed in range(10)}
    assert picks == {Upgrade(17), Upgrade(20), Upgrade(58)}
