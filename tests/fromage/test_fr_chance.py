"""Refusals at Fromage's chance nodes (explicit chance mode: a table typing in its dice and
markers), in a player's words, never telling a hidden marker."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from fr_helpers import play, position

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage import actions as A
from boardgames_fr.fromage.explain import explain
from boardgames_fr.fromage.state import DRAW, ROLL

G, Y, R = "vert", "jaune", "rouge"  # the die faces
POWERS = {"powers": True}
DICE = '; possible: "die: green", "die: yellow", "die: red"'
KINDS = (
    "one of 'relance' (Reroll), 'tour' (Extra turn), 'transfert' (Transfer),"
    " 'amelioration' (Improvement), 'deterioration' (Worsening), 'annulation' (Cancel)"
)


def _refusal(s: fromage.State, action: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, action)
    return str(info.value)


def test_FR05_a_move_during_a_roll_names_the_die_being_rolled() -> None:
    assert fromage.GAME.explain_chance
    s = play(position({"caisse gauche": (2, 1)}), A.ChooseSpace("caisse gauche"), A.DieFace(G))
    assert (s.phase, s.dice) == (ROLL, (G, "?", "?"))
    now = "die #2 of 3 is being rolled on space 'caisse gauche'"
    for a in (
        A.PlaceMouse("seau"),
        A.ChooseSpace("seau"),
        A.MoveMouse(G, 0, "seau"),
        A.Pass(),
        A.Done(),
    ):
        assert _refusal(s, a) == f"not now: {now}" + DICE
    assert _refusal(s, A.DrawMarker("tour")) == f"no marker is drawn now: {now}" + DICE
    # The right kind of outcome, but no face of a die: the dice are public, so listed.
    assert _refusal(s, A.DieFace("violet")) == (
        "a die shows one of 'vert' (green), 'jaune' (yellow), 'rouge' (red), not 'violet'" + DICE
    )


def test_FR12_a_move_during_a_reroll_names_the_die_rerolled() -> None:
    s = position({"gros bidon": (3, 0), "seau": (0, 1)}, options=POWERS, hands=(("relance",), ()))
    s = play(s, A.ChooseSpace("gros bidon"), A.DieFace(R), A.DieFace(Y), A.DieFace(G))
    s = play(s, A.PlayMarker("relance"), A.PickDie(1), A.Done())
    assert (s.phase, s.dice) == (ROLL, (R, "?", G))
    assert _refusal(s, A.PlayMarker("relance")) == (
        "not now: die #2 of 3 is being rolled on space 'gros bidon'" + DICE
    )


def test_FR11_a_move_during_the_marker_draw_names_who_draws() -> None:
    # The markers left are never listed: their kinds would tell what the hands hold.
    s = fromage.new_game(3, seed=1, options=POWERS, chance="explicit")
    assert s.phase == DRAW
    now = "the power markers are being dealt, the blue player draws"
    assert _refusal(s, A.PlaceMouse("seau")) == f"not now: {now}"
    assert _refusal(s, A.PlayMarker("tour")) == f"not now: {now}"
    assert _refusal(s, A.DieFace(G)) == f"no die is rolled now: {now}"
    s = play(s, A.DrawMarker("tour"), A.DrawMarker("tour"), A.DrawMarker("relance"))
    assert _refusal(s, A.Pass()) == (
        "not now: the power markers are being dealt, the white player draws"
    )
    assert _refusal(s, A.DrawMarker("chance")) == f"kind must be a power marker: {KINDS}"


def test_FR11_a_kind_run_out_is_only_said_not_to_be_drawable() -> None:
    s = fromage.new_game(2, seed=1, options=POWERS, chance="explicit")
    assert s.markers is not None
    out = attrs.evolve(s, markers=attrs.evolve(s.markers, deck=(0, 5, 5, 5, 5, 5)))
    assert _refusal(out, A.DrawMarker("relance")) == "a Reroll marker cannot be drawn now"
    assert explain(out, A.DrawMarker("tour")) == ""  # it can be drawn: nothing to explain
    s = play(position({"caisse gauche": (2, 1)}), A.ChooseSpace("caisse gauche"))
    assert explain(s, A.DieFace(Y)) == ""


def test_refusals_at_decision_nodes_are_unchanged() -> None:
    s = position({"caisse gauche": (2, 1)})
    assert _refusal(s, A.DieFace(G)) == (
        "dice and markers are drawn by chance, not chosen by a player"
    )
    assert _refusal(s, A.DrawMarker("tour")) == (
        "dice and markers are drawn by chance, not chosen by a player"
    )
    assert _refusal(s, A.Pass()) == "not now: the blue player chooses a space"
