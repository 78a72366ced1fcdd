"""JSON encoding of states, actions and observations, driven by the attrs field types.

Every attrs object becomes a JSON object tagged with its class name under ``"@"``; tuples
become lists. Decoding walks the declared field types, so a save is checked field by field
and an error names the path of the bad field (``state.mice[3]: expected an integer,
got 'x'``). Only classes of the game's whitelist can be built: nothing in a file is ever
executed or imported.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from boardgames_fr.core.errors import InvalidStateError, excerpt

__all__ = ["ABSENT", "absent_values", "decode", "encode"]

_NoneType = type(None)
# A field added after saves were written may say, in its metadata under this key, what a
# save without it meant (``attrs.field(default=2, metadata={ABSENT: 3})``): a game saved
# before the field existed loads as it was played, not with the new default.
ABSENT = "bgf_absent"
_FIELDS: dict[type, tuple[tuple[str, Any, bool, Any], ...]] = {}


def encode(obj: Any) -> Any:
    """A JSON-ready structure for a state, action, observation or options value.

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Move:
        ...     to: tuple[int, ...]
        >>> encode(Move((1, 2)))
        {'@': 'Move', 'to': [1, 2]}
    """
    if obj is None or isinstance(obj, bool | str):
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, int | float):
        return obj
    if isinstance(obj, tuple | list):
        return [encode(x) for x in obj]
    if attrs.has(type(obj)):
        out: dict[str, Any] = {"@": type(obj).__name__}
        for a in attrs.fields(type(obj)):
            out[a.name] = encode(getattr(obj, a.name))
        return out
    raise TypeError(f"cannot encode {type(obj).__name__} as JSON")


def _fields(cls: type) -> tuple[tuple[str, Any, bool, Any], ...]:
    """(name, type, has a default, what its absence means or attrs.NOTHING) per field."""
    cached = _FIELDS.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        cached = tuple(
            (
                a.name,
                hints.get(a.name, Any),
                a.default is not attrs.NOTHING,
                a.metadata.get(ABSENT, attrs.NOTHING),
            )
            for a in attrs.fields(cls)
        )
        _FIELDS[cls] = cached
    return cached


def absent_values(cls: type, present: Any) -> dict[str, Any]:
    """The fields of ``cls`` missing from ``present`` (names) whose absence means a value
    of their own (`ABSENT`), with that value: what an old save or log left unsaid.

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Opts:
        ...     size: int = attrs.field(default=2, metadata={ABSENT: 3})
        >>> absent_values(Opts, {}), absent_values(Opts, {"size": 2})
        ({'size': 3}, {})
    """
    return {
        name: absent
        for name, _, _, absent in _fields(cls)
        if absent is not attrs.NOTHING and name not in present
    }


_kind = excerpt  # how a message quotes a bad value: cut short, with its size


def _key(key: str) -> str:
    """A key of the input as a path element: cut short like any value quoted."""
    return key if len(key) <= 40 else excerpt(key)


def _at(error: InvalidStateError, placeholder: str, path: str) -> InvalidStateError:
    """``error`` raised under ``placeholder`` (an element's path, written once for all
    the elements of a list), named at the element's own ``path``."""
    where = error.path
    if where.startswith(placeholder):
        where = path + where[len(placeholder) :]
    return InvalidStateError(where, error.problem)


def _items(value: list[Any], tp: Any, classes: Mapping[str, type], path: str) -> tuple[Any, ...]:
    """The elements of a JSON list decoded as ``tp``. A list of plain values is checked in
    one pass, and no element gets a path string unless it is the bad one: the work on a
    long list is a few operations per element (a save of five million counts once built a
    path string for each before its length was checked)."""
    if tp is int or tp is str or tp is bool:
        for x in value:
            if type(x) is not tp:
                break
        else:
            return tuple(value)
    placeholder = path + "[*]"
    out = []
    i = 0
    try:
        for i, x in enumerate(value):  # noqa: B007 (i names the bad element below)
            out.append(decode(x, tp, classes, placeholder))
    except InvalidStateError as e:
        raise _at(e, placeholder, f"{path}[{i}]") from None
    return tuple(out)


def decode(value: Any, tp: Any, classes: Mapping[str, type], path: str) -> Any:
    """Rebuild a value of type ``tp`` from JSON data, checking it as it goes.

    ``classes`` maps the tag names that may appear to their classes (the whitelist).
    Raises `InvalidStateError` with ``path`` extended to the bad field.

    Example:
        >>> decode([1, 2], tuple[int, ...], {}, "state.x")
        (1, 2)
    """
    if tp is Any or tp is object:
        return _decode_any(value, classes, path)
    if tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise InvalidStateError(path, f"expected an integer, got {_kind(value)}")
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise InvalidStateError(path, f"expected true or false, got {_kind(value)}")
    if tp is str:
        if isinstance(value, str):
            return value
        raise InvalidStateError(path, f"expected a string, got {_kind(value)}")
    if tp is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise InvalidStateError(path, f"expected a number, got {_kind(value)}")
    if tp is _NoneType or tp is None:
        if value is None:
            return None
        raise InvalidStateError(path, f"expected null, got {_kind(value)}")
    origin = typing.get_origin(tp)
    if origin is tuple:
        if not isinstance(value, list):
            raise InvalidStateError(path, f"expected a list, got {_kind(value)}")
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return _items(value, args[0], classes, path)
        if args == ((),):
            args = ()
        if len(value) != len(args):  # the length first: no element of a wrong-sized list
            raise InvalidStateError(path, f"expected {len(args)} items, got {len(value):,}")
        return tuple(
            decode(x, t, classes, f"{path}[{i}]")
            for i, (x, t) in enumerate(zip(value, args, strict=True))
        )
    if origin is typing.Union or origin is types.UnionType:
        return _decode_union(value, typing.get_args(tp), classes, path)
    if origin is typing.Literal:
        if value in typing.get_args(tp) and type(value) in {type(a) for a in typing.get_args(tp)}:
            return value
        raise InvalidStateError(
            path, f"expected one of {typing.get_args(tp)!r}, got {_kind(value)}"
        )
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        try:
            return tp(value)
        except ValueError:
            raise InvalidStateError(path, f"{_kind(value)} is not a valid {tp.__name__}") from None
    if isinstance(tp, type) and attrs.has(tp):
        return _decode_attrs(value, tp, classes, path)
    raise InvalidStateError(path, f"cannot decode a field of type {tp!r}")


def _decode_union(
    value: Any, members: tuple[Any, ...], classes: Mapping[str, type], path: str
) -> Any:
    if isinstance(value, dict) and "@" in value:
        for m in members:
            if isinstance(m, type) and attrs.has(m) and m.__name__ == value["@"]:
                return _decode_attrs(value, m, classes, path)
        if Any in members or object in members:
            return _decode_any(value, classes, path)
        allowed = [m.__name__ for m in members if isinstance(m, type)]
        raise InvalidStateError(path, f"{_kind(value['@'])} is not one of {allowed}")
    last: InvalidStateError | None = None
    for m in members:
        try:
            return decode(value, m, classes, path)
        except InvalidStateError as e:
            last = e
    if last is not None and len(members) == 1:
        raise last
    raise InvalidStateError(path, f"{_kind(value)} does not fit any of the expected types")


def _decode_attrs(value: Any, cls: type, classes: Mapping[str, type], path: str) -> Any:
    if not isinstance(value, dict):
        raise InvalidStateError(
            path, f"expected an object of type {cls.__name__}, got {_kind(value)}"
        )
    tag = value.get("@", cls.__name__)
    if tag != cls.__name__:
        raise InvalidStateError(f"{path}.@", f"expected {cls.__name__}, got {_kind(tag)}")
    fields = _fields(cls)
    known = {name for name, _, _, _ in fields}
    for key in value:
        if key != "@" and key not in known:
            raise InvalidStateError(f"{path}.{_key(key)}", f"unknown field for {cls.__name__}")
    kwargs: dict[str, Any] = {}
    for name, ftype, has_default, absent in fields:
        if name not in value:
            if absent is not attrs.NOTHING:
                kwargs[name] = absent  # a save from before the field (`ABSENT`)
                continue
            if has_default:
                continue
            raise InvalidStateError(f"{path}.{name}", "missing")
        kwargs[name] = decode(value[name], ftype, classes, f"{path}.{name}")
    try:
        return cls(**kwargs)
    except InvalidStateError:
        raise
    except (ValueError, TypeError) as e:
        raise InvalidStateError(path, f"invalid {cls.__name__}: {e}") from None


def _decode_any(value: Any, classes: Mapping[str, type], path: str) -> Any:
    if isinstance(value, dict):
        tag = value.get("@")
        if not isinstance(tag, str) or tag not in classes:
            raise InvalidStateError(f"{path}.@", f"unknown or missing type tag {_kind(tag)}")
        return _decode_attrs(value, classes[tag], classes, path)
    if isinstance(value, list):
        return _items(value, Any, classes, path)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise InvalidStateError(path, f"unexpected value {_kind(value)}")
