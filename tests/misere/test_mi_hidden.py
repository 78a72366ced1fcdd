"""Hidden information: Misère has none on the table, so the only hidden parts of a state
are its generator and its chance mode. Two states that differ only there must look the
same to every seat, in every text and picture, and to the bot."""

from __future__ import annotations

import json

import attrs

from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.serial import encode
from boardgames_fr.misere.state import Observation, State


def _views(s: State, bot_seed: int) -> list[object]:
    out: list[object] = []
    for seat in (0, 1, None):
        obs = misere.observe(s, seat)
        out += [obs, repr(obs), json.dumps(encode(obs), sort_keys=True)]
    legal = misere.legal_actions(s)
    for lang in ("fr", "en"):
        out += [misere.render(s, lang), misere.render_svg(s, lang)]
        out += [misere.describe(a, s, lang) for a in legal]
    if legal:
        mover = misere.observe(s, s.to_move)
        out.append(misere.HeuristicAgent(bot_seed).act(mover, legal))
    return out


def test_nothing_shows_the_generator_or_the_chance_mode() -> None:
    positions = 0
    for g in range(12):
        s = misere.new_game(2, seed=g, options={"plain_squares": 1 + g % 3})
        bots = (misere.HeuristicAgent(g), RandomAgent(g + 100))
        while True:
            twin = attrs.evolve(s, rng=s.rng ^ 0x9E3779B97F4A7C15, explicit=not s.explicit)
            assert twin != s
            assert _views(twin, g) == _views(s, g)
            assert str(s.rng) not in json.dumps(encode(misere.observe(s, None)))
            positions += 1
            if misere.is_terminal(s):
                break
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), misere.legal_actions(s)))
    assert positions > 300


def test_the_observation_alone_draws_the_whole_table() -> None:
    """A frontend that only gets ``observe(state, seat)`` can draw everything: a state
    rebuilt from it (any generator) renders, lists the moves and scores as the real one.
    Random options, both chance modes, every seat and the public view."""
    kept = {f.name for f in attrs.fields(Observation)} - {"seat"}
    assert {f.name for f in attrs.fields(State)} - kept == {"rng", "explicit"}
    positions = 0
    for g in range(20):
        options = {"plain_squares": 1 + g % 3, "dotted_squares": g % 4, "rounds": 4 + g % 9}
        s = misere.new_game(2, seed=g, options=options, chance=("auto", "explicit")[g % 2])
        bots = (misere.HeuristicAgent(g), RandomAgent(g))
        while True:
            for seat in (0, 1, None):
                obs = misere.observe(s, seat)
                rebuilt = State(**{k: getattr(obs, k) for k in kept}, rng=1, explicit=False)
                for lang in ("fr", "en"):
                    assert misere.render(rebuilt, lang) == misere.render(s, lang)
                    assert misere.render_svg(rebuilt, lang) == misere.render_svg(s, lang)
                assert misere.legal_actions(rebuilt) == misere.legal_actions(s)
                assert misere.scores(rebuilt) == misere.scores(s)
                assert misere.winners(rebuilt) == misere.winners(s)
            positions += 1
            if misere.is_terminal(s):
                break
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), misere.legal_actions(s)))
    assert positions > 400
