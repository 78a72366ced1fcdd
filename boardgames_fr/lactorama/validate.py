"""The checks of a loaded save (the core's ``validate`` hook): every field in range and
every invariant that play keeps (LA-01..LA-24), so that a save the rules could not have
reached is refused with the path of its bad field, before any menu is computed.
"""

from __future__ import annotations

import functools
from collections import Counter

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.labels import count
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import Give, Take
from boardgames_fr.lactorama.chance import chance
from boardgames_fr.lactorama.data import euros
from boardgames_fr.lactorama.farms import (
    CAP,
    COW_BUY,
    ELIM,
    FIL_MAX,
    HEX,
    HEX_START,
    MAX_TICKETS,
    QTY,
    ROUTES,
    START,
    loan_terms,
    num_farms,
)
from boardgames_fr.lactorama.names import filiere_words
from boardgames_fr.lactorama.negoce import give_legal, negoce_open, take_legal
from boardgames_fr.lactorama.rules import handout_seat, legal, seat_of
from boardgames_fr.lactorama.state import (
    ACTIVE,
    END_LAST_FARM,
    END_REASONS,
    OFFER_KINDS,
    SEASON,
    Farm,
    State,
)

__all__ = ["validate"]

# What a save may hold in a farm's filière and in an offer's kinds ("": none yet, none);
# tuples, so that an unhashable value read from a bad file is simply not found.
_SAVED_FILIERES = ("", *D.FILIERES)
_SAVED_KINDS = ("", *OFFER_KINDS)

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


# Issue #23: a farm's money, hectares, cows, bons and green pawns are each at most
# `farms.CAP` (10**12; an eliminated farm's debt too): the rules saturate every gain there
# (`farms.capped`), so a save within these bounds only leads to saves that load, however
# long play goes on. No farm comes near: real games end near 300,000 EUR. The scores and
# the bots compute with floats, exact up to 2**53 (about 9e15): a farm's value (LA-20:
# 3,000 a hectare, 2,500 a cow, its money) stays under it.


def _validate_farms(s: State) -> None:
    for i, f in enumerate(s.farms):
        where = f"farms[{i}]"
        for name in ("ha", "cows", "bons", "green", "money"):
            if abs(getattr(f, name)) > CAP:
                raise _bad(f"{where}.{name}", f"beyond any game: {CAP:_} at most")
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
    (`filiere_rolled`), a change at the year end takes a card still left
    (`year_end_menu`), a Négoce swap trades two cards, an elimination frees one. An
    alliance's choice could only look like a third card if the absorbed ally counted:
    its card went out with it (the allied farm keeps one of the two, LA-17), so only the
    active farms are counted, as `filiere_count` does."""
    seen: Counter[str] = Counter()
    for i, f in enumerate(s.farms):
        if f.status != "active" or not f.filiere:
            continue
        seen[f.filiere] += 1
        if seen[f.filiere] > FIL_MAX:
            raise _bad(
                f"farms[{i}].filiere",
                f"{seen[f.filiere]} farms in play in the {filiere_words(f.filiere, 'en')} filière:"
                f" each filière card is there {FIL_MAX} times (LA-03)",
            )


@functools.cache
def _pledge_pairs(allied: bool) -> frozenset[tuple[int, int]]:
    """LA-14, LA-15, LA-17: every (loan tickets, pledged bons) pair that play can give a
    farm, by the rules that change them: a pair bought with a loan at any price of the
    game (the Foire's or a card's) pledges what `loan_terms` says; a ticket repaid gives
    back what `rules._on_repay` does; an alliance pools both farms' tickets and pledges
    (`merge`, ``allied``). Worked out once, from the rules' own code and data."""
    prices = _shop_offers()[0]
    rich = Farm(0, 0, 10**9, 10**9, 0, 0, "")

    def closure(start: set[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        seen, todo = set(start), list(start)
        while todo:
            loans, pledged = todo.pop()
            nxt = []
            for price in prices:
                terms = loan_terms(replace(rich, loans=loans, pledged=pledged), price)
                if terms is not None:
                    nxt.append((loans + terms[1], pledged + terms[2]))
            if loans:
                nxt.append((loans - 1, min(pledged, D.pledge(loans - 1))))  # `rules._on_repay`
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
    never left at a shop with nothing left to sell (`open_shop`). A price of the save's own
    choosing would also borrow tickets no real purchase does (`loan_terms`)."""
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
            if qty not in QTY.get(kind, (0,)):
                raise _bad(f"offer.{side}_qty", f"{qty} is not on the {kind or 'empty'} menu")


def _validate_farm_of(s: State) -> set[int]:
    """LA-01, LA-17: seat ``t`` plays for its home farm ``t % farms`` (`rules._start_state`:
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


# Which phases each stage goes through in play (`advance`, `start_season`, `autoplay.turns`):
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
        # the year end, until `start_season` clears it for the next deal.
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
        who = seat_of(s, o.partner)
        if s.to_move != who:
            raise _bad("to_move", f"the offer is answered by seat {who}, for farm {o.partner}")
    elif ph == "handout":
        who = handout_seat(s)
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
        if s.end_reason not in END_REASONS:
            raise _bad("end_reason", f"{s.end_reason!r} is not why a game ends: {END_REASONS}")
        if not s.winner_farms:
            raise _bad("winner_farms", "a game over has its winners (LA-18, LA-20)")
        # LA-20: the ending with one farm left in play, and that farm wins (`advance`
        # ends so exactly when one is left).
        if s.end_reason == END_LAST_FARM:
            left = tuple(i for i, f in enumerate(s.farms) if f.status == "active")
            if len(left) != 1:
                raise _bad(
                    "end_reason",
                    f"{END_LAST_FARM!r} is the ending with one farm left in play,"
                    f" not {len(left)} (LA-20)",
                )
            if s.winner_farms != left:
                raise _bad("winner_farms", f"the farm left in play, farm {left[0]}, wins (LA-20)")
    elif s.winner_farms or s.end_reason:
        name = "winner_farms" if s.winner_farms else "end_reason"
        raise _bad(name, "a game still going has no winner yet")


def _validate_budget_in_season(s: State) -> tuple[str, str] | None:
    """LA-11: a season's budget is the one `land` opened at the last Négoce visit,
    ``offers_per_negoce`` a seat, spent by the visitor alone (`rules._on_take`): at most one
    seat below the full count; on a visit, that seat is the actor, who may still offer
    (`negoce_open`, else the Négoce is left at once) and has spent one once an offer is
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
    if ph == "negoce" and not negoce_open(s):
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
    (`advance`), spent by the farm whose turn it is (`rules._on_propose`): a farm still
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
    `advance` builds from ``room.arrived`` (then any farm without a pawn there), whose
    decided farms leave from the front (`rules._on_end_year`), an absorbed ally from anywhere
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


def validate(s: State) -> None:
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
    # an Imprévu in the pile, under it or kept by a farm (`draw_table` relies on this).
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
        if Give(o.give, o.give_qty) not in give_legal(s):
            raise _bad("offer.give", f"farm {s.farm_of[s.actor]} cannot give that (LA-11)")
        if ph == "offer_answer" and Take(o.take, o.take_qty) not in take_legal(s):
            raise _bad("offer.take", "that offer would leave a farm unsound (LA-11)")
    _validate_slots(s)
    _validate_cards(s)
    _validate_flow(s, took)
    _validate_budget(s)
    _validate_shop(s)
    _validate_arrivals(s)
    _validate_year_queue(s)
    if ph in _TURN and (s.farms[s.farm_of[s.actor]].status != ACTIVE or s.stage != SEASON):
        raise _bad("actor", "the seat on its turn plays for an active farm in a season")
    if s.stage != "over":
        # LA-19: a farm out of a game that goes on hands all of its land out at once; one
        # holding land would count among the farms that fell last (`fallen_together`).
        for i, f in enumerate(s.farms):
            if f.status == "eliminated" and f.ha > 0 and i not in s.handout:
                raise _bad(
                    f"farms[{i}].ha",
                    f"farm {i} is out of the game with {f.ha} ha it is not handing out (LA-19)",
                )
    if s.to_move >= 0 and not legal(s):
        raise InvalidStateError("state.phase", f"no move in phase {s.phase!r}")
    if s.to_move == CHANCE and not chance(s):
        raise InvalidStateError("state.phase", f"no chance outcome in phase {s.phase!r}")
