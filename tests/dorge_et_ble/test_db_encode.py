"""The encode module (issue #22): fixed move and chance numbers, the legal mask, and the
observation vector (fixed shape, float32, in [0, 1], nothing hidden, nothing left out)."""

from __future__ import annotations

import hashlib

import attrs
import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble import encode as E
from boardgames_fr.dorge_et_ble.actions import (
    Barter,
    Discard,
    Draw,
    Harvest,
    Keep,
    Sell,
    Upgrade,
)
from boardgames_fr.dorge_et_ble.state import State

OPTIONS = [{}, {"hand_size": 6, "barter_cards": 5, "barn_size": 4, "free_sales": True}]


def _random_game(seed: int, chance: str = "auto", options: dict[str, object] | None = None):
    r = Rng(seed)
    s = db.new_game(seed=seed, chance=chance, options=options)
    states = [s]
    while s.to_move != TERMINAL:
        if s.to_move == CHANCE:
            s = db.step(s, bgf.sample_chance(s))
        else:
            legal = db.legal_actions(s)
            s = db.step(s, legal[r.randrange(len(legal))])
        states.append(s)
    return states


def test_sizes() -> None:
    assert E.num_actions(2, db.Options()) == 3790 == len(E.ACTIONS)
    assert E.num_chance_outcomes(2, db.Options()) == 60 == len(E.CHANCE_OUTCOMES)
    assert E.observation_shape(2, db.Options()) == (899,)
    assert E.layout()[-1] == ("upgrades[1]", 839, 60, "as columns[0]")
    with pytest.raises(ValueError, match="num_players must be 2"):
        E.num_actions(3, db.Options())


def test_the_same_move_has_the_same_index_in_every_state() -> None:
    # The documented numbering: by what the move carries.
    assert [E.ACTIONS.index(a) for a in (Harvest(7), Sell(7), Upgrade(7))] == [7, 67, 127]
    assert E.ACTIONS.index(Barter(59, 58)) == 180 + 60 * 59 + 58 == 3778
    assert E.ACTIONS.index(Discard(3)) == 3783 and E.ACTIONS.index(Keep(3)) == 3788
    assert E.CHANCE_OUTCOMES[17] == Draw(17)
    seen: dict[object, set[int]] = {}
    for s in _random_game(4, "explicit")[:400]:
        if s.to_move == TERMINAL:
            continue
        legal = db.chance_outcomes(s) if s.to_move == CHANCE else db.legal_actions(s)
        for a in legal:
            a = a[0] if isinstance(a, tuple) else a
            seen.setdefault(a, set()).add(E.action_index(s, a))
    assert all(len(ix) == 1 for ix in seen.values())
    draws = [a for a in seen if isinstance(a, Draw)]
    assert len(draws) == 60 and all(seen[a] == {a.card} for a in draws)
    assert all(seen[a] == {a.card} for a in seen if isinstance(a, Harvest))
    assert any(isinstance(a, Barter) for a in seen)


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("options", OPTIONS)
def test_bijection_and_mask_on_every_visited_state(chance: str, options: dict[str, object]) -> None:
    visited = chance_nodes = 0
    for seed in (1, 2):
        for s in _random_game(seed, chance, options):
            visited += 1
            mask = E.legal_mask(s)
            assert mask.dtype == np.bool_
            if s.to_move == CHANCE:
                chance_nodes += 1
                assert mask.shape == (60,)
                legal = [o for o, _p in db.chance_outcomes(s)]
            else:
                assert mask.shape == (3790,)
                legal = list(db.legal_actions(s))
            indices = [E.action_index(s, a) for a in legal]
            assert [E.index_action(s, i) for i in indices] == legal
            assert sorted(indices) == [int(i) for i in np.flatnonzero(mask)]
            assert len(set(indices)) == len(indices)
            illegal = int(np.flatnonzero(~mask)[0]) if (~mask).any() else None
            if illegal is not None:
                with pytest.raises(ValueError, match=f"index {illegal}"):
                    E.index_action(s, illegal)
            if s.to_move == TERMINAL:
                assert not mask.any()
    assert visited > 300 and (chance_nodes > 0) == (chance == "explicit")


def test_index_action_and_action_index_refuse_with_a_reason() -> None:
    s = db.new_game(seed=3)
    with pytest.raises(ValueError, match="index 3790 is not a move"):
        E.index_action(s, 3790)
    with pytest.raises(ValueError, match=r"index 0 \(Harvest\(card=0\)\) is not a legal move now"):
        E.index_action(s, 0)
    with pytest.raises(ValueError, match="is not legal now"):
        E.action_index(s, Harvest(0))
    with pytest.raises(ValueError, match="is not a D'Orge et de Blé move"):
        E.action_index(s, "Harvest(2)")
    end = _random_game(3)[-1]
    with pytest.raises(ValueError, match="the game is over"):
        E.index_action(end, 2)
    c = db.new_game(seed=3, chance="explicit")
    assert E.index_action(c, 59) == Draw(59) and E.action_index(c, Draw(59)) == 59
    c = db.step(c, Draw(59))
    with pytest.raises(ValueError, match="cannot be drawn now"):
        E.index_action(c, 59)
    with pytest.raises(ValueError, match="cannot be drawn now"):
        E.action_index(c, Draw(59))


def test_mask_reads_actions_built_elsewhere() -> None:
    s = _random_game(6)[25]
    loaded = bgf.loads(bgf.dumps(s))
    assert isinstance(loaded, State)
    assert np.array_equal(E.legal_mask(loaded), E.legal_mask(s))
    for a in db.legal_actions(s):
        rebuilt = type(a)(**attrs.asdict(a))  # equal, not the rules' own object
        assert rebuilt is not a
        assert E.action_index(s, rebuilt) == E.action_index(s, a)


def test_observation_tensor_of_a_new_game() -> None:
    s = db.new_game(seed=3)
    t = E.observation_tensor(db.observe(s, 0))
    at = {name: (start, n) for name, start, n, _what in E.layout()}

    def part(name: str) -> list[float]:
        start, n = at[name]
        return [float(x) for x in t[start : start + n]]

    assert part("seat") == [1, 0, 0]
    assert part("year") == [1, 0, 0, 0, 0, 0]
    assert part("phase") == [0, 1, 0, 0, 0]
    assert part("to_move") == [1, 0, 0, 0]
    assert part("mill") == [1, 0]
    assert part("deck_size") == [pytest.approx(50 / 60)]
    assert part("options.barn_size") == [pytest.approx(9 / 20)]
    assert part("fields") == [
        pytest.approx(x / n) for x, n in zip(s.fields, (18, 18, 18, 15, 15), strict=True)
    ]
    assert [c for c, x in enumerate(part("hand")) if x] == list(s.hands[0])
    assert not any(part("known")) and not any(part("discard"))
    public = E.observation_tensor(db.observe(s, None))
    assert [float(x) for x in public[:3]] == [0, 0, 1]
    assert not public[at["hand"][0] : at["hand"][0] + 60].any()


def test_observation_tensor_orders_the_piles() -> None:
    # DB-07: a harvest column keeps the order of play: the k-th of n cards encodes (k + 1) / n.
    s = next(x for x in _random_game(5) if len(x.columns[0]) >= 3)
    column = s.columns[0]
    assert list(column) != sorted(column)  # the order of play, not the card order
    t = E.observation_tensor(db.observe(s, 1))
    start = {name: begin for name, begin, _n, _w in E.layout()}["columns[0]"]
    n = len(column)
    assert [float(t[start + c]) for c in column] == [pytest.approx((k + 1) / n) for k in range(n)]
    assert int(np.count_nonzero(t[start : start + 60])) == n


def test_observation_tensor_shape_range_and_no_leak() -> None:
    rng = Rng(11)
    tensors: dict[bytes, object] = {}
    for options in OPTIONS:
        for s in _random_game(8, "explicit", options):
            for seat in (None, 0, 1):
                obs = db.observe(s, seat)
                t = E.observation_tensor(obs)
                assert t.dtype == np.float32 and t.shape == (899,)
                assert float(t.min()) >= 0.0 and float(t.max()) <= 1.0
                # Everything the observation holds: two observations, two vectors.
                assert tensors.setdefault(t.tobytes(), obs) == obs
                # Nothing hidden: what the seat cannot tell apart encodes the same.
                for v in db.GAME.hidden_variants(s, seat, rng):
                    assert np.array_equal(E.observation_tensor(db.observe(v, seat)), t)


@pytest.mark.parametrize("chance", ["auto", "explicit"])
def test_state_tensor_is_the_observation_tensor_and_hides_the_same(chance: str) -> None:
    # The adapters' fast path: the same numbers as the observation's tensor, for every
    # seat and the public view, and nothing a seat cannot see (its hidden variants).
    rng = Rng(12)
    checked = variants = 0
    for options in OPTIONS:
        for seed in (3, 4):
            for s in _random_game(seed, chance, options):
                for seat in (None, 0, 1):
                    t = E.state_tensor(s, seat)
                    assert t.tobytes() == E.observation_tensor(db.observe(s, seat)).tobytes()
                    checked += 1
                    for v in db.GAME.hidden_variants(s, seat, rng):
                        assert E.state_tensor(v, seat).tobytes() == t.tobytes()
                        variants += 1
    assert checked > 1500 and variants > 500


def test_the_vector_does_not_depend_on_what_was_encoded_before() -> None:
    # The blocks are memoised by value: with the memos emptied, two games interleaved in
    # another order give the numbers of a first pass, each a new writable array.
    one = _random_game(11)[::3]
    two = _random_game(12, "explicit", OPTIONS[1])[::3]
    first = {
        (id(s), seat): E.state_tensor(s, seat).tobytes() for s in one + two for seat in (None, 0, 1)
    }
    # The numbers themselves, pinned: the SHA-256 of each game's tensors that the encoder
    # of 326fd97 gives (before the buildings' planes were looked up as they stand).
    digests = []
    for game in (one, two):
        h = hashlib.sha256()
        for s in game:
            for seat in (None, 0, 1):
                h.update(first[id(s), seat])
        digests.append(h.hexdigest())
    assert digests == [
        "6f97ea409e5b744902cb160c4d6187d737df0f710f059c33268c55d3ef318fe9",
        "3df240dfcd468434215d0acac6a60d7961dd4c71cebc3d9baccca611fa07c07f",
    ]
    for memo in (E._FLAGS, E._COUNTS, E._TOKENS, E._TOTALS, E._SET, E._RANKED):
        assert memo
        memo.clear()
    for a, b in zip(reversed(one), two, strict=False):
        for s in (a, b):
            for seat in (None, 0, 1):
                t = E.state_tensor(s, seat)
                assert t.tobytes() == first[id(s), seat]
                assert t.flags.writeable and t.shape == (899,)
