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
from boardgames_fr.fromage.powers import DIE_STEPS, transfer_targets
from boardgames_fr.fromage.state import (
    ANSWER,
    ANY_PLAYER,
    CANCEL,
    COMPOSE,
    END,
    EXTRA_TURN,
    GREEN,
    NUM_DICE,
    REACT,
    RED,
    REROLL,
    TRANSFER,
    YELLOW,
    Observation,
)
from boardgames_fr.fromage.turn import table_points

__all__ = ["HeuristicAgent"]

WIN = 1000.0
MARGIN = 4.0  # how much a power marker must gain to be worth spending


class _View:
    """The board and what a result landing on a space is worth besides its progress: an
    extra cheese still there (FR-18 option) is a point for the mouse's owner."""

    __slots__ = ("board", "bonus", "extras")

    def __init__(self, obs: Observation) -> None:
        self.board: Board = BOARDS[obs.options.board]
        self.extras = obs.cheese.extras
        # A point is what the next cheese of the table is worth, a mouse there being a WIN.
        self.bonus = WIN / table_points(obs.options, len(obs.cheese.arrivals))


def _worth(board: Board, space: int) -> float:
    """Value of one mouse on ``space``: grows with the square of its progress."""
    d = board.distance[space]
    if d == 0:
        return WIN
    progress = board.distance[board.starts[0]] + 1 - d
    return float(progress * progress)


def _sign(me: int, owner: int) -> float:
    return 1.0 if owner == me else -1.0


def _landing(view: _View, space: int, to: int, extras: Sequence[int]) -> float:
    """What a mouse gains moving from ``space`` to ``to``: progress, and an extra cheese
    of ``extras`` eaten there."""
    board = view.board
    gain = _worth(board, to) - _worth(board, space)
    return gain + view.bonus if to in extras else gain


def _best_move(
    view: _View, me: int, space: int, face: str, owner: int, extras: Sequence[int]
) -> tuple[float, int]:
    """The best destination of one result for ``me`` on a mouse of ``owner``, and its gain."""
    board = view.board
    targets = board.up[space] if face == GREEN else board.down[space]
    if not targets:
        return 0.0, space  # red on a bottom space: the mouse stays
    s = _sign(me, owner)
    best = max(targets, key=lambda t: s * _landing(view, space, t, extras))
    return s * _landing(view, space, best, extras), best


def _greedy(
    view: _View, roller: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> Iterator[tuple[float, int, int]]:
    """The results applied greedily by ``roller``, for itself (FR-09): for each result,
    (its gain for the roller, the seat whose mouse moves, the space it lands on)."""
    left = list(counts)
    results = [GREEN] * greens + [RED] * reds
    extras: Sequence[int] = view.extras
    while results:
        best: tuple[float, str, int, int] | None = None
        for face in (GREEN, RED):
            if face not in results:
                continue
            for owner, c in enumerate(left):
                if c:
                    gain, to = _best_move(view, roller, space, face, owner, extras)
                    if best is None or gain > best[0]:
                        best = (gain, face, owner, to)
        if best is None:
            return
        yield best[0], best[2], best[3]
        if best[3] in extras:  # eaten: the next mouse there finds no cheese
            extras = tuple(e for e in extras if e != best[3])
        results.remove(best[1])
        left[best[2]] -= 1


def _roll_value(
    view: _View, roller: int, me: int, space: int, counts: Sequence[int], dice: Sequence[str]
) -> float:
    """Gain for ``me`` of these dice applied by ``roller`` (who plays for itself, greedily):
    my mice moving on are good for me, every other player's bad, whoever rolls."""
    total = 0.0
    for gain, owner, _ in _greedy(view, roller, space, counts, dice.count(GREEN), dice.count(RED)):
        # The roller's gain, seen from ``me``: the same move, signed by whose mouse it is
        # (both signs agree, and the gain is the roller's own, when ``me`` rolls).
        total += _sign(me, owner) * _sign(roller, owner) * gain
    return total


def _splits(counts: Sequence[int]) -> Iterator[tuple[float, int, int]]:
    """The rolls of the dice for a space holding ``counts`` mice (FR-05, each die 1/3 of
    each colour): (probability, greens, reds) of each split."""
    k = min(sum(counts), NUM_DICE)
    for g in range(k + 1):
        for r in range(k - g + 1):
            yield comb(k, g) * comb(k - g, r) / 3.0**k, g, r


def _expected_roll(view: _View, roller: int, me: int, space: int, counts: Sequence[int]) -> float:
    """Expected gain for ``me`` of rolling on ``space`` (each die 1/3 of each colour)."""
    total = 0.0
    for p, g, r in _splits(counts):
        total += p * _roll_value(view, roller, me, space, counts, [GREEN] * g + [RED] * r)
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
        view = _View(obs)
        me = obs.seat if obs.seat is not None else obs.to_move
        scored = [(self._score(obs, view, me, a), i) for i, a in enumerate(legal_actions)]
        best = max(v for v, _ in scored)
        ties = [i for v, i in scored if v >= best - 1e-9]
        return legal_actions[ties[self._rng.randrange(len(ties))]]

    # --- one number per action: higher is better for ``me`` ---------------------------

    def _score(self, obs: Observation, view: _View, me: int, action: Any) -> float:
        n = obs.num_players
        board = view.board
        if isinstance(action, MoveMouse):
            space = max(obs.space, 0)
            to = board.index[action.to]
            return _sign(me, action.owner) * _landing(view, space, to, view.extras)
        if isinstance(action, ChooseSpace):
            s = board.index[action.space]
            return _expected_roll(view, me, me, s, obs.mice[s * n : s * n + n])
        if isinstance(action, PlaceMouse):
            s = board.index[action.space]
            counts = obs.mice[s * n : s * n + n]
            return counts[me] - 0.5 * (sum(counts) - counts[me])
        if obs.phase == REACT:
            return self._react(obs, view, me, action)
        if obs.phase == COMPOSE:
            return self._compose(obs, view, me, action)
        if obs.phase == ANSWER:
            return self._answer(obs, view, me, action)
        if obs.phase == END:
            return self._end(obs, view, me, action)
        return 0.0

    def _dice_now(
        self, obs: Observation, view: _View, me: int, dice: Sequence[str], space: int = -1
    ) -> float:
        if obs.space < 0:
            return 0.0
        n = obs.num_players
        s = obs.space if space < 0 else space
        return _roll_value(view, obs.turn, me, s, obs.mice[s * n : s * n + n], dice)

    def _react(self, obs: Observation, view: _View, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker) or obs.space < 0:
            return 0.0  # Pass
        now = self._dice_now(obs, view, me, obs.dice)
        kind = action.kind
        table = DIE_STEPS[obs.options.die_change]
        if kind in table:
            steps = table[kind]
            changed = [steps.get(f, f) for f in obs.dice]
            gain = self._dice_now(obs, view, me, changed) - now
        elif kind in (CANCEL, REROLL):
            gain = max(
                (
                    self._dice_now(obs, view, me, obs.dice[:i] + obs.dice[i + 1 :]) - now
                    for i in range(len(obs.dice))
                ),
                default=0.0,
            )
            if kind == REROLL:
                gain *= 0.5  # the new face is only a chance of something better
        elif kind == TRANSFER:
            # FR-14: the spaces the rules allow (as full as the space the roller chose).
            gain = max(
                (self._dice_now(obs, view, me, obs.dice, s) - now for s in transfer_targets(obs)),
                default=0.0,
            )
        else:
            gain = 0.0
        return gain - MARGIN

    def _compose(self, obs: Observation, view: _View, me: int, action: Any) -> float:
        if obs.space < 0 or not obs.effects:
            return 0.0
        effect = obs.effects[0]
        board = view.board
        if isinstance(action, Done):
            return 0.0
        if isinstance(action, PickDie):
            # What this die adds to the dice already picked (Done, stopping here, is 0).
            before = _changed(obs, effect.kind, effect.dice)
            after = _changed(obs, effect.kind, (*effect.dice, action.die))
            return (
                self._dice_now(obs, view, me, after) - self._dice_now(obs, view, me, before) - 0.01
            )
        if isinstance(action, TransferTo):
            return self._dice_now(obs, view, me, obs.dice, board.index[action.space])
        if isinstance(action, ForceSpace):
            s = board.index[action.space]
            n = obs.num_players
            roller = obs.turn if effect.target < 0 else effect.target
            return _expected_roll(view, roller, me, s, obs.mice[s * n : s * n + n])
        if isinstance(action, ForcePlayer):
            return _best_turn(obs, view, me, action.seat)
        return 0.0

    def _answer(self, obs: Observation, view: _View, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker) or not obs.effects:
            return 0.0  # Pass
        # FR-17: an Annulation turns the marker off while an even number of Annulations
        # stands against it, back on otherwise: worth what that does to my standing.
        gain = self._effect_gain(obs, view, me, obs.effects[0])
        stands = len(obs.effects) % 2 == 1
        return (-gain if stands else gain) - MARGIN

    def _effect_gain(self, obs: Observation, view: _View, me: int, effect: Any) -> float:
        """What ``effect`` taking effect, rather than not, does to my standing: my
        position against the best placed opponent's, after the results (`_standing`)."""
        n = obs.num_players
        now = _positions(obs, view.board)
        if effect.kind == EXTRA_TURN:
            # FR-13: a turn on the space designated, or a second turn on the space its
            # player likes best, against no turn at all.
            roller = obs.turn if effect.target < 0 else effect.target
            space = effect.space
            if space < 0:
                space = max(
                    _spaces_of(obs, view.board, roller),
                    key=lambda s: _expected_roll(
                        view, roller, roller, s, obs.mice[s * n : s * n + n]
                    ),
                    default=-1,
                )
            if space < 0:
                return 0.0
            counts = obs.mice[space * n : space * n + n]
            return _expected_standing(view, roller, me, space, counts, now) - _standing(now, me)
        if obs.space < 0:
            return 0.0
        space, dice = obs.space, _changed(obs, effect.kind, effect.dice)
        if effect.kind == TRANSFER:
            space, dice = effect.space, list(obs.dice)  # FR-14: the same dice, elsewhere
        without = _dice_standing(view, obs.turn, me, obs.space, obs.mice, n, obs.dice, now)
        return _dice_standing(view, obs.turn, me, space, obs.mice, n, dice, now) - without

    def _end(self, obs: Observation, view: _View, me: int, action: Any) -> float:
        if not isinstance(action, PlayMarker):
            return 0.0  # Pass
        # Tour supplémentaire: the best space for me of the player who just played, be it
        # me (another turn) or an opponent forced to roll where it hurts them; with
        # tour_target="any", of the best player to force.
        seats: Sequence[int] = (obs.turn,)
        if obs.options.tour_target == ANY_PLAYER:
            seats = [s for s in range(obs.num_players) if s != me or s == obs.turn]
        return max(_best_turn(obs, view, me, s) for s in seats) - MARGIN


def _best_turn(obs: Observation, view: _View, me: int, roller: int) -> float:
    """For ``me``, the best expected roll of ``roller`` on a space holding its mice."""
    n = obs.num_players
    values = [
        _expected_roll(view, roller, me, s, obs.mice[s * n : s * n + n])
        for s in range(view.board.size)
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
    view: _View, roller: int, space: int, counts: Sequence[int], greens: int, reds: int
) -> list[float]:
    """How each seat's position changes when ``roller`` applies the results as
    `_roll_value` does (greedily, for itself)."""
    out = [0.0] * len(counts)
    for gain, owner, _ in _greedy(view, roller, space, counts, greens, reds):
        out[owner] += _sign(roller, owner) * gain  # the roller's gain, back to the owner's
    return out


def _dice_standing(
    view: _View,
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
    d = _deltas(view, roller, space, counts, dice.count(GREEN), dice.count(RED))
    return _standing([p + x for p, x in zip(positions, d, strict=True)], me)


def _expected_standing(
    view: _View,
    roller: int,
    me: int,
    space: int,
    counts: Sequence[int],
    positions: Sequence[float],
) -> float:
    """My expected standing after ``roller`` rolls on ``space`` (1/3 of each colour)."""
    total = 0.0
    for p, g, r in _splits(counts):
        d = _deltas(view, roller, space, counts, g, r)
        total += p * _standing([q + x for q, x in zip(positions, d, strict=True)], me)
    return total
