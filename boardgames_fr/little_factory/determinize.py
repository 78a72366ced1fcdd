"""Sampling a whole Little Factory position from what one seat sees (issue #21): the
`determinize` of a search bot that must not peek at hidden information.

What a seat cannot see is the other hands (their sizes are public) and the content of the
tier 2 and tier 3 decks (their sizes are public; a deck is a count, with no order). Every
other card is in view: the market rows, the discard pile (LF-12), the seat's own hand and
the cards already put down in a trade. The cards of a good not in view are therefore
``copies - market - discard - own hand - put down``, and they lie in the other hands and
the decks. The building deck holds exactly the buildings neither shown nor built, so it is
known.

The observation is the seat's view of the table now (Choices « Hidden information »:
hands are hidden), and `determinize` draws among the states that give this very view, with
the rules' consequences that every seat can work out: a seat in a trade can pay the price
it took (LF-05), and an ended game has the winners the observation names (a tie on points
is decided by the hands' trade value) and, if it ended blocked, no seat able to act
(LF-13).
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory.data import BUILDING_IDS, GOODS, NUM_GOODS
from boardgames_fr.little_factory.rules import TIER_GOODS, blocked, hand_value, winners
from boardgames_fr.little_factory.state import END_BLOCKED, Observation, State

__all__ = ["MAX_TRIES", "determinize"]

MAX_TRIES = 10_000
"""Deals drawn before `determinize` gives up on an observation that no deal explains
(the rules' consequences above reject a deal; a real observation is explained by most)."""

_COPIES = tuple(tuple(g.copies[col] for g in GOODS) for col in range(3))  # [n - 2][good]
_ZERO = (0,) * NUM_GOODS


def _shuffle(cards: list[int], rng: Rng) -> None:
    """Fisher-Yates with ``rng``: every order equally likely."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randrange(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def determinize(observation: Observation, rng: Rng) -> State:
    """A whole state that ``observation``'s seat cannot tell from the real one, drawn with
    ``rng`` only.

    The cards not in view (see the module) are dealt as a shuffled pack would deal them:
    every placement of the physical cards that fits is equally likely, each tier's deck
    taking that many cards of its tier and each other hand (less the cards it has put down
    in a trade) its size; a deal that breaks a consequence of the rules every seat can work
    out (a trade's price above the hand and coins that pay it, other winners at the end,
    a seat able to act in a blocked game) is drawn again. The state gets a fresh RNG
    (``rng.u64()``), so its future is not the real one's. Its chance mode is explicit when
    the observation is at a chance node, else automatic (the observation does not say
    which mode the real game uses; a search resolves chance with the state's own RNG).

    For the public view (``seat`` None) every hand is hidden, and all of them are dealt.

    Raises:
        ValueError: the observation counts more cards of a good than the game has, or no
            deal explains it (none found in `MAX_TRIES` draws).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> obs = lf.observe(s, 0)
        >>> t = determinize(obs, Rng(1))
        >>> lf.observe(t, 0) == obs, t.hands[0] == s.hands[0], t.rng != s.rng
        (True, True, True)
    """
    obs = observation
    n, seat, trade, turn = obs.num_players, obs.seat, obs.trade, obs.turn
    copies = _COPIES[n - 2]
    # The cards each hand is known to hold: the seat's own hand, and what the seat in a
    # trade has put down (still in its hand until the trade completes, LF-05).
    known = [_ZERO] * n
    if seat is not None:
        if obs.hand is None:
            raise ValueError("a seat's observation must hold its hand")
        known[seat] = obs.hand
    if trade is not None and turn != seat:
        known[turn] = trade.paid
    unseen = [
        copies[k] - obs.market[k] - obs.discard[k] - sum(h[k] for h in known)
        for k in range(NUM_GOODS)
    ]
    for k, u in enumerate(unseen):
        if u < 0:
            raise ValueError(f"the observation shows more {GOODS[k].key} than the game has")
    free = [0 if i == seat else obs.hand_sizes[i] - sum(known[i]) for i in range(n)]
    tier2, tier3 = TIER_GOODS[obs.options.milk_tier]
    size2, size3 = obs.deck_sizes[0], obs.deck_sizes[1]
    if (
        min(free) < 0
        or sum(unseen[k] for k in tier2) < size2
        or sum(unseen[k] for k in tier3) < size3
        or sum(unseen) != size2 + size3 + sum(free)
    ):
        raise ValueError("the hand and deck sizes do not add up to the cards not in view")
    pool2 = [k for k in tier2 for _ in range(unseen[k])]
    pool3 = [k for k in tier3 for _ in range(unseen[k])]
    in_tiers = set(tier2) | set(tier3)
    rest0 = [k for k in range(NUM_GOODS) if k not in in_tiers for _ in range(unseen[k])]
    shown = set(obs.buildings_shown)
    for built in obs.built:
        shown.update(built)
    building_deck = tuple(b for b in BUILDING_IDS if b not in shown)
    coins = obs.coins
    for _ in range(MAX_TRIES):
        # Each tier's deck takes a uniform subset of that tier's cards not in view; the
        # rest is shuffled into the other hands: every placement of the cards is as likely.
        _shuffle(pool2, rng)
        _shuffle(pool3, rng)
        deck = [0] * NUM_GOODS
        for k in pool2[:size2]:
            deck[k] += 1
        for k in pool3[:size3]:
            deck[k] += 1
        rest = rest0 + pool2[size2:] + pool3[size3:]
        _shuffle(rest, rng)
        hands: list[tuple[int, ...]] = []
        at = 0
        for i in range(n):
            if i == seat:
                hands.append(known[i])
                continue
            hand = list(known[i])
            for k in rest[at : at + free[i]]:
                hand[k] += 1
            at += free[i]
            hands.append(tuple(hand))
        if trade is not None and trade.price > hand_value(hands[turn]) + coins[turn]:
            continue  # LF-05: the seat took only what its hand and coins can pay
        state = State(
            num_players=n,
            options=obs.options,
            to_move=obs.to_move,
            rng=0,
            explicit=obs.to_move == CHANCE,
            turn=turn,
            round=obs.round,
            phase=obs.phase,
            coins=coins,
            hands=tuple(hands),
            built=obs.built,
            tokens=obs.tokens,
            token_supply=obs.token_supply,
            market=obs.market,
            buildings_shown=obs.buildings_shown,
            deck=tuple(deck),
            building_deck=building_deck,
            discard=obs.discard,
            acted=obs.acted,
            used_building=obs.used_building,
            trade=trade,
            end=obs.end,
        )
        if obs.end and (
            winners(state) != obs.winners or (obs.end == END_BLOCKED and not blocked(state))
        ):
            continue  # the end names the winners (ties by hand value) and why it came
        return replace(state, rng=rng.u64())
    raise ValueError(f"no deal of the hidden cards explains this observation ({MAX_TRIES} tries)")
