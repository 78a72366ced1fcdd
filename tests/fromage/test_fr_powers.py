"""Power markers (FR-11..FR-17): dealing, hiding, timing windows and each marker's effect."""

from __future__ import annotations

import json

import pytest
from fr_helpers import mice_at, play, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.core.serial import encode
from boardgames_fr.fromage.actions import (
    DieFace,
    Done,
    DrawMarker,
    ForcePlayer,
    ForceSpace,
    MoveMouse,
    Pass,
    PickDie,
    PlaceMouse,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.fromage.state import (
    ANSWER,
    APPLY,
    CHOOSE,
    COMPOSE,
    DRAW,
    END,
    KINDS,
    PLACE,
    REACT,
    ROLL,
)

G, Y, R = "green", "yellow", "red"
POWERS = {"powers": True}


def test_FR11_markers_drawn_one_chance_event_each_in_seat_order() -> None:
    """FR-11: markers drawn one chance event each in seat order."""
    s = fromage.new_game(2, seed=3, options=POWERS, chance="explicit")
    assert (s.phase, s.to_move) == (DRAW, bgf.CHANCE)
    assert fromage.chance_outcomes(s) == tuple((DrawMarker(k), 1 / 6) for k in KINDS)
    s = fromage.step(s, DrawMarker("reroll"))
    # Weight = copies left: 4 Relance among the 29 markers left.
    assert dict(fromage.chance_outcomes(s))[DrawMarker("reroll")] == pytest.approx(4 / 29)
    for kind in ("reroll", "extra_turn", "cancel", "cancel", "transfer"):
        s = fromage.step(s, DrawMarker(kind))
    assert s.markers is not None
    assert s.markers.hands == (
        ("extra_turn", "reroll", "reroll"),
        ("cancel", "cancel", "transfer"),
    )
    # The 24 others leave the game: nobody may count them.
    assert s.markers.deck == ()
    assert (s.phase, s.to_move) == (PLACE, 0)


def test_FR11_markers_per_player_option_and_full_set() -> None:
    """FR-11: markers per player option and full set."""
    s = fromage.new_game(4, seed=3, options={"powers": True, "markers": 5})
    assert s.markers is not None and [len(h) for h in s.markers.hands] == [5, 5, 5, 5]
    s = fromage.new_game(3, seed=3, options={"powers": True, "full_set": True}, chance="explicit")
    assert s.phase == PLACE  # no draw at all
    assert s.markers is not None and all(sorted(h) == sorted(KINDS) for h in s.markers.hands)


def test_FR11_a_seats_observation_does_not_show_the_other_seats_markers() -> None:
    """FR-11: a seats observation does not show the other seats markers."""
    hands = (("reroll", "extra_turn", "transfer"), ("cancel", "cancel", "cancel"))
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=hands)
    obs = fromage.observe(s, 1)
    assert obs.own_markers == ("cancel", "cancel", "cancel")
    assert obs.marker_counts == (3, 3)
    text = json.dumps(encode(obs)) + repr(obs)
    for kind in ("reroll", "extra_turn", "transfer"):  # as a value: quoted
        assert f'"{kind}"' not in text and f"'{kind}'" not in text
    assert "'cancel'" in text  # what the check looks for does show the own markers
    # Another deal of seat 0's markers looks the same to seat 1, and to the public view.
    other = position(
        {"gros bidon": (1, 1)},
        options=POWERS,
        hands=(("improvement", "worsening", "worsening"), hands[1]),
    )
    assert fromage.observe(other, 1) == obs
    assert fromage.observe(other, None) == fromage.observe(s, None)
    assert fromage.observe(other, 0) != fromage.observe(s, 0)
    assert "reroll" not in fromage.render(s, "fr")


def test_FR11_the_window_asks_every_holder_from_the_roller_clockwise() -> None:
    """FR-11: the window asks every holder from the roller clockwise."""
    hands = (("extra_turn",), (), ("cancel",), ("reroll",))
    s = position(
        {"seau": (0, 1, 0, 0), "gros bidon": (1, 1, 1, 1)}, n=4, turn=1, options=POWERS, hands=hands
    )
    s = roll(s, "seau", [G])
    # Seat 1 (the roller) holds nothing; the holders are asked clockwise from it.
    assert s.phase == REACT and s.window is not None and s.window.queue == (2, 3, 0)
    # Seat 0 holds only Tour supplémentaire, which is no use here: it may only pass.
    s = play(s, Pass(), Pass())
    assert s.to_move == 0 and fromage.legal_actions(s) == (Pass(),)
    s = fromage.step(s, Pass())
    assert (s.phase, s.to_move) == (APPLY, 1)


def test_FR12_relance_the_roller_rerolls_chosen_dice() -> None:
    """FR-12: relance the roller rerolls chosen dice."""
    s = position({"gros bidon": (2, 0), "seau": (0, 1)}, options=POWERS, hands=(("reroll",), ()))
    s = roll(s, "gros bidon", [R, Y])
    assert (s.phase, s.to_move) == (REACT, 0)
    assert fromage.legal_actions(s) == (PlayMarker("reroll"), Pass())
    s = fromage.step(s, PlayMarker("reroll"))
    assert (s.phase, s.to_move) == (COMPOSE, 0)
    assert fromage.legal_actions(s) == (PickDie(0), PickDie(1))
    s = fromage.step(s, PickDie(1))
    assert fromage.legal_actions(s) == (PickDie(0), Done())
    s = fromage.step(s, Done())
    assert s.phase == ROLL and s.dice == (R, "unrolled")
    s = fromage.step(s, DieFace(G))
    assert s.phase == APPLY and s.dice == (R, G)
    # The Relance is played face up, by seat 0 (after the markers played before).
    assert s.markers is not None and s.markers.hands == ((), ())
    assert (s.markers.discards[-1], s.markers.played_by[-1]) == ("reroll", 0)


def test_FR12_relance_an_opponent_rerolls_the_dice_designated() -> None:
    """FR-12: relance an opponent rerolls the dice designated."""
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=((), ("reroll",)))
    s = roll(s, "gros bidon", [G, G])
    assert s.to_move == 1  # the roller holds no marker: not asked
    s = play(s, PlayMarker("reroll"), PickDie(0), PickDie(1), Done(), DieFace(R), DieFace(Y))
    assert s.dice == (R, Y) and (s.phase, s.to_move) == (APPLY, 0)


def test_FR13_tour_supplementaire_the_player_plays_again_at_once() -> None:
    """FR-13: tour supplementaire the player plays again at once."""
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=(("extra_turn",), ()))
    s = roll(s, "gros bidon", [Y, Y])
    assert (s.phase, fromage.legal_actions(s)) == (REACT, (Pass(),))
    s = fromage.step(s, Pass())
    assert (s.phase, s.to_move) == (END, 0)
    assert fromage.legal_actions(s) == (PlayMarker("extra_turn"), Pass())
    s = fromage.step(s, PlayMarker("extra_turn"))
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 0, 0)
    # After the extra turn, play goes on clockwise.
    s = roll(s, "gros bidon", [Y, Y])
    assert (s.phase, s.to_move) == (CHOOSE, 1)


def test_FR13_tour_supplementaire_forces_the_player_on_a_designated_space() -> None:
    """FR-13: tour supplementaire forces the player on a designated space."""
    s = position(
        {"gros bidon": (1, 1), "seau": (1, 0)}, options=POWERS, hands=((), ("extra_turn",))
    )
    s = roll(s, "gros bidon", [Y, Y])
    assert (s.phase, s.to_move) == (REACT, 1)  # seat 1 holds a marker: asked after the roll
    s = fromage.step(s, Pass())
    assert (s.phase, s.to_move) == (END, 1)
    s = fromage.step(s, PlayMarker("extra_turn"))
    assert (s.phase, s.to_move) == (COMPOSE, 1)
    assert fromage.legal_actions(s) == (ForceSpace("gros bidon"), ForceSpace("seau"))
    s = fromage.step(s, ForceSpace("seau"))
    # Seat 0 plays again at once, on the seau: one mouse, one die.
    assert (s.phase, s.to_move, s.turn) == (ROLL, bgf.CHANCE, 0)
    assert s.space == 3 and s.dice == ("unrolled",)
    s = fromage.step(s, DieFace(G))
    assert (s.phase, s.to_move) == (APPLY, 0)


def test_FR14_transfert_moves_the_results_to_a_space_with_as_many_mice() -> None:
    """FR-14: transfert moves the results to a space with as many mice."""
    mice = {"gros bidon": (1, 1), "seau": (1, 1), "chaise": (0, 1), "tabouret": (2, 1)}
    s = position(mice, options=POWERS, hands=(("transfer",), ()))
    s = roll(s, "gros bidon", [G, G])
    s = fromage.step(s, PlayMarker("transfer"))
    # The chaise holds 1 mouse, fewer than the 2 of the gros bidon.
    assert fromage.legal_actions(s) == (TransferTo("seau"), TransferTo("tabouret"))
    s = fromage.step(s, TransferTo("tabouret"))
    assert s.phase == APPLY and s.space == 8
    assert fromage.legal_actions(s)[0] == MoveMouse(G, 0, "marchepied")
    s = play(s, MoveMouse(G, 0, "marchepied"), MoveMouse(G, 1, "marchepied"))
    assert mice_at(s, "marchepied") == (1, 1) and mice_at(s, "tabouret") == (1, 0)
    assert mice_at(s, "gros bidon") == (1, 1)


def test_FR15_amelioration_red_to_yellow_yellow_to_green() -> None:
    """FR-15: amelioration red to yellow yellow to green."""
    s = position({"gros bidon": (2, 1)}, options=POWERS, hands=(("improvement",), ()))
    s = roll(s, "gros bidon", [R, Y, G])
    s = fromage.step(s, PlayMarker("improvement"))
    assert fromage.legal_actions(s) == (PickDie(0), PickDie(1))  # a green stays green
    s = play(s, PickDie(0), PickDie(1), Done())
    assert s.dice == (Y, G, G) and s.todo == (G, G)


def test_FR16_deterioration_green_to_yellow_yellow_to_red() -> None:
    """FR-16: deterioration green to yellow yellow to red."""
    s = position({"gros bidon": (2, 1)}, options=POWERS, hands=((), ("worsening",)))
    s = roll(s, "gros bidon", [G, Y, R])
    assert s.to_move == 1
    s = fromage.step(s, PlayMarker("worsening"))
    assert fromage.legal_actions(s) == (PickDie(0), PickDie(1))  # a red stays red
    s = play(s, PickDie(1), PickDie(0), Done())
    assert s.dice == (Y, R, R) and s.todo == (R, R)


def test_FR17_annulation_cancels_some_dice_of_a_roll() -> None:
    """FR-17: annulation cancels some dice of a roll."""
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=((), ("cancel",)))
    s = roll(s, "gros bidon", [G, R])
    s = play(s, PlayMarker("cancel"), PickDie(0), Done())
    assert s.dice == (R,) and (s.phase, s.to_move) == (APPLY, 0)


def test_FR17_annulation_cancels_a_whole_roll() -> None:
    """FR-17: annulation cancels a whole roll."""
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=((), ("cancel",)))
    start = s
    s = roll(s, "gros bidon", [G, R])
    s = play(s, PlayMarker("cancel"), PickDie(1), PickDie(0), Done())
    assert (s.phase, s.to_move) == (CHOOSE, 1) and s.mice == start.mice


def test_FR17_annulation_answers_a_power_marker() -> None:
    """FR-17: annulation answers a power marker."""
    s = position(
        {"gros bidon": (1, 0), "seau": (0, 1)},
        options=POWERS,
        hands=(("improvement",), ("cancel",)),
    )
    s = roll(s, "gros bidon", [R])
    s = play(s, PlayMarker("improvement"), PickDie(0), Done())
    assert (s.phase, s.to_move) == (ANSWER, 1)
    assert fromage.legal_actions(s) == (PlayMarker("cancel"), Pass())
    s = fromage.step(s, PlayMarker("cancel"))
    # The Amélioration is cancelled: the red stays red.
    assert s.phase == APPLY and s.dice == (R,)
    assert s.markers is not None
    assert s.markers.discards[-2:] == ("improvement", "cancel")
    assert s.markers.played_by[-2:] == (0, 1)


def test_FR17_an_annulation_can_itself_be_annulled() -> None:
    """FR-17: an annulation can itself be annulled."""
    hands = (("improvement", "cancel"), ("cancel",))
    s = position({"gros bidon": (2, 0), "seau": (0, 1)}, options=POWERS, hands=hands)
    s = roll(s, "gros bidon", [R, R])
    s = play(s, PlayMarker("improvement"), PickDie(0), Done(), PlayMarker("cancel"))
    assert (s.phase, s.to_move) == (ANSWER, 0)  # seat 0 may answer seat 1's Annulation
    s = fromage.step(s, PlayMarker("cancel"))
    # Seat 1 holds nothing now, so nobody answers: the Amélioration stands.
    assert s.phase == APPLY and s.dice == (Y, R)


def test_FR17_the_status_line_names_the_marker_being_answered_now() -> None:
    """FR-17, issue #24: while a player answers an Annulation, the status line names that
    Annulation, which they may cancel, not the marker it answers."""
    hands = (("improvement", "cancel"), ("cancel",))
    s = position({"gros bidon": (2, 0), "seau": (0, 1)}, options=POWERS, hands=hands)
    s = roll(s, "gros bidon", [R, R])
    s = play(s, PlayMarker("improvement"), PickDie(0), Done())
    assert (s.phase, s.to_move) == (ANSWER, 1)
    status = "Le joueur blanc peut annuler le marqueur joué (Amélioration)"
    assert fromage.render(s).splitlines()[1] == status
    s = fromage.step(s, PlayMarker("cancel"))
    assert (s.phase, s.to_move) == (ANSWER, 0)
    assert fromage.render(s).splitlines()[1] == (
        "Le joueur bleu peut annuler le marqueur joué (Annulation)"
    )
    assert fromage.render(s, "en").splitlines()[1] == (
        "The blue player may cancel the marker played (Cancel)"
    )


def test_FR17_answer_window_goes_clockwise_from_the_markers_player() -> None:
    """FR-17: answer window goes clockwise from the markers player."""
    hands = (("cancel",), ("improvement",), ("cancel",))
    s = position({"gros bidon": (1, 1, 1)}, n=3, options=POWERS, hands=hands)
    s = roll(s, "gros bidon", [R, R, R])
    s = play(s, Pass(), PlayMarker("improvement"), PickDie(2), Done())
    assert s.phase == ANSWER and s.window is not None and s.window.queue == (2, 0)


def test_FR11_a_marker_played_is_gone_and_windows_end() -> None:
    """FR-11: a marker played is gone and windows end."""
    hands = (tuple(KINDS), tuple(KINDS))
    s = fromage.new_game(2, seed=9, options={"powers": True, "full_set": True})
    assert s.markers is not None and s.markers.hands == (tuple(sorted(KINDS)),) * 2
    assert hands  # every random game with full sets ends
    steps = 0
    while not fromage.is_terminal(s):
        legal = fromage.legal_actions(s)
        s = fromage.step(s, legal[steps % len(legal)])
        steps += 1
    assert fromage.winners(s)


def test_FR11_place_with_powers_after_the_draw() -> None:
    """FR-11: place with powers after the draw."""
    s = fromage.new_game(2, seed=3, options=POWERS)
    assert s.phase == PLACE and fromage.legal_actions(s)[0] == PlaceMouse("caisse gauche")


def test_FR17_annulation_answers_a_tour_supplementaire() -> None:
    """FR-17 against FR-13: an annulled Tour supplémentaire gives no extra turn."""
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=(("extra_turn",), ("cancel",)))
    s = roll(s, "gros bidon", [Y, Y])
    s = play(s, Pass(), Pass())  # the react window: seat 0 then seat 1
    assert (s.phase, s.to_move) == (END, 0)
    s = fromage.step(s, PlayMarker("extra_turn"))
    assert (s.phase, s.to_move) == (ANSWER, 1)
    s = fromage.step(s, PlayMarker("cancel"))
    # Nobody holds a marker any more: the turn passes to seat 1 as usual.
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 1, 1)


def test_FR11_render_shows_a_seat_its_own_marker_kinds_only() -> None:
    """FR-11: the picture for a seat names its own markers' kinds, never the others'."""
    hands = (("reroll", "extra_turn"), ("cancel", "transfer", "transfer"))
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=hands)
    mine = fromage.render(s, "fr", seat=0).splitlines()
    # Seat 0 was dealt 3 and played one before (`fr_helpers.position`): that one is public.
    assert mine[-2:] == [
        "Marqueurs en main : bleu 2, blanc 3 ; joués : Relance (bleu)",
        "Vos marqueurs (joueur bleu) : Tour supplémentaire, Relance",
    ]
    assert not any("Annulation" in line or "Transfert" in line for line in mine)
    theirs = fromage.render(s, "en", seat=1).splitlines()
    assert theirs[-1] == "Your markers (white player): Cancel, Transfer, Transfer"
    # Seat 0's Relance played before is public (« played: Reroll (blue) »), not the rest.
    held = [line.split(";")[0] for line in theirs]
    assert not any("Reroll" in line or "Extra turn" in line for line in held)
    assert theirs[-2] == "Markers held: blue 2, white 3; played: Reroll (blue)"
    public = fromage.render(s, "fr")
    assert public.splitlines()[-1] == "Marqueurs en main : bleu 2, blanc 3 ; joués : Relance (bleu)"
    assert public == fromage.render(s, "fr", None)
    # The core's render forwards the seat.
    assert bgf.get_game("fromage").render(s, "fr", 0) == "\n".join(mine)


def test_FR14_a_second_transfert_compares_with_the_space_initially_chosen() -> None:
    """FR-14: « au moins autant de souris que l'emplacement initialement choisi »: after a
    first Transfert, a second one needs a space as full as the one the roller chose (2
    mice), not as the first Transfert's (3): back to it included, never the table."""
    mice = {"gros bidon": (1, 1), "seau": (1, 1), "tabouret": (2, 1), "marche gauche": (2, 2)}
    s = position(mice, options=POWERS, hands=(("transfer",), ("transfer",)))
    s = roll(s, "gros bidon", [G, R])
    s = fromage.step(s, PlayMarker("transfer"))
    assert fromage.legal_actions(s) == (
        TransferTo("seau"),
        TransferTo("marche gauche"),
        TransferTo("tabouret"),
    )
    s = play(s, TransferTo("tabouret"))
    assert (s.phase, s.to_move) == (ANSWER, 1)  # holds no Annulation: may only pass
    s = play(s, Pass())
    assert (s.phase, s.space, s.transferred_from) == (REACT, 8, 1)
    s = play(s, PlayMarker("transfer"))
    assert fromage.legal_actions(s) == (
        TransferTo("gros bidon"),
        TransferTo("seau"),
        TransferTo("marche gauche"),
    )
    s = play(s, TransferTo("seau"))
    assert (s.phase, s.space, s.transferred_from, s.dice) == (APPLY, 3, -1, (G, R))
    assert fromage.legal_actions(s)[0] == MoveMouse(G, 0, "chaise")  # the seau's mice move


def test_FR14_the_audits_second_transfert_reaches_a_space_fuller_than_the_chosen_one() -> None:
    """FR-14: roll on the caisse gauche (2 mice), blue transfers it to the gros bidon (6);
    white may still transfer it to the caisse droite (4 mice, at least the chosen 2)."""
    mice = {"caisse gauche": (1, 1), "gros bidon": (3, 3), "caisse droite": (2, 2)}
    s = position(mice, options={"powers": True, "full_set": True})
    s = roll(s, "caisse gauche", [G, G])
    s = play(s, PlayMarker("transfer"), TransferTo("gros bidon"), Pass(), Pass())
    assert (s.phase, s.to_move, s.space, s.transferred_from) == (REACT, 1, 1, 0)
    assert fromage.legal_actions(s) == (
        PlayMarker("reroll"),
        PlayMarker("transfer"),
        PlayMarker("worsening"),
        PlayMarker("cancel"),
        Pass(),
    )
    s = play(s, PlayMarker("transfer"))
    assert fromage.legal_actions(s) == (TransferTo("caisse gauche"), TransferTo("caisse droite"))
    s = play(s, TransferTo("caisse droite"), Pass())
    assert (s.phase, s.space, s.transferred_from) == (REACT, 2, 0)
    # FR-14 over: once the results are applied nothing is measured by the chosen space.
    s = play(s, Pass(), Pass())
    assert (s.phase, s.space, s.transferred_from, s.todo) == (APPLY, 2, -1, (G, G))


def test_FR14_back_on_the_chosen_space_a_roll_forgets_its_transfert() -> None:
    """FR-14: a second Transfert back to the space chosen leaves no trace (one state a
    situation); a Relance after a Transfert keeps the space chosen for the next one."""
    mice = {"gros bidon": (1, 1), "seau": (1, 1), "tabouret": (2, 1)}
    s = position(mice, options={"powers": True, "full_set": True})
    s = roll(s, "gros bidon", [G, R])
    s = play(s, PlayMarker("transfer"), TransferTo("tabouret"), Pass())
    s = play(s, PlayMarker("reroll"), PickDie(1), Done(), Pass())
    assert (s.phase, s.space, s.dice, s.transferred_from) == (ROLL, 8, (G, "unrolled"), 1)
    s = fromage.step(s, DieFace(Y))
    assert (s.phase, s.to_move, s.transferred_from) == (REACT, 0, 1)
    s = play(s, Pass(), PlayMarker("transfer"))
    assert fromage.legal_actions(s) == (TransferTo("gros bidon"), TransferTo("seau"))
    s = play(s, TransferTo("gros bidon"), Pass())
    assert (s.phase, s.space, s.transferred_from) == (REACT, 1, -1)


def test_FR14_the_space_chosen_is_public_and_shown_after_a_transfert() -> None:
    """FR-14: the space the roll was first made on is on the table: every seat sees it,
    and the text picture names it with the words of the menus."""
    mice = {"gros bidon": (1, 1), "tabouret": (2, 1)}
    s = position(mice, options=POWERS, hands=(("transfer",), ("transfer",)))
    s = play(roll(s, "gros bidon", [G, R]), PlayMarker("transfer"), TransferTo("tabouret"))
    s = play(s, Pass())
    assert [fromage.observe(s, seat).transferred_from for seat in (0, 1, None)] == [1, 1, 1]
    dice_fr = [line for line in fromage.render(s, "fr").splitlines() if line.startswith("Dés")]
    assert dice_fr == ["Dés sur le tabouret (jet transféré depuis le gros bidon) : vert rouge"]
    dice_en = [line for line in fromage.render(s, "en").splitlines() if line.startswith("Dice")]
    assert dice_en == ["Dice on the stool (roll moved from the big milk can): green red"]


def test_FR14_a_refused_transfert_says_why_in_the_chosen_spaces_terms() -> None:
    mice = {"gros bidon": (1, 1), "seau": (1, 1), "tabouret": (2, 1)}
    s = position(mice, options={"powers": True, "full_set": True})
    s = roll(s, "gros bidon", [G, R])
    s = play(s, PlayMarker("transfer"), TransferTo("tabouret"), Pass(), Pass())
    s = play(s, PlayMarker("transfer"))
    reasons = {}
    reasons_fr = {}
    for space in ("chaise", "tabouret", "table"):
        with pytest.raises(bgf.IllegalActionError) as err:
            fromage.step(s, TransferTo(space))
        reasons[space] = str(err.value)
        reasons_fr[space] = err.value.reason("fr")
    assert reasons == {
        "chaise": "the roll cannot go to the chair: it holds fewer mice than the big milk can (2),"
        " the space chosen for this roll",
        "tabouret": "the roll already acts on the stool: a Transfer sends it elsewhere",
        "table": "the roll cannot go to the table: no roll is made there",
    }
    assert reasons_fr == {
        "chaise": "le jet ne peut pas être transféré sur la chaise : il y a moins de souris que"
        " sur le gros bidon (2 souris), l'emplacement choisi pour ce jet",
        "tabouret": "le jet porte déjà sur le tabouret : le marqueur « Transfert » l'envoie vers"
        " un autre emplacement",
        "table": "le jet ne peut pas être transféré sur la table : on n'y lance jamais les dés",
    }


def _refused(s: fromage.State, action: object) -> tuple[str, str]:
    """The English and French reasons ``action`` is refused."""
    with pytest.raises(bgf.IllegalActionError) as err:
        fromage.step(s, action)  # type: ignore[arg-type]
    return str(err.value), err.value.reason("fr")


def test_FR13_a_refused_step_of_a_tour_supplementaire_says_why() -> None:
    s = position(
        {"gros bidon": (1, 1), "seau": (1, 0)}, options=POWERS, hands=((), ("extra_turn",))
    )
    s = play(roll(s, "gros bidon", [Y, Y]), Pass(), PlayMarker("extra_turn"))
    assert s.phase == COMPOSE
    assert _refused(s, ForceSpace("chaise")) == (
        "the chair holds no mouse of the player who must play again",
        "aucune souris du joueur qui doit rejouer n'est sur la chaise",
    )
    assert _refused(s, ForcePlayer(1)) == (
        "the white player cannot be made to play a turn now",
        "on ne peut pas obliger le joueur blanc à jouer un tour maintenant",
    )
    assert _refused(s, ForcePlayer(5)) == (
        "seat must be a seat from 0 to 1",
        "seat doit être un numéro de joueur de 0 à 1",
    )
    # This said "pick at least one die first": a Tour supplémentaire takes no dice.
    assert _refused(s, Done()) == (
        "the Extra turn marker being composed acts on no die",
        "le marqueur « Tour supplémentaire » en cours ne porte sur aucun dé",
    )
    assert _refused(s, TransferTo("seau")) == (
        "the marker being composed is not a Transfer",
        "le marqueur en cours n'est pas un marqueur « Transfert »",
    )


def test_a_refused_step_of_another_marker_than_tour_names_the_marker() -> None:
    # These said "'seau' holds no mouse of the player who must play again" (no marker made
    # anyone play again) and "pick at least one die first" (a Transfert takes no dice).
    s = position({"gros bidon": (1, 1)}, options=POWERS, hands=(("improvement",), ()))
    s = play(roll(s, "gros bidon", [G, R]), PlayMarker("improvement"))
    assert _refused(s, ForceSpace("seau")) == (
        "the marker being composed is not an Extra turn",
        "le marqueur en cours n'est pas un marqueur « Tour supplémentaire »",
    )
    mice = {"gros bidon": (1, 1), "seau": (1, 1)}
    s = position(mice, options=POWERS, hands=(("transfer",), ()))
    s = play(roll(s, "gros bidon", [G, R]), PlayMarker("transfer"))
    assert _refused(s, Done()) == (
        "the Transfer marker being composed acts on no die",
        "le marqueur « Transfert » en cours ne porte sur aucun dé",
    )
    assert _refused(s, PickDie(0)) == (
        "die #1 cannot be picked for this marker",
        "le dé n°1 ne peut pas être choisi pour ce marqueur",
    )


def test_FR13_a_space_forced_before_the_player_asks_for_the_player_first() -> None:
    """With ``tour_target="any"`` a Tour supplémentaire names whom it forces first: a
    space typed before was refused as holding "no mouse of the player who must play again"
    (session 8 review), though the player to move had mice there."""
    from boardgames_fr.fromage import actions as A
    from boardgames_fr.fromage.data import BOARDS
    from boardgames_fr.fromage.state import COMPOSE, EXTRA_TURN

    options = {"powers": True, "full_set": True, "tour_target": "any"}
    s = fromage.new_game(3, seed=0, options=options)
    agents = [bgf.agents.make_agent("fromage", "random", seed=i) for i in range(3)]
    while not (s.phase == COMPOSE and s.effects[0].kind == EXTRA_TURN and s.effects[0].target < 0):
        seat = fromage.current_player(s)
        s = fromage.step(s, agents[seat].act(fromage.observe(s, seat), fromage.legal_actions(s)))
    board, n = BOARDS[s.options.board], s.num_players
    space = next(board.names[i] for i in range(board.size) if s.mice[i * n + s.turn])
    assert fromage.legal_actions(s) == tuple(A.ForcePlayer(k) for k in range(3))
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, A.ForceSpace(space))
    assert (info.value.reason("fr"), str(info.value)) == (
        "choisissez d'abord le joueur qui doit rejouer",
        "choose the player who must play again first",
    )
