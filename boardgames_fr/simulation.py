"""Many games at once: `simulate`, its `Results`, and round-robin tournaments with ratings.

Game ``i`` of a run uses a seed derived from ``(seed, i)`` and its agents' seeds likewise,
so a run gives the same numbers whatever the executor and the number of workers: one
process, a local process pool, or a dask cluster (``client.get_executor()``). Games are
sent in batches so that the cost of shipping work stays small next to playing it.
"""

from __future__ import annotations

import csv
import functools
import math
import multiprocessing
import os
import pickle
import secrets
import signal
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TextIO

import attrs
import numpy as np
import numpy.typing as npt

from boardgames_fr.agents import AGENT_NAMES, Agent, make_agent
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.game import Game, check_lang
from boardgames_fr.core.registry import get_game
from boardgames_fr.core.rng import seed_to_state
from boardgames_fr.core.serial import encode

__all__ = [
    "AgentFactory",
    "AgentSpec",
    "Results",
    "Tournament",
    "agent_label",
    "check_output",
    "round_robin",
    "simulate",
    "wilson_interval",
]

_MAX_STEPS = 1_000_000

AgentFactory = Callable[[int], Agent]
"""A bot of one's own for `simulate` and `round_robin`: called with a seed, it returns an
agent. It must pickle to reach the worker processes: a class or a function defined at
module level, or a `functools.partial` of one (not a lambda or a local function)."""

AgentSpec = str | AgentFactory
"""An agent name of `AGENT_NAMES`, or an `AgentFactory`."""


def agent_label(agent: AgentSpec) -> str:
    """The name of an agent in results and tables: a name as it is; a factory's ``name``
    attribute when it has one, else its class or function name, with the arguments of a
    `functools.partial`.

    Example:
        >>> import functools
        >>> from boardgames_fr.search import ISMCTSAgent
        >>> agent_label("heuristic")
        'heuristic'
        >>> agent_label(functools.partial(ISMCTSAgent, "misere", iterations=50))
        "ISMCTSAgent('misere', iterations=50)"
    """
    if isinstance(agent, str):
        return agent
    name = getattr(agent, "name", None)
    if isinstance(name, str) and name:
        return name
    if isinstance(agent, functools.partial):
        args = [repr(a) for a in agent.args]
        args += [f"{k}={v!r}" for k, v in agent.keywords.items()]
        return f"{agent_label(agent.func)}({', '.join(args)})"
    qualname = getattr(agent, "__qualname__", None)
    return qualname if isinstance(qualname, str) else type(agent).__qualname__


def _make(game_id: str, agent: AgentSpec, seed: int) -> Agent:
    if isinstance(agent, str):
        return make_agent(game_id, agent, seed=seed)
    bot = agent(seed)
    if not callable(getattr(bot, "act", None)):
        raise TypeError(f"the agent factory {agent_label(agent)} returned {bot!r}, without act()")
    return bot


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    Example:
        >>> lo, hi = wilson_interval(50, 100)
        >>> round(lo, 3), round(hi, 3)
        (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``seed`` (independent of workers)."""
    return seed_to_state(seed, index) >> 1


def _seat_agents(
    agents: Sequence[AgentSpec], n: int, index: int, rotate: bool
) -> tuple[AgentSpec, ...]:
    base = [agents[j % len(agents)] for j in range(n)]
    if rotate:
        k = index % n
        base = base[-k:] + base[:-k] if k else base
    return tuple(base)


def _play_batch(
    game_id: str,
    agents: tuple[AgentSpec, ...],
    num_players: int,
    options: dict[str, Any] | None,
    seed: int,
    indices: tuple[int, ...],
    rotate: bool,
) -> list[tuple[int, tuple[str, ...], tuple[int, ...], tuple[float, ...], int, str]]:
    """Play the games ``indices`` of a run; runs in a worker, so its arguments are plain
    (names, or factories that pickle)."""
    module = get_game(game_id)
    game: Game[Any, Any, Any] = module.GAME
    out = []
    for i in indices:
        if _STOP is not None and _STOP.is_set():
            break
        seats = _seat_agents(agents, num_players, i, rotate)
        gs = game_seed(seed, i)
        bots = [_make(game_id, spec, gs + j) for j, spec in enumerate(seats)]
        state = module.new_game(num_players, seed=gs, options=options)
        steps = 0
        while state.to_move != TERMINAL:
            seat = state.to_move
            legal = game.legal_actions(state)
            state = game.step(state, bots[seat].act(game.observe(state, seat), legal))
            steps += 1
            if steps > _MAX_STEPS:
                raise RuntimeError(f"{game_id} game {i} did not end after {_MAX_STEPS} steps")
        labels = tuple(agent_label(spec) for spec in seats)
        out.append(
            (i, labels, game.winners(state), game.scores(state), steps, game.ending(state) or "end")
        )
    return out


_STOP: Any = None  # in a worker of our own pool: set when the run is interrupted


def _init_worker(stop: Any) -> None:
    # Workers leave Ctrl-C to the parent, which raises the stop flag: each worker then
    # returns the games it finished, and the run ends within one game.
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop


Batch = tuple[int, ...]


def _run_pool(
    executor: Executor | None,
    workers: int,
    bar: _Progress,
    rows: list[Any],
    args: tuple[Any, ...],
    batches: list[Batch],
    rotate: bool,
) -> tuple[bool, list[Batch]]:
    """Play the batches on ``executor`` (or a pool of our own). Returns whether the run
    went on to the end (False: interrupted) and the batches lost to a worker that died
    (killed, out of memory): the games of every other batch are in ``rows``."""
    stop = multiprocessing.get_context().Event() if executor is None else None
    pool = executor or ProcessPoolExecutor(
        max_workers=workers, initializer=_init_worker, initargs=(stop,)
    )
    game_id, agents, n, options, seed = args
    futures: dict[Future[Any], Batch] = {}
    lost: list[Batch] = []
    counted: set[int] = set()
    try:
        for b in batches:
            try:
                futures[pool.submit(_play_batch, game_id, agents, n, options, seed, b, rotate)] = b
            except BrokenExecutor:  # a worker died while the batches were sent
                lost.append(b)
        for fut in as_completed(futures):
            try:
                part = fut.result()
            except BrokenExecutor:
                # A dead worker breaks the whole pool: this batch and every one not
                # finished yet are lost, and played again by the caller.
                lost.append(futures[fut])
                continue
            rows.extend(part)
            counted.add(id(fut))
            bar.update(len(part))
        return True, sorted(lost)
    except KeyboardInterrupt:
        if stop is not None:
            stop.set()
        for fut in futures:
            fut.cancel()
        for fut in futures:  # keep what the running batches finished
            if id(fut) in counted or fut.cancelled():
                continue
            try:
                rows.extend(fut.result(timeout=60))
            except Exception:
                continue
        return False, []
    finally:
        if executor is None:
            pool.shutdown(wait=True, cancel_futures=True)


def check_output(path: str | os.PathLike[str]) -> Path:
    """``path`` as a `Path` after checking that a CSV file can be written there, before
    any game is played (`Results.to_csv` writes a temporary file beside it, then renames it
    into place).

    Raises `ValueError` with a message in English for an empty path, a folder, a path in
    a folder that does not exist, a place without permission to write (the folder, or the
    file already there), or something that is not a regular file (``/dev/full``).

    Example:
        >>> check_output("")
        Traceback (most recent call last):
        ...
        ValueError: the output path is empty: give the name of a file to write
    """
    text = os.fspath(path)
    if not text:
        raise ValueError("the output path is empty: give the name of a file to write")
    p = Path(text)
    if text.endswith(("/", os.sep)) or p.is_dir():
        raise ValueError(f"{text!r} is a folder, not a file")
    folder = p.parent
    if not folder.is_dir():
        raise ValueError(f"no folder {str(folder.absolute())!r} to write {p.name!r} in")
    if p.exists() or p.is_symlink():
        if not p.is_file():
            raise ValueError(f"{text!r} is not a regular file: a CSV file cannot replace it")
        if not os.access(p, os.W_OK):
            raise ValueError(f"no permission to write {text!r}")
    # The file is written beside its place, then renamed: the folder must take a new file.
    probe = folder / f".{p.name}.{os.getpid()}.{secrets.token_hex(4)}.probe"
    try:
        with open(probe, "x", encoding="utf-8") as f:
            f.write("game\n")
    except OSError as e:
        raise ValueError(
            f"cannot write in the folder {str(folder.absolute())!r} ({e.strerror})"
        ) from None
    finally:
        probe.unlink(missing_ok=True)
    return p


@attrs.frozen(eq=False)
class Results:
    """The outcome of `simulate`: one row per game, as numpy arrays.

    Attributes:
        game_id: the game played.
        agents: the agent name at each seat of each game, shape (games, seats).
        winners: True where the seat won (a shared win marks several), shape (games, seats).
        scores: the game's own final score per seat, shape (games, seats).
        lengths: steps per game.
        endings: how each game ended, in the game's words where it has them
            (`Game.ending`: Lactorama's "vert", Little Factory's "points"), else "end".
        seeds: the seed of each game, to replay any of them: the game starts from it,
            and the agent at seat ``k`` was made with it plus ``k``
            (``make_agent(game_id, agents[i, k], seed=seeds[i] + k)``).
        complete: False when the run stopped before every game was played (Ctrl-C, or
            a worker that died twice); the rows are then the games that finished.
        stopped: why the run stopped before the end when it was not interrupted (a
            worker process died, and again when its games were played again), in one
            English line for the user; "" otherwise.

    Example:
        >>> import boardgames_fr as bgf
        >>> r = bgf.simulate("fromage", ["heuristic", "random"], games=4, seed=1, jobs=1,
        ...                  progress=False)
        >>> r.winners.shape, int(r.winners.sum())
        ((4, 2), 4)
    """

    game_id: str
    agents: npt.NDArray[np.str_]
    winners: npt.NDArray[np.bool_]
    scores: npt.NDArray[np.float64]
    lengths: npt.NDArray[np.int64]
    endings: npt.NDArray[np.str_]
    seeds: npt.NDArray[np.uint64]
    complete: bool = True
    stopped: str = ""

    @property
    def games(self) -> int:
        """How many games were played."""
        return int(self.lengths.shape[0])

    def win_share(self) -> npt.NDArray[np.float64]:
        """Each seat's share of each game's win (1/k for a win shared by k)."""
        counts = self.winners.sum(axis=1, keepdims=True)
        return np.where(self.winners, 1.0 / np.maximum(counts, 1), 0.0)

    def seat_win_rates(self) -> list[tuple[int, float, float, float]]:
        """(seat, win rate, 95% low, 95% high) for each seat."""
        share = self.win_share()
        out = []
        for seat in range(share.shape[1]):
            wins = float(share[:, seat].sum())
            lo, hi = wilson_interval(wins, self.games)
            out.append((seat, wins / max(self.games, 1), lo, hi))
        return out

    def agent_win_rates(self) -> list[tuple[str, int, float, float, float]]:
        """(agent, seats played, win rate, 95% low, 95% high) for each agent name."""
        share = self.win_share()
        out = []
        for name in sorted(set(self.agents.ravel().tolist())):
            mask = self.agents == name
            n = int(mask.sum())
            wins = float(share[mask].sum())
            lo, hi = wilson_interval(wins, n)
            out.append((name, n, wins / max(n, 1), lo, hi))
        return out

    def summary(self, lang: str = "en") -> str:
        """A table: win rate by seat and by agent with 95% intervals, length, endings; in
        English (``"en"``, the default) or French (``"fr"``, the command line's)."""
        return _summary(self, lang)

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """One row per game: seed, length, ending, then agent, score and win per seat.

        The file is written whole beside ``path`` and renamed into place: an interrupted
        or failed write (a full disk) leaves the file that was there, never half a file.
        Raises `OSError` when it cannot be written (`check_output` says so beforehand).
        """
        target = Path(path)
        tmp = target.parent / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        try:
            with open(tmp, "x", newline="", encoding="utf-8") as f:
                self._write_csv(f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)

    def _write_csv(self, f: TextIO) -> None:
        n = self.winners.shape[1] if self.games else 0
        w = csv.writer(f)
        header = ["game", "seed", "length", "ending"]
        for s in range(n):
            header += [f"agent_{s}", f"score_{s}", f"won_{s}"]
        w.writerow(header)
        for g in range(self.games):
            row: list[Any] = [g, int(self.seeds[g]), int(self.lengths[g]), str(self.endings[g])]
            for s in range(n):
                row += [
                    str(self.agents[g, s]),
                    _number(float(self.scores[g, s])),
                    int(self.winners[g, s]),
                ]
            w.writerow(row)


def _number(x: float) -> int | float:
    """A score for the CSV: every game's scores are counts (ints), which the results keep
    in a float array; written as ints (``293500``, not ``293500.0``) when whole."""
    return int(x) if x.is_integer() else x


# The command line prints the summary in its ``--lang``; `Results.summary` stays in
# English. Numbers are written alike in both languages, as the CLI writes scores (a
# decimal point): the table reads the same and compares line by line.
_SUMMARY_LABELS = {
    "en": {
        "colon": ": ",
        "games": "games",
        "game": "game",
        "interrupted": " (interrupted)",
        "seat": "seat",
        "win_rate": "win rate",
        "interval": "95% interval",
        "agent": "agent",
        "seats": "seats",
        "length": "length: mean {mean:.1f} steps, median {median:.0f}, max {max}",
        "endings": "endings",
    },
    "fr": {
        "colon": " : ",  # French typography, as in the CLI: a space before the colon
        "games": "parties",
        "game": "partie",
        "interrupted": " (simulation interrompue)",
        "seat": "siège",
        "win_rate": "victoires",
        "interval": "intervalle à 95 %",
        "agent": "agent",
        "seats": "sièges",
        "length": "durée : moyenne {mean:.1f} coups, médiane {median:.0f}, max {max}",
        "endings": "fins",
    },
}


def _summary(results: Results, lang: str) -> str:
    """`Results.summary` in ``lang`` ("en" or "fr"); the English text is the method's."""
    t = _SUMMARY_LABELS[lang]
    c = t["colon"]
    # The singular: French for 0 and 1 (« 0 partie »), English for 1 only.
    one = results.games < 2 if lang == "fr" else results.games == 1
    games = t["game"] if one else t["games"]
    lines = [
        f"{results.game_id}{c}{results.games} {games}"
        + ("" if results.complete else t["interrupted"])
    ]
    if results.games == 0:
        return lines[0]
    seat, rate_h, interval = t["seat"], t["win_rate"], t["interval"]
    lines.append(f"{seat:>6} {rate_h:>9}  {interval}")
    for s, rate, lo, hi in results.seat_win_rates():
        lines.append(f"{s:>6} {rate:>9.3f}  [{lo:.3f}, {hi:.3f}]")
    agent, seats = t["agent"], t["seats"]
    lines.append(f"{agent:>10} {seats:>7} {rate_h:>9}  {interval}")
    for name, n, rate, lo, hi in results.agent_win_rates():
        lines.append(f"{name:>10} {n:>7} {rate:>9.3f}  [{lo:.3f}, {hi:.3f}]")
    lines.append(
        t["length"].format(
            mean=results.lengths.mean(),
            median=np.median(results.lengths),
            max=results.lengths.max(),
        )
    )
    kinds, counts = np.unique(results.endings, return_counts=True)
    if len(kinds) > 1 or kinds[0] != "end":
        # In the reader's words (« fin des années »); the CSV keeps the identifiers.
        label = get_game(results.game_id).GAME.ending_label
        said = (f"{label(str(k), lang)} ({n})" for k, n in zip(kinds, counts, strict=True))
        lines.append(t["endings"] + c + ", ".join(said))
    return "\n".join(lines)


# The progress bar's words around its numbers, per language (the numbers are written as in
# `Results.summary`).
_BAR_WORDS = {"en": ("games", "ETA"), "fr": ("parties", "reste")}


class _Progress:
    """A one-line progress bar on a terminal (silent when not asked for)."""

    def __init__(self, total: int, enabled: bool, out: TextIO, lang: str = "en") -> None:
        self.total, self.enabled, self.out = total, enabled, out
        self.words = _BAR_WORDS[lang]
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0

    def update(self, k: int) -> None:
        self.done += k
        now = time.perf_counter()
        if self.enabled and (now - self.last > 0.1 or self.done == self.total):
            self.last = now
            rate = self.done / max(now - self.start, 1e-9)
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            eta = (self.total - self.done) / rate if rate else 0.0
            games, left = self.words
            self.out.write(
                f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done:,}/{self.total:,} {games} "
                f"{rate:,.0f}/s {left} {eta:,.0f}s "
            )
            self.out.flush()

    def close(self) -> None:
        if self.enabled:
            self.out.write("\n")
            self.out.flush()


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seed(seed: Any) -> None:
    # As new_game says it: a float or None would fail deep in the generator otherwise.
    if not _is_int(seed):
        raise ValueError(f"seed must be an integer, not {seed!r}")


def _check_args(
    game_id: str,
    agents: Sequence[AgentSpec],
    games: int,
    num_players: int | None,
    seed: int,
    batch_size: int | None,
    jobs: int | None = None,
    pooled: bool = False,
) -> int:
    module = get_game(game_id)
    info = module.GAME_INFO
    if not _is_int(games) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    _check_seed(seed)
    if batch_size is not None and (not _is_int(batch_size) or batch_size < 1):
        raise ValueError(
            f"batch_size must be None or a whole number of at least 1, not {batch_size!r}"
        )
    if jobs is not None and (not _is_int(jobs) or jobs < 1):
        raise ValueError(
            f"jobs must be None (every core) or a whole number of at least 1, not {jobs!r}"
        )
    if num_players is not None and not _is_int(num_players):
        raise ValueError(f"num_players must be an integer, not {num_players!r}")
    if not agents:
        raise ValueError("at least one agent is needed")
    for agent in agents:
        if isinstance(agent, str):
            if agent not in AGENT_NAMES:
                raise ValueError(f"unknown agent {agent!r}; known: {', '.join(AGENT_NAMES)}")
        elif not callable(agent):
            raise ValueError(
                f"an agent is a name ({', '.join(AGENT_NAMES)}) or a factory called with a "
                f"seed, not {agent!r}"
            )
        elif pooled:
            try:
                pickle.dumps(agent)
            except Exception as e:  # pickle raises several types (PicklingError, ...)
                raise ValueError(
                    f"the agent factory {agent_label(agent)} cannot be sent to worker "
                    f"processes ({e}): define it at module level (a class, a function or a "
                    "functools.partial of one), or play with jobs=1"
                ) from None
    n = info.default_players if num_players is None else num_players
    if n not in info.player_counts:
        raise ValueError(f"{info.name_en} is for {info.players_text()}, not {n}")
    return int(n)


def simulate(
    game_id: str,
    agents: Sequence[AgentSpec] | str,
    games: int = 1000,
    *,
    seed: int,
    num_players: int | None = None,
    options: Any = None,
    executor: Executor | None = None,
    jobs: int | None = None,
    rotate: bool = False,
    progress: bool = True,
    batch_size: int | None = None,
    progress_out: TextIO | None = None,
    lang: str = "en",
) -> Results:
    """Play ``games`` games between bots and gather the results.

    Args:
        game_id: a registered game.
        agents: agents per seat, cycled over the seats: names (``"random"``,
            ``"heuristic"``, ``"ismcts"``) or factories of one's own bots (`AgentFactory`:
            called with a seed, it returns an agent; named in the results by
            `agent_label`); a string is read as the command line's ``--agents``, names
            between commas (``"heuristic,random"``; ``"random"`` for every seat).
        games: how many games.
        seed: game ``i`` uses a seed derived from ``(seed, i)``: the results do not depend
            on the executor or the number of workers.
        num_players: default: the game's default count.
        options: the game's ``Options`` fields as a dict (or an ``Options``).
        executor: any ``concurrent.futures.Executor``, e.g. a dask client's
            ``client.get_executor()``; None: a local process pool of ``jobs`` workers
            (default: every core); ``jobs=1`` plays in this process.
        rotate: move the agents one seat along from one game to the next.
        progress: show a progress bar on standard error.
        lang: the bar's language, "en" or "fr" (« 120/1,000 parties 85/s reste 10s »).
        batch_size: games per task, a whole number of at least 1 (default: sized so each
            worker gets about 20 batches, at most 100 games each).

    Raises `ValueError` for a seed, game count, player count or batch size that is not
    a whole number in range, an unknown agent, a factory that does not pickle when
    workers play, or options the game does not allow.

    Ctrl-C stops cleanly: the games finished so far are returned with ``complete=False``.
    A worker process that dies (killed, out of memory) loses the batches it and the
    other workers were playing: they are played again in a fresh pool (or sent again to
    ``executor``), with the same seeds, so the results are those of an undisturbed run.
    If a worker dies again, the run stops: the games that finished are returned with
    ``complete=False`` and one line saying what happened in `Results.stopped`.

    Example:
        >>> import boardgames_fr as bgf
        >>> r = bgf.simulate("fromage", ["random"], games=3, seed=2, jobs=1, progress=False)
        >>> r.games
        3
    """
    if isinstance(agents, str):
        # Not a sequence of one-letter names ("unknown agent 'r'"): the CLI's spelling.
        agents = [name.strip() for name in agents.split(",")]
    workers = jobs or os.cpu_count() or 1
    pooled = executor is not None or workers != 1
    n = _check_args(game_id, agents, games, num_players, seed, batch_size, jobs, pooled)
    module = get_game(game_id)
    opts = module.GAME.make_options(options)
    opts_dict = {k: v for k, v in encode(opts).items() if k != "@"}
    agents_t = tuple(agents)
    if batch_size is None:
        # Small enough that the bar moves and Ctrl-C loses little, large enough that
        # shipping a task costs little next to playing it.
        batch_size = max(1, min(100, games // (workers * 20)))
    batches = [tuple(range(i, min(i + batch_size, games))) for i in range(0, games, batch_size)]
    check_lang(lang)
    bar = _Progress(games, progress, progress_out or sys.stderr, lang)
    rows: list[Any] = []
    complete = True
    stopped = ""
    try:
        if executor is None and workers == 1:
            for i in range(games):  # one game at a time: an interruption loses none
                rows.extend(_play_batch(game_id, agents_t, n, opts_dict, seed, (i,), rotate))
                bar.update(1)
        else:
            args = (game_id, agents_t, n, opts_dict, seed)
            complete, lost = _run_pool(executor, workers, bar, rows, args, batches, rotate)
            if complete and lost:
                # A worker died: its games and those the pool had not finished, again in a
                # fresh pool (game i's seed depends on i alone: the same games).
                complete, lost = _run_pool(executor, workers, bar, rows, args, lost, rotate)
            if lost:
                complete = False
                missing = sum(len(b) for b in lost)
                stopped = (
                    f"a worker process died twice (killed, or out of memory): {missing:,} of"
                    f" {games:,} games were not played; the {games - missing:,} that finished"
                    " are kept"
                )
    except KeyboardInterrupt:
        complete = False
    finally:
        bar.close()
    return _results(game_id, n, rows, seed, complete, stopped)


def _results(
    game_id: str, n: int, rows: list[Any], seed: int, complete: bool, stopped: str = ""
) -> Results:
    rows.sort(key=lambda r: r[0])
    g = len(rows)
    winners = np.zeros((g, n), dtype=bool)
    for k, r in enumerate(rows):
        winners[k, list(r[2])] = True
    return Results(
        game_id=game_id,
        agents=np.array([r[1] for r in rows], dtype=str).reshape(g, n),
        winners=winners,
        scores=np.array([r[3] for r in rows], dtype=float).reshape(g, n),
        lengths=np.array([r[4] for r in rows], dtype=np.int64),
        endings=np.array([r[5] for r in rows], dtype=str),
        seeds=np.array([game_seed(seed, r[0]) for r in rows], dtype=np.uint64),
        complete=complete,
        stopped=stopped,
    )


@attrs.frozen(eq=False)
class Tournament:
    """A round robin: pairwise scores and Bradley-Terry ratings on the Elo scale.

    ``score[i][j]`` is agent i's share of the wins in its games against agent j.

    Example:
        >>> import boardgames_fr as bgf
        >>> t = bgf.round_robin("fromage", ["heuristic", "random"], 10, seed=2, jobs=1)
        >>> t.agents, int(t.games[0, 1])
        (('heuristic', 'random'), 10)
    """

    game_id: str
    agents: tuple[str, ...]  # their labels (`agent_label`)
    score: npt.NDArray[np.float64]
    games: npt.NDArray[np.int64]
    ratings: tuple[float, ...]

    def table(self) -> str:
        """Agents sorted by rating, with their win share against each other agent."""
        order = sorted(range(len(self.agents)), key=lambda i: -self.ratings[i])
        lines = [
            f"{'agent':>10} {'rating':>7}  " + " ".join(f"{self.agents[j]:>10}" for j in order)
        ]
        for i in order:
            cells = []
            for j in order:
                g = self.games[i, j]
                cells.append(f"{'-':>10}" if i == j or not g else f"{self.score[i, j] / g:>10.3f}")
            lines.append(f"{self.agents[i]:>10} {self.ratings[i]:>7.0f}  " + " ".join(cells))
        return "\n".join(lines)


def bradley_terry(
    score: npt.NDArray[np.float64], games: npt.NDArray[np.int64], iters: int = 200
) -> tuple[float, ...]:
    """Bradley-Terry strengths by the MM algorithm, as Elo-scale ratings centred on 1500.

    Example:
        >>> s = np.array([[0.0, 75.0], [25.0, 0.0]]); g = np.array([[0, 100], [100, 0]])
        >>> r = bradley_terry(s, g)
        >>> round(r[0] - r[1])
        190
    """
    k = score.shape[0]
    # Half a win and half a loss against a virtual equal keeps an unbeaten agent finite.
    p = np.ones(k)
    wins = score.sum(axis=1) + 0.5
    for _ in range(iters):
        denom = np.array(
            [
                sum(games[i, j] / (p[i] + p[j]) for j in range(k) if j != i) + 1.0 / (p[i] + 1.0)
                for i in range(k)
            ]
        )
        p = wins / denom
        p = p / math.exp(float(np.mean(np.log(p))))
    elo = 400.0 * np.log10(p)
    return tuple(float(x) for x in elo - elo.mean() + 1500.0)


def round_robin(
    game_id: str,
    agents: Sequence[AgentSpec],
    games_per_pair: int = 100,
    *,
    seed: int,
    executor: Executor | None = None,
    jobs: int | None = None,
    progress: bool = False,
) -> Tournament:
    """Every pair of agents plays ``games_per_pair`` two-player games, seats rotated.

    ``agents`` are names or factories, as in `simulate`; the tournament names them by
    `agent_label` (a factory's ``name`` attribute tells two of the same class apart).

    Example:
        >>> import boardgames_fr as bgf
        >>> t = bgf.round_robin("fromage", ["heuristic", "random"], 20, seed=1, jobs=1)
        >>> t.ratings[0] > t.ratings[1]
        True
    """
    _check_seed(seed)
    specs = tuple(agents)
    names = tuple(agent_label(a) for a in specs)
    k = len(names)
    if k < 2:
        raise ValueError("a round robin needs at least two agents")
    info = get_game(game_id).GAME_INFO
    if 2 not in info.player_counts:
        raise ValueError(f"{info.name_en} has no two-player game for a round robin")
    score = np.zeros((k, k))
    games = np.zeros((k, k), dtype=np.int64)
    pairs: Iterable[tuple[int, int]] = ((i, j) for i in range(k) for j in range(i + 1, k))
    for i, j in pairs:
        r = simulate(
            game_id,
            [specs[i], specs[j]],
            games_per_pair,
            seed=seed_to_state(seed, i, j) >> 1,
            num_players=2,
            executor=executor,
            jobs=jobs,
            rotate=True,
            progress=progress,
        )
        share = r.win_share()
        # Seat rotation puts agent i in seat 0 in even games and seat 1 in odd ones.
        rows = np.arange(r.games)
        si = float(share[rows, rows % 2].sum())
        score[i, j] += si
        score[j, i] += r.games - si
        games[i, j] += r.games
        games[j, i] += r.games
    return Tournament(game_id, names, score, games, bradley_terry(score, games))
