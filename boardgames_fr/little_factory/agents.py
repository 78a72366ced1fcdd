"""A rules-aware bot for Little Factory: build when it can, trade for buildings it can
afford, otherwise produce the good that gains most value, and pay without waste."""

from __future__ import annotations

from collections.abc import Sequence

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
from boardgames_fr.little_factory.state import Observation

__all__ = ["HeuristicAgent"]

_VALUE = tuple(g.value for g in GOODS)


class HeuristicAgent:
    """Greedy on a simple value scale; ties broken by its own seeded generator.

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
        if obs.phase == "pay":
            return self._pay(obs, legal_actions)
        best: list[Action] = []
        best_score = -1e9
        for a in legal_actions:
            score = self._score(obs, a)
            if score > best_score:
                best, best_score = [a], score
            elif score == best_score:
                best.append(a)
        return best[self._rng.randrange(len(best))]

    def _wanted(self, obs: Observation) -> set[int]:
        """Goods that the build recipes of the market's buildings ask for."""
        return {k for b in obs.buildings_shown for k in BUILDINGS[b].build}

    def _score(self, obs: Observation, a: Action) -> float:
        hand = obs.hand or (0,) * len(GOODS)
        budget = sum(c * v for c, v in zip(hand, _VALUE, strict=True)) + (
            obs.coins[obs.turn] if obs.seat is not None else 0
        )
        if isinstance(a, Build):
            return 100 + 10 * BUILDINGS[a.building].vp
        if isinstance(a, UseBuilding):
            alt = BUILDINGS[a.building].effect[a.alt]
            spent = sum(_VALUE[k] for k in alt.spend)
            if alt.gain is None:
                return 90 + 10 * alt.points
            return 20 + _VALUE[alt.gain] - spent
        if isinstance(a, StartTrade):
            costs = [BUILDINGS[b].cost for b in obs.buildings_shown]
            return 80 if costs and min(costs) <= budget else -5
        if isinstance(a, TakeBuilding):
            card = BUILDINGS[a.building]
            return 200 + 10 * card.vp - card.cost
        if isinstance(a, TakeGood):
            return _VALUE[a.good]
        if isinstance(a, StopTaking):
            return 150 if obs.trade is not None and obs.trade.taken_buildings else 0
        if isinstance(a, Produce):
            spent = sum(_VALUE[k] for k in GOODS[a.good].recipe[a.alt].spend)
            bonus = 15 if a.good in self._wanted(obs) else 0
            return 30 + _VALUE[a.good] - spent + bonus
        if isinstance(a, ProduceBasic):
            return 10 - hand[a.good]
        if isinstance(a, BuyBasic):
            return 10 - hand[a.good]
        if isinstance(a, EndExchange):
            return 0
        if isinstance(a, Discard):
            return -_VALUE[a.good] + 0.1 * hand[a.good]
        if isinstance(a, EndTurn):
            return 0
        return 0

    def _pay(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Pay the next card of the way to cover the rest of the price that overpays least.

        LF-05: the last card may overpay and gives no change. Among equal overpays the
        bot keeps the goods the market's buildings ask for, then spends coins before
        goods, then as few cards as it can.
        """
        trade, hand = obs.trade, obs.hand
        if trade is None or hand is None:
            return legal[0]
        left = trade.price - trade.paid_value
        coins = obs.coins[obs.turn] - trade.paid_coins
        kinds = [k for k in range(len(GOODS)) if hand[k] > trade.paid[k]]
        wanted = self._wanted(obs)
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
                for n in range(hand[k] - trade.paid[k] + 1):
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
