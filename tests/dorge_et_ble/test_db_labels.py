"""The labels of harvests and sales give what the move really takes or pays (audit: they
printed the card's icons and printed recipe), and the SVG's player line reads naturally."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.svg import fits
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Discard, Harvest, Keep, Sell
from boardgames_fr.dorge_et_ble.game import GAME
from boardgames_fr.dorge_et_ble.render import card_label
from boardgames_fr.dorge_et_ble.rules import capacity, harvest_gain, sale_cost
from boardgames_fr.dorge_et_ble.state import DISCARD, KEEP, PLAY, State

Z = (0, 0, 0, 0, 0)
FULL = (18, 7, 8, 6, 6)  # the river and the fields after the first Sowing
# Three cards showing water and barley (Blonde 5, Ambrée 7, Brune 9).
W1, W2, W3 = 7, 17, 27
CHAMP_WATER = 6  # Blonde 5: « récolte : +1 eau »
ATELIER = {"water": 3, "hops": 4, "barley": 8}  # Blonde 4, 4, 5: « vente : 1 ... de moins »


def position(**changes: Any) -> State:
    """A year-1 position set up by hand, seat 0 to play; the deck is the cards left."""
    s = db.new_game(seed=1)
    fields: dict[str, Any] = {
        "hands": ((), (50,)),
        "known": ((), ()),
        "columns": ((), ()),
        "phase": PLAY,
        "to_move": 0,
        "active": 0,
        "fields": Z,
    }
    fields.update(changes)
    s = attrs.evolve(s, **fields)
    placed = set(s.discard)
    for seat in (0, 1):
        placed |= set(s.hands[seat]) | set(s.columns[seat]) | set(s.sold[seat])
        placed |= set(s.upgrades[seat]) | {c for c in s.buildings[seat] if c >= 0}
    s = attrs.evolve(s, deck=tuple(c for c in range(D.NUM_CARDS) if c not in placed))
    GAME.validate(s)
    return s


def both(action: Any, state: State | None) -> tuple[str, str]:
    return db.describe(action, state, "fr"), db.describe(action, state, "en")


def test_DB07_harvest_label_counts_the_whole_column() -> None:
    """DB-07: the label says 3 water and 3 barley (the column's three cards), not the
    card's own icons; and `step` takes exactly that."""
    s = position(hands=((W3,), (50,)), columns=((W1, W2), ()), fields=FULL)
    assert both(Harvest(W3), s) == (
        "Récolter avec Brune 9 (n°27) : 3 eau, 3 orge",
        "Harvest with Brown ale 9 (#27): 3 water, 3 barley",
    )
    assert harvest_gain(s, 0, W3) == (3, 0, 3, 0, 0)
    assert db.step(s, Harvest(W3)).barns[0] == (3, 0, 3, 0, 0)


def test_DB07_harvest_label_as_far_as_the_field_lasts() -> None:
    """DB-07: one barley token left in its field: the label says 1, as `step` takes."""
    s = position(hands=((W3,), (50,)), columns=((W1, W2), ()), fields=(18, 7, 1, 6, 6))
    assert both(Harvest(W3), s) == (
        "Récolter avec Brune 9 (n°27) : 3 eau, 1 orge",
        "Harvest with Brown ale 9 (#27): 3 water, 1 barley",
    )
    assert db.step(s, Harvest(W3)).barns[0] == (3, 0, 1, 0, 0)


def test_DB07_harvest_label_with_a_champ_bonus_and_empty_fields() -> None:
    """DB-07, DB-10: a Champ upgrade adds its token to the label; with the fields and the
    river empty the label says that no token comes."""
    s = position(hands=((33,), (50,)), upgrades=((CHAMP_WATER,), ()), fields=FULL)
    assert both(Harvest(33), s) == (
        "Récolter avec Pain blanc 4 (n°33) : 2 eau, 1 blé",
        "Harvest with White bread 4 (#33): 2 water, 1 wheat",
    )
    assert db.step(s, Harvest(33)).barns[0] == (2, 1, 0, 0, 0)
    empty = position(hands=((33,), (50,)), fields=Z)
    assert both(Harvest(33), empty) == (
        "Récolter avec Pain blanc 4 (n°33) : aucun pion",
        "Harvest with White bread 4 (#33): no token",
    )


def test_DB08_harvest_label_tells_the_tokens_to_offer() -> None:
    """DB-08: 8 rye in a Grange of 9, plus 6 tokens harvested: 5 do not fit and are
    offered to the other player."""
    s = position(
        hands=((W3,), (50,)), columns=((W1, W2), ()), fields=FULL, barns=((0, 0, 0, 8, 0), Z)
    )
    assert both(Harvest(W3), s) == (
        "Récolter avec Brune 9 (n°27) : 3 eau, 3 orge (5 à offrir)",
        "Harvest with Brown ale 9 (#27): 3 water, 3 barley (5 to offer)",
    )
    t = db.step(s, Harvest(W3))
    assert t.phase == DISCARD and sum(t.barns[0]) - capacity(t, 0) == 5


def test_DB09_sale_label_pays_the_recipe_less_the_atelier_discount() -> None:
    """DB-09, DB-10: with an Atelier « 1 eau de moins » Brune 9 (n°27) pays 1 water, not
    the 2 of its recipe; the label says so, and `step` takes exactly that."""
    barn = (2, 1, 3, 0, 1)
    s = position(hands=((27,), (50,)), upgrades=((ATELIER["water"],), ()), barns=(barn, Z))
    assert both(Sell(27), s) == (
        "Vendre Brune 9 (n°27) : 1 eau, 1 blé, 3 orge, 1 houblon",
        "Sell Brown ale 9 (#27): 1 water, 1 wheat, 3 barley, 1 hops",
    )
    assert sale_cost(s, 0, 27) == (1, 1, 3, 0, 1)
    t = db.step(s, Sell(27))
    assert tuple(b - a for b, a in zip(barn, t.barns[0], strict=True)) == (1, 1, 3, 0, 1)
    # Seat 1, without the Atelier, would pay the printed recipe.
    assert sale_cost(s, 1, 27) == D.CARD_RECIPE[27] == (2, 1, 3, 0, 1)


def test_DB09_sale_label_when_the_discounts_pay_it_all() -> None:
    """DB-09, DB-10, option ``free_sales``: Blonde 4 (n°0) needs water, barley and hops;
    three Ateliers take each off: the sale is free."""
    ups = (ATELIER["water"], ATELIER["hops"], ATELIER["barley"])
    s = position(hands=((0,), (50,)), upgrades=(ups, ()), options=db.Options(free_sales=True))
    assert Sell(0) in db.legal_actions(s)
    assert both(Sell(0), s) == ("Vendre Blonde 4 (n°0) : gratuit", "Sell Blonde ale 4 (#0): free")


def test_DB09_sale_label_when_the_discounts_cover_the_recipe_says_one_water() -> None:
    """DB-09, DB-10: by default a sale costs at least 1 water, also when the Ateliers
    cover its whole recipe; the label says what `step` takes."""
    ups = (ATELIER["water"], ATELIER["hops"], ATELIER["barley"])
    s = position(hands=((0,), (50,)), upgrades=(ups, ()), barns=((1, 0, 0, 0, 0), Z))
    assert both(Sell(0), s) == ("Vendre Blonde 4 (n°0) : 1 eau", "Sell Blonde ale 4 (#0): 1 water")


def test_labels_without_a_state_or_outside_the_phase_play_come_from_the_card() -> None:
    """With no state, a harvest names the resources the card shows (the amounts depend on
    the column) and a sale its printed recipe; so do they in a phase where no card is
    played (the reason for an illegal move)."""
    cases = {
        Harvest(W3): ("Récolter avec Brune 9 (n°27) : eau, orge",
                      "Harvest with Brown ale 9 (#27): water, barley"),
        Sell(27): ("Vendre Brune 9 (n°27) : 2 eau, 1 blé, 3 orge, 1 houblon",
                   "Sell Brown ale 9 (#27): 2 water, 1 wheat, 3 barley, 1 hops"),
    }  # fmt: skip
    s = position(hands=((W3,), (50,)), columns=((W1, W2), ()), fields=FULL)
    discarding = attrs.evolve(s, phase=DISCARD)
    for action, labels in cases.items():
        assert both(action, None) == labels
        assert both(action, discarding) == labels


def _amounts(counts: tuple[int, ...], lang: str) -> str:
    names = D.RES_NAMES[lang]
    return ", ".join(f"{n} {names[r]}" for r, n in enumerate(counts) if n)


def test_DB07_DB09_labels_match_what_step_does_in_random_games() -> None:
    """DB-07, DB-08, DB-09: over random games, every harvest label names the tokens that
    leave the fields (and how many will not fit), every sale label the tokens that leave
    the Grange."""
    checked = [0, 0]
    for seed in range(6):
        rnd = random.Random(seed)
        s = db.new_game(seed=seed)
        while not db.is_terminal(s):
            legal = db.legal_actions(s)
            seat = s.to_move
            for a in legal:
                if not isinstance(a, Harvest | Sell):
                    continue
                t = db.step(s, a)
                if t.year != s.year:
                    continue  # the year's last card: the next Sowing refills the fields
                if isinstance(a, Harvest):
                    taken = tuple(x - y for x, y in zip(s.fields, t.fields, strict=True))
                    text = _amounts(taken, "en") or "no token"
                    over = sum(s.barns[seat]) + sum(taken) - capacity(s, seat)
                    text += f" ({over} to offer)" if over > 0 else ""
                    assert (
                        db.describe(a, s, "en")
                        == f"Harvest with {card_label(a.card, 'en')}: {text}"
                    )
                    checked[0] += 1
                else:
                    paid = tuple(x - y for x, y in zip(s.barns[seat], t.barns[seat], strict=True))
                    text = _amounts(paid, "en") or "free"
                    assert db.describe(a, s, "en") == f"Sell {card_label(a.card, 'en')}: {text}"
                    checked[1] += 1
            s = db.step(s, rnd.choice(legal))
    assert min(checked) > 50


_SVG_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


def test_svg_player_line_reads_naturally() -> None:
    """The SVG's player line: « Joueur 1 — bière 4, pain 0, score 0 », no « la bière 4,
    le pain 0 »; the parts of a line are set apart by a spaced dash, in both languages."""
    s = position(hands=((5,), (1, 2)), sold=((0,), ()))
    fr = _SVG_TEXT.findall(db.render_svg(s))
    en = _SVG_TEXT.findall(db.render_svg(s, "en"))
    assert "Joueur 1 — bière 4, pain 0, score 0 — main : 1 carte — à jouer" in fr
    assert "Joueur 2 — bière 0, pain 0, score 0 — main : 2 cartes" in fr
    assert "Player 1 — beer 4, bread 0, score 0 — hand: 1 card — to move" in en
    assert "Player 2 — beer 0, bread 0, score 0 — hand: 2 cards" in en
    assert (fr[0], en[0]) == (
        "Année 1 (fructueuse) — Moulin : Joueur 1",
        "Year 1 (fruitful) — Mill: Player 1",
    )
    assert not any(" - " in line or "la bière" in line for line in fr + en)


def test_render_svg_refuses_an_unknown_language_and_a_foreign_state() -> None:
    """As `render`: « de » used to give a French picture, and a Fromage state or None an
    AttributeError ('State' object has no attribute 'year')."""
    s = db.new_game(seed=1)
    with pytest.raises(ValueError) as bad_lang:
        db.render_svg(s, "de")
    assert str(bad_lang.value) == "lang must be 'fr' or 'en', not 'de'"
    other = bgf.new_game("fromage", num_players=2, seed=1)
    with pytest.raises(TypeError) as foreign:
        db.render_svg(other)
    assert str(foreign.value) == "a state of Fromage (cheese race) was given to Of Barley and Wheat"
    with pytest.raises(TypeError) as none:
        db.render_svg(None)  # type: ignore[arg-type]
    assert str(none.value).startswith("a NoneType was given to Of Barley and Wheat")


def test_DB08_offer_label_names_the_token_that_follows_with_no_choice() -> None:
    """DB-08: 4 water and 1 hops in a Grange of 3: offering the hops leaves only water,
    still 1 over, so 1 water goes too. The label said « Offrir 1 houblon à l'autre
    joueur » while step offered 2 tokens (337 of 28,745 offers in 400 random games)."""
    s = position(phase=DISCARD, barns=((4, 0, 0, 0, 1), Z), options=db.Options(barn_size=3))
    assert db.describe(Discard(4), s, "fr") == "Offrir 1 houblon et 1 eau à l'autre joueur"
    assert db.describe(Discard(4), s, "en") == "Offer 1 hops and 1 water to the other player"
    t = db.step(s, Discard(4))
    assert t.barns[0] == (3, 0, 0, 0, 0)
    # Offering a water leaves 3 water and 1 hops, still over: a choice again.
    assert db.describe(Discard(0), s, "fr") == "Offrir 1 eau à l'autre joueur"


def test_DB08_keep_label_names_what_is_kept_with_no_choice() -> None:
    """DB-08: 3 water and 1 rye offered to an empty Grange of 3: keeping the rye leaves
    only water, of which 2 still fit and are kept at once (105 of 1,539 keeps in 400
    random games kept more than the « Garder 1 … » they were labelled)."""
    s = position(phase=KEEP, to_move=1, surplus=(3, 0, 0, 1, 0), options=db.Options(barn_size=3))
    assert db.describe(Keep(3), s, "fr") == "Garder 1 seigle et 2 eau"
    assert db.describe(Keep(3), s, "en") == "Keep 1 rye and 2 water"
    assert db.step(s, Keep(3)).barns[1] == (2, 0, 0, 1, 0)
    assert db.describe(Keep(0), s, "en") == "Keep 1 water"


def _label_tokens(label: str, prefix: str, suffix: str) -> tuple[int, ...]:
    names = D.RES_NAMES["en"]
    counts = [0] * D.NUM_RES
    for part in label.removeprefix(prefix).removesuffix(suffix).split(" and "):
        n, name = part.split(" ", 1)
        counts[names.index(name)] += int(n)
    return tuple(counts)


def test_DB08_offer_and_keep_labels_match_what_step_does_in_random_games() -> None:
    """DB-08: every offer label names the tokens that leave the Grange, every keep label
    those that enter it (barn_size 3 makes overflows common)."""
    checked = [0, 0]
    for seed in range(30):
        rnd = random.Random(seed)
        s = db.new_game(seed=seed, options={"barn_size": 3})
        while not db.is_terminal(s):
            legal = db.legal_actions(s)
            seat = s.to_move
            for a in legal:
                if isinstance(a, Discard):
                    t = db.step(s, a)
                    moved = tuple(x - y for x, y in zip(s.barns[seat], t.barns[seat], strict=True))
                    label = db.describe(a, s, "en")
                    assert _label_tokens(label, "Offer ", " to the other player") == moved
                    checked[0] += 1
                elif isinstance(a, Keep):
                    t = db.step(s, a)
                    moved = tuple(y - x for x, y in zip(s.barns[seat], t.barns[seat], strict=True))
                    assert _label_tokens(db.describe(a, s, "en"), "Keep ", "") == moved
                    checked[1] += 1
            s = db.step(s, rnd.choice(legal))
    assert min(checked) > 50, checked


_RECT = re.compile(r'<rect x="(\d+)" y="(\d+)" width="(\d+)" height="26"')
_TEXT_AT = re.compile(r'<text x="(\d+)" y="(\d+)">([^<]*)</text>')
_BARN_SPOT = re.compile(r'<circle cx="(\d+)" cy="(\d+)" r="9"')


def test_svg_building_boxes_hold_their_longest_card_name() -> None:
    """DB-09 (fourth audit): « Boulangerie : Pain de campagne 9 (n°59) » ran past its
    240-pixel box (937 texts of 60 games measured by `core.svg`'s estimate); the boxes are
    now 355 wide, side by side inside the player's frame (10 to 750)."""
    s = position(hands=((5,), (1,)), buildings=((27, 59), (-1, -1)))
    for lang in ("fr", "en"):
        svg = db.render_svg(s, lang)
        boxes = [(int(x), int(w)) for x, _y, w in _RECT.findall(svg)]
        assert boxes == [(20, 355), (385, 355)] * 2
        texts = {t: int(x) for x, _y, t in _TEXT_AT.findall(svg)}
        names = (card_label(27, lang), card_label(59, lang))
        for (x, w), name in zip(boxes[:2], names, strict=True):
            title = next(t for t in texts if t.endswith(name))
            assert texts[title] == x + 6 and len(title) <= fits(w - 12, 12)
    assert "Boulangerie : Pain de campagne 9 (n°59)" in db.render_svg(s)


def test_svg_a_big_barn_draws_its_spaces_in_rows_inside_the_picture() -> None:
    """DB-03 (fourth audit): with option barn_size 20 and the eight Greniers « Grange +2
    espaces » the barn has 36 spaces; they were drawn in one row up to x = 800 in a
    760-pixel picture. Now rows of 30: 30 spaces, then 6 below, the text after them."""
    greniers = tuple(c for c in range(D.NUM_CARDS) if D.CARD_UPGRADE[c][1] == D.BARN_SIZE)
    assert greniers == (1, 10, 14, 27, 31, 40, 44, 57)
    s = position(hands=((5,), (2,)), upgrades=(greniers, ()), barns=((3, 0, 0, 0, 0), Z))
    s = attrs.evolve(s, options=db.Options(barn_size=20))
    GAME.validate(s)
    assert capacity(s, 0) == 36
    svg = db.render_svg(s)
    spots = [(int(x), int(y)) for x, y in _BARN_SPOT.findall(svg)]
    first = spots[:36]  # seat 0's barn, then seat 1's 20 spaces
    assert len(spots) == 36 + 20
    assert max(x for x, _y in spots) == 30 + 29 * 22 < 760 - 10 - 9
    rows = sorted({y for _x, y in first})
    assert [sum(1 for _x, y in first if y == row) for row in rows] == [30, 6]
    assert rows[1] == rows[0] + 22
    barn_line = next((int(y), t) for _x, y, t in _TEXT_AT.findall(svg) if t.startswith("Grange"))
    assert barn_line == (rows[0] + 28 + 22, "Grange (3/36) : 3 eau")
    assert max(int(y) for _x, y in _BARN_SPOT.findall(svg)[36:]) > barn_line[0]  # seat 1 below


def test_text_picture_counts_the_discard_in_cards_as_the_deck() -> None:
    """Fourth audit: « pioche : 50 cartes | défausse : 3 » counted the deck in cards and
    the discard with a bare number (the SVG already said « 3 cartes »)."""
    s = position(hands=((5,), (2,)), discard=(7, 8, 9))
    assert (
        db.render(s, "fr").splitlines()[2] == "pioche : 55 cartes | défausse : 3 cartes | troc : -"
    )
    assert db.render(s, "en").splitlines()[2] == "deck: 55 cards | discard: 3 cards | barter: -"
    one = position(hands=((5,), (2,)), discard=(7,))
    assert "| défausse : 1 carte |" in db.render(one, "fr")
