"""Steps per second through each reinforcement-learning adapter, beside the raw loop.

Every row plays whole games with uniformly random legal moves from a seeded generator,
and each adapter's row does at every decision what a training loop does: read the mover's
observation tensor and its legal moves, pick one, step:

- ``raw``: ``legal_actions`` + ``step``, the library alone (no observation);
- ``pettingzoo``: `boardgames_fr.rl.pettingzoo_env`: ``last()`` (the observation tensor
  and the mask of the agent to act, its legal numbers in ``info["legal_moves"]``) +
  ``step(index)``;
- ``gymnasium``: `boardgames_fr.rl.gymnasium_env` against the random agent: ``step``
  returns the tensor, the mask and the legal numbers (its steps count the bots' moves
  too, as the raw loop does, and each bot move takes the bot's observation, as the agent
  protocol says);
- ``openspiel``: ``bgf_<game>`` through pyspiel: ``observation_tensor`` of the mover +
  ``legal_actions`` + ``apply_action``, explicit chance nodes sampled from
  ``chance_outcomes`` (counted as steps, as the other rows count the chance the state
  resolves inside a step);
- ``openspiel obs``: the same game through pyspiel, the tensor read as OpenSpiel's Python
  algorithms read one without a list (``make_observation(game)``, then ``set_from`` and
  the observer's numpy ``tensor``): ``observation_tensor`` builds a Python list of every
  entry (899 floats in D'Orge), a cost of OpenSpiel's list API, not of the game;
- ``encode only``: what the encode module costs per step (the mover's tensor, through
  ``state_tensor`` where the game has it, + ``legal_mask``), on the states of the raw
  games;

and PettingZoo's own classic connect four and Texas hold'em (``last()`` + ``step`` with a
random legal move) measured in the same run, by the same loop as the ``pettingzoo`` row
(their legal numbers from the mask: they give no list; the ``bench`` extra installs them:
``pip install -e ".[bench]"``).

Times are the process's CPU time (`time.process_time`), not the wall clock: on a shared
machine the time the process waits for a core is not the code's.

Run: ``python benchmarks/rl.py [--seconds 1] [--rounds 3] [--games misere,fromage]``
(each row is its median of ``--rounds`` rounds of ``--seconds``, and its ratio to the raw
loop the median of the ratios of the rounds: the machine may be shared). The first line
says which build runs (compare pure with pure, compiled with compiled).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import boardgames_fr as bgf
from boardgames_fr import rl

_clock = time.process_time  # CPU seconds of this process (see the module)


def timed(play_one: Callable[[int], int], seconds: float) -> float:
    """Steps per second of whole games played by ``play_one(seed) -> steps`` for about
    ``seconds``."""
    steps, seed = 0, 0
    start = _clock()
    while True:
        steps += play_one(seed)
        seed += 1
        took = _clock() - start
        if took >= seconds:
            return steps / took


def raw(game_id: str) -> Callable[[int], int]:
    game = bgf.get_game(game_id)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        s = game.new_game(2, seed=seed)
        n = 0
        while not game.is_terminal(s):
            legal = game.legal_actions(s)
            s = game.step(s, legal[rng.randrange(len(legal))])
            n += 1
        return n

    return play


class EncodeOnly:
    """Plays random games and times only the encoding of their states: the mover's
    observation tensor and the legal mask (``spent``: seconds spent encoding)."""

    def __init__(self, game_id: str) -> None:
        self.game = bgf.get_game(game_id)
        self.encode: Any = rl.encode_module(game_id)
        self.spent = 0.0

    def __call__(self, seed: int) -> int:
        game, enc = self.game, self.encode
        rng = random.Random(seed)
        s = game.new_game(2, seed=seed)
        states = []
        while not game.is_terminal(s):
            states.append(s)
            legal = game.legal_actions(s)
            s = game.step(s, legal[rng.randrange(len(legal))])
        start = _clock()
        fast = getattr(enc, "state_tensor", None)
        for s in states:
            seat = game.current_player(s)
            if fast is not None:
                fast(s, seat)
            else:
                enc.observation_tensor(game.observe(s, seat))
            enc.legal_mask(s)
        self.spent += _clock() - start
        return len(states)


def policy_input(tensor: Any, mask: Any) -> None:
    """Where a training loop hands the observation tensor and the mask to its policy: the
    rows take them and pick uniformly among the legal moves, so that they time the
    environments, not a policy."""


def legal_numbers(info: dict[str, Any], mask: Any) -> Any:
    """The legal move numbers: the env's list where it gives one (``legal_moves``, as
    boardgames_fr's do), else the mask's nonzero entries (PettingZoo's classic games)."""
    legal = info.get("legal_moves")
    return np.flatnonzero(mask) if legal is None else legal


def pettingzoo_aec(env: Any) -> Callable[[int], int]:

    def play(seed: int) -> int:
        rng = random.Random(seed)
        # Seeded once: a seed makes a new numpy generator, a cost of the run's start.
        env.reset(seed=seed if seed == 0 else None)
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            policy_input(obs["observation"], mask)
            legal = legal_numbers(info, mask)
            env.step(int(legal[rng.randrange(len(legal))]))
            n += 1
        return n

    return play


class CountingRandom(bgf.agents.RandomAgent):
    """The random agent, counting its moves (the gymnasium env's steps are the
    learner's only)."""

    moves = 0

    def act(self, observation: object, legal_actions: Sequence[object]) -> object:
        CountingRandom.moves += 1
        return super().act(observation, legal_actions)


def gymnasium_random(game_id: str) -> Callable[[int], int]:
    env = rl.gymnasium_env(game_id, opponents=CountingRandom(seed=1))

    def play(seed: int) -> int:
        rng = random.Random(seed)
        CountingRandom.moves = 0
        obs, info = env.reset(seed=seed if seed == 0 else None)
        done, n = False, 0
        while not done:
            mask = info["action_mask"]
            policy_input(obs, mask)
            legal = legal_numbers(info, mask)
            obs, _, done, _, info = env.step(int(legal[rng.randrange(len(legal))]))
            n += 1
        return n + CountingRandom.moves  # every move of the game, as the raw loop counts

    return play


def openspiel(game_id: str, numpy_observer: bool = False) -> Callable[[int], int]:
    """The ``openspiel`` row, or with ``numpy_observer`` the ``openspiel obs`` row."""
    import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from open_spiel.python.observation import make_observation  # type: ignore[import-untyped,import-not-found,unused-ignore]

    rl.register_openspiel((game_id,))

    def play(seed: int) -> int:
        rng = random.Random(seed)
        game = pyspiel.load_game(f"bgf_{game_id}(seed={seed})")
        observer = make_observation(game) if numpy_observer else None
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                # OpenSpiel's mask is the legal numbers (``legal_actions_mask`` builds
                # one from them): the numbers are what a policy reads.
                legal = state.legal_actions()
                if observer is None:
                    tensor = state.observation_tensor(state.current_player())
                else:
                    observer.set_from(state, state.current_player())
                    tensor = observer.tensor
                policy_input(tensor, legal)
                state.apply_action(legal[rng.randrange(len(legal))])
            n += 1
        return n

    return play


def classic(name: str) -> Callable[[int], int] | None:
    """PettingZoo's own classic environment, or None when it is not installed."""
    try:
        if name == "connect_four":
            from pettingzoo.classic import connect_four_v3 as module  # type: ignore[import-untyped,import-not-found,unused-ignore]
        else:
            from pettingzoo.classic import texas_holdem_v4 as module  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError:  # texas hold'em needs rlcard: pettingzoo[classic]
        return None
    return pettingzoo_aec(module.env())


def encode_rate(enc: EncodeOnly, seconds: float) -> float:
    """Steps per second of the encoding alone, over about ``seconds`` of encoding."""
    enc.spent, steps, seed = 0.0, 0, 0
    while enc.spent < seconds:
        steps += enc(seed)
        seed += 1
    return steps / enc.spent


LOOPS = ("raw", "encode only", "pettingzoo", "gymnasium", "openspiel", "openspiel obs")


def measure(loop: str, game_id: str, enc: EncodeOnly, seconds: float) -> float:
    """Steps per second of one loop of `LOOPS` for about ``seconds``."""
    if loop == "raw":
        return timed(raw(game_id), seconds)
    if loop == "encode only":
        return encode_rate(enc, seconds)
    if loop == "pettingzoo":
        return timed(pettingzoo_aec(rl.pettingzoo_env(game_id)), seconds)
    if loop == "gymnasium":
        return timed(gymnasium_random(game_id), seconds)
    if loop == "openspiel":
        return timed(openspiel(game_id), seconds)
    return timed(openspiel(game_id, numpy_observer=True), seconds)


def build() -> str:
    """Which build runs: the modules setup.py compiles, compiled or pure Python."""
    from boardgames_fr import _build

    native = [m for m in _build.MODULES if _build.compiled(m)]
    if not native:
        return "pure Python (no module compiled)"
    return "compiled with mypyc: " + ", ".join(m.removeprefix("boardgames_fr.") for m in native)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per row and round")
    parser.add_argument("--rounds", type=int, default=3, help="the median round counts")
    parser.add_argument("--games", default=",".join(bgf.GAME_IDS))
    args = parser.parse_args()
    sec = args.seconds
    print(f"build: {build()}")
    # The machine is shared: each row is measured in several rounds, the rows of a game
    # taking turns; a row's time is its median round, and its ratio to the raw loop the
    # median of the ratios within each round (both loops timed side by side).
    print(f"{'game':<16} {'loop':<13} {'steps/s':>9} {'us/step':>8} {'x raw':>6}")
    for game_id in args.games.split(","):
        try:
            rl.encode_module(game_id)
        except NotImplementedError as e:
            print(f"{game_id:<16} skipped: {e}")
            continue
        enc = EncodeOnly(game_id)
        rates: dict[str, list[float]] = {name: [] for name in LOOPS}
        for _ in range(args.rounds):
            for name in LOOPS:
                rates[name].append(measure(name, game_id, enc, sec))
        raw_rates = rates["raw"]
        for name, got in rates.items():
            ratio = statistics.median(r / g for r, g in zip(raw_rates, got, strict=True))
            rate = statistics.median(got)
            print(f"{game_id:<16} {name:<13} {rate:>9.0f} {1e6 / rate:>8.1f} {ratio:>6.2f}")
    for name in ("connect_four", "texas_holdem"):
        play = classic(name)
        if play is None:
            print(f"{'pz ' + name:<16} not installed (pip install -e '.[bench]')")
            continue
        rate = statistics.median(timed(play, sec) for _ in range(args.rounds))
        print(f"{'pz ' + name:<16} {'pettingzoo':<13} {rate:>9.0f} {1e6 / rate:>8.1f} {'':>6}")


if __name__ == "__main__":
    main()
