"""The 60 cards, the five resources and the upgrade spaces, loaded from ``data/cards.json``.

The file is the single source: rules, renderers, agents and the docs' card table read the
tables built here. It is checked at import; a bad file raises ``ValueError`` naming the
path of the bad entry (``cards.json: cards[12].recipe.water: ...``).

Resources are indexed 0..4 in the order water, wheat, barley, rye, hops (the river holds
the water, the four fields the grains). Goods: 0 beer, 1 bread.
"""

from __future__ import annotations

import json
from importlib import resources as _resources
from typing import Any

__all__ = [
    "BARN_BONUS",
    "BARN_SIZE",
    "BEER",
    "BONUS",
    "BREAD",
    "CARD_COINS",
    "CARD_GOOD",
    "CARD_HARVEST",
    "CARD_HARVEST_TYPES",
    "CARD_RECIPE",
    "CARD_SCORE_GOOD",
    "CARD_TYPE",
    "CARD_UPGRADE",
    "CHOICE",
    "DISCOUNT",
    "EFFECTS",
    "GOODS",
    "GOOD_NAMES",
    "HARVEST_PLUS",
    "ICONS",
    "ICON_NAMES",
    "NUM_CARDS",
    "NUM_RES",
    "RESOURCES",
    "RES_NAMES",
    "SIGNS",
    "TOKENS",
    "TYPES",
    "TYPE_NAMES",
    "Card",
    "card_table_markdown",
    "docs_tables",
    "load_cards",
    "resource_table_markdown",
    "upgrade_text",
]

RESOURCES = ("water", "wheat", "barley", "rye", "hops")
NUM_RES = 5
GOODS = ("beer", "bread")
BEER = 0
BREAD = 1
GOOD_NAMES = {"fr": ("Bière", "Pain"), "en": ("Beer", "Bread")}
CHOICE = 2
"""The good of a score upgrade « au choix »: given whole to beer or bread at the count (DB-14)."""
# The ``good`` field of a score upgrade in the data: the good its coins are for (DB-12).
_SCORE_GOODS = ("beer", "bread", "choice")

# Upgrade effects (DB-10): the vocabulary a card's bottom section may use.
BONUS = 0  # DB-12: ``value`` coins at the end for its ``good`` (beer, bread or au choix)
BARN_BONUS = 1  # DB-15: the same, only if the barn holds >= 2 more tokens than the other
BARN_SIZE = 2  # the barn gains ``value`` spaces
HARVEST_PLUS = 3  # each harvest that takes ``resource`` takes ``value`` more of it
DISCOUNT = 4  # each sale pays ``value`` fewer ``resource`` (never below zero)
EFFECTS = ("bonus", "barn_bonus", "barn_size", "harvest_plus", "discount")
# Each effect lives under one upgrade space of the player board (its icon).
_EFFECT_ICON = {
    "bonus": "cave",
    "barn_bonus": "grenier",
    "barn_size": "grenier",
    "harvest_plus": "champ",
    "discount": "atelier",
}
_EFFECT_RANGE = {
    "bonus": (1, 4),
    "barn_bonus": (1, 5),
    "barn_size": (1, 3),
    "harvest_plus": (1, 1),
    "discount": (1, 1),
}
# The score upgrades: they say which good their coins are for (DB-12, DB-14).
_SCORE_EFFECTS = ("bonus", "barn_bonus")
# Published coin bands of the three types of each good: 4-5, 6-7, 8-9.
_BANDS = ((4, 5), (6, 7), (8, 9))

PATH = "cards.json"


class Card:
    """One card, as read from the data (a plain record, not part of any State)."""

    __slots__ = ("coins", "good", "harvest", "id", "recipe", "score_good", "type", "upgrade")

    def __init__(
        self,
        id: int,
        good: int,
        type: str,
        coins: int,
        recipe: tuple[int, ...],
        harvest: tuple[int, ...],
        upgrade: tuple[str, int, int, int],
        score_good: int = -1,
    ) -> None:
        self.id = id
        self.good = good
        self.type = type
        self.coins = coins
        self.recipe = recipe
        self.harvest = harvest
        # (icon, effect index, value, resource index or -1)
        self.upgrade = upgrade
        # A score upgrade's good: BEER, BREAD or CHOICE (« au choix »); -1 for the others.
        self.score_good = score_good


def _fail(where: str, problem: str) -> ValueError:
    return ValueError(f"{PATH}: {where}: {problem}")


def _int(value: Any, where: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(where, f"expected an integer from {lo} to {hi}, got {value!r}")
    return value


def _res(value: Any, where: str) -> int:
    if value not in RESOURCES:
        raise _fail(where, f"expected one of {', '.join(RESOURCES)}, got {value!r}")
    return RESOURCES.index(value)


def _obj(
    value: Any, where: str, keys: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(where, f"expected an object, got {type(value).__name__}")
    missing = keys - set(value)
    if missing:
        raise _fail(f"{where}.{sorted(missing)[0]}", "missing")
    extra = set(value) - keys - optional
    if extra:
        raise _fail(f"{where}.{sorted(extra)[0]}", "unknown field")
    return value


def load_cards(doc: Any) -> dict[str, Any]:
    """Check a parsed ``cards.json`` and build the tables; raises ValueError naming the path.

    Example:
        >>> import json
        >>> load_cards({"resources": []})["cards"]
        Traceback (most recent call last):
        ...
        ValueError: cards.json: resources: expected the 5 resources water, wheat, barley, rye, hops
    """
    doc = _obj(doc, "<root>", set(), frozenset({"resources", "types", "icons", "cards"}))
    res = doc.get("resources")
    if not isinstance(res, list) or [
        r.get("id") if isinstance(r, dict) else None for r in res
    ] != list(RESOURCES):
        raise _fail("resources", "expected the 5 resources " + ", ".join(RESOURCES))
    tokens: list[int] = []
    signs: list[tuple[int, int]] = []
    names: dict[str, list[str]] = {"fr": [], "en": []}
    for i, r in enumerate(res):
        w = f"resources[{i}]"
        _obj(r, w, {"id", "fr", "en", "tokens", "sign"})
        tokens.append(_int(r["tokens"], f"{w}.tokens", 1, 40))
        for lang in ("fr", "en"):
            if not isinstance(r[lang], str) or not r[lang]:
                raise _fail(f"{w}.{lang}", "expected a name")
            names[lang].append(r[lang])
        sign = r["sign"]
        if i == 0:
            # DB-04: the river has no sign, it takes all the water of the reserve.
            if sign is not None:
                raise _fail(f"{w}.sign", "water goes to the river: expected null")
            signs.append((0, 0))
        else:
            if not isinstance(sign, list) or len(sign) != 2:
                raise _fail(f"{w}.sign", "expected [fruitful, drought]")
            green = _int(sign[0], f"{w}.sign[0]", 0, tokens[-1])
            red = _int(sign[1], f"{w}.sign[1]", 0, green)
            signs.append((green, red))
    types = doc.get("types")
    if not isinstance(types, list) or len(types) != 6:
        raise _fail("types", "expected 6 card types (3 beers, 3 breads)")
    type_info: dict[str, tuple[int, int, tuple[int, int], str, str]] = {}
    for i, t in enumerate(types):
        w = f"types[{i}]"
        _obj(t, w, {"id", "good", "fr", "en", "coins"})
        if t["good"] not in GOODS:
            raise _fail(f"{w}.good", f"expected beer or bread, got {t['good']!r}")
        good = GOODS.index(t["good"])
        band = sum(1 for u in type_info.values() if u[0] == good)
        if band > 2:
            raise _fail(w, "more than three types of one good")
        lo, hi = _BANDS[band]
        coins = t["coins"]
        if not isinstance(coins, list) or len(coins) != 2:
            raise _fail(f"{w}.coins", "expected [low, high]")
        c = (_int(coins[0], f"{w}.coins[0]", lo, hi), _int(coins[1], f"{w}.coins[1]", lo, hi))
        if t["id"] in type_info:
            raise _fail(f"{w}.id", f"duplicate type {t['id']!r}")
        type_info[t["id"]] = (good, band, c, t["fr"], t["en"])
    icons = doc.get("icons")
    if not isinstance(icons, list):
        raise _fail("icons", "expected a list")
    icon_names: dict[str, tuple[str, str]] = {}
    for i, ic in enumerate(icons):
        _obj(ic, f"icons[{i}]", {"id", "fr", "en"})
        icon_names[ic["id"]] = (ic["fr"], ic["en"])
    for effect, icon in _EFFECT_ICON.items():
        if icon not in icon_names:
            raise _fail("icons", f"missing the {icon!r} space used by {effect}")
    cards_in = doc.get("cards")
    if not isinstance(cards_in, list) or len(cards_in) != 60:
        raise _fail("cards", "expected 60 cards")
    cards: list[Card] = []
    for i, c in enumerate(cards_in):
        w = f"cards[{i}]"
        _obj(c, w, {"id", "good", "type", "coins", "recipe", "harvest", "upgrade"})
        if c["id"] != i:
            raise _fail(f"{w}.id", f"expected {i} (cards are numbered in order)")
        if c["type"] not in type_info:
            raise _fail(f"{w}.type", f"unknown type {c['type']!r}")
        good, _band, band_coins, _fr, _en = type_info[c["type"]]
        if c["good"] != GOODS[good]:
            raise _fail(f"{w}.good", f"type {c['type']!r} is a {GOODS[good]}")
        coins = _int(c["coins"], f"{w}.coins", band_coins[0], band_coins[1])
        if not isinstance(c["recipe"], dict) or not c["recipe"]:
            raise _fail(f"{w}.recipe", "expected a non-empty object")
        recipe = [0] * NUM_RES
        for key, n in c["recipe"].items():
            recipe[_res(key, f"{w}.recipe.{key}")] = _int(n, f"{w}.recipe.{key}", 1, 5)
        if recipe[0] < 1:
            raise _fail(f"{w}.recipe", "every recipe needs water")
        harvest = [0] * NUM_RES
        if not isinstance(c["harvest"], list) or not 1 <= len(c["harvest"]) <= 3:
            raise _fail(f"{w}.harvest", "expected 1 to 3 resource icons")
        for j, h in enumerate(c["harvest"]):
            harvest[_res(h, f"{w}.harvest[{j}]")] += 1
        up = _obj(
            c["upgrade"],
            f"{w}.upgrade",
            {"icon", "effect", "value"},
            frozenset({"resource", "good"}),
        )
        if up["effect"] not in EFFECTS:
            raise _fail(f"{w}.upgrade.effect", f"expected one of {', '.join(EFFECTS)}")
        effect = up["effect"]
        if up["icon"] != _EFFECT_ICON[effect]:
            raise _fail(f"{w}.upgrade.icon", f"{effect} goes under {_EFFECT_ICON[effect]!r}")
        lo, hi = _EFFECT_RANGE[effect]
        value = _int(up["value"], f"{w}.upgrade.value", lo, hi)
        needs_res = effect in ("harvest_plus", "discount")
        if needs_res != ("resource" in up):
            raise _fail(f"{w}.upgrade.resource", "required" if needs_res else "not allowed")
        r = _res(up["resource"], f"{w}.upgrade.resource") if needs_res else -1
        # DB-12/DB-14: a score upgrade is for beer, for bread, or « au choix » (either,
        # whole); the other effects have no good.
        scores = effect in _SCORE_EFFECTS
        if scores != ("good" in up):
            raise _fail(f"{w}.upgrade.good", "required" if scores else "not allowed")
        score_good = -1
        if scores:
            if up["good"] not in _SCORE_GOODS:
                raise _fail(
                    f"{w}.upgrade.good",
                    f"expected one of {', '.join(_SCORE_GOODS)}, got {up['good']!r}",
                )
            score_good = _SCORE_GOODS.index(up["good"])
        cards.append(
            Card(
                i,
                good,
                c["type"],
                coins,
                tuple(recipe),
                tuple(harvest),
                (up["icon"], EFFECTS.index(effect), value, r),
                score_good,
            )
        )
    for good in (BEER, BREAD):
        if sum(1 for c in cards if c.good == good) != 30:
            raise _fail("cards", f"expected 30 {GOODS[good]} cards")
    return {
        "tokens": tuple(tokens),
        "signs": tuple(signs),
        "res_names": {k: tuple(v) for k, v in names.items()},
        "types": type_info,
        "icons": icon_names,
        "cards": tuple(cards),
    }


def _read() -> dict[str, Any]:
    text = _resources.files(__package__).joinpath("data", PATH).read_text(encoding="utf-8")
    try:
        doc = json.loads(text)
    except ValueError as e:
        raise ValueError(f"{PATH}: not valid JSON ({e})") from None
    return load_cards(doc)


_DATA = _read()
TOKENS: tuple[int, ...] = _DATA["tokens"]
"""Tokens of each resource in the game (DB-03)."""
SIGNS: tuple[tuple[int, int], ...] = _DATA["signs"]
"""Each field's sign (fruitful, drought); the river (index 0) has none (DB-04)."""
RES_NAMES: dict[str, tuple[str, ...]] = _DATA["res_names"]
TYPES: dict[str, tuple[int, int, tuple[int, int], str, str]] = _DATA["types"]
TYPE_NAMES = {"fr": {k: v[3] for k, v in TYPES.items()}, "en": {k: v[4] for k, v in TYPES.items()}}
ICONS: tuple[str, ...] = tuple(_DATA["icons"])
ICON_NAMES: dict[str, tuple[str, str]] = _DATA["icons"]
CARDS: tuple[Card, ...] = _DATA["cards"]
NUM_CARDS = len(CARDS)
# Flat tables for the hot path.
CARD_GOOD: tuple[int, ...] = tuple(c.good for c in CARDS)
CARD_COINS: tuple[int, ...] = tuple(c.coins for c in CARDS)
CARD_TYPE: tuple[str, ...] = tuple(c.type for c in CARDS)
CARD_RECIPE: tuple[tuple[int, ...], ...] = tuple(c.recipe for c in CARDS)
CARD_HARVEST: tuple[tuple[int, ...], ...] = tuple(c.harvest for c in CARDS)
CARD_HARVEST_TYPES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(NUM_RES) if c.harvest[r]) for c in CARDS
)
CARD_UPGRADE: tuple[tuple[str, int, int, int], ...] = tuple(c.upgrade for c in CARDS)
CARD_SCORE_GOOD: tuple[int, ...] = tuple(c.score_good for c in CARDS)
"""A score upgrade's good (BEER, BREAD or CHOICE); -1 for the other upgrades (DB-12)."""


# DB-14: an « au choix » bonus names both goods: it goes whole to one of them.
_GOOD_FR = ("pour la bière", "pour le pain", "au choix, entières à la bière ou au pain,")
_GOOD_EN = ("for beer", "for bread", "to beer or bread (all to one)")


def upgrade_text(card: int, lang: str = "fr") -> str:
    """The effect of a card's upgrade section in words.

    Example:
        >>> upgrade_text(0, "en"), upgrade_text(13, "en")
        ('+2 coins for beer', '+2 coins to beer or bread (all to one)')
        >>> upgrade_text(13, "fr")
        '+2 pièces au choix, entières à la bière ou au pain'
    """
    _icon, effect, value, r = CARD_UPGRADE[card]
    res = RES_NAMES[lang][r] if r >= 0 else ""
    fr = lang == "fr"
    if effect in (BONUS, BARN_BONUS):
        good = CARD_SCORE_GOOD[card]
        if fr:
            text = f"+{value} pièces " + _GOOD_FR[good]
            if effect == BARN_BONUS:
                text += " si ta Grange a au moins 2 pions de plus que celle de l'autre joueur"
            return text.rstrip(",")
        text = f"+{value} coins " + _GOOD_EN[good]
        if effect == BARN_BONUS:
            text += " if your barn holds at least 2 more tokens than the other player's barn"
        return text
    if effect == BARN_SIZE:
        return f"Grange +{value} espaces" if fr else f"barn +{value} spaces"
    if effect == HARVEST_PLUS:
        return f"récolte : +{value} {res}" if fr else f"harvest: +{value} {res}"
    return f"vente : {value} {res} de moins" if fr else f"sales: {value} less {res}"


def _counts(values: tuple[int, ...], lang: str) -> str:
    return ", ".join(
        f"{n} {RES_NAMES[lang][r]}" if n > 1 else RES_NAMES[lang][r]
        for r, n in enumerate(values)
        if n
    )


def resource_table_markdown() -> str:
    """The resources: tokens in the game (DB-03) and the signs of the fields (DB-04).

    Example:
        >>> resource_table_markdown().splitlines()[2]
        "| eau | 18 | rivière : toute l'eau de la réserve | rivière : toute l'eau de la réserve |"
    """
    lines = [
        "| ressource | pions | signe vert (année fructueuse) | signe rouge (année de sécheresse) |",
        "|---|---|---|---|",
    ]
    for r in range(NUM_RES):
        if r == 0:
            # DB-04: the river has no sign; it takes all the water of the reserve.
            green = red = "rivière : toute l'eau de la réserve"
        else:
            green, red = (f"champ rempli jusqu'à {n}" for n in SIGNS[r])
        lines.append(f"| {RES_NAMES['fr'][r]} | {TOKENS[r]} | {green} | {red} |")
    return "\n".join(lines)


def card_table_markdown() -> str:
    """The card table of the rules page, generated from the data (docs cannot drift).

    Example:
        >>> card_table_markdown().splitlines()[0].startswith("| n°")
        True
    """
    lines = [
        "| n° | marchandise | type | pièces | recette | récolte | amélioration (icône) | effet |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for c in CARDS:
        icon = ICON_NAMES[c.upgrade[0]][0]
        lines.append(
            f"| {c.id} | {GOOD_NAMES['fr'][c.good]} | {TYPE_NAMES['fr'][c.type]} | {c.coins} "
            f"| {_counts(c.recipe, 'fr')} | {_counts(c.harvest, 'fr')} | {icon} "
            f"| {upgrade_text(c.id, 'fr')} |"
        )
    return "\n".join(lines)


def docs_tables() -> str:
    """The tables of the rules page, generated from ``data/cards.json`` when the docs are
    built (docs/hooks.py puts them at the page's ``gen:tables`` marker): the resources,
    then the 60 cards.

    Example:
        >>> docs_tables().splitlines()[0]
        '**Resources** (DB-03, DB-04)'
    """
    return "\n".join(
        [
            "**Resources** (DB-03, DB-04)",
            "",
            resource_table_markdown(),
            "",
            f"**The {NUM_CARDS} cards** (DB-02; recette DB-09, récolte DB-07, amélioration DB-10)",
            "",
            card_table_markdown(),
        ]
    )
