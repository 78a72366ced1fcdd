"""The parts of each game module that a frontend calls by keyword have one shape."""

from __future__ import annotations

import inspect

import pytest

import boardgames_fr as bgf


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_pictures_and_names_take_the_same_arguments(game_id: str) -> None:
    module = bgf.get_game(game_id)
    svg = inspect.signature(module.render_svg).parameters
    assert list(svg)[:2] == ["state", "lang"] and svg["lang"].default == "fr"
    assert list(inspect.signature(module.player_name).parameters)[:2] == ["seat", "lang"]
    s = module.new_game(seed=1)
    assert module.render_svg(state=s, lang="en").startswith("<svg")
    assert module.player_name(seat=0, lang="fr").startswith(("Joueur 1", "le joueur"))


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_every_picture_refuses_a_language_it_does_not_speak(game_id: str) -> None:
    """`render` refused "de" in every game, `render_svg` only in two: three drew a picture."""
    module = bgf.get_game(game_id)
    state = module.new_game(2, seed=1)
    for draw in (module.render, module.render_svg):
        with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
            draw(state, "de")
    assert module.render_svg(state, "en") != module.render_svg(state, "fr")


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_ending_is_the_games_own_word_once_over(game_id: str) -> None:
    """`Game.ending`: Lactorama's ``end_reason``, Little Factory's ``end``, "" elsewhere and
    before the end (what `simulate` records in ``Results.endings``)."""
    module = bgf.get_game(game_id)
    state = module.new_game(2, seed=3)
    assert module.GAME.ending(state) == ""
    pick = bgf.agents.RandomAgent(3)
    while not module.is_terminal(state):
        seat = module.current_player(state)
        state = module.step(
            state, pick.act(module.observe(state, seat), module.legal_actions(state))
        )
    field = {"lactorama": "end_reason", "little_factory": "end"}.get(game_id)
    assert module.GAME.ending(state) == (getattr(state, field) if field else "")
    assert field is None or module.GAME.ending(state) != ""
