"""The search bot (`boardgames_fr.search.ISMCTSAgent`) at its default budget: its speed,
its strength against the heuristic and random agents, and the seats' balance in
self-play.

    python benchmarks/search.py [--games 200] [--self-games 100] [--jobs 2] [--seed 1]
                                [--parts speed,strength,self]
                                [--opponents heuristic,random] [--settings JSON]
                                [GAME ...]

- **speed**: iterations per second and seconds per decision, over the decisions of a
  game between heuristic agents (every eighth decision with a choice, from the first).
  The default budget is meant to keep the slowest decision under 0.5 s on a quiet 2-core
  machine; on a busy one the CPU seconds (the process's own, `time.process_time`) say
  what a quiet machine would take, where the wall-clock seconds count the waits too.
- **strength**: ``--games`` two-player games per game and opponent, seats rotated
  (`bgf.simulate` with ``rotate=True``), the search bot's win rate with its 95 % Wilson
  interval. A shared win counts as its share. The issue's target (#21): the interval's
  lower end above 0.50 against ``heuristic`` and above 0.75 against ``random``.
- **self**: ``--self-games`` games of the search bot against itself at the default player
  count, each seat's win rate (a balance question for the game's content).

``--settings`` (a JSON object, e.g. ``'{"evaluation": "value", "iterations": 600}'``)
measures the bot at other settings than the game's defaults (`ISMCTSAgent`'s keywords).

Every game of a run is seeded from ``--seed`` and its index (`bgf.simulate`): the same
command line gives the same tables, whatever ``--jobs``. Only the games whose module
has ``determinize`` are played.
"""

from __future__ import annotations

import argparse
import functools
import json
import platform
import statistics
import time
from typing import Any

import boardgames_fr as bgf
from boardgames_fr.agents import make_agent
from boardgames_fr.search import ISMCTSAgent
from boardgames_fr.simulation import AgentSpec, agent_label, wilson_interval

TARGETS = {"heuristic": 0.5, "random": 0.75}
"""Issue #21's bar per opponent: the lower end of the 95 % interval above it."""


def decision_states(game_id: str, seed: int, every: int = 8) -> list[Any]:
    """Every ``every``-th state with a choice of a two-player game between heuristic
    agents."""
    module = bgf.get_game(game_id)
    bots = [make_agent(game_id, "heuristic", seed=seed + i) for i in range(2)]
    state = module.new_game(2, seed=seed)
    out = []
    seen = 0
    while not module.is_terminal(state):
        seat = module.current_player(state)
        legal = module.legal_actions(state)
        if len(legal) > 1:
            if seen % every == 0:
                out.append(state)
            seen += 1
        state = module.step(state, bots[seat].act(module.observe(state, seat), legal))
    return out


def _bot(game_id: str, settings: dict[str, Any] | None) -> AgentSpec:
    """The search bot to play: by name at the game's defaults, or a factory with
    ``settings``."""
    return functools.partial(ISMCTSAgent, game_id, **settings) if settings else "ismcts"


def speed(game_id: str, seed: int, settings: dict[str, Any] | None = None) -> dict[str, float]:
    """The search's speed over one game's decisions at the default budget (or
    ``settings``)."""
    module = bgf.get_game(game_id)
    per_decision = []
    cpu = []
    iterations = 0
    for k, state in enumerate(decision_states(game_id, seed)):
        seat = module.current_player(state)
        bot = ISMCTSAgent(game_id, seed=seed + k, **(settings or {}))
        started = time.process_time()
        result = bot.search(module.observe(state, seat), module.legal_actions(state))
        cpu.append(time.process_time() - started)
        per_decision.append(result.seconds)
        iterations += result.iterations
    total = sum(per_decision)
    return {
        "decisions": len(per_decision),
        "iterations": iterations / len(per_decision),
        "iter_per_s": iterations / total,
        "mean_s": statistics.fmean(per_decision),
        "max_s": max(per_decision),
        "cpu_mean_s": statistics.fmean(cpu),
        "cpu_max_s": max(cpu),
    }


def strength(
    game_id: str,
    opponent: str,
    games: int,
    seed: int,
    jobs: int,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The search bot's win rate against ``opponent`` over ``games`` rotated games."""
    return win_rate(game_id, _bot(game_id, settings), opponent, games, seed, jobs)


def win_rate(
    game_id: str, bot: AgentSpec, opponent: AgentSpec, games: int, seed: int, jobs: int
) -> dict[str, Any]:
    """``bot``'s win rate against ``opponent`` over ``games`` two-player games, seats
    rotated, with its 95 % Wilson interval (a shared win counts as its share)."""
    results = bgf.simulate(
        game_id,
        [bot, opponent],
        games,
        seed=seed,
        num_players=2,
        jobs=jobs,
        rotate=True,
        progress=False,
    )
    share = results.win_share()
    mask = results.agents == agent_label(bot)
    wins = float(share[mask].sum())
    n = int(mask.sum())
    lo, hi = wilson_interval(wins, n)
    return {"games": n, "rate": wins / n, "lo": lo, "hi": hi}


def self_play(
    game_id: str, games: int, seed: int, jobs: int, settings: dict[str, Any] | None = None
) -> list[tuple[int, float, float, float]]:
    """Each seat's win rate of the search bot against itself (default player count)."""
    bot = _bot(game_id, settings)
    results = bgf.simulate(game_id, [bot], games, seed=seed, jobs=jobs, progress=False)
    return results.seat_win_rates()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", help="default: every game")
    parser.add_argument("--games", type=int, default=200, help="games per game and opponent")
    parser.add_argument("--self-games", type=int, default=100, help="self-play games per game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", default="speed,strength,self")
    parser.add_argument(
        "--opponents", default="heuristic,random", help="the strength table's opponents"
    )
    parser.add_argument("--settings", type=json.loads, help="the bot's settings (JSON)")
    args = parser.parse_args(argv)
    settings: dict[str, Any] | None = args.settings
    parts = set(args.parts.split(","))
    ids = args.games_ids or [g for g in bgf.GAME_IDS if hasattr(bgf.get_game(g), "determinize")]
    print(
        f"# {platform.python_implementation()} {platform.python_version()}, seed {args.seed}"
        + (f", settings {json.dumps(settings)}" if settings else "")
    )
    if "speed" in parts:
        print(
            "\n| game | decisions | iterations | iterations/s | s/decision (mean) | (max)"
            " | CPU s (mean) | (max) |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        for gid in ids:
            r = speed(gid, args.seed, settings)
            print(
                f"| {gid} | {r['decisions']:.0f} | {r['iterations']:.0f} | {r['iter_per_s']:,.0f}"
                f" | {r['mean_s']:.3f} | {r['max_s']:.3f}"
                f" | {r['cpu_mean_s']:.3f} | {r['cpu_max_s']:.3f} |",
                flush=True,
            )
    if "strength" in parts:
        print("\n| game | opponent | games | win rate | 95 % interval | target | met |")
        print("|---|---|---:|---:|---|---:|---|")
        for gid in ids:
            for opponent in args.opponents.split(","):
                target = TARGETS[opponent]
                start = time.perf_counter()
                r = strength(gid, opponent, args.games, args.seed, args.jobs, settings)
                met = "yes" if r["lo"] > target else "no"
                print(
                    f"| {gid} | {opponent} | {r['games']} | {r['rate']:.3f} |"
                    f" [{r['lo']:.3f}, {r['hi']:.3f}] | > {target:.2f} | {met} |"
                    f" <!-- {time.perf_counter() - start:.0f} s -->",
                    flush=True,
                )
    if "self" in parts:
        print("\n| game | players | games | seat win rates (95 % interval) |")
        print("|---|---:|---:|---|")
        for gid in ids:
            rates = self_play(gid, args.self_games, args.seed, args.jobs, settings)
            cells = ", ".join(f"{rate:.3f} [{lo:.2f}, {hi:.2f}]" for _, rate, lo, hi in rates)
            n = bgf.get_game(gid).GAME_INFO.default_players
            print(f"| {gid} | {n} | {args.self_games} | {cells} |", flush=True)


if __name__ == "__main__":
    main()
