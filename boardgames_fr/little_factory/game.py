"""Little Factory wired into one `boardgames_fr.core.Game`: its metadata (`GAME_INFO`) and
the hooks of the rules (`rules`), the pictures and labels (`render`), the refusal reasons
(`explain`), the checks of a loaded save (`validate`) and the reading of older saves
(`upgrade`).

Example:
    >>> GAME.info.rule_ids[0], GAME.info.rule_ids[-1]
    ('LF-01', 'LF-13')
"""

from __future__ import annotations

from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.little_factory.actions import ACTION_TYPES, Action
from boardgames_fr.little_factory.determinize import determinize
from boardgames_fr.little_factory.explain import explain
from boardgames_fr.little_factory.render import describe, ending_label, render, render_svg
from boardgames_fr.little_factory.rules import (
    apply,
    apply_chance,
    chance,
    draw_pool,
    ending,
    hidden_variants,
    init,
    legal,
    observe,
    scores,
    secret_chance,
    winners,
)
from boardgames_fr.little_factory.state import Observation, Options, State, Trade
from boardgames_fr.little_factory.upgrade import upgrade
from boardgames_fr.little_factory.validate import validate

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="little_factory",
    name_fr="Little Factory",
    name_en="Little Factory",
    player_counts=(2, 3, 4),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="Produire et échanger des biens pour bâtir des usines : le premier à 10 PV gagne.",
    summary_en="Produce and trade goods to build factories: the first to 10 VP wins.",
    # 2: the first round's coin exchange phase is "coin_exchange", no longer "exchange"
    # (`upgrade` reads saves of 1).
    schema_version=2,
    # 2: a table where no seat can do anything but end its turn ends at once (LF-13),
    # instead of passing until the last round.
    rules_version=2,
    rule_prefix="LF",
    rule_count=13,
)

GAME: Game[State, Action, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Trade, Observation),
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
    explain_chance=True,  # `explain` knows chance nodes (the draws that refill the market)
    secret_chance=secret_chance,
    draw_pool=draw_pool,
    ending=ending,  # "points", "tokens", "rounds" or "blocked" (LF-01, LF-09, LF-13)
    ending_label=ending_label,
    validate=validate,
    hidden_variants=hidden_variants,
    upgrade=upgrade,
    render_svg=render_svg,
    determinize=determinize,
    observation_cls=Observation,
)
