"""Labels, text and SVG pictures of Little Factory, in French (the game's words) and English."""

from __future__ import annotations

from html import escape

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.little_factory.actions import (
    Action,
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
    EndExchange,
    EndTurn,
    PayCoin,
    PayGood,
    Produce,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import (
    BASIC,
    BUILDINGS,
    GOODS,
    NUM_GOODS,
    SMALL,
    TIER2,
    TIER3,
    Alternative,
)
from boardgames_fr.little_factory.state import State

__all__ = [
    "building_name",
    "describe_action",
    "good_name",
    "render_svg",
    "render_text",
]

_PHASE = {
    "fr": {
        "exchange": "échange de pièces (premier tour)",
        "main": "produire ou échanger",
        "take": "échange : choisir ce qu'on prend",
        "pay": "échange : payer",
        "discard": "défausser jusqu'à la limite de main",
    },
    "en": {
        "exchange": "coin exchange (first round)",
        "main": "produce or trade",
        "take": "trade: choose what to take",
        "pay": "trade: pay",
        "discard": "discard down to the hand limit",
    },
}
_END = {
    "fr": {
        "points": "un joueur a atteint les points de victoire visés",
        "tokens": "plus de jetons de points de victoire",
        "rounds": "dernière manche jouée",
    },
    "en": {
        "points": "a player reached the target points",
        "tokens": "the victory point tokens ran out",
        "rounds": "the last round was played",
    },
}


def good_name(k: int, lang: str) -> str:
    """A good's name; an unknown number is shown as such (for error messages)."""
    if not 0 <= k < NUM_GOODS:
        return f"good #{k}"
    g = GOODS[k]
    return g.name_fr if lang == "fr" else g.name_en


def building_name(b: int, lang: str) -> str:
    """A building's name."""
    card = BUILDINGS.get(b)
    if card is None:
        return f"building #{b}"
    return card.name_fr if lang == "fr" else card.name_en


def _goods(goods: tuple[int, ...], lang: str) -> str:
    return " + ".join(good_name(k, lang) for k in goods)


def _alt(alt: Alternative, lang: str) -> str:
    parts = []
    if alt.spend:
        parts.append(_goods(alt.spend, lang))
    if alt.show:
        parts.append(("montrer " if lang == "fr" else "show ") + _goods(alt.show, lang))
    if alt.gain is not None:
        out = good_name(alt.gain, lang)
    else:
        out = f"+{alt.points} PV" if lang == "fr" else f"+{alt.points} VP"
    left = " + ".join(parts) if parts else ("rien" if lang == "fr" else "nothing")
    return f"{left} → {out}"


def describe_action(a: Action, s: State | None, lang: str) -> str:
    """A one-line label for a menu or a log."""
    fr = lang == "fr"
    if isinstance(a, BuyBasic):
        name = good_name(a.good, lang)
        return f"Acheter 1 {name} pour 1 pièce" if fr else f"Buy 1 {name} for 1 coin"
    if isinstance(a, EndExchange):
        return "Garder les pièces restantes" if fr else "Keep the remaining coins"
    if isinstance(a, ProduceBasic):
        name = good_name(a.good, lang)
        return f"Produire 1 {name} (rangée du bas)" if fr else f"Produce 1 {name} (bottom row)"
    if isinstance(a, Produce):
        name = good_name(a.good, lang)
        recipe = GOODS[a.good].recipe if 0 <= a.good < NUM_GOODS else ()
        if not 0 <= a.alt < len(recipe):
            return f"Produire {name}" if fr else f"Produce {name}"
        alt = recipe[a.alt]
        parts = []
        if alt.spend:
            parts.append(("en dépensant " if fr else "spending ") + _goods(alt.spend, lang))
        if alt.show:
            parts.append(("en montrant " if fr else "showing ") + _goods(alt.show, lang))
        how = (" et " if fr else " and ").join(parts)
        return f"Produire {name} {how}" if fr else f"Produce {name} {how}"
    if isinstance(a, Build):
        name = building_name(a.building, lang)
        card = BUILDINGS.get(a.building)
        how = _goods(card.build, lang) if card else "?"
        return (
            f"Produire le bâtiment {name} en dépensant {how}"
            if fr
            else f"Build {name} spending {how}"
        )
    if isinstance(a, StartTrade):
        return "Échanger" if fr else "Trade"
    if isinstance(a, TakeGood):
        name = good_name(a.good, lang)
        value = GOODS[a.good].value if 0 <= a.good < NUM_GOODS else 0
        return f"Prendre {name} (valeur {value})" if fr else f"Take {name} (value {value})"
    if isinstance(a, TakeBuilding):
        name = building_name(a.building, lang)
        card = BUILDINGS.get(a.building)
        cost = card.cost if card else 0
        return f"Prendre le bâtiment {name} (coût {cost})" if fr else f"Take {name} (cost {cost})"
    if isinstance(a, StopTaking):
        return "Passer au paiement" if fr else "Go on to paying"
    if isinstance(a, PayGood):
        name = good_name(a.good, lang)
        value = GOODS[a.good].value if 0 <= a.good < NUM_GOODS else 0
        return f"Payer avec {name} ({value})" if fr else f"Pay with {name} ({value})"
    if isinstance(a, PayCoin):
        return "Payer 1 pièce" if fr else "Pay 1 coin"
    if isinstance(a, UseBuilding):
        name = building_name(a.building, lang)
        card = BUILDINGS.get(a.building)
        effect = card.effect if card else ()
        how = _alt(effect[a.alt], lang) if 0 <= a.alt < len(effect) else "?"
        return f"Bâtiment {name} : {how}" if fr else f"Building {name}: {how}"
    if isinstance(a, EndTurn):
        return "Finir le tour" if fr else "End the turn"
    if isinstance(a, Discard):
        name = good_name(a.good, lang)
        return f"Défausser {name} (limite de main)" if fr else f"Discard {name} (hand limit)"
    if isinstance(a, DrawGood):
        name = good_name(a.good, lang)
        return f"Pioche : {name}" if fr else f"Drawn: {name}"
    if isinstance(a, DrawBuilding):
        name = building_name(a.building, lang)
        return f"Pioche : bâtiment {name}" if fr else f"Drawn: building {name}"
    return repr(a)


def _counts(counts: tuple[int, ...], goods: tuple[int, ...], lang: str) -> str:
    parts = []
    for k in goods:
        if counts[k]:
            n = counts[k]
            parts.append(good_name(k, lang) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts) if parts else "—"


def _building_line(b: int, lang: str) -> str:
    card = BUILDINGS[b]
    name = building_name(b, lang)
    vp = "PV" if lang == "fr" else "VP"
    cost = "coût" if lang == "fr" else "cost"
    return f"{name} ({cost} {card.cost}, {card.vp} {vp}, {_goods(card.build, lang)})"


def render_text(s: State, lang: str) -> str:
    """A plain-text picture of the table (every hand shown: a log or an umpire's view)."""
    from boardgames_fr.little_factory.rules import points

    fr = lang == "fr"
    everything = tuple(range(NUM_GOODS))
    lines = []
    head = (
        f"Little Factory — manche {s.round}/{s.options.max_rounds}"
        if fr
        else f"Little Factory — round {s.round}/{s.options.max_rounds}"
    )
    lines.append(head)
    if s.to_move == TERMINAL:
        from boardgames_fr.little_factory.rules import GAME

        won = ", ".join(str(w) for w in GAME.winners(s))
        why = _END[lang].get(s.end, s.end)
        lines.append(
            f"Partie finie ({why}) ; gagnant(s) : joueur {won}"
            if fr
            else f"Game over ({why}); winner(s): seat {won}"
        )
    else:
        state_of = _PHASE[lang][s.phase]
        seat_word = "joueur" if fr else "seat"
        drawing = "pioche" if fr else "drawing"
        extra = f" [{drawing}]" if s.to_move == CHANCE else ""
        sep = " :" if fr else ":"
        lines.append(
            f"{'Tour du' if fr else 'Turn of'} {seat_word} {s.turn}{sep} {state_of}{extra}"
        )
    small = tuple(b for b in s.buildings_shown if b in SMALL)
    large = tuple(b for b in s.buildings_shown if b not in SMALL)
    lines.append("Marché :" if fr else "Market:")
    label = "Bâtiments" if fr else "Buildings"
    for name, row in ((f"{label} (≤ 8)", small), (f"{label} (> 8)", large)):
        text = " | ".join(_building_line(b, lang) for b in row) or "—"
        lines.append(f"  {name}: {text}")
    lines.append(f"  {'Niveau 3' if fr else 'Tier 3'}: {_counts(s.market, TIER3, lang)}")
    lines.append(f"  {'Niveau 2' if fr else 'Tier 2'}: {_counts(s.market, TIER2, lang)}")
    lines.append(f"  {'Biens de base' if fr else 'Basic goods'}: {_counts(s.market, BASIC, lang)}")
    t2 = sum(s.deck[k] for k in TIER2)
    t3 = sum(s.deck[k] for k in TIER3)
    if fr:
        lines.append(
            f"Pioche : niveau 2 {t2}, niveau 3 {t3}, bâtiments {len(s.building_deck)} ; "
            f"défausse : {_counts(s.discard, everything, lang)}"
        )
        lines.append(f"Jetons de PV restants : {s.token_supply}")
    else:
        lines.append(
            f"Deck: tier 2 {t2}, tier 3 {t3}, buildings {len(s.building_deck)}; "
            f"discard: {_counts(s.discard, everything, lang)}"
        )
        lines.append(f"VP tokens left: {s.token_supply}")
    for seat in range(s.num_players):
        built = ", ".join(building_name(b, lang) for b in s.built[seat]) or "—"
        hand = _counts(s.hands[seat], everything, lang)
        pts = points(s, seat)
        if fr:
            lines.append(
                f"Joueur {seat} : {pts} PV ({s.tokens[seat]} jetons), {s.coins[seat]} pièces ; "
                f"main : {hand} ; bâtiments : {built}"
            )
        else:
            lines.append(
                f"Seat {seat}: {pts} VP ({s.tokens[seat]} tokens), {s.coins[seat]} coins; "
                f"hand: {hand}; buildings: {built}"
            )
    if s.trade is not None:
        t = s.trade
        took = _counts(t.taken, everything, lang)
        tb = ", ".join(building_name(b, lang) for b in t.taken_buildings)
        paid = _counts(t.paid, everything, lang)
        if fr:
            lines.append(
                f"Échange en cours : prend {took}{' ; ' + tb if tb else ''} (prix {t.price}) ; "
                f"payé {paid} + {t.paid_coins} pièces = {t.paid_value}"
            )
        else:
            lines.append(
                f"Trade in progress: takes {took}{'; ' + tb if tb else ''} (price {t.price}); "
                f"paid {paid} + {t.paid_coins} coins = {t.paid_value}"
            )
    return "\n".join(lines)


_TIER_COLOUR = {1: "#d9c49a", 2: "#9cc3e6", 3: "#c7a6e0"}


def _card(x: int, y: int, fill: str, title: str, sub: str) -> str:
    return (
        f'<g><rect x="{x}" y="{y}" width="112" height="46" rx="6" fill="{fill}" '
        f'stroke="#444"/><text x="{x + 6}" y="{y + 18}" font-size="12">{escape(title)}</text>'
        f'<text x="{x + 6}" y="{y + 36}" font-size="11" fill="#333">{escape(sub)}</text></g>'
    )


def render_svg(s: State) -> str:
    """An SVG picture of the market rows and the players (French labels)."""
    from boardgames_fr.little_factory.rules import points

    parts: list[str] = []
    y = 30
    rows: list[tuple[str, list[tuple[str, str, str]]]] = []
    small = [b for b in s.buildings_shown if b in SMALL]
    large = [b for b in s.buildings_shown if b not in SMALL]
    for label, row in (("Bâtiments > 8", large), ("Bâtiments ≤ 8", small)):
        rows.append(
            (
                label,
                [
                    (
                        "#e8b4a0",
                        BUILDINGS[b].name_fr,
                        f"coût {BUILDINGS[b].cost}, {BUILDINGS[b].vp} PV",
                    )
                    for b in row
                ],
            )
        )
    for label, tier, goods in (("Niveau 3", 3, TIER3), ("Niveau 2", 2, TIER2), ("Base", 1, BASIC)):
        rows.append(
            (
                label,
                [
                    (
                        _TIER_COLOUR[tier],
                        GOODS[k].name_fr,
                        f"valeur {GOODS[k].value} ×{s.market[k]}",
                    )
                    for k in goods
                    if s.market[k]
                ],
            )
        )
    width = 120 + 120 * max(9, max(len(r) for _, r in rows))
    for label, cards in rows:
        parts.append(f'<text x="10" y="{y + 28}" font-size="13">{escape(label)}</text>')
        for i, (fill, title, sub) in enumerate(cards):
            parts.append(_card(120 + 120 * i, y, fill, title, sub))
        y += 56
    y += 10
    for seat in range(s.num_players):
        mark = "▶ " if seat == s.turn and s.to_move >= 0 else ""
        built = ", ".join(BUILDINGS[b].name_fr for b in s.built[seat]) or "—"
        text = (
            f"{mark}Joueur {seat} : {points(s, seat)} PV, {s.coins[seat]} pièces, "
            f"{sum(s.hands[seat])} cartes ; {built}"
        )
        parts.append(f'<text x="10" y="{y}" font-size="13">{escape(text)}</text>')
        y += 20
    parts.append(
        f'<text x="10" y="{y + 4}" font-size="12">Manche {s.round}, jetons PV : {s.token_supply}'
        "</text>"
    )
    height = y + 20
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        f'<rect width="{width}" height="{height}" fill="#fbf7ef"/>' + "".join(parts) + "</svg>"
    )
