"""The compiled build of the games' encoders (setup.py, boardgames_fr/_build.py, issue #22).

The install compiles every ``boardgames_fr/<game>/encode.py`` and ``core/encoding.py``
with mypyc. The extensions must give exactly the numbers the Python source gives: the
same tensors, bit for bit, for every seat and the public view (from the state and from
the observation), the same move numbers and masks, and the same actions back from the
numbers. Both are run on the same seeded games: here (the compiled modules) and in a
subprocess with BGF_PURE_PYTHON=1 (their Python source).
"""

from __future__ import annotations

import builds  # tests/builds.py (pyproject: pytest's pythonpath)
import pytest

from boardgames_fr import _build

ENCODERS = tuple(n for n in _build.MODULES if n.endswith((".encode", ".encoding")))
COMPILED = all(_build.compiled(n) for n in ENCODERS)
needs_compiled = pytest.mark.skipif(not COMPILED, reason="the encoders are not compiled here")

# One line per state of seeded random games: the SHA-256 of everything the encode module
# says of it (each seat's and the public tensor, both ways, the legal numbers, the mask,
# the actions the numbers stand for), so that two builds compare state by state.
_PLAY = """
import hashlib, importlib, json
import boardgames_fr as bgf
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.core.rng import Rng

def encodings(game_id, n, chance, seeds):
    game = bgf.get_game(game_id)
    enc = importlib.import_module(game.__name__ + ".encode")
    opts = game.new_game(n, seed=0).options
    out = [repr((enc.num_actions(n, opts), enc.num_chance_outcomes(n, opts),
                 enc.observation_shape(n, opts)))]
    pick = Rng(n * 7 + seeds)
    for seed in range(seeds):
        s = game.new_game(n, seed=seed, chance=chance)
        while True:
            h = hashlib.sha256()
            for seat in (*range(n), None):
                h.update(enc.state_tensor(s, seat).tobytes())
                h.update(enc.observation_tensor(game.observe(s, seat)).tobytes())
            indices = enc.legal_indices(s)
            h.update(repr(indices).encode())
            h.update(enc.legal_mask(s).tobytes())
            if s.to_move == TERMINAL:
                out.append(h.hexdigest())
                break
            actions = [enc.index_action(s, i) for i in indices]
            h.update(repr(actions).encode())
            h.update(repr([enc.action_index(s, a) for a in actions]).encode())
            out.append(h.hexdigest())
            legal = game.legal_actions(s)
            s = game.step(s, legal[pick.randrange(len(legal))])
    return out
"""


def _here(call: str) -> list[str]:
    return builds.here(_PLAY, call)


def _from_source(call: str) -> tuple[str, ...]:
    return builds.from_source(_PLAY, call)


CONFIGS: list[tuple[str, int, str, int]] = [
    ("dorge_et_ble", 2, "auto", 4),
    ("dorge_et_ble", 2, "explicit", 2),
    ("fromage", 2, "auto", 6),
    ("fromage", 4, "explicit", 4),
    ("lactorama", 2, "auto", 2),
    ("lactorama", 5, "explicit", 1),
    ("little_factory", 2, "auto", 4),
    ("little_factory", 4, "explicit", 2),
    ("misere", 2, "auto", 8),
]


def test_the_encoders_are_in_the_compiled_list() -> None:
    assert ENCODERS == (
        "boardgames_fr.core.encoding",
        "boardgames_fr.dorge_et_ble.encode",
        "boardgames_fr.fromage.encode",
        "boardgames_fr.lactorama.encode",
        "boardgames_fr.little_factory.encode",
        "boardgames_fr.misere.encode",
    )


@needs_compiled
@pytest.mark.parametrize(("game_id", "n", "chance", "seeds"), CONFIGS)
def test_compiled_encoders_give_the_numbers_of_the_source(
    game_id: str, n: int, chance: str, seeds: int
) -> None:
    call = f"encodings({game_id!r}, {n!r}, {chance!r}, {seeds!r})"
    fast = _here(call)
    source = _from_source(call)
    assert len(fast) == len(source) > 20
    # The first state that differs, not a wall of hashes.
    first = next((k for k, (a, b) in enumerate(zip(fast, source, strict=True)) if a != b), None)
    assert first is None, f"{game_id}: state {first} encodes differently compiled"
