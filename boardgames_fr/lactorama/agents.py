"""HeuristicAgent: a sensible dairy farmer.

It picks a conviction to aim for (its filière's own: Écolo the green pawns, Sociétale the
bons, Techno the size; or whichever it is closest to), values everything in euros
(hectares and cows at their end value plus the income they bring in the seasons left,
bons and green pawns by how much they serve its aim), buys cows while it keeps a cash
reserve, takes optional cards worth their price, and answers offers by that valuation,
refusing whatever brings a rival close to a conviction win.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    AcceptCard,
    AcceptOffer,
    BuyCows,
    ChangeFiliere,
    ChooseFiliere,
    ChooseNeighbour,
    DeclineCard,
    EndNegoce,
    EndPurchase,
    EndYear,
    Give,
    GiveLand,
    KeepBons,
    MakeOffer,
    ProposeAlliance,
    RefuseOffer,
    Repay,
    SellCows,
    Take,
)
from boardgames_fr.lactorama.cards import effect_on
from boardgames_fr.lactorama.farms import ELIM, QTY, conviction, convictions_closed
from boardgames_fr.lactorama.negoce import trade
from boardgames_fr.lactorama.state import (
    END_BONS,
    END_GREEN,
    END_SIZE,
    KIND_BONS,
    KIND_COWS,
    KIND_FILIERE,
    KIND_HA,
    KIND_MONEY,
    KIND_NOTHING,
    Farm,
    Observation,
)

__all__ = ["HeuristicAgent", "aim", "farm_worth"]

WIN = D.CONVICTIONS
NATURAL = {"ecolo": END_GREEN, "societale": END_BONS, "techno": END_SIZE}
FOR_AIM = {v: k for k, v in NATURAL.items()}
RESERVE = 3000
# The effect kinds that change the farm itself (`cards.effect_on`; the others move the
# pawn, open a shop or pay the neighbour).
_FARM_EFFECTS = frozenset(("money", "bons", "green", "land", "cows"))
PER_COW = D.ECONOMY["income_basis"]["per_cow"]  # a cow's share of a season's accounts
PRICES: dict[str, int] = D.ECONOMY["prices"]
START: dict[str, int] = D.ECONOMY["start"]  # LA-02


def farm_worth(f: Farm) -> int:
    """The end-of-game value of a farm (LA-20)."""
    return f.ha * PRICES["land_end_per_ha"] + f.cows * PRICES["cow_buy"] + f.money - f.loans * 2000


def _progress(f: Farm) -> dict[str, float]:
    """How far the farm has come towards each conviction (LA-18), from where every farm
    starts (LA-02: 44 ha, 40 cows, 4 bons, no green pawn) to the goal, 0 to 1. Counted
    from 0 instead, the size looked half won at the start (44 / 92 ha, 40 / 80 cows), so
    every farm aimed at it and an Écolo farm declined its first green pawn (a quarter of the
    green conviction) for 1,500 €."""
    return {
        END_GREEN: f.green / WIN["green"],
        END_BONS: max(0, f.bons - START["bons"]) / (WIN["bons"] - START["bons"]),
        END_SIZE: max(
            0.0,
            min(
                (f.ha - START["ha"]) / (WIN["ha"] - START["ha"]),
                (f.cows - START["cows"]) / (WIN["cows"] - START["cows"]),
            ),
        ),
    }


def aim(f: Farm) -> str:
    """The conviction the farm plays for: its filière's, unless another is much closer."""
    prog = _progress(f)
    natural = NATURAL.get(f.filiere, END_SIZE)
    best = max(prog, key=lambda k: prog[k])
    return best if prog[best] > prog[natural] + 0.25 else natural


def _seasons_left(obs: Observation) -> int:
    return max(0, (obs.options.years - obs.year) * 4 - obs.season - 1)


def _wins(obs: Observation, f: Farm) -> bool:
    """Whether farm ``f`` (after a move) wins by conviction at once, as the rules judge it
    (`farms.conviction`; LA-17: nobody after an alliance with
    ``alliance_ends_convictions``; LA-19: never under 20 cows)."""
    if convictions_closed(obs.options, obs.farms):
        return False
    return f.cows >= ELIM and bool(conviction(f))


def _hope(seasons_left: int) -> float:
    """How much a step towards a conviction is still worth: fully with 3 seasons or more
    to go, a third in the last winter's season before, nothing in the last one."""
    return min(1.0, seasons_left / 3)


class HeuristicAgent:
    """A sensible farmer; sees only its observation.

    Example:
        >>> import boardgames_fr as bgf
        >>> m = bgf.get_game("lactorama")
        >>> s = m.new_game(2, seed=3)
        >>> bot = m.HeuristicAgent(seed=1)
        >>> bot.act(m.observe(s, s.to_move), m.legal_actions(s)) in m.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)
        self._plan: tuple[Give, Take] | None = None

    def _best(self, items: Sequence[Any], key: Any, lowest: bool = False) -> Any:
        """The item of highest ``key`` (lowest with ``lowest``); among items that score
        equally, one drawn by the agent's seeded generator, so that agents of different
        seeds play different games (issue #21)."""
        scores = [key(x) for x in items]
        top = min(scores) if lowest else max(scores)
        ties = [x for x, sc in zip(items, scores, strict=True) if sc == top]
        return ties[0] if len(ties) == 1 else ties[self._rng.randrange(len(ties))]

    # --- valuation ------------------------------------------------------------------

    def _unit_values(self, obs: Observation, farm: Farm) -> dict[str, float]:
        sl = _seasons_left(obs)
        goal = aim(farm)
        full = farm.cows + 2 > farm.ha
        ha = 3000 + 50 * sl + (200 * sl if full or goal == END_SIZE else 0)
        # Bons and green pawns count for nothing in the final balance (LA-20): what they
        # are worth as a step to a conviction fades as the last seasons run out.
        # A conviction one card away keeps its whole worth to the last turn.
        hope = _hope(sl)
        bons_hope = 1.0 if farm.bons >= WIN["bons"] - 3 else hope
        green_hope = 1.0 if farm.green >= WIN["green"] - 1 else hope
        return {
            KIND_HA: ha,
            KIND_COWS: 2500 + 200 * sl,
            KIND_MONEY: 1.0,
            KIND_BONS: 500.0 + (2000.0 * bons_hope if goal == END_BONS else 0.0),
            END_GREEN: (6000.0 if goal == END_GREEN else 800.0) * green_hope,
        }

    def _swap_value(self, obs: Observation, farm: Farm, other: str) -> float:
        goal = aim(farm)
        gain = (4000.0 if NATURAL.get(other) == goal else 0.0) - (
            4000.0 if NATURAL.get(farm.filiere) == goal else 0.0
        )
        return gain * _hope(_seasons_left(obs))

    def _card_value(self, obs: Observation, farm: Farm, plain: bool = False) -> float:
        """What accepting the card is worth to ``farm``; ``plain``: as printed, without
        the filière factor (`AcceptCard`)."""
        card = D.CARDS[obs.card]
        vals = self._unit_values(obs, farm)
        m_all = card.filiere == farm.filiere and not plain
        total = 0.0
        for e in card.effects:
            if e.who != "self":
                continue
            m = e.x if m_all else 1
            if e.kind == "money":
                total += e.amount * m
            elif e.kind == "bons":
                total += e.n * m * vals[KIND_BONS]
            elif e.kind == "green":
                total += e.n * m * vals[END_GREEN]
            elif e.kind == "land":
                blocks = e.blocks * m
                total += blocks * D.BLOCK * vals[KIND_HA] - e.price * max(blocks, 0)
                if blocks < 0:
                    excess = max(0, farm.cows - (farm.ha + blocks * D.BLOCK))
                    total -= excess * (vals[KIND_COWS] - 2000)
        return total

    def _card_wins(self, obs: Observation, farm: Farm, plain: bool) -> bool:
        """Whether accepting the card brings ``farm`` a conviction at once (LA-18)."""
        card = D.CARDS[obs.card]
        m_all = card.filiere == farm.filiere and not plain
        for e in card.effects:  # the card's effects on the farm, applied by the rules
            if e.who == "self" and e.kind in _FARM_EFFECTS:
                farm, _ = effect_on(farm, e, e.x if m_all else 1, True)
        return _wins(obs, farm)

    def _threat(self, obs: Observation, farm: Farm, kind: str, qty: int, card: str = "") -> bool:
        """Whether handing ``qty`` of ``kind`` to ``farm`` brings it near a conviction;
        for a filière swap, whether ``card`` (our filière) is the one whose cards, some
        of them doubled for its farms (LA-13), push the conviction that farm nearly has."""
        if farm.allied:
            return False
        if kind == KIND_BONS:
            return farm.bons + qty >= WIN["bons"] - 4
        if kind in (KIND_HA, KIND_COWS):
            ha = farm.ha + (qty if kind == KIND_HA else 0)
            cows = farm.cows + (qty if kind == KIND_COWS else 0)
            return ha >= WIN["ha"] - 16 and cows >= WIN["cows"] - 16
        if kind == KIND_FILIERE:
            near = {
                END_GREEN: farm.green >= WIN["green"] - 1,
                END_BONS: farm.bons >= WIN["bons"] - 4,
                END_SIZE: farm.ha >= WIN["ha"] - 16 and farm.cows >= WIN["cows"] - 16,
            }
            return near.get(NATURAL.get(card, ""), False)
        return False

    def _offer_value(self, obs: Observation, me: Farm, other: Farm, give: Any, take: Any) -> float:
        """What an offer is worth to ``me``, who gives ``give`` and takes ``take``."""
        vals = self._unit_values(obs, me)
        total = 0.0
        for item, sign in ((give, -1), (take, 1)):
            if item.kind == KIND_FILIERE:
                total += self._swap_value(obs, me, other.filiere)
            elif item.kind != KIND_NOTHING:
                total += sign * item.qty * vals[item.kind]
        return total

    # --- decisions ------------------------------------------------------------------

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions`` from what the observation shows."""
        obs: Observation = observation
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        seat = obs.seat if obs.seat is not None else obs.to_move
        fi = obs.farm_of[seat]
        me = obs.farms[fi]
        ph = obs.phase
        if ph == "shop":
            return self._shop(obs, me, legal)
        if ph == "card":
            # The best acceptance on offer (with the filière factor or as printed), if
            # it is worth anything.
            accepts = [a for a in legal if isinstance(a, AcceptCard)]
            for a in accepts:  # a card that wins the game now is taken, whatever it costs
                if self._card_wins(obs, me, a.plain):
                    return a
            offers = [(self._card_value(obs, me, a.plain), a) for a in accepts]
            value, best = self._best(offers, lambda offer: offer[0])
            return best if value > 0 else DeclineCard()
        if ph == "neighbour":
            return self._neighbour(obs, legal)
        if ph == "negoce":
            return self._negoce(obs, fi, me, legal)
        if ph == "offer_give":
            return self._give(obs, me, legal)
        if ph == "offer_take":
            return self._take(obs, me, legal)
        if ph == "offer_answer":
            return self._answer(obs, fi, me)
        if ph == "alliance_answer":
            return AcceptOffer() if self._wants_alliance(obs, fi) else RefuseOffer()
        if ph == "year_end":
            return self._year_end(obs, fi, me, legal)
        if ph == "handout":
            gives = [a for a in legal if isinstance(a, GiveLand)]
            return self._best(gives, lambda a: farm_worth(obs.farms[a.farm]), lowest=True)
        if ph == "filiere_choice":
            choices = [a for a in legal if isinstance(a, ChooseFiliere)]
            return choices[self._rng.randrange(len(choices))]
        if ph == "alliance_filiere":
            # No conviction win after an alliance (LA-17): keep the larger farm's filière.
            keep = ChooseFiliere(me.filiere)
            return keep if keep in legal else legal[0]
        if ph == "alliance_bons":
            piles = [a for a in legal if isinstance(a, KeepBons)]
            return self._best(piles, lambda a: obs.farms[a.farm].bons)
        return legal[self._rng.randrange(len(legal))]

    def _shop(self, obs: Observation, me: Farm, legal: list[Any]) -> Any:
        # LA-18: the pair that brings the herd to 80 cows on 92 ha wins at once.
        near = me.ha >= WIN["ha"] and me.cows + 2 >= WIN["cows"]
        if near and _wins(obs, attrs.evolve(me, cows=me.cows + 2)):
            return BuyCows(False) if BuyCows(False) in legal else BuyCows(True)
        if _seasons_left(obs) < 1:
            # The last season: a pair counts 2 x 2,500 at the end (LA-20) and earns this
            # winter's accounts (LA-06), so it is worth buying cash when it costs no more.
            gain = 2 * (PRICES["cow_buy"] - obs.shop_price) + 2 * PER_COW
            cash = BuyCows(False) in legal and me.money - 2 * obs.shop_price >= RESERVE
            return BuyCows(False) if gain > 0 and cash else EndPurchase()
        price = 2 * obs.shop_price
        goal = aim(me)
        reserve = RESERVE // 3 if goal == END_SIZE else RESERVE
        if goal == END_SIZE and BuyCows(True) in legal and me.money - price + 4000 >= reserve:
            return BuyCows(True)  # borrow, and keep the cash for land
        if BuyCows(False) in legal and me.money - price >= reserve:
            return BuyCows(False)
        loan_ok = goal != END_BONS or me.bons > WIN["bons"]
        if BuyCows(True) in legal and loan_ok and me.money - (price - 4000) >= reserve:
            return BuyCows(True)
        return EndPurchase()

    def _neighbour(self, obs: Observation, legal: list[Any]) -> Any:
        card = D.CARDS[obs.card]
        choices = [a for a in legal if isinstance(a, ChooseNeighbour)]
        helps = any(
            (e.who == "neighbour" and (e.n > 0 or e.amount > 0 or e.pairs > 0))
            or (e.kind == "pay_neighbour" and e.amount > 0)
            for e in card.effects
        )
        key = lambda a: farm_worth(obs.farms[a.farm]) + 5000 * obs.farms[a.farm].bons  # noqa: E731
        return self._best(choices, key, lowest=helps)

    def _negoce(self, obs: Observation, fi: int, me: Farm, legal: list[Any]) -> Any:
        self._plan = None
        offers = [a for a in legal if isinstance(a, MakeOffer)]
        goal = aim(me)
        vals = self._unit_values(obs, me)
        # The partner with the most land to spare (a tie drawn by the seed).
        spare = (
            self._best(offers, lambda a: obs.farms[a.farm].ha - obs.farms[a.farm].cows)
            if offers
            else None
        )
        # More land when the herd fills it: pay less than the land is worth to us.
        if spare and (me.cows + 4 > me.ha or goal == END_SIZE):
            partner = obs.farms[spare.farm]
            if partner.ha - partner.cows >= 8:
                cap = min(8 * vals[KIND_HA] * 0.85, me.money - RESERVE)
                prices = [p for p in QTY[KIND_MONEY] if 8000 <= p <= cap]
                if prices:
                    self._plan = (Give(KIND_MONEY, max(prices)), Take(KIND_HA, 8))
                    return spare
        # Bons or a filière card bought only while they are worth their price (`_hope`).
        if (
            goal == END_BONS
            and 2 * vals[KIND_BONS] > 3000
            and me.money >= 4000 + RESERVE
            and offers
        ):
            partner_i = self._best(offers, lambda a: obs.farms[a.farm].bons, lowest=True)
            if obs.farms[partner_i.farm].bons >= 4:
                self._plan = (Give(KIND_MONEY, 3000), Take(KIND_BONS, 2))
                return partner_i
        want = FOR_AIM.get(goal, "")
        worth = self._swap_value(obs, me, want) if want else 0.0
        if want and me.filiere != want and worth > 3000 and me.money >= 3000 + RESERVE:
            sellers = [a for a in offers if obs.farms[a.farm].filiere == want]
            if sellers:
                self._plan = (Give(KIND_MONEY, 3000), Take(KIND_FILIERE, 0))
                return self._best(sellers, lambda a: 0)  # any seller: one drawn by the seed
        return EndNegoce()

    def _give(self, obs: Observation, me: Farm, legal: list[Any]) -> Any:
        if self._plan is not None and self._plan[0] in legal:
            return self._plan[0]
        gives = [a for a in legal if isinstance(a, Give)]
        return self._best(gives, lambda a: a.qty if a.kind == KIND_MONEY else 10**6, lowest=True)

    def _take(self, obs: Observation, me: Farm, legal: list[Any]) -> Any:
        if self._plan is not None and self._plan[1] in legal:
            plan, self._plan = self._plan, None
            return plan[1]
        offer = obs.offer
        other = obs.farms[offer.partner] if offer is not None else me
        give = Give(offer.give, offer.give_qty) if offer is not None else Give(KIND_NOTHING, 0)
        takes = [a for a in legal if isinstance(a, Take)]
        return self._best(takes, lambda a: self._offer_value(obs, me, other, give, a))

    def _answer(self, obs: Observation, fi: int, me: Farm) -> Any:
        offer = obs.offer
        if offer is None:
            return RefuseOffer()
        proposer = obs.farms[obs.farm_of[obs.actor]]
        # The proposer gives offer.give and takes offer.take: the reverse for us.
        value = self._offer_value(
            obs, me, proposer, Give(offer.take, offer.take_qty), Take(offer.give, offer.give_qty)
        )
        if _wins(obs, trade(proposer, me, offer)[1]):
            return AcceptOffer()  # the trade wins the game for us (LA-11, LA-18)
        if self._threat(obs, proposer, offer.take, offer.take_qty, me.filiere):
            return RefuseOffer()
        free = offer.take == KIND_NOTHING and value > 0  # a gift for nothing
        return AcceptOffer() if value > 500 or free else RefuseOffer()

    def _wants_alliance(self, obs: Observation, fi: int) -> bool:
        worths = [farm_worth(f) for f in obs.farms if f.status == "active"]
        return farm_worth(obs.farms[fi]) < 0.85 * max(worths)

    def _year_end(self, obs: Observation, fi: int, me: Farm, legal: list[Any]) -> Any:
        goal = aim(me)
        if SellCows() in legal and me.money < RESERVE and me.cows - 2 >= 24:
            return SellCows()  # LA-12 option: cash for next year's payments
        if Repay() in legal and (me.money > 20000 or (goal == END_BONS and me.money > 8000)):
            return Repay()
        want = FOR_AIM.get(goal, "")
        change = ChangeFiliere(want)
        rich = me.money >= 5000 + 2 * RESERVE
        # A filière card helps only in seasons still to come: none after the last year end.
        later = _seasons_left(obs) > 0
        if want != me.filiere and change in legal and rich and _progress(me)[goal] >= 0.5 and later:
            return change
        alliances = [a for a in legal if isinstance(a, ProposeAlliance)]
        if alliances and self._wants_alliance(obs, fi):
            leader = max(
                range(len(obs.farms)),
                key=lambda i: farm_worth(obs.farms[i]) if obs.farms[i].status == "active" else -1,
            )
            others = [a for a in alliances if a.farm != leader]
            if others:
                return self._best(others, lambda a: farm_worth(obs.farms[a.farm]), lowest=True)
        return EndYear()
