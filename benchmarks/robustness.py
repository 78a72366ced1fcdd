"""The figures of issue #23's closing note: a long fuzz run of saves and match logs, and
many random games, per game.

    python benchmarks/robustness.py [GAME ...] [--games 100000] [--fuzz 4000] [--jobs 1] [--seed 0]

**Random games.** ``--games`` games in all, split evenly over the games, each game's share
cycling through its player counts and both chance modes (auto, and explicit with
`bgf.sample_chance` at each chance node). Each is played with random legal moves to its
end. Counted against it:

- *crash*: an exception other than a refusal, anywhere (step, legal_actions, dumps...);
- *refused legal*: `step` refused, with `IllegalActionError`, a move `legal_actions` gave;
- *mutated*: `step` changed its input (the save before and after, on every
  ``--sample``-th step);
- *save*: a state that did not save and load again to an equal state (same sample, and
  the last state);
- *leak*: an observation, picture or menu that tells apart states differing only in what
  the seat may not see (the conformance suite's check, `boardgames_fr.testing`, on one
  state drawn per game and on the last);
- *no end*: a game not over after 20,000 steps (the longest of 100,000 took 1,256).

**Fuzz.** ``--fuzz`` cases per game, one in two a damaged save (`bgf.loads`), the other
a damaged match log (`bgf.Match.from_json`), made and judged by the suite's own fuzz test
(``tests/test_fuzz_saves.py``: `fuzz_save`, `fuzz_log`, seeded per case): each is refused
with `InvalidStateError`, or loads, saves again and plays on to the end with every
sampled state saving again. *loaded* counts every case not refused, *played on* those
that then played to the end and saved again, *failed* the others (another exception, a
loaded state that does not play on). The slowest refused case is given in seconds: the
whole case (playing the game part of the way, damaging its save, the refusal), so a bound
of the refusal's time, which the issue asks under a second. Every case that breaks is
named on stderr with what replays it (game, player count and seed, or the fuzz call).

All randomness comes from ``--seed``: a run is reproducible, case by case, whatever
``--jobs``. Run it niced on a shared machine (``nice -n 10``).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

import boardgames_fr as bgf
from boardgames_fr.testing import ConformanceError, check_no_leak

_MAX_STEPS = 20_000
_CHUNK = 50  # games or fuzz cases a worker plays per task
_GAME_COLUMNS = ("games", "steps", "crash", "refused legal", "mutated", "save", "leak", "no end")
_FUZZ_COLUMNS = ("tried", "refused", "loaded", "played on", "failed", "slowest refused case s")


def _fuzz_module() -> ModuleType:
    """The suite's fuzz test module (tests/ is not a package: put it on the path)."""
    tests = str(Path(__file__).resolve().parent.parent / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    return importlib.import_module("test_fuzz_saves")


def _setups(game_id: str) -> list[tuple[int, str]]:
    counts = bgf.get_game(game_id).GAME_INFO.player_counts
    return [(n, mode) for mode in ("auto", "explicit") for n in counts]


def play_one(game_id: str, index: int, seed: int, sample: int) -> Counter[str]:
    """Game number ``index`` of ``game_id`` in a run seeded ``seed``: its counts."""
    module = bgf.get_game(game_id)
    game = module.GAME
    setups = _setups(game_id)
    n, mode = setups[index % len(setups)]
    rng = random.Random(f"{seed}/{game_id}/{index}")
    out: Counter[str] = Counter(games=1)
    gid = f"{game_id} n={n} {mode} game {index}"
    try:
        state = module.new_game(n, seed=rng.randrange(2**32), chance=mode)
        leak_at = rng.randrange(400)  # one state of the game, most games being longer
        steps = 0
        while not module.is_terminal(state):
            if steps >= _MAX_STEPS:
                out["no end"] += 1
                _report(gid, RuntimeError(f"not over after {_MAX_STEPS} steps"))
                return out
            if state.to_move == bgf.CHANCE:
                action = bgf.sample_chance(state)
            else:
                legal = module.legal_actions(state)
                action = legal[rng.randrange(len(legal))]
            sampled = steps % sample == 0
            before = bgf.dumps(state) if sampled else ""
            if sampled and bgf.loads(before) != state:
                out["save"] += 1
            if steps == leak_at:
                out["leak"] += _leaks(game, state, gid)
            try:
                nxt = module.step(state, action)
            except bgf.IllegalActionError as e:
                out["refused legal"] += 1
                _report(f"{gid} step {steps}", e)
                return out
            if sampled and bgf.dumps(state) != before:
                out["mutated"] += 1
            state = nxt
            steps += 1
        out["steps"] = steps
        if bgf.loads(bgf.dumps(state)) != state:
            out["save"] += 1
        out["leak"] += _leaks(game, state, gid)
        module.winners(state)
    except Exception as e:  # a crash of any kind is what is counted
        out["crash"] += 1
        _report(gid, e)
    return out


def _report(where: str, e: BaseException) -> None:
    """One line on stderr for a case that broke, enough to replay it."""
    print(f"FAILED {where}: {type(e).__name__}: {str(e)[:300]}", file=sys.stderr, flush=True)


def _leaks(game: Any, state: Any, gid: str) -> int:
    try:
        check_no_leak(game, state, gid)
    except ConformanceError:
        return 1
    return 0


def fuzz_one(game_id: str, case: int, seed: int) -> Counter[str]:
    """Fuzz case number ``case`` of ``game_id`` (a damaged save if even, else a damaged
    match log): its counts, split by kind (``save``/``log``)."""
    fz = _fuzz_module()
    kind, fn = ("save", fz.fuzz_save) if case % 2 == 0 else ("log", fz.fuzz_log)
    case_seed = random.Random(f"{seed}/{game_id}/fuzz/{case}").randrange(2**32)
    out: Counter[str] = Counter({f"{kind} tried": 1})
    t0 = time.perf_counter()
    try:
        outcome = fn(game_id, case_seed)
    except Exception as e:  # an assertion of the fuzz test or any other exception
        out[f"{kind} loaded"] += 1  # not refused: loaded, or loads broke otherwise
        out[f"{kind} failed"] += 1
        _report(f"{game_id} fuzz_{kind}({game_id!r}, {case_seed})", e)
        return out
    if outcome == "refused":
        out[f"{kind} refused"] += 1
        out[f"{kind} slowest refusal us"] = int((time.perf_counter() - t0) * 1e6)
    else:
        out[f"{kind} loaded"] += 1
        out[f"{kind} played on"] += 1
    return out


def _task(job: tuple[str, str, int, int, int, int]) -> tuple[str, str, Counter[str]]:
    what, game_id, start, stop, seed, sample = job
    total: Counter[str] = Counter()
    for i in range(start, stop):
        got = play_one(game_id, i, seed, sample) if what == "games" else fuzz_one(game_id, i, seed)
        slow = [k for k in got if k.endswith("slowest refusal us")]
        for k in slow:
            total[k] = max(total[k], got.pop(k))
        total.update(got)
    return what, game_id, total


def _jobs(
    ids: Sequence[str], games: int, fuzz: int, seed: int, sample: int
) -> Iterator[tuple[str, str, int, int, int, int]]:
    for g, game_id in enumerate(ids):
        share = games // len(ids) + (g < games % len(ids))
        for start in range(0, share, _CHUNK):
            yield "games", game_id, start, min(share, start + _CHUNK), seed, sample
        # fuzz cases: even ones saves, odd ones logs (`fuzz_one`)
        for start in range(0, fuzz, _CHUNK):
            yield "fuzz", game_id, start, min(fuzz, start + _CHUNK), seed, sample


def _table(title: str, columns: tuple[str, ...], rows: dict[str, list[Any]]) -> str:
    widths = [max(len(title), *(len(k) for k in rows))]
    widths += [
        max(len(c), *(len(_fmt(r[i])) for r in rows.values())) for i, c in enumerate(columns)
    ]
    head = [c.rjust(w) for c, w in zip(columns, widths[1:], strict=True)]
    lines = ["  ".join([title.ljust(widths[0]), *head])]
    for name, r in rows.items():
        cells = [_fmt(v).rjust(w) for v, w in zip(r, widths[1:], strict=True)]
        lines.append("  ".join([name.ljust(widths[0]), *cells]))
    return "\n".join(lines)


def _fmt(v: Any) -> str:
    return f"{v:.3f}" if isinstance(v, float) else f"{v:,}"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description="Issue #23's figures: random games and fuzzed saves and logs, per game."
    )
    p.add_argument("game_ids", nargs="*", metavar="GAME", help="games to run (default: all five)")
    p.add_argument(
        "--games", type=int, default=100_000, help="random games in all (split over the games)"
    )
    p.add_argument("--fuzz", type=int, default=4000, help="damaged saves and logs per game")
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--sample", type=int, default=16, help="check saves and purity every this many steps"
    )
    a = p.parse_args(argv)
    if a.games < 0 or a.fuzz < 0 or a.jobs < 1 or a.sample < 1:
        p.error("--games and --fuzz are >= 0, --jobs and --sample >= 1")
    unknown = sorted(set(a.game_ids) - set(bgf.GAME_IDS))
    if unknown:
        p.error(f"unknown game(s) {', '.join(unknown)}: choose among {', '.join(bgf.GAME_IDS)}")
    ids = tuple(a.game_ids) or bgf.GAME_IDS
    totals: dict[tuple[str, str], Counter[str]] = {
        (w, g): Counter() for w in ("games", "fuzz") for g in ids
    }
    jobs = list(_jobs(ids, a.games, a.fuzz, a.seed, a.sample))
    t0 = time.perf_counter()
    print(f"{len(jobs)} tasks, seed {a.seed}, {a.jobs} job(s)", file=sys.stderr)

    def add(result: tuple[str, str, Counter[str]], done: int) -> None:
        what, game_id, got = result
        total = totals[what, game_id]
        for k in [k for k in got if k.endswith("slowest refusal us")]:
            total[k] = max(total[k], got.pop(k))
        total.update(got)
        if done % 20 == 0 or done == len(jobs):
            took = time.perf_counter() - t0
            print(f"  {done}/{len(jobs)} tasks, {took:.0f} s", file=sys.stderr, flush=True)

    if a.jobs == 1:
        for k, job in enumerate(jobs, 1):
            add(_task(job), k)
    else:
        with ProcessPoolExecutor(a.jobs) as pool:
            for k, result in enumerate(pool.map(_task, jobs), 1):
                add(result, k)
    took = time.perf_counter() - t0

    if a.games:
        rows: dict[str, list[Any]] = {}
        for g in ids:
            c = totals["games", g]
            rows[g] = [c[k] for k in _GAME_COLUMNS]
        rows["total"] = [sum(r[i] for r in rows.values()) for i in range(len(_GAME_COLUMNS))]
        print(f"Random games (seed {a.seed}, every player count, auto and explicit chance):")
        print(_table("game", _GAME_COLUMNS, rows))
        print()
    if a.fuzz:
        for kind, label in (("save", "Damaged saves (loads)"), ("log", "Damaged match logs")):
            rows = {}
            for g in ids:
                c = totals["fuzz", g]
                rows[g] = [c[f"{kind} {k}"] for k in _FUZZ_COLUMNS[:-1]]
                rows[g].append(c[f"{kind} slowest refusal us"] / 1e6)
            sums = [sum(r[i] for r in rows.values()) for i in range(len(_FUZZ_COLUMNS) - 1)]
            rows["total"] = [*sums, max(r[-1] for r in rows.values())]
            print(f"{label} (seed {a.seed}, tests/test_fuzz_saves.py):")
            print(_table("game", _FUZZ_COLUMNS, rows))
            print()
    print(f"{took:.0f} s, {a.jobs} job(s)")
    bad = sum(totals["games", g][k] for g in ids for k in _GAME_COLUMNS[2:]) + sum(
        totals["fuzz", g][f"{kind} failed"] for g in ids for kind in ("save", "log")
    )
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
