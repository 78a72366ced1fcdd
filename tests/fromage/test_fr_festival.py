"""The festival variant (FR-18): several cheeses, mice that eat and leave, ties."""

from __future__ import annotations

import attrs
from fr_helpers import mice_at, play, position, roll

from boardgames_fr import fromage
from boardgames_fr.fromage.actions import MoveMouse
from boardgames_fr.fromage.state import CHOOSE, OVER, Cheese

G, Y, R = "green", "yellow", "red"
FESTIVAL = {"variant": "festival"}


def test_FR18_three_cheeses_a_mouse_eats_one_and_leaves_the_board() -> None:
    """FR-18: three cheeses a mouse eats one and leaves the board."""
    s = position({"nappe gauche": (2, 1), "gros bidon": (1, 1)}, options=FESTIVAL)
    assert s.cheese.table == 3
    s = roll(s, "nappe gauche", [G, G, Y])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert mice_at(s, "table") == (0, 0) and mice_at(s, "nappe gauche") == (1, 1)
    assert s.cheese.table == 2 and fromage.scores(s) == (1, 0)
    s = fromage.step(s, MoveMouse(G, 1, "table"))
    assert s.cheese == Cheese(table=1, extras=(), points=(1, 1), arrivals=(0, 1))
    assert (s.phase, s.to_move) == (CHOOSE, 1)  # the game goes on: one cheese left


def test_FR18_the_game_ends_when_every_cheese_is_eaten_most_cheese_wins() -> None:
    """FR-18: the game ends when every cheese is eaten most cheese wins."""
    s = position({"nappe gauche": (2, 1), "gros bidon": (1, 1)}, options=FESTIVAL)
    s = attrs.evolve(s, cheese=Cheese(table=1, extras=(), points=(1, 1), arrivals=(1, 0)))
    s = roll(s, "nappe gauche", [G, Y, Y])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert s.phase == OVER and fromage.is_terminal(s)
    assert fromage.scores(s) == (2, 1) and fromage.winners(s) == (0,)


def test_FR18_ties_go_by_order_of_arrival_at_the_table() -> None:
    """FR-18: ties go by order of arrival at the table."""
    s = position({"nappe gauche": (1, 1), "gros bidon": (1, 1)}, n=3, options=FESTIVAL)
    s = attrs.evolve(s, cheese=Cheese(table=1, extras=(), points=(1, 1, 0), arrivals=(1, 0)))
    s = roll(s, "nappe gauche", [G, Y])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert fromage.scores(s) == (2, 1, 0) and fromage.winners(s) == (0,)
    # Equal points: the earlier arrival at the table ranks first.
    tied = attrs.evolve(
        s, cheese=Cheese(table=0, extras=(), points=(2, 2, 0), arrivals=(1, 0, 0, 1))
    )
    assert fromage.winners(tied) == (1,)  # seat 1 reached the table first


def test_FR18_published_points_4_3_2_by_order_eaten() -> None:
    """FR-18: published points 4 3 2 by order eaten."""
    opts = {"variant": "festival", "cheese_points": "decreasing"}
    s = position({"nappe gauche": (2, 1), "gros bidon": (1, 1)}, options=opts)
    s = roll(s, "nappe gauche", [G, G, G])
    s = play(s, MoveMouse(G, 1, "table"), MoveMouse(G, 0, "table"))
    assert fromage.scores(s) == (3, 4)
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert fromage.scores(s) == (5, 4) and fromage.winners(s) == (0,)


def test_FR18_extra_cheese_on_the_way_is_eaten_and_the_mouse_stays() -> None:
    """FR-18: extra cheese on the way is eaten and the mouse stays."""
    opts = {"variant": "festival", "extra_cheeses": 1}
    s = position({"marche gauche": (1, 1)}, options=opts)
    assert s.cheese.extras == (8,)  # the tabouret, first of board A's extra spaces
    s = roll(s, "marche gauche", [G, G])
    s = fromage.step(s, MoveMouse(G, 1, "tabouret"))
    assert s.cheese.extras == () and fromage.scores(s) == (0, 1)
    assert mice_at(s, "tabouret") == (0, 1)
    s = fromage.step(s, MoveMouse(G, 0, "tabouret"))  # nothing left to eat there
    assert fromage.scores(s) == (0, 1) and mice_at(s, "tabouret") == (1, 1)


def test_FR18_a_player_without_mice_on_the_board_is_skipped() -> None:
    """FR-18: a player without mice on the board is skipped."""
    s = position({"nappe gauche": (1, 0), "seau": (0, 0, 1)}, n=3, options=FESTIVAL)
    s = roll(s, "nappe gauche", [G])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert (s.phase, s.to_move) == (CHOOSE, 2)  # seat 1 has no mouse: skipped


def test_FR18_the_game_ends_when_no_mouse_is_left() -> None:
    """FR-18: the game ends when no mouse is left."""
    opts = {"variant": "festival", "cheeses": 5}
    s = position({"nappe gauche": (1, 1)}, options=opts)
    s = roll(s, "nappe gauche", [G, G])
    s = play(s, MoveMouse(G, 1, "table"), MoveMouse(G, 0, "table"))
    assert fromage.is_terminal(s) and s.cheese.table == 3
    assert fromage.winners(s) == (1,)  # 1 cheese each; seat 1 arrived first
