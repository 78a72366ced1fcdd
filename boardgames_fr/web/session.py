"""The games a server holds and what each screen may see of them, without HTTP.

A `Session` is one game: a `Match` (history, undo, the JSON log), who sits at each seat (a
person at the screen that created it, a person elsewhere with a secret link, or a bot), the
move log in words, and the redo stack. `Session.view` builds what one screen receives; it
reads the state only through the public API (`observe`, `render(seat=...)`, the public
`render_svg`, `legal_actions` of the seat that is to move), so two states that differ only
in what that screen may not see give the same view. `Store` holds the sessions with a cap
and an idle expiry.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import attrs

import boardgames_fr as bgf
from boardgames_fr.agents import AGENT_NAMES, Agent, make_agent
from boardgames_fr.web.texts import LANGS, say

__all__ = [
    "SEAT_KINDS",
    "Refusal",
    "Replay",
    "Session",
    "Store",
    "game_list",
    "new_session",
    "options_form",
]

SEAT_KINDS = ("here", "remote", "bot")
"""Who sits at a seat: a person at the creating screen, a person elsewhere, or a bot."""

_GROUP_OVER = 8  # more actions than this: the page shows them in groups


class Refusal(Exception):
    """A request the server refuses: an HTTP status and the reason in both languages."""

    def __init__(self, status: int, fr: str, en: str) -> None:
        super().__init__(en)
        self.status = status
        self.texts = {"fr": fr, "en": en}

    @classmethod
    def of(cls, status: int, key: str, **values: object) -> Refusal:
        """A refusal from the sentences of `texts`."""
        return cls(status, say("fr", key, **values), say("en", key, **values))

    def reason(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.texts["en" if lang == "en" else "fr"]


def _module(game_id: Any) -> Any:
    if not isinstance(game_id, str) or game_id not in bgf.GAME_IDS:
        raise Refusal.of(404, "unknown_game", game=game_id, known=", ".join(bgf.GAME_IDS))
    return bgf.get_game(game_id)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _help_of(options_cls: type) -> dict[str, str]:
    """Each option's help from the ``Attributes:`` section of the class docstring."""
    doc = options_cls.__doc__ or ""
    found: dict[str, str] = {}
    inside, last = False, ""
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped == "Attributes:":
            inside = True
            continue
        if not inside:
            continue
        if not stripped or (stripped.endswith(":") and " " not in stripped):
            if found:
                break
            continue
        name, sep, text = stripped.partition(":")
        if sep and name.isidentifier() and line.startswith(" " * 8) and not line[8:9].isspace():
            found[name], last = text.strip(), name
        elif last:
            found[last] += " " + stripped
    return found


def options_form(module: Any) -> list[dict[str, Any]]:
    """The fields of a game's `Options` for a form: name, default, kind and allowed values,
    and the docstring's help (English: the library documents its options in English)."""
    cls = module.Options
    helps = _help_of(cls)
    form: list[dict[str, Any]] = []
    for f in attrs.fields(cls):
        default = f.default
        entry: dict[str, Any] = {"name": f.name, "default": default, "help": helps.get(f.name, "")}
        validator = f.validator
        choices = getattr(validator, "choices", None)
        if isinstance(default, bool):
            entry["kind"] = "bool"
        elif choices is not None:
            entry["kind"] = "choice"
            entry["choices"] = list(choices)
        elif isinstance(default, int):
            entry["kind"] = "int"
            lo, hi = getattr(validator, "lo", None), getattr(validator, "hi", None)
            entry["min"], entry["max"] = lo, hi
        else:
            entry["kind"] = "text"
        form.append(entry)
    return form


def game_list(lang: str) -> list[dict[str, Any]]:
    """Every game with its player counts, options and bots, for the start page."""
    out = []
    for game_id in bgf.GAME_IDS:
        module = bgf.get_game(game_id)
        info = module.GAME_INFO
        fr = lang == "fr"
        out.append(
            {
                "id": game_id,
                "name": info.name_fr if fr else info.name_en,
                "summary": info.summary_fr if fr else info.summary_en,
                "players": list(info.player_counts),
                "players_text": info.players_text(lang),
                "default_players": info.default_players,
                "chance": info.chance,
                "hidden_information": info.hidden_information,
                "bots": list(AGENT_NAMES),
                "options": options_form(module),
            }
        )
    return out


@dataclass
class Seat:
    """Who plays a seat, and the secret that a remote seat's link carries."""

    kind: str
    bot: str = ""
    key: str = ""


@dataclass
class Entry:
    """A line of the move log: who acted, the label in both languages, and which viewers
    may read the label (the others read that a move they cannot see was played)."""

    actor: int
    labels: dict[str, str]
    seen_by: frozenset[int | None]
    face_down: bool = False


def _public_key() -> str:
    return secrets.token_urlsafe(24)


@dataclass
class Session:
    """One game held by the server."""

    id: str
    match: Any
    seats: list[Seat]
    host_key: str
    pause: float
    clock: Callable[[], float] = time.monotonic
    log: list[Entry] = field(default_factory=list)
    redo_stack: list[tuple[str, list[Any]]] = field(default_factory=list)
    version: int = 0
    last_move_at: float = 0.0
    touched: float = 0.0
    agents: dict[int, Agent] = field(default_factory=dict)
    _names: dict[tuple[int, str], str] = field(default_factory=dict)
    _views: dict[tuple[int, int, str, int | None], dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.module = bgf.get_game(self.match.game_id)
        self.game = self.module.GAME
        for seat, s in enumerate(self.seats):
            if s.kind == "bot":
                self.agents[seat] = make_agent(self.match.game_id, s.bot, seed=seat + 1)
        self.last_move_at = self.touched = self.clock()

    # --- who is asking -------------------------------------------------------------

    def role(self, key: str) -> int:
        """-1 for the host's key, the seat of a remote seat's key; a wrong key is refused.
        Keys are compared in constant time (`secrets.compare_digest`)."""
        if isinstance(key, str) and key:
            if secrets.compare_digest(key, self.host_key):
                return -1
            for seat, s in enumerate(self.seats):
                if s.kind == "remote" and secrets.compare_digest(key, s.key):
                    return seat
        raise Refusal.of(403, "bad_key")

    def local_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "here"]

    def controls(self, role: int, seat: int) -> bool:
        """Whether the screen of ``role`` plays for ``seat`` (the host: the local seats
        and, in explicit chance mode, the table's dice and cards)."""
        if role == -1:
            return seat == bgf.CHANCE or (seat >= 0 and self.seats[seat].kind == "here")
        return role == seat

    def viewer(self, role: int, asked: int | None) -> tuple[int | None, int | None]:
        """Whose eyes a screen looks through, and the local seat the device must be passed
        to first (None when no hand-over is due).

        A remote screen sees its seat. The host's screen sees its only local seat; with
        several people at one screen and a game that hides something, it sees the public
        table until the person whose turn it is says they hold the device (``asked``).
        """
        if role >= 0:
            return role, None
        local = self.local_seats()
        state = self.match.state
        to_move = self.game.current_player(state)
        if not local:
            return None, None
        if len(local) == 1:
            return local[0], None
        if not self.module.GAME_INFO.hidden_information:
            return (to_move if to_move in local else None), None
        if to_move in local:
            return (to_move, None) if asked == to_move else (None, to_move)
        return None, None

    # --- bots ----------------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots play every move whose pause has passed since the last move."""
        for _ in range(10_000):
            state = self.match.state
            seat = self.game.current_player(state)
            if seat < 0 or self.seats[seat].kind != "bot":
                return
            now = self.clock()
            if now - self.last_move_at < self.pause:
                return
            legal = self.game.legal_actions(state)
            action = self.agents[seat].act(self.game.observe(state, seat), legal)
            self._apply(action)
            self.redo_stack.clear()

    def bot_due(self) -> float | None:
        """Seconds until a bot plays, or None when no bot is to play."""
        seat = self.game.current_player(self.match.state)
        if seat < 0 or self.seats[seat].kind != "bot":
            return None
        return max(0.0, self.pause - (self.clock() - self.last_move_at))

    # --- moves ---------------------------------------------------------------------

    def _apply(self, action: Any, *, drawn: bool = False) -> None:
        state = self.match.state
        actor = self.game.current_player(state)
        labels = {lang: self.game.describe(action, state, lang) for lang in LANGS}
        self.match.apply(action)
        seen = self._seen_by(state, action, actor)
        self.log.append(Entry(actor, labels, seen, face_down=drawn))
        self.version += 1
        self.last_move_at = self.clock()

    def _seen_by(self, state: Any, action: Any, actor: int) -> frozenset[int | None]:
        """The viewers who can tell which move was played: some other move would have left
        them another observation (a card for their own hand or the table, not a card for
        another's hidden hand). Where nothing is hidden, everyone."""
        n = state.num_players
        everyone: frozenset[int | None] = frozenset((None, *range(n)))
        if not self.module.GAME_INFO.hidden_information:
            return everyone
        game = self.game
        after = game.step(state, action)
        if actor == bgf.CHANCE:
            others = [o for o, _ in game.chance_outcomes(state) if o != action]
        else:
            others = [a for a in game.legal_actions(state) if a != action]
        seen: set[int | None] = {actor} if actor >= 0 else set()
        viewers: tuple[int | None, ...] = (None, *range(n))
        mine = {v: game.observe(after, v) for v in viewers}
        for other in others:
            if len(seen) == len(viewers):
                break
            then = game.step(state, other)
            seen.update(v for v in viewers if v not in seen and game.observe(then, v) != mine[v])
        return frozenset(seen)

    def act(self, role: int, version: Any, data: Any) -> None:
        """Play the move ``data`` (an action as JSON, or ``{"draw": true}`` at a chance node
        to let the computer draw) for the screen of ``role``."""
        if version != self.version:
            raise Refusal.of(409, "stale")
        state = self.match.state
        seat = self.game.current_player(state)
        if seat == bgf.TERMINAL:
            raise Refusal.of(409, "over")
        if not self.controls(role, seat):
            raise Refusal.of(409, "not_your_turn")
        drawn = False
        if seat == bgf.CHANCE and isinstance(data, dict) and data.get("draw") is True:
            action, drawn = bgf.sample_chance(state), True
        else:
            try:
                action = bgf.action_from_json(self.match.game_id, data)
            except bgf.InvalidStateError as e:
                fr, en = say("fr", "bad_action", why=e), say("en", "bad_action", why=e)
                raise Refusal(400, fr, en) from None
            menu = self.menu(state)
            if action not in menu:
                raise Refusal.of(400, "not_in_menu")
        try:
            self._apply(action, drawn=drawn)
        except bgf.IllegalActionError as e:  # a card of a secret draw that is not in the deck
            raise Refusal(400, e.reason("fr"), e.reason("en")) from None
        self.redo_stack.clear()

    def menu(self, state: Any) -> tuple[Any, ...]:
        """The moves offered now: the legal actions, or at a chance node the table's menu
        (`table_outcomes`: every card a secret draw can give, never what is left)."""
        if self.game.current_player(state) == bgf.CHANCE:
            return tuple(self.game.table_outcomes(state))
        return tuple(self.game.legal_actions(state))

    def undo(self, role: int) -> None:
        """Take back the last move of the screen of ``role`` and the bots' moves after it.

        Refused when another person has played since, or (auto chance mode) when a die or
        card was revealed since: the same RNG would deal it again, so taking the move back
        would only let the person choose again knowing it. In explicit mode the table typed
        the dice in, so a mistyped die is taken back like a move.
        """
        last = self._check_undo(role)
        history = self.match.history
        group = list(history[last:])
        for _ in group:
            try:
                self.match.undo()
            except bgf.IllegalActionError as e:  # the library's own guard, in its words
                raise Refusal(409, e.reason("fr"), e.reason("en")) from None
            self.log.pop()
        self.redo_stack.append((str(role), group))
        self.version += 1
        self.last_move_at = self.clock()

    def redo(self, role: int) -> None:
        """Play again what the same screen's last undo took back."""
        if not self.redo_stack or self.redo_stack[-1][0] != str(role):
            raise Refusal.of(409, "nothing_to_redo")
        _, group = self.redo_stack.pop()
        for action in group:
            self._apply(action)

    # --- what a screen sees ----------------------------------------------------------

    def name(self, seat: int, lang: str) -> str:
        """A seat as the game's pictures name it (« Le joueur bleu »), or the table's chance."""
        key = (seat, lang)
        if key not in self._names:  # asked for every line of the log at every request
            if seat == bgf.CHANCE:
                self._names[key] = say(lang, "chance")
            else:
                self._names[key] = _capital(str(self.module.player_name(seat, lang)))
        return self._names[key]

    def view(self, role: int, lang: str, asked: int | None = None) -> dict[str, Any]:
        """What the screen of ``role`` receives: the public picture, the text of its seat,
        its menu when it is to play, the log as it may read it, the result at the end."""
        # A waiting page asks every second: the same version gives the same view, but for
        # the time until the next bot move.
        key = (self.version, role, lang, asked)
        cached = self._views.get(key)
        if cached is None:
            cached = self._views[key] = self._view(role, lang, asked)
            if len(self._views) > 32:
                del self._views[next(iter(self._views))]
        return {**cached, "bot_in": self.bot_due()}

    def _view(self, role: int, lang: str, asked: int | None) -> dict[str, Any]:
        game, state = self.game, self.match.state
        viewer, handover = self.viewer(role, asked)
        to_move = game.current_player(state)
        over = to_move == bgf.TERMINAL
        mine = (not over and viewer == to_move) or (to_move == bgf.CHANCE and role == -1)
        actions: list[dict[str, Any]] = []
        secret = False
        if mine and handover is None:
            menu = self.menu(state)
            labels = [game.describe(a, state, lang) for a in menu]
            groups = _groups(menu, labels)
            actions = [
                {"label": label, "action": bgf.action_to_json(a), "group": g}
                for a, label, g in zip(menu, labels, groups, strict=True)
            ]
            secret = to_move == bgf.CHANCE and bool(game.secret_chance(state))
        n = state.num_players
        info = self.module.GAME_INFO
        view: dict[str, Any] = {
            "game": self.match.game_id,
            "name": info.name_fr if lang == "fr" else info.name_en,
            "version": self.version,
            "lang": lang,
            "role": "host" if role == -1 else "seat",
            "viewer": viewer,
            "viewer_name": None if viewer is None else self.name(viewer, lang),
            "to_move": to_move,
            "to_move_name": None if over else self.name(to_move, lang),
            "your_turn": bool(actions),
            "handover": handover,
            "handover_name": None if handover is None else self.name(handover, lang),
            "chance_mode": self.match.chance,
            "secret_draw": secret,
            "svg": self.module.render_svg(state, lang),
            "text": game.render(state, lang, seat=viewer),
            "actions": actions,
            "log": self._log_view(viewer, role, lang),
            "seats": [
                {"name": self.name(i, lang), "kind": s.kind, "bot": s.bot}
                for i, s in enumerate(self.seats)
            ],
            "over": over,
            "winners": [self.name(w, lang) for w in game.winners(state)] if over else [],
            "scores": [_score(v) for v in game.scores(state)] if over else [],
            "can_undo": self._can_undo(role),
            "can_redo": bool(self.redo_stack) and self.redo_stack[-1][0] == str(role),
            "can_save": role == -1
            and (over or not self.module.GAME_INFO.hidden_information or not self._remote()),
            "bot_in": None,
            "players": n,
        }
        return view

    def _remote(self) -> bool:
        return any(s.kind == "remote" for s in self.seats)

    def _can_undo(self, role: int) -> bool:
        try:
            self._check_undo(role)
        except Refusal:
            return False
        return True

    def _check_undo(self, role: int) -> int:
        """Where `undo` would take the game back to (the index of the screen's last
        move), or the refusal; changes nothing (the undo button's state)."""
        states = self.match.states
        actors = [e.actor for e in self.log]  # the log has one entry per move, in order
        mine = [i for i, a in enumerate(actors) if self.controls(role, a)]
        if not mine:
            raise Refusal.of(409, "nothing_to_undo")
        last = mine[-1]
        # Only bots' moves may follow: not another person's, nor a die the table entered
        # (the host's screen enters them; a remote seat cannot take them back).
        if any(a < 0 or self.seats[a].kind != "bot" for a in actors[last + 1 :]):
            raise Refusal.of(409, "undo_other")
        if self.match.chance != "explicit" and states[last].rng != states[-1].rng:
            raise Refusal.of(409, "undo_chance")
        return last

    def _log_view(self, viewer: int | None, role: int, lang: str) -> list[dict[str, str]]:
        out = []
        for e in self.log:
            who = self.name(e.actor, lang)
            if viewer in e.seen_by or (role == -1 and e.actor == bgf.CHANCE and not e.face_down):
                what = e.labels["en" if lang == "en" else "fr"]
            elif e.actor == bgf.CHANCE:
                what = say(lang, "face_down")
            else:
                what = say(lang, "hidden_move")
            out.append({"who": who, "what": what})
        return out

    def save(self, role: int) -> str:
        """The `Match` JSON log. It holds the seed, from which every hidden card follows:
        only the host has it, and with remote players in a game that hides something
        only once the game is over."""
        if role != -1:
            raise Refusal.of(403, "host_only")
        over = self.game.is_terminal(self.match.state)
        if self.module.GAME_INFO.hidden_information and self._remote() and not over:
            raise Refusal.of(403, "save_hidden")
        text: str = self.match.to_json()
        return text


def _score(value: float) -> int | float:
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _groups(menu: tuple[Any, ...], labels: list[str]) -> list[str]:
    """A group title for each action when the menu is long: actions of one kind together,
    titled by what their labels share (« vendre », « poser une souris sur »)."""
    if len(menu) <= _GROUP_OVER:
        return [""] * len(menu)
    kinds: dict[str, list[int]] = {}
    for i, a in enumerate(menu):
        kinds.setdefault(type(a).__name__, []).append(i)
    if len(kinds) == 1:  # one kind: group by the label's first word (a card, a space)
        kinds = {}
        for i, label in enumerate(labels):
            kinds.setdefault(label.split(" ")[0], []).append(i)
    out = [""] * len(menu)
    for members in kinds.values():
        words = [labels[i].split(" ") for i in members]
        common: list[str] = []
        for column in zip(*words, strict=False):
            if len(set(column)) != 1:
                break
            common.append(column[0])
        title = " ".join(common) if common and len(members) > 1 else " ".join(words[0][:2])
        for i in members:
            out[i] = title.rstrip(" :,")
    return out


def new_session(
    session_id: str,
    body: dict[str, Any],
    pause: float,
    clock: Callable[[], float] = time.monotonic,
) -> Session:
    """A session from the start form: ``game``, ``players``, ``options``, ``seats``
    (``[{"kind": "here"|"remote"|"bot", "bot": "random"|"heuristic"}]``), ``chance``
    and ``seed`` (random when absent), or ``log`` (a saved `Match` JSON to go on with)."""
    log = body.get("log")
    if log is not None:
        if not isinstance(log, str):
            raise Refusal.of(400, "bad_save", why="'log' must be the saved text")
        try:
            match = bgf.Match.from_json(log)
        except (bgf.InvalidStateError, ValueError) as e:
            fr, en = say("fr", "bad_save", why=e), say("en", "bad_save", why=e)
            raise Refusal(400, fr, en) from None
        _module(match.game_id)
    else:
        module = _module(body.get("game"))
        info = module.GAME_INFO
        count = body.get("players", info.default_players)
        if type(count) is not int or count not in info.player_counts:
            raise Refusal(
                400,
                say("fr", "bad_players", name=info.name_fr, allowed=info.players_text("fr"),
                    count=count),
                say("en", "bad_players", name=info.name_en, allowed=info.players_text("en"),
                    count=count),
            )  # fmt: skip
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbelow(2**63)
        if type(seed) is not int:
            raise Refusal.of(400, "bad_seed")
        chance = body.get("chance", "auto")
        if chance not in ("auto", "explicit"):
            raise Refusal.of(400, "bad_chance", chance=chance)
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise Refusal.of(400, "bad_option", why="options must be an object")
        try:
            # fair_undo: nobody takes a move back after seeing what chance gave (Match.undo)
            match = bgf.Match.new(
                info.game_id, count, seed=seed, options=options, chance=chance, fair_undo=True
            )
        except (ValueError, TypeError) as e:
            fr, en = say("fr", "bad_option", why=e), say("en", "bad_option", why=e)
            raise Refusal(400, fr, en) from None
    n = match.num_players
    raw = body.get("seats")
    if raw is None:
        raw = [{"kind": "here"}] + [{"kind": "bot", "bot": "heuristic"}] * (n - 1)
    if not isinstance(raw, list) or len(raw) != n:
        raise Refusal.of(400, "bad_seats", count=n)
    seats = []
    for s in raw:
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
            raise Refusal.of(400, "bad_seats", count=n)
        bot = s.get("bot", "heuristic") if s["kind"] == "bot" else ""
        if s["kind"] == "bot" and bot not in AGENT_NAMES:
            raise Refusal.of(400, "bad_bot", bot=bot, known=", ".join(AGENT_NAMES))
        key = _public_key() if s["kind"] == "remote" else ""
        seats.append(Seat(s["kind"], bot, key))
    if log is None:
        return Session(session_id, match, seats, _public_key(), pause, clock)
    # A loaded game goes on from a fresh match that plays the saved moves again, so that
    # the log says them in words and undo works as in a game played here.
    fresh = bgf.Match.new(
        match.game_id,
        n,
        seed=match.seed,
        options=match.options,
        chance=match.chance,
        fair_undo=True,
    )
    session = Session(session_id, fresh, seats, _public_key(), pause, clock)
    for action in match.history:
        session._apply(action)
    return session


@dataclass
class Replay:
    """A saved game opened in the replay viewer: every state, every move's label."""

    id: str
    match: Any
    touched: float

    def frame(self, step: Any, lang: str) -> dict[str, Any]:
        """The table after ``step`` moves (0: the start), with the move that led there."""
        states = self.match.states
        if type(step) is not int or not 0 <= step < len(states):
            raise Refusal.of(404, "bad_step", step=step)
        module = bgf.get_game(self.match.game_id)
        game = module.GAME
        state = states[step]
        if step == 0:
            who, what = "", say(lang, "start")
        else:
            before = states[step - 1]
            actor = game.current_player(before)
            who = say(lang, "chance") if actor < 0 else _capital(module.player_name(actor, lang))
            what = game.describe(self.match.history[step - 1], before, lang)
        over = game.is_terminal(state)
        info = module.GAME_INFO
        return {
            "game": self.match.game_id,
            "name": info.name_fr if lang == "fr" else info.name_en,
            "step": step,
            "steps": len(states) - 1,
            "who": who,
            "what": what,
            "svg": module.render_svg(state, lang),
            "text": game.render(state, lang),
            "over": over,
            "winners": [
                _capital(module.player_name(w, lang)) for w in game.winners(state)
            ] if over else [],
        }  # fmt: skip


class Store:
    """The sessions and replays of a server: at most ``max_games`` of them together, each
    forgotten after ``idle`` seconds without a request."""

    def __init__(
        self, max_games: int, idle: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_games = max_games
        self.idle = idle
        self.clock = clock
        self.sessions: dict[str, Session] = {}
        self.replays: dict[str, Replay] = {}

    def _expire(self) -> None:
        now = self.clock()
        for table in (self.sessions, self.replays):
            for key in [k for k, v in table.items() if now - v.touched > self.idle]:
                del table[key]

    def new_id(self) -> str:
        """A fresh identifier; refuses when the server holds ``max_games`` already."""
        self._expire()
        if len(self.sessions) + len(self.replays) >= self.max_games:
            raise Refusal.of(429, "too_many", limit=self.max_games)
        return secrets.token_urlsafe(9)

    def session(self, session_id: str) -> Session:
        self._expire()
        s = self.sessions.get(session_id)
        if s is None:
            raise Refusal.of(404, "no_match")
        s.touched = self.clock()
        return s

    def replay(self, replay_id: str) -> Replay:
        self._expire()
        r = self.replays.get(replay_id)
        if r is None:
            raise Refusal.of(404, "no_replay")
        r.touched = self.clock()
        return r
