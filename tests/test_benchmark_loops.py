"""benchmarks/rl.py's loops play what they say: the row that reads OpenSpiel's numpy
observer plays the very games of the row that reads its lists, and reads the same numbers."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
import rl as loops  # benchmarks/rl.py, put on the path just above


@pytest.mark.parametrize("game_id", ["misere", "dorge_et_ble"])
def test_the_observer_row_plays_the_games_of_the_list_row(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[Any] = []
    monkeypatch.setattr(loops, "policy_input", lambda tensor, legal: seen.append(np.array(tensor)))
    by_list = [loops.openspiel(game_id)(seed) for seed in (0, 1)]
    lists = seen[:]
    seen.clear()
    by_observer = [loops.openspiel(game_id, numpy_observer=True)(seed) for seed in (0, 1)]
    assert by_observer == by_list
    assert len(seen) == len(lists) > 0
    for a, b in zip(seen, lists, strict=True):
        assert np.array_equal(a, np.asarray(b, np.float32))
