"""Sampling a whole Misère position from what one seat sees (issue #21): the
`determinize` of a search bot that must not peek at hidden information.

Misère has no hidden information and no chance after setup: every seat, and the public
view, sees the whole table (`Observation` holds every field of `State` that play reads).
What the observation lacks is the state's generator, which the game never draws from, and
the chance mode, which changes nothing in a game without chance nodes. So the only state
the observation allows is the real one, up to those two, and `determinize` rebuilds it
with a fresh generator.
"""

from __future__ import annotations

from boardgames_fr.core.rng import Rng
from boardgames_fr.misere.state import Observation, State

__all__ = ["determinize"]


def determinize(observation: Observation, rng: Rng) -> State:
    """The state ``observation``'s seat cannot tell from the real one, with a fresh
    generator drawn from ``rng`` (``rng.u64()``, its only draw).

    Every field of the position comes from the observation; the generator is new (Misère
    never draws from it, so the future is the same one whatever it is) and the chance
    mode is automatic (there is no chance node to stop at). The public view (``seat``
    None) sees as much as a seat, so it is sampled the same way: nothing is hidden from
    it either, and this never raises.

    Example:
        >>> from boardgames_fr import misere
        >>> s = misere.new_game(2, seed=3)
        >>> t = determinize(misere.observe(s, 0), Rng(1))
        >>> misere.observe(t, 0) == misere.observe(s, 0), t == s, t.rng != s.rng
        (True, False, True)
        >>> determinize(misere.observe(s, None), Rng(1)) == t
        True
    """
    obs = observation
    return State(
        num_players=obs.num_players,
        options=obs.options,
        to_move=obs.to_move,
        rng=rng.u64(),
        explicit=False,
        round=obs.round,
        phase=obs.phase,
        first_player=obs.first_player,
        best_worker=obs.best_worker,
        players=obs.players,
        pile=obs.pile,
        commune_food=obs.commune_food,
        liquidated=obs.liquidated,
        zone=obs.zone,
        sectors=obs.sectors,
        pending=obs.pending,
        oeuvre_winner=obs.oeuvre_winner,
    )
