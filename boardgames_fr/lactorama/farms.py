"""The economy of a farm: the numbers of the rules, and what happens to one farm (paying,
selling to the butcher, loans, the season's accounts, the convictions that win).

Pure functions of farms and plain values, shared by the turn loop (rules.py), the
auto-play fast path (autoplay.py), the Négoce (negoce.py), the pictures and the bots.
"""

from __future__ import annotations

from boardgames_fr.core.fast import replace
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.components import WaitingRoom
from boardgames_fr.lactorama.state import (
    ACTIVE,
    ELIMINATED,
    END_BONS,
    END_GREEN,
    END_SIZE,
    KIND_BONS,
    KIND_COWS,
    KIND_HA,
    KIND_MONEY,
    Farm,
    Options,
)

__all__ = [
    "CAP",
    "ROUTES",
    "accounts_of",
    "bons_back",
    "capped",
    "conviction",
    "convictions_closed",
    "fallen_together",
    "farm_quiet",
    "farm_value",
    "first_seat",
    "interest_of",
    "loan_terms",
    "may_buy",
    "num_farms",
    "parcel",
    "pay",
    "quiet",
    "set_farm",
    "year_order",
]

ECO = D.ECONOMY
START = ECO["start"]
PRICES = ECO["prices"]
LOAN = ECO["loan"]
TICKET: int = LOAN["ticket"]
PER_COW_LOAN: int = LOAN["per_cow"]
MAX_TICKETS: int = LOAN["max_tickets"]
BUTCHER: int = PRICES["cow_butcher"]
BANK: int = PRICES["cow_bank"]
COW_BUY: int = PRICES["cow_buy"]
LAND_VALUE: int = PRICES["land_end_per_ha"]
BON_MISSING: int = PRICES["bon_missing"]
CHANGE_COST: int = PRICES["filiere_change"]
ELIM: int = ECO["elimination_cows"]
BLOCK = D.BLOCK
HEX: int = D.BOARD["hexagon"]["spaces"]
HEX_START: int = D.BOARD["hexagon"]["start"] - HEX - 1  # LA-05: hexagon space 5 -> -2
FIL_MAX: int = D.BOARD["filiere_max"]
FIL_DICE: dict[str, tuple[int, ...]] = {f["id"]: tuple(f["dice"]) for f in D.BOARD["filieres"]}
ROUTES = {n: D.route(n) for n in (4, 8, 12, 16)}
# Issue #23 (the rules page's Choices): a farm's money, hectares, cows, bons and green
# pawns never go past `CAP`. Every gain the rules give saturates there (`capped`, or the
# same test written inline where a step's hot path forms the sum), so a save whose amounts
# are each at most `CAP` (what `validate` checks) only leads to saves that load, however
# long a season runs (a card may move a pawn back, E13, E14, H14, I13, I14). No game from
# a new game comes near: real games end near 300,000 EUR. Losses need no test (an amount
# never falls below what `validate` accepts: payments are the rules' own fixed prices).
CAP = 1_000_000_000_000


def capped(x: int) -> int:
    """``x``, or `CAP` when it is more: an amount after a gain (issue #23).

    Example:
        >>> capped(11_000 + 500), capped(CAP - 1 + 500) == CAP
        (11500, True)
    """
    return x if x < CAP else CAP


# The kinds of squares of a route (data/board.json).
SQ_SEASON, SQ_IMPREVU, SQ_FOIRE, SQ_NEGOCE = "saison", "imprevu", "foire", "negoce"
WIN = D.CONVICTIONS
WIN_GREEN, WIN_BONS, WIN_HA, WIN_COWS = WIN["green"], WIN["bons"], WIN["ha"], WIN["cows"]
# LA-11: the quantities the Négoce trades of each item (the data names them in French).
QTY: dict[str, tuple[int, ...]] = {
    KIND_HA: tuple(D.NEGOCE["ha"]),
    KIND_COWS: tuple(D.NEGOCE["vaches"]),
    KIND_MONEY: tuple(D.NEGOCE["argent"]),
    KIND_BONS: tuple(D.NEGOCE["bons"]),
}


def num_farms(num_players: int, options: Options) -> int:
    """Farms in play (LA-01): one per player, or one per team of two."""
    return num_players // 2 if (options.teams or num_players > 5) else num_players


def set_farm(farms: tuple[Farm, ...], i: int, farm: Farm) -> tuple[Farm, ...]:
    """``farms`` with farm ``i`` replaced by ``farm``."""
    if len(farms) == 2:  # the usual game: one tuple made, where slices make five
        return (farm, farms[1]) if i == 0 else (farms[0], farm)
    return farms[:i] + (farm,) + farms[i + 1 :]


def farm_value(farm: Farm) -> int:
    """LA-20: land + cows + money - loans, the end-of-game valuation (any time)."""
    return farm.ha * LAND_VALUE + farm.cows * COW_BUY + farm.money - farm.loans * TICKET


def pay(farm: Farm, amount: int) -> Farm:
    """LA-07, LA-12: pay the bank; short of money, cows go to the butcher by pairs (LA-24)."""
    money = farm.money - amount
    cows = farm.cows
    while money < 0 and cows >= 2:  # (it stops under 4,000: far from `CAP`)
        cows -= 2
        money += 2 * BUTCHER
    if cows == farm.cows:
        return replace(farm, money=money)
    return replace(farm, money=money, cows=cows)


def cap_cows(farm: Farm, ha: int) -> Farm:
    """LA-09: the farm down to ``ha`` hectares, never with more cows than hectares: the
    excess is sold to the butcher."""
    cows, money = farm.cows, farm.money
    while cows > ha and cows > 0:
        sold = min(2, cows)
        cows -= sold
        money += sold * BUTCHER
    if money > CAP:  # issue #23: the sales saturate at the cap
        money = CAP
    return replace(farm, ha=ha, cows=cows, money=money)


def lose_bons(farm: Farm, n: int) -> Farm:
    """LA-14: bons owed are given back; each missing bon costs 500."""
    if farm.bons >= n:
        return replace(farm, bons=farm.bons - n)
    missing = n - farm.bons
    return pay(replace(farm, bons=0), missing * BON_MISSING)


# LA-14, LA-15: `data.pledge` for every number of tickets a farm may owe.
PLEDGE_OF = tuple(D.pledge(t) for t in range(MAX_TICKETS + 1))


def loan_terms(farm: Farm, price: int) -> tuple[int, int, int] | None:
    """LA-15: a pair at ``price`` bought with a loan: (the sum borrowed, 2,000 a cow; its
    tickets, one per 2,000; the bons pledged), or None when the farm cannot: cash for the
    rest, at most 40 tickets, and bons to pledge. LA-14: one bon per two tickets owed
    (`data.pledge`), and never a loan without a bon (« Les bons sont indispensables pour
    emprunter »)."""
    loan = 2 * (PER_COW_LOAN if price > PER_COW_LOAN else price)
    tickets = loan // TICKET
    owed = farm.loans + tickets
    if not tickets or owed > MAX_TICKETS or farm.money < 2 * price - loan:
        return None
    pledge = max(1, PLEDGE_OF[owed] - farm.pledged)
    return (loan, tickets, pledge) if farm.bons >= pledge else None


def may_buy(farm: Farm, price: int, left: int) -> bool:
    """LA-10: a pair at ``price`` is for sale (``left`` pairs, -1: any) and fits the farm's
    hectares; it pays cash, or borrows (LA-15)."""
    if left == 0 or farm.cows + 2 > farm.ha:
        return False
    return farm.money >= 2 * price or loan_terms(farm, price) is not None


def parcel(ha: int) -> int:
    """LA-19: the hectares an eliminated farm of ``ha`` hectares hands out next: a block
    of 8; what is left under two blocks goes in one parcel."""
    return ha if ha < 2 * BLOCK else BLOCK


def bons_back(farm: Farm) -> int:
    """LA-15: the pledged bons that come back when ``farm`` repays one loan ticket."""
    return max(0, farm.pledged - D.pledge(farm.loans - 1))


def conviction_reached(fm: Farm) -> str:
    """LA-18: the conviction a farm's numbers reach (4 green pawns, 22 bons, 92 ha and 80
    cows), "" for none, whether or not the farm may win by it (`conviction`). The one
    place the rule's test is written."""
    if fm.green >= WIN_GREEN:
        return END_GREEN
    if fm.bons >= WIN_BONS:
        return END_BONS
    if fm.ha >= WIN_HA and fm.cows >= WIN_COWS:
        return END_SIZE
    return ""


def conviction(f: Farm) -> str:
    """LA-18: the conviction a farm has reached and wins by, if any (LA-17: never an
    allied farm)."""
    if f.status != ACTIVE or f.allied:
        return ""
    return conviction_reached(f)


def convictions_closed(options: Options, farms: tuple[Farm, ...]) -> bool:
    """LA-17, option ``alliance_ends_convictions``: once two farms have allied, nobody
    wins by conviction any more."""
    return options.alliance_ends_convictions and any(f.allied for f in farms)


# The last farms found quiet (kept alive here): a turn that leaves them as they were, or
# changes a farm that stays quiet (`cards.own_farm`), needs no scan (`quiet`).
QUIET: list[tuple[Farm, ...]] = [()]


def farm_quiet(fm: Farm) -> bool:
    """An active farm neither under 20 cows (LA-19) nor at a conviction (LA-18)."""
    return fm.cows >= ELIM and (fm.allied or not conviction_reached(fm))


def quiet(farms: tuple[Farm, ...]) -> bool:
    """Whether nothing ends or interrupts the season (`rules.advance`): no active farm
    under 20 cows (LA-19) nor at a conviction (LA-18), and at least two active farms."""
    active = 0
    for fm in farms:
        if fm.status == ACTIVE:
            if fm.cows < ELIM or not (fm.allied or not conviction_reached(fm)):
                return False
            active += 1
    if active < 2:
        return False
    QUIET[0] = farms
    return True


_INCOME: dict[tuple[int, int], int] = {}  # `data.income` by (cows, ha), as they come up


def accounts_of(farms: tuple[Farm, ...]) -> tuple[Farm, ...]:
    """LA-06: the index table's income by cows and hectares, paid by (or to) the bank:
    the farms after it."""
    out = []
    herds = True  # no cows sold: the season stays as quiet as it was (`farm_quiet`)
    for f in farms:
        if f.status == ACTIVE:
            key = (f.cows, f.ha)
            inc = _INCOME.get(key)
            if inc is None:
                inc = _INCOME[key] = D.income(f.cows, f.ha)
            if inc >= 0:
                money = f.money + inc  # issue #23: saturates at the cap (`capped`)
                f = replace(f, money=money if money < CAP else CAP)
            else:
                f = pay(f, -inc)
                herds = herds and f.cows == key[0]
        out.append(f)
    new = tuple(out)
    if herds and farms is QUIET[0]:
        QUIET[0] = new
    return new


def fallen_together(farms: tuple[Farm, ...]) -> list[int]:
    """LA-19, the ending with no farm left: the farms that fell under 20 cows together as
    the last in play, the candidates of `rules.final` (and of the balance `render` shows).
    They are out with their land, where a farm out earlier handed all of it out
    (`validate` refuses a save where one still holds land in play): a farm in play holds
    20 ha at least (never more cows than hectares, LA-09) and no card takes 20 ha
    (`cards.LAND_TAKEN`)."""
    return [i for i, f in enumerate(farms) if f.status == ELIMINATED and f.ha > 0]


def rivals(farms: tuple[Farm, ...], farm_of: tuple[int, ...], me: int) -> set[int]:
    """The active farms with a pawn on the road besides farm ``me`` (LA-08)."""
    return {f for f in farm_of if f != me and farms[f].status == ACTIVE}


# LA-06: the seats in turn order after each seat, per player count.
AFTER = {
    n: tuple(tuple((last + k) % n for k in range(1, n + 1)) for last in range(n))
    for n in (2, 3, 4, 5, 6, 8)
}


def next_on_road(
    after: tuple[int, ...],
    arrived: tuple[int, ...],
    farms: tuple[Farm, ...],
    farm_of: tuple[int, ...],
) -> int:
    """LA-06: the first of the seats ``after`` the last to play whose pawn has not
    ``arrived`` in the hexagon and whose farm is active, or -1."""
    for seat in after:
        if seat not in arrived and farms[farm_of[seat]].status == ACTIVE:
            return seat
    return -1


EMPTY_ROOM = WaitingRoom()
# Rooms by their seats in order of arrival: a room is a value, so states share one object
# per order instead of running the attrs constructor at each arrival.
_ROOMS: dict[tuple[int, ...], WaitingRoom] = {(): EMPTY_ROOM}


def room(arrived: tuple[int, ...]) -> WaitingRoom:
    """The room holding the seats ``arrived``, in that order (LA-06)."""
    found = _ROOMS.get(arrived)
    if found is None:
        if len(_ROOMS) > 4096:  # eight seats can arrive in very many orders
            _ROOMS.clear()
            _ROOMS[()] = EMPTY_ROOM
        found = _ROOMS[arrived] = WaitingRoom(arrived)
    return found


def into_hexagon(q: int, end: int) -> int:
    """LA-06, LA-22: the hexagon space (-6..-1) of a pawn moved to route index ``q`` past
    the route's ``end``: a long roll goes round the hexagon again, and the next season
    starts from that space."""
    return (q - end) % HEX - HEX


def interest_of(farms: tuple[Farm, ...]) -> tuple[Farm, ...]:
    """LA-15: 5 % interest after winter, paid by every farm with loans."""
    for i, f in enumerate(farms):
        if f.status == ACTIVE and f.loans:
            farms = set_farm(farms, i, pay(f, D.interest(f.loans)))
    return farms


def year_order(
    arrived: tuple[int, ...], farm_of: tuple[int, ...], farms: tuple[Farm, ...]
) -> tuple[int, ...]:
    """LA-16: the farms in play in the order their year ends come: by the arrival of
    their pawns in the hexagon (``arrived``), then the others."""
    order: list[int] = []
    for seat in arrived:
        f = farm_of[seat]
        if f not in order and farms[f].status == ACTIVE:
            order.append(f)
    for f in range(len(farms)):
        if f not in order and farms[f].status == ACTIVE:
            order.append(f)
    return tuple(order)


def first_seat(arrived: tuple[int, ...], farm_of: tuple[int, ...], farm: int) -> int:
    """The seat that decides for ``farm``: its first to reach the hexagon (``arrived``),
    else its first."""
    for seat in arrived:
        if farm_of[seat] == farm:
            return seat
    return farm_of.index(farm)
