"""Every game as an OpenSpiel Python game, ``bgf_<game_id>``
(`boardgames_fr.rl.register_openspiel`)."""

from __future__ import annotations

import hashlib
import json
from operator import itemgetter
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from boardgames_fr.core import CHANCE, GAME_IDS, TERMINAL, dumps, get_game, loads
from boardgames_fr.core.registry import encode_module
from boardgames_fr.rl._codec import Codec

# A win against every other seat: the returns stay within [-1, 1] (API.md: +1 a win,
# -1 a loss, 1/k a win shared by k).
MIN_UTILITY, MAX_UTILITY = -1.0, 1.0
# DB-13 breaks every tie, and D'Orge is for two: exactly one wins, (1, -1). Every other
# game can share a win (Fromage FR-18 without an arrival, Little Factory LF-09/LF-13,
# Lactorama's teams, Misère MI-18), which makes the sum of returns vary.
ZERO_SUM = frozenset({"dorge_et_ble"})
# OpenSpiel wants a bound on a game's length. None of the rules caps the number of moves,
# so this one is generous: random play ends within about 600 decisions and chance events
# in every game (explicit chance, default options); a longer game would still play, only
# algorithms that size buffers by it would be wrong.
MAX_GAME_LENGTH = 100_000


_TERMINAL_ID = int(pyspiel.PlayerId.TERMINAL)
_second = itemgetter(1)
_CHANCE_ID = int(pyspiel.PlayerId.CHANCE)


def _as_list(tensor: Any) -> list[float]:
    """A float32 vector as the list of floats OpenSpiel gives: for a long vector, mostly
    zeros, one shared 0.0 with the few other values set in place, which costs about
    half of making a float of every entry (``tolist``). Below 512 entries (Little
    Factory's 282, with a fifth of them set) ``tolist`` costs less."""
    if len(tensor) < 512:
        values: list[float] = tensor.tolist()
        return values
    # The entries whose bits are not all zero: numpy finds them in an integer vector
    # about three times faster than in a float one, and a -0.0 is kept as tolist keeps it.
    nonzero = tensor.view(_UINT32).nonzero()[0]
    out = [0.0] * len(tensor)
    for i, v in zip(nonzero.tolist(), tensor[nonzero].tolist(), strict=True):
        out[i] = v
    return out


_UINT32 = np.dtype(np.uint32)  # a dtype object: numpy reads it fastest


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``bgf_<game_id>``."""
    return f"bgf_{game_id}"


def game_type(game_id: str) -> Any:
    """The `pyspiel.GameType` of a game: its players, chance and information from
    ``GAME_INFO``; parameters ``players``, ``seed`` (setup randomness outside chance
    nodes) and ``options`` (a JSON object of the game's options, "" for the defaults).

    Made once per game: OpenSpiel copies it into each game loaded, and a game is loaded
    for every seed (making one cost about a third of loading a game)."""
    known = _GAME_TYPES.get(game_id)
    if known is not None:
        return known
    info = get_game(game_id).GAME_INFO
    GT = pyspiel.GameType
    made = GT(
        short_name=short_name(game_id),
        long_name=f"boardgames_fr {info.name_en}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.EXPLICIT_STOCHASTIC
        if info.chance
        else GT.ChanceMode.DETERMINISTIC,
        information=(
            GT.Information.IMPERFECT_INFORMATION
            if info.hidden_information
            else GT.Information.PERFECT_INFORMATION
        ),
        utility=GT.Utility.ZERO_SUM if game_id in ZERO_SUM else GT.Utility.GENERAL_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=max(info.player_counts),
        min_num_players=min(info.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "seed": 0, "options": ""},
    )
    _GAME_TYPES[game_id] = made
    return made


_GAME_TYPES: dict[str, Any] = {}


class _Node:
    """One state of a played game, linked to the one before it, with each seat's
    perfect-recall digest computed when first asked.

    Immutable once built, so a cloned OpenSpiel state shares it (``__deepcopy__``) and a
    pickled one (OpenSpiel's serialization) saves the state through `bgf.dumps`.
    """

    __slots__ = ("_recall", "action", "codec", "mover", "parent", "state")

    def __init__(
        self,
        codec: Codec,
        state: Any,
        parent: _Node | None = None,
        mover: int = -1,
        action: int = -1,
        recall: list[str | None] | None = None,
    ) -> None:
        # The codec rides along so that each step reads it from here, not through
        # OpenSpiel's get_game() (a round trip through C++ at every call).
        self.codec = codec
        self.state = state
        self.parent = parent
        self.mover = mover
        self.action = action
        # Each seat's digest, once asked (`recall`): a list made then, not at every step.
        self._recall: list[str | None] | None = recall

    def __deepcopy__(self, memo: dict[int, Any]) -> _Node:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        recall = [self.recall(p) for p in range(self.state.num_players)]
        return (_thaw, (self.codec.game_id, dumps(self.state), recall))

    def recall(self, seat: int) -> str:
        """A digest of everything ``seat`` has seen and done up to here: equal for two
        histories exactly when that seat saw the same sequence of observations and made
        the same moves (up to SHA-256 collisions)."""
        # Iterative: a game is a few thousand nodes deep, beyond Python's recursion limit.
        chain = []
        node: _Node | None = self
        while node is not None and (node._recall is None or node._recall[seat] is None):
            chain.append(node)
            node = node.parent
        digest = "" if node is None or node._recall is None else node._recall[seat]
        game = self.codec.game
        for n in reversed(chain):
            obs = game.observe(n.state, seat)
            parent = n.parent
            if parent is None:
                digest = _hash("", repr(obs))
            elif n.mover == seat:
                digest = _hash(digest or "", f"{n.action}|{obs!r}")
            elif obs != game.observe(parent.state, seat):
                digest = _hash(digest or "", repr(obs))
            # else: nothing this seat can see happened; its recall is unchanged.
            if n._recall is None:
                n._recall = [None] * n.state.num_players
            n._recall[seat] = digest
        return digest or ""


def _hash(before: str, seen: str) -> str:
    return hashlib.sha256((before + "\n" + seen).encode()).hexdigest()[:32]


_CODECS: dict[tuple[str, int, Any], Codec] = {}
# The codec and `pyspiel.GameInfo` of each (game id, players, options JSON) that
# `BoardGame` was loaded with.
_LOADED: dict[tuple[str, int, str], tuple[Codec, Any]] = {}


def codec_of(game_id: str, num_players: int, options: Any) -> Codec:
    """The codec of a game at a player count and options, made once."""
    key = (game_id, num_players, options)
    codec = _CODECS.get(key)
    if codec is None:
        codec = _CODECS[key] = Codec(game_id, num_players, options)
    return codec


def _thaw(game_id: str, text: str, recall: list[str | None]) -> _Node:
    state = loads(text)
    return _Node(codec_of(game_id, state.num_players, state.options), state, recall=list(recall))


# The last chance node's numbered outcomes of each codec, by the identity of the core's
# tuple of probabilities (kept in the entry, so that its id is not reused meanwhile).
_CHANCE_LISTS: dict[Codec, tuple[Any, list[tuple[int, float]]]] = {}


class BoardGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """A game of boardgames_fr at one player count, seed and options, for OpenSpiel: each
    game registered is a subclass naming its ``game_id`` (`register_openspiel`)."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.game_id
        # A game is loaded for every new seed: what does not depend on the seed (the
        # codec, OpenSpiel's game type and info) is made once per parameters.
        key = (game_id, int(params["players"]), params["options"])
        loaded = _LOADED.get(key)
        if loaded is None:
            options = json.loads(params["options"]) if params["options"] else None
            fresh = Codec(game_id, key[1], options)
            codec = codec_of(game_id, fresh.num_players, fresh.options)
            game_info = pyspiel.GameInfo(
                num_distinct_actions=codec.num_actions,
                max_chance_outcomes=codec.num_chance_outcomes,
                num_players=codec.num_players,
                min_utility=MIN_UTILITY,
                max_utility=MAX_UTILITY,
                utility_sum=0.0 if game_id in ZERO_SUM else None,
                max_game_length=MAX_GAME_LENGTH,
            )
            loaded = _LOADED[key] = (codec, game_info)
        codec, game_info = loaded
        self.codec = codec
        super().__init__(game_type(game_id), game_info, params)
        self.info = codec.game.GAME_INFO
        # States are values: every initial state (and every clone, which OpenSpiel makes
        # from one) shares this first node.
        self._root = _Node(codec, codec.new_game(int(params["seed"]), explicit=True))

    def new_initial_state(self) -> BoardGameState:
        """The game after its setup, at its first decision or chance event."""
        return BoardGameState(self, self._root)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """What a seat observes: its observation (string and tensor), the public view
        (``private_info`` NONE), or its perfect-recall information state (string only)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return Observer(self.codec, iig_obs_type)


class BoardGameState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """An OpenSpiel state over a game state of boardgames_fr (``.node.state``)."""

    def __init__(self, game: BoardGame, node: _Node) -> None:
        super().__init__(game)
        self.node = node

    @property
    def bgf_state(self) -> Any:
        """The boardgames_fr state."""
        return self.node.state

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal id."""
        # OpenSpiel asks several times a step: the ids are module constants (reading
        # pyspiel's enum costs more than the rest of this).
        p = self.node.state.to_move
        if p == TERMINAL:
            return _TERMINAL_ID
        if p == CHANCE:
            return _CHANCE_ID
        return int(p)

    # The Python calls a training loop makes at every step (``is_chance_node``,
    # ``legal_actions``, ``observation_tensor``) are answered here, without the round
    # trip through OpenSpiel's C++ that calls back into Python (`current_player`,
    # `_legal_actions`, the observer) several times; C++ algorithms still go through
    # those hooks, which give the same answers.

    def is_chance_node(self) -> bool:
        """Whether chance moves next."""
        to_move: int = self.node.state.to_move
        return to_move == CHANCE

    def is_player_node(self) -> bool:
        """Whether a seat moves next."""
        to_move: int = self.node.state.to_move
        return to_move >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal move (or chance outcome) numbers, increasing; for ``player``, none
        when another seat acts (OpenSpiel's answer: a chance node's outcomes whoever
        asks), and none at the end."""
        node = self.node
        state = node.state
        to_move = state.to_move
        if to_move == TERMINAL or (player is not None and player != to_move != CHANCE):
            return []
        # Listed once per state (`Codec.moves`), whatever asks first: this or the step.
        # The sorted list is not kept in the menu: each caller gets a list of its own, and
        # OpenSpiel asks for one per state. (`Codec.decision`'s shared menus cost more
        # here: each new set's int8 mask is made, which OpenSpiel never reads.)
        return sorted(node.codec.moves(state)[1].indices)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """What ``player`` (default: the seat to act) observes, as the default observer's
        flat list of floats.

        Raises:
            pyspiel.SpielError: not a seat of the game (chance or the end, by default).
        """
        node = self.node
        state = node.state
        if player is None:
            player = state.to_move
        if not 0 <= player < state.num_players:
            raise pyspiel.SpielError(f"player = {player}, num_players = {state.num_players}")
        return _as_list(node.codec.tensor_of(state, player))

    def _legal_actions(self, player: int) -> list[int]:
        # OpenSpiel asks at decisions only (it answers chance and the end itself), in
        # increasing order; the rules list them in theirs.
        node = self.node
        return sorted(node.codec.moves(node.state)[1].indices)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each outcome's number and probability, by number; none at the end.

        Raises:
            pyspiel.SpielError: a seat is to move, not chance.
        """
        node = self.node
        codec, state = node.codec, node.state
        if state.to_move >= 0:
            raise pyspiel.SpielError(
                f"chance_outcomes: not a chance node, player {state.to_move} is to move"
            )
        # The outcomes come in the order of the legal ones (the core lists both from the
        # game's chance hook), numbered once with them.
        indices = codec.moves(state)[1].indices
        probs = codec.game.chance_outcomes(state)
        # The core hands out the same tuple again while the game's outcome table is the
        # same (a die): its numbered list is then the one of before, copied.
        known = _CHANCE_LISTS.get(codec)
        if known is not None and known[0] is probs:
            return [*known[1]]
        listed = sorted(zip(indices, map(_second, probs), strict=True))
        _CHANCE_LISTS[codec] = (probs, listed)
        return [*listed]

    def _apply_action(self, action: int) -> None:
        node = self.node
        codec, state = node.codec, node.state
        # The move among the state's listed moves (listed once: `legal_actions` or
        # `chance_outcomes` listed them), as `Codec.action` finds it, without its calls.
        legal, menu = codec.moves(state)
        try:
            move = legal[menu.indices.index(action)]
        except ValueError:
            move = codec.action(state, action)  # refused, saying why
        self.node = _Node(codec, codec.game.step(state, move), node, state.to_move, action)

    def _action_to_string(self, player: int, action: int) -> str:
        codec = self.node.codec
        try:
            move = codec.encode.index_action(self.node.state, int(action))
        except ValueError:
            # Not legal here (OpenSpiel names the moves of a history from any state):
            # the number is all there is to say.
            return f"action {action}"
        label: str = codec.game.describe(move, self.node.state, "en")
        return label

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        to_move: int = self.node.state.to_move
        return to_move == TERMINAL

    def returns(self) -> list[float]:
        """The game's returns: +1 a win, -1 a loss, 1/k a win shared by k; zeros before."""
        return [float(r) for r in self.node.codec.game.returns(self.node.state)]

    def __str__(self) -> str:
        # The table as everyone sees it: a state's string must not tell hidden cards.
        text: str = self.node.codec.game.render(self.node.state, "en")
        return text


class Observer:
    """OpenSpiel's PyObserver: ``tensor``/``dict`` and ``set_from``, ``string_from``."""

    def __init__(self, codec: Codec, iig_obs_type: Any) -> None:
        self.codec = codec
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not self.perfect_recall:
            # A seat's whole history has no fixed size: the information state has a
            # string, not a tensor.
            self.tensor = np.zeros(int(np.prod(codec.observation_shape)), np.float32)
            self.dict = {"observation": self.tensor.reshape(codec.observation_shape)}

    def set_from(self, state: BoardGameState, player: int) -> None:
        """Writes what ``player`` observes of ``state`` into ``tensor``."""
        node = state.node
        seat = None if self.public else player
        # OpenSpiel's observation_tensor(player) sets the observer twice: for the state,
        # and (for the size, it seems) for the game's initial state. The last few
        # tensors are kept by node and seat (a node is compared by identity), the least
        # recently used dropped first.
        key = (node, seat)
        tensor = _TENSORS.pop(key, None)
        if tensor is None:
            if len(_TENSORS) >= 8:
                _TENSORS.pop(next(iter(_TENSORS)), None)  # the least recently used
            tensor = node.codec.observation(node.state, seat)
        _TENSORS[key] = tensor  # last in the order: the most recently used
        self.tensor[:] = tensor.reshape(-1)

    def string_from(self, state: BoardGameState, player: int) -> str:
        """What ``player`` observes (its information state with perfect recall)."""
        seat = None if self.public else player
        text = repr(self.codec.game.observe(state.node.state, seat))
        if self.perfect_recall:
            return f"{text}\nrecall {state.node.recall(player)}"
        return text


# The last tensors observers computed, by node and seat (see `Observer.set_from`).
_TENSORS: dict[tuple[_Node, int | None], Any] = {}


def register_openspiel(game_ids: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Registers games as OpenSpiel Python games, ``bgf_<game_id>``; again is harmless.

    Returns the names registered (or found registered), the games without an encode
    module left out.
    """
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in GAME_IDS if game_ids is None else game_ids:
        try:
            encode_module(game_id)
        except NotImplementedError:
            if game_ids is not None:
                raise
            continue
        name = short_name(game_id)
        if name not in registered:
            # OpenSpiel's registry keeps the creator until the process's C++ statics are
            # destroyed, after Python's end: a closure freed then aborts the process (no
            # GIL), while a class lives on in its own reference cycle, as Kuhn poker's does.
            cls = type(f"BoardGame_{game_id}", (BoardGame,), {"game_id": game_id})
            _CLASSES[game_id] = cls
            pyspiel.register_game(game_type(game_id), cls)
        names.append(name)
    return tuple(names)


_CLASSES: dict[str, type[BoardGame]] = {}
