"""Scenario tests of D'Orge et de Blé, one or more per rule id (DB-01 ...), from hand-set
positions, asserting exact numbers."""

from __future__ import annotations

import json
import re
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.game import GAME
from boardgames_fr.dorge_et_ble.render import card_label
from boardgames_fr.dorge_et_ble.rules import capacity, reserve, totals
from boardgames_fr.dorge_et_ble.state import DEAL, DISCARD, KEEP, PLAY, State

Z = (0, 0, 0, 0, 0)
WATER, WHEAT, BARLEY, RYE, HOPS = range(5)


def position(validate: bool = True, **changes: Any) -> State:
    """A fresh game changed by hand; the deck is whatever cards are not placed elsewhere."""
    s = db.new_game(seed=1)
    defaults: dict[str, Any] = {
        "hands": ((), ()),
        "known": ((), ()),
        "barter": (),
        "columns": ((), ()),
        "phase": PLAY,
        "to_move": 0,
        "active": 0,
        "deal_queue": (),
        "fields": Z,
    }
    defaults.update(changes)
    if "active" not in changes and isinstance(defaults["to_move"], int):
        defaults["active"] = max(defaults["to_move"], 0)  # in the phase play, the seat to play
    # Saves keep hands sorted (validate checks it).
    defaults["hands"] = tuple(tuple(sorted(h)) for h in defaults["hands"])
    s = attrs.evolve(s, **defaults)
    placed = set(s.discard) | set(s.barter) | ({s.pending} if s.pending >= 0 else set())
    for seat in (0, 1):
        placed |= set(s.hands[seat]) | set(s.columns[seat]) | set(s.sold[seat])
        placed |= set(s.upgrades[seat]) | {c for c in s.buildings[seat] if c >= 0}
    s = attrs.evolve(s, deck=tuple(c for c in range(D.NUM_CARDS) if c not in placed))
    if validate:
        GAME.validate(s)
    return s


def card(good: int, **want: Any) -> int:
    """The first card of a good matching simple properties (test readability)."""
    for c in range(D.NUM_CARDS):
        if D.CARD_GOOD[c] != good:
            continue
        if "harvest" in want and D.CARD_HARVEST[c] != want["harvest"]:
            continue
        if "effect" in want and D.CARD_UPGRADE[c][1] != want["effect"]:
            continue
        if "coins" in want and D.CARD_COINS[c] != want["coins"]:
            continue
        return c
    raise LookupError(want)


def upgrade(s: State, c: int) -> Upgrade:
    """The (first) upgrade action of card ``c``: cleans up and never changes the barns."""
    return next(a for a in db.legal_actions(s) if isinstance(a, Upgrade) and a.card == c)


# --- DB-01 / DB-16: years and setup --------------------------------------------------------


def test_DB01_six_years_fruitful_then_drought() -> None:
    """DB-01: years 1, 3, 5 fruitful (hands swapped), 2, 4, 6 drought (barter row)."""
    s = db.new_game(seed=5)
    seen: list[tuple[int, int]] = []
    agent = db.HeuristicAgent(1)
    while not db.is_terminal(s):
        if not seen or seen[-1][0] != s.year:
            seen.append((s.year, len(s.barter)))
        s = db.step(s, agent.act(db.observe(s, s.to_move), db.legal_actions(s)))
    assert [y for y, _ in seen] == [1, 2, 3, 4, 5, 6]
    assert [b for _, b in seen] == [0, 3, 0, 3, 0, 3]
    assert s.year == 6
    assert db.GAME_INFO.player_counts == (2,)
    with pytest.raises(ValueError, match="3"):
        db.new_game(3, seed=1)


def test_DB16_fields_fill_only_at_first_sowing(monkeypatch: pytest.MonkeyPatch) -> None:
    """DB-16: setup leaves the fields and river empty; the first Sowing fills them."""
    from boardgames_fr.dorge_et_ble import rules

    seen: list[tuple[int, ...]] = []
    original = rules._start_year

    def spy(state: State, year: int, mill: int, *rest: Any) -> State:
        seen.append(state.fields)
        return original(state, year, mill, *rest)

    monkeypatch.setattr(rules, "_start_year", spy)
    fresh = db.new_game(seed=2, chance="explicit")
    # The first Sowing (year 1's start) meets empty fields and an empty river.
    assert seen == [Z]
    # After setup and the Sowing of year 1, the fields show their green sign and the river
    # holds all 18 water; the deal is a chance node.
    assert fresh.fields == (18, 7, 8, 6, 6)
    assert fresh.barns == (Z, Z)
    assert db.current_player(fresh) == bgf.CHANCE
    assert fresh.phase == DEAL


# --- DB-02: the cards --------------------------------------------------------------------


def test_DB02_sixty_cards_three_types_each_with_bands() -> None:
    """DB-02: sixty cards three types each with bands."""
    assert D.NUM_CARDS == 60
    assert sum(1 for g in D.CARD_GOOD if g == D.BEER) == 30
    assert sum(1 for g in D.CARD_GOOD if g == D.BREAD) == 30
    bands = {}
    for c in range(60):
        bands.setdefault((D.CARD_GOOD[c], D.CARD_TYPE[c]), set()).add(D.CARD_COINS[c])
    assert sorted(sorted(v) for v in bands.values()) == [
        [4, 5],
        [4, 5],
        [6, 7],
        [6, 7],
        [8, 9],
        [8, 9],
    ]


def test_DB02_a_card_is_used_one_way_only() -> None:
    """DB-02: each action puts the card in exactly one place (harvest column, building or
    under the board); validate() checks every card is in exactly one place."""
    beer = card(D.BEER, coins=4)
    s = position(hands=((beer,), (50,)), barns=((1, 0, 1, 0, 1), Z))
    for action, where in (
        (Harvest(beer), "columns"),
        (Sell(beer), "buildings"),
        (Upgrade(beer), "upgrades"),
    ):
        t = db.step(s, action)
        GAME.validate(t)
        assert beer not in t.hands[0]
        homes = [beer in t.columns[0], beer in t.buildings[0], beer in t.upgrades[0]]
        assert homes.count(True) == 1
        assert homes[["columns", "buildings", "upgrades"].index(where)]


def test_DB02_bad_card_data_names_the_path() -> None:
    """DB-02: bad card data names the path."""
    import json
    from importlib import resources

    text = (
        resources.files("boardgames_fr.dorge_et_ble")
        .joinpath("data", "cards.json")
        .read_text("utf-8")
    )
    doc = json.loads(text)
    doc["cards"][7]["coins"] = 12
    with pytest.raises(ValueError, match=r"cards\.json: cards\[7\]\.coins"):
        D.load_cards(doc)
    doc = json.loads(text)
    doc["cards"][3]["upgrade"]["icon"] = (
        "cave" if doc["cards"][3]["upgrade"]["icon"] != "cave" else "champ"
    )
    with pytest.raises(ValueError, match=r"cards\[3\]\.upgrade\.icon"):
        D.load_cards(doc)
    doc = json.loads(text)
    doc["resources"][1]["sign"] = [7]
    with pytest.raises(ValueError, match=r"resources\[1\]\.sign"):
        D.load_cards(doc)
    # DB-12: a score upgrade names its good; other upgrades have none.
    doc = json.loads(text)
    del doc["cards"][0]["upgrade"]["good"]
    with pytest.raises(ValueError, match=r"cards\[0\]\.upgrade\.good: required"):
        D.load_cards(doc)
    doc = json.loads(text)
    doc["cards"][0]["upgrade"]["good"] = "wine"
    with pytest.raises(ValueError, match=r"cards\[0\]\.upgrade\.good: expected one of beer"):
        D.load_cards(doc)
    doc = json.loads(text)
    doc["cards"][1]["upgrade"]["good"] = "beer"  # a barn size
    with pytest.raises(ValueError, match=r"cards\[1\]\.upgrade\.good: not allowed"):
        D.load_cards(doc)


# --- DB-03 / DB-04: resources, barn, sowing ------------------------------------------------


def test_DB03_tokens_and_barn_of_nine() -> None:
    """DB-03: tokens and barn of nine."""
    assert D.TOKENS == (18, 18, 18, 15, 15)
    s = db.new_game(seed=1)
    assert capacity(s, 0) == capacity(s, 1) == 9
    bigger = attrs.evolve(s, upgrades=((card(D.BEER, effect=D.BARN_SIZE),), ()))
    assert capacity(bigger, 0) == 11


def test_DB04_sowing_signs_and_river() -> None:
    """DB-04: sowing signs and river."""
    assert D.SIGNS[1:] == ((7, 5), (8, 4), (6, 4), (6, 4))
    # End of a fruitful year: the drought Sowing adds up to the red sign, the river takes
    # all the reserve's water.
    last = card(D.BEER, coins=4)
    s = position(
        year=1,
        hands=((last,), ()),
        mill=0,
        fields=(2, 6, 1, 0, 4),
        barns=((3, 0, 0, 0, 0), (5, 0, 0, 0, 0)),
    )
    s = attrs.evolve(s, explicit=True)
    t = db.step(s, Upgrade(last))
    assert t.year == 2
    assert t.fields == (18 - 8, 6, 4, 4, 4)  # wheat stays above its red sign of 5
    assert reserve(t)[0] == 0


def test_DB04_option_reset_to_red_sign() -> None:
    """DB-04: option reset to red sign."""
    last = card(D.BEER, coins=4)
    s = position(
        year=1,
        hands=((last,), ()),
        fields=(0, 6, 7, 0, 5),
        options=db.Options(drought_sowing="reset_to"),
    )
    s = attrs.evolve(s, explicit=True)
    t = db.step(s, Upgrade(last))
    assert t.fields == (18, 5, 4, 4, 4)
    assert reserve(t)[1:] == (18 - 5, 18 - 4, 15 - 4, 15 - 4)


# --- DB-05: fruitful years --------------------------------------------------------------


def test_DB05_fruitful_mill_first_then_swap() -> None:
    """DB-05: fruitful mill first then swap."""
    s = db.new_game(seed=8)
    assert len(s.hands[0]) == len(s.hands[1]) == 5
    assert s.mill == 0 and db.current_player(s) == 0
    h0, h1 = s.hands
    a0 = Harvest(h0[0])
    s = db.step(s, a0)
    assert db.current_player(s) == 1
    s = db.step(s, upgrade(s, h1[0]))
    # Hands swapped: seat 0 now holds what seat 1 kept, and each knows what it passed.
    assert s.hands[0] == h1[1:]
    assert s.hands[1] == h0[1:]
    assert db.observe(s, 0).known == h0[1:]
    assert db.observe(s, 1).known == h1[1:]
    assert db.current_player(s) == 0


# --- DB-06: drought years and barter -------------------------------------------------------


def test_DB06_drought_takes_back_harvest_cards_and_barter_row() -> None:
    """DB-06: drought takes back harvest cards and barter row."""
    cols = ((card(D.BEER, coins=4), card(D.BREAD, coins=4)), (card(D.BEER, coins=9),))
    last = card(D.BREAD, coins=9)
    s = position(year=1, hands=((last,), ()), columns=cols, mill=0)
    t = db.step(s, upgrade(s, last))
    assert t.year == 2
    assert set(cols[0]) <= set(t.hands[0]) and set(cols[1]) <= set(t.hands[1])
    assert len(t.hands[0]) == len(t.hands[1]) == 5
    assert len(t.barter) == 3
    assert t.columns == ((), ())
    # The other seat saw those cards taken back face up.
    assert set(db.observe(t, 1).known) == set(cols[0])


def test_DB06_barter_then_play_at_once() -> None:
    """DB-06: barter then play at once."""
    mine = (0, 1)
    row = (30, 31, 32)
    s = position(year=2, hands=(mine, (5, 6)), barter=row, mill=0)
    legal = db.legal_actions(s)
    assert Barter(0, 31) in legal
    t = db.step(s, Barter(0, 31))
    assert t.pending == 31 and t.barter == (0, 30, 32) and t.hands[0] == (1,)
    assert db.current_player(t) == 0
    # Only the taken card may be played now, and no second barter.
    assert all(getattr(a, "card", None) == 31 for a in db.legal_actions(t))
    with pytest.raises(bgf.IllegalActionError, match="taken from the barter row") as info:
        db.step(t, Harvest(1))
    assert info.value.reason("fr") == (
        f"Joueur 1 doit jouer {card_label(31)}, la carte prise au troc"
    )
    u = db.step(t, Harvest(31))
    assert u.columns[0] == (31,) and u.pending == -1 and db.current_player(u) == 1
    # "sans échanger vos mains": a drought year never swaps the hands.
    assert u.hands == ((1,), (5, 6))
    # No barter in a fruitful year.
    f = position(year=1, hands=(mine, (5, 6)), barter=row, validate=False)
    assert not any(isinstance(a, Barter) for a in db.legal_actions(f))


# --- DB-07 / DB-08: harvest and overflow ---------------------------------------------------


def test_DB07_the_whole_column_counts() -> None:
    """DB-07: the whole column counts."""
    w1, w2, w3 = [c for c in range(60) if D.CARD_HARVEST[c][WATER] and D.CARD_HARVEST[c][BARLEY]][
        :3
    ]
    s = position(year=1, hands=((w3,), (50,)), columns=((w1, w2), ()), fields=(18, 7, 8, 6, 6))
    t = db.step(s, Harvest(w3))
    # Three cards showing water and barley: 3 water and 3 barley.
    assert t.barns[0] == (3, 0, 3, 0, 0)
    assert t.fields == (15, 7, 5, 6, 6)
    assert t.columns[0] == (w1, w2, w3)


def test_DB07_as_far_as_the_field_lasts() -> None:
    """DB-07: as far as the field lasts."""
    w1, w2, w3 = [c for c in range(60) if D.CARD_HARVEST[c][WATER] and D.CARD_HARVEST[c][BARLEY]][
        :3
    ]
    s = position(year=1, hands=((w3,), (50,)), columns=((w1, w2), ()), fields=(18, 7, 1, 6, 6))
    t = db.step(s, Harvest(w3))
    assert t.barns[0] == (3, 0, 1, 0, 0)
    assert t.fields[BARLEY] == 0


def test_DB08_surplus_offered_the_other_keeps_what_fits() -> None:
    """DB-08: surplus offered the other keeps what fits."""
    c = next(c for c in range(60) if D.CARD_HARVEST[c] == (1, 0, 1, 0, 0))
    s = position(
        year=1,
        hands=((c,), (50,)),
        barns=((0, 4, 0, 3, 0), (0, 0, 0, 0, 8)),
        fields=(18, 7, 8, 6, 6),
    )
    t = db.step(s, Harvest(c))  # +1 water +1 barley: 9 in the barn, fits
    assert t.barns[0] == (1, 4, 1, 3, 0) and db.current_player(t) == 1
    s2 = attrs.evolve(s, barns=((0, 5, 0, 3, 0), (0, 0, 0, 0, 8)))
    t = db.step(s2, Harvest(c))  # 10 tokens: one must go
    assert t.phase == DISCARD and db.current_player(t) == 0
    assert db.legal_actions(t) == (Discard(WATER), Discard(WHEAT), Discard(BARLEY), Discard(RYE))
    # The pictures show a full barn and the token waiting to be offered, never « 10/9 ».
    assert "  Grange (9/9 + 1 à offrir) : 1 eau, 5 blé, 1 orge, 3 seigle" in db.render(t)
    assert ">Barn (9/9 + 1 to offer): " in db.render_svg(t, "en")
    u = db.step(t, Discard(RYE))
    # The other barn had room for it.
    assert u.barns == ((1, 5, 1, 2, 0), (0, 0, 0, 1, 8))
    assert u.phase == PLAY and db.current_player(u) == 1


def test_DB08_receiver_chooses_what_to_keep() -> None:
    """DB-08: receiver chooses what to keep."""
    c = next(c for c in range(60) if D.CARD_HARVEST[c] == (1, 0, 1, 0, 0))
    s = position(
        year=1,
        hands=((c,), (50,)),
        barns=((0, 7, 0, 2, 0), (0, 0, 0, 0, 8)),
        fields=(18, 7, 8, 6, 6),
    )
    t = db.step(s, Harvest(c))  # 11 tokens: two go
    t = db.step(t, Discard(WHEAT))
    t = db.step(t, Discard(RYE))
    assert t.surplus == (0, 1, 0, 1, 0)
    # Seat 1 has one free space for two kinds: it chooses.
    assert t.phase == KEEP and db.current_player(t) == 1
    assert db.legal_actions(t) == (Keep(WHEAT), Keep(RYE))
    u = db.step(t, Keep(RYE))
    assert u.barns == ((1, 6, 1, 1, 0), (0, 0, 0, 1, 8))
    assert u.surplus == Z
    assert reserve(u)[WHEAT] == 18 - 7 - 6  # the unkept wheat went back to the reserve
    assert db.current_player(u) == 1 and u.phase == PLAY


# --- DB-09 / DB-10: sales and upgrades -----------------------------------------------------


def test_DB09_sell_pays_recipe_and_blocks_building() -> None:
    """DB-09: sell pays recipe and blocks building."""
    b1, b2 = card(D.BEER, coins=4), card(D.BEER, coins=5)
    s = position(year=1, hands=((b1, b2), (50,)), barns=((3, 0, 4, 0, 2), Z))
    assert Sell(b1) in db.legal_actions(s)
    t = db.step(s, Sell(b1))
    assert t.barns[0] == (2, 0, 3, 0, 1)
    assert t.buildings[0] == (b1, -1)
    assert totals(t, 0) == (4, 0)
    t = attrs.evolve(t, to_move=0)
    assert Sell(b2) not in db.legal_actions(t)
    with pytest.raises(bgf.IllegalActionError, match="Brewery still holds a sold card") as info:
        db.step(t, Sell(b2))
    assert info.value.reason("fr") == (
        "la Brasserie de Joueur 1 contient encore une carte vendue : une amélioration la nettoie"
    )
    poor = position(year=1, hands=((b1,), (50,)), barns=((1, 0, 1, 0, 0), Z))
    with pytest.raises(bgf.IllegalActionError, match="lacks the tokens") as info:
        db.step(poor, Sell(b1))
    assert info.value.reason("fr") == (
        f"la Grange de Joueur 1 n'a pas les pions de la recette de {card_label(b1)}"
    )


def _reasons(s: State, action: Any) -> tuple[str, str]:
    """Why ``step`` refuses ``action``: (English message, French reason)."""
    with pytest.raises(bgf.IllegalActionError) as info:
        db.step(s, action)
    assert info.value.reason("en") == str(info.value)
    return str(info.value), info.value.reason("fr")


def test_DB06_DB08_DB09_every_refusal_in_english_and_french() -> None:
    """Each sentence of the explain hook, in both languages: the French names the Grange,
    the troc, the pions as the pictures do, with « d' » before a vowel (not before the
    aspirated h of houblon) and a space before « : »."""
    fields = (18, 7, 8, 6, 6)
    discarding = position(
        year=1, phase=DISCARD, hands=((), (50,)), barns=((0, 5, 1, 4, 0), Z), fields=fields
    )
    keeping = position(
        year=1, phase=KEEP, to_move=1, active=0, hands=((), (50,)),
        surplus=(0, 1, 0, 1, 0), barns=((0, 5, 0, 4, 0), (0, 0, 0, 0, 8)), fields=fields,
    )  # fmt: skip
    playing = position(year=1, hands=((10,), (50,)))
    pending = position(year=2, hands=((1,), (5, 6)), barter=(0, 30, 32), pending=31)
    drought = position(year=2, hands=((1,), (5, 6)), barter=(0, 30, 32))
    cases = [
        (discarding, Discard(HOPS), "Player 1's barn holds no hops token",
         "la Grange de Joueur 1 ne contient aucun pion de houblon"),
        (discarding, Discard(WATER), "Player 1's barn holds no water token",
         "la Grange de Joueur 1 ne contient aucun pion d'eau"),
        (discarding, Discard(7), "Player 1's barn holds no resource 7 (no such resource) token",
         "la Grange de Joueur 1 ne contient aucun pion de ressource 7 (inexistante)"),
        (discarding, Harvest(50),
         "Player 1 must first give away the tokens that do not fit in the barn",
         "Joueur 1 doit d'abord offrir les pions qui ne tiennent pas dans sa Grange"),
        (keeping, Keep(WATER), "no water token is offered to Player 2",
         "aucun pion d'eau n'est offert à Joueur 2"),
        (keeping, Keep(HOPS), "no hops token is offered to Player 2",
         "aucun pion de houblon n'est offert à Joueur 2"),
        (keeping, Discard(WHEAT), "Player 2 must first choose which offered tokens to keep",
         "Joueur 2 doit d'abord choisir quels pions offerts garder"),
        (playing, Discard(WHEAT), "no barn is overflowing now",
         "aucune Grange ne déborde maintenant"),
        (playing, Keep(WATER), "no barn is overflowing now",
         "aucune Grange ne déborde maintenant"),
        (playing, Draw(0), "no card is being dealt now",
         "aucune carte n'est distribuée maintenant"),
        (playing, Barter(10, 0), "barter is only possible in a drought year",
         "le troc n'est possible qu'en année de sécheresse"),
        (playing, Sell(10),
         "Player 1's barn lacks the tokens of the recipe of Amber ale 6 (#10)",
         "la Grange de Joueur 1 n'a pas les pions de la recette d'Ambrée 6 (n°10)"),
        (playing, Harvest(99), "card 99 (no such card) is not in Player 1's hand",
         "carte n°99 (inexistante) n'est pas dans la main de Joueur 1"),
        (pending, Barter(1, 30),
         "Player 1 must first play White bread 4 (#31), taken from the barter row",
         "Joueur 1 doit d'abord jouer Pain blanc 4 (n°31), la carte prise au troc"),
        (pending, Harvest(1),
         "Player 1 must play White bread 4 (#31), taken from the barter row",
         "Joueur 1 doit jouer Pain blanc 4 (n°31), la carte prise au troc"),
        (drought, Barter(7, 30), "Blonde ale 5 (#7) is not in Player 1's hand",
         "Blonde 5 (n°7) n'est pas dans la main de Joueur 1"),
        (drought, Barter(1, 33), "White bread 4 (#33) is not in the barter row",
         "Pain blanc 4 (n°33) n'est pas parmi les cartes de troc"),
    ]  # fmt: skip
    for s, action, en, fr in cases:
        assert _reasons(s, action) == (en, fr), action


def _covered(free_sales: bool, water: int) -> State:
    """Seat 0 holds Blonde 4 (n°0: 1 water, 1 barley, 1 hops) under three Ateliers, one for
    each of those resources (n°3 water, n°8 barley, n°4 hops), and ``water`` water."""
    s = db.new_game(seed=1, options={"free_sales": free_sales})
    placed = {0, 3, 4, 8, 50}
    return attrs.evolve(
        s,
        phase=PLAY,
        to_move=0,
        active=0,
        hands=((0,), (50,)),
        known=((), ()),
        upgrades=((3, 4, 8), ()),
        barns=((water, 0, 0, 0, 0), Z),
        fields=Z,
        deck=tuple(c for c in range(D.NUM_CARDS) if c not in placed),
    )


def test_DB09_a_sale_costs_at_least_one_water() -> None:
    """DB-09 « tu paies les ressources de sa recette », DB-10: Ateliers covering a whole
    recipe leave 1 water to pay (the choice of docs/rules/dorge_et_ble.md, « Une vente
    gratuite »); with no water in the barn the card cannot be sold."""
    s = _covered(False, 1)
    GAME.validate(s)
    assert Sell(0) in db.legal_actions(s)
    t = db.step(s, Sell(0))
    assert t.barns[0] == Z and t.buildings[0] == (0, -1)
    dry = _covered(False, 0)
    assert Sell(0) not in db.legal_actions(dry)
    with pytest.raises(bgf.IllegalActionError, match="lacks the tokens of the recipe"):
        db.step(dry, Sell(0))


def test_DB09_option_free_sales_lets_the_discounts_pay_it_all() -> None:
    """DB-09, DB-10, option ``free_sales``: the Ateliers may cover the whole recipe, and
    the sale takes no token (the rule before rules_version 2)."""
    for water in (0, 1):
        s = _covered(True, water)
        assert Sell(0) in db.legal_actions(s)
        assert db.step(s, Sell(0)).barns[0] == (water, 0, 0, 0, 0)


def test_DB09_a_log_from_before_the_option_replays_with_free_sales() -> None:
    """A match log or save without ``free_sales`` was played with free sales: it loads so."""
    m = bgf.Match.new("dorge_et_ble", 2, seed=1)
    doc = json.loads(m.to_json())
    del doc["options"]["free_sales"]
    assert bgf.Match.from_json(json.dumps(doc)).options.free_sales is True


def test_DB10_upgrade_cleans_up_and_sold_cards_still_count() -> None:
    """DB-10: upgrade cleans up and sold cards still count."""
    b1, b2 = card(D.BEER, coins=4), card(D.BEER, coins=5)
    up = card(D.BREAD, effect=D.DISCOUNT)
    s = position(
        year=1, hands=((up, b2), (50,)), buildings=((b1, 35), (-1, -1)), barns=((3, 0, 4, 0, 2), Z)
    )
    t = db.step(s, Upgrade(up))
    assert t.buildings[0] == (-1, -1)
    assert t.sold[0] == (b1, 35)
    assert t.upgrades[0] == (up,)
    assert totals(t, 0) == (4, 5)
    t = attrs.evolve(t, to_move=0)
    assert Sell(b2) in db.legal_actions(t)


def test_DB10_lasting_discount_and_harvest_bonus() -> None:
    """DB-10: lasting discount and harvest bonus."""
    disc_water = next(c for c in range(60) if D.CARD_UPGRADE[c][1:] == (D.DISCOUNT, 1, WATER))
    plus_water = next(c for c in range(60) if D.CARD_UPGRADE[c][1:] == (D.HARVEST_PLUS, 1, WATER))
    b1 = card(D.BEER, coins=4)  # recipe: water, barley, hops
    s = position(
        year=1,
        hands=((b1,), (50,)),
        upgrades=((disc_water,), ()),
        barns=((0, 0, 1, 0, 1), Z),
    )
    t = db.step(s, Sell(b1))
    assert t.barns[0] == Z
    h = next(c for c in range(60) if D.CARD_HARVEST[c] == (1, 1, 0, 0, 0))
    s = position(
        year=1,
        hands=((h,), (50,)),
        upgrades=((plus_water,), ()),
        fields=(18, 7, 8, 6, 6),
    )
    t = db.step(s, Harvest(h))
    assert t.barns[0] == (2, 1, 0, 0, 0)


# --- DB-11: end of a year ---------------------------------------------------------------


def test_DB11_mill_to_fewer_tokens_and_tie_to_the_other() -> None:
    """DB-11: mill to fewer tokens and tie to the other."""
    last = card(D.BEER, coins=4)
    s = position(
        year=1, hands=((), (last,)), to_move=1, mill=0, barns=((5, 0, 0, 0, 0), (3, 0, 0, 0, 0))
    )
    t = db.step(s, Upgrade(last))
    assert t.year == 2 and t.mill == 1 and t.active == 1
    s = attrs.evolve(s, barns=((3, 0, 0, 0, 0), (3, 0, 0, 0, 0)), mill=1)
    t = db.step(s, Upgrade(last))
    assert t.mill == 0  # tie: the one who did not hold it
    s = attrs.evolve(s, barns=((3, 0, 0, 0, 0), (3, 0, 0, 0, 0)), mill=0)
    t = db.step(s, Upgrade(last))
    assert t.mill == 1


def test_DB11_after_drought_barter_and_harvest_cards_discarded() -> None:
    """DB-11: after drought barter and harvest cards discarded."""
    last = 5
    s = position(year=2, hands=((last,), ()), columns=((1, 2), (3,)), barter=(40, 41, 42), mill=0)
    t = db.step(s, Harvest(last))
    assert t.year == 3
    assert set(t.discard) == {1, 2, 3, 5, 40, 41, 42}
    assert t.barter == () and t.columns == ((), ())
    assert len(t.hands[0]) == len(t.hands[1]) == 5


# --- DB-12 to DB-15: scoring --------------------------------------------------------------


def _coins(good: int, values: list[int], skip: tuple[int, ...] = ()) -> tuple[int, ...]:
    used: list[int] = []
    for v in values:
        used.append(
            next(
                c
                for c in range(60)
                if D.CARD_GOOD[c] == good
                and D.CARD_COINS[c] == v
                and c not in used
                and c not in skip
            )
        )
    return tuple(used)


def _bonus(value: int, good: int, effect: int = D.BONUS) -> int:
    """The first score upgrade of ``value`` coins for ``good`` (BEER, BREAD or CHOICE)."""
    return next(
        c
        for c in range(60)
        if D.CARD_UPGRADE[c][1:3] == (effect, value) and D.CARD_SCORE_GOOD[c] == good
    )


def test_DB12_score_upgrades_are_for_beer_for_bread_or_au_choix() -> None:
    """DB-12, DB-14: the data's score upgrades: 4 for beer, 4 for bread (+2, +2, +3, +3
    each), 2 « au choix » of +2, and the 4 barn bonuses of +4 « au choix »."""
    scoring = [c for c in range(60) if D.CARD_UPGRADE[c][1] in (D.BONUS, D.BARN_BONUS)]
    kinds = sorted(
        (D.CARD_UPGRADE[c][1], D.CARD_SCORE_GOOD[c], D.CARD_UPGRADE[c][2]) for c in scoring
    )
    B, BB = D.BONUS, D.BARN_BONUS
    assert kinds == [
        *[(B, D.BEER, 2)] * 2,
        *[(B, D.BEER, 3)] * 2,
        *[(B, D.BREAD, 2)] * 2,
        *[(B, D.BREAD, 3)] * 2,
        *[(B, D.CHOICE, 2)] * 2,
        *[(BB, D.CHOICE, 4)] * 4,
    ]
    assert D.CARD_SCORE_GOOD[0] == D.BEER and D.upgrade_text(0, "fr") == "+2 pièces pour la bière"
    assert D.upgrade_text(9, "en") == "+3 coins for bread"
    assert D.upgrade_text(13, "fr") == "+2 pièces au choix, entières à la bière ou au pain"
    assert D.upgrade_text(13, "en") == "+2 coins to beer or bread (all to one)"
    # Other upgrades have no good.
    assert D.CARD_SCORE_GOOD[1] == -1 and D.CARD_UPGRADE[1][1] == D.BARN_SIZE


def test_DB12_seed_scoring_example_lea_and_tom() -> None:
    """DB-12, DB-13: the seed's example: Léa 22 + 2 (a beer upgrade) = 24 beer and
    23 + 3 (a bread upgrade) = 26 bread: 24; Tom 25 beer, 24 bread: 24; Léa wins on her
    other total, 26 against 25."""
    beer2, bread3 = _bonus(2, D.BEER), _bonus(3, D.BREAD)
    ups = (beer2, bread3)
    lea_beer = _coins(D.BEER, [6, 7, 9], skip=ups)  # 22
    lea_bread = _coins(D.BREAD, [4, 7, 8, 4], skip=ups)  # 23
    lea = lea_beer + lea_bread + ups
    tom_beer = _coins(D.BEER, [8, 8, 9], skip=lea)  # 25
    tom_bread = _coins(D.BREAD, [8, 8, 8], skip=lea)  # 24
    # Léa's last beer is still in her Brasserie: it counts (seed's trap).
    s = position(
        year=6,
        phase="over",
        to_move=bgf.TERMINAL,
        sold=(lea_beer[:2] + lea_bread, tom_beer + tom_bread),
        buildings=((lea_beer[2], -1), (-1, -1)),
        upgrades=(ups, ()),
        mill=0,
    )
    # Each upgrade counts for its own good: 24/26, not moved to make 25/25.
    assert totals(s, 0) == (24, 26)
    assert totals(s, 1) == (25, 24)
    assert db.scores(s) == (24.0, 24.0)
    assert db.winners(s) == (0,)  # 26 against 25, before the Mill is asked
    assert db.returns(s) == (1.0, -1.0)
    # The upgrades of the other goods would give 25/25 and 27/22.
    swapped = attrs.evolve(s, upgrades=((_bonus(3, D.BEER), _bonus(2, D.BREAD)), ()))
    assert totals(swapped, 0) == (25, 25)


def test_DB14_au_choix_bonus_goes_whole_to_the_weaker_good() -> None:
    """DB-14: a bonus « au choix » goes whole to the weaker good at the count; a good's
    own upgrades never move."""
    beer2, bread3, choice2 = _bonus(2, D.BEER), _bonus(3, D.BREAD), _bonus(2, D.CHOICE)
    lea_beer = _coins(D.BEER, [6, 7, 9], skip=(beer2, bread3, choice2))
    lea_bread = _coins(D.BREAD, [4, 7, 8, 4], skip=(beer2, bread3, choice2))
    s = position(
        year=6,
        phase="over",
        to_move=bgf.TERMINAL,
        sold=(lea_beer + lea_bread, ()),
        upgrades=((beer2, bread3, choice2), ()),
    )
    # 24/26 and a +2 au choix: all of it to beer, the weaker: 26/26.
    assert totals(s, 0) == (26, 26)
    # Without the bread upgrade, bread (23) is weaker than beer (24): the 2 go to bread.
    assert totals(attrs.evolve(s, upgrades=((beer2, choice2), ())), 0) == (24, 25)
    # A barn bonus au choix (+4, DB-15 condition met) joins the share: 4 to beer, 2 to
    # bread makes 28/28.
    barn4 = _bonus(4, D.CHOICE, D.BARN_BONUS)
    rich = attrs.evolve(
        s,
        upgrades=((beer2, bread3, choice2, barn4), ()),
        barns=((3, 0, 0, 0, 0), (1, 0, 0, 0, 0)),
    )
    assert totals(rich, 0) == (28, 28)


def test_DB14_bonus_goes_whole_to_one_good() -> None:
    """DB-14: a bonus « au choix » is never split, and it is chosen at the count."""
    bonus = _bonus(2, D.CHOICE)
    s = position(hands=((bonus,), (50,)), sold=(_coins(D.BEER, [4]) + _coins(D.BREAD, [4]), ()))
    # No good is chosen when playing the upgrade: one menu entry.
    assert [a for a in db.legal_actions(s) if isinstance(a, Upgrade)] == [Upgrade(bonus)]
    t = db.step(s, Upgrade(bonus))
    # Beer 4, bread 4, bonus 2: whole to one good (4/6, lower 4; of equal shares beer gets
    # the least), never split into 5/5.
    assert totals(t, 0) == (4, 6)
    # Given at the count: more sold bread later moves the bonus to beer.
    more = attrs.evolve(t, sold=(t.sold[0] + _coins(D.BREAD, [6], skip=t.sold[0]), ()))
    assert totals(more, 0) == (6, 10)


def _best_share(base: tuple[int, int], choices: list[int]) -> tuple[int, int]:
    """Every way to give each « au choix » bonus whole to beer or bread; the best key."""
    best = (-1, -1)
    for mask in range(1 << len(choices)):
        beer = sum(v for i, v in enumerate(choices) if mask >> i & 1)
        t = (base[0] + beer, base[1] + sum(choices) - beer)
        best = max(best, (min(t), max(t)))
    return best


def test_DB14_count_share_never_loses_a_winnable_game() -> None:
    """DB-14: over random end positions, the count's share gives each seat the best
    (lower, then other) total of all whole placements of its bonuses « au choix », so no
    other placement could win a game the count loses (the winner compares exactly that
    key, then the Mill)."""
    import random

    rnd = random.Random(14)
    scoring = [c for c in range(60) if D.CARD_UPGRADE[c][1] in (D.BONUS, D.BARN_BONUS)]
    won_by_share = 0
    for _ in range(400):
        cards = list(range(60))
        rnd.shuffle(cards)
        ups = [c for c in cards if c in scoring]
        rest = [c for c in cards if c not in scoring]
        cut = rnd.randrange(len(ups) + 1)
        upgrades = (tuple(ups[:cut][: rnd.randrange(8)]), tuple(ups[cut:][: rnd.randrange(8)]))
        sold = (tuple(rest[: rnd.randrange(9)]), tuple(rest[20 : 20 + rnd.randrange(9)]))
        barns = tuple(tuple(rnd.randrange(2) for _ in range(5)) for _ in range(2))
        s = position(
            year=6,
            phase="over",
            to_move=bgf.TERMINAL,
            sold=sold,
            upgrades=upgrades,
            barns=barns,
            mill=rnd.randrange(2),
        )
        keys = []
        for seat in (0, 1):
            base = [0, 0]
            for c in sold[seat]:
                base[D.CARD_GOOD[c]] += D.CARD_COINS[c]
            choices = []
            barn_ok = sum(barns[seat]) >= sum(barns[1 - seat]) + 2
            for c in upgrades[seat]:
                _icon, effect, value, _r = D.CARD_UPGRADE[c]
                if effect == D.BARN_BONUS and not barn_ok:
                    continue
                if D.CARD_SCORE_GOOD[c] == D.CHOICE:
                    choices.append(value)
                else:
                    base[D.CARD_SCORE_GOOD[c]] += value
            best = _best_share((base[0], base[1]), choices)
            t = totals(s, seat)
            assert (min(t), max(t)) == best
            assert sum(t) == sum(base) + sum(choices)
            keys.append(best)
            if len(choices) >= 2:
                won_by_share += 1
        # The seat that wins with its best placement against the other's best wins here.
        expect = 0 if (*keys[0], s.mill != 0) > (*keys[1], s.mill != 1) else 1
        assert db.winners(s) == (expect,)
    assert won_by_share > 50  # the draws did exercise shares of several bonuses


def test_DB12_lower_total_counts_not_the_sum() -> None:
    """DB-12: lower total counts not the sum."""
    s = position(
        sold=(_coins(D.BEER, [4, 8]) + _coins(D.BREAD, [9, 9, 8, 4]), ()),
        year=6,
        to_move=bgf.TERMINAL,
        phase="over",
    )
    assert totals(s, 0) == (12, 30)
    assert db.scores(s)[0] == 12.0


def test_DB12_game_ends_after_year_six() -> None:
    """DB-12: game ends after year six."""
    last = 5
    barns = ((3, 0, 0, 0, 0), (1, 0, 0, 0, 0))
    s = position(year=6, hands=((last,), ()), mill=0, barns=barns)
    t = db.step(s, Harvest(last))
    assert db.is_terminal(t) and db.legal_actions(t) == ()
    # DB-11 after the sixth year: the Mill goes to seat 1 (fewer tokens); both score 0,
    # so the player without the Mill, seat 0, wins (DB-13).
    assert t.mill == 1 and t.year == 6
    assert db.scores(t) == (0.0, 0.0)
    assert db.winners(t) == (0,)


def test_DB13_ties_other_total_then_without_mill() -> None:
    """DB-13: ties other total then without mill."""
    a = _coins(D.BEER, [4]) + _coins(D.BREAD, [4])
    b = tuple(c for c in range(60) if D.CARD_COINS[c] == 4 and c not in a)[:1]
    b += tuple(
        c
        for c in range(60)
        if D.CARD_COINS[c] == 4 and c not in a and D.CARD_GOOD[c] != D.CARD_GOOD[b[0]]
    )[:1]
    s = position(sold=(a, b), mill=1, to_move=bgf.TERMINAL, phase="over", year=6)
    assert db.scores(s) == (4.0, 4.0)
    assert db.winners(s) == (0,)  # same totals: seat 0 has not the Mill
    assert db.winners(attrs.evolve(s, mill=0)) == (1,)


def test_DB15_barn_bonus_needs_two_more_tokens() -> None:
    """DB-15: barn bonus needs two more tokens."""
    barn_bonus = next(c for c in range(60) if D.CARD_UPGRADE[c][1] == D.BARN_BONUS)
    base = position(
        upgrades=((barn_bonus,), ()),
        year=6,
        to_move=bgf.TERMINAL,
        phase="over",
    )
    assert D.CARD_UPGRADE[barn_bonus][2] == 4
    s = attrs.evolve(base, barns=((3, 2, 0, 0, 0), (4, 0, 0, 0, 0)))
    assert totals(s, 0) == (0, 0)  # 5 against 4: not enough
    s = attrs.evolve(base, barns=((3, 3, 0, 0, 0), (4, 0, 0, 0, 0)))
    assert totals(s, 0) == (0, 4)  # 6 against 4
    # Plain barn tokens score nothing.
    assert totals(attrs.evolve(base, upgrades=((), ())), 0) == (0, 0)


# --- hidden information and chance ---------------------------------------------------------


def test_hidden_information_known_cards() -> None:
    s = db.new_game(seed=21)
    h0, h1 = s.hands
    assert db.observe(s, 0).known == () and db.observe(s, 0).hand == h0
    assert db.observe(s, None).hand == ()
    s = db.step(s, upgrade(s, h0[0]))
    s = db.step(s, upgrade(s, h1[0]))
    assert db.observe(s, 0).known == h0[1:]  # passed to seat 1
    assert db.observe(s, 1).known == h1[1:]
    # Seat 0 plays; seat 1 plays one of the cards seat 0 passed: seat 0 no longer counts it.
    mine = s.hands[0]
    s = db.step(s, upgrade(s, mine[0]))
    played = s.hands[1][0]
    assert played in db.observe(s, 0).known
    s = db.step(s, upgrade(s, played))
    # After the swap seat 0 knows the hand it just passed (3 cards), not the old one.
    assert db.observe(s, 0).known == s.hands[1]
    assert played not in db.observe(s, 0).known
    text = repr(db.observe(s, 0))
    assert "deck=" not in text and "rng" not in text and str(s.hands[1]) in text


def test_hidden_variants_keep_known_cards() -> None:
    s = db.new_game(seed=4)
    s = db.step(s, upgrade(s, s.hands[0][0]))
    s = db.step(s, upgrade(s, s.hands[1][0]))
    from boardgames_fr.core.rng import Rng

    for v in GAME.hidden_variants(s, 0, Rng(3)):
        assert v.hands[1] == s.hands[1]  # fully known after the swap
        assert db.observe(v, 0) == db.observe(s, 0)
    vs = GAME.hidden_variants(db.new_game(seed=4), 0, Rng(3))
    assert any(v.hands[1] != db.new_game(seed=4).hands[1] for v in vs)


def test_each_draw_is_one_chance_event_uniform_over_cards_left() -> None:
    s = db.new_game(seed=3, chance="explicit")
    out = db.chance_outcomes(s)
    assert len(out) == 60 and all(abs(p - 1 / 60) < 1e-12 for _, p in out)
    s = db.step(s, Draw(17))
    assert 17 in s.hands[0]
    out = db.chance_outcomes(s)
    assert len(out) == 59 and Draw(17) not in dict(out)


def test_describe_and_render_in_both_languages() -> None:
    s = db.new_game(seed=1)
    for a in db.legal_actions(s):
        fr, en = db.describe(a, s, "fr"), db.describe(a, s, "en")
        assert fr and en and "\n" not in fr and fr != en
    assert db.describe(Keep(1), None, "fr") == "Garder 1 blé"
    assert db.describe(Discard(4), None, "en") == "Offer 1 hops to the other player"
    assert db.describe(Discard(1), None, "fr") == "Offrir 1 blé à l'autre joueur"
    barn_bonus = next(c for c in range(60) if D.CARD_UPGRADE[c][1] == D.BARN_BONUS)
    assert D.upgrade_text(barn_bonus, "fr").endswith("que celle de l'autre joueur")
    assert D.upgrade_text(barn_bonus, "en").endswith("than the other player's barn")
    discount = next(c for c in range(60) if D.CARD_UPGRADE[c][1] == D.DISCOUNT)
    assert " less " in D.upgrade_text(discount, "en")
    assert D.ICON_NAMES["grenier"] == ("Grenier", "Granary")
    # Out-of-range actions are refused by describe, never indexed (negatively or not).
    for bad in (Harvest(99), Sell(-1), Upgrade(60), Discard(7), Keep(-1), Barter(0, 99)):
        with pytest.raises(ValueError):
            db.describe(bad, s, "fr")
    # Reasons name cards and resources, never bare numbers.
    assert 0 not in s.hands[0]
    with pytest.raises(
        bgf.IllegalActionError, match=r"Blonde ale 4 \(#0\) is not in Player 1's hand"
    ) as info:
        db.step(s, Harvest(0))
    assert info.value.reason("fr") == "Blonde 4 (n°0) n'est pas dans la main de Joueur 1"
    svg_en = db.render_svg(s, "en")
    assert "Year 1" in svg_en and "Année" not in svg_en
    assert "Année 1 (fructueuse)" in db.render(s, "fr")
    assert "Year 1 (fruitful)" in db.render(s, "en")
    svg = db.render_svg(s)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_validate_rejects_broken_saves() -> None:
    s = db.new_game(seed=6)
    twice = attrs.evolve(s, discard=(s.hands[0][0],))
    with pytest.raises(bgf.InvalidStateError, match="in two places"):
        bgf.loads(bgf.dumps(twice))
    too_many = attrs.evolve(s, barns=((18, 0, 0, 0, 0), Z))
    with pytest.raises(bgf.InvalidStateError, match="more tokens"):
        GAME.validate(too_many)
    assert bgf.loads(bgf.dumps(s)) == s


def test_DB05_empty_year_with_hand_size_6_ends_instead_of_stalling() -> None:
    # Review finding 1: with 6-card hands the cards run out; a year with nothing to deal
    # and both hands empty must end at once, never leave a seat to move with no action.
    s = db.new_game(seed=0, options={"hand_size": 6})
    while not db.is_terminal(s):
        legal = db.legal_actions(s)
        assert legal, f"stall in year {s.year}, phase {s.phase}"
        ups = [a for a in legal if type(a).__name__ == "Upgrade"]
        s = db.step(s, ups[0] if ups else legal[0])
    assert s.year == 6 and s.phase == "over"
    assert not s.hands[0] and not s.hands[1]


def _drought_play_state() -> State:
    s = db.new_game(seed=4)
    while not (s.year == 2 and s.phase == PLAY and s.barter):
        s = db.step(s, db.legal_actions(s)[0])
    return s


def test_validate_rejects_each_corrupt_save_naming_the_field() -> None:
    # Review finding 2: every one of these saves used to load and then crash or stall.
    s = db.new_game(seed=6)  # year 1, phase play, seat 0 to move
    assert s.phase == PLAY and s.to_move == 0
    d = _drought_play_state()
    h0, h1 = s.hands
    res = list(reserve(s))
    barn = [0] * 5
    for r in sorted(range(5), key=lambda r: -res[r]):
        barn[r] = min(res[r], capacity(s, 0) + 1 - sum(barn))
    assert sum(barn) == capacity(s, 0) + 1
    f = s.fields
    bad: list[tuple[State, str]] = [
        # Chance to move in explicit mode (in auto mode the core refuses it first).
        (attrs.evolve(s, to_move=-1, explicit=True), r"state\.to_move"),
        (
            attrs.evolve(s, to_move=-1, explicit=True, phase=DEAL, deal_queue=()),
            r"state\.deal_queue",
        ),
        (attrs.evolve(s, phase=DEAL), r"state\.to_move"),
        (attrs.evolve(s, phase=KEEP), r"state\.surplus"),
        (attrs.evolve(s, phase=DISCARD), r"state\.barns\[0\]"),
        (attrs.evolve(s, phase="over"), r"state\.to_move"),
        (attrs.evolve(s, phase="over", to_move=-2, year=3), r"state\.year"),
        (attrs.evolve(s, to_move=-2), r"state\.to_move"),
        (attrs.evolve(s, hands=((), h1), discard=h0), r"state\.hands\[0\]"),
        (attrs.evolve(s, surplus=(1, 0, 0, 0, 0), fields=(f[0] - 1, *f[1:])), r"state\.surplus"),
        (attrs.evolve(s, surplus=(0, 0, 0)), r"state\.surplus"),
        (attrs.evolve(s, barns=(tuple(barn), (0,) * 5)), r"state\.barns\[0\]"),
        (attrs.evolve(s, hands=(h0[1:], h1), pending=h0[0]), r"state\.barter"),
        (attrs.evolve(s, deck=s.deck[1:], barter=s.deck[:1]), r"state\.barter"),
        (attrs.evolve(s, hands=(tuple(sorted(h0 + s.deck[:3])), h1), deck=s.deck[3:]), "hands"),
        (attrs.evolve(s, deal_queue=(7,)), r"state\.deal_queue"),
        (attrs.evolve(s, known=((h1[0], h1[0]), ())), r"state\.known\[0\]"),
        (attrs.evolve(s, hands=(h0[::-1], h1)), r"state\.hands\[0\]"),
        (attrs.evolve(s, deck=s.deck[::-1]), r"state\.deck"),
        (attrs.evolve(d, barter=d.barter[::-1]), r"state\.barter"),
    ]
    for state, field in bad:
        with pytest.raises(bgf.InvalidStateError, match=field):
            GAME.validate(state)
    with pytest.raises(bgf.InvalidStateError, match=r"state\.to_move"):
        bgf.loads(bgf.dumps(attrs.evolve(s, to_move=-1, explicit=True)))
    GAME.validate(d)


def test_DB04_fruitful_sowing_after_drought_refills_to_green() -> None:
    """DB-04: the Sowing of a fruitful year after a drought year (years 3 and 5) brings
    each field up to its green sign and pours the reserve's water into the river."""
    last = 5
    s = position(year=2, hands=((last,), ()), mill=0, fields=(3, 2, 1, 1, 1))
    t = db.step(s, Harvest(last))
    assert t.year == 3
    assert t.fields[1:] == (7, 8, 6, 6)
    assert t.fields[0] == D.TOKENS[0] - t.barns[0][0] - t.barns[1][0]


def test_players_are_numbered_from_1_in_every_text() -> None:
    """Seats are 0-based in the API, but a person reads « Joueur 1 » for seat 0, as in the
    CLI's move log: pictures, labels and illegal-move reasons alike."""
    from boardgames_fr.dorge_et_ble.render import player_name

    assert (player_name(0), player_name(1)) == ("Joueur 1", "Joueur 2")
    assert (player_name(0, "en"), player_name(1, "en")) == ("Player 1", "Player 2")
    s = db.new_game(seed=1)  # seat 0 holds the Mill and moves first
    fr = db.render(s, "fr", seat=0).splitlines()
    assert fr[0] == "Année 1 (fructueuse) - Moulin : Joueur 1 - à jouer : Joueur 1"
    assert "-- Joueur 1 -- totaux bière/pain 0/0, score 0" in fr
    assert "-- Joueur 2 -- totaux bière/pain 0/0, score 0" in fr
    en = db.render(s, "en").splitlines()
    assert en[0] == "Year 1 (fruitful) - Mill: Player 1 - to move: Player 1"
    assert "-- Player 2 -- beer/bread totals 0/0, score 0" in en
    svg = db.render_svg(s)
    assert (
        '<text x="10" y="20" font-size="16">Année 1 (fructueuse) — Moulin : Joueur 1</text>' in svg
    )
    assert '<text x="10" y="40" font-weight="bold">À jouer : Joueur 1</text>' in svg
    assert ">Joueur 1 — bière 0, pain 0, score 0 — main : 5 cartes — à jouer</text>" in svg
    assert ">Joueur 2 — bière 0, pain 0, score 0 — main : 5 cartes</text>" in svg
    assert ">Player 2 — beer 0, bread 0, score 0 — hand: 5 cards</text>" in db.render_svg(s, "en")
    texts = [db.render(s, "fr"), db.render(s, "en"), svg, db.render_svg(s, "en")]
    t = db.step(s, db.legal_actions(s)[0])
    assert db.render(t, "fr").splitlines()[0].endswith("à jouer : Joueur 2")
    with pytest.raises(bgf.IllegalActionError) as err:
        db.step(t, Sell(t.hands[1][0]))
    assert str(err.value).startswith("Player 2's barn lacks the tokens")
    assert err.value.reason("fr").startswith("la Grange de Joueur 2 n'a pas les pions")
    while not db.is_terminal(t):
        t = db.step(t, db.legal_actions(t)[0])
    assert db.winners(t) == (1,) and t.mill == 0
    assert db.render(t, "fr").splitlines()[-1] == "Gagnant : Joueur 2"
    assert (
        db.render(t, "en").splitlines()[0]
        == "Year 6 (drought) - Mill: Player 1 - to move: game over"
    )
    texts += [db.render(t, "fr"), db.render(t, "en"), db.render_svg(t), db.render_svg(t, "en")]
    assert not any("Joueur 0" in x or "Player 0" in x for x in texts)


_SVG_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


def test_svg_names_the_cards_and_the_barns_tokens() -> None:
    """The picture names the harvest column's, sold and upgrade cards as `card_label`
    does (it showed « Colonne récolte : 12, 28 » and bare counts), says « 1 carte », and
    lists each barn's tokens in words next to the field boxes' colour legend."""
    s = position(
        hands=((5,), (1, 2)),
        columns=((12, 28), ()),
        barns=((1, 2, 0, 0, 0), Z),
        sold=((0,), ()),
        upgrades=((24,), ()),
    )
    assert _SVG_TEXT.findall(db.render_svg(s)) == [
        "Année 1 (fructueuse) — Moulin : Joueur 1",
        "À jouer : Joueur 1",
        "Rivière", "0", "Champ de blé", "0", "Champ d'orge", "0", "Champ de seigle", "0",
        "Champ de houblon", "0",
        "Pioche : 53 cartes — défausse : 0 carte",
        "Joueur 1 — bière 4, pain 0, score 0 — main : 1 carte — à jouer",
        "Grange (3/9) : 1 eau, 2 blé",
        "Brasserie : -",
        "Boulangerie : -",
        "Colonne récolte : Ambrée 6 (n°12), Brune 9 (n°28)",
        "Vendues : Blonde 4 (n°0)",
        "Améliorations : Brune 8 (n°24)",
        "Joueur 2 — bière 0, pain 0, score 0 — main : 2 cartes",
        "Grange (0/9) : vide",
        "Brasserie : -",
        "Boulangerie : -",
        "Colonne récolte : -",
        "Vendues : -",
        "Améliorations : -",
    ]  # fmt: skip
    en = _SVG_TEXT.findall(db.render_svg(s, "en"))
    assert en[13:19] == [
        "Player 1 — beer 4, bread 0, score 0 — hand: 1 card — to move",
        "Barn (3/9): 1 water, 2 wheat",
        "Brewery: -",
        "Bakery: -",
        "Harvest column: Amber ale 6 (#12), Brown ale 9 (#28)",
        "Sold: Blonde ale 4 (#0)",
    ]
    # the field boxes' dots are the legend: the same fill as the barn's tokens
    svg = db.render_svg(s)
    assert '<circle cx="22" cy="64" r="7" fill="#5fa8d3" stroke="#333"/>' in svg  # Rivière
    assert svg.count('r="9" fill="#5fa8d3"') == 1 and svg.count('r="9" fill="#e9c46a"') == 2
    # the public picture never shows a card of a hand, in either language
    for lang in ("fr", "en"):
        picture = db.render_svg(s, lang)
        for c in (5, 1, 2):
            assert card_label(c, lang) not in picture
    # the text render's plural agrees: « 1 carte », « 0 carte »
    assert "  main : 1 carte" in db.render(s, "fr").splitlines()
    t = attrs.evolve(s, hands=((), (1, 2)), deck=(*s.deck, 5))
    assert "  main : 0 carte" in db.render(t, "fr").splitlines()
    assert "  hand: 0 cards" in db.render(t, "en").splitlines()


def test_svg_long_card_lists_wrap_between_cards_and_the_end_names_the_winner() -> None:
    s = position(hands=((6,), ()), upgrades=((5, 18, 35, 48, 13, 43, 30, 31, 32, 33), ()))
    lines = _SVG_TEXT.findall(db.render_svg(s))
    at = lines.index(next(x for x in lines if x.startswith("Améliorations")))
    assert lines[at : at + 3] == [
        "Améliorations : Blonde 5 (n°5), Ambrée 7 (n°18), Pain blanc 5 (n°35), "
        "Pain de seigle 7 (n°48),",  # a name is never cut: « Pain de / seigle »
        "Ambrée 6 (n°13), Pain de seigle 6 (n°43), Pain blanc 4 (n°30), Pain blanc 4 (n°31),",
        "Pain blanc 4 (n°32), Pain blanc 4 (n°33)",
    ]
    t = db.new_game(seed=1)  # the first legal action each time: seat 1 wins (see above)
    while not db.is_terminal(t):
        t = db.step(t, db.legal_actions(t)[0])
    assert _SVG_TEXT.findall(db.render_svg(t))[1] == "Partie terminée — gagnant : Joueur 2"
    assert _SVG_TEXT.findall(db.render_svg(t, "en"))[1] == "Game over — winner: Player 2"


def test_DB03_observation_gives_each_barn_its_spaces() -> None:
    """DB-03 (fourth audit): a frontend drawing « Grange (7/11) » or counting the tokens
    still to give away (DB-08) had to re-derive the spaces from the options and the
    Grenier upgrades; `Observation.capacities` gives them, in every view."""
    grenier = card(D.BEER, effect=D.BARN_SIZE)
    s = position(hands=((5,), (2,)), upgrades=((grenier,), ()), barns=((4, 3, 0, 0, 0), Z))
    assert D.CARD_UPGRADE[grenier][2] == 2
    for seat in (None, 0, 1):
        assert db.observe(s, seat).capacities == (11, 9)
    s3 = db.new_game(seed=1, options={"barn_size": 3})
    assert db.observe(s3, 1).capacities == (3, 3)
    assert "Grange (7/11) : 4 eau, 3 blé" in db.render(s, "fr")
