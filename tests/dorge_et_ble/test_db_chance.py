"""Refusals at the deal, D'Orge et de Blé's chance nodes (explicit chance mode: a table
typing in the cards it deals), in a player's words, never telling where a hidden card is."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble import rules
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.state import ROW


def _deal(ok: Callable[[db.State], bool]) -> db.State:
    """The first deal of seed 1's explicit game (random play, seeded) where ``ok`` holds."""
    rnd = Rng(1)
    s = db.new_game(2, seed=1, chance="explicit")
    while not db.is_terminal(s):
        if db.current_player(s) == bgf.CHANCE:
            if ok(s):
                return s
            s = db.step(s, bgf.sample_chance(s))
        else:
            s = db.step(s, (legal := db.legal_actions(s))[rnd.randrange(len(legal))])
    raise AssertionError("no such deal")


def _refusal(s: db.State, action: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        db.step(s, action)
    return str(info.value)


# One move of each kind: none is the card drawn at a deal.
MOVES = (Harvest(2), Sell(2), Upgrade(2), Barter(2, 5), Discard(1), Keep(4))


def test_DB05_a_move_during_the_fruitful_deal_names_the_hand_dealt_to() -> None:
    assert db.GAME.explain_chance
    s = _deal(lambda s: s.year == 1)
    assert s.deal_queue[0] == s.mill == 0
    for a in MOVES:
        assert _refusal(s, a) == (
            "the cards are being dealt: the next card drawn from the deck goes to Player 1's hand"
        )
    s = _deal(lambda s: s.year == 1 and s.deal_queue[0] == 1)
    assert _refusal(s, Harvest(2)) == (
        "the cards are being dealt: the next card drawn from the deck goes to Player 2's hand"
    )


def test_DB06_a_move_during_the_drought_deal_names_the_hand_or_the_barter_row() -> None:
    s = _deal(lambda s: s.year == 2)
    assert s.deal_queue[0] == s.mill == 1  # DB-06: the Mill holder fills its hand first
    assert _refusal(s, Barter(2, 5)) == (
        "the cards are being dealt: the next card drawn from the deck goes to Player 2's hand"
    )
    s = _deal(lambda s: s.year == 2 and s.deal_queue[0] == ROW)
    assert _refusal(s, Upgrade(2)) == (
        "the cards are being dealt: the next card drawn from the deck goes to the barter row"
    )


def test_a_card_that_is_not_in_the_deck_cannot_be_drawn() -> None:
    # The right kind of outcome: the game's words, without saying where the card is (a
    # hand) and without a list of the deck, whose cards tell what the hands hold.
    s = _deal(lambda s: s.year == 1 and s.deal_queue[0] == 1)
    assert _refusal(s, Draw(s.hands[0][0])) == (
        "Blonde ale 4 (#2) cannot be drawn now: it is not in the deck"
    )
    assert _refusal(s, Draw(60)) == "there is no card 60 (cards go from 0 to 59)"
    assert rules._explain(s, Draw(s.deck[0])) == ""  # it can be drawn: nothing to explain


def test_a_deck_of_twelve_cards_or_fewer_is_not_listed_either() -> None:
    s = _deal(lambda s: len(s.deck) <= 12)
    assert 0 < len(s.deck) <= 12
    assert _refusal(s, Draw(60)) == "there is no card 60 (cards go from 0 to 59)"


def test_refusals_at_decision_nodes_are_unchanged() -> None:
    s = db.new_game(2, seed=3, chance="explicit")
    while db.current_player(s) == bgf.CHANCE:
        s = db.step(s, bgf.sample_chance(s))
    assert _refusal(s, Draw(0)) == "no card is being dealt now"
    assert _refusal(s, Barter(2, 5)) == "barter is only possible in a drought year"
    assert _refusal(s, Harvest(0)) == "Blonde ale 4 (#0) is not in Player 1's hand"
