"""The generic conformance suite: `check_game(module)` checks the API contract of a game.

Public so that a new game or a fork can run it. In the spirit of OpenSpiel's
``random_sim_test`` and PettingZoo's ``api_test``, with Hypothesis driving the action
choices so that a failure shrinks to a short sequence of moves. It needs the ``test``
extra (pytest, hypothesis).

Example:
    >>> import boardgames_fr as bgf
    >>> from boardgames_fr.testing import check_game
    >>> check_game(bgf.get_game("fromage"), num_players=(2,), max_examples=2, playouts=1)
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any

import attrs
import numpy as np

from boardgames_fr.agents import make_agent
from boardgames_fr.core.errors import CHANCE, TERMINAL, IllegalActionError, InvalidStateError
from boardgames_fr.core.game import Game
from boardgames_fr.core.match import Match
from boardgames_fr.core.persist import action_from_json, action_to_json, dumps, loads
from boardgames_fr.core.rng import Rng
from boardgames_fr.core.serial import encode

__all__ = [
    "API_NAMES",
    "ConformanceError",
    "check_game",
    "check_no_leak",
    "check_playthroughs",
    "golden_playthroughs",
    "play_random",
    "record_playthrough",
    "save_refused",
]

API_NAMES = (
    "GAME",
    "GAME_INFO",
    "HeuristicAgent",
    "Options",
    "State",
    "chance_outcomes",
    "current_player",
    "describe",
    "is_terminal",
    "legal_actions",
    "new_game",
    "observe",
    "player_name",
    "render",
    "render_svg",
    "returns",
    "scores",
    "step",
    "winners",
)


class ConformanceError(AssertionError):
    """A breach of the API contract found by `check_game`."""


def _fail(game_id: str, message: str) -> None:
    raise ConformanceError(f"{game_id}: {message}")


def check_game(
    module: ModuleType,
    *,
    num_players: Iterable[int] | None = None,
    chance: Sequence[str] = ("auto", "explicit"),
    max_examples: int | None = None,
    playouts: int = 2,
    max_steps: int = 200_000,
    options: Any = None,
) -> None:
    """Check one game module against the API contract; raises `ConformanceError`.

    Args:
        module: the game module (``bgf.get_game(game_id)``).
        num_players: player counts to check (default: every allowed count).
        chance: chance modes to check.
        max_examples: Hypothesis examples per property (default: the active profile's).
        playouts: whole random games per player count and chance mode.
        max_steps: a game not over after this many steps fails ("random play ends").
        options: options to play with (default: the game's defaults).

    Example:
        >>> import boardgames_fr as bgf
        >>> check_game(bgf.get_game("misere"), max_examples=2, playouts=1)
    """
    for name in API_NAMES:
        if not hasattr(module, name):
            _fail(module.__name__, f"missing public name {name}")
    game: Game[Any, Any, Any] = module.GAME
    _check_setup_errors(module, game)
    counts = tuple(num_players) if num_players is not None else game.info.player_counts
    for n in counts:
        for mode in chance:
            for k in range(playouts):
                _check_playout(module, game, n, 1000 * n + k, mode, max_steps, options)
        _check_explicit_replays_auto(module, game, n, 77 + n, max_steps, options)
        _check_prefixes(module, game, n, chance, max_examples, options)
        _check_match(module, game, n, options)


def _check_setup_errors(module: ModuleType, game: Game[Any, Any, Any]) -> None:
    gid = game.info.game_id
    allowed = game.info.player_counts
    for bad in (0, 1, min(allowed) - 1, max(allowed) + 1, 99):
        if bad in allowed:
            continue
        try:
            module.new_game(bad, seed=1)
        except ValueError as e:
            if str(bad) not in str(e):
                _fail(gid, f"the error for {bad} players does not say the count: {e}")
        else:
            _fail(gid, f"new_game({bad}) did not raise ValueError")
    for bad_kw in ({"chance": "sometimes"}, {"options": {"no_such_option": 1}}, {"options": 3}):
        try:
            module.new_game(allowed[0], seed=1, **bad_kw)
        except ValueError:
            pass
        else:
            _fail(gid, f"new_game(**{bad_kw}) did not raise ValueError")
    for field in attrs.fields(game.options_cls):
        try:
            game.options_cls(**{field.name: object()})
        except ValueError as e:
            if field.name not in str(e):
                _fail(gid, f"the error for a bad option {field.name} does not name it: {e}")
        except TypeError:
            _fail(gid, f"a bad value for option {field.name} raised TypeError, not ValueError")
        else:
            _fail(gid, f"option {field.name} accepted object()")


def play_random(
    module: ModuleType,
    num_players: int,
    seed: int,
    choice_seed: int,
    *,
    chance: str = "auto",
    max_steps: int = 200_000,
    options: Any = None,
) -> tuple[list[Any], list[int]]:
    """A random game: returns the states seen and the choice index taken at each step.

    Chance nodes (explicit mode) take `sample_chance`'s outcome; decisions are drawn from
    an `Rng` seeded with ``choice_seed``.

    Example:
        >>> import boardgames_fr as bgf
        >>> states, choices = play_random(bgf.get_game("misere"), 2, seed=1, choice_seed=1)
        >>> bgf.get_game("misere").is_terminal(states[-1]), len(states) == len(choices) + 1
        (True, True)
    """
    game: Game[Any, Any, Any] = module.GAME
    rng = Rng(choice_seed)
    state = module.new_game(num_players, seed=seed, chance=chance, options=options)
    states = [state]
    choices: list[int] = []
    while state.to_move != TERMINAL:
        legal = game.legal_actions(state)
        if state.to_move == CHANCE:
            i = legal.index(game.sample_chance(state))
        else:
            i = rng.randrange(len(legal))
        state = game.step(state, legal[i])
        states.append(state)
        choices.append(i)
        if len(choices) > max_steps:
            _fail(game.info.game_id, f"random game not over after {max_steps} steps (seed {seed})")
    return states, choices


def _check_playout(
    module: ModuleType,
    game: Game[Any, Any, Any],
    n: int,
    seed: int,
    mode: str,
    max_steps: int,
    options: Any,
) -> None:
    gid = f"{game.info.game_id} (n={n}, {mode}, seed={seed})"
    states, choices = play_random(
        module, n, seed, seed, chance=mode, max_steps=max_steps, options=options
    )
    every = max(1, len(states) // 40)
    for i, s in enumerate(states):
        tm = s.to_move
        if s.num_players != n:
            _fail(gid, "num_players changed")
        if tm == CHANCE:
            if mode == "auto":
                _fail(gid, f"a chance node reached a player in auto mode at step {i}")
            _check_chance_node(game, s, gid)
        elif tm != TERMINAL and not 0 <= tm < n:
            _fail(gid, f"to_move {tm} is not a seat")
        if len(game.scores(s)) != n:
            _fail(gid, "scores has the wrong length")
        if i % every == 0 or i == len(states) - 1:
            _check_state(module, game, s, gid)
            # A sampled world plays on to the end: a few per game, as each is a whole game.
            _check_determinize(module, game, s, gid, play_on=i % (every * 10) == 0)
    # Same seed and choices: the same game, step for step.
    again = module.new_game(n, seed=seed, chance=mode, options=options)
    for i in choices:
        again = game.step(again, game.legal_actions(again)[i])
    if again != states[-1] or dumps(again) != dumps(states[-1]):
        _fail(gid, "replaying the same seed and choices gave another game")
    end = states[-1]
    if game.legal_actions(end) != () or game.current_player(end) != TERMINAL:
        _fail(gid, "the final state is not terminal")
    won = game.winners(end)
    if not won or not set(won) <= set(range(n)) or len(set(won)) != len(won):
        _fail(gid, f"winners {won!r} at the end")
    ret = game.returns(end)
    if len(ret) != n or abs(sum(r for r in ret if r > 0) - 1.0) > 1e-9:
        _fail(gid, f"returns {ret!r}")
    if choices:
        last = game.legal_actions(states[-2])[choices[-1]]
        try:
            game.step(end, last)
        except IllegalActionError:
            pass
        else:
            _fail(gid, "step accepted an action after the end")


def _check_chance_node(game: Game[Any, Any, Any], s: Any, gid: str) -> None:
    outs = game.chance_outcomes(s)
    total = sum(p for _, p in outs)
    if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outs):
        _fail(gid, f"chance probabilities {[p for _, p in outs]} do not sum to 1")
    if {o for o, _ in outs} != set(game.legal_actions(s)) or len(outs) != len(
        game.legal_actions(s)
    ):
        _fail(gid, "chance_outcomes and legal_actions differ")
    before = dumps(s)
    a = game.sample_chance(s)
    if dumps(s) != before or a not in game.legal_actions(s):
        _fail(gid, "sample_chance changed the state or gave an impossible outcome")
    # Whichever outcome happens, the RNG advances by the same one draw.
    rngs = {game.step(s, o).rng for o, _ in outs[:3]}
    if len(rngs) != 1:
        _fail(gid, "the RNG advances differently for different outcomes")
    # A table companion's menu holds every outcome that can happen now (at a secret draw
    # it holds more: `check_no_leak` checks that it names nothing hidden).
    menu = set(game.table_outcomes(s))
    missing = [o for o in game.legal_actions(s) if o not in menu]
    if missing:
        _fail(gid, f"table_outcomes misses {missing[0]!r}, which can be drawn now")


def _check_state(module: ModuleType, game: Game[Any, Any, Any], s: Any, gid: str) -> None:
    """The per-state properties: purity, JSON, labels, legality, observation, no leak."""
    text = dumps(s)
    h = hash(s)
    if loads(text) != s:
        _fail(gid, "loads(dumps(state)) != state")
    legal = game.legal_actions(s)
    for lang in ("fr", "en"):
        r = game.render(s, lang)
        if not isinstance(r, str) or not r.strip():
            _fail(gid, f"render gave {r!r}")
    svg = module.render_svg(s)
    if not isinstance(svg, str) or "<svg" not in svg:
        _fail(gid, "render_svg did not give an SVG")
    for a in legal:
        if hash(a) != hash(
            action_from_json(game.info.game_id, json.loads(json.dumps(action_to_json(a))))
        ):
            _fail(gid, f"action {a!r} does not survive JSON")
        for lang in ("fr", "en"):
            d = game.describe(a, s, lang)
            if not isinstance(d, str) or not d.strip() or "\n" in d:
                _fail(gid, f"describe({a!r}, lang={lang!r}) gave {d!r}")
        nxt = game.step(s, a)
        if dumps(s) != text or hash(s) != h:
            _fail(gid, "step modified its input state")
        if type(nxt) is not type(s):
            _fail(gid, "step returned another type")
    for junk in (None, "x", 3, object()):
        try:
            game.step(s, junk)
        except IllegalActionError as e:
            if not str(e).strip():
                _fail(gid, "IllegalActionError without a message")
        else:
            if s.to_move != TERMINAL:
                _fail(gid, f"step accepted {junk!r}")
    if dumps(s) != text:
        _fail(gid, "a refused action modified the state")
    check_no_leak(game, s, gid)
    _check_encode(module, game, s, gid)


def _check_determinize(
    module: ModuleType, game: Game[Any, Any, Any], s: Any, gid: str, *, play_on: bool = False
) -> None:
    """Issue #21's invariants of ``module.determinize`` (when the game has it), for every
    seat: the sampled world gives the seat the very observation it was drawn from, loads
    back from its save (so `validate` accepts it), can be played to the end (with
    ``play_on``), and depends on nothing but the observation and the generator: states
    that differ only in what the seat cannot see give the same sample."""
    determinize = getattr(module, "determinize", None)
    if determinize is None:
        return
    # The costly checks (a save and its validation, a whole game) for one seat per state,
    # a different one from state to state: the conformance suite stays a few seconds.
    costly = s.rng % s.num_players
    for seat in range(s.num_players):
        obs = game.observe(s, seat)
        seed = (s.rng ^ (seat * 0x9E3779B97F4A7C15)) & 0xFFFF
        try:
            world = determinize(obs, Rng(seed))
        except Exception as e:
            _fail(gid, f"determinize failed for seat {seat}: {type(e).__name__}: {e}")
        if type(world) is not type(s):
            _fail(gid, f"determinize for seat {seat} returned a {type(world).__name__}")
        if game.observe(world, seat) != obs:
            _fail(
                gid,
                f"seat {seat} can tell the sampled world from the real one:\n"
                f"{game.observe(world, seat)!r}\n!=\n{obs!r}",
            )
        if seat == costly:
            try:
                again = loads(dumps(world))
            except InvalidStateError as e:
                _fail(gid, f"the world sampled for seat {seat} does not validate: {e}")
            if again != world:
                _fail(gid, f"the world sampled for seat {seat} does not survive its save")
        for v in game.hidden_variants(s, seat, Rng(seed + 1))[:1]:
            if determinize(game.observe(v, seat), Rng(seed)) != world:
                _fail(
                    gid,
                    f"determinize for seat {seat} gives another world for a state that "
                    "differs only in what the seat cannot see",
                )
        if play_on and seat == costly:
            rng = Rng(seed)
            steps = 0
            while world.to_move != TERMINAL:
                legal = game.legal_actions(world)
                if world.to_move == CHANCE:
                    action = game.sample_chance(world)
                else:
                    action = legal[rng.randrange(len(legal))]
                world = game.step(world, action)
                steps += 1
                if steps > 200_000:
                    _fail(gid, f"the world sampled for seat {seat} does not end in random play")


_ENCODERS: dict[str, Any] = {}


def _encoder(module: ModuleType) -> Any:
    """The game's ``encode`` submodule, or None when it has none (yet)."""
    name = module.__name__
    if name not in _ENCODERS:
        try:
            _ENCODERS[name] = importlib.import_module(name + ".encode")
        except ModuleNotFoundError as e:
            if e.name != name + ".encode":
                raise
            _ENCODERS[name] = None
    return _ENCODERS[name]


def _check_encode(module: ModuleType, game: Game[Any, Any, Any], s: Any, gid: str) -> None:
    """The game's numbering of moves and its observation tensor (when it has an
    ``encode`` submodule): the mask is the legal actions, index and action map one to
    one, the tensor has its fixed shape and dtype and shows nothing a seat cannot see."""
    enc = _encoder(module)
    if enc is None:
        return
    n, options = s.num_players, s.options
    legal = game.legal_actions(s)
    mask = enc.legal_mask(s)
    tm = s.to_move
    size = enc.num_chance_outcomes(n, options) if tm == CHANCE else enc.num_actions(n, options)
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_ or mask.shape != (size,):
        _fail(gid, f"legal_mask gave {getattr(mask, 'dtype', type(mask))} {np.shape(mask)}")
    indices = []
    for a in legal:
        i = enc.action_index(s, a)
        if not 0 <= i < size or enc.index_action(s, i) != a:
            _fail(gid, f"action_index and index_action do not map {a!r} both ways")
        indices.append(i)
    if len(set(indices)) != len(indices):
        _fail(gid, "two legal actions share an index")
    if sorted(indices) != [int(i) for i in np.flatnonzero(mask)]:
        _fail(gid, "legal_mask is not the legal actions")
    illegal = next((i for i in range(size) if not mask[i]), None)
    if illegal is not None:
        try:
            enc.index_action(s, illegal)
        except ValueError:
            pass
        else:
            _fail(gid, f"index_action accepted index {illegal}, which is not legal")
    shape = tuple(enc.observation_shape(n, options))
    rng = Rng(s.rng & 0xFFFF)
    for seat in (None, *range(n)):
        t = enc.observation_tensor(game.observe(s, seat))
        if not isinstance(t, np.ndarray) or t.dtype != np.float32 or t.shape != shape:
            _fail(gid, f"observation_tensor gave {getattr(t, 'dtype', type(t))} {np.shape(t)}")
        for v in game.hidden_variants(s, seat, rng):
            if not np.array_equal(enc.observation_tensor(game.observe(v, seat)), t):
                _fail(gid, f"seat {seat}'s observation tensor shows what it may not see")


def check_no_leak(game: Game[Any, Any, Any], s: Any, gid: str) -> None:
    """Raise `ConformanceError` (naming ``gid``) if any seat's view of ``s`` shows hidden
    information: its observation (as JSON and repr) the generator's state, or its
    observation, text picture, legal actions' labels, table menu or observation tensor
    differing between ``s`` and the states that differ only in what that seat cannot see
    (the game's ``hidden_variants``). `check_game` runs it on every state it visits; a long
    random run (benchmarks/robustness.py) calls it on states of its own.

    Example:
        >>> from boardgames_fr import little_factory as lf
        >>> check_no_leak(lf.GAME, lf.new_game(3, seed=1), "little_factory")  # nothing leaks
    """
    rng = Rng(s.rng & 0xFFFF)
    for seat in (None, *range(s.num_players)):
        obs = game.observe(s, seat)
        try:
            obs_text = json.dumps(encode(obs))
        except TypeError as e:
            _fail(gid, f"observation is not JSON-serialisable: {e}")
        if str(s.rng) in obs_text or str(s.rng) in repr(obs):
            _fail(gid, f"observation for seat {seat} shows the RNG state")
        variants = (attrs.evolve(s, rng=(s.rng * 6364136223846793005 + 1) & ((1 << 64) - 1)),)
        variants += tuple(game.hidden_variants(s, seat, rng))
        picture = game.render(s, "fr", seat)
        # At a secret draw, the table's menu must not follow the deck (the draw_pool hook).
        menu = game.table_outcomes(s) if game.secret_chance(s) else None
        labels = None
        if seat is not None and seat == s.to_move:
            labels = [game.describe(a, s, "fr") for a in game.legal_actions(s)]
        for v in variants:
            if game.observe(v, seat) != obs:
                _fail(
                    gid,
                    f"seat {seat} can tell apart two states that differ only in what it may "
                    f"not see:\n{game.observe(v, seat)!r}\n!=\n{obs!r}",
                )
            if game.render(v, "fr", seat) != picture:
                _fail(gid, f"render(state, seat={seat}) shows what that seat may not see")
            if menu is not None and game.table_outcomes(v) != menu:
                _fail(gid, "table_outcomes at a secret draw shows what the deck holds")
            if (
                labels is not None
                and [game.describe(a, v, "fr") for a in game.legal_actions(v)] != labels
            ):
                _fail(gid, f"the labels of seat {seat}'s moves show what it may not see")


def _check_explicit_replays_auto(
    module: ModuleType, game: Game[Any, Any, Any], n: int, seed: int, max_steps: int, options: Any
) -> None:
    gid = f"{game.info.game_id} (n={n})"
    auto_states, _ = play_random(module, n, seed, seed, max_steps=max_steps, options=options)
    exp_states, _ = play_random(
        module, n, seed, seed, chance="explicit", max_steps=max_steps, options=options
    )
    exp_decisions = [attrs.evolve(s, explicit=False) for s in exp_states if s.to_move != CHANCE]
    if exp_decisions != auto_states:
        _fail(gid, "explicit mode with sample_chance did not replay the auto-mode game")


def _check_prefixes(
    module: ModuleType,
    game: Game[Any, Any, Any],
    n: int,
    modes: Sequence[str],
    max_examples: int | None,
    options: Any,
) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    gid = f"{game.info.game_id} (n={n})"
    kwargs: dict[str, Any] = {"deadline": None}
    if max_examples is not None:
        kwargs["max_examples"] = max_examples

    @settings(**kwargs)
    @given(
        seed=st.integers(0, 2**32),
        mode=st.sampled_from(tuple(modes)),
        picks=st.lists(st.integers(0, 2**16), max_size=400),
    )
    def prefix(seed: int, mode: str, picks: list[int]) -> None:
        s = module.new_game(n, seed=seed, chance=mode, options=options)
        seen: dict[Any, None] = {}
        for p in picks:
            if s.to_move == TERMINAL:
                break
            legal = game.legal_actions(s)
            for a in legal[:8]:
                seen[a] = None
            s = game.step(s, legal[p % len(legal)])
        _check_state(module, game, s, gid)
        _check_determinize(module, game, s, gid)
        legal_now = set(game.legal_actions(s))
        text = dumps(s)
        for a in list(seen)[:40]:
            if a in legal_now:
                continue
            try:
                game.step(s, a)
            except IllegalActionError as e:
                if not str(e).strip():
                    _fail(gid, "IllegalActionError without a message")
            else:
                _fail(gid, f"step accepted {a!r}, which is not in legal_actions")
        if dumps(s) != text:
            _fail(gid, "a refused action modified the state")
        _check_corrupt_saves(game, s, gid)

    prefix()


def save_refused(state: Any, change: Any) -> InvalidStateError:
    """The `InvalidStateError` that `loads` raises for the save of ``state`` after
    ``change(doc)`` edits its ``"state"`` object in place; `ConformanceError` if the edited
    save loads (a validator test: the path and the problem are the error's).

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("fromage", num_players=2, seed=1)
        >>> save_refused(s, lambda doc: doc.update(turn=5)).path
        'state.turn'
    """
    doc = json.loads(dumps(state))
    change(doc["state"])
    try:
        loads(json.dumps(doc))
    except InvalidStateError as e:
        return e
    raise ConformanceError("the edited save loaded")


def _check_corrupt_saves(game: Game[Any, Any, Any], s: Any, gid: str) -> None:
    doc = json.loads(dumps(s))
    bad_docs = []
    for key in ("to_move", "rng", "num_players"):
        broken = json.loads(json.dumps(doc))
        broken["state"][key] = "x"
        bad_docs.append(broken)
    broken = json.loads(json.dumps(doc))
    broken["state"]["to_move"] = 99
    bad_docs.append(broken)
    broken = json.loads(json.dumps(doc))
    broken["state"]["@"] = "os.system"
    bad_docs.append(broken)
    for bad in bad_docs:
        try:
            loads(json.dumps(bad))
        except InvalidStateError:
            pass
        else:
            _fail(gid, "loads accepted a corrupt save")


def _check_match(module: ModuleType, game: Game[Any, Any, Any], n: int, options: Any) -> None:
    gid = f"{game.info.game_id} (n={n})"
    for mode in ("auto", "explicit"):
        m = Match.new(game.info.game_id, n, seed=5, chance=mode, options=options)
        rng = Rng(5)
        for _ in range(30):
            if m.state.to_move == TERMINAL:
                break
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
        again = Match.from_json(m.to_json())
        if again.state != m.state or again.history != m.history:
            _fail(gid, "Match.from_json(match.to_json()) did not replay the match")
        if m.can_undo:  # not past a die or card shown in auto mode (`Match.undo`)
            before = m.states[-2]
            m.undo()
            if m.state != before:
                _fail(gid, "Match.undo did not restore the previous state")


# --- golden playthroughs -----------------------------------------------------------------


def record_playthrough(
    module: ModuleType,
    name: str,
    *,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    chance: str = "auto",
    actions: Sequence[Any] | None = None,
    agents: Sequence[str] = ("random",),
    every: int = 10,
) -> dict[str, Any]:
    """Play a game and record it as a golden playthrough (a JSON-ready dict).

    The actions are ``actions`` if given (any game's actions or their JSON), otherwise
    chosen by bots named in ``agents`` (cycled over the seats, seeded from ``seed``);
    chance nodes in explicit mode take `sample_chance`. The record holds every action as
    JSON, the French picture every ``every`` steps and at the end (English too), the
    scores and the winners: enough to pin the game's behaviour across refactors, in the
    manner of OpenSpiel's playthrough files.

    Example:
        >>> from boardgames_fr import fromage
        >>> rec = record_playthrough(fromage, "short", num_players=2, seed=3, every=50)
        >>> steps = [r["step"] for r in rec["renders"]]
        >>> steps[:3], len(rec["winners"])
        ([0, 50, 100], 1)
    """
    game: Game[Any, Any, Any] = module.GAME
    gid = game.info.game_id
    s = module.new_game(num_players, seed=seed, options=options, chance=chance)
    bots = [make_agent(gid, agents[i % len(agents)], seed=seed + i) for i in range(num_players)]
    given = (
        None
        if actions is None
        else [a if isinstance(a, dict) else action_to_json(a) for a in actions]
    )
    played: list[dict[str, Any]] = []
    renders: list[dict[str, Any]] = [{"step": 0, "fr": game.render(s, "fr").splitlines()}]
    while s.to_move != TERMINAL and (given is None or len(played) < len(given)):
        if given is not None:
            a = action_from_json(gid, given[len(played)])
        elif s.to_move == CHANCE:
            a = game.sample_chance(s)
        else:
            a = bots[s.to_move].act(game.observe(s, s.to_move), game.legal_actions(s))
        s = game.step(s, a)
        played.append(action_to_json(a))
        if len(played) % every == 0:
            renders.append({"step": len(played), "fr": game.render(s, "fr").splitlines()})
    end = {"step": len(played), "fr": game.render(s, "fr").splitlines()}
    end["en"] = game.render(s, "en").splitlines()
    if renders[-1]["step"] == len(played):
        renders.pop()
    renders.append(end)
    return {
        "name": name,
        "num_players": num_players,
        "seed": seed,
        "options": {k: v for k, v in encode(game.make_options(options)).items() if k != "@"},
        "chance": chance,
        "actions": played,
        "renders": renders,
        "scores": list(game.scores(s)),
        "winners": list(game.winners(s)),
    }


def write_playthroughs(path: Any, game_id: str, records: Sequence[dict[str, Any]]) -> None:
    """Write golden playthroughs to ``path``, one action per line so that diffs stay
    readable."""
    out = ['{"game": ' + json.dumps(game_id) + ', "games": [']
    for g, rec in enumerate(records):
        head = {k: v for k, v in rec.items() if k not in ("actions", "renders")}
        out.append("  {")
        out.append(f'    "spec": {json.dumps(head, ensure_ascii=False)},')
        out.append('    "actions": [')
        out.append(",\n".join(f"      {json.dumps(a, ensure_ascii=False)}" for a in rec["actions"]))
        out.append("    ],")
        out.append(f'    "renders": {json.dumps(rec["renders"], ensure_ascii=False, indent=1)}')
        out.append("  }" + ("," if g < len(records) - 1 else ""))
    out.append("]}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def check_playthroughs(module: ModuleType, path: Any) -> int:
    """Replay every golden playthrough of ``path`` and compare it step by step.

    Raises `ConformanceError` naming the playthrough and the first step that differs;
    returns how many playthroughs were checked.

    Example:
        >>> import pathlib, tempfile
        >>> from boardgames_fr import misere
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "misere.json"
        >>> rec = record_playthrough(misere, "duel", num_players=2, seed=5)
        >>> write_playthroughs(path, "misere", [rec])
        >>> check_playthroughs(misere, path)
        1
    """
    game: Game[Any, Any, Any] = module.GAME
    gid = game.info.game_id
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("game") != gid:
        _fail(gid, f"{path} holds playthroughs of {doc.get('game')!r}")
    for rec in doc["games"]:
        spec = rec["spec"]
        where = f"playthrough {spec['name']!r}"
        s = module.new_game(
            spec["num_players"], seed=spec["seed"], options=spec["options"], chance=spec["chance"]
        )
        renders = {r["step"]: r for r in rec["renders"]}
        for i, data in enumerate([None, *rec["actions"]]):
            if data is not None:
                try:
                    s = game.step(s, action_from_json(gid, data))
                except IllegalActionError as e:
                    _fail(gid, f"{where}: step {i} ({data}) is refused: {e}")
            shown = renders.get(i)
            if shown is not None:
                for lang in ("fr", "en"):
                    if lang in shown and game.render(s, lang).splitlines() != shown[lang]:
                        _fail(gid, f"{where}: the {lang} picture differs after step {i}")
        if list(game.scores(s)) != spec["scores"] or list(game.winners(s)) != spec["winners"]:
            _fail(gid, f"{where}: scores or winners differ at the end")
    return len(doc["games"])


def golden_playthroughs(
    module: ModuleType,
    path: Any,
    games: Sequence[dict[str, Any]],
    *,
    every: int = 10,
    agents: Sequence[str] = ("heuristic",),
    regenerate: bool | None = None,
) -> int:
    """A game's golden playthrough test in one call: check the file at ``path`` holds the
    ``games`` (dicts with ``name``, ``seed`` and optionally ``num_players``, ``options``,
    ``chance``), in that order, and that each replays exactly (`check_playthroughs`).

    With ``regenerate`` (by default: when the environment sets ``BGF_REGEN_PLAYTHROUGHS``),
    the file is recorded again first, after an intended change of the rules or pictures:
    a game already in the file keeps its action sequence, so only its pictures, scores and
    winners can change; a new game is played by ``agents``. Returns how many were checked.

    Example:
        >>> import json, pathlib, tempfile
        >>> from boardgames_fr import fromage
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "fromage.json"
        >>> games = [{"name": "short", "seed": 3, "num_players": 2}]
        >>> golden_playthroughs(fromage, path, games, regenerate=True)
        1
        >>> first = json.loads(path.read_text())["games"].pop(0)
        >>> spec = first["spec"]
        >>> spec["name"]
        'short'
    """
    game: Game[Any, Any, Any] = module.GAME
    gid = game.info.game_id
    if regenerate is None:
        regenerate = bool(os.environ.get("BGF_REGEN_PLAYTHROUGHS"))
    if regenerate:
        old: dict[str, Any] = {}
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = {g["spec"]["name"]: g["actions"] for g in json.load(f).get("games", [])}
        records = [
            record_playthrough(
                module,
                spec["name"],
                num_players=spec.get("num_players", game.info.default_players),
                seed=spec["seed"],
                options=spec.get("options"),
                chance=spec.get("chance", "auto"),
                actions=old.get(spec["name"]),
                agents=agents,
                every=every,
            )
            for spec in games
        ]
        write_playthroughs(path, gid, records)
    with open(path, encoding="utf-8") as f:
        names = [g["spec"]["name"] for g in json.load(f)["games"]]
    if names != [spec["name"] for spec in games]:
        _fail(gid, f"{path} holds the playthroughs {names}, not {[g['name'] for g in games]}")
    return check_playthroughs(module, path)
