"""`misere.encode` (issue #22): the numbering of moves, the legal mask and the
observation vector."""

from __future__ import annotations

import attrs
import numpy as np
import pytest
from misere_positions import OPTION_SETS, games

from boardgames_fr import misere
from boardgames_fr.core.rng import Rng
from boardgames_fr.misere import encode
from boardgames_fr.misere.actions import (
    AT_OEUVRE,
    AT_RESERVE,
    AT_SECTOR,
    AT_ZONE,
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
    SlackOff,
)
from boardgames_fr.misere.state import Options, Pending, State

SEATS = (0, 1, None)


def _places(options: Options) -> int:
    return 3 * (options.plain_squares + options.dotted_squares) + 3


def test_counts_per_options() -> None:
    """4P + 39 moves and 4P + 104 floats for a zone of P places; no chance outcome."""
    for kw in OPTION_SETS:
        o = Options(**kw)
        p = _places(o)
        assert encode.num_actions(2, o) == 4 * p + 39 == len(encode.actions(o))
        assert encode.observation_shape(2, o) == (4 * p + 104,)
        assert encode.num_chance_outcomes(2, o) == 0
    assert encode.num_actions(2, Options()) == 75
    assert encode.observation_shape(2, Options()) == (140,)
    smallest = Options(plain_squares=1, dotted_squares=0)
    largest = Options(plain_squares=4, dotted_squares=3)
    assert (encode.num_actions(2, smallest), encode.num_actions(2, largest)) == (63, 135)
    assert encode.observation_shape(2, smallest) == (128,)
    assert encode.observation_shape(2, largest) == (200,)
    for f in (encode.num_actions, encode.num_chance_outcomes, encode.observation_shape):
        with pytest.raises(ValueError, match="num_players must be 2"):
            f(3, Options())


def test_the_numbering_of_the_default_options() -> None:
    """The table of the module's docstring, for P = 9."""
    acts = encode.actions(Options())
    expected = [
        *(Place(i, q) for i in range(9) for q in (False, True)),  # 0..17
        *(Activate(i) for i in range(9)),  # 18..26
        *(GoToSector(i) for i in range(4)),  # 27..30
        *(FallToMisery(c) for c in range(3)),  # 31..33
        SlackOff(),  # 34
        GoHome(),  # 35
        *(BuyFood(n) for n in range(1, 19)),  # 36..53
        *(Qualify(AT_SECTOR, i) for i in range(4)),  # 54..57
        Qualify(AT_RESERVE),  # 58
        *(Qualify(AT_ZONE, i) for i in range(9)),  # 59..67
        Qualify(AT_OEUVRE),  # 68
        NoQualify(),  # 69
        AdvanceOeuvre(),  # 70
        SellOeuvre(),  # 71
        LoseWorker("plain"),  # 72
        LoseWorker("qualified"),  # 73
        LoseWorker("oeuvre"),  # 74
    ]
    assert list(acts) == expected


def test_bijection_and_mask_on_every_visited_state() -> None:
    """On every state of whole games (four option sets, both chance modes, the end
    included): each legal move has its table index, `index_action` gives it back, the
    mask is exactly the legal indices, and every other index is refused."""
    positions = 0
    for states in games(24):
        for s in states:
            table = encode.actions(s.options)
            n = encode.num_actions(2, s.options)
            legal = misere.legal_actions(s)
            indices = [encode.action_index(s, a) for a in legal]
            assert indices == [table.index(a) for a in legal]
            assert len(set(indices)) == len(legal)
            assert [encode.index_action(s, i) for i in indices] == list(legal)
            mask = encode.legal_mask(s)
            assert mask.dtype == np.bool_ and mask.shape == (n,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
            for i in range(n):
                if not mask[i]:
                    with pytest.raises(ValueError):
                        encode.index_action(s, i)
            positions += 1
    assert positions > 900


def test_the_same_move_has_the_same_index_in_every_state() -> None:
    seen: dict[tuple[Options, object], set[int]] = {}
    for states in games(12):
        for s in states:
            for a in misere.legal_actions(s):
                seen.setdefault((s.options, a), set()).add(encode.action_index(s, a))
    assert all(len(v) == 1 for v in seen.values())
    assert len(seen) > 100
    assert seen[Options(), Place(2, False)] == {4}


def test_refusals_say_why() -> None:
    s = misere.new_game(2, seed=1)
    with pytest.raises(ValueError, match=r"index 75 is not a move \(0 to 74\)"):
        encode.index_action(s, 75)
    with pytest.raises(ValueError, match=r"index -1 is not a move"):
        encode.index_action(s, -1)
    with pytest.raises(ValueError, match=r"index 1 \(Place\(place=0, qualified=True\)\) is not"):
        encode.index_action(s, 1)
    with pytest.raises(ValueError, match="is not legal now"):
        encode.action_index(s, Activate(0))
    with pytest.raises(ValueError, match="is not a move of Misère"):
        encode.action_index(s, "Place(0, False)")
    with pytest.raises(ValueError, match="is not a move of Misère"):
        encode.action_index(s, Place(30, False))  # no such place with these options
    end = next(st[-1] for st in games(3))
    assert misere.is_terminal(end)
    assert not encode.legal_mask(end).any()
    with pytest.raises(ValueError, match="the game is over"):
        encode.index_action(end, 0)


def test_tensor_shape_dtype_and_range() -> None:
    for states in games(12):
        for s in states:
            shape = encode.observation_shape(2, s.options)
            for seat in SEATS:
                x = encode.observation_tensor(misere.observe(s, seat))
                assert x.shape == shape and x.dtype == np.float32
                assert float(x.min()) >= 0.0 and float(x.max()) <= 1.0


def test_tensor_is_one_to_one_on_observations() -> None:
    """Everything in the observation is encoded: distinct observations met in play give
    distinct vectors, equal ones equal vectors."""
    by_vector: dict[bytes, object] = {}
    count = 0
    for states in games(12):
        for s in states:
            for seat in SEATS:
                obs = misere.observe(s, seat)
                key = encode.observation_tensor(obs).tobytes()
                assert by_vector.setdefault(key, obs) == obs
                count += 1
    assert len(by_vector) > 1000 and count > len(by_vector)


def test_states_a_seat_cannot_tell_apart_encode_the_same() -> None:
    for states in games(8):
        for s in states:
            for seat in SEATS:
                x = encode.observation_tensor(misere.observe(s, seat))
                twins = misere.GAME.hidden_variants(s, seat, Rng(len(states)))
                twins += (attrs.evolve(s, explicit=not s.explicit),)
                for twin in twins:
                    assert twin != s
                    y = encode.observation_tensor(misere.observe(twin, seat))
                    assert np.array_equal(x, y)


def _start_tensor() -> np.ndarray:
    return encode.observation_tensor(misere.observe(misere.new_game(2, seed=1), 0))


def test_layout_of_the_start() -> None:
    """The blocks of `layout`, read back on the first position."""
    x = _start_tensor()
    blocks = {name: (at, n) for name, at, n in encode.layout(Options())}
    assert sum(n for _, n in blocks.values()) == 140
    assert list(blocks) == [
        "options",
        "round",
        "food",
        "player0",
        "player1",
        "seat",
        "to_move",
        "phase",
        "first_player",
        "best_worker",
        "oeuvre",
        "zone",
        "sectors",
        "pending",
        "oeuvre_winner",
    ]

    def block(name: str) -> list[float]:
        at, n = blocks[name]
        return [round(float(v), 6) for v in x[at : at + n]]

    assert block("options") == [0.25, round(1 / 3, 6), 0.4, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert block("round") == [round(1 / 12, 6)]
    assert block("food") == [round(13 / 18, 6), 1.0, 0.0]
    # 1000 balles, no xp or food, one plain worker owned and in reserve.
    assert block("player0") == [round(1000 / 11000, 6), 0, 0, 0.25, 0, 0.25, 0, 0, 0, 0, 0]
    assert block("player1") == block("player0")
    assert block("seat") == [1.0, 0.0, 0.0]
    assert block("to_move") == [1.0, 0.0, 0.0]
    assert block("phase") == [1.0, 0.0, 0.0, 0.0]
    assert block("first_player") == [1.0, 0.0]
    assert block("best_worker") == [0.0, 1.0]
    for name in ("oeuvre", "zone", "sectors", "pending", "oeuvre_winner"):
        assert not any(block(name)), name
    public = encode.observation_tensor(misere.observe(misere.new_game(2, seed=1), None))
    at = blocks["seat"][0]
    assert public[at : at + 3].tolist() == [0.0, 0.0, 1.0]


def test_zone_and_pending_flags() -> None:
    s = misere.new_game(2, seed=1)
    s = misere.step(s, Place(2, False))  # seat 0 on Bosser (place 2)
    s = misere.step(s, Place(0, False))  # seat 1 on Acheter à bouffer (place 0)
    x = encode.observation_tensor(misere.observe(s, 1))
    zone = next(at for name, at, _ in encode.layout(Options()) if name == "zone")
    assert np.flatnonzero(x[zone : zone + 36]).tolist() == [4 * 0 + 2, 4 * 2 + 0]
    # Seat 1 (best worker) acts first: its worker leaves Acheter à bouffer.
    s = misere.step(s, Activate(0))
    assert s.pending is not None
    y = encode.observation_tensor(misere.observe(s, 1))
    pending = next(at for name, at, _ in encode.layout(Options()) if name == "pending")
    # present, seat 1, worker code 2, origin 0 (buy), stage "route", no sector
    assert np.flatnonzero(y[pending : pending + 20]).tolist() == [0, 2, 5, 7, 11]


def test_vectors_and_masks_are_fresh_arrays() -> None:
    """Writing into a returned array changes no later result (no shared buffer)."""
    x = _start_tensor()
    x[:] = 7.0
    assert float(_start_tensor().max()) == 1.0
    s = misere.new_game(2, seed=1)
    m = encode.legal_mask(s)
    m[:] = True
    assert encode.legal_mask(s).sum() == 6


def test_money_and_xp_are_squashed() -> None:
    """Money and experience are ``x / (x + scale)``: one-to-one and below 1."""
    s = misere.new_game(2, seed=1)
    players = (attrs.evolve(s.players[0], money=10**9, xp=10**6), s.players[1])
    x = encode.observation_tensor(misere.observe(attrs.evolve(s, players=players), 0))
    at = next(at for name, at, _ in encode.layout(Options()) if name == "player0")
    assert 0.99 < float(x[at]) <= 1.0 and 0.99 < float(x[at + 1]) <= 1.0
    assert float(x[at]) == pytest.approx(10**9 / (10**9 + encode.MONEY_SCALE))


def test_encoding_reads_no_state() -> None:
    """The vector is built from the observation alone: a State is refused."""
    s: State = misere.new_game(2, seed=1)
    with pytest.raises(AttributeError):
        encode.observation_tensor(s)  # type: ignore[arg-type]


def _reference(obs: misere.Observation) -> np.ndarray:
    """The vector as the layout table of docs/rules/misere.md describes it, written
    plainly (one block at a time, no memo)."""
    o = obs.options
    at = {name: start for name, start, _ in encode.layout(o)}
    x = np.zeros(encode.observation_shape(2, o), dtype=np.float32)
    x[at["options"] : at["options"] + 8] = [
        o.plain_squares / 4,
        o.dotted_squares / 3,
        o.rounds / 30,
        o.commune_meal_when_empty == "central",
        o.rupture_opens_misery,
        o.eaten_food == "pile",
        o.oeuvre_speed == "acting_worker",
        o.tie_break == "shared",
    ]
    x[at["round"]] = obs.round / o.rounds
    x[at["food"] : at["food"] + 3] = [obs.pile / 18, obs.commune_food / 5, obs.liquidated]
    for seat, pl in enumerate(obs.players):
        start = at[f"player{seat}"]
        x[start : start + 11] = [
            pl.money / (pl.money + 10_000),
            pl.xp / (pl.xp + 10),
            pl.food / 18,
            *(
                v / 4
                for v in (
                    pl.plain,
                    pl.qualified,
                    pl.owned_plain,
                    pl.owned_qualified,
                    pl.lost,
                    pl.acted,
                    pl.hungry,
                )
            ),
            pl.oeuvre_qualified,
        ]
        if pl.oeuvre >= 0:
            x[at["oeuvre"] + 9 * seat + pl.oeuvre] = 1
    x[at["seat"] + (2 if obs.seat is None else obs.seat)] = 1
    x[at["to_move"] + (2 if obs.to_move < 0 else obs.to_move)] = 1
    x[at["phase"] + ("placement", "action", "feed", "over").index(obs.phase)] = 1
    x[at["first_player"] + obs.first_player] = 1
    x[at["best_worker"] + obs.best_worker] = 1
    for name, row in (("zone", obs.zone), ("sectors", obs.sectors)):
        for i, w in enumerate(row):
            if w >= 0:
                x[at[name] + 4 * i + w] = 1
    p = obs.pending
    if p is not None:
        stages = ("route", "buy", "qualify", "fall", "work_for_self")
        base = at["pending"]
        for k in (0, 1 + p.seat, 3 + p.worker, 7 + p.origin, 11 + stages.index(p.stage)):
            x[base + k] = 1
        if p.sector >= 0:
            x[base + 16 + p.sector] = 1
    if obs.oeuvre_winner >= 0:
        x[at["oeuvre_winner"] + obs.oeuvre_winner] = 1
    return x


def test_tensor_is_the_documented_layout_on_every_visited_observation() -> None:
    checked = 0
    for states in games(12):
        for s in states:
            for seat in SEATS:
                obs = misere.observe(s, seat)
                assert np.array_equal(encode.observation_tensor(obs), _reference(obs))
                checked += 1
    assert checked > 1500


def test_tensor_is_the_documented_layout_on_rare_observations() -> None:
    """What whole games seldom show (a sold Oeuvre, every stage of a move, the feeding),
    on observations edited by hand: the tensor reads them alone."""
    obs = misere.observe(list(games(5))[4][60], 1)
    pl = attrs.evolve(obs.players[0], oeuvre=8, oeuvre_qualified=True, hungry=2, lost=1)
    variants = [
        attrs.evolve(obs, phase="over", to_move=-2, oeuvre_winner=w, players=(pl, obs.players[1]))
        for w in (0, 1)
    ]
    variants += [
        attrs.evolve(obs, phase="action", pending=Pending(1, 3, origin, stage, sector))
        for origin, stage, sector in (
            (3, "work_for_self", -1),
            (2, "qualify", 0),
            (0, "buy", 2),
            (0, "fall", 3),
            (1, "route", -1),
        )
    ]
    variants.append(attrs.evolve(obs, phase="feed", players=(obs.players[0], pl)))
    vectors = set()
    for v in variants:
        x = encode.observation_tensor(v)
        assert np.array_equal(x, _reference(v))
        vectors.add(x.tobytes())
    assert len(vectors) == len(variants)


def test_state_tensor_is_the_observation_tensor_and_hides_the_same() -> None:
    # The adapters' fast path: the same numbers as the observation's tensor for every
    # seat and the public view, over games of every option set and both chance modes,
    # and the same for what a seat cannot tell apart (the generator's state).
    checked = variants = 0
    for states in games(8):
        for s in states:
            for seat in (None, 0, 1):
                t = encode.state_tensor(s, seat)
                assert t.tobytes() == encode.observation_tensor(misere.observe(s, seat)).tobytes()
                checked += 1
                for v in misere.GAME.hidden_variants(s, seat, Rng(checked)):
                    assert encode.state_tensor(v, seat).tobytes() == t.tobytes()
                    variants += 1
    assert checked > 1000 and variants == checked
