"""A search bot for every game: single-observer information-set Monte Carlo tree search.

`ISMCTSAgent` plays any registered game through its public functions only
(``legal_actions``, ``step``, ``returns``, ``sample_chance``, ``observe`` and the game's
``determinize``), so it needs no code of its own per game and, like every agent, it sees
only its seat's observation: never a state, never what the seat may not know.

Each iteration of the search (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 2012, the single-observer variant):

1. **Determinize**: draw one whole world that the seat cannot tell from the real one, with
   ``determinize(observation, rng)``: the other hands, the decks, the face-down markers
   dealt at random among the arrangements the observation allows, and a fresh RNG, so that
   the dice and draws ahead are not the real ones either.
2. **Select** down one tree shared by every world, keyed by the actions taken: at each
   decision the children whose action is legal in *this* world compete by UCB1, where a
   child's exploration term counts the iterations in which it was *available* (legal)
   rather than the parent's visits: an action that is legal only in a few worlds is not
   punished for the worlds where it could not be chosen. The seat to move picks by its own
   mean return, so every seat plays for itself (2 to 8 players).
3. **Expand** one action not tried yet, then **roll out** to the end of the game with
   random moves (or a given agent's), at most ``max_rollout_steps`` steps; a rollout cut
   short is scored by the game's ``scores``, by rank or by the lead, or by a learned value
   of the position from each seat's own observation (`boardgames_fr.value`).
4. **Back up** the returns of every seat (+1 a win, 1/k a win shared by k, -1 a loss).

Chance is resolved by the world's own RNG (``sample_chance``, which is what auto mode
draws), so a tree node stands for an action sequence and merges the chance outcomes
after it ("open loop"). The move played is the root's most visited child.

Example:
    >>> import boardgames_fr as bgf
    >>> lf = bgf.get_game("little_factory")
    >>> s = lf.new_game(2, seed=3)
    >>> bot = ISMCTSAgent("little_factory", seed=1, iterations=20)
    >>> bot.act(lf.observe(s, 0), lf.legal_actions(s)) in lf.legal_actions(s)
    True
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.game import Game
from boardgames_fr.core.registry import get_game
from boardgames_fr.core.rng import Rng
from boardgames_fr.value import ValueModel, packaged_value

__all__ = [
    "DEFAULT_ITERATIONS",
    "DEFAULT_MAX_ROLLOUT_STEPS",
    "EXPLORATION",
    "GAME_DEFAULTS",
    "ActionStats",
    "Defaults",
    "ISMCTSAgent",
    "SearchResult",
]

EXPLORATION = 0.7
"""The UCB1 constant ``c`` of ``mean + c * sqrt(ln(available) / visits)``, for returns in
[-1, 1] (a range of 2: about 0.35 on the [0, 1] scale of the textbook's sqrt(2)/4 ... 1)."""

DEFAULT_ITERATIONS = 200
"""Iterations per decision for a game without settings of its own in `GAME_DEFAULTS`."""

DEFAULT_MAX_ROLLOUT_STEPS = 2000
"""Steps after which a rollout stops and the seats are ranked by the game's score, for a
game without settings of its own: far more than random play takes in any of the five
games, so a rollout then plays to the end."""


@attrs.frozen
class Defaults:
    """A game's default search settings.

    Attributes:
        iterations: iterations per decision.
        max_rollout_steps: rollout steps before the seats are ranked by score.
        rollout: ``"random"`` or ``"heuristic"`` (the game's `HeuristicAgent`).
        prior: the weight of the game's `HeuristicAgent` at the root (`ISMCTSAgent`).
        evaluation: how a capped rollout is scored (`ISMCTSAgent`): ``"rank"``,
            ``"margin"`` or ``"value"``.
        fallback: with ``evaluation="value"``, the settings of a game the learned value
            was not fitted for (another player count or options).
    """

    iterations: int = DEFAULT_ITERATIONS
    max_rollout_steps: int = DEFAULT_MAX_ROLLOUT_STEPS
    rollout: str = "random"
    prior: float = 0.0
    evaluation: str = "rank"
    fallback: Defaults | None = None


# Per game, measured with benchmarks/search.py: the budget keeps the slowest decisions of a
# game (its first moves, with the longest rollouts ahead) under 0.5 s on a quiet 2-core
# machine, and the rollouts are those that made the bot strongest at that cost.
GAME_DEFAULTS: dict[str, Defaults] = {
    # Full random rollouts; the heuristic as a prior settles the noisy close calls.
    "dorge_et_ble": Defaults(iterations=80, prior=0.3),
    # A race decided by dice, its score 0 until the end: no search that fits 0.5 s tells
    # the moves apart (they differ by a few hundredths of a return), and every setting
    # that let the search overrule the heuristic played worse than it. Prior 1 is the
    # whole budget of extra visits, more than any other move can get: the bot plays the
    # heuristic's move, and the search's statistics are there to read.
    "fromage": Defaults(iterations=60, prior=1.0),
    # Short games ruled by the draw of the cards: a played-out result is mostly luck, so
    # each position right after a move is judged by the learned value (the expected
    # return after the cards, boardgames_fr.value); 0.580 [0.531, 0.627] against the
    # heuristic over 400 games, where whole rollouts by the heuristic with it as a prior
    # (the fallback, for the player counts and options the value was not fitted for)
    # were level with it.
    "lactorama": Defaults(
        iterations=200,
        max_rollout_steps=0,
        rollout="heuristic",
        evaluation="value",
        fallback=Defaults(iterations=120, rollout="heuristic", prior=0.3),
    ),
    # Victory points are a good guide: short random rollouts scored by the lead in points
    # (as strong as 200 full-ranked ones at 60 steps, for 40 % of the time).
    "little_factory": Defaults(iterations=80, max_rollout_steps=40, evaluation="margin"),
    # Random play sinks into misery within a few turns and tells nothing: very short
    # rollouts by the heuristic scored by the lead in money (the heuristic already looks a
    # move ahead), so many iterations fit, with the heuristic as a prior.
    "misere": Defaults(
        iterations=80, max_rollout_steps=8, rollout="heuristic", prior=0.3, evaluation="margin"
    ),
}
"""Each game's default settings (`Defaults`); a game not listed gets `Defaults()`."""


def default_iterations(game_id: str) -> int:
    """Iterations per decision at the default budget for ``game_id``.

    Example:
        >>> default_iterations("misere") > 0
        True
    """
    return GAME_DEFAULTS.get(game_id, Defaults()).iterations


class _Actor(Protocol):
    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any: ...


class _Node:
    """A tree node: the action sequence from the root; its statistics are those of the
    seat that chose the action leading here (``mover``)."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 1  # the iteration that created it saw it available
        self.total = 0.0  # sum of the mover's returns
        self.children: dict[Any, _Node] = {}


@attrs.frozen
class ActionStats:
    """One root action after a search.

    Attributes:
        action: the action.
        visits: iterations that chose it.
        mean_return: the searching seat's mean return over those iterations (-1 to 1).
        available: iterations in which it was legal (every one, at the root).
    """

    action: Any
    visits: int
    mean_return: float
    available: int


@attrs.frozen
class SearchResult:
    """What one decision's search found.

    Attributes:
        action: the action chosen: the most visited (counting the prior's extra visits).
        seat: the seat that searched.
        iterations: iterations run.
        seconds: time spent (not compared: equal searches take different times).
        stats: each legal action's `ActionStats`, most visited first.
        prior_action: the heuristic's choice when the bot has a prior (None otherwise).
    """

    action: Any
    seat: int
    iterations: int
    seconds: float = attrs.field(eq=False)  # two equal searches differ in their time
    stats: tuple[ActionStats, ...] = ()
    prior_action: Any = None


class ISMCTSAgent:
    """Single-observer information-set MCTS over the public API of any game.

    Args:
        game_id: a registered game whose module has ``determinize``.
        seed: seeds every draw of the bot (worlds, expansions, rollouts): with an
            iteration budget, the same seed and observations give the same choices.
        iterations: iterations per decision.
        seconds: time per decision; with ``iterations`` too, whichever ends first (a time
            budget makes the choice depend on the machine's speed).
            With neither: the game's default (`default_iterations`, at most 0.5 s a
            decision on a quiet 2-core machine).
        exploration: the UCB1 constant (`EXPLORATION`).
        rollout: who plays the rollouts for every seat: ``"random"`` (uniformly random
            moves, the cheapest), ``"heuristic"`` (the game's ``HeuristicAgent``), or any
            agent (its ``act`` gets each seat's observation of the sampled world); None:
            the game's default (`GAME_DEFAULTS`).
        max_rollout_steps: a rollout stops after that many steps; the seats are then
            ranked by the game's score (``scores``), the leaders sharing a win. None: the
            game's default.
        prior: how much the game's own ``HeuristicAgent`` counts at the root: its choice
            gets that fraction of the iterations as extra visits when the most visited
            action is chosen, so the search overrules it only with a clear margin (a
            small search is noisy; 0: no prior). None: the game's default.
        evaluation: how a rollout cut by ``max_rollout_steps`` is scored: ``"rank"``
            (the leaders by score share a win, the others lose) or ``"margin"`` (each
            seat's lead over the best other seat, relative to the larger score, from -1
            to 1: a graded signal, which short rollouts need) or ``"value"`` (each seat's
            learned value of the position, `boardgames_fr.value`, read from that seat's
            own observation of the sampled world: the expected return after the dice
            rather than one played-out result; chance states reached at the cut are
            resolved first, so ``max_rollout_steps=0`` evaluates the position right after
            the expanded move). None: the game's default.
        value: the learned value for ``evaluation="value"``; None: the one shipped with
            the package for the game (`boardgames_fr.value.packaged_value`).
        defaults: the settings of whatever is not given; None: the game's
            (`GAME_DEFAULTS`). Where they evaluate by the value and name a ``fallback``,
            a game the value does not fit is searched with the fallback's settings
            instead (with the settings given here).

    Raises:
        ValueError: the game has no ``determinize``, a budget is not positive, a setting
            is not one of its choices, or ``evaluation="value"`` without a learned value
            for the game (a search then refuses a game of another player count or
            options than the value was fitted for).

    Example:
        >>> import boardgames_fr as bgf
        >>> m = bgf.get_game("little_factory")
        >>> s = m.new_game(2, seed=1)
        >>> r = ISMCTSAgent("little_factory", seed=2, iterations=30).search(
        ...     m.observe(s, 0), m.legal_actions(s))
        >>> r.iterations, sum(st.visits for st in r.stats)
        (30, 30)
    """

    def __init__(
        self,
        game_id: str,
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        rollout: _Actor | str | None = None,
        max_rollout_steps: int | None = None,
        prior: float | None = None,
        evaluation: str | None = None,
        value: ValueModel | None = None,
        defaults: Defaults | None = None,
    ) -> None:
        module = get_game(game_id)
        determinize = getattr(module, "determinize", None)
        if determinize is None:
            raise ValueError(
                f"{game_id} has no determinize(observation, rng): the search bot cannot "
                "sample the worlds its seat cannot tell apart"
            )
        if defaults is None:
            defaults = GAME_DEFAULTS.get(game_id, Defaults())
        self._fallback: ISMCTSAgent | None = None
        if evaluation is None and value is None and defaults.fallback is not None:
            self._fallback = ISMCTSAgent(
                game_id,
                seed,
                iterations=iterations,
                seconds=seconds,
                exploration=exploration,
                rollout=rollout,
                max_rollout_steps=max_rollout_steps,
                prior=prior,
                defaults=defaults.fallback,
            )
        if iterations is None and seconds is None:
            iterations = defaults.iterations
        if max_rollout_steps is None:
            max_rollout_steps = defaults.max_rollout_steps
        if prior is None:
            prior = defaults.prior
        if not prior >= 0:
            raise ValueError(f"prior must be at least 0, not {prior!r}")
        if rollout is None:
            rollout = defaults.rollout
        if evaluation is None:
            evaluation = defaults.evaluation
        if evaluation not in ("rank", "margin", "value"):
            raise ValueError(f"evaluation must be 'rank', 'margin' or 'value', not {evaluation!r}")
        if evaluation == "value":
            if value is None:
                value = packaged_value(game_id)
            if value is None:
                raise ValueError(
                    f"{game_id} has no learned value: fit one with "
                    "benchmarks/train_values.py, or choose evaluation 'rank' or 'margin'"
                )
            if value.game_id != game_id:
                raise ValueError(f"the value given is {value.game_id}'s, not {game_id}'s")
        else:
            value = None
        actor: _Actor | None
        if rollout == "random":
            actor = None
        elif rollout == "heuristic":
            actor = module.HeuristicAgent(seed ^ 0x5EA2C4)  # its own seed, apart from ours
        elif isinstance(rollout, str):
            raise ValueError(f"rollout must be 'random', 'heuristic' or an agent, not {rollout!r}")
        else:
            actor = rollout
        if iterations is not None and (isinstance(iterations, bool) or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if max_rollout_steps < 0:
            raise ValueError(f"max_rollout_steps must be at least 0, not {max_rollout_steps!r}")
        self.game_id = game_id
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = float(exploration)
        self.rollout = actor
        self.max_rollout_steps = max_rollout_steps
        self.prior = float(prior)
        self.evaluation = evaluation
        self._evaluate = _ranked if evaluation == "rank" else _margins
        self.value = value
        # The player count and options last seen to fit the value (checked once a game).
        self._value_checked: tuple[int, Any] | None = None
        self._prior_agent: _Actor | None = (
            module.HeuristicAgent(seed ^ 0x9219) if prior > 0 else None  # its own seed
        )
        self._module = module
        self._game: Game[Any, Any, Any] = module.GAME
        self._determinize: Callable[[Any, Rng], Any] = determinize
        self._rng = Rng(seed)
        self.last: SearchResult | None = None

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds}")
        return f"ISMCTSAgent({self.game_id!r}, {', '.join(budget)})"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        """The most visited of ``legal_actions`` after a search from ``observation``
        (a seat's observation; `last` keeps the search's statistics)."""
        if len(legal_actions) == 1:
            # Nothing to decide: no search, and no draw, so a forced move costs nothing.
            return legal_actions[0]
        return self.search(observation, legal_actions).action

    def search(self, observation: Any, legal_actions: Sequence[Any]) -> SearchResult:
        """Search from ``observation`` and return every legal action's statistics.

        Raises:
            ValueError: no legal action, or the observation is the public view (a search
                plays for one seat).
        """
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        seat = getattr(observation, "seat", None)
        if seat is None:
            raise ValueError("the search bot needs a seat's observation, not the public view")
        fallback = self._fallback
        # A world drawn apart from the search's own draws says the player count and the
        # options, whatever the game's observation holds.
        if (
            fallback is not None
            and self.value is not None
            and not self.value.fits(self._determinize(observation, Rng(0)))
        ):
            self.last = fallback.search(observation, legal_actions)
            return self.last
        start = time.perf_counter()
        legal = tuple(legal_actions)
        root = _Node(mover=-1)
        limit = self.iterations
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, observation, legal)
            done += 1
        stats = []
        for a in legal:
            child = root.children.get(a)
            if child is None:
                stats.append(ActionStats(a, 0, 0.0, done))
            else:
                stats.append(ActionStats(a, child.visits, child.total / child.visits, done))
        # Most visited first; equal visits: the better mean, then the game's order.
        order = sorted(
            range(len(stats)), key=lambda i: (-stats[i].visits, -stats[i].mean_return, i)
        )
        ranked = tuple(stats[i] for i in order)
        chosen = ranked[0].action
        prior_action = None
        if self._prior_agent is not None:
            prior_action = self._prior_agent.act(observation, legal)
            bonus = self.prior * done
            best = max(
                range(len(stats)),
                key=lambda i: (
                    stats[i].visits + (bonus if stats[i].action == prior_action else 0.0),
                    stats[i].mean_return,
                    -i,
                ),
            )
            chosen = stats[best].action
        result = SearchResult(
            action=chosen,
            seat=seat,
            iterations=done,
            seconds=time.perf_counter() - start,
            stats=ranked,
            prior_action=prior_action,
        )
        self.last = result
        return result

    def _iterate(self, root: _Node, observation: Any, root_legal: tuple[Any, ...]) -> None:
        game = self._game
        rng = self._rng
        legal_actions = game.legal_actions
        step = game.step
        state = self._determinize(observation, rng)
        if self.value is not None:
            checked = self._value_checked
            if (
                checked is None
                or checked[1] is not state.options
                or checked[0] != state.num_players
            ):
                self._check_value(state)
        node = root
        path: list[_Node] = []
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        # Selection and expansion, in the tree.
        while True:
            tm = state.to_move
            if tm == TERMINAL:
                break
            if tm == CHANCE:  # a world in explicit mode: draw what auto mode would
                state = step(state, game.sample_chance(state))
                continue
            legal = root_legal if node is root else legal_actions(state)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(tm)
                children[action] = child
                path.append(child)
                state = step(state, action)
                break
            best = None
            best_score = -math.inf
            for a in legal:
                child = children[a]
                child.avail += 1
                score = child.total / child.visits + c * sqrt(log(child.avail) / child.visits)
                if score > best_score:
                    best_score = score
                    best = a
            node = children[best]
            path.append(node)
            state = step(state, best)
        values = self._rollout(state)
        for n in path:
            n.visits += 1
            n.total += values[n.mover]

    def _check_value(self, state: Any) -> None:
        value = self.value
        assert value is not None
        if not value.fits(state):
            raise ValueError(
                f"the learned value of {self.game_id} was fitted for {value.num_players} "
                f"players and the options {value.options}, not for this game's "
                f"{state.num_players} players and options: choose evaluation 'rank' or "
                "'margin', or fit a value for them (benchmarks/train_values.py)"
            )
        self._value_checked = (state.num_players, state.options)

    def _rollout(self, state: Any) -> tuple[float, ...]:
        game = self._game
        legal_actions = game.legal_actions
        step = game.step
        randrange = self._rng.randrange
        agent = self.rollout
        observe = game.observe
        left = self.max_rollout_steps
        value = self.value
        while True:
            tm = state.to_move
            if tm == TERMINAL:
                return game.returns(state)
            if value is not None and tm == CHANCE:  # resolved before a value is read
                state = step(state, game.sample_chance(state))
                continue
            if left <= 0:
                if value is not None:
                    return value.returns(state)
                return self._evaluate(game.scores(state))
            left -= 1
            legal = legal_actions(state)
            if tm == CHANCE:
                state = step(state, game.sample_chance(state))
            elif len(legal) == 1:
                state = step(state, legal[0])
            elif agent is None:
                state = step(state, legal[randrange(len(legal))])
            else:
                state = step(state, agent.act(observe(state, tm), legal))


def _ranked(scores: Sequence[float]) -> tuple[float, ...]:
    """Returns as if the game ended now: the leaders by score share a win.

    Example:
        >>> _ranked((3, 7, 7))
        (-1.0, 0.5, 0.5)
    """
    top = max(scores)
    leaders = sum(1 for s in scores if s == top)
    return tuple(1.0 / leaders if s == top else -1.0 for s in scores)


def _margins(scores: Sequence[float]) -> tuple[float, ...]:
    """Returns as if the game ended now, graded by the lead: each seat's margin over the
    best of the others, relative to the larger of the two scores, in [-1, 1].

    Example:
        >>> _margins((3, 7, 7))
        (-0.5714285714285714, 0.0, 0.0)
    """
    out = []
    for i, s in enumerate(scores):
        other = max(x for j, x in enumerate(scores) if j != i)
        size = max(abs(s), abs(other))
        out.append(0.0 if size == 0 else max(-1.0, min(1.0, (s - other) / size)))
    return tuple(out)
