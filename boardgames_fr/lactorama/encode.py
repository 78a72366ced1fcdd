"""Lactorama as numbers, for reinforcement learning (issue #22): a fixed numbering of
every move and chance outcome, a legal-action mask, and the observation as a flat float32
vector of a fixed length.

Moves are numbered by what they carry, the same in every state of a game (`actions`,
``62 + 5 F`` moves for ``F`` farms: 72, 77, 82, 87 for 2, 3, 4, 5 farms), in this order:
`ChooseFiliere` by filière (3), `ChooseNeighbour` by farm (F), `AcceptCard` (factor,
plain), `DeclineCard`, `BuyCows` (cash, loan), `EndPurchase`, `MakeOffer` by farm (F),
`Give` (the Négoce's 20 gifts by kind then quantity, the filière swap, nothing: 22),
`Take` (the same 22 requests), `EndNegoce`, `AcceptOffer`, `RefuseOffer`, `GiveLand` by
farm (F), `Repay`, `SellCows`, `ChangeFiliere` by filière (3), `ProposeAlliance` by farm
(F), `KeepBons` by farm (F), `EndYear`. Chance outcomes (`CHANCE_OUTCOMES`, 94): `DieRoll`
1-6 at 0-5, then `DrawCard` by card in the order of the card data (the 64 season cards,
then the 24 Imprévu cards).

The observation vector (`observation_shape`, `observation_tensor`) is a list of blocks,
each a one-hot, a multi-hot or a few scaled numbers; `layout` gives them with their place,
and docs/rules/lactorama.md (« Observation ») describes them.
"""

from __future__ import annotations

import importlib
from array import array
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core.encoding import IdentityIndex, mask_of
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
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
from boardgames_fr.lactorama.chance import SINGLE, chance
from boardgames_fr.lactorama.farms import QTY, ROUTES, num_farms
from boardgames_fr.lactorama.state import (
    END_REASONS,
    KIND_BONS,
    KIND_COWS,
    KIND_FILIERE,
    KIND_HA,
    KIND_MONEY,
    KIND_NOTHING,
    PHASES,
    STAGES,
    STATUSES,
    Observation,
    Options,
    State,
)

# The game's wiring, imported by name: with this module and the rules both compiled,
# mypyc (2.4) refuses lactorama.game in their import graph with a spurious error (its
# `render` "already defined"). The package has imported it before this module.
_wiring = importlib.import_module("boardgames_fr.lactorama.game")
GAME: Game[State, Any, Observation] = _wiring.GAME
GAME_INFO: GameInfo = _wiring.GAME_INFO

__all__ = [
    "CHANCE_OUTCOMES",
    "FARM_SCALES",
    "action_index",
    "actions",
    "index_action",
    "layout",
    "legal_indices",
    "legal_mask",
    "num_actions",
    "num_chance_outcomes",
    "observation_shape",
    "observation_tensor",
    "state_tensor",
]

# --- the numbering of moves -------------------------------------------------------------

_FIL = D.FILIERES
# The Négoce's items (LA-11): the gifts and requests with a quantity, then the filière
# swap and nothing (quantity 0), as the menus of negoce.py list them.
_ITEMS: tuple[tuple[str, int], ...] = (
    *((kind, q) for kind in (KIND_HA, KIND_COWS, KIND_MONEY, KIND_BONS) for q in QTY[kind]),
    (KIND_FILIERE, 0),
    (KIND_NOTHING, 0),
)
_ITEM_INDEX = {item: i for i, item in enumerate(_ITEMS)}


@cache
def actions(farms: int) -> tuple[Any, ...]:
    """Every move of a game of ``farms`` farms, at its index.

    Example:
        >>> len(actions(2)), actions(2)[:4]
        (72, (ChooseFiliere(filiere='societale'), ChooseFiliere(filiere='ecolo'), \
ChooseFiliere(filiere='techno'), ChooseNeighbour(farm=0)))
    """
    f = range(farms)
    return (
        *(ChooseFiliere(x) for x in _FIL),
        *(ChooseNeighbour(i) for i in f),
        AcceptCard(),
        AcceptCard(plain=True),
        DeclineCard(),
        BuyCows(False),
        BuyCows(True),
        EndPurchase(),
        *(MakeOffer(i) for i in f),
        *(Give(kind, q) for kind, q in _ITEMS),
        *(Take(kind, q) for kind, q in _ITEMS),
        EndNegoce(),
        AcceptOffer(),
        RefuseOffer(),
        *(GiveLand(i) for i in f),
        Repay(),
        SellCows(),
        *(ChangeFiliere(x) for x in _FIL),
        *(ProposeAlliance(i) for i in f),
        *(KeepBons(i) for i in f),
        EndYear(),
    )


@cache
def _index(farms: int) -> dict[Any, int]:
    table = {a: i for i, a in enumerate(actions(farms))}
    if len(table) != len(actions(farms)):
        raise ValueError("lactorama.encode: two moves share an index")
    return table


_CARD_IDS = tuple(D.CARDS)
CHANCE_OUTCOMES: tuple[DieRoll | DrawCard, ...] = (
    *(DieRoll(v) for v in range(1, 7)),
    *(DrawCard(c) for c in _CARD_IDS),
)
"""Every chance outcome, at its index: the six faces of a die (LA-03, LA-05), then each
card drawn (a season card for a slot, an Imprévu card: LA-04, LA-13)."""
_CHANCE_INDEX: dict[Any, int] = {o: i for i, o in enumerate(CHANCE_OUTCOMES)}
_NUM_CHANCE = len(CHANCE_OUTCOMES)


def _check_players(num_players: int) -> None:
    if num_players not in GAME_INFO.player_counts:
        raise ValueError(
            f"num_players must be one of {GAME_INFO.player_counts}, not {num_players!r}"
        )


def num_actions(num_players: int, options: Options | None = None) -> int:
    """How many moves are numbered: ``62 + 5 F`` for ``F`` farms (one per player, or per
    team of two: LA-01).

    Example:
        >>> num_actions(2, Options()), num_actions(5, Options())
        (72, 87)
        >>> num_actions(4, Options(teams=True))
        72
    """
    _check_players(num_players)
    return len(actions(num_farms(num_players, options or Options())))


def num_chance_outcomes(num_players: int, options: Options | None = None) -> int:
    """How many chance outcomes are numbered: 6 die faces and the 88 cards.

    Example:
        >>> num_chance_outcomes(3, Options())
        94
    """
    _check_players(num_players)
    return _NUM_CHANCE


def _outcomes(state: State) -> list[int]:
    """The indices of the chance outcomes at ``state``, a chance node."""
    return [_CHANCE_INDEX[o] for o, _ in chance(state)]


def action_index(state: State, action: Any) -> int:
    """The index of a legal ``action`` (a chance outcome at a chance node), the same in
    every state of a game.

    Raises:
        ValueError: ``action`` is not legal in ``state`` (or the game is over).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3, chance="explicit")
        >>> action_index(s, DieRoll(4))
        3
    """
    if state.to_move == CHANCE:
        i = _CHANCE_INDEX.get(action, -1) if _hashable(action) else -1
        if i < 0 or i not in _outcomes(state):
            raise ValueError(f"{action!r} is not a chance outcome of this Lactorama state")
        return i
    table = _index(len(state.farms))
    i = table.get(action, -1) if _hashable(action) else -1
    if i < 0 or state.to_move == TERMINAL or action not in GAME.legal_actions(state):
        raise ValueError(f"{action!r} is not a legal Lactorama move now")
    return i


def _hashable(x: object) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True


def index_action(state: State, i: int) -> Any:
    """The legal action (chance outcome at a chance node) numbered ``i``.

    Raises:
        ValueError: no legal action of ``state`` has that number.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3, chance="explicit")
        >>> index_action(s, 3)
        DieRoll(value=4)
        >>> index_action(s, 6)
        Traceback (most recent call last):
        ...
        ValueError: index 6 (DrawCard(card='P01')) cannot be drawn now
    """
    if state.to_move == CHANCE:
        if not 0 <= i < _NUM_CHANCE:
            raise ValueError(f"index {i} is not a chance outcome (0 to {_NUM_CHANCE - 1})")
        if i not in _outcomes(state):
            raise ValueError(f"index {i} ({CHANCE_OUTCOMES[i]!r}) cannot be drawn now")
        return CHANCE_OUTCOMES[i]
    table = actions(len(state.farms))
    if not 0 <= i < len(table):
        raise ValueError(f"index {i} is not a move (0 to {len(table) - 1})")
    if state.to_move == TERMINAL:
        raise ValueError(f"index {i}: the game is over, no move is legal")
    action = table[i]
    if action not in GAME.legal_actions(state):
        raise ValueError(f"index {i} ({action!r}) is not a legal move now")
    return action


def legal_indices(state: State) -> list[int]:
    """The number of each legal action (chance outcome at a chance node), in the order
    of ``legal_actions(state)``; empty at the end.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> legal_indices(L.new_game(2, seed=3, chance="explicit"))
        [0, 1, 2, 3, 4, 5]
    """
    legal = GAME.legal_actions(state)  # cached by the core for the `step` that follows
    if state.to_move == CHANCE:
        return _CHANCE_IDENTITY.indices(legal)
    return _identity(len(state.farms)).indices(legal)


@cache
def _identity(farms: int) -> IdentityIndex:
    """The moves' numbers by identity (menus are mostly the rules' constant objects)."""
    return IdentityIndex(_index(farms))


_CHANCE_IDENTITY = IdentityIndex(_CHANCE_INDEX)


def legal_mask(state: State) -> npt.NDArray[np.bool_]:
    """True at the index of each legal action: shape ``(num_actions,)`` at a decision
    node (all False at the end), ``(num_chance_outcomes,)`` at a chance node.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3, chance="explicit")
        >>> [int(i) for i in legal_mask(s).nonzero()[0]]
        [0, 1, 2, 3, 4, 5]
    """
    size = _NUM_CHANCE if state.to_move == CHANCE else len(_index(len(state.farms)))
    return mask_of(legal_indices(state), size)


_KEEP = 4096  # entries kept in the store below, then the store starts again


# --- the observation vector -------------------------------------------------------------

_SEASON_CARDS = tuple(c for c in _CARD_IDS if c not in set(D.IMPREVU_DECK))
_IMPREVU_CARDS = tuple(c for c in _CARD_IDS if c in set(D.IMPREVU_DECK))
_SEASON_POS = {c: i for i, c in enumerate(_SEASON_CARDS)}
_IMPREVU_POS = {c: i for i, c in enumerate(_IMPREVU_CARDS)}
_CARD_POS = {c: i for i, c in enumerate(_CARD_IDS)}
_FIL_POS = {"": 0, **{x: i + 1 for i, x in enumerate(_FIL)}}
_STATUS_POS = {x: i for i, x in enumerate(STATUSES)}
_STAGE_POS = {x: i for i, x in enumerate(STAGES)}
_PHASE_POS = {x: i for i, x in enumerate(PHASES)}
_END_POS = {x: i for i, x in enumerate(END_REASONS)}
_HEX = 6  # the hexagon's spaces, positions -6..-1 (LA-05)
if not SINGLE:
    raise ValueError("lactorama.encode: a card printed twice needs counts in the piles' blocks")

# The scale of each number of a farm: its value over the scale is in [0, 1] in every game
# played by the tests (random and heuristic); a larger count gives a value above 1, never
# clipped. Money below zero (a farm short of cows to sell, LA-24) is the "debt" entry.
FARM_SCALES = (
    ("ha", 256),
    ("cows", 256),
    ("money", 262_144),
    ("debt", 262_144),
    ("bons", 64),
    ("loans", 64),
    ("green", 16),
    ("pledged", 64),
)
_FARM_NUMBERS = len(FARM_SCALES)
_FARM_BLOCK = _FARM_NUMBERS + len(_FIL_POS) + len(_IMPREVU_CARDS) + 1 + len(STATUSES)
_SHOP_PRICE_SCALE = 4096
_SHOP_LEFT_SCALE = 32
_OFFERS_SCALE = 5  # Options.offers_per_negoce is at most 5
# The bounds of the options' numbers (state.Options).
_OPTION_BOUNDS = {"years": 10, "dice": 2, "squares": 16, "offers_per_negoce": 5}


def _blocks(n: int, options: Options) -> tuple[tuple[str, int], ...]:
    """(name, length) of each block, in order."""
    f = num_farms(n, options)
    route = len(ROUTES[options.squares])
    sq = options.squares
    ns, ni = len(_SEASON_CARDS), len(_IMPREVU_CARDS)
    return (
        ("options", 9),
        ("seat", n),
        ("to_move", n + 2),
        ("farms", f * _FARM_BLOCK),
        ("farm_of", n * f),
        ("pos", n * (route + _HEX)),
        ("year", options.years + 1),
        ("season", 4),
        ("stage", len(STAGES)),
        ("phase", len(PHASES)),
        ("actor", n),
        ("last_player", n),
        ("room", n * n),
        ("slots", sq * (ns + 1)),
        ("deck", ns),
        ("imprevu", ni),
        ("imprevu_under", ni),
        ("dice", 2 * 6),
        ("card", len(_CARD_IDS)),
        ("neighbour", f),
        ("shop", 3),
        ("offer", 1 + f + 2 * len(_ITEMS)),
        ("queue", f * f),
        ("handout", f * f),
        ("end_reason", len(END_REASONS)),
        ("moved", 1),
        ("budget", 1 + n),
        ("deal_slot", sq),
        ("winner_farms", f),
    )


def layout(num_players: int, options: Options | None = None) -> tuple[tuple[str, int, int], ...]:
    """(name, start, length) of each block of the observation vector, in order.

    Example:
        >>> layout(2)[:3]
        (('options', 0, 9), ('seat', 9, 2), ('to_move', 11, 4))
    """
    _check_players(num_players)
    out, at = [], 0
    for name, length in _blocks(num_players, options or Options()):
        out.append((name, at, length))
        at += length
    return tuple(out)


def observation_shape(num_players: int, options: Options | None = None) -> tuple[int]:
    """The shape of `observation_tensor`'s vector for these seats and options.

    Example:
        >>> [observation_shape(n, Options()) for n in (2, 3, 5)]
        [(1265,), (1358,), (1568,)]
    """
    _check_players(num_players)
    return (sum(length for _, length in _blocks(num_players, options or Options())),)


class _Plan:
    """What `observation_tensor` precomputes for one player count and options."""

    def __init__(self, n: int, options: Options) -> None:
        self.n = n
        self.f = num_farms(n, options)
        self.size = observation_shape(n, options)[0]
        at = self.at = {name: start for name, start, _ in layout(n, options)}
        self.route = len(ROUTES[options.squares])
        o = options
        self.options_row = tuple(
            float(x)
            for x in (
                o.years / _OPTION_BOUNDS["years"],
                o.dice / _OPTION_BOUNDS["dice"],
                o.face_down,
                o.squares / _OPTION_BOUNDS["squares"],
                o.land_always,
                o.teams,
                o.offers_per_negoce / _OPTION_BOUNDS["offers_per_negoce"],
                o.bank_sales,
                o.alliance_ends_convictions,
            )
        )
        self.farms = at["farms"]
        self.cards = at["slots"]  # slots, deck, imprevu, imprevu_under: one segment
        self.seat, self.to_move, self.farm_of, self.pos = (
            at["seat"],
            at["to_move"],
            at["farm_of"],
            at["pos"],
        )
        self.year, self.season, self.stage, self.phase = (
            at["year"],
            at["season"],
            at["stage"],
            at["phase"],
        )
        self.actor, self.last_player, self.room = at["actor"], at["last_player"], at["room"]
        self.dice, self.card, self.neighbour, self.shop = (
            at["dice"],
            at["card"],
            at["neighbour"],
            at["shop"],
        )
        self.offer, self.queue, self.handout = at["offer"], at["queue"], at["handout"]
        self.end_reason, self.moved, self.budget = at["end_reason"], at["moved"], at["budget"]
        self.deal_slot, self.winner_farms = at["deal_slot"], at["winner_farms"]
        self.deck, self.imprevu = at["deck"], at["imprevu"]
        self.imprevu_under = at["imprevu_under"]
        # The vector with the options' row that each observation starts from.
        template = np.zeros(self.size, dtype=np.float32)
        template[:9] = self.options_row
        self.head = template[: self.farms].tobytes()
        self.middle = template[at["farm_of"] : self.cards].tobytes()
        self.tail = template[at["dice"] :].tobytes()
        # The places of each seat's pawn, by position (-6..-1: the hexagon, LA-05).
        width = self.route + _HEX
        self.pos_of = tuple(
            {
                x: self.pos + i * width + (x if x >= 0 else width + x)
                for x in range(-_HEX, self.route)
            }
            for i in range(n)
        )


_PLANS: dict[tuple[int, Options], _Plan] = {}


def _plan(n: int, options: Options) -> _Plan:
    last = _LAST_PLAN[0]
    if last[0] is options and last[1] == n and last[2] is not None:
        return last[2]
    plan = _PLANS.get((n, options))
    if plan is None:
        _check_players(n)
        plan = _PLANS[(n, options)] = _Plan(n, options)
    _LAST_PLAN[0] = (options, n, plan)
    return plan


_LAST_PLAN: list[tuple[Any, int, _Plan | None]] = [(None, 0, None)]


# The cards' blocks (slots, deck, Imprévu pile, cards under it: contiguous), as float32
# bytes, each made once for the last tuple seen (it changes only when a card is dealt or
# drawn): an entry holds its tuple, checked by identity, and the plan it was made for.
_LAST_CARDS: list[tuple[Any, Any, bytes]] = [(None, None, b"")] * 4
_F32 = np.dtype(np.float32)  # a dtype object, given positionally: numpy reads it fastest


def _pile(cards: tuple[str, ...], pos: dict[str, int]) -> bytes:
    seg = array("f", bytes(4 * len(pos)))
    for c in cards:
        seg[pos[c]] = 1.0  # every card printed once (`chance.SINGLE`)
    return seg.tobytes()


def _card_segment(obs: Observation | State, p: _Plan) -> bytes:
    """The ``slots``, ``deck``, ``imprevu`` and ``imprevu_under`` blocks: a slot's card
    (or face down / not dealt), each card in a pile."""
    parts = (obs.slots, obs.deck, obs.imprevu, obs.imprevu_under)
    whole = _LAST_SEGMENT[0]  # one read of the entry, as threads may replace it
    if (
        whole[0] is p
        and whole[1] is parts[0]
        and whole[2] is parts[1]
        and whole[3] is parts[2]
        and whole[4] is parts[3]
    ):
        # No card dealt or drawn since the last vector (the usual step): the same bytes.
        segment: bytes = whole[5]
        return segment
    last = _LAST_CARDS
    segs = []
    for k, part in enumerate(parts):
        e = last[k]
        if e[0] is not part or e[1] is not p:
            # Not the last tuple seen: a pile seen before by value (the slots' and piles'
            # blocks have a fixed width, the same for every plan).
            memo = _SEGMENTS[k]
            seg = memo.get(part)
            if seg is None:
                if k == 0:
                    width = len(_SEASON_CARDS) + 1
                    slots = array("f", bytes(4 * len(part) * width))
                    for i, c in enumerate(part):
                        slots[i * width + (_SEASON_POS[c] + 1 if c else 0)] = 1.0
                    seg = slots.tobytes()
                else:
                    seg = _pile(part, _SEASON_POS if k == 1 else _IMPREVU_POS)
                if len(memo) >= _KEEP:
                    memo.clear()
                memo[part] = seg
            e = last[k] = (part, p, seg)
        segs.append(e[2])
    segment = b"".join(segs)
    _LAST_SEGMENT[0] = (p, *parts, segment)  # one tuple stored at once: no torn read
    return segment


# The whole segment for the last plan and four tuples met, checked by identity.
_LAST_SEGMENT: list[tuple[Any, ...]] = [(None, None, None, None, None, b"")]


# Each card block by its tuple's value (slots, deck, Imprévu pile, cards under it).
_SEGMENTS: tuple[dict[tuple[str, ...], bytes], ...] = ({}, {}, {}, {})


# Each farm's numbers and the places that are 1 in its block (from the block's start),
# by the identity of the farm object (a step replaces only the farms that change). An
# entry holds its farm, so no other object has its id while it is kept.
_FARMS: dict[int, tuple[Any, bytes]] = {}
_LAST_FARMS: list[tuple[Any, bytes]] = [(None, b"")]


def _farm_parts(farm: Any) -> tuple[Any, bytes]:
    """A farm's block: its numbers (`FARM_SCALES`), filière, kept cards, alliance, status."""
    m = farm.money
    inv = _FARM_INV
    # Each scale is a power of two (checked below), so a number times its inverse in
    # Python floats, stored as float32, is the float32 product numpy would make: the
    # same numbers without numpy's per-call cost (a farm changes at nearly every step).
    numbers = array(
        "f",
        (
            farm.ha * inv[0],
            farm.cows * inv[1],
            (m if m > 0 else 0) * inv[2],
            (-m if m < 0 else 0) * inv[3],
            farm.bons * inv[4],
            farm.loans * inv[5],
            farm.green * inv[6],
            farm.pledged * inv[7],
        ),
    )
    key = (farm.filiere, farm.kept, farm.allied, farm.status)
    flags = _FARM_FLAGS.get(key)
    if flags is None:
        flags = _farm_flags(*key)
    if len(_FARMS) >= _KEEP:
        _FARMS.clear()
    entry = _FARMS[id(farm)] = (farm, numbers.tobytes() + flags)
    return entry


def _farm_flags(filiere: str, kept: tuple[str, ...], allied: Any, status: str) -> bytes:
    """The rest of a farm's block after its numbers, by value (they change seldom)."""
    seg = array("f", bytes(4 * (_FARM_BLOCK - _FARM_NUMBERS)))
    seg[_FIL_POS[filiere]] = 1.0
    at = len(_FIL_POS)
    for c in kept:
        seg[at + _IMPREVU_POS[c]] = 1.0
    at += len(_IMPREVU_CARDS)
    seg[at] = allied
    seg[at + 1 + _STATUS_POS[status]] = 1.0
    if len(_FARM_FLAGS) >= _KEEP:
        _FARM_FLAGS.clear()
    out = _FARM_FLAGS[(filiere, kept, allied, status)] = seg.tobytes()
    return out


_FARM_FLAGS: dict[tuple[Any, ...], bytes] = {}
# The offers left of a budget (a few small counts) as float32, by value.
_BUDGETS: dict[tuple[int, ...], bytes] = {}
_FARM_INV = tuple(1.0 / scale for _, scale in FARM_SCALES)
if any(scale & (scale - 1) for _, scale in FARM_SCALES):  # pragma: no cover - a data bug
    raise ValueError("lactorama.encode: FARM_SCALES must be powers of two (see _farm_parts)")


def _hot(obs: Observation | State, seat: int | None, p: _Plan) -> list[int]:
    """The places of the vector that are 1, outside the cards' blocks."""
    n, f = p.n, p.f
    to_move = obs.to_move
    hot = [
        p.to_move + (to_move if to_move >= 0 else n if to_move == CHANCE else n + 1),
        p.year + obs.year,
        p.season + obs.season,
        p.stage + _STAGE_POS[obs.stage],
        p.phase + _PHASE_POS[obs.phase],
    ]
    if seat is not None:
        hot.append(p.seat + seat)
    at = p.farm_of
    hot += [at + i * f + k for i, k in enumerate(obs.farm_of)]
    hot += [where[x] for where, x in zip(p.pos_of, obs.pos, strict=True)]
    if obs.actor >= 0:
        hot.append(p.actor + obs.actor)
    if obs.last_player >= 0:
        hot.append(p.last_player + obs.last_player)
    arrived = obs.room.arrived
    if arrived:
        at = p.room
        hot += [at + i * n + x for i, x in enumerate(arrived)]
    if obs.dice:
        at = p.dice
        hot += [at + i * 6 + v - 1 for i, v in enumerate(obs.dice)]
    if obs.card:
        hot.append(p.card + _CARD_POS[obs.card])
    if obs.neighbour >= 0:
        hot.append(p.neighbour + obs.neighbour)
    if obs.shop_left < 0:
        hot.append(p.shop + 2)
    offer = obs.offer
    if offer is not None:
        at = p.offer
        hot += [at, at + 1 + offer.partner]
        if offer.give:
            hot.append(at + 1 + f + _ITEM_INDEX[offer.give, offer.give_qty])
        if offer.take:
            hot.append(at + 1 + f + len(_ITEMS) + _ITEM_INDEX[offer.take, offer.take_qty])
    if obs.queue:
        at = p.queue
        hot += [at + i * f + k for i, k in enumerate(obs.queue)]
    if obs.handout:
        at = p.handout
        hot += [at + i * f + k for i, k in enumerate(obs.handout)]
    if obs.end_reason:
        hot.append(p.end_reason + _END_POS[obs.end_reason])
    if obs.moved:
        hot.append(p.moved)
    if obs.budget is not None:
        hot.append(p.budget)
    if obs.deal_slot >= 0:
        hot.append(p.deal_slot + obs.deal_slot)
    if obs.winner_farms:
        at = p.winner_farms
        hot += [at + k for k in obs.winner_farms]
    return hot


def observation_tensor(observation: Observation) -> npt.NDArray[np.float32]:
    """``observation`` as a float32 vector of `observation_shape` (layout: `layout`):
    one-hot and multi-hot blocks of 0 and 1, and numbers scaled to [0, 1] in ordinary
    games (`FARM_SCALES`; a larger count gives a value above 1, never clipped). It reads
    the observation only: everything in it, nothing else.

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3)
        >>> t = observation_tensor(L.observe(s, 0))
        >>> t.shape, t.dtype, float(t.min()), float(t.max())
        ((1265,), dtype('float32'), 0.0, 1.0)
    """
    return _encode(observation, observation.seat)


def state_tensor(state: State, seat: int | None) -> npt.NDArray[np.float32]:
    """``observation_tensor(observe(state, seat))`` without building the observation:
    Lactorama hides nothing but the RNG (`views.observe`), so the observation is the
    state's fields and the seat (the reinforcement-learning adapters' fast path).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3)
        >>> bool((state_tensor(s, 1) == observation_tensor(L.observe(s, 1))).all())
        True
    """
    return _encode(state, seat)


def _encode(obs: Observation | State, seat: int | None) -> npt.NDArray[np.float32]:
    """The vector of what ``seat`` sees of ``obs``: an observation, or a state (the
    fields the observation copies from it, `views.observe`)."""
    p = _plan(obs.num_players, obs.options)
    farms = obs.farms
    done = _LAST_FARMS[0]
    if done[0] is farms:
        block = done[1]
    else:
        segs = []
        for farm in farms:
            e = _FARMS.get(id(farm))
            if e is None or e[0] is not farm:
                e = _farm_parts(farm)
            segs.append(e[1])
        block = b"".join(segs)
        _LAST_FARMS[0] = (farms, block)
    # Float32 bytes joined in layout order: the options (with the zeros up to the farms),
    # the farms, zeros, the cards, zeros; then the numbers and the ones set in place.
    data = bytearray(p.head)
    data += block
    data += p.middle
    data += _card_segment(obs, p)
    data += p.tail
    t = memoryview(data).cast("f")
    if obs.shop_price:
        t[p.shop] = obs.shop_price / _SHOP_PRICE_SCALE
    if obs.shop_left > 0:
        t[p.shop + 1] = obs.shop_left / _SHOP_LEFT_SCALE
    budget = obs.budget
    if budget is not None:
        left = budget.left
        scaled = _BUDGETS.get(left)
        if scaled is None:
            if len(_BUDGETS) >= _KEEP:
                _BUDGETS.clear()
            # Scaled in float32, as numpy does: the same numbers as ever.
            values = np.array(left, dtype=np.float32) * np.float32(1.0 / _OFFERS_SCALE)
            scaled = _BUDGETS[left] = values.tobytes()
        at = 4 * (p.budget + 1)
        data[at : at + len(scaled)] = scaled  # the same size: allowed under the view
    for i in _hot(obs, seat, p):
        t[i] = 1.0
    t.release()
    out: npt.NDArray[np.float32] = np.frombuffer(data, _F32)
    return out
