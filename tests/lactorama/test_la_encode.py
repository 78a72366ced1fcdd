"""`encode` (issue #22): the fixed numbering of moves and chance outcomes, the legal mask,
and the observation vector of a fixed shape that holds everything an observation says."""

from __future__ import annotations

import itertools
from typing import Any

import attrs
import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.rng import Rng
from boardgames_fr.lactorama import encode as E
from boardgames_fr.lactorama.actions import (
    DieRoll,
    DrawCard,
    EndYear,
    Give,
    MakeOffer,
    Take,
)
from boardgames_fr.lactorama.state import Observation, Options, State

SETTINGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"face_down": True, "dice": 1, "bank_sales": True}),
    (3, {"land_always": True, "squares": 4}),
    (4, {"teams": True, "squares": 16}),
    (5, {"years": 1, "offers_per_negoce": 5}),
    (6, {"years": 1}),
    (8, {"years": 1, "squares": 8}),
]


def _random_game(n: int, options: dict[str, Any], chance: str, seed: int) -> list[State]:
    """Every state of a game between random moves (odd seeds) or heuristic bots (even
    seeds: they trade at the Négoce and propose alliances more)."""
    r = Rng(seed)
    s = L.new_game(n, seed=seed, options=options, chance=chance)
    bots = [L.HeuristicAgent(seed + i) for i in range(n)]
    states = [s]
    while s.to_move != TERMINAL:
        if s.to_move == CHANCE:
            s = L.step(s, bgf.sample_chance(s))
        else:
            legal = L.legal_actions(s)
            if seed % 2:
                a = legal[r.randrange(len(legal))]
            else:
                a = bots[s.to_move].act(L.observe(s, s.to_move), legal)
            s = L.step(s, a)
        states.append(s)
    return states


def _check_bijection(s: State, indices_of: dict[Any, set[int]], exhaustive: bool) -> None:
    n, options = s.num_players, s.options
    mask = E.legal_mask(s)
    if s.to_move == CHANCE:
        legal = [o for o, _ in L.chance_outcomes(s)]
        size = E.num_chance_outcomes(n, options)
    else:
        legal = list(L.legal_actions(s))
        size = E.num_actions(n, options)
    assert mask.dtype == np.bool_ and mask.shape == (size,)
    indices = [E.action_index(s, a) for a in legal]
    assert [E.index_action(s, i) for i in indices] == legal
    assert sorted(indices) == [int(i) for i in np.flatnonzero(mask)]
    assert len(set(indices)) == len(indices)
    for a, i in zip(legal, indices, strict=True):
        indices_of.setdefault(a, set()).add(i)
    if exhaustive:
        for i in range(-1, size + 1):
            if not 0 <= i < size or not mask[i]:
                with pytest.raises(ValueError):
                    E.index_action(s, i)


def _key(obs: Observation) -> Observation:
    """An observation with what the vector leaves out made canonical: the order of the
    cards put under the Imprévu pile (sorted when they become the pile, LA-13)."""
    return attrs.evolve(obs, imprevu_under=tuple(sorted(obs.imprevu_under)))


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize(("n", "options"), SETTINGS)
def test_encoding_on_every_visited_state(n: int, options: dict[str, Any], chance: str) -> None:
    indices_of: dict[Any, set[int]] = {}
    seen: dict[bytes, Observation] = {}
    for seed in (n, n + 1):
        states = _random_game(n, options, chance, seed)
        shape = E.observation_shape(n, states[0].options)
        for k, s in enumerate(states):
            _check_bijection(s, indices_of, exhaustive=k % 50 == 0 or s.to_move == TERMINAL)
            for seat in (None, *range(n)):
                obs = L.observe(s, seat)
                t = E.observation_tensor(obs)
                assert t.dtype == np.float32 and t.shape == shape
                assert float(t.min()) >= 0.0 and float(t.max()) <= 1.0
                # The adapters' fast path: the same numbers, from the state.
                assert E.state_tensor(s, seat).tobytes() == t.tobytes()
                # What the seat cannot tell apart encodes alike.
                for v in L.GAME.hidden_variants(s, seat, Rng(k)):
                    assert np.array_equal(E.observation_tensor(L.observe(v, seat)), t)
                    assert E.state_tensor(v, seat).tobytes() == t.tobytes()
                # Everything in the observation is in the vector: two observations met
                # in the game never share a vector.
                key = _key(obs)
                assert seen.setdefault(t.tobytes(), key) == key
    # The same move has the same index in every state.
    assert all(len(ix) == 1 for ix in indices_of.values())
    if chance == "explicit":
        assert indices_of[DieRoll(1)] == {0}


def test_the_numbering_by_what_a_move_carries() -> None:
    acts = E.actions(2)
    assert len(acts) == E.num_actions(2, Options()) == 72
    assert E.num_actions(5, Options()) == 87 and E.num_actions(4, Options(teams=True)) == 72
    assert E.num_actions(8, Options()) == 82 and E.num_actions(6, Options()) == 77
    assert acts.index(MakeOffer(1)) == 12
    assert acts.index(Give("ha", 8)) == 13 and acts.index(Give("money", 5000)) == 22
    assert acts.index(Give("nothing", 0)) == 34 and acts.index(Take("ha", 8)) == 35
    assert acts[-1] == EndYear() and acts.index(EndYear()) == 71
    assert E.CHANCE_OUTCOMES[:6] == tuple(DieRoll(v) for v in range(1, 7))
    assert E.CHANCE_OUTCOMES[6] == DrawCard("P01") and E.num_chance_outcomes(2) == 94
    with pytest.raises(ValueError, match="num_players must be one of"):
        E.num_actions(7, Options())


def test_refusals_name_the_index() -> None:
    s = L.new_game(2, seed=3, chance="explicit")  # the filière dice (LA-03)
    assert E.index_action(s, 3) == DieRoll(4)
    with pytest.raises(ValueError, match=r"index 94 is not a chance outcome \(0 to 93\)"):
        E.index_action(s, 94)
    with pytest.raises(ValueError, match=r"index 6 \(DrawCard\(card='P01'\)\) cannot be drawn"):
        E.index_action(s, 6)
    with pytest.raises(ValueError, match="is not a chance outcome"):
        E.action_index(s, EndYear())
    s = L.new_game(2, seed=3)  # auto mode: the first decision
    legal = L.legal_actions(s)
    with pytest.raises(ValueError, match=r"index 71 \(EndYear\(\)\) is not a legal move now"):
        E.index_action(s, 71)
    with pytest.raises(ValueError, match="is not a move"):
        E.index_action(s, 72)
    with pytest.raises(ValueError, match="is not a legal Lactorama move"):
        E.action_index(s, EndYear())
    assert [E.index_action(s, E.action_index(s, a)) for a in legal] == list(legal)


def test_the_layout_and_a_fresh_game_vector() -> None:
    opts = Options()
    blocks = E.layout(2, opts)
    assert blocks[0] == ("options", 0, 9)
    assert all(a[1] + a[2] == b[1] for a, b in itertools.pairwise(blocks))
    assert blocks[-1][1] + blocks[-1][2] == E.observation_shape(2, opts)[0] == 1265
    at = {name: start for name, start, _ in blocks}
    s = L.new_game(2, seed=1, chance="explicit")
    t = E.observation_tensor(L.observe(s, 1))
    assert t[:9].tolist() == pytest.approx([0.3, 1.0, 0, 0.75, 0, 0, 0.4, 0, 0])
    assert t[at["seat"] : at["seat"] + 2].tolist() == [0.0, 1.0]
    assert t[at["to_move"] : at["to_move"] + 4].tolist() == [0.0, 0.0, 1.0, 0.0]  # chance
    farm0 = t[at["farms"] : at["farms"] + 8].tolist()
    assert farm0 == pytest.approx([44 / 256, 40 / 256, 11000 / 262144, 0, 4 / 64, 0, 0, 0])
    assert int(t[at["deck"] : at["imprevu"]].sum()) == 16  # the spring deck
    assert int(t[at["imprevu"] : at["imprevu_under"]].sum()) == 24
    # The public view differs only in the seat block.
    pub = E.observation_tensor(L.observe(s, None))
    assert np.flatnonzero(pub != t).tolist() == [at["seat"] + 1]


def test_a_farm_s_numbers_are_the_float32_products_of_its_amounts_and_scales() -> None:
    # The farm block's numbers are made in Python floats (the scales are powers of two):
    # the very float32 values numpy's product gives, large amounts and debts included.
    s = L.new_game(2, seed=1)
    at = {name: start for name, start, _ in E.layout(2, s.options)}["farms"]
    amounts = [(44, 40, 11_000), (2**24 + 1, 10**12, -(10**12)), (2**30 + 3, 7, 10**12 - 1)]
    for ha, cows, money in amounts:
        farm = attrs.evolve(s.farms[0], ha=ha, cows=cows, money=money, bons=3, green=1)
        state = attrs.evolve(s, farms=(farm, *s.farms[1:]))
        numbers = (ha, cows, max(money, 0), max(-money, 0), 3, farm.loans, 1, farm.pledged)
        scales = [1 / scale for _, scale in E.FARM_SCALES]
        expected = np.array(numbers, np.float32) * np.array(scales, np.float32)
        assert E.state_tensor(state, 0)[at : at + 8].tobytes() == expected.tobytes()


def test_the_vector_does_not_depend_on_what_was_encoded_before() -> None:
    # `observation_tensor` keeps the blocks of the last farms and cards it met: the
    # vectors of a game are the same in play order, backwards, and interleaved with
    # another game's.
    obs = [L.observe(s, 0) for s in _random_game(3, {}, "explicit", 3)[::7]]
    other = [L.observe(s, 1) for s in _random_game(3, {"squares": 8}, "auto", 4)]
    forward = [E.observation_tensor(o).tobytes() for o in obs]
    backward = [E.observation_tensor(o).tobytes() for o in reversed(obs)][::-1]
    mixed = []
    for i, o in enumerate(obs):
        E.observation_tensor(other[i % len(other)])
        mixed.append(E.observation_tensor(o).tobytes())
    assert forward == backward == mixed
    assert len(set(forward)) == len(forward)
    # The same from the states, whatever was encoded before (observations or states).
    states = _random_game(3, {}, "explicit", 3)[::7]
    assert [E.state_tensor(s, 0).tobytes() for s in reversed(states)][::-1] == forward
