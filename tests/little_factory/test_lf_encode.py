"""`little_factory.encode` (issue #22): the fixed numbering of moves and chance outcomes,
the legal mask, and the observation vector (fixed shape, values in [0, 1], nothing
hidden in it)."""

from __future__ import annotations

import hashlib
import itertools

import numpy as np
import pytest

import boardgames_fr as bgf
import boardgames_fr.little_factory as lf
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.rng import Rng
from boardgames_fr.little_factory import encode
from boardgames_fr.little_factory.actions import (
    Build,
    BuyBasic,
    Discard,
    DrawBuilding,
    DrawGood,
    EndTurn,
    PayCoin,
    Produce,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import GOODS
from boardgames_fr.little_factory.state import State


def _states(
    num_players: int, chance: str, seed: int, options: dict[str, object] | None = None
) -> list[State]:
    r = Rng(seed)
    s = lf.new_game(num_players, seed=seed, chance=chance, options=options)
    out = [s]
    while s.to_move != TERMINAL:
        if s.to_move == CHANCE:
            s = lf.step(s, bgf.sample_chance(s))
        else:
            legal = lf.legal_actions(s)
            s = lf.step(s, legal[r.randrange(len(legal))])
        out.append(s)
    return out


def test_sizes() -> None:
    opts = lf.Options()
    assert [encode.num_actions(n, opts) for n in (2, 3, 4)] == [199, 199, 199]
    assert [encode.num_chance_outcomes(n, opts) for n in (2, 3, 4)] == [48, 48, 48]
    assert [encode.observation_shape(n, opts) for n in (2, 3, 4)] == [(282,), (320,), (358,)]
    for n in (2, 3, 4):
        blocks = encode.layout(n)
        assert blocks[0][1] == 0
        assert all(a[1] + a[2] == b[1] for a, b in itertools.pairwise(blocks))
        assert blocks[-1][1] + blocks[-1][2] == encode.observation_shape(n)[0]
    with pytest.raises(ValueError, match="num_players"):
        encode.num_actions(5, opts)


def test_the_same_move_has_the_same_index_everywhere() -> None:
    # By what the move carries (docs/rules/little_factory.md, « Actions »).
    assert encode.ACTIONS.index(BuyBasic(4)) == 4
    assert encode.ACTIONS.index(Produce(5, 0)) == 11
    assert encode.ACTIONS.index(Build(1)) == 31 and encode.ACTIONS.index(Build(30)) == 60
    assert encode.ACTIONS.index(TakeGood(0)) == 62
    assert encode.ACTIONS.index(PayCoin()) == 139
    assert encode.ACTIONS.index(UseBuilding(1, 0)) == 140
    assert encode.ACTIONS.index(EndTurn()) == 175 and encode.ACTIONS[-1] == Discard(22)
    assert encode.CHANCE_OUTCOMES.index(DrawGood(5)) == 0
    assert encode.CHANCE_OUTCOMES[18] == DrawBuilding(1)
    seen: dict[object, set[int]] = {}
    for s in _states(3, "explicit", 4):
        if s.to_move == TERMINAL:
            continue
        acts = (
            [o for o, _ in lf.chance_outcomes(s)]
            if s.to_move == CHANCE
            else list(lf.legal_actions(s))
        )
        for a in acts:
            seen.setdefault(a, set()).add(encode.action_index(s, a))
    assert all(len(ix) == 1 for ix in seen.values())


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_bijection_mask_and_tensor_on_random_games(num_players: int, chance: str) -> None:
    shape = encode.observation_shape(num_players, lf.Options())
    for game in range(3):
        for s in _states(num_players, chance, 10 * num_players + game):
            mask = encode.legal_mask(s)
            assert mask.dtype == np.bool_
            if s.to_move == TERMINAL:
                assert mask.shape == (199,) and not mask.any()
                with pytest.raises(ValueError, match="game is over"):
                    encode.index_action(s, 175)
            else:
                if s.to_move == CHANCE:
                    acts = [o for o, _ in lf.chance_outcomes(s)]
                    assert mask.shape == (48,)
                else:
                    acts = list(lf.legal_actions(s))
                    assert mask.shape == (199,)
                idx = [encode.action_index(s, a) for a in acts]
                assert sorted(idx) == [int(i) for i in np.flatnonzero(mask)]
                assert len(set(idx)) == len(idx)
                assert [encode.index_action(s, i) for i in idx] == acts
                bad = int(np.flatnonzero(~mask)[0])
                with pytest.raises(ValueError, match=f"index {bad} "):
                    encode.index_action(s, bad)
            for seat in (None, *range(num_players)):
                t = encode.observation_tensor(lf.observe(s, seat))
                assert t.shape == shape and t.dtype == np.float32
                assert float(t.min()) >= 0.0 and float(t.max()) <= 1.0


def test_action_index_refuses_a_move_not_legal_now() -> None:
    s = lf.new_game(2, seed=3)
    with pytest.raises(ValueError, match="not legal now"):
        encode.action_index(s, EndTurn())
    with pytest.raises(ValueError, match="not a Little Factory move"):
        encode.action_index(s, DrawGood(5))
    with pytest.raises(ValueError, match="not a move"):
        encode.index_action(s, 199)


def test_tensor_encodes_the_observation() -> None:
    s = _states(2, "auto", 7)[50]
    obs = lf.observe(s, 1)
    t = encode.observation_tensor(obs)
    block = {name: t[a : a + n] for name, a, n in encode.layout(2)}
    copies = np.array([g.copies[0] for g in GOODS], dtype=np.float32)
    assert obs.hand is not None
    assert np.allclose(block["hand"] * copies, obs.hand)
    assert np.allclose(block["market"] * copies, obs.market)
    assert np.allclose(block["discard"] * copies, obs.discard)
    assert np.allclose(block["coins"] * 6, obs.coins)
    assert block["seat"].tolist() == [0, 1, 0]
    assert block["turn"][obs.turn] == 1 and block["turn"].sum() == 1
    assert block["phase"].sum() == 1
    assert block["buildings_shown"].sum() == len(obs.buildings_shown)
    assert block["round"][0] == pytest.approx(obs.round / 60)
    public = encode.observation_tensor(lf.observe(s, None))
    pub = {name: public[a : a + n] for name, a, n in encode.layout(2)}
    assert not pub["hand"].any() and pub["seat"].tolist() == [0, 0, 1]


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_states_a_seat_cannot_tell_apart_encode_alike(num_players: int) -> None:
    rng = Rng(num_players)
    checked = 0
    for s in _states(num_players, "explicit", 30 + num_players)[::5]:
        for seat in (None, *range(num_players)):
            t = encode.observation_tensor(lf.observe(s, seat))
            for v in lf.GAME.hidden_variants(s, seat, rng):
                assert np.array_equal(encode.observation_tensor(lf.observe(v, seat)), t)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("num_players", [2, 4])
def test_state_tensor_is_the_observation_tensor_and_hides_the_same(
    num_players: int, chance: str
) -> None:
    # The adapters' fast path: the same numbers as the observation's tensor, for every
    # seat and the public view, and nothing a seat cannot see (its hidden variants).
    rng = Rng(7)
    checked = variants = 0
    states = _states(num_players, chance, 40 + num_players)
    for s in [*states[::3], states[-1]]:  # the end too: its winners are shown
        for seat in (None, *range(num_players)):
            t = encode.state_tensor(s, seat)
            assert t.tobytes() == encode.observation_tensor(lf.observe(s, seat)).tobytes()
            checked += 1
            for v in lf.GAME.hidden_variants(s, seat, rng):
                assert encode.state_tensor(v, seat).tobytes() == t.tobytes()
                variants += 1
    assert checked > 200 and variants > 100


def test_interleaved_games_encode_as_each_alone() -> None:
    # The memos of the encoder (each plan's head flags by value, the last rows of
    # buildings by identity) serve every game: three games of other player counts and
    # options, interleaved state by state, give the tensors each gives alone. The digests
    # are those of the encoder before these memos (commit 326fd97).
    games = [
        _states(2, "auto", 5),
        _states(4, "explicit", 6),
        _states(3, "auto", 7, {"milk_tier": 3, "vp_tokens": 20, "max_rounds": 300}),
    ]
    expected = [
        "06950dd1053ea80a6b3302b07897a9b1485525119c83b0533f60ab85c0131f92",
        "7216e9f2f30c4ffa52e01b1101d6372f4324322b7f9663c5d3be935ccf1e1e84",
        "392ac6c16f3acc5e6def4d85f4f006924042d23959221fee279d61fa97d8b201",
    ]

    def seats(s: State) -> tuple[int | None, ...]:
        return (None, *range(s.num_players))

    alone = []
    for states in games:
        h = hashlib.sha256()
        for s in states:
            for seat in seats(s):
                h.update(encode.state_tensor(s, seat).tobytes())
        alone.append(h.hexdigest())
    assert alone == expected
    mixed = [hashlib.sha256() for _ in games]
    for row in itertools.zip_longest(*games):
        for h, s in zip(mixed, row, strict=True):
            if s is not None:
                for seat in seats(s):
                    t = encode.state_tensor(s, seat)
                    assert t.flags.writeable
                    assert encode.observation_tensor(lf.observe(s, seat)).tobytes() == t.tobytes()
                    h.update(t.tobytes())
    assert [h.hexdigest() for h in mixed] == expected
