"""Little Factory (Shun and Aya Taguchi): produce and trade goods, build factories, first
to 10 victory points wins. Rules: docs/rules/little_factory.md.

Example:
    >>> import boardgames_fr as bgf
    >>> lf = bgf.get_game("little_factory")
    >>> s = lf.new_game(2, seed=3)
    >>> lf.current_player(s), s.coins
    (0, (3, 4))
"""

from __future__ import annotations

from boardgames_fr.little_factory.agents import HeuristicAgent
from boardgames_fr.little_factory.data import docs_tables
from boardgames_fr.little_factory.determinize import determinize
from boardgames_fr.little_factory.game import GAME, GAME_INFO
from boardgames_fr.little_factory.render import player_name, render_svg
from boardgames_fr.little_factory.state import Observation, Options, State

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
