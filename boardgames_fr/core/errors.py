"""The errors of the public API and the two special seats."""

from __future__ import annotations

from typing import Any

import attrs

__all__ = ["CHANCE", "TERMINAL", "IllegalActionError", "InvalidStateError", "excerpt"]

CHANCE = -1
"""`current_player` at a chance node: dice to roll or a card to draw."""

TERMINAL = -2
"""`current_player` once the game is over."""


# What an excerpt shows: this many characters of a string, items of a list or an object,
# and levels of nesting. A message quotes bad input to say which value was wrong, not to
# copy it back: a 50 MB game id once gave a 50 MB message.
_CHARS = 40
_ITEMS = 4
_DEPTH = 2
# The longest message an error keeps whole: a safety net for a message built elsewhere (a
# game's own reason) that repeats input without `excerpt`. Real messages are far shorter.
_MESSAGE = 2000


def excerpt(value: Any, limit: int = _CHARS) -> str:
    """``value`` as its repr, cut to a short excerpt that says how long the whole is: the
    one way every error message quotes input (a game id, an action, a save's field).

    Work and text are bounded whatever the size of ``value``: a long string shows its first
    ``limit`` characters, a long list or object its first items, an integer too long to
    print its number of digits.

    Example:
        >>> excerpt("x" * 10_000_000)
        "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (10,000,000 characters)"
        >>> excerpt([0] * 5_000_000)
        '[0, 0, 0, 0, …] (5,000,000 items)'
        >>> excerpt("roll!"), excerpt(None)
        ("'roll!'", 'None')
    """
    return _excerpt(value, limit, 0)


def _excerpt(value: Any, limit: int, depth: int) -> str:
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        head = repr(value[:limit])
        return f"{head[:-1]}…{head[-1]} ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > 128:  # repr refuses past 4,300 digits, and is slow before
            digits = int(value.bit_length() * 0.30103) + 1
            return f"an integer of about {digits:,} digits"
        return repr(value)
    if isinstance(value, list | tuple | dict):
        opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")")
        if isinstance(value, dict):
            opening, closing = "{", "}"
        if depth >= _DEPTH:
            inner = "…" if value else ""
        elif isinstance(value, dict):
            pairs = [
                f"{_excerpt(k, limit, depth + 1)}: {_excerpt(value[k], limit, depth + 1)}"
                for k, _ in zip(value, range(_ITEMS), strict=False)
            ]
            inner = ", ".join(pairs + (["…"] if len(value) > _ITEMS else []))
        else:
            shown = [_excerpt(x, limit, depth + 1) for x in value[:_ITEMS]]
            inner = ", ".join(shown + (["…"] if len(value) > _ITEMS else []))
        if isinstance(value, tuple) and len(value) == 1 and depth < _DEPTH:
            inner += ","
        text = opening + inner + closing
        if len(value) > _ITEMS or (depth >= _DEPTH and value):
            kind = "key" if isinstance(value, dict) else "item"
            text += f" ({len(value):,} {kind}{'s' if len(value) > 1 else ''})"
        return text
    if attrs.has(type(value)):  # an action: its fields, each cut
        fields = [
            f"{a.name}={_excerpt(getattr(value, a.name, None), limit, depth + 1)}"
            for a in attrs.fields(type(value))
        ]
        return f"{type(value).__name__}({', '.join(fields)})"
    try:
        text = repr(value)
    except Exception:  # a repr that fails says nothing about the value: its type does
        return f"a {type(value).__name__}"
    return text if len(text) <= 2 * limit else text[: 2 * limit] + "…"


def _bounded(message: str) -> str:
    """``message``, cut when a part built elsewhere repeated input whole (`_MESSAGE`)."""
    if len(message) <= _MESSAGE:
        return message
    return f"{message[:_MESSAGE]}… (a message of {len(message):,} characters, cut)"


class IllegalActionError(ValueError):
    """`step` was given an action that is not legal now.

    The message says why in a player's words; the state passed in is unchanged. The
    message itself (``str(e)``) is English, as Python's own errors are; `reason` gives it
    in the player's language, for a menu or a table app.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1)
        >>> try:
        ...     bgf.get_game("fromage").step(s, "roll!")
        ... except bgf.IllegalActionError as e:
        ...     print(e.reason("fr"))
        ...     print(e.reason("en"))
        'roll!' n'est pas une action du jeu Fromage
        'roll!' is not an action of the game Fromage (cheese race)
    """

    def __init__(self, message: str, fr: str | None = None) -> None:
        message = _bounded(message)
        super().__init__(message)
        self.fr = message if fr is None else _bounded(fr)

    def reason(self, lang: str = "fr") -> str:
        """Why the action was refused, in French (``"fr"``) or English (``"en"``)."""
        return self.fr if lang == "fr" else str(self)

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, str]]:
        # Both texts cross a process pool (the default would rebuild it from English only).
        return (type(self), (str(self), self.fr))


class InvalidStateError(ValueError):
    """A saved state or match log is malformed; the message names the bad field.

    Example:
        >>> import boardgames_fr as bgf
        >>> try:
        ...     bgf.loads('{"game": "fromage"}')
        ... except bgf.InvalidStateError as e:
        ...     print(e)
        schema_version: missing
    """

    def __init__(self, path: str, problem: str) -> None:
        # A path holds keys of the input (``state.<key>: unknown field``): cut as well.
        path = path if len(path) <= 200 else f"{path[:200]}…"
        problem = _bounded(problem)
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)
