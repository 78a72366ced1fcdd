"""The frozen state of a Little Factory game and its parts.

Goods are counted, not listed: a hand, the market rows, the deck and the discard pile are
each a tuple of counts indexed by good number (`data.GOODS`: 0..4 basic, 5..13 and 21
(milk) tier 2, 14..20 and 22 tier 3; milk is tier 3 with ``Options.milk_tier`` 3). So two
states holding the same cards are equal whatever the order of play, and no deck order
exists to hide: each card drawn is one chance event over the counts left, as the API
contract asks of every game.
"""

from __future__ import annotations

import attrs

from boardgames_fr.core.options import int_in, one_of
from boardgames_fr.core.serial import ABSENT
from boardgames_fr.core.svg import Picture

__all__ = [
    "ENDS",
    "END_BLOCKED",
    "END_POINTS",
    "END_ROUNDS",
    "END_TOKENS",
    "NOT_OVER",
    "PHASES",
    "PHASE_COIN_EXCHANGE",
    "PHASE_DISCARD",
    "PHASE_MAIN",
    "PHASE_PAY",
    "PHASE_TAKE",
    "Observation",
    "Options",
    "State",
    "Trade",
]

_BOOL = one_of((True, False))

# What the seat to move is doing (``State.phase``). The first round's coin exchange was
# "exchange" until schema_version 2: the French « échange » is the trade of LF-05 (the
# "take" and "pay" phases), so the bare word read as the wrong one.
PHASE_COIN_EXCHANGE = "coin_exchange"  # LF-02: coins for basic goods, first round only
PHASE_MAIN = "main"  # LF-03: the turn's production or trade, building, end of the turn
PHASE_TAKE = "take"  # LF-05: choosing what a trade takes from the market
PHASE_PAY = "pay"  # LF-05: paying for it, card by card
PHASE_DISCARD = "discard"  # LF-03: discarding down to the hand limit

PHASES = (PHASE_COIN_EXCHANGE, PHASE_MAIN, PHASE_TAKE, PHASE_PAY, PHASE_DISCARD)
"""What the seat to move is doing: the first round's coin exchange (LF-02), the turn's
choices (LF-03), choosing what to take in a trade, paying for it (LF-05), discarding down
to the hand limit."""

# Why a game ended (``State.end``, the `ending` hook's word).
NOT_OVER = ""  # the game goes on
END_POINTS = "points"  # LF-01: the seat to move reached the target points
END_TOKENS = "tokens"  # LF-09: the VP tokens ran out
END_ROUNDS = "rounds"  # LF-13: the last seat of the last round played
END_BLOCKED = "blocked"  # LF-13: no seat can do anything but end its turn

ENDS = (END_POINTS, END_TOKENS, END_ROUNDS, END_BLOCKED)
"""Why a game ended (``State.end``): a seat reached the target points (LF-01), the VP
tokens ran out (LF-09), the last round was played or no seat can do anything but end its
turn (LF-13)."""


@attrs.frozen
class Options:
    """Tunables of the rules; the defaults are the seed's rules (and the recorded choices).

    Attributes:
        target_points: victory points that win at once (LF-01).
        vp_tokens: victory point tokens in the supply; none left ends the game (LF-09).
        hand_limit: cards a player may keep at the end of a turn (LF-03).
        first_round_exchange: the first round's exchange of coins for basic goods (LF-02).
        reshuffle_discard: a short row with an empty deck takes back its tier's discards (LF-06).
        max_rounds: the game ends after this many rounds, most points winning (LF-13).
        milk_tier: milk (lait) in tier 2 as the seed lists it, or 3 as published (LF-06, LF-07).

    Example:
        >>> Options(hand_limit=0)
        Traceback (most recent call last):
        ...
        ValueError: hand_limit must be an integer from 1 to 30, not 0
    """

    target_points: int = attrs.field(default=10, validator=int_in(1, 50))  # LF-01
    vp_tokens: int = attrs.field(default=12, validator=int_in(1, 60))  # LF-09 tokens
    hand_limit: int = attrs.field(default=7, validator=int_in(1, 30))  # LF-03
    first_round_exchange: bool = attrs.field(default=True, validator=_BOOL)  # LF-02
    reshuffle_discard: bool = attrs.field(default=True, validator=_BOOL)  # Choices: empty deck
    max_rounds: int = attrs.field(default=60, validator=int_in(1, 1000))  # LF-13
    # Choices « Lait »: the seed lists milk in « 2ème Niveau (Bleu) »; 3 is the published card.
    # Saves and logs written before this option existed were played with milk in tier 3.
    milk_tier: int = attrs.field(default=2, validator=one_of((2, 3)), metadata={ABSENT: 3})


@attrs.frozen(slots=False)  # dict-backed: cheap to copy with core.fast.replace
class Trade:
    """A trade in progress (LF-05): what is taken, then what is paid, card by card.

    ``taken`` counts goods taken from the market (by good number); ``taken_buildings``
    lists building ids; ``price`` is their total trade value. ``paid`` counts the goods
    given from the hand, ``paid_coins`` the coins, ``paid_value`` their total value.
    """

    taken: tuple[int, ...]
    taken_buildings: tuple[int, ...]
    price: int
    paid: tuple[int, ...]
    paid_coins: int
    paid_value: int


@attrs.frozen(slots=False)  # dict-backed: cheap to copy with core.fast.replace
class State(Picture):
    """A Little Factory position.

    ``turn`` is the seat whose turn it is (``to_move`` is that seat or CHANCE while the
    market is refilled, TERMINAL at the end). ``hands[s]``, ``market``, ``deck`` and
    ``discard`` are counts by good number; ``market`` holds the basic row (0..4), the
    tier 2 row and the tier 3 row. ``buildings_shown`` are the building rows' cards,
    ``building_deck`` the buildings not yet drawn, ``built[s]`` the buildings of seat s.
    ``acted``: produced or traded this turn; ``used_building``: the building action is
    spent. ``end``: why the game ended ("" while it goes on, else one of `ENDS`).

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> s.turn, s.round, s.phase, s.coins, len(s.hands[0])
        (0, 1, 'coin_exchange', (3, 4), 23)
    """

    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    turn: int
    round: int
    phase: str
    coins: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    built: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    token_supply: int
    market: tuple[int, ...]
    buildings_shown: tuple[int, ...]
    deck: tuple[int, ...]
    building_deck: tuple[int, ...]
    discard: tuple[int, ...]
    acted: bool
    used_building: bool
    trade: Trade | None
    end: str


@attrs.frozen(slots=False)  # dict-backed: built several times faster (an RL step builds one)
class Observation(Picture):
    """What one seat may know (``seat`` None: the public view).

    Everything is public but the hands (``hand`` is the observer's own, None for the
    public view; ``hand_sizes`` for all) and the deck's content (only its sizes: tier 2,
    tier 3, small buildings, large buildings). The discard pile is public (LF-12). The
    ``options`` are public: ``options.milk_tier`` tells in which row milk (lait) is drawn
    (Choices « Lait »). ``winners`` is empty until the game has ended, then the seats that
    won: a tie on points is decided by the trade value of the hands (Choices), which the
    end of the game makes known.

    Example:
        >>> import boardgames_fr.little_factory as lf
        >>> s = lf.new_game(2, seed=3)
        >>> public, mine = lf.observe(s, None), lf.observe(s, 0)
        >>> public.hand is None, mine.hand == s.hands[0], public.hand_sizes
        (True, True, (0, 0))
    """

    seat: int | None
    num_players: int
    options: Options
    to_move: int
    turn: int
    round: int
    max_rounds: int
    phase: str
    coins: tuple[int, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    built: tuple[tuple[int, ...], ...]
    tokens: tuple[int, ...]
    token_supply: int
    points: tuple[int, ...]
    market: tuple[int, ...]
    buildings_shown: tuple[int, ...]
    deck_sizes: tuple[int, int, int, int]
    discard: tuple[int, ...]
    acted: bool
    used_building: bool
    trade: Trade | None
    hand_limit: int
    target_points: int
    end: str
    winners: tuple[int, ...]
