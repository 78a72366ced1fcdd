"""The example notebooks run top to bottom and show what they promise."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


NOTEBOOKS = sorted(p.stem for p in EXAMPLES.glob("*.ipynb"))


def run(name: str) -> tuple[list[dict[str, Any]], float]:
    """The notebook run afresh (its stored outputs replaced), and how long it took."""
    nb = nbformat.read(EXAMPLES / f"{name}.ipynb", as_version=4)
    start = time.perf_counter()
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    return outputs, time.perf_counter() - start


def text_of(outputs: list[dict[str, Any]]) -> str:
    parts = []
    for o in outputs:
        parts.append(o.get("text", ""))
        parts.append(o.get("data", {}).get("text/plain", ""))
    return "".join(parts)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebooks_are_stored_with_their_outputs_and_stay_small(name: str) -> None:
    """A reader on GitHub or in a viewer sees what each cell prints and draws without
    running it (they were once stored without outputs). Small: a few pictures, not a
    thousand lines of log."""
    path = EXAMPLES / f"{name}.ipynb"
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.execution_count for c in code)  # every cell was run
    assert sum(bool(c.outputs) for c in code) >= len(code) - 1  # one may print nothing
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    assert path.stat().st_size < 200_000


def test_01_quickstart_shows_the_board_as_svg() -> None:
    outputs, _ = run("01_quickstart")
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 2
    text = text_of(outputs)
    assert "winners: (" in text
    # the roll, as the picture's last line shows it, then the refusal in both languages
    assert "\nDés sur la caisse gauche : " in text
    assert "pas maintenant : le joueur bleu applique les résultats\n" in text
    assert "not now: the blue player applies the results\n" in text


def test_02_simulate_plots_seat_win_rates_and_replays_a_game() -> None:
    outputs, _ = run("02_simulate")
    assert any("image/png" in o.get("data", {}) for o in outputs)
    text = text_of(outputs)
    assert "fromage: 2000 games" in text and "95% interval" in text
    assert "heuristic" in text and "rating" in text
    # between random bots neither seat's interval misses 0.5, as the text says
    assert text.count(" holds 0.5") == 2
    replay = re.search(
        r"(\d+) steps in the run, (\d+) replayed; winners (\(.*?\)) as in the run: (\(.*?\))", text
    )
    assert replay is not None, text
    assert replay[1] == replay[2] and replay[3] == replay[4]


def test_03_table_companion_takes_dice_undoes_and_lists_every_card_of_a_deal() -> None:
    outputs, _ = run("03_table_companion")
    text = text_of(outputs)
    assert text.count("entered:") == 4  # three dice, one card
    assert "Dés sur la caisse gauche : ? ? ? ? ?" in text
    assert (
        "refused: un dé montre « green » (vert), « yellow » (jaune) ou « red » (rouge),"
        " pas « bleu »" in text
    )
    assert "secret: True | menu: 60 | cards left: 59" in text
    assert "refused: on ne peut pas piocher Blonde 4 (n°0) maintenant" in text
    assert "steps replayed" in text


def test_04_write_a_bot_shows_what_a_seat_sees_and_reports_win_rates() -> None:
    outputs, _ = run("04_write_a_bot")
    text = text_of(outputs)
    assert "| markers per seat: (3, 3)" in text and "the public view holds none: ()" in text
    rates = re.findall(r"Climber against (\w+): +(\d+)%", text)
    assert [name for name, _ in rates] == ["RandomAgent", "HeuristicAgent"]
    # what the last cell says: it beats random play and loses to the heuristic
    assert int(rates[0][1]) > 50 > int(rates[1][1])


def test_05_lactorama_plays_a_game_takes_real_dice_and_counts_endings() -> None:
    outputs, _ = run("05_lactorama")
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
    text = text_of(outputs)
    assert "winners: (" in text and "buy 2 cows with a loan" in text
    assert re.search(r"\nGame over \(.*\): winners?: farms? [AB]", text)
    assert text.count("entered: the die shows") == 2
    assert "\nFarm A (Player 1): Eco, 44 ha" in text  # 3 + 4 = 7: Eco (LA-03)
    assert 'refused: a die shows 1 to 6, not 7; possible: "the die shows 1"' in text
    # what the text says: the end of the years first, then convictions only
    # the table's rows: a name padded to 32 characters, then a count
    endings = [(m[1].rstrip(), m[2]) for m in re.finditer(r"^(\S.{31}) (\d+)$", text, re.M)]
    assert endings[0][0] == "the years are over", endings
    assert all(name.startswith("conviction: ") for name, _ in endings[1:]), endings
    assert sum(int(n) for _, n in endings) == 100


def test_07_reinforcement_learning_beats_random() -> None:
    pytest.importorskip("pettingzoo")
    outputs, _ = run("07_reinforcement_learning")
    assert any("image/png" in o.get("data", {}) for o in outputs)
    m = re.search(
        r"final: policy ([\d.]+)% against random, random ([\d.]+)% against random",
        text_of(outputs),
    )
    assert m is not None and (m[1], m[2]) == ("100.0", "61.9")


def test_06_search_bot_samples_worlds_shows_a_decision_and_plays_the_heuristic() -> None:
    outputs, _ = run("06_search_bot")
    text = text_of(outputs)
    assert text.count("| same view: True") == 3
    assert "visits  mean return" in text and "chosen: " in text
    assert "200 iterations in " in text
    assert "little_factory: 4 games" in text and "ismcts-60       4" in text
