"""Save files: versioned JSON of a state, including its RNG, validated on load."""

from __future__ import annotations

import json
from typing import Any

from boardgames_fr.core.errors import InvalidStateError, excerpt
from boardgames_fr.core.game import _BY_ID, Game, game_of
from boardgames_fr.core.registry import GAME_IDS, get_game
from boardgames_fr.core.serial import decode, encode

__all__ = [
    "MAX_BYTES",
    "action_from_json",
    "action_to_json",
    "check_size",
    "check_version",
    "dumps",
    "loads",
    "parse_json",
]

MAX_BYTES = 2_000_000
"""The largest save or match log, in bytes of UTF-8, that `loads` and `Match.from_json`
read unless told otherwise (their ``max_bytes``). Measured on real files: the longest
match log of 400 games between random agents per game, at its largest player count and
in both chance modes, is 39,199 bytes (Fromage at 4 players, 816 actions); the actions of
the longest of 7,143 Lactorama games at 8 players take 39,254 bytes; a save is under
2,000 bytes. The limit leaves a margin of about 50 times. A text over it is
refused before it is parsed, in time that does not grow with its size."""


def dumps(state: Any) -> str:
    """A state as JSON text, with ``"game"`` and ``"schema_version"`` keys.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1)
        >>> bgf.loads(bgf.dumps(s)) == s
        True
    """
    game = game_of(state)
    doc = {
        "game": game.info.game_id,
        "schema_version": game.info.schema_version,
        "state": encode(state),
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def check_size(text: str | bytes, max_bytes: int = MAX_BYTES, what: str = "a save") -> None:
    """Refuse ``text`` longer than ``max_bytes`` bytes of UTF-8, before any parsing:
    `InvalidStateError` with path ``"<json>"``, saying how to read a longer file.

    Example:
        >>> try:
        ...     check_size(" " * 3_000_000, max_bytes=1_000_000)
        ... except InvalidStateError as e:
        ...     print(e.problem)
        a save of 3,000,000 characters is more than max_bytes=1,000,000
    """
    if type(max_bytes) is not int or max_bytes < 0:
        raise ValueError(f"max_bytes must be a whole number of bytes, not {excerpt(max_bytes)}")
    unit = "bytes"
    if isinstance(text, str):
        # A character is one to four bytes: more characters than max_bytes is too long
        # without encoding anything (and said in characters); else the exact count of
        # bytes (cheap next to parsing).
        if len(text) > max_bytes:
            size, unit = len(text), "characters"
        else:
            size = len(text.encode("utf-8", "surrogatepass"))
    elif isinstance(text, bytes | bytearray):
        size = len(text)
    else:
        return  # not text: `parse_json` says so
    if size > max_bytes:
        raise InvalidStateError(
            "<json>",
            f"{what} of {size:,} {unit} is more than the {max_bytes:,} bytes read by default"
            " (max_bytes=...)"
            if max_bytes == MAX_BYTES
            else f"{what} of {size:,} {unit} is more than max_bytes={max_bytes:,}",
        )


def _game_for(doc: Any) -> Game[Any, Any, Any]:
    if not isinstance(doc, dict):
        raise InvalidStateError("", "a save must be a JSON object")
    gid = doc.get("game")
    if not isinstance(gid, str):
        raise InvalidStateError(
            "game", "missing" if gid is None else f"expected a game id, got {excerpt(gid)}"
        )
    try:
        get_game(gid)
    except ValueError:
        # Said here, not by the registry, whose message repeats the id whole.
        known = ", ".join(GAME_IDS)
        raise InvalidStateError("game", f"unknown game {excerpt(gid)}; known: {known}") from None
    return _BY_ID[gid]


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict, refusing a key given twice: `json` would keep the last
    value, other readers the first, so such a file says two things (``"rng"`` twice, or
    ``"game"`` naming two games) and no one can tell which was meant."""
    doc = dict(pairs)
    if len(doc) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise InvalidStateError(
                    "<json>", f"the key {excerpt(key)} is given twice in one object"
                )
            seen.add(key)
    return doc


def parse_json(text: str | bytes) -> Any:
    """JSON text as Python data; raises `InvalidStateError` with path ``"<json>"`` for text
    that is not JSON, has a key twice in one object, or is nested too deeply to parse
    (``[[[[...`` thousands deep).

    Example:
        >>> parse_json('{"a": [1]}')
        {'a': [1]}
        >>> try:
        ...     parse_json('{"a": 1, "a": 2}')
        ... except InvalidStateError as e:
        ...     print(e)
        <json>: the key 'a' is given twice in one object
    """
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except InvalidStateError:
        raise
    except RecursionError:
        raise InvalidStateError("<json>", "nested too deeply to be read") from None
    except (ValueError, TypeError) as e:
        raise InvalidStateError("<json>", f"not valid JSON ({e})") from None


def check_version(doc: dict[str, Any]) -> Game[Any, Any, Any]:
    """The game of a save or match log ``doc`` (a JSON object), after checking its
    ``"game"`` and ``"schema_version"`` keys; raises `InvalidStateError` naming the key.

    Example:
        >>> import boardgames_fr as bgf
        >>> check_version({"game": "fromage", "schema_version": 1}).info.game_id
        'fromage'
        >>> try:
        ...     check_version({"game": "fromage", "schema_version": 99})
        ... except bgf.InvalidStateError as e:
        ...     print(e.path)
        schema_version
    """
    if "schema_version" not in doc:
        raise InvalidStateError("schema_version", "missing")
    game = _game_for(doc)
    version = doc["schema_version"]
    if type(version) is not int or not game.reads_version(version):  # not true, not 1.0
        raise InvalidStateError(
            "schema_version",
            f"{excerpt(version)} is not supported by this version of {game.info.game_id} "
            f"(expected {game.info.schema_version})",
        )
    return game


def loads(text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Any:
    """The state saved by `dumps`; raises `InvalidStateError` naming the bad field.

    Nothing in the text is executed: it is parsed as JSON and rebuilt from the game's own
    classes, field by field, then the game's invariants are checked. A text longer than
    ``max_bytes`` bytes (`MAX_BYTES` by default, hundreds of times a real save) is refused
    before it is parsed, so that a server reading saves from strangers does bounded work.

    Example:
        >>> import boardgames_fr as bgf
        >>> try:
        ...     bgf.loads("not json")
        ... except bgf.InvalidStateError as e:
        ...     print(e.path)
        <json>
    """
    check_size(text, max_bytes)
    doc = parse_json(text)
    if not isinstance(doc, dict):
        raise InvalidStateError("", "a save must be a JSON object")
    game = check_version(doc)
    if "state" not in doc:
        raise InvalidStateError("state", "missing")
    data = game.upgrade(doc["state"], doc["schema_version"])
    try:
        state = decode(data, game.state_cls, game.classes, "state")
    except RecursionError:
        # Within the parser's depth, but deeper than decoding can follow (a field of
        # any type holding lists of lists ...): no save of a game is like that.
        raise InvalidStateError("state", "nested too deeply to be read") from None
    game.validate(state)
    return state


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as a JSON object (tagged with its class name under ``"@"``).

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1)
        >>> a = bgf.get_game("fromage").legal_actions(s)[0]
        >>> bgf.action_from_json("fromage", bgf.action_to_json(a)) == a
        True
    """
    # A state or an observation encodes too, and would come back as a move nobody can
    # play: only an action of a registered game (its module is loaded, so its game is).
    if not any(isinstance(action, game.action_types) for game in _BY_ID.values()):
        raise TypeError(f"{type(action).__name__} is not an action of any game")
    data: dict[str, Any] = encode(action)  # an attrs object encodes as a dict
    return data


def action_from_json(
    game_id: str, data: Any, path: str = "action", schema_version: int | None = None
) -> Any:
    """Rebuild an action of ``game_id`` from `action_to_json`'s output.

    Raises `InvalidStateError` when the data is not an action of that game; its path
    starts with ``path`` (`Match.from_json` passes ``"actions[3]"``). ``schema_version``
    names the form of an action read from an older match log (None: today's).

    Example:
        >>> import boardgames_fr as bgf
        >>> bgf.action_from_json("fromage", {"@": "ChooseSpace", "space": "gros bidon"})
        ChooseSpace(space='gros bidon')
    """
    get_game(game_id)
    game = _BY_ID[game_id]
    if schema_version is not None:
        data = game.upgrade(data, schema_version)
    names = {c.__name__: c for c in game.action_types}
    tag = data.get("@") if isinstance(data, dict) else None
    if not isinstance(tag, str) or tag not in names:
        raise InvalidStateError(f"{path}.@", f"not an action of {game_id}: {excerpt(data)}")
    try:
        return decode(data, names[tag], game.classes, path)
    except RecursionError:
        raise InvalidStateError(path, "nested too deeply to be read") from None
