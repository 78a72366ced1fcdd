"""Labels, text and SVG pictures of Little Factory, in French (the game's words) and English."""

from __future__ import annotations

from html import escape

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.game import check_lang
from boardgames_fr.core.labels import count, player_name
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
    Alternative,
    tier_goods,
)
from boardgames_fr.little_factory.names import (
    building_card,
    building_name,
    good_name,
    is_good,
)
from boardgames_fr.little_factory.rules import winners
from boardgames_fr.little_factory.state import (
    END_BLOCKED,
    END_POINTS,
    END_ROUNDS,
    END_TOKENS,
    PHASE_COIN_EXCHANGE,
    PHASE_DISCARD,
    PHASE_MAIN,
    PHASE_PAY,
    PHASE_TAKE,
    State,
)

__all__ = [
    "building_name",
    "describe",
    "ending_label",
    "good_name",
    "player_name",
    "render",
    "render_svg",
]

_PHASE = {
    "fr": {
        PHASE_COIN_EXCHANGE: "échange de pièces (premier tour)",
        PHASE_MAIN: "produire ou échanger",
        PHASE_TAKE: "échange : choisir ce qu'on prend",
        PHASE_PAY: "échange : payer",
        PHASE_DISCARD: "défausser jusqu'à la limite de main",
    },
    "en": {
        PHASE_COIN_EXCHANGE: "coin exchange (first round)",
        PHASE_MAIN: "produce or trade",
        PHASE_TAKE: "trade: choose what to take",
        PHASE_PAY: "trade: pay",
        PHASE_DISCARD: "discard down to the hand limit",
    },
}
# The main phase once the turn's production or trade is done (LF-03): what the seat may
# still do, by whether its building action is left (LF-08).
_AFTER_MAIN = {
    "fr": {True: "utiliser un bâtiment ou finir le tour", False: "finir le tour"},
    "en": {True: "use a building or end the turn", False: "end the turn"},
}
_END = {
    "fr": {
        END_POINTS: "un joueur a atteint les points de victoire visés",
        END_TOKENS: "plus de jetons de points de victoire",
        END_ROUNDS: "dernière manche jouée",
        END_BLOCKED: "plus aucun joueur ne peut rien faire",
    },
    "en": {
        END_POINTS: "a player reached the target points",
        END_TOKENS: "the victory point tokens ran out",
        END_ROUNDS: "the last round was played",
        END_BLOCKED: "no player can do anything any more",
    },
}


def ending_label(code: str, lang: str) -> str:
    """An end reason of `state.ENDS` as the status line says it (LF-01, LF-09, LF-13), in
    French or English (`Game.ending_label`); an unknown one is shown as it is.

    Example:
        >>> ending_label("tokens", "fr"), ending_label("blocked", "en")
        ('plus de jetons de points de victoire', 'no player can do anything any more')
    """
    return _END["fr" if lang == "fr" else "en"].get(code, code)


def _value(k: int) -> str:
    """A good's trade value for a label; ``?`` for an unknown good."""
    return str(GOODS[k].value) if is_good(k) else "?"


def _goods(goods: tuple[int, ...], lang: str) -> str:
    """``1 argile + 1 blé``, ``2 bois``: each good with its quantity, in recipe order."""
    seen: list[int] = []
    for k in goods:
        if k not in seen:
            seen.append(k)
    return " + ".join(f"{goods.count(k)} {good_name(k, lang)}" for k in seen)


def _alt(alt: Alternative, lang: str, supply: int | None = None) -> str:
    """An effect as « 1 pain + 1 lait → +4 PV »; with the token ``supply`` of a state, a
    VP gain says what `step` gives when fewer tokens are left (Choices « VP effects when
    tokens are short »: take what is left)."""
    fr = lang == "fr"
    if not alt.spend and not alt.show and alt.gain is not None:
        # The market's designed effect (Choices « marché »): nothing is given, a basic good
        # is taken from the bottom row; « rien → argile » read as a riddle.
        name = good_name(alt.gain, lang)
        return (
            f"prendre 1 {name} de la rangée du bas" if fr else f"take 1 {name} from the bottom row"
        )
    parts = []
    if alt.spend:
        parts.append(_goods(alt.spend, lang))
    if alt.show:
        parts.append(("montrer " if lang == "fr" else "show ") + _goods(alt.show, lang))
    if alt.gain is not None:
        out = good_name(alt.gain, lang)
    elif supply is not None and supply < alt.points:
        out = (
            f"+{supply} PV (jetons restants : {supply})"
            if fr
            else f"+{supply} VP (tokens left: {supply})"
        )
    else:
        out = f"+{alt.points} PV" if lang == "fr" else f"+{alt.points} VP"
    left = " + ".join(parts) if parts else ("rien" if lang == "fr" else "nothing")
    return f"{left} → {out}"


def describe(action: Action, state: State | None, lang: str) -> str:
    """A one-line label for a menu or a log (``state`` None: without the table's numbers).

    Example:
        >>> describe(EndTurn(), None, "fr")
        'Finir le tour'
    """
    a, s = action, state
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
        recipe = GOODS[a.good].recipe if is_good(a.good) else ()
        if not (isinstance(a.alt, int) and 0 <= a.alt < len(recipe)):
            return (
                f"Produire 1 {name} (recette inconnue)"
                if fr
                else f"Produce 1 {name} (unknown recipe)"
            )
        alt = recipe[a.alt]
        parts = []
        if alt.spend:
            parts.append(("en dépensant " if fr else "spending ") + _goods(alt.spend, lang))
        if alt.show:
            parts.append(("en montrant " if fr else "showing ") + _goods(alt.show, lang))
        how = (" et " if fr else " and ").join(parts)
        return f"Produire 1 {name} {how}" if fr else f"Produce 1 {name} {how}"
    if isinstance(a, Build):
        name = building_name(a.building, lang)
        card = building_card(a.building)
        if card is None:
            return "Produire un bâtiment inconnu" if fr else "Build an unknown building"
        how = _goods(card.build, lang)
        return (
            f"Produire le bâtiment {name} en dépensant {how}"
            if fr
            else f"Build {name} spending {how}"
        )
    if isinstance(a, StartTrade):
        return "Échanger" if fr else "Trade"
    if isinstance(a, TakeGood):
        name, value = good_name(a.good, lang), _value(a.good)
        return f"Prendre 1 {name} (valeur {value})" if fr else f"Take 1 {name} (value {value})"
    if isinstance(a, TakeBuilding):
        card = building_card(a.building)
        if card is None:
            return "Prendre un bâtiment inconnu" if fr else "Take an unknown building"
        name, cost = building_name(a.building, lang), card.cost
        return f"Prendre le bâtiment {name} (coût {cost})" if fr else f"Take {name} (cost {cost})"
    if isinstance(a, StopTaking):
        return "Passer au paiement" if fr else "Go on to paying"
    if isinstance(a, PayGood):
        name, value = good_name(a.good, lang), _value(a.good)
        return (
            f"Payer avec 1 {name} (valeur {value})" if fr else f"Pay with 1 {name} (value {value})"
        )
    if isinstance(a, PayCoin):
        return "Payer 1 pièce" if fr else "Pay 1 coin"
    if isinstance(a, UseBuilding):
        card = building_card(a.building)
        if card is None:
            return "Bâtiment inconnu" if fr else "Unknown building"
        name, effect = building_name(a.building, lang), card.effect
        ok = isinstance(a.alt, int) and 0 <= a.alt < len(effect)
        supply = None if s is None else s.token_supply
        how = (
            _alt(effect[a.alt], lang, supply)
            if ok
            else ("effet inconnu" if fr else "unknown effect")
        )
        return f"Bâtiment {name} : {how}" if fr else f"Building {name}: {how}"
    if isinstance(a, EndTurn):
        # LF-03 / choice: above the hand limit, ending the turn leads to a discard down to
        # the limit (an option); the label says so, so that the choice is not a surprise.
        if s is not None and 0 <= s.turn < len(s.hands):
            limit = s.options.hand_limit
            if sum(s.hands[s.turn]) > limit:
                return (
                    f"Finir le tour (puis défausser jusqu'à {_plural(limit, 'carte')})"
                    if fr
                    else f"End the turn (then discard down to {_plural(limit, 'card', False)})"
                )
        return "Finir le tour" if fr else "End the turn"
    if isinstance(a, Discard):
        name = good_name(a.good, lang)
        return f"Défausser 1 {name} (limite de main)" if fr else f"Discard 1 {name} (hand limit)"
    if isinstance(a, DrawGood):
        name = good_name(a.good, lang)
        return f"Pioche : {name}" if fr else f"Drawn: {name}"
    if isinstance(a, DrawBuilding):
        if building_card(a.building) is None:
            return "Pioche : bâtiment inconnu" if fr else "Drawn: unknown building"
        name = building_name(a.building, lang)
        return f"Pioche : bâtiment {name}" if fr else f"Drawn: building {name}"
    return "Action inconnue" if fr else "Unknown action"


def _counts(counts: tuple[int, ...], goods: tuple[int, ...], lang: str) -> str:
    parts = []
    for k in goods:
        if counts[k]:
            n = counts[k]
            parts.append(good_name(k, lang) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts) if parts else "—"


def _plural(n: int, word: str, fr: bool = True) -> str:
    """``1 pièce``, ``2 pièces``, ``0 pièce``: `core.labels.count` with a plural in -s."""
    return count(n, word, word + "s", "fr" if fr else "en")


def _points(s: State, seat: int) -> int:
    """`rules.points` for a picture: a building id that is no building counts 0."""
    return sum(BUILDINGS[b].vp for b in s.built[seat] if b in BUILDINGS) + s.tokens[seat]


def _building_line(b: int, lang: str) -> str:
    card = building_card(b)
    name = building_name(b, lang)
    if card is None:
        return name
    vp = "PV" if lang == "fr" else "VP"
    cost = "coût" if lang == "fr" else "cost"
    return f"{name} ({cost} {card.cost}, {card.vp} {vp}, {_goods(card.build, lang)})"


def _status(s: State, lang: str) -> str:
    """Whose turn and what they are doing, or how the game ended and who won."""
    fr = lang == "fr"
    if s.to_move == TERMINAL:
        won_by = winners(s)
        won = ", ".join(player_name(w, lang) for w in won_by)
        many = "s" if len(won_by) > 1 else ""  # a tie is shared
        why = _END["fr" if fr else "en"].get(s.end, "fin inconnue" if fr else "unknown end")
        return (
            f"Partie finie ({why}) ; gagnant{many} : {won}"
            if fr
            else f"Game over ({why}); winner{many}: {won}"
        )
    if s.phase == PHASE_MAIN and s.acted:
        # LF-03: once produced or traded, the turn's production or trade is spent: say what
        # the seat may still do (issue #24), from what every seat sees (whether one of its
        # buildings can run depends on its hand): its building action if not used (LF-08).
        runs = bool(s.built[s.turn]) and not s.used_building
        state_of = _AFTER_MAIN["fr" if fr else "en"][runs]
    elif s.phase == PHASE_DISCARD:
        # The limit is an option (LF-03): say how far to discard.
        limit = s.options.hand_limit
        state_of = (
            f"défausser jusqu'à {_plural(limit, 'carte')} (limite de main)"
            if fr
            else f"discard down to {_plural(limit, 'card', False)} (hand limit)"
        )
    else:
        state_of = _PHASE["fr" if fr else "en"].get(
            s.phase, "phase inconnue" if fr else "unknown phase"
        )
    drawing = "pioche" if fr else "drawing"
    extra = f" [{drawing}]" if s.to_move == CHANCE else ""
    sep = " :" if fr else ":"
    # « À Joueur 1 » reads badly: French names the turn « Au tour du joueur 1 ».
    who = f"Au tour du joueur {s.turn + 1}" if fr else f"Turn of {player_name(s.turn, lang)}"
    return f"{who}{sep} {state_of}{extra}"


def _deck_line(s: State, lang: str, tier2: tuple[int, ...], tier3: tuple[int, ...]) -> str:
    """The decks' sizes and the discard pile, public (LF-12)."""
    t2 = sum(s.deck[k] for k in tier2)
    t3 = sum(s.deck[k] for k in tier3)
    discard = _counts(s.discard, tuple(range(NUM_GOODS)), lang)
    if lang == "fr":
        return (
            f"Pioche : niveau 2 : {_plural(t2, 'carte')}, niveau 3 : {_plural(t3, 'carte')}, "
            f"bâtiments : {_plural(len(s.building_deck), 'carte')} ; défausse : {discard}"
        )
    return (
        f"Deck: tier 2: {_plural(t2, 'card', False)}, tier 3: {_plural(t3, 'card', False)}, "
        f"buildings: {_plural(len(s.building_deck), 'card', False)}; discard: {discard}"
    )


def _trade_line(s: State, lang: str) -> str | None:
    """The trade in progress (what is taken and paid is public), None without one."""
    t = s.trade
    if t is None:
        return None
    everything = tuple(range(NUM_GOODS))
    # What is taken: the goods, then the buildings (« — » only when nothing is).
    taken = [building_name(b, lang) for b in t.taken_buildings]
    if any(t.taken):
        taken.insert(0, _counts(t.taken, everything, lang))
    took = ", ".join(taken) or "—"
    paid = _counts(t.paid, everything, lang)
    if lang == "fr":
        return (
            f"Échange en cours : prend {took} (prix {t.price}) ; "
            f"payé {paid} + {_plural(t.paid_coins, 'pièce')} = {t.paid_value}"
        )
    return (
        f"Trade in progress: takes {took} (price {t.price}); "
        f"paid {paid} + {_plural(t.paid_coins, 'coin', False)} = {t.paid_value}"
    )


def render(state: State, lang: str, seat: int | None) -> str:
    """A plain-text picture of the table as ``seat`` sees it.

    ``seat`` None is the public picture (hand sizes only); a seat number adds that
    seat's own hand. Other seats' hands are never shown.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> "main :" in render(s, "fr", None), "main :" in render(s, "fr", 0)
        (False, True)
    """
    s = state
    fr = lang == "fr"
    everything = tuple(range(NUM_GOODS))
    lines = []
    head = (
        f"Little Factory — manche {s.round}/{s.options.max_rounds}"
        if fr
        else f"Little Factory — round {s.round}/{s.options.max_rounds}"
    )
    lines.append(head)
    lines.append(_status(s, lang))
    small = tuple(b for b in s.buildings_shown if b in SMALL)
    large = tuple(b for b in s.buildings_shown if b not in SMALL)
    lines.append("Marché :" if fr else "Market:")
    label = "Bâtiments" if fr else "Buildings"
    colon = " :" if fr else ":"
    for name, row in ((f"{label} (≤ 8)", small), (f"{label} (> 8)", large)):
        text = " | ".join(_building_line(b, lang) for b in row) or "—"
        lines.append(f"  {name}{colon} {text}")
    tier2, tier3 = tier_goods(s.options.milk_tier)  # milk's row follows the option
    lines.append(f"  {'Niveau 3' if fr else 'Tier 3'}{colon} {_counts(s.market, tier3, lang)}")
    lines.append(f"  {'Niveau 2' if fr else 'Tier 2'}{colon} {_counts(s.market, tier2, lang)}")
    basic = "Biens de base" if fr else "Basic goods"
    lines.append(f"  {basic}{colon} {_counts(s.market, BASIC, lang)}")
    lines.append(_deck_line(s, lang, tier2, tier3))
    lines.append(
        f"Jetons de PV restants : {s.token_supply}" if fr else f"VP tokens left: {s.token_supply}"
    )
    for p in range(s.num_players):
        built = ", ".join(building_name(b, lang) for b in s.built[p]) or "—"
        size = sum(s.hands[p])
        pts = _points(s, p)
        tok = _plural(s.tokens[p], "jeton" if fr else "token", fr)
        coins = _plural(s.coins[p], "pièce" if fr else "coin", fr)
        cards = _plural(size, "carte" if fr else "card", fr)
        if fr:
            own = f" ; main : {_counts(s.hands[p], everything, lang)}" if p == seat else ""
            lines.append(
                f"{player_name(p, lang)} : {pts} PV ({tok}), {coins}, {cards} en main{own} ; "
                f"bâtiments : {built}"
            )
        else:
            own = f"; hand: {_counts(s.hands[p], everything, lang)}" if p == seat else ""
            lines.append(
                f"{player_name(p, lang)}: {pts} VP ({tok}), {coins}, {cards} in hand{own}; "
                f"buildings: {built}"
            )
    trade = _trade_line(s, lang)
    if trade is not None:
        lines.append(trade)
    return "\n".join(lines)


_TIER_COLOUR = {1: "#d9c49a", 2: "#9cc3e6", 3: "#c7a6e0"}


def _card(x: int, y: int, fill: str, title: str, sub: str) -> str:
    return (
        f'<g><rect x="{x}" y="{y}" width="112" height="46" rx="6" fill="{fill}" '
        f'stroke="#444"/><text x="{x + 6}" y="{y + 18}" font-size="12">{escape(title)}</text>'
        f'<text x="{x + 6}" y="{y + 36}" font-size="11" fill="#333">{escape(sub)}</text></g>'
    )


def render_svg(state: State, lang: str = "fr") -> str:
    """An SVG picture of the table, the public view (hand sizes only), with French ("fr")
    or English ("en") labels: the status line of `render` (whose turn and what they
    do, or who won), the market rows, the players, the trade in progress, the decks and
    the discard pile.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> svg = render_svg(lf.new_game(2, seed=3), "en")
        >>> svg.startswith("<svg"), "Player 1" in svg
        (True, True)
    """
    check_lang(lang)  # as `render`: never a picture for "de"
    s = state
    fr = lang == "fr"
    # The status line of the text picture: whose turn and what they do, or who won.
    parts: list[str] = [f'<text x="10" y="20" font-size="14">{escape(_status(s, lang))}</text>']
    y = 30
    rows: list[tuple[str, list[tuple[str, str, str]]]] = []
    small = [b for b in s.buildings_shown if b in SMALL]
    large = [b for b in s.buildings_shown if b not in SMALL]
    label_b = "Bâtiments" if fr else "Buildings"
    cost_w, vp_w = ("coût", "PV") if fr else ("cost", "VP")
    for label, row in ((f"{label_b} > 8", large), (f"{label_b} ≤ 8", small)):
        rows.append(
            (
                label,
                [
                    (
                        "#e8b4a0",
                        building_name(b, lang),
                        f"{cost_w} {card.cost}, {card.vp} {vp_w}" if card else "?",
                    )
                    for b, card in ((b, building_card(b)) for b in row)
                ],
            )
        )
    tier2, tier3 = tier_goods(s.options.milk_tier)  # milk's row follows the option
    tiers = (
        (("Niveau 3", 3, tier3), ("Niveau 2", 2, tier2), ("Base", 1, BASIC))
        if fr
        else (("Tier 3", 3, tier3), ("Tier 2", 2, tier2), ("Basic", 1, BASIC))
    )
    value_w = "valeur" if fr else "value"
    for label, tier, goods in tiers:
        rows.append(
            (
                label,
                [
                    (
                        _TIER_COLOUR[tier],
                        good_name(k, lang),
                        f"{value_w} {GOODS[k].value} ×{s.market[k]}",
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
        built = ", ".join(building_name(b, lang) for b in s.built[seat]) or "—"
        coins = _plural(s.coins[seat], "pièce" if fr else "coin", fr)
        cards_n = _plural(sum(s.hands[seat]), "carte" if fr else "card", fr)
        pts = _points(s, seat)
        text = (
            f"{mark}{player_name(seat, lang)} : {pts} PV, {coins}, {cards_n} ; {built}"
            if fr
            else f"{mark}{player_name(seat, lang)}: {pts} VP, {coins}, {cards_n}; {built}"
        )
        parts.append(f'<text x="10" y="{y}" font-size="13">{escape(text)}</text>')
        y += 20
    trade = _trade_line(s, lang)
    if trade is not None:
        parts.append(f'<text x="10" y="{y}" font-size="13">{escape(trade)}</text>')
        y += 20
    foot = (
        f"Manche {s.round}/{s.options.max_rounds}, jetons PV : {s.token_supply}"
        if fr
        else f"Round {s.round}/{s.options.max_rounds}, VP tokens: {s.token_supply}"
    )
    parts.append(f'<text x="10" y="{y + 4}" font-size="12">{escape(foot)}</text>')
    deck = _deck_line(s, lang, tier2, tier3)
    parts.append(f'<text x="10" y="{y + 22}" font-size="12">{escape(deck)}</text>')
    height = y + 38
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">'
        f'<rect width="{width}" height="{height}" fill="#fbf7ef"/>' + "".join(parts) + "</svg>"
    )
