"""Sampling a whole Lactorama position from what one seat sees (issue #21): the
`determinize` of a search bot that must not peek at hidden information.

Lactorama hides nothing but the RNG (state.py, rules ``hidden_variants``): every card on
the square and in the piles is public, the season deck and the Imprévu pile are sorted
multisets drawn as chance events (no order to hide), and a face-down card (LA-21) is drawn
only when a pawn lands on its slot, so it is nowhere in the state before. An observation
therefore holds every field of the state but two: ``rng``, which `determinize` draws
afresh, and ``explicit``, the chance mode, which no seat sees (see `determinize`).
"""

from __future__ import annotations

from typing import Any

import attrs

from boardgames_fr.core.errors import CHANCE
from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama.state import Observation, State

__all__ = ["determinize"]

# The state's fields read from the observation: all of them but the RNG and the chance
# mode. A field the observation lacks keeps its default (none today; the tests compare the
# sample with the real state field by field, so a new state field that the observation
# does not carry shows up there).
_OBS_FIELDS = frozenset(f.name for f in attrs.fields(Observation))
_COPIED = tuple(
    f.name
    for f in attrs.fields(State)
    if f.name not in ("rng", "explicit") and f.name in _OBS_FIELDS
)
_MISSING = tuple(
    f.name
    for f in attrs.fields(State)
    if f.name not in ("rng", "explicit") and f.name not in _OBS_FIELDS
)


def determinize(observation: Observation, rng: Rng) -> State:
    """A whole state that ``observation``'s seat cannot tell from the real one, drawn with
    ``rng`` only.

    Nothing is hidden in Lactorama but the RNG, so the state is the observed table itself
    with a fresh RNG (``rng.u64()``): its dice and cards to come are not the real game's,
    and each is drawn from the same outcome tables (a sample's next die is uniform whatever
    ``rng``). The chance mode is not in the observation: the sample is explicit when the
    observation is at a chance node, else automatic (a search then resolves chance with the
    sample's own RNG). The public view (``seat`` None) sees as much as a seat, and gives
    the same sample.

    Raises:
        ValueError: a field of the state that the observation does not carry has no
            default (a state field added without its observation counterpart).

    Example:
        >>> from boardgames_fr import lactorama as L
        >>> s = L.new_game(2, seed=3)
        >>> obs = L.observe(s, 0)
        >>> t = determinize(obs, Rng(1))
        >>> L.observe(t, 0) == obs, t.farms == s.farms, t.rng != s.rng
        (True, True, True)
    """
    values: dict[str, Any] = {name: getattr(observation, name) for name in _COPIED}
    for name in _MISSING:
        field = attrs.fields_dict(State)[name]
        if field.default is attrs.NOTHING:
            raise ValueError(f"lactorama.determinize: the observation lacks the field {name!r}")
    return State(
        rng=rng.u64(),
        explicit=observation.to_move == CHANCE,
        **values,
    )
