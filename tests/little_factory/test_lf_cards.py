"""The card data against the published game's facts, quoted verbatim: its goods (LF-04,
LF-06, LF-07) and its 30 buildings (LF-08, LF-09). Each text is parsed here and compared
field by field with `data`, so any card that drifts from the facts fails with its name."""

from __future__ import annotations

import re

import pytest

from boardgames_fr.little_factory.data import BUILDINGS, GOODS, Alternative, tier_goods

# The published game's goods, "Facts of the published game" (line breaks as there).
GOODS_FACTS = """\
basic goods (value 1), copies for 2/3/4 players: clay 2/3/3, cotton 1/1/2, stone 2/3/3,
wheat 2/3/3, wood 3/4/5. Tier 2 (value, recipe, copies): brick 3 (clay) 3; charcoal 3 (wood)
3; cut stone 3 (stone) 2; flour 3 (wheat) 2; thread 3 (cotton, or show sheep) 2; cattle 5
(wheat + clay) 2; sheep 5 (wood + wheat) 2; timber 5 (wood + wood) 2; fish 5 (stone, show
fishing rod) 1. Tier 3, one copy each: barrel 8 (timber), bread 11 (charcoal + flour), cloth
6 (thread), fishing rod 8 (thread + wood), iron 8 (charcoal + stone), leather 8 (cattle), meat
8 (sheep or cattle), milk 4 (show cattle), stone wall 8 (cut stone + clay)."""

# The published game's building table, verbatim (tabs as there).
BUILDINGS_TSV = """\
id	name	cost	build_recipe	vp	automated_effect
1	brick factory	6	charcoal	1	clay -> brick
2	charcoal hut	6	cut stone	1	wood -> charcoal
3	quarry	6	brick	1	stone -> cut stone
4	spinning mill	8	timber	1	cotton (or show sheep) -> thread
5	water mill	6	brick	1	wheat -> flour
6	abattoir	6	charcoal	1	sheep or cattle -> meat
7	accessory shop	10	cloth	1	leather or iron -> +2 VP
8	bakery	11	brick + cut stone	2	bread -> +2 VP
9	bar	11	brick + charcoal	2	barrel + wheat -> +2 VP
10	barrel factory	6	cut stone	1	timber -> barrel
11	bread factory	6	brick	1	charcoal + flour -> bread
12	butcher	12	iron	2	meat -> +2 VP
13	castle	30	iron + stone wall + timber	5	none
14	cattle ranch	8	timber	1	wheat + clay -> cattle
15	cheese factory	12	stone wall	2	barrel + milk -> +3 VP
16	dairy	6	cut stone	1	show cattle -> milk
17	fish shop	8	timber	1	fish -> +1 VP
18	fishing pond	8	timber	1	stone + show fishing rod -> fish
19	ironworks	6	brick	1	charcoal + stone -> iron
20	mansion	18	timber + brick + cut stone	3	none
21	market	8	fish	1	?
22	masonry	6	flour	1	cut stone + clay -> stone wall
23	milk shop	6	brick	1	milk -> +1 VP
24	restaurant	12	stone wall	2	bread + milk -> +4 VP
25	sawmill	6	cut stone	1	wood + wood -> timber
26	sheep ranch	6	brick	1	wood + wheat -> sheep
27	shoe store	12	iron	2	leather + thread -> +3 VP
28	tailor	12	stone wall	2	cloth + thread -> +2 VP
29	tannery	6	cut stone	1	cattle -> leather
30	textile factory	8	timber	1	thread -> cloth
"""

BY_EN = {g.name_en: g.index for g in GOODS}
Alt = tuple[tuple[int, ...], tuple[int, ...]]  # (spent, shown), each sorted


def _alts(text: str) -> list[Alt]:
    """``cotton, or show sheep`` / ``stone, show fishing rod`` / ``wheat + clay`` as
    (spent, shown) alternatives: " or " separates alternatives, "show X" is shown."""
    out = []
    for alt in re.split(r",? or ", text.replace("(or ", "or ").rstrip(")")):
        spend, show = [], []
        for part in re.split(r" \+ |, ", alt.strip()):
            if part.startswith("show "):
                show.append(BY_EN[part[5:]])
            else:
                spend.append(BY_EN[part])
        out.append((tuple(sorted(spend)), tuple(sorted(show))))
    return out


def _ours(recipe: tuple[Alternative, ...]) -> list[Alt]:
    return [(tuple(sorted(a.spend)), tuple(sorted(a.show))) for a in recipe]


def _facts() -> dict[str, tuple[int, int, tuple[int, ...], list[Alt]]]:
    """name -> (tier, value, copies for 2/3/4 players, recipe) from GOODS_FACTS."""
    text = " ".join(GOODS_FACTS.split())
    basic, rest = text.split(". Tier 2 (value, recipe, copies): ")
    tier2, tier3 = rest.split(". Tier 3, one copy each: ")
    facts = {}
    for name, a, b, c in re.findall(r"([a-z ]+) (\d)/(\d)/(\d)", basic.split(": ")[1]):
        facts[name.strip()] = (1, 1, (int(a), int(b), int(c)), [])
    for name, value, recipe, n in re.findall(r"([a-z ]+) (\d+) \(([^)]*)\) (\d)", tier2):
        facts[name.strip()] = (2, int(value), (int(n),) * 3, _alts(recipe))
    for name, value, recipe in re.findall(r"([a-z ]+) (\d+) \(([^)]*)\)", tier3):
        facts[name.strip()] = (3, int(value), (1, 1, 1), _alts(recipe))
    return facts


def test_LF04_goods_are_the_published_cards() -> None:
    facts = _facts()
    assert len(facts) == 23 and sorted(facts) == sorted(g.name_en for g in GOODS)
    tier2, _ = tier_goods(3)  # the published tiers: option milk_tier=3
    for g in GOODS:
        tier, value, copies, recipe = facts[g.name_en]
        published = 1 if g.tier == 1 else 2 if g.index in tier2 else 3
        assert (published, g.value, g.copies, _ours(g.recipe)) == (tier, value, copies, recipe), (
            g.key
        )
    # The cards' own tier is the seed's: milk (lait) alone differs from the facts (Choices
    # « Lait »: the seed lists it under « 2ème Niveau (Bleu) »).
    assert [g.key for g in GOODS if g.tier != facts[g.name_en][0]] == ["milk"]


def test_LF07_shown_ingredients_are_exactly_those_of_the_facts() -> None:
    shown = {g.key: [a.show for a in g.recipe if a.show] for g in GOODS}
    shown = {k: v for k, v in shown.items() if v}
    cattle, sheep, rod = BY_EN["cattle"], BY_EN["sheep"], BY_EN["fishing rod"]
    assert shown == {"thread": [(sheep,)], "fish": [(rod,)], "milk": [(cattle,)]}


def _effect(text: str) -> list[tuple[tuple[int, ...], tuple[int, ...], int | None, int]]:
    """``leather or iron -> +2 VP`` as (spent, shown, gained good, points) alternatives."""
    if text in ("none", "?"):
        return []
    left, right = text.split(" -> ")
    m = re.fullmatch(r"\+(\d+) VP", right)
    gain, pts = (None, int(m.group(1))) if m else (BY_EN[right], 0)
    return [(spend, show, gain, pts) for spend, show in _alts(left)]


ROWS = [line.split("\t") for line in BUILDINGS_TSV.splitlines()[1:]]


@pytest.mark.parametrize("row", ROWS, ids=[r[1] for r in ROWS])
def test_LF08_buildings_are_the_published_table(row: list[str]) -> None:
    bid, name, cost, build, vp, effect = row
    b = BUILDINGS[int(bid)]
    assert (b.name_en, b.cost, b.vp) == (name, int(cost), int(vp))
    assert sorted(b.build) == sorted(BY_EN[x] for x in build.split(" + "))
    ours = [(tuple(sorted(a.spend)), tuple(sorted(a.show)), a.gain, a.points) for a in b.effect]
    if effect == "?":
        # The unknown effect is designed (Choices row "marché") and marked so in the data.
        assert b.designed and ours
    else:
        assert not b.designed
        assert ours == _effect(effect)


def test_LF09_thirty_buildings_with_the_published_ids() -> None:
    assert sorted(BUILDINGS) == list(range(1, 31)) == [int(r[0]) for r in ROWS]


def test_LF08_market_designed_effect_one_basic_good_of_choice() -> None:
    # Choices row « marché »: nothing spent, one basic good of the bottom row.
    market = BUILDINGS[21]
    assert [(a.spend, a.show, a.gain, a.points) for a in market.effect] == [
        ((), (), k, 0) for k in range(5)
    ]
