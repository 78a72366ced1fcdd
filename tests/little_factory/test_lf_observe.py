"""The observation as a frontend's only input (the API contract): the whole public table and
the seat's own hand, nothing else. What it once missed: the options (in which row milk is
drawn, Choices « Lait ») and who won a game decided by the tie-break (Choices « Ties »)."""

from __future__ import annotations

from lf_helpers import KEY, play, position

import boardgames_fr.little_factory as lf
from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory.actions import EndTurn, ProduceBasic
from boardgames_fr.little_factory.data import GOODS, MILK, tier_goods
from boardgames_fr.little_factory.game import GAME
from boardgames_fr.little_factory.render import good_name


def _row(obs: lf.Observation, tier: int) -> str:
    """A frontend's tier row, from the observation and the card data alone."""
    goods = tier_goods(obs.options.milk_tier)[tier - 2]
    shown = [(k, obs.market[k]) for k in goods if obs.market[k]]
    return ", ".join(good_name(k, "fr") + (f" ×{n}" if n > 1 else "") for k, n in shown)


def test_milk_row_follows_the_options_of_the_observation() -> None:
    # Milk shown in the market: the data's tier (2) puts it in the tier 2 row, but with
    # milk_tier=3 the table shows it in the tier 3 row; the observation says which.
    for milk_tier, tier in ((2, 2), (3, 3)):
        s = lf.new_game(2, seed=0, options={"milk_tier": milk_tier})
        while not s.market[MILK]:
            s = lf.step(s, lf.legal_actions(s)[-1])
        obs = lf.observe(s, None)
        assert obs.options == s.options and obs.options.milk_tier == milk_tier
        row = next(line for line in lf.render(s).splitlines() if f"Niveau {tier} :" in line)
        assert "lait" in row and row == f"  Niveau {tier} : {_row(obs, tier)}"
        assert GOODS[MILK].tier == 2  # the data alone would put it in tier 2


def _tie_at_the_last_round() -> lf.State:
    """Round 2 of 2, 0 points each; seat 0 holds charcoal + clay (4), seat 1 a brick and
    the wood it takes (4): a shared win on trade value (Choices « Ties »)."""
    s = position(
        hands={0: {"charcoal": 1, "clay": 1}, 1: {"brick": 1}},
        turn=1,
        options=lf.Options(max_rounds=2),
    )
    return play(s, ProduceBasic(KEY["wood"]), EndTurn())


def test_observation_names_the_winners_once_the_game_is_over() -> None:
    s = _tie_at_the_last_round()
    assert (s.end, lf.scores(s), lf.winners(s)) == ("rounds", (0.0, 0.0), (0, 1))
    for seat in (None, 0, 1):
        assert lf.observe(s, seat).winners == (0, 1)
    before = position(hands={0: {"charcoal": 1}})
    assert lf.observe(before, None).winners == () and lf.observe(before, 0).winners == ()


def test_hidden_variants_of_a_finished_game_keep_its_winners() -> None:
    # Seat 0's charcoal (3) swapped for the deck's timber (5) would make seat 0 the only
    # winner; the winners are public at the end, so no such variant is offered, and the
    # ones offered look the same in every view.
    import attrs

    s = _tie_at_the_last_round()
    charcoal, timber = KEY["charcoal"], KEY["timber"]
    swapped = [list(h) for h in s.hands]
    swapped[0][charcoal], swapped[0][timber] = 0, 1
    deck = list(s.deck)
    deck[charcoal], deck[timber] = deck[charcoal] + 1, deck[timber] - 1
    flipped = attrs.evolve(s, hands=tuple(map(tuple, swapped)), deck=tuple(deck))
    assert lf.winners(flipped) == (0,) and lf.observe(flipped, 1) != lf.observe(s, 1)
    kept = 0
    for seat in (None, 0, 1):
        for seed in range(10):
            for v in GAME.hidden_variants(s, seat, Rng(seed)):
                assert lf.winners(v) == (0, 1)
                assert lf.observe(v, seat) == lf.observe(s, seat)
                assert lf.render(v, "fr", seat) == lf.render(s, "fr", seat)
                kept += 1
    assert kept > 0
