"""The registry of games: one entry per game, from game id to module.

Everything else the library says about its games (their names, player counts, rule ids,
the CLI's choices, the docs' tables, the cross-game tests) is read from each game's own
``GAME_INFO``, so adding a game is one line here plus its package (docs/design.md,
"Adding a game").

A game still in development can be tried with every cross-game test before it has its
line: the environment variable ``BOARDGAMES_FR_GAMES`` adds entries, as
``id=module`` pairs separated by commas (``BOARDGAMES_FR_GAMES=toy=toygame pytest``).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any, cast

from boardgames_fr.core.errors import excerpt
from boardgames_fr.core.module import GameModule

__all__ = ["GAME_IDS", "encode_module", "get_game", "new_game"]

# The one entry of each game: its id and the module that exports its API.
_MODULES = {
    "dorge_et_ble": "boardgames_fr.dorge_et_ble",
    "fromage": "boardgames_fr.fromage",
    "lactorama": "boardgames_fr.lactorama",
    "little_factory": "boardgames_fr.little_factory",
    "misere": "boardgames_fr.misere",
}


def _extra(text: str) -> dict[str, str]:
    """The ``id=module`` pairs of ``BOARDGAMES_FR_GAMES``; raises ValueError at import for
    a malformed one, so a typo is not a game silently missing from the tests.

    Example:
        >>> _extra("toy=toygame, dice = my.dice")
        {'toy': 'toygame', 'dice': 'my.dice'}
    """
    pairs: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        gid, sep, module = (p.strip() for p in item.partition("="))
        if not (sep and gid.isidentifier() and module):
            raise ValueError(f"BOARDGAMES_FR_GAMES: expected id=module, got {item!r}")
        pairs[gid] = module
    return pairs


_MODULES.update(_extra(os.environ.get("BOARDGAMES_FR_GAMES", "")))

GAME_IDS: tuple[str, ...] = tuple(sorted(_MODULES))
"""The registered games, sorted."""


def get_game(game_id: str) -> GameModule:
    """The game module for ``game_id``, typed as `GameModule` (its public functions).

    Example:
        >>> import boardgames_fr as bgf
        >>> bgf.get_game("fromage").__name__
        'boardgames_fr.fromage'
    """
    try:
        name = _MODULES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(GAME_IDS)
        raise ValueError(f"unknown game {excerpt(game_id)}; known: {known}") from None
    try:
        # A test has mypy check that every game module satisfies GameModule.
        return cast(GameModule, importlib.import_module(name))
    except ModuleNotFoundError as e:
        if e.name != name:
            raise  # the game is there but a module it needs is not: a broken install
        raise ValueError(f"game {excerpt(game_id)} is not available in this version") from None


def encode_module(game_id: str) -> ModuleType:
    """The game's numeric encoding, its module ``boardgames_fr.<game>.encode`` (issue #22):
    what the reinforcement-learning adapters and the search's learned value read.

    Raises:
        NotImplementedError: the game has no encode module (yet), naming the module.

    Example:
        >>> encode_module("misere").__name__
        'boardgames_fr.misere.encode'
    """
    # `get_game` types the module by its public functions; its name is the package's.
    name = cast(ModuleType, get_game(game_id)).__name__ + ".encode"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        # Only the missing module itself: an import error inside it must surface as is.
        if e.name != name:
            raise
        raise NotImplementedError(
            f"{game_id} has no numeric encoding yet: the module {name} is missing"
        ) from None


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
