"""The rules of Little Factory as the hooks of `boardgames_fr.core.Game`.

Rule ids are those of shared/GAMES.md (LF-01..LF-09) and of docs/rules/little_factory.md
for the seed's rules the list misses (LF-10..) and the rule added so that every game ends
(LF-13). Order of `legal_actions`, by phase:

- exchange: `BuyBasic` by good number, then `EndExchange`;
- main: `ProduceBasic` by good, `Produce` by good then alternative, `Build` by building id,
  `StartTrade`, `UseBuilding` by building id then alternative, `EndTurn`;
- take: `TakeGood` by good, `TakeBuilding` by building id, `StopTaking`;
- pay: `PayGood` by good, `PayCoin`;
- discard: `Discard` by good;
- chance: `DrawGood` by good or `DrawBuilding` by building id.
"""

from __future__ import annotations

from operator import mul
from typing import Any

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.game import Game, GameInfo
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
    NUM_GOODS,
    SMALL,
    TIER2,
    TIER3,
    Alternative,
)
from boardgames_fr.little_factory.state import PHASES, Observation, Options, State, Trade

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
)

# --- tables precomputed from the data ---------------------------------------------------

VALUE = tuple(g.value for g in GOODS)
IS_BASIC = tuple(g.tier == 1 for g in GOODS)
COST = {b.id: b.cost for b in BUILDINGS.values()}
VP = {b.id: b.vp for b in BUILDINGS.values()}
ZERO = (0,) * NUM_GOODS

END_EXCHANGE = EndExchange()
START_TRADE = StartTrade()
STOP_TAKING = StopTaking()
PAY_COIN = PayCoin()
END_TURN = EndTurn()
BUY_BASIC = {k: BuyBasic(k) for k in BASIC}
PRODUCE_BASIC = {k: ProduceBasic(k) for k in BASIC}
TAKE_GOOD = tuple(TakeGood(k) for k in range(NUM_GOODS))
PAY_GOOD = tuple(PayGood(k) for k in range(NUM_GOODS))
DISCARD = tuple(Discard(k) for k in range(NUM_GOODS))
DRAW_GOOD = tuple(DrawGood(k) for k in range(NUM_GOODS))
BUILD = {b: Build(b) for b in BUILDING_IDS}
TAKE_BUILDING = {b: TakeBuilding(b) for b in BUILDING_IDS}
DRAW_BUILDING = {b: DrawBuilding(b) for b in BUILDING_IDS}


# LF-04: (good, needs, spent, action) for every recipe alternative of the trade goods.
PRODUCE_TABLE = tuple(
    (g.index, alt.needs(), alt.spend, Produce(g.index, i))
    for g in GOODS
    if g.tier > 1
    for i, alt in enumerate(g.recipe)
)
PRODUCE_RECIPE = {(g, a.alt): spent for g, _, spent, a in PRODUCE_TABLE}
PRODUCE_BY_GOOD = tuple(
    tuple((needs, a) for g, needs, _, a in PRODUCE_TABLE if g == k) for k in range(NUM_GOODS)
)
TRADE_GOODS = tuple(k for k in range(NUM_GOODS) if k not in BASIC)
# LF-08: a building's build recipe is all spent.
BUILD_NEEDS = {b.id: Alternative(spend=b.build, show=()).needs() for b in BUILDINGS.values()}
# LF-08, LF-11: (needs, spent, gained good or None, points, action) per effect alternative.
EFFECTS = {
    b.id: tuple(
        (alt.needs(), alt.spend, alt.gain, alt.points, UseBuilding(b.id, i))
        for i, alt in enumerate(b.effect)
    )
    for b in BUILDINGS.values()
}


def hand_value(hand: tuple[int, ...]) -> int:
    """The total trade value of a hand of goods (LF-05)."""
    return sum(map(mul, hand, VALUE))


def points(state: State, seat: int) -> int:
    """Victory points: the buildings' VP plus the VP tokens taken (LF-01, LF-08)."""
    return sum(VP[b] for b in state.built[seat]) + state.tokens[seat]


def ranking_key(state: State, seat: int) -> tuple[int, int]:
    """LF-09 / LF-13 end without a winner at 10: most points, then most trade value
    (hand plus coins); still tied: a shared win (a recorded choice)."""
    return points(state, seat), hand_value(state.hands[seat]) + state.coins[seat]


_KEEP: Any = object()


def _with(  # one cheap copy instead of attrs.evolve on the hot path
    s: State,
    *,
    to_move: int = _KEEP,
    rng: int = _KEEP,
    turn: int = _KEEP,
    round: int = _KEEP,
    phase: str = _KEEP,
    coins: tuple[int, ...] = _KEEP,
    hands: tuple[tuple[int, ...], ...] = _KEEP,
    built: tuple[tuple[int, ...], ...] = _KEEP,
    tokens: tuple[int, ...] = _KEEP,
    token_supply: int = _KEEP,
    market: tuple[int, ...] = _KEEP,
    buildings_shown: tuple[int, ...] = _KEEP,
    deck: tuple[int, ...] = _KEEP,
    building_deck: tuple[int, ...] = _KEEP,
    discard: tuple[int, ...] = _KEEP,
    acted: bool = _KEEP,
    used_building: bool = _KEEP,
    trade: Trade | None = _KEEP,
    end: str = _KEEP,
) -> State:
    k = _KEEP
    return State(
        s.num_players,
        s.options,
        s.to_move if to_move is k else to_move,
        s.rng if rng is k else rng,
        s.explicit,
        s.turn if turn is k else turn,
        s.round if round is k else round,
        s.phase if phase is k else phase,
        s.coins if coins is k else coins,
        s.hands if hands is k else hands,
        s.built if built is k else built,
        s.tokens if tokens is k else tokens,
        s.token_supply if token_supply is k else token_supply,
        s.market if market is k else market,
        s.buildings_shown if buildings_shown is k else buildings_shown,
        s.deck if deck is k else deck,
        s.building_deck if building_deck is k else building_deck,
        s.discard if discard is k else discard,
        s.acted if acted is k else acted,
        s.used_building if used_building is k else used_building,
        s.trade if trade is k else trade,
        s.end if end is k else end,
    )


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
    s = _with(s, phase=_start_phase(s, 0, 1))
    return _settle(s)


def _start_phase(s: State, seat: int, rnd: int) -> str:
    # LF-02: in the first round, the coin exchange comes before the turn.
    if (
        rnd == 1
        and s.options.first_round_exchange
        and s.coins[seat] > 0
        and any(s.market[k] for k in BASIC)
    ):
        return "exchange"
    return "main"


# --- the market refill (LF-06) ----------------------------------------------------------


def _shown(num_players: int) -> tuple[int, int, int]:
    """Cards shown in the tier 3 row and the two building rows (a designed layout)."""
    col = num_players - 2
    return LAYOUT.tier3_shown[col], LAYOUT.small_shown[col], LAYOUT.large_shown[col]


T2 = slice(TIER2[0], TIER2[-1] + 1)
T3 = slice(TIER3[0], TIER3[-1] + 1)
SMALLNESS = tuple(1 if b in SMALL else 0 for b in range(max(BUILDING_IDS) + 1))


def _gap(s: State) -> int:
    """Which row needs a card: 1 tier 2, 2 tier 3, 3 small buildings, 4 large; 0 none."""
    return _gap_of(s.num_players, s.market, s.deck, s.buildings_shown, s.building_deck)


def _gap_of(
    n: int,
    market: tuple[int, ...],
    deck: tuple[int, ...],
    shown: tuple[int, ...],
    bdeck: tuple[int, ...],
) -> int:
    t3, small, large = _shown(n)
    # LF-06: tier 2 refills until it shows 5 different goods (duplicates pile up).
    if len(TIER2) - market[T2].count(0) < LAYOUT.tier2_kinds_shown and any(deck[T2]):
        return 1
    if sum(market[T3]) < t3 and any(deck[T3]):
        return 2
    shown_small = sum(map(SMALLNESS.__getitem__, shown))
    if shown_small < small or len(shown) - shown_small < large:
        deck_small = sum(map(SMALLNESS.__getitem__, bdeck))
        if shown_small < small and deck_small:
            return 3
        if len(shown) - shown_small < large and len(bdeck) > deck_small:
            return 4
    return 0


def _reshuffled(
    n: int, market: tuple[int, ...], deck: tuple[int, ...], discard: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Choice (option reshuffle_discard): a row short of cards whose deck is empty takes
    back that tier's discarded goods as its deck (a deck is a count: nothing to order)."""
    for tier, short in (
        (T2, len(TIER2) - market[T2].count(0) < LAYOUT.tier2_kinds_shown),
        (T3, sum(market[T3]) < _shown(n)[0]),
    ):
        if short and not any(deck[tier]) and any(discard[tier]):
            rows = list(deck), list(discard)
            rows[0][tier] = discard[tier]
            rows[1][tier] = (0,) * len(discard[tier])
            deck, discard = tuple(rows[0]), tuple(rows[1])
    return deck, discard


def _settled(s: State, **changes: Any) -> State:
    """The state with ``changes`` after a card left the market: the rows short of cards
    are refilled (LF-06, one chance event per card) before the seat goes on."""
    market = changes.get("market", s.market)
    deck = changes.get("deck", s.deck)
    if s.options.reshuffle_discard:
        discard = changes.get("discard", s.discard)
        deck2, discard2 = _reshuffled(s.num_players, market, deck, discard)
        if deck2 is not deck:
            changes["deck"] = deck = deck2
            changes["discard"] = discard2
    shown = changes.get("buildings_shown", s.buildings_shown)
    bdeck = changes.get("building_deck", s.building_deck)
    gap = _gap_of(s.num_players, market, deck, shown, bdeck)
    changes["to_move"] = CHANCE if gap else s.turn
    return _with(s, **changes)


def _settle(s: State) -> State:
    """`_settled` for a state already built (built again only if something changes)."""
    if (
        s.options.reshuffle_discard
        and _reshuffled(s.num_players, s.market, s.deck, s.discard)[0] is not s.deck
    ):
        return _settled(s)
    want = CHANCE if _gap(s) else s.turn
    return s if want == s.to_move else _with(s, to_move=want)


def _chance(s: State) -> tuple[tuple[Action, int], ...]:
    gap = _gap(s)
    if gap in (1, 2):
        deck = s.deck
        return tuple((DRAW_GOOD[k], deck[k]) for k in (TIER2 if gap == 1 else TIER3) if deck[k])
    small = 1 if gap == 3 else 0
    return tuple((DRAW_BUILDING[b], 1) for b in s.building_deck if SMALLNESS[b] == small)


def _apply_chance(s: State, outcome: Action, rng: int) -> State:
    if isinstance(outcome, DrawGood):
        k = outcome.good
        return _settled(
            s,
            rng=rng,
            market=_set(s.market, k, s.market[k] + 1),
            deck=_set(s.deck, k, s.deck[k] - 1),
        )
    if isinstance(outcome, DrawBuilding):
        b = outcome.building
        return _settled(
            s,
            rng=rng,
            buildings_shown=tuple(sorted((*s.buildings_shown, b))),
            building_deck=tuple(x for x in s.building_deck if x != b),
        )
    return _with(s, rng=rng)


# --- legal actions ----------------------------------------------------------------------


def _can_trade(s: State, seat: int) -> bool:
    hand, coins, market = s.hands[seat], s.coins[seat], s.market
    if any(market[: len(BASIC)]):
        return coins > 0 or any(hand)  # every card and coin is worth at least 1
    budget = hand_value(hand) + coins
    for k in TRADE_GOODS:
        if market[k] and VALUE[k] <= budget:
            return True
    return any(COST[b] <= budget for b in s.buildings_shown)


def _main_actions(s: State) -> list[Action]:
    """LF-03/LF-04/LF-05/LF-08: the turn's production or trade, if not done yet."""
    seat = s.turn
    hand, market = s.hands[seat], s.market
    acts: list[Action] = [PRODUCE_BASIC[k] for k in BASIC if market[k]]
    if any(hand):
        for good in TRADE_GOODS:
            if market[good]:
                for needs, action in PRODUCE_BY_GOOD[good]:
                    for k, c in needs:
                        if hand[k] < c:
                            break
                    else:
                        acts.append(action)
        for b in s.buildings_shown:
            for k, c in BUILD_NEEDS[b]:
                if hand[k] < c:
                    break
            else:
                acts.append(BUILD[b])
    if _can_trade(s, seat):
        acts.append(START_TRADE)
    return acts


def _building_actions(s: State) -> list[Action]:
    """LF-08, LF-11: one automated production a turn, with its goods in hand and its
    product shown in the market."""
    seat = s.turn
    hand, market = s.hands[seat], s.market
    acts: list[Action] = []
    for b in s.built[seat]:
        for needs, _, gain, _, action in EFFECTS[b]:
            if gain is not None and not market[gain]:
                continue
            for k, c in needs:
                if hand[k] < c:
                    break
            else:
                acts.append(action)
    return acts


def _legal(s: State) -> tuple[Action, ...]:
    phase = s.phase
    seat = s.turn
    if phase == "main":
        acts = [] if s.acted else _main_actions(s)
        can_main = bool(acts)
        if not s.used_building:
            acts += _building_actions(s)
        # LF-03: the turn ends once produced or traded (or when neither is possible).
        if s.acted or not can_main:
            acts.append(END_TURN)
        return tuple(acts)
    if phase == "pay":
        trade = s.trade
        if trade is None:
            return ()
        hand, paid = s.hands[seat], trade.paid
        acts = [PAY_GOOD[k] for k in range(NUM_GOODS) if hand[k] > paid[k]]
        if s.coins[seat] > trade.paid_coins:
            acts.append(PAY_COIN)
        return tuple(acts)
    if phase == "take":
        trade = s.trade
        if trade is None:
            return ()
        budget = hand_value(s.hands[seat]) + s.coins[seat] - trade.price
        market, taken = s.market, trade.taken
        acts = [
            TAKE_GOOD[k] for k in range(NUM_GOODS) if market[k] > taken[k] and VALUE[k] <= budget
        ]
        for b in s.buildings_shown:
            if COST[b] <= budget and b not in trade.taken_buildings:
                acts.append(TAKE_BUILDING[b])
        if trade.price:
            acts.append(STOP_TAKING)
        return tuple(acts)
    if phase == "exchange":
        acts = [BUY_BASIC[k] for k in BASIC if s.market[k]] if s.coins[seat] else []
        acts.append(END_EXCHANGE)
        return tuple(acts)
    if phase == "discard":
        hand = s.hands[seat]
        return tuple(DISCARD[k] for k in range(NUM_GOODS) if hand[k])
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
    h, m, d = list(hand), list(market), list(discard)
    for k in goods:
        h[k] -= 1
        if IS_BASIC[k]:
            m[k] += 1
        else:
            d[k] += 1
    return tuple(h), tuple(m), tuple(d)


def _after_points(s: State) -> State:
    """LF-01: 10 points wins at once; LF-09: the game also ends when the tokens run out."""
    seat = s.turn
    if points(s, seat) >= s.options.target_points:
        return _with(s, to_move=TERMINAL, end="points", trade=None)
    if s.token_supply == 0:
        return _with(s, to_move=TERMINAL, end="tokens", trade=None)
    return _settle(s)


def _next_turn(s: State) -> State:
    # LF-10: play passes to the next seat; a round ends after the last seat.
    seat = (s.turn + 1) % s.num_players
    rnd = s.round + 1 if seat == 0 else s.round
    if rnd > s.options.max_rounds:
        # LF-13: the designed end so that every game finishes.
        return _with(s, to_move=TERMINAL, end="rounds")
    return _with(
        s,
        to_move=seat,
        turn=seat,
        round=rnd,
        phase=_start_phase(s, seat, rnd),
        acted=False,
        used_building=False,
    )


def _apply(s: State, a: Action) -> State:
    seat = s.turn
    hands = s.hands
    hand = hands[seat]
    cls = type(a)
    if cls is PayGood or cls is PayCoin:
        return _pay(s, a)
    if cls is TakeGood or cls is TakeBuilding or cls is StopTaking:
        return _take(s, a)
    if cls is ProduceBasic and isinstance(a, ProduceBasic):
        # LF-04: one basic good from the bottom row.
        k = a.good
        return _with(
            s,
            hands=_set(hands, seat, _set(hand, k, hand[k] + 1)),
            market=_set(s.market, k, s.market[k] - 1),
            acted=True,
        )
    if cls is Produce and isinstance(a, Produce):
        # LF-04, LF-07: spend the recipe (shown goods stay in hand), take the good.
        k = a.good
        h, m, d = _spend(hand, s.market, s.discard, PRODUCE_RECIPE[(k, a.alt)])
        h = _set(h, k, h[k] + 1)
        m = _set(m, k, m[k] - 1)
        return _settled(s, hands=_set(hands, seat, h), market=m, discard=d, acted=True)
    if cls is Build and isinstance(a, Build):
        # LF-08: a building produced from its build recipe.
        b = a.building
        h, m, d = _spend(hand, s.market, s.discard, BUILDINGS[b].build)
        s = _with(
            s,
            hands=_set(hands, seat, h),
            market=m,
            discard=d,
            built=_set(s.built, seat, tuple(sorted((*s.built[seat], b)))),
            buildings_shown=tuple(x for x in s.buildings_shown if x != b),
            acted=True,
        )
        return _after_points(s)
    if cls is UseBuilding and isinstance(a, UseBuilding):
        return _use_building(s, a)
    if cls is StartTrade:
        return _with(s, phase="take", trade=Trade(ZERO, (), 0, ZERO, 0, 0))
    if cls is EndTurn:
        # LF-03 / choice: above the hand limit, discard down to it at the end of the turn.
        if sum(hand) > s.options.hand_limit:
            return _with(s, phase="discard")
        return _next_turn(s)
    if cls is Discard and isinstance(a, Discard):
        h, m, d = _spend(hand, s.market, s.discard, (a.good,))
        s = _with(s, hands=_set(hands, seat, h), market=m, discard=d)
        return s if sum(h) > s.options.hand_limit else _next_turn(s)
    if cls is BuyBasic and isinstance(a, BuyBasic):
        # LF-02: one coin for one basic good, while they last.
        k = a.good
        coins = _set(s.coins, seat, s.coins[seat] - 1)
        market = _set(s.market, k, s.market[k] - 1)
        phase = "exchange" if coins[seat] and any(market[j] for j in BASIC) else "main"
        return _with(
            s,
            coins=coins,
            market=market,
            hands=_set(hands, seat, _set(hand, k, hand[k] + 1)),
            phase=phase,
        )
    if cls is EndExchange:
        return _with(s, phase="main")
    return s


def _use_building(s: State, a: UseBuilding) -> State:
    seat = s.turn
    _, spent, gain, pts, _ = EFFECTS[a.building][a.alt]
    h, m, d = _spend(s.hands[seat], s.market, s.discard, spent)
    if gain is not None:
        # LF-11: the product comes from the market.
        h = _set(h, gain, h[gain] + 1)
        m = _set(m, gain, m[gain] - 1)
        return _settled(s, hands=_set(s.hands, seat, h), market=m, discard=d, used_building=True)
    got = min(pts, s.token_supply)
    s = _with(
        s,
        hands=_set(s.hands, seat, h),
        market=m,
        discard=d,
        used_building=True,
        tokens=_set(s.tokens, seat, s.tokens[seat] + got),
        token_supply=s.token_supply - got,
    )
    return _after_points(s)


def _take(s: State, a: Action) -> State:
    trade = s.trade
    if trade is None:
        return s
    if isinstance(a, TakeGood):
        k = a.good
        trade = Trade(
            _set(trade.taken, k, trade.taken[k] + 1),
            trade.taken_buildings,
            trade.price + VALUE[k],
            trade.paid,
            trade.paid_coins,
            trade.paid_value,
        )
        return _with(s, trade=trade)
    if isinstance(a, TakeBuilding):
        b = a.building
        trade = Trade(
            trade.taken,
            (*trade.taken_buildings, b),
            trade.price + COST[b],
            trade.paid,
            trade.paid_coins,
            trade.paid_value,
        )
        return _with(s, trade=trade)
    return _with(s, phase="pay")


def _pay(s: State, a: Action) -> State:
    trade = s.trade
    if trade is None:
        return s
    if isinstance(a, PayGood):
        k = a.good
        trade = Trade(
            trade.taken,
            trade.taken_buildings,
            trade.price,
            _set(trade.paid, k, trade.paid[k] + 1),
            trade.paid_coins,
            trade.paid_value + VALUE[k],
        )
    else:
        trade = Trade(
            trade.taken,
            trade.taken_buildings,
            trade.price,
            trade.paid,
            trade.paid_coins + 1,
            trade.paid_value + 1,
        )
    # LF-05: paying stops once the price is covered; the last card may overpay (no change).
    if trade.paid_value < trade.price:
        return _with(s, trade=trade)
    return _complete_trade(s, trade)


def _complete_trade(s: State, trade: Trade) -> State:
    seat = s.turn
    spent = tuple(k for k in range(NUM_GOODS) for _ in range(trade.paid[k]))
    h, m, d = _spend(s.hands[seat], s.market, s.discard, spent)
    h = tuple(x + y for x, y in zip(h, trade.taken, strict=True))
    m = tuple(x - y for x, y in zip(m, trade.taken, strict=True))
    s = _with(
        s,
        phase="main",
        trade=None,
        acted=True,
        coins=_set(s.coins, seat, s.coins[seat] - trade.paid_coins),
        hands=_set(s.hands, seat, h),
        market=m,
        discard=d,
        built=_set(s.built, seat, tuple(sorted(s.built[seat] + trade.taken_buildings))),
        buildings_shown=tuple(b for b in s.buildings_shown if b not in trade.taken_buildings),
    )
    # LF-08: a building taken by trade scores like a built one.
    return _after_points(s) if trade.taken_buildings else _settle(s)


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
    t3 = sum(s.deck[k] for k in TIER3)
    t2 = sum(s.deck[k] for k in TIER2)
    small = sum(map(SMALLNESS.__getitem__, s.building_deck))
    return Observation(
        seat=seat,
        num_players=s.num_players,
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
    )


def _hidden_variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``s``: another seat's card swapped with a deck
    card of the same tier, and cards swapped between two other seats' hands."""
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
        for tier in (TIER2, TIER3):
            mine = [k for k in tier if free[k]]
            deck = [k for k in tier if s.deck[k]]
            pairs = [(x, y) for x in mine for y in deck if x != y]
            if pairs:
                x, y = pairs[rng.randrange(len(pairs))]
                h = _set(_set(hand, x, hand[x] - 1), y, hand[y] + 1)
                d = _set(_set(s.deck, x, s.deck[x] + 1), y, s.deck[y] - 1)
                out.append(_with(s, hands=_set(s.hands, i, h), deck=d))
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
                out.append(_with(s, hands=_set(_set(s.hands, i, hi2), j, hj2)))
    return tuple(out)


# --- messages and checks ----------------------------------------------------------------


def _explain(s: State, a: Any) -> str:
    from boardgames_fr.little_factory.render import good_name

    seat = s.turn
    if s.to_move == CHANCE:
        return "the market is being refilled: only a card draw can happen now"
    phase = s.phase
    if isinstance(a, (DrawGood, DrawBuilding)):
        return "no card is being drawn now"
    if isinstance(a, (BuyBasic, EndExchange)):
        if phase != "exchange":
            return "coins are exchanged for basic goods only before a first-round turn"
        if isinstance(a, BuyBasic):
            if a.good not in BASIC:
                return "only basic goods can be bought with coins"
            if not s.market[a.good]:
                return f"no {good_name(a.good, 'en')} is left in the bottom row"
        return ""
    if isinstance(a, (TakeGood, TakeBuilding, StopTaking)):
        if phase != "take":
            return "nothing is being traded: start a trade first"
        return "that would cost more than the goods and coins you can pay with"
    if isinstance(a, (PayGood, PayCoin)):
        if phase != "pay":
            return "there is nothing to pay now"
        if isinstance(a, PayCoin):
            return f"seat {seat} has no coin left to pay with"
        return f"seat {seat} has no {good_name(a.good, 'en')} left to pay with"
    if isinstance(a, Discard):
        if phase != "discard":
            return f"seat {seat} is not above the hand limit at the end of the turn"
        return f"seat {seat} has no {good_name(a.good, 'en')} to discard"
    if phase == "discard":
        return f"seat {seat} must first discard down to {s.options.hand_limit} cards"
    if phase in ("take", "pay"):
        return "finish the trade first"
    if phase == "exchange":
        return "finish the first-round coin exchange first"
    if isinstance(a, (ProduceBasic, Produce, Build, StartTrade)) and s.acted:
        return f"seat {seat} has already produced or traded this turn"
    if isinstance(a, UseBuilding):
        if s.used_building:
            return f"seat {seat} has already used a building this turn"
        if a.building not in s.built[seat]:
            return f"seat {seat} has no such building"
        return "the building's goods are not in hand or its product is not in the market"
    if isinstance(a, EndTurn):
        return f"seat {seat} must produce or trade first"
    if isinstance(a, (Produce, ProduceBasic)):
        if not 0 <= a.good < NUM_GOODS or not s.market[a.good]:
            return "that good is not in the market (a discarded good cannot be produced)"
        return f"seat {seat} lacks the goods of that recipe"
    if isinstance(a, Build):
        if a.building not in s.buildings_shown:
            return "that building is not in the market"
        return f"seat {seat} lacks the goods of its build recipe"
    if isinstance(a, StartTrade):
        return f"seat {seat} cannot pay for anything in the market"
    return ""


def _validate(s: State) -> None:
    n = s.num_players
    if s.phase not in PHASES:
        raise InvalidStateError("state.phase", f"{s.phase!r} is not one of {PHASES}")
    if s.end not in ("", "points", "tokens", "rounds"):
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


def _describe(a: Action, s: State | None, lang: str) -> str:
    from boardgames_fr.little_factory.render import describe_action

    return describe_action(a, s, lang)


def _render(s: State, lang: str) -> str:
    from boardgames_fr.little_factory.render import render_text

    return render_text(s, lang)


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
    validate=_validate,
    hidden_variants=_hidden_variants,
)
