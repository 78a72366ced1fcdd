"""HeuristicAgent: a sensible dairy farmer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_fr.core.rng import Rng

__all__ = ["HeuristicAgent"]


class HeuristicAgent:
    """Placeholder."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        return legal_actions[self._rng.randrange(len(legal_actions))]
