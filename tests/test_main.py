"""``python -m boardgames_fr`` and ``--version``: the command where its script is not on
PATH (it failed: no ``__main__``)."""

from __future__ import annotations

import subprocess
import sys

import boardgames_fr as bgf


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames_fr", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def test_python_m_boardgames_fr_runs_the_command() -> None:
    done = _run("list", "--lang", "en")
    assert (done.returncode, done.stderr) == (0, "")
    assert [line.split()[0] for line in done.stdout.splitlines()] == list(bgf.GAME_IDS)
    assert done.stdout.splitlines()[1].startswith("fromage          Fromage (cheese race), for 2")


def test_version() -> None:
    done = _run("--version")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"boardgames-fr {bgf.__version__}\n",
        "",
    )


def test_errors_exit_with_status_2_and_a_line() -> None:
    done = _run("demo", "fromage", "--players", "9")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "boardgames-fr: Fromage est pour 2 à 4 joueurs, pas 9\n"
