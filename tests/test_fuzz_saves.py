"""Damaged saves and match logs (issue #23): `loads` and `Match.from_json` refuse them with
`InvalidStateError` and nothing else, and whatever they accept plays on to the end and
saves again.

Each case starts from a real save or log of a game played part of the way, then damages
it: a value replaced (by an edge value, one from elsewhere in the file, a huge one), a key
removed or added, a list shortened or lengthened, a class tag swapped, the text cut. The
functions below are also what a long local run calls (`fuzz_save`, `fuzz_log`), with a
seed per case; the suite draws a handful of cases per game through Hypothesis.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import boardgames_fr as bgf

Outcome = Literal["refused", "played on"]

# Random play from a damaged state must end: the longest random game of 100,000 took
# 1,256 steps; a state loaded at the edge of what validation allows gets this many.
_MAX_STEPS = 20_000


def _walk(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path (keys and indices) inside a JSON value, the root included."""
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _walk(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _walk(v, (*path, i))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _odd_value(rng: random.Random, doc: Any, old: Any) -> Any:
    """A value that a save or log might hold by mistake or by malice."""
    paths = _walk(doc)
    near = old if isinstance(old, int) and not isinstance(old, bool) else 0
    if near and rng.random() < 0.6:
        # a count just off, or at the edge of what a rule or validation may allow: the
        # damage most likely to load, and then to lead somewhere unchecked
        return rng.choice((near + 1, near - 1, near + rng.randint(2, 30), 0, 10**12, 10**9))
    choices: list[Any] = [
        None,
        True,
        False,
        0,
        -1,
        1,
        near + 1,
        near - 1,
        near * 2,
        -near,
        10 ** rng.randint(1, 40),
        -(10 ** rng.randint(1, 40)),
        2**64,
        0.5,
        1e308,
        "",
        "x" * rng.choice((1, 50, 5000)),
        [],
        {},
        [old] * rng.randint(2, 40),
        {"@": "Nothing"},
        copy.deepcopy(_get(doc, rng.choice(paths))),  # a value from elsewhere in the file
    ]
    if isinstance(old, str):
        choices += [old.upper(), old + " ", old[:-1]]
    return rng.choice(choices)


def damage(text: str, rng: random.Random) -> str:
    """``text`` (JSON) with one to three random faults."""
    if rng.random() < 0.08:  # damage to the text itself
        cut = rng.randrange(len(text))
        if rng.random() < 0.5:
            return text[:cut]
        return text[:cut] + rng.choice('{}[]",:0x\\') + text[cut + 1 :]
    doc = json.loads(text)
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(_walk(doc))
        node = _get(doc, path)
        kind = rng.random()
        if isinstance(node, dict) and node and kind < 0.25:
            key = rng.choice(list(node))
            if rng.random() < 0.5:
                del node[key]
            else:
                node[rng.choice(("extra", key.upper(), "@"))] = _odd_value(rng, doc, node[key])
        elif isinstance(node, list) and node and kind < 0.35:
            i = rng.randrange(len(node))
            roll = rng.random()
            if roll < 0.3:
                del node[i]
            elif roll < 0.6:
                node.insert(i, copy.deepcopy(node[i]))
            elif roll < 0.8:
                node.extend(copy.deepcopy(node) * rng.randint(1, 3))
            else:
                rng.shuffle(node)
        elif isinstance(node, dict) and "@" in node and kind < 0.45:
            tags = [p for p in _walk(doc) if p and p[-1] == "@"]
            node["@"] = _get(doc, rng.choice(tags))
        else:
            doc = _set(doc, path, _odd_value(rng, doc, node))
    return json.dumps(doc, ensure_ascii=False)


def _start(game_id: str, rng: random.Random) -> tuple[Any, int, str]:
    """A game module, a player count and a chance mode, drawn."""
    module = bgf.get_game(game_id)
    n = rng.choice(module.GAME_INFO.player_counts)
    return module, n, rng.choice(("auto", "explicit"))


def _move(module: Any, state: Any, rng: random.Random) -> Any:
    if module.current_player(state) == bgf.CHANCE:
        return bgf.sample_chance(state)
    legal = module.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def _play_on(module: Any, state: Any, rng: random.Random) -> None:
    """Random play from ``state`` to the end, each state saving and loading again."""
    module.render(state, "en")
    module.observe(state, None)
    for steps in range(_MAX_STEPS):
        if steps % 25 == 0:
            assert bgf.loads(bgf.dumps(state)) == state
        if module.is_terminal(state):
            assert bgf.loads(bgf.dumps(state)) == state
            module.winners(state)
            return
        state = module.step(state, _move(module, state, rng))
    raise AssertionError(f"no end after {_MAX_STEPS} steps")


def fuzz_save(game_id: str, seed: int) -> Outcome:
    """One damaged save of ``game_id``: "refused" (InvalidStateError) or "played on"."""
    rng = random.Random(seed)
    module, n, mode = _start(game_id, rng)
    state = module.new_game(n, seed=seed, chance=mode)
    for _ in range(rng.randrange(300)):
        if module.is_terminal(state):
            break
        state = module.step(state, _move(module, state, rng))
    text = damage(bgf.dumps(state), rng)
    try:
        loaded = bgf.loads(text)
    except bgf.InvalidStateError:
        return "refused"
    assert bgf.loads(bgf.dumps(loaded)) == loaded
    _play_on(module, loaded, rng)
    return "played on"


def fuzz_log(game_id: str, seed: int) -> Outcome:
    """One damaged match log of ``game_id``: "refused" or "played on"."""
    rng = random.Random(seed)
    module, n, mode = _start(game_id, rng)
    match = bgf.Match.new(game_id, n, seed=seed, chance=mode)
    for _ in range(rng.randrange(60)):
        if module.is_terminal(match.state):
            break
        match.apply(_move(module, match.state, rng))
    text = damage(match.to_json(), rng)
    try:
        again = bgf.Match.from_json(text)
    except bgf.InvalidStateError:
        return "refused"
    replayed = bgf.Match.from_json(again.to_json())
    assert replayed.state == again.state and replayed.history == again.history
    while not module.is_terminal(again.state) and len(again.history) < _MAX_STEPS:
        again.apply(_move(module, again.state, rng))
    assert module.is_terminal(again.state)
    assert bgf.Match.from_json(again.to_json()).state == again.state
    return "played on"


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_damaged_save_is_refused_or_plays_on(game_id: str, seed: int) -> None:
    assert fuzz_save(game_id, seed) in ("refused", "played on")


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_damaged_match_log_is_refused_or_plays_on(game_id: str, seed: int) -> None:
    assert fuzz_log(game_id, seed) in ("refused", "played on")


def test_damage_changes_the_text_and_stays_reproducible() -> None:
    text = bgf.dumps(bgf.new_game("fromage", num_players=2, seed=1))
    damaged = [damage(text, random.Random(k)) for k in range(20)]
    assert all(d != text for d in damaged)
    assert damaged == [damage(text, random.Random(k)) for k in range(20)]
