"""What the table shows and who decides: the seat that plays for a farm, the neighbour
of a pawn (LA-08), and the core's read-only hooks (``observe``, ``scores``, ``winners``,
``ending``, ``hidden_variants``).

Pure functions of the state, shared by the turn loop (rules.py), the save checks and the
game's wiring (game.py).
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.fast import replace
from boardgames_fr.lactorama.farms import HEX, ROUTES, farm_value, first_seat, rivals
from boardgames_fr.lactorama.state import ACTIVE, Observation, State

__all__ = [
    "ending",
    "handout_seat",
    "hidden_variants",
    "neighbour_candidates",
    "observe",
    "scores",
    "seat_of",
    "winners",
]


def seat_of(s: State, farm: int) -> int:
    """The seat that decides for ``farm``: its first to reach the hexagon, else its first."""
    return first_seat(s.room.arrived, s.farm_of, farm)


def handout_seat(s: State) -> int:
    """LA-19, LA-01: the seat that hands out the land of the eliminated farm
    ``handout[0]``: the seat on its turn if it plays for that farm (« le joueur ayant
    lancé le dé à son tour aura le dernier mot »), else the farm's first seat."""
    farm = s.handout[0]
    if 0 <= s.actor < s.num_players and s.farm_of[s.actor] == farm:
        return s.actor
    return s.farm_of.index(farm)


def _active_seat(s: State, seat: int) -> bool:
    return s.farms[s.farm_of[seat]].status == ACTIVE


def _progress(s: State, seat: int) -> int:
    route_len = len(ROUTES[s.options.squares])
    p = s.pos[seat]
    if s.room.is_waiting(seat):
        return route_len + p + HEX + 1
    return p


def neighbour_candidates(s: State, seat: int) -> tuple[int, ...]:
    """LA-08: the farms that may be "the neighbour" of ``seat``'s pawn.

    The pawn just ahead (pawns on the actor's own square count as ahead); if nobody is
    ahead, the pawn just behind. Several pawns on that square: the actor chooses.
    """
    me = s.farm_of[seat]
    others_farms = rivals(s.farms, s.farm_of, me)
    if len(others_farms) < 2:  # one farm in play besides the actor's (the usual game)
        return tuple(others_farms)
    mine = _progress(s, seat)
    others = [
        (_progress(s, t), s.farm_of[t])
        for t in range(s.num_players)
        if s.farm_of[t] != me and _active_seat(s, t)
    ]
    if not others:
        return ()
    ahead = [p for p, _ in others if p >= mine]
    target = min(ahead) if ahead else max(p for p, _ in others)
    return tuple(sorted({f for p, f in others if p == target}))


def scores(s: State) -> tuple[int, ...]:
    """The core's ``scores`` hook: each seat's farm's value in euros (LA-20), any time."""
    return tuple(farm_value(s.farms[s.farm_of[seat]]) for seat in range(s.num_players))


def winners(s: State) -> tuple[int, ...]:
    """The seats of the winning farms (a team or an alliance wins together)."""
    return tuple(seat for seat in range(s.num_players) if s.farm_of[seat] in s.winner_farms)


def ending(s: State) -> str:
    """The core's ``ending`` hook: how the game ended (`state.END_REASONS`): a conviction
    (LA-18), the last farm in play or none (LA-19, LA-20), the years over (LA-20)."""
    return s.end_reason


def observe(s: State, seat: int | None) -> Observation:
    """The core's ``observe`` hook: the whole table but the RNG."""
    return Observation(
        seat=seat,
        num_players=s.num_players,
        options=s.options,
        to_move=s.to_move,
        farms=s.farms,
        farm_of=s.farm_of,
        pos=s.pos,
        year=s.year,
        season=s.season,
        stage=s.stage,
        phase=s.phase,
        actor=s.actor,
        room=s.room,
        slots=s.slots,
        deck=s.deck,
        imprevu=s.imprevu,
        imprevu_under=s.imprevu_under,
        dice=s.dice,
        card=s.card,
        neighbour=s.neighbour,
        shop_price=s.shop_price,
        shop_left=s.shop_left,
        offer=s.offer,
        queue=s.queue,
        handout=s.handout,
        end_reason=s.end_reason,
        last_player=s.last_player,
        moved=s.moved,
        budget=s.budget,
        deal_slot=s.deal_slot,
        winner_farms=s.winner_farms,
    )


def hidden_variants(s: State, seat: int | None, rng: Any) -> tuple[State, ...]:
    """The core's ``hidden_variants`` hook. Nothing is hidden but the RNG: every card on
    the table and in the piles is public (a pile is drawn as a chance event, so it has no
    order to hide)."""
    return (replace(s, rng=rng.u64()),)
