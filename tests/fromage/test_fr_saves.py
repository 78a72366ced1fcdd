"""Saves that break an invariant are refused, naming the field; odd action fields get a
reason in a player's words (the review of the loaders, after Lactorama's)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fr_helpers import play, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    DieFace,
    Done,
    ForceSpace,
    MoveMouse,
    Pass,
    PickDie,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.testing import save_refused

G, Y, R = "green", "yellow", "red"
FACE_FR = {G: "vert", Y: "jaune", R: "rouge"}  # the French names of the faces


def _reached(phase: str, options: dict[str, Any] | None = None) -> fromage.State:
    """A real state in ``phase``, from random play (explicit chance, so rolls stop)."""
    for seed in range(200):
        rnd = random.Random(seed)
        s = fromage.new_game(2, seed=seed, options=options, chance="explicit")
        while not fromage.is_terminal(s):
            if s.phase == phase:
                return s
            s = fromage.step(s, rnd.choice(fromage.legal_actions(s)))
    raise AssertionError(f"no {phase} state")


def test_real_states_still_load() -> None:
    for phase in ("place", "choose", "roll", "apply", "react", "compose"):
        s = _reached(phase, {"powers": True})
        assert bgf.loads(bgf.dumps(s)) == s


def test_apply_without_results_is_refused() -> None:
    # Repro: a save in phase apply with todo [] loaded, then had no legal action.
    e = save_refused(_reached("apply"), lambda d: d.update(todo=[]))
    assert e.path == "state.todo" and "needs a result to apply" in str(e)


def test_roll_without_a_die_to_roll_is_refused() -> None:
    # Repro: phase roll with every die shown crashed step with a ValueError (dice.index).
    def shown(d: dict[str, Any]) -> None:
        d["dice"] = ["green" if f == "unrolled" else f for f in d["dice"]]

    e = save_refused(_reached("roll"), shown)
    assert e.path == "state.dice" and "needs a die to roll" in str(e)


def test_effect_space_out_of_range_is_refused() -> None:
    # Repro: effects[0].space = 10**30 loaded, then render crashed (IndexError).
    s = _reached("compose", {"powers": True})

    def huge(d: dict[str, Any]) -> None:
        d["effects"][0]["space"] = 10**30

    e = save_refused(s, huge)
    assert e.path == "state.effects[0].space" and "not a space" in str(e)


def test_placing_counts_must_add_up() -> None:
    s = _reached("place")
    e = save_refused(s, lambda d: d.update(to_place=[-1, d["to_place"][1]]))
    assert e.path == "state.to_place" and "negative" in str(e)
    e = save_refused(s, lambda d: d.update(to_place=[0, d["to_place"][1]]))
    assert e.path == "state.to_place[0]" and "placed or to place" in str(e)

    def one_back(d: dict[str, Any]) -> None:
        i = next(i for i, m in enumerate(d["mice"]) if m and i % 2 == 0)
        d["mice"][i] -= 1
        d["to_place"] = [1, 0]

    e = save_refused(_reached("choose"), one_back)
    assert e.path == "state.to_place" and "setup only" in str(e)


def test_window_must_fit_the_phase() -> None:
    e = save_refused(_reached("react", {"powers": True}), lambda d: d.update(window=None))
    assert e.path == "state.window" and "reaction window" in str(e)


def test_more_dice_than_mice_is_refused() -> None:
    # Repro: a roll moved to a space without mice loaded, then stalled (no legal move).
    def moved(d: dict[str, Any]) -> None:
        d["space"] = next(i for i in range(1, 20) if not any(d["mice"][2 * i : 2 * i + 2]))

    e = save_refused(_reached("roll"), moved)
    assert e.path == "state.dice" and "more dice than mice" in str(e)


def test_a_mouse_on_the_table_of_a_live_game_is_refused() -> None:
    s = _reached("choose")
    top = fromage.data.BOARDS[s.options.board].top

    def on_top(d: dict[str, Any]) -> None:
        i = next(i for i, m in enumerate(d["mice"]) if m and i % 2 == 0)
        d["mice"][i] -= 1
        d["mice"][top * 2] += 1

    e = save_refused(s, on_top)
    assert e.path == "state.mice" and "on the table" in str(e)


def _reason(s: fromage.State, a: object) -> str:
    with pytest.raises(bgf.IllegalActionError) as err:
        fromage.step(s, a)  # type: ignore[arg-type]
    return str(err.value)


def test_odd_fields_get_english_reasons() -> None:
    s = _reached("apply")
    # A field of the wrong type: the core names the type; a wrong value: the game's words.
    assert _reason(s, MoveMouse(None, 0, "seau")) == (  # type: ignore[arg-type]
        "MoveMouse: face must be text, not None"
    )
    assert _reason(s, MoveMouse("bleu", 0, "seau")).startswith(
        "face must be a die face: one of 'green' (green), 'yellow' (yellow), 'red' (red)"
    )
    missing = "red" if "red" not in s.todo else "green"
    if missing not in s.todo:
        word = {"red": "red", "green": "green"}[missing]
        assert _reason(s, MoveMouse(missing, 0, "seau")) == f"no {word} result is left to apply"
    s = _reached("choose")
    assert _reason(s, ChooseSpace(None)) == "ChooseSpace: space must be text, not None"  # type: ignore[arg-type]
    assert _reason(s, ChooseSpace("lune")) == f"there is no space 'lune' on board {s.options.board}"
    s = _reached("react", {"powers": True})
    assert _reason(s, PlayMarker(7)) == "PlayMarker: kind must be text, not 7"  # type: ignore[arg-type]
    text = _reason(s, PlayMarker("joker"))
    assert text.startswith("kind must be a power marker: one of 'reroll' (Reroll), 'extra_turn'")
    s = _reached("compose", {"powers": True})
    if not any(isinstance(a, PickDie) for a in fromage.legal_actions(s)):
        return
    assert _reason(s, PickDie("x")) == "PickDie: die must be a whole number, not 'x'"  # type: ignore[arg-type]
    assert _reason(s, PickDie(99)).startswith("die must be a die number from 0 to")


def _reason_fr(s: fromage.State, a: object) -> str:
    with pytest.raises(bgf.IllegalActionError) as err:
        fromage.step(s, a)  # type: ignore[arg-type]
    return err.value.reason("fr")


def test_odd_fields_get_french_reasons() -> None:
    s = _reached("apply")
    assert _reason_fr(s, MoveMouse(None, 0, "seau")) == (  # type: ignore[arg-type]
        "MoveMouse : face doit être du texte, pas None"
    )
    assert _reason_fr(s, MoveMouse("bleu", 0, "seau")).startswith(
        "face doit être une face de dé : « green » (vert), « yellow » (jaune) ou « red » (rouge)"
    )
    missing = "red" if "red" not in s.todo else "green"
    if missing not in s.todo:
        assert _reason_fr(s, MoveMouse(missing, 0, "seau")) == (
            f"il ne reste aucun résultat {FACE_FR[missing]} à appliquer"
        )
    s = _reached("choose")
    assert _reason_fr(s, ChooseSpace(None)) == "ChooseSpace : space doit être du texte, pas None"  # type: ignore[arg-type]
    assert _reason_fr(s, ChooseSpace("lune")) == (
        f"il n'y a pas d'emplacement « lune » sur la face {s.options.board} du plateau"
    )
    s = _reached("react", {"powers": True})
    assert _reason_fr(s, PlayMarker(7)) == "PlayMarker : kind doit être du texte, pas 7"  # type: ignore[arg-type]
    assert _reason_fr(s, PlayMarker("joker")).startswith(
        "kind doit être un marqueur de pouvoir : « reroll » (Relance), « extra_turn »"
    )
    s = _reached("compose", {"powers": True})
    if not any(isinstance(a, PickDie) for a in fromage.legal_actions(s)):
        return
    assert _reason_fr(s, PickDie("x")) == "PickDie : die doit être un nombre entier, pas 'x'"  # type: ignore[arg-type]
    assert _reason_fr(s, PickDie(99)) == (
        f"die doit être un numéro de dé de 0 à {len(s.dice) - 1} (0 pour le premier)"
    )


# --- holes found by fuzzing single fields of real saves (/tmp/fuzz) ---------------------


def _placed(options: dict[str, Any], count: int) -> fromage.State:
    """Seed 1's game after ``count`` mice placed (the first spaces offered)."""
    s = fromage.new_game(2, seed=1, options=options, chance="explicit")
    for _ in range(count):
        s = fromage.step(s, fromage.legal_actions(s)[0])
    return s


def test_FR03_a_seat_placing_out_of_the_round_robin_is_refused() -> None:
    # Repro: to_move 1 at the start (seat 0 places first) loaded; seat 1 then had placed
    # one mouse more than seat 0, and the setup took a mouse from a seat with none left.
    s = _placed({}, 0)
    e = save_refused(s, lambda d: d.update(to_move=1))
    assert (e.path, e.problem) == (
        "state.to_move",
        "seat 1 is not next to place a mouse (round_robin placement)",
    )
    # Repro: phase place once every mouse is down: to_place went negative.
    e = save_refused(_reached("choose"), lambda d: d.update(phase="place"))
    assert (e.path, e.problem) == (
        "state.to_move",
        "seat 0 is not next to place a mouse (round_robin placement)",
    )


def test_FR03_a_seat_placing_out_of_turn_by_player_is_refused() -> None:
    s = _placed({"placement": "by_player"}, 2)
    assert (s.to_move, s.to_place) == (0, (4, 6))
    e = save_refused(s, lambda d: d.update(to_move=1))
    assert (e.path, e.problem) == (
        "state.to_move",
        "seat 1 is not next to place a mouse (by_player placement)",
    )


def test_FR09_used_mice_off_a_bottom_space_are_refused() -> None:
    # Only a red result on a bottom space leaves a mouse where it is, used.
    s = roll(position({"seau": (3, 0)}), "seau", [G, G, Y])
    assert (s.phase, s.todo) == ("apply", (G, G))
    e = save_refused(s, lambda d: d.update(used=[1, 0]))
    assert (e.path, e.problem) == (
        "state.used",
        "more mice used than red results applied on a bottom space",
    )


def test_FR11_hands_that_no_deal_gives_are_refused() -> None:
    # Repro: options.markers lowered to 2 while seat 0 held 3 and seat 1 had 2: nobody
    # was left to draw, and each chance event changed nothing (a stall).
    s = fromage.new_game(2, seed=1, options={"powers": True}, chance="explicit")
    for _ in range(5):
        s = fromage.step(s, bgf.sample_chance(s))
    e = save_refused(s, lambda d: d["options"].update(markers=2))
    assert (e.path, e.problem) == (
        "state.markers.hands",
        "the markers are drawn seat after seat, 2 each",
    )


def test_FR11_more_markers_of_a_kind_than_the_box_holds_are_refused() -> None:
    # Repro: 6 Relance more in the discards loaded; hidden_variants then crashed
    # (ValueError) redealing the markers nobody may see.
    s = _reached("choose", {"powers": True})
    e = save_refused(s, lambda d: d["markers"]["discards"].extend(["reroll"] * 6))
    assert (e.path, e.problem) == ("state.markers", "more than 5 markers 'reroll'")


def test_FR15_a_die_the_marker_cannot_change_is_refused() -> None:
    # Repro: the picked die turned green under an Amélioration: its resolution crashed
    # (KeyError: a green die has no better face).
    s = position(
        {"gros bidon": (2, 0), "seau": (0, 1)},
        options={"powers": True},
        hands=(("improvement",), ()),
    )
    s = play(roll(s, "gros bidon", [R, Y]), PlayMarker("improvement"), PickDie(0))
    e = save_refused(s, lambda d: d["dice"].__setitem__(0, G))
    assert (e.path, e.problem) == (
        "state.effects[0].dice",
        "a die picked cannot be changed by 'improvement'",
    )


def test_FR17_an_answered_marker_must_be_composed() -> None:
    hands = (("reroll", "transfer"), ("cancel",))
    s = position({"gros bidon": (2, 0), "seau": (0, 2)}, options={"powers": True}, hands=hands)
    s = roll(s, "gros bidon", [R, Y])
    relance = play(s, PlayMarker("reroll"), PickDie(0), Done())
    assert relance.phase == "answer"
    # Repro: a Relance answered with no die picked: its resolution asked for a roll of
    # no die (phase roll without 'unrolled').
    e = save_refused(relance, lambda d: d["effects"][0].update(dice=[]))
    assert (e.path, e.problem) == ("state.effects[0].dice", "'reroll' needs a die picked")
    transfert = play(s, PlayMarker("transfer"), TransferTo("seau"))
    assert transfert.phase == "answer"
    # Repro: a Transfert to a space with fewer mice than the one chosen (or none, -1).
    e = save_refused(transfert, lambda d: d["effects"][0].update(space=2))
    assert (e.path, e.problem) == (
        "state.effects[0].space",
        "a Transfert goes to another space with as many mice as the one chosen",
    )


def test_FR13_the_end_window_keeps_the_rolls_space() -> None:
    # Repro: space -1 in the phase end: a Tour supplémentaire then composed on no space.
    s = position(
        {"gros bidon": (1, 0), "seau": (0, 1)},
        options={"powers": True},
        hands=(("extra_turn",), ()),
    )
    s = play(roll(s, "gros bidon", [Y]), Pass())  # a yellow die: no result to apply
    assert s.phase == "end"
    e = save_refused(s, lambda d: d.update(space=-1))
    assert (e.path, e.problem) == ("state.space", "not a space of the board")


def test_FR18_a_live_festival_without_cheese_is_refused() -> None:
    # Repro: cheese.table 0 in a live festival: the next mouse on the table made it -1.
    s = _reached("choose", {"variant": "festival"})
    e = save_refused(s, lambda d: d["cheese"].update(table=0))
    assert (e.path, e.problem) == ("state.cheese.table", "no cheese left in play")


def test_FR13_a_forced_turn_on_a_space_without_the_players_mice_is_refused() -> None:
    # Repro: a Tour supplémentaire answered, designating a space with no mouse of the
    # player forced: its roll had no die, and the chance step crashed (ValueError).
    hands = (("extra_turn",), ("cancel",))
    s = position(
        {"gros bidon": (1, 0), "seau": (0, 1)}, turn=1, options={"powers": True}, hands=hands
    )
    # The roller (seat 1) and seat 0 pass after the roll, the roller again after the
    # results; then seat 0 forces seat 1 to play again.
    s = play(roll(s, "seau", [Y]), Pass(), Pass(), Pass(), PlayMarker("extra_turn"))
    s = fromage.step(s, ForceSpace("seau"))
    assert s.phase == "answer"
    e = save_refused(s, lambda d: d["effects"][0].update(space=1))
    assert (e.path, e.problem) == (
        "state.effects[0].space",
        "seat 1 has no mouse there to play a forced turn",
    )


def _transferred() -> fromage.State:
    """A roll made on the gros bidon (2 mice), moved by a Transfert to the tabouret (3)."""
    mice = {"gros bidon": (1, 1), "seau": (1, 1), "tabouret": (2, 1)}
    s = position(mice, options={"powers": True, "full_set": True})
    return play(roll(s, "gros bidon", [G, R]), PlayMarker("transfer"), TransferTo("tabouret"))


def test_FR14_the_space_chosen_before_a_transfert_round_trips() -> None:
    s = play(_transferred(), Pass())
    assert (s.phase, s.space, s.transferred_from) == ("react", 8, 1)
    assert bgf.loads(bgf.dumps(s)) == s


def test_FR14_saves_from_before_transferred_from_still_load() -> None:
    # Saves written before the field existed have no "transferred_from": -1 is read.
    for s in (position({"gros bidon": (1, 1)}), roll(position({"seau": (2, 1)}), "seau", [G])):
        doc = json.loads(bgf.dumps(s))
        del doc["state"]["transferred_from"]
        assert bgf.loads(json.dumps(doc)) == s


def test_FR14_a_bad_space_chosen_before_a_transfert_is_refused() -> None:
    s = play(_transferred(), Pass())
    path = "state.transferred_from"
    e = save_refused(s, lambda d: d.update(transferred_from=25))
    assert (e.path, e.problem) == (path, "not a space of the board or -1")
    e = save_refused(s, lambda d: d.update(transferred_from=-2))
    assert (e.path, e.problem) == (path, "not a space of the board or -1")
    e = save_refused(s, lambda d: d.update(transferred_from=15))
    assert (e.path, e.problem) == (path, "no roll is made on the table")
    e = save_refused(s, lambda d: d.update(transferred_from=8))
    assert (e.path, e.problem) == (path, "-1 when the roll acts on the space chosen")
    # The seau holds 2 mice, the gros bidon 2: chosen there, 3 dice would be too many.
    e = save_refused(s, lambda d: d.update(transferred_from=3, dice=["green"] * 3))
    assert (e.path, e.problem) == ("state.dice", "more dice than mice on space 3")

    def fuller(d: dict[str, Any]) -> None:
        d["mice"][2:4] = [3, 3]  # 6 mice on the gros bidon, more than on the tabouret

    e = save_refused(s, fuller)
    assert (e.path, e.problem) == (
        path,
        "the roll acts on a space with fewer mice than the one chosen",
    )
    applying = play(s, Pass(), Pass())
    assert (applying.phase, applying.transferred_from) == ("apply", -1)
    e = save_refused(applying, lambda d: d.update(transferred_from=1))
    assert (e.path, e.problem) == (
        path,
        "only a roll not yet applied can have been transferred (-1 otherwise)",
    )


def _any_tour_composed() -> fromage.State:
    """Seat 0 rolled a yellow on the gros bidon and composes Tour supplémentaire with
    ``tour_target="any"``: it is to name who plays (`ForcePlayer`)."""
    options = {"powers": True, "tour_target": "any"}
    s = position(
        {"gros bidon": (1, 0), "seau": (0, 1)}, options=options, hands=(("extra_turn",), ())
    )
    s = play(roll(s, "gros bidon", [Y]), Pass(), PlayMarker("extra_turn"))
    assert (s.phase, s.effects) == ("compose", (fromage.state.Effect("extra_turn", 0),))
    return s


def test_FR13_a_tour_being_composed_has_no_space_yet() -> None:
    # Repro (third audit): the Tour supplémentaire still to name its player, with space 7
    # (the chaise, no mouse there) loaded; ForcePlayer(0) then resolved it as a forced
    # turn on the chaise: a roll of 0 dice, and the chance step crashed (ValueError,
    # tuple.index). The space is the marker's last choice: -1 while it is composed.
    e = save_refused(_any_tour_composed(), lambda d: d["effects"][0].update(space=7))
    assert (e.path, e.problem) == ("state.effects[0].space", "-1 while the marker is composed")


def test_FR13_a_forced_turn_names_a_player_the_marker_may_force() -> None:
    s = _any_tour_composed()
    e = save_refused(s, lambda d: d["effects"][0].update(target=1, dice=[0]))
    assert (e.path, e.problem) == ("state.effects[0].dice", "'extra_turn' picks no die")
    # An opponent with no mouse on the board cannot be made to play (FR-04).
    e = save_refused(s, lambda d: d["effects"][0].update(target=1) or d.update(mice=_only_seat0(d)))
    assert (e.path, e.problem) == (
        "state.effects[0].target",
        "seat 0's Tour supplémentaire cannot make seat 1 play",
    )


def _only_seat0(d: dict[str, Any]) -> list[int]:
    return [m if i % 2 == 0 else 0 for i, m in enumerate(d["mice"])]


def test_FR17_markers_are_in_play_only_while_composed_or_answered() -> None:
    # Third audit: a marker left in `effects` in phase choose loaded, and the pictures
    # showed it « en jeu »; an answer of another kind than Annulation loaded too.
    s = _reached("choose", {"powers": True})
    e = save_refused(
        s, lambda d: d.update(effects=[{"@": "Effect", "kind": "extra_turn", "seat": 0}])
    )
    assert (e.path, e.problem) == ("state.effects", "no marker is in play in phase 'choose'")
    hands = (("reroll", "transfer"), ("cancel",))
    s = position({"gros bidon": (2, 0), "seau": (0, 2)}, options={"powers": True}, hands=hands)
    s = roll(s, "gros bidon", [R, Y])
    s = play(s, PlayMarker("reroll"), PickDie(0), Done(), PlayMarker("cancel"))
    assert (s.phase, [e.kind for e in s.effects]) == ("answer", ["reroll", "cancel"])
    e = save_refused(s, lambda d: d["effects"][1].update(kind="extra_turn"))
    assert (e.path, e.problem) == (
        "state.effects[1]",
        "an answer is an Annulation of the marker below it",
    )


def _festival_choose(options: dict[str, Any] | None = None) -> fromage.State:
    return _reached("choose", {"variant": "festival", **(options or {})})


def test_FR18_the_cheese_eaten_matches_the_mice_that_reached_the_table() -> None:
    # Third audit: each of these saves loaded; `scores` and `winners` then told a game
    # that never happened (negative points, a cheese gone with nobody eating it).
    s = _festival_choose()
    e = save_refused(s, lambda d: d["cheese"].update(points=[-1, 0]))
    assert (e.path, e.problem) == (
        "state.cheese.points",
        "not the points of the cheese eaten (table arrivals and extra cheeses gone)",
    )
    e = save_refused(s, lambda d: d["cheese"].update(table=2))
    assert (e.path, e.problem) == (
        "state.cheese.arrivals",
        "3 cheese(s) on the table at the start: each is there or eaten by an arrival",
    )


def test_FR18_a_mouse_that_ate_a_cheese_has_left_the_board() -> None:
    # Third audit: seat 0 ate a cheese (arrival, point) and still had its 6 mice: loaded.
    s = _festival_choose()

    def ate(d: dict[str, Any]) -> None:
        d["cheese"].update(table=2, points=[1, 0], arrivals=[0])

    e = save_refused(s, ate)
    assert (e.path, e.problem) == ("state.mice", "seat 0 has too many mice")


def test_FR18_extra_cheeses_are_the_options_ones_and_untouched() -> None:
    s = _festival_choose({"extra_cheeses": 1})
    assert s.cheese.extras == (8,)  # the tabouret
    # Third audit: extra cheeses beyond the option's count loaded (board A's chaise, 9).
    e = save_refused(s, lambda d: d["cheese"].update(extras=[8, 9]))
    assert (e.path, e.problem) == (
        "state.cheese.extras",
        "not among the 1 extra cheese spaces of the options, in order",
    )

    def on_it(d: dict[str, Any]) -> None:  # a mouse of seat 0 moved onto the tabouret
        i = next(i for i, m in enumerate(d["mice"]) if m and i % 2 == 0)
        d["mice"][i] -= 1
        d["mice"][8 * 2] += 1

    e = save_refused(s, on_it)
    assert (e.path, e.problem) == (
        "state.cheese.extras",
        "a mouse stands on a space whose extra cheese is not eaten",
    )


def test_FR10_the_plain_game_ends_with_the_winners_mouse_on_the_cheese() -> None:
    s = _reached("choose")

    def over(d: dict[str, Any]) -> None:  # over with the cheese still on the table
        d.update(phase="over", to_move=-2)

    e = save_refused(s, over)
    assert (e.path, e.problem) == (
        "state.cheese.table",
        "the plain game ends when a mouse reaches it",
    )

    def won(d: dict[str, Any]) -> None:  # seat 1 won, but no mouse is on the table
        over(d)
        d["cheese"].update(table=0, points=[0, 1], arrivals=[1])

    e = save_refused(s, won)
    assert (e.path, e.problem) == (
        "state.mice",
        "the plain game ends with the arrival's mouse alone on the table",
    )


def test_FR11_no_hand_holds_more_markers_than_were_dealt() -> None:
    # Third audit: a hand of 5 markers with markers=3 loaded, and with full_set a hand
    # holding two Relance (each player gets one of each kind).
    s = _reached("choose", {"powers": True})
    e = save_refused(s, lambda d: d["markers"]["hands"][0].extend(["reroll", "extra_turn"]))
    assert (e.path, e.problem) == ("state.markers.hands[0]", "more than 3 markers")
    full = _reached("choose", {"powers": True, "full_set": True})

    def twice(d: dict[str, Any]) -> None:
        d["markers"]["hands"][0] = sorted(["reroll", *d["markers"]["hands"][0][1:]])
        d["markers"]["hands"][1].remove("reroll")  # seat 1 played one, seat 0 holds it
        d["markers"]["discards"].append("cancel")  # the kind the first line dropped
        d["markers"]["played_by"].append(1)

    e = save_refused(full, twice)
    assert (e.path, e.problem) == ("state.markers.hands[0]", "two markers of a kind in a full set")


# --- fourth audit: the markers dealt, played and who played them -------------------------


def test_FR11_a_save_with_fewer_markers_than_dealt_is_refused() -> None:
    # Repro: with full_set, hands of 2 markers (of 6 dealt, none played) loaded; the
    # hidden variants then found no deal and kept the real hands (a leak). Drawn hands
    # short of their 3 markers loaded too.
    full = fromage.new_game(3, seed=1, options={"powers": True, "full_set": True})

    def short(d: dict[str, Any]) -> None:
        d["markers"]["hands"][1] = ["reroll", "extra_turn"]
        d["markers"]["hands"][2] = ["cancel", "transfer"]

    e = save_refused(full, short)
    assert (e.path, e.problem) == (
        "state.markers.discards",
        "the 18 markers dealt (6 each) are not all held or played",
    )
    drawn = fromage.new_game(2, seed=1, options={"powers": True})
    e = save_refused(drawn, lambda d: d["markers"]["hands"][1].pop())
    assert (e.path, e.problem) == (
        "state.markers.discards",
        "the 6 markers dealt (3 each) are not all held or played",
    )


def _played_one() -> fromage.State:
    """Seat 0 (Relance, Transfert of a full set) played its Relance on its own roll."""
    s = position({"gros bidon": (2, 0), "seau": (0, 2)}, options={"powers": True, "full_set": True})
    s = play(roll(s, "gros bidon", [R, Y]), PlayMarker("reroll"), PickDie(0), Done())
    assert (s.markers.discards, s.markers.played_by) == (("reroll",), (0,))
    return s


def test_FR11_who_played_each_marker_is_checked() -> None:
    s = _played_one()
    path = "state.markers.played_by"
    e = save_refused(s, lambda d: d["markers"]["played_by"].append(1))
    assert (e.path, e.problem) == (path, "one seat for each marker played (discards)")
    e = save_refused(s, lambda d: d["markers"].update(played_by=[2]))
    assert (e.path, e.problem) == (path, "not a seat or -1")
    # Seat 1 played it instead: seat 1 would hold and have played 7 of its 6.
    e = save_refused(s, lambda d: d["markers"].update(played_by=[1]))
    assert (e.path, e.problem) == (
        "state.markers.hands[1]",
        "seat 1 holds and played more than the 6 markers dealt",
    )

    def again(d: dict[str, Any]) -> None:
        # Seat 0 holds the Relance it played, and lacks a Tour played by a seat a save
        # from before the record does not name: every other count adds up.
        kinds = ["improvement", "cancel", "worsening", "reroll", "extra_turn", "transfer"]
        d["markers"]["hands"] = [[k for k in kinds if k != "extra_turn"], kinds[:3] + kinds[4:]]
        d["markers"].update(discards=["reroll", "extra_turn"], played_by=[0, -1])

    e = save_refused(s, again)
    assert (e.path, e.problem) == (
        "state.markers.hands[0]",
        "seat 0 holds a marker of a kind it played, in a full set",
    )

    def twice(d: dict[str, Any]) -> None:  # each seat played two of a kind
        kinds = ["improvement", "cancel", "worsening", "transfer"]
        d["markers"]["hands"] = [kinds, kinds]
        d["markers"].update(
            discards=["reroll", "reroll", "extra_turn", "extra_turn"], played_by=[0, 0, 1, 1]
        )

    e = save_refused(s, twice)
    assert (e.path, e.problem) == (path, "seat 0 played two markers of a kind in a full set")


def test_FR11_saves_from_before_played_by_still_load() -> None:
    # Saves written before the record: no "played_by"; their markers played were played
    # by seats they do not name (-1), and the counts are checked for the table only.
    s = _played_one()
    doc = json.loads(bgf.dumps(s))
    del doc["state"]["markers"]["played_by"]
    old = bgf.loads(json.dumps(doc))
    assert old.markers.played_by == (-1,) and fromage.observe(old, 1).played_by == (-1,)
    assert "joués : Relance" in fromage.render(old) and "(bleu)" not in fromage.render(old)
    # Play goes on, recording from then on.
    old = play(old, Pass(), DieFace(G), PlayMarker("cancel"), PickDie(0), Done())
    assert old.markers.played_by == (-1, 0)  # seat 0, first asked, played an Annulation
    # Before any marker is played, an old save is exactly a new one.
    fresh = fromage.new_game(2, seed=1, options={"powers": True})
    doc = json.loads(bgf.dumps(fresh))
    del doc["state"]["markers"]["played_by"]
    assert bgf.loads(json.dumps(doc)) == fresh
