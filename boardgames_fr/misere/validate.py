"""Checking a loaded save of Misère: the `validate` hook.

A save is refused, with the path of the field, unless it is a position play can reach:
workers and the 18 food tokens all accounted for, the phase, the move in progress and the
seat to move agreeing, and amounts that stay within `MAX_AMOUNT` whatever is played next.
"""

from __future__ import annotations

import attrs

from boardgames_fr.core.errors import TERMINAL, InvalidStateError
from boardgames_fr.misere.data import OEUVRE, SECTORS, SETUP, TABLE
from boardgames_fr.misere.rules import (
    A_BUY,
    A_MISERY,
    A_STRUGGLE,
    A_WORK,
    BEG,
    COMMUNE,
    LAST_SPACE,
    PER_COLOUR,
    legal,
)
from boardgames_fr.misere.state import (
    BUY,
    FALL,
    FEED,
    OVER,
    PHASES,
    PLACEMENT,
    QUALIFY,
    ROUTE,
    STAGES,
    WORK_FOR_SELF,
    Player,
    State,
    zone_layout,
)

__all__ = ["MAX_AMOUNT", "MONEY_PER_MOVE", "XP_PER_MOVE", "amount_limit", "moves_left", "validate"]

# Issue #23: a save that loads must only lead to saves that load. Money and experience
# have no bound in the rules, but a game is finite: each worker's move adds at most
# MONEY_PER_MOVE balles and XP_PER_MOVE experience, and `moves_left` bounds the moves
# a seat can still finish. So a save is refused when an amount exceeds MAX_AMOUNT less
# what the rest of the game can add: since every step that adds an amount also lowers
# `moves_left` by one (and no step raises it), every state play reaches from a loaded one
# passes this check again. MAX_AMOUNT keeps the bot's arithmetic (floats) finite.
MAX_AMOUNT = 10**9
_CELLS = [cell for liq in TABLE for cells in liq for cell in cells if cell is not None]
# MI-08/MI-15: a wage and the helmet's bonus; MI-14: begging, 250 per worker on the 4
# sectors; MI-13: the sale of the Oeuvre. Buying and galérer only spend.
MONEY_PER_MOVE = max(
    max(cell.wage for cell in _CELLS) + SETUP.qualified_wage_bonus,
    BEG * len(SECTORS),
    max(space.value for space in OEUVRE),
)
# MI-08/MI-09: the stars of a sector, for bosser or galérer (a helmet only costs).
XP_PER_MOVE = max(cell.xp for cell in _CELLS)


def moves_left(s: State, seat: int) -> int:
    """An upper bound of the worker moves ``seat`` may still finish (the moves that gain
    money or experience), which no step raises and every gaining step lowers.

    MI-16: a round is placing (then up to `PER_COLOUR` workers act), acting (the seat's
    workers on the zone, and the one whose move is in progress) and the feeding (no more
    moves); each later round up to `PER_COLOUR` more. Over: none.

    Example:
        >>> from boardgames_fr import misere
        >>> moves_left(misere.new_game(2, seed=1), 0)  # 12 rounds of 4 workers at most
        48
    """
    if s.phase == OVER:
        return 0
    later = PER_COLOUR * (s.options.rounds - s.round)
    if s.phase == PLACEMENT:
        return later + PER_COLOUR
    if s.phase == FEED:
        return later
    on_zone = sum(1 for x in s.zone if x >= 0 and x >> 1 == seat)
    return later + on_zone + (s.pending is not None and s.pending.seat == seat)


def amount_limit(s: State, seat: int) -> tuple[int, int]:
    """The most money and experience a save of ``s`` may give ``seat`` (see `MAX_AMOUNT`).

    Example:
        >>> from boardgames_fr import misere
        >>> amount_limit(misere.new_game(2, seed=1), 0) == (
        ...     MAX_AMOUNT - 48 * MONEY_PER_MOVE, MAX_AMOUNT - 48 * XP_PER_MOVE)
        True
    """
    moves = moves_left(s, seat)
    return MAX_AMOUNT - MONEY_PER_MOVE * moves, MAX_AMOUNT - XP_PER_MOVE * moves


def validate(s: State) -> None:
    """Refuse a loaded state that play cannot reach, naming the field (`InvalidStateError`)."""
    if s.num_players != 2 or len(s.players) != 2:
        raise InvalidStateError("state.players", "Misère is for 2 players")
    if s.phase not in PHASES:
        raise InvalidStateError("state.phase", f"unknown phase {s.phase!r}")
    layout = zone_layout(s.options.plain_squares, s.options.dotted_squares)
    if len(s.zone) != len(layout):
        raise InvalidStateError("state.zone", f"expected {len(layout)} places")
    if len(s.sectors) != 4:
        raise InvalidStateError("state.sectors", "expected 4 sectors")
    for name, row in (("zone", s.zone), ("sectors", s.sectors)):
        for i, x in enumerate(row):
            if not -1 <= x <= 3:
                raise InvalidStateError(f"state.{name}[{i}]", f"bad worker code {x}")
    if not 1 <= s.round <= s.options.rounds:
        raise InvalidStateError("state.round", f"must be 1..{s.options.rounds}")
    for name, v in (("first_player", s.first_player), ("best_worker", s.best_worker)):
        if v not in (0, 1):
            raise InvalidStateError(f"state.{name}", "must be 0 or 1")
    if s.oeuvre_winner not in (-1, 0, 1):
        raise InvalidStateError("state.oeuvre_winner", "must be -1, 0 or 1")
    if s.pile < 0 or s.commune_food < 0:
        raise InvalidStateError("state.pile", "food cannot be negative")
    if s.commune_food > SETUP.commune_food:  # MI-16: restocked up to its setup tokens only
        raise InvalidStateError("state.commune_food", f"at most {SETUP.commune_food} tokens")
    held = s.pending is not None and s.pending.stage in (ROUTE, FALL, WORK_FOR_SELF)
    if s.pending is not None:
        if s.pending.stage not in STAGES:
            raise InvalidStateError("state.pending.stage", f"unknown stage {s.pending.stage!r}")
        if not 0 <= s.pending.worker <= 3 or s.pending.seat != s.pending.worker >> 1:
            raise InvalidStateError("state.pending.worker", "bad worker code")
    _validate_turn(s)
    for i, (_, dotted) in enumerate(layout):
        if dotted and s.zone[i] >= 0 and not s.zone[i] & 1:
            # MI-15: the dotted squares are for qualified workers only.
            raise InvalidStateError(f"state.zone[{i}]", "an unqualified worker on a dotted square")
    food = s.pile + s.commune_food
    for seat, pl in enumerate(s.players):
        path = f"state.players[{seat}]"
        for f in attrs.fields(Player):
            v = getattr(pl, f.name)
            if f.name != "oeuvre" and isinstance(v, int) and v < 0:
                raise InvalidStateError(f"{path}.{f.name}", "cannot be negative")
        money_limit, xp_limit = amount_limit(s, seat)
        for name, v, limit in (("money", pl.money, money_limit), ("xp", pl.xp, xp_limit)):
            if v > limit:  # issue #23: see MAX_AMOUNT
                raise InvalidStateError(
                    f"{path}.{name}",
                    f"more than {limit} ({MAX_AMOUNT} less what the rest of the game can add)",
                )
        owned = pl.owned_plain + pl.owned_qualified
        if owned + pl.lost > PER_COLOUR:
            raise InvalidStateError(path, f"more than {PER_COLOUR} workers")
        if not -1 <= pl.oeuvre <= LAST_SPACE:
            raise InvalidStateError(f"{path}.oeuvre", f"must be -1..{LAST_SPACE}")
        if pl.oeuvre_qualified and pl.oeuvre < 0:
            raise InvalidStateError(f"{path}.oeuvre_qualified", "no worker on the Oeuvre")
        counts = [pl.plain, pl.qualified]
        for x in (*s.zone, *s.sectors):
            if x >= 0 and x >> 1 == seat:
                counts[x & 1] += 1
        out = counts[0] + counts[1] - pl.plain - pl.qualified  # on the zone and sectors
        if pl.oeuvre >= 0:
            counts[int(pl.oeuvre_qualified)] += 1
        if held and s.pending is not None and s.pending.seat == seat:
            counts[s.pending.worker & 1] += 1
            out += 1
        if counts != [pl.owned_plain, pl.owned_qualified]:
            raise InvalidStateError(path, "the workers on the table do not match the counts")
        # MI-16: every worker placed this round is due a food: those still out, and at
        # most every worker the player has; while placing, exactly those on the zone.
        if pl.acted < out or pl.acted > owned or (s.phase == PLACEMENT and pl.acted != out):
            raise InvalidStateError(
                f"{path}.acted", f"{pl.acted} workers due a food, with {out} out this round"
            )
        if pl.hungry > owned:
            raise InvalidStateError(f"{path}.hungry", f"more than the {owned} workers owned")
        food += pl.food
    if food != SETUP.food_tokens:
        raise InvalidStateError("state.pile", f"food tokens add up to {food}, not 18")
    if s.pile == 0 and not s.liquidated:
        # MI-10: whatever took the pile's last token flipped the Petits exploitants tile.
        raise InvalidStateError(
            "state.liquidated", "the central pile is empty: the Petits exploitants are liquidated"
        )
    xp0, xp1 = s.players[0].xp, s.players[1].xp
    # MI-16: the token went to the most experience at the end of the last round, and
    # nobody gains any while placing.
    if s.phase == PLACEMENT and xp0 != xp1 and s.best_worker != (0 if xp0 > xp1 else 1):
        raise InvalidStateError("state.best_worker", "held by the less experienced player")
    # Last, with every part known to be in range: the seat to move can move.
    if s.phase != OVER and not legal(s):
        raise InvalidStateError(
            "state.to_move" if s.pending is None else "state.pending",
            f"seat {s.to_move} has no move"
            + ("" if s.pending is None else f" at stage {s.pending.stage!r}"),
        )


def _validate_turn(s: State) -> None:
    """Phase, move in progress and seat to move agree (whether that seat can move is
    checked after the workers and the food, see `_validate`)."""
    p = s.pending
    if s.phase == OVER:
        if s.to_move != TERMINAL:
            raise InvalidStateError("state.to_move", "the game is over: must be TERMINAL (-2)")
        if p is not None:
            raise InvalidStateError("state.pending", "the game is over: no move in progress")
        if s.oeuvre_winner < 0 and s.round != s.options.rounds:
            raise InvalidStateError("state.round", "the game ends after the last round (MI-18)")
        return
    if s.to_move not in (0, 1):
        raise InvalidStateError("state.to_move", f"{s.to_move} is not a seat of a live game")
    if s.oeuvre_winner >= 0:
        raise InvalidStateError("state.oeuvre_winner", "a sold Oeuvre ends the game (MI-17)")
    for seat, pl in enumerate(s.players):
        if pl.hungry and (s.phase != FEED or seat < s.to_move):
            raise InvalidStateError(
                f"state.players[{seat}].hungry", "workers are only lost at the feeding (MI-16)"
            )
    if s.phase == FEED:
        if p is not None:
            raise InvalidStateError("state.pending", "no move in progress at the feeding")
        if any(x >= 0 for x in (*s.zone, *s.sectors)):
            raise InvalidStateError("state.zone", "every worker is home at the feeding (MI-16)")
        if any(pl.acted for pl in s.players):
            raise InvalidStateError("state.players", "the food due was paid at the feeding")
        return
    if s.phase == PLACEMENT:
        if p is not None:
            raise InvalidStateError("state.pending", "no move in progress while placing")
        if any(x >= 0 for x in s.sectors):
            raise InvalidStateError("state.sectors", "the sectors are empty while placing (MI-16)")
        return
    if p is None:
        return
    if p.seat != s.to_move:
        raise InvalidStateError(
            "state.pending.seat", f"the move in progress is not seat {s.to_move}'s"
        )
    stage, origin, sector = p.stage, p.origin, p.sector
    if not 0 <= origin <= A_MISERY:
        raise InvalidStateError("state.pending.origin", f"bad origin {origin}")
    if not -1 <= sector <= COMMUNE:
        raise InvalidStateError("state.pending.sector", f"bad sector {sector}")
    # The action each stage follows from (see `_apply`), and where the worker stands.
    if origin not in _STAGE_ORIGINS[stage]:
        raise InvalidStateError("state.pending.origin", f"stage {stage!r} follows no such action")
    if stage in (ROUTE, WORK_FOR_SELF) and sector != -1:
        raise InvalidStateError("state.pending.sector", f"no sector yet at stage {stage!r}")
    if stage == FALL and sector != COMMUNE:
        raise InvalidStateError("state.pending.sector", "only the Commune sends on to misery")
    if stage in (BUY, QUALIFY):
        if sector < 0 or s.sectors[sector] != p.worker:
            raise InvalidStateError("state.pending.sector", "the worker is not on that sector")
        cell = TABLE[s.liquidated][sector][origin]
        if cell is None or (cell.price == 0 if stage == BUY else cell.qualify_xp == 0):
            raise InvalidStateError("state.pending.sector", f"no stage {stage!r} on that sector")
        if stage == QUALIFY and s.players[p.seat].xp < cell.qualify_xp:
            # MI-09: the choice is only offered to a player who can pay its experience.
            raise InvalidStateError(
                f"state.players[{p.seat}].xp", f"less than the {cell.qualify_xp} to qualify"
            )
    if stage == WORK_FOR_SELF and s.players[p.seat].oeuvre < 0:
        raise InvalidStateError("state.pending.stage", "the player has no worker on the Oeuvre")


# The actions each stage of a move in progress can follow (`Pending.origin`).
_STAGE_ORIGINS = {
    ROUTE: (A_BUY, A_WORK, A_STRUGGLE),
    BUY: (A_BUY,),
    QUALIFY: (A_STRUGGLE,),
    FALL: (A_BUY,),
    WORK_FOR_SELF: (A_MISERY,),
}
