"""How tests/fromage/data/save_v1.json and match_v1.json were made (schema_version 1),
so that a test builds the same state and match again with today's code and compares.

Both play a fixed policy (the ``n``-th decision takes menu entry ``n`` modulo its length;
chance takes `sample_chance`), which does not depend on how values are spelt: menus are in
rule order, not in the order of ids.
"""

from __future__ import annotations

from typing import Any

import boardgames_fr as bgf
from boardgames_fr import fromage


def sample_state() -> Any:
    """A 3-player game with powers, mid-roll in explicit mode: markers held and played,
    dice showing faces and one die still to roll."""
    s = fromage.new_game(3, seed=4, options={"powers": True}, chance="explicit")
    n = 0
    while True:
        if fromage.current_player(s) == bgf.CHANCE:
            s = fromage.step(s, bgf.sample_chance(s))
        else:
            actions = fromage.legal_actions(s)
            s = fromage.step(s, actions[n % len(actions)])
            n += 1
        if s.markers.discards and s.phase == "roll" and n > 30 and s.dice[0] != s.dice[-1]:
            return s


def sample_match() -> bgf.Match:
    """A 2-player match with powers in explicit mode, 70 steps: markers drawn and played,
    dice typed in, results applied."""
    m = bgf.Match.new("fromage", num_players=2, seed=2, chance="explicit", options={"powers": True})
    n = 0
    while len(m.history) < 70:
        s = m.state
        if fromage.current_player(s) == bgf.CHANCE:
            m.apply(bgf.sample_chance(s))
        else:
            actions = fromage.legal_actions(s)
            m.apply(actions[n % len(actions)])
            n += 1
    return m
