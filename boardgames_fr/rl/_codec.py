"""One game at one player count and options, as numbers: the adapters' common ground.

Everything here goes through the public API of a game (`bgf.get_game`) and its encode
module (`boardgames_fr.<game>.encode`), so the games' insides can change under it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core import CHANCE, get_game
from boardgames_fr.core.registry import encode_module

# dtype objects, given positionally: numpy reads them fastest.
_INT8 = np.dtype(np.int8)
_BOOL = np.dtype(np.bool_)


class Menu:
    """One set of legal moves (or chance outcomes) by number: what every adapter reads of
    a state's legal moves. The rules' action objects are not in it (the codec hands them
    out beside it, ``(legal, menu)``), so a menu may serve every state with the same
    numbers: read it, do not change it.

    A menu is made shown (the environments' path): with the numbers' sorted list and int8
    mask, which the environments read as attributes at every step (a call each step costs
    more); or, with ``shown=False``, with its numbers only (OpenSpiel's path: the numbers,
    and a number's place among them). A menu not shown has neither attribute until `show`
    makes them (`int8` and `bools` show it): OpenSpiel never reads a mask, and a mask of
    D'Orge et de Blé's thousands of numbers costs more than the rest of the menu.

    Attributes:
        indices: the numbers, in the rules' order of the legal moves.
        size: the numbering's size, the masks' length.
        legal_moves: the same numbers in increasing order (the environments hand out
            copies); once shown.
        mask: the read-only int8 mask; once shown.

    Example:
        >>> m = Menu((4, 0, 2), 5)
        >>> m.legal_moves, m.mask.tolist()
        ([0, 2, 4], [1, 0, 1, 0, 1])
        >>> plain = Menu((4, 0, 2), 5, shown=False)
        >>> hasattr(plain, "legal_moves"), hasattr(plain, "mask")
        (False, False)
        >>> plain.bools().tolist(), plain.legal_moves
        ([True, False, True, False, True], [0, 2, 4])
    """

    __slots__ = ("indices", "legal_moves", "mask", "size")
    legal_moves: list[int]
    mask: npt.NDArray[np.int8]

    def __init__(self, indices: Sequence[int], size: int, shown: bool = True) -> None:
        # No table from number to place: a search of the few numbers (`indices.index`, in
        # C) costs less than building one.
        self.indices = indices
        self.size = size
        if shown:
            # Made here, not by a call to `show`: the environments make a menu at many
            # steps of a game with thousands of sets (D'Orge et de Blé), one call each.
            self.legal_moves = sorted(indices)
            # A bytearray filled in Python and seen by numpy without a copy: cheaper than
            # numpy's fancy indexing for a handful of numbers.
            flags = bytearray(size)
            for i in indices:
                flags[i] = 1
            mask = np.frombuffer(flags, _INT8)
            mask.flags.writeable = False
            self.mask = mask

    def show(self) -> Menu:
        """The menu, shown: its sorted numbers and int8 mask made (once) and kept."""
        if not hasattr(self, "mask"):
            shown = Menu(self.indices, self.size)
            self.legal_moves, self.mask = shown.legal_moves, shown.mask
        return self

    def int8(self) -> npt.NDArray[np.int8]:
        """The int8 mask, 1 at each legal number (read-only, made once)."""
        return self.show().mask

    def bools(self) -> npt.NDArray[np.bool_]:
        """The bool mask, True at each legal number: the int8 mask's bytes seen as bools
        (read-only, as the mask)."""
        return self.int8().view(_BOOL)


class Codec:
    """A game, a player count and options with their fixed numbering and shapes.

    Attributes:
        game_id: the registry's id.
        game: the game module (`bgf.get_game(game_id)`).
        encode: its encode module.
        num_players: seats.
        options: the game's `Options` value (a dict or None given is made one by the game).
        num_actions: moves numbered (`encode.num_actions`).
        num_chance_outcomes: chance outcomes numbered.
        observation_shape: the shape of an observation tensor.

    Example:
        >>> c = Codec("misere", 2, None)
        >>> c.num_actions, c.observation_shape
        (75, (140,))
    """

    def __init__(self, game_id: str, num_players: int, options: Any) -> None:
        self.game_id = game_id
        self.game: Any = get_game(game_id)
        self.encode: Any = encode_module(game_id)
        # A fresh game checks the player count and the options with the game's own
        # refusals, and gives the options as the game's value whatever form they came in.
        probe = self.game.new_game(num_players, seed=0, options=options)
        self.num_players = num_players
        self.options: Any = probe.options
        self.num_actions: int = self.encode.num_actions(num_players, self.options)
        self.num_chance_outcomes: int = self.encode.num_chance_outcomes(num_players, self.options)
        self.observation_shape: tuple[int, ...] = tuple(
            self.encode.observation_shape(num_players, self.options)
        )
        # Bound once: these run at every step of every environment.
        self._observe = self.game.observe
        self._tensor = self.encode.observation_tensor
        # The fast path from the state, where the game has one: the same numbers as the
        # observation's tensor without building the observation.
        self._state_tensor: Any = getattr(self.encode, "state_tensor", None)
        self.tensor_of: Callable[[Any, int | None], npt.NDArray[np.float32]] = (
            self._state_tensor or self.observation
        )
        """`observation` as one call: the game's own ``state_tensor`` where it has one
        (the environments call it at every step)."""
        self._indices = self.encode.legal_indices
        self._legal = self.game.legal_actions
        self._chance_size = max(self.num_chance_outcomes, 1)
        # OpenSpiel's path (`moves`): one state's legal moves with their `Menu`, listed
        # once (asked for their numbers, then stepped), whose mask is made only if asked.
        self._last: tuple[Any, tuple[Sequence[Any], Menu] | None] = (None, None)
        # The last chance node's outcomes with their `Menu`, by the identity of the core's
        # tuple of outcomes (kept in the pair, so its id is not reused meanwhile).
        self._chance_moves: tuple[Sequence[Any], Menu] | None = None
        # The environments' path (`decision`): the menus they show, by the legal numbers
        # in the rules' order. The same few sets come back step after step, each made once
        # (with its mask) and shared, so they are read-only. Up to about 2 MB of masks are
        # kept; past that a menu is made each time (a game with thousands of sets, such as
        # D'Orge's, would only churn the memo).
        self._menus: dict[tuple[int, ...], Menu] = {}
        self._mask_keep = max(256, 2**21 // max(self.num_actions, 1))
        # The menu of a tuple of legal actions, by the tuple's identity: the rules hand out
        # the same tuple again for many positions (about half of Fromage's, Lactorama's and
        # Misère's decisions), and then its numbers need not be worked out again. Each
        # tuple is kept in its entry, so no other object can take its id while the entry
        # lives; when full, the memo is swept (`_sweep`).
        self._by_legal: dict[int, tuple[Sequence[Any], Menu]] = {}
        self._legal_keep = 1024
        self._legal_hits = 0  # lookups that found their tuple since the memo started afresh
        zeros = np.zeros(self.num_actions, np.int8)
        zeros.flags.writeable = False
        self.no_moves: npt.NDArray[np.int8] = zeros
        """The all-zero int8 mask of a seat not to act (read-only, shared)."""

    def new_game(self, seed: int, explicit: bool = False) -> Any:
        """A fresh game of these seats and options."""
        return self.game.new_game(
            self.num_players,
            seed=seed,
            options=self.options,
            chance="explicit" if explicit else "auto",
        )

    def observation(self, state: Any, seat: int | None) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state`` (None: the public view), as the game's tensor."""
        fast = self._state_tensor
        if fast is not None:
            tensor: npt.NDArray[np.float32] = fast(state, seat)
        else:
            tensor = self._tensor(self._observe(state, seat))
        return tensor

    def moves(self, state: Any) -> tuple[Sequence[Any], Menu]:
        """The legal moves (or chance outcomes) of ``state``, any node, and their `Menu`:
        listed once per state (the last state's are kept), whatever asks first, the
        numbers or the step. A decision's menu is its own, its mask made only if asked
        (OpenSpiel's path: `decision` is the environments')."""
        last = self._last  # one read of the pair, as threads may replace it
        if last[0] is state and last[1] is not None:
            return last[1]
        legal = self._legal(state)
        if state.to_move == CHANCE:
            # The core hands out the same tuple of outcomes again while the game's table
            # is the same (a die, an unchanged deck): its numbers are those of before (an
            # outcome's number depends only on the outcome).
            known = self._chance_moves  # one read, as threads may replace it
            if known is not None and known[0] is legal:
                moves = known
            else:
                menu = Menu(self._indices(state), self._chance_size, False)
                moves = self._chance_moves = (legal, menu)
        else:
            moves = (legal, Menu(self._indices(state), self.num_actions, False))
        self._last = (state, moves)
        return moves

    def decision(self, state: Any) -> tuple[Sequence[Any], Menu]:
        """The legal moves of ``state``, a decision (a seat to move, not chance), and
        their `Menu`, shown (its sorted numbers and int8 mask made): what the
        environments show and step with.

        The numbers of a tuple of legal moves that the rules handed out before are not
        worked out again (a move's number depends only on the move, for a codec's seats
        and options); each distinct set of numbers has one `Menu` (read-only, shared).
        """
        legal = self._legal(state)
        by_legal = self._by_legal
        hit = by_legal.get(id(legal))
        if hit is not None and hit[0] is legal:
            self._legal_hits += 1
            return hit
        key = tuple(self._indices(state))
        menu = self._menus.get(key)
        if menu is None:
            menu = Menu(key, self.num_actions)
            if len(self._menus) < self._mask_keep:
                self._menus[key] = menu
        entry = (legal, menu)
        keep = self._legal_keep
        if keep:
            if len(by_legal) >= keep:
                self._sweep()
            if self._legal_keep:
                self._by_legal[id(legal)] = entry
        return entry

    def _sweep(self) -> None:
        """Empties the full memo of legal tuples. Where fewer than one in eight of its
        lookups found their tuple since it last started, the rules build a new tuple for
        nearly every position (D'Orge et de Blé, Little Factory): the memo would only keep
        garbage alive, at a cost, so it is given up for this codec."""
        if self._legal_hits * 8 < len(self._by_legal):
            self._legal_keep = 0
        self._legal_hits = 0
        self._by_legal = {}

    def mask8(self, state: Any) -> npt.NDArray[np.int8]:
        """The legal moves of a decision of ``state`` as the int8 mask PettingZoo and
        Gymnasium sample from (``Discrete.sample(mask)``): read-only, shared by every
        state with the same legal numbers."""
        return self.decision(state)[1].int8()

    def legal_mask(self, state: Any) -> npt.NDArray[np.bool_]:
        """The legal moves (or chance outcomes) of ``state`` by index: read-only, made
        once per state (its menu's mask)."""
        return self.moves(state)[1].bools()

    def action(self, state: Any, index: int) -> Any:
        """The legal move (or chance outcome) numbered ``index``: the rules' own object
        (``step`` finds it by identity).

        Raises:
            ValueError: no legal move of ``state`` has that number, saying why.
        """
        legal, menu = self.moves(state)
        try:
            return legal[menu.indices.index(index)]
        except ValueError:
            # The encode module's refusal says which move the number is and why it is
            # not legal now.
            self.encode.index_action(state, index)
            raise ValueError(f"index {index} is not a legal move now") from None
