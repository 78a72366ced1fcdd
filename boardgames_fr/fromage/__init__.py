"""Fromage: a dice race of mice up a kitchen to the cheese (2 to 4 players).

The rules are in docs/rules/fromage.md; rule ids FR-01..FR-18 are cited in the code.

Example:
    >>> from boardgames_fr import fromage
    >>> s = fromage.new_game(2, seed=3)
    >>> fromage.describe(fromage.legal_actions(s)[1], s)
    'poser une souris sur le gros bidon'
"""

from __future__ import annotations

from boardgames_fr.fromage.agents import HeuristicAgent
from boardgames_fr.fromage.determinize import determinize
from boardgames_fr.fromage.game import GAME, GAME_INFO
from boardgames_fr.fromage.render import docs_tables, player_name, render_svg
from boardgames_fr.fromage.state import Observation, Options, State

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
