"""Issue #23: a Lactorama save that loads only leads to saves that load.

A farm's money, hectares, cows, bons and green pawns never go past `farms.CAP` (10**12):
every gain of the rules saturates there (`farms.capped`), and `validate` bounds each
amount by it. So a state at the cap stays within it however long play goes on, a card
that moves a pawn back included (E13, E14, H14, I13, I14 give a season unbounded turns).
No game from a new game comes near (real games end near 300,000 €).
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from la_helpers import farm

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama import rules as R
from boardgames_fr.lactorama.actions import DieRoll, DrawCard
from boardgames_fr.lactorama.cards import GAINS, SIMPLE, effect_on, effects_around, simple_card
from boardgames_fr.lactorama.farms import CAP, accounts_of, cap_cows, capped
from boardgames_fr.lactorama.negoce import merge, transfer
from boardgames_fr.lactorama.state import ACTIVE, OFFER_KINDS, Farm

OPTIONS: list[dict[str, Any]] = [
    {},
    {"dice": 1, "squares": 4, "years": 1},
    {"squares": 16, "face_down": True, "bank_sales": True},
    {"alliance_ends_convictions": True, "offers_per_negoce": 5, "land_always": True},
    {"dice": 1, "bank_sales": True, "squares": 8},
]
AMOUNTS = ("ha", "cows", "money", "bons", "green")


def test_the_cap_is_ten_to_the_twelve() -> None:
    assert CAP == 10**12
    assert [capped(x) for x in (CAP - 1, CAP, CAP + 2_500, -3)] == [CAP - 1, CAP, CAP, -3]


def at_the_cap(s: L.State, fields: tuple[str, ...], which: int) -> str:
    """The save of ``s`` with the amounts ``fields`` of a farm at the cap: farm ``which``
    or the next one in play (one out holds no land but what it hands out, LA-19). Cows
    only go with hectares: a farm in play never has more cows than hectares (LA-09)."""
    raw = json.loads(bgf.dumps(s))
    farms = raw["state"]["farms"]
    nf = len(farms)
    i = next(k % nf for k in range(which, which + nf) if farms[k % nf]["status"] == "active")
    for name in fields:
        farms[i][name] = CAP
    if "cows" in fields:
        farms[i]["ha"] = CAP
    return json.dumps(raw)


def _move(s: L.State, rnd: random.Random) -> Any:
    if L.current_player(s) == bgf.CHANCE:
        return bgf.sample_chance(s)
    return rnd.choice(L.legal_actions(s))


def _over_the_cap(s: L.State) -> list[str]:
    return [
        f"farms[{i}].{name}"
        for i, f in enumerate(s.farms)
        for name in AMOUNTS
        if abs(getattr(f, name)) > CAP
    ]


def test_the_save_of_issue_23_loads_plays_on_and_saves() -> None:
    # 10**12 € on a new game: the first season's accounts took it past the cap, where the
    # save no longer loaded; the income now stops at the cap (LA-06).
    raw = json.loads(bgf.dumps(bgf.new_game("lactorama", num_players=2, seed=1)))
    raw["state"]["farms"][0]["money"] = CAP + 1
    with pytest.raises(
        bgf.InvalidStateError,
        match=r"^state\.farms\[0\]\.money: beyond any game: 1_000_000_000_000 at most$",
    ):
        bgf.loads(json.dumps(raw))
    raw["state"]["farms"][0]["money"] = CAP
    s = bgf.loads(json.dumps(raw))
    rnd = random.Random(3)
    steps, capped_money = 0, 0
    while not L.is_terminal(s):
        s = L.step(s, _move(s, rnd))
        assert bgf.loads(bgf.dumps(s)) == s
        capped_money += s.farms[0].money == CAP
        steps += 1
    assert steps > 50 and capped_money > 1  # at the cap after the gain of a step
    assert L.winners(s) == (0,)  # the richest farm wins at the end (LA-20)


def test_a_move_back_at_the_cap_saves_and_loads() -> None:
    # I13 (« Allez au Négoce ») takes the pawn from square 13 back to 9: its farm, every
    # amount at the cap, plays those squares again, and every gain stops at the cap.
    s = L.new_game(2, seed=1, chance="explicit")
    rnd = random.Random(1)
    while not (s.phase == "draw_imprevu" and (s.year, s.season, s.pos[0]) == (2, 2, 13)):
        s = L.step(s, _move(s, rnd))
    s = bgf.loads(at_the_cap(s, AMOUNTS, 0))
    s = L.step(s, DrawCard("I13"))
    assert s.pos[0] == 9 and s.phase == "negoce"  # I13 took the pawn back to the Négoce
    assert bgf.loads(bgf.dumps(s)) == s
    while not L.is_terminal(s):
        s = L.step(s, _move(s, rnd))
        assert not _over_the_cap(s) and bgf.loads(bgf.dumps(s)) == s


# --- each gain of the rules saturates ---------------------------------------------------

_TOP = farm(ha=CAP, cows=CAP, money=CAP, bons=CAP, green=CAP)


def _top(f: Farm) -> bool:
    return all(getattr(f, name) <= CAP for name in AMOUNTS)


def test_LA07_LA09_LA13_LA14_LA18_every_card_effect_stops_at_the_cap() -> None:
    seen = set()
    for card in D.CARDS.values():
        for e in card.effects:
            if e.kind not in ("money", "bons", "green", "land", "cows"):
                continue  # moves, offers to buy (LA-10: a pair must fit the hectares)
            for m in (1, max(1, e.x)):
                new, _ = effect_on(_TOP, e, m, False)
                assert _top(new), (card.id, e)
                seen.add(e.kind)
    assert seen == {"money", "bons", "green", "land", "cows"}
    # A payment to the neighbour (LA-08) when the neighbour is at the cap.
    payers = [c for c in D.CARDS.values() if any(e.kind == "pay_neighbour" for e in c.effects)]
    assert payers
    for card in payers:
        farms, _ = effects_around((_TOP, _TOP), 1, card, card.effects, 0, False)
        assert all(_top(f) for f in farms), card


def test_the_simple_cards_folded_gains_stop_at_the_cap() -> None:
    assert GAINS
    for cid, (plain, _, fil) in GAINS.items():
        other = next(f for f in D.FILIERES if f != fil)
        for f in (replace(_TOP, filiere=other), replace(_TOP, filiere=fil)):
            farms, _ = simple_card((f, farm()), 0, cid, ())
            assert _top(farms[0]), cid
            one = f  # the same farm as the effects one by one (`effect_on`)
            for e, x, of in SIMPLE[cid]:
                one, _ = effect_on(one, e, x if one.filiere == of else 1, False)
            assert farms[0] == one, cid
        if any(plain):
            near = replace(_TOP, money=CAP - 1, bons=CAP - 1, green=CAP - 1, filiere=other)
            got = simple_card((near, farm()), 0, cid, ())[0][0]
            assert (got.money, got.bons, got.green) == tuple(
                CAP if g else CAP - 1 for g in plain
            ), cid


def test_LA06_LA09_accounts_and_butcher_sales_stop_at_the_cap() -> None:
    rich = farm(ha=CAP, cows=200, money=CAP)  # the index table's best income
    assert D.income(200, CAP) > 0
    assert accounts_of((rich, farm()))[0].money == CAP
    # LA-09: land lost, the cows beyond the hectares go to the butcher at 2,000.
    assert cap_cows(farm(ha=100, cows=100, money=CAP - 1), 92) == farm(ha=92, cows=92, money=CAP)


@pytest.mark.parametrize("kind", OFFER_KINDS)
def test_LA11_a_trade_stops_at_the_cap(kind: str) -> None:
    giver = farm(ha=200, cows=100, money=100_000, bons=20)
    a, b = transfer(giver, _TOP, kind, 8)
    assert _top(b)
    if kind not in ("filiere", "nothing"):
        assert getattr(b, kind) == CAP and getattr(a, kind) == getattr(giver, kind) - 8


@pytest.mark.parametrize("alone", [False, True])
def test_LA17_an_alliance_pools_up_to_the_cap(alone: bool) -> None:
    s = L.new_game(4 if alone else 3, seed=1)
    third = _TOP if alone else replace(_TOP, allied=True)  # left alone, or allied already
    s = replace(s, farms=(_TOP, _TOP, third, farm())[: len(s.farms)], queue=())
    after = merge(s, 0, 1)
    assert all(_top(f) for f in after.farms)
    assert after.farms[0].money == CAP and after.farms[0].allied
    if alone:  # the farms left alone get 8 ha and 8 cows (LA-17)
        assert (after.farms[2].ha, after.farms[2].cows) == (CAP, CAP)
        assert (after.farms[3].ha, after.farms[3].cows) == (52, 48)


# --- play from the cap ------------------------------------------------------------------


def _back(a: L.State, action: Any, b: L.State) -> bool:
    """Whether step ``a`` -> ``b`` (explicit chance) took a pawn back behind the square it
    landed on: a card's move back, or a "go to" whose square is only behind (LA-13)."""
    if a.stage != "season" or b.stage != "season" or b.season != a.season:
        return False
    seat = a.actor
    landing = a.pos[seat]
    if a.phase == "roll" and isinstance(action, DieRoll) and len(a.dice) + 1 == a.options.dice:
        landing += sum(a.dice) + action.value  # the roll is complete: the pawn moves
    return 0 <= b.pos[seat] < landing


@settings(deadline=None, max_examples=12)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from((2, 3, 4, 5, 6)),
    options=st.sampled_from(OPTIONS),
    steps=st.integers(0, 400),
    fields=st.sets(st.sampled_from(AMOUNTS), min_size=1).map(sorted).map(tuple),
    which=st.integers(0, 4),
)
def test_play_from_the_cap_saves_and_loads(
    seed: int,
    players: int,
    options: dict[str, Any],
    steps: int,
    fields: tuple[str, ...],
    which: int,
) -> None:
    # Explicit chance, one event a step; the states of auto mode are among these (a game
    # drawn with `sample_chance` is the same game). Moves back included.
    rnd = random.Random(seed)
    s = L.new_game(players, seed=seed, options=options, chance="explicit")
    for k in itertools.count():
        if L.is_terminal(s) or (k >= steps and s.stage != "setup"):
            break  # (at the setup every farm is the starting farm, LA-02)
        s = L.step(s, _move(s, rnd))
    s = bgf.loads(at_the_cap(s, fields, which))  # the cap itself loads
    while True:
        assert bgf.loads(bgf.dumps(s)) == s
        if L.is_terminal(s):
            break
        s = L.step(s, _move(s, rnd))


def test_moves_back_from_the_cap_save_and_load() -> None:
    # Whole seasons from the cap, until pawns have been taken back: an allied farm has every
    # amount at the cap (LA-17: it wins by no conviction), the others money and land.
    backs = 0
    for seed in range(40):
        rnd = random.Random(seed)
        s = L.new_game(3 + seed % 3, seed=seed, options=OPTIONS[seed % 5], chance="explicit")
        while not (L.is_terminal(s) or (s.stage == "season" and any(f.allied for f in s.farms))):
            s = L.step(s, _move(s, rnd))
        for i, f in enumerate(s.farms):
            if f.status == ACTIVE:
                s = bgf.loads(at_the_cap(s, AMOUNTS if f.allied else ("ha", "money"), i))
        while not L.is_terminal(s):
            action = _move(s, rnd)
            nxt = L.step(s, action)
            backs += _back(s, action, nxt)
            assert not _over_the_cap(nxt) and bgf.loads(bgf.dumps(nxt)) == nxt
            s = nxt
        if backs >= 5:
            break
    assert backs >= 5


@pytest.mark.parametrize(("n", "options"), [(2, {}), (3, {"bank_sales": True}), (4, {})])
def test_the_fast_path_saturates_as_the_reference_does(n: int, options: dict[str, Any]) -> None:
    # Auto mode's fast path (autoplay.py) and the core's one-event-at-a-time loop play
    # the same games from farms at the cap (as test_la_resolve.py from new games).
    game = L.GAME
    steps = 0
    for seed in range(6):
        rnd = random.Random(seed)
        s = L.new_game(n, seed=seed, options=options)
        while s.stage == "setup":  # (where every farm is the starting farm, LA-02)
            s = L.step(s, rnd.choice(L.legal_actions(s)))
        for i in range(len(s.farms)):  # (with cows or bons at the cap, a farm wins: LA-18)
            s = bgf.loads(at_the_cap(s, ("ha", "money")[: 1 + (seed + i) % 2], i))
        fast, slow = s, replace(s, explicit=True)
        while True:
            steps += 1
            assert fast == replace(slow, explicit=False)
            if fast.to_move == TERMINAL:
                break
            legal = L.legal_actions(fast)
            assert legal == game._legal(slow)
            a = rnd.choice(legal)
            fast = L.step(fast, a)
            slow = R.apply(slow, a)  # its chance events one by one below
            if slow.to_move == CHANCE:
                slow = game.resolve_each(slow)
    assert steps > 300


def test_no_game_from_a_new_game_comes_near_the_cap() -> None:
    most = 0
    for seed in range(30):
        rnd = random.Random(seed)
        s = L.new_game(2 + seed % 5, seed=seed, options=OPTIONS[seed % 5])
        while not L.is_terminal(s):
            s = L.step(s, rnd.choice(L.legal_actions(s)))
            most = max(most, *(max(f.money, f.ha, f.cows, f.bons, f.green) for f in s.farms))
    assert most < 10**7
