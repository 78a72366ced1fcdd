"""A learned value of a position: each seat's expected return, read from its own
observation tensor, for the search bot's leaf evaluation (`ISMCTSAgent` with
``evaluation="value"``).

The model is a small neural network over the numeric observation of issue #22
(``boardgames_fr.<game>.encode.state_tensor(state, seat)``, the same numbers as
``observation_tensor(observe(state, seat))``): one hidden layer of ``tanh`` units and a
``tanh`` output, so a value is on the returns' scale, -1 (a sure loss) to 1 (a sure win).
It is fitted by ``benchmarks/train_values.py`` to the final returns of games played by the
game's `HeuristicAgent` against itself, for one player count and one set of options, and
shipped as JSON in ``boardgames_fr/data/<game>_value.json``: plain numbers read with
`json` (nothing in the file is executed) and checked on load (`parse_value`).

A value is only as good as the numbers it reads: the file records `encoder_fingerprint`,
a digest of the tensors the encoder gave when the value was fitted, and a test recomputes
it from today's encoder, so an encoder whose numbers change (a block moved, a count
scaled) fails the tests instead of feeding the shipped value numbers it never saw.

A seat's value reads only that seat's observation of the state, so a search that evaluates
its own sampled worlds with it learns nothing its seat may not see.

Example:
    >>> import boardgames_fr as bgf
    >>> model = packaged_value("fromage")
    >>> m = bgf.get_game("fromage")
    >>> values = model.returns(m.new_game(2, seed=1))
    >>> len(values), all(-1 < v < 1 for v in values)
    (2, True)
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from boardgames_fr.core.errors import InvalidStateError
from boardgames_fr.core.registry import encode_module, get_game
from boardgames_fr.core.rng import Rng

__all__ = [
    "FINGERPRINT_STATES",
    "FORMAT",
    "ValueModel",
    "encoder_fingerprint",
    "fingerprint_states",
    "options_key",
    "packaged_value",
    "parse_value",
]

FORMAT = "boardgames_fr.value/1"
"""The ``format`` field of a value file; another format is refused."""

FloatArray = npt.NDArray[np.float64]


def options_key(options: Any) -> str:
    """A game's options as canonical JSON text, to tell whether a model fits a game.

    Example:
        >>> import boardgames_fr as bgf
        >>> key = options_key(bgf.get_game("fromage").new_game(2, seed=1).options)
        >>> '"powers": false' in key
        True
    """
    plain = attrs.asdict(options) if attrs.has(type(options)) else options
    return json.dumps(plain, sort_keys=True)


@attrs.frozen(eq=False)
class ValueModel:
    """A fitted value for one game, player count and set of options.

    Attributes:
        game_id: the registry's id.
        num_players: the player count it was fitted for.
        options: the game's options it was fitted for, as `options_key` text.
        w1: the hidden layer's weights, ``(inputs, hidden)``.
        b1: the hidden layer's biases, ``(hidden,)``.
        w2: the output's weights, ``(hidden,)``.
        b2: the output's bias.
        encoder_sha256: the `encoder_fingerprint` of the tensors it was fitted on.
        training: how it was made (the command line, the held-out fit), for reading only.
    """

    game_id: str
    num_players: int
    options: str
    w1: FloatArray
    b1: FloatArray
    w2: FloatArray
    b2: float
    encoder_sha256: str
    training: dict[str, Any] = attrs.field(factory=dict)

    @property
    def input_size(self) -> int:
        """The length of the observation tensor it reads."""
        return int(self.w1.shape[0])

    def fits(self, state: Any) -> bool:
        """Whether the model was fitted for ``state``'s player count and options."""
        return bool(
            state.num_players == self.num_players and options_key(state.options) == self.options
        )

    def predict(self, tensors: npt.ArrayLike) -> FloatArray:
        """The values of observation tensors, one a row, each in (-1, 1)."""
        x = np.asarray(tensors, dtype=np.float64)
        hidden = np.tanh(x @ self.w1 + self.b1)
        out: FloatArray = np.tanh(hidden @ self.w2 + self.b2)
        return out

    def returns(self, state: Any) -> tuple[float, ...]:
        """Every seat's value of ``state``, each from that seat's own observation."""
        tensor = _encoder(self.game_id)
        rows = np.stack([tensor(state, p) for p in range(state.num_players)])
        return tuple(float(v) for v in self.predict(rows))


@cache
def _encoder(game_id: str) -> Any:
    # Looked up once per game, when a search first asks for the value: the encode
    # modules are not loaded otherwise.
    return encode_module(game_id).state_tensor


FINGERPRINT_STATES = 6000
"""`encoder_fingerprint` plays whole games until it has read at least this many states."""


def fingerprint_states(game_id: str, num_players: int, options: Any = None) -> Iterator[Any]:
    """The states whose tensors `encoder_fingerprint` reads, in order: whole games of
    uniformly random legal moves, game ``i`` seeded ``i``, until `FINGERPRINT_STATES`.

    Random moves rather than the `HeuristicAgent` the values are fitted on: the states
    then depend on the rules alone, so improving a heuristic does not change the
    fingerprint (a change of the rules that changes these games does, and a value fitted
    on the old rules deserves that look). In Fromage and Lactorama they reach every tensor
    entry that 40 games like the training's reach (``tests/test_value.py``); games that
    random play ends early are made up for by playing more of them.

    Example:
        >>> states = list(fingerprint_states("fromage", 2))
        >>> len(states) >= FINGERPRINT_STATES
        True
    """
    module = get_game(game_id)
    # Owned by this call and seeded: the same moves every time, whatever ran before.
    moves = Rng(0x5EED)
    seen = 0
    seed = 0
    while seen < FINGERPRINT_STATES:
        # Chance (dice, draws) is resolved by each state's own RNG, seeded by the game.
        state = module.new_game(num_players, seed=seed, options=options)
        seed += 1
        while True:
            yield state
            seen += 1
            if module.is_terminal(state):
                break
            legal = module.legal_actions(state)
            state = module.step(state, legal[moves.randrange(len(legal))])


def encoder_fingerprint(game_id: str, num_players: int, options: Any = None) -> str:
    """The sha256 hex digest of the observation tensors (``encode.state_tensor(state,
    seat)`` as float32 bytes, every seat in turn) of every state of `fingerprint_states`.

    It changes when any number the encoder gives in any of those states changes, so a
    value file that records it (``encoder_sha256``) tells whether today's encoder still
    gives the numbers the value was fitted on. ``options``: the game's `Options` or their
    JSON object (None: the defaults).

    Example:
        >>> digest = encoder_fingerprint("fromage", 2)
        >>> len(digest), digest == encoder_fingerprint("fromage", 2, {"mice": 6})
        (64, True)
        >>> digest == encoder_fingerprint("fromage", 2, {"mice": 5})
        False
    """
    # Looked up at each call, not through `_encoder`'s cache, so that the digest is always
    # that of the encoder the module holds now.
    tensor = encode_module(game_id).state_tensor
    digest = hashlib.sha256()
    for state in fingerprint_states(game_id, num_players, options):
        for seat in range(num_players):
            digest.update(np.ascontiguousarray(tensor(state, seat), dtype=np.float32).tobytes())
    return digest.hexdigest()


_SHA256 = re.compile(r"[0-9a-f]{64}")


def _reject_constant(name: str) -> float:
    raise InvalidStateError("value", f"{name} is not a number a value file may hold")


def _matrix(data: Any, path: str, shape: tuple[int, ...]) -> FloatArray:
    """``data`` as a finite float array of ``shape``, or a refusal naming ``path``."""
    try:
        array = np.array(data, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidStateError(path, "not an array of numbers") from None
    if array.shape != shape:
        raise InvalidStateError(path, f"shape {array.shape}, expected {shape}")
    if not np.isfinite(array).all():
        raise InvalidStateError(path, "holds a number that is not finite")
    return array


def parse_value(text: str, game_id: str) -> ValueModel:
    """A value file's text, checked field by field.

    Raises:
        InvalidStateError: the text is not JSON, or a field is missing, of the wrong kind
            or size, not finite, or for another game, player count or options than the
            game allows; the message names the field.

    Example:
        >>> try:
        ...     parse_value('{"format": "other"}', "fromage")
        ... except InvalidStateError as e:
        ...     print(e)
        format: 'other', expected 'boardgames_fr.value/1'
    """
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as e:
        raise InvalidStateError("value", f"not JSON ({e.msg}, line {e.lineno})") from None
    if not isinstance(data, dict):
        raise InvalidStateError("value", "not a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidStateError("format", f"{data.get('format')!r}, expected {FORMAT!r}")
    if data.get("game") != game_id:
        raise InvalidStateError("game", f"{data.get('game')!r}, expected {game_id!r}")
    module = get_game(game_id)
    n = data.get("num_players")
    if isinstance(n, bool) or not isinstance(n, int) or n not in module.GAME_INFO.player_counts:
        raise InvalidStateError("num_players", f"{n!r} is not a player count of {game_id}")
    options = data.get("options")
    if not isinstance(options, dict):
        raise InvalidStateError("options", "missing or not an object")
    try:
        probe = module.new_game(n, seed=0, options=options)
    except (TypeError, ValueError) as e:
        raise InvalidStateError("options", str(e)) from None
    inputs = math.prod(encode_module(game_id).observation_shape(n, probe.options))
    hidden = data.get("hidden")
    if isinstance(hidden, bool) or not isinstance(hidden, int) or hidden < 1:
        raise InvalidStateError("hidden", f"{hidden!r} is not a positive whole number")
    w1 = _matrix(data.get("w1"), "w1", (inputs, hidden))
    b1 = _matrix(data.get("b1"), "b1", (hidden,))
    w2 = _matrix(data.get("w2"), "w2", (hidden,))
    b2 = _matrix(data.get("b2"), "b2", ())
    if "encoder_sha256" not in data:
        # Required: a value that cannot say which numbers it was fitted on cannot be
        # checked against today's encoder (train_values.py has written it since issue #21).
        raise InvalidStateError("encoder_sha256", "missing (the value's encoder_fingerprint)")
    fingerprint = data["encoder_sha256"]
    if not isinstance(fingerprint, str) or not _SHA256.fullmatch(fingerprint):
        raise InvalidStateError(
            "encoder_sha256", f"{fingerprint!r} is not 64 lowercase hexadecimal digits"
        )
    training = data.get("training", {})
    if not isinstance(training, dict):
        raise InvalidStateError("training", "not an object")
    return ValueModel(
        game_id, n, options_key(probe.options), w1, b1, w2, float(b2), fingerprint, training
    )


def value_path(game_id: str) -> str:
    """The packaged value file's name, in ``boardgames_fr/data/``."""
    return f"{game_id}_value.json"


@cache
def packaged_value(game_id: str) -> ValueModel | None:
    """The value shipped with the package for ``game_id``, or None if it has none.

    Raises:
        InvalidStateError: the shipped file is malformed (`parse_value`).
    """
    source = resources.files("boardgames_fr").joinpath("data", value_path(game_id))
    if not source.is_file():
        return None
    return parse_value(source.read_text("utf-8"), game_id)
