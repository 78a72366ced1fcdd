"""Sampling a whole D'Orge et de Blé position from what one seat sees (issue #21): the
`determinize` of a search bot that must not peek at hidden information.

A seat cannot see the deck (a set: every draw is a chance event over the cards left) nor
the cards of the other hand it does not know. Every other card lies face up: the discard,
the barter row and the pending barter card, the harvest columns, the Brasserie and
Boulangerie, the sold piles and the upgrades; its own hand it holds, and the observation
lists the cards of the other hand it knows (``known``: it passed them in a fruitful year,
or saw them come back from a harvest column) and the cards of its own hand that the other
seat knows (``known_by_other``). The cards not in view are therefore exactly those of the
deck and of the unknown part of the other hand, whose sizes are public, and `determinize`
deals them between the two as a shuffle would.

Limit: after the deck runs out in a deal and is refilled from the discard (DB-05, DB-06
gap, about 1 game in 100, in the last years), a seat that remembers the discard knows
that the new deck holds only those cards; the observation does not keep that memory, so
the sample may place a card of the old deck in the new one. Such a state is still one
that gives the seat the very same observation.
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble.state import Observation, State

__all__ = ["determinize", "unseen_cards"]


def unseen_cards(observation: Observation) -> tuple[int, ...]:
    """The cards that ``observation``'s seat does not see, in card order: those of the
    deck and of the unknown part of the other hand (both hands for the public view).

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> o = db.observe(db.new_game(seed=3), 0)
        >>> len(unseen_cards(o)) == o.deck_size + o.hand_sizes[1]
        True
    """
    obs = observation
    seen = [False] * D.NUM_CARDS
    for group in (
        obs.hand,
        obs.known,
        obs.discard,
        obs.barter,
        obs.columns[0],
        obs.columns[1],
        obs.buildings[0],
        obs.buildings[1],
        obs.sold[0],
        obs.sold[1],
        obs.upgrades[0],
        obs.upgrades[1],
        (obs.pending,),
    ):
        for c in group:
            if c >= 0:
                if seen[c]:
                    raise ValueError(f"the observation shows card {c} in two places")
                seen[c] = True
    return tuple(c for c in range(D.NUM_CARDS) if not seen[c])


def determinize(observation: Observation, rng: Rng) -> State:
    """A whole state that ``observation``'s seat cannot tell from the real one, drawn with
    ``rng`` only.

    The cards not in view (`unseen_cards`) are shuffled, and the other hand takes as many
    of them as it holds cards the seat does not know; the rest is the deck. Every split of
    the unseen cards between the deck and that hand is equally likely. The seat's own hand,
    what each seat knows of the other's hand, the tokens and all the face-up cards are the
    observation's. The state gets a fresh RNG (``rng.u64()``), so its future is not the
    real one's. Its chance mode is explicit when the observation is at a chance node, else
    automatic (the observation does not say which mode the real game uses; a search
    resolves chance with the state's own RNG).

    For the public view (``seat`` None) both hands are hidden: both are dealt from the
    unseen cards, and neither seat knows a card of the other's hand in the sample (what
    the seats know of each other is not public).

    Raises:
        ValueError: the hand and deck sizes do not add up to the cards not in view, or the
            observation shows a card twice.

    Example:
        >>> from boardgames_fr import dorge_et_ble as db
        >>> s = db.new_game(seed=3)
        >>> obs = db.observe(s, 0)
        >>> t = determinize(obs, Rng(1))
        >>> db.observe(t, 0) == obs, t.hands[0] == s.hands[0], t.rng != s.rng
        (True, True, True)
    """
    obs = observation
    seat = obs.seat
    pool = list(unseen_cards(obs))
    if seat is None:
        free = list(obs.hand_sizes)
        kept: list[tuple[int, ...]] = [(), ()]
        known: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    else:
        other = 1 - seat
        free = [0, 0]
        free[other] = obs.hand_sizes[other] - len(obs.known)
        kept = [(), ()]
        kept[seat] = obs.hand
        kept[other] = obs.known
        if len(obs.hand) != obs.hand_sizes[seat]:
            raise ValueError("the seat's hand does not have the size the observation says")
        if any(c not in obs.hand for c in obs.known_by_other):
            raise ValueError("a card the other seat knows is not in the seat's hand")
        known = (obs.known, obs.known_by_other) if seat == 0 else (obs.known_by_other, obs.known)
    if min(free) < 0 or len(pool) != obs.deck_size + sum(free):
        raise ValueError("the hand and deck sizes do not add up to the cards not in view")
    # Fisher-Yates with ``rng``: every order of the unseen cards is equally likely, so is
    # every split between the hidden hand(s) and the deck.
    for i in range(len(pool) - 1, 0, -1):
        j = rng.randrange(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    hands = []
    at = 0
    for s in (0, 1):
        hands.append(tuple(sorted(kept[s] + tuple(pool[at : at + free[s]]))))
        at += free[s]
    deck = tuple(sorted(pool[at:]))
    return State(
        num_players=2,
        options=obs.options,
        to_move=obs.to_move,
        rng=rng.u64(),
        explicit=obs.to_move == CHANCE,
        year=obs.year,
        phase=obs.phase,
        active=obs.active,
        mill=obs.mill,
        deck=deck,
        discard=obs.discard,
        deal_queue=obs.deal_queue,
        hands=(hands[0], hands[1]),
        known=known,
        barter=obs.barter,
        pending=obs.pending,
        columns=obs.columns,
        buildings=obs.buildings,
        sold=obs.sold,
        upgrades=obs.upgrades,
        barns=obs.barns,
        fields=obs.fields,
        surplus=obs.surplus,
    )
