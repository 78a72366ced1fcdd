"""Pig with a secret card: the smallest complete game, and the worked example of
docs/design.md ("Adding a game"). Each seat draws a secret card, then players take turns
rolling a die into a pot or banking it; a one loses the pot and the turn. The first to
the target (12) wins, ties to the higher secret card.

The package has the shape of every game's: ``state.py`` and ``actions.py`` (values),
``rules.py`` (the hooks of the rules), ``render.py`` (labels and pictures, reading the
rules and never read by them), ``agents.py``, ``game.py`` (the wiring: ``GAME_INFO`` and
``GAME``), and this module, which exports the API contract's names bound from ``GAME``.

Example:
    >>> import toygame
    >>> s = toygame.new_game(2, seed=1)
    >>> toygame.describe(toygame.legal_actions(s)[0], s, "en")
    'roll'
"""

from __future__ import annotations

from toygame.actions import Bank, Card, Face, Roll
from toygame.agents import HeuristicAgent
from toygame.game import GAME, GAME_INFO
from toygame.render import player_name, render_svg
from toygame.state import Observation, Options, State

__all__ = [
    "GAME",
    "GAME_INFO",
    "Bank",
    "Card",
    "Face",
    "HeuristicAgent",
    "Observation",
    "Options",
    "Roll",
    "State",
    "chance_outcomes",
    "current_player",
    "describe",
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
