"""The two board faces as data (FR-02), and the checks that reject a broken board."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest
from fr_helpers import position, roll

from boardgames_fr import fromage
from boardgames_fr.fromage.actions import MoveMouse
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
    """FR-02: lateral links lead sideways and face B has more traps than face A."""
    a = BOARDS["A"]
    seau = a.index["seau"]
    assert [a.names[s] for s in a.up[seau]] == ["chaise", "marche gauche"]

    # A trap: a green result that may send a mouse sideways, to a space as far from the
    # table (never farther: FR-06), one green lost.
    def traps(face: str) -> list[tuple[str, str]]:
        b = BOARDS[face]
        return [
            (b.names[s], b.names[t])
            for s in range(b.size)
            for t in b.up[s]
            if b.distance[t] == b.distance[s]
        ]

    assert traps("A") == [("seau", "marche gauche"), ("panier", "marche droite")]
    assert traps("B") == [
        ("chaise", "boîte à sel"),
        ("tabouret", "boîte à sel"),
        ("tiroir", "torchon"),
        ("buffet", "sucrier"),
        ("placard", "sucrier"),
    ]


def test_FR06_FR07_a_green_never_leads_farther_a_red_never_nearer_on_both_faces() -> None:
    """FR-06/FR-07: « avancer ... vers le haut », « reculer ... vers le bas »: counted in
    the fewest green results to the table, every up link leads one green nearer or
    sideways, every down link one green farther or sideways, on every space of A and B."""
    for board in BOARDS.values():
        d = board.distance
        for s in range(board.size):
            assert all(d[t] in (d[s], d[s] - 1) for t in board.up[s]), board.names[s]
            assert all(d[t] in (d[s], d[s] + 1) for t in board.down[s]), board.names[s]
    # The corner of face B the audit found: a red on the sucrier advanced a mouse.
    b = BOARDS["B"]
    dist = {name: b.distance[b.index[name]] for name in ("buffet", "sucrier", "placard")}
    assert dist == {"buffet": 3, "sucrier": 3, "placard": 3}
    assert b.spaces[b.index["sucrier"]].up == ("haut du placard",)
    assert b.spaces[b.index["sucrier"]].down == ("buffet", "placard")


def test_FR07_a_red_result_on_the_sucrier_goes_sideways_never_up() -> None:
    """FR-07 on face B: from the sucrier (3 greens from the table) a red result leads
    to the buffet or the placard, both 3 greens away; a green one to the haut du placard."""
    s = position({"sucrier": (1, 0), "caisse gauche": (0, 1)}, options={"board": "B", "mice": 1})
    red = roll(s, "sucrier", ["red"])
    assert fromage.legal_actions(red) == (
        MoveMouse("red", 0, "buffet"),
        MoveMouse("red", 0, "placard"),
    )
    # As far from the table: the label says the mouse goes sideways, not down.
    assert fromage.describe(MoveMouse("red", 0, "placard"), red) == (
        "dé rouge : la souris bleue passe de côté sur le placard"
    )
    assert fromage.describe(MoveMouse("red", 0, "buffet"), red, "en") == (
        "red die: the blue mouse moves across to the dresser"
    )
    green = roll(s, "sucrier", ["green"])
    assert fromage.legal_actions(green) == (MoveMouse("green", 0, "haut du placard"),)


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


def test_FR06_FR07_a_board_where_a_red_result_leads_nearer_is_refused() -> None:
    """FR-06/FR-07 checked at load: a link from the dossier de chaise (2 greens from
    the table) up to the tabouret (3) would let a red result on the tabouret bring a
    mouse nearer; the error names the space and the link."""

    def shortcut(d: dict[str, Any]) -> None:
        d["spaces"][10]["up"].append("tabouret")
        d["spaces"][8]["down"].append("dossier de chaise")

    with pytest.raises(ValueError) as err:
        parse_board(_broken(shortcut), "board_a.json")
    assert str(err.value) == (
        "board_a.json.spaces[8].down: a red result brings a mouse from 'tabouret'"
        " (3 greens from the table) nearer, to 'dossier de chaise' (2)"
    )


def test_FR06_FR07_the_old_face_b_sucrier_is_refused() -> None:
    """FR-06/FR-07: face B as it was (buffet up to the sucrier, 4 greens away, and the
    sucrier up to the placard) is refused at load, naming the buffet."""
    doc = copy.deepcopy(_doc("board_b.json"))
    spaces = {s["name"]: s for s in doc["spaces"]}
    spaces["sucrier"].update(up=["placard"], down=["buffet"])
    spaces["placard"].update(up=["haut du placard"], down=["poignée du tiroir", "sucrier"])
    spaces["haut du placard"].update(down=["placard"])
    with pytest.raises(ValueError) as err:
        parse_board(doc, "board_b.json")
    assert str(err.value) == (
        "board_b.json.spaces[16].up: a green result takes a mouse from 'buffet'"
        " (3 greens from the table) farther, to 'sucrier' (4)"
    )


def test_FR02_up_links_may_not_loop() -> None:
    """FR-02: up links may not loop."""

    def loop(d: dict[str, Any]) -> None:
        # chaise -> dossier de chaise -> chaise again, both ways symmetric.
        d["spaces"][10]["up"].append("chaise")
        d["spaces"][7]["down"].append("dossier de chaise")

    with pytest.raises(ValueError, match="loop"):
        parse_board(_broken(loop), "board_a.json")
