"""Milk's tier (Choices « Lait », option ``milk_tier``; LF-06, LF-07).

The seed lists « Lait » under « 2ème Niveau (Bleu) », so milk is a tier 2 good by
default; ``milk_tier=3`` gives the published card (tier 3). The deck and market row milk
is in, the tier 2 "5 different goods" refill, the save validator, the observation, the
pictures and the rules page's tables all follow the option.
"""

from __future__ import annotations

import json
import re

import attrs
import pytest
from lf_helpers import (
    BY_NAME,
    KEY,
    PUBLISHED_TIER2,
    PUBLISHED_TIER3,
    TIER2,
    TIER3,
    play,
    position,
)

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import DrawGood, Produce, UseBuilding
from boardgames_fr.little_factory.data import GOODS, MILK
from boardgames_fr.little_factory.data import TIER2 as FILE_TIER2
from boardgames_fr.testing import check_game

SEED = lf.Options()
PUBLISHED = lf.Options(milk_tier=3)
FULL_T2 = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
FULL_T3 = {"barrel": 1, "bread": 1, "cloth": 1}
# Tier 2 row of 5 kinds if milk is tier 2 (4 kinds with milk_tier=3: then milk is one of
# the 5 cards of the tier 3 row).
WITH_MILK = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "milk": 1}


def test_LF07_milk_is_a_tier_2_good_made_by_showing_a_cow() -> None:
    milk = GOODS[KEY["milk"]]
    assert (milk.tier, milk.value, milk.copies) == (2, 4, (1, 1, 1))
    assert [(alt.spend, alt.show) for alt in milk.recipe] == [((), (KEY["cattle"],))]
    assert SEED.milk_tier == 2 and MILK == KEY["milk"] == 21
    # Milk keeps its number: only its tier moves with the option.
    assert TIER2 == FILE_TIER2 == (5, 6, 7, 8, 9, 10, 11, 12, 13, 21)
    assert TIER3 == (14, 15, 16, 17, 18, 19, 20, 22)
    assert (tuple(range(5, 14)), tuple(range(14, 23))) == (PUBLISHED_TIER2, PUBLISHED_TIER3)


def test_milk_tier_option_is_validated() -> None:
    with pytest.raises(ValueError, match=r"^milk_tier must be one of 2, 3, not 4$"):
        lf.Options(milk_tier=4)
    with pytest.raises(ValueError, match=r"^milk_tier must be one of 2, 3, not True$"):
        lf.Options(milk_tier=True)  # type: ignore[arg-type]
    s = bgf.new_game("little_factory", num_players=2, seed=1, options={"milk_tier": 3})
    assert s.options == PUBLISHED


@pytest.mark.parametrize(("options", "cards"), [(SEED, (20, 8)), (PUBLISHED, (19, 9))])
def test_LF06_milk_is_in_the_deck_of_its_tier(options: lf.Options, cards: tuple[int, int]) -> None:
    # 2 players: tier 2 has 19 published cards, milk is the 20th by default.
    s = lf.new_game(2, seed=1, options=options)
    tier2, tier3 = (TIER2, TIER3) if options.milk_tier == 2 else (PUBLISHED_TIER2, PUBLISHED_TIER3)
    total = tuple(sum(s.market[k] + s.deck[k] for k in tier) for tier in (tier2, tier3))
    assert total == cards


def test_LF06_milk_is_drawn_into_the_tier_2_row() -> None:
    # Producing the only brick leaves 4 kinds in the tier 2 row: a tier 2 card is drawn.
    hands = {0: {"clay": 1}}
    s = position(hands=hands, rows={**FULL_T2, **FULL_T3}, explicit=True)
    s = lf.step(s, Produce(KEY["brick"], 0))
    assert s.to_move == bgf.CHANCE
    outcomes = dict(lf.chance_outcomes(s))
    assert len(outcomes) == 10 and outcomes[DrawGood(MILK)] == pytest.approx(1 / 15)
    s = lf.step(s, DrawGood(MILK))
    # Milk is the fifth kind of the row: the refill stops.
    assert s.to_move == 0 and s.market[MILK] == 1
    assert [GOODS[k].key for k in TIER2 if s.market[k]] == [
        "charcoal",
        "cut_stone",
        "flour",
        "thread",
        "milk",
    ]
    # The published tier: milk is no tier 2 card.
    p = position(hands=hands, rows={**FULL_T2, **FULL_T3}, options=PUBLISHED, explicit=True)
    p = lf.step(p, Produce(KEY["brick"], 0))
    outcomes = dict(lf.chance_outcomes(p))
    assert len(outcomes) == 9 and DrawGood(MILK) not in outcomes
    assert outcomes[DrawGood(KEY["cattle"])] == pytest.approx(2 / 14)
    with pytest.raises(
        bgf.IllegalActionError, match=r"^milk is not a tier-2 good: a tier-2"
    ) as info:
        lf.step(p, DrawGood(MILK))
    assert info.value.reason("fr") == (
        "le lait n'est pas un bien de niveau 2 : "
        "une carte de bien de niveau 2 est piochée maintenant pour le marché"
    )


@pytest.mark.parametrize("options", [SEED, PUBLISHED])
def test_LF06_milk_counts_among_the_five_tier_2_goods(options: lf.Options) -> None:
    # Producing a barrel (tier 3) leaves the tier 2 row as it was: brick, charcoal, cut
    # stone, flour and milk. Five kinds with milk in tier 2, no draw; four with milk in
    # tier 3 (where its row holds bread, cloth, iron, milk: enough for 2 players), a draw.
    rows = {**WITH_MILK, **FULL_T3, "iron": 1}
    s = position(hands={0: {"timber": 1}}, rows=rows, options=options, explicit=True)
    s = lf.step(s, Produce(KEY["barrel"], 0))
    if options.milk_tier == 2:
        assert s.to_move == 0
    else:
        assert s.to_move == bgf.CHANCE
        outcomes = dict(lf.chance_outcomes(s))
        assert sum(s.deck[k] for k in PUBLISHED_TIER2) == 14
        assert sorted(GOODS[a.good].key for a in outcomes) == sorted(
            ["brick", "charcoal", "cut_stone", "flour", "thread"]
            + ["cattle", "sheep", "timber", "fish"]
        )


def _chance_save(options: lf.Options) -> str:
    """A save at a chance node whose tier 2 row shows brick, charcoal, cut stone, flour
    and milk, the tier 3 row barrel, bread, cloth."""
    s = position(rows={**WITH_MILK, **FULL_T3}, options=options, explicit=True)
    return bgf.dumps(attrs.evolve(s, to_move=bgf.CHANCE))


def test_LF06_the_save_validator_follows_milk_tier() -> None:
    # Milk in tier 2: five kinds, no row needs a card, so chance cannot be to move.
    with pytest.raises(bgf.InvalidStateError, match=r"chance \(-1\) moves only when a row needs"):
        bgf.loads(_chance_save(SEED))
    # Milk in tier 3: the tier 2 row shows 4 kinds and needs a card.
    s = bgf.loads(_chance_save(PUBLISHED))
    assert s.to_move == bgf.CHANCE and len(lf.chance_outcomes(s)) == 9
    # A save of another option value is refused with its path.
    doc = json.loads(_chance_save(PUBLISHED))
    doc["state"]["options"]["milk_tier"] = 1
    with pytest.raises(bgf.InvalidStateError) as error:
        bgf.loads(json.dumps(doc))
    assert error.value.path == "state.options"
    assert str(error.value) == (
        "state.options: invalid Options: milk_tier must be one of 2, 3, not 1"
    )


@pytest.mark.parametrize(
    ("options", "fr", "en"),
    [
        (
            SEED,
            [
                "  Niveau 3 : baril, pain, tissu",
                "  Niveau 2 : brique, charbon, brique de pierre, farine, lait",
            ],
            ["  Tier 3: barrel, bread, cloth", "  Tier 2: brick, charcoal, cut stone, flour, milk"],
        ),
        (
            PUBLISHED,
            [
                "  Niveau 3 : baril, pain, tissu, lait",
                "  Niveau 2 : brique, charbon, brique de pierre, farine",
            ],
            ["  Tier 3: barrel, bread, cloth, milk", "  Tier 2: brick, charcoal, cut stone, flour"],
        ),
    ],
)
def test_LF06_render_shows_milk_in_the_row_of_its_tier(
    options: lf.Options, fr: list[str], en: list[str]
) -> None:
    s = position(rows={**WITH_MILK, **FULL_T3}, options=options)
    assert lf.render(s, "fr").splitlines()[5:7] == fr
    assert lf.render(s, "en").splitlines()[5:7] == en
    svg = lf.render_svg(s, "fr")
    fill = "#9cc3e6" if options.milk_tier == 2 else "#c7a6e0"  # the tier's colour
    assert re.search(rf'fill="{fill}" stroke="#444"/><text [^>]*>lait</text>', svg)


@pytest.mark.parametrize(
    ("options", "sizes", "line"),
    [
        (SEED, (15, 5), "Pioche : niveau 2 : 15 cartes, niveau 3 : 5 cartes"),
        (PUBLISHED, (14, 6), "Pioche : niveau 2 : 14 cartes, niveau 3 : 6 cartes"),
    ],
)
def test_LF06_deck_sizes_count_milk_in_its_tier(
    options: lf.Options, sizes: tuple[int, int], line: str
) -> None:
    # Milk in the deck: the 15 tier 2 cards left are 20 - 5 shown (19 - 5 published).
    s = position(rows={**FULL_T2, **FULL_T3}, options=options)
    assert s.deck[MILK] == 1
    assert lf.observe(s, None).deck_sizes[:2] == sizes
    assert lf.render(s, "fr").splitlines()[8].startswith(line + ",")


def test_LF06_published_milk_tier_passes_the_conformance_suite() -> None:
    # observe / hidden variants swap hidden cards within a tier: with milk in tier 3 too.
    check_game(lf, num_players=(2, 4), chance=("auto", "explicit"), options=PUBLISHED)


def test_LF07_rules_page_tables_put_milk_in_tier_2() -> None:
    tables = lf.docs_tables()
    tier2 = tables.split("### Tier 2 goods")[1].split("### Tier 3 goods")[0]
    tier3 = tables.split("### Tier 3 goods")[1].split("### Buildings")[0]
    assert "| lait (milk) | 4 | montrer / show vache (cattle) | 1 |" in tier2.splitlines()
    assert "lait" not in tier3
    assert "the option `milk_tier=3` makes it a tier 3 card, as published" in tier2


def test_LF07_dairy_takes_milk_from_the_tier_2_row() -> None:
    # LF-11: the dairy's product comes from the market, now the tier 2 row.
    s = position(hands={0: {"cattle": 1}}, rows={**WITH_MILK, **FULL_T3}, built={0: ["dairy"]})
    s = play(s, UseBuilding(BY_NAME["dairy"], 0))
    assert s.hands[0][MILK] == 1 and s.market[MILK] == 0 and s.hands[0][KEY["cattle"]] == 1


def test_LF06_saves_and_logs_from_before_milk_tier_load_as_they_were_played() -> None:
    """Saves and match logs written before the option existed have no ``milk_tier``:
    they were played with milk in tier 3, and load so (they loaded with the new default,
    tier 2, and most logs no longer replayed)."""
    m = bgf.Match.new("little_factory", 3, seed=4, options={"milk_tier": 3})
    for _ in range(40):
        m.apply(m.legal_actions()[0])
    save = json.loads(bgf.dumps(m.state))
    del save["state"]["options"]["milk_tier"]
    assert bgf.loads(json.dumps(save)) == m.state
    log = json.loads(m.to_json())
    del log["options"]["milk_tier"]
    again = bgf.Match.from_json(json.dumps(log))
    assert again.state == m.state and again.state.options.milk_tier == 3
    # A new game asked for without the option gets the seed's tier 2.
    assert bgf.Match.new("little_factory", 3, seed=4).state.options.milk_tier == 2
