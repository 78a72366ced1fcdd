"""simulate, Results, round_robin and the simulate command."""

from __future__ import annotations

import csv
import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr.cli import main
from boardgames_fr.simulation import bradley_terry, simulate, wilson_interval


def test_results_do_not_depend_on_the_executor() -> None:
    serial = simulate("fromage", ["heuristic", "random"], 24, seed=5, jobs=1, progress=False)
    pooled = simulate("fromage", ["heuristic", "random"], 24, seed=5, jobs=2, progress=False)
    threads = simulate(
        "fromage",
        ["heuristic", "random"],
        24,
        seed=5,
        executor=ThreadPoolExecutor(2),
        batch_size=5,
        progress=False,
    )
    for other in (pooled, threads):
        assert np.array_equal(serial.winners, other.winners)
        assert np.array_equal(serial.lengths, other.lengths)
        assert np.array_equal(serial.scores, other.scores)
        assert np.array_equal(serial.seeds, other.seeds)
    assert serial.games == 24 and serial.complete
    # every game has at least one winner, and exactly one in plain Fromage
    assert (serial.winners.sum(axis=1) == 1).all()


def test_each_game_replays_from_its_seed() -> None:
    r = simulate("fromage", ["random"], 3, seed=9, jobs=1, progress=False)
    m = bgf.get_game("fromage")
    a = [bgf.agents.RandomAgent(int(r.seeds[1]) + j) for j in range(2)]
    s = m.new_game(2, seed=int(r.seeds[1]))
    steps = 0
    while not m.is_terminal(s):
        seat = m.current_player(s)
        s = m.step(s, a[seat].act(m.observe(s, seat), m.legal_actions(s)))
        steps += 1
    assert steps == r.lengths[1]
    assert list(np.flatnonzero(r.winners[1])) == list(m.winners(s))


def _replayed(game_id: str, agent: str, r: Any) -> list[Any]:
    """The final state of each game of ``r`` (2 seats of ``agent``), replayed from its seed."""
    m = bgf.get_game(game_id)
    out = []
    for seed in map(int, r.seeds):
        a = [bgf.agents.make_agent(game_id, agent, seed=seed + j) for j in range(2)]
        s = m.new_game(2, seed=seed)
        while not m.is_terminal(s):
            seat = m.current_player(s)
            s = m.step(s, a[seat].act(m.observe(s, seat), m.legal_actions(s)))
        out.append(s)
    return out


def test_lactorama_results_say_how_each_game_ended() -> None:
    """Issue 8: for Lactorama the summary counts the endings (conviction wins, years...)."""
    r = simulate("lactorama", ["random"], 8, seed=3, jobs=1, progress=False)
    expected = [s.end_reason for s in _replayed("lactorama", "random", r)]
    assert list(r.endings) == expected
    assert "end" not in expected  # each game keeps its own reason
    assert r.summary().splitlines()[-1] == (
        "endings: conviction: 22 bons (2), conviction: 4 green pawns (1), the years are over (5)"
    )


def test_little_factory_results_keep_its_own_ending() -> None:
    """Little Factory keeps how a game ended in ``end`` (points, tokens, rounds, blocked):
    every game was once recorded as "end"."""
    r = simulate("little_factory", ["heuristic"], 6, seed=2, jobs=1, progress=False)
    expected = [s.end for s in _replayed("little_factory", "heuristic", r)]
    assert list(r.endings) == expected
    assert set(expected) <= {"points", "tokens", "rounds", "blocked"}


def test_rotation_and_agent_rates() -> None:
    r = simulate(
        "fromage", ["heuristic", "random"], 10, seed=1, jobs=1, rotate=True, progress=False
    )
    assert list(r.agents[0]) == ["heuristic", "random"]
    assert list(r.agents[1]) == ["random", "heuristic"]
    rates = {name: n for name, n, *_ in r.agent_win_rates()}
    assert rates == {"heuristic": 10, "random": 10}
    total = sum(rate * n for _, n, rate, _, _ in r.agent_win_rates())
    assert total == pytest.approx(10.0)


def test_wilson_interval_and_bradley_terry() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    s = np.array([[0.0, 75.0], [25.0, 0.0]])
    g = np.array([[0, 100], [100, 0]])
    r = bradley_terry(s, g)
    # 75 % against 25 % is an odds ratio of 3 (about 3.02 with the half-win prior)
    assert 10 ** ((r[0] - r[1]) / 400) == pytest.approx(3.0, rel=0.03)
    assert sum(r) / 2 == pytest.approx(1500.0)


def test_round_robin_ranks_the_heuristic_first() -> None:
    t = bgf.round_robin("fromage", ["heuristic", "random"], 40, seed=3, jobs=1)
    assert t.games[0, 1] == 40 and t.score[0, 1] + t.score[1, 0] == pytest.approx(40)
    assert t.ratings[0] > t.ratings[1]
    assert t.table().splitlines()[1].strip().startswith("heuristic")


def test_csv_has_one_row_per_game(tmp_path: Path) -> None:
    r = simulate("fromage", ["random"], 4, seed=2, jobs=1, progress=False)
    path = tmp_path / "r.csv"
    r.to_csv(path)
    rows = list(csv.reader(path.open()))
    assert rows[0][:4] == ["game", "seed", "length", "ending"]
    assert len(rows) == 5 and rows[3][1] == str(int(r.seeds[2]))


def test_csv_writes_scores_as_the_game_counts_them(tmp_path: Path) -> None:
    # Every game's scores are ints (a farm's value in euros here): 293500, not 293500.0.
    r = simulate("lactorama", ["heuristic", "random"], 2, seed=1, jobs=1, progress=False)
    path = tmp_path / "r.csv"
    r.to_csv(path)
    rows = list(csv.DictReader(path.open()))
    lactorama = bgf.get_game("lactorama")
    assert [int(row["score_0"]) for row in rows] == [int(x) for x in r.scores[:, 0]]
    assert all(row[f"score_{s}"].isdigit() for row in rows for s in (0, 1))
    assert isinstance(lactorama.scores(lactorama.new_game(2, seed=1))[0], int)


def test_simulate_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="games must be a whole number of at least 1"):
        simulate("fromage", ["random"], 0, seed=1)
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        simulate("fromage", ["genius"], 5, seed=1)
    with pytest.raises(ValueError, match="is for 2 to 4 players, not 7"):
        simulate("fromage", ["random"], 5, seed=1, num_players=7)
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        simulate("chess", ["random"], 5, seed=1)


def test_agents_as_one_string_are_names_between_commas() -> None:
    # "random" used to be read letter by letter: "unknown agent 'r'".
    one = simulate("misere", "heuristic, random", 6, seed=4, jobs=1, progress=False)
    listed = simulate("misere", ["heuristic", "random"], 6, seed=4, jobs=1, progress=False)
    assert one.agents.tolist() == listed.agents.tolist() == [["heuristic", "random"]] * 6
    assert one.summary() == listed.summary()
    alone = simulate("fromage", "random", 2, seed=1, jobs=1, progress=False)
    assert alone.agents.tolist() == [["random", "random"]] * 2
    with pytest.raises(ValueError, match="unknown agent 'genius'"):
        simulate("fromage", "random,genius", 5, seed=1)


def test_simulate_command_prints_rates_and_is_the_same_with_more_jobs(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        buf = io.StringIO()
        code = main(
            ["simulate", "fromage", "--games", "30", "--jobs", jobs, "--seed", "4", "--quiet"],
            out=buf,
        )
        assert code == 0
        outs.append(buf.getvalue())
    assert outs[0] == outs[1]
    # French by default (the CLI's --lang); the English table is `Results.summary()`.
    assert outs[0].startswith("fromage : 30 parties\n siège victoires  intervalle à 95 %\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "fromage", "--games", "0"], "must be at least 1"),
        # refusals in the session's language, French by default (#24)
        (["simulate", "fromage", "--agents", "genius"], "agent inconnu 'genius'"),
        (["simulate", "fromage", "--players", "9", "--quiet"], "pour 2 à 4 joueurs, pas 9"),
        (["simulate", "chess"], "invalid choice: 'chess'"),
    ],
)
def test_simulate_command_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = main(argv, out=io.StringIO())
    except SystemExit as e:  # argparse's own errors exit with status 2
        code = int(e.code or 0)
    assert code == 2
    assert message in capsys.readouterr().err


def test_ctrl_c_stops_cleanly_and_prints_what_was_finished() -> None:
    import re
    import signal
    import subprocess
    import sys
    import time

    cmd = [sys.executable, "-m", "boardgames_fr.cli", "simulate", "fromage", "--games", "100000"]
    cmd += ["--jobs", "2", "--agents", "random", "--seed", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    sent = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert time.perf_counter() - sent < 30
    assert "Traceback" not in err
    m = re.match(r"fromage : (\d+) parties? \(simulation interrompue\)", out)
    assert m is not None and 0 <= int(m.group(1)) < 100000


@pytest.mark.parametrize(("lang", "end"), [("en", "3/3 games"), ("fr", "3/3 parties")])
def test_the_progress_bar_speaks_the_language_asked(lang: str, end: str) -> None:
    bar = io.StringIO()
    simulate("misere", ["random"], games=3, seed=1, jobs=1, progress_out=bar, lang=lang)
    last = bar.getvalue().split("\r")[-1]
    assert last.startswith("[" + "#" * 30 + "] " + end + " ")
    assert (" reste 0s " in last) == (lang == "fr") and (" ETA 0s " in last) == (lang == "en")
    with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
        simulate("misere", ["random"], games=1, seed=1, jobs=1, progress=False, lang="de")


# --- issue #23: a worker that dies, and where the CSV goes ------------------------------


class _Killer:
    """A test-only bot: plays at random, but the worker playing game ``target`` (its seed)
    kills its own process (``kill -9``), once if ``marker`` is given (the file says it was
    done), else every time."""

    def __init__(self, seed: int, target: int, marker: Path | None) -> None:
        self.random = bgf.agents.RandomAgent(seed)
        self.kill = seed == target and (marker is None or not marker.exists())
        self.marker = marker

    def act(self, observation: Any, legal: Any) -> Any:
        if self.kill:
            import os
            import signal

            if self.marker is not None:
                self.marker.touch()
            os.kill(os.getpid(), signal.SIGKILL)
        return self.random.act(observation, legal)


def _with_killer(monkeypatch: pytest.MonkeyPatch, game: int, marker: Path | None) -> None:
    """Register the agent "killer" for `simulate` (the pool's workers are forked from this
    process, so they see it too), killing the worker that plays game ``game`` of seed 7."""
    import multiprocessing

    from boardgames_fr import simulation

    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers must be forked to see the test's agent")
    target = simulation.game_seed(7, game)
    real = simulation.make_agent

    def make(game_id: str, name: str, seed: int = 0) -> Any:
        return _Killer(seed, target, marker) if name == "killer" else real(game_id, name, seed)

    monkeypatch.setattr(simulation, "make_agent", make)
    monkeypatch.setattr(simulation, "AGENT_NAMES", ("random", "heuristic", "killer"))


def test_a_killed_workers_games_are_played_again_with_the_same_results(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A ``kill -9`` of a worker once gave a raw BrokenProcessPool and nothing at all."""
    _with_killer(monkeypatch, 9, tmp_path / "killed")
    kw: dict[str, Any] = {"seed": 7, "progress": False}
    r = simulate("misere", ["killer", "random"], 24, jobs=2, batch_size=2, **kw)
    assert (tmp_path / "killed").exists()  # a worker did die
    assert r.complete and r.stopped == "" and r.games == 24
    # the same games as in one process, where nobody is killed
    serial = simulate("misere", ["random", "random"], 24, jobs=1, **kw)
    assert np.array_equal(r.seeds, serial.seeds)
    assert np.array_equal(r.winners, serial.winners)
    assert np.array_equal(r.scores, serial.scores)
    assert np.array_equal(r.lengths, serial.lengths)


def test_a_worker_that_dies_again_stops_the_run_and_keeps_what_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _with_killer(monkeypatch, 9, None)
    kw: dict[str, Any] = {"seed": 7, "progress": False}
    r = simulate("misere", ["killer", "random"], 24, jobs=2, batch_size=2, **kw)
    serial = simulate("misere", ["random", "random"], 24, jobs=1, **kw)
    assert not r.complete and 0 < r.games < 24
    kept = [int(np.flatnonzero(serial.seeds == s)[0]) for s in r.seeds]
    assert 9 not in kept and kept == sorted(kept)
    assert np.array_equal(r.winners, serial.winners[kept])
    assert np.array_equal(r.lengths, serial.lengths[kept])
    assert r.stopped == (
        f"a worker process died twice (killed, or out of memory): {24 - r.games:,} of 24"
        f" games were not played; the {r.games:,} that finished are kept"
    )
    assert r.summary().startswith(f"misere: {r.games} games (interrupted)\n")


def _output_refusal(path: Any) -> str:
    from boardgames_fr.simulation import check_output

    with pytest.raises(ValueError) as info:
        check_output(path)
    return str(info.value)


def test_check_output_refuses_what_cannot_be_written(tmp_path: Path) -> None:
    from boardgames_fr.simulation import check_output

    assert check_output(tmp_path / "r.csv") == tmp_path / "r.csv"
    assert list(tmp_path.iterdir()) == []  # the probe is gone
    assert _output_refusal("") == "the output path is empty: give the name of a file to write"
    assert _output_refusal(str(tmp_path)) == f"'{tmp_path}' is a folder, not a file"
    assert _output_refusal(f"{tmp_path}/new/") == f"'{tmp_path}/new/' is a folder, not a file"
    missing = tmp_path / "missing" / "r.csv"
    assert _output_refusal(missing) == f"no folder '{tmp_path}/missing' to write 'r.csv' in"
    assert _output_refusal("/dev/full") == (
        "'/dev/full' is not a regular file: a CSV file cannot replace it"
    )


def test_check_output_refuses_a_folder_without_permission(tmp_path: Path) -> None:
    import os

    if os.geteuid() == 0:
        pytest.skip("root may write anywhere")
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "old.csv").write_text("old")
    (folder / "old.csv").chmod(0o444)
    folder.chmod(0o500)
    try:
        assert _output_refusal(folder / "old.csv") == f"no permission to write '{folder}/old.csv'"
        assert _output_refusal(folder / "new.csv") == (
            f"cannot write in the folder '{folder}' (Permission denied)"
        )
    finally:
        folder.chmod(0o700)


def test_to_csv_replaces_the_file_whole_or_not_at_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = simulate("fromage", ["random"], 3, seed=2, jobs=1, progress=False)
    path = tmp_path / "r.csv"
    path.write_text("the old results\n")

    def full_disk(self: Any, f: Any) -> None:
        f.write("game,seed")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(bgf.simulation.Results, "_write_csv", full_disk)
    with pytest.raises(OSError, match="No space left"):
        r.to_csv(path)
    assert path.read_text() == "the old results\n"
    assert [p.name for p in tmp_path.iterdir()] == ["r.csv"]  # no temporary file left
    monkeypatch.undo()
    r.to_csv(path)
    rows = list(csv.reader(path.open()))
    assert len(rows) == 4 and rows[1][1] == str(int(r.seeds[0]))
    assert [p.name for p in tmp_path.iterdir()] == ["r.csv"]


class FirstMove:
    """A bot of one's own, at module level so that it pickles for the worker processes."""

    name = "first"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: Any, legal_actions: Any) -> Any:
        return legal_actions[0]


def test_an_agent_factory_plays_beside_the_names_and_in_workers() -> None:
    first = FirstMove
    serial = simulate("fromage", [first, "random"], 6, seed=3, jobs=1, rotate=True, progress=False)
    pooled = simulate("fromage", [first, "random"], 6, seed=3, jobs=2, rotate=True, progress=False)
    assert serial.agents.tolist() == [["first", "random"], ["random", "first"]] * 3
    assert (serial.winners == pooled.winners).all() and (serial.lengths == pooled.lengths).all()
    # The random agent at seat k is seeded as by name: the same games as with a name there.
    named = simulate("fromage", ["random", "random"], 2, seed=3, jobs=1, progress=False)
    again = simulate(
        "fromage", [bgf.agents.RandomAgent, "random"], 2, seed=3, jobs=1, progress=False
    )
    assert (named.lengths == again.lengths).all() and (named.winners == again.winners).all()
    assert again.agents.tolist()[0] == ["RandomAgent", "random"]


def test_a_factory_that_cannot_reach_the_workers_is_refused_at_once() -> None:
    def local(seed: int) -> Any:
        return FirstMove(seed)

    with pytest.raises(ValueError, match=r"the agent factory .*local cannot be sent to worker"):
        simulate("misere", [local, "random"], 4, seed=1, jobs=2, progress=False)
    # In this process it plays (named after the function).
    r = simulate("misere", [local, "random"], 2, seed=1, jobs=1, progress=False)
    assert r.agents[0, 0].endswith("local") and r.games == 2
    with pytest.raises(ValueError, match=r"an agent is a name .* or a factory called with a seed"):
        simulate("misere", [3, "random"], 2, seed=1, jobs=1, progress=False)


def test_round_robin_takes_factories_and_the_search_bot() -> None:
    import functools

    from boardgames_fr.search import ISMCTSAgent

    game = "misere" if hasattr(bgf.get_game("misere"), "determinize") else "little_factory"
    search = functools.partial(ISMCTSAgent, game, iterations=8, max_rollout_steps=20)
    t = bgf.round_robin(game, [search, FirstMove, "random"], 2, seed=1, jobs=1)
    assert t.agents == (
        f"ISMCTSAgent({game!r}, iterations=8, max_rollout_steps=20)",
        "first",
        "random",
    )
    assert int(t.games.sum()) == 2 * 3 * 2
