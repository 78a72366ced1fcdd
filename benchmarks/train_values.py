"""Fit a game's learned value (`boardgames_fr.value`) and write it as JSON.

    python benchmarks/train_values.py --game fromage [--games 4000] [--seed 1]
        [--players 2] [--epsilon 0.1] [--sample 0.25] [--hidden 64] [--epochs 30]
        [--out boardgames_fr/data/<game>_value.json]

1. **Games**: ``--games`` games of the game's `HeuristicAgent` against itself (each seat
   its own seed), where each move is a uniformly random legal move with probability
   ``--epsilon`` (so the positions include those after moves the heuristic would not
   make, which the search's expansions reach). Game ``i`` is seeded ``seed * 1_000_003 + i``.
2. **Positions**: each state with a choice is kept with probability ``--sample``; it gives
   one row per seat: that seat's observation tensor (``encode.state_tensor``) and that
   seat's final return (-1 to 1).
3. **Fit**: one hidden layer of ``tanh`` units, a ``tanh`` output, mean squared error,
   Adam on minibatches of 256, a small L2 penalty, all in numpy. The games are split
   80 / 10 / 10: the weights of the epoch with the lowest error on the second part are
   kept, and the third part (never used to fit or choose) gives the held-out fit printed
   and written into the file: squared error against the best constant, the sign's
   accuracy (among the rows of games with a winner) and the Brier score of ``(v + 1) / 2``
   as a win probability.
4. **Fingerprint**: the file records ``encoder_sha256``, the `encoder_fingerprint` of
   the encoder the rows were read with, which ``tests/test_value.py`` checks against
   today's encoder.

The same command line gives the same file on the same machine.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import boardgames_fr as bgf
from boardgames_fr.core.rng import Rng
from boardgames_fr.rl import encode_module
from boardgames_fr.value import FORMAT, encoder_fingerprint, parse_value, value_path

Array = npt.NDArray[np.float64]


def play_positions(
    game_id: str, games: int, seed: int, players: int, epsilon: float, sample: float
) -> tuple[npt.NDArray[np.float32], Array, npt.NDArray[np.int64]]:
    """The rows (tensor, return) of ``games`` games and the game index of each row."""
    module = bgf.get_game(game_id)
    tensor = encode_module(game_id).state_tensor
    xs: list[npt.NDArray[np.float32]] = []
    ys: list[float] = []
    gs: list[int] = []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        rng = Rng(game_seed ^ 0x7A1)
        bots = [module.HeuristicAgent(game_seed * 8 + p) for p in range(players)]
        state = module.new_game(players, seed=game_seed)
        kept: list[npt.NDArray[np.float32]] = []
        while not module.is_terminal(state):
            seat = state.to_move
            legal = module.legal_actions(state)
            if len(legal) > 1 and rng.random() < sample:
                kept.extend(tensor(state, p) for p in range(players))
            if len(legal) > 1 and rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:
                action = bots[seat].act(module.observe(state, seat), legal)
            state = module.step(state, action)
        returns = module.returns(state)
        xs.extend(kept)
        ys.extend(returns[i % players] for i in range(len(kept)))
        gs.extend([g] * len(kept))
    return np.stack(xs), np.array(ys), np.array(gs, dtype=np.int64)


def _forward(params: list[Array], x: Array) -> tuple[Array, Array]:
    w1, b1, w2, b2 = params
    h = np.tanh(x @ w1 + b1)
    return h, np.tanh(h @ w2 + b2)


def fit(
    x: Array, y: Array, xv: Array, yv: Array, hidden: int, epochs: int, seed: int, l2: float
) -> tuple[list[Array], list[float]]:
    """The weights of the epoch with the lowest validation error, and each epoch's."""
    rng = np.random.default_rng(seed)
    n_in = x.shape[1]
    params = [
        rng.normal(0, 1 / np.sqrt(n_in), (n_in, hidden)),
        np.zeros(hidden),
        rng.normal(0, 1 / np.sqrt(hidden), hidden),
        np.zeros(()),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    lr, beta1, beta2, eps = 1e-3, 0.9, 0.999, 1e-8
    t = 0
    best = ([p.copy() for p in params], np.inf)
    history = []
    batch = 256
    for _ in range(epochs):
        order = rng.permutation(len(x))
        for start in range(0, len(x), batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            h, out = _forward(params, xb)
            # d(mean squared error)/d(pre-activation of the output)
            d_out = 2 * (out - yb) * (1 - out**2) / len(idx)
            grads = [
                np.empty(0),
                np.empty(0),
                h.T @ d_out + l2 * params[2],
                np.asarray(d_out.sum()),
            ]
            d_h = np.outer(d_out, params[2]) * (1 - h**2)
            grads[0] = xb.T @ d_h + l2 * params[0]
            grads[1] = d_h.sum(axis=0)
            t += 1
            for k, g in enumerate(grads):
                m[k] = beta1 * m[k] + (1 - beta1) * g
                v[k] = beta2 * v[k] + (1 - beta2) * g**2
                mh = m[k] / (1 - beta1**t)
                vh = v[k] / (1 - beta2**t)
                params[k] = params[k] - lr * mh / (np.sqrt(vh) + eps)
        err = float(np.mean((_forward(params, xv)[1] - yv) ** 2))
        history.append(err)
        if err < best[1]:
            best = ([p.copy() for p in params], err)
    return best[0], history


def held_out(params: list[Array], x: Array, y: Array, constant: float) -> dict[str, float]:
    """The fit on rows never used to fit or choose the weights."""
    pred = _forward(params, x)[1]
    decided = y != 0  # a seat that won or lost outright (a shared win counts 1/k > 0)
    won = (y > 0).astype(np.float64)
    return {
        "rows": len(y),
        "mse": float(np.mean((pred - y) ** 2)),
        "mse_constant": float(np.mean((constant - y) ** 2)),
        "sign_accuracy": float(np.mean((pred[decided] > 0) == (y[decided] > 0))),
        "brier": float(np.mean(((pred + 1) / 2 - won) ** 2)),
        "brier_constant": float(np.mean(((constant + 1) / 2 - won) ** 2)),
    }


def _rounded(a: Array) -> Any:
    # Seven significant digits: the file stays small, the values move by < 1e-6.
    return np.vectorize(lambda z: float(f"{z:.7g}"), otypes=[float])(a).tolist()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--sample", type=float, default=0.25)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--l2", type=float, default=1e-5)
    parser.add_argument("--out", help="default: boardgames_fr/data/<game>_value.json")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    x32, y, g = play_positions(
        args.game, args.games, args.seed, args.players, args.epsilon, args.sample
    )
    x = x32.astype(np.float64)
    part = g * 10 // args.games  # 0-7: fit, 8: choose the epoch, 9: held out
    train, valid, test = part < 8, part == 8, part == 9
    print(f"{len(y)} rows from {args.games} games ({time.perf_counter() - started:.0f} s)")
    params, history = fit(
        x[train], y[train], x[valid], y[valid], args.hidden, args.epochs, args.seed, args.l2
    )
    print("validation error by epoch:", " ".join(f"{e:.4f}" for e in history))
    fit_stats = held_out(params, x[test], y[test], float(np.mean(y[train])))
    print(json.dumps(fit_stats, indent=1))
    module = bgf.get_game(args.game)
    options = module.new_game(args.players, seed=0).options
    w1, b1, w2, b2 = params
    command = "python benchmarks/train_values.py " + shlex.join(
        sys.argv[1:] if argv is None else argv
    )
    data = {
        "format": FORMAT,
        "game": args.game,
        "num_players": args.players,
        "options": json.loads(json.dumps(_plain(options))),
        "encoder_sha256": encoder_fingerprint(args.game, args.players, options),
        "hidden": args.hidden,
        "training": {
            "command": command,
            "games": args.games,
            "rows": int(train.sum()),
            "held_out": fit_stats,
        },
        "w1": _rounded(w1),
        "b1": _rounded(b1),
        "w2": _rounded(w2),
        "b2": float(f"{float(b2):.7g}"),
    }
    text = json.dumps(data, separators=(",", ":")) + "\n"
    parse_value(text, args.game)  # what the package will load: checked before writing
    out = Path(args.out or Path(bgf.__file__).parent / "data" / value_path(args.game))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} ({len(text):,} bytes, {time.perf_counter() - started:.0f} s)")


def _plain(options: Any) -> Any:
    import attrs

    return attrs.asdict(options) if attrs.has(type(options)) else options


if __name__ == "__main__":
    main()
