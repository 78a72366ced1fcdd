"""Reinforcement learning: every game through PettingZoo, Gymnasium and OpenSpiel.

The adapters read a game only through its public API and its encode module
(`boardgames_fr.<game>.encode`: fixed move numbers, a legal mask, the observation as a
float32 tensor). They need the ``rl`` extra (``pip install "boardgames_fr[rl]"``:
pettingzoo, gymnasium, open_spiel); each is imported only when its function is called.

Example:
    >>> from boardgames_fr import rl
    >>> env = rl.pettingzoo_env("misere")
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
    ('player_0', (140,), 6)
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.registry import encode_module
from boardgames_fr.rl._codec import Codec, Menu

__all__ = [
    "Codec",
    "Menu",
    "encode_module",
    "gymnasium_env",
    "pettingzoo_env",
    "register_openspiel",
]


def pettingzoo_env(
    game_id: str,
    num_players: int = 2,
    options: Any = None,
    render_mode: str | None = None,
    lang: str = "en",
) -> Any:
    """A PettingZoo AEC environment of a game (`BoardGameAEC`): one agent per seat,
    observations ``{"observation": tensor, "action_mask": mask}``, the game's returns as
    rewards at the end, chance resolved by the state's RNG seeded by ``reset(seed=...)``.

    ``render_mode``: ``"ansi"`` (the text picture) or ``"svg"``, both the public view, in
    ``lang`` ("en" or "fr").

    Raises:
        ValueError: a player count, option or render mode the game does not allow.
        NotImplementedError: the game has no encode module yet.

    Example:
        >>> env = pettingzoo_env("misere", render_mode="ansi")
        >>> env.reset(seed=3)
        >>> mask = env.observe("player_0")["action_mask"]
        >>> env.step(int(mask.argmax()))
        >>> env.agent_selection, env.render().startswith("Misère")
        ('player_1', True)
    """
    from boardgames_fr.rl._pettingzoo import BoardGameAEC

    return BoardGameAEC(Codec(game_id, num_players, options), render_mode=render_mode, lang=lang)


def gymnasium_env(
    game_id: str,
    seat: int = 0,
    opponents: Any = "heuristic",
    num_players: int = 2,
    options: Any = None,
    render_mode: str | None = None,
    illegal_action: str = "lose",
    lang: str = "en",
) -> Any:
    """A Gymnasium environment of one seat of a game (`BoardGameEnv`) against bots.

    ``opponents``: an agent name of `boardgames_fr.agents.make_agent` ("heuristic",
    "random", "ismcts") or an agent (anything with ``act(observation, legal_actions)``)
    for every other seat, or a sequence of them, one per other seat in seat order. Named
    bots are seeded from ``reset(seed=...)``. The action space is ``Discrete``, the legal
    moves are ``info["action_mask"]``; an illegal move loses the episode (reward -1,
    ``info["illegal_action"]`` says why) or, with ``illegal_action="raise"``, raises.

    Example:
        >>> env = gymnasium_env("misere", opponents="random")
        >>> obs, info = env.reset(seed=1)
        >>> obs.shape, int(info["action_mask"].sum())
        ((140,), 6)
        >>> env.step(1)[1:4]  # move 1 is not legal now
        (-1.0, True, False)
    """
    from boardgames_fr.rl._gymnasium import BoardGameEnv

    return BoardGameEnv(
        Codec(game_id, num_players, options),
        seat,
        opponents,
        render_mode=render_mode,
        illegal_action=illegal_action,
        lang=lang,
    )


def register_openspiel(game_ids: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Registers every game (or those named) as an OpenSpiel Python game,
    ``bgf_<game_id>``, and returns the names; calling it again is harmless. A game
    without an encode module yet is left out (named in ``game_ids``: refused).

    Each has parameters ``players``, ``seed`` (the setup drawn outside chance nodes) and
    ``options`` (a JSON object of the game's options); chance nodes are explicit, with the
    game's probabilities; information states are strings with perfect recall, observations
    strings and tensors; states serialize through `bgf.dumps` / `bgf.loads`.

    Example:
        >>> import pyspiel
        >>> "bgf_misere" in register_openspiel()
        True
        >>> game = pyspiel.load_game("bgf_misere")
        >>> game.num_distinct_actions(), game.observation_tensor_shape()
        (75, [140])
    """
    from boardgames_fr.rl._openspiel import register_openspiel as register

    return register(game_ids)
