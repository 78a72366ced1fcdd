"""Misère as one `Game`: its metadata and the hooks of the rules, texts, refusals, save
checks and old saves, wired together (the rule modules import none of the text ones)."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.misere.actions import ACTION_TYPES
from boardgames_fr.misere.determinize import determinize
from boardgames_fr.misere.explain import explain
from boardgames_fr.misere.render import describe, render, render_svg
from boardgames_fr.misere.rules import (
    apply,
    hidden_variants,
    init,
    legal,
    observe,
    scores,
    winners,
)
from boardgames_fr.misere.state import Observation, Options, Pending, Player, State
from boardgames_fr.misere.upgrade import upgrade
from boardgames_fr.misere.validate import validate

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="misere",
    name_fr="Misère",
    name_en="Misère",
    player_counts=(2,),
    default_players=2,
    chance=False,
    hidden_information=False,
    summary_fr="Placement d'ouvriers : bosser, galérer, bouffer, et survivre à la misère.",
    summary_en="Worker placement: work, struggle, eat, and get through hard times.",
    # 2: English identifiers for the public values (issue #20), see `upgrade`.
    schema_version=2,
    rule_prefix="MI",
    rule_count=20,
)

GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Player, Pending, Observation),
    init=init,
    legal=legal,
    apply=apply,
    scores=scores,
    winners=winners,
    observe=observe,
    describe=describe,
    render=render,
    explain=explain,
    validate=validate,
    hidden_variants=hidden_variants,
    upgrade=upgrade,
    render_svg=render_svg,
    determinize=determinize,
    observation_cls=Observation,
)
