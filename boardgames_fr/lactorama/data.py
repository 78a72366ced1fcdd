"""The content of Lactorama as data: season decks, Imprévu deck, income index, loans.

Loaded from ``data/*.json`` and validated at import: a bad file raises `ValueError` with
the path of the bad entry (``saisons.json:ete[3].effects[0].kind: ...``). Frontends may read
the same files to draw cards and tables. `docs_tables` turns the data into the tables
of ``docs/rules/lactorama.md`` (at site build time) so the page cannot drift from the data.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from importlib import resources
from typing import Any

import attrs

from boardgames_fr.core.labels import count

__all__ = [
    "BLOCK",
    "CARDS",
    "CONVICTIONS",
    "ECONOMY",
    "FILIERES",
    "IMPREVU_DECK",
    "NEGOCE",
    "SEASONS",
    "SEASON_DECKS",
    "Card",
    "Effect",
    "card_text",
    "docs_tables",
    "effect_text",
    "euros",
    "income",
    "interest",
    "pledge",
    "route",
]

EFFECT_FIELDS = {
    "money": {"amount"},
    "bons": {"n"},
    "green": {"n"},
    "land": {"blocks", "price"},
    "cows": {"pairs", "price"},
    "buy_cows": {"pairs", "price"},
    "move": {"steps"},
    "goto": {"square"},
    "pay_neighbour": {"amount"},
}
WHO = ("self", "neighbour", "others", "all")
LAST_ONLY = ("buy_cows", "move", "goto")  # they hand the turn on: nothing may follow
KEEP = ("", "cows", "money")


@attrs.frozen
class Effect:
    """One effect of a card, from the small vocabulary of ``EFFECT_FIELDS``.

    ``x`` multiplies the effect for a farm of the card's filière (LA-13: 2 doubles it,
    0 cancels it); ``who`` says which farms it hits (LA-08).
    """

    kind: str
    amount: int = 0
    n: int = 0
    blocks: int = 0
    pairs: int = 0
    price: int = 0
    steps: int = 0
    square: str = ""
    who: str = "self"
    x: int = 1


@attrs.frozen
class Card:
    """A season card or an Imprévu card."""

    id: str
    deck: str  # a season id, or "imprevu"
    name_fr: str
    name_en: str
    text_fr: str
    text_en: str
    effects: tuple[Effect, ...]
    filiere: str = ""
    optional: bool = False
    keep: str = ""  # "cows" / "money": kept, cancels the holder's next such loss
    requires_bons: int = 0  # LA-14: bons the farm must hold to take this optional card
    copies: int = 1

    def text(self, lang: str = "fr") -> str:
        """The card's own words (its story), in French or English.

        Example:
            >>> CARDS["P01"].text("en")
            'Two heifers born in spring join the herd.'
        """
        return self.text_fr if lang == "fr" else self.text_en

    @property
    def land(self) -> bool:
        """A land-change card (the field drawing of LA-21)."""
        return any(e.kind == "land" for e in self.effects)

    @property
    def needs_neighbour(self) -> bool:
        """Whether the card names "the neighbour" (LA-08)."""
        return any(e.who == "neighbour" or e.kind == "pay_neighbour" for e in self.effects)


def _load(name: str) -> Any:
    text = resources.files("boardgames_fr.lactorama").joinpath("data", name).read_text("utf-8")
    try:
        return json.loads(text)
    except ValueError as e:
        raise ValueError(f"{name}: not valid JSON ({e})") from None


def _int(value: Any, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{path}: expected an integer, got {value!r}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise ValueError(f"{path}: {value} is out of range {lo}..{hi}")
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{path}: expected a non-empty string, got {value!r}")
    return value


def _get(obj: Any, key: str, path: str) -> Any:
    if not isinstance(obj, dict) or key not in obj:
        raise ValueError(f"{path}.{key}: missing")
    return obj[key]


_FILIERE_IDS = ("societale", "ecolo", "techno")
# LA-13: the effects a filière may reverse (a negative factor ``x``).
REVERSIBLE = frozenset(("money", "bons", "green", "cows", "land"))
_SEASON_IDS = ("printemps", "ete", "automne", "hiver")


def _effect(raw: Any, path: str) -> Effect:
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected an object")
    kind = raw.get("kind")
    if kind not in EFFECT_FIELDS:
        raise ValueError(f"{path}.kind: {kind!r} is not one of {sorted(EFFECT_FIELDS)}")
    allowed = EFFECT_FIELDS[kind] | {"kind", "who", "x"}
    for key in raw:
        if key not in allowed:
            raise ValueError(f"{path}.{key}: not a field of a {kind!r} effect")
    kw: dict[str, Any] = {"kind": kind}
    for key in EFFECT_FIELDS[kind] - {"square", "price"}:
        kw[key] = _int(_get(raw, key, path), f"{path}.{key}", -100000, 100000)
        if kw[key] == 0:
            raise ValueError(f"{path}.{key}: must not be 0")
    if "price" in raw:
        kw["price"] = _int(raw["price"], f"{path}.price", 0, 100000)
    if kind == "buy_cows" and kw["pairs"] < 0:
        raise ValueError(f"{path}.pairs: an opportunity to buy needs pairs > 0")
    if kind == "goto":
        kw["square"] = raw.get("square")
        if kw["square"] not in ("foire", "negoce"):
            raise ValueError(f"{path}.square: must be 'foire' or 'negoce'")
    who = raw.get("who", "self")
    if who not in WHO:
        raise ValueError(f"{path}.who: {who!r} is not one of {WHO}")
    if kind in LAST_ONLY + ("pay_neighbour",) and who != "self":
        raise ValueError(f"{path}.who: a {kind!r} effect is always the actor's")
    kw["who"] = who
    # LA-13: the factor for a farm of the card's filière: 0 cancels, 2 or 3 strengthens,
    # below 0 reverses (-1: a loss becomes the same gain, a gain the same loss).
    kw["x"] = _int(raw.get("x", 1), f"{path}.x", -3, 3)
    if kw["x"] < 0 and (kind not in REVERSIBLE or kw.get("price")):
        raise ValueError(
            f"{path}.x: {kw['x']} reverses; only money, bons, green pawns, cows and land"
            " without a price can be reversed"
        )
    return Effect(**kw)


def _card(raw: Any, deck: str, path: str) -> Card:
    if not isinstance(raw, dict):
        raise ValueError(f"{path}: expected an object")
    known = {"id", "name_fr", "name_en", "text_fr", "text_en", "effects", "filiere", "optional"}
    known |= {"keep"}
    known |= {"copies", "requires_bons"}
    for key in raw:
        if key not in known:
            raise ValueError(f"{path}.{key}: unknown card field")
    effects_raw = _get(raw, "effects", path)
    if not isinstance(effects_raw, list):
        raise ValueError(f"{path}.effects: expected a list")
    effects = tuple(_effect(e, f"{path}.effects[{i}]") for i, e in enumerate(effects_raw))
    for i, e in enumerate(effects[:-1]):
        if e.kind in LAST_ONLY:
            raise ValueError(f"{path}.effects[{i}]: a {e.kind!r} effect must come last")
    filiere = raw.get("filiere", "")
    if filiere not in ("", *_FILIERE_IDS):
        raise ValueError(f"{path}.filiere: {filiere!r} is not a filière")
    if any(e.x != 1 for e in effects) and not filiere:
        raise ValueError(f"{path}: a factor x needs the card's filière")
    keep = raw.get("keep", "")
    if keep not in KEEP:
        raise ValueError(f"{path}.keep: {keep!r} is not one of {KEEP}")
    if keep and deck != "imprevu":
        raise ValueError(f"{path}.keep: only Imprévu cards are kept")
    if not effects and not keep:
        raise ValueError(f"{path}.effects: a card needs an effect")
    optional = raw.get("optional", False)
    if not isinstance(optional, bool):
        raise ValueError(f"{path}.optional: expected true or false")
    requires_bons = _int(raw.get("requires_bons", 0), f"{path}.requires_bons", 0, 30)
    if requires_bons and not optional:
        raise ValueError(f"{path}.requires_bons: only an optional card can require bons")
    if optional and any(e.kind in LAST_ONLY for e in effects):
        raise ValueError(f"{path}.optional: a card with a move or a purchase is not optional")
    if not optional and any(e.kind == "land" and e.blocks > 0 and e.price for e in effects):
        raise ValueError(f"{path}: a land purchase must be optional (LA-09)")
    return Card(
        id=_str(_get(raw, "id", path), f"{path}.id"),
        deck=deck,
        name_fr=_str(_get(raw, "name_fr", path), f"{path}.name_fr"),
        name_en=_str(_get(raw, "name_en", path), f"{path}.name_en"),
        text_fr=_str(_get(raw, "text_fr", path), f"{path}.text_fr"),
        text_en=_str(_get(raw, "text_en", path), f"{path}.text_en"),
        effects=effects,
        filiere=filiere,
        optional=optional,
        keep=keep,
        requires_bons=requires_bons,
        copies=_int(raw.get("copies", 1), f"{path}.copies", 1, 4),
    )


def _load_cards() -> tuple[dict[str, Card], tuple[tuple[str, ...], ...], tuple[str, ...]]:
    cards: dict[str, Card] = {}

    def add(card: Card, path: str) -> None:
        if card.id in cards:
            raise ValueError(f"{path}.id: duplicate card id {card.id!r}")
        cards[card.id] = card

    seasons = _load("saisons.json")
    decks = []
    for sid in _SEASON_IDS:
        raw = _get(seasons, sid, "saisons.json")
        if not isinstance(raw, list) or len(raw) < 16:
            raise ValueError(f"saisons.json:{sid}: a season deck needs at least 16 cards")
        deck: list[str] = []
        for i, r in enumerate(raw):
            c = _card(r, sid, f"saisons.json:{sid}[{i}]")
            add(c, f"saisons.json:{sid}[{i}]")
            deck += [c.id] * c.copies
        decks.append(tuple(sorted(deck)))
    raw_imp = _load("imprevus.json")
    if not isinstance(raw_imp, list) or len(raw_imp) < 8:
        raise ValueError("imprevus.json: expected a list of at least 8 cards")
    imp: list[str] = []
    for i, r in enumerate(raw_imp):
        c = _card(r, "imprevu", f"imprevus.json[{i}]")
        add(c, f"imprevus.json[{i}]")
        imp += [c.id] * c.copies
    return cards, tuple(decks), tuple(sorted(imp))


def _load_economy() -> dict[str, Any]:
    eco = _load("economie.json")
    p = "economie.json"
    for key in ("ha", "cows", "money", "bons"):
        _int(_get(_get(eco, "start", p), key, f"{p}.start"), f"{p}.start.{key}", 0)
    for key in ("cow_buy", "cow_bank", "cow_butcher", "land_end_per_ha", "bon_missing"):
        _int(_get(_get(eco, "prices", p), key, f"{p}.prices"), f"{p}.prices.{key}", 0)
    _int(_get(eco["prices"], "filiere_change", f"{p}.prices"), f"{p}.prices.filiere_change", 0)
    loan = _get(eco, "loan", p)
    for key in ("ticket", "per_cow", "rate_percent", "max_tickets"):
        _int(_get(loan, key, f"{p}.loan"), f"{p}.loan.{key}", 0)
    n = loan["max_tickets"] + 1
    for key in ("bons_per_loan", "interest"):
        table = _get(eco, key, p)
        if not isinstance(table, list) or len(table) != n:
            raise ValueError(f"{p}.{key}: expected {n} entries (0..max_tickets)")
        for i, v in enumerate(table):
            _int(v, f"{p}.{key}[{i}]", 0)
            if i and v < table[i - 1]:
                raise ValueError(f"{p}.{key}[{i}]: the table must not decrease")
    for i, v in enumerate(eco["interest"]):
        if v != i * loan["ticket"] * loan["rate_percent"] // 100:
            raise ValueError(f"{p}.interest[{i}]: not {loan['rate_percent']} % of the loans")
    inc = _get(eco, "income", p)
    cows, has, table = (_get(inc, k, f"{p}.income") for k in ("cows", "ha", "table"))
    for name, axis in (("cows", cows), ("ha", has)):
        if not isinstance(axis, list) or len(axis) < 2:
            raise ValueError(f"{p}.income.{name}: expected a list")
        for i, v in enumerate(axis):
            _int(v, f"{p}.income.{name}[{i}]", 0)
            if i and v <= axis[i - 1]:
                raise ValueError(f"{p}.income.{name}[{i}]: must increase")
    if not isinstance(table, list) or len(table) != len(cows):
        raise ValueError(f"{p}.income.table: expected one row per cow count ({len(cows)})")
    for r, row in enumerate(table):
        if not isinstance(row, list) or len(row) != len(has):
            raise ValueError(f"{p}.income.table[{r}]: expected {len(has)} columns")
        for c, v in enumerate(row):
            _int(v, f"{p}.income.table[{r}][{c}]", -100000, 100000)
            if r and v < table[r - 1][c]:
                raise ValueError(f"{p}.income.table[{r}][{c}]: more cows must not earn less")
    for key in ("green", "bons", "ha", "cows"):
        _int(_get(_get(eco, "convictions", p), key, f"{p}.convictions"), f"{p}.{key}", 1)
    for key in ("elimination_cows", "land_block", "cow_lot"):
        _int(_get(eco, key, p), f"{p}.{key}", 1)
    for key in ("alliance_alone_ha", "alliance_alone_cows"):
        _int(_get(eco, key, p), f"{p}.{key}", 0)
    return dict(eco)


def _load_board() -> dict[str, Any]:
    board = _load("plateau.json")
    p = "plateau.json"
    hexa = _get(board, "hexagon", p)
    spaces = _int(_get(hexa, "spaces", f"{p}.hexagon"), f"{p}.hexagon.spaces", 2, 12)
    _int(_get(hexa, "start", f"{p}.hexagon"), f"{p}.hexagon.start", 1, spaces)
    junctions = _get(_get(board, "route", p), "junctions", f"{p}.route")
    if not isinstance(junctions, list) or len(junctions) != 4:
        raise ValueError(f"{p}.route.junctions: expected 4 entries, one after each side")
    for i, j in enumerate(junctions):
        if j not in ("foire", "negoce", None):
            raise ValueError(f"{p}.route.junctions[{i}]: {j!r} is not foire, negoce or null")
    if _get(board["route"], "side_end", f"{p}.route") not in ("imprevu", None):
        raise ValueError(f"{p}.route.side_end: must be 'imprevu' or null")
    seasons = _get(board, "seasons", p)
    if [s.get("id") for s in seasons] != list(_SEASON_IDS):
        raise ValueError(f"{p}.seasons: expected the ids {_SEASON_IDS}")
    filieres = _get(board, "filieres", p)
    if [f.get("id") for f in filieres] != list(_FILIERE_IDS):
        raise ValueError(f"{p}.filieres: expected the ids {_FILIERE_IDS}")
    covered = []
    for i, f in enumerate(filieres):
        lo, hi = _get(f, "dice", f"{p}.filieres[{i}]")
        covered += list(range(lo, hi + 1))
    if sorted(covered) != list(range(1, 13)):
        raise ValueError(f"{p}.filieres: the dice ranges must cover 1..12 exactly once")
    _int(_get(board, "filiere_max", p), f"{p}.filiere_max", 2, 5)
    neg = _get(board, "negoce", p)
    for key in ("ha", "vaches", "argent", "bons"):
        vals = _get(neg, key, f"{p}.negoce")
        if not isinstance(vals, list) or not vals:
            raise ValueError(f"{p}.negoce.{key}: expected a list")
        for i, v in enumerate(vals):
            _int(v, f"{p}.negoce.{key}[{i}]", 1)
    return dict(board)


CARDS, SEASON_DECKS, IMPREVU_DECK = _load_cards()
ECONOMY = _load_economy()
BOARD = _load_board()
SEASONS: tuple[str, ...] = _SEASON_IDS
FILIERES: tuple[str, ...] = _FILIERE_IDS
CONVICTIONS: dict[str, int] = dict(ECONOMY["convictions"])
NEGOCE: dict[str, tuple[int, ...]] = {k: tuple(v) for k, v in BOARD["negoce"].items()}
BLOCK: int = ECONOMY["land_block"]
_INC_COWS: tuple[int, ...] = tuple(ECONOMY["income"]["cows"])
_INC_HA: tuple[int, ...] = tuple(ECONOMY["income"]["ha"])
_INC_TABLE: tuple[tuple[int, ...], ...] = tuple(tuple(r) for r in ECONOMY["income"]["table"])
_PLEDGE: tuple[int, ...] = tuple(ECONOMY["bons_per_loan"])
_INTEREST: tuple[int, ...] = tuple(ECONOMY["interest"])


def _band(axis: tuple[int, ...], value: int) -> int:
    """The row or column of ``value``: the last entry not above it (clamped to the table;
    the axes increase, as the loader checks)."""
    return max(bisect_right(axis, value) - 1, 0)


def income(cows: int, ha: int) -> int:
    """The season's net income (LA-06) from the index table; negative: a deficit.

    Example:
        >>> income(40, 44)
        1700
    """
    return _INC_TABLE[_band(_INC_COWS, cows)][_band(_INC_HA, ha)]


def pledge(tickets: int) -> int:
    """Bons held by the bank as guarantee for ``tickets`` loan tickets (LA-15).

    Example:
        >>> pledge(0), pledge(1), pledge(4), pledge(5)
        (0, 1, 2, 3)
    """
    return _PLEDGE[min(tickets, len(_PLEDGE) - 1)]


def interest(tickets: int) -> int:
    """The yearly interest on ``tickets`` loan tickets: 5 % (LA-15).

    Example:
        >>> interest(3)
        300
    """
    return _INTEREST[min(tickets, len(_INTEREST) - 1)]


def route(squares: int) -> tuple[tuple[str, int], ...]:
    """The path of a pawn through one season: (kind, slot) for each square, in order.

    ``squares`` season cards form the square, a quarter on each side; each side ends on
    an Imprévu square; the Foire at the crossing is passed twice, once each way, and the
    Négoce lies opposite it (LA-04).

    Example:
        >>> [k for k, _ in route(4)]
        ['saison', 'imprevu', 'foire', 'saison', 'imprevu', 'negoce', 'saison', 'imprevu', \
'foire', 'saison', 'imprevu']
    """
    per_side = squares // 4
    out: list[tuple[str, int]] = []
    slot = 0
    for junction in BOARD["route"]["junctions"]:
        for _ in range(per_side):
            out.append(("saison", slot))
            slot += 1
        if BOARD["route"]["side_end"]:
            out.append((BOARD["route"]["side_end"], -1))
        if junction:
            out.append((junction, -1))
    return tuple(out)


# --- texts ----------------------------------------------------------------------------

_FIL_FR = {f["id"]: f["name_fr"] for f in BOARD["filieres"]}
_FIL_EN = {f["id"]: f["name_en"] for f in BOARD["filieres"]}
_WHO_FR = {
    "self": "",
    "neighbour": "votre voisin : ",
    "others": "les autres exploitations : ",
    "all": "les voisins (tous) : ",
}
_WHO_EN = {"self": "", "neighbour": "your neighbour: ", "others": "the others: ", "all": "all: "}


def accept_cost(card: Card, in_filiere: bool) -> int:
    """LA-07, LA-09: what accepting the optional ``card`` costs a farm, with the filière
    factor (``in_filiere``: a farm of the card's filière) or as printed: the money it pays
    and the price of the land it buys (a factor below 0 reverses an effect, LA-13).

    Example:
        >>> accept_cost(CARDS["A08"], False)
        24000
    """
    cost = 0
    for e in card.effects:
        if e.who != "self":
            continue
        m = e.x if in_filiere else 1
        if e.kind == "money" and e.amount * m < 0:
            cost -= e.amount * m
        elif e.kind == "land" and e.blocks * m > 0:
            cost += e.price * e.blocks * m
    return cost


def euros(v: int) -> str:
    """Money as the game prints it in both languages, on cards and in every text: a space
    between thousands and the minus sign of typography.

    Example:
        >>> euros(11000), euros(-2000)
        ('11 000 €', '−2 000 €')
    """
    return ("−" if v < 0 else "") + f"{abs(v):,}".replace(",", " ") + " €"


def _signed(v: int, one: str, many: str, lang: str) -> str:
    """« +2 bons », « −1 bon »: the sign, then the count in words (`core.labels.count`)."""
    return ("+" if v > 0 else "−") + count(abs(v), one, many, lang)


def effect_text(effect: Effect, filiere: str = "", lang: str = "fr") -> str:
    """One effect in words, as printed on the card.

    Example:
        >>> effect_text(Effect(kind="money", amount=5000, x=2), "ecolo")
        '+5 000 € (Écolo ×2)'
    """
    e, fr = effect, lang == "fr"
    k = e.kind
    if k == "money":
        text = ("+" if e.amount > 0 else "−") + euros(abs(e.amount))
    elif k == "bons":
        text = _signed(e.n, "bon", "bons", lang)
    elif k == "green":
        pawn = ("pion vert", "pions verts") if fr else ("green pawn", "green pawns")
        text = _signed(e.n, *pawn, lang)
    elif k == "land":
        text = _signed(e.blocks * BLOCK, "ha", "ha", lang)
        if e.price:
            text += (" pour " if fr else " for ") + euros(e.price * e.blocks)
    elif k == "cows":
        cow = ("vache", "vaches") if fr else ("cow", "cows")
        text = _signed(e.pairs * 2, *cow, lang)
        if e.pairs < 0:
            if e.price:
                text += (" vendues " if fr else " sold at ") + euros(e.price)
                text += " pièce" if fr else " each"
            else:
                text += " perdues" if fr else " lost"
    elif k == "buy_cows":
        text = (
            f"achat possible de {e.pairs * 2} vaches à {euros(e.price)} pièce"
            if fr
            else f"may buy {e.pairs * 2} cows at {euros(e.price)} each"
        )
    elif k == "move":
        n = abs(e.steps)
        if fr:
            text = f"{'avancez' if e.steps > 0 else 'reculez'} de {count(n, 'case', 'cases')}"
        else:
            way = "forward" if e.steps > 0 else "back"
            text = f"move {way} {count(n, 'square', 'squares', 'en')}"
    elif k == "goto":
        place = "à la prochaine Foire" if e.square == "foire" else "au Négoce"
        text = (
            f"allez {place}"
            if fr
            else f"go to {'the next Foire' if e.square == 'foire' else 'the Négoce'}"
        )
    else:  # pay_neighbour
        if e.amount > 0:
            text = (
                f"payez {euros(e.amount)} au voisin"
                if fr
                else f"pay {euros(e.amount)} to the neighbour"
            )
        else:
            amt = euros(-e.amount)
            text = f"le voisin vous paie {amt}" if fr else f"the neighbour pays you {amt}"
    prefix = (_WHO_FR if fr else _WHO_EN)[e.who]
    if e.x != 1 and filiere:
        name = (_FIL_FR if fr else _FIL_EN)[filiere]
        if e.x < 0:  # LA-13: reversed for the filière
            rev = f"{name} : inversé" if fr else f"{name}: reversed"
            text += f" ({rev})" if e.x == -1 else f" ({rev} ×{-e.x})"
        else:
            text += f" ({name} ×{e.x})"
    return prefix + text


def card_text(card: Card, lang: str = "fr") -> str:
    """The rule line of a card: its effects, optional or kept."""
    fr = lang == "fr"
    parts = [effect_text(e, card.filiere, lang) for e in card.effects]
    if card.keep:
        parts.append(
            (
                "à garder : annule votre prochaine "
                + ("perte de vaches" if card.keep == "cows" else "dépense")
            )
            if fr
            else ("keep: cancels your next " + ("cow loss" if card.keep == "cows" else "expense"))
        )
    text = " ; ".join(parts) if fr else "; ".join(parts)
    if card.requires_bons:
        n = card.requires_bons
        text += f" (il faut {n} bons)" if fr else f" (needs {n} bons)"
    if card.optional:
        text = ("au choix : " if fr else "optional: ") + text
    return text


def docs_tables() -> str:
    """The card lists and tables of the rules page, generated from the data (markdown).

    The page ``docs/rules/lactorama.md`` holds the marker ``<!-- gen:tables lactorama -->``,
    replaced by this text when the site is built.

    Example:
        >>> docs_tables().splitlines()[0]
        '#### Saison : Printemps (16 cartes)'
    """
    lines: list[str] = []
    names = {s["id"]: s["name_fr"] for s in BOARD["seasons"]}
    for sid, deck in zip(SEASONS, SEASON_DECKS, strict=True):
        lines += [f"#### Saison : {names[sid]} ({len(deck)} cartes)", ""]
        lines += ["| id | carte | texte | effet |", "|---|---|---|---|"]
        for cid in sorted(set(deck)):
            c = CARDS[cid]
            land = " 🌾" if c.land else ""
            lines.append(f"| {c.id} | {c.name_fr}{land} | {c.text_fr} | {card_text(c)} |")
        lines.append("")
    lines += [f"#### Imprévus ({len(IMPREVU_DECK)} cartes)", ""]
    lines += ["| id | carte | texte | effet |", "|---|---|---|---|"]
    for cid in sorted(set(IMPREVU_DECK)):
        c = CARDS[cid]
        lines.append(f"| {c.id} | {c.name_fr} | {c.text_fr} | {card_text(c)} |")
    lines.append("")
    lines += ["#### Table index : revenu net par saison (€)", ""]
    lines.append("| vaches \\ ha | " + " | ".join(str(h) for h in _INC_HA) + " |")
    lines.append("|---" * (len(_INC_HA) + 1) + "|")
    for cows, row in zip(_INC_COWS, _INC_TABLE, strict=True):
        lines.append(f"| {cows} | " + " | ".join(str(v) for v in row) + " |")
    lines.append("")
    loan = ECONOMY["loan"]
    lines += ["#### Emprunts : bons en garantie et intérêts", ""]
    lines.append("| tickets (2 000 € chacun) | capital | bons en garantie | intérêt annuel (5 %) |")
    lines.append("|---|---|---|---|")
    for t in range(1, loan["max_tickets"] + 1):
        lines.append(f"| {t} | {euros(t * loan['ticket'])} | {pledge(t)} | {euros(interest(t))} |")
    lines.append("")
    return "\n".join(lines)
