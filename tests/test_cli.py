"""The boardgames-fr command: list, demo, play (with bad input and --table)."""

from __future__ import annotations

import argparse
import io
import os
import re
import socket
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import cli
from boardgames_fr.agents import make_agent


def test_list_names_every_game() -> None:
    buf = io.StringIO()
    assert cli.main(["list"], out=buf) == 0
    lines = buf.getvalue().splitlines()
    assert [line.split()[0] for line in lines] == list(bgf.GAME_IDS)


def test_list_says_the_player_counts_in_the_sessions_language() -> None:
    """The French list once read « Lactorama (2, 3, 4, 5, 6 or 8 players): … »."""
    for lang, line in (
        ("fr", "Lactorama, pour 2, 3, 4, 5, 6 ou 8 joueurs — Trois ans sur une exploitation"),
        ("en", "Lactorama, for 2, 3, 4, 5, 6 or 8 players — Three years on a dairy farm"),
    ):
        buf = io.StringIO()
        assert cli.main(["--lang", lang, "list"], out=buf) == 0
        lactorama = buf.getvalue().splitlines()[2]
        assert lactorama.startswith(f"lactorama        {line}")
    assert (
        buf.getvalue()
        .splitlines()[1]
        .startswith("fromage          Fromage (cheese race), for 2 to 4 players — A dice race")
    )


def test_scores_are_written_whole_and_as_the_games_write_them() -> None:
    """``:g`` wrote a farm's 1 082 000 € as « 1.082e+06 » (``demo lactorama --players 8
    --seed 36 --agents heuristic,random``), and rounds beyond six digits; then the result
    line said « 512100 » where Lactorama's own picture says « 512 100 € »."""
    values = (1082000.0, 1234567.0, 415200.0, 3, 0.5, 1000, 999, -2000)
    assert [cli._score(v) for v in values] == [
        "1 082 000",
        "1 234 567",
        "415 200",
        "3",
        "0.5",
        "1 000",
        "999",
        "−2 000",
    ]


def test_lactorama_result_line_writes_money_as_its_picture_does() -> None:
    buf = io.StringIO()
    assert cli.main(["demo", "lactorama"], out=buf) == 0
    lines = buf.getvalue().splitlines()
    assert (
        lines[-2] == "Bilan : exploitation A 512 100 € (4 bons), exploitation B 277 300 € (5 bons)"
    )
    assert lines[-1] == "Résultat — Scores : Joueur 1 : 512 100, Joueur 2 : 277 300"


def test_demo_plays_a_whole_game_in_french() -> None:
    buf = io.StringIO()
    assert cli.main(["demo", "fromage", "--seed", "3"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    # The log names players as the pictures do (Fromage: by colour), with French colons.
    assert lines[0] == "Fromage, Face A (plus facile) : tour du joueur bleu"
    moves = [line for line in lines if line[:4].strip().isdigit()]
    assert moves[0] == "   1. Le joueur bleu : poser une souris sur le gros bidon"
    assert moves[1].startswith("   2. Le joueur blanc : poser une souris sur ")
    assert lines[-1] == "Résultat — Scores : le joueur bleu : 1, le joueur blanc : 0"
    # The winner once: the game's last picture says it, no line of the CLI again.
    assert [x for x in lines if "gagn" in x or "Vainqueur" in x] == [
        "Partie terminée : le joueur bleu gagne"
    ]


def test_demo_in_english_with_more_players() -> None:
    buf = io.StringIO()
    assert cli.main(["--lang", "en", "demo", "fromage", "--players", "3"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    assert lines[-1].startswith("Result — Scores: the blue player: ")
    assert lines[-1].endswith(", the grey player: 0")
    assert len([x for x in lines if x.startswith("Game over: the ")]) == 1
    assert "   1. The blue player: place a mouse on " in buf.getvalue()


def test_demo_numbers_players_from_1_where_the_game_does() -> None:
    buf = io.StringIO()
    assert cli.main(["demo", "misere", "--seed", "1"], out=buf) == 0
    lines = buf.getvalue().strip().splitlines()
    assert lines[0] == "Misère : tour 1/12, 1 - Placement, Joueur 1 joue"
    # The scores are the Misère bot's (its auditors tune it): the names are the point.
    found = re.fullmatch(r"Résultat — Scores : Joueur 1 : ([\d ]+), Joueur 2 : ([\d ]+)", lines[-1])
    assert found is not None, lines[-1]
    first, second = (int(x.replace(" ", "")) for x in (found[1], found[2]))
    assert first != second
    assert f"Gagnant : Joueur {1 if first > second else 2}" in lines


def test_demo_bad_player_count_is_a_message_in_the_sessions_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """With French by default, it once said « Fromage (cheese race) is for 2 to 4 players »."""
    assert cli.main(["demo", "fromage", "--players", "9"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "boardgames-fr: Fromage est pour 2 à 4 joueurs, pas 9\n"
    assert cli.main(["demo", "lactorama", "--players", "7", "--lang", "en"]) == 2
    assert capsys.readouterr().err == (
        "boardgames-fr: Lactorama is for 2, 3, 4, 5, 6 or 8 players, not 7\n"
    )


@pytest.mark.parametrize("command", ["demo", "play"])
def test_zero_players_is_refused_not_read_as_the_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--players 0`` once played the default two players (``0 or default``)."""
    buf = io.StringIO()
    assert cli.main([command, "fromage", "--players", "0"], out=buf) == 2
    assert buf.getvalue() == ""
    assert capsys.readouterr().err == "boardgames-fr: Fromage est pour 2 à 4 joueurs, pas 0\n"


def test_play_a_seat_out_of_range_is_an_error_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "fromage", "--seat", "3"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == "boardgames-fr: --seat : les places vont de 0 à 1, pas 3\n"
    assert cli.main(["--lang", "en", "play", "fromage", "--seat", "0,3"]) == 2
    assert capsys.readouterr().err == "boardgames-fr: --seat must be from 0 to 1, not 3\n"
    assert cli.main(["play", "fromage", "--seat", "un"]) == 2
    assert capsys.readouterr().err == (
        "boardgames-fr: --seat : des numéros de place séparés par des virgules, pas 'un'\n"
    )


def test_simulate_with_no_scheduler_there_is_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    """It once ended on dask's OSError traceback, and then said so after dask's 30 s
    connection timeout, in silence: nothing listens on port 1, which a plain connection
    tells at once."""
    pytest.importorskip("distributed")
    argv = ["simulate", "misere", "--games", "1", "--quiet", "--scheduler", "tcp://127.0.0.1:1"]
    assert cli.main(argv, out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "boardgames-fr: --scheduler : aucun planificateur dask ne répond à tcp://127.0.0.1:1"
        " (Connection refused)\n"
    )


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1", "http//x:1", "h:99999"])
def test_simulate_with_a_malformed_scheduler_address_is_refused_at_once(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("distributed")
    argv = ["--lang", "en", "simulate", "misere", "--quiet", "--scheduler", address]
    assert cli.main(argv, out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        f"boardgames-fr: --scheduler: expected an address like tcp://host:port, not {address!r}\n"
    )


def test_simulate_with_a_scheduler_that_does_not_speak_dask_is_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Something listens, but dask's client fails: its OSError is said, not a traceback,
    after a line saying what the program waits for."""
    distributed = pytest.importorskip("distributed")
    calls: list[tuple[str, str]] = []

    def no_dask(address: str, timeout: str) -> None:
        calls.append((address, timeout))
        raise OSError("not a dask scheduler")

    monkeypatch.setattr(distributed, "Client", no_dask)
    with socket.create_server(("127.0.0.1", 0)) as server:
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        argv = ["simulate", "misere", "--games", "1", "--quiet", "--scheduler", address]
        assert cli.main(argv, out=io.StringIO()) == 2
    assert calls == [(address, "10s")]
    assert capsys.readouterr().err == (
        f"connexion au planificateur dask {address}…\n"
        f"boardgames-fr: --scheduler : aucun planificateur dask ne répond à {address}"
        " (not a dask scheduler)\n"
    )


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
    assert text.count("Choix invalide : tapez un numéro ou un nom de la liste.") == 3
    assert "Coup annulé." in text and text.strip().endswith("Partie interrompue.")
    # A typo asks again under the same menu: the table was once drawn again at each.
    assert text.count("À vous (le joueur bleu) :") == 3  # the start, after 1, after undo


def test_play_refuses_other_digits_and_endless_numbers_and_keeps_asking() -> None:
    """``"²"`` passes `str.isdigit` but not `int`, and `int` reads no number of 5000
    digits: both once ended the game with a ValueError ("invalid literal for int()")."""
    buf = io.StringIO()
    code = cli._cmd_play(
        cli._parser().parse_args(["play", "misere", "--seat", "0"]),
        buf,
        _typing(["²", "٣", "9" * 5000, "q"]),
    )
    text = buf.getvalue()
    assert code == 0
    assert text.count("Choix invalide : tapez un numéro ou un nom de la liste.") == 3
    assert text.strip().endswith("Partie interrompue.")


def test_simulate_into_a_missing_folder_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """It once played every game, then stopped on a FileNotFoundError traceback."""
    buf = io.StringIO()
    target = tmp_path / "no" / "games.csv"
    argv = ["simulate", "misere", "--games", "2", "--quiet", "--out", str(target)]
    assert cli.main(argv, out=buf) == 2
    assert buf.getvalue() == ""  # no summary: no game was played
    err = capsys.readouterr().err  # the words are simulation.check_output's, once it exists
    assert err.startswith("boardgames-fr: --out") and str(target.parent) in err


def test_simulate_into_a_folder_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # An existing folder, and a missing one written with its separator (`abspath` once
    # dropped it: every game was played, then "Is a directory" for a path that was none).
    for out in (str(tmp_path), str(tmp_path / "nope") + os.sep):
        buf = io.StringIO()
        argv = ["simulate", "misere", "--games", "2", "--quiet", "--out", out]
        assert cli.main(argv, out=buf) == 2
        assert buf.getvalue() == ""
        err = capsys.readouterr().err
        assert err.startswith("boardgames-fr: --out") and out.rstrip(os.sep) in err


def test_a_menu_number_may_have_leading_zeros() -> None:
    # "01" was refused in a menu of 9 entries, accepted in one of 10.
    assert [cli._number(a, 9) for a in ("01", "009", "0", "10", "²")] == [1, 9, None, None, None]
    assert cli._number("0" * 5000 + "3", 12) == 3


def test_table_mode_lists_every_card_once_and_draws_the_bots_cards_without_asking() -> None:
    """D'Orge et de Blé deals face down from a deck whose other cards are in the hands.
    The menu once listed the cards left (60, 59, 58 ... entries: the missing ones are in
    the hands); it lists the 60 cards of the game. It was printed again before each of
    the 10 opening draws (600 lines), and the 5 cards of the bot's hidden hand, which
    nobody at the table sees, each waited for `r`: the list is now printed once, and the
    bot's cards are drawn without asking, and not named. A card refused is asked again
    under its refusal."""
    buf = io.StringIO()
    prompts: list[str] = []
    answers = iter(["1", "1", "r", "n°47", "ambree 6 (N°13)", "blonde 4", "4", "q"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    cli._cmd_play(cli._parser().parse_args(["play", "dorge_et_ble", "--table"]), buf, read)
    text = buf.getvalue()
    chunks = [c.split("\n\n")[0] for c in text.split("\nHasard :\n")[1:]]
    heading = (
        "(toutes les cartes que ce tirage peut donner : ce qui reste dans la pioche est secret)"
    )
    assert all(c.startswith(heading + "\n") for c in chunks)
    entries = [sum(1 for x in c.splitlines() if x[:6].strip().endswith(".")) for c in chunks]
    assert entries == [60, 0, 0, 0, 0]  # the person's five cards, the list once
    again = "(la même liste que ci-dessus : tapez un numéro ou un nom)"
    assert [c.splitlines()[1] == again for c in chunks] == [False, True, True, True, True]
    logged = [
        x
        for x in text.splitlines()
        if x.startswith("Hasard : ") or "ne peut pas" in x or x.startswith("Plusieurs")
    ]
    assert (
        logged
        == [  # the person's five cards: named, typed by number or by name
            "Hasard : Piocher Blonde 4 (n°0)",
            "on ne peut pas piocher Blonde 4 (n°0) maintenant :"
            " cette carte n'est pas dans la pioche",
            "Hasard : Piocher Brune 8 (n°23)",  # r
            "Hasard : Piocher Pain de seigle 7 (n°47)",  # the card's number, not the menu's
            "Hasard : Piocher Ambrée 6 (n°13)",  # accents and capitals as one likes
            # The five cards of a name differ (upgrades): asked again, never guessed.
            "Plusieurs choix correspondent (1, 2, 3, 4, 5) : tapez le numéro.",
            "Hasard : Piocher Blonde 4 (n°3)",
        ]
        + ["Hasard : une carte est piochée (non montrée ici)"] * 5
    )  # the bot's five
    assert len(prompts) == 8  # the answers above, then the first decision
    assert prompts[-1].startswith("Votre choix (numéro ou nom")


def _menus(text: str, heading: str) -> list[list[str]]:
    """The entries of each chance menu in a play transcript."""
    chunks = [c.split("\n\n")[0] for c in text.split(f"\n{heading}\n")[1:]]
    return [
        [x.split(". ", 1)[1] for x in c.splitlines() if x[:6].strip()[:-1].isdigit()]
        for c in chunks
    ]


def test_table_mode_lists_one_tiers_goods_at_a_little_factory_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """LF-06: a tier-2 gap draws a tier-2 good, a tier-3 gap a tier-3 one. The menu once
    listed all 18 goods at both (the core finds them in fresh games and cannot tell the
    tiers apart, as it still does without the game's draw_pool hook); Little Factory's
    hook lists that tier's goods only."""
    argv = ["--lang", "en", "play", "little_factory", "--table"]
    buf = io.StringIO()
    cli._cmd_play(cli._parser().parse_args(argv), buf, _typing(["r"] * 8 + ["q"]))
    tier2 = ["brick", "charcoal", "cut stone", "flour", "thread", "cattle", "sheep", "timber"]
    tier2 = [f"Drawn: {g}" for g in tier2 + ["fish", "milk"]]
    tier3 = ["barrel", "bread", "cloth", "fishing rod", "iron", "leather", "meat", "stone wall"]
    # the market's 5 tier-2 gaps, then its 3 tier-3 gaps (then a building, public)
    menus = _menus(buf.getvalue(), "Chance:")[:8]
    assert menus == [tier2] * 5 + [[f"Drawn: {g}" for g in tier3]] * 3
    monkeypatch.setattr(bgf.get_game("little_factory").GAME, "_draw_pool", None)
    buf = io.StringIO()
    cli._cmd_play(cli._parser().parse_args(argv), buf, _typing(["r"] * 8 + ["q"]))
    # 18 goods: a long menu, printed once and then recalled in a line
    assert [len(m) for m in _menus(buf.getvalue(), "Chance:")[:8]] == [18] + [0] * 7
    assert buf.getvalue().count("(the same list as above: type a number or a name)") == 7


def test_table_mode_shows_the_table_before_each_run_of_dice() -> None:
    """The menu of a die once came with nothing around it: the table could not tell how
    many dice to roll, nor for whom. The picture now comes before the first die of each
    roll (« Dés sur le gros bidon : ? ? »), not before every die."""
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--table", "--seed", "3"]),
        buf,
        _typing(["1"] * 13 + ["q"]),
    )
    text = buf.getvalue()
    first = text.index("\nHasard :\n")
    before = text[:first].rsplit("\n\n", 1)[1]
    assert before.startswith("Fromage, Face A (plus facile) : tour du joueur bleu\n")
    assert before.splitlines()[-1].startswith("Dés sur ")
    assert before.splitlines()[-1].endswith(" : ? ? ? ? ?")
    # The next die of the same roll: its menu alone.
    second = text.index("\nHasard :\n", first + 1)
    assert text[first:second].count("Fromage, Face A") == 0


def test_table_mode_lists_dice_as_they_are() -> None:
    """A die is no secret: its menu is its faces (Fromage: green, yellow, red)."""
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["--lang", "en", "play", "fromage", "--table"]),
        buf,
        _typing(["1"] * 13 + ["q"]),
    )
    chunk = buf.getvalue().split("\nChance:\n")[1]
    assert chunk.splitlines()[:3] == ["    1. die: green", "    2. die: yellow", "    3. die: red"]


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
    assert buf.getvalue().strip().splitlines()[-1].startswith("Résultat — Scores : ")


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
    assert any(p.startswith("Résultat réel (numéro ou nom, r = tirer au hasard") for p in prompts)
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


class _CtrlC(io.StringIO):
    """An output where the person presses Ctrl-C once, after five lines of a demo."""

    before = ""  # what was shown when the key was pressed

    def write(self, text: str) -> int:
        if not self.before and self.getvalue().count("\n") >= 5:
            self.before = self.getvalue()
            raise KeyboardInterrupt
        return super().write(text)


def test_ctrl_c_in_a_demo_stops_with_status_130_and_no_traceback() -> None:
    buf = _CtrlC()
    assert cli.main(["demo", "misere"], out=buf) == 130
    # what was shown, then only the new line that ends the interrupted one
    assert buf.before.startswith("Misère : tour 1/12")
    assert buf.getvalue() == buf.before + "\n"


_SIMULATE_TABLES = {
    "fr": """\
lactorama : 5 parties
 siège victoires  intervalle à 95 %
     0     1.000  [0.566, 1.000]
     1     0.000  [0.000, 0.434]
     agent  sièges victoires  intervalle à 95 %
 heuristic       5     1.000  [0.566, 1.000]
    random       5     0.000  [0.000, 0.434]
durée : moyenne 45.8 coups, médiane 44, max 56
fins : conviction : 4 pions verts (1), fin des années (4)
5 parties écrites dans {out}
""",
    "en": """\
lactorama: 5 games
  seat  win rate  95% interval
     0     1.000  [0.566, 1.000]
     1     0.000  [0.000, 0.434]
     agent   seats  win rate  95% interval
 heuristic       5     1.000  [0.566, 1.000]
    random       5     0.000  [0.000, 0.434]
length: mean 45.8 steps, median 44, max 56
endings: conviction: 4 green pawns (1), the years are over (4)
wrote 5 games to {out}
""",
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_simulate_prints_its_table_in_the_sessions_language(lang: str, tmp_path: Path) -> None:
    """`simulate` once printed its table in English under ``--lang fr`` (the default).
    The numbers are written alike in both languages; the CSV does not change."""
    out = tmp_path / f"{lang}.csv"
    argv = ["--lang", lang, "simulate", "lactorama", "--games", "5", "--seed", "2"]
    argv += ["--jobs", "1", "--quiet", "--out", str(out)]
    buf = io.StringIO()
    assert cli.main(argv, out=buf) == 0
    assert buf.getvalue() == _SIMULATE_TABLES[lang].format(out=out)
    r = bgf.simulate("lactorama", ["heuristic", "random"], 5, seed=2, jobs=1, progress=False)
    assert r.summary() + f"\nwrote 5 games to {out}\n" == _SIMULATE_TABLES["en"].format(out=out)
    with open(out, encoding="utf-8") as f:
        assert f.readline() == (
            "game,seed,length,ending,agent_0,score_0,won_0,agent_1,score_1,won_1\n"
        )


def test_simulate_says_one_game_in_the_singular_in_both_languages(tmp_path: Path) -> None:
    out = tmp_path / "one.csv"
    argv = ["simulate", "misere", "--games", "1", "--seed", "0", "--jobs", "1", "--quiet"]
    buf = io.StringIO()
    assert cli.main([*argv, "--out", str(out)], out=buf) == 0
    lines = buf.getvalue().splitlines()
    assert lines[0] == "misere : 1 partie"
    assert lines[-1] == f"1 partie écrite dans {out}"
    buf = io.StringIO()
    assert cli.main(["--lang", "en", *argv, "--out", str(out)], out=buf) == 0
    lines = buf.getvalue().splitlines()
    assert (lines[0], lines[-1]) == ("misere: 1 game", f"wrote 1 game to {out}")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "Misère n'a ni dés ni cartes à tirer : --table n'y change rien."),
        ("en", "Misère has no dice and no cards to draw: --table changes nothing."),
    ],
)
def test_table_mode_says_when_a_game_has_nothing_to_type_in(lang: str, line: str) -> None:
    """Misère has no chance at all: --table once played it as usual without a word."""
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["--lang", lang, "play", "misere", "--table"]), buf, _typing(["q"])
    )
    assert buf.getvalue().splitlines()[0] == line
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["--lang", lang, "play", "fromage", "--table"]),
        buf,
        _typing(["q"]),
    )
    assert "--table" not in buf.getvalue()  # Fromage's dice are typed in: no such line


# --- #24: what a newcomer tripped on ----------------------------------------------------


def _auto_log(game_id: str, seed: int, lang: str = "fr") -> tuple[list[str], Any]:
    """The moves of `demo`'s game played in auto mode (chance resolved inside `step`),
    as its log labels them, and the last state."""
    module = bgf.get_game(game_id)
    state = module.new_game(seed=seed)
    agents = [make_agent(game_id, "heuristic", seed=seed + i) for i in range(state.num_players)]
    log = []
    while not module.is_terminal(state):
        seat = module.current_player(state)
        action = agents[seat].act(module.observe(state, seat), module.legal_actions(state))
        who = module.player_name(seat, lang)
        log.append(f"{who[:1].upper()}{who[1:]} : {module.describe(action, state, lang)}")
        state = module.step(state, action)
    return log, state


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_demo_shows_chance_and_plays_the_same_game_as_auto_mode(game_id: str) -> None:
    """`demo` plays in explicit mode to show every roll and open card, drawing each with
    `sample_chance`: the moves must be those of auto mode for the same seed (the API's
    promise, checked here on whole games of each game, state for state at the end)."""
    buf = io.StringIO()
    assert cli.main(["demo", game_id, "--seed", "2"], out=buf) == 0
    lines = buf.getvalue().splitlines()
    moves = [x.split(". ", 1)[1] for x in lines if re.match(r"^ {0,3}\d+\. ", x)]
    expected, auto_end = _auto_log(game_id, 2)
    assert moves == expected
    chance = [x for x in lines if x.startswith("      Hasard : ")]
    assert bool(chance) == bgf.get_game(game_id).GAME_INFO.chance
    # The same game state for state: explicit play with sample_chance ends where auto does.
    module = bgf.get_game(game_id)
    state = module.new_game(seed=2, chance="explicit")
    agents = [make_agent(game_id, "heuristic", seed=2 + i) for i in range(state.num_players)]
    while not module.is_terminal(state):
        seat = module.current_player(state)
        if seat == bgf.CHANCE:
            state = module.step(state, bgf.sample_chance(state))
        else:
            legal = module.legal_actions(state)
            state = module.step(state, agents[seat].act(module.observe(state, seat), legal))
    assert attrs.evolve(state, explicit=False) == auto_end


def test_demo_names_open_cards_and_not_hidden_ones() -> None:
    """Lactorama's season cards are dealt face up: named. D'Orge et de Blé's hands are
    hidden: a spectator of `demo` sees that a card is drawn, not which."""
    buf = io.StringIO()
    cli.main(["demo", "lactorama"], out=buf)
    chance = [x.strip() for x in buf.getvalue().splitlines() if x.startswith("      Hasard")]
    assert chance[:5] == [
        "Hasard : le dé fait 6",
        "Hasard : le dé fait 3",
        "Hasard : le dé fait 5",
        "Hasard : le dé fait 2",
        "Hasard : carte tirée : Vêlages de printemps (P01)",
    ]
    buf = io.StringIO()
    cli.main(["demo", "dorge_et_ble"], out=buf)
    chance = [x.strip() for x in buf.getvalue().splitlines() if x.startswith("      Hasard")]
    assert chance[:10] == ["Hasard : une carte est piochée (non montrée ici)"] * 10


def test_play_shows_every_roll_also_one_that_changes_nothing() -> None:
    """`yes 1 | boardgames-fr play fromage --seat 0`: a lone yellow die went straight to
    the next player's turn, and the bot's rolls were never shown, only their moves."""
    buf = io.StringIO()
    cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--seat", "0"]), buf, _typing(["1"] * 5000)
    )
    lines = buf.getvalue().splitlines()
    rolls = [
        i for i, x in enumerate(lines) if x.startswith("Le joueur") and x.endswith("lancer les dés")
    ]
    assert rolls and all(lines[i + 1].startswith("Hasard : dé : ") for i in rolls)
    assert {lines[i].split(" : ")[0] for i in rolls} == {"Le joueur bleu", "Le joueur blanc"}
    lone_yellow = [
        i for i in rolls if lines[i + 1] == "Hasard : dé : jaune" and "Hasard" not in lines[i + 2]
    ]
    assert len(lone_yellow) == 4  # as many as the issue counted, unseen then


def test_play_names_the_persons_cards_and_not_the_bots() -> None:
    buf = io.StringIO()
    cli._cmd_play(cli._parser().parse_args(["play", "dorge_et_ble"]), buf, _typing(["q"]))
    logged = [x for x in buf.getvalue().splitlines() if x.startswith("Hasard : ")]
    mine = [
        "Hasard : Piocher Pain de campagne 8 (n°52)",
        "Hasard : Piocher Brune 8 (n°22)",
        "Hasard : Piocher Pain de seigle 7 (n°46)",
        "Hasard : Piocher Ambrée 6 (n°12)",
        "Hasard : Piocher Blonde 4 (n°2)",
    ]
    assert logged == mine + ["Hasard : une carte est piochée (non montrée ici)"] * 5


def test_table_mode_takes_die_faces_by_name() -> None:
    """`vert` was refused: dice had to be typed by number."""
    buf = io.StringIO()
    answers = ["1"] * 12 + ["vert", "Jaune", "rouge", "vrt", "VERT", "jaune"] + ["q"]
    cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--table", "--seed", "3"]),
        buf,
        _typing(answers),
    )
    lines = buf.getvalue().splitlines()
    assert [x for x in lines if x.startswith(("Hasard : ", "Choix invalide"))][-6:] == [
        "Hasard : dé : vert",
        "Hasard : dé : jaune",
        "Hasard : dé : rouge",
        "Choix invalide : tapez un numéro ou un nom de la liste.",  # vrt
        "Hasard : dé : vert",
        # a name is looked up in the menu shown: « jaune » is no move of the next one
        "Choix invalide : tapez un numéro ou un nom de la liste.",
    ]


def test_a_single_choice_is_played_and_said_without_waiting() -> None:
    """A menu of one entry waited for `1`."""
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "1" if len(prompts) <= 6 else "q"

    buf = io.StringIO()
    cli._cmd_play(cli._parser().parse_args(["play", "fromage"]), buf, read)
    lines = buf.getvalue().splitlines()
    # After the six mice placed, the crate holding them is the only space to roll from.
    only = "Le joueur bleu : choisir la caisse gauche et lancer les dés (seul choix possible)"
    assert lines.count(only) == 1
    assert len(prompts) == 7  # six placements, then the dice to apply: no prompt for it
    assert lines[lines.index(only) + 1].startswith("Hasard : dé : ")


def test_several_people_at_one_terminal() -> None:
    buf = io.StringIO()
    answers = ["1"] * 4 + ["q"]
    cli._cmd_play(
        cli._parser().parse_args(["play", "fromage", "--seat", "0,1", "--players", "3"]),
        buf,
        _typing(answers),
    )
    asked = [x for x in buf.getvalue().splitlines() if x.startswith("À vous")]
    assert asked == [
        "À vous (le joueur bleu) :",
        "À vous (le joueur blanc) :",
        "À vous (le joueur bleu) :",
        "À vous (le joueur blanc) :",
        "À vous (le joueur bleu) :",
    ]
    assert "Le joueur gris : poser une souris sur " in buf.getvalue()  # the bot


@pytest.mark.parametrize(
    ("argv", "err"),
    [
        (
            ["demo", "--agents", "foo"],
            "agent inconnu 'foo' ; agents connus : random, heuristic, ismcts, ou module:Classe",
        ),
        (
            ["--lang", "en", "demo", "--agents", "random,foo"],
            "unknown agent 'foo'; known: random, heuristic, ismcts, or module:Class",
        ),
        (
            ["demo", "--agents", "no_such_module_xyz:Bot"],
            "--agents : 'no_such_module_xyz:Bot' : pas de module 'no_such_module_xyz'",
        ),
        (
            ["--lang", "en", "simulate", "misere", "--agents", "boardgames_fr.agents:Nobody"],
            "--agents: 'boardgames_fr.agents:Nobody': module 'boardgames_fr.agents' has no"
            " 'Nobody'",
        ),
        (
            ["--lang", "en", "demo", "--agents", "boardgames_fr.agents:AGENT_NAMES"],
            "--agents: 'boardgames_fr.agents:AGENT_NAMES': 'boardgames_fr.agents:AGENT_NAMES'"
            " is not a class or a function",
        ),
        (
            ["demo", "--agents", "random,random,heuristic"],
            "--agents : 3 agents pour 2 places ; au plus un par place",
        ),
        (
            ["simulate", "misere", "--agents", "random,random,random", "--lang", "en"],
            "--agents: 3 agents for 2 seats; at most one per seat",
        ),
        (
            ["demo", "--option", "powers=peut-être"],
            "--option powers : 'peut-être' refusé ; valeurs possibles : true, false",
        ),
        (["demo", "--option", "board=C"], "--option board : 'C' refusé ; valeurs possibles : A, B"),
        (
            ["--lang", "en", "play", "fromage", "--option", "mice=99"],
            "--option mice: '99' refused; allowed: 1 to 6",
        ),
        (
            ["demo", "--option", "colour=red"],
            "option inconnue 'colour' pour fromage ; options : board, mice, powers, markers,"
            " full_set, variant, cheeses, cheese_points, extra_cheeses, placement, tour_target,"
            " die_change",
        ),
        (
            ["simulate", "fromage", "--option", "powers"],
            "--option : nom=valeur attendu, pas 'powers'",
        ),
    ],
)
def test_command_line_refusals_speak_the_sessions_language(
    argv: list[str], err: str, capsys: pytest.CaptureFixture[str]
) -> None:
    buf = io.StringIO()
    assert cli.main(argv, out=buf) == 2
    assert buf.getvalue() == ""
    assert capsys.readouterr().err == f"boardgames-fr: {err}\n"


def test_search_bot_is_refused_for_a_game_without_determinize(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delattr(bgf.get_game("misere"), "determinize", raising=False)
    argv = ["--lang", "en", "simulate", "misere", "--agents", "ismcts,random"]
    assert cli.main(argv, out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "boardgames-fr: Misère has no determinize yet: the search bot cannot play it\n"
    )


def test_simulate_takes_a_module_class_path_and_the_search_bot() -> None:
    buf = io.StringIO()
    argv = ["--lang", "en", "simulate", "misere", "--games", "2", "--jobs", "1", "--quiet"]
    argv += ["--agents", "boardgames_fr.misere:HeuristicAgent,random", "--seed", "4"]
    assert cli.main(argv, out=buf) == 0

    def agent_rows(text: str) -> dict[str, list[str]]:
        rows = [line.split() for line in text.splitlines()]
        return {
            r[0]: r[1:] for r in rows if r and r[0] in ("HeuristicAgent", "heuristic", "random")
        }

    classed = agent_rows(buf.getvalue())
    assert sorted(classed) == ["HeuristicAgent", "random"]
    assert classed["HeuristicAgent"][0] == "2"
    # The same games as the heuristic by name: the class is called with the same seeds.
    named = io.StringIO()
    argv[-3] = "heuristic,random"
    assert cli.main(argv, out=named) == 0
    assert agent_rows(named.getvalue())["heuristic"] == classed["HeuristicAgent"]


def test_demo_plays_the_search_bot() -> None:
    buf = io.StringIO()
    argv = ["--lang", "en", "demo", "misere", "--agents", "ismcts,random", "--seed", "2"]
    assert cli.main(argv, out=buf) == 0
    assert buf.getvalue().count("\n") > 10


def test_options_reach_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    buf = io.StringIO()
    argv = ["demo", "fromage", "--option", "board=B", "--option", "powers=oui", "--seed", "3"]
    assert cli.main(argv, out=buf) == 0
    assert buf.getvalue().startswith("Fromage, Face B (moins facile) : tour du joueur bleu\n")
    calls: list[dict[str, Any]] = []

    def simulate(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        raise KeyboardInterrupt  # enough: what it was given is the point

    monkeypatch.setattr(bgf, "simulate", simulate)
    argv = ["simulate", "lactorama", "--option", "years=2", "--option", "teams=false"]
    assert cli.main(argv, out=io.StringIO()) == 130
    assert calls[0]["options"] == {"years": 2, "teams": False}
    assert calls[0]["num_players"] == 2


def test_lang_is_accepted_after_the_command_too() -> None:
    before, after = io.StringIO(), io.StringIO()
    assert cli.main(["--lang", "en", "list"], out=before) == 0
    assert cli.main(["list", "--lang", "en"], out=after) == 0
    assert after.getvalue() == before.getvalue()
    assert after.getvalue().startswith("dorge_et_ble     Of Barley and Wheat, for 2 players")
    # after the command, it wins over the one before it
    assert cli.main(["--lang", "fr", "list", "--lang", "en"], out=(last := io.StringIO())) == 0
    assert last.getvalue() == before.getvalue()


def _actions(parser: argparse.ArgumentParser) -> Iterator[tuple[str, argparse.Action]]:
    """Every argument of the command line, with its command (argparse keeps them in a
    private list: no public way to walk them)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from ((name, a) for _, a in _actions(sub))
        else:
            yield parser.prog, action


def test_every_argument_has_help_and_shows_its_default() -> None:
    """There was no help for the game, --seed, --players, --games, and no defaults."""
    parser = cli._parser()
    missing = [(c, a.dest) for c, a in _actions(parser) if not a.help]
    assert missing == []
    helps = {
        name: sub.format_help()
        for name, sub in parser._subparsers._group_actions[0].choices.items()  # type: ignore[union-attr]
    }
    assert "seed of the game's randomness (default: 1)" in " ".join(helps["demo"].split())
    assert "number of games (default: 1000)" in " ".join(helps["simulate"].split())
    assert "seed of the game's randomness (default: 0)" in " ".join(helps["simulate"].split())
    assert "(default: fromage)" in helps["demo"]
    assert "the game: dorge_et_ble, fromage, lactorama," in helps["play"]
    assert "port to listen on (default: 8000)" in helps["serve"]
    assert "(default: None)" not in "".join(helps.values())


def test_serve_calls_the_web_frontend(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    web = types.ModuleType("boardgames_fr.web")
    web.serve = lambda **kw: calls.append(kw)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "boardgames_fr.web", web)
    assert cli.main(["serve", "--port", "8123", "--lang", "en"]) == 0
    assert cli.main(["serve", "--host", "0.0.0.0"]) == 0
    assert calls == [
        {"host": "127.0.0.1", "port": 8123, "lang": "en"},
        {"host": "0.0.0.0", "port": 8000, "lang": "fr"},
    ]


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "boardgames_fr.web", None)  # an import that fails
    assert cli.main(["serve"]) == 2
    assert capsys.readouterr().err == (
        "boardgames-fr: serve demande l'extra web (boardgames_fr.web manque) :"
        " pip install 'boardgames-fr[web]'\n"
    )


def test_simulate_checks_its_output_with_simulation_check_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An empty --out once played every game and wrote nothing, without a word."""
    buf = io.StringIO()
    assert cli.main(["simulate", "misere", "--games", "2", "--out", ""], out=buf) == 2
    assert buf.getvalue() == ""  # before the first game
    assert capsys.readouterr().err == (
        "boardgames-fr: --out : the output path is empty: give the name of a file to write\n"
    )


def test_play_never_takes_a_move_back_past_a_roll_the_program_drew() -> None:
    """The program draws dice from the game's own generator: undoing past one would let a
    player replay the move knowing the die (the same generator deals it again)."""
    args = cli._parser().parse_args(["play", "fromage", "--seat", "0", "--seed", "1"])
    before_roll = io.StringIO()
    assert cli._cmd_play(args, before_roll, _typing(["1"] * 5 + ["u", "q"])) == 0
    assert "Coup annulé." in before_roll.getvalue()
    after_roll = io.StringIO()
    assert cli._cmd_play(args, after_roll, _typing(["1"] * 6 + ["u", "q"])) == 0
    text = after_roll.getvalue()
    assert "On ne reprend pas un coup après avoir vu le dé ou la carte qu'il a donnés." in text
    assert "Coup annulé." not in text
