"""Positions of whole games for the determinize and encode tests: every state of games
between the heuristic and the random agent (random players alone starve in a few rounds),
in both chance modes, over varied options."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent
from boardgames_fr.misere.state import State

# Options that change the zone (its size, hence the numbering) and each rule choice.
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"plain_squares": 2, "dotted_squares": 0, "rounds": 6},
    {
        "plain_squares": 1,
        "dotted_squares": 2,
        "rounds": 5,
        "commune_meal_when_empty": "central",
        "eaten_food": "pile",
        "rupture_opens_misery": False,
        "oeuvre_speed": "acting_worker",
        "tie_break": "shared",
    },
    {"plain_squares": 4, "dotted_squares": 3, "rounds": 8},
)


def games(count: int) -> Iterator[list[State]]:
    """``count`` whole games (each the list of its states, the end included): game ``g``
    has the options ``OPTION_SETS[g % 4]``, chance mode explicit for odd ``g``, and
    random agents in one or both seats (the heuristic in the other)."""
    for g in range(count):
        s = misere.new_game(
            2,
            seed=g,
            options=OPTION_SETS[g % len(OPTION_SETS)] or None,
            chance=("auto", "explicit")[g % 2],
        )
        bots: tuple[Any, Any] = (
            (misere.HeuristicAgent(g), RandomAgent(g + 100))
            if g % 3
            else (RandomAgent(g), RandomAgent(g + 100))
        )
        if g % 3 == 2:
            bots = (bots[1], bots[0])
        states = [s]
        while not misere.is_terminal(s):
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), misere.legal_actions(s)))
            states.append(s)
        yield states
