"""Older Little Factory saves and match logs in today's form: the `upgrade` hook of
`boardgames_fr.core.Game` (wired in `game.py`).

Each ``schema_version`` of `game.GAME_INFO` and what changed in it:

- 1: the first round's coin exchange phase (LF-02) was ``"exchange"``; it is
  ``"coin_exchange"`` from 2 on, since the French « échange » is the trade of LF-05 (the
  ``"take"`` and ``"pay"`` phases). Actions and options did not change.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.little_factory.state import PHASE_COIN_EXCHANGE, State

__all__ = ["upgrade"]

# Schema 1's names of the phases renamed since, by today's name.
_PHASES_V1 = {"exchange": PHASE_COIN_EXCHANGE}
# A saved object is tagged with its class name ("@"): a state's tag.
_STATE_TAG = State.__name__


def upgrade(data: Any, version: int) -> Any:
    """``data`` (a saved state, an action or a match log's options, as JSON values) of
    ``schema_version`` ``version``, in today's form; ``data`` itself is never changed.

    Example:
        >>> upgrade({"@": "State", "phase": "exchange"}, 1)
        {'@': 'State', 'phase': 'coin_exchange'}
        >>> upgrade({"@": "EndExchange"}, 1)
        {'@': 'EndExchange'}
    """
    if version != 1:
        raise InvalidStateError("schema_version", f"no upgrade from version {version!r}")
    # Only a state holds a phase; an action or the options come through as they are, and
    # so does a value that is no state (decoding then names what is wrong with it).
    if isinstance(data, dict) and data.get("@") == _STATE_TAG:
        phase = data.get("phase")
        if isinstance(phase, str) and phase in _PHASES_V1:
            return {**data, "phase": _PHASES_V1[phase]}
    return data
