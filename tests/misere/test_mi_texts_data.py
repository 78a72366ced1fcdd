"""Labels, renders, SVG, options and data loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from misere_helpers import AGRICOLES, WORK0, acting, fresh, play

from boardgames_fr import misere
from boardgames_fr.misere import data
from boardgames_fr.misere.actions import (
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    Glander,
    GoHome,
    GoToSector,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
)


def test_describe_in_the_seeds_words() -> None:
    s = play(acting(WORK0), Activate(WORK0))
    assert misere.describe(GoToSector(AGRICOLES), s, "fr") == "Bosser : Les exploitants agricoles"
    assert misere.describe(GoToSector(AGRICOLES), s, "en") == "Work: Agribusiness farmers"
    assert misere.describe(Glander(), None, "fr").startswith("Glander")
    assert misere.describe(FallToMisery(0), None, "fr") == "Misère : Pointer"
    assert misere.describe(FallToMisery(2), None, "fr") == "Misère : Faire la manche"
    assert misere.describe(FallToMisery(1), None, "en") == "Misery: Work for yourself"
    assert misere.describe(Place(4, False), None, "fr") == "Poser un ouvrier sur « Galérer »"
    every = (
        Place(2, True),
        Activate(9),
        GoToSector(0),
        Glander(),
        BuyFood(2),
        Qualify("reserve"),
        Qualify("zone", 3),
        Qualify("sector", 1),
        Qualify("oeuvre"),
        NoQualify(),
        FallToMisery(1),
        GoHome(),
        AdvanceOeuvre(),
        SellOeuvre(),
    )
    for a in every:
        for lang in ("fr", "en"):
            text = misere.describe(a, None, lang)
            assert text and "\n" not in text


def test_render_and_svg() -> None:
    s = fresh()
    assert "Zone de pose" in misere.render(s, "fr")
    assert "Placement zone" in misere.render(s, "en")
    svg = misere.render_svg(play(acting(WORK0), Activate(WORK0), GoToSector(AGRICOLES)))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "Les exploitants agricoles" in svg


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="rounds"):
        misere.Options(rounds=0)
    with pytest.raises(ValueError, match="tie_break"):
        misere.Options(tie_break="coin")
    s = misere.new_game(2, seed=1, options={"rounds": 3})
    assert s.options.rounds == 3


def test_bad_data_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("sectors.json", "zone.json", "oeuvre.json", "setup.json"):
        (tmp_path / name).write_text((data.DATA_DIR / name).read_text(encoding="utf-8"))
    raw = json.loads((tmp_path / "sectors.json").read_text(encoding="utf-8"))
    raw["sectors"][2]["work"]["wage"] = -5
    (tmp_path / "sectors.json").write_text(json.dumps(raw))
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"sectors\.json.*wage"):
        data._load_sectors()
