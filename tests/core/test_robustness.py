"""Issue #23: bounded work and short messages on hostile input, match logs checked key by
key, and `Match.undo` that never goes back past a die or a card shown (#24, #25)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr.core.errors import excerpt
from boardgames_fr.core.persist import MAX_BYTES
from boardgames_fr.core.serial import decode

FROMAGE = bgf.get_game("fromage")


def _fromage_save() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(bgf.dumps(bgf.new_game("fromage", num_players=2, seed=1)))
    return doc


def _log(game_id: str = "fromage", n: int = 2) -> dict[str, Any]:
    m = bgf.Match.new(game_id, n, seed=1)
    m.apply(m.legal_actions()[0])
    doc: dict[str, Any] = json.loads(m.to_json())
    return doc


# --- 2. work bounded by the input's size ------------------------------------------------


def test_a_15_mb_save_is_refused_by_its_size_before_it_is_parsed() -> None:
    doc = _fromage_save()
    doc["state"]["mice"] = [0] * 5_000_000
    text = json.dumps(doc)
    size = len(text)
    assert size > 15_000_000
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(text)
    assert info.value.path == "<json>"
    assert info.value.problem == (  # characters: the text is refused without encoding it
        f"a save of {size:,} characters is more than the 2,000,000 bytes read by default"
        " (max_bytes=...)"
    )
    # bytes are counted as bytes, and a limit of one's own is named as such
    with pytest.raises(bgf.InvalidStateError, match=r"^<json>: a save of 10 bytes is more than"):
        bgf.loads(b'{"game":1}', max_bytes=9)


def test_max_bytes_raises_the_limit_and_the_save_is_then_read_field_by_field() -> None:
    doc = _fromage_save()
    doc["state"]["mice"] = [0] * 1_000_000
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(json.dumps(doc), max_bytes=10_000_000)
    assert info.value.path.startswith("state.mice")  # the game's own check, not the size
    doc["state"]["mice"][999_999] = "x"
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(json.dumps(doc), max_bytes=10_000_000)
    assert str(info.value) == "state.mice[999999]: expected an integer, got 'x'"


def test_utf8_bytes_count_not_characters() -> None:
    doc = _fromage_save()
    doc["padding"] = "é" * 1_100_000  # 1.1 M characters, 2.2 MB
    text = json.dumps(doc, ensure_ascii=False)
    size = len(text.encode())
    assert len(text) < MAX_BYTES < size
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(text)
    assert info.value.problem.startswith(f"a save of {size:,} bytes is more than the 2,000,000")


def test_a_long_match_log_is_refused_by_its_size() -> None:
    log = _log()
    log["actions"] *= 200_000
    text = json.dumps(log).encode()
    size = len(text)
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(text)
    assert str(info.value) == (
        f"<json>: a match log of {size:,} bytes is more than the 2,000,000 bytes read by"
        " default (max_bytes=...)"
    )
    with pytest.raises(bgf.InvalidStateError, match=r"is more than max_bytes=100$"):
        bgf.Match.from_json(json.dumps(_log()), max_bytes=100)
    with pytest.raises(ValueError, match="max_bytes must be a whole number of bytes, not -1"):
        bgf.Match.from_json(json.dumps(_log()), max_bytes=-1)


def test_a_list_names_its_bad_element_at_any_depth() -> None:
    """Elements are checked without a path string each; the bad one is still named."""
    tp = tuple[tuple[int, ...], ...]
    assert decode([[1, 2], [3]], tp, {}, "state.h") == ((1, 2), (3,))
    with pytest.raises(bgf.InvalidStateError) as info:
        decode([[1, 2], [3, True]], tp, {}, "state.h")
    assert str(info.value) == "state.h[1][1]: expected an integer, got True"
    with pytest.raises(bgf.InvalidStateError) as info:
        decode([[1], [2], "x"], tp, {}, "state.h")
    assert str(info.value) == "state.h[2]: expected a list, got 'x'"
    with pytest.raises(bgf.InvalidStateError) as info:
        decode(["a", "b", 3], tuple[str, ...], {}, "state.names")
    assert str(info.value) == "state.names[2]: expected a string, got 3"


def test_a_fixed_length_list_is_refused_by_its_length_first() -> None:
    with pytest.raises(bgf.InvalidStateError) as info:
        decode(["x"] * 3_000_000, tuple[int, int], {}, "state.pair")
    assert str(info.value) == "state.pair: expected 2 items, got 3,000,000"


# --- 3. messages quote bad input cut short ------------------------------------------------


def test_excerpt_cuts_long_values_and_says_their_size() -> None:
    assert excerpt("x" * 10_000_000) == "'" + "x" * 40 + "…' (10,000,000 characters)"
    assert excerpt([1] * 9) == "[1, 1, 1, 1, …] (9 items)"
    assert excerpt({"k": [[[1]]]}) == "{'k': [[…] (1 item)]}"
    assert excerpt(10**5000) == "an integer of about 5,001 digits"
    assert excerpt((1,)) == "(1,)" and excerpt("ok") == "'ok'" and excerpt(2.5) == "2.5"


def test_a_10_mb_action_is_refused_in_a_short_message() -> None:
    s = bgf.new_game("fromage", num_players=2, seed=1)
    with pytest.raises(bgf.IllegalActionError) as info:
        FROMAGE.step(s, "x" * 10_000_000)
    shown = "'" + "x" * 40 + "…' (10,000,000 characters)"
    assert str(info.value) == f"{shown} is not an action of the game Fromage (cheese race)"
    assert info.value.reason("fr") == f"{shown} n'est pas une action du jeu Fromage"


def test_an_action_with_a_long_field_is_refused_in_a_short_message() -> None:
    s = bgf.new_game("fromage", num_players=2, seed=1)
    cls = next(c for c in FROMAGE.GAME.action_types if c.__name__ == "PickDie")
    with pytest.raises(bgf.IllegalActionError) as info:
        FROMAGE.step(s, cls(die="7" * 1_000_000))
    shown = "'" + "7" * 40 + "…' (1,000,000 characters)"
    assert str(info.value) == f"PickDie: die must be a whole number, not {shown}"


def test_a_message_built_elsewhere_is_cut_as_a_last_resort() -> None:
    e = bgf.IllegalActionError("no space " + "y" * 1_000_000, "pas de case " + "y" * 1_000_000)
    assert len(str(e)) < 2100 and len(e.reason("fr")) < 2100
    assert str(e).endswith("… (a message of 1,000,009 characters, cut)")
    bad = bgf.InvalidStateError("state." + "k" * 10_000, "z" * 10_000)
    assert len(bad.path) == 201 and len(bad.problem) < 2100


def test_a_50_mb_game_id_gives_a_short_message() -> None:
    doc = _fromage_save()
    doc["game"] = "g" * 50_000_000
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(json.dumps(doc), max_bytes=60_000_000)
    assert str(info.value) == (
        "game: unknown game '"
        + "g" * 40
        + "…' (50,000,000 characters); known: "
        + ", ".join(bgf.GAME_IDS)
    )


def test_a_long_unknown_key_is_named_short() -> None:
    doc = _fromage_save()
    doc["state"]["q" * 100_000] = 1
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.loads(json.dumps(doc))
    assert info.value.path == "state.'" + "q" * 40 + "…' (100,000 characters)"
    assert info.value.problem == "unknown field for State"


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("seed", "s" * 100_000, "seed: expected an integer, got 's"),
        ("chance", ["auto"] * 100_000, "chance: must be 'auto' or 'explicit', not ['auto'"),
        ("schema_version", "v" * 100_000, "schema_version: 'vvvv"),
        ("options", "o" * 100_000, "options: expected an object, got 'oooo"),
        ("actions", {"k": 1}, "actions: expected a list, got {'k': 1}"),
    ],
)
def test_a_match_logs_bad_key_is_quoted_short(key: str, value: Any, message: str) -> None:
    log = _log()
    log[key] = value
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert str(info.value).startswith(message)
    assert len(str(info.value)) < 200


# --- 5. match logs: every key for its type ------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("num_players", None, "num_players: Fromage (cheese race) is for 2 to 4 players, not None"),
        ("num_players", 2.0, "num_players: Fromage (cheese race) is for 2 to 4 players, not 2.0"),
        ("num_players", True, "num_players: Fromage (cheese race) is for 2 to 4 players, not True"),
        ("seed", None, "seed: expected an integer, got None"),
        ("chance", None, "chance: must be 'auto' or 'explicit', not None"),
        ("chance", ["auto"], "chance: must be 'auto' or 'explicit', not ['auto']"),
        ("rules_version", None, "rules_version: expected an integer, got None"),
        ("options", None, "options: expected an object, got None"),
        ("actions", None, "actions: expected a list, got None"),
    ],
)
def test_every_key_of_a_match_log_is_checked_for_its_type(
    key: str, value: Any, message: str
) -> None:
    log = _log()
    log[key] = value
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert str(info.value) == message


def test_a_log_without_rules_version_still_replays() -> None:
    log = _log()
    del log["rules_version"]  # logs written before they had one
    assert bgf.Match.from_json(json.dumps(log)).history == tuple(
        bgf.action_from_json("fromage", a) for a in log["actions"]
    )


# --- 6. undo never goes back past chance shown -------------------------------------------


def _until_chance_spoke(m: bgf.Match) -> Any:
    """Play first choices until a move after which the state's generator drew."""
    for _ in range(200):
        before = m.state
        action = m.legal_actions()[0]
        m.apply(action)
        if m.state.rng != before.rng:
            return action
        assert m.can_undo
    raise AssertionError("no chance event in 200 moves")


@pytest.mark.parametrize(
    ("game_id", "expected"),
    [
        ("fromage", "ChooseSpace(space='caisse gauche')"),
        ("little_factory", "Produce(good=6, alt=0)"),
    ],
)
def test_undo_never_takes_back_a_move_after_which_chance_spoke(game_id: str, expected: str) -> None:
    """Fromage rolls dice after a space is chosen; Little Factory draws a building card
    after a production: in auto mode the same generator would give them again, so the
    player could take the move back knowing what chance gives."""
    m = bgf.Match.new(game_id, 2, seed=1, fair_undo=True)
    action = _until_chance_spoke(m)
    assert repr(action) == expected
    history, state = m.history, m.state
    assert not m.can_undo
    with pytest.raises(bgf.IllegalActionError) as info:
        m.undo()
    assert str(info.value) == (
        "this move can no longer be taken back: chance has spoken since (a die rolled or a"
        " card drawn), and the same would come again"
    )
    assert info.value.reason("fr") == (
        "ce coup ne peut plus être annulé : le hasard a parlé depuis (un dé lancé ou une carte"
        " tirée), et il redonnerait la même chose"
    )
    assert m.history == history and m.state is state  # unchanged
    # the next move, with nothing drawn after it, is taken back; then the guard again
    m.apply(m.legal_actions()[0])
    if m.state.rng == state.rng:
        assert m.can_undo
        m.undo()
        assert m.state is state and not m.can_undo


@pytest.mark.parametrize("game_id", ["fromage", "little_factory"])
def test_in_explicit_mode_an_outcome_typed_in_is_taken_back(game_id: str) -> None:
    """At a table the dice are real: undo corrects a typing mistake."""
    m = bgf.Match.new(game_id, 2, seed=1, chance="explicit")
    while m.state.to_move != bgf.CHANCE:
        m.apply(m.legal_actions()[0])
    before = m.state
    outcome = m.legal_actions()[-1]
    m.apply(outcome)
    assert m.can_undo
    assert m.undo() == outcome and m.state is before


def test_undo_with_nothing_to_take_back_says_so() -> None:
    m = bgf.Match.new("misere", 2, seed=1)
    assert not m.can_undo
    with pytest.raises(bgf.IllegalActionError) as info:
        m.undo()
    assert str(info.value) == "nothing to take back: no move has been played"
    assert info.value.reason("fr") == "rien à annuler : aucun coup n'a été joué"
    first = m.legal_actions()[0]
    m.apply(first)
    assert m.can_undo and m.undo() == first and not m.can_undo


def test_an_unknown_game_id_is_quoted_as_an_excerpt() -> None:
    with pytest.raises(ValueError) as e:
        bgf.get_game("x" * 10_000_000)
    assert str(e.value) == (
        "unknown game 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (10,000,000 characters); known: "
        + ", ".join(bgf.GAME_IDS)
    )
