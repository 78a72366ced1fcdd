"""Auto mode's fast path: the chance events from a state to the next decision, in one go
(the core's ``resolve`` hook).

The same draws, in the same order, from the same outcome tables as one event at a time
(`Game.resolve_each` over rules.py's ``chance`` and ``apply_chance``; a test compares them
over many games), without a state per event: the cards of a whole face-up deal (LA-04)
are drawn in a row, and so are the turns that need nobody (`turns`), with the state's
fields held in locals and the next state built once. Every draw is one
`core.rng.next_u64`, scaled to its number of outcomes as the core scales a `Uniform`.
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import advance, draws, next_u64
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.cards import (
    AROUND,
    PLAIN_OPTIONAL,
    PLANS,
    SIMPLE,
    SQUARES_OF,
    affordable,
    around_card,
    own_farm,
    simple_card,
)
from boardgames_fr.lactorama.chance import SINGLE
from boardgames_fr.lactorama.components import OfferBudget
from boardgames_fr.lactorama.farms import (
    AFTER,
    COW_BUY,
    ELIM,
    HEX,
    QUIET,
    ROUTES,
    SQ_FOIRE,
    SQ_IMPREVU,
    SQ_NEGOCE,
    SQ_SEASON,
    accounts_of,
    first_seat,
    interest_of,
    may_buy,
    next_on_road,
    quiet,
    room,
    year_order,
)
from boardgames_fr.lactorama.negoce import can_offer_any
from boardgames_fr.lactorama.state import (
    ACTIVE,
    PH_CARD,
    PH_DRAW_IMPREVU,
    PH_NEGOCE,
    PH_NONE,
    PH_ROLL,
    PH_SHOP,
    PH_YEAR_END,
    SEASON,
    SEASON_END,
    YEAR_END,
    Farm,
    State,
)

__all__ = ["DONE", "DRAWN", "END_TURN", "LAND", "SEASON_OVER", "deal", "pick_card", "roll", "run"]

# What the turn loop (rules.py ``turns``) does with the state `run` returns.
DONE = 0  # a decision, or a chance event left to the core: nothing
SEASON_OVER = 1  # the season's accounts stop it: `rules.advance`
END_TURN = 2  # the turn is over but the season cannot simply go on: `rules.end_turn`
DRAWN = 3  # an Imprévu card drawn that needs more: `rules.start_card`
LAND = 4  # a square that needs more: `rules.land`


def roll(dice: tuple[int, ...], n: int, rng: int) -> tuple[tuple[int, ...], int]:
    """LA-05: the dice rolled so far completed to ``n`` dice, each one uniform draw over
    six faces (`rules.DIE`, drawn by index); and the next RNG state."""
    for _ in range(n - len(dice)):
        u, rng = next_u64(rng)
        dice = (*dice, ((u * 6) >> 64) + 1)
    return dice, rng


def pick_card(pile: tuple[str, ...], u: int) -> tuple[str, tuple[str, ...]]:
    """The card of ``pile`` one 64-bit draw ``u`` picks, uniform by index (as the core
    picks from a `Uniform` table), and the pile without it."""
    j = (u * len(pile)) >> 64
    return pile[j], pile[:j] + pile[j + 1 :]


def deal(
    deck: tuple[str, ...], values: list[int], k: int, count: int
) -> tuple[tuple[str, ...], tuple[str, ...], int]:
    """LA-04: ``count`` face-up season cards dealt from ``deck``, each a uniform draw
    (``values[k]``, ... from `draws`) among the cards left, as the deal events do one by
    one (`rules.chance`): the cards dealt, the cards left, the index of the next draw."""
    cards = list(deck)
    pop, left = cards.pop, len(cards)
    dealt: list[str] = []
    add = dealt.append
    for u in values[k : k + count]:  # a plain loop: cheaper than a comprehension here
        add(pop((u * left) >> 64))
        left -= 1
    return tuple(dealt), tuple(cards), k + count


def _imprevu_in_run(
    pile: tuple[str, ...],
    under: tuple[str, ...],
    farms: tuple[Farm, ...],
    farm_of: tuple[int, ...],
    fa: int,
    values: list[int],
    k: int,
) -> tuple[str, tuple[str, ...], tuple[str, ...], tuple[Farm, ...], int]:
    """An Imprévu square in `turns`, for farm ``fa`` (what `rules.land`, the draw event
    and `rules.start_card` do): (the card drawn when it needs more than
    `cards.simple_card`, else ""; the pile, the cards under it, the farms, the index of
    the next draw in ``values``).

    LA-13: the pile is drawn (uniform, as `rules.chance`); the cards put under it come
    back once it is used up; a card used goes under it.
    """
    if not pile:
        if not under:
            return "", pile, under, farms, k  # nothing to draw: the turn is over
        pile, under = tuple(sorted(under)), ()
    drawn, pile = pick_card(pile, values[k])
    if drawn in KEEP:  # LA-13: kept by the farm, and the turn is over
        farm = farms[fa]
        return "", pile, under, own_farm(farms, fa, replace(farm, kept=(*farm.kept, drawn))), k + 1
    if drawn in SIMPLE:
        farms, under = simple_card(farms, fa, drawn, under)
        return "", pile, (*under, drawn), farms, k + 1
    done = around_card(drawn, farms, farm_of, fa) if drawn in AROUND else None
    if done is None:
        return drawn, pile, under, farms, k + 1
    farms, returned = done
    return "", pile, (*under, *returned, drawn), farms, k + 1


# The cards that end with cows for sale, a move or a "go to" and do nothing before it
# (LA-05, LA-10, LA-13; not optional, no neighbour): `run` plays them as
# `rules.apply_card` and `rules.move` do, with that effect and the filière its factor is for.
FOLLOWS: dict[str, tuple[D.Effect, str]] = {
    cid: (follow, card.filiere)
    for cid, (card, effects, follow, nb, optional, _, _, _) in PLANS.items()
    if follow is not None and not (effects or nb or optional or card.keep)
}

# LA-13: the Imprévu cards a farm keeps (`rules.start_card` ends the turn on one), and
# the optional ones offered at once (no neighbour to choose first; `rules.after_neighbour`
# offers one the farm can pay, else it goes under the pile).
KEEP = frozenset(cid for cid, p in PLANS.items() if p[0].keep)
IMPREVU_OPTIONAL = frozenset(
    cid
    for cid, (card, _, _, nb, optional, _, _, imprevu) in PLANS.items()
    if optional and imprevu and not (nb or card.keep)
)


# Where the last automatic run stopped in its batch of draws: (the RNG state there, the
# batch, the index of the next draw). A tuple replaced whole, so threads never see half
# of one; a run from another state simply asks `draws`.
_CURSOR: list[tuple[int, list[int], int]] = [(-1, [], 0)]


def run(
    s: State,
    seat: int,
    ended: bool,
    farms: tuple[Farm, ...],
    under: tuple[str, ...],
    deal_season: int = -1,
    year: int = -1,
) -> tuple[State, int, tuple[str, int], str]:
    """Auto mode, a two-dice roll in a season: the turns that end by themselves, one
    after the other with the state's fields held in locals (a roll that stays in the
    hexagon or reaches it; a card applied at once, `cards.SIMPLE` or `cards.AROUND`, on
    the square or drawn from the Imprévu pile; an Imprévu card kept (`KEEP`); an optional
    card the farm cannot pay; the Foire with nothing to buy; a card that moves the pawn,
    sends it to a square or offers cows, `FOLLOWS`, then what that square does), and the
    end of a season that needs nobody: its accounts and the deal of the next one, or
    after winter the interest and the first farm's year end. The next state is built
    once, when a turn needs more (a
    decision, another card, the end of a year), exactly as `rules.move`, `rules.land`,
    `rules.end_turn` and `rules.start_season` leave it: a game with many rolls between
    two decisions builds one state instead of one per event.

    ``seat`` rolls first; ``ended``: the turn before it is over (the fields
    `rules.end_turn` resets are reset); ``farms`` and ``under`` are the farms and the
    cards under the Imprévu pile as the last turn left them (maybe not yet in ``s``);
    ``deal_season``: the season that starts here, its cards dealt first (-1: none);
    ``year``: the year that starts here (-1: none), as `rules.year_end_next` starts it
    (no budget, no year end to come).
    Returns the state, what is left to do with it (`DONE`, `SEASON_OVER`, `END_TURN`,
    `DRAWN`, `LAND`), the square landed on and the card drawn.
    """
    rng, rm = s.rng, s.room
    budget = s.budget
    # The draws of the run, taken by index from `draws` (the values `next_u64` gives);
    # where the last run stopped is kept (`_CURSOR`), so that the next one, which starts
    # there, finds its place in the batch without the arithmetic of `draws`.
    at, values, k = _CURSOR[0]
    if at != rng:
        values, k = draws(rng)
    k0 = k
    pos = list(s.pos)  # one pawn moves at a time: a list until the state is built
    slots, farm_of = s.slots, s.farm_of
    arrived = rm.arrived  # the room is rebuilt once, at the end
    pile = s.imprevu
    drawn = ""  # an Imprévu card drawn that needs more than `simple_card`, `around_card`
    after = AFTER[s.num_players]
    options = s.options
    route = ROUTES[options.squares]
    end = len(route)
    # LA-04: the next season is dealt here too when its deal is the plain face-up one.
    season = s.season
    last_season = 3 if SINGLE and not (options.face_down or options.land_always) else 0
    deck = s.deck
    new_season = False  # a season ended and the next one was dealt here
    accounted = False  # a season's accounts were paid here and the season cannot go on
    year_over = False  # winter's accounts and interest were paid here: a farm's year end
    queue = s.queue  # the farms' year ends to come (LA-16)
    new_year = year >= 0
    if new_year:
        budget, queue = None, ()
    else:
        year = s.year
    fair = False  # cows were for sale (the Foire, a card): the shop fields as the rules set them
    shop_price, shop_left = s.shop_price, s.shop_left
    follows = moved = False  # per turn, below
    offered = ""  # the turn ends on this optional card, offered to the farm
    shop = False  # the turn ends at the Foire, where the farm may buy
    negoce = False  # the turn ends at the Négoce, where the farm may offer
    if deal_season >= 0:
        # LA-04: the season's cards dealt face up as it starts (`rules.start_season`).
        season = deal_season
        slots, deck, k = deal(D.SEASON_DECKS[season], values, k, options.squares)
        arrived = ()
        new_season = True
    while True:
        if k - k0 > 48:  # a turn takes three draws at most: keep 64 - 48 in hand
            rng = advance(rng, k - k0)
            values, k = draws(rng)
            k0 = k
        # LA-05: two dice, each one uniform draw over six faces (`rules.DIE`, by index).
        a, b = ((values[k] * 6) >> 64) + 1, ((values[k + 1] * 6) >> 64) + 1
        k += 2
        q = pos[seat] + a + b
        square = None
        follows = False  # the turn applied a card of `FOLLOWS`: its fields are at rest
        moved = False  # and that card moved the pawn (a second one does nothing)
        # Two dice move at least 2 squares: a pawn still in the hexagon after them was in
        # it before (where `rules.move` also has to stop a move backwards at the start).
        if q < 0:  # LA-05: still in the hexagon
            pos[seat] = q
        else:
            while True:  # once more after a card's move (`rules.move`): a square, no chain
                if q >= end:  # LA-06, LA-22: into the end-of-season hexagon
                    pos[seat] = (q - end) % HEX - HEX  # `farms.into_hexagon`, inline
                    if seat not in arrived:
                        arrived += (seat,)
                    square = None
                    break
                pos[seat] = q
                square = route[q]
                kind = square[0]
                then = None
                if kind == SQ_SEASON:
                    cid = slots[square[1]]
                    if cid in SIMPLE:
                        farms, under = simple_card(farms, farm_of[seat], cid, under)
                        square = None
                    elif cid in AROUND:
                        done = around_card(cid, farms, farm_of, farm_of[seat])
                        if done is not None:
                            farms, returned = done
                            under += returned
                            square = None
                    elif cid in PLAIN_OPTIONAL:
                        if affordable(farms[farm_of[seat]], cid):
                            offered = cid  # LA-07: offered (`rules.after_neighbour`)
                        else:
                            square = None  # LA-07: not offered, the turn is over
                    else:
                        then = FOLLOWS.get(cid)
                elif kind == SQ_FOIRE:
                    fair = True
                    shop_price, shop_left = COW_BUY, -1
                    if may_buy(farms[farm_of[seat]], COW_BUY, -1):
                        shop = True  # LA-10: the farm may buy (`rules.open_shop`)
                    else:
                        square = None  # LA-10: nothing to buy, the turn is over
                elif kind == SQ_NEGOCE:
                    # LA-11: the Négoce (`rules.land`); the visit ends at once when the
                    # farm has nothing to offer (`negoce.negoce_open`).
                    budget = OfferBudget.fresh(len(farm_of), options.offers_per_negoce)
                    if budget.can_offer(seat) and can_offer_any(farms, farm_of[seat]):
                        negoce = True
                    else:
                        square = None
                elif kind == SQ_IMPREVU and SINGLE:
                    drawn, pile, under, farms, k = _imprevu_in_run(
                        pile, under, farms, farm_of, farm_of[seat], values, k
                    )
                    if not drawn:
                        square = None
                    elif drawn in IMPREVU_OPTIONAL:
                        if affordable(farms[farm_of[seat]], drawn):
                            offered, drawn = drawn, ""  # LA-07: offered
                        else:  # LA-07: not offered; LA-13: it goes under the pile
                            under, drawn, square = (*under, drawn), "", None
                    elif drawn in FOLLOWS:  # LA-13: used, it goes under the pile
                        then = FOLLOWS[drawn]
                        under, drawn = (*under, drawn), ""
                if then is None:
                    break
                # A card of `FOLLOWS` (`rules.apply_card`): cows for sale, or a move.
                follow, fil = then
                follows = True
                farm = farms[farm_of[seat]]
                if farm.status != ACTIVE or farm.cows < ELIM:
                    square = None  # (never: the turn's farm is quiet and the card did nothing)
                    break
                if follow.kind == "buy_cows":
                    # LA-10: cows for sale at the card's price, as many pairs as it says
                    # (its filière factor for its filière), as `rules.open_shop` does.
                    fair = True
                    shop_price = follow.price
                    shop_left = follow.pairs * (follow.x if farm.filiere == fil else 1)
                    if may_buy(farm, shop_price, shop_left):
                        shop = True
                    else:
                        square = None
                    break
                if moved:  # a card's move leads to a square, never to a chain of moves
                    square = None
                    break
                moved = True
                if follow.kind == "move":  # LA-05: a card's move, never behind square 0
                    q += follow.steps
                    if q < 0:
                        q = 0
                    continue
                # LA-13: « allez à » the next such square ahead, else the last behind.
                here = q
                for q in SQUARES_OF[options.squares, follow.square]:
                    if q > here:
                        break
                else:
                    behind = [i for i in SQUARES_OF[options.squares, follow.square] if i < here]
                    q = behind[-1] if behind else here
                if q == here:  # no such square elsewhere: the turn is over here
                    square = None
                    break
        if square is None and (farms is QUIET[0] or quiet(farms)):
            # The turn is over and the season goes on (`rules.end_turn`): the next seat.
            # `farms.next_on_road`, inline: this runs at the end of almost every turn.
            for nxt in after[seat]:
                if nxt not in arrived and farms[farm_of[nxt]].status == ACTIVE:
                    break
            else:
                nxt = -1
            if nxt >= 0:
                seat = nxt
                ended = True
                continue
            if season < last_season:
                # LA-06: every pawn waits in the hexagon: the season's accounts; still
                # quiet after them, the next season (`rules.start_season`) with its cards
                # dealt, started by the seat after the last to play.
                farms = accounts_of(farms)
                if farms is not QUIET[0]:
                    accounted = True
                    break
                if k - k0 > 32:  # the deal takes 16 draws at most
                    rng = advance(rng, k - k0)
                    values, k = draws(rng)
                    k0 = k
                season += 1
                slots, deck, k = deal(D.SEASON_DECKS[season], values, k, options.squares)
                new_season = True
                arrived = ()
                seat = next_on_road(after[seat], arrived, farms, farm_of)
                ended = True
                continue
            if last_season:
                # LA-06, LA-16: winter's accounts, then (still quiet) the interest (LA-15)
                # and the first farm's year end, as `rules.end_turn` and `rules.year_end`
                # lead to it; else the accounts stop the season for `rules.advance`.
                farms = accounts_of(farms)
                if farms is QUIET[0]:
                    queue = year_order(arrived, farm_of, farms)
                    paid = interest_of(farms)
                    if paid is QUIET[0] or quiet(paid):
                        farms, year_over = paid, True
                accounted = not year_over
        break
    rng = advance(rng, k - k0)
    if len(values) - k >= 64:  # `draws` promises 64 draws
        _CURSOR[0] = (rng, values, k)
    # The fields as the events of the run leave them, built once below.
    waiting = room(arrived) if new_season or arrived is not rm.arrived else rm
    # A card of `FOLLOWS` in the last turn left the card's fields at rest, and ``moved``
    # set when it moved the pawn (`rules.apply_card`, `rules.move`).
    card, nb = ("", -1) if ended or follows else (s.card, s.neighbour)
    offer = None if ended else s.offer
    actor = seat if ended else s.actor
    if not moved:
        moved = False if ended else s.moved
    # The run starts at a roll (LA-05): the stage, phase, mover and dice of one.
    stage, phase, to_move = SEASON, PH_ROLL, CHANCE
    dice: tuple[int, ...] = ()
    if accounted:  # as `rules.end_turn` leaves a season whose accounts stop it
        card, nb, offer, stage, phase = "", -1, None, SEASON_END, PH_NONE
    elif year_over:  # as `rules.year_end` leaves the first farm's year end (LA-16)
        card, nb, offer, stage, phase = "", -1, None, YEAR_END, PH_YEAR_END
        actor = to_move = first_seat(arrived, farm_of, queue[0])
        budget = OfferBudget.fresh(len(farms), 1)
    elif square is not None:
        dice = (a, b)
        if offered:  # as `rules.land`, `rules.start_card`, `rules.after_neighbour` offer it
            card, nb, phase, to_move = offered, -1, PH_CARD, seat
        elif shop:  # as `rules.land` and `rules.open_shop` open the Foire
            phase, to_move = PH_SHOP, seat
        elif negoce:  # as `rules.land` opens the Négoce
            phase, to_move = PH_NEGOCE, seat
        elif drawn:  # as the draw event leaves it (`rules.apply_chance`)
            phase = PH_DRAW_IMPREVU
    # One build. A keyword costs as much as a tenth of the copy itself, so the build
    # passes the fields a run may have changed and no more: the usual run (no new season,
    # Foire, Négoce visit or accounts) passes neither the deal's fields nor the shop's nor
    # the budget; its Imprévu piles and room when they stayed as they were; the turn's
    # card fields when the turn before left them to reset. Any other passes them all.
    kept = budget is s.budget and nb == s.neighbour and offer is s.offer
    same_turn = card == s.card and moved == s.moved
    if year_over and not (new_season or fair):
        # Winter over (LA-16) in a season dealt before the run: the first year end's
        # fields, the turn's fields reset.
        s = replace(
            s,
            rng=rng,
            pos=tuple(pos),
            farms=farms,
            imprevu_under=under,
            imprevu=pile,
            last_player=seat,
            room=waiting,
            budget=budget,
            card=card,
            neighbour=nb,
            offer=offer,
            actor=actor,
            moved=moved,
            stage=stage,
            phase=phase,
            to_move=to_move,
            dice=dice,
            queue=queue,
        )
    elif year_over or new_year:
        s = replace(
            s,
            rng=rng,
            pos=tuple(pos),
            farms=farms,
            imprevu_under=under,
            imprevu=pile,
            last_player=seat,
            season=season,
            slots=slots,
            deck=deck,
            room=waiting,
            shop_price=shop_price,
            shop_left=shop_left,
            budget=budget,
            card=card,
            neighbour=nb,
            offer=offer,
            actor=actor,
            moved=moved,
            stage=stage,
            phase=phase,
            to_move=to_move,
            dice=dice,
            year=year,
            queue=queue,
        )
    elif kept and not (fair or accounted or new_season):
        if pile is s.imprevu and under is s.imprevu_under and waiting is rm:
            if same_turn:
                s = replace(
                    s,
                    rng=rng,
                    pos=tuple(pos),
                    farms=farms,
                    last_player=seat,
                    actor=actor,
                    phase=phase,
                    to_move=to_move,
                    dice=dice,
                )
            else:
                s = replace(
                    s,
                    rng=rng,
                    pos=tuple(pos),
                    farms=farms,
                    last_player=seat,
                    card=card,
                    actor=actor,
                    moved=moved,
                    phase=phase,
                    to_move=to_move,
                    dice=dice,
                )
        elif same_turn:
            s = replace(
                s,
                rng=rng,
                pos=tuple(pos),
                farms=farms,
                imprevu_under=under,
                imprevu=pile,
                last_player=seat,
                room=waiting,
                actor=actor,
                phase=phase,
                to_move=to_move,
                dice=dice,
            )
        else:
            s = replace(
                s,
                rng=rng,
                pos=tuple(pos),
                farms=farms,
                imprevu_under=under,
                imprevu=pile,
                last_player=seat,
                room=waiting,
                card=card,
                actor=actor,
                moved=moved,
                phase=phase,
                to_move=to_move,
                dice=dice,
            )
    elif kept and not (fair or accounted):
        # A new season dealt in the run (LA-04): the deal's fields and the stage too.
        if same_turn:
            s = replace(
                s,
                rng=rng,
                pos=tuple(pos),
                farms=farms,
                imprevu_under=under,
                imprevu=pile,
                last_player=seat,
                season=season,
                slots=slots,
                deck=deck,
                room=waiting,
                actor=actor,
                stage=stage,
                phase=phase,
                to_move=to_move,
                dice=dice,
            )
        else:
            s = replace(
                s,
                rng=rng,
                pos=tuple(pos),
                farms=farms,
                imprevu_under=under,
                imprevu=pile,
                last_player=seat,
                season=season,
                slots=slots,
                deck=deck,
                room=waiting,
                card=card,
                actor=actor,
                moved=moved,
                stage=stage,
                phase=phase,
                to_move=to_move,
                dice=dice,
            )
    elif nb == s.neighbour and offer is s.offer and not (new_season or accounted):
        # A stop at the Foire (LA-10) or a visit to the Négoce (LA-11): the shop's
        # fields, the budget and the turn's card fields too.
        s = replace(
            s,
            rng=rng,
            pos=tuple(pos),
            farms=farms,
            imprevu_under=under,
            imprevu=pile,
            last_player=seat,
            room=waiting,
            shop_price=shop_price,
            shop_left=shop_left,
            budget=budget,
            card=card,
            actor=actor,
            moved=moved,
            phase=phase,
            to_move=to_move,
            dice=dice,
        )
    else:
        s = replace(
            s,
            rng=rng,
            pos=tuple(pos),
            farms=farms,
            imprevu_under=under,
            imprevu=pile,
            last_player=seat,
            season=season,
            slots=slots,
            deck=deck,
            room=waiting,
            shop_price=shop_price,
            shop_left=shop_left,
            budget=budget,
            card=card,
            neighbour=nb,
            offer=offer,
            actor=actor,
            moved=moved,
            stage=stage,
            phase=phase,
            to_move=to_move,
            dice=dice,
        )
    if accounted:
        return s, SEASON_OVER, ("", 0), ""
    if year_over:
        return s, DONE, ("", 0), ""
    if square is None:
        return s, END_TURN, ("", 0), ""
    if offered or shop or negoce:
        return s, DONE, square, ""
    if drawn:
        return s, DRAWN, square, drawn
    return s, LAND, square, ""
