"""Sampling a whole Fromage position from what one seat sees (issue #21): the
`determinize` of a search bot that must not peek at hidden information.

The race is public: the mice, the dice, the cheese, the windows and the markers being
played are all in the observation. What a seat cannot see is the power markers (FR-11):
the kinds in the other hands (their sizes are public) and, while they are dealt, the kinds
left in the deck; after the deal the markers left over go back to the box, unseen. A
marker played is shown, with who played it (`Markers.played_by`), and the seat's own past
draws are its hand and the markers it played: so the observation already holds everything
the seat knows, and the markers it has not seen are ``copies - own hand - discards``.

Without the full set those unseen markers are shuffled and dealt, each other hand taking
its size and the deck (while dealing) the rest: every placement of the physical markers is
equally likely, as a shuffled deal gives it. With the full set each seat got one marker of
each kind, so a hand holds exactly the kinds its player has not played: nothing is left to
chance (but in a save from before `Markers.played_by`, where a deal is drawn among those
that fit, `rules.deal_distinct`).
"""

from __future__ import annotations

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage.rules import deal_distinct
from boardgames_fr.fromage.state import (
    COPIES_PER_KIND,
    DRAW,
    KINDS,
    Markers,
    Observation,
    State,
)

__all__ = ["determinize"]


def determinize(observation: Observation, rng: Rng) -> State:
    """A whole state that ``observation``'s seat cannot tell from the real one, drawn with
    ``rng`` only (see the module for what is drawn).

    The state gets a fresh RNG (``rng.u64()``, drawn after the markers), so its dice and
    draws to come are not the real ones. Its chance mode is explicit when the observation
    is at a chance node, else automatic (the observation does not say which mode the real
    game uses, and a search resolves chance with the state's own RNG either way).

    For the public view (``seat`` None) every hand is hidden: all of them are dealt from
    the markers not played.

    Raises:
        ValueError: the observation shows more markers of a kind than the game has, or
            hands too large for the markers not seen (no real game gives such a view).

    Example:
        >>> from boardgames_fr import fromage
        >>> s = fromage.new_game(3, seed=5, options={"powers": True})
        >>> obs = fromage.observe(s, 1)
        >>> t = determinize(obs, Rng(2))
        >>> fromage.observe(t, 1) == obs, t.markers.hands[1] == s.markers.hands[1]
        (True, True)
        >>> t.rng != s.rng
        True
    """
    obs = observation
    markers = _markers(obs, rng) if obs.options.powers else None
    return State(
        num_players=obs.num_players,
        options=obs.options,
        to_move=obs.to_move,
        rng=rng.u64(),
        explicit=obs.to_move == CHANCE,
        phase=obs.phase,
        mice=obs.mice,
        to_place=obs.to_place,
        turn=obs.turn,
        space=obs.space,
        dice=obs.dice,
        todo=obs.todo,
        used=obs.used,
        window=obs.window,
        effects=obs.effects,
        markers=markers,
        cheese=obs.cheese,
        resume=obs.resume,
        transferred_from=obs.transferred_from,
    )


def _markers(obs: Observation, rng: Rng) -> Markers:
    """FR-11: the hands (and the deck while dealing) drawn among those ``obs`` allows."""
    n = obs.num_players
    seat = obs.seat
    full_set = obs.options.full_set
    copies = n if full_set else COPIES_PER_KIND
    own = obs.own_markers if seat is not None else ()
    unseen = [copies - own.count(k) - obs.discards.count(k) for k in KINDS]
    if min(unseen) < 0:
        raise ValueError("the observation shows more markers of a kind than the game has")
    others = [s for s in range(n) if s != seat]
    sizes = {s: obs.marker_counts[s] for s in others}
    if sum(sizes.values()) > sum(unseen):
        raise ValueError("the other hands hold more markers than the game has left unseen")
    hands: list[tuple[str, ...]] = [()] * n
    if seat is not None:
        hands[seat] = own
    deck: tuple[int, ...] = ()
    if full_set:
        # One of each kind per seat: a hand is what its player has not played; with
        # every play recorded exactly one deal fits (`rules.deal_distinct`).
        pool = [k for k, u in zip(KINDS, unseen, strict=True) for _ in range(u)]
        seen = list(zip(obs.discards, obs.played_by, strict=True))
        played = {s: {k for k, p in seen if p == s} for s in others}
        dealt = deal_distinct(pool, sizes, played, rng)
        if dealt is None:
            raise ValueError("no deal of a full set gives these hands and plays")
        for s in others:
            hands[s] = dealt[s]
        return Markers(tuple(hands), deck, obs.discards, obs.played_by)
    pool = [k for k, u in zip(KINDS, unseen, strict=True) for _ in range(u)]
    # Fisher-Yates: every order of the physical markers equally likely, then dealt.
    for i in range(len(pool) - 1, 0, -1):
        j = rng.randrange(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    at = 0
    for s in others:
        hands[s] = tuple(sorted(pool[at : at + sizes[s]]))
        at += sizes[s]
    if obs.phase == DRAW:
        # Still dealing (explicit mode): the markers not in a hand are the deck.
        rest = pool[at:]
        deck = tuple(rest.count(k) for k in KINDS)
    return Markers(tuple(hands), deck, obs.discards, obs.played_by)
