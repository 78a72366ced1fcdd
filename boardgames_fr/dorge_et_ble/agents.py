"""A rules-aware bot for D'Orge et de Blé: it reads only its own observation.

It scores each legal action with a few plain heuristics and plays the best one (ties
broken by its own seeded generator):

- sell whenever it can, the weaker good first (only the lower total counts, DB-12);
- upgrade to clean up full buildings (DB-10); a score upgrade is worth what it adds to
  its good, a bonus « au choix » what it adds to the weaker good (DB-12, DB-14);
- harvest the tokens its hand's recipes need, without overflowing its barn (DB-08);
- give away the tokens it needs least, keep the ones it needs most;
- in a drought year, barter for a clearly better card than it holds, giving the card of
  its hand that is least useful now (DB-06);
- with its last card of the game, play what scores most at the count, as the rules count
  it (`rules.count_totals`): a harvest that fills its Grange for a barn bonus (DB-15)
  beats a sale of the good it already leads, whatever tokens overflow.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.rules import (
    YEARS,
    count_totals,
    harvest_bonus,
    harvest_gain,
    sale_cost,
)
from boardgames_fr.dorge_et_ble.state import DISCARD, KEEP, PLAY, Observation

__all__ = ["HeuristicAgent"]

GIVE_WEIGHT = 0.1  # what a barter costs for each point the card given is worth now


def _value(t: tuple[int, int]) -> float:
    # Only the lower total scores; the other breaks ties (DB-12, DB-13).
    return 3.0 * min(t) + 0.5 * max(t)


class HeuristicAgent:
    """Greedy one-step evaluation of the legal actions.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=1)
        >>> a = HeuristicAgent(seed=2).act(db.observe(s, 0), db.legal_actions(s))
        >>> a in db.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """The legal action with the best heuristic value."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        obs: Observation = observation
        if obs.seat is None or len(legal_actions) == 1:
            return legal_actions[0]
        if _last_card(obs, obs.seat):
            # Nothing is played after this card but the other's: only the count matters.
            keys = [_end_key(obs, obs.seat, a) for a in legal_actions]
            top = max(keys)
            legal_actions = [a for a, k in zip(legal_actions, keys, strict=True) if k == top]
        need = self._need(obs)
        best: list[Any] = []
        best_v = -1e9
        for a in legal_actions:
            v = self._score(obs, a, need)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[self._rng.randrange(len(best))]

    # --- pieces -------------------------------------------------------------------------

    def _need(self, obs: Observation) -> list[float]:
        """How much each resource is wanted: the recipes of the cards in reach."""
        seat = obs.seat if obs.seat is not None else 0
        t = obs.totals[seat]
        weak = 0 if t[0] <= t[1] else 1
        need = [0.0] * D.NUM_RES
        cards = list(obs.hand) + list(obs.known) + list(obs.barter)
        if obs.pending >= 0:
            cards.append(obs.pending)
        for c in cards:
            w = 1.5 if D.CARD_GOOD[c] == weak else 1.0
            for r in range(D.NUM_RES):
                need[r] += w * D.CARD_RECIPE[c][r] / 4.0
        need[0] += 0.5  # water is in every recipe
        return need

    def _score(self, obs: Observation, a: Any, need: list[float]) -> float:
        seat = obs.seat if obs.seat is not None else 0
        barn = obs.barns[seat]
        if obs.phase == DISCARD and isinstance(a, Discard):
            return barn[a.resource] - 2.0 * need[a.resource]
        if obs.phase == KEEP and isinstance(a, Keep):
            return need[a.resource] - 0.3 * barn[a.resource]
        if isinstance(a, Barter):
            # DB-06: barter only for a clearly better card than any in hand, and give the
            # least useful card: it leaves the hand, for the other player to take.
            take = self._card_value(obs, seat, a.take, "any", need)
            return take - 1.5 - GIVE_WEIGHT * self._card_value(obs, seat, a.give, "any", need)
        if isinstance(a, Harvest):
            return self._harvest_value(obs, seat, a.card, need)
        if isinstance(a, Sell):
            return self._card_value(obs, seat, a.card, "sell", need)
        if isinstance(a, Upgrade):
            return self._upgrade_value(obs, seat, a, need)
        return 0.0

    def _card_value(
        self, obs: Observation, seat: int, card: int, how: str, need: list[float]
    ) -> float:
        if how == "sell":
            t = list(obs.totals[seat])
            before = _value((t[0], t[1]))
            t[D.CARD_GOOD[card]] += D.CARD_COINS[card]
            return 4.0 + _value((t[0], t[1])) - before
        # The best of what the card could do (for a barter).
        best = self._harvest_value(obs, seat, card, need)
        if _can_sell(obs, seat, card):
            best = max(best, self._card_value(obs, seat, card, "sell", need))
        return best

    def _harvest_value(self, obs: Observation, seat: int, card: int, need: list[float]) -> float:
        column = (*obs.columns[seat], card)
        plus = harvest_bonus(obs, seat)
        barn = obs.barns[seat]
        room = obs.capacities[seat] - sum(barn)
        gained = 0.0
        count = 0
        for r in range(D.NUM_RES):
            if not D.CARD_HARVEST[card][r]:
                continue
            want = plus[r] + sum(D.CARD_HARVEST[c][r] for c in column)
            got = min(want, obs.fields[r])
            useful = max(0.0, min(float(got), need[r] * 2.0 - barn[r] + 1.0))
            gained += useful * (0.6 + 0.2 * min(need[r], 3.0))
            count += got
        over = max(0, count - room)
        late = 0.4 if obs.year == 6 and obs.hand_sizes[seat] <= 2 else 1.0
        return late * gained - 0.5 * over

    def _upgrade_value(self, obs: Observation, seat: int, a: Upgrade, need: list[float]) -> float:
        _icon, effect, value, _r = D.CARD_UPGRADE[a.card]
        full = sum(1 for c in obs.buildings[seat] if c >= 0)
        years_left = 7 - obs.year
        v = 3.0 * full * (1.0 if years_left > 1 or obs.hand_sizes[seat] > 1 else 0.0)
        t = obs.totals[seat]
        if effect in (D.BONUS, D.BARN_BONUS):
            good = D.CARD_SCORE_GOOD[a.card]
            if good == D.CHOICE:
                # DB-14: the final count gives the coins to the weaker good (roughly).
                after = (min(t) + value, max(t))
            else:
                # DB-12: the coins count for their own good only.
                after = (t[0] + value, t[1]) if good == D.BEER else (t[0], t[1] + value)
            gain = _value(after) - _value(t)
            if effect == D.BARN_BONUS:
                mine, theirs = sum(obs.barns[seat]), sum(obs.barns[1 - seat])
                gain *= 0.8 if mine >= theirs + 2 else 0.25
            v += gain
        elif effect == D.BARN_SIZE:
            v += 0.25 * years_left
        else:
            v += 0.4 * years_left
        return v


def _can_sell(obs: Observation, seat: int, card: int) -> bool:
    """DB-09: the building of the card's good is empty and the barn pays the recipe."""
    if obs.buildings[seat][D.CARD_GOOD[card]] >= 0:
        return False
    barn = obs.barns[seat]
    return all(barn[r] >= n for r, n in enumerate(sale_cost(obs, seat, card)))


def _last_card(obs: Observation, seat: int) -> bool:
    """The seat plays its last card of the game now (year 6, no card left after it)."""
    left = obs.hand_sizes[seat] + (obs.pending >= 0)
    return obs.phase == PLAY and obs.year == YEARS and left == 1


def _end_key(obs: Observation, seat: int, a: Any) -> tuple[int, int]:
    """DB-12, DB-13: the seat's (lower, higher) total if the game were counted right after
    ``a``, from the observation: the rules' own harvest, cost and count, the barn bonus
    judged on the Granges after the move (DB-15). A harvest's overflow fills the Grange
    and goes to the other Grange as far as it has room (DB-08)."""
    if isinstance(a, Barter):
        # DB-06: the card taken is played at once: the best of what it can do.
        take = a.take
        options: list[Any] = [Harvest(take), Upgrade(take)]
        if _can_sell(obs, seat, take):
            options.append(Sell(take))
        return max(_end_key(obs, seat, b) for b in options)
    coins = [0, 0]
    for c in (*obs.sold[seat], *obs.buildings[seat]):
        if c >= 0:
            coins[D.CARD_GOOD[c]] += D.CARD_COINS[c]
    ups = obs.upgrades[seat]
    mine, theirs = sum(obs.barns[seat]), sum(obs.barns[1 - seat])
    if isinstance(a, Harvest):
        full = mine + sum(harvest_gain(obs, seat, a.card))
        over = max(0, full - obs.capacities[seat])
        mine = full - over
        theirs = max(theirs, min(theirs + over, obs.capacities[1 - seat]))
    elif isinstance(a, Sell):
        coins[D.CARD_GOOD[a.card]] += D.CARD_COINS[a.card]
        mine -= sum(sale_cost(obs, seat, a.card))
    elif isinstance(a, Upgrade):
        ups = (*ups, a.card)
    t = count_totals((coins[0], coins[1]), ups, mine, theirs)
    return (min(t), max(t))
