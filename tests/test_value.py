"""The learned values (`boardgames_fr.value`): the shipped files load and fit their game,
were fitted on the numbers today's encoder gives (their encoder fingerprint), a malformed
file is refused with the field named, a seat's value reads only what the seat sees, and
the values agree with how held-out games ended."""

from __future__ import annotations

import importlib
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
from boardgames_fr.value import (
    FINGERPRINT_STATES,
    FORMAT,
    encoder_fingerprint,
    fingerprint_states,
    options_key,
    packaged_value,
    parse_value,
    value_path,
)

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


@pytest.mark.parametrize("game_id", VALUED)
def test_the_shipped_value_was_fitted_on_today_s_encoder(game_id: str) -> None:
    """The tensors today's encoder gives are those the value was fitted on: an encoder
    whose numbers change makes the shipped value read numbers it never saw."""
    data = _file(game_id)
    today = encoder_fingerprint(game_id, data["num_players"], data["options"])
    assert today == data["encoder_sha256"], (
        f"boardgames_fr.{game_id}.encode.state_tensor no longer gives the numbers the "
        f"shipped value boardgames_fr/data/{value_path(game_id)} was fitted on (encoder "
        f"fingerprint {today}, the file's {data['encoder_sha256']}): either revert the "
        "change to the encoder (an optimisation must give the same numbers bit for bit), "
        "or retrain the value with its command in docs/bots.md (the file's "
        f"training.command: {data['training']['command']}) and commit the new file"
    )
    # Parsed into the model, for a caller that checks a file of its own.
    model = packaged_value(game_id)
    assert model is not None and model.encoder_sha256 == today


def _perturbed(monkeypatch: pytest.MonkeyPatch, game_id: str, where: Any) -> None:
    """The game's encoder with 1e-3 added to entry ``where(state, seat, tensor, call)`` of
    the tensor it gives at its ``call``-th call (None: the tensor left as it is)."""
    module = encode_module(game_id)
    original = module.state_tensor
    calls = [0]

    def state_tensor(state: Any, seat: int | None) -> Any:
        calls[0] += 1
        tensor = original(state, seat)
        index = where(state, seat, tensor, calls[0])
        if index is None:
            return tensor
        changed = tensor.copy()  # the encoder's own array may be shared (memoised)
        changed[index] += np.float32(1e-3)
        return changed

    monkeypatch.setattr(module, "state_tensor", state_tensor)


FROMAGE = bgf.get_game("fromage")


def _last_nonzero(tensor: Any) -> int:
    return int(np.flatnonzero(tensor)[-1])


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ("nothing (the wrapper alone)", lambda s, seat, t, call: None),
        ("entry 0 of every tensor", lambda s, seat, t, call: 0),
        ("the last entry of seat 1's tensors", lambda s, seat, t, call: -1 if seat else None),
        (
            "the last non-zero entry at the ends of games only",
            lambda s, seat, t, call: _last_nonzero(t) if FROMAGE.is_terminal(s) else None,
        ),
        (
            "one number of one tensor, deep in the games read",
            lambda s, seat, t, call: _last_nonzero(t) if call == FINGERPRINT_STATES else None,
        ),
    ],
)
def test_the_fingerprint_changes_with_any_number_of_the_tensors(
    monkeypatch: pytest.MonkeyPatch, change: str, where: Any
) -> None:
    shipped = _file("fromage")["encoder_sha256"]
    _perturbed(monkeypatch, "fromage", where)
    assert (encoder_fingerprint("fromage", 2) == shipped) is (change.startswith("nothing"))


@pytest.mark.parametrize(("game_id", "entries"), [("fromage", 89), ("lactorama", 1068)])
def test_the_fingerprint_reads_every_entry_the_training_s_games_reach(
    game_id: str, entries: int
) -> None:
    """A number always 0 in the states read could be rescaled unseen: every entry that is
    not 0 somewhere in 40 games like the training's (the heuristic against itself, a
    random move one time in ten) is not 0 somewhere in the fingerprint's states."""
    m = bgf.get_game(game_id)
    tensor = encode_module(game_id).state_tensor

    def reached(states: Any) -> set[int]:
        return {int(i) for s in states for p in range(2) for i in np.flatnonzero(tensor(s, p))}

    def training_like() -> Any:
        rng = Rng(7)
        for g in range(40):
            bots = [m.HeuristicAgent(g * 8 + p) for p in range(2)]
            s = m.new_game(2, seed=g)
            while not m.is_terminal(s):
                yield s
                legal = m.legal_actions(s)
                if rng.random() < 0.1:
                    s = m.step(s, legal[rng.randrange(len(legal))])
                else:
                    s = m.step(s, bots[s.to_move].act(m.observe(s, s.to_move), legal))
            yield s

    trained = reached(training_like())
    assert len(trained) == entries  # of 150 (Fromage without powers) and 1265
    assert sorted(trained - reached(fingerprint_states(game_id, 2))) == []


def test_train_values_writes_the_fingerprint(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "benchmarks"))
    train_values = importlib.import_module("train_values")  # benchmarks/train_values.py
    out = tmp_path / "fromage_value.json"
    argv = ["--game", "fromage", "--games", "20", "--hidden", "2", "--epochs", "1"]
    train_values.main([*argv, "--out", str(out)])
    data = json.loads(out.read_text("utf-8"))
    assert data["encoder_sha256"] == _file("fromage")["encoder_sha256"]
    assert list(data)[:5] == ["format", "game", "num_players", "options", "encoder_sha256"]


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
        (_bad({"encoder_sha256": None}), "encoder_sha256: None is not 64 lowercase hex"),
        (_bad({"encoder_sha256": 7}), "encoder_sha256: 7 is not 64 lowercase hexadecimal"),
        (_bad({"encoder_sha256": "ab" * 31}), "encoder_sha256: 'abab.*ab' is not 64"),
        (_bad({"encoder_sha256": "AB" * 32}), "encoder_sha256: 'ABAB.*AB' is not 64"),
        (_bad({"encoder_sha256": "g" * 64}), "encoder_sha256: 'gggg.*g' is not 64"),
        (_bad({"encoder_sha256": "ab" * 32 + "\n"}), r"encoder_sha256: 'abab.*ab\\n' is not"),
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


def test_a_value_file_without_its_encoder_fingerprint_is_refused() -> None:
    data = _file("fromage")
    del data["encoder_sha256"]
    with pytest.raises(InvalidStateError, match=r"^encoder_sha256: missing \(the value's "):
        parse_value(json.dumps(data), "fromage")


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

    assert doctest.testmod(boardgames_fr.value) == (0, 14)  # (failed, attempted)
