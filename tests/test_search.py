"""The search bot (issue #21): it sees only its observation, replays from its seed, plays
for every seat, and beats random play clearly."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import pytest

import boardgames_fr as bgf
from boardgames_fr.agents import AGENT_NAMES, make_agent
from boardgames_fr.core.rng import Rng
from boardgames_fr.search import (
    GAME_DEFAULTS,
    Defaults,
    ISMCTSAgent,
    SearchResult,
    _margins,
    _ranked,
    default_iterations,
)
from boardgames_fr.value import ValueModel, packaged_value

# The games whose module samples worlds: the others cannot have a search bot yet.
SEARCHABLE = [gid for gid in bgf.GAME_IDS if hasattr(bgf.get_game(gid), "determinize")]
# Options that bring out each game's hidden information (Fromage's power markers).
OPTIONS: dict[str, dict[str, Any]] = {"fromage": {"powers": True}}


def _decisions(game_id: str, seed: int, count: int, default_options: bool = False) -> list[Any]:
    """``count`` states of a random game where the seat to move has a choice, spread over
    the game; those where the seat cannot see everything (`hidden_variants`) first.
    The game's options bring out its hidden information unless ``default_options``."""
    m = bgf.get_game(game_id)
    options = None if default_options else OPTIONS.get(game_id)
    s = m.new_game(2, seed=seed, options=options)
    rng = Rng(seed)
    hidden, plain = [], []
    while not m.is_terminal(s):
        legal = m.legal_actions(s)
        if len(legal) > 1:
            (hidden if m.GAME.hidden_variants(s, s.to_move, Rng(5)) else plain).append(s)
        s = m.step(s, legal[rng.randrange(len(legal))])
    found = hidden + plain
    return [found[i * len(found) // count] for i in range(count)] if hidden else found[:count]


def _choice(game_id: str, state: Any, seed: int = 3, iterations: int = 40) -> SearchResult:
    m = bgf.get_game(game_id)
    bot = ISMCTSAgent(
        game_id, seed=seed, iterations=iterations, rollout="random", max_rollout_steps=60, prior=0
    )
    return bot.search(m.observe(state, state.to_move), m.legal_actions(state))


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_the_bot_cannot_see_what_its_seat_cannot_see(game_id: str) -> None:
    m = bgf.get_game(game_id)
    checked = 0
    for s in _decisions(game_id, seed=11, count=4):
        seat = s.to_move
        # The dice and draws ahead (the RNG), and whatever else the seat cannot see.
        variants = [attrs.evolve(s, rng=(s.rng * 3 + 1) % 2**64)]
        variants += list(m.GAME.hidden_variants(s, seat, Rng(5)))[:2]
        seen = _choice(game_id, s)
        for v in variants:
            assert v != s
            assert _choice(game_id, v) == seen  # the same statistics, so the same action
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_hidden_information_really_varies(game_id: str) -> None:
    """The test above compares states that differ in more than the RNG where the game
    has hidden information: otherwise it could not fail for the hands and decks."""
    m = bgf.get_game(game_id)
    if not m.GAME_INFO.hidden_information:
        pytest.skip(f"{game_id} has no hidden information but the RNG")
    found = any(
        list(m.GAME.hidden_variants(s, s.to_move, Rng(5)))
        for s in _decisions(game_id, seed=11, count=4)
    )
    assert found


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_same_seed_same_search_and_another_seed_another(game_id: str) -> None:
    # A decision half-way through a game: at Fromage's first placement every capped
    # rollout ends level, and no seed can tell the moves apart.
    found = _decisions(game_id, seed=4, count=4)
    s = found[len(found) // 2]
    a, b, c = _choice(game_id, s, seed=1), _choice(game_id, s, seed=1), _choice(game_id, s, seed=2)
    assert a.stats == b.stats and a.action == b.action
    assert a.iterations == 40 and sum(st.visits for st in a.stats) == 40
    assert c.stats != a.stats  # the seed drives the worlds and the rollouts
    assert all(st.available == 40 for st in a.stats)  # the root's moves are always legal
    assert a.seat == s.to_move
    # The most visited move, unless the game's heuristic (the prior at the root) tips it.
    assert a.action in (a.stats[0].action, a.prior_action)
    assert a.prior_action is not None or a.action == a.stats[0].action
    visits = [st.visits for st in a.stats]
    assert visits == sorted(visits, reverse=True)


def _play(game_id: str, agents: Sequence[Any], seed: int, num_players: int = 2) -> Any:
    m = bgf.get_game(game_id)
    s = m.new_game(num_players, seed=seed)
    while not m.is_terminal(s):
        seat = s.to_move
        s = m.step(s, agents[seat].act(m.observe(s, seat), m.legal_actions(s)))
    return s


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
def test_a_whole_game_replays_from_the_seeds(rollout: str) -> None:
    gid = "misere" if "misere" in SEARCHABLE else SEARCHABLE[0]
    ends = []
    for _ in range(2):
        bot = ISMCTSAgent(gid, seed=7, iterations=4, rollout=rollout, max_rollout_steps=6)
        ends.append(_play(gid, [bot, make_agent(gid, "random", 8)], 9))
    assert ends[0] == ends[1]


# Budgets small enough for a quick test: (iterations, rollout steps) per game.
QUICK = {
    "dorge_et_ble": (12, 20),
    "fromage": (30, 30),
    "lactorama": (20, 30),
    "little_factory": (10, 20),
    "misere": (30, 30),
}


@pytest.mark.parametrize("game_id", SEARCHABLE)
def test_it_beats_random_play_clearly(game_id: str) -> None:
    m = bgf.get_game(game_id)
    won = 0
    for g in range(8):
        me = g % 2  # seats rotated
        agents: list[Any] = [make_agent(game_id, "random", seed=100 + g)] * 2
        iterations, steps = QUICK[game_id]
        agents[me] = ISMCTSAgent(
            game_id, seed=g, iterations=iterations, rollout="random", max_rollout_steps=steps
        )
        won += m.returns(_play(game_id, agents, seed=50 + g))[me] > 0
    # Random play wins at most half of its games against itself (a Lactorama game may
    # have no winner); the bot, three in four at least, even at this tiny budget.
    assert won >= 6


def test_it_plays_for_every_seat_of_a_larger_game() -> None:
    gid = next(g for g in SEARCHABLE if 4 in bgf.get_game(g).GAME_INFO.player_counts)
    m = bgf.get_game(gid)
    s = m.new_game(4, seed=2)
    rng = Rng(2)
    seats = set()
    while len(seats) < 4 and not m.is_terminal(s):
        legal = m.legal_actions(s)
        if len(legal) > 1 and s.to_move not in seats:
            r = ISMCTSAgent(gid, seed=1, iterations=20).search(m.observe(s, s.to_move), legal)
            assert r.seat == s.to_move and r.action in legal
            assert sum(st.visits for st in r.stats) == 20
            assert all(-1.0 <= st.mean_return <= 1.0 for st in r.stats)
            seats.add(s.to_move)
        s = m.step(s, legal[rng.randrange(len(legal))])
    assert seats == {0, 1, 2, 3}


class _Counting:
    """A rollout agent that plays the first legal move and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        self.calls += 1
        return legal_actions[0]


def test_rollouts_by_a_given_agent_and_their_cap() -> None:
    gid = SEARCHABLE[0]
    m = bgf.get_game(gid)
    s = _decisions(gid, seed=4, count=1)[0]
    counting = _Counting()
    bot = ISMCTSAgent(gid, seed=1, iterations=5, rollout=counting, max_rollout_steps=3)
    bot.search(m.observe(s, s.to_move), m.legal_actions(s))
    # At most three rollout steps each (fewer when a move is forced or the game ends).
    assert 0 < counting.calls <= 15
    named = make_agent(gid, "ismcts", seed=1, iterations=5, rollout="heuristic")
    assert isinstance(named, ISMCTSAgent)
    assert type(named.rollout).__name__ == "HeuristicAgent"
    assert named.act(m.observe(s, s.to_move), m.legal_actions(s)) in m.legal_actions(s)


def test_a_time_budget_stops_the_search() -> None:
    gid = SEARCHABLE[0]
    m = bgf.get_game(gid)
    s = _decisions(gid, seed=4, count=1)[0]
    r = ISMCTSAgent(gid, seed=1, seconds=0.05).search(m.observe(s, s.to_move), m.legal_actions(s))
    assert r.iterations >= 1 and r.seconds < 5
    r = ISMCTSAgent(gid, seed=1, seconds=60, iterations=3).search(
        m.observe(s, s.to_move), m.legal_actions(s)
    )
    assert r.iterations == 3  # whichever budget ends first


def test_refusals_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    gid = SEARCHABLE[0]
    m = bgf.get_game(gid)
    s = m.new_game(2, seed=1)
    with pytest.raises(ValueError, match="iterations must be a whole number of at least 1, not 0"):
        ISMCTSAgent(gid, iterations=0)
    with pytest.raises(ValueError, match="seconds must be positive, not -1"):
        ISMCTSAgent(gid, seconds=-1)
    with pytest.raises(ValueError, match="needs a seat's observation, not the public view"):
        ISMCTSAgent(gid, iterations=2).search(m.observe(s, None), m.legal_actions(s))
    with pytest.raises(ValueError, match="no legal action to choose from"):
        ISMCTSAgent(gid, iterations=2).search(m.observe(s, 0), ())
    with pytest.raises(ValueError, match="the random agent takes no settings, not iterations"):
        make_agent(gid, "random", 1, iterations=5)
    with pytest.raises(ValueError, match="cannot play the rollouts of a search bot"):
        make_agent(gid, "ismcts", 1, rollout="ismcts")
    with pytest.raises(ValueError, match="rollout must be 'random', 'heuristic' or an agent"):
        ISMCTSAgent(gid, rollout="smart")
    monkeypatch.delattr(bgf.get_game("misere"), "determinize", raising=False)
    with pytest.raises(ValueError, match="misere has no determinize"):
        ISMCTSAgent("misere")


def test_the_default_budget_and_the_names() -> None:
    assert "ismcts" in AGENT_NAMES
    gid = SEARCHABLE[0]
    bot = make_agent(gid, "ismcts", seed=1)
    assert isinstance(bot, ISMCTSAgent)
    assert bot.iterations == default_iterations(gid) and bot.seconds is None
    m = bgf.get_game(gid)
    s = m.new_game(2, seed=1)
    forced = (m.legal_actions(s)[0],)
    assert bot.act(m.observe(s, s.to_move), forced) == forced[0]  # no search to do
    assert bot.last is None


def test_the_heuristic_prior_stands_unless_the_search_finds_a_margin() -> None:
    gid = SEARCHABLE[0]
    m = bgf.get_game(gid)
    for s in _decisions(gid, seed=4, count=3):
        obs, legal = m.observe(s, s.to_move), m.legal_actions(s)
        heuristic = m.HeuristicAgent(1 ^ 0x9219).act(obs, legal)  # the prior's own seed
        plain = ISMCTSAgent(gid, seed=1, iterations=30, rollout="random", prior=0)
        strong = ISMCTSAgent(gid, seed=1, iterations=30, rollout="random", prior=100)
        a, b = plain.search(obs, legal), strong.search(obs, legal)
        assert a.stats == b.stats and a.prior_action is None
        assert b.prior_action == heuristic and b.action == heuristic
        assert a.action == a.stats[0].action
    with pytest.raises(ValueError, match="prior must be at least 0, not -1"):
        ISMCTSAgent(gid, prior=-1)


def test_a_capped_rollout_is_scored_by_rank_or_by_the_lead() -> None:
    assert _ranked((3, 7, 7)) == (-1.0, 0.5, 0.5)
    assert _ranked((120, 80)) == (1.0, -1.0)
    # The lead over the best other seat, relative to the larger of the two scores.
    assert _margins((120, 80)) == (40 / 120, -40 / 120)
    assert _margins((3, 7, 7)) == (-4 / 7, 0.0, 0.0)
    assert _margins((0, 0)) == (0.0, 0.0)
    assert _margins((-50, 100)) == (-1.0, 1.0)  # a debt: the whole loss, no more
    gid = "little_factory"
    m = bgf.get_game(gid)
    s = _decisions(gid, seed=4, count=4)[2]
    assert m.scores(s) == (5, 6) and s.to_move == 0
    obs, legal = m.observe(s, 0), m.legal_actions(s)
    # Rollouts cut at once, one iteration a move: each move's return is the position's
    # right after it (victory points are public, so every sampled world agrees).
    for evaluation, expected in (("margin", -1 / 6), ("rank", -1.0)):
        bot = ISMCTSAgent(
            gid, seed=1, iterations=len(legal), max_rollout_steps=0, evaluation=evaluation
        )
        r = bot.search(obs, legal)
        assert [st.visits for st in r.stats] == [1] * len(legal)
        assert {st.mean_return for st in r.stats} == {expected}
    assert GAME_DEFAULTS[gid].evaluation == "margin"
    with pytest.raises(
        ValueError, match="evaluation must be 'rank', 'margin' or 'value', not 'best'"
    ):
        ISMCTSAgent("misere", evaluation="best")


def test_at_prior_one_the_bot_plays_the_heuristic_move() -> None:
    # Fromage's default (GAME_DEFAULTS): the prior's extra visits are the whole budget,
    # more than any other move can get once every move has been tried.
    gid = "fromage"
    m = bgf.get_game(gid)
    assert GAME_DEFAULTS[gid].prior == 1.0
    disagreed = 0
    for s in _decisions(gid, seed=4, count=4):
        obs, legal = m.observe(s, s.to_move), m.legal_actions(s)
        r = ISMCTSAgent(gid, seed=1).search(obs, legal)
        assert r.iterations >= len(legal) and r.action == r.prior_action
        disagreed += r.stats[0].action != r.prior_action
    assert disagreed >= 1  # the search preferred another move, and the heuristic's stood


# The learned value as the leaf evaluation (`evaluation="value"`, `boardgames_fr.value`).
VALUED = [gid for gid in SEARCHABLE if packaged_value(gid) is not None]


def _flat(game_id: str, level: float) -> ValueModel:
    """A value that says ``tanh(level)`` of every position, for every seat."""
    model = packaged_value(game_id)
    assert model is not None
    return attrs.evolve(
        model,
        w1=np.zeros_like(model.w1),
        b1=np.zeros_like(model.b1),
        w2=np.zeros_like(model.w2),
        b2=level,
    )


def test_with_the_value_every_cut_rollout_returns_the_value() -> None:
    gid = "fromage"
    m = bgf.get_game(gid)
    s = _decisions(gid, seed=4, count=4, default_options=True)[2]
    obs, legal = m.observe(s, s.to_move), m.legal_actions(s)
    bot = ISMCTSAgent(
        gid,
        seed=1,
        iterations=3 * len(legal),
        max_rollout_steps=0,
        evaluation="value",
        value=_flat(gid, 0.5),
        prior=0,
    )
    r = bot.search(obs, legal)
    assert sum(st.visits for st in r.stats) == 3 * len(legal)
    assert {st.mean_return for st in r.stats if st.visits} == {math.tanh(0.5)}
    # The packaged value by default; the value's own seat reads its own observation.
    assert ISMCTSAgent(gid, evaluation="value").value is packaged_value(gid)


@pytest.mark.parametrize("game_id", VALUED)
def test_with_the_value_the_bot_cannot_see_what_its_seat_cannot_see(game_id: str) -> None:
    # The value reads every seat's observation of the bot's own sampled worlds, never the
    # real state's: the same statistics from states its seat cannot tell apart.
    m = bgf.get_game(game_id)
    settings: dict[str, Any] = {
        "iterations": 40,
        "max_rollout_steps": 2,
        "evaluation": "value",
        "prior": 0,
    }
    checked = 0
    for s in _decisions(game_id, seed=11, count=4, default_options=True):
        seat, legal = s.to_move, m.legal_actions(s)
        variants = [attrs.evolve(s, rng=(s.rng * 3 + 1) % 2**64)]
        variants += list(m.GAME.hidden_variants(s, seat, Rng(5)))[:2]
        seen = ISMCTSAgent(game_id, seed=3, **settings).search(m.observe(s, seat), legal)
        for v in variants:
            assert v != s
            other = ISMCTSAgent(game_id, seed=3, **settings).search(m.observe(v, seat), legal)
            assert other == seen
            checked += 1
    assert checked >= 4


def test_the_value_is_refused_where_it_does_not_fit() -> None:
    with pytest.raises(ValueError, match="misere has no learned value: fit one with benchmarks"):
        ISMCTSAgent("misere", evaluation="value")
    with pytest.raises(ValueError, match="the value given is fromage's, not lactorama's"):
        ISMCTSAgent("lactorama", evaluation="value", value=packaged_value("fromage"))
    m = bgf.get_game("fromage")
    s = m.new_game(2, seed=1, options={"powers": True})
    bot = ISMCTSAgent("fromage", iterations=5, evaluation="value")
    with pytest.raises(ValueError, match=r"fitted for 2 players and the options .* not for this"):
        bot.search(m.observe(s, s.to_move), m.legal_actions(s))


def test_a_game_the_value_does_not_fit_is_searched_with_the_fallback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fallback = Defaults(iterations=7, prior=0)
    valued = Defaults(iterations=9, max_rollout_steps=0, evaluation="value", fallback=fallback)
    monkeypatch.setitem(GAME_DEFAULTS, "fromage", valued)
    m = bgf.get_game("fromage")
    fits = m.new_game(2, seed=1)
    other = m.new_game(2, seed=1, options={"powers": True})  # not the value's options
    for s, iterations, evaluation in ((fits, 9, "value"), (other, 7, "rank")):
        bot = ISMCTSAgent("fromage", seed=1)
        r = bot.search(m.observe(s, s.to_move), m.legal_actions(s))
        assert r.iterations == iterations and bot.last is r
        same = ISMCTSAgent(
            "fromage", seed=1, defaults=valued if evaluation == "value" else fallback
        )
        assert same.evaluation == evaluation
        assert same.search(m.observe(s, s.to_move), m.legal_actions(s)) == r
    # Settings given stand in the fallback too; an evaluation given has no fallback.
    bot = ISMCTSAgent("fromage", seed=1, iterations=4)
    assert bot.search(m.observe(other, 0), m.legal_actions(other)).iterations == 4
    with pytest.raises(ValueError, match="fitted for 2 players"):
        ISMCTSAgent("fromage", evaluation="value").search(
            m.observe(other, 0), m.legal_actions(other)
        )


def test_lactorama_s_default_reads_the_value_and_falls_back_beyond_it() -> None:
    d = GAME_DEFAULTS["lactorama"]
    assert (d.evaluation, d.max_rollout_steps, d.iterations, d.prior) == ("value", 0, 200, 0.0)
    assert d.fallback == Defaults(iterations=120, rollout="heuristic", prior=0.3)
    m = bgf.get_game("lactorama")
    for players, iterations in ((2, 200), (3, 120)):
        s = m.new_game(players, seed=2)
        while len(m.legal_actions(s)) < 2:
            s = m.step(s, m.legal_actions(s)[0])
        bot = make_agent("lactorama", "ismcts", seed=1)
        r = bot.search(m.observe(s, s.to_move), m.legal_actions(s))
        assert r.iterations == iterations and (r.prior_action is None) == (players == 2)
