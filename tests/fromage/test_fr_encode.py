"""Issue #22: Fromage as numbers (`boardgames_fr.fromage.encode`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage import encode
from boardgames_fr.fromage.actions import ChooseSpace, DieFace, DrawMarker, MoveMouse, Pass

OPTIONS: list[dict[str, Any]] = [
    {},
    {"powers": True},
    {
        "powers": True,
        "full_set": True,
        "variant": "festival",
        "extra_cheeses": 2,
        "cheese_points": "decreasing",
    },
    {"powers": True, "markers": 5, "tour_target": "any", "board": "B", "die_change": "full"},
]
IDS = ["plain", "powers", "festival", "house_rules"]


def _states(n: int, options: dict[str, Any], chance: str, seed: int) -> Iterator[Any]:
    s = fromage.new_game(n, seed=seed, options=options, chance=chance)
    rng = Rng(seed)
    while True:
        yield s
        if fromage.is_terminal(s):
            return
        if fromage.current_player(s) == bgf.CHANCE:
            s = fromage.step(s, bgf.sample_chance(s))
        else:
            legal = fromage.legal_actions(s)
            s = fromage.step(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_indices_masks_and_tensors_on_random_games(
    options: dict[str, Any], n: int, chance: str
) -> None:
    opts = fromage.Options(**options)
    size = encode.num_actions(n, opts)
    outcomes = encode.num_chance_outcomes(n, opts)
    shape = encode.observation_shape(n, opts)
    index_of: dict[Any, int] = {}  # same move, same index, in every state
    tensors: dict[bytes, Any] = {}  # different observations, different tensors
    for seed in range(2):
        for s in _states(n, options, chance, seed):
            mask = encode.legal_mask(s)
            assert mask.dtype == np.bool_
            legal = fromage.legal_actions(s)
            if fromage.is_terminal(s):
                assert mask.shape == (size,) and not mask.any()
                with pytest.raises(ValueError, match="the game is over"):
                    encode.index_action(s, 0)
            else:
                chance_node = fromage.current_player(s) == bgf.CHANCE
                assert mask.shape == ((outcomes,) if chance_node else (size,))
                idx = [encode.action_index(s, a) for a in legal]
                assert sorted(idx) == np.flatnonzero(mask).tolist()  # a bijection, = mask
                for a, i in zip(legal, idx, strict=True):
                    assert encode.index_action(s, i) == a
                    assert index_of.setdefault(a, i) == i
                illegal = int(np.flatnonzero(~mask)[0]) if not mask.all() else None
                if illegal is not None:
                    with pytest.raises(ValueError, match="is not legal now"):
                        encode.index_action(s, illegal)
            for seat in (None, *range(n)):
                obs = fromage.observe(s, seat)
                t = encode.observation_tensor(obs)
                assert t.shape == shape and t.dtype == np.float32
                assert float(t.min()) >= 0.0 and float(t.max()) <= 1.0
                assert tensors.setdefault(t.tobytes(), obs) == obs


@pytest.mark.parametrize("options", OPTIONS[1:], ids=IDS[1:])
def test_states_a_seat_cannot_tell_apart_encode_alike(options: dict[str, Any]) -> None:
    for i, s in enumerate(_states(3, options, "explicit", 4)):
        seat = i % 3
        t = encode.observation_tensor(fromage.observe(s, seat))
        for v in fromage.GAME.hidden_variants(s, seat, Rng(i)):
            assert np.array_equal(encode.observation_tensor(fromage.observe(v, seat)), t)


def test_action_numbering_by_what_an_action_carries() -> None:
    """The blocks of the docs (« Actions »): 2 players on face A, B = 16 spaces."""
    s = fromage.new_game(2, seed=1)
    o = fromage.Options()
    assert encode.num_actions(2, o) == 130 and encode.num_actions(4, o) == 16 + 48 + 128 + 4
    assert encode.num_actions(4, fromage.Options(board="B")) == 295
    assert encode.action_index(s, ChooseSpace("caisse gauche")) == 3
    assert encode.action_index(s, MoveMouse("green", 0, "caisse gauche")) == 3 + 16
    assert encode.action_index(s, MoveMouse("red", 1, "caisse gauche")) == 3 + 16 + 32 + 16
    assert encode.action_index(s, Pass()) == 3 + 16 + 64 + 6
    assert encode.num_chance_outcomes(2, fromage.Options(powers=True, full_set=True)) == 3
    c = fromage.new_game(2, seed=1, options={"powers": True}, chance="explicit")
    assert encode.action_index(c, DrawMarker("cancel")) == 8
    assert encode.action_index(c, DieFace("red")) == 2
    with pytest.raises(ValueError, match="not an action"):
        encode.action_index(s, MoveMouse("green", 3, "caisse gauche"))  # no fourth seat
    with pytest.raises(ValueError, match=r"not in range\(130\)"):
        encode.index_action(s, 130)


def test_layout_blocks_add_up_to_the_shape() -> None:
    for n in (2, 3, 4):
        for options in OPTIONS:
            o = fromage.Options(**options)
            blocks = encode.observation_layout(n, o)
            assert sum(size for _, size in blocks) == encode.observation_shape(n, o)[0]
            assert sum(size for _, size in encode.action_blocks(n, o)) == encode.num_actions(n, o)


def test_tensor_values_of_a_fresh_game() -> None:
    """Seat 1 of a new 2-player game: its seat, seat 0 to move in phase place, six mice
    to place each (1.0), no mouse on the board."""
    s = fromage.new_game(2, seed=1)
    t = encode.observation_tensor(fromage.observe(s, 1))
    at = dict.fromkeys(("seat", "to_move", "phase", "mice", "to_place"), 0)
    o = 0
    for name, size in encode.observation_layout(2, s.options):
        if name in at:
            at[name] = o
        o += size
    assert t[at["seat"] : at["seat"] + 2].tolist() == [0.0, 1.0]
    assert t[at["to_move"] : at["to_move"] + 4].tolist() == [1.0, 0.0, 0.0, 0.0]
    assert t[at["phase"] + 1] == 1.0  # "place", the second phase
    assert not t[at["mice"] : at["mice"] + 32].any()
    assert t[at["to_place"] : at["to_place"] + 2].tolist() == [1.0, 1.0]
    public = encode.observation_tensor(fromage.observe(s, None))
    assert not public[:2].any()


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("options", OPTIONS, ids=IDS)
def test_state_tensor_is_the_observation_tensor_and_hides_the_same(
    options: dict[str, Any], chance: str
) -> None:
    # The adapters' fast path: the same numbers as the observation's tensor, for every
    # seat and the public view, and nothing a seat cannot see (its hidden variants: the
    # others' markers redealt).
    checked = variants = 0
    for n in (2, 3):
        for i, s in enumerate(_states(n, options, chance, 7 + n)):
            for seat in (None, *range(n)):
                t = encode.state_tensor(s, seat)
                assert t.tobytes() == encode.observation_tensor(fromage.observe(s, seat)).tobytes()
                checked += 1
                if i % 4 == 0:
                    for v in fromage.GAME.hidden_variants(s, seat, Rng(i)):
                        assert encode.state_tensor(v, seat).tobytes() == t.tobytes()
                        variants += 1
    assert checked > 300 and variants > 100
