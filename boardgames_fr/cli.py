"""The ``boardgames-fr`` command: list the games, watch bots play, play against them,
simulate many games, serve the web frontend."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import socket
import sys
import typing
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import attrs

import boardgames_fr as bgf
from boardgames_fr.agents import AGENT_NAMES, make_agent
from boardgames_fr.core.errors import CHANCE, TERMINAL, IllegalActionError
from boardgames_fr.core.game import Game
from boardgames_fr.core.match import Match
from boardgames_fr.core.module import GameModule
from boardgames_fr.core.registry import GAME_IDS, get_game

__all__ = ["main"]

_LABELS = {
    "fr": {
        "seat": "Joueur",
        "chance": "Hasard",
        "result": "Résultat",
        "scores": "Scores",
        "colon": " : ",  # French typography: a space before the colon
        "steps": "coups",
        "your_turn": "À vous",
        "choose": "Votre choix (numéro ou nom, u = annuler, q = quitter) : ",
        "chance_prompt": (
            "Résultat réel (numéro ou nom, r = tirer au hasard, u = annuler, q = quitter) : "
        ),
        "bad": "Choix invalide : tapez un numéro ou un nom de la liste.",
        "ambiguous": "Plusieurs choix correspondent ({numbers}) : tapez le numéro.",
        "same_list": "(la même liste que ci-dessus : tapez un numéro ou un nom)",
        "only": "(seul choix possible)",
        "secret": (
            "(toutes les cartes que ce tirage peut donner : ce qui reste dans la pioche est secret)"
        ),
        "face_down": "une carte est piochée (non montrée ici)",
        "bye": "Partie interrompue.",
        "no_chance": "{name} n'a ni dés ni cartes à tirer : --table n'y change rien.",
        "undone": "Coup annulé.",
        "nothing": "Rien à annuler.",
        "chance_seen": "On ne reprend pas un coup après avoir vu le dé ou la carte qu'il a donnés.",
        "wrote": "{games} parties écrites dans {path}",
        "wrote_one": "{games} partie écrite dans {path}",
        # errors (after the program's name on stderr)
        "players": "{name} est pour {players}, pas {n}",
        "seat_form": "--seat : des numéros de place séparés par des virgules, pas {text!r}",
        "seat_range": "--seat : les places vont de 0 à {last}, pas {seat}",
        "unknown_agent": "agent inconnu {name!r} ; agents connus : {known}, ou module:Classe",
        "agent_path": "--agents : {path!r} : {why}",
        "no_module": "pas de module {module!r}",
        "no_class": "le module {module!r} n'a pas de {name!r}",
        "not_callable": "{path!r} n'est pas une classe ni une fonction",
        "no_search": "{game} n'a pas encore de determinize : le bot de recherche n'y joue pas",
        "too_many_agents": "--agents : {given} agents pour {n} places ; au plus un par place",
        "option_form": "--option : nom=valeur attendu, pas {text!r}",
        "unknown_option": "option inconnue {name!r} pour {game} ; options : {known}",
        "option_value": "--option {name} : {value!r} refusé ; valeurs possibles : {allowed}",
        "range": "de {lo} à {hi}",
        "out_write": "--out : impossible d'écrire {path!r} ({why})",
        "no_dask": "--scheduler demande dask : pip install 'boardgames-fr[distributed]'",
        "scheduler_form": (
            "--scheduler : une adresse de la forme tcp://hôte:port est attendue, pas {address!r}"
        ),
        "scheduler_down": "--scheduler : aucun planificateur dask ne répond à {address} ({why})",
        "connecting": "connexion au planificateur dask {address}…",
        "no_web": "serve demande l'extra web ({missing} manque) : pip install 'boardgames-fr[web]'",
    },
    "en": {
        "seat": "Player",
        "chance": "Chance",
        "result": "Result",
        "scores": "Scores",
        "colon": ": ",
        "steps": "steps",
        "your_turn": "Your turn",
        "choose": "Your choice (number or name, u = undo, q = quit): ",
        "chance_prompt": "Real outcome (number or name, r = random draw, u = undo, q = quit): ",
        "bad": "Invalid choice: type a number or a name from the list.",
        "ambiguous": "Several choices match ({numbers}): type the number.",
        "same_list": "(the same list as above: type a number or a name)",
        "only": "(the only choice)",
        "secret": "(every card this draw can give: what is left in the deck is secret)",
        "face_down": "a card is drawn (not shown here)",
        "bye": "Game stopped.",
        "no_chance": "{name} has no dice and no cards to draw: --table changes nothing.",
        "undone": "Move taken back.",
        "nothing": "Nothing to undo.",
        "chance_seen": "No taking a move back after seeing the die or card it gave.",
        "wrote": "wrote {games} games to {path}",
        "wrote_one": "wrote {games} game to {path}",
        "players": "{name} is for {players}, not {n}",
        "seat_form": "--seat: seat numbers separated by commas, not {text!r}",
        "seat_range": "--seat must be from 0 to {last}, not {seat}",
        "unknown_agent": "unknown agent {name!r}; known: {known}, or module:Class",
        "agent_path": "--agents: {path!r}: {why}",
        "no_module": "no module {module!r}",
        "no_class": "module {module!r} has no {name!r}",
        "not_callable": "{path!r} is not a class or a function",
        "no_search": "{game} has no determinize yet: the search bot cannot play it",
        "too_many_agents": "--agents: {given} agents for {n} seats; at most one per seat",
        "option_form": "--option: expected name=value, not {text!r}",
        "unknown_option": "unknown option {name!r} for {game}; options: {known}",
        "option_value": "--option {name}: {value!r} refused; allowed: {allowed}",
        "range": "{lo} to {hi}",
        "out_write": "--out: cannot write {path!r} ({why})",
        "no_dask": "--scheduler needs dask: pip install 'boardgames-fr[distributed]'",
        "scheduler_form": "--scheduler: expected an address like tcp://host:port, not {address!r}",
        "scheduler_down": "--scheduler: no dask scheduler answers at {address} ({why})",
        "connecting": "connecting to the dask scheduler {address}…",
        "no_web": (
            "serve needs the web extra ({missing} is missing): pip install 'boardgames-fr[web]'"
        ),
    },
}

# Menus longer than this (a deck's cards) are printed once and then recalled in a line;
# a die's few faces are printed with every roll.
_SHORT_MENU = 12


class _Refused(Exception):
    """A command line the program cannot run, with the reason in the session's language;
    `main` prints it after the program's name and exits with status 2."""


def _game(module: GameModule) -> Game[Any, Any, Any]:
    return module.GAME


def _who(module: GameModule, seat: int, lang: str, *, start: bool = False) -> str:
    """The seat as the game's own texts name it (« Joueur 1 »; Fromage: « le joueur
    bleu »), so the move log and the pictures agree; ``start``: at the head of a line."""
    if seat == CHANCE:
        return _LABELS[lang]["chance"]
    name = module.player_name(seat, lang)
    return name[:1].upper() + name[1:] if start else name


def _logged(module: GameModule, seat: int, lang: str, label: str) -> str:
    """A line of the move log: who, then the move's label."""
    return f"{_who(module, seat, lang, start=True)}{_LABELS[lang]['colon']}{label}"


def _result(module: GameModule, state: Any, lang: str, out: TextIO) -> None:
    """The last picture, then the scores. The picture of a finished game names the
    winners in every game (« Partie terminée : le joueur blanc gagne »): a line of our own
    saying it again announced the winner twice."""
    game = _game(module)
    t = _LABELS[lang]
    out.write(game.render(state, lang) + "\n")
    c = t["colon"]
    scores = ", ".join(
        f"{_who(module, i, lang)}{c}{_score(v)}" for i, v in enumerate(game.scores(state))
    )
    out.write(f"{t['result']} — {t['scores']}{c}{scores}\n")


def _score(value: float) -> str:
    """A score as the games write theirs: whole, thousands apart (Lactorama's pictures
    say « 512 100 € », the result line once said « 512100 »; ``:g`` once wrote
    « 1.082e+06 »)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int):
        return ("−" if value < 0 else "") + f"{abs(value):,}".replace(",", " ")
    return str(value)


# --- checking the command line against the game -------------------------------------


def _players(module: GameModule, players: int | None, lang: str) -> int:
    """The player count (the game's default for None), refused in the session's language
    (the game's own ValueError speaks English)."""
    info = module.GAME_INFO
    n = info.default_players if players is None else players
    if n not in info.player_counts:
        name = info.name_fr if lang == "fr" else info.name_en
        text = _LABELS[lang]["players"]
        raise _Refused(text.format(name=name, players=info.players_text(lang), n=n))
    return n


def _agents(text: str, seats: int, lang: str, game_id: str | None = None) -> list[Any]:
    """``--agents heuristic,ismcts,mybots:Greedy``: known names or ``module:Class`` paths
    of one's own bots (called with a seed), no more than there are seats (the extra ones
    were once dropped without a word)."""
    t = _LABELS[lang]
    names = [a.strip() for a in text.split(",")]
    specs: list[Any] = []
    for name in names:
        if ":" in name:
            specs.append(_agent_path(name, lang))
            continue
        if name not in AGENT_NAMES:
            raise _Refused(t["unknown_agent"].format(name=name, known=", ".join(AGENT_NAMES)))
        if name == "ismcts" and game_id is not None:
            module = get_game(game_id)
            if not hasattr(module, "determinize"):
                info = module.GAME_INFO
                game = info.name_fr if lang == "fr" else info.name_en
                raise _Refused(t["no_search"].format(game=game))
        specs.append(name)
    if len(names) > seats:
        raise _Refused(t["too_many_agents"].format(given=len(names), n=seats))
    return specs


def _agent_path(path: str, lang: str) -> Any:
    """``module:Class``: one's own agent, a class or function that takes a seed (the
    current directory is searched too, as ``python -m`` would)."""
    t = _LABELS[lang]
    module_name, _, attr = path.partition(":")
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        why = t["no_module"].format(module=module_name)
        raise _Refused(t["agent_path"].format(path=path, why=why)) from None
    target: Any = module
    for part in attr.split("."):
        target = getattr(target, part, None)
        if target is None:
            why = t["no_class"].format(module=module_name, name=attr)
            raise _Refused(t["agent_path"].format(path=path, why=why))
    if not callable(target):
        raise _Refused(t["agent_path"].format(path=path, why=t["not_callable"].format(path=path)))
    return target


def _bot(game_id: str, spec: Any, seed: int) -> Any:
    """The agent of a name or of a ``module:Class`` path."""
    return make_agent(game_id, spec, seed=seed) if isinstance(spec, str) else spec(seed)


def _seats(text: str, n: int, lang: str) -> tuple[int, ...]:
    """``--seat 0,2``: the people's seats at this terminal, in order, each once."""
    t = _LABELS[lang]
    seats: list[int] = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit() and len(part) < 6):
            raise _Refused(t["seat_form"].format(text=text))
        seat = int(part)
        if not 0 <= seat < n:
            raise _Refused(t["seat_range"].format(last=n - 1, seat=seat))
        if seat not in seats:
            seats.append(seat)
    return tuple(seats)


_TRUE = {"true", "yes", "oui", "vrai", "1"}
_FALSE = {"false", "no", "non", "faux", "0"}


def _allowed(field: attrs.Attribute[Any], kind: Any, lang: str) -> str:
    """What an option allows, from its type and validator (`core.options`)."""
    if kind is bool:
        return "true, false"
    check = field.validator
    choices = getattr(check, "choices", None)
    if choices is not None:
        return ", ".join(str(c) for c in choices)
    lo, hi = getattr(check, "lo", None), getattr(check, "hi", None)
    if lo is not None and hi is not None:
        return _LABELS[lang]["range"].format(lo=lo, hi=hi)
    return "un nombre entier" if lang == "fr" and kind is int else kind.__name__


def _options(module: GameModule, items: Sequence[str], lang: str) -> dict[str, Any]:
    """``--option powers=true --option board=B``: the game's `Options` fields, each value
    read by the field's type (``true``/``false``, a whole number, a word) and checked by
    its validator, so that a refusal names the option and what it allows."""
    t = _LABELS[lang]
    cls = module.Options
    fields = {f.name: f for f in attrs.fields(cls)}
    kinds = typing.get_type_hints(cls)
    chosen: dict[str, Any] = {}
    for item in items:
        name, sep, text = (p.strip() for p in item.partition("="))
        if not (sep and name):
            raise _Refused(t["option_form"].format(text=item))
        if name not in fields:
            known = ", ".join(fields)
            raise _Refused(
                t["unknown_option"].format(name=name, game=module.GAME_INFO.game_id, known=known)
            )
        field, kind = fields[name], kinds[name]
        refused = _Refused(
            t["option_value"].format(name=name, value=text, allowed=_allowed(field, kind, lang))
        )
        value: Any = text
        if kind is bool:
            if text.lower() not in _TRUE | _FALSE:
                raise refused
            value = text.lower() in _TRUE
        elif kind is int:
            if not re.fullmatch(r"-?[0-9]{1,9}", text):
                raise refused
            value = int(text)
        if field.validator is not None:
            try:
                field.validator(None, field, value)
            except (ValueError, TypeError):
                raise refused from None
        chosen[name] = value
    return chosen


# --- chance, shown to the people -------------------------------------------------------


def _seen_by(game: Game[Any, Any, Any], state: Any, chosen: Any, seat: int | None) -> bool:
    """Whether ``seat`` (None: the public view, what everyone sees) can tell which outcome of this
    chance node happened: some other outcome would leave it with another observation (a
    card dealt to its own hand or to the market, not to a bot's hidden hand). With one
    outcome left nothing tells: the log then does not name the card, which a public one
    shows on the table anyway."""
    mine = game.observe(game.step(state, chosen), seat)
    return any(
        o != chosen and game.observe(game.step(state, o), seat) != mine
        for o in game.legal_actions(state)
    )


def _drawn(
    game: Game[Any, Any, Any], state: Any, viewers: Sequence[int | None], lang: str
) -> tuple[Any, str]:
    """The outcome auto mode would draw here (`sample_chance`: the same game as auto
    mode for the same seed) and its label for the log: every die and every card drawn in
    the open is named, also a roll that changes nothing; a card that goes where none of
    ``viewers`` sees (a bot's hidden hand) is not."""
    outcome = game.sample_chance(state)
    label = game.describe(outcome, state, lang)
    if game.secret_chance(state) and not any(_seen_by(game, state, outcome, v) for v in viewers):
        label = _LABELS[lang]["face_down"]
    return outcome, label


def _table_sees(game: Game[Any, Any, Any], state: Any, persons: Sequence[int]) -> bool:
    """At a table, whether the people type in this chance event: dice and public cards,
    and a card drawn into their own hands; not a card for a bot's hidden hand, which the
    computer draws without asking."""
    if not game.secret_chance(state):
        return True
    legal = game.legal_actions(state)
    return any(_seen_by(game, state, legal[0], seat) for seat in persons)


# --- the commands -----------------------------------------------------------------------


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    for gid in GAME_IDS:
        info = get_game(gid).GAME_INFO
        name = info.name_fr if args.lang == "fr" else info.name_en
        summary = info.summary_fr if args.lang == "fr" else info.summary_en
        # No parentheses (a name may hold some) and a dash, not a colon: the summaries
        # hold colons of their own.
        players = f"{'pour' if args.lang == 'fr' else 'for'} {info.players_text(args.lang)}"
        out.write(f"{gid:16} {name}, {players} — {summary}\n")
    return 0


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    module = get_game(args.game)
    game = _game(module)
    lang = args.lang
    n = _players(module, args.players, lang)
    names = _agents(args.agents, n, lang, args.game)
    options = _options(module, args.option, lang)
    # Explicit chance, each event drawn here as auto mode would: the log shows every roll
    # and every open card (auto mode resolves them inside `step`, unseen).
    state = module.new_game(n, seed=args.seed, options=options, chance="explicit")
    agents = [_bot(args.game, names[i % len(names)], args.seed + i) for i in range(n)]
    steps = 0
    out.write(game.render(state, lang) + "\n")
    while state.to_move != TERMINAL:
        seat = state.to_move
        if seat == CHANCE:
            outcome, label = _drawn(game, state, (None,), lang)
            out.write(f"      {_logged(module, seat, lang, label)}\n")
            state = game.step(state, outcome)
            continue
        legal = game.legal_actions(state)
        action = agents[seat].act(game.observe(state, seat), legal)
        label = game.describe(action, state, lang)
        out.write(f"{steps + 1:4}. {_logged(module, seat, lang, label)}\n")
        state = game.step(state, action)
        steps += 1
    out.write(f"\n({steps} {_LABELS[lang]['steps']})\n")
    _result(module, state, lang, out)
    return 0


def _ask(prompt: str, read: Callable[[str], str]) -> str | None:
    try:
        return read(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        return None


def _number(answer: str, count: int) -> int | None:
    """The menu entry ``answer`` picks (1..count), or None. Only ASCII digits: ``"²"`` and
    other Unicode digits pass `str.isdigit` but `int` refuses them, and a number of
    thousands of digits is more than `int` reads from text."""
    if not (answer.isascii() and answer.isdigit()):
        return None
    digits = answer.lstrip("0")  # "01" is 1, whatever the menu's length
    if len(digits) > len(str(count)):
        return None
    number = int(digits or "0")
    return number if 1 <= number <= count else None


def _plain(text: str) -> str:
    """Text as typed at a terminal: lower case, no accents, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _by_name(answer: str, labels: Sequence[str]) -> list[int]:
    """The menu entries (indices) whose label ``answer`` names: the whole label, or
    words of it (« vert » for « dé : vert », « blonde 4 »), without accents or case."""
    typed = _plain(answer)
    if not typed:
        return []
    plain = [_plain(label) for label in labels]
    exact = [i for i, label in enumerate(plain) if label == typed]
    if exact:
        return exact
    words = re.compile(r"(?<!\w)" + re.escape(typed) + r"(?!\w)")
    return [i for i, label in enumerate(plain) if words.search(label)]


def _pick(answer: str, menu: Sequence[Any], labels: Sequence[str]) -> tuple[Any, list[int]]:
    """The menu entry ``answer`` picks by number or by name, or None with the numbers of
    the entries it could mean (none: not understood). Two cards of one name may differ
    (D'Orge's « Blonde 4 (n°0) » and « (n°3) » upgrade differently): a name shared by
    several entries is asked again by number, never guessed."""
    number = _number(answer, len(menu))
    if number is not None:
        return menu[number - 1], []
    found = _by_name(answer, labels)
    if len(found) == 1:
        return menu[found[0]], []
    return None, [i + 1 for i in found]


def _cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] = input) -> int:
    module = get_game(args.game)
    game = _game(module)
    lang = args.lang
    t = _LABELS[lang]
    n = _players(module, args.players, lang)
    persons = _seats(args.seat, n, lang)
    options = _options(module, args.option, lang)
    # Explicit chance always: without --table the program draws each event as auto mode
    # would (`_drawn`) and shows it; with --table the people type in what they rolled.
    match = Match.new(args.game, n, seed=args.seed, options=options, chance="explicit")
    _agents(args.bot, n, lang, args.game)  # the search bot needs the game's determinize
    bots = {
        s: make_agent(args.game, args.bot, seed=args.seed + s) for s in range(n) if s not in persons
    }
    if args.table and not game.info.chance:  # nothing for the table to type in (Misère)
        name = game.info.name_fr if lang == "fr" else game.info.name_en
        out.write(t["no_chance"].format(name=name) + "\n")

    def asks(state: Any) -> bool:
        """Whether the people answer at this state (what `u` goes back to)."""
        if state.to_move == CHANCE:
            return bool(args.table) and _table_sees(game, state, persons)
        return state.to_move in persons and len(game.legal_actions(state)) > 1

    # At a table, the picture comes before the first die or card of each run of chance
    # events too: it says what is rolled or drawn (« Dés sur la caisse gauche : ? ? »).
    picture_due = True
    last_menu: tuple[Any, ...] = ()  # the last long menu printed, not printed again
    while match.state.to_move != TERMINAL:
        state = match.state
        seat = state.to_move
        if seat == CHANCE and not asks(state):
            outcome, label = _drawn(game, state, persons, lang)
            match.apply(outcome)
            out.write(_logged(module, seat, lang, label) + "\n")
            continue
        legal = game.legal_actions(state)
        if seat != CHANCE and seat not in persons:
            action = bots[seat].act(game.observe(state, seat), legal)
            out.write(_logged(module, seat, lang, game.describe(action, state, lang)) + "\n")
            match.apply(action)
            picture_due = True
            continue
        # Dice and public cards as they are; at a secret draw every card this kind of
        # draw can give, not the ones left (`Game.table_outcomes`).
        menu = game.table_outcomes(state) if seat == CHANCE else legal
        if len(menu) == 1:  # nothing to ask: say what was done
            label = game.describe(menu[0], state, lang)
            match.apply(menu[0])
            out.write(f"{_logged(module, seat, lang, label)} {t['only']}\n")
            continue
        secret = game.secret_chance(state)
        shown = seat != CHANCE or picture_due
        view = seat if seat in persons else (persons[0] if len(persons) == 1 else None)
        picture = "\n" + game.render(state, lang, seat=view) + "\n" if shown else "\n"
        if seat == CHANCE:
            out.write(picture + f"{t['chance']}{t['colon'].rstrip()}\n")
            if secret:
                out.write(t["secret"] + "\n")
        else:
            out.write(
                picture + f"{t['your_turn']} ({_who(module, seat, lang)}){t['colon'].rstrip()}\n"
            )
        picture_due = seat != CHANCE
        labels = [game.describe(a, state, lang) for a in menu]
        if len(menu) > _SHORT_MENU and menu == last_menu:
            out.write(t["same_list"] + "\n")
        else:
            for i, label in enumerate(labels, 1):
                out.write(f"  {i:3}. {label}\n")
            last_menu = menu if len(menu) > _SHORT_MENU else last_menu
        prompt = t["chance_prompt"] if seat == CHANCE else t["choose"]
        while True:  # the same menu until a move is taken: a typo does not redraw it
            answer = _ask(prompt, read)
            if answer is None or answer == "q":
                out.write(t["bye"] + "\n")
                return 0
            if answer == "u":
                said = _undo_to_person(match, asks, bool(args.table))
                out.write(t[said] + "\n")
                undone = said == "undone"
                if undone:
                    picture_due = True
                    last_menu = ()
                    break
                continue
            if seat == CHANCE and answer == "r":
                chosen = game.sample_chance(state)
            else:
                chosen, could = _pick(answer, menu, labels)
                if chosen is None:
                    numbers = ", ".join(map(str, could[:8])) + (", …" if len(could) > 8 else "")
                    out.write(
                        (t["ambiguous"].format(numbers=numbers) if could else t["bad"]) + "\n"
                    )
                    continue
            try:
                match.apply(chosen)
            except IllegalActionError as e:  # a card of a secret draw that cannot be drawn now
                out.write(f"{e.reason(lang)}\n")
                continue
            # The log keeps the person's (or the table's) move too, as it keeps the bots';
            # a card the computer drew for a bot's hidden hand is not named.
            label = game.describe(chosen, state, lang)
            if (
                secret
                and answer == "r"
                and not any(_seen_by(game, state, chosen, p) for p in persons)
            ):
                label = t["face_down"]
            out.write(_logged(module, seat, lang, label) + "\n")
            break
    _result(module, match.state, lang, out)
    return 0


def _undo_to_person(match: Match, asks: Callable[[Any], bool], table: bool) -> str:
    """Take back moves until the people are asked again (their turn with a real choice,
    or at a table a die or card they type in); what happened, as a key of `_LABELS`.

    Never back past a die rolled or a card drawn by the program (the game is played in
    explicit mode, each event drawn from the state's generator): the same generator would
    deal it again, so a player could take a move back after seeing what chance gave. At a
    table the people typed those in, and a mistyped die is taken back like a move.
    """
    states, k = match.states, len(match.history)
    if not k:
        return "nothing"
    n = 1  # the moves to take back: to the last state where the people were asked
    while n < k and not asks(states[k - n]):
        n += 1
    drawn = any(s.to_move == CHANCE for s in states[k - n : k])
    if (drawn and not table) or not match.can_undo:
        return "chance_seen"
    for _ in range(n):
        match.undo()
    return "undone"


def _check_out(path: str, lang: str) -> None:
    """Refuse an ``--out`` that cannot be written, before the first game: a typo costs no
    simulation. `simulation.check_output` is the one check (also of what `to_csv` needs:
    a folder that takes a new file); its reasons are in English."""
    simulation = importlib.import_module("boardgames_fr.simulation")
    try:
        simulation.check_output(path)
    except ValueError as e:
        raise _Refused(f"--out{_LABELS[lang]['colon']}{e}") from None


# A dask scheduler's address: an optional protocol, a host (an IPv6 one in brackets) and
# a port. dask itself waits 30 s before it says that an address leads nowhere.
_ADDRESS = re.compile(
    r"(?:(tcp|tls|ws|wss|ucx|inproc)://)?(\[[0-9a-fA-F:.]+\]|[\w.-]+):(\d{1,5})/?"
)


def _executor(address: str, lang: str, err: TextIO) -> Any:
    """A dask client's executor for ``--scheduler``, or a refusal within seconds: a
    malformed address at once, a TCP address where nothing listens after a 3 s try."""
    t = _LABELS[lang]
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise _Refused(t["no_dask"]) from None
    found = _ADDRESS.fullmatch(address.strip())
    if found is None or not 0 < int(found[3]) < 65536:
        raise _Refused(t["scheduler_form"].format(address=address))
    protocol, host, port = found[1] or "tcp", found[2].strip("[]"), int(found[3])
    if protocol in ("tcp", "ws"):
        try:
            socket.create_connection((host, port), timeout=3).close()
        except OSError as e:
            why = e.strerror or str(e) or type(e).__name__
            raise _Refused(t["scheduler_down"].format(address=address, why=why)) from None
    err.write(t["connecting"].format(address=address) + "\n")
    try:
        return distributed.Client(address, timeout="10s").get_executor()
    except OSError as e:  # it listens but does not speak dask
        raise _Refused(t["scheduler_down"].format(address=address, why=e)) from None


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    lang = args.lang
    module = get_game(args.game)
    n = _players(module, args.players, lang)
    names = _agents(args.agents, n, lang, args.game)
    options = _options(module, args.option, lang)
    if args.out is not None:
        _check_out(args.out, lang)
    executor = _executor(args.scheduler, lang, sys.stderr) if args.scheduler else None
    # `bgf.simulate` imports simulation (and numpy, about 0.2 s) on first use only, so
    # that the other commands start without it.
    results = bgf.simulate(
        args.game,
        names,
        args.games,
        seed=args.seed,
        num_players=n,
        options=options,
        executor=executor,
        jobs=args.jobs,
        rotate=args.rotate,
        progress=not args.quiet,
        lang=lang,
    )
    # The table in the session's language; the CSV stays English (machine-readable).
    out.write(results.summary(lang) + "\n")
    if args.out is not None:
        try:
            results.to_csv(args.out)
        except OSError as e:  # a folder, no write permission, a full disk: a message
            raise _Refused(
                _LABELS[lang]["out_write"].format(path=args.out, why=e.strerror)
            ) from None
        # The singular: French for 0 and 1 (« 0 partie »), English for 1 only.
        one = results.games < 2 if lang == "fr" else results.games == 1
        key = "wrote_one" if one else "wrote"
        out.write(_LABELS[lang][key].format(games=results.games, path=args.out) + "\n")
    if results.stopped:  # a worker lost twice: what finished is kept, and said
        sys.stderr.write(f"boardgames-fr: {results.stopped}\n")
        return 1
    return 0 if results.complete else 130


def _cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    # The web frontend needs the `web` extra (starlette, uvicorn): imported when asked,
    # so that the other commands run without it. `web.serve` may import uvicorn itself
    # on the call: its ImportError gets the same message.
    try:
        web = importlib.import_module("boardgames_fr.web")
        web.serve(host=args.host, port=args.port, lang=args.lang)
    except ImportError as e:
        missing = e.name or "boardgames_fr.web"
        raise _Refused(_LABELS[args.lang]["no_web"].format(missing=missing)) from None
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _port(text: str) -> int:
    value = _positive(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, not {value}")
    return value


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """Every help line shows its default, but for a flag off, a list empty or a value
    the help already explains (« (default: None) », « (default: []) » say nothing)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        default = action.default  # by identity: a seed of 0 == False has its default
        if default is None or default is False or (isinstance(default, list) and not default):
            return action.help or ""
        return super()._get_help_string(action)


def _parser() -> argparse.ArgumentParser:
    fmt = _Help
    p = argparse.ArgumentParser(
        prog="boardgames-fr",
        description="Five French tabletop games: list them, watch bots play, play, simulate.",
        formatter_class=fmt,
    )
    p.add_argument("--version", action="version", version=f"boardgames-fr {bgf.__version__}")
    lang_help = "language of the games' texts and messages: fr or en"
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help=lang_help)
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games = ", ".join(GAME_IDS)

    def command(name: str, text: str) -> argparse.ArgumentParser:
        c = sub.add_parser(name, help=text, description=text, formatter_class=fmt)
        # --lang after the command too (`list --lang en`); SUPPRESS keeps the one given
        # before it when this one is not.
        c.add_argument(
            "--lang",
            choices=("fr", "en"),
            default=argparse.SUPPRESS,
            help=lang_help + " (default: the one before the command, or fr)",
        )
        return c

    def game_args(c: argparse.ArgumentParser, seed: int, *, optional: bool = False) -> None:
        if optional:
            c.add_argument(
                "game", nargs="?", default="fromage", choices=GAME_IDS, help=f"the game: {games}"
            )
        else:
            c.add_argument("game", choices=GAME_IDS, help=f"the game: {games}")
        c.add_argument("--seed", type=int, default=seed, help="seed of the game's randomness")
        c.add_argument(
            "--players", type=int, default=None, help="number of players (default: the game's own)"
        )
        c.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="a game option, repeatable (--option powers=true --option board=B);"
            " the options are on each game's page of the docs",
        )

    agents_help = (
        f"agents per seat, comma-separated, cycled ({', '.join(AGENT_NAMES)}, or one's own"
        " bot as module:Class, a class taking a seed)"
    )
    command("list", "list the games")
    demo = command("demo", "a whole game between bots, move by move, every roll shown")
    game_args(demo, 1, optional=True)
    demo.add_argument("--agents", default="heuristic", help=agents_help)
    play = command("play", "play against bots at the terminal")
    game_args(play, 1)
    play.add_argument(
        "--seat", default="0", help="your seat from 0; several people at one terminal: 0,2"
    )
    play.add_argument("--bot", choices=AGENT_NAMES, default="heuristic", help="the bots' agent")
    play.add_argument(
        "--table",
        action="store_true",
        help="a companion for a real table: type in the real dice and cards (by number or name)",
    )
    sim = command("simulate", "many games between bots, with statistics")
    game_args(sim, 0)
    sim.add_argument("--games", type=_positive, default=1000, help="number of games")
    sim.add_argument(
        "--jobs",
        type=_positive,
        default=None,
        help="local worker processes (default: one per core)",
    )
    sim.add_argument("--agents", default="heuristic,random", help=agents_help)
    sim.add_argument("--rotate", action="store_true", help="rotate the agents' seats")
    sim.add_argument(
        "--scheduler", default=None, help="a dask scheduler's address (tcp://host:port)"
    )
    sim.add_argument("--out", default=None, help="write one row per game to this CSV file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    serve = command("serve", "serve the web frontend (extra 'web')")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=_port, default=8000, help="port to listen on")
    return p


_COMMANDS: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    "list": _cmd_list,
    "demo": _cmd_demo,
    "play": _cmd_play,
    "simulate": _cmd_simulate,
    "serve": _cmd_serve,
}


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Example:
        >>> import io
        >>> buf = io.StringIO()
        >>> main(["list"], out=buf)
        0
        >>> "fromage" in buf.getvalue()
        True
    """
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args, out)
    except _Refused as e:  # the command line does not fit the game: said in its language
        sys.stderr.write(f"boardgames-fr: {e}\n")
        return 2
    except ValueError as e:  # what the game refuses itself (a combination of options)
        sys.stderr.write(f"boardgames-fr: {e}\n")
        return 2
    except KeyboardInterrupt:
        # Ctrl-C during a demo or a game: stop with the shell's status for it, no
        # traceback (`simulate` catches it itself and keeps the games finished).
        out.write("\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`boardgames-fr demo | head`): stop quietly, as Unix tools
        # do; stdout is pointed at devnull so that Python's exit flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
