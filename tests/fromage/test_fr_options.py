"""The options for rules the seed leaves open (docs/rules/fromage.md, Choices): setup
order (FR-03), whom Tour supplémentaire may force (FR-13), how far Amélioration and
Détérioration change a die (FR-15, FR-16). Each is tested both ways from exact positions."""

from __future__ import annotations

import pytest
from fr_helpers import mice_at, play, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    DieFace,
    Done,
    ForcePlayer,
    ForceSpace,
    MoveMouse,
    Pass,
    PickDie,
    PlaceMouse,
    PlayMarker,
)
from boardgames_fr.fromage.state import ANSWER, APPLY, CHOOSE, COMPOSE, END, PLACE, ROLL

G, Y, R = "green", "yellow", "red"
BOTTOM = ("caisse gauche", "gros bidon", "caisse droite")


def _placing_order(options: dict[str, object], n: int) -> tuple[list[int], fromage.State]:
    """Who places, in order, when each places on the bottom spaces in turn."""
    s = fromage.new_game(n, seed=4, options=options)
    order = []
    while s.phase == PLACE:
        order.append(s.to_move)
        s = fromage.step(s, PlaceMouse(BOTTOM[len(order) % 3]))
    return order, s


def test_FR03_placement_round_robin_is_the_default() -> None:
    """FR-03: by default a mouse at a time, seat after seat."""
    order, s = _placing_order({}, 3)
    assert order == [0, 1, 2] * 6
    assert fromage.Options().placement == "round_robin"
    assert (s.phase, s.to_move) == (CHOOSE, 0)


def test_FR03_placement_by_player_places_all_of_a_players_mice_in_a_row() -> None:
    """FR-03 option: each player places all their mice, then the next player."""
    order, s = _placing_order({"placement": "by_player", "mice": 5}, 3)
    assert order == [0] * 5 + [1] * 5 + [2] * 5
    # Seat 0 placed on gros bidon, caisse droite, caisse gauche, gros bidon, caisse droite.
    assert mice_at(s, "caisse gauche") == (1, 2, 2)
    assert mice_at(s, "gros bidon") == (2, 2, 1)
    assert mice_at(s, "caisse droite") == (2, 1, 2)
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 0, 0)  # FR-01: seat 0 starts


def test_FR03_placement_one_space_puts_all_of_a_players_mice_on_one_space() -> None:
    """FR-03 option, the seed's literal words: all of a player's mice on one bottom space."""
    s = fromage.new_game(2, seed=4, options={"placement": "one_space"})
    assert fromage.legal_actions(s) == tuple(PlaceMouse(b) for b in BOTTOM)
    assert fromage.describe(PlaceMouse("gros bidon"), s) == "poser ses 6 souris sur le gros bidon"
    assert fromage.describe(PlaceMouse("seau"), s, "en") == "place all 6 mice on the bucket"
    s = fromage.step(s, PlaceMouse("gros bidon"))
    assert (s.phase, s.to_move, s.to_place) == (PLACE, 1, (0, 6))
    s = fromage.step(s, PlaceMouse("caisse droite"))
    assert mice_at(s, "gros bidon") == (6, 0) and mice_at(s, "caisse droite") == (0, 6)
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 0, 0)


def _after_a_yellow_roll(options: dict[str, object], hands: tuple[tuple[str, ...], ...]) -> object:
    """Three players; seat 0 rolls two yellows on the gros bidon; the END window opens."""
    mice = {"gros bidon": (1, 1, 0), "seau": (0, 1, 1), "panier": (1, 0, 1)}
    s = position(mice, n=3, options={"powers": True, **options}, hands=hands)
    s = roll(s, "gros bidon", [Y, Y])
    while s.phase != END:
        s = fromage.step(s, Pass())
    return s


def test_FR13_tour_target_previous_only_forces_the_player_who_just_played() -> None:
    """FR-13 default: seat 2's Tour supplémentaire can only force seat 0, who just played."""
    s = _after_a_yellow_roll({}, ((), (), ("extra_turn",)))
    assert (s.phase, s.to_move) == (END, 2)
    s = fromage.step(s, PlayMarker("extra_turn"))
    assert (s.phase, s.to_move) == (COMPOSE, 2)
    # No choice of player: straight to seat 0's spaces.
    assert fromage.legal_actions(s) == (ForceSpace("gros bidon"), ForceSpace("panier"))
    s = fromage.step(s, ForceSpace("panier"))
    assert (s.phase, s.turn, s.space, s.dice, s.resume) == (
        ROLL,
        0,
        6,
        ("unrolled", "unrolled"),
        -1,
    )
    s = play(s, DieFace(Y), DieFace(Y))
    # Seat 0's forced turn is over: play goes on after seat 0.
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 1, 1)


def test_FR13_tour_target_any_forces_another_opponent_then_play_resumes() -> None:
    """FR-13 option "any": seat 2 forces seat 1; afterwards play goes on after seat 0."""
    s = _after_a_yellow_roll({"tour_target": "any"}, ((), (), ("extra_turn",)))
    s = fromage.step(s, PlayMarker("extra_turn"))
    # Any opponent of seat 2 with mice: seat 0 (who just played) or seat 1.
    assert fromage.legal_actions(s) == (ForcePlayer(0), ForcePlayer(1))
    assert (
        fromage.describe(ForcePlayer(1), s)
        == "obliger le joueur blanc à jouer un tour tout de suite"
    )
    s = fromage.step(s, ForcePlayer(1))
    assert (s.phase, s.effects[0].target) == (COMPOSE, 1)
    assert fromage.legal_actions(s) == (ForceSpace("gros bidon"), ForceSpace("seau"))
    # Seat 1 has not just played: it plays a turn now, not « again ».
    assert fromage.describe(ForceSpace("seau"), s, "en") == (
        "make the white player play a turn at once on the bucket"
    )
    assert fromage.describe(ForceSpace("seau"), s) == (
        "obliger le joueur blanc à jouer un tour tout de suite sur le seau"
    )
    s = fromage.step(s, ForceSpace("seau"))
    # Seat 1 rolls on the seau (2 mice: 2 dice); play will go on after seat 0.
    assert (s.phase, s.turn, s.space, s.dice, s.resume) == (ROLL, 1, 3, ("unrolled", "unrolled"), 0)
    s = play(s, DieFace(G), DieFace(Y))
    assert (s.phase, s.to_move) == (APPLY, 1)
    s = fromage.step(s, MoveMouse(G, 2, "chaise"))
    assert mice_at(s, "chaise") == (0, 0, 1)
    # Nobody holds a marker any more: the next turn is seat 1's own, after seat 0's.
    assert (s.phase, s.to_move, s.turn, s.resume) == (CHOOSE, 1, 1, -1)
    s = roll(s, "gros bidon", [Y, Y])
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 2, 2)


def test_FR13_tour_target_any_the_roller_chooses_own_turn_or_an_opponent() -> None:
    """FR-13 option "any": the player who just played may take a second turn or force
    any opponent; naming themselves is their own second turn."""
    s = _after_a_yellow_roll({"tour_target": "any"}, (("extra_turn",), (), ()))
    assert (s.phase, s.to_move) == (END, 0)
    s = fromage.step(s, PlayMarker("extra_turn"))
    assert fromage.legal_actions(s) == (ForcePlayer(0), ForcePlayer(1), ForcePlayer(2))
    assert fromage.describe(ForcePlayer(0), s, "en") == "play a second turn yourself"
    own = fromage.step(s, ForcePlayer(0))
    assert (own.phase, own.to_move, own.turn, own.resume) == (CHOOSE, 0, 0, -1)
    forced = play(s, ForcePlayer(2), ForceSpace("panier"))
    assert (forced.phase, forced.turn, forced.space, forced.resume) == (ROLL, 2, 6, 0)


def test_FR13_tour_target_any_the_player_who_just_played_plays_again() -> None:
    """FR-13 option "any": forcing the player who just played is « rejouer », "play
    again"; the END window's status names the marker as the other windows do."""
    s = _after_a_yellow_roll({"tour_target": "any"}, ((), (), ("extra_turn",)))
    assert fromage.render(s).splitlines()[1] == (
        "Le joueur gris peut jouer le marqueur « Tour supplémentaire »"
    )
    assert fromage.render(s, "en").splitlines()[1] == (
        "The grey player may play the Extra turn marker"
    )
    s = play(s, PlayMarker("extra_turn"), ForcePlayer(0))
    assert fromage.legal_actions(s) == (ForceSpace("gros bidon"), ForceSpace("panier"))
    assert (
        fromage.describe(ForceSpace("panier"), s)
        == "obliger le joueur bleu à rejouer sur le panier"
    )
    assert fromage.describe(ForceSpace("panier"), s, "en") == (
        "make the blue player play again on the basket"
    )


def test_FR13_tour_target_any_is_answered_by_annulation_like_any_marker() -> None:
    """FR-17 against the FR-13 option: an annulled forced turn is not played."""
    s = _after_a_yellow_roll({"tour_target": "any"}, (("cancel",), (), ("extra_turn",)))
    assert (s.phase, s.to_move) == (END, 0)  # the holders from the roller clockwise
    s = play(s, Pass(), PlayMarker("extra_turn"), ForcePlayer(1), ForceSpace("seau"))
    assert (s.phase, s.to_move) == (ANSWER, 0)
    s = fromage.step(s, PlayMarker("cancel"))
    assert (s.phase, s.to_move, s.turn, s.resume) == (CHOOSE, 1, 1, -1)


def test_FR15_die_change_one_step_is_the_default() -> None:
    """FR-15 default: red becomes yellow, not green."""
    s = position({"gros bidon": (2, 1)}, options={"powers": True}, hands=(("improvement",), ()))
    s = roll(s, "gros bidon", [R, Y, G])
    s = play(s, PlayMarker("improvement"), PickDie(0))
    assert fromage.describe(PickDie(1), s) == "améliorer le dé n°2 (jaune → vert)"
    s = play(s, Done())
    assert s.dice == (Y, Y, G) and s.todo == (G,)


def test_FR15_die_change_full_turns_red_straight_to_green() -> None:
    """FR-15 option "full": a picked red or yellow die becomes green."""
    opts = {"powers": True, "die_change": "full"}
    s = position({"gros bidon": (2, 1)}, options=opts, hands=(("improvement",), ()))
    s = roll(s, "gros bidon", [R, Y, G])
    s = fromage.step(s, PlayMarker("improvement"))
    assert fromage.legal_actions(s) == (PickDie(0), PickDie(1))  # a green stays green
    assert fromage.describe(PickDie(0), s, "en") == "improve die #1 (red → green)"
    s = play(s, PickDie(0), Done())
    assert s.dice == (G, Y, G) and s.todo == (G, G) and s.phase == APPLY


def test_FR16_die_change_full_turns_green_straight_to_red() -> None:
    """FR-16 option "full": a picked green or yellow die becomes red."""
    opts = {"powers": True, "die_change": "full"}
    s = position({"gros bidon": (2, 1)}, options=opts, hands=((), ("worsening",)))
    s = roll(s, "gros bidon", [G, Y, R])
    s = play(s, PlayMarker("worsening"))
    assert fromage.legal_actions(s) == (PickDie(0), PickDie(1))  # a red stays red
    s = play(s, PickDie(0), PickDie(1), Done())
    assert s.dice == (R, R, R) and s.todo == (R, R, R)


@pytest.mark.parametrize(
    ("field", "allowed"),
    [
        ("placement", "'round_robin', 'by_player', 'one_space'"),
        ("tour_target", "'previous', 'any'"),
        ("die_change", "'one_step', 'full'"),
    ],
)
def test_FR03_FR13_FR15_options_refuse_other_values(field: str, allowed: str) -> None:
    """The new options name the field and the allowed values when given a bad one."""
    with pytest.raises(ValueError, match=f"^{field} must be one of {allowed}, not 'x'$"):
        fromage.Options(**{field: "x"})
    with pytest.raises(ValueError, match=field):
        bgf.new_game("fromage", num_players=2, seed=1, options={field: "x"})


def test_FR13_options_default_game_unchanged() -> None:
    """The defaults are the previous choices: a default turn knows no resume seat."""
    s = position({"gros bidon": (1, 1)})
    s = play(s, ChooseSpace("gros bidon"), DieFace(Y), DieFace(Y))
    assert (s.phase, s.to_move, s.resume) == (CHOOSE, 1, -1)
