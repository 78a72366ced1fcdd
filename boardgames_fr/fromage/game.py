"""Fromage wired into one `boardgames_fr.core.Game`: its metadata (`GAME_INFO`) and the
hooks of the rules (`rules`), the pictures and labels (`render`), the refusal reasons
(`explain`), the checks of a loaded save (`validate`) and the reading of older saves
(`upgrade`). The one module that imports them all; none of them imports it.

Example:
    >>> GAME.info.rule_ids[0], GAME.info.rule_ids[-1]
    ('FR-01', 'FR-18')
"""

from __future__ import annotations

from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.fromage.actions import ACTION_TYPES
from boardgames_fr.fromage.components import ReactionWindow
from boardgames_fr.fromage.determinize import determinize
from boardgames_fr.fromage.explain import explain
from boardgames_fr.fromage.render import describe, render, render_svg
from boardgames_fr.fromage.rules import (
    Action,
    apply,
    apply_chance,
    chance,
    hidden_variants,
    init,
    legal,
    observe,
    scores,
    secret_chance,
    winners,
)
from boardgames_fr.fromage.state import Cheese, Effect, Markers, Observation, Options, State
from boardgames_fr.fromage.upgrade import upgrade
from boardgames_fr.fromage.validate import validate

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="fromage",
    name_fr="Fromage",
    name_en="Fromage (cheese race)",
    player_counts=(2, 3, 4),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="Course de souris vers le fromage, aux dés, avec pouvoirs et festival en option.",
    summary_en="A dice race of mice up to the cheese, with optional powers and festival.",
    # 2: die faces and power markers are English ids ("green", "reroll"; a die not rolled
    # yet "unrolled"), no longer "vert", "relance", "?" (`upgrade` reads saves of 1).
    schema_version=2,
    rule_prefix="FR",
    rule_count=18,
)

GAME: Game[State, Action, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    # ReactionWindow: saves tag it by class name, the same as when it lived in the core.
    classes=(Effect, Markers, Cheese, Observation, ReactionWindow),
    init=init,
    legal=legal,
    apply=apply,
    scores=scores,
    winners=winners,
    observe=observe,
    describe=describe,
    render=render,
    chance=chance,
    apply_chance=apply_chance,
    explain=explain,
    explain_chance=True,  # `explain` knows the dice roll and the marker draw
    secret_chance=secret_chance,  # FR-11: the markers left to draw tell the hands
    validate=validate,
    hidden_variants=hidden_variants,
    upgrade=upgrade,
    render_svg=render_svg,
    determinize=determinize,  # issue #21: a world for a search bot, from an observation
    observation_cls=Observation,
)
