"""The errors of the public API and the two special seats."""

from __future__ import annotations

__all__ = ["CHANCE", "TERMINAL", "IllegalActionError", "InvalidStateError"]

CHANCE = -1
"""`current_player` at a chance node: dice to roll or a card to draw."""

TERMINAL = -2
"""`current_player` once the game is over."""


class IllegalActionError(ValueError):
    """`step` was given an action that is not legal now.

    The message says why in a player's words; the state passed in is unchanged.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1)
        >>> try:
        ...     bgf.get_game("fromage").step(s, "roll!")
        ... except bgf.IllegalActionError as e:
        ...     print("refused")
        refused
    """


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
