"""The two board faces as data (FR-02), and the checks that reject a broken board."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from boardgames_fr import fromage
from boardgames_fr.fromage.data import BOARDS, parse_board


def _doc(name: str) -> dict[str, Any]:
    text = resources.files("boardgames_fr.fromage").joinpath("data", name).read_text("utf-8")
    doc: dict[str, Any] = json.loads(text)
    return doc


def test_FR02_two_faces_three_bottom_spaces_one_table() -> None:
    """FR-02: two faces three bottom spaces one table."""
    for face, board in BOARDS.items():
        assert board.face == face
        assert [board.names[s] for s in board.starts] == [
            "caisse gauche",
            "gros bidon",
            "caisse droite",
        ]
        assert board.names[board.top] == "table"
    # Face A is the shorter race, face B the longer one with more side traps.
    assert [BOARDS["A"].distance[s] for s in BOARDS["A"].starts] == [5, 5, 5]
    assert [BOARDS["B"].distance[s] for s in BOARDS["B"].starts] == [7, 7, 7]
    assert fromage.new_game(2, seed=1, options={"board": "B"}).options.board == "B"


def test_FR02_middle_route_two_parallel_steps_at_start_two_before_table() -> None:
    """FR-02: middle route two parallel steps at start two before table."""
    for board in BOARDS.values():
        bidon = board.index["gros bidon"]
        assert [board.names[s] for s in board.up[bidon]] == ["marche gauche", "marche droite"]
        table = board.top
        assert sorted(board.names[s] for s in board.down[table]) == ["nappe droite", "nappe gauche"]


def test_FR02_lateral_links_lead_sideways_and_face_b_has_traps() -> None:
    """FR-02: lateral links lead sideways and face b has traps."""
    a = BOARDS["A"]
    seau = a.index["seau"]
    assert [a.names[s] for s in a.up[seau]] == ["chaise", "marche gauche"]
    b = BOARDS["B"]
    # A trap: a green result that may send a mouse to a space farther from the table.
    traps = [
        (b.names[s], b.names[t])
        for s in range(b.size)
        for t in b.up[s]
        if b.distance[t] >= b.distance[s]
    ]
    assert len(traps) >= 3


def test_FR02_links_are_symmetric_on_both_faces() -> None:
    """FR-02: links are symmetric on both faces."""
    for board in BOARDS.values():
        for s in range(board.size):
            for t in board.up[s]:
                assert s in board.down[t]
            for t in board.down[s]:
                assert s in board.up[t]


def _broken(change: Any) -> dict[str, Any]:
    doc = copy.deepcopy(_doc("board_a.json"))
    change(doc)
    return doc


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["spaces"][3]["up"].append("grenier"),
            r"spaces\[3\]\.up\[2\]: unknown space 'grenier'",
        ),
        (
            lambda d: d["spaces"][3]["up"].remove("marche gauche"),
            r"spaces\[4\]\.down: 'seau' has no up link back",
        ),
        (lambda d: d["spaces"][4].update(name="seau"), r"two spaces have the same name"),
        (
            lambda d: d.update(starts=["caisse gauche", "gros bidon"]),
            r"starts: expected the three bottom",
        ),
        (
            lambda d: d["spaces"][0].update(x=101),
            r"spaces\[0\]\.x: expected an integer from 0 to 100",
        ),
        (lambda d: d.update(extra_cheese=["table"]), r"extra_cheese\[0\]"),
        (
            lambda d: d["spaces"].append(
                {
                    "name": "cave",
                    "fr": "la cave",
                    "en": "the cellar",
                    "x": 1,
                    "y": 1,
                    "up": [],
                    "down": [],
                }
            ),
            r"spaces\[16\]\.down: needs at least one down link",
        ),
    ],
)
def test_FR02_a_broken_board_is_refused_naming_the_field(change: Any, message: str) -> None:
    """FR-02: a broken board is refused naming the field."""
    with pytest.raises(ValueError, match=message):
        parse_board(_broken(change), "board_a.json")


def test_FR02_up_links_may_not_loop() -> None:
    """FR-02: up links may not loop."""

    def loop(d: dict[str, Any]) -> None:
        # chaise -> dossier de chaise -> chaise again, both ways symmetric.
        d["spaces"][10]["up"].append("chaise")
        d["spaces"][7]["down"].append("dossier de chaise")

    with pytest.raises(ValueError, match="loop"):
        parse_board(_broken(loop), "board_a.json")
