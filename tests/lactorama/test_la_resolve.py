"""Auto mode's fast chance path (rules.py `resolve` and autoplay.py) against
the core's one-event-at-a-time loop (`Game.resolve_each`): the same states, step by step;
and the Négoce menus against the plain LA-11 conditions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from la_helpers import farm

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import Rng, seed_to_state
from boardgames_fr.lactorama import negoce
from boardgames_fr.lactorama import rules as R
from boardgames_fr.lactorama.autoplay import FOLLOWS
from boardgames_fr.lactorama.cards import PLANS, effect_on, effects_on
from boardgames_fr.lactorama.farms import CAP, COW_BUY, QTY
from boardgames_fr.lactorama.state import KIND_NOTHING, OFFER_KINDS

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (4, {}),
    (5, {"years": 2}),
    (4, {"teams": True, "years": 2}),
    (6, {"years": 2}),
    (8, {"years": 1}),
    (2, {"dice": 1}),
    (2, {"face_down": True}),
    (3, {"land_always": True}),
    (2, {"squares": 4}),
    (3, {"squares": 16, "years": 2}),
    (3, {"bank_sales": True, "years": 2}),
    (3, {"alliance_ends_convictions": True, "years": 2}),
]


def _play_both(
    n: int, options: dict[str, Any], seed: int, met: dict[str, int] | None = None
) -> int:
    """Plays one random game twice, in auto mode with the fast path and with the core's
    loop; returns the number of decisions after checking every state is the same.
    ``met``: counts the cards' moves and sales of cows in the reference's events."""
    game = L.GAME
    fast = L.new_game(n, seed=seed, options=options)
    # The reference runs in explicit mode (where no fast path is taken), its chance events
    # one at a time by the core's loop; it must be the auto game but for that flag.
    slow = game.resolve_each(game._init(n, fast.options, seed_to_state(seed), True))
    rng = Rng(seed)
    steps = 0
    while True:
        assert fast == replace(slow, explicit=False)
        assert fast.to_move != CHANCE
        if fast.to_move == TERMINAL:
            return steps
        legal = L.legal_actions(fast)
        assert legal == game._legal(slow)
        a = legal[rng.randrange(len(legal))]
        fast = L.step(fast, a)
        before, slow = slow, R.apply(slow, a)  # its chance events one by one below
        if met is not None:
            _count(before, slow, met)
            while slow.to_move == CHANCE:  # as `resolve_each`, one event at a time
                before, slow = slow, L.step(slow, bgf.sample_chance(slow))
                _count(before, slow, met)
        elif slow.to_move == CHANCE:
            slow = game.resolve_each(slow)
        steps += 1


def _count(a: L.State, b: L.State, met: dict[str, int]) -> None:
    """Step ``a`` -> ``b`` moved a pawn by a card (``moved``), or a card offered cows
    (LA-10: the Foire's price is another)."""
    met["moved"] += b.moved and not a.moved
    met["offered"] += b.phase == "shop" and a.phase != "shop" and b.shop_price != COW_BUY


def test_LA05_LA10_LA13_cards_that_move_or_sell_give_the_same_games() -> None:
    # The cards that end in a move, a "go to" or cows for sale (`autoplay.FOLLOWS`) are
    # played inside a run of turns, with no state built in between, as `rules.apply_card`
    # and `rules.move` play them: the same games, and such cards met on the way.
    assert set(FOLLOWS) == {"P09", "P13", "E13", "E14", "A14", "A15", "H14", "I13", "I14", "I18"}
    met = {"moved": 0, "offered": 0}
    for seed in range(16):
        _play_both(2 + seed % 3, {"squares": (12, 16, 8)[seed % 3]}, seed, met)
    assert met["moved"] > 50 and met["offered"] > 20


@pytest.mark.parametrize(("n", "options"), CONFIGS)
def test_LA04_LA05_fast_deal_and_dice_give_the_same_games(n: int, options: dict[str, Any]) -> None:
    # LA-04 (12 cards dealt per season), LA-05 (the dice): drawn in a row in auto mode.
    decisions = sum(_play_both(n, options, seed) for seed in range(20))
    assert decisions > 20  # the games had decisions, not only chance


def test_LA04_fast_deal_draws_the_cards_one_event_would() -> None:
    # The first deal of a game: explicit mode one card at a time with sample_chance is
    # exactly the auto game's square, its deck and its RNG.
    exp = L.new_game(2, seed=5, chance="explicit")
    while exp.to_move == CHANCE:
        exp = L.step(exp, L.GAME.sample_chance(exp))
    auto = L.new_game(2, seed=5)
    assert exp.slots == auto.slots and exp.deck == auto.deck and exp.rng == auto.rng
    assert len(auto.slots) == 12 and all(auto.slots)
    assert R.resolve(L.new_game(2, seed=5, chance="explicit")).slots == auto.slots


def _sound_reference(menu: Any, a: Any, b: Any) -> list[Any]:
    # LA-11 written plainly: both farms keep 20..ha cows, a block of land, no debt and
    # no negative bons; a filière swap needs two filières.
    same = a.filiere == b.filiere
    return [
        x
        for x, fil, h, c, m, n in menu
        if 20 <= a.cows + c <= a.ha + h
        and a.ha + h >= 8
        and a.money + m >= 0
        and a.bons + n >= 0
        and 20 <= b.cows - c <= b.ha - h
        and b.ha - h >= 8
        and b.money >= m
        and b.bons >= n
        and not (fil and same)
    ]


def test_LA11_negoce_menus_keep_exactly_the_sound_items() -> None:
    rng = Rng(3)
    menus = [negoce.GIFTS] + [negoce.take_menu(k, q) for k in OFFER_KINDS for q in QTY.get(k, (0,))]
    fils = ("societale", "ecolo", "techno")
    nothing = negoce.take_menu(KIND_NOTHING, 0)
    checked = 0
    for _ in range(400):
        farms = []
        for _ in range(2):
            ha = 8 * (1 + rng.randrange(12))
            farms.append(
                farm(
                    ha,
                    min(ha, 16 + 2 * rng.randrange(20)),
                    # Round sums, so the limits are hit exactly; a farm may be in debt.
                    1000 * (rng.randrange(30) - 2),
                    rng.randrange(7) - 1,
                    filiere=fils[rng.randrange(3)],
                )
            )
        a, b = farms
        for menu in menus:
            expected = _sound_reference(menu, a, b)
            assert negoce.sound_items(negoce.split(menu), a, b) == expected
            checked += len(expected)
        assert negoce.gives(a, b) == tuple(_sound_reference(negoce.GIFTS, a, b)) + (
            (negoce.GIVE_FILIERE,) if a.filiere != b.filiere else ()
        ) + ((negoce.GIVE_NOTHING,) if _sound_reference(nothing, a, b) else ())
    assert checked > 1000  # the menus were not all empty


@pytest.mark.parametrize("options", [{}, {"bank_sales": True}, {"teams": True}])
def test_LA16_two_farm_year_end_menus_made_once_are_the_menus(options: dict[str, Any]) -> None:
    # LA-16: with two farms the year-end menu is kept by (bank sale, repayment, filière):
    # at every year end of random games it is the menu built from the state itself.
    n = 4 if options.get("teams") else 2
    rng = Rng(8)
    seen = 0
    for seed in range(40):
        s = L.new_game(n, seed=seed, options=options)
        while s.to_move != TERMINAL:
            if s.phase == "year_end":
                assert negoce.year_end_legal(s) == negoce.year_end_menu(s)
                seen += 1
            legal = L.legal_actions(s)
            s = L.step(s, legal[rng.randrange(len(legal))])
    assert seen > 200


def test_LA07_LA09_LA14_several_effects_in_one_farm_are_the_effects_one_by_one() -> None:
    # `cards.effects_on` (one new farm for a card's effects) against `cards.effect_on`
    # one effect at a time, for every card acting on its farm alone, on farms rich and
    # poor, short of bons, with few cows, at the cap (issue #23), with the factor or not.
    rng = random.Random(7)
    cards = [(cid, p[1]) for cid, p in PLANS.items() if p[6] and p[1]]
    assert len([c for c, effects in cards if len(effects) > 1]) >= 8
    tried = 0
    for _ in range(300):
        ha = rng.choice((20, 44, 60, 91, 150, CAP))
        cows = min(ha, rng.choice((0, 1, 2, 19, 20, 21, 40, 44, 80, CAP)))
        money = rng.choice((0, 499, 1000, 11_000, 60_000, CAP - 1, CAP))
        f = farm(ha, cows, money, rng.choice((0, 1, 3, 22, CAP)), green=rng.choice((0, 3, CAP)))
        for cid, effects in cards:
            for match in (False, True):
                one = f
                for e in effects:
                    one, used = effect_on(one, e, e.x if match else 1, False)
                    assert not used
                assert effects_on(f, effects, match) == one, (cid, f, match)
                tried += 1
    assert tried > 10_000
