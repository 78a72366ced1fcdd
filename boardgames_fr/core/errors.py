"""The errors of the public API and the two special seats."""

from __future__ import annotations

__all__ = ["CHANCE", "TERMINAL", "IllegalActionError", "InvalidStateError"]

CHANCE = -1
"""`current_player` at a chance node: dice to roll or a card to draw."""

TERMINAL = -2
"""`current_player` once the game is over."""


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
        super().__init__(message)
        self.fr = message if fr is None else fr

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
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}" if path else problem)
