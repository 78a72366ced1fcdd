"""Balance of D'Orge et de Blé's cards: games between two heuristic agents.

    python benchmarks/dorge_et_ble_balance.py [--games 1000] [--free-sales on|off]

Prints how often both goods get sold, the first player's win rate (seat 0 holds the Mill
in year 1; target 40-60 %), the average scores, and for the card whose presence among a
player's sales and upgrades goes with the highest win rate, that rate (no single card
should decide the game), and how many sales the Atelier discounts make free (with
``--free-sales on``) or bring down to the minimum of 1 water (``off``, DB-09).
"""

from __future__ import annotations

import argparse
import math
import time

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Sell
from boardgames_fr.dorge_et_ble.rules import discounts, totals


def play(seed: int, free_sales: bool = True, sales: list[int] | None = None) -> db.State:
    """One game between two heuristic agents; ``sales`` (if given) counts [sales, sales
    whose whole recipe the Atelier discounts cover]."""
    agents = (db.HeuristicAgent(2 * seed), db.HeuristicAgent(2 * seed + 1))
    s = db.new_game(seed=seed, options={"free_sales": free_sales})
    while not db.is_terminal(s):
        p = s.to_move
        action = agents[p].act(db.observe(s, p), db.legal_actions(s))
        if sales is not None and isinstance(action, Sell):
            disc = discounts(s, p)
            recipe = D.CARD_RECIPE[action.card]
            sales[0] += 1
            sales[1] += all(recipe[r] <= disc[r] for r in range(D.NUM_RES))
        s = db.step(s, action)
    return s


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument(
        "--free-sales", choices=("on", "off"), default="on" if db.Options().free_sales else "off"
    )
    args = p.parse_args()
    free = args.free_sales == "on"
    sales = [0, 0]
    n = args.games
    start = time.perf_counter()
    first = both_any = both_each = 0
    score_sum = 0.0
    card_games = [0] * D.NUM_CARDS
    card_wins = [0] * D.NUM_CARDS
    for g in range(n):
        s = play(g, free, sales)
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
    what = "free" if free else "at the minimum of 1 water"
    print(
        f"sales: {sales[0]}; {what} (Atelier discounts cover the recipe): {sales[1]}"
        f" ({sales[1] / max(sales[0], 1):.1%})"
    )
    best = max(range(D.NUM_CARDS), key=lambda c: card_wins[c] / max(card_games[c], 1))
    print(
        f"strongest card: n°{best} wins {card_wins[best] / max(card_games[best], 1):.1%} "
        f"of the {card_games[best]} games where its player sold or upgraded it"
    )
    print("OK" if 0.40 <= rate <= 0.60 and both_any / n >= 0.95 else "OUT OF TARGET")


if __name__ == "__main__":
    main()
