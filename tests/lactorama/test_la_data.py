"""The content as data: loaded, checked, and every bad entry named by its path."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from la_helpers import roll, table

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import data as D


def test_decks_and_tables_load() -> None:
    assert [len(d) for d in D.SEASON_DECKS] == [16, 16, 16, 16]
    assert len(D.IMPREVU_DECK) == 24
    assert D.income(40, 44) == 1700  # 40 x 250 + 44 x 50 - 10,500: real farms on columns
    assert D.income(80, 92) == 80 * 250 + 92 * 50 - 10500
    assert D.income(19, 10) == D.income(20, 20)  # clamped to the table
    # LA-06: every farm whose hectares are 4 more than a block of 8 is paid exactly.
    for ha in range(20, 165, 8):
        assert D.income(40, ha) == 40 * 250 + ha * 50 - 10500
    assert D.interest(7) == 700 and D.pledge(8) == 4 and D.pledge(9) == 5


def test_every_card_reads_in_french_and_english() -> None:
    for card in D.CARDS.values():
        assert D.card_text(card, "fr") and D.card_text(card, "en")
        assert card.text("fr") == card.text_fr and card.text("en") == card.text_en
        assert card.text_fr != card.text_en and card.name_fr and card.name_en
    assert D.CARDS["I03"].text("en") == "A case of tuberculosis: four cows are slaughtered."


def test_render_in_english_shows_no_french_card_text() -> None:
    """The card in progress is shown with its rule line and its own words, in the
    language asked for (the same card in French and in English)."""

    s = roll(table(2, slots={0: "P12"}), 1, 1)  # Long lease, an optional card
    assert s.phase == "card"
    en, fr = L.render(s, "en"), L.render(s, "fr")
    line = "Long lease: optional: +8 ha for 6 000 € (Techno ×2) — A landowner is looking"
    assert line in en and D.CARDS["P12"].text_fr not in en
    assert "Bail de carrière : au choix : +8 ha pour 6 000 € (Techno ×2) — Un propriétaire" in fr
    for card in D.CARDS.values():  # no French story in any English picture
        shown = L.render(attrs.evolve(s, card=card.id), "en")
        assert card.text_en in shown and card.text_fr not in shown


def test_LA13_factors_only_on_cards_of_a_filiere() -> None:
    """LA-13: a filière factor on a card without a filière is refused at load."""
    raw = _card(effects=[{"kind": "money", "amount": 1000, "x": 2}])
    raw.pop("filiere", None)
    with pytest.raises(ValueError, match="a factor x needs the card's filière"):
        D._card(raw, "ete", "c")
    assert D._card({**raw, "filiere": "ecolo"}, "ete", "c").effects[0].x == 2


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"kind": "rain"}, "e.kind: 'rain' is not one of"),
        ({"kind": "money"}, "e.amount: missing"),
        ({"kind": "money", "amount": "lots"}, "e.amount: expected an integer"),
        ({"kind": "money", "amount": 5, "n": 1}, "e.n: not a field"),
        ({"kind": "bons", "n": 1, "who": "cousin"}, "e.who: 'cousin'"),
        ({"kind": "goto", "square": "mairie"}, "e.square: must be"),
        ({"kind": "move", "steps": 2, "who": "all"}, "e.who: a 'move' effect"),
        ({"kind": "green", "n": 1, "x": 9}, "e.x: 9 is out of range"),
        ({"kind": "goto", "square": "foire", "x": -1}, "e.x: -1 reverses; only money"),
        ({"kind": "land", "blocks": 1, "price": 8000, "x": -1}, "land without a price"),
    ],
)
def test_bad_effects_are_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        D._effect(raw, "e")


def _card(**kw: Any) -> dict[str, Any]:
    card: dict[str, Any] = {
        "id": "Z1",
        "name_fr": "Essai",
        "name_en": "Test",
        "text_fr": "Une carte.",
        "text_en": "A card.",
        "effects": [{"kind": "money", "amount": 100}],
    }
    card.update(kw)
    return card


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (_card(colour="red"), "c.colour: unknown card field"),
        (_card(filiere="bio"), "c.filiere: 'bio'"),
        (_card(effects=[{"kind": "money", "amount": 1, "x": 2}]), "a factor x needs"),
        (_card(effects=[{"kind": "move", "steps": 1}, {"kind": "bons", "n": 1}]), "must come last"),
        (_card(keep="cows"), "c.keep: only Imprévu"),
        (_card(effects=[{"kind": "land", "blocks": 1, "price": 10}]), "must be optional"),
        (_card(requires_bons=2), "only an optional card"),
        (_card(name_fr=""), "c.name_fr: expected a non-empty string"),
        ({k: v for k, v in _card().items() if k != "text_en"}, "c.text_en: missing"),
        (_card(text_en=""), "c.text_en: expected a non-empty string"),
    ],
)
def test_bad_cards_are_named(raw: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        D._card(raw, "ete", "c")


def test_bad_economy_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    good = D._load("economie.json")
    broken = json.loads(json.dumps(good))
    broken["income"]["table"][3][2] = -99999
    monkeypatch.setattr(D, "_load", lambda name: broken)
    with pytest.raises(ValueError, match=r"economie.json.income.table\[3\]\[2\]"):
        D._load_economy()
    broken = json.loads(json.dumps(good))
    broken["interest"][2] = 250
    monkeypatch.setattr(D, "_load", lambda name: broken)
    with pytest.raises(ValueError, match=r"economie.json.interest\[2\]"):
        D._load_economy()


def test_bad_deck_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    seasons = D._load("saisons.json")
    seasons["hiver"] = seasons["hiver"][:10]
    real = D._load
    monkeypatch.setattr(D, "_load", lambda name: seasons if name == "saisons.json" else real(name))
    with pytest.raises(ValueError, match=r"saisons\.json:hiver: a season deck needs"):
        D._load_cards()


def test_render_and_labels_in_both_languages() -> None:
    from boardgames_fr.lactorama import actions as A

    samples = [
        A.DieRoll(3),
        A.DrawCard("I01"),
        A.ChooseFiliere("ecolo"),
        A.ChooseNeighbour(1),
        A.AcceptCard(),
        A.DeclineCard(),
        A.BuyCows(True),
        A.EndPurchase(),
        A.MakeOffer(2),
        A.Give("money", 5000),
        A.Take("filiere", 0),
        A.EndNegoce(),
        A.AcceptOffer(),
        A.RefuseOffer(),
        A.GiveLand(0),
        A.Repay(),
        A.SellCows(),
        A.ChangeFiliere("techno"),
        A.ProposeAlliance(1),
        A.KeepBons(1),
        A.EndYear(),
    ]
    assert {type(a) for a in samples} == set(A.ACTION_TYPES)
    for a in samples:
        fr, en = L.describe(a, None, "fr"), L.describe(a, None, "en")
        assert fr and en and "\n" not in fr
        assert fr != en
    assert L.describe(A.BuyCows(True)) == "acheter 2 vaches avec un emprunt"
    assert L.describe(A.Give("money", 5000), None, "en") == "I give: 5 000 €"
    s = L.new_game(3, seed=2)
    assert "Exploitation A" in L.render(s, "fr") and "Farm A" in L.render(s, "en")
    assert L.render_svg(s).startswith("<svg")


def test_a_save_holding_a_card_twice_is_refused() -> None:
    """Each card is printed once: a save with a card twice in a pile (or kept while it is
    still in the pile) is refused, since a draw lists each card of a pile once."""
    s = L.new_game(2, seed=3)
    twice = tuple(sorted((*s.deck, s.deck[0])))
    with pytest.raises(bgf.InvalidStateError, match="deck"):
        bgf.loads(bgf.dumps(attrs.evolve(s, deck=twice)))
    keeper = next(c for c in s.imprevu if D.CARDS[c].keep)
    kept = attrs.evolve(s.farms[0], kept=(keeper,))
    with pytest.raises(bgf.InvalidStateError, match="imprevu"):
        bgf.loads(bgf.dumps(attrs.evolve(s, farms=(kept, s.farms[1]))))
    assert bgf.loads(bgf.dumps(s)) == s
