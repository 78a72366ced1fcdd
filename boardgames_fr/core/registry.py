"""The registry of games: a dict from game id to module, not an if/elif chain."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

__all__ = ["GAME_IDS", "get_game", "new_game"]

_MODULES = {
    "dorge_et_ble": "boardgames_fr.dorge_et_ble",
    "fromage": "boardgames_fr.fromage",
    "lactorama": "boardgames_fr.lactorama",
    "little_factory": "boardgames_fr.little_factory",
    "misere": "boardgames_fr.misere",
}

# A game is listed once it is complete and passes the conformance suite
# (boardgames_fr.testing.check_game); get_game reaches the others for their developers.
_READY = ("dorge_et_ble", "fromage", "lactorama", "little_factory", "misere")

GAME_IDS: tuple[str, ...] = tuple(sorted(_READY))
"""The registered games, sorted."""


def get_game(game_id: str) -> ModuleType:
    """The game module for ``game_id``.

    Example:
        >>> import boardgames_fr as bgf
        >>> bgf.get_game("fromage").__name__
        'boardgames_fr.fromage'
    """
    try:
        name = _MODULES[game_id]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {game_id!r}; known: {', '.join(GAME_IDS)}") from None
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        raise ValueError(f"game {game_id!r} is not available in this version") from None


def new_game(game_id: str, **kwargs: Any) -> Any:
    """A fresh game of ``game_id``: forwards to the module's ``new_game``.

    ``options`` may be the module's ``Options`` or a plain dict of its fields.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=3, seed=7)
        >>> s.num_players
        3
    """
    return get_game(game_id).new_game(**kwargs)
