"""The toy game's rules-aware bot."""

from __future__ import annotations

from typing import Any

from toygame.actions import Bank, Roll
from toygame.state import Observation


class HeuristicAgent:
    """Banks a pot of 8 or more, else rolls.

    Example:
        >>> from toygame.actions import Bank, Roll
        >>> from toygame.state import Observation
        >>> HeuristicAgent(1).act(Observation(0, 3, (0, 0), 9, 0), (Roll(), Bank()))
        Bank()
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: Observation, legal: Any) -> Any:
        return Bank() if observation.pot >= 8 and Bank() in legal else Roll()
