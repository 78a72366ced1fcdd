"""The Négoce and the alliances (LA-11, LA-16, LA-17): the menus of an offer between two
farms, the trade once accepted, the year-end decisions and the merge of two farms.

Pure functions of the state: the turn loop (rules.py) calls them and moves the game on.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from boardgames_fr.core.fast import replace
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    ChangeFiliere,
    ChooseFiliere,
    EndNegoce,
    EndYear,
    Give,
    KeepBons,
    MakeOffer,
    ProposeAlliance,
    Repay,
    SellCows,
    Take,
)
from boardgames_fr.lactorama.farms import (
    BLOCK,
    CHANGE_COST,
    ECO,
    ELIM,
    FIL_MAX,
    MAX_TICKETS,
    QTY,
    TICKET,
    capped,
    set_farm,
)
from boardgames_fr.lactorama.state import (
    ABSORBED,
    ACTIVE,
    KIND_BONS,
    KIND_COWS,
    KIND_FILIERE,
    KIND_HA,
    KIND_MONEY,
    KIND_NOTHING,
    OFFER_KINDS,
    Farm,
    Offer,
    State,
)

__all__ = [
    "GIFTS",
    "alliance_bons_legal",
    "alliance_filiere_legal",
    "alliance_open",
    "any_give",
    "can_offer_any",
    "delta",
    "give_legal",
    "gives",
    "left_alone",
    "merge",
    "negoce_legal",
    "negoce_open",
    "offer_of",
    "sound_items",
    "split",
    "take_legal",
    "take_menu",
    "take_split",
    "trade",
    "year_end_legal",
    "year_end_menu",
]

# The offers made so far, by their terms: an offer is a frozen value, and building one
# runs the attrs constructor, several times the cost of this look-up.
_OFFERS: dict[tuple[int, str, int, str, int], Offer] = {}


def offer_of(
    partner: int, give: str = "", give_qty: int = 0, take: str = "", take_qty: int = 0
) -> Offer:
    """LA-11, LA-17: the offer to farm ``partner`` with these terms (one object per terms)."""
    key = (partner, give, give_qty, take, take_qty)
    found = _OFFERS.get(key)
    if found is None:
        if len(_OFFERS) > 4096:  # five items and their quantities: a bounded set anyway
            _OFFERS.clear()
        found = _OFFERS[key] = Offer(partner, give, give_qty, take, take_qty)
    return found


# Decision menus, built once: the same action objects every time.
END_NEGOCE = EndNegoce()
MAKE_OFFER = tuple(MakeOffer(i) for i in range(8))
PROPOSE = tuple(ProposeAlliance(i) for i in range(8))
KEEP_BONS = tuple(KeepBons(i) for i in range(8))
CHOOSE = tuple((fil, ChooseFiliere(fil)) for fil in D.FILIERES)
CHANGE = tuple((fil, ChangeFiliere(fil)) for fil in D.FILIERES)
SELL, REPAY, END_YEAR = SellCows(), Repay(), EndYear()


def negoce_legal(s: State) -> tuple[Any, ...]:
    fa = s.farm_of[s.actor]
    if s.budget is None or not s.budget.can_offer(s.actor):
        return (END_NEGOCE,)
    a = s.farms[fa]
    out: list[Any] = [
        MAKE_OFFER[i]
        for i, f in enumerate(s.farms)
        if i != fa and f.status == ACTIVE and any_give(a, f)
    ]
    out.append(END_NEGOCE)
    return tuple(out)


def negoce_open(s: State) -> bool:
    """Whether the actor may still make an offer (else the Négoce is left at once)."""
    if s.budget is None or not s.budget.can_offer(s.actor):
        return False
    return can_offer_any(s.farms, s.farm_of[s.actor])


def can_offer_any(farms: tuple[Farm, ...], fa: int) -> bool:
    """LA-11: whether farm ``fa`` has something to offer some other farm in play."""
    a = farms[fa]
    return any(i != fa and f.status == ACTIVE and any_give(a, f) for i, f in enumerate(farms))


def transfer(a: Farm, b: Farm, kind: str, qty: int) -> tuple[Farm, Farm]:
    """``a`` hands ``qty`` of ``kind`` to ``b`` (LA-11); ``b``'s amount saturates at
    `farms.CAP` (issue #23)."""
    if kind == KIND_HA:
        return replace(a, ha=a.ha - qty), replace(b, ha=capped(b.ha + qty))
    if kind == KIND_COWS:
        return replace(a, cows=a.cows - qty), replace(b, cows=capped(b.cows + qty))
    if kind == KIND_MONEY:
        return replace(a, money=a.money - qty), replace(b, money=capped(b.money + qty))
    if kind == KIND_BONS:
        return replace(a, bons=a.bons - qty), replace(b, bons=capped(b.bons + qty))
    if kind == KIND_FILIERE:
        return replace(a, filiere=b.filiere), replace(b, filiere=a.filiere)
    return a, b


def trade(a: Farm, b: Farm, offer: Offer) -> tuple[Farm, Farm]:
    """LA-11: the farms after an accepted offer of farm ``a`` to farm ``b``."""
    a, b = transfer(a, b, offer.give, offer.give_qty)
    if offer.take == KIND_FILIERE:
        if offer.give != KIND_FILIERE:
            a, b = transfer(a, b, KIND_FILIERE, 0)
        return a, b
    b, a = transfer(b, a, offer.take, offer.take_qty)
    return a, b


_ZERO = (0, 0, 0, 0)


def delta(kind: str, qty: int) -> tuple[int, int, int, int]:
    """(ha, cows, money, bons) handed over for one item of an offer."""
    if kind == KIND_HA:
        return (qty, 0, 0, 0)
    if kind == KIND_COWS:
        return (0, qty, 0, 0)
    if kind == KIND_MONEY:
        return (0, 0, qty, 0)
    if kind == KIND_BONS:
        return (0, 0, 0, qty)
    return _ZERO


# A Négoce menu: each gift or request, whether it is a filière swap, and what the
# proposing farm receives in all (ha, cows, money, bons; negative: it gives).
_Menu = tuple[tuple[Any, bool, int, int, int, int], ...]


# The same menu cut into runs for `sound_items`: each run is one item, or items that
# differ only in money (or only in bons), those sums going one way. The money items both
# farms can afford are then a slice of the run, found by bisection.
#   one item:  (None, item, is a filière swap, ha, cows, money, bons)
#   a run:     (keys, items, coordinate, ha, cows, money, bons)
# A run's coordinate is +-2 for money, +-3 for bons, negative when the sums decrease; its
# keys are the sums times that sign (increasing), its own money (or bons) 0.
_Run = tuple[Any, Any, Any, int, int, int, int]
_Split = tuple[_Run, ...]


_AT_MONEY, _AT_BONS = 4, 5  # where the sums sit in a menu item


def split(menu: _Menu) -> _Split:
    """``menu`` cut into runs (above), in its order."""
    runs: list[_Run] = []
    i = 0
    while i < len(menu):
        x, fil, h, c, m, n = menu[i]
        j = i + 1
        at = 0  # the sum that changes along the run, if one does
        if not fil and j < len(menu) and not menu[j][1] and menu[j][2:4] == (h, c):
            y = menu[j]
            if y[_AT_BONS] == n and y[_AT_MONEY] != m:
                at = _AT_MONEY
            elif y[_AT_MONEY] == m and y[_AT_BONS] != n:
                at = _AT_BONS
        sign = 0
        if at:
            sign = 1 if menu[j][at] > menu[i][at] else -1
            other = _AT_MONEY + _AT_BONS - at
            while j < len(menu):
                y = menu[j]
                if y[1] or y[2:4] != (h, c) or y[other] != menu[i][other]:
                    break
                if sign * (y[at] - menu[j - 1][at]) <= 0:  # the sums must go one way
                    break
                j += 1
        if j - i > 1:
            keys = tuple(sign * y[at] for y in menu[i:j])
            items = tuple(y[0] for y in menu[i:j])
            if at == _AT_MONEY:
                runs.append((keys, items, 2 * sign, h, c, 0, n))
            else:
                runs.append((keys, items, 3 * sign, h, c, m, 0))
        else:
            runs.append((None, x, fil, h, c, m, n))
        i = j
    return tuple(runs)


def sound_items(split: _Split, a: Farm, b: Farm, first: bool = False) -> list[Any]:
    """LA-11: the items of a menu (`split`) after which both farms stay sound (``a``
    receives, ``b`` gives): cows within [20, ha], at least one block of land, no debt, no
    negative bons; a filière swap needs two different filières. With ``first``, stops at
    the first run that has any (to know whether there is one)."""
    ah, ac, am, an = a.ha, a.cows, a.money, a.bons
    bh, bc, bm, bn = b.ha, b.cows, b.money, b.bons
    same = a.filiere == b.filiere
    out: list[Any] = []
    for keys, x, kind, h, c, m, n in split:
        if not (
            ELIM <= ac + c <= ah + h
            and ah + h >= BLOCK
            and ELIM <= bc - c <= bh - h
            and bh - h >= BLOCK
        ):
            continue
        # What a receives must lie within [-a's, b's], in money and in bons.
        if keys is None:
            if -am <= m <= bm and -an <= n <= bn and not (kind and same):
                out.append(x)
        elif kind == 2 or kind == -2:  # a run of sums of money: the slice that fits
            if -an <= n <= bn:
                lo, hi = (-am, bm) if kind > 0 else (-bm, am)
                out += x[bisect_left(keys, lo) : bisect_right(keys, hi)]
        elif -am <= m <= bm:  # a run of numbers of bons
            lo, hi = (-an, bn) if kind > 0 else (-bn, an)
            out += x[bisect_left(keys, lo) : bisect_right(keys, hi)]
        if first and out:
            break
    return out


# Each gift of the Négoce menu, with what the giver receives (minus the gift), in order.
GIFTS: _Menu = tuple(
    (Give(kind, q), False, -h, -c, -m, -n)
    for kind in (KIND_HA, KIND_COWS, KIND_MONEY, KIND_BONS)
    for q in QTY[kind]
    for h, c, m, n in (delta(kind, q),)
)
GIFTS_SPLIT = split(GIFTS)
GIVE_FILIERE, GIVE_NOTHING = Give(KIND_FILIERE, 0), Give(KIND_NOTHING, 0)


def gives(a: Farm, b: Farm) -> tuple[Any, ...]:
    """What farm ``a`` may give to ``b``, in menu order."""
    # Each gift is listed only if it is sound on its own (then KIND_NOTHING can be asked back).
    out = sound_items(GIFTS_SPLIT, a, b)
    if a.filiere != b.filiere:
        out.append(GIVE_FILIERE)
    if sound_items(take_split(KIND_NOTHING, 0), a, b, True):
        out.append(GIVE_NOTHING)
    return tuple(out)


def any_give(a: Farm, b: Farm) -> bool:
    """Whether ``a`` has something to offer ``b`` (``gives`` is not empty)."""
    return (
        a.filiere != b.filiere
        or bool(sound_items(GIFTS_SPLIT, a, b, True))
        or bool(sound_items(take_split(KIND_NOTHING, 0), a, b, True))
    )


def give_legal(s: State) -> tuple[Any, ...]:
    fa = s.farm_of[s.actor]
    offer = s.offer or Offer(fa)
    return gives(s.farms[fa], s.farms[offer.partner])


_TAKE_MENUS: dict[tuple[str, int], _Menu] = {}
_TAKE_SPLITS: dict[tuple[str, int], _Split] = {}


def take_menu(give: str, give_qty: int) -> _Menu:
    """The requests that may answer a gift, with what the proposer receives in all
    (request minus gift), built once per gift."""
    menu = _TAKE_MENUS.get((give, give_qty))
    if menu is not None:
        return menu
    g = delta(give, give_qty)
    items: list[tuple[Any, bool, int, int, int, int]] = []
    for kind in OFFER_KINDS:
        if kind == give and kind != KIND_NOTHING:
            continue
        if kind == KIND_NOTHING and give == KIND_NOTHING:
            continue
        if kind == KIND_FILIERE and give == KIND_FILIERE:
            continue
        for q in QTY.get(kind, (0,)):
            t = delta(kind, q)
            d = (t[0] - g[0], t[1] - g[1], t[2] - g[2], t[3] - g[3])
            items.append((Take(kind, q), kind == KIND_FILIERE, *d))
    menu = _TAKE_MENUS[give, give_qty] = tuple(items)
    return menu


def take_split(give: str, give_qty: int) -> _Split:
    """`take_menu` cut into runs (`split`), made once per gift."""
    found = _TAKE_SPLITS.get((give, give_qty))
    if found is None:
        found = _TAKE_SPLITS[give, give_qty] = split(take_menu(give, give_qty))
    return found


def take_options(a: Farm, b: Farm, give: str, give_qty: int) -> tuple[Any, ...]:
    return tuple(sound_items(take_split(give, give_qty), a, b))


def take_legal(s: State) -> tuple[Any, ...]:
    offer = s.offer
    if offer is None:
        return ()
    a = s.farms[s.farm_of[s.actor]]
    return take_options(a, s.farms[offer.partner], offer.give, offer.give_qty)


def year_end_legal(s: State) -> tuple[Any, ...]:
    """LA-12, LA-15, LA-16, LA-17: the decisions of the farm at the end of its year."""
    farms = s.farms
    if len(farms) != 2:
        return year_end_menu(s)
    # Two farms (the usual game): no alliance, and the other farm holds one filière card at
    # most, so the menu only depends on these three things; made once for each.
    farm = farms[s.queue[0]]
    key = (
        s.options.bank_sales and farm.cows - 2 >= ELIM,
        farm.loans > 0 and farm.money >= TICKET,
        farm.filiere if farm.money >= CHANGE_COST else None,
    )
    menu = _TWO_FARM_YEAR_END.get(key)
    if menu is None:
        menu = _TWO_FARM_YEAR_END[key] = year_end_menu(s)
    return menu


_TWO_FARM_YEAR_END: dict[tuple[bool, bool, str | None], tuple[Any, ...]] = {}


def year_end_menu(s: State) -> tuple[Any, ...]:
    fi = s.queue[0]
    farm = s.farms[fi]
    out: list[Any] = []
    # LA-12 (option): a pair sold to the bank, never below the 20 cows of LA-19.
    if s.options.bank_sales and farm.cows - 2 >= ELIM:
        out.append(SELL)
    if farm.loans and farm.money >= TICKET:
        out.append(REPAY)
    if farm.money >= CHANGE_COST:
        mine = farm.filiere
        for fil, change in CHANGE:
            # LA-16: first come, first served among the filière cards left (LA-03).
            if fil != mine:
                taken = 0
                for f in s.farms:
                    if f.filiere == fil and f.status == ACTIVE:
                        taken += 1
                if taken < FIL_MAX:
                    out.append(change)
    if len(s.farms) > 2 and alliance_open(s, fi):  # LA-17: never with two farms
        for j, g in enumerate(s.farms):
            # LA-15, LA-17: the loans are pooled, and the bank holds 40 tickets at most
            # from one farm.
            if (
                j != fi
                and g.status == ACTIVE
                and not g.allied
                and farm.loans + g.loans <= MAX_TICKETS
            ):
                out.append(PROPOSE[j])
    out.append(END_YEAR)
    return tuple(out)


def alliance_open(s: State, fi: int) -> bool:
    if len(s.farms) < 3:  # LA-17: three farms at least, so never at 2 (the usual game)
        return False
    active = sum(1 for f in s.farms if f.status == ACTIVE)
    return (
        active >= 3 and not s.farms[fi].allied and s.budget is not None and s.budget.can_offer(fi)
    )


def merge(s: State, a: int, b: int) -> State:
    """LA-17: farms ``a`` (proposer) and ``b`` unite.

    With a farm left alone: the larger farm (by hectares; the proposer on a tie) keeps its
    hectares and cows plus half of the other's, and its bons and filière; each farm left
    alone gets 8 ha and 8 cows. With nobody left alone, everything is pooled.
    Money, loans, green pawns and kept cards are always pooled. Each sum saturates at
    `farms.CAP` (issue #23).
    """
    big, small = (a, b) if s.farms[a].ha >= s.farms[b].ha else (b, a)
    L, S = s.farms[big], s.farms[small]
    alone = [
        i for i, f in enumerate(s.farms) if f.status == ACTIVE and not f.allied and i not in (a, b)
    ]
    if alone:
        # LA-24: cows go by pairs, so half the herd is rounded down to whole pairs.
        ha, cows, bons = L.ha + S.ha // 2, L.cows + S.cows // 4 * 2, L.bons
    else:
        ha, cows, bons = L.ha + S.ha, L.cows + S.cows, L.bons + S.bons
    merged = Farm(
        ha=capped(ha),
        cows=capped(cows),
        money=capped(L.money + S.money),
        bons=capped(bons),
        loans=L.loans + S.loans,
        pledged=L.pledged + S.pledged,
        green=capped(L.green + S.green),
        filiere=L.filiere,
        kept=L.kept + S.kept,
        allied=True,
    )
    farms = set_farm(s.farms, big, merged)
    farms = set_farm(farms, small, replace(S, status=ABSORBED))
    for i in alone:
        f = farms[i]
        farms = set_farm(
            farms,
            i,
            replace(
                f,
                ha=capped(f.ha + ECO["alliance_alone_ha"]),
                cows=capped(f.cows + ECO["alliance_alone_cows"]),
            ),
        )
    farm_of = tuple(big if f == small else f for f in s.farm_of)
    queue = tuple(f for f in s.queue if f != small)
    return replace(s, farms=farms, farm_of=farm_of, queue=queue)


def left_alone(s: State, allied: int) -> bool:
    """Whether some farm in play is in no alliance (then only one bon pile is kept)."""
    return any(f.status == ACTIVE and not f.allied for i, f in enumerate(s.farms) if i != allied)


def alliance_filiere_legal(s: State) -> tuple[Any, ...]:
    """LA-17: the allied farm keeps one of the two allies' filière cards."""
    partner = s.offer.partner if s.offer is not None else s.farm_of[s.actor]
    have = (s.farms[s.farm_of[s.actor]].filiere, s.farms[partner].filiere)
    return tuple(c for f, c in CHOOSE if f in have)


def alliance_bons_legal(s: State) -> tuple[Any, ...]:
    """LA-17: the allied farm keeps one of the two allies' bon piles."""
    partner = s.offer.partner if s.offer is not None else s.farm_of[s.actor]
    return tuple(KEEP_BONS[i] for i in sorted({s.farm_of[s.actor], partner}))
