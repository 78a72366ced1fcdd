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
    # Milk (lait) is tier 2 (the seed, Choices « Lait »): 10 tier 2 goods (20 cards), 8 tier
    # 3; with milk_tier=3 the published 9 and 9 (19 cards).
    assert len(data.BASIC) == 5 and len(data.TIER2) == 10 and len(data.TIER3) == 8
    tier2, tier3 = data.tier_goods(3)
    assert (len(tier2), len(tier3), sum(data.GOODS[k].copies[0] for k in tier2)) == (9, 9, 19)
    assert [data.GOODS[k].copies for k in data.BASIC] == [
        (2, 3, 3),
        (1, 1, 2),
        (2, 3, 3),
        (2, 3, 3),
        (3, 4, 5),
    ]
    assert sum(data.GOODS[k].copies[0] for k in data.TIER2) == 20
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
        (lambda d: d["goods"][21].update(tier=3), r"goods: expected a tier 2 good 'milk'"),
        (lambda d: d["goods"][21].update(tier=1), r"goods\[21\]\.tier: tiers are 1, 2 or 3"),
    ],
)
def test_bad_data_names_the_path(edit: object, message: str) -> None:
    doc = _doc()
    edit(doc)  # type: ignore[operator]
    with pytest.raises(ValueError, match=message):
        data.load_cards(doc)
