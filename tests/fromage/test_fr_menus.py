"""What a frontend shows (fourth audit): menus with one line per move, in French and
English, that say what the move does; pictures with nothing stale; an observation that
holds every public fact, who played each marker included."""

from __future__ import annotations

import random
import re
from typing import Any

from fr_helpers import play, position, roll

from boardgames_fr import fromage
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage.actions import ForceSpace, MoveMouse, Pass, PlayMarker
from boardgames_fr.fromage.state import DIE_CHANGES, PLACEMENTS, POINTS, TOUR_TARGETS

G, Y, R = "green", "yellow", "red"
# English words that a French menu line must never hold.
ENGLISH = re.compile(
    r"\b(the|die|dice|mouse|player|pass|play|marker|roll|choose|place|stays|climbs|"
    r"moves|goes|cheese|make|turn|pick|cancel|reroll|improve|worsen|transfer|finish|"
    r"green|red|yellow|blue|white|grey|black)\b"
)


def _options(rnd: random.Random) -> dict[str, Any]:
    festival = rnd.random() < 0.5
    return {
        "board": rnd.choice("AB"),
        "mice": rnd.randint(1, 6),
        "powers": rnd.random() < 0.75,
        "markers": rnd.randint(1, 5),
        "full_set": rnd.random() < 0.3,
        "variant": "festival" if festival else "plain",
        "cheeses": rnd.randint(1, 9),
        "cheese_points": rnd.choice(POINTS),
        "extra_cheeses": rnd.randint(0, 3) if festival else 0,
        "placement": rnd.choice(PLACEMENTS),
        "tour_target": rnd.choice(TOUR_TARGETS),
        "die_change": rnd.choice(DIE_CHANGES),
    }


def test_every_menu_has_one_distinct_line_per_move_in_each_language() -> None:
    """At every decision and chance node of seeded games (every player count, random
    options, both chance modes), the labels of the moves offered are non-empty, pairwise
    distinct in each language, and the French holds no English word."""
    nodes = 0
    for seed in range(40):
        rnd = random.Random(seed)
        chance = "explicit" if seed % 2 else "auto"
        s = fromage.new_game(2 + seed % 3, seed=seed, options=_options(rnd), chance=chance)
        while not fromage.is_terminal(s):
            if s.to_move == -1:
                moves = [a for a, _ in fromage.chance_outcomes(s)]
            else:
                moves = list(fromage.legal_actions(s))
            for lang in ("fr", "en"):
                labels = [fromage.describe(a, s, lang) for a in moves]
                assert all(line.strip() for line in labels)
                assert len(set(labels)) == len(labels), (s, labels)
                if lang == "fr":
                    assert not any(ENGLISH.search(line) for line in labels), labels
            nodes += 1
            pick = fromage.GAME.sample_chance(s) if s.to_move == -1 else rnd.choice(moves)
            s = fromage.step(s, pick)
    assert nodes > 5000


def test_FR06_FR07_a_side_link_is_labelled_sideways_not_up_or_down() -> None:
    """Face A links the seau and the marche gauche, both 4 greens from the table (FR-06's
    « emplacement latéral »). Fourth audit: a green result there read « monte sur la
    marche gauche », a red one « descend sur le seau », though the mouse got no nearer
    and no farther."""
    s = roll(position({"seau": (1, 0), "marche gauche": (0, 1)}, options={"mice": 1}), "seau", [G])
    assert [fromage.describe(a, s) for a in fromage.legal_actions(s)] == [
        "dé vert : la souris bleue monte sur la chaise",
        "dé vert : la souris bleue passe de côté sur la marche gauche",
    ]
    assert fromage.describe(MoveMouse(G, 0, "marche gauche"), s, "en") == (
        "green die: the blue mouse moves across to the left step"
    )
    t = fromage.step(s, MoveMouse(G, 0, "marche gauche"))  # the step does what it says
    assert t.mice[4 * 2 : 4 * 2 + 2] == (1, 1)
    s = roll(
        position({"seau": (1, 0), "marche gauche": (0, 1)}, turn=1, options={"mice": 1}),
        "marche gauche",
        [R],
    )
    assert [fromage.describe(a, s) for a in fromage.legal_actions(s)] == [
        "dé rouge : la souris blanche descend sur le gros bidon",
        "dé rouge : la souris blanche passe de côté sur le seau",
    ]


def test_FR18_a_move_onto_an_extra_cheese_says_the_cheese_is_eaten() -> None:
    """FR-18 option: the first mouse on an extra cheese's space eats it (1 point). Fourth
    audit: the label said only « monte sur le tabouret », as for any space."""
    options = {"variant": "festival", "extra_cheeses": 1, "mice": 1}
    s = roll(
        position({"marche gauche": (1, 0), "seau": (0, 1)}, options=options), "marche gauche", [G]
    )
    green = MoveMouse(G, 0, "tabouret")
    assert (
        fromage.describe(green, s) == "dé vert : la souris bleue monte sur le tabouret : fromage !"
    )
    assert (
        fromage.describe(green, s, "en") == "green die: the blue mouse climbs to the stool: cheese!"
    )
    t = fromage.step(s, green)
    assert (t.cheese.points, t.cheese.extras) == ((1, 0), ())


def test_FR10_a_finished_game_shows_no_result_left_to_apply() -> None:
    """FR-10: the game ends as the first mouse reaches the table; the other results are
    dropped. Fourth audit: the text said « ; à appliquer : vert » and the SVG « À
    appliquer : vert » under « Partie terminée »."""
    s = roll(position({"nappe gauche": (2, 0), "seau": (0, 2)}), "nappe gauche", [G, G])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert (s.phase, s.todo) == ("over", (G,))
    assert "Dés sur le coin gauche de la nappe : vert vert" in fromage.render(s).splitlines()
    assert "Dice on the left corner of the tablecloth: green green" in fromage.render(s, "en")
    for lang in ("fr", "en"):
        assert "appliquer" not in fromage.render(s, lang) + fromage.render_svg(s, lang)
        assert "apply" not in fromage.render(s, lang) + fromage.render_svg(s, lang)
    applying = roll(position({"nappe gauche": (2, 0), "seau": (0, 2)}), "nappe gauche", [G, G])
    assert fromage.render(applying).splitlines()[-1] == (
        "Dés sur le coin gauche de la nappe : vert vert ; à appliquer : vert vert"
    )


def test_FR05_the_status_line_names_the_player_rolling() -> None:
    """FR-05: the dice of a roll are chance events. Fourth audit: while they were typed
    in (explicit chance mode), the status line read « Lance les dés » / "Rolls the dice",
    with nobody rolling."""
    s = play(
        position({"seau": (1, 1)}, turn=1),
        fromage.legal_actions(position({"seau": (1, 1)}, turn=1))[0],
    )
    assert (s.phase, s.to_move) == ("roll", -1)
    assert fromage.render(s).splitlines()[1] == "Le joueur blanc lance les dés"
    assert fromage.render(s, "en").splitlines()[1] == "The white player rolls the dice"
    assert "Le joueur blanc lance les" in " ".join(_panel(fromage.render_svg(s)))
    deal = fromage.new_game(2, seed=1, options={"powers": True}, chance="explicit")
    assert fromage.render(deal).splitlines()[1] == "Les marqueurs sont distribués"


def _panel(svg: str) -> list[str]:
    return [
        t for x, t in re.findall(r'<text x="([\d.]+)"[^>]*>([^<]*)</text>', svg) if float(x) >= 620
    ]


def test_FR13_the_marker_in_play_names_the_player_it_forces() -> None:
    """FR-13, ``tour_target="previous"``: the Tour supplémentaire of another player makes
    the player who just played play again. Fourth audit: « En jeu » named the marker's
    player and the space, not whom it forces, as it does with ``tour_target="any"``."""
    s = position(
        {"gros bidon": (1, 0), "seau": (0, 1)},
        options={"powers": True},
        hands=((), ("extra_turn",)),
    )
    s = play(roll(s, "gros bidon", [Y]), Pass(), PlayMarker("extra_turn"))
    assert s.phase == "compose"
    assert fromage.render(s).splitlines()[-2] == (
        "En jeu : Tour supplémentaire (le joueur blanc, le joueur bleu)"
    )
    s = fromage.step(s, ForceSpace("gros bidon"))
    assert s.phase == "roll" and s.turn == 0  # no one to answer: the forced turn starts


def test_FR11_who_played_each_marker_is_public_and_shown() -> None:
    """FR-11: a marker is played face up, by a player everyone sees. Fourth audit: the
    state kept the kinds played but not who played them, so neither the observation nor
    the pictures could tell; with ``full_set`` that tells every hand."""
    s = fromage.new_game(3, seed=4, options={"powers": True, "full_set": True}, chance="explicit")
    while s.phase == "place":
        s = fromage.step(s, fromage.legal_actions(s)[1])
    s = fromage.step(s, fromage.legal_actions(s)[0])
    while s.to_move == -1:
        s = fromage.step(s, fromage.GAME.sample_chance(s))
    assert s.phase == "react" and s.to_move == 0
    s = play(s, Pass(), PlayMarker("cancel"))  # seat 1 cancels dice of seat 0's roll
    s = play(s, *fromage.legal_actions(s)[:1])  # its first die
    s = play(s, fromage.legal_actions(s)[-1])  # Done
    while s.phase == "answer":
        s = fromage.step(s, Pass())
    assert (s.markers.discards, s.markers.played_by) == (("cancel",), (1,))
    for seat in (None, 0, 1, 2):
        obs = fromage.observe(s, seat)
        assert (obs.discards, obs.played_by) == (("cancel",), (1,))
    assert "joués : Annulation (blanc)" in fromage.render(s)
    assert "played: Cancel (white)" in fromage.render(s, "en")
    assert "Marqueurs joués : Annulation (blanc)" in " ".join(_panel(fromage.render_svg(s)))
    # Full set: seat 1's hand is now known to all, and no variant changes it.
    for v in fromage.GAME.hidden_variants(s, 0, Rng(3)):
        assert v.markers.hands == s.markers.hands
