"""The OpenSpiel adapter's lean paths (issue #22): the state answers Python's calls and
steps without the codec's round trips, and a game loaded per seed reuses what does not
depend on the seed; what OpenSpiel users read stays the same."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from builds import encoded  # tests/builds.py (pyproject: pytest's pythonpath)

import boardgames_fr as bgf

pyspiel = pytest.importorskip("pyspiel")

from boardgames_fr import rl  # noqa: E402  (after the skip: it needs the rl extra)
from boardgames_fr.rl import _openspiel  # noqa: E402

SEATINGS = [(g, n) for g in bgf.GAME_IDS for n in bgf.get_game(g).GAME_INFO.player_counts]


@pytest.mark.parametrize(("game_id", "players"), SEATINGS)
def test_random_sim_test_passes_at_every_player_count(game_id: str, players: int) -> None:
    encoded(game_id)
    rl.register_openspiel()
    game = pyspiel.load_game(f"bgf_{game_id}(players={players},seed=11)")
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_an_illegal_number_is_refused_with_the_reason_and_changes_nothing() -> None:
    encoded("fromage")
    rl.register_openspiel()
    state = pyspiel.load_game("bgf_fromage(seed=2)").new_initial_state()
    assert state.legal_actions() == [0, 1, 2]
    with pytest.raises(ValueError, match=r"action 3 \(.*\) is not legal now"):
        state.apply_action(3)
    assert (state.history(), state.move_number(), state.legal_actions()) == ([], 0, [0, 1, 2])
    state.apply_action(2)
    assert (state.history(), state.move_number()) == ([2], 1)
    # a seat's turn has no chance outcomes: said so, not a bare zip error
    with pytest.raises(pyspiel.SpielError, match="not a chance node, player 1 is to move"):
        state.chance_outcomes()


def test_history_move_number_and_clones_follow_the_moves_and_chance_outcomes() -> None:
    encoded("fromage")
    rl.register_openspiel()
    fromage = bgf.get_game("fromage")
    game = pyspiel.load_game("bgf_fromage(seed=4)")
    state = game.new_initial_state()
    expected = fromage.new_game(2, seed=4, chance="explicit")
    rng = np.random.default_rng(3)
    played: list[tuple[int, int]] = []
    chance_nodes = 0
    while not state.is_terminal() and len(played) < 60:
        if state.is_chance_node():
            chance_nodes += 1
            outcomes = state.chance_outcomes()
            numbers = [a for a, _ in outcomes]
            assert numbers == sorted(numbers) == state.legal_actions()
            # each number's probability is the rules' own for that outcome
            enc = encoded("fromage")
            rules = {enc.action_index(expected, o): p for o, p in fromage.chance_outcomes(expected)}
            assert dict(outcomes) == rules
            action = numbers[int(rng.integers(len(numbers)))]
            mover = int(pyspiel.PlayerId.CHANCE)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            mover = state.current_player()
        expected = fromage.step(expected, encoded("fromage").index_action(expected, action))
        state.apply_action(action)
        played.append((mover, action))
        assert state.bgf_state == expected
    assert chance_nodes > 0
    assert state.history() == [a for _, a in played]
    assert [(pa.player, pa.action) for pa in state.full_history()] == played
    assert state.move_number() == len(played)
    clone = state.clone()
    assert (clone.history(), clone.move_number()) == (state.history(), len(played))
    back = game.deserialize_state(state.serialize())
    assert (back.history(), back.move_number()) == (state.history(), len(played))
    assert back.bgf_state == state.bgf_state


def test_games_loaded_per_seed_share_their_seedless_parts_but_not_their_states() -> None:
    encoded("misere")
    rl.register_openspiel()
    misere = bgf.get_game("misere")
    one = pyspiel.load_game("bgf_misere(seed=1)")
    two = pyspiel.load_game("bgf_misere(seed=2)")
    assert one.codec is two.codec
    assert one.get_type() == two.get_type()
    assert one.get_type().short_name == "bgf_misere"
    for seed, game in ((1, one), (2, two)):
        assert game.new_initial_state().bgf_state == misere.new_game(
            2, seed=seed, chance="explicit"
        )
    assert one.new_initial_state().bgf_state != two.new_initial_state().bgf_state
    # another player count: its own numbering and seats
    encoded("fromage")
    two_seats = pyspiel.load_game("bgf_fromage(seed=1)")
    three = pyspiel.load_game("bgf_fromage(players=3,seed=1)")
    assert three.codec is not two_seats.codec
    assert (three.num_players(), two_seats.num_players()) == (3, 2)
    options = bgf.get_game("fromage").new_game(3, seed=1).options
    assert three.num_distinct_actions() == encoded("fromage").num_actions(3, options)


@pytest.mark.parametrize("size", [140, 600])
def test_observation_lists_are_the_tensor_s_floats(size: int) -> None:
    # Short vectors through tolist, long ones from their nonzero entries: the same floats.
    tensor = np.zeros(size, np.float32)
    tensor[[0, 7, 9, size - 1]] = [1.0, 0.25, -0.0, 1.0 / 3.0]
    listed = _openspiel._as_list(tensor)
    assert type(listed) is list
    assert listed == tensor.tolist()
    assert listed[7] == 0.25
    assert listed[size - 1] == float(np.float32(1.0 / 3.0))
    assert listed.count(0.0) == size - 3  # -0.0 == 0.0
    # bit for bit: the negative zero stays negative, as tolist gives it
    assert [math.copysign(1.0, v) for v in listed[8:11]] == [1.0, -1.0, 1.0]


def _reference_outcomes(game: Any, state: Any) -> tuple[Any, ...]:
    """The core's chance outcomes as first written: the hook's table, each weight over
    the total, worked out afresh."""
    from boardgames_fr.core.game import game_of

    table = game_of(state)._chance_hook(state)
    total = sum(w for _, w in table)
    return tuple((o, w / total) for o, w in table)


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_chance_answers_kept_by_table_are_those_worked_out_afresh(game_id: str) -> None:
    # Two games interleaved, each node asked twice: the core's memo of the last outcome
    # table (its outcomes, its probabilities) and the codec's of the outcomes' numbers
    # give at every node what the hook and the encoder say of that node alone.
    enc = encoded(game_id)
    game = bgf.get_game(game_id)
    rl.register_openspiel((game_id,))
    codec = _openspiel.codec_of(game_id, 2, game.new_game(2, seed=0).options)
    states = [
        pyspiel.load_game(f"bgf_{game_id}(seed={seed})").new_initial_state() for seed in (3, 4)
    ]
    rng = np.random.default_rng(5)
    chance_nodes = 0
    while not all(st.is_terminal() for st in states):
        for st in states:
            if st.is_terminal():
                continue
            s = st.bgf_state
            for _ in range(2):
                if st.is_chance_node():
                    reference = _reference_outcomes(game, s)
                    assert game.chance_outcomes(s) == reference
                    assert game.legal_actions(s) == tuple(o for o, _ in reference)
                    numbers = [enc.action_index(s, o) for o, _ in reference]
                    assert list(codec.moves(s)[1].indices) == numbers
                    assert st.chance_outcomes() == sorted(
                        zip(numbers, (p for _, p in reference), strict=True)
                    )
                else:
                    assert list(codec.moves(s)[1].indices) == enc.legal_indices(s)
                assert st.legal_actions() == sorted(enc.legal_indices(s))
            if st.is_chance_node():
                chance_nodes += 1
                outcomes, probs = zip(*st.chance_outcomes(), strict=True)
                st.apply_action(int(rng.choice(outcomes, p=np.array(probs) / sum(probs))))
            else:
                legal = st.legal_actions()
                st.apply_action(legal[int(rng.integers(len(legal)))])
    assert chance_nodes > 0 or not game.GAME_INFO.chance


def test_a_chance_list_is_a_new_list_each_time() -> None:
    # Fromage's die is the same table at every roll: the list kept for it is copied out,
    # so a caller that changes its list changes nothing for the next.
    encoded("fromage")
    rl.register_openspiel(("fromage",))
    st = pyspiel.load_game("bgf_fromage(seed=1)").new_initial_state()
    while not st.is_chance_node():
        st.apply_action(st.legal_actions()[0])
    first = st.chance_outcomes()
    first.clear()
    again = st.chance_outcomes()
    assert len(again) == 3 and again == [(i, p) for i, p in again if math.isclose(p, 1 / 3)]
    assert st.chance_outcomes() is not again
    legal = st.legal_actions()
    legal.clear()
    assert len(st.legal_actions()) == 3


def test_legal_actions_are_a_new_list_each_time() -> None:
    # The sorted numbers are kept in the state's menu: what a caller does to its list
    # changes nothing for the next call, from Python or through OpenSpiel's hook.
    enc = encoded("misere")
    rl.register_openspiel(("misere",))
    st = pyspiel.load_game("bgf_misere(seed=1)").new_initial_state()
    first = st.legal_actions()
    expected = sorted(enc.legal_indices(st.bgf_state))
    assert first == expected and len(expected) > 1
    first.clear()
    again = st.legal_actions()
    assert again == expected and again is not st.legal_actions()
    again.reverse()
    assert st.legal_actions(st.current_player()) == expected
    assert [a for a, legal in enumerate(st.legal_actions_mask()) if legal] == expected
