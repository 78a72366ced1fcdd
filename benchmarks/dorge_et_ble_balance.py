"""Balance of D'Orge et de Blé's cards: games between two heuristic agents.

    python benchmarks/dorge_et_ble_balance.py [--games 1000]

Prints how often both goods get sold, the first player's win rate (seat 0 holds the Mill
in year 1; target 40-60 %), the average scores, and for the card whose presence among a
player's sales and upgrades goes with the highest win rate, that rate (no single card
should decide the game).
"""

from __future__ import annotations

import argparse
import math
import time

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.rules import totals


def play(seed: int) -> db.State:
    """One game between two heuristic agents."""
    agents = (db.HeuristicAgent(2 * seed), db.HeuristicAgent(2 * seed + 1))
    s = db.new_game(seed=seed)
    while not db.is_terminal(s):
        p = s.to_move
        s = db.step(s, agents[p].act(db.observe(s, p), db.legal_actions(s)))
    return s


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    args = p.parse_args()
    n = args.games
    start = time.perf_counter()
    first = both_any = both_each = 0
    score_sum = 0.0
    card_games = [0] * D.NUM_CARDS
    card_wins = [0] * D.NUM_CARDS
    for g in range(n):
        s = play(g)
        won = db.winners(s)[0]
        first += won == 0
        t = (totals(s, 0), totals(s, 1))
        beer_sold = [
            any(D.CARD_GOOD[c] == D.BEER for c in s.sold[p] + s.buildings[p] if c >= 0)
            for p in (0, 1)
        ]
        bread_sold = [
            any(D.CARD_GOOD[c] == D.BREAD for c in s.sold[p] + s.buildings[p] if c >= 0)
            for p in (0, 1)
        ]
        both_any += any(beer_sold) and any(bread_sold)
        both_each += all(beer_sold) and all(bread_sold)
        score_sum += min(t[0]) + min(t[1])
        for seat in (0, 1):
            used = (
                set(s.sold[seat]) | set(s.upgrades[seat]) | {c for c in s.buildings[seat] if c >= 0}
            )
            for c in used:
                card_games[c] += 1
                card_wins[c] += won == seat
    rate = first / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    print(f"games: {n} ({time.perf_counter() - start:.1f} s)")
    print(f"both goods sold in the game: {both_any / n:.1%}; by both players: {both_each / n:.1%}")
    print(f"first player (Mill in year 1) wins: {rate:.1%} +/- {half:.1%}  (target 40-60 %)")
    print(f"average final score: {score_sum / (2 * n):.1f}")
    best = max(range(D.NUM_CARDS), key=lambda c: card_wins[c] / max(card_games[c], 1))
    print(
        f"strongest card: n°{best} wins {card_wins[best] / max(card_games[best], 1):.1%} "
        f"of the {card_games[best]} games where its player sold or upgraded it"
    )
    print("OK" if 0.40 <= rate <= 0.60 and both_any / n >= 0.95 else "OUT OF TARGET")


if __name__ == "__main__":
    main()
