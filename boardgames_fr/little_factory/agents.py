"""A rules-aware bot for Little Factory: build when it can, trade for buildings it can
afford, otherwise produce the good that gains most value, and pay without waste.

It looks one move ahead within its own turn, on its observation only: a turn is one
production or trade and one building action, in either order (LF-03), so a building
action that yields the last good of a build recipe, or a trade that brings the goods of a
building's victory points, is worth what it leads to; and a move that wins at once
(LF-01) comes before anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from operator import add, mul

from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory.actions import (
    Action,
    Build,
    BuyBasic,
    Discard,
    EndExchange,
    EndTurn,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import BUILDINGS, GOODS
from boardgames_fr.little_factory.rules import PAY_COIN, PAY_GOOD
from boardgames_fr.little_factory.state import PHASE_PAY, Observation

__all__ = ["HeuristicAgent"]

_VALUE = tuple(g.value for g in GOODS)
_NG = len(GOODS)
Needs = tuple[tuple[int, int], ...]
# LF-08: per building, its victory-point effects as (points, (good, count) needed).
_VP_EFFECTS = {
    b.id: tuple((alt.points, alt.needs()) for alt in b.effect if alt.gain is None)
    for b in BUILDINGS.values()
}
_BUILD_NEEDS = {
    b.id: tuple((k, b.build.count(k)) for k in sorted(set(b.build))) for b in BUILDINGS.values()
}
_WIN = 1000  # a move after which the turn reaches the target points (LF-01)


def _wanted(obs: Observation) -> set[int]:
    """Goods that the build recipes of the market's buildings ask for."""
    return {k for b in obs.buildings_shown for k in BUILDINGS[b].build}


def _has(hand: Sequence[int], needs: Needs) -> bool:
    return all(hand[k] >= c for k, c in needs)


def _value(hand: Sequence[int]) -> int:
    return sum(map(mul, hand, _VALUE))


def _moved(hand: tuple[int, ...], spend: Sequence[int], gain: int | None) -> tuple[int, ...]:
    """The hand after spending ``spend`` and gaining ``gain``."""
    out = list(hand)
    for k in spend:
        out[k] -= 1
    if gain is not None:
        out[gain] += 1
    return tuple(out)


class _Turn:
    """What the seat to move can still score this turn, read from its observation."""

    def __init__(self, obs: Observation) -> None:
        seat = obs.turn
        self.hand: tuple[int, ...] = obs.hand or (0,) * _NG
        self.coins = obs.coins[seat] if obs.seat is not None else 0
        self.budget = _value(self.hand) + self.coins  # what a trade can pay (LF-05)
        self.wanted = _wanted(obs)
        self._trades: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]] = {}
        self.to_win = obs.target_points - obs.points[seat]
        self.shown = obs.buildings_shown
        self.market = obs.market
        supply = obs.token_supply
        # LF-03: the building action is still free; its VP effects give at most the
        # tokens left (Choices « VP effects when tokens are short »).
        self.effects: list[tuple[int, Needs]] = []
        if not obs.used_building:
            for b in obs.built[seat]:
                for pts, needs in _VP_EFFECTS[b]:
                    self.effects.append((min(pts, supply), needs))

    def effect_vp(self, hand: Sequence[int]) -> int:
        """The best VP a building action gives with ``hand``."""
        if not self.effects:
            return 0
        return max((p for p, needs in self.effects if _has(hand, needs)), default=0)

    def build_vp(self, hand: Sequence[int]) -> int:
        """The best VP of a shown building whose build recipe ``hand`` holds (LF-08)."""
        return max((BUILDINGS[b].vp for b in self.shown if _has(hand, _BUILD_NEEDS[b])), default=0)

    def buy_vp(self, budget: int) -> int:
        """The best VP of one or two shown buildings that ``budget`` pays for in a trade
        (LF-05, LF-08)."""
        free = [b for b in self.shown if BUILDINGS[b].cost <= budget]
        best = max((BUILDINGS[b].vp for b in free), default=0)
        for x, y in combinations(free, 2):
            if BUILDINGS[x].cost + BUILDINGS[y].cost <= budget:
                best = max(best, BUILDINGS[x].vp + BUILDINGS[y].vp)
        return best

    def missing(self, needs: Needs, have: Sequence[int]) -> tuple[int, list[int], int] | None:
        """For an effect's ``needs`` and the goods it will hold (``have``): (the value of
        the needed goods held, which must not be paid, the goods still to take, their
        value); None when the market does not show them."""
        kept = 0
        lack: list[int] = []
        for k, c in needs:
            held = min(have[k], c)
            kept += min(self.hand[k], c) * _VALUE[k]
            if c > held:
                if self.market[k] < c - held:
                    return None
                lack += [k] * (c - held)
        return kept, lack, sum(_VALUE[k] for k in lack)

    def effect_trade(self, budget: int, taken: Sequence[int]) -> tuple[int, tuple[int, ...]]:
        """The best VP effect a trade can bring the goods for: (points, goods to take)."""
        if not self.effects:
            return (0, ())
        key = (budget, tuple(taken))
        if key in self._trades:
            return self._trades[key]
        have = tuple(map(add, self.hand, taken))
        best: tuple[int, tuple[int, ...]] = (0, ())
        for pts, needs in self.effects:
            found = self.missing(needs, have)
            if found is None:
                continue
            kept, lack, price = found
            if pts > best[0] and price <= budget - kept:
                best = (pts, tuple(lack))
        self._trades[key] = best
        return best


class HeuristicAgent:
    """Greedy on a simple value scale, one move ahead within its turn; ties broken by its
    own seeded generator.

    Example:
        >>> import boardgames_fr as bgf
        >>> m = bgf.get_game("little_factory")
        >>> s = m.new_game(2, seed=1)
        >>> bot = m.HeuristicAgent(seed=1)
        >>> bot.act(m.observe(s, m.current_player(s)), m.legal_actions(s)) in m.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The best-scoring legal action."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        obs = observation
        if obs.phase == PHASE_PAY:
            return self._pay(obs, legal_actions)
        turn = _Turn(obs)
        best: list[Action] = []
        best_score = -1e9
        for a in legal_actions:
            score = self._score(obs, a, turn)
            if score > best_score:
                best, best_score = [a], score
            elif score == best_score:
                best.append(a)
        return best[self._rng.randrange(len(best))]

    def _score(self, obs: Observation, a: Action, turn: _Turn) -> float:
        hand = turn.hand
        budget = turn.budget
        main = not obs.acted  # the turn's production or trade is still to come (LF-03)
        if isinstance(a, Build):
            vp = BUILDINGS[a.building].vp
            if vp >= turn.to_win or (
                turn.effects
                and vp + turn.effect_vp(_moved(hand, BUILDINGS[a.building].build, None))
                >= turn.to_win
            ):
                return _WIN + vp
            return 100 + 10 * vp
        if isinstance(a, UseBuilding):
            return self._use(obs, a, turn, budget, main)
        if isinstance(a, StartTrade):
            buy = turn.buy_vp(budget)
            fx, _ = turn.effect_trade(budget, (0,) * _NG)
            if max(buy, fx) >= turn.to_win:
                return _WIN
            if buy:
                return 80
            return 90 + 10 * fx if fx else -5
        if isinstance(a, (TakeBuilding, TakeGood, StopTaking)):
            return self._take(obs, a, turn, budget)
        if isinstance(a, (Produce, ProduceBasic)):
            if isinstance(a, Produce):
                spend = GOODS[a.good].recipe[a.alt].spend
                base = 30 + _VALUE[a.good] - sum(_VALUE[k] for k in spend)
                base += 15 if a.good in turn.wanted else 0
            else:
                spend, base = (), 10 - hand[a.good]
            if not turn.effects:
                return base
            # The good made may complete a building's VP effect, run after it.
            fx = turn.effect_vp(_moved(hand, spend, a.good))
            if fx >= turn.to_win:
                return _WIN + fx
            if fx > turn.effect_vp(hand):
                return 89 + 10 * fx
            return base
        if isinstance(a, BuyBasic):
            return 10 - hand[a.good]
        if isinstance(a, EndExchange):
            return 0
        if isinstance(a, Discard):
            return -_VALUE[a.good] + 0.1 * hand[a.good]
        if isinstance(a, EndTurn):
            return 0
        return 0

    def _use(self, obs: Observation, a: UseBuilding, turn: _Turn, budget: int, main: bool) -> float:
        """A building action (LF-08), before or after the turn's production or trade."""
        hand = turn.hand
        alt = BUILDINGS[a.building].effect[a.alt]
        spent = sum(_VALUE[k] for k in alt.spend)
        after = _moved(hand, alt.spend, alt.gain)
        then = 0  # the VP the production or trade still to come can bring
        if main:
            then = max(turn.build_vp(after), turn.buy_vp(_value(after) + turn.coins))
        if alt.gain is None:
            pts = min(alt.points, obs.token_supply)
            if pts + then >= turn.to_win:
                return _WIN + pts
            return 90 + 10 * alt.points
        if then >= turn.to_win:
            return _WIN
        if main:
            # Its product may be the last good of a build recipe, or what a trade for a
            # building still lacked: then it comes first.
            built = turn.build_vp(after)
            if built > turn.build_vp(hand):
                return 99 + 10 * built
            if turn.buy_vp(_value(after) + turn.coins) > turn.buy_vp(budget):
                return 85
        return 20 + _VALUE[alt.gain] - spent

    def _take(self, obs: Observation, a: Action, turn: _Turn, budget: int) -> float:
        """What to take in a trade (LF-05): buildings, or the goods of a VP effect."""
        trade = obs.trade
        taken = trade.taken if trade is not None else (0,) * _NG
        taken_b = trade.taken_buildings if trade is not None else ()
        left = budget - (trade.price if trade is not None else 0)
        taken_vp = sum(BUILDINGS[b].vp for b in taken_b)
        fx, lack = turn.effect_trade(left, taken)
        if isinstance(a, TakeBuilding):
            card = BUILDINGS[a.building]
            if taken_vp + card.vp + (fx if not lack else 0) >= turn.to_win:
                return _WIN + card.vp
            if fx > card.vp:
                # Paying for it would spend the goods of a better VP effect.
                kept_fx, _ = turn.effect_trade(left - card.cost, taken)
                if kept_fx < fx:
                    return 100
            return 200 + 10 * card.vp - card.cost
        if isinstance(a, TakeGood):
            if a.good in lack:
                return (_WIN if taken_vp + fx >= turn.to_win else 180) + 10 * fx
            return _VALUE[a.good]
        # StopTaking
        if fx and not lack:
            return _WIN if taken_vp + fx >= turn.to_win else 150
        return 150 if taken_b else 0

    def _pay(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Pay the next card of the way to cover the rest of the price that overpays least.

        LF-05: the last card may overpay and gives no change. The goods of a VP effect
        the building action can run once the trade is done are kept when the rest can
        pay. Among equal overpays the bot keeps the goods the market's buildings ask
        for, then spends coins before goods, then as few cards as it can.
        """
        trade, hand = obs.trade, obs.hand
        if trade is None or hand is None:
            return legal[0]
        left = trade.price - trade.paid_value
        coins = obs.coins[obs.turn] - trade.paid_coins
        free = [hand[k] - trade.paid[k] for k in range(len(GOODS))]
        keep = self._keep(obs, free, left, coins)
        free = [f - k for f, k in zip(free, keep, strict=True)]
        kinds = [k for k in range(len(GOODS)) if free[k] > 0]
        wanted = _wanted(obs)
        # Every way to pay, by its value in goods: for each total, the way that spends
        # the fewest goods the buildings ask for, then the fewest cards (then the first
        # in order). A total above the rest plus the dearest card only overpays more, so
        # the table stays small whatever the hand.
        top = left + max((_VALUE[k] for k in kinds), default=0)
        ways: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
        for k in kinds:
            v, need = _VALUE[k], _VALUE[k] if k in wanted else 0
            grown: dict[int, tuple[int, int, tuple[int, ...]]] = {}
            for total, (needed, cards, way) in ways.items():
                for n in range(free[k] + 1):
                    t = total + n * v
                    if t > top:
                        break
                    entry = (needed + n * need, cards + n, (*way, n))
                    if t not in grown or entry < grown[t]:
                        grown[t] = entry
            ways = grown
        best: tuple[int, ...] = ()
        best_key: tuple[int, int, int, int, tuple[int, ...]] | None = None
        for goods, (needed, cards, way) in ways.items():
            coins_paid = min(coins, max(0, left - goods))  # coins fill the gap exactly
            if goods + coins_paid < left:
                continue
            key = (goods + coins_paid - left, needed, goods, cards, way)
            if best_key is None or key < best_key:
                best_key, best = key, way
        paid = [k for n, k in zip(best, kinds, strict=True) if n]
        if paid:  # the largest card first; the order does not change what is paid
            return PAY_GOOD[max(paid, key=lambda k: (_VALUE[k], -k))]
        return PAY_COIN if PAY_COIN in legal else legal[0]

    def _keep(self, obs: Observation, free: list[int], left: int, coins: int) -> list[int]:
        """Goods of the hand not to pay with: those of the best VP effect the building
        action can run after the trade (with what it takes), when the rest still pays."""
        keep = [0] * len(GOODS)
        trade = obs.trade
        if obs.used_building or trade is None:
            return keep
        best = 0
        for b in obs.built[obs.turn]:
            for pts, needs in _VP_EFFECTS[b]:
                if pts <= best:
                    continue
                mine = [0] * len(GOODS)
                for k, c in needs:
                    mine[k] = max(0, c - trade.taken[k])
                if any(m > f for m, f in zip(mine, free, strict=True)):
                    continue
                rest = sum((f - m) * v for f, m, v in zip(free, mine, _VALUE, strict=True))
                if rest + coins >= left:
                    best, keep = pts, mine
        return keep
