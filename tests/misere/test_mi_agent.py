"""The heuristic agent's choices in positions set up by hand."""

from __future__ import annotations

import attrs
from misere_helpers import (
    AGRICOLES,
    ARTISANS,
    BUY0,
    COMMUNE,
    MANCHE,
    PETITS,
    STRUGGLE0,
    WORK0,
    fresh,
    play,
    put,
    setp,
)

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.misere.actions import (
    Activate,
    BuyFood,
    FallToMisery,
    Glander,
    GoToSector,
    Place,
)
from boardgames_fr.misere.state import ACTION, State

SEEDS = range(8)
POINTER, OEUVRE, BEG = 0, 1, 2  # the misery circles, for FallToMisery
POINTER_PLACE, MANCHE_PLACE = 6, MANCHE  # the circles' places on the zone


def _choices(s: State) -> set[object]:
    """What the bot plays here, over several of its seeds (it breaks ties at random)."""
    return {
        misere.HeuristicAgent(seed).act(misere.observe(s, s.to_move), misere.legal_actions(s))
        for seed in SEEDS
    }


def test_MI18_bot_plays_on_to_a_sure_win_rather_than_share_one_now() -> None:
    # Round 1: player 2 begs with no food, so its only worker starves at the end of the
    # round; player 1 went to the Commune (free meal) and now picks a misery action.
    s = play(fresh(), Place(BUY0, False), Place(MANCHE, False), Activate(MANCHE))
    s = play(s, Activate(BUY0), GoToSector(COMMUNE))
    assert misere.legal_actions(s) == tuple(FallToMisery(c) for c in (POINTER, OEUVRE, BEG))
    # Its worker onto the Oeuvre: nobody can place any more, 1000 each, a shared win.
    tie = misere.step(s, FallToMisery(OEUVRE))
    assert misere.is_terminal(tie) and misere.winners(tie) == (0, 1)
    # Pointer keeps the game alive, player 2 has no worker left, and a food for round 2.
    on = misere.step(s, FallToMisery(POINTER))
    assert not misere.is_terminal(on) and on.players[1].owned_plain == 0
    assert _choices(s) == {FallToMisery(POINTER)}


def _last_move(**seat0: int) -> State:
    """Round 12, player 1's last worker on Acheter à bouffer, to act: the game ends with its
    move. It has 5000 and the food it needs; player 2's worker stands on the artisans."""
    s = attrs.evolve(fresh(), round=12)
    s = setp(put(s, 0, BUY0), 0, money=5000, food=1, **seat0)
    s = setp(s, 1, plain=0, acted=1, food=1)
    s = attrs.evolve(s, sectors=(2, -1, -1, -1), phase=ACTION, to_move=0, pile=11)
    return bgf.loads(bgf.dumps(s))  # a legal position


def test_MI18_bot_wins_by_the_most_on_the_last_move() -> None:
    s = play(_last_move(), Activate(BUY0))
    assert misere.legal_actions(s) == (
        GoToSector(PETITS),
        GoToSector(AGRICOLES),
        GoToSector(COMMUNE),
        Glander(),
    )
    # Every move wins; begging after the Commune's meal adds 250 (one worker on the
    # sectors), buying food nobody will eat only costs money.
    assert _choices(s) == {GoToSector(COMMUNE)}
    s = misere.step(s, GoToSector(COMMUNE))
    # Not the Oeuvre, whose worker no longer counts (MI-18), nor Pointer (+0).
    assert _choices(s) == {FallToMisery(BEG)}
    end = misere.step(s, FallToMisery(BEG))
    assert misere.is_terminal(end) and misere.scores(end) == (6250, 2000)
    assert misere.step(s, FallToMisery(OEUVRE)).players[0].oeuvre == 0
    assert misere.scores(misere.step(s, FallToMisery(POINTER))) == (6000, 2000)


def test_MI18_bot_buys_as_little_as_it_must_on_the_last_move() -> None:
    s = play(_last_move(), Activate(BUY0), GoToSector(PETITS))
    assert misere.legal_actions(s)[:2] == (BuyFood(1), BuyFood(2))
    assert _choices(s) == {BuyFood(1)}


def _buying_at_the_farmers(waiting: int) -> State:
    """Round 12: player 1 has two workers out, one buying at the agribusiness farmers (500
    a food), the other waiting on ``waiting``; no food yet, so two are due (MI-16)."""
    s = attrs.evolve(fresh(), round=12)
    s = setp(s, 0, plain=2, owned_plain=2, money=2500)
    s = put(put(put(s, 1, WORK0), 0, BUY0), 0, waiting)
    s = bgf.loads(bgf.dumps(attrs.evolve(s, phase=ACTION, to_move=0)))  # a legal position
    return play(s, Activate(BUY0), GoToSector(AGRICOLES))


def test_MI12_bot_counts_the_food_pointer_will_bring() -> None:
    # The worker on Pointer takes a food from the pile later this round (MI-12): one
    # token bought is enough. It bought two, 500 balles for a food nobody eats.
    s = _buying_at_the_farmers(MANCHE_PLACE)
    assert _choices(s) == {BuyFood(2)}  # begging brings no food: two are needed
    s = _buying_at_the_farmers(POINTER_PLACE)
    assert _choices(s) == {BuyFood(1)}
    end = play(s, BuyFood(1), Activate(WORK0), GoToSector(ARTISANS), Activate(POINTER_PLACE))
    assert misere.is_terminal(end)
    assert (end.players[0].money, end.players[0].food, end.players[0].lost) == (2000, 0, 0)


def test_MI12_bot_places_knowing_pointer_feeds_a_worker() -> None:
    # Round 6: player 1 holds 1 food and has a worker on Pointer (a food to come, MI-12);
    # its second worker is to place: 2 mouths, 2 food, so it works instead of buying.
    s = attrs.evolve(fresh(), round=6)
    s = setp(s, 0, plain=2, owned_plain=2, money=3000, food=1, xp=1)
    s = setp(put(s, 0, POINTER_PLACE), 1, money=3000, food=1)
    s = bgf.loads(bgf.dumps(attrs.evolve(s, to_move=1, pile=11, best_worker=0)))
    s = play(s, Place(STRUGGLE0, False))  # player 2 on Galérer
    assert misere.legal_actions(s) == (Place(BUY0, False), Place(WORK0, False))
    assert _choices(s) == {Place(WORK0, False)}
