"""The rules page's generated card and resource tables (the shape of the page, its rule
ids, options and example are checked for every game in tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble import data as D

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "dorge_et_ble.md"


def test_page_holds_no_pasted_card_table() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert "| Bière |" not in text and "| Pain |" not in text


def test_docs_tables_list_every_card_and_resource() -> None:
    tables = db.docs_tables()
    for c in D.CARDS:
        good = D.GOOD_NAMES["fr"][c.good]
        kind = D.TYPE_NAMES["fr"][c.type]
        icon = D.ICON_NAMES[c.upgrade[0]][0]
        row = f"| {c.id} | {good} | {kind} | {c.coins} | "
        assert row in tables, c.id
        line = next(x for x in tables.splitlines() if x.startswith(row))
        assert f"| {icon} | {D.upgrade_text(c.id, 'fr')} |" in line, c.id
    assert tables.count("| Bière |") == 30 and tables.count("| Pain |") == 30
    for r, name in enumerate(D.RES_NAMES["fr"]):
        assert f"| {name} | {D.TOKENS[r]} | " in tables, name


def test_DB04_resource_table_says_fructueuse_as_the_seed() -> None:
    """DB-04: the seed's years are « fructueuses » (as `render` says), not « fertiles »."""
    assert D.resource_table_markdown().splitlines()[0] == (
        "| ressource | pions | signe vert (année fructueuse) | signe rouge (année de sécheresse) |"
    )
    assert "fertile" not in db.docs_tables()


def _spans(cards: list[int]) -> str:
    """[15, 16, 17, 18, 19, 25, ...] -> "15-19 and 25-29"."""
    runs: list[list[int]] = []
    for c in cards:
        if runs and c == runs[-1][-1] + 1:
            runs[-1].append(c)
        else:
            runs.append([c])
    return " and ".join(f"{r[0]}-{r[-1]}" for r in runs)


def test_DB02_design_page_counts_the_cards_borrowing_the_other_goods_fields() -> None:
    """DB-02, DB-09: the page said "Two cards of each good borrow one token from the other
    good's fields"; the data has ten per good (its 7- and 9-coin cards), one token each."""
    other_fields = {D.BEER: (1, 3), D.BREAD: (2, 4)}  # bread's blé, seigle; beer's orge, houblon
    text = " ".join(PAGE.read_text(encoding="utf-8").split())
    spans = []
    for good in (D.BEER, D.BREAD):
        cards = [c for c in range(D.NUM_CARDS) if D.CARD_GOOD[c] == good]
        borrow = [c for c in cards if any(D.CARD_RECIPE[c][r] for r in other_fields[good])]
        assert len(borrow) == 10
        assert {D.CARD_COINS[c] for c in borrow} == {7, 9}
        assert all(sum(D.CARD_RECIPE[c][r] for r in other_fields[good]) == 1 for c in borrow)
        spans.append(f"{D.GOOD_NAMES['fr'][good]} {_spans(borrow)}")
    assert spans == ["Bière 15-19 and 25-29", "Pain 45-49 and 55-59"]
    assert (
        f"Ten cards of each good, its 7- and 9-coin ones ({spans[0]}, {spans[1]}), borrow one"
        " token from the other good's fields" in text
    )
    assert "Two cards of each good" not in text
