"""Every option, at every player count, in both chance modes: games end and the farms stay
sound at every step (third audit, item 1).

The invariants the seed implies: never more cows than hectares (LA-09), cows by pairs
(LA-24), no debt nor negative stock for a farm in play (LA-07), at most 40 loan tickets
(LA-15), a farm in play keeps 20 cows (LA-19), and scores are the farms' value (LA-20).
"""

from __future__ import annotations

from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.agents import make_agent
from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama.farms import farm_value

# LA-01: 2 to 5 farms, and the team game at 4, 6 and 8 players.
COUNTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {}),
    (4, {"teams": True}),
    (6, {}),
    (8, {}),
]
# LA-12, LA-17, LA-20, LA-21: each option off its default, and a mix of them.
VARIANTS: list[dict[str, Any]] = [
    {"years": 1, "dice": 1},
    {"face_down": True, "land_always": True, "squares": 4},
    {"squares": 16, "offers_per_negoce": 5, "bank_sales": True},
    {"squares": 8, "offers_per_negoce": 0, "alliance_ends_convictions": True, "years": 2},
]


def _sound(s: L.State) -> None:
    for i, f in enumerate(s.farms):
        assert f.cows % 2 == 0, (i, f)
        if f.status != "active":
            continue
        assert f.cows <= f.ha, (i, f)
        assert min(f.money, f.bons, f.loans, f.green, f.pledged) >= 0, (i, f)
        assert f.loans <= 40, (i, f)
        assert f.cows >= 20 or s.stage == "over", (i, f)
    assert L.scores(s) == tuple(
        float(farm_value(s.farms[s.farm_of[t]])) for t in range(s.num_players)
    )


@pytest.mark.parametrize(("n", "base"), COUNTS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_option_plays_sound_games(
    n: int, base: dict[str, Any], variant: dict[str, Any]
) -> None:
    options = {**base, **variant}
    for seed, mode in ((n, "auto"), (n + 1, "explicit")):
        s = L.new_game(n, seed=seed, options=options, chance=mode)
        pick = Rng(seed)
        bots = [
            make_agent("lactorama", "heuristic" if t % 2 else "random", seed + t) for t in range(n)
        ]
        steps = 0
        while not L.is_terminal(s):
            p = L.current_player(s)
            if p == bgf.CHANCE:  # explicit mode: any outcome, by its weight
                outcomes = L.chance_outcomes(s)
                u, acc = pick.random(), 0.0
                a = outcomes[-1][0]
                for o, w in outcomes:
                    acc += w
                    if u < acc:
                        a = o
                        break
            else:
                a = bots[p].act(L.observe(s, p), L.legal_actions(s))
            s = L.step(s, a)
            _sound(s)
            steps += 1
            assert steps < 20000
        assert L.winners(s)
