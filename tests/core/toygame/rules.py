"""The rules of the toy game: the hooks `Game` calls, pure functions of the state.

TY-01: the first to the target wins. TY-02: a one loses the pot and the turn. TY-03: ties
go to the higher secret card.
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.components import draw_outcomes, remove_one
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.fast import replace
from toygame.actions import Bank, Card, Face, Roll
from toygame.state import NO_CARD, Observation, Options, State

LEAK = False  # flipped by a test to prove the no-leak check can fail


def init(n: int, options: Options, rng: int, explicit: bool) -> State:
    # The secret cards are dealt first, by chance nodes (auto mode resolves them).
    deck = (1, 2, 3, 4, 5, 6)
    return State(n, options, CHANCE, rng, explicit, (NO_CARD,) * n, deck, (0,) * n, 0, 0)


def legal(s: State) -> tuple[Any, ...]:
    return (Roll(), Bank()) if s.pot else (Roll(),)


def _next(s: State) -> int:
    return (s.active + 1) % s.num_players


def apply(s: State, a: Any) -> State:
    if isinstance(a, Roll):
        return replace(s, to_move=CHANCE)
    score = list(s.score)
    score[s.active] += s.pot
    done = score[s.active] >= s.options.target  # TY-01
    nxt = _next(s)
    return replace(s, score=tuple(score), pot=0, active=nxt, to_move=TERMINAL if done else nxt)


def chance(s: State) -> tuple[tuple[Any, int], ...]:
    if NO_CARD in s.secret:
        return tuple((Card(c), w) for c, w in draw_outcomes(s.deck))
    return tuple((Face(v), 1) for v in range(1, 7))


def apply_chance(s: State, o: Any, rng: int) -> State:
    if isinstance(o, Card):
        i = s.secret.index(NO_CARD)
        secret = s.secret[:i] + (o.value,) + s.secret[i + 1 :]
        tm = CHANCE if NO_CARD in secret else s.active
        return replace(s, secret=secret, deck=remove_one(s.deck, o.value), rng=rng, to_move=tm)
    if o.value == 1:  # TY-02: a one loses the pot and the turn
        nxt = _next(s)
        return replace(s, pot=0, active=nxt, to_move=nxt, rng=rng)
    return replace(s, pot=s.pot + o.value, to_move=s.active, rng=rng)


def scores(s: State) -> tuple[float, ...]:
    return tuple(float(x) for x in s.score)


def winners(s: State) -> tuple[int, ...]:
    best = max(s.score)
    top = [i for i in range(s.num_players) if s.score[i] == best]
    return (max(top, key=lambda i: s.secret[i]),)  # TY-03: ties to the higher card


def observe(s: State, seat: int | None) -> Observation:
    mine = s.secret[seat] if seat is not None else None
    if LEAK:
        mine = s.secret[(seat or 0) - 1]
    return Observation(seat, mine, s.score, s.pot, s.to_move)


def hidden_variants(s: State, seat: int | None, rng: Any) -> tuple[State, ...]:
    """States ``seat`` cannot tell from ``s``: another seat's card swapped with the deck."""
    out = []
    for i in range(s.num_players):
        if i == seat or s.secret[i] == NO_CARD:
            continue
        for v in s.deck:
            secret = s.secret[:i] + (v,) + s.secret[i + 1 :]
            deck = remove_one(s.deck, v) + (s.secret[i],)
            out.append(replace(s, secret=secret, deck=tuple(sorted(deck))))
    return tuple(out)
