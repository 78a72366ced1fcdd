"""The learned values (`boardgames_fr.value`): the shipped files load and fit their game,
a malformed file is refused with the field named, a seat's value reads only what the seat
sees, and the values agree with how held-out games ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.core.rng import Rng
from boardgames_fr.rl import encode_module
from boardgames_fr.value import FORMAT, options_key, packaged_value, parse_value, value_path

VALUED = ["fromage", "lactorama"]


def _file(game_id: str) -> dict[str, Any]:
    path = Path(bgf.__file__).parent / "data" / value_path(game_id)
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize("game_id", VALUED)
def test_the_shipped_value_loads_and_fits_the_two_player_game(game_id: str) -> None:
    model = packaged_value(game_id)
    assert model is not None and model.game_id == game_id and model.num_players == 2
    m = bgf.get_game(game_id)
    s = m.new_game(2, seed=1)
    assert model.fits(s)
    assert model.input_size == encode_module(game_id).observation_shape(2, s.options)[0]
    assert model.options == options_key(s.options)
    assert not model.fits(m.new_game(3, seed=1))
    data = _file(game_id)
    assert data["format"] == FORMAT and data["training"]["command"].startswith(
        f"python benchmarks/train_values.py --game {game_id}"
    )
    # The held-out fit written by the training: better than the best constant.
    held = data["training"]["held_out"]
    assert held["mse"] < held["mse_constant"] and held["brier"] < held["brier_constant"]


def test_a_game_without_a_value_has_none() -> None:
    assert packaged_value("misere") is None


def _bad(change: dict[str, Any]) -> str:
    data = _file("fromage")
    data.update(change)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", r"value: not JSON \(Expecting property name enclosed in double quotes, line 1\)"),
        ("[1]", "value: not a JSON object"),
        ('{"format": "other"}', "format: 'other', expected 'boardgames_fr.value/1'"),
        (_bad({"game": "misere"}), "game: 'misere', expected 'fromage'"),
        (_bad({"num_players": 9}), "num_players: 9 is not a player count of fromage"),
        (_bad({"num_players": True}), "num_players: True is not a player count of fromage"),
        (_bad({"options": [1]}), "options: missing or not an object"),
        (_bad({"hidden": 0}), "hidden: 0 is not a positive whole number"),
        (_bad({"b1": [0.0] * 3}), r"b1: shape \(3,\), expected \(64,\)"),
        (_bad({"w2": "weights"}), "w2: not an array of numbers"),
        (_bad({"b2": [[1.0]]}), r"b2: shape \(1, 1\), expected \(\)"),
        (_bad({"training": 3}), "training: not an object"),
        # A number too large for a float is read as infinite.
        (
            _bad({"b2": 0.125}).replace('"b2": 0.125', '"b2": 1e400'),
            "b2: holds a number that is not finite",
        ),
        ('{"format": NaN}', "value: NaN is not a number a value file may hold"),
    ],
)
def test_a_malformed_value_file_is_refused_with_the_field_named(text: str, message: str) -> None:
    with pytest.raises(InvalidStateError, match=message):
        parse_value(text, "fromage")


def test_options_the_game_refuses_are_refused_as_the_file_s() -> None:
    data = _file("fromage")
    data["options"] = {"board": "Z"}
    with pytest.raises(InvalidStateError, match=r"^options: "):
        parse_value(json.dumps(data), "fromage")
    data["options"] = {**_file("fromage")["options"], "powers": True}  # a longer tensor
    with pytest.raises(InvalidStateError, match=r"^w1: shape \(150, 64\), expected \(253, 64\)"):
        parse_value(json.dumps(data), "fromage")
    data["options"] = {**_file("fromage")["options"], "mice": 5}  # the same tensor size
    model = parse_value(json.dumps(data), "fromage")
    m = bgf.get_game("fromage")
    assert model.fits(m.new_game(2, seed=1, options={"mice": 5}))
    assert not model.fits(m.new_game(2, seed=1))


@pytest.mark.parametrize(("game_id", "compared"), [("fromage", 6), ("lactorama", 8)])
def test_a_seat_s_value_reads_only_what_the_seat_sees(game_id: str, compared: int) -> None:
    m = bgf.get_game(game_id)
    model = packaged_value(game_id)
    assert model is not None
    checked = 0
    s = m.new_game(2, seed=3)
    rng = Rng(3)
    while not m.is_terminal(s) and checked < 6:
        legal = m.legal_actions(s)
        for seat in range(2):
            # The dice and draws ahead (the RNG), and whatever else the seat cannot see
            # (Lactorama's hands and decks; Fromage hides nothing else without powers).
            variants = [attrs.evolve(s, rng=(s.rng * 3 + 1) % 2**64)]
            for v in variants + list(m.GAME.hidden_variants(s, seat, Rng(5)))[:2]:
                tensor = encode_module(game_id).state_tensor
                assert np.array_equal(tensor(v, seat), tensor(s, seat))
                assert (
                    model.predict(tensor(v, seat)[None])[0]
                    == model.predict(tensor(s, seat)[None])[0]
                )
                checked += 1
        s = m.step(s, legal[rng.randrange(len(legal))])
    assert checked == compared


HELD_OUT_SEED = 10**9  # far from the training's seeds (seed * 1_000_003 + game)


@pytest.mark.parametrize(("game_id", "agreed"), [("fromage", 20), ("lactorama", 18)])
def test_the_value_agrees_with_how_held_out_games_ended(game_id: str, agreed: int) -> None:
    """Near the end of a game the heuristic plays against itself, the seat with the higher
    value is the winner (the last state where a seat had a choice)."""
    m = bgf.get_game(game_id)
    model = packaged_value(game_id)
    assert model is not None
    right = 0
    games = 0
    for g in range(40):
        bots = [m.HeuristicAgent(g * 2 + p) for p in range(2)]
        s = m.new_game(2, seed=HELD_OUT_SEED + g)
        last = s
        while not m.is_terminal(s):
            legal = m.legal_actions(s)
            if len(legal) > 1:
                last = s
            s = m.step(s, bots[s.to_move].act(m.observe(s, s.to_move), legal))
        r = m.returns(s)
        if r[0] == r[1] or games == 20:
            continue
        games += 1
        values = model.returns(last)
        right += (values[0] > values[1]) == (r[0] > r[1])
    assert (games, right) == (20, agreed)


def test_the_module_s_examples_run() -> None:
    import doctest

    import boardgames_fr.value

    assert doctest.testmod(boardgames_fr.value) == (0, 9)  # (failed, attempted)
