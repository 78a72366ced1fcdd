"""Corrupt saves are refused on load, naming the bad field (never IndexError/KeyError)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.components import OfferBudget, WaitingRoom
from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama.actions import AcceptOffer, ProposeAlliance
from boardgames_fr.lactorama.rules import merge
from boardgames_fr.lactorama.state import Offer


def _phases() -> dict[str, L.State]:
    """The first state of each phase met in a few random 3-farm games (explicit chance)."""
    found: dict[str, L.State] = {}
    for seed in range(6):
        s = L.new_game(3, seed=seed, chance="explicit")
        i = 0
        while not L.is_terminal(s):
            found.setdefault(s.phase, s)
            if s.stage == "year_end":
                found.setdefault("@year_end", s)
            legal = L.legal_actions(s)
            if L.current_player(s) == bgf.CHANCE:
                outs = L.chance_outcomes(s)
                a = outs[(seed * 7 + i) % len(outs)][0]
            else:
                a = legal[(seed * 5 + i) % len(legal)]
            s = L.step(s, a)
            i += 1
        found.setdefault("over", s)
    # A farm out of the game handing out its land (LA-19), built from a turn.
    r = found["roll"]
    out = attrs.evolve(r.farms[2], cows=10, status="eliminated")
    found["handout"] = attrs.evolve(
        r, farms=(*r.farms[:2], out), handout=(2,), phase="handout", to_move=2
    )
    return found


PHASES = _phases()


def _farm(i: int, **kw: Any) -> Callable[[L.State], L.State]:
    def edit(s: L.State) -> L.State:
        farms = list(s.farms)
        farms[i] = attrs.evolve(farms[i], **kw)
        return attrs.evolve(s, farms=tuple(farms))

    return edit


def _ev(**kw: Any) -> Callable[[L.State], L.State]:
    return lambda s: attrs.evolve(s, **kw)


def _offer(**kw: Any) -> Callable[[L.State], L.State]:
    return lambda s: attrs.evolve(s, offer=attrs.evolve(s.offer or Offer(1), **kw))


# (phase of the base state, the corruption, the field the error must name)
CASES: list[tuple[str, Callable[[L.State], L.State], str]] = [
    ("year_end", _ev(actor=9), "state.actor"),
    ("year_end", _ev(queue=(9,)), "state.queue[0]"),
    ("year_end", _ev(budget=None), "state.budget"),
    ("offer_answer", _offer(partner=9), "state.offer.partner"),
    ("offer_answer", _offer(give="tracteur"), "state.offer.give"),
    ("offer_answer", _offer(give="argent", give_qty=1000000), "state.offer.give_qty"),
    ("handout", _ev(handout=(9,)), "state.handout[0]"),
    ("card", _ev(card="ZZ"), "state.card"),
    ("card", _ev(card=""), "state.card"),
    ("neighbour", _ev(card=""), "state.card"),
    ("neighbour", _ev(neighbour=9), "state.neighbour"),
    ("deal", _ev(deal_slot=-1), "state.deal_slot"),
    ("deal", _ev(deal_slot=99), "state.deal_slot"),
    ("deal", _ev(deck=()), "state.deal_slot"),
    ("draw_imprevu", _ev(imprevu=()), "state.imprevu"),
    ("roll", _ev(stage="over"), "state.to_move"),
    ("roll", _farm(0, cows=-2), "state.farms[0].cows"),
    ("roll", _farm(0, money=-5), "state.farms[0].money"),
    ("roll", _farm(0, bons=-1), "state.farms[0].bons"),
    ("roll", _farm(0, loans=-1), "state.farms[0].loans"),
    ("roll", _farm(0, green=-1), "state.farms[0].green"),
    ("roll", _farm(0, loans=999), "state.farms[0].loans"),
    ("roll", _farm(0, cows=10), "state.farms[0].cows"),
    ("roll", _farm(0, kept=("P01",)), "state.farms[0].kept[0]"),
    ("roll", _ev(year=99), "state.year"),
    ("roll", _ev(year=-1), "state.year"),
    ("roll", _ev(room=WaitingRoom((9,))), "state.room.arrived[0]"),
    ("roll", _ev(room=WaitingRoom((1, 1))), "state.room.arrived[1]"),
    ("roll", _ev(dice=(9,)), "state.dice[0]"),
    ("roll", _ev(winner_farms=(9,)), "state.winner_farms[0]"),
    ("negoce", _ev(budget=OfferBudget((1,))), "state.budget"),
]


@pytest.mark.parametrize(("phase", "corrupt", "field"), CASES)
def test_corrupt_save_names_the_field(
    phase: str, corrupt: Callable[[L.State], L.State], field: str
) -> None:
    base = PHASES[phase]
    assert bgf.loads(bgf.dumps(base)) == base  # the base itself loads
    bad = corrupt(base)
    with pytest.raises(bgf.InvalidStateError) as err:
        bgf.loads(bgf.dumps(bad))
    assert err.value.path == field, str(err.value)


def test_every_phase_state_met_in_play_loads() -> None:
    for s in PHASES.values():
        assert bgf.loads(bgf.dumps(s)) == s


# --- fields used as indices, farm_of, setup money (review of the validator) -------------


def _doc(s: L.State) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(bgf.dumps(s))
    return doc


def _refused(doc: dict[str, Any]) -> bgf.InvalidStateError:
    with pytest.raises(bgf.InvalidStateError) as err:
        bgf.loads(json.dumps(doc))
    return err.value


@pytest.mark.parametrize(
    ("field", "value", "path", "words"),
    [
        ("season", 7, "state.season", "7 is not a season: 0..3"),
        ("season", -1, "state.season", "-1 is not a season"),
        ("season", 10**30, "state.season", "is not a season"),
        ("year", 10**30, "state.year", "is not a year of a 3-year game"),
        ("stage", "winter", "state.stage", "unknown stage 'winter'"),
        ("actor", -1, "state.actor", "-1 is not in 0..1"),
        ("last_player", 2, "state.last_player", "2 is not in 0..1"),
        ("deal_slot", 12, "state.deal_slot", "12 is not in 0..11"),
        ("neighbour", -2, "state.neighbour", "-2 is not in 0..1"),
        ("pos", [99, -2], "state.pos[0]", "99 is not a square"),
        ("pos", [-2, -7], "state.pos[1]", "-7 is not a square"),
        ("queue", [-1], "state.queue[0]", "-1 is not in 0..1"),
        ("handout", [2], "state.handout[0]", "2 is not in 0..1"),
        ("farm_of", [0, 10**30], "state.farm_of[1]", "is not in 0..1"),
        ("farm_of", [0], "state.farm_of", "one farm per seat: 2 seats, not 1"),
    ],
)
def test_a_field_used_as_an_index_is_checked_before_use(
    field: str, value: Any, path: str, words: str
) -> None:
    """The review's repro (season 7 raised a bare IndexError) and its kin: each field that
    indexes a table is range-checked first, and the error names it."""
    doc = _doc(L.new_game(2, seed=4))
    doc["state"][field] = value
    err = _refused(doc)
    assert err.path == path and words in str(err), str(err)


def test_LA01_every_farm_has_its_seats() -> None:
    """LA-01: farm_of is seat for seat the game's own (one farm each; in teams seats f and
    f + farms): a farm with no seat ([1, 1]) crashed mid-game, uneven teams loaded."""
    doc = _doc(L.new_game(2, seed=4))
    doc["state"]["farm_of"] = [1, 1]
    err = _refused(doc)
    assert err.path == "state.farm_of[0]", str(err)
    assert "seat 0 plays for its farm, not 1 (LA-01)" in str(err)
    doc = _doc(L.new_game(4, seed=4, options={"teams": True}))
    assert doc["state"]["farm_of"] == [0, 1, 0, 1]
    doc["state"]["farm_of"] = [0, 0, 0, 1]
    err = _refused(doc)
    assert err.path == "state.farm_of[1]", str(err)
    assert "seat 1 plays for farm 1 (seats 1 and 3), not 0 (LA-01)" in str(err)


def test_LA17_an_absorbed_farm_has_no_seat_and_its_ally_has_both() -> None:
    """LA-17: `merge` moves the absorbed farm's seats to the allied farm: that loads; an
    absorbed farm keeping a seat, or whose seats go to a farm in no alliance, does not."""
    s = merge(L.new_game(3, seed=4), 0, 2)  # equal farms: the proposer, 0, takes 2
    assert s.farm_of == (0, 1, 0) and s.farms[2].status == "absorbed"
    assert bgf.loads(bgf.dumps(s)) == s
    doc = _doc(s)
    doc["state"]["farm_of"] = [0, 1, 2]
    err = _refused(doc)
    assert err.path == "state.farm_of[2]" and "farm 2 is absorbed" in str(err), str(err)
    doc["state"]["farm_of"] = [0, 1, 1]
    err = _refused(doc)
    assert err.path == "state.farm_of[2]" and "not 1 (LA-17)" in str(err), str(err)
    t = merge(L.new_game(4, seed=4), 0, 2)  # farms 1 and 3 left
    doc = _doc(attrs.evolve(t, farms=(*t.farms[:3], attrs.evolve(t.farms[3], status="absorbed"))))
    doc["state"]["farm_of"] = [0, 1, 0, 0]
    err = _refused(doc)
    assert err.path == "state.farm_of" and "farm 0 took 2 farms" in str(err), str(err)


def test_LA07_setup_money_is_never_negative() -> None:
    """LA-07 (no debt) from the setup on: a save at the filière dice with -2 in a farm's
    cash loaded, then played into a state the validator refused."""
    s = L.new_game(2, seed=4, chance="explicit")
    assert s.stage == "setup"
    doc = _doc(s)
    doc["state"]["farms"][0]["money"] = -2
    err = _refused(doc)
    assert err.path == "state.farms[0].money" and "no debt (LA-07)" in str(err), str(err)


def _alliance_minded_game(n: int, seed: int, options: dict[str, Any]) -> list[L.State]:
    """Every state of a game of random farmers who propose and accept alliances often."""
    r = Rng(seed)
    s = L.new_game(n, seed=seed, options=options, chance="explicit" if seed % 2 else "auto")
    out = [s]
    while not L.is_terminal(s):
        if L.current_player(s) == bgf.CHANCE:
            s = L.step(s, bgf.sample_chance(s))
        else:
            la = L.legal_actions(s)
            keen = [a for a in la if isinstance(a, ProposeAlliance | AcceptOffer)]
            pool = keen if keen and r.randrange(2) else la
            s = L.step(s, pool[r.randrange(len(pool))])
        out.append(s)
    return out


def test_LA01_LA17_LA19_every_state_of_real_play_loads() -> None:
    """Saves made in play (alliances, teams of 4, 6 and 8, eliminations, 6 years) load
    back equal: the farm_of checks refuse nothing the game makes."""
    games = [(n, seed, {"years": 6}) for n in (3, 4, 5, 6, 8) for seed in (0, 1)]
    games += [(4, 2, {"teams": True}), (8, 3, {"teams": True, "years": 6})]
    games += [(6, 152, {"years": 6}), (4, 136, {"years": 6}), (8, 52, {"years": 6})]
    met: set[str] = set()
    for n, seed, options in games:
        for s in _alliance_minded_game(n, seed, options):
            assert bgf.loads(bgf.dumps(s)) == s, (n, seed, s.phase)
            met.update(f.status for f in s.farms)
            if s.farm_of != tuple(t % len(s.farms) for t in range(n)):
                met.add("seats moved")
    assert met == {"active", "absorbed", "eliminated", "seats moved"}


def test_LA11_LA19_pending_handout_and_offer_fit_the_farms() -> None:
    """LA-19: a farm listed to hand out land is eliminated and has land (an active farm
    there crashed the next turn); LA-11: the offer on the table is still one the farms
    could make, and counts against the offers left (else the accepted offer made a debt,
    or the count went negative)."""
    doc = _doc(PHASES["roll"])
    doc["state"]["handout"] = [1]
    err = _refused(doc)
    assert err.path == "state.handout[0]" and "not an eliminated farm" in str(err), str(err)
    t = PHASES["offer_take"]  # seat 1, for farm 0, gives 10,000 to farm 2
    assert (t.actor, t.farm_of[1], t.offer) == (1, 0, Offer(2, "argent", 10000))
    doc = _doc(t)
    doc["state"]["farms"][0]["money"] = 5000
    err = _refused(doc)
    assert err.path == "state.offer.give" and "farm 0 cannot give that (LA-11)" in str(err)
    doc = _doc(t)
    doc["state"]["budget"]["left"] = [2, 0, 2]
    err = _refused(doc)
    assert err.path == "state.budget" and "counts against the offers left" in str(err)
    u = PHASES["offer_answer"]  # ... and asks farm 2 for 4 cows
    assert u.offer == Offer(2, "argent", 10000, "vaches", 4)
    doc = _doc(u)
    doc["state"]["farms"][2]["cows"] = 22
    err = _refused(doc)
    assert err.path == "state.offer.take" and "leave a farm unsound" in str(err), str(err)
