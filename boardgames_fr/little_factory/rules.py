"""The rules of Little Factory as the hooks of `boardgames_fr.core.Game`.

Rule ids are those of shared/GAMES.md (LF-01..LF-09) and of docs/rules/little_factory.md
for the seed's rules the list misses (LF-10..) and the rule added so that every game ends
(LF-13: after the last round, or at a table where nobody can do anything). Order of
`legal_actions`, by phase:

- exchange: `BuyBasic` by good number, then `EndExchange`;
- main: `ProduceBasic` by good, `Produce` by good then alternative, `Build` by building id,
  `StartTrade`, `UseBuilding` by building id then alternative, `EndTurn`;
- take: `TakeGood` by good, `TakeBuilding` by building id, `StopTaking`;
- pay: `PayGood` by good, `PayCoin`;
- discard: `Discard` by good;
- chance: `DrawGood` by good or `DrawBuilding` by building id.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import gt, itemgetter, mul
from typing import Any

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.core.labels import count, de, elides, player_name
from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory.actions import (
    ACTION_TYPES,
    Action,
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
from boardgames_fr.little_factory.data import (
    BASIC,
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    LAYOUT,
    MILK,
    NUM_GOODS,
    PLAYER_COUNTS,
    SMALL,
    Alternative,
    tier_goods,
)
from boardgames_fr.little_factory.state import ENDS, PHASES, Observation, Options, State, Trade

__all__ = [
    "GAME",
    "GAME_INFO",
    "hand_value",
    "points",
    "ranking_key",
]

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
    # 2: a table where no seat can do anything but end its turn ends at once (LF-13),
    # instead of passing until the last round.
    rules_version=2,
)

# --- tables precomputed from the data ---------------------------------------------------
# The hot path (legal actions and step) reads only these tuples, indexed by good number or
# building id, and builds states with `boardgames_fr.core.fast.replace`.

NB = len(BASIC)  # basic goods are numbers 0..NB-1 (tiers are in file order, data.py)
if tuple(range(NB)) != BASIC:
    raise ValueError("cards.json: goods: the basic goods must come first")
VALUE = tuple(g.value for g in GOODS)
IS_BASIC = tuple(g.tier == 1 for g in GOODS)
COST = tuple(BUILDINGS[b].cost if b in BUILDINGS else 0 for b in range(max(BUILDING_IDS) + 1))
VP = tuple(BUILDINGS[b].vp if b in BUILDINGS else 0 for b in range(max(BUILDING_IDS) + 1))
ZERO = (0,) * NUM_GOODS

END_EXCHANGE = EndExchange()
START_TRADE = StartTrade()
STOP_TAKING = StopTaking()
PAY_COIN = PayCoin()
END_TURN = EndTurn()
ONLY_END_TURN = (END_TURN,)
BUY_BASIC = tuple(BuyBasic(k) for k in BASIC)
PRODUCE_BASIC = tuple(ProduceBasic(k) for k in BASIC)
TAKE_GOOD = tuple(TakeGood(k) for k in range(NUM_GOODS))
PAY_GOOD = tuple(PayGood(k) for k in range(NUM_GOODS))
DISCARD = tuple(Discard(k) for k in range(NUM_GOODS))
DRAW_GOOD = tuple(DrawGood(k) for k in range(NUM_GOODS))
BUILD = {b: Build(b) for b in BUILDING_IDS}
TAKE_BUILDING = {b: TakeBuilding(b) for b in BUILDING_IDS}
DRAW_BUILDING = {b: DrawBuilding(b) for b in BUILDING_IDS}
DRAW_BUILDING_WEIGHT = {b: (DRAW_BUILDING[b], 1) for b in BUILDING_IDS}  # chance outcomes
NO_TRADE = Trade(ZERO, (), 0, ZERO, 0, 0)  # a trade just started (LF-05)

Needs = tuple[tuple[int, int], ...]
# A recipe check: the first need (good, count) apart, tested before anything else is
# unpacked (hands are small, so it usually fails), then the rest of the row.
Check = tuple[int, int, tuple[Any, ...]]


def _check(needs: Needs, *row: Any) -> Check:
    """(k1, c1, (*row, k2, c2, more needs)): the needs (good, count) as two inline tests
    plus the rest (usually empty); a missing need is (0, 0), always met."""
    first = (*needs[:2], (0, 0), (0, 0))
    return first[0][0], first[0][1], (*row, first[1][0], first[1][1], needs[2:])


def _has(hand: tuple[int, ...], needs: Needs) -> bool:
    return all(hand[k] >= c for k, c in needs)


# LF-04, LF-07: every recipe alternative of the trade goods, by good then alternative
# (the order of legal_actions): (k1, c1, (good made, k2, c2, more needs, action)).
PRODUCE_ROWS = tuple(
    _check(alt.needs(), g.index, Produce(g.index, i))
    for g in GOODS
    if g.tier > 1
    for i, alt in enumerate(g.recipe)
)
PRODUCE_RECIPE = tuple(tuple(alt.spend for alt in g.recipe) for g in GOODS)  # [good][alt]
GOOD_NUMBERS = tuple(range(NUM_GOODS))
TRADE_GOODS = tuple(k for k in range(NUM_GOODS) if k not in BASIC)
MAX_VALUE = max(VALUE)
# LF-05: the goods a budget below MAX_VALUE can pay for, by budget (in good order).
AFFORDABLE = tuple(tuple(k for k in GOOD_NUMBERS if VALUE[k] <= b) for b in range(MAX_VALUE))
_IDS = range(max(BUILDING_IDS) + 1)  # building ids index the tuples below (0 unused)
# LF-08: a building's build recipe is all spent: (k1, c1, (action, k2, c2, more needs)).
BUILD_ROWS = tuple(
    _check(Alternative(spend=BUILDINGS[b].build, show=()).needs(), BUILD[b])
    if b in BUILDINGS
    else (0, 1, ())
    for b in _IDS
)
# LF-08, LF-11: per effect alternative, (k1, c1, (gained good or None, action, k2, c2,
# more needs)) to list it and (spent, gained good or None, points) to apply it.
EFFECT_ROWS = tuple(
    tuple(
        _check(alt.needs(), alt.gain, UseBuilding(b, i))
        for i, alt in enumerate(BUILDINGS[b].effect)
    )
    if b in BUILDINGS
    else ()
    for b in _IDS
)
EFFECTS = {
    b.id: tuple((alt.spend, alt.gain, alt.points) for alt in b.effect) for b in BUILDINGS.values()
}


def hand_value(hand: tuple[int, ...]) -> int:
    """The total trade value of a hand of goods (LF-05)."""
    return sum(map(mul, hand, VALUE))


def points(state: State, seat: int) -> int:
    """Victory points: the buildings' VP plus the VP tokens taken (LF-01, LF-08)."""
    return sum(map(VP.__getitem__, state.built[seat])) + state.tokens[seat]


def ranking_key(state: State, seat: int) -> tuple[int, int]:
    """LF-09 / LF-13 end without a winner at 10: most points, then most trade value
    (hand plus coins); still tied: a shared win (a recorded choice)."""
    return points(state, seat), hand_value(state.hands[seat]) + state.coins[seat]


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]


# --- setup ------------------------------------------------------------------------------


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    col = num_players - 2
    # LF-02: starting coins 3, 4, 5, 6 by seat; hands start empty.
    coins = tuple(LAYOUT.starting_coins[:num_players])
    market = tuple(g.copies[col] if g.tier == 1 else 0 for g in GOODS)
    deck = tuple(0 if g.tier == 1 else g.copies[col] for g in GOODS)
    s = State(
        num_players=num_players,
        options=options,
        to_move=CHANCE,
        rng=rng,
        explicit=explicit,
        turn=0,
        round=1,
        phase="main",
        coins=coins,
        hands=(ZERO,) * num_players,
        built=((),) * num_players,
        tokens=(0,) * num_players,
        token_supply=options.vp_tokens,
        market=market,
        buildings_shown=(),
        deck=deck,
        building_deck=BUILDING_IDS,
        discard=ZERO,
        acted=False,
        used_building=False,
        trade=None,
        end="",
    )
    return _settled(s, {"phase": _start_phase(options, coins, market, 0, 1)})


def _start_phase(
    options: Options, coins: tuple[int, ...], market: tuple[int, ...], seat: int, rnd: int
) -> str:
    # LF-02: in the first round, the coin exchange comes before the turn.
    if rnd == 1 and options.first_round_exchange and coins[seat] > 0 and any(market[:NB]):
        return "exchange"
    return "main"


# --- the market refill (LF-06) ----------------------------------------------------------


def _shown(num_players: int) -> tuple[int, int, int]:
    """Cards shown in the tier 3 row and the two building rows (a designed layout)."""
    col = num_players - 2
    return LAYOUT.tier3_shown[col], LAYOUT.small_shown[col], LAYOUT.large_shown[col]


# Choices « Lait » (option milk_tier): the tier 2 and tier 3 goods, by milk's tier. Milk
# moves between the decks and market rows of the two tiers without changing its number:
# it sits among the published tier 3 goods, so the published tiers are two runs of good
# numbers (T2_CORE, T3_SPAN) and the seed's tier 2 is T2_CORE plus MILK.
TIER_GOODS = {t: tier_goods(t) for t in (2, 3)}
_PUBLISHED = TIER_GOODS[3]
T2_CORE = slice(_PUBLISHED[0][0], _PUBLISHED[0][-1] + 1)
T3_SPAN = slice(_PUBLISHED[1][0], _PUBLISHED[1][-1] + 1)
if (GOOD_NUMBERS[T2_CORE], GOOD_NUMBERS[T3_SPAN]) != _PUBLISHED:
    raise ValueError("cards.json: goods: each published tier must be one run of goods")
# LF-06: the tier 2 row is short once more than this many of its goods are missing.
T2_SPARE = {t: len(TIER_GOODS[t][0]) - LAYOUT.tier2_kinds_shown for t in TIER_GOODS}
Counts = tuple[int, ...]
Tier = tuple[Callable[[Counts], tuple[int, ...]], Counts, tuple[int, ...]]


def _tier(goods: tuple[int, ...]) -> Tier:
    """(the counts of ``goods`` in a count tuple, their zeros, ``goods``), read by
    `_refill` when a row is short (not at every call: slices are faster)."""
    if len(goods) < 2:  # itemgetter of one index gives a number, not a tuple
        raise ValueError("cards.json: goods: each trade tier needs at least 2 goods")
    return itemgetter(*goods), (0,) * len(goods), goods


TIER_ROWS = {t: (_tier(TIER_GOODS[t][0]), _tier(TIER_GOODS[t][1])) for t in TIER_GOODS}
SHOWN = {n: _shown(n) for n in PLAYER_COUNTS}
TIER3_SHOWN = {n: SHOWN[n][0] for n in PLAYER_COUNTS}
SEED_T2_SPARE, PUBLISHED_T2_SPARE = T2_SPARE[2], T2_SPARE[3]  # the two milk tiers, unrolled
SMALLNESS = tuple(1 if b in SMALL else 0 for b in range(max(BUILDING_IDS) + 1))
_small_of = SMALLNESS.__getitem__


def _refill(
    n: int,
    reshuffle: bool,
    milk_tier: int,
    market: tuple[int, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    shown: tuple[int, ...],
    bdeck: tuple[int, ...],
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(gap, deck, discard) for these rows: which row needs a card (1 tier 2, 2 tier 3,
    3 small buildings, 4 large; 0 none), after the discard is taken back if needed."""
    # LF-06: tier 2 refills until it shows 5 different goods (duplicates pile up).
    # Choices « Lait »: milk is a tier 2 good unless milk_tier is 3, though its number is
    # in the tier 3 span.
    if milk_tier == 2:
        short2 = market[T2_CORE].count(0) + (not market[MILK]) > SEED_T2_SPARE
        shown3 = sum(market[T3_SPAN]) - market[MILK]
    else:
        short2 = market[T2_CORE].count(0) > PUBLISHED_T2_SPARE
        shown3 = sum(market[T3_SPAN])
    gap = 0
    if short2:
        of2, zeros2, goods2 = TIER_ROWS[milk_tier][0]
        if of2(deck) != zeros2:
            gap = 1
        elif reshuffle and of2(discard) != zeros2:
            deck, discard = _taken_back(deck, discard, goods2)
            gap = 1
    if shown3 < TIER3_SHOWN[n]:
        of3, zeros3, goods3 = TIER_ROWS[milk_tier][1]
        if of3(deck) != zeros3:
            gap = gap or 2
        elif reshuffle and of3(discard) != zeros3:
            deck, discard = _taken_back(deck, discard, goods3)
            gap = gap or 2
    if gap:
        return gap, deck, discard
    # The building rows change seldom: their answer is kept for the same row objects.
    cached = _LAST_ROWS[0]
    if cached[0] is shown and cached[1] is bdeck and cached[2] == n:
        return cached[3], deck, discard
    gap = _building_gap(n, shown, bdeck)
    _LAST_ROWS[0] = (shown, bdeck, n, gap)
    return gap, deck, discard


def _taken_back(
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    goods: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Choice (option reshuffle_discard): a row short of cards whose deck is empty takes
    back the discarded ``goods`` of its tier as its deck (a deck is a count: nothing to
    order)."""
    new_deck, new_discard = list(deck), list(discard)
    for k in goods:
        new_deck[k] += discard[k]
        new_discard[k] = 0
    return tuple(new_deck), tuple(new_discard)


def _building_gap(n: int, shown: tuple[int, ...], bdeck: tuple[int, ...]) -> int:
    """3 if the small building row needs a card, 4 the large one, else 0 (LF-06)."""
    _, small, large = SHOWN[n]
    shown_small = sum(map(_small_of, shown))
    want_small = shown_small < small
    want_large = len(shown) - shown_small < large
    if want_small or want_large:
        deck_small = sum(map(_small_of, bdeck))
        if want_small and deck_small:
            return 3
        if want_large and len(bdeck) > deck_small:
            return 4
    return 0


# One-entry cache of `_building_gap` (a tuple stored at once, so threads cannot mix it up;
# holding the rows keeps their ids from being reused).
_LAST_ROWS: list[tuple[Any, Any, int, int]] = [(None, None, 0, 0)]


def _gap(s: State) -> int:
    """Which row needs a card now (see `_refill`); the discard is not taken back here."""
    cached = _LAST_GAP[0]
    if cached[0] is s:
        return cached[1]
    return _refill(
        s.num_players,
        False,
        s.options.milk_tier,
        s.market,
        s.deck,
        s.discard,
        s.buildings_shown,
        s.building_deck,
    )[0]


# One-entry cache: the gap `_settled` found for the chance node it made, read back by the
# `chance` hook the core calls next (a tuple stored at once, so threads cannot mix it up;
# holding the state keeps its id from being reused).
_LAST_GAP: list[tuple[Any, int]] = [(None, 0)]


def _settled(
    s: State,
    changes: dict[str, Any],
    market: tuple[int, ...] | None = None,
    deck: tuple[int, ...] | None = None,
    discard: tuple[int, ...] | None = None,
    shown: tuple[int, ...] | None = None,
    bdeck: tuple[int, ...] | None = None,
) -> State:
    """The state with ``changes`` (whose market rows are also passed when changed) after a
    card left the market: the rows short of cards are refilled (LF-06, one chance event
    per card) before the seat goes on."""
    deck = s.deck if deck is None else deck
    discard = s.discard if discard is None else discard
    options = s.options
    gap, deck2, discard2 = _refill(
        s.num_players,
        options.reshuffle_discard,
        options.milk_tier,
        s.market if market is None else market,
        deck,
        discard,
        s.buildings_shown if shown is None else shown,
        s.building_deck if bdeck is None else bdeck,
    )
    if deck2 is not deck:
        changes["deck"] = deck2
        changes["discard"] = discard2
    if gap:
        changes["to_move"] = CHANCE
        new = replace(s, **changes)
        _LAST_GAP[0] = (new, gap)
        return new
    changes["to_move"] = s.turn
    return replace(s, **changes)


def _chance(s: State) -> tuple[tuple[Action, int], ...]:
    gap = _gap(s)
    if gap == 1 or gap == 2:
        deck = s.deck
        goods = TIER_GOODS[s.options.milk_tier][gap - 1]
        return tuple([(DRAW_GOOD[k], deck[k]) for k in goods if deck[k]])
    small = 1 if gap == 3 else 0
    return tuple([DRAW_BUILDING_WEIGHT[b] for b in s.building_deck if SMALLNESS[b] == small])


def _apply_chance(s: State, outcome: Action, rng: int) -> State:
    cls = type(outcome)
    if cls is DrawGood and isinstance(outcome, DrawGood):
        k = outcome.good
        market, deck = s.market, s.deck
        market = market[:k] + (market[k] + 1,) + market[k + 1 :]
        deck = deck[:k] + (deck[k] - 1,) + deck[k + 1 :]
        return _settled(s, {"rng": rng, "market": market, "deck": deck}, market, deck)
    if cls is DrawBuilding and isinstance(outcome, DrawBuilding):
        b = outcome.building
        shown = tuple(sorted((*s.buildings_shown, b)))
        bdeck = tuple([x for x in s.building_deck if x != b])
        return _settled(
            s,
            {"rng": rng, "buildings_shown": shown, "building_deck": bdeck},
            shown=shown,
            bdeck=bdeck,
        )
    return replace(s, rng=rng)


# --- legal actions ----------------------------------------------------------------------


def _can_buy(budget: int, market: tuple[int, ...], shown: tuple[int, ...]) -> bool:
    """Whether a trade good or building of the market costs at most ``budget``."""
    for k in TRADE_GOODS:
        if market[k] and VALUE[k] <= budget:
            return True
    return any(COST[b] <= budget for b in shown)


def _main_actions(s: State, hand: tuple[int, ...], market: tuple[int, ...]) -> list[Action]:
    """LF-03/LF-04/LF-05/LF-08: the turn's production or trade, if not done yet."""
    acts: list[Action] = list(compress(PRODUCE_BASIC, market))  # the basic goods shown
    basic_shown = bool(acts)
    held = any(hand)
    if held:
        for k1, c1, row in PRODUCE_ROWS:
            if hand[k1] >= c1:
                g, a, k2, c2, more = row
                if market[g] and hand[k2] >= c2 and (not more or _has(hand, more)):
                    acts.append(a)
        for b in s.buildings_shown:
            k1, c1, row = BUILD_ROWS[b]
            if hand[k1] >= c1:
                a, k2, c2, more = row
                if hand[k2] >= c2 and (not more or _has(hand, more)):
                    acts.append(a)
    # LF-05: a trade needs something in the market that the seat can pay for; every card
    # and coin is worth at least a basic good.
    coins = s.coins[s.turn]
    if basic_shown:
        if held or coins > 0:
            acts.append(START_TRADE)
    elif _can_buy(hand_value(hand) + coins, market, s.buildings_shown):
        acts.append(START_TRADE)
    return acts


def _building_actions(
    hand: tuple[int, ...], market: tuple[int, ...], built: tuple[int, ...]
) -> list[Action]:
    """LF-08, LF-11: one automated production a turn, with its goods in hand and its
    product shown in the market."""
    acts: list[Action] = []
    for b in built:
        for k1, c1, row in EFFECT_ROWS[b]:
            if hand[k1] >= c1:
                gain, a, k2, c2, more = row
                if (
                    hand[k2] >= c2
                    and (gain is None or market[gain])
                    and (not more or _has(hand, more))
                ):
                    acts.append(a)
    return acts


def _legal(s: State) -> tuple[Action, ...]:
    phase = s.phase
    seat = s.turn
    if phase == "main":
        built = s.built[seat]
        if s.acted:
            # LF-03: the turn ends once produced or traded.
            if s.used_building or not built:
                return ONLY_END_TURN
            acts: list[Action] = _building_actions(s.hands[seat], s.market, built)
            acts.append(END_TURN)
            return tuple(acts)
        hand, market = s.hands[seat], s.market
        acts = _main_actions(s, hand, market)
        can_main = bool(acts)
        if built and not s.used_building:
            acts += _building_actions(hand, market, built)
        # LF-03: ... or when neither production nor trade is possible.
        if not can_main:
            acts.append(END_TURN)
        return tuple(acts)
    if phase == "pay":
        trade = s.trade
        if trade is None:
            return ()
        hand, paid = s.hands[seat], trade.paid
        acts = [PAY_GOOD[k] for k in compress(GOOD_NUMBERS, hand) if hand[k] > paid[k]]
        if s.coins[seat] > trade.paid_coins:
            acts.append(PAY_COIN)
        return tuple(acts)
    if phase == "take":
        trade = s.trade
        if trade is None:
            return ()
        budget = hand_value(s.hands[seat]) + s.coins[seat] - trade.price
        # The goods left in the market that the budget covers.
        market, taken = s.market, trade.taken
        if budget >= MAX_VALUE:
            acts = list(compress(TAKE_GOOD, map(gt, market, taken)))
        else:
            acts = [TAKE_GOOD[k] for k in AFFORDABLE[max(budget, 0)] if market[k] > taken[k]]
        for b in s.buildings_shown:
            if COST[b] <= budget and b not in trade.taken_buildings:
                acts.append(TAKE_BUILDING[b])
        if trade.price:
            acts.append(STOP_TAKING)
        return tuple(acts)
    if phase == "exchange":
        acts = list(compress(BUY_BASIC, s.market)) if s.coins[seat] else []
        acts.append(END_EXCHANGE)
        return tuple(acts)
    if phase == "discard":
        return tuple(compress(DISCARD, s.hands[seat]))
    return ()


# --- applying an action -----------------------------------------------------------------


def _spend(
    hand: tuple[int, ...],
    market: tuple[int, ...],
    discard: tuple[int, ...],
    goods: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """LF-06: spent goods leave the hand; basic goods return to the bottom row, the
    others go to the discard pile."""
    for k in goods:
        hand = hand[:k] + (hand[k] - 1,) + hand[k + 1 :]
        if IS_BASIC[k]:
            market = market[:k] + (market[k] + 1,) + market[k + 1 :]
        else:
            discard = discard[:k] + (discard[k] + 1,) + discard[k + 1 :]
    return hand, market, discard


def _scored(
    s: State,
    changes: dict[str, Any],
    market: tuple[int, ...],
    discard: tuple[int, ...],
    shown: tuple[int, ...],
) -> State:
    """The state with ``changes`` after the seat scored: LF-01: 10 points wins at once;
    LF-09: the game also ends when the tokens run out; else the market is refilled."""
    seat = s.turn
    built = changes.get("built", s.built)[seat]
    tokens = changes.get("tokens", s.tokens)[seat]
    if sum(map(VP.__getitem__, built)) + tokens >= s.options.target_points:
        changes.update(to_move=TERMINAL, end="points", trade=None)
        return replace(s, **changes)
    if changes.get("token_supply", s.token_supply) == 0:
        changes.update(to_move=TERMINAL, end="tokens", trade=None)
        return replace(s, **changes)
    return _settled(s, changes, market, None, discard, shown)


def _next_turn(s: State, changes: dict[str, Any]) -> State:
    # LF-10: play passes to the next seat; a round ends after the last seat.
    seat = (s.turn + 1) % s.num_players
    rnd = s.round + 1 if seat == 0 else s.round
    if rnd > s.options.max_rounds:
        # LF-13: the designed end so that every game finishes.
        changes.update(to_move=TERMINAL, end="rounds")
        return replace(s, **changes)
    phase = "main"
    if rnd == 1:
        phase = _start_phase(
            s.options, changes.get("coins", s.coins), changes.get("market", s.market), seat, rnd
        )
    # LF-06 / choice (reshuffle_discard): the new turn starts with the rows refilled, since
    # a discard (hand limit, a recipe) may have given an empty deck its cards back.
    deck, options = s.deck, s.options
    gap, deck2, discard2 = _refill(
        s.num_players,
        options.reshuffle_discard,
        options.milk_tier,
        changes.get("market", s.market),
        deck,
        changes.get("discard", s.discard),
        s.buildings_shown,
        s.building_deck,
    )
    if deck2 is not deck:
        changes["deck"] = deck2
        changes["discard"] = discard2
    new = replace(
        s,
        to_move=CHANCE if gap else seat,
        turn=seat,
        round=rnd,
        phase=phase,
        acted=False,
        used_building=False,
        **changes,
    )
    if gap:
        _LAST_GAP[0] = (new, gap)
    return new


def _blocked(s: State) -> bool:
    """LF-13: whether no seat could do anything on its turn but end it: nothing to produce,
    trade, build or run. Ending a turn then changes nothing (every hand is within the
    limit), so the table would stay the same until the last round: the game ends, with
    the winners it would have then (most points, then most trade value)."""
    if any(s.market[:NB]):
        return False
    for seat in range(s.num_players):
        hand = s.hands[seat]
        if _building_actions(hand, s.market, s.built[seat]):
            return False
        if _main_actions(replace(s, turn=seat), hand, s.market):
            return False
    return True


def _produce_basic(s: State, a: ProduceBasic) -> State:
    # LF-04: one basic good from the bottom row.
    seat, k = s.turn, a.good
    hand, market = s.hands[seat], s.market
    return replace(
        s,
        hands=_set(s.hands, seat, hand[:k] + (hand[k] + 1,) + hand[k + 1 :]),
        market=market[:k] + (market[k] - 1,) + market[k + 1 :],
        acted=True,
    )


def _produce(s: State, a: Produce) -> State:
    # LF-04, LF-07: spend the recipe (shown goods stay in hand), take the good.
    seat, k = s.turn, a.good
    h, m, d = _spend(s.hands[seat], s.market, s.discard, PRODUCE_RECIPE[k][a.alt])
    h = _set(h, k, h[k] + 1)
    m = _set(m, k, m[k] - 1)
    changes: dict[str, Any] = {
        "hands": _set(s.hands, seat, h),
        "market": m,
        "discard": d,
        "acted": True,
    }
    return _settled(s, changes, m, None, d)


def _build(s: State, a: Build) -> State:
    # LF-08: a building produced from its build recipe.
    seat, b = s.turn, a.building
    h, m, d = _spend(s.hands[seat], s.market, s.discard, BUILDINGS[b].build)
    shown = tuple([x for x in s.buildings_shown if x != b])
    changes: dict[str, Any] = {
        "hands": _set(s.hands, seat, h),
        "market": m,
        "discard": d,
        "built": _set(s.built, seat, tuple(sorted((*s.built[seat], b)))),
        "buildings_shown": shown,
        "acted": True,
    }
    return _scored(s, changes, m, d, shown)


def _use_building(s: State, a: UseBuilding) -> State:
    seat = s.turn
    spent, gain, pts = EFFECTS[a.building][a.alt]
    changes: dict[str, Any]
    h, m, d = _spend(s.hands[seat], s.market, s.discard, spent)
    if gain is not None:
        # LF-11: the product comes from the market.
        h = _set(h, gain, h[gain] + 1)
        m = _set(m, gain, m[gain] - 1)
        hands = _set(s.hands, seat, h)
        changes = {"hands": hands, "market": m, "discard": d, "used_building": True}
        return _settled(s, changes, m, None, d)
    got = min(pts, s.token_supply)
    changes = {
        "hands": _set(s.hands, seat, h),
        "market": m,
        "discard": d,
        "used_building": True,
        "tokens": _set(s.tokens, seat, s.tokens[seat] + got),
        "token_supply": s.token_supply - got,
    }
    return _scored(s, changes, m, d, s.buildings_shown)


def _start_trade(s: State, a: StartTrade) -> State:
    return replace(s, phase="take", trade=NO_TRADE)


def _end_turn(s: State, a: EndTurn) -> State:
    # LF-03 / choice: above the hand limit, discard down to it at the end of the turn.
    if sum(s.hands[s.turn]) > s.options.hand_limit:
        return replace(s, phase="discard")
    if not s.acted and _blocked(s):
        # LF-13: the seat had nothing to do (`EndTurn` is legal before acting only then),
        # and no other seat has either: ending turns would change nothing until the last
        # round, so the game ends now.
        return replace(s, to_move=TERMINAL, end="blocked")
    return _next_turn(s, {})


def _discard(s: State, a: Discard) -> State:
    seat = s.turn
    h, m, d = _spend(s.hands[seat], s.market, s.discard, (a.good,))
    changes: dict[str, Any] = {"hands": _set(s.hands, seat, h), "market": m, "discard": d}
    if sum(h) > s.options.hand_limit:
        return replace(s, **changes)
    return _next_turn(s, changes)


def _buy_basic(s: State, a: BuyBasic) -> State:
    # LF-02: one coin for one basic good, while they last.
    seat, k = s.turn, a.good
    hand = s.hands[seat]
    coins = _set(s.coins, seat, s.coins[seat] - 1)
    market = _set(s.market, k, s.market[k] - 1)
    phase = "exchange" if coins[seat] and any(market[j] for j in BASIC) else "main"
    return replace(
        s,
        coins=coins,
        market=market,
        hands=_set(s.hands, seat, _set(hand, k, hand[k] + 1)),
        phase=phase,
    )


def _end_exchange(s: State, a: EndExchange) -> State:
    return replace(s, phase="main")


def _take_good(s: State, a: TakeGood) -> State:
    trade = s.trade
    if trade is None:
        return s
    k = a.good
    trade = Trade(
        _set(trade.taken, k, trade.taken[k] + 1),
        trade.taken_buildings,
        trade.price + VALUE[k],
        trade.paid,
        trade.paid_coins,
        trade.paid_value,
    )
    return replace(s, trade=trade)


def _take_building(s: State, a: TakeBuilding) -> State:
    trade = s.trade
    if trade is None:
        return s
    b = a.building
    trade = Trade(
        trade.taken,
        (*trade.taken_buildings, b),
        trade.price + COST[b],
        trade.paid,
        trade.paid_coins,
        trade.paid_value,
    )
    return replace(s, trade=trade)


def _stop_taking(s: State, a: StopTaking) -> State:
    return replace(s, phase="pay")


def _pay_good(s: State, a: PayGood) -> State:
    trade = s.trade
    if trade is None:
        return s
    k = a.good
    paid = trade.paid
    trade = Trade(
        trade.taken,
        trade.taken_buildings,
        trade.price,
        paid[:k] + (paid[k] + 1,) + paid[k + 1 :],
        trade.paid_coins,
        trade.paid_value + VALUE[k],
    )
    # LF-05: paying stops once the price is covered; the last card may overpay (no change).
    if trade.paid_value < trade.price:
        return replace(s, trade=trade)
    return _complete_trade(s, trade)


def _pay_coin(s: State, a: PayCoin) -> State:
    trade = s.trade
    if trade is None:
        return s
    trade = Trade(
        trade.taken,
        trade.taken_buildings,
        trade.price,
        trade.paid,
        trade.paid_coins + 1,
        trade.paid_value + 1,
    )
    if trade.paid_value < trade.price:  # LF-05, as for a good
        return replace(s, trade=trade)
    return _complete_trade(s, trade)


def _complete_trade(s: State, trade: Trade) -> State:
    seat = s.turn
    paid, taken = trade.paid, trade.taken
    # LF-06: paid basic goods go back to the bottom row, the others to the discard pile;
    # the goods taken move from the market to the hand.
    hl, ml, dl = list(s.hands[seat]), list(s.market), list(s.discard)
    for k in compress(GOOD_NUMBERS, paid):
        n = paid[k]
        hl[k] -= n
        if IS_BASIC[k]:
            ml[k] += n
        else:
            dl[k] += n
    for k in compress(GOOD_NUMBERS, taken):
        n = taken[k]
        hl[k] += n
        ml[k] -= n
    m, d = tuple(ml), tuple(dl)
    changes: dict[str, Any] = {
        "phase": "main",
        "trade": None,
        "acted": True,
        "coins": _set(s.coins, seat, s.coins[seat] - trade.paid_coins),
        "hands": _set(s.hands, seat, tuple(hl)),
        "market": m,
        "discard": d,
    }
    if not trade.taken_buildings:
        return _settled(s, changes, m, None, d)
    # LF-08: a building taken by trade scores like a built one.
    taken_b = trade.taken_buildings
    shown = tuple([b for b in s.buildings_shown if b not in taken_b])
    changes["built"] = _set(s.built, seat, tuple(sorted(s.built[seat] + taken_b)))
    changes["buildings_shown"] = shown
    return _scored(s, changes, m, d, shown)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ProduceBasic: _produce_basic,
    Produce: _produce,
    Build: _build,
    UseBuilding: _use_building,
    StartTrade: _start_trade,
    TakeGood: _take_good,
    TakeBuilding: _take_building,
    StopTaking: _stop_taking,
    PayGood: _pay_good,
    PayCoin: _pay_coin,
    EndTurn: _end_turn,
    Discard: _discard,
    BuyBasic: _buy_basic,
    EndExchange: _end_exchange,
}


def _apply(s: State, a: Action) -> State:
    # The core calls this hook only with an action of legal_actions(s).
    return _APPLY[type(a)](s, a)


# --- reading a state --------------------------------------------------------------------


def _scores(s: State) -> tuple[float, ...]:
    return tuple(float(points(s, seat)) for seat in range(s.num_players))


def _winners(s: State) -> tuple[int, ...]:
    if s.end == "points":
        return (s.turn,)
    keys = [ranking_key(s, seat) for seat in range(s.num_players)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def _observe(s: State, seat: int | None) -> Observation:
    tier2, tier3 = TIER_GOODS[s.options.milk_tier]
    t3 = sum(s.deck[k] for k in tier3)
    t2 = sum(s.deck[k] for k in tier2)
    small = sum(map(SMALLNESS.__getitem__, s.building_deck))
    return Observation(
        seat=seat,
        num_players=s.num_players,
        options=s.options,
        to_move=s.to_move,
        turn=s.turn,
        round=s.round,
        max_rounds=s.options.max_rounds,
        phase=s.phase,
        coins=s.coins,
        hand=None if seat is None else s.hands[seat],
        hand_sizes=tuple(sum(h) for h in s.hands),
        built=s.built,
        tokens=s.tokens,
        token_supply=s.token_supply,
        points=tuple(points(s, i) for i in range(s.num_players)),
        market=s.market,
        buildings_shown=s.buildings_shown,
        deck_sizes=(t2, t3, small, len(s.building_deck) - small),
        discard=s.discard,
        acted=s.acted,
        used_building=s.used_building,
        trade=s.trade,
        hand_limit=s.options.hand_limit,
        target_points=s.options.target_points,
        end=s.end,
        winners=_winners(s) if s.end else (),
    )


def _hidden_variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``s``: another seat's card swapped with a deck
    card of the same tier, and cards swapped between two other seats' hands; once the
    game is over, only those with the same winners (the observation names them)."""
    others = [i for i in range(s.num_players) if i != seat]
    out: list[State] = []
    trade = s.trade
    for i in others:
        hand = s.hands[i]
        # Cards already put down to pay are public: only the rest may change.
        free = (
            hand
            if trade is None or i != s.turn
            else tuple(x - y for x, y in zip(hand, trade.paid, strict=True))
        )
        for tier in TIER_GOODS[s.options.milk_tier]:  # a swap keeps the deck sizes by tier
            mine = [k for k in tier if free[k]]
            deck = [k for k in tier if s.deck[k]]
            pairs = [(x, y) for x in mine for y in deck if x != y]
            if pairs:
                x, y = pairs[rng.randrange(len(pairs))]
                h = _set(_set(hand, x, hand[x] - 1), y, hand[y] + 1)
                d = _set(_set(s.deck, x, s.deck[x] + 1), y, s.deck[y] - 1)
                out.append(replace(s, hands=_set(s.hands, i, h), deck=d))
    for i in others:
        for j in others:
            if i >= j:
                continue
            if trade is not None and s.turn in (i, j):
                continue
            hi, hj = s.hands[i], s.hands[j]
            pairs = [
                (x, y)
                for x in range(NUM_GOODS)
                for y in range(NUM_GOODS)
                if hi[x] and hj[y] and x != y
            ]
            if pairs:
                x, y = pairs[rng.randrange(len(pairs))]
                hi2 = _set(_set(hi, x, hi[x] - 1), y, hi[y] + 1)
                hj2 = _set(_set(hj, y, hj[y] - 1), x, hj[x] + 1)
                out.append(replace(s, hands=_set(_set(s.hands, i, hi2), j, hj2)))
    if s.end:
        # Once the game is over the winners are known, and with them what a tie on points
        # said of the hands' trade value (Choices « Ties »): keep the variants that agree.
        won = _winners(s)
        return tuple(v for v in out if _winners(v) == won)
    return tuple(out)


# --- messages and checks ----------------------------------------------------------------


def _explain(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is refused now, in French (``"fr"``) or English: the core calls it once
    per language, and only when `step` refuses (``str(error)`` is the English)."""
    from boardgames_fr.little_factory.render import good_name

    if s.to_move == CHANCE:
        return _explain_draw(s, a, lang)
    fr = lang == "fr"
    # A reason names the player as the pictures and the CLI do: seat 0 is « Joueur 1 ».
    who = player_name(s.turn, lang)
    phase = s.phase
    if isinstance(a, (DrawGood, DrawBuilding)):
        return "aucune carte n'est piochée en ce moment" if fr else "no card is being drawn now"
    if isinstance(a, (BuyBasic, EndExchange)):
        if phase != "exchange":
            return (
                "les pièces ne s'échangent contre des biens de base qu'au premier tour, "
                "avant de produire ou d'échanger"
                if fr
                else "coins are exchanged for basic goods only before a first-round turn"
            )
        if isinstance(a, BuyBasic):
            if a.good not in BASIC:
                return (
                    "seuls les biens de base s'achètent avec des pièces"
                    if fr
                    else "only basic goods can be bought with coins"
                )
            if not s.market[a.good]:
                return _none_left(good_name(a.good, lang), fr)
        return ""
    if isinstance(a, (TakeGood, TakeBuilding, StopTaking)):
        if phase == "pay":
            return (
                "les biens de cet échange sont choisis : il faut maintenant les payer"
                if fr
                else "the goods of this trade are chosen: now pay for them"
            )
        if phase != "take" or s.trade is None:
            return (
                "aucun échange n'est en cours : il faut d'abord commencer un échange"
                if fr
                else "nothing is being traded: start a trade first"
            )
        return _explain_take(s, s.trade, a, lang)
    if isinstance(a, (PayGood, Discard)) and not _is_good(a.good):
        return _no_such("good", a.good, 0, NUM_GOODS - 1, lang)
    if isinstance(a, (PayGood, PayCoin)):
        if phase != "pay":
            return "il n'y a rien à payer maintenant" if fr else "there is nothing to pay now"
        if isinstance(a, PayCoin):
            return (
                f"{who} n'a plus de pièce pour payer"
                if fr
                else f"{who} has no coin left to pay with"
            )
        name = good_name(a.good, lang)
        return (
            f"{who} n'a plus {de(name)} pour payer"
            if fr
            else f"{who} has no {name} left to pay with"
        )
    if isinstance(a, Discard):
        if phase != "discard":
            return (
                f"{who} ne dépasse pas la limite de main en fin de tour"
                if fr
                else f"{who} is not above the hand limit at the end of the turn"
            )
        name = good_name(a.good, lang)
        return f"{who} n'a pas {de(name)} à défausser" if fr else f"{who} has no {name} to discard"
    if phase == "discard":
        limit = count(
            s.options.hand_limit, *(("carte", "cartes") if fr else ("card", "cards")), lang
        )
        return (
            f"{who} doit d'abord défausser jusqu'à {limit}"
            if fr
            else f"{who} must first discard down to {limit}"
        )
    if phase in ("take", "pay"):
        return "il faut d'abord finir l'échange" if fr else "finish the trade first"
    if phase == "exchange":
        return (
            "il faut d'abord finir l'échange de pièces du premier tour"
            if fr
            else "finish the first-round coin exchange first"
        )
    if isinstance(a, (ProduceBasic, Produce, Build, StartTrade)) and s.acted:
        return (
            f"{who} a déjà produit ou échangé ce tour-ci"
            if fr
            else f"{who} has already produced or traded this turn"
        )
    if isinstance(a, UseBuilding):
        if s.used_building:
            return (
                f"{who} a déjà utilisé un bâtiment ce tour-ci"
                if fr
                else f"{who} has already used a building this turn"
            )
        if a.building not in s.built[s.turn]:
            return f"{who} n'a pas ce bâtiment" if fr else f"{who} has no such building"
        return _explain_use(s, a, lang)
    if isinstance(a, EndTurn):
        return (
            f"{who} doit d'abord produire ou échanger"
            if fr
            else f"{who} must produce or trade first"
        )
    if isinstance(a, (Produce, ProduceBasic)):
        return _explain_produce(s, a, who, lang)
    if isinstance(a, Build):
        if a.building not in s.buildings_shown:
            return _not_shown(fr)
        return (
            f"{who} n'a pas les biens qui produisent ce bâtiment"
            if fr
            else f"{who} lacks the goods of its build recipe"
        )
    if isinstance(a, StartTrade):
        return (
            f"{who} ne peut rien payer de ce qu'offre le marché"
            if fr
            else f"{who} cannot pay for anything in the market"
        )
    return ""


def _explain_produce(s: State, a: Produce | ProduceBasic, who: str, lang: str) -> str:
    """Why a good cannot be produced now (LF-04, LF-07), the turn's action still free."""
    from boardgames_fr.little_factory.render import good_name

    fr = lang == "fr"
    k = a.good
    if not _is_good(k):
        return _no_such("good", k, 0, NUM_GOODS - 1, lang)
    name = good_name(k, lang)
    the = _le(k, name) if fr else name  # « la brique », « l'argile » open a French sentence
    if isinstance(a, ProduceBasic):
        if not IS_BASIC[k]:
            return (
                f"{the} n'est pas un bien de base : il faut passer par sa recette"
                if fr
                else f"{name} is not a basic good: produce it with its recipe"
            )
        return _none_left(name, fr)
    if IS_BASIC[k]:
        return (
            f"{the} est un bien de base, à prendre dans la rangée du bas, sans recette"
            if fr
            else f"{name} is a basic good: it is taken from the bottom row, with no recipe"
        )
    if not 0 <= a.alt < len(GOODS[k].recipe):
        return (
            f"{the} n'a pas de recette numéro {a.alt}"
            if fr
            else f"{name} has no recipe number {a.alt}"
        )
    if not s.market[k]:
        if s.discard[k]:
            return (
                f"{the} n'est que dans la défausse : un bien défaussé ne peut pas être produit"
                if fr
                else f"{name} is only in the discard pile: a discarded good cannot be produced"
            )
        return _not_in_market(name, fr)
    return (
        f"{who} n'a pas les biens de cette recette"
        if fr
        else f"{who} lacks the goods of that recipe"
    )


def _explain_use(s: State, a: UseBuilding, lang: str) -> str:
    """Why a building of the seat cannot run now (LF-08, LF-11), naming what is missing."""
    from boardgames_fr.little_factory.render import building_name, good_name

    fr = lang == "fr"
    card = BUILDINGS[a.building]
    name = building_name(a.building, lang)
    # French names a building as its menus do (« le bâtiment moulin »): no gender to guess.
    the = f"le bâtiment {name}" if fr else f"the {name}"
    if not card.effect:
        return (
            f"{the} n'a pas de production automatisée"
            if fr
            else f"{the} has no automated production"
        )
    if not (isinstance(a.alt, int) and 0 <= a.alt < len(card.effect)):
        return (
            f"{the} n'a pas de production automatisée numéro {a.alt}"
            if fr
            else f"{the} has no automated production number {a.alt}"
        )
    alt = card.effect[a.alt]
    hand = s.hands[s.turn]
    missing = " + ".join(f"{c} {good_name(k, lang)}" for k, c in alt.needs() if hand[k] < c)
    if missing:
        return f"{the} demande {missing} en main" if fr else f"{the} needs {missing} in hand"
    product = good_name(alt.gain or 0, lang)
    return (
        f"le produit du bâtiment {name} ({product}) n'est pas au marché"
        if fr
        else f"{the}'s product, {product}, is not in the market"
    )


def _explain_draw(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is not the card drawn to refill the market now, for a table typing in
    its draws ("" for a card that can be drawn). The goods deck is face down and the
    hands hold its other cards: a good is only said not to be drawable, never what is
    left (`_secret_chance`)."""
    from boardgames_fr.little_factory.render import building_name, good_name

    fr = lang == "fr"
    refilled = "on regarnit le marché" if fr else "the market is being refilled"
    gap = _gap(s)
    if gap == 1 or gap == 2:
        tier = 2 if gap == 1 else 3
        now = (
            f"une carte de bien de niveau {tier} est piochée maintenant pour le marché"
            if fr
            else f"a tier-{tier} good card is drawn for the market now"
        )
        if not isinstance(a, DrawGood):
            return f"{refilled} : {now}" if fr else f"{refilled}: {now}"
        if not _is_good(a.good):
            return _no_such("good", a.good, 0, NUM_GOODS - 1, lang)
        name = good_name(a.good, lang)
        if a.good not in TIER_GOODS[s.options.milk_tier][gap - 1]:
            return (
                f"{_le(a.good, name)} n'est pas un bien de niveau {tier} : {now}"
                if fr
                else f"{name} is not a tier-{tier} good: {now}"
            )
        if s.deck[a.good]:
            return ""
        return (
            f"aucune carte {name} ne peut être piochée maintenant"
            if fr
            else f"no {name} card can be drawn now"
        )
    small = gap == 3
    if fr:
        size = "petit" if small else "grand"
        cost = f"coût {'≤' if small else '>'} {LAYOUT.small_max_cost}"
        now = f"un {size} bâtiment ({cost}) est pioché maintenant pour le marché"
    else:
        size = "small" if small else "large"
        now = f"a {size} building is drawn for the market now"
    if not isinstance(a, DrawBuilding):
        return f"{refilled} : {now}" if fr else f"{refilled}: {now}"
    if a.building not in BUILDINGS:
        return _no_such("building", a.building, min(BUILDING_IDS), max(BUILDING_IDS), lang)
    name = building_name(a.building, lang)
    if SMALLNESS[a.building] != small:
        return (
            f"le bâtiment {name} n'est pas un {size} bâtiment : {now}"
            if fr
            else f"{name} is not a {size} building: {now}"
        )
    if a.building in s.building_deck:
        return ""
    return (
        f"le bâtiment {name} n'est pas dans la pioche des bâtiments"
        if fr
        else f"{name} is not in the building deck"
    )


def _secret_chance(s: State) -> bool:
    """A good card drawn for the market comes from the face-down deck whose other cards
    are in the hands: which goods it can give tells what the hands hold (the buildings
    are all public)."""
    return _gap(s) in (1, 2)


def _draw_pool(s: State) -> tuple[DrawGood, ...]:
    """What a secret draw can give in any game (`Game.table_outcomes`): the goods of the
    tier whose row has the gap (LF-06), milk's tier being an option (Choices « Lait »);
    read from the market every player sees, never from the deck."""
    return tuple(DRAW_GOOD[k] for k in TIER_GOODS[s.options.milk_tier][_gap(s) - 1])


# --- the words of the reasons, French beside English -------------------------------------

# The goods whose French name is feminine (« la brique »), by key: the article a sentence
# opening on a good needs (data.py has no gender; a key that is no good fails at import).
_FEMININE = frozenset(
    {
        "clay",  # argile
        "stone",  # pierre
        "brick",  # brique
        "cut_stone",  # brique de pierre
        "flour",  # farine
        "cattle",  # vache
        "timber",  # planche
        "fishing_rod",  # canne à pêche
        "iron",  # poutre
        "meat",  # viande
    }
)
_UNKNOWN = _FEMININE.difference(g.key for g in GOODS)
if _UNKNOWN:
    raise ValueError(f"rules._FEMININE: unknown goods {sorted(_UNKNOWN)}")


def _le(k: int, name: str) -> str:
    """A good's French name with its article: « la brique », « le bois », « l'argile »."""
    if elides(name):
        return f"l'{name}"
    return f"{'la' if GOODS[k].key in _FEMININE else 'le'} {name}"


def _none_left(name: str, fr: bool) -> str:
    """No ``name`` in the bottom row (LF-02, LF-04)."""
    if fr:
        return f"il ne reste plus {de(name)} dans la rangée du bas"
    return f"no {name} is left in the bottom row"


def _not_in_market(name: str, fr: bool) -> str:
    return f"il n'y a pas {de(name)} au marché" if fr else f"no {name} is in the market"


def _not_shown(fr: bool) -> str:
    return "ce bâtiment n'est pas au marché" if fr else "that building is not in the market"


# What a number names, in French and English (`_no_such`).
_KINDS = {"good": "bien", "building": "bâtiment"}


def _no_such(what: str, x: int, lo: int, hi: int, lang: str) -> str:
    """Why ``x`` is no ``what`` (``"good"`` or ``"building"``, numbered from ``lo`` to
    ``hi``); a field of the wrong type never gets here (the core names it first,
    `_wrong_field`)."""
    if lang == "fr":
        return f"aucun {_KINDS[what]} n'a le numéro {x} (les numéros vont de {lo} à {hi})"
    return f"there is no {what} number {x} (numbers go from {lo} to {hi})"


def _is_good(k: object) -> bool:
    return isinstance(k, int) and not isinstance(k, bool) and 0 <= k < NUM_GOODS


def _explain_take(s: State, trade: Trade, a: Any, lang: str) -> str:
    """Why a card cannot be taken (or taking cannot stop) in a trade (LF-05)."""
    from boardgames_fr.little_factory.render import good_name

    fr = lang == "fr"
    if isinstance(a, StopTaking):
        return (
            "il faut prendre au moins un bien ou un bâtiment avant de payer"
            if fr
            else "take at least one good or building before paying"
        )
    if isinstance(a, TakeGood):
        k = a.good
        if not _is_good(k):
            return _no_such("good", k, 0, NUM_GOODS - 1, lang)
        name = good_name(k, lang)
        if not s.market[k]:
            return _not_in_market(name, fr)
        if trade.taken[k] >= s.market[k]:
            return (
                f"toutes les cartes {name} du marché sont déjà prises"
                if fr
                else f"every {name} shown in the market is already taken"
            )
    else:
        b = a.building
        if b not in BUILDINGS:
            return _no_such("building", b, min(BUILDINGS), max(BUILDINGS), lang)
        if b not in s.buildings_shown:
            return _not_shown(fr)
        if b in trade.taken_buildings:
            return (
                "ce bâtiment est déjà pris dans cet échange"
                if fr
                else "that building is already taken in this trade"
            )
    return (
        "ce serait plus cher que ce que vos biens et vos pièces peuvent payer"
        if fr
        else "that would cost more than the goods and coins you can pay with"
    )


def _validate(s: State) -> None:
    n = s.num_players
    if s.phase not in PHASES:
        raise InvalidStateError("state.phase", f"{s.phase!r} is not one of {PHASES}")
    if s.end not in ("", *ENDS):
        raise InvalidStateError("state.end", f"unknown end {s.end!r}")
    if not 0 <= s.turn < n:
        raise InvalidStateError("state.turn", f"{s.turn} is not a seat")
    if not 1 <= s.round <= s.options.max_rounds:
        raise InvalidStateError("state.round", f"{s.round} is out of range")
    for name in ("coins", "hands", "built", "tokens"):
        if len(getattr(s, name)) != n:
            raise InvalidStateError(f"state.{name}", f"expected {n} entries")
    for name in ("market", "deck", "discard"):
        t = getattr(s, name)
        if len(t) != NUM_GOODS or min(t) < 0:
            raise InvalidStateError(f"state.{name}", f"expected {NUM_GOODS} counts >= 0")
    for i, h in enumerate(s.hands):
        if len(h) != NUM_GOODS or min(h) < 0:
            raise InvalidStateError(f"state.hands[{i}]", f"expected {NUM_GOODS} counts >= 0")
    if min(s.coins) < 0 or min(s.tokens) < 0 or s.token_supply < 0:
        raise InvalidStateError("state.coins", "coins and tokens cannot be negative")
    # LF-02: coins are only spent (exchange, trades), never gained.
    for i, c in enumerate(s.coins):
        if c > LAYOUT.starting_coins[i]:
            raise InvalidStateError(
                f"state.coins[{i}]", f"{c} is more than the {LAYOUT.starting_coins[i]} coins dealt"
            )
    for i, bs in enumerate(s.built):
        if bs != tuple(sorted(bs)):
            raise InvalidStateError(f"state.built[{i}]", "expected sorted building ids")
    if s.token_supply + sum(s.tokens) != s.options.vp_tokens:
        raise InvalidStateError("state.token_supply", "tokens do not add up to the option")
    col = n - 2
    for g in GOODS:
        k = g.index
        total = s.market[k] + s.deck[k] + s.discard[k] + sum(h[k] for h in s.hands)
        if total != g.copies[col]:
            raise InvalidStateError(
                "state.market", f"{total} cards of {g.key}, expected {g.copies[col]}"
            )
    every = sorted((*s.buildings_shown, *s.building_deck, *(b for bs in s.built for b in bs)))
    if tuple(every) != BUILDING_IDS:
        raise InvalidStateError("state.buildings_shown", "each building must be in one place")
    if (s.trade is not None) != (s.phase in ("take", "pay")):
        raise InvalidStateError("state.trade", "a trade is in progress exactly while trading")
    if s.trade is not None and s.acted:
        # LF-03: one production or trade a turn; a trade starts only before either.
        raise InvalidStateError("state.acted", "a trade in progress means nothing was done yet")
    if s.buildings_shown != tuple(sorted(s.buildings_shown)):
        raise InvalidStateError("state.buildings_shown", "expected sorted building ids")
    _validate_turn(s)
    if s.trade is not None:
        _validate_trade(s, s.trade)


def _validate_turn(s: State) -> None:
    """Who moves and in which phase, so that a loaded save never stalls (LF-01, LF-09)."""
    if s.end:
        if s.to_move != TERMINAL:
            raise InvalidStateError("state.to_move", f"the game ended ({s.end}): expected -2")
        _validate_end(s)
        return
    if s.to_move not in (s.turn, CHANCE):
        raise InvalidStateError("state.to_move", f"expected seat {s.turn} or chance (-1)")
    gap = _gap(s)
    # A seat may move with a row short (hand-set positions; it is refilled after the next
    # action), but chance without a card to draw would stall.
    if s.to_move == CHANCE and not gap:
        raise InvalidStateError("state.to_move", "chance (-1) moves only when a row needs a card")
    if s.to_move == CHANCE and s.phase not in ("main", "exchange"):
        # Choices « When the market refills »: never in the middle of a trade or a discard.
        raise InvalidStateError("state.to_move", f"no card is drawn in phase {s.phase!r}")
    if s.token_supply == 0:
        raise InvalidStateError("state.end", "the tokens ran out: the game must have ended")
    for seat in range(s.num_players):
        if points(s, seat) >= s.options.target_points:
            raise InvalidStateError("state.end", f"seat {seat} reached the target points")
    if s.phase == "exchange" and (
        s.round != 1 or s.acted or s.used_building or not s.options.first_round_exchange
    ):
        raise InvalidStateError("state.phase", "the coin exchange comes only before a first turn")
    if s.phase == "discard" and sum(s.hands[s.turn]) <= s.options.hand_limit:
        raise InvalidStateError("state.phase", "discarding only while above the hand limit")


def _validate_end(s: State) -> None:
    """Why the game ended must be true of the state, so that `winners` and the picture
    say what happened: LF-01 the seat to move reached the target, LF-09 the tokens ran
    out, LF-13 the last seat of the last round played."""
    if s.trade is not None:
        raise InvalidStateError("state.trade", "no trade goes on once the game has ended")
    target, turn = s.options.target_points, s.turn
    for seat in range(s.num_players):
        if seat != turn and points(s, seat) >= target:
            raise InvalidStateError("state.end", f"seat {seat} reached the target before")
    reached = points(s, turn) >= target
    if s.end == "points":
        if not reached:
            raise InvalidStateError("state.end", f"seat {turn} did not reach {target} points")
        return
    if reached:
        raise InvalidStateError("state.end", f"seat {turn} reached the target: expected 'points'")
    if s.end == "tokens" and s.token_supply:
        raise InvalidStateError("state.end", "tokens are left: the game did not end on them")
    if s.end == "blocked" and not (s.token_supply and _blocked(s)):
        raise InvalidStateError(
            "state.end", "a seat can still play: the game did not end for want of moves"
        )
    if s.end == "rounds" and not (
        s.token_supply and s.round == s.options.max_rounds and turn == s.num_players - 1
    ):
        raise InvalidStateError(
            "state.end", "the last round ends after the last seat's turn, with tokens left"
        )


def _validate_trade(s: State, t: Trade) -> None:
    """A trade in progress: what is taken is in the market, what is paid in the hand."""
    seat = s.turn
    for name in ("taken", "paid"):
        v = getattr(t, name)
        if len(v) != NUM_GOODS or min(v) < 0:
            raise InvalidStateError(f"state.trade.{name}", f"expected {NUM_GOODS} counts >= 0")
    if any(map(gt, t.taken, s.market)):
        raise InvalidStateError("state.trade.taken", "more goods taken than the market shows")
    tb = t.taken_buildings
    if len(set(tb)) != len(tb) or any(b not in s.buildings_shown for b in tb):
        raise InvalidStateError("state.trade.taken_buildings", "expected shown buildings, once")
    price = sum(map(mul, t.taken, VALUE)) + sum(COST[b] for b in tb)
    if t.price != price:
        raise InvalidStateError("state.trade.price", f"expected {price}, the value taken")
    hand = s.hands[seat]
    if t.price > hand_value(hand) + s.coins[seat]:
        raise InvalidStateError("state.trade.price", "more than the hand and coins can pay")
    if any(map(gt, t.paid, hand)):
        raise InvalidStateError("state.trade.paid", "more goods paid than the hand holds")
    if not 0 <= t.paid_coins <= s.coins[seat]:
        raise InvalidStateError("state.trade.paid_coins", "more coins paid than the seat has")
    value = sum(map(mul, t.paid, VALUE)) + t.paid_coins
    if t.paid_value != value:
        raise InvalidStateError("state.trade.paid_value", f"expected {value}, the value paid")
    if s.phase == "take" and value:
        raise InvalidStateError("state.trade.paid", "nothing is paid while taking")
    if s.phase == "pay" and not value < t.price:
        raise InvalidStateError("state.trade.paid_value", "paying ends once the price is met")


def _describe(a: Action, s: State | None, lang: str) -> str:
    from boardgames_fr.little_factory.render import describe_action

    return describe_action(a, s, lang)


def _render(s: State, lang: str, seat: int | None = None) -> str:
    from boardgames_fr.little_factory.render import render_text

    return render_text(s, lang, seat)


GAME: Game[State, Action, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Trade, Observation),
    init=_init,
    legal=_legal,
    apply=_apply,
    scores=_scores,
    winners=_winners,
    observe=_observe,
    describe=_describe,
    render=_render,
    chance=_chance,
    apply_chance=_apply_chance,
    explain=_explain,
    explain_chance=True,  # `_explain` knows chance nodes (`_explain_draw`)
    secret_chance=_secret_chance,
    draw_pool=_draw_pool,
    ending=lambda s: s.end,  # "points", "tokens", "rounds" or "blocked" (LF-01, LF-13)
    validate=_validate,
    hidden_variants=_hidden_variants,
)
