"""Saves whose deal queue, columns or seat to play break the rules are refused, naming
the field (the review of the loaders, after Lactorama's)."""

from __future__ import annotations

import json
import pathlib
import random
from collections.abc import Callable
from typing import Any

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.errors import CHANCE
from boardgames_fr.dorge_et_ble.actions import Draw
from boardgames_fr.dorge_et_ble.state import DISCARD, RESET_TO
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


# --- third audit: fields above their sign, and who gives or keeps the surplus -------------


def test_DB04_field_above_its_green_sign_is_refused() -> None:
    """DB-04: a field only grows at the Semis, up to its sign (wheat 7/5). A save with 8
    wheat in its field at the start of year 1 used to load (11 wheat were left in the
    reserve, so no count went negative) and play on."""
    s = db.new_game(seed=3)
    assert s.fields == (18, 7, 8, 6, 6)
    e = save_refused(s, lambda d: d["fields"].__setitem__(1, 8))
    assert (e.path, e.problem) == (
        "state.fields[1]",
        "8 wheat tokens, above the field's green sign of 7",
    )


def test_DB04_with_reset_to_a_drought_field_above_its_red_sign_is_refused() -> None:
    """DB-04, option ``drought_sowing``: « add_up_to » keeps a field above its red sign (7
    wheat in year 2 is a real position), « reset_to » brings it down to exactly 5."""
    rnd = random.Random(0)
    s = db.new_game(2, seed=0, chance="explicit")
    while not (s.year == 2 and s.phase == "play"):
        s = db.step(s, rnd.choice(db.legal_actions(s)))
    assert s.fields == (15, 7, 4, 4, 4) and s.options.drought_sowing == "add_up_to"
    assert bgf.loads(bgf.dumps(s)) == s
    e = save_refused(s, lambda d: d["options"].update(drought_sowing="reset_to"))
    assert (e.path, e.problem) == (
        "state.fields[1]",
        "7 wheat tokens, above the field's red sign of 5",
    )


def test_DB08_the_seat_keeping_the_surplus_is_not_the_harvester() -> None:
    """DB-08: the harvester (``active``) offers, the other seat keeps. A save in the phase
    keep with ``active`` equal to the seat keeping used to load, and its observation said
    the keeper was the one playing a card."""
    s = _reached(lambda s: s.phase == "keep")
    assert s.active == 1 - s.to_move
    e = save_refused(s, lambda d: d.update(active=d["to_move"]))
    assert (e.path, e.problem) == (
        "state.active",
        "the seat keeping offered tokens is not the active seat",
    )


def test_DB08_the_seat_giving_the_surplus_away_is_the_harvester() -> None:
    """DB-08: in the phase discard the seat to move is the harvester, ``active``."""
    s = _reached(lambda s: s.phase == "discard")
    assert s.active == s.to_move
    e = save_refused(s, lambda d: d.update(active=1 - d["to_move"]))
    assert (e.path, e.problem) == ("state.active", "the seat giving tokens away is the active seat")


# --- third audit: saves mutated field by field --------------------------------------------

_JUNK: tuple[Any, ...] = ("x", None, 1.5, True, [], {}, -1, 0, 1, 2, 6, 59, 60, 99, 2**70, [0])


def _paths(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k != "@":
                out += _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*path, i))
    return out


def _mutate(doc: dict[str, Any], rnd: random.Random) -> None:
    path = rnd.choice(_paths(doc))
    parent: Any = doc
    for k in path[:-1]:
        parent = parent[k]
    old = parent[path[-1]]
    kind = rnd.randrange(4)
    if kind == 0:
        parent[path[-1]] = rnd.choice(_JUNK)
    elif kind == 1 and type(old) is int:
        parent[path[-1]] = old + rnd.choice((-2, -1, 1, 2))
    elif kind == 2 and isinstance(old, list):
        if old and rnd.random() < 0.5:
            old.append(rnd.choice(old))  # a card or a count twice
        elif old:
            old.pop(rnd.randrange(len(old)))
    elif isinstance(parent, dict) and len(path) == 1:
        if rnd.random() < 0.5:
            del parent[path[-1]]
        else:
            parent["extra"] = 0
    else:
        # A card moved from one place to another (both places still sorted).
        lists = [p for p in _paths(doc) if isinstance(_get(doc, p), list)]
        a, b = _get(doc, rnd.choice(lists)), _get(doc, rnd.choice(lists))
        if a and all(type(c) is int for c in a + b):
            b.append(a.pop(rnd.randrange(len(a))))
            b.sort()


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def _play_out(s: db.State, rnd: random.Random) -> None:
    """Every public call works on ``s`` and after it, and the game ends."""
    bot = db.HeuristicAgent(seed=1)
    for n in range(2000):
        for seat in (None, 0, 1):
            repr(db.observe(s, seat))
            if n % 25 == 0:
                db.render(s, "fr", seat)
        if n % 25 == 0:
            db.render_svg(s, "en")
        db.scores(s)
        if db.is_terminal(s):
            assert db.legal_actions(s) == () and len(db.winners(s)) == 1
            return
        if s.to_move == CHANCE:
            action = bgf.sample_chance(s)
        else:
            legal = db.legal_actions(s)
            assert legal, "a state with no legal action that is not over"
            for a in legal:
                db.describe(a, s, "en")
            action = bot.act(db.observe(s, s.to_move), legal) if rnd.random() < 0.5 else legal[0]
        s = db.step(s, action)
        assert bgf.loads(bgf.dumps(s)) == s  # never a state its own validator refuses
    raise AssertionError("the game did not end")


def test_mutated_saves_are_refused_or_play_on_safely() -> None:
    """A save changed field by field (a wrong type, a number off by one or two, a card
    twice or missing or moved, a field missing or extra) either raises InvalidStateError
    or loads a state on which every public call works and that plays to the end. The
    audit's runs (31,000 mutations, each accepted save played out and re-saved at every
    step) found no crash; the one wrong save they loaded was a field above its sign
    (`test_DB04_field_above_its_green_sign_is_refused`)."""
    rnd = random.Random(3)
    refused = accepted = 0
    for seed in range(6):
        s = db.new_game(seed=seed, chance=("auto", "explicit")[seed % 2])
        for _ in range(rnd.randrange(0, 300)):
            if db.is_terminal(s):
                break
            s = db.step(
                s, bgf.sample_chance(s) if s.to_move < 0 else rnd.choice(db.legal_actions(s))
            )
        base = json.loads(bgf.dumps(s))
        for _ in range(40):
            doc = json.loads(json.dumps(base))
            _mutate(doc["state"], rnd)
            try:
                t = bgf.loads(json.dumps(doc))
            except bgf.InvalidStateError:
                refused += 1
                continue
            accepted += 1
            _play_out(t, rnd)
    assert refused > 100 and accepted > 10, (refused, accepted)


# --- saves and match logs of earlier versions ------------------------------------------

DATA = pathlib.Path(__file__).resolve().parent / "data"
# What the samples were played with: these options, and free sales (rules_version 1,
# before the option ``free_sales`` existed: a save without it loads with it on).
SAMPLE_OPTIONS = {"drought_sowing": "reset_to", "barn_size": 7, "free_sales": True}


def _sample_state() -> db.State:
    """How the samples of data/ were made, played by today's code: seed 11, random moves
    (``random.Random(11)``) until the first discard of year 2 (a drought year)."""
    s = db.new_game(seed=11, options=SAMPLE_OPTIONS)
    rnd = random.Random(11)
    while not (s.phase == DISCARD and s.year >= 2):
        s = db.step(s, rnd.choice(db.legal_actions(s)))
    return s


def test_a_save_of_schema_1_loads_as_the_state_today_s_code_reaches() -> None:
    """data/save_v1.json, written before the rules were split into modules (issue #20):
    the same State, field for field, as the same game played now."""
    text = (DATA / "save_v1.json").read_text(encoding="utf-8")
    assert json.loads(text)["schema_version"] == 1
    loaded = bgf.loads(text)
    assert loaded == _sample_state()
    assert bgf.loads(bgf.dumps(loaded)) == loaded


def test_a_match_log_of_schema_1_replays_to_the_state_today_s_code_reaches() -> None:
    text = (DATA / "match_v1.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["schema_version"] == 1 and doc["options"]["drought_sowing"] == RESET_TO
    match = bgf.Match.from_json(text)
    assert match.state == _sample_state()
    assert len(match.history) == len(doc["actions"])
