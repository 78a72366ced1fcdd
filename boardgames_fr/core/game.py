"""The bookkeeping every game shares, written once: how a game plugs into the API.

A game supplies its rules as a handful of plain functions (the hooks of `Game`); `Game`
turns them into the public functions of shared/API.md. The hooks may assume a live game
and a legal action: rejecting a finished game, checking legality, advancing the RNG and
resolving chance in auto mode happen here (as OpenSpiel's ``_apply_action`` or pgx's
``_step``).

A game's ``State`` is a frozen attrs class with at least these fields:

- ``num_players: int`` and ``options`` (the game's ``Options``);
- ``to_move: int``: the seat to act, `CHANCE` or `TERMINAL`;
- ``rng: int``: the generator state (see `boardgames_fr.core.rng`);
- ``explicit: bool``: True in explicit chance mode.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping
from itertools import accumulate
from operator import itemgetter
from typing import Any, Generic, Protocol, TypeVar, get_type_hints

import attrs

from boardgames_fr.core.errors import (
    CHANCE,
    TERMINAL,
    IllegalActionError,
    InvalidStateError,
    excerpt,
)
from boardgames_fr.core.rng import MASK64, Rng, choose_weighted, next_u64, seed_to_state
from boardgames_fr.core.svg import DRAWERS

__all__ = [
    "CHANCE_MODES",
    "LANGS",
    "Game",
    "GameInfo",
    "GameState",
    "Uniform",
    "check_lang",
    "pick_outcome",
]

LANGS = ("fr", "en")


def check_lang(lang: str) -> None:
    """Raises `ValueError` for a language the games do not speak (the one message of the
    core, of every picture and of `simulate`).

    Example:
        >>> check_lang("de")
        Traceback (most recent call last):
        ...
        ValueError: lang must be 'fr' or 'en', not 'de'
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be 'fr' or 'en', not {excerpt(lang)}")


_weight_of = itemgetter(1)
_outcome_of = itemgetter(0)
CHANCE_MODES = ("auto", "explicit")


class GameState(Protocol):
    """The fields the core reads from every game's ``State``.

    Example:
        >>> import boardgames_fr as bgf
        >>> s = bgf.new_game("misere", num_players=2, seed=1)
        >>> s.num_players, s.to_move, s.explicit, isinstance(s.rng, int)
        (2, 0, False, True)
    """

    @property
    def num_players(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def rng(self) -> int: ...
    @property
    def explicit(self) -> bool: ...
    @property
    def options(self) -> Any: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A")
O = TypeVar("O")  # noqa: E741


@attrs.frozen
class GameInfo:
    """Metadata of a game, as data.

    Example:
        >>> import boardgames_fr as bgf
        >>> bgf.get_game("fromage").GAME_INFO.player_counts
        (2, 3, 4)
    """

    game_id: str
    name_fr: str
    name_en: str
    player_counts: tuple[int, ...]
    default_players: int
    chance: bool
    hidden_information: bool
    summary_fr: str
    summary_en: str
    # Raised whenever the saved form of a state or an action changes (a field renamed, a
    # value spelt otherwise); the game's ``upgrade`` hook then reads the older forms.
    schema_version: int = 1
    # Raised whenever a change of the rules or of the content can make a recorded match
    # play differently (a move refused, a card or a score changed): a match log records
    # it, so a log that no longer replays says why (`Match.from_json`).
    rules_version: int = 1
    # The game's rule ids: ``FR-01`` .. ``FR-18`` are prefix "FR" and count 18 (the rules
    # pages, their tests and the README's table read them from here). A game without
    # numbered rules (the core's toy game) leaves them empty.
    rule_prefix: str = ""
    rule_count: int = 0

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id of the game, in order.

        Example:
            >>> info = GameInfo("toy", "Jouet", "Toy", (2,), 2, False, False, "", "")
            >>> attrs.evolve(info, rule_prefix="TY", rule_count=3).rule_ids
            ('TY-01', 'TY-02', 'TY-03')
        """
        return tuple(f"{self.rule_prefix}-{i:02d}" for i in range(1, self.rule_count + 1))

    def players_text(self, lang: str = "en") -> str:
        """The allowed player counts in words, in English (``"en"``, the default: error
        messages) or French (``"fr"``: the command line's French list).

        Example:
            >>> import boardgames_fr as bgf
            >>> info = bgf.get_game("lactorama").GAME_INFO
            >>> info.players_text(), info.players_text("fr")
            ('2, 3, 4, 5, 6 or 8 players', '2, 3, 4, 5, 6 ou 8 joueurs')
            >>> bgf.get_game("fromage").GAME_INFO.players_text("fr")
            '2 à 4 joueurs'
        """
        c = self.player_counts
        fr = lang == "fr"
        players, to, either = ("joueurs", "à", "ou") if fr else ("players", "to", "or")
        if len(c) == 1:
            return f"{c[0]} {players}"
        if c == tuple(range(c[0], c[-1] + 1)):
            return f"{c[0]} {to} {c[-1]} {players}"
        return ", ".join(map(str, c[:-1])) + f" {either} {c[-1]} {players}"


class Uniform(tuple):  # type: ignore[type-arg]
    """Chance outcomes that are all equally likely: a game's ``chance`` hook may return
    its ``(outcome, weight)`` pairs wrapped in ``Uniform`` (every weight the same), and the
    core then draws by index instead of summing weights. The draw is the same one.

    Example:
        >>> outs = Uniform((("a", 1), ("b", 1), ("c", 1)))
        >>> isinstance(outs, tuple), len(outs)
        (True, 3)
    """

    __slots__ = ()


def pick_outcome(outcomes: tuple[tuple[Any, int], ...], u: int) -> Any:
    """The outcome that one 64-bit draw ``u`` selects among ``(outcome, weight)`` pairs:
    by index in a `Uniform` table, else by `choose_weighted`. Every chance event of auto
    mode is drawn this way (`Game.resolve_each`), so a game's ``resolve`` hook uses it too.

    Example:
        >>> half = 2**63  # a draw in the middle of the range
        >>> pick_outcome(Uniform((("a", 1), ("b", 1))), half)
        'b'
        >>> pick_outcome((("a", 3), ("b", 1)), half)
        'a'
    """
    if type(outcomes) is Uniform:
        return outcomes[(u * len(outcomes)) >> 64][0]
    return outcomes[choose_weighted(u, [w for _, w in outcomes])][0]


# A wrong outcome's message lists the possible ones when there are this few (a die, not a deck).
_LISTED = 12
# What a game's describe or explain hook raises on an action whose fields are out of range.
# OverflowError: compiled code (mypyc) indexes with a C ssize_t, where CPython raises
# IndexError for an index too large to fit.
_UNFIT = (IndexError, KeyError, TypeError, ValueError, AttributeError, OverflowError)
_EMPTY = object()  # the legal-actions cache before its first entry


# The plain field types of actions, by class (`_wrong_field`), read once per class.
_FIELD_TYPES: dict[type, tuple[tuple[str, type], ...]] = {}
_TYPE_WORDS = {int: "a whole number", str: "text", bool: "True or False"}
_TYPE_WORDS_FR = {int: "un nombre entier", str: "du texte", bool: "True ou False"}


def _wrong_field(action: Any, lang: str = "en") -> str:
    """A refusal for an action whose field has the wrong type (``Harvest(card=1.5)``), in
    words, or "" (only on the failing path of `step`: a legal action never gets here)."""
    cls = type(action)
    fields = _FIELD_TYPES.get(cls)
    if fields is None:
        try:
            hints = get_type_hints(cls)
        except (NameError, TypeError):  # an annotation that does not resolve: no check
            hints = {}
        fields = tuple(
            (f.name, hints[f.name]) for f in attrs.fields(cls) if hints.get(f.name) in _TYPE_WORDS
        )
        _FIELD_TYPES[cls] = fields
    for name, kind in fields:
        value = getattr(action, name)
        # bool is an int subclass: True is no card number (nor 1 a bool: isinstance says so)
        if not isinstance(value, kind) or (kind is int and type(value) is bool):
            shown = excerpt(value)
            if lang == "fr":
                return f"{cls.__name__} : {name} doit être {_TYPE_WORDS_FR[kind]}, pas {shown}"
            return f"{cls.__name__}: {name} must be {_TYPE_WORDS[kind]}, not {shown}"
    return ""


def _no_chance(state: Any, outcome: Any, rng: int) -> Any:
    raise InvalidStateError("state.to_move", "this game has no chance nodes")


def _no_variants(state: Any, seat: int | None, rng: Any) -> tuple[Any, ...]:
    return ()


class Game(Generic[S, A, O]):
    """One game's rules, plugged into the shared bookkeeping.

    Each game package builds one ``Game`` in ``rules.py`` and exports its bound methods
    as the module's public functions (``step = GAME.step`` ...).

    Hooks (all pure):
        init(num_players, options, rng, explicit) -> State
        legal(state) -> tuple of actions, at a decision node of a live game
        apply(state, action) -> State, for a legal action
        chance(state) -> tuple of (outcome, integer weight), at a chance node
        apply_chance(state, outcome, rng) -> State, which must store ``rng``
        scores(state), winners(state) (at terminal), observe(state, seat), describe(action,
        state, lang), render(state, lang, seat)
        explain(state, action, lang) -> str: why an action is illegal, in a player's words,
            in French (``"fr"``) or English (``"en"``) ("": the core's generic sentence). The
            core calls it twice on the failing path of `step`, once per language, for
            `IllegalActionError`'s message and its `reason` in French. It is called at
            decision nodes; at a chance
            node only when the game passes ``explain_chance=True`` (its hook then also
            handles ``to_move == CHANCE``): for any outcome refused, a wrong one of the
            right kind ("a die shows 1 to 6, not 7") as well as another kind of action.
        secret_chance(state) -> bool (optional): whether the outcomes of this chance node
            tell what a player may not see (the cards left in a deck whose other cards are
            in hidden hands). A refusal then does not list the possible outcomes.
        draw_pool(state) -> tuple of outcomes (optional, at a secret chance node): every
            outcome this kind of draw can give in a game of this player count and these
            options, in the game's order, read from the rules and what every player sees
            (which deck, which tier), never from the deck or the hands: the menu of a
            companion for a physical table (`table_outcomes`). Without it the core finds
            the outcomes of the same action classes met at the secret draws of fresh games.
        ending(state) -> str (optional, at the end): how the game ended, as an English
            identifier (Lactorama's "green", Little Factory's "points"), for `Game.ending`.
        ending_label(code, lang) -> str (optional, with ``ending``): that identifier in a
            player's words, in French or English (« fin des années »), for
            `Game.ending_label`.
        validate(state): raises `InvalidStateError` for a loaded state that breaks an invariant
        hidden_variants(state, seat, rng) -> states that ``seat`` cannot tell from ``state``
        render_svg(state, lang) -> str (optional): the public SVG picture of the table;
            with it the game's states (and observations, with ``observation_cls`` and
            ``determinize``) draw themselves in a notebook (`boardgames_fr.core.svg.Picture`).
        determinize(observation, rng) -> State (optional): a state drawn at random among
            those the observation allows (`Game.determinize`).
        upgrade(data, version) -> data (optional): a saved state, an action or a match
            log's options (JSON values, before decoding) written with an older
            ``schema_version`` of the game, rewritten in today's form; raises
            `InvalidStateError` for a version it does not read. Without it, only saves of
            the current version load.
        resolve(state) -> State (optional, auto mode only): resolves the run of chance
            events from ``state`` up to the next decision or the end in one go. It must
            return exactly the state the core's own loop (`resolve_each`) would: the same
            draws in the same order, from the same outcome tables. A game with many chance
            events in a row (a whole deal) uses it to skip the intermediate states;
            explicit mode always goes one event at a time.

    Example:
        >>> from boardgames_fr import fromage
        >>> fromage.GAME.info.game_id, fromage.step == fromage.GAME.step
        ('fromage', True)
    """

    def __init__(
        self,
        *,
        info: GameInfo,
        options_cls: type[Any],
        state_cls: type[S],
        actions: Iterable[type[Any]],
        classes: Iterable[type[Any]],
        init: Callable[[int, Any, int, bool], S],
        legal: Callable[[S], tuple[A, ...]],
        apply: Callable[[S, A], S],
        scores: Callable[[S], tuple[float, ...]],
        winners: Callable[[S], tuple[int, ...]],
        observe: Callable[[S, int | None], O],
        describe: Callable[[A, S | None, str], str],
        render: Callable[..., str],
        chance: Callable[[S], tuple[tuple[A, int], ...]] | None = None,
        apply_chance: Callable[[S, A, int], S] | None = None,
        explain: Callable[[S, Any, str], str] | None = None,
        explain_chance: bool = False,
        secret_chance: Callable[[S], bool] | None = None,
        draw_pool: Callable[[S], tuple[A, ...]] | None = None,
        ending: Callable[[S], str] | None = None,
        ending_label: Callable[[str, str], str] | None = None,
        validate: Callable[[S], None] | None = None,
        hidden_variants: Callable[[S, int | None, Any], tuple[S, ...]] = _no_variants,
        resolve: Callable[[S], S] | None = None,
        upgrade: Callable[[Any, int], Any] | None = None,
        render_svg: Callable[[S, str], str] | None = None,
        determinize: Callable[[O, Rng], S] | None = None,
        observation_cls: type[O] | None = None,
    ) -> None:
        self.info = info
        self.options_cls = options_cls
        self._default_options: Any = None
        self.state_cls = state_cls
        self.action_types: tuple[type[Any], ...] = tuple(actions)
        self.classes: Mapping[str, type[Any]] = {
            c.__name__: c for c in (state_cls, options_cls, *self.action_types, *classes)
        }
        self._init = init
        self._legal = legal
        self._apply = apply
        if (chance is None) != (apply_chance is None):
            raise TypeError("a game with chance nodes needs both chance and apply_chance")
        self._chance = chance
        self._apply_chance: Callable[[S, A, int], S] = apply_chance or _no_chance
        self._scores = scores
        self._winners = winners
        self._observe = observe
        self._describe = describe
        self._render = render
        self._explain = explain
        self.explain_chance = explain_chance
        self._secret_chance = secret_chance
        self._draw_pool = draw_pool
        # The secret draws met in fresh games, by (player count, options): `_scanned_pool`.
        self._scanned: dict[tuple[int, Any], dict[Any, None]] = {}
        self._ending = ending
        self._ending_label = ending_label
        self._validate = validate
        self.hidden_variants = hidden_variants
        if resolve is not None and chance is None:
            raise TypeError("a resolve hook needs chance nodes")
        self._resolve: Callable[[S], S] = resolve or self.resolve_each
        self._upgrade = upgrade
        self._render_svg = render_svg
        self._determinize = determinize
        self.observation_cls = observation_cls
        if render_svg is not None:
            DRAWERS[state_cls] = self.render_svg
            if observation_cls is not None and determinize is not None:
                DRAWERS[observation_cls] = self.render_svg
        # One-entry cache: a frontend or bot calls legal_actions(s) then step(s, a) on the
        # same object; holding a reference keeps its id from being reused.
        # It starts on a private sentinel, so that no argument (not even None) hits it.
        self._cache: tuple[Any, tuple[A, ...]] = (_EMPTY, ())
        self._weights: tuple[Any, tuple[int, ...], int] = (None, (), 0)
        # The last outcome table the chance hook gave, with its outcomes alone
        # (`legal_actions`) and with their probabilities (`chance_outcomes`): a game whose
        # hook hands out the same table again (a die, an unchanged deck) has them listed
        # once. The table is kept in the entry, so no other object takes its id meanwhile.
        self._chance_legal: tuple[Any, tuple[A, ...]] = (_EMPTY, ())
        self._chance_probs: tuple[Any, tuple[tuple[A, float], ...]] = (_EMPTY, ())
        _BY_STATE[state_cls] = self
        _BY_ID[info.game_id] = self

    # --- setup ---------------------------------------------------------------------

    def make_options(self, options: Any = None) -> Any:
        """The game's `Options` from None, an `Options` or a dict of its fields."""
        if options is None:
            # Options are frozen values: the defaults are made once and shared.
            default = self._default_options
            if default is None:
                default = self._default_options = self.options_cls()
            return default
        if isinstance(options, self.options_cls):
            return options
        if isinstance(options, Mapping):
            known = [a.name for a in attrs.fields(self.options_cls)]
            for key in options:
                if key not in known:
                    raise ValueError(
                        f"unknown option {excerpt(key)} for {self.info.game_id};"
                        f" known: {', '.join(known)}"
                    )
            return self.options_cls(**options)
        raise ValueError(f"options must be None, a dict or {self.options_cls.__name__}")

    def new_game(
        self,
        num_players: int | None = None,
        *,
        seed: int,
        options: Any = None,
        chance: str = "auto",
    ) -> S:
        """A fresh game; setup randomness comes from ``seed``.

        ``seed`` is any integer, and different integers give different games: one in
        ``range(0, 2**64)`` is used as it is, any other (negative, or ``2**64`` and more) is
        folded from its sign and all its 64-bit chunks (see `seed_to_state`).

        Raises `ValueError` for a player count, option or chance mode the game does not
        allow.

        Example:
            >>> from boardgames_fr import fromage
            >>> s = fromage.new_game(3, seed=7, options={"board": "B"})
            >>> s.num_players, s.options.board
            (3, 'B')
        """
        info = self.info
        if num_players is None:
            num_players = info.default_players
        if isinstance(num_players, bool) or not isinstance(num_players, int):
            raise ValueError(f"num_players must be an integer, not {excerpt(num_players)}")
        if num_players not in info.player_counts:
            raise ValueError(f"{info.name_en} is for {info.players_text()}, not {num_players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {excerpt(seed)}")
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be 'auto' or 'explicit', not {excerpt(chance)}")
        opts = self.make_options(options)
        state = self._init(num_players, opts, seed_to_state(seed), chance == "explicit")
        if not state.explicit:
            state = self._resolve(state)
        return state

    # --- the step ------------------------------------------------------------------
    #
    # `legal_actions` and `step` run once per move of every playout. Their hooks are read
    # into a local before the call: CPython 3.11 specializes the plain attribute read, not
    # ``self._hook(...)``, a method-style call of an instance attribute.

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The legal actions (or chance outcomes), in the game's documented order.

        Empty once the game is over. Raises `TypeError` for a state of another game.

        Example:
            >>> from boardgames_fr import fromage
            >>> s = fromage.new_game(2, seed=1)
            >>> first = fromage.legal_actions(s)[0]
            >>> fromage.describe(first, s, "en")
            'place a mouse on the left crate'
        """
        cached = self._cache
        if cached[0] is state:
            return cached[1]
        if type(state) is not self.state_cls:
            self._check_state(state)
        tm = state.to_move
        if tm == TERMINAL:
            result: tuple[A, ...] = ()
        elif tm == CHANCE:
            outcomes = self._chance_hook(state)
            known = self._chance_legal  # one read of the pair, as threads may replace it
            if known[0] is outcomes:
                result = known[1]
            else:
                result = tuple(map(_outcome_of, outcomes))
                self._chance_legal = (outcomes, result)
        else:
            hook = self._legal  # a local, then the call (see above)
            result = hook(state)
        self._cache = (state, result)
        return result

    def step(self, state: S, action: A) -> S:
        """The state after ``action``; the input is never modified.

        Raises `IllegalActionError` (with the reason) for an action that is not legal now.

        Example:
            >>> from boardgames_fr import fromage
            >>> s0 = fromage.new_game(2, seed=1)
            >>> s1 = fromage.step(s0, fromage.legal_actions(s0)[0])
            >>> fromage.current_player(s0), fromage.current_player(s1)
            (0, 1)
        """
        cached, legal = self._cache  # one read of the pair, as threads may replace it
        if cached is not state:
            legal = self.legal_actions(state)
        tm = state.to_move
        if tm == TERMINAL:
            raise IllegalActionError(
                "the game is over: no more moves", "la partie est finie : plus aucun coup"
            )
        if tm == CHANCE:
            if action not in legal:
                raise IllegalActionError(
                    self._chance_reason(state, action, legal, "en"),
                    self._chance_reason(state, action, legal, "fr"),
                )
            action = legal[legal.index(action)]  # the game's own object, as below
            _, rng = next_u64(state.rng)
            state = self._apply_chance(state, action, rng)
        else:
            # Bots and menus hand back an object from legal_actions: find it by identity
            # first, which is much cheaper than comparing attrs actions field by field.
            for a in legal:
                if a is action:
                    break
            else:
                if action not in legal:
                    raise IllegalActionError(
                        self._reason(state, action, "en"), self._reason(state, action, "fr")
                    )
                # Equal by value but maybe not by type (5.0 == 5, True == 1): play the
                # game's own object, so a rule never sees a float where it counts cards.
                action = legal[legal.index(action)]
            hook = self._apply  # a local, then the call (see above)
            state = hook(state, action)
        if state.to_move == CHANCE and not state.explicit:
            resolve = self._resolve  # a local, then the call (see above)
            state = resolve(state)
        return state

    def _why(self, state: S, action: Any, lang: str) -> str:
        """The game's own reason (its ``explain`` hook) in ``lang``, or "" (none, or the
        hook could not read the fields)."""
        explain = self._explain
        if explain is None:
            return ""
        try:
            text = explain(state, action, lang)
        except _UNFIT:
            return ""
        return text or ""

    def _reason(self, state: S, action: Any, lang: str = "en") -> str:
        """Why ``action`` is refused at a decision node, in ``lang`` (only on the failing
        path of `step`)."""
        misfit = self._misfit(action, lang)
        if misfit:
            return misfit
        text = self._why(state, action, lang)
        if text:
            return text
        fr = lang == "fr"
        try:
            label = self._describe(action, state, lang)
        except _UNFIT:
            # Fields out of range: no rule can make sense of it.
            if fr:
                return (
                    f"{excerpt(action)} ne convient pas au jeu {self.info.name_fr} : un champ"
                    " est hors limites"
                )
            return f"{excerpt(action)} does not fit {self.info.name_en}: a field is out of range"
        return f"« {label} » n'est pas permis maintenant" if fr else f"{label} is not allowed now"

    def _chance_reason(self, state: S, action: Any, legal: tuple[A, ...], lang: str = "en") -> str:
        """Why ``action`` cannot be applied at this chance node, in ``lang``, for a player
        at a table typing in what the dice or the deck gave (only on the failing path of
        `step`)."""
        misfit = self._misfit(action, lang)
        if misfit:
            return misfit
        fr = lang == "fr"
        text = self._why(state, action, lang) if self.explain_chance else ""
        if not text:
            label = self._label(action, state, lang)
            if fr:
                text = f"{label} n'est pas un résultat possible maintenant"
            else:
                text = f"{label} is not a possible outcome of this chance event"
            if not any(type(o) is type(action) for o in legal):
                text += (
                    " : ce sont les dés ou une pioche qui décident maintenant, pas un joueur"
                    if fr
                    else ": the dice or a draw decide now, not a player"
                )
        secret = self._secret_chance is not None and self._secret_chance(state)
        if len(legal) <= _LISTED and not secret:
            # hidden cards share one label: listed once
            labels = dict.fromkeys(self._label(o, state, lang) for o in legal)
            text += (" ; possibles : " if fr else "; possible: ") + ", ".join(labels)
        return text

    def _misfit(self, action: Any, lang: str = "en") -> str:
        """Why ``action`` cannot even be read as a move of this game (not one of its
        actions, or a field of the wrong type), in ``lang``, else "". Checked before any
        hook: a game's hook reads the fields as their types say, so its reason could be
        beside the point (``BuyCows(loan=None)`` read as no loan)."""
        if not isinstance(action, self.action_types):
            return self._foreign(action, lang)
        return _wrong_field(action, lang)

    def _foreign(self, action: Any, lang: str = "en") -> str:
        """Why ``action`` is not one of this game's actions: another game's, or no action."""
        fr = lang == "fr"
        mine = self.info.name_fr if fr else self.info.name_en
        # « du jeu » before a title, as « the game » in English: « une action de D'Orge et
        # de Blé » stumbles on the title's own « de », and « de Fromage » reads as cheese.
        for game in _BY_ID.values():
            if game is not self and isinstance(action, game.action_types):
                name = type(action).__name__
                if fr:
                    return f"{name} est une action du jeu {game.info.name_fr}, pas du jeu {mine}"
                return f"{name} is an action of the game {game.info.name_en}, not of {mine}"
        if fr:
            return f"{excerpt(action)} n'est pas une action du jeu {mine}"
        return f"{excerpt(action)} is not an action of the game {mine}"

    def _label(self, action: Any, state: S, lang: str = "en") -> str:
        """The label of ``action`` in quotes (« » in French; double quotes in English, as
        labels hold apostrophes), or its repr when it cannot be described (a field out of
        range)."""
        try:
            label = self._describe(action, state, lang)
        except _UNFIT:
            return excerpt(action)
        return f"« {label} »" if lang == "fr" else f'"{label}"'

    def _check_state(self, state: Any) -> None:
        """Raise `TypeError` unless ``state`` is a state of this game (read off the
        cached paths: a frontend mixing up two games' states gets a clear error)."""
        if isinstance(state, self.state_cls):
            return
        other = _BY_STATE.get(type(state))
        name = self.info.name_en
        if other is not None:
            raise TypeError(f"a state of {other.info.name_en} was given to {name}")
        raise TypeError(f"a {type(state).__name__} was given to {name}, not a state of {name}")

    def _chance_hook(self, state: S) -> tuple[tuple[A, int], ...]:
        if self._chance is None:
            raise InvalidStateError("to_move", f"{self.info.game_id} has no chance nodes")
        return self._chance(state)

    def _pick(self, outcomes: tuple[tuple[A, int], ...], u: int) -> A:
        """The outcome one 64-bit draw selects: `choose_weighted`, with the cumulative
        weights kept while a game returns the same outcome table (a die, a fixed deck)."""
        if type(outcomes) is Uniform:
            # Equal weights: the same index bisect_right would find, without the sums
            # (`pick_outcome`'s own line, inline: this runs at every die of auto mode).
            chosen: A = outcomes[(u * len(outcomes)) >> 64][0]
            return chosen
        cached = self._weights
        if cached[0] is outcomes:
            cum, total = cached[1], cached[2]
        else:
            cum = tuple(accumulate(map(_weight_of, outcomes)))
            total = cum[-1]
            self._weights = (outcomes, cum, total)
        return outcomes[bisect_right(cum, (u * total) >> 64)][0]

    def resolve_each(self, state: S) -> S:
        """Auto mode's chance events one at a time, from ``state`` to the next decision
        (or the end): the reference a game's ``resolve`` hook must agree with.

        Example:
            >>> from boardgames_fr import lactorama as L
            >>> s = L.new_game(2, seed=1, chance="explicit")  # dice, then the first deal
            >>> r, auto = L.GAME.resolve_each(s), L.new_game(2, seed=1)
            >>> r.to_move, r.rng == auto.rng, r.slots == auto.slots
            (1, True, True)
        """
        apply_chance = self._apply_chance
        chance = self._chance or self._chance_hook  # the hook itself, without the check
        pick = self._pick
        while state.to_move == CHANCE:
            u, rng = next_u64(state.rng)
            state = apply_chance(state, pick(chance(state), u), rng)
        return state

    def sample_chance(self, state: S) -> A:
        """The outcome the state's own RNG would draw at this chance node (pure)."""
        if state.to_move != CHANCE:
            raise IllegalActionError(
                "sample_chance needs a chance node", "sample_chance demande un tirage en cours"
            )
        u, _ = next_u64(state.rng)
        return self._pick(self._chance_hook(state), u)

    def secret_chance(self, state: S) -> bool:
        """Whether the outcomes of this chance node tell what a player may not see (a
        card dealt from a deck whose other cards are in hidden hands: the cards left say
        what the hands hold), from the game's ``secret_chance`` hook; False elsewhere.

        A companion for a physical table shows every card of the game at such a node,
        not the outcomes left (see docs/frontend.md).

        Example:
            >>> from boardgames_fr import dorge_et_ble as db, lactorama as la
            >>> db.GAME.secret_chance(db.new_game(seed=1, chance="explicit"))  # the deal
            True
            >>> la.GAME.secret_chance(la.new_game(2, seed=1, chance="explicit"))  # a die
            False
        """
        hook = self._secret_chance
        return state.to_move == CHANCE and hook is not None and bool(hook(state))

    def table_outcomes(self, state: S) -> tuple[A, ...]:
        """What a companion for a physical table lists at this chance node, for the table
        to type in what the real dice or cards gave; () at a decision or the end.

        Dice and public cards: the outcomes themselves (`legal_actions`). A secret draw
        (`secret_chance`): the outcomes left would tell what the hidden hands hold, so the
        list is every outcome this kind of draw can give in the game (the game's
        ``draw_pool`` hook), the same at every such draw whatever the deck holds; `step`
        refuses one that cannot be drawn now, in words that name nothing hidden.

        Example:
            >>> from boardgames_fr import dorge_et_ble as db
            >>> deal = db.new_game(seed=1, chance="explicit")
            >>> len(db.GAME.table_outcomes(deal)), len(db.legal_actions(deal))
            (60, 60)
            >>> second = db.step(deal, db.legal_actions(deal)[0])
            >>> len(db.GAME.table_outcomes(second)), len(db.legal_actions(second))
            (60, 59)
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        if state.to_move != CHANCE:
            return ()
        legal = self.legal_actions(state)
        if not self.secret_chance(state):
            return legal
        if self._draw_pool is not None:
            return tuple(self._draw_pool(state))
        return self._scanned_pool(state, legal)

    # A first-choice walk through a fresh game meets every secret draw of the game (the
    # deal with the whole deck, each market refill) within this many steps.
    _SCAN_STEPS = 5000

    def _scanned_pool(self, state: S, legal: tuple[A, ...]) -> tuple[A, ...]:
        """`table_outcomes` at a secret draw of a game without a ``draw_pool`` hook: every
        outcome of the same action classes met at the secret draws of fresh games like
        ``state``'s (a few seeds, in case a setup leaves cards out at random), played with
        the first choice and the RNG's draws. Read from fresh games, never from the live
        one, so that the list does not depend on the live deck."""
        key = (state.num_players, state.options)
        seen = self._scanned.get(key)
        if seen is None:
            seen = {}
            for seed in range(3):
                s = self.new_game(
                    state.num_players, seed=seed, options=state.options, chance="explicit"
                )
                for _ in range(self._SCAN_STEPS):
                    if s.to_move == TERMINAL:
                        break
                    if s.to_move == CHANCE:
                        if self.secret_chance(s):
                            seen.update(dict.fromkeys(self.legal_actions(s)))
                        s = self.step(s, self.sample_chance(s))
                    else:
                        s = self.step(s, self.legal_actions(s)[0])
            self._scanned[key] = seen
        # An outcome the fresh games never met (none should be): kept for good, so that
        # it can be typed in, here and at every later draw.
        seen.update(dict.fromkeys(legal))
        kinds = {type(o) for o in legal}
        return tuple(o for o in seen if type(o) in kinds)

    def chance_outcomes(self, state: S) -> tuple[tuple[A, float], ...]:
        """At a chance node, each outcome with its probability; elsewhere empty.

        Example:
            >>> from boardgames_fr import fromage
            >>> s = fromage.new_game(2, seed=1, chance="explicit")
            >>> while fromage.current_player(s) != -1:
            ...     s = fromage.step(s, fromage.legal_actions(s)[0])
            >>> for outcome, p in fromage.chance_outcomes(s):
            ...     print(fromage.describe(outcome, s, "en"), round(p, 3))
            die: green 0.333
            die: yellow 0.333
            die: red 0.333
        """
        if type(state) is not self.state_cls:
            self._check_state(state)  # a TypeError naming it, not an AttributeError
        if state.to_move != CHANCE:
            return ()
        outcomes = self._chance_hook(state)
        known = self._chance_probs  # one read of the pair, as threads may replace it
        if known[0] is outcomes:
            return known[1]
        total = sum(map(_weight_of, outcomes))
        probs = tuple((o, w / total) for o, w in outcomes)
        self._chance_probs = (outcomes, probs)
        return probs

    # --- reading a state -----------------------------------------------------------

    def current_player(self, state: S) -> int:
        """The seat to act, `CHANCE` or `TERMINAL`.

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.current_player(fromage.new_game(2, seed=1))
            0
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        return state.to_move

    def is_terminal(self, state: S) -> bool:
        """Whether the game is over.

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.is_terminal(fromage.new_game(2, seed=1))
            False
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        return state.to_move == TERMINAL

    def scores(self, state: S) -> tuple[float, ...]:
        """The game's own running score per seat (see each game's page).

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.scores(fromage.new_game(2, seed=1))
            (0, 0)
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        return self._scores(state)

    def winners(self, state: S) -> tuple[int, ...]:
        """The seats that won, after tie-breaks; empty until the end.

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.winners(fromage.new_game(2, seed=1))
            ()
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        if state.to_move != TERMINAL:
            return ()
        return self._winners(state)

    def returns(self, state: S) -> tuple[float, ...]:
        """+1 for a win (1/k for a win shared by k), -1 for a loss; zeros until the end.

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.returns(fromage.new_game(2, seed=1))
            (0.0, 0.0)
        """
        won = self.winners(state)  # first: it names a wrong argument
        n = state.num_players
        if not won:
            return (0.0,) * n
        share = 1.0 / len(won)
        return tuple(share if seat in won else -1.0 for seat in range(n))

    def observe(self, state: S, seat: int | None) -> O:
        """What ``seat`` may know (None: the public view); never what it may not.

        Example:
            >>> from boardgames_fr import fromage
            >>> s = fromage.new_game(2, seed=1, options={"powers": True})
            >>> mine, theirs = fromage.observe(s, 0), fromage.observe(s, 1)
            >>> len(mine.own_markers), mine.marker_counts, mine == theirs
            (3, (3, 3), False)
        """
        if type(state) is not self.state_cls:
            self._check_state(state)
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players
        ):
            raise ValueError(
                f"seat must be None or 0..{state.num_players - 1}, not {excerpt(seat)}"
            )
        return self._observe(state, seat)

    def describe(self, action: A, state: S | None = None, lang: str = "fr") -> str:
        """A one-line label for ``action`` in French (``"fr"``) or English (``"en"``).

        Example:
            >>> from boardgames_fr import fromage
            >>> s = fromage.new_game(2, seed=1)
            >>> fromage.describe(fromage.legal_actions(s)[0], s)
            'poser une souris sur la caisse gauche'
        """
        check_lang(lang)
        if not isinstance(action, self.action_types):
            raise ValueError(f"{excerpt(action)} is not an action of {self.info.name_en}")
        if state is not None and type(state) is not self.state_cls:
            self._check_state(state)
        wrong = _wrong_field(action)  # a label would print None or 1.5 as if it were right
        if wrong:
            raise ValueError(wrong)
        try:
            return self._describe(action, state, lang)
        except (IndexError, KeyError, TypeError, AttributeError):
            raise ValueError(
                f"{excerpt(action)} is not a valid action of {self.info.name_en}:"
                " a field is out of range"
            ) from None

    def ending(self, state: S) -> str:
        """How a finished game ended, in the game's own words (its ``ending`` hook), or ""
        for a game that keeps no such record and for a game not over.

        Example:
            >>> from boardgames_fr import fromage
            >>> fromage.GAME.ending(fromage.new_game(2, seed=1))
            ''
        """
        if self._ending is None or state.to_move != TERMINAL:
            return ""
        return self._ending(state)

    def ending_label(self, code: str, lang: str = "fr") -> str:
        """An ending identifier of `ending` in a player's words, in French or English (the
        identifier itself for a game without labels, and for "").

        Example:
            >>> from boardgames_fr import misere
            >>> misere.GAME.ending_label("", "en")
            ''
        """
        check_lang(lang)
        if self._ending_label is None or not code:
            return code
        return self._ending_label(code, lang)

    def render(self, state: S, lang: str = "fr", seat: int | None = None) -> str:
        """A plain-text picture of the table, in French or English.

        ``seat`` None (default) draws what everyone at the table sees; a seat adds what
        that seat may see (its own hand, its markers). Never anything else hidden.

        Example:
            >>> from boardgames_fr import fromage
            >>> print(fromage.render(fromage.new_game(2, seed=1), "en").splitlines()[0])
            Fromage, Side A (easier): turn of the blue player
        """
        check_lang(lang)
        if type(state) is not self.state_cls:
            self._check_state(state)
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players
        ):
            raise ValueError(
                f"seat must be None or 0..{state.num_players - 1}, not {excerpt(seat)}"
            )
        # The hook's seat None is the public view; a seat adds what it may see.
        return self._render(state, lang, seat)

    def render_svg(self, value: S | O, lang: str = "fr") -> str:
        """The public SVG picture of a state, or of an observation (what every seat sees
        of the table, drawn from a state `determinize` samples: the public view of any
        state the observation allows is the same).

        Example:
            >>> from boardgames_fr import dorge_et_ble as db
            >>> s = db.new_game(seed=1)
            >>> db.GAME.render_svg(db.observe(s, 0)) == db.render_svg(s)
            True
        """
        draw = self._render_svg
        if draw is None:
            raise TypeError(f"{self.info.game_id} draws no SVG picture")
        if self.observation_cls is not None and type(value) is self.observation_cls:
            return draw(self.determinize(value, Rng(0)), lang)
        return draw(value, lang)  # type: ignore[arg-type]

    def determinize(self, observation: O, rng: Rng) -> S:
        """A state drawn at random (from ``rng`` only) among those ``observation`` allows:
        the observing seat cannot tell it from the real one, and its generator is fresh
        (the game's ``determinize`` hook, for search bots).

        Example:
            >>> from boardgames_fr import dorge_et_ble as db
            >>> from boardgames_fr.core.rng import Rng
            >>> s = db.new_game(seed=1)
            >>> w = db.GAME.determinize(db.observe(s, 0), Rng(1))
            >>> db.observe(w, 0) == db.observe(s, 0)
            True
        """
        hook = self._determinize
        if hook is None:
            raise TypeError(f"{self.info.game_id} has no determinize hook")
        return hook(observation, rng)

    def reads_version(self, version: int) -> bool:
        """Whether saves and match logs of this ``schema_version`` load: today's, and the
        older ones when the game has an ``upgrade`` hook (which may still refuse one)."""
        current = self.info.schema_version
        return version == current or (self._upgrade is not None and 1 <= version < current)

    def upgrade(self, data: Any, version: int) -> Any:
        """``data`` (a saved state, an action or a match log's options, as JSON values)
        of the game's ``schema_version`` ``version``, in today's form.

        Example:
            >>> from boardgames_fr import fromage
            >>> v = fromage.GAME_INFO.schema_version
            >>> fromage.GAME.upgrade({"@": "Pass"}, v)
            {'@': 'Pass'}
        """
        if version == self.info.schema_version or self._upgrade is None:
            return data
        return self._upgrade(data, version)

    def validate(self, state: S) -> None:
        """Check a loaded state's invariants; raises `InvalidStateError` naming the field."""
        n = state.num_players
        if n not in self.info.player_counts:
            raise InvalidStateError("state.num_players", f"{n} is not an allowed player count")
        if not (state.to_move in (CHANCE, TERMINAL) or 0 <= state.to_move < n):
            raise InvalidStateError("state.to_move", f"{state.to_move} is not a seat")
        if state.to_move == CHANCE and self._chance is None:
            raise InvalidStateError("state.to_move", f"{self.info.game_id} has no chance nodes")
        if state.to_move == CHANCE and state.explicit is False:
            # Auto mode resolves every chance event inside `step` (API.md, Chance): a save
            # waiting for a die or a card belongs to explicit mode.
            raise InvalidStateError(
                "state.explicit",
                "a game in auto chance mode never waits at a chance node: this save is"
                " waiting for a die or a card, so it is in explicit mode",
            )
        if not 0 <= state.rng <= MASK64:
            raise InvalidStateError("state.rng", "must be a 64-bit unsigned integer")
        if self._validate is not None:
            self._validate(state)


_BY_STATE: dict[type, Game[Any, Any, Any]] = {}
_BY_ID: dict[str, Game[Any, Any, Any]] = {}


def game_of(state: Any) -> Game[Any, Any, Any]:
    """The `Game` a state belongs to."""
    game = _BY_STATE.get(type(state))
    if game is None:
        raise ValueError(f"{type(state).__name__} is not the state of a registered game")
    return game
