"""The generic conformance suite on Little Factory, at every player count, both chance
modes; and the data checks done at load."""

from __future__ import annotations

import json

import pytest

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory import data
from boardgames_fr.testing import check_game


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_check_game(num_players: int) -> None:
    check_game(lf, num_players=(num_players,), chance=("auto", "explicit"))


def _doc() -> dict[str, object]:
    path = data.resources.files("boardgames_fr.little_factory").joinpath("data", "cards.json")
    doc: dict[str, object] = json.loads(path.read_text("utf-8"))
    return doc


def test_data_counts() -> None:
    assert len(data.BASIC) == 5 and len(data.TIER2) == 9 and len(data.TIER3) == 9
    assert [data.GOODS[k].copies for k in data.BASIC] == [
        (2, 3, 3),
        (1, 1, 2),
        (2, 3, 3),
        (2, 3, 3),
        (3, 4, 5),
    ]
    assert sum(data.GOODS[k].copies[0] for k in data.TIER2) == 19
    assert all(data.GOODS[k].copies[0] == 1 for k in data.TIER3)
    assert len(data.BUILDINGS) == 30
    assert [b.key for b in data.BUILDINGS.values() if b.designed] == ["market"]


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["goods"][5]["recipe"][0].update(spend=["mud"]),
            r"goods\[5\]\.recipe\[0\]\.spend\[0\]: unknown good 'mud'",
        ),
        (lambda d: d["goods"][6].update(value=0), r"goods\[6\]\.value: must be positive"),
        (lambda d: d["buildings"][2].update(id=9), r"buildings\[2\]\.id: expected 3"),
        (
            lambda d: d["buildings"][0]["effect"][0].update(points=2),
            r"buildings\[0\]\.effect\[0\]: an effect",
        ),
        (
            lambda d: d["goods"][0].pop("copies_by_players"),
            r"goods\[0\]\.copies_by_players: missing",
        ),
        (lambda d: d["market"].update(tier3_shown={"2": 3}), r"market\.tier3_shown\.3: missing"),
    ],
)
def test_bad_data_names_the_path(edit: object, message: str) -> None:
    doc = _doc()
    edit(doc)  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        data.load_cards(doc)
