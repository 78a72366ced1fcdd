"""What every game shares: errors, RNG, components, the `Game` plug, registry, saves, Match."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import CHANCE, TERMINAL, IllegalActionError, InvalidStateError
from boardgames_fr.core.game import Game, GameInfo, check_lang, game_of
from boardgames_fr.core.match import Match
from boardgames_fr.core.persist import action_from_json, action_to_json, dumps, loads
from boardgames_fr.core.registry import GAME_IDS, get_game, new_game

__all__ = [
    "CHANCE",
    "GAME_IDS",
    "TERMINAL",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "InvalidStateError",
    "Match",
    "action_from_json",
    "action_to_json",
    "check_lang",
    "dumps",
    "game_of",
    "get_game",
    "loads",
    "new_game",
    "sample_chance",
]


def sample_chance(state: Any) -> Any:
    """The outcome the state's own RNG would draw at this chance node.

    Pure: the state is not changed, and ``step(state, outcome)`` then advances the RNG
    exactly as auto mode would.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1, chance="explicit")
        >>> s.to_move == bgf.CHANCE or bgf.get_game("fromage").legal_actions(s) != ()
        True
    """
    return game_of(state).sample_chance(state)
