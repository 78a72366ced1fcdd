"""Labels, text and SVG pictures of D'Orge et de Blé, in French and English."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.game import check_lang, game_of
from boardgames_fr.core.labels import count, de, player_name
from boardgames_fr.core.svg import wrap
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.rules import (
    capacity,
    discard_offer,
    harvest_gain,
    keep_gain,
    sale_cost,
    totals,
    winners,
)
from boardgames_fr.dorge_et_ble.state import DISCARD, KEEP, PLAY, ROW, State

__all__ = ["NAME_EN", "NAME_FR", "card_label", "describe", "player_name", "render", "render_svg"]

NAME_FR = "D'Orge et de Blé"
"""The game's name in French (``GAME_INFO.name_fr``)."""
NAME_EN = "Of Barley and Wheat"
"""The game's name in English (``GAME_INFO.name_en``, and in a refusal of another state)."""

_W = {
    "fr": {
        "card": "carte",
        "coins": "pièces",
        "harvest": "Récolter avec",
        "sell": "Vendre",
        "upgrade": "Améliorer avec",
        "for": "pour",
        "barter": "Troquer",
        "against": "contre",
        "discard": "Offrir 1",
        "discard_to": "à l'autre joueur",
        "keep": "Garder 1",
        "offer": "Offrir",
        "keep_n": "Garder",
        "and": "et",
        "draw": "Piocher",
        "year": "Année",
        "fruitful": "fructueuse",
        "drought": "sécheresse",
        "mill": "Moulin",
        "hand": "main",
        "known": "main de l'autre (connues)",
        "cards": "cartes",
        "barn": "Grange",
        "column": "colonne récolte",
        "brewery": "Brasserie",
        "bakery": "Boulangerie",
        "sold": "vendues",
        "upgrades": "améliorations",
        "river": "Rivière",
        "fields": "Champs",
        "deck": "pioche",
        "discards": "défausse",
        "row": "troc",
        "pending": "à jouer aussitôt",
        "surplus": "surplus offert",
        "to_move": "à jouer",
        "over": "partie terminée",
        "total": "totaux bière/pain",
        "score": "score",
        "winner": "gagnant",
        "empty": "vide",
        "to_offer": "à offrir",
        "no_token": "aucun pion",
        "free": "gratuit",
    },
    "en": {
        "card": "card",
        "coins": "coins",
        "harvest": "Harvest with",
        "sell": "Sell",
        "upgrade": "Upgrade with",
        "for": "for",
        "barter": "Barter",
        "against": "for",
        "discard": "Offer 1",
        "discard_to": "to the other player",
        "keep": "Keep 1",
        "offer": "Offer",
        "keep_n": "Keep",
        "and": "and",
        "draw": "Draw",
        "year": "Year",
        "fruitful": "fruitful",
        "drought": "drought",
        "mill": "Mill",
        "hand": "hand",
        "known": "other's hand (known)",
        "cards": "cards",
        "barn": "Barn",
        "column": "harvest column",
        "brewery": "Brewery",
        "bakery": "Bakery",
        "sold": "sold",
        "upgrades": "upgrades",
        "river": "River",
        "fields": "Fields",
        "deck": "deck",
        "discards": "discard",
        "row": "barter",
        "pending": "to play at once",
        "surplus": "surplus offered",
        "to_move": "to move",
        "over": "game over",
        "total": "beer/bread totals",
        "score": "score",
        "winner": "winner",
        "empty": "empty",
        "to_offer": "to offer",
        "no_token": "no token",
        "free": "free",
    },
}


# The SVG's player line: « Joueur 1 — bière 3, pain 0, score 0 » (no article before a
# total, as a score sheet reads); "Player 1 — beer 3, bread 0, score 0".
_GOOD_FOR = (("bière", "pain"), ("beer", "bread"))
# Between the parts of an SVG line: a spaced dash, not a hyphen (typography, fr and en).
_DASH = " \u2014 "


def _lang(lang: str) -> dict[str, str]:
    return _W["en"] if lang == "en" else _W["fr"]


def _barn_fill(state: State, seat: int, cap: int, lang: str) -> str:
    """« 7/9 »; while a full barn's surplus waits to be offered (DB-08), « 9/9 + 1 à
    offrir », so that a picture never shows more tokens in a barn than it holds."""
    n = sum(state.barns[seat])
    if n <= cap:
        return f"{n}/{cap}"
    return f"{cap}/{cap} + {n - cap} {_lang(lang)['to_offer']}"


def card_label(card: int, lang: str = "fr") -> str:
    """A short name of a card: ``"Blonde 4 (n°0)"``.

    Example:
        >>> card_label(0, "en")
        'Blonde ale 4 (#0)'
    """
    if not 0 <= card < D.NUM_CARDS:  # never index negatively
        raise ValueError(f"no card {card}: cards are 0 to {D.NUM_CARDS - 1}")
    name = D.TYPE_NAMES["en" if lang == "en" else "fr"][D.CARD_TYPE[card]]
    num = f"#{card}" if lang == "en" else f"n°{card}"
    return f"{name} {D.CARD_COINS[card]} ({num})"


def _res_list(counts: tuple[int, ...], lang: str) -> str:
    names = D.RES_NAMES["en" if lang == "en" else "fr"]
    parts = [f"{n} {names[r]}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else _lang(lang)["empty"]


def _tokens_and(counts: tuple[int, ...], first: int, lang: str) -> str:
    """« 1 houblon et 1 eau »: the token chosen first, then any that follow with no choice."""
    names = D.RES_NAMES["en" if lang == "en" else "fr"]
    parts = [f"{counts[first]} {names[first]}"]
    parts += [f"{n} {names[r]}" for r, n in enumerate(counts) if n and r != first]
    return f" {_lang(lang)['and']} ".join(parts)


def _icons(card: int, lang: str) -> str:
    """The resources a card's harvest section shows: « eau, blé » (« 2 eau » for two icons)."""
    names = D.RES_NAMES["en" if lang == "en" else "fr"]
    shows = D.CARD_HARVEST[card]
    return ", ".join(names[r] if n == 1 else f"{n} {names[r]}" for r, n in enumerate(shows) if n)


def _harvest_amounts(state: State, card: int, lang: str) -> str:
    """« 2 eau, 1 blé (1 à offrir) »: what the seat to move takes by harvesting ``card``."""
    seat = state.to_move
    # DB-07: the rules' own computation, the one `step` applies.
    got = harvest_gain(state, seat, card)
    w = _lang(lang)
    text = _res_list(got, lang) if any(got) else w["no_token"]
    # DB-08: what does not fit in the Grange is offered to the other player.
    over = sum(state.barns[seat]) + sum(got) - capacity(state, seat)
    return f"{text} ({over} {w['to_offer']})" if over > 0 else text


def _sale_amounts(state: State, card: int, lang: str) -> str:
    """« 1 eau, 1 blé, 3 orge, 1 houblon »: what the seat to move pays to sell ``card``."""
    # DB-09: the recipe less the Atelier discounts (DB-10), as `step` pays it.
    cost = sale_cost(state, state.to_move, card)
    return _res_list(cost, lang) if any(cost) else _lang(lang)["free"]


def describe(action: Any, state: State | None = None, lang: str = "fr") -> str:
    """One line naming ``action`` in French or English.

    With a state in the phase play, a harvest says the tokens the seat to move really
    takes (the whole column counts, with its Champ bonuses, as far as the fields last,
    DB-07) and how many of them will not fit in its Grange (DB-08); a sale says what it
    really pays (the recipe less its Atelier discounts, DB-09). In the phase discard or
    keep, a token offered or kept is followed by those that go with it with no choice
    left, when a single kind remains (DB-08): « Offrir 1 houblon et 1 eau à l'autre
    joueur ». Without a state: the resources the card shows, its printed recipe, 1 token.

    Example:
        >>> from boardgames_fr.dorge_et_ble import new_game, step
        >>> describe(Sell(0), None, "fr")
        'Vendre Blonde 4 (n°0) : 1 eau, 1 orge, 1 houblon'
        >>> s = new_game(seed=3)
        >>> describe(Harvest(2), s, "fr")
        'Récolter avec Blonde 4 (n°2) : 1 blé, 1 houblon'
        >>> s = step(step(s, Harvest(2)), Harvest(26))  # then the hands are swapped
        >>> describe(Harvest(45), s, "fr")  # the column's wheat and hops count too
        'Récolter avec Pain de seigle 7 (n°45) : 2 blé, 2 houblon'
        >>> describe(Harvest(45), None, "fr")
        'Récolter avec Pain de seigle 7 (n°45) : blé, houblon'
    """
    w = _lang(lang)
    names = D.RES_NAMES["en" if lang == "en" else "fr"]
    sep = ": " if lang == "en" else " : "
    # The amounts are those of the seat to move, and only the phase play plays a card; in
    # another phase (the reason for an illegal move) the label falls back on the card.
    if isinstance(action, Harvest):
        label = f"{w['harvest']} {card_label(action.card, lang)}{sep}"
        if state is None or state.phase != PLAY:
            return label + _icons(action.card, lang)
        return label + _harvest_amounts(state, action.card, lang)
    if isinstance(action, Sell):
        label = f"{w['sell']} {card_label(action.card, lang)}{sep}"
        if state is None or state.phase != PLAY:
            return label + _res_list(D.CARD_RECIPE[action.card], lang)
        return label + _sale_amounts(state, action.card, lang)
    if isinstance(action, Upgrade):
        effect = D.upgrade_text(action.card, lang)
        return f"{w['upgrade']} {card_label(action.card, lang)}{sep}{effect}"
    if isinstance(action, Barter):
        give, take = card_label(action.give, lang), card_label(action.take, lang)
        return f"{w['barter']} {give} {w['against']} {take}"
    if isinstance(action, Discard | Keep) and not 0 <= action.resource < D.NUM_RES:
        raise ValueError(f"no resource {action.resource}: resources are 0 to {D.NUM_RES - 1}")
    if isinstance(action, Discard):
        r = action.resource
        if state is not None and state.phase == DISCARD and state.barns[state.to_move][r] > 0:
            # DB-08: with one kind left, the rest of the excess goes too (`discard_offer`).
            given = _tokens_and(discard_offer(state, r), r, lang)
            return f"{w['offer']} {given} {w['discard_to']}"
        return f"{w['discard']} {names[r]} {w['discard_to']}"
    if isinstance(action, Keep):
        if state is not None and state.phase == KEEP and state.surplus[action.resource] > 0:
            # DB-08: with one kind then offered, what still fits is kept too (`keep_gain`).
            kept = _tokens_and(keep_gain(state, action.resource), action.resource, lang)
            return f"{w['keep_n']} {kept}"
        return f"{w['keep']} {names[action.resource]}"
    if isinstance(action, Draw):
        return f"{w['draw']} {card_label(action.card, lang)}"
    return repr(action)


def _count(n: int, lang: str) -> str:
    """``n`` cards: « 0 carte », « 1 carte », « 2 cartes » (French: singular below 2);
    "0 cards", "1 card", "2 cards".

    Example:
        >>> _count(1, "fr"), _count(0, "fr"), _count(2, "en"), _count(0, "en")
        ('1 carte', '0 carte', '2 cards', '0 cards')
    """
    w = _lang(lang)
    return count(n, w["card"], w["cards"], "en" if lang == "en" else "fr")


def _dealing(state: State, lang: str) -> str:
    """At a deal (DB-05, DB-06), where the next card drawn goes: « tirage pour la main de
    Joueur 2 », « tirage pour le troc » (a table dealing real cards needs to know)."""
    who = state.deal_queue[0]
    if lang == "en":
        return (
            "draw for the barter row" if who == ROW else f"draw for {player_name(who, lang)}'s hand"
        )
    return (
        "tirage pour le troc" if who == ROW else f"tirage pour la main de {player_name(who, lang)}"
    )


def _cards(cards: tuple[int, ...], lang: str) -> str:
    return ", ".join(card_label(c, lang) for c in cards) if cards else "-"


def render(state: State, lang: str = "fr", seat: int | None = None) -> str:
    """A plain-text picture of the table as ``seat`` sees it.

    ``seat`` None is the public picture: hand sizes only, no card of any hand. A seat
    number adds that seat's own hand and the cards of the other hand it knows.

    Example:
        >>> from boardgames_fr.dorge_et_ble import new_game
        >>> render(new_game(seed=1), "en").splitlines()[0]
        'Year 1 (fruitful) - Mill: Player 1 - to move: Player 1'
    """
    w = _lang(lang)
    names = D.RES_NAMES["en" if lang == "en" else "fr"]
    kind = w["fruitful"] if state.year % 2 else w["drought"]
    if state.to_move == TERMINAL:
        tm = w["over"]
    elif state.to_move == CHANCE:
        tm = _dealing(state, lang)
    else:
        tm = player_name(state.to_move, lang)
    # French typography: a space before the colon.
    c = ": " if lang == "en" else " : "
    mill = f"{w['mill']}{c}{player_name(state.mill, lang)}"
    lines = [f"{w['year']} {state.year} ({kind}) - {mill} - {w['to_move']}{c}{tm}"]
    f = state.fields
    lines.append(
        f"{w['river']}{c}{f[0]} {names[0]} | {w['fields']}{c}"
        + ", ".join(f"{f[r]} {names[r]}" for r in range(1, D.NUM_RES))
    )
    lines.append(
        f"{w['deck']}{c}{_count(len(state.deck), lang)} | "
        f"{w['discards']}{c}{_count(len(state.discard), lang)} | "
        f"{w['row']}{c}{_cards(state.barter, lang)}"
    )
    if state.pending >= 0:
        lines.append(f"{w['pending']}{c}{card_label(state.pending, lang)}")
    if state.phase in (DISCARD, KEEP):
        lines.append(f"{w['surplus']}{c}{_res_list(state.surplus, lang)}")
    for s in (0, 1):
        t = totals(state, s)
        lines.append(
            f"-- {player_name(s, lang)} -- {w['total']} {t[0]}/{t[1]}, {w['score']} {min(t)}"
        )
        # Hidden information: a hand is shown only to its owner; others see its size.
        n = len(state.hands[s])
        if seat == s:
            lines.append(f"  {w['hand']} ({n}){c}{_cards(state.hands[s], lang)}")
        else:
            lines.append(f"  {w['hand']}{c}{_count(n, lang)}")
            if seat is not None:
                lines.append(f"  {w['known']}{c}{_cards(state.known[seat], lang)}")
        used = _barn_fill(state, s, capacity(state, s), lang)
        lines.append(f"  {w['barn']} ({used}){c}{_res_list(state.barns[s], lang)}")
        lines.append(f"  {w['column']}{c}{_cards(state.columns[s], lang)}")
        b = state.buildings[s]
        lines.append(
            f"  {w['brewery']}{c}{card_label(b[0], lang) if b[0] >= 0 else '-'} | "
            f"{w['bakery']}{c}{card_label(b[1], lang) if b[1] >= 0 else '-'} | "
            f"{w['sold']}{c}{_cards(state.sold[s], lang)}"
        )
        ups = [D.upgrade_text(c, lang) for c in state.upgrades[s]]
        lines.append(
            f"  {w['upgrades']}{c}{('; ' if lang == 'en' else ' ; ').join(ups) if ups else '-'}"
        )
    if state.to_move == TERMINAL:
        lines.append(f"{w['winner'].capitalize()}{c}{player_name(winners(state)[0], lang)}")
    return "\n".join(lines)


_COLORS = ("#5fa8d3", "#e9c46a", "#c9a227", "#8d6e63", "#6a994e")
_SVG_W = 760
_PER_ROW = 30  # barn spaces in a row of the picture: 30 + 29 * 22 + 9 < _SVG_W - 10
# A Brasserie or Boulangerie box: its longest text, « Boulangerie : Pain de campagne 9
# (n°59) », fits (39 characters of 0.62 x 12 px, `core.svg`), and two boxes fit a player's.
_BUILDING_W = 355


def _wrap(text: str, width: float, size: int = 12) -> list[str]:
    """``text`` in lines that fit ``width`` (`core.svg.wrap`); a card's name is kept whole
    (`_cards_nb` joins its words with no-break spaces)."""
    return [line.replace("\xa0", " ") for line in wrap(text, width, size)]


def _cards_nb(cards: tuple[int, ...], lang: str) -> str:
    return _cards(cards, lang).replace(" ", "\xa0").replace(",\xa0", ", ")


def _field_fr(name: str) -> str:
    """« Champ de blé », « Champ d'orge », « Champ de houblon »."""
    return f"Champ {de(name)}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _t(x: float, y: float, body: str, extra: str = "") -> str:
    return f'<text x="{x}" y="{y}"{extra}>{escape(body)}</text>'


def _refuse_state(state: object) -> None:
    """A `TypeError` for what is not a state of this game, in the core's words (`render`
    gets them from `Game`; `render_svg` is not one of its hooks)."""
    if isinstance(state, State):
        return
    try:
        other = f"a state of {game_of(state).info.name_en}"
    except ValueError:
        raise TypeError(
            f"a {type(state).__name__} was given to {NAME_EN}, not a state of {NAME_EN}"
        ) from None
    raise TypeError(f"{other} was given to {NAME_EN}")


def render_svg(state: State, lang: str = "fr") -> str:
    """An SVG picture of the table: river, fields, the barter row, and each player's barn,
    buildings, harvest column, sold cards and upgrades, cards named as in `card_label`.

    The public picture: of a hand only its size, never its cards. Each field's box shows
    the colour of its tokens, and each barn lists its tokens in words.

    Example:
        >>> from boardgames_fr.dorge_et_ble import new_game
        >>> render_svg(new_game(seed=1)).startswith("<svg")
        True
    """
    # As `render` (the core checks it there): a clear error, never a French picture for
    # "de" nor an AttributeError for another game's state.
    check_lang(lang)
    if type(state) is not State:
        _refuse_state(state)
    en = lang == "en"
    names = D.RES_NAMES["en" if en else "fr"]
    w = _lang(lang)
    c = ": " if en else " : "
    kind = w["fruitful"] if state.year % 2 else w["drought"]
    body = [
        _t(10, 20, f"{w['year']} {state.year} ({kind}){_DASH}{w['mill']}{c}"
           f"{player_name(state.mill, lang)}", ' font-size="16"'),
    ]  # fmt: skip
    if state.to_move == TERMINAL:
        winner = player_name(winners(state)[0], lang)
        status = f"{w['over']}{_DASH}{w['winner']}{c}{winner}"
    elif state.to_move == CHANCE:
        status = _dealing(state, lang)
    else:
        status = f"{w['to_move']}{c}{player_name(state.to_move, lang)}"
    body.append(_t(10, 40, _cap(status), ' font-weight="bold"'))
    # River and fields, one box each, with a token of the colour the barns show.
    for r in range(D.NUM_RES):
        x = 10 + r * 150
        body.append(
            f'<rect x="{x}" y="50" width="140" height="56" fill="{_COLORS[r]}" opacity="0.35"/>'
        )
        body.append(f'<circle cx="{x + 12}" cy="64" r="7" fill="{_COLORS[r]}" stroke="#333"/>')
        label = w["river"] if r == 0 else (f"{names[r]} field" if en else _field_fr(names[r]))
        body.append(_t(x + 24, 68, _cap(label), ' font-size="11"'))
        body.append(_t(x + 8, 96, str(state.fields[r]), ' font-size="20"'))
    # What lies face up between the players: deck and discard sizes, the barter row, a
    # card taken from it, the tokens offered.
    common = (
        f"{w['deck']}{c}{_count(len(state.deck), lang)}{_DASH}{w['discards']}{c}"
        f"{_count(len(state.discard), lang)}"
    )
    if state.barter:
        common += f"{_DASH}{w['row']}{c}{_cards_nb(state.barter, lang)}"
    lines = _wrap(_cap(common), _SVG_W - 20)
    if state.pending >= 0:
        lines.append(_cap(f"{w['pending']}{c}{card_label(state.pending, lang)}"))
    if state.phase in (DISCARD, KEEP):
        lines.append(_cap(f"{w['surplus']}{c}{_res_list(state.surplus, lang)}"))
    y = 124
    for line in lines:
        body.append(_t(10, y, line))
        y += 16
    for s in (0, 1):
        y = _svg_player(body, state, s, y + 4, lang, capacity(state, s), totals(state, s))
    h = y + 10
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_SVG_W}" height="{h}" '
            f'viewBox="0 0 {_SVG_W} {h}" font-family="sans-serif" font-size="12">',
            f'<rect width="{_SVG_W}" height="{h}" fill="#fbf7ef"/>',
            *body,
            "</svg>",
        ]
    )


def _svg_player(
    body: list[str], state: State, s: int, top: int, lang: str, cap: int, t: tuple[int, int]
) -> int:
    """One player's box from ``top``; returns where the next one may start."""
    en = lang == "en"
    w = _lang(lang)
    c = ": " if en else " : "
    box = len(body)  # the box's frame goes here, once its height is known
    n = len(state.hands[s])
    head = (
        f"{player_name(s, lang)}{_DASH}{_GOOD_FOR[en][0]} {t[0]}, {_GOOD_FOR[en][1]} {t[1]}, "
        f"{w['score']} {min(t)}{_DASH}{w['hand']}{c}{_count(n, lang)}"
    )
    bold = ' font-weight="bold"' if s == state.to_move else ""
    body.append(_t(20, top + 18, head + (f"{_DASH}{w['to_move']}" if bold else ""), bold))
    # The barn's spaces, tokens first: rows of _PER_ROW, so that a big barn (option
    # barn_size up to 20, plus Grenier upgrades) or a barn over its spaces while it gives
    # its surplus away (DB-08) stays inside the picture.
    spots = [_COLORS[r] for r in range(D.NUM_RES) for _ in range(state.barns[s][r])]
    spots += [""] * (cap - len(spots))
    for e, fill in enumerate(spots):
        x, y = 30 + e % _PER_ROW * 22, top + 38 + e // _PER_ROW * 22
        paint = f'fill="{fill}" stroke="#333"' if fill else 'fill="none" stroke="#bbb"'
        body.append(f'<circle cx="{x}" cy="{y}" r="9" {paint}/>')
    below = top + (max(len(spots) - 1, 0) // _PER_ROW) * 22  # after the rows of spaces
    used = f"{w['barn']} ({_barn_fill(state, s, cap, lang)}){c}{_res_list(state.barns[s], lang)}"
    body.append(_t(20, below + 66, used))
    for slot, title in enumerate((w["brewery"], w["bakery"])):
        card = state.buildings[s][slot]
        x = 20 + slot * (_BUILDING_W + 10)
        body.append(
            f'<rect x="{x}" y="{below + 76}" width="{_BUILDING_W}" height="26" fill="#eee" '
            'stroke="#777"/>'
        )
        text = f"{title}{c}{card_label(card, lang) if card >= 0 else '-'}"
        body.append(_t(x + 6, below + 94, text))
    y = below + 122
    rows = (
        ("Harvest column" if en else "Colonne récolte", state.columns[s]),
        ("Sold" if en else "Vendues", state.sold[s]),
        ("Upgrades" if en else "Améliorations", state.upgrades[s]),
    )
    for title, cards in rows:
        for line in _wrap(f"{title}{c}{_cards_nb(cards, lang)}", _SVG_W - 50):
            body.append(_t(20, y, line))
            y += 16
    body.insert(
        box,
        f'<rect x="10" y="{top}" width="{_SVG_W - 20}" height="{y - top}" fill="none" '
        'stroke="#555"/>',
    )
    return y + 6
