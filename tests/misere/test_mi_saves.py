"""Loading saves: a hand-made corrupt save is refused with the field that is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest
from misere_helpers import (
    AGRICOLES,
    ARTISANS,
    BUY0,
    COMMUNE,
    OEUVRE,
    STRUGGLE0,
    WORK0,
    acting,
    fill_circles,
    fresh,
    play,
    short_of_food,
)

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere.actions import Activate, GoToSector, Place, SlackOff
from boardgames_fr.misere.validate import amount_limit


def _pending(seat: int, origin: int, stage: str, sector: int = -1) -> dict[str, Any]:
    return {"@": "Pending", "seat": seat, "worker": seat * 2, "origin": origin, "stage": stage,
            "sector": sector}  # fmt: skip


def corrupt(s: misere.State, **fields: Any) -> str:
    """The save of ``s`` with some fields of the state changed by hand."""
    raw = json.loads(bgf.dumps(s))
    raw["state"].update(fields)
    return json.dumps(raw)


# A round in progress: seat 0 placed on Bosser, seat 1 on Acheter à bouffer; seat 1 (the
# meilleur ouvrier) is taking its worker off the zone.
PLACING = play(fresh(), Place(WORK0, False))
ACTING = play(PLACING, Place(BUY0, False), Activate(BUY0))

# The feeding (MI-16): seat 0 is short of food and chooses which worker is lost.
FEEDING = play(short_of_food(), Activate(WORK0), GoToSector(AGRICOLES))


def with_player(s: misere.State, seat: int, **fields: Any) -> list[dict[str, Any]]:
    """The ``players`` of the save of ``s``, one player's fields changed."""
    players: list[dict[str, Any]] = json.loads(bgf.dumps(s))["state"]["players"]
    players[seat].update(fields)
    return players


BAD = [
    # phase and seat to move
    (ACTING, {"phase": "over"}, "state.to_move"),
    (ACTING, {"phase": "over", "to_move": -2}, "state.pending"),
    (fresh(), {"phase": "over", "to_move": -2}, "state.round"),
    (ACTING, {"to_move": -2}, "state.to_move"),
    (PLACING, {"to_move": -2}, "state.to_move"),
    (PLACING, {"to_move": 0}, "state.to_move"),  # seat 0 has nobody left to place
    (PLACING, {"oeuvre_winner": 0}, "state.oeuvre_winner"),
    # a move in progress where there can be none
    (PLACING, {"pending": _pending(1, 0, "route")}, "state.pending"),
    (PLACING, {"sectors": [-1, -1, 0, -1], "zone": [-1] * 9}, "state.sectors"),
    # action phase: the seat to move has no worker on the zone
    (play(ACTING, SlackOff()), {"to_move": 1}, "state.to_move"),
    # the move in progress is the other seat's
    (ACTING, {"to_move": 0}, "state.pending.seat"),
    # a stage that does not follow from the action, or names the wrong sector
    (ACTING, {"pending": _pending(1, 1, "buy", 1)}, "state.pending.origin"),
    (ACTING, {"pending": _pending(1, 0, "route", 2)}, "state.pending.sector"),
    (ACTING, {"pending": _pending(1, 0, "fall", 1)}, "state.pending.sector"),
    (ACTING, {"pending": _pending(1, 3, "work_for_self")}, "state.pending.stage"),
    (ACTING, {"pending": _pending(1, 7, "route")}, "state.pending.origin"),
    (ACTING, {"pending": {**_pending(1, 0, "nap"), "stage": "nap"}}, "state.pending.stage"),
    # the feeding: who still has workers to lose
    (FEEDING, {"players": with_player(FEEDING, 0, hungry=0)}, "state.to_move"),
    (FEEDING, {"to_move": 1}, "state.players[0].hungry"),
    (PLACING, {"players": with_player(PLACING, 1, hungry=1)}, "state.players[1].hungry"),
    (FEEDING, {"pending": _pending(0, 1, "route")}, "state.pending"),
    (FEEDING, {"phase": "placement"}, "state.players[0].hungry"),
    # the Commune holds at most its 5 setup tokens
    (PLACING, {"commune_food": 6, "pile": 12}, "state.commune_food"),
    # MI-15: a plain worker on a dotted square (seat 0's worker moved from Bosser)
    (PLACING, {"zone": [-1, -1, -1, 0, -1, -1, -1, -1, -1]}, "state.zone[3]"),
    # a helmet on the Oeuvre with nobody there
    (
        PLACING,
        {"players": with_player(PLACING, 1, oeuvre_qualified=True)},
        "state.players[1].oeuvre_qualified",
    ),
    # MI-10: the pile is empty but the Petits exploitants tile is not flipped
    (PLACING, {"pile": 0, "players": with_player(PLACING, 1, food=13)}, "state.liquidated"),
    # MI-16: the food due does not match the workers placed this round
    (PLACING, {"players": with_player(PLACING, 0, acted=0)}, "state.players[0].acted"),
    (PLACING, {"players": with_player(PLACING, 1, acted=1)}, "state.players[1].acted"),
    (ACTING, {"players": with_player(ACTING, 1, acted=2)}, "state.players[1].acted"),
    (FEEDING, {"players": with_player(FEEDING, 0, hungry=4)}, "state.players[0].hungry"),
    # MI-16: while placing, the meilleur ouvrier is the most experienced player
    (PLACING, {"players": with_player(PLACING, 0, xp=2)}, "state.best_worker"),
    # amounts no game reaches (the bot's arithmetic overflowed on 10**400 balles)
    (ACTING, {"players": with_player(ACTING, 0, money=10**20)}, "state.players[0].money"),
    (ACTING, {"players": with_player(ACTING, 1, xp=10**400)}, "state.players[1].xp"),
]


@pytest.mark.parametrize(("state", "fields", "path"), BAD)
def test_corrupt_saves_are_refused(state: misere.State, fields: dict[str, Any], path: str) -> None:
    bgf.loads(bgf.dumps(state))  # the save itself is fine
    with pytest.raises(bgf.InvalidStateError) as err:
        bgf.loads(corrupt(state, **fields))
    assert str(err.value).split(":", 1)[0] == path


def test_buy_stage_needs_the_worker_on_its_sector() -> None:
    s = play(acting(BUY0), Activate(BUY0), GoToSector(1))  # on the Petits, to buy
    assert s.pending is not None and s.pending.stage == "buy"
    bgf.loads(bgf.dumps(s))
    with pytest.raises(bgf.InvalidStateError, match=r"^state\.pending\.sector: the worker"):
        bgf.loads(corrupt(s, sectors=[-1, -1, 0, -1], pending=_pending(0, 0, "buy", 1)))


def test_a_stage_with_no_way_on_is_refused() -> None:
    # The Commune sent the worker on to misery (MI-20), but every circle is taken.
    s = play(acting(BUY0), Activate(BUY0), GoToSector(COMMUNE))
    assert s.pending is not None and s.pending.stage == "fall"
    bgf.loads(bgf.dumps(s))
    full = fill_circles(s)
    zone = list(full.zone)
    with pytest.raises(
        bgf.InvalidStateError, match=r"^state\.pending: seat 0 has no move at stage 'fall'$"
    ):
        bgf.loads(corrupt(s, zone=zone, players=json.loads(bgf.dumps(full))["state"]["players"]))


def test_oeuvre_stage_is_fine_with_a_worker_on_the_oeuvre() -> None:
    s = acting(OEUVRE, money=500)
    s = play(s, Activate(OEUVRE))  # onto space 0: the move is over
    assert s.players[0].oeuvre == 0 and s.pending is None
    assert bgf.loads(bgf.dumps(s)) == s


def test_MI09_qualify_stage_needs_the_experience_to_pay() -> None:
    # Galérer at the artisans with 2 experience: the helmet is offered (MI-09). The same
    # position with 0 experience was accepted, and Qualify then left -1 experience.
    s = play(acting(STRUGGLE0, xp=2), Activate(STRUGGLE0), GoToSector(ARTISANS))
    assert s.pending is not None and s.pending.stage == "qualify"
    assert bgf.loads(bgf.dumps(s)) == s
    with pytest.raises(bgf.InvalidStateError, match=r"^state\.players\[0\]\.xp: less than the 2"):
        bgf.loads(corrupt(s, players=with_player(s, 0, xp=1)))


def test_the_bot_plays_with_the_largest_amounts_a_save_may_hold() -> None:
    money, xp = amount_limit(ACTING, 1)
    s = bgf.loads(corrupt(ACTING, players=with_player(ACTING, 1, money=money, xp=xp)))
    legal = misere.legal_actions(s)
    assert legal == (*(GoToSector(i) for i in range(4)), SlackOff())
    assert misere.HeuristicAgent(0).act(misere.observe(s, 1), legal) in legal
