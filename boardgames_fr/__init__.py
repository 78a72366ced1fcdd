"""boardgames_fr: five French tabletop games behind one deterministic ``step(state, action)``.

Example:
    >>> import boardgames_fr as bgf
    >>> fromage = bgf.get_game("fromage")
    >>> s = bgf.new_game("fromage", num_players=2, seed=7)
    >>> s = fromage.step(s, fromage.legal_actions(s)[0])
    >>> fromage.current_player(s)
    1
"""

from __future__ import annotations

from boardgames_fr import agents
from boardgames_fr.core import (
    CHANCE,
    GAME_IDS,
    TERMINAL,
    IllegalActionError,
    InvalidStateError,
    Match,
    action_from_json,
    action_to_json,
    dumps,
    get_game,
    loads,
    new_game,
    sample_chance,
)

__all__ = [
    "CHANCE",
    "GAME_IDS",
    "TERMINAL",
    "IllegalActionError",
    "InvalidStateError",
    "Match",
    "action_from_json",
    "action_to_json",
    "agents",
    "dumps",
    "get_game",
    "loads",
    "new_game",
    "sample_chance",
]

__version__ = "0.1.0"
