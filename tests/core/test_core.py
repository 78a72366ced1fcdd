"""The core on its own, through a toy game: RNG, chance modes, saves, Match, the suite."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import attrs
import pytest
import toygame
from hypothesis import given
from hypothesis import strategies as st

import boardgames_fr as bgf
from boardgames_fr import lactorama
from boardgames_fr.core import registry
from boardgames_fr.core import rng as rng_module
from boardgames_fr.core.components import draw_outcomes, remove_one
from boardgames_fr.core.rng import Rng, advance, choose_weighted, draws, next_u64, seed_to_state
from boardgames_fr.testing import ConformanceError, check_game


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "toy", "toygame")


def test_rng_stream_is_fixed_on_every_platform() -> None:
    # SplitMix64's published first outputs for state 0 pin the arithmetic.
    v1, s = next_u64(0)
    v2, s = next_u64(s)
    assert (v1, v2) == (0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4)
    assert seed_to_state(7) == seed_to_state(7) != seed_to_state(8)


@given(st.integers(0, (1 << 64) - 1), st.integers(0, 600), st.integers(0, 64))
def test_draws_are_the_draws_of_next_u64(state: int, skip: int, n: int) -> None:
    # A batch reused from an earlier call (``skip`` draws back) or a fresh one: the same
    # values as drawing one at a time, and `advance` lands where those draws leave off.
    values, _ = draws(state)
    later = advance(state, skip)
    values, k = draws(later)
    assert len(values) - k >= 64
    s = later
    for j in range(n):
        u, s = next_u64(s)
        assert values[k + j] == u
    assert advance(later, n) == s


def test_draws_reuse_the_batch_while_enough_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rng_module, "_last", (0, []))  # no batch from an earlier test
    monkeypatch.setattr(rng_module, "_recent", [])
    s = seed_to_state(12)
    values, k = draws(s)
    assert k == 0 and len(values) == 512
    again, k = draws(advance(s, 448))  # 64 left: still this batch
    assert again is values and k == 448
    fresh, k = draws(advance(s, 449))  # 63 left: a new batch from that state
    assert fresh is not values and k == 0
    assert rng_module._last[0] == advance(s, 449)
    # Another stream in between (a bot's) leaves the first batches kept: 4 at most.
    other = seed_to_state(13)
    draws(other)
    back, k = draws(advance(s, 10))
    assert back is values and k == 10
    for extra in range(14, 18):
        draws(seed_to_state(extra))
    assert len(rng_module._recent) == 4
    assert draws(advance(s, 10))[0] is not values  # the oldest was let go


def test_choose_weighted_splits_the_draw_by_weight() -> None:
    assert choose_weighted(0, (2, 2, 2)) == 0
    assert choose_weighted((1 << 64) // 3, (2, 2, 2)) == 0  # just below a third
    assert choose_weighted((1 << 64) // 3 + 1, (2, 2, 2)) == 1
    assert choose_weighted((1 << 64) - 1, (2, 2, 2)) == 2
    assert choose_weighted((1 << 63), (1, 3)) == 1
    r = Rng(5)
    counts = [0, 0, 0]
    for _ in range(3000):
        counts[choose_weighted(r.u64(), (1, 1, 2))] += 1
    assert counts[2] > counts[0] and counts[2] > counts[1]


def test_auto_mode_never_stops_at_chance_and_explicit_does() -> None:
    auto = toygame.new_game(2, seed=3)
    assert auto.to_move == 0 and -1 not in auto.secret
    exp = toygame.new_game(2, seed=3, chance="explicit")
    assert exp.to_move == bgf.CHANCE
    outs = toygame.chance_outcomes(exp)
    assert [o.value for o, _ in outs] == [1, 2, 3, 4, 5, 6]
    assert all(p == pytest.approx(1 / 6) for _, p in outs)
    # the table says the first card was a 4: that card is dealt, whatever the RNG says
    s = toygame.step(exp, toygame.Card(4))
    assert s.secret == (4, -1) and s.deck == (1, 2, 3, 5, 6)


def test_sample_chance_replays_auto_mode() -> None:
    exp = toygame.new_game(2, seed=3, chance="explicit")
    while exp.to_move == bgf.CHANCE:
        exp = toygame.step(exp, bgf.sample_chance(exp))
    auto = toygame.new_game(2, seed=3)
    assert attrs.evolve(exp, explicit=False) == auto


def test_step_rejects_illegal_and_finished_states() -> None:
    s = toygame.new_game(2, seed=1)
    with pytest.raises(bgf.IllegalActionError, match="bank is not allowed now"):
        toygame.step(s, toygame.Bank())
    with pytest.raises(bgf.IllegalActionError, match="not an action of the game Toy game"):
        toygame.step(s, "roll")
    over = attrs.evolve(s, to_move=bgf.TERMINAL)
    with pytest.raises(bgf.IllegalActionError, match="the game is over"):
        toygame.step(over, toygame.Roll())
    exp = toygame.new_game(2, seed=1, chance="explicit")
    with pytest.raises(bgf.IllegalActionError, match="not a possible outcome"):
        toygame.step(exp, toygame.Card(9))


def test_new_game_errors_name_the_problem() -> None:
    with pytest.raises(ValueError, match="Toy game is for 2 to 3 players, not 5"):
        toygame.new_game(5, seed=1)
    with pytest.raises(ValueError, match="unknown option 'speed'"):
        toygame.new_game(2, seed=1, options={"speed": 2})
    with pytest.raises(ValueError, match="target must be an integer from 4 to 50, not 2"):
        toygame.new_game(2, seed=1, options={"target": 2})
    with pytest.raises(ValueError, match="chance must be 'auto' or 'explicit'"):
        toygame.new_game(2, seed=1, chance="dice")
    assert bgf.new_game("toy", num_players=3, seed=1, options={"target": 20}).options.target == 20


def test_saves_round_trip_and_bad_saves_name_the_field() -> None:
    s = toygame.new_game(3, seed=9)
    text = bgf.dumps(s)
    doc = json.loads(text)
    assert doc["game"] == "toy" and doc["schema_version"] == 1
    assert bgf.loads(text) == s

    def broken(path: list[str | int], value: object) -> str:
        d = json.loads(text)
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return json.dumps(d)

    cases = [
        (broken(["state", "score", 1], "x"), "state.score[1]: expected an integer"),
        (broken(["state", "to_move"], 7), "state.to_move: 7 is not a seat"),
        (broken(["state", "options", "target"], 999), "state.options: invalid Options"),
        (broken(["state", "@"], "Bank"), "state.@: expected State"),
        (broken(["state", "hack"], 1), "state.hack: unknown field"),
        (broken(["schema_version"], 2), "schema_version: 2 is not supported"),
        (broken(["game"], "chess"), "game: unknown game 'chess'"),
        ("[1, 2]", "a save must be a JSON object"),
        ("{", "<json>: not valid JSON"),
    ]
    for bad, message in cases:
        with pytest.raises(bgf.InvalidStateError) as info:
            bgf.loads(bad)
        assert message in str(info.value)


def test_match_undo_history_and_replay() -> None:
    # By default undo takes back any move (the API contract: analysis tools rely on it).
    plain = bgf.Match.new("toy", 2, seed=4)
    start = plain.state
    plain.apply(toygame.Roll())
    assert plain.can_undo and plain.undo() == toygame.Roll() and plain.state is start
    # A frontend's fair_undo: the roll showed a die (auto mode), and taking it back would
    # let the player roll again knowing the die (issue #25).
    m = bgf.Match.new("toy", 2, seed=4, fair_undo=True)
    m.apply(toygame.Roll())
    after_roll = m.state
    assert m.history == (toygame.Roll(),)
    assert not m.can_undo and m.state != start
    with pytest.raises(bgf.IllegalActionError, match="chance has spoken since"):
        m.undo()
    assert m.state == after_roll and m.history == (toygame.Roll(),)
    log = json.loads(m.to_json())
    assert log["actions"] == [{"@": "Roll"}] and log["seed"] == 4
    again = bgf.Match.from_json(m.to_json())
    assert again.state == m.state
    log["actions"].append({"@": "Card", "value": 3})
    with pytest.raises(bgf.InvalidStateError, match=r"actions\[1\]: does not replay"):
        bgf.Match.from_json(json.dumps(log))


def test_a_log_that_no_longer_replays_says_when_it_was_written_under_other_rules() -> None:
    m = bgf.Match.new("lactorama", 2, seed=1)
    for _ in range(6):  # declining the cards offered, then leaving the Foire
        m.apply(m.legal_actions()[-1])
    log = json.loads(m.to_json())
    assert log["rules_version"] == lactorama.GAME_INFO.rules_version == 1
    log["actions"] = log["actions"][1:]  # as if a rule had removed the first decision
    refused = "actions[2]: does not replay: Player 1 must accept or decline the card now"
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert str(info.value) == refused  # the same rules: nothing more to say
    log["rules_version"] = 0
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert str(info.value) == refused + (
        " (the log was written under version 0 of the rules of Lactorama; this library"
        " plays version 1: a rule has changed since)"
    )
    del log["rules_version"]  # a log from before logs recorded it
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert str(info.value).endswith(
        " (the log records no rules version: it was written before version 1 of the rules"
        " of Lactorama, and a rule may have changed since)"
    )
    log["rules_version"] = "1"
    with pytest.raises(bgf.InvalidStateError, match=r"^rules_version: expected an integer"):
        bgf.Match.from_json(json.dumps(log))


def test_check_game_passes_the_toy_game() -> None:
    check_game(toygame, max_examples=5, playouts=2)


def test_check_game_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame.rules, "LEAK", True)
    with pytest.raises(ConformanceError, match="can tell apart"):
        check_game(toygame, num_players=(2,), chance=("auto",), max_examples=5, playouts=1)


def test_check_game_catches_a_picture_that_leaks(monkeypatch: pytest.MonkeyPatch) -> None:
    # The package exports GAME.render as `render`: the module is reached by its name.
    monkeypatch.setattr(importlib.import_module("toygame.render"), "LEAK_RENDER", True)
    with pytest.raises(ConformanceError, match=r"render\(state, seat=None\) shows what"):
        check_game(toygame, num_players=(2,), chance=("auto",), max_examples=5, playouts=1)


def _secret_deal(monkeypatch: pytest.MonkeyPatch, pool: Any = None) -> None:
    """The toy's deal as a secret draw (each seat's card is hidden), with ``pool`` as its
    ``draw_pool`` hook; ``_scanned`` starts empty, so no other test's scan is reused."""
    monkeypatch.setattr(toygame.GAME, "_secret_chance", lambda s: -1 in s.secret)
    monkeypatch.setattr(toygame.GAME, "_draw_pool", pool)
    monkeypatch.setattr(toygame.GAME, "_scanned", {})


def _deal_nodes() -> tuple[Any, Any, Any]:
    """The toy's first and second card of the deal, and the first decision."""
    first = toygame.new_game(2, seed=1, chance="explicit")
    second = toygame.step(first, toygame.Card(4))
    return first, second, toygame.step(second, toygame.Card(2))


def test_table_outcomes_are_the_outcomes_at_dice_and_public_cards() -> None:
    _, second, decision = _deal_nodes()
    assert toygame.GAME.table_outcomes(second) == toygame.legal_actions(second)
    assert len(toygame.GAME.table_outcomes(second)) == 5  # the 4 is gone: no secret here
    assert toygame.GAME.table_outcomes(decision) == ()


def test_table_outcomes_at_a_secret_draw_are_every_card_of_fresh_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a draw_pool hook: the cards met at the secret draws of fresh games, the same
    six at the second card as at the first, though only five are left."""
    _secret_deal(monkeypatch)
    first, second, _ = _deal_nodes()
    six = tuple(toygame.Card(v) for v in range(1, 7))
    assert toygame.GAME.table_outcomes(first) == six
    assert toygame.GAME.table_outcomes(second) == six
    assert len(toygame.legal_actions(second)) == 5


def test_table_outcomes_at_a_secret_draw_are_the_draw_pool_hooks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game that knows what each kind of draw can give says so (Little Factory: a
    tier-2 gap draws tier-2 goods only), and the menu is that."""
    _secret_deal(monkeypatch, lambda s: (toygame.Card(6), toygame.Card(4), toygame.Card(2)))
    _, second, _ = _deal_nodes()
    assert toygame.GAME.table_outcomes(second) == (
        toygame.Card(6),
        toygame.Card(4),
        toygame.Card(2),
    )


def test_check_game_catches_a_draw_pool_that_follows_the_deck(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _secret_deal(monkeypatch, lambda s: tuple(toygame.Card(v) for v in s.deck))
    with pytest.raises(ConformanceError, match="table_outcomes at a secret draw shows what"):
        check_game(toygame, num_players=(2,), chance=("explicit",), max_examples=5, playouts=1)


def test_check_game_catches_a_draw_pool_without_a_card_that_can_be_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _secret_deal(monkeypatch, lambda s: tuple(toygame.Card(v) for v in range(1, 6)))
    with pytest.raises(ConformanceError, match=r"table_outcomes misses Card\(value=6\)"):
        check_game(toygame, num_players=(2,), chance=("explicit",), max_examples=5, playouts=1)


def test_deck_components() -> None:
    assert draw_outcomes("abca") == (("a", 2), ("b", 1), ("c", 1))
    assert remove_one(("a", "b", "a"), "a") == ("b", "a")


def test_golden_playthroughs_record_replay_and_catch_a_change(tmp_path: Path) -> None:
    from boardgames_fr.testing import check_playthroughs, record_playthrough, write_playthroughs

    rec = record_playthrough(
        toygame, "two bots", num_players=2, seed=3, every=2, agents=("heuristic",)
    )
    explicit = record_playthrough(toygame, "explicit", num_players=3, seed=4, chance="explicit")
    # the toy's heuristic always rolls on an empty pot, and one seat wins
    assert rec["actions"][0] == {"@": "Roll"}
    assert rec["winners"] in ([0], [1]) and rec["renders"][0]["step"] == 0
    assert any(a["@"] == "Face" for a in explicit["actions"])
    path = tmp_path / "toy.json"
    write_playthroughs(path, "toy", [rec, explicit])
    assert check_playthroughs(toygame, path) == 2
    # the same actions replayed by the recorder give the same record
    again = record_playthrough(
        toygame, "two bots", num_players=2, seed=3, every=2, actions=rec["actions"]
    )
    assert again == rec
    doc = json.loads(path.read_text())
    doc["games"][0]["renders"][1]["fr"] = ["something else"]
    path.write_text(json.dumps(doc))
    with pytest.raises(ConformanceError, match="'two bots': the fr picture differs after step 2"):
        check_playthroughs(toygame, path)


def test_equal_but_mistyped_actions_are_played_as_the_games_own() -> None:
    s = toygame.new_game(2, seed=1)
    s = toygame.step(s, toygame.Roll())  # a pot, so Bank is legal

    @attrs.frozen
    class Alien:
        pass

    with pytest.raises(bgf.IllegalActionError, match="not an action of the game Toy game"):
        toygame.step(s, Alien())
    with pytest.raises(ValueError, match="not an action of Toy game"):
        toygame.describe(Alien(), s)
    # a chance outcome of the wrong type is refused too
    exp = toygame.new_game(2, seed=1, chance="explicit")
    assert toygame.step(exp, toygame.Card(4.0)).secret == (4, -1)  # type: ignore[arg-type]
    assert type(toygame.step(exp, toygame.Card(4.0)).secret[0]) is int  # type: ignore[arg-type]


def test_uniform_outcomes_draw_exactly_as_equal_weights() -> None:
    from boardgames_fr.core.game import Uniform

    game = toygame.GAME
    outs = tuple((toygame.Face(v), 1) for v in range(1, 8))
    r = Rng(11)
    for _ in range(2000):
        u = r.u64()
        assert game._pick(Uniform(outs), u) == game._pick(outs, u)


def test_a_resolve_hook_runs_auto_mode_only_and_needs_chance() -> None:
    from boardgames_fr.core.game import Game

    calls: list[int] = []

    def resolve(s: Any) -> Any:
        calls.append(s.to_move)
        return base.resolve_each(s)

    base = toygame.GAME
    hooks = {
        "info": attrs.evolve(base.info, game_id="toy_resolve"),
        "options_cls": base.options_cls,
        # the toy's own states (the core checks a state's class): the registry entry it
        # takes over is given back below
        "state_cls": base.state_cls,
        "actions": base.action_types,
        "classes": (),
        "init": base._init,
        "legal": base._legal,
        "apply": base._apply,
        "scores": base._scores,
        "winners": base._winners,
        "observe": base._observe,
        "describe": base._describe,
        "render": base._render,
    }
    try:
        game = Game(**hooks, chance=base._chance, apply_chance=base._apply_chance, resolve=resolve)
        s = game.new_game(2, seed=3)
        assert calls == [bgf.CHANCE] and s == toygame.new_game(2, seed=3)
        s = game.step(s, toygame.Roll())
        assert calls == [bgf.CHANCE, bgf.CHANCE] and s.to_move in (0, 1)
        exp = game.new_game(2, seed=3, chance="explicit")
        assert exp.to_move == bgf.CHANCE and len(calls) == 2  # explicit: never the hook
        game.step(exp, game.sample_chance(exp))
        assert len(calls) == 2
        with pytest.raises(TypeError, match="resolve hook needs chance nodes"):
            Game(**hooks, resolve=resolve)
    finally:
        # The registries map state classes and ids to games: leave only the real ones.
        from boardgames_fr.core import game as core_game

        core_game._BY_STATE[base.state_cls] = base
        core_game._BY_ID.pop("toy_resolve", None)


def test_a_game_missing_from_the_install_is_named_and_a_broken_one_shows_its_cause(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A registered game whose package is absent: "not available", in the player's words.
    monkeypatch.setitem(registry._MODULES, "absent", "bgf_no_such_game_package")
    with pytest.raises(ValueError, match="game 'absent' is not available in this version"):
        bgf.get_game("absent")
    # A game whose package is there but needs a module that is not (a broken install, a
    # compiled module without its runtime): the real cause, not "not available".
    (tmp_path / "bgf_broken_game.py").write_text("import bgf_missing_dependency\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry._MODULES, "broken", "bgf_broken_game")
    with pytest.raises(ModuleNotFoundError) as caught:
        bgf.get_game("broken")
    assert caught.value.name == "bgf_missing_dependency"
