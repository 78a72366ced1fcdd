"""Little Factory rules, one test (or a few) per rule id, from hand-set positions."""

from __future__ import annotations

import attrs
import pytest
from lf_helpers import BY_NAME, KEY, TIER2, TIER3, named, play, position

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.agents import RandomAgent
from boardgames_fr.little_factory.actions import (
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
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
    UseBuilding,
)
from boardgames_fr.little_factory.data import BUILDINGS, GOODS
from boardgames_fr.little_factory.state import State

CLAY, COTTON, STONE, WHEAT, WOOD = (KEY[k] for k in ("clay", "cotton", "stone", "wheat", "wood"))
FULL_T2 = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
FULL_T3 = {"barrel": 1, "bread": 1, "cloth": 1}


# --- LF-01 ------------------------------------------------------------------------------


def test_LF01_player_counts() -> None:
    for n in (2, 3, 4):
        assert lf.new_game(n, seed=1).num_players == n
    for bad in (1, 5):
        with pytest.raises(ValueError, match=str(bad)):
            lf.new_game(bad, seed=1)


def test_LF01_ten_points_wins_at_once() -> None:
    # Seat 0: 9 points (dairy 1 VP + 8 tokens); building the water mill (1 VP) wins.
    s = position(
        hands={0: {"brick": 1}},
        rows={**FULL_T2, **FULL_T3},
        shown=["water_mill"],
        built={0: ["dairy"]},
        tokens=(8, 0),
    )
    assert lf.scores(s) == (9.0, 0.0)
    s = lf.step(s, Build(BY_NAME["water_mill"]))
    assert lf.is_terminal(s) and s.end == "points"
    assert lf.scores(s) == (10.0, 0.0)
    assert lf.winners(s) == (0,)
    assert lf.returns(s) == (1.0, -1.0)


def test_LF01_ten_points_by_a_trade_wins_at_once() -> None:
    # Seat 0: 8 tokens; the bakery (2 VP, cost 11) bought with a bread (11) makes 10.
    s = position(
        hands={0: {"bread": 1}},
        rows={**FULL_T2, "barrel": 1, "cloth": 1, "iron": 1},
        shown=["bakery"],
        tokens=(8, 0),
    )
    s = play(s, StartTrade(), TakeBuilding(BY_NAME["bakery"]), StopTaking(), PayGood(KEY["bread"]))
    assert lf.is_terminal(s) and s.end == "points" and s.trade is None
    assert lf.scores(s) == (10.0, 0.0) and lf.winners(s) == (0,)


# --- LF-02 ------------------------------------------------------------------------------


def test_LF02_starting_coins_by_seat() -> None:
    assert lf.new_game(2, seed=1).coins == (3, 4)
    assert lf.new_game(3, seed=1).coins == (3, 4, 5)
    assert lf.new_game(4, seed=1).coins == (3, 4, 5, 6)


def test_LF02_first_round_coins_for_basic_goods_while_they_last() -> None:
    # Only one cotton in the bottom row (2 players): buying it empties that pile.
    s = lf.new_game(2, seed=4)
    assert s.phase == "coin_exchange"
    assert s.market[:5] == (2, 1, 2, 2, 3)
    legal = lf.legal_actions(s)
    assert legal == tuple(BuyBasic(k) for k in range(5)) + (EndExchange(),)
    s = play(s, BuyBasic(COTTON), BuyBasic(WOOD))
    assert s.coins == (1, 4)
    assert named(s.hands[0]) == {"cotton": 1, "wood": 1}
    assert s.market[:5] == (2, 0, 2, 2, 2)
    assert BuyBasic(COTTON) not in lf.legal_actions(s)
    # Spending the last coin ends the exchange: the turn proper follows.
    s = lf.step(s, BuyBasic(WOOD))
    assert s.coins == (0, 4) and s.phase == "main"


def test_LF02_exchange_only_in_the_first_round() -> None:
    s = lf.new_game(2, seed=4)
    s = play(s, EndExchange(), ProduceBasic(WOOD), EndTurn())
    assert s.turn == 1 and s.phase == "coin_exchange"
    s = play(s, EndExchange(), ProduceBasic(WOOD), EndTurn())
    assert s.round == 2 and s.turn == 0 and s.phase == "main"
    assert s.coins == (3, 4)  # coins not exchanged are kept for trading
    assert not any(isinstance(a, BuyBasic) for a in lf.legal_actions(s))


# --- LF-03 ------------------------------------------------------------------------------


def test_LF03_one_production_or_trade_then_end() -> None:
    s = position(hands={0: {"clay": 1}}, rows={**FULL_T2, **FULL_T3}, coins=(2, 0))
    legal = lf.legal_actions(s)
    assert EndTurn() not in legal  # must produce or trade first
    assert StartTrade() in legal
    s = lf.step(s, ProduceBasic(WOOD))
    assert s.acted
    assert lf.legal_actions(s) == (EndTurn(),)  # no second production or trade


def test_LF03_building_action_before_or_after() -> None:
    base = position(
        hands={0: {"clay": 2}},
        rows={**FULL_T2, "brick": 2, **FULL_T3},
        built={0: ["brick_factory"]},
    )
    use = UseBuilding(BY_NAME["brick_factory"], 0)
    before = play(base, use, Produce(KEY["brick"], 0))
    after = play(base, Produce(KEY["brick"], 0), use)
    for s in (before, after):
        assert named(s.hands[0]) == {"brick": 2}
        assert s.acted and s.used_building
        assert lf.legal_actions(s) == (EndTurn(),)  # one building action a turn


def test_LF03_hand_limit_discard_down_to_seven() -> None:
    s = position(
        hands={0: {"wood": 3, "clay": 2, "brick": 2}},
        rows={**FULL_T2, **FULL_T3},
    )
    s = play(s, ProduceBasic(STONE), EndTurn())
    assert s.phase == "discard" and s.to_move == 0 and sum(s.hands[0]) == 8
    assert lf.legal_actions(s) == tuple(Discard(k) for k in (CLAY, STONE, WOOD, KEY["brick"]))
    discard_before = s.discard
    s = lf.step(s, Discard(KEY["brick"]))
    # A discarded trade good goes to the discard pile; the turn passes at 7 cards.
    assert s.discard[KEY["brick"]] == discard_before[KEY["brick"]] + 1
    assert sum(s.hands[0]) == 7 and s.turn == 1 and s.phase == "main"


def test_LF03_hand_limit_basic_discard_returns_to_bottom_row() -> None:
    s = position(hands={0: {"wood": 3, "clay": 2, "stone": 2}}, rows={**FULL_T2, **FULL_T3})
    s = play(s, ProduceBasic(WHEAT), EndTurn())
    before = s.market[WOOD]
    s = lf.step(s, Discard(WOOD))
    assert s.market[WOOD] == before + 1 and s.turn == 1


def test_LF03_coins_are_not_cards_of_the_hand() -> None:
    # Choices row « hand limit »: 7 cards and 5 coins end the turn with no discard.
    s = position(hands={0: {"wood": 3, "clay": 2, "brick": 1}}, rows={**FULL_T2, **FULL_T3})
    s = attrs.evolve(s, coins=(5, 0))
    s = play(s, ProduceBasic(STONE), EndTurn())
    assert s.turn == 1 and s.phase == "main" and s.coins == (5, 0)
    assert sum(s.hands[0]) == 7


# --- LF-04 ------------------------------------------------------------------------------


def test_LF04_produce_one_basic_good() -> None:
    s = position(rows={**FULL_T2, **FULL_T3})
    assert s.market[:5] == (2, 1, 2, 2, 3)
    s = lf.step(s, ProduceBasic(WHEAT))
    assert named(s.hands[0]) == {"wheat": 1}
    assert s.market[:5] == (2, 1, 2, 1, 3)


def test_LF04_produce_by_spending_the_recipe() -> None:
    s = position(hands={0: {"wood": 2, "wheat": 1}}, rows={**FULL_T2, "timber": 1, **FULL_T3})
    legal = lf.legal_actions(s)
    assert Produce(KEY["charcoal"], 0) in legal
    assert Produce(KEY["timber"], 0) in legal
    assert Produce(KEY["flour"], 0) in legal
    assert Produce(KEY["brick"], 0) not in legal  # no clay
    s = lf.step(s, Produce(KEY["timber"], 0))
    assert named(s.hands[0]) == {"wheat": 1, "timber": 1}
    assert s.market[WOOD] == 3 + 2 - 2  # LF-06: the two wood go back to the bottom row
    assert s.market[KEY["timber"]] == 0


def test_LF04_a_good_only_in_the_discard_cannot_be_produced() -> None:
    s = position(
        hands={0: {"clay": 1}},
        rows={"charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1, "cattle": 1, **FULL_T3},
        discard={"brick": 3},
    )
    assert s.market[KEY["brick"]] == 0 and s.discard[KEY["brick"]] == 3
    assert Produce(KEY["brick"], 0) not in lf.legal_actions(s)
    with pytest.raises(
        bgf.IllegalActionError,
        match="only in the discard pile: a discarded good cannot be produced",
    ) as info:
        lf.step(s, Produce(KEY["brick"], 0))
    assert info.value.reason("fr") == (
        "la brique n'est que dans la défausse : un bien défaussé ne peut pas être produit"
    )


# --- LF-05 ------------------------------------------------------------------------------


def test_LF05_trade_goods_and_coins_for_the_value() -> None:
    # Brick (3) for a clay (1) and two coins.
    s = position(hands={0: {"clay": 1}}, rows={**FULL_T2, **FULL_T3}, coins=(2, 0))
    s = lf.step(s, StartTrade())
    assert s.phase == "take"
    legal = lf.legal_actions(s)
    # Budget 3: basic goods (1) and the tier 2 goods worth 3; nothing worth more.
    assert TakeGood(KEY["brick"]) in legal and TakeGood(KEY["barrel"]) not in legal
    assert StopTaking() not in legal  # something must be taken
    s = play(s, TakeGood(KEY["brick"]), StopTaking())
    assert lf.legal_actions(s) == (PayGood(CLAY), PayCoin())
    s = play(s, PayGood(CLAY), PayCoin())
    assert s.trade is not None and s.trade.paid_value == 2
    s = lf.step(s, PayCoin())
    assert s.trade is None and s.phase == "main" and s.acted
    assert named(s.hands[0]) == {"brick": 1} and s.coins == (0, 0)


# --- LF-06 ------------------------------------------------------------------------------


def test_LF06_spent_goods_discard_and_bottom_row() -> None:
    s = position(hands={0: {"charcoal": 1, "stone": 1}}, rows={**FULL_T2, "iron": 1, **FULL_T3})
    s = lf.step(s, Produce(KEY["iron"], 0))
    assert s.discard[KEY["charcoal"]] == 1  # tier 2 to the discard pile
    assert s.market[STONE] == 2  # the stone back to the bottom row
    assert named(s.hands[0]) == {"iron": 1}


def test_LF06_tier2_refills_until_five_different_goods() -> None:
    # Tier 2 row: brick x2, charcoal, cut stone, flour, thread; the deck holds brick 0,
    # charcoal 2, cattle 2, sheep 2, timber 2, fish 1, milk 1, cut stone 1, flour 1, thread 1.
    s = position(
        hands={0: {"clay": 1, "wheat": 1}},
        rows={**FULL_T2, "brick": 2, "barrel": 1, "bread": 1, "cloth": 1},
        discard={"brick": 1},
        explicit=True,
    )
    s = lf.step(s, Produce(KEY["brick"], 0))
    # Brick still shows (one left): 5 kinds, no draw.
    assert s.to_move == 0 and s.market[KEY["brick"]] == 1
    s = play(s, EndTurn(), ProduceBasic(CLAY), EndTurn())
    s = lf.step(s, Produce(KEY["flour"], 0))
    # Flour gone: 4 kinds shown, so draw, one chance event per card.
    assert s.to_move == bgf.CHANCE
    outcomes = dict(lf.chance_outcomes(s))
    deck = {k: s.deck[KEY[k]] for k in ("charcoal", "cattle", "sheep", "timber", "fish", "milk")}
    assert deck == {"charcoal": 2, "cattle": 2, "sheep": 2, "timber": 2, "fish": 1, "milk": 1}
    total = sum(s.deck[k] for k in TIER2)
    assert total == 13 and outcomes[DrawGood(KEY["cattle"])] == pytest.approx(2 / 13)
    # A duplicate of a shown good piles up and the drawing goes on.
    s = lf.step(s, DrawGood(KEY["charcoal"]))
    assert s.market[KEY["charcoal"]] == 2 and s.to_move == bgf.CHANCE
    s = lf.step(s, DrawGood(KEY["fish"]))
    assert s.to_move == 0
    assert sum(1 for k in TIER2 if s.market[k]) == 5


def test_LF06_refill_in_auto_mode_is_one_draw_per_card() -> None:
    s = lf.new_game(2, seed=11)
    tier2 = [s.market[k] for k in TIER2]
    assert sum(1 for c in tier2 if c) == 5
    assert sum(s.market[k] for k in TIER3) == 3  # tier 3 row: 3 cards for 2 players
    assert len(s.buildings_shown) == 4 + 2
    # The same game in explicit mode: one chance event per card drawn, and sampling each
    # event gives the very state auto mode reached.
    e, draws = lf.new_game(2, seed=11, chance="explicit"), 0
    while e.to_move == bgf.CHANCE:
        assert all(isinstance(a, (DrawGood, DrawBuilding)) for a, _ in lf.chance_outcomes(e))
        e = lf.step(e, bgf.sample_chance(e))
        draws += 1
    # 14 cards: 5 tier 2 (no duplicate drawn with this seed), 3 tier 3, 6 buildings.
    assert draws == sum(s.market[5:]) + len(s.buildings_shown) == 14
    assert attrs.evolve(e, explicit=False) == s


def test_LF06_market_rows_per_player_count() -> None:
    # Choices row « market layout »: the bottom row holds every basic good of the count;
    # tier 2 shows 5 kinds; tier 3 3/4/4 cards; buildings 4/5/6 small and 2/3/3 large.
    from boardgames_fr.little_factory.data import SMALL

    expected = {
        2: ((2, 1, 2, 2, 3), 3, 4, 2),
        3: ((3, 1, 3, 3, 4), 4, 5, 3),
        4: ((3, 2, 3, 3, 5), 4, 6, 3),
    }
    for n, (basic, tier3, small, large) in expected.items():
        for seed in (1, 2):
            s = lf.new_game(n, seed=seed)
            shown_small = sum(1 for b in s.buildings_shown if b in SMALL)
            kinds = sum(1 for k in TIER2 if s.market[k])
            assert (s.market[:5], sum(s.market[k] for k in TIER3), kinds) == (basic, tier3, 5)
            assert (shown_small, len(s.buildings_shown) - shown_small) == (small, large)


# --- LF-07 ------------------------------------------------------------------------------


def test_LF07_show_ingredients_are_kept() -> None:
    s = position(hands={0: {"cattle": 1}}, rows={**FULL_T2, "milk": 1, "barrel": 1, "bread": 1})
    assert Produce(KEY["milk"], 0) in lf.legal_actions(s)
    s = lf.step(s, Produce(KEY["milk"], 0))
    assert named(s.hands[0]) == {"cattle": 1, "milk": 1}
    assert s.discard == (0,) * len(s.discard)


def test_LF07_thread_from_cotton_or_by_showing_a_sheep() -> None:
    s = position(hands={0: {"cotton": 1, "sheep": 1}}, rows={**FULL_T2, **FULL_T3})
    legal = lf.legal_actions(s)
    assert Produce(KEY["thread"], 0) in legal and Produce(KEY["thread"], 1) in legal
    shown = lf.step(s, Produce(KEY["thread"], 1))
    assert named(shown.hands[0]) == {"cotton": 1, "sheep": 1, "thread": 1}
    spent = lf.step(s, Produce(KEY["thread"], 0))
    assert named(spent.hands[0]) == {"sheep": 1, "thread": 1}


def test_LF07_fishing_pond_shows_the_rod_and_spends_the_stone() -> None:
    s = position(
        hands={0: {"stone": 1, "fishing_rod": 1}},
        rows={**FULL_T2, "fish": 1, "barrel": 1, "bread": 1},
        built={0: ["fishing_pond"]},
    )
    s = lf.step(s, UseBuilding(BY_NAME["fishing_pond"], 0))
    assert named(s.hands[0]) == {"fishing_rod": 1, "fish": 1}


# --- LF-08 ------------------------------------------------------------------------------


def test_LF08_building_by_production_spends_the_build_recipe() -> None:
    s = position(
        hands={0: {"cut_stone": 1, "wood": 1}},
        rows={**FULL_T2, **FULL_T3},
        shown=["dairy", "sawmill", "quarry"],
    )
    legal = lf.legal_actions(s)
    assert Build(BY_NAME["dairy"]) in legal and Build(BY_NAME["sawmill"]) in legal
    assert Build(BY_NAME["quarry"]) not in legal  # needs a brick
    s = lf.step(s, Build(BY_NAME["dairy"]))
    assert s.built[0] == (BY_NAME["dairy"],)
    assert named(s.hands[0]) == {"wood": 1}
    assert s.discard[KEY["cut_stone"]] == 1
    assert lf.scores(s)[0] == 1.0
    assert s.acted  # producing a building is the turn's production


def test_LF08_building_gives_automated_production_once_a_turn() -> None:
    s = position(
        hands={0: {"wheat": 2}},
        rows={**FULL_T2, "flour": 2, **FULL_T3},
        built={0: ["water_mill"]},
    )
    use = UseBuilding(BY_NAME["water_mill"], 0)
    s = lf.step(s, use)
    assert named(s.hands[0]) == {"wheat": 1, "flour": 1} and s.used_building
    assert use not in lf.legal_actions(s)
    # Next turn (seat 1 plays, then seat 0 again) the building can be used again.
    s = play(s, ProduceBasic(WOOD), EndTurn(), ProduceBasic(WOOD), EndTurn())
    assert s.turn == 0 and not s.used_building
    assert use in lf.legal_actions(s)


def test_LF08_a_building_acquired_this_turn_works_at_once() -> None:
    # Choices row « new building »: the dairy just built shows the cow for a milk the same
    # turn (the turn's one building action).
    s = position(
        hands={0: {"cut_stone": 1, "cattle": 1}},
        rows={**FULL_T2, "milk": 1, "barrel": 1, "bread": 1},
        shown=["dairy"],
    )
    use = UseBuilding(BY_NAME["dairy"], 0)
    assert use not in lf.legal_actions(s)
    s = lf.step(s, Build(BY_NAME["dairy"]))
    assert lf.legal_actions(s) == (use, EndTurn())
    s = lf.step(s, use)
    assert named(s.hands[0]) == {"cattle": 1, "milk": 1}
    assert lf.legal_actions(s) == (EndTurn(),)


def test_LF08_points_effect_takes_tokens() -> None:
    rows = {**FULL_T2, "barrel": 1, "cloth": 1, "iron": 1}
    s = position(hands={0: {"bread": 1}}, rows=rows, built={0: ["bakery"]})
    s = lf.step(s, UseBuilding(BY_NAME["bakery"], 0))
    assert s.tokens == (2, 0) and s.token_supply == 10
    assert lf.scores(s) == (4.0, 0.0)  # bakery 2 VP + 2 tokens


# --- LF-09 ------------------------------------------------------------------------------


def test_LF09_the_seed_buildings() -> None:
    dairy, mill, quarry = (BUILDINGS[BY_NAME[k]] for k in ("dairy", "water_mill", "quarry"))
    assert (dairy.name_fr, dairy.cost, dairy.vp) == ("laiterie", 6, 1)
    assert dairy.build == (KEY["cut_stone"],)
    assert dairy.effect[0].show == (KEY["cattle"],) and dairy.effect[0].gain == KEY["milk"]
    assert (mill.name_fr, mill.cost, mill.vp, mill.build) == ("moulin", 6, 1, (KEY["brick"],))
    assert mill.effect[0].spend == (WHEAT,) and mill.effect[0].gain == KEY["flour"]
    assert (quarry.name_fr, quarry.cost, quarry.build) == ("carrière", 6, (KEY["brick"],))
    assert quarry.effect[0].spend == (STONE,) and quarry.effect[0].gain == KEY["cut_stone"]
    costs = {b.cost for b in BUILDINGS.values()}
    assert {6, 8, 12} <= costs and len(BUILDINGS) == 30


def test_LF09_twelve_tokens_and_the_end_when_they_run_out() -> None:
    assert lf.new_game(2, seed=1).token_supply == 12
    # 11 tokens taken (3 + 8): the restaurant's +4 gets only the last one, and the game ends.
    s = position(
        hands={0: {"bread": 1, "milk": 1}},
        rows={**FULL_T2, "barrel": 1, "cloth": 1, "iron": 1},
        built={0: ["restaurant"]},
        tokens=(3, 8),
    )
    assert s.token_supply == 1 and lf.scores(s) == (5.0, 8.0)
    s = lf.step(s, UseBuilding(BY_NAME["restaurant"], 0))
    assert s.tokens == (4, 8) and s.token_supply == 0
    assert lf.is_terminal(s) and s.end == "tokens"
    assert lf.scores(s) == (6.0, 8.0)
    assert lf.winners(s) == (1,)  # most points


def _tie(hand1: dict[str, int], coins1: int) -> tuple[int, ...]:
    # Seat 0: bakery 2 VP + 3 tokens; seat 1: 7 tokens. The bakery's +2 takes the last
    # two tokens: 7 points each.
    s = position(
        hands={0: {"bread": 1, "wood": 1}, 1: hand1},
        rows={**FULL_T2, "barrel": 1, "cloth": 1, "iron": 1},
        built={0: ["bakery"]},
        tokens=(3, 7),
        coins=(0, coins1),
    )
    s = lf.step(s, UseBuilding(BY_NAME["bakery"], 0))
    assert s.end == "tokens" and lf.scores(s) == (7.0, 7.0)
    return lf.winners(s)


def test_LF09_tokens_tie_broken_by_trade_value() -> None:
    # Seat 0 keeps a wood (1); seat 1 a stone wall (8) and 3 coins.
    assert _tie({"stone_wall": 1}, 3) == (1,)
    # Seat 1 with one coin only: still tied, so the win is shared.
    assert _tie({}, 1) == (0, 1)


# --- LF-10, LF-11, LF-12, LF-13 (rules of the seed the list misses; a designed end) ------


def test_LF10_play_passes_to_the_next_seat() -> None:
    s = position(n=3, rows={**FULL_T2, "barrel": 1, "bread": 1, "cloth": 1, "iron": 1}, turn=2)
    s = play(s, ProduceBasic(WOOD), EndTurn())
    assert s.turn == 0 and s.to_move == 0 and s.round == 3
    s = play(s, ProduceBasic(WOOD), EndTurn())
    assert s.turn == 1 and s.round == 3


def test_LF11_building_needs_its_product_in_the_market() -> None:
    s = position(
        hands={0: {"clay": 1}},
        rows={"charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1, "cattle": 1, **FULL_T3},
        discard={"brick": 3},
        built={0: ["brick_factory"]},
    )
    assert UseBuilding(BY_NAME["brick_factory"], 0) not in lf.legal_actions(s)
    reason = "the brick factory's product, brick, is not in the market"
    with pytest.raises(bgf.IllegalActionError, match=reason) as info:
        lf.step(s, UseBuilding(BY_NAME["brick_factory"], 0))
    assert info.value.reason("fr") == (
        "le produit du bâtiment briqueterie (brique) n'est pas au marché"
    )


def test_LF12_the_discard_pile_is_public() -> None:
    rows = {**FULL_T2, "barrel": 1, "cloth": 1, "iron": 1}
    s = position(rows=rows, discard={"bread": 1, "sheep": 2})
    for seat in (None, 0, 1):
        assert named(lf.observe(s, seat).discard) == {"bread": 1, "sheep": 2}
    assert lf.observe(s, None).hand is None


def _reshuffle_case(reshuffle: bool) -> lf.State:
    # Tier 2 deck empty: 5 cards in the row, the other 15 (milk included) in the discard.
    return position(
        hands={0: {"clay": 1}},
        rows={**FULL_T2, **FULL_T3},
        discard={"brick": 2, "charcoal": 2, "cut_stone": 1, "flour": 1, "thread": 1}
        | {"cattle": 2, "sheep": 2, "timber": 2, "fish": 1, "milk": 1},
        options=lf.Options(reshuffle_discard=reshuffle),
        explicit=True,
    )


def test_reshuffle_choice_an_empty_deck_takes_back_the_discard_when_a_row_is_short() -> None:
    s = _reshuffle_case(True)
    assert sum(s.deck[k] for k in TIER2) == 0
    s = lf.step(s, Produce(KEY["brick"], 0))
    # Only 4 kinds show: the discarded tier 2 goods become the deck, drawn card by card.
    assert s.to_move == bgf.CHANCE
    assert sum(s.deck[k] for k in TIER2) == 15 and sum(s.discard[k] for k in TIER2) == 0
    outcomes = dict(lf.chance_outcomes(s))
    assert outcomes[DrawGood(KEY["cattle"])] == pytest.approx(2 / 15)
    assert outcomes[DrawGood(KEY["milk"])] == pytest.approx(1 / 15)
    # Without the option the row stays short.
    s = lf.step(_reshuffle_case(False), Produce(KEY["brick"], 0))
    assert s.to_move == 0 and sum(s.discard[k] for k in TIER2) == 15


def test_LF13_the_game_ends_after_the_last_round() -> None:
    opts = lf.Options(max_rounds=3)
    s = position(rows={**FULL_T2, **FULL_T3}, round=3, turn=1, options=opts, built={0: ["dairy"]})
    s = play(s, ProduceBasic(WOOD), EndTurn())
    assert lf.is_terminal(s) and s.end == "rounds"
    assert lf.winners(s) == (0,)


def _blocked_table(tokens: tuple[int, int] = (0, 0), milk: int = 0) -> State:
    """Every building built (seat 0 ids 1-15, 23 VP; seat 1 ids 16-30, 20 VP), the
    basic goods in the hands, the trade goods in the discard with no reshuffle: nothing
    to produce, trade, build or run, for either seat (target 50, above the 43 VP of all
    the buildings); seat 1 holds ``milk`` milk instead of the discard."""
    ids = sorted(BUILDINGS)
    return position(
        hands={
            0: {"clay": 2, "cotton": 1, "stone": 2, "wheat": 1},
            1: {"wheat": 1, "wood": 3, "milk": milk},
        },
        rows={"clay": 0, "cotton": 0, "stone": 0, "wheat": 0, "wood": 0},
        discard={
            g.key: g.copies[0] - (milk if g.key == "milk" else 0) for g in GOODS if g.tier > 1
        },
        built={0: [BUILDINGS[b].key for b in ids[:15]], 1: [BUILDINGS[b].key for b in ids[15:]]},
        tokens=tokens,
        options=lf.Options(target_points=50, reshuffle_discard=False),
        fill_rows=False,
    )


def test_LF13_the_game_ends_when_no_seat_can_do_anything_but_end_its_turn() -> None:
    # Ending a turn would change nothing, every turn until round 60: the game ends at once,
    # ranked as after the last round (most points, then trade value).
    s = _blocked_table()
    assert lf.legal_actions(s) == (EndTurn(),) and lf.scores(s) == (23.0, 20.0)
    s = lf.step(s, EndTurn())
    assert (s.end, s.to_move, s.turn, s.round) == ("blocked", bgf.TERMINAL, 0, 2)
    assert lf.winners(s) == (0,)
    assert lf.render(s, "fr").splitlines()[1] == (
        "Partie finie (plus aucun joueur ne peut rien faire) ; gagnant : Joueur 1"
    )
    assert lf.render(s, "en").splitlines()[1] == (
        "Game over (no player can do anything any more); winner: Player 1"
    )
    assert bgf.loads(bgf.dumps(s)) == s


def test_LF13_a_blocked_table_is_ranked_by_trade_value_on_a_tie() -> None:
    # 23 points each: seat 0's 6 basic goods beat seat 1's 4.
    s = lf.step(_blocked_table(tokens=(0, 3)), EndTurn())
    assert s.end == "blocked" and lf.scores(s) == (23.0, 23.0) and lf.winners(s) == (0,)


def test_LF13_a_seat_that_can_still_play_keeps_the_game_going() -> None:
    # Seat 0 can only end its turn, but seat 1 holds a milk for its milk shop (+1 VP):
    # the game goes on.
    s = _blocked_table(milk=1)
    assert lf.legal_actions(s) == (EndTurn(),)
    s = lf.step(s, EndTurn())
    assert (s.end, s.to_move) == ("", 1)
    assert lf.legal_actions(s) == (UseBuilding(BY_NAME["milk_shop"], 0), EndTurn())


def test_LF13_random_play_at_a_blocked_table_stops_there() -> None:
    # 4 players, target 50 and hands of 30: all cards end in the hands and every building
    # is built. Before LF-13 ended such a table, seed 0 ran to round 1000 (5,145 steps)
    # with only « Finir le tour » from round 97 on, for the same winner.
    opts = {"hand_limit": 30, "target_points": 50, "vp_tokens": 60, "max_rounds": 1000}
    s = lf.new_game(4, seed=0, options=opts)
    bots = [RandomAgent(i) for i in range(4)]
    steps = 0
    while not lf.is_terminal(s):
        before = s
        s = lf.step(s, bots[s.to_move].act(lf.observe(s, s.to_move), lf.legal_actions(s)))
        steps += 1
    assert (s.end, s.round, s.turn, steps) == ("blocked", 97, 3, 1533)
    # The game ends as the first seat with nothing to do ends its turn.
    assert lf.legal_actions(before) == (EndTurn(),) and not before.acted
    assert sum(s.market) == 0 and lf.winners(s) == (3,)


def test_reshuffle_choice_after_a_hand_limit_discard() -> None:
    # Choices row "empty deck": the tier 2 row shows 4 kinds, deck and discard are empty;
    # seat 0 discards a fil at the hand limit: seat 1's turn starts with the fil taken back
    # as the deck and drawn into the row (one chance event).
    hand0 = {"thread": 2, "brick": 2, "charcoal": 2, "cut_stone": 2}
    hand1 = {"brick": 1, "flour": 2, "cattle": 1, "sheep": 2, "milk": 1}
    s = position(
        hands={0: hand0, 1: hand1},
        rows={"charcoal": 1, "cattle": 1, "timber": 2, "fish": 1, **FULL_T3},
        phase="discard",
        explicit=True,
    )
    assert sum(s.deck[k] for k in TIER2) == 0 and sum(s.discard) == 0
    s = lf.step(s, Discard(KEY["thread"]))
    assert s.turn == 1 and s.to_move == bgf.CHANCE
    assert named(s.deck, TIER2) == {"thread": 1} and sum(s.discard) == 0
    assert dict(lf.chance_outcomes(s)) == {DrawGood(KEY["thread"]): 1.0}
    s = lf.step(s, DrawGood(KEY["thread"]))
    assert s.to_move == 1 and s.market[KEY["thread"]] == 1


# --- LF-04, LF-07: seed lines against the published data (Choices rows) -----------------


def test_LF04_fishing_rod_from_thread_and_wood_only() -> None:
    # Choices row « canne à pêche »: the published recipe ("fishing rod 8 (thread + wood)"),
    # not the seed's repeated line under « Stone Brick ».
    rod = KEY["fishing_rod"]
    rows = {**FULL_T2, "fishing_rod": 1, "barrel": 1, "bread": 1}
    s = position(hands={0: {"cut_stone": 1, "wood": 1}}, rows=rows)
    assert not any(isinstance(a, Produce) and a.good == rod for a in lf.legal_actions(s))
    with pytest.raises(bgf.IllegalActionError, match="fishing rod has no recipe number 1") as info:
        lf.step(s, Produce(rod, 1))
    assert info.value.reason("fr") == "la canne à pêche n'a pas de recette numéro 1"
    s = position(hands={0: {"thread": 1, "wood": 1}}, rows=rows)
    wood_row = s.market[WOOD]
    s = lf.step(s, Produce(rod, 0))
    assert named(s.hands[0]) == {"fishing_rod": 1}
    assert s.discard[KEY["thread"]] == 1 and s.market[WOOD] == wood_row + 1


def test_LF04_cattle_from_wheat_and_clay_not_brick() -> None:
    # Choices row « vache »: the published "cattle 5 (wheat + clay)", as the seed's line under
    # Argile; not the seed's line under Blé (« Dépense en brique d'argile »).
    cattle = KEY["cattle"]
    from boardgames_fr.little_factory.data import GOODS

    assert [sorted(alt.spend) for alt in GOODS[cattle].recipe] == [sorted((CLAY, WHEAT))]
    rows = {"brick": 1, "charcoal": 1, "cattle": 1, "flour": 1, "thread": 1, **FULL_T3}
    s = position(hands={0: {"wheat": 1, "brick": 1}}, rows=rows)
    assert not any(isinstance(a, Produce) and a.good == cattle for a in lf.legal_actions(s))
    s = position(hands={0: {"wheat": 1, "clay": 1}}, rows=rows)
    assert Produce(cattle, 0) in lf.legal_actions(s)


# Milk (lait), tier 2 as the seed lists it (Choices « Lait », option milk_tier):
# tests/little_factory/test_lf_milk_tier.py.
