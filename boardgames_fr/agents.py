"""Bots: the agent protocol, `RandomAgent`, and each game's rules-aware agents.

A bot sees only ``observe(state, seat)`` and the legal actions: it cannot read hidden
state, by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from boardgames_fr.core.registry import get_game
from boardgames_fr.core.rng import Rng

__all__ = ["AGENT_NAMES", "Agent", "RandomAgent", "make_agent"]


class Agent(Protocol):
    """Anything with ``act(observation, legal_actions) -> action``.

    Example:
        >>> class FirstChoice:
        ...     def act(self, observation, legal_actions):
        ...         return legal_actions[0]
        >>> import boardgames_fr as bgf
        >>> m = bgf.get_game("misere")
        >>> s = m.new_game(2, seed=1)
        >>> FirstChoice().act(m.observe(s, 0), m.legal_actions(s)) == m.legal_actions(s)[0]
        True
    """

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions``."""
        ...


class RandomAgent:
    """Picks a legal action uniformly at random, from its own seeded generator.

    Example:
        >>> import boardgames_fr as bgf
        >>> m = bgf.get_game("fromage")
        >>> s = m.new_game(2, seed=1)
        >>> bot = bgf.agents.RandomAgent(seed=3)
        >>> bot.act(m.observe(s, 0), m.legal_actions(s)) in m.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """A uniformly random legal action."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self._rng.randrange(len(legal_actions))]


AGENT_NAMES = ("random", "heuristic")
"""The agent names every game provides."""


def make_agent(game_id: str, name: str, seed: int = 0) -> Agent:
    """A bot by name: ``"random"`` or ``"heuristic"`` (the game's rules-aware agent).

    Example:
        >>> import boardgames_fr as bgf
        >>> type(bgf.agents.make_agent("fromage", "heuristic", seed=1)).__name__
        'HeuristicAgent'
    """
    module = get_game(game_id)
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        agent: Agent = module.HeuristicAgent(seed)
        return agent
    raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")
