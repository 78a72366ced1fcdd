"""The wiring of Lactorama: its `GameInfo` and its `Game`, built from the hooks of the
rules (rules.py, chance.py), the refusals (explain.py), the save checks (validate.py,
upgrade.py) and the pictures (render.py).
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.lactorama import chance, explain, render, rules, upgrade, validate, views
from boardgames_fr.lactorama.actions import ACTION_TYPES
from boardgames_fr.lactorama.components import OfferBudget, WaitingRoom
from boardgames_fr.lactorama.determinize import determinize
from boardgames_fr.lactorama.state import Farm, Observation, Offer, Options, State

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="lactorama",
    name_fr="Lactorama",
    name_en="Lactorama",
    player_counts=(2, 3, 4, 5, 6, 8),  # LA-01: 7 would leave a team of one
    default_players=2,
    chance=True,
    hidden_information=False,
    summary_fr="Trois ans sur une exploitation laitière : hectares, vaches, bons, convictions.",
    summary_en="Three years on a dairy farm: hectares, cows, bons and convictions.",
    schema_version=2,  # 2: English identifiers for offer items and end reasons
    rule_prefix="LA",
    rule_count=24,
)

GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Farm, Offer, Observation, OfferBudget, WaitingRoom),
    init=rules.init,
    legal=rules.legal,
    apply=rules.apply,
    scores=views.scores,
    winners=views.winners,
    observe=views.observe,
    describe=render.describe,
    render=render.render,
    chance=chance.chance,
    apply_chance=rules.apply_chance,
    explain=explain.explain,
    explain_chance=True,  # `explain` knows chance nodes too
    ending=views.ending,
    ending_label=render.ending_label,
    validate=validate.validate,
    hidden_variants=views.hidden_variants,
    resolve=rules.resolve,
    upgrade=upgrade.upgrade,
    render_svg=render.render_svg,
    determinize=determinize,
    observation_cls=Observation,
)
