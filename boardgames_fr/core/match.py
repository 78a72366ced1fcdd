"""`Match`: a game with its history, undo, and a replayable JSON log."""

from __future__ import annotations

import json
from types import UnionType
from typing import Any, Union, get_args, get_origin

from boardgames_fr.core.errors import IllegalActionError, InvalidStateError
from boardgames_fr.core.game import _BY_ID, CHANCE_MODES, Game
from boardgames_fr.core.persist import action_from_json, action_to_json, check_version, parse_json
from boardgames_fr.core.registry import get_game
from boardgames_fr.core.serial import _fields, absent_values, decode, encode

__all__ = ["Match"]


class Match:
    """A game in progress with its history: apply, undo, save and replay.

    Example:
        >>> import boardgames_fr as bgf
        >>> m = bgf.Match.new("fromage", num_players=2, seed=1)
        >>> first = m.state
        >>> m.apply(m.legal_actions()[0]) is m.state
        True
        >>> m.undo() is not None and m.state == first
        True
        >>> bgf.Match.from_json(m.to_json()).state == m.state
        True
    """

    def __init__(
        self,
        game_id: str,
        num_players: int,
        seed: int,
        options: Any,
        chance: str,
        state: Any,
    ) -> None:
        self.game_id = game_id
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.chance = chance
        self._game: Game[Any, Any, Any] = _BY_ID[game_id]
        self._states: list[Any] = [state]
        self._actions: list[Any] = []

    @classmethod
    def new(
        cls,
        game_id: str,
        num_players: int | None = None,
        *,
        seed: int,
        options: Any = None,
        chance: str = "auto",
    ) -> Match:
        """Start a match; arguments as the game's ``new_game``."""
        module = get_game(game_id)
        game: Game[Any, Any, Any] = _BY_ID[game_id]
        opts = game.make_options(options)
        n = game.info.default_players if num_players is None else num_players
        state = module.new_game(n, seed=seed, options=opts, chance=chance)
        return cls(game_id, n, seed, opts, chance, state)

    @property
    def state(self) -> Any:
        """The current state."""
        return self._states[-1]

    @property
    def history(self) -> tuple[Any, ...]:
        """The actions applied so far (chance outcomes included in explicit mode)."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[Any, ...]:
        """Every state from the start to now."""
        return tuple(self._states)

    def legal_actions(self) -> tuple[Any, ...]:
        """The legal actions now."""
        return self._game.legal_actions(self.state)

    def apply(self, action: Any) -> Any:
        """Play ``action``; returns the new state. Raises `IllegalActionError`."""
        new = self._game.step(self.state, action)  # refuses an action not legal now
        # `step` plays the game's own object for an action equal by value (DieRoll(4.0),
        # BuyCows(loan=0)): the log records that one too, so that it replays (`from_json`).
        legal = self._game.legal_actions(self._states[-1])
        action = legal[legal.index(action)]
        self._states.append(new)
        self._actions.append(action)
        return new

    def undo(self) -> Any:
        """Take back the last action and return it (None at the start)."""
        if not self._actions:
            return None
        self._states.pop()
        return self._actions.pop()

    def to_json(self) -> str:
        """Seed, options and actions: enough to replay the match."""
        doc = {
            "game": self.game_id,
            "schema_version": self._game.info.schema_version,
            "rules_version": self._game.info.rules_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "chance": self.chance,
            "options": {k: v for k, v in encode(self.options).items() if k != "@"},
            "actions": [action_to_json(a) for a in self._actions],
        }
        return json.dumps(doc, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Replay a log from `to_json`, checking every step.

        Raises `InvalidStateError` naming the bad key (``"schema_version"``, checked as
        `loads` does) or the first action that does not replay (``"actions[3]"``). A log
        written under other rules (its ``"rules_version"``, absent before logs had one)
        can stop replaying where a rule changed: the error then says so.
        """
        doc = parse_json(text)
        if not isinstance(doc, dict):
            raise InvalidStateError("", "a match log must be a JSON object")
        game = check_version(doc)
        for key in ("num_players", "seed", "chance", "options", "actions"):
            if key not in doc:
                raise InvalidStateError(key, "missing")
        version = doc["schema_version"]
        options = _options_dict(game.upgrade(doc["options"], version), game.options_cls)
        # An option added since the log was written: what the game was played with then.
        options = {**absent_values(game.options_cls, options), **options}
        _check_setup(game, doc, options)
        logged = doc.get("rules_version")
        if logged is not None and type(logged) is not int:
            raise InvalidStateError("rules_version", f"expected an integer, got {logged!r}")
        try:
            match = cls.new(
                doc["game"],
                doc["num_players"],
                seed=doc["seed"],
                options=options,
                chance=doc["chance"],
            )
        except ValueError as e:
            if isinstance(e, InvalidStateError):
                raise
            raise InvalidStateError("", str(e)) from None
        actions = doc["actions"]
        if not isinstance(actions, list):
            raise InvalidStateError("actions", "expected a list")
        for i, data in enumerate(actions):
            action = action_from_json(match.game_id, data, f"actions[{i}]", version)
            try:
                match.apply(action)
            except IllegalActionError as e:
                why = f"does not replay: {e}{_other_rules(game, logged)}"
                raise InvalidStateError(f"actions[{i}]", why) from None
        return match


def _other_rules(game: Game[Any, Any, Any], logged: int | None) -> str:
    """Why a log may no longer replay: written under other rules than these, or ""."""
    now, name = game.info.rules_version, game.info.name_en
    if logged == now:
        return ""
    if logged is None:
        return (
            f" (the log records no rules version: it was written before version {now} of"
            f" the rules of {name}, and a rule may have changed since)"
        )
    return (
        f" (the log was written under version {logged} of the rules of {name}; this"
        f" library plays version {now}: a rule has changed since)"
    )


def _check_setup(game: Game[Any, Any, Any], doc: dict[str, Any], options: dict[str, Any]) -> None:
    """Refuse a log's player count, seed, chance mode or option as `new_game` would, but
    as `InvalidStateError` naming the key (``"seed"``, ``"options.mice"``), as for a save."""
    n, seed = doc["num_players"], doc["seed"]
    if n is not None and (type(n) is not int or n not in game.info.player_counts):
        raise InvalidStateError(
            "num_players", f"{game.info.name_en} is for {game.info.players_text()}, not {n!r}"
        )
    if type(seed) is not int:
        raise InvalidStateError("seed", f"expected an integer, got {seed!r}")
    if doc["chance"] not in CHANCE_MODES:
        raise InvalidStateError("chance", f"must be 'auto' or 'explicit', not {doc['chance']!r}")
    try:
        game.make_options(options)
    except ValueError as whole:
        # Name the option that is wrong on its own; options that only clash together
        # (checked after every field) are named as a whole.
        for key, value in options.items():
            try:
                game.make_options({key: value})
            except ValueError as e:
                raise InvalidStateError(f"options.{key}", str(e)) from None
        raise InvalidStateError("options", str(whole)) from None


def _options_dict(value: Any, options_cls: type) -> dict[str, Any]:
    """The log's options as keyword arguments of ``options_cls``. JSON has no tuples: a
    list becomes one for a field that holds a tuple, as `loads` reads it. Any other value
    stays as written, so that a refusal shows it as the log has it (« not [1] », where a
    tuple made of every list once said « not (1,) »)."""
    if not isinstance(value, dict):
        raise InvalidStateError("options", "expected an object")
    sequences = {name: tp for name, tp, _, _ in _fields(options_cls) if _holds_tuple(tp)}
    return {
        k: decode(v, sequences[k], {}, f"options.{k}") if k in sequences else v
        for k, v in value.items()
    }


def _holds_tuple(tp: Any) -> bool:
    """Whether a field of type ``tp`` may hold a tuple (``tuple[int, ...]``, or in a union)."""
    origin = get_origin(tp)
    if origin is tuple:
        return True
    return origin in (Union, UnionType) and any(_holds_tuple(t) for t in get_args(tp))
