"""The PettingZoo AEC environment of a game (`boardgames_fr.rl.pettingzoo_env`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
from gymnasium.utils import seeding  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from boardgames_fr.core import TERMINAL
from boardgames_fr.rl._codec import Codec

RENDER_MODES = ("ansi", "svg")


class _SetByReset:
    """A name `BoardGameAEC.reset` sets on the environment: read before, it says to call
    ``reset()`` rather than let AECEnv fail on a missing name (PettingZoo's
    order-enforcing wrapper says the same; the environment is returned unwrapped, for
    speed). Once set, the environment's own value is found first (this descriptor has no
    ``__set__``), and the environment's other attributes are read at full speed, which a
    ``__getattr__`` on the class would prevent (CPython then specializes no attribute
    read of the class).
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, env: object, owner: type | None = None) -> Any:
        if env is None:
            return self
        raise AttributeError(f"{self.name} is set by reset(): call env.reset() first")


# `BoardGameAEC._now` once the game is over: no state's moves.
_NO_MOVES: tuple[Any, tuple[Any, ...], Any] = (None, (), None)


def draw_seed(rng: np.random.Generator) -> int:
    """A game's seed from ``rng``: ``int(rng.integers(2**63))``, the same number drawn
    from the bit generator directly (numpy bounds a 64-bit draw by Lemire's
    multiplication, which for ``2**63`` is the top 63 bits), at a quarter of the cost.

    Example:
        >>> a, b = np.random.default_rng(7), np.random.default_rng(7)
        >>> draw_seed(a) == int(b.integers(2**63))
        True
    """
    return int(rng.bit_generator.random_raw()) >> 1


class AgentIterable:
    """What `BoardGameAEC.agent_iter` returns: an iterable over the agent to act, a new
    iterator each time, as PettingZoo's own."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: AECEnv, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        return _agents(self.env, self.max_iter)


def _agents(env: Any, left: int) -> Iterator[str]:
    # PettingZoo's AECIterator, as a generator: the same checks before each agent.
    while env.agents and left > 0:
        left -= 1
        yield env.agent_selection


class BoardGameAEC(AECEnv):  # type: ignore[misc,unused-ignore]
    """A game as a PettingZoo AEC environment: agents ``player_0`` .. ``player_{n-1}``
    are the seats; each observes ``{"observation": tensor, "action_mask": int8 mask}``,
    where the tensor is the game's encoding of what that seat may see and the mask is the
    legal moves of the agent to act (all zeros for every other agent, and at the end;
    read-only arrays, shared between steps with the same moves). The agent to act also
    finds its legal moves' numbers, in increasing order, in ``infos[agent]["legal_moves"]``
    (every other agent's info is empty).
    Rewards are the game's `returns` at the end, zero before. Chance is resolved by the
    state's RNG; ``reset(seed=...)`` seeds the games (a first ``reset()`` without a seed
    plays as if seeded with 0, so a run is always reproducible).
    """

    # What `step`, `last` and `agent_iter` read first. The dictionaries that `reset` sets
    # have no such descriptor: an attribute read that finds one is not specialized
    # either, and they are read several times a step.
    agent_selection: str = _SetByReset()  # type: ignore[assignment]
    agents: list[str] = _SetByReset()  # type: ignore[assignment]

    def __init__(self, codec: Codec, render_mode: str | None = None, lang: str = "en") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.codec = codec
        self.render_mode = render_mode
        self.lang = lang
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"bgf_{codec.game_id}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{i}" for i in range(codec.num_players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n = codec.num_actions
        # The spaces are made once: PettingZoo's api_test wants the same object each time.
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, codec.observation_shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.game_state: Any = None
        # The game state, its legal moves and their `Menu` (`Codec.decision`), listed
        # once per state: the mask shown, the list in the info and the move stepped.
        self._now: tuple[Any, Sequence[Any], Any] = _NO_MOVES

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every seat)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_actions)``: the game's fixed move numbering."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: its seed drawn from the generator that ``seed`` seeds."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(0 if seed is None else seed)
        state = self.game_state = self.codec.new_game(draw_seed(self._np_random))
        agents = self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        # AECEnv's dead steps read it with getattr: set, it is found without a miss.
        self._skip_agent_selection: str | None = None
        first = self.agent_selection = self.possible_agents[state.to_move]
        legal, menu = self.codec.decision(state)
        self._now = (state, legal, menu)
        self.infos[first] = {"legal_moves": [*menu.legal_moves]}

    def agent_iter(self, max_iter: int = 2**63) -> AgentIterable:
        """The agent to act, until every agent is done (or ``max_iter`` of them):
        `AECEnv.agent_iter`, each round a generator's resumption rather than a call."""
        return AgentIterable(self, max_iter)

    def _mask(self, state: Any, seat: int) -> npt.NDArray[np.int8]:
        # The state's own field says who acts (never chance here: the state resolves it;
        # TERMINAL at the end, when no seat has a move). Another seat's legal moves may
        # tell what its hand holds: never shown.
        if seat != state.to_move:
            return self.codec.no_moves
        now = self._now
        if now[0] is not state:  # a state set from outside: its moves listed now
            legal, menu = self.codec.decision(state)
            now = self._now = (state, legal, menu)
        mask: npt.NDArray[np.int8] = now[2].mask
        return mask

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat may see, and its legal moves if it is to act."""
        state = self.game_state
        if state is None:
            raise AttributeError("there is no game yet: call env.reset() first")
        seat = self._seat[agent]
        return {
            "observation": self.codec.tensor_of(state, seat),
            "action_mask": self._mask(state, seat),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the
        agent to act (`AECEnv.last`, read once each: it runs at every step of a loop)."""
        agent = self.agent_selection
        obs = None
        if observe:
            # `observe`, written out: this runs at every step.
            state = self.game_state
            seat = self._seat[agent]
            now = self._now
            if seat == state.to_move and now[0] is state:
                mask = now[2].mask
            else:
                mask = self._mask(state, seat)
            obs = {"observation": self.codec.tensor_of(state, seat), "action_mask": mask}
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: Any) -> None:
        """Play move number ``action`` for the agent to act (None for a finished agent).

        Raises:
            ValueError: ``action`` is not the number of a legal move now, saying why.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        codec = self.codec
        state = self.game_state
        now = self._now
        if now[0] is not state:  # a state set from outside: its moves listed now
            legal, menu = codec.decision(state)
            now = self._now = (state, legal, menu)
        i = int(action)
        # The rules' own object, found by its number in the state's menu; a number not
        # there is refused with the reason.
        try:
            move = now[1][now[2].indices.index(i)]
        except ValueError:
            move = codec.action(state, i)
        game = codec.game
        state = self.game_state = game.step(state, move)
        # The agent's cumulative reward is not reset here, as AECEnv's steps do: every
        # reward is zero until the last step, which sets them all.
        infos = self.infos
        to_move = state.to_move  # the state's own field: `step` checked the state
        if to_move == TERMINAL:
            returns = game.returns(state)
            agents = self.agents
            rewards = self.rewards = {a: float(returns[k]) for k, a in enumerate(agents)}
            self.terminations = dict.fromkeys(agents, True)
            cumulative = self._cumulative_rewards
            for a, r in rewards.items():
                cumulative[a] += r
            infos[agent] = {}
            self._now = _NO_MOVES
        else:
            # Rewards are all zero before the end (set so at reset): nothing to add up.
            nxt = self.agent_selection = self.possible_agents[to_move]
            legal, menu = codec.decision(state)
            self._now = (state, legal, menu)
            if nxt != agent:
                infos[agent] = {}  # its moves of before are no longer its moves
            infos[nxt] = {"legal_moves": [*menu.legal_moves]}

    def _was_dead_step(self, action: Any) -> None:
        """A finished agent's step (`AECEnv._was_dead_step`, the same steps without its
        list of every dead agent): it leaves the game; the next finished agent, if any,
        is selected, else the agent selected before the first of them."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        if not (terminations[agent] or truncations[agent]):
            raise AssertionError("an agent that was not dead as attempted to be removed")
        del terminations[agent]
        del truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for a in agents:
            if terminations[a] or truncations[a]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = a
                break
        else:
            skipped = self._skip_agent_selection
            if skipped is not None:
                self.agent_selection = skipped
            self._skip_agent_selection = None
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0

    def render(self) -> str | None:
        """The table as everyone sees it: the text picture (``"ansi"``) or SVG (``"svg"``),
        in the env's language; None without a render mode."""
        if self.render_mode is None or self.game_state is None:
            return None
        if self.render_mode == "svg":
            svg: str = self.codec.game.render_svg(self.game_state, self.lang)
            return svg
        text: str = self.codec.game.render(self.game_state, self.lang)
        return text

    def close(self) -> None:
        """Nothing to release."""
