"""A rules-aware bot for Fromage that sees only its observation.

It values a position as the sum over its mice of a convex function of their progress,
minus the same for the other players' mice, so a mouse one step from the cheese counts
far more than one at the bottom. Results are applied greedily by that value; a space is
chosen by the expected value of its roll (every split of the dice into green, yellow and
red, weighted by its probability); power markers are played when they change that value
by a clear margin.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import Any

from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    Done,
    ForcePlayer,
    ForceSpace,
    MoveMouse,
    PickDie,
    PlaceMouse,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.fromage.data import BOARDS, Board
from boardgames_fr.fromage.powers import DIE_STEPS
from boardgames_fr.fromage.state import (
    ANNULATION,
    ANSWER,
    COMPOSE,
    END,
    GREEN,
    NUM_DICE,
    REACT,
    RED,
    RELANCE,
    TRANSFERT,
    YELLOW,
    Observation,
)

__all__ = ["HeuristicAgent"]

WIN = 1000.0
MARGIN = 4.0  # how much a power marker must gain to be worth spending


def _worth(board: Board, space: int) -> float:
    """Value of one mouse on ``space``: grows with the square of its progress."""
    d = board.distance[space]
    if d == 0:
        return WIN
    progress = board.distance[board.starts[0]] + 1 - d
    return float(progress * progress)


def _sign(me: int, owner: int) -> float:
    return 1.0 if owner == me else -1.0


def _best_move(board: Board, me: int, space: int, face: str, owner: int) -> tuple[float, int]:
    """The best destination of one result for ``me`` on a mouse of ``owner``, and its gain."""
    here = _worth(board, space)
    targets = board.up[space] if face == GREEN else board.down[space]
    if not targets:
        return 0.0, space  # red on a bottom space: the mouse stays
    s = _sign(me, owner)
    best = max(targets, key=lambda t: s * (_worth(board, t) - here))
    return s * (_worth(board, best) - here), best


def _apply_value(
    board: Board, me: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> float:
    """Gain for ``me`` when the roller ``me`` applies the results greedily (FR-09)."""
    left = list(counts)
    total = 0.0
    results = [GREEN] * greens + [RED] * reds
    while results:
        best: tuple[float, str, int] | None = None
        for face in set(results):
            for owner, c in enumerate(left):
                if c:
                    gain, _ = _best_move(board, me, space, face, owner)
                    if best is None or gain > best[0]:
                        best = (gain, face, owner)
        if best is None:
            break
        total += best[0]
        results.remove(best[1])
        left[best[2]] -= 1
    return total


def _roll_value(
    board: Board, roller: int, me: int, space: int, counts: Sequence[int], dice: Sequence[str]
) -> float:
    """Gain for ``me`` of these dice applied by ``roller`` (who plays for itself)."""
    gain = _apply_value(board, roller, space, counts, dice.count(GREEN), dice.count(RED))
    return gain if roller == me else -gain


def _expected_roll(board: Board, roller: int, me: int, space: int, counts: Sequence[int]) -> float:
    """Expected gain for ``me`` of rolling on ``space`` (each die 1/3 of each colour)."""
    k = min(sum(counts), NUM_DICE)
    total = 0.0
    for g in range(k + 1):
        for r in range(k - g + 1):
            p = comb(k, g) * comb(k - g, r) / 3.0**k
            total += p * _roll_value(board, roller, me, space, counts, [GREEN] * g + [RED] * r)
    return total


class HeuristicAgent:
    """Greedy by a progress value; see the module's docstring.

    Example:
        >>> import boardgames_fr as bgf
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(2, seed=1)
        >>> bot = HeuristicAgent(seed=0)
        >>> bot.act(fromage.observe(s, 0), fromage.legal_actions(s)) in fromage.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions`` from what ``observation`` shows."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        obs = observation
        board = BOARDS[obs.options.board]
        me = obs.seat if obs.seat is not None else obs.to_move
        scored = [(self._score(obs, board, me, a), i) for i, a in enumerate(legal_actions)]
        best = max(v for v, _ in scored)
        ties = [i for v, i in scored if v >= best - 1e-9]
        return legal_actions[ties[self._rng.randrange(len(ties))]]

    # --- one number per action: higher is better for ``me`` ---------------------------

    def _score(self, obs: Observation, board: Board, me: int, action: Any) -> float:
        n = obs.num_players
        if isinstance(action, MoveMouse):
            space = max(obs.space, 0)
            to = board.index[action.to]
            return _sign(me, action.owner) * (_worth(board, to) - _worth(board, space))
        if isinstance(action, ChooseSpace):
            s = board.index[action.space]
            return _expected_roll(board, me, me, s, obs.mice[s * n : s * n + n])
        if isinstance(action, PlaceMouse):
            s = board.index[action.space]
            counts = obs.mice[s * n : s * n + n]
            return counts[me] - 0.5 * (sum(counts) - counts[me])
        if obs.phase == REACT:
            return self._react(obs, board, me, action)
        if obs.phase == COMPOSE:
            return self._compose(obs, board, me, action)
        if obs.phase == ANSWER:
            return self._answer(obs, board, me, action)
        if obs.phase == END:
            return self._end(obs, board, me, action)
        return 0.0

    def _dice_now(
        self, obs: Observation, board: Board, me: int, dice: Sequence[str], space: int = -1
    ) -> float:
        if obs.space < 0:
            return 0.0
        n = obs.num_players
        s = obs.space if space < 0 else space
        return _roll_value(board, obs.turn, me, s, obs.mice[s * n : s * n + n], dice)

    def _react(self, obs: Observation, board: Board, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker) or obs.space < 0:
            return 0.0  # Pass
        now = self._dice_now(obs, board, me, obs.dice)
        kind = action.kind
        table = DIE_STEPS[obs.options.die_change]
        if kind in table:
            steps = table[kind]
            changed = [steps.get(f, f) for f in obs.dice]
            gain = self._dice_now(obs, board, me, changed) - now
        elif kind in (ANNULATION, RELANCE):
            gain = max(
                (
                    self._dice_now(obs, board, me, obs.dice[:i] + obs.dice[i + 1 :]) - now
                    for i in range(len(obs.dice))
                ),
                default=0.0,
            )
            if kind == RELANCE:
                gain *= 0.5  # the new face is only a chance of something better
        elif kind == TRANSFERT:
            gain = 0.0
            n = obs.num_players
            # FR-14: as full as the space the roller chose, also after a first Transfert.
            chosen = obs.space if obs.transferred_from < 0 else obs.transferred_from
            need = sum(obs.mice[chosen * n : chosen * n + n])
            for s in range(board.size):
                if s != obs.space and s != board.top and sum(obs.mice[s * n : s * n + n]) >= need:
                    gain = max(gain, self._dice_now(obs, board, me, obs.dice, s) - now)
        else:
            gain = 0.0
        return gain - MARGIN

    def _compose(self, obs: Observation, board: Board, me: int, action: Any) -> float:
        if obs.space < 0 or not obs.effects:
            return 0.0
        effect = obs.effects[0]
        if isinstance(action, Done):
            return 0.0
        if isinstance(action, PickDie):
            dice = list(obs.dice)
            now = self._dice_now(obs, board, me, dice)
            steps = DIE_STEPS[obs.options.die_change].get(effect.kind)
            # Already picked dice are counted as changed too; a die cancelled or rerolled
            # counts as a yellow (on average).
            for i in (action.die, *effect.dice):
                dice[i] = YELLOW if steps is None else steps.get(dice[i], dice[i])
            return self._dice_now(obs, board, me, dice) - now - 0.01
        if isinstance(action, TransferTo):
            return self._dice_now(obs, board, me, obs.dice, board.index[action.space])
        if isinstance(action, ForceSpace):
            s = board.index[action.space]
            n = obs.num_players
            roller = obs.turn if effect.target < 0 else effect.target
            return _expected_roll(board, roller, me, s, obs.mice[s * n : s * n + n])
        if isinstance(action, ForcePlayer):
            return _best_turn(obs, board, me, action.seat)
        return 0.0

    def _answer(self, obs: Observation, board: Board, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker) or not obs.effects:
            return 0.0  # Pass
        mine = obs.effects[0].seat == me
        stands = len(obs.effects) % 2 == 1
        # Annul another player's marker while it stands, or what cancels my own.
        return 1.0 if stands != mine else -1.0

    def _end(self, obs: Observation, board: Board, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker):
            return 0.0  # Pass
        # Tour supplémentaire: the best space for me of the player who just played, be it
        # me (another turn) or an opponent forced to roll where it hurts them; with
        # tour_target="any", of the best player to force.
        seats: Sequence[int] = (obs.turn,)
        if obs.options.tour_target == "any":
            seats = [s for s in range(obs.num_players) if s != me or s == obs.turn]
        return max(_best_turn(obs, board, me, s) for s in seats) - MARGIN


def _best_turn(obs: Observation, board: Board, me: int, roller: int) -> float:
    """For ``me``, the best expected roll of ``roller`` on a space holding its mice."""
    n = obs.num_players
    values = [
        _expected_roll(board, roller, me, s, obs.mice[s * n : s * n + n])
        for s in range(board.size)
        if obs.mice[s * n + roller]
    ]
    return max(values, default=0.0)
