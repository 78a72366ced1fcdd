"""The heuristic agent beats RandomAgent in 2-player games, from both seats."""

from __future__ import annotations

from boardgames_fr import fromage
from boardgames_fr.agents import RandomAgent

GAMES = 60  # 30 from each seat: about 2 s


def _heuristic_wins(options: dict[str, object], games: int) -> int:
    wins = 0
    for g in range(games):
        seat = g % 2
        bots = {seat: fromage.HeuristicAgent(g), 1 - seat: RandomAgent(1000 + g)}
        s = fromage.new_game(2, seed=g, options=options)
        while not fromage.is_terminal(s):
            p = fromage.current_player(s)
            s = fromage.step(s, bots[p].act(fromage.observe(s, p), fromage.legal_actions(s)))
        wins += fromage.winners(s) == (seat,)
    return wins


def test_heuristic_wins_at_least_70_percent_against_random() -> None:
    assert _heuristic_wins({}, GAMES) >= 0.7 * GAMES


def test_heuristic_plays_every_variant_and_still_wins_most() -> None:
    opts = {"powers": True, "board": "B", "variant": "festival", "cheese_points": "decreasing"}
    assert _heuristic_wins(opts, 20) >= 12


def test_heuristic_plays_the_house_rule_options_and_still_wins_most() -> None:
    """FR-13, FR-15, FR-16 options: forcing any opponent, dice changed straight."""
    opts = {"powers": True, "full_set": True, "tour_target": "any", "die_change": "full"}
    assert _heuristic_wins(opts, 20) >= 12
