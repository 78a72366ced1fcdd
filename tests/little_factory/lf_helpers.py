"""Hand-set Little Factory positions for the rule tests (cards conserved, so valid)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import (
    BUILDING_IDS,
    BUILDINGS,
    GOODS,
    LARGE,
    LAYOUT,
    NUM_GOODS,
    SMALL,
    tier_goods,
)
from boardgames_fr.little_factory.state import State

KEY = {g.key: g.index for g in GOODS}
# The goods of the tier 2 and tier 3 rows with the default options: milk (lait) in tier 2,
# as the seed lists it (Choices « Lait »); PUBLISHED_* with milk_tier=3.
TIER2, TIER3 = tier_goods(2)
PUBLISHED_TIER2, PUBLISHED_TIER3 = tier_goods(3)
BY_NAME = {b.key: b.id for b in BUILDINGS.values()}


def counts(goods: Mapping[str, int] | None) -> tuple[int, ...]:
    """A count tuple from {"clay": 2, ...}."""
    out = [0] * NUM_GOODS
    for name, n in (goods or {}).items():
        out[KEY[name]] += n
    return tuple(out)


def named(counts_: tuple[int, ...], goods: Sequence[int] | None = None) -> dict[str, int]:
    """{"clay": 2, ...} from a count tuple (zeros left out), of ``goods`` only if given."""
    return {GOODS[k].key: n for k, n in enumerate(counts_) if n and (goods is None or k in goods)}


def position(
    n: int = 2,
    *,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    rows: Mapping[str, int] | None = None,
    discard: Mapping[str, int] | None = None,
    shown: Sequence[str] = (),
    built: Mapping[int, Sequence[str]] | None = None,
    coins: Sequence[int] | None = None,
    tokens: Sequence[int] | None = None,
    turn: int = 0,
    round: int = 2,
    phase: str = "main",
    options: lf.Options | None = None,
    explicit: bool = False,
    fill_rows: bool = True,
) -> State:
    """A position in seat ``turn``'s turn: tier 2/3 goods not in ``rows``, hands or the
    discard are in the deck; basic goods not in hands are in the bottom row unless
    ``rows`` names basic counts; buildings not shown or built are in the deck, and
    (``fill_rows``) the building rows are topped up from the highest ids so that no draw
    is due."""
    s = lf.new_game(n, seed=0, options=options, chance="explicit" if explicit else "auto")
    col = n - 2
    hand_t = [counts((hands or {}).get(i)) for i in range(n)]
    disc = counts(discard)
    row = list(counts(rows))
    deck = [0] * NUM_GOODS
    for g in GOODS:
        k = g.index
        rest = g.copies[col] - disc[k] - sum(h[k] for h in hand_t)
        if g.tier == 1 and not (rows and g.key in rows):
            row[k] = rest
        else:
            deck[k] = rest - row[k]
            if g.tier == 1 and deck[k] != 0:
                raise ValueError(f"{g.key}: basic goods must all be placed")
        if deck[k] < 0:
            raise ValueError(f"too many {g.key}")
    shown_ids = tuple(sorted(BY_NAME[b] for b in shown))
    built_ids = tuple(tuple(sorted(BY_NAME[b] for b in (built or {}).get(i, ()))) for i in range(n))
    used = set(shown_ids) | {b for bs in built_ids for b in bs}
    if fill_rows:
        extra = []
        for ids, want in ((SMALL, LAYOUT.small_shown[col]), (LARGE, LAYOUT.large_shown[col])):
            have = sum(1 for b in shown_ids if b in ids)
            spare = [b for b in reversed(ids) if b not in used]
            extra += spare[: max(0, want - have)]
        shown_ids = tuple(sorted(shown_ids + tuple(extra)))
        used |= set(extra)
    tok = tuple(tokens) if tokens is not None else (0,) * n
    s = attrs.evolve(
        s,
        to_move=turn,
        turn=turn,
        round=round,
        phase=phase,
        coins=tuple(coins) if coins is not None else (0,) * n,
        hands=tuple(hand_t),
        built=built_ids,
        tokens=tok,
        token_supply=s.options.vp_tokens - sum(tok),
        market=tuple(row),
        buildings_shown=shown_ids,
        deck=tuple(deck),
        building_deck=tuple(b for b in BUILDING_IDS if b not in used),
        discard=disc,
        acted=False,
        used_building=False,
        trade=None,
        end="",
    )
    lf.GAME.validate(s)
    return s


def play(s: State, *actions: object) -> State:
    """Step through ``actions`` (each must be legal)."""
    for a in actions:
        s = lf.step(s, a)
    return s
