"""Older Fromage saves and match logs in today's form: the `upgrade` hook of
`boardgames_fr.core.Game` (wired in `game.py`).

Each ``schema_version`` of `game.GAME_INFO` and what changed in it:

- 1: die faces were the French colours ``"vert"``, ``"jaune"``, ``"rouge"`` and a die not
  rolled yet ``"?"``; power markers were ``"relance"``, ``"tour"``, ``"transfert"``,
  ``"amelioration"``, ``"deterioration"``, ``"annulation"``. From 2 on they are English
  ids (`state.FACES`, `state.UNROLLED`, `state.KINDS`); a hand stays sorted by id, so it
  is sorted again. Spaces, phases and options did not change.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.fromage.state import (
    CANCEL,
    EXTRA_TURN,
    GREEN,
    IMPROVEMENT,
    RED,
    REROLL,
    TRANSFER,
    UNROLLED,
    WORSENING,
    YELLOW,
)

__all__ = ["upgrade"]

# Schema 1's spelling of each value renamed since, by today's id.
FACES_V1 = {"vert": GREEN, "jaune": YELLOW, "rouge": RED, "?": UNROLLED}
KINDS_V1 = {
    "relance": REROLL,
    "tour": EXTRA_TURN,
    "transfert": TRANSFER,
    "amelioration": IMPROVEMENT,
    "deterioration": WORSENING,
    "annulation": CANCEL,
}


def upgrade(data: Any, version: int) -> Any:
    """``data`` (a saved state, an action or a match log's options, as JSON values) of
    ``schema_version`` ``version``, in today's form; ``data`` itself is never changed.

    Example:
        >>> upgrade({"@": "MoveMouse", "face": "vert", "owner": 0, "to": "seau"}, 1)
        {'@': 'MoveMouse', 'face': 'green', 'owner': 0, 'to': 'seau'}
        >>> upgrade({"@": "Markers", "hands": [["tour", "annulation"]], "deck": [],
        ...          "discards": ["relance"], "played_by": [1]}, 1)["hands"]
        [['cancel', 'extra_turn']]
        >>> upgrade({"board": "B", "powers": True}, 1)
        {'board': 'B', 'powers': True}
    """
    if version != 1:
        raise InvalidStateError("schema_version", f"no upgrade from version {version!r}")
    return _walk(data)


def _walk(value: Any) -> Any:
    """A copy of ``value`` with every tagged object of schema 1 in today's form; a value
    of the wrong shape comes through as it is (decoding then names what is wrong)."""
    if isinstance(value, list):
        return [_walk(v) for v in value]
    if not isinstance(value, dict):
        return value
    new = {k: _walk(v) for k, v in value.items()}
    tag = new.get("@")
    if tag in ("MoveMouse", "DieFace"):
        _rename(new, "face", FACES_V1)
    elif tag in ("PlayMarker", "DrawMarker", "Effect"):
        _rename(new, "kind", KINDS_V1)
    elif tag == "State":
        _rename_each(new, "dice", FACES_V1)
        _rename_each(new, "todo", FACES_V1)
    elif tag == "Markers":
        _rename_each(new, "discards", KINDS_V1)
        hands = new.get("hands")
        if isinstance(hands, list):
            new["hands"] = [_sorted_hand(h) for h in hands]
    return new


def _rename(obj: dict[str, Any], key: str, names: dict[str, str]) -> None:
    value = obj.get(key)
    if isinstance(value, str) and value in names:
        obj[key] = names[value]


def _rename_each(obj: dict[str, Any], key: str, names: dict[str, str]) -> None:
    values = obj.get(key)
    if isinstance(values, list):
        obj[key] = [names.get(v, v) if isinstance(v, str) else v for v in values]


def _sorted_hand(hand: Any) -> Any:
    # `Markers.hands`: each hand sorted by id, and the ids sort otherwise than in schema 1.
    if not isinstance(hand, list) or not all(isinstance(k, str) for k in hand):
        return hand
    return sorted(KINDS_V1.get(k, k) for k in hand)
