"""The Gymnasium environment of a game: one learner against bots
(`boardgames_fr.rl.gymnasium_env`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np
import numpy.typing as npt
from gymnasium import spaces  # type: ignore[import-untyped,import-not-found,unused-ignore]

from boardgames_fr.agents import make_agent
from boardgames_fr.core import TERMINAL
from boardgames_fr.rl._codec import Codec
from boardgames_fr.rl._pettingzoo import RENDER_MODES, draw_seed

ILLEGAL_CHOICES = ("lose", "raise")

Obs = npt.NDArray[np.float32]


class BoardGameEnv(gymnasium.Env[Obs, np.int64]):  # type: ignore[misc,unused-ignore]
    """One seat of a game as a Gymnasium environment; the bots play the other seats.

    The observation is the game's tensor of what the learner's seat may see, the action
    a move number (``Discrete(num_actions)``), and ``info["action_mask"]`` (int8) the legal
    ones, also listed by number in increasing order in ``info["legal_moves"]``. The reward
    is the learner's `returns` at the end, zero before.

    A move number that is not legal now ends the episode with reward -1 and the reason in
    ``info["illegal_action"]`` (``illegal_action="lose"``, the default, as PettingZoo's
    ``TerminateIllegalWrapper`` does, so that code sampling the whole action space runs),
    or raises `ValueError` (``illegal_action="raise"``).
    """

    def __init__(
        self,
        codec: Codec,
        seat: int,
        opponents: Any,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        lang: str = "en",
    ) -> None:
        n = codec.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat!r}")
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        if illegal_action not in ILLEGAL_CHOICES:
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, str) or hasattr(opponents, "act"):
            given = [opponents] * len(others)
        elif isinstance(opponents, Sequence) and len(opponents) == len(others):
            given = list(opponents)
        else:
            raise ValueError(
                f"opponents must be an agent name, an agent, or {len(others)} of them"
                " (one per other seat, in seat order)"
            )
        for o in given:
            if isinstance(o, str):
                make_agent(codec.game_id, o)  # an unknown name is refused now, not at reset
        self.codec = codec
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_action = illegal_action
        self.lang = lang
        self.metadata = {"render_modes": list(RENDER_MODES)}
        self.observation_space = spaces.Box(0.0, 1.0, codec.observation_shape, np.float32)
        self.action_space = spaces.Discrete(codec.num_actions)
        self._given = dict(zip(others, given, strict=True))
        self._agents: dict[int, Any] = {}
        self.game_state: Any = None
        self._over = True
        # The learner's state, its legal moves and their `Menu` (`Codec.decision`):
        # listed once, for the info and the step.
        self._now: tuple[Any, Sequence[Any], Any] = (None, (), None)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new game, played by the bots up to the learner's first move."""
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = draw_seed(rng)
        # Bots named here are made afresh, seeded from the same generator, so that
        # ``reset(seed=s)`` plays the same game again; bots given as objects keep their state.
        self._agents = {
            s: make_agent(self.codec.game_id, o, seed=draw_seed(rng)) if isinstance(o, str) else o
            for s, o in self._given.items()
        }
        self.game_state = self.codec.new_game(game_seed)
        self._over = False
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play move number ``action``, then the bots up to the learner's next move."""
        if self._over:
            raise ValueError("the episode is over: call reset() first")
        codec = self.codec
        state = self.game_state
        now = self._now
        if now[0] is not state:  # a state set from outside: its moves listed now
            legal, menu = codec.decision(state)
            now = self._now = (state, legal, menu)
        try:
            i = int(action)
            # The rules' own object, found by its number in the state's menu; a number
            # not there is refused with the reason.
            try:
                move = now[1][now[2].indices.index(i)]
            except ValueError:
                move = codec.action(state, i)
        except ValueError as e:
            if self.illegal_action == "raise":
                raise
            self._over = True
            info = {
                "action_mask": codec.no_moves.copy(),
                "legal_moves": [],
                "illegal_action": str(e),
            }
            return self._observation(), -1.0, True, False, info
        self.game_state = codec.game.step(state, move)
        state = self._play_bots()
        seat = self.seat
        if self._over:
            reward = float(codec.game.returns(state)[seat])
            return codec.tensor_of(state, seat), reward, True, False, self._info()
        # `_observation` and `_info`, written out: this runs at every step.
        legal, menu = codec.decision(state)
        self._now = (state, legal, menu)
        info = {"action_mask": menu.mask.copy(), "legal_moves": [*menu.legal_moves]}
        return codec.tensor_of(state, seat), 0.0, False, False, info

    def _play_bots(self) -> Any:
        """The bots' moves up to the learner's turn or the end: the state then."""
        state = self.game_state
        seat = state.to_move  # the state's own field: `step` made the state
        learner = self.seat
        if seat != learner:
            game = self.codec.game
            observe, legal_actions, step = game.observe, game.legal_actions, game.step
            agents = self._agents
            while seat != learner:
                if seat == TERMINAL:
                    self._over = True
                    break
                # A bot sees only its own seat's observation (the agent protocol).
                bot = agents[seat]
                state = step(state, bot.act(observe(state, seat), legal_actions(state)))
                seat = state.to_move  # chance is resolved in the state
            self.game_state = state
        return state

    def _observation(self) -> Obs:
        return self.codec.tensor_of(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        # Each call's info is new data (Gymnasium's check_env: users keep what they are
        # given): the menu's mask and list copied, cheaper than making them.
        if self._over:
            return {"action_mask": self.codec.no_moves.copy(), "legal_moves": []}
        state = self.game_state
        legal, menu = self.codec.decision(state)
        self._now = (state, legal, menu)
        return {"action_mask": menu.mask.copy(), "legal_moves": [*menu.legal_moves]}

    def render(self) -> str | None:
        """The table as everyone sees it: text (``"ansi"``) or SVG (``"svg"``)."""
        if self.render_mode is None or self.game_state is None:
            return None
        if self.render_mode == "svg":
            svg: str = self.codec.game.render_svg(self.game_state, self.lang)
            return svg
        text: str = self.codec.game.render(self.game_state, self.lang)
        return text
