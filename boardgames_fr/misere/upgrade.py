"""Reading saves and match logs of an older `schema_version`: the `upgrade` hook.

Schema 2 (issue #20) spells every public string value as an English identifier:

- the move in progress at the Oeuvre circle (MI-13), ``Pending.stage``: ``"oeuvre"`` (the
  tile's name) became ``"work_for_self"`` (bosser pour sa gueule, the decision it waits
  for), so that ``"oeuvre"`` names the tile alone, as in ``Qualify`` and ``LoseWorker``;
- the move ``Glander`` (MI-10) became ``SlackOff``, the class name a save tags it with.

Everything else (options, phases, the other stages and actions) reads as before.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.misere.state import WORK_FOR_SELF

__all__ = ["upgrade"]

# Schema 1's values that schema 2 renames: a tagged class name, a `Pending.stage`.
_V1_CLASSES = {"Glander": "SlackOff"}
_V1_STAGES = {"oeuvre": WORK_FOR_SELF}


def upgrade(data: Any, version: int) -> Any:
    """``data`` (a saved state, an action or a match log's options, as JSON values) of
    schema ``version``, in today's form; raises `InvalidStateError` for a version it does
    not read. The input is never changed.

    Example:
        >>> upgrade({"@": "Glander"}, 1)
        {'@': 'SlackOff'}
        >>> upgrade({"@": "Pending", "stage": "oeuvre"}, 1)["stage"]
        'work_for_self'
    """
    if version != 1:
        raise InvalidStateError("schema_version", f"Misère has no schema {version!r}")
    return _v1(data)


def _v1(data: Any) -> Any:
    """A JSON value of schema 1 in schema 2's form, rebuilt (lists and objects copied)."""
    if isinstance(data, list):
        return [_v1(x) for x in data]
    if not isinstance(data, dict):
        return data
    out = {key: _v1(value) for key, value in data.items()}
    tag = out.get("@")
    if isinstance(tag, str) and tag in _V1_CLASSES:
        out["@"] = _V1_CLASSES[tag]
    if tag == "Pending":
        stage = out.get("stage")
        if isinstance(stage, str) and stage in _V1_STAGES:
            out["stage"] = _V1_STAGES[stage]
    return out
