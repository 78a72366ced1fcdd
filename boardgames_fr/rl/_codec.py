"""One game at one player count and options, as numbers: the adapters' common ground.

Everything here goes through the public API of a game (`bgf.get_game`) and its encode
module (`boardgames_fr.<game>.encode`), so the games' insides can change under it.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from boardgames_fr.core import get_game


def encode_module(game_id: str) -> ModuleType:
    """The game's encode module (`boardgames_fr.<game>.encode`).

    Raises:
        NotImplementedError: the game has no encode module (yet), naming the module.
    """
    # `get_game` types the module by its public functions; its name is the package's.
    module: ModuleType = get_game(game_id)  # type: ignore[assignment]
    name = module.__name__ + ".encode"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        # Only the missing module itself: an import error inside it must surface as is.
        if e.name != name:
            raise
        raise NotImplementedError(
            f"{game_id} has no numeric encoding yet: the module {name} is missing"
        ) from None


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
        self._mask = self.encode.legal_mask

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
        tensor: npt.NDArray[np.float32] = self._tensor(self._observe(state, seat))
        return tensor

    def legal_mask(self, state: Any) -> npt.NDArray[np.bool_]:
        """The legal moves (or chance outcomes) of ``state`` by index."""
        mask: npt.NDArray[np.bool_] = self._mask(state)
        return mask
