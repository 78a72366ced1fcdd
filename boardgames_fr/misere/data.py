"""The Misère tiles as data: sectors, placement zone, Oeuvre track and setup.

The JSON files in ``data/`` are read and checked once at import; a bad file raises
``ValueError`` naming the file and the field. A frontend reads the same files to draw the
tiles.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

__all__ = [
    "ACTIONS",
    "CIRCLES",
    "LIQUIDATED",
    "OEUVRE",
    "PAY_KINDS",
    "PAY_MISERY",
    "PAY_MONEY",
    "PAY_XP",
    "SECTORS",
    "SETUP",
    "TABLE",
    "ZONE",
    "Cell",
    "Circle",
    "Sector",
    "Setup",
    "Space",
    "ZoneDefaults",
]

DATA_DIR = Path(__file__).parent / "data"

BUY, WORK, STRUGGLE = 0, 1, 2
ACTION_IDS = ("buy", "work", "struggle")
# `Cell.pay`: what a food token is bought with on a sector (MI-10, MI-20).
PAY_MONEY = "money"  # balles
PAY_XP = "xp"  # experience tokens (the artisans)
PAY_MISERY = "misery"  # nothing: the Commune's free meal, then a misery action
PAY_KINDS = (PAY_MONEY, PAY_XP, PAY_MISERY)


@attrs.frozen
class Cell:
    """One cell of the sector table (MI-07): what one basic action does on one sector."""

    pay: str = ""  # buy only: "money", "xp" or "misery"
    price: int = 0  # buy only: balles or experience per food token
    wage: int = 0
    xp: int = 0
    food: int = 0
    worker: int = 0
    qualify_xp: int = 0


@attrs.frozen
class Sector:
    """A Secteurs tile: names, big stars, free meal, and its three cells (None: no such action).

    ``fr``/``en`` name the tile as a heading (« Les petits exploitants »); ``fr_at``/``en_at``
    say where a worker acts on it, inside a sentence (« chez les petits exploitants »,
    « à la Commune »; "at the smallholders' farms", "at the Commune").
    """

    id: str
    fr: str
    en: str
    fr_at: str
    en_at: str
    stars: int
    free_meal: bool
    cells: tuple[Cell | None, Cell | None, Cell | None]


@attrs.frozen
class Circle:
    """A misery circle of the placement zone."""

    id: str
    fr: str
    en: str


@attrs.frozen
class Space:
    """A space of the Oeuvre track."""

    label: str
    value: int
    food: int


@attrs.frozen
class ZoneDefaults:
    plain_squares: int
    dotted_squares: int
    misery_threshold: int
    beg_per_worker: int


@attrs.frozen
class Setup:
    workers_per_colour: int
    start_workers: int
    start_money: int
    food_tokens: int
    commune_food: int
    rounds: int
    points_per_worker: int
    points_per_qualified_worker: int
    struggle_cost: int
    struggle_cost_qualified: int
    qualified_wage_bonus: int


def _load(name: str) -> Any:
    path = DATA_DIR / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: cannot read: {e}") from None


def _int(obj: Any, key: str, where: str, lo: int = 0, default: int | None = None) -> int:
    value = obj.get(key, default) if isinstance(obj, dict) else None
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise ValueError(f"{where}.{key}: expected an integer >= {lo}, got {value!r}")
    return value


def _str(obj: Any, key: str, where: str) -> str:
    value = obj.get(key) if isinstance(obj, dict) else None
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where}.{key}: expected a non-empty string, got {value!r}")
    return value


def _at_en(obj: Any, where: str) -> str:
    # "Go to ..." is built from it: "at the agribusiness farms" becomes "to the agribusiness
    # farms".
    value = _str(obj, "en_at", where)
    if not value.startswith("at "):
        raise ValueError(f"{where}.en_at: expected a place starting with 'at ', got {value!r}")
    return value


def _cell(raw: Any, action: int, where: str) -> Cell | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected an object or null")
    known = {"pay", "price", "wage", "xp", "food", "worker", "qualify_xp"}
    for key in raw:
        if key not in known:
            raise ValueError(f"{where}.{key}: unknown field")
    pay = raw.get("pay", "")
    if action == BUY:
        if pay not in PAY_KINDS:
            raise ValueError(f"{where}.pay: expected one of {PAY_KINDS}, got {pay!r}")
        price = _int(raw, "price", where, 1 if pay != PAY_MISERY else 0, 0)
    else:
        if pay:
            raise ValueError(f"{where}.pay: only the buy action has a price")
        price = 0
    return Cell(
        pay=pay,
        price=price,
        wage=_int(raw, "wage", where, 0, 0),
        xp=_int(raw, "xp", where, 0, 0),
        food=_int(raw, "food", where, 0, 0),
        worker=_int(raw, "worker", where, 0, 0),
        qualify_xp=_int(raw, "qualify_xp", where, 0, 0),
    )


def _cells(raw: Any, where: str) -> tuple[Cell | None, Cell | None, Cell | None]:
    for key in ACTION_IDS:
        if not isinstance(raw, dict) or key not in raw:
            raise ValueError(f"{where}.{key}: missing")
    return (
        _cell(raw["buy"], BUY, f"{where}.buy"),
        _cell(raw["work"], WORK, f"{where}.work"),
        _cell(raw["struggle"], STRUGGLE, f"{where}.struggle"),
    )


def _load_sectors() -> tuple[tuple[tuple[str, str], ...], tuple[Sector, ...], Sector, Setup]:
    raw = _load("sectors.json")
    where = str(DATA_DIR / "sectors.json")
    acts = raw.get("actions")
    if not isinstance(acts, list) or [a.get("id") for a in acts] != list(ACTION_IDS):
        raise ValueError(f"{where}.actions: expected the ids {ACTION_IDS}")
    actions = tuple(
        (_str(a, "fr", f"{where}.actions[{i}]"), _str(a, "en", f"{where}.actions[{i}]"))
        for i, a in enumerate(acts)
    )
    raws = raw.get("sectors")
    if not isinstance(raws, list) or len(raws) != 4:
        raise ValueError(f"{where}.sectors: expected the 4 Secteurs tiles")
    sectors = []
    for i, s in enumerate(raws):
        w = f"{where}.sectors[{i}]"
        free_meal = s.get("free_meal")
        if not isinstance(free_meal, bool):
            raise ValueError(f"{w}.free_meal: expected true or false")
        sectors.append(
            Sector(
                id=_str(s, "id", w),
                fr=_str(s, "fr", w),
                en=_str(s, "en", w),
                fr_at=_str(s, "fr_at", w),
                en_at=_at_en(s, w),
                stars=_int(s, "stars", w),
                free_meal=free_meal,
                cells=_cells(s, w),
            )
        )
    if [s.id for s in sectors] != ["artisans", "petits", "agricoles", "commune"]:
        raise ValueError(f"{where}.sectors: expected artisans, petits, agricoles, commune")
    for s in sectors:
        for a, cell in enumerate(s.cells):
            # MI-11: on the Commune the food of a cell is the free meal, one token.
            if s.free_meal and cell is not None and cell.food != 1:
                raise ValueError(f"{where}.{s.id}.{ACTION_IDS[a]}.food: the free meal is 1")
    liq = raw.get("petits_liquidated")
    w = f"{where}.petits_liquidated"
    liquidated = Sector(
        id="petits",
        fr=_str(liq, "fr", w),
        en=_str(liq, "en", w),
        fr_at=_str(liq, "fr_at", w),
        en_at=_at_en(liq, w),
        stars=_int(liq, "stars", w),
        free_meal=False,
        cells=_cells(liq, w),
    )
    setup_raw = _load("setup.json")
    sw = str(DATA_DIR / "setup.json")
    setup = Setup(
        workers_per_colour=_int(setup_raw, "workers_per_colour", sw, 1),
        start_workers=_int(setup_raw, "start_workers", sw, 1),
        start_money=_int(setup_raw, "start_money", sw),
        food_tokens=_int(setup_raw, "food_tokens", sw, 1),
        commune_food=_int(setup_raw, "commune_food", sw),
        rounds=_int(setup_raw, "rounds", sw, 1),
        points_per_worker=_int(setup_raw, "points_per_worker", sw),
        points_per_qualified_worker=_int(setup_raw, "points_per_qualified_worker", sw),
        struggle_cost=_int(raw, "struggle_cost", where, 1),
        struggle_cost_qualified=_int(raw, "struggle_cost_qualified", where, 1),
        qualified_wage_bonus=_int(raw, "qualified_wage_bonus", where),
    )
    if setup.start_workers > setup.workers_per_colour:
        raise ValueError(f"{sw}.start_workers: more than workers_per_colour")
    if setup.commune_food > setup.food_tokens:
        raise ValueError(f"{sw}.commune_food: more than food_tokens")
    return actions, tuple(sectors), liquidated, setup


def _load_zone() -> tuple[ZoneDefaults, tuple[Circle, ...]]:
    raw = _load("zone.json")
    where = str(DATA_DIR / "zone.json")
    circles = raw.get("circles")
    if not isinstance(circles, list) or [c.get("id") for c in circles] != [
        "pointer",
        "oeuvre",
        "manche",
    ]:
        raise ValueError(f"{where}.circles: expected pointer, oeuvre, manche")
    return (
        ZoneDefaults(
            plain_squares=_int(raw, "plain_squares", where),
            dotted_squares=_int(raw, "dotted_squares", where),
            misery_threshold=_int(raw, "misery_threshold", where),
            beg_per_worker=_int(raw, "beg_per_worker", where),
        ),
        tuple(
            Circle(
                id=_str(c, "id", f"{where}.circles[{i}]"),
                fr=_str(c, "fr", f"{where}.circles[{i}]"),
                en=_str(c, "en", f"{where}.circles[{i}]"),
            )
            for i, c in enumerate(circles)
        ),
    )


def _load_oeuvre() -> tuple[Space, ...]:
    raw = _load("oeuvre.json")
    where = str(DATA_DIR / "oeuvre.json")
    spaces = raw.get("spaces")
    if not isinstance(spaces, list) or len(spaces) < 2:
        raise ValueError(f"{where}.spaces: expected at least 2 spaces")
    out = tuple(
        Space(
            label=_str(s, "label", f"{where}.spaces[{i}]"),
            value=_int(s, "value", f"{where}.spaces[{i}]"),
            food=_int(s, "food", f"{where}.spaces[{i}]"),
        )
        for i, s in enumerate(spaces)
    )
    if out[-1].label != "Oeuvre":
        raise ValueError(f"{where}.spaces[-1].label: the last space is the 'Oeuvre'")
    return out


ACTIONS, SECTORS, LIQUIDATED, SETUP = _load_sectors()
ZONE, CIRCLES = _load_zone()
OEUVRE = _load_oeuvre()

# TABLE[liquidated][sector][action]: the cell in force, precomputed for the hot path.
TABLE: tuple[tuple[tuple[Cell | None, ...], ...], ...] = (
    tuple(s.cells for s in SECTORS),
    tuple((LIQUIDATED if s.id == "petits" else s).cells for s in SECTORS),
)
