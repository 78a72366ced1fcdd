"""A rules-aware bot for Fromage that sees only its observation.

It values a position as the sum over its mice of a convex function of their progress,
minus the same for the other players' mice, so a mouse one step from the cheese counts
far more than one at the bottom. Results are applied greedily by that value; a space is
chosen by the expected value of its roll (every split of the dice into green, yellow and
red, weighted by its probability); power markers are played when they change that value
by a clear margin. A marker's dice are picked one by one while each adds to the ones
picked before. An Annulation is played only when cancelling the marker (or bringing it
back) improves the bot's position against the best placed opponent's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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
    TOUR,
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


def _greedy(
    board: Board, roller: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> Iterator[tuple[float, int, int]]:
    """The results applied greedily by ``roller``, for itself (FR-09): for each result,
    (its gain for the roller, the seat whose mouse moves, the space it lands on)."""
    left = list(counts)
    results = [GREEN] * greens + [RED] * reds
    while results:
        best: tuple[float, str, int, int] | None = None
        for face in (GREEN, RED):
            if face not in results:
                continue
            for owner, c in enumerate(left):
                if c:
                    gain, to = _best_move(board, roller, space, face, owner)
                    if best is None or gain > best[0]:
                        best = (gain, face, owner, to)
        if best is None:
            return
        yield best[0], best[2], best[3]
        results.remove(best[1])
        left[best[2]] -= 1


def _apply_value(
    board: Board, me: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> float:
    """Gain for ``me`` when the roller ``me`` applies the results greedily (FR-09)."""
    return sum((gain for gain, _, _ in _greedy(board, me, space, counts, greens, reds)), 0.0)


def _roll_value(
    board: Board, roller: int, me: int, space: int, counts: Sequence[int], dice: Sequence[str]
) -> float:
    """Gain for ``me`` of these dice applied by ``roller`` (who plays for itself)."""
    gain = _apply_value(board, roller, space, counts, dice.count(GREEN), dice.count(RED))
    return gain if roller == me else -gain


def _splits(counts: Sequence[int]) -> Iterator[tuple[float, int, int]]:
    """The rolls of the dice for a space holding ``counts`` mice (FR-05, each die 1/3 of
    each colour): (probability, greens, reds) of each split."""
    k = min(sum(counts), NUM_DICE)
    for g in range(k + 1):
        for r in range(k - g + 1):
            yield comb(k, g) * comb(k - g, r) / 3.0**k, g, r


def _expected_roll(board: Board, roller: int, me: int, space: int, counts: Sequence[int]) -> float:
    """Expected gain for ``me`` of rolling on ``space`` (each die 1/3 of each colour)."""
    total = 0.0
    for p, g, r in _splits(counts):
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
            # What this die adds to the dice already picked (Done, stopping here, is 0).
            before = _changed(obs, effect.kind, effect.dice)
            after = _changed(obs, effect.kind, (*effect.dice, action.die))
            return (
                self._dice_now(obs, board, me, after)
                - self._dice_now(obs, board, me, before)
                - 0.01
            )
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
        # FR-17: an Annulation turns the marker off while an even number of Annulations
        # stands against it, back on otherwise: worth what that does to my standing.
        gain = self._effect_gain(obs, board, me, obs.effects[0])
        stands = len(obs.effects) % 2 == 1
        return (-gain if stands else gain) - MARGIN

    def _effect_gain(self, obs: Observation, board: Board, me: int, effect: Any) -> float:
        """What ``effect`` taking effect, rather than not, does to my standing: my
        position against the best placed opponent's, after the results (`_standing`)."""
        n = obs.num_players
        now = _positions(obs, board)
        if effect.kind == TOUR:
            # FR-13: a turn on the space designated, or a second turn on the space its
            # player likes best, against no turn at all.
            roller = obs.turn if effect.target < 0 else effect.target
            space = effect.space
            if space < 0:
                space = max(
                    _spaces_of(obs, board, roller),
                    key=lambda s: _expected_roll(
                        board, roller, roller, s, obs.mice[s * n : s * n + n]
                    ),
                    default=-1,
                )
            if space < 0:
                return 0.0
            counts = obs.mice[space * n : space * n + n]
            return _expected_standing(board, roller, me, space, counts, now) - _standing(now, me)
        if obs.space < 0:
            return 0.0
        space, dice = obs.space, _changed(obs, effect.kind, effect.dice)
        if effect.kind == TRANSFERT:
            space, dice = effect.space, list(obs.dice)  # FR-14: the same dice, elsewhere
        without = _dice_standing(board, obs.turn, me, obs.space, obs.mice, n, obs.dice, now)
        return _dice_standing(board, obs.turn, me, space, obs.mice, n, dice, now) - without

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


def _changed(obs: Observation, kind: str, picked: Sequence[int]) -> list[str]:
    """The dice once a dice marker of ``kind`` acts on ``picked``: changed a step
    (FR-15, FR-16), or yellow for a die cancelled or rerolled (on average, FR-12, FR-17)."""
    dice = list(obs.dice)
    steps = DIE_STEPS[obs.options.die_change].get(kind)
    for i in picked:
        dice[i] = YELLOW if steps is None else steps.get(dice[i], dice[i])
    return dice


def _spaces_of(obs: Observation, board: Board, seat: int) -> list[int]:
    n = obs.num_players
    return [s for s in range(board.size) if obs.mice[s * n + seat]]


def _positions(obs: Observation, board: Board) -> list[float]:
    """Each seat's position: the worth of its mice, and a win's worth a cheese eaten."""
    n = obs.num_players
    out = [WIN * p for p in obs.cheese.points]
    for s in range(board.size):
        w = _worth(board, s)
        for seat in range(n):
            out[seat] += w * obs.mice[s * n + seat]
    return out


def _standing(positions: Sequence[float], me: int) -> float:
    """My position against the best placed opponent's."""
    return positions[me] - max(p for seat, p in enumerate(positions) if seat != me)


def _deltas(
    board: Board, roller: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> list[float]:
    """How each seat's position changes when ``roller`` applies the results as
    `_apply_value` does (greedily, for itself)."""
    out = [0.0] * len(counts)
    here = _worth(board, space)
    for _, owner, to in _greedy(board, roller, space, counts, greens, reds):
        out[owner] += _worth(board, to) - here
    return out


def _dice_standing(
    board: Board,
    roller: int,
    me: int,
    space: int,
    mice: Sequence[int],
    n: int,
    dice: Sequence[str],
    positions: Sequence[float],
) -> float:
    """My standing once ``roller`` has applied ``dice`` on ``space``."""
    counts = mice[space * n : space * n + n]
    d = _deltas(board, roller, space, counts, dice.count(GREEN), dice.count(RED))
    return _standing([p + x for p, x in zip(positions, d, strict=True)], me)


def _expected_standing(
    board: Board,
    roller: int,
    me: int,
    space: int,
    counts: Sequence[int],
    positions: Sequence[float],
) -> float:
    """My expected standing after ``roller`` rolls on ``space`` (1/3 of each colour)."""
    total = 0.0
    for p, g, r in _splits(counts):
        d = _deltas(board, roller, space, counts, g, r)
        total += p * _standing([q + x for q, x in zip(positions, d, strict=True)], me)
    return total
