"""The rules of Lactorama (the original rule text, rules LA-01..LA-24): the turn loop.

A season: every pawn leaves the hexagon, runs the route of the season's square (season
cards, Imprévu squares, the Foire crossed twice, the Négoce opposite), and waits in the
hexagon at the end; when all are there, the season's accounts are paid. After winter come
interest, repayments, filière changes and alliances. The game ends after ``years`` winters,
or at once when a farm wins by conviction, or when one farm is left.

This module is the readable reference: each function builds the next state once from
what it worked out (`core.fast.replace`). The Négoce's menus and the alliances are in
negoce.py, the cards' effects in cards.py, a farm's economy in farms.py; auto mode's fast
path (autoplay.py) plays the turns that need nobody in one go, and is tested against this
module.

Phases (``State.phase``, `state.PHASES`) and who acts:

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

from collections.abc import Callable
from typing import Any

from boardgames_fr.core.components import remove_one
from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import pick_outcome
from boardgames_fr.core.rng import advance as advance_rng
from boardgames_fr.core.rng import draws, next_u64
from boardgames_fr.lactorama import autoplay
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
from boardgames_fr.lactorama.cards import (
    DEARER,
    PLANS,
    SIMPLE,
    SQUARES_OF,
    affordable,
    effect_on,
    effects_around,
    effects_on,
    own_farm,
    simple_card,
)
from boardgames_fr.lactorama.chance import SINGLE, chance
from boardgames_fr.lactorama.components import OfferBudget
from boardgames_fr.lactorama.farms import (
    AFTER,
    BANK,
    CHANGE_COST,
    COW_BUY,
    ELIM,
    EMPTY_ROOM,
    FIL_DICE,
    FIL_MAX,
    HEX_START,
    QUIET,
    ROUTES,
    SQ_FOIRE,
    SQ_IMPREVU,
    SQ_SEASON,
    START,
    TICKET,
    WIN_COWS,
    WIN_HA,
    accounts_of,
    bons_back,
    capped,
    conviction,
    conviction_reached,
    convictions_closed,
    fallen_together,
    farm_value,
    interest_of,
    into_hexagon,
    loan_terms,
    may_buy,
    next_on_road,
    num_farms,
    parcel,
    quiet,
    room,
    set_farm,
    year_order,
)
from boardgames_fr.lactorama.negoce import (
    alliance_bons_legal,
    alliance_filiere_legal,
    can_offer_any,
    give_legal,
    left_alone,
    merge,
    negoce_legal,
    negoce_open,
    offer_of,
    take_legal,
    trade,
    year_end_legal,
)
from boardgames_fr.lactorama.state import (
    ACTIVE,
    ELIMINATED,
    END_LAST_FARM,
    END_NO_FARM,
    END_YEARS,
    OVER,
    PH_ALLIANCE_ANSWER,
    PH_ALLIANCE_BONS,
    PH_ALLIANCE_FILIERE,
    PH_CARD,
    PH_DEAL,
    PH_DRAW_IMPREVU,
    PH_DRAW_SLOT,
    PH_FILIERE,
    PH_FILIERE_CHOICE,
    PH_HANDOUT,
    PH_NEGOCE,
    PH_NEIGHBOUR,
    PH_NONE,
    PH_OFFER_ANSWER,
    PH_OFFER_GIVE,
    PH_OFFER_TAKE,
    PH_ROLL,
    PH_SHOP,
    PH_YEAR_END,
    SEASON,
    SEASON_END,
    SETUP,
    YEAR_END,
    Farm,
    Offer,
    Options,
    State,
)
from boardgames_fr.lactorama.views import handout_seat, neighbour_candidates, seat_of

__all__ = [
    "apply",
    "apply_chance",
    "farm_value",
    "handout_seat",
    "init",
    "legal",
    "merge",
    "num_farms",
    "resolve",
    "seat_of",
]

_ACCEPT, _DECLINE, _END_BUY = AcceptCard(), DeclineCard(), EndPurchase()
_YES, _NO = AcceptOffer(), RefuseOffer()
_BUY, _BUY_LOAN = BuyCows(False), BuyCows(True)


# --- setup ----------------------------------------------------------------------------


def init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    """The game before any dice (LA-01, LA-02): the core's ``init`` hook."""
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
    return replace(start, rng=rng, explicit=explicit)


# The state before any dice, by player count and options (`init` copies it).
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
        stage=SETUP,
        phase=PH_FILIERE,
        actor=0,
        last_player=num_players - 1,
        room=EMPTY_ROOM,
        slots=("",) * options.squares,
        deck=D.SEASON_DECKS[0],
        imprevu=D.IMPREVU_DECK,
        imprevu_under=(),
        queue=tuple(range(nf)),
        rng=0,
        explicit=False,
    )


def filiere_count(s: State, fil: str) -> int:
    """LA-03: the farms in play holding filière ``fil``."""
    return sum(1 for f in s.farms if f.filiere == fil and f.status == ACTIVE)


def _filiere_of_roll(total: int) -> str:
    for fil, (lo, hi) in FIL_DICE.items():
        if lo <= total <= hi:
            return fil
    return str(D.FILIERES[-1])


def filiere_rolled(s: State) -> State:
    """LA-03: the farm's two dice are rolled (``s.dice``): its filière, or its choice."""
    fil = _filiere_of_roll(sum(s.dice))
    if filiere_count(s, fil) >= FIL_MAX:  # at most two of a kind
        seat = s.farm_of.index(s.queue[0])
        return replace(s, phase=PH_FILIERE_CHOICE, to_move=seat, actor=seat)
    return _after_filiere(s, fil)


def _after_filiere(s: State, fil: str) -> State:
    f = s.queue[0]
    farms = set_farm(s.farms, f, replace(s.farms[f], filiere=fil))
    queue = s.queue[1:]
    if queue:
        return replace(s, farms=farms, queue=queue, dice=(), to_move=CHANCE, phase=PH_FILIERE)
    return start_season(replace(s, farms=farms, queue=queue), 0)


# --- seasons and turns ----------------------------------------------------------------


NO_SLOTS = {n: ("",) * n for n in ROUTES}


def start_season(s: State, season: int) -> State:
    """LA-04: season decks are never mixed; the whole deck is gathered and reshuffled,
    and dealt face up (or left face down, LA-21, and the first pawn moves at once)."""
    slots, deck = NO_SLOTS[s.options.squares], D.SEASON_DECKS[season]
    options = s.options
    if not options.face_down:
        if not s.explicit and SINGLE and not options.land_always and options.dice == 2:
            # Auto mode: the deal, the first roll and the turns after it at once (`turns`),
            # started by the seat after the last to play (LA-06).
            seat = next_on_road(AFTER[s.num_players][s.last_player], (), s.farms, s.farm_of)
            return turns(s, seat, True, s.farms, s.imprevu_under, season)
        return replace(
            s,
            season=season,
            stage=SEASON,
            room=EMPTY_ROOM,
            slots=slots,
            deck=deck,
            dice=(),
            card="",
            to_move=CHANCE,
            phase=PH_DEAL,
            deal_slot=0,
        )
    # LA-06: the seat after the last to play starts, every pawn on the road again.
    seat = next_on_road(AFTER[s.num_players][s.last_player], (), s.farms, s.farm_of)
    return replace(
        s,
        season=season,
        stage=SEASON,
        room=EMPTY_ROOM,
        slots=slots,
        deck=deck,
        dice=(),
        card="",
        to_move=CHANCE,
        phase=PH_ROLL,
        actor=seat,
        moved=False,
    )


def next_seat(s: State) -> int:
    """LA-06: the active seat after the last to play whose pawn is still on the road;
    -1 when every active pawn waits in the hexagon."""
    return next_on_road(AFTER[s.num_players][s.last_player], s.room.arrived, s.farms, s.farm_of)


def next_turn(s: State, seat: int) -> State:
    """LA-06: the turn of ``seat`` (`next_seat`: the player after the last to play;
    arrived pawns wait): its dice are rolled next."""
    if seat < 0:
        return s  # unreachable: `advance` checks that someone is still on the road
    return replace(s, to_move=CHANCE, phase=PH_ROLL, actor=seat, dice=(), moved=False, card="")


def move(
    s: State,
    seat: int,
    steps: int,
    farms: tuple[Farm, ...] | None = None,
    under: tuple[str, ...] | None = None,
) -> State:
    """LA-05: ``seat``'s pawn moves ``steps`` squares and does what the square says.

    ``farms`` and ``under``, when given, are what a card left before its move (LA-13),
    not yet in ``s`` (`apply_card`): the move builds them in, with the card's fields at
    rest and ``moved`` set, in the same state.
    """
    card_move = farms is not None
    if farms is None:
        farms = s.farms
    if under is None:
        under = s.imprevu_under
    route = ROUTES[s.options.squares]
    pos = s.pos
    p = pos[seat]
    q = p + steps
    waiting = s.room
    square: tuple[str, int] | None = None  # None: the turn is over
    if q < 0 and p < 0:  # LA-05: still in the hexagon, nothing to do
        new_pos = pos[:seat] + (q,) + pos[seat + 1 :]
    elif q >= len(route):
        # LA-06: into the end-of-season hexagon; LA-22: a long roll goes round it again,
        # and the next season starts from that space.
        new_pos = pos[:seat] + (into_hexagon(q, len(route)),) + pos[seat + 1 :]
        arrived = waiting.arrived
        if seat not in arrived:
            waiting = room((*arrived, seat))
    else:
        q = max(q, 0)
        new_pos = pos[:seat] + (q,) + pos[seat + 1 :]
        square = route[q]
        if square[0] == SQ_SEASON:
            cid = s.slots[square[1]]
            if cid in SIMPLE:
                farms, under = simple_card(farms, s.farm_of[seat], cid, under)
                square = None
    if card_move:
        s = replace(
            s,
            last_player=seat,
            pos=new_pos,
            room=waiting,
            farms=farms,
            imprevu_under=under,
            card="",
            neighbour=-1,
            moved=True,
        )
    elif waiting is not s.room:
        s = replace(s, last_player=seat, pos=new_pos, room=waiting)
    elif farms is not s.farms or under is not s.imprevu_under:
        s = replace(s, last_player=seat, pos=new_pos, farms=farms, imprevu_under=under)
    else:
        s = replace(s, last_player=seat, pos=new_pos)
    return end_turn(s) if square is None else land(s, square)


def land(s: State, square: tuple[str, int]) -> State:
    """LA-05: do what the square says at once."""
    kind, slot = square
    if kind == SQ_SEASON:
        cid = s.slots[slot]
        if not cid:  # LA-21: a face-down card is turned over and stays visible
            return replace(s, to_move=CHANCE, phase=PH_DRAW_SLOT, deal_slot=slot)
        return start_card(s, cid)
    if kind == SQ_IMPREVU:
        # LA-13: the pile is drawn; cards put under it come back once it is used up.
        if not s.imprevu:
            if not s.imprevu_under:
                return end_turn(s)
            return replace(
                s,
                imprevu=tuple(sorted(s.imprevu_under)),
                imprevu_under=(),
                to_move=CHANCE,
                phase=PH_DRAW_IMPREVU,
            )
        return replace(s, to_move=CHANCE, phase=PH_DRAW_IMPREVU)
    if kind == SQ_FOIRE:
        return open_shop(s, s.farms, COW_BUY, -1)
    # LA-11: the Négoce.
    budget = OfferBudget.fresh(s.num_players, s.options.offers_per_negoce)
    s = replace(s, budget=budget, phase=PH_NEGOCE, to_move=s.actor)
    return s if negoce_open(s) else end_turn(s)


# --- cards ----------------------------------------------------------------------------


def start_card(s: State, cid: str) -> State:
    """LA-07, LA-08, LA-13: the card the actor's pawn found: kept, applied, or offered
    once its neighbour is known."""
    card, _, _, needs_neighbour, _, _, _, _ = PLANS[cid]
    if card.keep:  # LA-13: a card to keep stays with the farm
        fa = s.farm_of[s.actor]
        farm = s.farms[fa]
        return end_turn(s, set_farm(s.farms, fa, replace(farm, kept=(*farm.kept, cid))))
    nb = -1
    if needs_neighbour:
        cands = neighbour_candidates(s, s.actor)
        if len(cands) > 1:
            return replace(s, card=cid, neighbour=-1, phase=PH_NEIGHBOUR, to_move=s.actor)
        nb = cands[0] if cands else -1
    return after_neighbour(s, cid, nb)


def after_neighbour(s: State, cid: str, nb: int) -> State:
    """The card ``cid`` once its neighbour ``nb`` is known: applied, or offered when it is
    optional (LA-07: only to a farm that can pay for it)."""
    if not PLANS[cid][4]:
        return apply_card(s, cid, nb)
    if affordable(s.farms[s.farm_of[s.actor]], cid):
        return replace(s, card=cid, neighbour=nb, phase=PH_CARD, to_move=s.actor)
    return finish_card(s, cid, nb, False)


def apply_card(s: State, cid: str, nb: int, chosen: bool = False, plain: bool = False) -> State:
    """LA-13: apply a card's effects in order; the filière factor for matching farms, but
    for a card accepted ``plain`` (as printed, `card_legal`)."""
    card, effects, follow, _, _, _, alone, imprevu = PLANS[cid]
    fa = s.farm_of[s.actor]
    farms = s.farms
    returned: tuple[str, ...] = ()
    if alone:
        # Every effect on the actor's farm (most cards): one new farm, one new tuple.
        farm = farms[fa]
        match = bool(card.filiere) and farm.filiere == card.filiere and not plain
        if len(effects) > 1 and (chosen or not farm.kept):  # no kept card: one new farm
            farm = effects_on(farm, effects, match)
        else:
            for e in effects:
                farm, used = effect_on(farm, e, e.x if match else 1, chosen)
                if used:
                    returned += (used,)
        farms = own_farm(farms, fa, farm)
    else:
        farms, returned = effects_around(farms, nb, card, effects, fa, chosen)
    under = s.imprevu_under
    if returned or imprevu:
        under = under + returned
        if imprevu:  # LA-13: an Imprévu card goes under the pile once used
            under = under + (cid,)
    if follow is None or farms[fa].status != ACTIVE or farms[fa].cows < ELIM:
        return end_turn(s, farms, under)
    if follow.kind == "buy_cows":
        # LA-10: cows for sale (what `open_shop` does), in the same state as the card's
        # effects.
        m = follow.x if card.filiere and farms[fa].filiere == card.filiere and not plain else 1
        price, left, seat = follow.price, follow.pairs * m, s.actor
        s = replace(
            s,
            farms=farms,
            imprevu_under=under,
            card="",
            neighbour=-1,
            shop_price=price,
            shop_left=left,
            phase=PH_SHOP,
            to_move=seat,
        )
        return s if may_buy(farms[fa], price, left) else end_turn(s)
    if s.moved:  # a card's move leads to a square, never to a chain of moves
        return end_turn(s, farms, under)
    if follow.kind == "move":
        return move(s, s.actor, follow.steps, farms, under)
    here = s.pos[s.actor]
    places = SQUARES_OF[s.options.squares, follow.square]
    ahead = [i for i in places if i > here]
    behind = [i for i in places if i < here]
    dest = ahead[0] if ahead else (behind[-1] if behind else here)
    if dest == here:
        return end_turn(
            replace(s, farms=farms, imprevu_under=under, card="", neighbour=-1, moved=True)
        )
    return move(s, s.actor, dest - here, farms, under)


def finish_card(s: State, cid: str, nb: int, accepted: bool, plain: bool = False) -> State:
    """LA-07: the optional card ``cid`` accepted (its price paid, its effects applied) or
    declined."""
    if accepted:
        return apply_card(s, cid, nb, chosen=True, plain=plain)
    if PLANS[cid][7]:  # an Imprévu card goes under the pile (LA-13)
        return end_turn(s, None, (*s.imprevu_under, cid))
    return end_turn(s)


# --- Foire ----------------------------------------------------------------------------


def open_shop(s: State, farms: tuple[Farm, ...], price: int, left: int) -> State:
    """LA-10: cows for sale at ``price`` (``left`` pairs, -1: as many as fit), to the
    actor's farm among ``farms``; the turn ends when it cannot buy any."""
    seat = s.actor
    if may_buy(farms[s.farm_of[seat]], price, left):
        return replace(
            s, farms=farms, shop_price=price, shop_left=left, phase=PH_SHOP, to_move=seat
        )
    # The turn is over (the next state's phase and mover are the end of the turn's): the
    # shop's fields are kept as a closed shop leaves them.
    if price != s.shop_price or left != s.shop_left:
        s = replace(s, shop_price=price, shop_left=left)
    return end_turn(s, farms)


def _buy(s: State, loan: bool) -> State:
    fa = s.farm_of[s.actor]
    farm = s.farms[fa]
    price = 2 * s.shop_price
    terms = loan_terms(farm, s.shop_price) if loan else None
    if terms is not None:
        # LA-15: 2,000 a cow borrowed, one ticket per 2,000, bons pledged as guarantee.
        borrowed, tickets, pledge = terms
        farm = replace(
            farm,
            money=farm.money - price + borrowed,
            loans=farm.loans + tickets,
            bons=farm.bons - pledge,
            pledged=farm.pledged + pledge,
            cows=farm.cows + 2,
        )
    else:
        farm = replace(farm, money=farm.money - price, cows=farm.cows + 2)
    left = s.shop_left - 1 if s.shop_left > 0 else s.shop_left
    farms = own_farm(s.farms, fa, farm)
    if farm.cows >= WIN_COWS and farm.ha >= WIN_HA:
        # LA-18: the size reached with this pair wins at once (« accumuler »: as soon as it
        # is reached, as in a Négoce trade), not when the farm stops buying.
        won = conviction_wins(s.options, farms)
        if won:
            return over(replace(s, farms=farms, shop_left=left), conviction(farms[won[0]]), won)
    if left == s.shop_left:
        # The shop as it was (LA-10: the Foire sells as many pairs as fit): its phase,
        # mover and price stay, so only the farms change, or the turn ends with them.
        if may_buy(farm, s.shop_price, left):
            return replace(s, farms=farms)
        return end_turn(s, farms)
    return open_shop(s, farms, s.shop_price, left)


# --- Négoce and alliances (the menus and the trade: negoce.py) -------------------------


def _after_offer(s: State, farms: tuple[Farm, ...]) -> State:
    # LA-11: back to the Négoce while the actor may still offer (`negoce_open`), else the
    # turn is over (which clears the offer).
    budget, seat = s.budget, s.actor
    if budget is not None and budget.can_offer(seat) and can_offer_any(farms, s.farm_of[seat]):
        return replace(s, farms=farms, offer=None, phase=PH_NEGOCE, to_move=seat)
    return end_turn(s, farms)


def alliance_keep(s: State) -> State:
    """LA-17: the allied farm's decisions after `merge`, each asked only when the two
    allies differ: the filière card it keeps (« choisir une seule carte filière »), then,
    with a farm left alone, the bon pile (« Seul un paquet de bon est conservé »).

    The allied farm is the actor's; ``offer.partner`` is the absorbed ally, which still
    shows its own filière and bons.
    """
    big = s.farm_of[s.actor]
    small = s.offer.partner if s.offer is not None else big
    ally, other = s.farms[big], s.farms[small]
    ph = s.phase
    if ph == PH_ALLIANCE_ANSWER and ally.filiere != other.filiere:
        return replace(s, phase=PH_ALLIANCE_FILIERE, to_move=s.actor)
    if ph != PH_ALLIANCE_BONS and ally.bons != other.bons and left_alone(s, big):
        return replace(s, phase=PH_ALLIANCE_BONS, to_move=s.actor)
    return advance(replace(s, offer=None))


# --- end of season, end of year -------------------------------------------------------


# --- flow -----------------------------------------------------------------------------


def end_turn(
    s: State, farms: tuple[Farm, ...] | None = None, under: tuple[str, ...] | None = None
) -> State:
    """The turn is over: the next seat on the road, else the season's end (`advance`).

    ``farms`` and ``under`` (the cards under the Imprévu pile), when given, are what the
    turn left, not yet in ``s``: the next state is built once with them.
    """
    if farms is None:
        farms = s.farms
    if under is None:
        under = s.imprevu_under
    if s.stage == SEASON and not s.handout and (farms is QUIET[0] or quiet(farms)):
        # The usual end of a turn, as `advance` would do it: the season goes on with
        # the next seat on the road.
        seat = next_on_road(AFTER[s.num_players][s.last_player], s.room.arrived, farms, s.farm_of)
        if seat >= 0:
            if not s.explicit and s.options.dice == 2:
                # Auto mode: its roll and the turns after it at once (`turns`).
                return turns(s, seat, True, farms, under)
            return replace(
                s,
                farms=farms,
                imprevu_under=under,
                card="",
                neighbour=-1,
                dice=(),
                offer=None,
                to_move=CHANCE,
                phase=PH_ROLL,
                actor=seat,
                moved=False,
            )
        # Every pawn waits in the hexagon: the season's accounts, as `advance` would
        # do them in the "season" stage (nothing else can happen in a quiet season);
        # still quiet after them, the next season starts as `advance` would start it.
        farms = accounts_of(farms)
        if farms is QUIET[0]:
            options = s.options
            if s.season < 3:
                auto = not (s.explicit or options.face_down or options.land_always)
                if auto and SINGLE and options.dice == 2:
                    # Auto mode (`start_season`): the deal and the turns after it at
                    # once, which reset the turn's fields.
                    seat = next_on_road(AFTER[s.num_players][s.last_player], (), farms, s.farm_of)
                    return turns(s, seat, True, farms, under, s.season + 1)
            else:
                done = year_end(s, farms, under)
                if done is not None:
                    return done
        s = replace(s, farms=farms, imprevu_under=under, card="", neighbour=-1, dice=(), offer=None)
        if farms is QUIET[0] and s.season < 3:
            return start_season(s, s.season + 1)
        return advance(replace(s, stage=SEASON_END, phase=PH_NONE))
    return advance(
        replace(
            s,
            farms=farms,
            imprevu_under=under,
            card="",
            neighbour=-1,
            dice=(),
            offer=None,
            phase=PH_NONE,
        )
    )


def turns(
    s: State,
    seat: int,
    ended: bool,
    farms: tuple[Farm, ...],
    under: tuple[str, ...],
    deal_season: int = -1,
    year: int = -1,
) -> State:
    """Auto mode, a two-dice roll of ``seat`` in a season: the turns that need nobody, in
    one go (`autoplay.run`), then what the last one needs (a card, a square, the end of
    the season or of the turn), as `resolve` and the chance events would lead to it."""
    s, then, square, drawn = autoplay.run(s, seat, ended, farms, under, deal_season, year)
    if then == autoplay.DONE:
        return s
    if then == autoplay.SEASON_OVER:
        return advance(s)
    if then == autoplay.END_TURN:
        return end_turn(s)
    if then == autoplay.DRAWN:
        return start_card(s, drawn)
    return land(s, square)


def resolve(s: State) -> State:
    """The core's ``resolve`` hook (auto mode, at a chance node): the state after every
    chance event up to the next decision or the end, as `Game.resolve_each` gives it one
    event at a time (a test compares them over many games), without a state per event:
    the cards of a whole face-up deal (LA-04) are drawn in a row, and so are the turns
    that need nobody (`turns`). Every draw is one `core.rng.next_u64`, scaled to its
    number of outcomes as the core scales a `Uniform`."""
    while s.to_move == CHANCE:
        ph = s.phase
        rng = s.rng
        if ph == PH_ROLL:
            dice = s.dice
            if not dice and s.options.dice == 2 and s.stage == SEASON and not s.handout:
                # The usual roll, and the turns after it that need nobody.
                s = turns(s, s.actor, False, s.farms, s.imprevu_under)
                continue
            dice, rng = autoplay.roll(dice, s.options.dice, rng)
            s = move(replace(s, dice=dice, rng=rng), s.actor, sum(dice))
        elif ph == PH_FILIERE:
            dice, rng = autoplay.roll(s.dice, 2, rng)  # LA-03: two dice per farm
            s = filiere_rolled(replace(s, dice=dice, rng=rng))
        elif ph == PH_DEAL and SINGLE and not s.options.land_always:
            # LA-04: a uniform draw from the cards left for each slot (`chance.chance`),
            # then the first turn (`next_turn`).
            slots, first = s.slots, s.deal_slot
            n = len(slots) - first
            values, k = draws(rng)  # at least 64 draws: more than the 16 slots at most
            dealt, deck, _ = autoplay.deal(s.deck, values, k, n)
            seat = next_seat(s)
            s = replace(
                s,
                deck=deck,
                rng=advance_rng(rng, n),
                slots=slots[:first] + dealt,
                deal_slot=-1,
                to_move=CHANCE,
                phase=PH_ROLL,
                actor=seat,
                dice=(),
                moved=False,
                card="",
            )
        elif ph == PH_DRAW_IMPREVU and SINGLE:
            # LA-13: a uniform draw from the Imprévu pile (`chance.chance`).
            u, rng = next_u64(rng)
            cid, pile = autoplay.pick_card(s.imprevu, u)
            s = start_card(replace(s, imprevu=pile, rng=rng), cid)
        else:
            u, rng = next_u64(rng)
            s = apply_chance(s, pick_outcome(chance(s), u), rng)
    return s


def conviction_wins(options: Options, farms: tuple[Farm, ...]) -> tuple[int, ...]:
    """LA-18: the farms that win by conviction now. LA-17: an allied farm never does;
    with the option ``alliance_ends_convictions``, nobody does once two farms have allied
    (« Il n'est plus possible de gagner par convictions en cas d'alliance »)."""
    if convictions_closed(options, farms):
        return ()
    return tuple(i for i, f in enumerate(farms) if conviction(f))


def over(s: State, reason: str, farms: tuple[int, ...]) -> State:
    """The game over, won by ``farms`` for ``reason`` (`state.END_REASONS`)."""
    return replace(
        s, to_move=TERMINAL, stage=OVER, phase=PH_NONE, end_reason=reason, winner_farms=farms
    )


def final(s: State, reason: str, cands: list[int] | None = None) -> State:
    """LA-20: the largest farm in play (or of ``cands``) wins; ties go to the most bons,
    then are shared."""
    if cands is None:
        cands = [i for i, f in enumerate(s.farms) if f.status == ACTIVE]
    return over(s, reason, leaders(s.farms, cands))


def leaders(farms: tuple[Farm, ...], cands: list[int]) -> tuple[int, ...]:
    """LA-20: the farms of ``cands`` of the largest value; ties go to the most bons, then
    are shared."""
    best = max((farm_value(farms[i]), farms[i].bons) for i in cands)
    return tuple(i for i in cands if (farm_value(farms[i]), farms[i].bons) == best)


def year_end(s: State, farms: tuple[Farm, ...], under: tuple[str, ...]) -> State | None:
    """After winter's accounts (``farms``, quiet), the first farm's year end built once,
    as `advance` leads to it through the "season_end" and "year_end" stages: interest
    (LA-15), then the year ends in order (LA-16); None when the interest leaves a farm
    under 20 cows or at a conviction (LA-18, LA-19), which `advance` settles first."""
    order = year_order(s.room.arrived, s.farm_of, farms)
    farms = interest_of(farms)
    if not (farms is QUIET[0] or quiet(farms)):
        return None
    seat = seat_of(s, order[0])
    return replace(
        s,
        farms=farms,
        imprevu_under=under,
        card="",
        neighbour=-1,
        dice=(),
        offer=None,
        stage=YEAR_END,
        phase=PH_YEAR_END,
        queue=order,
        budget=OfferBudget.fresh(len(farms), 1),
        to_move=seat,
        actor=seat,
    )


def _year_end_next(s: State, queue: tuple[int, ...]) -> State:
    """LA-16: the year end of the next farm in ``queue`` still in play, else the next
    year (LA-20: the game ends after the last)."""
    farms = s.farms
    queue = tuple([f for f in queue if farms[f].status == ACTIVE])
    if queue:
        seat = seat_of(s, queue[0])
        if s.phase == PH_YEAR_END:  # from the year end before (`_on_end_year`)
            return replace(s, queue=queue, to_move=seat, actor=seat)
        return replace(s, queue=queue, phase=PH_YEAR_END, to_move=seat, actor=seat)
    year = s.year + 1
    options = s.options
    if year >= options.years:
        # LA-20: the game ends after the last year (`final`), built once.
        return replace(
            s,
            year=year,
            budget=None,
            queue=(),
            to_move=TERMINAL,
            stage=OVER,
            phase=PH_NONE,
            end_reason=END_YEARS,
            winner_farms=leaders(farms, [i for i, f in enumerate(farms) if f.status == ACTIVE]),
        )
    auto = not (s.explicit or options.face_down or options.land_always)
    if auto and SINGLE and options.dice == 2:
        # Auto mode (`start_season`): the new year's deal and turns at once.
        seat = next_on_road(AFTER[s.num_players][s.last_player], (), farms, s.farm_of)
        return turns(s, seat, True, farms, s.imprevu_under, 0, year)
    return start_season(replace(s, year=year, budget=None, queue=()), 0)


def advance(s: State) -> State:
    """Move the game on to the next decision or chance event."""
    while True:
        # One pass over the farms: active ones, any under 20 cows, any conviction.
        active = 0
        low = conv = False
        for fm in s.farms:
            if fm.status == ACTIVE:
                active += 1
                if fm.cows < ELIM:
                    low = True
                elif not fm.allied and conviction_reached(fm):
                    conv = True
        if low:
            # LA-19: a farm under 20 cows is out and hands its land out.
            farms = s.farms
            elim = [i for i, f in enumerate(farms) if f.status == ACTIVE and f.cows < ELIM]
            for i in elim:
                farms = set_farm(farms, i, replace(farms[i], status=ELIMINATED))
            active = sum(1 for f in farms if f.status == ACTIVE)
            # The land goes to farms still in the game; with one left the game is over
            # (LA-20), so nothing is handed out, not even land still owed by a farm out
            # earlier.
            give = tuple(i for i in elim if farms[i].ha > 0)
            s = replace(s, farms=farms, handout=s.handout + give if active >= 2 else ())
            if active == 0:  # the last farms in play fell under 20 cows at once
                return final(s, END_NO_FARM, fallen_together(farms))
        if s.handout:
            return replace(s, phase=PH_HANDOUT, to_move=handout_seat(s))
        if low or conv:
            won = conviction_wins(s.options, s.farms)
            if won:
                return over(s, conviction(s.farms[won[0]]), won)
        if active == 1:
            return final(s, END_LAST_FARM)
        stage = s.stage
        if stage == SEASON:
            seat = next_seat(s)
            if seat >= 0:
                return next_turn(s, seat)
            s = replace(s, farms=accounts_of(s.farms), stage=SEASON_END)
            continue
        if stage == SEASON_END:
            if s.season < 3:
                return start_season(s, s.season + 1)
            # LA-16: after winter, interest first, then each farm in order of arrival.
            budget = OfferBudget.fresh(len(s.farms), 1)
            order = year_order(s.room.arrived, s.farm_of, s.farms)
            farms = interest_of(s.farms)
            s = replace(s, farms=farms, stage=YEAR_END, queue=order, budget=budget)
            continue
        if stage == YEAR_END:
            return _year_end_next(s, s.queue)
        return s  # pragma: no cover - every stage is handled above


# --- the menus ------------------------------------------------------------------------

# Decision menus, built once: the same action objects every time.
_NB = tuple(ChooseNeighbour(i) for i in range(8))
_GIVE_LAND = tuple(GiveLand(i) for i in range(8))
_CHOOSE = tuple((fil, ChooseFiliere(fil)) for fil in D.FILIERES)
_YES_NO = (_YES, _NO)
_ACCEPT_DECLINE = (_ACCEPT, _DECLINE)
_PLAIN = AcceptCard(plain=True)
_FACTOR_OR_PLAIN = (_ACCEPT, _PLAIN, _DECLINE)
_PLAIN_DECLINE = (_PLAIN, _DECLINE)


def shop_legal(s: State) -> tuple[Any, ...]:
    """LA-10, LA-15: buy a pair cash or with a loan, or stop."""
    farm = s.farms[s.farm_of[s.actor]]
    if s.shop_left == 0 or farm.cows + 2 > farm.ha:  # LA-10: up to the hectares
        return (_END_BUY,)
    price = s.shop_price
    cash = farm.money >= 2 * price
    if loan_terms(farm, price) is not None:  # LA-15: it may borrow
        return (_BUY, _BUY_LOAN, _END_BUY) if cash else (_BUY_LOAN, _END_BUY)
    return (_BUY, _END_BUY) if cash else (_END_BUY,)


def card_legal(s: State) -> tuple[Any, ...]:
    """LA-09, LA-13: accept or decline the optional card; where the filière factor makes
    it dearer (a paid land offer doubled: « Techno ×2 »), the farm of that filière may
    also take it as printed, since « les augmentations sont facultatives », and is
    offered the factor only when it can pay for it."""
    dearer = DEARER.get(s.card)
    if dearer is None:
        return _ACCEPT_DECLINE
    fil, cost = dearer
    farm = s.farms[s.farm_of[s.actor]]
    if fil != farm.filiere:
        return _ACCEPT_DECLINE
    return _FACTOR_OR_PLAIN if farm.money >= cost else _PLAIN_DECLINE


def neighbour_legal(s: State) -> tuple[Any, ...]:
    """LA-08: the neighbours the actor may choose."""
    return tuple(_NB[f] for f in neighbour_candidates(s, s.actor))


def handout_legal(s: State) -> tuple[Any, ...]:
    """LA-19: the farms in play that may receive the next parcel."""
    me = s.handout[0]
    return tuple(_GIVE_LAND[i] for i, f in enumerate(s.farms) if f.status == ACTIVE and i != me)


def filiere_legal(s: State) -> tuple[Any, ...]:
    """LA-03: the filières left to choose (two farms of a kind at most)."""
    return tuple(c for f, c in _CHOOSE if filiere_count(s, f) < FIL_MAX)


def _fixed(menu: tuple[Any, ...]) -> Callable[[State], tuple[Any, ...]]:
    return lambda s: menu


# The menu of each decision phase (one look-up instead of a chain of tests).
_LEGAL_OF: dict[str, Callable[[State], tuple[Any, ...]]] = {
    PH_SHOP: shop_legal,
    PH_CARD: card_legal,
    PH_NEIGHBOUR: neighbour_legal,
    PH_NEGOCE: negoce_legal,
    PH_OFFER_GIVE: give_legal,
    PH_OFFER_TAKE: take_legal,
    PH_OFFER_ANSWER: _fixed(_YES_NO),
    PH_ALLIANCE_ANSWER: _fixed(_YES_NO),
    PH_YEAR_END: year_end_legal,
    PH_HANDOUT: handout_legal,
    PH_FILIERE_CHOICE: filiere_legal,
    PH_ALLIANCE_FILIERE: alliance_filiere_legal,
    PH_ALLIANCE_BONS: alliance_bons_legal,
}


def legal(s: State) -> tuple[Any, ...]:
    """The core's ``legal`` hook: the menu of the decision in progress."""
    menu = _LEGAL_OF.get(s.phase)
    return menu(s) if menu is not None else ()


# --- one handler per kind of decision -------------------------------------------------


def _on_buy(s: State, a: BuyCows) -> State:
    return _buy(s, a.loan)


def _on_end_turn(s: State, a: Any) -> State:
    return end_turn(s)


def _on_card(s: State, a: Any) -> State:
    if type(a) is AcceptCard:
        return finish_card(s, s.card, s.neighbour, True, a.plain)
    return finish_card(s, s.card, s.neighbour, False)


def _on_neighbour(s: State, a: ChooseNeighbour) -> State:
    return after_neighbour(s, s.card, a.farm)


def _on_make_offer(s: State, a: MakeOffer) -> State:
    return replace(s, offer=offer_of(a.farm), phase=PH_OFFER_GIVE)


def _on_give(s: State, a: Give) -> State:
    o = s.offer or Offer(0)
    return replace(
        s, offer=offer_of(o.partner, a.kind, a.qty, o.take, o.take_qty), phase=PH_OFFER_TAKE
    )


def _on_take(s: State, a: Take) -> State:
    o = s.offer or Offer(0)
    offer = offer_of(o.partner, o.give, o.give_qty, a.kind, a.qty)
    budget = s.budget.spend(s.actor) if s.budget else None
    seat = seat_of(s, offer.partner)
    return replace(s, offer=offer, budget=budget, phase=PH_OFFER_ANSWER, to_move=seat)


def _on_answer(s: State, a: Any) -> State:
    accepted = type(a) is AcceptOffer
    offer = s.offer or Offer(0)
    if s.phase == PH_ALLIANCE_ANSWER:
        fi = s.queue[0]
        if accepted:
            s = merge(s, fi, offer.partner)
            # The proposer's seat now plays for the allied farm (``big`` in `merge`).
            small = offer.partner if s.farm_of[s.actor] == fi else fi
            return alliance_keep(replace(s, offer=offer_of(small)))
        return replace(s, offer=None, phase=PH_YEAR_END, to_move=s.actor)
    if accepted:
        fa = s.farm_of[s.actor]
        na, nb = trade(s.farms[fa], s.farms[offer.partner], offer)
        farms = set_farm(set_farm(s.farms, fa, na), offer.partner, nb)
        # LA-18: a conviction reached in a trade wins at once, not when the visit ends.
        won = conviction_wins(s.options, farms)
        if won:
            return over(replace(s, farms=farms, offer=None), conviction(farms[won[0]]), won)
        return _after_offer(s, farms)
    return _after_offer(s, s.farms)


def _on_give_land(s: State, a: GiveLand) -> State:
    me = s.handout[0]
    farm = s.farms[me]
    qty = parcel(farm.ha)
    to = s.farms[a.farm]
    farms = set_farm(s.farms, a.farm, replace(to, ha=capped(to.ha + qty)))  # LA-19, #23
    farms = set_farm(farms, me, replace(farm, ha=farm.ha - qty))
    handout = s.handout if farm.ha - qty > 0 else s.handout[1:]
    return advance(replace(s, farms=farms, handout=handout))


def _on_repay(s: State, a: Repay) -> State:
    fi = s.queue[0]
    f = s.farms[fi]
    back = bons_back(f)  # LA-15: the pledged bons come back as the tickets are repaid
    f = replace(
        f,
        money=f.money - TICKET,
        loans=f.loans - 1,
        bons=capped(f.bons + back),  # issue #23: saturates at the cap
        pledged=f.pledged - back,
    )
    return replace(s, farms=set_farm(s.farms, fi, f))


def _on_sell(s: State, a: SellCows) -> State:
    # LA-12: « 2 500 € d'une façon générale. C'est le prix de vente à la caisse / banque ».
    fi = s.queue[0]
    f = s.farms[fi]
    f = replace(f, cows=f.cows - 2, money=capped(f.money + 2 * BANK))  # issue #23
    return replace(s, farms=set_farm(s.farms, fi, f))


def _on_change(s: State, a: ChangeFiliere) -> State:
    fi = s.queue[0]
    f = s.farms[fi]
    f = replace(f, money=f.money - CHANGE_COST, filiere=a.filiere)
    return replace(s, farms=set_farm(s.farms, fi, f))


def _on_propose(s: State, a: ProposeAlliance) -> State:
    fi = s.queue[0]
    budget = s.budget.spend(fi) if s.budget else None
    seat = seat_of(s, a.farm)
    return replace(s, offer=offer_of(a.farm), budget=budget, phase=PH_ALLIANCE_ANSWER, to_move=seat)


def _on_end_year(s: State, a: EndYear) -> State:
    queue = s.queue[1:]
    if s.handout or not (s.farms is QUIET[0] or quiet(s.farms)):
        return advance(replace(s, queue=queue))
    # Nothing for `advance` to settle first (LA-18, LA-19): the next farm's year end.
    return _year_end_next(s, queue)


def _on_choose_filiere(s: State, a: ChooseFiliere) -> State:
    if s.phase == PH_ALLIANCE_FILIERE:  # LA-17: the filière card the alliance keeps
        big = s.farm_of[s.actor]
        farms = set_farm(s.farms, big, replace(s.farms[big], filiere=a.filiere))
        return alliance_keep(replace(s, farms=farms))
    return _after_filiere(s, a.filiere)


def _on_keep_bons(s: State, a: KeepBons) -> State:
    # LA-17: the bon pile the alliance keeps (the absorbed farm still shows its own).
    big = s.farm_of[s.actor]
    farms = set_farm(s.farms, big, replace(s.farms[big], bons=s.farms[a.farm].bons))
    return alliance_keep(replace(s, farms=farms))


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


def apply(s: State, a: Any) -> State:
    """The core's ``apply`` hook: the decision ``a``, by its handler. The chance events
    after it are the core's (auto mode: `autoplay.resolve`)."""
    handler = _HANDLERS.get(type(a))
    if handler is None:  # pragma: no cover - the core only passes legal actions
        raise InvalidStateError("action", f"unknown action {a!r}")
    return handler(s, a)


# --- chance ---------------------------------------------------------------------------


def apply_chance(s: State, o: Any, rng: int) -> State:
    """The core's ``apply_chance`` hook: the outcome ``o`` of the chance event at ``s``."""
    ph = s.phase
    if ph == PH_DEAL:
        # One card onto the next slot.
        i = s.deal_slot
        slots = s.slots
        new_slots = slots[:i] + (o.card,) + slots[i + 1 :]
        deck = remove_one(s.deck, o.card)
        if i + 1 < len(slots):
            return replace(s, rng=rng, slots=new_slots, deck=deck, deal_slot=i + 1)
        s = replace(s, rng=rng, slots=new_slots, deck=deck, deal_slot=-1)
        return next_turn(s, next_seat(s))
    if ph == PH_ROLL:
        dice = (*s.dice, o.value)
        s = replace(s, rng=rng, dice=dice)
        if len(dice) < s.options.dice:
            return s
        # LA-05: move by the dice and do what the square says.
        return move(s, s.actor, sum(dice))
    if ph == PH_FILIERE:
        dice = (*s.dice, o.value)
        s = replace(s, rng=rng, dice=dice)
        return s if len(dice) < 2 else filiere_rolled(s)
    if ph == PH_DRAW_SLOT:
        i = s.deal_slot
        slots = s.slots[:i] + (o.card,) + s.slots[i + 1 :]
        s = replace(s, rng=rng, slots=slots, deck=remove_one(s.deck, o.card), deal_slot=-1)
        return start_card(s, o.card)
    # draw_imprevu
    return start_card(replace(s, rng=rng, imprevu=remove_one(s.imprevu, o.card)), o.card)
