"""What every game shares: errors, RNG, components, the `Game` plug, registry, saves, Match."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import CHANCE, TERMINAL, IllegalActionError, InvalidStateError
from boardgames_fr.core.game import Game, GameInfo, check_lang, game_of
from boardgames_fr.core.match import Match
from boardgames_fr.core.module import GameModule
from boardgames_fr.core.persist import action_from_json, action_to_json, dumps, loads
from boardgames_fr.core.registry import GAME_IDS, get_game, new_game
from boardgames_fr.core.serial import encode

__all__ = [
    "CHANCE",
    "GAME_IDS",
    "TERMINAL",
    "Game",
    "GameInfo",
    "GameModule",
    "IllegalActionError",
    "InvalidStateError",
    "Match",
    "action_from_json",
    "action_to_json",
    "check_lang",
    "dumps",
    "encode",
    "game_of",
    "get_game",
    "loads",
    "new_game",
    "sample_chance",
    "secret_chance",
    "table_outcomes",
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


def secret_chance(state: Any) -> bool:
    """Whether this chance node's outcomes tell what a player may not see (a card dealt
    from a deck whose other cards are in hidden hands); False at a decision or the end.

    A frontend then does not show the outcomes left as a menu: `table_outcomes` is the
    menu for a physical table. The same as ``get_game(id).GAME.secret_chance(state)``.

    Example:
        >>> import boardgames_fr as bgf
        >>> bgf.secret_chance(bgf.new_game("dorge_et_ble", seed=1, chance="explicit"))
        True
    """
    return game_of(state).secret_chance(state)


def table_outcomes(state: Any) -> tuple[Any, ...]:
    """What a companion for a physical table lists at this chance node for the table to
    type in: the outcomes themselves for dice and public cards, every card this kind of
    draw can give at a secret draw (`secret_chance`); () at a decision or the end.

    The same as ``get_game(id).GAME.table_outcomes(state)``.

    Example:
        >>> import boardgames_fr as bgf
        >>> deal = bgf.new_game("dorge_et_ble", seed=1, chance="explicit")
        >>> len(bgf.table_outcomes(deal))
        60
    """
    return game_of(state).table_outcomes(state)
