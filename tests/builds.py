"""Helpers shared by test modules (on the tests' path: pyproject's pytest ``pythonpath``).

For the tests that compare a compiled build with the Python source (setup.py's mypyc
modules): a piece of code run in this process, whatever build is installed, and the same
code run from the source in a process of its own (``BGF_PURE_PYTHON=1``). For the
adapters' tests: a game's encode module, or a skip.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from typing import Any

import pytest

from boardgames_fr.core.registry import encode_module


def here(play: str, call: str) -> list[str]:
    """``call`` evaluated after ``play`` in this process."""
    scope: dict[str, Any] = {}
    exec(play, scope)
    result: list[str] = eval(call, scope)
    return result


@functools.cache
def from_source(play: str, call: str) -> tuple[str, ...]:
    """What the Python source gives for ``call`` after ``play``, in a process of its own."""
    code = play + f"\nprint(json.dumps({call}))"
    env = {**os.environ, "BGF_PURE_PYTHON": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return tuple(json.loads(out.stdout))


def encoded(game_id: str) -> Any:
    """The game's encode module, or a skip naming the missing module."""
    try:
        return encode_module(game_id)
    except NotImplementedError as e:
        pytest.skip(str(e))
