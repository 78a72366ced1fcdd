"""Saves that break an invariant are refused, naming the field; odd action fields get a
reason in a player's words (the review of the loaders, after Lactorama's)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import ChooseSpace, MoveMouse, PickDie, PlayMarker
from boardgames_fr.testing import save_refused


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
