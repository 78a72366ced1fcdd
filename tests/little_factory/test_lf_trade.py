"""Trading edge cases (LF-02, LF-05, LF-07, LF-08): small steps, overpaying, buildings,
coins kept from the first-round exchange."""

from __future__ import annotations

import pytest
from lf_helpers import BY_NAME, KEY, named, play, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import (
    Build,
    EndExchange,
    EndTurn,
    PayCoin,
    PayGood,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
)

ROWS = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
ROWS |= {"barrel": 1, "bread": 1, "cloth": 1}


def test_LF05_overpaying_is_allowed_and_gives_no_change() -> None:
    # Wood (1) paid with a timber (5): the price is covered at once, no change.
    s = position(hands={0: {"timber": 1, "clay": 1}}, rows=ROWS)
    s = play(s, StartTrade(), TakeGood(KEY["wood"]), StopTaking(), PayGood(KEY["timber"]))
    assert s.trade is None and s.acted
    assert named(s.hands[0]) == {"clay": 1, "wood": 1}
    assert s.discard[KEY["timber"]] == 1


def test_LF05_overpaying_is_never_forced() -> None:
    # Price 4 (brick + wood); hand: brick 3, clay 1, coins 2. Paying brick then clay is
    # exact; paying stops as soon as the price is covered, so no extra card is asked for.
    s = position(hands={0: {"brick": 1, "clay": 1}}, rows=ROWS, coins=(2, 0))
    s = play(s, StartTrade(), TakeGood(KEY["charcoal"]), TakeGood(KEY["wood"]), StopTaking())
    assert s.trade is not None and s.trade.price == 4
    s = lf.step(s, PayGood(KEY["brick"]))
    assert s.trade is not None and s.trade.paid_value == 3
    s = lf.step(s, PayGood(KEY["clay"]))
    assert s.trade is None and s.coins == (2, 0)
    assert named(s.hands[0]) == {"charcoal": 1, "wood": 1}


def test_LF05_takes_are_limited_to_what_the_hand_can_pay() -> None:
    s = position(hands={0: {"brick": 1}}, rows=ROWS, coins=(1, 0))  # budget 4
    s = play(s, StartTrade(), TakeGood(KEY["flour"]))  # 3 of 4 used
    legal = lf.legal_actions(s)
    assert TakeGood(KEY["wood"]) in legal  # 1 more fits
    assert TakeGood(KEY["brick"]) not in legal  # 3 more does not
    with pytest.raises(bgf.IllegalActionError, match="cost more") as info:
        lf.step(s, TakeGood(KEY["brick"]))
    assert info.value.reason("fr") == (
        "ce serait plus cher que ce que vos biens et vos pièces peuvent payer"
    )


def test_LF05_trade_menus_are_short_lists_not_subsets() -> None:
    hand = {"clay": 2, "wood": 2, "brick": 1, "timber": 1, "cattle": 1}
    s = position(hands={0: hand}, rows=ROWS, coins=(3, 0))
    s = play(s, StartTrade(), TakeBuilding(BY_NAME["textile_factory"]), StopTaking())
    legal = lf.legal_actions(s)
    # One entry per kind of good in hand and one for coins: 6, not 2**10 subsets.
    assert legal == tuple(
        PayGood(KEY[k]) for k in ("clay", "wood", "brick", "cattle", "timber")
    ) + (PayCoin(),)


def test_LF08_building_bought_by_trade() -> None:
    # Textile factory (cost 8): timber 5 + brick 3.
    s = position(
        hands={0: {"timber": 1, "brick": 1, "wood": 1}}, rows=ROWS, shown=["textile_factory"]
    )
    s = play(
        s,
        StartTrade(),
        TakeBuilding(BY_NAME["textile_factory"]),
        StopTaking(),
        PayGood(KEY["timber"]),
        PayGood(KEY["brick"]),
    )
    assert s.built[0] == (BY_NAME["textile_factory"],)
    assert BY_NAME["textile_factory"] not in s.buildings_shown
    assert named(s.hands[0]) == {"wood": 1}
    assert lf.scores(s)[0] == 1.0
    assert s.acted


def test_LF08_same_building_by_production_instead() -> None:
    # Its build recipe is one timber: far cheaper than its cost of 8.
    s = position(
        hands={0: {"timber": 1, "brick": 1, "wood": 1}}, rows=ROWS, shown=["textile_factory"]
    )
    s = lf.step(s, Build(BY_NAME["textile_factory"]))
    assert s.built[0] == (BY_NAME["textile_factory"],)
    assert named(s.hands[0]) == {"brick": 1, "wood": 1}


def test_LF07_shown_goods_can_still_be_traded_away_later() -> None:
    # Milk shows the cow and keeps it; the same cow then pays for a trade.
    rows = {**ROWS, "milk": 1}
    del rows["bread"]
    s = position(hands={0: {"cattle": 1}}, rows=rows)
    s = play(s, Produce(KEY["milk"], 0), EndTurn(), ProduceBasic(KEY["wood"]), EndTurn())
    assert named(s.hands[0]) == {"cattle": 1, "milk": 1}
    s = play(s, StartTrade(), TakeGood(KEY["brick"]), StopTaking(), PayGood(KEY["cattle"]))
    assert named(s.hands[0]) == {"milk": 1, "brick": 1}
    assert s.discard[KEY["cattle"]] == 1


def test_LF05_a_trade_can_take_goods_and_a_building_together() -> None:
    s = position(
        hands={0: {"bread": 1}}, rows={**ROWS, "bread": 0, "iron": 1}, shown=["dairy"], coins=(0, 0)
    )
    s = play(
        s,
        StartTrade(),
        TakeBuilding(BY_NAME["dairy"]),
        TakeGood(KEY["clay"]),
        StopTaking(),
        PayGood(KEY["bread"]),
    )
    assert s.built[0] == (BY_NAME["dairy"],)
    assert named(s.hands[0]) == {"clay": 1}
    assert s.discard[KEY["bread"]] == 1


def test_LF02_LF05_kept_coins_pay_one_each_for_goods_and_buildings() -> None:
    # Choices « First-round exchange »: coins kept after the exchange pay 1 each in any
    # later trade, for goods or buildings; otherwise kept coins would be worthless and
    # « jusqu'à la totalité de vos pièces » would leave nothing to choose.
    s = lf.new_game(4, seed=7)
    for _ in range(3):  # seats 1-3 keep their coins and take a wood from the bottom row
        s = play(s, EndExchange(), ProduceBasic(KEY["wood"]), EndTurn())
    assert (s.round, s.turn, s.phase, s.coins, sum(s.hands[3])) == (
        1,
        3,
        "coin_exchange",
        (3, 4, 5, 6),
        0,
    )
    # Seat 4 keeps its 6 coins and, on its first turn, trades them for the quarry (cost 6).
    quarry = BY_NAME["quarry"]
    s = play(s, EndExchange(), StartTrade(), TakeBuilding(quarry), StopTaking())
    assert lf.legal_actions(s) == (PayCoin(),)
    s = play(s, *[PayCoin()] * 5)
    assert s.trade is not None and (s.trade.price, s.trade.paid_value) == (6, 5)
    s = lf.step(s, PayCoin())
    assert s.trade is None and s.built[3] == (quarry,)
    assert s.coins == (3, 4, 5, 0) and lf.scores(s) == (0.0, 0.0, 0.0, 1.0)
    # Goods too: seat 1 of a 2-player game trades its 3 coins for a brick (value 3).
    g = lf.new_game(2, seed=7)
    g = play(g, EndExchange(), StartTrade(), TakeGood(KEY["brick"]), StopTaking())
    g = play(g, PayCoin(), PayCoin(), PayCoin())
    assert g.trade is None and named(g.hands[0]) == {"brick": 1} and g.coins == (0, 4)
