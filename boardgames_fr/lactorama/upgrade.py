"""Older saves, actions and match logs in today's form (the core's ``upgrade`` hook).

Version 1 spelt the Négoce's items and the end reasons in French; version 2 (issue #20)
spells every value a program reads as an English identifier (`state.OFFER_KINDS`,
`state.END_REASONS`).
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.lactorama.state import (
    END_BONS,
    END_GREEN,
    END_LAST_FARM,
    END_NO_FARM,
    END_SIZE,
    END_YEARS,
    KIND_COWS,
    KIND_MONEY,
    KIND_NOTHING,
)

__all__ = ["KINDS_V1", "REASONS_V1", "upgrade"]

# Version 1's words for what changed: an offer's items, an ending's reason.
KINDS_V1 = {"vaches": KIND_COWS, "argent": KIND_MONEY, "rien": KIND_NOTHING}
REASONS_V1 = {
    "dernier": END_LAST_FARM,
    "aucune": END_NO_FARM,
    "annees": END_YEARS,
    "vert": END_GREEN,
    "bons": END_BONS,
    "taille": END_SIZE,
}
# The fields that hold them, by the class tag of the object (`core.serial`'s "@").
_FIELDS_V1 = {
    "Offer": (("give", KINDS_V1), ("take", KINDS_V1)),
    "Give": (("kind", KINDS_V1),),
    "Take": (("kind", KINDS_V1),),
    "State": (("end_reason", REASONS_V1),),
}


def _v1(data: Any) -> Any:
    """``data`` with every French value of version 1 in today's words (a new JSON value;
    the input is not changed)."""
    if isinstance(data, list):
        return [_v1(x) for x in data]
    if not isinstance(data, dict):
        return data
    out = {k: _v1(v) for k, v in data.items()}
    tag = data.get("@")
    for name, words in _FIELDS_V1.get(tag, ()) if isinstance(tag, str) else ():
        value = out.get(name)
        if isinstance(value, str) and value in words:
            out[name] = words[value]
    return out


def upgrade(data: Any, version: int) -> Any:
    """``data`` (a saved state, an action or a match log's options, as JSON values) of
    ``schema_version`` ``version``, in today's form.

    Example:
        >>> upgrade({"@": "Give", "kind": "vaches", "qty": 2}, 1)
        {'@': 'Give', 'kind': 'cows', 'qty': 2}
    """
    if version == 1:
        return _v1(data)
    raise InvalidStateError("schema_version", f"{version!r} is not a version of lactorama")
