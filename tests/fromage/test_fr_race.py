"""The mouse race, rule by rule (FR-01..FR-10), from hand-set positions on face A."""

from __future__ import annotations

import pytest
from fr_helpers import mice_at, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import ChooseSpace, DieFace, MoveMouse, Pass, PlaceMouse
from boardgames_fr.fromage.state import APPLY, CHOOSE, PLACE

G, Y, R = "green", "yellow", "red"


def test_FR01_two_to_four_players_seat_0_starts_then_clockwise() -> None:
    """FR-01: two to four players seat 0 starts then clockwise."""
    for n in (2, 3, 4):
        assert fromage.new_game(n, seed=1).num_players == n
    for bad in (1, 5):
        with pytest.raises(ValueError, match=str(bad)):
            fromage.new_game(bad, seed=1)
    s = position({"seau": (1, 1, 1)}, n=3, turn=2)
    s = roll(s, "seau", [Y, Y, Y])  # nothing to apply: the turn passes clockwise
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 0, 0)
    s = roll(s, "seau", [Y, Y, Y])
    assert (s.to_move, s.turn) == (1, 1)


def test_FR03_mice_placed_one_at_a_time_in_seat_order_on_bottom_spaces() -> None:
    """FR-03: mice placed one at a time in seat order on bottom spaces."""
    s = fromage.new_game(3, seed=4)
    assert s.phase == PLACE and s.to_move == 0
    assert fromage.legal_actions(s) == (
        PlaceMouse("caisse gauche"),
        PlaceMouse("gros bidon"),
        PlaceMouse("caisse droite"),
    )
    order = []
    for i in range(18):
        order.append(s.to_move)
        s = fromage.step(s, PlaceMouse(("caisse gauche", "gros bidon", "caisse droite")[i % 3]))
    assert order == [0, 1, 2] * 6
    # FR-01: once everyone has placed, seat 0 starts.
    assert (s.phase, s.to_move, s.turn) == (CHOOSE, 0, 0)
    assert mice_at(s, "caisse gauche") == (6, 0, 0)
    assert mice_at(s, "gros bidon") == (0, 6, 0)
    assert mice_at(s, "caisse droite") == (0, 0, 6)


def test_FR03_option_five_mice_as_in_the_published_game() -> None:
    """FR-03: option five mice as in the published game."""
    s = fromage.new_game(2, seed=4, options={"mice": 5})
    steps = 0
    while s.phase == PLACE:
        s = fromage.step(s, PlaceMouse("gros bidon"))
        steps += 1
    assert steps == 10 and mice_at(s, "gros bidon") == (5, 5)


def test_FR03_a_mouse_cannot_start_above_the_bottom() -> None:
    """FR-03: a mouse cannot start above the bottom."""
    s = fromage.new_game(2, seed=4)
    with pytest.raises(bgf.IllegalActionError, match="not a bottom space") as info:
        fromage.step(s, PlaceMouse("tabouret"))
    assert info.value.reason("fr") == (
        "le tabouret n'est pas un emplacement du bas : une souris se pose d'abord sur"
        " la caisse gauche, le gros bidon ou la caisse droite"
    )


def test_FR04_choose_a_space_holding_one_of_your_mice() -> None:
    """FR-04: choose a space holding one of your mice."""
    s = position({"seau": (1, 0), "tabouret": (0, 1), "chaise": (2, 3)})
    assert fromage.legal_actions(s) == (ChooseSpace("seau"), ChooseSpace("chaise"))
    with pytest.raises(
        bgf.IllegalActionError, match="the blue player has no mouse on the stool"
    ) as info:
        fromage.step(s, ChooseSpace("tabouret"))
    assert info.value.reason("fr") == "le joueur bleu n'a aucune souris sur le tabouret"


def test_FR05_one_die_per_mouse_of_any_colour_at_most_five() -> None:
    """FR-05: one die per mouse of any colour at most five."""
    s = position({"gros bidon": (3, 2, 2), "seau": (1, 1, 1)}, n=3)
    big = fromage.step(s, ChooseSpace("gros bidon"))  # 7 mice: 5 dice
    assert big.to_move == bgf.CHANCE
    assert big.dice == ("unrolled",) * 5
    assert fromage.chance_outcomes(big) == (
        (DieFace(G), 1 / 3),
        (DieFace(Y), 1 / 3),
        (DieFace(R), 1 / 3),
    )
    small = fromage.step(s, ChooseSpace("seau"))  # 3 mice of 3 colours: 3 dice
    assert len(small.dice) == 3


def test_FR06_green_moves_any_mouse_up_including_lateral_links() -> None:
    """FR-06: green moves any mouse up including lateral links."""
    s = roll(position({"seau": (1, 1)}), "seau", [G, Y])
    assert s.phase == APPLY
    assert fromage.legal_actions(s) == (
        MoveMouse(G, 0, "chaise"),
        MoveMouse(G, 0, "marche gauche"),
        MoveMouse(G, 1, "chaise"),
        MoveMouse(G, 1, "marche gauche"),
    )
    s = fromage.step(s, MoveMouse(G, 1, "marche gauche"))  # an opponent's mouse, sideways
    assert mice_at(s, "seau") == (1, 0) and mice_at(s, "marche gauche") == (0, 1)
    assert (s.phase, s.to_move) == (CHOOSE, 1)


def test_FR07_red_moves_any_mouse_down_including_to_a_lateral_space() -> None:
    """FR-07: red moves any mouse down including to a lateral space."""
    s = roll(position({"marche gauche": (1, 1)}), "marche gauche", [R, Y])
    assert fromage.legal_actions(s) == (
        MoveMouse(R, 0, "gros bidon"),
        MoveMouse(R, 0, "seau"),
        MoveMouse(R, 1, "gros bidon"),
        MoveMouse(R, 1, "seau"),
    )
    s = fromage.step(s, MoveMouse(R, 1, "seau"))
    assert mice_at(s, "marche gauche") == (1, 0) and mice_at(s, "seau") == (0, 1)


def test_FR07_red_on_a_bottom_space_leaves_the_mouse_there() -> None:
    """FR-07: red on a bottom space leaves the mouse there."""
    s = roll(position({"gros bidon": (1, 0), "seau": (0, 1)}), "gros bidon", [R])
    assert fromage.legal_actions(s) == (MoveMouse(R, 0, "gros bidon"),)
    s = fromage.step(s, MoveMouse(R, 0, "gros bidon"))
    assert mice_at(s, "gros bidon") == (1, 0) and (s.phase, s.to_move) == (CHOOSE, 1)


def test_FR08_yellow_has_no_effect() -> None:
    """FR-08: yellow has no effect."""
    start = position({"gros bidon": (1, 1)})
    s = roll(start, "gros bidon", [Y, Y])
    assert s.mice == start.mice and (s.phase, s.to_move) == (CHOOSE, 1)
    s = roll(start, "gros bidon", [Y, G])
    assert s.todo == (G,)  # only the green is to apply


def test_FR09_every_result_applied_to_a_different_mouse_in_the_rollers_order() -> None:
    """FR-09: every result applied to a different mouse in the rollers order."""
    s = roll(position({"tabouret": (1, 1)}), "tabouret", [G, R])
    legal = fromage.legal_actions(s)
    assert Pass() not in legal  # no passing
    assert legal == (
        MoveMouse(G, 0, "marchepied"),
        MoveMouse(G, 1, "marchepied"),
        MoveMouse(R, 0, "marche gauche"),
        MoveMouse(R, 0, "marche droite"),
        MoveMouse(R, 1, "marche gauche"),
        MoveMouse(R, 1, "marche droite"),
    )
    # The roller starts with the red result; the green must then go to the other mouse.
    s = fromage.step(s, MoveMouse(R, 1, "marche droite"))
    assert fromage.legal_actions(s) == (MoveMouse(G, 0, "marchepied"),)
    s = fromage.step(s, MoveMouse(G, 0, "marchepied"))
    assert mice_at(s, "marchepied") == (1, 0) and mice_at(s, "marche droite") == (0, 1)
    assert mice_at(s, "tabouret") == (0, 0) and s.to_move == 1


def test_FR09_a_mouse_that_stayed_on_a_bottom_space_takes_no_second_result() -> None:
    """FR-09: a mouse that stayed on a bottom space takes no second result."""
    s = roll(position({"gros bidon": (1, 1)}), "gros bidon", [R, G])
    s = fromage.step(s, MoveMouse(R, 0, "gros bidon"))
    assert fromage.legal_actions(s) == (
        MoveMouse(G, 1, "marche gauche"),
        MoveMouse(G, 1, "marche droite"),
    )
    with pytest.raises(
        bgf.IllegalActionError, match="the blue player has no mouse left to move"
    ) as info:
        fromage.step(s, MoveMouse(G, 0, "marche gauche"))
    assert info.value.reason("fr") == (
        "sur le gros bidon, le joueur bleu n'a plus de souris à déplacer"
    )


def test_FR07_a_red_result_elsewhere_than_down_says_where_it_may_go() -> None:
    """FR-07/FR-09: a red result goes down a link, or stays on a bottom space."""
    s = roll(position({"gros bidon": (1, 1)}), "gros bidon", [R, Y])
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, MoveMouse(R, 0, "panier"))
    assert str(info.value) == (
        "a red result moves a mouse from the big milk can down to the big milk can, not the basket"
    )
    assert info.value.reason("fr") == (
        "sur le gros bidon, un résultat rouge laisse la souris en place : pas sur le panier"
    )
    s = roll(position({"seau": (1, 1)}), "seau", [R, Y])
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, MoveMouse(R, 0, "chaise"))
    assert str(info.value) == (
        "a red result moves a mouse from the bucket down to the left crate, not the chair"
    )
    assert info.value.reason("fr") == (
        "un résultat rouge fait descendre une souris depuis le seau vers la caisse gauche,"
        " pas vers la chaise"
    )


def test_FR10_first_mouse_on_the_cheese_wins_even_moved_by_another_player() -> None:
    """FR-10: first mouse on the cheese wins even moved by another player."""
    s = roll(position({"nappe gauche": (1, 1)}), "nappe gauche", [G, G])
    s = fromage.step(s, MoveMouse(G, 1, "table"))  # seat 0 moves seat 1's mouse up
    assert fromage.is_terminal(s) and s.to_move == bgf.TERMINAL
    assert mice_at(s, "table") == (0, 1)
    assert fromage.winners(s) == (1,)
    assert fromage.scores(s) == (0, 1)
    assert fromage.returns(s) == (-1.0, 1.0)
    assert fromage.legal_actions(s) == ()  # the second green is never applied


def test_FR10_scores_are_zero_until_a_mouse_eats() -> None:
    """FR-10: scores are zero until a mouse eats."""
    s = position({"nappe gauche": (1, 1)})
    assert fromage.scores(s) == (0, 0) and fromage.winners(s) == ()


@pytest.mark.parametrize(
    "options",
    [{}, {"board": "B", "mice": 5}, {"powers": True}, {"variant": "festival", "extra_cheeses": 3}],
)
def test_FR09_mice_are_never_lost_and_results_never_exceed_dice(options: dict[str, object]) -> None:
    """FR-05, FR-09 and FR-18 over whole random games: no mouse appears or vanishes
    except by eating at the table, at most 5 dice, never more results than dice."""
    rng = bgf.core.rng.Rng(3)
    for seed in range(6):
        s = fromage.new_game(3, seed=seed, options=options)
        while not fromage.is_terminal(s):
            legal = fromage.legal_actions(s)
            s = fromage.step(s, legal[rng.randrange(len(legal))])
            assert len(s.dice) <= 5 and len(s.todo) <= len(s.dice)
            assert min(s.mice) >= 0
            festival = s.options.variant == "festival"
            for seat in range(3):
                eaten = s.cheese.arrivals.count(seat) if festival else 0
                on_board = sum(s.mice[seat::3]) + s.to_place[seat]
                assert on_board + eaten == s.options.mice
