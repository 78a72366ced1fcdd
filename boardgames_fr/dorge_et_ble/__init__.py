"""D'Orge et de Blé: six years of harvests, brewing and baking for two players.

Example:
    >>> from boardgames_fr import dorge_et_ble as db
    >>> s = db.new_game(seed=3)
    >>> s.year, db.current_player(s), len(s.hands[0])
    (1, 0, 5)
"""

from __future__ import annotations

from boardgames_fr.dorge_et_ble.agents import HeuristicAgent
from boardgames_fr.dorge_et_ble.data import docs_tables
from boardgames_fr.dorge_et_ble.determinize import determinize
from boardgames_fr.dorge_et_ble.game import GAME, GAME_INFO
from boardgames_fr.dorge_et_ble.render import player_name, render_svg
from boardgames_fr.dorge_et_ble.state import Observation, Options, State

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
