"""The wiring: the toy game's metadata and its `Game`, built from the hooks of the rules
and of the pictures (the one module that imports both)."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.game import Game, GameInfo
from toygame import render, rules
from toygame.actions import Bank, Card, Face, Roll
from toygame.state import Observation, Options, State

GAME_INFO = GameInfo(
    game_id="toy",
    name_fr="Jeu jouet",
    name_en="Toy game",
    player_counts=(2, 3),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="un jeu de test",
    summary_en="a test game",
)

GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=(Roll, Bank, Face, Card),
    classes=(Observation,),
    init=rules.init,
    legal=rules.legal,
    apply=rules.apply,
    chance=rules.chance,
    apply_chance=rules.apply_chance,
    scores=rules.scores,
    winners=rules.winners,
    observe=rules.observe,
    describe=render.describe,
    render=render.render,
    hidden_variants=rules.hidden_variants,
)
