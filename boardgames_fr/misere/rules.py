"""The rules of Misère (seed ../shared/seeds/misere.fr.txt), as the hooks of one `Game`.

A round (MI-16) is a placement phase (MI-02, MI-03), then an action phase (MI-04) in which
each worker leaves the zone with `Activate` and finishes its move with a few small choices,
then the end of the round (feeding, meilleur ouvrier, compte-tour), done automatically.
There is no randomness after setup, so the game has no chance nodes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import attrs

from boardgames_fr.core.errors import TERMINAL, InvalidStateError
from boardgames_fr.core.game import Game, GameInfo
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
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
)
from boardgames_fr.misere.data import OEUVRE, SECTORS, SETUP, TABLE, ZONE, Cell
from boardgames_fr.misere.render import describe, render
from boardgames_fr.misere.state import (
    ACTION,
    BUY,
    FALL,
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

# Players as lists inside a step: indices of the Player fields.
MONEY, FOOD, XP, PLAIN, QUAL, OWN_P, OWN_Q, LOST, OEU, OEU_Q, ACTED = range(11)

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


def _supply(p: Player | list[Any]) -> int:
    """Workers of the colour still in the box (MI-01: 4 per colour; the dead never return)."""
    if isinstance(p, Player):
        return PER_COLOUR - p.owned_plain - p.owned_qualified - p.lost
    return int(PER_COLOUR - p[OWN_P] - p[OWN_Q] - p[LOST])


# --- setup ------------------------------------------------------------------------------


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    # MI-01: one worker and 1000 each; 18 food, 5 of them on the Commune; counter on 1;
    # seat 0 is the youngest (first player), seat 1 holds the meilleur ouvrier token.
    player = Player(
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
    places = len(zone_layout(options.plain_squares, options.dotted_squares))
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
        players=(player, player),
        pile=SETUP.food_tokens - SETUP.commune_food,
        commune_food=SETUP.commune_food,
        liquidated=False,
        zone=(-1,) * places,
        sectors=(-1, -1, -1, -1),
        pending=None,
        oeuvre_winner=-1,
    )


# --- legal actions ------------------------------------------------------------------------


def _placements(
    zone: tuple[int, ...] | list[int], pl: Player, pile: int, options: Options
) -> tuple[Place, ...]:
    """MI-02/MI-03/MI-15/MI-19: where this player may put a worker now.

    Squares of one kind for one action are alike, so only the first free one is offered.
    Order: by place, a plain worker before a qualified one.
    """
    if not (pl.plain or pl.qualified):
        return ()
    plain, dotted = options.plain_squares, options.dotted_squares
    n_sq = plain + dotted
    out: list[Place] = []
    free_plain = free_dotted = False
    for a in range(3):
        base = a * n_sq
        for i in range(base, base + plain):
            if zone[i] < 0:
                free_plain = True
                if pl.plain:
                    out.append(_PLACE[i][0])
                if pl.qualified:
                    out.append(_PLACE[i][1])
                break
        for i in range(base + plain, base + n_sq):
            if zone[i] < 0:
                free_dotted = True
                if pl.qualified:  # MI-15: dotted squares are for qualified workers only
                    out.append(_PLACE[i][1])
                break
    # MI-03: under 1000 balles, or unable to place; MI-19: rupture de bouffe.
    misery = pl.money < THRESHOLD or (options.rupture_opens_misery and pile == 0)
    plain_circle = pl.plain > 0 and (misery or not free_plain)
    qual_circle = pl.qualified > 0 and (misery or not (free_plain or free_dotted))
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


def _possible(
    players: Any,
    pile: int,
    liquidated: bool,
    zone: Any,
    seat: int,
    q: int,
    sector: int,
    origin: int,
) -> bool:
    """MI-05/MI-07: can this worker do its action on this (free) sector?"""
    cell = TABLE[liquidated][sector][origin]
    if cell is None:
        return False
    pl = players[seat]
    if origin == A_BUY:
        if cell.pay == "misery":
            # MI-20: the Commune sends the worker to a misery action: one must be free.
            return bool(_free_circles(zone))
        if pile == 0:
            return False
        have = pl.xp if cell.pay == "xp" else pl.money
        return bool(have >= cell.price)
    if origin == A_WORK:
        return True
    # MI-09: galérer costs 250, 1000 for a qualified worker.
    if pl.money < (SETUP.struggle_cost_qualified if q else SETUP.struggle_cost):
        return False
    if cell.worker and not (cell.xp or cell.food or cell.qualify_xp):
        return _supply(pl) > 0  # MI-10: the liquidated tile gives a worker and nothing else
    return True


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
    `AdvanceOeuvre` (unless on the last space) then `SellOeuvre`.
    """
    if s.phase == PLACEMENT:
        return _placements(s.zone, s.players[s.to_move], s.pile, s.options)
    p = s.pending
    if p is None:
        seat2 = s.to_move
        return tuple(_ACTIVATE[i] for i, w in enumerate(s.zone) if w >= 0 and w >> 1 == seat2)
    stage = p.stage
    if stage == ROUTE:
        origin = p.origin
        out: list[Any] = [
            _GOTO[i]
            for i in range(4)
            if s.sectors[i] < 0
            and _possible(s.players, s.pile, s.liquidated, s.zone, p.seat, p.worker & 1, i, origin)
        ]
        if not out:
            # MI-05: no free sector where the action can be done: a misery action.
            out = [_FALL[c] for c in _free_circles(s.zone)]
            if not out and origin != A_BUY:
                out.append(_GO_HOME)
        if origin == A_BUY:
            out.append(_GLANDER)  # MI-10: glander is always possible
        return tuple(out)
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


class _Work:
    """A mutable copy of the changing parts of a state, for the length of one step."""

    __slots__ = (
        "best",
        "commune",
        "first",
        "liquidated",
        "pending",
        "phase",
        "pile",
        "players",
        "round",
        "s",
        "sectors",
        "to_move",
        "winner",
        "zone",
    )

    def __init__(self, s: State) -> None:
        self.s = s
        self.players: list[Any] = list(s.players)
        self.pile = s.pile
        self.commune = s.commune_food
        self.liquidated = s.liquidated
        self.zone = list(s.zone)
        self.sectors = list(s.sectors)
        self.pending: Pending | None = None
        self.phase = s.phase
        self.first = s.first_player
        self.best = s.best_worker
        self.round = s.round
        self.to_move = s.to_move
        self.winner = s.oeuvre_winner

    def p(self, seat: int) -> list[Any]:
        """The player as a list of fields, ready to change."""
        pl = self.players[seat]
        if isinstance(pl, Player):
            pl = [
                pl.money,
                pl.food,
                pl.xp,
                pl.plain,
                pl.qualified,
                pl.owned_plain,
                pl.owned_qualified,
                pl.lost,
                pl.oeuvre,
                pl.oeuvre_qualified,
                pl.acted,
            ]
            self.players[seat] = pl
        return pl  # type: ignore[no-any-return]

    def frozen_players(self) -> tuple[Player, ...]:
        a, b = self.players
        if a.__class__ is list:
            a = Player(*a)
        if b.__class__ is list:
            b = Player(*b)
        return (a, b)

    def build(self) -> State:
        s = self.s
        return State(
            s.num_players,
            s.options,
            self.to_move,
            s.rng,
            s.explicit,
            self.round,
            self.phase,
            self.first,
            self.best,
            self.frozen_players(),
            self.pile,
            self.commune,
            self.liquidated,
            tuple(self.zone),
            tuple(self.sectors),
            self.pending,
            self.winner,
        )

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
        if self.commune > 0:
            self.commune -= 1
            return 1
        if self.s.options.commune_meal_when_empty == "central":
            return self.take_pile(1)
        return 0

    def gain_food(self, seat: int, cell: Cell, sector: int) -> None:
        if not cell.food:
            return
        got = self.meal() if SECTORS[sector].free_meal else self.take_pile(cell.food)
        self.p(seat)[FOOD] += got

    def to_reserve(self, seat: int, worker: int) -> None:
        self.p(seat)[QUAL if worker & 1 else PLAIN] += 1


def _apply(s: State, a: Any) -> State:
    seat = s.to_move
    t = type(a)
    if t is Place:
        return _place_fast(s, seat, a.place, a.qualified)
    if t is Activate:
        o = s.options
        action = zone_layout(o.plain_squares, o.dotted_squares)[a.place][0]
        if action < 3:
            return _activate_square(s, seat, a.place, action)
        w = _Work(s)
        worker = w.zone[a.place]
        w.zone[a.place] = -1
        _misery(w, seat, worker, action - 3)
        return w.build()
    w = _Work(s)
    p = s.pending
    if p is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no move in progress")
    if t is GoToSector:
        _go_to_sector(w, p, a.sector)
    elif t is BuyFood:
        cell = TABLE[s.liquidated][p.sector][A_BUY]
        if cell is not None:
            pl = w.p(seat)
            pl[XP if cell.pay == "xp" else MONEY] -= a.count * cell.price
            pl[FOOD] += w.take_pile(a.count)
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
        fast = pl[OEU_Q] if s.options.oeuvre_speed == "oeuvre_worker" else p.worker & 1
        # MI-13/MI-15: one space, two for a qualified worker.
        pl[OEU] = min(LAST_SPACE, pl[OEU] + (2 if fast else 1))
        w.to_reserve(seat, p.worker)
        _done(w, seat)
    elif t is SellOeuvre:
        _sell(w, seat, p.worker)
    return w.build()


_new = object.__new__
_set = object.__setattr__


def _with(obj: Any, **changes: Any) -> Any:
    """A copy of a dict-backed frozen attrs object with some fields changed.

    The hot path's `attrs.evolve`: State, Player and Pending have no validators, so
    copying the field dict is the same result, several times cheaper.
    """
    fields = obj.__dict__.copy()
    fields.update(changes)
    new = _new(obj.__class__)
    _set(new, "__dict__", fields)
    return new


def _place_fast(s: State, seat: int, place: int, q: bool) -> State:
    """MI-02: one worker at a time; every worker placed will act, and eat (MI-16).

    The most frequent move, so it builds the next state directly.
    """
    pl = s.players[seat]
    if q:
        new = _with(pl, qualified=pl.qualified - 1, acted=pl.acted + 1)
    else:
        new = _with(pl, plain=pl.plain - 1, acted=pl.acted + 1)
    players = (new, s.players[1]) if seat == 0 else (s.players[0], new)
    zone = (*s.zone[:place], seat * 2 + q, *s.zone[place + 1 :])
    o = s.options
    other = 1 - seat
    if _can_place_on(zone, players[other], o):
        return _with(s, to_move=other, players=players, zone=zone)  # type: ignore[no-any-return]
    if _can_place_on(zone, new, o):
        return _with(s, to_move=seat, players=players, zone=zone)  # type: ignore[no-any-return]
    # MI-04: the meilleur ouvrier holder acts first (placing left workers on the zone).
    best = s.best_worker
    to_move = best if any(x >= 0 and x >> 1 == best for x in zone) else 1 - best
    return _with(s, to_move=to_move, players=players, zone=zone, phase=ACTION)  # type: ignore[no-any-return]


def _activate_square(s: State, seat: int, place: int, action: int) -> State:
    """MI-04: the worker leaves its square; its sector is chosen next (MI-05)."""
    zone = (*s.zone[:place], -1, *s.zone[place + 1 :])
    pending = Pending(seat, s.zone[place], action, ROUTE)
    return _with(s, zone=zone, pending=pending)  # type: ignore[no-any-return]


def _can_place(w: _Work, seat: int) -> bool:
    return _can_place_on(w.zone, w.players[seat], w.s.options)


def _can_place_on(zone: Any, pl: Player | list[Any], o: Options) -> bool:
    """Whether `_placements` would offer anything, without building the moves."""
    if isinstance(pl, Player):
        plain, qual = pl.plain, pl.qualified
    else:
        plain, qual = pl[PLAIN], pl[QUAL]
    if not (plain or qual):
        return False
    plain_idx, dotted_idx, circle_idx = _indices(o.plain_squares, o.dotted_squares)
    for i in plain_idx:
        if zone[i] < 0:
            return True  # MI-02: a free square takes either kind of worker
    if qual:
        for i in dotted_idx:
            if zone[i] < 0:
                return True
    # MI-03: unable to place on a square: a free misery circle will do.
    return any(zone[i] < 0 for i in circle_idx)


@lru_cache(maxsize=64)
def _indices(plain: int, dotted: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The places of the plain squares, dotted squares and circles of a layout."""
    layout = zone_layout(plain, dotted)
    return (
        tuple(i for i, (a, d) in enumerate(layout) if a < 3 and not d),
        tuple(i for i, (a, d) in enumerate(layout) if a < 3 and d),
        tuple(i for i, (a, _) in enumerate(layout) if a >= 3),
    )


def _next_placer(w: _Work, seat: int) -> None:
    """MI-02: alternate from ``seat``; a player who cannot place is skipped."""
    if _can_place(w, seat):
        w.to_move = seat
    elif _can_place(w, 1 - seat):
        w.to_move = 1 - seat
    else:
        _start_actions(w)


def _start_actions(w: _Work) -> None:
    # MI-04: the meilleur ouvrier holder acts first.
    w.phase = ACTION
    _next_actor(w, w.best)


def _next_actor(w: _Work, seat: int) -> None:
    """MI-04: alternate from ``seat`` while workers remain on the zone."""
    has = [False, False]
    for x in w.zone:
        if x >= 0:
            has[x >> 1] = True
    if has[seat]:
        w.to_move = seat
    elif has[1 - seat]:
        w.to_move = 1 - seat
    else:
        _end_round(w)


def _done(w: _Work, seat: int) -> None:
    w.pending = None
    _next_actor(w, 1 - seat)


def _go_to_sector(w: _Work, p: Pending, sector: int) -> None:
    seat, worker, origin = p.seat, p.worker, p.origin
    cell = TABLE[w.liquidated][sector][origin]
    if cell is None:  # unreachable for a legal action
        raise InvalidStateError("state.pending", "no such action on this sector")
    if origin == A_BUY:
        if cell.pay == "misery":
            # MI-20: Commune: the free meal (MI-11), then straight on to a misery action;
            # the worker does not stay, so the Commune remains free.
            w.gain_food(seat, cell, sector)
            w.pending = Pending(seat, worker, origin, FALL, sector)
            return
        w.sectors[sector] = worker
        w.pending = Pending(seat, worker, origin, BUY, sector)
        return
    w.sectors[sector] = worker
    pl = w.p(seat)
    if origin == A_WORK:
        # MI-08: the wage, +500 for a qualified worker (MI-15), and the sector's stars.
        pl[MONEY] += cell.wage + (SETUP.qualified_wage_bonus if worker & 1 else 0)
        pl[XP] += cell.xp
        w.gain_food(seat, cell, sector)
        _done(w, seat)
        return
    # MI-09: galérer: pay first, then the sector's effect.
    pl[MONEY] -= SETUP.struggle_cost_qualified if worker & 1 else SETUP.struggle_cost
    for _ in range(cell.worker):
        if _supply(pl) > 0:
            pl[PLAIN] += 1
            pl[OWN_P] += 1
    w.gain_food(seat, cell, sector)
    if cell.qualify_xp and pl[XP] >= cell.qualify_xp:
        w.pending = Pending(seat, worker, origin, QUALIFY, sector)
        tmp = w.build()
        if _qualify_targets(tmp, seat):
            return
        w.pending = None
    pl[XP] += cell.xp
    _done(w, seat)


def _struggle_xp(w: _Work, p: Pending) -> None:
    cell = TABLE[w.liquidated][p.sector][A_STRUGGLE]
    if cell is not None:
        w.p(p.seat)[XP] += cell.xp


def _qualify(w: _Work, p: Pending, a: Qualify) -> None:
    seat = p.seat
    cell = TABLE[w.liquidated][p.sector][A_STRUGGLE]
    pl = w.p(seat)
    # MI-09: the experience is paid before the struggle's own experience is gained.
    pl[XP] -= cell.qualify_xp if cell is not None else 0
    pl[OWN_P] -= 1
    pl[OWN_Q] += 1
    if a.where == "sector":
        w.sectors[a.index] += 1
    elif a.where == "reserve":
        pl[PLAIN] -= 1
        pl[QUAL] += 1
    elif a.where == "zone":
        w.zone[a.index] += 1
    else:
        pl[OEU_Q] = True
    _struggle_xp(w, p)
    _done(w, seat)


def _misery(w: _Work, seat: int, worker: int, circle: int) -> None:
    """MI-06: a misery action, then the worker goes back to the reserve."""
    pl = w.p(seat)
    if circle == POINTER:
        # MI-12: the first-player token and one food (from the central pile).
        w.first = seat
        pl[FOOD] += w.take_pile(1)
    elif circle == MANCHE:
        # MI-14: 250 per worker standing on the sectors.
        pl[MONEY] += BEG * sum(1 for x in w.sectors if x >= 0)
    else:
        if pl[OEU] < 0:
            # MI-06: the worker itself goes onto the Oeuvre, space 0.
            pl[OEU] = 0
            pl[OEU_Q] = bool(worker & 1)
            _done(w, seat)
            return
        w.pending = Pending(seat, worker, A_MISERY, OEUVRE_STAGE)
        return
    w.to_reserve(seat, worker)
    _done(w, seat)


def _sell(w: _Work, seat: int, worker: int) -> None:
    pl = w.p(seat)
    space = pl[OEU]
    # MI-13: cash the space (and its food), both workers go back to the reserve.
    pl[MONEY] += OEUVRE[space].value
    pl[FOOD] += w.take_pile(OEUVRE[space].food)
    pl[QUAL if pl[OEU_Q] else PLAIN] += 1
    pl[OEU] = -1
    pl[OEU_Q] = False
    w.to_reserve(seat, worker)
    if space == LAST_SPACE:
        # MI-17: selling the Oeuvre itself wins at once.
        w.winner = seat
        w.pending = None
        w.phase = OVER
        w.to_move = TERMINAL
        return
    _done(w, seat)


def _end_round(w: _Work) -> None:
    """MI-16: workers come home, are fed, the best worker is named, the counter moves."""
    while True:
        for i, x in enumerate(w.sectors):
            if x >= 0:
                w.to_reserve(x >> 1, x)
                w.sectors[i] = -1
        for seat in (0, 1):
            pl = w.p(seat)
            need = pl[ACTED]
            eat = min(pl[FOOD], need)
            pl[FOOD] -= eat
            w.pile += eat  # eaten food goes back to the central pile (Choices)
            short = need - eat
            pl[ACTED] = 0
            for _ in range(short):
                # Workers die for good, the least valuable first (Choices).
                if pl[PLAIN]:
                    pl[PLAIN] -= 1
                    pl[OWN_P] -= 1
                elif pl[QUAL]:
                    pl[QUAL] -= 1
                    pl[OWN_Q] -= 1
                elif pl[OEU] >= 0:
                    pl[OWN_Q if pl[OEU_Q] else OWN_P] -= 1
                    pl[OEU] = -1
                    pl[OEU_Q] = False
                else:
                    break
                pl[LOST] += 1
        xp0, xp1 = w.p(0)[XP], w.p(1)[XP]
        # MI-16: most experience takes the meilleur ouvrier token; a tie leaves it.
        if xp0 > xp1:
            w.best = 0
        elif xp1 > xp0:
            w.best = 1
        w.pending = None
        if w.round >= w.s.options.rounds:
            # MI-18: the last round is over: the final count.
            w.phase = OVER
            w.to_move = TERMINAL
            return
        w.round += 1
        w.phase = PLACEMENT
        # MI-02: placement starts with the first-player token.
        if _can_place(w, w.first):
            w.to_move = w.first
            return
        if _can_place(w, 1 - w.first):
            w.to_move = 1 - w.first
            return
        if not any(x >= 0 for x in w.sectors) and w.p(0)[ACTED] == w.p(1)[ACTED] == 0:
            # Nobody can place a worker: the remaining rounds are all empty, and change
            # nothing (no food is due, no experience is gained): jump to the final count.
            w.round = w.s.options.rounds
        # Nobody can place a worker: an empty round.


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


def _explain(s: State, a: Any) -> str:
    seat = s.to_move
    if s.phase == PLACEMENT:
        if not isinstance(a, Place):
            return "it is the placement phase: put a worker on the zone"
        layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
        if not 0 <= a.place < len(layout):
            return f"there is no place {a.place} on the zone"
        if s.zone[a.place] >= 0:
            return f"place {a.place} is taken"
        pl = s.players[seat]
        if (pl.qualified if a.qualified else pl.plain) == 0:
            kind = "qualified" if a.qualified else "unqualified"
            return f"seat {seat} has no {kind} worker in reserve"
        action, dotted = layout[a.place]
        if dotted and not a.qualified:
            return "dotted squares are for qualified workers only"
        if action >= 3:
            return (
                f"seat {seat} has {pl.money} balles (1000 or more) and can still place on a "
                "square: the misery circles are closed"
            )
        return "take the first free square of that action"
    if s.pending is None:
        if not isinstance(a, Activate):
            return "choose a worker of yours on the zone first"
        return f"seat {seat} has no worker on place {a.place}"
    stage = s.pending.stage
    if isinstance(a, GoToSector):
        if stage != ROUTE:
            return "the worker has already chosen where to go"
        if not 0 <= a.sector < 4:
            return f"there is no sector {a.sector}"
        if s.sectors[a.sector] >= 0:
            return f"{SECTORS[a.sector].en} is taken"
        return f"the worker cannot do its action at {SECTORS[a.sector].en}"
    if isinstance(a, BuyFood):
        return "not that much food can be bought here now"
    if isinstance(a, FallToMisery):
        return "no misery action for this worker now, or that circle is taken"
    return f"not possible at this stage ({stage})"


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
    held = s.pending is not None and s.pending.stage in (ROUTE, FALL, OEUVRE_STAGE)
    if s.pending is not None:
        if s.pending.stage not in STAGES:
            raise InvalidStateError("state.pending.stage", f"unknown stage {s.pending.stage!r}")
        if not 0 <= s.pending.worker <= 3 or s.pending.seat != s.pending.worker >> 1:
            raise InvalidStateError("state.pending.worker", "bad worker code")
    food = s.pile + s.commune_food
    for seat, pl in enumerate(s.players):
        path = f"state.players[{seat}]"
        for f in attrs.fields(Player):
            v = getattr(pl, f.name)
            if f.name != "oeuvre" and isinstance(v, int) and v < 0:
                raise InvalidStateError(f"{path}.{f.name}", "cannot be negative")
        if pl.owned_plain + pl.owned_qualified + pl.lost > PER_COLOUR:
            raise InvalidStateError(path, f"more than {PER_COLOUR} workers")
        if not -1 <= pl.oeuvre <= LAST_SPACE:
            raise InvalidStateError(f"{path}.oeuvre", f"must be -1..{LAST_SPACE}")
        counts = [pl.plain, pl.qualified]
        for x in (*s.zone, *s.sectors):
            if x >= 0 and x >> 1 == seat:
                counts[x & 1] += 1
        if pl.oeuvre >= 0:
            counts[int(pl.oeuvre_qualified)] += 1
        if held and s.pending is not None and s.pending.seat == seat:
            counts[s.pending.worker & 1] += 1
        if counts != [pl.owned_plain, pl.owned_qualified]:
            raise InvalidStateError(path, "the workers on the table do not match the counts")
        food += pl.food
    if food != SETUP.food_tokens:
        raise InvalidStateError("state.pile", f"food tokens add up to {food}, not 18")


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
