"""The boardgames-fr command: list, demo, play (with bad input and --table)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

import boardgames_fr as bgf
from boardgames_fr import cli


def test_list_names_every_game() -> None:
    buf = io.StringIO()
    assert cli.main(["list"], out=buf) == 0
    lines = buf.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == list(bgf.GAME_IDS)


def test_demo_plays_a_whole_game_in_french() -> None:
    buf = io.StringIO()
    assert cli.main(["demo", "fromage", "--seed", "3"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    # The log names players as the pictures do (Fromage: by colour), with French colons.
    assert lines[0] == "Fromage, Face A (plus facile) : tour du joueur bleu"
    moves = [line for line in lines if line[:4].strip().isdigit()]
    assert moves[0] == "   1. Le joueur bleu : poser une souris sur le gros bidon"
    assert moves[1].startswith("   2. Le joueur blanc : poser une souris sur ")
    assert lines[-2] == "Résultat — Scores : le joueur bleu : 1, le joueur blanc : 0"
    assert lines[-1] == "Vainqueur : le joueur bleu"


def test_demo_in_english_with_more_players() -> None:
    buf = io.StringIO()
    assert cli.main(["--lang", "en", "demo", "fromage", "--players", "3"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    assert lines[-2].startswith("Result — Scores: the blue player: ")
    assert lines[-2].endswith(", the grey player: 0")
    assert lines[-1].startswith("Winner: the ")
    assert "   1. The blue player: place a mouse on " in buf.getvalue()


def test_demo_numbers_players_from_1_where_the_game_does() -> None:
    buf = io.StringIO()
    assert cli.main(["demo", "misere", "--seed", "1"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    assert lines[0] == "Misère : tour 1/12, 1 - Placement, Joueur 1 joue"
    assert lines[-2] == "Résultat — Scores : Joueur 1 : 21250, Joueur 2 : 14250"
    assert lines[-1] == "Vainqueur : Joueur 1"


def test_demo_bad_player_count_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "fromage", "--players", "9"], out=io.StringIO()) == 2
    assert "is for 2 to 4 players, not 9" in capsys.readouterr().err


def _typing(answers: list[str]) -> Callable[[str], str]:
    it: Iterator[str] = iter(answers)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_play_rejects_bad_input_and_keeps_asking() -> None:
    buf = io.StringIO()
    code = cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--seat", "0"]),
        buf,
        _typing(["hello", "999", "0", "1", "u", "q"]),
    )
    text = buf.getvalue()
    assert code == 0
    assert text.count("Choix invalide : tapez un numéro de la liste.") == 3
    assert "Coup annulé." in text and text.strip().endswith("Partie interrompue.")


def test_play_logs_the_persons_move_like_the_bots() -> None:
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["play", "misere", "--seat", "0", "--seed", "1"]),
        buf,
        _typing(["2", "q"]),
    )
    lines = buf.getvalue().splitlines()
    asked = lines.index("À vous (Joueur 1) :")
    assert lines[asked + 2] == "    2. Poser un ouvrier sur « Bosser »"
    # After the menu, the move taken is logged in the same form as a bot's.
    assert "Joueur 1 : Poser un ouvrier sur « Bosser »" in lines[asked + 1 :]


def test_play_to_the_end_by_always_taking_the_first_choice() -> None:
    buf = io.StringIO()
    code = cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--seat", "1", "--seed", "2"]),
        buf,
        _typing(["1"] * 5000),
    )
    assert code == 0
    assert buf.getvalue().strip().splitlines()[-1].startswith("Vainqueur")


def test_table_mode_asks_for_the_real_dice() -> None:
    buf = io.StringIO()
    prompts: list[str] = []
    answers = iter(["1"] * 40)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "q")

    cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--seat", "0", "--table"]),
        buf,
        read,
    )
    assert any(p.startswith("Résultat réel (numéro, r = tirer au hasard") for p in prompts)
    assert "\nHasard :\n" in buf.getvalue()


def test_demo_into_a_closed_pipe_stops_quietly() -> None:
    """``boardgames-fr demo | head -1``: no BrokenPipeError traceback, exit status 0."""
    fcntl = pytest.importorskip("fcntl")
    if not hasattr(fcntl, "F_SETPIPE_SZ"):
        pytest.skip("pipe sizes are Linux only")
    read_end, write_end = os.pipe()
    # A one-page pipe: the demo's ~11 kB cannot all fit, so it must meet the closed end.
    fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
    cmd = [sys.executable, "-m", "boardgames_fr.cli", "demo", "fromage"]
    with subprocess.Popen(cmd, stdout=write_end, stderr=subprocess.PIPE) as proc:
        os.close(write_end)
        with os.fdopen(read_end, "rb") as reader:
            first = reader.readline()
        assert proc.stderr is not None
        err = proc.stderr.read()
        assert proc.wait(timeout=60) == 0
    assert first.startswith(b"Fromage, Face A")
    assert err == b""
