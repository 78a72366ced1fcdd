"""The rules of Misère (seed ../shared/seeds/misere.fr.txt), as the hooks of one `Game`.

A round (MI-16) is a placement phase (MI-02, MI-03), then an action phase (MI-04) in which
each worker leaves the zone with `Activate` and finishes its move with a few small choices,
then the end of the round (feeding, meilleur ouvrier, compte-tour), done automatically.
There is no randomness after setup, so the game has no chance nodes.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

import attrs

from boardgames_fr.core.errors import TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.core.labels import count
from boardgames_fr.core.rng import Rng
from boardgames_fr.misere.actions import (
    ACTION_TYPES,
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    Glander,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
)
from boardgames_fr.misere.data import (
    ACTIONS,
    CIRCLES,
    OEUVRE,
    SECTORS,
    SETUP,
    TABLE,
    ZONE,
    Cell,
)
from boardgames_fr.misere.render import (
    describe,
    place_words,
    player_name,
    render,
    sector_words,
    stage_text,
)
from boardgames_fr.misere.state import (
    ACTION,
    BUY,
    FALL,
    FEED,
    OEUVRE_STAGE,
    OVER,
    PHASES,
    PLACEMENT,
    QUALIFY,
    ROUTE,
    STAGES,
    Observation,
    Options,
    Pending,
    Player,
    State,
    zone_layout,
)

__all__ = ["GAME", "GAME_INFO"]

GAME_INFO = GameInfo(
    game_id="misere",
    name_fr="Misère",
    name_en="Misère",
    player_counts=(2,),
    default_players=2,
    chance=False,
    hidden_information=False,
    summary_fr="Placement d'ouvriers : bosser, galérer, bouffer, et survivre à la misère.",
    summary_en="Worker placement: work, struggle, eat, and get through hard times.",
)

# Action numbers of the zone's squares; circles are origin 3 in `Pending`.
A_BUY, A_WORK, A_STRUGGLE, A_MISERY = 0, 1, 2, 3
POINTER, OEUVRE_CIRCLE, MANCHE = 0, 1, 2
COMMUNE = 3
LAST_SPACE = len(OEUVRE) - 1
THRESHOLD = ZONE.misery_threshold
BEG = ZONE.beg_per_worker
PER_COLOUR = SETUP.workers_per_colour
MAX_AMOUNT = 10**9  # a save's money or experience above this is refused (`_validate`)


# Shared action objects: `in` checks identity first, so handing these out is cheap.
_GLANDER = Glander()
_GO_HOME = GoHome()
_NO_QUALIFY = NoQualify()
_ADVANCE = AdvanceOeuvre()
_SELL = SellOeuvre()
_GOTO = tuple(GoToSector(i) for i in range(4))
_FALL = tuple(FallToMisery(c) for c in range(3))
_ACTIVATE = tuple(Activate(i) for i in range(3 * 7 + 3))
_PLACE = tuple((Place(i, False), Place(i, True)) for i in range(3 * 7 + 3))
_BUY = tuple(BuyFood(n) for n in range(SETUP.food_tokens + 1))


def _supply(p: Player | dict[str, Any]) -> int:
    """Workers of the colour still in the box (MI-01: 4 per colour; the dead never return)."""
    if isinstance(p, Player):
        return PER_COLOUR - p.owned_plain - p.owned_qualified - p.lost
    return int(PER_COLOUR - p["owned_plain"] - p["owned_qualified"] - p["lost"])


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


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
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
    put one now (``misery``: under 1000 balles, or out of food; see `_legal`).

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


def _free_circles(zone: tuple[int, ...] | list[int]) -> tuple[int, ...]:
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
            if cell.pay == "misery":
                # MI-20: the Commune sends the worker to a misery action: one must be free.
                if _free_circles(s.zone):
                    out.append(_GOTO[i])
            elif s.pile and (pl.xp if cell.pay == "xp" else pl.money) >= cell.price:
                out.append(_GOTO[i])
    # MI-09: galérer costs 250, 1000 for a qualified worker.
    elif pl.money >= (SETUP.struggle_cost_qualified if p.worker & 1 else SETUP.struggle_cost):
        for i, cell in _ROUTES[s.liquidated][A_STRUGGLE]:
            if sectors[i] >= 0:
                continue
            if cell.worker and not (cell.xp or cell.food or cell.qualify_xp):
                # MI-10: the liquidated tile gives a worker and nothing else.
                if _supply(pl) > 0:
                    out.append(_GOTO[i])
            else:
                out.append(_GOTO[i])
    if not out:
        # MI-05: no free sector where the action can be done: a misery action.
        out = [_FALL[c] for c in _free_circles(s.zone)]
        if not out and origin != A_BUY:
            out.append(_GO_HOME)
    if origin == A_BUY:
        out.append(_GLANDER)  # MI-10: glander is always possible
    return tuple(out)


def _qualify_targets(s: State, seat: int) -> tuple[Qualify, ...]:
    """MI-09/MI-15: the player's unqualified workers, wherever they are."""
    plain_code = seat * 2
    out = [Qualify("sector", i) for i, w in enumerate(s.sectors) if w == plain_code]
    pl = s.players[seat]
    if pl.plain:
        out.append(Qualify("reserve"))
    out.extend(Qualify("zone", i) for i, w in enumerate(s.zone) if w == plain_code)
    if pl.oeuvre >= 0 and not pl.oeuvre_qualified:
        out.append(Qualify("oeuvre"))
    return tuple(out)


def _legal(s: State) -> tuple[Any, ...]:
    """The legal moves, in this order.

    Placement: `Place` by place index, plain worker first. Action phase, no move in
    progress: `Activate` by place index. Then by stage: route: `GoToSector` by sector,
    then `FallToMisery` by circle (only if no sector fits), then `Glander` (buy only) or
    `GoHome` (nothing else possible); buy: `BuyFood` 1..max; qualify: `Qualify` (sectors,
    reserve, zone places, oeuvre) then `NoQualify`; fall: `FallToMisery`; oeuvre:
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
        return _lose_menu(s.players[s.to_move])
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
        return tuple(_FALL[c] for c in _free_circles(s.zone))
    # OEUVRE
    if s.players[p.seat].oeuvre < LAST_SPACE:
        return (_ADVANCE, _SELL)
    return (_SELL,)


def _max_buy(s: State, seat: int, sector: int) -> int:
    cell = TABLE[s.liquidated][sector][A_BUY]
    if cell is None or not cell.price:
        return 0
    pl = s.players[seat]
    have = pl.xp if cell.pay == "xp" else pl.money
    return min(s.pile, have // cell.price)


# --- applying a move -----------------------------------------------------------------------


# The fields of a State and of a Player, in order, read out of a dict of fields.
_STATE_FIELDS = itemgetter(*(f.name for f in attrs.fields(State)))
_PLAYER_FIELDS = itemgetter(*(f.name for f in attrs.fields(Player)))


class _Work:
    """A state being changed, for the length of one step.

    Its ``__dict__`` is a copy of the state's (``w.pile`` is the pile, ``w.zone`` the
    zone, a tuple), so building the next state is one constructor call; a player about to
    change becomes a dict of its fields in ``mut`` (see `p`).
    """

    __slots__ = ("__dict__", "mut")

    # The State's fields, as the step changes them (see `State`).
    to_move: int
    options: Options
    round: int
    phase: str
    first_player: int
    best_worker: int
    players: tuple[Player, ...]
    pile: int
    commune_food: int
    liquidated: bool
    zone: tuple[int, ...]
    sectors: tuple[int, ...]
    pending: Pending | None
    oeuvre_winner: int

    def __init__(self, s: State) -> None:
        self.__dict__ = s.__dict__.copy()
        self.mut: list[dict[str, Any] | None] = [None, None]
        self.pending = None  # every move sets the next one, or ends the worker's move

    def p(self, seat: int) -> dict[str, Any]:
        """The player's fields, ready to change."""
        pl = self.mut[seat]
        if pl is None:
            pl = self.mut[seat] = self.players[seat].__dict__.copy()
        return pl

    def build(self) -> State:
        """The state as it stands (the work may go on after)."""
        a, b = self.mut
        if a is not None or b is not None:
            p0, p1 = self.players
            self.players = (
                p0 if a is None else Player(*_PLAYER_FIELDS(a)),
                p1 if b is None else Player(*_PLAYER_FIELDS(b)),
            )
        return State(*_STATE_FIELDS(self.__dict__))

    # --- food ---

    def take_pile(self, n: int) -> int:
        """Food from the central pile, as far as it lasts; MI-10: flip when it runs out."""
        got = n if n <= self.pile else self.pile
        self.pile -= got
        if self.pile == 0 and got and not self.liquidated:
            self.liquidated = True
        return got

    def meal(self) -> int:
        """MI-11: the Commune's free meal, from its own food."""
        if self.commune_food > 0:
            self.commune_food -= 1
            return 1
        if self.options.commune_meal_when_empty == "central":
            return self.take_pile(1)
        return 0

    def give_back(self, eaten: int) -> None:
        """MI-11/MI-16: food eaten at the end of a round restocks the Commune's soup
        kitchen up to its 5 tokens, the rest goes back to the central pile (Choices)."""
        if self.options.eaten_food == "commune_first":
            back = min(eaten, SETUP.commune_food - self.commune_food)
            self.commune_food += back
            eaten -= back
        self.pile += eaten

    def gain_food(self, seat: int, cell: Cell, sector: int) -> None:
        if not cell.food:
            return
        got = self.meal() if SECTORS[sector].free_meal else self.take_pile(cell.food)
        self.p(seat)["food"] += got

    def to_reserve(self, seat: int, worker: int) -> None:
        self.p(seat)["qualified" if worker & 1 else "plain"] += 1


def _set_at(row: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    """The tuple with ``row[i]`` replaced."""
    new = list(row)
    new[i] = value
    return tuple(new)


def _apply(s: State, a: Any) -> State:
    seat = s.to_move
    t = type(a)
    if t is Place:
        return _place(s, seat, a.place, a.qualified)
    if t is Activate:
        o = s.options
        n_sq = o.plain_squares + o.dotted_squares
        if a.place < 3 * n_sq:
            return _activate_square(s, a.place, a.place // n_sq)
        w = _Work(s)
        w.zone = _set_at(s.zone, a.place, -1)
        _misery(w, seat, s.zone[a.place], a.place - 3 * n_sq)
        return w.build()
    if t is LoseWorker:
        return _apply_lose(s, a)
    p = s.pending
    if p is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no move in progress")
    if t is GoToSector and p.origin == A_BUY and _BUY_STAYS[s.liquidated][a.sector]:
        # MI-10: the worker stands on the sector; how much it buys is the next choice.
        sectors = _set_at(s.sectors, a.sector, p.worker)
        return replace(s, sectors=sectors, pending=_PENDING[p.worker, A_BUY, BUY, a.sector])
    w = _Work(s)
    if t is GoToSector:
        _go_to_sector(w, p, a.sector)
    elif t is BuyFood:
        cell = TABLE[s.liquidated][p.sector][A_BUY]
        if cell is not None:
            pl = w.p(seat)
            pl["xp" if cell.pay == "xp" else "money"] -= a.count * cell.price
            pl["food"] += w.take_pile(a.count)
        _done(w, seat)
    elif t is Qualify:
        _qualify(w, p, a)
    elif t is NoQualify:
        _struggle_xp(w, p)
        _done(w, seat)
    elif t is FallToMisery:
        _misery(w, seat, p.worker, a.circle)
    elif t is Glander or t is GoHome:
        # MI-10: glander takes the worker back; it still counts as having acted (MI-16).
        w.to_reserve(seat, p.worker)
        _done(w, seat)
    elif t is AdvanceOeuvre:
        pl = w.p(seat)
        fast = pl["oeuvre_qualified"] if s.options.oeuvre_speed == "oeuvre_worker" else p.worker & 1
        # MI-13/MI-15: one space, two for a qualified worker.
        pl["oeuvre"] = min(LAST_SPACE, pl["oeuvre"] + (2 if fast else 1))
        w.to_reserve(seat, p.worker)
        _done(w, seat)
    elif t is SellOeuvre:
        _sell(w, seat, p.worker)
    return w.build()


def _apply_lose(s: State, a: LoseWorker) -> State:
    """MI-16: the hungry player gives up the worker of its choice; the feeding goes on."""
    w = _Work(s)
    _lose(w.p(s.to_move), a.which)
    _after_feeding(w)
    return w.build()


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
    tuple(i in {j for j, cell in _ROUTES[liq][A_BUY] if cell.pay != "misery"} for i in range(4))
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


def _done(w: _Work, seat: int) -> None:
    """MI-04: the worker's move is over; the other seat acts next if it has a worker left
    on the zone, else this seat; with the zone empty, the round ends (MI-16)."""
    w.pending = None
    zone = w.zone
    other = 1 - seat
    if other * 2 in zone or other * 2 + 1 in zone:
        w.to_move = other
    elif seat * 2 in zone or seat * 2 + 1 in zone:
        w.to_move = seat
    else:
        _end_round(w)


def _go_to_sector(w: _Work, p: Pending, sector: int) -> None:
    seat, worker, origin = p.seat, p.worker, p.origin
    cell = TABLE[w.liquidated][sector][origin]
    if cell is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no such action on this sector")
    if origin == A_BUY:  # at the Commune (where the worker stays: `_apply`)
        # MI-20: Commune: the free meal (MI-11), then straight on to a misery action;
        # the worker does not stay, so the Commune remains free.
        w.gain_food(seat, cell, sector)
        w.pending = _PENDING[worker, origin, FALL, sector]
        return
    w.sectors = _set_at(w.sectors, sector, worker)
    pl = w.p(seat)
    if origin == A_WORK:
        # MI-08: the wage, +500 for a qualified worker (MI-15), and the sector's stars.
        pl["money"] += cell.wage + (SETUP.qualified_wage_bonus if worker & 1 else 0)
        pl["xp"] += cell.xp
        w.gain_food(seat, cell, sector)
        _done(w, seat)
        return
    # MI-09: galérer: pay first, then the sector's effect.
    pl["money"] -= SETUP.struggle_cost_qualified if worker & 1 else SETUP.struggle_cost
    for _ in range(cell.worker):
        if _supply(pl) > 0:
            pl["plain"] += 1
            pl["owned_plain"] += 1
    w.gain_food(seat, cell, sector)
    if cell.qualify_xp and pl["xp"] >= cell.qualify_xp:
        w.pending = _PENDING[worker, origin, QUALIFY, sector]
        tmp = w.build()
        if _qualify_targets(tmp, seat):
            return
        w.pending = None
    pl["xp"] += cell.xp
    _done(w, seat)


def _struggle_xp(w: _Work, p: Pending) -> None:
    cell = TABLE[w.liquidated][p.sector][A_STRUGGLE]
    if cell is not None:
        w.p(p.seat)["xp"] += cell.xp


def _qualify(w: _Work, p: Pending, a: Qualify) -> None:
    seat = p.seat
    cell = TABLE[w.liquidated][p.sector][A_STRUGGLE]
    pl = w.p(seat)
    # MI-09: the experience is paid before the struggle's own experience is gained.
    pl["xp"] -= cell.qualify_xp if cell is not None else 0
    pl["owned_plain"] -= 1
    pl["owned_qualified"] += 1
    if a.where == "sector":
        w.sectors = _set_at(w.sectors, a.index, w.sectors[a.index] + 1)
    elif a.where == "reserve":
        pl["plain"] -= 1
        pl["qualified"] += 1
    elif a.where == "zone":
        w.zone = _set_at(w.zone, a.index, w.zone[a.index] + 1)
    else:
        pl["oeuvre_qualified"] = True
    _struggle_xp(w, p)
    _done(w, seat)


def _misery(w: _Work, seat: int, worker: int, circle: int) -> None:
    """MI-06: a misery action, then the worker goes back to the reserve."""
    pl = w.p(seat)
    if circle == POINTER:
        # MI-12: the first-player token and one food (from the central pile).
        w.first_player = seat
        pl["food"] += w.take_pile(1)
    elif circle == MANCHE:
        # MI-14: 250 per worker standing on the sectors.
        pl["money"] += BEG * sum(1 for x in w.sectors if x >= 0)
    else:
        if pl["oeuvre"] < 0:
            # MI-06: the worker itself goes onto the Oeuvre, space 0.
            pl["oeuvre"] = 0
            pl["oeuvre_qualified"] = bool(worker & 1)
            _done(w, seat)
            return
        w.pending = _PENDING[worker, A_MISERY, OEUVRE_STAGE, -1]
        return
    w.to_reserve(seat, worker)
    _done(w, seat)


def _sell(w: _Work, seat: int, worker: int) -> None:
    pl = w.p(seat)
    space = pl["oeuvre"]
    # MI-13: cash the space (and its food), both workers go back to the reserve.
    pl["money"] += OEUVRE[space].value
    pl["food"] += w.take_pile(OEUVRE[space].food)
    pl["qualified" if pl["oeuvre_qualified"] else "plain"] += 1
    pl["oeuvre"] = -1
    pl["oeuvre_qualified"] = False
    w.to_reserve(seat, worker)
    if space == LAST_SPACE:
        # MI-17: selling the Oeuvre itself wins at once.
        w.oeuvre_winner = seat
        w.pending = None
        w.phase = OVER
        w.to_move = TERMINAL
        return
    _done(w, seat)


def _end_round(w: _Work) -> None:
    """MI-16: workers come home and are fed; then `_after_feeding`.

    Called with the zone empty (every worker has acted).
    """
    pls = (w.p(0), w.p(1))
    for x in w.sectors:
        if x >= 0:
            pls[x >> 1]["qualified" if x & 1 else "plain"] += 1
    w.sectors = _NO_SECTORS
    for pl in pls:
        need = pl["acted"]
        if not need:
            continue
        pl["acted"] = 0
        food = pl["food"]
        eaten = need if food >= need else food
        pl["food"] = food - eaten
        w.give_back(eaten)
        if food < need:
            pl["hungry"] = need - food
    _after_feeding(w)


def _lose_menu(pl: Player | dict[str, Any]) -> tuple[LoseWorker, ...]:
    """MI-16: the kinds of worker a hungry player can give up, when the choice matters.

    Empty when there is nothing to choose: one kind of worker only (they are alike), or
    so many to lose that every worker goes.
    """
    d = pl.__dict__ if isinstance(pl, Player) else pl
    plain, qual, oeuvre = d["plain"], d["qualified"], d["oeuvre"] >= 0
    hungry = d["hungry"]
    if not hungry or hungry >= plain + qual + oeuvre or (plain > 0) + (qual > 0) + oeuvre < 2:
        return ()
    return _LOSE_MENUS[plain > 0, qual > 0, oeuvre]


_LOSE = {which: LoseWorker(which) for which in ("plain", "qualified", "oeuvre")}
_LOSE_MENUS = {
    (p, q, o): tuple(_LOSE[k] for k, has in zip(_LOSE, (p, q, o), strict=True) if has)
    for p in (False, True)
    for q in (False, True)
    for o in (False, True)
}


def _lose(pl: dict[str, Any], which: str) -> None:
    """MI-16: one worker dies for good (it never comes back to the box)."""
    if which == "plain":
        pl["plain"] -= 1
        pl["owned_plain"] -= 1
    elif which == "qualified":
        pl["qualified"] -= 1
        pl["owned_qualified"] -= 1
    else:
        pl["owned_qualified" if pl["oeuvre_qualified"] else "owned_plain"] -= 1
        pl["oeuvre"] = -1
        pl["oeuvre_qualified"] = False
    pl["lost"] += 1
    pl["hungry"] -= 1


def _after_feeding(w: _Work) -> None:
    """MI-16: the workers the food did not cover are lost, seat 0's then seat 1's; where
    the player's choice matters, the game waits for it (phase feed)."""
    for seat in (0, 1):
        pl = w.p(seat)
        while pl["hungry"]:
            if _lose_menu(pl):
                w.phase = FEED
                w.to_move = seat
                return
            # Nothing to choose: the only kind there is, or every worker.
            if pl["plain"]:
                _lose(pl, "plain")
            elif pl["qualified"]:
                _lose(pl, "qualified")
            elif pl["oeuvre"] >= 0:
                _lose(pl, "oeuvre")
            else:
                pl["hungry"] = 0  # no worker left to lose
    _next_round(w)


def _next_round(w: _Work) -> None:
    """MI-16: the best worker is named and the counter moves; MI-18: or the game ends."""
    pls = (w.p(0), w.p(1))
    xp0, xp1 = pls[0]["xp"], pls[1]["xp"]
    # MI-16: most experience takes the meilleur ouvrier token; a tie leaves it.
    if xp0 > xp1:
        w.best_worker = 0
    elif xp1 > xp0:
        w.best_worker = 1
    if w.round < w.options.rounds:
        w.round += 1
        w.phase = PLACEMENT
        # MI-02: placement starts with the first-player token. On the empty zone, anyone
        # with a worker in reserve can place it (there is at least one plain square).
        first = w.first_player
        if pls[first]["plain"] or pls[first]["qualified"]:
            w.to_move = first
            return
        if pls[1 - first]["plain"] or pls[1 - first]["qualified"]:
            w.to_move = 1 - first
            return
        # Nobody can place a worker: the remaining rounds are all empty and change nothing
        # (no food is due, no experience is gained): straight to the final count.
        w.round = w.options.rounds
    # MI-18: the last round is over: the final count.
    w.phase = OVER
    w.to_move = TERMINAL


# --- reading a state -----------------------------------------------------------------------


def _scores(s: State) -> tuple[int, ...]:
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


def _winners(s: State) -> tuple[int, ...]:
    if s.oeuvre_winner >= 0:
        return (s.oeuvre_winner,)  # MI-17
    sc = _scores(s)
    top = max(sc)
    best = [i for i in range(s.num_players) if sc[i] == top]
    if len(best) > 1 and s.options.tie_break == "experience":
        xp = max(s.players[i].xp for i in best)
        best = [i for i in best if s.players[i].xp == xp]
    return tuple(best)


def _observe(s: State, seat: int | None) -> Observation:
    return Observation(
        seat=seat,
        num_players=s.num_players,
        options=s.options,
        to_move=s.to_move,
        round=s.round,
        phase=s.phase,
        first_player=s.first_player,
        best_worker=s.best_worker,
        players=s.players,
        pile=s.pile,
        commune_food=s.commune_food,
        liquidated=s.liquidated,
        zone=s.zone,
        sectors=s.sectors,
        pending=s.pending,
        oeuvre_winner=s.oeuvre_winner,
    )


def _hidden_variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    # Nothing on the table is hidden: only the (unused) generator state differs.
    return (attrs.evolve(s, rng=rng.u64()),)


def _explain(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is refused, in ``lang`` (``"fr"`` or ``"en"``); only on the failing path
    of `step`. Each sentence is written twice, French first, with the same tests."""
    fr = lang == "fr"
    seat = s.to_move
    who = player_name(seat, lang)  # a player reads seats numbered from 1
    if s.phase == FEED:
        pl = s.players[seat]
        if not isinstance(a, LoseWorker):
            if fr:
                return f"{who} manque de nourriture : choisir d'abord l'ouvrier à perdre"
            return f"{who} is short of food: choose which worker is lost first"
        have = {"plain": pl.plain, "qualified": pl.qualified, "oeuvre": int(pl.oeuvre >= 0)}
        if have.get(a.which, 0) == 0:
            if a.which == "oeuvre":
                if fr:
                    return f"{who} n'a pas d'ouvrier sur l'Oeuvre"
                return f"{who} has no worker on the Oeuvre"
            return _no_worker_in_reserve(who, a.which == "qualified", lang)
        return (
            "cet ouvrier ne peut pas être choisi maintenant"
            if fr
            else "that worker cannot be chosen now"
        )
    if isinstance(a, LoseWorker):
        return (
            "un ouvrier n'est perdu qu'en fin de tour, faute de nourriture"
            if fr
            else "a worker is only lost at the feeding, for want of food"
        )
    if s.phase == PLACEMENT:
        return _explain_placement(s, a, who, lang)
    if s.pending is None:
        if not isinstance(a, Activate):
            return (
                "sortir d'abord un de ses ouvriers de la Zone de pose"
                if fr
                else "choose a worker of yours on the zone first"
            )
        if not 0 <= a.place < len(s.zone):
            return _no_place(lang)
        where = place_words(a.place, s, lang)
        if s.zone[a.place] < 0:
            return f"il n'y a pas d'ouvrier sur {where}" if fr else f"there is no worker on {where}"
        owner = player_name(s.zone[a.place] >> 1, lang)
        if fr:
            return f"{who} n'a pas d'ouvrier sur {where} : l'ouvrier posé là est à {owner}"
        return f"{who} has no worker on {where}: the worker there is {owner}'s"
    stage = s.pending.stage
    if isinstance(a, GoToSector):
        if stage != ROUTE:
            return (
                "l'ouvrier a déjà choisi son secteur"
                if fr
                else "the worker has already chosen where to go"
            )
        if not 0 <= a.sector < len(SECTORS):
            return "ce secteur n'existe pas" if fr else "there is no such sector"
        at = sector_words(a.sector, s, lang)
        if s.sectors[a.sector] >= 0:
            if fr:
                return f"il y a déjà un ouvrier {at} : un seul ouvrier par secteur"
            return f"{at} is taken: one worker per sector"
        if fr:
            # « bosser », « galérer », « acheter à bouffer »: the action on its square.
            origin = s.pending.origin
            verb = ACTIONS[origin][0].lower() if 0 <= origin < 3 else "faire son action"
            return f"l'ouvrier ne peut pas {verb} {at}"
        return f"the worker cannot do its action at {at}"
    if isinstance(a, BuyFood):
        return (
            "on ne peut pas acheter autant de nourriture ici maintenant"
            if fr
            else "not that much food can be bought here now"
        )
    if isinstance(a, FallToMisery):
        if not 0 <= a.circle < len(CIRCLES):
            return "ce rond de misère n'existe pas" if fr else "there is no such misery circle"
        circle = len(s.zone) - 3 + a.circle
        if s.zone[circle] >= 0:
            # « le rond … »: a circle is masculine.
            where = place_words(circle, s, lang)
            return f"{where} est déjà occupé" if fr else f"{where} is taken"
        if stage == ROUTE:
            return (
                "l'ouvrier ne va sur une action de misère que si aucun secteur libre ne peut "
                "le prendre"
                if fr
                else "the worker goes to misery only when no free sector can take it"
            )
        return (
            "pas d'action de misère pour cet ouvrier maintenant"
            if fr
            else "no misery action for this worker now"
        )
    progress = stage_text(s, lang)
    if fr:
        return f"impossible maintenant ; en cours : {progress}"
    return f"not possible now; in progress: {progress}"


def _no_place(lang: str) -> str:
    """A `Place` or an `Activate` of a place the zone does not have."""
    if lang == "fr":
        return "la Zone de pose n'a ni cette case ni ce rond"
    return "there is no such square or circle on the zone"


def _no_worker_in_reserve(who: str, qualified: bool, lang: str) -> str:
    """MI-15: the seat has no worker of that kind at home (placing, or losing one)."""
    if lang == "fr":
        return f"{who} n'a pas d'ouvrier {'qualifié' if qualified else 'non qualifié'} en réserve"
    return f"{who} has no {'qualified' if qualified else 'unqualified'} worker in reserve"


def _explain_placement(s: State, a: Any, who: str, lang: str) -> str:
    """`_explain` in the placement phase (MI-02, MI-03, MI-15, MI-19)."""
    fr = lang == "fr"
    if not isinstance(a, Place):
        return (
            "c'est la phase de placement : poser un ouvrier sur la Zone de pose"
            if fr
            else "it is the placement phase: put a worker on the zone"
        )
    layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
    if not 0 <= a.place < len(layout):
        return _no_place(lang)
    where = place_words(a.place, s, lang)
    if s.zone[a.place] >= 0:
        owner = player_name(s.zone[a.place] >> 1, lang)
        if fr:
            return f"l'ouvrier de {owner} occupe déjà {where}"
        return f"{where} is taken ({owner}'s worker is there)"
    pl = s.players[s.to_move]
    if (pl.qualified if a.qualified else pl.plain) == 0:
        return _no_worker_in_reserve(who, a.qualified, lang)
    action, dotted = layout[a.place]
    if dotted and not a.qualified:
        return (
            "les cases en pointillés sont réservées aux ouvriers qualifiés"
            if fr
            else "dotted squares are for qualified workers only"
        )
    if action >= 3:
        if fr:
            food = count(pl.food, "jeton", "jetons", lang)
            return (
                f"{who} a {pl.money} balles (1000 ou plus), {food} nourriture et peut encore "
                "poser son ouvrier sur une case : les ronds de misère sont fermés"
            )
        return (
            f"{who} has {pl.money} balles (1000 or more), {pl.food} food and can "
            "still place on a square: the misery circles are closed"
        )
    return (
        "prendre la première case libre de cette action"
        if fr
        else "take the first free square of that action"
    )


def _validate(s: State) -> None:
    if s.num_players != 2 or len(s.players) != 2:
        raise InvalidStateError("state.players", "Misère is for 2 players")
    if s.phase not in PHASES:
        raise InvalidStateError("state.phase", f"unknown phase {s.phase!r}")
    layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
    if len(s.zone) != len(layout):
        raise InvalidStateError("state.zone", f"expected {len(layout)} places")
    if len(s.sectors) != 4:
        raise InvalidStateError("state.sectors", "expected 4 sectors")
    for name, row in (("zone", s.zone), ("sectors", s.sectors)):
        for i, x in enumerate(row):
            if not -1 <= x <= 3:
                raise InvalidStateError(f"state.{name}[{i}]", f"bad worker code {x}")
    if not 1 <= s.round <= s.options.rounds:
        raise InvalidStateError("state.round", f"must be 1..{s.options.rounds}")
    for name, v in (("first_player", s.first_player), ("best_worker", s.best_worker)):
        if v not in (0, 1):
            raise InvalidStateError(f"state.{name}", "must be 0 or 1")
    if s.oeuvre_winner not in (-1, 0, 1):
        raise InvalidStateError("state.oeuvre_winner", "must be -1, 0 or 1")
    if s.pile < 0 or s.commune_food < 0:
        raise InvalidStateError("state.pile", "food cannot be negative")
    if s.commune_food > SETUP.commune_food:  # MI-16: restocked up to its setup tokens only
        raise InvalidStateError("state.commune_food", f"at most {SETUP.commune_food} tokens")
    held = s.pending is not None and s.pending.stage in (ROUTE, FALL, OEUVRE_STAGE)
    if s.pending is not None:
        if s.pending.stage not in STAGES:
            raise InvalidStateError("state.pending.stage", f"unknown stage {s.pending.stage!r}")
        if not 0 <= s.pending.worker <= 3 or s.pending.seat != s.pending.worker >> 1:
            raise InvalidStateError("state.pending.worker", "bad worker code")
    _validate_turn(s)
    for i, (_, dotted) in enumerate(layout):
        if dotted and s.zone[i] >= 0 and not s.zone[i] & 1:
            # MI-15: the dotted squares are for qualified workers only.
            raise InvalidStateError(f"state.zone[{i}]", "an unqualified worker on a dotted square")
    food = s.pile + s.commune_food
    for seat, pl in enumerate(s.players):
        path = f"state.players[{seat}]"
        for f in attrs.fields(Player):
            v = getattr(pl, f.name)
            if f.name != "oeuvre" and isinstance(v, int) and v < 0:
                raise InvalidStateError(f"{path}.{f.name}", "cannot be negative")
        for name, v in (("money", pl.money), ("xp", pl.xp)):
            if v > MAX_AMOUNT:  # far beyond any game; keeps the bot's arithmetic finite
                raise InvalidStateError(f"{path}.{name}", f"more than {MAX_AMOUNT}")
        owned = pl.owned_plain + pl.owned_qualified
        if owned + pl.lost > PER_COLOUR:
            raise InvalidStateError(path, f"more than {PER_COLOUR} workers")
        if not -1 <= pl.oeuvre <= LAST_SPACE:
            raise InvalidStateError(f"{path}.oeuvre", f"must be -1..{LAST_SPACE}")
        if pl.oeuvre_qualified and pl.oeuvre < 0:
            raise InvalidStateError(f"{path}.oeuvre_qualified", "no worker on the Oeuvre")
        counts = [pl.plain, pl.qualified]
        for x in (*s.zone, *s.sectors):
            if x >= 0 and x >> 1 == seat:
                counts[x & 1] += 1
        out = counts[0] + counts[1] - pl.plain - pl.qualified  # on the zone and sectors
        if pl.oeuvre >= 0:
            counts[int(pl.oeuvre_qualified)] += 1
        if held and s.pending is not None and s.pending.seat == seat:
            counts[s.pending.worker & 1] += 1
            out += 1
        if counts != [pl.owned_plain, pl.owned_qualified]:
            raise InvalidStateError(path, "the workers on the table do not match the counts")
        # MI-16: every worker placed this round is due a food: those still out, and at
        # most every worker the player has; while placing, exactly those on the zone.
        if pl.acted < out or pl.acted > owned or (s.phase == PLACEMENT and pl.acted != out):
            raise InvalidStateError(
                f"{path}.acted", f"{pl.acted} workers due a food, with {out} out this round"
            )
        if pl.hungry > owned:
            raise InvalidStateError(f"{path}.hungry", f"more than the {owned} workers owned")
        food += pl.food
    if food != SETUP.food_tokens:
        raise InvalidStateError("state.pile", f"food tokens add up to {food}, not 18")
    if s.pile == 0 and not s.liquidated:
        # MI-10: whatever took the pile's last token flipped the Petits exploitants tile.
        raise InvalidStateError(
            "state.liquidated", "the central pile is empty: the Petits exploitants are liquidated"
        )
    xp0, xp1 = s.players[0].xp, s.players[1].xp
    # MI-16: the token went to the most experience at the end of the last round, and
    # nobody gains any while placing.
    if s.phase == PLACEMENT and xp0 != xp1 and s.best_worker != (0 if xp0 > xp1 else 1):
        raise InvalidStateError("state.best_worker", "held by the less experienced player")
    # Last, with every part known to be in range: the seat to move can move.
    if s.phase != OVER and not _legal(s):
        raise InvalidStateError(
            "state.to_move" if s.pending is None else "state.pending",
            f"seat {s.to_move} has no move"
            + ("" if s.pending is None else f" at stage {s.pending.stage!r}"),
        )


def _validate_turn(s: State) -> None:
    """Phase, move in progress and seat to move agree (whether that seat can move is
    checked after the workers and the food, see `_validate`)."""
    p = s.pending
    if s.phase == OVER:
        if s.to_move != TERMINAL:
            raise InvalidStateError("state.to_move", "the game is over: must be TERMINAL (-2)")
        if p is not None:
            raise InvalidStateError("state.pending", "the game is over: no move in progress")
        if s.oeuvre_winner < 0 and s.round != s.options.rounds:
            raise InvalidStateError("state.round", "the game ends after the last round (MI-18)")
        return
    if s.to_move not in (0, 1):
        raise InvalidStateError("state.to_move", f"{s.to_move} is not a seat of a live game")
    if s.oeuvre_winner >= 0:
        raise InvalidStateError("state.oeuvre_winner", "a sold Oeuvre ends the game (MI-17)")
    for seat, pl in enumerate(s.players):
        if pl.hungry and (s.phase != FEED or seat < s.to_move):
            raise InvalidStateError(
                f"state.players[{seat}].hungry", "workers are only lost at the feeding (MI-16)"
            )
    if s.phase == FEED:
        if p is not None:
            raise InvalidStateError("state.pending", "no move in progress at the feeding")
        if any(x >= 0 for x in (*s.zone, *s.sectors)):
            raise InvalidStateError("state.zone", "every worker is home at the feeding (MI-16)")
        if any(pl.acted for pl in s.players):
            raise InvalidStateError("state.players", "the food due was paid at the feeding")
        return
    if s.phase == PLACEMENT:
        if p is not None:
            raise InvalidStateError("state.pending", "no move in progress while placing")
        if any(x >= 0 for x in s.sectors):
            raise InvalidStateError("state.sectors", "the sectors are empty while placing (MI-16)")
        return
    if p is None:
        return
    if p.seat != s.to_move:
        raise InvalidStateError(
            "state.pending.seat", f"the move in progress is not seat {s.to_move}'s"
        )
    stage, origin, sector = p.stage, p.origin, p.sector
    if not 0 <= origin <= A_MISERY:
        raise InvalidStateError("state.pending.origin", f"bad origin {origin}")
    if not -1 <= sector <= COMMUNE:
        raise InvalidStateError("state.pending.sector", f"bad sector {sector}")
    # The action each stage follows from (see `_apply`), and where the worker stands.
    if origin not in _STAGE_ORIGINS[stage]:
        raise InvalidStateError("state.pending.origin", f"stage {stage!r} follows no such action")
    if stage in (ROUTE, OEUVRE_STAGE) and sector != -1:
        raise InvalidStateError("state.pending.sector", f"no sector yet at stage {stage!r}")
    if stage == FALL and sector != COMMUNE:
        raise InvalidStateError("state.pending.sector", "only the Commune sends on to misery")
    if stage in (BUY, QUALIFY):
        if sector < 0 or s.sectors[sector] != p.worker:
            raise InvalidStateError("state.pending.sector", "the worker is not on that sector")
        cell = TABLE[s.liquidated][sector][origin]
        if cell is None or (cell.price == 0 if stage == BUY else cell.qualify_xp == 0):
            raise InvalidStateError("state.pending.sector", f"no stage {stage!r} on that sector")
        if stage == QUALIFY and s.players[p.seat].xp < cell.qualify_xp:
            # MI-09: the choice is only offered to a player who can pay its experience.
            raise InvalidStateError(
                f"state.players[{p.seat}].xp", f"less than the {cell.qualify_xp} to qualify"
            )
    if stage == OEUVRE_STAGE and s.players[p.seat].oeuvre < 0:
        raise InvalidStateError("state.pending.stage", "the player has no worker on the Oeuvre")


# The actions each stage of a move in progress can follow (`Pending.origin`).
_STAGE_ORIGINS = {
    ROUTE: (A_BUY, A_WORK, A_STRUGGLE),
    BUY: (A_BUY,),
    QUALIFY: (A_STRUGGLE,),
    FALL: (A_BUY,),
    OEUVRE_STAGE: (A_MISERY,),
}


GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Player, Pending, Observation),
    init=_init,
    legal=_legal,
    apply=_apply,
    scores=_scores,
    winners=_winners,
    observe=_observe,
    describe=describe,
    render=render,
    explain=_explain,
    validate=_validate,
    hidden_variants=_hidden_variants,
)
