"""The reinforcement-learning adapters (issue #22): PettingZoo, Gymnasium and OpenSpiel
over every game that has its encode module, checked with each framework's own tests.

A game whose ``boardgames_fr.<game>.encode`` module is not written yet is skipped, naming
the module.
"""

from __future__ import annotations

import doctest
import warnings
from typing import Any

import numpy as np
import pytest
from builds import encoded  # tests/builds.py (pyproject: pytest's pythonpath)

import boardgames_fr as bgf

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")
pyspiel = pytest.importorskip("pyspiel")

from boardgames_fr import rl  # noqa: E402  (after the skips: it needs the rl extra)

SEATINGS = [(g, n) for g in bgf.GAME_IDS for n in bgf.get_game(g).GAME_INFO.player_counts]


def quiet(check: Any, *args: Any, **kwargs: Any) -> None:
    """Runs a framework's check without its style warnings (a dict observation space,
    no ``gymnasium.make`` spec), which hold for PettingZoo's own classic games too."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check(*args, **kwargs)


# --- PettingZoo ------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "num_players"), SEATINGS)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, num_players: int) -> None:
    encoded(game_id)
    quiet(pettingzoo_test.api_test, rl.pettingzoo_env(game_id, num_players), num_cycles=300)
    quiet(
        pettingzoo_test.seed_test, lambda: rl.pettingzoo_env(game_id, num_players), num_cycles=300
    )


def play_pettingzoo(game_id: str, num_players: int, seed: int) -> list[Any]:
    """A whole game through the env with the first legal move each time, checking at
    every step that each agent sees exactly its seat's observation and only the agent to
    act sees a mask; returns the moves' numbers."""
    enc = encoded(game_id)
    game = bgf.get_game(game_id)
    env = rl.pettingzoo_env(game_id, num_players)
    env.reset(seed=seed)
    moves = []
    while not env.terminations[env.agent_selection]:
        state = env.game_state
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            expected = enc.observation_tensor(game.observe(state, seat))
            assert obs["observation"].dtype == np.float32
            np.testing.assert_array_equal(obs["observation"], expected)
            if agent == env.agent_selection:
                assert seat == game.current_player(state)
                np.testing.assert_array_equal(obs["action_mask"], enc.legal_mask(state))
                # the same numbers, listed, in the mover's info only
                legal = sorted(enc.action_index(state, a) for a in game.legal_actions(state))
                assert env.infos[agent] == {"legal_moves": legal}
                assert not obs["action_mask"].flags.writeable  # shared between steps
            else:
                assert not obs["action_mask"].any()
                assert env.infos[agent] == {}
        move = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
        moves.append(move)
        env.step(move)
    returns = game.returns(env.game_state)
    assert env.rewards == {f"player_{i}": r for i, r in enumerate(returns)}
    assert all(info == {} for info in env.infos.values())
    # the game's returns: positive exactly for the winners (a game may end with none)
    won = game.winners(env.game_state)
    assert [seat for seat, r in enumerate(returns) if r > 0] == list(won)
    return moves


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_pettingzoo_observations_are_each_seats_own_and_rewards_the_returns(game_id: str) -> None:
    moves = play_pettingzoo(game_id, 2, seed=5)
    assert moves == play_pettingzoo(game_id, 2, seed=5)  # the seed makes the game


def test_pettingzoo_refuses_an_illegal_move_with_the_reason() -> None:
    encoded("misere")
    env = rl.pettingzoo_env("misere")
    env.reset(seed=1)
    # Misère's first moves are placements 0, 4, 8, 12, 14, 16: 1 is a qualified worker.
    assert np.flatnonzero(env.observe("player_0")["action_mask"]).tolist() == [0, 4, 8, 12, 14, 16]
    with pytest.raises(ValueError, match=r"index 1 .* is not a legal move now"):
        env.step(1)
    assert env.agent_selection == "player_0"  # nothing happened


def test_pettingzoo_before_reset_says_to_call_reset() -> None:
    encoded("misere")
    env = rl.pettingzoo_env("misere")
    with pytest.raises(AttributeError, match=r"^agent_selection is set by reset\(\): call"):
        env.step(0)
    with pytest.raises(AttributeError, match=r"^agent_selection is set by reset\(\): call"):
        env.last()
    with pytest.raises(AttributeError, match=r"^there is no game yet: call env.reset\(\) first"):
        env.observe("player_0")
    with pytest.raises(AttributeError, match=r"'BoardGameAEC' object has no attribute 'nope'"):
        env.nope  # noqa: B018  (another missing name keeps Python's own message)
    assert not hasattr(env, "agent_selection")
    with pytest.raises(AttributeError, match=r"^agents is set by reset\(\): call"):
        list(env.agent_iter())
    with pytest.raises(AttributeError, match="rewards"):
        env.rewards  # noqa: B018  (Python's own message: read at every step, kept plain)
    env.reset(seed=1)
    assert env.agent_selection == "player_0"


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_codec_lists_a_state_s_moves_once_and_steps_with_the_rules_own_objects(
    game_id: str,
) -> None:
    enc = encoded(game_id)
    game = bgf.get_game(game_id)
    codec = rl.Codec(game_id, 2, None)
    state = codec.new_game(seed=4, explicit=True)
    rng = np.random.default_rng(4)
    for _ in range(60):
        if game.is_terminal(state):
            break
        moves = codec.moves(state)
        assert codec.moves(state) is moves  # once per state, whatever asks
        legal = game.legal_actions(state)
        assert moves[0] is legal
        menu = moves[1]
        assert list(menu.indices) == [enc.action_index(state, a) for a in legal]
        # OpenSpiel's path: a decision's menu is not shown (no sorted list, no mask) until
        # a mask is asked for (a chance node's is kept by the outcome table, as it is).
        assert not hasattr(menu, "mask") or state.to_move < 0
        np.testing.assert_array_equal(codec.legal_mask(state), enc.legal_mask(state))
        assert not codec.legal_mask(state).flags.writeable
        assert menu.legal_moves == sorted(menu.indices)
        for i, a in zip(menu.indices, legal, strict=True):
            assert codec.action(state, i) is a  # the rules' own object, not an equal one
        i = int(menu.indices[rng.integers(len(legal))])
        for seat in (None, 0, 1):
            expected = enc.observation_tensor(game.observe(state, seat))
            assert codec.observation(state, seat).tobytes() == expected.tobytes()
        state = game.step(state, codec.action(state, i))
    illegal = int(np.flatnonzero(~codec.legal_mask(state))[0])
    with pytest.raises(ValueError, match=f"{illegal}"):
        codec.action(state, illegal)


def test_a_menu_gives_sorted_numbers_and_makes_its_masks_when_first_asked() -> None:
    menu = rl.Menu((7, 2, 4), 9, shown=False)
    assert menu.indices == (7, 2, 4) and menu.size == 9
    assert not hasattr(menu, "legal_moves") and not hasattr(menu, "mask")
    mask = menu.int8()
    assert mask.dtype == np.int8 and mask.tolist() == [0, 0, 1, 0, 1, 0, 0, 1, 0]
    assert menu.mask is mask and menu.int8() is mask  # made once, kept
    assert menu.legal_moves == [2, 4, 7] and menu.show() is menu
    shown = rl.Menu((7, 2, 4), 9)  # shown when made: the same numbers and mask
    assert shown.legal_moves == [2, 4, 7] and shown.mask.tolist() == mask.tolist()
    assert not shown.mask.flags.writeable
    assert not mask.flags.writeable  # shared by every state with these numbers
    bools = menu.bools()
    assert bools.dtype == np.bool_
    assert bools.tolist() == [False, False, True, False, True, False, False, True, False]
    assert not bools.flags.writeable and np.shares_memory(bools, mask)
    empty = rl.Menu((), 4, shown=False)
    assert empty.bools().tolist() == [False] * 4 and empty.legal_moves == []
    with pytest.raises(IndexError):
        rl.Menu((4,), 4)  # a number past the numbering's size


def test_a_codec_s_two_paths_share_nothing_that_one_needs_and_the_other_lacks() -> None:
    # OpenSpiel's path (`moves`) makes a state's menu without its mask; the environments'
    # path (`decision`) always hands out a menu with one, even when the same codec, at the
    # same state, went the other way first.
    encoded("misere")
    codec = rl.Codec("misere", 2, None)
    state = codec.new_game(seed=2)
    legal, menu = codec.moves(state)
    assert not hasattr(menu, "mask")
    shown_legal, shown = codec.decision(state)
    assert shown_legal is legal and shown is not menu
    assert shown.legal_moves == [0, 4, 8, 12, 14, 16]
    expected = [1 if i in shown.legal_moves else 0 for i in range(75)]
    assert shown.mask.tolist() == menu.int8().tolist() == expected
    assert menu.legal_moves == shown.legal_moves
    assert codec.mask8(state) is shown.mask  # the shared menu's own mask
    assert codec.moves(state)[1] is menu  # still the state's own


def pettingzoo_record(env: Any, steps: int) -> list[Any]:
    """What ``steps`` rounds of a PettingZoo loop read (``last()``, the mask's copy, the
    rewards) playing each agent's highest legal number, the dead steps included."""
    seen: list[Any] = []
    for agent in env.agent_iter(steps):
        obs, reward, term, trunc, info = env.last()
        seen.append(
            (agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward, term)
        )
        seen.append((trunc, dict(info), dict(env.rewards)))
        env.step(None if term or trunc else info["legal_moves"][-1])
    return seen


def test_pettingzoo_two_environments_of_a_game_interleaved_play_as_each_alone() -> None:
    # The codec's memos (menus, masks) are each environment's own: two environments of
    # one game stepped in turn read exactly what each reads alone.
    encoded("fromage")
    alone = []
    for seed in (5, 6):
        env = rl.pettingzoo_env("fromage", 3)
        env.reset(seed=seed)
        alone.append(pettingzoo_record(env, 10_000))
    a, b = rl.pettingzoo_env("fromage", 3), rl.pettingzoo_env("fromage", 3)
    a.reset(seed=5)
    b.reset(seed=6)
    together: list[list[Any]] = [[], []]
    while a.agents or b.agents:
        for k, env in enumerate((a, b)):
            together[k] += pettingzoo_record(env, 1) if env.agents else []
    assert together == alone
    assert alone[0] != alone[1] and len(alone[0]) > 60


def test_pettingzoo_dead_steps_and_agent_iter_are_pettingzoo_s() -> None:
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import TerminateIllegalWrapper

    encoded("fromage")

    def fields(env: Any) -> Any:
        return (
            env.agent_selection,
            list(env.agents),
            dict(env.rewards),
            dict(env._cumulative_rewards),
            dict(env.terminations),
            dict(env.truncations),
            dict(env.infos),
        )

    # At the end of a game (every agent done at once), and after PettingZoo's own
    # TerminateIllegalWrapper ended it on an illegal move (its rewards, its dead agent
    # first): each dead step leaves the env as AECEnv's own `_was_dead_step` does.
    for illegal in (False, True):
        ours, theirs = rl.pettingzoo_env("fromage", 3), rl.pettingzoo_env("fromage", 3)
        for env in (ours, theirs):
            env.reset(seed=3)
            for _ in range(4):
                env.step(env.infos[env.agent_selection]["legal_moves"][0])
            if illegal:
                wrapped = TerminateIllegalWrapper(env, illegal_reward=-1)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    wrapped.step(
                        int(
                            np.flatnonzero(
                                wrapped.observe(env.agent_selection)["action_mask"] == 0
                            )[0]
                        )
                    )
            else:
                while not env.terminations[env.agent_selection]:
                    env.step(env.infos[env.agent_selection]["legal_moves"][0])
        assert fields(ours) == fields(theirs) and len(ours.agents) == 3
        while ours.agents:
            ours.step(None)
            AECEnv._was_dead_step(theirs, None)
            assert fields(ours) == fields(theirs)
    with pytest.raises(ValueError, match="when an agent is dead, the only valid action is None"):
        env = rl.pettingzoo_env("misere")
        env.reset(seed=1)
        env.terminations = dict.fromkeys(env.agents, True)
        env.step(0)
    # agent_iter: an iterable that starts afresh each time, up to max_iter agents
    env = rl.pettingzoo_env("misere")
    env.reset(seed=1)
    rounds = env.agent_iter(3)
    assert list(rounds) == ["player_0"] * 3 and list(rounds) == ["player_0"] * 3
    env.agents = []
    assert list(env.agent_iter()) == []


def test_draw_seed_is_numpy_s_bounded_draw() -> None:
    from boardgames_fr.rl._pettingzoo import draw_seed

    for seed in (0, 1, 12345):
        ours, numpy_s = np.random.default_rng(seed), np.random.default_rng(seed)
        assert [draw_seed(ours) for _ in range(2000)] == [
            int(numpy_s.integers(2**63)) for _ in range(2000)
        ]


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_codec_menus_are_the_encoder_s_numbers_whatever_the_memos_keep(game_id: str) -> None:
    enc = encoded(game_id)
    game = bgf.get_game(game_id)
    for keep in (4096, 2):  # the memos as built, and nearly full at every step
        codec = rl.Codec(game_id, 2, None)
        codec._legal_keep = codec._mask_keep = keep
        for seed in range(3):
            state = codec.new_game(seed)
            rng = np.random.default_rng(seed)
            while not game.is_terminal(state):
                legal, menu = codec.decision(state)
                assert legal is game.legal_actions(state)
                assert list(menu.indices) == enc.legal_indices(state)
                assert menu.legal_moves == sorted(menu.indices)
                assert menu.mask.tolist() == enc.legal_mask(state).astype(int).tolist()
                assert not menu.mask.flags.writeable
                state = game.step(state, legal[rng.integers(len(legal))])
        assert len(codec._by_legal) <= keep and len(codec._menus) <= keep


def test_codec_keeps_its_memo_of_legal_tuples_only_where_the_rules_hand_them_out_again() -> None:
    # Misère's rules give the same tuple again for about half of the positions; D'Orge
    # et de Blé's build a new one each time, where the memo is given up at its first sweep.
    kept = {}
    for game_id in ("misere", "dorge_et_ble"):
        encoded(game_id)
        env = rl.pettingzoo_env(game_id)
        for seed in range(60):
            env.reset(seed=seed)
            while not env.terminations[env.agent_selection]:
                env.step(env.infos[env.agent_selection]["legal_moves"][seed % 2 - 1])
        kept[game_id] = (env.codec._legal_keep, env.codec._legal_hits > 0)
    assert kept == {"misere": (1024, True), "dorge_et_ble": (0, False)}


def test_pettingzoo_renders_the_public_view_in_text_and_svg() -> None:
    encoded("fromage")
    game = bgf.get_game("fromage")
    env = rl.pettingzoo_env("fromage", 3, options={"powers": True}, render_mode="ansi", lang="fr")
    env.reset(seed=2)
    assert env.render() == game.render(env.game_state, "fr")
    env = rl.pettingzoo_env("fromage", render_mode="svg")
    env.reset(seed=2)
    assert env.render() == game.render_svg(env.game_state, "en")
    with pytest.raises(ValueError, match="render_mode must be None or one of ansi, svg"):
        rl.pettingzoo_env("fromage", render_mode="human")


def test_a_game_without_its_encode_module_is_refused_naming_it(monkeypatch: Any) -> None:
    import importlib

    real = importlib.import_module

    def missing(name: str, *args: Any) -> Any:
        if name == "boardgames_fr.misere.encode":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(NotImplementedError, match=r"the module boardgames_fr\.misere\.encode"):
        rl.pettingzoo_env("misere")


# --- Gymnasium -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_gymnasium_check_env_passes(game_id: str) -> None:
    encoded(game_id)
    quiet(env_checker.check_env, rl.gymnasium_env(game_id, opponents="random"))


def test_gymnasium_plays_a_seat_against_bots_to_the_game_s_return() -> None:
    enc = encoded("fromage")
    game = bgf.get_game("fromage")
    env = rl.gymnasium_env("fromage", seat=1, opponents="heuristic", num_players=3)
    obs, info = env.reset(seed=4)
    first = obs.copy()
    done, reward, steps = False, 0.0, 0
    while not done:
        state = env.game_state
        assert game.current_player(state) == 1
        np.testing.assert_array_equal(obs, enc.observation_tensor(game.observe(state, 1)))
        np.testing.assert_array_equal(info["action_mask"], enc.legal_mask(state))
        assert info["legal_moves"] == np.flatnonzero(info["action_mask"]).tolist()
        obs, reward, done, truncated, info = env.step(info["legal_moves"][-1])
        assert not truncated
        steps += 1
    assert reward == game.returns(env.game_state)[1]
    assert not info["action_mask"].any() and info["legal_moves"] == []
    with pytest.raises(ValueError, match="the episode is over: call reset"):
        env.step(0)
    again, _ = env.reset(seed=4)  # the same game again, the bots' seeds included
    np.testing.assert_array_equal(again, first)
    assert steps > 5


def test_gymnasium_illegal_move_loses_or_raises() -> None:
    encoded("misere")
    env = rl.gymnasium_env("misere", opponents="random")
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(1)
    assert (reward, terminated) == (-1.0, True)
    assert info["illegal_action"] == (
        "index 1 (Place(place=0, qualified=True)) is not a legal move now"
    )
    strict = rl.gymnasium_env("misere", opponents="random", illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="is not a legal move now"):
        strict.step(1)


def test_gymnasium_refuses_bad_seats_and_opponents() -> None:
    encoded("misere")
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1, not 2"):
        rl.gymnasium_env("misere", seat=2)
    with pytest.raises(ValueError, match="opponents must be an agent name, an agent, or 1"):
        rl.gymnasium_env("misere", opponents=["random", "random"])
    with pytest.raises(ValueError, match="illegal_action must be 'lose' or 'raise'"):
        rl.gymnasium_env("misere", illegal_action="ignore")


def test_gymnasium_gives_the_bots_only_their_own_observation() -> None:
    encoded("fromage")
    seen: list[tuple[Any, Any]] = []

    class Spy:
        def act(self, observation: Any, legal_actions: Any) -> Any:
            seen.append((observation, legal_actions))
            return legal_actions[0]

    env = rl.gymnasium_env("fromage", opponents=Spy(), options={"powers": True})
    _, info = env.reset(seed=3)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert seen
    for observation, _ in seen:
        assert observation.seat == 1


# --- OpenSpiel -------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_openspiel_random_sim_test_passes(game_id: str) -> None:
    encoded(game_id)
    assert f"bgf_{game_id}" in rl.register_openspiel()
    game = pyspiel.load_game(f"bgf_{game_id}(seed=3)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_openspiel_game_type_is_the_game_s(game_id: str) -> None:
    encoded(game_id)
    rl.register_openspiel()
    info = bgf.get_game(game_id).GAME_INFO
    game = pyspiel.load_game(f"bgf_{game_id}")
    t = game.get_type()
    GT = pyspiel.GameType
    assert t.information == (
        GT.Information.IMPERFECT_INFORMATION
        if info.hidden_information
        else GT.Information.PERFECT_INFORMATION
    )
    assert t.chance_mode == (
        GT.ChanceMode.EXPLICIT_STOCHASTIC if info.chance else GT.ChanceMode.DETERMINISTIC
    )
    zero_sum = game_id == "dorge_et_ble"  # DB-13: one winner of two, always
    assert t.utility == (GT.Utility.ZERO_SUM if zero_sum else GT.Utility.GENERAL_SUM)
    assert (t.min_num_players, t.max_num_players) == (
        min(info.player_counts),
        max(info.player_counts),
    )
    assert game.num_players() == info.default_players
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_openspiel_states_hold_the_game_and_serialize_through_dumps() -> None:
    enc = encoded("fromage")
    rl.register_openspiel()
    fromage = bgf.get_game("fromage")
    game = pyspiel.load_game('bgf_fromage(players=3,seed=7,options={"powers": true})')
    state = game.new_initial_state()
    expected = fromage.new_game(3, seed=7, options={"powers": True}, chance="explicit")
    assert state.bgf_state == expected
    rng = np.random.default_rng(1)
    for _ in range(40):
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            probs = [p for _, p in outcomes]
            expect = fromage.chance_outcomes(state.bgf_state)
            assert [p for _, p in expect] == probs or sorted(probs) == sorted(p for _, p in expect)
            state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            legal = state.legal_actions()
            assert legal == np.flatnonzero(enc.legal_mask(state.bgf_state)).tolist()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    # OpenSpiel's serialization pickles the Python side: the state goes as bgf.dumps's text
    text = state.serialize()
    assert "history=" in text
    back = game.deserialize_state(text)
    assert back.bgf_state == state.bgf_state
    assert back.history() == state.history()
    for p in range(3):
        assert back.information_state_string(p) == state.information_state_string(p)
    clone = state.clone()
    assert clone.bgf_state is state.bgf_state  # states are values: shared, not copied


def test_openspiel_parameters_reach_the_game_and_its_refusals_come_back() -> None:
    import json

    encoded("fromage")
    rl.register_openspiel()
    options = json.dumps({"powers": True, "board": "B"})
    game = pyspiel.load_game("bgf_fromage", {"players": 4, "seed": 9, "options": options})
    state = game.new_initial_state().bgf_state
    assert (state.num_players, state.options.powers, state.options.board) == (4, True, "B")
    assert state == bgf.new_game(
        "fromage", num_players=4, seed=9, options=json.loads(options), chance="explicit"
    )
    with pytest.raises(ValueError, match=r"Fromage .* is for 2 to 4 players, not 7"):
        pyspiel.load_game("bgf_fromage(players=7)")
    with pytest.raises(ValueError, match="unknown option 'nope' for fromage"):
        pyspiel.load_game('bgf_fromage(options={"nope": 1})')


def test_openspiel_observations_are_each_seats_own() -> None:
    enc = encoded("fromage")
    rl.register_openspiel()
    fromage = bgf.get_game("fromage")
    game = pyspiel.load_game('bgf_fromage(seed=2,options={"powers": true})')
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    s = state.bgf_state
    for p in range(2):
        assert state.observation_string(p) == repr(fromage.observe(s, p))
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor(p), np.float32),
            enc.observation_tensor(fromage.observe(s, p)),
        )
        recall = state.information_state_string(p)
        assert recall.startswith(repr(fromage.observe(s, p)) + "\nrecall ")
    # seat 0's markers are not in seat 1's strings (FR-11)
    assert state.observation_string(0) != state.observation_string(1)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    )
    assert public.string_from(state, 0) == repr(fromage.observe(s, None))
    public.set_from(state, 0)
    np.testing.assert_array_equal(public.tensor, enc.observation_tensor(fromage.observe(s, None)))


def test_openspiel_information_state_remembers_the_seat_s_own_moves() -> None:
    encoded("misere")
    rl.register_openspiel()
    game = pyspiel.load_game("bgf_misere")
    a, b = game.new_initial_state(), game.new_initial_state()
    first, second = a.legal_actions()[:2]
    a.apply_action(first)
    b.apply_action(second)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.information_state_string(1) != b.information_state_string(1)
    c = game.new_initial_state()
    c.apply_action(first)
    assert c.information_state_string(0) == a.information_state_string(0)


@pytest.mark.parametrize("game_id", ["dorge_et_ble", "fromage"])
def test_openspiel_python_answers_are_the_cpp_ones(game_id: str) -> None:
    # The state answers Python's calls itself (no round trip through C++): the same as
    # pyspiel's own methods, which go through the hooks, at chance nodes, decisions and
    # the end. D'Orge's tensor is long (899 floats): listed from its nonzero values.
    encoded(game_id)
    rl.register_openspiel()
    state = pyspiel.load_game(f"bgf_{game_id}(seed=5)").new_initial_state()
    rng = np.random.default_rng(5)
    cpp = pyspiel.State
    kinds = set()
    while True:
        kinds.add(state.current_player() if state.current_player() < 0 else 0)
        assert state.is_chance_node() == cpp.is_chance_node(state)
        assert state.is_player_node() == cpp.is_player_node(state)
        assert state.legal_actions() == cpp.legal_actions(state)
        for p in range(2):
            assert state.legal_actions(p) == cpp.legal_actions(state, p)
            assert state.observation_tensor(p) == cpp.observation_tensor(state, p)
        if state.is_player_node():
            assert state.observation_tensor() == cpp.observation_tensor(state)
        else:  # no seat to act: refused, as pyspiel does
            with pytest.raises(pyspiel.SpielError, match="player"):
                state.observation_tensor()
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    assert kinds == {0, int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)}
    with pytest.raises(pyspiel.SpielError, match="player"):
        state.observation_tensor(2)


def test_openspiel_mcts_bot_plays_misere_to_the_end() -> None:
    encoded("misere")
    from open_spiel.python.algorithms import mcts

    rl.register_openspiel()
    game = pyspiel.load_game("bgf_misere(seed=4)")
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        # MCTS for seat 0, the first legal move for seat 1
        action = bot.step(state) if state.current_player() == 0 else state.legal_actions()[0]
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves > 2
    assert state.returns() == list(bgf.get_game("misere").returns(state.bgf_state))


def test_register_openspiel_refuses_a_named_game_without_encoding(monkeypatch: Any) -> None:
    from boardgames_fr.rl import _openspiel

    def missing(game_id: str) -> Any:
        raise NotImplementedError(
            f"{game_id}: the module boardgames_fr.{game_id}.encode is missing"
        )

    monkeypatch.setattr(_openspiel, "encode_module", missing)
    assert rl.register_openspiel() == ()
    with pytest.raises(NotImplementedError, match=r"misere\.encode is missing"):
        rl.register_openspiel(("misere",))


# --- the docstrings' examples -------------------------------------------------------------


@pytest.mark.parametrize("name", ["boardgames_fr.rl", "boardgames_fr.rl._codec"])
def test_docstring_examples(name: str) -> None:
    import importlib

    encoded("misere")
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# --- docs/rl.md ---------------------------------------------------------------------------


def test_the_docs_page_samples_run() -> None:
    """docs/rl.md's samples (fenced ``py``: they need the rl extra, which the docs pages'
    own test does not install) run top to bottom in one namespace."""
    import contextlib
    import io
    import re
    from pathlib import Path

    for game_id in ("fromage", "misere"):
        encoded(game_id)
    page = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
    samples = re.findall(r"```py\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    assert len(samples) == 3
    namespace: dict[str, Any] = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for i, code in enumerate(samples):
            exec(compile(code, f"docs/rl.md, sample {i + 1}", "exec"), namespace)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("Fromage, ")  # the text picture's first line, in English
    assert float(lines[1]) in (-1.0, 0.5, 1.0)  # the seat's return
    assert lines[2] == "Information.IMPERFECT_INFORMATION False"
