"""Hidden information (third audit): two states that differ only in what a seat may not
see (the unknown cards of the other hand, which cards are in the deck, the RNG) look the
same to it in every view: observation (also its repr and JSON), text and SVG pictures,
the labels of its moves, and the heuristic bot's choice."""

from __future__ import annotations

import json
import random
from typing import Any

import attrs

from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.serial import encode
from boardgames_fr.dorge_et_ble.state import State


def _redealt(s: State, seat: int | None, rnd: random.Random) -> State:
    """``s`` with the cards ``seat`` does not know swapped with deck cards, a new RNG."""
    hands = [list(s.hands[0]), list(s.hands[1])]
    deck = list(s.deck)
    for h in (0, 1) if seat is None else (1 - seat,):
        for c in [c for c in hands[h] if c not in s.known[1 - h]]:
            if deck and rnd.random() < 0.7:
                j = rnd.randrange(len(deck))
                hands[h][hands[h].index(c)], deck[j] = deck[j], c
    return attrs.evolve(
        s,
        hands=(tuple(sorted(hands[0])), tuple(sorted(hands[1]))),
        deck=tuple(sorted(deck)),
        rng=rnd.getrandbits(64),
    )


def _views(s: State, seat: int | None) -> list[Any]:
    o = db.observe(s, seat)
    out: list[Any] = [repr(o), json.dumps(encode(o))]
    out += [db.render(s, lang, seat) for lang in ("fr", "en")]
    out += [db.render(s, lang) for lang in ("fr", "en")]
    out += [db.render_svg(s, lang) for lang in ("fr", "en")]
    if seat is not None and s.to_move == seat:
        legal = db.legal_actions(s)
        out.append([db.describe(a, s, lang) for a in legal for lang in ("fr", "en")])
        out.append(db.HeuristicAgent(seed=5).act(o, legal))
    return out


def test_no_view_tells_apart_states_that_differ_in_hidden_cards_only() -> None:
    compared = 0
    for g in range(8):
        rnd = random.Random(g)
        options = {} if g % 2 == 0 else {"hand_size": 6, "barter_cards": 5, "barn_size": 4}
        s = db.new_game(seed=g, chance=("auto", "explicit")[g % 4 // 2], options=options)
        while not db.is_terminal(s):
            if rnd.random() < 0.15:
                for seat in (None, 0, 1):
                    v = _redealt(s, seat, rnd)
                    if (v.hands, v.deck) != (s.hands, s.deck):
                        compared += 1
                        assert _views(v, seat) == _views(s, seat), (g, seat, s.phase)
            if s.to_move == CHANCE:
                action = rnd.choice(db.chance_outcomes(s))[0]
            else:
                action = rnd.choice(db.legal_actions(s))
            s = db.step(s, action)
    assert compared > 300
