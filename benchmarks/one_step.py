"""How much a game's heuristic leaves on the table: its one-step improvement by playouts,
against the heuristic itself.

    python benchmarks/one_step.py --game fromage [--games 80] [--playouts 100]
                                  [--phases choose] [--seed 1] [--jobs 2]

The improved player (`OneStepAgent`) decides as the game's `HeuristicAgent` does, except
at the decisions of ``--phases`` (the observation's ``phase``; every decision without it):
there it draws ``--playouts`` worlds from its observation (the game's ``determinize``:
nothing its seat cannot see), plays every legal move in each world, the same world for
every move (the same dice and cards ahead: the moves are compared on common chance), lets
the heuristic play every seat from there to the end, and plays the move of the best mean
return. This is the textbook policy improvement by rollouts, with far more rollouts than
the search bot's budget (0.5 s a decision) allows: a few seconds a decision.

If the improved player does not beat the heuristic clearly, a search bot that must decide
in 0.5 s has little to find beyond the heuristic's moves: issue #21 asks for the search
bot's win rate against the heuristic to be above 0.50 with 95 % confidence in every game.
The output is the improved player's win rate over ``--games`` two-player games, seats
rotated (`bgf.simulate`), with its 95 % Wilson interval.
The same command line gives the same result.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Sequence
from typing import Any

from search import win_rate  # benchmarks/search.py: this folder is on the path

import boardgames_fr as bgf
from boardgames_fr.core.rng import Rng


def heuristic_playout(module: Any, state: Any, seat: int, seed: int) -> float:
    """``seat``'s return after the game's `HeuristicAgent` plays every seat (seat ``p``'s
    seeded ``seed + p``) from ``state`` to the end, chance drawn by the state's RNG."""
    bots = [module.HeuristicAgent(seed + p) for p in range(state.num_players)]
    while not module.is_terminal(state):
        tm = module.current_player(state)
        if tm == bgf.CHANCE:
            state = module.step(state, bgf.sample_chance(state))
        else:
            legal = module.legal_actions(state)
            state = module.step(state, bots[tm].act(module.observe(state, tm), legal))
    return float(module.returns(state)[seat])


class OneStepAgent:
    """The game's heuristic, improved by one step of paired playouts at some decisions."""

    def __init__(
        self, game_id: str, seed: int = 0, playouts: int = 100, phases: Sequence[str] = ()
    ) -> None:
        self._module = bgf.get_game(game_id)
        self._determinize = getattr(self._module, "determinize")  # noqa: B009 (a hook)
        self._heuristic = self._module.HeuristicAgent(seed)
        self._rng = Rng(seed ^ 0x0E57E9)
        self.playouts = playouts
        self.phases = tuple(phases)

    def __repr__(self) -> str:
        return f"OneStepAgent(playouts={self.playouts}, phases={self.phases})"

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        if len(legal_actions) == 1 or (
            self.phases and getattr(observation, "phase", None) not in self.phases
        ):
            return self._heuristic.act(observation, legal_actions)
        module = self._module
        seat = observation.seat
        totals = [0.0] * len(legal_actions)
        for _ in range(self.playouts):
            world_seed = self._rng.randrange(2**62)
            play_seed = self._rng.randrange(2**62)
            for i, action in enumerate(legal_actions):
                # The same world and the same playing seeds for every move compared.
                world = self._determinize(observation, Rng(world_seed))
                after = module.step(world, action)
                totals[i] += heuristic_playout(module, after, seat, play_seed)
        best = max(range(len(legal_actions)), key=lambda i: (totals[i], -i))
        return legal_actions[best]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--phases", default="", help="comma-separated; default: every one")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    phases = tuple(p for p in args.phases.split(",") if p)
    bot = functools.partial(OneStepAgent, args.game, playouts=args.playouts, phases=phases)
    started = time.perf_counter()
    r = win_rate(args.game, bot, "heuristic", args.games, args.seed, args.jobs)
    print(
        f"{args.game}: one-step improvement ({args.playouts} paired playouts a move, "
        f"phases {', '.join(phases) or 'all'}) against the heuristic, seed {args.seed}: "
        f"{r['rate'] * r['games']:g} of {r['games']} games, {r['rate']:.3f} "
        f"[{r['lo']:.3f}, {r['hi']:.3f}] "
        f"({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
