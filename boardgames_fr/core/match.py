"""`Match`: a game with its history, undo, and a replayable JSON log."""

from __future__ import annotations

import json
from types import UnionType
from typing import Any, Union, get_args, get_origin

from boardgames_fr.core.errors import IllegalActionError, InvalidStateError, excerpt
from boardgames_fr.core.game import _BY_ID, CHANCE_MODES, Game
from boardgames_fr.core.persist import (
    MAX_BYTES,
    action_from_json,
    action_to_json,
    check_size,
    check_version,
    parse_json,
)
from boardgames_fr.core.registry import get_game
from boardgames_fr.core.serial import _fields, absent_values, decode, encode

__all__ = ["Match"]


class Match:
    """A game in progress with its history: apply, undo, save and replay.

    `undo` takes back the last move, as the API contract says: what analysis tools and bots
    expect. A frontend for people creates its match with ``fair_undo=True``: `undo` then
    never takes back a move after which chance spoke in auto mode (a die rolled, a card
    drawn inside `step`), since the state's generator would deal the same again and the
    player would replay knowing what comes. `can_undo` says whether `undo` may be called.
    In explicit mode the table types in what chance gave, and an outcome typed in is
    taken back like any move (a typing mistake is one `undo` away).

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
        fair_undo: bool = False,
    ) -> None:
        self.game_id = game_id
        self.fair_undo = fair_undo
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
        fair_undo: bool = False,
    ) -> Match:
        """Start a match; arguments as the game's ``new_game``, and ``fair_undo`` (see
        `undo`)."""
        module = get_game(game_id)
        game: Game[Any, Any, Any] = _BY_ID[game_id]
        opts = game.make_options(options)
        n = game.info.default_players if num_players is None else num_players
        state = module.new_game(n, seed=seed, options=opts, chance=chance)
        return cls(game_id, n, seed, opts, chance, state, fair_undo)

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

    @property
    def can_undo(self) -> bool:
        """Whether `undo` would take back a move now: one has been played, and with
        ``fair_undo`` chance has not spoken since it (see `undo`).

        Example:
            >>> import boardgames_fr as bgf
            >>> m = bgf.Match.new("misere", num_players=2, seed=1, fair_undo=True)
            >>> m.can_undo
            False
            >>> _ = m.apply(m.legal_actions()[0])
            >>> m.can_undo
            True
        """
        return bool(self._actions) and not self._chance_spoke()

    def _chance_spoke(self) -> bool:
        """Whether the last move's `step` drew from the state's generator (auto mode: a die
        rolled or a card drawn after the move). The generator moves for nothing else."""
        if not self.fair_undo or self.state.explicit:
            return False
        return bool(self._states[-1].rng != self._states[-2].rng)

    def undo(self) -> Any:
        """Take back the last action and return it.

        Raises `IllegalActionError` (with `reason` in French or English, for the player)
        when there is nothing to take back, and, in a match created with ``fair_undo=True``
        in auto mode, when chance spoke after the last move: a die was rolled or a card
        drawn, and taking the move back would let the player play again knowing what
        chance gives (the state's generator would give the same). `can_undo` says
        beforehand. In explicit mode the table types in what chance gave, and an outcome
        typed in is taken back like any move (a typing mistake is one `undo` away).

        Example:
            >>> import boardgames_fr as bgf
            >>> m = bgf.Match.new("misere", num_players=2, seed=1)
            >>> try:
            ...     m.undo()
            ... except bgf.IllegalActionError as e:
            ...     print(e.reason("en"))
            nothing to take back: no move has been played
        """
        if not self._actions:
            raise IllegalActionError(
                "nothing to take back: no move has been played",
                "rien à annuler : aucun coup n'a été joué",
            )
        if self._chance_spoke():
            raise IllegalActionError(
                "this move can no longer be taken back: chance has spoken since (a die"
                " rolled or a card drawn), and the same would come again",
                "ce coup ne peut plus être annulé : le hasard a parlé depuis (un dé lancé ou"
                " une carte tirée), et il redonnerait la même chose",
            )
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
    def from_json(cls, text: str | bytes, *, max_bytes: int = MAX_BYTES) -> Match:
        """Replay a log from `to_json`, checking every step.

        Raises `InvalidStateError` naming the bad key (``"schema_version"``, checked as
        `loads` does; ``"num_players"``, an integer the game allows, never null) or the
        first action that does not replay (``"actions[3]"``). A log written under other
        rules (its ``"rules_version"``, absent before logs had one) can stop replaying
        where a rule changed: the error then says so. A text longer than ``max_bytes``
        bytes (`boardgames_fr.core.persist.MAX_BYTES` by default, many times the longest
        real log) is refused before it is parsed.
        """
        check_size(text, max_bytes, "a match log")
        doc = parse_json(text)
        if not isinstance(doc, dict):
            raise InvalidStateError("", "a match log must be a JSON object")
        game = check_version(doc)
        for key in ("num_players", "seed", "chance", "options", "actions"):
            if key not in doc:
                raise InvalidStateError(key, "missing")
        actions = doc["actions"]
        if not isinstance(actions, list):  # before any replay: a log that cannot be read
            raise InvalidStateError("actions", f"expected a list, got {excerpt(actions)}")
        version = doc["schema_version"]
        options = _options_dict(game.upgrade(doc["options"], version), game.options_cls)
        # An option added since the log was written: what the game was played with then.
        options = {**absent_values(game.options_cls, options), **options}
        _check_setup(game, doc, options)
        logged = doc.get("rules_version")
        if "rules_version" in doc and type(logged) is not int:  # absent in older logs, not null
            raise InvalidStateError("rules_version", f"expected an integer, got {excerpt(logged)}")
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
    n, seed, chance = doc["num_players"], doc["seed"], doc["chance"]
    # Every key for its type: `null` players once replayed with the game's default count.
    if type(n) is not int or n not in game.info.player_counts:
        raise InvalidStateError(
            "num_players",
            f"{game.info.name_en} is for {game.info.players_text()}, not {excerpt(n)}",
        )
    if type(seed) is not int:
        raise InvalidStateError("seed", f"expected an integer, got {excerpt(seed)}")
    if type(chance) is not str or chance not in CHANCE_MODES:
        raise InvalidStateError("chance", f"must be 'auto' or 'explicit', not {excerpt(chance)}")
    try:
        game.make_options(options)
    except ValueError as whole:
        # Name the option that is wrong on its own; options that only clash together
        # (checked after every field) are named as a whole.
        for key, value in options.items():
            try:
                game.make_options({key: value})
            except ValueError as e:
                raise InvalidStateError(f"options.{_key(key)}", str(e)) from None
        raise InvalidStateError("options", str(whole)) from None


def _key(key: str) -> str:
    """A key of the log as a path element: cut short like any value quoted."""
    return key if len(key) <= 40 else excerpt(key)


def _options_dict(value: Any, options_cls: type) -> dict[str, Any]:
    """The log's options as keyword arguments of ``options_cls``. JSON has no tuples: a
    list becomes one for a field that holds a tuple, as `loads` reads it. Any other value
    stays as written, so that a refusal shows it as the log has it (« not [1] », where a
    tuple made of every list once said « not (1,) »)."""
    if not isinstance(value, dict):
        raise InvalidStateError("options", f"expected an object, got {excerpt(value)}")
    sequences = {name: tp for name, tp, _, _ in _fields(options_cls) if _holds_tuple(tp)}
    return {
        k: decode(v, sequences[k], {}, f"options.{_key(k)}") if k in sequences else v
        for k, v in value.items()
    }


def _holds_tuple(tp: Any) -> bool:
    """Whether a field of type ``tp`` may hold a tuple (``tuple[int, ...]``, or in a union)."""
    origin = get_origin(tp)
    if origin is tuple:
        return True
    return origin in (Union, UnionType) and any(_holds_tuple(t) for t in get_args(tp))
