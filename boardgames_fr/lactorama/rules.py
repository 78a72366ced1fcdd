"""The rules of Lactorama (seed ../shared/seeds/lactorama.fr.txt, rules LA-01..LA-21).

A season: every pawn leaves the hexagon, runs the route of the season's square (season
cards, Imprévu squares, the Foire crossed twice, the Négoce opposite), and waits in the
hexagon at the end; when all are there, the season's accounts are paid. After winter come
interest, repayments, filière changes and alliances. The game ends after ``years`` winters,
or at once when a farm wins by conviction, or when one farm is left.

Phases (``State.phase``) and who acts:

- "filiere" (chance, two dice per farm), "filiere_choice" (LA-03);
- "deal" (chance: one season card per slot, face-up game), "roll" (chance, one event per
  die), "draw_slot" / "draw_imprevu" (chance, one card);
- "neighbour" (LA-08), "card" (accept or decline an optional card), "shop" (LA-10);
- "negoce", "offer_give", "offer_take", "offer_answer" (LA-11);
- "handout" (LA-19); "year_end", "alliance_answer", then "alliance_filiere" and
  "alliance_bons" (the allied farm keeps one filière card, one bon pile) (LA-16, LA-17).

At the Foire, the Négoce and for an optional card, a phase whose only choice would be
"stop" is skipped. The year-end decisions (LA-16) and the filière choice (LA-03) are asked
even when the only choice is "finish the year" or a single filière: each farm sees its year
end, and the menus stay the same shape for bots.
"""

from __future__ import annotations

import functools
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable
from itertools import groupby
from typing import Any

from boardgames_fr.core.components import OfferBudget, WaitingRoom, draw_outcomes, remove_one
from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Game, GameInfo, Uniform, pick_outcome
from boardgames_fr.core.labels import count, player_name
from boardgames_fr.core.rng import advance, draws, next_u64
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    ACTION_TYPES,
    AcceptCard,
    AcceptOffer,
    BuyCows,
    ChangeFiliere,
    ChooseFiliere,
    ChooseNeighbour,
    DeclineCard,
    DieRoll,
    DrawCard,
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
from boardgames_fr.lactorama.data import euros
from boardgames_fr.lactorama.render import FIL_EN, FIL_FR, _farm_name, describe, render
from boardgames_fr.lactorama.state import Farm, Observation, Offer, Options, State

__all__ = ["GAME", "GAME_INFO", "farm_value", "neighbour_candidates", "num_farms", "winners"]

GAME_INFO = GameInfo(
    game_id="lactorama",
    name_fr="Lactorama",
    name_en="Lactorama",
    player_counts=(2, 3, 4, 5, 6, 8),  # LA-01: 7 would leave a team of one
    default_players=2,
    chance=True,
    hidden_information=False,
    summary_fr="Trois ans sur une exploitation laitière : hectares, vaches, bons, convictions.",
    summary_en="Three years on a dairy farm: hectares, cows, bons and convictions.",
)

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
WIN = D.CONVICTIONS
OFFER_KINDS = ("ha", "vaches", "argent", "bons", "filiere", "rien")
# What a save may hold in a farm's filière and in an offer's kinds ("": none yet, none);
# tuples, so that an unhashable value read from a bad file is simply not found.
_SAVED_FILIERES = ("", *D.FILIERES)
_SAVED_KINDS = ("", *OFFER_KINDS)
_QTY = {"ha": D.NEGOCE["ha"], "vaches": D.NEGOCE["vaches"], "argent": D.NEGOCE["argent"]}
_QTY["bons"] = D.NEGOCE["bons"]
_DIE = Uniform((DieRoll(v), 1) for v in range(1, 7))  # equal weights: drawn by index
_ACCEPT, _DECLINE, _END_BUY, _END_NEG = AcceptCard(), DeclineCard(), EndPurchase(), EndNegoce()
_YES, _NO, _REPAY, _END_YEAR = AcceptOffer(), RefuseOffer(), Repay(), EndYear()
_SELL = SellCows()
_BUY, _BUY_LOAN = BuyCows(False), BuyCows(True)
_DRAW = {cid: DrawCard(cid) for cid in D.CARDS}
# Chance outcome tables, built once (see `_draws`).
_SINGLE = all(c.copies == 1 for c in D.CARDS.values())
_ONE_OF = {cid: (d, 1) for cid, d in _DRAW.items()}.__getitem__


# A step copies the state once (the core's dict copy, much cheaper than ``attrs.evolve``;
# State and Farm are dict-backed for that), then fills in that copy with `_edit` as the
# turn goes on. Farms are shared between states: a changed farm is always a new copy.
# Copies are plain ``dict(...)`` of the instance dict, for reading speed (core/fast.py).
_put: Callable[..., State] = replace
_farm: Callable[..., Farm] = replace
_new = object.__new__
# The setters of an instance's dict (frozen classes refuse their own __setattr__), taken
# from the class once: ``object.__setattr__(new, "__dict__", d)`` would look the
# descriptor up at every copy, a tenth of the copy's cost.
_farm_dict = vars(Farm)["__dict__"].__set__
_state_dict = vars(State)["__dict__"].__set__


def _copy(s: State) -> State:
    """``_put(s)`` without changes, for the copy each step starts from (no keywords)."""
    new = _new(State)
    _state_dict(new, dict(s.__dict__))
    return new


def _with(farm: Farm, field: str, value: Any) -> Farm:
    """``_farm(farm, field=value)`` for the commonest change, one field: keywords cost a
    third more than these positional arguments."""
    new = _new(Farm)
    d = dict(farm.__dict__)
    d[field] = value
    _farm_dict(new, d)
    return new


def _with2(farm: Farm, field: str, value: Any, field2: str, value2: Any) -> Farm:
    """`_with` for two fields."""
    new = _new(Farm)
    d = dict(farm.__dict__)
    d[field] = value
    d[field2] = value2
    _farm_dict(new, d)
    return new


def _edit(w: State, **changes: Any) -> State:
    """Set fields of ``w`` in place and return it.

    Only for the state the current `_apply` / `_apply_chance` copied from its input and
    nobody else has seen yet: the input of a step is never touched.
    """
    w.__dict__.update(changes)
    return w


def num_farms(num_players: int, options: Options) -> int:
    """Farms in play (LA-01): one per player, or one per team of two."""
    return num_players // 2 if (options.teams or num_players > 5) else num_players


def _set(farms: tuple[Farm, ...], i: int, farm: Farm) -> tuple[Farm, ...]:
    """``farms`` with farm ``i`` replaced by ``farm``."""
    if len(farms) == 2:  # the usual game: one tuple made, where slices make five
        return (farm, farms[1]) if i == 0 else (farms[0], farm)
    return farms[:i] + (farm,) + farms[i + 1 :]


def farm_value(farm: Farm) -> int:
    """LA-20: land + cows + money - loans, the end-of-game valuation (any time)."""
    return farm.ha * LAND_VALUE + farm.cows * COW_BUY + farm.money - farm.loans * TICKET


# --- setup ----------------------------------------------------------------------------


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    # LA-01: 2 to 5 farms solo; 4, 6 or 8 players in teams of two.
    if options.teams and num_players not in (4, 6, 8):
        raise ValueError(
            f"Lactorama is for 2 to 5 farms, or 4, 6 or 8 players in teams: not {num_players}"
            + (" with teams" if options.teams else "")
        )
    key = (num_players, options)
    start = _STARTS.get(key)
    if start is None:
        start = _STARTS[key] = _start_state(num_players, options)
        if len(_STARTS) > 64:  # a program trying many option sets: start again
            _STARTS.clear()
    return _put(start, rng=rng, explicit=explicit)


# The state before any dice, by player count and options (`_init` copies it).
_STARTS: dict[tuple[int, Options], State] = {}


def _start_state(num_players: int, options: Options) -> State:
    nf = num_farms(num_players, options)
    # LA-02: 44 ha, 40 cows, 11,000 and 4 bons each.
    farm = Farm(START["ha"], START["cows"], START["money"], START["bons"], 0, 0, "")
    return State(
        num_players=num_players,
        options=options,
        to_move=CHANCE,
        farms=(farm,) * nf,
        # LA-23: in a team game each player has a pawn; seats alternate between teams.
        farm_of=tuple(seat % nf for seat in range(num_players)),
        pos=(HEX_START,) * num_players,
        year=0,
        season=0,
        stage="setup",
        phase="filiere",
        actor=0,
        last_player=num_players - 1,
        room=WaitingRoom(),
        slots=("",) * options.squares,
        deck=D.SEASON_DECKS[0],
        imprevu=D.IMPREVU_DECK,
        imprevu_under=(),
        queue=tuple(range(nf)),
        rng=0,
        explicit=False,
    )


def _seat_of(s: State, farm: int) -> int:
    """The seat that decides for ``farm``: its first to reach the hexagon, else its first."""
    for seat in s.room.arrived:
        if s.farm_of[seat] == farm:
            return seat
    return s.farm_of.index(farm)


def _handout_seat(s: State) -> int:
    """LA-19, LA-01: the seat that hands out the land of the eliminated farm
    ``handout[0]``: the seat on its turn if it plays for that farm (« le joueur ayant
    lancé le dé à son tour aura le dernier mot »), else the farm's first seat."""
    farm = s.handout[0]
    if 0 <= s.actor < s.num_players and s.farm_of[s.actor] == farm:
        return s.actor
    return s.farm_of.index(farm)


def _filiere_count(s: State, fil: str) -> int:
    return sum(1 for f in s.farms if f.filiere == fil and f.status == "active")


def _filiere_of_roll(total: int) -> str:
    for fil, (lo, hi) in FIL_DICE.items():
        if lo <= total <= hi:
            return fil
    return str(D.FILIERES[-1])


def _filiere_rolled(w: State) -> State:
    """LA-03: the farm's two dice are rolled (``w.dice``): its filière, or its choice."""
    fil = _filiere_of_roll(sum(w.dice))
    if _filiere_count(w, fil) >= FIL_MAX:  # at most two of a kind
        seat = w.farm_of.index(w.queue[0])
        return _edit(w, phase="filiere_choice", to_move=seat, actor=seat)
    return _after_filiere(w, fil)


def _after_filiere(w: State, fil: str) -> State:
    f = w.queue[0]
    farms = _set(w.farms, f, _with(w.farms[f], "filiere", fil))
    _edit(w, farms=farms, queue=w.queue[1:], dice=())
    if w.queue:
        return _edit(w, to_move=CHANCE, phase="filiere")
    return _start_season(_edit(w, stage="season"), 0)


# --- seasons and turns ----------------------------------------------------------------


def _active_seat(s: State, seat: int) -> bool:
    return s.farms[s.farm_of[seat]].status == "active"


_EMPTY_ROOM = WaitingRoom()
# Rooms by their seats in order of arrival: a room is a value, so states share one object
# per order instead of running the attrs constructor at each arrival.
_ROOMS: dict[tuple[int, ...], WaitingRoom] = {(): _EMPTY_ROOM}


def _room(arrived: tuple[int, ...]) -> WaitingRoom:
    """The room holding the seats ``arrived``, in that order (LA-06)."""
    room = _ROOMS.get(arrived)
    if room is None:
        if len(_ROOMS) > 4096:  # eight seats can arrive in very many orders
            _ROOMS.clear()
            _ROOMS[()] = _EMPTY_ROOM
        room = _ROOMS[arrived] = WaitingRoom(arrived)
    return room


_NO_SLOTS = {n: ("",) * n for n in ROUTES}


def _start_season(w: State, season: int) -> State:
    # LA-04: season decks are never mixed; the whole deck is gathered and reshuffled.
    d = w.__dict__
    d["season"] = season
    d["stage"] = "season"
    d["room"] = _EMPTY_ROOM
    d["slots"] = _NO_SLOTS[w.options.squares]
    d["deck"] = D.SEASON_DECKS[season]
    d["dice"] = ()
    d["card"] = ""
    if not w.options.face_down:
        d["to_move"] = CHANCE
        d["phase"] = "deal"
        d["deal_slot"] = 0
        return w
    return _next_turn(w, _next_seat(w))


# LA-06: the seats in turn order after each seat, per player count.
_AFTER = {
    n: tuple(tuple((last + k) % n for k in range(1, n + 1)) for last in range(n))
    for n in (2, 3, 4, 5, 6, 8)
}


def _next_seat(s: State) -> int:
    """LA-06: the active seat after the last to play whose pawn is still on the road;
    -1 when every active pawn waits in the hexagon."""
    return _next_on_road(_AFTER[s.num_players][s.last_player], s.room.arrived, s.farms, s.farm_of)


def _next_on_road(
    after: tuple[int, ...],
    arrived: tuple[int, ...],
    farms: tuple[Farm, ...],
    farm_of: tuple[int, ...],
) -> int:
    """`_next_seat` from plain values: the first of the seats ``after`` the last to play
    whose pawn has not ``arrived`` and whose farm is active, or -1."""
    for seat in after:
        if seat not in arrived and farms[farm_of[seat]].status == "active":
            return seat
    return -1


def _next_turn(w: State, seat: int) -> State:
    # LA-06: the player after the last to play moves next (`_next_seat`); arrived pawns wait.
    if seat < 0:
        return w  # unreachable: _advance checks that someone is still on the road
    d = w.__dict__
    d["to_move"] = CHANCE
    d["phase"] = "roll"
    d["actor"] = seat
    d["dice"] = ()
    d["moved"] = False
    d["card"] = ""
    return w


def _progress(s: State, seat: int) -> int:
    route_len = len(ROUTES[s.options.squares])
    p = s.pos[seat]
    if s.room.is_waiting(seat):
        return route_len + p + HEX + 1
    return p


def neighbour_candidates(s: State, seat: int) -> tuple[int, ...]:
    """LA-08: the farms that may be "the neighbour" of ``seat``'s pawn.

    The pawn just ahead (pawns on the actor's own square count as ahead); if nobody is
    ahead, the pawn just behind. Several pawns on that square: the actor chooses.
    """
    me = s.farm_of[seat]
    rivals = _rivals(s.farms, s.farm_of, me)
    if len(rivals) < 2:  # one farm in play besides the actor's (the usual game): that one
        return tuple(rivals)
    mine = _progress(s, seat)
    others = [
        (_progress(s, t), s.farm_of[t])
        for t in range(s.num_players)
        if s.farm_of[t] != me and _active_seat(s, t)
    ]
    if not others:
        return ()
    ahead = [p for p, _ in others if p >= mine]
    target = min(ahead) if ahead else max(p for p, _ in others)
    return tuple(sorted({f for p, f in others if p == target}))


def _rivals(farms: tuple[Farm, ...], farm_of: tuple[int, ...], me: int) -> set[int]:
    """The active farms with a pawn on the road besides farm ``me`` (LA-08)."""
    return {f for f in farm_of if f != me and farms[f].status == "active"}


def _move(w: State, seat: int, steps: int) -> State:
    d = w.__dict__
    route = ROUTES[w.options.squares]
    pos = d["pos"]
    p = pos[seat]
    q = p + steps
    d["last_player"] = seat
    if q < 0:
        if p < 0:  # LA-05: still in the hexagon, nothing to do
            d["pos"] = pos[:seat] + (q,) + pos[seat + 1 :]
            return _end_turn(w)
        q = 0
    if q >= len(route):
        # LA-06: into the end-of-season hexagon; LA-22: a long roll goes round it again,
        # and the next season starts from that space.
        hexpos = (q - len(route)) % HEX - HEX
        d["pos"] = pos[:seat] + (hexpos,) + pos[seat + 1 :]
        arrived = w.room.arrived
        if seat not in arrived:
            d["room"] = _room((*arrived, seat))
        return _end_turn(w)
    d["pos"] = pos[:seat] + (q,) + pos[seat + 1 :]
    square = route[q]
    if square[0] == "saison":
        cid = d["slots"][square[1]]
        if cid in _SIMPLE:
            d["farms"], d["imprevu_under"] = _simple_card(
                d["farms"], d["farm_of"][seat], cid, d["imprevu_under"]
            )
            return _end_turn(w)
    return _land(w, square)


def _simple_card(
    farms: tuple[Farm, ...],
    fa: int,
    cid: str,
    under: tuple[str, ...],
) -> tuple[tuple[Farm, ...], tuple[str, ...]]:
    """The commonest square: a face-up card whose effects all fall on the actor's farm
    ``fa`` and end the turn (what `_start_card` then `_apply_card` do for it): the farms
    and the cards under the Imprévu pile after it (LA-13)."""
    farm = farms[fa]
    gains = _GAINS.get(cid)
    if gains is not None:
        # Only gains of money, bons or green pawns (most cards): added in one copy of the
        # farm, as `_effect_on` adds them.
        mine = farm.filiere
        fd = dict(farm.__dict__)
        for field, amount, x, fil in gains:
            fd[field] += amount * x if mine == fil else amount
        new = _new(Farm)
        _farm_dict(new, fd)
        return _own_farm(farms, fa, new), under
    for e, x, fil in _SIMPLE[cid]:
        farm, used = _effect_on(farm, e, x if farm.filiere == fil else 1, False)
        if used:
            under += (used,)
    return _own_farm(farms, fa, farm), under


def _own_farm(farms: tuple[Farm, ...], fa: int, farm: Farm) -> tuple[Farm, ...]:
    """``farms`` with the actor's (active) farm ``fa`` now ``farm``; quiet farms stay
    known as quiet (`_quiet`) when that farm is (`_farm_quiet`), without a scan."""
    new = _set(farms, fa, farm)
    if farms is _QUIET[0] and _farm_quiet(farm):
        _QUIET[0] = new
    return new


def _turns(w: State) -> State:
    """Auto mode, a two-dice roll in a season: the turns that end by themselves, one
    after the other with the state's fields held in locals (a roll that stays in the
    hexagon or reaches it; a card applied at once, `_SIMPLE` or `_AROUND`, on the square
    or drawn from the Imprévu pile; an optional card the farm cannot pay; the Foire with
    nothing to buy), and the end of a season that needs nobody: its accounts and the deal
    of the next one. The fields are written back when a turn needs more (a decision,
    another card, the end of a year), exactly as `_move`, `_land`, `_end_turn` and
    `_start_season` leave them: a game with many rolls between two decisions builds one
    state instead of one per event."""
    d = w.__dict__
    rng, farms, room = d["rng"], d["farms"], d["room"]
    # The draws of the run, taken by index from `draws` (the values `next_u64` gives);
    # where the last run stopped is kept (`_CURSOR`), so that the next one, which starts
    # there, finds its place in the batch without the arithmetic of `draws`.
    at, values, k = _CURSOR[0]
    if at != rng:
        values, k = draws(rng)
    k0 = k
    pos = list(d["pos"])  # one pawn moves at a time: a list until the write-back
    under, seat, slots, farm_of = d["imprevu_under"], d["actor"], d["slots"], d["farm_of"]
    arrived = room.arrived  # the room is rebuilt once, at the end (`WaitingRoom.arrive`)
    pile = d["imprevu"]
    drawn = ""  # an Imprévu card drawn that needs more than `_simple_card`, `_around_card`
    after = _AFTER[d["num_players"]]
    options = w.options
    route = ROUTES[options.squares]
    end = len(route)
    # LA-04: the next season is dealt here too when its deal is the plain face-up one.
    season = d["season"]
    last_season = 3 if _SINGLE and not (options.face_down or options.land_always) else 0
    deck = d["deck"]
    new_season = False  # a season ended and the next one was dealt here
    accounted = False  # a season's accounts were paid here and the season cannot go on
    ended = False  # a turn ended here: the fields `_end_turn` resets are to be reset
    fair = False  # a pawn stopped at the Foire: the shop fields are as `_land` sets them
    offered = ""  # the turn ends on this optional card, offered to the farm
    shop = False  # the turn ends at the Foire, where the farm may buy
    while True:
        if k - k0 > 48:  # a turn takes three draws at most: keep 64 - 48 in hand
            rng = advance(rng, k - k0)
            values, k = draws(rng)
            k0 = k
        # LA-05: two dice, each one uniform draw over six faces (`_DIE`, drawn by index).
        a, b = ((values[k] * 6) >> 64) + 1, ((values[k + 1] * 6) >> 64) + 1
        k += 2
        q = pos[seat] + a + b
        square = None
        # Two dice move at least 2 squares: a pawn still in the hexagon after them was in
        # it before (where `_move` also has to stop a move backwards at the route's start).
        if q < 0:  # LA-05: still in the hexagon
            pos[seat] = q
        else:
            if q >= end:  # LA-06, LA-22: into the end-of-season hexagon
                pos[seat] = (q - end) % HEX - HEX
                if seat not in arrived:
                    arrived += (seat,)
            else:
                pos[seat] = q
                square = route[q]
                kind = square[0]
                if kind == "saison":
                    cid = slots[square[1]]
                    if cid in _SIMPLE:
                        farms, under = _simple_card(farms, farm_of[seat], cid, under)
                        square = None
                    elif cid in _AROUND:
                        done = _around_card(cid, farms, farm_of, farm_of[seat])
                        if done is not None:
                            farms, returned = done
                            under += returned
                            square = None
                    elif cid in _PLAIN_OPTIONAL:
                        if _affordable(farms[farm_of[seat]], cid):
                            offered = cid  # LA-07: offered (`_after_neighbour`)
                        else:
                            square = None  # LA-07: not offered, the turn is over
                elif kind == "foire":
                    fair = True
                    if _may_buy(farms[farm_of[seat]], COW_BUY, -1):
                        shop = True  # LA-10: the farm may buy (`_shop`)
                    else:
                        square = None  # LA-10: nothing to buy, the turn is over (`_shop`)
                elif kind == "imprevu" and _SINGLE:
                    drawn, pile, under, farms, k = _imprevu_in_run(
                        pile, under, farms, farm_of, farm_of[seat], values, k
                    )
                    if not drawn:
                        square = None
        if square is None and (farms is _QUIET[0] or _quiet(farms)):
            # The turn is over and the season goes on (`_end_turn`): the next seat.
            for nxt in after[seat]:  # `_next_on_road` inline
                if nxt not in arrived and farms[farm_of[nxt]].status == "active":
                    seat = nxt
                    ended = True
                    break
            else:
                nxt = -1
            if nxt >= 0:
                continue
            if season < last_season:
                # LA-06: every pawn waits in the hexagon: the season's accounts; still
                # quiet after them, the next season (`_start_season`) with its cards
                # dealt, started by the seat after the last to play.
                farms = _accounts_of(farms)
                if farms is not _QUIET[0]:
                    accounted = True
                    break
                if k - k0 > 32:  # the deal takes 16 draws at most
                    rng = advance(rng, k - k0)
                    values, k = draws(rng)
                    k0 = k
                season += 1
                slots, deck, k = _deal(D.SEASON_DECKS[season], values, k, options.squares)
                new_season = True
                arrived = ()
                seat = _next_on_road(after[seat], arrived, farms, farm_of)
                ended = True
                continue
        break
    rng = d["rng"] = advance(rng, k - k0)
    if len(values) - k >= 64:  # `draws` promises 64 draws
        _CURSOR[0] = (rng, values, k)
    d["pos"] = tuple(pos)
    d["farms"] = farms
    d["imprevu_under"] = under
    d["imprevu"] = pile
    d["last_player"] = seat
    if new_season:  # as `_start_season` and the deal left it
        d["season"] = season
        d["slots"] = slots
        d["deck"] = deck
        d["room"] = _room(arrived)
    elif arrived is not room.arrived:
        d["room"] = _room(arrived)
    if fair:
        d["shop_price"] = COW_BUY
        d["shop_left"] = -1
    if ended:  # as `_end_turn` then `_next_turn` left the turn of ``seat``
        d["card"] = ""
        d["neighbour"] = -1
        d["offer"] = None
        d["actor"] = seat
        d["moved"] = False
    if accounted:  # as `_end_turn` leaves a season whose accounts stop it
        d["card"] = ""
        d["neighbour"] = -1
        d["dice"] = ()
        d["offer"] = None
        d["stage"] = "season_end"
        d["phase"] = ""
        return _advance(w)
    if square is None:
        return _end_turn(w)
    d["dice"] = (a, b)
    if offered:  # as `_land`, `_start_card` and `_after_neighbour` offer it
        d["card"] = offered
        d["neighbour"] = -1
        d["phase"] = "card"
        d["to_move"] = seat
        return w
    if shop:  # as `_land` and `_shop` open the Foire (its price and pairs set above)
        d["phase"] = "shop"
        d["to_move"] = seat
        return w
    if drawn:  # as the draw event leaves it (`_chance_on`)
        d["phase"] = "draw_imprevu"
        return _start_card(w, drawn)
    return _land(w, square)


# Where the last automatic run stopped in its batch of draws: (the RNG state there, the
# batch, the index of the next draw). A tuple replaced whole, so threads never see half
# of one; a run from another state simply asks `draws`.
_CURSOR: list[tuple[int, list[int], int]] = [(-1, [], 0)]


def _deal(
    deck: tuple[str, ...], values: list[int], k: int, count: int
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """LA-04: ``count`` face-up season cards dealt from ``deck``, each a uniform draw
    (``values[k]``, ... from `draws`) among the cards left, as the deal events do one by
    one (`_chance`): the cards dealt, the cards left, the index of the next draw."""
    cards = list(deck)
    pop, left = cards.pop, len(cards)
    dealt: list[str] = []
    add = dealt.append
    for u in values[k : k + count]:  # a plain loop: cheaper than a comprehension here
        add(pop((u * left) >> 64))
        left -= 1
    return tuple(dealt), tuple(cards), k + count


def _around_card(
    cid: str, farms: tuple[Farm, ...], farm_of: tuple[int, ...], fa: int
) -> tuple[tuple[Farm, ...], tuple[str, ...]] | None:
    """A card of `_AROUND` for farm ``fa``, as `_start_card` and `_apply_card` apply it:
    the farms after it and the kept cards it used up (LA-13); None when the actor has a
    neighbour to choose (LA-08: several farms besides its own are in play)."""
    card, effects, needs_neighbour = _AROUND[cid]
    nb = -1
    if needs_neighbour:
        # `neighbour_candidates` when at most one other farm is in play: that one.
        rivals = _rivals(farms, farm_of, fa)
        if len(rivals) > 1:
            return None
        if rivals:
            nb = rivals.pop()
    return _effects_around(farms, nb, card, effects, fa, False)


def _imprevu_in_run(
    pile: tuple[str, ...],
    under: tuple[str, ...],
    farms: tuple[Farm, ...],
    farm_of: tuple[int, ...],
    fa: int,
    values: list[int],
    k: int,
) -> tuple[str, tuple[str, ...], tuple[str, ...], tuple[Farm, ...], int]:
    """An Imprévu square in `_turns`, for farm ``fa`` (what `_land`, the draw event and
    `_start_card` do): (the card drawn when it needs more than `_simple_card`, else "";
    the pile, the cards under it, the farms, the index of the next draw in ``values``).

    LA-13: the pile is drawn (uniform, as `_chance`); the cards put under it come back
    once it is used up; a card used goes under it.
    """
    if not pile:
        if not under:
            return "", pile, under, farms, k  # nothing to draw: the turn is over
        pile, under = tuple(sorted(under)), ()
    drawn, pile = _pick_card(pile, values[k])
    if drawn in _SIMPLE:
        farms, under = _simple_card(farms, fa, drawn, under)
        return "", pile, (*under, drawn), farms, k + 1
    done = _around_card(drawn, farms, farm_of, fa) if drawn in _AROUND else None
    if done is None:
        return drawn, pile, under, farms, k + 1
    farms, returned = done
    return "", pile, (*under, *returned, drawn), farms, k + 1


def _land(w: State, square: tuple[str, int]) -> State:
    """LA-05: do what the square says at once."""
    kind, slot = square
    if kind == "saison":
        cid = w.slots[slot]
        if not cid:  # LA-21: a face-down card is turned over and stays visible
            return _edit(w, to_move=CHANCE, phase="draw_slot", deal_slot=slot)
        return _start_card(w, cid)
    if kind == "imprevu":
        # LA-13: the pile is drawn; cards put under it come back once it is used up.
        if not w.imprevu:
            if not w.imprevu_under:
                return _end_turn(w)
            _edit(w, imprevu=tuple(sorted(w.imprevu_under)), imprevu_under=())
        d = w.__dict__
        d["to_move"] = CHANCE
        d["phase"] = "draw_imprevu"
        return w
    d = w.__dict__
    if kind == "foire":
        d["shop_price"] = COW_BUY
        d["shop_left"] = -1
        return _shop(w)
    # LA-11: the Négoce.
    d["budget"] = OfferBudget.fresh(w.num_players, w.options.offers_per_negoce)
    d["phase"] = "negoce"
    d["to_move"] = w.actor
    return w if _negoce_open(w) else _end_turn(w)


# --- cards ----------------------------------------------------------------------------


# What a turn reads of a card, worked out once per card (`_plan`).
_Plan = tuple[
    D.Card, tuple[D.Effect, ...], "D.Effect | None", bool, bool, tuple[int, int], bool, bool
]


def _plan(card: D.Card) -> _Plan:
    """A card; its effects before a move or a purchase; that last effect (the data puts it
    last); whether it names the neighbour; whether it is optional; what accepting it costs
    a farm outside and inside its filière; whether every effect is on the actor's farm
    alone; whether it is an Imprévu card (it goes under the pile once used, LA-13)."""
    effects, follow = card.effects, None
    for i, e in enumerate(effects):
        if e.kind in D.LAST_ONLY:
            effects, follow = effects[:i], e
            break
    alone = all(e.who == "self" and e.kind != "pay_neighbour" for e in effects)
    costs = (D.accept_cost(card, False), D.accept_cost(card, True))
    return (
        card,
        effects,
        follow,
        card.needs_neighbour,
        card.optional,
        costs,
        alone,
        card.deck == "imprevu",
    )


_PLANS = {cid: _plan(card) for cid, card in D.CARDS.items()}
# LA-09, LA-13: the cards whose filière factor makes them dearer (a paid land offer
# doubled, « Techno ×2 »), each with its filière and its price with the factor: a farm of
# that filière may also take it as printed (`_card_legal`).
_DEARER: dict[str, tuple[str, int]] = {
    cid: (p[0].filiere, p[5][1]) for cid, p in _PLANS.items() if p[5][1] > p[5][0]
}
# A card taken as printed leaves the factor out on the actor's farm: the cards whose
# factor makes them dearer must be optional and act on that farm alone.
_MISFIT = [cid for cid in _DEARER if not (_PLANS[cid][4] and _PLANS[cid][6])]
# LA-19: the most hectares one card takes from a farm, with or without its filière factor;
# under the 20 ha a farm in play holds, so a farm that falls keeps land (`_fallen_together`).
_LAND_TAKEN = max(
    sum(-min(0, e.blocks, e.blocks * e.x) * BLOCK for e in card.effects if e.kind == "land")
    for card in D.CARDS.values()
)
if _LAND_TAKEN >= ELIM:
    raise ValueError(f"a card takes {_LAND_TAKEN} ha: a farm in play may hold as few as {ELIM}")
if _MISFIT:
    raise ValueError(
        f"cards {_MISFIT}: a factor that raises the price needs an optional card"
        " acting on the actor's farm alone"
    )
# The optional season cards offered at once (no neighbour to choose first): `_turns` ends
# the turn on one the farm cannot pay, as `_after_neighbour` does.
_PLAIN_OPTIONAL = frozenset(
    cid
    for cid, (card, _, _, nb, optional, _, _, imprevu) in _PLANS.items()
    if optional and not (nb or card.keep or imprevu)
)
# The cards a turn applies at once (`_move`, `_turns`): not optional, not kept, no
# neighbour, every effect on the actor's farm, nothing after; each effect with its filière
# factor and the filière it applies to ("-" for none: no farm has it).
_GAIN_KINDS = frozenset(("money", "bons", "green"))  # each the Farm field it adds to
_SIMPLE: dict[str, tuple[tuple[D.Effect, int, str], ...]] = {
    cid: tuple((e, e.x, card.filiere or "-") for e in effects)
    for cid, (card, effects, follow, nb, optional, _, alone, imprevu) in _PLANS.items()
    if not (follow or nb or optional or card.keep) and alone
}
# The `_SIMPLE` effects that only add money, bons or green pawns, whatever the farm's
# filière (a factor of 0 or more): each as (field, amount, factor, filière), for
# `_simple_card`.
_GAINS: dict[str, tuple[tuple[str, int, int, str], ...]] = {
    cid: tuple((e.kind, e.amount if e.kind == "money" else e.n, x, fil) for e, x, fil in effects)
    for cid, effects in _SIMPLE.items()
    if all(
        e.kind in _GAIN_KINDS and (e.amount if e.kind == "money" else e.n) >= 0 and x >= 0
        for e, x, fil in effects
    )
}
# The other cards a turn may apply at once: not optional, not kept, nothing after, some
# effect on another farm (`_around_card`); the card, its effects, whether it names the
# neighbour.
_AROUND: dict[str, tuple[D.Card, tuple[D.Effect, ...], bool]] = {
    cid: (card, effects, nb)
    for cid, (card, effects, follow, nb, optional, _, alone, _) in _PLANS.items()
    if not (follow or optional or card.keep or cid in _SIMPLE)
}


def _start_card(w: State, cid: str) -> State:
    card, _, _, needs_neighbour, _, _, _, _ = _PLANS[cid]
    d = w.__dict__
    d["card"] = cid
    d["neighbour"] = -1
    if card.keep:  # LA-13: a card to keep stays with the farm
        fa = w.farm_of[w.actor]
        farm = w.farms[fa]
        d["farms"] = _set(w.farms, fa, _with(farm, "kept", (*farm.kept, cid)))
        d["card"] = ""
        return _end_turn(w)
    if needs_neighbour:
        cands = neighbour_candidates(w, w.actor)
        if len(cands) > 1:
            return _edit(w, phase="neighbour", to_move=w.actor)
        d["neighbour"] = cands[0] if cands else -1
    return _after_neighbour(w)


def _after_neighbour(w: State) -> State:
    """The card once its neighbour is known: applied, or offered when it is optional."""
    if not _PLANS[w.card][4]:
        return _apply_card(w)
    if _affordable(w.farms[w.farm_of[w.actor]], w.card):
        d = w.__dict__
        d["phase"] = "card"
        d["to_move"] = w.actor
        return w
    return _finish_card(w, None)


def _affordable(farm: Farm, cid: str) -> bool:
    """LA-07: an optional card is offered only when the farm can pay for it in cash, with
    its filière factor or as printed (`_card_legal`); LA-14: some cards need bons in hand
    to be taken."""
    card, _, _, _, _, costs, _, _ = _PLANS[cid]
    cost = min(costs[card.filiere == farm.filiere], costs[0])
    return farm.money >= cost and farm.bons >= card.requires_bons


def _pay(farm: Farm, amount: int) -> Farm:
    """LA-07, LA-12: pay the bank; short of money, cows go to the butcher by pairs (LA-24)."""
    money = farm.money - amount
    cows = farm.cows
    while money < 0 and cows >= 2:
        cows -= 2
        money += 2 * BUTCHER
    if cows == farm.cows:
        return _with(farm, "money", money)
    return _with2(farm, "money", money, "cows", cows)


def _cap_cows(farm: Farm, ha: int) -> Farm:
    """LA-09: the farm down to ``ha`` hectares, never with more cows than hectares: the
    excess is sold to the butcher."""
    cows, money = farm.cows, farm.money
    while cows > ha and cows > 0:
        sold = min(2, cows)
        cows -= sold
        money += sold * BUTCHER
    new = _new(Farm)
    d = dict(farm.__dict__)
    d["ha"], d["cows"], d["money"] = ha, cows, money
    _farm_dict(new, d)
    return new


def _lose_bons(farm: Farm, n: int) -> Farm:
    """LA-14: bons owed are given back; each missing bon costs 500."""
    if farm.bons >= n:
        return _with(farm, "bons", farm.bons - n)
    missing = n - farm.bons
    return _pay(_with(farm, "bons", 0), missing * BON_MISSING)


def _effect_on(farm: Farm, e: D.Effect, m: int, chosen: bool) -> tuple[Farm, str]:
    """One effect on one farm, multiplied by ``m``; returns the farm and a kept card used.

    ``chosen``: the farm took an optional card, so its costs are prices, not losses
    (a kept card does not cancel them).
    """
    k = e.kind
    if k == "money":
        amt = e.amount * m
        if amt >= 0:
            return _with(farm, "money", farm.money + amt), ""
        used = _kept(farm, "money") if farm.kept and not chosen else ""
        if used:
            return _with(farm, "kept", remove_one(farm.kept, used)), used
        return _pay(farm, -amt), ""
    if k == "bons":
        n = e.n * m
        return (_with(farm, "bons", farm.bons + n) if n >= 0 else _lose_bons(farm, -n)), ""
    if k == "green":
        return _with(farm, "green", max(0, farm.green + e.n * m)), ""
    if k == "land":
        blocks = e.blocks * m
        if blocks >= 0:
            farm = _pay(farm, e.price * blocks) if e.price else farm
            return _with(farm, "ha", farm.ha + blocks * BLOCK), ""
        # LA-09: a decrease is forced and may force cows to the butcher.
        return _cap_cows(farm, max(0, farm.ha + blocks * BLOCK)), ""
    # cows
    pairs = e.pairs * m
    if pairs >= 0:
        # LA-09: up to the hectares; LA-24: by whole pairs, also when the hectares are odd
        # (an alliance halves the smaller farm's land: 54 // 2 = 27).
        gain = max(0, min(2 * pairs, (farm.ha - farm.cows) // 2 * 2))
        return _with(farm, "cows", farm.cows + gain), ""
    used = _kept(farm, "cows") if farm.kept and not chosen else ""
    if used:
        return _with(farm, "kept", remove_one(farm.kept, used)), used
    lost = min(farm.cows, -2 * pairs)
    return _with2(farm, "cows", farm.cows - lost, "money", farm.money + lost * e.price), ""


def _kept(farm: Farm, against: str) -> str:
    for cid in farm.kept:
        if D.CARDS[cid].keep == against:
            return cid
    return ""


def _effects_around(
    farms: tuple[Farm, ...],
    nb: int,
    card: D.Card,
    effects: tuple[D.Effect, ...],
    fa: int,
    chosen: bool,
) -> tuple[tuple[Farm, ...], tuple[str, ...]]:
    """LA-08, LA-13: the effects of a card that reach other farms (the neighbour ``nb``,
    -1 for none, the others, everyone): the farms after them, and the kept cards they
    used up."""
    returned: tuple[str, ...] = ()
    for e in effects:
        if e.kind == "pay_neighbour":
            if nb < 0:
                continue
            payer, payee = (fa, nb) if e.amount > 0 else (nb, fa)
            amt = abs(e.amount)
            # LA-13: a kept card against money losses cancels a forced payment to the
            # neighbour too (not a price the actor chose by accepting the card).
            used = _kept(farms[payer], "money") if not (chosen and payer == fa) else ""
            if used:
                farms = _set(
                    farms, payer, _with(farms[payer], "kept", remove_one(farms[payer].kept, used))
                )
                returned += (used,)
                continue
            farms = _set(farms, payer, _pay(farms[payer], amt))
            farms = _set(farms, payee, _with(farms[payee], "money", farms[payee].money + amt))
            continue
        if e.who == "self":
            targets: tuple[int, ...] = (fa,)
        elif e.who == "neighbour":
            targets = (nb,) if nb >= 0 else ()
        else:
            targets = tuple(
                i
                for i, f in enumerate(farms)
                if f.status == "active" and (e.who == "all" or i != fa)
            )
        for t in targets:
            m = e.x if card.filiere and farms[t].filiere == card.filiere else 1
            new, used = _effect_on(farms[t], e, m, chosen and t == fa)
            farms = _set(farms, t, new)
            if used:
                returned += (used,)
    return farms, returned


def _apply_card(w: State, chosen: bool = False, plain: bool = False) -> State:
    """LA-13: apply a card's effects in order; the filière factor for matching farms, but
    for a card accepted ``plain`` (as printed, `_card_legal`)."""
    card, effects, follow, _, _, _, alone, imprevu = _PLANS[w.card]
    d = w.__dict__
    fa = w.farm_of[w.actor]
    farms = w.farms
    returned: tuple[str, ...] = ()
    if alone:
        # Every effect on the actor's farm (most cards): one new farm, one new tuple.
        farm = farms[fa]
        match = bool(card.filiere) and farm.filiere == card.filiere and not plain
        for e in effects:
            farm, used = _effect_on(farm, e, e.x if match else 1, chosen)
            if used:
                returned += (used,)
        farms = d["farms"] = _own_farm(farms, fa, farm)
    else:
        farms, returned = _effects_around(farms, w.neighbour, card, effects, fa, chosen)
        d["farms"] = farms
    if returned or imprevu:
        under = w.imprevu_under + returned
        d["imprevu_under"] = under + (w.card,) if imprevu else under
    d["card"] = ""
    d["neighbour"] = -1
    if follow is None or farms[fa].status != "active" or farms[fa].cows < ELIM:
        return _end_turn(w)
    if follow.kind == "buy_cows":
        m = follow.x if card.filiere and farms[fa].filiere == card.filiere and not plain else 1
        return _shop(_edit(w, shop_price=follow.price, shop_left=follow.pairs * m))
    if w.moved:  # a card's move leads to a square, never to a chain of moves
        return _end_turn(w)
    _edit(w, moved=True)
    if follow.kind == "move":
        return _move(w, w.actor, follow.steps)
    here = w.pos[w.actor]
    places = _SQUARES_OF[w.options.squares, follow.square]
    ahead = [i for i in places if i > here]
    behind = [i for i in places if i < here]
    dest = ahead[0] if ahead else (behind[-1] if behind else here)
    if dest == here:
        return _end_turn(w)
    return _move(w, w.actor, dest - here)


def _finish_card(w: State, accepted: bool | None, plain: bool = False) -> State:
    if accepted:
        return _apply_card(w, chosen=True, plain=plain)
    if _PLANS[w.card][7]:  # an Imprévu card goes under the pile (LA-13)
        w.__dict__["imprevu_under"] = (*w.imprevu_under, w.card)
    return _end_turn(w)


# --- Foire ----------------------------------------------------------------------------


# LA-14, LA-15: `data.pledge` for every number of tickets a farm may owe.
_PLEDGE_OF = tuple(D.pledge(t) for t in range(MAX_TICKETS + 1))


def _loan_terms(farm: Farm, price: int) -> tuple[int, int, int] | None:
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
    pledge = max(1, _PLEDGE_OF[owed] - farm.pledged)
    return (loan, tickets, pledge) if farm.bons >= pledge else None


def _may_buy(farm: Farm, price: int, left: int) -> bool:
    """LA-10: a pair at ``price`` is for sale (``left`` pairs, -1: any) and fits the farm's
    hectares; it pays cash, or borrows (LA-15)."""
    if left == 0 or farm.cows + 2 > farm.ha:
        return False
    return farm.money >= 2 * price or _loan_terms(farm, price) is not None


def _shop_legal(s: State) -> tuple[Any, ...]:
    farm = s.farms[s.farm_of[s.actor]]
    if s.shop_left == 0 or farm.cows + 2 > farm.ha:  # LA-10: up to the hectares
        return (_END_BUY,)
    price = s.shop_price
    cash = farm.money >= 2 * price
    if _loan_terms(farm, price) is not None:  # LA-15: it may borrow
        return (_BUY, _BUY_LOAN, _END_BUY) if cash else (_BUY_LOAN, _END_BUY)
    return (_BUY, _END_BUY) if cash else (_END_BUY,)


def _shop(w: State) -> State:
    d = w.__dict__
    d["phase"] = "shop"
    seat = d["to_move"] = d["actor"]
    return (
        w
        if _may_buy(d["farms"][d["farm_of"][seat]], d["shop_price"], d["shop_left"])
        else _end_turn(w)
    )


def _buy(w: State, loan: bool) -> State:
    fa = w.farm_of[w.actor]
    farm = w.farms[fa]
    price = 2 * w.shop_price
    terms = _loan_terms(farm, w.shop_price) if loan else None
    if terms is not None:
        # LA-15: 2,000 a cow borrowed, one ticket per 2,000, bons pledged as guarantee.
        borrowed, tickets, pledge = terms
        farm = _farm(
            farm,
            money=farm.money - price + borrowed,
            loans=farm.loans + tickets,
            bons=farm.bons - pledge,
            pledged=farm.pledged + pledge,
            cows=farm.cows + 2,
        )
    else:
        farm = _with2(farm, "money", farm.money - price, "cows", farm.cows + 2)
    left = w.shop_left - 1 if w.shop_left > 0 else w.shop_left
    d = w.__dict__
    d["farms"] = _own_farm(w.farms, fa, farm)
    d["shop_left"] = left
    if farm.cows >= WIN_COWS and farm.ha >= WIN_HA:
        # LA-18: the size reached with this pair wins at once (« accumuler »: as soon as it
        # is reached, as in a Négoce trade), not when the farm stops buying.
        won = _conviction_wins(w)
        if won:
            return _over(w, _conviction(w.farms[won[0]]), won)
    return _shop(w)


# --- Négoce ---------------------------------------------------------------------------


def _negoce_legal(s: State) -> tuple[Any, ...]:
    fa = s.farm_of[s.actor]
    if s.budget is None or not s.budget.can_offer(s.actor):
        return (_END_NEG,)
    a = s.farms[fa]
    out: list[Any] = [
        _MAKE_OFFER[i]
        for i, f in enumerate(s.farms)
        if i != fa and f.status == "active" and _any_give(a, f)
    ]
    out.append(_END_NEG)
    return tuple(out)


def _negoce_open(s: State) -> bool:
    """Whether the actor may still make an offer (else the Négoce is left at once)."""
    if s.budget is None or not s.budget.can_offer(s.actor):
        return False
    fa = s.farm_of[s.actor]
    a = s.farms[fa]
    return any(i != fa and f.status == "active" and _any_give(a, f) for i, f in enumerate(s.farms))


def _transfer(a: Farm, b: Farm, kind: str, qty: int) -> tuple[Farm, Farm]:
    """``a`` hands ``qty`` of ``kind`` to ``b``."""
    if kind == "ha":
        return _with(a, "ha", a.ha - qty), _with(b, "ha", b.ha + qty)
    if kind == "vaches":
        return _with(a, "cows", a.cows - qty), _with(b, "cows", b.cows + qty)
    if kind == "argent":
        return _with(a, "money", a.money - qty), _with(b, "money", b.money + qty)
    if kind == "bons":
        return _with(a, "bons", a.bons - qty), _with(b, "bons", b.bons + qty)
    if kind == "filiere":
        return _with(a, "filiere", b.filiere), _with(b, "filiere", a.filiere)
    return a, b


def _trade(a: Farm, b: Farm, offer: Offer) -> tuple[Farm, Farm]:
    a, b = _transfer(a, b, offer.give, offer.give_qty)
    if offer.take == "filiere":
        if offer.give != "filiere":
            a, b = _transfer(a, b, "filiere", 0)
        return a, b
    b, a = _transfer(b, a, offer.take, offer.take_qty)
    return a, b


_ZERO = (0, 0, 0, 0)


def _delta(kind: str, qty: int) -> tuple[int, int, int, int]:
    """(ha, cows, money, bons) handed over for one item of an offer."""
    if kind == "ha":
        return (qty, 0, 0, 0)
    if kind == "vaches":
        return (0, qty, 0, 0)
    if kind == "argent":
        return (0, 0, qty, 0)
    if kind == "bons":
        return (0, 0, 0, qty)
    return _ZERO


# A Négoce menu: each gift or request, whether it is a filière swap, and what the
# proposing farm receives in all (ha, cows, money, bons; negative: it gives).
_Menu = tuple[tuple[Any, bool, int, int, int, int], ...]


# The same menu cut into runs for `_sound_items`: each run is one item, or items that
# differ only in money (or only in bons), those sums going one way. The money items both
# farms can afford are then a slice of the run, found by bisection.
#   one item:  (None, item, is a filière swap, ha, cows, money, bons)
#   a run:     (keys, items, coordinate, ha, cows, money, bons)
# A run's coordinate is +-2 for money, +-3 for bons, negative when the sums decrease; its
# keys are the sums times that sign (increasing), its own money (or bons) 0.
_Run = tuple[Any, Any, Any, int, int, int, int]
_Split = tuple[_Run, ...]


_AT_MONEY, _AT_BONS = 4, 5  # where the sums sit in a menu item


def _split(menu: _Menu) -> _Split:
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


def _sound_items(split: _Split, a: Farm, b: Farm, first: bool = False) -> list[Any]:
    """LA-11: the items of a menu (`_split`) after which both farms stay sound (``a``
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
_GIFTS: _Menu = tuple(
    (Give(kind, q), False, -h, -c, -m, -n)
    for kind in ("ha", "vaches", "argent", "bons")
    for q in _QTY[kind]
    for h, c, m, n in (_delta(kind, q),)
)
_GIFTS_SPLIT = _split(_GIFTS)
_GIVE_FILIERE, _GIVE_NOTHING = Give("filiere", 0), Give("rien", 0)


def _gives(a: Farm, b: Farm) -> tuple[Any, ...]:
    """What farm ``a`` may give to ``b``, in menu order."""
    # Each gift is listed only if it is sound on its own (then "rien" can be asked back).
    out = _sound_items(_GIFTS_SPLIT, a, b)
    if a.filiere != b.filiere:
        out.append(_GIVE_FILIERE)
    if _sound_items(_take_split("rien", 0), a, b, True):
        out.append(_GIVE_NOTHING)
    return tuple(out)


def _any_give(a: Farm, b: Farm) -> bool:
    """Whether ``a`` has something to offer ``b`` (``_gives`` is not empty)."""
    return (
        a.filiere != b.filiere
        or bool(_sound_items(_GIFTS_SPLIT, a, b, True))
        or bool(_sound_items(_take_split("rien", 0), a, b, True))
    )


def _give_legal(s: State) -> tuple[Any, ...]:
    fa = s.farm_of[s.actor]
    offer = s.offer or Offer(fa)
    return _gives(s.farms[fa], s.farms[offer.partner])


_TAKE_MENUS: dict[tuple[str, int], _Menu] = {}
_TAKE_SPLITS: dict[tuple[str, int], _Split] = {}


def _take_menu(give: str, give_qty: int) -> _Menu:
    """The requests that may answer a gift, with what the proposer receives in all
    (request minus gift), built once per gift."""
    menu = _TAKE_MENUS.get((give, give_qty))
    if menu is not None:
        return menu
    g = _delta(give, give_qty)
    items: list[tuple[Any, bool, int, int, int, int]] = []
    for kind in OFFER_KINDS:
        if kind == give and kind != "rien":
            continue
        if kind == "rien" and give == "rien":
            continue
        if kind == "filiere" and give == "filiere":
            continue
        for q in _QTY.get(kind, (0,)):
            t = _delta(kind, q)
            d = (t[0] - g[0], t[1] - g[1], t[2] - g[2], t[3] - g[3])
            items.append((Take(kind, q), kind == "filiere", *d))
    menu = _TAKE_MENUS[give, give_qty] = tuple(items)
    return menu


def _take_split(give: str, give_qty: int) -> _Split:
    """`_take_menu` cut into runs (`_split`), made once per gift."""
    split = _TAKE_SPLITS.get((give, give_qty))
    if split is None:
        split = _TAKE_SPLITS[give, give_qty] = _split(_take_menu(give, give_qty))
    return split


def _take_options(a: Farm, b: Farm, give: str, give_qty: int) -> tuple[Any, ...]:
    return tuple(_sound_items(_take_split(give, give_qty), a, b))


def _take_legal(s: State) -> tuple[Any, ...]:
    offer = s.offer
    if offer is None:
        return ()
    a = s.farms[s.farm_of[s.actor]]
    return _take_options(a, s.farms[offer.partner], offer.give, offer.give_qty)


def _after_offer(w: State) -> State:
    d = w.__dict__
    d["offer"] = None
    d["phase"] = "negoce"
    d["to_move"] = w.actor
    return w if _negoce_open(w) else _end_turn(w)


# --- end of season, end of year -------------------------------------------------------


_INCOME: dict[tuple[int, int], int] = {}  # `data.income` by (cows, ha), as they come up


def _accounts(w: State) -> State:
    """LA-06: the season's accounts (`_accounts_of`) on the step's own copy ``w``."""
    w.__dict__["farms"] = _accounts_of(w.farms)
    return w


def _accounts_of(farms: tuple[Farm, ...]) -> tuple[Farm, ...]:
    """LA-06: the index table's income by cows and hectares, paid by (or to) the bank:
    the farms after it."""
    out = []
    herds = True  # no cows sold: the season stays as quiet as it was (`_farm_quiet`)
    for f in farms:
        if f.status == "active":
            key = (f.cows, f.ha)
            inc = _INCOME.get(key)
            if inc is None:
                inc = _INCOME[key] = D.income(f.cows, f.ha)
            if inc >= 0:
                f = _with(f, "money", f.money + inc)
            else:
                f = _pay(f, -inc)
                herds = herds and f.cows == key[0]
        out.append(f)
    new = tuple(out)
    if herds and farms is _QUIET[0]:
        _QUIET[0] = new
    return new


def _interest(w: State) -> State:
    """LA-15: 5 % interest after winter, paid by every farm with loans."""
    farms = w.farms
    for i, f in enumerate(farms):
        if f.status == "active" and f.loans:
            farms = _set(farms, i, _pay(f, D.interest(f.loans)))
    return _edit(w, farms=farms)


def _year_end_legal(s: State) -> tuple[Any, ...]:
    """LA-12, LA-15, LA-16, LA-17: the decisions of the farm at the end of its year."""
    farms = s.farms
    if len(farms) != 2:
        return _year_end_menu(s)
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
        menu = _TWO_FARM_YEAR_END[key] = _year_end_menu(s)
    return menu


_TWO_FARM_YEAR_END: dict[tuple[bool, bool, str | None], tuple[Any, ...]] = {}


def _year_end_menu(s: State) -> tuple[Any, ...]:
    fi = s.queue[0]
    farm = s.farms[fi]
    out: list[Any] = []
    # LA-12 (option): a pair sold to the bank, never below the 20 cows of LA-19.
    if s.options.bank_sales and farm.cows - 2 >= ELIM:
        out.append(_SELL)
    if farm.loans and farm.money >= TICKET:
        out.append(_REPAY)
    if farm.money >= CHANGE_COST:
        mine = farm.filiere
        for fil, change in _CHANGE:
            # LA-16: first come, first served among the filière cards left (LA-03).
            if fil != mine:
                taken = 0
                for f in s.farms:
                    if f.filiere == fil and f.status == "active":
                        taken += 1
                if taken < FIL_MAX:
                    out.append(change)
    if len(s.farms) > 2 and _alliance_open(s, fi):  # LA-17: never with two farms
        for j, g in enumerate(s.farms):
            # LA-15, LA-17: the loans are pooled, and the bank holds 40 tickets at most
            # from one farm.
            if (
                j != fi
                and g.status == "active"
                and not g.allied
                and farm.loans + g.loans <= MAX_TICKETS
            ):
                out.append(_PROPOSE[j])
    out.append(_END_YEAR)
    return tuple(out)


def _alliance_open(s: State, fi: int) -> bool:
    if len(s.farms) < 3:  # LA-17: three farms at least, so never at 2 (the usual game)
        return False
    active = sum(1 for f in s.farms if f.status == "active")
    return (
        active >= 3 and not s.farms[fi].allied and s.budget is not None and s.budget.can_offer(fi)
    )


def merge(s: State, a: int, b: int) -> State:
    """LA-17: farms ``a`` (proposer) and ``b`` unite.

    With a farm left alone: the larger farm (by hectares; the proposer on a tie) keeps its
    hectares and cows plus half of the other's, and its bons and filière; each farm left
    alone gets 8 ha and 8 cows. With nobody left alone, everything is pooled.
    Money, loans, green pawns and kept cards are always pooled.
    """
    big, small = (a, b) if s.farms[a].ha >= s.farms[b].ha else (b, a)
    L, S = s.farms[big], s.farms[small]
    alone = [
        i
        for i, f in enumerate(s.farms)
        if f.status == "active" and not f.allied and i not in (a, b)
    ]
    if alone:
        # LA-24: cows go by pairs, so half the herd is rounded down to whole pairs.
        ha, cows, bons = L.ha + S.ha // 2, L.cows + S.cows // 4 * 2, L.bons
    else:
        ha, cows, bons = L.ha + S.ha, L.cows + S.cows, L.bons + S.bons
    merged = Farm(
        ha=ha,
        cows=cows,
        money=L.money + S.money,
        bons=bons,
        loans=L.loans + S.loans,
        pledged=L.pledged + S.pledged,
        green=L.green + S.green,
        filiere=L.filiere,
        kept=L.kept + S.kept,
        allied=True,
    )
    farms = _set(s.farms, big, merged)
    farms = _set(farms, small, _farm(S, status="absorbed"))
    for i in alone:
        f = farms[i]
        farms = _set(
            farms,
            i,
            _farm(f, ha=f.ha + ECO["alliance_alone_ha"], cows=f.cows + ECO["alliance_alone_cows"]),
        )
    farm_of = tuple(big if f == small else f for f in s.farm_of)
    queue = tuple(f for f in s.queue if f != small)
    return _put(s, farms=farms, farm_of=farm_of, queue=queue)


def _alliance_keep(w: State) -> State:
    """LA-17: the allied farm's decisions after `merge`, each asked only when the two
    allies differ: the filière card it keeps (« choisir une seule carte filière »), then,
    with a farm left alone, the bon pile (« Seul un paquet de bon est conservé »).

    The allied farm is the actor's; ``offer.partner`` is the absorbed ally, which still
    shows its own filière and bons.
    """
    d = w.__dict__
    big = w.farm_of[w.actor]
    small = w.offer.partner if w.offer is not None else big
    ally, other = w.farms[big], w.farms[small]
    ph = w.phase
    if ph == "alliance_answer" and ally.filiere != other.filiere:
        d["phase"] = "alliance_filiere"
        d["to_move"] = w.actor
        return w
    if ph != "alliance_bons" and ally.bons != other.bons and _left_alone(w, big):
        d["phase"] = "alliance_bons"
        d["to_move"] = w.actor
        return w
    d["offer"] = None
    return _advance(w)


def _left_alone(s: State, allied: int) -> bool:
    """Whether some farm in play is in no alliance (then only one bon pile is kept)."""
    return any(f.status == "active" and not f.allied for i, f in enumerate(s.farms) if i != allied)


# --- flow -----------------------------------------------------------------------------


def _end_turn(w: State) -> State:
    d = w.__dict__
    d["card"] = ""
    d["neighbour"] = -1
    d["dice"] = ()
    d["offer"] = None
    if d["stage"] == "season" and not d["handout"]:
        farms = d["farms"]
        if farms is _QUIET[0] or _quiet(farms):
            # The usual end of a turn, as `_advance` would do it: the season goes on with
            # the next seat on the road.
            seat = _next_seat(w)
            if seat >= 0:
                d["to_move"] = CHANCE
                d["phase"] = "roll"
                d["actor"] = seat
                d["moved"] = False
                return w
            # Every pawn waits in the hexagon: the season's accounts, as `_advance` would
            # do them in the "season" stage (nothing else can happen in a quiet season);
            # still quiet after them, the next season starts as `_advance` would start it.
            _accounts(w)
            d["stage"] = "season_end"
            if d["farms"] is _QUIET[0] and d["season"] < 3:
                return _start_season(w, d["season"] + 1)
    d["phase"] = ""
    return _advance(w)


_QUIET: list[tuple[Farm, ...]] = [()]  # the last farms found quiet (kept alive here)


def _farm_quiet(fm: Farm) -> bool:
    """An active farm neither under 20 cows (LA-19) nor at a conviction (LA-18)."""
    return fm.cows >= ELIM and (
        fm.allied
        or not (
            fm.green >= WIN_GREEN
            or fm.bons >= WIN_BONS
            or (fm.ha >= WIN_HA and fm.cows >= WIN_COWS)
        )
    )


def _quiet(farms: tuple[Farm, ...]) -> bool:
    """Whether nothing ends or interrupts the season (`_advance`): no active farm under
    20 cows (LA-19) nor at a conviction (LA-18), and at least two active farms."""
    active = 0
    for fm in farms:
        if fm.status == "active":
            if fm.cows < ELIM:
                return False
            if not fm.allied and (
                fm.green >= WIN_GREEN
                or fm.bons >= WIN_BONS
                or (fm.ha >= WIN_HA and fm.cows >= WIN_COWS)
            ):
                return False
            active += 1
    if active < 2:
        return False
    _QUIET[0] = farms
    return True


WIN_GREEN, WIN_BONS, WIN_HA, WIN_COWS = WIN["green"], WIN["bons"], WIN["ha"], WIN["cows"]


def _conviction(f: Farm) -> str:
    """LA-18: the conviction a farm has reached, if any (never after an alliance)."""
    if f.status != "active" or f.allied:
        return ""
    if f.green >= WIN_GREEN:
        return "vert"
    if f.bons >= WIN_BONS:
        return "bons"
    if f.ha >= WIN_HA and f.cows >= WIN_COWS:
        return "taille"
    return ""


def _conviction_wins(w: State) -> tuple[int, ...]:
    """LA-18: the farms that win by conviction now. LA-17: an allied farm never does;
    with the option ``alliance_ends_convictions``, nobody does once two farms have allied
    (« Il n'est plus possible de gagner par convictions en cas d'alliance »)."""
    farms = w.farms
    if _convictions_closed(w.options, farms):
        return ()
    return tuple(i for i, f in enumerate(farms) if _conviction(f))


def _convictions_closed(options: Options, farms: tuple[Farm, ...]) -> bool:
    """LA-17, option ``alliance_ends_convictions``: once two farms have allied, nobody
    wins by conviction any more."""
    return options.alliance_ends_convictions and any(f.allied for f in farms)


def _over(w: State, reason: str, farms: tuple[int, ...]) -> State:
    return _edit(w, to_move=TERMINAL, stage="over", phase="", end_reason=reason, winner_farms=farms)


def _final(w: State, reason: str, cands: list[int] | None = None) -> State:
    """LA-20: the largest farm in play (or of ``cands``) wins; ties go to the most bons,
    then are shared."""
    if cands is None:
        cands = [i for i, f in enumerate(w.farms) if f.status == "active"]
    best = max((farm_value(w.farms[i]), w.farms[i].bons) for i in cands)
    won = tuple(i for i in cands if (farm_value(w.farms[i]), w.farms[i].bons) == best)
    return _over(w, reason, won)


def _fallen_together(farms: tuple[Farm, ...]) -> list[int]:
    """LA-19, the "aucune" ending: the farms that fell under 20 cows together as the last
    in play, the candidates of `_final` (and of the balance `render` shows). They are out
    with their land, where a farm out earlier handed all of it out (`_validate` refuses a
    save where one still holds land in play): a farm in play holds 20 ha at least (never
    more cows than hectares, LA-09) and no card takes 20 ha (`_LAND_TAKEN`)."""
    return [i for i, f in enumerate(farms) if f.status == "eliminated" and f.ha > 0]


def _advance(w: State) -> State:
    """Move the game on to the next decision or chance event."""
    while True:
        # One pass over the farms: active ones, any under 20 cows, any conviction.
        active = 0
        low = conv = False
        for fm in w.farms:
            if fm.status == "active":
                active += 1
                if fm.cows < ELIM:
                    low = True
                elif not fm.allied and (
                    fm.green >= WIN_GREEN
                    or fm.bons >= WIN_BONS
                    or (fm.ha >= WIN_HA and fm.cows >= WIN_COWS)
                ):
                    conv = True
        if low:
            # LA-19: a farm under 20 cows is out and hands its land out.
            farms = w.farms
            elim = [i for i, f in enumerate(farms) if f.status == "active" and f.cows < ELIM]
            for i in elim:
                farms = _set(farms, i, _farm(farms[i], status="eliminated"))
            active = sum(1 for f in farms if f.status == "active")
            # The land goes to farms still in the game; with one left the game is over
            # (LA-20), so nothing is handed out, not even land still owed by a farm out
            # earlier.
            give = tuple(i for i in elim if farms[i].ha > 0)
            _edit(w, farms=farms, handout=w.handout + give if active >= 2 else ())
            if active == 0:  # the last farms in play fell under 20 cows at once
                return _final(w, "aucune", _fallen_together(farms))
        if w.handout:
            return _edit(w, phase="handout", to_move=_handout_seat(w))
        if low or conv:
            won = _conviction_wins(w)
            if won:
                return _over(w, _conviction(w.farms[won[0]]), won)
        if active == 1:
            return _final(w, "dernier")
        stage = w.stage
        if stage == "season":
            seat = _next_seat(w)
            if seat >= 0:
                return _next_turn(w, seat)
            _accounts(w).__dict__["stage"] = "season_end"
            continue
        if stage == "season_end":
            if w.season < 3:
                return _start_season(w, w.season + 1)
            # LA-16: after winter, interest first, then each farm in order of arrival.
            order: list[int] = []
            for seat in w.room.arrived:
                f = w.farm_of[seat]
                if f not in order and w.farms[f].status == "active":
                    order.append(f)
            for f in range(len(w.farms)):
                if f not in order and w.farms[f].status == "active":
                    order.append(f)
            budget = OfferBudget.fresh(len(w.farms), 1)
            _edit(_interest(w), stage="year_end", queue=tuple(order), budget=budget)
            continue
        if stage == "year_end":
            farms = w.farms
            queue = tuple([f for f in w.queue if farms[f].status == "active"])
            if queue:
                seat = _seat_of(w, queue[0])
                d = w.__dict__
                d["queue"] = queue
                d["phase"] = "year_end"
                d["to_move"] = d["actor"] = seat
                return w
            _edit(w, year=w.year + 1, budget=None, queue=())
            if w.year >= w.options.years:
                return _final(w, "annees")
            return _start_season(w, 0)
        return w  # pragma: no cover - every stage is handled above


# --- hooks ----------------------------------------------------------------------------

# Decision menus, built once: the same action objects every time.
_NB = tuple(ChooseNeighbour(i) for i in range(8))
_GIVE_LAND = tuple(GiveLand(i) for i in range(8))
_MAKE_OFFER = tuple(MakeOffer(i) for i in range(8))
_PROPOSE = tuple(ProposeAlliance(i) for i in range(8))
_KEEP_BONS = tuple(KeepBons(i) for i in range(8))
_CHOOSE = tuple((fil, ChooseFiliere(fil)) for fil in D.FILIERES)
_CHANGE = tuple((fil, ChangeFiliere(fil)) for fil in D.FILIERES)
_YES_NO = (_YES, _NO)
_ACCEPT_DECLINE = (_ACCEPT, _DECLINE)
_PLAIN = AcceptCard(plain=True)
_FACTOR_OR_PLAIN = (_ACCEPT, _PLAIN, _DECLINE)
_PLAIN_DECLINE = (_PLAIN, _DECLINE)


def _card_legal(s: State) -> tuple[Any, ...]:
    """LA-09, LA-13: accept or decline the optional card; where the filière factor makes
    it dearer (a paid land offer doubled: « Techno ×2 »), the farm of that filière may
    also take it as printed, since « les augmentations sont facultatives », and is
    offered the factor only when it can pay for it."""
    dearer = _DEARER.get(s.card)
    if dearer is None:
        return _ACCEPT_DECLINE
    fil, cost = dearer
    farm = s.farms[s.farm_of[s.actor]]
    if fil != farm.filiere:
        return _ACCEPT_DECLINE
    return _FACTOR_OR_PLAIN if farm.money >= cost else _PLAIN_DECLINE


# The squares of each kind on each route, for the "go to" cards.
_SQUARES_OF = {
    (n, kind): tuple(i for i, (k, _) in enumerate(route) if k == kind)
    for n, route in ROUTES.items()
    for kind in ("foire", "negoce")
}


def _neighbour_legal(s: State) -> tuple[Any, ...]:
    return tuple(_NB[f] for f in neighbour_candidates(s, s.actor))


def _handout_legal(s: State) -> tuple[Any, ...]:
    me = s.handout[0]
    return tuple(_GIVE_LAND[i] for i, f in enumerate(s.farms) if f.status == "active" and i != me)


def _filiere_legal(s: State) -> tuple[Any, ...]:
    return tuple(c for f, c in _CHOOSE if _filiere_count(s, f) < FIL_MAX)


def _alliance_filiere_legal(s: State) -> tuple[Any, ...]:
    partner = s.offer.partner if s.offer is not None else s.farm_of[s.actor]
    have = (s.farms[s.farm_of[s.actor]].filiere, s.farms[partner].filiere)
    return tuple(c for f, c in _CHOOSE if f in have)


def _alliance_bons_legal(s: State) -> tuple[Any, ...]:
    partner = s.offer.partner if s.offer is not None else s.farm_of[s.actor]
    return tuple(_KEEP_BONS[i] for i in sorted({s.farm_of[s.actor], partner}))


def _fixed(menu: tuple[Any, ...]) -> Callable[[State], tuple[Any, ...]]:
    return lambda s: menu


# The menu of each decision phase (one look-up instead of a chain of tests).
_LEGAL_OF: dict[str, Callable[[State], tuple[Any, ...]]] = {
    "shop": _shop_legal,
    "card": _card_legal,
    "neighbour": _neighbour_legal,
    "negoce": _negoce_legal,
    "offer_give": _give_legal,
    "offer_take": _take_legal,
    "offer_answer": _fixed(_YES_NO),
    "alliance_answer": _fixed(_YES_NO),
    "year_end": _year_end_legal,
    "handout": _handout_legal,
    "filiere_choice": _filiere_legal,
    "alliance_filiere": _alliance_filiere_legal,
    "alliance_bons": _alliance_bons_legal,
}


def _legal(s: State) -> tuple[Any, ...]:
    menu = _LEGAL_OF.get(s.phase)
    return menu(s) if menu is not None else ()


# --- one handler per kind of decision, on the step's own copy ``w`` (see `_edit`) ------


def _on_buy(w: State, a: BuyCows) -> State:
    return _buy(w, a.loan)


def _on_end_turn(w: State, a: Any) -> State:
    return _end_turn(w)


def _on_card(w: State, a: Any) -> State:
    if type(a) is AcceptCard:
        return _finish_card(w, True, a.plain)
    return _finish_card(w, False)


def _on_neighbour(w: State, a: ChooseNeighbour) -> State:
    return _after_neighbour(_edit(w, neighbour=a.farm))


def _on_make_offer(w: State, a: MakeOffer) -> State:
    d = w.__dict__
    d["offer"] = Offer(a.farm)
    d["phase"] = "offer_give"
    return w


def _on_give(w: State, a: Give) -> State:
    o = w.offer or Offer(0)
    d = w.__dict__
    d["offer"] = Offer(o.partner, a.kind, a.qty, o.take, o.take_qty)
    d["phase"] = "offer_take"
    return w


def _on_take(w: State, a: Take) -> State:
    o = w.offer or Offer(0)
    offer = Offer(o.partner, o.give, o.give_qty, a.kind, a.qty)
    budget = w.budget.spend(w.actor) if w.budget else None
    seat = _seat_of(w, offer.partner)
    d = w.__dict__
    d["offer"] = offer
    d["budget"] = budget
    d["phase"] = "offer_answer"
    d["to_move"] = seat
    return w


def _on_answer(w: State, a: Any) -> State:
    accepted = type(a) is AcceptOffer
    offer = w.offer or Offer(0)
    if w.phase == "alliance_answer":
        fi = w.queue[0]
        if accepted:
            w = merge(w, fi, offer.partner)
            # The proposer's seat now plays for the allied farm (``big`` in `merge`).
            small = offer.partner if w.farm_of[w.actor] == fi else fi
            w.__dict__["offer"] = Offer(small)
            return _alliance_keep(w)
        return _edit(w, offer=None, phase="year_end", to_move=w.actor)
    if accepted:
        fa = w.farm_of[w.actor]
        na, nb = _trade(w.farms[fa], w.farms[offer.partner], offer)
        _edit(w, farms=_set(_set(w.farms, fa, na), offer.partner, nb))
        # LA-18: a conviction reached in a trade wins at once, not when the visit ends.
        won = _conviction_wins(w)
        if won:
            return _over(_edit(w, offer=None), _conviction(w.farms[won[0]]), won)
    return _after_offer(w)


def _parcel(ha: int) -> int:
    """LA-19: the hectares an eliminated farm of ``ha`` hectares hands out next: a block
    of 8; what is left under two blocks goes in one parcel."""
    return ha if ha < 2 * BLOCK else BLOCK


def _bons_back(farm: Farm) -> int:
    """LA-15: the pledged bons that come back when ``farm`` repays one loan ticket."""
    return max(0, farm.pledged - D.pledge(farm.loans - 1))


def _on_give_land(w: State, a: GiveLand) -> State:
    me = w.handout[0]
    farm = w.farms[me]
    qty = _parcel(farm.ha)
    to = w.farms[a.farm]
    farms = _set(w.farms, a.farm, _farm(to, ha=to.ha + qty))
    farms = _set(farms, me, _farm(farm, ha=farm.ha - qty))
    handout = w.handout if farm.ha - qty > 0 else w.handout[1:]
    return _advance(_edit(w, farms=farms, handout=handout))


def _on_repay(w: State, a: Repay) -> State:
    fi = w.queue[0]
    f = w.farms[fi]
    back = _bons_back(f)  # LA-15: the pledged bons come back as the tickets are repaid
    f = _farm(
        f,
        money=f.money - TICKET,
        loans=f.loans - 1,
        bons=f.bons + back,
        pledged=f.pledged - back,
    )
    w.__dict__["farms"] = _set(w.farms, fi, f)
    return w


def _on_sell(w: State, a: SellCows) -> State:
    # LA-12: « 2 500 € d'une façon générale. C'est le prix de vente à la caisse / banque ».
    fi = w.queue[0]
    f = w.farms[fi]
    f = _with2(f, "cows", f.cows - 2, "money", f.money + 2 * BANK)
    w.__dict__["farms"] = _set(w.farms, fi, f)
    return w


def _on_change(w: State, a: ChangeFiliere) -> State:
    fi = w.queue[0]
    f = w.farms[fi]
    f = _with2(f, "money", f.money - CHANGE_COST, "filiere", a.filiere)
    w.__dict__["farms"] = _set(w.farms, fi, f)
    return w


def _on_propose(w: State, a: ProposeAlliance) -> State:
    fi = w.queue[0]
    budget = w.budget.spend(fi) if w.budget else None
    seat = _seat_of(w, a.farm)
    return _edit(w, offer=Offer(a.farm), budget=budget, phase="alliance_answer", to_move=seat)


def _on_end_year(w: State, a: EndYear) -> State:
    w.__dict__["queue"] = w.queue[1:]
    return _advance(w)


def _on_choose_filiere(w: State, a: ChooseFiliere) -> State:
    if w.phase == "alliance_filiere":  # LA-17: the filière card the alliance keeps
        big = w.farm_of[w.actor]
        w.__dict__["farms"] = _set(w.farms, big, _with(w.farms[big], "filiere", a.filiere))
        return _alliance_keep(w)
    return _after_filiere(w, a.filiere)


def _on_keep_bons(w: State, a: KeepBons) -> State:
    # LA-17: the bon pile the alliance keeps (the absorbed farm still shows its own).
    big = w.farm_of[w.actor]
    w.__dict__["farms"] = _set(w.farms, big, _with(w.farms[big], "bons", w.farms[a.farm].bons))
    return _alliance_keep(w)


_HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    BuyCows: _on_buy,
    EndPurchase: _on_end_turn,
    EndNegoce: _on_end_turn,
    AcceptCard: _on_card,
    DeclineCard: _on_card,
    ChooseNeighbour: _on_neighbour,
    MakeOffer: _on_make_offer,
    Give: _on_give,
    Take: _on_take,
    AcceptOffer: _on_answer,
    RefuseOffer: _on_answer,
    GiveLand: _on_give_land,
    Repay: _on_repay,
    SellCows: _on_sell,
    ChangeFiliere: _on_change,
    ProposeAlliance: _on_propose,
    EndYear: _on_end_year,
    ChooseFiliere: _on_choose_filiere,
    KeepBons: _on_keep_bons,
}


def _apply(s: State, a: Any, chance: bool = True) -> State:
    """The decision ``a`` on one copy of the input, filled in by its handler (see
    `_edit`); then in auto mode the chance events up to the next decision on the same copy
    (`_run_chance`): what the core's ``resolve`` call would do, without copying the state
    a second time (the core finds no chance event left). ``chance=False`` leaves those
    events to the core (the tests play them one by one)."""
    handler = _HANDLERS.get(type(a))
    if handler is None:  # pragma: no cover - the core only passes legal actions
        raise InvalidStateError("action", f"unknown action {a!r}")
    # `_copy` inline: this runs once per step of every game.
    w = _new(State)
    _state_dict(w, dict(s.__dict__))
    w = handler(w, a)
    return _run_chance(w) if chance and w.to_move == CHANCE and not w.explicit else w


def _draws(pile: tuple[str, ...]) -> tuple[tuple[Any, int], ...]:
    """One card from ``pile``, uniform: each distinct card with its count.

    Piles are kept sorted, so equal cards are neighbours (``draw_outcomes`` without the
    dictionary). With every card printed once (the shipped data; `_validate` rejects a
    save holding a card twice), each card is one precomputed ``(DrawCard, 1)`` pair.
    """
    if _SINGLE:
        return Uniform(map(_ONE_OF, pile))
    return tuple((_DRAW[c], len(list(g))) for c, g in groupby(pile))


def _deal_outcomes(s: State) -> tuple[tuple[Any, int], ...]:
    """One season card for a slot, uniform over the deck; with ``land_always`` the
    land-change cards are weighted so that all of them end up on the square (LA-21)."""
    if not s.options.land_always:
        deck = s.deck
        # A whole season deck (the first card of a deal): the same outcome tuple every
        # time, so the core keeps its cumulative weights.
        if deck is D.SEASON_DECKS[s.season]:
            return _FULL_DEALS[s.season]
        return _draws(deck)
    counts = draw_outcomes(s.deck)
    left = s.slots.count("")
    land = sum(w for c, w in counts if D.CARDS[c].land)
    other = sum(w for c, w in counts if not D.CARDS[c].land)
    if land == 0:
        return tuple((_DRAW[c], w) for c, w in counts)
    if other == 0 or left <= land:
        return tuple((_DRAW[c], w) for c, w in counts if D.CARDS[c].land)
    # P(land card) = land / left: weight `other` per land card, `left - land` per other.
    return tuple((_DRAW[c], w * (other if D.CARDS[c].land else left - land)) for c, w in counts)


def _chance(s: State) -> tuple[tuple[Any, int], ...]:
    ph = s.phase
    if ph == "roll" or ph == "filiere":
        return _DIE
    if ph == "deal" and _SINGLE and not s.options.land_always:
        # The usual deal, inlined from `_deal_outcomes` (the most frequent event).
        deck = s.deck
        if deck is D.SEASON_DECKS[s.season]:
            return _FULL_DEALS[s.season]
        return Uniform(map(_ONE_OF, deck))
    if ph == "deal" or ph == "draw_slot":
        return _deal_outcomes(s)
    pile = s.imprevu
    return _FULL_IMPREVU if pile is D.IMPREVU_DECK else _draws(pile)


_FULL_DEALS = tuple(_draws(deck) for deck in D.SEASON_DECKS)
_FULL_IMPREVU = _draws(D.IMPREVU_DECK)


def _apply_chance(s: State, o: Any, rng: int) -> State:
    # One copy of the input, filled in by the rules below (see `_edit`).
    return _chance_on(_copy(s), o, rng)


def _chance_on(w: State, o: Any, rng: int) -> State:
    """The outcome ``o`` of the chance event at ``w``, on the step's own copy ``w``."""
    d = w.__dict__
    d["rng"] = rng
    ph = w.phase
    if ph == "deal":
        # One card onto the next slot.
        i = w.deal_slot
        slots = w.slots
        d["slots"] = slots[:i] + (o.card,) + slots[i + 1 :]
        d["deck"] = remove_one(w.deck, o.card)
        if i + 1 < len(slots):
            d["deal_slot"] = i + 1
            return w
        d["deal_slot"] = -1
        return _next_turn(w, _next_seat(w))
    if ph == "roll":
        dice = d["dice"] = (*w.dice, o.value)
        if len(dice) < w.options.dice:
            return w
        # LA-05: move by the dice and do what the square says.
        return _move(w, w.actor, sum(dice))
    if ph == "filiere":
        dice = d["dice"] = (*w.dice, o.value)
        return w if len(dice) < 2 else _filiere_rolled(w)
    if ph == "draw_slot":
        slots = _set_str(w.slots, w.deal_slot, o.card)
        _edit(w, slots=slots, deck=remove_one(w.deck, o.card), deal_slot=-1)
        return _start_card(w, o.card)
    # draw_imprevu
    _edit(w, imprevu=remove_one(w.imprevu, o.card))
    return _start_card(w, o.card)


def _resolve(s: State) -> State:
    """Auto mode: the chance events from ``s`` to the next decision, on one copy.

    The same draws, in the same order, from the same outcome tables as one event at a
    time (`Game.resolve_each`; a test compares them over many games), without a state
    per event: the cards of a whole face-up deal (LA-04) are drawn in a row, and so are
    the turns that need nobody (`_turns`); the state is filled in once. Every draw is one
    `core.rng.next_u64`, scaled to its number of outcomes as the core scales a `Uniform`.
    """
    return _run_chance(_copy(s))


def _run_chance(w: State) -> State:
    """`_resolve` on a copy nobody has seen yet (``w`` is filled in and returned)."""
    while w.to_move == CHANCE:
        d = w.__dict__
        ph = d["phase"]
        rng = d["rng"]
        if ph == "roll":
            dice = d["dice"]
            if not dice and w.options.dice == 2 and d["stage"] == "season" and not d["handout"]:
                w = _turns(w)  # the usual roll, and the turns after it that need nobody
                continue
            d["dice"], d["rng"] = _roll(dice, w.options.dice, rng)
            w = _move(w, d["actor"], sum(d["dice"]))
        elif ph == "filiere":
            d["dice"], d["rng"] = _roll(d["dice"], 2, rng)  # LA-03: two dice per farm
            w = _filiere_rolled(w)
        elif ph == "deal" and _SINGLE and not w.options.land_always:
            # LA-04: a uniform draw from the cards left for each slot (`_chance`).
            slots, first = d["slots"], d["deal_slot"]
            count = len(slots) - first
            values, k = draws(rng)  # at least 64 draws: more than the 16 slots at most
            dealt, d["deck"], _ = _deal(d["deck"], values, k, count)
            d["rng"] = advance(rng, count)
            d["slots"] = slots[:first] + dealt
            d["deal_slot"] = -1
            w = _next_turn(w, _next_seat(w))
        elif ph == "draw_imprevu" and _SINGLE:
            # LA-13: a uniform draw from the Imprévu pile (`_chance`).
            cid, d["imprevu"], d["rng"] = _draw_one(d["imprevu"], rng)
            w = _start_card(w, cid)
        else:
            u, rng = next_u64(rng)
            w = _chance_on(w, pick_outcome(_chance(w), u), rng)
    return w


def _roll(dice: tuple[int, ...], n: int, rng: int) -> tuple[tuple[int, ...], int]:
    """LA-05: the dice rolled so far completed to ``n`` dice, each one uniform draw over
    six faces (`_DIE`, drawn by index); and the next RNG state."""
    for _ in range(n - len(dice)):
        u, rng = next_u64(rng)
        dice = (*dice, ((u * 6) >> 64) + 1)
    return dice, rng


def _draw_one(pile: tuple[str, ...], rng: int) -> tuple[str, tuple[str, ...], int]:
    """LA-13: one card drawn from a pile of single cards, uniform by index (`_chance` and
    `_draws` with `_SINGLE`): the card, the pile without it, the next RNG state."""
    u, rng = next_u64(rng)
    card, rest = _pick_card(pile, u)
    return card, rest, rng


def _pick_card(pile: tuple[str, ...], u: int) -> tuple[str, tuple[str, ...]]:
    """The card of ``pile`` one 64-bit draw ``u`` picks, uniform by index (as the core
    picks from a `Uniform` table), and the pile without it."""
    j = (u * len(pile)) >> 64
    return pile[j], pile[:j] + pile[j + 1 :]


def _set_str(t: tuple[str, ...], i: int, v: str) -> tuple[str, ...]:
    return t[:i] + (v,) + t[i + 1 :]


def _scores(s: State) -> tuple[float, ...]:
    return tuple(float(farm_value(s.farms[s.farm_of[seat]])) for seat in range(s.num_players))


def winners(s: State) -> tuple[int, ...]:
    """The seats of the winning farms (a team or an alliance wins together)."""
    return tuple(seat for seat in range(s.num_players) if s.farm_of[seat] in s.winner_farms)


def _observe(s: State, seat: int | None) -> Observation:
    return Observation(
        seat=seat,
        num_players=s.num_players,
        options=s.options,
        to_move=s.to_move,
        farms=s.farms,
        farm_of=s.farm_of,
        pos=s.pos,
        year=s.year,
        season=s.season,
        stage=s.stage,
        phase=s.phase,
        actor=s.actor,
        room=s.room,
        slots=s.slots,
        deck=s.deck,
        imprevu=s.imprevu,
        imprevu_under=s.imprevu_under,
        dice=s.dice,
        card=s.card,
        neighbour=s.neighbour,
        shop_price=s.shop_price,
        shop_left=s.shop_left,
        offer=s.offer,
        queue=s.queue,
        handout=s.handout,
        end_reason=s.end_reason,
        last_player=s.last_player,
        moved=s.moved,
        budget=s.budget,
        deal_slot=s.deal_slot,
        winner_farms=s.winner_farms,
    )


# What the player to move must do, by phase: "Player 1 must {this} now", « Joueur 1 doit
# maintenant {ceci} » (`_explain`).
_EXPECTED_EN = {
    "shop": "buy cows or stop at the Foire",
    "card": "accept or decline the card",
    "neighbour": "choose the neighbour",
    "negoce": "make an offer or leave the Négoce",
    "offer_give": "say what the farm gives",
    "offer_take": "say what the farm takes",
    "offer_answer": "accept or refuse the offer",
    "alliance_answer": "accept or refuse the alliance",
    "year_end": "settle the end of the year",
    "handout": "hand out the land",
    "filiere_choice": "choose a filière",
    "alliance_filiere": "keep one of the two filière cards of the alliance",
    "alliance_bons": "keep one of the two bon piles of the alliance",
}
_EXPECTED_FR = {
    "shop": "acheter des vaches à la Foire ou arrêter ses achats",
    "card": "accepter ou refuser la carte",
    "neighbour": "choisir le voisin",
    "negoce": "faire une offre ou quitter le Négoce",
    "offer_give": "dire ce que l'exploitation donne",
    "offer_take": "dire ce que l'exploitation demande",
    "offer_answer": "accepter ou refuser l'offre",
    "alliance_answer": "accepter ou refuser l'alliance",
    "year_end": "régler la fin d'année",
    "handout": "partager les terres",
    "filiere_choice": "choisir une filière",
    "alliance_filiere": "garder l'une des deux cartes filière de l'alliance",
    "alliance_bons": "garder l'un des deux paquets de bons de l'alliance",
}


def _explain(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is refused at ``s``, in ``lang`` ("fr" or "en"): the core asks once per
    language, only when `step` refuses a move."""
    fr = lang == "fr"
    who = player_name(s.to_move, lang) if s.to_move >= 0 else ("personne" if fr else "nobody")
    t = type(a)
    farm = s.farms[s.farm_of[s.to_move]] if s.to_move >= 0 else None
    if s.to_move == CHANCE:
        return _explain_chance(s, a, lang)
    expected = (_EXPECTED_FR if fr else _EXPECTED_EN).get(s.phase, "attendre" if fr else "wait")
    if farm is not None:
        why = _explain_target(s, a, lang)
        if why:
            return f"{who} : {why}" if fr else f"{who}: {why}"
        if t is BuyCows and s.phase == "shop":
            if farm.cows + 2 > farm.ha:
                if fr:
                    return (
                        f"{who} a {count(farm.cows, 'vache', 'vaches', lang)} sur {farm.ha} ha :"
                        " jamais plus de vaches que d'hectares"
                    )
                return f"{who} has {farm.cows} cows on {farm.ha} ha: never more cows than hectares"
            if a.loan:
                if fr:
                    return (
                        f"{who} ne peut pas emprunter : pas assez d'argent comptant pour le reste,"
                        " ou de bons pour la garantie"
                    )
                return (
                    f"{who} cannot borrow: not enough cash for the rest, or bons for the guarantee"
                )
            if fr:
                return (
                    f"{who} n'a que {euros(farm.money)} en espèces pour 2 vaches"
                    f" à {euros(s.shop_price)} la vache"
                )
            return (
                f"{who} has only {euros(farm.money)} in cash for 2 cows"
                f" at {euros(s.shop_price)} each"
            )
        if t is AcceptCard and s.phase == "card":
            costs = _PLANS[s.card][5]
            mine = _the_farm(s.farm_of[s.to_move], lang)
            if not a.plain:  # LA-13: only the factor is out of reach (`_card_legal`)
                if fr:
                    return (
                        f"{who} n'a que {euros(farm.money)} en espèces : la carte avec son facteur"
                        f" de filière coûte {euros(costs[1])} ; elle peut être acceptée sans le"
                        " facteur de filière"
                    )
                return (
                    f"{who} has only {euros(farm.money)} in cash: the card with its filière"
                    f" factor costs {euros(costs[1])}; it can be taken as printed"
                )
            if fr:
                return (
                    f"{who} : la carte n'a pas de facteur de filière qui la rende plus chère pour"
                    f" {mine}, elle s'accepte donc telle quelle"
                )
            return (
                f"{who}: the card has no filière factor that makes it dearer for"
                f" {mine}, so it is accepted as it is"
            )
        if t is SellCows and s.phase == "year_end":
            if not s.options.bank_sales:
                if fr:
                    return "les vaches ne se vendent à la banque qu'avec l'option bank_sales"
                return "cows are sold to the bank only with the option bank_sales"
            if fr:
                return (
                    f"{who} garde au moins 20 vaches : une exploitation de moins de 20 vaches"
                    " est éliminée"
                )
            return f"{who} keeps 20 cows at least: a farm under 20 is out of the game"
        if t is Repay and s.phase == "year_end":
            if fr:
                return (
                    f"{who} n'a pas d'emprunt à rembourser, ou moins de {euros(TICKET)} en espèces"
                )
            return f"{who} has no loan to repay or less than {euros(TICKET)} in cash"
        if t is ChangeFiliere and s.phase == "year_end":
            if fr:
                return (
                    f"{who} ne peut pas prendre cette filière : coût {euros(CHANGE_COST)},"
                    " deux exploitations au plus par filière"
                )
            return (
                f"{who} cannot take that filière: cost {euros(CHANGE_COST)}, two of a kind at most"
            )
        if t is ChooseFiliere and s.phase == "alliance_filiere":
            kept = (" ou " if fr else " or ").join(
                _filiere_words(o.filiere, lang) for o in _alliance_filiere_legal(s)
            )
            if fr:
                return f"{who} : l'alliance garde l'une de ses propres cartes filière, {kept}"
            return f"{who}: the alliance keeps one of its own filière cards, {kept}"
        if t is KeepBons and s.phase == "alliance_bons":
            allies = [_the_farm(o.farm, lang) for o in _alliance_bons_legal(s)]
            if fr:
                return f"{who} : l'alliance garde les bons de {' ou de '.join(allies)}"
            return f"{who}: the alliance keeps the bons of {' or '.join(allies)}"
    return f"{who} doit maintenant {expected}" if fr else f"{who} must {expected} now"


# The pile a chance phase draws from, in a sentence: "not in the {pile}", « pas dans {pile} ».
_PILE_EN = {"deal": "season deck", "draw_slot": "season deck", "draw_imprevu": "Imprévu pile"}
_PILE_FR = {
    "deal": "la pioche de la saison",
    "draw_slot": "la pioche de la saison",
    "draw_imprevu": "la pioche des Imprévus",
}


def _typed(v: Any, lang: str) -> str:
    """What a table typed in, quoted in a refusal: 'xyz' in English (its repr), « xyz »
    in French (the repr of what is not text)."""
    return f"« {v} »" if lang == "fr" and isinstance(v, str) else repr(v)


def _card_words(c: Any, lang: str) -> str:
    """A card typed in, in a refusal: its id ("P01", or the repr of what is not text);
    in French with its name when it is one of the game's cards (« « Éolienne » (I01) »),
    else in « »."""
    if not isinstance(c, str):
        return repr(c)
    if lang != "fr":
        return c
    card = D.CARDS.get(c)
    return f"« {card.name_fr} » ({c})" if card else f"« {c} »"


def _explain_chance(s: State, a: Any, lang: str) -> str:
    """Why ``a`` is not the outcome of the chance event at ``s`` (a die, LA-03, LA-05;
    a card, LA-04, LA-13), in ``lang``, for a table typing in what its dice and cards
    gave. Never raises, whatever the action's fields hold."""
    fr = lang == "fr"
    t, ph = type(a), s.phase
    dice = ph in ("roll", "filiere")
    if t is DieRoll:
        if not dice:
            if fr:
                where = _PILE_FR.get(ph, "la pioche")
                return f"on tire maintenant une carte de {where}, on ne lance pas de dé"
            return f"a card is drawn from the {_PILE_EN.get(ph, 'cards')} now, not a die rolled"
        v = a.value
        if type(v) is not int or not 1 <= v <= 6:
            if fr:
                return f"un dé fait de 1 à 6, pas {_typed(v, lang)}"
            return f"a die shows 1 to 6, not {v!r}"
        return ""
    if t is DrawCard:
        if dice:
            # LA-21: a move is rolled with one die in the one-die variant.
            one = ph == "roll" and s.options.dice == 1
            if fr:
                return (
                    f"on lance maintenant {'le dé' if one else 'les dés'}, on ne tire pas de carte"
                )
            return f"the {'die is' if one else 'dice are'} rolled now, not a card drawn"
        c = a.card
        name = _card_words(c, lang)
        pile = s.imprevu if ph == "draw_imprevu" else s.deck
        if not isinstance(c, str) or c not in pile:
            if fr:
                return f"la carte {name} n'est pas dans {_PILE_FR.get(ph, 'la pioche')}"
            return f"card {name} is not in the {_PILE_EN.get(ph, 'pile')}"
        if s.options.land_always and not D.CARDS[c].land:
            # LA-21: the land-change cards left must all reach the square.
            if fr:
                return (
                    f"la carte {name} ne change pas la surface : avec l'option land_always,"
                    " toutes les cartes restantes qui changent la surface sont posées sur les"
                    " cases restantes"
                )
            return (
                f"card {name} is not a land-change card: with the option land_always every"
                " land-change card left is dealt to the slots left"
            )
        return ""
    if fr:
        return "ce sont les dés ou les cartes qui décident maintenant, pas un joueur"
    return "the dice or the cards decide now, not a player"


_STAGES = ("setup", "season", "season_end", "year_end", "over")
# Who moves in each phase: a player (decision) or chance; "" is only seen between steps.
_DECISIONS = frozenset(
    ("shop", "card", "neighbour", "negoce", "offer_give", "offer_take", "offer_answer")
    + ("alliance_answer", "year_end", "handout", "filiere_choice")
    + ("alliance_filiere", "alliance_bons")
)
_CHANCE_PHASES = frozenset(("filiere", "deal", "roll", "draw_slot", "draw_imprevu"))


def _bad(field: str, problem: str) -> InvalidStateError:
    return InvalidStateError(f"state.{field}", problem)


def _check_index(field: str, value: int, size: int, allow_none: bool = False) -> None:
    if allow_none and value == -1:
        return
    if not 0 <= value < size:
        raise _bad(field, f"{value} is not in 0..{size - 1}")


def _the_farm(i: int, lang: str) -> str:
    """A farm in a sentence: "farm B", « l'exploitation B » (`render._farm_name`)."""
    name = _farm_name(i, lang)
    return f"l'{name}" if lang == "fr" else name


_PHASE_OF: dict[type[Any], str] = {
    MakeOffer: "negoce",
    ChooseNeighbour: "neighbour",
    GiveLand: "handout",
    ProposeAlliance: "year_end",
    ChangeFiliere: "year_end",
    ChooseFiliere: "filiere_choice",
    Give: "offer_give",
    Take: "offer_take",
}
# A move naming its own farm (`_explain_target`).
_SELF_EN: dict[type[Any], str] = {
    MakeOffer: "a farm cannot make an offer to itself",
    ChooseNeighbour: "a farm is not its own neighbour",
    GiveLand: "an eliminated farm hands its land to another farm",
    ProposeAlliance: "a farm cannot ally with itself",
}
_SELF_FR: dict[type[Any], str] = {
    MakeOffer: "une exploitation ne peut pas se faire une offre à elle-même",
    ChooseNeighbour: "une exploitation n'est pas sa propre voisine",
    GiveLand: "une exploitation éliminée donne ses terres à une autre exploitation",
    ProposeAlliance: "une exploitation ne peut pas s'allier avec elle-même",
}


def _explain_target(s: State, a: Any, lang: str) -> str:
    """LA-11, LA-16, LA-17, LA-19: the precise reason for a move naming a wrong farm,
    item or filière, in ``lang`` ("" when none of these applies)."""
    fr = lang == "fr"
    t, ph = type(a), s.phase
    if _PHASE_OF.get(t, ph) != ph:
        return ""  # not the moment for this kind of move: `_explain` says what is
    me = s.queue[0] if ph in ("year_end", "filiere_choice") and s.queue else s.farm_of[s.to_move]
    if ph == "handout" and s.handout:
        me = s.handout[0]
    target = getattr(a, "farm", None)
    if isinstance(target, int) and t in (MakeOffer, ChooseNeighbour, GiveLand, ProposeAlliance):
        n = len(s.farms)
        if not 0 <= target < n:
            if fr:
                farms = count(n, "exploitation", "exploitations", lang)
                return f"il n'y a pas d'{_farm_name(target, lang)} ({farms} en jeu)"
            return f"there is no {_farm_name(target, lang)} ({n} farms in play)"
        if target == me:
            return (_SELF_FR if fr else _SELF_EN)[t]
        other = _the_farm(target, lang)
        if s.farms[target].status != "active":
            return f"{other} n'est plus en jeu" if fr else f"{other} is out of the game"
        if t is ProposeAlliance and s.farms[target].allied:
            if fr:
                return f"{other} fait déjà partie d'une alliance"
            return f"{other} is already in an alliance"
        if t is ProposeAlliance:
            owed = s.farms[me].loans + s.farms[target].loans
            if owed > MAX_TICKETS:
                if fr:
                    return (
                        "ensemble, les deux exploitations devraient"
                        f" {count(owed, 'ticket emprunt', 'tickets emprunt', lang)} : la banque"
                        f" n'en prête pas plus de {MAX_TICKETS} à une même exploitation (LA-15)"
                    )
                return (
                    f"together the two farms would owe {owed} loan tickets: the bank holds"
                    f" {MAX_TICKETS} at most from one farm (LA-15)"
                )
        if t is ChooseNeighbour and ph == "neighbour":
            if fr:
                return f"{other} n'est pas celle du pion juste devant (ou juste derrière)"
            return f"{other} is not the pawn just ahead (or just behind)"
    if t in (ChangeFiliere, ChooseFiliere):
        fil = a.filiere
        if fil not in D.FILIERES:
            known = ", ".join(_filiere_words(f, lang) for f in D.FILIERES)
            if fr:
                return f"il n'y a pas de filière {_typed(fil, lang)} : {known}"
            return f"there is no filière {fil!r}: {known}"
        if t is ChangeFiliere and s.farms[me].filiere == fil:
            mine, words = _the_farm(me, lang), _filiere_words(fil, lang)
            if fr:
                return f"{mine} est déjà en filière {words}"
            return f"{mine} is already in the {words} filière"
    if t in (Give, Take) and ph in ("offer_give", "offer_take"):
        return _explain_item(s, a, me, lang)
    return ""


# The Négoce's items in a player's words, with the key a program passes (LA-11). English
# has one form; French three, by the sentence: listed, with « le », with « du » (`_item`).
_ITEM_WORDS = {
    "ha": 'hectares ("ha")',
    "vaches": 'cows ("vaches")',
    "argent": 'money ("argent")',
    "bons": "bons",
    "filiere": 'a filière swap ("filiere")',
    "rien": 'nothing ("rien")',
}
_ITEM_FR = {
    "ha": ("hectares (« ha »)", "les hectares (« ha »)", "des hectares (« ha »)"),
    "vaches": ("vaches", "les vaches", "des vaches"),
    "argent": ("argent", "l'argent", "de l'argent"),
    "bons": ("bons", "les bons", "des bons"),
    "filiere": (
        "échange de filière (« filiere »)",
        "l'échange de filière (« filiere »)",
        "un échange de filière (« filiere »)",
    ),
    "rien": ("rien", "« rien »", "rien"),
}
_LISTED, _THE, _SOME = 0, 1, 2


def _item(kind: str, form: int, lang: str) -> str:
    """A Négoce item in a sentence of ``lang``: in French in the ``form`` it needs."""
    return _ITEM_FR[kind][form] if lang == "fr" else _ITEM_WORDS[kind]


def _filiere_words(fil: str, lang: str) -> str:
    """A filière in words with its key: 'Eco ("ecolo")', « Écolo (« ecolo ») »."""
    names = FIL_FR if lang == "fr" else FIL_EN
    if fil not in names:
        return repr(fil)
    return f"{names[fil]} (« {fil} »)" if lang == "fr" else f'{names[fil]} ("{fil}")'


def _explain_item(s: State, a: Give | Take, me: int, lang: str) -> str:
    """LA-11: why the item given (`Give`) or asked for (`Take`) cannot be, in ``lang``:
    not an item, a quantity off the menu, the same item both ways, or a farm left
    unsound."""
    # Fields of the wrong type never get here: the core names them first (`_wrong_field`).
    fr = lang == "fr"
    kind, qty = a.kind, a.qty
    if kind not in OFFER_KINDS:
        items = ", ".join(_item(k, _LISTED, lang) for k in OFFER_KINDS)
        if fr:
            return f"{_typed(kind, lang)} ne s'échange pas au Négoce : {items}"
        return f"{kind!r} is not an item of the Négoce: {items}"
    if kind in ("filiere", "rien"):
        if qty != 0:
            if fr:
                return f"{_item(kind, _THE, lang)} s'indique avec la quantité 0, pas {qty}"
            return f"{_item(kind, _THE, lang)} comes with the quantity 0, not {qty}"
    elif qty not in _QTY[kind]:
        amount = euros if fr and kind == "argent" else str  # French writes money in euros
        menu = ", ".join(amount(q) for q in _QTY[kind])
        if fr:
            return f"le Négoce échange {_item(kind, _THE, lang)} par {menu}, pas {amount(qty)}"
        return f"the Négoce trades {_item(kind, _THE, lang)} by {menu}, not {qty}"
    o = s.offer
    if o is None or not 0 <= o.partner < len(s.farms):
        return ""
    mine, theirs = s.farms[me], s.farms[o.partner]
    if type(a) is Take:
        if kind == o.give and kind != "rien":
            if fr:
                return f"l'offre donne déjà {_item(kind, _SOME, lang)} : demandez autre chose"
            return f"the offer already gives {_item(kind, _SOME, lang)}: ask for something else"
        if kind == "rien" == o.give:
            if fr:
                return "une offre de rien contre rien n'est pas une offre"
            return "an offer of nothing for nothing is no offer"
        swap = kind == "filiere" or o.give == "filiere"
        g, k = _delta(o.give, o.give_qty), _delta(kind, qty)
        got = (k[0] - g[0], k[1] - g[1], k[2] - g[2], k[3] - g[3])
    else:
        if kind == "rien":
            if _sound_items(_take_split("rien", 0), mine, theirs, True):
                return ""
            partner = _the_farm(o.partner, lang)
            if fr:
                return (
                    f"{partner} n'a rien à donner contre rien qui laisse les deux exploitations"
                    " en règle (LA-11)"
                )
            return (
                f"{partner} has nothing to give for nothing that would leave"
                " both farms sound (LA-11)"
            )
        swap = kind == "filiere"
        g = _delta(kind, qty)
        got = (-g[0], -g[1], -g[2], -g[3])
    if swap and mine.filiere == theirs.filiere:
        words = _filiere_words(mine.filiere, lang)
        if fr:
            return f"les deux exploitations sont en filière {words} : rien à échanger"
        return f"both farms are in the {words} filière: nothing to swap"
    return _unsound(mine, theirs, got, me, o.partner, lang)


def _unsound(a: Farm, b: Farm, got: tuple[int, int, int, int], ia: int, ib: int, lang: str) -> str:
    """LA-11 (`_sound_items` in words, in ``lang``): what would go wrong for farm ``ia``
    receiving ``got`` (ha, cows, money, bons; negative: giving) from farm ``ib``; "" if
    nothing."""
    fr = lang == "fr"
    h, c, m, n = got
    for i, f, sign in ((ia, a, 1), (ib, b, -1)):
        name = _the_farm(i, lang)
        ha, cows, money = f.ha + sign * h, f.cows + sign * c, f.money + sign * m
        bons = f.bons + sign * n
        if money < 0:
            if fr:
                return (
                    f"{name} n'a que {euros(f.money)} en espèces, pas les"
                    f" {euros(f.money - money)} qu'elle paierait : pas de dette (LA-07)"
                )
            return (
                f"{name} has only {euros(f.money)} in cash, not the {euros(f.money - money)}"
                " it would pay: no debt (LA-07)"
            )
        if bons < 0:
            if fr:
                have = (
                    "aucun bon libre"
                    if f.bons == 0
                    else "qu'un bon libre"
                    if f.bons == 1
                    else f"que {f.bons} bons libres"
                )
                return f"{name} n'a {have}, et en céderait {f.bons - bons}"
            have = count(f.bons, "free bon", "free bons", lang)
            return f"{name} has only {have}, not the {f.bons - bons} it would hand over"
        if cows > ha:
            if fr:
                return (
                    f"{name} aurait {count(cows, 'vache', 'vaches', lang)} sur {ha} ha :"
                    " jamais plus de vaches que d'hectares (LA-09)"
                )
            return (
                f"{name} would have {cows} cows on {ha} ha: never more cows than hectares (LA-09)"
            )
        if cows < ELIM:
            if fr:
                return (
                    f"{name} n'aurait plus que {count(cows, 'vache', 'vaches', lang)} :"
                    f" sous {ELIM} vaches, une exploitation est éliminée (LA-19)"
                )
            return (
                f"{name} would be left with {cows} cows: under {ELIM} a farm is out of the"
                " game (LA-19)"
            )
        if ha < BLOCK:
            if fr:
                return (
                    f"{name} n'aurait plus que {ha} ha : une exploitation garde au moins"
                    f" un groupe de {BLOCK} ha"
                )
            return f"{name} would be left with {ha} ha: a farm keeps a block of {BLOCK} ha at least"
    return ""


# No farm comes near this many hectares, cows, bons or euros; the scores and the bots
# compute with floats, which stop at about 1.8e308.
_BEYOND = 10**12


def _validate_farms(s: State) -> None:
    for i, f in enumerate(s.farms):
        where = f"farms[{i}]"
        for name in ("ha", "cows", "bons", "green", "money"):
            if abs(getattr(f, name)) > _BEYOND:
                raise _bad(f"{where}.{name}", f"beyond any game: {_BEYOND:_} at most")
        if f.filiere not in _SAVED_FILIERES:
            raise _bad(f"{where}.filiere", f"unknown {f.filiere!r}")
        if f.status not in ("active", "eliminated", "absorbed"):
            raise _bad(f"{where}.status", f"unknown {f.status!r}")
        for name in ("ha", "cows", "bons", "loans", "green", "pledged"):
            if getattr(f, name) < 0:
                raise _bad(f"{where}.{name}", f"{getattr(f, name)} is negative")
        # An odd herd is not refused, though LA-24 moves cows by pairs only: before gifts
        # stopped at whole pairs, one that reached odd hectares ended odd (59 cows on
        # 59 ha), and such saves still load and play on by pairs.
        if f.loans > MAX_TICKETS:
            raise _bad(f"{where}.loans", f"{f.loans} tickets: at most {MAX_TICKETS} (LA-15)")
        _validate_pledged(f, where)
        for j, c in enumerate(f.kept):
            if c not in D.CARDS or not D.CARDS[c].keep:
                raise _bad(f"{where}.kept[{j}]", f"{c!r} is not an Imprévu card that is kept")
        if f.status != "active":
            continue
        # Setup too: every farm starts with 11,000 and 40 cows on 44 ha (LA-02).
        if f.money < 0:
            raise _bad(f"{where}.money", f"an active farm has {f.money}: no debt (LA-07)")
        if not ELIM <= f.cows <= f.ha:
            raise _bad(f"{where}.cows", f"an active farm has {ELIM}..{f.ha} cows, not {f.cows}")
    _validate_filieres(s)


def _validate_filieres(s: State) -> None:
    """LA-03: a filière card is dealt twice at most, and the farms in play never hold a
    third: a roll of a filière taken twice is a choice among the others
    (`_filiere_rolled`), a change at the year end takes a card still left
    (`_year_end_menu`), a Négoce swap trades two cards, an elimination frees one. An
    alliance's choice could only look like a third card if the absorbed ally counted:
    its card went out with it (the allied farm keeps one of the two, LA-17), so only the
    active farms are counted, as `_filiere_count` does."""
    seen: Counter[str] = Counter()
    for i, f in enumerate(s.farms):
        if f.status != "active" or not f.filiere:
            continue
        seen[f.filiere] += 1
        if seen[f.filiere] > FIL_MAX:
            raise _bad(
                f"farms[{i}].filiere",
                f"{seen[f.filiere]} farms in play in the {_filiere_words(f.filiere, 'en')} filière:"
                f" each filière card is there {FIL_MAX} times (LA-03)",
            )


@functools.cache
def _pledge_pairs(allied: bool) -> frozenset[tuple[int, int]]:
    """LA-14, LA-15, LA-17: every (loan tickets, pledged bons) pair that play can give a
    farm, by the rules that change them: a pair bought with a loan at any price of the
    game (the Foire's or a card's) pledges what `_loan_terms` says; a ticket repaid gives
    back what `_on_repay` does; an alliance pools both farms' tickets and pledges
    (`merge`, ``allied``). Worked out once, from the rules' own code and data."""
    prices = _shop_offers()[0]
    rich = Farm(0, 0, 10**9, 10**9, 0, 0, "")

    def closure(start: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        seen, todo = set(start), list(start)
        while todo:
            loans, pledged = todo.pop()
            nxt = []
            for price in prices:
                terms = _loan_terms(_farm(rich, loans=loans, pledged=pledged), price)
                if terms is not None:
                    nxt.append((loans + terms[1], pledged + terms[2]))
            if loans:
                nxt.append((loans - 1, min(pledged, D.pledge(loans - 1))))  # `_on_repay`
            for pair in nxt:
                if pair not in seen:
                    seen.add(pair)
                    todo.append(pair)
        return frozenset(seen)

    if not allied:
        return closure({(0, 0)})
    solo = _pledge_pairs(False)
    pooled = {(a + b, pa + pb) for a, pa in solo for b, pb in solo if a + b <= MAX_TICKETS}
    return closure(pooled | set(solo))


@functools.cache
def _shop_offers() -> tuple[frozenset[int], int]:
    """LA-10, LA-15: the prices a pair of cows is sold at (the Foire's, each card's
    offer) and the most pairs a card offers (its filière factor included)."""
    buys = [e for c in D.CARDS.values() for e in c.effects if e.kind == "buy_cows"]
    most = max((e.pairs * max(1, e.x) for e in buys), default=0)
    return frozenset({COW_BUY, *(e.price for e in buys)}), most


def _validate_shop(s: State) -> None:
    """LA-10: at the Foire (``shop_left`` -1, any number of pairs) or at a card's offer,
    cows are sold at the game's prices, by as many pairs as a card offers; a turn is
    never left at a shop with nothing left to sell (`_shop`). A price of the save's own
    choosing would also borrow tickets no real purchase does (`_loan_terms`)."""
    if s.phase != "shop":
        return
    prices, most = _shop_offers()
    if s.shop_price not in prices:
        known = ", ".join(euros(p) for p in sorted(prices))
        raise _bad("shop_price", f"cows are sold at {known} a head, not {euros(s.shop_price)}")
    if not (s.shop_left == -1 or 1 <= s.shop_left <= most):
        raise _bad(
            "shop_left",
            f"the Foire sells any number of pairs (-1), a card 1..{most}: not {s.shop_left}",
        )


def _validate_pledged(f: Farm, where: str) -> None:
    """LA-14, LA-15: the bons at the bank guarantee the farm's loans, one per two tickets
    owed (`data.pledge`; « Les bons sont indispensables pour emprunter »): a farm holds
    the pledge of its tickets, as buying on credit and repaying leave it. An allied farm
    may hold one more, two odd pledges pooled (LA-17); an absorbed farm keeps its own.
    The pairs allowed are worked out by `_pledge_pairs`."""
    table = _pledge_pairs(f.allied)
    if (f.loans, f.pledged) in table:
        return
    could = sorted(p for t, p in table if t == f.loans)
    words = " or ".join(str(p) for p in could) if could else "no"
    bons = "pledged bon" if could == [1] else "pledged bons"
    tickets = count(f.loans, "loan ticket", "loan tickets", "en")
    why = "an alliance pools two farms' pledges" if f.allied else "one bon per two tickets"
    raise _bad(
        f"{where}.pledged",
        f"{tickets} are guaranteed by {words} {bons} ({why}), not {f.pledged} (LA-14, LA-15)",
    )


def _validate_indices(s: State) -> None:
    """Every seat or farm index in range, before any menu is computed."""
    n, nf = s.num_players, len(s.farms)
    _check_index("actor", s.actor, n)
    _check_index("last_player", s.last_player, n)
    seen: set[int] = set()
    for i, seat in enumerate(s.room.arrived):
        _check_index(f"room.arrived[{i}]", seat, n)
        if seat in seen:
            raise _bad(f"room.arrived[{i}]", f"seat {seat} arrived twice")
        seen.add(seat)
    for name in ("queue", "handout", "winner_farms"):
        for i, f in enumerate(getattr(s, name)):
            _check_index(f"{name}[{i}]", f, nf)
    _check_index("neighbour", s.neighbour, nf, allow_none=True)
    _check_index("deal_slot", s.deal_slot, s.options.squares, allow_none=True)
    if s.budget is not None and len(s.budget.left) not in (n, nf):
        raise _bad("budget", "one count per seat (Négoce) or per farm (year end)")
    if s.budget is not None and any(k < 0 for k in s.budget.left):
        raise _bad("budget", "a negative number of offers")
    o = s.offer
    if o is not None:
        _check_index("offer.partner", o.partner, nf)
        for side, kind, qty in (("give", o.give, o.give_qty), ("take", o.take, o.take_qty)):
            if kind not in _SAVED_KINDS:
                raise _bad(f"offer.{side}", f"{kind!r} is not one of {OFFER_KINDS}")
            if qty not in _QTY.get(kind, (0,)):
                raise _bad(f"offer.{side}_qty", f"{qty} is not on the {kind or 'empty'} menu")


def _validate_farm_of(s: State) -> set[int]:
    """LA-01, LA-17: seat ``t`` plays for its home farm ``t % farms`` (`_start_state`:
    one farm a seat, or teams of seats ``f`` and ``f + farms``), or, once that farm is
    absorbed into an alliance, for the allied farm that took it (`merge`). So every farm
    in play has its own seats, an absorbed farm has none, and an allied farm has its own
    and those of one absorbed farm. Returns the farms that took one."""
    n, nf = s.num_players, len(s.farms)
    if len(s.farm_of) != n:
        raise _bad("farm_of", f"one farm per seat: {n} seats, not {len(s.farm_of)}")
    absorbed_into: dict[int, int] = {}
    for seat, g in enumerate(s.farm_of):
        _check_index(f"farm_of[{seat}]", g, nf)
        home = seat % nf
        if s.farms[home].status != "absorbed":
            if g != home:
                whose = f"farm {home} (seats {home} and {home + nf})" if nf < n else "its farm"
                raise _bad(f"farm_of[{seat}]", f"seat {seat} plays for {whose}, not {g} (LA-01)")
            continue
        if g == home or s.farms[g].status == "absorbed" or not s.farms[g].allied:
            raise _bad(
                f"farm_of[{seat}]",
                f"farm {home} is absorbed: seat {seat} plays for the allied farm that took it,"
                f" not {g} (LA-17)",
            )
        if absorbed_into.setdefault(home, g) != g:
            raise _bad(f"farm_of[{seat}]", f"the seats of farm {home} play for two farms")
    allies = Counter(absorbed_into.values())
    for g, k in allies.items():
        if k > 1:
            raise _bad("farm_of", f"farm {g} took {k} farms: an alliance is of two (LA-17)")
    return set(allies)


# Which phases each stage goes through in play (`_advance`, `_start_season`, `_turns`):
# the filière dice before the first season, turns in a season, and the land handed out
# (LA-19) whenever a farm is eliminated: in a turn, at a season's accounts or at the
# year end's interest.
_PHASES_OF: dict[str, frozenset[str]] = {
    "setup": frozenset(("filiere", "filiere_choice")),
    "season": frozenset(
        ("deal", "roll", "draw_slot", "draw_imprevu", "card", "neighbour", "shop", "negoce")
        + ("offer_give", "offer_take", "offer_answer", "handout")
    ),
    "season_end": frozenset(("handout",)),
    "year_end": frozenset(
        ("year_end", "alliance_answer", "alliance_filiere", "alliance_bons", "handout")
    ),
    "over": frozenset(("",)),
}
# The phases of a seat's turn, from its roll to the end of what its square says.
_TURN = ("roll", "draw_slot", "draw_imprevu", "card", "neighbour", "shop") + (
    "negoce",
    "offer_give",
    "offer_take",
    "offer_answer",
)
_OFFER_PHASES = frozenset(
    ("offer_give", "offer_take", "offer_answer")
    + ("alliance_answer", "alliance_filiere", "alliance_bons")
)
# The square the actor's pawn stands on in these phases (LA-05, LA-11, LA-13).
_SQUARE_OF_PHASE = {
    "draw_imprevu": "imprevu",
    **dict.fromkeys(("negoce", "offer_give", "offer_take", "offer_answer"), "negoce"),
}
_SQUARE_WORDS = {"imprevu": "an Imprévu square", "negoce": "the Négoce"}
_END_REASONS = ("dernier", "aucune", "annees", "vert", "bons", "taille")


def _validate_setup(s: State) -> None:
    """LA-02, LA-03: before the first season every farm is the starting farm, and the
    farms draw their filière in order: those before ``queue`` have one, the rest not."""
    nf = len(s.farms)
    done = nf - len(s.queue)
    if s.queue != tuple(range(done, nf)):
        left = f"{done}..{nf - 1}"
        raise _bad("queue", f"the farms draw their filière in order: farms {left} left (LA-03)")
    start = (START["ha"], START["cows"], START["money"], START["bons"], 0, 0, (), False, "active")
    for i, f in enumerate(s.farms):
        where = f"farms[{i}]"
        if (f.ha, f.cows, f.money, f.bons, f.loans, f.green, f.kept, f.allied, f.status) != start:
            raise _bad(where, "before the first season every farm is the starting farm (LA-02)")
        if f.pledged:
            raise _bad(f"{where}.pledged", "before the first season no bon is pledged (LA-02)")
        if bool(f.filiere) != (i < done):
            why = (
                "is still in the queue: it has no"
                if f.filiere
                else "has left the queue: it drew its"
            )
            raise _bad(f"{where}.filiere", f"farm {i} {why} filière (LA-03)")
    if s.room.arrived or s.pos != (HEX_START,) * s.num_players:
        raise _bad("pos", "before the first season every pawn is on hexagon space 5 (LA-05)")
    if any(s.slots):
        raise _bad("slots", "before the first season no season card is dealt (LA-04)")
    for name in ("budget", "offer"):
        if getattr(s, name) is not None:
            raise _bad(name, "before the first season no offer is made (LA-11, LA-17)")


def _validate_cards(s: State) -> None:
    """LA-04, LA-13: no card is ever lost. The season's cards are all on the square or in
    its deck; the Imprévu cards are in the pile, under it, kept by a farm, or the card
    being applied (``card``: the one the actor's pawn stands on, in no pile)."""
    cid, seat = s.card, s.actor
    if (cid != "") != (s.phase in ("card", "neighbour")):
        raise _bad(
            "card",
            f"a card is being applied exactly in phases 'card' and 'neighbour', not {s.phase!r}",
        )
    sq = ROUTES[s.options.squares][s.pos[seat]] if cid and s.pos[seat] >= 0 else None
    if cid and D.CARDS[cid].deck == "imprevu":
        if sq is None or sq[0] != "imprevu":
            raise _bad(
                "card", f"Imprévu card {cid} is applied, but seat {seat} is on no Imprévu square"
            )
        for name in ("imprevu", "imprevu_under"):
            if cid in getattr(s, name):
                raise _bad("card", f"{cid} is being applied: it is not in state.{name} too (LA-13)")
        if any(cid in f.kept for f in s.farms):
            raise _bad("card", f"{cid} is being applied: no farm keeps it too (LA-13)")
    elif cid and (sq is None or sq[0] != "saison" or s.slots[sq[1]] != cid):
        raise _bad("card", f"season card {cid} is applied, but seat {seat} is not on its slot")
    # Cards twice or of another season are refused above: here a difference is a loss.
    season = sorted([*[c for c in s.slots if c], *s.deck])
    full = D.SEASON_DECKS[s.season]
    if tuple(season) != full:
        lost = sorted((Counter(full) - Counter(season)).elements())
        raise _bad("deck", f"season cards {lost} are neither on the square nor in the deck (LA-04)")
    imprevu = [*s.imprevu, *s.imprevu_under]
    for f in s.farms:
        if f.status != "absorbed":  # its kept cards went to the alliance (`merge`)
            imprevu += f.kept
    if cid and D.CARDS[cid].deck == "imprevu":
        imprevu.append(cid)
    if tuple(sorted(imprevu)) != D.IMPREVU_DECK:
        lost = sorted((Counter(D.IMPREVU_DECK) - Counter(imprevu)).elements())
        raise _bad(
            "imprevu",
            f"Imprévu cards {lost} are nowhere: not in the pile, under it, kept by a farm"
            " nor being applied (LA-13)",
        )


def _validate_slots(s: State) -> None:
    """LA-04, LA-21: a face-up square is dealt slot by slot at the start of a season
    (phase "deal", ``deal_slot`` the next slot), then full; a face-down card is turned
    over (phase "draw_slot") when a pawn lands on its empty slot."""
    ph, i = s.phase, s.deal_slot
    if (i != -1) != (ph in ("deal", "draw_slot")):
        raise _bad(
            "deal_slot",
            f"a slot is being dealt exactly in phases 'deal' and 'draw_slot', not {ph!r}",
        )
    if ph == "deal":
        if s.options.face_down:
            raise _bad("phase", "a face-down game deals no season card (LA-21)")
        if s.room.arrived:
            raise _bad(
                "room", "the cards are dealt as a season starts: no pawn has arrived (LA-06)"
            )
        if not all(s.slots[:i]) or any(s.slots[i:]):
            raise _bad(
                "slots", f"the deal fills the slots in order: 0..{i - 1} dealt, {i}.. empty (LA-04)"
            )
    elif ph == "draw_slot":
        if not s.options.face_down or s.slots[i]:
            raise _bad("deal_slot", f"slot {i} is turned over only when it is face down (LA-21)")
        if s.pos[s.actor] < 0 or ROUTES[s.options.squares][s.pos[s.actor]] != ("saison", i):
            raise _bad("deal_slot", f"slot {i} is turned over when the actor's pawn lands on it")
    elif s.stage != "setup" and not s.options.face_down and not all(s.slots):
        # Dealt whole as its season starts (with land_always too: the deal weights the
        # cards, it fills every slot), the square stays full through the season's end and
        # the year end, until `_start_season` clears it for the next deal.
        j = s.slots.index("")
        raise _bad(f"slots[{j}]", "a face-up square is full once it is dealt (LA-04)")


def _validate_flow(s: State, took: set[int]) -> None:
    """Stage and phase, and the fields that go with them, as play leaves them: who moves,
    the seat on its turn, the farms still to decide, the offer, the end of the game.
    ``took``: the farms that absorbed another (`_validate_farm_of`)."""
    st, ph, n, nf = s.stage, s.phase, s.num_players, len(s.farms)
    if ph not in _PHASES_OF[st]:
        raise _bad("phase", f"{ph!r} is not a phase of stage {st!r}: {sorted(_PHASES_OF[st])}")
    if st == "setup":
        _validate_setup(s)
    elif any(not f.filiere for f in s.farms):
        i = next(i for i, f in enumerate(s.farms) if not f.filiere)
        raise _bad(
            f"farms[{i}].filiere", "every farm has its filière from the first season (LA-03)"
        )
    if st == "year_end" and s.season != 3:
        raise _bad(
            "season", f"the year ends after winter (season 3), not season {s.season} (LA-16)"
        )
    for seat in s.room.arrived:
        if s.pos[seat] >= 0:
            raise _bad(
                f"pos[{seat}]",
                "a pawn that reached the end of the season waits in the hexagon (LA-06)",
            )
    if ph in _TURN:
        seat = s.actor
        if s.room.is_waiting(seat):
            raise _bad("actor", f"seat {seat} waits in the hexagon: its season is over (LA-06)")
        if ph != "roll" and s.pos[seat] < 0:
            raise _bad(
                "actor", f"in phase {ph!r} the pawn of seat {seat} is on a square of the route"
            )
        kind = _SQUARE_OF_PHASE.get(ph)
        if kind and ROUTES[s.options.squares][s.pos[seat]][0] != kind:
            where = _SQUARE_WORDS[kind]
            raise _bad("actor", f"in phase {ph!r} the pawn of seat {seat} is on {where}")
    if s.moved and ph == "roll":
        raise _bad("moved", "a turn starts with no card's move made (LA-05)")
    if s.neighbour != -1:
        fa = s.farm_of[s.actor]
        if ph != "card":
            raise _bad(
                "neighbour",
                f"a neighbour is chosen for a card offered (phase 'card'), not in {ph!r}",
            )
        if s.neighbour == fa or s.farms[s.neighbour].status != "active":
            raise _bad("neighbour", "the neighbour is another farm in play (LA-08)")
    # The offer on the table: what the proposer has said so far.
    o = s.offer
    if o is not None and ph not in _OFFER_PHASES:
        raise _bad("offer", f"no offer is on the table in phase {ph!r}")
    if o is not None and (ph.startswith("alliance") or ph == "offer_give") and (o.give or o.take):
        raise _bad("offer", f"in phase {ph!r} the offer says nothing yet of what it gives or takes")
    if o is not None and ph == "offer_take" and o.take:
        raise _bad("offer.take", "an offer says what it takes once, then it is answered")
    # The queue: the farms to draw a filière (setup), then the year end's (LA-16).
    if st in ("season", "season_end") and s.queue:
        raise _bad("queue", f"no farm waits to decide in stage {st!r}")
    if ph in ("year_end", "alliance_answer", "alliance_filiere", "alliance_bons"):
        for i, fi in enumerate(s.queue):
            if s.farms[fi].status != "active" or fi in s.queue[:i]:
                raise _bad(
                    f"queue[{i}]", f"farm {fi} is not an active farm still to decide (LA-16)"
                )
    if ph in ("year_end", "filiere_choice", "alliance_answer") and s.farm_of[s.actor] != s.queue[0]:
        raise _bad(
            "actor",
            f"seat {s.actor} does not play for farm {s.queue[0]}, whose turn it is to decide",
        )
    b = s.budget
    if st == "year_end" and (b is None or len(b.left) != nf):
        raise _bad(
            "budget", f"at the year end each farm may propose one alliance: {nf} counts (LA-17)"
        )
    if st in ("season", "season_end") and b is not None and len(b.left) != n:
        raise _bad(
            "budget", f"in a season the Négoce offers are counted per seat: {n} counts (LA-11)"
        )
    # Who moves: the seat the phase belongs to.
    if ph in ("offer_answer", "alliance_answer") and o is not None:
        who = _seat_of(s, o.partner)
        if s.to_move != who:
            raise _bad("to_move", f"the offer is answered by seat {who}, for farm {o.partner}")
    elif ph == "handout":
        who = _handout_seat(s)
        if s.to_move != who:
            raise _bad(
                "to_move", f"farm {s.handout[0]} hands out its land: seat {who} moves (LA-19)"
            )
    elif s.to_move >= 0 and s.to_move != s.actor:
        raise _bad("to_move", f"in phase {ph!r} the actor, seat {s.actor}, moves, not {s.to_move}")
    if ph != "handout" and s.handout and st != "over":
        raise _bad("handout", "land is handed out as soon as a farm is eliminated (LA-19)")
    # Farms in play, alliances, the end of the game.
    active = 0
    for i, f in enumerate(s.farms):
        active += f.status == "active"
        if f.status == "eliminated" and f.cows >= ELIM:
            raise _bad(f"farms[{i}].cows", f"an eliminated farm had under {ELIM} cows (LA-19)")
        if f.status == "absorbed" and f.allied:
            raise _bad(
                f"farms[{i}].allied", "an absorbed farm is not allied: the farm that took it is"
            )
        if f.allied and f.status != "absorbed" and i not in took:
            raise _bad(
                f"farms[{i}].allied", "an allied farm plays for the farm it absorbed (LA-17)"
            )
    # A handout with one farm left comes from saves made before such a farm stopped
    # handing out land (its land goes to that farm, then the game ends): they still load.
    if active < 2 and st != "over" and ph != "handout":
        raise _bad(
            "farms", f"{active} farm in play: the game is over when one farm is left (LA-20)"
        )
    if st == "over":
        if s.end_reason not in _END_REASONS:
            raise _bad("end_reason", f"{s.end_reason!r} is not why a game ends: {_END_REASONS}")
        if not s.winner_farms:
            raise _bad("winner_farms", "a game over has its winners (LA-18, LA-20)")
        # LA-20: "dernier" is the ending with one farm left in play, and that farm wins
        # (`_advance` ends so exactly when one is left).
        if s.end_reason == "dernier":
            left = tuple(i for i, f in enumerate(s.farms) if f.status == "active")
            if len(left) != 1:
                raise _bad(
                    "end_reason",
                    f"'dernier' is the ending with one farm left in play, not {len(left)} (LA-20)",
                )
            if s.winner_farms != left:
                raise _bad("winner_farms", f"the farm left in play, farm {left[0]}, wins (LA-20)")
    elif s.winner_farms or s.end_reason:
        name = "winner_farms" if s.winner_farms else "end_reason"
        raise _bad(name, "a game still going has no winner yet")


def _validate_budget_in_season(s: State) -> tuple[str, str] | None:
    """LA-11: a season's budget is the one `_land` opened at the last Négoce visit,
    ``offers_per_negoce`` a seat, spent by the visitor alone (`_on_take`): at most one
    seat below the full count; on a visit, that seat is the actor, who may still offer
    (`_negoce_open`, else the Négoce is left at once) and has spent one once an offer is
    on the table. The (field, problem) found, or None."""
    k, left, ph = s.options.offers_per_negoce, s.budget.left if s.budget else (), s.phase
    visit = ph in ("negoce", "offer_give", "offer_take", "offer_answer")
    below = []
    for i, v in enumerate(left):
        if v > k:
            return f"budget.left[{i}]", f"seat {i} has {v} offers left: {k} a visit (LA-11)"
        if v < k:
            below.append(i)
    afresh = "the offers are counted afresh at each visit to the Négoce"
    if visit and below and below != [s.actor]:
        i = next(i for i in below if i != s.actor)
        return (
            f"budget.left[{i}]",
            f"seat {i} has {count(left[i], 'offer', 'offers', 'en')} left, not {k}: {afresh},"
            f" and only the visitor,"
            f" seat {s.actor}, spends any (LA-11)",
        )
    if len(below) > 1:
        return (
            f"budget.left[{below[1]}]",
            f"seats {below[0]} and {below[1]} have both spent offers: {afresh}, so only the"
            f" last visitor is below {k} (LA-11)",
        )
    if ph == "negoce" and not _negoce_open(s):
        why = "no offer left" if not left[s.actor] else "nothing to offer any farm"
        return "budget", f"seat {s.actor} has {why}: it leaves the Négoce at once (LA-11)"
    if ph == "offer_answer" and left[s.actor] >= k:
        return (
            f"budget.left[{s.actor}]",
            "the offer being answered counts against the proposer's offers (LA-11)",
        )
    return None


def _validate_budget_at_year_end(s: State) -> tuple[str, str] | None:
    """LA-16, LA-17: the year end's budget is one alliance proposal per farm
    (`_advance`), spent by the farm whose turn it is (`_on_propose`): a farm still
    waiting in the queue has proposed nothing, nor has anyone while the land is handed
    out (that happens after the interest, before any decision); an alliance being
    answered or made was proposed by one of its two farms. The (field, problem) found,
    or None."""
    left, ph, q = s.budget.left if s.budget else (), s.phase, s.queue
    for i, v in enumerate(left):
        if v not in (0, 1):
            return (
                f"budget.left[{i}]",
                f"farm {i} has {v} alliance proposals left: one a year end (LA-17)",
            )
    if s.stage == "over":
        return None
    for i, v in enumerate(left):
        if v:
            continue
        if len(s.farms) < 3:
            return f"budget.left[{i}]", "with two farms nobody proposes an alliance (LA-17)"
        if ph == "handout" or i in q[1:]:
            return (
                f"budget.left[{i}]",
                f"farm {i} has had no turn at this year end yet: it has proposed no alliance"
                " (LA-16, LA-17)",
            )
    if ph == "alliance_answer" and left[q[0]]:
        return (
            f"budget.left[{q[0]}]",
            "the alliance being answered counts against the proposer's one proposal (LA-17)",
        )
    if ph in ("alliance_filiere", "alliance_bons") and s.offer is not None:
        pair = (s.farm_of[s.actor], s.offer.partner)
        if all(left[f] for f in pair):
            return (
                "budget",
                f"farms {pair[0]} and {pair[1]} have just allied: one of them proposed it and"
                " has no proposal left (LA-17)",
            )
    return None


def _validate_budget(s: State) -> None:
    """LA-11, LA-16, LA-17: the offers left fit the stage and phase. With as many seats
    as farms a season's count and a year end's have the same length: the counts tell them
    apart as far as they can. A game over keeps the count of its last Négoce visit or of
    its year end."""
    b = s.budget
    if b is None:
        return
    n, nf = s.num_players, len(s.farms)
    if s.stage in ("season", "season_end"):
        found = _validate_budget_in_season(s)
    elif s.stage == "year_end":
        found = _validate_budget_at_year_end(s)
    else:  # "over" (no budget at the setup: `_validate_setup`): either count may be left
        season = len(b.left) == n and _validate_budget_in_season(s) is None
        year_end = len(b.left) == nf and _validate_budget_at_year_end(s) is None
        found = (
            None
            if season or year_end
            else ("budget", "neither a Négoce's offers nor a year end's (LA-11, LA-17)")
        )
    if found is not None:
        raise _bad(*found)


def _validate_arrivals(s: State) -> None:
    """LA-06: a season ends when every pawn of a farm in play is in the hexagon, and its
    accounts and the year end that follows keep the room as the season left it."""
    if s.stage not in ("season_end", "year_end"):
        return
    for seat, f in enumerate(s.farm_of):
        if s.farms[f].status == "active" and not s.room.is_waiting(seat):
            raise _bad(
                "room.arrived",
                f"seat {seat}, of farm {f} in play, has not reached the hexagon: the season"
                " ends when every pawn has (LA-06)",
            )


def _validate_year_queue(s: State) -> None:
    """LA-16: the year end goes farm by farm in order of arrival in the hexagon: the order
    `_advance` builds from ``room.arrived`` (then any farm without a pawn there), whose
    decided farms leave from the front (`_on_end_year`), an absorbed ally from anywhere
    (`merge`). So the queue keeps that order, and holds every farm in play that arrived
    after the one deciding. A seat whose farm was absorbed at this year end arrived for
    that farm, not for the ally it now plays for: such an alliance is this year's when
    one of its two farms has spent its proposal (`_validate_budget_at_year_end`)."""
    if s.stage != "year_end" or s.budget is None:
        return
    nf, left, q = len(s.farms), s.budget.left, s.queue
    first: dict[int, int] = {}
    for i, seat in enumerate(s.room.arrived):
        home, ally = seat % nf, s.farm_of[seat]
        if s.farms[home].status == "absorbed" and (left[ally] and left[home]):
            home = ally  # absorbed in an earlier year: the seat arrived for its ally
        first.setdefault(home, i)

    def key(f: int) -> tuple[int, int]:
        return (0, first[f]) if f in first else (1, f)

    for i in range(1, len(q)):
        if q[i] in q[:i]:
            raise _bad(f"queue[{i}]", f"farm {q[i]} has one year end, not two (LA-16)")
        if key(q[i]) < key(q[i - 1]):
            raise _bad(
                f"queue[{i}]",
                f"farm {q[i]} reached the hexagon before farm {q[i - 1]}: the year end goes in"
                " order of arrival (LA-16)",
            )
    if not q:
        return
    for f, farm in enumerate(s.farms):
        if farm.status == "active" and f not in q and key(f) > key(q[0]):
            raise _bad(
                "queue",
                f"farm {f} reached the hexagon after farm {q[0]}, whose turn it is: it has"
                " still to decide (LA-16)",
            )


def _validate(s: State) -> None:
    # What the checks below index with comes first: season, year, stage, farm_of.
    if s.stage not in _STAGES:
        raise InvalidStateError("state.stage", f"unknown stage {s.stage!r}")
    if not 0 <= s.season < 4:
        raise _bad("season", f"{s.season} is not a season: 0..3")
    if not 0 <= s.year <= s.options.years or (s.year == s.options.years and s.stage != "over"):
        raise _bad("year", f"{s.year} is not a year of a {s.options.years}-year game")
    nf = num_farms(s.num_players, s.options)
    if len(s.farms) != nf:
        raise InvalidStateError("state.farms", f"expected {nf} farms")
    took = _validate_farm_of(s)
    if len(s.pos) != s.num_players:
        raise InvalidStateError("state.pos", "one position per seat")
    route_len = len(ROUTES[s.options.squares])
    for i, p in enumerate(s.pos):
        if not -HEX <= p < route_len:
            raise InvalidStateError(f"state.pos[{i}]", f"{p} is not a square")
    if len(s.slots) != s.options.squares:
        raise InvalidStateError("state.slots", f"expected {s.options.squares} slots")
    for name in ("slots", "deck", "imprevu", "imprevu_under"):
        for i, c in enumerate(getattr(s, name)):
            if c and c not in D.CARDS:
                raise InvalidStateError(f"state.{name}[{i}]", f"unknown card {c!r}")
            if name != "slots" and not c:
                raise InvalidStateError(f"state.{name}[{i}]", "an empty card id")
    for name in ("deck", "imprevu"):
        pile = getattr(s, name)
        if list(pile) != sorted(pile):
            raise InvalidStateError(f"state.{name}", "a pile is kept sorted (drawn at random)")
    _validate_farms(s)
    # Each card is printed `copies` times: a season card is on the square or in the deck;
    # an Imprévu in the pile, under it or kept by a farm (`_draws` relies on this).
    season = Counter(c for c in s.slots if c)
    season.update(s.deck)
    imprevu = Counter(s.imprevu)
    imprevu.update(s.imprevu_under)
    for f in s.farms:
        if f.status != "absorbed":  # an absorbed farm's kept cards went to the alliance
            imprevu.update(f.kept)
    for name, counts in (("deck", season), ("imprevu", imprevu)):
        for c, k in counts.items():
            if c not in D.CARDS:
                raise InvalidStateError(f"state.{name}", f"unknown card {c!r}")
            if k > D.CARDS[c].copies:
                raise InvalidStateError(
                    f"state.{name}", f"{c!r} is there {k} times; the game has {D.CARDS[c].copies}"
                )
    for c in season:
        if D.CARDS[c].deck != D.SEASONS[s.season]:
            raise _bad("deck", f"{c!r} is not a card of this season (LA-04)")
    for c in imprevu:
        if D.CARDS[c].deck != "imprevu":
            raise _bad("imprevu", f"{c!r} is not an Imprévu card")
    _validate_indices(s)
    if (s.stage == "over") != (s.to_move == TERMINAL):
        raise _bad("to_move", "the game is over exactly when nobody moves (stage 'over')")
    if s.card and s.card not in D.CARDS:
        raise _bad("card", f"unknown card {s.card!r}")
    if s.shop_price < 0 or s.shop_left < -1:
        raise _bad("shop_price", "a price and a count of pairs are never negative")
    for i, v in enumerate(s.dice):
        if not 1 <= v <= 6:
            raise _bad(f"dice[{i}]", f"a die shows 1..6, not {v}")
    ph = s.phase
    if s.to_move >= 0 and ph not in _DECISIONS:
        raise _bad("phase", f"{ph!r} is not a player's decision")
    if s.to_move == CHANCE and ph not in _CHANCE_PHASES:
        raise _bad("phase", f"{ph!r} is not a chance event")
    if len(s.dice) >= (2 if ph == "filiere" else s.options.dice) and ph in ("roll", "filiere"):
        raise _bad("dice", f"{len(s.dice)} dice already rolled in phase {ph!r}")
    if ph in ("card", "neighbour") and not s.card:
        raise _bad("card", f"phase {ph!r} needs the card being applied")
    if ph in ("deal", "draw_slot") and (s.deal_slot < 0 or not s.deck):
        raise _bad("deal_slot", f"phase {ph!r} needs a slot to fill and cards in the deck")
    if ph == "draw_imprevu" and not s.imprevu:
        raise _bad("imprevu", "the Imprévu pile is empty at a draw")
    if ph in ("filiere", "filiere_choice", "year_end", "alliance_answer") and not s.queue:
        raise _bad("queue", f"phase {ph!r} needs a farm to decide")
    if ph == "handout" and not s.handout:
        raise _bad("handout", "no farm to hand out land")
    for i, fi in enumerate(s.handout):  # LA-19: eliminated farms with land still to give
        if s.farms[fi].status != "eliminated" or s.farms[fi].ha <= 0 or fi in s.handout[:i]:
            raise _bad(f"handout[{i}]", f"farm {fi} is not an eliminated farm with land left")
    if ph in ("negoce", "offer_give", "offer_take", "offer_answer", "year_end"):
        if s.budget is None:
            raise _bad("budget", f"phase {ph!r} needs the offers left")
        who = s.queue[0] if ph == "year_end" else s.actor
        _check_index("budget", who, len(s.budget.left))
        if ph in ("offer_give", "offer_take") and s.budget.left[who] < 1:
            raise _bad("budget", "an offer being made counts against the offers left (LA-11)")
    if ph in ("offer_give", "offer_take", "offer_answer", "alliance_answer"):
        if s.offer is None:
            raise _bad("offer", f"phase {ph!r} needs an offer")
        me = s.queue[0] if ph == "alliance_answer" else s.farm_of[s.actor]
        if s.offer.partner == me or s.farms[s.offer.partner].status != "active":
            raise _bad("offer.partner", "an offer goes to another active farm")
    if ph in ("alliance_filiere", "alliance_bons"):
        ally = s.farms[s.farm_of[s.actor]]
        if s.offer is None or s.farms[s.offer.partner].status != "absorbed":
            raise _bad("offer", f"phase {ph!r} needs the absorbed ally as offer.partner")
        if not ally.allied or ally.status != "active" or s.stage != "year_end":
            raise _bad("actor", f"phase {ph!r} is the allied farm's, at the end of a year")
    if ph == "offer_take" and (s.offer is None or not s.offer.give):
        raise _bad("offer.give", "an offer says what it gives before what it takes")
    if ph == "offer_answer" and (s.offer is None or not s.offer.take):
        raise _bad("offer.take", "an offer says what it takes before it is answered")
    if ph in ("offer_take", "offer_answer") and s.offer is not None:
        # LA-11: the offer on the table is still one the farms could make.
        o = s.offer
        if Give(o.give, o.give_qty) not in _give_legal(s):
            raise _bad("offer.give", f"farm {s.farm_of[s.actor]} cannot give that (LA-11)")
        if ph == "offer_answer" and Take(o.take, o.take_qty) not in _take_legal(s):
            raise _bad("offer.take", "that offer would leave a farm unsound (LA-11)")
    _validate_slots(s)
    _validate_cards(s)
    _validate_flow(s, took)
    _validate_budget(s)
    _validate_shop(s)
    _validate_arrivals(s)
    _validate_year_queue(s)
    if ph in _TURN and (not _active_seat(s, s.actor) or s.stage != "season"):
        raise _bad("actor", "the seat on its turn plays for an active farm in a season")
    if s.stage != "over":
        # LA-19: a farm out of a game that goes on hands all of its land out at once; one
        # holding land would count among the farms that fell last (`_fallen_together`).
        for i, f in enumerate(s.farms):
            if f.status == "eliminated" and f.ha > 0 and i not in s.handout:
                raise _bad(
                    f"farms[{i}].ha",
                    f"farm {i} is out of the game with {f.ha} ha it is not handing out (LA-19)",
                )
    if s.to_move >= 0 and not _legal(s):
        raise InvalidStateError("state.phase", f"no move in phase {s.phase!r}")
    if s.to_move == CHANCE and not _chance(s):
        raise InvalidStateError("state.phase", f"no chance outcome in phase {s.phase!r}")


def _hidden_variants(s: State, seat: int | None, rng: Any) -> tuple[State, ...]:
    # Nothing is hidden but the RNG: every card on the table and in the piles is public
    # (a pile is drawn as a chance event, so it has no order to hide).
    return (_put(s, rng=rng.u64()),)


GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Farm, Offer, Observation, OfferBudget, WaitingRoom),
    init=_init,
    legal=_legal,
    apply=_apply,
    scores=_scores,
    winners=winners,
    observe=_observe,
    describe=describe,
    render=render,
    chance=_chance,
    apply_chance=_apply_chance,
    explain=_explain,
    explain_chance=True,  # `_explain` knows chance nodes (`_explain_chance`)
    ending=lambda s: s.end_reason,  # a conviction, "annees", "dernier", "aucune" (LA-18..20)
    validate=_validate,
    hidden_variants=_hidden_variants,
    resolve=_resolve,
)
