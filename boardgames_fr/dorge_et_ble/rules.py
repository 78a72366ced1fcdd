"""The rules of D'Orge et de Blé as the hooks of one `Game` (rule ids DB-xx of GAMES.md).

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
from typing import Any

import attrs

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.core.fast import replace
from boardgames_fr.core.game import Game, GameInfo, Uniform
from boardgames_fr.core.labels import de, player_name
from boardgames_fr.core.rng import Rng, next_u64
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import (
    ACTION_TYPES,
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
    ROW,
    Observation,
    Options,
    State,
)

__all__ = [
    "GAME",
    "GAME_INFO",
    "capacity",
    "count_totals",
    "discard_offer",
    "discounts",
    "harvest_bonus",
    "harvest_gain",
    "keep_gain",
    "reserve",
    "sale_cost",
    "totals",
]

GAME_INFO = GameInfo(
    game_id="dorge_et_ble",
    name_fr="D'Orge et de Blé",
    name_en="Of Barley and Wheat",
    player_counts=(2,),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="Six années de récoltes : brassez la bière, cuisez le pain, restez équilibré.",
    summary_en="Six years of harvests: brew beer, bake bread, and keep the two balanced.",
)

YEARS = 6
NUM_RES = D.NUM_RES
_ZERO5 = (0, 0, 0, 0, 0)
_EMPTY2: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

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


def _fruitful(year: int) -> bool:
    # DB-01: years 1, 3, 5 are fruitful; 2, 4, 6 drought.
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


def _cost(card: int, disc: tuple[int, ...]) -> tuple[int, ...]:
    rec = D.CARD_RECIPE[card]
    return tuple(max(0, rec[r] - disc[r]) for r in range(NUM_RES))


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
    return _cost(card, _perks(state.upgrades[seat])[2])


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
        >>> s = attrs.evolve(s, phase="discard", barns=((4, 0, 0, 0, 1), (0, 0, 0, 0, 0)))
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
    (`_keep`, `_offer`).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=1, options={"barn_size": 3})
        >>> s = attrs.evolve(s, phase="keep", surplus=(3, 0, 0, 1, 0), fields=(15, 7, 8, 5, 6))
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
    t = [0, 0]
    for c in state.sold[seat]:
        t[D.CARD_GOOD[c]] += D.CARD_COINS[c]
    for c in state.buildings[seat]:
        if c >= 0:
            t[D.CARD_GOOD[c]] += D.CARD_COINS[c]
    barns = state.barns
    return count_totals((t[0], t[1]), state.upgrades[seat], sum(barns[seat]), sum(barns[1 - seat]))


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


def _scores(state: State) -> tuple[float, ...]:
    # DB-12: the final score is the lower of the two totals.
    return tuple(float(min(totals(state, s))) for s in range(2))


def _winners(state: State) -> tuple[int, ...]:
    # DB-13: lower total, then the other total, then the player without the Mill.
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
    side = 0 if _fruitful(year) else 1
    for r in range(1, NUM_RES):
        target = D.SIGNS[r][side]
        have = fields[r]
        if have >= target:
            # Option: "reset_to" brings a field down to the red sign in a drought year only
            # (in a fruitful year no field is ever above its green sign).
            reset = side == 1 and options.drought_sowing == "reset_to"
            out.append(target if reset else have)
        else:
            out.append(have + min(res[r], target - have))
    return tuple(out)


# The transition works on a scratch dict, a plain copy of the state's ``__dict__`` (State
# is dict-backed), and turns it into the new State at the end of each step: much cheaper
# than an ``attrs.evolve`` per change. The scratch holds every field (it is only ever
# updated), so it becomes the new State's own ``__dict__``, as `core.fast.replace` does,
# without running ``__init__`` again (no validators there, shared/STYLE.md). ``dict(...)``,
# not ``.copy()``: see `core.fast` on the slower key-sharing dicts.
Scratch = dict[str, Any]
_new = object.__new__
_set_dict = object.__setattr__  # frozen classes refuse their own __setattr__


def _make(d: Scratch) -> State:
    state: State = _new(State)
    _set_dict(state, "__dict__", d)
    return state


def _reserve(d: Scratch) -> tuple[int, ...]:
    b0, b1, f, s = d["barns"][0], d["barns"][1], d["fields"], d["surplus"]
    return tuple(D.TOKENS[r] - f[r] - b0[r] - b1[r] - s[r] for r in range(NUM_RES))


def _cap(d: Scratch, seat: int) -> int:
    return int(d["options"].barn_size) + _PERKS[d["upgrades"][seat]][0]


def _to_deal(d: Scratch) -> Scratch:
    """Go to the deal (a chance node) or, with nothing to deal, to play."""
    queue, deck, discard = d["deal_queue"], d["deck"], d["discard"]
    if queue and not deck and discard:
        # Gap: an empty deck is refilled with the discarded cards (the deck has no order,
        # so this is the reshuffle).
        d["deck"], d["discard"] = tuple(sorted(discard)), ()
    if queue and not d["deck"]:
        queue = ()  # nothing left to deal: hands and row stay short
    d["deal_queue"] = queue
    if queue:
        d["phase"] = DEAL
        d["to_move"] = CHANCE
        return d
    if not d["hands"][0] and not d["hands"][1] and d["pending"] < 0:
        # DB-05/DB-06 gap: with no card left to deal and both hands empty (possible with
        # a bigger hand_size) nobody can play: the year ends at once (never a stall).
        return _end_year(d)
    d["phase"] = PLAY
    d["to_move"] = d["active"] = _first_to_play(d)
    return d


def _first_to_play(d: Scratch) -> int:
    mill = d["mill"]
    if d["hands"][mill]:
        return int(mill)
    if d["hands"][1 - mill]:
        return 1 - int(mill)
    return int(mill)


def _start_year(d: Scratch, year: int, mill: int) -> Scratch:
    d["year"] = year
    d["mill"] = mill
    d["fields"] = _sow(d["fields"], _reserve(d), year, d["options"])
    d["active"] = mill
    other = 1 - mill
    size = d["options"].hand_size
    if _fruitful(year):
        # DB-05: 5 cards each, the Mill holder first.
        d["deal_queue"] = (mill,) * size + (other,) * size
        return _to_deal(d)
    # DB-06: each takes back last year's harvest cards (face up, so both players know
    # them) and fills the hand to 5; then the barter row.
    cols = d["columns"]
    hands = (tuple(sorted(cols[0])), tuple(sorted(cols[1])))
    d["hands"] = hands
    d["known"] = (hands[1], hands[0])
    d["columns"] = _EMPTY2
    d["deal_queue"] = (
        (mill,) * max(0, size - len(hands[mill]))
        + (other,) * max(0, size - len(hands[other]))
        + (ROW,) * d["options"].barter_cards
    )
    return _to_deal(d)


def _init(num_players: int, options: Options, rng: int, explicit: bool) -> State:
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
    # Setup: the fields and the river fill only at the first Sowing.
    return _make(_start_year(dict(s.__dict__), 1, 0))


# The last deck seen and its chance outcomes. A deal draws card after card: each draw
# removes one card from the deck, so the next outcome table is the last one minus one
# entry (a slice) instead of a new table over the whole deck. Keyed by identity: the memo
# holds the deck, so an ``is`` match means the very same tuple.
_LAST_DECK: list[tuple[tuple[int, ...], tuple[tuple[Draw, int], ...]]] = [((), ())]


def _chance(state: State) -> tuple[tuple[Draw, int], ...]:
    # One card drawn = one chance event, uniform over the cards left.
    deck = state.deck
    last, outcomes = _LAST_DECK[0]
    if last is deck:
        return outcomes
    # Every card left is one copy (weight 1): ``Uniform`` lets the core draw by index.
    outcomes = Uniform(map(_DRAW_W.__getitem__, deck))
    _LAST_DECK[0] = (deck, outcomes)
    return outcomes


def _insert(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = 0
    n = len(cards)
    while i < n and cards[i] < card:
        i += 1
    return (*cards[:i], card, *cards[i:])


def _remove(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _set(pair: tuple[Any, Any], seat: int, value: Any) -> Any:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def _apply_chance(state: State, outcome: Draw, rng: int) -> State:
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
    if queue and rest and state.phase == DEAL:
        # Still dealing (what `_to_deal` would decide): four fields change.
        if who == ROW:
            return replace(
                state, rng=rng, deck=rest, deal_queue=queue, barter=_insert(state.barter, card)
            )
        h0, h1 = state.hands
        hands = (_insert(h0, card), h1) if who == 0 else (h0, _insert(h1, card))
        return replace(state, rng=rng, deck=rest, deal_queue=queue, hands=hands)
    d = dict(state.__dict__)
    d["rng"] = rng
    d["deck"] = rest
    d["deal_queue"] = queue
    if who == ROW:
        d["barter"] = _insert(state.barter, card)
    else:
        d["hands"] = _set(state.hands, who, _insert(state.hands[who], card))
    return _make(_to_deal(d))


def _resolve(state: State) -> State:
    """Auto mode: a whole deal, the deck's refill from the discard included, on one copy.

    The same draws, in the same order, as `_apply_chance` one card at a time
    (`Game.resolve_each`; tests/dorge_et_ble/test_db_chance.py compares the two): each card
    is one `next_u64`, scaled to the cards left as the core scales the `Uniform` table of
    `_chance`, which lists the deck in card order. DB-05, DB-06: the queue says who gets
    each card; `_to_deal` refills an empty deck or ends the deal, as after a single draw.
    """
    d = dict(state.__dict__)
    while d["to_move"] == CHANCE:
        deck = list(d["deck"])  # never empty here: `_to_deal` refills or stops first
        rng = d["rng"]
        h0, h1 = d["hands"]
        places: tuple[list[int], list[int], list[int]] = (list(h0), list(h1), list(d["barter"]))
        queue = d["deal_queue"]
        dealt = 0
        for who in queue:
            u, rng = next_u64(rng)
            places[who].append(deck.pop((u * len(deck)) >> 64))
            dealt += 1
            if not deck:
                break
        d["rng"] = rng
        d["deck"] = tuple(deck)
        d["deal_queue"] = queue[dealt:]
        d["hands"] = (tuple(sorted(places[0])), tuple(sorted(places[1])))
        d["barter"] = tuple(sorted(places[ROW]))
        d = _to_deal(d)
    return _make(d)


# --- legal actions ----------------------------------------------------------------------


def _legal(state: State) -> tuple[Any, ...]:
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
            if disc is not _ZERO5:
                b0, b1, b2, b3, b4 = (
                    b0 + disc[0],
                    b1 + disc[1],
                    b2 + disc[2],
                    b3 + disc[3],
                    b4 + disc[4],
                )
            good = D.CARD_GOOD
            recipe = D.CARD_RECIPE
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


def _card(c: int, lang: str) -> str:
    from boardgames_fr.dorge_et_ble.render import card_label

    if 0 <= c < D.NUM_CARDS:
        return card_label(c, lang)
    return f"carte n°{c} (inexistante)" if lang == "fr" else f"card {c} (no such card)"


def _res(r: int, lang: str) -> str:
    fr = lang == "fr"
    if 0 <= r < NUM_RES:
        return D.RES_NAMES["fr" if fr else "en"][r]
    return f"ressource {r} (inexistante)" if fr else f"resource {r} (no such resource)"


def _explain(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is refused now, in French (``"fr"``) or English (``"en"``); "" for
    the core's generic sentence. Names no hidden card: only the seat's own hand and what
    lies face up (the pending card, the barter row, the barns)."""
    if state.phase == DEAL:
        return _explain_deal(state, action, lang)
    fr = lang == "fr"
    seat = state.to_move
    # A reason is read by a person: players are numbered from 1, as everywhere they read.
    who = player_name(seat, lang)
    if state.phase == DISCARD:
        if isinstance(action, Discard):
            res = _res(action.resource, lang)
            if fr:
                return f"la Grange de {who} ne contient aucun pion {de(res)}"
            return f"{who}'s barn holds no {res} token"
        if fr:
            return f"{who} doit d'abord offrir les pions qui ne tiennent pas dans sa Grange"
        return f"{who} must first give away the tokens that do not fit in the barn"
    if state.phase == KEEP:
        if isinstance(action, Keep):
            res = _res(action.resource, lang)
            if fr:
                return f"aucun pion {de(res)} n'est offert à {who}"
            return f"no {res} token is offered to {who}"
        if fr:
            return f"{who} doit d'abord choisir quels pions offerts garder"
        return f"{who} must first choose which offered tokens to keep"
    if isinstance(action, Discard | Keep):
        return "aucune Grange ne déborde maintenant" if fr else "no barn is overflowing now"
    if isinstance(action, Draw):
        return "aucune carte n'est distribuée maintenant" if fr else "no card is being dealt now"
    pending = _card(state.pending, lang) if state.pending >= 0 else ""
    if isinstance(action, Barter):
        if _fruitful(state.year):
            if fr:
                return "le troc n'est possible qu'en année de sécheresse"
            return "barter is only possible in a drought year"
        if pending:
            if fr:
                return f"{who} doit d'abord jouer {pending}, la carte prise au troc"
            return f"{who} must first play {pending}, taken from the barter row"
        if action.give not in state.hands[seat]:
            return _not_in_hand(action.give, who, lang)
        take = _card(action.take, lang)
        if fr:
            return f"{take} n'est pas parmi les cartes de troc"
        return f"{take} is not in the barter row"
    card = action.card
    if pending and card != state.pending:
        if fr:
            return f"{who} doit jouer {pending}, la carte prise au troc"
        return f"{who} must play {pending}, taken from the barter row"
    if not pending and card not in state.hands[seat]:
        return _not_in_hand(card, who, lang)
    if isinstance(action, Sell):
        good = D.CARD_GOOD[card]
        if state.buildings[seat][good] >= 0:
            if fr:
                where = "Brasserie" if good == D.BEER else "Boulangerie"
                return (
                    f"la {where} de {who} contient encore une carte vendue :"
                    " une amélioration la nettoie"
                )
            where = "Brewery" if good == D.BEER else "Bakery"
            return f"{who}'s {where} still holds a sold card: an upgrade cleans it up"
        label = _card(card, lang)
        if fr:
            return f"la Grange de {who} n'a pas les pions de la recette {de(label)}"
        return f"{who}'s barn lacks the tokens of the recipe of {label}"
    return ""


def _not_in_hand(card: int, who: str, lang: str) -> str:
    """« Blonde 4 (n°0) n'est pas dans la main de Joueur 1 »: the hand of the seat to move
    (its own, which it sees)."""
    label = _card(card, lang)
    if lang == "fr":
        return f"{label} n'est pas dans la main de {who}"
    return f"{label} is not in {who}'s hand"


def _explain_deal(state: State, action: Any, lang: str) -> str:
    """Why ``action`` is not the card drawn at this deal (DB-05, DB-06), for a table typing
    in the cards it deals, in French (``"fr"``) or English (``"en"``). Names no hidden
    card: only who gets the card drawn, which the hand sizes and the row show anyway; a
    card out of the deck is « not in the deck », wherever it is (maybe a hand)."""
    fr = lang == "fr"
    if isinstance(action, Draw):
        card = action.card
        last = D.NUM_CARDS - 1
        if not 0 <= card < D.NUM_CARDS:
            if fr:
                return f"il n'y a pas de carte n°{card} (les cartes vont du n°0 au n°{last})"
            return f"there is no card {card} (cards go from 0 to {last})"
        if card in state.deck:
            return ""  # it can be drawn: not a refusal
        # Not where it is: a card out of the deck may be in a hand.
        label = _card(card, lang)
        if fr:
            return (
                f"on ne peut pas piocher {label} maintenant : cette carte n'est pas dans la pioche"
            )
        return f"{label} cannot be drawn now: it is not in the deck"
    who = state.deal_queue[0]
    if fr:
        where = "rejoint le troc" if who == ROW else f"va dans la main de {player_name(who, lang)}"
        return f"on distribue les cartes : la prochaine carte tirée de la pioche {where}"
    where = "the barter row" if who == ROW else f"{player_name(who, lang)}'s hand"
    return f"the cards are being dealt: the next card drawn from the deck goes to {where}"


# --- playing a card ---------------------------------------------------------------------


def _played(state: State, seat: int, card: int) -> Scratch:
    """The scratch after ``card`` leaves the pending slot or the hand of ``seat``."""
    d = dict(state.__dict__)
    if state.pending == card:
        d["pending"] = -1
    else:
        hands = state.hands
        d["hands"] = _set(hands, seat, _remove(hands[seat], card))
    other = 1 - seat
    known = state.known
    if card in known[other]:
        # The other seat sees the card played: it is no longer in the hand it knows.
        d["known"] = _set(known, other, _remove(known[other], card))
    return d


# DB-02: a card played does one thing only: harvest, sale or upgrade. The action's class
# says which (legal_actions offers each class only in its phase).


def _apply_harvest(state: State, action: Harvest) -> State:
    seat = state.to_move
    return _make(_harvest(_played(state, seat, action.card), seat, action.card))


def _apply_sell(state: State, action: Sell) -> State:
    # DB-09: pay the recipe (to the reserve); the card is sold and blocks its building.
    seat = state.to_move
    card = action.card
    d = _played(state, seat, card)
    cost = _cost(card, _perks(state.upgrades[seat])[2])
    barn = state.barns[seat]
    d["barns"] = _set(state.barns, seat, tuple([barn[r] - cost[r] for r in _RES]))
    b = state.buildings[seat]
    b = (card, b[1]) if D.CARD_GOOD[card] == D.BEER else (b[0], card)
    d["buildings"] = _set(state.buildings, seat, b)
    return _make(_next_turn(d, seat))


def _apply_upgrade(state: State, action: Upgrade) -> State:
    # DB-10: the upgrade stays for the game; then clean-up: sold cards leave the Brasserie
    # and the Boulangerie (they still count, DB-12).
    seat = state.to_move
    card = action.card
    d = _played(state, seat, card)
    b = state.buildings[seat]
    d["upgrades"] = _set(state.upgrades, seat, (*state.upgrades[seat], card))
    if b != (-1, -1):
        d["buildings"] = _set(state.buildings, seat, (-1, -1))
        d["sold"] = _set(state.sold, seat, state.sold[seat] + tuple([c for c in b if c >= 0]))
    return _make(_next_turn(d, seat))


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
    ups = state.upgrades[seat]
    cap = state.options.barn_size + _PERKS[ups][0]
    if sum(barn) > cap and barn.count(0) < NUM_RES - 1:
        # Still over, with two kinds or more: the same seat discards again (`_overflow`).
        return replace(state, barns=barns, surplus=tuple(sur))
    d = dict(state.__dict__)
    d["barns"] = barns
    d["surplus"] = tuple(sur)
    return _make(_overflow(d, seat))


def _apply_keep(state: State, action: Keep) -> State:
    return _make(_keep(dict(state.__dict__), state.to_move, action.resource))


_APPLY: dict[type, Any] = {
    Harvest: _apply_harvest,
    Sell: _apply_sell,
    Upgrade: _apply_upgrade,
    Barter: _apply_barter,
    Discard: _apply_discard,
    Keep: _apply_keep,
}


def _apply(state: State, action: Any) -> State:
    return _APPLY[type(action)](state, action)  # type: ignore[no-any-return]


def _harvest(d: Scratch, seat: int, card: int) -> Scratch:
    # DB-07: for each resource on the card played, as many tokens as the whole column
    # shows (plus Champ upgrades), as far as the field or river lasts: `_gain`, written
    # out here in place because it is the hot path (the labels' `harvest_gain` uses
    # `_gain`; tests/dorge_et_ble/test_db_labels.py checks that the two agree).
    column = (*d["columns"][seat], card)
    plus = _PERKS[d["upgrades"][seat]][1]
    fields = list(d["fields"])
    barns = d["barns"]
    barn = list(barns[seat])
    shows = D.CARD_HARVEST
    for r in D.CARD_HARVEST_TYPES[card]:
        want = plus[r]
        for c in column:
            want += shows[c][r]
        got = want if want < fields[r] else fields[r]
        fields[r] -= got
        barn[r] += got
    d["columns"] = _set(d["columns"], seat, column)
    d["fields"] = tuple(fields)
    d["barns"] = _set(barns, seat, tuple(barn))
    d["active"] = seat
    return _overflow(d, seat)


def _overflow(d: Scratch, seat: int) -> Scratch:
    """DB-08: a barn over its spaces gives its surplus away, chosen by its owner."""
    barn = d["barns"][seat]
    over = sum(barn) - d["options"].barn_size - _PERKS[d["upgrades"][seat]][0]
    if over <= 0:
        if sum(d["surplus"]):
            return _offer(d, seat)
        return _next_turn(d, seat)
    kinds = tuple(compress(_RES, barn))
    if len(kinds) == 1:
        # Only one kind of token: no choice to make.
        r = kinds[0]
        b = list(barn)
        b[r] -= over
        sur = list(d["surplus"])
        sur[r] += over
        d["barns"] = _set(d["barns"], seat, tuple(b))
        d["surplus"] = tuple(sur)
        return _offer(d, seat)
    d["phase"] = DISCARD
    d["to_move"] = seat
    return d


def _discard(d: Scratch, seat: int, r: int) -> Scratch:
    barns = d["barns"]
    b = list(barns[seat])
    b[r] -= 1
    sur = list(d["surplus"])
    sur[r] += 1
    d["barns"] = _set(barns, seat, tuple(b))
    d["surplus"] = tuple(sur)
    return _overflow(d, seat)


def _offer(d: Scratch, seat: int) -> Scratch:
    """DB-08: the other player keeps what fits; the rest goes back to the reserve."""
    other = 1 - seat
    barns = d["barns"]
    room = _cap(d, other) - sum(barns[other])
    sur = d["surplus"]
    total = sum(sur)
    if total <= room or room <= 0 or len(tuple(compress(_RES, sur))) == 1:
        take = sur if total <= room else tuple([min(n, max(room, 0)) for n in sur])
        b = barns[other]
        d["barns"] = _set(barns, other, tuple([b[r] + take[r] for r in _RES]))
        d["surplus"] = _ZERO5
        return _next_turn(d, seat)
    d["phase"] = KEEP
    d["to_move"] = other
    return d


def _keep(d: Scratch, seat: int, r: int) -> Scratch:
    barns = d["barns"]
    b = list(barns[seat])
    b[r] += 1
    sur = list(d["surplus"])
    sur[r] -= 1
    d["barns"] = _set(barns, seat, tuple(b))
    d["surplus"] = tuple(sur)
    room = _cap(d, seat) - sum(b)
    if room <= 0 or not sum(sur):
        d["surplus"] = _ZERO5  # what does not fit goes back to the reserve
        return _next_turn(d, 1 - seat)
    if sum(1 for n in sur if n) == 1:
        return _offer(d, 1 - seat)
    return d


def _next_turn(d: Scratch, seat: int) -> Scratch:
    """Whose turn after ``seat`` has played a card (DB-05, DB-06), or the year's end."""
    other = 1 - seat
    hands = d["hands"]
    d["phase"] = PLAY
    if d["year"] % 2 == 1:
        # DB-05: the Mill holder plays, then the other; then the hands are swapped.
        if seat == d["mill"] and hands[other]:
            d["to_move"] = d["active"] = other
            return d
        if not hands[0] and not hands[1]:
            return _end_year(d)
        # Each seat now knows exactly the hand it passed.
        d["hands"] = (hands[1], hands[0])
        d["known"] = hands
        d["to_move"] = d["active"] = _first_to_play(d)
        return d
    # DB-06: alternate turns, no swapping.
    if hands[other]:
        nxt = other
    elif hands[seat]:
        nxt = seat
    else:
        return _end_year(d)
    d["to_move"] = d["active"] = nxt
    return d


def _end_year(d: Scratch) -> Scratch:
    # DB-11: the Mill goes to the barn with fewer tokens; on a tie to the one who did not
    # hold it (also after the sixth year, where it settles DB-13's last tie-break).
    b0, b1 = sum(d["barns"][0]), sum(d["barns"][1])
    if b0 < b1:
        mill = 0
    elif b1 < b0:
        mill = 1
    else:
        mill = 1 - d["mill"]
    d["known"] = _EMPTY2
    d["pending"] = -1
    if d["year"] % 2 == 0:
        # DB-11: after a drought year the barter and harvest cards are discarded.
        cols = d["columns"]
        d["discard"] = tuple(sorted(d["discard"] + d["barter"] + cols[0] + cols[1]))
        d["barter"] = ()
        d["columns"] = _EMPTY2
    if d["year"] >= YEARS:
        # DB-12: the game ends after the sixth year.
        d["mill"] = mill
        d["to_move"] = TERMINAL
        d["phase"] = OVER
        return d
    return _start_year(d, d["year"] + 1, mill)


# --- observation, hidden variants, validation ---------------------------------------------


def _observe(state: State, seat: int | None) -> Observation:
    if seat is None:
        hand: tuple[int, ...] = ()
        known: tuple[int, ...] = ()
    else:
        hand = state.hands[seat]
        known = state.known[seat]
    return Observation(
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
    )


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


def _hidden_variants(state: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
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
            attrs.evolve(state, hands=(hands[0], hands[1]), deck=tuple(sorted(pool)), rng=rng.u64())
        )
    return tuple(variants)


def _validate(state: State) -> None:
    if state.num_players != 2:
        raise InvalidStateError("state.num_players", "D'Orge et de Blé is for 2 players")
    if not 1 <= state.year <= YEARS:
        raise InvalidStateError("state.year", f"must be 1 to {YEARS}")
    if state.phase not in (DEAL, PLAY, DISCARD, KEEP, OVER):
        raise InvalidStateError("state.phase", f"unknown phase {state.phase!r}")
    if state.mill not in (0, 1):
        raise InvalidStateError("state.mill", "must be seat 0 or 1")
    # A card slot holds a card or -1, its only "none" (no barter card waiting, an empty
    # building): any other number is no card, also a negative one that the rules, which
    # test ``>= 0``, would silently read as "none".
    if not -1 <= state.pending < D.NUM_CARDS:
        raise InvalidStateError(
            "state.pending",
            f"must be -1 (no card) or a card 0 to {D.NUM_CARDS - 1}, not {state.pending}",
        )
    for s in (0, 1):
        for slot, c in enumerate(state.buildings[s]):
            if not -1 <= c < D.NUM_CARDS:
                raise InvalidStateError(
                    f"state.buildings[{s}][{slot}]",
                    f"must be -1 (empty) or a card 0 to {D.NUM_CARDS - 1}, not {c}",
                )
    places: list[tuple[str, tuple[int, ...]]] = [
        ("deck", state.deck),
        ("discard", state.discard),
        ("barter", state.barter),
        ("pending", (state.pending,) if state.pending >= 0 else ()),
    ]
    for s in (0, 1):
        places += [
            (f"hands[{s}]", state.hands[s]),
            (f"columns[{s}]", state.columns[s]),
            (f"buildings[{s}]", tuple(c for c in state.buildings[s] if c >= 0)),
            (f"sold[{s}]", state.sold[s]),
            (f"upgrades[{s}]", state.upgrades[s]),
        ]
    seen: set[int] = set()
    for name, cards in places:
        for c in cards:
            if not 0 <= c < D.NUM_CARDS:
                raise InvalidStateError(f"state.{name}", f"{c} is not a card")
            if c in seen:
                raise InvalidStateError(f"state.{name}", f"card {c} is in two places")
            seen.add(c)
    if len(seen) != D.NUM_CARDS:
        raise InvalidStateError("state.deck", f"{D.NUM_CARDS - len(seen)} cards are missing")
    for s in (0, 1):
        for slot, c in enumerate(state.buildings[s]):
            if c >= 0 and D.CARD_GOOD[c] != slot:
                raise InvalidStateError(
                    f"state.buildings[{s}][{slot}]", f"card {c} is the wrong good"
                )
        if any(c not in state.hands[1 - s] for c in state.known[s]):
            raise InvalidStateError(f"state.known[{s}]", "a known card is not in that hand")
        if len(state.barns[s]) != NUM_RES or any(n < 0 for n in state.barns[s]):
            raise InvalidStateError(f"state.barns[{s}]", "five counts of at least 0")
    if len(state.fields) != NUM_RES or any(n < 0 for n in state.fields):
        raise InvalidStateError("state.fields", "five counts of at least 0")
    if len(state.surplus) != NUM_RES or any(n < 0 for n in state.surplus):
        raise InvalidStateError("state.surplus", "five counts of at least 0")
    if any(n < 0 for n in reserve(state)):
        raise InvalidStateError("state.fields", "more tokens than the game has")
    # DB-04: a field only ever grows at the Semis, up to its sign: the green one (a drought
    # Semis "add_up_to" keeps what is there, which is at most green), or exactly the red
    # one in a drought year with "reset_to"; between two Semis it only shrinks.
    side = 1 if not _fruitful(state.year) and state.options.drought_sowing == "reset_to" else 0
    for r in range(1, NUM_RES):
        sign = D.SIGNS[r][side]
        if state.fields[r] > sign:
            raise InvalidStateError(
                f"state.fields[{r}]",
                f"{state.fields[r]} {D.RESOURCES[r]} tokens, above the field's"
                f" {'red' if side else 'green'} sign of {sign}",
            )
    _validate_phase(state)


def _validate_phase(state: State) -> None:
    """The phase, the seat to move and the pending things must agree, so that a loaded
    save can neither crash ``step`` nor stall (no legal action but not over)."""
    phase, tm = state.phase, state.to_move
    for name in ("deck", "discard", "barter"):
        cards = getattr(state, name)
        if list(cards) != sorted(cards):
            raise InvalidStateError(f"state.{name}", "cards must be sorted")
    for s in (0, 1):
        if list(state.hands[s]) != sorted(state.hands[s]):
            raise InvalidStateError(f"state.hands[{s}]", "cards must be sorted")
        if len(state.hands[s]) > state.options.hand_size:
            raise InvalidStateError(
                f"state.hands[{s}]", f"more than {state.options.hand_size} cards"
            )
        if len(set(state.known[s])) != len(state.known[s]):
            raise InvalidStateError(f"state.known[{s}]", "a card is listed twice")
    if any(q not in (0, 1, ROW) for q in state.deal_queue):
        raise InvalidStateError("state.deal_queue", "entries must be 0, 1 or 2 (the row)")
    # DB-05/DB-06: dealing is a chance node with someone waiting for a card.
    if (phase == DEAL) != (tm == CHANCE):
        raise InvalidStateError("state.to_move", "-1 (chance) exactly in the deal phase")
    if phase == DEAL and not state.deal_queue:
        raise InvalidStateError("state.deal_queue", "a deal needs a seat or the row to deal to")
    if phase == DEAL and not state.deck:
        # Gap "the deck running out": whenever cards are queued and the deck is empty,
        # `_to_deal` refills it from the discard at once, or ends the deal with both
        # empty. A deal with an empty deck would have nothing to draw: no outcome, no
        # legal action, yet not over.
        raise InvalidStateError(
            "state.deck",
            "the phase deal needs a card in the deck: an empty deck is refilled from the"
            " discard at once, and with both empty the deal ends",
        )
    if phase != DEAL and state.deal_queue:
        raise InvalidStateError("state.deal_queue", "cards are queued only in the phase deal")
    # DB-05/DB-06: the queue fills the hands up to hand_size and the row up to barter_cards.
    for s in (0, 1):
        if len(state.hands[s]) + state.deal_queue.count(s) > state.options.hand_size:
            raise InvalidStateError(
                "state.deal_queue", f"deals seat {s} more than {state.options.hand_size} cards"
            )
        # DB-06: this year's harvest cards come back to the hand next drought year; the
        # card taken from the barter row is the active seat's to play (maybe harvest).
        pending = int(state.pending >= 0 and s == state.active)
        held = len(state.columns[s]) + len(state.hands[s]) + state.deal_queue.count(s) + pending
        if held > state.options.hand_size:
            raise InvalidStateError(
                f"state.columns[{s}]",
                f"harvest column and hand hold more than {state.options.hand_size} cards",
            )
    if ROW in state.deal_queue and _fruitful(state.year):
        raise InvalidStateError("state.deal_queue", "no barter row in a fruitful year")
    if len(state.barter) + state.deal_queue.count(ROW) > state.options.barter_cards:
        raise InvalidStateError(
            "state.deal_queue", f"deals the row more than {state.options.barter_cards} cards"
        )
    # DB-12: the game is over exactly after the sixth year.
    if (phase == OVER) != (tm == TERMINAL):
        raise InvalidStateError("state.to_move", "-2 (over) exactly in the phase over")
    if phase == OVER and state.year != YEARS:
        raise InvalidStateError("state.year", f"the game ends after year {YEARS}")
    if phase in (PLAY, DISCARD, KEEP) and tm not in (0, 1):
        raise InvalidStateError("state.to_move", f"a seat (0 or 1) in the phase {phase}")
    if state.active not in (0, 1):
        raise InvalidStateError("state.active", "must be seat 0 or 1")
    if phase == PLAY and tm != state.active:
        raise InvalidStateError("state.active", "the seat to play is the active seat")
    if phase == PLAY and not state.hands[tm] and state.pending < 0:
        raise InvalidStateError(f"state.hands[{tm}]", "the seat to play holds no card")
    caps = (capacity(state, 0), capacity(state, 1))
    for s in (0, 1):
        over = sum(state.barns[s]) > caps[s]
        # DB-08: only the barn giving its surplus away may be over its spaces.
        if over and not (phase == DISCARD and tm == s):
            raise InvalidStateError(f"state.barns[{s}]", "more tokens than spaces")
    if phase == DISCARD and sum(state.barns[tm]) <= caps[tm]:
        raise InvalidStateError(f"state.barns[{tm}]", "the phase discard needs a barn over")
    if phase == KEEP and (not sum(state.surplus) or sum(state.barns[tm]) >= caps[tm]):
        raise InvalidStateError("state.surplus", "the phase keep needs a surplus and room")
    if phase not in (DISCARD, KEEP) and sum(state.surplus) > 0:
        raise InvalidStateError("state.surplus", "tokens are offered only while discarding")
    # DB-08: the harvester (active) gives its surplus away, then the other seat keeps.
    if phase == DISCARD and tm != state.active:
        raise InvalidStateError("state.active", "the seat giving tokens away is the active seat")
    if phase == KEEP and tm == state.active:
        raise InvalidStateError(
            "state.active", "the seat keeping offered tokens is not the active seat"
        )
    # DB-06: barter happens only in drought years.
    if _fruitful(state.year) and (state.barter or state.pending >= 0):
        raise InvalidStateError("state.barter", "no barter row in a fruitful year")
    # DB-06: the card taken from the row is played at once, by the seat that took it.
    if state.pending >= 0 and phase != PLAY:
        raise InvalidStateError("state.pending", "a barter card waits only in the phase play")
    if _fruitful(state.year) and phase != OVER:
        # DB-05: who plays next follows from the Mill and the hand sizes, and every card
        # played may be harvested: a Mill or a seat to move that breaks the order could
        # grow a column past hand_size, a hand too many when it comes back (DB-06).
        ahead = _cards_ahead(state)
        for s in (0, 1):
            if len(state.columns[s]) + ahead[s] > state.options.hand_size:
                raise InvalidStateError(
                    "state.mill",
                    f"seat {s} would hold more than {state.options.hand_size} cards this year:"
                    " the Mill, the seat to move and the hands do not fit one turn order",
                )


def _cards_ahead(state: State) -> tuple[int, int]:
    """DB-05: the most cards each seat will have played from now on plus held, at any
    point of this fruitful year, from the hand sizes (and the cards still to deal) alone:
    the turn order of `_next_turn` and `_first_to_play`, replayed on counts. Every card
    played may be harvested, so a column plus this must stay within hand_size."""
    queue = state.deal_queue
    h = [len(state.hands[0]) + queue.count(0), len(state.hands[1]) + queue.count(1)]
    mill = state.mill
    plays = [0, 0]
    most = [h[0], h[1]]
    seat: int | None
    if state.phase == DEAL:
        seat = mill if h[mill] or not h[1 - mill] else 1 - mill
    elif state.phase == PLAY:
        seat = state.to_move
    else:
        # DISCARD: the harvester is to move; KEEP: the other seat keeps what it is offered.
        # Either way the harvester has played, and its turn ends next.
        seat = None
        after = state.to_move if state.phase == DISCARD else 1 - state.to_move
    while True:
        if seat is not None:
            if not h[seat]:
                break  # a seat to play with no card: refused elsewhere
            h[seat] -= 1
            plays[seat] += 1
            after = seat
        other = 1 - after
        if after == mill and h[other]:
            seat = other
            continue
        if not h[0] and not h[1]:
            break
        h = [h[1], h[0]]
        # Only a swap changes what a seat holds plus what it has played.
        most = [max(most[s], plays[s] + h[s]) for s in (0, 1)]
        seat = mill if h[mill] or not h[1 - mill] else 1 - mill
    return max(most[0], plays[0] + h[0]), max(most[1], plays[1] + h[1])


def _describe(action: Any, state: State | None, lang: str) -> str:
    from boardgames_fr.dorge_et_ble.render import describe

    return describe(action, state, lang)


def _render(state: State, lang: str, seat: int | None = None) -> str:
    from boardgames_fr.dorge_et_ble.render import render

    return render(state, lang, seat)


GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=ACTION_TYPES,
    classes=(Observation,),
    init=_init,
    legal=_legal,
    apply=_apply,
    scores=_scores,
    winners=_winners,
    observe=_observe,
    describe=_describe,
    render=_render,
    chance=_chance,
    apply_chance=_apply_chance,
    explain=_explain,
    explain_chance=True,  # `_explain` knows the deal (`_explain_deal`)
    # DB-05, DB-06: every chance node is a deal from the face-down deck, whose other cards
    # are in the hands: the cards it can give tell what a hand holds.
    secret_chance=lambda state: True,
    validate=_validate,
    hidden_variants=_hidden_variants,
    resolve=_resolve,
)
