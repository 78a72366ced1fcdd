"""The heuristic agent's choices in positions set up by hand."""

from __future__ import annotations

import attrs
from misere_helpers import (
    AGRICOLES,
    BUY0,
    COMMUNE,
    MANCHE,
    PETITS,
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
