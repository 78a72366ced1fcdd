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

import importlib
from typing import TYPE_CHECKING

# First: compiled modules run only when built from the present source (see _build).
from boardgames_fr import (
    _build,  # noqa: F401
    agents,
)
from boardgames_fr.core import (
    CHANCE,
    GAME_IDS,
    TERMINAL,
    GameModule,
    IllegalActionError,
    InvalidStateError,
    Match,
    action_from_json,
    action_to_json,
    dumps,
    encode,
    get_game,
    loads,
    new_game,
    sample_chance,
    secret_chance,
    table_outcomes,
)

if TYPE_CHECKING:
    # mypy reads the real types here; at run time `__getattr__` imports them on first use,
    # as simulation needs numpy (about 0.2 s, three times `import boardgames_fr`).
    from boardgames_fr.simulation import Results, Tournament, round_robin, simulate

__all__ = [
    "CHANCE",
    "GAME_IDS",
    "TERMINAL",
    "GameModule",
    "IllegalActionError",
    "InvalidStateError",
    "Match",
    "Results",
    "Tournament",
    "action_from_json",
    "action_to_json",
    "agents",
    "dumps",
    "encode",
    "get_game",
    "loads",
    "new_game",
    "round_robin",
    "sample_chance",
    "secret_chance",
    "simulate",
    "table_outcomes",
]

__version__ = "0.1.0"

_LAZY = {"simulate", "round_robin", "Results", "Tournament"}


def __getattr__(name: str) -> object:
    # Simulation needs numpy; import it only when asked, so `import boardgames_fr` stays light.
    if name in _LAZY:
        return getattr(importlib.import_module("boardgames_fr.simulation"), name)
    raise AttributeError(f"module 'boardgames_fr' has no attribute {name!r}")
