"""The generic conformance suite over every registered game, every player count, both
chance modes (boardgames_fr.testing.check_game)."""

from __future__ import annotations

import pytest

import boardgames_fr as bgf
from boardgames_fr.testing import check_game

CASES = [(gid, n) for gid in bgf.GAME_IDS for n in bgf.get_game(gid).GAME_INFO.player_counts]


@pytest.mark.parametrize(("game_id", "num_players"), CASES)
def test_conformance(game_id: str, num_players: int) -> None:
    check_game(bgf.get_game(game_id), num_players=(num_players,), chance=("auto", "explicit"))


def test_registry_lists_games_sorted() -> None:
    assert tuple(sorted(bgf.GAME_IDS)) == bgf.GAME_IDS
    for gid in bgf.GAME_IDS:
        assert bgf.get_game(gid).GAME_INFO.game_id == gid


def test_unknown_game_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        bgf.get_game("chess")
