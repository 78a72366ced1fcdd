"""The season and Imprévu cards: what each one does to the farms (LA-07..LA-09, LA-13),
worked out once per card, and its effects on plain farms.

The turn loop (rules.py) and the auto-play fast path (autoplay.py) both apply cards
through these functions, so a card does the same in both.
"""

from __future__ import annotations

from boardgames_fr.core.components import remove_one
from boardgames_fr.core.fast import replace
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.farms import (
    BLOCK,
    BON_MISSING,
    BUTCHER,
    CAP,
    ELIM,
    QUIET,
    ROUTES,
    SQ_FOIRE,
    SQ_NEGOCE,
    cap_cows,
    capped,
    farm_quiet,
    lose_bons,
    pay,
    rivals,
    set_farm,
)
from boardgames_fr.lactorama.state import ACTIVE, Farm

__all__ = [
    "AROUND",
    "DEARER",
    "GAINS",
    "PLAIN_OPTIONAL",
    "PLANS",
    "SIMPLE",
    "affordable",
    "around_card",
    "effect_on",
    "effects_around",
    "effects_on",
    "own_farm",
    "simple_card",
]

# What a turn reads of a card, worked out once per card (`plan`).
Plan = tuple[
    D.Card, tuple[D.Effect, ...], "D.Effect | None", bool, bool, tuple[int, int], bool, bool
]


def plan(card: D.Card) -> Plan:
    """A card; its effects before a move or a purchase; that last effect (the data puts it
    last); whether it names the neighbour; whether it is optional; what accepting it costs
    a farm outside and inside its filière; whether every effect is on the actor's farm
    alone; whether it is an Imprévu card (it goes under the pile once used, LA-13)."""
    effects, follow = card.effects, None
    for i, e in enumerate(effects):
        if e.kind in D.LAST_ONLY:
            effects, follow = effects[:i], e
            break
    alone = all(e.who == "self" and e.kind != "pay_neighbour" for e in effects)
    costs = (D.accept_cost(card, False), D.accept_cost(card, True))
    return (
        card,
        effects,
        follow,
        card.needs_neighbour,
        card.optional,
        costs,
        alone,
        card.deck == "imprevu",
    )


PLANS = {cid: plan(card) for cid, card in D.CARDS.items()}
# LA-09, LA-13: the cards whose filière factor makes them dearer (a paid land offer
# doubled, « Techno ×2 »), each with its filière and its price with the factor: a farm of
# that filière may also take it as printed (`rules.card_legal`).
DEARER: dict[str, tuple[str, int]] = {
    cid: (p[0].filiere, p[5][1]) for cid, p in PLANS.items() if p[5][1] > p[5][0]
}
# A card taken as printed leaves the factor out on the actor's farm: the cards whose
# factor makes them dearer must be optional and act on that farm alone.
_MISFIT = [cid for cid in DEARER if not (PLANS[cid][4] and PLANS[cid][6])]
# LA-19: the most hectares one card takes from a farm, with or without its filière factor;
# under the 20 ha a farm in play holds, so a farm that falls keeps land
# (`farms.fallen_together`).
LAND_TAKEN = max(
    sum(-min(0, e.blocks, e.blocks * e.x) * BLOCK for e in card.effects if e.kind == "land")
    for card in D.CARDS.values()
)
if LAND_TAKEN >= ELIM:
    raise ValueError(f"a card takes {LAND_TAKEN} ha: a farm in play may hold as few as {ELIM}")
if _MISFIT:
    raise ValueError(
        f"cards {_MISFIT}: a factor that raises the price needs an optional card"
        " acting on the actor's farm alone"
    )
# The optional season cards offered at once (no neighbour to choose first): the fast path
# ends the turn on one the farm cannot pay, as `rules.after_neighbour` does.
PLAIN_OPTIONAL = frozenset(
    cid
    for cid, (card, _, _, nb, optional, _, _, imprevu) in PLANS.items()
    if optional and not (nb or card.keep or imprevu)
)
# The cards a turn applies at once (`rules.move`, `autoplay`): not optional, not kept, no
# neighbour, every effect on the actor's farm, nothing after; each effect with its filière
# factor and the filière it applies to ("-" for none: no farm has it).
_GAIN_KINDS = frozenset(("money", "bons", "green"))  # each the Farm field it adds to
SIMPLE: dict[str, tuple[tuple[D.Effect, int, str], ...]] = {
    cid: tuple((e, e.x, card.filiere or "-") for e in effects)
    for cid, (card, effects, follow, nb, optional, _, alone, imprevu) in PLANS.items()
    if not (follow or nb or optional or card.keep) and alone
}
# The `SIMPLE` cards of several effects, applied in one new farm (`effects_on`): their
# effects and the filière of their factor.
MANY = {
    cid: (PLANS[cid][1], PLANS[cid][0].filiere or "-")
    for cid, effects in SIMPLE.items()
    if len(effects) > 1
}
# The `SIMPLE` effects that only add money, bons or green pawns, whatever the farm's
# filière (a factor of 0 or more): each as (money, bons, green) added without and with the
# factor, and the filière the factor is for, for `simple_card`.
GAINS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], str]] = {}
for _cid, _effects in SIMPLE.items():
    if not all(
        e.kind in _GAIN_KINDS and (e.amount if e.kind == "money" else e.n) >= 0 and x >= 0
        for e, x, _ in _effects
    ):
        continue
    _plain, _factored = [0, 0, 0], [0, 0, 0]
    for _e, _x, _ in _effects:
        _at = ("money", "bons", "green").index(_e.kind)
        _amount = _e.amount if _e.kind == "money" else _e.n
        _plain[_at] += _amount
        _factored[_at] += _amount * _x
    GAINS[_cid] = (
        (_plain[0], _plain[1], _plain[2]),
        (_factored[0], _factored[1], _factored[2]),
        _effects[0][2] if _effects else "-",
    )
# The other cards a turn may apply at once: not optional, not kept, nothing after, some
# effect on another farm (`around_card`); the card, its effects, whether it names the
# neighbour.
AROUND: dict[str, tuple[D.Card, tuple[D.Effect, ...], bool]] = {
    cid: (card, effects, nb)
    for cid, (card, effects, follow, nb, optional, _, alone, _) in PLANS.items()
    if not (follow or optional or card.keep or cid in SIMPLE)
}
# The squares of each kind on each route, for the "go to" cards.
SQUARES_OF = {
    (n, kind): tuple(i for i, (k, _) in enumerate(route) if k == kind)
    for n, route in ROUTES.items()
    for kind in (SQ_FOIRE, SQ_NEGOCE)
}


def affordable(farm: Farm, cid: str) -> bool:
    """LA-07: an optional card is offered only when the farm can pay for it in cash, with
    its filière factor or as printed (`rules.card_legal`); LA-14: some cards need bons in
    hand to be taken."""
    card, _, _, _, _, costs, _, _ = PLANS[cid]
    cost = min(costs[card.filiere == farm.filiere], costs[0])
    return farm.money >= cost and farm.bons >= card.requires_bons


def effect_on(farm: Farm, e: D.Effect, m: int, chosen: bool) -> tuple[Farm, str]:
    """One effect on one farm, multiplied by ``m``; returns the farm and a kept card used.

    ``chosen``: the farm took an optional card, so its costs are prices, not losses
    (a kept card does not cancel them). Every gain saturates at `CAP` (issue #23: the
    test of `farms.capped`, inline where a card's gain is most often).
    """
    k = e.kind
    if k == "money":
        amt = e.amount * m
        if amt >= 0:
            amt += farm.money
            return replace(farm, money=amt if amt < CAP else CAP), ""
        used = kept_against(farm, "money") if farm.kept and not chosen else ""
        if used:
            return replace(farm, kept=remove_one(farm.kept, used)), used
        return pay(farm, -amt), ""
    if k == "bons":
        n = e.n * m
        if n < 0:
            return lose_bons(farm, -n), ""
        n += farm.bons
        return replace(farm, bons=n if n < CAP else CAP), ""
    if k == "green":
        return replace(farm, green=capped(max(0, farm.green + e.n * m))), ""
    if k == "land":
        blocks = e.blocks * m
        if blocks >= 0:
            ha = capped(farm.ha + blocks * BLOCK)
            if not e.price:
                return replace(farm, ha=ha), ""
            # The land's price paid as `farms.pay` pays it, in the same new farm.
            money, cows = farm.money - e.price * blocks, farm.cows
            while money < 0 and cows >= 2:
                cows -= 2
                money += 2 * BUTCHER
            return replace(farm, ha=ha, money=money, cows=cows), ""
        # LA-09: a decrease is forced and may force cows to the butcher.
        return cap_cows(farm, max(0, farm.ha + blocks * BLOCK)), ""
    # cows
    pairs = e.pairs * m
    if pairs >= 0:
        # LA-09: up to the hectares (so never past `CAP`); LA-24: by whole pairs, also when
        # the hectares are odd (an alliance halves the smaller farm's land: 54 // 2 = 27).
        gain = max(0, min(2 * pairs, (farm.ha - farm.cows) // 2 * 2))
        return replace(farm, cows=farm.cows + gain), ""
    used = kept_against(farm, "cows") if farm.kept and not chosen else ""
    if used:
        return replace(farm, kept=remove_one(farm.kept, used)), used
    lost = min(farm.cows, -2 * pairs)
    return replace(farm, cows=farm.cows - lost, money=capped(farm.money + lost * e.price)), ""


def effects_on(farm: Farm, effects: tuple[D.Effect, ...], match: bool) -> Farm:
    """Several effects of one card on one farm, in order, each with its filière factor
    when ``match``: what `effect_on` does one effect at a time, in one new farm. Only for
    a farm that keeps no card (`kept_against`), or for a card it chose."""
    ha, cows, money, bons, green = farm.ha, farm.cows, farm.money, farm.bons, farm.green
    for e in effects:
        m = e.x if match else 1
        k = e.kind
        if k == "money":
            owed = -e.amount * m
            if owed <= 0:
                money -= owed
                if money > CAP:  # issue #23: every gain saturates at the cap
                    money = CAP
                continue
        elif k == "bons":
            n = e.n * m
            if n >= 0 or bons >= -n:
                bons += n
                if bons > CAP:
                    bons = CAP
                continue
            owed = (-n - bons) * BON_MISSING  # LA-14: each missing bon costs 500
            bons = 0
        elif k == "green":
            green += e.n * m
            green = 0 if green < 0 else (green if green < CAP else CAP)
            continue
        elif k == "land":
            blocks = e.blocks * m
            if blocks < 0:  # LA-09: the cows beyond the hectares go to the butcher
                ha += blocks * BLOCK
                if ha < 0:
                    ha = 0
                while cows > ha and cows > 0:
                    sold = 2 if cows >= 2 else cows
                    cows -= sold
                    money += sold * BUTCHER
                if money > CAP:
                    money = CAP
                continue
            ha += blocks * BLOCK
            if ha > CAP:
                ha = CAP
            owed = e.price * blocks
        else:  # cows (LA-09: up to the hectares, by whole pairs, LA-24)
            pairs = e.pairs * m
            if pairs >= 0:
                gain = (ha - cows) // 2 * 2
                cows += max(0, 2 * pairs if 2 * pairs < gain else gain)
                continue
            lost = cows if cows < -2 * pairs else -2 * pairs
            cows -= lost
            money += lost * e.price
            if money > CAP:
                money = CAP
            continue
        # LA-07, LA-12: paid to the bank, short of money by cows sold to the butcher by
        # pairs (`farms.pay`).
        money -= owed
        while money < 0 and cows >= 2:
            cows -= 2
            money += 2 * BUTCHER
    return replace(farm, ha=ha, cows=cows, money=money, bons=bons, green=green)


def kept_against(farm: Farm, against: str) -> str:
    """LA-13: a card the farm keeps that cancels a loss of ``against``, or ""."""
    for cid in farm.kept:
        if D.CARDS[cid].keep == against:
            return cid
    return ""


def effects_around(
    farms: tuple[Farm, ...],
    nb: int,
    card: D.Card,
    effects: tuple[D.Effect, ...],
    fa: int,
    chosen: bool,
) -> tuple[tuple[Farm, ...], tuple[str, ...]]:
    """LA-08, LA-13: the effects of a card that reach other farms (the neighbour ``nb``,
    -1 for none, the others, everyone): the farms after them, and the kept cards they
    used up."""
    returned: tuple[str, ...] = ()
    for e in effects:
        if e.kind == "pay_neighbour":
            if nb < 0:
                continue
            payer, payee = (fa, nb) if e.amount > 0 else (nb, fa)
            amt = abs(e.amount)
            # LA-13: a kept card against money losses cancels a forced payment to the
            # neighbour too (not a price the actor chose by accepting the card).
            used = kept_against(farms[payer], "money") if not (chosen and payer == fa) else ""
            if used:
                farms = set_farm(
                    farms, payer, replace(farms[payer], kept=remove_one(farms[payer].kept, used))
                )
                returned += (used,)
                continue
            farms = set_farm(farms, payer, pay(farms[payer], amt))
            paid = capped(farms[payee].money + amt)  # issue #23: saturates at the cap
            farms = set_farm(farms, payee, replace(farms[payee], money=paid))
            continue
        if e.who == "self":
            targets: tuple[int, ...] = (fa,)
        elif e.who == "neighbour":
            targets = (nb,) if nb >= 0 else ()
        else:
            targets = tuple(
                i for i, f in enumerate(farms) if f.status == ACTIVE and (e.who == "all" or i != fa)
            )
        for t in targets:
            m = e.x if card.filiere and farms[t].filiere == card.filiere else 1
            new, used = effect_on(farms[t], e, m, chosen and t == fa)
            farms = set_farm(farms, t, new)
            if used:
                returned += (used,)
    return farms, returned


def own_farm(farms: tuple[Farm, ...], fa: int, farm: Farm) -> tuple[Farm, ...]:
    """``farms`` with the actor's (active) farm ``fa`` now ``farm``; quiet farms stay
    known as quiet (`farms.quiet`) when that farm is (`farms.farm_quiet`), without a
    scan."""
    new = set_farm(farms, fa, farm)
    if farms is QUIET[0] and farm_quiet(farm):
        QUIET[0] = new
    return new


def simple_card(
    farms: tuple[Farm, ...],
    fa: int,
    cid: str,
    under: tuple[str, ...],
) -> tuple[tuple[Farm, ...], tuple[str, ...]]:
    """The commonest square: a face-up card whose effects all fall on the actor's farm
    ``fa`` and end the turn (what `rules.start_card` then `rules.apply_card` do for it):
    the farms and the cards under the Imprévu pile after it (LA-13)."""
    farm = farms[fa]
    gains = GAINS.get(cid)
    if gains is not None:
        # Only gains of money, bons or green pawns (most cards): added in one copy of the
        # farm, as `effect_on` adds them, with the filière factor for its filière.
        plain, factored, fil = gains
        money, bons, green = factored if farm.filiere == fil else plain
        # One copy with the fields that change (a keyword costs a tenth of the copy): most
        # of these cards give money alone. Each gain saturates at `CAP` (issue #23), tested
        # inline: cheaper than a call of `capped` on this hot path.
        if not (bons or green):
            money += farm.money
            new = replace(farm, money=money if money < CAP else CAP)
        elif money:
            money += farm.money
            bons += farm.bons
            green += farm.green
            new = replace(
                farm,
                money=money if money < CAP else CAP,
                bons=bons if bons < CAP else CAP,
                green=green if green < CAP else CAP,
            )
        elif not green:
            bons += farm.bons
            new = replace(farm, bons=bons if bons < CAP else CAP)
        else:
            bons += farm.bons
            green += farm.green
            new = replace(
                farm, bons=bons if bons < CAP else CAP, green=green if green < CAP else CAP
            )
        return own_farm(farms, fa, new), under
    many = MANY.get(cid)
    if many is not None and not farm.kept:  # several effects: one new farm
        return own_farm(farms, fa, effects_on(farm, many[0], farm.filiere == many[1])), under
    for e, x, fil in SIMPLE[cid]:
        farm, used = effect_on(farm, e, x if farm.filiere == fil else 1, False)
        if used:
            under += (used,)
    return own_farm(farms, fa, farm), under


def around_card(
    cid: str, farms: tuple[Farm, ...], farm_of: tuple[int, ...], fa: int
) -> tuple[tuple[Farm, ...], tuple[str, ...]] | None:
    """A card of `AROUND` for farm ``fa``, as `rules.start_card` and `rules.apply_card`
    apply it: the farms after it and the kept cards it used up (LA-13); None when the
    actor has a neighbour to choose (LA-08: several farms besides its own are in play)."""
    card, effects, needs_neighbour = AROUND[cid]
    nb = -1
    if needs_neighbour:
        # `views.neighbour_candidates` when at most one other farm is in play: that one.
        others = rivals(farms, farm_of, fa)
        if len(others) > 1:
            return None
        if others:
            nb = others.pop()
    return effects_around(farms, nb, card, effects, fa, False)
