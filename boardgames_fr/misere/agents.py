"""A rules-aware bot for Misère.

Misère has no hidden information, so the bot rebuilds the position from its observation
and looks one move ahead in the action phase: it finishes its own worker's move greedily
and scores the result. A finished game ranks by its outcome (won, shared, lost), then by
the score margin; a live one by the margin the bot expects at the end (money, workers and
what they may still earn, food against the mouths to feed, experience, for both players).
In the placement phase it follows simple rules: food first, then more workers, then wages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import Rng
from boardgames_fr.misere.actions import Place
from boardgames_fr.misere.data import OEUVRE, SETUP, TABLE
from boardgames_fr.misere.rules import GAME, POINTER
from boardgames_fr.misere.state import PLACEMENT, Observation, State, zone_layout

__all__ = ["HeuristicAgent"]


def _state(obs: Observation) -> State:
    return State(
        num_players=obs.num_players,
        options=obs.options,
        to_move=obs.to_move,
        rng=0,
        explicit=False,
        round=obs.round,
        phase=obs.phase,
        first_player=obs.first_player,
        best_worker=obs.best_worker,
        players=obs.players,
        pile=obs.pile,
        commune_food=obs.commune_food,
        liquidated=obs.liquidated,
        zone=obs.zone,
        sectors=obs.sectors,
        pending=obs.pending,
        oeuvre_winner=obs.oeuvre_winner,
    )


# Values are in balles of final margin. A won game ranks above every live one and a lost
# game below; a shared win counts as a live game expected to end SHARED_WIN ahead, so a
# sure later win (the other player has no worker left, say) beats a tie now.
WIN = 1e7
SHARED_WIN = 2000.0
INCOME = 500.0  # what a worker may still earn in a round, net of its food (rough)


def _value(s: State, me: int) -> float:
    """How good the position looks for ``me`` (higher is better)."""
    if s.to_move == TERMINAL:
        sc = GAME.scores(s)
        margin = float(sc[me] - sc[1 - me])
        won = GAME.winners(s)
        if won == (me,):
            return WIN + margin
        if me in won:
            return SHARED_WIN + margin
        return -WIN + margin
    scores = GAME.scores(s)
    return _outlook(s, me, scores[me]) - _outlook(s, 1 - me, scores[1 - me])


def _pointer_food(s: State, seat: int) -> int:
    """MI-12: a worker of the seat waiting on Pointer still brings a food from the pile
    this round (the circles are the zone's last three places, `zone_layout`)."""
    pointer = s.zone[len(s.zone) - 3 + POINTER]
    return 1 if pointer >= 0 and pointer >> 1 == seat and s.pile else 0


def _outlook(s: State, seat: int, score: float) -> float:
    """The final count the seat may expect: its score, what its workers may still earn,
    less the workers hunger will cost; spare food and experience count a little."""
    pl = s.players[seat]
    rounds_left = s.options.rounds - s.round
    workers = pl.owned_plain + pl.owned_qualified - pl.hungry
    food = pl.food + _pointer_food(s, seat)
    short = max(0, pl.acted - food)
    surplus = max(0, food - pl.acted)
    useful = min(surplus, workers * max(1, rounds_left)) if rounds_left else 0
    value = (
        float(score)
        + INCOME * workers * rounds_left
        - (1000.0 + 700.0 * rounds_left) * short
        - 1000.0 * pl.hungry  # MI-16: at the feeding, still to be lost
        + 300.0 * useful
        + 60.0 * pl.xp
    )
    if pl.oeuvre >= 0:
        value += OEUVRE[pl.oeuvre].value + 400.0 * pl.oeuvre
    return value


class HeuristicAgent:
    """Feeds its workers first, grows its workforce, then works where the wage is best.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=1)
        >>> bot = HeuristicAgent(seed=1)
        >>> bot.act(misere.observe(s, 0), misere.legal_actions(s)) in misere.legal_actions(s)
        True
    """

    def __init__(self, seed: int = 0) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """Choose one of ``legal_actions``."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        s = _state(observation)
        me = s.to_move
        if s.phase == PLACEMENT:
            return self._place(s, me, legal_actions)
        best: list[Any] = []
        top = float("-inf")
        for a in legal_actions:
            v = self._finish(GAME.step(s, a), me, 3)
            if v > top + 1e-9:
                top, best = v, [a]
            elif abs(v - top) <= 1e-9:
                best.append(a)
        return best[self._rng.randrange(len(best))]

    def _finish(self, s: State, me: int, depth: int) -> float:
        """Greedily finish my own move in progress, then score the position."""
        if depth == 0 or s.to_move != me or s.pending is None:
            return _value(s, me)
        return max(self._finish(GAME.step(s, a), me, depth - 1) for a in GAME.legal_actions(s))

    def _place(self, s: State, me: int, legal: Sequence[Any]) -> Any:
        pl = s.players[me]
        layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
        eaters = pl.acted + pl.plain + pl.qualified
        deficit = eaters - pl.food - _pointer_food(s, me)
        supply = SETUP.workers_per_colour - pl.owned_plain - pl.owned_qualified - pl.lost
        rounds_left = s.options.rounds - s.round
        petits = TABLE[s.liquidated][1][0]
        cheap_food = 250 if petits is not None else 500
        scored: list[tuple[float, int, Any]] = []
        for i, a in enumerate(legal):
            if not isinstance(a, Place):
                continue
            action = layout[a.place][0]
            q = a.qualified
            if action == 0:  # acheter à bouffer
                v = 50.0
                if deficit > 0 and pl.money >= cheap_food:
                    v = 300.0 + 10 * min(deficit, pl.money // cheap_food)
            elif action == 1:  # bosser
                v = 200.0 + (60 if q else 0)
                if deficit > 0:
                    v += 40  # the Commune and the Artisans feed their workers
            elif action == 2:  # galérer: one more worker
                cost = SETUP.struggle_cost_qualified if q else SETUP.struggle_cost
                v = 0.0
                if supply > 0 and rounds_left >= 2 and pl.money >= cost + 500 and deficit < 0:
                    v = 280.0 - (100 if q else 0)
            elif action == 3:  # pointer: food
                v = 150.0 if deficit > 0 else 20.0
            elif action == 4:  # bosser pour sa gueule
                v = 30.0 if pl.oeuvre < 0 else 60.0
            else:  # faire la manche
                v = 90.0
            scored.append((v, -i, a))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return scored[0][2] if scored else legal[0]
