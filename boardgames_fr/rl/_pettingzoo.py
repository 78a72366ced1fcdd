"""The PettingZoo AEC environment of a game (`boardgames_fr.rl.pettingzoo_env`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]
from gymnasium.utils import seeding  # type: ignore[import-untyped,import-not-found,unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from boardgames_fr.core import TERMINAL
from boardgames_fr.rl._codec import Codec

RENDER_MODES = ("ansi", "svg")


_SET_BY_RESET = frozenset(
    ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos")
)


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

    def __getattr__(self, name: str) -> Any:
        # Only for attributes not set yet: before `reset` there is no game, so say so
        # rather than let AECEnv fail on a missing name (PettingZoo's order-enforcing
        # wrapper says the same; this environment is returned unwrapped, for speed).
        if name in _SET_BY_RESET:
            raise AttributeError(f"{name} is set by reset(): call env.reset() first")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        game_seed = int(self._np_random.integers(2**63))
        self.game_state = self.codec.new_game(game_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        first = self.agent_selection = self.possible_agents[self.game_state.to_move]
        self.infos[first] = {"legal_moves": sorted(self.codec.moves(self.game_state).indices)}

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """What ``agent``'s seat may see, and its legal moves if it is to act."""
        state = self.game_state
        if state is None:
            raise AttributeError("there is no game yet: call env.reset() first")
        codec = self.codec
        seat = self._seat[agent]
        # The state's own field says who acts (never chance here: the state resolves it;
        # TERMINAL at the end, when no seat has a move). Another seat's legal moves may
        # tell what its hand holds: never shown.
        mask = codec.mask8(state) if seat == state.to_move else codec.no_moves
        return {"observation": codec.tensor_of(state, seat), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, npt.NDArray[Any]] | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the
        agent to act (`AECEnv.last`, read once each: it runs at every step of a loop)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
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
        game = codec.game
        state = self.game_state
        i = int(action)
        # The state's moves, listed when its mask was shown (`Codec.moves`, read here
        # without the calls: this runs at every step).
        last = codec._last
        moves = last[1] if last[0] is state and last[1] is not None else codec.moves(state)
        try:
            move = moves.legal[moves.indices.index(i)]
        except ValueError:
            move = codec.action(state, i)  # not a legal number: refused with the reason
        state = self.game_state = game.step(state, move)
        # The agent's cumulative reward is not reset here, as AECEnv's steps do: every
        # reward is zero until the last step, which sets them all.
        infos = self.infos
        to_move = state.to_move  # the state's own field: `step` checked the state
        if to_move == TERMINAL:
            returns = game.returns(state)
            self.rewards = {a: float(returns[i]) for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            infos[agent] = {}
        else:
            # Rewards are all zero before the end (set so at reset): nothing to add up.
            nxt = self.agent_selection = self.possible_agents[to_move]
            if nxt != agent:
                infos[agent] = {}  # its moves of before are no longer its moves
            infos[nxt] = {"legal_moves": sorted(codec.moves(state).indices)}

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
