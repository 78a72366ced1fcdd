"""The checks of a loaded state: `validate`, the `Game` hook run by `loads` after decoding.

A save is read from JSON, so it may hold any numbers: each check names the field that
breaks a rule, and together they make sure that ``step`` can neither crash nor stall on a
state that loaded.
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE, TERMINAL, InvalidStateError
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.rules import YEARS, capacity, fruitful, reserve
from boardgames_fr.dorge_et_ble.state import (
    DEAL,
    DISCARD,
    KEEP,
    OVER,
    PLAY,
    RESET_TO,
    ROW,
    State,
)

__all__ = ["validate"]

NUM_RES = D.NUM_RES


def validate(state: State) -> None:
    """Raises `InvalidStateError` naming the field of a loaded state that breaks a rule
    or an invariant of the rules (each card in one place, no token made up, a phase that
    can go on)."""
    if state.num_players != 2:
        raise InvalidStateError("state.num_players", "D'Orge et de Blé is for 2 players")
    if not 1 <= state.year <= YEARS:
        raise InvalidStateError("state.year", f"must be 1 to {YEARS}")
    if state.phase not in (DEAL, PLAY, DISCARD, KEEP, OVER):
        raise InvalidStateError("state.phase", f"unknown phase {state.phase!r}")
    if state.mill not in (0, 1):
        raise InvalidStateError("state.mill", "must be seat 0 or 1")
    # A card slot holds a card or -1, its only "none" (no barter card waiting, an empty
    # building): any other number is no card, also a negative one that the rules, which
    # test ``>= 0``, would silently read as "none".
    if not -1 <= state.pending < D.NUM_CARDS:
        raise InvalidStateError(
            "state.pending",
            f"must be -1 (no card) or a card 0 to {D.NUM_CARDS - 1}, not {state.pending}",
        )
    for s in (0, 1):
        for slot, c in enumerate(state.buildings[s]):
            if not -1 <= c < D.NUM_CARDS:
                raise InvalidStateError(
                    f"state.buildings[{s}][{slot}]",
                    f"must be -1 (empty) or a card 0 to {D.NUM_CARDS - 1}, not {c}",
                )
    places: list[tuple[str, tuple[int, ...]]] = [
        ("deck", state.deck),
        ("discard", state.discard),
        ("barter", state.barter),
        ("pending", (state.pending,) if state.pending >= 0 else ()),
    ]
    for s in (0, 1):
        places += [
            (f"hands[{s}]", state.hands[s]),
            (f"columns[{s}]", state.columns[s]),
            (f"buildings[{s}]", tuple(c for c in state.buildings[s] if c >= 0)),
            (f"sold[{s}]", state.sold[s]),
            (f"upgrades[{s}]", state.upgrades[s]),
        ]
    seen: set[int] = set()
    for name, cards in places:
        for c in cards:
            if not 0 <= c < D.NUM_CARDS:
                raise InvalidStateError(f"state.{name}", f"{c} is not a card")
            if c in seen:
                raise InvalidStateError(f"state.{name}", f"card {c} is in two places")
            seen.add(c)
    if len(seen) != D.NUM_CARDS:
        raise InvalidStateError("state.deck", f"{D.NUM_CARDS - len(seen)} cards are missing")
    for s in (0, 1):
        for slot, c in enumerate(state.buildings[s]):
            if c >= 0 and D.CARD_GOOD[c] != slot:
                raise InvalidStateError(
                    f"state.buildings[{s}][{slot}]", f"card {c} is the wrong good"
                )
        if any(c not in state.hands[1 - s] for c in state.known[s]):
            raise InvalidStateError(f"state.known[{s}]", "a known card is not in that hand")
        if len(state.barns[s]) != NUM_RES or any(n < 0 for n in state.barns[s]):
            raise InvalidStateError(f"state.barns[{s}]", "five counts of at least 0")
    if len(state.fields) != NUM_RES or any(n < 0 for n in state.fields):
        raise InvalidStateError("state.fields", "five counts of at least 0")
    if len(state.surplus) != NUM_RES or any(n < 0 for n in state.surplus):
        raise InvalidStateError("state.surplus", "five counts of at least 0")
    if any(n < 0 for n in reserve(state)):
        raise InvalidStateError("state.fields", "more tokens than the game has")
    # DB-04: a field only ever grows at the Semis, up to its sign: the green one (a drought
    # Semis ADD_UP_TO keeps what is there, which is at most green), or exactly the red
    # one in a drought year with RESET_TO; between two Semis it only shrinks.
    side = 1 if not fruitful(state.year) and state.options.drought_sowing == RESET_TO else 0
    for r in range(1, NUM_RES):
        sign = D.SIGNS[r][side]
        if state.fields[r] > sign:
            raise InvalidStateError(
                f"state.fields[{r}]",
                f"{state.fields[r]} {D.RESOURCES[r]} tokens, above the field's"
                f" {'red' if side else 'green'} sign of {sign}",
            )
    _validate_phase(state)


def _validate_phase(state: State) -> None:
    """The phase, the seat to move and the pending things must agree, so that a loaded
    save can neither crash ``step`` nor stall (no legal action but not over)."""
    phase, tm = state.phase, state.to_move
    for name in ("deck", "discard", "barter"):
        cards = getattr(state, name)
        if list(cards) != sorted(cards):
            raise InvalidStateError(f"state.{name}", "cards must be sorted")
    for s in (0, 1):
        if list(state.hands[s]) != sorted(state.hands[s]):
            raise InvalidStateError(f"state.hands[{s}]", "cards must be sorted")
        if len(state.hands[s]) > state.options.hand_size:
            raise InvalidStateError(
                f"state.hands[{s}]", f"more than {state.options.hand_size} cards"
            )
        if len(set(state.known[s])) != len(state.known[s]):
            raise InvalidStateError(f"state.known[{s}]", "a card is listed twice")
    if any(q not in (0, 1, ROW) for q in state.deal_queue):
        raise InvalidStateError("state.deal_queue", "entries must be 0, 1 or 2 (the row)")
    # DB-05/DB-06: dealing is a chance node with someone waiting for a card.
    if (phase == DEAL) != (tm == CHANCE):
        raise InvalidStateError("state.to_move", "-1 (chance) exactly in the deal phase")
    if phase == DEAL and not state.deal_queue:
        raise InvalidStateError("state.deal_queue", "a deal needs a seat or the row to deal to")
    if phase == DEAL and not state.deck:
        # Gap "the deck running out": whenever cards are queued and the deck is empty,
        # `_to_deal` refills it from the discard at once, or ends the deal with both
        # empty. A deal with an empty deck would have nothing to draw: no outcome, no
        # legal action, yet not over.
        raise InvalidStateError(
            "state.deck",
            "the phase deal needs a card in the deck: an empty deck is refilled from the"
            " discard at once, and with both empty the deal ends",
        )
    if phase != DEAL and state.deal_queue:
        raise InvalidStateError("state.deal_queue", "cards are queued only in the phase deal")
    # DB-05/DB-06: the queue fills the hands up to hand_size and the row up to barter_cards.
    for s in (0, 1):
        if len(state.hands[s]) + state.deal_queue.count(s) > state.options.hand_size:
            raise InvalidStateError(
                "state.deal_queue", f"deals seat {s} more than {state.options.hand_size} cards"
            )
        # DB-06: this year's harvest cards come back to the hand next drought year; the
        # card taken from the barter row is the active seat's to play (maybe harvest).
        pending = int(state.pending >= 0 and s == state.active)
        held = len(state.columns[s]) + len(state.hands[s]) + state.deal_queue.count(s) + pending
        if held > state.options.hand_size:
            raise InvalidStateError(
                f"state.columns[{s}]",
                f"harvest column and hand hold more than {state.options.hand_size} cards",
            )
    if ROW in state.deal_queue and fruitful(state.year):
        raise InvalidStateError("state.deal_queue", "no barter row in a fruitful year")
    if len(state.barter) + state.deal_queue.count(ROW) > state.options.barter_cards:
        raise InvalidStateError(
            "state.deal_queue", f"deals the row more than {state.options.barter_cards} cards"
        )
    # DB-12: the game is over exactly after the sixth year.
    if (phase == OVER) != (tm == TERMINAL):
        raise InvalidStateError("state.to_move", "-2 (over) exactly in the phase over")
    if phase == OVER and state.year != YEARS:
        raise InvalidStateError("state.year", f"the game ends after year {YEARS}")
    if phase in (PLAY, DISCARD, KEEP) and tm not in (0, 1):
        raise InvalidStateError("state.to_move", f"a seat (0 or 1) in the phase {phase}")
    if state.active not in (0, 1):
        raise InvalidStateError("state.active", "must be seat 0 or 1")
    if phase == PLAY and tm != state.active:
        raise InvalidStateError("state.active", "the seat to play is the active seat")
    if phase == PLAY and not state.hands[tm] and state.pending < 0:
        raise InvalidStateError(f"state.hands[{tm}]", "the seat to play holds no card")
    caps = (capacity(state, 0), capacity(state, 1))
    for s in (0, 1):
        over = sum(state.barns[s]) > caps[s]
        # DB-08: only the barn giving its surplus away may be over its spaces.
        if over and not (phase == DISCARD and tm == s):
            raise InvalidStateError(f"state.barns[{s}]", "more tokens than spaces")
    if phase == DISCARD and sum(state.barns[tm]) <= caps[tm]:
        raise InvalidStateError(f"state.barns[{tm}]", "the phase discard needs a barn over")
    if phase == KEEP and (not sum(state.surplus) or sum(state.barns[tm]) >= caps[tm]):
        raise InvalidStateError("state.surplus", "the phase keep needs a surplus and room")
    if phase not in (DISCARD, KEEP) and sum(state.surplus) > 0:
        raise InvalidStateError("state.surplus", "tokens are offered only while discarding")
    # DB-08: the harvester (active) gives its surplus away, then the other seat keeps.
    if phase == DISCARD and tm != state.active:
        raise InvalidStateError("state.active", "the seat giving tokens away is the active seat")
    if phase == KEEP and tm == state.active:
        raise InvalidStateError(
            "state.active", "the seat keeping offered tokens is not the active seat"
        )
    # DB-06: barter happens only in drought years.
    if fruitful(state.year) and (state.barter or state.pending >= 0):
        raise InvalidStateError("state.barter", "no barter row in a fruitful year")
    # DB-06: the card taken from the row is played at once, by the seat that took it.
    if state.pending >= 0 and phase != PLAY:
        raise InvalidStateError("state.pending", "a barter card waits only in the phase play")
    if fruitful(state.year) and phase != OVER:
        # DB-05: who plays next follows from the Mill and the hand sizes, and every card
        # played may be harvested: a Mill or a seat to move that breaks the order could
        # grow a column past hand_size, a hand too many when it comes back (DB-06).
        ahead = _cards_ahead(state)
        for s in (0, 1):
            if len(state.columns[s]) + ahead[s] > state.options.hand_size:
                raise InvalidStateError(
                    "state.mill",
                    f"seat {s} would hold more than {state.options.hand_size} cards this year:"
                    " the Mill, the seat to move and the hands do not fit one turn order",
                )


def _cards_ahead(state: State) -> tuple[int, int]:
    """DB-05: the most cards each seat will have played from now on plus held, at any
    point of this fruitful year, from the hand sizes (and the cards still to deal) alone:
    the turn order of `rules._next_turn` and `rules.first_to_play`, replayed on counts. Every card
    played may be harvested, so a column plus this must stay within hand_size."""
    queue = state.deal_queue
    h = [len(state.hands[0]) + queue.count(0), len(state.hands[1]) + queue.count(1)]
    mill = state.mill
    plays = [0, 0]
    most = [h[0], h[1]]
    seat: int | None
    if state.phase == DEAL:
        seat = mill if h[mill] or not h[1 - mill] else 1 - mill
    elif state.phase == PLAY:
        seat = state.to_move
    else:
        # DISCARD: the harvester is to move; KEEP: the other seat keeps what it is offered.
        # Either way the harvester has played, and its turn ends next.
        seat = None
        after = state.to_move if state.phase == DISCARD else 1 - state.to_move
    while True:
        if seat is not None:
            if not h[seat]:
                break  # a seat to play with no card: refused elsewhere
            h[seat] -= 1
            plays[seat] += 1
            after = seat
        other = 1 - after
        if after == mill and h[other]:
            seat = other
            continue
        if not h[0] and not h[1]:
            break
        h = [h[1], h[0]]
        # Only a swap changes what a seat holds plus what it has played.
        most = [max(most[s], plays[s] + h[s]) for s in (0, 1)]
        seat = mill if h[mill] or not h[1 - mill] else 1 - mill
    return max(most[0], plays[0] + h[0]), max(most[1], plays[1] + h[1])
