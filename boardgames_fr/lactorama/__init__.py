"""Lactorama: three years on a dairy farm, for 2 to 5 farms or teams of two.

Example:
    >>> import boardgames_fr as bgf
    >>> lacto = bgf.get_game("lactorama")
    >>> s = lacto.new_game(2, seed=1, chance="explicit")  # before any dice or card
    >>> s.farms[0].ha, s.farms[0].cows, s.farms[0].money, s.farms[0].bons
    (44, 40, 11000, 4)
"""

from __future__ import annotations

from boardgames_fr.lactorama.agents import HeuristicAgent
from boardgames_fr.lactorama.data import docs_tables
from boardgames_fr.lactorama.determinize import determinize
from boardgames_fr.lactorama.game import GAME, GAME_INFO
from boardgames_fr.lactorama.render import player_name, render_svg
from boardgames_fr.lactorama.state import Observation, Options, State

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
