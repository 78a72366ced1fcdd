"""The rules page's generated card tables and the render lines it quotes (the shape of the
page, its rule ids, options and example are checked for every game in
tests/test_rules_pages.py)."""

from __future__ import annotations

import pathlib
import re

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.data import BUILDINGS, GOODS

PAGE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "rules" / "little_factory.md"


def test_page_holds_no_pasted_card_table() -> None:
    text = PAGE.read_text("utf-8")
    assert "### Buildings" not in text
    assert "| good | copies 2p |" not in text


def test_docs_tables_list_every_good_and_building() -> None:
    tables = lf.docs_tables()
    for g in GOODS:
        assert re.search(rf"^\| {re.escape(f'{g.name_fr} ({g.name_en})')} \|", tables, re.M), g
    for b in BUILDINGS.values():
        assert f"| {b.id} | {b.name_fr} ({b.name_en}) | {b.cost} |" in tables, b.key
    for heading in ("Basic goods", "Tier 2 goods", "Tier 3 goods", "Buildings"):
        assert f"### {heading}" in tables


def _pictures_and_reasons() -> str:
    """Pictures (fr, en; public and a seat's own) and an illegal-move reason, the texts
    the rules page's Observation section quotes."""
    from lf_helpers import BY_NAME, position

    from boardgames_fr.little_factory.actions import Build, EndTurn

    rows = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
    rows |= {"barrel": 1, "bread": 1, "cloth": 1}
    s = position(hands={0: {"clay": 2, "wood": 1}, 1: {"brick": 1}}, rows=rows)
    texts = [lf.render(s, "fr"), lf.render(s, "en"), lf.render(s, "fr", 0)]
    try:
        lf.step(s, EndTurn())
    except bgf.IllegalActionError as e:
        texts += [str(e), e.reason("fr")]
    # Seat 1 (« Joueur 2 ») reaches 10 points: 9 tokens and a 1 VP water mill.
    end = position(hands={1: {"brick": 1}}, rows=rows, shown=["water_mill"], tokens=(0, 9), turn=1)
    texts.append(lf.render(lf.step(end, Build(BY_NAME["water_mill"])), "fr"))
    # Above the hand limit at the end of the turn: the status line gives the limit.
    full = position(hands={0: {"clay": 2, "wood": 3, "stone": 2, "wheat": 1}}, phase="discard")
    texts.append(lf.render(full, "fr"))
    return "\n".join(texts)


def test_observation_section_quotes_what_render_writes() -> None:
    # The page once quoted « Tour de Joueur 1 : produire ou échanger », a line render
    # never wrote (it writes « Au tour du joueur 1 : ... »): every quote must be real.
    section = PAGE.read_text("utf-8").split("\n## Observation\n", 1)[1].split("\n## ", 1)[0]
    quotes = [" ".join(q.split()) for q in re.findall(r"«\s*(.+?)\s*»", section, re.S)]
    assert "Au tour du joueur 1 : produire ou échanger" in quotes
    assert "Turn of Player 1: produce or trade" in quotes
    texts = _pictures_and_reasons()
    assert [q for q in quotes if q not in texts] == []


def _choice(question: str) -> str:
    """The Choices row whose question starts with ``question``."""
    section = PAGE.read_text("utf-8").split("\n## Choices\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith(f"| {question}")]
    assert len(rows) == 1, question
    return rows[0]


def test_LF07_choices_row_milk_follows_the_seed_with_an_option() -> None:
    # Where the original rule text is explicit, follow it; the published card is an option.
    row = _choice("Lait (milk)")
    assert "| Tier 2 (blue), value 4, made by showing a cow" in row
    assert "Option `milk_tier=3` gives the published card" in row
    assert "the published card decides" not in row
    assert lf.Options().milk_tier == 2


def test_LF02_choices_row_kept_coins_pay_in_any_trade() -> None:
    row = _choice("First-round exchange")
    assert "Coins kept pay 1 each in any trade from then on" in row
    assert "for goods or for buildings" in row and "would be worthless" in row
