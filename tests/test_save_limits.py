"""Issue #23, every game: a save that loads only leads to saves that load.

From a state part of the way through a random game, some of its numbers are raised to
the largest value a save may hold in that state (found by bisection on `bgf.loads`), and
random play goes on from there to the end: every state reached saves and loads again.
Misère and Lactorama also have their own test, which knows their limits
(tests/misere/test_mi_limits.py, tests/lactorama/test_la_limits.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_fuzz_saves import _get, _move, _set, _walk

import boardgames_fr as bgf

# Far beyond any count a game reaches: a number still accepted this far above its value
# has no cap.
_SPAN = 2**50
# Random play from a raised state must end (as in test_fuzz_saves).
_MAX_STEPS = 20_000


def _loads(raw: dict[str, Any]) -> Any | None:
    try:
        return bgf.loads(json.dumps(raw))
    except bgf.InvalidStateError:
        return None


def at_the_limit(raw: dict[str, Any], path: tuple[Any, ...]) -> bool:
    """Raise the number at ``path`` of the save ``raw`` (in place) to the largest value
    that still loads, up to `_SPAN` above it; False if the save no longer loads then."""
    old = _get(raw, path)
    lo, hi = old, old + _SPAN  # lo loads; find the last value that does below hi
    _set(raw, path, hi)
    if _loads(raw) is not None:
        return True
    while hi - lo > 1:
        mid = (lo + hi) // 2
        _set(raw, path, mid)
        if _loads(raw) is None:
            hi = mid
        else:
            lo = mid
    _set(raw, path, lo)
    return _loads(raw) is not None


def _numbers(raw: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The paths of the save's integers (not the RNG's state: any value is a state)."""
    return [
        p
        for p in _walk(raw)
        if len(p) > 1
        and p[0] == "state"
        and "rng" not in p
        and isinstance(_get(raw, p), int)
        and not isinstance(_get(raw, p), bool)
    ]


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
@settings(deadline=None, max_examples=6)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300), raised=st.integers(1, 4))
def test_play_from_the_limits_saves_and_loads(
    game_id: str, seed: int, steps: int, raised: int
) -> None:
    rng = random.Random(seed)
    module = bgf.get_game(game_id)
    n = rng.choice(module.GAME_INFO.player_counts)
    state = module.new_game(n, seed=seed, chance=rng.choice(("auto", "explicit")))
    for _ in range(steps):
        if module.is_terminal(state):
            break
        state = module.step(state, _move(module, state, rng))
    raw = json.loads(bgf.dumps(state))
    paths = _numbers(raw)
    for path in rng.sample(paths, min(raised, len(paths))):
        before = _get(raw, path)
        if not at_the_limit(raw, path):
            _set(raw, path, before)
    state = bgf.loads(json.dumps(raw))
    for _ in range(_MAX_STEPS):
        assert bgf.loads(bgf.dumps(state)) == state
        if module.is_terminal(state):
            return
        state = module.step(state, _move(module, state, rng))
    raise AssertionError(f"no end after {_MAX_STEPS} steps")


def test_at_the_limit_finds_the_largest_value_that_loads() -> None:
    # Misère's money has a cap (MAX_AMOUNT less what the rest of the game can add).
    from boardgames_fr.misere.validate import amount_limit

    s = bgf.new_game("misere", num_players=2, seed=1)
    raw = json.loads(bgf.dumps(s))
    path = ("state", "players", 0, "money")
    assert at_the_limit(raw, path)
    assert _get(raw, path) == amount_limit(s, 0)[0]
    _set(raw, path, amount_limit(s, 0)[0] + 1)
    assert _loads(raw) is None
