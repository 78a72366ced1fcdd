"""The cards of Little Factory, loaded from ``data/cards.json`` and checked at import.

Goods are numbered in file order (0..4 basic, then the trade goods: 5..13 and 21 tier 2,
14..20 and 22 tier 3); buildings keep the ids of the published table (1..30). Milk (21,
lait) is tier 2 as the seed lists it but keeps its place among the published tier 3
goods, so that good numbers stay those of older saves and logs; `tier_goods` moves it to
tier 3 for the option ``milk_tier``. Everything the rules need in the hot path is
precomputed here as tuples indexed by those numbers. Bad data raises `ValueError` naming
the path of the bad field (``cards.json: goods[5].recipe[0].spend[0]: unknown good 'x'``).
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import attrs

__all__ = [
    "BASIC",
    "BUILDINGS",
    "BUILDING_IDS",
    "GOODS",
    "LARGE",
    "LAYOUT",
    "MILK",
    "MILK_KEY",
    "NUM_GOODS",
    "PLAYER_COUNTS",
    "SMALL",
    "TIER2",
    "TIER3",
    "Alternative",
    "Building",
    "Good",
    "Layout",
    "docs_tables",
    "load_cards",
    "tier_goods",
]

PLAYER_COUNTS = (2, 3, 4)
# The key of milk (lait) in cards.json: the good whose tier is an option (Choices « Lait »).
MILK_KEY = "milk"


@attrs.frozen
class Alternative:
    """One way to pay a recipe or run a building: goods spent, goods only shown, and
    (for a building's automated production) what it gives: a good or victory points."""

    spend: tuple[int, ...]
    show: tuple[int, ...]
    gain: int | None = None
    points: int = 0

    def needs(self) -> tuple[tuple[int, int], ...]:
        """(good, count in hand) pairs: a shown good must be held too (LF-07)."""
        counts: dict[int, int] = {}
        for g in self.spend + self.show:
            counts[g] = counts.get(g, 0) + 1
        return tuple(sorted(counts.items()))


@attrs.frozen
class Good:
    """A good card: basic (tier 1) or a trade good (tier 2, 3)."""

    index: int
    key: str
    name_fr: str
    name_en: str
    tier: int
    value: int
    copies: tuple[int, int, int]  # for 2, 3, 4 players (the same for tiers 2 and 3)
    recipe: tuple[Alternative, ...]


@attrs.frozen
class Building:
    """A building card: cost to trade for it, build recipe to produce it, VP, effect."""

    id: int
    key: str
    name_fr: str
    name_en: str
    cost: int
    build: tuple[int, ...]
    vp: int
    effect: tuple[Alternative, ...]
    designed: bool


@attrs.frozen
class Layout:
    """Numbers of the rules and of the market (per player count) read from the data."""

    vp_tokens: int
    target_points: int
    starting_coins: tuple[int, ...]
    hand_limit: int
    tier2_kinds_shown: int
    tier3_shown: tuple[int, int, int]
    small_shown: tuple[int, int, int]
    large_shown: tuple[int, int, int]
    small_max_cost: int


def _fail(path: str, problem: str) -> ValueError:
    return ValueError(f"cards.json: {path}: {problem}")


def _get(obj: Any, key: str, kind: type | tuple[type, ...], path: str) -> Any:
    if not isinstance(obj, dict):
        raise _fail(path, "expected an object")
    if key not in obj:
        raise _fail(f"{path}.{key}", "missing")
    value = obj[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise _fail(f"{path}.{key}", f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
    return value


def _positive(obj: Any, key: str, path: str) -> int:
    value: int = _get(obj, key, int, path)
    if value <= 0:
        raise _fail(f"{path}.{key}", f"must be positive, got {value}")
    return value


def _by_players(obj: Any, key: str, path: str) -> tuple[int, int, int]:
    table = _get(obj, key, dict, path)
    out = tuple(_positive(table, str(n), f"{path}.{key}") for n in PLAYER_COUNTS)
    return (out[0], out[1], out[2])


def _alternatives(
    raw: Any, path: str, index: dict[str, int], effect: bool
) -> tuple[Alternative, ...]:
    if not isinstance(raw, list):
        raise _fail(path, "expected a list")
    alts = []
    for i, alt in enumerate(raw):
        p = f"{path}[{i}]"
        if not isinstance(alt, dict):
            raise _fail(p, "expected an object")
        allowed = {"spend", "show", "gain", "points"} if effect else {"spend", "show"}
        for key in alt:
            if key not in allowed:
                raise _fail(f"{p}.{key}", "unknown field")
        lists = []
        for part in ("spend", "show"):
            names = alt.get(part, [])
            if not isinstance(names, list):
                raise _fail(f"{p}.{part}", "expected a list")
            for j, name in enumerate(names):
                if name not in index:
                    raise _fail(f"{p}.{part}[{j}]", f"unknown good {name!r}")
            lists.append(tuple(index[n] for n in names))
        gain = None
        points = 0
        if effect:
            if ("gain" in alt) == ("points" in alt):
                raise _fail(p, "an effect gives either a good (gain) or points, not both")
            if "gain" in alt:
                if alt["gain"] not in index:
                    raise _fail(f"{p}.gain", f"unknown good {alt['gain']!r}")
                gain = index[alt["gain"]]
            else:
                points = _positive(alt, "points", p)
        elif not lists[0] and not lists[1]:
            raise _fail(p, "a recipe needs at least one good")
        alts.append(Alternative(spend=lists[0], show=lists[1], gain=gain, points=points))
    return tuple(alts)


def load_cards(
    doc: Any,
) -> tuple[tuple[Good, ...], tuple[Building, ...], Layout]:
    """Check a parsed ``cards.json`` and build the tables; raises `ValueError` with a path."""
    if not isinstance(doc, dict):
        raise _fail("", "expected an object")
    raw_goods = _get(doc, "goods", list, "")
    index: dict[str, int] = {}
    for i, g in enumerate(raw_goods):
        key = _get(g, "key", str, f"goods[{i}]")
        if key in index:
            raise _fail(f"goods[{i}].key", f"duplicate good {key!r}")
        index[key] = i
    goods = []
    last_tier = 1
    for i, g in enumerate(raw_goods):
        p = f"goods[{i}]"
        tier = _get(g, "tier", int, p)
        # The basic goods come first (rules.NB); tiers 2 and 3 may mix, for milk (MILK).
        if tier not in (1, 2, 3) or (tier == 1 and last_tier > 1):
            raise _fail(f"{p}.tier", "tiers are 1, 2 or 3, the basic goods (1) first")
        last_tier = tier
        value = _positive(g, "value", p)
        if tier == 1:
            if value != 1:
                raise _fail(f"{p}.value", "a basic good is worth 1")
            copies = _by_players(g, "copies_by_players", p)
            recipe: tuple[Alternative, ...] = ()
        else:
            n = _positive(g, "copies", p)
            copies = (n, n, n)
            recipe = _alternatives(_get(g, "recipe", list, p), f"{p}.recipe", index, False)
            if not recipe:
                raise _fail(f"{p}.recipe", "a tier 2 or 3 good needs a recipe")
        goods.append(
            Good(
                index=i,
                key=g["key"],
                name_fr=_get(g, "name_fr", str, p),
                name_en=_get(g, "name_en", str, p),
                tier=tier,
                value=value,
                copies=copies,
                recipe=recipe,
            )
        )
    buildings = []
    for i, b in enumerate(_get(doc, "buildings", list, "")):
        p = f"buildings[{i}]"
        bid = _get(b, "id", int, p)
        if bid != i + 1:
            raise _fail(f"{p}.id", f"expected {i + 1} (ids follow the file order)")
        build_names = _get(b, "build", list, p)
        for j, name in enumerate(build_names):
            if name not in index:
                raise _fail(f"{p}.build[{j}]", f"unknown good {name!r}")
        if not build_names:
            raise _fail(f"{p}.build", "a building needs a build recipe")
        designed = b.get("designed", False)
        if not isinstance(designed, bool):
            raise _fail(f"{p}.designed", "expected true or false")
        buildings.append(
            Building(
                id=bid,
                key=_get(b, "key", str, p),
                name_fr=_get(b, "name_fr", str, p),
                name_en=_get(b, "name_en", str, p),
                cost=_positive(b, "cost", p),
                build=tuple(index[n] for n in build_names),
                vp=_positive(b, "vp", p),
                effect=_alternatives(_get(b, "effect", list, p), f"{p}.effect", index, True),
                designed=designed,
            )
        )
    market = _get(doc, "market", dict, "")
    coins = _get(doc, "starting_coins", list, "")
    if len(coins) < max(PLAYER_COUNTS) or not all(
        isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in coins
    ):
        raise _fail("starting_coins", "expected a non-negative integer per seat (4 seats)")
    layout = Layout(
        vp_tokens=_positive(doc, "vp_tokens", ""),
        target_points=_positive(doc, "target_points", ""),
        starting_coins=tuple(coins),
        hand_limit=_positive(doc, "hand_limit", ""),
        tier2_kinds_shown=_positive(doc, "tier2_kinds_shown", ""),
        tier3_shown=_by_players(market, "tier3_shown", "market"),
        small_shown=_by_players(market, "small_buildings_shown", "market"),
        large_shown=_by_players(market, "large_buildings_shown", "market"),
        small_max_cost=_positive(market, "small_building_max_cost", "market"),
    )
    if sum(1 for g in goods if g.tier == 1) == 0:
        raise _fail("goods", "no basic good")
    milk = [g for g in goods if g.key == MILK_KEY]
    if not milk or milk[0].tier != 2:
        # The option milk_tier moves this very card from tier 2 to tier 3 (`tier_goods`).
        raise _fail("goods", f"expected a tier 2 good {MILK_KEY!r} (the seed's « Lait », tier 2)")
    return tuple(goods), tuple(buildings), layout


def _read() -> tuple[tuple[Good, ...], tuple[Building, ...], Layout]:
    text = (
        resources.files("boardgames_fr.little_factory")
        .joinpath("data", "cards.json")
        .read_text("utf-8")
    )
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"cards.json: not valid JSON: {e}") from None
    return load_cards(doc)


GOODS, _BUILDINGS, LAYOUT = _read()
NUM_GOODS = len(GOODS)
BASIC = tuple(g.index for g in GOODS if g.tier == 1)
TIER2 = tuple(g.index for g in GOODS if g.tier == 2)  # the file's tiers: milk_tier=2
TIER3 = tuple(g.index for g in GOODS if g.tier == 3)
MILK = next(g.index for g in GOODS if g.key == MILK_KEY)


def tier_goods(milk_tier: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The goods of tier 2 and of tier 3 (by number, in order) when milk (lait) is a good
    of tier ``milk_tier``: 2 as the seed lists it (the file's tiers), 3 as the published
    card (`Options.milk_tier`).

    Example:
        >>> [GOODS[k].key for k in tier_goods(3)[1]][-3:]
        ['meat', 'milk', 'stone_wall']
        >>> MILK in tier_goods(2)[0], MILK in tier_goods(3)[0]
        (True, False)
    """
    if milk_tier == 2:
        return TIER2, TIER3
    return _PUBLISHED_TIERS


# Choices « Lait », milk_tier=3: built once, as pictures and observations ask for it often.
_PUBLISHED_TIERS = (tuple(k for k in TIER2 if k != MILK), tuple(sorted((*TIER3, MILK))))


BUILDINGS: dict[int, Building] = {b.id: b for b in _BUILDINGS}
BUILDING_IDS = tuple(BUILDINGS)
SMALL = tuple(b.id for b in _BUILDINGS if b.cost <= LAYOUT.small_max_cost)
LARGE = tuple(b.id for b in _BUILDINGS if b.cost > LAYOUT.small_max_cost)


# --- the card tables of the rules page, generated so the docs cannot drift ---------------


def _names(goods: tuple[int, ...]) -> str:
    return " + ".join(f"{GOODS[g].name_fr} ({GOODS[g].name_en})" for g in goods)


def _alt_text(alt: Alternative) -> str:
    parts = []
    if alt.spend:
        parts.append(_names(alt.spend))
    if alt.show:
        parts.append("montrer / show " + _names(alt.show))
    # Nothing spent or shown: the market's designed effect takes a basic good (Choices).
    return " + ".join(parts) if parts else "rangée du bas / bottom row"


def _effect_text(b: Building) -> str:
    if not b.effect:
        return "aucun / none"
    outs = []
    for alt in b.effect:
        if alt.gain is not None:
            out = f"{GOODS[alt.gain].name_fr} ({GOODS[alt.gain].name_en})"
        else:
            out = f"+{alt.points} PV/VP"
        outs.append(f"{_alt_text(alt)} → {out}")
    text = " or ".join(outs)
    return text + " *(designed)*" if b.designed else text


def docs_tables() -> str:
    """The card tables of the rules page, generated from the data (Markdown).

    The page ``docs/rules/little_factory.md`` holds the marker
    ``<!-- gen:tables little_factory -->``, replaced by this text when the site is built.

    Example:
        >>> docs_tables().splitlines()[0]
        '### Basic goods (biens de base, value 1)'
    """
    lines = ["### Basic goods (biens de base, value 1)", ""]
    lines += ["| good | copies 2p | copies 3p | copies 4p |", "|---|---|---|---|"]
    for g in GOODS:
        if g.tier == 1:
            c = g.copies
            lines.append(f"| {g.name_fr} ({g.name_en}) | {c[0]} | {c[1]} | {c[2]} |")
    milk = GOODS[MILK]
    for tier in (2, 3):
        lines += ["", f"### Tier {tier} goods (niveau {tier})", ""]
        if tier == 2:
            lines += [
                f"{milk.name_fr.capitalize()} ({milk.name_en}) is a tier 2 good as the seed "
                "lists it; the option `milk_tier=3` makes it a tier 3 card, as published.",
                "",
            ]
        lines += ["| good | value | recipe (spent, shown) | copies |", "|---|---|---|---|"]
        for g in GOODS:
            if g.tier == tier:
                recipe = " or ".join(_alt_text(a) for a in g.recipe)
                lines.append(
                    f"| {g.name_fr} ({g.name_en}) | {g.value} | {recipe} | {g.copies[0]} |"
                )
    lines += ["", "### Buildings (bâtiments)", ""]
    lines += [
        "| id | building | cost | build recipe | VP | automated production (once a turn) |",
        "|---|---|---|---|---|---|",
    ]
    for b in _BUILDINGS:
        lines.append(
            f"| {b.id} | {b.name_fr} ({b.name_en}) | {b.cost} | {_names(b.build)} | {b.vp} "
            f"| {_effect_text(b)} |"
        )
    return "\n".join(lines) + "\n"
