"""Refusal reasons and labels in a player's words (review of the Négoce's texts, the
farm names, the euros, the chance nodes), with their exact text."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from la_helpers import farm, play, roll, table

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import actions as A
from boardgames_fr.lactorama.actions import (
    BuyCows,
    DieRoll,
    DrawCard,
    Give,
    MakeOffer,
    Take,
)
from boardgames_fr.lactorama.rules import _explain


def _reason(s: L.State, a: object) -> str:
    with pytest.raises(bgf.IllegalActionError) as err:
        L.step(s, a)
    return str(err.value)


def _negoce(*farms: Any, actor: int = 0) -> L.State:
    """Seat ``actor`` at the Négoce (route index 9: 5 + 6 from hexagon space 5)."""
    s = roll(table(len(farms), farms=farms, actor=actor), 5, 6)
    assert s.phase == "negoce" and s.to_move == actor
    return s


# --- LA-11: the Négoce --------------------------------------------------------------------


def test_LA11_a_gift_that_leaves_a_farm_unsound_says_why() -> None:
    """LA-11: the starting farm (44 ha, 40 cows, 11,000) giving 8 ha would keep 40 cows on
    36 ha (LA-09), giving 12,000 would be a debt (LA-07), giving 6 cows from 24 leaves it
    under 20 (LA-19): each says so, not "must say what the farm gives"."""
    s = play(_negoce(farm(), farm(), actor=1), MakeOffer(0))
    assert s.phase == "offer_give"
    assert _reason(s, Give("ha", 8)) == (
        "Player 2: farm B would have 40 cows on 36 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Give("argent", 12000)) == (
        "Player 2: farm B has only 11 000 € in cash, not the 12 000 € it would pay: no debt (LA-07)"
    )
    small = play(_negoce(farm(cows=24), farm()), MakeOffer(1))
    assert _reason(small, Give("vaches", 6)) == (
        "Player 1: farm A would be left with 18 cows: under 20 a farm is out of the game (LA-19)"
    )
    full = play(_negoce(farm(), farm(ha=44, cows=44)), MakeOffer(1))
    assert _reason(full, Give("vaches", 2)) == (
        "Player 1: farm B would have 46 cows on 44 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Give("filiere", 0)) == (
        'Player 2: both farms are in the Eco ("ecolo") filière: nothing to swap'
    )


def test_LA11_a_request_that_leaves_a_farm_unsound_says_why_with_the_player() -> None:
    """LA-11: what is asked for, with the same "Player N:" as every other refusal."""
    s = play(_negoce(farm(), farm(bons=2)), MakeOffer(1), Give("argent", 1000))
    assert s.phase == "offer_take"
    assert _reason(s, Take("ha", 8)) == (
        "Player 1: farm B would have 40 cows on 36 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Take("vaches", 6)) == (
        "Player 1: farm A would have 46 cows on 44 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Take("bons", 3)) == (
        "Player 1: farm B has only 2 free bons, not the 3 it would hand over"
    )
    assert _reason(s, Take("filiere", 0)) == (
        'Player 1: both farms are in the Eco ("ecolo") filière: nothing to swap'
    )
    assert _reason(s, Take("argent", 1000)) == (
        'Player 1: the offer already gives money ("argent"): ask for something else'
    )
    nothing = play(_negoce(farm(), farm(filiere="techno")), MakeOffer(1), Give("rien", 0))
    assert _reason(nothing, Take("rien", 0)) == (
        "Player 1: an offer of nothing for nothing is no offer"
    )


def test_LA11_items_and_quantities_in_player_words_with_the_key_to_pass() -> None:
    """LA-11: English reasons name the items in English and the key in quotes, never a
    bare French key or Python value."""
    s = play(_negoce(farm(), farm()), MakeOffer(1))
    assert _reason(s, Give("vache", 2)) == (
        'Player 1: \'vache\' is not an item of the Négoce: hectares ("ha"), cows ("vaches"),'
        ' money ("argent"), bons, a filière swap ("filiere"), nothing ("rien")'
    )
    # Fields of the wrong type are named by the core, before any rule reads them.
    assert _reason(s, Give(None, 0)) == "Give: kind must be text, not None"  # type: ignore[arg-type]
    assert _reason(s, Give("vaches", True)) == "Give: qty must be a whole number, not True"
    assert _reason(s, Give("vaches", 3)) == (
        'Player 1: the Négoce trades cows ("vaches") by 2, 4, 6, not 3'
    )
    assert _reason(s, Give("rien", 1)) == (
        'Player 1: nothing ("rien") comes with the quantity 0, not 1'
    )
    assert _reason(s, Give("filiere", 1)) == (
        'Player 1: a filière swap ("filiere") comes with the quantity 0, not 1'
    )
    t = L.step(s, Give("argent", 1000))
    assert _reason(t, Take("bons", 9)) == "Player 1: the Négoce trades bons by 1, 2, 3, not 9"


# --- LA-03, LA-04, LA-05, LA-13, LA-21: chance nodes (the explain hook, rules level) -----


def _at(phase: str, **kw: Any) -> L.State:
    return attrs.evolve(table(2), phase=phase, **kw)


def test_LA05_explain_a_die_outside_1_to_6() -> None:
    """LA-05 (and LA-03's filière dice): a die shows 1 to 6."""
    for phase in ("roll", "filiere"):
        s = _at(phase)
        assert _explain(s, DieRoll(7)) == "a die shows 1 to 6, not 7"
        assert _explain(s, DieRoll(0)) == "a die shows 1 to 6, not 0"
        assert _explain(s, DieRoll(10**30)) == f"a die shows 1 to 6, not {10**30}"
        assert _explain(s, DieRoll("6")) == "a die shows 1 to 6, not '6'"  # type: ignore[arg-type]
        assert _explain(s, DrawCard("P01")) == "the dice are rolled now, not a card drawn"
        assert _explain(s, BuyCows(True)) == "the dice or the cards decide now, not a player"


def test_LA04_LA13_explain_a_card_not_in_the_pile() -> None:
    """LA-13: the Imprévu pile; LA-04: the season deck (a card of another season, a card
    already on the square, no card at all)."""
    s = _at("draw_imprevu")
    assert _explain(s, DrawCard("zz")) == "card zz is not in the Imprévu pile"
    assert _explain(s, DrawCard("P01")) == "card P01 is not in the Imprévu pile"
    assert _explain(s, DrawCard(None)) == "card None is not in the Imprévu pile"  # type: ignore[arg-type]
    assert _explain(s, DieRoll(3)) == "a card is drawn from the Imprévu pile now, not a die rolled"
    d = _at("deal", deck=("P01", "P02"), deal_slot=0)
    assert _explain(d, DrawCard("I01")) == "card I01 is not in the season deck"
    assert _explain(d, DrawCard("E01")) == "card E01 is not in the season deck"
    assert _explain(_at("draw_slot"), DieRoll(3)) == (
        "a card is drawn from the season deck now, not a die rolled"
    )


def test_LA21_explain_a_card_land_always_leaves_out() -> None:
    """LA-21 (land_always): on 4 squares the first deal is a land-change card."""
    s = L.new_game(2, seed=0, options={"land_always": True, "squares": 4}, chance="explicit")
    while s.phase != "deal":
        s = L.step(s, bgf.sample_chance(s))
    assert "P01" in s.deck and DrawCard("P01") not in L.legal_actions(s)
    assert _explain(s, DrawCard("P01")) == (
        "card P01 is not a land-change card: with the option land_always every land-change"
        " card left is dealt to the slots left"
    )


def test_explain_never_raises_at_a_chance_node() -> None:
    """Whatever the fields hold, every kind of action gets a sentence at every chance
    phase (the core asks for it when a table types in a wrong outcome)."""
    odd = [10**30, -(10**30), -1, 0, 7, None, "zz", "", ["x"], 2.5, True]
    phases = {
        "roll": _at("roll"),
        "filiere": _at("filiere"),
        "deal": _at("deal", deal_slot=0),
        "draw_slot": _at("draw_slot", deal_slot=0),
        "draw_imprevu": _at("draw_imprevu"),
    }
    for s in phases.values():
        for cls in A.ACTION_TYPES:
            fields = attrs.fields(cls)
            for v in odd:
                a = cls(*(v for _ in fields))
                text = _explain(s, a)
                assert isinstance(text, str) and text, (s.phase, a)


# --- labels: farm names, euros, plurals ---------------------------------------------------


def test_farm_numbered_actions_describe_any_int() -> None:
    """Farms 0..25 are letters, any other int its number: no OverflowError, no '@'."""
    en = lambda a: L.describe(a, None, "en")  # noqa: E731
    fr = lambda a: L.describe(a, None, "fr")  # noqa: E731
    assert en(MakeOffer(10**30)) == f"make an offer to farm {10**30}"
    assert en(MakeOffer(-1)) == "make an offer to farm -1"
    assert en(MakeOffer(25)) == "make an offer to farm Z"
    assert fr(A.GiveLand(30)) == "donner une parcelle à l'exploitation 30"
    assert en(A.GiveLand(26)) == "give a parcel to farm 26"
    assert fr(A.KeepBons(-5)) == "garder les bons de l'exploitation -5"
    assert en(A.ChooseNeighbour(10**30)) == f"the neighbour is farm {10**30}"
    assert fr(A.ProposeAlliance(99)) == "proposer une alliance à l'exploitation 99"
    s = table(3)
    assert en(A.KeepBons(1)) == "keep farm B's bons"
    assert L.describe(A.KeepBons(40), s, "en") == "keep farm 40's bons"


def test_euros_and_bons_are_written_one_way_per_language() -> None:
    """Money as everywhere in the game's pictures and card texts (« 2 000 € », in French
    and English alike); « 1 bon », « 3 bons »."""
    en = lambda a: L.describe(a, None, "en")  # noqa: E731
    fr = lambda a: L.describe(a, None, "fr")  # noqa: E731
    assert en(A.Repay()) == "repay one loan (2 000 €)"
    assert fr(A.Repay()) == "rembourser un emprunt (2 000 €)"
    assert en(A.SellCows()) == "sell 2 cows to the bank (5 000 €)"
    assert en(A.ChangeFiliere("techno")) == "change to the Techno filière (5 000 €)"
    assert fr(A.ChangeFiliere("techno")) == "passer en filière Techno (5 000 €)"
    assert en(Give("argent", 5000)) == "I give: 5 000 €"
    assert fr(Give("bons", 1)) == "je donne : 1 bon"
    assert en(Give("bons", 1)) == "I give: 1 bon"
    assert fr(Take("bons", 3)) == "je demande : 3 bons"
    assert en(Take("bons", 2)) == "I ask for: 2 bons"
    assert fr(Take("vaches", 2)) == "je demande : 2 vaches"


def test_render_svg_checks_the_language_like_render() -> None:
    s = L.new_game(2, seed=1)
    for draw in (L.render, L.render_svg):
        with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
            draw(s, "de")
