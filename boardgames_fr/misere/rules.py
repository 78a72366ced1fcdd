"""The rules of Misère (from the original rule text), as the hooks of one `Game`.

A round (MI-16) is a placement phase (MI-02, MI-03), then an action phase (MI-04) in which
each worker leaves the zone with `Activate` and finishes its move with a few small choices,
then the end of the round (feeding, meilleur ouvrier, compte-tour), done automatically.
There is no randomness after setup, so the game has no chance nodes.

Every next state is built with `core.fast.replace`: a move works out the new values of
what it changes (a player, the food counters, the zone), builds the state once, and the
end of the worker's move (`done`) names who acts next.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import Rng
from boardgames_fr.misere.actions import (
    AT_OEUVRE,
    AT_RESERVE,
    AT_SECTOR,
    AT_ZONE,
    LOSE_KINDS,
    LOSE_OEUVRE,
    LOSE_PLAIN,
    LOSE_QUALIFIED,
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
    SlackOff,
)
from boardgames_fr.misere.data import (
    OEUVRE,
    PAY_MISERY,
    PAY_XP,
    SECTORS,
    SETUP,
    TABLE,
    ZONE,
    Cell,
)
from boardgames_fr.misere.state import (
    ACTION,
    BUY,
    EATEN_COMMUNE_FIRST,
    FALL,
    FEED,
    MEAL_CENTRAL,
    OVER,
    PLACEMENT,
    QUALIFY,
    ROUTE,
    SPEED_OEUVRE_WORKER,
    STAGES,
    TIE_EXPERIENCE,
    WORK_FOR_SELF,
    Observation,
    Options,
    Pending,
    Player,
    State,
)

__all__ = [
    "A_BUY",
    "A_MISERY",
    "A_STRUGGLE",
    "A_WORK",
    "BEG",
    "COMMUNE",
    "LAST_SPACE",
    "MANCHE",
    "OEUVRE_CIRCLE",
    "PER_COLOUR",
    "POINTER",
    "THRESHOLD",
    "apply",
    "free_circles",
    "hidden_variants",
    "init",
    "legal",
    "lose_menu",
    "observe",
    "scores",
    "supply",
    "winners",
]

# Action numbers of the zone's squares; circles are origin 3 in `Pending`.
A_BUY, A_WORK, A_STRUGGLE, A_MISERY = 0, 1, 2, 3
POINTER, OEUVRE_CIRCLE, MANCHE = 0, 1, 2
COMMUNE = 3
LAST_SPACE = len(OEUVRE) - 1
THRESHOLD = ZONE.misery_threshold
BEG = ZONE.beg_per_worker
PER_COLOUR = SETUP.workers_per_colour


# Shared action objects: `in` checks identity first, so handing these out is cheap.
_SLACK_OFF = SlackOff()
_GO_HOME = GoHome()
_NO_QUALIFY = NoQualify()
_ADVANCE = AdvanceOeuvre()
_SELL = SellOeuvre()
_GOTO = tuple(GoToSector(i) for i in range(4))
_FALL = tuple(FallToMisery(c) for c in range(3))
_ACTIVATE = tuple(Activate(i) for i in range(3 * 7 + 3))
_PLACE = tuple((Place(i, False), Place(i, True)) for i in range(3 * 7 + 3))
_BUY = tuple(BuyFood(n) for n in range(SETUP.food_tokens + 1))


def supply(p: Player) -> int:
    """Workers of the colour still in the box (MI-01: 4 per colour; the dead never return)."""
    return PER_COLOUR - p.owned_plain - p.owned_qualified - p.lost


# --- setup ------------------------------------------------------------------------------


# MI-01: one worker and 1000 each. A Player is immutable, so both seats share this one.
_START = Player(
    money=SETUP.start_money,
    food=0,
    xp=0,
    plain=SETUP.start_workers,
    qualified=0,
    owned_plain=SETUP.start_workers,
    owned_qualified=0,
    lost=0,
    oeuvre=-1,
    oeuvre_qualified=False,
    acted=0,
)
_START_PLAYERS = (_START, _START)
_NO_SECTORS = (-1, -1, -1, -1)


def init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    """A new game: MI-01's setup."""
    # MI-01: 18 food, 5 of them on the Commune; counter on 1; seat 0 is the youngest
    # (first player), seat 1 holds the meilleur ouvrier token; the zone is empty.
    places = 3 * (options.plain_squares + options.dotted_squares) + 3  # as `zone_layout`
    return State(
        num_players=num_players,
        options=options,
        to_move=0,
        rng=rng,
        explicit=explicit,
        round=1,
        phase=PLACEMENT,
        first_player=0,
        best_worker=1,
        players=_START_PLAYERS,
        pile=SETUP.food_tokens - SETUP.commune_food,
        commune_food=SETUP.commune_food,
        liquidated=False,
        zone=(-1,) * places,
        sectors=_NO_SECTORS,
        pending=None,
        oeuvre_winner=-1,
    )


# --- legal actions ------------------------------------------------------------------------


# Memo tables of the hot path, keyed by plain values. A placement menu depends on the zone
# (a tuple of ints), on whether the player holds plain and qualified workers, on misery and
# on the layout; an activation menu on the zone and the seat; what follows a placement
# (`_after_placing`) on the zone, the worker and who holds what. They repeat a lot within
# and across games; a full table is emptied (they are caches, never state).
_MEMO_LIMIT = 200_000
_PLACE_MEMO: dict[tuple[Any, ...], tuple[Place, ...]] = {}
_ACTIVATE_MEMO: dict[tuple[tuple[int, ...], int], tuple[Activate, ...]] = {}
_PLACED_MEMO: dict[tuple[Any, ...], tuple[tuple[int, ...], int, str]] = {}


def _new_place_menu(key: tuple[Any, ...]) -> tuple[Place, ...]:
    """`_placements` for a key of `_PLACE_MEMO`, stored there."""
    if len(_PLACE_MEMO) >= _MEMO_LIMIT:
        _PLACE_MEMO.clear()
    menu = _PLACE_MEMO[key] = _placements(*key)
    return menu


def _new_activate_menu(key: tuple[tuple[int, ...], int]) -> tuple[Activate, ...]:
    """MI-04: the seat's workers on the zone, by place (for `_ACTIVATE_MEMO`)."""
    zone, seat = key
    if len(_ACTIVATE_MEMO) >= _MEMO_LIMIT:
        _ACTIVATE_MEMO.clear()
    menu = _ACTIVATE_MEMO[key] = tuple(
        _ACTIVATE[i] for i, w in enumerate(zone) if w >= 0 and w >> 1 == seat
    )
    return menu


def _placements(
    zone: tuple[int, ...], plain: bool, qual: bool, misery: bool, n_plain: int, n_dotted: int
) -> tuple[Place, ...]:
    """MI-02/MI-03/MI-15/MI-19: where a player with plain/qualified workers in reserve may
    put one now (``misery``: under 1000 balles, or out of food; see `legal`).

    Squares of one kind for one action are alike, so only the first free one is offered.
    Order: by place, a plain worker before a qualified one.
    """
    if not (plain or qual):
        return ()
    n_sq = n_plain + n_dotted
    out: list[Place] = []
    free_plain = free_dotted = False
    for a in range(3):
        base = a * n_sq
        for i in range(base, base + n_plain):
            if zone[i] < 0:
                free_plain = True
                if plain:
                    out.append(_PLACE[i][0])
                if qual:
                    out.append(_PLACE[i][1])
                break
        for i in range(base + n_plain, base + n_sq):
            if zone[i] < 0:
                free_dotted = True
                if qual:  # MI-15: dotted squares are for qualified workers only
                    out.append(_PLACE[i][1])
                break
    # MI-03: under 1000 balles, or unable to place; MI-19: rupture de bouffe.
    plain_circle = plain and (misery or not free_plain)
    qual_circle = qual and (misery or not (free_plain or free_dotted))
    if plain_circle or qual_circle:
        for i in range(3 * n_sq, 3 * n_sq + 3):
            if zone[i] < 0:
                if plain_circle:
                    out.append(_PLACE[i][0])
                if qual_circle:
                    out.append(_PLACE[i][1])
    return tuple(out)


def free_circles(zone: tuple[int, ...]) -> tuple[int, ...]:
    """The misery circles (0 pointer, 1 oeuvre, 2 manche) nobody stands on (MI-05)."""
    base = len(zone) - 3
    return tuple(c for c in range(3) if zone[base + c] < 0)


def _sectors_with(liquidated: int, origin: int) -> tuple[tuple[int, Cell], ...]:
    """The sectors that have this basic action (MI-07), with their cell."""
    out = []
    for i, cells in enumerate(TABLE[liquidated]):
        cell = cells[origin]
        if cell is not None:
            out.append((i, cell))
    return tuple(out)


# _ROUTES[liquidated][origin]: `_sectors_with`, for the hot path.
_ROUTES = tuple(tuple(_sectors_with(liq, origin) for origin in range(3)) for liq in (0, 1))


def _route_menu(s: State, p: Pending) -> tuple[Any, ...]:
    """MI-05/MI-07: the free sectors where the worker can do its action; else a misery
    action (MI-05), else home; a buying worker may always glander (MI-10)."""
    sectors = s.sectors
    origin = p.origin
    pl = s.players[p.seat]
    out: list[Any] = []
    if origin == A_WORK:
        out = [_GOTO[i] for i, _ in _ROUTES[s.liquidated][A_WORK] if sectors[i] < 0]
    elif origin == A_BUY:
        for i, cell in _ROUTES[s.liquidated][A_BUY]:
            if sectors[i] >= 0:
                continue
            if cell.pay == PAY_MISERY:
                # MI-20: the Commune sends the worker to a misery action: one must be free.
                if free_circles(s.zone):
                    out.append(_GOTO[i])
            elif s.pile and (pl.xp if cell.pay == PAY_XP else pl.money) >= cell.price:
                out.append(_GOTO[i])
    # MI-09: galérer costs 250, 1000 for a qualified worker.
    elif pl.money >= (SETUP.struggle_cost_qualified if p.worker & 1 else SETUP.struggle_cost):
        for i, cell in _ROUTES[s.liquidated][A_STRUGGLE]:
            if sectors[i] >= 0:
                continue
            if cell.worker and not (cell.xp or cell.food or cell.qualify_xp):
                # MI-10: the liquidated tile gives a worker and nothing else.
                if supply(pl) > 0:
                    out.append(_GOTO[i])
            else:
                out.append(_GOTO[i])
    if not out:
        # MI-05: no free sector where the action can be done: a misery action.
        out = [_FALL[c] for c in free_circles(s.zone)]
        if not out and origin != A_BUY:
            out.append(_GO_HOME)
    if origin == A_BUY:
        out.append(_SLACK_OFF)  # MI-10: glander is always possible
    return tuple(out)


def _qualify_targets(s: State, seat: int) -> tuple[Qualify, ...]:
    """MI-09/MI-15: the player's unqualified workers, wherever they are."""
    plain_code = seat * 2
    out = [Qualify(AT_SECTOR, i) for i, w in enumerate(s.sectors) if w == plain_code]
    pl = s.players[seat]
    if pl.plain:
        out.append(Qualify(AT_RESERVE))
    out.extend(Qualify(AT_ZONE, i) for i, w in enumerate(s.zone) if w == plain_code)
    if pl.oeuvre >= 0 and not pl.oeuvre_qualified:
        out.append(Qualify(AT_OEUVRE))
    return tuple(out)


def legal(s: State) -> tuple[Any, ...]:
    """The legal moves, in this order.

    Placement: `Place` by place index, plain worker first. Action phase, no move in
    progress: `Activate` by place index. Then by stage: route: `GoToSector` by sector,
    then `FallToMisery` by circle (only if no sector fits), then `SlackOff` (buy only) or
    `GoHome` (nothing else possible); buy: `BuyFood` 1..max; qualify: `Qualify` (sectors,
    reserve, zone places, oeuvre) then `NoQualify`; fall: `FallToMisery`; work_for_self:
    `AdvanceOeuvre` (unless on the last space) then `SellOeuvre`. Feeding: `LoseWorker`
    plain, qualified, oeuvre.
    """
    if s.phase == PLACEMENT:
        pl = s.players[s.to_move]
        o = s.options
        # MI-03: under 1000 balles; MI-19: rupture de bouffe, the player has no food token.
        misery = pl.money < THRESHOLD or (pl.food == 0 and o.rupture_opens_misery)
        key = (s.zone, pl.plain > 0, pl.qualified > 0, misery, o.plain_squares, o.dotted_squares)
        menu = _PLACE_MEMO.get(key)
        return _new_place_menu(key) if menu is None else menu
    if s.phase == FEED:
        return lose_menu(s.players[s.to_move])
    p = s.pending
    if p is None:
        akey = (s.zone, s.to_move)
        activate = _ACTIVATE_MEMO.get(akey)
        return _new_activate_menu(akey) if activate is None else activate
    stage = p.stage
    if stage == ROUTE:
        return _route_menu(s, p)
    if stage == BUY:
        return _BUY[1 : _max_buy(s, p.seat, p.sector) + 1]
    if stage == QUALIFY:
        return (*_qualify_targets(s, p.seat), _NO_QUALIFY)
    if stage == FALL:
        return tuple(_FALL[c] for c in free_circles(s.zone))
    # WORK_FOR_SELF
    if s.players[p.seat].oeuvre < LAST_SPACE:
        return (_ADVANCE, _SELL)
    return (_SELL,)


def _max_buy(s: State, seat: int, sector: int) -> int:
    cell = TABLE[s.liquidated][sector][A_BUY]
    if cell is None or not cell.price:
        return 0
    pl = s.players[seat]
    have = pl.xp if cell.pay == PAY_XP else pl.money
    return min(s.pile, have // cell.price)


# --- applying a move -----------------------------------------------------------------------


def _set_at(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """The tuple with ``row[i]`` replaced."""
    new = list(row)
    new[i] = value
    return tuple(new)


def _seat_players(players: tuple[Player, ...], seat: int, pl: Player) -> tuple[Player, ...]:
    """The two players, ``seat``'s replaced by ``pl``."""
    return (pl, players[1]) if seat == 0 else (players[0], pl)


def _home(pl: Player, worker: int) -> tuple[int, int]:
    """The player's reserve (plain, qualified) once ``worker`` is back in it."""
    if worker & 1:
        return pl.plain, pl.qualified + 1
    return pl.plain + 1, pl.qualified


def _take_pile(pile: int, liquidated: bool, n: int) -> tuple[int, int, bool]:
    """Food from the central pile, as far as it lasts: (got, pile left, liquidated).

    MI-10: whatever takes the pile's last token flips the Petits exploitants tile.
    """
    got = n if n <= pile else pile
    return got, pile - got, liquidated or (got > 0 and got == pile)


def _gain_food(s: State, cell: Cell, sector: int) -> tuple[int, int, int, bool]:
    """The food a sector's cell gives (MI-07): (got, pile, commune_food, liquidated)."""
    if not cell.food:
        return 0, s.pile, s.commune_food, s.liquidated
    if SECTORS[sector].free_meal:
        # MI-11: the Commune's free meal, from its own food; when it has none, the pile's
        # or nothing (`Options.commune_meal_when_empty`).
        if s.commune_food > 0:
            return 1, s.pile, s.commune_food - 1, s.liquidated
        if s.options.commune_meal_when_empty != MEAL_CENTRAL:
            return 0, s.pile, s.commune_food, s.liquidated
        got, pile, liquidated = _take_pile(s.pile, s.liquidated, 1)
    else:
        got, pile, liquidated = _take_pile(s.pile, s.liquidated, cell.food)
    return got, pile, s.commune_food, liquidated


def _give_back(options: Options, eaten: int, pile: int, commune: int) -> tuple[int, int]:
    """MI-11/MI-16: food eaten at the end of a round restocks the Commune's soup kitchen up
    to its 5 tokens, the rest goes back to the central pile (Choices): (pile, commune)."""
    if options.eaten_food == EATEN_COMMUNE_FIRST:
        back = min(eaten, SETUP.commune_food - commune)
        return pile + eaten - back, commune + back
    return pile + eaten, commune


# `to_move` of a state built at the end of the round's last move, before `_end_round`
# names the next seat: never in a state a step returns.
_ROUND_OVER = -1


def _next_seat(zone: tuple[int, ...], seat: int) -> int:
    """MI-04: who acts after ``seat``'s worker has finished its move: the other seat if
    it has a worker left on the zone, else this seat; with the zone empty, `_ROUND_OVER`."""
    other = 1 - seat
    if other * 2 in zone or other * 2 + 1 in zone:
        return other
    if seat * 2 in zone or seat * 2 + 1 in zone:
        return seat
    return _ROUND_OVER


def _finish(t: State) -> State:
    """``t``, the state after a worker's move, built with `_next_seat`; the end of the
    round (MI-16) when that was the round's last move."""
    return _end_round(t) if t.to_move == _ROUND_OVER else t


def apply(s: State, a: Any) -> State:
    """The state after the legal move ``a`` (the core has checked it is legal)."""
    seat = s.to_move
    t = type(a)
    if t is Place:
        return _place(s, seat, a.place, a.qualified)
    if t is Activate:
        o = s.options
        n_sq = o.plain_squares + o.dotted_squares
        if a.place < 3 * n_sq:
            return _activate_square(s, a.place, a.place // n_sq)
        # MI-06: a worker on a misery circle does its action at once.
        zone = _set_at(s.zone, a.place, -1)
        return _misery(s, seat, s.zone[a.place], a.place - 3 * n_sq, zone)
    if t is LoseWorker:
        # MI-16: the hungry player gives up the worker of its choice; the feeding goes on.
        return _after_feeding(s, _seat_players(s.players, seat, _lose(s.players[seat], a.which)))
    p = s.pending
    if p is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no move in progress")
    if t is GoToSector:
        if p.origin == A_BUY and _BUY_STAYS[s.liquidated][a.sector]:
            # MI-10: the worker stands on the sector; how much it buys is the next choice.
            sectors = _set_at(s.sectors, a.sector, p.worker)
            return replace(s, sectors=sectors, pending=_PENDING[p.worker, A_BUY, BUY, a.sector])
        return _go_to_sector(s, p, a.sector)
    if t is BuyFood:
        return _buy(s, p, a.count)
    if t is Qualify:
        return _qualify(s, p, a)
    if t is FallToMisery:
        return _misery(s, seat, p.worker, a.circle, s.zone)
    if t is SellOeuvre:
        return _sell(s, seat, p.worker)
    pl = s.players[seat]
    if t is NoQualify:
        new = replace(pl, xp=pl.xp + _struggle_xp(s, p))
    elif t is AdvanceOeuvre:
        o = s.options
        fast = pl.oeuvre_qualified if o.oeuvre_speed == SPEED_OEUVRE_WORKER else p.worker & 1
        plain, qualified = _home(pl, p.worker)
        # MI-13/MI-15: one space, two for a qualified worker; the acting worker goes home.
        oeuvre = min(LAST_SPACE, pl.oeuvre + (2 if fast else 1))
        new = replace(pl, oeuvre=oeuvre, plain=plain, qualified=qualified)
    else:
        # SlackOff, GoHome. MI-10: glander takes the worker back; it still counts as having
        # acted (MI-16).
        plain, qualified = _home(pl, p.worker)
        new = replace(pl, plain=plain, qualified=qualified)
    players = _seat_players(s.players, seat, new)
    return _finish(replace(s, players=players, to_move=_next_seat(s.zone, seat), pending=None))


def _place(s: State, seat: int, place: int, q: bool) -> State:
    """MI-02: one worker at a time; every worker placed will act, and eat (MI-16).

    The most frequent move, so it builds the next state directly; where the zone goes
    and who moves next come from `_after_placing`, memoised.
    """
    pl = s.players[seat]
    if q:
        new = replace(pl, qualified=pl.qualified - 1, acted=pl.acted + 1)
    else:
        new = replace(pl, plain=pl.plain - 1, acted=pl.acted + 1)
    other = s.players[1 - seat]
    o = s.options
    key = (
        s.zone,
        place,
        seat * 2 + q,
        new.plain > 0,
        new.qualified > 0,
        other.plain > 0,
        other.qualified > 0,
        s.best_worker,
        o.plain_squares,
        o.dotted_squares,
    )
    after = _PLACED_MEMO.get(key)
    if after is None:
        if len(_PLACED_MEMO) >= _MEMO_LIMIT:
            _PLACED_MEMO.clear()
        after = _PLACED_MEMO[key] = _after_placing(*key)
    zone, to_move, phase = after
    players = (new, other) if seat == 0 else (other, new)
    if phase is PLACEMENT:
        return replace(s, to_move=to_move, players=players, zone=zone)
    return replace(s, to_move=to_move, players=players, zone=zone, phase=phase)


def _after_placing(
    zone: tuple[int, ...],
    place: int,
    code: int,
    plain: bool,
    qual: bool,
    other_plain: bool,
    other_qual: bool,
    best: int,
    n_plain: int,
    n_dotted: int,
) -> tuple[tuple[int, ...], int, str]:
    """The zone after worker ``code`` goes on ``place``, the seat to move and the phase.

    ``plain``/``qual``: what the placing seat has left in reserve; ``other_*``: the other
    seat's reserve; ``best``: the meilleur ouvrier holder.
    """
    zone = _set_at(zone, place, code)
    seat = code >> 1
    # MI-02: alternate; a player who cannot place is skipped.
    if _placements(zone, other_plain, other_qual, True, n_plain, n_dotted):
        return zone, 1 - seat, PLACEMENT
    if _placements(zone, plain, qual, True, n_plain, n_dotted):
        return zone, seat, PLACEMENT
    # MI-04: the meilleur ouvrier holder acts first (placing left workers on the zone).
    return zone, best if _new_activate_menu((zone, best)) else 1 - best, ACTION


# MI-10/MI-20: _BUY_STAYS[liquidated][sector]: a buying worker stays on the sector (all
# but the Commune, which sends it on to a misery action).
_BUY_STAYS = tuple(
    tuple(i in {j for j, cell in _ROUTES[liq][A_BUY] if cell.pay != PAY_MISERY} for i in range(4))
    for liq in (0, 1)
)

# _PENDING[worker, origin, stage, sector]: every possible move in progress, built once.
_PENDING = {
    (worker, origin, stage, sector): Pending(worker >> 1, worker, origin, stage, sector)
    for worker in range(4)
    for origin in range(4)
    for stage in STAGES
    for sector in range(-1, 4)
}


def _activate_square(s: State, place: int, action: int) -> State:
    """MI-04: the worker leaves its square; its sector is chosen next (MI-05)."""
    pending = _PENDING[s.zone[place], action, ROUTE, -1]
    return replace(s, zone=_set_at(s.zone, place, -1), pending=pending)


def _go_to_sector(s: State, p: Pending, sector: int) -> State:
    """MI-05: the worker does its action on the sector it chose (but for buying on a
    sector where it stays: `apply`)."""
    seat, worker, origin = p.seat, p.worker, p.origin
    cell = TABLE[s.liquidated][sector][origin]
    if cell is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no such action on this sector")
    pl = s.players[seat]
    got, pile, commune_food, liquidated = _gain_food(s, cell, sector)
    food = pl.food + got
    if origin == A_BUY:
        # MI-20: Commune: the free meal (MI-11), then straight on to a misery action;
        # the worker does not stay, so the Commune remains free.
        return replace(
            s,
            players=_seat_players(s.players, seat, replace(pl, food=food)),
            pile=pile,
            commune_food=commune_food,
            liquidated=liquidated,
            pending=_PENDING[worker, origin, FALL, sector],
        )
    sectors = _set_at(s.sectors, sector, worker)
    if origin == A_WORK:
        # MI-08: the wage, +500 for a qualified worker (MI-15), and the sector's stars.
        wage = cell.wage + (SETUP.qualified_wage_bonus if worker & 1 else 0)
        new = replace(pl, money=pl.money + wage, xp=pl.xp + cell.xp, food=food)
    else:
        # MI-09: galérer: pay first, then the sector's effect: workers from the box as far
        # as it has any (MI-01), food, then a helmet or the sector's experience.
        money = pl.money - (SETUP.struggle_cost_qualified if worker & 1 else SETUP.struggle_cost)
        hired = max(0, min(cell.worker, supply(pl)))
        if cell.qualify_xp and pl.xp >= cell.qualify_xp:
            pending = replace(
                s,
                players=_seat_players(
                    s.players,
                    seat,
                    replace(
                        pl,
                        money=money,
                        plain=pl.plain + hired,
                        owned_plain=pl.owned_plain + hired,
                        food=food,
                    ),
                ),
                sectors=sectors,
                pile=pile,
                commune_food=commune_food,
                liquidated=liquidated,
                pending=_PENDING[worker, origin, QUALIFY, sector],
            )
            if _qualify_targets(pending, seat):
                return pending
        new = replace(
            pl,
            money=money,
            plain=pl.plain + hired,
            owned_plain=pl.owned_plain + hired,
            food=food,
            xp=pl.xp + cell.xp,
        )
    return _finish(
        replace(
            s,
            players=_seat_players(s.players, seat, new),
            sectors=sectors,
            pile=pile,
            commune_food=commune_food,
            liquidated=liquidated,
            to_move=_next_seat(s.zone, seat),
            pending=None,
        )
    )


def _buy(s: State, p: Pending, n: int) -> State:
    """MI-10: ``n`` food tokens at the sector's price, in balles or experience."""
    cell = TABLE[s.liquidated][p.sector][A_BUY]
    if cell is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "nothing to buy on this sector")
    pl = s.players[p.seat]
    got, pile, liquidated = _take_pile(s.pile, s.liquidated, n)
    cost = n * cell.price
    if cell.pay == PAY_XP:
        new = replace(pl, xp=pl.xp - cost, food=pl.food + got)
    else:
        new = replace(pl, money=pl.money - cost, food=pl.food + got)
    return _finish(
        replace(
            s,
            players=_seat_players(s.players, p.seat, new),
            pile=pile,
            liquidated=liquidated,
            to_move=_next_seat(s.zone, p.seat),
            pending=None,
        )
    )


def _struggle_xp(s: State, p: Pending) -> int:
    """MI-09: the experience galérer on the worker's sector gives."""
    cell = TABLE[s.liquidated][p.sector][A_STRUGGLE]
    return cell.xp if cell is not None else 0


def _qualify(s: State, p: Pending, a: Qualify) -> State:
    """MI-09/MI-15: a helmet on one of the player's unqualified workers, wherever it is."""
    seat = p.seat
    cell = TABLE[s.liquidated][p.sector][A_STRUGGLE]
    pl = s.players[seat]
    # MI-09: the experience is paid before the struggle's own experience is gained.
    xp = pl.xp - (cell.qualify_xp if cell is not None else 0) + _struggle_xp(s, p)
    plain, qualified, oeuvre_qualified = pl.plain, pl.qualified, pl.oeuvre_qualified
    sectors, zone = s.sectors, s.zone
    if a.where == AT_SECTOR:
        sectors = _set_at(sectors, a.index, sectors[a.index] + 1)
    elif a.where == AT_RESERVE:
        plain -= 1
        qualified += 1
    elif a.where == AT_ZONE:
        zone = _set_at(zone, a.index, zone[a.index] + 1)
    else:  # AT_OEUVRE
        oeuvre_qualified = True
    new = replace(
        pl,
        xp=xp,
        owned_plain=pl.owned_plain - 1,
        owned_qualified=pl.owned_qualified + 1,
        plain=plain,
        qualified=qualified,
        oeuvre_qualified=oeuvre_qualified,
    )
    return _finish(
        replace(
            s,
            players=_seat_players(s.players, seat, new),
            sectors=sectors,
            zone=zone,
            to_move=_next_seat(zone, seat),
            pending=None,
        )
    )


def _misery(s: State, seat: int, worker: int, circle: int, zone: tuple[int, ...]) -> State:
    """MI-06: a misery action, then the worker goes back to the reserve (``zone``: the zone
    once the worker has left it)."""
    pl = s.players[seat]
    if circle == OEUVRE_CIRCLE:
        if pl.oeuvre >= 0:
            # MI-13: a worker already on the Oeuvre: move it on or sell, the next choice.
            return replace(s, zone=zone, pending=_PENDING[worker, A_MISERY, WORK_FOR_SELF, -1])
        # MI-06: the worker itself goes onto the Oeuvre, space 0.
        new = replace(pl, oeuvre=0, oeuvre_qualified=bool(worker & 1))
        players = _seat_players(s.players, seat, new)
        return _finish(
            replace(s, players=players, zone=zone, to_move=_next_seat(zone, seat), pending=None)
        )
    plain, qualified = _home(pl, worker)
    if circle == POINTER:
        # MI-12: the first-player token and one food (from the central pile).
        got, pile, liquidated = _take_pile(s.pile, s.liquidated, 1)
        new = replace(pl, food=pl.food + got, plain=plain, qualified=qualified)
        return _finish(
            replace(
                s,
                players=_seat_players(s.players, seat, new),
                zone=zone,
                first_player=seat,
                pile=pile,
                liquidated=liquidated,
                to_move=_next_seat(zone, seat),
                pending=None,
            )
        )
    # MI-14: faire la manche: 250 per worker standing on the sectors.
    money = pl.money + BEG * sum(1 for x in s.sectors if x >= 0)
    new = replace(pl, money=money, plain=plain, qualified=qualified)
    players = _seat_players(s.players, seat, new)
    return _finish(
        replace(s, players=players, zone=zone, to_move=_next_seat(zone, seat), pending=None)
    )


def _sell(s: State, seat: int, worker: int) -> State:
    """MI-13: cash the Oeuvre's space (and its food); both workers go back to the reserve.
    MI-17: selling the Oeuvre itself wins at once."""
    pl = s.players[seat]
    space = pl.oeuvre
    got, pile, liquidated = _take_pile(s.pile, s.liquidated, OEUVRE[space].food)
    plain, qualified = _home(pl, worker)
    if pl.oeuvre_qualified:
        qualified += 1
    else:
        plain += 1
    new = replace(
        pl,
        money=pl.money + OEUVRE[space].value,
        food=pl.food + got,
        plain=plain,
        qualified=qualified,
        oeuvre=-1,
        oeuvre_qualified=False,
    )
    players = _seat_players(s.players, seat, new)
    if space == LAST_SPACE:
        return replace(
            s,
            players=players,
            pile=pile,
            liquidated=liquidated,
            oeuvre_winner=seat,
            pending=None,
            phase=OVER,
            to_move=TERMINAL,
        )
    return _finish(
        replace(
            s,
            players=players,
            pile=pile,
            liquidated=liquidated,
            to_move=_next_seat(s.zone, seat),
            pending=None,
        )
    )


def _end_round(t: State) -> State:
    """MI-16: workers come home and are fed; then `_after_feeding`.

    ``t``: the state after the round's last move (the zone is empty, every worker acted).
    """
    home = [0, 0, 0, 0]  # workers coming home from the sectors, by worker code
    for x in t.sectors:
        if x >= 0:
            home[x] += 1
    pile, commune_food = t.pile, t.commune_food
    fed = []
    for seat, pl in enumerate(t.players):
        need, food = pl.acted, pl.food
        eaten = need if food >= need else food
        pile, commune_food = _give_back(t.options, eaten, pile, commune_food)
        fed.append(
            replace(
                pl,
                plain=pl.plain + home[2 * seat],
                qualified=pl.qualified + home[2 * seat + 1],
                acted=0,
                food=food - eaten,
                hungry=need - food if food < need else pl.hungry,
            )
        )
    fed_state = replace(t, sectors=_NO_SECTORS, pile=pile, commune_food=commune_food)
    return _after_feeding(fed_state, (fed[0], fed[1]))


def lose_menu(pl: Player) -> tuple[LoseWorker, ...]:
    """MI-16: the kinds of worker a hungry player can give up, when the choice matters.

    Empty when there is nothing to choose: one kind of worker only (they are alike), or
    so many to lose that every worker goes.
    """
    plain, qual, oeuvre = pl.plain, pl.qualified, pl.oeuvre >= 0
    hungry = pl.hungry
    if not hungry or hungry >= plain + qual + oeuvre or (plain > 0) + (qual > 0) + oeuvre < 2:
        return ()
    return _LOSE_MENUS[plain > 0, qual > 0, oeuvre]


_LOSE = {which: LoseWorker(which) for which in LOSE_KINDS}
_LOSE_MENUS = {
    (p, q, o): tuple(_LOSE[k] for k, has in zip(LOSE_KINDS, (p, q, o), strict=True) if has)
    for p in (False, True)
    for q in (False, True)
    for o in (False, True)
}


def _lose(pl: Player, which: str) -> Player:
    """MI-16: one worker dies for good (it never comes back to the box)."""
    lost, hungry = pl.lost + 1, pl.hungry - 1
    if which == LOSE_PLAIN:
        return replace(
            pl, plain=pl.plain - 1, owned_plain=pl.owned_plain - 1, lost=lost, hungry=hungry
        )
    if which == LOSE_QUALIFIED:
        return replace(
            pl,
            qualified=pl.qualified - 1,
            owned_qualified=pl.owned_qualified - 1,
            lost=lost,
            hungry=hungry,
        )
    # LOSE_OEUVRE: the worker on the Oeuvre tile, and the Oeuvre's progress with it.
    if pl.oeuvre_qualified:
        return replace(
            pl,
            owned_qualified=pl.owned_qualified - 1,
            oeuvre=-1,
            oeuvre_qualified=False,
            lost=lost,
            hungry=hungry,
        )
    return replace(
        pl,
        owned_plain=pl.owned_plain - 1,
        oeuvre=-1,
        oeuvre_qualified=False,
        lost=lost,
        hungry=hungry,
    )


def _after_feeding(s: State, players: tuple[Player, ...]) -> State:
    """MI-16: the workers the food did not cover are lost, seat 0's then seat 1's; where
    the player's choice matters, the game waits for it (phase feed). ``players``: the
    players as fed so far (``s`` has the rest of the state)."""
    for seat in (0, 1):
        pl = players[seat]
        while pl.hungry:
            if lose_menu(pl):
                return replace(s, players=players, phase=FEED, to_move=seat)
            # Nothing to choose: the only kind there is, or every worker.
            if pl.plain:
                pl = _lose(pl, LOSE_PLAIN)
            elif pl.qualified:
                pl = _lose(pl, LOSE_QUALIFIED)
            elif pl.oeuvre >= 0:
                pl = _lose(pl, LOSE_OEUVRE)
            else:
                pl = replace(pl, hungry=0)  # no worker left to lose
            players = _seat_players(players, seat, pl)
    return _next_round(s, players)


def _next_round(s: State, players: tuple[Player, ...]) -> State:
    """MI-16: the best worker is named and the counter moves; MI-18: or the game ends."""
    xp0, xp1 = players[0].xp, players[1].xp
    # MI-16: most experience takes the meilleur ouvrier token; a tie leaves it.
    best = 0 if xp0 > xp1 else 1 if xp1 > xp0 else s.best_worker
    rounds = s.options.rounds
    if s.round < rounds:
        # MI-02: placement starts with the first-player token. On the empty zone, anyone
        # with a worker in reserve can place it (there is at least one plain square).
        first = s.first_player
        for seat in (first, 1 - first):
            if players[seat].plain or players[seat].qualified:
                return replace(
                    s,
                    players=players,
                    best_worker=best,
                    round=s.round + 1,
                    phase=PLACEMENT,
                    to_move=seat,
                )
        # Nobody can place a worker: the remaining rounds are all empty and change nothing
        # (no food is due, no experience is gained): straight to the final count.
    # MI-18: the last round is over: the final count.
    return replace(s, players=players, best_worker=best, round=rounds, phase=OVER, to_move=TERMINAL)


# --- reading a state -----------------------------------------------------------------------


def scores(s: State) -> tuple[int, ...]:
    """MI-18: money + 1000 per unqualified, 2000 per qualified worker (not the Oeuvre's)."""
    out = []
    for pl in s.players:
        plain, qual = pl.owned_plain, pl.owned_qualified
        if pl.oeuvre >= 0:
            if pl.oeuvre_qualified:
                qual -= 1
            else:
                plain -= 1
        out.append(
            pl.money + SETUP.points_per_worker * plain + SETUP.points_per_qualified_worker * qual
        )
    return tuple(out)


def winners(s: State) -> tuple[int, ...]:
    """MI-17: who sold the Oeuvre; MI-18: else the best count, ties to the most experience
    (or shared, `Options.tie_break`)."""
    if s.oeuvre_winner >= 0:
        return (s.oeuvre_winner,)  # MI-17
    sc = scores(s)
    top = max(sc)
    best = [i for i in range(s.num_players) if sc[i] == top]
    if len(best) > 1 and s.options.tie_break == TIE_EXPERIENCE:
        xp = max(s.players[i].xp for i in best)
        best = [i for i in best if s.players[i].xp == xp]
    return tuple(best)


_new = object.__new__
_set_dict = object.__setattr__  # a frozen class refuses its own __setattr__


def observe(s: State, seat: int | None) -> Observation:
    """Everything on the table: Misère hides nothing, so every seat sees the same.

    The observation has the state's fields but the generator and the chance mode, plus the
    seat: it is built from a copy of the state's dict (both classes are dict-backed, as
    `core.fast.replace` builds states), several times cheaper than calling its
    constructor, which an RL environment does at every step.
    """
    d = dict(s.__dict__)
    del d["rng"], d["explicit"]
    d["seat"] = seat
    obs: Observation = _new(Observation)
    _set_dict(obs, "__dict__", d)
    return obs


def hidden_variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``s``: only the (unused) generator state differs."""
    return (replace(s, rng=rng.u64()),)
