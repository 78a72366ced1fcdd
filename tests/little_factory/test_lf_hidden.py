"""Hidden information (Choices « Hidden information »): two states that differ only in
the other hands, the deck's content and the RNG look the same to a seat, in every view a
player or a bot gets: observe (repr, JSON), render, render_svg, the labels of its moves
and the heuristic agent's choice."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.agents import make_agent
from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.core.serial import encode
from boardgames_fr.little_factory.data import BASIC, NUM_GOODS, tier_goods
from boardgames_fr.little_factory.state import State


def _reshuffled(s: State, seat: int | None, r: random.Random) -> State | None:
    """``s`` with the cards ``seat`` cannot see dealt again at random: every other hand
    keeps its size, each tier's deck its size; cards put down in a trade stay (public).
    None when the new deal breaks a public fact (a trade's price above the new hand)."""
    tiers = (BASIC, *tier_goods(s.options.milk_tier))
    group = {k: i for i, goods in enumerate(tiers) for k in goods}
    hands = [list(h) for h in s.hands]
    deck = list(s.deck)
    paid = s.trade.paid if s.trade is not None else (0,) * NUM_GOODS
    pools: list[list[int]] = [[], [], []]
    sizes = {}
    for i in range(s.num_players):
        if i == seat:
            continue
        sizes[i] = 0
        for k in range(NUM_GOODS):
            free = hands[i][k] - (paid[k] if i == s.turn else 0)
            pools[group[k]] += [k] * free
            hands[i][k] -= free
            sizes[i] += free
    deck_sizes = [0, 0, 0]
    for k in range(NUM_GOODS):
        pools[group[k]] += [k] * deck[k]
        deck_sizes[group[k]] += deck[k]
        deck[k] = 0
    for g, pool in enumerate(pools):
        r.shuffle(pool)
        for _ in range(deck_sizes[g]):
            deck[pool.pop()] += 1
    rest = [k for pool in pools for k in pool]
    r.shuffle(rest)
    for i, n in sizes.items():
        for _ in range(n):
            hands[i][rest.pop()] += 1
    v = attrs.evolve(s, hands=tuple(map(tuple, hands)), deck=tuple(deck), rng=r.getrandbits(64))
    try:
        lf.GAME.validate(v)
    except InvalidStateError:
        return None
    return v


def _views(s: State, seat: int | None) -> list[Any]:
    obs = lf.observe(s, seat)
    out: list[Any] = [obs, repr(obs), json.dumps(encode(obs))]
    out += [lf.render(s, lang, seat) for lang in ("fr", "en")]
    out += [lf.render_svg(s, lang) for lang in ("fr", "en")]
    if seat is not None and seat == s.to_move:
        legal = lf.legal_actions(s)
        out.append([lf.describe(a, s, lang) for a in legal for lang in ("fr", "en")])
        out.append(make_agent("little_factory", "heuristic", seed=5).act(obs, legal))
    return out


@pytest.mark.parametrize(("num_players", "milk_tier"), [(2, 2), (3, 3), (4, 2)])
def test_views_do_not_show_hidden_cards(num_players: int, milk_tier: int) -> None:
    r = random.Random(num_players)
    s = lf.new_game(num_players, seed=num_players, options={"milk_tier": milk_tier})
    bots = [make_agent("little_factory", "heuristic", seed=i) for i in range(num_players)]
    compared = 0
    while not lf.is_terminal(s):
        p = lf.current_player(s)
        if r.random() < 0.2:
            for seat in (None, *range(num_players)):
                seen = _views(s, seat)
                for _ in range(2):
                    v = _reshuffled(s, seat, r)
                    if v is not None:
                        assert _views(v, seat) == seen, (seat, s.phase)
                        compared += 1
        s = lf.step(s, bots[p].act(lf.observe(s, p), lf.legal_actions(s)))
    assert compared > 50


@pytest.mark.parametrize("tier", [2, 3])
def test_LF06_table_menu_lists_the_goods_of_the_tier_with_the_gap(tier: int) -> None:
    """A companion for a physical table lists, at a good drawn for the market, the goods
    of the tier whose row has the gap (milk's tier is the option), whatever the deck
    holds: the 5 tier-2 gaps, then the 3 tier-3 gaps of a new 2-player market."""
    s = lf.new_game(2, seed=3, chance="explicit", options={"milk_tier": tier})
    menus = []
    while lf.GAME.secret_chance(s):
        menus.append({lf.describe(o, s, "en")[len("Drawn: ") :] for o in lf.GAME.table_outcomes(s)})
        s = lf.step(s, bgf.sample_chance(s))
    two = {"brick", "charcoal", "cut stone", "flour", "thread", "cattle", "sheep", "timber", "fish"}
    three = {"barrel", "bread", "cloth", "fishing rod", "iron", "leather", "meat", "stone wall"}
    milk = {"milk"}
    if tier == 2:
        assert menus == [two | milk] * 5 + [three] * 3
    else:
        assert menus == [two] * 5 + [three | milk] * 3
