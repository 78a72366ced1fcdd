"""Saves whose deal queue, columns or seat to play break the rules are refused, naming
the field (the review of the loaders, after Lactorama's)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.dorge_et_ble.actions import Draw
from boardgames_fr.testing import save_refused

ORDER = " the Mill, the seat to move and the hands do not fit one turn order"


def _reached(ok: Callable[[db.State], bool]) -> db.State:
    for seed in range(100):
        rnd = random.Random(seed)
        s = db.new_game(2, seed=seed, chance="explicit")
        while not db.is_terminal(s):
            if ok(s):
                return s
            s = db.step(s, rnd.choice(db.legal_actions(s)))
    raise AssertionError("not reached")


def _playing(s: db.State) -> bool:
    return s.phase == "play" and s.year == 1 and len(s.hands[s.to_move]) < 5


def test_queue_outside_the_deal_is_refused() -> None:
    e = save_refused(_reached(_playing), lambda d: d.update(deal_queue=[0]))
    assert e.path == "state.deal_queue" and "only in the phase deal" in str(e)


def test_queue_overfilling_a_hand_is_refused() -> None:
    # Repro: deal_queue [1, 1, ...] longer than the hand's room loaded, then the deal
    # gave a seat more than hand_size cards (a state the validator rejects).
    s = _reached(lambda s: s.phase == "deal" and s.year == 1 and len(s.deal_queue) > 2)
    e = save_refused(s, lambda d: d.update(deal_queue=[0] * 6))
    assert e.path == "state.deal_queue" and "deals seat 0 more than 5 cards" in str(e)


def test_barter_row_queued_in_a_fruitful_year_is_refused() -> None:
    s = _reached(lambda s: s.phase == "deal" and s.year == 1 and len(s.deal_queue) > 2)
    e = save_refused(s, lambda d: d.update(deal_queue=[2, *d["deal_queue"][1:]]))
    assert e.path == "state.deal_queue" and "no barter row in a fruitful year" in str(e)


def test_column_and_hand_over_hand_size_are_refused() -> None:
    # Repro: columns[1] grown by 3 cards in year 1 loaded; the next drought year took
    # them back into a hand of more than hand_size cards.
    s = _reached(_playing)

    def grow(d: dict[str, Any]) -> None:
        d["deck"], extra = d["deck"][5:], d["deck"][:5]
        d["columns"][0] = sorted(d["columns"][0] + extra)

    e = save_refused(s, grow)
    assert e.path == "state.columns[0]" and "hold more than 5 cards" in str(e)


def test_seat_to_play_must_be_the_active_seat() -> None:
    # Repro: to_move 0 with active 1 in the phase play loaded, then a hand overfilled.
    e = save_refused(_reached(_playing), lambda d: d.update(active=1 - d["to_move"]))
    assert e.path == "state.active" and "active seat" in str(e)


def test_mill_out_of_the_turn_order_is_refused() -> None:
    # Repro (fuzz): at the start of year 1 (hand_size 6) with seat 0 to play, mill 1
    # loaded; seat 0 then played, the hands were swapped back to it, and the year gave
    # it 7 cards to play: next drought year its hand held more than hand_size cards.
    s = db.new_game(2, seed=1, options={"hand_size": 6})
    assert (s.year, s.phase, s.to_move, s.mill, len(s.hands[0])) == (1, "play", 0, 0, 6)
    e = save_refused(s, lambda d: d.update(mill=1))
    assert (e.path, e.problem) == (
        "state.mill",
        "seat 0 would hold more than 6 cards this year:" + ORDER,
    )


def test_mill_out_of_the_turn_order_while_discarding_is_refused() -> None:
    # The same order, from a barn giving away its surplus: the harvester (seat 0, the
    # Mill holder, 4 cards harvested) ends its turn next; with the Mill on seat 1 the
    # hands would be swapped at once, giving it back 2 cards: 6 in all.
    def shape(s: db.State) -> bool:
        sizes = ([len(h) for h in s.hands], [len(c) for c in s.columns])
        return s.phase == "discard" and s.year == 1 and sizes == ([1, 2], [4, 0])

    s = _reached(shape)
    assert (s.to_move, s.mill) == (0, 0)
    e = save_refused(s, lambda d: d.update(mill=1))
    assert (e.path, e.problem) == (
        "state.mill",
        "seat 0 would hold more than 5 cards this year:" + ORDER,
    )


def test_pending_barter_card_counts_in_the_hand_size() -> None:
    # Repro (fuzz): hand_size lowered to 4 with column 1 + hand 3 + the card taken from
    # the barter row: the barter card, harvested, made a column of 5.
    s = _reached(lambda s: s.phase == "play" and s.pending >= 0)
    seat = s.to_move
    held = len(s.columns[seat]) + len(s.hands[seat]) + 1
    e = save_refused(s, lambda d: d["options"].update(hand_size=held - 1))
    assert (e.path, e.problem) == (
        f"state.columns[{seat}]",
        f"harvest column and hand hold more than {held - 1} cards",
    )


def test_pending_barter_card_outside_the_phase_play_is_refused() -> None:
    # A row card taken while a barn gives away its surplus: it would wait for a seat that
    # has already played (`_played` clears it as soon as it is played).
    s = _reached(lambda s: s.phase == "discard" and s.year == 2 and bool(s.barter))
    e = save_refused(s, lambda d: d.update(pending=d["barter"][0], barter=d["barter"][1:]))
    assert (e.path, e.problem) == ("state.pending", "a barter card waits only in the phase play")


# --- the deal and the card slots (audit: saves that loaded, then stalled or misread) ------

EMPTY_DECK = (
    "the phase deal needs a card in the deck: an empty deck is refilled from the discard at"
    " once, and with both empty the deal ends"
)


def test_DB05_deal_with_an_empty_deck_and_a_discard_is_refused() -> None:
    """DB-05/DB-06 (gap: the deck running out): a save dealing from an empty deck while
    the discard holds cards used to load; nothing could be drawn (no legal action, no
    chance outcome, not over) and `sample_chance` raised IndexError."""
    dealing = db.new_game(seed=0, chance="explicit")
    assert dealing.phase == "deal" and len(dealing.deck) == 60
    e = save_refused(dealing, lambda d: d.update(discard=d["deck"], deck=[]))
    assert (e.path, e.problem) == ("state.deck", EMPTY_DECK)
    # An auto save never rests at a deal: the core refuses it first (tests/core).


def test_DB05_the_deck_refilled_from_the_discard_mid_deal_loads() -> None:
    """DB-05/DB-06: real play never deals from an empty deck: when the last card is drawn
    with cards still queued, the discard becomes the deck at once; that state loads."""
    s = _reached(
        lambda s: s.phase == "deal" and len(s.deck) == 1 and len(s.deal_queue) > 1 and s.discard
    )
    n = len(s.discard)
    t = db.step(s, Draw(s.deck[0]))
    assert (t.phase, len(t.deck), t.discard) == ("deal", n, ())
    assert bgf.loads(bgf.dumps(t)) == t
    e = save_refused(t, lambda d: d.update(discard=d["deck"], deck=[]))
    assert (e.path, e.problem) == ("state.deck", EMPTY_DECK)


def test_pending_card_out_of_range_is_refused() -> None:
    """DB-06: ``pending`` is a card taken from the barter row or -1 (none); -5 used to load
    and be read as « none »."""
    s = _reached(_playing)
    for bad in (-5, -2, 60, 99):
        e = save_refused(s, lambda d, bad=bad: d.update(pending=bad))
        assert (e.path, e.problem) == (
            "state.pending",
            f"must be -1 (no card) or a card 0 to 59, not {bad}",
        )


def test_building_slot_out_of_range_is_refused() -> None:
    """DB-09: a Brasserie or Boulangerie holds a sold card or -1 (empty); -7 used to load
    and be read as empty."""
    s = _reached(_playing)
    for seat, slot, bad in ((0, 0, -7), (1, 1, -2), (0, 1, 60)):

        def change(d: dict[str, Any], seat: int = seat, slot: int = slot, bad: int = bad) -> None:
            d["buildings"][seat][slot] = bad

        e = save_refused(s, change)
        assert (e.path, e.problem) == (
            f"state.buildings[{seat}][{slot}]",
            f"must be -1 (empty) or a card 0 to 59, not {bad}",
        )
