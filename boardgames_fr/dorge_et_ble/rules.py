"""The rules of D'Orge et de Blé: the hooks of its `Game` (rule ids DB-01 .. DB-16, as on
the rules page, docs/rules/dorge_et_ble.md), wired in ``game.py``.

Order of ``legal_actions`` (stable):

- PLAY: for each card (the pending barter card only, else the hand in card order):
  ``Harvest``, then ``Sell`` when possible, then ``Upgrade`` (one entry: a bonus « au
  choix » is given to a good at the count, DB-14); then, in a drought year without a
  pending card, every ``Barter(give, take)`` by give then take.
- DISCARD: ``Discard(r)`` for each resource in the barn, in resource order.
- KEEP: ``Keep(r)`` for each resource in the surplus, in resource order.
- At a chance node: ``Draw(card)`` for each card of the deck, in card order.
"""

from __future__ import annotations

from itertools import compress
from typing import Any, TypeVar

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Uniform
from boardgames_fr.core.rng import Rng, next_u64
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import (
    Barter,
    Discard,
    Draw,
    Harvest,
    Keep,
    Sell,
    Upgrade,
)
from boardgames_fr.dorge_et_ble.state import (
    DEAL,
    DISCARD,
    KEEP,
    OVER,
    PLAY,
    RESET_TO,
    ROW,
    Observation,
    Options,
    State,
)

__all__ = [
    "YEARS",
    "apply",
    "apply_chance",
    "capacity",
    "chance",
    "count_totals",
    "discard_offer",
    "discounts",
    "first_to_play",
    "fruitful",
    "harvest_bonus",
    "harvest_gain",
    "hidden_variants",
    "init",
    "keep_gain",
    "legal",
    "observe",
    "reserve",
    "resolve",
    "sale_cost",
    "scores",
    "secret_chance",
    "totals",
    "winners",
]

YEARS = 6
NUM_RES = D.NUM_RES
_ZERO5 = (0, 0, 0, 0, 0)
Cards = tuple[int, ...]
Pair = tuple[Cards, Cards]  # one tuple per seat: hands, known cards, columns, barns...
_EMPTY2: Pair = ((), ())
T = TypeVar("T")

# Action objects built once (the hot path only looks them up).
HARVEST = tuple(Harvest(c) for c in range(D.NUM_CARDS))
SELL = tuple(Sell(c) for c in range(D.NUM_CARDS))
UPGRADE = tuple((Upgrade(c),) for c in range(D.NUM_CARDS))
DRAW = tuple(Draw(c) for c in range(D.NUM_CARDS))
_DRAW_W = tuple((a, 1) for a in DRAW)
DISCARD_A = tuple(Discard(r) for r in range(NUM_RES))
KEEP_A = tuple(Keep(r) for r in range(NUM_RES))
BARTER = tuple(tuple(Barter(g, t) for t in range(D.NUM_CARDS)) for g in range(D.NUM_CARDS))
# A card's PLAY entries in the documented order: Harvest, Sell (when possible), Upgrade(s).
_WITH_SELL = tuple((HARVEST[c], SELL[c], *UPGRADE[c]) for c in range(D.NUM_CARDS))
_NO_SELL = tuple((HARVEST[c], *UPGRADE[c]) for c in range(D.NUM_CARDS))
_RES = tuple(range(NUM_RES))


def fruitful(year: int) -> bool:
    """DB-01: years 1, 3, 5 are fruitful; 2, 4, 6 drought."""
    return year % 2 == 1


# --- the lasting effects of upgrades ----------------------------------------------------

Perks = tuple[int, tuple[int, ...], tuple[int, ...]]


class _PerksMemo(dict[tuple[int, ...], Perks]):
    """upgrades -> (extra barn spaces, harvest bonus by resource, sale discount by resource).

    Computed on first use from the perks of the upgrades before the last one (upgrades
    only add up); afterwards ``_PERKS[upgrades]`` is a plain dict lookup.
    """

    def __missing__(self, upgrades: tuple[int, ...]) -> Perks:
        if len(self) > 50_000:
            self.clear()  # a memo, not a store: keep long simulations' memory flat
        if not upgrades:
            p: Perks = (0, _ZERO5, _ZERO5)
        else:
            extra, plus, disc = p = self[upgrades[:-1]]
            _icon, effect, value, r = D.CARD_UPGRADE[upgrades[-1]]
            # Zero bonuses stay the shared _ZERO5 (legal tests ``is``); values are >= 1.
            if effect == D.BARN_SIZE:
                p = (extra + value, plus, disc)
            elif effect == D.HARVEST_PLUS:
                p = (extra, (*plus[:r], plus[r] + value, *plus[r + 1 :]), disc)
            elif effect == D.DISCOUNT:
                p = (extra, plus, (*disc[:r], disc[r] + value, *disc[r + 1 :]))
        self[upgrades] = p
        return p


_PERKS = _PerksMemo()


def _perks(upgrades: tuple[int, ...]) -> Perks:
    """(extra barn spaces, harvest bonus by resource, sale discount by resource)."""
    return _PERKS[upgrades]


def capacity(state: State | Observation, seat: int) -> int:
    """DB-03: the barn's spaces (9, plus any Grenier upgrades)."""
    return state.options.barn_size + _perks(state.upgrades[seat])[0]


def harvest_bonus(state: State | Observation, seat: int) -> tuple[int, ...]:
    """Extra tokens per resource that a seat's Champ upgrades add to each harvest."""
    return _perks(state.upgrades[seat])[1]


def discounts(state: State | Observation, seat: int) -> tuple[int, ...]:
    """Tokens per resource that a seat's Atelier upgrades take off each recipe."""
    return _perks(state.upgrades[seat])[2]


def reserve(state: State) -> tuple[int, ...]:
    """Tokens of each resource neither in the fields, in a barn nor being offered."""
    b0, b1, f, s = state.barns[0], state.barns[1], state.fields, state.surplus
    return tuple(D.TOKENS[r] - f[r] - b0[r] - b1[r] - s[r] for r in range(NUM_RES))


# DB-09: what a sale costs at least when Atelier discounts cover its whole recipe and
# ``Options.free_sales`` is off: one water, the one ingredient of every recipe (data.py).
MIN_SALE = (1, 0, 0, 0, 0)


class _AtLeastWater(dict[tuple[int, ...], tuple[tuple[int, ...], ...]]):
    """discounts -> the recipes as `legal` checks them against barn + discounts when a
    sale costs at least MIN_SALE: a recipe the discounts cover entirely asks for one water
    more than the water discount, that is 1 water in the barn. Few discounts occur: each
    table is built once."""

    def __missing__(self, disc: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        table = tuple(
            (disc[0] + 1, *rec[1:]) if all(rec[r] <= disc[r] for r in _RES) else rec
            for rec in D.CARD_RECIPE
        )
        self[disc] = table
        return table


_AT_LEAST_WATER = _AtLeastWater()


def _cost(card: int, disc: tuple[int, ...], free_sales: bool) -> tuple[int, ...]:
    rec = D.CARD_RECIPE[card]
    cost = tuple(max(0, rec[r] - disc[r]) for r in range(NUM_RES))
    if free_sales or any(cost):
        return cost
    return MIN_SALE


def sale_cost(state: State | Observation, seat: int, card: int) -> tuple[int, ...]:
    """DB-09, DB-10: the tokens by resource that ``seat`` pays to sell ``card`` now: its
    recipe less the seat's Atelier discounts, never below zero (what `step` takes).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=6)
        >>> sale_cost(s, 0, 27)  # Brune 9 (n°27): the printed recipe
        (2, 1, 3, 0, 1)
        >>> sale_cost(db.step(s, Upgrade(46)), 0, 27)  # an Atelier: 1 water less
        (1, 1, 3, 0, 1)
    """
    return _cost(card, _perks(state.upgrades[seat])[2], state.options.free_sales)


def _gain(
    column: tuple[int, ...], plus: tuple[int, ...], fields: tuple[int, ...], card: int
) -> tuple[int, ...]:
    # DB-07: for each resource on the card played, as many tokens as the whole column
    # (the card included) shows, plus Champ upgrades, as far as the field or river lasts.
    got = [0, 0, 0, 0, 0]
    shows = D.CARD_HARVEST
    for r in D.CARD_HARVEST_TYPES[card]:
        want = plus[r]
        for c in column:
            want += shows[c][r]
        got[r] = want if want < fields[r] else fields[r]
    return tuple(got)


def harvest_gain(state: State | Observation, seat: int, card: int) -> tuple[int, ...]:
    """DB-07: the tokens by resource that ``seat`` takes from the fields and the river by
    harvesting with ``card`` now (what `step` takes, before any overflow, DB-08).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> harvest_gain(s, 0, 2)  # Blonde 4 (n°2) shows wheat and hops
        (0, 1, 0, 0, 1)
        >>> s = db.step(s, Harvest(2))
        >>> harvest_gain(s, 0, 20)  # a second wheat card: the column shows 2 wheat
        (1, 2, 0, 0, 0)
    """
    column = (*state.columns[seat], card)
    return _gain(column, _perks(state.upgrades[seat])[1], state.fields, card)


def discard_offer(state: State, resource: int) -> tuple[int, ...]:
    """DB-08: the tokens by resource that ``Discard(resource)`` moves from the barn of the
    seat to move to the surplus offered (what `step` does, in the phase discard): one of
    ``resource``, and, when only one kind is left and the barn is still over, the rest of
    the excess of that kind, given with no choice left (`_overflow`).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=1, options={"barn_size": 3})
        >>> s = replace(s, phase=DISCARD, barns=((4, 0, 0, 0, 1), (0, 0, 0, 0, 0)))
        >>> discard_offer(s, 4)  # the last hops, then 1 water: 3 tokens left, all water
        (1, 0, 0, 0, 1)
        >>> discard_offer(s, 0)  # 3 water and 1 hops are still 1 over: choose again
        (1, 0, 0, 0, 0)
    """
    # What `step` does, read off its result: the seat's barn changes there alone.
    seat = state.to_move
    after = _apply_discard(state, Discard(resource)).barns[seat]
    return tuple(b - a for b, a in zip(state.barns[seat], after, strict=True))


def keep_gain(state: State, resource: int) -> tuple[int, ...]:
    """DB-08: the tokens by resource that ``Keep(resource)`` puts in the barn of the seat
    to move (what `step` does, in the phase keep): one of ``resource``, and, when only
    one kind is then offered, as many of it as still fit, kept with no choice left
    (`_apply_keep`, `_offer`).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=1, options={"barn_size": 3})
        >>> s = replace(s, phase=KEEP, surplus=(3, 0, 0, 1, 0), fields=(15, 7, 8, 5, 6))
        >>> keep_gain(s, 3)  # the only rye, then 2 of the 3 water: the barn is full
        (2, 0, 0, 1, 0)
    """
    seat = state.to_move
    after = _apply_keep(state, Keep(resource)).barns[seat]
    return tuple(a - b for a, b in zip(after, state.barns[seat], strict=True))


# --- scores ---------------------------------------------------------------------------


def totals(state: State | Observation, seat: int) -> tuple[int, int]:
    """DB-12: (beer total, bread total) of a seat from what is sold so far.

    Sold cards count wherever they are (still in the Brasserie or Boulangerie, or cleaned
    up); then `count_totals` adds the score upgrades. Reads only what lies face up, so an
    `Observation` serves as well as the State.
    """
    barns = state.barns
    # DB-15 reads the barns only through "at least 2 tokens more than the other barn".
    key = (
        state.sold[seat],
        state.buildings[seat],
        state.upgrades[seat],
        sum(barns[seat]) >= sum(barns[1 - seat]) + 2,
    )
    return _TOTALS[key]


class _TotalsMemo(dict[tuple[Cards, tuple[int, int], Cards, bool], tuple[int, int]]):
    """(sold, buildings, upgrades, barn bonus due) -> `totals`: the same few piles come
    back at every observation of a game, each counted once. Emptied past 50,000 entries,
    a memo and not a store (as `_PerksMemo`)."""

    def __missing__(self, key: tuple[Cards, tuple[int, int], Cards, bool]) -> tuple[int, int]:
        if len(self) > 50_000:
            self.clear()
        sold, buildings, upgrades, bonus = key
        t = [0, 0]
        for c in sold:
            t[D.CARD_GOOD[c]] += D.CARD_COINS[c]
        for c in buildings:
            if c >= 0:
                t[D.CARD_GOOD[c]] += D.CARD_COINS[c]
        # count_totals compares the barns only as mine >= theirs + 2.
        self[key] = out = count_totals((t[0], t[1]), upgrades, 2 if bonus else 0, 0)
        return out


_TOTALS = _TotalsMemo()


def count_totals(
    coins: tuple[int, int], upgrades: tuple[int, ...], mine: int, theirs: int
) -> tuple[int, int]:
    """DB-12, DB-14, DB-15: (beer, bread) totals from the coins of the cards sold, the
    seat's upgrades and the tokens in its barn (``mine``) and the other barn (``theirs``).

    The barn upgrade pays only with at least 2 tokens more than the other barn (DB-15).
    A score upgrade for beer adds to the beer total, one for bread to the bread total
    (DB-12). DB-14: each bonus « au choix » goes whole to beer or bread, decided at the
    count: they are shared so that the lower total is as high as possible (a subset sum;
    the two totals add up to a fixed sum, so this also fixes the higher one, and no other
    share could win a game this one loses). Of equal shares, the one giving beer the
    least is taken.

    Example:
        >>> count_totals((10, 6), (13,), 0, 0)  # Ambrée 6 (n°13): +2 au choix, to bread
        (10, 8)
        >>> count_totals((10, 6), (5,), 5, 3), count_totals((10, 6), (5,), 5, 4)  # DB-15
        ((10, 10), (10, 6))
    """
    t = [coins[0], coins[1]]
    sums = 1  # bit k set: the « au choix » bonuses can give beer exactly k coins
    total = 0
    for c in upgrades:
        _icon, effect, value, _r = D.CARD_UPGRADE[c]
        if effect == D.BONUS or (effect == D.BARN_BONUS and mine >= theirs + 2):
            good = D.CARD_SCORE_GOOD[c]
            if good == D.CHOICE:
                sums |= sums << value
                total += value
            else:
                t[good] += value
    if not total:
        return (t[0], t[1])
    best = -1
    best_beer = 0
    for k in range(total + 1):
        if sums >> k & 1:
            low = min(t[0] + k, t[1] + total - k)
            if low > best:
                best, best_beer = low, k
    return (t[0] + best_beer, t[1] + total - best_beer)


def scores(state: State) -> tuple[int, ...]:
    """DB-12: each seat's score, the lower of its two totals (the final score at the end)."""
    return tuple(min(totals(state, s)) for s in range(2))


def winners(state: State) -> tuple[int, ...]:
    """DB-13: the higher lower total wins, then the higher other total, then the player
    without the Mill (which `_end_year` has passed on after the sixth year too)."""
    keys = []
    for s in range(2):
        t = totals(state, s)
        keys.append((min(t), max(t), s != state.mill))
    return (0,) if keys[0] > keys[1] else (1,)


# --- setup, sowing and dealing ----------------------------------------------------------


def _sow(
    fields: tuple[int, ...], res: tuple[int, ...], year: int, options: Options
) -> tuple[int, ...]:
    # DB-04: every field up to its sign (green in fruitful years, red in drought years), as
    # far as the reserve lasts; all the water of the reserve into the river.
    out = [fields[0] + res[0]]
    side = 0 if fruitful(year) else 1
    for r in range(1, NUM_RES):
        target = D.SIGNS[r][side]
        have = fields[r]
        if have >= target:
            # Option: RESET_TO brings a field down to the red sign in a drought year only
            # (in a fruitful year no field is ever above its green sign).
            reset = side == 1 and options.drought_sowing == RESET_TO
            out.append(target if reset else have)
        else:
            out.append(have + min(res[r], target - have))
    return tuple(out)


# --- moving on: whose turn, the year's end, the deal ---------------------------------------
#
# Each step works out the fields it changes in locals and builds the next State once, with
# `core.fast.replace`. The helpers of the turn's end return values, not states, so that a
# card played costs one copy of the state; only the year's end (six times a game) builds
# intermediate states.

# Where a play leaves the game: (phase, to_move, active, hands, known, barns, surplus,
# year_over). With ``year_over`` the year has ended and `_end_year` goes on from there.
Settled = tuple[str, int, int, Pair, Pair, Pair, tuple[int, ...], bool]


def _set(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def first_to_play(mill: int, hands: Pair) -> int:
    """DB-05, DB-06: the Mill holder plays first, unless its hand is empty."""
    if hands[mill]:
        return mill
    if hands[1 - mill]:
        return 1 - mill
    return mill


def _next_turn(
    year: int, mill: int, seat: int, hands: Pair, known: Pair
) -> tuple[int, Pair, Pair, bool]:
    """Whose turn after ``seat`` has played a card (DB-05, DB-06): (seat to move, hands,
    known, year over). At the year's end the seat is ``seat`` itself: still the active one
    until `_end_year` moves on."""
    other = 1 - seat
    if year % 2 == 1:
        # DB-05: the Mill holder plays, then the other; then the hands are swapped.
        if seat == mill and hands[other]:
            return other, hands, known, False
        if not hands[0] and not hands[1]:
            return seat, hands, known, True
        # Each seat now knows exactly the hand it passed.
        swapped = (hands[1], hands[0])
        return first_to_play(mill, swapped), swapped, hands, False
    # DB-06: alternate turns, no swapping.
    if hands[other]:
        return other, hands, known, False
    if hands[seat]:
        return seat, hands, known, False
    return seat, hands, known, True


def _overflow(
    state: State, seat: int, hands: Pair, known: Pair, barns: Pair, surplus: tuple[int, ...]
) -> Settled:
    """DB-08: a barn over its spaces gives its surplus away, chosen by its owner."""
    barn = barns[seat]
    over = sum(barn) - state.options.barn_size - _PERKS[state.upgrades[seat]][0]
    if over <= 0:
        if sum(surplus):
            return _offer(state, seat, hands, known, barns, surplus)
        to_move, hands, known, year_over = _next_turn(state.year, state.mill, seat, hands, known)
        return (PLAY, to_move, to_move, hands, known, barns, surplus, year_over)
    kinds = tuple(compress(_RES, barn))
    if len(kinds) == 1:
        # Only one kind of token: no choice to make.
        r = kinds[0]
        b = list(barn)
        b[r] -= over
        sur = list(surplus)
        sur[r] += over
        return _offer(state, seat, hands, known, _set(barns, seat, tuple(b)), tuple(sur))
    return (DISCARD, seat, seat, hands, known, barns, surplus, False)


def _offer(
    state: State, seat: int, hands: Pair, known: Pair, barns: Pair, surplus: tuple[int, ...]
) -> Settled:
    """DB-08: the other player keeps what fits; the rest goes back to the reserve."""
    other = 1 - seat
    room = capacity(state, other) - sum(barns[other])
    total = sum(surplus)
    if total <= room or room <= 0 or len(tuple(compress(_RES, surplus))) == 1:
        take = surplus if total <= room else tuple([min(n, max(room, 0)) for n in surplus])
        b = barns[other]
        barns = _set(barns, other, tuple([b[r] + take[r] for r in _RES]))
        to_move, hands, known, year_over = _next_turn(state.year, state.mill, seat, hands, known)
        return (PLAY, to_move, to_move, hands, known, barns, _ZERO5, year_over)
    return (KEEP, other, seat, hands, known, barns, surplus, False)


def _to_deal(
    state: State, rng: int, deck: Cards, deal_queue: tuple[int, ...], hands: Pair, barter: Cards
) -> State:
    """Go to the deal (a chance node) or, with nothing to deal, to play."""
    discard = state.discard
    if deal_queue and not deck and discard:
        # Gap: an empty deck is refilled with the discarded cards (the deck has no order,
        # so this is the reshuffle).
        deck, discard = tuple(sorted(discard)), ()
    if deal_queue and not deck:
        deal_queue = ()  # nothing left to deal: hands and row stay short
    if deal_queue:
        return replace(
            state,
            rng=rng,
            deck=deck,
            discard=discard,
            deal_queue=deal_queue,
            hands=hands,
            barter=barter,
            phase=DEAL,
            to_move=CHANCE,
        )
    if not hands[0] and not hands[1] and state.pending < 0:
        # DB-05/DB-06 gap: with no card left to deal and both hands empty (possible with
        # a bigger hand_size) nobody can play: the year ends at once (never a stall).
        dealt = replace(
            state, rng=rng, deck=deck, discard=discard, deal_queue=(), hands=hands, barter=barter
        )
        return _end_year(dealt)
    seat = first_to_play(state.mill, hands)
    return replace(
        state,
        rng=rng,
        deck=deck,
        discard=discard,
        deal_queue=(),
        hands=hands,
        barter=barter,
        phase=PLAY,
        to_move=seat,
        active=seat,
    )


def _start_year(
    state: State, year: int, mill: int, discard: Cards, barter: Cards, columns: Pair
) -> State:
    """DB-04, DB-05, DB-06: the Sowing and the deal of ``year``, whose Mill is ``mill``,
    after the year before (`_end_year`: its ``discard``, ``barter`` row and harvest
    ``columns``; no card known nor pending any more) or the setup: one new State."""
    fields = _sow(state.fields, reserve(state), year, state.options)
    other = 1 - mill
    size = state.options.hand_size
    hands, known = state.hands, _EMPTY2
    if fruitful(year):
        # DB-05: 5 cards each, the Mill holder first.
        queue = (mill,) * size + (other,) * size
    else:
        # DB-06: each takes back last year's harvest cards (face up, so both players know
        # them) and fills the hand to 5; then the barter row.
        hands = (tuple(sorted(columns[0])), tuple(sorted(columns[1])))
        known = (hands[1], hands[0])
        columns = _EMPTY2
        queue = (
            (mill,) * max(0, size - len(hands[mill]))
            + (other,) * max(0, size - len(hands[other]))
            + (ROW,) * state.options.barter_cards
        )
    deck = state.deck
    if queue and not deck and discard:
        # Gap: an empty deck is refilled with the discarded cards (as in `_to_deal`).
        deck, discard = tuple(sorted(discard)), ()
    sown = replace(
        state,
        year=year,
        mill=mill,
        fields=fields,
        active=mill,
        hands=hands,
        known=known,
        pending=-1,
        columns=columns,
        deck=deck,
        discard=discard,
        barter=barter,
    )
    if queue and deck:
        # The deal, a chance node (what `_to_deal` decides; once a year, off the hot path).
        return replace(sown, deal_queue=queue, phase=DEAL, to_move=CHANCE)
    # Nothing to deal (a full hand and no barter row, or no card left): `_to_deal` decides.
    return _to_deal(sown, sown.rng, deck, (), hands, barter)


def _end_year(state: State) -> State:
    # DB-11: the Mill goes to the barn with fewer tokens; on a tie to the one who did not
    # hold it (also after the sixth year, where it settles DB-13's last tie-break).
    b0, b1 = sum(state.barns[0]), sum(state.barns[1])
    if b0 < b1:
        mill = 0
    elif b1 < b0:
        mill = 1
    else:
        mill = 1 - state.mill
    discard, barter, columns = state.discard, state.barter, state.columns
    if state.year % 2 == 0:
        # DB-11: after a drought year the barter and harvest cards are discarded.
        discard = tuple(sorted(discard + barter + columns[0] + columns[1]))
        barter = ()
        columns = _EMPTY2
    if state.year >= YEARS:
        # DB-12: the game ends after the sixth year.
        return replace(
            state,
            known=_EMPTY2,
            pending=-1,
            discard=discard,
            barter=barter,
            columns=columns,
            mill=mill,
            to_move=TERMINAL,
            phase=OVER,
        )
    return _start_year(state, state.year + 1, mill, discard, barter, columns)


def init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
    """A new game: the cards in the deck, then year 1's Sowing and deal (DB-16, DB-04)."""
    s = State(
        num_players=num_players,
        options=options,
        to_move=CHANCE,
        rng=rng,
        explicit=explicit,
        year=1,
        phase=DEAL,
        active=0,
        mill=0,  # gap: seat 0 takes the Mill for the first year
        deck=tuple(range(D.NUM_CARDS)),
        discard=(),
        deal_queue=(),
        hands=_EMPTY2,
        known=_EMPTY2,
        barter=(),
        pending=-1,
        columns=_EMPTY2,
        buildings=((-1, -1), (-1, -1)),
        sold=_EMPTY2,
        upgrades=_EMPTY2,
        barns=(_ZERO5, _ZERO5),
        fields=_ZERO5,
        surplus=_ZERO5,
    )
    # DB-16: the fields and the river fill only at the first Sowing.
    return _start_year(s, 1, 0, s.discard, s.barter, s.columns)


# --- chance: the deal ---------------------------------------------------------------------

# The last deck seen and its chance outcomes. A deal draws card after card: each draw
# removes one card from the deck, so the next outcome table is the last one minus one
# entry (a slice) instead of a new table over the whole deck. Keyed by identity: the memo
# holds the deck, so an ``is`` match means the very same tuple.
_LAST_DECK: list[tuple[tuple[int, ...], tuple[tuple[Draw, int], ...]]] = [((), ())]


def chance(state: State) -> tuple[tuple[Draw, int], ...]:
    """DB-05, DB-06: one card drawn is one chance event, uniform over the cards left."""
    deck = state.deck
    last, outcomes = _LAST_DECK[0]
    if last is deck:
        return outcomes
    # Every card left is one copy (weight 1): ``Uniform`` lets the core draw by index.
    outcomes = Uniform(map(_DRAW_W.__getitem__, deck))
    _LAST_DECK[0] = (deck, outcomes)
    return outcomes


def secret_chance(state: State) -> bool:
    """DB-05, DB-06: every chance node is a deal from the face-down deck, whose other
    cards are in the hands: the cards it can give tell what a hand holds."""
    return True


def _insert(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = 0
    n = len(cards)
    while i < n and cards[i] < card:
        i += 1
    return (*cards[:i], card, *cards[i:])


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def apply_chance(state: State, outcome: Draw, rng: int) -> State:
    """The card drawn goes to the seat or the row at the head of the deal's queue."""
    card = outcome.card
    deck = state.deck
    i = deck.index(card)
    rest = deck[:i] + deck[i + 1 :]
    last, outcomes = _LAST_DECK[0]
    if last is deck:
        # Still a `Uniform` table (a slice of one is a plain tuple, which the core would
        # draw from by summing the weights again at every card).
        _LAST_DECK[0] = (rest, Uniform(outcomes[:i] + outcomes[i + 1 :]))
    queue = state.deal_queue
    who = queue[0]
    queue = queue[1:]
    hands, barter = state.hands, state.barter
    if who == ROW:
        barter = _insert(barter, card)
    else:
        hands = _set(hands, who, _insert(hands[who], card))
    if queue and rest and state.phase == DEAL:
        # Still dealing (what `_to_deal` would decide): four fields change.
        if who == ROW:
            return replace(state, rng=rng, deck=rest, deal_queue=queue, barter=barter)
        return replace(state, rng=rng, deck=rest, deal_queue=queue, hands=hands)
    return _to_deal(state, rng, rest, queue, hands, barter)


def resolve(state: State) -> State:
    """Auto mode: a whole deal, the deck's refill from the discard included.

    The same draws, in the same order, as `apply_chance` one card at a time
    (`Game.resolve_each`; tests/dorge_et_ble/test_db_chance.py compares the two): each card
    is one `next_u64`, scaled to the cards left as the core scales the `Uniform` table of
    `chance`, which lists the deck in card order. DB-05, DB-06: the queue says who gets
    each card; `_to_deal` refills an empty deck or ends the deal, as after a single draw.
    """
    while state.to_move == CHANCE:
        deck = list(state.deck)  # never empty here: `_to_deal` refills or stops first
        rng = state.rng
        h0, h1 = state.hands
        places: tuple[list[int], list[int], list[int]] = (list(h0), list(h1), list(state.barter))
        queue = state.deal_queue
        dealt = 0
        for who in queue:
            u, rng = next_u64(rng)
            places[who].append(deck.pop((u * len(deck)) >> 64))
            dealt += 1
            if not deck:
                break
        hands = (tuple(sorted(places[0])), tuple(sorted(places[1])))
        barter = tuple(sorted(places[ROW]))
        state = _to_deal(state, rng, tuple(deck), queue[dealt:], hands, barter)
    return state


# --- legal actions ----------------------------------------------------------------------


def legal(state: State) -> tuple[Any, ...]:
    """The actions of the seat to move, in the order of the module's docstring."""
    phase = state.phase
    seat = state.to_move
    if phase == PLAY:
        pending = state.pending
        hand = (pending,) if pending >= 0 else state.hands[seat]
        building = state.buildings[seat]
        out: list[Any] = []
        if building[0] >= 0 and building[1] >= 0:
            # DB-09: both buildings hold a sold card; nothing can be sold.
            for c in hand:
                out += _NO_SELL[c]
        else:
            # DB-09: the barn pays the recipe less the Atelier discounts; unrolled over the
            # five resources as barn + discount >= recipe.
            b0, b1, b2, b3, b4 = state.barns[seat]
            disc = _PERKS[state.upgrades[seat]][2]
            recipe = D.CARD_RECIPE
            if disc is not _ZERO5:
                if not b0 and not state.options.free_sales:
                    # A sale costs at least 1 water (MIN_SALE): with none in the barn, a
                    # recipe the discounts cover entirely cannot be paid.
                    recipe = _AT_LEAST_WATER[disc]
                b0, b1, b2, b3, b4 = (
                    b0 + disc[0],
                    b1 + disc[1],
                    b2 + disc[2],
                    b3 + disc[3],
                    b4 + disc[4],
                )
            good = D.CARD_GOOD
            for c in hand:
                if building[good[c]] < 0:
                    r0, r1, r2, r3, r4 = recipe[c]
                    if b0 >= r0 and b1 >= r1 and b2 >= r2 and b3 >= r3 and b4 >= r4:
                        out += _WITH_SELL[c]
                        continue
                out += _NO_SELL[c]
        if pending < 0 and state.year % 2 == 0:
            # DB-06: in a drought year, any hand card for any barter card.
            barter = state.barter
            out += [BARTER[g][t] for g in hand for t in barter]
        return tuple(out)
    if phase == DISCARD:
        return tuple(compress(DISCARD_A, state.barns[seat]))
    # KEEP
    return tuple(compress(KEEP_A, state.surplus))


# --- playing a card ---------------------------------------------------------------------


def _played(state: State, seat: int, card: int) -> tuple[Pair, Pair, int]:
    """(hands, known, pending) after ``card`` leaves the pending slot or the hand of
    ``seat``."""
    hands, known, pending = state.hands, state.known, state.pending
    if pending == card:
        pending = -1
    else:
        hands = _set(hands, seat, _remove(hands[seat], card))
    other = 1 - seat
    if card in known[other]:
        # The other seat sees the card played: it is no longer in the hand it knows.
        known = _set(known, other, _remove(known[other], card))
    return hands, known, pending


# DB-02: a card played does one thing only: harvest, sale or upgrade. The action's class
# says which (legal_actions offers each class only in its phase).


def _apply_harvest(state: State, action: Harvest) -> State:
    # DB-07: for each resource on the card played, as many tokens as the whole column
    # shows (plus Champ upgrades), as far as the field or river lasts: `_gain`, written
    # out here in place because it is the hot path (the labels' `harvest_gain` uses
    # `_gain`; tests/dorge_et_ble/test_db_labels.py checks that the two agree).
    seat = state.to_move
    card = action.card
    # The card leaves the pending slot or the hand (`_played`, written out: the hot path).
    hands, known, pending = state.hands, state.known, state.pending
    if pending == card:
        pending = -1
    else:
        hand = _remove(hands[seat], card)
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    if card in known[1 - seat]:
        # The other seat sees the card played: it is no longer in the hand it knows.
        known = _set(known, 1 - seat, _remove(known[1 - seat], card))
    column = (*state.columns[seat], card)
    plus = _PERKS[state.upgrades[seat]][1]
    fields = list(state.fields)
    barns = state.barns
    barn = list(barns[seat])
    shows = D.CARD_HARVEST
    for r in D.CARD_HARVEST_TYPES[card]:
        want = plus[r]
        for c in column:
            want += shows[c][r]
        got = want if want < fields[r] else fields[r]
        fields[r] -= got
        barn[r] += got
    # Inline `_set` (the hot path).
    new_barn = tuple(barn)
    barns = (new_barn, barns[1]) if seat == 0 else (barns[0], new_barn)
    columns = state.columns
    columns = (column, columns[1]) if seat == 0 else (columns[0], column)
    over = sum(barn) - state.options.barn_size - _PERKS[state.upgrades[seat]][0]
    if over > 0 and barn.count(0) < NUM_RES - 1:
        # DB-08: tokens of two kinds or more do not fit: the seat chooses what to give
        # away (`_overflow`; the most common end of a harvest, so it is built directly).
        return replace(
            state,
            phase=DISCARD,
            hands=hands,
            known=known,
            pending=pending,
            columns=columns,
            fields=tuple(fields),
            barns=barns,
        )
    # DB-08: what does not fit in the barn is offered to the other player.
    phase, to_move, active, hands, known, barns, surplus, year_over = _overflow(
        state, seat, hands, known, barns, state.surplus
    )
    new = replace(
        state,
        phase=phase,
        to_move=to_move,
        active=active,
        hands=hands,
        known=known,
        pending=pending,
        columns=columns,
        fields=tuple(fields),
        barns=barns,
        surplus=surplus,
    )
    return _end_year(new) if year_over else new


def _apply_sell(state: State, action: Sell) -> State:
    # DB-09: pay the recipe (to the reserve); the card is sold and blocks its building.
    seat = state.to_move
    card = action.card
    hands, known, pending = _played(state, seat, card)
    cost = _cost(card, _perks(state.upgrades[seat])[2], state.options.free_sales)
    barn = state.barns[seat]
    barns = _set(state.barns, seat, tuple([barn[r] - cost[r] for r in _RES]))
    b = state.buildings[seat]
    b = (card, b[1]) if D.CARD_GOOD[card] == D.BEER else (b[0], card)
    to_move, hands, known, year_over = _next_turn(state.year, state.mill, seat, hands, known)
    new = replace(
        state,
        to_move=to_move,
        active=to_move,
        hands=hands,
        known=known,
        pending=pending,
        barns=barns,
        buildings=_set(state.buildings, seat, b),
    )
    return _end_year(new) if year_over else new


def _apply_upgrade(state: State, action: Upgrade) -> State:
    # DB-10: the upgrade stays for the game; then clean-up: sold cards leave the Brasserie
    # and the Boulangerie (they still count, DB-12).
    seat = state.to_move
    card = action.card
    # The card leaves the pending slot or the hand (`_played`, written out: the hot path).
    hands, known, pending = state.hands, state.known, state.pending
    if pending == card:
        pending = -1
    else:
        hand = _remove(hands[seat], card)
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    if card in known[1 - seat]:
        # The other seat sees the card played: it is no longer in the hand it knows.
        known = _set(known, 1 - seat, _remove(known[1 - seat], card))
    upgrades = _set(state.upgrades, seat, (*state.upgrades[seat], card))
    to_move, hands, known, year_over = _next_turn(state.year, state.mill, seat, hands, known)
    buildings = state.buildings
    b = buildings[seat]
    if b == (-1, -1):
        # Nothing to clean up (the common case: fewer fields to copy).
        new = replace(
            state,
            to_move=to_move,
            active=to_move,
            hands=hands,
            known=known,
            pending=pending,
            upgrades=upgrades,
        )
    else:
        sold = state.sold
        new = replace(
            state,
            to_move=to_move,
            active=to_move,
            hands=hands,
            known=known,
            pending=pending,
            upgrades=upgrades,
            buildings=_set(buildings, seat, (-1, -1)),
            sold=_set(sold, seat, sold[seat] + tuple([c for c in b if c >= 0])),
        )
    return _end_year(new) if year_over else new


def _apply_barter(state: State, action: Barter) -> State:
    # DB-06: the given card takes the taken card's place in the row, face up; the taken
    # card must be played at once (same seat, same phase).
    seat = state.to_move
    give = action.give
    hands = _set(state.hands, seat, _remove(state.hands[seat], give))
    barter = _insert(_remove(state.barter, action.take), give)
    known = state.known
    if give in known[1 - seat]:
        known = _set(known, 1 - seat, _remove(known[1 - seat], give))
        return replace(state, hands=hands, barter=barter, pending=action.take, known=known)
    return replace(state, hands=hands, barter=barter, pending=action.take)


def _apply_discard(state: State, action: Discard) -> State:
    # DB-08: one token of the overflowing barn goes to the surplus.
    seat = state.to_move
    r = action.resource
    barns = state.barns
    b = list(barns[seat])
    b[r] -= 1
    barn = tuple(b)
    barns = (barn, barns[1]) if seat == 0 else (barns[0], barn)
    sur = list(state.surplus)
    sur[r] += 1
    surplus = tuple(sur)
    cap = state.options.barn_size + _PERKS[state.upgrades[seat]][0]
    if sum(barn) > cap and barn.count(0) < NUM_RES - 1:
        # Still over, with two kinds or more: the same seat discards again (`_overflow`).
        return replace(state, barns=barns, surplus=surplus)
    phase, to_move, active, hands, known, barns, surplus, year_over = _overflow(
        state, seat, state.hands, state.known, barns, surplus
    )
    new = replace(
        state,
        phase=phase,
        to_move=to_move,
        active=active,
        hands=hands,
        known=known,
        barns=barns,
        surplus=surplus,
    )
    return _end_year(new) if year_over else new


def _apply_keep(state: State, action: Keep) -> State:
    # DB-08: the other seat keeps one offered token; when nothing more fits or nothing is
    # left the rest goes back to the reserve, and with one kind left it keeps what fits.
    seat = state.to_move
    r = action.resource
    b = list(state.barns[seat])
    b[r] += 1
    sur = list(state.surplus)
    sur[r] -= 1
    barns = _set(state.barns, seat, tuple(b))
    surplus = tuple(sur)
    hands, known = state.hands, state.known
    room = capacity(state, seat) - sum(b)
    if room <= 0 or not sum(sur):
        # What does not fit goes back to the reserve.
        to_move, hands, known, year_over = _next_turn(
            state.year, state.mill, 1 - seat, hands, known
        )
        settled: Settled = (PLAY, to_move, to_move, hands, known, barns, _ZERO5, year_over)
    elif sum(1 for n in sur if n) == 1:
        settled = _offer(state, 1 - seat, hands, known, barns, surplus)
    else:
        return replace(state, barns=barns, surplus=surplus)
    phase, to_move, active, hands, known, barns, surplus, year_over = settled
    new = replace(
        state,
        phase=phase,
        to_move=to_move,
        active=active,
        hands=hands,
        known=known,
        barns=barns,
        surplus=surplus,
    )
    return _end_year(new) if year_over else new


_APPLY: dict[type, Any] = {
    Harvest: _apply_harvest,
    Sell: _apply_sell,
    Upgrade: _apply_upgrade,
    Barter: _apply_barter,
    Discard: _apply_discard,
    Keep: _apply_keep,
}


def apply(state: State, action: Any) -> State:
    """The state after the seat to move plays ``action`` (legal: the core checked it)."""
    return _APPLY[type(action)](state, action)  # type: ignore[no-any-return]


# --- observation, hidden variants -----------------------------------------------------------


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know (None: the public view): no hand but its own, no deck."""
    if seat is None:
        hand: tuple[int, ...] = ()
        known: tuple[int, ...] = ()
        known_by_other: tuple[int, ...] = ()
    else:
        hand = state.hands[seat]
        known = state.known[seat]
        known_by_other = state.known[1 - seat]
    # Built from a blank with `replace`, every field given: a dict copy, cheaper than the
    # attrs constructor (an observation is taken at every step of an RL environment).
    return replace(
        _BLANK,
        seat=seat,
        options=state.options,
        year=state.year,
        phase=state.phase,
        to_move=state.to_move,
        active=state.active,
        mill=state.mill,
        deck_size=len(state.deck),
        deal_queue=state.deal_queue,
        discard=state.discard,
        hand=hand,
        known=known,
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        barter=state.barter,
        pending=state.pending,
        columns=state.columns,
        buildings=state.buildings,
        sold=state.sold,
        upgrades=state.upgrades,
        barns=state.barns,
        capacities=(capacity(state, 0), capacity(state, 1)),
        fields=state.fields,
        surplus=state.surplus,
        totals=(totals(state, 0), totals(state, 1)),
        known_by_other=known_by_other,
    )


_BLANK = Observation(
    seat=None,
    options=Options(),
    year=1,
    phase=DEAL,
    to_move=CHANCE,
    active=0,
    mill=0,
    deck_size=0,
    deal_queue=(),
    discard=(),
    hand=(),
    known=(),
    hand_sizes=(0, 0),
    barter=(),
    pending=-1,
    columns=_EMPTY2,
    buildings=((-1, -1), (-1, -1)),
    sold=_EMPTY2,
    upgrades=_EMPTY2,
    barns=(_ZERO5, _ZERO5),
    capacities=(0, 0),
    fields=_ZERO5,
    surplus=_ZERO5,
    totals=((0, 0), (0, 0)),
)
"""The observation that `observe` fills in (every field replaced)."""


def _minus(cards: tuple[int, ...], taken: tuple[int, ...]) -> list[int]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


def _shuffle(cards: list[int], rng: Rng) -> list[int]:
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = rng.randrange(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def hidden_variants(state: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    """States that ``seat`` cannot tell apart: the cards it does not know are redealt
    between the other hand and the deck, and the RNG is changed."""
    variants = []
    hidden_seats = (0, 1) if seat is None else (1 - seat,)
    for _ in range(3):
        hands = list(state.hands)
        pool = list(state.deck)
        unknown: dict[int, list[int]] = {}
        for h in hidden_seats:
            unknown[h] = _minus(hands[h], state.known[1 - h])
            pool += unknown[h]
        pool = _shuffle(pool, rng)
        for h in hidden_seats:
            k = len(unknown[h])
            kept = _minus(hands[h], tuple(unknown[h]))
            hands[h] = tuple(sorted(kept + pool[:k]))
            pool = pool[k:]
        variants.append(
            replace(state, hands=(hands[0], hands[1]), deck=tuple(sorted(pool)), rng=rng.u64())
        )
    return tuple(variants)
