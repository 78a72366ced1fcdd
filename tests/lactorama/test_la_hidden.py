"""What a player sees never depends on what is hidden (third audit, item 3).

Lactorama hides only the RNG: the decks and the Imprévu pile are sorted multisets drawn
as chance events, and a face-down card (LA-21) is drawn when a pawn lands on its slot, so
it is nowhere in the state before. Two states that differ only in the RNG must give the
same observations (also their ``repr`` and JSON), pictures, menus, labels, chance
outcomes and heuristic moves, whatever the options.
"""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.serial import encode

# (players, options): the variants that change what is on the table (LA-01, LA-21).
SETTINGS: list[tuple[int, dict[str, Any]]] = [
    (2, {"face_down": True}),
    (3, {"face_down": True, "land_always": True, "squares": 4, "dice": 1}),
    (4, {"teams": True, "squares": 16, "bank_sales": True}),
    (5, {"land_always": True, "years": 1}),
]


def _views(s: L.State) -> list[Any]:
    """Everything a player or a bot may read of ``s``."""
    out: list[Any] = []
    for seat in (None, *range(s.num_players)):
        obs = L.observe(s, seat)
        out += [obs, repr(obs), json.dumps(encode(obs))]
    for lang in ("fr", "en"):
        out += [L.render(s, lang), L.render_svg(s, lang)]
    if L.current_player(s) == bgf.CHANCE:
        outcomes = L.chance_outcomes(s)
        out.append(outcomes)
        moves = [o for o, _ in outcomes]
    else:
        moves = list(L.legal_actions(s))
        seat = L.current_player(s)
        if seat >= 0:
            bot = L.HeuristicAgent(7)
            out.append(bot.act(L.observe(s, seat), L.legal_actions(s)))
    out += [L.describe(a, s, lang) for a in moves for lang in ("fr", "en")]
    return out


@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_views_do_not_depend_on_the_rng(n: int, options: dict[str, Any]) -> None:
    for mode in ("explicit", "auto"):
        s = L.new_game(n, seed=n, options=options, chance=mode)
        bots = [L.HeuristicAgent(i) for i in range(n)]
        i = 0
        while not L.is_terminal(s) and i < 400:
            if i % 7 == 0:
                other = attrs.evolve(s, rng=(s.rng * 6364136223846793005 + 1) % 2**64)
                assert _views(other) == _views(s), (mode, s.phase)
                assert str(s.rng) not in "".join(str(v) for v in _views(s))
            p = L.current_player(s)
            a = (
                bgf.sample_chance(s)
                if p == bgf.CHANCE
                else bots[p].act(L.observe(s, p), L.legal_actions(s))
            )
            s = L.step(s, a)
            i += 1
