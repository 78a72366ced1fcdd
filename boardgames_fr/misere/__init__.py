"""Misère (Christophe Bruno): a 2-player worker-placement game of work, hunger and misery.

Example:
    >>> from boardgames_fr import misere
    >>> s = misere.new_game(2, seed=1)
    >>> misere.describe(misere.legal_actions(s)[0], s, "fr")
    'Poser un ouvrier sur « Acheter à bouffer »'
"""

from __future__ import annotations

from boardgames_fr.misere.agents import HeuristicAgent
from boardgames_fr.misere.determinize import determinize
from boardgames_fr.misere.game import GAME, GAME_INFO
from boardgames_fr.misere.render import docs_tables, player_name, render_svg
from boardgames_fr.misere.state import Observation, Options, State

__all__ = [
    "GAME",
    "GAME_INFO",
    "HeuristicAgent",
    "Observation",
    "Options",
    "State",
    "chance_outcomes",
    "current_player",
    "describe",
    "determinize",
    "docs_tables",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observe",
    "player_name",
    "render",
    "render_svg",
    "returns",
    "scores",
    "step",
    "winners",
]

new_game = GAME.new_game
legal_actions = GAME.legal_actions
step = GAME.step
current_player = GAME.current_player
is_terminal = GAME.is_terminal
scores = GAME.scores
winners = GAME.winners
returns = GAME.returns
chance_outcomes = GAME.chance_outcomes
observe = GAME.observe
describe = GAME.describe
render = GAME.render
