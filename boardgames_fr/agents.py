"""Bots: the agent protocol, `RandomAgent`, and each game's rules-aware agents.

A bot sees only ``observe(state, seat)`` and the legal actions: it cannot read hidden
state, by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from boardgames_fr.core.registry import get_game
from boardgames_fr.core.rng import Rng
from boardgames_fr.search import ISMCTSAgent

__all__ = ["AGENT_NAMES", "Agent", "ISMCTSAgent", "RandomAgent", "make_agent"]


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


AGENT_NAMES = ("random", "heuristic", "ismcts")
"""The agent names every game provides: ``"ismcts"`` is the search bot of
`boardgames_fr.search` (for a game whose module has ``determinize``)."""


def make_agent(game_id: str, name: str, seed: int = 0, **settings: Any) -> Agent:
    """A bot by name: ``"random"``, ``"heuristic"`` (the game's rules-aware agent) or
    ``"ismcts"`` (the search bot, `boardgames_fr.search.ISMCTSAgent`).

    ``settings`` go to the search bot: its budget (``iterations``, ``seconds``; by default
    the game's, at most 0.5 s a decision), ``exploration``, ``max_rollout_steps``, and
    ``rollout`` (``"random"``, ``"heuristic"`` or an agent) that plays the rollouts.
    The other bots take none.

    Raises:
        ValueError: an unknown name, or settings for a bot that takes none.

    Example:
        >>> import boardgames_fr as bgf
        >>> type(bgf.agents.make_agent("fromage", "heuristic", seed=1)).__name__
        'HeuristicAgent'
        >>> bgf.agents.make_agent("little_factory", "ismcts", seed=1, iterations=50)
        ISMCTSAgent('little_factory', iterations=50)
    """
    module = get_game(game_id)
    if name == "ismcts":
        if settings.get("rollout") == "ismcts":
            raise ValueError("a search bot cannot play the rollouts of a search bot")
        return ISMCTSAgent(game_id, seed, **settings)
    if name not in AGENT_NAMES:
        raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")
    if settings:
        raise ValueError(f"the {name} agent takes no settings, not {', '.join(sorted(settings))}")
    if name == "random":
        return RandomAgent(seed)
    agent: Agent = module.HeuristicAgent(seed)
    return agent
