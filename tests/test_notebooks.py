"""The example notebooks run top to bottom and show what they promise."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(name: str) -> tuple[list[dict[str, Any]], float]:
    nb = nbformat.read(EXAMPLES / f"{name}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs, f"{name} is committed with outputs: strip them"
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


def test_01_quickstart_shows_the_board_as_svg() -> None:
    outputs, _ = run("01_quickstart")
    svgs = [o for o in outputs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 2
    assert "winners: (" in text_of(outputs)


def test_02_simulate_plots_seat_win_rates() -> None:
    outputs, _ = run("02_simulate")
    assert any("image/png" in o.get("data", {}) for o in outputs)
    text = text_of(outputs)
    assert "fromage: 2000 games" in text and "95% interval" in text
    assert "heuristic" in text and "rating" in text


def test_03_table_companion_takes_dice_and_undoes() -> None:
    outputs, _ = run("03_table_companion")
    text = text_of(outputs)
    assert text.count("entered:") == 3
    assert "steps replayed" in text


def test_04_write_a_bot_reports_win_rates() -> None:
    outputs, _ = run("04_write_a_bot")
    text = text_of(outputs)
    assert "Climber against RandomAgent:" in text and "Climber against HeuristicAgent:" in text


def test_05_lactorama_plays_a_game_takes_real_dice_and_counts_endings() -> None:
    outputs, _ = run("05_lactorama")
    assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
    text = text_of(outputs)
    assert "winners: (" in text and "buy 2 cows with a loan" in text
    assert text.count("entered: the die shows") == 2
    assert "farm A's filière: ecolo" in text
    assert 'refused: a die shows 1 to 6, not 7; possible: "the die shows 1"' in text
    assert "end of the years" in text and "conviction: 22 bons" in text
