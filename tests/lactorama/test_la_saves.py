"""Corrupt saves are refused on load, naming the bad field (never IndexError/KeyError)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.components import OfferBudget, WaitingRoom
from boardgames_fr.lactorama.state import Offer


def _phases() -> dict[str, L.State]:
    """The first state of each phase met in a few random 3-farm games (explicit chance)."""
    found: dict[str, L.State] = {}
    for seed in range(6):
        s = L.new_game(3, seed=seed, chance="explicit")
        i = 0
        while not L.is_terminal(s):
            found.setdefault(s.phase, s)
            if s.stage == "year_end":
                found.setdefault("@year_end", s)
            legal = L.legal_actions(s)
            if L.current_player(s) == bgf.CHANCE:
                outs = L.chance_outcomes(s)
                a = outs[(seed * 7 + i) % len(outs)][0]
            else:
                a = legal[(seed * 5 + i) % len(legal)]
            s = L.step(s, a)
            i += 1
        found.setdefault("over", s)
    # A farm out of the game handing out its land (LA-19), built from a turn.
    r = found["roll"]
    out = attrs.evolve(r.farms[2], cows=10, status="eliminated")
    found["handout"] = attrs.evolve(
        r, farms=(*r.farms[:2], out), handout=(2,), phase="handout", to_move=2
    )
    return found


PHASES = _phases()


def _farm(i: int, **kw: Any) -> Callable[[L.State], L.State]:
    def edit(s: L.State) -> L.State:
        farms = list(s.farms)
        farms[i] = attrs.evolve(farms[i], **kw)
        return attrs.evolve(s, farms=tuple(farms))

    return edit


def _ev(**kw: Any) -> Callable[[L.State], L.State]:
    return lambda s: attrs.evolve(s, **kw)


def _offer(**kw: Any) -> Callable[[L.State], L.State]:
    return lambda s: attrs.evolve(s, offer=attrs.evolve(s.offer or Offer(1), **kw))


# (phase of the base state, the corruption, the field the error must name)
CASES: list[tuple[str, Callable[[L.State], L.State], str]] = [
    ("year_end", _ev(actor=9), "state.actor"),
    ("year_end", _ev(queue=(9,)), "state.queue[0]"),
    ("year_end", _ev(budget=None), "state.budget"),
    ("offer_answer", _offer(partner=9), "state.offer.partner"),
    ("offer_answer", _offer(give="tracteur"), "state.offer.give"),
    ("offer_answer", _offer(give="argent", give_qty=1000000), "state.offer.give_qty"),
    ("handout", _ev(handout=(9,)), "state.handout[0]"),
    ("card", _ev(card="ZZ"), "state.card"),
    ("card", _ev(card=""), "state.card"),
    ("neighbour", _ev(card=""), "state.card"),
    ("neighbour", _ev(neighbour=9), "state.neighbour"),
    ("deal", _ev(deal_slot=-1), "state.deal_slot"),
    ("deal", _ev(deal_slot=99), "state.deal_slot"),
    ("deal", _ev(deck=()), "state.deal_slot"),
    ("draw_imprevu", _ev(imprevu=()), "state.imprevu"),
    ("roll", _ev(stage="over"), "state.to_move"),
    ("roll", _farm(0, cows=-2), "state.farms[0].cows"),
    ("roll", _farm(0, money=-5), "state.farms[0].money"),
    ("roll", _farm(0, bons=-1), "state.farms[0].bons"),
    ("roll", _farm(0, loans=-1), "state.farms[0].loans"),
    ("roll", _farm(0, green=-1), "state.farms[0].green"),
    ("roll", _farm(0, loans=999), "state.farms[0].loans"),
    ("roll", _farm(0, cows=10), "state.farms[0].cows"),
    ("roll", _farm(0, kept=("P01",)), "state.farms[0].kept[0]"),
    ("roll", _ev(year=99), "state.year"),
    ("roll", _ev(year=-1), "state.year"),
    ("roll", _ev(room=WaitingRoom((9,))), "state.room.arrived[0]"),
    ("roll", _ev(room=WaitingRoom((1, 1))), "state.room.arrived[1]"),
    ("roll", _ev(dice=(9,)), "state.dice[0]"),
    ("roll", _ev(winner_farms=(9,)), "state.winner_farms[0]"),
    ("negoce", _ev(budget=OfferBudget((1,))), "state.budget"),
]


@pytest.mark.parametrize(("phase", "corrupt", "field"), CASES)
def test_corrupt_save_names_the_field(
    phase: str, corrupt: Callable[[L.State], L.State], field: str
) -> None:
    base = PHASES[phase]
    assert bgf.loads(bgf.dumps(base)) == base  # the base itself loads
    bad = corrupt(base)
    with pytest.raises(bgf.InvalidStateError) as err:
        bgf.loads(bgf.dumps(bad))
    assert err.value.path == field, str(err.value)


def test_every_phase_state_met_in_play_loads() -> None:
    for s in PHASES.values():
        assert bgf.loads(bgf.dumps(s)) == s
