"""Saves that break an invariant are refused, naming the field; odd action fields get a
reason in a player's words (the review of the loaders, after Lactorama's)."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from fr_helpers import play, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    Done,
    ForceSpace,
    MoveMouse,
    Pass,
    PickDie,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.testing import save_refused

G, Y, R = "vert", "jaune", "rouge"


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
        d["dice"] = ["vert" if f == "?" else f for f in d["dice"]]

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
        "face must be a die face: one of 'vert' (green), 'jaune' (yellow), 'rouge' (red)"
    )
    missing = "rouge" if "rouge" not in s.todo else "vert"
    if missing not in s.todo:
        word = {"rouge": "red", "vert": "green"}[missing]
        assert _reason(s, MoveMouse(missing, 0, "seau")) == f"no {word} result is left to apply"
    s = _reached("choose")
    assert _reason(s, ChooseSpace(None)) == "ChooseSpace: space must be text, not None"  # type: ignore[arg-type]
    assert _reason(s, ChooseSpace("lune")) == f"there is no space 'lune' on board {s.options.board}"
    s = _reached("react", {"powers": True})
    assert _reason(s, PlayMarker(7)) == "PlayMarker: kind must be text, not 7"  # type: ignore[arg-type]
    text = _reason(s, PlayMarker("joker"))
    assert text.startswith("kind must be a power marker: one of 'relance' (Reroll), 'tour'")
    s = _reached("compose", {"powers": True})
    if not any(isinstance(a, PickDie) for a in fromage.legal_actions(s)):
        return
    assert _reason(s, PickDie("x")) == "PickDie: die must be a whole number, not 'x'"  # type: ignore[arg-type]
    assert _reason(s, PickDie(99)).startswith("die must be a die number from 0 to")


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
    e = save_refused(s, lambda d: d["markers"]["discards"].extend(["relance"] * 6))
    assert (e.path, e.problem) == ("state.markers", "more than 5 markers 'relance'")


def test_FR15_a_die_the_marker_cannot_change_is_refused() -> None:
    # Repro: the picked die turned green under an Amélioration: its resolution crashed
    # (KeyError: a green die has no better face).
    s = position({"gros bidon": (2, 0), "seau": (0, 1)}, options={"powers": True})
    s = attrs.evolve(s, markers=attrs.evolve(s.markers, hands=(("amelioration",), ())))
    s = play(roll(s, "gros bidon", [R, Y]), PlayMarker("amelioration"), PickDie(0))
    e = save_refused(s, lambda d: d["dice"].__setitem__(0, G))
    assert (e.path, e.problem) == (
        "state.effects[0].dice",
        "a die picked cannot be changed by 'amelioration'",
    )


def test_FR17_an_answered_marker_must_be_composed() -> None:
    s = position({"gros bidon": (2, 0), "seau": (0, 2)}, options={"powers": True})
    hands = (("relance", "transfert"), ("annulation",))
    s = attrs.evolve(s, markers=attrs.evolve(s.markers, hands=hands))
    s = roll(s, "gros bidon", [R, Y])
    relance = play(s, PlayMarker("relance"), PickDie(0), Done())
    assert relance.phase == "answer"
    # Repro: a Relance answered with no die picked: its resolution asked for a roll of
    # no die (phase roll without '?').
    e = save_refused(relance, lambda d: d["effects"][0].update(dice=[]))
    assert (e.path, e.problem) == ("state.effects[0].dice", "'relance' needs a die picked")
    transfert = play(s, PlayMarker("transfert"), TransferTo("seau"))
    assert transfert.phase == "answer"
    # Repro: a Transfert to a space with fewer mice than the one chosen (or none, -1).
    e = save_refused(transfert, lambda d: d["effects"][0].update(space=2))
    assert (e.path, e.problem) == (
        "state.effects[0].space",
        "a Transfert goes to another space with as many mice as the one chosen",
    )


def test_FR13_the_end_window_keeps_the_rolls_space() -> None:
    # Repro: space -1 in the phase end: a Tour supplémentaire then composed on no space.
    s = position({"gros bidon": (1, 0), "seau": (0, 1)}, options={"powers": True})
    s = attrs.evolve(s, markers=attrs.evolve(s.markers, hands=(("tour",), ())))
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
    s = position({"gros bidon": (1, 0), "seau": (0, 1)}, n=2, turn=1, options={"powers": True})
    s = attrs.evolve(s, markers=attrs.evolve(s.markers, hands=(("tour",), ("annulation",))))
    # The roller (seat 1) and seat 0 pass after the roll, the roller again after the
    # results; then seat 0 forces seat 1 to play again.
    s = play(roll(s, "seau", [Y]), Pass(), Pass(), Pass(), PlayMarker("tour"))
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
    return play(roll(s, "gros bidon", [G, R]), PlayMarker("transfert"), TransferTo("tabouret"))


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
    e = save_refused(s, lambda d: d.update(transferred_from=3, dice=["vert"] * 3))
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
