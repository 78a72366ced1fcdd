"""The rules of Little Factory: the hooks of `boardgames_fr.core.Game` that play it
(wired in `game.py`), citing rule ids.

Rule ids are those of docs/rules/little_factory.md: LF-01..LF-12 from the original rule
text, and the rule added so that every game ends (LF-13: after the last round, or at a
table where nobody can do anything). Order of `legal_actions`, by phase:

- coin_exchange: `BuyBasic` by good number, then `EndExchange`;
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

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory.actions import (
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
from boardgames_fr.little_factory.state import (
    END_BLOCKED,
    END_POINTS,
    END_ROUNDS,
    END_TOKENS,
    NOT_OVER,
    PHASE_COIN_EXCHANGE,
    PHASE_DISCARD,
    PHASE_MAIN,
    PHASE_PAY,
    PHASE_TAKE,
    Observation,
    Options,
    State,
    Trade,
)

__all__ = [
    "COST",
    "GOOD_NUMBERS",
    "IS_BASIC",
    "NB",
    "PAY_COIN",
    "PAY_GOOD",
    "SMALLNESS",
    "TIER_GOODS",
    "VALUE",
    "apply",
    "apply_chance",
    "blocked",
    "chance",
    "draw_pool",
    "ending",
    "hand_value",
    "hidden_variants",
    "init",
    "legal",
    "market_gap",
    "observe",
    "points",
    "public_counts",
    "ranking_key",
    "scores",
    "secret_chance",
    "winners",
]

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


def init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    """A new game: the first seat to move once the market rows are dealt (LF-06)."""
    col = num_players - 2
    # LF-02: starting coins 3, 4, 5, 6 by seat; hands start empty.
    coins = tuple(LAYOUT.starting_coins[:num_players])
    market = tuple(g.copies[col] if g.tier == 1 else 0 for g in GOODS)
    deck = tuple(0 if g.tier == 1 else g.copies[col] for g in GOODS)
    # The discard pile is empty: nothing to take back, the deck stays as dealt.
    gap, deck, discard = _refill(
        num_players,
        options.reshuffle_discard,
        options.milk_tier,
        market,
        deck,
        ZERO,
        (),
        BUILDING_IDS,
    )
    s = State(
        num_players=num_players,
        options=options,
        to_move=CHANCE if gap else 0,
        rng=rng,
        explicit=explicit,
        turn=0,
        round=1,
        phase=_start_phase(options, coins, market, 0, 1),
        coins=coins,
        hands=(ZERO,) * num_players,
        built=((),) * num_players,
        tokens=(0,) * num_players,
        token_supply=options.vp_tokens,
        market=market,
        buildings_shown=(),
        deck=deck,
        building_deck=BUILDING_IDS,
        discard=discard,
        acted=False,
        used_building=False,
        trade=None,
        end=NOT_OVER,
    )
    return _settle(s, gap)


def _start_phase(
    options: Options, coins: tuple[int, ...], market: tuple[int, ...], seat: int, rnd: int
) -> str:
    # LF-02: in the first round, the coin exchange comes before the turn.
    if rnd == 1 and options.first_round_exchange and coins[seat] > 0 and any(market[:NB]):
        return PHASE_COIN_EXCHANGE
    return PHASE_MAIN


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


def market_gap(s: State) -> int:
    """Which row needs a card now: 1 tier 2, 2 tier 3, 3 small buildings, 4 large, 0 none
    (LF-06, see `_refill`); the discard is not taken back here."""
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


# One-entry cache: the gap `_settle` was given for the chance node just made, read back by
# the `chance` hook the core calls next (a tuple stored at once, so threads cannot mix it
# up; holding the state keeps its id from being reused).
_LAST_GAP: list[tuple[Any, int]] = [(None, 0)]


def _refilled(
    s: State,
    market: tuple[int, ...],
    deck: tuple[int, ...],
    discard: tuple[int, ...],
    shown: tuple[int, ...],
    bdeck: tuple[int, ...],
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(gap, deck, discard) for the next state of ``s`` with these rows, once a card left
    the market: a row short of cards is refilled (LF-06, one chance event per card, so the
    next state is a chance node when the gap is not 0) before the seat goes on."""
    options = s.options
    return _refill(
        s.num_players,
        options.reshuffle_discard,
        options.milk_tier,
        market,
        deck,
        discard,
        shown,
        bdeck,
    )


def _settle(new: State, gap: int) -> State:
    """``new``, a chance node when ``gap`` names a row to refill: the gap is kept for the
    `chance` hook, which the core calls next."""
    if gap:
        _LAST_GAP[0] = (new, gap)
    return new


def chance(s: State) -> tuple[tuple[Action, int], ...]:
    """The cards that can fill the market's gap, each weighted by its copies left (LF-06)."""
    gap = market_gap(s)
    if gap == 1 or gap == 2:
        deck = s.deck
        goods = TIER_GOODS[s.options.milk_tier][gap - 1]
        return tuple([(DRAW_GOOD[k], deck[k]) for k in goods if deck[k]])
    small = 1 if gap == 3 else 0
    return tuple([DRAW_BUILDING_WEIGHT[b] for b in s.building_deck if SMALLNESS[b] == small])


def apply_chance(s: State, outcome: Action, rng: int) -> State:
    """The card drawn put in its row (LF-06); the next gap, if any, is the next event."""
    cls = type(outcome)
    if cls is DrawGood and isinstance(outcome, DrawGood):
        k = outcome.good
        market, deck = s.market, s.deck
        market = market[:k] + (market[k] + 1,) + market[k + 1 :]
        deck = deck[:k] + (deck[k] - 1,) + deck[k + 1 :]
        gap, deck, discard = _refilled(
            s, market, deck, s.discard, s.buildings_shown, s.building_deck
        )
        new = replace(
            s,
            rng=rng,
            market=market,
            deck=deck,
            discard=discard,
            to_move=CHANCE if gap else s.turn,
        )
        return _settle(new, gap)
    if cls is DrawBuilding and isinstance(outcome, DrawBuilding):
        b = outcome.building
        shown = tuple(sorted((*s.buildings_shown, b)))
        bdeck = tuple([x for x in s.building_deck if x != b])
        gap, deck, discard = _refilled(s, s.market, s.deck, s.discard, shown, bdeck)
        new = replace(
            s,
            rng=rng,
            buildings_shown=shown,
            building_deck=bdeck,
            deck=deck,
            discard=discard,
            to_move=CHANCE if gap else s.turn,
        )
        return _settle(new, gap)
    return replace(s, rng=rng)


# --- legal actions ----------------------------------------------------------------------


def _can_buy(budget: int, market: tuple[int, ...], shown: tuple[int, ...]) -> bool:
    """Whether a trade good or building of the market costs at most ``budget``."""
    for k in TRADE_GOODS:
        if market[k] and VALUE[k] <= budget:
            return True
    return any(COST[b] <= budget for b in shown)


def _main_actions(
    s: State, seat: int, hand: tuple[int, ...], market: tuple[int, ...]
) -> list[Action]:
    """LF-03/LF-04/LF-05/LF-08: the production or trade of ``seat``'s turn, if not done
    yet."""
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
    coins = s.coins[seat]
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


def legal(s: State) -> tuple[Action, ...]:
    """The seat's choices now, in the order of the module's docstring."""
    phase = s.phase
    seat = s.turn
    if phase == PHASE_MAIN:
        built = s.built[seat]
        if s.acted:
            # LF-03: the turn ends once produced or traded.
            if s.used_building or not built:
                return ONLY_END_TURN
            acts: list[Action] = _building_actions(s.hands[seat], s.market, built)
            acts.append(END_TURN)
            return tuple(acts)
        hand, market = s.hands[seat], s.market
        acts = _main_actions(s, seat, hand, market)
        can_main = bool(acts)
        if built and not s.used_building:
            acts += _building_actions(hand, market, built)
        # LF-03: ... or when neither production nor trade is possible.
        if not can_main:
            acts.append(END_TURN)
        return tuple(acts)
    if phase == PHASE_PAY:
        trade = s.trade
        if trade is None:
            return ()
        hand, paid = s.hands[seat], trade.paid
        acts = [PAY_GOOD[k] for k in compress(GOOD_NUMBERS, hand) if hand[k] > paid[k]]
        if s.coins[seat] > trade.paid_coins:
            acts.append(PAY_COIN)
        return tuple(acts)
    if phase == PHASE_TAKE:
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
    if phase == PHASE_COIN_EXCHANGE:
        acts = list(compress(BUY_BASIC, s.market)) if s.coins[seat] else []
        acts.append(END_EXCHANGE)
        return tuple(acts)
    if phase == PHASE_DISCARD:
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
    built: tuple[int, ...],
    tokens: int,
    supply: int,
    market: tuple[int, ...],
    discard: tuple[int, ...],
    shown: tuple[int, ...],
) -> tuple[int, int, tuple[int, ...], tuple[int, ...], str]:
    """(gap, to_move, deck, discard, end) once the seat to move holds ``built`` and
    ``tokens``, ``supply`` tokens left: LF-01: the target points win at once; LF-09: the
    game also ends when the tokens run out; else the market is refilled (`_refilled`)."""
    if sum(map(VP.__getitem__, built)) + tokens >= s.options.target_points:
        return 0, TERMINAL, s.deck, discard, END_POINTS
    if supply == 0:
        return 0, TERMINAL, s.deck, discard, END_TOKENS
    gap, deck, discard = _refilled(s, market, s.deck, discard, shown, s.building_deck)
    return gap, CHANCE if gap else s.turn, deck, discard, NOT_OVER


def _next_turn(
    s: State,
    hands: tuple[tuple[int, ...], ...],
    market: tuple[int, ...],
    discard: tuple[int, ...],
) -> State:
    """The next seat's turn, with the turn's last ``hands`` and rows."""
    # LF-10: play passes to the next seat; a round ends after the last seat.
    seat = (s.turn + 1) % s.num_players
    rnd = s.round + 1 if seat == 0 else s.round
    if rnd > s.options.max_rounds:
        # LF-13: the designed end so that every game finishes.
        return replace(
            s, hands=hands, market=market, discard=discard, to_move=TERMINAL, end=END_ROUNDS
        )
    phase = PHASE_MAIN
    if rnd == 1:
        phase = _start_phase(s.options, s.coins, market, seat, rnd)
    # LF-06 / choice (reshuffle_discard): the new turn starts with the rows refilled, since
    # a discard (hand limit, a recipe) may have given an empty deck its cards back.
    gap, deck, discard = _refilled(s, market, s.deck, discard, s.buildings_shown, s.building_deck)
    new = replace(
        s,
        hands=hands,
        market=market,
        deck=deck,
        discard=discard,
        to_move=CHANCE if gap else seat,
        turn=seat,
        round=rnd,
        phase=phase,
        acted=False,
        used_building=False,
    )
    return _settle(new, gap)


def blocked(s: State) -> bool:
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
        if _main_actions(s, seat, hand, s.market):
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
    gap, deck, d = _refilled(s, m, s.deck, d, s.buildings_shown, s.building_deck)
    new = replace(
        s,
        hands=_set(s.hands, seat, h),
        market=m,
        deck=deck,
        discard=d,
        acted=True,
        to_move=CHANCE if gap else seat,
    )
    return _settle(new, gap)


def _build(s: State, a: Build) -> State:
    # LF-08: a building produced from its build recipe.
    seat, b = s.turn, a.building
    h, m, d = _spend(s.hands[seat], s.market, s.discard, BUILDINGS[b].build)
    shown = tuple([x for x in s.buildings_shown if x != b])
    built = tuple(sorted((*s.built[seat], b)))
    gap, to_move, deck, d, end = _scored(s, built, s.tokens[seat], s.token_supply, m, d, shown)
    new = replace(
        s,
        hands=_set(s.hands, seat, h),
        market=m,
        deck=deck,
        discard=d,
        built=_set(s.built, seat, built),
        buildings_shown=shown,
        acted=True,
        to_move=to_move,
        end=end,
    )
    return _settle(new, gap)


def _use_building(s: State, a: UseBuilding) -> State:
    seat = s.turn
    spent, gain, pts = EFFECTS[a.building][a.alt]
    h, m, d = _spend(s.hands[seat], s.market, s.discard, spent)
    if gain is not None:
        # LF-11: the product comes from the market.
        h = _set(h, gain, h[gain] + 1)
        m = _set(m, gain, m[gain] - 1)
        gap, deck, d = _refilled(s, m, s.deck, d, s.buildings_shown, s.building_deck)
        new = replace(
            s,
            hands=_set(s.hands, seat, h),
            market=m,
            deck=deck,
            discard=d,
            used_building=True,
            to_move=CHANCE if gap else seat,
        )
        return _settle(new, gap)
    # Choices « VP effects when tokens are short »: take what is left.
    got = min(pts, s.token_supply)
    tokens, supply = s.tokens[seat] + got, s.token_supply - got
    gap, to_move, deck, d, end = _scored(s, s.built[seat], tokens, supply, m, d, s.buildings_shown)
    new = replace(
        s,
        hands=_set(s.hands, seat, h),
        market=m,
        deck=deck,
        discard=d,
        used_building=True,
        tokens=_set(s.tokens, seat, tokens),
        token_supply=supply,
        to_move=to_move,
        end=end,
    )
    return _settle(new, gap)


def _start_trade(s: State, a: StartTrade) -> State:
    return replace(s, phase=PHASE_TAKE, trade=NO_TRADE)


def _end_turn(s: State, a: EndTurn) -> State:
    # LF-03 / choice: above the hand limit, discard down to it at the end of the turn.
    if sum(s.hands[s.turn]) > s.options.hand_limit:
        return replace(s, phase=PHASE_DISCARD)
    if not s.acted and blocked(s):
        # LF-13: the seat had nothing to do (`EndTurn` is legal before acting only then),
        # and no other seat has either: ending turns would change nothing until the last
        # round, so the game ends now.
        return replace(s, to_move=TERMINAL, end=END_BLOCKED)
    return _next_turn(s, s.hands, s.market, s.discard)


def _discard(s: State, a: Discard) -> State:
    seat = s.turn
    h, m, d = _spend(s.hands[seat], s.market, s.discard, (a.good,))
    hands = _set(s.hands, seat, h)
    if sum(h) > s.options.hand_limit:
        return replace(s, hands=hands, market=m, discard=d)
    return _next_turn(s, hands, m, d)


def _buy_basic(s: State, a: BuyBasic) -> State:
    # LF-02: one coin for one basic good, while they last.
    seat, k = s.turn, a.good
    hand = s.hands[seat]
    coins = _set(s.coins, seat, s.coins[seat] - 1)
    market = _set(s.market, k, s.market[k] - 1)
    more = coins[seat] and any(market[j] for j in BASIC)
    return replace(
        s,
        coins=coins,
        market=market,
        hands=_set(s.hands, seat, _set(hand, k, hand[k] + 1)),
        phase=PHASE_COIN_EXCHANGE if more else PHASE_MAIN,
    )


def _end_exchange(s: State, a: EndExchange) -> State:
    return replace(s, phase=PHASE_MAIN)


def _take_good(s: State, a: TakeGood) -> State:
    trade = s.trade
    if trade is None:
        return s
    k = a.good
    taken = _set(trade.taken, k, trade.taken[k] + 1)
    return replace(s, trade=replace(trade, taken=taken, price=trade.price + VALUE[k]))


def _take_building(s: State, a: TakeBuilding) -> State:
    trade = s.trade
    if trade is None:
        return s
    b = a.building
    taken = (*trade.taken_buildings, b)
    return replace(s, trade=replace(trade, taken_buildings=taken, price=trade.price + COST[b]))


def _stop_taking(s: State, a: StopTaking) -> State:
    return replace(s, phase=PHASE_PAY)


def _pay_good(s: State, a: PayGood) -> State:
    trade = s.trade
    if trade is None:
        return s
    k = a.good
    paid = trade.paid
    paid = paid[:k] + (paid[k] + 1,) + paid[k + 1 :]
    value = trade.paid_value + VALUE[k]
    # LF-05: paying stops once the price is covered; the last card may overpay (no change).
    if value < trade.price:
        return replace(s, trade=replace(trade, paid=paid, paid_value=value))
    return _complete_trade(s, trade.taken, trade.taken_buildings, paid, trade.paid_coins)


def _pay_coin(s: State, a: PayCoin) -> State:
    trade = s.trade
    if trade is None:
        return s
    coins, value = trade.paid_coins + 1, trade.paid_value + 1
    if value < trade.price:  # LF-05, as for a good
        return replace(s, trade=replace(trade, paid_coins=coins, paid_value=value))
    return _complete_trade(s, trade.taken, trade.taken_buildings, trade.paid, coins)


def _complete_trade(
    s: State,
    taken: tuple[int, ...],
    taken_b: tuple[int, ...],
    paid: tuple[int, ...],
    paid_coins: int,
) -> State:
    """The trade done: what is ``taken`` (goods, buildings ``taken_b``) for what is
    ``paid`` (goods, coins)."""
    seat = s.turn
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
    hands = _set(s.hands, seat, tuple(hl))
    coins = _set(s.coins, seat, s.coins[seat] - paid_coins)
    if not taken_b:
        gap, deck, d = _refilled(s, m, s.deck, d, s.buildings_shown, s.building_deck)
        new = replace(
            s,
            phase=PHASE_MAIN,
            trade=None,
            acted=True,
            coins=coins,
            hands=hands,
            market=m,
            deck=deck,
            discard=d,
            to_move=CHANCE if gap else seat,
        )
        return _settle(new, gap)
    # LF-08: a building taken by trade scores like a built one.
    shown = tuple([b for b in s.buildings_shown if b not in taken_b])
    built = tuple(sorted(s.built[seat] + taken_b))
    gap, to_move, deck, d, end = _scored(s, built, s.tokens[seat], s.token_supply, m, d, shown)
    new = replace(
        s,
        phase=PHASE_MAIN,
        trade=None,
        acted=True,
        coins=coins,
        hands=hands,
        market=m,
        deck=deck,
        discard=d,
        built=_set(s.built, seat, built),
        buildings_shown=shown,
        to_move=to_move,
        end=end,
    )
    return _settle(new, gap)


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


def apply(s: State, a: Action) -> State:
    """The state after the seat's action (the core passes only legal ones)."""
    return _APPLY[type(a)](s, a)


# --- reading a state --------------------------------------------------------------------


def scores(s: State) -> tuple[int, ...]:
    """Each seat's victory points (LF-01)."""
    return tuple(points(s, seat) for seat in range(s.num_players))


def winners(s: State) -> tuple[int, ...]:
    """LF-01: the seat that reached the target; else most points, then most trade value
    (`ranking_key`), a tie shared (LF-09, LF-13)."""
    if s.end == END_POINTS:
        return (s.turn,)
    keys = [ranking_key(s, seat) for seat in range(s.num_players)]
    best = max(keys)
    return tuple(seat for seat, key in enumerate(keys) if key == best)


def public_counts(s: State) -> tuple[tuple[int, ...], tuple[int, int, int, int]]:
    """(points, deck sizes) of ``s``, the same for every seat: kept while the fields they
    are read from are the same objects (they change only when a building or a token is
    taken or a card drawn), since `observe` is on the hot path of a learning agent (the
    encoding's `state_tensor` reads the same numbers).

    Example:
        >>> from boardgames_fr import little_factory as lf
        >>> public_counts(lf.new_game(2, seed=1))[0]
        (0, 0)
    """
    built, tokens, bdeck, deck, options = s.built, s.tokens, s.building_deck, s.deck, s.options
    cached = _LAST_PUBLIC[0]
    if (
        cached[0] is deck
        and cached[1] is built
        and cached[2] is tokens
        and cached[3] is bdeck
        and cached[4] is options
    ):
        known: tuple[tuple[int, ...], tuple[int, int, int, int]] = cached[5]
        return known
    pts = tuple([sum(map(_vp_of, b)) + t for b, t in zip(built, tokens, strict=True)])
    small = sum(map(_small_of, bdeck))
    (of2, _, _), (of3, _, _) = TIER_ROWS[options.milk_tier]
    out = (pts, (sum(of2(deck)), sum(of3(deck)), small, len(bdeck) - small))
    # One tuple stored at once (no torn read between threads); holding the fields keeps
    # their ids from being reused.
    _LAST_PUBLIC[0] = (deck, built, tokens, bdeck, options, out)
    return out


_vp_of = VP.__getitem__
_LAST_PUBLIC: list[tuple[Any, ...]] = [(None,) * 6]


def observe(s: State, seat: int | None) -> Observation:
    """What ``seat`` may know (None: the public view); see `Observation`."""
    pts, deck_sizes = public_counts(s)
    options = s.options
    return Observation(
        seat=seat,
        num_players=s.num_players,
        options=options,
        to_move=s.to_move,
        turn=s.turn,
        round=s.round,
        max_rounds=options.max_rounds,
        phase=s.phase,
        coins=s.coins,
        hand=None if seat is None else s.hands[seat],
        hand_sizes=tuple(map(sum, s.hands)),
        built=s.built,
        tokens=s.tokens,
        token_supply=s.token_supply,
        points=pts,
        market=s.market,
        buildings_shown=s.buildings_shown,
        deck_sizes=deck_sizes,
        discard=s.discard,
        acted=s.acted,
        used_building=s.used_building,
        trade=s.trade,
        hand_limit=options.hand_limit,
        target_points=options.target_points,
        end=s.end,
        winners=winners(s) if s.end else (),
    )


def hidden_variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
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
        won = winners(s)
        return tuple(v for v in out if winners(v) == won)
    return tuple(out)


def secret_chance(s: State) -> bool:
    """A good card drawn for the market comes from the face-down deck whose other cards
    are in the hands: which goods it can give tells what the hands hold (the buildings
    are all public)."""
    return market_gap(s) in (1, 2)


def draw_pool(s: State) -> tuple[DrawGood, ...]:
    """What a secret draw can give in any game (`Game.table_outcomes`): the goods of the
    tier whose row has the gap (LF-06), milk's tier being an option (Choices « Lait »);
    read from the market every player sees, never from the deck."""
    return tuple(DRAW_GOOD[k] for k in TIER_GOODS[s.options.milk_tier][market_gap(s) - 1])


def ending(s: State) -> str:
    """How a finished game ended: one of `state.ENDS` (LF-01, LF-09, LF-13)."""
    return s.end
