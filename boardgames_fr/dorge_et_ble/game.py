"""The wiring: D'Orge et de Blé's metadata and its `Game`, built from the hooks of the
rules (``rules.py``), of the checks of a loaded state (``validate.py``), of the reasons for
a refusal (``explain.py``) and of the pictures (``render.py``): the one module that
imports them all.

Example:
    >>> GAME.info.rule_ids[0], GAME_INFO.rule_count
    ('DB-01', 16)
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.dorge_et_ble import explain, render, rules, validate
from boardgames_fr.dorge_et_ble.actions import ACTION_TYPES
from boardgames_fr.dorge_et_ble.determinize import determinize
from boardgames_fr.dorge_et_ble.state import Observation, Options, State

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="dorge_et_ble",
    name_fr=render.NAME_FR,
    name_en=render.NAME_EN,
    player_counts=(2,),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="Six années de récoltes : brassez la bière, cuisez le pain, restez équilibré.",
    summary_en="Six years of harvests: brew beer, bake bread, and keep the two balanced.",
    rule_prefix="DB",
    rule_count=16,
    # 2: a sale costs at least 1 water by default (Options.free_sales, DB-09).
    rules_version=2,
)

GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Observation,),
    init=rules.init,
    legal=rules.legal,
    apply=rules.apply,
    scores=rules.scores,
    winners=rules.winners,
    observe=rules.observe,
    describe=render.describe,
    render=render.render,
    chance=rules.chance,
    apply_chance=rules.apply_chance,
    explain=explain.explain,
    explain_chance=True,  # `explain` knows the deal (DB-05, DB-06)
    secret_chance=rules.secret_chance,
    validate=validate.validate,
    hidden_variants=rules.hidden_variants,
    resolve=rules.resolve,
    render_svg=render.render_svg,
    determinize=determinize,
    observation_cls=Observation,
)
