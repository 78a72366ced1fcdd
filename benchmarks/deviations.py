"""Where the search bot leaves the heuristic's move, is its move better?

    python benchmarks/deviations.py --game fromage [--settings JSON] [--value FILE]
                                    [--games 20] [--every 7] [--playouts 100] [--seed 500]

Positions come from games between the game's `HeuristicAgent`s (game ``i`` seeded ``seed +
i``): at every ``--every``-th decision with a choice, the search bot (`ISMCTSAgent` at its
defaults, or at ``--settings``, with the learned value of ``--value`` if given) chooses from
the mover's observation. Where its move differs from the heuristic's, both moves are
scored by ``--playouts`` playouts from the position, the heuristic playing every seat to the
end, each playout with the same dice and cards ahead for the two moves (the state's RNG set
alike); the judge reads the state, the bot never does. The output, per phase of the game
(the state's ``phase``, where it has one) and overall: the decisions, those where the
moves differ, and the mover's mean return gained there (a range of 2) with its standard
error. A bot that gains nothing where it differs cannot beat the heuristic by searching.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
from typing import Any

import attrs
from one_step import heuristic_playout  # benchmarks/one_step.py: on the path

import boardgames_fr as bgf
from boardgames_fr.search import ISMCTSAgent
from boardgames_fr.value import parse_value


def _summary(gains: list[float]) -> str:
    if not gains:
        return "-"
    mean = sum(gains) / len(gains)
    sd = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1))
    return f"{mean:+.4f} (standard error {sd / math.sqrt(len(gains)):.4f})"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--settings", type=json.loads, default={}, help="ISMCTSAgent keywords")
    parser.add_argument("--value", help="a value file (benchmarks/train_values.py --out)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--playouts", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args(argv)
    module = bgf.get_game(args.game)
    settings: dict[str, Any] = dict(args.settings)
    if args.value:
        with open(args.value, encoding="utf-8") as f:
            settings["value"] = parse_value(f.read(), args.game)
    decisions: collections.Counter[str] = collections.Counter()
    gains: dict[str, list[float]] = collections.defaultdict(list)
    for g in range(args.games):
        state = module.new_game(2, seed=args.seed + g)
        bots = [module.HeuristicAgent(args.seed + g * 2 + p) for p in range(2)]
        seen = 0
        while not module.is_terminal(state):
            seat = module.current_player(state)
            legal = module.legal_actions(state)
            if seat == bgf.CHANCE:
                state = module.step(state, bgf.sample_chance(state))
                continue
            if len(legal) > 1:
                seen += 1
                if seen % args.every == 0:
                    phase = str(getattr(state, "phase", "-"))
                    obs = module.observe(state, seat)
                    ours = module.HeuristicAgent(12345).act(obs, legal)
                    bot = ISMCTSAgent(args.game, seed=g * 1000 + seen, **settings)
                    theirs = bot.act(obs, legal)
                    decisions[phase] += 1
                    if theirs != ours:
                        total = 0.0
                        for k in range(args.playouts):
                            rng = (k * 0x9E3779B97F4A7C15 + 1) % 2**64
                            for move, sign in ((theirs, 1.0), (ours, -1.0)):
                                after = module.step(attrs.evolve(state, rng=rng), move)
                                total += sign * heuristic_playout(module, after, seat, k * 2)
                        gains[phase].append(total / args.playouts)
            state = module.step(state, bots[seat].act(module.observe(state, seat), legal))
    print(
        f"{args.game}, settings {json.dumps(args.settings)}"
        + (f", value {args.value}" if args.value else "")
        + f": {args.games} games from seed {args.seed}, every {args.every}th decision, "
        f"{args.playouts} playouts a move"
    )
    print("| phase | decisions | bot differs | return gained where it differs |")
    print("|---|---:|---:|---:|")
    for phase in sorted(decisions):
        print(f"| {phase} | {decisions[phase]} | {len(gains[phase])} | {_summary(gains[phase])} |")
    every = [x for v in gains.values() for x in v]
    print(f"| all | {sum(decisions.values())} | {len(every)} | {_summary(every)} |")


if __name__ == "__main__":
    main()
